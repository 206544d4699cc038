"""The provider-call cache and the embedding cache: a replay costs no provider call."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import asyncpg
import numpy as np
from pgvector import Vector


async def cached_outputs(conn: asyncpg.Connection | asyncpg.Pool, call_hashes: Sequence[str]) -> dict[str, Any]:
    """Many lookups in one round trip: {call_hash: output} of the ones stored."""
    if not call_hashes:
        return {}
    rows = await conn.fetch(
        "SELECT call_hash, output FROM llm_calls WHERE call_hash = any($1::text[])", list(call_hashes)
    )
    return {r["call_hash"]: json.loads(r["output"]) for r in rows}


@dataclass(frozen=True)
class StoredCall:
    """One provider call's output and cost, as the cache keeps it."""

    call_hash: str
    tenant_id: str
    user_id: str | None  # who the call was made for (erase deletes by it); None: not one user's
    stage: str
    provider: str
    model: str
    prompt_version: str
    output: Any
    prompt_tokens: int
    completion_tokens: int
    latency_ms: float


async def store_outputs(conn: asyncpg.Connection | asyncpg.Pool, calls: Sequence[StoredCall]) -> set[str]:
    """Store outputs; the first write of a hash wins. Returns the hashes this call stored."""
    if not calls:
        return set()
    rows = [
        (
            c.call_hash,
            c.tenant_id,
            c.user_id,
            c.stage,
            c.provider,
            c.model,
            c.prompt_version,
            json.dumps(c.output),
            c.prompt_tokens,
            c.completion_tokens,
            c.latency_ms,
        )
        for c in calls
    ]
    stored = await conn.fetch(
        """
        INSERT INTO llm_calls (call_hash, tenant_id, user_id, stage, provider, model, prompt_version, output,
                               prompt_tokens, completion_tokens, latency_ms)
        SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                             $8::jsonb[], $9::int[], $10::int[], $11::real[])
        ON CONFLICT (call_hash) DO NOTHING
        RETURNING call_hash
        """,
        *zip(*rows, strict=True),
    )
    return {r["call_hash"] for r in stored}


async def cached_embeddings(
    conn: asyncpg.Connection | asyncpg.Pool, model: str, keys: Sequence[tuple[str, str]]
) -> dict[tuple[str, str], list[float]]:
    """{(tenant, text hash): vector} of the ones cached. Per tenant: tenants share no cache entry."""
    if not keys:
        return {}
    rows = await conn.fetch(
        """
        SELECT e.tenant_id, e.text_hash, e.embedding FROM unnest($2::text[], $3::text[]) AS w(tenant_id, text_hash)
        JOIN embeddings e ON e.tenant_id = w.tenant_id AND e.model = $1 AND e.text_hash = w.text_hash
        """,
        model,
        [t for t, _ in keys],
        [h for _, h in keys],
    )
    return {(r["tenant_id"], r["text_hash"]): r["embedding"].to_list() for r in rows}


async def store_embeddings(
    conn: asyncpg.Connection | asyncpg.Pool, model: str, vectors: dict[tuple[str, str], Sequence[float]]
) -> None:
    """Cache vectors by (tenant, text hash); the first write wins. One statement for all of them (an
    executemany would execute the INSERT once per vector)."""
    if not vectors:
        return
    await conn.execute(
        """
        INSERT INTO embeddings (tenant_id, model, text_hash, embedding)
        SELECT tenant_id, $1, text_hash, embedding FROM unnest($2::text[], $3::text[], $4::vector[])
                                                        AS v(tenant_id, text_hash, embedding)
        ON CONFLICT (tenant_id, model, text_hash) DO NOTHING
        """,
        model,
        [t for t, _ in vectors],
        [h for _, h in vectors],
        # Vector objects: an array's elements must not look like arrays themselves to asyncpg.
        [Vector(np.asarray(v, dtype=np.float32)) for v in vectors.values()],
    )


async def forget_user_embeddings(
    conn: asyncpg.Connection, tenant_id: str, user_id: str, fact_text_hashes: Sequence[str]
) -> int:
    """For an erase, before the user's rows go: drop the cached vectors of this user's fact texts and
    message windows that no other user of the tenant uses (a window or an active fact with the same
    text). Returns the cache rows deleted. The user's message windows themselves go with the messages
    (the foreign key cascades)."""
    status = await conn.execute(
        """
        WITH mine AS (
            SELECT DISTINCT h FROM (
                SELECT unnest($3::text[]) AS h
                UNION ALL
                SELECT text_hash FROM message_vectors WHERE tenant_id = $1 AND user_id = $2
            ) s
        )
        DELETE FROM embeddings e USING mine
        WHERE e.tenant_id = $1 AND e.text_hash = mine.h
          AND NOT EXISTS (SELECT 1 FROM message_vectors v
                          WHERE v.tenant_id = $1 AND v.text_hash = mine.h AND v.user_id <> $2)
        """,
        tenant_id,
        user_id,
        list(fact_text_hashes),
    )
    return int(status.split()[-1])
