"""Typed bodies of the memstream API. Each class has the name of its schema in the API's OpenAPI document
(services/api/openapi.json), and a test checks the two agree: every field here is in the spec, and every
field the spec requires is here. Unknown fields are ignored, so a newer server does not break this client;
enumerations are plain strings for the same reason."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class _Body(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class FactSnapshot(_Body):
    fact_id: str
    text: str
    category: str
    importance: int
    status: str = Field(description="active, superseded or retracted")
    valid_from: datetime
    valid_to: datetime | None = None
    recorded_at: datetime
    superseded_at: datetime | None = None
    superseded_by: str | None = None
    source: str
    source_message_ids: list[str] = Field(default_factory=list)
    strength: float | None = Field(None, description="How strongly it is remembered now, 0-1 (on reads).")
    last_recalled_at: datetime | None = None


class FactChange(_Body):
    event_id: str
    tenant_id: str
    user_id: str
    op: str = Field(description="added, superseded, retracted or erased")
    fact: FactSnapshot | None = None
    previous_fact_id: str | None = None
    reason: str = ""
    occurred_at: datetime


class IngestResponse(_Body):
    accepted: int
    event_ids: list[str]


class SessionEndResponse(_Body):
    accepted: int
    event_id: str


class CandidateOutcome(_Body):
    candidate_id: str
    text: str
    decided: bool
    op: str | None = None
    decided_by: str | None = None
    reason: str | None = None
    fact: FactSnapshot | None = None
    previous: FactSnapshot | None = None


class MessageStatus(_Body):
    event_id: str
    state: str = Field(description="pending, stored, extracted, processed or failed")
    stored: bool
    extracted: bool
    processed: bool
    user_id: str | None = None
    session_id: str | None = None
    role: str | None = None
    created_at: datetime | None = None
    candidates: list[CandidateOutcome] = Field(default_factory=list)
    facts: list[FactSnapshot] = Field(default_factory=list)
    errors: list[str] = Field(default_factory=list)


class UsersPage(_Body):
    users: list[str]
    next_cursor: str | None = None


class FactsPage(_Body):
    user_id: str
    facts: list[FactSnapshot]
    next_cursor: str | None = None
    faded_below: float | None = Field(
        None, description="A fact weaker than this has faded (kept, listed, not recalled)."
    )


class SourceMessage(_Body):
    event_id: str
    session_id: str
    role: str
    name: str | None = Field(None, description="Who spoke, when the message said.")
    content: str
    created_at: datetime


class DecisionOut(_Body):
    op: str
    decided_by: str
    reason: str
    created_at: datetime


class FactDetail(_Body):
    fact: FactSnapshot
    history: list[FactSnapshot]
    source_messages: list[SourceMessage]
    decision: DecisionOut | None = None


class AddFactResponse(_Body):
    op: str
    decided_by: str
    reason: str
    fact: FactSnapshot | None = None
    changes: list[FactChange]


class EditFactResponse(_Body):
    fact: FactSnapshot
    previous: FactSnapshot
    changes: list[FactChange]


class DeleteFactResponse(_Body):
    fact: FactSnapshot
    changes: list[FactChange]


class BulkDeleteResponse(_Body):
    retracted: list[FactSnapshot]
    changes: list[FactChange]


class LegScore(_Body):
    rank: int
    score: float


class SearchHit(_Body):
    kind: str = Field(description="fact or message")
    id: str
    text: str
    score: float
    legs: dict[str, LegScore]
    said_at: datetime | None = None
    speaker: str | None = None
    evidence_ids: list[str] = Field(default_factory=list, description="The messages this result stands for.")
    fact: FactSnapshot | None = None
    message: SourceMessage | None = None


class SearchResponse(_Body):
    user_id: str
    query: str
    results: list[SearchHit]
    legs: list[str]
    degraded: list[str]
    errors: dict[str, str] = Field(default_factory=dict)
    memory_enabled: bool = True


class ContextFact(_Body):
    fact_id: str
    text: str
    category: str
    importance: int
    why: str
    score: float | None = None
    source_ids: list[str] = Field(default_factory=list)


class ContextExcerpt(_Body):
    event_id: str
    session_id: str
    speaker: str
    said_at: datetime
    text: str
    score: float | None = None
    source_ids: list[str] = Field(default_factory=list)


class ContextResponse(_Body):
    user_id: str
    format: str
    context: str
    tokens: int
    max_tokens: int
    token_estimate: str
    facts: list[ContextFact]
    excerpts: list[ContextExcerpt] = Field(default_factory=list)
    session_summary_included: bool
    degraded: list[str]
    memory_enabled: bool


class AskResponse(_Body):
    user_id: str
    question: str
    answer: str
    answered_by: str
    facts: list[SearchHit]
    degraded: list[str]
    memory_enabled: bool


class SessionSummary(_Body):
    user_id: str
    session_id: str
    summary: str
    user_turns: int
    is_final: bool
    updated_at: datetime


class SessionInfo(_Body):
    session_id: str
    started_at: datetime | None = None
    last_message_at: datetime
    ended_at: datetime | None = None
    messages: int
    user_turns: int
    summary: str | None = None
    summary_final: bool = False
    summary_updated_at: datetime | None = None


class SessionsPage(_Body):
    user_id: str
    sessions: list[SessionInfo]
    next_cursor: str | None = None


class UserProfile(_Body):
    user_id: str
    digest: str
    updated_at: datetime


class MemorySettings(_Body):
    user_id: str
    memory_enabled: bool


class EraseResponse(_Body):
    user_id: str
    erased: dict[str, int]
    event_id: str


class Remembered(_Body):
    """What `remember` returns. Without `wait`, only `event_ids`; with it, each message's final status and
    the fact changes they caused (decisions other than NONE)."""

    event_ids: list[str]
    statuses: list[MessageStatus] = Field(default_factory=list)

    @property
    def candidates(self) -> list[CandidateOutcome]:
        return [c for s in self.statuses for c in s.candidates]

    @property
    def changes(self) -> list[CandidateOutcome]:
        return [c for c in self.candidates if c.decided and c.op != "NONE"]


Json = dict[str, Any]
