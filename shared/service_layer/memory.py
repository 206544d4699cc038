"""The API's use cases on one user's memory: manual add, edit, delete, erase, hybrid search, context, ask.

Writes take the same per-user advisory lock as the consolidator and write their change events to the
outbox in the same transaction. Reads never lock.
"""

from __future__ import annotations

import asyncio
import json
import math
import re
import time
import uuid
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal, Protocol
from xml.sax.saxutils import escape, quoteattr

import asyncpg

from shared.contracts.events import EmbeddedFact, FactChange, FactSnapshot
from shared.domain.consolidation import ChangePlan, normalize_text
from shared.domain.models import ExtractionInput, Op, Turn
from shared.hashing import content_hash, stable_uuid
from shared.provider_calls import cached_call
from shared.providers.base import DecisionProvider, EmbeddingProvider
from shared.providers.offline import extraction_rules
from shared.service_layer.consolidate import consolidate_user
from shared.settings import Settings
from shared.storage import facts as fact_store
from shared.storage import memory as store
from shared.storage import search as legs
from shared.storage.facts import snapshot_of

STAGE = "api"


class NotFound(LookupError):
    """No such resource in the caller's tenant."""


class Conflict(RuntimeError):
    """The resource is not in a state that allows this change."""


class Invalid(ValueError):
    def __init__(self, field_name: str, message: str):
        super().__init__(f"{field_name}: {message}")
        self.field = field_name
        self.message = message


# --------------------------------------------------------------------------- query embeddings


class QueryEmbedder:
    """The embedding provider plus a bounded in-process LRU of query embeddings, keyed by (model, text):
    agents repeat queries, and embedding one costs 10-20 ms on two cores while a lookup costs nothing.
    Concurrent requests for the same uncached text share one embedding call. `maxsize=0` turns the
    cache off."""

    def __init__(self, provider: EmbeddingProvider, maxsize: int = 2048):
        self.provider = provider
        self.maxsize = max(0, maxsize)
        self._cache: OrderedDict[tuple[str, str], list[float]] = OrderedDict()
        self._pending: dict[tuple[str, str], asyncio.Task[list[float]]] = {}

    @property
    def model(self) -> str:
        return self.provider.model

    def start(self, text: str) -> asyncio.Future[list[float]]:
        """The embedding of `text`, started now (or found in the cache) without waiting for it: search
        starts it before anything else, since it is the slowest part of the answer."""
        key = (self.provider.model, text)
        hit = self._cache.get(key)
        if hit is not None:
            self._cache.move_to_end(key)
            done = asyncio.get_running_loop().create_future()
            done.set_result(hit)
            return done
        task = self._pending.get(key)
        if task is None:
            task = self._pending[key] = asyncio.ensure_future(self._compute(key, text))
            task.add_done_callback(lambda t: t.cancelled() or t.exception())  # retrieved even if nobody waits
        return task

    async def embed(self, text: str) -> list[float]:
        # A caller that gives up (its deadline, a closed connection) leaves the computation to the
        # others, and its result still lands in the cache.
        return await asyncio.shield(self.start(text))

    async def _compute(self, key: tuple[str, str], text: str) -> list[float]:
        try:
            [vector] = await self.provider.embed([text])
        finally:
            self._pending.pop(key, None)
        if self.maxsize:
            self._cache[key] = vector
            if len(self._cache) > self.maxsize:
                self._cache.popitem(last=False)
        return vector


# --------------------------------------------------------------------------- manual add


@dataclass(frozen=True)
class ManualFact:
    text: str
    category: str = "general"
    importance: int = 5
    valid_from: datetime | None = None
    slot: str | None = None
    language: str = "en"


@dataclass
class AddResult:
    op: str
    decided_by: str
    reason: str
    fact: FactSnapshot | None
    changes: list[FactChange]


_THIRD_PERSON = re.compile(r"^(?:the\s+)?user\s+(\w+)\b(.*)$", re.IGNORECASE | re.DOTALL)
_IRREGULAR = {"is": "am", "has": "have", "does": "do", "was": "was", "isn't": "am not", "doesn't": "don't"}


