"""Every provider call goes through here: cached by the hash of its exact input, and counted.

The key holds the tenant, provider, model, prompt (or rules) version, task and input, so a replay
of the same input costs no call, and a new prompt version calls again.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

import asyncpg

from shared.hashing import content_hash
from shared.storage.caches import cached_output, store_output
from shared.telemetry import CACHE_LOOKUPS, PROVIDER_CALLS, PROVIDER_SECONDS, PROVIDER_TOKENS

ProviderCall = Callable[[], Awaitable[tuple[Any, int, int]]]  # -> (json output, prompt tokens, completion tokens)


def reported_usage(provider: Any) -> tuple[int, int]:
    """(prompt, completion) tokens of the provider's latest call; providers whose port method
    returns no usage (decisions, summaries) keep it on ``last_usage``. Zero for offline ones."""
    usage = getattr(provider, "last_usage", None)
    return (usage.prompt_tokens, usage.completion_tokens) if usage is not None else (0, 0)


async def cached_call(
    db: asyncpg.Pool | asyncpg.Connection,
    *,
    stage: str,
    task: str,
    tenant_id: str,
    provider: Any,
    request: Any,
    call: ProviderCall,
) -> Any:
    call_hash = content_hash(
        "provider-call", tenant_id, provider.name, provider.model, provider.prompt_version, task, request
    )
    hit = await cached_output(db, call_hash)
    if hit is not None:
        CACHE_LOOKUPS.labels(stage, task, "hit").inc()
        return hit
    CACHE_LOOKUPS.labels(stage, task, "miss").inc()
    started = time.perf_counter()
    try:
        output, prompt_tokens, completion_tokens = await call()
    except Exception:
        PROVIDER_CALLS.labels(stage, provider.name, task, "error").inc()
        raise
    latency = time.perf_counter() - started
    PROVIDER_CALLS.labels(stage, provider.name, task, "ok").inc()
    PROVIDER_SECONDS.labels(stage, provider.name, task).observe(latency)
    PROVIDER_TOKENS.labels(stage, provider.name, task, "prompt").inc(prompt_tokens)
    PROVIDER_TOKENS.labels(stage, provider.name, task, "completion").inc(completion_tokens)
    await store_output(
        db,
        call_hash=call_hash,
        tenant_id=tenant_id,
        stage=stage,
        provider=provider.name,
        model=provider.model,
        prompt_version=provider.prompt_version,
        output=output,
        prompt_tokens=prompt_tokens,
        completion_tokens=completion_tokens,
        latency_ms=latency * 1000,
    )
    return output
