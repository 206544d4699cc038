"""Reinforcement on recall, through the real pipeline: the API publishes recall events when search
and context use facts, the reinforcer folds them into strength once each, and a user restating a
fact reinforces it too."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import httpx

from shared.broker import key_for
from shared.contracts.events import FactRecalled
from tests.e2e.test_walking_skeleton import publish
from tests.helpers import wait_for


async def _fact(db, tenant_id: str, user: str, like: str):
    return await db.fetchrow(
        "SELECT fact_id, recall_count, strength, last_recalled_at FROM facts"
        " WHERE tenant_id = $1 AND user_id = $2 AND text ILIKE $3 AND superseded_at IS NULL",
        tenant_id,
        user,
        like,
    )


async def test_recalls_raise_strength_once_each_and_restating_reinforces(pipeline, db, tenant):
    tenant_id, key = tenant
    user = f"u-{uuid.uuid4().hex[:8]}"
    async with httpx.AsyncClient(base_url=pipeline.api_url, headers={"X-API-Key": key}, timeout=30) as api:
        said = {"user_id": user, "session_id": "s1", "role": "user", "content": "I have a dog named Rex."}
        assert (await api.post("/v1/messages", json={"messages": [said]})).status_code == 202
        fact = await wait_for(lambda: _fact(db, tenant_id, user, "%dog named Rex%"), timeout_s=90, what="the dog fact")
        assert fact["recall_count"] == 0 and fact["strength"] is None  # the seed applies until a recall

        found = (await api.post("/v1/search", json={"user_id": user, "query": "what is my dog called"})).json()
        assert "Rex" in found["results"][0]["text"]  # the fact, or its source message with the fact folded in

        async def recalled(count: int):
            row = await _fact(db, tenant_id, user, "%dog named Rex%")
            return row if row["recall_count"] >= count else None

        once = await wait_for(lambda: recalled(1), timeout_s=60, what="the search recall applied")
        assert once["recall_count"] == 1 and once["strength"] > 0 and once["last_recalled_at"] is not None

        # The same recall event twice (a redelivery or a replay of the topic): applied once.
        event = FactRecalled(
            recall_id=f"replayed-{uuid.uuid4().hex}",
            tenant_id=tenant_id,
            user_id=user,
            fact_ids=[str(fact["fact_id"])],
            kind="context",
            occurred_at=datetime.now(UTC),
        )
        topic = pipeline.stack.settings.topic("memory.recalls")
        raw = event.model_dump_json().encode()
        await _publish_raw(pipeline.stack.bootstrap, topic, key_for(tenant_id, user), [raw, raw])
        twice = await wait_for(lambda: recalled(2), timeout_s=60, what="the replayed recall applied")
        assert twice["strength"] > once["strength"]

        # Restating the fact is a NONE decision, which reinforces it as a recall of kind "restated".
        again = {**said, "session_id": "s2"}
        assert (await api.post("/v1/messages", json={"messages": [again]})).status_code == 202
        thrice = await wait_for(lambda: recalled(3), timeout_s=90, what="the restatement applied")
        kinds = await db.fetch(
            "SELECT kind, count(*) AS n FROM recalls WHERE tenant_id = $1 AND fact_id = $2 GROUP BY kind",
            tenant_id,
            fact["fact_id"],
        )
        assert {r["kind"]: r["n"] for r in kinds} == {"search": 1, "context": 1, "restated": 1}
        assert thrice["recall_count"] == 3  # the duplicate event did not count


async def _publish_raw(bootstrap: str, topic: str, key: bytes, values: list[bytes]) -> None:
    from aiokafka import AIOKafkaProducer

    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, acks="all")
    await producer.start()
    try:
        for value in values:
            await producer.send_and_wait(topic, value, key=key)
    finally:
        await producer.stop()


async def test_a_recall_naming_no_fact_id_is_dead_lettered(pipeline, db, tenant):
    tenant_id, _ = tenant
    bad = {
        "recall_id": "r-bad",
        "tenant_id": tenant_id,
        "user_id": "u",
        "fact_ids": ["not-a-uuid"],
        "kind": "search",
        "occurred_at": datetime.now(UTC).isoformat(),
    }
    await publish(pipeline.stack.bootstrap, pipeline.stack.settings.topic("memory.recalls"), [_as_bytes(bad)])

    async def dead_lettered():
        return await db.fetchrow(
            "SELECT error FROM dead_letters WHERE stage = 'reinforcer' AND tenant_id = $1", tenant_id
        )

    letter = await wait_for(dead_lettered, timeout_s=60, what="the bad recall dead-lettered")
    assert "not a fact id" in letter["error"]


def _as_bytes(value: dict) -> bytes:
    import json

    return json.dumps(value).encode()
