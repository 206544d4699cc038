"""Statements the generic reader (the last resort, "The user <verb> <rest>" on a slot made of the words) must
leave alone, because the slot it would make is wrong and a wrong fact is worse than none.

Each is a class by the form of the statement, not its words:
- a naming frame left over ("my wife is called Julia"): the naming rules read names; a name they refused is no
  trait of the relative ("family:wife:called-julia");
- "live in" a way of living or a department ("I live in hope", "I'm in Marketing now" read as "I live in
  Marketing"): no home was said, and living is no habit ("habit:living-hope"). "lives at their sister's place"
  stays (worth_keeping moves it onto the home), and so does "lives with their girlfriend" (living together).
"""

from __future__ import annotations

import re

from shared.providers.offline import clauses, life, place_names

_NAMING_FRAME = re.compile(r"(?i)^(?:called|named)\b")
_LIVING = frozenset({"live", "lives", "living", "lived"})
_LIVING_IN = re.compile(r"(?i)^(?:in|on)\s+(?P<what>.+)$")


def misread(statement: clauses.Statement) -> bool:
    """True when the generic reader would make a wrong slot of ``statement``; it then says nothing."""
    if _NAMING_FRAME.match(statement.rest):
        return True
    return statement.subject in ("i", "we") and statement.base.lower() in _LIVING and _no_home(statement.rest)


def _no_home(rest: str) -> bool:
    """What follows "live" names a way of living or a department, not a home ("in hope", "in Marketing")."""
    where = _LIVING_IN.match(rest)
    return bool(where) and (place_names.is_a_way_of_living(where["what"]) or life.is_department(where["what"]))
