"""all-MiniLM-L6-v2 on ONNX Runtime, from a graph built here out of the shipped safetensors weights.

No torch and no hub: :func:`build_graph` writes the BERT encoder (embeddings, 6 layers, mean pooling
and L2 normalisation) with the ``onnx`` package's helpers, from the same weights the numpy runner
reads. The graph is built on first use and cached on disk, keyed by the hash of the weights and of
this builder's version; the INT8 variant is ONNX Runtime's dynamic quantisation of its MatMuls.

Texts are tokenised once, sorted by length and cut into batches of neighbours (as the numpy runner
does), so each batch is padded only to its own longest text.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import threading
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from shared.providers.offline.minilm import DIMENSIONS, MODEL_NAME, default_model_dir

GRAPH_VERSION = "1"  # bump when build_graph changes: cached graphs of another version are rebuilt
OPSET = 17  # LayerNormalization is a standard op from 17


def build_graph(model_dir: Path):
    """The ONNX model: input_ids and attention_mask (int64, batch x length) -> unit vectors (batch x 384)."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper
    from safetensors.numpy import load_file

    config = json.loads((model_dir / "config.json").read_text())
    hidden, heads = int(config["hidden_size"]), int(config["num_attention_heads"])
    head_dim, eps = hidden // heads, float(config.get("layer_norm_eps", 1e-12))
    weights = load_file(str(model_dir / "model.safetensors"))
    prefix = "bert." if "bert.embeddings.word_embeddings.weight" in weights else ""
    nodes, inits = [], []

    def w(name: str) -> np.ndarray:
        return np.ascontiguousarray(weights[prefix + name], dtype=np.float32)

    def const(name: str, value) -> str:
        inits.append(numpy_helper.from_array(np.asarray(value), name))
        return name

    def node(op: str, inputs: list[str], output: str, **attrs) -> str:
        nodes.append(helper.make_node(op, inputs, [output], name=output, **attrs))
        return output

    def linear(x: str, weight: np.ndarray, bias: np.ndarray, name: str) -> str:
        # nn.Linear keeps (out, in): the graph multiplies by its transpose.
        product = node("MatMul", [x, const(f"{name}.w", np.ascontiguousarray(weight.T))], f"{name}.mm")
        return node("Add", [product, const(f"{name}.b", bias)], f"{name}.out")

    def layer_norm(x: str, gain: np.ndarray, bias: np.ndarray, name: str) -> str:
        return node(
            "LayerNormalization",
            [x, const(f"{name}.g", gain), const(f"{name}.beta", bias)],
            f"{name}.out",
            axis=-1,
            epsilon=eps,
        )

    # Embeddings: token type is always 0 for one sentence, so its row is folded into the positions.
    positions = w("embeddings.position_embeddings.weight") + w("embeddings.token_type_embeddings.weight")[0]
    shape = node("Shape", ["input_ids"], "ids.shape")
    length = node("Gather", [shape, const("one_i", np.array(1, np.int64))], "ids.length")
    pos_ids = node(
        "Range", [const("zero_i", np.array(0, np.int64)), length, const("step", np.array(1, np.int64))], "pos.ids"
    )
    word = node("Gather", [const("word", w("embeddings.word_embeddings.weight")), "input_ids"], "emb.word")
    pos = node("Gather", [const("pos", positions), pos_ids], "emb.pos")
    x = layer_norm(
        node("Add", [word, pos], "emb.sum"), w("embeddings.LayerNorm.weight"), w("embeddings.LayerNorm.bias"), "emb.ln"
    )

    # The attention mask as an additive key bias: 0 where a token is, -1e9 where padding is.
    mask = node("Cast", ["attention_mask"], "mask.f", to=TensorProto.FLOAT)
    mask_bias = node(
        "Mul",
        [node("Sub", [const("one_f", np.float32(1)), mask], "mask.inv"), const("neg", np.float32(-1e9))],
        "mask.bias0",
    )
    mask_bias = node("Unsqueeze", [mask_bias, const("axes_1_2", np.array([1, 2], np.int64))], "mask.bias")

    split_heads = const("split.shape", np.array([0, 0, heads, head_dim], np.int64))
    merge_heads = const("merge.shape", np.array([0, 0, hidden], np.int64))
    scale = np.float32(1.0 / math.sqrt(head_dim))
    for i in range(int(config["num_hidden_layers"])):
        p, n = f"encoder.layer.{i}.", f"l{i}"

        def heads_of(t: str, perm: list[int], name: str) -> str:
            return node("Transpose", [node("Reshape", [t, split_heads], f"{name}.split")], f"{name}.heads", perm=perm)

        q = linear(
            x, w(p + "attention.self.query.weight") * scale, w(p + "attention.self.query.bias") * scale, f"{n}.q"
        )
        k = linear(x, w(p + "attention.self.key.weight"), w(p + "attention.self.key.bias"), f"{n}.k")
        v = linear(x, w(p + "attention.self.value.weight"), w(p + "attention.self.value.bias"), f"{n}.v")
        scores = node(
            "MatMul", [heads_of(q, [0, 2, 1, 3], f"{n}.q"), heads_of(k, [0, 2, 3, 1], f"{n}.k")], f"{n}.scores"
        )
        probs = node("Softmax", [node("Add", [scores, mask_bias], f"{n}.masked")], f"{n}.probs", axis=-1)
        context = node("MatMul", [probs, heads_of(v, [0, 2, 1, 3], f"{n}.v")], f"{n}.ctx")
        context = node(
            "Reshape", [node("Transpose", [context], f"{n}.ctx.t", perm=[0, 2, 1, 3]), merge_heads], f"{n}.ctx.merged"
        )
        attended = linear(
            context, w(p + "attention.output.dense.weight"), w(p + "attention.output.dense.bias"), f"{n}.o"
        )
        x = layer_norm(
            node("Add", [attended, x], f"{n}.res1"),
            w(p + "attention.output.LayerNorm.weight"),
            w(p + "attention.output.LayerNorm.bias"),
            f"{n}.ln1",
        )
        h = linear(x, w(p + "intermediate.dense.weight"), w(p + "intermediate.dense.bias"), f"{n}.ffn1")
        # The exact (erf) GELU, written as ORT's optimizer recognises it and fuses into one Gelu kernel.
        erf = node(
            "Erf", [node("Div", [h, const(f"{n}.sqrt2", np.float32(math.sqrt(2.0)))], f"{n}.gelu.div")], f"{n}.gelu.erf"
        )
        gelu = node(
            "Mul",
            [
                node(
                    "Mul", [h, node("Add", [erf, const(f"{n}.one", np.float32(1))], f"{n}.gelu.add")], f"{n}.gelu.mul"
                ),
                const(f"{n}.half", np.float32(0.5)),
            ],
            f"{n}.gelu",
        )
        out = linear(gelu, w(p + "output.dense.weight"), w(p + "output.dense.bias"), f"{n}.ffn2")
        x = layer_norm(
            node("Add", [out, x], f"{n}.res2"),
            w(p + "output.LayerNorm.weight"),
            w(p + "output.LayerNorm.bias"),
            f"{n}.ln2",
        )

    # Mean pooling over the real tokens, then L2 normalisation.
    token_mask = node("Unsqueeze", [mask, const("axes_2", np.array([2], np.int64))], "pool.mask")
    summed = node(
        "ReduceSum",
        [node("Mul", [x, token_mask], "pool.masked"), const("axes_1", np.array([1], np.int64))],
        "pool.sum",
        keepdims=0,
    )
    counts = node("ReduceSum", [token_mask, const("axes_1b", np.array([1], np.int64))], "pool.count", keepdims=0)
    mean = node("Div", [summed, node("Max", [counts, const("tiny", np.float32(1e-9))], "pool.count.safe")], "pool.mean")
    norm = node("ReduceL2", [mean], "norm", axes=[1], keepdims=1)  # axes is an attribute until opset 18
    node("Div", [mean, node("Max", [norm, const("tiny_norm", np.float32(1e-12))], "norm.safe")], "embeddings")

    graph = helper.make_graph(
        nodes,
        "all-MiniLM-L6-v2",
        [
            helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "length"]),
            helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["batch", "length"]),
        ],
        [helper.make_tensor_value_info("embeddings", TensorProto.FLOAT, ["batch", hidden])],
        inits,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="memstream")
    model.ir_version = 8  # what onnxruntime reads for opset 17
    onnx.checker.check_model(model)
    return model


