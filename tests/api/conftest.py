"""API tests: one live API (uvicorn thread) over the session's real Postgres and broker."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta

import httpx
import pytest

from tests.api.server import LiveServer


@pytest.fixture(scope="session")
def api(stack) -> Iterator[LiveServer]:
    server = LiveServer(stack.settings).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
async def client(api, tenant) -> AsyncIterator[httpx.AsyncClient]:
    """A client holding the fresh tenant's key."""
    async with httpx.AsyncClient(base_url=api.url, headers={"X-API-Key": tenant[1]}, timeout=30) as c:
        yield c


@pytest.fixture
async def other_client(api, db) -> AsyncIterator[httpx.AsyncClient]:
    """A client of a second tenant (B), for isolation checks."""
    from shared.storage.tenants import add_api_key

    key = await add_api_key(db, f"t-{uuid.uuid4().hex[:10]}", label="other")
    async with httpx.AsyncClient(base_url=api.url, headers={"Authorization": f"Bearer {key}"}, timeout=30) as c:
        yield c


def uid(prefix: str = "u") -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


async def seed_messages(
    db,
    tenant_id: str,
    user_id: str,
    session_id: str,
    contents: list[str],
    start=None,
    *,
    names: list[str | None] | None = None,
    embed: bool = False,
    step: timedelta = timedelta(seconds=1),
) -> list[str]:
    """Messages as the extractor stores them (the real storage function); with `embed`, embedded as
    the embedder stage embeds stored messages (its own code, the offline model)."""
    from shared.contracts.events import ChatMessage
    from shared.storage.messages import store_messages

    start = start or datetime.now(UTC) - timedelta(days=1)
    messages = [
        ChatMessage(
            event_id=f"m-{uuid.uuid4().hex[:12]}",
            tenant_id=tenant_id,
            user_id=user_id,
            session_id=session_id,
            role="user",
            name=names[i] if names else None,
            content=text,
            created_at=start + step * i,
        )
        for i, text in enumerate(contents)
    ]
    async with db.acquire() as conn:
        await store_messages(conn, messages)
    if embed:
        from services.message_embedder.stage import embed_stored_messages
        from shared.providers.offline.minilm import OfflineEmbeddingProvider

        await embed_stored_messages(db, OfflineEmbeddingProvider(), messages)
    return [m.event_id for m in messages]


async def seed_fact(
    db,
    settings,
    tenant_id: str,
    user_id: str,
    text: str,
    *,
    source_message_ids: list[str] | None = None,
    slot: str | None = None,
    category: str = "fact",
    importance: int = 5,
    valid_from: datetime | None = None,
) -> list:
    """A fact as the consolidator writes it from the pipeline (real consolidation, real embedding)."""
    from shared.contracts.events import EmbeddedFact
    from shared.hashing import content_hash
    from shared.providers.offline.minilm import OfflineEmbeddingProvider
    from shared.providers.registry import decision_provider
    from shared.service_layer.consolidate import consolidate_user

    [vector] = await OfflineEmbeddingProvider().embed([text])
    at = valid_from or datetime.now(UTC) - timedelta(hours=1)
    candidate = EmbeddedFact(
        candidate_id=content_hash("test-candidate", tenant_id, user_id, text, uuid.uuid4().hex),
        tenant_id=tenant_id,
        user_id=user_id,
        session_id="s1",
        text=text,
        category=category,
        importance=importance,
        observed_at=at,
        valid_from=at,
        source_message_ids=source_message_ids or [],
        extractor_version="test",
        slot=slot,
        embedding=vector,
        embedding_model="all-MiniLM-L6-v2",
    )
    async with db.acquire() as conn:
        return await consolidate_user(
            conn, settings, decision_provider(settings), tenant_id, user_id, [candidate], stage="test"
        )
