"""Embedded fact candidates for consolidation tests, built in one place so each test states only what it
varies: the text, its slot, when it was said and its vector."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np

from shared.contracts.events import EmbeddedFact
from shared.hashing import content_hash
from shared.providers.registry import decision_provider
from shared.service_layer.consolidate import consolidate_user
from shared.settings import get_settings

DIM = 384
T0 = datetime(2026, 5, 1, tzinfo=UTC)


def axis(i: int) -> list[float]:
    """A unit vector orthogonal to every other axis: similarity 0, below any neighbour floor, so only the
    slot can make two facts neighbours."""
    v = np.zeros(DIM, dtype=np.float32)
    v[i] = 1.0
    return v.tolist()


def candidate(
    tenant: str,
    user: str,
    text: str,
    embedding: list[float],
    *,
    at: datetime,
    slot: str | None = None,
    negated: bool = False,
    source: str = "",
) -> EmbeddedFact:
    """One candidate as the embedder publishes it; its id is the hash of what makes it distinct."""
    source = source or f"{user}-{at.isoformat()}"
    return EmbeddedFact(
        candidate_id=content_hash("test-candidate", tenant, user, text, at.isoformat()),
        tenant_id=tenant,
        user_id=user,
        session_id=f"{user}-s",
        text=text,
        category="fact",
        importance=5,
        observed_at=at,
        valid_from=at,
        source_message_ids=[source],
        extractor_version="test",
        embedding=embedding,
        embedding_model="all-MiniLM-L6-v2",
        slot=slot,
        negated=negated,
    )


def at_minute(minutes: int, seconds: int = 0) -> datetime:
    return T0 + timedelta(minutes=minutes, seconds=seconds)


async def consolidate_each(db, *candidates: EmbeddedFact) -> list:
    """Consolidates the candidates one batch each, in the order given, as separate sessions would."""
    settings = get_settings()
    outcomes = []
    async with db.acquire() as conn:
        for one in candidates:
            outcomes += await consolidate_user(
                conn, settings, decision_provider(settings), one.tenant_id, one.user_id, [one], stage="test"
            )
    return outcomes


async def active_facts(db, tenant: str, user: str) -> dict[str, str]:
    """The user's active facts, text to slot."""
    rows = await db.fetch(
        "SELECT text, slot FROM facts WHERE tenant_id = $1 AND user_id = $2 AND superseded_at IS NULL",
        tenant,
        user,
    )
    return {r["text"]: r["slot"] for r in rows}
