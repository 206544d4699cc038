"""The slot names a user's facts already use, for the extractor to reuse."""

from __future__ import annotations

from collections.abc import Sequence

import asyncpg


async def known_slots(
    conn: asyncpg.Connection, users: Sequence[tuple[str, str]], limit: int
) -> dict[tuple[str, str], tuple[str, ...]]:
    """(tenant, user) -> up to ``limit`` distinct slots of the user's facts, any status (a slot's
    name outlives its values), the most recently valid first; for many users in one round trip. Slots
    are given without their speaker ("location~maya" -> "location", slots.without_speaker): the extractor
    names the slot, the pipeline adds the turn's own speaker."""
    if not users or limit <= 0:
        return {user: () for user in users}
    rows = await conn.fetch(
        """
        SELECT w.tenant_id, w.user_id, s.slot
        FROM unnest($1::text[], $2::text[]) AS w(tenant_id, user_id)
        CROSS JOIN LATERAL (
            SELECT p.slot, max(f.valid_from) AS latest
            FROM facts f CROSS JOIN LATERAL (SELECT regexp_replace(f.slot, '~[^@]*', '') AS slot) p
            WHERE f.tenant_id = w.tenant_id AND f.user_id = w.user_id AND f.slot IS NOT NULL AND p.slot <> ''
            GROUP BY p.slot
            ORDER BY latest DESC, p.slot
            LIMIT $3
        ) s
        ORDER BY w.tenant_id, w.user_id, s.latest DESC, s.slot
        """,
        [t for t, _ in users],
        [u for _, u in users],
        limit,
    )
    found: dict[tuple[str, str], list[str]] = {user: [] for user in users}
    for r in rows:
        found[(r["tenant_id"], r["user_id"])].append(r["slot"])
    return {user: tuple(slots) for user, slots in found.items()}
