"""The model worker (shared/providers/offline/model_worker.py): the same vectors as the model run
in-process, requests merged into batches, and a killed child replaced with nothing lost."""

from __future__ import annotations

import asyncio
import os
import signal
from collections import deque

import numpy as np
import pytest

from shared.providers.offline.minilm import get_runner
from shared.providers.offline.model_worker import ModelWorker, _Request, _take_batch

TEXTS = [f"Person {i} moved to city number {i % 13} and took up hobby {i % 7}" for i in range(240)]


@pytest.fixture(scope="module")
def worker():
    running = ModelWorker("numpy")
    yield running
    running.close()


async def test_same_vectors_as_in_process(worker):
    parts = await asyncio.gather(*(worker.embed(TEXTS[i : i + 20]) for i in range(0, len(TEXTS), 20)))
    assert [len(p) for p in parts] == [20] * 12
    np.testing.assert_allclose(np.concatenate(parts), get_runner().encode(TEXTS), atol=1e-6)


async def test_a_killed_child_is_replaced_and_its_batch_sent_again(worker):
    await worker.embed(["warm"])
    first, restarts = worker.pid, worker.restarts
    pending = asyncio.gather(*(worker.embed(TEXTS[i : i + 40]) for i in range(0, len(TEXTS), 40)))
    await asyncio.sleep(0.05)
    os.kill(first, signal.SIGKILL)
    parts = await asyncio.wait_for(pending, 120)
    np.testing.assert_allclose(np.concatenate(parts), get_runner().encode(TEXTS), atol=1e-6)
    assert worker.pid != first and worker.restarts == restarts + 1


async def test_requests_made_while_the_worker_starts_are_queued_in_the_order_they_were_made():
    order: list[str] = []

    class Recording(ModelWorker):
        def submit(self, texts, *, block=True):
            order.append(texts[0])
            return super().submit(texts, block=block)

    worker = Recording("numpy")
    try:
        texts = [f"chunk {i} of the batch" for i in range(8)]
        await asyncio.gather(*(worker.embed([t]) for t in texts))  # all made before the child is up
        assert order == texts
    finally:
        worker.close()


def batches_of(sizes: list[int]) -> list[list[int]]:
    waiting = deque(_Request(["t"] * n) for n in sizes)
    out = []
    while waiting:
        out.append([len(r.texts) for r in _take_batch(waiting)])
    return out


def test_queued_requests_are_merged_but_a_last_small_chunk_is_kept_apart():
    assert batches_of([5, 5, 5]) == [[5, 5, 5]]  # live traffic: small requests share a call
    assert batches_of([1024, 1024, 352]) == [[1024], [1024], [352]]  # never past 1,024 texts
    assert batches_of([300, 200, 128]) == [[300, 200], [128]]  # the last, with nothing behind it, alone
    assert batches_of([566, 128, 40]) == [[566, 128], [40]]
    assert batches_of([100, 50, 128]) == [[100, 50, 128]]  # a small batch still takes it: too small to split
    assert batches_of([2000]) == [[2000]]  # a larger request goes alone


def test_close_stops_the_child():
    worker = ModelWorker("numpy")
    assert worker.encode(["hello"]).shape == (1, 384)
    process = worker._process
    worker.close()
    assert process.poll() is not None
