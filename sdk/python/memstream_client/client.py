"""The synchronous client."""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import datetime
from typing import Any

import httpx

from memstream_client import _core
from memstream_client import models as m
from memstream_client._operations import Operations
from memstream_client.errors import ProcessingFailed, ProcessingTimeout

USER_AGENT = "memstream-client-python/0.1.0"


class MemstreamClient(Operations):
    """with MemstreamClient("http://127.0.0.1:8080", api_key="...") as memory:
    memory.remember("alice", "I moved to Berlin.", wait=True).changes"""

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        timeout: float = 30.0,
        retry: _core.RetryPolicy | None = None,
        transport: httpx.BaseTransport | None = None,
    ):
        self.retry = retry or _core.RetryPolicy()
        self._http = httpx.Client(
            base_url=base_url.rstrip("/"),
            headers=_core.headers(api_key, USER_AGENT),
            timeout=timeout,
            transport=transport,
        )

    def __enter__(self) -> MemstreamClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._http.close()

    def _run(self, request: _core.Call) -> Any:
        attempt = 0
        while True:
            try:
                response = self._http.request(request.method, request.path, params=request.params, json=request.json)
            except httpx.TransportError:
                if not self.retry.should_retry(attempt, None):
                    raise
                response = None
            if response is not None and not self.retry.should_retry(attempt, response):
                return _core.parse(response, request.model)
            time.sleep(self.retry.delay(attempt, response))
            attempt += 1

    # ------------------------------------------------------------------ loops (the async client mirrors these)

    def remember(
        self,
        user_id: str,
        content: str | Iterable[Mapping[str, Any]],
        *,
        session_id: str = "default",
        role: str = "user",
        event_id: str | None = None,
        created_at: datetime | None = None,
        metadata: Mapping[str, Any] | None = None,
        wait: bool = False,
        timeout: float = 30.0,
    ) -> m.Remembered:
        """Send one message (a string) or several (dicts with `content` and optionally `role`, `event_id`,
        `created_at`, `session_id`). Without `wait` it returns once the API has them; with `wait=True` it
        returns once the pipeline has processed them, with the fact changes they caused (`.changes`)."""
        body = _core.messages_body(
            user_id,
            content,
            session_id=session_id,
            role=role,
            event_id=event_id,
            created_at=created_at,
            metadata=metadata,
        )
        sent = self._run(_core.call("ingest", json={"messages": body}))
        if not wait:
            return m.Remembered(event_ids=sent.event_ids)
        return m.Remembered(event_ids=sent.event_ids, statuses=self.wait_for(sent.event_ids, timeout=timeout))

    def wait_for(self, event_ids: Sequence[str], *, timeout: float = 30.0) -> list[m.MessageStatus]:
        """Poll each message's status until it is processed; `ProcessingTimeout` after `timeout` seconds,
        `ProcessingFailed` when a stage dead-lettered it."""
        polling = _core.Polling(timeout)
        done: dict[str, m.MessageStatus] = {}
        while True:
            for event_id in event_ids:
                if event_id not in done or not _core.settled(done[event_id]):
                    done[event_id] = self.message_status(event_id)
            statuses = [done[e] for e in event_ids]
            _raise_if_failed(statuses)
            if all(_core.settled(s) for s in statuses):
                return statuses
            if polling.left() <= 0:
                raise ProcessingTimeout(f"not processed within {timeout}s: {_pending(statuses)}", statuses)
            time.sleep(polling.next_sleep())

    def recall(self, user_id: str, query: str, *, k: int = 10, **filters: Any) -> list[m.SearchHit]:
        """The hits of `search`, best first."""
        return self.search(user_id, query, k=k, **filters).results

    def iter_facts(self, user_id: str, *, page_size: int = 100, **filters: Any) -> Iterator[m.FactSnapshot]:
        """Every fact matching the filters (see `facts`), fetching page after page."""
        cursor = None
        while True:
            page = self.facts(user_id, cursor=cursor, limit=page_size, **filters)
            yield from page.facts
            if not page.next_cursor:
                return
            cursor = page.next_cursor

    def iter_users(self, *, prefix: str = "", page_size: int = 100) -> Iterator[str]:
        cursor = None
        while True:
            page = self.users(prefix=prefix, cursor=cursor, limit=page_size)
            yield from page.users
            if not page.next_cursor:
                return
            cursor = page.next_cursor


def _raise_if_failed(statuses: Sequence[m.MessageStatus]) -> None:
    for status in statuses:
        if status.state == "failed":
            raise ProcessingFailed(200, f"message {status.event_id}: {'; '.join(status.errors)}")


def _pending(statuses: Sequence[m.MessageStatus]) -> str:
    return ", ".join(f"{s.event_id} {s.state}" for s in statuses if not _core.settled(s))
