"""Decisions through a language model (the openai provider against the loopback server): the look-ahead
questions of a stage batch's users share one call, and each answer is cached per candidate, so a replay
that batches the same candidates differently makes no call and ends in the same facts."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from pydantic import SecretStr

from services.consolidator import stage as consolidator
from shared.broker import Topics
from shared.contracts.events import EmbeddedFact
from shared.providers.offline.minilm import OfflineEmbeddingProvider
from shared.runtime import Record, StageContext
from shared.storage.tenants import ensure_tenant
from tests.fakes.openai_server import FakeOpenAIServer
from tests.integration.candidates import at_minute, candidate

# Per user: a fact without a slot, then a fuller version of it. No rule decides the second (a neighbour
# without a slot may say the same thing), so it goes to the decider.
SAID = {
    "u-a": ["The user lives in Lisbon", "The user lives in Lisbon, in Alfama"],
    "u-b": ["The user plays the cello", "The user plays the cello in an amateur orchestra"],
}


@pytest.fixture(scope="module")
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer() as fake:
        yield fake


@pytest.fixture
def ctx(stack, db, server) -> StageContext:
    settings = stack.settings.model_copy(
        update={
            "llm_provider": "openai",
            "openai_base_url": server.base_url,
            "openai_api_key": SecretStr("loopback"),
            "decision_model": "loopback-decide",
            "openai_max_retries": 1,
        }
    )

    async def publish(topic: str, items: list[tuple[bytes, bytes]]) -> None:
        return None

    return StageContext(
        stage="consolidator", settings=settings, topics=Topics.from_settings(settings), publish=publish, pool=db
    )


async def _candidate(tenant: str, user: str, turn: int) -> EmbeddedFact:
    text = SAID[user][turn]
    [vector] = await OfflineEmbeddingProvider().embed([text])
    return candidate(tenant, user, text, vector, at=at_minute(turn))


async def _consolidate(ctx: StageContext, batch: list[EmbeddedFact]) -> None:
    await consolidator.handle(ctx, [(Record("facts.embedded", 0, n, None, b""), f) for n, f in enumerate(batch)])


async def _facts(db, tenant: str) -> set[tuple]:
    rows = await db.fetch("SELECT user_id, text, status FROM facts WHERE tenant_id = $1", tenant)
    return {(r["user_id"], r["text"], r["status"]) for r in rows}


async def test_two_users_share_one_decider_call_and_a_rebatched_replay_makes_none(ctx, db, server, monkeypatch):
    monkeypatch.setattr(consolidator, "WRITER_MIN_CANDIDATES", 1)  # a transaction per user, as in larger batches
    tenant = f"t-{uuid.uuid4().hex[:8]}"
    await ensure_tenant(db, tenant)
    first = [await _candidate(tenant, user, 0) for user in SAID]
    second = [await _candidate(tenant, user, 1) for user in SAID]

    server.reset_stats()
    await _consolidate(ctx, first)  # nothing to compare with: ADD by rule
    assert server.stats.requests.get("decision", 0) == 0
    await _consolidate(ctx, second)  # both users in one batch (two transactions): one call
    assert server.stats.requests.get("decision", 0) == 1
    decided = await db.fetch(
        "SELECT user_id, decided_by FROM decisions WHERE tenant_id = $1 AND candidate_id = any($2::text[])",
        tenant,
        [c.candidate_id for c in second],
    )
    assert sorted(r["user_id"] for r in decided) == sorted(SAID)
    assert {r["decided_by"] for r in decided} == {"openai"}
    # Cached per candidate: one row each, the call's tokens shared between them.
    cached = await db.fetch(
        "SELECT user_id, prompt_tokens FROM llm_calls WHERE tenant_id = $1 AND stage = 'consolidator'", tenant
    )
    assert sorted(r["user_id"] for r in cached) == sorted(SAID) and all(r["prompt_tokens"] > 0 for r in cached)
    memory = await _facts(db, tenant)

    # A replay after the tenant's facts were rebuilt from scratch, batched differently: each candidate in
    # a batch of its own, users in the other order. Every decision is found in the cache.
    async with db.acquire() as conn, conn.transaction():
        for table in ("outbox", "decisions", "facts"):
            await conn.execute(f"DELETE FROM {table} WHERE tenant_id = $1", tenant)  # noqa: S608 (fixed names)
    for one in [*reversed(first), *reversed(second)]:
        await _consolidate(ctx, [one])
    assert server.stats.requests.get("decision", 0) == 1  # no new call
    assert await _facts(db, tenant) == memory
