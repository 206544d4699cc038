"""GET /v1/messages/{event_id} with the whole pipeline running: a message goes from pending to processed,
and its status names the facts it gave and what consolidation did with each."""

from __future__ import annotations

import uuid

import httpx

from tests.helpers import wait_for


def uid(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


async def status_when_processed(http: httpx.AsyncClient, event_id: str) -> dict:
    async def check():
        body = (await http.get(f"/v1/messages/{event_id}")).json()
        return body if body["state"] in ("processed", "failed") else None

    return await wait_for(check, timeout_s=60, what=f"message {event_id} processed")


async def test_status_follows_a_message_to_its_fact_changes(pipeline, tenant, db):
    tenant_id, key = tenant
    user, session = uid("u"), uid("s")
    async with httpx.AsyncClient(base_url=pipeline.api_url, headers={"X-API-Key": key}, timeout=30) as http:
        unknown = (await http.get(f"/v1/messages/{uid('never-sent')}")).json()
        assert unknown["state"] == "pending" and not unknown["stored"] and unknown["candidates"] == []

        first = uid("m")
        body = {"messages": [{"event_id": first, "user_id": user, "session_id": session, "role": "user",
                              "content": "I live in Lisbon."}]}  # fmt: skip
        assert (await http.post("/v1/messages", json=body)).status_code == 202
        done = await status_when_processed(http, first)
        assert done["state"] == "processed" and done["stored"] and done["extracted"], done
        assert done["user_id"] == user and done["session_id"] == session and done["errors"] == []
        [added] = done["candidates"]
        assert added["decided"] and added["op"] == "ADD" and "Lisbon" in added["fact"]["text"]
        assert [f["fact_id"] for f in done["facts"]] == [added["fact"]["fact_id"]]
        assert done["facts"][0]["status"] == "active"

        greeting, moved = uid("m"), uid("m")
        body = {"messages": [
            {"event_id": greeting, "user_id": user, "session_id": session, "role": "assistant", "content": "Nice!"},
            {"event_id": moved, "user_id": user, "session_id": session, "role": "user",
             "content": "I moved to Porto last week."},
        ]}  # fmt: skip
        assert (await http.post("/v1/messages", json=body)).status_code == 202
        done = await status_when_processed(http, moved)
        [update] = done["candidates"]
        assert update["op"] == "UPDATE", done
        assert "Porto" in update["fact"]["text"] and update["fact"]["status"] == "active"
        assert update["previous"]["fact_id"] == added["fact"]["fact_id"]
        assert update["previous"]["status"] == "superseded"

        said = await status_when_processed(http, greeting)  # an assistant turn gives no facts
        assert said["state"] == "processed" and said["candidates"] == [] and said["role"] == "assistant"

        again = (await http.get(f"/v1/messages/{first}")).json()  # the first message's fact, as it is now
        assert again["candidates"][0]["fact"]["status"] == "superseded"

    other_key = await _other_tenant_key(db)
    async with httpx.AsyncClient(base_url=pipeline.api_url, headers={"X-API-Key": other_key}) as other:
        assert (await other.get(f"/v1/messages/{first}")).json()["state"] == "pending"  # another tenant's


async def _other_tenant_key(db) -> str:
    from shared.storage.tenants import add_api_key

    return await add_api_key(db, f"t-{uuid.uuid4().hex[:10]}", label="other")
