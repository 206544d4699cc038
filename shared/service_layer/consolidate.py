"""Consolidate one user's candidates in one transaction: facts, decisions and outbox together.

For each candidate, oldest first: skip it if already decided (replay, redelivery) -> find its
neighbours -> decide by rule, or ask the decider -> plan the change (pure) -> write it. Candidates
of one batch see each other's effects, because they run in order inside the same transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import asyncpg

from shared.contracts.events import EmbeddedFact, FactChange
from shared.domain.consolidation import CandidateView, decide_by_rule, decision_item, plan_change
from shared.domain.models import Decision, Op
from shared.hashing import stable_uuid
from shared.provider_calls import cached_call
from shared.providers.base import DecisionProvider
from shared.settings import Settings
from shared.storage import facts as store
from shared.telemetry import FACT_DECISIONS, FRESHNESS


@dataclass(frozen=True)
class Outcome:
    candidate_id: str
    op: Op
    decided_by: str
    changes: list[FactChange]
    observed_at: datetime


def _decision_request(item: Any) -> dict[str, Any]:
    return {
        "candidate": [item.candidate_text, item.candidate_slot, item.candidate_negated],
        "neighbours": [[n.index, n.text, n.slot, n.valid_from.isoformat()] for n in item.neighbours],
    }


async def consolidate_user(
    conn: asyncpg.Connection,
    settings: Settings,
    decider: DecisionProvider,
    tenant_id: str,
    user_id: str,
    candidates: Sequence[EmbeddedFact],
    *,
    stage: str,
    source: str = "conversation",
) -> list[Outcome]:
    outcomes: list[Outcome] = []
    async with conn.transaction():
        await store.lock_user(conn, tenant_id, user_id)
        done = await store.decided_candidates(conn, tenant_id, [c.candidate_id for c in candidates])
        for candidate in sorted(candidates, key=lambda c: (c.valid_from, c.observed_at, c.candidate_id)):
            if candidate.candidate_id in done:
                continue
            done.add(candidate.candidate_id)  # the same candidate twice in one batch
            view = CandidateView(candidate.text, candidate.slot, candidate.negated, candidate.valid_from)
            near = await store.neighbours(
                conn,
                tenant_id,
                user_id,
                candidate.embedding,
                slot=candidate.slot,
                text=candidate.text,
                top_k=settings.similarity_top_k,
                floor=settings.similarity_floor,
            )
            decision = decide_by_rule(view, near)
            decided_by = "rule"
            if decision is None:
                item = decision_item(view, near)

                async def call(item=item) -> tuple[Any, int, int]:
                    [made] = await decider.decide([item])
                    return {"op": made.op.value, "target": made.target, "reason": made.reason}, 0, 0

                raw = await cached_call(
                    conn,
                    stage=stage,
                    task="decision",
                    tenant_id=tenant_id,
                    provider=decider,
                    request=_decision_request(item),
                    call=call,
                )
                decision = Decision(Op(raw["op"]), raw.get("target"), raw.get("reason", ""))
                decided_by = decider.name
            plan = plan_change(view, decision, near)
            new_fact = store.NewFact(
                fact_id=stable_uuid("fact", tenant_id, candidate.candidate_id),
                tenant_id=tenant_id,
                user_id=user_id,
                text=candidate.text,
                category=candidate.category,
                importance=candidate.importance,
                slot=candidate.slot,
                language=candidate.language,
                embedding=candidate.embedding,
                embedding_model=candidate.embedding_model,
                valid_from=candidate.valid_from,
                source=source,
                source_message_ids=candidate.source_message_ids,
                candidate_id=candidate.candidate_id,
            )
            changes = await store.apply_plan(conn, plan, new_fact, decided_by=decided_by)
            FACT_DECISIONS.labels(plan.op.value, decided_by).inc()
            outcomes.append(Outcome(candidate.candidate_id, plan.op, decided_by, changes, candidate.observed_at))
    if source == "conversation":
        committed = datetime.now(UTC)
        for outcome in outcomes:
            if outcome.changes:
                FRESHNESS.observe(max(0.0, (committed - outcome.observed_at).total_seconds()))
    return outcomes
