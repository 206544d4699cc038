"""The stages' batched reads and writes against the real Postgres: one round trip for many sessions
or calls must give what the one-at-a-time queries gave."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest

from shared.contracts.events import ChatMessage
from shared.domain.cursor import slice_after_cursor
from shared.provider_calls import PendingCall, cached_calls
from shared.storage import messages as store
from shared.storage import summaries as summary_store
from shared.storage.caches import cached_outputs

T0 = datetime(2026, 3, 1, tzinfo=UTC)


def _messages(tenant: str, session: str, count: int) -> list[ChatMessage]:
    return [
        ChatMessage(
            event_id=f"{session}-{i}",
            tenant_id=tenant,
            user_id="u1",
            session_id=session,
            role="user" if i % 2 == 0 else "assistant",
            content=f"message {i} of {session}",
            created_at=T0 + timedelta(seconds=i),
        )
        for i in range(count)
    ]


async def test_read_sessions_starts_a_few_turns_before_the_cursor(db):
    tenant = f"t-{uuid.uuid4().hex[:8]}"
    async with db.acquire() as conn:
        await store.store_messages(conn, _messages(tenant, "long", 20) + _messages(tenant, "fresh", 3))
        full = (await store.session_histories(conn, [(tenant, "long")]))[(tenant, "long")]
        await store.advance_cursors(conn, [(tenant, "long", full[11].content_hash)], "v1")
        reads = await store.read_sessions(conn, [(tenant, "long"), (tenant, "fresh"), (tenant, "none")], "v1", 3)

    long = reads[(tenant, "long")]
    assert [t.event_id for t in long.turns] == [f"long-{i}" for i in range(9, 20)]  # 3 of context, then new
    piece = slice_after_cursor(long.turns, long.cursor_hash, 3)
    expected = slice_after_cursor(full, full[11].content_hash, 3)
    assert piece == expected and not piece.restarted
    assert [t.event_id for t in reads[(tenant, "fresh")].turns] == ["fresh-0", "fresh-1", "fresh-2"]
    assert reads[(tenant, "fresh")].cursor_hash is None
    assert (tenant, "none") not in reads  # a session with no messages has nothing to read


async def test_read_sessions_reads_everything_for_another_version_or_a_lost_cursor(db):
    tenant = f"t-{uuid.uuid4().hex[:8]}"
    async with db.acquire() as conn:
        await store.store_messages(conn, _messages(tenant, "s", 10))
        full = (await store.session_histories(conn, [(tenant, "s")]))[(tenant, "s")]
        await store.advance_cursors(conn, [(tenant, "s", full[5].content_hash)], "v1")
        other_version = (await store.read_sessions(conn, [(tenant, "s")], "v2", 3))[(tenant, "s")]
        await store.advance_cursors(conn, [(tenant, "s", "a-hash-of-a-deleted-message")], "v1")
        lost = (await store.read_sessions(conn, [(tenant, "s")], "v1", 3))[(tenant, "s")]
    assert len(other_version.turns) == 10 and other_version.cursor_version == "v1"
    assert slice_after_cursor(other_version.turns, other_version.cursor_hash, 3, version_changed=True).restarted
    assert len(lost.turns) == 10 and slice_after_cursor(lost.turns, lost.cursor_hash, 3).restarted


async def test_sizes_before_count_what_turns_before_returns(db):
    """The user turns and characters before a message are those of the turns turns_before returns:
    enough for the extractor to tell that a slice has no background summary without reading them."""
    tenant = f"t-{uuid.uuid4().hex[:8]}"
    keys = [(tenant, "long", "long-0"), (tenant, "long", "long-11"), (tenant, "long", "gone"), (tenant, "x", "x-1")]
    async with db.acquire() as conn:
        await store.store_messages(conn, _messages(tenant, "long", 20))
        sizes = await store.sizes_before(conn, keys)
        before = await store.turns_before(conn, keys)
        assert await store.sizes_before(conn, []) == {}
    for key in keys:
        turns = before[key]
        assert sizes[key] == (sum(t.role == "user" for t in turns), sum(len(t.content) for t in turns))
    assert sizes[(tenant, "long", "long-11")] == (6, sum(len(f"message {i} of long") for i in range(11)))
    assert sizes[(tenant, "long", "long-0")] == sizes[(tenant, "long", "gone")] == (0, 0)


async def test_store_if_memory_on_stores_once_and_skips_users_with_memory_off(db):
    """One statement for the memory check, the messages and their sessions: what with_memory_on and
    store_messages do, and a message stored twice (both stages store them) is one row."""
    from shared.contracts.events import SessionEnded
    from shared.storage.user_data import set_memory_enabled

    tenant = f"t-{uuid.uuid4().hex[:8]}"
    on = _messages(tenant, "on", 4)
    off = [m.model_copy(update={"user_id": "u-off"}) for m in _messages(tenant, "off", 3)]
    ended = SessionEnded(
        type="session.ended", event_id="end-off", tenant_id=tenant, user_id="u-off", session_id="off", created_at=T0
    )
    async with db.acquire() as conn:
        await set_memory_enabled(conn, tenant, "u-off", False)
        kept = await store.store_if_memory_on(conn, [*on[:2], *off, ended, on[2]])
        again = await store.store_if_memory_on(conn, on)  # two of these again, and one new
        assert await store.store_if_memory_on(conn, []) == []
        rows = await conn.fetch(
            "SELECT event_id, user_id, content_hash FROM messages WHERE tenant_id = $1 ORDER BY seq", tenant
        )
        sessions = await conn.fetch("SELECT session_id, user_id FROM sessions WHERE tenant_id = $1", tenant)
        history = (await store.session_histories(conn, [(tenant, "on")]))[(tenant, "on")]
    assert kept == [*on[:2], on[2]] and again == on
    assert [r["event_id"] for r in rows] == ["on-0", "on-1", "on-2", "on-3"]
    assert [(r["session_id"], r["user_id"]) for r in sessions] == [("on", "u1")]
    assert [t.content for t in history] == [m.content for m in on]
    assert all(r["content_hash"] == t.content_hash for r, t in zip(rows, history, strict=True))


async def test_session_states_count_user_turns_and_summaries(db):
    tenant = f"t-{uuid.uuid4().hex[:8]}"
    async with db.acquire() as conn:
        await store.store_messages(conn, _messages(tenant, "a", 9) + _messages(tenant, "b", 2))
        await summary_store.upsert_summaries(
            conn, [summary_store.SummaryRow(tenant, "a", "u1", "so far", "h1", 4, False)]
        )
        await summary_store.upsert_summaries(  # the same input again writes nothing
            conn, [summary_store.SummaryRow(tenant, "a", "u1", "changed text", "h1", 4, False)]
        )
        states = await summary_store.session_states(conn, [(tenant, "a"), (tenant, "b")])
        summary = await conn.fetchval("SELECT summary FROM session_summaries WHERE tenant_id = $1", tenant)
    sizes_a = tuple((i % 2 == 0, len(f"message {i} of a")) for i in range(9))
    assert states[(tenant, "a")] == summary_store.SessionState(
        user_turns=5, summarized_turns=4, is_final=False, sizes=sizes_a
    )
    assert states[(tenant, "b")] == summary_store.SessionState(
        user_turns=1, summarized_turns=None, is_final=False, sizes=((True, 14), (False, 14))
    )
    assert summary == "so far"


async def test_a_session_named_twice_in_one_batch_is_read_once(db):
    # A session sent under two user ids puts its key into a batch twice; its turns must not double.
    tenant = f"t-{uuid.uuid4().hex[:8]}"
    async with db.acquire() as conn:
        await store.store_messages(conn, _messages(tenant, "s", 6))
        reads = await store.read_sessions(conn, [(tenant, "s"), (tenant, "s")], "v1", 3)
        histories = await store.session_histories(conn, [(tenant, "s"), (tenant, "s")])
        states = await summary_store.session_states(conn, [(tenant, "s"), (tenant, "s")])
    expected = [f"s-{i}" for i in range(6)]
    assert [t.event_id for t in reads[(tenant, "s")].turns] == expected
    assert [t.event_id for t in histories[(tenant, "s")]] == expected
    assert states[(tenant, "s")].user_turns == 3 and len(states[(tenant, "s")].sizes) == 6


class _Provider:
    name, model, prompt_version = "fake", "fake-1", "v1"


async def test_cached_calls_call_each_input_once_and_keep_what_succeeded(db):
    tenant = f"t-{uuid.uuid4().hex[:8]}"
    made: list[str] = []

    def call(text: str, fail: bool = False):
        async def run():
            made.append(text)
            if fail:
                raise RuntimeError(f"provider refused {text}")
            return [text.upper()], 3, 1

        return run

    calls = [
        PendingCall(tenant, "a", call("a")),
        PendingCall(tenant, "b", call("b")),
        PendingCall(tenant, "a", call("a")),
    ]
    assert await cached_calls(db, stage="test", task="t", provider=_Provider(), calls=calls) == [["A"], ["B"], ["A"]]
    assert sorted(made) == ["a", "b"]  # the repeated input was called once

    made.clear()
    calls = [
        PendingCall(tenant, "a", call("a")),
        PendingCall(tenant, "c", call("c")),
        PendingCall(tenant, "d", call("d", fail=True)),
    ]
    with pytest.raises(RuntimeError, match="refused d"):
        await cached_calls(db, stage="test", task="t", provider=_Provider(), calls=calls)
    assert sorted(made) == ["c", "d"]  # "a" came from the cache
    made.clear()
    calls[2] = PendingCall(tenant, "d", call("d"))
    assert await cached_calls(db, stage="test", task="t", provider=_Provider(), calls=calls) == [["A"], ["C"], ["D"]]
    assert made == ["d"]  # "c" succeeded before and was kept: the retry pays only for "d"
    rows = await db.fetchval("SELECT count(*) FROM llm_calls WHERE tenant_id = $1", tenant)
    assert rows == 4 and len(await cached_outputs(db, [])) == 0
