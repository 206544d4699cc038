"""reinforcer: memory.recalls -> facts' strength.

consume a batch of recall events (the API publishes one whenever search, context or ask uses facts)
-> check them (pure) -> in one transaction holding the users' advisory locks (the consolidator's
lock, so a fact's strength has one writer at a time): record each (recall, fact) not seen before and
fold it into that fact's strength -> nothing to emit. A redelivered or replayed recall is already
recorded and changes nothing, so a replay of the topic converges to the same strengths.
"""

from __future__ import annotations

from uuid import UUID

from shared.contracts.events import FactRecalled
from shared.domain.strength import StrengthParams
from shared.runtime import PoisonEvent, Record, StageContext
from shared.storage.facts import lock_users
from shared.storage.recalls import Recall, apply_recalls
from shared.telemetry import EVENTS

STAGE = "reinforcer"


def parse(raw: bytes) -> FactRecalled:
    event = FactRecalled.model_validate_json(raw)
    for fact_id in event.fact_ids:
        try:
            UUID(fact_id)
        except ValueError:
            raise PoisonEvent(f"fact_ids: {fact_id[:80]!r} is not a fact id") from None
    return event


def recalls_of(events: list[FactRecalled]) -> list[Recall]:
    """Pure: one row per (recall, fact); a fact named twice in one event counts once."""
    return [
        Recall(e.tenant_id, e.user_id, e.recall_id, UUID(fact_id), e.kind, e.occurred_at)
        for e in events
        for fact_id in dict.fromkeys(e.fact_ids)
    ]


async def handle(ctx: StageContext, batch: list[tuple[Record, FactRecalled]]) -> None:
    events = [event for _, event in batch]
    recalls = recalls_of(events)
    users = sorted({(r.tenant_id, r.user_id) for r in recalls})
    async with ctx.db.acquire() as conn, conn.transaction():
        await lock_users(conn, users)
        applied = await apply_recalls(conn, recalls, StrengthParams.from_settings(ctx.settings))
    EVENTS.labels(STAGE, "applied").inc(applied)
    EVENTS.labels(STAGE, "duplicate_or_unknown").inc(len(recalls) - applied)
    EVENTS.labels(STAGE, "processed").inc(len(batch))
