"""A tool put to use by a verb of placing or setting up, not "use" (English):

- a project put on a host: "i just threw it on Netlify", "we host it on Render now", "stuck it on Vercel" (the
  host is the cloud it runs on; what "it" is, is the context the sentence names: "for my side project ...");
- a tool set up: "we set up Grafana last week", "i spun up Jenkins for my thesis" (used from then on);
- a tool named after its kind, in chat's lower case too: "our chat is teams (ugh)", "my email is Outlook".

Only a known tool of the right kind is read (a cloud for a host; any known tool, or a name that says its kind such
as "Forgejo Actions", for a setup): "put it on the table", "threw it on the grill", "set up a meeting with Dave"
and "set up Tom with my cousin" name none. A question or a plan ("should I host it on Netlify?", "I might put it
on Vercel", "going to set up Grafana") does not open with "I" / "we" and the verb, so it is never read.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_ADVERBS = r"(?:(?:just|finally|now|simply|basically|then|also|recently|quickly|already)\s+)*"
_HOSTED = re.compile(
    rf"^(?P<who>i|we)\s+(?:have\s+|'ve\s+)?{_ADVERBS}(?:threw|throw|put|stuck|stick|host|hosted|deploy|deployed|chucked"
    r"|chuck|slapped|popped|shoved|pushed)\s+(?P<what>it|them|everything|it\s+all|the\s+whole\s+thing|(?:our|the)\s+"
    r"(?:app|site|website|backend|frontend|api|stack|blog|docs|services))\s+(?:up\s+)?(?:on|to|onto)\s+"
    r"(?P<name>[\w.+#-]+(?:\s+(?-i:[A-Z])[\w.+#-]*)?)"
    r"(?:\s+(?:now|instead|for\s+now|for\s+free|these\s+days))?\s*[.!]*$",
    re.IGNORECASE,
)
_SET_UP = re.compile(
    rf"^(?:i|we)\s+(?:have\s+|'ve\s+)?{_ADVERBS}(?:set\s+up|setup|spun\s+up|stood\s+up|self-hosted|selfhosted)\s+"
    r"(?P<name>[\w.+#-]+(?:\s+(?-i:[A-Z])[\w.+#-]*)?)\s*[.!]*$",
    re.IGNORECASE,
)
# A name that says its kind by its last word: "Forgejo Actions", "Woodpecker CI", "Codeberg Pages".
_KIND_SAID = re.compile(r"^(?-i:[A-Z])[\w.+#-]*\s+(?P<kind>Actions|CI|Pipelines|Pages)$")
_KIND_OF_WORD = {"actions": "ci", "ci": "ci", "pipelines": "ci", "pages": "cloud"}
_THINGS = {"it": "their project", "them": "their projects", "it all": "everything", "the whole thing": "everything"}


def put_to_use(text: str, kind_of: Callable[[str], str | None], since: str = "") -> list[tuple[str, str, str]]:
    """[(fact, slot, tool)] for a clause that puts a tool to use; else []. ``kind_of`` names a known tool's kind;
    ``since`` is the clause's date as a remark (" (since 2026-05)")."""
    opening = text[:2].lower()
    found = _put_to_use(text, kind_of, since) if opening in ("i ", "we") else None
    found = found or (_kind_is(text, kind_of) if opening in ("my", "ou") else None)
    return [found] if found else []


# The kind of tool as the subject, the tool known by name in any case or by its capital, with a remark after it:
# "our chat is teams (ugh)", "our wiki is Confluence", "my email is Outlook". "our chat is a mess" names none.
_KIND_IS = re.compile(
    r"^(?:my|our)\s+(?:(?:main|primary|default|official)\s+)?(?P<kind>chat|chat\s+app|email|mail|wiki|docs|vpn|crm"
    r"|issue\s+tracker|ci|monitoring|calendar)\s+(?:is|'s|’s)\s+(?:(?:now|still|just|basically)\s+)?"
    r"(?P<name>[\w.+#-]+(?:\s+(?-i:[A-Z])[\w.+#-]*)?)(?:\s*\([^()]*\)|\s+(?:now|these\s+days|lol|sadly|unfortunately))*"
    r"\s*[.!]*$",
    re.IGNORECASE,
)
_KIND_NAMES = {"chat app": "chat", "mail": "email", "wiki": "docs", "issue tracker": "issue-tracker"}


def _kind_is(text: str, kind_of: Callable[[str], str | None]) -> tuple[str, str, str] | None:
    found = _KIND_IS.match(text)
    if found is None:
        return None
    name = found.group("name")
    if kind_of(name) is None and not (name[0].isupper() and name.lower() not in ("a", "an", "the")):
        return None
    kind = re.sub(r"\s+", " ", found.group("kind").lower())
    return f"The user's {kind} is {name}", f"tool:{_KIND_NAMES.get(kind, kind)}", name


def _put_to_use(text: str, kind_of: Callable[[str], str | None], since: str) -> tuple[str, str, str] | None:
    if (hosted := _HOSTED.match(text)) is not None:
        name = hosted.group("name")
        if kind_of(name) != "cloud":
            return None
        what = re.sub(r"\s+", " ", hosted.group("what").lower())
        thing = _THINGS.get(what) or ("everything" if what == "everything" else "their " + what.split()[-1])
        return f"The user hosts {thing} on {name}{since}", "tool:cloud", name
    if (set_up := _SET_UP.match(text)) is not None:
        name = set_up.group("name")
        kind = kind_of(name)
        if kind is None and (said := _KIND_SAID.match(name)) is not None:
            kind = _KIND_OF_WORD[said.group("kind").lower()]
        if kind is None:
            return None
        return f"The user uses {name}{since}", f"tool:{kind}", name
    return None
