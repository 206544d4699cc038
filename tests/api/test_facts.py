"""Facts of a user: list with filters, pagination and as_of; one fact with its history; manual add,
edit, delete and bulk delete, each writing its change events to the outbox."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from tests.api.conftest import seed_fact, seed_messages, uid


async def outbox(db, tenant_id: str, user_id: str) -> list[dict]:
    import json

    rows = await db.fetch(
        "SELECT payload::text AS p FROM outbox WHERE tenant_id = $1 AND user_id = $2 ORDER BY id", tenant_id, user_id
    )
    return [json.loads(r["p"]) for r in rows]


async def test_manual_add_goes_through_consolidation(client, db, tenant):
    tenant_id, _ = tenant
    user = uid()
    added = await client.post(f"/v1/users/{user}/facts", json={"text": "The user lives in Paris", "importance": 7})
    assert added.status_code == 201, added.text
    body = added.json()
    assert body["op"] == "ADD" and body["fact"]["source"] == "manual" and body["fact"]["status"] == "active"
    assert [c["op"] for c in body["changes"]] == ["added"]

    duplicate = await client.post(f"/v1/users/{user}/facts", json={"text": "the user lives in Paris."})
    assert duplicate.status_code == 200 and duplicate.json()["op"] == "NONE"
    assert duplicate.json()["decided_by"] == "rule" and duplicate.json()["fact"]["fact_id"] == body["fact"]["fact_id"]

    moved = await client.post(f"/v1/users/{user}/facts", json={"text": "The user lives in Berlin"})
    assert moved.status_code == 201 and moved.json()["op"] == "UPDATE", moved.text
    assert moved.json()["changes"][0]["previous_fact_id"] == body["fact"]["fact_id"]

    active = (await client.get(f"/v1/users/{user}/facts")).json()["facts"]
    assert [f["text"] for f in active] == ["The user lives in Berlin"]
    events = await outbox(db, tenant_id, user)
    assert [e["op"] for e in events] == ["added", "superseded"]
    assert all(e["tenant_id"] == tenant_id for e in events)


async def test_edit_supersedes_and_delete_retracts(client, db, tenant):
    tenant_id, _ = tenant
    user = uid()
    fact = (await client.post(f"/v1/users/{user}/facts", json={"text": "The user likes jazz"})).json()["fact"]

    edited = await client.patch(
        f"/v1/users/{user}/facts/{fact['fact_id']}", json={"text": "The user likes cool jazz", "importance": 8}
    )
    assert edited.status_code == 200, edited.text
    new, old = edited.json()["fact"], edited.json()["previous"]
    assert new["text"] == "The user likes cool jazz" and new["importance"] == 8 and new["status"] == "active"
    assert old["status"] == "superseded" and old["superseded_by"] == new["fact_id"]
    assert old["valid_to"] == new["valid_from"]
    again = await client.patch(f"/v1/users/{user}/facts/{fact['fact_id']}", json={"text": "x"})
    assert again.status_code == 409 and new["fact_id"] in again.json()["detail"]

    deleted = await client.delete(f"/v1/users/{user}/facts/{new['fact_id']}")
    assert deleted.status_code == 200
    assert deleted.json()["fact"]["status"] == "retracted" and deleted.json()["fact"]["valid_to"] is not None
    repeat = await client.delete(f"/v1/users/{user}/facts/{new['fact_id']}")
    assert repeat.status_code == 200 and repeat.json()["changes"] == []

    assert (await client.get(f"/v1/users/{user}/facts")).json()["facts"] == []
    everything = (await client.get(f"/v1/users/{user}/facts", params={"include_history": "true"})).json()["facts"]
    assert sorted(f["status"] for f in everything) == ["retracted", "superseded"]
    events = await outbox(db, tenant_id, user)
    assert [e["op"] for e in events] == ["added", "superseded", "retracted"]
    assert events[1]["previous_fact_id"] == fact["fact_id"] and events[2]["fact"]["fact_id"] == new["fact_id"]
    decisions = await db.fetch(
        "SELECT op, decided_by FROM decisions WHERE tenant_id = $1 AND user_id = $2 ORDER BY created_at",
        tenant_id,
        user,
    )
    assert [(d["op"], d["decided_by"]) for d in decisions] == [("ADD", "rule"), ("UPDATE", "user"), ("DELETE", "user")]


async def test_edit_without_new_text_keeps_text_and_embedding(client, db, tenant):
    """Only importance, only category, or the same text again: a new version with the old text and vector
    (the panel's edit sends these), still found by vector search."""
    tenant_id, _ = tenant
    user = uid()
    fact = (await client.post(f"/v1/users/{user}/facts", json={"text": "The user plays the cello"})).json()["fact"]
    path = f"/v1/users/{user}/facts"
    versions = [fact]
    for patch in ({"importance": 9}, {"category": "preference"}, {"text": "The user plays the cello", "importance": 2}):
        edited = await client.patch(f"{path}/{versions[-1]['fact_id']}", json=patch)
        assert edited.status_code == 200, edited.text
        new = edited.json()["fact"]
        assert new["text"] == "The user plays the cello" and new["status"] == "active"
        assert all(new[k] == v for k, v in patch.items())
        versions.append(new)
    assert versions[-1]["category"] == "preference" and versions[-1]["importance"] == 2
    vectors = await db.fetch(
        "SELECT embedding::text AS e FROM facts WHERE tenant_id = $1 AND user_id = $2", tenant_id, user
    )
    assert len(vectors) == 4 and len({v["e"] for v in vectors}) == 1
    found = await client.post(
        "/v1/search", json={"user_id": user, "query": "what instrument does the user play", "mode": "vector"}
    )
    assert [h["id"] for h in found.json()["results"]] == [versions[-1]["fact_id"]]


async def test_edit_validation(client):
    user = uid()
    fact = (await client.post(f"/v1/users/{user}/facts", json={"text": "The user owns a bike"})).json()["fact"]
    empty = await client.patch(f"/v1/users/{user}/facts/{fact['fact_id']}", json={})
    assert empty.status_code == 422
    early = await client.patch(
        f"/v1/users/{user}/facts/{fact['fact_id']}",
        json={"text": "The user owns two bikes", "valid_from": "2001-01-01T00:00:00Z"},
    )
    assert early.status_code == 422 and "valid_from" in early.json()["detail"]
    bad_id = await client.patch(f"/v1/users/{user}/facts/not-a-uuid", json={"text": "x"})
    assert bad_id.status_code == 422 and "fact_id" in bad_id.json()["detail"]
    bad_category = await client.post(f"/v1/users/{user}/facts", json={"text": "x", "category": "gossip"})
    assert bad_category.status_code == 422 and "category" in bad_category.json()["detail"]
    # "~" marks a named speaker's slot ("location~maya"): a client's slot may not carry one
    speakers = await client.post(f"/v1/users/{user}/facts", json={"text": "x", "slot": "location~maya"})
    assert speakers.status_code == 422 and "slot" in speakers.json()["detail"] and "'~'" in speakers.json()["detail"]


async def test_bulk_delete_is_all_or_nothing(client, db, tenant):
    tenant_id, _ = tenant
    user = uid()
    ids = []
    for text in ("The user likes tea", "The user likes chess", "The user plays the piano"):
        ids.append((await client.post(f"/v1/users/{user}/facts", json={"text": text})).json()["fact"]["fact_id"])
    unknown = "00000000-0000-4000-8000-000000000000"
    failed = await client.post(f"/v1/users/{user}/facts/delete", json={"fact_ids": [ids[0], unknown]})
    assert failed.status_code == 404 and unknown in failed.json()["detail"]
    assert len((await client.get(f"/v1/users/{user}/facts")).json()["facts"]) == 3

    done = await client.post(f"/v1/users/{user}/facts/delete", json={"fact_ids": ids[:2]})
    assert done.status_code == 200
    assert {f["fact_id"] for f in done.json()["retracted"]} == set(ids[:2])
    assert [f["fact_id"] for f in (await client.get(f"/v1/users/{user}/facts")).json()["facts"]] == [ids[2]]
    assert [e["op"] for e in await outbox(db, tenant_id, user)].count("retracted") == 2
    bad = await client.post(f"/v1/users/{user}/facts/delete", json={"fact_ids": ["nope"]})
    assert bad.status_code == 422 and "fact_ids.0" in bad.json()["detail"]


async def test_list_filters_sort_and_cursor_pagination(client):
    user = uid()
    specs = [
        ("The user is vegan", "preference", 9),
        ("The user likes hiking", "preference", 4),
        ("The user works as a nurse", "fact", 7),
        ("The user has a sister named Anna", "relationship", 6),
        ("The user plays tennis on Sundays", "event", 3),
    ]
    for text, category, importance in specs:
        assert (
            await client.post(
                f"/v1/users/{user}/facts", json={"text": text, "category": category, "importance": importance}
            )
        ).status_code == 201

    async def texts(**params) -> list[str]:
        got = await client.get(f"/v1/users/{user}/facts", params=params)
        assert got.status_code == 200, got.text
        return [f["text"] for f in got.json()["facts"]]

    assert set(await texts(category="preference")) == {"The user is vegan", "The user likes hiking"}
    assert set(await texts(category=["fact", "event"])) == {
        "The user works as a nurse",
        "The user plays tennis on Sundays",
    }
    assert await texts(min_importance=7, sort="importance", order="desc") == [
        "The user is vegan",
        "The user works as a nurse",
    ]
    assert await texts(q="ANNA") == ["The user has a sister named Anna"]
    assert await texts(source="conversation") == []
    assert len(await texts(source="manual")) == 5

    seen: list[str] = []
    cursor = None
    for _ in range(5):
        params = {"limit": 2, "sort": "importance", "order": "asc"}
        if cursor:
            params["cursor"] = cursor
        page = (await client.get(f"/v1/users/{user}/facts", params=params)).json()
        seen += [f["text"] for f in page["facts"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert seen == [t for t, _, _ in sorted(specs, key=lambda s: s[2])]
    wrong = await client.get(f"/v1/users/{user}/facts", params={"cursor": "garbage"})
    assert wrong.status_code == 422 and "cursor" in wrong.json()["detail"]


async def test_as_of_reads_valid_time(client, db, stack, tenant):
    tenant_id, _ = tenant
    user = uid()
    t0 = datetime.now(UTC) - timedelta(days=60)
    t1 = t0 + timedelta(days=30)
    await seed_fact(db, stack.settings, tenant_id, user, "The user lives in Paris", slot="location", valid_from=t0)
    await seed_fact(db, stack.settings, tenant_id, user, "The user lives in Berlin", slot="location", valid_from=t1)

    async def as_of(t: datetime) -> list[str]:
        got = await client.get(f"/v1/users/{user}/facts", params={"as_of": t.isoformat()})
        assert got.status_code == 200, got.text
        return [f["text"] for f in got.json()["facts"]]

    assert await as_of(t0 - timedelta(days=1)) == []
    assert await as_of(t0 + timedelta(days=1)) == ["The user lives in Paris"]
    assert await as_of(t1) == ["The user lives in Berlin"]
    assert await as_of(datetime.now(UTC)) == ["The user lives in Berlin"]
    naive = await client.get(f"/v1/users/{user}/facts", params={"as_of": "2026-01-01T00:00:00"})
    assert naive.status_code == 422 and "as_of" in naive.json()["detail"]


async def test_one_fact_with_its_chain_and_sources(client, db, stack, tenant):
    tenant_id, _ = tenant
    user = uid()
    t0 = datetime.now(UTC) - timedelta(days=10)
    [m1] = await seed_messages(db, tenant_id, user, "s1", ["I live in Paris."], start=t0)
    [m2] = await seed_messages(db, tenant_id, user, "s2", ["I moved to Lyon."], start=t0 + timedelta(days=1))
    await seed_fact(
        db,
        stack.settings,
        tenant_id,
        user,
        "The user lives in Paris",
        slot="location",
        valid_from=t0,
        source_message_ids=[m1],
    )
    await seed_fact(
        db,
        stack.settings,
        tenant_id,
        user,
        "The user lives in Lyon",
        slot="location",
        valid_from=t0 + timedelta(days=1),
        source_message_ids=[m2],
    )
    lyon = (await client.get(f"/v1/users/{user}/facts")).json()["facts"][0]
    third = await client.patch(
        f"/v1/users/{user}/facts/{lyon['fact_id']}", json={"text": "The user lives in Lyon, France"}
    )
    newest = third.json()["fact"]

    for fact_id in (lyon["fact_id"], newest["fact_id"]):
        got = await client.get(f"/v1/users/{user}/facts/{fact_id}")
        assert got.status_code == 200, got.text
        history = [f["text"] for f in got.json()["history"]]
        assert history == ["The user lives in Paris", "The user lives in Lyon", "The user lives in Lyon, France"]
    detail = (await client.get(f"/v1/users/{user}/facts/{lyon['fact_id']}")).json()
    assert [m["content"] for m in detail["source_messages"]] == ["I moved to Lyon."]
    assert detail["decision"]["op"] == "UPDATE" and detail["fact"]["superseded_by"] == newest["fact_id"]
    edited = (await client.get(f"/v1/users/{user}/facts/{newest['fact_id']}")).json()
    assert edited["decision"]["decided_by"] == "user" and edited["source_messages"][0]["event_id"] == m2
    missing = await client.get(f"/v1/users/{user}/facts/00000000-0000-4000-8000-000000000000")
    assert missing.status_code == 404 and missing.headers["content-type"].startswith("application/problem+json")
