"""Session summaries and user profile digests, written only when their input changed."""

from __future__ import annotations

import asyncpg


async def user_turn_count(conn: asyncpg.Connection, tenant_id: str, session_id: str) -> int:
    return await conn.fetchval(
        "SELECT count(*) FROM messages WHERE tenant_id = $1 AND session_id = $2 AND role = 'user'",
        tenant_id,
        session_id,
    )


async def summary_state(conn: asyncpg.Connection, tenant_id: str, session_id: str) -> asyncpg.Record | None:
    return await conn.fetchrow(
        "SELECT input_hash, user_turns, is_final FROM session_summaries WHERE tenant_id = $1 AND session_id = $2",
        tenant_id,
        session_id,
    )


async def upsert_summary(
    conn: asyncpg.Connection,
    *,
    tenant_id: str,
    session_id: str,
    user_id: str,
    summary: str,
    input_hash: str,
    user_turns: int,
    is_final: bool,
) -> None:
    await conn.execute(
        """
        INSERT INTO session_summaries (tenant_id, session_id, user_id, summary, input_hash, user_turns, is_final)
        VALUES ($1, $2, $3, $4, $5, $6, $7)
        ON CONFLICT (tenant_id, session_id) DO UPDATE SET
            summary = excluded.summary, input_hash = excluded.input_hash, user_turns = excluded.user_turns,
            is_final = session_summaries.is_final OR excluded.is_final, updated_at = now()
        WHERE session_summaries.input_hash <> excluded.input_hash OR excluded.is_final
        """,
        tenant_id,
        session_id,
        user_id,
        summary,
        input_hash,
        user_turns,
        is_final,
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


async def profile_hash(conn: asyncpg.Connection, tenant_id: str, user_id: str) -> str | None:
    return await conn.fetchval(
        "SELECT input_hash FROM user_profiles WHERE tenant_id = $1 AND user_id = $2", tenant_id, user_id
    )


async def upsert_profile(conn: asyncpg.Connection, tenant_id: str, user_id: str, digest: str, input_hash: str) -> None:
    await conn.execute(
        """
        INSERT INTO user_profiles (tenant_id, user_id, digest, input_hash) VALUES ($1, $2, $3, $4)
        ON CONFLICT (tenant_id, user_id) DO UPDATE SET digest = excluded.digest, input_hash = excluded.input_hash,
            updated_at = now()
        """,
        tenant_id,
        user_id,
        digest,
        input_hash,
    )
