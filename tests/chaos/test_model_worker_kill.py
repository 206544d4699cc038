"""The embedder stage's model worker is killed (SIGKILL, by its PID) while it embeds: the stage starts
another and sends it the batch again, so every candidate still gets its vector. Real broker, real
Postgres, the embedder as its own OS process; its own topic prefix, so no other embedder shares its
consumer group."""

from __future__ import annotations

import asyncio
import os
import signal
import uuid
from datetime import UTC, datetime, timedelta

import psutil
from aiokafka import AIOKafkaProducer

from shared.broker import ensure_topics, key_for
from shared.contracts.events import EmbeddedFact, FactCandidate
from shared.storage.tenants import ensure_tenant
from tests.helpers import Pipeline, read_topic, wait_for, wait_sync

CANDIDATES = 1_500
DEADLINE_S = 180
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
ACTIVITIES = ("chess", "tennis", "sushi", "jazz", "hiking", "opera", "pottery", "sailing", "karate", "origami")


def candidate(tenant_id: str, i: int) -> FactCandidate:
    user = f"u{i % 25}"
    text = f"{user} took up {ACTIVITIES[i % len(ACTIVITIES)]} in lesson number {i} of the spring course"
    return FactCandidate(
        tenant_id=tenant_id,
        user_id=user,
        candidate_id=f"c-{tenant_id}-{i}",
        session_id="s1",
        text=text,
        category="fact",
        importance=5,
        observed_at=T0 + timedelta(seconds=i),
        valid_from=T0 + timedelta(seconds=i),
        source_message_ids=[f"m{i}"],
        extractor_version="test",
    )


def model_workers(stage_pid: int) -> list[psutil.Process]:
    try:
        children = psutil.Process(stage_pid).children()
    except psutil.NoSuchProcess:
        return []
    return [c for c in children if "shared.providers.offline.model_worker" in " ".join(c.cmdline())]


async def test_a_killed_model_worker_loses_no_candidate(stack, db):
    tenant_id = f"t-{uuid.uuid4().hex[:10]}"
    await ensure_tenant(db, tenant_id)
    prefix = f"mw{uuid.uuid4().hex[:6]}."
    settings = stack.settings.model_copy(update={"topic_prefix": prefix})
    await ensure_topics(settings)

    pipeline = Pipeline(stack)
    stage = pipeline.start(
        "embedder-mw", "worker", "embedder", MEMSTREAM_TOPIC_PREFIX=prefix, MEMSTREAM_EMBEDDING_WORKER="true"
    )
    try:
        producer = AIOKafkaProducer(bootstrap_servers=stack.bootstrap)
        await producer.start()
        try:
            for i in range(CANDIDATES):
                event = candidate(tenant_id, i)
                await producer.send(
                    settings.topic("facts.extracted"),
                    event.model_dump_json().encode(),
                    key=key_for(tenant_id, event.user_id),
                )
            await producer.flush()
        finally:
            await producer.stop()

        # The stage starts its model worker with its first batch; kill it once it is embedding.
        first = wait_sync(lambda: model_workers(stage.pid), timeout_s=DEADLINE_S / 2, what="a model worker")[0]
        wait_sync(
            lambda: "model worker started" in pipeline.log_tail("embedder-mw", 200),
            timeout_s=DEADLINE_S / 2,
            what="the model worker's model loaded",
        )
        await asyncio.sleep(0.2)  # into its first batch
        os.kill(first.pid, signal.SIGKILL)

        async def all_embedded() -> bool:
            found = await read_topic(
                stack.bootstrap,
                settings.topic("facts.embedded"),
                predicate=lambda v: v.get("tenant_id") == tenant_id,
                timeout_s=20,
            )
            ids = {v["candidate_id"] for v in found}
            return len(ids) == CANDIDATES and all(len(EmbeddedFact.model_validate(v).embedding) == 384 for v in found)

        await wait_for(all_embedded, timeout_s=DEADLINE_S, what="every candidate embedded", interval_s=2)
        assert stage.poll() is None, "the stage itself survived its model worker's death"
        restarted = model_workers(stage.pid)
        assert restarted and all(w.pid != first.pid for w in restarted), "a new model worker took over"
        assert "model worker died; restarting it" in pipeline.log_tail("embedder-mw", 400)
        dead_letters = await db.fetchval("SELECT count(*) FROM dead_letters WHERE tenant_id = $1", tenant_id)
        assert dead_letters == 0
    finally:
        pipeline.stop_all()
