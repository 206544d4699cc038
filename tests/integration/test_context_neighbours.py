"""A candidate's neighbours include every active fact of its user on the same base slot (the slot before
its "@context"), however far apart the texts and vectors are: work's plain and "@work" spellings are one
slot, so a change spelled one way ends the fact spelled the other; another context's fact is seen but
never replaced (the rules decide by context). Real Postgres, the offline decider."""

from __future__ import annotations

import uuid

from pgvector.asyncpg import register_vector

from shared.contracts.events import EmbeddedFact
from shared.settings import get_settings
from shared.storage.facts import NeighbourQuery, neighbours_many
from tests.integration.candidates import active_facts, at_minute, candidate, consolidate_each
from tests.integration.candidates import axis as unit_axis


def _candidate(tenant: str, user: str, text: str, slot: str, minutes: int) -> EmbeddedFact:
    return candidate(tenant, user, text, unit_axis(minutes), at=at_minute(minutes), slot=slot)


async def test_every_context_of_the_base_slot_is_a_neighbour_however_the_vectors_fall(db):
    tenant, user = f"t-{uuid.uuid4().hex[:8]}", "u-ctx"
    work = "At work the team keeps everything in Postgres"
    family = "The family budget lives in a spreadsheet"
    await consolidate_each(db, _candidate(tenant, user, work, "tool:database", 1))
    await consolidate_each(db, _candidate(tenant, user, family, "tool:database@family", 2))
    await consolidate_each(db, _candidate(tenant, user, "The user owns a database book", "tool:databases", 3))
    settings = get_settings()
    async with db.acquire() as conn:
        await register_vector(conn)
        queries = [
            NeighbourQuery(tenant, user, unit_axis(10 + i), slot, "The user switched to SQLite")
            for i, slot in enumerate(["tool:database@work", "tool:database", "tool:database@side-project"])
        ]
        found = await neighbours_many(conn, queries, top_k=settings.similarity_top_k, floor=settings.similarity_floor)
    assert [{n.text for n in near} for near in found] == [{work, family}] * 3


async def test_a_work_change_ends_the_plain_fact_and_another_context_replaces_nothing(db):
    tenant, user = f"t-{uuid.uuid4().hex[:8]}", "u-ctx2"
    work = "At work the team keeps everything in Postgres"
    await consolidate_each(db, _candidate(tenant, user, work, "tool:database", 1))

    side = "For the side project the user switched to SQLite"
    await consolidate_each(db, _candidate(tenant, user, side, "tool:database@side-project", 2))
    assert await active_facts(db, tenant, user) == {work: "tool:database", side: "tool:database@side-project"}

    # Work's change, spelled "@work", with a vector nothing like the plain fact's: it still replaces it.
    moved = "The company moved its services onto MySQL"
    await consolidate_each(db, _candidate(tenant, user, moved, "tool:database@work", 3))
    assert await active_facts(db, tenant, user) == {
        moved: "tool:database@work",
        side: "tool:database@side-project",
    }
