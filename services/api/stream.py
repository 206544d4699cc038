"""Live fact changes as server-sent events: the outbox is the source, LISTEN/NOTIFY the wake-up call.

One LISTEN connection per API process wakes every open stream when a transaction writes outbox rows
(`shared.storage.facts.enqueue_changes` NOTIFYs); each stream then reads its user's new rows by outbox
id. A periodic poll covers a lost connection or notification. Per user, outbox ids are assigned under
the user's advisory lock, so they follow commit order and `id > last seen` misses nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator

import asyncpg

from services.api.failures import ThrottledLog, unavailable_dependency
from shared.storage import user_data as store
from shared.storage.facts import OUTBOX_CHANNEL
from shared.telemetry import get_logger

log = get_logger(__name__)
POLL_S = 2.0
HEARTBEAT_S = 15.0


class OutboxNotifier:
    """The one LISTEN connection of an API process. When it is lost (the database restarted), streams
    poll every POLL_S while it reconnects in the background, with backoff."""

    RECONNECT_MAX_S = 30.0

    def __init__(self, database_url: str):
        self.database_url = database_url
        self._conn: asyncpg.Connection | None = None
        self.generation = 0  # bumped on every notification
        self._event = asyncio.Event()
        self._reconnecting: asyncio.Task | None = None
        self._stopping = False

    async def start(self) -> None:
        if not await self._listen():
            self._reconnect_later()

    async def _listen(self) -> bool:
        try:
            conn = await asyncpg.connect(self.database_url, timeout=10)
            await conn.add_listener(OUTBOX_CHANNEL, self._notified)
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            log.warning("outbox_listen_failed", error=f"{type(exc).__name__}: {exc}"[:300])
            return False
        conn.add_termination_listener(self._lost)
        self._conn = conn
        return True

    def _lost(self, _conn: object) -> None:
        self._conn = None
        self._notified()  # streams read now instead of waiting for a notification that cannot come
        if not self._stopping:
            log.warning("outbox_listen_lost")
            self._reconnect_later()

    def _reconnect_later(self) -> None:
        if self._reconnecting is None or self._reconnecting.done():
            self._reconnecting = asyncio.get_running_loop().create_task(self._reconnect())

    async def _reconnect(self) -> None:
        delay = 1.0
        while not self._stopping:
            await asyncio.sleep(delay)
            if self._stopping or await self._listen():
                if self._conn is not None:
                    log.info("outbox_listen_restored")
                    self._notified()
                return
            delay = min(delay * 2, self.RECONNECT_MAX_S)

    def _notified(self, *_: object) -> None:
        self.generation += 1
        event, self._event = self._event, asyncio.Event()
        event.set()

    async def wait(self, seen_generation: int, timeout: float) -> None:
        """Return once a notification came after `seen_generation` was read, or after `timeout`."""
        if self.generation != seen_generation:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._event.wait(), timeout)

    async def stop(self) -> None:
        self._stopping = True
        if self._reconnecting is not None:
            self._reconnecting.cancel()
            with contextlib.suppress(BaseException):
                await self._reconnecting
        if self._conn is not None:
            with contextlib.suppress(Exception):
                await self._conn.close(timeout=2)


def sse(data: str, *, event: str | None = None, event_id: int | None = None) -> str:
    lines = []
    if event_id is not None:
        lines.append(f"id: {event_id}")
    if event:
        lines.append(f"event: {event}")
    lines += [f"data: {line}" for line in data.splitlines() or [""]]
    return "\n".join(lines) + "\n\n"


async def change_events(
    pool: asyncpg.Pool,
    notifier: OutboxNotifier,
    tenant_id: str,
    user_id: str,
    *,
    after_id: int | None,
    max_seconds: float,
    errors: ThrottledLog | None = None,
) -> AsyncIterator[str]:
    """SSE frames for one user's changes after `after_id` (default: from now), until `max_seconds` pass
    or the user is erased. Event name = the change's op; id = the outbox id (resume with Last-Event-ID).
    If the database goes away midway, the stream ends cleanly; the client reconnects (`retry:`) and resumes."""
    try:
        async for frame in _change_events(pool, notifier, tenant_id, user_id, after_id, max_seconds):
            yield frame
    except Exception as exc:
        found = unavailable_dependency(exc)
        if found is None:
            raise
        if errors is not None:
            errors.error(f"database:{type(found[1]).__name__}:stream", "change_stream_ended", error=str(found[1])[:300])


async def _change_events(
    pool: asyncpg.Pool,
    notifier: OutboxNotifier,
    tenant_id: str,
    user_id: str,
    after_id: int | None,
    max_seconds: float,
) -> AsyncIterator[str]:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + max_seconds
    last = after_id if after_id is not None else await store.outbox_head(pool)
    yield f"retry: 2000\n: streaming changes of {user_id}\n\n"
    last_beat = loop.time()
    while loop.time() < deadline:
        generation = notifier.generation
        rows = await store.changes_after(pool, tenant_id, user_id, last)
        for row in rows:
            last = row["id"]
            op = json.loads(row["payload"]).get("op", "change")
            yield sse(row["payload"], event=op, event_id=row["id"])
            if op == "erased":
                return
        if rows:
            continue
        if loop.time() - last_beat >= HEARTBEAT_S:
            yield ": keep-alive\n\n"
            last_beat = loop.time()
        await notifier.wait(generation, min(POLL_S, max(0.0, deadline - loop.time())))
