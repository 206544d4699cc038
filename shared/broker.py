"""Kafka helpers: topic names and creation, producers, and the faust app every stage runs on."""

from __future__ import annotations

import asyncio
import functools
from dataclasses import dataclass

import faust
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer
from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.errors import TopicAlreadyExistsError
from aiokafka.partitioner import DefaultPartitioner, murmur2

from shared.kafka_security import kafka_security
from shared.settings import Settings
from shared.telemetry import CONSUMER_LAG, get_logger

log = get_logger(__name__)


@dataclass(frozen=True)
class Topics:
    messages: str
    stored: str
    extracted: str
    embedded: str
    changes: str
    recalls: str
    dlq: str

    @classmethod
    def from_settings(cls, settings: Settings) -> Topics:
        return cls(
            messages=settings.topic("chat.messages"),
            stored=settings.topic("messages.stored"),
            extracted=settings.topic("facts.extracted"),
            embedded=settings.topic("facts.embedded"),
            changes=settings.topic("facts.changes"),
            recalls=settings.topic("memory.recalls"),
            dlq=settings.topic("dlq"),
        )

    def partitions(self, settings: Settings) -> dict[str, int]:
        return {
            self.messages: settings.messages_partitions,
            self.stored: settings.facts_partitions,
            self.extracted: settings.facts_partitions,
            self.embedded: settings.facts_partitions,
            self.changes: settings.changes_partitions,
            self.recalls: settings.recalls_partitions,
            self.dlq: settings.dlq_partitions,
        }


def bootstrap_of(settings: Settings) -> str:
    if not settings.kafka_bootstrap:
        raise RuntimeError("MEMSTREAM_KAFKA_BOOTSTRAP is not set (run under `memstream dev`, or set it)")
    return settings.kafka_bootstrap


async def ensure_topics(settings: Settings) -> dict[str, int]:
    """Create every topic with its explicit partition count (brokers default to their own)."""
    topics = Topics.from_settings(settings)
    wanted = topics.partitions(settings)
    admin = new_admin(settings)
    await admin.start()
    try:
        existing = set(await admin.list_topics())
        missing = [
            NewTopic(name, n, settings.topic_replication_factor) for name, n in wanted.items() if name not in existing
        ]
        if missing:
            try:
                await admin.create_topics(missing)
            except TopicAlreadyExistsError:
                pass  # another process won the race
        log.info("topics_ready", created=[t.name for t in missing], total=len(wanted))
    finally:
        await admin.close()
    return wanted


# Keys are tenant:user or tenant:session: a process publishes many records under each, so their hashes
# are remembered (bounded: least recently used keys go first).
_key_hash = functools.lru_cache(maxsize=65_536)(murmur2)


def key_partitioner(key: bytes | None, all_partitions: list[int], available: list[int]) -> int:
    """The partition of a record: aiokafka's (and the Java client's) murmur2 of its key, so every
    producer of every process puts a key in the same partition. The same function as aiokafka's
    DefaultPartitioner, with each key's hash computed once: murmur2 is pure Python (about 6 µs a key),
    and it ran for every record a stage published."""
    if key is None:
        return DefaultPartitioner()(key, all_partitions, available)
    return all_partitions[(_key_hash(bytes(key)) & 0x7FFFFFFF) % len(all_partitions)]


def new_admin(settings: Settings) -> AIOKafkaAdminClient:
    return AIOKafkaAdminClient(bootstrap_servers=bootstrap_of(settings), **kafka_security(settings).aiokafka_kwargs())


def new_producer(settings: Settings, **overrides) -> AIOKafkaProducer:
    """The producer every process publishes with (overrides: e.g. the bench's larger batches)."""
    options = {
        "acks": "all",
        "enable_idempotence": settings.kafka_idempotent_producer,
        "linger_ms": 2,
        "max_request_size": 4 * 1024 * 1024,
        "partitioner": key_partitioner,
        **overrides,
    }
    return AIOKafkaProducer(
        bootstrap_servers=bootstrap_of(settings), **kafka_security(settings).aiokafka_kwargs(), **options
    )


