"""Reads for agents: hybrid search, a prompt-ready context block, and questions answered from memory."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, HTTPException, Request

from services.api.deps import Tenant, pool_of, settings_of
from services.api.models import (
    AskRequest,
    AskResponse,
    ContextExcerpt,
    ContextFact,
    ContextRequest,
    ContextResponse,
    LegScore,
    SearchHit,
    SearchRequest,
    SearchResponse,
    SourceMessage,
)
from shared.domain.ranking import Fused
from shared.service_layer import ask as ask_service
from shared.service_layer import context as context_service
from shared.service_layer import search as search_service
from shared.storage import user_data as store
from shared.storage.facts import snapshot_of
from shared.storage.search import FactFilters

router = APIRouter(tags=["retrieval"])


def _message(row) -> SourceMessage:
    return SourceMessage(**{k: row[k] for k in SourceMessage.model_fields})


def facts_used(items) -> list[str]:
    """The facts a search answer used: a result led by a fact, and any fact folded into a result (a
    message and the facts drawn from it are one result)."""
    return [m.id for item in items for m in [item, *item.members] if m.kind == "fact"]


def hit_of(item: Fused) -> SearchHit:
    """A result: its lead row (fact or message), when and by whom it was said, and every message it
    stands for. A fact folded with its source message carries that message too."""
    legs = {name: LegScore(rank=int(v["rank"]), score=v["score"]) for name, v in item.legs.items()}
    member = item.member("message")
    message = _message(member.row) if member is not None else None
    evidence = list(getattr(item, "evidence_ids", []) or [])
    if item.kind == "fact":
        fact = snapshot_of(item.row)
        return SearchHit(
            kind="fact",
            id=item.id,
            text=fact.text,
            score=item.score,
            legs=legs,
            said_at=message.created_at if message else fact.valid_from,
            speaker=(message.name or message.role) if message else None,
            evidence_ids=evidence,
            fact=fact,
            message=message,
        )
    assert message is not None
    return SearchHit(
        kind="message",
        id=item.id,
        text=message.content,
        score=item.score,
        legs=legs,
        said_at=message.created_at,
        speaker=message.name or message.role,
        evidence_ids=evidence,
        fact=snapshot_of(f.row) if (f := item.member("fact")) is not None else None,
        message=message,
    )


@router.post("/v1/search", response_model=SearchResponse)
async def search(body: SearchRequest, tenant_id: Tenant, request: Request) -> SearchResponse:
    """Search one user's memory: by meaning (vectors over facts and message windows) and by words (full
    text over facts, BM25 over messages), fused by calibrated scores (or RRF, k=60). A fact and the
    message it came from are one result. A leg that fails or times out is left out and named in
    `degraded`; 503 only when every leg fails."""
    pool = pool_of(request)
    scope = body.scope
    if scope == "both" and (not body.include_messages or body.categories or body.min_importance or body.source):
        scope = "facts"  # fact filters: messages have no category, importance or source
    search = asyncio.create_task(
        search_service.hybrid_search(
            pool,
            request.app.state.embedder,
            tenant_id,
            body.user_id,
            body.query,
            k=body.k,
            mode=body.mode,
            scope=scope,
            filters=FactFilters(categories=body.categories, min_importance=body.min_importance, source=body.source),
            when=search_service.TimeRange(body.after, body.before, body.session_id),
            fusion=body.fusion,
            tuning=search_service.SearchTuning.from_settings(settings_of(request)),
            include_faded=body.include_faded,
            cued_recall=True,
        )
    )
    try:
        async with pool.acquire() as conn:  # meanwhile: is memory on for this user?
            enabled = await store.memory_settings(conn, tenant_id, body.user_id)
    except BaseException:
        search.cancel()
        raise
    if not enabled:
        search.cancel()
        return SearchResponse(
            user_id=body.user_id, query=body.query, results=[], legs=[], degraded=[], memory_enabled=False
        )
    try:
        found = await search
    except search_service.SearchUnavailable as exc:
        raise HTTPException(503, f"every search leg failed: {exc}") from None
    request.app.state.recalls.record(tenant_id, body.user_id, facts_used(found.items), "search")
    return SearchResponse(
        user_id=body.user_id,
        query=body.query,
        results=[hit_of(i) for i in found.items],
        legs=found.legs_run,
        degraded=found.degraded,
        errors=found.errors,
    )


@router.post("/v1/context", response_model=ContextResponse)
async def context(body: ContextRequest, tenant_id: Tenant, request: Request) -> ContextResponse:
    """A prompt-ready block for the next LLM turn, inside `max_tokens`: the user's pinned (most
    important) facts, what is relevant to `query` (facts, and excerpts of messages with their dates
    and speakers where no fact covers it), and the session's rolling summary. Tokens are counted with
    the embedding model's tokenizer."""
    result = await context_service.build_context(
        pool_of(request),
        request.app.state.embedder,
        tenant_id,
        body.user_id,
        query=body.query,
        session_id=body.session_id,
        max_tokens=body.max_tokens,
        fmt=body.format,
        pinned_min_importance=body.pinned_min_importance,
        max_facts=body.max_facts,
        include_messages=body.include_messages,
        detail=body.detail,
        tuning=search_service.SearchTuning.from_settings(settings_of(request)),
    )
    used = [i.fact.fact_id for i in [*result.pinned, *result.relevant] if i.fact is not None]
    request.app.state.recalls.record(tenant_id, body.user_id, used, "context")
    return ContextResponse(
        user_id=body.user_id,
        format=body.format,
        context=result.text,
        tokens=result.tokens,
        max_tokens=body.max_tokens,
        token_estimate=context_service.TOKEN_ESTIMATE,
        facts=[
            ContextFact(
                fact_id=i.fact.fact_id,
                text=i.fact.text,
                category=i.fact.category,
                importance=i.fact.importance,
                why=i.why,
                score=i.score,
                source_ids=i.source_ids,
            )
            for i in [*result.pinned, *result.relevant]
            if i.fact is not None and i.why != "excerpt"
        ],
        excerpts=[
            ContextExcerpt(
                event_id=i.excerpt.event_id,
                session_id=i.excerpt.session_id,
                speaker=i.excerpt.speaker,
                said_at=i.excerpt.created_at,
                text=i.excerpt.content,
                score=i.score,
                source_ids=i.source_ids,
            )
            for i in result.relevant
            if i.excerpt is not None
        ],
        session_summary_included=result.summary_included,
        degraded=result.degraded,
        memory_enabled=result.memory_enabled,
    )


@router.post("/v1/ask", response_model=AskResponse)
async def ask(body: AskRequest, tenant_id: Tenant, request: Request) -> AskResponse:
    """Answer a question from the user's stored memories only. With an LLM provider that can answer,
    it writes the answer from the best-matching facts; offline, the best-matching facts are the answer."""
    try:
        result = await ask_service.ask(
            pool_of(request),
            settings_of(request),
            request.app.state.embedder,
            tenant_id,
            body.user_id,
            body.question,
            k=body.k,
            tuning=search_service.SearchTuning.from_settings(settings_of(request)),
        )
    except search_service.SearchUnavailable as exc:
        raise HTTPException(503, f"every search leg failed: {exc}") from None
    request.app.state.recalls.record(tenant_id, body.user_id, facts_used(result.facts), "ask")
    return AskResponse(
        user_id=body.user_id,
        question=body.question,
        answer=result.answer,
        answered_by=result.answered_by,
        facts=[hit_of(f) for f in result.facts],
        degraded=result.degraded,
        memory_enabled=result.memory_enabled,
    )
