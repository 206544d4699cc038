"""What every stage process shares: its context, and one consume loop that never loses an event.

The loop's contract with faust: a batch's offsets are committed only after the handler returns,
so the handler must not raise for anything but shutdown. Transient failures (database or broker
down, provider unavailable) are retried in place with backoff, forever: the stage stalls, lag
grows, and nothing is skipped. Anything else is retried a few times, then the batch is split and
only the events that still fail are dead-lettered, with their error.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Generic, TypeVar

import asyncpg
import faust
from aiokafka.errors import KafkaError
from pydantic import ValidationError
from tenacity import AsyncRetrying, retry_if_exception, wait_exponential_jitter

from shared.broker import Topics, create_faust_app
from shared.contracts.events import DeadLetter
from shared.hashing import content_hash
from shared.settings import Settings
from shared.storage.db import create_pool
from shared.storage.dead_letters import store_dead_letter
from shared.telemetry import BATCH_SECONDS, DEAD_LETTERS, EVENTS, get_logger

log = get_logger(__name__)

E = TypeVar("E")

MAX_ATTEMPTS = 3


class PoisonEvent(ValueError):
    """The event itself is unusable (oversized, inconsistent): dead-letter it, do not retry."""


class TransientError(RuntimeError):
    """A dependency is unavailable; retrying later will work."""


def is_transient(exc: BaseException) -> bool:
    return isinstance(
        exc,
        TransientError
        | OSError
        | TimeoutError
        | KafkaError
        | asyncpg.PostgresConnectionError
        | asyncpg.CannotConnectNowError
        | asyncpg.TooManyConnectionsError
        | asyncpg.InterfaceError,
    )


def transient_retry(max_wait_s: float = 30.0) -> AsyncRetrying:
    return AsyncRetrying(
        retry=retry_if_exception(is_transient),
        wait=wait_exponential_jitter(multiplier=0.5, max=max_wait_s),
        before_sleep=lambda state: log.warning(
            "transient_failure_retrying", attempt=state.attempt_number, error=repr(state.outcome.exception())
        ),
        reraise=True,
    )


@dataclass(frozen=True)
class Record:
    topic: str
    partition: int | None
    offset: int | None
    key: bytes | None
    value: bytes


Publish = Callable[[str, list[tuple[bytes, bytes]]], Awaitable[None]]


@dataclass
class StageContext:
    """Settings, database pool and publisher of one stage process."""

    stage: str
    settings: Settings
    topics: Topics
    publish: Publish
    pool: asyncpg.Pool | None = None
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def start(self) -> None:
        async with self._lock:
            if self.pool is None:
                async for attempt in transient_retry():
                    with attempt:
                        self.pool = await create_pool(self.settings.database_url or "", max_size=5)

    @property
    def db(self) -> asyncpg.Pool:
        assert self.pool is not None, "StageContext.start() first"
        return self.pool

    async def dead_letter(self, record: Record, error: str, attempts: int) -> None:
        payload = record.value.decode("utf-8", errors="replace")
        letter = DeadLetter(
            dead_letter_id=content_hash(
                "dead-letter", self.stage, record.topic, record.partition, record.offset, payload
            ),
            stage=self.stage,
            error=error[:2000],
            attempts=attempts,
            source_topic=record.topic,
            source_partition=record.partition,
            source_offset=record.offset,
            key=record.key.decode("utf-8", errors="replace") if record.key else None,
            payload=payload,
            failed_at=datetime.now(UTC),
        )
        async for attempt in transient_retry():
            with attempt:
                fresh = await store_dead_letter(self.db, letter, _sniff_tenant(payload))
                await self.publish(self.topics.dlq, [(record.key or b"", letter.model_dump_json().encode())])
        if fresh:
            DEAD_LETTERS.labels(self.stage).inc()
            EVENTS.labels(self.stage, "dead_lettered").inc()
        log.warning(
            "dead_lettered",
            stage=self.stage,
            topic=record.topic,
            partition=record.partition,
            offset=record.offset,
            error=error[:300],
        )


def _sniff_tenant(payload: str) -> str | None:
    try:
        value = json.loads(payload)
    except ValueError:
        return None
    tenant = value.get("tenant_id") if isinstance(value, dict) else None
    return tenant if isinstance(tenant, str) else None


@dataclass
class StageLoop(Generic[E]):
    """parse each record, then hand the valid ones to ``handle`` as one batch."""

    ctx: StageContext
    parse: Callable[[bytes], E]
    handle: Callable[[StageContext, list[tuple[Record, E]]], Awaitable[None]]

    async def process(self, records: Sequence[Record]) -> None:
        stage = self.ctx.stage
        parsed: list[tuple[Record, E]] = []
        for record in records:
            try:
                parsed.append((record, self.parse(record.value)))
            except (ValidationError, PoisonEvent, ValueError, UnicodeDecodeError) as exc:
                await self.ctx.dead_letter(record, f"invalid event: {_describe(exc)}", attempts=1)
        if not parsed:
            return
        with BATCH_SECONDS.labels(stage).time():
            failure = await self._attempt(parsed, MAX_ATTEMPTS)
            if failure is None:
                return
            if len(parsed) == 1:
                await self.ctx.dead_letter(parsed[0][0], failure, attempts=MAX_ATTEMPTS)
                return
            # Split the batch: only the events that fail on their own are dead-lettered.
            log.warning("batch_failed_isolating", stage=stage, size=len(parsed), error=failure[:300])
            for item in parsed:
                single_failure = await self._attempt([item], MAX_ATTEMPTS)
                if single_failure is not None:
                    await self.ctx.dead_letter(item[0], single_failure, attempts=MAX_ATTEMPTS)

    async def _attempt(self, items: list[tuple[Record, E]], attempts: int) -> str | None:
        """Run the handler; transient failures are retried without limit. Returns an error or None."""
        error = ""
        for attempt in range(1, attempts + 1):
            try:
                async for retrying in transient_retry():
                    with retrying:
                        await self.handle(self.ctx, items)
                return None
            except PoisonEvent as exc:
                return f"poison event: {exc}"
            except Exception as exc:  # a bug or a bad event: retry, then isolate
                error = f"{type(exc).__name__}: {exc}"
                log.exception("handler_failed", stage=self.ctx.stage, attempt=attempt, size=len(items))
                await asyncio.sleep(0.2 * attempt)
        return error


def _describe(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        parts = []
        for err in exc.errors()[:5]:
            where = ".".join(str(p) for p in err.get("loc", ())) or "(event)"
            parts.append(f"{where}: {err.get('msg')}")
        return "; ".join(parts)
    return f"{type(exc).__name__}: {exc}"


def build_stage_app(
    stage: str,
    settings: Settings,
    source_topics: Sequence[str],
    parse: Callable[[bytes], Any],
    handle: Callable[[StageContext, list[tuple[Record, Any]]], Awaitable[None]],
    *,
    batch_max_events: int | None = None,
) -> tuple[faust.App, StageContext]:
    """A faust app (one consumer group) whose single agent feeds batches to ``handle``."""
    app = create_faust_app(stage, settings)

    async def publish(topic: str, items: list[tuple[bytes, bytes]]) -> None:
        futures = [await app.producer.send(topic, key, value, None, None, None) for key, value in items]
        await asyncio.gather(*futures)

    ctx = StageContext(stage=stage, settings=settings, topics=Topics.from_settings(settings), publish=publish)
    loop = StageLoop(ctx, parse, handle)
    channel = app.topic(*source_topics, key_type=bytes, value_type=bytes)

    @app.agent(channel, name=f"memstream.{stage}", concurrency=1)  # >1 can commit past unfinished events
    async def agent(stream: faust.StreamT) -> None:
        await ctx.start()
        async for events in stream.take_events(
            batch_max_events or settings.batch_max_events, within=settings.batch_window_s
        ):
            records = [
                Record(e.message.topic, e.message.partition, e.message.offset, e.message.key, e.message.value)
                for e in events
            ]
            await loop.process(records)

    return app, ctx
