"""Consolidate one user's candidates in one transaction: facts, decisions and outbox together.

Candidates run oldest first. Each one already decided (replay, redelivery) is skipped. The rest are
looked at ahead: those no rule decides on the facts as they stand go to the decider in a single call.
Then they are applied strictly in order, each on the facts the candidates before it left: its
neighbours are read again if an earlier candidate changed the facts, and if they differ from what the
decider saw, that one candidate is decided again on what is there now. So every candidate gets the
outcome it would get in a batch of its own, whoever shares its batch (kills, restarts and a second
consumer batch differently). That holds exactly for a decider that judges each item alone (the offline
rules); a language model answering several items in one call may weigh them together.

The result does not depend on the order in which candidates arrive: an older candidate becomes
history of a newer fact, and a retraction that arrives before the fact it ends is kept as a
tombstone that ends the fact when it comes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import asyncpg

from shared.contracts.events import EmbeddedFact, FactChange
from shared.domain.consolidation import (
    ActiveFact,
    CandidateView,
    InvalidDecision,
    application_order,
    decide_by_rule,
    decision_item,
    plan_change,
    restated_fact,
)
from shared.domain.models import Decision, DecisionItem, Op
from shared.domain.strength import StrengthParams
from shared.hashing import stable_uuid
from shared.provider_calls import cached_call, reported_usage
from shared.providers.base import DecisionProvider
from shared.settings import Settings
from shared.storage import facts as store
from shared.storage.recalls import Recall, apply_recalls
from shared.telemetry import FACT_DECISIONS, FRESHNESS


@dataclass(frozen=True)
class Outcome:
    candidate_id: str
    op: Op
    decided_by: str
    changes: list[FactChange]
    observed_at: datetime


def _application_order(candidate: EmbeddedFact) -> tuple:
    return application_order(
        candidate.observed_at, candidate.valid_from, candidate.negated, candidate.text, candidate.candidate_id
    )


def _item_request(item: DecisionItem) -> dict[str, Any]:
    return {
        "candidate": [item.candidate_text, item.candidate_slot, item.candidate_negated],
        "neighbours": [[n.index, n.text, n.slot, n.valid_from.isoformat()] for n in item.neighbours],
    }


def _checked(decisions: list[Decision], items: Sequence[DecisionItem]) -> list[Decision]:
    """Reject a reply before it is cached: one decision per item, targets among its neighbours."""
    if len(decisions) != len(items):
        raise InvalidDecision(f"{len(decisions)} decisions for {len(items)} candidates")
    for decision, item in zip(decisions, items, strict=True):
        if decision.op in (Op.UPDATE, Op.DELETE) and not (
            decision.target is not None and 0 <= decision.target < len(item.neighbours)
        ):
            raise InvalidDecision(f"{decision.op} names target {decision.target} of {len(item.neighbours)}")
    return decisions


async def decide_batch(
    db: asyncpg.Connection,
    decider: DecisionProvider,
    items: list[DecisionItem],
    *,
    stage: str,
    tenant_id: str,
    user_id: str,
) -> list[Decision]:
    """One cached provider call for every candidate the rules could not decide."""

    async def call() -> tuple[Any, int, int]:
        decisions = _checked(await decider.decide(items), items)
        return [{"op": d.op.value, "target": d.target, "reason": d.reason} for d in decisions], *reported_usage(decider)

    raw = await cached_call(
        db,
        stage=stage,
        task="decision",
        tenant_id=tenant_id,
        user_id=user_id,
        provider=decider,
        request=[_item_request(i) for i in items],
        call=call,
    )
    return [Decision(Op(d["op"]), d.get("target"), d.get("reason", "")) for d in raw]


def _new_fact(candidate: EmbeddedFact, source: str) -> store.NewFact:
    return store.NewFact(
        value=candidate.value,
        negated=candidate.negated,
        fact_id=stable_uuid("fact", candidate.tenant_id, candidate.candidate_id),
        tenant_id=candidate.tenant_id,
        user_id=candidate.user_id,
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
        valid_to=candidate.valid_to,
        said_at=candidate.observed_at,
    )


def _query(candidate: EmbeddedFact) -> store.NeighbourQuery:
    return store.NeighbourQuery(
        candidate.tenant_id, candidate.user_id, candidate.embedding, candidate.slot, candidate.text
    )


def _near(settings: Settings) -> dict[str, Any]:
    return {"top_k": settings.similarity_top_k, "floor": settings.similarity_floor}


async def consolidate_users(
    conn: asyncpg.Connection,
    settings: Settings,
    decider: DecisionProvider,
    users: Mapping[tuple[str, str], Sequence[EmbeddedFact]],
    *,
    stage: str,
    source: str = "conversation",
) -> list[Outcome]:
    """Several users' candidates in one transaction: one commit, and the per-batch statements (locks,
    the already-decided check, decision rows, outbox) once for all of them instead of once per user.
    Users are locked in one fixed (sorted) order, so two writers can never wait on each other."""
    outcomes: list[Outcome] = []
    deferred = store.DeferredWrites()
    async with conn.transaction():
        await store.lock_users(conn, sorted(users))
        await store.prepare_deferred(conn, deferred, sorted(users))
        done: set[tuple[str, str]] = set()
        for tenant_id in {tenant for tenant, _ in users}:
            ids = [c.candidate_id for (t, _), candidates in users.items() if t == tenant_id for c in candidates]
            done.update((tenant_id, c) for c in await store.decided_candidates(conn, tenant_id, ids))
        fresh: dict[tuple[str, str], list[EmbeddedFact]] = {}
        for (tenant_id, user_id), candidates in users.items():
            for candidate in sorted(candidates, key=_application_order):
                if (tenant_id, candidate.candidate_id) not in done:
                    done.add((tenant_id, candidate.candidate_id))  # the same candidate twice in one batch
                    fresh.setdefault((tenant_id, user_id), []).append(candidate)
        # Every candidate's neighbours as the facts stand, in one statement (users are independent, so
        # no user's changes can alter another's); a candidate after a change of its own user reads again.
        seen = iter(
            await store.neighbours_many(conn, [_query(c) for cs in fresh.values() for c in cs], **_near(settings))
        )
        for (tenant_id, user_id), candidates in fresh.items():
            first_seen = [next(seen) for _ in candidates]
            outcomes += await _consolidate_user(
                conn,
                settings,
                decider,
                tenant_id,
                user_id,
                candidates,
                deferred,
                first_seen,
                stage=stage,
                source=source,
            )
        await store.write_deferred(conn, deferred)

    if source == "conversation":
        committed = datetime.now(UTC)
        for outcome in outcomes:
            if outcome.changes:
                FRESHNESS.observe(max(0.0, (committed - outcome.observed_at).total_seconds()))
    return outcomes


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
    return await consolidate_users(
        conn, settings, decider, {(tenant_id, user_id): candidates}, stage=stage, source=source
    )


async def _consolidate_user(
    conn: asyncpg.Connection,
    settings: Settings,
    decider: DecisionProvider,
    tenant_id: str,
    user_id: str,
    candidates: Sequence[EmbeddedFact],
    deferred: store.DeferredWrites,
    first_seen: list[list[ActiveFact]],
    *,
    stage: str,
    source: str,
) -> list[Outcome]:
    """One user's new candidates, oldest first, inside the caller's transaction and lock; ``first_seen``:
    each one's neighbours before any of them was applied."""
    outcomes: list[Outcome] = []

    async def neighbours_of(candidate: EmbeddedFact) -> list[ActiveFact]:
        await store.write_deferred_facts(conn, deferred)  # the facts earlier candidates added, readable
        [near] = await store.neighbours_many(conn, [_query(candidate)], **_near(settings))
        return near

    async def apply(
        candidate: EmbeddedFact, view: CandidateView, decision: Decision, near: list[ActiveFact], decided_by: str
    ) -> Op:
        tombstone = None
        if candidate.slot and not candidate.negated:
            if any(row[10] for row in deferred.decisions):
                # An earlier candidate of this batch retracted something: the lookup must see its row, as
                # it would had that candidate come in a batch before this one.
                await store.write_deferred(conn, deferred)
            tombstone = await store.tombstone_after(
                conn, tenant_id, user_id, candidate.slot, candidate.valid_from, candidate.text, deferred=deferred
            )
        plan = plan_change(view, decision, near, tombstone)
        changes = await store.apply_plan(
            conn, plan, _new_fact(candidate, source), decided_by=decided_by, deferred=deferred
        )
        FACT_DECISIONS.labels(plan.op.value, decided_by).inc()
        if (restated := restated_fact(view, decision, near)) is not None:
            # The user said it again: that reinforces the fact like a recall, once per candidate.
            recall = Recall(
                tenant_id, user_id, f"restated:{candidate.candidate_id}", restated, "restated", candidate.observed_at
            )
            await apply_recalls(conn, [recall], StrengthParams.from_settings(settings))
        outcomes.append(Outcome(candidate.candidate_id, plan.op, decided_by, changes, candidate.observed_at))
        return plan.op

    views = [
        CandidateView(
            candidate.text,
            candidate.slot,
            candidate.negated,
            candidate.valid_from,
            candidate.observed_at,
            candidate.value,
        )
        for candidate in candidates
    ]
    # Look ahead: the candidates no rule decides on the facts as they stand share one decider call.
    pending = [
        i for i, (view, near) in enumerate(zip(views, first_seen, strict=True)) if decide_by_rule(view, near) is None
    ]
    looked_ahead: dict[int, Decision] = {}
    if pending:
        items = [decision_item(views[i], first_seen[i]) for i in pending]
        decisions = await decide_batch(conn, decider, items, stage=stage, tenant_id=tenant_id, user_id=user_id)
        looked_ahead = dict(zip(pending, decisions, strict=True))

    # Then apply strictly in order, each candidate on the facts the candidates before it left, exactly as
    # if each had come in a batch of its own: what shares a batch never changes an outcome.
    changed = False  # whether an earlier candidate of this batch changed the active facts
    for i, (candidate, view) in enumerate(zip(candidates, views, strict=True)):
        near = await neighbours_of(candidate) if changed else first_seen[i]
        decision, decided_by = decide_by_rule(view, near), "rule"
        if decision is None:
            decided_by = decider.name
            if i in looked_ahead and [n.fact_id for n in near] == [n.fact_id for n in first_seen[i]]:
                decision = looked_ahead[i]
            else:
                # An earlier candidate of this batch changed what this one is compared with.
                [decision] = await decide_batch(
                    conn, decider, [decision_item(view, near)], stage=stage, tenant_id=tenant_id, user_id=user_id
                )
        changed |= await apply(candidate, view, decision, near, decided_by) is not Op.NONE
    return outcomes
