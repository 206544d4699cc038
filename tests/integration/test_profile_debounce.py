"""The summarizer's profile digests are debounced: the stage's handler, against the real Postgres,
fed the change and session-end events it would consume."""

from __future__ import annotations

import uuid
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from types import SimpleNamespace

from services.summarizer import stage as summarizer
from shared.broker import Topics
from shared.contracts.events import FactChange, SessionEnded
from shared.runtime import Record, StageContext
from tests.api.conftest import seed_fact


def _context(stack, db) -> StageContext:
    settings = stack.settings.model_copy(update={"profile_refresh_changes": 3})

    async def publish(topic, items) -> None:  # the summarizer publishes nothing
        raise AssertionError("the summarizer does not publish")

    return StageContext(
        stage="summarizer", settings=settings, topics=Topics.from_settings(settings), publish=publish, pool=db
    )


def _changed(tenant_id: str, user_id: str) -> tuple[Record, FactChange]:
    event = FactChange(
        event_id=uuid.uuid4().hex,
        tenant_id=tenant_id,
        user_id=user_id,
        op="added",
        fact=None,
        occurred_at=datetime.now(UTC),
    )
    return Record("facts.changes", 0, 0, None, event.model_dump_json().encode()), event


async def _seed_unannounced(db, settings, tenant_id: str, user_id: str, text: str) -> None:
    """A fact stored as the consolidator stores it, without its change event: the session's own summarizer
    (which rebuilds on every change) would otherwise race the handler under test and write the digest first."""
    async with db.acquire() as conn, conn.transaction():

        @asynccontextmanager
        async def held():
            yield conn

        await seed_fact(SimpleNamespace(acquire=held), settings, tenant_id, user_id, text)
        await conn.execute("DELETE FROM outbox WHERE tenant_id = $1 AND user_id = $2", tenant_id, user_id)


async def _digest(db, tenant_id: str, user_id: str):
    return await db.fetchval(
        "SELECT digest FROM user_profiles WHERE tenant_id = $1 AND user_id = $2", tenant_id, user_id
    )


async def test_profile_waits_for_enough_changes_or_the_session_end(stack, db, tenant):
    tenant_id, _ = tenant
    ctx = _context(stack, db)
    user = f"u-{uuid.uuid4().hex[:8]}"
    for text in ("The user lives in Oslo", "The user has a cat named Mio"):
        await _seed_unannounced(db, stack.settings, tenant_id, user, text)
        await summarizer.handle(ctx, [_changed(tenant_id, user)])
    assert await _digest(db, tenant_id, user) is None  # 2 changes: not yet

    await _seed_unannounced(db, stack.settings, tenant_id, user, "The user plays the violin")
    await summarizer.handle(ctx, [_changed(tenant_id, user)])
    first = await _digest(db, tenant_id, user)
    assert first is not None and "violin" in first  # the third change builds it

    await _seed_unannounced(db, stack.settings, tenant_id, user, "The user works as a baker")
    await summarizer.handle(ctx, [_changed(tenant_id, user)])
    assert await _digest(db, tenant_id, user) == first  # one change since: debounced

    ended = SessionEnded(
        type="session.ended",
        event_id=uuid.uuid4().hex,
        tenant_id=tenant_id,
        user_id=user,
        session_id="s1",
        created_at=datetime.now(UTC),
    )
    await summarizer.handle(ctx, [(Record("chat.messages", 0, 0, None, ended.model_dump_json().encode()), ended)])
    assert "baker" in await _digest(db, tenant_id, user)  # the session end catches up