# Weight MatMuls left in FP32 by the INT8 variant: each layer's FFN expansion (384 -> 1536), whose output
# goes through the GELU. Measured on 400 texts against the numpy runner (cosine min / mean, CPU ms per
# text, shared machine): every weight MatMul INT8 0.986 / 0.993, 1.8 ms; FFN expansions FP32 0.992 / 0.996,
# 2.6 ms; FFN contractions FP32 instead 0.989 / 0.996; numpy 3.5-3.8 ms. Only the second keeps every
# text's cosine >= 0.99.
FLOAT_MATMULS = (".ffn1.mm",)
QUANT_VERSION = "1"  # bump with FLOAT_MATMULS or the quantiser's options: cached INT8 graphs are rebuilt


def _weight_matmuls(model) -> list[str]:
    """The MatMuls by a weight (the linear layers); attention's activation-by-activation products stay
    in float (they are computed per batch, so quantising them would add work and error)."""
    weights = {i.name for i in model.graph.initializer}
    return [
        n.name
        for n in model.graph.node
        if n.op_type == "MatMul"
        and any(i in weights for i in n.input)
        and not any(n.name.endswith(suffix) for suffix in FLOAT_MATMULS)
    ]


def _weights_digest(model_dir: Path) -> str:
    digest = hashlib.sha256(GRAPH_VERSION.encode())
    with (model_dir / "model.safetensors").open("rb") as f:
        while chunk := f.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()[:16]


