"""Several users consolidated in one transaction, and two such transactions over the same users at
once (as two consolidators do for a moment during a rebalance): no deadlock, every candidate applied
once, each user's facts as if consolidated alone."""

from __future__ import annotations

import asyncio
import uuid

from shared.contracts.events import EmbeddedFact
from shared.providers.offline.minilm import OfflineEmbeddingProvider
from shared.providers.registry import decision_provider
from shared.service_layer.consolidate import consolidate_users
from shared.settings import get_settings
from tests.integration.candidates import at_minute, candidate

TEXTS = ["The user lives in Lisbon", "The user plays the cello", "The user is allergic to peanuts"]


async def _candidates(tenant: str, user: str, texts: list[str], minutes: int = 0) -> list[EmbeddedFact]:
    vectors = await OfflineEmbeddingProvider().embed(texts)
    return [
        candidate(tenant, user, text, vector, at=at_minute(minutes, seconds=i))
        for i, (text, vector) in enumerate(zip(texts, vectors, strict=True))
    ]


async def _run(db, users: dict) -> list:
    settings = get_settings()
    async with db.acquire() as conn:
        return await consolidate_users(conn, settings, decision_provider(settings), users, stage="test")


async def test_users_in_one_transaction_and_overlapping_transactions_at_once(db):
    tenant = f"t-{uuid.uuid4().hex[:8]}"
    users = ["u-a", "u-b", "u-c"]
    first = {(tenant, u): await _candidates(tenant, u, TEXTS[:2]) for u in users}
    # The same users in the opposite order, with other candidates: the locks are taken sorted.
    second = {(tenant, u): await _candidates(tenant, u, TEXTS[2:], minutes=5) for u in reversed(users)}
    results = await asyncio.wait_for(asyncio.gather(_run(db, first), _run(db, second)), timeout=60)
    assert [len(r) for r in results] == [6, 3]

    again = await _run(db, first)  # redelivered: every candidate was decided already
    assert again == []
    rows = await db.fetch(
        "SELECT user_id, count(*) AS n FROM facts WHERE tenant_id = $1 AND superseded_at IS NULL GROUP BY user_id",
        tenant,
    )
    assert {r["user_id"]: r["n"] for r in rows} == {u: 3 for u in users}
    decided = await db.fetchval("SELECT count(*) FROM decisions WHERE tenant_id = $1", tenant)
    queued = await db.fetchval("SELECT count(*) FROM outbox WHERE tenant_id = $1", tenant)
    assert decided == 9 and queued == 9  # one decision and one change event per candidate


async def _statuses(db, tenant: str) -> dict[tuple[str, str], tuple[str, object]]:
    rows = await db.fetch("SELECT user_id, text, status, valid_to FROM facts WHERE tenant_id = $1", tenant)
    return {(r["user_id"], r["text"]): (r["status"], r["valid_to"]) for r in rows}


async def test_a_retraction_earlier_in_the_transaction_ends_its_own_users_fact_and_no_one_elses(db):
    """A retraction applied earlier in the same transaction is a tombstone for a fact of its user that
    began before it (the write before that user's look-up makes it visible); another user's fact on the
    same slot in the same transaction is not its business. As if each candidate came in a batch of its own."""
    from tests.integration.candidates import axis, consolidate_each

    def story(tenant: str) -> dict[tuple[str, str], list[EmbeddedFact]]:
        gone = candidate(tenant, "u-a", "I no longer live in Lisbon", axis(1), at=at_minute(1), slot="location")
        gone = gone.model_copy(update={"negated": True})
        lived = candidate(tenant, "u-a", "I lived in Lisbon", axis(2), at=at_minute(2), slot="location")
        lived = lived.model_copy(update={"valid_from": at_minute(0)})
        other = candidate(tenant, "u-b", "I live in Porto", axis(3), at=at_minute(2), slot="location")
        return {(tenant, "u-a"): [gone, lived], (tenant, "u-b"): [other]}

    together, alone = f"t-{uuid.uuid4().hex[:8]}", f"t-{uuid.uuid4().hex[:8]}"
    await _run(db, story(together))
    await consolidate_each(db, *(c for cs in story(alone).values() for c in cs))
    statuses = await _statuses(db, together)
    assert statuses == await _statuses(db, alone)
    assert statuses[("u-a", "I lived in Lisbon")] == ("retracted", at_minute(1))
    assert statuses[("u-b", "I live in Porto")] == ("active", None)
