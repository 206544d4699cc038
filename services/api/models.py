"""Request and response bodies of the REST API (the OpenAPI document is generated from these)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field, field_validator

from shared.contracts.events import CategoryName, FactChange, FactSnapshot, Role
from shared.domain.slots import SPEAKER_MARK
from shared.domain.validation import Id, Instant, JsonObject, SinceEpoch, StorableText


class Problem(BaseModel):
    """An error, as RFC 9457 problem details (`application/problem+json`)."""

    type: str = "about:blank"
    title: str
    status: int
    detail: str = Field(description="What went wrong, naming the field (e.g. `messages.0.content: ...`).")
    errors: list[dict[str, str]] | None = Field(None, description="422: each invalid field and why.")
    event_ids: list[str] | None = Field(
        None, description="503 from ingest: the event ids of the messages, generated ones included; retry with them."
    )
    conflicting_event_ids: list[str] | None = Field(None, description="409 from ingest: the reused event ids.")
    dependency: str | None = Field(None, description="503: the dependency that is down (database or broker).")


def problem_responses(**described: str) -> dict[int | str, dict[str, Any]]:
    """OpenAPI `responses` entries for problem answers, by status: `problem_responses(**{"409": "why"})`."""
    schema = Problem.model_json_schema()
    return {
        int(status): {"description": description, "content": {"application/problem+json": {"schema": schema}}}
        for status, description in described.items()
    }


INGEST_ERRORS = problem_responses(
    **{
        "409": "An event_id is already the id of another message (another user, session, role or content).",
        "413": "The body is larger than the request limit (see docs/api.md: Limits).",
        "503": "The broker did not take the messages in time (Retry-After); retry with the same event_ids.",
    }
)


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


# --------------------------------------------------------------------------- ingest


class MessageIn(_In):
    event_id: Id | None = Field(
        None, description="Idempotency key; generated when absent (then a retry must reuse the returned one)."
    )
    user_id: Id
    session_id: Id
    role: Role
    name: str | None = Field(
        None, min_length=1, max_length=64, description="Who spoke (optional, as in the OpenAI chat format)."
    )
    content: StorableText = Field(min_length=1, description="No NUL (U+0000) or lone surrogates.")
    created_at: SinceEpoch | None = Field(
        None,
        description="Defaults to now; needs a timezone; from 1970-01-01 to the server's clock plus max_clock_skew_s.",
    )
    metadata: JsonObject = Field(
        default_factory=dict,
        description="Free JSON, at most max_metadata_bytes and 16 levels deep; finite numbers, no NUL.",
    )


class IngestRequest(_In):
    messages: list[MessageIn] = Field(min_length=1)


class IngestResponse(BaseModel):
    accepted: int
    event_ids: list[str] = Field(description="Each message's event id, in order, generated ones included.")


class SessionEndRequest(_In):
    user_id: Id
    event_id: Id | None = None


class SessionEndResponse(BaseModel):
    accepted: int
    event_id: str


# --------------------------------------------------------------------------- users and facts


class UsersPage(BaseModel):
    users: list[str]
    next_cursor: str | None = Field(None, description="Pass as `cursor` for the next page; null on the last.")


class FactsPage(BaseModel):
    user_id: str
    facts: list[FactSnapshot]
    next_cursor: str | None = Field(None, description="Pass as `cursor` for the next page; null on the last.")
    faded_below: float = Field(
        description="A fact whose strength is under this has faded: still stored and listed here, but left out "
        "of context (unless detail=true) and of search (unless include_faded=true or the query is a strong cue)."
    )


class SourceMessage(BaseModel):
    event_id: str
    session_id: str
    role: str
    name: str | None = Field(None, description="Who spoke, when the message said.")
    content: str
    created_at: datetime


class DecisionOut(BaseModel):
    op: str = Field(description="ADD, UPDATE, DELETE or NONE: what consolidation did with the candidate.")
    decided_by: str = Field(description="rule, the provider's name, or user (a manual edit or delete).")
    reason: str
    created_at: datetime


class FactDetail(BaseModel):
    fact: FactSnapshot
    history: list[FactSnapshot] = Field(
        description="Every version linked by supersession, both directions, oldest first (includes `fact`)."
    )
    source_messages: list[SourceMessage]
    decision: DecisionOut | None = Field(None, description="The decision that created this version.")


class FactIn(_In):
    text: StorableText = Field(min_length=1, max_length=2000)
    category: CategoryName = "general"
    importance: int = Field(5, ge=1, le=10)
    valid_from: SinceEpoch | None = Field(
        None, description="When it became true; defaults to now; no later than now plus max_clock_skew_s."
    )
    slot: StorableText | None = Field(
        None,
        max_length=200,
        description="What the fact is about (e.g. location), so a later fact on the same slot replaces it. "
        "Inferred from the text when absent. May not contain '~' (reserved: it marks a named speaker's slot).",
    )
    language: StorableText = Field("en", max_length=16)

    @field_validator("slot")
    @classmethod
    def _no_speaker_mark(cls, slot: str | None) -> str | None:
        # "~" separates a slot from its speaker (shared.domain.slots.with_speaker): a slot sent here with
        # one would be read as another speaker's fact, or not found by the user's own.
        if slot is not None and SPEAKER_MARK in slot:
            raise ValueError(f"slot may not contain {SPEAKER_MARK!r}: it is reserved for marking a speaker's slot")
        return slot


class AddFactResponse(BaseModel):
    op: Literal["ADD", "UPDATE", "DELETE", "NONE"] = Field(
        description="ADD: stored; UPDATE: it superseded an active fact; DELETE: it retracted one; "
        "NONE: already known (the existing fact is returned)."
    )
    decided_by: str
    reason: str
    fact: FactSnapshot | None
    changes: list[FactChange]


class FactPatch(_In):
    text: StorableText | None = Field(None, min_length=1, max_length=2000)
    category: CategoryName | None = None
    importance: int | None = Field(None, ge=1, le=10)
    valid_from: SinceEpoch | None = Field(
        None,
        description="When the new version became true (default now); the old version's valid_to. "
        "Use the old valid_from to record a correction (the old text was never true).",
    )


class EditFactResponse(BaseModel):
    fact: FactSnapshot = Field(description="The new, active version.")
    previous: FactSnapshot = Field(description="The edited version, now superseded by `fact`.")
    changes: list[FactChange]


class DeleteFactResponse(BaseModel):
    fact: FactSnapshot
    changes: list[FactChange]


class BulkDeleteRequest(_In):
    fact_ids: list[UUID] = Field(min_length=1, max_length=1000)


class BulkDeleteResponse(BaseModel):
    retracted: list[FactSnapshot]
    changes: list[FactChange]


# --------------------------------------------------------------------------- search, context, ask


class SearchFilters(_In):
    categories: list[CategoryName] | None = None
    min_importance: int | None = Field(None, ge=1, le=10)
    source: StorableText | None = Field(None, max_length=64, description="conversation or manual")


class SearchRequest(SearchFilters):
    user_id: Id
    query: StorableText = Field(min_length=1, max_length=2000)
    k: int = Field(10, ge=1, le=100)
    mode: Literal["hybrid", "vector", "fulltext"] = Field(
        "hybrid", description="hybrid runs vector and full-text legs; vector or fulltext run one kind only."
    )
    scope: Literal["both", "facts", "messages"] = Field(
        "both", description="What to search: facts, messages (the turns themselves), or both."
    )
    fusion: Literal["weighted", "rrf"] | None = Field(
        None,
        description="weighted: calibrated scores with a floor per leg, summed with per-leg weights (the "
        "default); rrf: Reciprocal Rank Fusion, k=60. Unset: the server's MEMSTREAM_SEARCH_FUSION.",
    )
    after: Instant | None = Field(None, description="Only what was said at or after this time.")
    before: Instant | None = Field(None, description="Only what was said before this time.")
    session_id: Id | None = Field(None, description="Only this session's messages (and facts drawn from them).")
    include_messages: bool = Field(True, description="Deprecated, use scope: false is scope=facts when scope is both.")
    include_faded: bool = Field(
        False,
        description="Also faded facts (strength under the threshold); facts rank by relevance, strength second. "
        "Without it a faded fact is still found when the query is a strong cue for it (cosine similarity at "
        "least MEMSTREAM_STRENGTH_CUED_RECALL_SIMILARITY).",
    )


class LegScore(BaseModel):
    rank: int = Field(description="1-based rank in this leg.")
    score: float = Field(
        description="vector legs: cosine similarity; fulltext_messages: BM25; fulltext_facts: ts_rank_cd."
    )


class SearchHit(BaseModel):
    kind: Literal["fact", "message"]
    id: str
    text: str
    score: float = Field(
        description="weighted: sum over legs of weight x calibrated score (0..1 each); rrf: sum of 1 / (60 + rank)."
    )
    legs: dict[str, LegScore]
    said_at: datetime | None = Field(
        None, description="When it was said: the message's time, or the fact's valid_from."
    )
    speaker: str | None = Field(None, description="Who said it: the message's name, else its role.")
    evidence_ids: list[str] = Field(
        default_factory=list,
        description="The messages this result stands for: a message, and the source messages of a fact "
        "(a fact and the message it came from are one result).",
    )
    fact: FactSnapshot | None = None
    message: SourceMessage | None = None


class SearchResponse(BaseModel):
    user_id: str
    query: str
    results: list[SearchHit]
    legs: list[str] = Field(description="The legs that ran: vector, fulltext_facts, fulltext_messages.")
    degraded: list[str] = Field(description="Legs that failed or timed out; the results come from the others.")
    errors: dict[str, str] = Field(default_factory=dict, description="Why each degraded leg failed.")
    memory_enabled: bool = True


class ContextRequest(_In):
    user_id: Id
    query: StorableText | None = Field(
        None, max_length=8000, description="The user's next message; picks relevant facts."
    )
    session_id: Id | None = Field(None, description="Adds this session's rolling summary.")
    max_tokens: int = Field(800, ge=16, le=32000, description="Budget for the whole block, in tokens.")
    include_messages: bool = Field(True, description="Quote messages where no fact covers the query.")
    detail: bool = Field(False, description="Also faded facts (strength under the threshold), left out by default.")
    format: Literal["text", "xml", "json"] = "text"
    pinned_min_importance: int = Field(8, ge=1, le=10, description="Facts this important are always considered.")
    max_facts: int = Field(
        20, ge=0, le=100, description="Most pinned facts, and most relevant facts and excerpts, considered each."
    )


class ContextFact(BaseModel):
    fact_id: str
    text: str
    category: str
    importance: int
    why: Literal["pinned", "relevant"]
    score: float | None = None
    source_ids: list[str] = Field(default_factory=list, description="The fact's id, then its source message ids.")


class ContextExcerpt(BaseModel):
    event_id: str
    session_id: str
    speaker: str = Field(description="The message's name, else its role.")
    said_at: datetime
    text: str = Field(description="The message as the block shows it (a long one is cut).")
    score: float | None = None
    source_ids: list[str] = Field(description="The message's id, then any fact drawn from it.")


class ContextResponse(BaseModel):
    user_id: str
    format: str
    context: str = Field(description="The block to put in the prompt (empty when nothing is remembered).")
    tokens: int = Field(description="Tokens of `context` (see token_estimate); never more than max_tokens.")
    max_tokens: int
    token_estimate: str = Field(description="How tokens are counted.")
    facts: list[ContextFact]
    excerpts: list[ContextExcerpt] = Field(
        default_factory=list, description="Messages quoted where no fact covers the query, with date and speaker."
    )
    session_summary_included: bool
    degraded: list[str]
    memory_enabled: bool


class AskRequest(_In):
    user_id: Id
    question: StorableText = Field(min_length=1, max_length=2000)
    k: int = Field(8, ge=1, le=50, description="Memories the answer may draw on.")


class AskResponse(BaseModel):
    user_id: str
    question: str
    answer: str
    answered_by: str = Field(description="The LLM provider, or offline (the best-matching facts themselves).")
    facts: list[SearchHit]
    degraded: list[str]
    memory_enabled: bool


# --------------------------------------------------------------------------- summaries, settings, erase


class SessionSummary(BaseModel):
    user_id: str
    session_id: str
    summary: str
    user_turns: int
    is_final: bool
    updated_at: datetime


class UserProfile(BaseModel):
    user_id: str
    digest: str
    updated_at: datetime


class MemorySettings(BaseModel):
    user_id: str
    memory_enabled: bool


class MemorySettingsIn(_In):
    memory_enabled: bool = Field(
        description="Off: new messages of this user are not remembered, and context, "
        "search and ask return nothing. Stored facts stay until deleted or erased."
    )


class EraseResponse(BaseModel):
    user_id: str
    erased: dict[str, int] = Field(description="Rows deleted, per table.")
    event_id: str = Field(description="The `erased` change event written to the outbox.")


# --------------------------------------------------------------------------- processing status


class CandidateOutcome(BaseModel):
    candidate_id: str
    text: str = Field(description="What the extractor took from the message.")
    decided: bool = Field(description="Consolidation has decided on it (false: still in the pipeline).")
    op: Literal["ADD", "UPDATE", "DELETE", "NONE"] | None = Field(
        None,
        description="ADD: stored as a new fact; UPDATE: it replaced `previous`; DELETE: it retracted "
        "`previous`; NONE: already known, nothing changed. Null until decided.",
    )
    decided_by: str | None = None
    reason: str | None = None
    fact: FactSnapshot | None = Field(None, description="The fact it created (ADD, UPDATE), as it is now.")
    previous: FactSnapshot | None = Field(None, description="The fact it replaced or retracted, as it is now.")


class MessageStatus(BaseModel):
    event_id: str
    state: Literal["pending", "stored", "extracted", "processed", "failed"] = Field(
        description="pending: not stored yet (still on its way, never sent, or its user's memory is off); "
        "stored: waiting for the extractor; extracted: read, some facts it gave are still being "
        "consolidated; processed: done, every change it causes is in `candidates` and `facts`; "
        "failed: a stage dead-lettered it or a fact it gave (see `errors`; replayable)."
    )
    stored: bool
    extracted: bool = Field(description="The extractor has read past it (its session's cursor).")
    processed: bool
    user_id: str | None = None
    session_id: str | None = None
    role: str | None = None
    created_at: datetime | None = None
    candidates: list[CandidateOutcome] = Field(
        default_factory=list, description="Each fact the extractor drew from the message, and what became of it."
    )
    facts: list[FactSnapshot] = Field(
        default_factory=list, description="Facts citing the message among their sources, with their status now."
    )
    errors: list[str] = Field(default_factory=list, description="Dead letters naming the message or its facts.")


class SessionInfo(BaseModel):
    session_id: str
    started_at: datetime | None = Field(None, description="Its first message (null: no message stored).")
    last_message_at: datetime
    ended_at: datetime | None = None
    messages: int
    user_turns: int
    summary: str | None = Field(None, description="The rolling summary, once the summarizer has written one.")
    summary_final: bool = False
    summary_updated_at: datetime | None = None


class SessionsPage(BaseModel):
    user_id: str
    sessions: list[SessionInfo]
    next_cursor: str | None = Field(None, description="Pass as `cursor` for the next page; null on the last.")
