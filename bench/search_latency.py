"""Search and context latency at 100k facts over 10k users: p50 / p95 over HTTP.

    .venv/bin/python bench/search_latency.py                  # builds the data once, then measures
    .venv/bin/python bench/search_latency.py --requests 500   # more samples
    .venv/bin/python bench/search_latency.py --json

Setup (kept under --data-dir, default /tmp/memstream-bench-latency, so a second run skips the build):
an embedded Postgres (or MEMSTREAM_DATABASE_URL) and an embedded broker (the API's readiness needs
one), the migrations, then `memstream bench`'s 100k dataset (bench/search_data.py: 100,000 facts over
10,000 users, 50,000 messages, a summary per user, random unit vectors, texts from a small vocabulary
so that full text has matches, the HNSW index built after the COPY).

Measured: the API in its own process (`memstream api`), one client sending requests one after the
other over loopback HTTP. Every query is a fresh string, so each search pays for embedding the query
with the offline MiniLM (no cache hits). Targets on 2 cores: search p95 <= 25 ms, context p95 <= 40 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.search_data import FACTS_PER_USER, KEY, ensure_dataset, query_text, session_id, user_id  # noqa: E402

FACTS = 100_000
USERS = FACTS // FACTS_PER_USER
TARGETS_MS = {"search": 25.0, "context": 40.0}


def cpu_pressure_seconds() -> float | None:
    """Seconds during which some runnable task waited for a CPU (Linux PSI), or None without PSI. Over a
    run, its growth per second is the share of the time the machine was short of cores (0 when idle)."""
    try:
        line = Path("/proc/pressure/cpu").read_text().splitlines()[0]
        return int(line.rsplit("total=", 1)[1]) / 1e6
    except (OSError, IndexError, ValueError):
        return None


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def _summary_ms(samples_s: list[float]) -> dict:
    ms = [s * 1000 for s in samples_s]
    return {
        "p50_ms": round(percentile(ms, 50), 2),
        "p95_ms": round(percentile(ms, 95), 2),
        "p99_ms": round(percentile(ms, 99), 2),
        "mean_ms": round(statistics.fmean(ms), 2),
    }


def measure(api_url: str, requests: int, warmup: int) -> dict:
    import httpx
    import numpy as np

    rng = np.random.default_rng(7)
    from bench.search_requests import RequestTally, post_timed

    results = {}
    with httpx.Client(base_url=api_url, headers={"X-API-Key": KEY}, timeout=30) as client:
        for name in ("search", "context"):
            tally = RequestTally()  # a failed request is counted, not fatal
            for i in range(warmup + requests):
                u = int(rng.integers(USERS))
                query = query_text(rng, i)
                if name == "search":
                    body = {"user_id": user_id(u), "query": query, "k": 10, "include_faded": True}
                else:
                    body = {
                        "user_id": user_id(u),
                        "query": query,
                        "session_id": session_id(u),
                        "max_tokens": 800,
                        "detail": True,
                    }
                post_timed(client, f"/v1/{name}", body, tally if i >= warmup else None, time.perf_counter)
            samples = [s * 1000 for s in tally.ok_s]
            summary = tally.summary(_summary_ms)
            results[name] = {
                **summary,
                "target_p95_ms": TARGETS_MS[name],
                "meets_target": bool(samples) and not summary["errors"] and percentile(samples, 95) <= TARGETS_MS[name],
            }
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--data-dir", type=Path, default=Path(os.environ.get("TMPDIR", "/tmp")) / "memstream-bench-latency"
    )
    parser.add_argument("--requests", type=int, default=300, help="measured requests per endpoint")
    parser.add_argument("--warmup", type=int, default=30)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    from shared.embedded import EmbeddedBroker, EmbeddedPostgres, free_port, stop_process
    from shared.telemetry import configure_logging

    configure_logging("WARNING", json_logs=False)
    args.data_dir.mkdir(parents=True, exist_ok=True)
    database_url = os.environ.get("MEMSTREAM_DATABASE_URL")
    postgres = broker = api = None
    try:
        if not database_url:
            postgres = EmbeddedPostgres(args.data_dir)
            database_url = postgres.start()
        broker = EmbeddedBroker(args.data_dir / "broker.log")
        bootstrap = broker.start()
        from shared.storage.migrate import migrate

        migrate(database_url)
        dataset = asyncio.run(
            ensure_dataset(database_url, FACTS, hnsw=True, progress=lambda *step: print(*step, file=sys.stderr))
        )
        build_report = dataset.as_dict()
        port = free_port()
        env = {
            **os.environ,
            "MEMSTREAM_DATABASE_URL": database_url,
            "MEMSTREAM_KAFKA_BOOTSTRAP": bootstrap,
            "MEMSTREAM_API_PORT": str(port),
            "MEMSTREAM_LOG_LEVEL": "WARNING",
        }
        log = (args.data_dir / "api.log").open("ab")
        api = subprocess.Popen(
            [sys.executable, "-m", "services.cli", "api"], env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT
        )
        import httpx

        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{url}/readyz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("the API did not become ready; see api.log")
            time.sleep(0.2)
        load_before = os.getloadavg()[0]
        pressure_before, started = cpu_pressure_seconds(), time.monotonic()
        results = measure(url, args.requests, args.warmup)
        results["load_avg_1m"] = {"before": round(load_before, 2), "after": round(os.getloadavg()[0], 2)}
        pressure_after = cpu_pressure_seconds()
        results["cpu_pressure"] = (
            round((pressure_after - pressure_before) / (time.monotonic() - started), 2)
            if pressure_before is not None and pressure_after is not None
            else None
        )
    finally:
        if api is not None:
            stop_process(api)
        if broker is not None:
            broker.stop()
        if postgres is not None:
            postgres.stop()
    report = {"facts": FACTS, "users": USERS, "build": build_report, **results}
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{FACTS} facts over {USERS} users; build: {json.dumps(build_report)}")
        load = results["load_avg_1m"]
        print(
            f"machine load (1-min average, {os.cpu_count()} cores): {load['before']} before, {load['after']} after; "
            f"CPU pressure during the run {results['cpu_pressure']} (share of the time a task waited for a core)"
        )
        print(f"{'endpoint':<10}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'target p95':>12}")
        for name in ("search", "context"):
            r = results[name]
            mark = "ok" if r["meets_target"] else "MISSED"
            if "p50_ms" not in r:
                print(f"{name:<10} no answered request; {r['errors']} errors {r['error_causes']}")
                continue
            errors = f"; {r['errors']} errors ({r['error_share']:.1%}) {r['error_causes']}" if r["errors"] else ""
            print(
                f"{name:<10}{r['p50_ms']:>9.1f}{r['p95_ms']:>9.1f}{r['p99_ms']:>9.1f}{r['target_p95_ms']:>9.0f} {mark}"
                + errors
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
