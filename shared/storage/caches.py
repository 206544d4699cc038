"""The provider-call cache and the embedding cache: a replay costs no provider call."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import asyncpg
import numpy as np


async def cached_output(conn: asyncpg.Connection | asyncpg.Pool, call_hash: str) -> Any | None:
    raw = await conn.fetchval("SELECT output FROM llm_calls WHERE call_hash = $1", call_hash)
    return json.loads(raw) if raw is not None else None


async def store_output(
    conn: asyncpg.Connection | asyncpg.Pool,
    *,
    call_hash: str,
    tenant_id: str,
    stage: str,
    provider: str,
    model: str,
    prompt_version: str,
    output: Any,
    prompt_tokens: int,
    completion_tokens: int,
    latency_ms: float,
) -> None:
    await conn.execute(
        """
        INSERT INTO llm_calls (call_hash, tenant_id, stage, provider, model, prompt_version, output,
                               prompt_tokens, completion_tokens, latency_ms)
        VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10)
        ON CONFLICT (call_hash) DO NOTHING
        """,
        call_hash,
        tenant_id,
        stage,
        provider,
        model,
        prompt_version,
        json.dumps(output),
        prompt_tokens,
        completion_tokens,
        latency_ms,
    )


async def cached_embeddings(
    conn: asyncpg.Connection | asyncpg.Pool, model: str, text_hashes: Sequence[str]
) -> dict[str, list[float]]:
    rows = await conn.fetch(
        "SELECT text_hash, embedding FROM embeddings WHERE model = $1 AND text_hash = any($2::text[])",
        model,
        list(text_hashes),
    )
    return {r["text_hash"]: r["embedding"].to_list() for r in rows}


async def store_embeddings(
    conn: asyncpg.Connection | asyncpg.Pool, model: str, vectors: dict[str, Sequence[float]]
) -> None:
    if not vectors:
        return
    await conn.executemany(
        """
        INSERT INTO embeddings (model, text_hash, embedding) VALUES ($1, $2, $3)
        ON CONFLICT (model, text_hash) DO NOTHING
        """,
        [(model, h, np.asarray(v, dtype=np.float32)) for h, v in vectors.items()],
    )
