from datetime import UTC, datetime

from services.summarizer.stage import summary_checkpoint, turns_until
from shared.domain.cursor import HistoryTurn

T = datetime(2026, 1, 1, tzinfo=UTC)


def test_checkpoints_are_whole_multiples_until_the_session_ends():
    assert [summary_checkpoint(n, 4, False) for n in (0, 3, 4, 7, 8, 9)] == [0, 0, 4, 4, 8, 8]
    assert summary_checkpoint(9, 4, True) == 9


def test_history_is_cut_after_the_checkpoint_user_turn():
    roles = ["user", "assistant", "user", "assistant", "user"]
    history = [HistoryTurn(f"m{i}", role, "x", T, f"h{i}") for i, role in enumerate(roles)]
    assert [t.event_id for t in turns_until(history, 2)] == ["m0", "m1", "m2"]
    assert len(turns_until(history, 9)) == 5
