"""Errors: the API's problem details, as exceptions."""

from __future__ import annotations

from typing import Any


class MemstreamError(Exception):
    """The API answered with an error. `detail` is the problem's detail (it names the field or the
    reason); `problem` is the whole problem-details body when there was one."""

    def __init__(self, status: int, detail: str, *, title: str = "", problem: dict[str, Any] | None = None):
        super().__init__(f"{status} {title}: {detail}" if title else f"{status}: {detail}")
        self.status = status
        self.title = title
        self.detail = detail
        self.problem = problem or {}


class Unauthorized(MemstreamError):
    """401: the API key is missing, unknown or revoked."""


class NotFound(MemstreamError):
    """404: no such user, fact, session or summary in this key's tenant."""


class Conflict(MemstreamError):
    """409: e.g. editing a fact that is no longer active."""


class InvalidRequest(MemstreamError):
    """400, 413 or 422: the request was refused; `detail` names the field."""


class Unavailable(MemstreamError):
    """503 or 429 after every retry."""


class ProcessingFailed(MemstreamError):
    """A stage dead-lettered the message or a fact drawn from it (replayable by an operator)."""


class ProcessingTimeout(TimeoutError):
    """`remember(..., wait=True)` ran out of time; `statuses` holds the last status of each message."""

    def __init__(self, message: str, statuses: list[Any]):
        super().__init__(message)
        self.statuses = statuses


def error_for(status: int, body: Any, text: str) -> MemstreamError:
    problem = body if isinstance(body, dict) else None
    detail = str(problem.get("detail", text)) if problem else (text or "no detail")
    title = str(problem.get("title", "")) if problem else ""
    kind = {401: Unauthorized, 404: NotFound, 409: Conflict, 429: Unavailable, 503: Unavailable}.get(status)
    if kind is None:
        kind = InvalidRequest if status in (400, 413, 422) else MemstreamError
    return kind(status, detail, title=title, problem=problem)
