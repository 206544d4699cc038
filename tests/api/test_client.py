"""The Python client against the live API."""

from __future__ import annotations

import asyncio

import pytest

from shared.client import MemstreamClient, MemstreamError
from tests.api.conftest import uid


def run(fn, *args, **kwargs):
    return asyncio.to_thread(fn, *args, **kwargs)  # the client is synchronous; keep the loop free


async def test_remember_recall_context_forget(api, tenant):
    user = uid()
    with MemstreamClient(api.url, tenant[1]) as memory:
        ids = await run(memory.remember, user, "I moved to Berlin last month.", session_id="chat-1")
        assert len(ids) == 1
        added = await run(memory.add_fact, user, "The user lives in Berlin", category="fact", importance=9)
        assert added["op"] == "ADD"
        hits = await run(memory.recall, user, "where does the user live?", k=3)
        assert hits[0]["id"] == added["fact"]["fact_id"] and hits[0]["kind"] == "fact"
        block = await run(memory.context, user, query="good bakeries nearby?", max_tokens=200)
        assert "The user lives in Berlin" in block
        assert "Berlin" in await run(memory.ask, user, "Which city does the user live in?")
        [gone] = await run(memory.forget, user, hits[0]["id"])
        assert gone["status"] == "retracted"
        assert await run(memory.facts, user) == []
        assert len(await run(memory.facts, user, include_history=True)) == 1
        await run(memory.set_memory, user, False)
        assert await run(memory.context, user, query="Berlin") == ""
        assert (await run(memory.erase_user, user))["facts"] == 1
        with pytest.raises(MemstreamError) as error:
            await run(memory.forget, user, hits[0]["id"])
        assert error.value.status == 404


async def test_bad_key_raises(api):
    with MemstreamClient(api.url, "nope") as memory, pytest.raises(MemstreamError) as error:
        await run(memory.recall, "u", "x")
    assert error.value.status == 401 and "API key" in error.value.detail
