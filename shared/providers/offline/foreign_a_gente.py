"""Portuguese "a gente" (we, in chat) with its verb in the third person: "a gente tem três cachorros", "a gente se
mudou pra Itajaí", "a gente adotou uma gata". A "we" statement is the user's (``foreign_clauses.singular`` reads
"nós"/"temos" so); the readers know these clauses said in the first person ("tenho três cachorros", "me mudei pra
Itajaí", "adotei uma gata"), so the clause is said so.

The verb's first person: the irregular ones listed, the past "-ou"/"-eu"/"-iu" as "-ei"/"-i"/"-i", the present
"-a"/"-e" as "-o". The imperfect ("a gente podia", "morava") says a wish or a past that ended, and is left as it was.

Pure functions.
"""

from __future__ import annotations

import re

__all__ = ["as_first_person"]

_IRREGULAR = {
    "tem": "tenho",
    "é": "sou",
    "está": "estou",
    "tá": "tô",
    "vai": "vou",
    "faz": "faço",
    "pode": "posso",
    "quer": "quero",
    "teve": "tive",
    "foi": "fui",
    "fez": "fiz",
    "vem": "venho",
    "vê": "vejo",
    "sabe": "sei",
    "põe": "ponho",
    "diz": "digo",
    "traz": "trago",
}
_A_GENTE = re.compile(r"(?i)\ba\s+gente\s+(?:(?P<refl>se)\s+)?(?P<verb>[^\W\d_]+)\b")


def _first_person(verb: str) -> str | None:
    lower = verb.lower()
    if lower in _IRREGULAR:
        return _IRREGULAR[lower]
    if len(lower) < 3 or lower.endswith(("ia", "va")):
        return None  # "podia", "morava": a wish or a past that ended
    for ending, first in (("ou", "ei"), ("eu", "i"), ("iu", "i"), ("a", "o"), ("e", "o")):
        if lower.endswith(ending):
            return lower[: -len(ending)] + first
    return None


def as_first_person(clause: str, language: str) -> str:
    """ "a gente tem três cachorros" -> "tenho três cachorros"; any other clause as it was."""
    if language != "pt":
        return clause
    m = _A_GENTE.search(clause)
    if m is None or (verb := _first_person(m.group("verb"))) is None:
        return clause
    said = ("me " if m.group("refl") else "") + verb
    return clause[: m.start()] + said + clause[m.end() :]
