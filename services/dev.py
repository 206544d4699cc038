"""`memstream dev`: the whole service on one machine, in the same shape as production.

Embedded Postgres and broker (unless URLs are given), then every stage, the relay and the API as
separate OS processes. Ctrl-C or SIGTERM stops all of them, children first, by PID.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from pathlib import Path

import httpx

from services.stack_state import StackState, banner, clear_state, write_state
from services.workers import STAGES
from shared.broker import ensure_topics
from shared.embedded import EmbeddedBroker, EmbeddedPostgres, die_with_parent, free_port, stop_process
from shared.settings import Settings
from shared.storage.migrate import migrate
from shared.telemetry import get_logger

log = get_logger(__name__)


class RestartWindow:
    """The restarts of one child within the last ``window_s`` seconds. A child that keeps dying is
    given up on; one that dies now and then over days is not (a lifetime count would end the stack
    after its sixth unrelated crash)."""

    def __init__(self, max_restarts: int, window_s: float):
        self.max_restarts, self.window_s = max_restarts, window_s
        self._times: deque[float] = deque()

    def allow(self, now: float) -> bool:
        """Record a restart at ``now`` and say yes, or say no: ``max_restarts`` already in the window."""
        while self._times and self._times[0] <= now - self.window_s:
            self._times.popleft()
        if len(self._times) >= self.max_restarts:
            return False
        self._times.append(now)
        return True

    def __len__(self) -> int:
        return len(self._times)


class Child:
    def __init__(self, name: str, args: list[str], env: dict[str, str], log_dir: Path, restarts: RestartWindow):
        self.name, self.args, self.env = name, args, env
        self.log_path = log_dir / f"{name}.log"
        self.process: subprocess.Popen | None = None
        self.restarts = restarts

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "services.cli", *self.args],
            env=self.env,
            stdout=self.log_path.open("ab"),
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            preexec_fn=die_with_parent,
        )


def run_dev(settings: Settings, *, demo: bool = False) -> int:
    stop = threading.Event()

    def on_signal(signum, _frame):
        log.info("dev_stopping", signal=signal.Signals(signum).name)
        stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)

    data_dir = settings.data_dir.resolve()
    log_dir = data_dir / "logs"
    log_dir.mkdir(parents=True, exist_ok=True)
    postgres = broker = None
    children: list[Child] = []
    started = time.monotonic()
    try:
        database_url = settings.database_url
        if not database_url:
            postgres = EmbeddedPostgres(data_dir)
            database_url = postgres.start()
        bootstrap = settings.kafka_bootstrap
        if not bootstrap:
            broker = EmbeddedBroker(log_dir / "broker.log", settings.embedded_broker_port)
            bootstrap = broker.start()
        resolved = settings.model_copy(update={"database_url": database_url, "kafka_bootstrap": bootstrap})
        applied = migrate(database_url)
        asyncio.run(_prepare(resolved))
        log.info("dev_prepared", migrations_applied=applied, seconds=round(time.monotonic() - started, 2))

        env = {
            **os.environ,
            "MEMSTREAM_DATABASE_URL": database_url,
            "MEMSTREAM_KAFKA_BOOTSTRAP": bootstrap,
            "MEMSTREAM_DATA_DIR": str(data_dir),
        }
        # Each process gets a /metrics port of its own; none binds before all are started, so each port is
        # picked apart from the ones already promised.
        plan: list[tuple[str, list[str], int]] = [("api", ["api"], 0)]
        for name, args in [*((stage, ["worker", stage]) for stage in STAGES), ("relay", ["relay"])]:
            plan.append((name, args, free_port(taken=[port for *_, port in plan])))
        for name, args, metrics_port in plan:
            window = RestartWindow(settings.dev_max_restarts, settings.dev_restart_window_s)
            child = Child(name, args, {**env, "MEMSTREAM_METRICS_PORT": str(metrics_port)}, log_dir, window)
            child.start()
            children.append(child)
        _write_pids(data_dir, postgres, broker, children)

        api_url = f"http://{settings.api_host}:{settings.api_port}"
        if not _wait_ready(api_url, stop, children):
            return 0 if stop.is_set() else 1  # Ctrl-C or SIGTERM during start-up is a normal stop
        key = settings.dev_api_key.get_secret_value()
        state = StackState(
            dev_pid=os.getpid(),
            data_dir=str(data_dir),
            api_url=api_url,
            bootstrap=bootstrap,
            database_url=database_url,
            tenant=settings.dev_tenant,
            log_dir=str(log_dir),
            broker_embedded=broker is not None,
            database_embedded=postgres is not None,
            started_at=time.time(),
            processes={
                c.name: {"pid": c.process.pid, "metrics_port": int(c.env["MEMSTREAM_METRICS_PORT"])} for c in children
            },
        )
        write_state(data_dir, state)  # `memstream status` and the other commands find the stack by it
        print(banner(state, seconds=time.monotonic() - started, api_key=key), flush=True)
        if demo:
            from services.demo import run_demo

            threading.Thread(target=run_demo, args=(api_url, key, stop), daemon=True).start()
        _supervise(children, stop, data_dir, postgres, broker)
        return 0
    finally:
        for child in reversed(children):
            if child.process is not None:
                stop_process(child.process)
        if broker is not None:
            broker.stop()
        if postgres is not None:
            postgres.stop()
        (data_dir / "dev.json").unlink(missing_ok=True)
        clear_state(data_dir)
        log.info("dev_stopped")


async def _prepare(settings: Settings) -> None:
    from shared.storage.db import create_pool
    from shared.storage.tenants import add_api_key

    await ensure_topics(settings)
    pool = await create_pool(settings.database_url or "", max_size=1)
    try:
        await add_api_key(pool, settings.dev_tenant, settings.dev_api_key.get_secret_value(), label="dev")
    finally:
        await pool.close()


def _write_pids(
    data_dir: Path, postgres: EmbeddedPostgres | None, broker: EmbeddedBroker | None, children: list[Child]
) -> None:
    pids = {
        "dev": os.getpid(),
        "postgres": postgres.pid if postgres else None,
        "broker": broker.process.pid if broker and broker.process else None,
        "children": {c.name: c.process.pid for c in children if c.process},
    }
    (data_dir / "dev.json").write_text(json.dumps(pids, indent=2))


def _wait_ready(api_url: str, stop: threading.Event, children: list[Child], timeout_s: float = 60.0) -> bool:
    deadline = time.monotonic() + timeout_s
    while not stop.is_set() and time.monotonic() < deadline:
        dead = [c.name for c in children if c.process and c.process.poll() is not None]
        if dead:
            log.error("dev_child_died_at_start", children=dead, logs=str(children[0].log_path.parent))
            return False
        try:
            if httpx.get(f"{api_url}/readyz", timeout=1.0).status_code == 200:
                return True
        except httpx.HTTPError:
            pass
        time.sleep(0.25)
    if not stop.is_set():
        log.error("dev_not_ready", api=api_url, seconds=timeout_s)
    return False


def _supervise(children: list[Child], stop: threading.Event, data_dir: Path, postgres, broker) -> None:
    """Restart a crashed child, so a dev stack survives a bad moment; give up on one that keeps dying
    (too many restarts within the window)."""
    while not stop.wait(0.5):
        for child in children:
            code = child.process.poll() if child.process else None
            if code is None:
                continue
            if not child.restarts.allow(time.monotonic()):
                log.error(
                    "dev_child_gave_up",
                    child=child.name,
                    exit_code=code,
                    restarts_in_window=len(child.restarts),
                    window_s=child.restarts.window_s,
                    log=str(child.log_path),
                )
                stop.set()
                break
            log.warning(
                "dev_child_restarting", child=child.name, exit_code=code, restarts_in_window=len(child.restarts)
            )
            child.start()
            _write_pids(data_dir, postgres, broker, children)
