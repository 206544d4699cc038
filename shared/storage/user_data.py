"""Everything stored about one user, as the API reads, exports and erases it: settings, facts and their
lineage, messages, summaries, profile and change stream. Every query is scoped to (tenant, user)."""

from __future__ import annotations

import base64
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal
from uuid import UUID

import asyncpg

from shared.contracts.events import FactSnapshot
from shared.hashing import content_hash
from shared.storage.caches import forget_user_embeddings
from shared.storage.dead_letters import erase_user_dead_letters
from shared.storage.facts import configured_strength, snapshot_of
from shared.storage.strength_order import strength_sql

FACT_COLUMNS = """fact_id, text, category, importance, status, valid_from, valid_to, recorded_at,
    superseded_at, superseded_by, source, source_message_ids, slot, strength, strength_at, recall_count,
    last_recalled_at"""
SortKey = Literal["recorded_at", "valid_from", "importance", "strength"]
SORT_KEYS: tuple[str, ...] = ("recorded_at", "valid_from", "importance", "strength")


class BadCursor(ValueError):
    """The pagination cursor is not one this API issued for this sort."""


# --------------------------------------------------------------------------- users


async def user_known(conn: asyncpg.Connection, tenant_id: str, user_id: str, *, derived: bool = False) -> bool:
    """A user exists in a tenant once settings, facts or messages are stored for them. A profile or a
    session summary alone counts only with `derived` (for the erase): they are derived data, and the
    summarizer re-creates an empty profile after an erase."""
    return await conn.fetchval(
        """
        SELECT EXISTS (SELECT 1 FROM users WHERE tenant_id = $1 AND user_id = $2)
            OR EXISTS (SELECT 1 FROM facts WHERE tenant_id = $1 AND user_id = $2)
            OR EXISTS (SELECT 1 FROM messages WHERE tenant_id = $1 AND user_id = $2)
            OR ($3 AND EXISTS (SELECT 1 FROM user_profiles WHERE tenant_id = $1 AND user_id = $2))
            OR ($3 AND EXISTS (SELECT 1 FROM session_summaries WHERE tenant_id = $1 AND user_id = $2))
        """,
        tenant_id,
        user_id,
        derived,
    )


async def ensure_user(conn: asyncpg.Connection, tenant_id: str, user_id: str) -> None:
    await conn.execute(
        "INSERT INTO users (tenant_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", tenant_id, user_id
    )


def _distinct_users_sql(table: str) -> str:
    """A loose index scan: one index probe per distinct user id (a big tenant has many rows per user)."""
    return f"""
        WITH RECURSIVE ids AS (
            (SELECT user_id FROM {table} WHERE tenant_id = $1 AND user_id > $2 AND user_id >= $3
             ORDER BY user_id LIMIT 1)
            UNION ALL
            SELECT (SELECT t.user_id FROM {table} t WHERE t.tenant_id = $1 AND t.user_id > ids.user_id
                    ORDER BY t.user_id LIMIT 1)
            FROM ids WHERE ids.user_id IS NOT NULL AND starts_with(ids.user_id, $3)
        )
        SELECT user_id FROM ids WHERE user_id IS NOT NULL AND starts_with(user_id, $3) LIMIT $4
    """


async def list_users(conn: asyncpg.Connection, tenant_id: str, *, after: str, prefix: str, limit: int) -> list[str]:
    """The tenant's users in id order: anyone with settings, facts or messages."""
    rows = await conn.fetch(
        f"""
        SELECT user_id FROM (
            (SELECT user_id FROM users WHERE tenant_id = $1 AND user_id > $2 AND starts_with(user_id, $3)
             ORDER BY user_id LIMIT $4)
            UNION ({_distinct_users_sql("facts")})
            UNION ({_distinct_users_sql("messages")})
        ) u
        ORDER BY user_id LIMIT $4
        """,
        tenant_id,
        after,
        prefix,
        limit,
    )
    return [r["user_id"] for r in rows]


