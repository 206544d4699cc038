"""The API's query-embedding cache (shared/service_layer/memory.py QueryEmbedder)."""

from __future__ import annotations

import asyncio

from shared.service_layer.search import QueryEmbedder


class CountingProvider:
    name = "counting"
    dimensions = 2

    def __init__(self, model: str = "m1", delay: float = 0.0):
        self.model = model
        self.delay = delay
        self.calls: list[str] = []

    async def embed(self, texts):
        self.calls += list(texts)
        await asyncio.sleep(self.delay)
        return [[float(len(t)), float(len(self.model))] for t in texts]


async def test_a_repeated_query_is_embedded_once():
    provider = CountingProvider()
    embedder = QueryEmbedder(provider)
    first = await embedder.embed("where does she live")
    assert await embedder.embed("where does she live") == first
    assert provider.calls == ["where does she live"]


async def test_the_key_includes_the_model():
    provider = CountingProvider("m1")
    embedder = QueryEmbedder(provider)
    a = await embedder.embed("q")
    provider.model = "model-two"  # e.g. a provider swapped to another model
    b = await embedder.embed("q")
    assert provider.calls == ["q", "q"] and a != b


async def test_the_cache_is_bounded_and_least_recently_used_goes_first():
    provider = CountingProvider()
    embedder = QueryEmbedder(provider, maxsize=2)
    await embedder.embed("a")
    await embedder.embed("b")
    await embedder.embed("a")  # a is now the most recent
    await embedder.embed("c")  # evicts b
    provider.calls.clear()
    await embedder.embed("a")
    await embedder.embed("c")
    assert provider.calls == []
    await embedder.embed("b")
    assert provider.calls == ["b"]


async def test_size_zero_turns_the_cache_off():
    provider = CountingProvider()
    embedder = QueryEmbedder(provider, maxsize=0)
    await embedder.embed("a")
    await embedder.embed("a")
    assert provider.calls == ["a", "a"]


async def test_concurrent_misses_share_one_call_and_a_cancelled_caller_does_not_fail_the_others():
    provider = CountingProvider(delay=0.05)
    embedder = QueryEmbedder(provider)
    first = asyncio.create_task(embedder.embed("same"))
    second = asyncio.create_task(embedder.embed("same"))
    await asyncio.sleep(0.01)
    first.cancel()
    assert await second == [4.0, 2.0]
    assert provider.calls == ["same"]
    assert await embedder.embed("same") == [4.0, 2.0]
    assert provider.calls == ["same"]


async def test_a_failed_embedding_is_not_cached():
    class Flaky(CountingProvider):
        async def embed(self, texts):
            self.calls += list(texts)
            if len(self.calls) == 1:
                raise RuntimeError("provider down")
            return [[1.0, 1.0] for _ in texts]

    provider = Flaky()
    embedder = QueryEmbedder(provider)
    try:
        await embedder.embed("q")
    except RuntimeError:
        pass
    else:
        raise AssertionError("expected the provider's error")
    assert await embedder.embed("q") == [1.0, 1.0]
    assert provider.calls == ["q", "q"]
