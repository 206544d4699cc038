"""Search: vectors over facts and messages, full text over facts, BM25 over messages, calibrated fusion
(or RRF, k=60), modes, scopes and filters, and degraded answers when a leg fails."""

from __future__ import annotations

import asyncio

import pytest

from shared.domain.ranking import Hit, reciprocal_rank_fusion, stem_terms
from shared.service_layer.search import QueryEmbedder
from shared.storage.search import query_terms, tsquery_text
from tests.api.conftest import seed_messages, uid


def test_rrf_sums_reciprocal_ranks_with_k_60():
    a, b, c = object(), object(), object()
    fused = reciprocal_rank_fusion(
        {
            "vector_facts": [Hit("fact", "x", 1, 0.9, a), Hit("fact", "y", 2, 0.8, b)],
            "fulltext_facts": [Hit("fact", "y", 1, 0.5, b)],
            "fulltext_messages": [Hit("message", "m", 1, 0.4, c)],
        }
    )
    assert [f.id for f in fused] == ["y", "m", "x"]  # x and m tie: by id, never facts first
    assert fused[0].score == pytest.approx(1 / 62 + 1 / 61)
    assert fused[1].score == pytest.approx(1 / 61) and fused[2].score == pytest.approx(1 / 61)
    assert fused[0].legs == {"vector_facts": {"rank": 2, "score": 0.8}, "fulltext_facts": {"rank": 1, "score": 0.5}}


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
        db,
        tenant_id,
        user,
        "s1",
        ["My landlord raised the rent again", "Rex chewed my favourite slippers"],
        names=["Maya", "Maya"],
        embed=True,
    )
    return user, ids


async def test_hybrid_search_fuses_facts_and_messages_with_scores(client, memory):
    user, ids = memory
    got = await client.post("/v1/search", json={"user_id": user, "query": "what does Rex the dog do", "k": 5})
    assert got.status_code == 200, got.text
    body = got.json()
    assert body["degraded"] == []
    assert body["legs"] == ["vector_facts", "vector_messages", "fulltext_facts", "fulltext_messages"]
    results = body["results"]
    top = results[0]
    assert top["kind"] == "fact" and top["id"] == ids["The user has a dog named Rex"]
    assert {"vector_facts", "fulltext_facts"} <= set(top["legs"])
    assert [r["score"] for r in results] == sorted((r["score"] for r in results), reverse=True)
    message = next(r for r in results if r["kind"] == "message")
    assert message["text"] == "Rex chewed my favourite slippers" and message["message"]["session_id"] == "s1"
    assert {"vector_messages", "fulltext_messages"} <= set(message["legs"])
    assert message["speaker"] == "Maya" and message["message"]["name"] == "Maya" and message["said_at"]
    assert message["evidence_ids"] == [message["id"]]
    rrf = (await client.post("/v1/search", json={"user_id": user, "query": "Rex the dog", "fusion": "rrf"})).json()
    assert rrf["results"][0]["score"] == pytest.approx(
        sum(1 / (60 + leg["rank"]) for leg in rrf["results"][0]["legs"].values())
    )


async def test_modes_scopes_filters_and_k(client, memory):
    user, ids = memory
    vector = (await client.post("/v1/search", json={"user_id": user, "query": "pets", "mode": "vector", "k": 2})).json()
    assert vector["legs"] == ["vector_facts", "vector_messages"] and len(vector["results"]) == 2
    assert vector["results"][0]["id"] == ids["The user has a dog named Rex"]
    assert 0 < vector["results"][0]["legs"]["vector_facts"]["score"] <= 1
    text = (await client.post("/v1/search", json={"user_id": user, "query": "rent", "mode": "fulltext"})).json()
    assert [r["text"] for r in text["results"]] == ["My landlord raised the rent again"]
    facts = (await client.post("/v1/search", json={"user_id": user, "query": "rent", "scope": "facts"})).json()
    assert facts["legs"] == ["vector_facts", "fulltext_facts"]
    assert all(r["kind"] == "fact" for r in facts["results"])
    messages = (await client.post("/v1/search", json={"user_id": user, "query": "dog", "scope": "messages"})).json()
    assert messages["legs"] == ["vector_messages", "fulltext_messages"]
    assert all(r["kind"] == "message" for r in messages["results"])
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
    assert {r["id"] for r in important["results"]} <= {
        ids["The user is vegan"],
        ids["The user works as a nurse at the city hospital"],
    }
    assert important["results"][0]["id"] == ids["The user works as a nurse at the city hospital"]
    bad = await client.post("/v1/search", json={"user_id": user, "query": "x", "k": 0})
    assert bad.status_code == 422 and "k" in bad.json()["detail"]
    naive = await client.post("/v1/search", json={"user_id": user, "query": "x", "after": "2026-01-01T00:00:00"})
    assert naive.status_code == 422 and "after" in naive.json()["detail"]


