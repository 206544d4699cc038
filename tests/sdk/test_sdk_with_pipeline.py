"""The SDK against the real API with every stage running: remember(..., wait=True) returns once the
pipeline has processed the message, with the fact changes it caused."""

from __future__ import annotations

import uuid

import pytest
from memstream_client import AsyncMemstreamClient, MemstreamClient, ProcessingTimeout


async def test_remember_and_wait_returns_the_fact_changes(pipeline, tenant):
    user = f"sdk-{uuid.uuid4().hex[:8]}"
    async with AsyncMemstreamClient(pipeline.api_url, tenant[1]) as memory:
        done = await memory.remember(user, "I have a dog named Pixel.", session_id="s1", wait=True, timeout=60)
        [change] = done.changes
        assert change.op == "ADD" and "Pixel" in change.fact.text and change.fact.status == "active"
        assert [s.state for s in done.statuses] == ["processed"]

        moved = await memory.remember(
            user,
            [{"role": "user", "content": "I live in Lyon."}, {"role": "assistant", "content": "Lovely city!"}],
            session_id="s1",
            wait=True,
            timeout=60,
        )
        assert [c.op for c in moved.changes] == ["ADD"] and len(moved.statuses) == 2
        hits = await memory.recall(user, "Where does the user live?", k=3)
        assert "Lyon" in hits[0].text


def test_sync_remember_wait(pipeline, tenant):
    user = f"sdk-{uuid.uuid4().hex[:8]}"
    with MemstreamClient(pipeline.api_url, tenant[1]) as memory:
        done = memory.remember(user, "I am allergic to peanuts.", wait=True, timeout=60)
        assert [c.op for c in done.changes] == ["ADD"]
        again = memory.remember(user, "I am allergic to peanuts.", wait=True, timeout=60)  # already known
        assert again.changes == [] and [c.op for c in again.candidates] == ["NONE"]


async def test_wait_times_out_for_a_user_with_memory_off(pipeline, tenant):
    user = f"sdk-{uuid.uuid4().hex[:8]}"
    async with AsyncMemstreamClient(pipeline.api_url, tenant[1]) as memory:
        await memory.set_memory(user, False)
        with pytest.raises(ProcessingTimeout) as error:
            await memory.remember(user, "I live in Oslo.", wait=True, timeout=2)
        assert error.value.statuses[0].state == "pending"
