"""A wedding or an engagement the user tells without the partner's name, in German, Spanish, French, Italian and
Portuguese: "nos casamos en mayo", "ci siamo sposati", "on s'est mariés", "wir haben geheiratet", "casei",
"wir haben uns verlobt", "ficamos noivos", and the engaged state itself ("ich bin verlobt", "je suis fiancée").

The user is married (or engaged) from then on: the same marital state "estoy casado" / "ich bin verheiratet"
gives (slot "marital"), so that a later divorce or wedding finds it. With a name ("me casé con Ana") the partner
frames read it. Only the first person's past (or the present state) is read: a wedding ahead ("nos casaremos",
"ci sposiamo a giugno", "wir wollen heiraten"), asked ("¿te casaste?") or someone else's ("mi hermana se casó")
matches none of the forms.

Pure functions.
"""

from __future__ import annotations

import re

from shared.providers.offline.foreign_clauses import SUBJECTS

__all__ = ["wed"]

# "por fin", "finalmente", "endlich", "enfin": said around the news, no part of it.
_AROUND = (
    r"(?:por\s+fin|finalmente|al\s+final|endlich|enfin|enfim|alla\s+fine|ya|già|já|schon|ieri|ayer|ontem|hier|gestern)"
)
_MARRIED = {
    "es": r"(?:me\s+casé|nos\s+casamos|me\s+he\s+casado|nos\s+hemos\s+casado)",
    "it": r"(?:mi\s+sono\s+sposat[oa]|ci\s+siamo\s+sposati|ci\s+siamo\s+sposate)",
    "fr": r"(?:je\s+me\s+suis\s+mariée?|on\s+s'est\s+mariée?s|nous\s+nous\s+sommes\s+mariée?s)",
    "pt": r"(?:(?:eu\s+)?casei|(?:nós\s+)?cas[aá]mos|me\s+casei|nos\s+casamos|casei-me)",
    "de": r"(?:ich\s+habe|wir\s+haben|hab)\s+(?:(?:jetzt|nun|endlich|schon|gerade)\s+)*geheiratet",
}
_ENGAGED = {
    "es": r"(?:me\s+comprometí|nos\s+comprometimos|me\s+he\s+comprometido|nos\s+hemos\s+comprometido"
    r"|(?:yo\s+)?estoy\s+prometid[oa])",
    "it": r"(?:mi\s+sono\s+fidanzat[oa]|ci\s+siamo\s+fidanzat[ie]|(?:io\s+)?sono\s+fidanzat[oa])",
    "fr": r"(?:je\s+me\s+suis\s+fiancée?|on\s+s'est\s+fiancée?s|nous\s+nous\s+sommes\s+fiancée?s|je\s+suis\s+fiancée?)",
    "pt": r"(?:fic[aá]mos\s+noiv[oa]s|fiquei\s+noiv[oa]|(?:eu\s+)?estou\s+noiv[oa]|(?:eu\s+)?sou\s+noiv[oa])",
    "de": r"(?:ich\s+habe\s+mich|wir\s+haben\s+uns|hab\s+mich)\s+(?:(?:jetzt|nun|endlich|gerade)\s+)*verlobt"
    r"|ich\s+bin\s+(?:jetzt\s+|nun\s+)?verlobt",
}
_STATE_TEXT = {
    "married": {
        "es": ("{S} está casado", "casado"),
        "it": ("{S} è sposato", "sposato"),
        "fr": ("{S} est marié", "marié"),
        "pt": ("{S} é casado", "casado"),
        "de": ("{S} ist verheiratet", "verheiratet"),
    },
    "engaged": {
        "es": ("{S} está prometido", "prometido"),
        "it": ("{S} è fidanzato", "fidanzato"),
        "fr": ("{S} est fiancé", "fiancé"),
        "pt": ("{S} está noivo", "noivo"),
        "de": ("{S} ist verlobt", "verlobt"),
    },
}


def _form(pattern: str) -> re.Pattern[str]:
    return re.compile(rf"(?i)^(?:{_AROUND}\s*,?\s+)?(?:{pattern})(?:\s+{_AROUND})?[\s!.]*$")


_FORMS = {
    state: {language: _form(pattern) for language, pattern in forms.items()}
    for state, forms in (("married", _MARRIED), ("engaged", _ENGAGED))
}


def wed(clause: str, language: str) -> list[tuple[str, str, str]]:
    """[(text, slot, value)] of the user's marital state a wedding or engagement said without a name gives
    ("nos casamos" -> "El usuario está casado"); [] for any other clause. The clause's stated time is taken
    off before (it dates the state)."""
    said = clause.strip()
    for state, forms in _FORMS.items():
        pattern = forms.get(language)
        if pattern is not None and pattern.match(said):
            text, value = _STATE_TEXT[state][language]
            return [(text.format(S=SUBJECTS[language]), "marital", value)]
    return []
