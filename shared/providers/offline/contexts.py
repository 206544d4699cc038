"""Contexts named by their kind (English): "at my day job", "in our startup", "for my thesis", "on the side
gig", "for my homelab", "at uni".

The listed phrases of ``frames.CONTEXTS`` name a context word for word; here a context is read by its form:
a preposition, an optional possessive and modifiers, and a noun that names a kind of undertaking (a job or
company: work; a project of one's own: a side project; a home: the family; a thesis or a university: study).
The marker must open the clause (after a lead-in such as "so" or "and") or close it, so a noun said as the
object ("I work at the startup", "I'm a student at the university") is never taken for the context the
statement is made in.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from shared.providers.offline.text_forms import rx as _rx

# noun -> context. Multi-word nouns are matched with any whitespace.
_KINDS: dict[str, str] = {
    **dict.fromkeys(
        (
            "day job",
            "job",
            "work",
            "office",
            "company",
            "employer",
            "workplace",
            "startup",
            "start-up",
            "firm",
            "agency",
            "team",
            "department",
            "org",
            "organisation",
            "organization",
        ),
        "work",
    ),
    **dict.fromkeys(
        (
            "side project",
            "side projects",
            "side gig",
            "side hustle",
            "side business",
            "hobby project",
            "hobby projects",
            "pet project",
            "weekend project",
            "homelab",
            "home lab",
            "home server",
            "home servers",
            "hobby",
        ),
        "side project",
    ),
    **dict.fromkeys(("home", "household", "family"), "family"),
    **dict.fromkeys(
        (
            "thesis",
            "dissertation",
            "phd",
            "ph.d.",
            "master's",
            "masters",
            "master's thesis",
            "bachelor's thesis",
            "studies",
            "uni",
            "university",
            "college",
            "coursework",
            "research",
        ),
        "study",
    ),
}
# Said without a possessive or article: "at uni", "at work", "at home" (not "at university": "I met my wife
# at university" is where, not a context of tools and habits).
_BARE = frozenset(("uni", "work", "home"))
# Only one's own: "my team", "our team" (not "a meeting with the team", "I play on the team").
_OWN_ONLY = frozenset(("team",))
_NOUNS = "|".join(re.escape(n).replace(r"\ ", r"\s+") for n in sorted(_KINDS, key=len, reverse=True))
_MODIFIERS = (
    r"(?:(?:new|current|own|little|small|tiny|main|regular|boring|actual|real|full[- ]time|part[- ]time|old|other"
    r"|first|second|weekend|personal)\s+)*"
)
_MARKER = (
    r"(?:at|in|for|on|during)\s+(?P<owner>(?:my|our|the)\s+)?"
    + _MODIFIERS
    + r"(?:(?P<free>[a-z]+)\s+)?"
    + rf"(?P<kind>{_NOUNS})(?!\w)"
)
# A kind that takes a word of its own before it: "my photography hobby", "our data team", "my old job".
_COMPOUNDING = frozenset(("hobby", "team", "job", "startup", "side project", "side gig", "side hustle"))
_LEAD = r"(?:(?:so|well|and|but|also|btw|oh|anyway|plus|meanwhile|ok|okay)\s*,?\s+)?"
_ASIDE = r"(?:\s*\([^()]{1,60}\))?"
_OPENING = _rx(rf"^(?P<lead>{_LEAD})(?P<marker>{_MARKER}){_ASIDE}\s*,?\s*")
_CLOSING = _rx(rf"\s*,?\s+(?P<marker>{_MARKER}){_ASIDE}\s*(?P<end>[.!?]*)\s*$")
# A closing marker after these is what the user is or does there, not the context a statement is made in:
# "I work at the startup", "I'm a student at the university", "I joined the team".
_ROLE_BEFORE = _rx(
    r"(?:\b(?:work|works|worked|working|am|'m|is|are|was|were|be|been|joined|join|started|start|left|quit|intern"
    r"|interning|employed|hired|teach|teaches|teaching|taught|study|studies|studying|studied|enrolled|live|lives"
    r"|living|lived|stay|staying|sleep|sleeping|eat|eating|stuck|busy)|\b[a-z]+(?:er|or|ist|ian|ant|ent))\s*$"
)


# A thing of one's work named by its kind, as the subject: "our company chat is teams", "the company wiki is
# Confluence", "my work email is Outlook". The thing is work's, said as "our <thing>" for the readers of a tool
# said by its kind. Only a kind of tool: "our team lead is Sarah" or "my work friends are great" stay as said.
_WORK_THING = _rx(
    r"^(?P<lead>(?:(?:so|well|and|but|also|btw|oh|anyway|plus|ok|okay|fyi)\s*,?\s+)?)(?:my|our|the)\s+"
    r"(?:company|team|work|office|corporate|job)(?:'s|’s)?\s+(?=(?:chat|email|mail|wiki|ci|issue\s+tracker|tracker"
    r"|database|db|cloud|vpn|docs|calendar|editor|ide|crm|monitoring)\s+(?:is|are|was|runs|uses)\b)"
)


def by_kind(text: str) -> tuple[str, str] | None:
    """(context, text without its marker) when a context is named by its kind at the clause's start or
    end; else None. "In our startup, we deploy on Render" -> ("work", "we deploy on Render")."""
    if (thing := _WORK_THING.match(text)) is not None:
        return "work", (thing.group("lead") + "our " + text[thing.end() :]).strip()
    if (opening := _OPENING.match(text)) and _said_whole(opening):
        rest = opening.group("lead") + text[opening.end() :]
        if rest.strip():
            return _KINDS[_kind(opening)], rest.strip(" ,")
    if (closing := _CLOSING.search(text)) and _said_whole(closing):
        before = text[: closing.start()]
        if before.strip() and not _ROLE_BEFORE.search(before):
            return _KINDS[_kind(closing)], (before + closing.group("end")).strip(" ,")
    return None


def _kind(found: re.Match[str]) -> str:
    return re.sub(r"\s+", " ", found.group("kind").lower())


def _said_whole(found: re.Match[str]) -> bool:
    """A possessive or article, or a noun said bare ("at uni"); a team only as one's own."""
    owner = (found.group("owner") or "").strip().lower()
    if found.group("free") and (_kind(found) not in _COMPOUNDING or not owner):
        return False
    if _kind(found) in _OWN_ONLY:
        return owner in ("my", "our")
    return bool(owner) or _kind(found) in _BARE


