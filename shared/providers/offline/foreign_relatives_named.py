"""A relative or friend the user has, named in the same breath, in German, Spanish, French, Italian and
Portuguese; and the grammatical gender a child's name shows when a count of children names them.

* **"I have a <kin> called N"**: a first-person "have" ("tengo", "ho", "j'ai", "tenho", "ich habe", and the
  "we" forms), an indefinite article, a kin or friend noun of the lexicon below, then the name, said by a
  participle ("llamada", "di nome", "nommée", "chamado", "namens") or by a clause of naming, with or without
  a comma ("que se llama", "si chiama", "qui s'appelle", "ele se chama", "er heißt", "der heißt"). The fact
  is the relative on their own slot, keyed in English as the English reader keys it ("family:sister:carmen",
  "person:friend:nacho"), said in the message's language with the noun's gender ("una hermana llamada").
  Where this was read as a belonging ("own:hermana-que") or not at all, it is one fact now.
* German "einen Freund"/"eine Freundin" named in a clause of its own is a friend (``life.friend_said``
  reads it so too); "novio", "ragazza", "copain" and the like are the partner reader's.
* Someone else's relative ("mi amiga tiene una hermana..."), a question, a wish ("vorrei un fratello") or
  no capitalised name gives nothing: the verb must be the user's own, at the start of a clause.
* **A child's gender by name**: "tengo dos hijos, Pablo y Lucía" -- the plural "hijos"/"figli"/"filhos"
  covers sons and daughters, so the name tells which: in Spanish, Italian and Portuguese a name in "-a" is a
  girl's and one in "-o" a boy's, but for the names of the other gender listed below (Italian "Luca",
  "Andrea"; Spanish "Rocío"). Any other ending tells nothing and the child stays a child.

Pure functions.
"""

from __future__ import annotations

import re

from shared.providers.offline.foreign_clauses import SUBJECTS
from shared.providers.offline.text_forms import words

__all__ = ["child_by_name", "relatives_named"]

# noun -> (English key, feminine?). Italian "nipote" (niece, nephew or grandchild) says too little.
_KIN: dict[str, dict[str, tuple[str, bool]]] = {
    "es": {
        "hermano": ("brother", False), "hermana": ("sister", True), "hijo": ("son", False),
        "hija": ("daughter", True), "primo": ("cousin", False), "prima": ("cousin", True),
        "tío": ("uncle", False), "tía": ("aunt", True), "sobrino": ("nephew", False),
        "sobrina": ("niece", True), "nieto": ("grandson", False), "nieta": ("granddaughter", True),
        "amigo": ("friend", False), "amiga": ("friend", True),
    },
    "it": {
        "fratello": ("brother", False), "sorella": ("sister", True), "figlio": ("son", False),
        "figlia": ("daughter", True), "cugino": ("cousin", False), "cugina": ("cousin", True),
        "zio": ("uncle", False), "zia": ("aunt", True), "amico": ("friend", False), "amica": ("friend", True),
    },
    "fr": {
        "frère": ("brother", False), "sœur": ("sister", True), "soeur": ("sister", True),
        "fils": ("son", False), "fille": ("daughter", True), "cousin": ("cousin", False),
        "cousine": ("cousin", True), "oncle": ("uncle", False), "tante": ("aunt", True),
        "neveu": ("nephew", False), "nièce": ("niece", True), "ami": ("friend", False), "amie": ("friend", True),
    },
    "pt": {
        "irmão": ("brother", False), "irmã": ("sister", True), "filho": ("son", False),
        "filha": ("daughter", True), "primo": ("cousin", False), "prima": ("cousin", True),
        "tio": ("uncle", False), "tia": ("aunt", True), "sobrinho": ("nephew", False),
        "sobrinha": ("niece", True), "neto": ("grandson", False), "neta": ("granddaughter", True),
        "amigo": ("friend", False), "amiga": ("friend", True),
    },
    "de": {
        "bruder": ("brother", False), "schwester": ("sister", True), "sohn": ("son", False),
        "tochter": ("daughter", True), "cousin": ("cousin", False), "cousine": ("cousin", True),
        "onkel": ("uncle", False), "tante": ("aunt", True), "neffe": ("nephew", False),
        "nichte": ("niece", True), "enkel": ("grandson", False), "enkelin": ("granddaughter", True),
        "freund": ("friend", False), "freundin": ("friend", True),
    },
}  # fmt: skip

