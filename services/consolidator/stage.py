"""consolidator: facts.embedded -> Postgres facts (+ outbox for facts.changes).

consume a batch -> group by user (the topic is keyed tenant:user, so this process is the only
writer of these users) -> consolidate each user's candidates in one transaction.
"""

from __future__ import annotations

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
    for (tenant_id, user_id), candidates in by_user.items():
        async with ctx.db.acquire() as conn:
            outcomes = await consolidate_user(conn, ctx.settings, decider, tenant_id, user_id, candidates, stage=STAGE)
        for outcome in outcomes:
            EVENTS.labels(STAGE, outcome.op.value.lower()).inc()
    EVENTS.labels(STAGE, "processed").inc(len(batch))
