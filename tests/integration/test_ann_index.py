"""Migration 0009: the HNSW index holds only users past the exact-search threshold. A user's facts enter
it (users.ann_indexed, facts.ann) by the insert that takes the user past the threshold, later facts of
that user enter on insert, and a light user's facts never do; search and the consolidator's neighbours
stay complete either way. Real Postgres."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import numpy as np
from pgvector.asyncpg import register_vector

from shared.storage.facts import neighbours
from shared.storage.search import EXACT_MAX_FACTS, vector_facts
from shared.storage.tenants import ensure_tenant
from tests.integration.candidates import at_minute, candidate, consolidate_each

DIM = 384
COLUMNS = ["fact_id", "tenant_id", "user_id", "text", "normalized_text", "category", "importance"]
COLUMNS += ["embedding", "valid_from"]


def unit_vectors(rng, n: int) -> np.ndarray:
    v = rng.standard_normal((n, DIM)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


async def test_only_users_past_the_threshold_are_indexed_and_search_stays_complete(db):
    rng = np.random.default_rng(9)
    tenant = f"t-{uuid.uuid4().hex[:10]}"
    now = datetime.now(UTC)
    async with db.acquire() as conn:
        await register_vector(conn)
        await ensure_tenant(conn, tenant)
        heavy_vectors = unit_vectors(rng, EXACT_MAX_FACTS + 1)
        rows = [
            (uuid.uuid4(), tenant, "heavy", f"h{i}", f"h{i}", "fact", 5, heavy_vectors[i], now)
            for i in range(EXACT_MAX_FACTS)
        ]
        rows += [
            (uuid.uuid4(), tenant, "light", f"l{i}", f"l{i}", "fact", 5, v, now)
            for i, v in enumerate(heavy_vectors[:30])
        ]
        await conn.copy_records_to_table("facts", records=rows, columns=COLUMNS)

        async def indexed(user: str) -> tuple[bool | None, int]:
            flag = await conn.fetchval(
                "SELECT ann_indexed FROM users WHERE tenant_id = $1 AND user_id = $2", tenant, user
            )
            count = await conn.fetchval(
                "SELECT count(*) FROM facts WHERE tenant_id = $1 AND user_id = $2 AND ann", tenant, user
            )
            return flag, count

        assert await indexed("heavy") == (None, 0), "at the threshold: still searched exactly, not indexed"
        # One more fact takes the user past it: the insert's statement trigger indexes all its facts.
        await conn.execute(
            f"INSERT INTO facts ({', '.join(COLUMNS)}) VALUES ($1, $2, 'heavy', 'last', 'last', 'fact', 5, $3, $4)",
            uuid.uuid4(),
            tenant,
            heavy_vectors[-1],
            now,
        )
        assert await indexed("heavy") == (True, EXACT_MAX_FACTS + 1)
        await conn.execute(
            f"INSERT INTO facts ({', '.join(COLUMNS)}) VALUES ($1, $2, 'heavy', 'later', 'later', 'fact', 5, $3, $4)",
            uuid.uuid4(),
            tenant,
            unit_vectors(rng, 1)[0],
            now,
        )
        assert await indexed("heavy") == (True, EXACT_MAX_FACTS + 2), "a later fact enters on insert"
        assert (await indexed("light"))[1] == 0

        for user in ("heavy", "light"):
            query = unit_vectors(rng, 1)[0]
            hits = await vector_facts(conn, tenant, user, query, limit=10)
            assert len(hits) == 10
            near = await neighbours(conn, tenant, user, query, slot=None, text="x", top_k=5, floor=-1.0)
            assert len(near) == 5
            assert [n.similarity for n in near] == sorted((n.similarity for n in near), reverse=True)
        # The heavy user's own vector is found through the index.
        hits = await vector_facts(conn, tenant, "heavy", heavy_vectors[7], limit=5)
        assert hits[0].score > 0.99


async def test_the_consolidator_flags_its_new_facts_as_the_trigger_would(db):
    """The consolidator's deferred insert reads the user's flag itself (migration 0011: the per-row
    trigger fires only for rows that leave `ann` out), so its facts enter the index exactly when the
    trigger would have put them there."""
    rng = np.random.default_rng(11)
    tenant = f"t-{uuid.uuid4().hex[:10]}"
    now = datetime.now(UTC)
    async with db.acquire() as conn:
        await register_vector(conn)
        await ensure_tenant(conn, tenant)
        vectors = unit_vectors(rng, EXACT_MAX_FACTS + 1)
        rows = [
            (uuid.uuid4(), tenant, "heavy", f"h{i}", f"h{i}", "fact", 5, vectors[i], now)
            for i in range(EXACT_MAX_FACTS + 1)
        ]
        await conn.copy_records_to_table("facts", records=rows, columns=COLUMNS)
    one = unit_vectors(rng, 2)
    await consolidate_each(
        db,
        candidate(tenant, "heavy", "I keep bees", one[0].tolist(), at=at_minute(1)),
        candidate(tenant, "light", "I keep bees", one[1].tolist(), at=at_minute(1)),
    )
    async with db.acquire() as conn:
        flags = dict(
            await conn.fetch("SELECT user_id, ann FROM facts WHERE tenant_id = $1 AND text = 'I keep bees'", tenant)
        )
        assert flags == {"heavy": True, "light": False}
        # Rows that leave `ann` out still get it from the trigger (it has no default any more).
        await conn.execute(
            f"INSERT INTO facts ({', '.join(COLUMNS)}) VALUES ($1, $2, $3, 'x', 'x', 'fact', 5, $4, $5)",
            uuid.uuid4(),
            tenant,
            "light",
            one[1],
            now,
        )
        assert await conn.fetchval(
            "SELECT bool_and(NOT ann) FROM facts WHERE tenant_id = $1 AND user_id = 'light'", tenant
        )
