"""The memory a conversation leaves is a function of the conversation alone, never of where batch
boundaries fall (the guarantee behind the kill/replay suite, cheaply and deterministically).

The same conversations go through the real stage handlers (extractor, embedder, consolidator) against
the real Postgres, each run under a tenant of its own, batched differently each time: everything in one
batch, one event per batch, each user's later sessions first, and seeded random batchings that
interleave sessions, lose a cursor advance (a crash between the extractor's publish and its cursor
update, so the next batch extracts those turns again) and redeliver candidates the consolidator already
applied. Every run must emit the same candidates and end in the same facts as the first. Only the broker
is left out: each handler's publish hands its output to the next handler, in order.
"""

from __future__ import annotations

import random
import uuid
from collections import defaultdict
from datetime import UTC, datetime, timedelta

import pytest

import bench.eval as bench_eval
from bench.workload import conversations as workload
from services.consolidator import stage as consolidator
from services.embedder import stage as embedder
from services.extractor import stage as extractor
from shared.broker import Topics
from shared.contracts.events import ChatMessage, FactCandidate
from shared.runtime import Record, StageContext
from shared.storage.tenants import ensure_tenant

SEEDS = (1, 2, 3)
# Eval conversations (both sets, both splits: nothing is tuned here) of the classes where batching can
# matter: changes of mind and endings, a fact said twice, a confirmation of an assistant's question.
EVAL_TAGS = {"change", "ending", "negation", "duplicate", "confirmation"}


def _eval_events(tenant_id: str) -> list[dict]:
    events = []
    for path in bench_eval.DATASETS:
        for c in bench_eval.load(path):
            if EVAL_TAGS.isdisjoint(c.get("tags", [])) and not any(f["negated"] for f in c["expected_facts"]):
                continue
            for i, m in enumerate(c["messages"]):
                events.append(_event(tenant_id, f"eval-{c['id']}", f"eval-{c['id']}", i, m["role"], m["content"], m))
    return events


def _far_back_events(tenant_id: str) -> list[dict]:
    """A retraction that names only a thing, further back than the extractor's context reaches."""
    start = datetime(2026, 2, 1, tzinfo=UTC)
    said = ["I have a dog named Bruno.", *["What's the weather like today?", "Thanks!"] * 4, "Bruno passed away."]
    turns = [t for user_turn in said for t in (user_turn, "Noted!")]
    return [
        _event(tenant_id, "far-back", "far-back-s", i, "user" if i % 2 == 0 else "assistant", text, None, start, i)
        for i, text in enumerate(turns)
    ]


def _later_session_events(tenant_id: str) -> list[dict]:
    """Endings said in a later session, one with a stated time before the thing it ends began."""
    start = datetime(2026, 3, 1, tzinfo=UTC)
    sessions = {
        "s1": ["I have a cat named Rex.", "My girlfriend is Lena."],
        "s2": ["Rex died last week.", "Lena and I split up."],
    }
    events = []
    for day, (session, said) in enumerate(sessions.items()):
        turns = [t for user_turn in said for t in (user_turn, "Noted!")]
        for i, text in enumerate(turns):
            role = "user" if i % 2 == 0 else "assistant"
            events.append(
                _event(tenant_id, "later", f"later-{session}", i, role, text, None, start + timedelta(days=5 * day), i)
            )
    return events


def _event(tenant_id, user_id, session_id, i, role, content, message=None, start=None, minute=0) -> dict:
    created = message["created_at"] if message else (start + timedelta(minutes=minute)).isoformat()
    event = {
        "event_id": f"{tenant_id}-{session_id}-{i}",
        "tenant_id": tenant_id,
        "user_id": user_id,
        "session_id": session_id,
        "role": role,
        "content": content,
        "created_at": created,
    }
    if message and message.get("name"):
        event["name"] = message["name"]
    return event


