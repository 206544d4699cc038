"""A group of one's own life outside work as a context: a band, a choir, a club, a sports team, a food bank one
volunteers at (English).

What a band or a club uses is the group's, as what a side project uses is the project's: "my band uses discord",
then "band's on whatsapp now" replaces the band's app and never work's chat. The context is the group as named
("band", "running club", "football team", "food bank"), so two groups stay apart too.

Three forms, each anchored where a clause opens (after a lead-in such as "so" or "and"):

- the group as the subject of a verb of using or changing tools: "my band uses discord", "choir's on whatsapp
  now", "the running club switched to Strava" (said as "we ..." for the readers of a team's tools);
- the group as the place of a "we" or "I" clause: "for my band we use Trello", "at the food bank we track stock
  in Airtable";
- the group joined in a first clause, then "we": "I sing in a choir and we share scores on Dropbox".

Only one's own group: "my", "our", "the" or none (chat's "band's on whatsapp"); a word between the possessive and
the group other than a few plain ones ("my favourite band", "my brother's band") is someone else's or a taste,
and a question or a plan ("should my band move to whatsapp?", "my band might switch") opens with no such form.
"""

from __future__ import annotations

import re

from shared.providers.offline.text_forms import bare_verb, is_third_singular
from shared.providers.offline.text_forms import rx as _rx

_SPORTS = (
    r"football|soccer|rugby|hockey|cricket|netball|basketball|volleyball|baseball|softball|quiz|pub\s+quiz|dodgeball"
    r"|frisbee|ultimate|rowing|chess|darts|bowling|5-a-side|five-a-side|handball|lacrosse|water\s+polo|relay|debate"
    r"|curling|korfball|hurling|roller\s+derby"
)
# The groups, by their head noun: a club or a group of a kind ("running club", "book group"), a team of a sport,
# or a group named by its own noun.
_GROUP = (
    r"(?:(?P<clubkind>[a-z][a-z&'-]*\s+)?(?P<club>club)"
    r"|(?P<groupkind>book|writing|reading|running|walking|hiking|knitting|gaming|d&d|dnd|parents'?|toddler|youth)\s+"
    r"(?P<group>group)"
    rf"|(?P<sport>{_SPORTS})\s+(?P<team>team|squad|league)"
    r"|(?P<noun>band|choir|chorus|orchestra|ensemble|quartet|troupe|food\s*bank|soup\s+kitchen|scout\s+troop|scouts"
    r"|allotment\s+society|residents'?\s+association|congregation|parish|church))(?!\w)"
)
# Words a group takes between the possessive and its noun that keep it one's own: "our little band", "my local
# running club", "the Elmfield food bank" (a name, with a capital).
_PLAIN = r"(?:(?:little|local|new|old|tiny|small|amateur|community|church|village|weekend|sunday|wednesday)\s+)*"
_NAMED = r"(?:(?-i:[A-Z])[\w'-]+\s+){0,2}"
_LEAD = (
    r"(?:(?:so|well|and|but|also|btw|oh|anyway|plus|ok|okay|fyi|update|lol|haha|yeah|yep|right|done|sorted|news"
    r"|ugh)\s*[,:!.]?\s+)*"
)
_OWNER = r"(?:(?P<owner>my|our|the)\s+)"
_CLUB_NOT = frozenset(("night", "strip", "fight", "golf", "sandwich", "country", "the", "a", "my", "our", "this"))

