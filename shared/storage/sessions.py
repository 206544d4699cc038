"""A user's sessions, most recent first, each with its message counts and rolling summary."""

from __future__ import annotations

import base64
import json
from datetime import datetime

import asyncpg


class BadCursor(ValueError):
    pass


def encode_cursor(last_at: datetime, session_id: str) -> str:
    return base64.urlsafe_b64encode(json.dumps([last_at.isoformat(), session_id]).encode()).decode()


def decode_cursor(cursor: str) -> tuple[datetime, str]:
    try:
        at, session_id = json.loads(base64.urlsafe_b64decode(cursor.encode()))
        return datetime.fromisoformat(at), str(session_id)
    except (ValueError, TypeError) as exc:
        raise BadCursor("not a cursor this route gave out") from exc


async def list_sessions(
    conn: asyncpg.Connection, tenant_id: str, user_id: str, *, cursor: str | None, limit: int
) -> tuple[list[asyncpg.Record], str | None]:
    after = decode_cursor(cursor) if cursor else None
    rows = await conn.fetch(
        """
        SELECT * FROM (
            SELECT s.session_id, s.ended_at,
                   min(m.created_at) AS started_at,
                   coalesce(max(m.created_at), s.updated_at) AS last_message_at,
                   count(m.event_id) AS messages,
                   count(m.event_id) FILTER (WHERE m.role = 'user') AS user_turns,
                   ss.summary, coalesce(ss.is_final, false) AS summary_final, ss.updated_at AS summary_updated_at
            FROM sessions s
            LEFT JOIN messages m ON m.tenant_id = s.tenant_id AND m.session_id = s.session_id
            LEFT JOIN session_summaries ss ON ss.tenant_id = s.tenant_id AND ss.session_id = s.session_id
            WHERE s.tenant_id = $1 AND s.user_id = $2
            GROUP BY s.session_id, s.ended_at, s.updated_at, ss.summary, ss.is_final, ss.updated_at
        ) t
        WHERE $3::timestamptz IS NULL OR (t.last_message_at, t.session_id) < ($3::timestamptz, $4::text)
        ORDER BY t.last_message_at DESC, t.session_id DESC
        LIMIT $5
        """,
        tenant_id,
        user_id,
        after[0] if after else None,
        after[1] if after else "",
        limit + 1,
    )
    page = rows[:limit]
    more = len(rows) > limit
    return page, encode_cursor(page[-1]["last_message_at"], page[-1]["session_id"]) if more and page else None
