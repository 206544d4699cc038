"""A user's facts: list (filters, pagination, as_of, history), one fact with its history and sources,
manual add, edit (supersedes), delete (retracts), bulk delete."""

from __future__ import annotations

from typing import Annotated, Literal
from uuid import UUID

from fastapi import APIRouter, HTTPException, Query, Request, Response
from fastapi.exceptions import RequestValidationError

from services.api.deps import Tenant, check_client_time, pool_of, settings_of
from services.api.models import (
    AddFactResponse,
    BulkDeleteRequest,
    BulkDeleteResponse,
    DecisionOut,
    DeleteFactResponse,
    EditFactResponse,
    FactDetail,
    FactIn,
    FactPatch,
    FactsPage,
    SourceMessage,
    UsersPage,
)
from shared.contracts.events import CategoryName
from shared.domain.validation import Id, Instant, StorableText
from shared.service_layer import memory as memory_service
from shared.storage import user_data as store
from shared.storage.facts import snapshot_of

router = APIRouter(tags=["facts"])


def invalid(field: tuple, message: str) -> RequestValidationError:
    return RequestValidationError([{"loc": field, "msg": message, "type": "value_error"}])


@router.get("/v1/users", response_model=UsersPage, tags=["users"])
async def list_users(
    tenant_id: Tenant,
    request: Request,
    prefix: Annotated[StorableText, Query(max_length=200, description="Only user ids starting with this.")] = "",
    cursor: Annotated[StorableText, Query(max_length=200, description="next_cursor of the previous page.")] = "",
    limit: Annotated[int, Query(ge=1, le=1000)] = 100,
) -> UsersPage:
    """The tenant's users: anyone with settings, facts or messages."""
    async with pool_of(request).acquire() as conn:
        users = await store.list_users(conn, tenant_id, after=cursor, prefix=prefix, limit=limit + 1)
    return UsersPage(users=users[:limit], next_cursor=users[limit - 1] if len(users) > limit else None)


@router.get("/v1/users/{user_id}/facts", response_model=FactsPage)
async def list_user_facts(
    user_id: Id,
    tenant_id: Tenant,
    request: Request,
    include_history: Annotated[bool, Query(description="Also superseded and retracted rows.")] = False,
    category: Annotated[list[CategoryName] | None, Query(description="Only these categories (repeatable).")] = None,
    min_importance: Annotated[int | None, Query(ge=1, le=10)] = None,
    q: Annotated[
        StorableText | None, Query(max_length=200, description="Text contains this (case-insensitive).")
    ] = None,
    source: Annotated[StorableText | None, Query(max_length=64, description="conversation or manual")] = None,
    as_of: Annotated[
        Instant | None,
        Query(
            description="Valid-time point: facts true then (valid_from <= t < valid_to), whatever their status; "
            "from 1970-01-01 to before 9999-01-01."
        ),
    ] = None,
    sort: Annotated[
        Literal["recorded_at", "valid_from", "importance", "strength"],
        Query(
            description="strength: how strongly each fact is remembered now (recall raises it, time lowers it); "
            "with order=desc the strongest first. The pages of one listing rank strengths at the moment of "
            "its first page."
        ),
    ] = "recorded_at",
    order: Annotated[Literal["asc", "desc"], Query()] = "asc",
    cursor: Annotated[
        StorableText | None, Query(max_length=500, description="next_cursor of the previous page.")
    ] = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 100,
) -> FactsPage:
    """The user's facts: active ones by default, one page at a time. A user this tenant has nothing
    about has no facts (an empty page, as before the first message is processed)."""
    query = store.FactQuery(
        categories=category,
        min_importance=min_importance,
        text=q,
        source=source,
        as_of=as_of,
        include_history=include_history,
        sort=sort,
        descending=order == "desc",
        cursor=cursor,
        limit=limit,
    )
    async with pool_of(request).acquire() as conn:
        try:
            facts, next_cursor = await store.list_facts(conn, tenant_id, user_id, query)
        except store.BadCursor as exc:
            raise invalid(("query", "cursor"), str(exc)) from None
    faded_below = settings_of(request).strength_faded_below
    return FactsPage(user_id=user_id, facts=facts, next_cursor=next_cursor, faded_below=faded_below)


