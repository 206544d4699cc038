"""A user's sessions, most recent first, with their rolling summaries (the panel's session list)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.exceptions import RequestValidationError

from services.api.deps import Tenant, pool_of
from services.api.models import SessionInfo, SessionsPage
from shared.contracts.events import Id
from shared.storage import sessions as store

router = APIRouter(tags=["summaries"])


@router.get("/v1/users/{user_id}/sessions", response_model=SessionsPage)
async def list_sessions(
    user_id: Id,
    tenant_id: Tenant,
    request: Request,
    cursor: Annotated[str | None, Query(max_length=500, description="next_cursor of the previous page.")] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 20,
) -> SessionsPage:
    """The user's sessions, the most recent first: when they ran, how many messages, and the rolling
    summary when there is one. A user with no session has an empty page."""
    async with pool_of(request).acquire() as conn:
        try:
            rows, next_cursor = await store.list_sessions(conn, tenant_id, user_id, cursor=cursor, limit=limit)
        except store.BadCursor as exc:
            raise RequestValidationError(
                [{"loc": ("query", "cursor"), "msg": str(exc), "type": "value_error"}]
            ) from None
    return SessionsPage(user_id=user_id, sessions=[SessionInfo(**dict(r)) for r in rows], next_cursor=next_cursor)
