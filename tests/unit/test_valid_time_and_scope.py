"""Consolidation with stated valid time, context-scoped slots, and retractions that name a thing."""

from __future__ import annotations

from datetime import UTC, datetime
from uuid import uuid4

from shared.domain.consolidation import ActiveFact, CandidateView, decide_by_rule, plan_change
from shared.domain.models import Decision, DecisionItem, Neighbour, Op
from shared.domain.slots import base_slot, slot_matches
from shared.providers.offline import decision_rules

LISBON_SAID = datetime(2026, 2, 20, 9, 0, tzinfo=UTC)
PORTO_SAID = datetime(2026, 3, 9, 9, 0, tzinfo=UTC)
LAST_WEEK = datetime(2026, 3, 2, tzinfo=UTC)


def active(text: str, slot: str | None, since: datetime) -> ActiveFact:
    return ActiveFact(uuid4(), text, text.lower(), slot, since, 0.9)


def test_a_stated_date_ends_the_old_fact_then():
    lisbon = active("The user lives in Lisbon", "location", LISBON_SAID)
    porto = CandidateView("The user lives in Porto", "location", False, LAST_WEEK, PORTO_SAID)
    plan = plan_change(porto, Decision(Op.UPDATE, 0), [lisbon])
    assert plan.op is Op.UPDATE and plan.supersede == lisbon.fact_id and plan.ends_at == LAST_WEEK


def test_news_about_the_past_said_after_the_old_fact_is_still_news():
    # "I live in Lisbon" at 09:00, "I moved to Porto last week" at 09:01: Porto is the user's word now.
    lisbon = active("The user lives in Lisbon", "location", PORTO_SAID)
    porto = CandidateView("The user lives in Porto", "location", False, LAST_WEEK, PORTO_SAID.replace(minute=1))
    plan = plan_change(porto, Decision(Op.UPDATE, 0), [lisbon])
    assert plan.op is Op.UPDATE and plan.ends_at == PORTO_SAID  # never before the old fact began


def test_a_late_message_from_before_is_history():
    porto = active("The user lives in Porto", "location", LAST_WEEK)
    lisbon = CandidateView("The user lives in Lisbon", "location", False, LISBON_SAID, LISBON_SAID)
    plan = plan_change(lisbon, Decision(Op.UPDATE, 0), [porto])
    assert plan.op is Op.NONE and plan.insert_history_of == porto.fact_id and plan.history_valid_to == LAST_WEEK


def test_contexts_are_separate_slots():
    assert base_slot("tool:database@family") == "tool:database"
    assert not slot_matches("tool:database@side-project", "tool:database@family")
    assert slot_matches("tool:database", "tool:database@family")  # no context named: the one that holds it
    assert not slot_matches("tool:database@family", "tool:database")


def test_a_new_value_in_one_context_does_not_replace_another():
    work = active("The user uses Postgres (at home)", "tool:database@family", LISBON_SAID)
    side = CandidateView("The user uses SQLite (for a side project)", "tool:database@side-project", False, PORTO_SAID)
    assert decide_by_rule(side, [work]) is None  # not an UPDATE by rule
    item = DecisionItem(side.text, side.slot, False, (Neighbour(0, work.text, work.slot, work.valid_from, 0.8),))
    assert decision_rules.decide(item).op is Op.ADD


def test_an_unscoped_change_updates_the_one_context_holding_the_slot():
    work = active("The user uses Postgres (at home)", "tool:database@family", LISBON_SAID)
    switch = CandidateView("The user now uses SQLite instead of Postgres", "tool:database", False, PORTO_SAID)
    assert decide_by_rule(switch, [work]) == Decision(
        Op.UPDATE, 0, reason="new value on single-valued slot tool:database"
    )


def test_a_retraction_naming_a_thing_ends_whatever_fact_names_it():
    pet = Neighbour(0, "The user has a dog named Rex", "pet:rex", LISBON_SAID, 0.5)
    other = Neighbour(1, "The user has a cat named Miso", "pet:miso", LISBON_SAID, 0.6)
    item = DecisionItem("The user's Rex passed away", "*:rex", True, (other, pet))
    assert decision_rules.decide(item) == Decision(Op.DELETE, 0, reason="retracts neighbour 0, which names rex")
    nothing = DecisionItem("The user's Rex passed away", "*:rex", True, (other,))
    assert decision_rules.decide(nothing).op is Op.NONE


def test_a_retraction_finds_the_fact_of_its_kind_that_names_the_value():
    notes = Neighbour(0, "The user uses Notion for notes", "tool:notes", LISBON_SAID, 0.7)
    item = DecisionItem("The user no longer uses Notion", "tool:notion", True, (notes,))
    assert decision_rules.decide(item).op is Op.DELETE
