"""Evaluation on bench/data/eval_conversations*.jsonl: extraction quality, end state, prompt economy.

    make eval                                  # or: .venv/bin/python bench/eval.py
    .venv/bin/python bench/eval.py --no-llm    # quality only, without the loopback server
    .venv/bin/python bench/eval.py --json      # the results as JSON on stdout
    .venv/bin/python bench/eval.py --failures  # the tuning split's failures, fact by fact

**Splits.** Every conversation has a ``split``: ``tune`` (looked at while writing the extractor)
or ``test`` (never looked at: only its figures are printed, never its conversations). The 72
conversations of ``eval_conversations.jsonl`` are all ``tune``; ``eval_conversations_v2.jsonl``
(written by someone who did not read the extractor) says per conversation; ``eval_conversations_v3.jsonl``
(written later, blind as well: without reading the extractor, its rules or the other sets) is all ``test``.
``eval_conversations_v4.jsonl`` (issue 12's classes once more, written blind by a helper who read
only this docstring and v2's first lines) is split half and half, stratified by class: a
conversation's class is its first tag, and within each class, in id order, conversations
alternate ``tune``, ``test``, ``tune``, ... (so every class with an even count is split evenly).
``eval_conversations_v5.jsonl`` (120 more, written blind by another helper who read only this
docstring and v4's first three lines; all names, tools and places new) is split the same way. Its
two-speaker logs key each expected fact's slot by the speaker (``location@mara``), so one speaker's
value never replaces the other's in the run from expected facts.
``eval_conversations_v6.jsonl`` (120 more, written blind by a third helper who read only this
docstring, the first three lines of v4 and v5, ``shared/domain/slots.py`` and the format test; all names,
employers, pets, tools and places new; never run through the extractor while written) is split the same
way, every class with an even count. Its two-speaker logs key slots by the speaker with ``~``
(``location~ottilie``), as ``shared.domain.slots`` spells it, and its dated events' keywords carry the
absolute date (``2026-03-13``).
``eval_conversations_v7.jsonl`` (100 more, written blind by a fourth helper who read only this docstring, the
first three lines of v6, ``shared/domain/slots.py`` and the format test, and who never looked at the
extractor's outputs or figures on it) is split the same way.

**Before and after.** The same replay runs twice: with the extractor of this checkout ("after")
and with ``extraction_rules.py`` as it was at ``BASELINE_REF`` ("before", read with ``git show``;
skipped when git cannot give it). Everything else (triage, consolidation) is this checkout's.

**Valid time.** The in-memory store keeps valid_from / valid_to as the Postgres store does, so a
conversation's ``as_of`` checks ask what was true at a moment, the way ``GET /memories?as_of=`` does.

**Format extensions** (all optional, so older sets still load; ``eval_conversations_v2.jsonl`` uses
them):

- ``split`` on a conversation: ``"tune"`` or ``"test"`` (default ``tune``); ``--split`` keeps one.
- ``name`` on a message: the speaker, as in the OpenAI chat format. Two-speaker logs have two named
  ``user`` speakers; their facts name the speaker ("Marisol lives in Edinburgh") and sit on that
  speaker's slots ("location~marisol"): consolidation compares a candidate with its own speaker's
  facts only (``shared.domain.consolidation.speakers_own``), as the consolidator does.
- ``valid_from`` on an expected fact: the valid time the user stated, as the period it names, in
  the message's time zone: ``2019`` (a year), ``2026-05`` (a month), ``2026-03-13`` (a day),
  ``2026-03-13T09:00`` (a minute), or ``start/end`` (inclusive, e.g. ``2026-03-02/2026-03-08`` for
  "last week"). A predicted fact's ``valid_from`` is right when it falls in that period (reported as
  "stated times"); the gold run uses the period's start.
- ``as_of`` on a conversation: ``[{"at": ISO datetime, "active": [expected-fact indices]}]``. After
  the replay, the facts valid at ``at`` (``valid_from <= at < valid_to``, whatever their status, as
  the API's ``as_of`` query) must be exactly those, matched as above.

Every conversation is replayed the way the stages see a live chat: one message at a time. Each
user turn the extractor's triage (``services/extractor/stage.py``) keeps becomes one extraction
request (that turn, the 6 messages before it as context, the session summary of the last checkpoint
before it, and a prompt leaves out the context messages that summary covers); its facts are then
consolidated as one batch, the way ``shared/service_layer/consolidate.py`` does it: rules first
(``shared.domain.consolidation.decide_by_rule``), one decider call for the rest, plans applied
with ``plan_change`` to an in-memory store. Neighbours are picked as the store picks them: the
top 5 by cosine similarity at or above 0.55, plus any fact on the same slot or with the same text.
Similarity is all-MiniLM-L6-v2 (the offline embedder) when its weights are installed, else 1.0 for
an equal slot and 0.0 otherwise.

Two runs:

1. **Quality, offline** (pure functions, in-process): ``extraction_rules.extract_facts`` and
   ``decision_rules.decide``. Reported: extraction precision and recall against the expected
   facts; end-state accuracy (share of conversations whose final active facts are exactly the
   expected ones) and active-fact precision/recall; the same end state from the *expected* facts
   (gold extraction), which isolates consolidation.
2. **Prompt economy, openai provider** against the loopback server (``tests/fakes``), which
   answers by the same offline rules, so its quality must equal run 1's (checked). Calls and prompt
   tokens per user turn, amortised over every user turn, whole prompt counted (system prompt,
   reply schema, context, summary). Tokens are estimated by the server with the MiniLM WordPiece
   tokenizer (conservative: more tokens than GPT tokenizers on JSON punctuation). Summaries run
   at the summarizer's checkpoints (``MEMSTREAM_SUMMARY_EVERY_USER_TURNS``, 4, user turns and
   ``MEMSTREAM_SUMMARY_MIN_CHARS``, 3,000, characters since the last one); a profile digest once
   ``MEMSTREAM_PROFILE_REFRESH_CHANGES`` (10) facts changed since the last one, as the summarizer
   does (a conversation here never ends, so no digest at session end).

**Matching.** A predicted fact matches an expected one when their ``negated`` flags and languages
agree and every keyword of the expected fact occurs in the predicted text as a whole word or
phrase (lowercased; ``a|b`` means either). Keywords are what a right fact must say: its value
(default) and, for dated facts, the absolute date. Slots are not compared here; they decide what
replaces what, which the end-state figures measure. Matching is one-to-one (maximum bipartite).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import subprocess
import sys
import time
import types
import unicodedata
import uuid
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from services.extractor.stage import _worth_a_call  # noqa: E402  (the extractor's own triage)
from shared.domain.checkpoints import profile_due, summary_checkpoint  # noqa: E402
from shared.domain.consolidation import (  # noqa: E402
    ActiveFact,
    CandidateView,
    decide_by_rule,
    decision_item,
    normalize_text,
    plan_change,
    same_speakers,
    speakers_own,
)
from shared.domain.models import Decision, ExtractedFact, ExtractionInput, Op, Turn  # noqa: E402
from shared.domain.slots import base_slot, speaker_of, without_speaker  # noqa: E402
from shared.settings import Settings  # noqa: E402

DATASETS = (
    ROOT / "bench" / "data" / "eval_conversations.jsonl",
    ROOT / "bench" / "data" / "eval_conversations_v2.jsonl",
    ROOT / "bench" / "data" / "eval_conversations_v3.jsonl",
    ROOT / "bench" / "data" / "eval_conversations_v4.jsonl",
    ROOT / "bench" / "data" / "eval_conversations_v5.jsonl",
    ROOT / "bench" / "data" / "eval_conversations_v6.jsonl",
    ROOT / "bench" / "data" / "eval_conversations_v7.jsonl",
)
DATA, DATA_V2, DATA_V3, DATA_V4, DATA_V5, DATA_V6, DATA_V7 = DATASETS
# The sets with a tuning split: the diagnostics read only these (v3 is all test and blind, never loaded).
TUNE_SETS = (DATA, DATA_V2, DATA_V4, DATA_V5, DATA_V6, DATA_V7)
# main before issue 12 (the extractor the figures are compared with)
BASELINE_REF = "a445fee"
SPLITS = ("tune", "test")
TOP_K = 5
FLOOR = 0.55
CONTEXT_MESSAGES = 6
SUMMARY_EVERY = 4
SUMMARY_MIN_CHARS = Settings.model_fields["summary_min_chars"].default
PROFILE_EVERY = Settings.model_fields["profile_refresh_changes"].default
TARGET_CALLS_PER_TURN = 1.0
TARGET_TOKENS_PER_TURN = 1500


# --------------------------------------------------------------------------------------------
# The set
# --------------------------------------------------------------------------------------------


def load(path: Path) -> list[dict[str, Any]]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    for row in rows:
        row.setdefault("split", "tune")
        if row["split"] not in SPLITS:
            raise ValueError(
                f"{path.name}: conversation {row.get('id')} has split {row['split']!r}, not one of {SPLITS}"
            )
    return rows


def turns_of(conversation: dict[str, Any]) -> list[Turn]:
    return [
        Turn(
            f"{conversation['id']}-m{i}",
            m["role"],
            m["content"],
            datetime.fromisoformat(m["created_at"]),
            m.get("name"),
        )
        for i, m in enumerate(conversation["messages"])
    ]


def stated_period(stated: str, said_at: datetime) -> tuple[datetime, datetime]:
    """The half-open period an expected ``valid_from`` names, in the message's time zone."""
    first, _, last = stated.partition("/")
    return _period(first, said_at)[0], _period(last or first, said_at)[1]


