"""A job one has taken that starts later: "I took a new job that starts in October", "the new role begins in
January", "my new position at Hollis & Co begins on the 1st of June", "landed a job as a sous chef at Marrow that
starts in July".

The clause (its time already cut out by the caller) names the user's own job by its noun (job, role, position, post,
gig), taken or just "the new" one, and says that it starts or begins. It gives the role and the employer when named;
the caller dates them when the job starts, so the job held until then stays what holds now. Someone else's job ("my
wife's new role begins in January") has a possessor before the noun and is never read here.

The same job is said by what one will be or do at a named employer, at a time ahead: "I'll be a nurse at St Mary's
from next month", "I'll be working at Siemens from June", "I start at Monzo next month as a data scientist" (the
caller reads it only with that time: a job to come said without one stays an event). A wish ("I'd love to be"), a
maybe, someone else's ("my sister is going to be") or a visit ("I will be at Google tomorrow") opens otherwise or
names no work.
"""

from __future__ import annotations

import re

from shared.providers.offline.text_forms import rx

# Cheap gate, on the lowered clause: both a job noun and a start verb.
_GATE_NOUN = re.compile(r"\b(?:job|role|position|post|gig)\b")
_GATE_VERB = re.compile(r"\b(?:start|starts|starting|begin|begins|kicks)\b")

_TAKEN = r"(?:took|take|got|get|accepted|accept|landed|found|secured|have|started)"
_JOB_AHEAD = rx(
    rf"^(?:(?:i|we)\s+(?:(?:have|'ve|just|finally|officially)\s+)*{_TAKEN}\s+|(?:(?:just|finally)\s+)*{_TAKEN}\s+)?"
    r"(?:a|an|my|the|this)\s+(?:(?:new|first|next|dream|proper|full-time|part-time|permanent)\s+)*"
    r"(?:job|role|position|post|gig)"
    r"(?:\s+as\s+(?:a|an)\s+(?P<role>(?-i:[a-z])[\w-]*(?:\s+(?-i:[a-z])[\w-]*){0,2}))?"
    r"(?:\s+(?:at|with|for)\s+(?P<org>(?-i:[A-Z])[\w&'’.-]*(?:\s+(?:&\s+|and\s+|of\s+)?(?-i:[A-Z])[\w&'’.-]*){0,3}))?"
    r"\s*,?\s*(?:that|which|and\s+it|it)?\s*"
    r"(?:starts|begins|kicks\s+off|will\s+(?:start|begin)|is\s+starting|starting|i\s+start)\s*[.!]*$"
)


def read(clause: str) -> tuple[str | None, str | None] | None:
    """(role, employer) of a job said to start later (each None when not named), or None."""
    lowered = clause.lower()
    if not (_GATE_NOUN.search(lowered) and _GATE_VERB.search(lowered)):
        return None
    m = _JOB_AHEAD.match(clause.strip())
    return (m.group("role"), m.group("org")) if m else None


_ORG = r"(?P<org>(?-i:[A-Z])[\w&'’.-]*(?:\s+(?:&\s+|and\s+|of\s+)?(?-i:[A-Z])[\w&'’.-]*){0,3})"
_ROLE = r"(?P<role>(?-i:[a-z])[\w-]*(?:\s+(?-i:[a-z])[\w-]*){0,3}?)"
_WILL_BE = r"^i\s+(?:am\s+(?:going\s+to|gonna)|will|'ll|’ll)\s+be\s+"
_WORKING_AT = rx(rf"{_WILL_BE}working\s+(?:as\s+(?:a|an)\s+{_ROLE}\s+)?(?:at|for)\s+{_ORG}\s*[.!]*$")
_ROLE_AT = rx(rf"{_WILL_BE}(?:a|an)\s+{_ROLE}\s+(?:at|for)\s+{_ORG}\s*[.!]*$")
_START_AT = rx(
    rf"^i\s+(?:start|begin)\s+(?:work\s+|my\s+new\s+job\s+)?(?:at|with)\s+{_ORG}(?:\s+as\s+(?:a|an)\s+{_ROLE})?"
    r"\s*[.!]*$"
)


def will_work_at(clause: str, ahead: bool) -> tuple[str | None, str] | None:
    """(role, employer) of a job at a named employer the user will have, said by what they will be or do there;
    ``ahead`` is whether the clause's time is ahead (a bare "I start at X" needs one). None for any other clause."""
    if clause[:2].lower() != "i " or not (" be " in clause or (ahead and (" start" in clause or " begin" in clause))):
        return None
    found = _WORKING_AT.match(clause) or _ROLE_AT.match(clause) or (_START_AT.match(clause) if ahead else None)
    return (found.group("role"), found.group("org")) if found else None
