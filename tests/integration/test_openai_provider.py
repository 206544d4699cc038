"""The openai provider against the loopback OpenAI-compatible server: the real client, real HTTP.

Each fault either recovers inside the provider, or surfaces as the error class the stage runtime
needs: ProviderUnavailable (transient: the stage stalls and retries, nothing dropped) or
InvalidReply (not transient: the stage dead-letters the event after its attempts).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from shared.domain.models import DecisionItem, ExtractionInput, Neighbour, Op, Turn
from shared.providers.openai_provider import (
    EndpointConfig,
    InvalidReply,
    OpenAIDecisionProvider,
    OpenAIEmbeddingProvider,
    OpenAIExtractionProvider,
    OpenAISummaryProvider,
    ProviderUnavailable,
)
from shared.runtime import is_transient
from tests.fakes.openai_server import FakeOpenAIServer, Fault

T0 = datetime(2026, 3, 9, 9, 0, tzinfo=UTC)  # a Monday


@pytest.fixture(scope="module")
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer(timeout_sleep_s=1.0) as running:
        yield running


@pytest.fixture
def fake(server: FakeOpenAIServer) -> Iterator[FakeOpenAIServer]:
    server.clear_faults()
    server.reset_stats()
    server.delay_s = 0.0
    server.unsupported = set()
    server.fenced = False
    deadline = time.monotonic() + 5
    while server.stats.in_flight and time.monotonic() < deadline:  # requests left sleeping by a timeout test
        time.sleep(0.05)
    yield server
    server.clear_faults()


def config(server: FakeOpenAIServer, **overrides) -> EndpointConfig:
    values = {
        "base_url": server.base_url,
        "api_key": "test-key",
        "timeout_s": 0.5,
        "max_retries": 2,
        "backoff_initial_s": 0.05,
        "backoff_max_s": 0.2,
    }
    return EndpointConfig(**{**values, **overrides})


def request(text: str = "I'm flying to Tokyo on Friday and I live in Lisbon.") -> ExtractionInput:
    return ExtractionInput(
        new_turns=(Turn("m2", "user", text, T0),),
        context_turns=(Turn("m1", "assistant", "How can I help?", T0 - timedelta(minutes=1)),),
        summary="The user is planning a trip.",
    )


async def test_extraction_success_path(fake):
    provider = OpenAIExtractionProvider(model="extract-model", config=config(fake))
    result = await provider.extract(request())

    facts = {f.slot: f for f in result.facts}
    assert facts["location"].text == "The user lives in Lisbon" and facts["location"].value == "Lisbon"
    tokyo = next(f for f in result.facts if "Tokyo" in f.text)
    assert "2026-03-13" in tokyo.text  # the relative date, resolved from the message's own timestamp
    assert all(f.source_event_ids == ("m2",) for f in result.facts)
    # Valid time: the stated date for the dated event (the reply's "since"), the message time otherwise.
    assert facts["location"].valid_from == T0
    assert tokyo.valid_from == datetime(2026, 3, 13, tzinfo=T0.tzinfo)

    body = fake.stats.bodies[-1]
    assert body["model"] == "extract-model"
    assert body["response_format"]["type"] == "json_schema" and body["response_format"]["json_schema"]["strict"]
    user = body["messages"][1]["content"]
    assert "2026-03-09T09:00+00:00 Mon" in user and "planning a trip" in user and "How can I help?" in user
    # Tokens: what the server counted is what the provider returns with the call.
    assert result.usage.prompt_tokens == fake.stats.prompt_tokens["extraction"] > 300
    assert result.usage.completion_tokens == fake.stats.completion_tokens["extraction"] > 0


async def test_turns_without_a_user_message_cost_no_call(fake):
    provider = OpenAIExtractionProvider(model="m", config=config(fake))
    only_assistant = ExtractionInput(new_turns=(Turn("a1", "assistant", "Anything else?", T0),))
    assert (await provider.extract(only_assistant)).facts == []
    assert fake.stats.requests["extraction"] == 0


async def test_429_honours_retry_after_then_recovers(fake):
    fake.inject(Fault("429", retry_after=0.6))
    provider = OpenAIExtractionProvider(model="m", config=config(fake))
    started = time.monotonic()
    result = await provider.extract(request())
    assert time.monotonic() - started >= 0.6  # waited as told, not the 0.05 s backoff
    assert result.facts and fake.snapshot()["outcomes"]["extraction:429"] == 1
    assert fake.stats.requests["extraction"] == 2


async def test_500_and_timeout_recover_with_backoff(fake):
    fake.inject(Fault("500"), Fault("timeout"))
    provider = OpenAIExtractionProvider(model="m", config=config(fake))
    result = await provider.extract(request())
    assert result.facts
    outcomes = fake.snapshot()["outcomes"]
    assert outcomes["extraction:500"] == 1 and outcomes["extraction:timeout"] == 1
    assert fake.stats.requests["extraction"] == 3


@pytest.mark.parametrize("kind", ["500", "429", "timeout"])
async def test_endpoint_down_raises_a_transient_error_after_the_retries(fake, kind):
    fake.inject(Fault(kind, times=None, retry_after=0.05))
    provider = OpenAIExtractionProvider(model="m", config=config(fake, max_retries=2))
    with pytest.raises(ProviderUnavailable) as raised:
        await provider.extract(request())
    assert is_transient(raised.value)  # the stage stalls and retries in place: nothing dropped
    assert fake.stats.requests["extraction"] == 3  # the first try and two retries


async def test_wrong_key_or_model_stalls_instead_of_dead_lettering(fake):
    fake.inject(Fault("401", times=None))
    provider = OpenAIExtractionProvider(model="m", config=config(fake))
    with pytest.raises(ProviderUnavailable) as raised:
        await provider.extract(request())
    assert is_transient(raised.value) and fake.stats.requests["extraction"] == 1


@pytest.mark.parametrize("kind", ["malformed", "schema"])
async def test_an_invalid_reply_is_asked_again_and_billed(fake, kind):
    fake.inject(Fault(kind))
    provider = OpenAIExtractionProvider(model="m", config=config(fake))
    result = await provider.extract(request())
    assert result.facts and fake.stats.requests["extraction"] == 2
    assert result.usage.prompt_tokens == fake.stats.prompt_tokens["extraction"]  # both replies counted


@pytest.mark.parametrize("kind", ["malformed", "schema"])
async def test_a_reply_that_stays_invalid_raises_a_non_transient_error(fake, kind):
    fake.inject(Fault(kind, times=None))
    provider = OpenAIExtractionProvider(model="m", config=config(fake, invalid_reply_attempts=2))
    with pytest.raises(InvalidReply) as raised:
        await provider.extract(request())
    assert not is_transient(raised.value)  # the stage retries the batch, then dead-letters the event
    assert fake.stats.requests["extraction"] == 2
    assert provider.last_usage.prompt_tokens == fake.stats.prompt_tokens["extraction"] > 0


async def test_a_fact_naming_a_message_that_does_not_exist_is_invalid(fake):
    bad = {"facts": [{"msg": 7, "text": "The user lives in Oslo", "category": "fact", "importance": 7}]}
    fake.script(bad, task="extraction")
    provider = OpenAIExtractionProvider(model="m", config=config(fake))
    result = await provider.extract(request())  # the second, smart reply is valid
    assert fake.stats.requests["extraction"] == 2 and all("Oslo" not in f.text for f in result.facts)


async def test_structured_output_falls_back_to_json_mode_then_tools(fake):
    fake.unsupported = {"json_schema"}
    provider = OpenAIExtractionProvider(model="no-schema-model", config=config(fake))
    assert (await provider.extract(request())).facts
    assert [b.get("response_format", {}).get("type") for b in fake.stats.bodies] == ["json_schema", "json_object"]
    await provider.extract(request("I live in Porto."))  # remembered: straight to JSON mode
    assert fake.stats.bodies[-1]["response_format"]["type"] == "json_object"

    fake.unsupported = {"json_schema", "json_object"}
    tools_only = OpenAIExtractionProvider(model="tools-model", config=config(fake))
    result = await tools_only.extract(request())
    assert result.facts and fake.stats.bodies[-1]["tools"][0]["function"]["name"] == "extraction"


RESPONSE_STYLES = {
    # name: (what the endpoint rejects, fenced replies, the mode the provider settles on)
    "strict json_schema": (set(), False, "json_schema"),
    "JSON mode only, fenced replies": ({"json_schema", "tools"}, True, "json_object"),
    "no response_format, fenced replies": ({"json_schema", "json_object", "tools"}, True, "plain"),
}


@pytest.mark.parametrize("style", RESPONSE_STYLES)
async def test_each_response_style_gets_one_copy_of_the_output_format(fake, style):
    """The schema goes with the request where the endpoint takes it, the example goes in the system
    prompt where it does not, never both; and every style yields the same facts and decisions."""
    from shared.providers import prompts

    fake.unsupported, fake.fenced, settles_on = RESPONSE_STYLES[style]
    model = f"style-{settles_on}"
    extraction = OpenAIExtractionProvider(model=model, config=config(fake))
    result = await extraction.extract(request())
    assert sorted(f.text for f in result.facts) == [
        "The user is flying to Tokyo on 2026-03-13",
        "The user lives in Lisbon",
    ]
    decider = OpenAIDecisionProvider(model=model, config=config(fake))
    item = DecisionItem(
        "The user lives in Köln", "location", False, (Neighbour(0, "The user lives in Bonn", "location", T0, 0.8),)
    )
    assert (await decider.decide([item]))[0].op is Op.UPDATE

    answered = [b for b in fake.stats.bodies if "messages" in b][-2:]
    for body, example in zip(answered, (prompts.EXTRACTION_EXAMPLE, prompts.DECISION_EXAMPLE), strict=True):
        system = body["messages"][0]["content"]
        sent_schema = body.get("response_format", {}).get("type") == "json_schema" or bool(body.get("tools"))
        assert sent_schema == (settles_on == "json_schema")
        assert (example in system) != sent_schema  # exactly one copy of the format
        if settles_on == "plain":
            assert "response_format" not in body and "tools" not in body


async def test_the_extractor_is_shown_known_slots_and_its_slots_are_normalised(fake):
    provider = OpenAIExtractionProvider(model="slots-model", config=config(fake))
    fact = {"msg": 1, "importance": 5, "value": None, "negated": False, "since": None, "language": "en"}
    fake.script(
        {
            "facts": [
                {**fact, "text": "The user uses Helix", "category": "preference", "slot": " Tool:Code_Editor "},
                {**fact, "text": "The user likes dogs", "category": "preference", "slot": "Likes:Dogs"},
            ]
        },
        task="extraction",
    )
    known = ("tool:editor", "location")
    turn = Turn("m1", "user", "I switched to Helix, and I love dogs.", T0)
    result = await provider.extract(ExtractionInput(new_turns=(turn,), known_slots=known))
    assert [f.slot for f in result.facts] == ["tool:editor", "like:dog"]
    assert 'Slots: ["location","tool:editor"]' in fake.stats.bodies[-1]["messages"][1]["content"]


@pytest.mark.parametrize(
    "reply",
    [
        '{"facts": []}',
        '```json\n{"facts": []}\n```',
        'Here is the JSON:\n```json\n{"facts": []}\n```\nAnything else?',
        'Sure! {"facts": []}',
    ],
)
def test_json_is_found_in_the_usual_wrappings(reply):
    from shared.providers.openai_provider import parse_json

    assert parse_json(reply) == {"facts": []}


def test_a_reply_with_no_json_is_invalid():
    from shared.providers.openai_provider import parse_json

    with pytest.raises(InvalidReply):
        parse_json("I could not find any facts.")


async def test_the_concurrency_limit_holds(fake):
    fake.delay_s = 0.15
    provider = OpenAIExtractionProvider(model="m", config=config(fake, max_concurrency=2, timeout_s=5))
    results = await asyncio.gather(*(provider.extract(request(f"I live in City{i}.")) for i in range(8)))
    assert all(r.facts for r in results)
    assert fake.stats.max_in_flight == 2


async def test_decisions(fake):
    provider = OpenAIDecisionProvider(model="decide-model", config=config(fake))
    items = [
        DecisionItem(
            "The user lives in Berlin",
            "location",
            False,
            (Neighbour(0, "The user lives in Paris", "location", T0, 0.8),),
        ),
        DecisionItem(
            "The user likes jazz", "like:jazz", False, (Neighbour(0, "The user likes rock", "like:rock", T0, 0.6),)
        ),
        DecisionItem(
            "The user no longer lives in Paris",
            "location",
            True,
            (
                Neighbour(0, "The user likes Paris", "like:paris", T0, 0.7),
                Neighbour(1, "The user lives in Paris", "location", T0, 0.9),
            ),
        ),
    ]
    decisions = await provider.decide(items)
    assert [(d.op, d.target) for d in decisions] == [(Op.UPDATE, 0), (Op.ADD, None), (Op.DELETE, 1)]
    assert fake.stats.requests["decision"] == 1 and provider.last_usage.prompt_tokens > 0
    assert await provider.decide([]) == [] and fake.stats.requests["decision"] == 1

    # A target outside the item's neighbours, or a missing decision, is invalid: asked again.
    fake.script({"decisions": [{"item": 0, "op": "UPDATE", "target": 5, "reason": ""}]}, task="decision")
    fake.script({"decisions": [{"item": 0, "op": "ADD", "target": None, "reason": ""}]}, task="decision")
    with pytest.raises(InvalidReply, match="invalid reply after 2 attempts"):
        await provider.decide(items)


async def test_summaries_are_bounded_and_survive_a_max_tokens_rename(fake):
    provider = OpenAISummaryProvider(model="sum-model", config=config(fake), max_tokens=120)
    turns = [Turn("m1", "user", "I live in Lisbon and I work as a nurse.", T0)]
    assert "Lisbon" in await provider.summarize_session(turns)
    assert fake.stats.bodies[-1]["max_tokens"] == 120

    fake.unsupported = {"max_tokens"}  # e.g. reasoning models: max_completion_tokens only
    renamed = OpenAISummaryProvider(model="reasoning-model", config=config(fake), max_tokens=120)
    digest = await renamed.profile_digest([("fact", "The user lives in Lisbon")])
    assert "Lisbon" in digest and fake.stats.bodies[-1]["max_completion_tokens"] == 120


async def test_embeddings(fake):
    provider = OpenAIEmbeddingProvider(model="embed-model", config=config(fake), dimensions=48)
    vectors = await provider.embed(["The user lives in Berlin", "The user lives in Berlin.", "I like jazz"])
    assert [len(v) for v in vectors] == [48, 48, 48]
    assert all(abs(sum(x * x for x in v) - 1) < 1e-6 for v in vectors)
    assert sum(a * b for a, b in zip(vectors[0], vectors[1], strict=True)) > 0.99  # order kept
    assert fake.stats.bodies[-1]["dimensions"] == 48 and provider.last_usage.prompt_tokens > 0

    fake.unsupported = {"dimensions"}  # a model with one size: sent without dimensions, then remembered
    fixed = OpenAIEmbeddingProvider(model="fixed-size", config=config(fake), dimensions=fake.native_dimensions)
    assert len((await fixed.embed(["hello"]))[0]) == fake.native_dimensions
    assert "dimensions" not in fake.stats.bodies[-1]

    wrong = OpenAIEmbeddingProvider(model="fixed-size", config=config(fake), dimensions=384)
    with pytest.raises(InvalidReply, match="MEMSTREAM_EMBEDDING_DIMENSIONS"):
        await wrong.embed(["hello"])


async def test_cost_is_exported(fake):
    from prometheus_client import REGISTRY

    def cost() -> float:
        labels = {"provider": "openai", "task": "extraction", "model": "priced-model"}
        return REGISTRY.get_sample_value("memstream_provider_cost_total", labels) or 0.0

    before = cost()
    provider = OpenAIExtractionProvider(
        model="priced-model", config=config(fake, prices=(("priced-model", (0.5, 2.0)),))
    )
    result = await provider.extract(request())
    expected = result.usage.prompt_tokens / 1000 * 0.5 + result.usage.completion_tokens / 1000 * 2.0
    assert cost() - before == pytest.approx(expected)


async def test_tokens_are_stored_with_the_cached_call(fake, db):
    """Through cached_call, as the extractor stage calls it: tokens land in llm_calls."""
    import uuid

    from shared.provider_calls import cached_call

    provider = OpenAIExtractionProvider(model="m", config=config(fake))
    tenant_id = f"t-{uuid.uuid4().hex[:10]}"
    req = request()

    async def call():
        result = await provider.extract(req)
        return [f.text for f in result.facts], result.usage.prompt_tokens, result.usage.completion_tokens

    for _ in range(2):  # the second is a cache hit: no request
        await cached_call(
            db, stage="extractor", task="extraction", tenant_id=tenant_id, provider=provider, request="r", call=call
        )
    row = await db.fetchrow(
        "SELECT provider, prompt_version, prompt_tokens, completion_tokens FROM llm_calls WHERE tenant_id = $1",
        tenant_id,
    )
    assert fake.stats.requests["extraction"] == 1
    assert row["provider"] == "openai" and row["prompt_version"] == provider.prompt_version
    assert row["prompt_tokens"] == fake.stats.prompt_tokens["extraction"] > 0
    assert row["completion_tokens"] == fake.stats.completion_tokens["extraction"] > 0


def test_the_registry_builds_openai_providers_from_settings_alone():
    from shared.providers import registry
    from shared.settings import Settings

    settings = Settings(
        _env_file=None,
        llm_provider="openai",
        embedding_provider="openai",
        openai_base_url="http://127.0.0.1:1/v1",
        extraction_model="small",
        decision_model="big",
        summary_model="tiny",
        embedding_model="text-embedding-3-small",
        embedding_dimensions=1536,
        openai_max_concurrency=3,
    )
    extraction = registry.extraction_provider(settings)
    assert isinstance(extraction, OpenAIExtractionProvider) and extraction.model == "small"
    assert extraction.config.base_url == "http://127.0.0.1:1/v1" and extraction.config.max_concurrency == 3
    assert registry.decision_provider(settings).model == "big"
    assert registry.summary_provider(settings).model == "tiny"
    embedding = registry.embedding_provider(settings)
    assert isinstance(embedding, OpenAIEmbeddingProvider) and embedding.dimensions == 1536


def test_prompts_round_trip_and_stay_compact():
    """The user content carries every message exactly (the loopback server reads it back), and the
    fixed part of an extraction prompt stays small."""
    import json

    from shared.providers import prompts
    from tests.fakes.openai_server import TokenCounter, parse_decisions, parse_extraction

    tricky = 'Line one\nline "two" — naïve café\tend'
    req = ExtractionInput(
        new_turns=(Turn("n1", "user", tricky, T0), Turn("n2", "assistant", "Noted.", T0 + timedelta(seconds=5))),
        context_turns=(Turn("c1", "assistant", "Hi!", T0 - timedelta(minutes=3)),),
        summary="A summary.",
        known_slots=("tool:editor", "like:jazz"),
    )
    back = parse_extraction(prompts.render_extraction(req))
    assert sorted(back.known_slots) == sorted(req.known_slots)
    assert [(t.role, t.content, t.created_at) for t in back.new_turns] == [
        (t.role, t.content, t.created_at.replace(second=0)) for t in req.new_turns
    ]
    assert back.context_turns[0].content == "Hi!" and back.summary == "A summary."

    items = [
        DecisionItem("The user lives in Köln", "location", False, (Neighbour(0, "Lives in Bonn", None, T0, 0.71),))
    ]
    assert parse_decisions(prompts.render_decisions(items))[0].neighbours[0].text == "Lives in Bonn"

    count = TokenCounter()
    fixed = count(prompts.EXTRACTION_SYSTEM) + count(json.dumps(prompts.EXTRACTION_SCHEMA))
    assert fixed <= 800
    # Without a schema, the example stands in for it, and is smaller.
    assert count(prompts.EXTRACTION_EXAMPLE) < count(json.dumps(prompts.EXTRACTION_SCHEMA))
    typical = ExtractionInput(
        new_turns=(Turn("n", "user", "I moved to Berlin last month and started a new job at a bakery there.", T0),),
        context_turns=tuple(
            Turn(f"c{i}", "user" if i % 2 else "assistant", "A typical chat message of about twenty words. " * 2, T0)
            for i in range(6)
        ),
        summary="The user is relocating for work and asked for help with German paperwork and flat hunting. " * 2,
    )
    assert fixed + count(prompts.render_extraction(typical)) <= 1200


async def test_an_unreachable_endpoint_is_transient():
    from shared.embedded import free_port

    cfg = EndpointConfig(
        base_url=f"http://127.0.0.1:{free_port()}/v1",
        timeout_s=0.5,
        max_retries=1,
        backoff_initial_s=0.01,
        backoff_max_s=0.02,
    )
    with pytest.raises(ProviderUnavailable, match="APIConnectionError") as raised:
        await OpenAIExtractionProvider(model="m", config=cfg).extract(request())
    assert is_transient(raised.value)
