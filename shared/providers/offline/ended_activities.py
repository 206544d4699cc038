"""An activity said by its verb alone is named, when it ends, as the activity: "The user has stopped vaping", not
"no longer vapes".

What one does is kept on a habit slot named by the activity ("habit:vaping", "habit:playing-tennis"), and people
say its end by the activity too ("stopped vaping", "gave up running", "quit smoking"). A retraction that says only
the verb ("no longer vapes") loses the word the activity is known and looked up by. An activity said with its
object ("no longer plays tennis", "no longer coaches the u12s") is named by the object and keeps its form. Only
English retractions of an activity: a habit, a way to work, or a retraction by name whose name is the verb
("*:drink"); an employer, a home, a tool, a state ("is no longer vegan") keep the forms their readers write.

Pure functions over one fact text and its slot.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, TypeVar

from shared.providers.offline import frames

_NO_LONGER = re.compile(r"^(?P<who>The user|[A-Z][\w'-]*(?: [A-Z][\w'-]*)?) no longer (?P<verb>[a-z]+)\b(?P<rest>.*)$")
# What may follow an activity said by its verb alone: nothing, how long, how much, since when. An object ("plays
# tennis", "coaches the u12s", "goes to the gym") names the activity already, and the retraction keeps the words
# the earlier fact was said in (consolidation compares the two texts).
_NO_OBJECT = re.compile(
    r"^(?:\s+(?:for|since|after|because|due\s+to|completely|entirely|altogether|at\s+all|for\s+good|cold\s+turkey)\b.*|\s*\(.*|\s*[.!]*)$"
)
# Third-person forms no activity is said with (a state, a possession, a place, a job, a thing used).
_NOT_ACTIVITIES = frozenset(("is", "has", "lives", "works", "uses", "owns", "likes", "loves", "wants", "needs"))


def _base(verb: str) -> str:
    """The base of a regular third-person form: "vapes" -> "vape", "teaches" -> "teach", "flies" -> "fly"."""
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("ches", "shes", "sses", "xes", "zes", "oes")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else ""


def _of_an_activity(slot: str, gerund: str, base: str) -> bool:
    kind, _, thing = slot.partition(":")
    if kind in ("habit", "commute"):
        return True  # "cycles to work" is how one gets there, an activity too
    first = thing.split("@")[0].split("~")[0].split("-")[0]
    return kind == "*" and first in (gerund, base)


def as_stopped(text: str, slot: str | None, language: str) -> str:
    """The text of an ended activity said as the activity ("The user has stopped playing tennis"), else as it
    was."""
    if language != "en" or not slot or " no longer " not in text:
        return text
    m = _NO_LONGER.match(text)
    if m is None or m.group("verb") in _NOT_ACTIVITIES:
        return text
    base = _base(m.group("verb"))
    if not base or not _NO_OBJECT.match(m.group("rest")):
        return text
    gerund = frames.gerund(base)
    if not _of_an_activity(slot, gerund, base):
        return text
    return f"{m.group('who')} has stopped {gerund}{m.group('rest')}"


F = TypeVar("F", bound=Any)


def said_stopped(fact: F) -> F:
    """The fact, an ended activity's text said as the activity (``as_stopped``)."""
    if not fact.negated:
        return fact
    text = as_stopped(fact.text, fact.slot, fact.language)
    return fact if text == fact.text else replace(fact, text=text)


# --- an activity's key: what its end is looked up by ----------------------------------------------------------

