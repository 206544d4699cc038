"""The API's use cases that change one user's memory: manual add, edit, delete, erase.

Writes take the same per-user advisory lock as the consolidator and write their change events to the
outbox in the same transaction. The reads live in their own modules: search (shared.service_layer.search),
context (.context) and ask (.ask).
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import asyncpg

from shared.contracts.events import EmbeddedFact, FactChange, FactSnapshot
from shared.domain.consolidation import ChangePlan, normalize_text
from shared.domain.models import ExtractionInput, Op, Turn
from shared.hashing import content_hash, stable_uuid
from shared.providers.base import DecisionProvider
from shared.providers.offline import extraction_rules
from shared.service_layer.consolidate import consolidate_user
from shared.service_layer.search import QueryEmbedder
from shared.settings import Settings
from shared.storage import facts as fact_store
from shared.storage import user_data as store
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