async def memory_settings(conn: asyncpg.Connection, tenant_id: str, user_id: str) -> bool:
    enabled = await conn.fetchval(
        "SELECT memory_enabled FROM users WHERE tenant_id = $1 AND user_id = $2", tenant_id, user_id
    )
    return True if enabled is None else enabled


async def set_memory_enabled(conn: asyncpg.Connection, tenant_id: str, user_id: str, enabled: bool) -> None:
    await conn.execute(
        """
        INSERT INTO users (tenant_id, user_id, memory_enabled) VALUES ($1, $2, $3)
        ON CONFLICT (tenant_id, user_id) DO UPDATE SET memory_enabled = excluded.memory_enabled
        """,
        tenant_id,
        user_id,
        enabled,
    )


# --------------------------------------------------------------------------- facts


@dataclass
class FactQuery:
    categories: Sequence[str] | None = None
    min_importance: int | None = None
    text: str | None = None  # case-insensitive substring
    source: str | None = None
    as_of: datetime | None = None  # valid time: valid_from <= t < coalesce(valid_to, infinity)
    include_history: bool = False  # superseded and retracted rows too
    sort: SortKey = "recorded_at"
    descending: bool = False
    cursor: str | None = None
    limit: int = 100


def encode_cursor(sort: str, value: Any, fact_id: UUID | str) -> str:
    """``value`` is the last row's sort value; for ``strength`` it is ``(moment, strength)``: every page
    of one listing ranks strengths at the moment its first page was read, so pages neither skip nor
    repeat facts as strengths decay between requests."""

    def plain(v: Any) -> Any:
        return v.isoformat() if isinstance(v, datetime) else v

    raw = json.dumps([sort, [plain(v) for v in value] if isinstance(value, tuple) else plain(value), str(fact_id)])
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def _instant(value: Any) -> datetime:
    at = datetime.fromisoformat(value)
    if at.tzinfo is None or not 1 < at.year < 9999:  # a timestamptz any time zone can express
        raise ValueError(value)
    return at


def decode_cursor(cursor: str, sort: str) -> tuple[Any, UUID]:
    try:
        padded = cursor + "=" * (-len(cursor) % 4)
        cursor_sort, value, fact_id = json.loads(base64.urlsafe_b64decode(padded.encode()))
        if cursor_sort != sort:
            raise BadCursor(f"the cursor was issued for sort={cursor_sort}, not sort={sort}")
        if sort == "importance":
            if not isinstance(value, int) or not -(2**31) <= value < 2**31:  # a Postgres integer
                raise ValueError(value)
            return value, UUID(fact_id)
        if sort == "strength":
            moment, strength = value
            if isinstance(strength, bool) or not isinstance(strength, float | int) or not 0 <= strength <= 1:
                raise ValueError(value)
            return (_instant(moment), float(strength)), UUID(fact_id)
        return _instant(value), UUID(fact_id)
    except BadCursor:
        raise
    except Exception as exc:
        raise BadCursor("not a cursor this API issued") from exc


def _escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


