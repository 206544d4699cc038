"""consolidator: facts.embedded -> Postgres facts (+ outbox for facts.changes).

consume a batch -> group by user (the topic is keyed tenant:user, so this process is the only
writer of these users) -> consolidate them in a few transactions side by side, each over a share of the
users, every user's candidates in order.
"""

from __future__ import annotations

import asyncio
from collections import Counter

from shared.contracts.events import EmbeddedFact
from shared.domain.event_checks import embedding_problem
from shared.providers.registry import decision_provider
from shared.runtime import PoisonEvent, Record, StageContext
from shared.service_layer.consolidate import consolidate_users, shared_decisions
from shared.settings import Settings
from shared.telemetry import EVENTS

STAGE = "consolidator"


def make_parser(settings: Settings):
    def parse(raw: bytes) -> EmbeddedFact:
        fact = EmbeddedFact.model_validate_json(raw)
        if problem := embedding_problem(fact.embedding, settings.embedding_dimensions):
            raise PoisonEvent(f"embedding: {problem}")
        return fact

    return parse


WRITERS = 4  # transactions at once, at most; the pool holds 5 connections
# Candidates per transaction, at least (but for a batch smaller than that): each transaction costs the stage
# and Postgres a fixed ~6 round trips (begin, lock, read, write, commit), so more, smaller ones cost more
# CPU per candidate (bench workload, batches of 64, shared machine: stage + Postgres 0.36-0.41 ms per
# candidate in one transaction, 0.41-0.51 in two, 0.50-0.63 in four); with two, the event loop still
# prepares one while Postgres works on the other.
WRITER_MIN_CANDIDATES = 32


async def handle(ctx: StageContext, batch: list[tuple[Record, EmbeddedFact]]) -> None:
    decider = decision_provider(ctx.settings)
    by_user: dict[tuple[str, str], list[EmbeddedFact]] = {}
    for _, fact in batch:
        by_user.setdefault((fact.tenant_id, fact.user_id), []).append(fact)
    writers = min(WRITERS, len(by_user), max(1, len(batch) // WRITER_MIN_CANDIDATES))
    groups = [dict(list(by_user.items())[i::writers]) for i in range(writers)]
    # With a language model, the transactions' look-ahead questions go to the decider in one call.
    shared = shared_decisions(decider, ctx.settings, stage=STAGE, seats=len(groups))

    async def consolidate(users: dict[tuple[str, str], list[EmbeddedFact]]) -> None:
        seat = shared.seat() if shared is not None else None
        try:
            async with ctx.db.acquire() as conn:
                outcomes = await consolidate_users(conn, ctx.settings, decider, users, stage=STAGE, seat=seat)
        finally:
            if seat is not None:
                seat.leave()  # a transaction that failed before asking keeps no one waiting
        for op, count in Counter(outcome.op.value.lower() for outcome in outcomes).items():
            EVENTS.labels(STAGE, op).inc(count)

    # A few transactions side by side, each over a share of the batch's users: one commit per share
    # rather than per user, while the database works on one share the event loop prepares another.
    # Users are independent, and one user's candidates stay in order within one transaction. If one
    # share fails, the others have committed; the redelivered batch skips their candidates as decided.
    results = await asyncio.gather(*(consolidate(users) for users in groups), return_exceptions=True)
    if failure := next((r for r in results if isinstance(r, BaseException)), None):
        raise failure
    EVENTS.labels(STAGE, "processed").inc(len(batch))
