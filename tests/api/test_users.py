"""Per-user resources: users list, summaries and profile, memory on/off, export, erase, live changes."""

from __future__ import annotations

import asyncio
import json

import httpx

from shared.providers.registry import decision_provider
from tests.api.conftest import seed_fact, seed_messages, uid


async def test_users_list_and_pagination(client):
    users = sorted(uid("p") for _ in range(3))
    for user in users:
        await client.put(f"/v1/users/{user}/settings", json={"memory_enabled": True})
    page = (await client.get("/v1/users", params={"limit": 2})).json()
    assert page["users"] == users[:2] and page["next_cursor"] == users[1]
    rest = (await client.get("/v1/users", params={"limit": 2, "cursor": page["next_cursor"]})).json()
    assert rest == {"users": users[2:], "next_cursor": None}
    assert (await client.get("/v1/users", params={"prefix": users[2][:6]})).json()["users"] == [users[2]]


async def test_summaries_and_profile(client, db, tenant):
    tenant_id, _ = tenant
    user = uid()
    await seed_messages(db, tenant_id, user, "s-9", ["I love the sea"])
    assert (await client.get(f"/v1/users/{user}/sessions/s-9/summary")).status_code == 404
    assert (await client.get(f"/v1/users/{user}/profile")).status_code == 404
    await db.execute(
        "INSERT INTO session_summaries (tenant_id, session_id, user_id, summary, input_hash, user_turns, is_final) "
        "VALUES ($1, 's-9', $2, '- The user loves the sea', 'h', 1, true)",
        tenant_id,
        user,
    )
    await db.execute(
        "INSERT INTO user_profiles (tenant_id, user_id, digest, input_hash) VALUES ($1, $2, 'preference: sea', 'h') "
        "ON CONFLICT (tenant_id, user_id) DO UPDATE SET digest = excluded.digest",
        tenant_id,
        user,
    )
    summary = (await client.get(f"/v1/users/{user}/sessions/s-9/summary")).json()
    assert summary["summary"] == "- The user loves the sea" and summary["is_final"] and summary["user_turns"] == 1
    assert (await client.get(f"/v1/users/{user}/profile")).json()["digest"] == "preference: sea"
    assert (await client.get(f"/v1/users/{uid()}/sessions/s-9/summary")).status_code == 404


async def test_memory_switch(client, db, tenant):
    tenant_id, _ = tenant
    user = uid()
    assert (await client.get(f"/v1/users/{user}/settings")).status_code == 404
    off = await client.put(f"/v1/users/{user}/settings", json={"memory_enabled": False})
    assert off.json() == {"user_id": user, "memory_enabled": False}
    assert (await client.get(f"/v1/users/{user}/settings")).json()["memory_enabled"] is False
    assert (
        await db.fetchval("SELECT memory_enabled FROM users WHERE tenant_id = $1 AND user_id = $2", tenant_id, user)
        is False
    )
    on = await client.put(f"/v1/users/{user}/settings", json={"memory_enabled": True})
    assert on.json()["memory_enabled"] is True
    bad = await client.put(f"/v1/users/{user}/settings", json={"memory_enabled": "maybe"})
    assert bad.status_code == 422 and "memory_enabled" in bad.json()["detail"]


