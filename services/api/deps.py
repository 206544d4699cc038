"""What every route shares: the caller's tenant (from its API key), problem responses, app state."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Annotated

import asyncpg
from fastapi import Depends, Header, HTTPException, Request
from fastapi.exceptions import RequestValidationError

from services.api.failures import ServiceUnavailable, ThrottledLog, problem, unavailable_dependency
from shared.domain.validation import time_problem
from shared.hashing import hash_api_key
from shared.settings import Settings
from shared.storage.tenants import tenant_for_key_hash
from shared.storage.user_data import user_known

__all__ = [
    "KeyCache",
    "Tenant",
    "caller_tenant",
    "check_client_time",
    "pool_of",
    "problem",
    "require_user",
    "settings_of",
]


@dataclass
class _Verdict:
    tenant_id: str | None  # None: unknown or revoked
    checked_at: float


class KeyCache:
    """API key -> tenant, by the key's hash, each answer kept for `ttl_s` (the revocation window: a revoked
    key keeps working at most that long on an API process that checked it just before).

    While the database is unreachable, a key this process has checked before keeps its last answer (a key
    cannot be revoked then either) so that ingest, which only needs the broker, goes on; a key never seen
    gets 503."""

    MAX_ENTRIES = 10_000
    LOOKUP_TIMEOUT_S = 2.0  # a database that hangs counts as down: the last answer stands, ingest goes on

    def __init__(self, ttl_s: float, errors: ThrottledLog):
        self.ttl_s = ttl_s
        self.errors = errors
        self._verdicts: dict[str, _Verdict] = {}

    async def tenant_for(self, pool: asyncpg.Pool, key: str) -> str | None:
        key_hash = hash_api_key(key)
        cached = self._verdicts.get(key_hash)
        now = time.monotonic()
        if cached is not None and now - cached.checked_at <= self.ttl_s:
            return cached.tenant_id
        try:
            tenant_id = await asyncio.wait_for(tenant_for_key_hash(pool, key_hash), self.LOOKUP_TIMEOUT_S)
        except Exception as exc:
            if cached is None or unavailable_dependency(exc) is None:
                raise
            self.errors.error(
                "database:api_key_from_cache", "api_key_checked_from_cache", error=f"{type(exc).__name__}: {exc}"
            )
            return cached.tenant_id
        if len(self._verdicts) >= self.MAX_ENTRIES:
            self._verdicts.clear()
        self._verdicts[key_hash] = _Verdict(tenant_id, now)
        return tenant_id


async def caller_tenant(
    request: Request,
    authorization: Annotated[str | None, Header(description="Bearer <API key>")] = None,
    x_api_key: Annotated[str | None, Header(description="The API key (instead of Authorization).")] = None,
) -> str:
    key = x_api_key or (authorization[7:] if authorization and authorization.lower().startswith("bearer ") else None)
    if not key:
        raise HTTPException(401, "missing API key (Authorization: Bearer <key> or X-API-Key)")
    try:
        tenant_id = await request.app.state.keys.tenant_for(request.app.state.pool, key)
    except Exception as exc:
        found = unavailable_dependency(exc)
        if found is None:
            raise
        cause = type(found[1]).__name__
        raise ServiceUnavailable("database", f"cannot check the API key ({cause})", kind=cause) from exc
    if tenant_id is None:
        raise HTTPException(401, "unknown or revoked API key")
    return tenant_id


Tenant = Annotated[str, Depends(caller_tenant)]


def pool_of(request: Request) -> asyncpg.Pool:
    return request.app.state.pool


def settings_of(request: Request) -> Settings:
    return request.app.state.settings


async def require_user(conn: asyncpg.Connection, tenant_id: str, user_id: str) -> None:
    """404 unless this tenant has something stored for this user (another tenant's user is unknown here)."""
    if not await user_known(conn, tenant_id, user_id):
        raise HTTPException(404, f"user {user_id} not found")


def check_client_time(request: Request, at: datetime | None, loc: tuple) -> None:
    """422 at `loc` unless a client's timestamp is from 1970 to now plus max_clock_skew_s."""
    if at is None:
        return
    skew = timedelta(seconds=settings_of(request).max_clock_skew_s)
    problem_text = time_problem(at, now=datetime.now(UTC), max_skew=skew)
    if problem_text:
        raise RequestValidationError([{"loc": loc, "msg": problem_text, "type": "value_error"}])
