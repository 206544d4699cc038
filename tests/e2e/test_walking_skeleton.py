"""The whole path once, with real components: Kafka in, facts in Postgres, API and change events out."""

from __future__ import annotations

import json
import subprocess
import sys
import uuid
from datetime import UTC, datetime, timedelta

import httpx
from aiokafka import AIOKafkaProducer

from shared.broker import key_for
from tests.helpers import ROOT, read_topic, wait_for


def message(tenant: str, user: str, session: str, content: str, at: datetime, role: str = "user") -> dict:
    return {
        "event_id": f"m-{uuid.uuid4().hex[:12]}",
        "tenant_id": tenant,
        "user_id": user,
        "session_id": session,
        "role": role,
        "content": content,
        "created_at": at.isoformat(),
    }


async def publish(bootstrap: str, topic: str, events: list[dict | bytes]) -> None:
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, acks="all")
    await producer.start()
    try:
        for event in events:
            if isinstance(event, bytes):
                await producer.send_and_wait(topic, event, key=b"poison")
            else:
                await producer.send_and_wait(
                    topic, json.dumps(event).encode(), key=key_for(event["tenant_id"], event["session_id"])
                )
    finally:
        await producer.stop()


async def user_facts(db, tenant: str, user: str) -> list:
    return await db.fetch(
        "SELECT fact_id, text, status, superseded_by, valid_from, valid_to FROM facts "
        "WHERE tenant_id = $1 AND user_id = $2 ORDER BY valid_from",
        tenant,
        user,
    )


async def test_kafka_to_facts_api_and_change_events(pipeline, db, tenant):
    tenant_id, key = tenant
    settings = pipeline.stack.settings
    month_ago = datetime.now(UTC) - timedelta(days=30)
    await publish(
        pipeline.stack.bootstrap,
        settings.topic("chat.messages"),
        [
            message(tenant_id, "alice", "s1", "Hi!", month_ago),
            message(tenant_id, "alice", "s1", "I live in Paris.", month_ago + timedelta(seconds=1)),
            message(tenant_id, "alice", "s2", "I moved to Berlin.", month_ago + timedelta(days=29)),
        ],
    )

    async def superseded():
        rows = await user_facts(db, tenant_id, "alice")
        return rows if any(r["status"] == "superseded" for r in rows) else None

    rows = await wait_for(superseded, timeout_s=60, what="Paris superseded by Berlin")
    paris = next(r for r in rows if "Paris" in r["text"])
    berlin = next(r for r in rows if "Berlin" in r["text"])
    assert paris["status"] == "superseded" and paris["superseded_by"] == berlin["fact_id"]
    assert berlin["status"] == "active" and paris["valid_to"] == berlin["valid_from"]

    async with httpx.AsyncClient(base_url=pipeline.api_url, headers={"X-API-Key": key}) as client:
        got = await client.get("/v1/users/alice/facts")
        assert got.status_code == 200, got.text
        active = got.json()["facts"]
        everything = (await client.get("/v1/users/alice/facts", params={"include_history": "true"})).json()["facts"]
    assert [f["text"] for f in active] == [berlin["text"]]
    assert {f["fact_id"] for f in everything} == {str(paris["fact_id"]), str(berlin["fact_id"])}

    async def changes():
        found = await read_topic(
            pipeline.stack.bootstrap,
            settings.topic("facts.changes"),
            predicate=lambda e: e.get("tenant_id") == tenant_id,
        )
        return found if len({e["event_id"] for e in found}) >= 2 else None

    events = {e["event_id"]: e for e in await wait_for(changes, timeout_s=30, what="fact-change events")}
    by_op = {e["op"]: e for e in events.values()}
    assert by_op["added"]["fact"]["fact_id"] == str(paris["fact_id"])
    assert by_op["superseded"]["fact"]["fact_id"] == str(berlin["fact_id"])
    assert by_op["superseded"]["previous_fact_id"] == str(paris["fact_id"])


async def test_api_ingest_reaches_memory(pipeline, db, tenant):
    tenant_id, key = tenant
    async with httpx.AsyncClient(base_url=pipeline.api_url, headers={"Authorization": f"Bearer {key}"}) as client:
        response = await client.post(
            "/v1/messages",
            json={
                "messages": [
                    {
                        "event_id": "api-1",
                        "user_id": "bob",
                        "session_id": "s1",
                        "role": "user",
                        "content": "I'm vegan.",
                    },
                ]
            },
        )
        assert response.status_code == 202, response.text
        assert response.json() == {"accepted": 1, "event_ids": ["api-1"]}

    async def stored():
        return await user_facts(db, tenant_id, "bob")

    rows = await wait_for(stored, timeout_s=60, what="bob's fact")
    assert any("vegan" in r["text"].lower() for r in rows)


