"""embedder: facts.extracted -> facts.embedded.

consume a batch of candidates -> look their texts up in the embedding cache (model, text hash;
shared by all tenants, since a vector reveals nothing the hash does not) -> embed only the misses
-> store them -> emit each candidate with its vector, keyed tenant:user.

The batch goes through in chunks, pipelined: while the model embeds one chunk (in its worker
threads, or over the network), the event loop stores and publishes the chunk before it. Done one
after the other, the cores would sit half idle while a chunk is serialised and sent.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence

from shared.broker import key_for
from shared.contracts.events import EmbeddedFact, FactCandidate
from shared.domain.event_checks import embedding_problem
from shared.hashing import content_hash
from shared.provider_calls import reported_usage
from shared.providers.base import EmbeddingProvider
from shared.providers.registry import embedding_provider
from shared.runtime import PoisonEvent, Record, StageContext
from shared.storage.caches import cached_embeddings, store_embeddings
from shared.telemetry import CACHE_LOOKUPS, EVENTS, PROVIDER_CALLS, PROVIDER_SECONDS, PROVIDER_TOKENS, get_logger

STAGE = "embedder"
log = get_logger(__name__)
# Candidates per model call, and a pipeline step. Large, because the model sorts a call's texts by length
# before cutting them into batches: measured on 2,400 texts, CPU per text was 3.67 ms in calls of 64,
# 3.32 ms in calls of 256, 3.09 ms in calls of 512, and 3.0 ms in one call of all of them.
CHUNK = 1024
TAIL = 128  # the last chunk: its store and publish are the part of a batch nothing overlaps


def parse(raw: bytes) -> FactCandidate:
    return FactCandidate.model_validate_json(raw)


def text_hash(text: str) -> str:
    return content_hash("embedding-text", text)


def chunk_bounds(count: int, size: int, tail: int) -> list[tuple[int, int]]:
    """Pure: [start, end) of each chunk of a batch of ``count``: chunks of ``size``, but the last one
    only ``tail`` long, since nothing overlaps its publish (the model has no next chunk to work on)."""
    bounds, start = [], 0
    while count - start > size + tail:
        bounds.append((start, start + size))
        start += size
    if count - start > 2 * tail:
        bounds.append((start, count - tail))
        start = count - tail
    if count > start:
        bounds.append((start, count))
    return bounds


def plan_chunks(hashes: Sequence[str], cached: set[str], size: int, tail: int = 0) -> list[tuple[slice, list[str]]]:
    """Split a batch into chunks (see :func:`chunk_bounds`), each with the texts it is the first to
    need (a text cached, or met in an earlier chunk, is not embedded again)."""
    seen = set(cached)
    out = []
    for start, end in chunk_bounds(len(hashes), size, tail or size):
        fresh = [h for h in dict.fromkeys(hashes[start:end]) if h not in seen]
        seen.update(fresh)
        out.append((slice(start, end), fresh))
    return out


async def handle(ctx: StageContext, batch: list[tuple[Record, FactCandidate]]) -> None:
    provider = embedding_provider(ctx.settings)
    candidates = [c for _, c in batch]
    hashes = [text_hash(c.text) for c in candidates]
    texts = dict(zip(hashes, (c.text for c in candidates), strict=True))
    vectors = await cached_embeddings(ctx.db, provider.model, list(texts))
    CACHE_LOOKUPS.labels(STAGE, "embedding", "hit").inc(sum(h in vectors for h in texts))
    CACHE_LOOKUPS.labels(STAGE, "embedding", "miss").inc(sum(h not in vectors for h in texts))

    chunks = plan_chunks(hashes, set(vectors), CHUNK, TAIL)
    if not chunks:
        return
    started = time.perf_counter()
    waited = 0.0  # seconds the event loop had nothing to do but wait for the model
    embedding = asyncio.create_task(_embed(provider, [texts[h] for h in chunks[0][1]]))
    try:
        for i, (where, fresh) in enumerate(chunks):
            wait_started = time.perf_counter()
            computed = dict(zip(fresh, await embedding, strict=True))
            waited += time.perf_counter() - wait_started
            _check_vectors(computed, texts, ctx.settings.embedding_dimensions)
            if i + 1 < len(chunks):
                embedding = asyncio.create_task(_embed(provider, [texts[h] for h in chunks[i + 1][1]]))
            await store_embeddings(ctx.db, provider.model, computed)
            vectors.update(computed)
            events = [
                _embedded(c, vectors[h], provider.model) for c, h in zip(candidates[where], hashes[where], strict=True)
            ]
            await ctx.publish(ctx.topics.embedded, events)
            EVENTS.labels(STAGE, "processed").inc(len(events))  # per chunk: published is processed
    finally:
        if not embedding.done():
            embedding.cancel()
            await asyncio.gather(embedding, return_exceptions=True)
    log.info(
        "embedded",
        events=len(batch),
        embedded=sum(len(fresh) for _, fresh in chunks),
        chunks=len(chunks),
        seconds=round(time.perf_counter() - started, 3),
        waiting_for_model_s=round(waited, 3),
    )


def _check_vectors(computed: dict[str, list[float]], texts: dict[str, str], dimensions: int) -> None:
    """A provider's vector that cannot be stored fails the batch, before it is cached or sent on: the
    batch is then split, and the candidates whose text gets such a vector are dead-lettered."""
    for text_key, vector in computed.items():
        if problem := embedding_problem(vector, dimensions):
            raise PoisonEvent(f"embedding of {texts[text_key][:80]!r}: {problem}")


async def _embed(provider: EmbeddingProvider, texts: list[str]) -> list[list[float]]:
    if not texts:
        return []
    try:
        with PROVIDER_SECONDS.labels(STAGE, provider.name, "embedding").time():
            vectors = await provider.embed(texts)
    except Exception:
        PROVIDER_CALLS.labels(STAGE, provider.name, "embedding", "error").inc()
        raise
    PROVIDER_CALLS.labels(STAGE, provider.name, "embedding", "ok").inc()
    PROVIDER_TOKENS.labels(STAGE, provider.name, "embedding", "prompt").inc(reported_usage(provider)[0])
    return vectors


def _embedded(candidate: FactCandidate, vector: list[float], model: str) -> tuple[bytes, bytes]:
    # model_construct: the candidate was validated when parsed, and the vector is the model's own.
    event = EmbeddedFact.model_construct(**dict(candidate), embedding=vector, embedding_model=model)
    return key_for(candidate.tenant_id, candidate.user_id), event.model_dump_json().encode()
