"""What every route shares: the caller's tenant (from its API key), problem responses, app state."""

from __future__ import annotations

import time
from typing import Annotated, Any

import asyncpg
from fastapi import Depends, Header, HTTPException, Request
from fastapi.responses import JSONResponse

from shared.settings import Settings
from shared.storage.tenants import tenant_for_key
from shared.storage.user_data import user_known

PROBLEM = "application/problem+json"
KEY_CACHE_S = 30.0


def problem(status: int, title: str, detail: str, **extra: Any) -> JSONResponse:
    return JSONResponse(
        {"type": "about:blank", "title": title, "status": status, "detail": detail, **extra},
        status_code=status,
        media_type=PROBLEM,
    )


async def caller_tenant(
    request: Request,
    authorization: Annotated[str | None, Header(description="Bearer <API key>")] = None,
    x_api_key: Annotated[str | None, Header(description="The API key (instead of Authorization).")] = None,
) -> str:
    key = x_api_key or (authorization[7:] if authorization and authorization.lower().startswith("bearer ") else None)
    if not key:
        raise HTTPException(401, "missing API key (Authorization: Bearer <key> or X-API-Key)")
    cache: dict[str, tuple[str | None, float]] = request.app.state.keys
    cached = cache.get(key)
    if cached is None or time.monotonic() - cached[1] > KEY_CACHE_S:
        if len(cache) > 10_000:
            cache.clear()
        cached = (await tenant_for_key(request.app.state.pool, key), time.monotonic())
        cache[key] = cached
    if cached[0] is None:
        raise HTTPException(401, "unknown or revoked API key")
    return cached[0]


Tenant = Annotated[str, Depends(caller_tenant)]


def pool_of(request: Request) -> asyncpg.Pool:
    return request.app.state.pool


def settings_of(request: Request) -> Settings:
    return request.app.state.settings


async def require_user(conn: asyncpg.Connection, tenant_id: str, user_id: str) -> None:
    """404 unless this tenant has something stored for this user (another tenant's user is unknown here)."""
    if not await user_known(conn, tenant_id, user_id):
        raise HTTPException(404, f"user {user_id} not found")
