"""Stated time is valid time, end to end: Kafka in, the real stages, `as_of` out through the API.

"I moved to Porto last week" (said on Monday 2026-03-09) makes Porto true from 2026-03-02 and ends
Lisbon then, so `as_of` between the two stated dates answers what the user said was true then.
"""

from __future__ import annotations

from datetime import UTC, datetime

import httpx
import pytest

from tests.e2e.test_walking_skeleton import message, publish
from tests.helpers import wait_for

LISBON_SAID = datetime(2026, 2, 20, 9, 0, tzinfo=UTC)
PORTO_SAID = datetime(2026, 3, 9, 9, 0, tzinfo=UTC)  # a Monday: "last week" began on 2026-03-02
NOKIA_SAID = datetime(2026, 1, 10, 9, 0, tzinfo=UTC)
LEFT_SAID = datetime(2026, 6, 20, 9, 0, tzinfo=UTC)  # "I left Nokia in May"

STORIES = {
    "move": [("I live in Lisbon.", LISBON_SAID), ("Big news: I moved to Porto last week.", PORTO_SAID)],
    "left": [("I work at Nokia.", NOKIA_SAID), ("I left Nokia in May.", LEFT_SAID)],
}


@pytest.fixture(scope="module")
async def told(pipeline, db) -> dict:
    from shared.storage.tenants import add_api_key

    tenant_id = f"valid-time-{id(pipeline) % 100_000}"
    key = await add_api_key(db, tenant_id, label="valid-time")
    events = [
        message(tenant_id, user, f"{user}-session", text, at) for user, lines in STORIES.items() for text, at in lines
    ]
    await publish(pipeline.stack.bootstrap, pipeline.stack.settings.topic("chat.messages"), events)

    async def decided() -> bool:
        count = await db.fetchval("SELECT count(*) FROM decisions WHERE tenant_id = $1", tenant_id)
        return count >= sum(len(lines) for lines in STORIES.values())

    await wait_for(decided, timeout_s=90, what="every story consolidated")
    return {"key": key, "tenant": tenant_id}


async def texts_as_of(pipeline, key: str, user: str, at: datetime) -> list[str]:
    async with httpx.AsyncClient(base_url=pipeline.api_url, headers={"X-API-Key": key}) as client:
        response = await client.get(f"/v1/users/{user}/facts", params={"as_of": at.isoformat()})
    assert response.status_code == 200, response.text
    return [row["text"] for row in response.json()["facts"]]


async def test_moved_last_week_answers_the_old_place_before_the_stated_date(pipeline, told):
    key = told["key"]
    before_the_move = await texts_as_of(pipeline, key, "move", datetime(2026, 2, 25, tzinfo=UTC))
    after_the_move = await texts_as_of(pipeline, key, "move", datetime(2026, 3, 5, tzinfo=UTC))
    # Between the stated date and the message: already Porto, though nobody had said so yet.
    assert len(before_the_move) == 1 and "Lisbon" in before_the_move[0]
    assert len(after_the_move) == 1 and "Porto" in after_the_move[0]
    assert "2026-03-02" in after_the_move[0]  # the fact says when, as its valid time does


async def test_move_rows_carry_the_stated_dates(pipeline, told, db):
    rows = await db.fetch(
        "SELECT text, status, valid_from, valid_to FROM facts WHERE tenant_id = $1 AND user_id = 'move'",
        told["tenant"],
    )
    by_place = {("Porto" if "Porto" in r["text"] else "Lisbon"): r for r in rows}
    assert by_place["Porto"]["valid_from"] == datetime(2026, 3, 2, tzinfo=UTC)
    assert by_place["Lisbon"]["status"] == "superseded"
    assert by_place["Lisbon"]["valid_to"] == datetime(2026, 3, 2, tzinfo=UTC)


async def test_left_in_may_ends_the_job_in_may_not_when_it_was_said(pipeline, told):
    key = told["key"]
    assert any("Nokia" in t for t in await texts_as_of(pipeline, key, "left", datetime(2026, 4, 15, tzinfo=UTC)))
    assert await texts_as_of(pipeline, key, "left", datetime(2026, 5, 15, tzinfo=UTC)) == []
