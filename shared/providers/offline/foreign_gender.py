"""The user's grammatical gender in Spanish, Portuguese, French and German, as she said it, and her facts'
subject in the feminine ("La usuaria vive en Lugo", "A utilizadora mora em Aveiro", "L'utilisatrice habite
à Niort", "Die Nutzerin wohnt in Gera"). Italian's "L'utente" is both.

Gender is known only from the user's own first-person words in the message: a feminine participle or
adjective after her "be" ("estou casada", "estoy jubilada", "je suis retraitée"), a feminine role noun
("soy abogada", "je suis infirmière", "ich bin Ärztin", "arbeite als Bäckerin") or "mother" said of
herself. The clause need not give a fact itself ("moro em Évora, estou cansada do calor"): it says who is
speaking. A relative's feminine word ("mi hermana está casada", "meine Frau ist Lehrerin") says nothing of
the user, and no such word leaves every fact as it was.

Pure functions.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace

from shared.domain.models import ExtractedFact
from shared.providers.offline import foreign_people

__all__ = ["as_hers", "speaks_as_woman"]

# German marks a woman by the noun of her role ("Lehrerin", "Ärztin", "Studentin", "Kauffrau"), said after
# "ich bin" or "(ich arbeite) als"; "in Berlin" is a place (no role suffix ends it).
_GERMAN_ROLE = r"[^\W\d_]*(?:erin|istin|eurin|entin|antin|ologin|ärztin|beamtin|köchin|ötin|[^\W\d_]frau|mutter)"
_GERMAN_SELF = re.compile(
    rf"(?i)\b(?:(?:ich\s+)?bin|bin\s+ich)\s+(?:(?:eine|jetzt|nun|schon|seit\s+\S+|hier|gelernte|ausgebildete)\s+)*"
    rf"{_GERMAN_ROLE}\b"
    rf"|\b(?:arbeite|jobbe)\s+(?:\S+\s+){{0,3}}?als\s+{_GERMAN_ROLE}\b"
)
# Mother said of herself: "soy madre de dos", "sou mãe", "je suis maman", "ich bin Mama".
_MOTHER_SELF = {
    "es": re.compile(r"(?i)\b(?:yo\s+)?soy\s+(?:la\s+)?(?:madre|mamá|mama)\b"),
    "pt": re.compile(r"(?i)\b(?:eu\s+)?sou\s+(?:a\s+)?(?:mãe|mae|mamãe)\b"),
    "fr": re.compile(r"(?i)\bje\s+suis\s+(?:la\s+|une\s+)?(?:mère|maman)\b"),
    "de": re.compile(r"(?i)\b(?:ich\s+)?bin\s+(?:die\s+|eine\s+)?(?:mama|mutter)\b"),
}
# Feminine role nouns said after a first-person "be" that foreign_people's participle endings miss:
# "soy enfermera", "sou enfermeira" (-eira is there), "je suis infirmière" (-ère is there).
_ROLE_SELF = {
    "pt": re.compile(r"(?i)\btrabalho\s+como\s+(?-i:[a-zá-úç])[^\W\d_]+(?:eira|ora|ada|ica|óloga|ana)\b"),
    "fr": re.compile(r"(?i)\b(?:travaille|bosse)\s+comme\s+(?-i:[a-zà-ÿ])[^\W\d_]+(?:euse|trice|ère|ienne|ée)\b"),
    "es": re.compile(
        r"(?i)\b(?:trabajo|curro)\s+(?:de|como)\s+(?-i:[a-zá-úñ])[^\W\d_]+(?:era|ora|ada|ica|óloga|ana)\b"
    ),
    "es-be": re.compile(
        r"(?i)\b(?:yo\s+)?soy\s+(?:una?\s+)?(?-i:[a-zá-úñ])[^\W\d_]+(?:era|ora|ana|ina|óloga|ica|ada|ida)\b"
    ),
}
# A first-person clause a relative's word would otherwise be read in: "mi hermana es enfermera" has no "soy".
_NOT_A_ROLE = frozenset(("nada", "toda", "otra", "una", "buena", "mala", "sola", "fuera", "ahora", "hora"))

# The subject and its case forms, masculine -> feminine, as the foreign frames write them.
_FEMININE_FORMS = {
    "es": (
        ("El usuario", "La usuaria"),
        ("del usuario", "de la usuaria"),
        ("Al usuario", "A la usuaria"),
        ("al usuario", "a la usuaria"),
    ),
    "pt": (
        ("O utilizador", "A utilizadora"),
        ("do utilizador", "da utilizadora"),
        ("Ao utilizador", "À utilizadora"),
        ("ao utilizador", "à utilizadora"),
        ("pelo utilizador", "pela utilizadora"),
    ),
    "fr": (("L'utilisateur", "L'utilisatrice"), ("l'utilisateur", "l'utilisatrice")),
    "de": (
        ("Der Nutzer", "Die Nutzerin"),
        ("des Nutzers", "der Nutzerin"),
        ("dem Nutzer", "der Nutzerin"),
        ("den Nutzer", "die Nutzerin"),
    ),
}
_FEMININE_RX = {
    language: [(re.compile(rf"\b{re.escape(he)}\b"), she) for he, she in forms]
    for language, forms in _FEMININE_FORMS.items()
}
# German: her own things are "ihr-", not "sein-" ("Die Nutzerin besucht ihre Eltern").
_GERMAN_HIS = re.compile(r"\bsein(e|en|em|er|es)\b")
_SELF_GATE = re.compile(
    r"(?i)\b(?:soy|estoy|sou|estou|fiquei|suis|bin|als|me\s+he|trabajo|curro|trabalho|travaille|bosse)\b"
)


def speaks_as_woman(message: str, language: str) -> bool:
    """Whether the user speaks of herself in the feminine anywhere in ``message``."""
    if language not in _FEMININE_FORMS or not _SELF_GATE.search(message):
        return False
    if language == "de":
        return bool(_GERMAN_SELF.search(message) or _MOTHER_SELF["de"].search(message))
    if foreign_people.speaks_as_woman(message, language) or _MOTHER_SELF[language].search(message):
        return True
    roles = [rx for key, rx in _ROLE_SELF.items() if key.split("-")[0] == language]
    return any(m.group(0).split()[-1].lower() not in _NOT_A_ROLE for rx in roles for m in rx.finditer(message))


def her_text(text: str, language: str) -> str:
    """A fact about the user with its subject (and, in German, her possessives) in the feminine."""
    said = text
    for pattern, she in _FEMININE_RX.get(language, ()):
        said = pattern.sub(she, said)
    if language == "de" and said != text and said.startswith("Die Nutzerin "):
        said = _GERMAN_HIS.sub(r"ihr\1", said)
    return said


def as_hers(facts: Sequence[ExtractedFact], messages: Mapping[str, str]) -> list[ExtractedFact]:
    """Each foreign fact of a message in which the user speaks of herself in the feminine, with a feminine
    subject; every other fact as it was. ``messages``: event id -> the message's text."""
    out = []
    for fact in facts:
        message = messages.get(fact.source_event_ids[0], "") if fact.source_event_ids else ""
        if fact.language in _FEMININE_FORMS and message and speaks_as_woman(message, fact.language):
            fact = replace(fact, text=her_text(fact.text, fact.language))
        out.append(fact)
    return out
