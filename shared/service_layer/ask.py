"""Questions answered from one user's stored facts only: by the configured LLM when it can answer
(cached like every provider call), otherwise by the best-matching facts themselves."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import asyncpg

from shared.domain.ranking import Fused
from shared.provider_calls import cached_call
from shared.service_layer.search import QueryEmbedder, SearchTuning, hybrid_search
from shared.settings import Settings
from shared.storage import user_data as store

STAGE = "api"


class AnswerProvider(Protocol):
    """The port `ask` uses: answer a question from the given memories only."""

    name: str
    model: str
    prompt_version: str

    async def answer(self, question: str, memories: Sequence[str]) -> str: ...


def answer_provider(settings: Settings) -> AnswerProvider | None:
    """The configured LLM's `answer`, if the provider has one; None means the offline behaviour."""
    from shared.providers import registry

    factory = getattr(registry, "answer_provider", None) or registry.summary_provider
    try:
        provider = factory(settings)
    except (NotImplementedError, ImportError, AttributeError):
        return None
    return provider if callable(getattr(provider, "answer", None)) else None


ASK_MIN_SIMILARITY = 0.3


@dataclass
class AskResult:
    answer: str
    answered_by: str
    facts: list[Fused]
    degraded: list[str]
    memory_enabled: bool = True


async def ask(
    pool: asyncpg.Pool,
    settings: Settings,
    embedder: QueryEmbedder,
    tenant_id: str,
    user_id: str,
    question: str,
    *,
    k: int,
    tuning: SearchTuning = SearchTuning(),
) -> AskResult:
    search = asyncio.create_task(
        # a question is a cue: a faded fact it matches strongly still answers it (shared.domain.strength)
        hybrid_search(pool, embedder, tenant_id, user_id, question, k=k, scope="facts", tuning=tuning, cued_recall=True)
    )
    try:
        async with pool.acquire() as conn:
            enabled = await store.memory_settings(conn, tenant_id, user_id)
    except BaseException:
        search.cancel()
        raise
    if not enabled:
        search.cancel()
        return AskResult("Memory is switched off for this user.", "none", [], [], memory_enabled=False)
    found = await search
    relevant = [
        f
        for f in found.items
        if "fulltext_facts" in f.legs or f.legs.get("vector_facts", {}).get("score", 0.0) >= ASK_MIN_SIMILARITY
    ]
    provider = answer_provider(settings)
    if provider is None or not relevant:
        if not relevant:
            return AskResult("Nothing in memory answers that.", "offline", [], found.degraded)
        answer = "\n".join(f"- {f.row['text']}" for f in relevant[:3])
        return AskResult(answer, "offline", relevant[:3], found.degraded)
    memories = [f.row["text"] for f in relevant]

    async def call() -> tuple[Any, int, int]:
        # The output names the user so that an erase can find and delete this cached answer.
        return {"user_id": user_id, "answer": await provider.answer(question, memories)}, 0, 0

    output = await cached_call(
        pool,
        stage=STAGE,
        task="answer",
        tenant_id=tenant_id,
        user_id=user_id,
        provider=provider,
        request={"question": question, "memories": memories},
        call=call,
    )
    return AskResult(output["answer"], provider.name, relevant, found.degraded)
