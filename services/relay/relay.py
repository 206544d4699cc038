"""relay: outbox -> facts.changes.

It also retires facts whose valid time has ended (dated events that are over), every
MEMSTREAM_EXPIRY_INTERVAL_S, so they leave the active set with a change event and no cron job.

One active relay at a time (a Postgres advisory lock; extra replicas wait as hot standbys), so
rows go out in outbox order, which is commit order per user. At least once: a row is marked
published only after the broker acknowledged it; a crash in between republishes it with the
same event_id, which consumers deduplicate on.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from datetime import UTC, datetime

import asyncpg

from shared.broker import Topics, key_for, new_producer, send_and_wait
from shared.runtime import is_transient, transient_retry
from shared.settings import Settings
from shared.storage.db import create_pool
from shared.storage.facts import OUTBOX_CHANNEL, expire_ended
from shared.telemetry import EVENTS, OUTBOX_PENDING, RELAY_PUBLISHED, get_logger

log = get_logger(__name__)
STAGE = "relay"
LEADER_LOCK = 0x6D656D72656C6179  # "memrelay"
BATCH = 500
PRUNE_EVERY_S = 60.0
LEAD_AGAIN_AFTER_S = 2.0
CLOSE_TIMEOUT_S = 10.0


async def publish_pending(pool: asyncpg.Pool, producer, topic: str) -> int:
    """Publish one batch of unpublished rows in id order; returns how many."""
    rows = await pool.fetch(
        "SELECT id, tenant_id, user_id, payload::text AS payload FROM outbox WHERE published_at IS NULL "
        "ORDER BY id LIMIT $1",
        BATCH,
    )
    if not rows:
        OUTBOX_PENDING.set(0)
        return 0
    await send_and_wait(producer, topic, [(key_for(r["tenant_id"], r["user_id"]), r["payload"].encode()) for r in rows])
    await pool.execute("UPDATE outbox SET published_at = now() WHERE id = any($1::bigint[])", [r["id"] for r in rows])
    RELAY_PUBLISHED.inc(len(rows))
    EVENTS.labels(STAGE, "published").inc(len(rows))
    OUTBOX_PENDING.set(await pool.fetchval("SELECT count(*) FROM outbox WHERE published_at IS NULL"))
    return len(rows)


async def expire_due(pool: asyncpg.Pool) -> int:
    """Retire the facts whose valid time has ended (dated events that are over); their change
    events go out through the outbox like any other."""
    async with pool.acquire() as conn, conn.transaction():
        expired = await expire_ended(conn, datetime.now(UTC))
    if expired:
        EVENTS.labels(STAGE, "expired").inc(len(expired))
        log.info("facts_expired", facts=len(expired))
    return len(expired)


async def prune(pool: asyncpg.Pool, retention_hours: float) -> int:
    result = await pool.execute(
        "DELETE FROM outbox WHERE published_at < now() - make_interval(secs => $1)", retention_hours * 3600
    )
    return int(result.split()[-1])


async def run(settings: Settings, stop: asyncio.Event) -> None:
    """Lead while Postgres is there; when it goes away, start over: the advisory lock went with the leader's
    connection (a standby may lead meanwhile), and a connection cut mid-statement can leave asyncpg's
    protocol in a state where the next statement fails (InternalClientError), which only a new pool cures."""
    while not stop.is_set():
        try:
            await _lead(settings, stop)
        except Exception as exc:
            if not (is_transient(exc) or isinstance(exc, asyncpg.InternalClientError)):
                raise
            log.warning("relay_lost_postgres", error=repr(exc))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), LEAD_AGAIN_AFTER_S)


async def _lead(settings: Settings, stop: asyncio.Event) -> None:
    topic = Topics.from_settings(settings).changes
    pool = await create_pool(settings.database_url or "", max_size=3)
    wake = asyncio.Event()
    try:
        leader = await pool.acquire()
        try:
            await _publish_while_leading(settings, stop, pool, leader, wake, topic)
        finally:
            with contextlib.suppress(Exception):  # a dead connection: closing the pool below drops it
                await pool.release(leader)  # closing the session releases the advisory lock
    finally:
        try:
            await asyncio.wait_for(pool.close(), CLOSE_TIMEOUT_S)
        except Exception:
            pool.terminate()


async def _publish_while_leading(
    settings: Settings,
    stop: asyncio.Event,
    pool: asyncpg.Pool,
    leader: asyncpg.Connection,
    wake: asyncio.Event,
    topic: str,
) -> None:
    while not stop.is_set() and not await leader.fetchval("SELECT pg_try_advisory_lock($1)", LEADER_LOCK):
        log.info("relay_standby")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 5.0)
    if stop.is_set():
        return
    await leader.add_listener(OUTBOX_CHANNEL, lambda *_: wake.set())
    producer = new_producer(settings)
    async for attempt in transient_retry():
        with attempt:
            await producer.start()
    log.info("relay_leading", topic=topic)
    last_prune = last_expiry = 0.0
    try:
        while not stop.is_set():
            if leader.is_closed():  # the lock went with it: lead again only once it is ours again
                raise ConnectionError("the relay's leader connection closed")
            wake.clear()
            async for attempt in transient_retry():
                with attempt:
                    published = await publish_pending(pool, producer, topic)
            if time.monotonic() - last_expiry > settings.expiry_interval_s:
                async for attempt in transient_retry():
                    with attempt:
                        await expire_due(pool)
                last_expiry = time.monotonic()
            if time.monotonic() - last_prune > PRUNE_EVERY_S:
                pruned = await prune(pool, settings.outbox_retention_hours)
                last_prune = time.monotonic()
                if pruned:
                    log.info("outbox_pruned", rows=pruned)
            if published < BATCH:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(_first(wake, stop), settings.relay_poll_interval_s)
    finally:
        await producer.stop()


async def _first(*events: asyncio.Event) -> None:
    waiters = [asyncio.ensure_future(e.wait()) for e in events]
    try:
        await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for w in waiters:
            w.cancel()
