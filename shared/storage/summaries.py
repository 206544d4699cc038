"""Session summaries and user profile digests, written only when their input changed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import asyncpg


@dataclass(frozen=True)
class SessionState:
    user_turns: int  # user turns stored so far
    summarized_turns: int | None  # user turns the current summary covers (None: no summary yet)
    is_final: bool


async def session_states(
    conn: asyncpg.Connection, keys: Sequence[tuple[str, str]]
) -> dict[tuple[str, str], SessionState]:
    """(tenant, session) -> how far it is and how far its summary is, for many sessions at once."""
    if not keys:
        return {}
    rows = await conn.fetch(
        """
        SELECT w.tenant_id, w.session_id, ss.user_turns AS summarized, coalesce(ss.is_final, false) AS is_final,
               (SELECT count(*) FROM messages m
                WHERE m.tenant_id = w.tenant_id AND m.session_id = w.session_id AND m.role = 'user') AS user_turns
        FROM unnest($1::text[], $2::text[]) AS w(tenant_id, session_id)
        LEFT JOIN session_summaries ss ON ss.tenant_id = w.tenant_id AND ss.session_id = w.session_id
        """,
        [t for t, _ in keys],
        [s for _, s in keys],
    )
    return {
        (r["tenant_id"], r["session_id"]): SessionState(r["user_turns"], r["summarized"], r["is_final"]) for r in rows
    }


@dataclass(frozen=True)
class SummaryRow:
    tenant_id: str
    session_id: str
    user_id: str
    summary: str
    input_hash: str
    user_turns: int
    is_final: bool


async def upsert_summaries(conn: asyncpg.Connection, rows: Sequence[SummaryRow]) -> None:
    """Write summaries whose input changed (or that became final); a replayed one writes nothing."""
    if not rows:
        return
    await conn.execute(
        """
        INSERT INTO session_summaries (tenant_id, session_id, user_id, summary, input_hash, user_turns, is_final)
        SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::bool[])
        ON CONFLICT (tenant_id, session_id) DO UPDATE SET
            summary = excluded.summary, input_hash = excluded.input_hash, user_turns = excluded.user_turns,
            is_final = session_summaries.is_final OR excluded.is_final, updated_at = now()
        WHERE session_summaries.input_hash <> excluded.input_hash OR excluded.is_final
        """,
        *zip(
            *((r.tenant_id, r.session_id, r.user_id, r.summary, r.input_hash, r.user_turns, r.is_final) for r in rows),
            strict=True,
        ),
    )


async def active_fact_texts(conn: asyncpg.Connection, tenant_id: str, user_id: str) -> list[tuple[str, str]]:
    rows = await conn.fetch(
        """
        SELECT category, text FROM facts WHERE tenant_id = $1 AND user_id = $2 AND superseded_at IS NULL
        ORDER BY importance DESC, valid_from, fact_id
        """,
        tenant_id,
        user_id,
    )
    return [(r["category"], r["text"]) for r in rows]


@dataclass(frozen=True)
class ProfileInput:
    facts: list[tuple[str, str]]  # (category, text) of the active facts, most important first
    current_hash: str | None  # input hash of the stored digest
    changes_since: int = 0  # facts recorded or retired since the stored digest was written (or ever)


async def profile_inputs(
    conn: asyncpg.Connection, users: Sequence[tuple[str, str]]
) -> dict[tuple[str, str], ProfileInput]:
    """(tenant, user) -> active facts, the stored digest's input hash, and how many fact changes
    came after it, for many users at once."""
    if not users:
        return {}
    rows = await conn.fetch(
        """
        SELECT w.tenant_id, w.user_id, p.input_hash, c.changes, f.category, f.text
        FROM unnest($1::text[], $2::text[]) AS w(tenant_id, user_id)
        LEFT JOIN user_profiles p ON p.tenant_id = w.tenant_id AND p.user_id = w.user_id
        LEFT JOIN LATERAL (
            SELECT count(*) AS changes FROM facts
            WHERE tenant_id = w.tenant_id AND user_id = w.user_id
              AND (p.updated_at IS NULL OR recorded_at > p.updated_at OR superseded_at > p.updated_at)
        ) c ON true
        LEFT JOIN LATERAL (
            SELECT category, text, importance, valid_from, fact_id FROM facts
            WHERE tenant_id = w.tenant_id AND user_id = w.user_id AND superseded_at IS NULL
        ) f ON true
        ORDER BY w.tenant_id, w.user_id, f.importance DESC, f.valid_from, f.fact_id
        """,
        [t for t, _ in users],
        [u for _, u in users],
    )
    out: dict[tuple[str, str], ProfileInput] = {}
    for r in rows:
        key = (r["tenant_id"], r["user_id"])
        entry = out.setdefault(key, ProfileInput([], r["input_hash"], r["changes"] or 0))
        if r["text"] is not None:
            entry.facts.append((r["category"], r["text"]))
    return out


async def upsert_profiles(conn: asyncpg.Connection, rows: Sequence[tuple[str, str, str, str]]) -> None:
    """(tenant, user, digest, input hash) rows."""
    if not rows:
        return
    await conn.execute(
        """
        INSERT INTO user_profiles (tenant_id, user_id, digest, input_hash)
        SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
        ON CONFLICT (tenant_id, user_id) DO UPDATE SET digest = excluded.digest, input_hash = excluded.input_hash,
            updated_at = now()
        """,
        *zip(*rows, strict=True),
    )
