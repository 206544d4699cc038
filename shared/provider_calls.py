"""Every provider call goes through here: cached by the hash of its exact input, and counted.

The key holds the tenant, provider, model, prompt (or rules) version, task and input, so a replay
of the same input costs no call, and a new prompt version calls again.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import asyncpg

from shared.hashing import content_hash
from shared.storage.caches import StoredCall, cached_outputs, store_outputs
from shared.telemetry import CACHE_LOOKUPS, LLM_CALLS, LLM_TOKENS, PROVIDER_CALLS, PROVIDER_SECONDS, PROVIDER_TOKENS

ProviderCall = Callable[[], Awaitable[tuple[Any, int, int]]]  # -> (json output, prompt tokens, completion tokens)


def reported_usage(provider: Any) -> tuple[int, int]:
    """(prompt, completion) tokens of the provider's latest call; providers whose port method
    returns no usage (decisions, summaries) keep it on ``last_usage``. Zero for offline ones."""
    usage = getattr(provider, "last_usage", None)
    return (usage.prompt_tokens, usage.completion_tokens) if usage is not None else (0, 0)


def provider_call_key(tenant_id: str, provider: Any, task: str, request: Any) -> str:
    """The cache key of a call: who asks, which provider, model and prompt version, what task, what input."""
    return content_hash(
        "provider-call", tenant_id, provider.name, provider.model, provider.prompt_version, task, request
    )


def calls_a_language_model(provider: Any) -> bool:
    """Whether the provider's calls cost model time and tokens (the openai provider), as opposed to
    the offline rules."""
    return bool(getattr(provider, "calls_a_model", False))


@dataclass(frozen=True)
class PendingCall:
    """A provider call to make unless its output is cached: ``request`` is its whole input (the key)."""

    tenant_id: str
    request: Any
    call: ProviderCall
    user_id: str | None = None  # whose data the call carries: erasing the user deletes its output


async def cached_calls(
    db: asyncpg.Pool | asyncpg.Connection, *, stage: str, task: str, provider: Any, calls: Sequence[PendingCall]
) -> list[Any]:
    """The outputs of ``calls``, in order: cached ones from one lookup, the others called concurrently
    (the provider bounds its own concurrency) and stored in one insert. The outputs that did come
    back are stored even when another call failed, so a retry pays only for the failed ones."""
    hashes = [provider_call_key(c.tenant_id, provider, task, c.request) for c in calls]
    outputs = await cached_outputs(db, list(dict.fromkeys(hashes)))
    misses = {h: c for h, c in zip(hashes, calls, strict=True) if h not in outputs}
    CACHE_LOOKUPS.labels(stage, task, "hit").inc(len(calls) - len(misses))
    CACHE_LOOKUPS.labels(stage, task, "miss").inc(len(misses))
    results = await asyncio.gather(*(_timed(c.call) for c in misses.values()), return_exceptions=True)
    llm = calls_a_language_model(provider)
    stored, failure = [], None
    for (call_hash, pending), result in zip(misses.items(), results, strict=True):
        outcome = "error" if isinstance(result, BaseException) else "ok"
        PROVIDER_CALLS.labels(stage, provider.name, task, outcome).inc()
        if llm:
            LLM_CALLS.labels(stage, task, outcome).inc()
        if isinstance(result, BaseException):
            failure = failure or result
            continue
        (output, prompt_tokens, completion_tokens), latency = result
        PROVIDER_SECONDS.labels(stage, provider.name, task).observe(latency)
        PROVIDER_TOKENS.labels(stage, provider.name, task, "prompt").inc(prompt_tokens)
        PROVIDER_TOKENS.labels(stage, provider.name, task, "completion").inc(completion_tokens)
        if llm:
            LLM_TOKENS.labels(stage, task, "prompt").inc(prompt_tokens)
            LLM_TOKENS.labels(stage, task, "completion").inc(completion_tokens)
        outputs[call_hash] = output
        stored.append(
            StoredCall(
                call_hash=call_hash,
                tenant_id=pending.tenant_id,
                user_id=pending.user_id,
                stage=stage,
                provider=provider.name,
                model=provider.model,
                prompt_version=provider.prompt_version,
                output=output,
                prompt_tokens=prompt_tokens,
                completion_tokens=completion_tokens,
                latency_ms=latency * 1000,
            )
        )
    # Two stages (or two replicas) may make the same call at once; the first stored output wins, and
    # every caller uses that one, so what follows from a call does not depend on who was first.
    if lost := {c.call_hash for c in stored} - await store_outputs(db, stored):
        outputs.update(await cached_outputs(db, list(lost)))
    if failure is not None:
        raise failure
    return [outputs[h] for h in hashes]


async def _timed(call: ProviderCall) -> tuple[tuple[Any, int, int], float]:
    started = time.perf_counter()
    result = await call()
    return result, time.perf_counter() - started


async def cached_call(
    db: asyncpg.Pool | asyncpg.Connection,
    *,
    stage: str,
    task: str,
    tenant_id: str,
    provider: Any,
    request: Any,
    call: ProviderCall,
    user_id: str | None = None,
) -> Any:
    """One call through :func:`cached_calls`."""
    (output,) = await cached_calls(
        db, stage=stage, task=task, provider=provider, calls=[PendingCall(tenant_id, request, call, user_id)]
    )
    return output
