"""The runtime that embeds the API's search queries (shared/providers/offline/runtimes.py): ONNX Runtime
FP32 on one thread where the stored vectors come from numpy, the stages' runtime otherwise, and numpy
when ONNX Runtime cannot load (auto only)."""

from __future__ import annotations

import numpy as np
import pytest

from shared.providers.offline import runtimes
from shared.providers.offline.minilm import OfflineEmbeddingProvider, get_runner
from shared.providers.offline.onnx_minilm import OnnxMiniLMRunner
from shared.providers.offline.runtimes import offline_query_provider, query_runtime
from shared.settings import Settings


def test_auto_picks_onnx_fp32_over_numpy_and_keeps_an_onnx_runtime():
    assert query_runtime("auto", "numpy") == "onnx"
    assert query_runtime("auto", "onnx") == "onnx"
    assert query_runtime("auto", "onnx-int8") == "onnx-int8"


def test_an_explicit_runtime_wins_and_an_unknown_one_is_refused():
    assert query_runtime("numpy", "numpy") == "numpy"
    assert query_runtime("numpy", "onnx-int8") == "numpy"
    assert query_runtime("onnx", "numpy") == "onnx"
    with pytest.raises(ValueError):
        query_runtime("tensorrt", "numpy")


def test_the_default_setting_is_auto():
    assert Settings().search_query_runtime == "auto"


def test_auto_falls_back_to_numpy_when_onnx_runtime_cannot_load(monkeypatch):
    def broken(runtime, *, threads=None):
        raise RuntimeError("no onnxruntime here")

    monkeypatch.setattr(runtimes, "load_runner", broken)
    provider = offline_query_provider("auto", "numpy")
    assert type(provider) is OfflineEmbeddingProvider and provider._runner is None
    with pytest.raises(RuntimeError):
        offline_query_provider("onnx", "numpy")  # asked for by name: an error, not a silent numpy


def test_numpy_asked_for_is_the_numpy_provider():
    provider = offline_query_provider("numpy", "numpy")
    assert type(provider) is OfflineEmbeddingProvider


def test_one_thread_onnx_queries_agree_with_numpy(tmp_path):
    runner = OnnxMiniLMRunner(tmp_path, threads=1)
    reference = get_runner()
    for text in ("what does the user do on weekends", "Rosa moved to Valencia", "ok", ""):
        ours, theirs = runner.encode([text])[0], reference.encode([text])[0]
        assert float(np.abs(ours - theirs).max()) < 1e-5
        assert float(ours @ theirs) > 0.99999
