"""Bucket the tuning split's end-state failures of the change / ending / stated-time classes by cause.

    .venv/bin/python bench/change_buckets.py            # counts per bucket and tag
    .venv/bin/python bench/change_buckets.py --show     # plus each failure (tuning split only)
    .venv/bin/python bench/change_buckets.py --all-languages   # non-English conversations too

Reads only the tuning split of the sets that may be read (never the blind v3 set). A conversation
can fall in several buckets; the first listed cause is its primary one.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import eval as ev  # noqa: E402

TAGS = ("change", "ending", "stated_time", "multi_fact", "habit")


def causes(conversation: dict[str, Any], run: ev.Replay) -> list[str]:
    """Why the end state or an as_of check is wrong, most upstream cause first."""
    facts = conversation["expected_facts"]
    wanted = set(conversation["expected_active"])
    pairs = ev.matching(run.predicted, facts)  # expected -> predicted
    active_pairs = ev.matching(run.active, [facts[i] for i in sorted(wanted)])
    found: list[str] = []
    missed = [j for j in range(len(facts)) if j not in pairs]
    if any(j in wanted for j in missed):
        found.append("final_fact_not_extracted")
    if any(j not in wanted and facts[j]["negated"] for j in missed) or any(
        j in wanted and facts[j]["negated"] for j in missed
    ):
        found.append("ending_not_extracted")
    if any(j not in wanted and not facts[j]["negated"] for j in missed):
        found.append("earlier_fact_not_extracted")
    stale = [
        f
        for i, f in enumerate(run.active)
        if i not in set(active_pairs.values()) and any(ev.fact_matches(f, facts[j]) for j in range(len(facts)))
    ]
    if stale:
        found.append("stale_fact_still_active")
    extra = [f for f in run.active if not any(ev.fact_matches(f, facts[j]) for j in range(len(facts)))]
    if extra:
        found.append("spurious_active_fact")
    if not found and len(active_pairs) < len(wanted):
        found.append("extracted_but_superseded_or_dropped")
    checks = ev.as_of_results(conversation, run.memory)
    if not all(checks):
        right, expected = ev.stated_times_right(conversation, run.predicted)
        found.append("stated_time_wrong" if right < expected else "as_of_wrong_other")
    return found or ["unknown"]


async def main_async(show: bool, all_languages: bool) -> None:
    from shared.providers.offline.providers import OfflineDecisionProvider, OfflineExtractionProvider

    conversations = [
        c
        for path in ev.TUNE_SETS
        if path.exists()
        for c in ev.load(path)
        if c["split"] == "tune" and set(c["tags"]) & set(TAGS) and (all_languages or "non_english" not in c["tags"])
    ]
    similarity = ev.Similarity(use_model=True)
    primary: Counter[str] = Counter()
    anywhere: Counter[str] = Counter()
    by_tag: Counter[tuple[str, str]] = Counter()
    failed = 0
    for conversation in conversations:
        run = await ev.replay(conversation, OfflineExtractionProvider(), OfflineDecisionProvider(), similarity)
        exact = ev.state_exact(run.active, ev.expected_active(conversation))
        checks = ev.as_of_results(conversation, run.memory)
        if exact and all(checks):
            continue
        failed += 1
        found = causes(conversation, run)
        primary[found[0]] += 1
        anywhere.update(found)
        for tag in set(conversation["tags"]) & set(TAGS):
            by_tag[(tag, found[0])] += 1
        if show:
            print(f"== {conversation['id']} {conversation['tags']} -> {found}")
            for m in conversation["messages"]:
                if m["role"] == "user":
                    print(f"   U [{m['created_at'][:10]}] {m['content']}")
            for f in conversation["expected_facts"]:
                print(f"   E{' NOT' if f['negated'] else ''} {f['text']} {f.get('valid_from', '')}")
            for f in run.predicted:
                print(f"   P{' NOT' if f.negated else ''} {f.text} [{f.slot}] {f.valid_from:%Y-%m-%d}")
            print("   A", [f.text for f in run.active])
            for c in conversation.get("as_of", []):
                at = datetime.fromisoformat(c["at"])
                print("   as_of", c["at"][:10], [f.text for f in run.memory.valid_at(at)])
    print(f"{failed} of {len(conversations)} tuning conversations with tags {TAGS} fail")
    print("primary cause:")
    for cause, n in primary.most_common():
        print(f"  {n:3d}  {cause}")
    print("cause anywhere:")
    for cause, n in anywhere.most_common():
        print(f"  {n:3d}  {cause}")
    print("primary cause by tag:")
    for (tag, cause), n in sorted(by_tag.items()):
        print(f"  {tag:12s} {cause:40s} {n}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--show", action="store_true", help="print each tuning failure")
    parser.add_argument("--all-languages", action="store_true", help="also the non-English conversations")
    args = parser.parse_args()
    from shared.telemetry import configure_logging

    configure_logging("WARNING", json_logs=False)
    asyncio.run(main_async(args.show, args.all_languages))


if __name__ == "__main__":
    main()
