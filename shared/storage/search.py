"""The legs of hybrid search, each scoped to one (tenant, user): vectors over active facts and over
message windows, full text over active facts and over messages (ts_rank_cd, and BM25 candidates with
their term statistics). Fusion is pure and lives in shared.domain.ranking.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import asyncpg
import numpy as np

from shared.domain.ranking import RRF_K, Fused, Hit, reciprocal_rank_fusion
from shared.storage.user_data import FACT_COLUMNS

__all__ = ["RRF_K", "Fused", "Hit", "reciprocal_rank_fusion"]
MESSAGE_COLUMNS = "event_id, session_id, role, name, content, created_at"

# Words that carry no topic. The tsvector columns use the 'simple' configuration (no stemming, no
# stop words, any language), so the query side drops these and ORs what is left.
_STOP_TEXT = """a about above after again all also am an and any are as at be because been before being below between
    both but by can could did do does doing don done down during each else ever few for from further get got had
    has have having he her here hers him his how i if in into is it its just know like me more most my myself
    no nor not now of off on once only or other our ours out over own please remember same she should so some
    such tell than that the their theirs them then there these they this those through to too under until up us
    very was we were what when where which while who whom why will with would you your yours user users
    anything something thing things does did recall use uses used using"""
_STOP_WORDS = frozenset(_STOP_TEXT.split())
_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def query_terms(text: str, *, max_terms: int = 16) -> list[str]:
    """The searchable words of a query: lower-case, no stop words, a light plural strip, deduplicated."""
    terms: list[str] = []
    for word in _WORD.findall(text.lower()):
        if word in _STOP_WORDS or (len(word) < 2 and not word.isdigit()):
            continue
        if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
            word = word[:-1]
        if word not in terms:
            terms.append(word)
    return terms[:max_terms]


def tsquery_text(terms: Sequence[str]) -> str | None:
    """An OR of the terms, as prefixes from four characters on ('cello:*' also finds 'cellos'; a short
    prefix such as 'use:*' would match 'user' in every fact). The terms are plain words, safe to join."""
    return " | ".join(f"{t}:*" if len(t) >= 4 else t for t in terms) or None


@dataclass(frozen=True)
class FactFilters:
    categories: Sequence[str] | None = None
    min_importance: int | None = None
    source: str | None = None
    after: datetime | None = None  # valid_from (when the fact was said to hold) at or after
    before: datetime | None = None
    session_id: str | None = None  # facts extracted from messages of this session


@dataclass(frozen=True)
class MessageFilters:
    after: datetime | None = None  # said at or after
    before: datetime | None = None  # said before
    session_id: str | None = None


def _message_filter_sql(filters: MessageFilters, args: list[Any], alias: str = "") -> str:
    clauses: list[str] = []
    if filters.after is not None:
        args.append(filters.after)
        clauses.append(f"{alias}created_at >= ${len(args)}")
    if filters.before is not None:
        args.append(filters.before)
        clauses.append(f"{alias}created_at < ${len(args)}")
    if filters.session_id is not None:
        args.append(filters.session_id)
        clauses.append(f"{alias}session_id = ${len(args)}")
    return "".join(f" AND {c}" for c in clauses)


def _filter_sql(filters: FactFilters, args: list[Any]) -> str:
    clauses: list[str] = []
    if filters.after is not None:
        args.append(filters.after)
        clauses.append(f"valid_from >= ${len(args)}")
    if filters.before is not None:
        args.append(filters.before)
        clauses.append(f"valid_from < ${len(args)}")
    if filters.session_id is not None:
        args.append(filters.session_id)
        clauses.append(
            f"EXISTS (SELECT 1 FROM messages sm WHERE sm.tenant_id = $1 AND sm.event_id = any(source_message_ids)"
            f" AND sm.session_id = ${len(args)})"
        )
    if filters.categories:
        args.append(list(filters.categories))
        clauses.append(f"category = any(${len(args)}::text[])")
    if filters.min_importance is not None:
        args.append(filters.min_importance)
        clauses.append(f"importance >= ${len(args)}")
    if filters.source:
        args.append(filters.source)
        clauses.append(f"source = ${len(args)}")
    return "".join(f" AND {c}" for c in clauses)


EXACT_MAX_FACTS = 2_000


async def vector_facts(
    conn: asyncpg.Connection,
    tenant_id: str,
    user_id: str,
    embedding: Sequence[float] | np.ndarray,
    *,
    limit: int,
    filters: FactFilters = FactFilters(),
    timeout: float | None = None,
    exact_max_facts: int = EXACT_MAX_FACTS,
) -> list[Hit]:
    """Nearest active facts of this user by cosine distance.

    A user with up to `exact_max_facts` active facts is searched exactly: their rows come by the
    (tenant, user) index and every distance is computed, so the top-k is the true top-k and has k rows
    whenever the user has k. Left to itself the planner would walk the HNSW graph for users with a
    few thousand facts, which is approximate (measured on random vectors, a user holding 2% of the
    index: 0.36 overlap with the exact top-10). Beyond the threshold, and once the user's facts are in
    the HNSW index (`users.ann_indexed`; migration 0009 indexes only such users), the planner is free to
    do so, and iterative scans (on for every pooled connection) keep walking until `limit` rows of this user
    pass the filter; relaxed_order may return them slightly out of order, hence the final sort.
    """
    args: list[Any] = [tenant_id, user_id, np.asarray(embedding, dtype=np.float32), limit, exact_max_facts]
    extra = _filter_sql(filters, args)
    where = f"tenant_id = $1 AND user_id = $2 AND superseded_at IS NULL AND embedding IS NOT NULL{extra}"
    # One round trip: the count decides, through one-time filters, which branch runs at all.
    rows = await conn.fetch(
        f"""
        WITH mine AS (
            SELECT count(*) > $5 AND coalesce((SELECT ann_indexed FROM users WHERE tenant_id = $1
                                                AND user_id = $2), false) AS approximate
            FROM (SELECT 1 FROM facts WHERE tenant_id = $1 AND user_id = $2
                  AND superseded_at IS NULL LIMIT $5 + 1) c
        ), exact AS MATERIALIZED (
            SELECT {FACT_COLUMNS}, embedding <=> $3 AS distance FROM facts
            WHERE {where} AND NOT (SELECT approximate FROM mine)
        ), approximate AS MATERIALIZED (
            SELECT {FACT_COLUMNS}, embedding <=> $3 AS distance FROM facts
            WHERE {where} AND ann AND (SELECT approximate FROM mine)
            ORDER BY embedding <=> $3 LIMIT $4
        )
        (SELECT * FROM exact ORDER BY distance, fact_id LIMIT $4)
        UNION ALL
        (SELECT * FROM approximate ORDER BY distance, fact_id)
        """,
        *args,
        timeout=timeout,
    )
    return [Hit("fact", str(r["fact_id"]), i, 1.0 - float(r["distance"]), r) for i, r in enumerate(rows, 1)]


PREFETCH_MAX_FACTS = 128


async def user_fact_vectors(
    conn: asyncpg.Connection,
    tenant_id: str,
    user_id: str,
    *,
    max_rows: int,
    filters: FactFilters = FactFilters(),
    timeout: float | None = None,
) -> list[asyncpg.Record] | None:
    """This user's active facts that have an embedding (and pass the filters), with the embedding, when
    there are at most `max_rows` of them; None when there are more.

    Search fetches them while the query is being embedded; `nearest_facts` then ranks them the moment
    the embedding is there, with no round trip left on the way to the answer."""
    args: list[Any] = [tenant_id, user_id, max_rows]
    extra = _filter_sql(filters, args)
    where = f"tenant_id = $1 AND user_id = $2 AND superseded_at IS NULL AND embedding IS NOT NULL{extra}"
    # One round trip, and no vectors sent for a user with too many: the count (stopped at max_rows + 1)
    # gates the fetch, and the count row comes back even when no fact does. The gate is a subquery (an
    # init plan, a one-time filter): as a join filter the fetch would run in full and be thrown away.
    rows = await conn.fetch(
        f"""
        WITH c AS MATERIALIZED (SELECT count(*) AS n FROM (SELECT 1 FROM facts WHERE {where} LIMIT $3 + 1) s),
        f AS MATERIALIZED (SELECT {FACT_COLUMNS}, embedding FROM facts WHERE {where} AND (SELECT n FROM c) <= $3)
        SELECT c.n, f.* FROM c LEFT JOIN f ON true
        """,
        *args,
        timeout=timeout,
    )
    if not rows or rows[0]["n"] > max_rows:
        return None
    return [r for r in rows if r["fact_id"] is not None]


_FACT_COLUMNS_OF_T = ", ".join(f"t.{c.strip()}" for c in FACT_COLUMNS.split(","))


async def fact_vectors_and_fulltext(
    conn: asyncpg.Connection,
    tenant_id: str,
    user_id: str,
    tsquery: str,
    *,
    max_rows: int,
    limit: int,
    filters: FactFilters = FactFilters(),
    timeout: float | None = None,
) -> tuple[list[asyncpg.Record] | None, list[Hit]]:
    """`user_fact_vectors` and `fulltext_facts` in one round trip (search reads both while the query is
    embedded): the same rows, the same order and scores; a statement saves a round trip and a plan. The
    full-text rows come after the vector rows with `n` NULL and their rank in `ord`."""
    args: list[Any] = [tenant_id, user_id, max_rows, tsquery, limit]
    extra = _filter_sql(filters, args)
    mine = f"tenant_id = $1 AND user_id = $2 AND superseded_at IS NULL{extra}"
    rows = await conn.fetch(
        f"""
        WITH c AS MATERIALIZED (SELECT count(*) AS n FROM (SELECT 1 FROM facts
                                WHERE {mine} AND embedding IS NOT NULL LIMIT $3 + 1) s),
        f AS MATERIALIZED (SELECT {FACT_COLUMNS}, embedding FROM facts
                           WHERE {mine} AND embedding IS NOT NULL AND (SELECT n FROM c) <= $3),
        t AS MATERIALIZED (
            SELECT {FACT_COLUMNS}, ts_rank_cd(tsv, q, 1) AS rank_score,
                   row_number() OVER (ORDER BY ts_rank_cd(tsv, q, 1) DESC, importance DESC, fact_id) AS ord
            FROM facts, to_tsquery('simple', $4) q
            WHERE {mine} AND tsv @@ q
            ORDER BY rank_score DESC, importance DESC, fact_id LIMIT $5
        )
        SELECT c.n, NULL::real AS rank_score, 0::bigint AS ord, f.* FROM c LEFT JOIN f ON true
        UNION ALL
        SELECT NULL::bigint, t.rank_score, t.ord, {_FACT_COLUMNS_OF_T}, NULL::vector FROM t
        """,
        *args,
        timeout=timeout,
    )
    vector_rows = [r for r in rows if r["n"] is not None]
    text_rows = sorted((r for r in rows if r["n"] is None), key=lambda r: r["ord"])
    hits = [Hit("fact", str(r["fact_id"]), i, float(r["rank_score"]), r) for i, r in enumerate(text_rows, 1)]
    if not vector_rows or vector_rows[0]["n"] > max_rows:
        return None, hits
    return [r for r in vector_rows if r["fact_id"] is not None], hits


def _as_array(value: Any) -> np.ndarray:
    to_numpy = getattr(value, "to_numpy", None)  # a pgvector Vector
    return np.asarray(to_numpy() if to_numpy is not None else value, dtype=np.float64)


def nearest_facts(rows: Sequence[asyncpg.Record], embedding: Sequence[float] | np.ndarray, *, limit: int) -> list[Hit]:
    """The exact cosine top-`limit` of rows from `user_fact_vectors`, as `vector_facts` answers for the
    same rows: ordered by cosine distance (pgvector's `<=>`), ties by fact_id; score = 1 - distance. A
    vector of another dimension raises, as in Postgres; a zero vector's distance (NaN there) sorts last."""
    if not rows or limit < 1:
        return []
    query = np.asarray(embedding, dtype=np.float64)
    matrix = np.stack([_as_array(r["embedding"]) for r in rows])
    if matrix.shape[1] != query.shape[0]:
        raise ValueError(f"different vector dimensions {matrix.shape[1]} and {query.shape[0]}")
    with np.errstate(divide="ignore", invalid="ignore"):
        distance = 1.0 - (matrix @ query) / (np.linalg.norm(matrix, axis=1) * np.linalg.norm(query))
    distance = np.where(np.isnan(distance), np.inf, distance)
    ids = [str(r["fact_id"]) for r in rows]
    order = sorted(range(len(rows)), key=lambda i: (distance[i], ids[i]))[:limit]
    return [Hit("fact", ids[i], rank, 1.0 - float(distance[i]), rows[i]) for rank, i in enumerate(order, 1)]


async def fulltext_facts(
    conn: asyncpg.Connection,
    tenant_id: str,
    user_id: str,
    tsquery: str,
    *,
    limit: int,
    filters: FactFilters = FactFilters(),
    timeout: float | None = None,
) -> list[Hit]:
    args: list[Any] = [tenant_id, user_id, tsquery, limit]
    extra = _filter_sql(filters, args)
    rows = await conn.fetch(
        f"""
        SELECT {FACT_COLUMNS}, ts_rank_cd(tsv, q, 1) AS rank_score
        FROM facts, to_tsquery('simple', $3) q
        WHERE tenant_id = $1 AND user_id = $2 AND superseded_at IS NULL AND tsv @@ q{extra}
        ORDER BY rank_score DESC, importance DESC, fact_id LIMIT $4
        """,
        *args,
        timeout=timeout,
    )
    return [Hit("fact", str(r["fact_id"]), i, float(r["rank_score"]), r) for i, r in enumerate(rows, 1)]


async def fulltext_messages(
    conn: asyncpg.Connection,
    tenant_id: str,
    user_id: str,
    tsquery: str,
    *,
    limit: int,
    filters: MessageFilters = MessageFilters(),
    normalization: int = 1,
    timeout: float | None = None,
) -> list[Hit]:
    """ts_rank_cd over the 'simple' tsvector (any language); normalization as Postgres defines it
    (1: divided by 1 + log(length), 2: by length, 32: rank / (rank + 1))."""
    args: list[Any] = [tenant_id, user_id, tsquery, limit, normalization]
    extra = _message_filter_sql(filters, args)
    rows = await conn.fetch(
        f"""
        SELECT {MESSAGE_COLUMNS}, ts_rank_cd(tsv, q, $5) AS rank_score
        FROM messages, to_tsquery('simple', $3) q
        WHERE tenant_id = $1 AND user_id = $2 AND tsv @@ q{extra}
        ORDER BY rank_score DESC, created_at DESC, event_id LIMIT $4
        """,
        *args,
        timeout=timeout,
    )
    return [Hit("message", r["event_id"], i, float(r["rank_score"]), r) for i, r in enumerate(rows, 1)]


BM25_MAX_CANDIDATES = 2_000


@dataclass
class LexicalCandidates:
    """Messages holding any query stem, with what BM25 needs: each one's term frequencies and length,
    and the user's message count and mean length. `complete` is False when the candidates were cut at
    the cap (document frequencies then count only the candidates fetched)."""

    rows: list[asyncpg.Record]
    term_freqs: list[dict[str, int]]
    lengths: list[int]
    total_docs: int
    avg_length: float
    complete: bool


async def bm25_candidates(
    conn: asyncpg.Connection,
    tenant_id: str,
    user_id: str,
    stems: Sequence[str],
    *,
    filters: MessageFilters = MessageFilters(),
    max_candidates: int = BM25_MAX_CANDIDATES,
    timeout: float | None = None,
) -> LexicalCandidates:
    """One round trip: the user's message count and mean stemmed length, and every message (up to the
    cap) whose stemmed tsvector holds a query stem, with the frequency of each stem in it."""
    tsquery = " | ".join(stems)
    args: list[Any] = [tenant_id, user_id, tsquery, list(stems), max_candidates + 1]
    extra = _message_filter_sql(filters, args, "m.")
    rows = await conn.fetch(
        f"""
        WITH stats AS (
            SELECT count(*) AS n, coalesce(avg(length(tsv_en)), 0)::float8 AS avg_len
            FROM messages WHERE tenant_id = $1 AND user_id = $2
        ), found AS (
            SELECT m.event_id, m.session_id, m.role, m.name, m.content, m.created_at, length(m.tsv_en) AS dl,
                   (SELECT coalesce(jsonb_object_agg(u.lexeme, cardinality(u.positions)), '{{}}'::jsonb)
                    FROM unnest(m.tsv_en) u WHERE u.lexeme = any($4::text[]))::text AS tf
            FROM messages m
            WHERE m.tenant_id = $1 AND m.user_id = $2 AND m.tsv_en @@ to_tsquery('simple', $3){extra}
            LIMIT $5
        )
        SELECT s.n, s.avg_len, f.* FROM stats s LEFT JOIN found f ON true
        """,
        *args,
        timeout=timeout,
    )
    found = [r for r in rows if r["event_id"] is not None]
    complete = len(found) <= max_candidates
    found = found[:max_candidates]
    return LexicalCandidates(
        rows=found,
        term_freqs=[json.loads(r["tf"]) for r in found],
        lengths=[int(r["dl"] or 0) for r in found],
        total_docs=int(rows[0]["n"]) if rows else 0,
        avg_length=float(rows[0]["avg_len"]) if rows else 0.0,
        complete=complete,
    )


PREFETCH_MAX_WINDOWS = 256
SPEAKER_SCAN = 2000  # the user's latest messages whose speakers' names are read


async def speaker_names(
    conn: asyncpg.Connection, tenant_id: str, user_id: str, *, timeout: float | None = None
) -> list[str]:
    """The names the speakers of the user's latest messages go by (an index range scan, bounded)."""
    rows = await conn.fetch(
        """
        SELECT DISTINCT name FROM (
            SELECT name FROM messages WHERE tenant_id = $1 AND user_id = $2
            ORDER BY created_at DESC LIMIT $3
        ) latest WHERE name IS NOT NULL
        """,
        tenant_id,
        user_id,
        SPEAKER_SCAN,
        timeout=timeout,
    )
    return sorted(r["name"] for r in rows)


async def user_message_vectors(
    conn: asyncpg.Connection,
    tenant_id: str,
    user_id: str,
    *,
    max_rows: int,
    filters: MessageFilters = MessageFilters(),
    timeout: float | None = None,
) -> list[asyncpg.Record] | None:
    """This user's message windows (passing the filters) with their vector and message, when there are
    at most `max_rows`; None when there are more. Fetched while the query is embedded, ranked in process
    by `nearest_messages` (as `user_fact_vectors` / `nearest_facts` do for facts). The messages come by
    the user's range of the (tenant, user) index and are hashed, not probed one by one per window; the
    count gates the fetch as a one-time filter (see `user_fact_vectors`)."""
    args: list[Any] = [tenant_id, user_id, max_rows]
    extra = _message_filter_sql(filters, args, "v.")
    rows = await conn.fetch(
        f"""
        WITH c AS MATERIALIZED (SELECT count(*) AS n FROM (SELECT 1 FROM message_vectors
                                WHERE tenant_id = $1 AND user_id = $2 LIMIT $3 + 1) s),
        w AS MATERIALIZED (
            SELECT m.event_id, m.session_id, m.role, m.name, m.content, m.created_at, v.embedding
            FROM message_vectors v JOIN messages m ON m.tenant_id = v.tenant_id AND m.event_id = v.event_id
            WHERE v.tenant_id = $1 AND v.user_id = $2 AND m.tenant_id = $1 AND m.user_id = $2{extra}
              AND (SELECT n FROM c) <= $3
        )
        SELECT c.n, w.* FROM c LEFT JOIN w ON true
        """,
        *args,
        timeout=timeout,
    )
    if not rows or rows[0]["n"] > max_rows:
        return None
    return [r for r in rows if r["event_id"] is not None]


async def speakers_and_message_vectors(
    conn: asyncpg.Connection,
    tenant_id: str,
    user_id: str,
    *,
    max_rows: int,
    filters: MessageFilters = MessageFilters(),
    timeout: float | None = None,
) -> tuple[list[str], list[asyncpg.Record] | None]:
    """`speaker_names` and `user_message_vectors` in one round trip: search needs both before its
    message legs (the speakers for their query, the windows for the in-process vector ranking), and a
    statement saves a round trip and a plan. The names come on every row (a handful of short strings);
    the count row comes back even when no window does."""
    args: list[Any] = [tenant_id, user_id, max_rows, SPEAKER_SCAN]
    extra = _message_filter_sql(filters, args, "v.")
    rows = await conn.fetch(
        f"""
        WITH s AS MATERIALIZED (
            SELECT coalesce(array_agg(DISTINCT name), '{{}}'::text[]) AS names FROM (
                SELECT name FROM messages WHERE tenant_id = $1 AND user_id = $2
                ORDER BY created_at DESC LIMIT $4
            ) latest WHERE name IS NOT NULL
        ), c AS MATERIALIZED (SELECT count(*) AS n FROM (SELECT 1 FROM message_vectors
                              WHERE tenant_id = $1 AND user_id = $2 LIMIT $3 + 1) s),
        w AS MATERIALIZED (
            SELECT m.event_id, m.session_id, m.role, m.name, m.content, m.created_at, v.embedding
            FROM message_vectors v JOIN messages m ON m.tenant_id = v.tenant_id AND m.event_id = v.event_id
            WHERE v.tenant_id = $1 AND v.user_id = $2 AND m.tenant_id = $1 AND m.user_id = $2{extra}
              AND (SELECT n FROM c) <= $3
        )
        SELECT s.names, c.n, w.* FROM s CROSS JOIN c LEFT JOIN w ON true
        """,
        *args,
        timeout=timeout,
    )
    names = sorted(rows[0]["names"]) if rows else []
    if not rows or rows[0]["n"] > max_rows:
        return names, None
    return names, [r for r in rows if r["event_id"] is not None]


def nearest_messages(
    rows: Sequence[asyncpg.Record], embedding: Sequence[float] | np.ndarray, *, limit: int
) -> list[Hit]:
    """The exact cosine top-`limit` messages of rows from `user_message_vectors`, each by its best
    window, as `vector_messages` answers for the same rows (ties by event id)."""
    if not rows or limit < 1:
        return []
    query = np.asarray(embedding, dtype=np.float64)
    matrix = np.stack([_as_array(r["embedding"]) for r in rows])
    if matrix.shape[1] != query.shape[0]:
        raise ValueError(f"different vector dimensions {matrix.shape[1]} and {query.shape[0]}")
    with np.errstate(divide="ignore", invalid="ignore"):
        distance = 1.0 - (matrix @ query) / (np.linalg.norm(matrix, axis=1) * np.linalg.norm(query))
    distance = np.where(np.isnan(distance), np.inf, distance)
    best: dict[str, int] = {}
    for i, r in enumerate(rows):
        j = best.get(r["event_id"])
        if j is None or distance[i] < distance[j]:
            best[r["event_id"]] = i
    order = sorted(best.items(), key=lambda item: (distance[item[1]], item[0]))[:limit]
    return [
        Hit("message", event_id, rank, 1.0 - float(distance[i]), rows[i]) for rank, (event_id, i) in enumerate(order, 1)
    ]


async def vector_messages(
    conn: asyncpg.Connection,
    tenant_id: str,
    user_id: str,
    embedding: Sequence[float] | np.ndarray,
    *,
    limit: int,
    filters: MessageFilters = MessageFilters(),
    timeout: float | None = None,
) -> list[Hit]:
    """The user's messages nearest the query by their best window (cosine), exact: the user's windows
    come by the (tenant, user) index and every distance is computed (there is no HNSW index over
    message windows: its inserts cost the pipeline more than it saves here; see migration 0006). The
    cost grows with the user's windows, about 1 ms per thousand."""
    args: list[Any] = [tenant_id, user_id, np.asarray(embedding, dtype=np.float32), limit]
    extra = _message_filter_sql(filters, args)
    rows = await conn.fetch(
        f"""
        WITH best AS (
            SELECT event_id, min(embedding <=> $3) AS distance FROM message_vectors
            WHERE tenant_id = $1 AND user_id = $2{extra}
            GROUP BY event_id ORDER BY min(embedding <=> $3), event_id LIMIT $4
        )
        SELECT m.event_id, m.session_id, m.role, m.name, m.content, m.created_at, b.distance
        FROM best b JOIN messages m ON m.tenant_id = $1 AND m.event_id = b.event_id
        ORDER BY b.distance, m.event_id
        """,
        *args,
        timeout=timeout,
    )
    return [Hit("message", r["event_id"], i, 1.0 - float(r["distance"]), r) for i, r in enumerate(rows, 1)]
