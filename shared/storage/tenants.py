"""Tenants and their API keys (stored as sha256 hashes, never in clear)."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import datetime

import asyncpg

from shared.hashing import hash_api_key


async def ensure_tenant(conn: asyncpg.Connection | asyncpg.Pool, tenant_id: str, name: str = "") -> None:
    await conn.execute(
        "INSERT INTO tenants (tenant_id, name) VALUES ($1, $2) ON CONFLICT (tenant_id) DO NOTHING",
        tenant_id,
        name or tenant_id,
    )


async def add_api_key(
    conn: asyncpg.Connection | asyncpg.Pool, tenant_id: str, key: str | None = None, label: str = ""
) -> str:
    """Register a key for a tenant (a new random one unless given); returns the key in clear, once."""
    key = key or f"ms_{secrets.token_urlsafe(24)}"
    await ensure_tenant(conn, tenant_id)
    await conn.execute(
        """
        INSERT INTO api_keys (key_hash, tenant_id, label) VALUES ($1, $2, $3)
        ON CONFLICT (key_hash) DO UPDATE SET revoked_at = NULL
        WHERE api_keys.tenant_id = excluded.tenant_id
        """,
        hash_api_key(key),
        tenant_id,
        label,
    )
    return key


async def tenant_for_key(conn: asyncpg.Connection | asyncpg.Pool, key: str) -> str | None:
    return await tenant_for_key_hash(conn, hash_api_key(key))


async def tenant_for_key_hash(conn: asyncpg.Connection | asyncpg.Pool, key_hash: str) -> str | None:
    return await conn.fetchval("SELECT tenant_id FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL", key_hash)


KEY_ID_CHARS = 12  # a key is named by this many leading hex digits of its hash: unique in practice, never secret


@dataclass(frozen=True)
class ApiKeyInfo:
    key_id: str
    tenant_id: str
    label: str
    created_at: datetime
    revoked_at: datetime | None


def _info(row: asyncpg.Record) -> ApiKeyInfo:
    key_id = row["key_hash"][:KEY_ID_CHARS]
    return ApiKeyInfo(key_id, row["tenant_id"], row["label"], row["created_at"], row["revoked_at"])


async def list_api_keys(
    conn: asyncpg.Connection | asyncpg.Pool, tenant_id: str | None = None, *, include_revoked: bool = True
) -> list[ApiKeyInfo]:
    """Every key (of one tenant, or all), oldest first, named by its key id; the key itself is never stored."""
    rows = await conn.fetch(
        """
        SELECT key_hash, tenant_id, label, created_at, revoked_at FROM api_keys
        WHERE ($1::text IS NULL OR tenant_id = $1) AND ($2 OR revoked_at IS NULL)
        ORDER BY tenant_id, created_at, key_hash
        """,
        tenant_id,
        include_revoked,
    )
    return [_info(r) for r in rows]


class AmbiguousKeyId(LookupError):
    """More than one key's hash starts with this key id."""


async def revoke_api_key(
    conn: asyncpg.Connection | asyncpg.Pool, *, key_id: str | None = None, key: str | None = None
) -> ApiKeyInfo | None:
    """Revoke one key, named by its key id (a hash prefix, at least 8 hex digits) or given in clear.
    Returns it as it now stands (revoking twice keeps the first time), None when no key matches."""
    if (key_id is None) == (key is None):
        raise ValueError("give exactly one of key_id and key")
    if key is not None:
        pattern = hash_api_key(key)
    else:
        assert key_id is not None
        if not re.fullmatch(r"[0-9a-f]{8,64}", key_id):
            raise ValueError("a key id is 8 to 64 lowercase hex digits (see `memstream keys list`)")
        pattern = key_id
    matches = await conn.fetch("SELECT key_hash FROM api_keys WHERE starts_with(key_hash, $1) LIMIT 2", pattern)
    if not matches:
        return None
    if len(matches) > 1:
        raise AmbiguousKeyId(f"more than one key id starts with {pattern}; give more digits")
    row = await conn.fetchrow(
        """
        UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE key_hash = $1
        RETURNING key_hash, tenant_id, label, created_at, revoked_at
        """,
        matches[0]["key_hash"],
    )
    return _info(row)


async def existing_tenants(conn: asyncpg.Connection | asyncpg.Pool, tenant_ids: list[str]) -> set[str]:
    """The ones of ``tenant_ids`` that exist."""
    rows = await conn.fetch("SELECT tenant_id FROM tenants WHERE tenant_id = any($1::text[])", tenant_ids)
    return {r["tenant_id"] for r in rows}