def _period(point: str, said_at: datetime) -> tuple[datetime, datetime]:
    parts = [int(p) for p in re.split(r"[-T:]", point)]
    start = datetime(*parts, *([1] * (3 - len(parts[:3]))), tzinfo=said_at.tzinfo)
    if len(parts) == 1:
        return start, start.replace(year=start.year + 1)
    if len(parts) == 2:
        return start, (start + timedelta(days=32)).replace(day=1)
    return start, start + (timedelta(days=1) if len(parts) == 3 else timedelta(minutes=1))


def expected_facts(conversation: dict[str, Any]) -> list[ExtractedFact]:
    """The expected facts as an extractor would emit them (for the gold consolidation run)."""
    turns = turns_of(conversation)
    from shared.domain.models import Category

    return [
        ExtractedFact(
            text=f["text"],
            category=Category.GENERAL,
            importance=5,
            valid_from=(
                stated_period(f["valid_from"], turns[f["msg"]].created_at)[0]
                if "valid_from" in f
                else turns[f["msg"]].created_at
            ),
            source_event_ids=(turns[f["msg"]].event_id,),
            language=f["language"],
            slot=f["slot"],
            value=f["value"],
            negated=f["negated"],
        )
        for f in conversation["expected_facts"]
    ]


# --------------------------------------------------------------------------------------------
# Matching
# --------------------------------------------------------------------------------------------


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", text).lower()).strip()


