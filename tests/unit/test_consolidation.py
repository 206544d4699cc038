from datetime import UTC, datetime, timedelta
from uuid import uuid4

import pytest

from shared.domain.consolidation import (
    SLOT_UPDATE_MIN_SIMILARITY,
    ActiveFact,
    CandidateView,
    InvalidDecision,
    add_by_slot,
    decide_by_rule,
    decision_item,
    normalize_text,
    plan_change,
    retraction_by_rule,
    update_by_slot,
)
from shared.domain.models import Decision, Op

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def active(text: str, slot: str | None = None, valid_from: datetime = T0, similarity: float = 0.8) -> ActiveFact:
    return ActiveFact(uuid4(), text, normalize_text(text), slot, valid_from, similarity)


def candidate(text: str, slot: str | None = None, *, negated: bool = False, at: datetime = T0 + timedelta(days=1)):
    return CandidateView(text, slot, negated, at)


def test_normalisation_ignores_case_spacing_and_final_punctuation():
    assert normalize_text("  The user  lives in Berlin. ") == normalize_text("the user lives in berlin")


def test_exact_duplicate_is_none_without_a_call():
    decision = decide_by_rule(candidate("The user lives in Berlin."), [active("the user lives in Berlin")])
    assert decision == Decision(Op.NONE, reason="exact duplicate of an active fact")


def test_no_neighbour_is_add_without_a_call():
    assert decide_by_rule(candidate("The user has a cat"), []).op is Op.ADD


def test_negation_with_nothing_to_retract_is_none():
    assert decide_by_rule(candidate("The user lives in Rome", "location", negated=True), []).op is Op.NONE


def test_similar_fact_needs_the_decider():
    assert (
        decide_by_rule(candidate("The user lives in Berlin", "location"), [active("The user lives in Paris")]) is None
    )


def test_decider_sees_small_integers_not_ids():
    facts = [active("The user lives in Paris", "location"), active("The user likes Paris")]
    item = decision_item(candidate("The user lives in Berlin", "location"), facts)
    assert [n.index for n in item.neighbours] == [0, 1]
    assert all(str(f.fact_id) not in repr(item) for f in facts)


def test_update_supersedes_the_target_and_ends_its_validity():
    paris = active("The user lives in Paris", "location")
    berlin = candidate("The user lives in Berlin", "location")
    plan = plan_change(berlin, Decision(Op.UPDATE, 0), [paris])
    assert plan.op is Op.UPDATE and plan.insert_active
    assert plan.supersede == paris.fact_id and plan.ends_at == berlin.valid_from


def test_older_candidate_never_supersedes_a_newer_fact():
    berlin = active("The user lives in Berlin", "location", valid_from=T0 + timedelta(days=10))
    late_paris = candidate("The user lives in Paris", "location", at=T0)
    plan = plan_change(late_paris, Decision(Op.UPDATE, 0), [berlin])
    assert plan.op is Op.NONE and not plan.insert_active and plan.supersede is None
    assert plan.insert_history_of == berlin.fact_id and plan.history_valid_to == berlin.valid_from


def test_delete_retracts_without_replacement():
    anna = active("The user's partner is Anna", "partner")
    plan = plan_change(
        candidate("The user broke up with Anna", "partner", negated=True), Decision(Op.DELETE, 0), [anna]
    )
    assert plan.op is Op.DELETE and plan.retract == anna.fact_id and not plan.insert_active


def test_older_retraction_is_ignored():
    anna = active("The user's partner is Anna", "partner", valid_from=T0 + timedelta(days=5))
    plan = plan_change(candidate("broke up", "partner", negated=True, at=T0), Decision(Op.DELETE, 0), [anna])
    assert plan.op is Op.NONE and plan.retract is None


def test_target_out_of_range_is_rejected():
    with pytest.raises(InvalidDecision):
        plan_change(candidate("x"), Decision(Op.UPDATE, 3), [active("y")])


def test_a_retraction_that_arrived_first_ends_the_older_fact_when_it_comes():
    breakup = T0 + timedelta(days=20)
    plan = plan_change(candidate("The user's girlfriend is Anna", "partner"), Decision(Op.ADD), [], tombstone=breakup)
    assert not plan.insert_active and plan.retracted_at == breakup


def test_a_tombstone_after_a_newer_fact_does_not_touch_the_history_row():
    lisbon = active("The user lives in Lisbon", "location", valid_from=T0 + timedelta(days=10))
    plan = plan_change(
        candidate("The user lives in Paris", "location", at=T0),
        Decision(Op.UPDATE, 0),
        [lisbon],
        tombstone=T0 + timedelta(days=30),
    )
    assert plan.insert_history_of == lisbon.fact_id and plan.retracted_at is None


