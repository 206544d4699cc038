"""Acknowledging a batch only once its writes are durable (SettledAcks), while the agent handles the next:
never an acknowledgement before its batch's settle returned, always in the order the batches came, at
most `ahead` batches unacknowledged, a failed settle retried, and nothing acknowledged after the agent
stopped."""

from __future__ import annotations

import asyncio

import shared.runtime as runtime
from shared.runtime import SettledAcks


class Ctx:
    stage = "test"


class Disk:
    """A settle whose calls finish when the test says so, in any order."""

    def __init__(self) -> None:
        self.calls: list[asyncio.Future] = []
        self.failures = 0

    async def settle(self, ctx) -> None:
        future = asyncio.get_running_loop().create_future()
        self.calls.append(future)
        await future

    def finish(self, i: int) -> None:
        self.calls[i].set_result(None)


async def _until(condition, timeout_s: float = 5.0) -> None:
    async with asyncio.timeout(timeout_s):
        while not condition():
            await asyncio.sleep(0)


async def test_a_batch_is_acknowledged_only_after_its_settle_and_the_next_is_handled_meanwhile():
    disk, acked = Disk(), []

    async def ack(event):
        acked.append(event)

    acks = SettledAcks(Ctx(), disk.settle, ack, ahead=2)
    await acks.after_settling(["a1", "a2"])  # returns at once: the agent goes on to the next batch
    await _until(lambda: len(disk.calls) == 1)
    assert acked == []
    disk.finish(0)
    await _until(lambda: acked == ["a1", "a2"])
    await acks.close()


async def test_acknowledgements_keep_the_order_of_the_batches_when_settles_end_out_of_order():
    disk, acked = Disk(), []

    async def ack(event):
        acked.append(event)

    acks = SettledAcks(Ctx(), disk.settle, ack, ahead=3)
    for batch in (["a"], ["b"], ["c"]):
        await acks.after_settling(batch)
    await _until(lambda: len(disk.calls) == 3)
    disk.finish(2)
    disk.finish(1)
    for _ in range(20):
        await asyncio.sleep(0)
    assert acked == []  # the first batch is not durable yet: nothing after it is acknowledged either
    disk.finish(0)
    await _until(lambda: acked == ["a", "b", "c"])
    await acks.close()


async def test_the_agent_waits_when_more_than_ahead_batches_are_unacknowledged():
    disk, acked = Disk(), []

    async def ack(event):
        acked.append(event)

    acks = SettledAcks(Ctx(), disk.settle, ack, ahead=2)
    await acks.after_settling(["a"])
    await acks.after_settling(["b"])
    third = asyncio.ensure_future(acks.after_settling(["c"]))
    await _until(lambda: len(disk.calls) == 3)
    for _ in range(20):
        await asyncio.sleep(0)
    assert not third.done()  # three unacknowledged: the agent takes no fourth batch before the first is
    disk.finish(0)
    await asyncio.wait_for(third, 5)
    assert acked == ["a"]
    disk.finish(1)
    disk.finish(2)
    await _until(lambda: acked == ["a", "b", "c"])
    await acks.close()


async def test_a_failing_settle_is_retried_and_acknowledges_nothing_until_it_succeeds(monkeypatch):
    monkeypatch.setattr(runtime, "UNTIL_DONE_FIRST_WAIT_S", 0.001)
    attempts, acked = [], []

    async def settle(ctx):
        attempts.append(len(attempts))
        if len(attempts) < 3:
            raise OSError("the database went away")

    async def ack(event):
        acked.append((event, len(attempts)))

    acks = SettledAcks(Ctx(), settle, ack)
    await acks.after_settling(["a"])
    await _until(lambda: acked)
    assert acked == [("a", 3)]
    await acks.close()


async def test_batches_left_unacknowledged_when_the_agent_stops_stay_so():
    disk, acked = Disk(), []

    async def ack(event):
        acked.append(event)

    acks = SettledAcks(Ctx(), disk.settle, ack)
    await acks.after_settling(["a"])
    await _until(lambda: len(disk.calls) == 1)
    await acks.close()
    assert disk.calls[0].cancelled()  # the settle was stopped with the agent, never finished
    assert acked == []
