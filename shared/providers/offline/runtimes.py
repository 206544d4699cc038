"""Which local runtime runs all-MiniLM-L6-v2, and where: in this process or in a model worker.

Every runtime reads the same shipped safetensors weights and returns the same kind of vectors (float32,
unit length, 384 dimensions); they differ in speed and by rounding. The numpy runner needs nothing
beyond the ``local-embeddings`` extra and stays the fallback.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Protocol

import numpy as np

from shared.providers.offline.minilm import DIMENSIONS, MODEL_NAME, OfflineEmbeddingProvider, get_runner

RUNTIMES = ("numpy", "onnx", "onnx-int8")


class Runner(Protocol):
    dimensions: int

    def encode(self, texts: Sequence[str], batch_size: int = 64) -> np.ndarray: ...


def load_runner(runtime: str, *, threads: int | None = None) -> Runner:
    """A loaded runner of ``runtime`` (one of RUNTIMES); the ONNX ones build their graph on first use and
    run on ``threads`` threads (None: one per core; the numpy runner picks its own)."""
    if runtime == "numpy":
        return get_runner()
    if runtime in ("onnx", "onnx-int8"):
        from shared.providers.offline.onnx_minilm import get_onnx_runner

        return get_onnx_runner(quantized=runtime == "onnx-int8", threads=threads)
    raise ValueError(f"unknown embedding runtime {runtime!r}; expected one of {', '.join(RUNTIMES)}")


class WorkerEmbeddingProvider:
    """``EmbeddingProvider`` whose model runs in a supervised child process (see model_worker.py)."""

    name = "offline"
    model = MODEL_NAME
    dimensions = DIMENSIONS

    def __init__(self, worker) -> None:
        self.worker = worker

    async def embed(self, texts: Sequence[str]) -> list[np.ndarray]:
        """One float32 row per text. Rows, not Python lists of floats: the stages store them and write
        them into events as bytes, and 384 float objects per text cost more than that."""
        if not texts:
            return []
        # Copies: a row kept in a cache must not keep the whole batch's array alive.
        return [row.copy() for row in await self.worker.embed([str(t) for t in texts])]


class RunnerEmbeddingProvider(OfflineEmbeddingProvider):
    """``EmbeddingProvider`` running one runtime in this process (in a thread, off the event loop)."""

    def __init__(self, runtime: str, *, threads: int | None = None) -> None:
        super().__init__(runner=load_runner(runtime, threads=threads) if runtime != "numpy" else None)


_workers: dict[str, object] = {}
_workers_lock = threading.Lock()


def shared_worker(runtime: str):
    """The process-wide model worker of ``runtime``, started on first use."""
    from shared.providers.offline.model_worker import ModelWorker

    with _workers_lock:
        worker = _workers.get(runtime)
        if worker is None:
            if runtime not in RUNTIMES:
                raise ValueError(f"unknown embedding runtime {runtime!r}; expected one of {', '.join(RUNTIMES)}")
            worker = _workers[runtime] = ModelWorker(runtime)
        return worker


def offline_embedding_provider(runtime: str = "numpy", *, in_worker: bool = False):
    if in_worker:
        return WorkerEmbeddingProvider(shared_worker(runtime))
    if runtime == "numpy":
        return OfflineEmbeddingProvider()
    return RunnerEmbeddingProvider(runtime)


QUERY_RUNTIMES = ("auto", *RUNTIMES)


def query_runtime(setting: str, embedding_runtime: str) -> str:
    """The runtime that embeds search queries. ``auto``: ONNX Runtime FP32 where the stored vectors come
    from numpy (the same vectors to ~2e-7 per component), else the stages' own runtime. Why not numpy for
    one short text: OpenBLAS packs each weight matrix anew for every GEMM, which for a dozen token rows
    costs as much as the product; ONNX Runtime packs its constant weights once, at load. Measured on the
    bench's queries (11 tokens), one thread, CPU per query: numpy 12.5-13.9 ms, ONNX FP32 4.4-5.7 ms."""
    if setting == "auto":
        return "onnx" if embedding_runtime == "numpy" else embedding_runtime
    if setting not in RUNTIMES:
        raise ValueError(f"unknown query runtime {setting!r}; expected one of {', '.join(QUERY_RUNTIMES)}")
    return setting


def offline_query_provider(setting: str, embedding_runtime: str):
    """The in-process provider of single-query embeddings (the API): ``query_runtime``'s choice on one
    thread (a second one mostly waits for a core the API shares with Postgres). With ``auto``, numpy
    when ONNX Runtime cannot be loaded."""
    runtime = query_runtime(setting, embedding_runtime)
    if runtime == "numpy":
        return OfflineEmbeddingProvider()
    try:
        return RunnerEmbeddingProvider(runtime, threads=1)
    except Exception as exc:
        if setting != "auto":
            raise
        from shared.telemetry import get_logger

        get_logger(__name__).warning("query_runtime_fallback", runtime=runtime, error=str(exc)[:300])
        return OfflineEmbeddingProvider()
