"""Score the offline extractor on an invented two-speaker log against facts labelled by hand.

The log (tests/unit/data/p10_two_speaker_log.jsonl) is replayed as the evaluation replays a named-speaker
conversation: each message alone, the six before it as context, each with its speaker's ``name``. A fact is
correct when it comes from a labelled turn, holds the label's words and names the label's owner; the rest are
printed to be judged (garbled, misattributed or a true extra). Sessions 1-2 are the tune half, 3-4 the test
half.

    PYTHONPATH=. .venv/bin/python bench/two_speaker_log.py [-v]
"""

from __future__ import annotations

import json
import sys
from datetime import datetime
from pathlib import Path

from shared.domain.models import ExtractionInput, Turn
from shared.providers.offline.extraction_rules import extract_facts

DATA = Path(__file__).resolve().parent.parent / "tests" / "unit" / "data"
CONTEXT_MESSAGES = 6


def main(verbose: bool) -> None:
    messages = [json.loads(line) for line in (DATA / "p10_two_speaker_log.jsonl").open()]
    labels = [json.loads(line) for line in (DATA / "p10_two_speaker_log_facts.jsonl").open()]
    turns = [
        Turn(f"m{i}", m["role"], m["content"], datetime.fromisoformat(m["created_at"]), m["name"])
        for i, m in enumerate(messages)
    ]
    halves = {"tune": (1, 2), "test": (3, 4)}
    for half, sessions in halves.items():
        produced = correct = 0
        found: set[int] = set()
        unmatched: list[str] = []
        for i, turn in enumerate(turns):
            if messages[i]["session"] not in sessions:
                continue
            context = tuple(turns[max(0, i - CONTEXT_MESSAGES) : i])
            facts = extract_facts(ExtractionInput(new_turns=(turn,), context_turns=context))
            for fact in facts:
                produced += 1
                hit = next(
                    (
                        n
                        for n, label in enumerate(labels)
                        if label["turn"] == i
                        and label["owner"] in fact.text
                        and all(w.lower() in fact.text.lower() for w in label["words"])
                    ),
                    None,
                )
                if hit is None:
                    unmatched.append(f"  {i} {turn.name}: {fact.text} [{fact.slot}]")
                else:
                    correct += 1
                    found.add(hit)
        mine = [n for n, label in enumerate(labels) if messages[label["turn"]]["session"] in sessions]
        misses = [labels[n]["fact"] for n in mine if n not in found]
        print(
            f"{half}: labelled {len(mine)}, produced {produced}, correct {correct}, unmatched {len(unmatched)}, "
            f"misses {len(misses)}"
        )
        if verbose:
            print(" unmatched:", *unmatched, sep="\n")
            print(" missed:", *(f"  {m}" for m in misses), sep="\n")


if __name__ == "__main__":
    main("-v" in sys.argv)
