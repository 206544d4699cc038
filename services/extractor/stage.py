"""extractor: chat.messages -> facts.extracted.

consume a batch of chat events -> store messages (idempotent) -> per session, take what is new
since the cursor -> extract (one cached provider call per session slice) -> emit candidates keyed
tenant:user -> advance the cursor. A crash between emit and cursor re-emits the same candidates,
which the consolidator applies once.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from shared.broker import key_for
from shared.contracts.events import ChatMessage, FactCandidate, SessionEnded, chat_event_adapter
from shared.domain.consolidation import normalize_text
from shared.domain.cursor import slice_after_cursor
from shared.domain.models import Category, ExtractedFact, ExtractionInput, Turn
from shared.domain.triage import worth_extracting
from shared.hashing import content_hash
from shared.provider_calls import cached_call
from shared.providers.registry import extraction_provider
from shared.runtime import PoisonEvent, Record, StageContext
from shared.settings import Settings
from shared.storage import messages as store
from shared.telemetry import EVENTS, get_logger

STAGE = "extractor"
log = get_logger(__name__)


def make_parser(settings: Settings):
    def parse(raw: bytes) -> ChatMessage | SessionEnded:
        event = chat_event_adapter.validate_json(raw)
        if isinstance(event, ChatMessage) and len(event.content) > settings.max_content_chars:
            raise PoisonEvent(f"content: {len(event.content)} characters, more than {settings.max_content_chars}")
        return event

    return parse


def fact_to_json(fact: ExtractedFact) -> dict[str, Any]:
    return {
        "text": fact.text,
        "category": fact.category.value,
        "importance": fact.importance,
        "valid_from": fact.valid_from.isoformat(),
        "source_event_ids": list(fact.source_event_ids),
        "language": fact.language,
        "slot": fact.slot,
        "value": fact.value,
        "negated": fact.negated,
    }


def fact_from_json(data: dict[str, Any]) -> ExtractedFact:
    return ExtractedFact(
        text=data["text"],
        category=Category(data["category"]),
        importance=int(data["importance"]),
        valid_from=datetime.fromisoformat(data["valid_from"]),
        source_event_ids=tuple(data["source_event_ids"]),
        language=data.get("language", "en"),
        slot=data.get("slot"),
        value=data.get("value"),
        negated=bool(data.get("negated", False)),
    )


def turn_to_json(turn: Turn) -> list[str]:
    return [turn.event_id, turn.role, turn.content, turn.created_at.isoformat()]


def to_candidate(
    fact: ExtractedFact, *, tenant_id: str, user_id: str, session_id: str, version: str, observed_at: datetime
) -> FactCandidate:
    sources = sorted(fact.source_event_ids)
    return FactCandidate(
        candidate_id=content_hash(
            "candidate", tenant_id, user_id, normalize_text(fact.text), sources, fact.negated, version
        ),
        tenant_id=tenant_id,
        user_id=user_id,
        session_id=session_id,
        text=fact.text,
        category=fact.category.value,
        importance=max(1, min(10, fact.importance)),
        observed_at=observed_at,
        valid_from=fact.valid_from,
        source_message_ids=sources,
        extractor_version=version,
        language=fact.language,
        slot=fact.slot,
        value=fact.value,
        negated=fact.negated,
    )


async def handle(ctx: StageContext, batch: list[tuple[Record, ChatMessage | SessionEnded]]) -> None:
    events = [event for _, event in batch]
    by_tenant: dict[str, set[str]] = {}
    for event in events:
        by_tenant.setdefault(event.tenant_id, set()).add(event.user_id)
    async with ctx.db.acquire() as conn:
        enabled = {
            (tenant, user): on
            for tenant, users in by_tenant.items()
            for user, on in (await store.memory_enabled(conn, tenant, sorted(users))).items()
        }
        kept = [e for e in events if enabled[(e.tenant_id, e.user_id)]]
        skipped = len(events) - len(kept)
        if skipped:
            EVENTS.labels(STAGE, "skipped_memory_off").inc(skipped)
        await store.store_messages(conn, [e for e in kept if isinstance(e, ChatMessage)])
        for ended in (e for e in kept if isinstance(e, SessionEnded)):
            await store.mark_session_ended(conn, ended.tenant_id, ended.session_id, ended.user_id)

    sessions = dict.fromkeys((e.tenant_id, e.user_id, e.session_id) for e in kept if isinstance(e, ChatMessage))
    for tenant_id, user_id, session_id in sessions:
        await extract_session(ctx, tenant_id, user_id, session_id)
    EVENTS.labels(STAGE, "processed").inc(len(kept))


def _worth_a_call(turns: tuple[Turn, ...], index: int) -> bool:
    turn = turns[index]
    if turn.role != "user":
        return False
    previous = turns[index - 1] if index > 0 else None
    asked = previous is not None and previous.role == "assistant" and previous.content.rstrip().endswith("?")
    return worth_extracting(turn.content, follows_assistant_question=asked)


async def extract_session(ctx: StageContext, tenant_id: str, user_id: str, session_id: str) -> None:
    provider = extraction_provider(ctx.settings)
    version = f"{provider.name}/{provider.model}/{provider.prompt_version}"
    async with ctx.db.acquire() as conn:
        session = await store.get_session(conn, tenant_id, session_id)
        history = await store.session_history(conn, tenant_id, session_id)
        summary = await store.session_summary(conn, tenant_id, session_id)
    cursor_version = session["cursor_version"] if session else None
    piece = slice_after_cursor(
        history,
        session["cursor_hash"] if session else None,
        ctx.settings.context_messages,
        version_changed=cursor_version is not None and cursor_version != version,
    )
    if not piece.new:
        return
    request = ExtractionInput(
        new_turns=tuple(t.as_turn() for t in piece.new),
        context_turns=tuple(t.as_turn() for t in piece.context),
        summary=summary,
    )
    facts: list[ExtractedFact] = []
    if any(
        _worth_a_call(request.context_turns + request.new_turns, i + len(request.context_turns))
        for i in range(len(request.new_turns))
    ):

        async def call() -> tuple[Any, int, int]:
            result = await provider.extract(request)
            return ([fact_to_json(f) for f in result.facts], result.usage.prompt_tokens, result.usage.completion_tokens)

        output = await cached_call(
            ctx.db,
            stage=STAGE,
            task="extraction",
            tenant_id=tenant_id,
            provider=provider,
            request={
                "new": [turn_to_json(t) for t in request.new_turns],
                "context": [turn_to_json(t) for t in request.context_turns],
                "summary": summary,
            },
            call=call,
        )
        facts = [fact_from_json(item) for item in output]

    created = {t.event_id: t.created_at for t in piece.new}
    candidates = [
        to_candidate(
            f,
            tenant_id=tenant_id,
            user_id=user_id,
            session_id=session_id,
            version=version,
            observed_at=max((created[s] for s in f.source_event_ids if s in created), default=f.valid_from),
        )
        for f in facts
    ]
    if candidates:
        key = key_for(tenant_id, user_id)
        await ctx.publish(ctx.topics.extracted, [(key, c.model_dump_json().encode()) for c in candidates])
    async with ctx.db.acquire() as conn:
        await store.advance_cursor(conn, tenant_id, session_id, piece.new[-1].content_hash, version)
    EVENTS.labels(STAGE, "candidates").inc(len(candidates))
    log.info(
        "extracted",
        tenant=tenant_id,
        user=user_id,
        session=session_id,
        turns=len(piece.new),
        candidates=len(candidates),
        restarted=piece.restarted,
    )