def keyword_hit(keyword: str, text: str) -> bool:
    normalised = _norm(text)
    return any(
        re.search(r"(?<!\w)" + re.escape(_norm(alt)) + r"(?!\w)", normalised) for alt in keyword.split("|") if alt
    )


def fact_matches(predicted: ExtractedFact, expected: dict[str, Any]) -> bool:
    return (
        predicted.negated == expected["negated"]
        and predicted.language == expected["language"]
        and all(keyword_hit(k, predicted.text) for k in expected["keywords"])
    )


def matched_pairs(predicted: Sequence[ExtractedFact], expected: Sequence[dict[str, Any]]) -> int:
    """Size of a maximum one-to-one matching."""
    return len(matching(predicted, expected))


def matching(predicted: Sequence[ExtractedFact], expected: Sequence[dict[str, Any]]) -> dict[int, int]:
    """A maximum one-to-one matching, expected index -> predicted index (Kuhn's augmenting paths;
    the sets are small)."""
    edges = [[j for j, e in enumerate(expected) if fact_matches(p, e)] for p in predicted]
    owner: dict[int, int] = {}

    def augment(i: int, seen: set[int]) -> bool:
        for j in edges[i]:
            if j in seen:
                continue
            seen.add(j)
            if j not in owner or augment(owner[j], seen):
                owner[j] = i
                return True
        return False

    for i in range(len(predicted)):
        augment(i, set())
    return owner


# --------------------------------------------------------------------------------------------
# Similarity and the in-memory store
# --------------------------------------------------------------------------------------------


class Similarity:
    """Cosine similarity of MiniLM embeddings, or slot equality without the weights."""

    def __init__(self, use_model: bool = True) -> None:
        self.method = "slot equality"
        self._runner = None
        self._cache: dict[str, Any] = {}
        if use_model:
            try:
                from shared.providers.offline.minilm import get_runner

                self._runner = get_runner()
                self.method = "all-MiniLM-L6-v2 cosine"
            except Exception:
                self._runner = None

    def prepare(self, texts: Sequence[str]) -> None:
        missing = sorted({t for t in texts if t not in self._cache})
        if self._runner is not None and missing:
            for text, vector in zip(missing, self._runner.encode(missing), strict=True):
                self._cache[text] = vector

    def __call__(self, a_text: str, a_slot: str | None, b_text: str, b_slot: str | None) -> float:
        if self._runner is None:
            return 1.0 if a_slot and b_slot and a_slot.lower() == b_slot.lower() else 0.0
        self.prepare([a_text, b_text])
        return float(self._cache[a_text] @ self._cache[b_text])


@dataclass
class _Row:
    fact_id: uuid.UUID
    fact: ExtractedFact
    active: bool = True
    superseded_by: uuid.UUID | None = None
    valid_to: datetime | None = None


@dataclass
class Memory:
    """One user's facts, changed only through ``plan_change`` plans, like the Postgres store."""

    similarity: Similarity
    rows: dict[uuid.UUID, _Row] = field(default_factory=dict)

    def active(self) -> list[ExtractedFact]:
        return [r.fact for r in self.rows.values() if r.active]

    def valid_at(self, t: datetime) -> list[ExtractedFact]:
        """What the API's ``as_of`` answers: valid_from <= t < valid_to, whatever the status."""
        return [
            r.fact
            for r in self.rows.values()
            if _aware(r.fact.valid_from, t) <= t and (r.valid_to is None or t < _aware(r.valid_to, t))
        ]

    def neighbours(self, fact: ExtractedFact) -> list[ActiveFact]:
        scored = []
        mine = speaker_of(fact.slot)
        for row in self.rows.values():
            # As the store: another named speaker's facts are left out before the top-k cut.
            if not row.active or speaker_of(row.fact.slot) not in (None, mine):
                continue
            sim = self.similarity(fact.text, fact.slot, row.fact.text, row.fact.slot)
            scored.append((sim, row))
        scored.sort(key=lambda pair: (-pair[0], str(pair[1].fact_id)))
        norm = normalize_text(fact.text)
        # As shared.storage.facts.neighbours: a thing-only retraction ("*:rex") also brings every fact
        # whose text names the thing, however the vectors fall.
        plain = without_speaker(fact.slot)  # a named speaker's "*:oscar~lena" names oscar
        thing = plain[2:].replace("-", " ").lower() if plain and plain.startswith("*:") else ""
        # And every context of the candidate's base slot ("tool:database" for "tool:database@family").
        # A slotless speaker's fact ("~maya") has no base; a speaker's slot brings the plain one too (facts
        # stored before slots named speakers).
        base = base_slot(fact.slot) if without_speaker(fact.slot) else None
        bases = {base, base.split("~", 1)[0]} if base else set()
        picked = {id(r): (s, r) for s, r in scored[:TOP_K] if s >= FLOOR}
        for s, r in scored:
            if (
                (r.fact.slot and base_slot(r.fact.slot) in bases)
                or normalize_text(r.fact.text) == norm
                or (thing and thing in r.fact.text.lower())
            ):
                picked[id(r)] = (s, r)
        ordered = sorted(picked.values(), key=lambda pair: (-pair[0], str(pair[1].fact_id)))
        # As the consolidator: only the candidate's own speaker's facts, slots without the speaker.
        return same_speakers(
            fact.slot,
            [
                ActiveFact(
                    r.fact_id,
                    r.fact.text,
                    normalize_text(r.fact.text),
                    r.fact.slot,
                    r.fact.valid_from,
                    s,
                    r.fact.language,
                )
                for s, r in ordered
            ],
        )

    def apply(
        self, fact: ExtractedFact, decision: Decision, near: Sequence[ActiveFact], said_at: datetime | None = None
    ) -> Op:
        plan = plan_change(_view(fact, said_at), decision, near)
        new_id = uuid.uuid4()
        if plan.insert_active:
            self.rows[new_id] = _Row(new_id, fact, valid_to=fact.valid_to)  # a dated event ends (#14)
        elif plan.insert_history_of is not None:
            self.rows[new_id] = _Row(new_id, fact, False, plan.insert_history_of, plan.history_valid_to)
        elif plan.retracted_at is not None:
            self.rows[new_id] = _Row(new_id, fact, False, valid_to=plan.retracted_at)
        if plan.supersede is not None:
            self.rows[plan.supersede].active = False
            self.rows[plan.supersede].superseded_by = new_id
            self.rows[plan.supersede].valid_to = plan.ends_at
        if plan.retract is not None:
            self.rows[plan.retract].active = False
            self.rows[plan.retract].valid_to = plan.ends_at
        return plan.op


