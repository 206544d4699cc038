"""A session's summary at a checkpoint: one cached provider call, shared by every stage that needs it.

The summarizer writes summaries at checkpoints (every N user turns). The extractor uses the summary
of the last checkpoint before its slice as background. Both ask through here with the same
key (the content hashes of the covered turns), so whichever stage comes first pays for the call and
the other reads the cached output: the extraction input is then a pure function of the stored
conversation, never of how far the summarizer happened to be.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import asyncpg

from shared.domain.checkpoints import summary_request
from shared.domain.cursor import HistoryTurn
from shared.provider_calls import PendingCall, cached_calls, reported_usage

TASK = "summary"


@dataclass(frozen=True)
class SummaryWanted:
    tenant_id: str
    user_id: str
    history: Sequence[HistoryTurn]


async def summaries_of(
    db: asyncpg.Pool | asyncpg.Connection, *, stage: str, provider: Any, wanted: Sequence[SummaryWanted]
) -> list[str]:
    """The summaries of ``wanted``, in order: cached ones read, the others called concurrently."""

    def call_for(history: Sequence[HistoryTurn]):
        async def call() -> tuple[Any, int, int]:
            return await provider.summarize_session([t.as_turn() for t in history]), *reported_usage(provider)

        return call

    return await cached_calls(
        db,
        stage=stage,
        task=TASK,
        provider=provider,
        calls=[PendingCall(w.tenant_id, summary_request(w.history), call_for(w.history), w.user_id) for w in wanted],
    )
