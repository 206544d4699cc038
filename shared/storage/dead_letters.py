"""Dead letters: kept in Postgres for `memstream dlq`, and published to the dlq topic.

A dead letter is written for records that broke a stage, so nothing about the record may break its
write: the key and the value are kept as bytes (bytea), byte for byte, whatever they hold; the owner
(tenant, user) is read from the value only when that is safe, and is kept in columns, so that erase
never has to parse a payload (a value with no readable owner is matched by its record key).
"""

from __future__ import annotations

import base64
from datetime import UTC, datetime
from typing import Any

import asyncpg
from pydantic import BaseModel, ConfigDict, ValidationError

from shared.broker import key_for
from shared.contracts.events import DeadLetter, Id
from shared.hashing import content_hash

PREVIEW_CHARS = 4096  # of the payload as text, in the event on the dlq topic
TOPIC_PAYLOAD_MAX_BYTES = 2 * 1024 * 1024  # larger values travel on the topic without their bytes


class _Owner(BaseModel):
    """The owner fields of any event, read leniently: anything else in the value is ignored."""

    model_config = ConfigDict(extra="ignore")

    tenant_id: Any = None
    user_id: Any = None


class _OwnerIds(BaseModel):
    tenant_id: Id | None = None
    user_id: Id | None = None


def sniff_owner(raw: bytes | None) -> tuple[str | None, str | None]:
    """(tenant_id, user_id) of a record's value when it is a JSON object naming them with valid ids;
    None for each that cannot be read. Never raises: the JSON parser is pydantic's, which stops at a
    nesting depth of 200 instead of recursing, and rejects invalid UTF-8."""
    if not raw:
        return None, None
    try:
        owner = _Owner.model_validate_json(raw)
    except (ValidationError, ValueError):
        return None, None
    tenant_id = _valid_id(owner.tenant_id, "tenant_id")
    user_id = _valid_id(owner.user_id, "user_id") if tenant_id else None
    return tenant_id, user_id


def _valid_id(value: Any, field: str) -> str | None:
    if not isinstance(value, str):
        return None
    try:
        _OwnerIds.model_validate({field: value})
    except ValidationError:
        return None
    return value


def readable(raw: bytes | None, limit: int | None = None) -> str | None:
    """A record's bytes as text for people: invalid UTF-8 replaced, NUL shown as \\x00 (so that the
    text itself can be stored and printed anywhere)."""
    if raw is None:
        return None
    text = raw[: limit * 4 if limit else None].decode("utf-8", errors="replace").replace("\x00", "\\x00")
    return text[:limit] if limit else text


def dead_letter_of(
    *,
    stage: str,
    topic: str,
    partition: int | None,
    offset: int | None,
    key: bytes | None,
    value: bytes | None,
    error: str,
    attempts: int,
) -> DeadLetter:
    """The dead letter of one record. Its id is a hash of where the record was and its bytes, so a
    record dead-lettered again (after a crash, or a redelivery) is recorded once."""
    encoded = base64.b64encode(value).decode() if value is not None else None
    return DeadLetter(
        dead_letter_id=content_hash("dead-letter", stage, topic, partition, offset, encoded),
        stage=stage,
        error=(readable(error.encode("utf-8", errors="replace")) or "")[:2000],
        attempts=attempts,
        source_topic=topic,
        source_partition=partition,
        source_offset=offset,
        key=readable(key, 1000),
        payload=readable(value, PREVIEW_CHARS),
        payload_base64=encoded if value is not None and len(value) <= TOPIC_PAYLOAD_MAX_BYTES else None,
        payload_bytes=len(value) if value is not None else None,
        failed_at=datetime.now(UTC),
    )


async def store_dead_letter(
    conn: asyncpg.Connection | asyncpg.Pool, letter: DeadLetter, *, key: bytes | None, value: bytes | None
) -> bool:
    """Insert once per dead_letter_id, with the record's own bytes; returns False when it was already
    recorded."""
    tenant_id, user_id = sniff_owner(value)
    inserted = await conn.fetchval(
        """
        INSERT INTO dead_letters (dead_letter_id, tenant_id, user_id, stage, error, attempts, source_topic,
                                  source_partition, source_offset, key, payload)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
        ON CONFLICT (dead_letter_id) DO NOTHING RETURNING id
        """,
        letter.dead_letter_id,
        tenant_id,
        user_id,
        letter.stage,
        letter.error,
        letter.attempts,
        letter.source_topic,
        letter.source_partition,
        letter.source_offset,
        key,
        value,
    )
    return inserted is not None


async def erase_user_dead_letters(conn: asyncpg.Connection, tenant_id: str, user_id: str) -> int:
    """Delete one user's dead letters; call it before the user's sessions are deleted. No payload is
    parsed: a letter is the user's when its owner columns name the user, or, when its value named no
    readable owner (not JSON, invalid UTF-8, too deep), when its record key is one the pipeline gives
    this user's events: tenant:user (fact topics) or tenant:session of one of the user's sessions."""
    sessions = await conn.fetch(
        "SELECT session_id FROM sessions WHERE tenant_id = $1 AND user_id = $2", tenant_id, user_id
    )
    keys = [key_for(tenant_id, user_id), *(key_for(tenant_id, r["session_id"]) for r in sessions)]
    status = await conn.execute(
        """
        DELETE FROM dead_letters
        WHERE (tenant_id = $1 AND user_id = $2) OR (user_id IS NULL AND key = any($3::bytea[]))
        """,
        tenant_id,
        user_id,
        keys,
    )
    return int(status.split()[-1])
