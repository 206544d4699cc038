"""An ending said beside a dated change ends when the change began.

"moved to Leeds in march, so I'm not in York anymore", "je suis passé à Bitwarden lundi dernier, plus de LastPass":
the sentence states one time, for the new value; the old value's ending is the other half of the same change, so it
ended then, not when the message was sent. Only within one sentence, only for an ending with no time of its own, and
only when the two are of one kind (both where one lives, both one's employer, a tool and a thing named as ended);
"I moved to Leeds in march. I don't drink coffee anymore" are two pieces of news.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import date, datetime
from typing import Any, TypeVar

D = TypeVar("D", bound=Any)

# Kinds whose old and new values are one change (a slot of its own, not a named thing of many).
_ONE_VALUE_KINDS = frozenset(("location", "employer", "occupation", "education", "partner", "diet"))


def _day(when: date | datetime) -> date:
    return when.date() if isinstance(when, datetime) else when


def _kind(slot: str | None) -> str:
    return (slot or "").split("~")[0].split(":")[0]


def _one_change(ended: str | None, begun: str | None) -> bool:
    old, new = _kind(ended), _kind(begun)
    if old in _ONE_VALUE_KINDS:
        return old == new
    return new == "tool" and (old == "*" or ended == begun)  # "switched to Bitwarden, no more LastPass"


def ended_with_the_change(found: list[D], today: date, is_event: Callable[[D], bool]) -> list[D]:
    """The sentence's drafts, an undated ending dated by the one dated start of its kind said with it."""
    if len(found) < 2 or not any(d.negated and d.valid_from is None for d in found):
        return found
    starts = [d for d in found if not d.negated and not is_event(d) and d.valid_from is not None]
    if len(starts) != 1 or _day(starts[0].valid_from) > today:
        return found
    begun = starts[0]
    return [
        replace(d, valid_from=begun.valid_from)
        if d.negated and d.valid_from is None and _one_change(d.slot, begun.slot)
        else d
        for d in found
    ]
