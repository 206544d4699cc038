"""The real pipeline, every stage its own process, with MEMSTREAM_LLM_PROVIDER=openai pointed at the
loopback OpenAI-compatible server, while it fails: the endpoint is down for a while, rate-limits,
and answers one conversation with replies that break the schema every time.

Nothing is lost: the stalled events are processed once the endpoint is back, and the poisoned one
is dead-lettered with its error after the runtime's attempts, while the others go through.

These processes use a topic prefix of their own (their consumer groups are shared with the
session's pipeline, which subscribes to other topics).
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import httpx
import pytest

from shared.broker import ensure_topics
from shared.runtime import MAX_ATTEMPTS
from tests.e2e.test_walking_skeleton import message, publish
from tests.fakes.openai_server import FakeOpenAIServer, Fault
from tests.helpers import Pipeline, Stack, wait_for

STAGES = ("extractor", "embedder", "consolidator", "summarizer")


@pytest.fixture(scope="module")
def openai_server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer(timeout_sleep_s=3.0) as server:
        yield server


@pytest.fixture(scope="module")
def openai_pipeline(stack: Stack, openai_server: FakeOpenAIServer) -> Iterator[tuple[Pipeline, object]]:
    prefix = f"oai-{uuid.uuid4().hex[:6]}."
    settings = stack.settings.model_copy(update={"topic_prefix": prefix})
    asyncio.run(ensure_topics(settings))
    pipeline = Pipeline(stack)
    env = {
        "MEMSTREAM_TOPIC_PREFIX": prefix,
        "MEMSTREAM_LLM_PROVIDER": "openai",
        "MEMSTREAM_OPENAI_BASE_URL": openai_server.base_url,
        "MEMSTREAM_OPENAI_API_KEY": "loopback",
        "MEMSTREAM_EXTRACTION_MODEL": "loopback-extract",
        "MEMSTREAM_DECISION_MODEL": "loopback-decide",
        "MEMSTREAM_SUMMARY_MODEL": "loopback-summary",
        "MEMSTREAM_OPENAI_TIMEOUT_S": "2",
        "MEMSTREAM_OPENAI_MAX_RETRIES": "1",
        "MEMSTREAM_OPENAI_BACKOFF_MAX_S": "0.5",
        "MEMSTREAM_SUMMARY_EVERY_USER_TURNS": "2",
        "MEMSTREAM_SUMMARY_MIN_CHARS": "0",
        "MEMSTREAM_LOG_JSON": "false",
    }
    try:
        for stage in STAGES:
            pipeline.start(f"openai-{stage}", "worker", stage, **env)
        yield pipeline, settings
    finally:
        pipeline.stop_all()


async def test_pipeline_through_the_openai_provider_loses_nothing(openai_pipeline, openai_server, db, tenant):
    pipeline, settings = openai_pipeline
    tenant_id, _ = tenant
    openai_server.inject(
        Fault("500", times=4, task="extraction"),  # down for a while: the extractor stalls, then goes on
        Fault("429", times=1, task="decision", retry_after=0.5),
        Fault("500", times=1, task="summary"),
        Fault("schema", times=None, task="extraction", match="POISON"),  # never a valid reply
    )
    t0 = datetime.now(UTC) - timedelta(days=30)
    poison = message(tenant_id, "carol", "s-carol", "POISON I live in Rome.", t0)
    await publish(
        pipeline.stack.bootstrap,
        settings.topic("chat.messages"),
        [
            message(tenant_id, "alice", "s-alice-1", "I live in Paris.", t0),
            message(tenant_id, "bob", "s-bob", "My name is Bob and I'm vegan.", t0),
            poison,
            message(tenant_id, "bob", "s-bob", "I have a dog named Rex.", t0 + timedelta(minutes=1)),
            message(tenant_id, "alice", "s-alice-2", "I moved to Berlin.", t0 + timedelta(days=29)),
            # A retraction on a single-valued slot that names no value is not decided by a rule: this one
            # goes to the decider (and meets its 429).
            message(tenant_id, "dave", "s-dave", "My girlfriend is Anna.", t0),
            message(tenant_id, "dave", "s-dave", "I broke up with my girlfriend.", t0 + timedelta(days=2)),
        ],
    )

    def alive() -> None:
        for name, process in pipeline.processes.items():
            assert process.poll() is None, f"{name} exited:\n{pipeline.log_tail(name)}"

    async def settled():
        alive()
        rows = await db.fetch(
            "SELECT user_id, text, status FROM facts WHERE tenant_id = $1 ORDER BY valid_from", tenant_id
        )
        state = {(r["user_id"], r["text"], r["status"]) for r in rows}
        wanted = {
            ("alice", "The user lives in Paris", "superseded"),
            ("alice", "The user lives in Berlin", "active"),
            ("bob", "The user's name is Bob", "active"),
            ("bob", "The user is vegan", "active"),
            ("bob", "The user has a dog named Rex", "active"),
            ("dave", "The user's girlfriend is Anna", "retracted"),
        }
        return state if wanted <= state else None

    state = await wait_for(settled, timeout_s=120, what="every fact through the openai provider", interval_s=0.5)
    assert not any(user == "carol" for user, _, _ in state)

    async def dead_lettered():
        alive()
        return await db.fetchrow(
            "SELECT error, attempts, payload FROM dead_letters WHERE tenant_id = $1 AND stage = 'extractor'", tenant_id
        )

    letter = await wait_for(dead_lettered, timeout_s=60, what="the poisoned message dead-lettered")
    assert poison["event_id"].encode() in letter["payload"] and letter["attempts"] == MAX_ATTEMPTS
    assert "InvalidReply" in letter["error"] and "schema" in letter["error"]
    assert await db.fetchval("SELECT count(*) FROM dead_letters WHERE tenant_id = $1", tenant_id) == 1

    # Every fault was met, and every stage went through the provider.
    outcomes = openai_server.snapshot()["outcomes"]
    assert outcomes["extraction:500"] == 4 and outcomes["decision:429"] == 1 and outcomes["summary:500"] == 1
    calls = await db.fetch(
        "SELECT stage, provider, model, prompt_tokens FROM llm_calls WHERE tenant_id = $1", tenant_id
    )
    by_stage = {(c["stage"], c["model"]) for c in calls}
    assert {("extractor", "loopback-extract"), ("consolidator", "loopback-decide")} <= by_stage
    # (The session pipeline's relay publishes every tenant's outbox, so its offline summarizer may
    # digest this tenant's profile too: only the stages of this pipeline are checked.)
    assert all(c["provider"] == "openai" for c in calls if c["stage"] in ("extractor", "consolidator"))
    assert all(c["prompt_tokens"] > 0 for c in calls if c["stage"] == "extractor")

    async def summarized():
        return await db.fetchval(
            "SELECT summary FROM session_summaries WHERE tenant_id = $1 AND session_id = 's-bob'", tenant_id
        )

    summary = await wait_for(summarized, timeout_s=60, what="bob's session summary")
    assert "vegan" in summary and "Rex" in summary

    # Tokens are exported by the worker that made the calls.
    port = getattr(pipeline, "metrics_ports", {}).get("openai-extractor")
    if port:
        async with httpx.AsyncClient(timeout=5) as client:
            metrics = (await client.get(f"http://127.0.0.1:{port}/metrics")).text
        line = next(
            line
            for line in metrics.splitlines()
            if line.startswith("memstream_provider_tokens_total{")
            and 'provider="openai"' in line
            and 'kind="prompt"' in line
        )
        assert float(line.rsplit(" ", 1)[1]) > 0