def _first_person(text: str) -> str:
    """'The user lives in Berlin' -> 'I live in Berlin', so the offline rules can read it."""
    m = _THIRD_PERSON.match(text.strip())
    if not m:
        return text
    verb, rest = m.group(1), m.group(2)
    lower = verb.lower()
    if lower in _IRREGULAR:
        verb = _IRREGULAR[lower]
    elif lower.endswith("ies"):
        verb = verb[:-3] + "y"
    elif lower.endswith(("ches", "shes", "sses", "xes")):
        verb = verb[:-2]
    elif lower.endswith("s") and not lower.endswith("ss"):
        verb = verb[:-1]
    return f"I {verb}{rest}"


def infer_slot(text: str, at: datetime) -> tuple[str | None, bool]:
    """What a manual fact is about, read with the offline extraction rules (slot, negated), so that a
    manual 'lives in Berlin' replaces an extracted 'lives in Paris'. Unknown: (None, False)."""
    for attempt in dict.fromkeys((_first_person(text), text)):
        found = extraction_rules.extract_facts(ExtractionInput(new_turns=(Turn("manual", "user", attempt, at),)))
        if len(found) == 1:
            return found[0].slot, found[0].negated
    return None, False


async def add_fact(
    pool: asyncpg.Pool,
    settings: Settings,
    embedder: QueryEmbedder,
    decider: DecisionProvider,
    tenant_id: str,
    user_id: str,
    fact: ManualFact,
) -> AddResult:
    """A fact the user (or an app) states directly: through the same consolidation as extracted ones."""
    now = datetime.now(UTC)
    valid_from = fact.valid_from or now
    slot, negated = (fact.slot, False) if fact.slot else infer_slot(fact.text, valid_from)
    [vector] = await embedder.provider.embed([fact.text])
    candidate = EmbeddedFact(
        candidate_id=content_hash("manual", tenant_id, user_id, normalize_text(fact.text), uuid.uuid4().hex),
        tenant_id=tenant_id,
        user_id=user_id,
        session_id="manual",
        text=fact.text,
        category=fact.category,
        importance=fact.importance,
        observed_at=now,
        valid_from=valid_from,
        source_message_ids=[],
        extractor_version="manual",
        language=fact.language,
        slot=slot,
        negated=negated,
        embedding=vector,
        embedding_model=embedder.model,
    )
    async with pool.acquire() as conn:
        await store.ensure_user(conn, tenant_id, user_id)
        [outcome] = await consolidate_user(
            conn, settings, decider, tenant_id, user_id, [candidate], stage=STAGE, source="manual"
        )
        new_id = stable_uuid("fact", tenant_id, candidate.candidate_id)
        decision = await store.decision_for(conn, tenant_id, candidate.candidate_id)
        row = await store.fact_row(conn, tenant_id, user_id, new_id)
        if row is not None:
            snap = snapshot_of(row)
        elif outcome.op is Op.DELETE and outcome.changes:
            snap = outcome.changes[0].fact
        else:  # NONE: the active fact that made this one redundant, if that is what happened
            snap = await store.active_fact_with_text(conn, tenant_id, user_id, normalize_text(fact.text))
    return AddResult(
        op=outcome.op.value,
        decided_by=outcome.decided_by,
        reason=decision["reason"] if decision else "",
        fact=snap,
        changes=outcome.changes,
    )


# --------------------------------------------------------------------------- edit and delete


@dataclass(frozen=True)
class FactEdit:
    text: str | None = None
    category: str | None = None
    importance: int | None = None
    valid_from: datetime | None = None  # when the new version became true; default now


def _stored_vector(value: Any) -> Any:
    """A vector column as read (pgvector's Vector) in the form the fact writer takes (an array)."""
    return value.to_numpy() if hasattr(value, "to_numpy") else value


