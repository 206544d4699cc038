"""Extraction prompts are a pure function of the stored conversation.

The same conversation is fed twice, turn by turn, through the openai provider on the loopback
server: once with the summarizer running and waited for after every turn (so the latest summary
always covers the message being extracted), once with no summarizer at all (so the extractor has
to produce its background summaries itself). Both runs must send byte-identical extraction
prompts, and a summary must never cover a turn that is being extracted.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from shared.broker import ensure_topics
from shared.domain.cursor import message_hash
from shared.storage.tenants import add_api_key
from tests.e2e.test_walking_skeleton import publish
from tests.fakes.openai_server import FakeOpenAIServer, task_of, user_content
from tests.helpers import Pipeline, Stack, read_topic, wait_for

TURNS = [
    ("user", "Hi, I'm Lena and I live in Graz."),
    ("assistant", "Nice to meet you, Lena! What can I do for you?"),
    ("user", "I work as a pharmacist at a small shop."),
    ("assistant", "That sounds busy. Anything else?"),
    ("user", "I have a cat named Pixel."),
    ("assistant", "Cute name!"),
    ("user", "I'm learning the cello on weekends."),
    ("assistant", "Great hobby."),
    ("user", "My sister Mara lives in Vienna."),
    ("assistant", "Do you visit her often?"),
    ("user", "I moved to Linz last month."),
    ("assistant", "How do you like Linz?"),
    ("user", "I'm allergic to peanuts."),
]


@pytest.fixture(scope="module")
def openai_server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer() as server:
        yield server


@pytest.fixture(scope="module")
def llm_pipeline(stack: Stack, openai_server: FakeOpenAIServer) -> Iterator[tuple[Pipeline, object, dict]]:
    prefix = f"det-{uuid.uuid4().hex[:6]}."
    settings = stack.settings.model_copy(update={"topic_prefix": prefix})
    asyncio.run(ensure_topics(settings))
    pipeline = Pipeline(stack)
    env = {
        "MEMSTREAM_TOPIC_PREFIX": prefix,
        "MEMSTREAM_LLM_PROVIDER": "openai",
        "MEMSTREAM_OPENAI_BASE_URL": openai_server.base_url,
        "MEMSTREAM_OPENAI_API_KEY": "loopback",
        "MEMSTREAM_EXTRACTION_MODEL": "loopback-extract",
        "MEMSTREAM_SUMMARY_MODEL": "loopback-summary",
        "MEMSTREAM_SUMMARY_EVERY_USER_TURNS": "2",
        "MEMSTREAM_SUMMARY_MIN_CHARS": "0",
        "MEMSTREAM_CONTEXT_MESSAGES": "2",
        "MEMSTREAM_LOG_JSON": "false",
    }
    try:
        pipeline.start("det-extractor", "worker", "extractor", **env)
        yield pipeline, settings, env
    finally:
        pipeline.stop_all()


async def _feed(pipeline, settings, db, tenant_id: str, *, wait_summaries: bool) -> None:
    t0 = datetime(2026, 3, 2, 9, tzinfo=UTC)
    for i, (role, content) in enumerate(TURNS):
        event = {
            "event_id": f"det-{i}",  # the same ids in both runs: prompts are compared byte for byte
            "tenant_id": tenant_id,
            "user_id": "lena",
            "session_id": "s-lena",
            "role": role,
            "content": content,
            "created_at": (t0 + timedelta(minutes=i)).isoformat(),
        }
        await publish(pipeline.stack.bootstrap, settings.topic("chat.messages"), [event])
        wanted = message_hash(event["event_id"], role, content)

        async def extracted(wanted=wanted):
            cursor = await db.fetchval(
                "SELECT cursor_hash FROM sessions WHERE tenant_id = $1 AND session_id = 's-lena'", tenant_id
            )
            return cursor == wanted

        await wait_for(extracted, timeout_s=60, what=f"the extractor past turn {i}", interval_s=0.1)
        user_turns = sum(r == "user" for r, _ in TURNS[: i + 1])
        if wait_summaries and role == "user" and user_turns % 2 == 0:

            async def summarized(user_turns=user_turns):
                covered = await db.fetchval(
                    "SELECT user_turns FROM session_summaries WHERE tenant_id = $1 AND session_id = 's-lena'",
                    tenant_id,
                )
                return covered is not None and covered >= user_turns

            await wait_for(summarized, timeout_s=60, what=f"the summary of {user_turns} user turns")


def _extraction_prompts(server: FakeOpenAIServer) -> list[str]:
    return [user_content(body) for body in server.stats.bodies if task_of(body) == "extraction"]


async def test_two_runs_send_byte_identical_extraction_prompts(llm_pipeline, openai_server, db, tenant):
    pipeline, settings, env = llm_pipeline
    first_tenant, _ = tenant

    # Run 1: the summarizer is ahead of the extractor after every checkpoint.
    pipeline.start("det-summarizer", "worker", "summarizer", **env)
    openai_server.reset_stats()
    await _feed(pipeline, settings, db, first_tenant, wait_summaries=True)
    first = _extraction_prompts(openai_server)
    pipeline.stop("det-summarizer")

    # Run 2: no summarizer; the extractor makes its background summaries through the shared cache.
    second_tenant = f"t-{uuid.uuid4().hex[:10]}"
    await add_api_key(db, second_tenant, label="test")
    openai_server.reset_stats()
    await _feed(pipeline, settings, db, second_tenant, wait_summaries=False)
    second = _extraction_prompts(openai_server)

    assert len(first) >= 5, first
    assert first == second
    backgrounds = [p for p in first if p.startswith("Summary:")]
    assert backgrounds, "the later turns get the summary of an earlier checkpoint"
    for prompt in backgrounds:
        summary, _, rest = prompt.partition("\n")
        new_part = rest.split("New:", 1)[1]
        # The background never covers what is being extracted.
        assert not any(content[:20] in summary for _, content in TURNS if content[:20] in new_part)
        # Nor does the context say again what the summary covers: the summary, then what came after it.
        earlier = rest.split("New:", 1)[0]
        assert not any(content[:20] in earlier for _, content in TURNS if content[:20] in summary), prompt
    shown = [
        len(p.split("New:", 1)[0].split("Earlier:", 1)[1].splitlines()) - 1 if "Earlier:" in p else 0
        for p in backgrounds
    ]
    assert min(shown) < 2, "a slice right after its checkpoint shows fewer than MEMSTREAM_CONTEXT_MESSAGES (2) turns"

    # Every turn's facts are emitted, those of the slices that had a background summary too (the
    # summary step hands back a copy of the work item: its facts must still be found).
    candidates = await read_topic(
        pipeline.stack.bootstrap,
        settings.topic("facts.extracted"),
        predicate=lambda e: e.get("tenant_id") == second_tenant,
        timeout_s=20,
    )
    sources = {source for c in candidates for source in c["source_message_ids"]}
    with_background = [
        i
        for i, (role, content) in enumerate(TURNS)
        if role == "user" and any(content[:20] in p.partition("New:")[2] for p in backgrounds)
    ]
    assert with_background and {f"det-{i}" for i in with_background} <= sources, (with_background, sources)
