"""What the sync and async clients share: the routes, how a call is built, when to retry, how a response
becomes a model or an error. Only the sending differs between the two."""

from __future__ import annotations

import email.utils
import random
import time
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Generic, TypeVar
from urllib.parse import quote

import httpx
from pydantic import BaseModel

from memstream_client import models as m
from memstream_client.errors import error_for

T = TypeVar("T")

# name -> (method, path template, response model). Every route the client calls, in one place; a test
# checks each against the API's OpenAPI document.
ROUTES: dict[str, tuple[str, str, type[BaseModel] | None]] = {
    "ingest": ("POST", "/v1/messages", m.IngestResponse),
    "message_status": ("GET", "/v1/messages/{event_id}", m.MessageStatus),
    "end_session": ("POST", "/v1/sessions/{session_id}/end", m.SessionEndResponse),
    "users": ("GET", "/v1/users", m.UsersPage),
    "facts": ("GET", "/v1/users/{user_id}/facts", m.FactsPage),
    "add_fact": ("POST", "/v1/users/{user_id}/facts", m.AddFactResponse),
    "fact": ("GET", "/v1/users/{user_id}/facts/{fact_id}", m.FactDetail),
    "update_fact": ("PATCH", "/v1/users/{user_id}/facts/{fact_id}", m.EditFactResponse),
    "delete_fact": ("DELETE", "/v1/users/{user_id}/facts/{fact_id}", m.DeleteFactResponse),
    "forget": ("POST", "/v1/users/{user_id}/facts/delete", m.BulkDeleteResponse),
    "search": ("POST", "/v1/search", m.SearchResponse),
    "context": ("POST", "/v1/context", m.ContextResponse),
    "ask": ("POST", "/v1/ask", m.AskResponse),
    "sessions": ("GET", "/v1/users/{user_id}/sessions", m.SessionsPage),
    "session_summary": ("GET", "/v1/users/{user_id}/sessions/{session_id}/summary", m.SessionSummary),
    "profile": ("GET", "/v1/users/{user_id}/profile", m.UserProfile),
    "settings": ("GET", "/v1/users/{user_id}/settings", m.MemorySettings),
    "set_settings": ("PUT", "/v1/users/{user_id}/settings", m.MemorySettings),
    "export": ("GET", "/v1/users/{user_id}/export", None),
    "erase": ("DELETE", "/v1/users/{user_id}", m.EraseResponse),
}

RETRY_STATUSES = frozenset({429, 503})


@dataclass(frozen=True)
class Call(Generic[T]):
    method: str
    path: str
    model: type[BaseModel] | None
    params: Mapping[str, Any] | None = None
    json: Any = None


def call(name: str, *, params: Mapping[str, Any] | None = None, json: Any = None, **path: str) -> Call:
    """A call of a named route; every path parameter is percent-encoded whole (a `/` or `?` in a user id
    stays inside its segment)."""
    method, template, model = ROUTES[name]
    encoded = {k: quote(str(v), safe="") for k, v in path.items()}
    clean = {k: v for k, v in (params or {}).items() if v is not None}
    return Call(method, template.format(**encoded), model, clean or None, json)


@dataclass(frozen=True)
class RetryPolicy:
    """Retries on 429 and 503 (and on connection errors), honouring Retry-After (seconds or an HTTP date),
    else exponential backoff with jitter. Every route the client calls is safe to repeat: ingest is
    idempotent on the event ids the client sets, and consolidation turns a repeated fact into NONE."""

    max_retries: int = 3
    backoff_s: float = 0.5
    max_wait_s: float = 30.0

    def delay(self, attempt: int, response: httpx.Response | None) -> float:
        retry_after = response.headers.get("retry-after") if response is not None else None
        if retry_after:
            wait = parse_retry_after(retry_after)
            if wait is not None:
                return min(max(wait, 0.0), self.max_wait_s)
        return min(self.backoff_s * 2**attempt * (0.5 + random.random() / 2), self.max_wait_s)

    def should_retry(self, attempt: int, response: httpx.Response | None) -> bool:
        if attempt >= self.max_retries:
            return False
        return response is None or response.status_code in RETRY_STATUSES


def parse_retry_after(value: str) -> float | None:
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return when.timestamp() - time.time()


def parse(response: httpx.Response, model: type[BaseModel] | None) -> Any:
    if response.status_code >= 400:
        try:
            body = response.json()
        except ValueError:
            body = None
        raise error_for(response.status_code, body, response.text[:500])
    data = response.json() if response.content else None
    return model.model_validate(data) if model is not None else data


def messages_body(
    user_id: str,
    content: str | Iterable[Mapping[str, Any]],
    *,
    session_id: str,
    role: str,
    event_id: str | None,
    created_at: datetime | None,
    metadata: Mapping[str, Any] | None,
) -> list[dict[str, Any]]:
    """The ingest body. Event ids are set here, so a retried request is the same request."""
    if isinstance(content, str):
        items: list[Mapping[str, Any]] = [
            {"role": role, "content": content, "event_id": event_id, "created_at": created_at, "metadata": metadata}
        ]
    else:
        items = list(content)
    body = []
    for item in items:
        message: dict[str, Any] = {
            "event_id": item.get("event_id") or f"sdk-{uuid.uuid4().hex}",
            "user_id": user_id,
            "session_id": item.get("session_id") or session_id,
            "role": item.get("role") or role,
            "content": item["content"],
        }
        at = item.get("created_at")
        if at is not None:
            message["created_at"] = at.isoformat() if isinstance(at, datetime) else str(at)
        if item.get("metadata"):
            message["metadata"] = dict(item["metadata"])
        body.append(message)
    return body


def facts_params(
    *,
    include_history: bool,
    categories: Sequence[str] | None,
    min_importance: int | None,
    q: str | None,
    source: str | None,
    as_of: datetime | str | None,
    sort: str,
    order: str,
    cursor: str | None,
    limit: int,
) -> dict[str, Any]:
    return {
        "include_history": "true" if include_history else None,
        "category": list(categories) if categories else None,
        "min_importance": min_importance,
        "q": q,
        "source": source,
        "as_of": as_of.isoformat() if isinstance(as_of, datetime) else as_of,
        "sort": sort,
        "order": order,
        "cursor": cursor,
        "limit": limit,
    }


def search_body(
    user_id: str,
    query: str,
    *,
    k: int,
    categories: Sequence[str] | None,
    min_importance: int | None,
    source: str | None,
    mode: str,
    include_messages: bool,
) -> dict[str, Any]:
    body: dict[str, Any] = {"user_id": user_id, "query": query, "k": k, "mode": mode}
    body["include_messages"] = include_messages
    if categories:
        body["categories"] = list(categories)
    if min_importance is not None:
        body["min_importance"] = min_importance
    if source is not None:
        body["source"] = source
    return body


def settled(status: m.MessageStatus) -> bool:
    return status.state in ("processed", "failed")


@dataclass
class Polling:
    """How `wait` polls the status route: quickly at first, then every `max_interval_s`."""

    timeout_s: float
    interval_s: float = 0.1
    max_interval_s: float = 1.0
    started: float = field(default_factory=time.monotonic)

    def left(self) -> float:
        return self.timeout_s - (time.monotonic() - self.started)

    def next_sleep(self) -> float:
        wait = min(self.interval_s, max(self.left(), 0.0))
        self.interval_s = min(self.interval_s * 2, self.max_interval_s)
        return wait


def headers(api_key: str, user_agent: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {api_key}", "User-Agent": user_agent}
