"""How the API fails: problem details for every error, 503 with Retry-After while a dependency is down,
and logs that stay readable through an outage (one line per kind of error and interval, not a
traceback per request).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import asyncpg
from aiokafka.errors import KafkaError
from fastapi.responses import JSONResponse

from shared.telemetry import get_logger

log = get_logger(__name__)

PROBLEM = "application/problem+json"


def problem(
    status: int, title: str, detail: str, *, headers: dict[str, str] | None = None, **extra: Any
) -> JSONResponse:
    return JSONResponse(
        {"type": "about:blank", "title": title, "status": status, "detail": detail, **extra},
        status_code=status,
        media_type=PROBLEM,
        headers=headers,
    )


class ServiceUnavailable(Exception):
    """A dependency cannot serve this request now; the client should retry after a while (503)."""

    def __init__(self, dependency: str, detail: str, *, kind: str = "unavailable", **extra: Any):
        super().__init__(f"{dependency}: {detail}")
        self.dependency = dependency
        self.detail = detail
        self.kind = kind  # what went wrong, in a word or two: one log line per kind and interval
        self.extra = extra


def _leaves(exc: BaseException) -> Iterator[BaseException]:
    """The error, the ones of a group, and what each was raised while handling (asyncpg can fail to reset
    a connection the server just closed, and that error hides the closed connection)."""
    if isinstance(exc, BaseExceptionGroup):
        for inner in exc.exceptions:
            yield from _leaves(inner)
        return
    seen = 0
    current: BaseException | None = exc
    while current is not None and seen < 5:
        yield current
        seen += 1
        current = current.__cause__ or current.__context__


def _unavailable(exc: BaseException) -> str | None:
    if isinstance(exc, ServiceUnavailable):
        return exc.dependency
    if isinstance(exc, KafkaError):
        return "broker"
    if isinstance(
        exc,
        OSError  # refused, reset, no socket file: the database is not there
        | TimeoutError
        | asyncpg.PostgresConnectionError
        | asyncpg.CannotConnectNowError
        | asyncpg.AdminShutdownError
        | asyncpg.CrashShutdownError
        | asyncpg.TooManyConnectionsError,
    ):
        return "database"
    if isinstance(exc, asyncpg.InterfaceError) and ("closed" in str(exc) or "closing" in str(exc)):
        return "database"
    if isinstance(exc, asyncpg.InternalClientError):
        # asyncpg's own state machine gave up on a connection: seen when the server closes it around a
        # query (resetting it for the pool then fails), or when a timeout cancels a query. The connection
        # is dropped and a retry gets a new one.
        return "database"
    return None


def unavailable_dependency(exc: BaseException) -> tuple[str, BaseException] | None:
    """(the dependency, the error) when this error means a dependency is down, else None."""
    for leaf in _leaves(exc):
        dependency = _unavailable(leaf)
        if dependency is not None:
            return dependency, leaf
    return None


class ThrottledLog:
    """Logs the first error of each kind, then at most one line per kind every `interval_s`, carrying how
    many were not logged in between. A traceback only for unexpected errors, and only on those lines."""

    def __init__(self, interval_s: float):
        self.interval_s = interval_s
        self._last: dict[str, float] = {}
        self._suppressed: dict[str, int] = {}

    def error(self, kind: str, event: str, *, exc_info: BaseException | None = None, **fields: Any) -> bool:
        now = time.monotonic()
        last = self._last.get(kind)
        if last is not None and now - last < self.interval_s:
            self._suppressed[kind] = self._suppressed.get(kind, 0) + 1
            return False
        if len(self._last) > 1000:  # kinds are few; a flood of distinct ones must not grow this forever
            self._last.clear()
            self._suppressed.clear()
        self._last[kind] = now
        suppressed = self._suppressed.pop(kind, 0)
        if exc_info is not None:
            log.error(event, kind=kind, suppressed_since_last=suppressed, exc_info=exc_info, **fields)
        else:
            log.warning(event, kind=kind, suppressed_since_last=suppressed, **fields)
        return True


def unavailable_response(dependency: str, detail: str, retry_after_s: int, **extra: Any) -> JSONResponse:
    return problem(
        503,
        "Service Unavailable",
        f"{dependency} unavailable: {detail}; retry after {retry_after_s} s",
        headers={"Retry-After": str(retry_after_s)},
        dependency=dependency,
        **extra,
    )


async def response_for(
    exc: BaseException, *, path: str, retry_after_s: int, errors: ThrottledLog, pool: asyncpg.Pool | None = None
) -> JSONResponse:
    """The answer to an error no route handled: 503 when a dependency is down, else 500. When the database
    is the one down, the pool's connections are renewed on their next use, so that after a restart each
    stale connection does not fail one more request."""
    found = unavailable_dependency(exc)
    if found is not None:
        dependency, cause = found
        if dependency == "database" and pool is not None:
            await pool.expire_connections()
        if isinstance(cause, ServiceUnavailable):
            errors.error(
                f"{dependency}:{cause.kind}", "dependency_unavailable", dependency=dependency, error=cause.detail
            )
            return unavailable_response(dependency, cause.detail, retry_after_s, **cause.extra)
        errors.error(
            f"{dependency}:{type(cause).__name__}",
            "dependency_unavailable",
            dependency=dependency,
            error=f"{type(cause).__name__}: {cause}"[:300],
        )
        return unavailable_response(dependency, type(cause).__name__, retry_after_s)
    errors.error(f"unexpected:{type(exc).__name__}:{path}", "api_error", exc_info=exc, path=path)
    return problem(500, "Internal Server Error", f"{type(exc).__name__}; see the API log")
