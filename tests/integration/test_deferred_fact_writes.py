"""The consolidator writes new facts (and a supersede's retire and link) in bulk, before the
transaction reads facts again and at commit: the rows, and the change events built without reading
them back, are what one-by-one writes gave."""

from __future__ import annotations

import json
import uuid
from datetime import datetime, timedelta, timezone

from shared.contracts.events import EmbeddedFact
from shared.hashing import content_hash
from shared.providers.offline.minilm import OfflineEmbeddingProvider
from shared.providers.registry import decision_provider
from shared.service_layer.consolidate import consolidate_users
from shared.settings import get_settings

LOCAL = timezone(timedelta(hours=2))  # a candidate's times need not be in UTC; stored ones read back in UTC
T0 = datetime(2026, 5, 1, 9, 0, tzinfo=LOCAL)


async def _candidate(tenant: str, user: str, text: str, slot: str | None, minutes: int) -> EmbeddedFact:
    [vector] = await OfflineEmbeddingProvider().embed([text])
    return EmbeddedFact(
        candidate_id=content_hash("test-deferred", tenant, user, text),
        tenant_id=tenant,
        user_id=user,
        session_id=f"{user}-s",
        text=text,
        category="fact",
        importance=6,
        slot=slot,
        observed_at=T0 + timedelta(minutes=minutes),
        valid_from=T0 + timedelta(minutes=minutes),
        source_message_ids=[f"{user}-m{minutes}", f"{user}-m{minutes}b"],
        extractor_version="test",
        embedding=vector,
        embedding_model="all-MiniLM-L6-v2",
    )


async def test_bulk_written_facts_and_their_change_events_match_the_rows(db):
    tenant = f"t-{uuid.uuid4().hex[:8]}"
    settings = get_settings()
    users = {
        # One user's move in one transaction: the second candidate reads the first one's fact (written
        # before that read) and supersedes it; another user's fact alongside.
        (tenant, "mover"): [
            await _candidate(tenant, "mover", "The user lives in Lisbon", "home_city", 0),
            await _candidate(tenant, "mover", "The user lives in Porto", "home_city", 10),
        ],
        (tenant, "other"): [await _candidate(tenant, "other", "The user plays the cello", None, 5)],
    }
    async with db.acquire() as conn:
        outcomes = await consolidate_users(conn, settings, decision_provider(settings), users, stage="test")
    assert sorted(o.op.value for o in outcomes) == ["ADD", "ADD", "UPDATE"]

    rows = {
        r["text"]: r
        for r in await db.fetch(
            "SELECT fact_id, text, status, valid_from, valid_to, recorded_at, superseded_at, superseded_by,"
            " source, source_message_ids, category, importance FROM facts WHERE tenant_id = $1",
            tenant,
        )
    }
    lisbon, porto = rows["The user lives in Lisbon"], rows["The user lives in Porto"]
    assert lisbon["status"] == "superseded" and lisbon["superseded_by"] == porto["fact_id"]
    assert porto["status"] == "active" and porto["superseded_at"] is None

    events = [
        json.loads(p)
        for p in await db.fetch("SELECT payload FROM outbox WHERE tenant_id = $1", tenant)
        for p in [p["payload"]]
    ]
    assert sorted(e["op"] for e in events) == ["added", "added", "superseded"]
    for event in events:
        snapshot, row = event["fact"], rows[event["fact"]["text"]]
        assert snapshot["fact_id"] == str(row["fact_id"])
        assert snapshot["category"] == row["category"] and snapshot["importance"] == row["importance"]
        assert snapshot["source_message_ids"] == list(row["source_message_ids"])
        # The snapshot is the row when the change happened: a fact superseded since then was active.
        current = row["status"] == "active"
        assert snapshot["status"] == "active" and snapshot["superseded_at"] is None
        columns = ("valid_from", "recorded_at", "valid_to") if current else ("valid_from", "recorded_at")
        for column in columns:
            stored = row[column]
            shown = snapshot[column]
            assert (datetime.fromisoformat(shown) if shown else None) == stored, column
    assert len({row["recorded_at"] for row in rows.values()}) == 1  # one transaction, one recorded_at
