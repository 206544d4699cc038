"""The AsyncAPI document says who sends and who receives each topic, on which servers, with which keys,
partitions and consumer groups, all from the code that really does it."""

from __future__ import annotations

from dataclasses import asdict

from services.workers import STAGES, _specs
from shared.broker import Topics
from shared.contracts.asyncapi import render_asyncapi
from shared.settings import Settings

SETTINGS = Settings(_env_file=None)
DOC = render_asyncapi(SETTINGS)


def operations(action: str) -> dict[str, dict]:
    return {k: v for k, v in DOC["operations"].items() if v["action"] == action}


def channel_of(operation: dict) -> dict:
    return DOC["channels"][operation["channel"]["$ref"].rsplit("/", 1)[1]]


def test_servers_cover_dev_compose_and_a_secured_production():
    servers = DOC["servers"]
    assert {"dev", "compose", "production"} <= set(servers)
    assert servers["compose"]["host"] == "127.0.0.1:29092"
    production = servers["production"]
    assert production["protocol"] == "kafka-secure"
    schemes = DOC["components"]["securitySchemes"]
    referenced = {ref["$ref"].rsplit("/", 1)[1] for ref in production["security"]}
    assert referenced == set(schemes)
    assert {s["type"] for s in schemes.values()} >= {"plain", "scramSha256", "scramSha512", "X509"}


def test_memstream_sends_fact_changes_and_every_topic_it_publishes():
    sent = {channel_of(op)["address"] for op in operations("send").values()}
    assert sent == set(asdict(Topics.from_settings(SETTINGS)).values())
    changes = [op for op in DOC["operations"].values() if channel_of(op)["address"] == SETTINGS.topic("facts.changes")]
    assert {op["action"] for op in changes} == {"send", "receive"}  # the relay sends; the summarizer reads it


def test_receive_operations_are_the_stages_with_their_consumer_groups():
    topics = Topics.from_settings(SETTINGS)
    expected = {(stage, address) for stage in STAGES for address in _specs()[stage].sources(topics)}
    found = set()
    for name, op in operations("receive").items():
        stage = name.rsplit("_", 1)[1]
        found.add((stage, channel_of(op)["address"]))
        assert op["bindings"]["kafka"]["groupId"]["enum"] == [SETTINGS.consumer_group(stage)]
    assert found == expected


def test_channels_and_messages_carry_kafka_bindings():
    partitions = Topics.from_settings(SETTINGS).partitions(SETTINGS)
    for channel in DOC["channels"].values():
        binding = channel["bindings"]["kafka"]
        assert binding["topic"] == channel["address"]
        assert binding["partitions"] == partitions[channel["address"]]
        assert binding["replicas"] == SETTINGS.topic_replication_factor
    keys = {name: m["bindings"]["kafka"]["key"] for name, m in DOC["components"]["messages"].items()}
    assert "tenant:session" in keys["ChatMessage"]["description"]
    assert all("tenant:user" in keys[m]["description"] for m in ("FactCandidate", "EmbeddedFact", "FactChange"))
    assert all(k["type"] == "string" for k in keys.values())
