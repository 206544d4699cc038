"""SharedDecisions: the look-ahead questions of concurrent transactions in one decider call, with a
bounded wait for a transaction that never asks."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from shared.domain.models import Decision, DecisionItem, Op
from shared.provider_calls import shares
from shared.service_layer.consolidate import SharedDecisions

T0 = datetime(2026, 1, 1, tzinfo=UTC)


class CountingDecider:
    """A decider port that answers ADD to everything and counts its calls (no model, no I/O)."""

    name, model, prompt_version = "counting", "none", "v1"

    def __init__(self, fail: bool = False) -> None:
        self.calls: list[int] = []
        self.fail = fail

    async def decide(self, items):
        self.calls.append(len(items))
        if self.fail:
            raise RuntimeError("endpoint down")
        return [Decision(Op.ADD, reason=item.candidate_text) for item in items]


def item(text: str) -> DecisionItem:
    return DecisionItem(text, None, False, ())


async def test_every_seat_asking_makes_one_call_and_each_gets_its_own_answers():
    decider = CountingDecider()
    shared = SharedDecisions(decider, stage="test", seats=3, window_s=30)
    first, second, third = shared.seat(), shared.seat(), shared.seat()
    third.leave()
    answers = await asyncio.wait_for(
        asyncio.gather(first.ask([item("a"), item("b")]), second.ask([item("c")])), timeout=5
    )
    assert decider.calls == [3]  # one call, without waiting out the window
    assert [[output["reason"] for output, *_ in a] for a in answers] == [["a", "b"], ["c"]]


async def test_a_seat_that_never_asks_delays_the_others_by_the_window_at_most():
    decider = CountingDecider()
    shared = SharedDecisions(decider, stage="test", seats=2, window_s=0.05)
    shared.seat()  # held up elsewhere: neither asks nor leaves
    [answer] = await asyncio.wait_for(shared.seat().ask([item("a")]), timeout=5)
    assert decider.calls == [1] and answer[0]["op"] == "ADD"


async def test_a_failed_call_fails_every_seat_that_asked():
    shared = SharedDecisions(CountingDecider(fail=True), stage="test", seats=2, window_s=30)
    results = await asyncio.wait_for(
        asyncio.gather(shared.seat().ask([item("a")]), shared.seat().ask([item("b")]), return_exceptions=True),
        timeout=5,
    )
    assert all(isinstance(r, RuntimeError) for r in results)


async def test_a_seat_asks_once_and_leaving_twice_is_harmless():
    shared = SharedDecisions(CountingDecider(), stage="test", seats=1, window_s=30)
    seat = shared.seat()
    await asyncio.wait_for(seat.ask([item("a")]), timeout=5)
    seat.leave()
    with pytest.raises(RuntimeError):
        await seat.ask([item("b")])


def test_token_shares_add_up_to_the_call():
    assert shares(10, 3) == [4, 3, 3] and sum(shares(7, 4)) == 7