def _new_version(row: asyncpg.Record, candidate_id: str, **changes: Any) -> fact_store.NewFact:
    values = {
        "fact_id": stable_uuid("fact", row["tenant_id"], candidate_id),
        "tenant_id": row["tenant_id"],
        "user_id": row["user_id"],
        "text": row["text"],
        "category": row["category"],
        "importance": row["importance"],
        "slot": row["slot"],
        "language": row["language"],
        "embedding": _stored_vector(row["embedding"]),
        "embedding_model": row["embedding_model"],
        "valid_from": row["valid_from"],
        "source": row["source"],
        "source_message_ids": list(row["source_message_ids"]),
        "candidate_id": candidate_id,
    }
    values.update(changes)
    return fact_store.NewFact(**values)


def _not_active(row: asyncpg.Record) -> Conflict:
    if row["status"] == "superseded":
        return Conflict(f"fact {row['fact_id']} was superseded by {row['superseded_by']}; change the current version")
    return Conflict(f"fact {row['fact_id']} is {row['status']}")


async def edit_fact(
    pool: asyncpg.Pool,
    embedder: QueryEmbedder,
    tenant_id: str,
    user_id: str,
    fact_id: uuid.UUID,
    edit: FactEdit,
) -> tuple[FactSnapshot, FactSnapshot, list[FactChange]]:
    """Supersede a fact with an edited version: a new row, the old one superseded_by it.

    Returns (new version, old version as it now stands, change events)."""
    vector = None
    if edit.text is not None:
        vector = (await embedder.provider.embed([edit.text]))[0]  # before the lock: never hold it while embedding
    async with pool.acquire() as conn, conn.transaction():
        await fact_store.lock_user(conn, tenant_id, user_id)
        row = await store.fact_row(conn, tenant_id, user_id, fact_id, for_update=True)
        if row is None:
            raise NotFound(f"fact {fact_id} not found")
        if row["status"] != "active":
            raise _not_active(row)
        valid_from = edit.valid_from or datetime.now(UTC)
        if valid_from < row["valid_from"]:
            raise Invalid("valid_from", f"must not be before the edited fact's valid_from ({row['valid_from']})")
        changes: dict[str, Any] = {"valid_from": valid_from, "source": "manual"}
        if edit.text is not None and edit.text != row["text"]:
            changes.update(text=edit.text, embedding=vector, embedding_model=embedder.model)
        if edit.category is not None:
            changes["category"] = edit.category
        if edit.importance is not None:
            changes["importance"] = edit.importance
        candidate_id = content_hash("manual-edit", tenant_id, user_id, str(fact_id), uuid.uuid4().hex)
        new = _new_version(row, candidate_id, **changes)
        plan = ChangePlan(
            Op.UPDATE, "edited by the user", insert_active=True, supersede=row["fact_id"], ends_at=valid_from
        )
        events = await fact_store.apply_plan(conn, plan, new, decided_by="user")
        return await fact_store.snapshot(conn, new.fact_id), await fact_store.snapshot(conn, fact_id), events


async def delete_facts(
    pool: asyncpg.Pool, tenant_id: str, user_id: str, fact_ids: Sequence[uuid.UUID]
) -> tuple[list[FactSnapshot], list[FactChange]]:
    """Retract facts (status retracted, valid_to now; the rows stay for the audit trail), all or none.

    An unknown id fails the whole request (NotFound); an already retracted fact is left as it is."""
    async with pool.acquire() as conn, conn.transaction():
        await fact_store.lock_user(conn, tenant_id, user_id)
        rows = []
        for fact_id in dict.fromkeys(fact_ids):
            row = await store.fact_row(conn, tenant_id, user_id, fact_id, for_update=True)
            if row is None:
                raise NotFound(f"fact {fact_id} not found")
            if row["status"] == "superseded":
                raise _not_active(row)
            rows.append(row)
        events: list[FactChange] = []
        now = datetime.now(UTC)
        for row in rows:
            if row["status"] == "active":
                candidate_id = content_hash("manual-delete", tenant_id, user_id, str(row["fact_id"]), uuid.uuid4().hex)
                plan = ChangePlan(Op.DELETE, "deleted by the user", retract=row["fact_id"], ends_at=now)
                events += await fact_store.apply_plan(conn, plan, _new_version(row, candidate_id), decided_by="user")
        return [await fact_store.snapshot(conn, row["fact_id"]) for row in rows], events


