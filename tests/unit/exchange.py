"""Helpers for extraction tests that replay a short exchange: the facts of its last message, with the messages
before it as context, each user turn carrying its speaker's name, as the evaluation replays a two-speaker log."""

from __future__ import annotations

from datetime import UTC, datetime

from shared.domain.models import ExtractedFact, ExtractionInput, Turn
from shared.providers.offline.extraction_rules import extract_facts

# A Wednesday.
SAID = datetime(2026, 5, 20, 18, 30, tzinfo=UTC)


def last_message_facts(*exchange: tuple[str, str], unnamed: tuple[str, ...] = ()) -> list[ExtractedFact]:
    """``exchange`` is (speaker, text) pairs: "assistant" speaks as the assistant, a speaker in ``unnamed`` as a
    user without a name, anyone else as a named user."""
    turns = [
        Turn(
            f"m{i}",
            "assistant" if who == "assistant" else "user",
            text,
            SAID,
            None if who == "assistant" or who in unnamed else who,
        )
        for i, (who, text) in enumerate(exchange)
    ]
    return extract_facts(ExtractionInput(new_turns=(turns[-1],), context_turns=tuple(turns[:-1])))


def has(facts: list[ExtractedFact], *words: str, negated: bool = False) -> ExtractedFact | None:
    return next(
        (f for f in facts if f.negated == negated and all(w.lower() in f.text.lower() for w in words)),
        None,
    )


def shown(facts: list[ExtractedFact]) -> list[str]:
    return [f"{f.text} [{f.slot}] neg={f.negated}" for f in facts]
