"""The AsyncAPI document of memstream's topics, rendered from the same contracts as the schemas."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from shared.contracts.events import EVENT_MODELS
from shared.settings import Settings

KAFKA_BINDING = "0.5.0"


@dataclass(frozen=True)
class Channel:
    name: str  # without the topic prefix
    key: str
    messages: tuple[str, ...]
    description: str
    partitions: Callable[[Settings], int]
    sent_by: tuple[str, ...]  # memstream processes that publish to it
    received_by: tuple[str, ...] = ()  # stages that consume it (each its own consumer group)


CHANNELS = (
    Channel(
        "chat.messages",
        "tenant:session",
        ("ChatMessage", "SessionEnded"),
        "Chat turns to remember, and session-ended markers. Keyed by session, so a session's turns stay in "
        "order. Upstream chat services publish here too.",
        lambda s: s.messages_partitions,
        sent_by=("api", "memstream replay"),
        received_by=("extractor", "summarizer"),
    ),
    Channel(
        "messages.stored",
        "tenant:user",
        ("MessageStored",),
        "Messages the extractor has stored, for the message-embedder to embed (in windows, when long). Keyed by user.",
        lambda s: s.facts_partitions,
        sent_by=("extractor",),
        received_by=("message-embedder",),
    ),
    Channel(
        "facts.extracted",
        "tenant:user",
        ("FactCandidate",),
        "Facts found in conversations, before embedding.",
        lambda s: s.facts_partitions,
        sent_by=("extractor",),
        received_by=("embedder",),
    ),
    Channel(
        "facts.embedded",
        "tenant:user",
        ("EmbeddedFact",),
        "Candidates with their embedding. Keyed by user: one consolidator owns a user.",
        lambda s: s.facts_partitions,
        sent_by=("embedder",),
        received_by=("consolidator",),
    ),
    Channel(
        "facts.changes",
        "tenant:user",
        ("FactChange",),
        "One event per change to a user's memory, for downstream consumers. Deduplicate on event_id.",
        lambda s: s.changes_partitions,
        sent_by=("relay",),
        received_by=("summarizer",),
    ),
    Channel(
        "memory.recalls",
        "tenant:user",
        ("FactRecalled",),
        "Facts that were used (returned by search, put into context, cited by ask); the reinforcer folds "
        "them into each fact's strength, once per recall_id and fact.",
        lambda s: s.recalls_partitions,
        sent_by=("api",),
        received_by=("reinforcer",),
    ),
    Channel(
        "dlq",
        "the key of the original record",
        ("DeadLetter",),
        "Events a stage could not process, with the reason and the original payload.",
        lambda s: s.dlq_partitions,
        sent_by=("extractor", "embedder", "message-embedder", "consolidator", "summarizer", "reinforcer"),
    ),
)

# What a deployment's clients use (MEMSTREAM_KAFKA_SECURITY_PROTOCOL / MEMSTREAM_KAFKA_SASL_MECHANISM).
SECURITY_SCHEMES = {
    "saslPlain": {"type": "plain", "description": "SASL/PLAIN over TLS (e.g. Confluent Cloud API keys)."},
    "saslScramSha256": {"type": "scramSha256", "description": "SASL/SCRAM-SHA-256 over TLS (e.g. Aiven)."},
    "saslScramSha512": {"type": "scramSha512", "description": "SASL/SCRAM-SHA-512 over TLS (e.g. MSK, Strimzi)."},
    "mutualTls": {"type": "X509", "description": "A client certificate (MEMSTREAM_KAFKA_SSL_CERTFILE/KEYFILE)."},
}


def _servers() -> dict[str, Any]:
    return {
        "dev": {
            "host": "127.0.0.1:{port}",
            "protocol": "kafka",
            "description": "The embedded broker of `memstream dev` (the banner and `memstream status` show the port).",
            "variables": {"port": {"description": "A free port picked at start."}},
        },
        "compose": {
            "host": "127.0.0.1:29092",
            "protocol": "kafka",
            "description": "The Kafka of docker-compose.yml, from the host.",
        },
        "production": {
            "host": "{bootstrap}",
            "protocol": "kafka-secure",
            "description": "Your Kafka (MEMSTREAM_KAFKA_BOOTSTRAP), with TLS and one of the SASL mechanisms or "
            "a client certificate.",
            "variables": {"bootstrap": {"description": "Bootstrap servers, host:port[,host:port...]."}},
            "security": [{"$ref": f"#/components/securitySchemes/{name}"} for name in SECURITY_SCHEMES],
        },
    }


def render_asyncapi(settings: Settings | None = None) -> dict[str, Any]:
    """The document from memstream's side: ``send`` where a memstream process publishes, ``receive``
    where a stage consumes (with its consumer group)."""
    settings = settings or Settings(_env_file=None)
    channels, operations = {}, {}
    for channel in CHANNELS:
        channel_id = channel.name.replace(".", "_")
        ref = {"$ref": f"#/channels/{channel_id}"}
        channels[channel_id] = {
            "address": settings.topic(channel.name),
            "description": f"{channel.description} Key: {channel.key}.",
            "messages": {m: {"$ref": f"#/components/messages/{m}"} for m in channel.messages},
            "bindings": {
                "kafka": {
                    "topic": settings.topic(channel.name),
                    "partitions": channel.partitions(settings),
                    "replicas": settings.topic_replication_factor,
                    "bindingVersion": KAFKA_BINDING,
                }
            },
        }
        operations[f"send_{channel_id}"] = {
            "action": "send",
            "channel": ref,
            "summary": f"Published by: {', '.join(channel.sent_by)}.",
        }
        for stage in channel.received_by:
            group = settings.consumer_group(stage)
            operations[f"receive_{channel_id}_{stage}"] = {
                "action": "receive",
                "channel": ref,
                "summary": f"Consumed by the {stage} (consumer group {group}).",
                "bindings": {
                    "kafka": {"groupId": {"type": "string", "enum": [group]}, "bindingVersion": KAFKA_BINDING}
                },
            }
    keys = {m: channel.key for channel in CHANNELS for m in channel.messages}
    return {
        "asyncapi": "3.0.0",
        "info": {
            "title": "memstream events",
            "version": "1",
            "description": "Kafka topics of memstream. Every event carries schema_version; JSON, UTF-8. Topic "
            "names and consumer groups start with MEMSTREAM_TOPIC_PREFIX.",
        },
        "defaultContentType": "application/json",
        "servers": _servers(),
        "channels": channels,
        "operations": operations,
        "components": {
            "messages": {
                name: {
                    "name": name,
                    "payload": {"$ref": f"schemas/{name}.v1.json"},
                    "bindings": {
                        "kafka": {
                            "key": {"type": "string", "description": f"Partition key: {keys[name]}."},
                            "bindingVersion": KAFKA_BINDING,
                        }
                    },
                }
                for name in EVENT_MODELS
            },
            "securitySchemes": SECURITY_SCHEMES,
        },
    }


def render_asyncapi_text() -> str:
    return json.dumps(render_asyncapi(), indent=2, sort_keys=True) + "\n"