def test_a_tombstone_between_the_candidate_and_a_newer_fact_retracts_it():
    maria = active("The user's girlfriend is Maria", "partner", valid_from=T0 + timedelta(days=10))
    breakup = T0 + timedelta(days=5)
    plan = plan_change(
        candidate("The user's girlfriend is Anna", "partner", at=T0), Decision(Op.UPDATE, 0), [maria], tombstone=breakup
    )
    assert plan.retracted_at == breakup and plan.insert_history_of is None


def test_an_update_ended_by_a_later_tombstone_still_supersedes_its_target():
    paris = active("The user lives in Paris", "location")
    plan = plan_change(
        candidate("The user lives in Berlin", "location"),
        Decision(Op.UPDATE, 0),
        [paris],
        tombstone=T0 + timedelta(days=40),
    )
    assert plan.supersede == paris.fact_id and plan.retracted_at == T0 + timedelta(days=40)


def test_one_active_fact_on_a_single_valued_slot_is_updated_without_a_call():
    near = [active("The user likes Paris", "like:paris"), active("The user lives in Paris", "location")]
    decision = decide_by_rule(candidate("The user lives in Berlin", "location"), near)
    assert decision.op is Op.UPDATE and decision.target == 1


def test_a_slotless_neighbour_and_a_retraction_naming_no_value_still_go_to_the_decider():
    assert decide_by_rule(candidate("The user likes jazz", "like:jazz"), [active("The user likes jazz a lot")]) is None
    assert (
        decide_by_rule(
            candidate("no longer in Paris", "location", negated=True), [active("The user lives in Paris", "location")]
        )
        is None
    )


def retraction(text: str, slot: str, value: str | None = None) -> CandidateView:
    return CandidateView(text, slot, True, T0 + timedelta(days=1), value=value)


class TestRetractionOnAMultiValuedSlot:
    def test_the_one_fact_on_the_exact_slot_is_deleted_without_a_call(self):
        near = [active("The user likes opera", "like:opera"), active("The user likes jazz", "like:jazz")]
        decision = retraction_by_rule(retraction("The user no longer likes jazz", "like:jazz"), near)
        assert decision.op is Op.DELETE and decision.target == 1

    def test_no_fact_on_the_slot_goes_to_the_decider(self):
        near = [active("The user likes opera", "like:opera")]
        assert decide_by_rule(retraction("The user no longer likes jazz", "like:jazz"), near) is None


class TestRetractionOnASingleValuedSlot:
    def test_the_one_fact_on_the_slot_that_names_the_value_is_deleted(self):
        near = [active("The user likes Paris", "like:paris"), active("The user lives in Paris", "location")]
        decision = decide_by_rule(retraction("The user no longer lives in Paris", "location", "Paris"), near)
        assert decision.op is Op.DELETE and decision.target == 1

    def test_a_fact_holding_another_value_goes_to_the_decider(self):
        near = [active("The user lives in Berlin", "location")]
        assert decide_by_rule(retraction("The user no longer lives in Paris", "location", "Paris"), near) is None

    def test_a_value_is_matched_by_whole_words_only(self):
        near = [active("The user works at Acmeville Labs", "employer")]
        assert decide_by_rule(retraction("The user no longer works at Acme", "employer", "Acme"), near) is None

    def test_a_retraction_without_a_value_goes_to_the_decider(self):
        near = [active("The user has a partner named Sam", "partner")]
        assert decide_by_rule(retraction("The user broke up with their partner", "partner"), near) is None

    def test_two_facts_on_the_slot_go_to_the_decider(self):
        near = [active("The user lives in Paris", "location"), active("The user lives in Paris, France", "location")]
        assert decide_by_rule(retraction("The user no longer lives in Paris", "location", "Paris"), near) is None


class TestRetractionOfANamedThing:
    def test_the_one_fact_whose_slot_names_the_thing_is_deleted(self):
        near = [active("The user has a cat named Mia", "pet:mia"), active("The user has a dog named Rex", "pet:rex")]
        decision = decide_by_rule(retraction("The user's dog Rex died", "*:rex", "Rex"), near)
        assert decision.op is Op.DELETE and decision.target == 1

    def test_another_fact_that_names_the_thing_sends_it_to_the_decider(self):
        near = [active("The user has a dog named Rex", "pet:rex"), active("The user walks Rex every day", "habit:walk")]
        assert decide_by_rule(retraction("The user's dog Rex died", "*:rex", "Rex"), near) is None

    def test_a_thing_named_only_in_the_text_goes_to_the_decider(self):
        near = [active("The user smokes", "habit:smoking")]
        assert decide_by_rule(retraction("The user gave up smoking", "*:smoke"), near) is None


