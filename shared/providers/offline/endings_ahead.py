"""An ending ahead, said with its day, ends the thing from that day: "I'm leaving Hexa at the end of June",
"we're selling the van next month", "moving out of my flat on the 30th".

Said in the past ("I left Hexa", "we sold the van") the ending frames read such a clause as a retraction; said as
under way with a day still ahead, the rules read it as an event ("The user is leaving Hexa in 2026-06"), so the
job, the home, the van stay true after the day. The clause is the same ending said early: read in the past, it is
the retraction, and its valid time is the day said (consolidation ends the old fact then, not when it was said).

Only a decided ending of the speaker's ("I'm leaving", "quitting", "selling", "cancelling", "closing", "giving up",
"moving out of"), never a hedge ("might be selling") or a question (both dropped before a clause is read). "leaving"
ends only a named organisation or one's job: "leaving Leeds" may be a trip, "leaving work early" a working day.

Pure functions over one English clause (the date phrase already cut out, "I'm" written "I am").
"""

from __future__ import annotations

import re
from collections.abc import Callable

# Cheap gate.
_MAY_SAY = re.compile(r"(?i)\b(?:leaving|quitting|selling|cancell?ing|closing|giving\s+up|moving\s+out)\b")
_AHEAD = re.compile(
    r"(?i)^(?:(?P<who>i|we)\s+(?:am|are)\s+)?(?:(?:officially|finally|actually|definitely)\s+)?"
    r"(?P<verb>leaving|quitting|selling|cancell?ing|closing(?:\s+down)?|giving\s+up|moving\s+out\s+of)\s+"
    r"(?P<what>\S.*)$"
)
_PAST = {
    "leaving": "left",
    "quitting": "quit",
    "selling": "sold",
    "cancelling": "cancelled",
    "canceling": "cancelled",
    "closing": "closed",
    "closing down": "closed",
    "giving up": "gave up",
    "moving out of": "moved out of",
}
# What "leaving" ends: one's job, or an organisation by its name (capitalised words).
_JOB = re.compile(r"(?i)^(?:my|our)\s+(?:job|position|role|post)\b")
_NAMED = re.compile(r"^[A-Z][\w&'.-]*(?:\s+(?:&\s+)?[A-Z][\w&'.-]*)*$")


def as_done(clause: str, is_town: Callable[[str], bool]) -> str | None:
    """The clause said as done ("I left Hexa Robotics") when it says an ending under way, else None."""
    if not _MAY_SAY.search(clause):
        return None
    m = _AHEAD.match(clause.strip(" .!"))
    if m is None:
        return None
    verb = re.sub(r"\s+", " ", m.group("verb").lower())
    what = m.group("what").strip()
    if verb == "leaving" and not (_JOB.match(what) or (_NAMED.match(what) and not is_town(what))):
        return None
    return f"{(m.group('who') or 'I').capitalize()} {_PAST[verb]} {what}"