async def erase_user(pool: asyncpg.Pool, tenant_id: str, user_id: str) -> tuple[dict[str, int], FactChange]:
    """The right to be forgotten: every row of this user, gone, then one `erased` change event."""
    async with pool.acquire() as conn, conn.transaction():
        await fact_store.lock_user(conn, tenant_id, user_id)
        if not await store.user_known(conn, tenant_id, user_id, derived=True):
            raise NotFound(f"user {user_id} not found")
        counts = await store.erase_user_rows(conn, tenant_id, user_id)
        now = datetime.now(UTC)
        event = FactChange(
            event_id=content_hash("fact-change", tenant_id, user_id, "erased", now.isoformat()),
            tenant_id=tenant_id,
            user_id=user_id,
            op="erased",
            fact=None,
            reason="the user's memory was erased on request",
            occurred_at=now,
        )
        await fact_store.enqueue_changes(conn, [event])
    return counts, event


# --------------------------------------------------------------------------- hybrid search

Mode = Literal["hybrid", "vector", "fulltext"]
LEG_DEPTH = 50  # rows each leg contributes to the fusion


@dataclass(frozen=True)
class SearchTuning:
    leg_timeout_s: float = 1.0
    exact_max_facts: int = legs.EXACT_MAX_FACTS

    @classmethod
    def from_settings(cls, settings: Settings) -> SearchTuning:
        return cls(settings.search_leg_timeout_s, settings.search_exact_max_facts)


@dataclass
class SearchResult:
    items: list[legs.Fused]
    degraded: list[str] = field(default_factory=list)
    errors: dict[str, str] = field(default_factory=dict)
    legs_run: list[str] = field(default_factory=list)


class SearchUnavailable(RuntimeError):
    """Every leg of the search failed."""


def _describe(exc: BaseException) -> str:
    if isinstance(exc, TimeoutError | asyncio.TimeoutError):
        return "timed out"
    if isinstance(exc, asyncpg.QueryCanceledError):
        return "statement timeout"
    return f"{type(exc).__name__}: {exc}"[:300]


