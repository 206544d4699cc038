"""The extractor's per-session cursor: the content hash of the last message it processed.

A hash rather than an offset or a timestamp, so that a history that was summarised or edited
upstream is neither skipped nor read twice: if the cursor message is gone, read from the top
(re-reading is harmless, because candidates are keyed by content and applied once).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from shared.domain.models import Turn
from shared.hashing import content_hash

# How many turns before a message the offline extraction rules look back (a retraction that names only a
# thing looks for the earlier statement about it). The extractor's context (MEMSTREAM_CONTEXT_MESSAGES)
# must hold at least this many, so every turn sees the same turns before it whether it is the first of its
# slice or not; settings refuse a smaller context with the offline provider.
RULES_LOOKBACK_TURNS = 6


def message_hash(event_id: str, role: str, content: str) -> str:
    return content_hash("message", event_id, role, content)


@dataclass(frozen=True)
class HistoryTurn:
    event_id: str
    role: str
    content: str
    created_at: datetime
    content_hash: str
    name: str | None = None  # the speaker, when the chat names one

    def as_turn(self) -> Turn:
        return Turn(self.event_id, self.role, self.content, self.created_at, self.name)


@dataclass(frozen=True)
class Slice:
    context: tuple[HistoryTurn, ...]
    new: tuple[HistoryTurn, ...]
    restarted: bool  # the cursor was not found, or the extractor version changed


def slice_after_cursor(
    history: list[HistoryTurn], cursor_hash: str | None, context_size: int, *, version_changed: bool = False
) -> Slice:
    position = None
    if cursor_hash is not None and not version_changed:
        position = next((i for i, turn in enumerate(history) if turn.content_hash == cursor_hash), None)
    if position is None:
        restarted = cursor_hash is not None
        return Slice(context=(), new=tuple(history), restarted=restarted)
    start = position + 1
    return Slice(
        context=tuple(history[max(0, start - context_size) : start]),
        new=tuple(history[start:]),
        restarted=False,
    )
