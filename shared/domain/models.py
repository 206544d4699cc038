"""Plain domain values. No I/O here: providers and stages pass these around."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum


class Category(StrEnum):
    PREFERENCE = "preference"
    FACT = "fact"
    EVENT = "event"
    RELATIONSHIP = "relationship"
    DECISION = "decision"
    GENERAL = "general"


class Op(StrEnum):
    ADD = "ADD"
    UPDATE = "UPDATE"
    DELETE = "DELETE"
    NONE = "NONE"


@dataclass(frozen=True)
class Turn:
    """One chat message as the extractor sees it."""

    event_id: str
    role: str  # user | assistant | system
    content: str
    created_at: datetime
    name: str | None = None  # the speaker's name, when the chat gives one ("Caroline")


@dataclass(frozen=True)
class ExtractionInput:
    """Everything an extractor may look at for one slice of a session.

    ``new_turns`` are the messages to extract from; ``context_turns`` and ``summary`` only help
    interpret them (an assistant question the user confirms, a pronoun, a topic). ``known_slots``
    are slot names the user's facts already use, for the extractor to reuse. ``summarized_context``:
    how many of the first context turns the summary already covers; a prompt leaves them out rather
    than say them twice (rule-based extractors, which do not read the summary, still see them).
    """

    new_turns: tuple[Turn, ...]
    context_turns: tuple[Turn, ...] = ()
    summary: str = ""
    known_slots: tuple[str, ...] = ()
    summarized_context: int = 0

    @property
    def unsummarized_context(self) -> tuple[Turn, ...]:
        """The context turns the summary does not cover, as a prompt shows them."""
        return self.context_turns[self.summarized_context :] if self.summary.strip() else self.context_turns


@dataclass(frozen=True)
class ExtractedFact:
    """A standalone, third-person fact the user stated or confirmed.

    ``slot`` names what the fact is about ("location", "employer", "diet", "partner", ...), so
    that a later fact on the same slot can replace it. ``negated`` marks a fact that ends a slot
    ("I no longer live in Berlin", "we broke up"): it retracts, and adds nothing.
    """

    text: str
    category: Category
    importance: int  # 1..10
    valid_from: datetime
    source_event_ids: tuple[str, ...]
    language: str = "en"
    slot: str | None = None
    value: str | None = None
    negated: bool = False
    valid_to: datetime | None = None  # the end of a dated event ("dentist on Friday at 9"): it is over then


@dataclass(frozen=True)
class Neighbour:
    """An active fact similar to a candidate, as shown to a decider (by small index, never id)."""

    index: int
    text: str
    slot: str | None
    valid_from: datetime
    similarity: float


@dataclass(frozen=True)
class DecisionItem:
    candidate_text: str
    candidate_slot: str | None
    candidate_negated: bool
    neighbours: tuple[Neighbour, ...]


@dataclass(frozen=True)
class Decision:
    op: Op
    target: int | None = None  # a Neighbour.index for UPDATE / DELETE
    reason: str = ""


@dataclass(frozen=True)
class ProviderUsage:
    prompt_tokens: int = 0
    completion_tokens: int = 0


@dataclass
class ExtractionResult:
    facts: list[ExtractedFact] = field(default_factory=list)
    usage: ProviderUsage = field(default_factory=ProviderUsage)
