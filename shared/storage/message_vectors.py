"""Embeddings of stored messages, one row per window (see shared.domain.windows)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import asyncpg
import numpy as np
from pgvector import Vector


@dataclass(frozen=True)
class MessageWindow:
    tenant_id: str
    event_id: str
    window_no: int
    user_id: str
    session_id: str
    created_at: datetime
    text_hash: str


async def store_message_vectors(
    conn: asyncpg.Connection | asyncpg.Pool,
    windows: Sequence[MessageWindow],
    vectors: Sequence[Sequence[float]],
    model: str,
) -> None:
    """Insert windows with their vectors, idempotent on (tenant, event, window), in one statement. A window
    whose message is gone (erased since it was stored) is skipped, not an error."""
    if not windows:
        return
    await conn.execute(
        """
        INSERT INTO message_vectors (tenant_id, event_id, window_no, user_id, session_id, created_at, text_hash,
                                     embedding, embedding_model)
        SELECT w.tenant_id, w.event_id, w.window_no, w.user_id, w.session_id, w.created_at, w.text_hash,
               w.embedding, $9
        FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::timestamptz[], $7::text[],
                    $8::vector[])
             AS w(tenant_id, event_id, window_no, user_id, session_id, created_at, text_hash, embedding)
        WHERE EXISTS (SELECT 1 FROM messages m WHERE m.tenant_id = w.tenant_id AND m.event_id = w.event_id)
        ON CONFLICT (tenant_id, event_id, window_no) DO NOTHING
        """,
        [w.tenant_id for w in windows],
        [w.event_id for w in windows],
        [w.window_no for w in windows],
        [w.user_id for w in windows],
        [w.session_id for w in windows],
        [w.created_at for w in windows],
        [w.text_hash for w in windows],
        # Vector objects: an array's elements must not look like arrays themselves to asyncpg.
        [Vector(np.asarray(v, np.float32)) for v in vectors],
        model,
    )


async def stored_window_vectors(
    conn: asyncpg.Connection | asyncpg.Pool, model: str, keys: Sequence[tuple[str, str]]
) -> dict[tuple[str, str], list[float]]:
    """{(tenant, text hash): vector} of windows already stored with that text: the stored windows are
    the embedding cache of message texts (per tenant, like the cache)."""
    if not keys:
        return {}
    rows = await conn.fetch(
        """
        SELECT DISTINCT ON (v.tenant_id, v.text_hash) v.tenant_id, v.text_hash, v.embedding
        FROM unnest($2::text[], $3::text[]) AS w(tenant_id, text_hash)
        JOIN message_vectors v ON v.tenant_id = w.tenant_id AND v.text_hash = w.text_hash AND v.embedding_model = $1
        """,
        model,
        [t for t, _ in keys],
        [h for _, h in keys],
    )
    return {(r["tenant_id"], r["text_hash"]): r["embedding"].to_list() for r in rows}
