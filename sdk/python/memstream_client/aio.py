"""The asynchronous client: the same operations as `MemstreamClient`, each a coroutine."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

import httpx

from memstream_client import _core
from memstream_client import models as m
from memstream_client._operations import Operations
from memstream_client.client import USER_AGENT, _pending, _raise_if_failed
from memstream_client.errors import ProcessingTimeout


class AsyncMemstreamClient(Operations):
    """async with AsyncMemstreamClient(url, api_key=key) as memory:
    hits = await memory.recall("alice", "where does she live?")"""

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        timeout: float = 30.0,
        retry: _core.RetryPolicy | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
    ):
        self.retry = retry or _core.RetryPolicy()
        self._http = httpx.AsyncClient(
            base_url=base_url.rstrip("/"),
            headers=_core.headers(api_key, USER_AGENT),
            timeout=timeout,
            transport=transport,
        )

    async def __aenter__(self) -> AsyncMemstreamClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._http.aclose()

    async def _run(self, request: _core.Call) -> Any:
        attempt = 0
        while True:
            try:
                response = await self._http.request(
                    request.method, request.path, params=request.params, json=request.json
                )
            except httpx.TransportError:
                if not self.retry.should_retry(attempt, None):
                    raise
                response = None
            if response is not None and not self.retry.should_retry(attempt, response):
                return _core.parse(response, request.model)
            await asyncio.sleep(self.retry.delay(attempt, response))
            attempt += 1

    async def remember(
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
        """See `MemstreamClient.remember`."""
        body = _core.messages_body(
            user_id,
            content,
            session_id=session_id,
            role=role,
            event_id=event_id,
            created_at=created_at,
            metadata=metadata,
        )
        sent = await self._run(_core.call("ingest", json={"messages": body}))
        if not wait:
            return m.Remembered(event_ids=sent.event_ids)
        statuses = await self.wait_for(sent.event_ids, timeout=timeout)
        return m.Remembered(event_ids=sent.event_ids, statuses=statuses)

    async def wait_for(self, event_ids: Sequence[str], *, timeout: float = 30.0) -> list[m.MessageStatus]:
        """See `MemstreamClient.wait_for`."""
        polling = _core.Polling(timeout)
        done: dict[str, m.MessageStatus] = {}
        while True:
            for event_id in event_ids:
                if event_id not in done or not _core.settled(done[event_id]):
                    done[event_id] = await self.message_status(event_id)
            statuses = [done[e] for e in event_ids]
            _raise_if_failed(statuses)
            if all(_core.settled(s) for s in statuses):
                return statuses
            if polling.left() <= 0:
                raise ProcessingTimeout(f"not processed within {timeout}s: {_pending(statuses)}", statuses)
            await asyncio.sleep(polling.next_sleep())

    async def recall(self, user_id: str, query: str, *, k: int = 10, **filters: Any) -> list[m.SearchHit]:
        return (await self.search(user_id, query, k=k, **filters)).results

    async def iter_facts(self, user_id: str, *, page_size: int = 100, **filters: Any) -> AsyncIterator[m.FactSnapshot]:
        cursor = None
        while True:
            page = await self.facts(user_id, cursor=cursor, limit=page_size, **filters)
            for fact in page.facts:
                yield fact
            if not page.next_cursor:
                return
            cursor = page.next_cursor

    async def iter_users(self, *, prefix: str = "", page_size: int = 100) -> AsyncIterator[str]:
        cursor = None
        while True:
            page = await self.users(prefix=prefix, cursor=cursor, limit=page_size)
            for user in page.users:
                yield user
            if not page.next_cursor:
                return
            cursor = page.next_cursor
