"""Retractions find the fact they end by the content words the two share, and leave facts active when
the match is partial and the embedding, or a rival fact, disagrees."""

from datetime import UTC, datetime, timedelta
from uuid import uuid4

import pytest

from shared.domain.consolidation import ActiveFact, CandidateView, decide_by_rule, normalize_text
from shared.domain.models import DecisionItem, Neighbour, Op
from shared.domain.thing_match import content_stems, names_all, one_partial_match
from shared.providers.offline.decision_rules import decide

T0 = datetime(2026, 1, 1, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "stems"),
    [
        ("coaching-u12s", {"coach", "12s"}),  # a letter before a number is split off, then dropped
        ("The user's dog Rex", {"dog", "rex"}),  # stop words and the possessive go
        ("habit:smoking", {"habit", "smoki"}),
    ],
)
def test_content_stems(text, stems):
    assert content_stems(text) == stems


def test_an_abbreviated_number_names_the_spelled_out_one():
    assert names_all("coaching-u12s", "habit:coaching-under-12s", "The user coaches the under-12s on saturdays")
    assert not names_all("coaching-u14s", "habit:coaching-under-12s", "The user coaches the under-12s")


def test_a_partial_match_needs_one_sharer_and_the_embeddings_agreement():
    facts = [("habit:coaching-under-12s", "The user coaches the under-12s at the rugby club", 0.6)]
    assert one_partial_match("coaching-kids", facts) == 0
    assert one_partial_match("coaching-kids", [(*facts[0][:2], 0.4)]) is None  # the embedding disagrees
    rival = ("habit:coaching-chess", "The user coaches chess", 0.7)
    assert one_partial_match("coaching-kids", [*facts, rival]) is None  # two could be meant: say nothing
    assert one_partial_match("knitting", facts) is None


def neighbour(index: int, text: str, slot: str, similarity: float = 0.6) -> Neighbour:
    return Neighbour(index=index, text=text, slot=slot, valid_from=T0, similarity=similarity)


def retraction_item(text: str, slot: str, *neighbours: Neighbour) -> DecisionItem:
    return DecisionItem(candidate_text=text, candidate_slot=slot, candidate_negated=True, neighbours=neighbours)


class TestTheOfflineDecider:
    def test_a_retraction_whose_key_abbreviates_the_facts_ends_it(self):
        fact = neighbour(0, "The user coaches the under-12s at their rugby club", "habit:coaching-under-12s")
        decision = decide(retraction_item("The user no longer coaches the u12s", "habit:coaching-u12s", fact))
        assert decision.op is Op.DELETE and decision.target == 0

    def test_a_partial_match_of_the_same_kind_ends_the_one_fact_sharing_a_word(self):
        other = neighbour(0, "The user plays tennis", "habit:tennis")
        fact = neighbour(1, "The user volunteers at the animal shelter", "habit:volunteering-at-shelter")
        decision = decide(retraction_item("The user stopped volunteering", "habit:volunteering-at-zoo", other, fact))
        assert decision.op is Op.DELETE and decision.target == 1

    def test_a_partial_match_the_embedding_disputes_ends_nothing(self):
        fact = neighbour(0, "The user volunteers at the animal shelter", "habit:volunteering-at-shelter", 0.4)
        decision = decide(retraction_item("The user stopped volunteering", "habit:volunteering-at-zoo", fact))
        assert decision.op is Op.NONE

    def test_two_facts_sharing_a_word_with_a_thing_only_retraction_end_nothing(self):
        a = neighbour(0, "The user coaches chess", "habit:coaching-chess")
        b = neighbour(1, "The user coaches football", "habit:coaching-football")
        assert decide(retraction_item("The user stopped coaching the kids", "*:coaching-kids", a, b)).op is Op.NONE


def test_a_thing_only_retraction_by_rule_matches_by_stems():
    fact = ActiveFact(
        uuid4(),
        "The user coaches the under-12s",
        normalize_text("The user coaches the under-12s"),
        "habit:coaching-under-12s",
        T0,
        0.6,
    )
    view = CandidateView("The user no longer coaches the u12s", "*:coaching-under-12s", True, T0 + timedelta(days=1))
    decision = decide_by_rule(view, [fact])
    assert decision is not None and decision.op is Op.DELETE and decision.target == 0