# The user's "have" and the indefinite articles, per language.
_HAVE = {
    "es": r"(?:yo\s+)?(?:tengo|tenemos)",
    "it": r"(?:io\s+)?(?:ho|abbiamo)",
    "fr": r"(?:moi\s*,?\s*)?(?:j'ai|nous\s+avons|on\s+a)",
    "pt": r"(?:eu\s+)?(?:tenho|temos)",
    "de": r"(?:(?:ich\s+)?(?:habe|hab)|wir\s+haben)",
}
_ARTICLE = {
    "es": r"(?:un|una)",
    "it": r"(?:un|una|un')",
    "fr": r"(?:un|une)",
    "pt": r"(?:um|uma)",
    "de": r"(?:einen|eine|ein)",
}
# What names them: a participle, or a clause of naming, its pronoun or relative optional.
_NAMING = {
    "es": r"(?:\s*,\s*|\s+)(?:(?:que\s+)?se\s+llama|llamad[oa]|de\s+nombre)",
    "it": r"(?:\s*,\s*|\s+)(?:(?:che\s+)?si\s+chiama|chiamat[oa]|di\s+nome)",
    "fr": r"(?:\s*,\s*|\s+)(?:(?:qui\s+|il\s+|elle\s+)?s'appelle|nommée?|appelée?)",
    "pt": r"(?:\s*,\s*|\s+)(?:(?:que\s+|ele\s+|ela\s+)?se\s+chama|chama-se|chamad[oa])",
    "de": r"(?:\s*,\s*|\s+)(?:(?:er|sie|der|die)\s+heißt|namens)",
}
# Where a clause of the user's may begin: the start, a punctuation mark, "and"/"but", "also".
_LEAD = (
    r"(?:^|(?<=[,;:.!?])\s*|\b(?:y|e|ed|et|und|pero|ma|mais|mas|aber)\s+)"
    r"(?:(?:también|tambien|anche|aussi|também|tambem|auch|ya|già|déjà|já|schon)\s+)?"
)
_NAME = r"(?P<name>(?-i:[A-ZÀ-ÝÄÖÜ])[\wà-ÿäöüß'-]+)"

_PATTERNS = {
    language: re.compile(
        rf"(?i){_LEAD}(?P<said>{have}\s+(?:(?:auch|ja|noch|aussi)\s+)?{_ARTICLE[language]}\s*(?P<noun>[^\W\d_]+)"
        rf"{_NAMING[language]}\s+{_NAME})(?=$|[\s,;.!?)])"
    )
    for language, have in _HAVE.items()
}
_GATE = re.compile(r"(?i)llam|chiam|appel|chama|heißt|heisst|namens|nomm|di\s+nome|de\s+nombre")

_SAID = {
    "es": ("{S} tiene un {k} llamado {n}", "{S} tiene una {k} llamada {n}"),
    "it": ("{S} ha un {k} di nome {n}", "{S} ha una {k} di nome {n}"),
    "fr": ("{S} a un {k} nommé {n}", "{S} a une {k} nommée {n}"),
    "pt": ("{S} tem um {k} chamado {n}", "{S} tem uma {k} chamada {n}"),
    "de": ("{S} hat einen {k} namens {n}", "{S} hat eine {k} namens {n}"),
}


def relatives_named(sentence: str, language: str) -> tuple[list[tuple[str, str, str]], str]:
    """The (text, slot, name) of each relative or friend the user has and names ("tengo una hermana que se
    llama Carmen"), and the sentence without what was read, for the other readers."""
    pattern = _PATTERNS.get(language)
    if pattern is None or not _GATE.search(sentence):
        return [], sentence
    text = sentence.replace("’", "'")
    found: list[tuple[str, str, str]] = []
    cuts: list[tuple[int, int]] = []
    for m in pattern.finditer(text):
        noun = m.group("noun")
        kin = _KIN[language].get(noun.lower())
        name = m.group("name")
        if kin is None or name.lower() in _KIN[language]:
            continue
        key, feminine = kin
        shown = noun.capitalize() if language == "de" else noun.lower()
        said = _SAID[language][1 if feminine else 0].format(S=SUBJECTS[language], k=shown, n=name)
        slot = f"person:friend:{name.lower()}" if key == "friend" else f"family:{key}:{name.lower()}"
        found.append((said, slot, name))
        cuts.append((m.start("said"), m.end("said")))
    for start, end in reversed(cuts):
        text = text[:start] + text[end:]
    return found, (text.strip(" ,;.") if cuts else sentence)


# Names of the other gender than their ending says (per language: "Andrea" is a man's in Italian only).
_MASCULINE_IN_A = {
    "it": words("luca andrea nicola mattia elia enea battista tobia giosuè isaia"),
    "es": words("borja josué"),
    "pt": words("josué"),
}
_FEMININE_IN_O = {
    "es": words("rocío rocio consuelo amparo rosario socorro"),
    "pt": words("carmo"),
    "it": words(""),
}


def child_by_name(name: str, language: str) -> str | None:
    """ "son" or "daughter" as a Spanish, Italian or Portuguese child's name shows it; None when it does not."""
    if language not in _MASCULINE_IN_A:
        return None
    low = name.lower()
    if low.endswith("a"):
        return "son" if low in _MASCULINE_IN_A[language] else "daughter"
    if low.endswith("o"):
        return "daughter" if low in _FEMININE_IN_O[language] else "son"
    return None
