"""Slot spellings are folded to one; meanings are not merged."""

from datetime import UTC, datetime
from uuid import uuid4

import pytest

from shared.domain.consolidation import ActiveFact, CandidateView, decide_by_rule
from shared.domain.models import Op
from shared.domain.slot_names import canonical_slot, reuse_known

T = datetime(2026, 1, 1, tzinfo=UTC)


@pytest.mark.parametrize(
    ("spellings", "canonical"),
    [
        (
            ["tool:editor", "Tool:Editor", " tool : editor ", "tool:code editor", "tool:code_editor", "tools:IDE"],
            "tool:editor",
        ),
        (["like:dog", "likes:dogs", "Like: Dogs", "loves:dogs"], "like:dog"),
        (["allergy:peanut", "allergies:peanuts", "allergic:peanuts"], "allergy:peanut"),
        (["favourite:colour", "favorite:color", "favourite:colours", "Favorites:Colors"], "favourite:colour"),
        (["location", "Location", "city", "residence"], "location"),
        (["occupation", "job", "profession"], "occupation"),
        (["partner", "husband", "girlfriend"], "partner"),
        (["family:mother:ana", "family:mom:Ana", "family:Mum:ana"], "family:mother:ana"),
        (
            ["tool:database@side project", "tool:db@side_project", "tools:database @ side project"],
            "tool:database@side project",
        ),
    ],
)
def test_spellings_of_one_slot_share_one_canonical_form(spellings, canonical):
    assert {canonical_slot(s) for s in spellings} == {canonical}


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("tool:editor", "tool:editor plugin"),
        ("tool:editor", "tool:database"),
        ("like:dog", "dislike:dog"),
        ("pet:miso", "pet:misos"),  # names are not singularised
        ("family:sister:ana", "family:sister:anna"),
        ("tool:database", "tool:database@family"),  # a context is a different slot
        ("language:swiss", "language:swis"),
        ("like:news", "like:new"),  # an invariant plural stays
    ],
)
def test_slots_that_merely_look_alike_stay_different(a, b):
    assert canonical_slot(a) != canonical_slot(b)


def test_empty_slots_are_none():
    assert canonical_slot(None) is None and canonical_slot("  ") is None


def test_a_new_slot_lands_on_the_users_existing_spelling():
    known = ("Tool:Editor", "location")
    assert reuse_known("tool:code editor", known) == "Tool:Editor"  # exactly the stored slot
    assert reuse_known("City", known) == "location"
    assert reuse_known("tool:database", known) == "tool:database"  # new: its canonical spelling
    assert reuse_known(None, known) is None


def _fact(text: str, slot: str, similarity: float) -> ActiveFact:
    return ActiveFact(uuid4(), text, text.lower(), slot, T, similarity)


def test_look_alike_slots_go_to_the_decider_not_the_automatic_update():
    """The single-valued-slot rule needs the very same slot; a neighbour whose slot only looks alike
    leaves the decision to the decider (None here)."""
    candidate = CandidateView("The user uses an editor plugin called Copilot", "tool:editor plugin", False, T)
    assert decide_by_rule(candidate, [_fact("The user uses Neovim", "tool:editor", 0.7)]) is None
    same = CandidateView("The user uses Helix", canonical_slot("tool:code editor"), False, T)
    decision = decide_by_rule(same, [_fact("The user uses Neovim", "tool:editor", 0.7)])
    assert decision is not None and decision.op is Op.UPDATE
