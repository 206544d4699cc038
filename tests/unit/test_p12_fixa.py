"""Wrong outputs from a generic reader taking a verb for a habit, a belonging or a trait (#12, p12-fixa).

Written before the code, in invented phrasings, with near-misses. A wrong fact is worse than none, so each
class either gives the right fact or gives nothing:

- a name given by a naming frame ("is called X", "'s name is X") that is also a tool's name (Ruby, Julia,
  Swift): the frame says it is a name, so the partner or relative is named; never a slot made of the words;
- a quantifier after "we" ("we all", "we both"): no verb "alls"; the clause reads as if it were absent;
- "live in" a way of living or a department ("I live in hope", "I'm in Marketing now"): no habit slot "living-...";
- "have <food> every day": a habit of eating, not a belonging;
- "got X for my birthday": the belonging, without the occasion;
- "quit/resigned from the <workplace kind>" ("quit the bank"): the employer ends, not a wildcard;
- an ending with a purpose ("ditched excel for my budget"): the ending names the thing, not the purpose.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from shared.domain.models import ExtractionInput, Turn
from shared.providers.offline.extraction_rules import extract_facts

DAY = datetime(2026, 5, 20, 18, 0, tzinfo=UTC)


def said(text: str) -> list[tuple[str, str]]:
    found = extract_facts(ExtractionInput(new_turns=(Turn("q1", "user", text, DAY),), context_turns=()))
    return [(("NOT " if f.negated else "") + f.text, f.slot or "") for f in found]


def _slots(text: str) -> list[str]:
    return [s for _, s in said(text)]


# --- a name given by a naming frame ---------------------------------------------------------------------------

PARTNER_NAMED = [
    ("my husband's name is Ruby", "Ruby"),
    ("my wife is called Swift lol", "Swift"),
    ("my girlfriend is named Julia", "Julia"),
    ("My fiance is called Rust, yes really", "Rust"),
]


@pytest.mark.parametrize(("text", "name"), PARTNER_NAMED)
def test_a_partner_named_by_a_frame_is_named_even_with_a_tool_name(text: str, name: str) -> None:
    found = said(text)
    assert any(s == "partner" and t.endswith(f"is {name}") for t, s in found), found
    assert all(not s.startswith("family:") for _, s in found), found


RELATIVE_NAMED = [
    ("my sister is called Julia", "family:sister:julia"),
    ("my son's name is Ruby", "family:son:ruby"),
    ("my daughter is named Swift", "family:daughter:swift"),
]


@pytest.mark.parametrize(("text", "slot"), RELATIVE_NAMED)
def test_a_relative_named_by_a_frame_is_named_even_with_a_tool_name(text: str, slot: str) -> None:
    assert slot in _slots(text), said(text)


NAMING_NEAR_MISSES = ["my wife uses Julia at work", "my husband is learning Ruby", "is my wife called Julia?"]


@pytest.mark.parametrize("text", NAMING_NEAR_MISSES)
def test_a_tool_said_of_a_partner_is_no_name(text: str) -> None:
    assert not any(s == "partner" and "Julia" in t or "Ruby" in t and s == "partner" for t, s in said(text))
    assert not any("called-" in s or "named-" in s for s in _slots(text)), said(text)


# --- a quantifier after "we" ----------------------------------------------------------------------------------

WE_ALL = ["we all went vegan in january", "we both quit sugar last month", "we all love hiking"]


@pytest.mark.parametrize("text", WE_ALL)
def test_a_quantifier_after_we_is_no_verb(text: str) -> None:
    found = said(text)
    assert not any(w in t.lower() for t, _ in found for w in ("alls", "boths")), found
    assert not any(w in s for s in _slots(text) for w in ("alling", "bothing")), found


# --- "live in/with" that no place reader took -----------------------------------------------------------------

LIVE_NO_PLACE = ["I live in hope", "I'm in Marketing now", "honestly I live in fear of that inbox"]


@pytest.mark.parametrize("text", LIVE_NO_PLACE)
def test_live_without_a_place_gives_no_habit(text: str) -> None:
    assert not any(s.startswith("habit:living") for s in _slots(text)), said(text)


@pytest.mark.parametrize("text", ["I live in Porto", "we live in Lyon now"])
def test_live_in_a_town_is_still_a_home(text: str) -> None:
    assert "location" in _slots(text), said(text)


# --- "have <food> every day" ----------------------------------------------------------------------------------

HAVE_OFTEN = ["I have a hot dog every day", "i have a smoothie each morning", "I have two coffees a day"]


@pytest.mark.parametrize("text", HAVE_OFTEN)
def test_having_something_often_is_no_belonging(text: str) -> None:
    assert not any(s.startswith("own:") for s in _slots(text)), said(text)


@pytest.mark.parametrize("text", ["I have a Kindle", "I have a hot tub"])
def test_having_a_thing_is_still_a_belonging(text: str) -> None:
    assert any(s.startswith("own:") for s in _slots(text)), said(text)


# --- a gift's occasion ----------------------------------------------------------------------------------------

GIFTS = [
    ("I got a Kindle for my birthday", "Kindle"),
    ("we got a Dyson for our anniversary!", "Dyson"),
    ("i got an air fryer for my 40th", "air fryer"),
]


@pytest.mark.parametrize(("text", "thing"), GIFTS)
def test_a_gift_is_had_without_its_occasion(text: str, thing: str) -> None:
    found = said(text)
    assert not any(" for " in t for t, _ in found), found


# --- quitting a workplace named by its kind -------------------------------------------------------------------

QUIT_WORKPLACE = [
    ("i quit the bank", "bank"),
    ("just resigned from the council", "council"),
    ("we quit the agency last friday lol", "agency"),
    ("I've quit the firm, it was time", "firm"),
]


@pytest.mark.parametrize(("text", "kind"), QUIT_WORKPLACE)
def test_quitting_a_workplace_ends_the_employer(text: str, kind: str) -> None:
    found = said(text)
    assert any(s == "employer" and t.startswith("NOT ") and kind in t for t, s in found), found
    assert not any(s.startswith("*:") for _, s in found), found


QUIT_NOT_WORK = [
    "i quit the gym",
    "I left the bank early to get the kids",
    "I quit the band",
    "should I quit the bank?",
]


@pytest.mark.parametrize("text", QUIT_NOT_WORK)
def test_quitting_something_else_ends_no_employer(text: str) -> None:
    assert "employer" not in _slots(text), said(text)


# --- an ending with a purpose -----------------------------------------------------------------------------------

ENDED_FOR = ["ditched excel for my budget", "I stopped using Notion for my notes", "gave up trello for our chores"]


@pytest.mark.parametrize("text", ENDED_FOR)
def test_an_ending_keys_on_the_thing_not_its_purpose(text: str) -> None:
    assert not any(s.startswith("*:") and "-for-" in s for s in _slots(text)), said(text)