def conversation_events(tenant_id: str) -> list[dict]:
    """Two workload users (three sessions each: facts, then changes of mind, a break-up and a marriage), the
    eval conversations of EVAL_TAGS, and one retraction far from what it retracts; in session order, as a chat service
    publishes them."""
    return (
        workload(tenant_id, users=2, messages_per_user=50)
        + _eval_events(tenant_id)
        + _far_back_events(tenant_id)
        + _later_session_events(tenant_id)
    )


class Run:
    """The three handlers wired output to input, with the batching given by ``rng`` (None: ``mode``)."""

    def __init__(self, stack, db, tenant_id: str, mode: str, seed: int | None = None):
        settings = stack.settings.model_copy(update={"embed_messages": False})
        self.db, self.tenant_id, self.mode = db, tenant_id, mode
        self.rng = random.Random(seed)
        self.topics = Topics.from_settings(settings)
        self.published: dict[str, list[bytes]] = defaultdict(list)

        async def publish(topic: str, items: list[tuple[bytes, bytes]]) -> None:
            self.published[topic] += [value for _, value in items]

        self.contexts = {
            stage: StageContext(stage=stage, settings=settings, topics=self.topics, publish=publish, pool=db)
            for stage in ("extractor", "embedder", "consolidator")
        }
        self.parse_embedded = consolidator.make_parser(settings)

    def batches(self, items: list) -> list[list]:
        if self.mode == "one batch":
            return [items] if items else []
        if self.mode in ("one by one", "later sessions first"):
            return [[item] for item in items]
        cuts = sorted(self.rng.sample(range(1, len(items)), min(len(items) - 1, self.rng.randint(3, 12))))
        bounds = [0, *cuts, len(items)]
        return [items[a:b] for a, b in zip(bounds, bounds[1:], strict=False) if b > a]

    def interleaved(self, events: list[dict]) -> list[dict]:
        """Sessions arrive interleaved (they sit on different partitions); each in its own order."""
        if self.mode in ("one batch", "one by one"):
            return events
        if self.mode == "later sessions first":  # each user's sessions reach the stages newest first
            sessions = list(dict.fromkeys(e["session_id"] for e in events))
            return [e for session in reversed(sessions) for e in events if e["session_id"] == session]
        queues: dict[str, list[dict]] = defaultdict(list)
        for event in events:
            queues[event["session_id"]].append(event)
        order = []
        while queues:
            session = self.rng.choice(sorted(queues))
            order.append(queues[session].pop(0))
            if not queues[session]:
                del queues[session]
        return order

    async def extract(self, events: list[dict]) -> None:
        ctx = self.contexts["extractor"]
        for n, batch in enumerate(self.batches(self.interleaved(events))):
            records = [(_record("chat.messages", n, e), ChatMessage.model_validate(e)) for e in batch]
            lose_cursor = self.mode == "random" and self.rng.random() < 0.3
            before = await self._cursors() if lose_cursor else None
            await extractor.handle(ctx, records)
            if before is not None:  # a crash after the publish, before the cursor update
                await self._restore_cursors(before)

    async def embed_and_consolidate(self) -> None:
        candidates = [FactCandidate.model_validate_json(v) for v in self.published[self.topics.extracted]]
        for n, batch in enumerate(self.batches(candidates)):
            await embedder.handle(self.contexts["embedder"], [(_record("facts.extracted", n, c), c) for c in batch])
        embedded = [self.parse_embedded(v) for v in self.published[self.topics.embedded]]
        if self.mode == "random":  # a redelivered stretch: candidates the consolidator has applied already
            start = self.rng.randrange(len(embedded))
            embedded = embedded + embedded[start : start + self.rng.randint(1, 20)]
        for n, batch in enumerate(self.batches(embedded)):
            await consolidator.handle(
                self.contexts["consolidator"], [(_record("facts.embedded", n, f), f) for f in batch]
            )

    async def _cursors(self) -> list:
        return await self.db.fetch(
            "SELECT session_id, cursor_hash, cursor_version FROM sessions WHERE tenant_id = $1", self.tenant_id
        )

    async def _restore_cursors(self, rows) -> None:
        await self.db.execute(
            "UPDATE sessions SET cursor_hash = NULL, cursor_version = NULL WHERE tenant_id = $1", self.tenant_id
        )
        for r in rows:
            await self.db.execute(
                "UPDATE sessions SET cursor_hash = $3, cursor_version = $4 WHERE tenant_id = $1 AND session_id = $2",
                self.tenant_id,
                r["session_id"],
                r["cursor_hash"],
                r["cursor_version"],
            )

    def candidates(self) -> set[tuple]:
        strip = len(self.tenant_id) + 1
        return {
            (c.user_id, c.text, c.slot, c.value, c.negated, c.valid_from, c.observed_at)
            + (tuple(s[strip:] for s in c.source_message_ids),)
            for c in map(FactCandidate.model_validate_json, self.published[self.topics.extracted])
        }

    async def facts(self) -> set[tuple]:
        strip = len(self.tenant_id) + 1
        rows = await self.db.fetch(
            """
            SELECT f.user_id, f.text, f.status, f.valid_from, f.valid_to, f.source_message_ids, n.text AS superseded_by
            FROM facts f LEFT JOIN facts n ON n.fact_id = f.superseded_by
            WHERE f.tenant_id = $1
            """,
            self.tenant_id,
        )
        event_ends = {
            (c.user_id, c.text, c.valid_to)
            for c in map(FactCandidate.model_validate_json, self.published[self.topics.extracted])
            if c.valid_to is not None
        }
        return {
            (r["user_id"], r["text"], _status(r, event_ends), r["valid_from"], r["valid_to"])
            + (tuple(sorted(s[strip:] for s in r["source_message_ids"])), r["superseded_by"])
            for r in rows
        }


