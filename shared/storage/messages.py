"""Messages and sessions: what was said, and how far the extractor has read."""

from __future__ import annotations

import json
from collections.abc import Sequence

import asyncpg

from shared.contracts.events import ChatMessage
from shared.domain.cursor import HistoryTurn, message_hash


async def store_messages(conn: asyncpg.Connection, messages: Sequence[ChatMessage]) -> int:
    """Insert messages, ignoring ones already stored (idempotent on tenant + event_id)."""
    if not messages:
        return 0
    rows = [
        (
            m.tenant_id,
            m.event_id,
            m.user_id,
            m.session_id,
            m.role,
            m.content,
            message_hash(m.event_id, m.role, m.content),
            m.created_at,
            json.dumps(m.metadata),
        )
        for m in messages
    ]
    result = await conn.fetch(
        """
        INSERT INTO messages (tenant_id, event_id, user_id, session_id, role, content, content_hash,
                              created_at, metadata)
        SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
                             $7::text[], $8::timestamptz[], $9::jsonb[])
        ON CONFLICT (tenant_id, event_id) DO NOTHING
        RETURNING event_id
        """,
        *zip(*rows, strict=True),
    )
    sessions = {(m.tenant_id, m.session_id): m.user_id for m in messages}
    await conn.executemany(
        """
        INSERT INTO sessions (tenant_id, session_id, user_id) VALUES ($1, $2, $3)
        ON CONFLICT (tenant_id, session_id) DO NOTHING
        """,
        [(t, s, u) for (t, s), u in sessions.items()],
    )
    return len(result)


async def session_history(conn: asyncpg.Connection, tenant_id: str, session_id: str) -> list[HistoryTurn]:
    rows = await conn.fetch(
        """
        SELECT event_id, role, content, created_at, content_hash FROM messages
        WHERE tenant_id = $1 AND session_id = $2 ORDER BY seq
        """,
        tenant_id,
        session_id,
    )
    return [HistoryTurn(r["event_id"], r["role"], r["content"], r["created_at"], r["content_hash"]) for r in rows]


async def get_session(conn: asyncpg.Connection, tenant_id: str, session_id: str) -> asyncpg.Record | None:
    return await conn.fetchrow("SELECT * FROM sessions WHERE tenant_id = $1 AND session_id = $2", tenant_id, session_id)


async def advance_cursor(
    conn: asyncpg.Connection, tenant_id: str, session_id: str, cursor_hash: str, version: str
) -> None:
    await conn.execute(
        """
        UPDATE sessions SET cursor_hash = $3, cursor_version = $4, updated_at = now()
        WHERE tenant_id = $1 AND session_id = $2
        """,
        tenant_id,
        session_id,
        cursor_hash,
        version,
    )


async def mark_session_ended(conn: asyncpg.Connection, tenant_id: str, session_id: str, user_id: str) -> None:
    await conn.execute(
        """
        INSERT INTO sessions (tenant_id, session_id, user_id, ended_at) VALUES ($1, $2, $3, now())
        ON CONFLICT (tenant_id, session_id) DO UPDATE SET ended_at = coalesce(sessions.ended_at, now())
        """,
        tenant_id,
        session_id,
        user_id,
    )


async def memory_enabled(conn: asyncpg.Connection, tenant_id: str, user_ids: Sequence[str]) -> dict[str, bool]:
    """Users default to memory on; only an explicit off row turns it off."""
    rows = await conn.fetch(
        "SELECT user_id, memory_enabled FROM users WHERE tenant_id = $1 AND user_id = any($2::text[])",
        tenant_id,
        list(user_ids),
    )
    enabled = {user_id: True for user_id in user_ids}
    enabled.update({r["user_id"]: r["memory_enabled"] for r in rows})
    return enabled


async def session_summary(conn: asyncpg.Connection, tenant_id: str, session_id: str) -> str:
    return (
        await conn.fetchval(
            "SELECT summary FROM session_summaries WHERE tenant_id = $1 AND session_id = $2", tenant_id, session_id
        )
        or ""
    )
