"""Consolidate one user's candidates in one transaction: facts, decisions and outbox together.

Candidates run oldest first. Each one already decided (replay, redelivery) is skipped; the rest
get their neighbours and, where a rule decides, are applied at once, so later candidates of the
batch see them. The others go to the decider in a single call for the whole batch, and are then
applied in order. Before each is applied its neighbours are read again: if an earlier candidate
of the same batch changed them, that one candidate is decided again on what is there now.

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
    decide_by_rule,
    decision_item,
    plan_change,
    restated_fact,
    still_decided,
)
from shared.domain.models import Decision, DecisionItem, Op
from shared.domain.strength import StrengthParams
from shared.hashing import stable_uuid
from shared.provider_calls import CallPart, cached_joint_call, reported_usage
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


@dataclass(frozen=True)
class _Pending:
    candidate: EmbeddedFact
    view: CandidateView
    neighbours: list[ActiveFact]


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


def decision_calls(
    items: Mapping[tuple[str, str], Sequence[DecisionItem]], max_items: int
) -> list[list[tuple[str, str]]]:
    """Pure: which users' items go into one decider call: never two tenants in one prompt, a user's
    items never split, and at most ``max_items`` items a call (unless one user alone has more)."""
    calls: list[list[tuple[str, str]]] = []
    for tenant in sorted({t for t, _ in items}):
        current: list[tuple[str, str]] = []
        size = 0
        for user in sorted(u for u in items if u[0] == tenant and items[u]):
            if current and size + len(items[user]) > max_items:
                calls.append(current)
                current, size = [], 0
            current.append(user)
            size += len(items[user])
        if current:
            calls.append(current)
    return calls


async def decide_users(
    db: asyncpg.Connection,
    decider: DecisionProvider,
    items: Mapping[tuple[str, str], list[DecisionItem]],
    *,
    stage: str,
    max_items: int,
) -> dict[tuple[str, str], list[Decision]]:
    """The decisions for every user's undecided candidates, with as few provider calls as the grouping
    allows (:func:`decision_calls`). Each user's output is cached on its own (the key is that user's
    items, as when every user was decided alone), so a replay hits the cache however users are grouped."""
    decided: dict[tuple[str, str], list[Decision]] = {}
    for users in decision_calls(items, max_items):
        parts = [CallPart(t, [_item_request(i) for i in items[(t, u)]], u) for t, u in users]

        async def call(missing: Sequence[int], users=users) -> tuple[list[Any], int, int]:
            joint = [item for i in missing for item in items[users[i]]]
            decisions = iter(_checked(await decider.decide(joint), joint))
            outputs = [[_decision_json(next(decisions)) for _ in items[users[i]]] for i in missing]
            return outputs, *reported_usage(decider)

        raw = await cached_joint_call(db, stage=stage, task="decision", provider=decider, parts=parts, call=call)
        for user, output in zip(users, raw, strict=True):
            decided[user] = [Decision(Op(d["op"]), d.get("target"), d.get("reason", "")) for d in output]
    return decided


def _decision_json(decision: Decision) -> dict[str, Any]:
    return {"op": decision.op.value, "target": decision.target, "reason": decision.reason}


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
    )


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
    Users are locked in one fixed (sorted) order, so two writers can never wait on each other. The
    candidates no rule decides, of all the users, go to the decider in one call."""
    deferred = store.DeferredWrites()
    async with conn.transaction():
        await store.lock_users(conn, sorted(users))
        done: set[tuple[str, str]] = set()
        for tenant_id in {tenant for tenant, _ in users}:
            ids = [c.candidate_id for (t, _), candidates in users.items() if t == tenant_id for c in candidates]
            done.update((tenant_id, c) for c in await store.decided_candidates(conn, tenant_id, ids))
        writers: dict[tuple[str, str], _UserWriter] = {}
        for (tenant_id, user_id), candidates in users.items():
            fresh = []
            for candidate in sorted(candidates, key=lambda c: (c.observed_at, c.valid_from, c.candidate_id)):
                if (tenant_id, candidate.candidate_id) not in done:
                    done.add((tenant_id, candidate.candidate_id))  # the same candidate twice in one batch
                    fresh.append(candidate)
            writer = writers[(tenant_id, user_id)] = _UserWriter(
                conn, settings, decider, tenant_id, user_id, deferred, stage=stage, source=source
            )
            await writer.apply_rules(fresh)
        pending = {user: writer.pending for user, writer in writers.items() if writer.pending}
        if pending:
            # Candidates decided by rule above may be later retractions: the tombstone lookup of a
            # pending candidate must see their decision rows.
            await store.write_deferred(conn, deferred)
            items = {user: [decision_item(p.view, p.neighbours) for p in waiting] for user, waiting in pending.items()}
            decisions = await decide_users(
                conn, decider, items, stage=stage, max_items=settings.decision_batch_max_items
            )
            for user in pending:
                await writers[user].apply_decided(decisions[user])
        await store.write_deferred(conn, deferred)
    outcomes = [outcome for writer in writers.values() for outcome in writer.outcomes]

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


