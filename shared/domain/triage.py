"""Which user turns are worth an extraction call at all.

Greetings, acknowledgements and bare questions carry nothing to remember; skipping them before
the provider is the cheapest call there is. Cheap, deterministic and conservative: when in doubt,
a turn is worth extracting.
"""

from __future__ import annotations

import re

_FILLER = re.compile(
    r"^(hi|hello|hey|yo|hiya|good (morning|afternoon|evening|night)|thanks?( you)?( so much| a lot)?|thx|ty|"
    r"ok(ay)?|k|cool|great|nice|awesome|perfect|got it|sure|yes|yeah|yep|no|nope|lol|haha|bye|goodbye|"
    r"see you|cheers|sounds good|makes sense|right|alright|wow|hmm+|oh)( there)?[\s!.,:;)]*$",
    re.IGNORECASE,
)


def worth_extracting(content: str, *, follows_assistant_question: bool = False) -> bool:
    """False for turns with nothing to remember. A bare "yes" after an assistant question can
    confirm a fact, so it stays worth a look."""
    text = content.strip()
    if not text:
        return False
    if _FILLER.match(text):
        return follows_assistant_question and text.lower().rstrip("!. ") in {
            "yes",
            "yeah",
            "yep",
            "no",
            "nope",
            "right",
            "sure",
        }
    # A question alone asks, it does not tell (several sentences may still state something, and so
    # may the first half of one: "I have an iPhone 12, how do I turn off auto brightness?").
    sentences = [s for s in re.split(r"(?<=[.!?])\s+", text) if s]
    return not all(s.rstrip().endswith("?") and not _TELLS_FIRST.search(s) for s in sentences)


# A first-person clause before the question, or a statement said with a rising tone.
_TELLS_FIRST = re.compile(
    r"^(?!\W*(?:if|when|would|should|could|can|do|does|did|is|are|was|were|what|how|why|where|who|which|will"
    r"|shall|have|has|had|any|anything)\b)(?:(?:\W*\w+\W+){0,3}?(?:i|i'm|im|i've|my|we|we're|our)\b[^?]*,"
    r"|(?:i|i'm|im|my|we|our)\b(?![^?]*\byou\b))|"
    r"\b(?:turns\s+out|apparently)\b",
    re.IGNORECASE,
)
