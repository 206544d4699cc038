"""Still living where one lived, in German, Spanish, French, Italian and Portuguese: "sigo aquí en Teruel",
"je suis toujours à Rennes", "sono ancora a Pisa", "ainda estou em Braga", "ich bin immer noch in Leipzig".

A first-person "be" or "stay" with "still" ("sigo", "continúo", "todavía estoy", "je suis toujours/encore",
"sono/sto ancora", "ainda estou", "continuo", "ich bin (immer) noch") and a place after its preposition is
where the user lives, as English "I'm still in Leeds" is, and so is "continuo morando em", "je continue à
habiter à" with any name: the clause is said with the language's verb of
living ("vivo en Teruel"), which the frames read onto the location slot. What follows the place ("cuidando a
mi padre") is left out.

The place must be one: a name known as a town (``place_names``), or any capitalised name after "here" ("aquí
en", "qui a", "aqui em", "hier in"), or after the preposition a language gives only towns (French "à",
Italian "a", Portuguese "em" without an article). Spanish "en" and German "in" also take organisations and
states ("sigo en Telefónica", "noch in Elternzeit"): there only a known town counts. A "still" clause of the
user's with another name after the preposition says nothing (it was read as a habit "sigu" or a trait).
Someone else ("mi hermana sigue en Madrid") is not the first person and is left as it was.

Pure functions.
"""

from __future__ import annotations

import re

from shared.providers.offline import place_names

__all__ = ["as_living"]

_STILL = {
    "es": r"(?:yo\s+)?(?:sigo|continúo|continuo|todavía\s+estoy|todavia\s+estoy|aún\s+estoy|aun\s+estoy"
    r"|sigo\s+estando)",
    "it": r"(?:io\s+)?(?:sono|sto|resto|rimango)\s+ancora",
    "fr": r"(?:moi\s*,?\s*)?(?:(?:je\s+suis|j'suis|chuis)\s+(?:toujours|encore)"
    r"|je\s+continue\s+(?P<lives>à\s+habiter|à\s+vivre|d'habiter))",
    "pt": r"(?:eu\s+)?(?:ainda\s+(?:estou|tô|to|fico)"
    r"|(?:continuo|sigo)(?:\s+(?P<lives>a\s+morar|morando|a\s+viver|vivendo))?)",
    "de": r"(?:ich\s+)?bin\s+(?:immer\s+)?noch",
}
_HERE = {
    "es": r"(?:aquí|aqui|acá|aca|allí|alli|ahí|ahi)",
    "it": r"(?:qui|qua|lì|là)",
    "fr": r"(?:ici|là|la-bas|là-bas)",
    "pt": r"(?:aqui|cá|ca|aí|ai|lá|la)",
    "de": r"(?:hier|da|dort)",
}
_AT = {"es": r"en", "it": r"(?:a|in)", "fr": r"(?:à|a|en)", "pt": r"(?:em|no|na)", "de": r"in"}
# Prepositions that put only a town after them, so any capitalised name there is a place.
_TOWN_ONLY = {"it": ("a",), "fr": ("à", "a"), "pt": ("em",)}
_LIVE = {
    "es": "vivo en {p}",
    "it": "abito a {p}",
    "fr": "j'habite à {p}",
    "pt": "moro em {p}",
    "de": "ich wohne in {p}",
}
_NAME_WORD = r"(?-i:[A-ZÀ-ÝÄÖÜ])[\wà-ÿäöüß'-]*"
_PLACE = rf"(?P<place>{_NAME_WORD}(?:\s+(?:de\s+|di\s+|do\s+|da\s+|am\s+)?{_NAME_WORD}){{0,2}})"
_SAID = {
    language: re.compile(
        rf"(?i)^{still}\s+(?:(?P<here>{_HERE[language]})\s+)?(?P<at>{_AT[language]})\s+{_PLACE}(?P<rest>\W.*)?$"
    )
    for language, still in _STILL.items()
}
_GATE = re.compile(r"(?i)\b(?:sigo|contin[uú]o|continue|todav[ií]a|a[uú]n|ancora|toujours|encore|ainda|noch)\b")


def as_living(clause: str, language: str) -> str:
    """The clause said with the verb of living when it says the user is still in a town; "" when it says the
    user is still somewhere that is not known as one; else the clause as it was."""
    pattern = _SAID.get(language)
    if pattern is None or not _GATE.search(clause):
        return clause
    m = pattern.match(clause.strip())
    if m is None:
        return clause
    place = m.group("place")
    at = m.group("at").lower()
    if (
        m.groupdict().get("lives")
        or m.group("here")
        or place_names.is_known_town(place)
        or at in _TOWN_ONLY.get(language, ())
    ):
        return _LIVE[language].format(p=place)
    return ""
