"""The SDK's models and routes checked against services/api/openapi.json: each route the SDK calls exists
with that method and answers the schema of the SDK's model; each model's fields are the spec's (every
field it reads is in the spec, every field the spec requires is in the model)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from memstream_client import models
from memstream_client._core import ROUTES
from pydantic import BaseModel

SPEC = json.loads((Path(__file__).resolve().parents[2] / "services/api/openapi.json").read_text())
SCHEMAS: dict[str, Any] = SPEC["components"]["schemas"]


def response_schema(method: str, path: str) -> str | None:
    operation = SPEC["paths"][path][method.lower()]
    for status, response in operation["responses"].items():
        if status.startswith("2"):
            schema = response.get("content", {}).get("application/json", {}).get("schema", {})
            return schema.get("$ref", "").rsplit("/", 1)[-1] or None
    return None


@pytest.mark.parametrize("name", sorted(ROUTES))
def test_route_exists_and_answers_the_model(name: str):
    method, path, model = ROUTES[name]
    assert path in SPEC["paths"], f"{path} is not in the API"
    assert method.lower() in SPEC["paths"][path], f"{method} {path} is not in the API"
    expected = model.__name__ if model else None
    assert response_schema(method, path) == expected


def sdk_models() -> list[type[BaseModel]]:
    return [
        v
        for v in vars(models).values()
        if isinstance(v, type)
        and issubclass(v, BaseModel)
        and v.__module__ == models.__name__
        and v.__name__ in SCHEMAS
    ]


def test_every_schema_the_sdk_reads_has_a_model():
    used = {model.__name__ for _, _, model in ROUTES.values() if model}
    reachable: set[str] = set()

    def walk(name: str) -> None:
        if name in reachable:
            return
        reachable.add(name)
        for ref in _refs(SCHEMAS[name]):
            walk(ref)

    for name in used:
        walk(name)
    missing = {n for n in reachable if not SCHEMAS[n].get("enum")} - {m.__name__ for m in sdk_models()}
    assert not missing, f"schemas the SDK receives without a model: {sorted(missing)}"


@pytest.mark.parametrize("model", sdk_models(), ids=lambda m: m.__name__)
def test_model_fields_match_the_schema(model: type[BaseModel]):
    schema = SCHEMAS[model.__name__]
    properties = set(schema.get("properties", {}))
    fields = set(model.model_fields)
    assert fields <= properties, f"{model.__name__} reads fields the API does not send: {sorted(fields - properties)}"
    required = set(schema.get("required", []))
    dropped = {p for p in properties - fields if p not in ("schema_version",)}
    assert not dropped, f"{model.__name__} drops the API's fields {sorted(dropped)}"
    optional_here = {n for n, f in model.model_fields.items() if not f.is_required()}
    must_have = required - {"schema_version"}
    assert must_have <= fields
    # a field the API always sends may have a default here (forward compatibility), never the reverse
    assert {n for n in fields - required if n not in optional_here} == set(), model.__name__


def _refs(node: Any) -> list[str]:
    found = []
    if isinstance(node, dict):
        if "$ref" in node:
            found.append(node["$ref"].rsplit("/", 1)[-1])
        for value in node.values():
            found.extend(_refs(value))
    elif isinstance(node, list):
        for value in node:
            found.extend(_refs(value))
    return found
