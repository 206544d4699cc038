"""Replaying memory.recalls from the start converges to the same strengths: the reinforcer's group is
rewound to offset 0 (as an operator replays a topic) and the running pipeline's reinforcer reads every
recall again. Recalls come from the API's own publisher (search, context, ask) and from events
published directly, some late and out of order, one twice."""

from __future__ import annotations

import time
import uuid
from datetime import UTC, datetime, timedelta

import httpx
from aiokafka.coordinator.assignors.roundrobin import RoundRobinPartitionAssignor
from aiokafka.structs import TopicPartition

from services.groups import committed_offsets
from shared.broker import key_for, new_consumer
from shared.contracts.events import FactRecalled
from tests.e2e.test_reinforcement import _publish_raw
from tests.helpers import wait_for

STRENGTH = "fact_id, strength, strength_at, recall_count, last_recalled_at"


async def _end_offsets(settings, topic: str) -> dict[TopicPartition, int]:
    consumer = new_consumer(settings, enable_auto_commit=False)
    await consumer.start()
    try:
        await consumer._client.force_metadata_update()
        partitions = [TopicPartition(topic, p) for p in sorted(consumer.partitions_for_topic(topic) or ())]
        return await consumer.end_offsets(partitions)
    finally:
        await consumer.stop()


async def _consumed_to_end(settings, topic: str, group: str, *, timeout_s: float, what: str) -> None:
    async def caught_up():
        ends = await _end_offsets(settings, topic)
        committed = await committed_offsets(settings, group, [topic])
        return all(committed.get(tp, 0) >= end for tp, end in ends.items() if end > 0) or None

    await wait_for(caught_up, timeout_s=timeout_s, what=what, interval_s=1.0)


class _FaustProtocol(RoundRobinPartitionAssignor):
    """Round robin under the name of faust's assignor: a group keeps its members' protocol name, so a
    plain consumer joining the stages' group must speak it (alone in the group, it assigns itself all)."""

    name = "faust"


async def _rewind(settings, group: str, topic: str) -> None:
    """Commit offset 0 on every partition of the topic for the group, as a member of it (the embedded
    broker refuses a commit from outside a group that has had members). Every other member is stopped,
    so this one is assigned every partition."""
    consumer = new_consumer(
        settings,
        group_id=group,
        enable_auto_commit=False,
        session_timeout_ms=6000,
        heartbeat_interval_ms=1000,
        partition_assignment_strategy=(_FaustProtocol,),
    )
    consumer.subscribe([topic])
    await consumer.start()
    try:
        partitions = set(await _end_offsets(settings, topic))
        deadline = time.monotonic() + 60
        while consumer.assignment() != partitions:
            assert time.monotonic() < deadline, f"never assigned every partition: {consumer.assignment()}"
            await consumer.getmany(timeout_ms=500)
        await consumer.commit({tp: 0 for tp in partitions})
    finally:
        await consumer.stop()


async def _strengths(db, tenant_id: str) -> dict:
    rows = await db.fetch(f"SELECT {STRENGTH} FROM facts WHERE tenant_id = $1", tenant_id)
    return {r["fact_id"]: dict(r) for r in rows}


async def test_replaying_the_recall_topic_from_the_start_changes_no_strength(pipeline, db, tenant):
    settings = pipeline.stack.settings
    topic, group = settings.topic("memory.recalls"), settings.consumer_group("reinforcer")
    tenant_id, key = tenant
    users = [f"u-{uuid.uuid4().hex[:8]}" for _ in range(2)]
    facts: dict[str, list[str]] = {}
    async with httpx.AsyncClient(base_url=pipeline.api_url, headers={"X-API-Key": key}, timeout=30) as api:
        for user in users:
            for text, category in (
                ("The user has a dog named Rex", "fact"),
                ("The user likes oolong tea", "preference"),
                ("The user's sister Anna lives in Oslo", "relationship"),
            ):
                added = await api.post(f"/v1/users/{user}/facts", json={"text": text, "category": category})
                assert added.status_code == 201, added.text
            facts[user] = [f["fact_id"] for f in (await api.get(f"/v1/users/{user}/facts")).json()["facts"]]
            # the API publishes these recalls itself, from its bounded queue
            for query in ("what is the dog called", "which tea", "where does Anna live"):
                assert (await api.post("/v1/search", json={"user_id": user, "query": query})).status_code == 200
            assert (await api.post("/v1/context", json={"user_id": user, "query": "the dog"})).status_code == 200

    now = datetime.now(UTC)
    direct = []
    for user in users:
        # oldest last on the topic: a late recall reinforces without decaying what is stored
        for days, ids in ((2, facts[user][:2]), (40, facts[user][1:]), (90, facts[user][:1])):
            direct.append(
                FactRecalled(
                    recall_id=f"r-{uuid.uuid4().hex}",
                    tenant_id=tenant_id,
                    user_id=user,
                    fact_ids=ids,
                    kind="ask",
                    occurred_at=now - timedelta(days=days),
                )
            )
    for event in direct:
        raw = event.model_dump_json().encode()
        copies = [raw, raw] if event is direct[0] else [raw]  # one redelivered at once
        await _publish_raw(pipeline.stack.bootstrap, topic, key_for(tenant_id, event.user_id), copies)

    async def all_recorded():
        kinds = await db.fetch("SELECT DISTINCT kind FROM recalls WHERE tenant_id = $1", tenant_id)
        ids = {r["recall_id"] for r in await db.fetch("SELECT recall_id FROM recalls WHERE tenant_id = $1", tenant_id)}
        return {r["kind"] for r in kinds} >= {"search", "context", "ask"} and {e.recall_id for e in direct} <= ids

    await wait_for(all_recorded, timeout_s=90, what="every recall recorded")
    await _consumed_to_end(settings, topic, group, timeout_s=90, what="the reinforcer caught up")
    before = await _strengths(db, tenant_id)
    recalled = [s for s in before.values() if s["recall_count"]]
    assert len(recalled) == 6 and max(s["recall_count"] for s in recalled) >= 3  # not a trivial state
    recall_rows = await db.fetchval("SELECT count(*) FROM recalls WHERE tenant_id = $1", tenant_id)

    # Replay: stop the reinforcer, rewind its group to the start of the topic, start it again.
    pipeline.stop("reinforcer")
    await _rewind(settings, group, topic)
    assert set((await committed_offsets(settings, group, [topic])).values()) <= {0}
    pipeline.start("reinforcer", "worker", "reinforcer")
    await _consumed_to_end(settings, topic, group, timeout_s=120, what="the replay read to the end")
    pipeline.assert_alive()

    # the restarted reinforcer did read them all again: every pair of this test came back as a duplicate
    again = pipeline.metric("reinforcer", "memstream_events_total", stage="reinforcer", outcome="duplicate_or_unknown")
    assert again >= recall_rows
    assert await _strengths(db, tenant_id) == before
    assert await db.fetchval("SELECT count(*) FROM recalls WHERE tenant_id = $1", tenant_id) == recall_rows
