"""A change the user says in the present with a bare month is ahead, in German, Spanish, French, Italian and
Portuguese: "ich ziehe im August nach Bamberg", "im August fange ich bei Aldi an", "je commence chez Valeo en
août", "mi trasferisco a Lecco ad agosto", "me mudo a Zamora en agosto", "começo na Embraer em agosto".

A bare month is read as the last one by default ("me mudé a Zamora en agosto", "vivo aquí desde agosto"), so
these got last August: a move or a start said in May as done nine months before. The verbs are the first person
present of the verbs of change (moving, starting, entering, changing, marrying, leaving); said in the past
("bin ... gezogen", "me mudé", "je me suis installé") or with "since" ("desde agosto") they match nothing here.

Pure functions.
"""

from __future__ import annotations

import re

__all__ = ["said_ahead"]

_CHANGE_NOW = {
    "de": r"ziehe|ziehen|fange|beginne|starte|wechsle|wechsele|heirate|heiraten|kündige|gehe\s+in\s+rente",
    "es": r"me\s+mudo|empiezo|comienzo|me\s+caso|me\s+cambio|me\s+jubilo|me\s+voy\s+a\s+vivir",
    "fr": r"je\s+déménage|on\s+déménage|nous\s+déménageons|je\s+commence|je\s+démarre|je\s+me\s+marie"
    r"|on\s+se\s+marie|je\s+change|je\s+quitte|je\s+pars\s+vivre",
    "it": r"mi\s+trasferisco|ci\s+trasferiamo|comincio|inizio|mi\s+sposo|ci\s+sposiamo|cambio\s+lavoro"
    r"|vado\s+a\s+vivere|vado\s+in\s+pensione",
    "pt": r"me\s+mudo|mudo-me|começo|me\s+caso|caso-me|vou\s+morar|vou\s+viver|me\s+aposento",
}
_RX = {language: re.compile(rf"(?i)(?<!\w)(?:{verbs})(?!\w)") for language, verbs in _CHANGE_NOW.items()}
# "since" makes a month a start already past ("desde agosto", "seit August"), whatever the verb.
_SINCE = re.compile(r"(?i)(?<!\w)(?:seit|desde|depuis|dal|dalla|dall'|da|há|faz|hace)(?!\w)")


def said_ahead(clause: str, language: str) -> bool:
    """Whether the clause says a change in the first person present (so its bare month is the next one)."""
    pattern = _RX.get(language)
    return bool(pattern and pattern.search(clause) and not _SINCE.search(clause))