class TestUpdateByCanonicalSlot:
    def test_a_slot_spelled_differently_still_updates_the_one_fact_on_it(self):
        near = [active("The user uses Vim as their editor", "tool:code editor")]
        decision = update_by_slot(candidate("The user uses Helix", "tool:editor"), near)
        assert decision.op is Op.UPDATE and decision.target == 0

    def test_multi_valued_slots_are_never_updated_by_rule(self):
        near = [active("The user likes dogs", "likes:dogs")]
        assert update_by_slot(candidate("The user likes dogs a lot", "like:dog"), near) is None

    def test_a_slot_that_only_looks_alike_is_left_to_the_decider(self):
        near = [active("The user uses Neovim", "tool:editor")]
        assert update_by_slot(candidate("The user uses Copilot", "tool:editor plugin"), near) is None


class TestSlotAndSimilarityMustAgree:
    """A rule-based UPDATE needs the slot and the similarity to agree; the decider arbitrates otherwise."""

    def test_a_same_slot_fact_that_reads_like_something_else_goes_to_the_decider(self):
        near = [active("The user's editor at the publisher is Jane", "tool:editor", similarity=0.12)]
        assert decide_by_rule(candidate("The user uses Helix", "tool:editor"), near) is None

    def test_at_the_threshold_the_rule_still_updates(self):
        near = [active("The user lives in Leeds", "location", similarity=SLOT_UPDATE_MIN_SIMILARITY)]
        decision = decide_by_rule(candidate("The user lives in Harrogate", "location"), near)
        assert decision is not None and decision.op is Op.UPDATE and decision.target == 0

    def test_the_threshold_is_a_parameter(self):
        near = [active("The user lives in Leeds", "location", similarity=0.6)]
        view = candidate("The user lives in Harrogate", "location")
        assert decide_by_rule(view, near, slot_update_min_similarity=0.7) is None
        assert decide_by_rule(view, near, slot_update_min_similarity=0.5).op is Op.UPDATE

    def test_across_two_languages_the_slot_decides_alone(self):
        fact = ActiveFact(
            uuid4(), "El usuario vive en Valencia", "el usuario vive en valencia", "location", T0, 0.26, "es"
        )
        moved = CandidateView("L'utilisateur habite à Lyon", "location", False, T0 + timedelta(days=1), language="fr")
        assert decide_by_rule(moved, [fact]).op is Op.UPDATE
        same_language = CandidateView(
            "El usuario vive en Lyon", "location", False, T0 + timedelta(days=1), language="es"
        )
        assert decide_by_rule(same_language, [fact]) is None  # 0.26 in one language: the decider arbitrates

    def test_the_setting_defaults_to_the_tuned_threshold(self):
        from shared.settings import Settings

        assert Settings.model_fields["slot_update_min_similarity"].default == SLOT_UPDATE_MIN_SIMILARITY


class TestAddOnASlotNoNeighbourHolds:
    def test_every_neighbour_on_another_slot_is_an_add_without_a_call(self):
        near = [active("The user speaks Spanish", "language:spanish"), active("The user lives in Lisbon", "location")]
        decision = decide_by_rule(candidate("The user speaks Portuguese", "language:portuguese"), near)
        assert decision.op is Op.ADD and decision.target is None

    def test_a_neighbour_without_a_slot_goes_to_the_decider(self):
        near = [active("The user is fluent in Portuguese")]
        assert add_by_slot(candidate("The user speaks Portuguese", "language:portuguese"), near) is None

    def test_a_neighbour_holding_the_slot_in_a_context_goes_to_the_decider(self):
        near = [active("The user uses Postgres at home", "tool:database@family"), active("x", "tool:db@side")]
        assert decide_by_rule(candidate("The user uses SQLite", "tool:database"), near) is None

    def test_the_like_dislike_opposite_goes_to_the_decider(self):
        near = [active("The user dislikes olives", "dislike:olives")]
        assert add_by_slot(candidate("The user likes olives now", "like:olive"), near) is None

    def test_a_retraction_is_never_added(self):
        near = [active("The user speaks Spanish", "language:spanish")]
        assert add_by_slot(retraction("The user no longer speaks Portuguese", "language:portuguese"), near) is None

    def test_a_slot_that_only_looks_alike_goes_to_the_decider(self):
        near = [active("The user uses Neovim", "tool:editor")]
        assert add_by_slot(candidate("The user uses Copilot", "tool:editor plugin"), near) is None
        assert add_by_slot(candidate("The user likes jazz", "like:jazz"), [active("x", "like:jazz music")]) is None
