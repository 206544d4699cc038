"""Search's merged read (shared/storage/search.py: speakers_and_message_vectors): the speakers' names and
the message windows in one statement, exactly what the two reads it replaces return."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from shared.storage import search as legs
from shared.storage.search import MessageFilters
from tests.api.conftest import seed_fact, seed_messages, uid


def _rows(rows):
    return None if rows is None else sorted((r["event_id"], bytes(r["embedding"].to_binary())) for r in rows)


async def _both_ways(db, tenant_id, user, **kw):
    async with db.acquire() as conn:
        names, windows = await legs.speakers_and_message_vectors(conn, tenant_id, user, **kw)
        apart_names = await legs.speaker_names(conn, tenant_id, user)
        apart_windows = await legs.user_message_vectors(conn, tenant_id, user, **kw)
    return (names, _rows(windows)), (apart_names, _rows(apart_windows))


async def test_the_merged_read_returns_what_the_two_reads_return(db, tenant):
    tenant_id, _ = tenant
    user = uid()
    start = datetime.now(UTC) - timedelta(days=3)
    await seed_messages(
        db,
        tenant_id,
        user,
        "s1",
        ["We adopted a greyhound", "Lovely, what is its name?", "Pepper", "My bike got a flat tyre"],
        start,
        names=["Rosa", "Tomás", None, "Rosa"],
        embed=True,
        step=timedelta(days=1),
    )
    merged, apart = await _both_ways(db, tenant_id, user, max_rows=100)
    assert merged == apart and merged[0] == ["Rosa", "Tomás"] and len(merged[1]) == 4
    # a filter narrows the windows, never the names
    merged, apart = await _both_ways(
        db, tenant_id, user, max_rows=100, filters=MessageFilters(after=start + timedelta(hours=36))
    )
    assert merged == apart and merged[0] == ["Rosa", "Tomás"] and len(merged[1]) == 2
    # more windows than asked for: no windows, the names all the same
    merged, apart = await _both_ways(db, tenant_id, user, max_rows=3)
    assert merged == apart == (["Rosa", "Tomás"], None)


async def test_a_user_without_messages_has_no_names_and_no_windows(db, tenant):
    tenant_id, _ = tenant
    merged, apart = await _both_ways(db, tenant_id, uid(), max_rows=100)
    assert merged == apart == ([], [])


async def _facts_both_ways(db, tenant_id, user, tsquery, *, max_rows, filters=None):
    from shared.storage.search import FactFilters

    filters = filters or FactFilters()
    async with db.acquire() as conn:
        rows, hits = await legs.fact_vectors_and_fulltext(
            conn, tenant_id, user, tsquery, max_rows=max_rows, limit=50, filters=filters
        )
        apart_rows = await legs.user_fact_vectors(conn, tenant_id, user, max_rows=max_rows, filters=filters)
        apart_hits = await legs.fulltext_facts(conn, tenant_id, user, tsquery, limit=50, filters=filters)

    def vectors(rs):
        return None if rs is None else sorted((str(r["fact_id"]), r["text"], r["embedding"].to_binary()) for r in rs)

    def ranked(hs):
        return [(h.id, h.rank, h.score, h.row["text"], list(h.row["source_message_ids"])) for h in hs]

    return (vectors(rows), ranked(hits)), (vectors(apart_rows), ranked(apart_hits))


async def test_the_merged_fact_read_returns_what_the_two_reads_return(db, stack, tenant):
    from shared.storage.search import FactFilters

    tenant_id, _ = tenant
    user = uid()
    texts = [
        ("The user adopted a greyhound named Pepper", 6),
        ("The user walks the greyhound every morning", 8),
        ("The user works as a nurse", 7),
        ("The user prefers tea over coffee", 5),
    ]
    for text, importance in texts:
        await seed_fact(db, stack.settings, tenant_id, user, text, importance=importance)
    tsquery = "greyhound:* | nurse:*"
    merged, apart = await _facts_both_ways(db, tenant_id, user, tsquery, max_rows=100)
    assert merged == apart and len(merged[0]) == 4 and len(merged[1]) == 3
    merged, apart = await _facts_both_ways(
        db, tenant_id, user, tsquery, max_rows=100, filters=FactFilters(min_importance=7)
    )
    assert merged == apart and len(merged[0]) == 2 and len(merged[1]) == 2
    # more facts than the prefetch takes: no vectors, the full-text hits all the same
    merged, apart = await _facts_both_ways(db, tenant_id, user, tsquery, max_rows=3)
    assert merged == apart and merged[0] is None and len(merged[1]) == 3
    # nothing matches the words: the vectors, no hits
    merged, apart = await _facts_both_ways(db, tenant_id, user, "zeppelin:*", max_rows=100)
    assert merged == apart and len(merged[0]) == 4 and merged[1] == []


async def _context_both_ways(db, tenant_id, user, session_id, *, min_importance=7, limit=20):
    from shared.storage import user_data as store

    async with db.acquire() as conn:
        merged = await store.context_reads(
            conn, tenant_id, user, min_importance=min_importance, limit=limit, session_id=session_id
        )
        enabled = await store.memory_settings(conn, tenant_id, user)
        pinned, summary = [], None
        if enabled:
            pinned = await store.pinned_facts(conn, tenant_id, user, min_importance=min_importance, limit=limit)
            row = await store.session_summary(conn, tenant_id, user, session_id) if session_id else None
            summary = row["summary"] if row else None

    def plain(result):
        on, facts, text = result
        return on, [(f.fact_id, f.text, f.importance) for f in facts], text

    return plain(merged), plain((enabled, pinned, summary))


async def test_the_merged_context_read_returns_what_the_three_reads_return(db, stack, tenant):
    from shared.storage import user_data as store
    from shared.storage.summaries import SummaryRow, upsert_summaries

    tenant_id, _ = tenant
    user = uid()
    for text, importance in [
        ("The user is allergic to peanuts", 9),
        ("The user works as a nurse", 7),
        ("The user has a greyhound", 8),
        ("The user likes rainy days", 4),
    ]:
        await seed_fact(db, stack.settings, tenant_id, user, text, importance=importance)
    async with db.acquire() as conn:
        await upsert_summaries(conn, [SummaryRow(tenant_id, "s1", user, "- moving to Lisbon", "h1", 3, False)])
    merged, apart = await _context_both_ways(db, tenant_id, user, "s1")
    assert merged == apart and merged[0] is True and len(merged[1]) == 3 and merged[2] == "- moving to Lisbon"
    assert [f[2] for f in merged[1]] == [9, 8, 7]  # by importance
    merged, apart = await _context_both_ways(db, tenant_id, user, "s1", limit=2)
    assert merged == apart and len(merged[1]) == 2
    merged, apart = await _context_both_ways(db, tenant_id, user, None)  # no session: no summary
    assert merged == apart and merged[2] is None
    merged, apart = await _context_both_ways(db, tenant_id, user, "s-other")  # a session without a summary
    assert merged == apart and merged[2] is None and len(merged[1]) == 3
    async with db.acquire() as conn:
        await store.set_memory_enabled(conn, tenant_id, user, False)
    merged, apart = await _context_both_ways(db, tenant_id, user, "s1")  # memory off: nothing read
    assert merged == apart == (False, [], None)


async def test_a_user_nobody_has_seen_has_memory_on_and_nothing_pinned(db, tenant):
    tenant_id, _ = tenant
    merged, apart = await _context_both_ways(db, tenant_id, uid(), "s1")
    assert merged == apart == (True, [], None)
