"""Why end states fail for the context-scoping classes, bucketed by cause (tuning split only).

    .venv/bin/python bench/scope_diagnostic.py                 # tags: context_scope we_statement tool work
    .venv/bin/python bench/scope_diagnostic.py --tag tool -v   # one tag, each failure with its causes

Replays every ``tune`` conversation carrying one of the tags the way ``bench/eval.py`` does (same
extractor, consolidation rules, similarity) and, for each conversation whose end state is wrong, names
what went wrong, fact by fact, by comparing the replay with the expected facts and their slots:

- ``missed: nothing read from its message``: an expected active fact, and no fact at all came from the
  message that said it;
- ``missed: message read, fact not``: facts came from that message, but none says this one;
- ``change not read``: an old value stays active because the new value (or the retraction) said later
  on the same expected slot was not extracted;
- ``wrong slot, no supersession``: old and new value were both extracted, on different slots that differ
  in their base (``tool:angular`` vs ``tool:frontend``);
- ``context lost from the slot``: as above, but the slots differ only by context (one names none or
  another), so the new value could not find the old one;
- ``retraction missing its context``: the same for a retraction;
- ``two contexts on one slot``: an expected active fact was extracted but is no longer active: a fact
  of another expected context (or slot) replaced it;
- ``wrongly ended``: an expected active fact was extracted and then retracted or replaced by one of
  its own slot;
- ``extra fact``: an active fact that matches nothing expected (noise, or a fact the set does not list).

Only ``tune`` conversations are read: the test split's failures are never looked at one by one.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import bench.eval as ev  # noqa: E402
from shared.domain.slots import base_slot, context_of, without_speaker  # noqa: E402

TAGS = ("context_scope", "we_statement", "tool", "work")


def _context(slot: str | None) -> str:
    return context_of(without_speaker(slot)) or "work"


def causes(conversation: dict[str, Any], run: ev.Replay) -> list[tuple[str, str]]:
    """(cause, the fact it is about) for one replayed conversation; empty when its end state is right."""
    expected = conversation["expected_facts"]
    wanted_ids = set(conversation["expected_active"])
    if ev.state_exact(run.active, [expected[i] for i in sorted(wanted_ids)]):
        return []
    turns = ev.turns_of(conversation)
    pairs = ev.matching(run.predicted, expected)  # expected index -> predicted index
    active_ids = {id(f) for f in run.active}
    from_message = Counter(f.source_event_ids[0] for f in run.predicted if f.source_event_ids)
    found: list[tuple[str, str]] = []
    for j, fact in enumerate(expected):
        predicted = run.predicted[pairs[j]] if j in pairs else None
        if j in wanted_ids:
            if predicted is None:
                said = turns[fact["msg"]].event_id
                cause = (
                    "missed: message read, fact not" if from_message[said] else "missed: nothing read from its message"
                )
                found.append((cause, fact["text"]))
            elif id(predicted) not in active_ids:
                later = [
                    k
                    for k, other in enumerate(expected)
                    if k in pairs
                    and k != j
                    and other["msg"] >= fact["msg"]
                    and id(run.predicted[pairs[k]]) in active_ids
                ]
                own = [k for k in later if expected[k]["slot"] == fact["slot"]]
                found.append(("wrongly ended" if own or not later else "two contexts on one slot", fact["text"]))
            continue
        if predicted is None or id(predicted) not in active_ids:
            continue  # a history fact: missing it or ending it is right for the end state
        # A stale value stays active: why did its successor not replace it?
        successors = [
            k
            for k, other in enumerate(expected)
            if k != j and other["msg"] > fact["msg"] and other["slot"] == fact["slot"]
        ] or [
            k
            for k, other in enumerate(expected)
            if k != j and other["msg"] >= fact["msg"] and other["slot"] == fact["slot"]
        ]
        read = [k for k in successors if k in pairs]
        if not read:
            found.append(("change not read", fact["text"]))
            continue
        new = run.predicted[pairs[read[0]]]
        if base_slot(without_speaker(new.slot)) != base_slot(without_speaker(predicted.slot)):
            found.append(("wrong slot, no supersession", f"{fact['text']} [{predicted.slot} vs {new.slot}]"))
        elif _context(new.slot) != _context(predicted.slot):
            cause = "retraction missing its context" if new.negated else "context lost from the slot"
            found.append((cause, f"{fact['text']} [{predicted.slot} vs {new.slot}]"))
        else:
            found.append(("same slot, not replaced (consolidation)", f"{fact['text']} [{predicted.slot}]"))
    wanted = [expected[i] for i in sorted(wanted_ids)]
    for f in run.active:
        if not any(ev.fact_matches(f, e) for e in wanted) and not any(
            ev.fact_matches(f, expected[j]) for j in range(len(expected)) if j not in wanted_ids
        ):
            found.append(("extra fact", f"{f.text} [{f.slot}]"))
    return found or [("other (as_of or matching)", "")]


async def main_async(args: argparse.Namespace) -> None:
    from shared.providers.offline.providers import OfflineDecisionProvider, OfflineExtractionProvider

    tags = set(args.tag or TAGS)
    conversations = [
        c
        for path in ev.TUNE_SETS
        if path.exists()
        for c in ev.load(path)
        if c["split"] == "tune" and tags & set(c["tags"])
    ]
    similarity = ev.Similarity(use_model=not args.no_model)
    buckets: Counter[str] = Counter()
    failing = 0
    for conversation in conversations:
        run = await ev.replay(conversation, OfflineExtractionProvider(), OfflineDecisionProvider(), similarity)
        found = causes(conversation, run)
        if not found:
            continue
        failing += 1
        buckets.update({cause for cause, _ in found})
        if args.verbose:
            print(f"{conversation['id']} {conversation['tags']}")
            for cause, about in found:
                print(f"    {cause}: {about}")
    print(f"tune conversations with tags {sorted(tags)}: {len(conversations)}, end state wrong: {failing}")
    print("conversations by cause (one conversation may have several):")
    for cause, n in buckets.most_common():
        print(f"  {n:3d}  {cause}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tag", action="append", help=f"a tag (repeatable); default: {' '.join(TAGS)}")
    parser.add_argument("--no-model", action="store_true", help="similarity by slot equality, not MiniLM")
    parser.add_argument("-v", "--verbose", action="store_true", help="each failing conversation with its causes")
    from shared.telemetry import configure_logging

    configure_logging("WARNING", json_logs=False)
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
