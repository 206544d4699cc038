"""The benchmark's own embedded stack: Postgres and broker started here, databases of its own, and
service processes (`memstream worker|relay|api`) started and stopped by PID, the way `memstream dev`
runs them. Nothing here touches the user's dev data: everything lives under the bench data dir.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import httpx

from shared.embedded import EmbeddedBroker, EmbeddedPostgres, die_with_parent, free_port, stop_process
from shared.settings import Settings

ROOT = Path(__file__).resolve().parents[1]


def with_database(url: str, name: str) -> str:
    """The same server URL, another database (the embedded URI is a unix-socket one)."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))


def metric_sum(text: str, metric: str, **labels: str | set[str]) -> float:
    """Sum of the samples of one metric in a Prometheus text page whose labels match (a set: any of)."""
    from prometheus_client.parser import text_string_to_metric_families

    total = 0.0
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name != metric:
                continue
            ok = True
            for key, wanted in labels.items():
                got = sample.labels.get(key)
                ok = ok and (got in wanted if isinstance(wanted, set) else got == wanted)
            if ok:
                total += sample.value
    return total


@dataclass
class Service:
    """One `memstream ...` process with a /metrics port of its own."""

    name: str
    args: list[str]
    env: dict[str, str]
    log_path: Path
    metrics_port: int = field(default_factory=free_port)
    process: subprocess.Popen | None = None
    _client: httpx.Client | None = None

    def start(self) -> Service:
        env = {**self.env, "MEMSTREAM_METRICS_PORT": str(self.metrics_port)}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "services.cli", *self.args],
            env=env,
            cwd=ROOT,
            stdout=self.log_path.open("ab"),
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            preexec_fn=die_with_parent,
        )
        return self

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process else None

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def assert_alive(self) -> None:
        if not self.alive():
            tail = "\n".join(self.log_path.read_text(errors="replace").splitlines()[-20:])
            raise RuntimeError(f"{self.name} (pid {self.pid}) exited; log {self.log_path}:\n{tail}")

    def metrics_url(self) -> str:
        return f"http://127.0.0.1:{self.metrics_port}/metrics"

    def scrape(self, only: Sequence[str] = ()) -> str | None:
        """The /metrics page; with ``only``, just those metrics (prometheus_client's ``name[]`` filter: the
        process then collects and writes those alone, a page of a few lines instead of ~6 KB)."""
        # One client per service, kept: a new httpx client builds an SSL context (~22 ms of CPU here), and
        # the bench scrapes a timed stage every 0.1 s, so that alone took about a fifth of a core from the
        # stage it measured. identity: a gzip-compressed page would cost the measured process CPU too.
        if self._client is None:
            self._client = httpx.Client(timeout=2.0, headers={"Accept-Encoding": "identity"})
        try:
            return self._client.get(self.metrics_url(), params={"name[]": list(only)} if only else None).text
        except httpx.HTTPError:
            return None

    def stop(self) -> None:
        if self.process is not None:
            stop_process(self.process)
            self.process = None
        if self._client is not None:
            self._client.close()
            self._client = None


@dataclass
class BenchStack:
    """Embedded Postgres (data kept under ``data_dir``, so cached datasets survive) and an embedded broker
    (memory storage: fresh topics each run). Use as a context manager; every process it or its callers
    started through ``service()`` is stopped on exit, by PID."""

    data_dir: Path
    log_dir: Path
    postgres: EmbeddedPostgres | None = None
    broker: EmbeddedBroker | None = None
    server_url: str = ""
    bootstrap: str = ""
    services: list[Service] = field(default_factory=list)

    def __enter__(self) -> BenchStack:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.log_dir.mkdir(parents=True, exist_ok=True)
        try:
            self.postgres = EmbeddedPostgres(self.data_dir)
            self.server_url = self.postgres.start()
            self.broker = EmbeddedBroker(self.log_dir / "broker.log")
            self.bootstrap = self.broker.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        for service in reversed(self.services):
            service.stop()
        self.services.clear()
        if self.broker is not None:
            self.broker.stop()
            self.broker = None
        if self.postgres is not None:
            self.postgres.stop()
            self.postgres = None

    def database_url(self, name: str) -> str:
        return with_database(self.server_url, name)

    def settings(self, database: str, topic_prefix: str) -> Settings:
        return Settings(
            database_url=self.database_url(database),
            kafka_bootstrap=self.bootstrap,
            topic_prefix=topic_prefix,
            data_dir=self.data_dir,
        )

    def env(self, settings: Settings, **extra: str) -> dict[str, str]:
        return {
            **os.environ,
            "MEMSTREAM_DATABASE_URL": settings.database_url or "",
            "MEMSTREAM_KAFKA_BOOTSTRAP": self.bootstrap,
            "MEMSTREAM_TOPIC_PREFIX": settings.topic_prefix,
            "MEMSTREAM_DATA_DIR": str(self.data_dir),
            **extra,
        }

    def service(self, name: str, args: list[str], settings: Settings, **extra_env: str) -> Service:
        """Start one process; it is stopped by ``stop`` or, at the latest, when the stack closes."""
        service = Service(name, args, self.env(settings, **extra_env), self.log_dir / f"{name}.log").start()
        self.services.append(service)
        return service

    def stop(self, service: Service) -> None:
        service.stop()
        if service in self.services:
            self.services.remove(service)


def wait_ready(url: str, service: Service, timeout_s: float = 90.0) -> None:
    """Until ``url``/readyz answers 200; bounded, and fails fast if the process died."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        service.assert_alive()
        try:
            if httpx.get(f"{url}/readyz", timeout=1.0).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise TimeoutError(f"{service.name} not ready after {timeout_s}s; log {service.log_path}")


async def recreate_database(server_url: str, name: str) -> None:
    """A fresh, empty database (the pipeline's state must not carry over between runs)."""
    import asyncpg

    conn = await asyncpg.connect(server_url)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()


async def ensure_database(server_url: str, name: str) -> bool:
    """Create the database if missing; True if it was created now."""
    import asyncpg

    conn = await asyncpg.connect(server_url)
    try:
        if await conn.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name):
            return False
        await conn.execute(f'CREATE DATABASE "{name}"')
        return True
    finally:
        await conn.close()
