"""Erase works whatever the dead letters hold, and touches only the erased user's rows.

Hostile dead letters come through the real pipeline (published to chat.messages, dead-lettered by the
extractor and the summarizer), plus one row as an older version stored it (its owner not in a
column, a payload jsonb cannot hold), which is what made erase answer 500 before.
"""

from __future__ import annotations

import json
import time
import uuid
from datetime import UTC, datetime

import httpx
from aiokafka import AIOKafkaProducer

from tests.helpers import wait_for

NOW = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)
DEEP = b"[" * 100_000 + b"]" * 100_000


def chat(tenant_id: str, user_id: str, session_id: str, content: str, n: int) -> dict:
    return {
        "event_id": f"{session_id}-{n}",
        "tenant_id": tenant_id,
        "user_id": user_id,
        "session_id": session_id,
        "role": "user",
        "content": content,
        "created_at": NOW.isoformat(),
    }


async def test_erase_with_hostile_dead_letters_present_touches_only_that_user(pipeline, db, tenant):
    tenant_id, key = tenant
    settings = pipeline.stack.settings
    topic = settings.topic("chat.messages")
    run = uuid.uuid4().hex[:6]
    ann, bob = f"ann-{run}", f"bob-{run}"
    sessions = {name: f"{name}-s" for name in ("ann", "bob", "hostile")}

    def record(session: str, value: bytes | None) -> tuple[bytes, bytes | None]:
        return f"{tenant_id}:{session}".encode(), value

    def encode(event: dict) -> bytes:
        return json.dumps(event).encode()

    valid = [
        record(sessions["ann"], encode(chat(tenant_id, ann, sessions["ann"], "I like chess.", 1))),
        record(sessions["bob"], encode(chat(tenant_id, bob, sessions["bob"], "I like tennis.", 1))),
    ]
    ann_nul = encode(chat(tenant_id, ann, sessions["ann"], "hello\u0000world", 2))
    bob_nul = encode(chat(tenant_id, bob, sessions["bob"], "hello\u0000world", 2))
    unreadable_ann = encode(chat(tenant_id, ann, sessions["ann"], "MARK", 3)).replace(b"MARK", b"\xff\xfe")
    unreadable_bob = b'{"tenant_id": "%s", "user_id": "%s", "x": ' % (tenant_id.encode(), bob.encode()) + DEEP + b"}"
    hostile = [
        record(sessions["ann"], ann_nul),  # owner readable: ann
        record(sessions["bob"], bob_nul),  # owner readable: bob
        # owner unreadable (invalid UTF-8, too deep): matched by the key of the user's session
        record(sessions["ann"], unreadable_ann),
        record(sessions["bob"], unreadable_bob),
        # no owner and no user's key (not JSON, no value): nobody's, kept
        record(sessions["hostile"], b"garbage\x00"),
        record(sessions["hostile"], None),
    ]
    producer = AIOKafkaProducer(bootstrap_servers=pipeline.stack.bootstrap, acks="all", max_request_size=4 << 20)
    await producer.start()
    try:
        for record_key, value in [*valid, *hostile]:
            await producer.send_and_wait(topic, value, key=record_key)
    finally:
        await producer.stop()
    # A dead letter as an older version stored it: the tenant only, no key, and JSON jsonb cannot hold.
    await db.execute(
        "INSERT INTO dead_letters (dead_letter_id, tenant_id, stage, error, attempts, source_topic, payload) "
        "VALUES ($1, $2, 'extractor', 'legacy', 1, $3, $4)",
        f"legacy-{run}",
        tenant_id,
        topic,
        encode({"tenant_id": tenant_id, "user_id": ann, "content": "a\u0000b"}),
    )

    async def everything_arrived():
        letters = await db.fetchval(
            "SELECT count(*) FROM dead_letters WHERE source_topic = $1 AND key = any($2::bytea[])",
            topic,
            [f"{tenant_id}:{s}".encode() for s in sessions.values()],
        )
        stored = await db.fetchval("SELECT count(*) FROM messages WHERE tenant_id = $1", tenant_id)
        return letters == 2 * len(hostile) and stored == len(valid)  # two stages read chat.messages

    await wait_for(everything_arrived, timeout_s=90, what="hostile dead letters and valid messages")

    async def letters() -> dict:
        """Dead letters by (owner column, record key) of this test's records."""
        rows = await db.fetch(
            "SELECT user_id, key, count(*) AS n FROM dead_letters WHERE (tenant_id = $1 AND key IS NULL) "
            "OR key = any($2::bytea[]) GROUP BY user_id, key",
            tenant_id,
            [record(s, None)[0] for s in sessions.values()],
        )
        return {(r["user_id"], r["key"].decode() if r["key"] else None): r["n"] for r in rows}

    ann_key, bob_key, hostile_key = (f"{tenant_id}:{sessions[n]}" for n in ("ann", "bob", "hostile"))
    expected_before = {
        (ann, ann_key): 2,  # its NUL message, from the extractor and the summarizer
        (None, ann_key): 2,  # its unreadable one
        (bob, bob_key): 2,
        (None, bob_key): 2,
        (None, hostile_key): 4,
        (None, None): 1,  # the legacy row
    }
    assert await letters() == expected_before

    started = time.monotonic()
    async with httpx.AsyncClient(base_url=pipeline.api_url, headers={"X-API-Key": key}, timeout=30) as client:
        erased = await client.delete(f"/v1/users/{ann}")
        nobody = await client.delete(f"/v1/users/nobody-{run}")
    assert erased.status_code == 200, erased.text
    assert nobody.status_code in (200, 404), nobody.text  # an unknown user: not found, never a 500
    assert erased.json()["erased"]["dead_letters"] == 4 and erased.json()["erased"]["messages"] == 1
    expected_after = {k: n for k, n in expected_before.items() if k[1] != ann_key}
    assert await letters() == expected_after
    assert await db.fetchval("SELECT count(*) FROM messages WHERE tenant_id = $1 AND user_id = $2", tenant_id, bob) == 1
    assert await db.fetchval("SELECT count(*) FROM messages WHERE tenant_id = $1 AND user_id = $2", tenant_id, ann) == 0
    print(
        f"\nerase with {sum(expected_before.values())} hostile dead letters present: 200 in "
        f"{time.monotonic() - started:.2f}s (shared machine); the user's 4 gone (2 by owner, 2 by key), "
        f"the neighbour's 4, the 4 of nobody and the legacy row kept"
    )
