"""Score the offline extractor on the probe set: ``python -m tests.unit.probes.score [-v]``."""

from __future__ import annotations

import sys
from collections import defaultdict
from datetime import UTC, datetime

from shared.domain.models import ExtractedFact, ExtractionInput, Turn
from shared.providers.offline.extraction_rules import extract_facts
from tests.unit.probes.gen6_probes import PROBES

AT = datetime(2026, 3, 11, 10, 0, tzinfo=UTC)


def run(messages: tuple[str, ...]) -> list[ExtractedFact]:
    facts: list[ExtractedFact] = []
    for i, message in enumerate(messages):
        turn = Turn(f"p{i}", "user", message, AT)
        facts.extend(extract_facts(ExtractionInput(new_turns=(turn,))))
    return facts


def matches(fact: ExtractedFact, expected) -> bool:
    words, negated, slot = expected
    text = fact.text.lower()
    return (
        all(w in text for w in words)
        and fact.negated == negated
        and (slot is None or (fact.slot or "").startswith(slot))
    )


def score(verbose: bool = False) -> dict[str, float]:
    tp = fp = fn = 0
    by_class: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for cls, messages, expected in PROBES:
        facts = run(messages)
        found = sum(any(matches(f, e) for f in facts) for e in expected)
        right = sum(any(matches(f, e) for e in expected) for f in facts)
        tp += found
        fn += len(expected) - found
        fp += len(facts) - right
        ok = found == len(expected) and right == len(facts)
        by_class[cls][0] += ok
        by_class[cls][1] += 1
        if verbose and not ok:
            print(f"[{cls}] {' | '.join(messages)}")
            for f in facts:
                print(f"    got {'NOT ' if f.negated else ''}{f.text!r} slot={f.slot}")
    precision = tp / max(tp + fp, 1)
    recall = tp / max(tp + fn, 1)
    passed = sum(v[0] for v in by_class.values())
    result = {"precision": precision, "recall": recall, "probes_right": passed / len(PROBES)}
    if verbose:
        print({k: f"{v[0]}/{v[1]}" for k, v in by_class.items()})
        print(f"precision {precision:.3f} recall {recall:.3f} probes fully right {passed}/{len(PROBES)}")
    return result


if __name__ == "__main__":
    score(verbose="-v" in sys.argv)
