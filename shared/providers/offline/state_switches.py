"""A switch to a state of a known kind is that state, begun when the switch was made; a habit moved to another
time is the habit at that time ("switched my runs to mornings": "I run in the mornings").

"switched to decaf two weeks ago", "moved to nights last month", "went part-time in april": the speaker says what
they do now (drink decaf, work nights) and since when. Read as an event of that day, the old state (coffee, the
day shift) never ends and the new one never holds; read as "moved to <somewhere>", night shifts became a home.
This rewrites such a clause as the start of the state ("I started drinking decaf two weeks ago"), which the
extractor reads as a state from the stated time, whatever tense or date the clause has.

Only for a value whose head is of a kind known here (a drink; a work schedule), so "switched to the other tab"
or "moved to a bigger table" stay as they were; only with "I"/"we" as the subject (said by the caller's
subject rewrite for a dropped "I"), so "my wife switched to decaf" stays hers; and only for a switch said done
("switched", "have switched", "went over"), never "switching"/"should I switch", which are plans or questions.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from shared.providers.offline import frames
from shared.providers.offline.text_forms import words

# What is drunk, by the head of what is named: "decaf", "oat milk", "green tea", "alcohol-free beer".
_DRINKS = words(
    """
    decaf coffee coffees tea teas milk water beer beers lager wine cider coke cola juice smoothies matcha kombucha
    espresso espressos latte lattes cappuccino cappuccinos chai rooibos soda lemonade squash cordial
    """
)
# How one's work hours run: "night shifts", "the early shift", "nights", "part-time", "a four day week".
_SCHEDULES = frozenset(["shift", "shifts", "nights", "days", "part-time", "full-time", "week"])
# A "week" is a schedule only as a working week of some days: "a four day week", "a 4-day week".
_WORK_WEEK = re.compile(r"(?:\d|one|two|three|four|five|six)[\s-]+days?[\s-]+week$", re.IGNORECASE)

# A switch said done, by "I"/"we", to what follows "to": the value runs to the first word that cannot be part
# of it (a date, a reason, a clause after a comma).
_SWITCHED = re.compile(
    r"^(?P<subj>i|we)\s+(?:(?:have|'ve|just|finally|recently|also|actually|now)\s+)*"
    r"(?:switched|changed|moved|went)\s+(?:over\s+|back\s+)?to\s+(?P<value>(?:(?:an?|the)\s+)?"
    r"[a-z0-9][\w-]*(?:\s+[a-z0-9][\w-]*){0,3}?)"
    r"(?P<rest>(?=\s*[,.!?;(]|\s+(?:in|on|since|last|this|two|three|a|an|\d+|back|ago|about|around|over|after"
    r"|and|but|so|because|bc|cause|to|for|at|now|lol|haha|tho|though|yesterday|recently|already)\b|\s*$).*)$",
    re.IGNORECASE,
)
# "went part-time in april", "went full time": a schedule taken up, said without "to".
_WENT_SCHEDULE = re.compile(
    r"^(?P<subj>i|we)\s+(?:(?:have|just|finally|recently|also)\s+)*went\s+(?P<value>(?:part|full)[\s-]time)\b(?P<rest>.*)$",
    re.IGNORECASE,
)
# An aside in brackets ("(more pay)"), or a comment after a comma ("way nicer in tea"), or a purpose ("to look
# after my mum"): the reason for the switch, never part of the state. A time said after a comma stays.
_ASIDE = re.compile(r"\s*\([^()]{1,40}\)")
_COMMENT = re.compile(
    r"\s*,\s*(?!(?:in|on|since|last|this|back|about|around|over|from|a|an|\d+|one|two|three|four|five|six|yesterday"
    r"|ago|early|late|mid|end|start)\b).*$|\s+(?:to|so\s+that|so\s+i\s+can)\s+(?!be\b)[a-z]+\b.*$"
    r"|\s+(?:because|bc|b/c|cause|cos|coz|cuz)\s+.*$",
    re.IGNORECASE,
)


def _doing(value: str) -> str | None:
    """ "drinking" for a drink, "working" for a work schedule, None for anything else."""
    words = value.lower().split()
    if words and words[0] in ("a", "an", "the"):
        words = words[1:]
    if not words:
        return None
    head = words[-1]
    if head in _DRINKS:
        return "drinking"
    if head == "week":
        return "working" if _WORK_WEEK.search(" ".join(words)) else None
    if head in _SCHEDULES:
        return "working"
    return None


def is_drink(value: str) -> bool:
    """Whether what is named is a drink, by its head: "coffee", "oat milk", "a beer"."""
    return _doing(value) == "drinking"


def as_begun(clause: str) -> str:
    """ "I switched to decaf two weeks ago" -> "I started drinking decaf two weeks ago"; any other clause as it
    was."""
    m = _SWITCHED.match(clause) or _WENT_SCHEDULE.match(clause)
    if not m:
        return clause
    doing = _doing(m.group("value"))
    if doing is None:
        return clause
    rest = _COMMENT.sub("", _ASIDE.sub("", m.group("rest")))
    return f"{m.group('subj')} started {doing} {m.group('value')}{rest}"


# --- a habit moved to another time: "switched my runs to mornings" ----------------------------------------------

# "my runs", "my swims", "my workouts", "my gym sessions", "my yoga classes": a habit by its noun.
_HABIT_MOVED = re.compile(
    r"^(?P<subj>i|we)\s+(?:(?:have|just|finally|recently|also)\s+)*(?:switched|changed|moved|shifted)\s+"
    r"(?:my|our)\s+(?P<habit>[a-z]+(?:\s+[a-z]+)?)\s+to\s+(?P<when>(?:the\s+|early\s+)?[\w:]+)(?P<rest>.*)$",
    re.IGNORECASE,
)
# The time a habit is moved to, as said after the verb: "mornings" -> "in the mornings", "6am" -> "at 6am".
_WHEN = (
    (re.compile(r"^(?:the\s+)?(?:early\s+)?(?P<w>mornings?|evenings?|afternoons?)$", re.IGNORECASE), "in the {w}"),
    (re.compile(r"^(?P<w>lunch(?:time)?s?|night|nights|weekends|the\s+weekend)$", re.IGNORECASE), "at {w}"),
    (re.compile(r"^(?P<w>(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekdays)$", re.IGNORECASE), "on {w}"),
    (re.compile(r"^(?P<w>\d{1,2}(?::\d{2})?\s*(?:am|pm))$", re.IGNORECASE), "at {w}"),
)
# Nouns of a habit that are not a verb's plural: what one does with them.
_HABIT_NOUNS = {
    "workouts": "work out",
    "training": "train",
    "gym sessions": "go to the gym",
    "gym": "go to the gym",
    "practice": "practise",
}
_SESSIONS = re.compile(r"^(?P<what>[a-z]+)\s+(?P<kind>sessions|classes|lessons)$", re.IGNORECASE)


def _habit_verb(noun: str, is_habit_verb: Callable[[str], bool]) -> str | None:
    noun = noun.lower()
    if noun in _HABIT_NOUNS:
        return _HABIT_NOUNS[noun]
    if sessions := _SESSIONS.match(noun):
        what = sessions.group("what")
        return f"take {what} lessons" if sessions.group("kind") == "lessons" else f"do {what}"
    if noun.endswith("s") and " " not in noun and is_habit_verb(noun[:-1]):
        return noun[:-1]  # "runs", "swims", "rides", "walks"
    return None


def _when(said: str) -> str | None:
    for pattern, form in _WHEN:
        if m := pattern.match(said.strip()):
            return form.format(w=m.group("w").lower())
    return None


def as_moved_habit(clause: str, is_habit_verb: Callable[[str], bool]) -> str:
    """ "I switched my runs to mornings" -> "I run in the mornings"; any other clause as it was (a habit noun
    that is none, "switched my phone to silent", a time that is none: "moved my swims to the lido")."""
    m = _HABIT_MOVED.match(clause)
    if not m:
        return clause
    verb, when = _habit_verb(m.group("habit"), is_habit_verb), _when(m.group("when"))
    if verb is None or when is None:
        return clause
    rest = _COMMENT.sub("", _ASIDE.sub("", m.group("rest")))
    first, _, more = verb.partition(" ")
    doing = f"{frames.gerund(first)} {more}".strip()
    return f"{m.group('subj')} started {doing} {when}{rest}"  # from when the move was made
