"""The AsyncAPI document of memstream's topics, rendered from the same contracts as the schemas."""

from __future__ import annotations

import json
from typing import Any

from shared.contracts.events import EVENT_MODELS
from shared.settings import Settings

# (topic name, key, messages, who produces it, what it is)
_CHANNELS = [
    (
        "chat.messages",
        "tenant:session",
        ["ChatMessage", "SessionEnded"],
        "upstream chat services and the API",
        "Chat turns to remember, and session-ended markers. Keyed by session, so a session's turns stay in order.",
    ),
    (
        "messages.stored",
        "tenant:user",
        ["MessageStored"],
        "extractor",
        "Messages the extractor has stored, for the embedder to embed (in windows, when long). Keyed by user.",
    ),
    (
        "facts.extracted",
        "tenant:user",
        ["FactCandidate"],
        "extractor",
        "Facts found in conversations, before embedding.",
    ),
    (
        "facts.embedded",
        "tenant:user",
        ["EmbeddedFact"],
        "embedder",
        "Candidates with their embedding. Keyed by user: one consolidator owns a user.",
    ),
    (
        "facts.changes",
        "tenant:user",
        ["FactChange"],
        "relay (from the outbox)",
        "One event per change to a user's memory. Deduplicate on event_id.",
    ),
    ("dlq", "the original key", ["DeadLetter"], "any stage", "Events a stage could not process, with the reason."),
]


def render_asyncapi(settings: Settings | None = None) -> dict[str, Any]:
    settings = settings or Settings(_env_file=None)
    channels, operations = {}, {}
    for name, key, messages, producer, description in _CHANNELS:
        channel_id = name.replace(".", "_")
        channels[channel_id] = {
            "address": settings.topic(name),
            "description": f"{description} Key: {key}. Produced by: {producer}.",
            "messages": {m: {"$ref": f"#/components/messages/{m}"} for m in messages},
        }
        operations[f"receive_{channel_id}"] = {
            "action": "receive",
            "channel": {"$ref": f"#/channels/{channel_id}"},
        }
    return {
        "asyncapi": "3.0.0",
        "info": {
            "title": "memstream events",
            "version": "1",
            "description": "Kafka topics of memstream. Every event carries schema_version; JSON, UTF-8.",
        },
        "defaultContentType": "application/json",
        "channels": channels,
        "operations": operations,
        "components": {
            "messages": {name: {"name": name, "payload": {"$ref": f"schemas/{name}.v1.json"}} for name in EVENT_MODELS}
        },
    }


def render_asyncapi_text() -> str:
    return json.dumps(render_asyncapi(), indent=2, sort_keys=True) + "\n"