def new_consumer(settings: Settings, *topics: str, **options) -> AIOKafkaConsumer:
    """A plain consumer (operator tools, the bench), secured like every other client."""
    return AIOKafkaConsumer(
        *topics, bootstrap_servers=bootstrap_of(settings), **kafka_security(settings).aiokafka_kwargs(), **options
    )


def key_for(tenant_id: str, scope_id: str) -> bytes:
    """Partition key: tenant:session for messages, tenant:user for facts."""
    return f"{tenant_id}:{scope_id}".encode()


def create_faust_app(stage: str, settings: Settings) -> faust.App:
    """One faust app (= one consumer group, named after the topic prefix) per stage, with no tables and
    no web server."""
    brokers = [f"kafka://{host.strip()}" for host in bootstrap_of(settings).split(",")]
    faust_dir = settings.data_dir.resolve() / "faust"
    faust_dir.mkdir(parents=True, exist_ok=True)  # faust creates only the last level itself
    app = faust.App(
        settings.consumer_group(stage),
        broker=brokers,
        # faust makes a (here unused) folder per app: under the data dir, not the working directory.
        datadir=str(faust_dir / "{conf.name}"),
        web_enabled=False,
        store="memory://",
        topic_allow_declare=False,  # topics are created by `memstream topics`, with partition counts
        topic_disable_leader=True,
        consumer_auto_offset_reset="earliest",
        # On shutdown or rebalance, wait for the batch in hand to be acknowledged (the stage loop acks
        # a batch only once it is handled, see shared/runtime.py) before offsets are committed.
        stream_wait_empty=True,
        broker_session_timeout=settings.kafka_session_timeout_s,
        broker_heartbeat_interval=settings.kafka_heartbeat_interval_s,
        broker_commit_interval=1.0,
        producer_acks=-1,
        producer_max_request_size=4 * 1024 * 1024,
        producer_partitioner=key_partitioner,
        value_serializer="raw",
        key_serializer="raw",
        broker_credentials=kafka_security(settings).faust_credentials(),
    )
    app.memstream_fetch_max_wait_ms = settings.kafka_fetch_max_wait_ms
    _cap_fetch_wait()
    _deliver_first()
    _track_lag(app, stage)
    return app


def _cap_fetch_wait() -> None:
    """faust builds its aiokafka consumer with ``fetch_max_wait_ms=1500`` and no setting to change it.
    The embedded broker (Tansu) answers a fetch only when that wait runs out, not when data arrives:
    measured with one message every 50 ms, delivery took p50 423 / p95 743 ms at 1,500, 131 / 241 ms at
    500 and 35 / 51 ms at 100, on every hop of the pipeline. So the wait is set from the settings on the
    consumer faust creates, before it starts (the aiokafka attribute its fetcher is built from)."""
    from faust.transport.drivers import aiokafka as driver

    original = getattr(driver.AIOKafkaConsumerThread, "_create_worker_consumer", None)
    if original is None or getattr(original, "memstream_capped", False):
        return  # already capped, or a faust that builds its consumer elsewhere: leave it as it is

    def create_worker_consumer(thread, transport):
        consumer = original(thread, transport)
        wait_ms = getattr(thread.app, "memstream_fetch_max_wait_ms", None)
        if wait_ms is not None and hasattr(consumer, "_fetch_max_wait_ms"):
            consumer._fetch_max_wait_ms = wait_ms
        return consumer

    create_worker_consumer.memstream_capped = True
    driver.AIOKafkaConsumerThread._create_worker_consumer = create_worker_consumer


