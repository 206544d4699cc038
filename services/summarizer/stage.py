"""summarizer: chat.messages -> session summaries; facts.changes -> user profile digests.

A summary is regenerated (never appended to) every N user turns and at session.ended; a profile
digest whenever the user's active facts change. Both are keyed by the hash of their input, so a
redelivered or replayed event writes nothing new and calls no provider.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import TypeAdapter

from shared.contracts.events import ChatMessage, FactChange, SessionEnded, chat_event_adapter
from shared.domain.cursor import HistoryTurn
from shared.hashing import content_hash
from shared.provider_calls import cached_call, reported_usage
from shared.providers.registry import summary_provider
from shared.runtime import Record, StageContext
from shared.storage import messages as message_store
from shared.storage import summaries as store
from shared.telemetry import EVENTS

STAGE = "summarizer"
_change_adapter: TypeAdapter[FactChange] = TypeAdapter(FactChange)


def parse(raw: bytes) -> ChatMessage | SessionEnded | FactChange:
    # One consumer group reads two topics; the payload says which contract it is.
    data = json.loads(raw)
    if isinstance(data, dict) and "op" in data:
        return _change_adapter.validate_python(data)
    return chat_event_adapter.validate_python(data)


def summary_checkpoint(user_turns: int, every: int, ended: bool) -> int:
    """Pure: how many user turns the summary should cover. Whole multiples of ``every`` (all of
    them at session end), so the summary depends on the conversation, not on how far the
    stages happened to be when the summarizer looked."""
    return user_turns if ended else (user_turns // every) * every


def turns_until(history: list[HistoryTurn], user_turns: int) -> list[HistoryTurn]:
    """The history up to and including its ``user_turns``-th user turn."""
    seen = 0
    for i, turn in enumerate(history):
        seen += turn.role == "user"
        if seen == user_turns:
            return history[: i + 1]
    return history


async def handle(ctx: StageContext, batch: list[tuple[Record, Any]]) -> None:
    chats = [e for _, e in batch if isinstance(e, ChatMessage | SessionEnded)]
    # An erased user has nothing left to digest; writing a profile now would bring a row back.
    erased = {(e.tenant_id, e.user_id) for _, e in batch if isinstance(e, FactChange) and e.op == "erased"}
    changes = [e for _, e in batch if isinstance(e, FactChange) and (e.tenant_id, e.user_id) not in erased]
    async with ctx.db.acquire() as conn:
        users = {(e.tenant_id, e.user_id) for e in chats}
        enabled = {}
        for tenant_id in {t for t, _ in users}:
            on = await message_store.memory_enabled(conn, tenant_id, sorted(u for t, u in users if t == tenant_id))
            enabled.update({(tenant_id, u): v for u, v in on.items()})
        kept = [e for e in chats if enabled.get((e.tenant_id, e.user_id), True)]
        await message_store.store_messages(conn, [e for e in kept if isinstance(e, ChatMessage)])
    ended = {(e.tenant_id, e.session_id) for e in kept if isinstance(e, SessionEnded)}
    sessions = dict.fromkeys((e.tenant_id, e.user_id, e.session_id) for e in kept)
    for tenant_id, user_id, session_id in sessions:
        await summarize_session(ctx, tenant_id, user_id, session_id, ended=(tenant_id, session_id) in ended)
    for tenant_id, user_id in dict.fromkeys((c.tenant_id, c.user_id) for c in changes):
        await refresh_profile(ctx, tenant_id, user_id)
    EVENTS.labels(STAGE, "processed").inc(len(batch))


async def summarize_session(ctx: StageContext, tenant_id: str, user_id: str, session_id: str, *, ended: bool) -> None:
    provider = summary_provider(ctx.settings)
    async with ctx.db.acquire() as conn:
        turns = await store.user_turn_count(conn, tenant_id, session_id)
        state = await store.summary_state(conn, tenant_id, session_id)
        checkpoint = summary_checkpoint(turns, ctx.settings.summary_every_user_turns, ended)
        if checkpoint == 0 or (state and state["user_turns"] >= checkpoint and (state["is_final"] or not ended)):
            return
        history = turns_until(await message_store.session_history(conn, tenant_id, session_id), checkpoint)
    hashes = [t.content_hash for t in history]
    input_hash = content_hash("summary", provider.name, provider.model, provider.prompt_version, hashes)

    async def call() -> tuple[Any, int, int]:
        return await provider.summarize_session([t.as_turn() for t in history]), *reported_usage(provider)

    summary = await cached_call(
        ctx.db, stage=STAGE, task="summary", tenant_id=tenant_id, provider=provider, request=hashes, call=call
    )
    async with ctx.db.acquire() as conn:
        await store.upsert_summary(
            conn,
            tenant_id=tenant_id,
            session_id=session_id,
            user_id=user_id,
            summary=summary,
            input_hash=input_hash,
            user_turns=checkpoint,
            is_final=ended,
        )
    EVENTS.labels(STAGE, "summary_written").inc()


async def refresh_profile(ctx: StageContext, tenant_id: str, user_id: str) -> None:
    provider = summary_provider(ctx.settings)
    async with ctx.db.acquire() as conn:
        facts = await store.active_fact_texts(conn, tenant_id, user_id)
        current = await store.profile_hash(conn, tenant_id, user_id)
    input_hash = content_hash("profile", provider.name, provider.model, provider.prompt_version, facts)
    if current == input_hash:
        return

    async def call() -> tuple[Any, int, int]:
        return await provider.profile_digest(facts), *reported_usage(provider)

    digest = await cached_call(
        ctx.db, stage=STAGE, task="profile", tenant_id=tenant_id, provider=provider, request=facts, call=call
    )
    async with ctx.db.acquire() as conn:
        await store.upsert_profile(conn, tenant_id, user_id, digest, input_hash)
    EVENTS.labels(STAGE, "profile_written").inc()
