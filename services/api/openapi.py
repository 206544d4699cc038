"""Export the OpenAPI document to services/api/openapi.json: `python -m services.api.openapi`.

A test keeps the file equal to what the app serves at /openapi.json.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

PATH = Path(__file__).with_name("openapi.json")


def spec() -> dict[str, Any]:
    from services.api.app import create_app
    from shared.settings import Settings

    return create_app(Settings(_env_file=None)).openapi()


def render() -> str:
    return json.dumps(spec(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main() -> int:
    PATH.write_text(render())
    print(f"wrote {PATH}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