def _deliver_first() -> None:
    """faust's fetch loop hands every fetched message to the agents' streams through ``wait_first(deliver,
    flow suspended)`` on its consumer (a mode Service), which starts four tasks per message (the delivery,
    and waits for a suspended flow, a stop and a crash), races them in ``asyncio.wait`` and cancels the
    losers: 28 us a message, about 9 % of the extractor's CPU. A delivery nearly always completes in its first
    step (the stream's buffer has room), so the consumer's ``wait_first`` now gives a coroutine passed first
    that one step before any race: done there, its result (or its exception) comes back at once, as the race
    would have returned it, and the waits it was raced with are closed unstarted. A delivery still waiting
    after its step (the buffer is full), or a call while the flow is suspended or the consumer stops, goes
    into faust's race unchanged, so a rebalance or a shutdown interrupts it as before. What a message is and
    when its offset is committed do not change: the stage acknowledges its batches itself (shared/runtime.py)."""
    from faust.transport.drivers import aiokafka as driver
    from mode.services import WaitResults

    race = getattr(driver.Consumer, "wait_first", None)
    if race is None or getattr(race, "memstream_delivers_first", False):
        return

    async def wait_first(consumer, *coros, timeout=None):
        first = coros[0] if coros else None
        if not asyncio.iscoroutine(first) or _interrupted(consumer):
            return await race(consumer, *coros, timeout=timeout)
        step = asyncio.ensure_future(first)
        try:
            await asyncio.sleep(0)  # the delivery's first step runs before this returns
        except BaseException:
            step.cancel()
            _close(coros[1:])
            raise
        if step.done() and not _interrupted(consumer):
            _close(coros[1:])
            return WaitResults([first], [step.result()], False)
        return await race(consumer, step, *coros[1:], timeout=timeout)

    wait_first.memstream_delivers_first = True
    driver.Consumer.wait_first = wait_first


def _interrupted(consumer) -> bool:
    suspended = getattr(consumer, "suspend_flow", None)
    return consumer._stopped.is_set() or consumer._crashed.is_set() or bool(suspended and suspended.is_set())


def _close(coros) -> None:
    for coro in coros:
        if asyncio.iscoroutine(coro):
            coro.close()  # never started: closed, it warns of nothing


def _track_lag(app: faust.App, stage: str) -> None:
    reported: set = set()

    @app.timer(5.0)
    async def report_consumer_lag() -> None:
        consumer = app.consumer
        # Highwater comes from fetch responses: the embedded broker's ListOffsets counts batches.
        committed = consumer._committed_offset  # faust keeps no public accessor for this
        assigned = set(consumer.assignment())
        for gone in reported - assigned:  # moved to another replica: its lag is reported there now
            CONSUMER_LAG.remove(stage, gone.topic, str(gone.partition))
        reported.intersection_update(assigned)
        for tp in assigned:
            try:
                head = consumer.highwater(tp)
            except Exception:  # not fetched yet
                continue
            if head is None:
                continue
            lag = max(0, head - (committed.get(tp) or 0))
            CONSUMER_LAG.labels(stage, tp.topic, str(tp.partition)).set(lag)
            reported.add(tp)


async def send_in_batches(producer: AIOKafkaProducer, topic: str, items: list[tuple[bytes, bytes]]) -> None:
    """Publish (key, value) pairs and return only once the broker has them all: each partition's records (the
    partition ``key_partitioner`` gives their key, as ``send`` would) in their order, in batches handed to the
    producer whole. ``send`` per record waited on the topic's metadata, chose a partition and made a future
    for every record: about 10 us each, a few per cent of the extractor's CPU."""
    if not items:
        return
    partitions = sorted(await producer.partitions_for(topic))
    by_partition: dict[int, list[tuple[bytes, bytes]]] = {}
    for key, value in items:
        by_partition.setdefault(key_partitioner(key, partitions, partitions), []).append((key, value))
    deliveries = []
    for partition, records in by_partition.items():
        batch = producer.create_batch()
        for key, value in records:
            if batch.append(key=key, value=value, timestamp=None) is None:  # full: send it, start the next
                deliveries.append(await producer.send_batch(batch, topic, partition=partition))
                batch = producer.create_batch()
                batch.append(key=key, value=value, timestamp=None)  # an empty batch takes any one record
        deliveries.append(await producer.send_batch(batch, topic, partition=partition))
    for delivery in deliveries:  # all of them: nothing is acknowledged before it is on the broker
        await delivery


async def send_and_wait(producer: AIOKafkaProducer, topic: str, items: list[tuple[bytes, bytes]]) -> None:
    """Publish (key, value) pairs and return only once the broker has them all."""
    futures = [await producer.send(topic, key=key, value=value) for key, value in items]
    if futures:
        await asyncio.gather(*futures)
