"""How far one chat message has come through the pipeline: stored, read by the extractor (its session's
cursor is at or past it), what the extractor drew from it, and what consolidation decided.

Reads only: every stage already records what it did (messages, session cursors, the cached extraction
outputs, decisions, facts, dead letters); this module puts those records side by side.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

import asyncpg


@dataclass(frozen=True)
class MessageProgress:
    user_id: str
    session_id: str
    role: str
    created_at: Any
    extracted: bool
    extractor_version: str | None


async def message_progress(conn: asyncpg.Connection, tenant_id: str, event_id: str) -> MessageProgress | None:
    """None when the message is not stored (not consumed yet, never sent, or its user's memory is off).
    Extracted: the session's cursor, of the version that set it, names this message or a later one."""
    row = await conn.fetchrow(
        """
        SELECT m.user_id, m.session_id, m.role, m.created_at, s.cursor_version,
               (SELECT c.seq FROM messages c
                WHERE c.tenant_id = m.tenant_id AND c.session_id = m.session_id AND c.content_hash = s.cursor_hash
                ORDER BY c.seq DESC LIMIT 1) >= m.seq AS extracted
        FROM messages m
        LEFT JOIN sessions s ON s.tenant_id = m.tenant_id AND s.session_id = m.session_id
        WHERE m.tenant_id = $1 AND m.event_id = $2
        """,
        tenant_id,
        event_id,
    )
    if row is None:
        return None
    return MessageProgress(
        user_id=row["user_id"],
        session_id=row["session_id"],
        role=row["role"],
        created_at=row["created_at"],
        extracted=bool(row["extracted"]),
        extractor_version=row["cursor_version"],
    )


async def extracted_from(
    conn: asyncpg.Connection, tenant_id: str, user_id: str, event_id: str, *, stage: str, version: str
) -> list[dict[str, Any]]:
    """The facts (as the extractor cached them) that one extractor version drew from this message."""
    provider, _, rest = version.partition("/")
    model, _, prompt_version = rest.rpartition("/")
    rows = await conn.fetch(
        """
        SELECT output FROM llm_calls
        WHERE tenant_id = $1 AND user_id = $2 AND stage = $3
          AND provider = $4 AND model = $5 AND prompt_version = $6
          AND output @> jsonb_build_array(jsonb_build_object('source_event_ids', jsonb_build_array($7::text)))
        ORDER BY created_at
        """,
        tenant_id,
        user_id,
        stage,
        provider,
        model,
        prompt_version,
        event_id,
    )
    found: dict[str, dict[str, Any]] = {}
    for row in rows:
        output = json.loads(row["output"]) if isinstance(row["output"], str) else row["output"]
        for item in output if isinstance(output, list) else []:
            if event_id in item.get("source_event_ids", []):
                found.setdefault(repr(sorted(item.items(), key=lambda kv: kv[0])), item)
    return list(found.values())


async def decisions_of(
    conn: asyncpg.Connection, tenant_id: str, candidate_ids: Sequence[str]
) -> dict[str, asyncpg.Record]:
    rows = await conn.fetch(
        """
        SELECT candidate_id, op, target_fact_id, new_fact_id, decided_by, reason, created_at FROM decisions
        WHERE tenant_id = $1 AND candidate_id = ANY($2::text[])
        """,
        tenant_id,
        list(candidate_ids),
    )
    return {r["candidate_id"]: r for r in rows}


async def facts_for_message(
    conn: asyncpg.Connection, tenant_id: str, user_id: str, event_id: str, also: Sequence[UUID]
) -> list[asyncpg.Record]:
    """Facts citing the message among their sources, and the facts named in ``also``, oldest first."""
    return await conn.fetch(
        """
        SELECT fact_id, text, category, importance, status, valid_from, valid_to, recorded_at, superseded_at,
               superseded_by, source, source_message_ids, candidate_id
        FROM facts
        WHERE tenant_id = $1 AND user_id = $2 AND ($3 = ANY(source_message_ids) OR fact_id = ANY($4::uuid[]))
        ORDER BY recorded_at, fact_id
        """,
        tenant_id,
        user_id,
        event_id,
        list(also),
    )


async def dead_letters_mentioning(conn: asyncpg.Connection, tenant_id: str, needles: Sequence[str]) -> list[str]:
    """Errors of not-yet-replayed dead letters of this tenant whose payload (the raw bytes) names any of
    ``needles``."""
    if not needles:
        return []
    rows = await conn.fetch(
        """
        SELECT stage, error FROM dead_letters d
        WHERE d.tenant_id = $1 AND d.replayed_at IS NULL
          AND EXISTS (SELECT 1 FROM unnest($2::text[]) AS n(needle)
                      WHERE position(convert_to(n.needle, 'UTF8') IN d.payload) > 0)
        ORDER BY d.id
        """,
        tenant_id,
        list(needles),
    )
    return [f"{r['stage']}: {r['error']}" for r in rows]
