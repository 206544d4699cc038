"""Ingest: chat messages and session ends go to the broker; the chat turn never waits for memory."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

from fastapi import APIRouter, Request
from fastapi.exceptions import RequestValidationError
from pydantic import ValidationError

from services.api.deps import Tenant, settings_of
from services.api.models import IngestRequest, IngestResponse, SessionEndRequest, SessionEndResponse
from shared.broker import key_for, send_and_wait
from shared.contracts.events import ChatMessage, Id, SessionEnded

router = APIRouter(tags=["ingest"])


def _too_long(loc: tuple, msg: str) -> RequestValidationError:
    return RequestValidationError([{"loc": ("body", *loc), "msg": msg, "type": "too_long"}])


@router.post("/v1/messages", status_code=202, response_model=IngestResponse)
async def ingest(body: IngestRequest, tenant_id: Tenant, request: Request) -> IngestResponse:
    """Queue chat messages for memory (a batch). Idempotent on `event_id`. Returns once the broker has
    them; never waits for extraction."""
    settings = settings_of(request)
    if len(body.messages) > settings.max_batch_messages:
        raise _too_long(("messages",), f"at most {settings.max_batch_messages} messages per request")
    events = []
    for i, m in enumerate(body.messages):
        if len(m.content) > settings.max_content_chars:
            raise _too_long(("messages", i, "content"), f"at most {settings.max_content_chars} characters")
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
                    created_at=m.created_at or datetime.now(UTC),
                    metadata=m.metadata,
                )
            )
        except ValidationError as exc:
            raise RequestValidationError(
                [{**e, "loc": ("body", "messages", i, *e["loc"])} for e in exc.errors()]
            ) from None
    await send_and_wait(
        request.app.state.producer,
        request.app.state.topics.messages,
        [(key_for(e.tenant_id, e.session_id), e.model_dump_json().encode()) for e in events],
    )
    return IngestResponse(accepted=len(events), event_ids=[e.event_id for e in events])


@router.post("/v1/sessions/{session_id}/end", status_code=202, response_model=SessionEndResponse)
async def end_session(
    session_id: Id, body: SessionEndRequest, tenant_id: Tenant, request: Request
) -> SessionEndResponse:
    """Mark a session ended: its final summary is written."""
    event = SessionEnded(
        type="session.ended",
        event_id=body.event_id or f"end-{session_id}",
        tenant_id=tenant_id,
        user_id=body.user_id,
        session_id=session_id,
        created_at=datetime.now(UTC),
    )
    await send_and_wait(
        request.app.state.producer,
        request.app.state.topics.messages,
        [(key_for(tenant_id, session_id), event.model_dump_json().encode())],
    )
    return SessionEndResponse(accepted=1, event_id=event.event_id)
