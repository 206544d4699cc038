"""docs/configuration.md, generated from the settings object (`memstream docs` writes it; a test keeps it
equal to what this renders, so the page cannot drift from shared/settings.py)."""

from __future__ import annotations

import inspect
import re
import typing
from pathlib import Path

from pydantic import SecretStr

from shared.settings import Settings

CONFIGURATION_PATH = Path(__file__).resolve().parents[1] / "docs" / "configuration.md"

_GROUP = re.compile(r"^\s*# --- (.+?) -*$")
_FIELD = re.compile(r"^    (\w+): ")

HEADER = """# Configuration

<!-- Generated from shared/settings.py by `memstream docs`; edit the settings, not this file. -->

Every setting is an environment variable with the `MEMSTREAM_` prefix (an `.env` file in the
working directory works too). The defaults run the embedded stack with the offline providers:
`make run` needs none of them. Production sets at least `MEMSTREAM_DATABASE_URL` and
`MEMSTREAM_KAFKA_BOOTSTRAP`; see [operations.md](operations.md) for compose, Kubernetes and managed
Kafka.
"""


def groups() -> list[tuple[str, list[str]]]:
    """The settings in source order, under the section comments of shared/settings.py."""
    found: list[tuple[str, list[str]]] = []
    for line in inspect.getsource(Settings).splitlines():
        if heading := _GROUP.match(line):
            found.append((heading.group(1).strip(), []))
        elif (field := _FIELD.match(line)) and field.group(1) in Settings.model_fields:
            if not found:
                found.append(("General", []))
            found[-1][1].append(field.group(1))
    listed = {name for _, names in found for name in names}
    missing = [name for name in Settings.model_fields if name not in listed]
    if missing:
        found.append(("Other", missing))
    return found


def render_configuration() -> str:
    parts = [HEADER.rstrip("\n")]
    for title, names in groups():
        parts.append(
            f"\n## {title[0].upper()}{title[1:]}\n\n| variable | type | default | meaning |\n|---|---|---|---|"
        )
        for name in names:
            field = Settings.model_fields[name]
            description = (field.description or "").replace("|", "\\|")
            parts.append(
                f"| `MEMSTREAM_{name.upper()}` | {_type(field.annotation)} | {_default(field)} | {description} |"
            )
    return "\n".join(parts) + "\n"


def write_configuration(path: Path = CONFIGURATION_PATH) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_configuration())
    return path


def _type(annotation) -> str:
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    optional = len(args) < len(typing.get_args(annotation))
    if typing.get_origin(annotation) is typing.Literal:
        return " \\| ".join(f"`{a}`" for a in typing.get_args(annotation))
    if optional and len(args) == 1:
        return _type(args[0])
    if annotation is SecretStr:
        return "secret"
    if typing.get_origin(annotation) is dict:
        return "JSON object"
    return {str: "text", int: "integer", float: "number", bool: "boolean", Path: "path"}.get(
        annotation, str(annotation)
    )


def _default(field) -> str:
    value = field.get_default(call_default_factory=True)
    if value is None:
        return "(unset)"
    if isinstance(value, SecretStr):
        return f"`{value.get_secret_value()}`" if value.get_secret_value() else "(empty)"
    if isinstance(value, dict):
        return "`{}`" if not value else f"`{value}`"
    return f"`{value}`"