class _UserWriter:
    """One user's new candidates, oldest first, inside the caller's transaction and lock: those a rule
    decides are applied at once (later candidates see them); the others wait in ``pending`` for the
    batch's decider call, then are applied in order."""

    def __init__(
        self,
        conn: asyncpg.Connection,
        settings: Settings,
        decider: DecisionProvider,
        tenant_id: str,
        user_id: str,
        deferred: store.DeferredWrites,
        *,
        stage: str,
        source: str,
    ) -> None:
        self.conn, self.settings, self.decider = conn, settings, decider
        self.tenant_id, self.user_id, self.deferred = tenant_id, user_id, deferred
        self.stage, self.source = stage, source
        self.pending: list[_Pending] = []
        self.outcomes: list[Outcome] = []

    async def neighbours_of(self, candidate: EmbeddedFact) -> list[ActiveFact]:
        return await store.neighbours(
            self.conn,
            self.tenant_id,
            self.user_id,
            candidate.embedding,
            slot=candidate.slot,
            text=candidate.text,
            top_k=self.settings.similarity_top_k,
            floor=self.settings.similarity_floor,
        )

    async def apply(
        self, candidate: EmbeddedFact, view: CandidateView, decision: Decision, near: list[ActiveFact], decided_by: str
    ) -> None:
        tombstone = None
        if candidate.slot and not candidate.negated:
            tombstone = await store.tombstone_after(
                self.conn, self.tenant_id, self.user_id, candidate.slot, candidate.valid_from, candidate.text
            )
        plan = plan_change(view, decision, near, tombstone)
        changes = await store.apply_plan(
            self.conn, plan, _new_fact(candidate, self.source), decided_by=decided_by, deferred=self.deferred
        )
        FACT_DECISIONS.labels(plan.op.value, decided_by).inc()
        if (restated := restated_fact(view, decision, near)) is not None:
            # The user said it again: that reinforces the fact like a recall, once per candidate.
            recall = Recall(
                self.tenant_id,
                self.user_id,
                f"restated:{candidate.candidate_id}",
                restated,
                "restated",
                candidate.observed_at,
            )
            await apply_recalls(self.conn, [recall], StrengthParams.from_settings(self.settings))
        self.outcomes.append(Outcome(candidate.candidate_id, plan.op, decided_by, changes, candidate.observed_at))

    async def apply_rules(self, candidates: Sequence[EmbeddedFact]) -> None:
        for candidate in candidates:
            view = CandidateView(
                candidate.text, candidate.slot, candidate.negated, candidate.valid_from, candidate.observed_at
            )
            near = await self.neighbours_of(candidate)
            decision = decide_by_rule(view, near)
            if decision is None:
                self.pending.append(_Pending(candidate, view, near))
            else:
                await self.apply(candidate, view, decision, near, "rule")

    async def apply_decided(self, decisions: Sequence[Decision]) -> None:
        for p, decision in zip(self.pending, decisions, strict=True):
            near, decided_by = await self.neighbours_of(p.candidate), self.decider.name
            now = still_decided(decision, p.view, p.neighbours, near)
            if now is None:
                # An earlier candidate of this batch retired a fact this one was compared with, or
                # put one on its slot: decide it again on what is there now.
                now, decided_by = decide_by_rule(p.view, near), "rule"
                if now is None:
                    again = await decide_users(
                        self.conn,
                        self.decider,
                        {(self.tenant_id, self.user_id): [decision_item(p.view, near)]},
                        stage=self.stage,
                        max_items=1,
                    )
                    [now], decided_by = again[(self.tenant_id, self.user_id)], self.decider.name
            await self.apply(p.candidate, p.view, now, near, decided_by)
        self.pending = []
