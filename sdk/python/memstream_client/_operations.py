"""The API's operations, written once: each builds a call and hands it to the client's `_run`, which
sends it (synchronously in `MemstreamClient`, as a coroutine in `AsyncMemstreamClient`)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from memstream_client._core import Call, call, facts_params, search_body


class Operations:
    def _run(self, request: Call) -> Any:  # pragma: no cover - each client sends its own way
        raise NotImplementedError

    # ------------------------------------------------------------------ messages

    def message_status(self, event_id: str) -> Any:
        """How far a message has come (`MessageStatus`): pending, stored, extracted, processed or failed,
        with each fact drawn from it and what consolidation did."""
        return self._run(call("message_status", event_id=event_id))

    def end_session(self, session_id: str, user_id: str, *, event_id: str | None = None) -> Any:
        """Mark a session ended: its final summary is written (`SessionEndResponse`)."""
        body = {"user_id": user_id, **({"event_id": event_id} if event_id else {})}
        return self._run(call("end_session", session_id=session_id, json=body))

    # ------------------------------------------------------------------ facts

    def users(self, *, prefix: str = "", cursor: str | None = None, limit: int = 100) -> Any:
        """One page of the tenant's user ids (`UsersPage`); `iter_users` follows the pages."""
        return self._run(call("users", params={"prefix": prefix or None, "cursor": cursor, "limit": limit}))

    def facts(
        self,
        user_id: str,
        *,
        include_history: bool = False,
        categories: Sequence[str] | None = None,
        min_importance: int | None = None,
        q: str | None = None,
        source: str | None = None,
        as_of: datetime | str | None = None,
        sort: str = "recorded_at",
        order: str = "asc",
        cursor: str | None = None,
        limit: int = 100,
    ) -> Any:
        """One page of the user's facts (`FactsPage`); `iter_facts` follows `next_cursor` for you.
        `as_of` gives the facts true at that time, each with its status now. `sort` is recorded_at,
        valid_from, importance or strength (how strongly each is remembered now; `order="desc"`: the
        strongest first; a fact under the page's `faded_below` has faded)."""
        params = facts_params(
            include_history=include_history,
            categories=categories,
            min_importance=min_importance,
            q=q,
            source=source,
            as_of=as_of,
            sort=sort,
            order=order,
            cursor=cursor,
            limit=limit,
        )
        return self._run(call("facts", user_id=user_id, params=params))

    def fact(self, user_id: str, fact_id: str) -> Any:
        """One fact with every version of its history, its source messages and its decision (`FactDetail`)."""
        return self._run(call("fact", user_id=user_id, fact_id=fact_id))

    def add_fact(
        self,
        user_id: str,
        text: str,
        *,
        category: str = "general",
        importance: int = 5,
        valid_from: datetime | None = None,
        slot: str | None = None,
        language: str = "en",
    ) -> Any:
        """Add a fact by hand; consolidated at once (`AddFactResponse`: ADD, UPDATE, DELETE or NONE)."""
        body: dict[str, Any] = {"text": text, "category": category, "importance": importance, "language": language}
        if valid_from is not None:
            body["valid_from"] = valid_from.isoformat()
        if slot is not None:
            body["slot"] = slot
        return self._run(call("add_fact", user_id=user_id, json=body))

    def update_fact(
        self,
        user_id: str,
        fact_id: str,
        *,
        text: str | None = None,
        category: str | None = None,
        importance: int | None = None,
        valid_from: datetime | None = None,
    ) -> Any:
        """Edit a fact: a new version supersedes it, the old one stays in the history (`EditFactResponse`)."""
        body = {
            k: v
            for k, v in {
                "text": text,
                "category": category,
                "importance": importance,
                "valid_from": valid_from.isoformat() if valid_from else None,
            }.items()
            if v is not None
        }
        return self._run(call("update_fact", user_id=user_id, fact_id=fact_id, json=body))

    def delete_fact(self, user_id: str, fact_id: str) -> Any:
        """Retract one fact; it stays in the history (`DeleteFactResponse`)."""
        return self._run(call("delete_fact", user_id=user_id, fact_id=fact_id))

    def forget(self, user_id: str, fact_ids: str | Sequence[str]) -> Any:
        """Retract one or more facts, all or none (`BulkDeleteResponse`)."""
        ids = [fact_ids] if isinstance(fact_ids, str) else list(fact_ids)
        return self._run(call("forget", user_id=user_id, json={"fact_ids": ids}))

    # ------------------------------------------------------------------ reads for agents

    def search(
        self,
        user_id: str,
        query: str,
        *,
        k: int = 10,
        categories: Sequence[str] | None = None,
        min_importance: int | None = None,
        source: str | None = None,
        mode: str = "hybrid",
        include_messages: bool = True,
    ) -> Any:
        """Hybrid search over the user's memory (`SearchResponse`)."""
        body = search_body(
            user_id,
            query,
            k=k,
            categories=categories,
            min_importance=min_importance,
            source=source,
            mode=mode,
            include_messages=include_messages,
        )
        return self._run(call("search", json=body))

    def context(
        self,
        user_id: str,
        *,
        query: str | None = None,
        session_id: str | None = None,
        max_tokens: int = 800,
        format: str = "text",
        pinned_min_importance: int | None = None,
        max_facts: int | None = None,
    ) -> Any:
        """A prompt-ready memory block for the next LLM turn (`ContextResponse`; the text is `.context`)."""
        body = {
            "user_id": user_id,
            "query": query,
            "session_id": session_id,
            "max_tokens": max_tokens,
            "format": format,
            "pinned_min_importance": pinned_min_importance,
            "max_facts": max_facts,
        }
        return self._run(call("context", json={k: v for k, v in body.items() if v is not None}))

    def ask(self, user_id: str, question: str, *, k: int = 8) -> Any:
        """Answer a question from the user's memories only (`AskResponse`)."""
        return self._run(call("ask", json={"user_id": user_id, "question": question, "k": k}))

    # ------------------------------------------------------------------ summaries, settings, privacy

    def sessions(self, user_id: str, *, cursor: str | None = None, limit: int = 20) -> Any:
        """One page of the user's sessions, most recent first, with their summaries (`SessionsPage`)."""
        return self._run(call("sessions", user_id=user_id, params={"cursor": cursor, "limit": limit}))

    def session_summary(self, user_id: str, session_id: str) -> Any:
        return self._run(call("session_summary", user_id=user_id, session_id=session_id))

    def profile(self, user_id: str) -> Any:
        return self._run(call("profile", user_id=user_id))

    def settings(self, user_id: str) -> Any:
        return self._run(call("settings", user_id=user_id))

    def set_memory(self, user_id: str, enabled: bool) -> Any:
        """Switch memory on or off for the user (`MemorySettings`)."""
        return self._run(call("set_settings", user_id=user_id, json={"memory_enabled": enabled}))

    def export(self, user_id: str) -> Any:
        """Everything stored about the user, as one JSON document (a dict)."""
        return self._run(call("export", user_id=user_id))

    def erase_user(self, user_id: str) -> Any:
        """Hard-delete everything about the user. Irreversible (`EraseResponse`)."""
        return self._run(call("erase", user_id=user_id))
