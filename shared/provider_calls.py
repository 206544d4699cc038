"""Every provider call goes through here: cached by the hash of its exact input, and counted.

The key holds the tenant, provider, model, prompt (or rules) version, task and input, so a replay
of the same input costs no call, and a new prompt version calls again. A call that answers several
independent items at once (decisions) is cached per item (:func:`cached_items`): an item's answer is
found again whatever batch it comes in next time.
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
    stored, failure = [], None
    for (call_hash, pending), result in zip(misses.items(), results, strict=True):
        if isinstance(result, BaseException):
            _count(stage, task, provider, "error")
            failure = failure or result
            continue
        (output, prompt_tokens, completion_tokens), latency = result
        _count(stage, task, provider, "ok", latency, prompt_tokens, completion_tokens)
        outputs[call_hash] = output
        stored.append(
            _stored_call(
                call_hash,
                pending.tenant_id,
                pending.user_id,
                stage,
                provider,
                output,
                prompt_tokens,
                completion_tokens,
                latency,
            )
        )
    # Two stages (or two replicas) may make the same call at once; the first stored output wins, and
    # every caller uses that one, so what follows from a call does not depend on who was first.
    if lost := {c.call_hash for c in stored} - await store_outputs(db, stored):
        outputs.update(await cached_outputs(db, list(lost)))
    if failure is not None:
        raise failure
    return [outputs[h] for h in hashes]


def _count(
    stage: str, task: str, provider: Any, outcome: str, latency: float = 0.0, prompt: int = 0, completion: int = 0
) -> None:
    """One provider call in the metrics; the LLM ones also in memstream_llm_*."""
    llm = calls_a_language_model(provider)
    PROVIDER_CALLS.labels(stage, provider.name, task, outcome).inc()
    if llm:
        LLM_CALLS.labels(stage, task, outcome).inc()
    if outcome != "ok":
        return
    PROVIDER_SECONDS.labels(stage, provider.name, task).observe(latency)
    PROVIDER_TOKENS.labels(stage, provider.name, task, "prompt").inc(prompt)
    PROVIDER_TOKENS.labels(stage, provider.name, task, "completion").inc(completion)
    if llm:
        LLM_TOKENS.labels(stage, task, "prompt").inc(prompt)
        LLM_TOKENS.labels(stage, task, "completion").inc(completion)


ItemsOutput = list[tuple[Any, int, int, float]]  # per item: json output, its prompt and completion tokens, latency


async def metered_items_call(
    *, stage: str, task: str, provider: Any, call: Callable[[], Awaitable[tuple[list[Any], int, int]]]
) -> ItemsOutput:
    """One provider call that answers several items (-> outputs, prompt tokens, completion tokens),
    counted once; each item gets an even share of the call's tokens (the shares add up to the call's)."""
    try:
        (outputs, prompt_tokens, completion_tokens), latency = await _timed(call)
    except BaseException:
        _count(stage, task, provider, "error")
        raise
    _count(stage, task, provider, "ok", latency, prompt_tokens, completion_tokens)
    prompts, completions = shares(prompt_tokens, len(outputs)), shares(completion_tokens, len(outputs))
    return [(o, p, c, latency) for o, p, c in zip(outputs, prompts, completions, strict=True)]


def shares(total: int, parts: int) -> list[int]:
    """``total`` split into ``parts`` whole shares as even as can be, the larger ones first."""
    base, extra = divmod(total, max(1, parts))
    return [base + (i < extra) for i in range(parts)]


@dataclass(frozen=True)
class PendingItem:
    """One item of a call that answers several: ``request`` is the item's whole input (its own key)."""

    tenant_id: str
    request: Any
    user_id: str | None = None


async def cached_items(
    db: asyncpg.Pool | asyncpg.Connection,
    *,
    stage: str,
    task: str,
    provider: Any,
    items: Sequence[PendingItem],
    call: Callable[[list[int]], Awaitable[ItemsOutput]],
) -> list[Any]:
    """The outputs of ``items``, in order, each cached under its own key: the cached ones from one lookup,
    the others (given to ``call`` by position, each distinct key once) answered together, typically in one
    provider call (:func:`metered_items_call`), and stored one row per item. So an item's answer never
    depends on the batch it came in, and a replay that batches differently finds every one."""
    hashes = [provider_call_key(i.tenant_id, provider, task, i.request) for i in items]
    outputs = await cached_outputs(db, list(dict.fromkeys(hashes)))
    misses: dict[str, int] = {}
    for position, call_hash in enumerate(hashes):
        if call_hash not in outputs:
            misses.setdefault(call_hash, position)
    CACHE_LOOKUPS.labels(stage, task, "hit").inc(len(items) - len(misses))
    CACHE_LOOKUPS.labels(stage, task, "miss").inc(len(misses))
    if not misses:
        return [outputs[h] for h in hashes]
    answered = await call(list(misses.values()))
    if len(answered) != len(misses):
        raise ValueError(f"{len(answered)} outputs for {len(misses)} items")
    stored = []
    for (call_hash, position), (output, prompt_tokens, completion_tokens, latency) in zip(
        misses.items(), answered, strict=True
    ):
        outputs[call_hash] = output
        item = items[position]
        stored.append(
            _stored_call(
                call_hash,
                item.tenant_id,
                item.user_id,
                stage,
                provider,
                output,
                prompt_tokens,
                completion_tokens,
                latency,
            )
        )
    if lost := {c.call_hash for c in stored} - await store_outputs(db, stored):
        outputs.update(await cached_outputs(db, list(lost)))
    return [outputs[h] for h in hashes]


def _stored_call(
    call_hash: str,
    tenant_id: str,
    user_id: str | None,
    stage: str,
    provider: Any,
    output: Any,
    prompt_tokens: int,
    completion_tokens: int,
    latency: float,
) -> StoredCall:
    return StoredCall(
        call_hash=call_hash,
        tenant_id=tenant_id,
        user_id=user_id,
        stage=stage,
        provider=provider.name,
        model=provider.model,
        prompt_version=provider.prompt_version,
        output=output,
        prompt_tokens=prompt_tokens,
        completion_tokens=completion_tokens,
        latency_ms=latency * 1000,
    )


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
