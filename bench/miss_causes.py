"""Why the offline extractor misses what it misses: the tuning split's unmatched expected facts, bucketed
by cause (tune split only; a test-split conversation is never read here).

    .venv/bin/python bench/miss_causes.py                       # two-speaker logs and long conversations
    .venv/bin/python bench/miss_causes.py --tag two_speaker -v  # one tag, each miss with its bucket

Each miss is tried against probes, in this order, and gets the first bucket that explains it:

- ``triaged``: the turn never reached the extractor (the stage's triage dropped it);
- ``speaker``: extracted with the speakers' names taken off the turns, a fact matches (the name rewrite or
  the speaker's slot loses it), or a fact of that turn says it but without the speaker's name;
- ``wording``: a fact of that turn names the speaker and part of what is expected, not all of it (a value
  cut short, a word the matcher wants left out);
- ``classifier``: with the clause classifier's gates at zero, a fact matches (the classifier drops it);
- ``run-on``: one piece of the message (cut at punctuation and conjunctions), read alone, gives it;
- ``not-said``: a keyword the fact needs is not in the message at all (it is inferred: "son" for a name);
- ``subject``: the piece that holds it has another subject than "I" ("we", "my kids", a name, "she");
- ``past-event``: the piece is in the past tense ("I went to ... yesterday") and no frame reads it;
- ``answer``: the piece has no subject and verb, and answers the other speaker's question ("yeah cardiology");
- ``fragment``: the piece has no subject and verb, and answers no question ("on crutches for 6 weeks now");
- ``other``: none of the above.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.eval import (  # noqa: E402
    CONTEXT_MESSAGES,
    TUNE_SETS,
    Similarity,
    keyword_hit,
    load,
    matching,
    replay,
    turns_of,
)
from services.extractor.stage import _worth_a_call  # noqa: E402
from shared.domain.models import ExtractedFact, ExtractionInput, Turn  # noqa: E402
from shared.providers.offline import clauses, extraction_rules  # noqa: E402

# The sets with a tuning split (v3 is all test and never read).
_PIECES = re.compile(r"[.!?;:,\n]+|\s+(?:and|but|so|tho|though|because|cause|cuz|bc|coz|then|plus|while)\s+", re.I)
_LEAD = re.compile(
    r"^(?:(?:oh|ok|okay|so|well|yeah|yep|yes|haha+|lol|omg|ugh|btw|also|actually|honestly|anyway|and|but|no|nah)\b[\s,!.]*)+",
    re.I,
)
_OTHER_SUBJECT = re.compile(
    r"^(?:we|we're|we've|our|us|they|they're|he|she|he's|she's|it|it's|my\s+\w+|the\s+(?:kids|boys|girls|twins)"
    r"|(?-i:[A-Z][a-z]+)\s+(?:is|was|has|had|and|got|turned|started|went|loves|works|lives|\w+ed|\w+s)\b)",
    re.I,
)
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|im|i've|ive|i'd|i'll|me|my)\b", re.I)
_VERBISH = re.compile(r"\b(?:\w+ed|am|is|are|was|were|have|has|had|do|does|did|\w+ing)\b", re.I)


def _extract(turn: Turn, context: tuple[Turn, ...]) -> list[ExtractedFact]:
    extraction_rules._cached_turn_facts.cache_clear()
    extraction_rules._drafts_from_text_cached.cache_clear()  # the gates may have changed
    return extraction_rules.extract_facts(ExtractionInput(new_turns=(turn,), context_turns=context))


def _hits(facts: list[ExtractedFact], expected: dict[str, Any], keywords: list[str] | None = None) -> bool:
    keywords = expected["keywords"] if keywords is None else keywords
    return any(f.negated == expected["negated"] and all(keyword_hit(k, f.text) for k in keywords) for f in facts)


@contextmanager
def _gates_open() -> Iterator[None]:
    saved = extraction_rules.GENERAL_FACT_CONFIDENCE, extraction_rules.GENERAL_ENDING_CONFIDENCE
    extraction_rules.GENERAL_FACT_CONFIDENCE = extraction_rules.GENERAL_ENDING_CONFIDENCE = 0.0
    try:
        yield
    finally:
        extraction_rules.GENERAL_FACT_CONFIDENCE, extraction_rules.GENERAL_ENDING_CONFIDENCE = saved
        extraction_rules._cached_turn_facts.cache_clear()
        extraction_rules._drafts_from_text_cached.cache_clear()


def pieces(text: str) -> list[str]:
    return [p.strip() for p in _PIECES.split(text) if p and len(p.strip().split()) >= 1]


def _holding_piece(text: str, expected: dict[str, Any], speaker: str | None) -> str | None:
    """The piece of the message that holds most of the fact's keywords (the speaker's name aside)."""
    keys = [k for k in expected["keywords"] if not speaker or k.lower() != speaker.lower()]
    best, score = None, 0
    for piece in pieces(text):
        hit = sum(keyword_hit(k, piece) for k in keys)
        if hit > score:
            best, score = piece, hit
    return best


def cause(conversation: dict[str, Any], expected: dict[str, Any], predicted: list[ExtractedFact]) -> str:
    turns = turns_of(conversation)
    index = expected["msg"]
    turn = turns[index]
    context = tuple(turns[max(0, index - CONTEXT_MESSAGES) : index])
    speaker = turn.name
    if not _worth_a_call((*context, turn), len(context)):
        return "triaged"
    own = [f for f in predicted if turn.event_id in f.source_event_ids]
    others = [k for k in expected["keywords"] if not speaker or k.lower() != speaker.lower()]
    if speaker and _hits(own, expected, others):
        return "speaker"
    nameless = tuple(replace(t, name=None) for t in context)
    if speaker and _hits(_extract(replace(turn, name=None), nameless), expected, others):
        return "speaker"
    if any(sum(keyword_hit(k, f.text) for k in others) for f in own if f.negated == expected["negated"]):
        return "wording"
    with _gates_open():
        if _hits(_extract(turn, context), expected):
            return "classifier"
    text = turn.content
    parts = pieces(text)
    if len(parts) > 1:
        for piece in parts:
            if _hits(_extract(replace(turn, content=piece), context), expected):
                return "run-on"
    if not all(keyword_hit(k, text) for k in others):
        return "not-said"
    piece = _holding_piece(text, expected, speaker) or text
    bare = _LEAD.sub("", piece).strip()
    if _OTHER_SUBJECT.match(bare):
        return "subject"
    words = set(re.findall(r"[a-z']+", bare.lower()))
    if words & clauses.IRREGULAR_PAST or any(w.endswith("ed") and len(w) > 4 for w in words):
        return "past-event"
    if not _FIRST_PERSON.search(bare) or not _VERBISH.search(bare):
        asked = index > 0 and turns[index - 1].name != speaker and "?" in turns[index - 1].content
        return "answer" if asked else "fragment"
    return "other"


async def main_async(args: argparse.Namespace) -> None:
    from shared.providers.offline.providers import OfflineDecisionProvider, OfflineExtractionProvider

    conversations = [
        c
        for path in TUNE_SETS
        for c in load(path)
        if c["split"] == "tune" and (not args.tag or set(args.tag) & set(c["tags"]))
    ]
    similarity = Similarity(use_model=not args.no_model)
    buckets: Counter[str] = Counter()
    examples: dict[str, list[str]] = defaultdict(list)
    total = 0
    for conversation in conversations:
        run = await replay(conversation, OfflineExtractionProvider(), OfflineDecisionProvider(), similarity)
        expected = conversation["expected_facts"]
        total += len(expected)
        matched = matching(run.predicted, expected)
        for j, fact in enumerate(expected):
            if j in matched:
                continue
            bucket = cause(conversation, fact, run.predicted)
            buckets[bucket] += 1
            said = conversation["messages"][fact["msg"]]
            examples[bucket].append(
                f"{conversation['id']}: {fact['text']!r} <- {said.get('name')}: {said['content']!r}"
            )
    missed = sum(buckets.values())
    print(
        f"{len(conversations)} tune conversations (tags {args.tag or 'all'}), {total} expected facts, {missed} missed"
    )
    for bucket, n in buckets.most_common():
        print(f"  {bucket:12s} {n:4d}  {n / max(missed, 1):.0%}")
        if args.verbose:
            for line in examples[bucket]:
                print(f"      {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tag", action="append", help="only conversations with this tag (repeatable)")
    parser.add_argument("--all", action="store_true", help="every tuning conversation, whatever its tags")
    parser.add_argument("--no-model", action="store_true", help="similarity by slot equality, not MiniLM")
    parser.add_argument("-v", "--verbose", action="store_true", help="print each miss with its bucket")
    args = parser.parse_args()
    if args.all:
        args.tag = None
    elif not args.tag:
        args.tag = ["two_speaker", "long"]
    from shared.telemetry import configure_logging

    configure_logging("WARNING", json_logs=False)
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
