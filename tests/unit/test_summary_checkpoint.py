from datetime import UTC, datetime

from shared.domain.checkpoints import (
    background_checkpoint,
    checkpoints,
    checkpoints_of_sizes,
    may_hold_a_checkpoint,
    profile_due,
    sizes_of,
    summary_checkpoint,
    turns_until,
)
from shared.domain.cursor import HistoryTurn

T = datetime(2026, 1, 1, tzinfo=UTC)


def _history(user_turns: int, chars: int = 1) -> list[HistoryTurn]:
    roles = ["user", "assistant"] * user_turns
    return [HistoryTurn(f"m{i}", role, "x" * chars, T, f"h{i}") for i, role in enumerate(roles)]


def test_checkpoints_are_whole_multiples_until_the_session_ends():
    assert [summary_checkpoint(_history(n)[: 2 * n - 1], 4, False) for n in (1, 3, 4, 7, 8, 9)] == [0, 0, 4, 4, 8, 8]
    assert summary_checkpoint(_history(9), 4, True) == 9


def test_a_checkpoint_needs_enough_conversation_as_well_as_turns():
    short = _history(12, chars=40)  # 80 characters per exchange
    assert checkpoints(short, 4, min_chars=0) == [4, 8, 12]
    assert checkpoints(short, 4, min_chars=600) == [8]  # 8 user turns: 600 characters reached at the 8th
    assert checkpoints(short, 4, min_chars=10_000) == []
    assert summary_checkpoint(short, 4, True, min_chars=10_000) == 12  # the session end still covers it all
    long = _history(12, chars=1000)
    assert checkpoints(long, 4, min_chars=3000) == [4, 8, 12]  # long turns: the turn count decides


def test_checkpoints_of_a_prefix_are_those_of_the_whole():
    history = [
        HistoryTurn(f"m{i}", "user" if i % 3 != 2 else "assistant", "y" * (17 * i % 200), T, f"h{i}") for i in range(60)
    ]
    whole = checkpoints(history, 3, min_chars=500)
    for cut in range(len(history)):
        prefix = checkpoints(history[:cut], 3, min_chars=500)
        assert prefix == whole[: len(prefix)]


def test_a_checkpoint_needs_only_the_turns_roles_and_lengths():
    history = [
        HistoryTurn(f"m{i}", "user" if i % 3 != 2 else "assistant", "y" * (17 * i % 200), T, f"h{i}") for i in range(60)
    ]
    assert sizes_of(history)[:3] == [(True, 0), (True, 17), (False, 34)]
    for every, min_chars in ((1, 0), (3, 500), (4, 3000), (2, 10_000)):
        assert checkpoints_of_sizes(sizes_of(history), every, min_chars) == checkpoints(history, every, min_chars)


def test_too_few_turns_or_characters_hold_no_checkpoint():
    """may_hold_a_checkpoint is a necessary condition: whenever it says no, the scan finds none."""
    for users in range(0, 9):
        for chars in (1, 40, 400):
            history = _history(users, chars)
            users_in, chars_in = sum(t.role == "user" for t in history), sum(len(t.content) for t in history)
            for every, min_chars in ((4, 0), (4, 600), (2, 3000), (1, 0)):
                if not may_hold_a_checkpoint(users_in, chars_in, every, min_chars):
                    assert checkpoints(history, every, min_chars) == []
    assert may_hold_a_checkpoint(4, 3000, 4, 3000) and not may_hold_a_checkpoint(3, 10**6, 4, 0)
    assert not may_hold_a_checkpoint(10, 2999, 4, 3000)


def test_history_is_cut_after_the_checkpoint_user_turn():
    roles = ["user", "assistant", "user", "assistant", "user"]
    history = [HistoryTurn(f"m{i}", role, "x", T, f"h{i}") for i, role in enumerate(roles)]
    assert [t.event_id for t in turns_until(history, 2)] == ["m0", "m1", "m2"]
    assert len(turns_until(history, 9)) == 5


def test_summary_due_only_past_a_checkpoint_the_stored_summary_does_not_cover():
    from services.summarizer.stage import summary_due
    from shared.storage.summaries import SessionState

    assert summary_due(None, sizes_of(_history(3)), 4, ended=False) is None  # nothing stored for the session
    assert (
        summary_due(SessionState(3, None, False), sizes_of(_history(3)), 4, ended=False) is None
    )  # before the first checkpoint
    assert summary_due(SessionState(5, None, False), sizes_of(_history(5)), 4, ended=False) == 4
    assert (
        summary_due(SessionState(7, 4, False), sizes_of(_history(7)), 4, ended=False) is None
    )  # 4 is covered; 8 not reached
    assert summary_due(SessionState(8, 4, False), sizes_of(_history(8)), 4, ended=False) == 8
    assert (
        summary_due(SessionState(7, 4, False), sizes_of(_history(7)), 4, ended=True) == 7
    )  # the end covers every turn
    assert summary_due(SessionState(7, 7, True), sizes_of(_history(7)), 4, ended=True) is None  # already final
    assert (
        summary_due(SessionState(8, None, False), sizes_of(_history(8)), 4, ended=False, min_chars=100) is None
    )  # too short


def test_background_summary_covers_the_last_whole_checkpoint_before_the_slice():
    roles = ["user", "assistant"] * 6  # 6 user turns before the slice being extracted
    before = [HistoryTurn(f"m{i}", role, "x", T, f"h{i}") for i, role in enumerate(roles)]
    assert [t.event_id for t in background_checkpoint(before, 4)] == [f"m{i}" for i in range(7)]  # 4 user turns
    assert background_checkpoint(before[:5], 4) == []  # 3 user turns: no checkpoint yet
    assert background_checkpoint([], 4) == []
    assert background_checkpoint(before, 4, min_chars=1000) == []  # 12 characters: not worth a summary


def test_profile_digest_is_debounced():
    due = dict(has_digest=True, has_facts=True, every=10, session_ended=False)
    first = {**due, "has_digest": False}  # the first digest: changes counted from the first fact
    assert not profile_due(**first, changes_since=3) and profile_due(**first, changes_since=10)
    assert profile_due(**{**first, "session_ended": True}, changes_since=1)
    assert not profile_due(**{**first, "has_facts": False, "session_ended": True}, changes_since=0)
    assert not profile_due(**due, changes_since=9)
    assert profile_due(**due, changes_since=10)
    assert profile_due(**{**due, "session_ended": True}, changes_since=1)  # a session end catches up
    assert not profile_due(**{**due, "session_ended": True}, changes_since=0)
    assert profile_due(**{**due, "every": 1}, changes_since=1)
    assert profile_due(**{**due, "every": 1, "has_facts": False, "has_digest": False}, changes_since=0)