async def list_facts(
    conn: asyncpg.Connection, tenant_id: str, user_id: str, query: FactQuery
) -> tuple[list[FactSnapshot], str | None]:
    """One page of a user's facts and the cursor of the next page (None on the last)."""
    where = ["tenant_id = $1", "user_id = $2"]
    args: list[Any] = [tenant_id, user_id]

    def arg(value: Any) -> str:
        args.append(value)
        return f"${len(args)}"

    if query.as_of is not None:
        t = arg(query.as_of)
        where.append(f"valid_from <= {t} AND (valid_to IS NULL OR {t} < valid_to)")
    elif not query.include_history:
        where.append("superseded_at IS NULL")
    if query.categories:
        where.append(f"category = any({arg(list(query.categories))}::text[])")
    if query.min_importance is not None:
        where.append(f"importance >= {arg(query.min_importance)}")
    if query.source:
        where.append(f"source = {arg(query.source)}")
    if query.text:
        where.append(f"text ILIKE '%' || {arg(_escape_like(query.text))} || '%'")
    if query.sort not in SORT_KEYS:  # spliced into the SQL
        raise ValueError(f"cannot sort by {query.sort!r}")
    op, direction = ("<", "DESC") if query.descending else (">", "ASC")
    after = decode_cursor(query.cursor, query.sort) if query.cursor else None
    moment = datetime.now(UTC)
    if query.sort == "strength":
        # computed, not stored: the strength now, from the stored strength and the time since (no index)
        if after is not None:
            (moment, _), _ = after
        column = strength_sql(configured_strength(), moment, arg)
    else:
        column = query.sort
    if after is not None:
        value, fact_id = after
        bound = value[1] if query.sort == "strength" else value
        where.append(f"({column}, fact_id) {op} ({arg(bound)}, {arg(fact_id)})")
    limit = arg(query.limit + 1)
    rows = await conn.fetch(
        f"""
        SELECT {FACT_COLUMNS}, {column} AS sort_value FROM facts WHERE {" AND ".join(where)}
        ORDER BY sort_value {direction}, fact_id {direction} LIMIT {limit}
        """,
        *args,
    )
    page = rows[: query.limit]
    next_cursor = None
    if len(rows) > query.limit:
        last = page[-1]
        value = (moment, last["sort_value"]) if query.sort == "strength" else last["sort_value"]
        next_cursor = encode_cursor(query.sort, value, last["fact_id"])
    return [snapshot_of(r, moment=moment) for r in page], next_cursor


async def fact_row(
    conn: asyncpg.Connection, tenant_id: str, user_id: str, fact_id: UUID, *, for_update: bool = False
) -> asyncpg.Record | None:
    return await conn.fetchrow(
        f"""
        SELECT fact_id, tenant_id, user_id, text, normalized_text, category, importance, slot, language,
               embedding, embedding_model, status, valid_from, valid_to, recorded_at, superseded_at,
               superseded_by, source, source_message_ids, candidate_id
        FROM facts WHERE tenant_id = $1 AND user_id = $2 AND fact_id = $3 {"FOR UPDATE" if for_update else ""}
        """,
        tenant_id,
        user_id,
        fact_id,
    )


async def fact_lineage(conn: asyncpg.Connection, tenant_id: str, user_id: str, fact_id: UUID) -> list[FactSnapshot]:
    """Every version linked to this fact through supersession, both ways, oldest first.

    Backwards: the facts this one superseded (and theirs); forwards: what superseded it, up to the
    version active now (or retracted)."""
    rows = await conn.fetch(
        f"""
        WITH RECURSIVE back AS (
            SELECT fact_id, 0 AS depth FROM facts WHERE tenant_id = $1 AND user_id = $2 AND fact_id = $3
            UNION
            SELECT f.fact_id, b.depth + 1 FROM back b
            JOIN facts f ON f.superseded_by = b.fact_id AND f.tenant_id = $1 AND f.user_id = $2
            WHERE b.depth < 200
        ), fwd AS (
            SELECT fact_id, superseded_by, 0 AS depth FROM facts WHERE tenant_id = $1 AND user_id = $2 AND fact_id = $3
            UNION
            SELECT f.fact_id, f.superseded_by, w.depth + 1 FROM fwd w
            JOIN facts f ON f.fact_id = w.superseded_by AND f.tenant_id = $1 AND f.user_id = $2
            WHERE w.depth < 200
        )
        SELECT {FACT_COLUMNS} FROM facts
        WHERE tenant_id = $1 AND user_id = $2
          AND fact_id IN (SELECT fact_id FROM back UNION SELECT fact_id FROM fwd)
        ORDER BY valid_from, recorded_at, fact_id
        """,
        tenant_id,
        user_id,
        fact_id,
    )
    return [snapshot_of(r) for r in rows]


