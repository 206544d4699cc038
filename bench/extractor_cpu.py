"""The extractor stage's own CPU per chat message, A/B: for a change whose gain is smaller than the noise of a
shared machine's wall-clock throughput.

Each run: a fresh database and fresh topics, `bench/workload.py`'s conversations (as `make bench` builds its
extractor workload) preloaded on chat.messages, then `memstream worker extractor` started from one code
directory and followed on its /metrics until it consumed them all. The figure is the worker's CPU (user +
system, its process tree) between the first scrape that showed progress and the last, per message consumed in
between: start-up and the first batch are left out, as in `make bench`. CPU time is far less sensitive than
wall time to what else runs on the machine (though not immune: caches and frequency are shared). Runs
alternate between the code directories (A B A B ...), so a drift in the machine's load falls on both.

    python bench/extractor_cpu.py --code /tmp/base --code . --rounds 3

``--code`` is a checkout (e.g. ``git archive <commit> | tar -x -C /tmp/base``); the worker runs there with this
virtualenv. With MEMSTREAM_BENCH_PROFILE_DIR set, py-spy samples each worker into that directory (as in
`make bench`; its overhead then counts in the figure). ``--interval`` is how often /metrics is scraped
(``make bench`` polls every 0.1 s).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import harness  # noqa: E402
from bench.run import cpu_times, create_tenants, produce, start_profiler, stop_profiler, workload_events  # noqa: E402
from bench.stack import BenchStack, Service, metric_sum, recreate_database  # noqa: E402
from shared.broker import ensure_topics, key_for  # noqa: E402
from shared.embedded import die_with_parent  # noqa: E402

DATABASE = "bench_extractor_cpu"
COUNTED = {"processed", "dead_lettered", "skipped_memory_off"}


def one_run(stack: BenchStack, code: Path, label: str, run: int, users: int, interval_s: float) -> dict:
    from shared.storage.migrate import migrate

    asyncio.run(recreate_database(stack.server_url, DATABASE))
    migrate(stack.database_url(DATABASE))
    asyncio.run(create_tenants(stack.database_url(DATABASE)))
    settings = stack.settings(DATABASE, f"xcpu{run}.")
    asyncio.run(ensure_topics(settings))
    events = workload_events(users, "bench-chain")
    items = [(key_for(e["tenant_id"], e["session_id"]), json.dumps(e).encode()) for e in events]
    asyncio.run(produce(stack.bootstrap, settings.topic("chat.messages"), items))

    # Started here rather than by ``stack.service``: from the code directory under test.
    service = Service(
        f"extractor-{label}", ["worker", "extractor"], stack.env(settings), stack.log_dir / f"{label}.log"
    )
    env = {**service.env, "MEMSTREAM_METRICS_PORT": str(service.metrics_port)}
    service.process = subprocess.Popen(
        [sys.executable, "-m", "services.cli", "worker", "extractor"],
        env=env,
        cwd=code,
        stdout=service.log_path.open("ab"),
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        preexec_fn=die_with_parent,
    )
    stack.services.append(service)
    profiler = start_profiler(f"extractor-{label}-{run}", service.pid)
    try:
        samples: list[tuple[float, float]] = []
        first_cpu: dict[int, float] = {}
        deadline = time.monotonic() + 300
        while True:
            service.assert_alive()
            text = service.scrape(only=("memstream_events_total",))
            now = time.monotonic()
            value = metric_sum(text, "memstream_events_total", stage="extractor", outcome=COUNTED) if text else 0.0
            if value > 0 and not first_cpu:
                first_cpu = cpu_times(service.pid)
            samples.append((now, value))
            if value >= len(items):
                cpu = harness.cpu_delta(first_cpu, cpu_times(service.pid))
                total_cpu = sum(cpu_times(service.pid).values())
                break
            if now > deadline:
                raise TimeoutError(f"{label}: {value} of {len(items)} after 300 s")
            time.sleep(interval_s)
    finally:
        stop_profiler(profiler)
        stack.stop(service)
    rate = harness.rate_from_samples(samples, len(items))
    assert rate is not None
    return {
        "label": label,
        "messages": len(items),
        "timed": int(rate.events),
        "per_s": round(rate.per_s, 1),
        "cpu_ms_per_message": round(1000 * cpu / rate.events, 4),
        "cpu_s_total": round(total_cpu, 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--code", type=Path, action="append", required=True, help="a checkout to run (repeat)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--users", type=int, default=320, help="x 50 messages each")
    parser.add_argument(
        "--interval",
        type=float,
        action="append",
        help="seconds between /metrics scrapes (default 0.5; or one per --code)",
    )
    parser.add_argument("--data-dir", type=Path, default=Path("/tmp/extractor-cpu"))
    args = parser.parse_args()
    from shared.telemetry import configure_logging

    configure_logging("WARNING", json_logs=False)
    intervals = args.interval or [0.5]
    if len(intervals) == 1:
        intervals = intervals * len(args.code)
    if len(intervals) != len(args.code):
        parser.error("give one --interval, or one per --code")
    pairs = list(zip(args.code, intervals, strict=True))
    labels = [f"{chr(ord('A') + i)}:{code}@{every}s" for i, (code, every) in enumerate(pairs)]
    results: list[dict] = []
    with BenchStack(args.data_dir, args.data_dir / "logs") as stack:
        run = 0
        for _ in range(args.rounds):
            for code, every, label in zip(args.code, intervals, labels, strict=True):
                run += 1
                result = one_run(stack, code.resolve(), label.split(":")[0], run, args.users, every)
                result["label"] = label
                results.append(result)
                print(json.dumps(result), flush=True)
    for label in labels:
        mine = [r["cpu_ms_per_message"] for r in results if r["label"] == label]
        rates = [r["per_s"] for r in results if r["label"] == label]
        print(
            f"{label}: CPU ms/message median {statistics.median(mine):.4f} "
            f"(runs {', '.join(f'{x:.4f}' for x in mine)}); "
            f"msg/s median {statistics.median(rates):,.0f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