# The verbs of a group's tools, said of the group: "uses", "is on", "moved from ... to", "keeps ... in".
_TOOL_VERB = _rx(
    r"^(?:(?P<cop>'s|’s|\s+is|\s+are)\s+(?:(?:now|still|all|mostly|finally|currently)\s+)?(?=on\s+\S)"
    r"|(?P<has>\s+has|'s|’s)\s+(?:(?:just|finally|now|already)\s+)?(?=(?:moved|switched|migrated|gone)\b)"
    r"|\s+(?:(?:now|still|all|mostly|finally|just|recently|currently|also)\s+)?"
    r"(?=(?:uses|used|use|moved|switched|migrated|changed|went|keeps|kept|tracks|tracked|stores|organises|organizes"
    r"|plans|schedules|books|runs|chats|shares|posts|hosts|manages|coordinates)\b))",
)
_SUBJECT = _rx(rf"^(?P<lead>{_LEAD}){_OWNER}?{_PLAIN}(?P<name>{_NAMED}){_GROUP}")
_MARKER = _rx(
    rf"^(?P<lead>{_LEAD})(?:for|in|at|with|on)\s+{_OWNER}{_PLAIN}(?P<name>{_NAMED}){_GROUP}\s*,?\s+"
    r"(?=(?:we|i|we're|we've|i'm|i've|everyone|everybody)\b)"
)
_JOINED = _rx(
    r"^(?P<lead>(?:(?:so|well|and|also|btw|oh|anyway|plus|ok|okay)\s*,?\s+)*)i\s+(?:(?:also|now|still|just)\s+)?"
    r"(?:volunteer|play|sing|drum|am|'m|help\s+out|help|coach|run|row|dance|perform)\w*\s+"
    r"(?:[a-z]+\s+){0,3}?(?:at|in|with|for|on)\s+(?P<owner>a|an|the|my|our)\s+"
    + _PLAIN
    + rf"(?P<name>{_NAMED}){_GROUP}"
    + r"(?:\s+(?:on|every|at|in)\s+[\w'-]+(?:\s+[\w'-]+)?)?\s*(?:,\s*(?:and\s+)?|\s+and\s+)(?=we\b|we're\b|we've\b)"
)
_GATE = _rx(
    r"\b(?:club|group|team|squad|league|band|choir|chorus|orchestra|ensemble|quartet|troupe|food\s*bank"
    r"|soup\s+kitchen|scouts?|society|association|congregation|parish|church)\b"
)
_FIXED = frozenset(("work", "side project", "family", "study"))


def _context(found: re.Match[str]) -> str | None:
    """The group as named, without its possessive, plain words or name: "running club", "food bank"."""
    if found.group("club"):
        kind = (found.group("clubkind") or "").strip().lower()
        if kind in _CLUB_NOT:
            return None if kind in ("night", "strip", "fight", "golf", "sandwich", "country") else "club"
        return f"{kind} club" if kind else "club"
    if found.group("group"):
        return found.group("groupkind").lower().rstrip("'") + " group"
    if found.group("team"):
        return re.sub(r"\s+", " ", f"{found.group('sport')} {found.group('team')}".lower())
    noun = re.sub(r"\s+", " ", found.group("noun").lower())
    return {"foodbank": "food bank", "scouts": "scout troop", "chorus": "choir"}.get(noun, noun)


def _said_as_we(rest: str, verb: re.Match[str]) -> str:
    """The clause after the group said with "we": "uses discord" -> "we use discord", "'s on whatsapp" -> "we are
    on whatsapp"."""
    after = rest[verb.end() :]
    if verb.group("cop"):
        return "we are " + after
    if verb.group("has"):
        return "we have " + after
    first, _, tail = after.partition(" ")
    return "we " + (bare_verb(first) if is_third_singular(first) else first) + (" " + tail if tail else "")


def group_named(text: str) -> tuple[str, str] | None:
    """(the group, the clause said without it) when the clause is about a group of the user's own outside work;
    else None. "my band uses discord" -> ("band", "we use discord"); "at the food bank we track stock in
    Airtable" -> ("food bank", "we track stock in Airtable")."""
    if _GATE.search(text) is None:
        return None
    if (marker := _MARKER.match(text)) is not None and (context := _context(marker)):
        return context, (marker.group("lead") + text[marker.end() :]).strip()
    if (joined := _JOINED.match(text)) is not None and (context := _context(joined)):
        return context, text
    subject = _SUBJECT.match(text)
    if subject is None or not (context := _context(subject)):
        return None
    if not subject.group("owner") and subject.group("name"):
        return None  # a bare group opens the clause, as chat says it ("band's on whatsapp now"), without a name
    rest = text[subject.end() :]
    verb = _TOOL_VERB.match(rest)
    if verb is None:
        return None
    return context, _said_as_we(rest, verb)  # without its lead-in ("ok done, band's on whatsapp now")


def is_group(context: str | None) -> bool:
    """Whether a context is a group of one's own (not work, a side project, the family or one's studies)."""
    return bool(context) and context not in _FIXED


_TEAM_SAID = re.compile(r"^The user's team\b")
_THE_USER = re.compile(r"^The user\b(?!'s)")


def worded(core: str, context: str) -> str:
    """The fact said as the group's: "The user's team uses discord" -> "The user's band uses discord"; a fact that
    names the group already as it was; any other "(with their band)" after it."""
    if context.split()[-1] in core.lower():
        return core
    if _TEAM_SAID.match(core):
        return _TEAM_SAID.sub(f"The user's {context}", core, count=1)
    return f"{core} (with their {context})"
