"""Keeping the model busy: the agent takes the next batch while one is handled (with_lookahead), and
the embedder asks for a batch's texts before it needs them (Ahead), without asking twice, losing a
text, or keeping a failed request."""

from __future__ import annotations

import asyncio

import pytest

from services.embedder.stage import Ahead
from shared.runtime import with_lookahead


class CountingProvider:
    name = "counting"
    model = "m"

    def __init__(self, fail_on: str | None = None) -> None:
        self.calls: list[list[str]] = []
        self.fail_on = fail_on

    async def embed(self, texts):
        self.calls.append(list(texts))
        await asyncio.sleep(0)
        if self.fail_on in texts:
            raise RuntimeError("the model failed")
        return [[float(len(t))] for t in texts]


async def test_the_next_batch_is_taken_and_announced_while_one_is_handled():
    log: list[str] = []

    async def source():
        for n in range(3):
            log.append(f"taken {n}")
            yield [n]

    async def arrived(batch):
        log.append(f"arrived {batch[0]}")

    async for batch in with_lookahead(source(), arrived):
        log.append(f"handling {batch[0]}")
        await asyncio.sleep(0.01)  # the handler waits (for the model, the database): the next is taken
        log.append(f"handled {batch[0]}")
    assert log == [
        "taken 0",
        "arrived 0",
        "handling 0",
        "taken 1",
        "arrived 1",
        "handled 0",
        "handling 1",
        "taken 2",
        "arrived 2",
        "handled 1",
        "handling 2",
        "handled 2",
    ]


async def test_batches_are_taken_ahead_until_the_events_budget_is_reached():
    """The embedders take batches ahead until a full batch's worth of events waits, so a backlog that the
    broker hands over in small batches keeps the model busy; batches still come out in order."""
    log: list[str] = []
    sizes = [3, 2, 4, 1, 5]

    async def source():
        for n, size in enumerate(sizes):
            log.append(f"taken {n}")
            yield [n] * size

    async def arrived(batch):
        log.append(f"arrived {batch[0]}")

    handled = []
    async for batch in with_lookahead(source(), arrived, ahead_events=5):
        if not handled:
            await asyncio.sleep(0.01)  # the first batch is handled slowly: the next ones are taken meanwhile
            # 2 + 4 events wait after batch 0 (at least 5): batch 3 is not taken before batch 1 is handled
            assert log == ["taken 0", "arrived 0", "taken 1", "arrived 1", "taken 2", "arrived 2"]
        handled.append(batch[0])
        assert len(batch) == sizes[batch[0]]
    assert handled == [0, 1, 2, 3, 4]


async def test_a_failure_to_take_reaches_the_caller_after_the_batches_taken_before_it():
    async def source():
        yield [0]
        yield [1]
        raise RuntimeError("the broker went away")

    async def arrived(batch):
        return None

    handled = []
    with pytest.raises(RuntimeError, match="went away"):
        async for batch in with_lookahead(source(), arrived, ahead_events=10):
            handled.append(batch[0])
    assert handled == [0, 1]


async def test_leaving_the_loop_early_cancels_the_batch_being_taken():
    taking = asyncio.Event()

    async def source():
        yield [0]
        taking.set()
        await asyncio.Event().wait()  # the next batch never fills
        yield [1]  # pragma: no cover

    async def arrived(batch):
        return None

    batches = with_lookahead(source(), arrived)
    async for batch in batches:
        assert batch == [0]
        await asyncio.wait_for(taking.wait(), 5)
        break
    await asyncio.wait_for(batches.aclose(), 5)


async def test_texts_asked_for_ahead_are_embedded_once_and_claimed_in_any_grouping():
    ahead, provider = Ahead(limit=100), CountingProvider()
    texts = {("t", f"h{i}"): "x" * i for i in range(1, 7)}
    keys = list(texts)
    ahead.request("s", provider, keys[:4], [texts[k] for k in keys[:4]])
    assert ahead.has("m", keys[0]) and not ahead.has("m", keys[5])
    got = await ahead.claim("s", provider, keys[2:6], texts)  # two asked ahead, two not yet
    assert got == {k: [float(len(texts[k]))] for k in keys[2:6]}
    first = await ahead.claim("s", provider, keys[:2], texts)
    assert first == {k: [float(len(texts[k]))] for k in keys[:2]}
    assert sorted(len(c) for c in provider.calls) == [2, 4]  # every text once
    assert not any(ahead.has("m", k) for k in keys)  # claimed: nothing left waiting


async def test_a_failed_request_is_forgotten_so_a_retry_asks_again():
    ahead, provider = Ahead(limit=100), CountingProvider(fail_on="bad")
    texts = {("t", "a"): "good", ("t", "b"): "bad"}
    ahead.request("s", provider, list(texts), list(texts.values()))
    with pytest.raises(RuntimeError):
        await ahead.claim("s", provider, [("t", "a")], texts)
    assert not ahead.has("m", ("t", "b"))  # the text that shared the failed request is asked anew
    provider.fail_on = None
    assert await ahead.claim("s", provider, list(texts), texts) == {("t", "a"): [4.0], ("t", "b"): [3.0]}


async def test_at_most_limit_texts_wait_and_a_forgotten_one_is_asked_again():
    ahead, provider = Ahead(limit=2), CountingProvider()
    texts = {("t", str(i)): f"text {i}" for i in range(3)}
    for key, text in texts.items():
        ahead.request("s", provider, [key], [text])
    assert not ahead.has("m", ("t", "0")) and ahead.has("m", ("t", "2"))
    assert await ahead.claim("s", provider, [("t", "0")], texts) == {("t", "0"): [6.0]}
    assert len(provider.calls) == 4


async def test_a_cancelled_take_reaches_the_caller_instead_of_leaving_it_waiting():
    async def source():
        yield [1]
        raise asyncio.CancelledError  # faust's take cancelled under the taker (a rebalance, a stop)

    async def arrived(batch):
        return None

    got = []

    async def consume():
        async for batch in with_lookahead(source(), arrived, ahead_events=4):
            got.append(batch)

    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(consume(), timeout=5)  # a hang would end as TimeoutError instead
    assert got == [[1]]
