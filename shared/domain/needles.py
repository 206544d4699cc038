"""Words a regular expression cannot match without: a cheap test that skips a pattern before it runs.

``needles(pattern)`` reads the pattern's parse tree and returns strings of which every match contains
at least one (lowercased), or None when it cannot tell. ``may_match(needles, lowered)`` is then a
necessary condition for a match: when it is False the pattern cannot match, so a caller may skip it
and get exactly what running it would have given. Derived from the pattern itself, so it never drifts
from what the pattern says.

Sound for ASCII text only: ignoring case, a pattern's ASCII letter also matches a few non-ASCII letters
(the Kelvin sign for "k", the long s for "s") that ``str.lower`` keeps apart; ``lowered_ascii`` gives
None for other text, and None always may match.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

try:  # Python 3.11+
    from re import _constants as sre
    from re import _parser as sre_parse
except ImportError:  # pragma: no cover - Python 3.10
    import sre_constants as sre  # type: ignore[no-redef]
    import sre_parse  # type: ignore[no-redef]

Needles = frozenset[str]


def needles(pattern: re.Pattern[str] | str) -> Needles | None:
    """Strings (lowercase ASCII) of which every match of ``pattern`` contains one; None if unknown."""
    source, flags = (pattern.pattern, pattern.flags) if isinstance(pattern, re.Pattern) else (pattern, 0)
    try:
        tree = sre_parse.parse(source, flags)
    except Exception:  # noqa: BLE001 - an unreadable tree only means no shortcut
        return None
    return _of_sequence(list(tree))


def lowered_ascii(text: str) -> str | None:
    """The text to test needles against: lowercased, or None when it is not ASCII (then test nothing)."""
    return text.lower() if text.isascii() else None


def may_match(wanted: Needles | None, lowered: str | None) -> bool:
    """False only when the pattern with these needles cannot match the text ``lowered`` came from."""
    if wanted is None or lowered is None:
        return True
    for needle in wanted:  # noqa: SIM110 - a loop, not any(): it runs for every pattern it spares
        if needle in lowered:
            return True
    return False


def _better(a: Needles | None, b: Needles | None) -> Needles | None:
    """The more selective of two requirements: longer shortest needle, then fewer needles."""
    if a is None:
        return b
    if b is None:
        return a
    key_a, key_b = (min(map(len, a)), -len(a)), (min(map(len, b)), -len(b))
    return a if key_a >= key_b else b


def _of_sequence(items: Iterable[tuple]) -> Needles | None:
    """A sequence needs every one of its items, so any one item's needles (the best) will do; a run of
    literal characters is one needle."""
    best: Needles | None = None
    run: list[str] = []
    for op, av in items:
        if op is sre.LITERAL and av < 128:
            run.append(chr(av).lower())
            continue
        if run:
            best = _better(best, frozenset(("".join(run),)))
            run = []
        if op in (sre.AT, sre.ASSERT, sre.ASSERT_NOT):
            continue  # zero width: says nothing the other items need, and breaks no run
        best = _better(best, _of_item(op, av))
    if run:
        best = _better(best, frozenset(("".join(run),)))
    return best


def _of_item(op, av) -> Needles | None:
    if op is sre.SUBPATTERN:
        return _of_sequence(av[-1])
    if op is getattr(sre, "ATOMIC_GROUP", None):
        return _of_sequence(av)
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, getattr(sre, "POSSESSIVE_REPEAT", None)):
        low, _, body = av
        return _of_sequence(body) if low >= 1 else None
    if op is sre.BRANCH:
        found: set[str] = set()
        for branch in av[1]:
            each = _of_sequence(branch)
            if each is None:
                return None  # one branch that needs nothing: the alternation needs nothing
            found |= each
        return frozenset(_shortest_cover(found))
    return None  # a class, any character, a back reference: no literal needed


def _shortest_cover(found: set[str]) -> set[str]:
    """Needles without those that contain another needle (finding the shorter one is enough)."""
    return {n for n in found if not any(m != n and m in n for m in found)}


# Keyed by identity (a pattern's own hash reads its whole source), the pattern kept so its id stays its own.
_OF_PATTERN: dict[int, tuple[re.Pattern[str], Needles | None]] = {}
# More needles than this and testing them costs about what running the pattern does: run it.
_MOST_NEEDLES = 16


def of_pattern(pattern: re.Pattern[str]) -> Needles | None:
    """``needles(pattern)``, worked out once per compiled pattern (None when there are too many to be worth it)."""
    known = _OF_PATTERN.get(id(pattern))
    if known is None:
        found = needles(pattern)
        known = _OF_PATTERN[id(pattern)] = (pattern, found if found and len(found) <= _MOST_NEEDLES else None)
    return known[1]


def sub_if_possible(pattern: re.Pattern[str], repl: Any, text: str, count: int = 0) -> str:
    """``pattern.sub(repl, text, count)``, without running the pattern on a text it cannot match (a
    substitution that finds nothing gives the text back unchanged)."""
    if not may_match(of_pattern(pattern), lowered_ascii(text)):
        return text
    return pattern.sub(repl, text, count)


def sub_each(table: Iterable[tuple[re.Pattern[str], Any]], text: str) -> str:
    """Each (pattern, replacement) of ``table`` applied in turn, as ``sub_if_possible`` does, lowering the
    text once for all the patterns it holds no needle of."""
    lowered = lowered_ascii(text)
    for pattern, repl in table:
        if may_match(of_pattern(pattern), lowered):
            changed = pattern.sub(repl, text)
            if changed != text:
                text, lowered = changed, lowered_ascii(changed)
    return text


def search_if_possible(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    """``pattern.search(text)``, without running the pattern on a text it cannot match."""
    if not may_match(of_pattern(pattern), lowered_ascii(text)):
        return None
    return pattern.search(text)
