"""A town one left is a home ended, never a job ended, and a town left on a trip is neither.

"I left Leeds", "finally left London in march", "we left Manchester last year": the speaker no longer lives
there, from the stated time. The employer reading ("no longer works at Leeds") is wrong: a town is no
workplace. But "left Leeds at 6", "left Paris this morning", "left Bristol after a long weekend" are a
journey: nothing ended. So the town must close what is said (nothing after it but "for good", "behind", the
town one went to instead, or a comment after a comma that is no leg of a journey), and a time said must not be
a day just past (a trip's time).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

# What may follow the town when the leaving is a move: "for good", "behind", "for Bristol", "to move to Bath".
_MOVE_TAIL = re.compile(
    r"^(?:for\s+good|behind|(?:for|to\s+move\s+to|and\s+moved\s+to)\s+(?P<next>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?))?"
    r"\s*(?:now|finally|at\s+last|lol|haha|tho)?\s*(?:[.!]*$|[,;]\s+(?!(?:got|arrived|landed|reached|should|will|gonna"
    r"|getting|back|heading|be|home|then)\b))"
)
# A time of day or of the last few days is the time of a journey, not of a move.
_DAYS_OF_A_TRIP = 3


def a_move(tail: str, said_on: date | None, today: date, is_town: Callable[[str], bool]) -> bool:
    """Whether leaving a town, with ``tail`` said after it and ``said_on`` the day of its stated time (None when
    it states none or a month or a year), is a move away: nothing after the town but what a move says."""
    m = _MOVE_TAIL.match(tail.strip())
    if not m or (m.group("next") and not is_town(m.group("next"))):
        return False
    return said_on is None or not (0 <= (today - said_on).days <= _DAYS_OF_A_TRIP)


def ended_home(town: str) -> str:
    return f"The user no longer lives in {town}"
