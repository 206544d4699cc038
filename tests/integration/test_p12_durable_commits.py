"""The consolidator's commits that do not wait for the disk (real Postgres): synchronous_commit is off for
that transaction alone, make_durable flushes the WAL past them, and what consolidation leaves is the same
whether its commit waits for the disk or not."""

from __future__ import annotations

import uuid

from shared.providers.registry import decision_provider
from shared.service_layer.consolidate import consolidate_users
from shared.settings import get_settings
from shared.storage.facts import lock_users, make_durable
from tests.integration.candidates import at_minute, axis, candidate


async def test_the_lock_statement_turns_the_wait_for_the_disk_off_for_its_own_transaction_only(db):
    users = [(f"t-{uuid.uuid4().hex[:8]}", "u-a"), (f"t-{uuid.uuid4().hex[:8]}", "u-b")]
    async with db.acquire() as conn:
        async with conn.transaction():
            await lock_users(conn, users, wait_for_disk=False)
            assert await conn.fetchval("SELECT current_setting('synchronous_commit')") == "off"
            held = await conn.fetchval(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()"
            )
            assert held == 2  # the users are locked as with the waiting form
        assert await conn.fetchval("SELECT current_setting('synchronous_commit')") == "on"
        async with conn.transaction():
            await lock_users(conn, users)
            assert await conn.fetchval("SELECT current_setting('synchronous_commit')") == "on"


async def test_make_durable_flushes_the_wal_past_a_commit_that_did_not_wait(db):
    tenant = f"t-{uuid.uuid4().hex[:8]}"
    async with db.acquire() as conn:
        async with conn.transaction():
            await lock_users(conn, [(tenant, "u")], wait_for_disk=False)
            await conn.execute("INSERT INTO users (tenant_id, user_id) VALUES ($1, 'u') ON CONFLICT DO NOTHING", tenant)
        written = await conn.fetchval("SELECT pg_current_wal_insert_lsn()")
    await make_durable(db)
    flushed = await db.fetchval("SELECT pg_current_wal_flush_lsn()")
    assert await db.fetchval("SELECT $1::pg_lsn <= $2::pg_lsn", written, flushed)


def _story(tenant: str) -> dict:
    """Two users: a fact, its change on the same slot, a retraction, and an exact duplicate."""
    a = [
        candidate(tenant, "u-a", "I live in Lisbon", axis(1), at=at_minute(0), slot="location"),
        candidate(tenant, "u-a", "I live in Porto", axis(2), at=at_minute(1), slot="location"),
        candidate(tenant, "u-a", "I play the cello", axis(3), at=at_minute(2)),
    ]
    gone = candidate(tenant, "u-b", "I no longer play the cello", axis(3), at=at_minute(3), slot="instrument")
    b = [
        candidate(tenant, "u-b", "I play the cello", axis(3), at=at_minute(0), slot="instrument"),
        gone.model_copy(update={"negated": True}),
        candidate(tenant, "u-b", "I like tea", axis(4), at=at_minute(4)),
        candidate(tenant, "u-b", "I like tea", axis(4), at=at_minute(5)),
    ]
    return {(tenant, "u-a"): a, (tenant, "u-b"): b}


async def _left(db, tenant: str) -> dict:
    facts = await db.fetch(
        "SELECT user_id, text, status, valid_to, superseded_by IS NULL AS last FROM facts WHERE tenant_id = $1"
        " ORDER BY user_id, text, status",
        tenant,
    )
    decisions = await db.fetch(
        "SELECT user_id, op, reason FROM decisions WHERE tenant_id = $1 ORDER BY user_id, valid_from, op", tenant
    )
    changes = await db.fetch(
        "SELECT user_id, payload->>'op' AS op, payload->'fact'->>'text' AS text FROM outbox WHERE tenant_id = $1"
        " ORDER BY user_id, id",
        tenant,
    )
    return {
        "facts": [tuple(r) for r in facts],
        "decisions": [tuple(r) for r in decisions],
        "changes": [tuple(r) for r in changes],
    }


async def test_consolidation_leaves_the_same_whether_its_commit_waits_for_the_disk_or_not(db):
    settings = get_settings()
    waited, not_waited = f"t-{uuid.uuid4().hex[:8]}", f"t-{uuid.uuid4().hex[:8]}"
    for tenant, wait in ((waited, True), (not_waited, False)):
        async with db.acquire() as conn:
            await consolidate_users(
                conn, settings, decision_provider(settings), _story(tenant), stage="test", wait_for_disk=wait
            )
    await make_durable(db)
    left = await _left(db, waited)
    assert left == await _left(db, not_waited)
    assert ("u-a", "I live in Porto", "active", None, True) in left["facts"]
    assert [op for _, op, _ in left["decisions"]].count("DELETE") == 1
    assert [op for _, op, _ in left["decisions"]].count("NONE") == 1
