"""extractor: chat.messages -> facts.extracted.

consume a batch of chat events -> store messages (idempotent) -> read every session of the batch
from a little before its cursor, in one query -> decide, per session, what is new and whether it is
worth a call (pure) -> add the background summary of the last checkpoint before the slice (shared with
the summarizer through the call cache; a prompt leaves out the context turns it covers) and, for a
model, the user's known slot names -> extract (one cached provider call per session slice; the calls
of a batch run concurrently) -> emit all candidates, keyed tenant:user -> advance all
cursors in one update. The extraction input is a pure function of the stored conversation up to the
slice, so two runs send byte-identical prompts and a replay hits the cache.
A crash between emit and cursor re-emits the same candidates, which the consolidator applies once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from shared.broker import key_for
from shared.contracts.events import ChatMessage, FactCandidate, SessionEnded, chat_event_adapter, stored_event_json
from shared.domain.checkpoints import background_checkpoint, may_hold_a_checkpoint
from shared.domain.consolidation import application_order, normalize_text
from shared.domain.cursor import HistoryTurn, Slice, slice_after_cursor
from shared.domain.models import Category, ExtractedFact, ExtractionInput, Turn
from shared.domain.triage import worth_extracting
from shared.hashing import content_hash
from shared.provider_calls import PendingCall, cached_calls, calls_a_language_model
from shared.providers.registry import extraction_provider, summary_provider
from shared.runtime import PoisonEvent, Record, StageContext
from shared.service_layer.session_summaries import SummaryWanted, summaries_of
from shared.settings import Settings
from shared.storage import messages as store
from shared.storage import slots as slot_store
from shared.storage.messages import SessionRead
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
        "valid_to": fact.valid_to.isoformat() if fact.valid_to else None,
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
        valid_to=datetime.fromisoformat(data["valid_to"]) if data.get("valid_to") else None,
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
        valid_to=fact.valid_to,
        source_message_ids=sources,
        extractor_version=version,
        language=fact.language,
        slot=fact.slot,
        value=fact.value,
        negated=fact.negated,
    )


@dataclass(frozen=True)
class SessionWork:
    """One session of a batch: the turns past its cursor, and the extraction request they make (None
    when no turn is worth a call). ``worth`` holds the new turns worth a call: only their facts are kept,
    so a turn that triage skips says nothing whether or not a worthier turn shares its batch."""

    tenant_id: str
    user_id: str
    session_id: str
    piece: Slice
    request: ExtractionInput | None
    worth: frozenset[str] = frozenset()


def plan_session(
    key: tuple[str, str, str], read: SessionRead | None, version: str, context_size: int
) -> SessionWork | None:
    tenant_id, user_id, session_id = key
    if read is None:
        return None
    piece = slice_after_cursor(
        read.turns,
        read.cursor_hash,
        context_size,
        version_changed=read.cursor_version is not None and read.cursor_version != version,
    )
    if not piece.new:
        return None
    turns = piece.context + piece.new
    worth = frozenset(turn.event_id for i, turn in enumerate(piece.new) if _worth_a_call(turns, i + len(piece.context)))
    if not worth:  # most slices: no request to build
        return SessionWork(tenant_id, user_id, session_id, piece, None, worth)
    request = ExtractionInput(
        new_turns=tuple(t.as_turn() for t in piece.new),
        context_turns=tuple(t.as_turn() for t in piece.context),
    )
    return SessionWork(tenant_id, user_id, session_id, piece, request, worth)


def _work_key(work: SessionWork) -> tuple[str, str, str]:
    return work.tenant_id, work.user_id, work.session_id


def _worth_a_call(turns: Sequence[Turn | HistoryTurn], index: int) -> bool:
    turn = turns[index]
    if turn.role != "user":
        return False
    previous = turns[index - 1] if index > 0 else None
    asked = previous is not None and previous.role == "assistant" and previous.content.rstrip().endswith("?")
    return worth_extracting(turn.content, follows_assistant_question=asked)


def candidates_of(work: SessionWork, facts: list[ExtractedFact], version: str) -> list[FactCandidate]:
    """The slice's candidates, in the order the consolidator applies them (whatever its batches)."""
    created = {t.event_id: t.created_at for t in work.piece.new}
    candidates = [
        to_candidate(
            f,
            tenant_id=work.tenant_id,
            user_id=work.user_id,
            session_id=work.session_id,
            version=version,
            observed_at=max((created[s] for s in f.source_event_ids if s in created), default=f.valid_from),
        )
        for f in facts
        if work.worth.intersection(f.source_event_ids)
    ]
    return sorted(
        candidates, key=lambda c: application_order(c.observed_at, c.valid_from, c.negated, c.text, c.candidate_id)
    )


