"""Consolidate users' candidates in one transaction: facts, decisions and outbox together.

Each user's candidates run oldest first. Each one already decided (replay, redelivery) is skipped. The
rest are looked at ahead, for every user of the transaction: those no rule decides on the facts as they
stand go to the decider in a single call for all of them (with a language model, one call for the
stage batch's concurrent transactions too: :class:`SharedDecisions`). Then each user's candidates are
applied strictly in order, each on the facts the candidates before it left: its neighbours are read
again if an earlier candidate changed the facts, and only if they differ from what the decider saw is
that one candidate decided again on what is there now. So every candidate gets the outcome it would get
in a batch of its own, whoever shares its batch (kills, restarts and a second consumer batch
differently).

Every decision is cached on its own key: the candidate and its neighbours as the decider sees them,
never the rest of the batch. A replay that batches differently finds each one and makes no call, and
what shares a call cannot change an answer once given. (A language model answering several items in
one call may still weigh them together the first time; the prompt asks it to decide each alone.)

The result does not depend on the order in which candidates arrive: an older candidate becomes
history of a newer fact, and a retraction that arrives before the fact it ends is kept as a
tombstone that ends the fact when it comes.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
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
    same_speakers,
    speakers_own,
)
from shared.domain.models import Decision, DecisionItem, Op
from shared.domain.slots import without_speaker
from shared.domain.strength import StrengthParams
from shared.hashing import stable_uuid
from shared.provider_calls import (
    ItemsOutput,
    PendingItem,
    cached_items,
    calls_a_language_model,
    metered_items_call,
    reported_usage,
)
from shared.providers.base import DecisionProvider
from shared.settings import Settings
from shared.storage import facts as store
from shared.storage.recalls import Recall, apply_recalls
from shared.telemetry import FACT_DECISIONS, FRESHNESS


@cache
def _decisions_counted(op: str, decided_by: str) -> Any:
    """The decisions counter of one (op, decided_by): labels() costs a lock and a lookup per call."""
    return FACT_DECISIONS.labels(op, decided_by)


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
    """The cache key of one decision: the candidate and its neighbours as the decider sees them (the
    similarity rounded as the prompt shows it), and nothing of the batch it came in."""
    return {
        "candidate": [item.candidate_text, item.candidate_slot, item.candidate_negated],
        "neighbours": [
            [n.index, n.text, n.slot, n.valid_from.isoformat(), round(n.similarity, 2)] for n in item.neighbours
        ],
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


async def _ask_decider(decider: DecisionProvider, items: list[DecisionItem], *, stage: str) -> ItemsOutput:
    """One provider call for ``items``, counted once; each item gets its checked decision and a share of
    the call's tokens."""

    async def call() -> tuple[list[Any], int, int]:
        decisions = _checked(await decider.decide(items), items)
        return [{"op": d.op.value, "target": d.target, "reason": d.reason} for d in decisions], *reported_usage(decider)

    return await metered_items_call(stage=stage, task="decision", provider=decider, call=call)