def cached_graph(cache_dir: Path, model_dir: Path | None = None, *, quantized: bool = False) -> Path:
    """The graph's path under ``cache_dir``, built (and quantised) from the local weights if missing."""
    import onnx

    model_dir = model_dir or default_model_dir()
    cache_dir.mkdir(parents=True, exist_ok=True)
    stem = f"minilm-l6-{_weights_digest(model_dir)}"
    fp32 = cache_dir / f"{stem}.onnx"
    if not fp32.is_file():
        partial = fp32.with_suffix(f".{os.getpid()}.part")
        onnx.save(build_graph(model_dir), str(partial))
        os.replace(partial, fp32)  # atomic: a concurrent builder writes the same bytes
    if not quantized:
        return fp32
    int8 = cache_dir / f"{stem}-int8v{QUANT_VERSION}.onnx"
    if not int8.is_file():
        from onnxruntime.quantization import QuantType, quantize_dynamic

        partial = int8.with_suffix(f".{os.getpid()}.part")
        # MatMuls only: the embedding tables stay exact, and they are lookups, not compute.
        quantize_dynamic(
            str(fp32),
            str(partial),
            op_types_to_quantize=["MatMul"],
            nodes_to_quantize=_weight_matmuls(onnx.load(str(fp32))),
            per_channel=True,  # one scale per output column: per-tensor scales cost 0.03 cosine here
            weight_type=QuantType.QInt8,
        )
        os.replace(partial, int8)
    return int8


class OnnxMiniLMRunner:
    """The runner interface of MiniLMRunner (``encode``, ``tokenize``), on ONNX Runtime."""

    model = MODEL_NAME
    dimensions = DIMENSIONS

    def __init__(self, cache_dir: Path, *, quantized: bool = False, threads: int | None = None) -> None:
        import onnxruntime as ort
        from tokenizers import Tokenizer

        model_dir = default_model_dir()
        self.quantized = quantized
        self.graph_path = cached_graph(cache_dir, model_dir, quantized=quantized)
        st_path = model_dir / "sentence_bert_config.json"
        st_cfg = json.loads(st_path.read_text()) if st_path.is_file() else {}
        self.max_seq_length = int(st_cfg.get("max_seq_length", 256))
        self._lowercase = bool(st_cfg.get("do_lower_case", False))
        tok = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        tok.no_padding()
        tok.enable_truncation(max_length=self.max_seq_length)
        self._tokenizer = tok
        options = ort.SessionOptions()
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        options.intra_op_num_threads = threads or len(os.sched_getaffinity(0))
        options.inter_op_num_threads = 1
        # Idle pool threads sleep instead of spinning: on shared cores a spinning thread burns the CPU
        # another process (the stage, Postgres) needs.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self._session = ort.InferenceSession(str(self.graph_path), options, providers=["CPUExecutionProvider"])

    def tokenize(self, texts: Sequence[str]) -> list[list[int]]:
        texts = [str(t) for t in texts]
        if self._lowercase:
            texts = [t.lower() for t in texts]
        return [e.ids for e in self._tokenizer.encode_batch(texts, add_special_tokens=True)]

    def encode(self, texts: Sequence[str], batch_size: int = 64) -> np.ndarray:
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
        order = np.argsort(-lengths, kind="stable")
        for idx in np.array_split(order, -(-n // batch_size)):
            width = int(lengths[idx].max())
            ids = np.zeros((len(idx), width), np.int64)  # [PAD] = 0
            mask = np.zeros((len(idx), width), np.int64)
            for row, j in enumerate(idx):
                ids[row, : lengths[j]] = all_ids[j]
                mask[row, : lengths[j]] = 1
            out[idx] = self._session.run(None, {"input_ids": ids, "attention_mask": mask})[0]
        return out


_runners: dict[tuple[bool, int | None], OnnxMiniLMRunner] = {}
_lock = threading.Lock()


def get_onnx_runner(*, quantized: bool = False, threads: int | None = None) -> OnnxMiniLMRunner:
    """The process-wide ONNX runner (per variant and thread count; ``threads=None``: one per core); its
    graph is cached under ``data_dir/models``."""
    from shared.settings import get_settings

    key = (quantized, threads)
    with _lock:
        if key not in _runners:
            _runners[key] = OnnxMiniLMRunner(
                Path(get_settings().data_dir) / "models", quantized=quantized, threads=threads
            )
        return _runners[key]
