"""What every stage process shares: its context, and one consume loop that never loses an event.

The loop's contract with faust: a batch is acknowledged (and so its offsets committed) only after
every event of it was handled: processed, or dead-lettered with its reason and its bytes. The agent
takes batches without faust's automatic acknowledgement and acknowledges them itself, so nothing
that escapes the handler (an exception, a cancellation at shutdown) can commit past an event.
Transient failures (database or broker down, provider unavailable) are retried in place with
backoff, forever: the stage stalls, lag grows, and nothing is skipped. A record that cannot be read
(a tombstone, invalid JSON or UTF-8, nesting too deep, a NUL character, a tenant that does not
exist) is dead-lettered at once. Anything else is retried a few times, then the batch is split and
only the events that still fail are dead-lettered. If even the dead-letter write fails, the stage
retries it and consumes nothing more until it succeeds.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import asyncpg
import faust
from aiokafka.errors import KafkaError
from pydantic import ValidationError
from tenacity import AsyncRetrying, retry_if_exception, wait_exponential_jitter

from shared.broker import Topics, create_faust_app, send_in_batches
from shared.domain.event_checks import unstorable_text
from shared.settings import Settings
from shared.storage.db import create_pool
from shared.storage.dead_letters import dead_letter_of, store_dead_letter
from shared.storage.tenants import existing_tenants
from shared.telemetry import BATCH_SECONDS, DEAD_LETTERS, EVENTS, get_logger

log = get_logger(__name__)

E = TypeVar("E")
T = TypeVar("T")

MAX_ATTEMPTS = 3
READ_AHEAD_LIMIT = 16_384  # records parsed ahead and kept for their batch (a few of the largest batches)


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
    value: bytes | None  # None: a tombstone


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
    _known_tenants: set[str] = field(default_factory=set)
    _tenants_checked_at: float = 0.0

    async def start(self) -> None:
        async with self._lock:
            if self.pool is None:
                async for attempt in transient_retry():
                    with attempt:
                        self.pool = await create_pool(self.settings.database_url or "", max_size=5, light_reset=True)

    @property
    def db(self) -> asyncpg.Pool:
        assert self.pool is not None, "StageContext.start() first"
        return self.pool

    async def dead_letter(self, record: Record, error: str, attempts: int) -> None:
        """Store and publish a dead letter. Retried until it succeeds, whatever the failure: a stage
        that cannot record why it skips an event must not skip it (it stalls, visibly, instead)."""
        letter = dead_letter_of(
            stage=self.stage,
            topic=record.topic,
            partition=record.partition,
            offset=record.offset,
            key=record.key,
            value=record.value,
            error=error,
            attempts=attempts,
        )

        async def write() -> bool:
            fresh = await store_dead_letter(self.db, letter, key=record.key, value=record.value)
            await self.publish(self.topics.dlq, [(record.key or b"", letter.model_dump_json().encode())])
            return fresh

        fresh = await until_done(write, stage=self.stage, what="dead_letter_write")
        if fresh:
            DEAD_LETTERS.labels(self.stage).inc()
            EVENTS.labels(self.stage, "dead_lettered").inc()
        log.warning(
            "dead_lettered",
            stage=self.stage,
            topic=record.topic,
            partition=record.partition,
            offset=record.offset,
            error=letter.error[:300],
        )

    async def unknown_tenants(self, tenant_ids: set[str]) -> set[str]:
        """The tenants of ``tenant_ids`` that do not exist. Known ones are remembered for a while
        (tenants are not deleted), so a steady stream costs one query every few minutes."""
        now = time.monotonic()
        if now - self._tenants_checked_at > KNOWN_TENANTS_TTL_S:
            self._known_tenants.clear()
            self._tenants_checked_at = now
        unknown = tenant_ids - self._known_tenants
        if unknown:
            async for attempt in transient_retry():
                with attempt:
                    found = await existing_tenants(self.db, sorted(unknown))
            self._known_tenants.update(found)
            unknown -= found
        return unknown


KNOWN_TENANTS_TTL_S = 300.0
UNTIL_DONE_FIRST_WAIT_S = 0.5
UNTIL_DONE_MAX_WAIT_S = 30.0


async def until_done(work: Callable[[], Awaitable[T]], *, stage: str, what: str) -> T:
    """Run ``work`` until it returns, whatever it raises (but cancellation), with backoff up to
    30 s between tries. For the steps a stage must not go past: it stalls and says so, loudly."""
    failures = 0
    while True:
        try:
            return await work()
        except Exception as exc:
            failures += 1
            EVENTS.labels(stage, f"{what}_failed").inc()
            error = f"{type(exc).__name__}: {exc}"[:500]
            log.error(f"{what}_failed_retrying", stage=stage, failures=failures, error=error)
            await asyncio.sleep(min(UNTIL_DONE_MAX_WAIT_S, UNTIL_DONE_FIRST_WAIT_S * 2 ** min(failures - 1, 8)))


Prefetch = Callable[[StageContext, list[tuple[Record, Any]]], Awaitable[None]]


@dataclass
class StageLoop(Generic[E]):
    """parse each record, then hand the valid ones to ``handle`` as one batch."""

    ctx: StageContext
    parse: Callable[[bytes], E]
    handle: Callable[[StageContext, list[tuple[Record, E]]], Awaitable[None]]
    prefetch: Prefetch | None = None
    # What `read_ahead` made of the next batches' records, by position (with the record's value, which
    # must be the very same bytes object for the result to be reused), oldest first.
    _read: dict[tuple, tuple[bytes | None, tuple[E | None, str | None]]] = field(default_factory=dict)

    async def read_ahead(self, records: Sequence[Record]) -> None:
        """A next batch has arrived while this one is handled: parse it now (``process`` reuses the
        result) and let the stage start its slow part early (the embedder: the model's work). Only a
        head start: whatever fails here is logged and done again, properly, when the batch is handled."""
        read = [(r, self.read(r)) for r in records]
        self._read.update((_position(r), (r.value, result)) for r, result in read)
        # Records read ahead but never handled here (their partition went to another consumer) are the
        # oldest entries: forget those beyond the bound.
        for position in list(itertools.islice(self._read, max(0, len(self._read) - READ_AHEAD_LIMIT))):
            del self._read[position]
        if self.prefetch is None:
            return
        valid = [(r, event) for r, (event, problem) in read if problem is None]
        if not valid:
            return
        try:
            await self.prefetch(self.ctx, valid)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.warning("prefetch_failed", stage=self.ctx.stage, error=f"{type(exc).__name__}: {exc}"[:300])

    async def process(self, records: Sequence[Record]) -> None:
        stage = self.ctx.stage
        parsed: list[tuple[Record, E]] = []
        for record in records:
            ahead = self._read.pop(_position(record), None)
            event, problem = ahead[1] if ahead is not None and ahead[0] is record.value else self.read(record)
            if problem is not None:
                await self.ctx.dead_letter(record, f"invalid event: {problem}", attempts=1)
            else:
                parsed.append((record, event))
        parsed = await self._known_tenants_only(parsed)
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

    def read(self, record: Record) -> tuple[E | None, str | None]:
        """(event, None), or (None, why the record is no event this stage can store). Never raises:
        whatever a record holds, it ends as an event or as a reason."""
        if record.value is None:
            return None, "tombstone: the record has no value"
        try:
            event = self.parse(record.value)
        except Exception as exc:  # the parser is pure: whatever it raises, the record caused it
            return None, _describe(exc)
        # A NUL can only reach a parsed string through the JSON escape \u0000 (a raw NUL is invalid
        # JSON), so the walk over the event runs only for the few records that hold one.
        if b"\\u0000" in record.value and (where := unstorable_text(event)) is not None:
            return None, where
        return event, None

    async def _known_tenants_only(self, parsed: list[tuple[Record, E]]) -> list[tuple[Record, E]]:
        """Dead-letter the events of tenants that do not exist: nobody could read what they store."""
        tenants = {t for _, event in parsed if isinstance(t := getattr(event, "tenant_id", None), str)}
        if not tenants or not (unknown := await self.ctx.unknown_tenants(tenants)):
            return parsed
        kept = []
        for record, event in parsed:
            if (tenant_id := getattr(event, "tenant_id", None)) in unknown:
                await self.ctx.dead_letter(record, f"unknown tenant: {tenant_id!r} does not exist", attempts=1)
            else:
                kept.append((record, event))
        return kept

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


def _position(record: Record) -> tuple:
    return record.topic, record.partition, record.offset


def _describe(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        parts = []
        for err in exc.errors()[:5]:
            where = ".".join(str(p) for p in err.get("loc", ())) or "(event)"
            parts.append(f"{where}: {err.get('msg')}")
        return "; ".join(parts)
    if isinstance(exc, PoisonEvent):
        return str(exc)
    return f"{type(exc).__name__}: {exc}"


def build_stage_app(
    stage: str,
    settings: Settings,
    source_topics: Sequence[str],
    parse: Callable[[bytes], Any],
    handle: Callable[[StageContext, list[tuple[Record, Any]]], Awaitable[None]],
    *,
    batch_max_events: int | None = None,
    prefetch: Prefetch | None = None,
    lookahead_events: int = 1,
    read_ahead: bool = False,
) -> tuple[faust.App, StageContext]:
    """A faust app (one consumer group) whose single agent feeds batches to ``handle``. With ``prefetch``
    or ``read_ahead``, the agent takes the next batches while one is handled (until ``lookahead_events``
    events wait in them) and parses their records then, in the handler's waits for Postgres and the
    broker; ``prefetch`` is also given each (see :func:`with_lookahead`). Batches are still handled, and
    acknowledged, one after the other in order."""
    app = create_faust_app(stage, settings)

    async def publish(topic: str, items: list[tuple[bytes, bytes]]) -> None:
        # Through faust's own producer (started and stopped with the app), in batches: a key's records keep
        # their order, and every delivery is awaited, so nothing is acknowledged before it is on the broker.
        await send_in_batches(app.producer._ensure_producer(), topic, items)  # faust keeps no public accessor

    ctx = StageContext(stage=stage, settings=settings, topics=Topics.from_settings(settings), publish=publish)
    loop = StageLoop(ctx, parse, handle, prefetch)
    channel = app.topic(*source_topics, key_type=bytes, value_type=bytes)

    @app.agent(channel, name=f"memstream.{stage}", concurrency=1)  # >1 can commit past unfinished events
    async def agent(stream: faust.StreamT) -> None:
        await ctx.start()
        # noack_take: faust's take_events acknowledges a batch in a `finally`, even when its handling
        # raised or was cancelled, which commits past events never handled. Here a batch is
        # acknowledged only once every event of it was processed or dead-lettered.
        batches = stream.noack_take(batch_max_events or settings.batch_max_events, within=settings.batch_window_s)
        if prefetch is not None or read_ahead:
            batches = with_lookahead(
                batches, lambda events: loop.read_ahead(records_of(events)), ahead_events=lookahead_events
            )
        # Closed on the way out, not when garbage-collected: a look-ahead left open would keep taking
        # batches from the stream beside the restarted agent's own take.
        async with contextlib.aclosing(batches) as taken:
            async for events in taken:
                await handle_batch(loop, events)
                for event in events:
                    await stream.ack(event)

    return app, ctx


async def with_lookahead(
    batches: AsyncIterator[list[T]], arrived: Callable[[list[T]], Awaitable[None]], *, ahead_events: int = 1
) -> AsyncIterator[list[T]]:
    """Yield each batch while the next ones are already being taken, and ``arrived`` called on each.

    Taking a batch waits for the source to fill it (up to the batch window), and a stage's first step on
    it may be slow (the embedder's model): done while the batch before is handled, neither leaves the
    stage idle between batches. Batches are taken ahead until ``ahead_events`` events wait in them (the
    default, 1: one batch ahead). Batches come out in order: the caller still handles and acknowledges
    each before the next, so no offset is committed past an unhandled event (faust commits only a
    contiguous run of acknowledged offsets)."""
    source = aiter(batches)
    taken: asyncio.Queue[list[T] | BaseException] = asyncio.Queue()  # bounded by the budget below
    room = asyncio.Event()
    waiting = 0  # events in batches taken and not yet yielded

    async def taker() -> None:
        nonlocal waiting
        try:
            while True:
                while waiting >= ahead_events:
                    room.clear()
                    await room.wait()
                batch = await anext(source)
                await arrived(batch)
                waiting += max(1, len(batch))
                taken.put_nowait(batch)
        except BaseException as exc:  # StopAsyncIteration (the end) too: the caller meets it in its turn
            # Cancellation as well: a taker that died silently would leave the caller waiting forever.
            taken.put_nowait(exc)
            if not isinstance(exc, Exception):
                raise

    task = asyncio.ensure_future(taker())
    try:
        while True:
            item = await taken.get()
            if isinstance(item, StopAsyncIteration):
                return
            if isinstance(item, BaseException):
                raise item
            waiting -= max(1, len(item))
            room.set()
            yield item
    finally:
        if not task.done():
            task.cancel()
        await asyncio.gather(task, return_exceptions=True)


def records_of(events: Sequence[faust.EventT]) -> list[Record]:
    return [
        Record(e.message.topic, e.message.partition, e.message.offset, e.message.key, e.message.value) for e in events
    ]


async def handle_batch(loop: StageLoop, events: Sequence[faust.EventT]) -> None:
    """The agent's boundary: nothing but cancellation leaves it. A failure that escaped the loop
    (a bug, or a dead-letter write that kept failing) retries the whole batch, in place; the stage
    consumes nothing more meanwhile, and the stages' idempotent writes make the retry safe."""
    records = records_of(events)
    await until_done(lambda: loop.process(records), stage=loop.ctx.stage, what="batch")
