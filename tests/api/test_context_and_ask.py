"""Context: a prompt-ready block (pinned facts, relevant facts, message excerpts where no fact covers
the query, session summary) inside a token budget counted by the MiniLM tokenizer, as text, XML or
JSON. Ask: answers from stored memories only."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import httpx
import pytest

from shared.service_layer import ask as ask_service
from shared.service_layer import context as context_service
from tests.api.conftest import uid


@pytest.fixture(scope="module")
async def shared_tenant(db) -> tuple[str, str]:
    from shared.storage.tenants import add_api_key

    tenant_id = uid("t")
    return tenant_id, await add_api_key(db, tenant_id)


@pytest.fixture(scope="module")
async def memory(api, db, shared_tenant):
    """One user's memory, built once for this module (read-only tests)."""
    tenant_id, key = shared_tenant
    user = uid()
    client = httpx.AsyncClient(base_url=api.url, headers={"X-API-Key": key}, timeout=30)
    facts = [
        ("The user is allergic to peanuts", "fact", 10),
        ("The user is vegan", "preference", 8),
        ("The user has a dog named Rex", "fact", 5),
        ("The user likes jazz & blues <live>", "preference", 4),
        ("The user works as a nurse", "fact", 6),
    ] + [(f"The user visited city number {i} on a trip", "event", 2) for i in range(30)]
    for text, category, importance in facts:
        got = await client.post(
            f"/v1/users/{user}/facts", json={"text": text, "category": category, "importance": importance}
        )
        assert got.status_code == 201, got.text
    await db.execute(
        """
        INSERT INTO session_summaries (tenant_id, session_id, user_id, summary, input_hash, user_turns)
        VALUES ($1, 's1', $2, $3, 'h', 4)
        """,
        tenant_id,
        user,
        "- The user is planning a birthday dinner\n- The user asked for restaurant ideas",
    )
    await client.aclose()
    return user


@pytest.fixture
async def client(api, shared_tenant):
    async with httpx.AsyncClient(base_url=api.url, headers={"X-API-Key": shared_tenant[1]}, timeout=30) as c:
        yield c


async def test_context_has_pinned_relevant_and_summary(client, memory):
    got = await client.post(
        "/v1/context", json={"user_id": memory, "query": "what should I feed my dog?", "session_id": "s1"}
    )
    assert got.status_code == 200, got.text
    body = got.json()
    text = body["context"]
    assert body["token_estimate"] == context_service.TOKEN_ESTIMATE
    assert body["tokens"] == context_service.count_tokens(text)
    assert body["tokens"] <= body["max_tokens"] == 800
    why = {f["text"]: f["why"] for f in body["facts"]}
    assert why["The user is allergic to peanuts"] == "pinned" and why["The user is vegan"] == "pinned"
    assert why["The user has a dog named Rex"] == "relevant"
    relevant = [f["text"] for f in body["facts"] if f["why"] == "relevant"]
    assert relevant[0] == "The user has a dog named Rex"
    assert text.index("allergic to peanuts") < text.index("dog named Rex") < text.index("birthday dinner")
    assert body["session_summary_included"] is True


@pytest.mark.parametrize("budget", [16, 40, 90, 200, 2000])
@pytest.mark.parametrize("fmt", ["text", "xml", "json"])
async def test_context_stays_inside_the_budget_in_every_format(client, memory, fmt, budget):
    got = await client.post(
        "/v1/context",
        json={
            "user_id": memory,
            "query": "jazz, trips and cities",
            "session_id": "s1",
            "max_tokens": budget,
            "format": fmt,
        },
    )
    assert got.status_code == 200, got.text
    body = got.json()
    assert body["tokens"] == context_service.count_tokens(body["context"]) <= budget
    if not body["context"]:
        return
    if fmt == "json":
        block = json.loads(body["context"])
        assert block["user_id"] == memory
        if budget >= 200:
            assert block["pinned"][0]["text"] == "The user is allergic to peanuts"
    elif fmt == "xml":
        root = ET.fromstring(body["context"])
        assert root.tag == "memory" and root.get("user") == memory
        texts = [f.text for f in root.iter("fact")]
        assert all(t for t in texts)
        if budget >= 2000:
            assert "The user likes jazz & blues <live>" in texts and root.find("session_summary") is not None
    if budget >= 90:
        assert "peanuts" in body["context"]


async def test_context_without_query_and_for_unknown_or_silenced_users(client, memory):
    plain = (await client.post("/v1/context", json={"user_id": memory})).json()
    assert {f["why"] for f in plain["facts"]} == {"pinned"} and not plain["session_summary_included"]
    nobody = (await client.post("/v1/context", json={"user_id": uid(), "query": "anything"})).json()
    assert nobody["context"] == "" and nobody["tokens"] == 0 and nobody["facts"] == []
    quiet = uid()
    await client.post(f"/v1/users/{quiet}/facts", json={"text": "The user has a dog named Bo", "importance": 9})
    await client.put(f"/v1/users/{quiet}/settings", json={"memory_enabled": False})
    off = (await client.post("/v1/context", json={"user_id": quiet, "query": "dog"})).json()
    assert off["context"] == "" and off["memory_enabled"] is False
    asked = (await client.post("/v1/ask", json={"user_id": quiet, "question": "dog?"})).json()
    assert asked["facts"] == [] and asked["memory_enabled"] is False


