"""Event contracts: the single definition of every event on every topic.

Each event carries ``schema_version``; a consumer that meets a version it does not know
dead-letters the event instead of guessing. JSON Schemas in ``schemas/`` are generated from
these models (``memstream schemas``) and a test keeps them in sync.
"""

from __future__ import annotations

import base64
import binascii
from datetime import datetime
from typing import Annotated, Any, Literal

import numpy as np
from pydantic import (
    AwareDatetime,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    PlainSerializer,
    PlainValidator,
    Tag,
    TypeAdapter,
    WithJsonSchema,
)
from pydantic_core import to_json

from shared.domain.validation import Id, JsonObject, SinceEpoch, StorableText

SCHEMA_VERSION = 1

Role = Literal["user", "assistant", "system"]
SpeakerName = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[^\x00-\x1f]+$")]
CategoryName = Literal["preference", "fact", "event", "relationship", "decision", "general"]


class _Event(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    schema_version: Literal[1] = Field(1, description="Contract version; unknown versions are dead-lettered.")
    tenant_id: Id
    user_id: Id


class ChatMessage(_Event):
    """One chat turn, published by an upstream chat service (or the API) to chat.messages."""

    type: Literal["message"] = "message"
    event_id: Id = Field(description="Unique per message; ingest is idempotent on it.")
    session_id: Id
    role: Role
    name: SpeakerName | None = Field(
        None, description="Who spoke, as in the OpenAI chat format: tells the speakers of a group chat apart."
    )
    content: StorableText = Field(min_length=1)
    created_at: SinceEpoch = Field(description="When the message was written (timezone required, 1970 or later).")
    metadata: JsonObject = Field(default_factory=dict)


class SessionEnded(_Event):
    """Marker on chat.messages: the session is over, write its final summary."""

    type: Literal["session.ended"]
    event_id: Id
    session_id: Id
    created_at: AwareDatetime


def _chat_event_type(value: Any) -> str:
    """A message may omit ``type``; only the session-ended marker must say what it is."""
    if isinstance(value, dict):
        return value.get("type", "message")
    return getattr(value, "type", "message")


ChatEvent = Annotated[
    Annotated[ChatMessage, Tag("message")] | Annotated[SessionEnded, Tag("session.ended")],
    Discriminator(_chat_event_type),
]
chat_event_adapter: TypeAdapter[ChatMessage | SessionEnded] = TypeAdapter(ChatEvent)


class MessageStored(_Event):
    """A chat message the extractor has stored, keyed by tenant:user on messages.stored: the embedder
    embeds it (in windows, when long) so that search can find the turn itself."""

    type: Literal["message.stored"] = "message.stored"
    event_id: Id
    session_id: Id
    role: Role
    name: SpeakerName | None = None
    content: str = Field(min_length=1)
    created_at: AwareDatetime


def stored_event(message: Any) -> MessageStored:
    """The messages.stored event of a stored chat message (anything with a ChatMessage's fields)."""
    return MessageStored(
        tenant_id=message.tenant_id,
        user_id=message.user_id,
        event_id=message.event_id,
        session_id=message.session_id,
        role=message.role,
        name=getattr(message, "name", None),
        content=message.content,
        created_at=message.created_at,
    )


_STORED_FIELDS = tuple(MessageStored.model_fields)
_STORED_DEFAULTS = {name: MessageStored.model_fields[name].default for name in ("schema_version", "type")}


def stored_event_json(message: ChatMessage) -> bytes:
    """``stored_event(message).model_dump_json()``, the same bytes, without a model built and validated per
    message: the extractor writes one for every message it stores, and a ChatMessage's fields already hold
    valid values for a MessageStored's. The fields come in the contract's order (a field added to
    MessageStored without a value here fails loudly), and pydantic-core writes them as the model would."""
    values = {
        **_STORED_DEFAULTS,
        "tenant_id": message.tenant_id,
        "user_id": message.user_id,
        "event_id": message.event_id,
        "session_id": message.session_id,
        "role": message.role,
        "name": message.name,
        "content": message.content,
        "created_at": message.created_at,
    }
    return to_json({name: values[name] for name in _STORED_FIELDS})


class FactCandidate(_Event):
    """A fact the extractor found, keyed by tenant:user on facts.extracted."""

    candidate_id: str = Field(description="Content hash of the candidate; consolidation is idempotent on it.")
    session_id: Id
    text: str = Field(min_length=1)
    category: CategoryName
    importance: int = Field(ge=1, le=10)
    observed_at: AwareDatetime = Field(description="created_at of the newest source message.")
    valid_from: AwareDatetime
    valid_to: AwareDatetime | None = Field(
        None,
        description="When the fact stops being true, if that is known: the end of a dated event (an appointment, "
        "a flight, an exam). The fact leaves the active set then, with a change event; its history stays.",
    )
    source_message_ids: list[str]
    extractor_version: str
    language: str = "en"
    slot: str | None = Field(None, description="What the fact is about; same single-valued slot replaces.")
    value: str | None = None
    negated: bool = Field(False, description="The fact ends its slot (retract) instead of asserting it.")


_NUMBERS: TypeAdapter[list[float]] = TypeAdapter(list[float])


def embedding_from_wire(value: Any) -> np.ndarray:
    """An event's vector as a 1-D numpy array, from either form on the wire: base64 of its float32 values
    (little-endian), which the embedder writes, or a JSON list of numbers, the first form, still read (so
    events already in the log replay). A list keeps its values exactly (float64): the stage's checks
    (`embedding_problem`) still see a value beyond float4 as such."""
    if isinstance(value, np.ndarray):
        return value
    if isinstance(value, str):
        try:
            raw = base64.b64decode(value, validate=True)
        except binascii.Error as exc:
            raise ValueError("embedding: a string must be base64 of float32 values") from exc
        if len(raw) % 4:
            raise ValueError(f"embedding: {len(raw)} bytes are no float32 values (4 bytes each)")
        return np.frombuffer(raw, dtype="<f4")
    return np.asarray(_NUMBERS.validate_python(value), dtype=np.float64)


def embedding_to_wire(vector: Any) -> str:
    """base64 of the vector's float32 values, little-endian: ~2 KB for 384 dimensions where a JSON list
    of floats takes ~8 KB, and far less work to write and to read."""
    return base64.b64encode(np.asarray(vector, dtype="<f4").tobytes()).decode("ascii")


Embedding = Annotated[
    Any,
    PlainValidator(embedding_from_wire),
    PlainSerializer(embedding_to_wire, when_used="json"),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "string", "contentEncoding": "base64"},
                {"type": "array", "items": {"type": "number"}},
            ],
            "description": "The vector: base64 of its float32 values, little-endian (4 bytes per dimension; "
            "what the embedder writes), or a JSON list of numbers (the first form; still read).",
        }
    ),
]


