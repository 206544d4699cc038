"""Processing status of one chat message: stored? extracted? which fact changes came from it?

An app that sent a message (or the SDK's `remember(..., wait=True)`) polls this until `processed`.
"""

from __future__ import annotations

from datetime import UTC, datetime
from uuid import UUID

from fastapi import APIRouter, Request

from services.api.deps import Tenant, pool_of
from services.api.models import CandidateOutcome, MessageStatus
from services.extractor.stage import STAGE as EXTRACTOR_STAGE
from services.extractor.stage import fact_from_json, to_candidate
from shared.contracts.events import FactSnapshot, Id
from shared.storage import processing as store
from shared.storage.facts import snapshot_of

router = APIRouter(tags=["ingest"])


def candidate_ids(tenant_id: str, user_id: str, session_id: str, version: str, items: list[dict]) -> list[str]:
    """The ids the extractor gave these facts: its own function, so the two cannot drift apart."""
    at = datetime.now(UTC)  # observed_at is not part of the id
    return [
        to_candidate(
            fact_from_json(item),
            tenant_id=tenant_id,
            user_id=user_id,
            session_id=session_id,
            version=version,
            observed_at=at,
        ).candidate_id
        for item in items
    ]


@router.get("/v1/messages/{event_id}", response_model=MessageStatus)
async def message_status(event_id: Id, tenant_id: Tenant, request: Request) -> MessageStatus:
    """How far a message has come: `stored` (the extractor persisted it), `extracted` (its session's cursor
    is past it), and, once `processed`, each fact drawn from it with the decision taken (ADD, UPDATE,
    DELETE, NONE) and the facts that cite it. A message nobody sent stays `pending`."""
    async with pool_of(request).acquire() as conn:
        progress = await store.message_progress(conn, tenant_id, event_id)
        if progress is None:
            errors = await store.dead_letters_mentioning(conn, tenant_id, [event_id])
            state = "failed" if errors else "pending"
            return MessageStatus(
                event_id=event_id, state=state, stored=False, extracted=False, processed=False, errors=errors
            )
        items: list[dict] = []
        if progress.extracted and progress.extractor_version:
            items = await store.extracted_from(
                conn, tenant_id, progress.user_id, event_id, stage=EXTRACTOR_STAGE, version=progress.extractor_version
            )
        ids = candidate_ids(tenant_id, progress.user_id, progress.session_id, progress.extractor_version or "", items)
        drawn = dict(zip(ids, items, strict=True))  # a re-read of the same turn gives the same ids
        ids = list(drawn)
        decisions = await store.decisions_of(conn, tenant_id, ids)
        named = [
            fact_id
            for d in decisions.values()
            for fact_id in (d["new_fact_id"], d["target_fact_id"])
            if fact_id is not None
        ]
        rows = await store.facts_for_message(conn, tenant_id, progress.user_id, event_id, named)
        undecided = [c for c in ids if c not in decisions]
        errors = await store.dead_letters_mentioning(conn, tenant_id, [event_id, *undecided])

    snapshots: dict[UUID, FactSnapshot] = {row["fact_id"]: snapshot_of(row) for row in rows}
    outcomes = []
    for candidate_id, item in drawn.items():
        d = decisions.get(candidate_id)
        outcomes.append(
            CandidateOutcome(
                candidate_id=candidate_id,
                text=item["text"],
                decided=d is not None,
                op=d["op"] if d else None,
                decided_by=d["decided_by"] if d else None,
                reason=d["reason"] if d else None,
                fact=snapshots.get(d["new_fact_id"]) if d and d["new_fact_id"] else None,
                previous=snapshots.get(d["target_fact_id"]) if d and d["target_fact_id"] else None,
            )
        )
    processed = progress.extracted and not undecided
    state = "processed" if processed else "failed" if errors else "extracted" if progress.extracted else "stored"
    citing = [snapshots[row["fact_id"]] for row in rows if event_id in row["source_message_ids"]]
    return MessageStatus(
        event_id=event_id,
        state=state,
        stored=True,
        extracted=progress.extracted,
        processed=processed,
        user_id=progress.user_id,
        session_id=progress.session_id,
        role=progress.role,
        created_at=progress.created_at,
        candidates=outcomes,
        facts=citing,
        errors=errors,
    )
