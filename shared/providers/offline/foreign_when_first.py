"""When a habit is done, said before the verb, in German, Spanish, French, Italian and Portuguese.

"la sera studio economia", "nas horas vagas faço crochê", "le week-end je joue de la batterie", "am Wochenende
singe ich im Chor", "los domingos corro por el parque": the readers know these clauses with the time after the
verb ("studio economia la sera") and read nothing when it comes first. The time is said last.

Said after "and", the same time starts a clause of its own ("soy fisioterapeuta en Torrealba y los findes entreno
a un equipo", "faccio il barista e la sera studio economia"): ``AND_WHEN`` finds where it starts.

Only a time of the week, of the day or of leisure, and only before a first-person verb: "los lunes mi hermano
entrena" stays as it was.

Pure functions.
"""

from __future__ import annotations

import re

__all__ = ["AND_WHEN", "when_last"]

_ES_DAYS = r"lunes|martes|miércoles|jueves|viernes|sábados|domingos"
_IT_DAYS = r"lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica"
_FR_DAYS = r"lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche"
_PT_DAYS = r"segundas|terças|quartas|quintas|sextas|sábados|domingos"
_DE_DAYS = r"montags|dienstags|mittwochs|donnerstags|freitags|samstags|sonntags"
_WHEN = {
    "es": rf"los\s+findes|los\s+fines\s+de\s+semana|el\s+finde|los\s+(?:{_ES_DAYS})"
    r"|por\s+las\s+(?:tardes|noches|mañanas)|por\s+la\s+(?:tarde|noche|mañana)|en\s+mi\s+tiempo\s+libre|en\s+mis\s+ratos\s+libres|entre\s+semana"
    r"|todos\s+los\s+días|cada\s+(?:día|semana|mañana|tarde|noche)|de\s+vez\s+en\s+cuando|a\s+veces",
    "it": rf"la\s+sera|la\s+mattina|il\s+pomeriggio|(?:il|nel)\s+(?:weekend|fine\s+settimana)|nel\s+tempo\s+libero"
    rf"|il\s+(?:{_IT_DAYS})|la\s+domenica|ogni\s+(?:giorno|sera|mattina|settimana)|tutti\s+i\s+giorni"
    r"|tutte\s+le\s+sere|a\s+volte|ogni\s+tanto",
    "fr": rf"le\s+week-end|le\s+weekend|les\s+week-ends|le\s+soir|le\s+matin|le\s+(?:{_FR_DAYS})"
    r"|(?:pendant|sur|dans)\s+mon\s+temps\s+libre|tous\s+les\s+(?:jours|soirs|matins)"
    r"|chaque\s+(?:jour|soir|semaine)|parfois|de\s+temps\s+en\s+temps|en\s+semaine",
    "pt": rf"nas\s+horas\s+vagas|no\s+tempo\s+livre|nos\s+fins\s+de\s+semana|no\s+fim\s+de\s+semana"
    rf"|aos\s+fins\s+de\s+semana|aos\s+(?:{_PT_DAYS})|à\s+noite|de\s+manhã|à\s+tarde|de\s+noite|todo\s+dia"
    r"|todos\s+os\s+dias|toda\s+(?:semana|noite|manhã)|às\s+vezes|de\s+vez\s+em\s+quando|nas\s+folgas",
    "de": rf"am\s+wochenende|an\s+wochenenden|abends|morgens|nachmittags|in\s+meiner\s+freizeit|{_DE_DAYS}"
    r"|jeden\s+(?:tag|abend|morgen)|jede\s+woche|manchmal|ab\s+und\s+zu|unter\s+der\s+woche",
}
# The first person's verb right after the time: Romance "-o" ("studio", "faço", "corro") or a short irregular one;
# French "je"; German the verb, then "ich" (verb second).
# ("el finde pasado", "il weekend scorso": a word of last or next time after it, no verb: one weekend, no habit)
_ROMANCE_VERB = (
    r"(?!(?:pasado|passado|scorso|próximo|proximo|prossimo|seguinte|todo|mismo|medio|solo|tutto)\b)"
    r"(?:[^\W\d_]{2,}o|voy|soy|estoy|doy|vou|sou|estou|dou|ho|sto|vado)(?!\w)"
)
_AFTER = {
    "es": rf"(?:yo\s+)?{_ROMANCE_VERB}",
    "it": rf"(?:io\s+)?{_ROMANCE_VERB}",
    "pt": rf"(?:eu\s+)?{_ROMANCE_VERB}",
    "fr": r"(?:je|j')",
    "de": r"[^\W\d_]+\s+ich\b",
}
_FIRST_RX = {
    language: re.compile(rf"(?i)^(?P<when>{_WHEN[language]})\s*,?\s+(?P<rest>(?={_AFTER[language]}).+)$")
    for language in _WHEN
}
_AND = {"es": r"y|e", "it": r"e|ed", "fr": r"et", "pt": r"e", "de": r"und"}
# Where, after "and", a time and a first-person verb start a clause of the user's.
AND_WHEN = {
    language: rf"\s+(?:{_AND[language]})\s+(?=(?:{_WHEN[language]})\s*,?\s+{_AFTER[language]})" for language in _WHEN
}


def when_last(clause: str, language: str) -> str:
    """ "la sera studio economia" -> "studio economia la sera", "am Wochenende singe ich im Chor" -> "ich singe
    im Chor am Wochenende"; any other clause as it was."""
    pattern = _FIRST_RX.get(language)
    m = pattern.match(clause.strip()) if pattern else None
    if m is None:
        return clause
    rest, when = m.group("rest").rstrip(" .!"), m.group("when")
    if language == "de":
        verb, _, after = rest.partition(" ")
        after = re.sub(r"(?i)^ich\b\s*", "", after)
        return f"ich {verb} {after} {when}".replace("  ", " ").strip()
    return f"{rest} {when}"
