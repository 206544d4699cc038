"""When an answer says its fact began: the piece of a reply that says only that.

An answer is often a fragment ("where do you work?" / "at Ikea, since March"): the fragment and answer readers
(``answers``, ``fragments``) make a statement of it ("I work at Ikea") and the statement is read as a clause of its
own, so the time said beside it is lost. The time belongs to the fact when it stands in a piece of its own that
says nothing but the start: "since March", "started last month", "starting June 1st", "been there since feb",
"moved there in 2023". A piece that says more ("see you in March?", "my sister started in March", "moving in
March") is about something else, and a reply with two such pieces does not say which is whose.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

Hit = TypeVar("Hit")

# Pieces: sentences, comma pieces, dash asides (an emoji ends a piece as a full stop does).
_PIECE_SPLIT = re.compile(r"[.!?;,\n]+|\s[-–—]+\s|[\U0001F300-\U0001FAFF\u2600-\u27BF]+")
# Cheap gate: a reply without one of these words states no start.
_TIME_WORDS = re.compile(
    r"(?i)\b(?:since|start|started|starting|began|from|for|joined|moved|been|ago|jan|feb|mar|apr|may|jun|jul|aug"
    r"|sep|sept|oct|nov|dec|last|this|\d{4}|years?|yrs?|months?|weeks?|now)"
)
_OPENERS = r"(?:(?:and|so|oh|btw|also|but|well|yeah|yes|yep|yup|haha+|lol|ok|okay)(?:\s+|$))*"
# What may stand beside the time in a start-only piece (the time itself already cut out).
_START_ONLY = re.compile(
    r"(?i)^" + _OPENERS + r"(?:(?:i|we|i've|ive|we've|i\s+have|i'm|im)\s+)?"
    r"(?:(?:just|only|officially|actually|finally|properly)\s+)*"
    r"(?:(?:started|start|starting|began|begin|joined|moved\s+(?:there|here|in)|been\s+(?:there|here)"
    r"|(?:living|working|lived|worked)\s+(?:there|here)|there|here)\s*)?"
    r"(?:(?:now|lol|haha+|btw|tho|though|actually|already|officially|for)\s*)*$"
)
# A time with no start word must say "since", "for" or "from" itself: a bare "in March" may be anything.
_START_WORD = re.compile(
    r"(?i)\b(?:start|started|starting|began|begin|joined|moved|been|living|working|lived|worked)\b"
)
_START_PREPS = frozenset(("since", "for", "from", "starting", "as of"))


def start_piece(reply: str, find: Callable[[str], tuple[Hit, str | None, int, int] | None]) -> Hit | None:
    """The one time a reply states as its fact's start, or None. ``find(piece)`` finds a time in a piece and gives
    (the time, its preposition, its span's start, its end); the caller owns the date grammar."""
    if not _TIME_WORDS.search(reply):
        return None
    found: list[Hit] = []
    for piece in _PIECE_SPLIT.split(reply):
        piece = piece.strip()
        if not piece or len(piece.split()) > 8 or not _TIME_WORDS.search(piece):
            continue
        hit = find(piece)
        if hit is None:
            continue
        when, prep, start, end = hit
        rest = f"{piece[:start]} {piece[end:]}".strip()
        said = piece[start:end].lower()
        prep = (prep or said.split()[0]).lower()
        if not _START_ONLY.match(re.sub(r"\s+", " ", rest)):
            continue
        held = said.endswith(" now") and not said.startswith(("in ", "on ", "by "))  # "6 years now": held since
        if prep not in _START_PREPS and not _START_WORD.search(rest) and not held:
            continue  # "Leeds, in March": a time, but not said to be the start
        found.append(when)
    return found[0] if len(found) == 1 else None


# A stay said to end soon ("till sunday", "flying back friday", "back home on monday", "another 2 nights"), or one
# asked about as a trip ("still in Paris? how's the trip"): a yes to "still ...?" then confirms where one is for a
# while, not where one lives or works.
_STAY_END = re.compile(
    r"(?i)\b(?:till|until|til|back\s+(?:home\s+)?(?:on|by|next|this|in|tomorrow|tmrw|tonight|mon|tue|wed|thu|fri|sat"
    r"|sun)|flying\s+(?:back|home)|fly\s+(?:back|home)|heading\s+(?:back|home)|home\s+(?:on|by|next|tomorrow|tmrw)"
    r"|another\s+(?:\w+\s+)?(?:day|week|night|month)s?|(?:few|couple(?:\s+of)?)\s+more\s+(?:days|weeks|nights)"
    r"|last\s+(?:day|night|week)\s+(?:here|there))"
)
_TRIP_ASKED = re.compile(
    r"(?i)\b(?:trip|holiday|holidays|hols|vacation|visit|visiting|conference|hotel|airbnb|travels?|travell?ing"
    r"|layover|festival)\b"
)


def stay_ends(question: str, reply: str) -> bool:
    """True when a yes to a "still ...?" question is about a stay: asked as a trip, or said to end soon."""
    return bool(_TRIP_ASKED.search(question) or _STAY_END.search(reply))
