"""summarizer: chat.messages -> session summaries; facts.changes -> user profile digests.

A summary is regenerated (never appended to) at each checkpoint (every N user turns and M characters
of conversation) and at session.ended; a profile
digest is debounced: rebuilt after N fact changes, or when one of the user's sessions ends (see
shared.domain.checkpoints). Both are keyed by the hash of their input, so a redelivered or replayed
event writes nothing new and calls no provider.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import TypeAdapter
from pydantic_core import from_json

from shared.contracts.events import ChatMessage, FactChange, SessionEnded, chat_event_adapter
from shared.domain.checkpoints import (
    TurnSize,
    profile_due,
    summary_checkpoint_of_sizes,
    summary_request,
    turns_until,
)
from shared.hashing import content_hash
from shared.provider_calls import PendingCall, cached_calls, reported_usage
from shared.providers.registry import summary_provider
from shared.runtime import Record, StageContext
from shared.service_layer.session_summaries import SummaryWanted, summaries_of
from shared.storage import messages as message_store
from shared.storage import summaries as store
from shared.storage.summaries import SessionState as SummaryState
from shared.telemetry import EVENTS

STAGE = "summarizer"
_change_adapter: TypeAdapter[FactChange] = TypeAdapter(FactChange)


def parse(raw: bytes) -> ChatMessage | SessionEnded | FactChange:
    # One consumer group reads two topics; the payload says which contract it is. pydantic's JSON
    # parser, not json.loads: it stops at a nesting depth of 200 with a ValueError, where json.loads
    # recurses until RecursionError.
    data = from_json(raw)
    if isinstance(data, dict) and "op" in data:
        return _change_adapter.validate_python(data)
    return chat_event_adapter.validate_python(data)


def summary_due(
    state: SummaryState | None, sizes: Sequence[TurnSize], every: int, ended: bool, min_chars: int = 0
) -> int | None:
    """Pure: the checkpoint (user turns) a new summary should cover, or None when the stored one
    already covers it (or there is nothing to summarise yet). ``sizes``: the session's turns, as
    (a user turn?, characters)."""
    if state is None:
        return None
    checkpoint = summary_checkpoint_of_sizes(sizes, every, ended, min_chars)
    summarized = state.summarized_turns
    if checkpoint == 0 or (summarized is not None and summarized >= checkpoint and (state.is_final or not ended)):
        return None
    return checkpoint


async def handle(ctx: StageContext, batch: list[tuple[Record, Any]]) -> None:
    provider = summary_provider(ctx.settings)
    chats = [e for _, e in batch if isinstance(e, ChatMessage | SessionEnded)]
    # An erased user has nothing left to digest; writing a profile now would bring a row back.
    erased = {(e.tenant_id, e.user_id) for _, e in batch if isinstance(e, FactChange) and e.op == "erased"}
    every, min_chars = ctx.settings.summary_every_user_turns, ctx.settings.summary_min_chars
    # One connection for the whole batch (each pool checkout costs a reset round trip). Its reads decide
    # from the turns' roles and lengths; the turns themselves are read only for a summary that is due.
    async with ctx.db.acquire() as conn:
        kept = await message_store.store_if_memory_on(conn, chats)
        ended = {(e.tenant_id, e.session_id) for e in kept if isinstance(e, SessionEnded)}
        # One summary row per session: a session sent under two user ids is summarised once, for the first.
        first_user: dict[tuple[str, str], tuple[str, str, str]] = {}
        for e in kept:
            first_user.setdefault((e.tenant_id, e.session_id), (e.tenant_id, e.user_id, e.session_id))
        sessions = list(first_user.values())
        states = await store.session_states(conn, [(t, s) for t, _, s in sessions])
        due = [
            (tenant_id, user_id, session_id, checkpoint, (tenant_id, session_id) in ended)
            for tenant_id, user_id, session_id in sessions
            if (state := states.get((tenant_id, session_id))) is not None
            and (checkpoint := summary_due(state, state.sizes, every, (tenant_id, session_id) in ended, min_chars))
        ]
        histories = await message_store.session_histories(conn, [(t, s) for t, _, s, _, _ in due])
        # Profiles: users whose facts changed, and users one of whose sessions ended (a debounced
        # digest catches up at session end).
        ended_users = {(e.tenant_id, e.user_id) for e in kept if isinstance(e, SessionEnded)}
        touched = dict.fromkeys(
            [(e.tenant_id, e.user_id) for _, e in batch if isinstance(e, FactChange)] + sorted(ended_users)
        )
        profiles = await store.profile_inputs(conn, [u for u in touched if u not in erased])

        summaries = await _summaries(conn, provider, due, histories)
        every_changes = ctx.settings.profile_refresh_changes
        due_profiles = {
            user: profile
            for user, profile in profiles.items()
            if profile_due(
                has_digest=profile.current_hash is not None,
                has_facts=bool(profile.facts),
                changes_since=profile.changes_since,
                every=every_changes,
                session_ended=user in ended_users,
            )
        }
        digests = await _digests(conn, provider, due_profiles)
        await store.upsert_summaries(conn, summaries)
        await store.upsert_profiles(conn, digests)
    EVENTS.labels(STAGE, "summary_written").inc(len(summaries))
    EVENTS.labels(STAGE, "profile_written").inc(len(digests))
    EVENTS.labels(STAGE, "processed").inc(len(batch))


async def _summaries(db, provider, due, histories) -> list[store.SummaryRow]:
    """The summaries of the due sessions: one cached call each, all of them concurrently."""
    covered = {(t, s): turns_until(histories[(t, s)], checkpoint) for t, _, s, checkpoint, _ in due}
    texts = await summaries_of(
        db,
        stage=STAGE,
        provider=provider,
        wanted=[SummaryWanted(t, u, covered[(t, s)]) for t, u, s, _, _ in due],
    )
    return [
        store.SummaryRow(
            tenant_id=t,
            session_id=s,
            user_id=u,
            summary=text,
            input_hash=content_hash(
                "summary", provider.name, provider.model, provider.prompt_version, summary_request(covered[(t, s)])
            ),
            user_turns=checkpoint,
            is_final=is_final,
        )
        for (t, u, s, checkpoint, is_final), text in zip(due, texts, strict=True)
    ]


async def _digests(db, provider, profiles) -> list[tuple[str, str, str, str, list]]:
    """Profile digests of the users whose active facts changed since their digest was written."""
    stale = {}
    for (tenant_id, user_id), profile in profiles.items():
        input_hash = content_hash("profile", provider.name, provider.model, provider.prompt_version, profile.facts)
        if input_hash != profile.current_hash:
            stale[(tenant_id, user_id)] = (profile.facts, input_hash, profile.fact_ids)

    def call_for(facts: list[tuple[str, str]]):
        async def call() -> tuple[Any, int, int]:
            return await provider.profile_digest(facts), *reported_usage(provider)

        return call

    digests = await cached_calls(
        db,
        stage=STAGE,
        task="profile",
        provider=provider,
        calls=[PendingCall(t, facts, call_for(facts), u) for (t, u), (facts, _, _) in stale.items()],
    )
    return [(t, u, digest, h, ids) for ((t, u), (_, h, ids)), digest in zip(stale.items(), digests, strict=True)]
