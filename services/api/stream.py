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

from shared.storage import user_data as store
from shared.storage.facts import OUTBOX_CHANNEL
from shared.telemetry import get_logger

log = get_logger(__name__)
POLL_S = 2.0
HEARTBEAT_S = 15.0


class OutboxNotifier:
    def __init__(self, database_url: str):
        self.database_url = database_url
        self._conn: asyncpg.Connection | None = None
        self.generation = 0  # bumped on every notification
        self._event = asyncio.Event()

    async def start(self) -> None:
        try:
            self._conn = await asyncpg.connect(self.database_url)
            await self._conn.add_listener(OUTBOX_CHANNEL, self._notified)
        except (OSError, asyncpg.PostgresError) as exc:  # streams fall back to polling
            log.warning("outbox_listen_failed", error=str(exc))
            self._conn = None

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
) -> AsyncIterator[str]:
    """SSE frames for one user's changes after `after_id` (default: from now), until `max_seconds` pass
    or the user is erased. Event name = the change's op; id = the outbox id (resume with Last-Event-ID)."""
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
