"""Filtered vector search at scale: 100k facts over 10k users under one tenant, built once.

Most users have a handful of facts (Poisson, mean 9); five "heavy" users have 2,000 each. Vectors are
random unit vectors. For sampled users the search must return k rows whenever the user has k, and its
top-10 must match the exact (numpy brute-force) top-10 of that user: mean overlap >= 0.95.

Building: the migration creates the HNSW index, and inserting 100k rows into it costs minutes on two
cores (measured ~300-450 rows/s, slowing as the graph grows). So the fixture drops the index, COPYs
the rows, and recreates it with the migration's own definition (~50 s here), then inserts one more
batch WITH the index present to measure that rate at 100k rows. Timings go to
tests/artifacts/scale.json.
"""

from __future__ import annotations

import json
import time
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import asyncpg
import httpx
import numpy as np
import pytest

from shared.storage.search import FactFilters, nearest_facts, user_fact_vectors, vector_facts

DIM = 384
LIGHT_USERS = 9_995
LIGHT_FACTS = 90_000
HEAVY_USERS = 5
HEAVY_FACTS = 2_000
WITH_INDEX_BATCH = 500  # inserted after the index is rebuilt, to measure the rate with it present
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
pytestmark = pytest.mark.timeout(480)  # the build is ~100 s on two busy cores; never let it hang the suite
COLUMNS = [
    "fact_id",
    "tenant_id",
    "user_id",
    "text",
    "normalized_text",
    "category",
    "importance",
    "embedding",
    "valid_from",
    "recorded_at",
]


@dataclass
class ScaleData:
    tenant_id: str
    key: str
    users: np.ndarray  # user index per row
    vectors: np.ndarray
    fact_ids: list[str]
    timings: dict[str, float]

    def user_name(self, index: int) -> str:
        return f"user-{index:05d}"

    def rows_of(self, index: int) -> np.ndarray:
        return np.flatnonzero(self.users == index)


def _records(tenant_id: str, users: np.ndarray, vectors: np.ndarray, ids: list[str], start: int, stop: int):
    base = datetime(2026, 1, 1, tzinfo=UTC)
    for i in range(start, stop):
        text = f"synthetic fact {i} of user {users[i]}"
        at = base + timedelta(seconds=i)
        yield (uuid.UUID(ids[i]), tenant_id, f"user-{users[i]:05d}", text, text, "fact", 1 + i % 10, vectors[i], at, at)