class SharedDecisions:
    """The look-ahead decisions of the concurrent transactions of one stage batch, in one provider call.

    Each transaction takes a :class:`Seat` and, once, either asks through it (its look-ahead's cache
    misses) or leaves. When every seat has asked or left, or ``window_s`` after the first question, the
    questions asked so far go to the decider together. The window bounds the wait: a transaction may be
    held up elsewhere (a lock another consolidator holds for a moment during a rebalance), and the others
    then ask without it. Each item is checked and cached on its own (:func:`decide_items`)."""

    def __init__(self, decider: DecisionProvider, *, stage: str, seats: int, window_s: float) -> None:
        self._decider, self._stage, self._window_s = decider, stage, window_s
        self._open = seats
        self._waiting: list[tuple[list[DecisionItem], asyncio.Future]] = []
        self._timer: asyncio.TimerHandle | None = None
        self._calls: set[asyncio.Task] = set()

    def seat(self) -> Seat:
        return Seat(self)

    async def _ask(self, items: list[DecisionItem]) -> ItemsOutput:
        future = asyncio.get_running_loop().create_future()
        self._waiting.append((items, future))
        self._leave()
        if self._waiting and self._timer is None:
            self._timer = asyncio.get_running_loop().call_later(self._window_s, self._flush)
        return await future

    def _leave(self) -> None:
        self._open -= 1
        if self._open <= 0:
            self._flush()

    def _flush(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        waiting, self._waiting = self._waiting, []
        if waiting:
            task = asyncio.create_task(self._call(waiting))
            self._calls.add(task)
            task.add_done_callback(self._calls.discard)

    async def _call(self, waiting: list[tuple[list[DecisionItem], asyncio.Future]]) -> None:
        try:
            answered = await _ask_decider(self._decider, [i for items, _ in waiting for i in items], stage=self._stage)
        except Exception as exc:  # every transaction that asked fails with it, and its batch is retried
            for _, future in waiting:
                if not future.done():
                    future.set_exception(exc)
            return
        start = 0
        for items, future in waiting:
            if not future.done():
                future.set_result(answered[start : start + len(items)])
            start += len(items)


@dataclass
class Seat:
    """One transaction's place in :class:`SharedDecisions`: one question, or leaving (idempotent)."""

    shared: SharedDecisions
    used: bool = field(default=False)

    async def ask(self, items: list[DecisionItem]) -> ItemsOutput:
        if self.used:
            raise RuntimeError("a seat asks once")
        self.used = True
        return await self.shared._ask(items)

    def leave(self) -> None:
        if not self.used:
            self.used = True
            self.shared._leave()


@dataclass(frozen=True)
class Ask:
    """One candidate's question to the decider, and whose it is."""

    tenant_id: str
    user_id: str
    item: DecisionItem


async def decide_items(
    db: asyncpg.Connection,
    decider: DecisionProvider,
    asks: Sequence[Ask],
    *,
    stage: str,
    seat: Seat | None = None,
) -> list[Decision]:
    """The decision of every ask, each cached on its own key (:func:`_item_request`); the uncached ones in
    one provider call (through ``seat``, shared with the stage batch's other transactions, when given)."""

    async def call(positions: list[int]) -> ItemsOutput:
        items = [asks[p].item for p in positions]
        if seat is not None:
            return await seat.ask(items)
        return await _ask_decider(decider, items, stage=stage)

    raw = await cached_items(
        db,
        stage=stage,
        task="decision",
        provider=decider,
        items=[PendingItem(a.tenant_id, _item_request(a.item), a.user_id) for a in asks],
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
    seat: Seat | None = None,
) -> list[Outcome]:
    """Several users' candidates in one transaction: one commit, and the per-batch statements (locks,
    the already-decided check, the look-ahead's decider call, decision rows, outbox) once for all of them
    instead of once per user. Users are locked in one fixed (sorted) order, so two writers can never wait
    on each other. ``seat``: this transaction's place in the stage batch's :class:`SharedDecisions`."""
    outcomes: list[Outcome] = []
    deferred = store.DeferredWrites()
    try:
        async with conn.transaction():
            await store.lock_users(conn, sorted(users))
            # Each user's candidates oldest first, each once (the same candidate twice in one batch).
            taken: set[tuple[str, str]] = set()
            ordered: dict[tuple[str, str], list[EmbeddedFact]] = {}
            for (tenant_id, user_id), candidates in users.items():
                mine = ordered[(tenant_id, user_id)] = []
                for candidate in sorted(candidates, key=_application_order):
                    if (tenant_id, candidate.candidate_id) not in taken:
                        taken.add((tenant_id, candidate.candidate_id))
                        mine.append(candidate)
            flat = [c for mine in ordered.values() for c in mine]
            # One statement reads what the batch needs: the transaction's now(), the users with retractions,
            # the candidates already decided (replay, redelivery: skipped), and every other one's neighbours
            # as the facts stand (users are independent, so no user's changes can alter another's; a
            # candidate after a change of its own user reads again).
            view = await store.read_batch(
                conn,
                sorted(users),
                [_query(c) for c in flat],
                [c.candidate_id for c in flat],
                **_near(settings),
            )
            deferred.now, deferred.retracting_users = view.now, view.retracting_users
            batches = []
            position = 0
            for (tenant_id, user_id), mine in ordered.items():
                fresh, seen = [], []
                for candidate in mine:
                    if position not in view.decided:
                        fresh.append(candidate)
                        seen.append(view.neighbours[position])
                    position += 1
                batch = _UserBatch(conn, settings, decider, tenant_id, user_id, fresh, deferred, stage, source)
                batch.look_ahead(seen)
                batches.append(batch)

            # Look ahead: the candidates no rule decides on the facts as they stand, of every user, share one
            # decider call (cached per candidate, so only the uncached ones are asked).
            asks = [ask for batch in batches for ask in batch.asks()]
            decisions = await decide_items(conn, decider, asks, stage=stage, seat=seat) if asks else []
            if seat is not None:
                seat.leave()  # asked, or nothing to ask: the others need not wait for this transaction
            for batch in batches:
                decisions = batch.take_decisions(decisions)
                outcomes += await batch.apply_in_order()
            await store.write_deferred(conn, deferred)
    finally:
        if seat is not None:
            seat.leave()

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


def shared_decisions(
    decider: DecisionProvider, settings: Settings, *, stage: str, seats: int
) -> SharedDecisions | None:
    """One decider call for the look-ahead of ``seats`` concurrent transactions, when calls cost (a
    language model); the offline rules cost nothing, so no transaction waits for another there."""
    if seats < 2 or not calls_a_language_model(decider):
        return None
    return SharedDecisions(decider, stage=stage, seats=seats, window_s=settings.decision_share_window_s)


@dataclass
class _UserBatch:
    """One user's new candidates, oldest first, inside the caller's transaction and lock."""

    conn: asyncpg.Connection
    settings: Settings
    decider: DecisionProvider
    tenant_id: str
    user_id: str
    candidates: list[EmbeddedFact]
    deferred: store.DeferredWrites
    stage: str
    source: str
    views: list[CandidateView] = field(default_factory=list)
    first_seen: list[list[ActiveFact]] = field(default_factory=list)
    by_rule_first: list[Decision | None] = field(default_factory=list)  # the rules' decisions on first_seen
    pending: list[int] = field(default_factory=list)
    looked_ahead: dict[int, Decision] = field(default_factory=dict)
    outcomes: list[Outcome] = field(default_factory=list)

    def by_rule(self, view: CandidateView, near: list[ActiveFact]) -> Decision | None:
        return decide_by_rule(view, near, slot_update_min_similarity=self.settings.slot_update_min_similarity)

    async def neighbours_of(self, candidate: EmbeddedFact) -> list[ActiveFact]:
        await store.write_deferred_facts(self.conn, self.deferred)  # the facts earlier candidates added, readable
        [near] = await store.neighbours_many(self.conn, [_query(candidate)], **_near(self.settings))
        return same_speakers(candidate.slot, near)

    def look_ahead(self, first_seen: list[list[ActiveFact]]) -> None:
        """Each candidate's neighbours on the facts as they stand (``first_seen``), and which of them no
        rule decides."""
        # Decided as the rules see them: each on its own speaker's facts, slots without the speaker.
        own = [
            speakers_own(CandidateView(c.text, c.slot, c.negated, c.valid_from, c.observed_at, c.value, c.language), n)
            for c, n in zip(self.candidates, first_seen, strict=True)
        ]
        self.views = [view for view, _ in own]
        self.first_seen = [near for _, near in own]
        self.by_rule_first = [self.by_rule(view, near) for view, near in zip(self.views, self.first_seen, strict=True)]
        self.pending = [i for i, decision in enumerate(self.by_rule_first) if decision is None]

    def asks(self) -> list[Ask]:
        return [
            Ask(self.tenant_id, self.user_id, decision_item(self.views[i], self.first_seen[i])) for i in self.pending
        ]

    def take_decisions(self, decisions: list[Decision]) -> list[Decision]:
        """This user's look-ahead decisions from the front of ``decisions``; returns the rest."""
        mine, rest = decisions[: len(self.pending)], decisions[len(self.pending) :]
        self.looked_ahead = dict(zip(self.pending, mine, strict=True))
        return rest

    async def apply_in_order(self) -> list[Outcome]:
        """Apply strictly in order, each candidate on the facts the candidates before it left, exactly as if
        each had come in a batch of its own: what shares a batch never changes an outcome."""
        changed = False  # whether an earlier candidate of this batch changed the active facts
        for i, (candidate, view) in enumerate(zip(self.candidates, self.views, strict=True)):
            near = await self.neighbours_of(candidate) if changed else self.first_seen[i]
            # The rules are pure: on the neighbours it looked ahead with, a candidate's rule decision stands.
            decision, decided_by = self.by_rule(view, near) if changed else self.by_rule_first[i], "rule"
            if decision is None:
                decided_by = self.decider.name
                if i in self.looked_ahead and [n.fact_id for n in near] == [n.fact_id for n in self.first_seen[i]]:
                    decision = self.looked_ahead[i]
                else:
                    # An earlier candidate of this batch changed what this one is compared with.
                    [decision] = await decide_items(
                        self.conn,
                        self.decider,
                        [Ask(self.tenant_id, self.user_id, decision_item(view, near))],
                        stage=self.stage,
                    )
            changed |= await self._apply(candidate, view, decision, near, decided_by) is not Op.NONE
        return self.outcomes

    async def _apply(
        self, candidate: EmbeddedFact, view: CandidateView, decision: Decision, near: list[ActiveFact], decided_by: str
    ) -> Op:
        conn, deferred = self.conn, self.deferred
        tombstone = None
        if without_speaker(candidate.slot) and not candidate.negated:  # "~maya" is no slot, only a speaker
            if deferred.holds_retraction_of(self.tenant_id, self.user_id):
                # An earlier candidate of this user in this batch retracted something: the lookup must see
                # its row, as it would had that candidate come in a batch before this one. (Other users'
                # retractions wait: the lookup reads only this user's decisions.)
                await store.write_deferred(conn, deferred)
            tombstone = await store.tombstone_after(
                conn,
                self.tenant_id,
                self.user_id,
                candidate.slot,
                candidate.valid_from,
                candidate.text,
                deferred=deferred,
            )
        plan = plan_change(view, decision, near, tombstone)
        changes = await store.apply_plan(
            conn, plan, _new_fact(candidate, self.source), decided_by=decided_by, deferred=deferred
        )
        _decisions_counted(plan.op.value, decided_by).inc()
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
            await apply_recalls(conn, [recall], StrengthParams.from_settings(self.settings))
        self.outcomes.append(Outcome(candidate.candidate_id, plan.op, decided_by, changes, candidate.observed_at))
        return plan.op
