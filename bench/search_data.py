"""Synthetic memory for the search/context latency bench, built once per scale and cached in its own
database of the bench's Postgres (a second `memstream bench` finds it and skips the build).

Shape: one tenant, 10 facts and 10 messages per user (so 100k facts and 100k messages are 10k users,
1M of each are 100k users), every message embedded (one window each, as the embedder stores them),
one session summary per user. Texts come from a small vocabulary (full text has matches, and
the queries are drawn from it too); vectors are random unit vectors (the
vector leg's cost does not depend on their values for users this small: it computes every distance).

Loading: the facts and messages tables are COPYed with their secondary indexes dropped, then the
indexes are recreated with a large maintenance_work_mem and parallel maintenance workers. The HNSW
index (over users past the exact-search threshold only, migration 0009: none here) is always built at
100k; at 1M only with ``hnsw=True``: on 2 cores it takes ~15-20 minutes
(measured ~1,000 rows/s), more than the whole bench budget, and the search path never uses it for
users with up to MEMSTREAM_SEARCH_EXACT_MAX_FACTS active facts (every user here), see docs/benchmarks.md.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import numpy as np

TENANT = "bench-search"
KEY = "ms-bench-search-key"
FACTS_PER_USER = 10
MESSAGES_PER_USER = 10
DIM = 384
CHUNK = 50_000
HNSW_INDEX = "facts_embedding_hnsw"
MESSAGE_HNSW_INDEX = "message_vectors_hnsw"  # gone since migration 0006 was final; dropped if a dataset has it
DATASET = "search-v3"  # v3: messages embedded (message_vectors, no HNSW); an older cached dataset is rebuilt

Progress = Callable[[str, int, int], None]  # (phase, done, total)

_NOUNS = """coffee tea jazz hiking cello piano dog cat parrot bicycle motorcycle garden tomato basil sushi pasta
marathon yoga chess novel poetry camera lens guitar violin museum theatre football hockey tennis swimming
sailing skiing climbing bakery market library apartment kitchen balcony office startup hospital school
university concert festival wedding birthday holiday flight train ferry island mountain river lake forest
beach village city"""
NOUNS = _NOUNS.split()
_VERBS = "likes loves prefers visits collects plays studies avoids hates practices recommends misses"
VERBS = _VERBS.split()
_ADJECTIVES = "green black old new red small quiet spicy vintage local favourite weekly early late"
ADJECTIVES = _ADJECTIVES.split()


def query_text(rng, i: int) -> str:
    return f"what {rng.choice(NOUNS)} or {rng.choice(NOUNS)} does the user {rng.choice(VERBS)} {i}"


@dataclass(frozen=True)
class Dataset:
    facts: int
    users: int
    hnsw: bool
    built_now: bool
    build_seconds: dict[str, float]

    def as_dict(self) -> dict:
        return {
            "facts": self.facts,
            "users": self.users,
            "hnsw_index": self.hnsw,
            "built_now": self.built_now,
            "build_seconds": self.build_seconds,
        }


def fact_texts(rng: np.random.Generator, start: int, count: int) -> list[str]:
    """'The user <verb> <adjective> <noun> and <noun> number <i % 97>', vectorised draws."""
    verbs = rng.integers(len(VERBS), size=count)
    adjectives = rng.integers(len(ADJECTIVES), size=count)
    nouns = rng.integers(len(NOUNS), size=(count, 2))
    return [
        f"The user {VERBS[verbs[j]]} {ADJECTIVES[adjectives[j]]} {NOUNS[nouns[j, 0]]} and {NOUNS[nouns[j, 1]]} "
        f"number {(start + j) % 97}"
        for j in range(count)
    ]


def message_texts(rng: np.random.Generator, count: int) -> list[str]:
    words = rng.integers(len(NOUNS), size=(count, 6))
    return [
        f"today I talked about {NOUNS[w[0]]} and {NOUNS[w[1]]}, then {NOUNS[w[2]]} {NOUNS[w[3]]} "
        f"at the {NOUNS[w[4]]} {NOUNS[w[5]]}"
        for w in words
    ]


def user_id(u: int) -> str:
    return f"u{u:06d}"


def session_id(u: int) -> str:
    return f"s{u:06d}"


async def _marker(conn) -> dict | None:
    await conn.execute(
        """
        CREATE TABLE IF NOT EXISTS bench_dataset (
            name text PRIMARY KEY, facts integer NOT NULL, hnsw boolean NOT NULL, built_at timestamptz NOT NULL,
            build_seconds jsonb NOT NULL)
        """
    )
    row = await conn.fetchrow(
        "SELECT facts, hnsw, build_seconds::text AS s FROM bench_dataset WHERE name = $1", DATASET
    )
    return dict(row) if row else None


async def ensure_dataset(database_url: str, facts: int, *, hnsw: bool, progress: Progress) -> Dataset:
    """The dataset of ``facts`` facts in ``database_url`` (migrated already), built unless cached."""
    import json

    import asyncpg
    from pgvector.asyncpg import register_vector

    from shared.storage.tenants import add_api_key

    users = facts // FACTS_PER_USER
    conn = await asyncpg.connect(database_url, command_timeout=None)
    await register_vector(conn)
    try:
        await add_api_key(conn, TENANT, KEY, label="bench")
        marker = await _marker(conn)
        seconds: dict[str, float] = {}
        if marker and marker["facts"] == facts and (marker["hnsw"] or not hnsw):
            return Dataset(facts, users, marker["hnsw"], False, json.loads(marker["s"]))
        if marker and marker["facts"] == facts:
            seconds = json.loads(marker["s"])  # loaded before; only the HNSW index is missing
        else:
            seconds = await _load(conn, facts, users, progress)
        if hnsw:
            started = time.perf_counter()
            progress("building the HNSW index (slow on 2 cores)", 0, 1)
            await _tune_maintenance(conn)
            for sql in await _hnsw_sql(conn):
                await conn.execute(sql)
            seconds["hnsw_index"] = round(time.perf_counter() - started, 1)
            progress("building the HNSW index (slow on 2 cores)", 1, 1)
        await conn.execute(
            "ANALYZE facts; ANALYZE messages; ANALYZE message_vectors; ANALYZE users; ANALYZE session_summaries"
        )
        await conn.execute(
            """
            INSERT INTO bench_dataset (name, facts, hnsw, built_at, build_seconds) VALUES ($4, $1, $2, now(), $3)
            ON CONFLICT (name) DO UPDATE SET facts = excluded.facts, hnsw = excluded.hnsw,
                built_at = excluded.built_at, build_seconds = excluded.build_seconds
            """,
            facts,
            hnsw,
            json.dumps(seconds),
            DATASET,
        )
        return Dataset(facts, users, hnsw, True, seconds)
    finally:
        await conn.close()


async def _tune_maintenance(conn) -> None:
    await conn.execute("SET maintenance_work_mem = '2GB'; SET max_parallel_maintenance_workers = 2")


async def _hnsw_sql(conn) -> list[str]:
    """The migrations' own HNSW definition (facts: partial, cosine), if missing."""
    wanted = {
        HNSW_INDEX: f"CREATE INDEX {HNSW_INDEX} ON facts USING hnsw (embedding vector_cosine_ops) "
        "WHERE superseded_at IS NULL AND ann",
    }
    existing = {
        r["indexname"]
        for r in await conn.fetch("SELECT indexname FROM pg_indexes WHERE indexname = any($1)", list(wanted))
    }
    return [sql for name, sql in wanted.items() if name not in existing]


