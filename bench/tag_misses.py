"""The tuning split's misses for some tags, one line each, to bucket them by cause.

    .venv/bin/python bench/tag_misses.py --tag family --tag pet [--json]

Reads only ``"split": "tune"`` conversations, and never opens the blind v3 set. For each
conversation carrying one of the tags it replays the offline extractor as ``bench/eval.py`` does
and prints: each expected fact no prediction matched (with the user message it came from and what
was extracted from that message), each prediction that matched nothing, and whether the end state
is right.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.eval import (  # noqa: E402
    TUNE_SETS,
    Similarity,
    expected_active,
    load,
    matching,
    replay,
    state_exact,
    turns_of,
)


def _describe(fact: Any) -> str:
    return f"{'NOT ' if fact.negated else ''}{fact.text} [{fact.slot}]"


async def misses(tags: set[str]) -> list[dict[str, Any]]:
    from shared.providers.offline.providers import OfflineDecisionProvider, OfflineExtractionProvider

    conversations = [c for path in TUNE_SETS for c in load(path) if c["split"] == "tune"]
    chosen = [c for c in conversations if tags & set(c["tags"])]
    similarity = Similarity()
    rows = []
    for conversation in chosen:
        run = await replay(conversation, OfflineExtractionProvider(), OfflineDecisionProvider(), similarity)
        turns = turns_of(conversation)
        expected = conversation["expected_facts"]
        pairs = matching(run.predicted, expected)
        used = set(pairs.values())
        by_message: dict[str, list[str]] = {}
        for fact in run.predicted:
            by_message.setdefault(fact.source_event_ids[0], []).append(_describe(fact))
        missed = [
            {
                "expected": f["text"],
                "negated": f["negated"],
                "message": turns[f["msg"]].content,
                "extracted_from_it": by_message.get(turns[f["msg"]].event_id, []),
            }
            for j, f in enumerate(expected)
            if j not in pairs
        ]
        extra = [_describe(f) for i, f in enumerate(run.predicted) if i not in used]
        exact = state_exact(run.active, expected_active(conversation))
        if missed or extra or not exact:
            rows.append(
                {
                    "id": conversation["id"],
                    "tags": conversation["tags"],
                    "end_state_right": exact,
                    "missed": missed,
                    "unmatched_predicted": extra,
                    "active": [_describe(f) for f in run.active],
                    "expected_active": [f["text"] for f in expected_active(conversation)],
                }
            )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tag", action="append", required=True, help="a tag (repeatable)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    from shared.telemetry import configure_logging

    configure_logging("WARNING", json_logs=False)
    rows = asyncio.run(misses(set(args.tag)))
    if args.json:
        print(json.dumps(rows, indent=1, ensure_ascii=False))
        return
    for row in rows:
        print(f"== {row['id']} {row['tags']} end state {'right' if row['end_state_right'] else 'WRONG'}")
        for miss in row["missed"]:
            print(f"  MISS {'NOT ' if miss['negated'] else ''}{miss['expected']}")
            print(f"       msg: {miss['message']}")
            print(f"       got: {miss['extracted_from_it']}")
        for extra in row["unmatched_predicted"]:
            print(f"  EXTRA {extra}")
        if not row["end_state_right"]:
            print(f"  active:   {row['active']}")
            print(f"  expected: {row['expected_active']}")
    print(f"{len(rows)} conversations with a miss, an extra or a wrong end state")


if __name__ == "__main__":
    main()