def test_fit_context_prefers_pinned_then_relevant_then_summary():
    from datetime import UTC, datetime

    from shared.contracts.events import FactSnapshot

    def fact(i: int, text: str) -> context_service.ContextItem:
        snap = FactSnapshot(
            fact_id=str(i),
            text=text,
            category="fact",
            importance=5,
            status="active",
            valid_from=datetime(2026, 1, 1, tzinfo=UTC),
            valid_to=None,
            recorded_at=datetime(2026, 1, 1, tzinfo=UTC),
            superseded_at=None,
            superseded_by=None,
            source="manual",
            source_message_ids=[],
        )
        return context_service.ContextItem(snap, "pinned")

    pinned = [fact(i, f"pinned fact {i} " + "x" * 40) for i in range(10)]
    relevant = [fact(100 + i, f"relevant fact {i} " + "y" * 40) for i in range(10)]
    summary = [f"- summary line {i} " + "z" * 40 for i in range(10)]
    for budget in (50, 100, 200, 400, 1000):
        p, r, s = context_service.fit_context("u", pinned, relevant, summary, "text", budget)
        text = context_service.render_context("u", p, r, s, "text")
        assert context_service.count_tokens(text) <= budget
        assert p == pinned[: len(p)] and r == relevant[: len(r)] and s == summary[: len(s)]
        if budget >= 200:
            assert p and r and s
    p, r, s = context_service.fit_context("u", pinned, relevant, summary, "text", 10_000)
    assert (len(p), len(r), len(s)) == (10, 10, 10)


async def test_ask_offline_answers_with_the_best_matching_facts(client, memory):
    got = await client.post("/v1/ask", json={"user_id": memory, "question": "What is my dog called?"})
    assert got.status_code == 200, got.text
    body = got.json()
    assert body["answered_by"] == "offline"
    assert body["answer"].splitlines()[0] == "- The user has a dog named Rex"
    assert body["facts"][0]["text"] == "The user has a dog named Rex"
    nothing = (await client.post("/v1/ask", json={"user_id": uid(), "question": "What is my dog called?"})).json()
    assert nothing["facts"] == [] and "Nothing" in nothing["answer"]


class EchoAnswers:
    name = "echo"
    model = "echo-1"
    prompt_version = "v1"
    calls = 0

    async def answer(self, question, memories):
        EchoAnswers.calls += 1
        return f"{question} -> {memories[0]}"


async def test_ask_uses_an_llm_that_can_answer_and_caches_it(client, db, shared_tenant, memory, monkeypatch):
    from shared.providers import registry

    monkeypatch.setattr(registry, "answer_provider", lambda settings: EchoAnswers(), raising=False)
    question = {"user_id": memory, "question": "Which animal do I have, a dog?"}
    first = (await client.post("/v1/ask", json=question)).json()
    second = (await client.post("/v1/ask", json=question)).json()
    assert (
        first["answered_by"] == "echo"
        and first["answer"] == "Which animal do I have, a dog? -> The user has a dog named Rex"
    )
    assert second["answer"] == first["answer"] and EchoAnswers.calls == 1
    cached = await db.fetchval(
        "SELECT output->>'user_id' FROM llm_calls WHERE tenant_id = $1 AND stage = 'api' AND output ? 'answer'",
        shared_tenant[0],
    )
    assert cached == memory


def test_offline_provider_has_no_answer_port(stack):
    assert ask_service.answer_provider(stack.settings) is None


async def test_context_quotes_messages_no_fact_covers_with_dates_speakers_and_sources(client, db, shared_tenant):
    from datetime import UTC, datetime

    from tests.api.conftest import seed_messages

    tenant_id, _ = shared_tenant
    user = uid()
    got = await client.post(f"/v1/users/{user}/facts", json={"text": "The user is vegan", "importance": 5})
    assert got.status_code == 201
    said = datetime(2025, 3, 14, 9, 30, tzinfo=UTC)
    turns = ["Booked flight LH 1234 to Lisbon for the conference", "Cool, have a good trip!"]
    ids = await seed_messages(db, tenant_id, user, "s9", turns, said, names=["Maya", "Jonas"], embed=True)
    for fmt in ("text", "json", "xml"):
        body = (
            await client.post(
                "/v1/context",
                json={"user_id": user, "query": "Which flight did I book to Lisbon?", "format": fmt, "max_tokens": 200},
            )
        ).json()
        assert body["tokens"] == context_service.count_tokens(body["context"]) <= 200
        excerpt = body["excerpts"][0]
        assert excerpt["event_id"] == ids[0] and excerpt["speaker"] == "Maya" and excerpt["source_ids"] == [ids[0]]
        assert excerpt["said_at"].startswith("2025-03-14")
        assert "LH 1234" in body["context"] and "2025-03-14" in body["context"] and "Maya" in body["context"]
        if fmt == "text":
            assert "[2025-03-14] Maya: Booked flight LH 1234" in body["context"]
