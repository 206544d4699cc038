"""Poison sandwiches: on every topic a stage consumes, 10 valid events, one poison, 10 valid events on
one key. Every valid event must end as in a clean run of the same 20 (no poison), and the poison
must be in the dead-letter table, with its reason and its bytes, once per stage that reads it.

All sandwiches go in at once (a tenant each, one clean tenant per topic as the reference), against
the session's one broker, one database and one set of stage processes, and are checked together:
the suite is bounded by one deadline, not by a wait per sandwich.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest
from aiokafka import AIOKafkaProducer

from shared.storage.tenants import ensure_tenant
from tests.e2e.test_pipeline_correctness import memory_state
from tests.helpers import ROOT, Pipeline

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
WORDS = [
    *("chess", "tennis", "sushi", "jazz", "hiking", "opera", "pottery", "sailing", "karate", "origami"),
    *("cycling", "baking", "poetry", "rowing", "skiing", "juggling", "fencing", "knitting", "archery", "surfing"),
]
DEEP = b"[" * 100_000 + b"]" * 100_000
DEADLINE_S = 150
MARKER = "MARKER-TEXT"

# topic -> (the stages that consume it, what "processed" means for a valid event there)
TOPICS = {
    "chat.messages": (("extractor", "summarizer"), "stored"),
    "facts.extracted": (("embedder",), "embedded and decided"),
    "facts.embedded": (("consolidator",), "decided"),
    "facts.changes": (("summarizer",), "folded into a profile"),
}
TEXT_FIELD = {
    "chat.messages": "content",
    "facts.extracted": "text",
    "facts.embedded": "text",
    "facts.changes": "reason",
}
COMMON_POISONS = (
    "NUL byte",
    "NUL in a text field",
    "tombstone",
    "JSON nested 100k deep",
    '{"op": <100k deep>}',
    "invalid UTF-8",
    "wrong types",
    "unknown tenant",
)
EMBEDDING_POISONS = (
    "embedding of the wrong size",
    "all-zero embedding",
    "NaN in the embedding",
    "inf in the embedding",
)


def vector(i: int, dimensions: int) -> list[float]:
    v = np.random.default_rng(1000 + i).standard_normal(dimensions)
    return [float(x) for x in v / np.linalg.norm(v)]


def valid_events(topic: str, tenant: str, dimensions: int) -> tuple[bytes, list[dict]]:
    """The sandwich's key and its 20 valid events (the same for every tenant but the tenant)."""
    if topic == "chat.messages":
        key = f"{tenant}:s"
        events = [
            {
                "event_id": f"{tenant}-m{i}",
                "tenant_id": tenant,
                "user_id": "u",
                "session_id": "s",
                "role": "user",
                "content": f"I like {word}.",
                "created_at": (T0 + timedelta(minutes=i)).isoformat(),
            }
            for i, word in enumerate(WORDS)
        ]
    elif topic in ("facts.extracted", "facts.embedded"):
        key = f"{tenant}:u"
        events = [
            {
                "candidate_id": f"c{i}",
                "tenant_id": tenant,
                "user_id": "u",
                "session_id": "s",
                "text": f"The user likes {word}",
                "category": "preference",
                "importance": 4,
                "observed_at": (T0 + timedelta(minutes=i)).isoformat(),
                "valid_from": (T0 + timedelta(minutes=i)).isoformat(),
                "source_message_ids": [f"{tenant}-m{i}"],
                "extractor_version": "chaos",
                "slot": f"like:{word}",
                "value": word,
            }
            for i, word in enumerate(WORDS)
        ]
        if topic == "facts.embedded":
            events = [
                {**e, "embedding": vector(i, dimensions), "embedding_model": "chaos"} for i, e in enumerate(events)
            ]
    else:
        key = f"{tenant}:u0"
        events = [
            {
                "event_id": f"{tenant}-x{i}",
                "tenant_id": tenant,
                "user_id": f"u{i}",
                "op": "added",
                "fact": None,
                "occurred_at": T0.isoformat(),
            }
            for i in range(20)
        ]
    return key.encode(), events


