"""The offline model's runtimes side by side: numpy, ONNX Runtime FP32 and ONNX Runtime INT8.

Speed on bench/embedder_throughput.py's sentences (the raw-model row of `make bench`): sentences/s (best
of --repeats, wall) and CPU ms per sentence (process CPU of one pass: all threads). Accuracy on texts
nothing was tuned on: every message and question of the retrieval evaluation (bench/retrieval_eval.py's
conversations), as the cosine of each runtime's vector with the numpy runner's (the reference, equal to
sentence-transformers within 2e-7). The INT8 variant's choice of FP32 layers was tuned on
make_sentences(400, seed=7), a split of its own.

    python bench/model_runtimes.py --out /tmp/model-runtimes.json
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

import numpy as np


def eval_texts() -> list[str]:
    from bench.retrieval_conversations import generate

    conversations, questions = generate()
    texts = [m.content for c in conversations for m in c.messages] + [q.question for q in questions]
    return list(dict.fromkeys(t for t in texts if t.strip()))


def measure(runner, sentences: list[str], repeats: int) -> dict:
    runner.encode(sentences[:64])  # warm-up
    walls, cpus = [], []
    for _ in range(max(1, repeats)):
        cpu, wall = time.process_time(), time.perf_counter()
        runner.encode(sentences, batch_size=64)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return {
        "sentences_per_s": round(len(sentences) / min(walls), 1),
        "cpu_ms_per_sentence": round(1000 * min(cpus) / len(sentences), 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--sentences", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--cache-dir", type=Path, default=None, help="where the ONNX graphs are built (a temp dir)")
    parser.add_argument("--out", type=Path, default=None, help="JSON results")
    args = parser.parse_args(argv)
    root = Path(__file__).resolve().parents[1]
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    from bench.embedder_throughput import make_sentences
    from shared.providers.offline.minilm import MiniLMRunner
    from shared.providers.offline.onnx_minilm import OnnxMiniLMRunner

    cache = args.cache_dir or Path(tempfile.mkdtemp(prefix="memstream-onnx-"))
    sentences = make_sentences(args.sentences)
    texts = eval_texts()
    reference = MiniLMRunner()
    expected = reference.encode(texts)
    results: dict = {"eval_texts": len(texts), "sentences": len(sentences), "runtimes": {}}
    for name, make in (
        ("numpy", lambda: reference),
        ("onnx", lambda: OnnxMiniLMRunner(cache, quantized=False)),
        ("onnx-int8", lambda: OnnxMiniLMRunner(cache, quantized=True)),
    ):
        started = time.perf_counter()
        runner = make()
        load_s = time.perf_counter() - started
        cosine = np.einsum("ij,ij->i", runner.encode(texts), expected)
        results["runtimes"][name] = {
            "load_s": round(load_s, 2),
            **measure(runner, sentences, args.repeats),
            "cosine_min": round(float(cosine.min()), 4),
            "cosine_p1": round(float(np.percentile(cosine, 1)), 4),
            "cosine_mean": round(float(cosine.mean()), 4),
        }
        print(name, json.dumps(results["runtimes"][name]), flush=True)
    base = results["runtimes"]["numpy"]["cpu_ms_per_sentence"]
    for row in results["runtimes"].values():
        row["cpu_speedup_vs_numpy"] = round(base / row["cpu_ms_per_sentence"], 2)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(results, indent=1))
    print(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
