"""consolidator: facts.embedded -> Postgres facts (+ outbox for facts.changes).

consume a batch -> group by user (the topic is keyed tenant:user, so this process is the only
writer of these users) -> consolidate each user's candidates in one transaction, several users at once.
"""

from __future__ import annotations

import asyncio

from shared.contracts.events import EmbeddedFact
from shared.providers.registry import decision_provider
from shared.runtime import PoisonEvent, Record, StageContext
from shared.service_layer.consolidate import consolidate_user
from shared.settings import Settings
from shared.telemetry import EVENTS

STAGE = "consolidator"


def make_parser(settings: Settings):
    def parse(raw: bytes) -> EmbeddedFact:
        fact = EmbeddedFact.model_validate_json(raw)
        if len(fact.embedding) != settings.embedding_dimensions:
            raise PoisonEvent(
                f"embedding: {len(fact.embedding)} dimensions, the facts table has {settings.embedding_dimensions}"
            )
        return fact

    return parse


async def handle(ctx: StageContext, batch: list[tuple[Record, EmbeddedFact]]) -> None:
    decider = decision_provider(ctx.settings)
    by_user: dict[tuple[str, str], list[EmbeddedFact]] = {}
    for _, fact in batch:
        by_user.setdefault((fact.tenant_id, fact.user_id), []).append(fact)

    async def consolidate(tenant_id: str, user_id: str, candidates: list[EmbeddedFact]) -> None:
        async with ctx.db.acquire() as conn:  # the pool's size bounds how many users run at once
            outcomes = await consolidate_user(conn, ctx.settings, decider, tenant_id, user_id, candidates, stage=STAGE)
        for outcome in outcomes:
            EVENTS.labels(STAGE, outcome.op.value.lower()).inc()

    # Users are independent (each is its own transaction under its own lock), so they run concurrently;
    # one user's candidates stay in order within its transaction. If one user fails, the others have
    # committed, and the redelivered batch skips their candidates as already decided.
    results = await asyncio.gather(
        *(consolidate(tenant_id, user_id, candidates) for (tenant_id, user_id), candidates in by_user.items()),
        return_exceptions=True,
    )
    if failure := next((r for r in results if isinstance(r, BaseException)), None):
        raise failure
    EVENTS.labels(STAGE, "processed").inc(len(batch))