async def messages_by_id(
    conn: asyncpg.Connection, tenant_id: str, user_id: str, event_ids: Sequence[str]
) -> list[asyncpg.Record]:
    if not event_ids:
        return []
    return await conn.fetch(
        """
        SELECT event_id, session_id, role, name, content, created_at FROM messages
        WHERE tenant_id = $1 AND user_id = $2 AND event_id = any($3::text[]) ORDER BY created_at, seq
        """,
        tenant_id,
        user_id,
        list(event_ids),
    )


async def decision_for(conn: asyncpg.Connection, tenant_id: str, candidate_id: str | None) -> asyncpg.Record | None:
    if candidate_id is None:
        return None
    return await conn.fetchrow(
        "SELECT op, decided_by, reason, created_at FROM decisions WHERE tenant_id = $1 AND candidate_id = $2",
        tenant_id,
        candidate_id,
    )


async def active_fact_with_text(
    conn: asyncpg.Connection, tenant_id: str, user_id: str, normalized_text: str
) -> FactSnapshot | None:
    row = await conn.fetchrow(
        f"""
        SELECT {FACT_COLUMNS} FROM facts WHERE tenant_id = $1 AND user_id = $2 AND superseded_at IS NULL
          AND normalized_text = $3 ORDER BY recorded_at LIMIT 1
        """,
        tenant_id,
        user_id,
        normalized_text,
    )
    return snapshot_of(row) if row else None


async def pinned_facts(
    conn: asyncpg.Connection, tenant_id: str, user_id: str, *, min_importance: int, limit: int
) -> list[FactSnapshot]:
    rows = await conn.fetch(
        f"""
        SELECT {FACT_COLUMNS} FROM facts
        WHERE tenant_id = $1 AND user_id = $2 AND superseded_at IS NULL AND importance >= $3
        ORDER BY importance DESC, valid_from DESC, fact_id LIMIT $4
        """,
        tenant_id,
        user_id,
        min_importance,
        limit,
    )
    return [snapshot_of(r) for r in rows]


async def context_reads(
    conn: asyncpg.Connection,
    tenant_id: str,
    user_id: str,
    *,
    min_importance: int,
    limit: int,
    session_id: str | None,
) -> tuple[bool, list[FactSnapshot], str | None]:
    """What a context block reads besides its search, in one round trip: whether memory is on for the
    user (`memory_settings`), and only if so the pinned facts (`pinned_facts`) and the session's summary
    text (`session_summary`; None without a session or a summary)."""
    rows = await conn.fetch(
        f"""
        WITH e AS MATERIALIZED (
            SELECT coalesce((SELECT memory_enabled FROM users WHERE tenant_id = $1 AND user_id = $2), true) AS on_
        ), p AS MATERIALIZED (
            SELECT {FACT_COLUMNS}, row_number() OVER (ORDER BY importance DESC, valid_from DESC, fact_id) AS ord
            FROM facts
            WHERE tenant_id = $1 AND user_id = $2 AND superseded_at IS NULL AND importance >= $3
              AND (SELECT on_ FROM e)
            ORDER BY importance DESC, valid_from DESC, fact_id LIMIT $4
        )
        SELECT e.on_,
               (SELECT summary FROM session_summaries WHERE tenant_id = $1 AND session_id = $5 AND user_id = $2
                AND e.on_) AS session_summary,
               p.*
        FROM e LEFT JOIN p ON true
        """,
        tenant_id,
        user_id,
        min_importance,
        limit,
        session_id,
    )
    enabled = bool(rows[0]["on_"])
    pinned = sorted((r for r in rows if r["fact_id"] is not None), key=lambda r: r["ord"])
    return enabled, [snapshot_of(r) for r in pinned], rows[0]["session_summary"] if enabled else None


# --------------------------------------------------------------------------- summaries


async def session_summary(
    conn: asyncpg.Connection, tenant_id: str, user_id: str, session_id: str
) -> asyncpg.Record | None:
    return await conn.fetchrow(
        """
        SELECT session_id, summary, user_turns, is_final, updated_at FROM session_summaries
        WHERE tenant_id = $1 AND session_id = $2 AND user_id = $3
        """,
        tenant_id,
        session_id,
        user_id,
    )


