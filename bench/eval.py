"""Evaluation on bench/data/eval_conversations.jsonl: extraction quality, end state, prompt economy.

    make eval                                  # or: .venv/bin/python bench/eval.py
    .venv/bin/python bench/eval.py --no-llm    # quality only, without the loopback server
    .venv/bin/python bench/eval.py --json      # the results as JSON on stdout

Every conversation is replayed the way the stages see a live chat: one message at a time. Each
user turn the extractor's triage (``services/extractor/stage.py``) keeps becomes one extraction
request (that turn, the 6 messages before it as context, the session summary); its facts are then
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
   every ``MEMSTREAM_SUMMARY_EVERY_USER_TURNS`` (4) user turns; a profile digest after each turn
   that changed a fact, as the summarizer does.

**Matching.** A predicted fact matches an expected one when their ``negated`` flags and languages
agree and every keyword of the expected fact occurs in the predicted text as a whole word or
phrase (lowercased; ``a|b`` means either). Keywords are what a right fact must say: its value
(default) and, for dated facts, the absolute date. Slots are not compared here; they decide what
replaces what, which the end-state figures measure. Matching is one-to-one (maximum bipartite).

**Format extensions** (all optional, so older sets still load; ``bench/data/eval_conversations_v2.jsonl``
uses them):

- ``split`` on a conversation: ``"tune"`` or ``"test"``; ``--split`` evaluates one of them.
- ``name`` on a message: the speaker, as in the OpenAI chat format. Two-speaker logs have two named
  ``user`` speakers; their facts name the speaker ("Caroline lives in Edinburgh"), so the name is
  one of the keywords. Passed to the extractor once ``Turn`` carries a ``name``.
- ``valid_from`` on an expected fact: the valid time the user stated, as the period it names, in
  the message's time zone: ``2019`` (a year), ``2026-05`` (a month), ``2026-03-13`` (a day),
  ``2026-03-13T09:00`` (a minute), or ``start/end`` (inclusive, e.g. ``2026-03-02/2026-03-08`` for
  "last week"). A predicted fact's ``valid_from`` is right when it falls in that period (reported as
  "stated times"); without it the message time is expected. The gold run uses the period's start.
- ``as_of`` on a conversation: ``[{"at": ISO datetime, "active": [expected-fact indices]}]``. After
  the replay, the facts valid at ``at`` (``valid_from <= at < valid_to``, whatever their status, as
  the API's ``as_of`` query) must be exactly those, matched as above. A superseded or retracted
  fact's ``valid_to`` is its successor's (or retraction's) ``valid_from``, as ``plan_change`` says.

Conventions of the v2 set. Expected slots (used only by the gold run) are ``<context>/<slot>`` for
a fact that belongs to one context (``work``, ``side_project``, ``personal``, ``family``,
``volunteer``), so that contexts never share a slot, and ``<speaker>/<slot>`` in two-speaker logs.
About other people only the user's relation to a named person or pet is a fact ("my husband Raj");
what others are, like, say or do ("my friend lives in Copenhagen", "my boss says ...") is not, nor
is anything hypothetical, asked, requested, quoted, joked, or claimed by the assistant or by the
other speaker. "Left X in June and joined Y" is a retraction dated June and a new fact from the
message time (its start was not stated). A stated period that is fuzzy ("three weeks ago") is
given as a range, and ``as_of`` checks avoid the inside of ranges.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import re
import sys
import time
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
from shared.domain.consolidation import (  # noqa: E402
    ActiveFact,
    CandidateView,
    decide_by_rule,
    decision_item,
    normalize_text,
    plan_change,
)
from shared.domain.models import Decision, ExtractedFact, ExtractionInput, Op, Turn  # noqa: E402

DATA = ROOT / "bench" / "data" / "eval_conversations.jsonl"
DATA_V2 = ROOT / "bench" / "data" / "eval_conversations_v2.jsonl"  # issue 12's classes, tune/test split
RESULTS = ROOT / "bench" / "eval_results.json"
TOP_K = 5
FLOOR = 0.55
CONTEXT_MESSAGES = 6
SUMMARY_EVERY = 4
TARGET_CALLS_PER_TURN = 1.0
TARGET_TOKENS_PER_TURN = 1500


# --------------------------------------------------------------------------------------------
# The set
# --------------------------------------------------------------------------------------------


def load(path: Path = DATA) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


# Speaker names reach the extractor as soon as the domain's Turn has a field for them.
_TURN_HAS_NAME = "name" in {f.name for f in dataclasses.fields(Turn)}


def turns_of(conversation: dict[str, Any]) -> list[Turn]:
    return [
        Turn(
            f"{conversation['id']}-m{i}",
            m["role"],
            m["content"],
            datetime.fromisoformat(m["created_at"]),
            **({"name": m["name"]} if _TURN_HAS_NAME and m.get("name") else {}),
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
        for row in self.rows.values():
            if not row.active:
                continue
            sim = self.similarity(fact.text, fact.slot, row.fact.text, row.fact.slot)
            scored.append((sim, row))
        scored.sort(key=lambda pair: (-pair[0], str(pair[1].fact_id)))
        norm = normalize_text(fact.text)
        picked = {id(r): (s, r) for s, r in scored[:TOP_K] if s >= FLOOR}
        for s, r in scored:
            if (fact.slot and r.fact.slot == fact.slot) or normalize_text(r.fact.text) == norm:
                picked[id(r)] = (s, r)
        ordered = sorted(picked.values(), key=lambda pair: (-pair[0], str(pair[1].fact_id)))
        return [
            ActiveFact(r.fact_id, r.fact.text, normalize_text(r.fact.text), r.fact.slot, r.fact.valid_from, s)
            for s, r in ordered
        ]

    def apply(self, fact: ExtractedFact, decision: Decision, near: Sequence[ActiveFact]) -> Op:
        view = CandidateView(fact.text, fact.slot, fact.negated, fact.valid_from)
        plan = plan_change(view, decision, near)
        new_id = uuid.uuid4()
        if plan.insert_active:
            self.rows[new_id] = _Row(new_id, fact)
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


async def consolidate(memory: Memory, facts: Sequence[ExtractedFact], decider: Any) -> tuple[list[Op], bool]:
    """One batch, as consolidate_user does it (without late-retraction tombstones, which an
    in-order replay never meets). Returns the applied ops and whether a decider call was made."""
    memory.similarity.prepare([f.text for f in facts] + [r.fact.text for r in memory.rows.values()])
    ops: list[Op] = []
    pending: list[tuple[ExtractedFact, list[ActiveFact]]] = []
    for fact in sorted(facts, key=lambda f: f.valid_from):
        near = memory.neighbours(fact)
        view = CandidateView(fact.text, fact.slot, fact.negated, fact.valid_from)
        decision = decide_by_rule(view, near)
        if decision is None:
            pending.append((fact, near))
        else:
            ops.append(memory.apply(fact, decision, near))
    if not pending:
        return ops, False
    items = [decision_item(CandidateView(f.text, f.slot, f.negated, f.valid_from), near) for f, near in pending]
    decisions = await decider.decide(items)
    for (fact, seen), decision in zip(pending, decisions, strict=True):
        near = memory.neighbours(fact)
        if [n.fact_id for n in near] != [n.fact_id for n in seen]:
            # An earlier candidate of this batch changed what this one is compared with: decide it
            # again on what is there now, as the service layer does.
            view = CandidateView(fact.text, fact.slot, fact.negated, fact.valid_from)
            decision = decide_by_rule(view, near)
            if decision is None:
                [decision] = await decider.decide([decision_item(view, near)])
        ops.append(memory.apply(fact, decision, near))
    return ops, True


# --------------------------------------------------------------------------------------------
# Replaying a conversation
# --------------------------------------------------------------------------------------------


@dataclass
class Replay:
    predicted: list[ExtractedFact]
    active: list[ExtractedFact]
    user_turns: int
    extraction_calls: int
    decision_calls: int
    summary_calls: int
    profile_calls: int
    memory: Memory | None = None


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
    user_turns = summarized = 0
    calls: Counter[str] = Counter()
    for i, turn in enumerate(turns):
        if turn.role != "user":
            continue
        user_turns += 1
        context = tuple(turns[max(0, i - CONTEXT_MESSAGES) : i])
        if _worth_a_call((*context, turn), len(context)):
            result = await extractor.extract(ExtractionInput(new_turns=(turn,), context_turns=context, summary=summary))
            calls["extraction"] += 1
            predicted.extend(result.facts)
            ops, decided = await consolidate(memory, result.facts, decider)
            calls["decision"] += decided
            if summarizer is not None and any(op is not Op.NONE for op in ops):
                await summarizer.profile_digest([(f.category.value, f.text) for f in memory.active()])
                calls["profile"] += 1
        if summarizer is not None and user_turns - summarized >= SUMMARY_EVERY:
            summary = await summarizer.summarize_session(turns[: i + 1])
            summarized = user_turns
            calls["summary"] += 1
    return Replay(
        predicted,
        memory.active(),
        user_turns,
        calls["extraction"],
        calls["decision"],
        calls["summary"],
        calls["profile"],
        memory,
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
            await consolidate(memory, by_turn[turn.event_id], OfflineDecisionProvider())
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


@dataclass
class Quality:
    extraction: Score = field(default_factory=Score)
    state: Score = field(default_factory=Score)
    gold_state: Score = field(default_factory=Score)
    exact: int = 0
    gold_exact: int = 0
    conversations: int = 0
    as_of_passed: int = 0
    gold_as_of_passed: int = 0
    as_of_checks: int = 0
    stated_right: int = 0
    stated_expected: int = 0
    by_tag: dict[str, Score] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        n = self.conversations or 1
        return {
            "extraction": self.extraction.as_dict(),
            "end_state_accuracy": round(self.exact / n, 4),
            "end_state_facts": self.state.as_dict(),
            "gold_end_state_accuracy": round(self.gold_exact / n, 4),
            "gold_end_state_facts": self.gold_state.as_dict(),
            "as_of_checks": {
                "checks": self.as_of_checks,
                "passed": self.as_of_passed,
                "accuracy": round(self.as_of_passed / self.as_of_checks, 4) if self.as_of_checks else None,
                "passed_from_expected_facts": self.gold_as_of_passed,
            },
            "stated_times": {
                "expected": self.stated_expected,
                "right": self.stated_right,
                "accuracy": round(self.stated_right / self.stated_expected, 4) if self.stated_expected else None,
            },
            "extraction_by_tag": {tag: s.as_dict() for tag, s in sorted(self.by_tag.items())},
            "end_state_wrong": self.failures,
        }


async def evaluate_quality(
    conversations: Sequence[dict[str, Any]],
    extractor: Any,
    decider: Any,
    similarity: Similarity,
    summarizer: Any | None = None,
) -> tuple[Quality, list[Replay]]:
    quality = Quality()
    replays = []
    for conversation in conversations:
        run = await replay(conversation, extractor, decider, similarity, summarizer)
        replays.append(run)
        quality.conversations += 1
        quality.extraction.add(run.predicted, conversation["expected_facts"])
        for tag in conversation["tags"]:
            quality.by_tag.setdefault(tag, Score()).add(run.predicted, conversation["expected_facts"])
        wanted = expected_active(conversation)
        quality.state.add(run.active, wanted)
        if state_exact(run.active, wanted):
            quality.exact += 1
        else:
            quality.failures.append(conversation["id"])
        gold = await gold_end_state(conversation, similarity)
        quality.gold_state.add(gold.active(), wanted)
        quality.gold_exact += state_exact(gold.active(), wanted)
        checks = as_of_results(conversation, run.memory)
        quality.as_of_checks += len(checks)
        quality.as_of_passed += sum(checks)
        quality.gold_as_of_passed += sum(as_of_results(conversation, gold))
        right, dated = stated_times_right(conversation, run.predicted)
        quality.stated_right += right
        quality.stated_expected += dated
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


def render(results: dict[str, Any]) -> str:
    q = results["quality"]
    lines = [
        f"memstream eval: {results['conversations']} conversations, {results['user_turns']} user turns, "
        f"{results['expected_facts']} expected facts ({results['dataset']}; split: {results['split']})",
        f"similarity: {results['similarity']}",
        "",
        "Quality (offline rules, in-process)        precision  recall     F1",
        "  extraction                                  {precision:6.3f}  {recall:6.3f}  {f1:6.3f}".format(
            **q["extraction"]
        ),
        "  active facts after consolidation            {precision:6.3f}  {recall:6.3f}  {f1:6.3f}".format(
            **q["end_state_facts"]
        ),
        f"  end-state accuracy (exact final state)      {q['end_state_accuracy']:6.3f}",
        f"  end-state accuracy from expected facts      {q['gold_end_state_accuracy']:6.3f}  (consolidation alone)",
    ]
    checks, stated = q["as_of_checks"], q["stated_times"]
    if checks["checks"]:
        lines.append(
            f"  as_of checks passed                         {checks['passed']:3d} of {checks['checks']}"
            f"  (from expected facts: {checks['passed_from_expected_facts']})"
        )
    if stated["expected"]:
        lines.append(f"  stated times right (valid_from in period)   {stated['right']:3d} of {stated['expected']}")
    lines += [
        "",
        "Extraction by tag                            precision  recall  expected",
    ]
    for tag, s in q["extraction_by_tag"].items():
        lines.append(f"  {tag:<40} {s['precision']:8.3f}  {s['recall']:6.3f}  {s['expected']:8d}")
    lines.append(f"  end state wrong: {', '.join(q['end_state_wrong']) or '-'}")
    economy = results.get("economy")
    if economy:
        lines += [
            "",
            f"Prompt economy (openai provider -> loopback server; tokens: {economy['tokenizer']})",
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
        same = economy["quality_through_openai_provider"]["extraction"] == q["extraction"]
        lines += [
            f"  turns without a call (triage): {economy['turns_without_a_call']} of {economy['user_turns']}",
            f"  target <= {TARGET_CALLS_PER_TURN:g} call and <= {TARGET_TOKENS_PER_TURN} prompt tokens per user turn"
            f" (memory path): {'met' if verdict else 'NOT met'}",
            f"  quality through the provider equals the offline run: {'yes' if same else 'NO'}",
        ]
    return "\n".join(lines)


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    from shared.providers.offline.providers import OfflineDecisionProvider, OfflineExtractionProvider

    conversations = [c for path in args.data or [str(DATA)] for c in load(Path(path))]
    if args.split:
        conversations = [c for c in conversations if c.get("split") == args.split]
    similarity = Similarity(use_model=not args.no_model)
    quality, _ = await evaluate_quality(
        conversations, OfflineExtractionProvider(), OfflineDecisionProvider(), similarity
    )
    results: dict[str, Any] = {
        "dataset": args.dataset_name,
        "split": args.split or "all",
        "conversations": len(conversations),
        "user_turns": sum(1 for c in conversations for m in c["messages"] if m["role"] == "user"),
        "expected_facts": sum(len(c["expected_facts"]) for c in conversations),
        "similarity": similarity.method,
        "matching": "negated and language equal, every expected keyword in the predicted text (whole words)",
        "quality": quality.as_dict(),
    }
    if not args.no_llm:
        results["economy"] = await evaluate_economy(conversations, similarity)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--data", action="append", help=f"a conversation set (repeatable; default {DATA.relative_to(ROOT)})"
    )
    parser.add_argument("--split", choices=("tune", "test"), help="only the conversations of this split")
    parser.add_argument("--output", default=str(RESULTS), help="where to write the results JSON ('' to skip)")
    parser.add_argument("--no-llm", action="store_true", help="skip the prompt-economy run (loopback server)")
    parser.add_argument("--no-model", action="store_true", help="similarity by slot equality, not MiniLM")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()
    from shared.telemetry import configure_logging

    configure_logging("WARNING", json_logs=False)
    names = []
    for path in args.data or [str(DATA)]:
        data = Path(path).resolve()
        names.append(str(data.relative_to(ROOT)) if data.is_relative_to(ROOT) else str(data))
    args.dataset_name = " + ".join(names)
    results = asyncio.run(main_async(args))
    if args.output:
        Path(args.output).write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps(results, indent=2, ensure_ascii=False) if args.json else render(results))


if __name__ == "__main__":
    main()
