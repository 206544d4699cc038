"""Messages and sessions: what was said, and how far the extractor has read."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

import asyncpg

from shared.contracts.events import ChatMessage
from shared.domain.cursor import HistoryTurn, message_hash

E = TypeVar("E")


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
            m.name,
            m.content,
            message_hash(m.event_id, m.role, m.content),
            m.created_at,
            json.dumps(m.metadata),
        )
        for m in messages
    ]
    result = await conn.fetch(
        """
        INSERT INTO messages (tenant_id, event_id, user_id, session_id, role, name, content, content_hash,
                              created_at, metadata)
        SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                             $8::text[], $9::timestamptz[], $10::jsonb[])
        ON CONFLICT (tenant_id, event_id) DO NOTHING
        RETURNING event_id
        """,
        *zip(*rows, strict=True),
    )
    sessions = {(m.tenant_id, m.session_id): m.user_id for m in messages}
    await conn.execute(
        """
        INSERT INTO sessions (tenant_id, session_id, user_id)
        SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
        ON CONFLICT (tenant_id, session_id) DO NOTHING
        """,
        *zip(*((t, s, u) for (t, s), u in sessions.items()), strict=True),
    )
    return len(result)


async def store_if_memory_on(conn: asyncpg.Connection, events: Sequence[E]) -> list[E]:
    """The events (chat messages and session ends) of users whose memory is on, with their chat messages
    stored (idempotent on tenant + event_id) and the sessions those open: one statement, whatever the
    batch. What :func:`with_memory_on` then :func:`store_messages` do in three round trips and two commits.
    A message already stored (the other stage of the two that store them got there first) is skipped
    before its row is built, so Postgres does not compute its full-text vectors only to discard them."""
    keys = list({(e.tenant_id, e.user_id) for e in events})
    if not keys:
        return []
    messages = [e for e in events if isinstance(e, ChatMessage)]
    sessions = {(m.tenant_id, m.session_id): m.user_id for m in messages}
    rows = await conn.fetch(
        """
        WITH off AS (
            SELECT u.tenant_id, u.user_id FROM users u
            JOIN unnest($1::text[], $2::text[]) AS w(tenant_id, user_id)
              ON u.tenant_id = w.tenant_id AND u.user_id = w.user_id
            WHERE NOT u.memory_enabled
        ),
        existing AS MATERIALIZED (  -- primary-key probes (a superset across tenants), never a scan of messages
            SELECT e.tenant_id, e.event_id FROM messages e
            WHERE e.tenant_id = any($3::text[]) AND e.event_id = any($4::text[])
        ),
        stored AS (
            INSERT INTO messages (tenant_id, event_id, user_id, session_id, role, name, content, content_hash,
                                  created_at, metadata)
            SELECT m.tenant_id, m.event_id, m.user_id, m.session_id, m.role, m.name, m.content, m.content_hash,
                   m.created_at, m.metadata
            FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                        $10::text[], $11::timestamptz[], $12::jsonb[]) WITH ORDINALITY
                AS m(tenant_id, event_id, user_id, session_id, role, name, content, content_hash, created_at,
                     metadata, position)
            WHERE NOT EXISTS (SELECT 1 FROM off WHERE off.tenant_id = m.tenant_id AND off.user_id = m.user_id)
              AND NOT EXISTS (SELECT 1 FROM existing e WHERE e.tenant_id = m.tenant_id AND e.event_id = m.event_id)
            ORDER BY m.position  -- seq follows the batch's order, whatever plan the filters get
            ON CONFLICT (tenant_id, event_id) DO NOTHING
        ),
        opened AS (
            INSERT INTO sessions (tenant_id, session_id, user_id)
            SELECT * FROM unnest($13::text[], $14::text[], $15::text[]) AS s(tenant_id, session_id, user_id)
            WHERE NOT EXISTS (SELECT 1 FROM off WHERE off.tenant_id = s.tenant_id AND off.user_id = s.user_id)
            ON CONFLICT (tenant_id, session_id) DO NOTHING
        )
        SELECT tenant_id, user_id FROM off
        """,
        [t for t, _ in keys],
        [u for _, u in keys],
        [m.tenant_id for m in messages],
        [m.event_id for m in messages],
        [m.user_id for m in messages],
        [m.session_id for m in messages],
        [m.role for m in messages],
        [m.name for m in messages],
        [m.content for m in messages],
        [message_hash(m.event_id, m.role, m.content) for m in messages],
        [m.created_at for m in messages],
        [json.dumps(m.metadata) for m in messages],
        [t for t, _ in sessions],
        [s for _, s in sessions],
        list(sessions.values()),
    )
    off = {(r["tenant_id"], r["user_id"]) for r in rows}
    return [e for e in events if (e.tenant_id, e.user_id) not in off]


async def session_histories(
    conn: asyncpg.Connection, keys: Sequence[tuple[str, str]]
) -> dict[tuple[str, str], list[HistoryTurn]]:
    """(tenant, session) -> its whole history in order, for many sessions in one round trip."""
    keys = list(dict.fromkeys(keys))  # once each: a repeated key would repeat its rows
    if not keys:
        return {}
    rows = await conn.fetch(
        """
        SELECT m.tenant_id, m.session_id, m.event_id, m.role, m.content, m.created_at, m.content_hash, m.name
        FROM unnest($1::text[], $2::text[]) AS w(tenant_id, session_id)
        JOIN messages m ON m.tenant_id = w.tenant_id AND m.session_id = w.session_id
        ORDER BY m.tenant_id, m.session_id, m.seq
        """,
        [t for t, _ in keys],
        [s for _, s in keys],
    )
    out: dict[tuple[str, str], list[HistoryTurn]] = {key: [] for key in keys}
    for r in rows:
        out[(r["tenant_id"], r["session_id"])].append(
            HistoryTurn(r["event_id"], r["role"], r["content"], r["created_at"], r["content_hash"], r["name"])
        )
    return out


@dataclass(frozen=True)
class SessionRead:
    """What the extractor needs of one session: its cursor, and the turns from a few before the
    cursor to the end (the whole history when the cursor is not found)."""

    cursor_hash: str | None
    cursor_version: str | None
    turns: list[HistoryTurn]


async def read_sessions(
    conn: asyncpg.Connection, keys: Sequence[tuple[str, str]], version: str, context_size: int
) -> dict[tuple[str, str], SessionRead]:
    """One round trip for all of a batch's sessions. A session's turns start ``context_size`` turns
    before its cursor message (which is included), so a long session is not read whole every batch;
    a cursor of another extractor version, or one whose message is gone, reads the whole session."""
    keys = list(dict.fromkeys(keys))  # once each: a repeated key appended its turns twice
    if not keys:
        return {}
    rows = await conn.fetch(
        """
        WITH wanted AS MATERIALIZED (  -- materialised: each session's cursor is looked up once, not per use
            SELECT w.position, w.tenant_id, w.session_id, s.cursor_hash, s.cursor_version,
                   (SELECT m.seq FROM messages m
                    WHERE m.tenant_id = w.tenant_id AND m.session_id = w.session_id
                      AND m.content_hash = s.cursor_hash AND s.cursor_version = $3
                    LIMIT 1) AS cursor_seq
            FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS w(tenant_id, session_id, position)
            LEFT JOIN sessions s ON s.tenant_id = w.tenant_id AND s.session_id = w.session_id
        )
        SELECT w.tenant_id, w.session_id, w.cursor_hash, w.cursor_version,
               t.event_id, t.role, t.content, t.created_at, t.content_hash, t.name
        FROM wanted w
        CROSS JOIN LATERAL (
            -- seq starts at 1: "after seq 0" is the whole session, and the bound is an index range
            (SELECT m.seq, m.event_id, m.role, m.content, m.created_at, m.content_hash, m.name FROM messages m
             WHERE m.tenant_id = w.tenant_id AND m.session_id = w.session_id AND m.seq > coalesce(w.cursor_seq, 0))
            UNION ALL
            (SELECT m.seq, m.event_id, m.role, m.content, m.created_at, m.content_hash, m.name FROM messages m
             WHERE m.tenant_id = w.tenant_id AND m.session_id = w.session_id
               AND w.cursor_seq IS NOT NULL AND m.seq <= w.cursor_seq
             ORDER BY m.seq DESC LIMIT $4)
        ) t
        ORDER BY w.position, t.seq  -- by the keys' order, not by the ids: no text sort
        """,
        [tenant for tenant, _ in keys],
        [session for _, session in keys],
        version,
        max(1, context_size),
    )
    out: dict[tuple[str, str], SessionRead] = {}
    for r in rows:
        key = (r["tenant_id"], r["session_id"])
        read = out.get(key)
        if read is None:
            read = out[key] = SessionRead(r["cursor_hash"], r["cursor_version"], [])
        read.turns.append(
            HistoryTurn(r["event_id"], r["role"], r["content"], r["created_at"], r["content_hash"], r["name"])
        )
    return out


async def turns_before(
    conn: asyncpg.Connection, keys: Sequence[tuple[str, str, str]]
) -> dict[tuple[str, str, str], list[HistoryTurn]]:
    """(tenant, session, event id) -> the session's turns before that message, in order, for many
    sessions in one round trip (empty when the message is the first or is not stored)."""
    if not keys:
        return {}
    rows = await conn.fetch(
        """
        SELECT w.tenant_id, w.session_id, w.event_id AS before_id,
               m.event_id, m.role, m.content, m.created_at, m.content_hash, m.name
        FROM unnest($1::text[], $2::text[], $3::text[]) AS w(tenant_id, session_id, event_id)
        JOIN messages b ON b.tenant_id = w.tenant_id AND b.session_id = w.session_id AND b.event_id = w.event_id
        JOIN messages m ON m.tenant_id = w.tenant_id AND m.session_id = w.session_id AND m.seq < b.seq
        ORDER BY w.tenant_id, w.session_id, w.event_id, m.seq
        """,
        [t for t, _, _ in keys],
        [s for _, s, _ in keys],
        [e for _, _, e in keys],
    )
    out: dict[tuple[str, str, str], list[HistoryTurn]] = {key: [] for key in keys}
    for r in rows:
        out[(r["tenant_id"], r["session_id"], r["before_id"])].append(
            HistoryTurn(r["event_id"], r["role"], r["content"], r["created_at"], r["content_hash"], r["name"])
        )
    return out


async def sizes_before(
    conn: asyncpg.Connection, keys: Sequence[tuple[str, str, str]]
) -> dict[tuple[str, str, str], tuple[int, int]]:
    """(tenant, session, event id) -> the user turns and characters of the session's turns before that
    message (those :func:`turns_before` returns), counted in Postgres: two integers instead of the turns,
    enough to tell that they hold no summary checkpoint. (0, 0) when the message is the first or is not
    stored."""
    if not keys:
        return {}
    rows = await conn.fetch(
        """
        SELECT w.position, c.user_turns, c.chars
        FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS w(tenant_id, session_id, event_id, position)
        JOIN messages b ON b.tenant_id = w.tenant_id AND b.event_id = w.event_id AND b.session_id = w.session_id
        CROSS JOIN LATERAL (
            SELECT count(*) FILTER (WHERE m.role = 'user') AS user_turns, coalesce(sum(length(m.content)), 0) AS chars
            FROM messages m
            WHERE m.tenant_id = w.tenant_id AND m.session_id = w.session_id AND m.seq < b.seq
        ) c
        """,
        [t for t, _, _ in keys],
        [s for _, s, _ in keys],
        [e for _, _, e in keys],
    )
    out = dict.fromkeys(keys, (0, 0))
    for r in rows:
        out[keys[r["position"] - 1]] = (r["user_turns"], int(r["chars"]))
    return out


async def advance_cursors(conn: asyncpg.Connection, cursors: Sequence[tuple[str, str, str]], version: str) -> None:
    """Move many sessions' cursors at once: (tenant, session, hash of the last message read)."""
    if not cursors:
        return
    await conn.execute(
        """
        UPDATE sessions s SET cursor_hash = c.cursor_hash, cursor_version = $4, updated_at = now()
        FROM unnest($1::text[], $2::text[], $3::text[]) AS c(tenant_id, session_id, cursor_hash)
        WHERE s.tenant_id = c.tenant_id AND s.session_id = c.session_id
        """,
        *zip(*cursors, strict=True),
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


async def with_memory_on(conn: asyncpg.Connection, events: Sequence[E]) -> list[E]:
    """The events (anything with a tenant_id and a user_id) of users whose memory is on: the default,
    since only an explicit off row turns it off. One query, whatever the tenants."""
    keys = list({(e.tenant_id, e.user_id) for e in events})
    if not keys:
        return []
    rows = await conn.fetch(
        """
        SELECT u.tenant_id, u.user_id FROM users u
        JOIN unnest($1::text[], $2::text[]) AS w(tenant_id, user_id)
          ON u.tenant_id = w.tenant_id AND u.user_id = w.user_id
        WHERE NOT u.memory_enabled
        """,
        [t for t, _ in keys],
        [u for _, u in keys],
    )
    off = {(r["tenant_id"], r["user_id"]) for r in rows}
    return [e for e in events if (e.tenant_id, e.user_id) not in off]


async def stored_identities(
    conn: asyncpg.Connection | asyncpg.Pool, tenant_id: str, event_ids: Sequence[str]
) -> dict[str, tuple[str, str, str]]:
    """event_id -> (user_id, session_id, content_hash) of the tenant's stored messages among these ids."""
    rows = await conn.fetch(
        """
        SELECT event_id, user_id, session_id, content_hash FROM messages
        WHERE tenant_id = $1 AND event_id = any($2::text[])
        """,
        tenant_id,
        list(event_ids),
    )
    return {r["event_id"]: (r["user_id"], r["session_id"], r["content_hash"]) for r in rows}
