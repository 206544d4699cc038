"""Content hashes: the idempotency keys of the whole pipeline."""

from __future__ import annotations

import hashlib
import json
import uuid
from typing import Any

_NAMESPACE = uuid.UUID("6f1c2a4e-3b7d-4f7e-9a51-0c1d2e3f4a5b")


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def content_hash(*parts: Any) -> str:
    """sha256 hex over the canonical JSON of the parts; equal inputs give equal hashes anywhere."""
    return hashlib.sha256(_canonical(parts).encode()).hexdigest()


def stable_uuid(*parts: Any) -> uuid.UUID:
    """A UUID derived from content, so a replay recreates the same row ids."""
    return uuid.uuid5(_NAMESPACE, content_hash(*parts))


def hash_api_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()
