"""The real pipeline (extractor, embedder, consolidator, each its own process; the embedded broker and
Postgres) with MEMSTREAM_LLM_PROVIDER=openai, against two response styles of OpenAI-compatible
servers on loopback:

- strict: honours ``response_format`` with a strict ``json_schema`` (OpenAI, recent vLLM);
- fenced: JSON mode only (a ``json_schema`` or ``tools`` request gets a 400) and replies in the
  message content wrapped in a ```json fence after a preamble (many vLLM and Ollama setups).

Both must end in the same memory, and every request must carry one copy of the output format: the
schema in the strict style, the example in the system prompt in the fenced one.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from shared.broker import ensure_topics
from shared.providers import prompts
from tests.e2e.test_walking_skeleton import message, publish
from tests.fakes.openai_server import FakeOpenAIServer, task_of
from tests.helpers import Pipeline, Stack, wait_for

STYLES = {
    "strict": {"unsupported": set(), "fenced": False},
    "fenced": {"unsupported": {"json_schema", "tools"}, "fenced": True},
}
WANTED = {
    ("alice", "The user lives in Paris", "superseded"),
    ("alice", "The user lives in Berlin", "active"),
    ("bob", "The user's name is Bob", "active"),
    ("bob", "The user is vegan", "active"),
    ("dave", "The user's girlfriend is Anna", "retracted"),
}


@pytest.fixture(scope="module", params=list(STYLES))
def styled_pipeline(request, stack: Stack) -> Iterator[tuple[str, Pipeline, object, FakeOpenAIServer]]:
    style = request.param
    prefix = f"style-{style}-{uuid.uuid4().hex[:6]}."
    settings = stack.settings.model_copy(update={"topic_prefix": prefix})
    asyncio.run(ensure_topics(settings))
    pipeline = Pipeline(stack)
    with FakeOpenAIServer(**STYLES[style]) as server:
        env = {
            "MEMSTREAM_TOPIC_PREFIX": prefix,
            "MEMSTREAM_LLM_PROVIDER": "openai",
            "MEMSTREAM_OPENAI_BASE_URL": server.base_url,
            "MEMSTREAM_OPENAI_API_KEY": "loopback",
            "MEMSTREAM_EXTRACTION_MODEL": f"{style}-extract",
            "MEMSTREAM_DECISION_MODEL": f"{style}-decide",
            "MEMSTREAM_OPENAI_MAX_RETRIES": "1",
            "MEMSTREAM_OPENAI_BACKOFF_MAX_S": "0.5",
            "MEMSTREAM_LOG_JSON": "false",
        }
        try:
            for stage in ("extractor", "embedder", "consolidator"):
                pipeline.start(f"{style}-{stage}", "worker", stage, **env)
            yield style, pipeline, settings, server
        finally:
            pipeline.stop_all()


async def test_each_response_style_ends_in_the_same_memory(styled_pipeline, db, tenant):
    style, pipeline, settings, server = styled_pipeline
    tenant_id, _ = tenant
    t0 = datetime.now(UTC) - timedelta(days=30)
    await publish(
        pipeline.stack.bootstrap,
        settings.topic("chat.messages"),
        [
            message(tenant_id, "alice", "s-alice-1", "I live in Paris.", t0),
            message(tenant_id, "bob", "s-bob", "My name is Bob and I'm vegan.", t0),
            message(tenant_id, "bob", "s-bob-2", "Thanks, that's all for now!", t0 + timedelta(days=1)),
            message(tenant_id, "alice", "s-alice-2", "I moved to Berlin.", t0 + timedelta(days=29)),
            message(tenant_id, "dave", "s-dave", "My girlfriend is Anna.", t0),
            # A retraction that names no value is not decided by a rule: the decider is asked, in each style.
            message(tenant_id, "dave", "s-dave", "I broke up with my girlfriend.", t0 + timedelta(days=2)),
        ],
    )

    async def settled():
        for name, process in pipeline.processes.items():
            assert process.poll() is None, f"{name} exited:\n{pipeline.log_tail(name)}"
        rows = await db.fetch("SELECT user_id, text, status FROM facts WHERE tenant_id = $1", tenant_id)
        state = {(r["user_id"], r["text"], r["status"]) for r in rows}
        return state if state >= WANTED else None

    state = await wait_for(settled, timeout_s=120, what=f"the memory through the {style} server", interval_s=0.5)
    assert {s for s in state if s[2] == "active"} == {s for s in WANTED if s[2] == "active"}

    bodies = [b for b in server.stats.bodies if "messages" in b]
    asked = {task_of(b) for b in bodies}
    assert {"extraction", "decision"} <= asked
    for body in bodies:
        task = task_of(body)
        if task not in ("extraction", "decision"):
            continue
        example = prompts.EXTRACTION_EXAMPLE if task == "extraction" else prompts.DECISION_EXAMPLE
        system = body["messages"][0]["content"]
        schema_sent = (body.get("response_format") or {}).get("type") == "json_schema" or bool(body.get("tools"))
        if style == "strict":
            assert schema_sent and example not in system
        elif schema_sent:  # the first request of each task probes json_schema and gets a 400
            assert example not in system
        else:
            assert body["response_format"]["type"] == "json_object" and system.endswith(example)
    # The pleasantry cost no extraction call.
    assert not any(
        "that's all for now" in str(b["messages"][-1]["content"]) for b in bodies if task_of(b) == "extraction"
    )
    # In the fenced style, the JSON-mode requests are the ones answered.
    if style == "fenced":
        outcomes = server.snapshot()["outcomes"]
        assert outcomes["extraction:answered"] >= 3 and outcomes["extraction:400"] >= 1
