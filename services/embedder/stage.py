"""embedder: facts.extracted -> facts.embedded.

consume a batch of candidates -> look their texts up in the embedding cache (model, text hash;
shared by all tenants, since a vector reveals nothing the hash does not) -> embed only the misses,
in one call -> store them -> emit each candidate with its vector, keyed tenant:user.
"""

from __future__ import annotations

from shared.broker import key_for
from shared.contracts.events import EmbeddedFact, FactCandidate
from shared.hashing import content_hash
from shared.provider_calls import reported_usage
from shared.providers.registry import embedding_provider
from shared.runtime import Record, StageContext
from shared.storage.caches import cached_embeddings, store_embeddings
from shared.telemetry import CACHE_LOOKUPS, EVENTS, PROVIDER_CALLS, PROVIDER_SECONDS, PROVIDER_TOKENS

STAGE = "embedder"


def parse(raw: bytes) -> FactCandidate:
    return FactCandidate.model_validate_json(raw)


def text_hash(text: str) -> str:
    return content_hash("embedding-text", text)


async def handle(ctx: StageContext, batch: list[tuple[Record, FactCandidate]]) -> None:
    provider = embedding_provider(ctx.settings)
    hashes = {text_hash(c.text): c.text for _, c in batch}
    vectors = await cached_embeddings(ctx.db, provider.model, list(hashes))
    misses = [h for h in hashes if h not in vectors]
    CACHE_LOOKUPS.labels(STAGE, "embedding", "hit").inc(len(hashes) - len(misses))
    CACHE_LOOKUPS.labels(STAGE, "embedding", "miss").inc(len(misses))
    if misses:
        try:
            with PROVIDER_SECONDS.labels(STAGE, provider.name, "embedding").time():
                fresh = await provider.embed([hashes[h] for h in misses])
        except Exception:
            PROVIDER_CALLS.labels(STAGE, provider.name, "embedding", "error").inc()
            raise
        PROVIDER_CALLS.labels(STAGE, provider.name, "embedding", "ok").inc()
        prompt_tokens, _ = reported_usage(provider)
        PROVIDER_TOKENS.labels(STAGE, provider.name, "embedding", "prompt").inc(prompt_tokens)
        computed = dict(zip(misses, fresh, strict=True))
        await store_embeddings(ctx.db, provider.model, computed)
        vectors.update(computed)

    out = [
        (
            key_for(c.tenant_id, c.user_id),
            EmbeddedFact(**c.model_dump(), embedding=vectors[text_hash(c.text)], embedding_model=provider.model)
            .model_dump_json()
            .encode(),
        )
        for _, c in batch
    ]
    await ctx.publish(ctx.topics.embedded, out)
    EVENTS.labels(STAGE, "processed").inc(len(batch))
