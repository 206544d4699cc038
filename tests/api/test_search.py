"""Hybrid search: vectors over facts, full text over facts and messages, RRF (k=60), and degraded
answers when a leg fails."""

from __future__ import annotations

import asyncio

import pytest

from shared.service_layer.search import QueryEmbedder
from shared.storage.search import Hit, query_terms, reciprocal_rank_fusion, tsquery_text
from tests.api.conftest import seed_messages, uid


def test_rrf_sums_reciprocal_ranks_with_k_60():
    a, b, c = object(), object(), object()
    fused = reciprocal_rank_fusion(
        {
            "vector": [Hit("fact", "x", 1, 0.9, a), Hit("fact", "y", 2, 0.8, b)],
            "fulltext_facts": [Hit("fact", "y", 1, 0.5, b)],
            "fulltext_messages": [Hit("message", "m", 1, 0.4, c)],
        }
    )
    assert [f.id for f in fused] == ["y", "x", "m"]
    assert fused[0].score == pytest.approx(1 / 62 + 1 / 61)
    assert fused[1].score == pytest.approx(1 / 61) and fused[2].score == pytest.approx(1 / 61)
    assert fused[0].legs == {"vector": {"rank": 2, "score": 0.8}, "fulltext_facts": {"rank": 1, "score": 0.5}}


def test_query_terms_drop_stop_words_and_or_the_rest():
    assert query_terms("Where does the user live? In Berlin!") == ["live", "berlin"]
    assert query_terms("What are my dogs' names") == ["dog", "name"]
    assert tsquery_text(query_terms("tea at a café in Zürich")) == "tea | café:* | zürich:*"
    assert tsquery_text(query_terms("What camera does the user use")) == "camera:*"
    assert tsquery_text(query_terms("what is it?")) is None


@pytest.fixture
async def memory(client, db, tenant):
    tenant_id, _ = tenant
    user = uid()
    facts = {
        "The user is vegan": ("preference", 8),
        "The user has a dog named Rex": ("fact", 6),
        "The user works as a nurse at the city hospital": ("fact", 7),
        "The user loves hiking in the Alps": ("preference", 5),
        "The user's sister Anna lives in Madrid": ("relationship", 6),
    }
    ids = {}
    for text, (category, importance) in facts.items():
        got = await client.post(
            f"/v1/users/{user}/facts", json={"text": text, "category": category, "importance": importance}
        )
        ids[text] = got.json()["fact"]["fact_id"]
    await seed_messages(
        db, tenant_id, user, "s1", ["My landlord raised the rent again", "Rex chewed my favourite slippers"]
    )
    return user, ids


async def test_hybrid_search_fuses_facts_and_messages_with_scores(client, memory):
    user, ids = memory
    got = await client.post("/v1/search", json={"user_id": user, "query": "what does Rex the dog do", "k": 5})
    assert got.status_code == 200, got.text
    body = got.json()
    assert body["degraded"] == [] and body["legs"] == ["vector", "fulltext_facts", "fulltext_messages"]
    results = body["results"]
    assert len(results) == 5
    top = results[0]
    assert top["kind"] == "fact" and top["id"] == ids["The user has a dog named Rex"]
    assert set(top["legs"]) == {"vector", "fulltext_facts"}
    assert top["score"] == pytest.approx(sum(1 / (60 + leg["rank"]) for leg in top["legs"].values()))
    assert [r["score"] for r in results] == sorted((r["score"] for r in results), reverse=True)
    message = next(r for r in results if r["kind"] == "message")
    assert message["text"] == "Rex chewed my favourite slippers" and message["message"]["session_id"] == "s1"
    assert set(message["legs"]) == {"fulltext_messages"}