async def _load(conn, facts: int, users: int, progress: Progress) -> dict[str, float]:
    """COPY facts, messages, users and summaries with secondary indexes dropped, then recreate them."""
    seconds: dict[str, float] = {}
    await conn.execute("DELETE FROM bench_dataset")
    indexes = await conn.fetch(
        """
        SELECT i.indexname, i.indexdef FROM pg_indexes i
        JOIN pg_class c ON c.relname = i.indexname JOIN pg_index x ON x.indexrelid = c.oid
        WHERE i.tablename IN ('facts', 'messages', 'message_vectors') AND NOT x.indisprimary AND NOT x.indisunique
        """
    )
    for row in indexes:
        await conn.execute(f'DROP INDEX IF EXISTS "{row["indexname"]}"')
    await conn.execute("TRUNCATE facts, messages, message_vectors, users, session_summaries")
    # Every user here has 10 facts, far under the threshold that puts a user in the HNSW index (migration
    # 0009); the trigger that counts each inserted user's facts would find that out row by row, without
    # the (dropped) indexes, so it is off during the load.
    await conn.execute("ALTER TABLE facts DISABLE TRIGGER facts_index_heavy_users")

    rng = np.random.default_rng(42)
    base = datetime(2026, 1, 1, tzinfo=UTC)
    columns = [
        "fact_id",
        "tenant_id",
        "user_id",
        "text",
        "normalized_text",
        "category",
        "importance",
        "embedding",
        "embedding_model",
        "valid_from",
        "recorded_at",
    ]
    started = time.perf_counter()
    for start in range(0, facts, CHUNK):
        count = min(CHUNK, facts - start)
        vectors = rng.standard_normal((count, DIM), dtype=np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        texts = fact_texts(rng, start, count)
        records = [
            (
                uuid.UUID(int=start + j + 1),
                TENANT,
                user_id((start + j) % users),
                texts[j],
                texts[j].lower(),
                "preference",
                1 + (start + j) % 10,
                vectors[j],
                "random-unit",
                base + timedelta(seconds=start + j),
                base + timedelta(seconds=start + j),
            )
            for j in range(count)
        ]
        await conn.copy_records_to_table("facts", records=records, columns=columns)
        progress("loading facts (COPY)", start + count, facts)
    seconds["copy_facts"] = round(time.perf_counter() - started, 1)
    await conn.execute("ALTER TABLE facts ENABLE TRIGGER facts_index_heavy_users")

    started = time.perf_counter()
    total = users * MESSAGES_PER_USER
    for start in range(0, total, CHUNK):
        count = min(CHUNK, total - start)
        texts = message_texts(rng, count)
        records = []
        for j in range(count):
            n = start + j
            u = n // MESSAGES_PER_USER
            records.append(
                (
                    TENANT,
                    f"bench-{n}",
                    user_id(u),
                    session_id(u),
                    "user",
                    texts[j],
                    f"h{n}",
                    base + timedelta(minutes=n),
                )
            )
        await conn.copy_records_to_table(
            "messages",
            records=records,
            columns=["tenant_id", "event_id", "user_id", "session_id", "role", "content", "content_hash", "created_at"],
        )
        vectors = rng.standard_normal((count, DIM), dtype=np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        await conn.copy_records_to_table(
            "message_vectors",
            records=[
                (TENANT, r[1], 0, r[2], r[3], r[7], f"h{start + j}", vectors[j], "random-unit")
                for j, r in enumerate(records)
            ],
            columns=[
                "tenant_id",
                "event_id",
                "window_no",
                "user_id",
                "session_id",
                "created_at",
                "text_hash",
                "embedding",
                "embedding_model",
            ],
        )
        progress("loading messages and their vectors (COPY)", start + count, total)
    await conn.copy_records_to_table(
        "users", records=[(TENANT, user_id(u)) for u in range(users)], columns=["tenant_id", "user_id"]
    )
    summaries = [
        (
            TENANT,
            session_id(u),
            user_id(u),
            "The user talked about their weekend plans, a trip to the mountains and a new recipe.\n"
            "They asked for a packing list and said they prefer short answers.",
            f"sum-{u}",
            4,
        )
        for u in range(users)
    ]
    await conn.copy_records_to_table(
        "session_summaries",
        records=summaries,
        columns=["tenant_id", "session_id", "user_id", "summary", "input_hash", "user_turns"],
    )
    seconds["copy_messages_users_summaries"] = round(time.perf_counter() - started, 1)

    await _tune_maintenance(conn)
    rebuild = [r for r in indexes if r["indexname"] not in (HNSW_INDEX, MESSAGE_HNSW_INDEX)]
    started = time.perf_counter()
    for i, row in enumerate(rebuild):
        progress("recreating indexes", i, len(rebuild))
        await conn.execute(row["indexdef"])
    progress("recreating indexes", len(rebuild), len(rebuild))
    seconds["indexes"] = round(time.perf_counter() - started, 1)
    return seconds
