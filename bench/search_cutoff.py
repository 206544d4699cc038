"""The relevance cut-off of the memory panel's search: which cosine similarity separates a fact that
answers a question from one that does not.

    .venv/bin/python bench/search_cutoff.py

On bench/data/retrieval_eval.jsonl (10 users, 80 questions naming the facts that answer them), with the
offline MiniLM embeddings: every (question, fact of the same user) pair is relevant when the fact is one
of the question's answers. The cut-off is chosen on a tuning split (the first 5 users: the highest F1 of
"keep the fact"), then measured on the other 5, which played no part in choosing it. The panel hides
vector-only hits below the cut-off (a hit whose words match the query is kept whatever its similarity).
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DATA = ROOT / "bench" / "data" / "retrieval_eval.jsonl"


async def pairs(cases: list[dict]) -> tuple[np.ndarray, np.ndarray]:
    from shared.providers.offline.minilm import OfflineEmbeddingProvider

    embedder = OfflineEmbeddingProvider()
    scores, labels = [], []
    for case in cases:
        facts = [f for f in case["facts"]]
        questions = [q for q in case["questions"] if any(a.startswith("f") for a in q["answers"])]
        fact_vectors = np.array(await embedder.embed([f["text"] for f in facts]))
        question_vectors = np.array(await embedder.embed([q["question"] for q in questions]))
        similarity = question_vectors @ fact_vectors.T  # unit vectors: cosine
        for qi, q in enumerate(questions):
            for fi, f in enumerate(facts):
                scores.append(float(similarity[qi, fi]))
                labels.append(f["id"] in q["answers"])
    return np.array(scores), np.array(labels)


def measure(scores: np.ndarray, labels: np.ndarray, cutoff: float) -> dict[str, float]:
    kept = scores >= cutoff
    tp = int((kept & labels).sum())
    precision = tp / max(int(kept.sum()), 1)
    recall = tp / max(int(labels.sum()), 1)
    f1 = 2 * precision * recall / max(precision + recall, 1e-9)
    hidden_irrelevant = int((~kept & ~labels).sum()) / max(int((~labels).sum()), 1)
    return {"cutoff": round(cutoff, 2), "precision": round(precision, 3), "recall": round(recall, 3),
            "f1": round(f1, 3), "irrelevant_hidden": round(hidden_irrelevant, 3)}  # fmt: skip


def main() -> int:
    cases = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]
    tune, test = cases[:5], cases[5:]
    tune_scores, tune_labels = asyncio.run(pairs(tune))
    test_scores, test_labels = asyncio.run(pairs(test))
    grid = [round(c, 2) for c in np.arange(0.05, 0.80, 0.01)]
    best = max(grid, key=lambda c: measure(tune_scores, tune_labels, c)["f1"])
    result = {
        "pairs": {"tune": int(tune_labels.size), "test": int(test_labels.size)},
        "relevant": {"tune": int(tune_labels.sum()), "test": int(test_labels.sum())},
        "tune": measure(tune_scores, tune_labels, best),
        "test": measure(test_scores, test_labels, best),
        "test_at_other_cutoffs": [measure(test_scores, test_labels, c) for c in (0.2, 0.25, 0.3, 0.35, 0.4)],
    }
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
