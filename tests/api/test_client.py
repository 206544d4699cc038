"""The client SDK (sdk/python, `memstream_client`) against the live API: the verbs an app uses."""

from __future__ import annotations

import asyncio

import pytest
from memstream_client import AsyncMemstreamClient, InvalidRequest, MemstreamClient, NotFound, Unauthorized

from tests.api.conftest import uid


def run(fn, *args, **kwargs):
    return asyncio.to_thread(fn, *args, **kwargs)  # the sync client blocks; keep the test's loop free


async def test_remember_recall_context_forget(api, tenant):
    user = uid()
    with MemstreamClient(api.url, tenant[1]) as memory:
        sent = await run(memory.remember, user, "I moved to Berlin last month.", session_id="chat-1")
        assert len(sent.event_ids) == 1 and sent.statuses == []
        added = await run(memory.add_fact, user, "The user lives in Berlin", category="fact", importance=9)
        assert added.op == "ADD"
        hits = await run(memory.recall, user, "where does the user live?", k=3)
        assert hits[0].id == added.fact.fact_id and hits[0].kind == "fact"
        block = await run(memory.context, user, query="good bakeries nearby?", max_tokens=200)
        assert "The user lives in Berlin" in block.context
        assert "Berlin" in (await run(memory.ask, user, "Which city does the user live in?")).answer
        [gone] = (await run(memory.forget, user, hits[0].id)).retracted
        assert gone.status == "retracted"
        assert (await run(memory.facts, user)).facts == []
        assert len((await run(memory.facts, user, include_history=True)).facts) == 1
        await run(memory.set_memory, user, False)
        assert (await run(memory.context, user, query="Berlin")).context == ""
        assert (await run(memory.erase_user, user)).erased["facts"] == 1
        with pytest.raises(NotFound) as error:
            await run(memory.forget, user, hits[0].id)
        assert error.value.status == 404 and "not found" in error.value.detail


async def test_async_client_pages_edits_and_history(api, tenant):
    user = uid()
    async with AsyncMemstreamClient(api.url, tenant[1]) as memory:
        for text in ("The user has a cat", "The user plays chess", "The user likes jazz", "The user owns a bike"):
            assert (await memory.add_fact(user, text)).op == "ADD"
        seen = [f.text async for f in memory.iter_facts(user, page_size=3)]
        assert len(seen) == 4 and len(set(seen)) == 4
        first = (await memory.facts(user, limit=1)).facts[0]
        edited = await memory.update_fact(user, first.fact_id, text="The user has two cats")
        assert edited.previous.status == "superseded" and edited.fact.text == "The user has two cats"
        detail = await memory.fact(user, edited.fact.fact_id)
        assert [v.text for v in detail.history] == [first.text, "The user has two cats"]
        assert len([f async for f in memory.iter_facts(user, page_size=2, include_history=True)]) == 5
        assert [u async for u in memory.iter_users(prefix=user)] == [user]


async def test_path_parameters_are_encoded(api, tenant):
    """A user id with a query string, a fragment, a space or a `+` stays one path segment: each is a
    user of its own, and none reads another's facts. (A `/` is encoded too, but ids may not hold one:
    the server's router decodes %2F before matching.)"""
    with MemstreamClient(api.url, tenant[1]) as memory:
        await run(memory.add_fact, "alice", "The user likes tea")
        for odd in ("alice?x=1", "alice#x", "alice x", "alice+tag@example.com"):
            await run(memory.add_fact, odd, f"The user is called {odd}")
            texts = [f.text for f in (await run(memory.facts, odd)).facts]
            assert texts == [f"The user is called {odd}"], odd
        assert [f.text for f in (await run(memory.facts, "alice")).facts] == ["The user likes tea"]


async def test_bad_key_raises(api):
    with MemstreamClient(api.url, "nope") as memory, pytest.raises(Unauthorized) as error:
        await run(memory.recall, "u", "x")
    assert error.value.status == 401 and "API key" in error.value.detail


async def test_sessions_most_recent_first_with_pages(api, tenant, db):
    from datetime import UTC, datetime, timedelta

    from tests.api.conftest import seed_messages

    user = uid()
    now = datetime.now(UTC)
    for i, session in enumerate(("s-old", "s-mid", "s-new")):
        await seed_messages(db, tenant[0], user, session, ["hello", "I like tea"], start=now - timedelta(days=3 - i))
    async with AsyncMemstreamClient(api.url, tenant[1]) as memory:
        first = await memory.sessions(user, limit=2)
        assert [s.session_id for s in first.sessions] == ["s-new", "s-mid"] and first.next_cursor
        rest = await memory.sessions(user, limit=2, cursor=first.next_cursor)
        assert [s.session_id for s in rest.sessions] == ["s-old"] and rest.next_cursor is None
        assert first.sessions[0].messages == 2 and first.sessions[0].user_turns == 2
        assert first.sessions[0].summary is None
        with pytest.raises(InvalidRequest) as bad:
            await memory.sessions(user, cursor="nonsense")
        assert "cursor" in bad.value.detail
        assert (await memory.sessions(uid())).sessions == []


async def test_facts_by_strength_sync_and_async_alike(api, tenant):
    user = uid()
    async with AsyncMemstreamClient(api.url, tenant[1]) as memory:
        await memory.add_fact(user, "The user is called Robin", category="fact", slot="name")  # identity: 0.97
        await memory.add_fact(user, "The user likes jazz", category="preference", importance=2)  # 0.34
        await memory.add_fact(user, "The user works as a nurse", category="fact", importance=8)  # 0.76
        page = await memory.facts(user, sort="strength", order="desc")
        paged = [f.text async for f in memory.iter_facts(user, page_size=1, sort="strength", order="desc")]
    texts = ["The user is called Robin", "The user works as a nurse", "The user likes jazz"]
    assert [f.text for f in page.facts] == paged == texts
    assert page.faded_below == 0.1 and all(0 < f.strength <= 1 for f in page.facts)
    with MemstreamClient(api.url, tenant[1]) as memory:
        synced = await run(
            lambda: [f.text for f in memory.iter_facts(user, page_size=2, sort="strength", order="desc")]
        )
        assert synced == texts
        with pytest.raises(InvalidRequest) as error:
            await run(memory.facts, user, sort="strongest")
        assert error.value.status == 422 and "sort" in error.value.detail
