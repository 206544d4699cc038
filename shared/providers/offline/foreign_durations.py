"""How long a state has held, said without a "since" word, in Spanish and German; and "here" before a named place.

* Spanish says how long with "llevar": "llevo cuatro años en Huesca", "llevo ya seis meses en Lugo". That is
  "vivo en Huesca desde hace cuatro años": the time is when the state began. The readers know the clause (it is
  where the user lives); the stated time reads it when it is said as "desde hace ...", which is added.
* German says it with "schon" and no "seit": "ich wohne schon fünf Jahre in Gera", "ich lebe jetzt schon zwei
  Jahre in Suhl". Read as "seit fünf Jahren"; only after a verb of a lasting state (living, working, being,
  studying), so "ich warte schon zwei Jahre auf ..." stays as it was.
* "vivo aquí en Teruel", "moro aqui em Viseu", "ich wohne hier in Gera": "here" after a verb of living, before
  the named place, only points at it; the place is where the user lives.

Pure functions.
"""

from __future__ import annotations

import re

__all__ = ["said_since"]

_ES_COUNT = (
    r"(?:un|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|quince|veinte|\d+|unos|unas|varios"
    r"|varias|muchos|muchas)"
)
_ES_UNIT = r"(?:años?|mes(?:es)?|semanas?|días?)"
_LLEVO = re.compile(
    rf"(?i)^(?P<lead>(?:yo\s+)?llevo)\s+(?:ya\s+)?(?P<time>{_ES_COUNT}\s+{_ES_UNIT})\s+(?:ya\s+)?"
    rf"(?P<rest>(?:aquí\s+|acá\s+)?en\s+(?-i:[A-ZÀ-Ý]).*)$"
)
_DE_COUNT = r"(?:zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|zwanzig|\d+|ein\s+paar|einige|viele)"
_DE_UNITS = {"jahre": "Jahren", "monate": "Monaten", "wochen": "Wochen", "tage": "Tagen"}
# "schon" may have been taken off before ("ich wohne fünf Jahre in Gera"): then only years or months, which say a
# lasting state; "zwei Wochen in Gera" may be a stay.
_SCHON = re.compile(
    r"(?i)^(?P<lead>ich\s+(?:wohne|lebe|arbeite|bin|studiere|unterrichte))\s+(?:jetzt\s+|nun\s+)?"
    rf"(?:(?:schon|bereits)\s+(?P<n>{_DE_COUNT})\s+(?P<u>jahre|monate|wochen|tage)"
    rf"|(?P<n2>{_DE_COUNT})\s+(?P<u2>jahre|monate))\b(?!\s+alt\b)"  # "ich bin 34 Jahre alt": an age, not a time
)
# Only after a verb of living: "sigo aquí en Teruel" is read by ``foreign_still``, which wants its "aquí".
_HERE = re.compile(
    r"(?i)\b(?P<verb>vivo|moro|abito|vivi|habite|vis|wohne|lebe)\s+(?:aquí|aqui|acá|cá|qui|ici|hier)\s+"
    r"(?=(?:en|em|in|a|à|no|na|nel|nella)\s+(?-i:[A-ZÀ-ÝÄÖÜ]))"
)
_LANGUAGES = frozenset(["es", "pt", "it", "fr", "de"])


def said_since(clause: str, language: str) -> str:
    """The clause with how long said as since when ("llevo cuatro años en Huesca" -> "llevo cuatro años en Huesca
    desde hace cuatro años", "ich wohne schon fünf Jahre in Gera" -> "ich wohne seit fünf Jahren in Gera") and without a
    "here" before a named place; any other clause as it was."""
    if language not in _LANGUAGES:
        return clause
    text = _HERE.sub(r"\g<verb> ", clause)
    if language == "es" and (m := _LLEVO.match(text.strip())):
        return f"{text.strip()} desde hace {m.group('time')}"  # the clause as said (its readers know it), and since
    if language == "de" and (m := _SCHON.match(text.strip())):
        unit = _DE_UNITS[(m.group("u") or m.group("u2")).lower()]
        return f"{m.group('lead')} seit {m.group('n') or m.group('n2')} {unit}{text.strip()[m.end() :]}"
    return text
