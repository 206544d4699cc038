"""Tenants and their API keys (stored as sha256 hashes, never in clear)."""

from __future__ import annotations

import secrets

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
    return await conn.fetchval(
        "SELECT tenant_id FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL", hash_api_key(key)
    )


async def existing_tenants(conn: asyncpg.Connection | asyncpg.Pool, tenant_ids: list[str]) -> set[str]:
    """The ones of ``tenant_ids`` that exist."""
    rows = await conn.fetch("SELECT tenant_id FROM tenants WHERE tenant_id = any($1::text[])", tenant_ids)
    return {r["tenant_id"] for r in rows}
