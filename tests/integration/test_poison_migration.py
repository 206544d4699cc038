"""Migration 0005 on dead letters an older version stored as text: every row survives, its bytes are
kept, and the owner is backfilled where jsonb can read it, without failing on the rows it cannot."""

from __future__ import annotations

import json
import uuid
from urllib.parse import urlsplit, urlunsplit

import asyncpg
from yoyo import get_backend, read_migrations

from shared.storage.migrate import MIGRATIONS_DIR, _yoyo_url


def with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))


def apply(url: str, *, up_to: str | None = None) -> None:
    backend = get_backend(_yoyo_url(url))
    migrations = read_migrations(str(MIGRATIONS_DIR))
    with backend.lock():
        pending = backend.to_apply(migrations)
        if up_to is not None:
            pending = pending.filter(lambda m: m.id <= up_to)
        backend.apply_migrations(pending)


async def test_0005_keeps_legacy_dead_letters_and_backfills_readable_owners(stack):
    name = f"m0005_{uuid.uuid4().hex[:8]}"
    admin = await asyncpg.connect(stack.database_url)
    await admin.execute(f'CREATE DATABASE "{name}"')
    url = with_database(stack.database_url, name)
    try:
        apply(url, up_to="0004_llm_calls_user")
        legacy = {
            "readable": json.dumps({"tenant_id": "t", "user_id": "ann", "content": "hi"}),
            "nul escape": json.dumps({"tenant_id": "t", "user_id": "bob", "content": "a\u0000b"}),
            "user not a string": json.dumps({"tenant_id": "t", "user_id": 5}),
            "deep": '{"tenant_id": "t", "user_id": "cat", "x": ' + "[" * 20_000 + "]" * 20_000 + "}",
            "not json": "garbage \ufffd",
            "array": "[1, 2]",
        }
        conn = await asyncpg.connect(url)
        try:
            for i, payload in enumerate(legacy.values()):
                await conn.execute(
                    "INSERT INTO dead_letters (dead_letter_id, tenant_id, stage, error, attempts, source_topic, key,"
                    " payload) VALUES ($1, 't', 'extractor', 'e', 1, 'topic', $2, $3)",
                    f"d{i}",
                    f"t:s{i}",
                    payload,
                )
        finally:
            await conn.close()

        apply(url)

        conn = await asyncpg.connect(url)
        try:
            rows = await conn.fetch("SELECT dead_letter_id, user_id, key, payload FROM dead_letters ORDER BY id")
        finally:
            await conn.close()
        assert [r["payload"] for r in rows] == [p.encode() for p in legacy.values()]
        assert [r["key"] for r in rows] == [f"t:s{i}".encode() for i in range(len(legacy))]
        owners = dict(zip(legacy, (r["user_id"] for r in rows), strict=True))
        # jsonb refuses \u0000 and (beyond its depth limit) the deep one: those keep no owner, and fail nothing
        assert owners["readable"] == "ann"
        assert owners["user not a string"] is None and owners["not json"] is None and owners["array"] is None
        assert owners["nul escape"] is None
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()