async def hybrid_search(
    pool: asyncpg.Pool,
    embedder: QueryEmbedder,
    tenant_id: str,
    user_id: str,
    query: str,
    *,
    k: int,
    mode: Mode = "hybrid",
    filters: legs.FactFilters = legs.FactFilters(),
    include_messages: bool = True,
    tuning: SearchTuning = SearchTuning(),
) -> SearchResult:
    """Vectors over facts, full text over facts and messages, fused by RRF (k=60).

    Each leg has its own deadline; a leg that fails or runs out is left out and named in `degraded`,
    and the answer comes from the others. Only when every leg fails is there no answer."""
    want_vector = mode in ("hybrid", "vector")
    embedding = embedder.start(query) if want_vector else None  # first: the answer waits for it
    depth = max(LEG_DEPTH, k)
    terms = legs.query_terms(query)
    tsquery = legs.tsquery_text(terms)
    deadline = time.monotonic() + tuning.leg_timeout_s

    def left() -> float:
        return max(0.001, deadline - time.monotonic())

    outcomes: dict[str, list[legs.Hit] | Exception] = {}
    text_names: list[str] = []
    if mode in ("hybrid", "fulltext"):
        text_names = ["fulltext_facts", "fulltext_messages"] if include_messages else ["fulltext_facts"]
    # A user with few facts: their vectors are fetched while the query is embedded, and ranked the moment
    # the embedding is there (exact, in process), so no round trip is left after the embedding.
    prefetch_max = min(legs.PREFETCH_MAX_FACTS, tuning.exact_max_facts)
    prefetched: asyncio.Future[list[asyncpg.Record] | None] = asyncio.get_running_loop().create_future()
    if not want_vector or prefetch_max < 1:
        prefetched.set_result(None)

    async def vector_leg() -> None:
        try:
            assert embedding is not None
            vector = await asyncio.wait_for(asyncio.shield(embedding), left())
            try:
                rows = await asyncio.wait_for(asyncio.shield(prefetched), left())
            except Exception:  # the prefetch failed: the query below may still work
                rows = None
            if rows is not None:
                outcomes["vector"] = legs.nearest_facts(rows, vector, limit=depth)
                return
            async with pool.acquire(timeout=left()) as conn:
                outcomes["vector"] = await legs.vector_facts(
                    conn,
                    tenant_id,
                    user_id,
                    vector,
                    limit=depth,
                    filters=filters,
                    timeout=left(),
                    exact_max_facts=tuning.exact_max_facts,
                )
        except Exception as exc:
            outcomes["vector"] = exc

    async def reads_while_embedding() -> None:
        """The vector prefetch, then the full-text legs, on one connection, one after the other (each
        takes well under a ms), while the query is embedded: a search holds two pooled connections at
        most, not four."""
        if prefetched.done() and (tsquery is None or not text_names):
            outcomes.update(dict.fromkeys(text_names, []))
            return
        try:
            async with pool.acquire(timeout=left()) as conn:
                if not prefetched.done():
                    try:
                        prefetched.set_result(
                            await legs.user_fact_vectors(
                                conn, tenant_id, user_id, max_rows=prefetch_max, filters=filters, timeout=left()
                            )
                        )
                    except Exception as exc:
                        prefetched.set_exception(exc)
                        prefetched.exception()  # retrieved: the vector leg falls back to its own query
                for name in text_names:
                    if tsquery is None:
                        outcomes[name] = []
                        continue
                    try:
                        if name == "fulltext_messages":
                            outcomes[name] = await legs.fulltext_messages(
                                conn, tenant_id, user_id, tsquery, limit=depth, timeout=left()
                            )
                        else:
                            outcomes[name] = await legs.fulltext_facts(
                                conn, tenant_id, user_id, tsquery, limit=depth, filters=filters, timeout=left()
                            )
                    except Exception as exc:
                        outcomes[name] = exc
        except Exception as exc:  # no connection in time
            for name in text_names:
                outcomes.setdefault(name, exc)
        finally:
            if not prefetched.done():
                prefetched.set_result(None)

    names = (["vector"] if want_vector else []) + text_names
    await asyncio.gather(*([vector_leg()] if want_vector else []), reads_while_embedding())
    result = SearchResult(items=[], legs_run=names)
    found: dict[str, list[legs.Hit]] = {}
    for name in names:
        outcome = outcomes[name]
        if isinstance(outcome, Exception):
            result.degraded.append(name)
            result.errors[name] = _describe(outcome)
        else:
            found[name] = outcome
    if not found:
        raise SearchUnavailable("; ".join(f"{leg}: {err}" for leg, err in result.errors.items()))
    result.items = legs.reciprocal_rank_fusion(found)[:k]
    return result


# --------------------------------------------------------------------------- context

ContextFormat = Literal["text", "xml", "json"]
TOKEN_ESTIMATE = "ceil(characters / 4)"


def estimate_tokens(text: str) -> int:
    """A cheap, stated estimate: about four characters per token for English with GPT-style BPE
    tokenizers. It errs high for plain English prose and low for code or non-Latin scripts, so
    callers should leave some headroom."""
    return math.ceil(len(text) / 4)


@dataclass
class ContextItem:
    fact: FactSnapshot
    why: Literal["pinned", "relevant"]
    score: float | None = None


def _since(fact: FactSnapshot) -> str:
    return fact.valid_from.date().isoformat()


