"""Python client for the memstream long-term memory API.

    from memstream_client import MemstreamClient

    with MemstreamClient("http://127.0.0.1:8080", api_key="ms_...") as memory:
        done = memory.remember("alice", "I moved to Berlin last month.", wait=True)
        print([c.op for c in done.changes])               # ['ADD']
        hits = memory.recall("alice", "where does she live?")
        block = memory.context("alice", query="Any bakeries nearby?").context

`AsyncMemstreamClient` has the same methods as coroutines. `memstream_client.tools` has OpenAI-style
tool definitions for the same operations and a dispatcher that runs a model's tool calls.
"""

from memstream_client._core import RetryPolicy
from memstream_client.aio import AsyncMemstreamClient
from memstream_client.client import MemstreamClient
from memstream_client.errors import (
    Conflict,
    InvalidRequest,
    MemstreamError,
    NotFound,
    ProcessingFailed,
    ProcessingTimeout,
    Unauthorized,
    Unavailable,
)

__all__ = [
    "AsyncMemstreamClient",
    "Conflict",
    "InvalidRequest",
    "MemstreamClient",
    "MemstreamError",
    "NotFound",
    "ProcessingFailed",
    "ProcessingTimeout",
    "RetryPolicy",
    "Unauthorized",
    "Unavailable",
]
__version__ = "0.1.0"
