import json
from dataclasses import asdict

import pytest
from pydantic import ValidationError

from shared.broker import Topics
from shared.contracts.events import (
    ChatMessage,
    FactChange,
    MessageStored,
    chat_event_adapter,
    stored_event,
    stored_event_json,
)
from shared.contracts.export import SCHEMA_DIR, render_schemas
from shared.settings import Settings

VALID = {
    "event_id": "e1",
    "tenant_id": "t1",
    "user_id": "u1",
    "session_id": "s1",
    "role": "user",
    "content": "I live in Berlin",
    "created_at": "2026-01-01T10:00:00Z",
}


def test_schema_files_match_the_code():
    """`make schemas` regenerates them; this fails when a contract changed without it."""
    rendered = render_schemas()
    on_disk = {p.name: p.read_text() for p in SCHEMA_DIR.glob("*.json")}
    assert on_disk == rendered


def test_every_contract_is_versioned():
    for text in render_schemas().values():
        schema = json.loads(text)
        assert "schema_version" in schema["properties"], schema["title"]


def test_chat_message_round_trip_and_session_marker():
    message = chat_event_adapter.validate_json(json.dumps(VALID))
    assert isinstance(message, ChatMessage) and message.type == "message"
    ended = chat_event_adapter.validate_python(
        {
            **{k: VALID[k] for k in ("event_id", "tenant_id", "user_id", "session_id", "created_at")},
            "type": "session.ended",
        }
    )
    assert ended.type == "session.ended"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"schema_version": 2}, "schema_version"),
        ({"role": "robot"}, "role"),
        ({"created_at": "2026-01-01T10:00:00"}, "created_at"),  # no timezone
        ({"content": ""}, "content"),
        ({"user_id": None}, "user_id"),
        ({"extra_field": 1}, "extra_field"),
    ],
)
def test_invalid_messages_name_the_field(change, field):
    with pytest.raises(ValidationError) as info:
        chat_event_adapter.validate_python({**VALID, **change})
    assert field in str(info.value)


def test_fact_change_requires_an_event_id():
    with pytest.raises(ValidationError):
        FactChange(tenant_id="t", user_id="u", op="added", fact=None, occurred_at="2026-01-01T00:00:00Z")


def test_asyncapi_document_is_in_sync_and_names_every_topic_and_contract():
    from shared.contracts.asyncapi import render_asyncapi, render_asyncapi_text
    from shared.contracts.export import ASYNCAPI_PATH

    assert ASYNCAPI_PATH.read_text() == render_asyncapi_text()
    document = render_asyncapi()
    every_topic = set(asdict(Topics.from_settings(Settings(_env_file=None))).values())
    assert {c["address"] for c in document["channels"].values()} == every_topic
    referenced = {m for c in document["channels"].values() for m in c["messages"]}
    assert referenced == set(document["components"]["messages"])
    for message in document["components"]["messages"].values():
        assert (SCHEMA_DIR / message["payload"]["$ref"].removeprefix("schemas/")).exists()


@pytest.mark.parametrize(
    "created_at", ["2026-01-01T10:00:00Z", "2026-01-01T10:00:00.000120+02:00", "1970-01-01T00:00:00.5-05:30"]
)
@pytest.mark.parametrize("content", ["I live in Berlin", 'Ünïcödé 中文 😀 "q" \\ \n\t\u2028\u007f <&>', "x" * 5000])
@pytest.mark.parametrize("name", [None, "Bob"])
def test_stored_event_json_is_the_models_encoding_byte_for_byte(created_at, content, name):
    """The extractor writes messages.stored without building a model per message: the same bytes."""
    fields = {**VALID, "created_at": created_at, "content": content, "metadata": {"k": [1, 2]}}
    message = chat_event_adapter.validate_python({**fields, **({"name": name} if name else {})})
    written = stored_event_json(message)
    assert written == stored_event(message).model_dump_json().encode()
    assert MessageStored.model_validate_json(written) == stored_event(message)