def render_context(
    user_id: str, pinned: Sequence[ContextItem], relevant: Sequence[ContextItem], summary: Sequence[str], fmt: str
) -> str:
    if not pinned and not relevant and not summary:
        return ""
    if fmt == "json":

        def item(i: ContextItem) -> dict[str, Any]:
            return {
                "text": i.fact.text,
                "category": i.fact.category,
                "importance": i.fact.importance,
                "since": _since(i.fact),
            }

        block: dict[str, Any] = {"user_id": user_id}
        if pinned:
            block["pinned"] = [item(i) for i in pinned]
        if relevant:
            block["relevant"] = [item(i) for i in relevant]
        if summary:
            block["session_summary"] = "\n".join(summary)
        return json.dumps(block, ensure_ascii=False, separators=(",", ":"))
    if fmt == "xml":

        def facts_xml(tag: str, items: Sequence[ContextItem]) -> str:
            inner = "".join(
                f'<fact category={quoteattr(i.fact.category)} importance="{i.fact.importance}" '
                f'since="{_since(i.fact)}">{escape(i.fact.text)}</fact>\n'
                for i in items
            )
            return f"<{tag}>\n{inner}</{tag}>\n"

        parts = [f"<memory user={quoteattr(user_id)}>\n"]
        if pinned:
            parts.append(facts_xml("pinned", pinned))
        if relevant:
            parts.append(facts_xml("relevant", relevant))
        if summary:
            parts.append(f"<session_summary>{escape(chr(10).join(summary))}</session_summary>\n")
        parts.append("</memory>")
        return "".join(parts)
    lines = ["What you remember about this user (from earlier conversations):"]
    if pinned:
        lines.append("Key facts:")
        lines += [f"- {i.fact.text} ({i.fact.category}, since {_since(i.fact)})" for i in pinned]
    if relevant:
        lines.append("Relevant to this message:")
        lines += [f"- {i.fact.text} ({i.fact.category}, since {_since(i.fact)})" for i in relevant]
    if summary:
        lines.append("This conversation so far:")
        lines += summary
    return "\n".join(lines)


@dataclass
class ContextResult:
    text: str
    tokens: int
    pinned: list[ContextItem]
    relevant: list[ContextItem]
    summary_included: bool
    degraded: list[str]
    memory_enabled: bool = True


def fit_context(
    user_id: str,
    pinned: Sequence[ContextItem],
    relevant: Sequence[ContextItem],
    summary_lines: Sequence[str],
    fmt: str,
    max_tokens: int,
) -> tuple[list[ContextItem], list[ContextItem], list[str]]:
    """Greedy fill in priority order, measuring the rendered block each time so the result never exceeds
    the budget: pinned facts up to 40% of it, then relevant facts leaving room for (up to 25% of) the
    session summary, then the summary, then whatever still fits. The top item of each section gets in
    whenever it fits at all."""
    chosen_p: list[ContextItem] = []
    chosen_r: list[ContextItem] = []
    chosen_s: list[str] = []

    def size() -> int:
        return estimate_tokens(render_context(user_id, chosen_p, chosen_r, chosen_s, fmt))

    def fill(source: Sequence[Any], into: list[Any], limit: int) -> None:
        """Add items in order while the block stays within `limit`; the first item of a section only
        needs to fit the whole budget (a section's share must not starve its most important item)."""
        for item in source:
            if item in into:
                continue
            into.append(item)
            if size() > (max_tokens if len(into) == 1 else limit):
                into.pop()
                break

    summary_need = estimate_tokens("\n".join(summary_lines)) + 8 if summary_lines else 0
    fill(pinned, chosen_p, int(max_tokens * 0.4))
    fill(relevant, chosen_r, max_tokens - min(summary_need, int(max_tokens * 0.25)))
    fill(summary_lines, chosen_s, max_tokens)
    fill(pinned, chosen_p, max_tokens)
    fill(relevant, chosen_r, max_tokens)
    return chosen_p, chosen_r, chosen_s