def poison_of(kind: str, topic: str, template: dict, dimensions: int) -> bytes | None:
    """The poison's exact bytes (None: a tombstone), built from a valid event of the topic."""
    template = {
        **template,
        **{k: f"poison-{k}" for k in ("event_id", "candidate_id") if k in template},
        TEXT_FIELD[topic]: MARKER,
    }

    def encode(value: dict) -> bytes:
        return json.dumps(value).encode()

    match kind:
        case "NUL byte":
            return b"garbage\x00"
        case "NUL in a text field":
            return encode({**template, TEXT_FIELD[topic]: "hello\u0000world"})
        case "tombstone":
            return None
        case "JSON nested 100k deep":
            return DEEP
        case '{"op": <100k deep>}':
            return b'{"op": ' + DEEP + b"}"
        case "invalid UTF-8":
            return encode(template).replace(MARKER.encode(), b"caf\xc3\x28 \xff")
        case "wrong types":
            return encode({**template, "user_id": 12, "tenant_id": [template["tenant_id"]]})
        case "unknown tenant":
            return encode({**template, "tenant_id": f"ghost-{uuid.uuid4().hex[:8]}"})
        case "embedding of the wrong size":
            return encode({**template, "embedding": template["embedding"][:-1]})
        case "all-zero embedding":
            return encode({**template, "embedding": [0.0] * dimensions})
        case "NaN in the embedding":
            return encode({**template, "embedding": [float("nan"), *template["embedding"][1:]]})
        case "inf in the embedding":
            return encode({**template, "embedding": [float("inf"), *template["embedding"][1:]]})
    raise AssertionError(kind)


@dataclass
class Sandwich:
    topic: str
    kind: str  # "clean" for the reference run of the topic
    tenant: str
    key: bytes
    events: list[dict]
    poison: bytes | None = None
    records: list[bytes | None] = field(default_factory=list)

    @property
    def stages(self) -> tuple[str, ...]:
        return TOPICS[self.topic][0]


def build_sandwiches(dimensions: int) -> list[Sandwich]:
    run = uuid.uuid4().hex[:6]
    out = []
    for topic in TOPICS:
        kinds = ["clean", *COMMON_POISONS, *(EMBEDDING_POISONS if topic == "facts.embedded" else ())]
        for n, kind in enumerate(kinds):
            tenant = f"chaos-{run}-{topic.split('.')[1][:4]}-{n}"
            key, events = valid_events(topic, tenant, dimensions)
            sandwich = Sandwich(topic, kind, tenant, key, events)
            valid = [json.dumps(e).encode() for e in events]
            if kind == "clean":
                sandwich.records = list(valid)
            else:
                sandwich.poison = poison_of(kind, topic, events[0], dimensions)
                sandwich.records = [*valid[:10], sandwich.poison, *valid[10:]]
            out.append(sandwich)
    return out


async def processed(db, s: Sandwich) -> int:
    """How many of the sandwich's 20 valid events went all the way through the stage under test."""
    if s.topic == "chat.messages":
        ids = [e["event_id"] for e in s.events]
        return await db.fetchval(
            "SELECT count(*) FROM messages WHERE tenant_id = $1 AND event_id = any($2::text[])", s.tenant, ids
        )
    if s.topic in ("facts.extracted", "facts.embedded"):
        ids = [e["candidate_id"] for e in s.events]
        return await db.fetchval(
            "SELECT count(*) FROM decisions WHERE tenant_id = $1 AND candidate_id = any($2::text[])", s.tenant, ids
        )
    users = [e["user_id"] for e in s.events]
    return await db.fetchval(
        "SELECT count(*) FROM user_profiles WHERE tenant_id = $1 AND user_id = any($2::text[])", s.tenant, users
    )


async def dead_letters(db, s: Sandwich, settings) -> list:
    return await db.fetch(
        "SELECT id, stage, error, payload, replayed_at FROM dead_letters WHERE source_topic = $1 AND key = $2 "
        "ORDER BY id",
        settings.topic(s.topic),
        s.key,
    )


async def state(db, s: Sandwich) -> dict:
    return await memory_state(db, s.tenant)


