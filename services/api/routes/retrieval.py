"""Reads for agents: hybrid search, a prompt-ready context block, and questions answered from memory."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, HTTPException, Request

from services.api.deps import Tenant, pool_of, settings_of
from services.api.models import (
    AskRequest,
    AskResponse,
    ContextFact,
    ContextRequest,
    ContextResponse,
    LegScore,
    SearchHit,
    SearchRequest,
    SearchResponse,
    SourceMessage,
)
from shared.service_layer import memory as memory_service
from shared.storage import memory as store
from shared.storage.facts import snapshot_of
from shared.storage.search import FactFilters, Fused

router = APIRouter(tags=["retrieval"])


def hit_of(item: Fused) -> SearchHit:
    legs = {name: LegScore(rank=int(v["rank"]), score=v["score"]) for name, v in item.legs.items()}
    if item.kind == "fact":
        fact = snapshot_of(item.row)
        return SearchHit(kind="fact", id=item.id, text=fact.text, score=item.score, legs=legs, fact=fact)
    message = SourceMessage(**{k: item.row[k] for k in SourceMessage.model_fields})
    return SearchHit(kind="message", id=item.id, text=message.content, score=item.score, legs=legs, message=message)


@router.post("/v1/search", response_model=SearchResponse)
async def search(body: SearchRequest, tenant_id: Tenant, request: Request) -> SearchResponse:
    """Hybrid search over one user's memory: vector similarity over active facts plus full text over
    active facts and messages, fused by Reciprocal Rank Fusion (k=60). A leg that fails or times out is
    left out and named in `degraded`; 503 only when every leg fails."""
    pool = pool_of(request)
    search = asyncio.create_task(
        memory_service.hybrid_search(
            pool,
            request.app.state.embedder,
            tenant_id,
            body.user_id,
            body.query,
            k=body.k,
            mode=body.mode,
            filters=FactFilters(categories=body.categories, min_importance=body.min_importance, source=body.source),
            include_messages=body.include_messages and not (body.categories or body.min_importance or body.source),
            tuning=memory_service.SearchTuning.from_settings(settings_of(request)),
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
    except memory_service.SearchUnavailable as exc:
        raise HTTPException(503, f"every search leg failed: {exc}") from None
    request.app.state.recalls.record(tenant_id, body.user_id, [i.id for i in found.items if i.kind == "fact"], "search")
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
    important) facts, the facts relevant to `query`, and the session's rolling summary. Tokens are
    estimated as ceil(characters / 4)."""
    result = await memory_service.build_context(
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
        tuning=memory_service.SearchTuning.from_settings(settings_of(request)),
    )
    used = [i.fact.fact_id for i in [*result.pinned, *result.relevant]]
    request.app.state.recalls.record(tenant_id, body.user_id, used, "context")
    return ContextResponse(
        user_id=body.user_id,
        format=body.format,
        context=result.text,
        tokens=result.tokens,
        max_tokens=body.max_tokens,
        token_estimate=memory_service.TOKEN_ESTIMATE,
        facts=[
            ContextFact(
                fact_id=i.fact.fact_id,
                text=i.fact.text,
                category=i.fact.category,
                importance=i.fact.importance,
                why=i.why,
                score=i.score,
            )
            for i in [*result.pinned, *result.relevant]
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
        result = await memory_service.ask(
            pool_of(request),
            settings_of(request),
            request.app.state.embedder,
            tenant_id,
            body.user_id,
            body.question,
            k=body.k,
            tuning=memory_service.SearchTuning.from_settings(settings_of(request)),
        )
    except memory_service.SearchUnavailable as exc:
        raise HTTPException(503, f"every search leg failed: {exc}") from None
    request.app.state.recalls.record(tenant_id, body.user_id, [f.id for f in result.facts if f.kind == "fact"], "ask")
    return AskResponse(
        user_id=body.user_id,
        question=body.question,
        answer=result.answer,
        answered_by=result.answered_by,
        facts=[hit_of(f) for f in result.facts],
        degraded=result.degraded,
        memory_enabled=result.memory_enabled,
    )
