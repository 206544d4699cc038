"""Small text forms the offline extractor's modules share: patterns, word lists, tidied values, slot keys
and the English third person.

Each module had its own copy of these, and the copies drifted; where the modules really differ (which
characters a value sheds, how long a slot key is, which pronouns are swapped), the difference is a
parameter here, named at the module that needs it. Pure functions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from functools import lru_cache


def rx(pattern: str) -> re.Pattern[str]:
    """A pattern read without regard to case, as every rule of the extractor is."""
    return re.compile(pattern, re.IGNORECASE)


# Patterns built per language and per call are compiled once: the re module's own cache holds only 512,
# and the extractor's many patterns would push each other out of it (measured: a third of the time).
@lru_cache(maxsize=8192)
def compiled(pattern: str, flags: int = 0) -> re.Pattern[str]:
    return re.compile(pattern, flags)


def match(pattern: str, text: str, flags: int = 0) -> re.Match[str] | None:
    return compiled(pattern, flags).match(text)


def search(pattern: str, text: str, flags: int = 0) -> re.Match[str] | None:
    return compiled(pattern, flags).search(text)


def sub(pattern: str, repl: str | Callable[[re.Match[str]], str], text: str, count: int = 0, flags: int = 0) -> str:
    return compiled(pattern, flags).sub(repl, text, count)


def split(pattern: str, text: str, flags: int = 0) -> list[str]:
    return compiled(pattern, flags).split(text)


def finditer(pattern: str, text: str, flags: int = 0) -> Iterator[re.Match[str]]:
    return compiled(pattern, flags).finditer(text)


def fullmatch(pattern: str, text: str, flags: int = 0) -> re.Match[str] | None:
    return compiled(pattern, flags).fullmatch(text)


def join(*parts: str) -> str:
    """The non-empty parts, one space between words."""
    return sub(r"\s+", " ", " ".join(p for p in parts if p)).strip()


def words(text: str) -> frozenset[str]:
    """A word list written as text, one space between words."""
    return frozenset(text.split())


VALUE_EDGES = " ,.;:!?\"'"


def tidy(text: str, *, edges: str = VALUE_EDGES, tail: str = "", cut: re.Pattern[str] | None = None) -> str:
    """A value as said, without what surrounds it: ``cut`` removes a trailing part first (a conjunction
    and what follows), runs of white space become one space, ``edges`` go from both ends and ``tail``
    from the end only."""
    if cut is not None:
        text = cut.sub("", text)
    text = sub(r"\s+", " ", text).strip(edges)
    return text.rstrip(tail) if tail else text


def slug(
    text: str, limit: int = 6, *, word: str = r"\w+", skip: frozenset[str] = frozenset(), possessive: bool = False
) -> str:
    """A slot key: the first ``limit`` words of ``text``, lowercased and joined by hyphens, without the
    words in ``skip`` (and, with ``possessive``, without a "'s"). A word is what ``word`` matches; dots
    at a word's ends are dropped ("node.js." -> "node.js")."""
    text = text.lower()
    if possessive:
        text = sub(r"'s\b", "", text)
    kept = [w for w in compiled(word).findall(text) if w.strip(".") and w not in skip]
    return "-".join(w.strip(".") for w in kept[:limit])


# fmt: off
PRONOUNS: Mapping[str, str] = {
    "my": "their", "mine": "theirs", "me": "them", "myself": "themselves", "i": "they", "we": "they",
    "our": "their", "ours": "theirs", "us": "them", "ourselves": "themselves", "am": "are",
}
# fmt: on
_ENGLISH_WORD = re.compile(r"(?<![\w'])[A-Za-z]+(?![\w'])")


def third_person(
    phrase: str,
    *,
    pronouns: Mapping[str, str] = PRONOUNS,
    word: re.Pattern[str] = _ENGLISH_WORD,
    capitalise: bool = False,
) -> str:
    """The speaker's pronouns in a phrase, as a third person's ("my" -> "their", "us" -> "them"). ``word``
    is what counts as one word (whether "I'm" is one), ``capitalise`` keeps a capital ("My" -> "Their")."""

    def swap(found: re.Match[str]) -> str:
        said = found.group(0)
        lower = said.lower()
        if lower == "us" and said != "us":  # "the US" is a country, not a pronoun
            return said
        replacement = pronouns.get(lower)
        if replacement is None:
            return said
        return replacement.capitalize() if capitalise and said[0].isupper() and lower != "i" else replacement

    return word.sub(swap, phrase)


IRREGULAR_THIRD = {"have": "has", "do": "does", "go": "goes", "be": "is", "am": "is"}


def third_singular(verb: str, irregular: Mapping[str, str] = IRREGULAR_THIRD) -> str:
    """The third-person singular of a bare English verb ("fly" -> "flies", "watch" -> "watches"); the
    ``irregular`` forms are looked up lowercased, the others keep the verb's case."""
    lower = verb.lower()
    if lower in irregular:
        return irregular[lower]
    if is_third_singular(lower):
        return verb  # already conjugated ("chats", "watches"): another ending would garble it ("chatses")
    if lower.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if lower.endswith("y") and lower[-2:-1] not in tuple("aeiou"):
        return verb[:-1] + "ies"
    return verb + "s"


def is_third_singular(verb: str) -> bool:
    """Whether an English verb already has its third-person ending ("chats", "plays", "watches", "goes"). A
    bare verb that ends in -s ends in -ss, -us, -is or -as ("pass", "focus"); the others are conjugated."""
    lower = verb.lower()
    return len(lower) > 3 and lower.endswith("s") and not lower.endswith(("ss", "us", "is", "as"))


def bare_verb(verb: str) -> str:
    """The bare form of a third-person English verb ("chats" -> "chat", "watches" -> "watch", "tries" ->
    "try", "goes" -> "go"); a verb that is not one is returned as it is."""
    if not is_third_singular(verb):
        return verb
    lower = verb.lower()
    if lower.endswith("ies") and len(lower) > 4:
        return verb[:-3] + "y"
    if lower.endswith(("sses", "shes", "ches", "xes", "zzes", "oes")):
        return verb[:-2]
    return verb[:-1]
