"""Checks an event must pass beyond its schema, before a stage stores anything of it.

A schema says what shape an event has; these say whether its content can be stored and trusted.
Postgres refuses a NUL character in text and jsonb, so a NUL that got past the schema would fail a
whole batch's write. A vector with a wrong size, no direction (all zeros) or a non-finite number
would be stored as a fact that no similarity search can rank, or that breaks every ranking it joins.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from pydantic import BaseModel

MAX_DEPTH = 64  # deeper than any event has reason to be; the JSON parser already stops at 200
FLOAT4_MAX = 3.4028234663852886e38  # pgvector stores float4


def unstorable_text(value: Any, path: str = "", depth: int = 0) -> str | None:
    """Where in ``value`` (a parsed event) a string holds a character Postgres cannot store, as a
    dotted path ("(event)" for the value itself), or None when every string is storable."""
    if depth > MAX_DEPTH:
        return f"{path or '(event)'}: nested more than {MAX_DEPTH} levels"
    if isinstance(value, str):
        return f"{path or '(event)'}: contains a NUL character" if "\x00" in value else None
    if isinstance(value, BaseModel):
        items: Any = ((name, getattr(value, name)) for name in type(value).model_fields)
    elif isinstance(value, Mapping):
        items = value.items()
    elif isinstance(value, Sequence) and not isinstance(value, bytes | bytearray):
        if value and isinstance(value[0], float | int) and all(isinstance(v, float | int) for v in value):
            return None  # a vector: nothing to check, and the common case
        items = enumerate(value)
    else:
        return None
    for name, item in items:
        where = f"{path}.{name}" if path else str(name)
        if isinstance(name, str) and "\x00" in name:
            return f"{where}: a key contains a NUL character"
        if (found := unstorable_text(item, where, depth + 1)) is not None:
            return found
    return None


def embedding_problem(vector: Sequence[float], dimensions: int) -> str | None:
    """Why ``vector`` cannot be stored as an embedding of ``dimensions``, or None when it can."""
    if len(vector) != dimensions:
        return f"{len(vector)} dimensions, the facts table has {dimensions}"
    if isinstance(vector, np.ndarray):
        return _array_problem(vector)
    # sum() runs in C and ends non-finite if any element is; only then look element by element.
    if not math.isfinite(sum(vector)) and not all(math.isfinite(v) for v in vector):
        return "holds NaN or an infinite value"
    if max(vector) > FLOAT4_MAX or min(vector) < -FLOAT4_MAX:
        return "a value beyond the float4 range of the vector column"
    if not np.asarray(vector, dtype=np.float32).any():  # as stored: values below float4's smallest become zero
        return "all zeros (a vector with no direction matches nothing)"
    return None


def _array_problem(vector: np.ndarray) -> str | None:
    """:func:`embedding_problem` for a numpy vector (the events' own form): the same checks, in C."""
    if vector.ndim != 1 or vector.dtype.kind not in "fiu":
        return "not a flat vector of numbers"
    if not np.isfinite(vector).all():
        return "holds NaN or an infinite value"
    if np.abs(vector).max() > FLOAT4_MAX:
        return "a value beyond the float4 range of the vector column"
    if not vector.astype(np.float32).any():  # as stored: values below float4's smallest become zero
        return "all zeros (a vector with no direction matches nothing)"
    return None
