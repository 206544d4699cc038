"""When a summary or a profile digest is due, and what it covers: pure functions of the conversation.

A session summary covers whole checkpoints (every N user turns, all turns at session end), so its
input depends on the conversation and not on how far the stages happened to be. A profile digest is
debounced: rebuilt after enough fact changes, or when a session of the user ends, not on every change.
"""

from __future__ import annotations

from collections.abc import Sequence

from shared.domain.cursor import HistoryTurn


def summary_checkpoint(user_turns: int, every: int, ended: bool) -> int:
    """Pure: how many user turns the summary should cover. Whole multiples of ``every`` (all of
    them at session end), so the summary depends on the conversation, not on how far the
    stages happened to be when the summarizer looked."""
    return user_turns if ended else (user_turns // every) * every


def turns_until(history: Sequence[HistoryTurn], user_turns: int) -> list[HistoryTurn]:
    """The history up to and including its ``user_turns``-th user turn."""
    seen = 0
    for i, turn in enumerate(history):
        seen += turn.role == "user"
        if seen == user_turns:
            return list(history[: i + 1])
    return list(history)


def background_checkpoint(before: Sequence[HistoryTurn], every: int) -> list[HistoryTurn]:
    """Pure: the turns the extractor's background summary covers, given the turns before its
    context window: the last whole checkpoint among them (none before the first checkpoint)."""
    checkpoint = summary_checkpoint(sum(t.role == "user" for t in before), every, ended=False)
    return turns_until(before, checkpoint) if checkpoint else []


def summary_request(history: Sequence[HistoryTurn]) -> list[str]:
    """The cache key of a summary: the content hashes of the turns it covers."""
    return [t.content_hash for t in history]


def profile_due(*, has_digest: bool, has_facts: bool, changes_since: int, every: int, session_ended: bool) -> bool:
    """Pure: rebuild the user's profile digest now? Once ``every`` fact changes have piled up since the
    last digest (since the first fact, for the first digest), or at the end of one of the user's
    sessions if anything changed. ``every`` of 1 rebuilds on each change. Never a first digest of
    nothing."""
    if every <= 1:
        return True  # no debounce: every change is looked at (the digest is still skipped when its input is unchanged)
    if not has_digest and not has_facts:
        return False
    return changes_since >= every or (session_ended and changes_since > 0)