@pytest.fixture(scope="module")
async def sandwiches(pipeline: Pipeline, db) -> dict:
    """Publish every sandwich, then wait (one deadline) until each has reached its end state."""
    settings = pipeline.stack.settings
    dimensions = settings.embedding_dimensions
    all_sandwiches = build_sandwiches(dimensions)
    for s in all_sandwiches:
        await ensure_tenant(db, s.tenant)
    producer = AIOKafkaProducer(bootstrap_servers=pipeline.stack.bootstrap, acks="all", max_request_size=4 << 20)
    await producer.start()
    try:
        futures = [
            await producer.send(settings.topic(s.topic), value, key=s.key)
            for s in all_sandwiches
            for value in s.records
        ]
        written = [await future for future in futures]
    finally:
        await producer.stop()
    last_offsets: dict[tuple[str, int], int] = {}
    for meta in written:
        where = (meta.topic, meta.partition)
        last_offsets[where] = max(meta.offset, last_offsets.get(where, -1))

    clean = {s.topic: s for s in all_sandwiches if s.kind == "clean"}
    poisoned = [s for s in all_sandwiches if s.kind != "clean"]
    started = time.monotonic()
    pending: list[str] = []
    while time.monotonic() - started < DEADLINE_S:
        pending = []
        clean_states = {}
        for topic, reference in clean.items():
            if await processed(db, reference) < 20:
                pending.append(f"{topic} clean run")
            clean_states[topic] = await state(db, reference)
        for s in poisoned:
            if await processed(db, s) < 20:
                pending.append(f"{s.topic} / {s.kind}: valid events")
            elif {r["stage"] for r in await dead_letters(db, s, settings)} != set(s.stages):
                pending.append(f"{s.topic} / {s.kind}: dead letter")
            elif await state(db, s) != clean_states[s.topic]:
                pending.append(f"{s.topic} / {s.kind}: state differs from the clean run")
        if not pending:
            break
        await _sleep(1.0)
    return {
        "all": all_sandwiches,
        "poisoned": poisoned,
        "pending": pending,
        "seconds": time.monotonic() - started,
        "last_offsets": last_offsets,
    }


async def committed_offsets(bootstrap: str, group: str, partitions: list[tuple[str, int]]) -> dict:
    """The group's committed offset of each partition (an OffsetFetch; the consumer joins nothing)."""
    from aiokafka import AIOKafkaConsumer, TopicPartition

    consumer = AIOKafkaConsumer(bootstrap_servers=bootstrap, group_id=group, enable_auto_commit=False)
    await consumer.start()
    try:
        return {(t, p): await consumer.committed(TopicPartition(t, p)) for t, p in partitions}
    finally:
        await consumer.stop()


async def _sleep(seconds: float) -> None:
    import asyncio

    await asyncio.sleep(seconds)


async def test_every_poison_on_every_topic_is_dead_lettered_and_loses_no_valid_event(sandwiches, pipeline, db):
    settings = pipeline.stack.settings
    assert not sandwiches["pending"], f"still pending after {DEADLINE_S}s: {sandwiches['pending']}"
    print(f"\nall {len(sandwiches['all'])} sandwiches settled in {sandwiches['seconds']:.1f}s (shared machine)")
    for s in sandwiches["poisoned"]:
        count = await processed(db, s)
        letters = await dead_letters(db, s, settings)
        assert count == 20, (s.topic, s.kind, count)
        assert sorted(r["stage"] for r in letters) == sorted(s.stages), (s.topic, s.kind, letters)
        for letter in letters:
            assert letter["error"], (s.topic, s.kind)
            assert letter["payload"] == s.poison, (s.topic, s.kind)  # byte for byte; None for the tombstone
        reasons = "; ".join(f"{r['stage']}: {r['error'][:70]}" for r in letters)
        print(
            f"{s.topic:16} {s.kind:28} {count} of 20 valid events {TOPICS[s.topic][1]}, "
            f"the poison dead-lettered ({reasons})"
        )
    pipeline.assert_alive()
    for stage in ("extractor", "embedder", "consolidator", "summarizer"):
        assert "Agent crashed" not in pipeline.log_tail(stage, 100_000), stage

    # Handled batches are acknowledged: each group commits past every sandwich, poison included.
    by_stage: dict[str, list[tuple[str, int]]] = {}
    for topic, partition in sandwiches["last_offsets"]:
        short = next(t for t in TOPICS if settings.topic(t) == topic)
        for stage in TOPICS[short][0]:
            by_stage.setdefault(stage, []).append((topic, partition))
    deadline = time.monotonic() + 30
    behind: dict = {}
    while time.monotonic() < deadline:
        behind = {}
        for stage, partitions in by_stage.items():
            committed = await committed_offsets(pipeline.stack.bootstrap, settings.consumer_group(stage), partitions)
            for tp, offset in committed.items():
                if offset is None or offset <= sandwiches["last_offsets"][tp]:
                    behind[(stage, *tp)] = (offset, sandwiches["last_offsets"][tp])
        if not behind:
            break
        await _sleep(1.0)
    assert not behind, f"groups not committed past their sandwiches: {behind}"
    print(f"every group committed past its sandwiches on {sum(map(len, by_stage.values()))} partitions")