# A thing of a context as what a change is made to: "switched the thesis analysis to R", "moved our startup's
# backend from Heroku to Render". The words stay in the text: they name what changed.
_CHANGED = _rx(
    r"\b(?:switched|moved|migrated|ported|converted|changed|rewrote|rebuilt)\s+(?:my|our|the)\s+"
    rf"(?P<kind>{_NOUNS})(?:'s)?(?:\s+[a-z][\w-]*){{0,2}}?\s+(?:from|to|over|onto|off)\b"
)


def changed_thing(text: str) -> str | None:
    """The context of the thing a change is made to, when the thing is named by a context's kind."""
    found = _CHANGED.search(text)
    if found is None:
        return None
    kind = re.sub(r"\s+", " ", found.group("kind").lower())
    return None if kind in _OWN_ONLY else _KINDS[kind]


# A context named where a later clause opens: "my band plans gigs in Trello, at my day job we're stuck with Asana",
# "I use Signal with friends, but at work we're on Teams". The marker scopes its own clause, not the one before it,
# which names no context (said as one sentence, the whole of it had taken the work's context).
_JOIN = _rx(r"\s*[,;]\s*(?:(?:and|but|while|whereas)\s+)?|\s+(?:and|but|while|whereas)\s+")
_PREPOSITION = _rx(r"^(?:at|in|for|on|during|with)\s")
_HAS_SUBJECT = _rx(r"^(?:i|we|i'm|im|we're|i've|we've|i'd|my|our|everyone|everybody)\b")


def opening_later(sentence: str, find: Callable[[str, str], tuple[str | None, str]]) -> list[str]:
    """[the clause before, the clause the marker opens] when a later clause opens with a context marker and has its
    own subject, and the clause before names no context; else []. ``find`` is ``frames.find_context``."""
    for join in _JOIN.finditer(sentence):
        left, right = sentence[: join.start()].strip(), sentence[join.end() :].strip()
        if not left or not _PREPOSITION.match(right):
            continue
        context, rest = find(right, "en")
        if context is None or not _HAS_SUBJECT.match(rest.strip(" ,")) or len(rest.split()) < 3:
            continue
        if find(left, "en")[0] is None:
            return [left, right]
        return []
    return []
