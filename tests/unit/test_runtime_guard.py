"""The agent boundary and the supervisor's restart window: the pure and loop-level parts."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest

from services.dev import RestartWindow
from shared import runtime
from shared.runtime import handle_batch, until_done


@pytest.fixture(autouse=True)
def fast_backoff(monkeypatch):
    monkeypatch.setattr(runtime, "UNTIL_DONE_FIRST_WAIT_S", 0.0)


async def test_until_done_retries_any_failure_until_it_succeeds():
    calls = []

    async def flaky():
        calls.append(1)
        if len(calls) < 4:
            raise ValueError("the dead-letter store refused it")
        return "stored"

    assert await until_done(flaky, stage="test", what="dead_letter_write") == "stored"
    assert len(calls) == 4


async def test_until_done_lets_cancellation_through():
    async def forever():
        await asyncio.Event().wait()

    task = asyncio.ensure_future(until_done(forever, stage="test", what="batch"))
    await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


async def test_a_batch_that_raises_is_retried_in_place_never_left_behind():
    handled = []

    class Loop:
        ctx = SimpleNamespace(stage="test")

        async def process(self, records):
            handled.append([r.offset for r in records])
            if len(handled) < 3:
                raise RecursionError("maximum recursion depth exceeded")

    message = SimpleNamespace(topic="t", partition=0, offset=7, key=None, value=None)
    await handle_batch(Loop(), [SimpleNamespace(message=message)])  # type: ignore[arg-type]
    assert handled == [[7], [7], [7]]


def test_restarts_are_counted_in_a_sliding_window():
    window = RestartWindow(max_restarts=3, window_s=60)
    assert all(window.allow(t) for t in (0, 10, 20))
    assert not window.allow(30)  # a fourth death within a minute: give up
    assert window.allow(61)  # the one at 0 has left the window
    assert len(window) == 3


def test_deaths_spread_over_a_long_life_never_give_up():
    window = RestartWindow(max_restarts=5, window_s=300)
    assert all(window.allow(hour * 3600.0) for hour in range(100))
    assert len(window) == 1


def test_no_restarts_allowed_means_the_first_death_stops_the_stack():
    assert not RestartWindow(max_restarts=0, window_s=300).allow(0)
