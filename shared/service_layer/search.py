"""Search over one user's memory: facts and messages, by meaning and by words, fused into evidence.

Legs (each scoped to the user, each with its own deadline; a failed leg is named in `degraded`):

- vector_facts:      cosine over active facts;
- vector_messages:   cosine over message windows (a message scores by its best window);
- fulltext_facts:    Postgres full text over active facts;
- fulltext_messages: BM25 over the user's messages (stemmed; term statistics of the user's messages),
                     or ts_rank_cd when asked.

The message legs search for the query without the names of the user's conversations' speakers
(messages are embedded and indexed without them; the speaker hint says who said it), the fact legs
for the whole query (facts name their subject).

`mode` picks the kind of leg (hybrid: both), `scope` the kind of row (both: facts and messages).
Fusion is calibrated by default (see shared.domain.ranking); RRF (k=60) on request. A fact and the
message it came from come back as one result.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Literal

import asyncpg

from shared.domain import ranking
from shared.domain.ranking import Calibration, Hit
from shared.domain.strength import StrengthParams, with_strength
from shared.providers.base import EmbeddingProvider
from shared.settings import Settings
from shared.storage import search as legs

Mode = Literal["hybrid", "vector", "fulltext"]
Scope = Literal["both", "facts", "messages"]
Fusion = Literal["weighted", "rrf"]
Lexical = Literal["bm25", "ts_rank_cd"]
LEG_DEPTH = 50  # rows each leg contributes to the fusion


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


@dataclass(frozen=True)
class SearchTuning:
    leg_timeout_s: float = 1.0
    exact_max_facts: int = legs.EXACT_MAX_FACTS
    fusion: Fusion = "weighted"
    calibration: Calibration = field(default_factory=Calibration)
    strength: StrengthParams = field(default_factory=StrengthParams)
    # The message legs search for the query without the speakers' names (ranking.without_speakers).
    speakerless_message_query: bool = True

    @classmethod
    def from_settings(cls, settings: Settings) -> SearchTuning:
        return cls(
            settings.search_leg_timeout_s,
            settings.search_exact_max_facts,
            settings.search_fusion,
            strength=StrengthParams.from_settings(settings),
        )


@dataclass(frozen=True)
class TimeRange:
    after: datetime | None = None
    before: datetime | None = None
    session_id: str | None = None


@dataclass
class SearchResult:
    items: list[ranking.Fused]
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


def leg_names(mode: Mode, scope: Scope) -> list[str]:
    names = []
    if mode in ("hybrid", "vector"):
        names += [n for n, s in (("vector_facts", "facts"), ("vector_messages", "messages")) if scope in (s, "both")]
    if mode in ("hybrid", "fulltext"):
        names += [
            n for n, s in (("fulltext_facts", "facts"), ("fulltext_messages", "messages")) if scope in (s, "both")
        ]
    return names


def bm25_hits(candidates: legs.LexicalCandidates, stems: list[str], *, limit: int) -> list[Hit]:
    """Rank BM25 candidates; calibrated = score / (the score of an average-length message holding each
    query stem once), capped at 1, times the message's coverage: the share of the idf mass of the query
    stems found in any candidate that this message holds. Why the coverage: BM25 saturates and favours
    short texts, so a short turn holding one of the query's words scores like a full match; a message
    that holds half of what can be matched is half a lexical match."""
    if not candidates.rows:
        return []
    doc_freqs = {t: sum(1 for tf in candidates.term_freqs if tf.get(t)) for t in stems}
    scores = ranking.bm25_scores(
        candidates.term_freqs,
        candidates.lengths,
        stems,
        total_docs=max(candidates.total_docs, len(candidates.rows)),
        avg_length=candidates.avg_length,
        doc_freqs=doc_freqs,
    )
    ideal = ranking.bm25_scores(
        [dict.fromkeys(stems, 1)],
        [round(candidates.avg_length)],
        stems,
        total_docs=max(candidates.total_docs, len(candidates.rows)),
        avg_length=candidates.avg_length,
        doc_freqs=doc_freqs,
    )[0]
    present = [t for t in stems if doc_freqs.get(t)]
    idf = ranking.bm25_idf(present, total_docs=max(candidates.total_docs, len(candidates.rows)), doc_freqs=doc_freqs)
    order = sorted(
        range(len(scores)),
        key=lambda i: (-scores[i], -candidates.rows[i]["created_at"].timestamp(), candidates.rows[i]["event_id"]),
    )[:limit]
    return [
        Hit(
            "message",
            candidates.rows[i]["event_id"],
            rank,
            scores[i],
            candidates.rows[i],
            calibrated=(min(1.0, scores[i] / ideal) if ideal > 0 else 0.0)
            * ranking.coverage(candidates.term_freqs[i], present, idf),
        )
        for rank, i in enumerate(order, 1)
    ]


def _best_match(calibrated: dict[str, list[Hit]]) -> dict[str, tuple[Hit, float]]:
    """Each message the real legs found, with its best calibrated score over them."""
    best: dict[str, tuple[Hit, float]] = {}
    for name, hits in calibrated.items():
        if name in HINTS:
            continue
        for hit in hits:
            if (
                hit.kind == "message"
                and hit.calibrated is not None
                and hit.calibrated > best.get(hit.id, (hit, -1.0))[1]
            ):
                best[hit.id] = (hit, hit.calibrated)
    return best


def _hint_leg(calibrated: dict[str, list[Hit]], keep, scaled: bool) -> list[Hit]:
    out: list[Hit] = []
    for hit, value in sorted(_best_match(calibrated).values(), key=lambda hv: -hv[1]):
        if keep(hit):
            out.append(replace(hit, rank=len(out) + 1, score=1.0, calibrated=value if scaled else 1.0))
    return out


HINTS = ("speaker", "when")


def speaker_hits(calibrated: dict[str, list[Hit]], query: str, *, scaled: bool = False) -> list[Hit]:
    """A pseudo-leg: the messages the other legs found whose speaker the query names ("what did Rosa
    say..."), each with calibrated score 1 (or, scaled, its best match). Names are in the full text
    too, but one name occurs in half of a two-party log, so there it weighs next to nothing."""
    words = set(ranking.words(query))

    def named(hit: Hit) -> bool:
        name = hit.row["name"]
        return bool(name) and bool(parts := ranking.words(name)) and all(p in words for p in parts)

    return _hint_leg(calibrated, named, scaled)


def time_hits(calibrated: dict[str, list[Hit]], hint: ranking.TimeHint, *, scaled: bool = False) -> list[Hit]:
    """A pseudo-leg: the messages the other legs found that were said in the month (and year) the query
    names ("what did I say in March 2024 about..."), each with calibrated score 1 (or its best match)."""
    return _hint_leg(calibrated, lambda hit: hint.matches(hit.row["created_at"]), scaled)


def stem_share(text: str, stems: list[str]) -> float:
    """The share of `stems` that `text` holds (stemmed as the query is)."""
    if not stems:
        return 0.0
    held = set(ranking.stem_terms(text, max_terms=200))
    return sum(1 for s in stems if s in held) / len(stems)


def _calibrate(name: str, hits: list[Hit], calibration: Calibration, stems: list[str]) -> list[Hit]:
    """Each hit's score on its leg's [0, 1] scale (None: under the floor), and a fact's sources."""
    out = []
    for hit in hits:
        sources = tuple(hit.row["source_message_ids"]) if hit.kind == "fact" else ()
        if name.startswith("vector"):
            value = calibration.vector(hit.score)
        elif name == "fulltext_facts":  # share of the query's stems the fact holds
            value = stem_share(hit.row["text"], stems)
        else:
            value = hit.calibrated if hit.calibrated is not None else None
        if value is not None and not name.startswith("vector") and value < calibration.lexical_floor:
            value = None
        out.append(replace(hit, calibrated=value, sources=sources))
    return out


async def hybrid_search(
    pool: asyncpg.Pool,
    embedder: QueryEmbedder,
    tenant_id: str,
    user_id: str,
    query: str,
    *,
    k: int,
    mode: Mode = "hybrid",
    scope: Scope = "both",
    filters: legs.FactFilters = legs.FactFilters(),
    when: TimeRange = TimeRange(),
    fusion: Fusion | None = None,
    lexical: Lexical = "bm25",
    tuning: SearchTuning = SearchTuning(),
    include_messages: bool | None = None,
    include_faded: bool = False,
    cued_recall: bool = False,
    now: datetime | None = None,
    capture: dict | None = None,
) -> SearchResult:
    """Search the user's facts and messages; see the module's docstring.

    Each leg has its own deadline; a leg that fails or runs out is left out and named in `degraded`,
    and the answer comes from the others. Only when every leg fails is there no answer. Facts are then
    ranked with their strength (at ``now``) as a prior, and faded ones left out unless ``include_faded``
    or, with ``cued_recall`` (the search API; context leaves it off), the query is a strong cue for them
    (shared.domain.strength)."""
    if include_messages is False and scope == "both":
        scope = "facts"
    fusion = fusion or tuning.fusion
    names = leg_names(mode, scope)
    want_vector = any(n.startswith("vector") for n in names)
    embedding = embedder.start(query) if want_vector else None  # first: the answer waits for it
    depth = max(LEG_DEPTH, k)
    stems = ranking.stem_terms(query)
    tsquery = legs.tsquery_text(legs.query_terms(query))
    fact_filters = replace(filters, after=when.after, before=when.before, session_id=when.session_id)
    message_filters = legs.MessageFilters(when.after, when.before, when.session_id)
    deadline = time.monotonic() + tuning.leg_timeout_s

    def left() -> float:
        return max(0.001, deadline - time.monotonic())

    outcomes: dict[str, list[Hit] | Exception] = {}
    text_names = [n for n in names if n.startswith("fulltext")]
    # A user with few facts: their vectors are fetched while the query is embedded, and ranked the moment
    # the embedding is there (exact, in process), so no round trip is left after the embedding.
    prefetch_max = min(legs.PREFETCH_MAX_FACTS, tuning.exact_max_facts)
    prefetched: asyncio.Future[list[asyncpg.Record] | None] = asyncio.get_running_loop().create_future()
    if "vector_facts" not in names or prefetch_max < 1:
        prefetched.set_result(None)
    windows_prefetched: asyncio.Future[list[asyncpg.Record] | None] = asyncio.get_running_loop().create_future()
    if "vector_messages" not in names:
        windows_prefetched.set_result(None)
    # The message legs' query: without the speakers' names, once they are read (after the fact reads,
    # while the whole query is embedded for the fact legs); a second embedding only when the query
    # names a speaker.
    message_query: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    if not tuning.speakerless_message_query or not any(n.endswith("_messages") for n in names):
        message_query.set_result(query)
    message_embedding: list[asyncio.Future[list[float]]] = []

    async def vector_legs() -> None:
        try:
            assert embedding is not None
            vector = await asyncio.wait_for(asyncio.shield(embedding), left())
        except Exception as exc:
            for name in names:
                if name.startswith("vector"):
                    outcomes[name] = exc
            return
        rows = None
        if "vector_facts" in names:
            try:
                rows = await asyncio.wait_for(asyncio.shield(prefetched), left())
            except Exception:  # the prefetch failed: the query below may still work
                rows = None
            if rows is not None:
                outcomes["vector_facts"] = legs.nearest_facts(rows, vector, limit=depth)
        message_vector = vector
        if "vector_messages" in names:
            try:
                await asyncio.wait_for(asyncio.shield(message_query), left())
                if message_embedding:
                    message_vector = await asyncio.wait_for(asyncio.shield(message_embedding[0]), left())
            except Exception as exc:
                outcomes["vector_messages"] = exc
        if "vector_messages" in names and "vector_messages" not in outcomes:
            try:
                windows = await asyncio.wait_for(asyncio.shield(windows_prefetched), left())
            except Exception:  # the prefetch failed: the query below may still work
                windows = None
            if windows is not None:
                outcomes["vector_messages"] = legs.nearest_messages(windows, message_vector, limit=depth)
        todo = [n for n in names if n.startswith("vector") and n not in outcomes]
        if not todo:
            return
        try:
            async with pool.acquire(timeout=left()) as conn:
                for name in todo:
                    try:
                        if name == "vector_messages":
                            outcomes[name] = await legs.vector_messages(
                                conn,
                                tenant_id,
                                user_id,
                                message_vector,
                                limit=depth,
                                filters=message_filters,
                                timeout=left(),
                            )
                        else:
                            outcomes[name] = await legs.vector_facts(
                                conn,
                                tenant_id,
                                user_id,
                                vector,
                                limit=depth,
                                filters=fact_filters,
                                timeout=left(),
                                exact_max_facts=tuning.exact_max_facts,
                            )
                    except Exception as exc:
                        outcomes[name] = exc
        except Exception as exc:  # no connection in time
            for name in todo:
                outcomes.setdefault(name, exc)

    async def reads_while_embedding() -> None:
        """The fact-vector prefetch, then the full-text legs, on one connection, one after the other,
        while the query is embedded: a search holds two pooled connections at most."""
        if prefetched.done() and windows_prefetched.done() and message_query.done() and not text_names:
            return
        try:
            async with pool.acquire(timeout=left()) as conn:
                if not prefetched.done():
                    with_text = "fulltext_facts" in text_names and tsquery is not None
                    try:
                        if with_text:  # one round trip for both fact reads
                            rows, outcomes["fulltext_facts"] = await legs.fact_vectors_and_fulltext(
                                conn,
                                tenant_id,
                                user_id,
                                tsquery,
                                max_rows=prefetch_max,
                                limit=depth,
                                filters=fact_filters,
                                timeout=left(),
                            )
                        else:
                            rows = await legs.user_fact_vectors(
                                conn, tenant_id, user_id, max_rows=prefetch_max, filters=fact_filters, timeout=left()
                            )
                        prefetched.set_result(rows)
                    except Exception as exc:
                        if with_text:
                            outcomes["fulltext_facts"] = exc
                        prefetched.set_exception(exc)
                        prefetched.exception()  # retrieved: the vector leg falls back to its own query
                for name in text_names:  # the message reads last: facts first, whatever happens to messages
                    if name in outcomes:  # read with the fact vectors
                        continue
                    if name == "fulltext_messages":
                        if (failure := await read_speakers(conn)) is not None:
                            outcomes[name] = failure  # the messages cannot be read: this leg's cause
                            continue
                        await prefetch_windows(conn)
                    try:
                        outcomes[name] = await _text_leg(conn, name)
                    except Exception as exc:
                        outcomes[name] = exc
                if await read_speakers(conn) is None:
                    await prefetch_windows(conn)
        except Exception as exc:  # no connection in time
            for name in text_names:
                outcomes.setdefault(name, exc)
        finally:
            for future in (prefetched, windows_prefetched):
                if not future.done():
                    future.set_result(None)
            if not message_query.done():
                message_query.set_result(query)

    async def read_speakers(conn: asyncpg.Connection) -> Exception | None:
        """Set the message legs' query; the failure of the read, if it failed (they then search for the
        whole query, and a message read on this connection would fail the same way)."""
        if message_query.done():
            return None
        try:
            if windows_prefetched.done():
                speakers = await legs.speaker_names(conn, tenant_id, user_id, timeout=left())
            else:  # the windows too: one round trip for both reads the message legs wait for
                speakers, windows = await legs.speakers_and_message_vectors(
                    conn,
                    tenant_id,
                    user_id,
                    max_rows=legs.PREFETCH_MAX_WINDOWS,
                    filters=message_filters,
                    timeout=left(),
                )
                windows_prefetched.set_result(windows)
        except Exception as exc:
            message_query.set_result(query)
            return exc
        text = ranking.without_speakers(query, speakers)
        if text != query and "vector_messages" in names:
            message_embedding.append(embedder.start(text))
        message_query.set_result(text)
        return None

    async def prefetch_windows(conn: asyncpg.Connection) -> None:
        if windows_prefetched.done():
            return
        try:
            windows_prefetched.set_result(
                await legs.user_message_vectors(
                    conn,
                    tenant_id,
                    user_id,
                    max_rows=legs.PREFETCH_MAX_WINDOWS,
                    filters=message_filters,
                    timeout=left(),
                )
            )
        except Exception as exc:
            windows_prefetched.set_exception(exc)
            windows_prefetched.exception()  # retrieved: the vector leg falls back to its own query

    async def _text_leg(conn: asyncpg.Connection, name: str) -> list[Hit]:
        if name == "fulltext_facts":
            if tsquery is None:
                return []
            return await legs.fulltext_facts(
                conn, tenant_id, user_id, tsquery, limit=depth, filters=fact_filters, timeout=left()
            )
        if lexical == "ts_rank_cd":  # normalised by 1 + log(length); calibrated relative to the query's best,
            # times the share of the query's stems the message holds (as BM25's coverage: the best row of a
            # query nothing answers is not a full match)
            if tsquery is None:
                return []
            hits = await legs.fulltext_messages(
                conn,
                tenant_id,
                user_id,
                tsquery,
                limit=depth,
                filters=message_filters,
                normalization=1,
                timeout=left(),
            )
            best = max((h.score for h in hits), default=0.0)
            wanted = ranking.stem_terms(message_query.result()) if message_query.done() else stems
            return [
                replace(h, calibrated=(h.score / best if best > 0 else 0.0) * stem_share(h.row["content"], wanted))
                for h in hits
            ]
        message_stems = ranking.stem_terms(message_query.result()) if message_query.done() else stems
        if not message_stems:
            return []
        found = await legs.bm25_candidates(
            conn, tenant_id, user_id, message_stems, filters=message_filters, timeout=left()
        )
        return bm25_hits(found, message_stems, limit=depth)

    await asyncio.gather(*([vector_legs()] if want_vector else []), reads_while_embedding())
    if capture is not None:  # for the evaluation's tuning: the raw legs, fused again offline
        capture.update(names=names, outcomes=dict(outcomes), stems=stems, query=query)
    result = fuse(names, outcomes, k=depth, fusion=fusion, stems=stems, calibration=tuning.calibration, query=query)
    moment = now or datetime.now(UTC)
    result.items = with_strength(
        result.items, moment, tuning.strength, include_faded=include_faded, cued_recall=cued_recall
    )[:k]
    return result


def fuse(
    names: list[str],
    outcomes: dict[str, list[Hit] | Exception],
    *,
    k: int,
    fusion: Fusion,
    stems: list[str],
    calibration: Calibration,
    query: str = "",
) -> SearchResult:
    """The legs' outcomes as one ranked answer (pure): failed legs are named, the rest fused."""
    result = SearchResult(items=[], legs_run=names)
    found: dict[str, list[Hit]] = {}
    for name in names:
        outcome = outcomes.get(name, [])
        if isinstance(outcome, Exception):
            result.degraded.append(name)
            result.errors[name] = _describe(outcome)
        else:
            found[name] = outcome
    if not found and names:
        raise SearchUnavailable("; ".join(f"{leg}: {err}" for leg, err in result.errors.items()))
    if fusion == "rrf":
        sourced = {
            name: [replace(h, sources=tuple(h.row["source_message_ids"]) if h.kind == "fact" else ()) for h in hits]
            for name, hits in found.items()
        }
        result.items = ranking.reciprocal_rank_fusion(sourced)[:k]
    else:
        calibrated = {name: _calibrate(name, hits, calibration, stems) for name, hits in found.items()}
        if calibration.weights.get("speaker") and query:
            calibrated["speaker"] = speaker_hits(calibrated, query, scaled=calibration.scaled_hints)
        if calibration.weights.get("when") and query and (hint := ranking.time_hint(query)) is not None:
            calibrated["when"] = time_hits(calibrated, hint, scaled=calibration.scaled_hints)
        result.items = ranking.calibrated_fusion(calibrated, calibration)[:k]
    return result
