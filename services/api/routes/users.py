"""Per-user resources: summaries and profile, memory on/off, export, erase, and the live change stream."""

from __future__ import annotations

from typing import Annotated
from urllib.parse import quote

from fastapi import APIRouter, Header, HTTPException, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, StreamingResponse

from services.api.deps import Tenant, pool_of, require_user
from services.api.models import (
    EraseResponse,
    MemorySettings,
    MemorySettingsIn,
    SessionSummary,
    UserProfile,
)
from services.api.stream import change_events
from shared.domain.validation import MAX_BIGINT, Id
from shared.service_layer import memory as memory_service
from shared.storage import user_data as store

router = APIRouter(tags=["users"])


@router.get("/v1/users/{user_id}/sessions/{session_id}/summary", response_model=SessionSummary, tags=["summaries"])
async def session_summary(user_id: Id, session_id: Id, tenant_id: Tenant, request: Request) -> SessionSummary:
    """The session's rolling summary (regenerated every few user turns and at session end)."""
    async with pool_of(request).acquire() as conn:
        row = await store.session_summary(conn, tenant_id, user_id, session_id)
    if row is None:
        raise HTTPException(404, f"no summary for session {session_id} of user {user_id}")
    return SessionSummary(user_id=user_id, **dict(row))


@router.get("/v1/users/{user_id}/profile", response_model=UserProfile, tags=["summaries"])
async def profile(user_id: Id, tenant_id: Tenant, request: Request) -> UserProfile:
    """The user's profile digest, kept up to date as facts change."""
    async with pool_of(request).acquire() as conn:
        row = await store.user_profile(conn, tenant_id, user_id)
    if row is None:
        raise HTTPException(404, f"no profile for user {user_id}")
    return UserProfile(user_id=user_id, digest=row["digest"], updated_at=row["updated_at"])


@router.get("/v1/users/{user_id}/settings", response_model=MemorySettings)
async def get_settings(user_id: Id, tenant_id: Tenant, request: Request) -> MemorySettings:
    """Whether memory is on for this user (it is unless switched off)."""
    async with pool_of(request).acquire() as conn:
        await require_user(conn, tenant_id, user_id)
        enabled = await store.memory_settings(conn, tenant_id, user_id)
    return MemorySettings(user_id=user_id, memory_enabled=enabled)


@router.put("/v1/users/{user_id}/settings", response_model=MemorySettings)
async def put_settings(user_id: Id, body: MemorySettingsIn, tenant_id: Tenant, request: Request) -> MemorySettings:
    """Switch memory on or off. Off: the pipeline skips the user's new messages, and context, search and
    ask return nothing; what is stored stays (delete or erase it explicitly)."""
    async with pool_of(request).acquire() as conn:
        await store.set_memory_enabled(conn, tenant_id, user_id, body.memory_enabled)
    return MemorySettings(user_id=user_id, memory_enabled=body.memory_enabled)


@router.get("/v1/users/{user_id}/export", tags=["privacy"])
async def export(user_id: Id, tenant_id: Tenant, request: Request) -> JSONResponse:
    """Everything stored about the user as one JSON document: settings, facts with their history,
    decisions, messages, sessions, summaries, profile and recent change events."""
    async with pool_of(request).acquire() as conn:
        await require_user(conn, tenant_id, user_id)
        data = await store.export_user(conn, tenant_id, user_id)
    # Any printable id may be a user id: the filename goes percent-encoded (RFC 6266), never raw.
    filename = quote(f"memstream-{user_id}.json", safe="")
    return JSONResponse(data, headers={"Content-Disposition": f"attachment; filename*=UTF-8''{filename}"})


@router.delete("/v1/users/{user_id}", response_model=EraseResponse, tags=["privacy"])
async def erase(user_id: Id, tenant_id: Tenant, request: Request) -> EraseResponse:
    """Erase the user (the right to be forgotten): a hard delete of every row about them, then one
    `erased` change event. Messages still in flight in the pipeline when this runs are processed as
    new; switch memory off first to stop them."""
    try:
        counts, event = await memory_service.erase_user(pool_of(request), tenant_id, user_id)
    except memory_service.NotFound as exc:
        raise HTTPException(404, str(exc)) from None
    return EraseResponse(user_id=user_id, erased=counts, event_id=event.event_id)


@router.get(
    "/v1/users/{user_id}/changes",
    tags=["users"],
    response_class=StreamingResponse,
    responses={200: {"content": {"text/event-stream": {}}, "description": "Server-sent events."}},
)
async def changes(
    user_id: Id,
    tenant_id: Tenant,
    request: Request,
    since: Annotated[
        int | None, Query(ge=0, le=MAX_BIGINT, description="Outbox id to resume after (default: from now).")
    ] = None,
    max_seconds: Annotated[float, Query(gt=0, le=3600, description="Close the stream after this long.")] = 3600,
    last_event_id: Annotated[
        str | None, Header(description="Set by EventSource on reconnect: the last outbox id seen (wins over since).")
    ] = None,
) -> StreamingResponse:
    """The user's fact changes as server-sent events (`event:` added / superseded / retracted / erased,
    `data:` the FactChange JSON, `id:` resumable with Last-Event-ID or `since`)."""
    after = since
    if last_event_id:
        value = last_event_id.strip()
        if not (value.isascii() and value.isdigit() and len(value) <= 19 and int(value) <= MAX_BIGINT):
            raise RequestValidationError(
                [{"loc": ("header", "last-event-id"), "msg": f"an outbox id: 0 to {MAX_BIGINT}", "type": "value_error"}]
            )
        after = int(value)
    async with pool_of(request).acquire() as conn:
        await require_user(conn, tenant_id, user_id)
    return StreamingResponse(
        change_events(
            pool_of(request),
            request.app.state.notifier,
            tenant_id,
            user_id,
            after_id=after,
            max_seconds=max_seconds,
            errors=request.app.state.errors,
        ),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )
