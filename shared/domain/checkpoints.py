"""When a summary or a profile digest is due, and what it covers: pure functions of the conversation.

A session summary covers whole checkpoints (every N user turns and M characters, all turns at
session end), so its input depends on the conversation and not on how far the stages happened to be. A profile digest is
debounced: rebuilt after enough fact changes, or when a session of the user ends, not on every change.
"""

from __future__ import annotations

from collections.abc import Sequence

from shared.domain.cursor import HistoryTurn

TurnSize = tuple[bool, int]  # (a user turn?, its characters): all that decides where checkpoints fall


def sizes_of(history: Sequence[HistoryTurn]) -> list[TurnSize]:
    return [(turn.role == "user", len(turn.content)) for turn in history]


def checkpoints(history: Sequence[HistoryTurn], every: int, min_chars: int = 0) -> list[int]:
    """Pure: where the session's summary checkpoints fall, as counts of user turns (see
    :func:`checkpoints_of_sizes`)."""
    return checkpoints_of_sizes(sizes_of(history), every, min_chars)


def checkpoints_of_sizes(sizes: Sequence[TurnSize], every: int, min_chars: int = 0) -> list[int]:
    """Pure: where the session's summary checkpoints fall, as counts of user turns. A checkpoint
    closes at a user turn once at least ``every`` user turns and ``min_chars`` characters (all
    roles) have passed since the previous one: a short stretch of small talk is cheaper left to the
    extractor's context window than summarised. A forward scan, so the checkpoints of a prefix are
    those of the whole: they depend on the conversation, not on how far the stages happened to be.
    It needs only each turn's role and length, so a stage can decide from those (a few integers per
    turn) and read the turns themselves only when a summary is due."""
    found: list[int] = []
    users = users_since = chars_since = 0
    for is_user, chars in sizes:
        chars_since += chars
        if not is_user:
            continue
        users += 1
        users_since += 1
        if users_since >= max(1, every) and chars_since >= min_chars:
            found.append(users)
            users_since = chars_since = 0
    return found


def may_hold_a_checkpoint(user_turns: int, chars: int, every: int, min_chars: int = 0) -> bool:
    """Pure: whether turns that hold ``user_turns`` user turns and ``chars`` characters in all can
    hold a checkpoint. False means they certainly hold none; True only that they might."""
    return user_turns >= max(1, every) and chars >= min_chars


def summary_checkpoint(history: Sequence[HistoryTurn], every: int, ended: bool, min_chars: int = 0) -> int:
    """Pure: how many user turns the summary should cover: the last checkpoint (all of them at
    session end)."""
    return summary_checkpoint_of_sizes(sizes_of(history), every, ended, min_chars)


def summary_checkpoint_of_sizes(sizes: Sequence[TurnSize], every: int, ended: bool, min_chars: int = 0) -> int:
    if ended:
        return sum(is_user for is_user, _ in sizes)
    found = checkpoints_of_sizes(sizes, every, min_chars)
    return found[-1] if found else 0


def turns_until(history: Sequence[HistoryTurn], user_turns: int) -> list[HistoryTurn]:
    """The history up to and including its ``user_turns``-th user turn."""
    seen = 0
    for i, turn in enumerate(history):
        seen += turn.role == "user"
        if seen == user_turns:
            return list(history[: i + 1])
    return list(history)


def background_checkpoint(before: Sequence[HistoryTurn], every: int, min_chars: int = 0) -> list[HistoryTurn]:
    """Pure: the turns the extractor's background summary covers, given the turns before its
    slice: the last whole checkpoint among them (none before the first checkpoint)."""
    checkpoint = summary_checkpoint(before, every, ended=False, min_chars=min_chars)
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
