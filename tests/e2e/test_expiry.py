"""A dated event leaves the active set when it is over, with a change event, and stays visible in
history and through `as_of` before its end. Through the real pipeline: the candidate goes through
the embedder and the consolidator, and the relay's expiry sweep retires it."""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime, timedelta

import httpx

from shared.broker import key_for
from shared.contracts.events import FactCandidate
from tests.helpers import wait_for


async def test_a_dated_event_expires_after_its_end(pipeline, db, tenant):
    tenant_id, key = tenant
    user = f"u-{uuid.uuid4().hex[:8]}"
    said_at = datetime.now(UTC) - timedelta(minutes=5)
    ends = datetime.now(UTC) + timedelta(seconds=3)
    candidate = FactCandidate(
        candidate_id=uuid.uuid4().hex,
        tenant_id=tenant_id,
        user_id=user,
        session_id="s1",
        text="The user has a dentist appointment today at 15:00",
        category="event",
        importance=6,
        observed_at=said_at,
        valid_from=said_at,
        valid_to=ends,
        source_message_ids=["m-1"],
        extractor_version="test",
    )
    await _publish(pipeline, candidate)

    async def row():
        return await db.fetchrow(
            "SELECT fact_id, status, valid_to FROM facts WHERE tenant_id = $1 AND user_id = $2", tenant_id, user
        )

    stored = await wait_for(row, timeout_s=60, what="the event fact stored")
    assert stored["valid_to"] == ends

    async def expired():
        current = await row()
        return current if current["status"] == "retracted" else None

    await wait_for(expired, timeout_s=60, what="the event retired by the expiry sweep")
    change = await db.fetchval(
        "SELECT payload::text FROM outbox WHERE tenant_id = $1 AND user_id = $2 AND payload->>'op' = 'retracted'",
        tenant_id,
        user,
    )
    assert change is not None and "expired" in json.loads(change)["reason"]

    async with httpx.AsyncClient(base_url=pipeline.api_url, headers={"X-API-Key": key}, timeout=30) as api:
        now = (await api.get(f"/v1/users/{user}/facts")).json()["facts"]
        before = (await api.get(f"/v1/users/{user}/facts", params={"as_of": said_at.isoformat()})).json()["facts"]
        after = await api.get(f"/v1/users/{user}/facts", params={"as_of": (ends + timedelta(seconds=1)).isoformat()})
    assert now == []
    assert [f["fact_id"] for f in before] == [str(stored["fact_id"])]
    assert after.json()["facts"] == []


async def _publish(pipeline, candidate: FactCandidate) -> None:
    from aiokafka import AIOKafkaProducer

    producer = AIOKafkaProducer(bootstrap_servers=pipeline.stack.bootstrap, acks="all")
    await producer.start()
    try:
        await producer.send_and_wait(
            pipeline.stack.settings.topic("facts.extracted"),
            candidate.model_dump_json().encode(),
            key=key_for(candidate.tenant_id, candidate.user_id),
        )
    finally:
        await producer.stop()