async def session_known(conn: asyncpg.Connection, tenant_id: str, user_id: str, session_id: str) -> bool:
    return await conn.fetchval(
        """
        SELECT EXISTS (SELECT 1 FROM sessions WHERE tenant_id = $1 AND session_id = $2 AND user_id = $3)
            OR EXISTS (SELECT 1 FROM session_summaries WHERE tenant_id = $1 AND session_id = $2 AND user_id = $3)
        """,
        tenant_id,
        session_id,
        user_id,
    )


async def user_profile(conn: asyncpg.Connection, tenant_id: str, user_id: str) -> asyncpg.Record | None:
    return await conn.fetchrow(
        "SELECT digest, updated_at FROM user_profiles WHERE tenant_id = $1 AND user_id = $2", tenant_id, user_id
    )


# --------------------------------------------------------------------------- export and erase


def _plain(row: asyncpg.Record) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in row.items():
        if isinstance(value, UUID):
            value = str(value)
        elif isinstance(value, datetime):
            value = value.isoformat()
        elif key in ("metadata", "payload") and isinstance(value, str):
            value = json.loads(value)
        out[key] = value
    return out


async def export_user(conn: asyncpg.Connection, tenant_id: str, user_id: str) -> dict[str, Any]:
    """Everything stored about one user, as plain JSON values (embeddings left out: derived data)."""
    args = (tenant_id, user_id)
    async with conn.transaction(isolation="repeatable_read", readonly=True):
        settings = await conn.fetchrow(
            "SELECT memory_enabled, created_at FROM users WHERE tenant_id = $1 AND user_id = $2", *args
        )
        facts = await conn.fetch(
            """
            SELECT fact_id, text, category, importance, slot, language, status, valid_from, valid_to, recorded_at,
                   superseded_at, superseded_by, source, source_message_ids, candidate_id, embedding_model
            FROM facts WHERE tenant_id = $1 AND user_id = $2 ORDER BY recorded_at, fact_id
            """,
            *args,
        )
        decisions = await conn.fetch(
            """
            SELECT candidate_id, op, target_fact_id, new_fact_id, decided_by, reason, created_at
            FROM decisions WHERE tenant_id = $1 AND user_id = $2 ORDER BY created_at, candidate_id
            """,
            *args,
        )
        messages = await conn.fetch(
            """
            SELECT event_id, session_id, role, name, content, created_at, received_at, metadata::text AS metadata
            FROM messages WHERE tenant_id = $1 AND user_id = $2 ORDER BY created_at, seq
            """,
            *args,
        )
        sessions = await conn.fetch(
            "SELECT session_id, ended_at, updated_at FROM sessions WHERE tenant_id = $1 AND user_id = $2 "
            "ORDER BY session_id",
            *args,
        )
        summaries = await conn.fetch(
            "SELECT session_id, summary, user_turns, is_final, updated_at FROM session_summaries "
            "WHERE tenant_id = $1 AND user_id = $2 ORDER BY session_id",
            *args,
        )
        profile = await user_profile(conn, tenant_id, user_id)
        changes = await conn.fetch(
            "SELECT event_id, payload::text AS payload, created_at, published_at FROM outbox "
            "WHERE tenant_id = $1 AND user_id = $2 ORDER BY id",
            *args,
        )
    return {
        "tenant_id": tenant_id,
        "user_id": user_id,
        "settings": {"memory_enabled": settings["memory_enabled"] if settings else True},
        "facts": [_plain(r) for r in facts],
        "decisions": [_plain(r) for r in decisions],
        "messages": [_plain(r) for r in messages],
        "sessions": [_plain(r) for r in sessions],
        "session_summaries": [_plain(r) for r in summaries],
        "profile": _plain(profile) if profile else None,
        "recent_change_events": [_plain(r) for r in changes],
    }


