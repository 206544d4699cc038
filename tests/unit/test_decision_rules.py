"""The offline decider: duplicates, retractions, same-slot replacements, additions."""

from datetime import UTC, datetime, timedelta

import pytest

from shared.domain.models import Decision, DecisionItem, Neighbour, Op
from shared.providers.offline.decision_rules import (
    MULTI_VALUED_PREFIXES,
    RULES_VERSION,
    decide,
    is_multi_valued,
    normalise_text,
)
from tests.unit.exchange import message_facts

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def neighbour(index: int, text: str, slot: str | None, similarity: float = 0.8) -> Neighbour:
    return Neighbour(index=index, text=text, slot=slot, valid_from=T0, similarity=similarity)


def item(text: str, slot: str | None, *neighbours: Neighbour, negated: bool = False) -> DecisionItem:
    return DecisionItem(candidate_text=text, candidate_slot=slot, candidate_negated=negated, neighbours=neighbours)


def test_rules_version_is_exposed():
    assert RULES_VERSION == "rules-v8"


# --- normalise_text ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("  The user  lives in Berlin. ", "the user lives in berlin"),
        ("The user loves jazz!", "the user loves jazz"),
        ("The user\tuses\nPostgres;", "the user uses postgres"),
    ],
)
def test_normalise_text(a, b):
    assert normalise_text(a) == b


def test_normalise_text_keeps_inner_punctuation():
    assert normalise_text("The user lives in Portland, Oregon.") == "the user lives in portland, oregon"


# --- the decisions -------------------------------------------------------------------------------


def test_no_neighbours_is_an_add():
    assert decide(item("The user lives in Berlin", "location")).op == Op.ADD


def test_same_text_is_none():
    decision = decide(
        item("The user lives in Berlin.", "location", neighbour(0, "the user lives in  berlin", "location"))
    )
    assert decision.op == Op.NONE and decision.target is None


def test_same_text_wins_over_everything_else():
    decision = decide(
        item(
            "The user loves jazz",
            "like:jazz",
            neighbour(0, "The user likes jazz", "like:jazz"),
            neighbour(1, "The user loves jazz", "like:jazz"),
        )
    )
    assert decision.op == Op.NONE


def test_same_slot_different_text_is_an_update():
    decision = decide(item("The user lives in Berlin", "location", neighbour(0, "The user lives in Paris", "location")))
    assert decision == Decision(Op.UPDATE, target=0, reason=decision.reason)
    assert decision.reason


def test_update_targets_the_most_similar_neighbour_on_the_slot():
    decision = decide(
        item(
            "The user lives in Berlin",
            "location",
            neighbour(0, "The user loves Berlin", "like:berlin", similarity=0.95),
            neighbour(1, "The user lives in Paris", "location", similarity=0.7),
            neighbour(2, "The user lives in Rome", "location", similarity=0.9),
        )
    )
    assert (decision.op, decision.target) == (Op.UPDATE, 2)


def test_ties_go_to_the_lower_index():
    decision = decide(
        item(
            "The user lives in Berlin",
            "location",
            neighbour(3, "The user lives in Rome", "location", similarity=0.8),
            neighbour(1, "The user lives in Paris", "location", similarity=0.8),
        )
    )
    assert decision.target == 1


def test_slots_compare_case_insensitively():
    decision = decide(
        item("The user uses SQLite", "tool:Database", neighbour(4, "The user uses Postgres", "tool:database"))
    )
    assert (decision.op, decision.target) == (Op.UPDATE, 4)


def test_different_slot_is_an_add():
    decision = decide(
        item("The user works at Google", "employer", neighbour(0, "The user lives in Berlin", "location"))
    )
    assert (decision.op, decision.target) == (Op.ADD, None)


def test_without_a_slot_nothing_is_replaced():
    decision = decide(item("The user owns a bike", None, neighbour(0, "The user owns a car", None)))
    assert decision.op == Op.ADD


