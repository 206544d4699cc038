"""Slot names as a model writes them, brought to one spelling, so a slot cannot drift between turns.

A model that chooses slot names freely writes "tool:code editor" one day and "tool:editor" the
next, "likes:dogs" and "like:dog", "favorite:color" and "favourite:colour". Consolidation compares
slots by exact string (a single-valued slot's automatic UPDATE needs the same slot), so drift
means two facts where one should replace the other. :func:`canonical_slot` folds case, spacing,
separators, plurals and a small map of synonyms; :func:`reuse_known` then prefers the user's
existing spelling of the same canonical slot, so a new fact lands on the slot an old one holds.

Only spellings are merged, never meanings: two slots that merely look alike ("tool:editor" and
"tool:editor plugin") stay different, and the decider, not a rule, arbitrates between them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from shared.domain.slots import CONTEXT_MARK

# The kind (the part before the first ":") in the canonical vocabulary of the extraction prompt.
_KINDS = {
    "likes": "like",
    "love": "like",
    "loves": "like",
    "enjoys": "like",
    "dislikes": "dislike",
    "hate": "dislike",
    "hates": "dislike",
    "avoids": "avoid",
    "allergies": "allergy",
    "allergic": "allergy",
    "languages": "language",
    "speaks": "language",
    "pets": "pet",
    "goals": "goal",
    "habits": "habit",
    "events": "event",
    "tools": "tool",
    "favorite": "favourite",
    "favorites": "favourite",
    "favourites": "favourite",
    "job": "occupation",
    "profession": "occupation",
    "job title": "occupation",
    "company": "employer",
    "workplace": "employer",
    "city": "location",
    "home": "location",
    "residence": "location",
    "current location": "location",
    "hometown": "origin",
    "birthplace": "origin",
    "spouse": "partner",
    "husband": "partner",
    "wife": "partner",
    "boyfriend": "partner",
    "girlfriend": "partner",
    "birthdate": "birthday",
    "date of birth": "birthday",
    "full name": "name",
    "diet type": "diet",
    "dietary preference": "diet",
    "families": "family",
    "people": "person",
}
# What a thing is called, within tool: and favourite: slots (the second part).
_THINGS = {
    "code editor": "editor",
    "text editor": "editor",
    "ide": "editor",
    "db": "database",
    "web browser": "browser",
    "smartphone": "phone",
    "mobile phone": "phone",
    "cell phone": "phone",
    "os": "operating system",
    "color": "colour",
    "movie": "film",
    "music band": "band",
}
# Relations within family: slots.
_RELATIONS = {
    "mom": "mother",
    "mum": "mother",
    "mommy": "mother",
    "dad": "father",
    "daddy": "father",
    "bro": "brother",
    "sis": "sister",
    "kid": "child",
    "grandma": "grandmother",
    "granny": "grandmother",
    "grandpa": "grandfather",
}
_SINGULAR_KINDS = {"like", "dislike", "avoid", "allergy", "tool", "favourite"}  # their second part is a thing
_SPACES = re.compile(r"[\s_]+")


_NO_SINGULAR = {"news", "series", "species", "glasses", "sunglasses", "jeans", "clothes", "trousers", "shorts",
                "pants", "scissors", "maths", "physics", "mathematics", "economics", "politics", "athletics",
                "lyrics", "gymnastics", "aerobics", "chess", "billiards", "darts"}  # fmt: skip


def _singular(word: str) -> str:
    """English plural to singular for the simple, regular cases; anything else is left alone."""
    if word in _NO_SINGULAR:
        return word
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("ches", "shes", "sses", "xes", "zes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is", "os")):
        return word[:-1]
    return word


def _part(text: str) -> str:
    return _SPACES.sub(" ", text).strip()


def canonical_slot(slot: str | None) -> str | None:
    """The one spelling of a slot: lowercase, single spaces, the canonical kind, singular things,
    known synonyms folded. None for an empty slot."""
    if slot is None:
        return None
    text = unicodedata.normalize("NFC", slot).strip().lower()
    if not text:
        return None
    base, mark, context = text.partition(CONTEXT_MARK)
    parts = [_part(p) for p in base.split(":")]
    kind = _KINDS.get(parts[0], parts[0])
    parts[0] = kind
    if len(parts) > 1:
        if kind in _SINGULAR_KINDS:
            words = parts[1].split(" ")
            words[-1] = _singular(words[-1])
            parts[1] = " ".join(words)
        if kind in ("tool", "favourite"):
            parts[1] = _THINGS.get(parts[1], parts[1])
        if kind == "family":
            parts[1] = _RELATIONS.get(parts[1], parts[1])
    canonical = ":".join(p for p in parts if p)
    if mark and _part(context):
        canonical += CONTEXT_MARK + _part(context)
    return canonical or None


def reuse_known(slot: str | None, known: Iterable[str]) -> str | None:
    """The canonical slot, spelled as the user's existing slot of the same canonical form if there
    is one (so the new fact lands exactly on it), else in its canonical spelling."""
    canonical = canonical_slot(slot)
    if canonical is None:
        return None
    for existing in known:
        if canonical_slot(existing) == canonical:
            return existing
    return canonical
