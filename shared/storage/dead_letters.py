"""Dead letters: kept in Postgres for `memstream dlq`, and published to the dlq topic."""

from __future__ import annotations

import asyncpg

from shared.contracts.events import DeadLetter


async def store_dead_letter(conn: asyncpg.Connection | asyncpg.Pool, letter: DeadLetter, tenant_id: str | None) -> bool:
    """Insert once per dead_letter_id; returns False when it was already recorded."""
    inserted = await conn.fetchval(
        """
        INSERT INTO dead_letters (dead_letter_id, tenant_id, stage, error, attempts, source_topic,
                                  source_partition, source_offset, key, payload)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
        ON CONFLICT (dead_letter_id) DO NOTHING RETURNING id
        """,
        letter.dead_letter_id,
        tenant_id,
        letter.stage,
        letter.error,
        letter.attempts,
        letter.source_topic,
        letter.source_partition,
        letter.source_offset,
        letter.key,
        letter.payload,
    )
    return inserted is not None
