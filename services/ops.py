"""Operator tools: replay stored messages, and list or replay dead letters.

Both republish to Kafka and let the idempotent stages converge: replaying what was already
processed with the same extractor version costs nothing; a new version re-extracts.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

import asyncpg

from shared.broker import Topics, key_for, new_producer, send_and_wait
from shared.contracts.events import ChatMessage
from shared.settings import Settings
from shared.storage.db import create_pool

REPLAY_CHUNK = 500


@dataclass(frozen=True)
class ReplayFilter:
    tenant_id: str
    user_id: str | None = None
    session_id: str | None = None
    since: datetime | None = None
    until: datetime | None = None

    def where(self) -> tuple[str, list]:
        """SQL conditions over messages; the tenant is always one of them."""
        clauses, args = ["tenant_id = $1"], [self.tenant_id]
        for column, op, value in (
            ("user_id", "=", self.user_id),
            ("session_id", "=", self.session_id),
            ("created_at", ">=", self.since),
            ("created_at", "<", self.until),
        ):
            if value is not None:
                args.append(value)
                clauses.append(f"{column} {op} ${len(args)}")
        return " AND ".join(clauses), args


def _message_of(row: asyncpg.Record) -> ChatMessage:
    return ChatMessage(
        event_id=row["event_id"],
        tenant_id=row["tenant_id"],
        user_id=row["user_id"],
        session_id=row["session_id"],
        role=row["role"],
        content=row["content"],
        created_at=row["created_at"],
        metadata=json.loads(row["metadata"] or "{}"),
    )


async def replay_messages(
    settings: Settings, selection: ReplayFilter, progress: Callable[[int, int], None] = lambda done, total: None
) -> int:
    """Republish stored messages, session by session in their original order."""
    where, args = selection.where()
    pool = await create_pool(settings.database_url or "", max_size=2)
    producer = new_producer(settings)
    try:
        await producer.start()  # inside: a broker that cannot be reached still closes the pool
        total = await pool.fetchval(f"SELECT count(*) FROM messages WHERE {where}", *args)
        progress(0, total)
        done, last = 0, (None, -1)
        while done < total:
            # Keyset pagination over (session_id, seq): stable while new messages keep arriving.
            rows = await pool.fetch(
                f"""
                SELECT tenant_id, event_id, user_id, session_id, role, content, created_at,
                       metadata::text AS metadata, seq
                FROM messages WHERE {where} AND (session_id, seq) > (coalesce(${len(args) + 1}, ''), ${len(args) + 2})
                ORDER BY session_id, seq LIMIT {REPLAY_CHUNK}
                """,
                *args,
                last[0],
                last[1],
            )
            if not rows:
                break
            await send_and_wait(
                producer,
                Topics.from_settings(settings).messages,
                [(key_for(r["tenant_id"], r["session_id"]), _message_of(r).model_dump_json().encode()) for r in rows],
            )
            done += len(rows)
            last = (rows[-1]["session_id"], rows[-1]["seq"])
            progress(done, total)
        return done
    finally:
        await producer.stop()
        await pool.close()


async def list_dead_letters(
    settings: Settings, *, stage: str | None, tenant_id: str | None, include_replayed: bool, limit: int
) -> list[asyncpg.Record]:
    pool = await create_pool(settings.database_url or "", max_size=1)
    try:
        return await pool.fetch(
            """
            SELECT id, stage, tenant_id, error, attempts, source_topic, source_partition, source_offset,
                   created_at, replayed_at, payload
            FROM dead_letters
            WHERE ($1::text IS NULL OR stage = $1) AND ($2::text IS NULL OR tenant_id = $2)
              AND ($3 OR replayed_at IS NULL)
            ORDER BY id LIMIT $4
            """,
            stage,
            tenant_id,
            include_replayed,
            limit,
        )
    finally:
        await pool.close()


async def replay_dead_letters(settings: Settings, *, ids: list[int] | None, stage: str | None) -> int:
    """Send dead letters back to their source topic (after a fix), byte for byte, and mark them replayed."""
    pool = await create_pool(settings.database_url or "", max_size=1)
    producer = new_producer(settings)
    try:
        await producer.start()
        rows = await pool.fetch(
            """
            SELECT id, source_topic, key, payload FROM dead_letters
            WHERE replayed_at IS NULL AND ($1::bigint[] IS NULL OR id = any($1)) AND ($2::text IS NULL OR stage = $2)
            ORDER BY id
            """,
            ids,
            stage,
        )
        for row in rows:
            # The stored bytes, as received: a tombstone goes back as a tombstone, a NUL as a NUL.
            await send_and_wait(producer, row["source_topic"], [(row["key"], row["payload"])])
            await pool.execute("UPDATE dead_letters SET replayed_at = now() WHERE id = $1", row["id"])
        return len(rows)
    finally:
        await producer.stop()
        await pool.close()
