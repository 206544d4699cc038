"""The strength curve over a simulated year, with the clock given to each call."""

from datetime import UTC, datetime, timedelta

from shared.domain.strength import (
    StrengthParams,
    StrengthState,
    faded,
    ranked_score,
    recall,
    recall_all,
    seed,
    strength_at,
)

P = StrengthParams()
T0 = datetime(2026, 1, 1, tzinfo=UTC)
YEAR = T0 + timedelta(days=365)


def fact(category="fact", importance=5, slot=None) -> StrengthState:
    return StrengthState(category=category, importance=importance, slot=slot, since=T0)


def test_seeds_follow_category_and_importance():
    assert seed("fact", 5, "name") >= 0.95 and seed("event", 2, "birthday") >= 0.95  # identity
    assert 0.3 <= seed("preference", 1) <= seed("preference", 10) <= 0.6
    assert seed("fact", 2) < seed("fact", 5) < seed("fact", 9) <= 0.9


def test_a_fact_recalled_monthly_ends_the_year_strong():
    state = recall_all(fact(), [T0 + timedelta(days=30 * m) for m in range(1, 13)], P)
    assert strength_at(state, YEAR, P) >= 0.9


def test_a_fact_touched_once_in_its_first_month_fades_by_the_end_of_the_year():
    state = recall(fact(), T0 + timedelta(days=20), P)
    end = strength_at(state, YEAR, P)
    assert end <= 0.1 and faded(end, P)
    assert strength_at(fact(), YEAR, P) <= 0.1  # never touched at all: fades too


def test_identity_facts_recalled_yearly_stay_near_one():
    state = recall(fact(slot="birthday"), T0 + timedelta(days=364), P)
    assert strength_at(state, YEAR, P) >= 0.95


def test_restated_three_times_outranks_stated_once_at_equal_relevance():
    once = fact()
    thrice = recall_all(fact(), [T0 + timedelta(days=d) for d in (3, 10, 17)], P)
    moment = T0 + timedelta(days=40)
    assert ranked_score(0.8, strength_at(thrice, moment, P), P) > ranked_score(0.8, strength_at(once, moment, P), P)
    # Relevance comes first: a clearly more relevant weak fact still wins.
    assert ranked_score(0.9, 0.05, P) > ranked_score(0.7, 1.0, P)


def test_decay_is_monotonic_and_recall_only_raises():
    state = fact()
    values = [strength_at(state, T0 + timedelta(days=d), P) for d in range(0, 400, 20)]
    assert values == sorted(values, reverse=True)
    for d in (0, 30, 300):
        moment = T0 + timedelta(days=d)
        assert strength_at(recall(state, moment, P), moment, P) > strength_at(state, moment, P)


def test_a_late_recall_does_not_decay_the_stored_state():
    recent = recall(fact(), T0 + timedelta(days=50), P)
    late = recall(recent, T0 + timedelta(days=10), P)  # arrives after, happened before
    assert late.since == recent.since and late.strength > recent.strength and late.recalls == 2


def test_the_order_of_recalls_given_together_does_not_matter():
    moments = [T0 + timedelta(days=d) for d in (40, 5, 90, 12)]
    assert recall_all(fact(), moments, P) == recall_all(fact(), list(reversed(moments)), P)


def test_search_results_rank_relevance_first_strength_second_and_drop_faded():
    from dataclasses import dataclass

    from shared.domain.strength import with_strength

    @dataclass(frozen=True)
    class Item:  # the fields of a fused search result that strength looks at
        kind: str
        id: str
        score: float
        row: dict

    def fact_row(strength, since):
        return {
            "category": "fact",
            "importance": 5,
            "slot": None,
            "recorded_at": T0,
            "strength": strength,
            "strength_at": since,
            "recall_count": 3 if strength else 0,
        }

    moment = T0 + timedelta(days=10)
    items = [
        Item("fact", "once", 0.8, fact_row(None, None)),  # never recalled: its seed, decayed 10 days
        Item("fact", "thrice", 0.8, fact_row(0.95, T0 + timedelta(days=9))),
        Item("message", "m", 0.85, {}),
        Item("fact", "faded", 0.99, fact_row(0.02, moment)),
    ]
    ranked = with_strength(items, moment, P, include_faded=False)
    assert [i.id for i in ranked] == ["m", "thrice", "once"]  # equal relevance: the stronger first
    assert "faded" in [i.id for i in with_strength(items, moment, P, include_faded=True)]


def test_search_recalls_a_faded_fact_on_a_strong_cue_context_does_not():
    from dataclasses import dataclass, field

    from shared.domain.strength import with_strength

    @dataclass(frozen=True)
    class Item:
        kind: str
        id: str
        score: float
        row: dict
        legs: dict = field(default_factory=dict)

    faded_row = {"category": "fact", "importance": 5, "slot": None, "recorded_at": T0, "strength": 0.02,
                 "strength_at": T0, "recall_count": 1}  # fmt: skip
    items = [
        Item("fact", "pointed", 0.9, faded_row, {"vector_facts": {"rank": 1, "score": 0.74}}),
        Item("fact", "loose", 0.5, faded_row, {"vector_facts": {"rank": 2, "score": 0.31}}),
        Item("fact", "words-only", 0.6, faded_row, {"fulltext_facts": {"rank": 1, "score": 0.9}}),
    ]
    assert [i.id for i in with_strength(items, T0, P, include_faded=False, cued_recall=True)] == ["pointed"]
    assert with_strength(items, T0, P, include_faded=False) == []  # context: faded stays out
    assert len(with_strength(items, T0, P, include_faded=True)) == 3
    never = StrengthParams(cued_similarity=1.01)
    assert with_strength(items, T0, never, include_faded=False, cued_recall=True) == []
