"""The work of each search-leg query: EXPLAIN (ANALYZE, BUFFERS) on a cached search-bench dataset.

    .venv/bin/python bench/search_explain.py --data-dir /tmp/retr-bench-data --database bench_search_1m
    .venv/bin/python bench/search_explain.py ... --heavy 5000 --plans   # plus one user with 5,000 messages

Starts the embedded Postgres of a bench data dir (`bench/run.py --data-dir`; the dataset of
`bench/search_data.py`), migrates the database, and runs every query the search legs send, exactly as
the code sends it (the legs are called with a connection that prefixes EXPLAIN), for random users and
queries of the dataset. Prints per query the buffers (shared hit / read) and execution and planning
times; `--plans` prints the first user's plans. Why buffers: the machine is shared, so times vary
threefold, while the pages a query touches do not. `--heavy N` adds one user with N messages and
windows under a scratch tenant (removed afterwards): the bench's users have 10 each, so the branches
for users past the in-process caps never run there.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SCRATCH_TENANT, SCRATCH_USER = "explain-heavy", "heavy-1"


class Explaining:
    """A stand-in connection: each fetch runs EXPLAIN ANALYZE of the query and answers no rows."""

    def __init__(self, conn):
        self.conn = conn
        self.plans: list[str] = []

    async def fetch(self, sql: str, *args, timeout: float | None = None):
        rows = await self.conn.fetch("EXPLAIN (ANALYZE, BUFFERS, TIMING OFF, SUMMARY ON) " + sql, *args)
        self.plans.append("\n".join(r[0] for r in rows))
        return []


def summary(plan: str) -> str:
    buffers = next((line.strip() for line in plan.splitlines() if "Buffers:" in line), "Buffers: none")
    execution = re.search(r"Execution Time: ([\d.]+)", plan)
    planning = re.search(r"Planning Time: ([\d.]+)", plan)
    return (
        f"exec {execution.group(1) if execution else '?'} ms, plan {planning.group(1) if planning else '?'} ms, "
        + buffers
    )


def leg_calls(tenant: str, user: str, query: str, vector: np.ndarray) -> dict:
    from shared.domain import ranking
    from shared.storage import search as legs

    stems = ranking.stem_terms(query)
    tsquery = legs.tsquery_text(legs.query_terms(query)) or "none"
    return {
        "user_fact_vectors": lambda c: legs.user_fact_vectors(c, tenant, user, max_rows=legs.PREFETCH_MAX_FACTS),
        "vector_facts": lambda c: legs.vector_facts(c, tenant, user, vector, limit=50),
        "fulltext_facts": lambda c: legs.fulltext_facts(c, tenant, user, tsquery, limit=50),
        "speaker_names": lambda c: legs.speaker_names(c, tenant, user),
        "user_message_vectors": lambda c: legs.user_message_vectors(
            c, tenant, user, max_rows=legs.PREFETCH_MAX_WINDOWS
        ),
        "vector_messages": lambda c: legs.vector_messages(c, tenant, user, vector, limit=50),
        "bm25_candidates": lambda c: legs.bm25_candidates(c, tenant, user, stems or ["none"]),
    }


async def add_heavy_user(conn, messages: int) -> None:
    from bench.search_data import DIM, message_texts

    rng = np.random.default_rng(1)
    texts = message_texts(rng, messages)
    base = datetime(2026, 1, 1, tzinfo=UTC)
    rows = [
        (
            SCRATCH_TENANT,
            f"hv-{i}",
            SCRATCH_USER,
            f"s{i // 100}",
            "user",
            texts[i],
            f"hh{i}",
            base + timedelta(minutes=i),
        )
        for i in range(messages)
    ]
    await conn.copy_records_to_table(
        "messages",
        records=rows,
        columns=["tenant_id", "event_id", "user_id", "session_id", "role", "content", "content_hash", "created_at"],
    )
    vectors = rng.standard_normal((messages, DIM), dtype=np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    await conn.copy_records_to_table(
        "message_vectors",
        records=[
            (SCRATCH_TENANT, r[1], 0, SCRATCH_USER, r[3], r[7], r[6], vectors[i], "random-unit")
            for i, r in enumerate(rows)
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
    await conn.execute("ANALYZE messages; ANALYZE message_vectors")


async def remove_heavy_user(conn) -> None:
    await conn.execute("DELETE FROM message_vectors WHERE tenant_id = $1", SCRATCH_TENANT)
    await conn.execute("DELETE FROM messages WHERE tenant_id = $1", SCRATCH_TENANT)


async def explain(url: str, users: int, seed: int, heavy: int, plans: bool) -> None:
    import asyncpg
    from pgvector.asyncpg import register_vector

    from bench.search_data import DIM, TENANT, query_text, user_id

    conn = await asyncpg.connect(url)
    await register_vector(conn)
    await conn.execute("SET jit = off")
    rng = np.random.default_rng(seed)
    n_users = await conn.fetchval("SELECT count(*) FROM users WHERE tenant_id = $1", TENANT)
    who = [(TENANT, user_id(int(rng.integers(n_users)))) for _ in range(users)]
    try:
        if heavy:
            await add_heavy_user(conn, heavy)
            who += [(SCRATCH_TENANT, SCRATCH_USER)] * 3
        lines: dict[str, list[str]] = {}
        for n, (tenant, user) in enumerate(who):
            vector = rng.standard_normal(DIM).astype(np.float32)
            vector /= np.linalg.norm(vector)
            for name, call in leg_calls(tenant, user, query_text(rng, n), vector).items():
                explaining = Explaining(conn)
                await call(explaining)
                plan = explaining.plans[0] if explaining.plans else ""
                if plans and n in (0, users):
                    print(f"===== {name} ({tenant}/{user})\n{plan}\n")
                lines.setdefault(name, []).append(f"{tenant}/{user}: {summary(plan)}")
        for name, rows in lines.items():
            print(name)
            for row in rows:
                print("   ", row)
    finally:
        if heavy:
            await remove_heavy_user(conn)
        await conn.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data-dir", type=Path, required=True, help="a bench data dir (holds pgdata)")
    parser.add_argument("--database", default="bench_search_1m")
    parser.add_argument("--users", type=int, default=4)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--heavy", type=int, default=0, help="messages of one scratch user (0: none)")
    parser.add_argument("--plans", action="store_true")
    args = parser.parse_args()
    os.environ.setdefault("MEMSTREAM_LOG_LEVEL", "WARNING")
    from bench.stack import with_database
    from shared.embedded import EmbeddedPostgres
    from shared.storage.migrate import migrate
    from shared.telemetry import configure_logging

    configure_logging("WARNING", json_logs=False)
    postgres = EmbeddedPostgres(args.data_dir)
    try:
        url = with_database(postgres.start(), args.database)
        migrate(url)
        asyncio.run(explain(url, args.users, args.seed, args.heavy, args.plans))
    finally:
        postgres.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