# How far, how many, how long, and when: "5k", "40 lengths", "20 miles", "an hour", "mornings". They say how the
# activity is done, never which activity it is: "I run 5k every morning" is running, and "I gave up running"
# (habit:running) must find it on its slot.
_MEASURE_OR_TIME = re.compile(
    r"^(?:\d+(?:[.,]\d+)?\s*(?:k|km|kms|mi|m)?|k|km|kms|kilometres?|kilometers?|miles?|mi|metres?|meters?|lengths?"
    r"|laps?|reps?|sets?|rounds?|minutes?|mins?|hours?|hrs?|half|an?|hour|times|mornings?|evenings?|nights?"
    r"|afternoons?|lunchtimes?|lunch|weekends?|weekdays?|daily|nightly|weekly)$",
    re.IGNORECASE,
)
_WORD = re.compile(r"[\w+#'-]+")
_NO_OBJECT_NEXT = re.compile(
    r"^(?:$|(?:mostly|usually|often|always|sometimes|normally|before|after|at|in|on|with|around|near|by|from|for"
    r"|during|along|through|round|up|down|every|each|most|then|and|or|but|so|if|when|because)\b)",
    re.IGNORECASE,
)


# When, said as an adjunct: "in the mornings", "at 6am", "at lunchtime", "on sundays", "before work".
_WHEN_ADJUNCT = re.compile(
    r"^\s*,?\s*(?:(?:in\s+the\s+|of\s+a\s+|most\s+|early\s+)(?:mornings?|evenings?|afternoons?)|at\s+(?:night|lunch(?:time)?"
    r"|dawn|weekends|the\s+weekend|\d{1,2}(?::\d{2})?\s*(?:am|pm)?)|on\s+(?:weekends|weekdays|the\s+weekend"
    r"|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)|(?:before|after)\s+(?:work|school|class|uni|dinner|breakfast)"
    r"|(?:mornings|evenings|nights|daily|now|these\s+days|nowadays|again))\b",
    re.IGNORECASE,
)


def without_when(what: str) -> str | None:
    """ "in the mornings" -> "" (nothing but when the activity is done), "in the sea" -> None (not a time)."""
    rest, found = what, False
    while m := _WHEN_ADJUNCT.match(rest):
        rest, found = rest[m.end() :], True
    return rest.lstrip(" ,") if found else None


def without_measure(what: str) -> str:
    """ "5k morning, mostly before work" -> "" (no object: the activity alone); "lengths of the pool" -> "of the
    pool"; "tennis at the club" as it was: the words before the activity's object that only measure or time it go,
    and with nothing but how or where after them, no object is left."""
    if (timeless := without_when(what)) is not None:
        return "" if _NO_OBJECT_NEXT.match(timeless) else timeless
    words = _WORD.findall(what)
    kept = 0
    while kept < len(words) and _MEASURE_OR_TIME.match(words[kept]):
        kept += 1
    if kept == 0:
        return what
    rest = what
    for word in words[:kept]:
        rest = rest[rest.index(word) + len(word) :]
    rest = rest.lstrip(" ,")
    # what follows the measure is how or where ("mostly before work", "before work"): no object at all
    return "" if _NO_OBJECT_NEXT.match(rest) else rest


# --- a degree finished is a graduation: "finished my law degree in december" --------------------------------------

_DEGREE_DONE = re.compile(
    r"^(?P<subj>i|we)\s+(?:(?:have|just|finally|officially|actually)\s+)*(?:finished|completed|got|passed)"
    r"\s+(?P<what>(?:my|our)\s+(?:[a-z]+\s+){0,2}?(?:degrees?|masters|master's|phd|doctorate|bachelor's|bachelors|ba"
    r"|bsc|msc|studies|diploma))\b(?P<rest>.*)$",
    re.IGNORECASE,
)
# What else a degree may be said to have done, which is no end of it: "got my degree certificate", "my thesis draft".
_NOT_DONE = re.compile(
    r"^\s+(?:certificate|results?|draft|chapter|proposal|offer|back|framed|printed)\b", re.IGNORECASE
)


def as_graduated(clause: str) -> str:
    """ "I finished my law degree in december" -> "I graduated with my law degree in december": the studies it ends
    are over, as
    "graduated" says (the study frames read it so); any other clause as it was."""
    m = _DEGREE_DONE.match(clause)
    if not m or _NOT_DONE.match(m.group("rest")):
        return clause
    return f"{m.group('subj')} graduated with {m.group('what')}{m.group('rest')}"  # the degree named, as said
