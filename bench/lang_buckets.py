"""Why non-English conversations of the TUNE split fail, bucketed by cause.

    .venv/bin/python bench/lang_buckets.py          # counts per bucket and language
    .venv/bin/python bench/lang_buckets.py -v       # and each tune failure, fact by fact

Reads only the ``tune`` conversations of the sets that have them (never v3, which is all test and
blind). Buckets, per expected fact or predicted fact:

- ``slot mismatch``: the old and the new value were both read, but the new fact did not supersede
  the old one (different slots, or one of them slotless), so both stay active;
- ``change not read``: a fact that replaces an earlier one on its slot was not extracted;
- ``ending not read``: a negated (ending) fact was not extracted;
- ``plain miss``: any other expected fact not extracted;
- ``stated time missed``: a matched fact whose valid_from is outside the period the user stated;
- ``precision``: a predicted fact that matches no expected fact.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.eval import (  # noqa: E402
    TUNE_SETS,
    Similarity,
    _aware,
    expected_active,
    load,
    matching,
    replay,
    stated_period,
    turns_of,
)
from shared.providers.offline.providers import OfflineDecisionProvider, OfflineExtractionProvider  # noqa: E402

LANGS = ("de", "es", "fr", "it", "pt")


def foreign_tune() -> list[dict]:
    rows = []
    for path in TUNE_SETS:
        for row in load(path):
            if row["split"] == "tune" and (
                "non_english" in row["tags"] or any(t.startswith("lang:") for t in row["tags"])
            ):
                rows.append(row)
    return rows


def language_of(conversation: dict) -> str:
    tags = [t[5:] for t in conversation["tags"] if t.startswith("lang:")]
    return tags[0] if tags else conversation.get("language", "?")


def buckets_of(conversation: dict, run) -> list[tuple[str, str]]:
    facts = conversation["expected_facts"]
    pairs = matching(run.predicted, facts)  # expected index -> predicted index
    turns = turns_of(conversation)
    found: list[tuple[str, str]] = []
    slots_before: dict[str, int] = {}
    for j, fact in enumerate(facts):
        replaces = fact["slot"] in slots_before and not fact["negated"]
        slots_before.setdefault(fact["slot"], j)
        if j not in pairs:
            kind = "ending not read" if fact["negated"] else "change not read" if replaces else "plain miss"
            found.append((kind, fact["text"]))
            continue
        if "valid_from" in fact:
            start, end = stated_period(fact["valid_from"], turns[fact["msg"]].created_at)
            got = _aware(run.predicted[pairs[j]].valid_from, start)
            if not start <= got < end:
                found.append(("stated time missed", f"{fact['text']} (got {got:%Y-%m-%d}, want {fact['valid_from']})"))
    # Old value still active although a later expected fact on its slot was read.
    wanted = {id(f) for f in expected_active(conversation)}
    active_texts = {f.text for f in run.active}
    for j, fact in enumerate(facts):
        if id(fact) in wanted or j not in pairs or run.predicted[pairs[j]].text not in active_texts:
            continue
        later = [k for k in range(j + 1, len(facts)) if facts[k]["slot"] == fact["slot"] and k in pairs]
        if later:
            old, new = run.predicted[pairs[j]], run.predicted[pairs[later[0]]]
            found.append(("slot mismatch", f"{old.text} [{old.slot}] vs {new.text} [{new.slot}]"))
    used = set(pairs.values())
    for i, fact in enumerate(run.predicted):
        if i not in used:
            found.append(("precision", f"{'NOT ' if fact.negated else ''}{fact.text} [{fact.slot}]"))
    return found


async def main_async(verbose: bool) -> None:
    conversations = foreign_tune()
    similarity = Similarity(True)
    counts: Counter[tuple[str, str]] = Counter()
    for conversation in conversations:
        run = await replay(conversation, OfflineExtractionProvider(), OfflineDecisionProvider(), similarity)
        found = buckets_of(conversation, run)
        lang = language_of(conversation)
        for kind, _ in found:
            counts[(kind, lang)] += 1
        if verbose and found:
            print(f"--- {conversation['id']} ({lang})")
            for m in conversation["messages"]:
                if m["role"] == "user":
                    print(f"    > {m['content']}")
            for kind, what in found:
                print(f"  {kind:20} {what}")
            print(
                "    predicted:",
                *(f"{'NOT ' if f.negated else ''}{f.text} [{f.slot}] {f.valid_from:%Y-%m-%d}" for f in run.predicted),
                sep="\n      ",
            )
    kinds = sorted({k for k, _ in counts})
    print(f"{len(conversations)} tune conversations in other languages")
    print(f"{'bucket':22}" + "".join(f"{lang:>5}" for lang in LANGS) + "  total")
    for kind in kinds:
        row = [counts[(kind, lang)] for lang in LANGS]
        print(f"{kind:22}" + "".join(f"{n:5}" for n in row) + f"  {sum(row):5}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-v", "--verbose", action="store_true")
    asyncio.run(main_async(parser.parse_args().verbose))


if __name__ == "__main__":
    main()