async def test_modes_filters_and_k(client, memory):
    user, ids = memory
    vector = (await client.post("/v1/search", json={"user_id": user, "query": "pets", "mode": "vector", "k": 2})).json()
    assert vector["legs"] == ["vector"] and len(vector["results"]) == 2
    assert vector["results"][0]["id"] == ids["The user has a dog named Rex"]
    assert 0 < vector["results"][0]["legs"]["vector"]["score"] <= 1
    text = (await client.post("/v1/search", json={"user_id": user, "query": "rent", "mode": "fulltext"})).json()
    assert [r["text"] for r in text["results"]] == ["My landlord raised the rent again"]
    filtered = (
        await client.post(
            "/v1/search", json={"user_id": user, "query": "food and hobbies", "categories": ["preference"], "k": 10}
        )
    ).json()
    assert {r["id"] for r in filtered["results"]} == {
        ids["The user is vegan"],
        ids["The user loves hiking in the Alps"],
    }
    important = (await client.post("/v1/search", json={"user_id": user, "query": "job", "min_importance": 7})).json()
    assert {r["id"] for r in important["results"]} == {
        ids["The user is vegan"],
        ids["The user works as a nurse at the city hospital"],
    }
    bad = await client.post("/v1/search", json={"user_id": user, "query": "x", "k": 0})
    assert bad.status_code == 422 and "k" in bad.json()["detail"]


class BrokenEmbeddings:
    name = "broken"
    model = "broken"
    dimensions = 384

    async def embed(self, texts):
        raise ConnectionError("embedding endpoint unreachable")


async def test_a_failing_embedding_provider_degrades_to_full_text(api, client, memory):
    user, ids = memory
    healthy = api.app.state.embedder
    api.app.state.embedder = QueryEmbedder(BrokenEmbeddings())
    try:
        got = await client.post("/v1/search", json={"user_id": user, "query": "dog named Rex"})
        context = await client.post("/v1/context", json={"user_id": user, "query": "dog named Rex"})
    finally:
        api.app.state.embedder = healthy
    assert got.status_code == 200, got.text
    assert got.json()["degraded"] == ["vector"] and "unreachable" in got.json()["errors"]["vector"]
    assert got.json()["results"][0]["id"] == ids["The user has a dog named Rex"]
    assert context.status_code == 200 and context.json()["degraded"] == ["vector"]
    assert "Rex" in context.json()["context"]


async def test_a_statement_timeout_degrades_that_leg(api, client, db, memory):
    """A leg blocked in Postgres (a lock held elsewhere) runs out of time; the others still answer."""
    user, ids = memory
    settings = api.app.state.settings
    old = settings.search_leg_timeout_s
    settings.search_leg_timeout_s = 0.5
    try:
        async with db.acquire() as conn, conn.transaction():
            await conn.execute("LOCK TABLE messages IN ACCESS EXCLUSIVE MODE")
            got = await asyncio.wait_for(
                client.post("/v1/search", json={"user_id": user, "query": "Rex the dog"}), timeout=10
            )
    finally:
        settings.search_leg_timeout_s = old
    assert got.status_code == 200, got.text
    assert got.json()["degraded"] == ["fulltext_messages"]
    assert got.json()["errors"]["fulltext_messages"] in ("statement timeout", "timed out")
    assert got.json()["results"][0]["id"] == ids["The user has a dog named Rex"]


async def test_every_leg_failing_is_a_503(api, client, memory):
    user, _ = memory
    healthy = api.app.state.embedder
    api.app.state.embedder = QueryEmbedder(BrokenEmbeddings())
    try:
        got = await client.post("/v1/search", json={"user_id": user, "query": "Rex", "mode": "vector"})
    finally:
        api.app.state.embedder = healthy
    assert got.status_code == 503 and "vector" in got.json()["detail"]


async def test_memory_off_returns_nothing(client, memory):
    user, _ = memory
    assert (await client.put(f"/v1/users/{user}/settings", json={"memory_enabled": False})).status_code == 200
    got = (await client.post("/v1/search", json={"user_id": user, "query": "Rex"})).json()
    assert got["results"] == [] and got["memory_enabled"] is False
