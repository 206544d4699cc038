"""Languages spoken: what follows the language in "I speak X ..." that is how or where it is spoken, not part
of its name ("I speak Dutch fluently", "we speak italian at home", "i speak icelandic already"). Cut off, the
language is found in the lexicon; "fluently" and "natively" are kept as the level they say."""

from __future__ import annotations

import re

_MANNER = re.compile(
    r"\s+(?:(?P<level>fluently|natively|well|pretty\s+well|quite\s+well|badly|poorly|okay|ok)"
    r"|already|too|as\s+well|now|at\s+home|at\s+work|with\s+(?:my|our|the)\s+\w+|every\s+day|daily|a\s+bit|a\s+little)$",
    re.IGNORECASE,
)
_LEVELS = {"fluently": "fluent", "natively": "native"}


def without_manner(item: str) -> tuple[str, str]:
    """ "Dutch fluently" -> ("Dutch", "fluent"); "italian at home" -> ("italian", ""); the level is "" when the
    cut words say none."""
    level = ""
    while m := _MANNER.search(item):
        level = level or _LEVELS.get((m.group("level") or "").lower(), "")
        item = item[: m.start()]
    return item.strip(), level
