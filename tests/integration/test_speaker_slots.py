"""Named speakers' slots in real Postgres: a speaker's thing-only retraction ends that speaker's fact
that arrives after it (and nobody else's); after an upgrade, a speaker's change ends the fact stored for
them on a plain slot; a slotless speaker's fact is decided on that speaker's facts only; and the known
slots shown to the extractor carry no speaker. The offline decider; vectors chosen so that only slots and
speakers, not similarity, can tell the facts apart."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta

import numpy as np

from shared.contracts.events import EmbeddedFact
from shared.storage.facts import NeighbourQuery, neighbours_many
from shared.storage.slots import known_slots
from tests.integration.candidates import DIM, T0, at_minute, candidate, consolidate_each
from tests.integration.candidates import axis as unit_axis


def _candidate(
    tenant: str, user: str, text: str, slot: str | None, minutes: int, *, axis: int | None = None, negated=False
) -> EmbeddedFact:
    vector = unit_axis(minutes if axis is None else axis)
    return candidate(tenant, user, text, vector, at=at_minute(minutes), slot=slot, negated=negated)


async def _facts(db, tenant: str, user: str) -> dict[str, tuple[bool, datetime | None]]:
    """text -> (active, valid_to)."""
    rows = await db.fetch(
        "SELECT text, superseded_at IS NULL AS active, valid_to FROM facts WHERE tenant_id = $1 AND user_id = $2",
        tenant,
        user,
    )
    return {r["text"]: (r["active"], r["valid_to"]) for r in rows}


def _user() -> tuple[str, str]:
    return f"t-{uuid.uuid4().hex[:8]}", "u-speakers"


async def test_a_speakers_retraction_ends_her_fact_that_arrives_later_and_no_one_elses(db):
    tenant, user = _user()
    # Lena's "Oscar passed away" is consolidated first (a later session processed before an earlier one).
    await consolidate_each(
        db, _candidate(tenant, user, "Lena's cat Oscar passed away", "*:oscar~lena", 60, negated=True)
    )
    await consolidate_each(
        db,
        _candidate(tenant, user, "Lena has a cat named Oscar", "pet:oscar~lena", 1),
        _candidate(tenant, user, "Jonas has a dog named Oscar", "pet:oscar~jonas", 2),
    )
    facts = await _facts(db, tenant, user)
    assert facts["Lena has a cat named Oscar"][1] == T0 + timedelta(minutes=60)
    assert facts["Jonas has a dog named Oscar"][1] is None


async def test_after_an_upgrade_a_speakers_move_ends_her_home_stored_on_a_plain_slot(db):
    tenant, user = _user()
    # Stored before slots named speakers: both speakers' homes on the plain slot.
    await consolidate_each(
        db,
        _candidate(tenant, user, "Maya lives in Edinburgh", "location", 1),
        _candidate(tenant, user, "Jonas lives in Hamburg", "location~jonas", 2),
    )
    await consolidate_each(db, _candidate(tenant, user, "Maya lives in Leith", "location~maya", 3))
    facts = await _facts(db, tenant, user)
    assert {text for text, (active, _) in facts.items() if active} == {"Maya lives in Leith", "Jonas lives in Hamburg"}


async def test_a_slotless_speakers_fact_is_decided_on_her_own_facts_only(db):
    tenant, user = _user()
    # The same vector for all: only the speaker tells them apart.
    await consolidate_each(db, _candidate(tenant, user, "Jonas is learning the banjo", "~jonas", 1, axis=0))
    outcomes = await consolidate_each(db, _candidate(tenant, user, "Maya is learning the banjo", "~maya", 2, axis=0))
    assert [o.op.value for o in outcomes] == ["ADD"]
    again = await consolidate_each(db, _candidate(tenant, user, "Maya is learning the banjo", "~maya", 3, axis=0))
    assert [o.op.value for o in again] == ["NONE"]  # her own statement again: known
    facts = await _facts(db, tenant, user)
    assert all(active for active, _ in facts.values()) and len(facts) == 2


async def test_known_slots_come_without_speakers_once_each(db):
    tenant, user = _user()
    await consolidate_each(
        db,
        _candidate(tenant, user, "Maya lives in Leith", "location~maya", 1),
        _candidate(tenant, user, "Jonas lives in Hamburg", "location~jonas", 2),
        _candidate(tenant, user, "Jonas knits", "~jonas", 3),
        _candidate(tenant, user, "Maya uses Postgres for the club", "tool:database~maya@club", 4),
    )
    async with db.acquire() as conn:
        found = await known_slots(conn, [(tenant, user)], 10)
    assert found[(tenant, user)] == ("tool:database@club", "location")


async def test_other_speakers_facts_never_crowd_a_candidates_own_out_of_its_nearest(db):
    tenant, user = _user()
    jonas = [f"Jonas likes {thing}" for thing in ("banjo music", "bluegrass", "folk festivals", "fiddles")]
    await consolidate_each(
        db, *(_candidate(tenant, user, text, f"like:{i}~jonas", i, axis=0) for i, text in enumerate(jonas, 1))
    )
    near_own = np.zeros(DIM, dtype=np.float32)
    near_own[0], near_own[1] = 0.9, 0.1  # a little less similar to the query than each of Jonas's
    own = _candidate(tenant, user, "Maya likes the ukulele", "like:ukulele~maya", 9)
    await consolidate_each(db, own.model_copy(update={"embedding": (near_own / np.linalg.norm(near_own)).tolist()}))
    query = NeighbourQuery(tenant, user, unit_axis(0), "like:banjo~maya", "Maya likes the banjo")
    async with db.acquire() as conn:
        [near] = await neighbours_many(conn, [query], top_k=2, floor=0.5)
    assert [n.text for n in near] == ["Maya likes the ukulele"]
    query = NeighbourQuery(tenant, user, unit_axis(0), "like:banjo", "The user likes the banjo")  # no speaker
    async with db.acquire() as conn:
        [near] = await neighbours_many(conn, [query], top_k=2, floor=0.5)
    assert near == []
