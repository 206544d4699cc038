"""Health conditions said by how they were found or how they are borne: "I was diagnosed with ADHD last year",
"got diagnosed with coeliac in 2021", "I live with chronic fatigue", "I struggle with migraines". A diagnosis
is the condition held from then on ("The user has ADHD", since the stated date), never a passing event; the
verb "diagnosed with" itself says its object is a condition, whatever its name. "I was diagnosed with X" is left
to the rules as it was: a relative's news is read through the same first-person clause ("my mum was diagnosed
with diabetes" -> "I was diagnosed with diabetes"), and its slot there is pinned (test_p10_past). "live with" and
"struggle with" say so only of a condition by its form (a word of illness: "fatigue", "pain", "-itis",
"disorder"), so "I live with my sister" is no condition."""

from __future__ import annotations

import re

_FLAGS = re.IGNORECASE

_DIAGNOSED = re.compile(
    r"^(?:(?:i|we)\s+)?(?:(?:have\s+been|had\s+been|got|just|finally|recently|officially|also)\s+)*"
    r"diagnosed\s+with\s+(?P<what>[\w'\s-]{2,40}?)(?:\s*[,;].*|\s+(?:at|by|after|when|as|because|bc)\b.*|\s+(?:too|as\s+well))?$",
    _FLAGS,
)
_BORNE = re.compile(
    r"^i\s+(?:(?:have\s+)?(?:been\s+)?)?(?:live|living|struggle|struggling|deal|dealing|cope|coping)\s+with\s+"
    r"(?P<what>(?:chronic\s+|severe\s+|bad\s+|long\s+)?[\w'\s-]{2,30}?)$",
    _FLAGS,
)
_ILLNESS_WORD = re.compile(
    r"(?:itis|osis|emia|aemia|algia|pathy)$|\b(?:fatigue|pain|disorder|syndrome|disease|migraines?|anxiety|depression"
    r"|insomnia|tinnitus|asthma|diabetes|epilepsy|arthritis|eczema|psoriasis|adhd|ptsd|ocd|ibs|pcos|cancer|covid"
    r"|apnea|apnoea|vertigo)$",
    _FLAGS,
)
_NOT_A_CONDITION = re.compile(r"^(?:my|our|his|her|their|a|the|it|that|this|them|him)\b", _FLAGS)


def condition(text: str) -> str | None:
    """The condition a first-person clause says the speaker was diagnosed with or lives with; None else."""
    if not text or "with" not in text.lower():
        return None
    if m := _DIAGNOSED.match(text.strip()):
        what = m.group("what").strip()
        return None if _NOT_A_CONDITION.match(what) else what
    if (m := _BORNE.match(text.strip())) and _ILLNESS_WORD.search(m.group("what").strip()):
        return m.group("what").strip()
    return None
