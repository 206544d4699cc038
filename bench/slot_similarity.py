"""How alike two facts on one single-valued slot are: the tuning behind SLOT_UPDATE_MIN_SIMILARITY.

    .venv/bin/python bench/slot_similarity.py            # tune split: the table and the chosen threshold
    .venv/bin/python bench/slot_similarity.py --split test

A rule-based UPDATE (``shared.domain.consolidation.update_by_slot``) needs the slot and the similarity to
agree. The expected facts of the evaluation set give both sides, in pairs of one language:

- **same slot**: two different facts on one single-valued slot (canonical spelling), from any two
  conversations of the split ("lives in Leeds" and "lives in Bergen"): a replacement the rule should make
  without a call. Below the threshold each would cost a decider call.
- **different kinds**: two facts whose slots are of different kinds ("location" and "employer"): what two
  facts about different things look like, had the extractor given them one slot. Below the threshold the
  decider arbitrates.

The threshold is the highest (in steps of 0.05) that leaves every same-slot pair of the tune split on the
rule. Similarity is all-MiniLM-L6-v2 cosine, as the offline embedder stores it. Pairs in two languages are
reported apart: there the (English) model says little, so the rule does not consult it (most same-slot pairs
across languages fall below any useful threshold).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.eval import DATASETS, Similarity, load  # noqa: E402
from shared.domain.consolidation import SLOT_UPDATE_MIN_SIMILARITY, normalize_text, same_canonical_slot  # noqa: E402
from shared.domain.slots import is_multi_valued  # noqa: E402

STEPS = np.round(np.arange(0.15, 0.56, 0.05), 2)


def _kind(slot: str) -> str:
    return slot.split(":", 1)[0]


def pair_similarities(
    split: str, similarity: Similarity, *, across_languages: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """(same single-valued slot, different kinds): the cosine similarity of each pair of the split, in one
    language (or, ``across_languages``, in two)."""
    facts = [
        fact
        for path in DATASETS
        for conversation in load(path)
        if conversation["split"] == split
        for fact in conversation["expected_facts"]
        if not fact["negated"] and fact["slot"] and not fact["slot"].startswith("*:")
    ]
    similarity.prepare([f["text"] for f in facts])
    same, different = [], []
    for j, b in enumerate(facts):
        for a in facts[:j]:
            if (a["language"] != b["language"]) != across_languages or normalize_text(a["text"]) == normalize_text(
                b["text"]
            ):
                continue
            value = similarity(b["text"], b["slot"], a["text"], a["slot"])
            if not is_multi_valued(b["slot"]) and same_canonical_slot(b["slot"], a["slot"]):
                same.append(value)
            elif _kind(a["slot"]) != _kind(b["slot"]):
                different.append(value)
    return np.array(same), np.array(different)


def chosen_threshold(same: np.ndarray) -> float:
    """The highest step below every same-slot pair."""
    return float(max((t for t in STEPS if not (same < t).any()), default=0.0))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--split", choices=("tune", "test"), default="tune")
    args = parser.parse_args()
    similarity = Similarity()
    if similarity.method != "all-MiniLM-L6-v2 cosine":
        sys.exit("needs the MiniLM weights (make install)")
    same, different = pair_similarities(args.split, similarity)
    print(f"{args.split} split: {len(same)} same-slot pairs, {len(different)} pairs of different kinds")
    print("threshold   same-slot pairs below (a decider call)   different-kind pairs below (decider arbitrates)")
    for t in STEPS:
        print(f"  {t:.2f}      {(same < t).mean():6.3f}                                  {(different < t).mean():6.3f}")
    print(f"lowest same-slot pair: {same.min():.3f}")
    print(f"highest threshold leaving every same-slot pair on the rule: {chosen_threshold(same):.2f}")
    print(f"in use (shared.domain.consolidation.SLOT_UPDATE_MIN_SIMILARITY): {SLOT_UPDATE_MIN_SIMILARITY:.2f}")
    across, _ = pair_similarities(args.split, similarity, across_languages=True)
    below = (across < SLOT_UPDATE_MIN_SIMILARITY).mean()
    print(f"same-slot pairs in two languages: {len(across)}, {below:.3f} below it (so the rule skips the check there)")


if __name__ == "__main__":
    main()