async def test_api_rejects_bad_input_naming_the_field(pipeline, tenant):
    _, key = tenant
    async with httpx.AsyncClient(base_url=pipeline.api_url, headers={"X-API-Key": key}) as client:
        bad_role = await client.post(
            "/v1/messages", json={"messages": [{"user_id": "u", "session_id": "s", "role": "robot", "content": "hi"}]}
        )
        no_key = await client.post("/v1/messages", json={"messages": []}, headers={"X-API-Key": "nope"})
    assert bad_role.status_code == 422
    assert bad_role.headers["content-type"].startswith("application/problem+json")
    assert "messages.0.role" in bad_role.json()["detail"]
    assert no_key.status_code == 401


async def test_poison_events_are_dead_lettered_with_a_reason_and_the_stage_goes_on(pipeline, db, tenant):
    tenant_id, _ = tenant
    settings = pipeline.stack.settings
    now = datetime.now(UTC)
    base = message(tenant_id, "carol", "s1", "x", now)
    missing = {k: v for k, v in base.items() if k != "session_id"}
    poison = {
        "malformed JSON": b"{not json",
        "missing field": json.dumps(missing).encode(),
        "mistyped field": json.dumps({**base, "content": {"text": "hi"}, "event_id": "poison-type"}).encode(),
        "oversized content": json.dumps(
            {**base, "event_id": "poison-big", "content": "a" * (settings.max_content_chars + 1)}
        ).encode(),
        "unknown schema version": json.dumps({**base, "event_id": "poison-v99", "schema_version": 99}).encode(),
    }
    good = message(tenant_id, "carol", "s1", "I have a dog named Rex.", now)
    await publish(pipeline.stack.bootstrap, settings.topic("chat.messages"), [*poison.values(), good])

    async def dead_letters():
        rows = await db.fetch(
            "SELECT error, payload FROM dead_letters WHERE stage = 'extractor' AND payload = any($1::bytea[])",
            list(poison.values()),
        )
        return rows if len(rows) == len(poison) else None

    rows = {r["payload"]: r["error"] for r in await wait_for(dead_letters, timeout_s=60, what="five dead letters")}
    reasons = {kind: rows[payload] for kind, payload in poison.items()}
    assert "invalid event" in reasons["malformed JSON"]
    assert "session_id" in reasons["missing field"]
    assert "content" in reasons["mistyped field"]
    assert "content" in reasons["oversized content"] and str(settings.max_content_chars) in reasons["oversized content"]
    assert "schema_version" in reasons["unknown schema version"]
    assert await wait_for(lambda: user_facts(db, tenant_id, "carol"), timeout_s=60, what="carol's fact after poison")

    # An operator sees them and can send them back; still poison, they come back to the DLQ, and nothing crashes.
    listed = subprocess.run(
        [sys.executable, "-m", "services.cli", "dlq", "list", "--tenant", tenant_id],
        env=pipeline.env(),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert listed.returncode == 0 and "schema_version" in listed.stdout, listed.stderr[-1500:]
    ids = [line.split()[0].lstrip("#") for line in listed.stdout.splitlines() if line.startswith("#")]
    replayed = subprocess.run(
        [sys.executable, "-m", "services.cli", "dlq", "replay", *ids],
        env=pipeline.env(),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert replayed.returncode == 0 and f"replayed {len(ids)} dead letter(s)" in replayed.stdout

    async def dead_lettered_again():
        # chat.messages feeds two stages (extractor, summarizer): each dead-letters a replayed poison again.
        rows = await db.fetch(
            "SELECT payload, replayed_at IS NOT NULL AS replayed FROM dead_letters WHERE tenant_id = $1", tenant_id
        )
        replayed = {r["payload"] for r in rows if r["replayed"]}
        fresh = {r["payload"] for r in rows if not r["replayed"]}
        return len(replayed) == 4 and replayed <= fresh

    await wait_for(dead_lettered_again, timeout_s=60, what="replayed poison dead-lettered again")
    pipeline.assert_alive()
