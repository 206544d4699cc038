"""Render the JSON Schemas of the event contracts, so non-Python producers can validate too."""

from __future__ import annotations

import json
from pathlib import Path

from shared.contracts.events import EVENT_MODELS

SCHEMA_DIR = Path(__file__).parent / "schemas"


def render_schemas() -> dict[str, str]:
    """File name -> JSON text of every event's schema."""
    rendered = {}
    for name, model in EVENT_MODELS.items():
        schema = model.model_json_schema()
        schema["$id"] = f"https://memstream.dev/schemas/{name}.v1.json"
        rendered[f"{name}.v1.json"] = json.dumps(schema, indent=2, sort_keys=True) + "\n"
    return rendered


ASYNCAPI_PATH = Path(__file__).parent / "asyncapi.json"


def write_schemas(directory: Path = SCHEMA_DIR) -> list[Path]:
    """The JSON Schemas, and the AsyncAPI document that names them."""
    from shared.contracts.asyncapi import render_asyncapi_text

    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for file_name, text in render_schemas().items():
        path = directory / file_name
        path.write_text(text)
        written.append(path)
    ASYNCAPI_PATH.write_text(render_asyncapi_text())
    return [*written, ASYNCAPI_PATH]