def _count(status: str) -> int:
    return int(status.split()[-1])


async def erase_user_rows(conn: asyncpg.Connection, tenant_id: str, user_id: str) -> dict[str, int]:
    """Hard-delete one user everywhere, inside the caller's transaction. Returns rows deleted per table.

    llm_calls rows made for the user go (their user_id), and so do older rows without one (written
    before migration 0004) that can be attributed by content: extraction outputs citing the user's
    messages, summary and profile outputs equal to the user's summaries and profile, and the API's
    answers (their output names the user). The embedding cache is per tenant; the vectors of the
    user's fact texts and message windows that no other user of the tenant shares are dropped from it.
    """
    args = (tenant_id, user_id)
    event_ids = [
        r["event_id"]
        for r in await conn.fetch("SELECT event_id FROM messages WHERE tenant_id = $1 AND user_id = $2", *args)
    ]
    texts = [
        r["output"]
        for r in await conn.fetch(
            """
            SELECT to_jsonb(summary) AS output FROM session_summaries WHERE tenant_id = $1 AND user_id = $2
            UNION ALL SELECT to_jsonb(digest) FROM user_profiles WHERE tenant_id = $1 AND user_id = $2
            """,
            *args,
        )
    ]
    counts: dict[str, int] = {}
    counts["llm_calls"] = _count(
        await conn.execute(
            """
            DELETE FROM llm_calls WHERE tenant_id = $1 AND (
                user_id = $2
                OR (stage = 'api' AND jsonb_typeof(output) = 'object' AND output->>'user_id' = $2)
                OR (cardinality($3::text[]) > 0 AND jsonb_typeof(output) = 'array' AND EXISTS (
                    SELECT 1 FROM jsonb_array_elements(output) item
                    WHERE jsonb_typeof(item) = 'object' AND jsonb_typeof(item->'source_event_ids') = 'array'
                      AND item->'source_event_ids' ?| $3::text[]))
                OR output::text = any($4::text[])
            )
            """,
            tenant_id,
            user_id,
            event_ids,
            [str(t) for t in texts],
        )
    )
    fact_texts = [  # the ones no other user of the tenant has a fact with
        r["text"]
        for r in await conn.fetch(
            """
            SELECT DISTINCT text FROM facts f WHERE tenant_id = $1 AND user_id = $2 AND NOT EXISTS (
                SELECT 1 FROM facts o WHERE o.tenant_id = $1 AND o.normalized_text = f.normalized_text
                  AND o.user_id <> $2 AND o.text = f.text)
            """,
            *args,
        )
    ]
    counts["embeddings"] = await forget_user_embeddings(
        conn,
        tenant_id,
        user_id,
        [content_hash("embedding-text", t) for t in fact_texts],  # the embedder's cache key
    )
    counts["dead_letters"] = await erase_user_dead_letters(conn, tenant_id, user_id)  # before the sessions go
    for table in ("decisions", "facts", "messages", "sessions", "session_summaries", "user_profiles", "outbox"):
        counts[table] = _count(await conn.execute(f"DELETE FROM {table} WHERE tenant_id = $1 AND user_id = $2", *args))
    counts["users"] = _count(await conn.execute("DELETE FROM users WHERE tenant_id = $1 AND user_id = $2", *args))
    return counts


# --------------------------------------------------------------------------- change stream


async def outbox_head(conn: asyncpg.Connection | asyncpg.Pool) -> int:
    return await conn.fetchval("SELECT coalesce(max(id), 0) FROM outbox")


async def changes_after(
    conn: asyncpg.Connection | asyncpg.Pool, tenant_id: str, user_id: str, after_id: int, limit: int = 100
) -> list[asyncpg.Record]:
    return await conn.fetch(
        """
        SELECT id, payload::text AS payload FROM outbox
        WHERE tenant_id = $1 AND user_id = $2 AND id > $3 ORDER BY id LIMIT $4
        """,
        tenant_id,
        user_id,
        after_id,
        limit,
    )