def _aware(moment: datetime, like: datetime) -> datetime:
    """A naive datetime read in the time zone of the one it is compared with."""
    return moment.replace(tzinfo=like.tzinfo) if moment.tzinfo is None else moment


def _view(fact: ExtractedFact, said_at: datetime | None) -> CandidateView:
    view = CandidateView(fact.text, fact.slot, fact.negated, fact.valid_from, said_at, fact.value, fact.language)
    return speakers_own(view, [])[0]  # the slot without the speaker, as the consolidator shows it


async def consolidate(
    memory: Memory, facts: Sequence[ExtractedFact], decider: Any, said_at: datetime | None = None
) -> tuple[list[Op], bool]:
    """One batch (one message's facts, said at ``said_at``), as consolidate_user does it (without
    late-retraction tombstones, which an in-order replay never meets). Returns the applied ops and
    whether a decider call was made."""
    memory.similarity.prepare([f.text for f in facts] + [r.fact.text for r in memory.rows.values()])
    ops: list[Op] = []
    pending: list[tuple[ExtractedFact, list[ActiveFact]]] = []
    # The pipeline's application order (shared.domain.consolidation.application_order), one message's facts.
    for fact in sorted(facts, key=lambda f: (f.valid_from, not f.negated, normalize_text(f.text))):
        near = memory.neighbours(fact)
        decision = decide_by_rule(_view(fact, said_at), near)
        if decision is None:
            pending.append((fact, near))
        else:
            ops.append(memory.apply(fact, decision, near, said_at))
    if not pending:
        return ops, False
    items = [decision_item(_view(f, said_at), near) for f, near in pending]
    decisions = await decider.decide(items)
    for (fact, seen), decision in zip(pending, decisions, strict=True):
        near = memory.neighbours(fact)
        if [n.fact_id for n in near] != [n.fact_id for n in seen]:
            # An earlier candidate of this batch changed what this one is compared with: decide it
            # again on what is there now, as the service layer does.
            view = _view(fact, said_at)
            decision = decide_by_rule(view, near)
            if decision is None:
                [decision] = await decider.decide([decision_item(view, near)])
        ops.append(memory.apply(fact, decision, near, said_at))
    return ops, True


# --------------------------------------------------------------------------------------------
# Replaying a conversation
# --------------------------------------------------------------------------------------------


@dataclass
class Replay:
    predicted: list[ExtractedFact]
    active: list[ExtractedFact]
    memory: Memory
    user_turns: int
    extraction_calls: int
    decision_calls: int
    summary_calls: int
    profile_calls: int


