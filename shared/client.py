"""A small Python client for the memstream API (httpx, synchronous).

from shared.client import MemstreamClient

with MemstreamClient("http://127.0.0.1:8080", api_key="ms-dev-key") as memory:
    memory.remember("alice", "I moved to Berlin last month.", session_id="chat-1")
    hits = memory.recall("alice", "where does she live?")
    block = memory.context("alice", query="Any good bakeries nearby?", max_tokens=400)
    memory.forget("alice", hits[0]["id"])
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any, Literal

import httpx

__all__ = ["MemstreamClient", "MemstreamError"]


class MemstreamError(RuntimeError):
    """The API answered with an error (a problem-details body)."""

    def __init__(self, status: int, detail: str, body: Any = None):
        super().__init__(f"{status}: {detail}")
        self.status = status
        self.detail = detail
        self.body = body


class MemstreamClient:
    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        timeout: float = 10.0,
        transport: httpx.BaseTransport | None = None,
    ):
        self._http = httpx.Client(
            base_url=base_url.rstrip("/"),
            headers={"Authorization": f"Bearer {api_key}"},
            timeout=timeout,
            transport=transport,
        )

    def __enter__(self) -> MemstreamClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._http.close()

    def _call(self, method: str, path: str, **kwargs: Any) -> Any:
        response = self._http.request(method, path, **kwargs)
        if response.status_code >= 400:
            try:
                body = response.json()
                detail = body.get("detail", response.text)
            except ValueError:
                body, detail = None, response.text
            raise MemstreamError(response.status_code, str(detail), body)
        return response.json()

    # ----------------------------------------------------------------------- the four verbs

    def remember(
        self,
        user_id: str,
        content: str | Iterable[dict[str, Any]],
        *,
        session_id: str = "default",
        role: Literal["user", "assistant", "system"] = "user",
        event_id: str | None = None,
        created_at: datetime | None = None,
    ) -> list[str]:
        """Send chat messages to memory (fire and forget: extraction happens in the pipeline).

        `content` is one message's text, or a list of message dicts (`role`, `content`, optional
        `event_id`, `created_at`, `session_id`). Returns the event ids; resending them is harmless."""
        if isinstance(content, str):
            messages = [{"role": role, "content": content, "event_id": event_id, "created_at": created_at}]
        else:
            messages = [dict(m) for m in content]
        body = []
        for m in messages:
            item = {
                "event_id": m.get("event_id") or f"py-{uuid.uuid4().hex}",
                "user_id": user_id,
                "session_id": m.get("session_id") or session_id,
                "role": m.get("role") or role,
                "content": m["content"],
            }
            if m.get("created_at") is not None:
                at = m["created_at"]
                item["created_at"] = at.isoformat() if isinstance(at, datetime) else at
            body.append(item)
        return self._call("POST", "/v1/messages", json={"messages": body})["event_ids"]

    def recall(
        self,
        user_id: str,
        query: str,
        *,
        k: int = 10,
        categories: Sequence[str] | None = None,
        min_importance: int | None = None,
        include_messages: bool = True,
    ) -> list[dict[str, Any]]:
        """Hybrid search over the user's memory; each hit has kind, id, text, score and the fact or message."""
        body: dict[str, Any] = {"user_id": user_id, "query": query, "k": k, "include_messages": include_messages}
        if categories:
            body["categories"] = list(categories)
        if min_importance is not None:
            body["min_importance"] = min_importance
        return self._call("POST", "/v1/search", json=body)["results"]

    def context(
        self,
        user_id: str,
        *,
        query: str | None = None,
        session_id: str | None = None,
        max_tokens: int = 800,
        format: Literal["text", "xml", "json"] = "text",
    ) -> str:
        """A prompt-ready memory block for the next LLM turn, within max_tokens (estimated)."""
        body = {"user_id": user_id, "query": query, "session_id": session_id, "max_tokens": max_tokens}
        return self._call("POST", "/v1/context", json={**body, "format": format})["context"]

    def forget(self, user_id: str, fact_ids: str | Sequence[str]) -> list[dict[str, Any]]:
        """Delete (retract) one or more facts; the rows stay in the history. Returns the retracted facts."""
        ids = [fact_ids] if isinstance(fact_ids, str) else list(fact_ids)
        return self._call("POST", f"/v1/users/{user_id}/facts/delete", json={"fact_ids": ids})["retracted"]

    # ----------------------------------------------------------------------- the rest

    def add_fact(self, user_id: str, text: str, *, category: str = "general", importance: int = 5) -> dict[str, Any]:
        """Add a fact by hand; consolidation decides ADD / UPDATE / NONE at once."""
        return self._call(
            "POST", f"/v1/users/{user_id}/facts", json={"text": text, "category": category, "importance": importance}
        )

    def facts(self, user_id: str, *, include_history: bool = False, **filters: Any) -> list[dict[str, Any]]:
        params = {"include_history": str(include_history).lower(), **filters}
        return self._call("GET", f"/v1/users/{user_id}/facts", params=params)["facts"]

    def ask(self, user_id: str, question: str) -> str:
        return self._call("POST", "/v1/ask", json={"user_id": user_id, "question": question})["answer"]

    def set_memory(self, user_id: str, enabled: bool) -> None:
        self._call("PUT", f"/v1/users/{user_id}/settings", json={"memory_enabled": enabled})

    def erase_user(self, user_id: str) -> dict[str, int]:
        """Hard-delete everything about the user. Irreversible."""
        return self._call("DELETE", f"/v1/users/{user_id}")["erased"]
