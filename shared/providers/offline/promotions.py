"""One's promotion told by another verb, said again as the plain form the frames read: "I was promoted to X".

- someone else promoting one: "they made me head of design", "my boss promoted me to lead nurse";
- a passive "made": "I was made partner" (but "I was made redundant" is no role);
- a step up: "got bumped up to senior analyst", "moved up to senior manager", "stepped up to deputy head",
  "got the promotion to staff engineer".

The new role replaces the old one (the frames read "promoted to" as the occupation). A role is recognised by
its form, not a list of phrasings: a rank word ("head", "lead", "senior", ...) at its start or end. A step up to
a name ("moved up to Inverness") is a move, never a role; "stepped up to the plate" names nothing. Pure
functions over English text, behind one cheap word test.
"""

from __future__ import annotations

import re

from shared.providers.offline.text_forms import rx, words

_CUES = ("made", "promot", "bumped", "moved up", "stepped up")

# Words that make a phrase a role one is promoted to, at its start ("head of design", "lead nurse") or its end
# ("engineering manager", "partner").
_RANKS = words(
    """head lead senior chief deputy assistant acting interim principal staff team manager director supervisor
    captain partner vp president coordinator foreman sergeant superintendent executive officer associate
    editor controller"""
)
_ROLE = r"(?P<role>[a-z][a-z-]*(?:\s+(?:of\s+)?[a-z][a-z-]*){0,3}?)"
_END = (
    r"(?=\s*(?:$|[,.!?;:)]|\s+(?:in|on|at|last|this|from|since|after|two|three|a|an|back|yesterday|today|and|so|but"
    r"|lol|haha)\b))"
)

# "they made me head of design", "my boss promoted me to lead nurse", "work made me a manager"
_MADE_ME = rx(
    r"\b(?:they|my\s+(?:boss|manager|company|work|firm)|work|the\s+company|management)\s+(?:(?:just|finally|officially)\s+)*"
    rf"(?:made|promoted)\s+me\s+(?:to\s+)?(?:an?\s+|the\s+)?{_ROLE}{_END}"
)
# "I was made partner", "got made team lead": never "made redundant", "made to wait"
_WAS_MADE = rx(rf"\b(?:i\s+)?(?:was|got|have\s+been|'ve\s+been)\s+made\s+(?:an?\s+|the\s+)?{_ROLE}{_END}")
# "got bumped up to senior analyst", "moved up to senior manager", "got the promotion to staff engineer"
_STEPPED_UP = rx(
    r"\b(?:i\s+)?(?:(?:just|finally|officially|recently)\s+)*(?:(?:got|was|have\s+been|'ve\s+been)\s+bumped\s+up"
    r"|moved\s+up|stepped\s+up|got\s+(?:the|my|a)\s+promotion)\s+to\s+"
    rf"(?!(?:an?|the|my|our|their|his|her)\b){_ROLE}{_END}"
)


def _is_role(role: str) -> bool:
    words = role.lower().split()
    return bool(words) and (words[0] in _RANKS or words[-1] in _RANKS)


def said_plainly(text: str) -> str:
    """``text`` with each promotion above said as "I was promoted to X"; any other text as it is."""
    lowered = text.lower()
    if not any(cue in lowered for cue in _CUES):
        return text

    def promoted(m: re.Match[str]) -> str:
        return f"I was promoted to {m.group('role')}" if _is_role(m.group("role")) else m.group(0)

    for form in (_MADE_ME, _WAS_MADE, _STEPPED_UP):
        text = form.sub(promoted, text)
    return text
