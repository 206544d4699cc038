"""Promoted to, or become, a role: the user's occupation, in German, Spanish, French, Italian and Portuguese.

"me ascendieron a jefa de sección", "mi hanno promossa a responsabile vendite", "sono diventato caposquadra",
"j'ai été promue cheffe d'équipe", "je suis devenu chef de projet", "fui promovida a supervisora", "ich wurde
zur Filialleiterin befördert", "ich bin Schichtleiter geworden". No frame read these (nothing, or a habit
"wurde-teamleiter"). The clause is said as the language's "I work as <role>" ("trabajo como jefa de sección"),
which the frames read onto the occupation slot; the time said with it dates it.

"Become" also says family and ways of living ("sono diventata nonna", "je suis devenue végétarienne", "ich bin
Vater geworden", "virei fã de jazz"): those words are no role and are left as they were. Only the first person's
past: a wish ("ojalá me asciendan"), a question or someone else's promotion ("mi hermano fue promovido") has
none of these forms.

Pure functions.
"""

from __future__ import annotations

import re

__all__ = ["as_role"]

_ROLE = r"(?P<role>[^\W\d_][\w'-]*(?:\s+(?:de|d'|del|della|di|da|do|der|des|für)?\s*[^\W\d_][\w'-]*){0,3}?)"
_PROMOTED = {
    "es": r"(?:me\s+(?:ascendieron|ascendió|han\s+ascendido|ha\s+ascendido|hicieron|han\s+hecho)|fui\s+ascendid[oa]"
    r"|he\s+sido\s+ascendid[oa])\s+a\s+",
    "it": r"(?:mi\s+hanno\s+promoss[oa]|sono\s+stat[oa]\s+promoss[oa])\s+(?:a\s+)?|sono\s+diventat[oa]\s+",
    "fr": r"(?:j'ai\s+été\s+promue?|on\s+m'a\s+promue?|ils\s+m'ont\s+promue?)\s+(?:au\s+poste\s+de\s+)?"
    r"|je\s+suis\s+(?:devenue?|passée?)\s+",
    "pt": r"(?:fui\s+promovid[oa]|me\s+promoveram|promoveram-me)\s+(?:a|para)\s+(?:o\s+|a\s+)?"
    r"|(?:me\s+tornei|tornei-me|virei)\s+",
    "de": r"ich\s+wurde\s+(?:\S+\s+){0,2}?(?:zum|zur)\s+(?P<de_role>[^\W\d_][\w-]*)\s+befördert"
    r"|ich\s+bin\s+(?:jetzt\s+)?(?P<de_role2>(?-i:[A-ZÄÖÜ])[\w-]*)\s+geworden",
}
_AROUND = r"(?:(?:por\s+fin|finalmente|al\s+final|endlich|enfin|enfim|alla\s+fine|ya|já|già)\s*,?\s+)?"
_RX = {
    language: re.compile(
        rf"(?i)^{_AROUND}(?:{pattern})" + ("" if language == "de" else _ROLE) + r"(?P<rest>\s*(?:[,;.!]|$).*)$"
    )
    for language, pattern in _PROMOTED.items()
}
_WORK_AS = {
    "es": "trabajo como {r}",
    "it": "lavoro come {r}",
    "fr": "je travaille comme {r}",
    "pt": "trabalho como {r}",
    "de": "ich arbeite als {r}",
}
# What one becomes that is no role: kin, diet and ways of living, a fan.
_NOT_ROLES = re.compile(
    r"(?i)^(?:"
    # kin: stems that name no role
    r"mamm|mamá|mamãe|mãe|maman|mère|mutter|nonn|abuel|grand-|opa\b|oma\b|avó|avô|tante|onkel|oncle|moglie|esposa"
    r"|esposo|marido|mulher|fidanzat|novi[oa]|namorad"
    r"|(?:madre|padre|pap[aàá]|papi|père|vater|pai|zi[oa]|tí[oa]|ti[oa]|mari|femme|frau|mann|amie?|freund|freundin)\b"
    # diet and ways of living, a fan, a degree or a person
    r"|vegan|végan|vegetari|végétari|celiac|célia|cœliaque|single|célibataire|soltei|solter|maggiorenn|adult"
    r"|(?:fan|fã|famos[oa]|fameux|ricc[oa]|rico|riche|reich|person[ae]?|pessoa|personne)\b"
    r"|(?:mais|más|plus|più|mehr|un\s+poco|um\s+pouco|très|muy|molto|muito|sehr|ganz|tout|toda|todo|tutt[oaie])\b"
    # a preposition: "je suis passée à Bitwarden", "passé chez Decathlon" are no role
    r"|(?:à|a|au|aux|chez|en|par|pour|de|du|des|in|da|per)\b)"
)


def as_role(clause: str, language: str) -> str:
    """The clause said as "I work as <role>" when it says the user was promoted to or became that role; else
    the clause as it was."""
    pattern = _RX.get(language)
    m = pattern.match(clause.strip()) if pattern else None
    if m is None:
        return clause
    role = m.groupdict().get("role") or m.groupdict().get("de_role") or m.groupdict().get("de_role2") or ""
    role = re.sub(r"(?i)^(?:un|una|une|um|uma|el|la|le|il|lo|o|a)\s+", "", role.strip())
    if not role or _NOT_ROLES.match(role):
        return clause
    return _WORK_AS[language].format(r=role) + (m.group("rest") or "")