async def test_export_has_everything(client, db, stack, tenant):
    tenant_id, _ = tenant
    user = uid()
    [m1] = await seed_messages(db, tenant_id, user, "s1", ["I live in Oslo."])
    await seed_fact(db, stack.settings, tenant_id, user, "The user lives in Oslo", source_message_ids=[m1])
    fact = (await client.post(f"/v1/users/{user}/facts", json={"text": "The user plays chess"})).json()["fact"]
    await client.delete(f"/v1/users/{user}/facts/{fact['fact_id']}")
    got = await client.get(f"/v1/users/{user}/export")
    assert got.status_code == 200 and "attachment" in got.headers["content-disposition"]
    data = got.json()
    assert data["user_id"] == user and data["settings"] == {"memory_enabled": True}
    assert {f["text"]: f["status"] for f in data["facts"]} == {
        "The user lives in Oslo": "active",
        "The user plays chess": "retracted",
    }
    assert [m["content"] for m in data["messages"]] == ["I live in Oslo."]
    assert [s["session_id"] for s in data["sessions"]] == ["s1"]
    assert {d["op"] for d in data["decisions"]} == {"ADD", "DELETE"}
    assert [e["payload"]["op"] for e in data["recent_change_events"]] == ["added", "added", "retracted"]
    assert "embedding" not in data["facts"][0]
    json.dumps(data)


async def test_erase_deletes_everything_and_emits_one_event(client, db, stack, tenant):
    from shared.provider_calls import cached_call

    tenant_id, _ = tenant
    user, neighbour = uid(), uid()
    [m1] = await seed_messages(db, tenant_id, user, "s-e", ["I live in Rome."])
    await seed_messages(db, tenant_id, neighbour, "s-n", ["I live in Rome too."])
    await seed_fact(db, stack.settings, tenant_id, user, "The user lives in Rome", source_message_ids=[m1])
    await seed_fact(db, stack.settings, tenant_id, neighbour, "The user lives in Rome")
    await client.post(f"/v1/users/{user}/facts", json={"text": "The user has a cat"})
    await client.put(f"/v1/users/{user}/settings", json={"memory_enabled": True})
    await db.execute(
        "INSERT INTO session_summaries (tenant_id, session_id, user_id, summary, input_hash, user_turns) "
        "VALUES ($1, 's-e', $2, '- The user lives in Rome', 'h', 1)",
        tenant_id,
        user,
    )
    await db.execute(
        "INSERT INTO user_profiles (tenant_id, user_id, digest, input_hash) VALUES ($1, $2, 'fact: Rome', 'h') "
        "ON CONFLICT (tenant_id, user_id) DO UPDATE SET digest = excluded.digest",
        tenant_id,
        user,
    )
    provider = decision_provider(stack.settings)
    for task, output in (
        ("extraction", [{"text": "The user lives in Rome", "source_event_ids": [m1]}]),
        ("summary", "- The user lives in Rome"),
        ("profile", "fact: Rome"),
    ):

        async def call(output=output):
            return output, 0, 0

        await cached_call(
            db, stage="test", task=task, tenant_id=tenant_id, provider=provider, request=[user, task], call=call
        )
    # Calls made for a user carry the user: outputs that name nothing of it go too, a neighbour's stay.
    for who, task, output in (
        (user, "decision", [{"op": "UPDATE", "target": 0, "reason": "moved"}]),
        (user, "summary", "- an earlier summary, since replaced"),
        (neighbour, "decision", [{"op": "ADD", "target": None, "reason": "new"}]),
    ):

        async def call(output=output):
            return output, 0, 0

        await cached_call(
            db,
            stage="test",
            task=task,
            tenant_id=tenant_id,
            user_id=who,
            provider=provider,
            request=[who, task, "attributed"],
            call=call,
        )
    await db.execute(
        "INSERT INTO dead_letters (dead_letter_id, tenant_id, user_id, stage, error, attempts, source_topic, payload) "
        "VALUES ($1, $2, $3, 'extractor', 'boom', 1, 't', $4)",
        uid("dl"),
        tenant_id,
        user,
        json.dumps({"user_id": user, "content": "I live in Rome."}).encode(),
    )
    neighbour_before = (await client.get(f"/v1/users/{neighbour}/export")).json()

    erased = await client.delete(f"/v1/users/{user}")
    assert erased.status_code == 200, erased.text
    counts = erased.json()["erased"]
    assert counts["facts"] == 2 and counts["messages"] == 1 and counts["sessions"] == 1 and counts["users"] == 1
    assert counts["session_summaries"] == 1 and counts["user_profiles"] == 1 and counts["decisions"] == 2
    assert counts["llm_calls"] == 5 and counts["dead_letters"] == 1 and counts["outbox"] == 2
    assert await db.fetchval(
        "SELECT count(*) FROM llm_calls WHERE tenant_id = $1 AND user_id = $2", tenant_id, neighbour
    )

    for table in ("facts", "decisions", "messages", "sessions", "session_summaries", "user_profiles", "users"):
        left = await db.fetchval(f"SELECT count(*) FROM {table} WHERE tenant_id = $1 AND user_id = $2", tenant_id, user)
        assert left == 0, table
    [event] = await db.fetch(
        "SELECT event_id, payload FROM outbox WHERE tenant_id = $1 AND user_id = $2", tenant_id, user
    )
    payload = json.loads(event["payload"])
    assert payload["op"] == "erased" and payload["fact"] is None and event["event_id"] == erased.json()["event_id"]
    assert (await client.get(f"/v1/users/{user}/facts")).json()["facts"] == []
    assert (await client.get(f"/v1/users/{user}/export")).status_code == 404
    assert (await client.delete(f"/v1/users/{user}")).status_code == 404
    neighbour_after = (await client.get(f"/v1/users/{neighbour}/export")).json()
    assert neighbour_after["facts"] == neighbour_before["facts"]
    assert neighbour_after["messages"] == neighbour_before["messages"]


