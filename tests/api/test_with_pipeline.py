"""With the whole pipeline running (every stage, the relay and the API as processes). Kept in its own
module, last in this folder: once started, the session's pipeline keeps consuming in the background."""

from __future__ import annotations

import asyncio

import httpx

from tests.api.conftest import uid


def same_partition_session(tenant_id: str, session: str, partitions: int) -> str:
    """Another session id whose messages land on the same partition as `session`'s, so the extractor
    reads them in order."""
    from aiokafka.partitioner import murmur2

    from shared.broker import key_for

    def partition(s: str) -> int:
        return (murmur2(key_for(tenant_id, s)) & 0x7FFFFFFF) % partitions

    return next(f"{session}-q{i}" for i in range(10_000) if partition(f"{session}-q{i}") == partition(session))


async def test_memory_off_stops_the_pipeline_remembering(pipeline, client, db, tenant):
    """With the whole pipeline running: a user with memory off gets no facts from new messages. Their
    message goes first, on the same partition as another user's, so once the other's fact exists the
    extractor has been past the silenced one."""
    tenant_id, key = tenant
    quiet, chatty = uid(), uid()
    chatty_session = uid("s")
    quiet_session = same_partition_session(tenant_id, chatty_session, pipeline.stack.settings.messages_partitions)
    await client.put(f"/v1/users/{quiet}/settings", json={"memory_enabled": False})
    async with httpx.AsyncClient(base_url=pipeline.api_url, headers={"X-API-Key": key}) as ingest:
        for user, session in ((quiet, quiet_session), (chatty, chatty_session)):
            message = {"user_id": user, "session_id": session, "role": "user", "content": "I have a cat named Tom."}
            assert (await ingest.post("/v1/messages", json={"messages": [message]})).status_code == 202

    async def count(table: str, user: str) -> int:
        return await db.fetchval(f"SELECT count(*) FROM {table} WHERE tenant_id = $1 AND user_id = $2", tenant_id, user)

    for _ in range(240):
        if await count("facts", chatty):
            break
        await asyncio.sleep(0.25)
    assert await count("facts", chatty) == 1
    assert await count("facts", quiet) == 0 and await count("messages", quiet) == 0


def same_partition_user(tenant_id: str, user: str, partitions: int) -> str:
    """Another user whose fact changes land on the same facts.changes partition as `user`'s."""
    from aiokafka.partitioner import murmur2

    from shared.broker import key_for

    def partition(u: str) -> int:
        return (murmur2(key_for(tenant_id, u)) & 0x7FFFFFFF) % partitions

    return next(f"{user}-p{i}" for i in range(10_000) if partition(f"{user}-p{i}") == partition(user))


async def test_erase_stays_erased_while_the_pipeline_runs(pipeline, db, tenant):
    """The summarizer reads the `erased` event too; it must not write the user's profile back."""
    tenant_id, key = tenant
    gone = uid()
    witness = same_partition_user(tenant_id, gone, pipeline.stack.settings.changes_partitions)

    async def profile_of(user: str):
        return await db.fetchval(
            "SELECT digest FROM user_profiles WHERE tenant_id = $1 AND user_id = $2", tenant_id, user
        )

    async with httpx.AsyncClient(base_url=pipeline.api_url, headers={"X-API-Key": key}) as api:
        said = {"user_id": gone, "session_id": uid("s"), "role": "user", "content": "I live in Porto."}
        assert (await api.post("/v1/messages", json={"messages": [said]})).status_code == 202
        for _ in range(240):
            if await profile_of(gone):
                break
            await asyncio.sleep(0.25)
        assert await profile_of(gone)
        assert (await api.delete(f"/v1/users/{gone}")).status_code == 200
        # The witness's change follows the erased event on the same partition: once the summarizer
        # has written the witness's profile, it has handled the erase.
        said = {"user_id": witness, "session_id": uid("s"), "role": "user", "content": "I live in Faro."}
        assert (await api.post("/v1/messages", json={"messages": [said]})).status_code == 202
        for _ in range(240):
            if await profile_of(witness):
                break
            await asyncio.sleep(0.25)
    assert await profile_of(witness)
    assert await profile_of(gone) is None
    for table in ("facts", "messages", "user_profiles"):
        assert (
            await db.fetchval(f"SELECT count(*) FROM {table} WHERE tenant_id = $1 AND user_id = $2", tenant_id, gone)
            == 0
        )