@pytest.fixture(scope="module")
async def scale(stack, db) -> ScaleData:
    from shared.storage.tenants import add_api_key

    started = time.perf_counter()
    rng = np.random.default_rng(20261121)
    tenant_id = f"scale-{uuid.uuid4().hex[:6]}"
    key = await add_api_key(db, tenant_id)
    light = rng.integers(0, LIGHT_USERS, size=LIGHT_FACTS)
    heavy = np.repeat(np.arange(LIGHT_USERS, LIGHT_USERS + HEAVY_USERS), HEAVY_FACTS)
    users = np.concatenate([light, heavy])
    users = users[rng.permutation(len(users))]
    vectors = rng.standard_normal((len(users), DIM)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    ids = [str(uuid.UUID(int=int(x), version=4)) for x in rng.integers(0, 2**63, size=len(users))]
    timings: dict[str, float] = {"generate_s": time.perf_counter() - started}

    bulk = len(users) - WITH_INDEX_BATCH
    conn = await asyncpg.connect(stack.database_url)
    try:
        from pgvector.asyncpg import register_vector

        await register_vector(conn)
        index_sql = await conn.fetchval("SELECT indexdef FROM pg_indexes WHERE indexname = 'facts_embedding_hnsw'")
        await conn.execute("SET maintenance_work_mem = '512MB'")
        t = time.perf_counter()
        await conn.execute("DROP INDEX facts_embedding_hnsw")
        # The HNSW index holds only users whose search may use it (migration 0009): the service indexes a
        # user past the exact-search threshold; the heavy users here sit at it, and test_hnsw_path forces
        # their approximate path, so they are indexed from the start.
        for user in range(LIGHT_USERS, LIGHT_USERS + HEAVY_USERS):
            await conn.execute("SELECT facts_index_user($1, $2)", tenant_id, f"user-{user:05d}")
        await conn.copy_records_to_table(
            "facts", records=_records(tenant_id, users, vectors, ids, 0, bulk), columns=COLUMNS
        )
        timings["copy_without_index_s"] = time.perf_counter() - t
        t = time.perf_counter()
        await conn.execute(index_sql)
        timings["build_hnsw_index_s"] = time.perf_counter() - t
        t = time.perf_counter()
        await conn.copy_records_to_table(
            "facts", records=_records(tenant_id, users, vectors, ids, bulk, len(users)), columns=COLUMNS
        )
        timings["insert_with_index_rows_per_s"] = WITH_INDEX_BATCH / (time.perf_counter() - t)
        t = time.perf_counter()
        await conn.execute("ANALYZE facts")
        timings["analyze_s"] = time.perf_counter() - t
    finally:
        await conn.close()
    timings["fixture_total_s"] = time.perf_counter() - started
    return ScaleData(tenant_id, key, users, vectors, ids, timings)


def exact_top(data: ScaleData, user: int, query: np.ndarray, k: int) -> list[str]:
    rows = data.rows_of(user)
    similarity = data.vectors[rows] @ query
    order = rows[np.argsort(-similarity, kind="stable")[:k]]
    return [data.fact_ids[i] for i in order]


async def test_filtered_vector_search_returns_k_and_matches_exact_top_10(scale, db):
    started = time.perf_counter()
    rng = np.random.default_rng(7)
    sample = list(rng.choice(LIGHT_USERS, size=300, replace=False)) + list(range(LIGHT_USERS, LIGHT_USERS + 5))
    overlaps, short = [], []
    async with db.acquire() as conn:
        for user in sample:
            query = rng.standard_normal(DIM).astype(np.float32)
            query /= np.linalg.norm(query)
            for k in (5, 10):
                hits = await vector_facts(conn, scale.tenant_id, scale.user_name(user), query, limit=k)
                have = len(scale.rows_of(user))
                if len(hits) != min(k, have):
                    short.append((user, k, len(hits), have))
            expected = exact_top(scale, user, query, 10)
            got = [h.id for h in await vector_facts(conn, scale.tenant_id, scale.user_name(user), query, limit=10)]
            overlaps.append(len(set(got) & set(expected)) / len(expected))
    elapsed = time.perf_counter() - started
    report = {
        **scale.timings,
        "users_checked": len(sample),
        "mean_overlap_at_10": float(np.mean(overlaps)),
        "min_overlap_at_10": float(np.min(overlaps)),
        "short_results": len(short),
        "check_s": elapsed,
    }
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "scale.json").write_text(json.dumps(report, indent=2))
    print("\nscale:", json.dumps(report))
    assert short == []
    assert report["mean_overlap_at_10"] >= 0.95


async def test_prefetched_vectors_rank_as_the_sql_leg_does(scale, db):
    """The search path for users with few facts: their vectors, fetched while the query is embedded,
    ranked in process. Same rows, same order and (to float precision) the same scores as vector_facts;
    a user with more facts than the prefetch takes gets None (and the SQL leg)."""
    rng = np.random.default_rng(5)
    sample = [int(u) for u in rng.choice(LIGHT_USERS, size=100, replace=False)]
    async with db.acquire() as conn:
        for user in sample:
            query = rng.standard_normal(DIM).astype(np.float32)
            query /= np.linalg.norm(query)
            rows = await user_fact_vectors(conn, scale.tenant_id, scale.user_name(user), max_rows=128)
            assert rows is not None and len(rows) == len(scale.rows_of(user))
            for k in (5, 50):
                sql = await vector_facts(conn, scale.tenant_id, scale.user_name(user), query, limit=k)
                mine = nearest_facts(rows, query, limit=k)
                assert [h.id for h in mine] == [h.id for h in sql]
                np.testing.assert_allclose([h.score for h in mine], [h.score for h in sql], atol=1e-5)
            assert [h.id for h in nearest_facts(rows, query, limit=10)] == exact_top(scale, user, query, 10)
            filtered = await user_fact_vectors(
                conn, scale.tenant_id, scale.user_name(user), max_rows=128, filters=FactFilters(min_importance=6)
            )
            sql = await vector_facts(
                conn, scale.tenant_id, scale.user_name(user), query, limit=10, filters=FactFilters(min_importance=6)
            )
            assert [h.id for h in nearest_facts(filtered, query, limit=10)] == [h.id for h in sql]
        heavy = scale.user_name(LIGHT_USERS)
        assert await user_fact_vectors(conn, scale.tenant_id, heavy, max_rows=128) is None
        assert await user_fact_vectors(conn, scale.tenant_id, "nobody", max_rows=128) == []