async def read_events(response: httpx.Response, count: int, timeout_s: float) -> list[dict]:
    """Parse SSE frames until `count` events arrived (bounded in time)."""
    events: list[dict] = []
    frame: dict = {}

    async def consume() -> None:
        async for line in response.aiter_lines():
            if line == "":
                if "data" in frame:
                    events.append(dict(frame))
                    if len(events) >= count:
                        return
                frame.clear()
            elif not line.startswith(":") and ":" in line:
                name, _, value = line.partition(":")
                frame[name] = value.lstrip(" ")

    await asyncio.wait_for(consume(), timeout_s)
    return events


async def test_live_stream_of_changes(api, client, tenant):
    user = uid()
    first = (await client.post(f"/v1/users/{user}/facts", json={"text": "The user likes tea"})).json()["fact"]
    listener = httpx.AsyncClient(base_url=api.url, headers=client.headers, timeout=30)
    async with listener, listener.stream("GET", f"/v1/users/{user}/changes", params={"max_seconds": 20}) as stream:
        assert stream.status_code == 200
        assert stream.headers["content-type"].startswith("text/event-stream")
        reader = asyncio.create_task(read_events(stream, 3, timeout_s=15))
        await asyncio.sleep(0.3)
        await client.post(f"/v1/users/{user}/facts", json={"text": "The user likes green tea"})
        await client.patch(f"/v1/users/{user}/facts/{first['fact_id']}", json={"text": "The user likes black tea"})
        await client.delete(f"/v1/users/{user}")
        events = await reader
    assert [e["event"] for e in events] == ["added", "superseded", "erased"]  # the stream ends at erase
    assert [json.loads(e["data"])["op"] for e in events] == [e["event"] for e in events]
    ids = [int(e["id"]) for e in events]
    assert ids == sorted(ids)

    # resume after the first event: the rest comes again, in order
    fresh = uid()
    await client.post(f"/v1/users/{fresh}/facts", json={"text": "The user rows boats"})
    listener = httpx.AsyncClient(base_url=api.url, headers=client.headers, timeout=30)
    params = {"since": 0, "max_seconds": 5}
    async with listener, listener.stream("GET", f"/v1/users/{fresh}/changes", params=params) as stream:
        [replayed] = await read_events(stream, 1, timeout_s=10)
    assert replayed["event"] == "added"
    assert json.loads(replayed["data"])["fact"]["text"] == "The user rows boats"
