"""Employed at an organisation, said with a participle or noun of employment, in German, Spanish, French,
Italian and Portuguese: "ich bin bei der Sparkasse angestellt", "sono assunta in Barilla", "sono dipendente
della Coop", "estoy contratada en Mercadona", "soy empleado de Iberdrola", "sou funcionária da Sonae", "je suis
salarié chez Orange"; and hired there, or a new job there: "me han contratado en Mercadona", "mi hanno assunta
alla Lavazza", "ich wurde bei Rossmann eingestellt", "j'ai un nouveau boulot chez Dassault".

These say where the user works as surely as "trabajo en" does, but no frame read them ("angestellt" was
nothing, "dipendente della Coop" a trait, "employée chez Decathlon" an occupation). The clause is said with
the language's verb of working and the organisation ("trabajo en Mercadona"), which the frames read onto the
employer slot; what followed the organisation stays.

The organisation must be named (a capitalised name): "contratada por horas", "funcionária pública",
"dipendente dal caffè" name none and stay as they were. Only the first person: "mein Bruder ist bei Bosch
angestellt" and "ella es empleada de Zara" are someone else's.

Pure functions.
"""

from __future__ import annotations

import re

__all__ = ["as_work"]

_ORG = r"(?P<org>(?-i:[A-ZÀ-ÝÄÖÜ])[\w&.'-]*(?:\s+(?-i:[A-ZÀ-ÝÄÖÜ0-9])[\w&.'-]*){0,3})"
_DE_ART = r"(?:(?:der|dem|den|die|das)\s+)?"
_EMPLOYED = {
    "de": (
        rf"^(?:ich\s+)?bin\s+(?:(?:fest|jetzt|nun|inzwischen)\s+)*(?:bei\s+{_DE_ART}{_ORG}\s+(?:(?:fest|als\s+\w+)\s+)*"
        rf"(?:angestellt|beschäftigt|tätig)|(?:angestellt|beschäftigt|tätig)\s+bei\s+{_DE_ART}"
        rf"{_ORG.replace('org', 'org2')})(?P<rest>\W.*)?$"
    ),
    "it": (
        r"^(?:io\s+)?sono\s+(?:stat[oa]\s+)?(?:assunt[oa]|dipendente)\s+"
        rf"(?:in|da|presso|alla|al|allo|della|del|dello|di|nella|nel)\s+{_ORG}(?P<rest>\W.*)?$"
    ),
    "es": (
        r"^(?:yo\s+)?(?:estoy\s+contratad[oa]|soy\s+emplead[oa]|estoy\s+emplead[oa])\s+"
        rf"(?:en|por|de|para)\s+(?:el\s+|la\s+)?{_ORG}(?P<rest>\W.*)?$"
    ),
    "pt": (
        r"^(?:eu\s+)?(?:sou|estou|tô)\s+(?:funcionári[oa]|empregad[oa]|contratad[oa])\s+"
        rf"(?:da|do|de|na|no|em|pela|pelo)\s+{_ORG}(?P<rest>\W.*)?$"
    ),
    "fr": (
        r"^(?:moi\s*,?\s*)?(?:je\s+suis|j'suis|chuis)\s+(?:employée?|salariée?)\s+"
        rf"(?:chez|de|à)\s+{_ORG}(?P<rest>\W.*)?$"
    ),
}
# Hired, or a new job at a named organisation: "me han contratado en Mercadona", "mi hanno assunta alla Lavazza",
# "ils m'ont embauché chez Leroy Merlin", "ich wurde bei Rossmann eingestellt", "fui contratada pela Petrobras",
# "tengo un trabajo nuevo en Iberia", "ich habe einen neuen Job bei Flixbus". The user's own past (or present
# job): a hiring hoped for ("ojalá me contraten"), asked ("¿te contrataron?") or someone else's ("lo han
# contratado") has none of these forms.
_AROUND = r"(?:(?:por\s+fin|finalmente|al\s+final|ya|già|endlich|enfin|enfim|já|jetzt|nun|ahora|adesso|agora)\s*,?\s+)?"
_HIRED = {
    "es": (
        rf"^{_AROUND}(?:(?:yo\s+)?(?:me\s+(?:han|ha)\s+(?:contratado|cogido|fichado)|me\s+(?:contrataron|contrató|cogieron"
        r"|ficharon)|fui\s+contratad[oa])|(?:yo\s+)?tengo\s+(?:un\s+)?(?:nuevo\s+)?(?:trabajo|curro|empleo|puesto)"
        rf"(?:\s+nuevo)?)\s+(?:en|por|de|para)\s+(?:el\s+|la\s+)?{_ORG}(?P<rest>\W.*)?$"
    ),
    "it": (
        rf"^{_AROUND}(?:mi\s+hanno\s+(?:assunt[oa]|pres[oa])|(?:io\s+)?ho\s+(?:un\s+)?(?:nuovo\s+)?(?:lavoro|posto)"
        rf"(?:\s+nuovo)?)\s+(?:in|da|presso|alla|al|allo|nella|nel)\s+{_ORG}(?P<rest>\W.*)?$"
    ),
    "fr": (
        rf"^{_AROUND}(?:(?:ils\s+|on\s+)?m'(?:ont|a)\s+(?:embauchée?|recrutée?|engagée?|pris|prise)"
        r"|j'ai\s+(?:un\s+)?(?:nouveau\s+)?(?:job|boulot|travail|poste|emploi)(?:\s+nouveau)?)"
        rf"\s+(?:chez|à|dans)\s+{_ORG}(?P<rest>\W.*)?$"
    ),
    "pt": (
        rf"^{_AROUND}(?:(?:eu\s+)?fui\s+contratad[oa]|me\s+contrataram|contrataram-me|(?:eu\s+)?tenho\s+(?:um\s+)?"
        r"(?:novo\s+)?(?:emprego|trabalho|trampo)(?:\s+novo)?)"
        rf"\s+(?:da|do|de|na|no|em|pela|pelo)\s+{_ORG}(?P<rest>\W.*)?$"
    ),
    "de": (
        rf"^{_AROUND}(?:ich\s+wurde\s+(?:\S+\s+){{0,3}}?bei\s+{_DE_ART}{_ORG.replace('org', 'org2')}\s+eingestellt"
        rf"|ich\s+(?:habe|hab)\s+(?:jetzt\s+|nun\s+)?(?:einen|eine)\s+(?:neuen\s+|neue\s+)?(?:job|stelle|arbeit)"
        rf"\s+bei\s+{_DE_ART}{_ORG})(?P<rest>\W.*)?$"
    ),
}
_PATTERNS = {language: re.compile(rf"(?i){said}") for language, said in _EMPLOYED.items()}
_HIRED_PATTERNS = {language: re.compile(rf"(?i){said}") for language, said in _HIRED.items()}
_WORK = {
    "de": "ich arbeite bei {o}",
    "it": "lavoro in {o}",
    "es": "trabajo en {o}",
    "pt": "trabalho em {o}",
    "fr": "je travaille chez {o}",
}
_GATE = re.compile(
    r"(?i)angestellt|beschäftigt|tätig|assunt|dipendente|contratad|emplead|funcionári|empregad|employ|salari"
    r"|contrat|cogi|fich|hanno\s+pres|embauch|recrut|engag|m'ont\s+pris|m'a\s+pris|eingestellt|job|stelle|arbeit"
    r"|trabajo|curro|empleo|puesto|lavoro|posto|boulot|travail|poste|emploi|emprego|trabalho|trampo"
)


def as_work(clause: str, language: str) -> str:
    """The clause said with the verb of working when the user says she is employed at a named organisation;
    else the clause as it was."""
    pattern = _PATTERNS.get(language)
    if pattern is None or not _GATE.search(clause):
        return clause
    m = pattern.match(clause.strip()) or _HIRED_PATTERNS[language].match(clause.strip())
    if m is None:
        return clause
    org = m.group("org") or m.groupdict().get("org2")
    return _WORK[language].format(o=org) + (m.group("rest") or "")
