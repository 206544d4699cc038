"""The input rules: one definition, used by the event contracts and by every API route.

Why these rules:
- Postgres stores neither NUL (U+0000) in `text` or `jsonb` nor a lone surrogate (U+D800..U+DFFF, which is
  not UTF-8), so no text that reaches it may hold one; anything else Unicode is fine in content.
- Ids appear in URL paths, topic keys, SQL parameters, log lines and header values. They may hold any
  printable character (emails with `+`, accents, `:`), but not `/` (a path segment ends there, and
  proxies decode `%2F`), not the path segments `.` and `..`, and not leading or trailing whitespace.
- Ids are at most MAX_ID_CHARS characters, and every id derived from one fits the same limit.
- Timestamps a client sends are no earlier than EARLIEST_TIME (1970-01-01 UTC); how far into the future
  they may go depends on the clock skew a deployment allows (a setting), so that check takes `now`.
- Metadata is a JSON object of at most MAX_JSON_DEPTH levels, with finite numbers only (Postgres' jsonb
  has no NaN or Infinity).

Each check returns the problem in words (for a 422 that names the field) or raises ValueError, which
pydantic turns into a validation error at the field.
"""

from __future__ import annotations

import hashlib
import math
import re
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any

from pydantic import AfterValidator, AwareDatetime, Field

MAX_ID_CHARS = 200
MAX_JSON_DEPTH = 16
EARLIEST_TIME = datetime(1970, 1, 1, tzinfo=UTC)
# The latest instant every Postgres client and Python can still shift across time zones (year 9999 ends
# in some zone before it ends in UTC): a read's point in time (`as_of`) must be before it.
LATEST_TIME = datetime(9999, 1, 1, tzinfo=UTC)
MAX_BIGINT = 2**63 - 1  # outbox ids (SSE `since`, Last-Event-ID) are Postgres bigints

_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def unstorable_problem(text: str) -> str | None:
    """Why Postgres cannot store this text, or None."""
    found = _UNSTORABLE.search(text)
    if found is None:
        return None
    char = found.group()
    what = "NUL" if char == "\x00" else "a lone surrogate"
    return f"contains {what} (U+{ord(char):04X}) at position {found.start()}, which cannot be stored"


def id_problem(value: str) -> str | None:
    """Why this is not a valid id (user, session, event, tenant), or None. The length is checked apart."""
    if not value.isprintable():  # one C call for the whole id; the loop only to name the character
        position, char = next((i, c) for i, c in enumerate(value) if not c.isprintable())
        return f"must be printable: U+{ord(char):04X} at position {position} is not"
    if "/" in value:
        return "must not contain '/' (ids are URL path segments)"
    if value in {".", ".."}:
        return "must not be '.' or '..'"
    if value != value.strip():
        return "must not start or end with whitespace"
    return None


def json_problem(value: Any, path: str = "", depth: int = 0) -> str | None:
    """Why this JSON value cannot be stored as jsonb, or None; the problem names its path (`a.b.0`)."""
    if depth > MAX_JSON_DEPTH:
        return f"{path or '(top)'}: nested deeper than {MAX_JSON_DEPTH} levels"
    if isinstance(value, str):
        problem = unstorable_problem(value)
        return f"{path or '(top)'}: {problem}" if problem else None
    if isinstance(value, float) and not math.isfinite(value):
        return f"{path or '(top)'}: {value} is not a finite number"
    if isinstance(value, dict):
        for key, item in value.items():
            key_problem = unstorable_problem(str(key))
            if key_problem:
                return f"{path or '(top)'}: key {key_problem}"
            problem = json_problem(item, f"{path}.{key}" if path else str(key), depth + 1)
            if problem:
                return problem
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            problem = json_problem(item, f"{path}.{index}" if path else str(index), depth + 1)
            if problem:
                return problem
    return None


def time_problem(at: datetime, *, now: datetime, max_skew: timedelta) -> str | None:
    """Why a client's timestamp is outside [EARLIEST_TIME, now + max_skew], or None."""
    if at < EARLIEST_TIME:
        return f"must not be before {EARLIEST_TIME.isoformat()}"
    if at > now + max_skew:
        return f"must not be more than {max_skew.total_seconds():g} s in the future (the server's clock)"
    return None


def derived_id(prefix: str, source_id: str) -> str:
    """`prefix-source_id`, or `prefix-<sha256 of source_id>` when that would be longer than MAX_ID_CHARS:
    a derived id always fits, and equal sources give equal ids."""
    plain = f"{prefix}-{source_id}"
    if len(plain) <= MAX_ID_CHARS:
        return plain
    return f"{prefix}-sha256-{hashlib.sha256(source_id.encode()).hexdigest()}"


# --------------------------------------------------------------------------- the rules as pydantic types


def _raise_on(problem_of):
    def check(value):
        problem = problem_of(value)
        if problem:
            raise ValueError(problem)
        return value

    return check


def _not_before_epoch(at: datetime) -> datetime:
    if at < EARLIEST_TIME:
        raise ValueError(f"must not be before {EARLIEST_TIME.isoformat()}")
    return at


def _readable_instant(at: datetime) -> datetime:
    if not EARLIEST_TIME <= at < LATEST_TIME:
        raise ValueError(f"must be from {EARLIEST_TIME.date()} to before {LATEST_TIME.date()}")
    return at


ID_DESCRIPTION = (
    f"1 to {MAX_ID_CHARS} printable characters (e.g. an email with '+'); no '/', not '.' or '..', "
    "no leading or trailing whitespace."
)
Id = Annotated[
    str,
    Field(min_length=1, max_length=MAX_ID_CHARS, description=ID_DESCRIPTION),
    AfterValidator(_raise_on(id_problem)),
]
StorableText = Annotated[str, AfterValidator(_raise_on(unstorable_problem))]
JsonObject = Annotated[dict[str, Any], AfterValidator(_raise_on(json_problem))]
SinceEpoch = Annotated[AwareDatetime, AfterValidator(_not_before_epoch)]
Instant = Annotated[AwareDatetime, AfterValidator(_readable_instant)]
