"""The provider-call and embedding caches round-trip through the real Postgres."""

import uuid

from shared.storage.caches import cached_embeddings, cached_output, store_embeddings, store_output


async def test_embedding_cache_returns_what_was_stored(db):
    model = f"model-{uuid.uuid4().hex[:6]}"
    await store_embeddings(db, model, {"h1": [0.5, 0.25, -1.0]})
    await store_embeddings(db, model, {"h1": [9.0, 9.0, 9.0]})  # the first write wins: never embedded twice
    assert await cached_embeddings(db, model, ["h1", "missing"]) == {"h1": [0.5, 0.25, -1.0]}


async def test_provider_output_cache(db):
    key = f"call-{uuid.uuid4().hex}"
    assert await cached_output(db, key) is None
    await store_output(
        db,
        call_hash=key,
        tenant_id="t",
        stage="s",
        provider="p",
        model="m",
        prompt_version="v",
        output=[{"text": "x"}],
        prompt_tokens=10,
        completion_tokens=2,
        latency_ms=1.5,
    )
    assert await cached_output(db, key) == [{"text": "x"}]