async def replay(
    conversation: dict[str, Any],
    extractor: Any,
    decider: Any,
    similarity: Similarity,
    summarizer: Any | None = None,
) -> Replay:
    turns = turns_of(conversation)
    memory = Memory(similarity)
    predicted: list[ExtractedFact] = []
    summary = ""
    summary_end = 0  # the turns before this index are the summary's
    user_turns = summarized = changes = 0
    digested = False
    calls: Counter[str] = Counter()
    for i, turn in enumerate(turns):
        if turn.role != "user":
            continue
        user_turns += 1
        start = max(0, i - CONTEXT_MESSAGES)
        context = tuple(turns[start:i])
        if _worth_a_call((*context, turn), len(context)):
            # As the extractor does: the context turns the summary covers are marked, and a prompt leaves them out.
            covered = min(len(context), max(0, summary_end - start)) if summary else 0
            request = ExtractionInput(
                new_turns=(turn,), context_turns=context, summary=summary, summarized_context=covered
            )
            result = await extractor.extract(request)
            calls["extraction"] += 1
            predicted.extend(result.facts)
            ops, decided = await consolidate(memory, result.facts, decider, turn.created_at)
            calls["decision"] += decided
            changes += sum(op is not Op.NONE for op in ops)
            # The summarizer's debounce (no session ends here: a conversation is not closed).
            due = profile_due(
                has_digest=digested,
                has_facts=bool(memory.active()),
                changes_since=changes,
                every=PROFILE_EVERY,
                session_ended=False,
            )
            if summarizer is not None and changes and due:
                await summarizer.profile_digest([(f.category.value, f.text) for f in memory.active()])
                calls["profile"] += 1
                digested, changes = True, 0
        # The summarizer's own checkpoints: N user turns and enough characters since the last one.
        checkpoint = summary_checkpoint(turns[: i + 1], SUMMARY_EVERY, False, SUMMARY_MIN_CHARS)
        if summarizer is not None and checkpoint > summarized:
            summary = await summarizer.summarize_session(turns[: i + 1])
            summary_end = i + 1
            summarized = checkpoint
            calls["summary"] += 1
    return Replay(
        predicted,
        memory.active(),
        memory,
        user_turns,
        calls["extraction"],
        calls["decision"],
        calls["summary"],
        calls["profile"],
    )


async def gold_end_state(conversation: dict[str, Any], similarity: Similarity) -> Memory:
    """Consolidate the expected facts, turn by turn, with the offline decider."""
    from shared.providers.offline.providers import OfflineDecisionProvider

    memory = Memory(similarity)
    facts = expected_facts(conversation)
    by_turn: dict[str, list[ExtractedFact]] = {}
    for fact in facts:
        by_turn.setdefault(fact.source_event_ids[0], []).append(fact)
    for turn in turns_of(conversation):
        if turn.event_id in by_turn:
            await consolidate(memory, by_turn[turn.event_id], OfflineDecisionProvider(), turn.created_at)
    return memory


# --------------------------------------------------------------------------------------------
# Scoring
# --------------------------------------------------------------------------------------------


@dataclass
class Score:
    predicted: int = 0
    expected: int = 0
    matched: int = 0

    def add(self, predicted: Sequence[ExtractedFact], expected: Sequence[dict[str, Any]]) -> int:
        m = matched_pairs(predicted, expected)
        self.predicted += len(predicted)
        self.expected += len(expected)
        self.matched += m
        return m

    @property
    def precision(self) -> float:
        return self.matched / self.predicted if self.predicted else 1.0

    @property
    def recall(self) -> float:
        return self.matched / self.expected if self.expected else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "precision": round(self.precision, 4),
            "recall": round(self.recall, 4),
            "f1": round(self.f1, 4),
            "predicted": self.predicted,
            "expected": self.expected,
            "matched": self.matched,
        }


def expected_active(conversation: dict[str, Any]) -> list[dict[str, Any]]:
    return [conversation["expected_facts"][i] for i in conversation["expected_active"]]


def state_exact(active: Sequence[ExtractedFact], expected: Sequence[dict[str, Any]]) -> bool:
    return len(active) == len(expected) == matched_pairs(active, expected)


@dataclass
class Tally:
    """Counts for one split or one tag: extraction, end state, as_of checks."""

    extraction: Score = field(default_factory=Score)
    state: Score = field(default_factory=Score)
    gold_state: Score = field(default_factory=Score)
    conversations: int = 0
    exact: int = 0
    gold_exact: int = 0
    as_of_checks: int = 0
    as_of_right: int = 0
    gold_as_of_right: int = 0
    stated_expected: int = 0
    stated_right: int = 0

    def as_dict(self) -> dict[str, Any]:
        n = self.conversations or 1
        return {
            "conversations": self.conversations,
            "extraction": self.extraction.as_dict(),
            "end_state_accuracy": round(self.exact / n, 4),
            "end_state_facts": self.state.as_dict(),
            "gold_end_state_accuracy": round(self.gold_exact / n, 4),
            "gold_end_state_facts": self.gold_state.as_dict(),
            "as_of_checks": self.as_of_checks,
            "as_of_right": self.as_of_right,
            "as_of_right_from_expected_facts": self.gold_as_of_right,
            "stated_times_expected": self.stated_expected,
            "stated_times_right": self.stated_right,
        }


@dataclass
class Quality:
    """One run: a Tally per split and per (split, tag); failure ids only for the tuning split."""

    splits: dict[str, Tally] = field(default_factory=dict)
    by_tag: dict[str, dict[str, Tally]] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    failure_details: list[dict[str, Any]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "splits": {name: t.as_dict() for name, t in sorted(self.splits.items())},
            "by_tag": {
                name: {tag: t.as_dict() for tag, t in sorted(tags.items())}
                for name, tags in sorted(self.by_tag.items())
            },
            "tune_end_state_wrong": self.failures,
        }


def as_of_results(conversation: dict[str, Any], memory: Memory) -> list[bool]:
    """Each ``as_of`` check: are the facts valid at that moment exactly the expected ones?"""
    facts = conversation["expected_facts"]
    return [
        state_exact(memory.valid_at(datetime.fromisoformat(check["at"])), [facts[i] for i in check["active"]])
        for check in conversation.get("as_of", [])
    ]


