"""Ingest: chat messages and session ends go to the broker; the chat turn never waits for memory.

Ingest needs only the broker to accept. It also uses the database, when it can, to refuse an `event_id`
reused for a different message (409): the pipeline stores the first message of an id and would drop the
other silently. What that check can see:
- messages already stored (the database), and messages this API process accepted lately (in memory);
- not a message still in flight that another API process accepted, and nothing stored while the database
  is unreachable or slower than `ingest_event_id_check_timeout_s`: ingest then goes on without the check.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from aiokafka.errors import KafkaError
from fastapi import APIRouter, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import ValidationError

from services.api.deps import Tenant, pool_of, settings_of
from services.api.failures import ServiceUnavailable, problem, unavailable_dependency
from services.api.models import (
    INGEST_ERRORS,
    IngestRequest,
    IngestResponse,
    SessionEndRequest,
    SessionEndResponse,
)
from shared.broker import key_for, send_and_wait
from shared.contracts.events import ChatMessage, SessionEnded
from shared.domain.cursor import message_hash
from shared.domain.validation import Id, derived_id, time_problem
from shared.storage.messages import stored_identities

router = APIRouter(tags=["ingest"])


def _invalid(loc: tuple, msg: str) -> RequestValidationError:
    return RequestValidationError([{"loc": ("body", *loc), "msg": msg, "type": "value_error"}])


@dataclass(frozen=True)
class Identity:
    """What a reused event_id must match: the same user, session, role and content (created_at and
    metadata may differ, since a retry without created_at gets a new one)."""

    user_id: str
    session_id: str
    content_hash: str

    @classmethod
    def of(cls, message: ChatMessage) -> Identity:
        return cls(message.user_id, message.session_id, message_hash(message.event_id, message.role, message.content))


class RecentEvents:
    """What the messages this API process accepted lately were, per tenant and event_id (an LRU of
    MAX_ENTRIES, each a hash of its Identity: a few MB), so that a conflicting reuse is seen while the
    first message is still in flight."""

    MAX_ENTRIES = 50_000

    def __init__(self) -> None:
        self._items: OrderedDict[tuple[str, str], int] = OrderedDict()

    def conflicts(self, tenant_id: str, event_id: str, identity: Identity) -> bool | None:
        """True or False when this id was accepted lately, None when it was not."""
        seen = self._items.get((tenant_id, event_id))
        return None if seen is None else seen != hash(identity)

    def remember(self, tenant_id: str, identities: dict[str, Identity]) -> None:
        for event_id, identity in identities.items():
            self._items[(tenant_id, event_id)] = hash(identity)
            self._items.move_to_end((tenant_id, event_id))
        while len(self._items) > self.MAX_ENTRIES:
            self._items.popitem(last=False)


def _conflict(event_ids: list[str], where: list[str]) -> JSONResponse:
    return problem(
        409,
        "Conflict",
        "; ".join(
            f"{loc}: {event_id!r} is already the id of another message (another user, session, role or content)"
            for event_id, loc in zip(event_ids[:5], where[:5], strict=True)
        ),
        conflicting_event_ids=event_ids,
    )


async def _stored(request: Request, tenant_id: str, event_ids: list[str]) -> dict[str, Identity]:
    """The stored identities of these ids; empty (the check skipped) while the database cannot answer."""
    if not event_ids:
        return {}
    settings = settings_of(request)
    try:
        found = await asyncio.wait_for(
            stored_identities(pool_of(request), tenant_id, event_ids), settings.ingest_event_id_check_timeout_s
        )
    except Exception as exc:
        if unavailable_dependency(exc) is None:
            raise
        request.app.state.errors.error(
            "database:event_id_check_skipped", "event_id_check_skipped", error=f"{type(exc).__name__}: {exc}"[:300]
        )
        return {}
    return {event_id: Identity(*row) for event_id, row in found.items()}


async def _publish(request: Request, items: list[tuple[bytes, bytes]], event_ids: list[str]) -> None:
    """Hand the events to the broker within ingest_broker_timeout_s, or 503 naming the event ids: some may
    still arrive, so a retry must reuse them."""
    timeout = settings_of(request).ingest_broker_timeout_s
    try:
        sent = send_and_wait(request.app.state.producer, request.app.state.topics.messages, items)
        await asyncio.wait_for(sent, timeout)
    except (TimeoutError, KafkaError) as exc:
        timed_out = isinstance(exc, TimeoutError)
        reason = f"no answer within {timeout:g} s" if timed_out else type(exc).__name__
        raise ServiceUnavailable(
            "broker",
            f"{reason}; retry with the same event_ids (some may have arrived)",
            kind="timeout" if timed_out else type(exc).__name__,
            event_ids=event_ids,
        ) from exc


@router.post("/v1/messages", status_code=202, response_model=IngestResponse, responses=INGEST_ERRORS)
async def ingest(body: IngestRequest, tenant_id: Tenant, request: Request) -> IngestResponse | JSONResponse:
    """Queue chat messages for memory (a batch). Returns once the broker has them; never waits for
    extraction. Idempotent on `event_id`: give your own to retry safely; an id left out is generated and
    returned, so a retry after an error must send those ids (a retry without them stores the messages
    twice). An `event_id` already used for another message answers 409."""
    settings = settings_of(request)
    if len(body.messages) > settings.max_batch_messages:
        raise _invalid(("messages",), f"at most {settings.max_batch_messages} messages per request")
    now = datetime.now(UTC)
    skew = timedelta(seconds=settings.max_clock_skew_s)
    events: list[ChatMessage] = []
    for i, m in enumerate(body.messages):
        if len(m.content) > settings.max_content_chars:
            raise _invalid(("messages", i, "content"), f"at most {settings.max_content_chars} characters")
        metadata_bytes = len(json.dumps(m.metadata, ensure_ascii=False, separators=(",", ":")).encode())
        if metadata_bytes > settings.max_metadata_bytes:
            raise _invalid(
                ("messages", i, "metadata"), f"{metadata_bytes} bytes as JSON; at most {settings.max_metadata_bytes}"
            )
        if m.created_at is not None and (late := time_problem(m.created_at, now=now, max_skew=skew)):
            raise _invalid(("messages", i, "created_at"), late)
        try:
            events.append(
                ChatMessage(
                    event_id=m.event_id or str(uuid.uuid4()),
                    tenant_id=tenant_id,
                    user_id=m.user_id,
                    session_id=m.session_id,
                    role=m.role,
                    name=m.name,
                    content=m.content,
                    created_at=m.created_at or now,
                    metadata=m.metadata,
                )
            )
        except ValidationError as exc:
            raise RequestValidationError(
                [{**e, "loc": ("body", "messages", i, *e["loc"])} for e in exc.errors()]
            ) from None

    identities: dict[str, Identity] = {}
    position: dict[str, int] = {}
    clashes: list[str] = []
    for i, event in enumerate(events):
        identity = Identity.of(event)
        if identities.setdefault(event.event_id, identity) != identity and event.event_id not in clashes:
            clashes.append(event.event_id)
        position.setdefault(event.event_id, i)
    given = list(dict.fromkeys(m.event_id for m in body.messages if m.event_id))
    recent: RecentEvents = request.app.state.recent_events
    lately = {e: recent.conflicts(tenant_id, e, identities[e]) for e in given}
    clashes += [e for e, clash in lately.items() if clash and e not in clashes]
    stored = await _stored(request, tenant_id, [e for e, clash in lately.items() if clash is None])
    clashes += [e for e, identity in stored.items() if identity != identities[e] and e not in clashes]
    if clashes:
        return _conflict(clashes, [f"messages.{position[e]}.event_id" for e in clashes])

    event_ids = [e.event_id for e in events]
    await _publish(
        request, [(key_for(e.tenant_id, e.session_id), e.model_dump_json().encode()) for e in events], event_ids
    )
    recent.remember(tenant_id, identities)
    return IngestResponse(accepted=len(events), event_ids=event_ids)


@router.post(
    "/v1/sessions/{session_id}/end", status_code=202, response_model=SessionEndResponse, responses=INGEST_ERRORS
)
async def end_session(
    session_id: Id, body: SessionEndRequest, tenant_id: Tenant, request: Request
) -> SessionEndResponse:
    """Mark a session ended: its final summary is written. Idempotent: the event id defaults to one
    derived from the session id."""
    event = SessionEnded(
        type="session.ended",
        event_id=body.event_id or derived_id("end", session_id),
        tenant_id=tenant_id,
        user_id=body.user_id,
        session_id=session_id,
        created_at=datetime.now(UTC),
    )
    await _publish(request, [(key_for(tenant_id, session_id), event.model_dump_json().encode())], [event.event_id])
    return SessionEndResponse(accepted=1, event_id=event.event_id)