def test_multi_valued_slots_do_not_replace_each_other():
    decision = decide(item("The user likes sushi", "like:sushi", neighbour(0, "The user likes jazz", "like:jazz")))
    assert decision.op == Op.ADD
    decision = decide(
        item("The user speaks French", "language:french", neighbour(0, "The user speaks German", "language:german"))
    )
    assert decision.op == Op.ADD


def test_a_dislike_replaces_the_like_of_the_same_thing_and_back():
    decision = decide(item("The user hates sushi", "dislike:sushi", neighbour(0, "The user loves sushi", "like:sushi")))
    assert (decision.op, decision.target) == (Op.UPDATE, 0)
    decision = decide(item("The user loves sushi", "like:sushi", neighbour(0, "The user hates sushi", "dislike:sushi")))
    assert (decision.op, decision.target) == (Op.UPDATE, 0)


# --- retractions ---------------------------------------------------------------------------------


def test_negated_with_the_value_on_the_slot_is_a_delete():
    decision = decide(
        item(
            "The user no longer lives in Paris",
            "location",
            neighbour(2, "The user lives in Paris", "location"),
            negated=True,
        )
    )
    assert (decision.op, decision.target) == (Op.DELETE, 2)


def test_negated_value_must_be_the_one_stored():
    decision = decide(
        item(
            "The user no longer lives in Paris",
            "location",
            neighbour(0, "The user lives in Berlin", "location"),
            negated=True,
        )
    )
    assert decision.op == Op.NONE and decision.reason.startswith("nothing to retract")


def test_negated_value_matches_case_insensitively_and_picks_the_right_neighbour():
    decision = decide(
        item(
            "The user no longer works at Acme Corp",
            "employer",
            neighbour(0, "The user works at Globex", "employer", similarity=0.9),
            neighbour(1, "The user works at ACME CORP", "employer", similarity=0.6),
            negated=True,
        )
    )
    assert (decision.op, decision.target) == (Op.DELETE, 1)


def test_negated_lowercase_value_is_matched_too():
    decision = decide(
        item("The user is no longer vegan", "diet", neighbour(0, "The user is vegan", "diet"), negated=True)
    )
    assert (decision.op, decision.target) == (Op.DELETE, 0)
    decision = decide(
        item("The user is no longer vegan", "diet", neighbour(0, "The user is vegetarian", "diet"), negated=True)
    )
    assert decision.op == Op.NONE


def test_negated_without_a_value_retracts_whatever_holds_the_slot():
    decision = decide(
        item(
            "The user broke up with their partner",
            "partner",
            neighbour(0, "The user's girlfriend is Anna", "partner"),
            negated=True,
        )
    )
    assert (decision.op, decision.target) == (Op.DELETE, 0)
    decision = decide(
        item("The user is single", "partner", neighbour(5, "The user is dating Maria", "partner"), negated=True)
    )
    assert (decision.op, decision.target) == (Op.DELETE, 5)


def test_negated_multi_valued_slot_names_its_value_in_the_slot():
    decision = decide(
        item(
            "The user's cat Luna died",
            "pet:luna",
            neighbour(0, "The user has a cat named Luna", "pet:luna"),
            negated=True,
        )
    )
    assert (decision.op, decision.target) == (Op.DELETE, 0)


def test_negated_like_does_not_retract_a_dislike():
    decision = decide(
        item(
            "The user no longer likes sushi",
            "like:sushi",
            neighbour(0, "The user hates sushi", "dislike:sushi"),
            negated=True,
        )
    )
    assert decision.op == Op.NONE


def test_negated_with_nothing_on_the_slot_is_none():
    decision = decide(
        item(
            "The user no longer lives in Paris",
            "location",
            neighbour(0, "The user works in Paris", "employer"),
            negated=True,
        )
    )
    assert decision == Decision(Op.NONE, reason="nothing to retract")
    assert decide(item("The user no longer lives in Paris", "location", negated=True)).op == Op.NONE
    assert (
        decide(item("The user no longer owns a car", None, neighbour(0, "The user owns a car", None), negated=True)).op
        == Op.NONE
    )


