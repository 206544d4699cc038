"""A short answer to the other speaker's question of where the user lives or works, in German, Spanish, French,
Italian and Portuguese: "Wo wohnst du?" / "in Reutlingen, ganz nah am Zentrum", "¿En qué empresa trabajas?" /
"en Acciona". The English answers (``answers.statement_from_answer``) read only English questions.

The answer is said back as the user's own statement in the question's language ("ich wohne in Reutlingen",
"trabajo en Acciona"), which the readers then read as any statement; a time said after the name ("desde 2021")
goes with it. Only a name with a capital is a place or an organisation, and only at the answer's start (after a
yes and the question's preposition): "warum fragst du?", "no te lo voy a decir" answer nothing, and a question
back ("bei Trumpf? nein") is no answer. A question of another kind ("¿Qué ciudad te gustaría visitar?") asks
for no home.

Pure functions.
"""

from __future__ import annotations

import re

__all__ = ["statement_from_answer"]

_LIVES_ASKED = {
    "de": r"\bwo\s+(?:wohnst|lebst|wohnen\s+sie|leben\s+sie)\b|\bin\s+welcher\s+stadt\s+(?:wohnst|lebst)\b",
    "es": r"\bd[oó]nde\s+(?:vives|vive\s+usted|resides)\b|\b(?:vives|resides)\s+d[oó]nde\b"
    r"|\ben\s+qu[eé]\s+ciudad\s+(?:vives|resides)\b",
    "fr": r"\bo[uù]\s+(?:habites|vis|est-ce\s+que\s+tu\s+(?:habites|vis)|habitez|vivez)\b"
    r"|\b(?:tu\s+habites|tu\s+vis|vous\s+habitez)\s+o[uù]\b|\bdans\s+quelle\s+ville\s+(?:habites|vis|tu)\b",
    "it": r"\bdove\s+(?:abiti|vivi|abita|vive)\b|\b(?:abiti|vivi)\s+dove\b|\bin\s+che\s+citt[aà]\s+(?:abiti|vivi)\b",
    "pt": r"\bonde\s+(?:(?:voc[eê]|tu)\s+)?(?:mora|moras|vive|vives)\b|\b(?:mora|moras|vives)\s+onde\b"
    r"|\bem\s+que\s+cidade\s+(?:(?:voc[eê]|tu)\s+)?(?:mora|moras|vive|vives)\b",
}
_WORKS_ASKED = {
    "de": r"\bwo\s+arbeitest\b|\bbei\s+welche[rm]\s+(?:firma|unternehmen|arbeitgeber)\b|\bf[uü]r\s+wen\s+arbeitest\b",
    "es": r"\bd[oó]nde\s+trabajas\b|\btrabajas\s+d[oó]nde\b|\ben\s+qu[eé]\s+empresa\s+trabajas\b"
    r"|\bpara\s+qui[eé]n\s+trabajas\b",
    "fr": r"\bo[uù]\s+(?:travailles|est-ce\s+que\s+tu\s+travailles|travaillez)\b|\btu\s+travailles\s+o[uù]\b"
    r"|\bdans\s+quelle\s+(?:entreprise|boîte|société)\b",
    "it": r"\bdove\s+lavori\b|\blavori\s+dove\b|\bin\s+che\s+azienda\s+lavori\b|\bper\s+chi\s+lavori\b",
    "pt": r"\bonde\s+(?:(?:voc[eê]|tu)\s+)?trabalh(?:a|as)\b|\btrabalh(?:a|as)\s+onde\b"
    r"|\bem\s+que\s+empresa\s+(?:(?:voc[eê]|tu)\s+)?trabalh(?:a|as)\b",
}
_ASKED = {
    kind: {language: re.compile(rf"(?i){pattern}") for language, pattern in asked.items()}
    for kind, asked in (("lives", _LIVES_ASKED), ("works", _WORKS_ASKED))
}
_YES = r"(?:(?:ja|jo|s[ií]|oui|sim|yes|claro|certo)\s*[,!.]?\s+)?"
_AT = {
    "de": r"(?:in|bei|nach|im|aus)",
    "es": r"(?:en|a|para)",
    "fr": r"(?:à|a|chez|en|au|dans)",
    "it": r"(?:a|in|da|presso|alla|al|nella|nel)",
    "pt": r"(?:em|no|na|pela|pelo|para|pra)",
}
_CAP = r"(?-i:[A-ZÀ-ÝÄÖÜ])[\w'&.-]*"
_NAME = rf"{_CAP}(?:\s+(?:{_CAP}|(?:de|del|di|do|da|am|an\s+der)\s+{_CAP}))*"
_ANSWER = {
    language: re.compile(
        rf"(?i)^{_YES}(?:{at}\s+(?:(?:der|dem|die|la|el|le|il|o|a)\s+)?)?(?P<name>{_NAME})(?P<rest>\W.*)?$"
    )
    for language, at in _AT.items()
}
_SAID = {
    "lives": {
        "de": "ich wohne in {n}",
        "es": "vivo en {n}",
        "fr": "j'habite à {n}",
        "it": "abito a {n}",
        "pt": "moro em {n}",
    },
    "works": {
        "de": "ich arbeite bei {n}",
        "es": "trabajo en {n}",
        "fr": "je travaille chez {n}",
        "it": "lavoro in {n}",
        "pt": "trabalho em {n}",
    },
}
# What may follow the name in the answer and be kept with it: a time ("desde 2021", "seit März"); anything else
# ("ganz nah am Zentrum", "près de la gare") says where within the place, and is left out.
_TIME_AFTER = re.compile(r"(?i)^\s*,?\s+(?P<t>(?:seit|desde|depuis|da|dal|dalla|há|faz)\s+[^,.;!?]+)")
_MAX_WORDS = 10


def statement_from_answer(question: str, reply: str, language: str) -> str | None:
    """The user's statement a short reply makes to a question of where the user lives or works, in the
    question's ``language`` ("wo wohnst du?" / "in Reutlingen" -> "ich wohne in Reutlingen"); None otherwise."""
    if language not in _AT or "?" in reply or len(reply.split()) > _MAX_WORDS:
        return None
    kind = next((k for k, asked in _ASKED.items() if asked[language].search(question)), None)
    if kind is None:
        return None
    m = _ANSWER[language].match(reply.strip())
    if m is None:
        return None
    said = _SAID[kind][language].format(n=m.group("name"))
    if m.group("rest") and (time := _TIME_AFTER.match(m.group("rest"))):
        said = f"{said} {time.group('t')}"
    return said
