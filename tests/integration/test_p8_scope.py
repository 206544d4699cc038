"""A retraction that names no context ends the fact, in whichever context of its slot, that names what it
retracts, when work's fact on the slot does not; a team's tool spelled "@work" never replaces a side
project's. Real Postgres, the offline decider, vectors chosen so that only slots make facts neighbours."""

from __future__ import annotations

import uuid

from tests.integration.candidates import active_facts, at_minute, axis, candidate, consolidate_each


async def test_a_retraction_naming_no_context_ends_the_other_contexts_fact_that_names_it(db):
    tenant, user = f"t-{uuid.uuid4().hex[:8]}", "u-p8-gone"
    home = "The user uses Firefox (at home)"
    work = "The user uses Chrome (at work)"
    await consolidate_each(db, candidate(tenant, user, home, axis(1), at=at_minute(1), slot="tool:browser@family"))
    await consolidate_each(db, candidate(tenant, user, work, axis(2), at=at_minute(2), slot="tool:browser@work"))
    gone = candidate(
        tenant, user, "The user no longer uses Firefox", axis(3), at=at_minute(3), slot="tool:browser", negated=True
    ).model_copy(update={"value": "Firefox"})
    await consolidate_each(db, gone)
    assert await active_facts(db, tenant, user) == {work: "tool:browser@work"}
    ended = await db.fetchval(
        "SELECT valid_to FROM facts WHERE tenant_id = $1 AND user_id = $2 AND text = $3", tenant, user, home
    )
    assert ended == at_minute(3)


async def test_a_retraction_naming_a_value_two_contexts_hold_ends_neither_by_rule(db):
    tenant, user = f"t-{uuid.uuid4().hex[:8]}", "u-p8-both"
    home = "The user uses Firefox (at home)"
    side = "The user uses Firefox (for a side project)"
    work = "The user uses Chrome (at work)"
    for i, (text, slot) in enumerate(
        [(home, "tool:browser@family"), (side, "tool:browser@side-project"), (work, "tool:browser")], start=1
    ):
        await consolidate_each(db, candidate(tenant, user, text, axis(i), at=at_minute(i), slot=slot))
    gone = candidate(
        tenant, user, "The user no longer uses Firefox", axis(9), at=at_minute(9), slot="tool:browser", negated=True
    ).model_copy(update={"value": "Firefox"})
    await consolidate_each(db, gone)
    assert set(await active_facts(db, tenant, user)) == {home, side, work}


async def test_a_teams_tool_spelled_at_work_leaves_the_side_projects(db):
    tenant, user = f"t-{uuid.uuid4().hex[:8]}", "u-p8-team"
    side = "The user uses SQLite (for a side project)"
    team = "The user uses Postgres"
    await consolidate_each(
        db, candidate(tenant, user, side, axis(1), at=at_minute(1), slot="tool:database@side-project")
    )
    await consolidate_each(db, candidate(tenant, user, team, axis(2), at=at_minute(2), slot="tool:database@work"))
    assert await active_facts(db, tenant, user) == {side: "tool:database@side-project", team: "tool:database@work"}


async def test_a_retraction_never_ends_a_fact_that_names_its_value_only_as_the_old_one(db):
    # "uses SQLite instead of Postgres": Postgres is what the side project left, not what it holds.
    tenant, user = f"t-{uuid.uuid4().hex[:8]}", "u-p8-old"
    side = "The user now uses SQLite instead of Postgres (for a side project)"
    await consolidate_each(
        db, candidate(tenant, user, side, axis(1), at=at_minute(1), slot="tool:database@side-project")
    )
    gone = candidate(
        tenant, user, "The user no longer uses Postgres", axis(2), at=at_minute(2), slot="tool:database", negated=True
    ).model_copy(update={"value": "Postgres"})
    await consolidate_each(db, gone)
    assert side in await active_facts(db, tenant, user)


async def test_a_move_away_from_the_old_place_leaves_the_new_home(db):
    tenant, user = f"t-{uuid.uuid4().hex[:8]}", "u-p8-moved"
    home = "The user lives in Munich (moved from Berlin in 2024)"
    await consolidate_each(db, candidate(tenant, user, home, axis(1), at=at_minute(1), slot="location"))
    gone = candidate(
        tenant, user, "The user no longer lives in Berlin", axis(2), at=at_minute(2), slot="location", negated=True
    ).model_copy(update={"value": "Berlin"})
    await consolidate_each(db, gone)
    assert home in await active_facts(db, tenant, user)
