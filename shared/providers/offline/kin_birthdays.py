"""A relative's birthday said with its day: "my son turns 10 next friday", "our youngest is turning 4 on sunday",
"it's my husband's birthday on friday", "my dad's 70th is on saturday".

The rules read "my son turns 10" as the son (the date was the birthday's, so it was left off the relative) and had
no event for it: the day was lost. This reads the clause, its date taken out by the caller, as the relative's
birthday, an event on that day: "The user's son turns 10" + " on 2026-05-22", on ``event:son-turns-10``.

Only one's own people (a family word after "my"/"our"), only with a number for an age or the word birthday; a
question, a supposition or a car's age says nothing here. Pure functions over English text.
"""

from __future__ import annotations

import re

from shared.providers.offline import kin

_GATE = re.compile(r"(?i)\b(?:turns?|turning|birthday|bday|\d+(?:st|nd|rd|th)|will\s+be|'ll\s+be)\b")
_KIN = "|".join(sorted((re.escape(w) for w in kin.FAMILY_WORDS), key=len, reverse=True))
_AGE = r"(?P<age>\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen"
_AGE += r"|sixteen|eighteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|a\s+hundred)"
_WHO = (
    rf"(?P<own>my|our)\s+(?P<rel>(?:(?:little|older|younger|big|baby|eldest|oldest|youngest)\s+)?(?:{_KIN}))"
    r"(?:\s+(?P<name>(?-i:[A-Z])[a-z]+))?"
)
# "my son turns 10", "our youngest is turning 4", "my daughter Isla will be 6"
_TURNS = re.compile(
    rf"(?i)^(?:(?:so|and|but|oh|also|btw)\s+)?{_WHO}\s+(?:turns|is\s+turning|will\s+be|'ll\s+be|is\s+going\s+to\s+be)"
    rf"\s+{_AGE}(?:\s+years?\s+old)?(?=\s*(?:$|,))"  # a comment may follow a comma ("..., maybe 12 kids")
)
# "it's my husband's birthday", "my dad's 70th is", "my mum's 60th birthday party is"
_BIRTHDAY = re.compile(
    rf"(?i)^(?:(?:it\s+is|it's|its)\s+)?{_WHO}(?:'s|’s|\s+is)\s+(?:(?P<nth>\d{{1,3}})(?:st|nd|rd|th)\b)?\s*"
    r"(?P<what>(?:birthday|bday)(?:\s+party)?)?\s*(?:is)?$"
)


def birthday_ahead(clause: str) -> tuple[str, str] | None:
    """(the fact's text without its date, its event slot's key) for a relative's birthday said in ``clause`` (its
    date taken out); None for anything else."""
    if not _GATE.search(clause):
        return None
    clause = clause.strip()
    if m := _TURNS.match(clause):
        who = _who(m)
        age = re.sub(r"\s+", " ", m.group("age").lower())
        return f"The user's {who} turns {age}", f"{_key(m)}-turns-{age.replace(' ', '-')}"
    m = _BIRTHDAY.match(clause)
    if m is None or not (m.group("nth") or m.group("what")):
        return None
    if nth := m.group("nth"):  # "my dad's 70th": he turns 70
        return f"The user's {_who(m)} turns {nth}", f"{_key(m)}-turns-{nth}"
    return f"The user's {_who(m)}'s birthday is", f"{_key(m)}-birthday"


def _who(m: re.Match[str]) -> str:
    rel = re.sub(r"\s+", " ", m.group("rel").lower())
    return f"{rel} {m.group('name')}" if m.group("name") else rel


def _key(m: re.Match[str]) -> str:
    rel = re.sub(r"\s+", "-", m.group("rel").lower())
    return f"{rel}-{m.group('name').lower()}" if m.group("name") else rel
