"""Postgres CPU per inserted fact, with the HNSW index over every active fact (before migration 0009)
and over indexed (heavy) users only (after it), on the same data in one run.

A fresh embedded Postgres; `--users` light users with `--facts-per-user` facts each (random unit
vectors) COPYed in, then `--inserts` facts inserted one per transaction under the user's advisory lock,
as the consolidator writes them. Postgres's CPU (the postmaster and every backend) is read before and
after each phase.

    python bench/hnsw_upkeep.py --out /tmp/hnsw-upkeep.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

DIM = 384
COLUMNS = ["fact_id", "tenant_id", "user_id", "text", "normalized_text", "category", "importance"]
COLUMNS += ["embedding", "valid_from"]
FULL_INDEX = (
    "CREATE INDEX facts_embedding_hnsw_all ON facts USING hnsw (embedding vector_cosine_ops) "
    "WHERE superseded_at IS NULL"
)


def postgres_cpu(pid: int) -> float:
    import psutil

    proc = psutil.Process(pid)
    total = sum(proc.cpu_times()[:2])
    for child in proc.children(recursive=True):
        try:
            total += sum(child.cpu_times()[:2])
        except psutil.Error:
            pass
    return total


async def insert_phase(conn, pid: int, tenant: str, users: int, inserts: int, rng) -> dict:
    vectors = rng.standard_normal((inserts, DIM)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    cpu, wall = postgres_cpu(pid), time.perf_counter()
    for i in range(inserts):
        user = f"u{i % users}"
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", f"{tenant}:{user}")
            await conn.execute(
                "INSERT INTO facts (fact_id, tenant_id, user_id, text, normalized_text, category, importance, "
                "embedding, valid_from) VALUES ($1, $2, $3, $4, $4, 'fact', 5, $5, now())",
                uuid.uuid4(),
                tenant,
                user,
                f"new fact {i} {uuid.uuid4().hex}",
                vectors[i],
            )
    cpu, wall = postgres_cpu(pid) - cpu, time.perf_counter() - wall
    return {"inserts": inserts, "postgres_cpu_ms_per_insert": round(1000 * cpu / inserts, 3), "wall_s": round(wall, 2)}


async def run(database_url: str, pid: int, users: int, per_user: int, inserts: int) -> dict:
    import asyncpg
    from pgvector.asyncpg import register_vector

    from shared.storage.tenants import ensure_tenant

    rng = np.random.default_rng(17)
    conn = await asyncpg.connect(database_url)
    await register_vector(conn)
    try:
        tenant = "hnsw-upkeep"
        now = datetime.now(UTC)
        await ensure_tenant(conn, tenant)
        vectors = rng.standard_normal((users * per_user, DIM)).astype(np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        await conn.copy_records_to_table(
            "facts",
            records=[
                (uuid.uuid4(), tenant, f"u{i % users}", f"fact {i}", f"fact {i}", "fact", 5, vectors[i], now)
                for i in range(len(vectors))
            ],
            columns=COLUMNS,
        )
        await conn.execute("ANALYZE facts")
        out = {"users": users, "facts_per_user": per_user}
        out["partial_index_heavy_users_only"] = await insert_phase(conn, pid, tenant, users, inserts, rng)
        await conn.execute("SET maintenance_work_mem = '512MB'")
        await conn.execute(FULL_INDEX)
        out["index_over_every_active_fact"] = await insert_phase(conn, pid, tenant, users, inserts, rng)
        return out
    finally:
        await conn.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=2_000)
    parser.add_argument("--facts-per-user", type=int, default=20)
    parser.add_argument("--inserts", type=int, default=2_000)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    root = Path(__file__).resolve().parents[1]
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    from shared.embedded import EmbeddedPostgres
    from shared.storage.migrate import migrate

    postgres = EmbeddedPostgres(Path(tempfile.mkdtemp(prefix="memstream-hnsw-")))
    try:
        database_url = postgres.start()
        migrate(database_url)
        result = asyncio.run(run(database_url, postgres.pid, args.users, args.facts_per_user, args.inserts))
    finally:
        postgres.stop()
    if args.out:
        args.out.write_text(json.dumps(result, indent=1))
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
