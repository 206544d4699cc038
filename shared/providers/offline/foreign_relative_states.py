"""What a relative's clause says, read past the words that are not the relative's state, in German, Spanish,
French, Italian and Portuguese.

* A relative who moved somewhere lives there now: "mi hermana se mudó a Cádiz", "mio fratello si è trasferito a
  Trieste", "ma fille a déménagé à Lyon", "meine Tochter ist nach Kiel gezogen", "o meu filho mudou-se para
  Braga". The move is the relative's home, as "my sister lives in Cádiz" would be. A move ahead ("se mudará",
  "will nach Kiel ziehen") or asked is not matched: only a past move's verb forms are.
* A word of "now" between the verb and the place ("wohnt jetzt in", "vive ahora en", "habite maintenant à")
  says when, not where.
* What follows a consequence word ("quindi niente glutine", "donc pas de viande", "also kein Fleisch", "así que
  nada de postre", "então nada de glúten") is what the user draws from the relative's state, not the state.

Pure functions.
"""

from __future__ import annotations

import re

__all__ = ["moved_to", "now_dropped", "without_consequence"]

_CAPITAL = r"(?-i:[A-ZÀ-ÝÄÖÜ])[\w'-]+"
_PLACE = rf"(?P<place>{_CAPITAL}(?:\s+(?:{_CAPITAL}|(?:de|del|di|do|da|am|an\s+der)\s+{_CAPITAL}))*)"
# The past of a move, third person (the relative's), and the preposition before the new place.
_MOVED = {
    "es": r"(?:se\s+(?:mudó|ha\s+mudado|fue\s+a\s+vivir|ha\s+ido\s+a\s+vivir|marchó)|se\s+trasladó)\s+(?:a|para)\s+",
    "it": r"(?:si\s+è\s+(?:trasferit[oaie]|spostat[oaie])|è\s+andat[oaie]\s+a\s+vivere|si\s+trasferì)\s+(?:a|in)\s+",
    "fr": r"(?:a\s+déménagé|est\s+partie?\s+(?:vivre|habiter)|s'est\s+installée?)\s+(?:à|en|au)\s+",
    "pt": r"(?:mudou-se|se\s+mudou|foi\s+morar|foi\s+viver)\s+(?:para\s+(?:o\s+|a\s+)?|pra\s+|pro\s+|em\s+|a\s+)",
    "de": r"ist\s+(?:\S+\s+){0,3}?nach\s+",
}
_MOVED_AFTER = {"de": r"\s+(?:um)?gezogen\b"}  # German says the participle after the place
_MOVED_RX = {
    language: re.compile(rf"(?i)^{pattern}{_PLACE}(?={_MOVED_AFTER.get(language, '')})")
    for language, pattern in _MOVED.items()
}
_LIVES_TEXT = {"es": "vive en", "it": "vive a", "fr": "habite à", "pt": "mora em", "de": "wohnt in"}
_NOW = {
    "es": r"ahora|ya",
    "it": r"ora|adesso|ormai",
    "fr": r"maintenant|désormais",
    "pt": r"agora|já",
    "de": r"jetzt|nun|inzwischen|mittlerweile",
}
_NOW_RX = {language: re.compile(rf"(?i)^(\S+)\s+(?:{words})\s+(?=\S)") for language, words in _NOW.items()}
_CONSEQUENCE = {
    "es": r"así\s+que|por\s+eso|por\s+lo\s+que|entonces|o\s+sea",
    "it": r"quindi|perciò|per\s+cui|dunque|allora",
    "fr": r"donc|alors|du\s+coup|c'est\s+pourquoi",
    "pt": r"então|por\s+isso|daí|portanto",
    "de": r"also|deshalb|daher|deswegen|darum",
}
_CONSEQUENCE_RX = {language: re.compile(rf"(?i)\s*,?\s+(?:{words})\b.*$") for language, words in _CONSEQUENCE.items()}


def moved_to(rest: str, language: str) -> tuple[str, str] | None:
    """(text, place) for what a relative's move says after the relative ("se mudó a Cádiz hace un año" ->
    ("vive en Cádiz", "Cádiz")), or None when ``rest`` is no past move to a named place."""
    pattern = _MOVED_RX.get(language)
    m = pattern.match(rest.strip()) if pattern else None
    if m is None:
        return None
    place = m.group("place")
    return f"{_LIVES_TEXT[language]} {place}", place


def now_dropped(rest: str, language: str) -> str:
    """ "wohnt jetzt in Graz" -> "wohnt in Graz": the word of now after the verb says when, not where."""
    pattern = _NOW_RX.get(language)
    return pattern.sub(r"\1 ", rest, count=1) if pattern else rest


def without_consequence(rest: str, language: str) -> str:
    """ "è celiaca quindi niente glutine" -> "è celiaca": what is drawn from a state is no part of it."""
    pattern = _CONSEQUENCE_RX.get(language)
    return (pattern.sub("", rest) or rest) if pattern else rest
