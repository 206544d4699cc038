"""The exported OpenAPI document matches the app and is structurally valid OpenAPI 3; errors are
problem details naming the field; body limits hold."""

from __future__ import annotations

import json
import re

import httpx

from services.api import openapi
from services.api.app import api_routes, create_app
from shared.settings import Settings

HTTP_METHODS = {"get", "put", "post", "delete", "patch", "options", "head", "trace"}


def test_exported_spec_matches_the_app():
    on_disk = json.loads(openapi.PATH.read_text())
    assert on_disk == create_app(Settings(_env_file=None)).openapi(), "run: python -m services.api.openapi"


def _refs(node, found: set[str]) -> set[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref":
                found.add(value)
            else:
                _refs(value, found)
    elif isinstance(node, list):
        for value in node:
            _refs(value, found)
    return found


def test_spec_is_structurally_valid_openapi_3():
    spec = json.loads(openapi.PATH.read_text())
    assert re.fullmatch(r"3\.\d+\.\d+", spec["openapi"])
    assert spec["info"]["title"] == "memstream" and spec["info"]["version"]
    schemas = spec["components"]["schemas"]
    for ref in _refs(spec, set()):
        assert ref.startswith("#/components/schemas/") and ref.rsplit("/", 1)[1] in schemas, ref
    operation_ids = []
    for path, item in spec["paths"].items():
        assert path.startswith("/")
        placeholders = set(re.findall(r"{(\w+)}", path))
        for method, operation in item.items():
            assert method in HTTP_METHODS, (path, method)
            assert operation["responses"], (path, method)
            for status in operation["responses"]:
                assert status == "default" or re.fullmatch(r"[1-5]\d\d", status), (path, status)
            declared = {p["name"] for p in operation.get("parameters", []) if p["in"] == "path"}
            assert declared == placeholders, (path, method)
            for parameter in operation.get("parameters", []):
                assert parameter["in"] in ("query", "header", "path", "cookie") and "schema" in parameter
                if parameter["in"] == "path":
                    assert parameter["required"] is True
            operation_ids.append(operation["operationId"])
    assert len(operation_ids) == len(set(operation_ids))
    documented = {(m.upper(), p) for p, item in spec["paths"].items() for m in item}
    assert documented == set(api_routes(create_app(Settings(_env_file=None))))


async def test_served_spec_and_docs(api):
    async with httpx.AsyncClient(base_url=api.url) as client:
        served = (await client.get("/openapi.json")).json()
        docs = await client.get("/docs")
    assert served == json.loads(openapi.PATH.read_text())
    assert docs.status_code == 200


async def test_errors_are_problem_details_naming_the_field(client, api):
    cases = [
        (await client.post("/v1/search", json={"user_id": "u", "query": ""}), 422, "query"),
        (await client.post("/v1/search", json={"user_id": "bad\x01id", "query": "x"}), 422, "user_id"),
        (await client.post("/v1/context", json={"user_id": "u", "max_tokens": 5}), 422, "max_tokens"),
        (await client.post("/v1/context", json={"user_id": "u", "format": "yaml"}), 422, "format"),
        (await client.get("/v1/users/u/facts", params={"limit": 0}), 422, "limit"),
        (await client.post("/v1/users/u/facts", json={"text": "x", "importance": 11}), 422, "importance"),
        (await client.post("/v1/users/u/facts", json={"text": "x", "colour": "red"}), 422, "colour"),
        (await client.get("/v1/nothing-here"), 404, "Not Found"),
        (await client.put("/v1/search", json={}), 405, "Method Not Allowed"),
    ]
    for response, status, named in cases:
        assert response.status_code == status, response.text
        assert response.headers["content-type"].startswith("application/problem+json"), response.text
        body = response.json()
        assert body["status"] == status and body["title"] and named in body["detail"], body


async def test_body_limits(client, api):
    settings = api.app.state.settings
    limit = settings.max_request_bytes
    too_big = await client.post(
        "/v1/messages", content=b"{" + b" " * (limit + 1) + b"}", headers={"content-type": "application/json"}
    )
    assert too_big.status_code == 413 and too_big.headers["content-type"].startswith("application/problem+json")
    assert str(limit) in too_big.json()["detail"]
    long = await client.post(
        "/v1/messages",
        json={"messages": [{"user_id": "u", "session_id": "s", "role": "user", "content": "x" * 16_001}]},
    )
    assert long.status_code == 422 and "messages.0.content" in long.json()["detail"]
    many = await client.post(
        "/v1/messages",
        json={"messages": [{"user_id": "u", "session_id": "s", "role": "user", "content": "hi"}] * 501},
    )
    assert many.status_code == 422 and "messages" in many.json()["detail"]


async def test_ingest_batch_is_idempotent_on_event_id(client, stack, tenant):
    from tests.helpers import read_topic

    tenant_id, _ = tenant
    body = {
        "messages": [
            {"event_id": "same-1", "user_id": "u", "session_id": "s", "role": "user", "content": "I like tea."},
            {"user_id": "u", "session_id": "s", "role": "assistant", "content": "Noted."},
        ]
    }
    first = await client.post("/v1/messages", json=body)
    again = await client.post("/v1/messages", json=body)
    assert first.status_code == again.status_code == 202
    assert first.json()["accepted"] == 2 and first.json()["event_ids"][0] == again.json()["event_ids"][0] == "same-1"
    events = await read_topic(
        stack.bootstrap, stack.settings.topic("chat.messages"), predicate=lambda e: e.get("tenant_id") == tenant_id
    )
    assert {e["event_id"] for e in events} >= {"same-1", first.json()["event_ids"][1]}
    assert all(e["tenant_id"] == tenant_id for e in events)