async def test_time_range_and_session_filters(client, db, tenant):
    from datetime import UTC, datetime, timedelta

    tenant_id, _ = tenant
    user = uid()
    spring = datetime(2025, 4, 10, tzinfo=UTC)
    autumn = datetime(2025, 10, 10, tzinfo=UTC)
    [early] = await seed_messages(db, tenant_id, user, "s-spring", ["We planted tomatoes in the garden"], spring)
    [late] = await seed_messages(
        db, tenant_id, user, "s-autumn", ["The garden tomatoes are finally ripe"], autumn, embed=True
    )

    async def ids(**extra) -> list[str]:
        body = {"user_id": user, "query": "garden tomatoes", **extra}
        return [r["id"] for r in (await client.post("/v1/search", json=body)).json()["results"]]

    assert set(await ids()) == {early, late}
    assert await ids(after=(spring + timedelta(days=30)).isoformat()) == [late]
    assert await ids(before=(spring + timedelta(days=30)).isoformat()) == [early]
    assert await ids(session_id="s-spring") == [early]


async def test_a_paraphrased_question_finds_a_message_no_fact_covers(client, db, tenant):
    """No word of the question is in the message, and no fact says it: only the message's embedding can
    find it (vector_messages)."""
    tenant_id, _ = tenant
    user = uid()
    for text in ("The user is vegan", "The user works as a nurse", "The user's sister lives in Madrid"):
        got = await client.post(f"/v1/users/{user}/facts", json={"text": text, "category": "fact", "importance": 5})
        assert got.status_code == 201
    turns = [
        "Morning! The bus was late again.",
        "Did you watch the finale last night?",
        "We finally adopted a greyhound from the rescue, we're calling her Pepper.",
        "Work is chaos this month, my inbox is a disaster.",
        "I made way too much soup, want some?",
        "The neighbours are drilling since 8am.",
    ]
    ids = await seed_messages(db, tenant_id, user, "s1", turns, names=["Maya"] * len(turns), embed=True)
    question = "Which four-legged companion joined the household?"
    assert not set(stem_terms(question)) & set(stem_terms(turns[2]))  # no content word in common
    body = (await client.post("/v1/search", json={"user_id": user, "query": question})).json()
    top = body["results"][0]
    assert top["kind"] == "message" and top["id"] == ids[2] and top["fact"] is None
    assert "vector_messages" in top["legs"] and "fulltext_messages" not in top["legs"]


async def test_a_speakers_name_in_the_question_does_not_move_the_message_legs(client, db, tenant):
    """Messages are embedded and indexed without their speaker's name, so the message legs search for
    the question without the speakers' names (ranking.without_speakers): a name would only pull the
    question towards the speaker's small talk. Who said it is the speaker hint's part, and it still
    puts the named speaker's turns first."""
    tenant_id, _ = tenant
    user = uid()
    turns = [
        ("Noor", "Did you watch the finale?"),
        ("Noor", "Ugh, I pulled a hamstring moving a couch. The doctor says six weeks."),
        ("Sam", "I twisted my knee on the stairs, the doctor says rest."),
        ("Noor", "Work is chaos this month."),
    ]
    await seed_messages(db, tenant_id, user, "s1", [t for _, t in turns], names=[n for n, _ in turns], embed=True)

    async def message_scores(query: str) -> dict[str, dict]:
        body = (await client.post("/v1/search", json={"user_id": user, "query": query, "scope": "messages"})).json()
        return {r["text"]: r for r in body["results"]}

    named = await message_scores("What did Noor's doctor say about the injury?")
    unnamed = await message_scores("What did doctor say about the injury?")
    for text in (t for _, t in turns):
        for leg in ("vector_messages", "fulltext_messages"):
            assert named.get(text, {}).get("legs", {}).get(leg) == unnamed.get(text, {}).get("legs", {}).get(leg)
    assert [r["speaker"] for r in named.values()][0] == "Noor" and "speaker" in next(iter(named.values()))["legs"]


