"""Recalls folded into facts' strength, each (recall, fact) once.

Both writers of strength, the reinforcer stage and the consolidator (a restated fact), call
:func:`apply_recalls` inside a transaction that holds the users' advisory locks, so a fact's strength
has one writer at a time and a redelivered or replayed recall changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

import asyncpg

from shared.domain.strength import StrengthParams, StrengthState, recall_all


@dataclass(frozen=True)
class Recall:
    tenant_id: str
    user_id: str
    recall_id: str
    fact_id: UUID
    kind: str
    occurred_at: datetime


async def apply_recalls(conn: asyncpg.Connection, recalls: Sequence[Recall], params: StrengthParams) -> int:
    """Record the recalls not seen before (of facts that exist and belong to the user) and raise
    those facts' strength. Returns how many (recall, fact) pairs were new."""
    if not recalls:
        return 0
    fresh = await conn.fetch(
        """
        INSERT INTO recalls (tenant_id, user_id, recall_id, fact_id, kind, occurred_at)
        SELECT r.tenant_id, r.user_id, r.recall_id, r.fact_id, r.kind, r.occurred_at
        FROM unnest($1::text[], $2::text[], $3::text[], $4::uuid[], $5::text[], $6::timestamptz[])
             AS r(tenant_id, user_id, recall_id, fact_id, kind, occurred_at)
        JOIN facts f ON f.fact_id = r.fact_id AND f.tenant_id = r.tenant_id AND f.user_id = r.user_id
        ON CONFLICT DO NOTHING
        RETURNING fact_id, occurred_at
        """,
        [r.tenant_id for r in recalls],
        [r.user_id for r in recalls],
        [r.recall_id for r in recalls],
        [r.fact_id for r in recalls],
        [r.kind for r in recalls],
        [r.occurred_at for r in recalls],
    )
    if not fresh:
        return 0
    moments: dict[UUID, list[datetime]] = {}
    for row in fresh:
        moments.setdefault(row["fact_id"], []).append(row["occurred_at"])
    rows = await conn.fetch(
        """
        SELECT fact_id, category, importance, slot, recorded_at, strength, strength_at, recall_count
        FROM facts WHERE fact_id = any($1::uuid[]) ORDER BY fact_id FOR UPDATE
        """,
        list(moments),
    )
    updated = []
    for row in rows:
        state = StrengthState(
            category=row["category"],
            importance=row["importance"],
            slot=row["slot"],
            since=row["strength_at"] or row["recorded_at"],
            strength=row["strength"],
            recalls=row["recall_count"],
        )
        after = recall_all(state, moments[row["fact_id"]], params)
        updated.append((row["fact_id"], after.strength, after.since, after.recalls, max(moments[row["fact_id"]])))
    await conn.execute(
        """
        UPDATE facts f SET strength = u.strength, strength_at = u.strength_at, recall_count = u.recall_count,
            last_recalled_at = greatest(f.last_recalled_at, u.last_recalled_at)
        FROM unnest($1::uuid[], $2::real[], $3::timestamptz[], $4::int[], $5::timestamptz[])
             AS u(fact_id, strength, strength_at, recall_count, last_recalled_at)
        WHERE f.fact_id = u.fact_id
        """,
        *zip(*updated, strict=True),
    )
    return len(fresh)
