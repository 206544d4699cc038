from datetime import UTC, datetime, timedelta

from shared.domain.cursor import HistoryTurn, message_hash, slice_after_cursor

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def history(n: int) -> list[HistoryTurn]:
    return [
        HistoryTurn(
            f"m{i}", "user", f"message {i}", T0 + timedelta(minutes=i), message_hash(f"m{i}", "user", f"message {i}")
        )
        for i in range(n)
    ]


def test_no_cursor_reads_everything():
    turns = history(3)
    piece = slice_after_cursor(turns, None, context_size=2)
    assert [t.event_id for t in piece.new] == ["m0", "m1", "m2"]
    assert piece.context == () and not piece.restarted


def test_reads_only_what_is_new_with_earlier_turns_as_context():
    turns = history(6)
    piece = slice_after_cursor(turns, turns[3].content_hash, context_size=2)
    assert [t.event_id for t in piece.new] == ["m4", "m5"]
    assert [t.event_id for t in piece.context] == ["m2", "m3"]


def test_cursor_at_the_end_means_nothing_new():
    turns = history(4)
    assert slice_after_cursor(turns, turns[-1].content_hash, context_size=2).new == ()


def test_cursor_message_gone_restarts_from_the_top():
    turns = history(4)
    edited = turns[:2] + [HistoryTurn("m2", "user", "edited", T0, message_hash("m2", "user", "edited"))] + turns[3:]
    piece = slice_after_cursor(edited, turns[2].content_hash, context_size=2)
    assert piece.restarted
    assert [t.event_id for t in piece.new] == ["m0", "m1", "m2", "m3"]


def test_new_extractor_version_rereads_from_the_top():
    turns = history(3)
    piece = slice_after_cursor(turns, turns[-1].content_hash, context_size=2, version_changed=True)
    assert len(piece.new) == 3


def test_hash_depends_on_content_not_only_id():
    assert message_hash("m1", "user", "a") != message_hash("m1", "user", "b")
