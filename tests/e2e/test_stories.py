"""Stories from real memory designs, end to end: Kafka in, facts and history out through the API."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import httpx
import pytest

from tests.e2e.test_walking_skeleton import message, publish
from tests.helpers import wait_for

T1 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
T2 = T1 + timedelta(days=30)

STORIES = {
    "db": [("s1", "At work we use Postgres for everything.", T1), ("s2", "We switched from Postgres to SQLite.", T2)],
    "diet": [("s1", "I'm vegan.", T1), ("s2", "I eat chicken now.", T2)],
    "move": [("s1", "I live in Paris.", T1), ("s2", "I moved to Berlin.", T2)],
    "breakup": [("s1", "My girlfriend is Anna.", T1), ("s2", "I broke up with Anna.", T2)],
}


@pytest.fixture(scope="module")
async def told(pipeline, db) -> dict:
    """Tell every story (each user its own), and wait until every second message has been consolidated."""
    from shared.storage.tenants import add_api_key

    tenant_id = f"stories-{T1:%H%M%S}-{id(pipeline) % 10_000}"
    key = await add_api_key(db, tenant_id, label="stories")
    events = [
        message(tenant_id, user, f"{user}-{session}", text, at)
        for user, lines in STORIES.items()
        for session, text, at in lines
    ]
    await publish(pipeline.stack.bootstrap, pipeline.stack.settings.topic("chat.messages"), events)

    async def decided() -> bool:
        count = await db.fetchval("SELECT count(*) FROM decisions WHERE tenant_id = $1", tenant_id)
        return count >= 2 * len(STORIES)

    await wait_for(decided, timeout_s=90, what="every story consolidated")
    return {"tenant": tenant_id, "key": key}


async def facts(pipeline, key: str, user: str, *, known: bool = True, **params) -> list[dict]:
    """The user's facts; with ``known=False`` a user the API has not seen yet (404) has none."""
    async with httpx.AsyncClient(base_url=pipeline.api_url, headers={"X-API-Key": key}) as client:
        response = await client.get(f"/v1/users/{user}/facts", params=params)
    if not known and response.status_code == 404:
        return []
    assert response.status_code == 200, response.text
    return response.json()["facts"]


def by_text(rows: list[dict], needle: str) -> dict:
    [row] = [r for r in rows if needle.lower() in r["text"].lower()]
    return row


async def test_a_tool_switch_updates_and_keeps_history(pipeline, told):
    rows = await facts(pipeline, told["key"], "db", include_history="true")
    current = [r for r in rows if r["status"] == "active"]
    assert len(current) == 1 and "SQLite" in current[0]["text"]
    old = by_text([r for r in rows if r["status"] == "superseded"], "Postgres")
    assert old["superseded_by"] == current[0]["fact_id"]


async def test_vegan_then_eats_chicken(pipeline, told):
    rows = await facts(pipeline, told["key"], "diet", include_history="true")
    assert "chicken" in by_text([r for r in rows if r["status"] == "active"], "chicken")["text"]
    vegan = by_text(rows, "vegan")
    assert vegan["status"] == "superseded" and vegan["superseded_by"]


async def test_moving_supersedes_the_old_city(pipeline, told):
    rows = await facts(pipeline, told["key"], "move", include_history="true")
    berlin, paris = by_text(rows, "Berlin"), by_text(rows, "Paris")
    assert berlin["status"] == "active"
    assert paris["status"] == "superseded" and paris["superseded_by"] == berlin["fact_id"]


async def test_a_break_up_retracts_without_replacing(pipeline, told):
    rows = await facts(pipeline, told["key"], "breakup", include_history="true")
    anna = by_text(rows, "Anna")
    assert anna["status"] == "retracted" and anna["superseded_by"] is None
    assert await facts(pipeline, told["key"], "breakup") == []


async def test_as_of_returns_what_was_true_then(pipeline, told):
    before = await facts(pipeline, told["key"], "move", as_of=(T1 + timedelta(days=1)).isoformat())
    after = await facts(pipeline, told["key"], "move", as_of=(T2 + timedelta(days=1)).isoformat())
    assert [r["text"] for r in before] == [by_text(before, "Paris")["text"]]
    assert [r["text"] for r in after] == [by_text(after, "Berlin")["text"]]
    assert await facts(pipeline, told["key"], "breakup", as_of=(T1 + timedelta(days=1)).isoformat())
    assert await facts(pipeline, told["key"], "breakup", as_of=(T2 + timedelta(days=1)).isoformat()) == []


async def test_a_late_older_fact_never_supersedes_a_newer_one(pipeline, db, told):
    tenant_id = told["tenant"]
    await publish(
        pipeline.stack.bootstrap,
        pipeline.stack.settings.topic("chat.messages"),
        [message(tenant_id, "late", "late-s2", "I moved to Lisbon.", T2)],
    )

    async def lisbon():
        return await facts(pipeline, told["key"], "late", known=False)

    assert "Lisbon" in (await wait_for(lisbon, timeout_s=60, what="Lisbon"))[0]["text"]
    # A message written a month earlier arrives only now (a replayed or delayed stream).
    await publish(
        pipeline.stack.bootstrap,
        pipeline.stack.settings.topic("chat.messages"),
        [message(tenant_id, "late", "late-s1", "I live in Rome.", T1)],
    )

    async def both():
        rows = await facts(pipeline, told["key"], "late", include_history="true")
        return rows if len(rows) == 2 else None

    rows = await wait_for(both, timeout_s=60, what="the late fact recorded")
    lisbon_row, rome = by_text(rows, "Lisbon"), by_text(rows, "Rome")
    assert lisbon_row["status"] == "active"
    assert rome["status"] == "superseded" and rome["superseded_by"] == lisbon_row["fact_id"]
    assert rome["valid_to"] is not None
    as_of_then = await facts(pipeline, told["key"], "late", as_of=(T1 + timedelta(days=1)).isoformat())
    assert [r["text"] for r in as_of_then] == [rome["text"]]


async def test_a_two_speaker_log_keeps_each_speakers_facts_apart(pipeline, told):
    """One user's log of a chat between two named people (role user, each message with its ``name``): each
    fact names its speaker, and one speaker's move replaces only that speaker's home."""
    said = [
        ("Maya", "I live in Edinburgh.", T1),
        ("Jonas", "I live in Hamburg.", T1 + timedelta(minutes=1)),
        ("Jonas", "I moved to Bremen.", T2),
    ]
    events = [
        {**message(told["tenant"], "pair", "pair-s1", text, at), "name": name, "event_id": f"pair-{i}"}
        for i, (name, text, at) in enumerate(said)
    ]
    await publish(pipeline.stack.bootstrap, pipeline.stack.settings.topic("chat.messages"), events)

    async def all_three():
        rows = await facts(pipeline, told["key"], "pair", known=False, include_history="true")
        return rows if len(rows) == 3 else None

    rows = await wait_for(all_three, timeout_s=90, what="the two speakers' facts")
    edinburgh, hamburg, bremen = by_text(rows, "Edinburgh"), by_text(rows, "Hamburg"), by_text(rows, "Bremen")
    assert edinburgh["text"].startswith("Maya") and bremen["text"].startswith("Jonas")
    assert edinburgh["status"] == "active" and bremen["status"] == "active"
    assert hamburg["status"] == "superseded" and hamburg["superseded_by"] == bremen["fact_id"]
    assert {r["text"] for r in await facts(pipeline, told["key"], "pair")} == {edinburgh["text"], bremen["text"]}