def stated_times_right(conversation: dict[str, Any], predicted: Sequence[ExtractedFact]) -> tuple[int, int]:
    """(right, expected) over expected facts with a stated ``valid_from``: right when a matched
    prediction's valid_from falls in the stated period."""
    turns = turns_of(conversation)
    facts = conversation["expected_facts"]
    pairs = matching(predicted, facts)
    dated = [j for j, f in enumerate(facts) if "valid_from" in f]
    right = 0
    for j in dated:
        if j in pairs:
            start, end = stated_period(facts[j]["valid_from"], turns[facts[j]["msg"]].created_at)
            right += start <= _aware(predicted[pairs[j]].valid_from, start) < end
    return right, len(dated)


async def evaluate_quality(
    conversations: Sequence[dict[str, Any]],
    extractor: Any,
    decider: Any,
    similarity: Similarity,
    summarizer: Any | None = None,
    *,
    gold: bool = True,
    details: bool = False,
) -> tuple[Quality, list[Replay]]:
    quality = Quality()
    replays = []
    for conversation in conversations:
        run = await replay(conversation, extractor, decider, similarity, summarizer)
        replays.append(run)
        split = conversation["split"]
        wanted = expected_active(conversation)
        exact = state_exact(run.active, wanted)
        checks = as_of_results(conversation, run.memory)
        gold_memory = await gold_end_state(conversation, similarity) if gold else None
        gold_active = gold_memory.active() if gold_memory is not None else None
        gold_checks = as_of_results(conversation, gold_memory) if gold_memory is not None else []
        stated_right, stated_expected = stated_times_right(conversation, run.predicted)
        tallies = [quality.splits.setdefault(split, Tally())]
        tallies += [quality.by_tag.setdefault(split, {}).setdefault(tag, Tally()) for tag in conversation["tags"]]
        for tally in tallies:
            tally.conversations += 1
            tally.extraction.add(run.predicted, conversation["expected_facts"])
            tally.state.add(run.active, wanted)
            tally.exact += exact
            tally.as_of_checks += len(checks)
            tally.as_of_right += sum(checks)
            tally.gold_as_of_right += sum(gold_checks)
            tally.stated_expected += stated_expected
            tally.stated_right += stated_right
            if gold_active is not None:
                tally.gold_state.add(gold_active, wanted)
                tally.gold_exact += state_exact(gold_active, wanted)
        if split == "tune" and (not exact or not all(checks)):
            quality.failures.append(conversation["id"])
            if details:
                quality.failure_details.append(
                    {
                        "id": conversation["id"],
                        "tags": conversation["tags"],
                        "user": [m["content"] for m in conversation["messages"] if m["role"] == "user"],
                        "expected": [f["text"] for f in conversation["expected_facts"]],
                        "predicted": [
                            f"{'NOT ' if f.negated else ''}{f.text} [{f.slot}] {f.valid_from:%Y-%m-%d}"
                            for f in run.predicted
                        ],
                        "active": [f.text for f in run.active],
                        "expected_active": [f["text"] for f in wanted],
                        "as_of": checks,
                        "unmatched_predicted": [
                            f.text
                            for i, f in enumerate(run.predicted)
                            if i not in set(matching(run.predicted, conversation["expected_facts"]).values())
                        ],
                        "as_of_detail": [
                            [c["at"], [f.text for f in run.memory.valid_at(datetime.fromisoformat(c["at"]))]]
                            for c in conversation.get("as_of", [])
                        ],
                        "expected_periods": [f.get("valid_from") for f in conversation["expected_facts"]],
                    }
                )
    return quality, replays


# --------------------------------------------------------------------------------------------
# Prompt economy through the openai provider
# --------------------------------------------------------------------------------------------


async def evaluate_economy(conversations: Sequence[dict[str, Any]], similarity: Similarity) -> dict[str, Any]:
    from shared.providers.openai_provider import (
        EndpointConfig,
        OpenAIDecisionProvider,
        OpenAIExtractionProvider,
        OpenAISummaryProvider,
    )
    from tests.fakes.openai_server import FakeOpenAIServer

    with FakeOpenAIServer() as server:
        config = EndpointConfig(base_url=server.base_url, timeout_s=30, max_retries=2)
        extractor = OpenAIExtractionProvider(model="eval-model", config=config)
        decider = OpenAIDecisionProvider(model="eval-model", config=config)
        summarizer = OpenAISummaryProvider(model="eval-model", config=config)
        started = time.perf_counter()
        quality, replays = await evaluate_quality(conversations, extractor, decider, similarity, summarizer)
        elapsed = time.perf_counter() - started
        stats = server.snapshot()
        tokenizer = server.tokens.method
    turns = sum(r.user_turns for r in replays)
    rows = {}
    for task in ("extraction", "decision", "summary", "profile"):
        calls = stats["requests"].get(task, 0)
        tokens = stats["prompt_tokens"].get(task, 0)
        rows[task] = {
            "calls": calls,
            "prompt_tokens": tokens,
            "completion_tokens": stats["completion_tokens"].get(task, 0),
            "calls_per_user_turn": round(calls / turns, 3),
            "prompt_tokens_per_user_turn": round(tokens / turns, 1),
            "prompt_tokens_per_call": round(tokens / calls, 1) if calls else 0,
        }

    def total(tasks: Sequence[str]) -> dict[str, Any]:
        calls = sum(rows[t]["calls"] for t in tasks)
        tokens = sum(rows[t]["prompt_tokens"] for t in tasks)
        return {
            "calls": calls,
            "prompt_tokens": tokens,
            "completion_tokens": sum(rows[t]["completion_tokens"] for t in tasks),
            "calls_per_user_turn": round(calls / turns, 3),
            "prompt_tokens_per_user_turn": round(tokens / turns, 1),
            "prompt_tokens_per_call": round(tokens / calls, 1) if calls else 0,
        }

    rows["memory path (extraction + decision)"] = total(("extraction", "decision"))
    rows["all calls"] = total(("extraction", "decision", "summary", "profile"))
    skipped = turns - rows["extraction"]["calls"]
    provider_tokens = extractor.usage.prompt_tokens + decider.usage.prompt_tokens + summarizer.usage.prompt_tokens
    return {
        "user_turns": turns,
        "turns_without_a_call": skipped,
        "tokenizer": tokenizer,
        "tasks": rows,
        "provider_reported_prompt_tokens": provider_tokens,
        "quality_through_openai_provider": quality.as_dict(),
        "seconds": round(elapsed, 2),
    }