async def test_dlq_replay_republishes_the_original_bytes(sandwiches, pipeline, db):
    """A replayed poison comes back byte for byte (a NUL, a tombstone, invalid UTF-8), and is
    dead-lettered again, with the very same bytes."""
    settings = pipeline.stack.settings
    chosen = [
        s
        for s in sandwiches["poisoned"]
        if s.topic == "facts.extracted" and s.kind in ("NUL byte", "tombstone", "invalid UTF-8")
    ]
    ids = [str(r["id"]) for s in chosen for r in await dead_letters(db, s, settings)]
    assert len(ids) == len(chosen)
    replayed = subprocess.run(
        [sys.executable, "-m", "services.cli", "dlq", "replay", *ids],
        env=pipeline.env(),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert replayed.returncode == 0 and f"replayed {len(ids)} dead letter(s)" in replayed.stdout, replayed.stderr
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        letters = {s.kind: await dead_letters(db, s, settings) for s in chosen}
        if all(len(rows) == 2 for rows in letters.values()):
            break
        await _sleep(0.5)
    for s in chosen:
        first, again = letters[s.kind]
        assert first["replayed_at"] is not None and again["replayed_at"] is None, s.kind
        assert first["payload"] == again["payload"] == s.poison, s.kind

    listed = subprocess.run(
        [sys.executable, "-m", "services.cli", "dlq", "list", "--stage", "embedder", "--payload", "--limit", "100000"],
        env=pipeline.env(),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert listed.returncode == 0, listed.stderr[-1500:]
    assert "(tombstone: no value)" in listed.stdout and "garbage\\x00" in listed.stdout


async def test_a_failing_dead_letter_write_stalls_the_stage_and_skips_nothing(pipeline, db):
    """While the dead-letter table refuses the poison (a trigger stands in for a broken store), the
    embedder neither dead-letters it nor moves past it: the valid events behind it wait. Once the store
    works again, the poison is dead-lettered and all 20 valid events go through."""
    settings = pipeline.stack.settings
    tenant = f"chaos-stall-{uuid.uuid4().hex[:6]}"
    await ensure_tenant(db, tenant)
    key, events = valid_events("facts.extracted", tenant, settings.embedding_dimensions)
    sandwich = Sandwich("facts.extracted", "refused dead letter", tenant, key, events, poison=b"REFUSE-ME\x00")
    trigger = f"refuse_{uuid.uuid4().hex[:8]}"
    await db.execute(
        f"""
        CREATE FUNCTION {trigger}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'dead-letter store refused this row (test)'; END $$;
        CREATE TRIGGER {trigger} BEFORE INSERT ON dead_letters FOR EACH ROW
            WHEN (position('REFUSE-ME'::bytea IN NEW.payload) > 0) EXECUTE FUNCTION {trigger}();
        """
    )
    try:
        valid = [json.dumps(e).encode() for e in events]
        producer = AIOKafkaProducer(bootstrap_servers=pipeline.stack.bootstrap, acks="all")
        await producer.start()
        try:
            for value in [*valid[:10], sandwich.poison, *valid[10:]]:
                await producer.send_and_wait(settings.topic("facts.extracted"), value, key=key)
        finally:
            await producer.stop()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and "dead-letter store refused" not in pipeline.log_tail("embedder", 400):
            await _sleep(0.5)
        await _sleep(3.0)  # a few retries' worth: nothing may move past the poison meanwhile
        stalled_at = await processed(db, sandwich)
        assert stalled_at <= 10 and not await dead_letters(db, sandwich, settings), stalled_at
    finally:
        await db.execute(f"DROP TRIGGER {trigger} ON dead_letters; DROP FUNCTION {trigger}()")

    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and not (
        await processed(db, sandwich) == 20 and await dead_letters(db, sandwich, settings)
    ):
        await _sleep(0.5)
    letters = await dead_letters(db, sandwich, settings)
    assert await processed(db, sandwich) == 20 and [r["payload"] for r in letters] == [sandwich.poison]
    assert "dead_letter_write_failed_retrying" in pipeline.log_tail("embedder", 2000)
    print(
        f"\nrefused dead-letter write: {stalled_at} of 20 valid events through while refused (none past the "
        f"poison); after: 20 of 20, the poison dead-lettered ({letters[0]['error'][:60]})"
    )
    pipeline.assert_alive()
