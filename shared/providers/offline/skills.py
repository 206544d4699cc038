"""Skills: what the user knows or can do, by the shape of the saying.

- Known tools and subjects, as a list of names: "i know Revitra and a bit of Sketchwell", "I know Python and some
  Rust". A name alone may be a person's ("I know Sarah"), so the list is a skill only when one of its items is a
  known tool or said with a measure of skill ("a bit of", "some", "basic"), which no one says of a person.
- What one can do, by a verb of a skill: "I can play the piano", "i can code in Go", "I can knit". "I can drive
  you" (an offer) or "can I ..." (a question) is none."""

from __future__ import annotations

import re
from collections.abc import Callable

_FLAGS = re.IGNORECASE

_KNOW = re.compile(r"^(?:i|we)\s+(?:(?:also|already|really|actually|mostly)\s+)?know\s+(?P<list>.+?)[\s.!]*$", _FLAGS)
_MEASURE = r"a\s+(?:little\s+)?bit\s+of|a\s+little|some|basic|basics\s+of|a\s+lot\s+of|loads\s+of|decent"
_ITEM = re.compile(
    rf"^(?:(?P<measure>{_MEASURE})\s+)?(?P<name>(?-i:[A-Z])[\w+#.-]*(?:\s+(?-i:[A-Z0-9])[\w+#.-]*){{0,2}})$", _FLAGS
)
_SPLIT = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*", _FLAGS)

_CAN = re.compile(
    r"^i\s+(?:(?:also|already|actually)\s+)?can\s+(?P<verb>play|code|program|cook|bake|knit|crochet|sew|swim|ski"
    r"|snowboard|surf|draw|paint|sing|dance|juggle|touch[- ]type|read\s+music|solder|weld)\b(?P<rest>[^,;.!?]*)",
    _FLAGS,
)
_OFFER = re.compile(r"^\s*(?:you|u|him|her|them|us|it|that|this|there|for\s+(?:you|u))\b", _FLAGS)
_GATE = re.compile(r"\b(?:know|can)\b", _FLAGS)


def _slug(text: str) -> str:
    return re.sub(r"[^\w+#]+", "-", text.lower()).strip("-")


def skills(text: str, is_tool: Callable[[str], object]) -> list[tuple[str, str, str]]:
    """(fact, slot, value) for each skill the first-person clause says; [] when it says none (``is_tool`` tells a
    known tool's name)."""
    if not text or not _GATE.search(text):
        return []
    if m := _KNOW.match(text.strip()):
        items = [_ITEM.match(p.strip()) for p in _SPLIT.split(m.group("list")) if p.strip()]
        if not items or not all(items):
            return []
        if not any(i.group("measure") or is_tool(i.group("name")) for i in items if i):
            return []  # "I know Sarah and Tom": people, perhaps
        found = [(i.group("name"), "some " if i.group("measure") else "") for i in items if i]
        return [(f"The user knows {some}{name}", f"skill:{_slug(name)}", name) for name, some in found]
    if (m := _CAN.match(text.strip())) and not _OFFER.match(m.group("rest")):
        rest = re.sub(r"\s+", " ", m.group("rest")).strip()
        verb = m.group("verb").lower()
        head = re.sub(r"^(?:the|a|an|in|some)\s+", "", rest).split(" ")[0] if rest else ""
        said = f"The user can {verb} {rest}".strip()
        return [(said, f"skill:{_slug(f'{verb} {head}'.strip())}", rest or verb)]
    return []
