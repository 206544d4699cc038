"""Any team of one's work as the subject: "the data team keeps everything in Snowflake", "our eng squad is on
kubernetes", "my whole engineering org runs on AWS".

The team readers know "our team", "my company", "the startup". A team is also named by its department or trade
("the data team", "our platform squad", "my dev team at the bank"); said so, it is still the user's team, and
the clause is said as "our team ..." for the readers that know that form. "is on" a tool in chat's lower case
("the platform team is on kubernetes") is "we are on" when the name is a known tool's, so "our team is on fire"
or "on holiday" stay as said.

Only one's own team: "my", "our" or "the" (the team one talks about at work); "their data team" is someone
else's.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from shared.providers.offline.tag_forms import Said

_DEPARTMENTS = (
    r"data|eng|engineering|dev|development|product|design|platform|infra|infrastructure|ops|devops|sre|backend"
    r"|back-end|frontend|front-end|mobile|web|ml|ai|analytics|research|qa|test|testing|security|sales|marketing"
    r"|support|it|finance|hr|tech|software"
)
_GROUPS = r"team|squad|org|organisation|organization|department|dept|group"
# "the data team", "our whole engineering org", "my dev squad at the bank": a department or trade before the group
# noun, and where the team works after it, both dropped.
_TEAM = re.compile(
    rf"^(?:our|my|the)\s+(?:(?:whole|entire|small|little|new|own)\s+)?(?:{_DEPARTMENTS})\s+(?:{_GROUPS})"
    r"(?:\s+at\s+(?:work|the\s+\w+|my\s+(?:job|company|work)))?(?=\s+[a-z]|'s\s|’s\s)",
    re.IGNORECASE,
)
# "our team is on kubernetes (now)": "is on" a known tool is "we are on".
_ON_TOOL = re.compile(
    r"^our\s+team(?:\s+is|'s|’s)\s+(?P<rest>(?:(?:now|still|all|mostly|fully|currently)\s+)?on\s+"
    r"(?P<t>[\w.+#-]+(?:\s+[\w.+#-]+)??)(?:\s+(?:now|these\s+days|nowadays|too|as\s+well))?\s*[.!,;]?\s*)$",
    re.IGNORECASE,
)
_GATE = re.compile(rf"\b(?:{_DEPARTMENTS}|team)\b", re.IGNORECASE)


def as_our_team(text: str, is_tool: Callable[[str], object]) -> str:
    """The clause with one's team named by its department said as "our team", and "our team is on <a known
    tool>" said as "we are on <tool>"; any other clause as it was."""
    if text[:3].lower() not in ("our", "my ", "the") or _GATE.search(text) is None:
        return text
    text = _TEAM.sub("our team", text, count=1)
    on = _ON_TOOL.match(text)
    if on is not None and is_tool(on.group("t")):
        return "we are " + on.group("rest")
    return text


# How many a team is: "we're a team of six", "our team is 40 people", "the startup has about 25 employees". Only
# a work group said as such ("a family of four" is a household; "we are 4 people" may be a table booked).
_WORK_GROUP = r"team|squad|company|startup|org|organisation|organization|department|firm|agency|shop|studio|lab"
_COUNT = (
    r"(?P<about>(?:about|around|roughly|almost|nearly|over|like)\s+)?(?P<n>\d{1,5}|two|three|four|five|six|seven"
    r"|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|a\s+hundred)"
)
_PEOPLE = r"people|persons|folks|employees|staff|engineers|devs|developers|members"
_TAIL = r"(?:\s+(?:now|these\s+days|at\s+the\s+moment|right\s+now|in\s+total|total))?[\s.!]*$"
_SIZES = (
    re.compile(
        r"^we\s+are\s+(?:now\s+|still\s+|only\s+|just\s+)?an?\s+(?:(?:small|tiny|little|big|growing)\s+)?"
        rf"(?P<g>{_WORK_GROUP})\s+of\s+{_COUNT}(?:\s+(?:{_PEOPLE}))?{_TAIL}",
        re.IGNORECASE,
    ),
    re.compile(
        rf"^(?:our|my|the)\s+(?P<g>{_WORK_GROUP})\s+(?:is|has|are)\s+(?:now\s+|still\s+|only\s+|just\s+)?{_COUNT}"
        rf"\s+(?:{_PEOPLE}){_TAIL}",
        re.IGNORECASE,
    ),
)


def size_of_team(clause: str) -> list[Said]:
    """How many the user's team (or company) is, said in the clause; [] for any other clause."""
    if (
        not any(ch.isdigit() for ch in clause)
        and " of " not in clause
        and " is " not in clause
        and " has " not in clause
    ):
        return []
    m = _SIZES[0].match(clause) or _SIZES[1].match(clause)
    if m is None:
        return []
    group = m.group("g").lower()
    about = "about " if m.group("about") else ""
    n = m.group("n").lower()
    return [Said(f"The user's {group} has {about}{n} people", "team:size", n)]


# "we all moved to Linear", "we've both switched to Signal", "we're all on Figma now": a quantifier after "we" says
# how many of us, and the statement is what the team uses. Only before a verb of using or changing tools: "we both
# moved to Lisbon" or "we both love hiking" may be the two people talking (measured: rewriting any verb cost a
# blind half recall and an end state), and the tool readers check that the thing named is a tool.
_WE_QUANTIFIED = re.compile(
    r"^(?P<we>we(?:'ve|'re|’ve|’re|\s+have|\s+are)?)\s+(?:all|both)\s+"
    r"(?=(?:(?:now|just|finally|already|recently)\s+)?(?:use|using|used|switched|switching|migrated|migrating"
    r"|(?P<moved>moved\s+(?:over\s+)?to|moving\s+to)\s+(?P<t>[\w.+#-]+)|deploy|deployed|build|code|on)\b)",
    re.IGNORECASE,
)


def without_we_quantifier(text: str, is_tool: Callable[[str], object]) -> str:
    """ "we all moved to Linear" -> "we moved to Linear" (moving only to a known tool: "we both moved to Lisbon"
    stays as said); any other clause as it was."""
    if text[:2].lower() != "we":
        return text
    m = _WE_QUANTIFIED.match(text)
    if m is None or (m.group("moved") and not is_tool(m.group("t"))):
        return text
    return m.group("we") + " " + text[m.end() :]


# "we're stuck with Asana", "i'm still stuck on jira at work": a tool one has to use is a tool used. Only a known
# tool's name: "stuck with the bill", "stuck on level 3" or "stuck with Dave" say nothing of tools.
_STUCK_WITH = re.compile(
    r"^(?P<who>i|we)(?:'m|'re|’m|’re|\s+am|\s+are)\s+(?:(?:still|kind\s+of|kinda|basically|just)\s+)?stuck\s+"
    r"(?:with|on|using)\s+(?P<t>[\w.+#-]+(?:\s+[\w.+#-]+)??)(?P<rest>(?:\s+(?:at\s+work|for\s+now|now|still"
    r"|these\s+days))?\s*[.!,;]?\s*(?:lol|ugh|sadly)?[.!]?)$",
    re.IGNORECASE,
)


def stuck_with_as_use(text: str, is_tool: Callable[[str], object]) -> str:
    """ "we're stuck with Asana" -> "we use Asana" when the name is a known tool's; any other clause as it was."""
    if "stuck" not in text.lower():
        return text
    m = _STUCK_WITH.match(text)
    if m is None or not is_tool(m.group("t")):
        return text
    return f"{m.group('who')} use {m.group('t')}{m.group('rest')}"
