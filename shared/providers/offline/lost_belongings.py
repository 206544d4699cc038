"""A belonging lost by theft or wreck: "my ebike got nicked outside the gym", "my car was stolen last night", "the
van got written off in the crash". The user no longer has it: a retraction on the thing's slot, never a positive
fact. Only the speaker's own thing ("my", or "the" with no one else's name): "my friend's car got stolen" is the
friend's news; a question or a fear ("what if my car gets stolen?") is no loss."""

from __future__ import annotations

import re

_LOST = re.compile(
    r"^(?P<det>(?:my|our|the)\s+)?(?P<thing>(?:[\w-]+\s+){0,3}?[\w-]+)\s+(?:got|was|has\s+been|had\s+been|just\s+got)\s+"
    r"(?:(?:just|finally|actually)\s+)?(?P<how>stolen|nicked|pinched|nabbed|swiped|written\s+off|totalled|totaled"
    r"|wrecked|scrapped)\b",
    re.IGNORECASE,
)
_NOT_MINE = re.compile(r"['’]s\b|\b(?:friend|mum|mom|dad|sister|brother|neighbour|neighbor|boss|partner)\b", re.I)
_GATE = re.compile(r"\b(?:stolen|nicked|pinched|nabbed|swiped|written|totall?ed|wrecked|scrapped)\b", re.I)


def lost(text: str) -> tuple[str, str] | None:
    """ "my ebike got nicked" -> ("ebike", "stolen"): the thing and how it was lost; None for anything else."""
    if not text or not _GATE.search(text):
        return None
    m = _LOST.match(text.strip())
    if m is None or _NOT_MINE.search(m.group("thing")):
        return None
    if not m.group("det") and (m.group("thing")[:1].isupper() or " " in m.group("thing")):
        return None  # "Tom got nicked": a person (and arrested); a bare thing is one word ("ebike got nicked")
    how = m.group("how").lower()
    how = "stolen" if how in ("nicked", "pinched", "nabbed", "swiped") else re.sub(r"\s+", " ", how)
    return m.group("thing"), how
