"""Review fixes of round 8 (changes, scopes):

- a retraction ends a fact only when the fact's own value is what it retracts, never a fact that mentions
  the value as what it was before or is not ("uses SQLite instead of Postgres", "lives in Munich, moved
  from Berlin");
- the change forms (retired, a role taken up, a workplace) read a named speaker's turns as an unnamed one's;
- "no more X" said of a rest with an end in sight ("until", "for a few weeks", "this week") ends nothing;
- a relative's role taken up keeps the role, not a date, as its value.

The phrasings are invented here; none comes from an evaluation set.
"""

from __future__ import annotations

from datetime import UTC, datetime
from uuid import uuid4

import pytest

from shared.domain.consolidation import ActiveFact, CandidateView, retraction_by_rule, retraction_where_named
from shared.domain.models import Decision, ExtractionInput, Op, Turn
from shared.providers.offline.extraction_rules import extract_facts

SAID = datetime(2026, 6, 10, 12, 0, tzinfo=UTC)


def _fact(text: str, slot: str) -> ActiveFact:
    return ActiveFact(uuid4(), text, text.lower(), slot, SAID, 0.8)


def _gone(value: str, slot: str) -> CandidateView:
    return CandidateView(text=f"The user no longer has {value}", slot=slot, negated=True, valid_from=SAID, value=value)


# --- A. a retraction ends the fact whose own value it names ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("Maya now uses SQLite instead of Postgres (for a side project)", "tool:database@side-project", "Postgres"),
        ("The user uses Helix rather than Vim", "tool:editor@family", "Vim"),
        ("The user switched from Trello to Linear", "tool:tracker@side-project", "Trello"),
        ("The user uses Chrome, not Firefox", "tool:browser@family", "Firefox"),
    ],
)
def test_a_retraction_in_no_context_leaves_a_fact_that_names_the_value_as_its_former_one(text, slot, value):
    assert retraction_where_named(_gone(value, slot.split("@")[0]), [_fact(text, slot)]) is None


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("Maya now uses SQLite instead of Postgres (for a side project)", "tool:database@side-project", "SQLite"),
        ("The user switched from Trello to Linear", "tool:tracker@side-project", "Linear"),
        ("The user uses Firefox (at home)", "tool:browser@family", "Firefox"),
    ],
)
def test_a_retraction_in_no_context_still_ends_the_one_fact_whose_own_value_it_is(text, slot, value):
    decision = retraction_where_named(_gone(value, slot.split("@")[0]), [_fact(text, slot)])
    assert decision is not None and decision.op is Op.DELETE and decision.target == 0


def test_it_fires_when_work_holds_no_fact_on_the_slot_at_all():
    home = _fact("The user uses Firefox (at home)", "tool:browser@family")
    assert retraction_where_named(_gone("Firefox", "tool:browser"), [home]) is not None


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The user lives in Munich (moved from Berlin in 2024)", "Berlin"),
        ("The user moved to Lisbon from Porto", "Porto"),
        ("The user lives in Leeds, previously York", "York"),
    ],
)
def test_a_retraction_on_the_same_slot_leaves_a_fact_that_names_the_value_as_its_former_one(text, value):
    decision = retraction_by_rule(_gone(value, "location"), [_fact(text, "location")])
    assert decision is None or decision.op is not Op.DELETE


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The user lives in Munich (moved from Berlin in 2024)", "Munich"),
        ("The user moved to Lisbon from Porto", "Lisbon"),
        ("The user works from home", "home"),  # "from" is no former value where nothing changed
    ],
)
def test_a_retraction_on_the_same_slot_ends_the_fact_whose_own_value_it_is(text, value):
    assert retraction_by_rule(_gone(value, "location"), [_fact(text, "location")]) == Decision(
        Op.DELETE, 0, reason="retracts the one active fact on location, which names it"
    )


def test_the_same_retraction_decides_the_same_way_again():
    facts = [_fact("Maya now uses SQLite instead of Postgres (for a side project)", "tool:database@side-project")]
    gone = _gone("Postgres", "tool:database")
    assert retraction_where_named(gone, facts) == retraction_where_named(gone, facts) is None


# --- B. the change forms for named speakers --------------------------------------------------------------


def _said(text: str, name: str | None = None):
    turn = Turn("m1", "user", text, SAID, name=name)
    return [f for f in extract_facts(ExtractionInput(new_turns=(turn,), context_turns=())) if not f.negated]


@pytest.mark.parametrize("name", ["Maya", "Jonas"])
@pytest.mark.parametrize(
    ("said", "slot", "value"),
    [
        ("I retired in May", "occupation", "retired"),
        ("I finally retired last month.", "occupation", "retired"),
        ("I became a paramedic at Northfield Ambulance in 2024.", "occupation", "paramedic"),
        ("I started as an analyst at Brightwell two weeks ago", "employer", "Brightwell"),
        ("I work nights at the hospital.", "employer", "the hospital"),
        ("I work in a warehouse", "employer", "a warehouse"),
    ],
)
def test_a_named_speakers_change_lands_on_their_own_slot(name, said, slot, value):
    found = {f.slot: f for f in _said(said, name)}
    mine = f"{slot}~{name.lower()}"
    assert mine in found and found[mine].value == value, {s: f.text for s, f in found.items()}
    assert found[mine].text.startswith(name) and "The user" not in found[mine].text
    assert not any(s.startswith(("event:", "habit:")) for s in found)


def test_a_named_speakers_relative_retiring_is_no_retirement_of_theirs():
    assert not any(f.slot.startswith("occupation") for f in _said("My brother retired in May", "Maya"))


# --- C. a rest is no ending --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "said",
    [
        "no more running until my knee heals",
        "No more climbing for a few weeks, doctor's orders.",
        "no more swimming this week",
        "no more cycling till the cast comes off",
        "no more baking for a while",
    ],
)
def test_no_more_doing_for_a_while_ends_nothing(said):
    turn = Turn("m1", "user", said, SAID)
    found = extract_facts(ExtractionInput(new_turns=(turn,), context_turns=()))
    assert not any(f.negated for f in found), [(f.slot, f.text) for f in found]
    assert not any("until" in (f.slot or "") or "until" in f.text for f in found)


@pytest.mark.parametrize(
    ("said", "slot"),
    [("no more running for me", "habit:running"), ("no more skating for us", "habit:skating")],
)
def test_no_more_doing_for_good_still_ends_the_activity_alone(said, slot):
    turn = Turn("m1", "user", said, SAID)
    ended = [f for f in extract_facts(ExtractionInput(new_turns=(turn,), context_turns=())) if f.negated]
    assert [f.slot for f in ended] == [slot]


# --- D. a relative's role ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "role"),
    [
        ("my wife started last month as a nurse at Mercy", "nurse at Mercy"),
        ("My brother began as an analyst at Brightwell two weeks ago.", "analyst at Brightwell"),
    ],
)
@pytest.mark.parametrize("name", [None, "Maya"])
def test_a_relatives_role_taken_up_is_theirs_with_the_role_as_its_value(said, role, name):
    found = _said(said, name)
    assert not any((f.slot or "").startswith(("occupation", "employer")) for f in found)
    family = [f for f in found if (f.slot or "").startswith("family:")]
    assert family and all(role in (f.value or "") for f in family), [(f.slot, f.value) for f in found]
