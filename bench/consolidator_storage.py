"""The consolidator's CPU per candidate, in-process, on the bench workload: where its time goes.

    .venv/bin/python bench/consolidator_storage.py [--data-dir /tmp/qb-consolidator] [--batch 64] [--statements]

bench/workload.py's conversations (160 users x 50 messages, live-traffic order) go through the real
extractor and embedder handlers in this process (offline providers, nothing published), then the
consolidator stage's ``handle`` consumes the candidates in batches of ``--batch`` (its default batch
size), as the stage does, timed from the end of the first batch as `make bench` times a stage. Prints
one JSON line: candidates/s (wall, noisy on a shared machine), this process's CPU ms per candidate (the
stage's side) and Postgres's (its whole process tree), the decisions by op, and a digest of the facts,
decisions, change events and recalls it left (equal digests from two checkouts: the same decisions).
With ``--statements``, Postgres's pg_stat_statements (enabled in this data dir's Postgres only) lists
every statement kind with its calls: round trips per candidate are what costs.
Run it from the checkout to measure (``python bench/consolidator_storage.py`` from another checkout
measures that one).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def tree_cpu(pid: int) -> float:
    import psutil

    process, total = psutil.Process(pid), 0.0
    for p in (process, *process.children(recursive=True)):
        try:
            total += sum(p.cpu_times()[:2])
        except psutil.Error:
            pass
    return total


# What consolidation leaves, without what depends on the clock (now(): recorded_at, superseded_at; an event's
# occurred_at) or on how two transactions interleave (outbox ids across users): equal digests from two
# checkouts mean the same facts, decisions, change events (in each user's order) and recalls.
STATE = {
    "facts": "SELECT fact_id, tenant_id, user_id, text, normalized_text, category, importance, slot, language,"
    " embedding::text, status, valid_from, valid_to, superseded_by, superseded_at IS NULL, source,"
    " source_message_ids, candidate_id, ann, strength, recall_count FROM facts ORDER BY fact_id",
    "decisions": "SELECT tenant_id, candidate_id, user_id, op, target_fact_id, new_fact_id, decided_by, reason, slot,"
    " value, negated, valid_from, said_at FROM decisions ORDER BY tenant_id, candidate_id",
    "outbox": "SELECT event_id, tenant_id, user_id,"
    " payload - 'occurred_at' #- '{fact,recorded_at}' #- '{fact,superseded_at}' FROM outbox"
    " ORDER BY tenant_id, user_id, id",
    "recalls": "SELECT tenant_id, recall_id, fact_id, kind, occurred_at FROM recalls ORDER BY 1, 2, 3",
}


async def state_digest(conn) -> dict[str, str]:
    import hashlib

    digest = {}
    for name, query in STATE.items():
        rows = [tuple(r) for r in await conn.fetch(query)]
        digest[name] = f"{len(rows)} rows, sha256 {hashlib.sha256(repr(rows).encode()).hexdigest()[:16]}"
    return digest


async def measure(data_dir: Path, batch: int, users: int, statements: bool) -> dict:
    import asyncpg

    from bench.run import workload_events
    from bench.stack import recreate_database, with_database
    from services.consolidator import stage as consolidator
    from services.embedder import stage as embedder
    from services.extractor import stage as extractor
    from shared.broker import Topics
    from shared.embedded import EmbeddedPostgres
    from shared.runtime import Record, StageContext
    from shared.settings import Settings
    from shared.storage.migrate import migrate
    from shared.storage.tenants import ensure_tenant

    postgres = EmbeddedPostgres(data_dir)
    url = postgres.start()
    try:
        if statements:
            conn = await asyncpg.connect(url)
            loaded = await conn.fetchval("SHOW shared_preload_libraries")
            if "pg_stat_statements" not in loaded:
                await conn.execute("ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'")
                await conn.close()
                postgres.stop()
                url = postgres.start()
            else:
                await conn.close()
        await recreate_database(url, "consolidator_storage")
        database_url = with_database(url, "consolidator_storage")
        migrate(database_url)
        conn = await asyncpg.connect(database_url)
        await ensure_tenant(conn, "bench-chain")

        settings = Settings(database_url=database_url, embedding_worker=False, embed_messages=False)
        topics = Topics.from_settings(settings)
        published: dict[str, list[bytes]] = {}

        async def publish(topic: str, items: list[tuple[bytes, bytes]]) -> None:
            published.setdefault(topic, []).extend(value for _, value in items)

        ctx = StageContext(stage="extractor", settings=settings, topics=topics, publish=publish)
        await ctx.start()
        record = Record("bench", 0, 0, None, b"")
        events = workload_events(users, "bench-chain")
        parse = extractor.make_parser(settings)
        for i in range(0, len(events), 64):
            await extractor.handle(ctx, [(record, parse(json.dumps(e).encode())) for e in events[i : i + 64]])
        ctx.stage = "embedder"
        extracted = published[topics.extracted]
        for i in range(0, len(extracted), 2048):
            await embedder.handle(ctx, [(record, embedder.parse(v)) for v in extracted[i : i + 2048]])
        candidates = published[topics.embedded]

        ctx.stage = "consolidator"
        parse_embedded = consolidator.make_parser(settings)
        # As `make bench` times a stage: from the end of its first batch (imports, connections, prepared
        # statements).
        await consolidator.handle(ctx, [(record, parse_embedded(v)) for v in candidates[:batch]])
        if statements:
            await conn.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
            await conn.execute("SELECT pg_stat_statements_reset()")
        pg_pid = postgres._server.get_pid()
        pg_before, cpu_before, started = tree_cpu(pg_pid), time.process_time(), time.perf_counter()
        for i in range(batch, len(candidates), batch):
            await consolidator.handle(ctx, [(record, parse_embedded(v)) for v in candidates[i : i + batch]])
        seconds = time.perf_counter() - started
        n = len(candidates) - batch
        result = {
            "candidates": n,
            "batch": batch,
            "candidates_per_s": round(n / seconds),
            "stage_cpu_ms_per_candidate": round(1000 * (time.process_time() - cpu_before) / n, 3),
            "postgres_cpu_ms_per_candidate": round(1000 * (tree_cpu(pg_pid) - pg_before) / n, 3),
            "decisions": {
                f"{r['op']}/{r['decided_by']}": r["n"]
                for r in await conn.fetch("SELECT op, decided_by, count(*) AS n FROM decisions GROUP BY 1, 2")
            },
        }
        result["state"] = await state_digest(conn)
        if statements:
            rows = await conn.fetch(
                "SELECT calls, total_exec_time, regexp_replace(query, '\\s+', ' ', 'g') AS query"
                " FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())"
                " ORDER BY calls DESC"
            )
            result["statements"] = [
                {"calls": r["calls"], "exec_ms": round(r["total_exec_time"], 1), "query": r["query"][:120]}
                for r in rows
                if "pg_stat_statements" not in r["query"]
            ]
        await ctx.pool.close()
        await conn.close()
        return result
    finally:
        postgres.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, default=Path("/tmp/qb-consolidator"))
    parser.add_argument("--batch", type=int, default=64, help="candidates per stage batch (the stage's default)")
    parser.add_argument("--users", type=int, default=160, help="workload users, 50 messages each")
    parser.add_argument("--statements", action="store_true", help="list statements with pg_stat_statements")
    args = parser.parse_args(argv)
    from shared.telemetry import configure_logging

    configure_logging("WARNING", json_logs=False)
    print(json.dumps(asyncio.run(measure(args.data_dir, args.batch, args.users, args.statements)), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
