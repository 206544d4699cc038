"""The offline embedding model in a supervised child process, off the caller's GIL.

In-process, the model's Python-level work (tokenising, numpy's elementwise passes, turning vectors into
lists) competes for the GIL with the stage's event loop and with faust's consumer thread: the embedder's
profiles showed its event loop waiting for the model 75-85 % of the time. Here the model runs in a
child process of its own, and the stage's process only queues texts and receives vectors.

    embed(texts) -> bounded request queue -> dispatcher thread -> child: [reader thread -> encode]
                                                ^ batches queued requests together (across events)
                                                ^ keeps PIPELINE_DEPTH batches at the child, so the
                                                  next batch is sent and tokenised while one is embedded

Supervision: the dispatcher watches the child's pidfd. A child that dies (killed, out of
memory, a crash in native code) is started again and every batch it held is sent again, so no request
is lost; a batch that kills the child ``max_attempts`` times fails its requests with
:class:`ModelWorkerError` (the stage then isolates and dead-letters the event that causes it); a child that
cannot be started at all fails them with :class:`ModelWorkerUnavailable`, which a stage retries.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import queue
import socket
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait

import numpy as np

from shared.telemetry import MODEL_BUSY_SECONDS, get_logger

log = get_logger(__name__)

PIPELINE_DEPTH = 2  # batches at the child at once: one being embedded, the next already there (prefetch)
MAX_BATCH_TEXTS = 1024  # texts merged into one batch from queued requests
# The last request waiting is not merged into a batch that already holds this many texts. With nothing
# queued behind it, it is most likely a caller's last chunk (the embedders cut a small one off each batch):
# embedded on its own it comes back while the caller stores and publishes the batch before it, instead of
# with it, and at the end of a backlog only that small chunk is published after the model's last call.
KEEP_LAST_APART_TEXTS = 256
START_TIMEOUT_S = 120.0  # loading the model (and, for ONNX, building its graph once) must end by then


class ModelWorkerError(RuntimeError):
    """The model worker died on this batch every time it was sent (or the runner rejected it)."""


class ModelWorkerUnavailable(ConnectionError):
    """No model worker could be started. A ConnectionError, so a stage retries (transient), and never
    dead-letters the batch for it."""


@dataclass
class _Request:
    texts: list[str]
    future: Future = field(default_factory=Future)


@dataclass
class _Batch:
    id: int
    requests: list[_Request]
    attempts: int = 0

    @property
    def texts(self) -> list[str]:
        return [t for r in self.requests for t in r.texts]


class ModelWorker:
    """A supervised child process running one offline embedding runtime; thread- and loop-safe.

    ``embed`` may be awaited from any event loop (or ``encode`` called from any thread): requests go
    through one bounded queue to one dispatcher thread, which owns the child.
    """

    def __init__(
        self,
        runtime: str = "numpy",
        *,
        queue_size: int = 64,
        max_attempts: int = 3,
        batch_size: int = 64,
    ) -> None:
        self.runtime = runtime
        self.max_attempts = max_attempts
        self.batch_size = batch_size
        self.restarts = 0
        self._requests: queue.Queue[_Request | None] = queue.Queue(maxsize=queue_size)
        # The dispatcher waits on the child's socket, its sentinel and this, so a new request wakes it.
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._process: subprocess.Popen | None = None
        self._conn: Connection | None = None
        self._pidfd: int | None = None
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._closed = False
        self._ids = itertools.count()
        self._starting: asyncio.Future | None = None  # the start that embed() callers wait for together

    # ------------------------------------------------------------------ public

    @property
    def pid(self) -> int | None:
        """The child's process id (None before the first request)."""
        process = self._process
        return process.pid if process is not None else None

    def start(self) -> None:
        """Start the child and the dispatcher now (otherwise the first request does)."""
        with self._lock:
            if self._closed:
                raise ModelWorkerUnavailable("the model worker is closed")
            if self._thread is None:
                self._spawn()
                self._thread = threading.Thread(target=self._dispatch, name="model-worker", daemon=True)
                self._thread.start()

    def submit(self, texts: Sequence[str], *, block: bool = True) -> Future:
        self.start()
        request = _Request([str(t) for t in texts])
        self._requests.put(request, block=block)
        self._wake_w.send(b"\0")
        return request.future

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Blocking: float32 ``(len(texts), dim)`` unit vectors, in order."""
        if not texts:
            return np.empty((0, 0), np.float32)
        return self.submit(texts).result()

    async def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.empty((0, 0), np.float32)
        if self._thread is None:
            await asyncio.shield(self._start_for_callers())
        try:
            future = self.submit(texts, block=False)
        except queue.Full:  # backpressure: wait for room without blocking the event loop
            future = await asyncio.to_thread(self.submit, texts)
        return await asyncio.wrap_future(future)

    def _start_for_callers(self) -> asyncio.Future:
        """One start (in a thread: the child's model takes a while to load) shared by every embed() call
        that finds the worker not started. They are woken in the order they called, so they queue their
        requests in that order: a batch's chunks reach the model in order, its small last chunk last.
        (Each waiting for a start in a thread of its own, they queued in whatever order the threads ended.)"""
        loop = asyncio.get_running_loop()
        starting = self._starting
        if starting is None or starting.get_loop() is not loop or starting.done():
            starting = self._starting = asyncio.ensure_future(asyncio.to_thread(self.start))
        return starting

    def close(self) -> None:
        with self._lock:
            self._closed = True
            thread = self._thread
        if thread is not None:
            self._requests.put(None)
            self._wake_w.send(b"\0")
            thread.join(30)
        self._stop_child()
        self._wake_r.close()
        self._wake_w.close()

    # -------------------------------------------------------------- the child

    def _spawn(self) -> None:
        """Start a child and wait for its "ready" (the model loaded) or its error."""
        parent_end, child_end = socket.socketpair()
        try:
            process = subprocess.Popen(
                [sys.executable, "-m", "shared.providers.offline.model_worker", str(child_end.fileno()), self.runtime],
                pass_fds=[child_end.fileno()],
                stdin=subprocess.DEVNULL,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )
        finally:
            child_end.close()
        conn = Connection(parent_end.detach())
        deadline = time.monotonic() + START_TIMEOUT_S
        while not conn.poll(0.1):
            if process.poll() is not None or time.monotonic() > deadline:
                conn.close()
                _reap(process)
                raise ModelWorkerUnavailable(
                    f"the model worker ({self.runtime}) did not start (exit {process.returncode})"
                )
        message = _recv(conn)
        if message is None or message[0] != "ready":
            conn.close()
            _reap(process)
            reason = message[1] if message else "it closed its connection"
            raise ModelWorkerUnavailable(f"the model worker ({self.runtime}) failed to start: {reason}")
        self._process, self._conn = process, conn
        self._pidfd = os.pidfd_open(process.pid)
        log.info("model worker started", pid=process.pid, runtime=self.runtime, restarts=self.restarts)

    def _stop_child(self) -> None:
        conn, process = self._conn, self._process
        self._conn = None
        if self._pidfd is not None:
            os.close(self._pidfd)
            self._pidfd = None
        if conn is not None:
            conn.close()  # the child reads EOF and exits
        if process is not None:
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                _reap(process)

    def _restart(self) -> None:
        self._stop_child()
        self.restarts += 1
        self._spawn()

    # --------------------------------------------------------- the dispatcher

    def _dispatch(self) -> None:
        at_child: deque[_Batch] = deque()  # sent, in order; the child answers in the same order
        waiting: deque[_Request] = deque()  # taken from the queue, not yet sent
        stopping = False
        while not (stopping and not at_child and not waiting):
            stopping = self._drain(waiting) or stopping
            while waiting and len(at_child) < PIPELINE_DEPTH:
                batch = _Batch(next(self._ids), _take_batch(waiting))
                at_child.append(batch)
                self._send(batch)
            if stopping and not at_child and not waiting:
                break
            process, conn = self._process, self._conn
            # A pidfd becomes readable when the child exits, however it dies.
            watched = [self._wake_r, conn, self._pidfd] if conn and process else [self._wake_r]
            ready = wait(watched, 1.0)
            if self._wake_r in ready:
                with contextlib.suppress(BlockingIOError):
                    self._wake_r.recv(4096)
            if conn in ready:
                answer = _recv(conn)
                if answer is not None:
                    self._answer(at_child.popleft(), answer)
                    continue
            if process is not None and process.poll() is not None or (conn in ready):
                self._recover(at_child)

    def _drain(self, waiting: deque[_Request]) -> bool:
        """Move every queued request to ``waiting``; True once close() asked to stop."""
        stop = False
        while True:
            try:
                request = self._requests.get_nowait()
            except queue.Empty:
                return stop
            if request is None:
                stop = True
            else:
                waiting.append(request)

    def _send(self, batch: _Batch) -> None:
        batch.attempts += 1
        try:
            if self._conn is None:
                raise OSError("no child")
            self._conn.send((batch.id, batch.texts, self.batch_size))
        except OSError:
            pass  # the child is gone: the dispatcher sees its pidfd and sends the batch again

    def _answer(self, batch: _Batch, answer: tuple) -> None:
        kind, batch_id, payload, busy_s = answer
        MODEL_BUSY_SECONDS.labels(self.runtime).inc(busy_s)
        if batch_id != batch.id:  # pragma: no cover - the protocol is in order; a mismatch is a bug
            raise RuntimeError(f"model worker answered batch {batch_id}, expected {batch.id}")
        if kind == "error":
            for request in batch.requests:
                request.future.set_exception(ModelWorkerError(payload))
            return
        start = 0
        for request in batch.requests:
            end = start + len(request.texts)
            request.future.set_result(payload[start:end])
            start = end

    def _recover(self, at_child: deque[_Batch]) -> None:
        """The child died: start another and send it every batch the dead one held."""
        process = self._process
        log.warning(
            "model worker died; restarting it",
            pid=process.pid if process else None,
            exit_code=process.poll() if process else None,
            batches_in_flight=len(at_child),
        )
        for batch in list(at_child):
            if batch.attempts >= self.max_attempts:
                at_child.remove(batch)
                for request in batch.requests:
                    request.future.set_exception(
                        ModelWorkerError(f"the model worker died {batch.attempts} times on this batch")
                    )
        for attempt in itertools.count(1):
            try:
                self._restart()
                break
            except ModelWorkerUnavailable as exc:
                if attempt >= self.max_attempts:
                    self._fail_everything(at_child, exc)
                    return
                time.sleep(0.5 * attempt)
        for batch in at_child:
            self._send(batch)

    def _fail_everything(self, at_child: deque[_Batch], exc: Exception) -> None:
        while at_child:
            for request in at_child.popleft().requests:
                request.future.set_exception(exc)
        self._process = None  # the next request starts a child again
        with self._lock:
            self._thread = None
        waiting: deque[_Request] = deque()
        self._drain(waiting)
        for request in waiting:
            request.future.set_exception(exc)
        raise SystemExit  # ends the dispatcher thread; start() makes a new one


def _take_batch(waiting: deque[_Request]) -> list[_Request]:
    """Queued requests merged into one batch, up to MAX_BATCH_TEXTS texts (a larger request goes alone);
    the last one waiting is kept apart from a batch of KEEP_LAST_APART_TEXTS or more."""
    taken = [waiting.popleft()]
    count = len(taken[0].texts)
    while waiting and count + len(waiting[0].texts) <= MAX_BATCH_TEXTS:
        if len(waiting) == 1 and count >= KEEP_LAST_APART_TEXTS:
            break
        count += len(waiting[0].texts)
        taken.append(waiting.popleft())
    return taken


def _recv(conn: Connection):
    try:
        return conn.recv()
    except (EOFError, OSError):
        return None


def _reap(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(10)


# --------------------------------------------------------------------- child side


def _child_main(fd: int, runtime: str) -> None:
    """Load the runtime, then embed batches until the parent closes the connection.

    A reader thread takes the next batch off the socket (and tokenises nothing yet: the runner does)
    while the main thread embeds the current one, so the parent never blocks on a send.
    """
    conn = Connection(fd)
    try:
        from shared.providers.offline.runtimes import load_runner

        runner = load_runner(runtime)
        runner.encode(["warm up"])
    except Exception as exc:  # the parent reports it: e.g. the weights are not installed
        conn.send(("failed", f"{type(exc).__name__}: {exc}"))
        return
    inbox: queue.Queue = queue.Queue(maxsize=PIPELINE_DEPTH + 1)

    def read() -> None:
        while True:
            try:
                inbox.put(conn.recv())
            except (EOFError, OSError):
                inbox.put(None)
                return

    threading.Thread(target=read, name="model-worker-reader", daemon=True).start()
    conn.send(("ready", os.getpid()))
    while (item := inbox.get()) is not None:
        batch_id, texts, batch_size = item
        started = time.perf_counter()
        try:
            vectors = runner.encode(texts, batch_size=batch_size)
        except Exception as exc:  # a bad input is the caller's error, not a reason to die
            conn.send(("error", batch_id, f"{type(exc).__name__}: {exc}", time.perf_counter() - started))
            continue
        try:
            conn.send(("ok", batch_id, vectors, time.perf_counter() - started))
        except OSError:
            return


if __name__ == "__main__":
    _child_main(int(sys.argv[1]), sys.argv[2])
