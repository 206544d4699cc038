"""Recall events from the read path, published without ever delaying a read.

Search, context and ask hand the facts they used to :meth:`RecallPublisher.record`, which only puts
an event on a bounded in-process queue. A background task sends the queue to memory.recalls in
batches. If the broker is slow or down and the queue fills, new recalls are dropped and counted:
a recall is a ranking signal, and a read must never wait for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import Awaitable, Callable, Iterable
from datetime import UTC, datetime

from prometheus_client import Counter

from shared.broker import key_for
from shared.contracts.events import FactRecalled
from shared.telemetry import get_logger

log = get_logger(__name__)

RECALLS_PUBLISHED = Counter("memstream_recalls_published_total", "Recall events the API published.", ["kind"])
RECALLS_DROPPED = Counter(
    "memstream_recalls_dropped_total", "Recall events the API dropped because its queue was full.", ["kind"]
)

Send = Callable[[list[tuple[bytes, bytes]]], Awaitable[None]]
BATCH = 500


def recall_event(tenant_id: str, user_id: str, fact_ids: Iterable[str], kind: str) -> FactRecalled | None:
    """One use of some facts, with an id of its own (a later use is another recall); None if no fact."""
    ids = list(dict.fromkeys(fact_ids))
    if not ids:
        return None
    return FactRecalled(
        recall_id=uuid.uuid4().hex,
        tenant_id=tenant_id,
        user_id=user_id,
        fact_ids=ids[:1000],
        kind=kind,
        occurred_at=datetime.now(UTC),
    )


class RecallPublisher:
    def __init__(self, send: Send, *, maxsize: int) -> None:
        self._send = send
        self._queue: asyncio.Queue[FactRecalled] = asyncio.Queue(maxsize=maxsize)
        self._task: asyncio.Task | None = None

    def record(self, tenant_id: str, user_id: str, fact_ids: Iterable[str], kind: str) -> None:
        """Never blocks and never raises: the caller is answering a read."""
        event = recall_event(tenant_id, user_id, fact_ids, kind)
        if event is None:
            return
        try:
            self._queue.put_nowait(event)
        except asyncio.QueueFull:
            RECALLS_DROPPED.labels(kind).inc()

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="recall-publisher")

    async def stop(self, drain_s: float = 2.0) -> None:
        """Send what is queued (for at most ``drain_s``), then stop."""
        if self._task is None:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._queue.join(), drain_s)
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        self._task = None

    async def _run(self) -> None:
        while True:
            batch = [await self._queue.get()]
            while len(batch) < BATCH and not self._queue.empty():
                batch.append(self._queue.get_nowait())
            try:
                await self._send_with_retry(batch)
            finally:
                for _ in batch:
                    self._queue.task_done()

    async def _send_with_retry(self, batch: list[FactRecalled]) -> None:
        items = [(key_for(e.tenant_id, e.user_id), e.model_dump_json().encode()) for e in batch]
        for attempt in range(1, 6):
            try:
                await self._send(items)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the broker is away: wait a little, the queue bounds what piles up
                log.warning("recall_publish_failed", attempt=attempt, events=len(batch), error=repr(exc)[:200])
                await asyncio.sleep(min(5.0, 0.2 * 2**attempt))
                continue
            for event in batch:
                RECALLS_PUBLISHED.labels(event.kind).inc()
            return
        for event in batch:
            RECALLS_DROPPED.labels(event.kind).inc()