def test_multi_valued_prefixes():
    assert "like:" in MULTI_VALUED_PREFIXES and "event:" in MULTI_VALUED_PREFIXES
    assert is_multi_valued("like:jazz") and is_multi_valued("family:sister:maria") and is_multi_valued("pet:rex")
    assert not is_multi_valued("location") and not is_multi_valued("tool:database")
    assert not is_multi_valued("family:kids") and not is_multi_valued(None)


def test_a_relatives_place_or_work_holds_one_value_at_a_time():
    assert not is_multi_valued("family:bruder:location") and not is_multi_valued("family:sister:work")
    moved = item(
        "Der Bruder des Nutzers wohnt in Hamburg",
        "family:bruder:location",
        neighbour(0, "Der Bruder des Nutzers wohnt in Berlin", "family:bruder:location"),
    )
    assert decide(moved).op == Op.UPDATE


def test_decide_is_deterministic():
    one = item("The user lives in Berlin", "location", neighbour(0, "The user lives in Paris", "location"))
    assert decide(one) == decide(one)


# --- stories: the offline extractor feeding the offline decider ------------------------------------


def said(content: str, at: datetime = T0) -> list:
    return message_facts(content, at=at)


def story(first: str, then: str) -> tuple[Decision, object]:
    """Store the only fact of ``first``, then decide the only fact of ``then`` against it."""
    (stored,) = said(first)
    (candidate,) = said(then, T0 + timedelta(days=30))
    decision = decide(
        item(candidate.text, candidate.slot, neighbour(0, stored.text, stored.slot), negated=candidate.negated)
    )
    return decision, candidate


@pytest.mark.parametrize(
    ("first", "then", "op"),
    [
        ("I use Postgres", "we switched from Postgres to SQLite", Op.UPDATE),
        ("I use vim", "I switched to Neovim", Op.UPDATE),
        ("I'm vegan", "I eat chicken now", Op.UPDATE),
        ("I'm vegan", "I'm no longer vegan", Op.DELETE),
        ("I'm vegan", "I'm vegan", Op.NONE),
        ("I live in Paris", "I moved to Berlin", Op.UPDATE),
        ("I live in Paris", "I don't live in Paris anymore", Op.DELETE),
        ("I live in Berlin", "I don't live in Paris anymore", Op.NONE),
        ("my girlfriend is Anna", "Anna and I broke up", Op.DELETE),
        ("my girlfriend is Anna", "I broke up with Anna", Op.DELETE),
        ("my girlfriend is Anna", "we broke up", Op.DELETE),
        ("my girlfriend is Anna", "I broke up with Maria", Op.NONE),
        ("my girlfriend is Anna", "I'm dating Maria", Op.UPDATE),
        ("I work at Google", "I joined Stripe", Op.UPDATE),
        ("I work at Google", "I quit my job at Google", Op.DELETE),
        ("I work at Google", "I left Berlin", Op.NONE),
        ("I love jazz", "I love sushi", Op.ADD),
        ("I love jazz", "I don't like jazz anymore", Op.DELETE),
        ("I love jazz", "I hate jazz", Op.UPDATE),
        ("I have a dog named Rex", "my dog Rex passed away", Op.DELETE),
        ("I have a dog named Rex", "I have a cat named Luna", Op.ADD),
        ("I have two kids", "I have three kids", Op.UPDATE),
        ("I use MongoDB", "we stopped using MongoDB", Op.DELETE),
    ],
)
def test_stories(first, then, op):
    decision, _ = story(first, then)
    assert decision.op == op, decision
    if op in (Op.UPDATE, Op.DELETE):
        assert decision.target == 0


def test_story_texts_read_well():
    decision, candidate = story("I use Postgres", "we switched from Postgres to SQLite")
    assert candidate.text == "The user now uses SQLite instead of Postgres" and candidate.slot == "tool:database"
    decision, candidate = story("my girlfriend is Anna", "Anna and I broke up")
    assert (candidate.text, candidate.negated, decision.op) == ("The user and Anna broke up", True, Op.DELETE)
