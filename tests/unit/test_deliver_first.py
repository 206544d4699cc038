"""faust's fetch loop delivers each message through its consumer's ``wait_first(deliver, flow suspended)``.
shared/broker.py lets the delivery take its first step before that race: the same result, exception or
interruption as faust's race, without its four tasks per message when the delivery completes at once."""

import asyncio

from mode.services import Service

from shared.broker import create_faust_app
from shared.settings import Settings


def consumer():
    app = create_faust_app("extractor", Settings(kafka_bootstrap="127.0.0.1:1"))
    return app.consumer  # built, never started


async def test_a_delivery_with_room_returns_its_result_as_the_race_would():
    c = consumer()

    async def deliver(value):
        return value

    assert getattr(type(c).wait_first, "memstream_delivers_first", False)
    ours = await c.wait_first(deliver(7), c.suspend_flow.wait())
    theirs = await Service.wait_first(c, deliver(7), c.suspend_flow.wait())
    assert (ours.results, ours.stopped) == (theirs.results, theirs.stopped) == ([7], False)


async def test_a_failed_delivery_raises_its_error():
    c = consumer()

    async def deliver():
        raise ValueError("undeliverable")

    try:
        await c.wait_first(deliver(), c.suspend_flow.wait())
    except ValueError as exc:
        assert str(exc) == "undeliverable"
    else:
        raise AssertionError("the delivery's error was lost")


async def test_a_blocked_delivery_is_still_interrupted_by_a_suspended_flow_and_cancelled():
    c = consumer()
    buffer: asyncio.Queue[int] = asyncio.Queue(maxsize=1)
    buffer.put_nowait(0)  # full: the delivery waits for room

    async def deliver():
        await buffer.put(1)

    waiting = asyncio.ensure_future(c.wait_first(deliver(), c.suspend_flow.wait()))
    for _ in range(5):
        await asyncio.sleep(0)
    assert not waiting.done()
    c.suspend_flow.set()  # a rebalance
    result = await asyncio.wait_for(waiting, timeout=5)
    assert result.results == [True]  # the suspended flow won
    for _ in range(3):
        await asyncio.sleep(0)
    assert buffer.qsize() == 1 and buffer.get_nowait() == 0  # the delivery was cancelled, nothing put


async def test_while_the_flow_is_suspended_the_race_decides():
    c = consumer()
    c.suspend_flow.set()

    async def deliver():
        return "delivered"

    result = await asyncio.wait_for(c.wait_first(deliver(), c.suspend_flow.wait()), timeout=5)
    assert not result.stopped and result.results  # faust's own race, as before
