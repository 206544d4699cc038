"""The user's birthday in German, Spanish, French, Italian and Portuguese, on the birthday slot.

"Mi cumpleaños es el 9 de noviembre", "cumplo años el 30 de junio", "mon anniv est le 17 avril", "compio gli
anni il 14 agosto", "meu aniver é dia 25 de março", "Geburtstag hab ich am 19. Juni", "ich habe am 2. April
Geburtstag", and a birth date ("Nací el 4 de julio de 1988", "Ich bin am 1. Mai 1985 geboren"). The date is
the fact's content, never its valid time: a birthday ahead is no event, and it holds from when it is said.

Only the user's own birthday: a possessive of hers or a first-person verb opens it. Someone else's ("el
cumpleaños de mi hija", "mein Bruder hat am 3. Mai Geburtstag"), another anniversary ("anniversaire de
mariage"), a question or a condition gives nothing.

Pure functions.
"""

from __future__ import annotations

import re

from shared.providers.offline.foreign_clauses import SUBJECTS

__all__ = ["birthday"]

_MONTH = {
    "de": "januar|februar|märz|maerz|april|mai|juni|juli|august|september|oktober|november|dezember",
    "es": "enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre",
    "fr": "janvier|février|fevrier|mars|avril|mai|juin|juillet|août|aout|septembre|octobre|novembre|décembre|decembre",
    "it": "gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre",
    "pt": "janeiro|fevereiro|março|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro",
}
# The day as said: "9 de noviembre", "2 février", "14 agosto", "25 de março", "8. Oktober" (and a year).
_DAY = {
    "es": r"(?P<d>\d{{1,2}}\s+de\s+(?:{m})(?:\s+(?:de|del)\s+\d{{4}})?)",
    "pt": r"(?P<d>\d{{1,2}}\s+de\s+(?:{m})(?:\s+de\s+\d{{4}})?)",
    "fr": r"(?P<d>(?:1er|\d{{1,2}})\s+(?:{m})(?:\s+\d{{4}})?)",
    "it": r"(?P<d>\d{{1,2}}\s+(?:{m})(?:\s+(?:del\s+)?\d{{4}})?)",
    "de": r"(?P<d>\d{{1,2}}\.?\s*(?:{m})(?:\s+\d{{4}})?)",
}
_D = {language: _DAY[language].format(m=_MONTH[language]) for language in _DAY}
# (pattern, which: "birthday" or "born") per language; each opens with the user's own word.
_SAID = {
    "es": (
        (rf"\b(?:mi\s+)?(?:cumpleaños|cumple|cumpleanos)\s+(?:es|cae|será|sera)\s+(?:el\s+)?{_D['es']}", "birthday"),
        (rf"\bcumplo(?:\s+años|\s+anos)?\s+(?:el\s+)?{_D['es']}", "birthday"),
        (rf"\b(?:yo\s+)?nac[íi]\s+(?:el\s+)?{_D['es']}", "born"),
    ),
    "pt": (
        (
            rf"\b(?:o\s+)?(?:meu\s+)?(?:aniversário|aniversario|aniver|niver)\s+(?:é|e|cai)\s+"
            rf"(?:a|no\s+dia|dia|em)?\s*{_D['pt']}",
            "birthday",
        ),
        (rf"\bfaço\s+anos\s+(?:a|no\s+dia|dia|em)\s*{_D['pt']}", "birthday"),
        (rf"\b(?:eu\s+)?nasci\s+(?:a|no\s+dia|dia|em)\s*{_D['pt']}", "born"),
    ),
    "fr": (
        (rf"\b(?:mon\s+)?(?:anniversaire|anniv)\s*,?\s+(?:c'est|est|tombe)\s+(?:le\s+)?{_D['fr']}", "birthday"),
        (rf"\bje\s+suis\s+née?\s+le\s+{_D['fr']}", "born"),
    ),
    "it": (
        (rf"\b(?:il\s+)?(?:mio\s+)?compleanno\s+(?:è|e|cade)\s+(?:il\s+|l')?{_D['it']}", "birthday"),
        (rf"\bcompio\s+(?:gli\s+)?anni\s+(?:il\s+|l')?{_D['it']}", "birthday"),
        (rf"\b(?:io\s+)?sono\s+nat[oa]\s+(?:il\s+|l')?{_D['it']}", "born"),
    ),
    "de": (
        (rf"\b(?:mein\s+)?geburtstag\s+(?:ist|hab|habe)\s+(?:ich\s+)?(?:am|der)\s+{_D['de']}", "birthday"),
        (rf"\bich\s+(?:habe|hab)\s+am\s+{_D['de']}\s+geburtstag", "birthday"),
        (rf"\b(?:ich\s+bin|bin\s+ich)\s+am\s+{_D['de']}\s+geboren", "born"),
        (rf"\bgeboren\s+bin\s+ich\s+am\s+{_D['de']}", "born"),
    ),
}
_SAID_RX = {
    language: tuple((re.compile(pattern, re.IGNORECASE), which) for pattern, which in forms)
    for language, forms in _SAID.items()
}
# Someone else's birthday or another anniversary: a relative or a name before it, "de mariage", "di".
_OTHERS = re.compile(
    r"(?i)\b(?:de|del|da|do|di|della|des|du|von)\s+(?:mi|mis|mia|mio|ma|mon|mes|minha|meu|meine[mnrs]?|la|el|o|a|il)?"
    r"\s*[^\W\d_]+\s*(?:es|è|é|est|ist|cae|cai|cade|tombe|,)"
    r"|\bde\s+(?:mariage|boda|casamento)|\bdi\s+matrimonio|\bhochzeitstag"
    r"|\b(?:mein|meine|dein|deine|sein|seine|ihr|ihre)\s+(?!geburtstag)[^\W\d_]+\s+(?:hat|ist)\b"
)
_NOT_STATED = re.compile(
    r"(?i)\?|\b(?:si|se|wenn|falls|quand|cuando|quando|tu|teu|tua|tuo|tuyo|dein|deinen|deine|du|ton|votre)\b"
)
_TEXT = {
    "birthday": {
        "es": "El cumpleaños {of} es el {d}",
        "pt": "O aniversário {of} é a {d}",
        "fr": "L'anniversaire {of} est le {d}",
        "it": "Il compleanno {of} è il {d}",
        "de": "{of} hat am {d} Geburtstag",
    },
    "born": {
        "es": "{S} nació el {d}",
        "pt": "{S} nasceu a {d}",
        "fr": "{S} est né le {d}",
        "it": "{S} è nato il {d}",
        "de": "{S} ist am {d} geboren",
    },
}
_OF = {"es": "del usuario", "pt": "do utilizador", "fr": "de l'utilisateur", "it": "dell'utente", "de": "Der Nutzer"}
_GATE = re.compile(
    r"(?i)cumple|cumplo|aniver|niver|anniv|compleanno|compio|geburtstag|geboren|nac[íi]|nasci|née?\b|nat[oa]\b"
)


def birthday(sentence: str, language: str) -> tuple[str, str, int, int] | None:
    """(text, day as said, start, end of what was read) for the user's own birthday or birth date in
    ``sentence``; None when there is none, or it is someone else's, asked or imagined."""
    forms = _SAID_RX.get(language)
    if not forms or not _GATE.search(sentence) or _NOT_STATED.search(sentence):
        return None
    for pattern, which in forms:
        m = pattern.search(sentence)
        if m is None or _OTHERS.search(sentence[: m.end()]):
            continue
        day = re.sub(r"\s+", " ", m.group("d")).strip()
        text = _TEXT[which][language].format(S=SUBJECTS[language], of=_OF[language], d=day)
        if which == "born" and re.search(r"(?i)\b(?:née|nata)\b", m.group(0)):
            text = text.replace(" né ", " née ").replace(" nato ", " nata ")  # as she said it
        return text, day, m.start(), m.end()
    return None