async def build_context(
    pool: asyncpg.Pool,
    embedder: QueryEmbedder,
    tenant_id: str,
    user_id: str,
    *,
    query: str | None,
    session_id: str | None,
    max_tokens: int,
    fmt: ContextFormat,
    pinned_min_importance: int,
    max_facts: int,
    tuning: SearchTuning = SearchTuning(),
) -> ContextResult:
    search = None
    if query and query.strip():  # starts embedding the query now, while the other reads run
        search = asyncio.create_task(
            hybrid_search(pool, embedder, tenant_id, user_id, query, k=max_facts, include_messages=False, tuning=tuning)
        )
    try:
        async with pool.acquire() as conn:
            enabled = await store.memory_settings(conn, tenant_id, user_id)
            if enabled:
                pinned_facts = await store.pinned_facts(
                    conn, tenant_id, user_id, min_importance=pinned_min_importance, limit=max_facts
                )
                summary_row = await store.session_summary(conn, tenant_id, user_id, session_id) if session_id else None
    except BaseException:
        if search is not None:
            search.cancel()
        raise
    if not enabled:
        if search is not None:
            search.cancel()
        return ContextResult("", 0, [], [], False, [], memory_enabled=False)
    degraded: list[str] = []
    relevant: list[ContextItem] = []
    if search is not None:
        try:
            found = await search
            degraded = found.degraded
            relevant = [ContextItem(snapshot_of(f.row), "relevant", f.score) for f in found.items]
        except SearchUnavailable:
            degraded = ["vector", "fulltext_facts"]
    pinned = [ContextItem(f, "pinned") for f in pinned_facts]
    pinned_ids = {i.fact.fact_id for i in pinned}
    relevant = [i for i in relevant if i.fact.fact_id not in pinned_ids]
    summary_lines = [line for line in (summary_row["summary"] if summary_row else "").splitlines() if line.strip()]
    chosen_p, chosen_r, chosen_s = fit_context(user_id, pinned, relevant, summary_lines, fmt, max_tokens)
    text = render_context(user_id, chosen_p, chosen_r, chosen_s, fmt)
    return ContextResult(text, estimate_tokens(text), chosen_p, chosen_r, bool(chosen_s), degraded)


# --------------------------------------------------------------------------- ask


class AnswerProvider(Protocol):
    """The port `ask` uses: answer a question from the given memories only."""

    name: str
    model: str
    prompt_version: str

    async def answer(self, question: str, memories: Sequence[str]) -> str: ...


def answer_provider(settings: Settings) -> AnswerProvider | None:
    """The configured LLM's `answer`, if the provider has one; None means the offline behaviour."""
    from shared.providers import registry

    factory = getattr(registry, "answer_provider", None) or registry.summary_provider
    try:
        provider = factory(settings)
    except (NotImplementedError, ImportError, AttributeError):
        return None
    return provider if callable(getattr(provider, "answer", None)) else None


ASK_MIN_SIMILARITY = 0.3


@dataclass
class AskResult:
    answer: str
    answered_by: str
    facts: list[legs.Fused]
    degraded: list[str]
    memory_enabled: bool = True


async def ask(
    pool: asyncpg.Pool,
    settings: Settings,
    embedder: QueryEmbedder,
    tenant_id: str,
    user_id: str,
    question: str,
    *,
    k: int,
    tuning: SearchTuning = SearchTuning(),
) -> AskResult:
    search = asyncio.create_task(
        hybrid_search(pool, embedder, tenant_id, user_id, question, k=k, include_messages=False, tuning=tuning)
    )
    try:
        async with pool.acquire() as conn:
            enabled = await store.memory_settings(conn, tenant_id, user_id)
    except BaseException:
        search.cancel()
        raise
    if not enabled:
        search.cancel()
        return AskResult("Memory is switched off for this user.", "none", [], [], memory_enabled=False)
    found = await search
    relevant = [
        f
        for f in found.items
        if "fulltext_facts" in f.legs or f.legs.get("vector", {}).get("score", 0.0) >= ASK_MIN_SIMILARITY
    ]
    provider = answer_provider(settings)
    if provider is None or not relevant:
        if not relevant:
            return AskResult("Nothing in memory answers that.", "offline", [], found.degraded)
        answer = "\n".join(f"- {f.row['text']}" for f in relevant[:3])
        return AskResult(answer, "offline", relevant[:3], found.degraded)
    memories = [f.row["text"] for f in relevant]

    async def call() -> tuple[Any, int, int]:
        # The output names the user so that an erase can find and delete this cached answer.
        return {"user_id": user_id, "answer": await provider.answer(question, memories)}, 0, 0

    output = await cached_call(
        pool,
        stage=STAGE,
        task="answer",
        tenant_id=tenant_id,
        user_id=user_id,
        provider=provider,
        request={"question": question, "memories": memories},
        call=call,
    )
    return AskResult(output["answer"], provider.name, relevant, found.degraded)
