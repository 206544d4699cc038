"""The message-embedder embeds stored messages (in windows when long) through the per-tenant cache: a replay
makes no embedding call, a switch turns it off, and an erase removes the user's windows and the
cached vectors only that user used."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

from services.embedder import stage as embedder
from services.message_embedder import stage as message_embedder
from shared.broker import Topics
from shared.contracts.events import ChatMessage, MessageStored, stored_event
from shared.domain.windows import windows
from shared.providers.offline.minilm import OfflineEmbeddingProvider
from shared.runtime import Record, StageContext
from shared.storage.messages import store_messages


class CountingProvider:
    """The offline model, counting the texts it is asked to embed."""

    def __init__(self) -> None:
        self.inner = OfflineEmbeddingProvider()
        self.name, self.model, self.dimensions = self.inner.name, self.inner.model, self.inner.dimensions
        self.texts = 0

    async def embed(self, texts):
        self.texts += len(texts)
        return await self.inner.embed(texts)


def _messages(tenant_id: str, user_id: str, contents: list[str]) -> list[ChatMessage]:
    start = datetime(2025, 5, 1, tzinfo=UTC)
    return [
        ChatMessage(
            event_id=f"m-{uuid.uuid4().hex[:12]}",
            tenant_id=tenant_id,
            user_id=user_id,
            session_id="s1",
            role="user",
            name="Maya",
            content=text,
            created_at=start + timedelta(minutes=i),
        )
        for i, text in enumerate(contents)
    ]


async def _stored(db, messages: list[ChatMessage]) -> None:
    async with db.acquire() as conn:
        await store_messages(conn, messages)


async def test_messages_are_embedded_in_windows_and_a_replay_embeds_nothing(db):
    tenant_id, user = f"t-{uuid.uuid4().hex[:8]}", "u1"
    long_text = " ".join(f"word{i}" for i in range(300))
    messages = _messages(tenant_id, user, ["We adopted a greyhound", long_text, "We adopted a greyhound"])
    await _stored(db, messages)
    provider = CountingProvider()
    jobs = embedder.jobs_of([stored_event(m) for m in messages])
    assert len(windows(long_text)) == 3 and len(jobs) == 1 + 3 + 1
    await embedder.embed_and_emit(db, provider, jobs, None, "")
    assert provider.texts == 4  # the repeated text is embedded once
    rows = await db.fetch(
        "SELECT event_id, window_no, session_id FROM message_vectors WHERE tenant_id = $1 ORDER BY event_id, window_no",
        tenant_id,
    )
    assert len(rows) == 5 and {r["session_id"] for r in rows} == {"s1"}
    await embedder.embed_and_emit(db, provider, embedder.jobs_of([stored_event(m) for m in messages]), None, "")
    assert provider.texts == 4  # replay: every text cached, no call, no new row
    assert await db.fetchval("SELECT count(*) FROM message_vectors WHERE tenant_id = $1", tenant_id) == 5
    other = f"t-{uuid.uuid4().hex[:8]}"
    twin = _messages(other, user, ["We adopted a greyhound"])
    await _stored(db, twin)
    await embedder.embed_and_emit(db, provider, embedder.jobs_of([stored_event(m) for m in twin]), None, "")
    assert provider.texts == 5  # another tenant never reads this tenant's cache


async def test_a_window_of_a_message_that_is_gone_is_skipped(db):
    tenant_id = f"t-{uuid.uuid4().hex[:8]}"
    [never_stored] = _messages(tenant_id, "u1", ["erased before the embedder ran"])
    await embedder.embed_and_emit(db, CountingProvider(), embedder.jobs_of([stored_event(never_stored)]), None, "")
    assert await db.fetchval("SELECT count(*) FROM message_vectors WHERE tenant_id = $1", tenant_id) == 0


async def test_the_message_embedder_stores_windows_publishes_nothing_and_can_be_switched_off(db, stack):
    tenant_id = f"t-{uuid.uuid4().hex[:8]}"
    [message] = _messages(tenant_id, "u1", ["Booked flight LH 1234"])
    await _stored(db, [message])
    raw = stored_event(message).model_dump_json().encode()
    parsed = message_embedder.parse(raw)
    assert isinstance(parsed, MessageStored) and parsed.name == "Maya"
    published = []

    async def publish(topic, items):
        published.append((topic, items))

    settings = stack.settings.model_copy(update={"embed_messages": False})
    ctx = StageContext(
        stage=message_embedder.STAGE,
        settings=settings,
        topics=Topics.from_settings(settings),
        publish=publish,
        pool=db,
    )
    record = Record("memstream.messages.stored", 0, 0, None, raw)
    await message_embedder.handle(ctx, [(record, parsed)])
    assert await db.fetchval("SELECT count(*) FROM message_vectors WHERE tenant_id = $1", tenant_id) == 0
    ctx.settings = stack.settings
    await message_embedder.handle(ctx, [(record, parsed)])
    assert await db.fetchval("SELECT count(*) FROM message_vectors WHERE tenant_id = $1", tenant_id) == 1
    assert published == []  # messages are stored, not published


async def test_erase_drops_the_users_windows_and_only_the_cache_rows_no_one_else_uses(db):
    from shared.storage.caches import store_embeddings
    from shared.storage.user_data import erase_user_rows

    tenant_id = f"t-{uuid.uuid4().hex[:8]}"
    mine = _messages(tenant_id, "leaver", ["only the leaver said this", "both users said this"])
    theirs = _messages(tenant_id, "stayer", ["both users said this"])
    await _stored(db, mine + theirs)
    provider = CountingProvider()
    await embedder.embed_and_emit(db, provider, embedder.jobs_of([stored_event(m) for m in mine + theirs]), None, "")
    assert provider.texts == 2
    # Window texts live in message_vectors only; a cache row with such a text (written before, or by a
    # fact with the same text) is dropped with the last user who had it.
    hashes = [embedder.text_hash(t) for t in ("only the leaver said this", "both users said this")]
    await store_embeddings(db, provider.model, {(tenant_id, h): [0.1] * 384 for h in hashes})
    async with db.acquire() as conn, conn.transaction():
        counts = await erase_user_rows(conn, tenant_id, "leaver")
    assert counts["embeddings"] == 1
    assert await db.fetchval("SELECT text_hash FROM embeddings WHERE tenant_id = $1", tenant_id) == hashes[1]
    left = await db.fetch("SELECT user_id FROM message_vectors WHERE tenant_id = $1", tenant_id)
    assert [r["user_id"] for r in left] == ["stayer"]
