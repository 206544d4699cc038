"""Test helpers: the running stack, stage processes, and bounded waits."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import httpx

from shared.embedded import free_port, stop_process
from shared.settings import Settings

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Stack:
    settings: Settings
    database_url: str
    bootstrap: str
    data_dir: Path
    postgres: Any = None  # the EmbeddedPostgres, for outage drills (halt / resume)
    broker: Any = None  # the EmbeddedBroker, for outage drills (its process can be paused)


@dataclass
class Pipeline:
    """Stage processes started with `memstream`, each stoppable (or killable) by PID."""

    stack: Stack
    api_port: int = field(default_factory=free_port)
    processes: dict[str, subprocess.Popen] = field(default_factory=dict)
    metrics_ports: dict[str, int] = field(default_factory=dict)

    @property
    def api_url(self) -> str:
        return f"http://127.0.0.1:{self.api_port}"

    def env(self, **extra: str) -> dict[str, str]:
        return {
            **os.environ,
            "MEMSTREAM_DATABASE_URL": self.stack.database_url,
            "MEMSTREAM_KAFKA_BOOTSTRAP": self.stack.bootstrap,
            "MEMSTREAM_API_PORT": str(self.api_port),
            **extra,
        }

    def start(self, name: str, *args: str, **env: str) -> subprocess.Popen:
        """Start (or restart) one process; each gets a /metrics port of its own."""
        log = (self.stack.data_dir / f"{name}.log").open("ab")
        # Every process of the pipeline starts before any binds its port: a port promised to one is not free.
        taken = {self.api_port, *self.metrics_ports.values()}
        port = self.metrics_ports.setdefault(name, free_port(taken=taken))
        process = subprocess.Popen(
            [sys.executable, "-m", "services.cli", *args],
            env=self.env(**{"MEMSTREAM_METRICS_PORT": str(port), **env}),
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
        self.processes[name] = process
        return process

    def kill(self, name: str, sig: int = signal.SIGKILL) -> None:
        """SIGKILL (no shutdown hook runs, nothing is committed on the way out) or, say, SIGTERM."""
        process = self.processes.pop(name)
        process.send_signal(sig)
        try:
            process.wait(60)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait(10)

    def metric(self, name: str, metric: str, **labels: str) -> float:
        """Sum of the samples of one metric on one process's /metrics whose labels match."""
        from prometheus_client.parser import text_string_to_metric_families

        url = f"{self.api_url}/metrics/" if name == "api" else f"http://127.0.0.1:{self.metrics_ports[name]}/metrics"
        text = httpx.get(url, timeout=5).text
        return sum(
            sample.value
            for family in text_string_to_metric_families(text)
            for sample in family.samples
            if sample.name == metric and all(sample.labels.get(k) == v for k, v in labels.items())
        )

    def start_all(self) -> None:
        from services.workers import STAGES

        for stage in STAGES:
            self.start(stage, "worker", stage)
        self.start("relay", "relay")
        self.start("api", "api")
        wait_sync(lambda: _ready(self.api_url), timeout_s=60, what="API ready")
        self.assert_alive()

    def assert_alive(self) -> None:
        dead = {name: p.returncode for name, p in self.processes.items() if p.poll() is not None}
        if dead:
            tails = "\n".join(f"--- {name}\n{self.log_tail(name, 15)}" for name in dead)
            raise AssertionError(f"pipeline processes died: {dead}\n{tails}")

    def stop(self, name: str) -> None:
        process = self.processes.pop(name, None)
        if process is not None:
            stop_process(process)

    def stop_all(self) -> None:
        for name in list(self.processes):
            self.stop(name)

    def log_tail(self, name: str, lines: int = 40) -> str:
        path = self.stack.data_dir / f"{name}.log"
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:]) if path.exists() else ""


def _ready(url: str) -> bool:
    try:
        return httpx.get(f"{url}/readyz", timeout=1.0).status_code == 200
    except httpx.HTTPError:
        return False


def wait_sync(check: Callable[[], Any], *, timeout_s: float, what: str, interval_s: float = 0.25) -> Any:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        result = check()
        if result:
            return result
        time.sleep(interval_s)
    raise TimeoutError(f"timed out after {timeout_s}s waiting for {what}")


async def wait_for(check: Callable[[], Awaitable[T]], *, timeout_s: float, what: str, interval_s: float = 0.25) -> T:
    """Poll an async check until it returns something truthy; bounded in time."""
    deadline = time.monotonic() + timeout_s
    last: Any = None
    while time.monotonic() < deadline:
        last = await check()
        if last:
            return last
        await asyncio.sleep(interval_s)
    raise TimeoutError(f"timed out after {timeout_s}s waiting for {what}; last value: {last!r}")


async def read_topic(
    bootstrap: str, topic: str, *, predicate: Callable[[dict], bool], timeout_s: float = 10.0
) -> list[dict]:
    """Every JSON record of a topic, from the beginning, that matches; reads without a group."""
    from aiokafka import AIOKafkaConsumer, TopicPartition

    consumer = AIOKafkaConsumer(bootstrap_servers=bootstrap, enable_auto_commit=False)
    await consumer.start()
    try:
        partitions = [
            TopicPartition(topic, p)
            for p in sorted(consumer.partitions_for_topic(topic) or await _partitions(consumer, topic))
        ]
        consumer.assign(partitions)
        await consumer.seek_to_beginning(*partitions)
        found: list[dict] = []
        deadline = time.monotonic() + timeout_s
        idle_rounds = 0
        while time.monotonic() < deadline and idle_rounds < 3:
            batch = await consumer.getmany(timeout_ms=500)
            idle_rounds = 0 if batch else idle_rounds + 1
            for records in batch.values():
                for record in records:
                    value = _json_object(record.value)
                    if value is not None and predicate(value):
                        found.append(value)
        return found
    finally:
        await consumer.stop()


def _json_object(raw: bytes | None) -> dict | None:
    """A record's value as a JSON object, or None: the topics also carry the chaos suite's poison
    (tombstones, garbage, JSON nested too deep), which a reader must step over, as the stages do."""
    if raw is None:
        return None
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


async def _partitions(consumer, topic: str) -> set[int]:
    await consumer._client.force_metadata_update()
    return consumer.partitions_for_topic(topic) or set()
