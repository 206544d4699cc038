"""The Postgres connection pool, with pgvector registered and iterative HNSW scans on."""

from __future__ import annotations

import struct
from array import array
from collections.abc import Sequence

import asyncpg
import numpy as np
from pgvector import Vector
from pgvector.asyncpg import register_vector

# Startup parameters, not SET: the pool's RESET ALL on release would undo a SET.
# - A filtered top-k over an HNSW index must keep walking until it has k rows of this user, not stop
#   after ef_search candidates and filter them away (iterative scans).
# - asyncpg prepares every statement; after five executions Postgres may switch a prepared statement to
#   a generic plan, chosen without the parameter values. For the search legs that plan is a bad one
#   (full text over facts: a BitmapAnd of the user index and the GIN index, 17 ms instead of 0.7 ms at
#   100k facts), so every execution is planned for its own values (planning costs well under a ms).
SERVER_SETTINGS = {
    "hnsw.iterative_scan": "relaxed_order",
    "hnsw.ef_search": "100",
    "plan_cache_mode": "force_custom_plan",
}


async def create_pool(
    database_url: str, *, min_size: int = 1, max_size: int = 10, light_reset: bool = False
) -> asyncpg.Pool:
    """``light_reset``: a connection goes back to the pool without asyncpg's reset query (UNLISTEN,
    RESET ALL, CLOSE ALL, advisory unlock: a round trip per release), for callers that leave no session
    state behind (the stages and the API: transaction-scoped locks, no LISTEN, no SET); an open transaction
    is still rolled back. A stage releases a connection per transaction, so this is one round trip in six;
    a search releases two (its legs' connections), two round trips in eight."""
    return await asyncpg.create_pool(
        database_url,
        min_size=min_size,
        max_size=max_size,
        init=register_vector,
        reset=_rollback_if_open if light_reset else None,
        command_timeout=60,
        server_settings=SERVER_SETTINGS,
    )


async def _rollback_if_open(conn: asyncpg.Connection) -> None:
    if conn.is_in_transaction():
        await conn.execute("ROLLBACK")


class EncodedVector(Vector):
    """A vector parameter in pgvector's binary form, made once with numpy (big-endian float32 after a
    dimension header): pgvector's own Vector copies the values into an array and byteswaps them in Python
    at every encode (~5 us for 384 dimensions, against ~2). Its codec sends ``to_binary()`` of any Vector
    as it is. For an array of vectors too: an element must not look like an array to asyncpg."""

    def __init__(self, values: Sequence[float] | np.ndarray, /) -> None:
        data = np.asarray(values, dtype=">f4")
        if data.ndim != 1:
            raise ValueError("expected ndim to be 1")
        self._binary = struct.pack(">HH", len(data), 0) + data.tobytes()

    @property
    def _value(self) -> array:  # Vector's other methods (to_list, __eq__, ...) read it
        return array("f", np.frombuffer(self._binary, dtype=">f4", offset=4).astype(np.float32).tobytes())

    def to_binary(self) -> bytes:
        return self._binary
