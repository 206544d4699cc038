"""Helpers for extraction tests: the facts of one message, of the last message of a short exchange (the messages
before it as context, each user turn carrying its speaker's name, as the evaluation replays a two-speaker log), or
of a whole conversation replayed as the evaluation does; and how a test shows the facts it got.

Each test file keeps its own moment of speech (``at=``) where the day matters to what it asserts: the helpers
default to ``SAID``."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import UTC, datetime

import bench.eval as bench_eval
from shared.domain.models import ExtractedFact, ExtractionInput, Turn
from shared.providers.offline.extraction_rules import extract_facts
from shared.providers.offline.providers import OfflineDecisionProvider, OfflineExtractionProvider

# A Wednesday.
SAID = datetime(2026, 5, 20, 18, 30, tzinfo=UTC)


def _last_turn_facts(turns: Sequence[Turn]) -> list[ExtractedFact]:
    return extract_facts(ExtractionInput(new_turns=(turns[-1],), context_turns=tuple(turns[:-1])))


def message_facts(
    text: str,
    *before: str | tuple[str, str],
    at: datetime = SAID,
    name: str | None = None,
    role: str = "user",
) -> list[ExtractedFact]:
    """The facts of one message ``text`` (a user's unless ``role`` says otherwise, by ``name`` if given), said at
    ``at``. ``before`` are the messages before it, as context, said at the same moment: a plain text is a user's,
    a (role, text) pair is that role's."""
    earlier = [("user", said) if isinstance(said, str) else said for said in before]
    context = [Turn(f"c{i}", who, said, at) for i, (who, said) in enumerate(earlier)]
    return _last_turn_facts([*context, Turn("m1", role, text, at, name)])


def message_texts(text: str, *before: str | tuple[str, str], at: datetime = SAID, name: str | None = None) -> list[str]:
    """The texts of ``message_facts``."""
    return [f.text for f in message_facts(text, *before, at=at, name=name)]


def last_line_facts(*lines: str, at: datetime = SAID) -> list[ExtractedFact]:
    """The facts of the last line (a user turn); the lines before it are context. "A: " marks the assistant."""
    turns = []
    for i, line in enumerate(lines):
        role, text = ("assistant", line[3:]) if line.startswith("A: ") else ("user", line)
        turns.append(Turn(f"p{i}", role, text, at, None))
    return _last_turn_facts(turns)


def last_message_facts(
    *exchange: tuple[str, str], unnamed: tuple[str, ...] = (), at: datetime = SAID
) -> list[ExtractedFact]:
    """``exchange`` is (speaker, text) pairs: "assistant" speaks as the assistant, a speaker in ``unnamed`` as a
    user without a name, anyone else as a named user."""
    turns = [
        Turn(
            f"m{i}",
            "assistant" if who == "assistant" else "user",
            text,
            at,
            None if who == "assistant" or who in unnamed else who,
        )
        for i, (who, text) in enumerate(exchange)
    ]
    return _last_turn_facts(turns)


class AllAlike(bench_eval.Similarity):
    """Every two facts read as alike, so that only the decision rules keep two facts apart."""

    def __init__(self) -> None:
        super().__init__(use_model=False)

    def __call__(self, a_text: str, a_slot: str | None, b_text: str, b_slot: str | None) -> float:
        return 0.9


def replay(
    messages: Sequence[tuple[str, str]],
    *,
    similarity: bench_eval.Similarity | None = None,
    answer: str = "Ok.",
    answered_at: str = "10:01",
) -> bench_eval.Replay:
    """The evaluation's replay of ``messages`` ((text, day) pairs, each said at 10:00 that day), each answered
    with ``answer`` at ``answered_at``; facts are compared by ``similarity`` (the model-free one unless given)."""
    conversation: dict = {"id": "x", "messages": []}
    for text, day in messages:
        conversation["messages"].append({"role": "user", "content": text, "created_at": f"{day}T10:00:00+00:00"})
        conversation["messages"].append(
            {"role": "assistant", "content": answer, "created_at": f"{day}T{answered_at}:00+00:00"}
        )
    compared = similarity or bench_eval.Similarity(use_model=False)
    return asyncio.run(
        bench_eval.replay(conversation, OfflineExtractionProvider(), OfflineDecisionProvider(), compared)
    )


def replay_alike(messages: Sequence[tuple[str, str]]) -> bench_eval.Replay:
    """``replay`` with every two facts alike, each message answered "OK." at once: the decision rules alone
    decide what replaces what."""
    return replay(messages, similarity=AllAlike(), answer="OK.", answered_at="10:00")


def march_days(messages: Sequence[str]) -> list[tuple[str, str]]:
    """``messages`` said one a day from 2 March 2026, as (text, day) pairs for ``replay``."""
    return [(text, f"2026-03-{day:02d}") for day, text in enumerate(messages, start=2)]


def has(facts: list[ExtractedFact], *words: str, negated: bool | None = False) -> ExtractedFact | None:
    """The first fact naming every word, with that negation (either, when ``negated`` is None)."""
    return next(
        (f for f in facts if negated in (None, f.negated) and all(w.lower() in f.text.lower() for w in words)),
        None,
    )


def shown(facts: list[ExtractedFact]) -> list[str]:
    return [f"{f.text} [{f.slot}] neg={f.negated}" for f in facts]