class EmbeddedFact(FactCandidate):
    """A candidate plus its embedding, keyed by tenant:user on facts.embedded."""

    embedding: Embedding  # in Python a 1-D numpy array: compare events by their JSON, not with ==
    embedding_model: str


class FactSnapshot(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    fact_id: str
    text: str
    category: CategoryName
    importance: int
    status: Literal["active", "superseded", "retracted"]
    valid_from: datetime
    valid_to: datetime | None
    recorded_at: datetime
    superseded_at: datetime | None
    superseded_by: str | None
    source: str
    source_message_ids: list[str]
    strength: float | None = Field(
        None, description="How strongly it is remembered now, 0-1 (decays unless recalled); set on reads."
    )
    last_recalled_at: datetime | None = Field(None, description="When search, context or ask last used it.")


class FactChange(BaseModel):
    """One change to a user's memory, published by the relay to facts.changes."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    schema_version: Literal[1] = 1
    event_id: str = Field(description="Stable across retries and replays: deduplicate on it.")
    tenant_id: str
    user_id: str
    op: Literal["added", "superseded", "retracted", "erased"]
    fact: FactSnapshot | None = Field(description="The new fact (added/superseded), the ended one (retracted).")
    previous_fact_id: str | None = None
    reason: str = ""
    occurred_at: datetime


class FactRecalled(BaseModel):
    """Facts of a user were used: returned by search, put into a context block, cited by ask, or
    restated by the user. Keyed by tenant:user on memory.recalls; the reinforcer folds recalls into
    each fact's strength, once per (recall_id, fact_id)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    schema_version: Literal[1] = 1
    recall_id: str = Field(description="Stable across retries and replays: a recall is applied once per fact.")
    tenant_id: str
    user_id: str
    fact_ids: list[str] = Field(min_length=1, max_length=1000)
    kind: Literal["search", "context", "ask", "restated"]
    occurred_at: AwareDatetime


class DeadLetter(BaseModel):
    """An event a stage could not process, with why. Replayable with `memstream dlq replay`."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    schema_version: Literal[1] = 1
    dead_letter_id: str
    stage: str
    error: str
    attempts: int
    source_topic: str
    source_partition: int | None = None
    source_offset: int | None = None
    key: str | None = Field(
        None, description="The original key as text; the dlq record's own key is the original bytes."
    )
    payload: str | None = Field(
        description="The original value as text, for reading: UTF-8 with invalid bytes replaced, cut at "
        "4,096 characters; null for a tombstone (a record without a value)."
    )
    payload_base64: str | None = Field(
        None,
        description="The original value byte for byte (base64); null for a tombstone, or for a value over "
        "2 MiB (the dead-letter store keeps every byte; `memstream dlq replay` republishes from there).",
    )
    payload_bytes: int | None = Field(None, description="Size of the original value; null for a tombstone.")
    failed_at: datetime


EVENT_MODELS: dict[str, Any] = {
    "ChatMessage": ChatMessage,
    "SessionEnded": SessionEnded,
    "MessageStored": MessageStored,
    "FactCandidate": FactCandidate,
    "EmbeddedFact": EmbeddedFact,
    "FactChange": FactChange,
    "FactRecalled": FactRecalled,
    "DeadLetter": DeadLetter,
}