# --------------------------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------------------------


def _fig(tally: dict[str, Any] | None, key: str) -> str:
    if tally is None:
        return "    - "
    if key == "as_of":
        return f"{tally['as_of_right']:>2}/{tally['as_of_checks']:<2}" if tally["as_of_checks"] else "   - "
    if key == "stated":
        return (
            f"{tally['stated_times_right']:>2}/{tally['stated_times_expected']:<2}"
            if tally["stated_times_expected"]
            else "   - "
        )
    if key == "end":
        return f"{tally['end_state_accuracy']:5.3f}"
    return f"{tally['extraction'][key]:5.3f}"


def render(results: dict[str, Any]) -> str:
    after, before = results["after"], results.get("before")
    lines = [
        f"memstream eval: {results['conversations']} conversations, {results['user_turns']} user turns, "
        f"{results['expected_facts']} expected facts ({', '.join(results['datasets'])})",
        f"similarity: {results['similarity']}; before = extraction_rules.py at {results['before_ref']}"
        + ("" if before else " (not available)"),
    ]
    for split in SPLITS:
        now = after["splits"].get(split)
        if now is None:
            continue
        then = before["splits"].get(split) if before else None
        lines += [
            "",
            f"{split.upper()} split: {now['conversations']} conversations"
            + ("  (never looked at while tuning)" if split == "test" else ""),
            "                                          before    after",
        ]
        for label, key in (("extraction precision", "precision"), ("extraction recall", "recall")):
            lines.append(f"  {label:<38} {_fig(then, key)}    {_fig(now, key)}")
        lines.append(f"  {'end-state accuracy':<38} {_fig(then, 'end')}    {_fig(now, 'end')}")
        lines.append(f"  {'as_of checks right':<38} {_fig(then, 'as_of')}    {_fig(now, 'as_of')}")
        lines.append(f"  {'stated times right (valid_from)':<38} {_fig(then, 'stated')}    {_fig(now, 'stated')}")
        lines.append(
            f"  {'end-state from expected facts':<38}   {now['gold_end_state_accuracy']:5.3f}  (consolidation alone)"
        )
        lines += [
            "",
            f"  by tag ({split})                      n   precision      recall       end state     as_of",
            "                                            before after  before after  before after  before after",
        ]
        for tag, t in after["by_tag"].get(split, {}).items():
            b = before["by_tag"].get(split, {}).get(tag) if before else None
            lines.append(
                f"  {tag:<32} {t['conversations']:3d}   {_fig(b, 'precision')} {_fig(t, 'precision')}"
                f"   {_fig(b, 'recall')} {_fig(t, 'recall')}   {_fig(b, 'end')} {_fig(t, 'end')}"
                f"   {_fig(b, 'as_of')} {_fig(t, 'as_of')}"
            )
    lines.append(f"  tune end state or as_of wrong: {', '.join(after['tune_end_state_wrong']) or '-'}")
    economy = results.get("economy")
    if economy:
        lines += [
            "",
            f"Prompt economy on {economy['dataset']} (openai provider -> loopback server;"
            f" tokens: {economy['tokenizer']})",
            "  task                                   calls  calls/turn  prompt tok  tok/turn  tok/call",
        ]
        for task, row in economy["tasks"].items():
            lines.append(
                f"  {task:<38} {row['calls']:5d}  {row['calls_per_user_turn']:10.3f}  {row['prompt_tokens']:10d}"
                f"  {row['prompt_tokens_per_user_turn']:8.1f}  {row['prompt_tokens_per_call']:8.1f}"
            )
        memory = economy["tasks"]["memory path (extraction + decision)"]
        verdict = (
            memory["calls_per_user_turn"] <= TARGET_CALLS_PER_TURN
            and memory["prompt_tokens_per_user_turn"] <= TARGET_TOKENS_PER_TURN
        )
        through = economy["quality_through_openai_provider"]["splits"]
        offline = economy["quality_offline_same_set"]["splits"]
        same = all(through[k]["extraction"] == offline[k]["extraction"] for k in through)
        lines += [
            f"  turns without a call (triage): {economy['turns_without_a_call']} of {economy['user_turns']}",
            f"  target <= {TARGET_CALLS_PER_TURN:g} call and <= {TARGET_TOKENS_PER_TURN} prompt tokens per user turn"
            f" (memory path): {'met' if verdict else 'NOT met'}",
            f"  quality through the provider equals the offline run: {'yes' if same else 'NO'}",
        ]
    lines.append(f"\nresults written to {results['output']}" if results.get("output") else "")
    return "\n".join(lines)