async def test_an_unrelated_fact_never_outranks_an_exact_message_match(client, db, tenant):
    """Facts the query has nothing to do with score under the floor, so each exact message wins."""
    tenant_id, _ = tenant
    user = uid()
    facts = [
        "The user is vegan",
        "The user has a dog named Rex",
        "The user works as a nurse at the city hospital",
        "The user loves hiking in the Alps",
        "The user is allergic to peanuts",
        "The user prefers tea over coffee",
    ]
    for text in facts:
        got = await client.post(f"/v1/users/{user}/facts", json={"text": text, "category": "fact", "importance": 9})
        assert got.status_code == 201
    messages = [
        "My passport number ends in 4471",
        "The plumber comes on Thursday at 3pm to fix the boiler",
        "Booked flight LH 1234 to Lisbon for the conference",
        "The wifi password at the cabin is bluefinch42",
    ]
    ids = await seed_messages(db, tenant_id, user, "s1", messages, embed=True)
    for message_id, text in zip(ids, messages, strict=True):
        for mode in ("hybrid", "fulltext"):
            body = (await client.post("/v1/search", json={"user_id": user, "query": text, "mode": mode})).json()
            assert body["results"][0]["id"] == message_id, (mode, text, body["results"][:2])
            message_score = body["results"][0]["score"]
            assert all(r["score"] < message_score for r in body["results"] if r["kind"] == "fact")


async def test_a_fact_and_its_source_message_are_one_result(client, db, tenant, stack):
    from tests.api.conftest import seed_fact

    tenant_id, _ = tenant
    user = uid()
    [source] = await seed_messages(
        db, tenant_id, user, "s1", ["I just moved to Lisbon for a new job"], names=["Maya"], embed=True
    )
    await seed_fact(db, stack.settings, tenant_id, user, "The user lives in Lisbon", source_message_ids=[source])
    body = (await client.post("/v1/search", json={"user_id": user, "query": "Where does Maya live? Lisbon"})).json()
    assert len(body["results"]) == 1, body["results"]
    [hit] = body["results"]
    assert hit["evidence_ids"] == [source]
    assert {hit["kind"], hit["fact"] and "fact", hit["message"] and "message"} == {"fact", "message"}
    assert hit["speaker"] == "Maya"


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
    assert got.json()["degraded"] == ["vector_facts", "vector_messages"]
    assert "unreachable" in got.json()["errors"]["vector_facts"]
    assert got.json()["results"][0]["id"] == ids["The user has a dog named Rex"]
    assert context.status_code == 200 and context.json()["degraded"] == ["vector_facts", "vector_messages"]
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
    assert set(got.json()["degraded"]) <= {"fulltext_messages", "vector_messages"}
    assert "fulltext_messages" in got.json()["degraded"]
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


async def test_prefetched_message_windows_rank_as_the_sql_leg_does(db, tenant):
    from shared.providers.offline.minilm import OfflineEmbeddingProvider
    from shared.storage import search as legs

    tenant_id, _ = tenant
    user = uid()
    long_turn = " ".join(["filler"] * 150) + " and then we adopted a greyhound named Pepper"
    await seed_messages(
        db, tenant_id, user, "s1", ["The bus was late", long_turn, "We ordered pizza", "My new bike"], embed=True
    )
    [query] = await OfflineEmbeddingProvider().embed(["a dog joined the family"])
    async with db.acquire() as conn:
        sql = await legs.vector_messages(conn, tenant_id, user, query, limit=3)
        rows = await legs.user_message_vectors(conn, tenant_id, user, max_rows=100)
    assert rows is not None and len(rows) == 5  # the long turn has two windows
    in_process = legs.nearest_messages(rows, query, limit=3)
    assert [h.id for h in in_process] == [h.id for h in sql]
    assert [h.score for h in in_process] == pytest.approx([h.score for h in sql], abs=1e-5)
    async with db.acquire() as conn:
        assert await legs.user_message_vectors(conn, tenant_id, user, max_rows=4) is None
