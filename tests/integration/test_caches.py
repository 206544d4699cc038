"""The provider-call and embedding caches round-trip through the real Postgres."""

import uuid

from shared.storage.caches import StoredCall, cached_embeddings, cached_outputs, store_embeddings, store_outputs


async def test_embedding_cache_returns_what_was_stored_per_tenant(db):
    model = f"model-{uuid.uuid4().hex[:6]}"
    await store_embeddings(db, model, {("t1", "h1"): [0.5, 0.25, -1.0]})
    await store_embeddings(db, model, {("t1", "h1"): [9.0, 9.0, 9.0]})  # the first write wins: never embedded twice
    assert await cached_embeddings(db, model, [("t1", "h1"), ("t1", "missing")]) == {("t1", "h1"): [0.5, 0.25, -1.0]}
    assert await cached_embeddings(db, model, [("t2", "h1")]) == {}  # tenants share no entry


async def test_provider_output_cache(db):
    key = f"call-{uuid.uuid4().hex}"
    assert await cached_outputs(db, [key]) == {}
    call = StoredCall(
        call_hash=key,
        tenant_id="t",
        user_id="u",
        stage="s",
        provider="p",
        model="m",
        prompt_version="v",
        output=[{"text": "x"}],
        prompt_tokens=10,
        completion_tokens=2,
        latency_ms=1.5,
    )
    await store_outputs(db, [call])
    await store_outputs(db, [StoredCall(**{**call.__dict__, "output": "changed"})])  # the first write wins
    assert await cached_outputs(db, [key, "missing"]) == {key: [{"text": "x"}]}
    assert await db.fetchval("SELECT user_id FROM llm_calls WHERE call_hash = $1", key) == "u"
