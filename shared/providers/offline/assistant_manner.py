"""How the user wants the assistant to talk, asked once for good: "don't sugarcoat it", "never apologise", "talk to
me like a friend", "be straight with me".

Three forms, read by their structure rather than by a list of requests:

- a verb of talking that goes too far, forbidden: "don't / do not / never / no need to / you don't have to" with
  a verb of the talk one does not want (sugarcoat, apologise, hedge, lecture, ramble ...) and at most a pronoun
  or "everything" after it; the assistant is what is spoken to, so "don't apologise to her" is not one;
- a manner of talking by likeness: a verb of talking "to me / with me" and "like ..." or "as if ...";
- a manner said as a quality "with me": "be straight / honest / blunt / gentle / formal with me".

A request for one answer ("just this once", "for this one", "here") is not kept; the manner is the tone, so a
later manner replaces the earlier one (slot ``style:tone``), and a forbidden verb has a slot of its own.
"""

from __future__ import annotations

import re

from shared.providers.offline.tag_forms import Said

_TALK_TOO_MUCH = (
    r"sugar-?coat|apologi[sz]e|hedge|lecture|morali[sz]e|ramble|over-?explain|patroni[sz]e|preach|waffle|pad"
    r"|flatter|praise|butter\s+me\s+up|beat\s+around\s+the\s+bush|dumb\s+(?:it|things)\s+down|hold\s+back"
)
_NOT = r"(?:do\s+not|don'?t|dont|never|no\s+need\s+to|you\s+(?:do\s+not|don'?t|dont)\s+(?:need|have)\s+to)"
_POLITE = r"(?:(?:please|pls|plz|and|just|also|oh|btw|ok|okay)\s*,?\s+)*"
_TAIL = r"(?:\s+(?:please|pls|plz|lol|haha|tbh|ok|okay|so\s+much|all\s+the\s+time|every\s+time|with\s+me|for\s+me))*"
_FORBIDDEN = re.compile(
    rf"^{_POLITE}{_NOT}\s+(?P<v>{_TALK_TOO_MUCH})(?P<obj>\s+(?:it|that|things|anything|everything|stuff|me))?"
    rf"(?:\s+(?:to|for)\s+me)?{_TAIL}[\s.!]*$",
    re.IGNORECASE,
)
_TALK_VERBS = r"talk|speak|write|reply|respond|answer|chat|explain\s+things"
_LIKENESS = re.compile(
    rf"^{_POLITE}(?:can\s+you\s+|could\s+you\s+)?(?:always\s+)?(?:{_TALK_VERBS})\s+(?:to|with)\s+me\s+"
    r"(?P<how>(?:like|as\s+if|as\s+though)\s+(?:i\s+am\s+|i'm\s+|im\s+|you\s+are\s+|you're\s+)?(?:an?\s+|my\s+)?"
    r"[a-z][a-z' -]{1,30}?)"
    rf"(?:\s+(?:from\s+now\s+on|going\s+forward|always))?{_TAIL}[\s.!]*$",
    re.IGNORECASE,
)
_QUALITIES = (
    r"straight|honest|blunt|direct|frank|brutal|brutally\s+honest|gentle|formal|informal|casual|patient|real"
    r"|upfront|straightforward"
)
_WITH_ME = re.compile(
    rf"^{_POLITE}(?:always\s+)?be\s+(?:more\s+|totally\s+|completely\s+|100%\s+)?(?P<q>{_QUALITIES})\s+with\s+me"
    rf"(?:\s+(?:from\s+now\s+on|going\s+forward|always))?{_TAIL}[\s.!]*$",
    re.IGNORECASE,
)
_ONE_OFF = re.compile(r"\b(?:just\s+this\s+once|this\s+(?:once|time)|for\s+this\s+one|for\s+now|here)\b", re.IGNORECASE)
_GATE = re.compile(r"\b(?:me|not|don'?t|dont|never|no\s+need)\b", re.IGNORECASE)


def _spaced(text: str) -> str:
    return " ".join(text.split())


def read(clause: str) -> list[Said]:
    """How the assistant is to talk, said in the clause; [] for any other clause."""
    if _GATE.search(clause) is None or _ONE_OFF.search(clause):
        return []
    if (m := _FORBIDDEN.match(clause)) is not None:
        verb = _spaced(m.group("v")).lower()
        obj = _spaced(m.group("obj") or "").lower()
        what = (
            f"{verb} {obj}" if obj and obj not in ("me", "it", "that") else verb
        )  # "don't lecture me": not to lecture
        slug = re.sub(r"[^a-z]+", "-", verb).strip("-")
        return [Said(f"The user wants the assistant not to {what}", f"style:{slug}", f"no {verb}", preference=True)]
    if (m := _LIKENESS.match(clause)) is not None:
        how = _spaced(m.group("how"))
        how = re.sub(r"(?i)^like\s+(?:i\s+am|i'm|im)\s+", "like ", how)  # "like I'm a friend": like a friend
        how = re.sub(r"(?i)\b(?:i\s+am|i'm|im)\b", "they were", how)  # "as if I'm new": as if they were new
        how = re.sub(r"(?i)\bmy\b", "their", how)
        return [Said(f"The user wants the assistant to talk to them {how}", "style:tone", how, preference=True)]
    if (m := _WITH_ME.match(clause)) is not None:
        quality = _spaced(m.group("q")).lower()
        return [Said(f"The user wants the assistant to be {quality} with them", "style:tone", quality, preference=True)]
    return []


# A sentence that opens with a request of a manner, whatever follows it ("never apologise, it's annoying").
_OPENS = re.compile(
    rf"^{_POLITE}(?:{_NOT}\s+(?:{_TALK_TOO_MUCH})|(?:{_TALK_VERBS})\s+(?:to|with)\s+me\s+(?:like|as\s+if|as\s+though))\b",
    re.IGNORECASE,
)


def asks_a_manner(sentence: str) -> bool:
    """Whether a sentence that asks something opens with how the assistant is to talk, so its clauses are read
    (a task such as "write a poem" is not)."""
    return _OPENS.match(sentence.strip()) is not None and _ONE_OFF.search(sentence) is None
