"""The Postgres connection pool, with pgvector registered and iterative HNSW scans on."""

from __future__ import annotations

import asyncpg
from pgvector.asyncpg import register_vector

# A filtered top-k over an HNSW index must keep walking until it has k rows of this user, not stop
# after ef_search candidates and filter them away. Startup parameters, not SET: the pool's
# RESET ALL on release would undo a SET.
SERVER_SETTINGS = {"hnsw.iterative_scan": "relaxed_order", "hnsw.ef_search": "100"}


async def create_pool(database_url: str, *, min_size: int = 1, max_size: int = 10) -> asyncpg.Pool:
    return await asyncpg.create_pool(
        database_url,
        min_size=min_size,
        max_size=max_size,
        init=register_vector,
        command_timeout=60,
        server_settings=SERVER_SETTINGS,
    )