async def handle(ctx: StageContext, batch: list[tuple[Record, ChatMessage | SessionEnded]]) -> None:
    provider = extraction_provider(ctx.settings)
    version = f"{provider.name}/{provider.model}/{provider.prompt_version}"
    events = [event for _, event in batch]
    # One connection for the whole batch: each pool checkout costs a reset round trip when it is given back.
    async with ctx.db.acquire() as conn:
        kept = await _store_events(conn, events)
        sessions = list(
            dict.fromkeys((e.tenant_id, e.user_id, e.session_id) for e in kept if isinstance(e, ChatMessage))
        )
        reads = await store.read_sessions(
            conn, [(t, s) for t, _, s in sessions], version, ctx.settings.context_messages
        )

        if ctx.settings.embed_messages:  # stored first, then announced: the embedder's windows refer to them
            await ctx.publish(
                ctx.topics.stored,
                [(key_for(e.tenant_id, e.user_id), stored_event_json(e)) for e in kept if isinstance(e, ChatMessage)],
            )
        work = [
            w
            for key in sessions
            if (w := plan_session(key, reads.get((key[0], key[2])), version, ctx.settings.context_messages))
        ]
        to_call = await _with_background(ctx, conn, [w for w in work if w.request is not None])
        if calls_a_language_model(provider):
            to_call = await _with_known_slots(ctx, conn, to_call)
        outputs = await cached_calls(
            conn,
            stage=STAGE,
            task="extraction",
            provider=provider,
            calls=[
                PendingCall(w.tenant_id, _request_key(w.request), _extraction_call(provider, w.request), w.user_id)
                for w in to_call
            ],
        )
        # Keyed by session, not by object: `_with_background` hands back copies of the work items (with their
        # summary), so an identity key silently dropped the facts of every slice that had a background summary,
        # i.e. of slices that begin late in a session: where a batch boundary fell decided what was remembered.
        facts_of = {
            _work_key(w): [fact_from_json(item) for item in output] for w, output in zip(to_call, outputs, strict=True)
        }
        candidates = [c for w in work for c in candidates_of(w, facts_of.get(_work_key(w), []), version)]
        if candidates:
            await ctx.publish(
                ctx.topics.extracted,
                [(key_for(c.tenant_id, c.user_id), c.model_dump_json().encode()) for c in candidates],
            )
        # After the publish: a crash in between re-emits the same candidates, which are applied once.
        await store.advance_cursors(
            conn, [(w.tenant_id, w.session_id, w.piece.new[-1].content_hash) for w in work], version
        )
    EVENTS.labels(STAGE, "candidates").inc(len(candidates))
    EVENTS.labels(STAGE, "processed").inc(len(kept))
    log.info(
        "extracted",
        events=len(events),
        sessions=len(work),
        calls=len(to_call),
        candidates=len(candidates),
        restarted=sum(w.piece.restarted for w in work),
    )


async def _with_background(ctx: StageContext, conn, to_call: list[SessionWork]) -> list[SessionWork]:
    """Each request with the summary of the last whole checkpoint before its slice: the one the
    summarizer writes for that checkpoint, read from (or, if the extractor is first, put into) the
    shared call cache. Never a summary that covers the turns being extracted, whatever the summarizer
    has reached, so the request depends only on the conversation. The context turns that summary
    covers are marked (``summarized_context``), and a prompt leaves them out: summary and context
    neither overlap nor leave a gap between them. The turns before a slice are read only when there
    are enough of them for a checkpoint (most slices of short sessions have none): counted first."""
    every, min_chars = ctx.settings.summary_every_user_turns, ctx.settings.summary_min_chars
    starts = {id(w): (w.tenant_id, w.session_id, w.request.new_turns[0].event_id) for w in to_call}
    sizes = await store.sizes_before(conn, list(starts.values()))
    reading = [w for w in to_call if may_hold_a_checkpoint(*sizes[starts[id(w)]], every, min_chars)]
    before = await store.turns_before(conn, [starts[id(w)] for w in reading])
    covered = {id(w): background_checkpoint(before[starts[id(w)]], every, min_chars) for w in reading}
    needing = [w for w in reading if covered[id(w)]]
    texts = await summaries_of(
        conn,
        stage=STAGE,
        provider=summary_provider(ctx.settings),
        wanted=[SummaryWanted(w.tenant_id, w.user_id, covered[id(w)]) for w in needing],
    )
    with_summary = {}
    for w, text in zip(needing, texts, strict=True):
        summarized = {t.event_id for t in covered[id(w)]}
        leading = sum(1 for t in w.request.context_turns if t.event_id in summarized)
        with_summary[id(w)] = replace(w, request=replace(w.request, summary=text, summarized_context=leading))
    return [with_summary.get(id(w), w) for w in to_call]


async def _with_known_slots(ctx: StageContext, conn, to_call: list[SessionWork]) -> list[SessionWork]:
    """Each request with the slot names its user's facts already use, so a model reuses them instead
    of inventing a new spelling. A hint only, kept out of the call's cache key: it follows how far
    consolidation got, and a replay or a redelivery must still find the reply of its slice."""
    users = list(dict.fromkeys((w.tenant_id, w.user_id) for w in to_call))
    slots = await slot_store.known_slots(conn, users, ctx.settings.extraction_known_slots)
    return [replace(w, request=replace(w.request, known_slots=slots[(w.tenant_id, w.user_id)])) for w in to_call]


async def _store_events(conn, events: list[ChatMessage | SessionEnded]) -> list[ChatMessage | SessionEnded]:
    """Store the messages and session ends of users with memory on; returns those events."""
    kept = await store.store_if_memory_on(conn, events)
    if skipped := len(events) - len(kept):
        EVENTS.labels(STAGE, "skipped_memory_off").inc(skipped)
    for ended in (e for e in kept if isinstance(e, SessionEnded)):
        await store.mark_session_ended(conn, ended.tenant_id, ended.session_id, ended.user_id)
    return kept


def _request_key(request: ExtractionInput) -> dict[str, Any]:
    return {
        "new": [turn_to_json(t) for t in request.new_turns],
        "context": [turn_to_json(t) for t in request.context_turns],
        "summary": request.summary,
    } | ({"summarized": request.summarized_context} if request.summarized_context else {})


def _extraction_call(provider, request: ExtractionInput):
    async def call() -> tuple[Any, int, int]:
        result = await provider.extract(request)
        return ([fact_to_json(f) for f in result.facts], result.usage.prompt_tokens, result.usage.completion_tokens)

    return call