class _ModuleExtractor:
    """An extractor from a module's ``extract_facts`` (the baseline's)."""

    def __init__(self, extract: Any) -> None:
        self._extract = extract

    async def extract(self, request: ExtractionInput) -> Any:
        from shared.domain.models import ExtractionResult

        return ExtractionResult(facts=self._extract(request))


def baseline_extractor(ref: str) -> _ModuleExtractor | None:
    """``extraction_rules.py`` as it was at ``ref``, loaded as its own module; None without git."""
    try:
        source = subprocess.run(
            ["git", "-C", str(ROOT), "show", f"{ref}:shared/providers/offline/extraction_rules.py"],
            capture_output=True,
            text=True,
            check=True,
            timeout=30,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    name = f"_extraction_rules_at_{ref}"
    module = types.ModuleType(name)
    sys.modules[name] = module  # dataclasses look their module up
    exec(compile(source, f"{ref}:shared/providers/offline/extraction_rules.py", "exec"), module.__dict__)
    return _ModuleExtractor(module.extract_facts)


def default_output() -> Path:
    from shared.settings import Settings

    return Settings().data_dir / "eval" / "eval_results.json"


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    from shared.providers.offline.providers import OfflineDecisionProvider, OfflineExtractionProvider

    paths = [Path(p) for p in args.data] if args.data else [p for p in DATASETS if p.exists()]
    conversations = [c for path in paths for c in load(path)]
    if args.split:
        conversations = [c for c in conversations if c["split"] == args.split]
    similarity = Similarity(use_model=not args.no_model)
    quality, _ = await evaluate_quality(
        conversations, OfflineExtractionProvider(), OfflineDecisionProvider(), similarity, details=args.failures
    )
    results: dict[str, Any] = {
        "datasets": [str(p.resolve().relative_to(ROOT)) if p.resolve().is_relative_to(ROOT) else str(p) for p in paths],
        "conversations": len(conversations),
        "user_turns": sum(1 for c in conversations for m in c["messages"] if m["role"] == "user"),
        "expected_facts": sum(len(c["expected_facts"]) for c in conversations),
        "similarity": similarity.method,
        "matching": "negated and language equal, every expected keyword in the predicted text (whole words)",
        "before_ref": args.before_ref,
        "after": quality.as_dict(),
    }
    baseline = None if args.no_before else baseline_extractor(args.before_ref)
    if baseline is not None:
        before, _ = await evaluate_quality(conversations, baseline, OfflineDecisionProvider(), similarity, gold=False)
        results["before"] = before.as_dict()
    if args.failures:
        results["tune_failures"] = quality.failure_details
    if not args.no_llm:
        # The prompt economy is measured on the first set (as published before the v2 set); it runs
        # over HTTP, and the whole set would take most of make eval's two minutes.
        first = {c["id"] for c in load(paths[0])} if paths else set()
        subset = [c for c in conversations if c["id"] in first] or conversations
        results["economy"] = await evaluate_economy(subset, similarity)
        offline, _ = await evaluate_quality(
            subset, OfflineExtractionProvider(), OfflineDecisionProvider(), similarity, gold=False
        )
        results["economy"]["quality_offline_same_set"] = offline.as_dict()
        results["economy"]["dataset"] = results["datasets"][0] if results["datasets"] else ""
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--data", action="append", help="a JSONL set (repeatable); default: bench/data/eval_conversations*.jsonl"
    )
    parser.add_argument(
        "--output", default=None, help="results JSON (default: <data_dir>/eval/eval_results.json; '' to skip)"
    )
    parser.add_argument("--split", choices=SPLITS, help="only the conversations of this split")
    parser.add_argument("--before-ref", default=BASELINE_REF, help="git ref of the extractor to compare with")
    parser.add_argument("--no-before", action="store_true", help="skip the run with the baseline extractor")
    parser.add_argument("--no-llm", action="store_true", help="skip the prompt-economy run (loopback server)")
    parser.add_argument("--no-model", action="store_true", help="similarity by slot equality, not MiniLM")
    parser.add_argument("--failures", action="store_true", help="print the tuning split's failures (never the test's)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()
    from shared.telemetry import configure_logging

    configure_logging("WARNING", json_logs=False)
    results = asyncio.run(main_async(args))
    output = default_output() if args.output is None else (Path(args.output) if args.output else None)
    if output is not None:
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        results["output"] = str(output)
    if args.failures:
        for failure in results.get("tune_failures", []):
            print(json.dumps(failure, ensure_ascii=False, indent=1))
    print(json.dumps(results, indent=2, ensure_ascii=False) if args.json else render(results))


if __name__ == "__main__":
    main()