def _status(row, event_ends: set[tuple]) -> str:
    """A dated event that is over (its fact still ends where its candidate said) may already be retired by
    the relay's expiry sweep, which runs for the whole session's database on its own clock, or not yet:
    either way it is over, whatever the batching. A fact that consolidation ended has another valid_to."""
    over = (row["user_id"], row["text"], row["valid_to"]) in event_ends and row["valid_to"] <= datetime.now(UTC)
    if over and row["superseded_by"] is None and row["status"] in ("active", "retracted"):
        return "over"
    return row["status"]


def _record(topic: str, offset: int, event) -> Record:
    return Record(topic, 0, offset, None, b"")  # the handlers read the parsed event; the record is its origin


async def _run(stack, db, mode: str, seed: int | None = None) -> Run:
    tenant_id = f"batch-{uuid.uuid4().hex[:8]}"
    await ensure_tenant(db, tenant_id)
    run = Run(stack, db, tenant_id, mode, seed)
    await run.extract(conversation_events(tenant_id))
    await run.embed_and_consolidate()
    return run


def _differences(actual: set, expected: set) -> str:
    missing = sorted(expected - actual, key=repr)[:6]
    extra = sorted(actual - expected, key=repr)[:6]
    return "missing:\n  " + "\n  ".join(map(repr, missing)) + "\nunexpected:\n  " + "\n  ".join(map(repr, extra))


@pytest.fixture(scope="module")
async def reference(stack, db) -> dict:
    run = await _run(stack, db, "one batch")
    facts = await run.facts()
    assert {f[2] for f in facts} >= {"active", "superseded", "retracted"}  # the set exercises every change
    return {"candidates": run.candidates(), "facts": facts}


@pytest.mark.parametrize(
    ("mode", "seed"),
    [("one by one", None), ("later sessions first", None)] + [("random", seed) for seed in SEEDS],
    ids=lambda v: str(v),
)
async def test_every_batching_ends_in_the_same_memory(stack, db, reference, mode, seed):
    run = await _run(stack, db, mode, seed)
    assert run.candidates() == reference["candidates"], _differences(run.candidates(), reference["candidates"])
    facts = await run.facts()
    assert facts == reference["facts"], _differences(facts, reference["facts"])