async def test_hnsw_path_with_iterative_scan_returns_k(scale, db):
    """Users above the exact-search threshold may go through the HNSW index (forced here): iterative
    scans must still bring k rows of this user (2% of the index) past the filter. Its recall is
    recorded, not asserted: random vectors are HNSW's worst case (no structure to navigate), which is
    why users up to the threshold are searched exactly."""
    rng = np.random.default_rng(11)
    overlaps, plans = [], set()
    async with db.acquire() as conn:
        for user in range(LIGHT_USERS, LIGHT_USERS + HEAVY_USERS):
            for _ in range(10):
                query = rng.standard_normal(DIM).astype(np.float32)
                query /= np.linalg.norm(query)
                async with conn.transaction():
                    # plan afresh (a pooled connection may hold a generic plan), and let a plan that sorts
                    # the user's rows lose
                    await conn.execute("SET LOCAL plan_cache_mode = force_custom_plan")
                    await conn.execute("SET LOCAL enable_sort = off")
                    hits = await vector_facts(
                        conn, scale.tenant_id, scale.user_name(user), query, limit=10, exact_max_facts=100
                    )
                    scans = await conn.fetchval("SELECT pg_stat_get_xact_numscans('facts_embedding_hnsw'::regclass)")
                    assert scans > 0, "the HNSW index was not used"
                assert len(hits) == 10
                assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
                expected = exact_top(scale, user, query, 10)
                overlaps.append(len({h.id for h in hits} & set(expected)) / 10)
        plan = await conn.fetch(
            "EXPLAIN SELECT fact_id FROM facts WHERE tenant_id = $1 AND user_id = $2 AND superseded_at IS NULL "
            "ORDER BY embedding <=> $3 LIMIT 10",
            scale.tenant_id,
            scale.user_name(LIGHT_USERS),
            np.ones(DIM, dtype=np.float32),
        )
        plans.add("hnsw" if any("facts_embedding_hnsw" in r[0] for r in plan) else "other")
        exact_ms = []
        for user in range(LIGHT_USERS, LIGHT_USERS + HEAVY_USERS):
            query = rng.standard_normal(DIM).astype(np.float32)
            started = time.perf_counter()
            hits = await vector_facts(conn, scale.tenant_id, scale.user_name(user), query, limit=10)
            exact_ms.append((time.perf_counter() - started) * 1000)
            assert {h.id for h in hits} == set(exact_top(scale, user, query / np.linalg.norm(query), 10))
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / "scale.json"
    report = json.loads(path.read_text()) if path.exists() else {}
    report["hnsw_path_mean_overlap_at_10_random_vectors"] = float(np.mean(overlaps))
    report["hnsw_path_plan"] = sorted(plans)
    report["exact_search_ms_user_with_2000_facts"] = round(float(np.median(exact_ms)), 2)
    path.write_text(json.dumps(report, indent=2))
    print("\nhnsw path:", report["hnsw_path_mean_overlap_at_10_random_vectors"])


async def test_search_api_at_scale(scale, api):
    rng = np.random.default_rng(3)
    async with httpx.AsyncClient(base_url=api.url, headers={"X-API-Key": scale.key}, timeout=30) as client:
        first = (await client.get("/v1/users", params={"limit": 100})).json()
        second = (await client.get("/v1/users", params={"limit": 100, "cursor": first["next_cursor"]})).json()
        assert first["users"] == [scale.user_name(i) for i in range(100)]
        assert second["users"] == [scale.user_name(i) for i in range(100, 200)]
        prefixed = (await client.get("/v1/users", params={"prefix": "user-0999"})).json()["users"]
        assert prefixed == [scale.user_name(i) for i in range(9990, 10000)]
        for user in [int(u) for u in rng.choice(LIGHT_USERS, size=20, replace=False)] + [LIGHT_USERS]:
            have = len(scale.rows_of(user))
            got = await client.post(
                "/v1/search",
                # include_faded: the synthetic facts were recorded months ago and never recalled (faded).
                json={
                    "user_id": scale.user_name(user),
                    "query": f"synthetic fact of user {user}",
                    "k": 10,
                    "include_faded": True,
                },
            )
            assert got.status_code == 200 and got.json()["degraded"] == []
            results = got.json()["results"]
            assert len(results) == min(10, have)
            assert {r["fact"]["fact_id"] for r in results} <= {scale.fact_ids[i] for i in scale.rows_of(user)}