async def test_the_pipeline_embeds_every_stored_message_and_search_finds_it(pipeline, client, db, tenant):
    """Ingested with a speaker name, stored by the extractor, announced on messages.stored, embedded by
    the embedder: search then finds the turn by meaning, saying who said it."""
    tenant_id, key = tenant
    user, session = uid(), uid("s")
    turns = [
        {
            "role": "user",
            "name": "Maya",
            "content": "We finally adopted a greyhound from the rescue, her name is Pepper",
        },
        {"role": "assistant", "name": "Jonas", "content": "The bus was late again this morning"},
    ]
    async with httpx.AsyncClient(base_url=pipeline.api_url, headers={"X-API-Key": key}) as ingest:
        body = {"messages": [{"user_id": user, "session_id": session, **t} for t in turns]}
        assert (await ingest.post("/v1/messages", json=body)).status_code == 202
    for _ in range(240):
        n = await db.fetchval(
            "SELECT count(*) FROM message_vectors WHERE tenant_id = $1 AND user_id = $2", tenant_id, user
        )
        if n == 2:
            break
        await asyncio.sleep(0.25)
    assert n == 2
    found = await client.post(
        "/v1/search", json={"user_id": user, "query": "Which four-legged companion joined the household?"}
    )
    top = found.json()["results"][0]
    assert top["kind"] == "message" and top["speaker"] == "Maya" and "greyhound" in top["text"]


async def test_facts_and_messages_are_embedded_by_two_stages_in_their_own_groups(pipeline, client, db, tenant):
    """The embedder reads only fact candidates and the message-embedder only stored messages, each in its
    own consumer group (so a backlog of messages never holds a fact back), and both ends arrive: the
    user's fact is consolidated and every message has its vector."""
    from services.groups import committed_offsets
    from shared.broker import Topics

    tenant_id, key = tenant
    user, session = uid(), uid("s")
    turns = ["I have a dog named Rex.", "The weather was grey all week, nothing else to report."]
    async with httpx.AsyncClient(base_url=pipeline.api_url, headers={"X-API-Key": key}) as ingest:
        body = {"messages": [{"user_id": user, "session_id": session, "role": "user", "content": t} for t in turns]}
        assert (await ingest.post("/v1/messages", json=body)).status_code == 202

    async def count(table: str) -> int:
        return await db.fetchval(f"SELECT count(*) FROM {table} WHERE tenant_id = $1 AND user_id = $2", tenant_id, user)

    for _ in range(240):
        if await count("facts") >= 1 and await count("message_vectors") == len(turns):
            break
        await asyncio.sleep(0.25)
    assert await count("facts") >= 1 and await count("message_vectors") == len(turns)

    settings = pipeline.stack.settings
    topics = Topics.from_settings(settings)
    for _ in range(40):  # offsets are committed every second
        facts_group = await committed_offsets(settings, settings.consumer_group("embedder"), [topics.extracted])
        messages_group = await committed_offsets(settings, settings.consumer_group("message-embedder"), [topics.stored])
        if facts_group and messages_group:
            break
        await asyncio.sleep(0.25)
    assert {tp.topic for tp in facts_group} == {topics.extracted}
    assert {tp.topic for tp in messages_group} == {topics.stored}
    assert not await committed_offsets(settings, settings.consumer_group("embedder"), [topics.stored])
    assert not await committed_offsets(settings, settings.consumer_group("message-embedder"), [topics.extracted])
    assert pipeline.metric("message-embedder", "memstream_events_total", outcome="processed") >= len(turns)
    assert pipeline.metric("embedder", "memstream_events_total", outcome="windows_stored") == 0
    assert pipeline.metric("embedder", "memstream_events_total", outcome="processed") >= 1
