"""The model worker (shared/providers/offline/model_worker.py): the same vectors as the model run
in-process, requests merged into batches, and a killed child replaced with nothing lost."""

from __future__ import annotations

import asyncio
import os
import signal

import numpy as np
import pytest

from shared.providers.offline.minilm import get_runner
from shared.providers.offline.model_worker import ModelWorker

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


def test_close_stops_the_child():
    worker = ModelWorker("numpy")
    assert worker.encode(["hello"]).shape == (1, 384)
    process = worker._process
    worker.close()
    assert process.poll() is not None
