"""Session summaries and user profile digests, written only when their input changed."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from uuid import UUID

import asyncpg

from shared.domain.checkpoints import TurnSize


@dataclass(frozen=True)
class SessionState:
    user_turns: int  # user turns stored so far
    summarized_turns: int | None  # user turns the current summary covers (None: no summary yet)
    is_final: bool
    # (a user turn?, characters) of every stored turn, in order: where the checkpoints fall, without the turns
    sizes: tuple[TurnSize, ...] = ()


async def session_states(
    conn: asyncpg.Connection, keys: Sequence[tuple[str, str]]
) -> dict[tuple[str, str], SessionState]:
    """(tenant, session) -> how far it is and how far its summary is, for many sessions at once, with
    the role and length of each turn (what decides whether a summary is due)."""
    keys = list(dict.fromkeys(keys))  # once each: a repeated key would repeat its rows
    if not keys:
        return {}
    rows = await conn.fetch(
        """
        SELECT w.tenant_id, w.session_id, ss.user_turns AS summarized, coalesce(ss.is_final, false) AS is_final,
               h.user_turns, h.is_user, h.chars
        FROM unnest($1::text[], $2::text[]) AS w(tenant_id, session_id)
        LEFT JOIN session_summaries ss ON ss.tenant_id = w.tenant_id AND ss.session_id = w.session_id
        CROSS JOIN LATERAL (
            SELECT count(*) FILTER (WHERE m.role = 'user') AS user_turns,
                   array_agg(m.role = 'user' ORDER BY m.seq) AS is_user,
                   array_agg(length(m.content) ORDER BY m.seq) AS chars
            FROM messages m WHERE m.tenant_id = w.tenant_id AND m.session_id = w.session_id
        ) h
        """,
        [t for t, _ in keys],
        [s for _, s in keys],
    )
    return {
        (r["tenant_id"], r["session_id"]): SessionState(r["user_turns"], r["summarized"], r["is_final"], _sizes(r))
        for r in rows
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
    fact_ids: list[UUID]  # the active facts, in the order of ``facts``
    covered: frozenset[UUID]  # the active facts the stored digest covered

    @property
    def changes_since(self) -> int:
        """Facts added or retired since the stored digest (all of them, before the first)."""
        return len(self.covered.symmetric_difference(self.fact_ids))


async def profile_inputs(
    conn: asyncpg.Connection, users: Sequence[tuple[str, str]]
) -> dict[tuple[str, str], ProfileInput]:
    """(tenant, user) -> active facts, and the stored digest's input hash and covered facts, for many
    users at once."""
    if not users:
        return {}
    rows = await conn.fetch(
        """
        SELECT w.tenant_id, w.user_id, p.input_hash, p.covered_fact_ids, f.fact_id, f.category, f.text
        FROM unnest($1::text[], $2::text[]) AS w(tenant_id, user_id)
        LEFT JOIN user_profiles p ON p.tenant_id = w.tenant_id AND p.user_id = w.user_id
        LEFT JOIN LATERAL (
            SELECT fact_id, category, text, importance, valid_from FROM facts
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
        entry = out.setdefault(key, ProfileInput([], r["input_hash"], [], frozenset(r["covered_fact_ids"] or ())))
        if r["text"] is not None:
            entry.facts.append((r["category"], r["text"]))
            entry.fact_ids.append(r["fact_id"])
    return out


async def upsert_profiles(conn: asyncpg.Connection, rows: Sequence[tuple[str, str, str, str, list[UUID]]]) -> None:
    """(tenant, user, digest, input hash, the active facts it covers) rows."""
    if not rows:
        return
    await conn.execute(
        """
        INSERT INTO user_profiles (tenant_id, user_id, digest, input_hash, covered_fact_ids)
        SELECT t, u, d, h, array(SELECT jsonb_array_elements_text(c)::uuid)
        FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::jsonb[]) AS r(t, u, d, h, c)
        ON CONFLICT (tenant_id, user_id) DO UPDATE SET digest = excluded.digest, input_hash = excluded.input_hash,
            covered_fact_ids = excluded.covered_fact_ids, updated_at = now()
        """,
        [r[0] for r in rows],
        [r[1] for r in rows],
        [r[2] for r in rows],
        [r[3] for r in rows],
        [json.dumps([str(i) for i in r[4]]) for r in rows],
    )


def _sizes(row: asyncpg.Record) -> tuple[TurnSize, ...]:
    return tuple(zip(row["is_user"] or (), row["chars"] or (), strict=True))