@router.post("/v1/users/{user_id}/facts", response_model=AddFactResponse, status_code=201)
async def add_fact(
    user_id: Id, body: FactIn, tenant_id: Tenant, request: Request, response: Response
) -> AddFactResponse:
    """Add a fact by hand (source `manual`). It goes through consolidation like an extracted one, at
    once: a duplicate changes nothing (op NONE, 200), a new value on the same slot supersedes the old."""
    check_client_time(request, body.valid_from, ("body", "valid_from"))
    result = await memory_service.add_fact(
        pool_of(request),
        settings_of(request),
        request.app.state.embedder,
        request.app.state.decider,
        tenant_id,
        user_id,
        memory_service.ManualFact(
            text=body.text,
            category=body.category,
            importance=body.importance,
            valid_from=body.valid_from,
            slot=body.slot,
            language=body.language,
        ),
    )
    if not result.changes:
        response.status_code = 200
    return AddFactResponse(
        op=result.op, decided_by=result.decided_by, reason=result.reason, fact=result.fact, changes=result.changes
    )


@router.post("/v1/users/{user_id}/facts/delete", response_model=BulkDeleteResponse)
async def delete_many(user_id: Id, body: BulkDeleteRequest, tenant_id: Tenant, request: Request) -> BulkDeleteResponse:
    """Retract several facts at once, all or none: an unknown id fails the request with 404."""
    try:
        retracted, changes = await memory_service.delete_facts(pool_of(request), tenant_id, user_id, body.fact_ids)
    except memory_service.NotFound as exc:
        raise HTTPException(404, str(exc)) from None
    except memory_service.Conflict as exc:
        raise HTTPException(409, str(exc)) from None
    return BulkDeleteResponse(retracted=retracted, changes=changes)


@router.get("/v1/users/{user_id}/facts/{fact_id}", response_model=FactDetail)
async def get_fact(user_id: Id, fact_id: UUID, tenant_id: Tenant, request: Request) -> FactDetail:
    """One fact, every version in its supersession chain (both directions), its source messages and the
    decision that created it."""
    async with pool_of(request).acquire() as conn:
        row = await store.fact_row(conn, tenant_id, user_id, fact_id)
        if row is None:
            raise HTTPException(404, f"fact {fact_id} not found")
        history = await store.fact_lineage(conn, tenant_id, user_id, fact_id)
        sources = await store.messages_by_id(conn, tenant_id, user_id, row["source_message_ids"])
        decision = await store.decision_for(conn, tenant_id, row["candidate_id"])
    return FactDetail(
        fact=snapshot_of(row),
        history=history,
        source_messages=[SourceMessage(**dict(m)) for m in sources],
        decision=DecisionOut(**dict(decision)) if decision else None,
    )


@router.patch("/v1/users/{user_id}/facts/{fact_id}", response_model=EditFactResponse)
async def edit_fact(
    user_id: Id, fact_id: UUID, body: FactPatch, tenant_id: Tenant, request: Request
) -> EditFactResponse:
    """Edit a fact. Nothing is overwritten: a new version is inserted and the old one is superseded by it."""
    if body.text is None and body.category is None and body.importance is None:
        raise invalid(("body",), "give at least one of text, category, importance")
    check_client_time(request, body.valid_from, ("body", "valid_from"))
    try:
        new, old, changes = await memory_service.edit_fact(
            pool_of(request),
            request.app.state.embedder,
            tenant_id,
            user_id,
            fact_id,
            memory_service.FactEdit(
                text=body.text, category=body.category, importance=body.importance, valid_from=body.valid_from
            ),
        )
    except memory_service.NotFound as exc:
        raise HTTPException(404, str(exc)) from None
    except memory_service.Conflict as exc:
        raise HTTPException(409, str(exc)) from None
    except memory_service.Invalid as exc:
        raise invalid(("body", exc.field), exc.message) from None
    return EditFactResponse(fact=new, previous=old, changes=changes)


@router.delete("/v1/users/{user_id}/facts/{fact_id}", response_model=DeleteFactResponse)
async def delete_fact(user_id: Id, fact_id: UUID, tenant_id: Tenant, request: Request) -> DeleteFactResponse:
    """Delete a fact: it is retracted (status retracted, valid_to now) and kept for the audit trail.
    Deleting a retracted fact again changes nothing."""
    try:
        [fact], changes = await memory_service.delete_facts(pool_of(request), tenant_id, user_id, [fact_id])
    except memory_service.NotFound as exc:
        raise HTTPException(404, str(exc)) from None
    except memory_service.Conflict as exc:
        raise HTTPException(409, str(exc)) from None
    return DeleteFactResponse(fact=fact, changes=changes)
