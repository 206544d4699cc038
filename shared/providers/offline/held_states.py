"""A state held so far, said in the present perfect, read as the state now: "I've been a nurse for 10 years",
"I've been vegetarian since 2020", "I've been at Hexa since 2020", "we've been married for 12 years".

The one reading of "I/we have been X" for every frame that needs it (the clause preparation, the work frames, the
frames of one's life, the message-level change forms): said with how long, such a clause is the state itself
("I am a nurse", "I work at Hexa", "I knit"), true since the stated start. It is none when "been" says a visit, a
thought, a passive or a passing mood ("been to Rome", "been thinking", "been told", "been busy"), a place that may
be a stay ("been in Lisbon": a home only when said with years, ``home_so_far``), a companion ("been with Sam"),
or when the clause goes on to say the state ended ("... but quit last month", "... until I retired").

Pure functions over one clause (lead-ins and the date phrase removed, "I've" written "I have").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from shared.providers.offline import frames, state_switches

_HAVE_BEEN = re.compile(
    r"(?i)^(?P<who>i|we)\s+have\s+(?:(?:now|already|actually|officially|basically|pretty\s+much|happily)\s+)?been\s+"
    r"(?P<what>\S.*?)(?:\s+(?:now|already|still))?\s*[.!]*$"
)
# What "been" says that is no state held: a visit, a thought, a passive, a passing mood, a stay "in" a place (read
# by home_so_far), a companion "with" someone.
_NOT_HELD = re.compile(
    r"(?i)^(?:to|there|here|thinking|wondering|meaning|trying|told|asked|given|having|feeling|busy|away|gone|off|out"
    r"|sick|ill|down|up|stuck|waiting|looking|planning|considering|in|with|through|back|around"
    r"|on\s+(?:holiday|vacation|leave))\b"
)
# "in London", "over in Leeds", "out in Dubai": a place one has been in.
_IN_A_PLACE = re.compile(r"^(?i:(?:over|out)\s+)?(?i:in)\s+(?P<place>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})$")
# Years only: a stay of months is as often a placement or a long trip ("in Leeds for six months").
_LONG_WHILE = re.compile(r"(?i)^(?:since\s+(?:\d{4}|last\s+year|the\s+\d{4}s)\b|for\s+(?:\w+\s+)?(?:years|decades?)\b)")

# "... but quit last month", "... until I left", "... then stopped": a state kept up that has ended since.
ENDED_SINCE = re.compile(
    r"(?i)\b(?:but|until|till|then|and\s+then|before)\s+(?:i\s+|we\s+)?(?:just\s+|finally\s+|recently\s+)?(?:quit"
    r"|stopped|left|gave\s+up|retired|moved|ended|finished|dropped|was\s+(?:let\s+go|laid\s+off|fired)|got\s+(?:laid"
    r"\s+off|fired|sacked))\b"
)

# "at Hexa": where one has been is where one works ("in" may be a stay, "with" a partner as often as an employer).
_AT_AN_ORG = re.compile(r"^(?i:at)\s+(?P<org>[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*){0,3})$")
_DOING = re.compile(r"(?i)^(?P<g>[a-z]+ing)\b(?P<rest>.*)$")
_ROLE = re.compile(r"(?i)^an?\s+")

Kind = Literal["at", "doing", "role", "state"]
VerbTest = Callable[[str], bool]


@dataclass(frozen=True)
class Held:
    """ "I have been a nurse": who holds it ("I" or "we"), what is held as said ("a nurse"), and its kind."""

    who: str
    what: str
    kind: Kind

    @property
    def subject(self) -> str:
        return "I" if self.who.lower() == "i" else "we"

    @property
    def now(self) -> str:
        """The state said in the present: "I am a nurse", "we are married", "I work at Hexa"."""
        if self.kind == "at":
            return f"{self.subject} work {self.what}"
        return f"{self.subject} {'am' if self.subject == 'I' else 'are'} {self.what}"

    def habit(self, is_habit: VerbTest | None = None) -> str | None:
        """A doing kept up as the habit itself ("I have been knitting" -> "I knit"), when the verb is one the
        test accepts (by default, a verb of the habit class); None for any other doing or kind."""
        m = _DOING.match(self.what) if self.kind == "doing" else None
        if m is None:
            return None
        base = base_of_doing(m.group("g"), is_habit or (lambda b: frames.verb_class(b) == "habit"))
        return f"{self.subject} {base}{m.group('rest')}" if base else None


def base_of_doing(gerund: str, accepts: VerbTest) -> str | None:
    """The base of a gerund that ``accepts`` knows: the gerunds' table first, then the stem as spelt ("knitting" ->
    "knit", "baking" -> "bake")."""
    g = gerund.lower()
    stem = g[:-3]
    bases = [frames.base_of_gerund(g), stem, stem[:-1] if stem[-2:-1] == stem[-1:] else None, stem + "e"]
    return next((b for b in bases if b and accepts(b)), None)


def held_so_far(clause: str) -> Held | None:
    """ "I have been a nurse" as a state held (whose "for"/"since" the caller has read as the date); None for a
    clause of another form, a visit, a thought, a passing mood, a stay, a companion, or a state that ended."""
    m = _HAVE_BEEN.match(clause.strip())
    if m is None or _NOT_HELD.match(m.group("what")) or ENDED_SINCE.search(m.group("what")):
        return None
    who, what = m.group("who"), m.group("what")
    if who.lower() == "i" and _AT_AN_ORG.match(what):
        return Held(who, what, "at")
    if _DOING.match(what):
        return Held(who, what, "doing")
    return Held(who, what, "role" if _ROLE.match(what) else "state")


def home_so_far(clause: str, date_said: str) -> str | None:
    """ "I live in London" for "I have been in London" said with a start or a stretch of years ("since 2019",
    "for 8 years"); None for a stay of months or days, or a clause of another form."""
    m = _HAVE_BEEN.match(clause.strip())
    place = _IN_A_PLACE.match(m.group("what")) if m else None
    if place is None or not _LONG_WHILE.match(date_said.strip()):
        return None
    return f"I live in {place.group('place')}"


# --- a habit not kept up since a time: "haven't smoked since january" ------------------------------------------

_NOT_DONE = re.compile(
    r"(?i)^(?P<who>i|we)\s+have\s+not\s+(?:(?:really|even|once|actually)\s+)?(?P<pp>[a-z]+)\b(?P<rest>.*?)\s*[.!]*$"
)
# "had a drink", "had a cigarette": a drink or a smoke had is drinking or smoking.
_HAD = (
    (re.compile(r"(?i)^\s+(?:a\s+)?(?:drink|drop|sip|beer|pint|glass\s+of\s+\w+|alcohol|booze|wine)\b"), "drinking"),
    (re.compile(r"(?i)^\s+(?:a\s+)?(?:cigarette|cig|ciggie|smoke|fag|puff|vape)\b"), "smoking"),
)
_PAST_PARTICIPLES = {"eaten": "eat", "drunk": "drink", "ridden": "ride", "swum": "swim", "run": "run", "done": "do"}


def _base_of(pp: str) -> list[str]:
    if pp in _PAST_PARTICIPLES:
        return [_PAST_PARTICIPLES[pp]]
    if not pp.endswith("ed"):
        return []
    return [pp[:-2], pp[:-1], pp[:-3]]  # "played", "smoked", "jogged"


def stopped_since(text: str, is_habit_verb: VerbTest) -> str | None:
    """ "I have not smoked" (said with "since"/"for", already read as the date) -> "I stopped smoking"; "I have
    not been running" -> "I stopped running"; "I have not had a drink" -> "I stopped drinking"; None for a verb
    of no habit ("have not seen my dad") or any other clause."""
    m = _NOT_DONE.match(text)
    if not m:
        return None
    pp, rest, who = m.group("pp").lower(), m.group("rest"), m.group("who")
    if pp == "been" and (doing := _DOING.match(rest.strip())) and frames.base_of_gerund(doing.group("g").lower()):
        return f"{who} stopped {rest.strip()}"
    if pp == "had":
        if found := next((f"{who} stopped {doing}" for had, doing in _HAD if had.match(rest)), None):
            return found
        return _stopped_having(who, rest)
    for base in _base_of(pp):
        if is_habit_verb(base):
            return f"{who} stopped {frames.gerund(base)}{rest}"
    return None


# "had coffee", "had any meat": a drink or a food had is drinking or eating it.
_HAD_WHAT = re.compile(r"(?i)^\s+(?:any\s+|a\s+|real\s+)?(?P<what>[a-z]+(?:\s+[a-z]+)?)\s*(?:[,;].*)?$")
_FOODS = frozenset(
    [
        "meat",
        "sugar",
        "dairy",
        "bread",
        "chocolate",
        "gluten",
        "fish",
        "cheese",
        "carbs",
        "takeaway",
        "takeaways",
        "crisps",
        "sweets",
        "chips",
        "pizza",
    ]
)


def _stopped_having(who: str, rest: str) -> str | None:
    m = _HAD_WHAT.match(rest)
    if not m:
        return None
    what = m.group("what").lower()
    head = what.split()[-1]
    if head in _FOODS:
        return f"{who} stopped eating {what}"
    return f"{who} stopped drinking {what}" if state_switches.is_drink(what) else None


# --- a doing said in the progressive with "since": "i'm cycling to work since march" -------------------------------

_DOING_NOW = re.compile(r"(?i)^(?P<who>i|we)\s+(?:am|are)\s+(?:(?:now|still|also)\s+)?(?P<g>[a-z]+ing)\b(?P<rest>.*)$")


def begun_since(text: str, is_habit_verb: VerbTest) -> str | None:
    """ "I am cycling to work" (said with "since", already read as the date) -> "I started cycling to work", which
    the start frames read as the habit from then; None for a verb of no habit ("staying", "waiting")."""
    m = _DOING_NOW.match(text)
    base = frames.base_of_gerund(m.group("g").lower()) if m else None
    if not m or not base or not is_habit_verb(base) or base in frames.SAID_IN_PROGRESS:
        return None
    return f"{m.group('who')} started {m.group('g')}{m.group('rest')}"


# --- "stopped having meat": a food or a drink had no more is eaten or drunk no more --------------------------------

_STOPPED_HAVING = re.compile(
    r"(?i)\b(?P<stop>stopped|quit|quitted|gave\s+up)\s+having\s+(?:any\s+|a\s+|real\s+)?(?P<what>[a-z]+(?:\s+[a-z]+)?)\b"
)


def having_stopped(text: str) -> str:
    """ "I stopped having any meat in 2024" -> "I stopped eating meat in 2024"; "quit having coffee" -> "quit drinking
    coffee": the clause as it was for anything else ("stopped having meetings"), whose "having" the ending frames
    would otherwise drop, reading the food as the verb ("stopped meating")."""
    if "having" not in text.lower():
        return text

    def said(m: re.Match[str]) -> str:
        named = m.group("what")
        for what in (named, named.split()[0]):
            after = named[len(what) :]  # "meat in 2024": the food is "meat", "in" is the time's
            if what.lower().split()[-1] in _FOODS:
                return f"{m.group('stop')} eating {what}{after}"
            if state_switches.is_drink(what.lower()):
                return f"{m.group('stop')} drinking {what}{after}"
        return m.group(0)

    return _STOPPED_HAVING.sub(said, text)
