"""Which earlier fact a retraction names, by the content words the two share.

A retraction often names its thing in other words than the fact it ends: "no longer coach the u12s"
ends "coaches the under-12s", and the extractor's slot keys differ the same way ("habit:coaching-u12s"
against "habit:coaching-under-12s"). Comparing content-word stems (the first five letters of each word,
numbers split from the letters around them, stop words and one-letter tokens dropped) bridges most such
pairs; the embedding similarity is the second opinion for a match on fewer than all the words. Pure.
"""

from __future__ import annotations

import re

_TOKEN = re.compile(r"[\w+#]+")
# Where a letter meets a digit ("u12s" -> "u", "12s"), so an abbreviated number still meets the
# spelled-out one ("under-12s").
_LETTER_DIGIT = re.compile(r"(?<=[^\W\d_])(?=\d)")
_STEM_LENGTH = 5

# Words that frame a statement rather than name its thing (English; the slot keys are English).
_STOP_WORDS = frozenset(
    " ".join(
        (
            "the a an user users their they them my our we i you he she his her its it is are was were be been",
            "being no not longer anymore any more never does do did has have had in at on of for with from to by",
            "and or as now still also since just new old again instead this that these those some",
        )
    ).split()
)


def content_stems(text: str) -> frozenset[str]:
    """The stems of a text's content words; slot prefixes ("habit:") count as words, so pass keys alone."""
    stems = set()
    for token in _TOKEN.findall(text.lower().replace("-", " ").replace(":", " ").replace("'s", "")):
        for part in _LETTER_DIGIT.split(token):
            if len(part) > 1 and part not in _STOP_WORDS:
                stems.add(part[:_STEM_LENGTH])
    return frozenset(stems)


def names_all(key: str, slot: str | None, text: str) -> bool:
    """Whether a fact's slot or text names every content word of ``key`` (a slot key: "coaching-u12s")."""
    wanted = content_stems(key)
    return bool(wanted) and wanted <= content_stems(f"{slot or ''} {text}")


def shares_content(key: str, slot: str | None, text: str) -> bool:
    """Whether a fact's slot or text names at least one content word of ``key``."""
    return bool(content_stems(key) & content_stems(f"{slot or ''} {text}"))


# A retraction that shares only some of its thing's words with an earlier fact ends it only when the
# embedding agrees and no other candidate target shares a word. Below the neighbour floor (0.55) a fact
# is not even offered, so this only guards the store's always-included facts (same slot, thing in text).
PARTIAL_MATCH_MIN_SIMILARITY = 0.55


def one_partial_match(key: str, facts: list[tuple[str | None, str, float]]) -> int | None:
    """The index of the one fact (slot, text, similarity) that shares a content word with ``key`` and is
    similar enough, when exactly one shares a word at all; else None (leave every fact active)."""
    sharing = [i for i, (slot, text, _) in enumerate(facts) if shares_content(key, slot, text)]
    if len(sharing) != 1:
        return None
    [index] = sharing
    return index if facts[index][2] >= PARTIAL_MATCH_MIN_SIMILARITY else None
