"""A role taken up is the user's job from the stated date (issue #12: changes are updates, stated time is
valid time).

"started last month as a copywriter at Quillhouse", "became a paramedic at Northfield in 2024": the form is
a past start of a role (optionally at a named organisation), which the event frame reads as a dated outing
on a slot of its own. It is a change of occupation (and employer): those slots, from the stated date, so a
later or earlier job on them is replaced exactly then. The phrasings are invented here; none comes from an
evaluation set.
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import partial

import pytest

from tests.unit.exchange import message_facts
from tests.unit.test_end_state_classes import active_texts, only, replay, valid_at

SAID = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)
facts = partial(message_facts, at=SAID)


def by_slot(text: str) -> dict[str, tuple[str, str]]:
    return {f.slot: (f.text, f.valid_from.date().isoformat()) for f in facts(text) if not f.negated}


@pytest.mark.parametrize(
    ("said", "role", "org", "start"),
    [
        ("Started last month as a junior copywriter at Quillhouse & Sons.", "copywriter", "Quillhouse", "2026-02-01"),
        ("I started as a nurse at St Aldric's last year.", "nurse", "St Aldric's", "2025-01-01"),
        ("I became a paramedic at Northfield Ambulance in 2024.", "paramedic", "Northfield", "2024-01-01"),
        ("so I began as an analyst at Brightwell two weeks ago!", "analyst", "Brightwell", "2026-02-24"),
        ("Finally started as a data engineer at Korvex in January, loving it", "engineer", "Korvex", "2026-01-01"),
    ],
)
def test_a_role_started_at_a_named_place_is_occupation_and_employer_from_the_stated_date(said, role, org, start):
    slots = by_slot(said)
    assert "occupation" in slots and role in slots["occupation"][0] and slots["occupation"][1] == start
    assert "employer" in slots and org in slots["employer"][0] and slots["employer"][1] == start
    assert not any(s.startswith("event:") for s in slots)


@pytest.mark.parametrize(
    ("said", "role", "start"),
    [
        ("I became a midwife in 2023.", "midwife", "2023-01-01"),
        ("I started as a sous chef last week.", "chef", "2026-03-02"),
    ],
)
def test_a_role_started_with_no_place_is_the_occupation_from_the_stated_date(said, role, start):
    slots = by_slot(said)
    assert "occupation" in slots and role in slots["occupation"][0] and slots["occupation"][1] == start
    assert "employer" not in slots


@pytest.mark.parametrize(
    "said",
    [
        "My sister started as a nurse at St Aldric's last year.",  # someone else's job
        "If I started as a nurse at St Aldric's next year, would I earn more?",  # a hypothetical
        "Should I start as an analyst at Brightwell in May?",  # a question
        "I started a podcast last month.",  # no role
        "I became a dad last year.",  # not an occupation
        "I started as a joke at the party last week.",  # not a role
    ],
)
def test_what_is_no_role_taken_up_gives_no_job(said):
    slots = by_slot(said)
    assert "occupation" not in slots and "employer" not in slots


def test_a_new_role_replaces_the_old_job_from_the_stated_month():
    run = replay(
        [
            ("I work at Harwick Mutual as a claims handler.", "2025-11-02"),
            ("big news, started last month as a junior copywriter at Quillhouse!", "2026-02-26"),
        ]
    )
    texts = active_texts(run)
    assert not any("Harwick" in t for t in texts)
    assert any("Quillhouse" in t for t in texts)
    assert any("Harwick" in t for t in valid_at(run, "2025-12-15T12:00:00+00:00"))
    assert any("Quillhouse" in t for t in valid_at(run, "2026-01-20T12:00:00+00:00"))


def test_a_new_role_said_without_a_place_replaces_the_old_occupation():
    run = replay([("I'm a barista.", "2025-10-01"), ("I became a firefighter in January.", "2026-03-20")])
    assert only(active_texts(run), "firefighter")
    assert only(valid_at(run, "2025-12-01T12:00:00+00:00"), "barista")


# --- "I work in a warehouse" is the user's job, so a new job replaces it ------------------------------


@pytest.mark.parametrize(
    "said",
    [
        "I work in a warehouse.",
        "i work in a call centre for a phone company",
        "I work nights at the hospital.",
        "I work day shifts at the distribution centre, 6 to 2",
        "I work in a tiny bakery near the station.",
    ],
)
def test_working_in_a_kind_of_workplace_is_the_users_job(said):
    slots = by_slot(said)
    assert "employer" in slots and not any(s.startswith("habit:") for s in slots)


@pytest.mark.parametrize(
    "said",
    [
        "I work in an open-plan office.",  # where one sits, not whom for
        "I work in a team of five.",
        "I work from home on Fridays.",
        "I work in the evenings.",
    ],
)
def test_working_in_what_is_no_workplace_is_no_job(said):
    assert "employer" not in by_slot(said)


def test_a_new_job_replaces_working_in_a_kind_of_workplace_from_the_stated_month():
    run = replay(
        [
            ("i work in a call centre for a phone company, it's grim", "2025-11-02"),
            ("finally out! started last month as a junior copywriter at Quillhouse", "2026-02-26"),
        ]
    )
    texts = active_texts(run)
    assert not any("call centre" in t for t in texts)
    assert any("Quillhouse" in t for t in texts)
    assert any("call centre" in t for t in valid_at(run, "2025-12-15T12:00:00+00:00"))


# --- "I don't X anymore, I'm Y now": the new clause has its own subject and verb ---------------------


@pytest.mark.parametrize(
    ("said", "new"),
    [
        ("I don't eat meat anymore, I'm vegan now", "vegan"),
        ("i don't drink beer anymore, i'm sober now", "sober"),
        ("We don't rent anymore, we own a flat in Dunmore now", "Dunmore"),
        ("I don't eat dairy anymore; I'm vegan these days.", "vegan"),
    ],
)
def test_an_ending_then_a_clause_with_its_own_subject_keeps_that_clause_whole(said, new):
    found = facts(said)
    assert any(f.negated for f in found)
    positive = [f.text for f in found if not f.negated]
    assert not any(" they are " in t or " i am " in t.lower() or " we " in t for t in positive), positive
    assert any(new in t for t in positive) or not positive  # said whole, or nothing rather than garbled


def test_an_ending_then_a_bare_new_object_still_takes_the_ended_verb():
    positive = [f.text for f in facts("I don't drink soda anymore, sparkling water now") if not f.negated]
    assert any("drinks sparkling water" in t for t in positive)


# --- "I retired last month": the user's occupation is retired from then, not an outing ----------------


@pytest.mark.parametrize(
    ("said", "start"),
    [
        ("I retired last month.", "2026-02-01"),
        ("I finally retired in January!", "2026-01-01"),
        ("We sold the house, and I retired two weeks ago.", "2026-02-24"),
    ],
)
def test_retiring_is_the_occupation_retired_from_the_stated_date(said, start):
    slots = by_slot(said)
    assert "occupation" in slots and "retired" in slots["occupation"][0] and slots["occupation"][1] == start
    assert not any(s.startswith("event:") for s in slots)


@pytest.mark.parametrize(
    "said",
    [
        "My dad retired last month.",  # someone else
        "I'll retire in 2030.",  # not yet
        "When I retired the old laptop last week it still worked.",  # retiring a thing
    ],
)
def test_what_is_not_the_user_retiring_is_no_occupation(said):
    assert "occupation" not in by_slot(said)


def test_retiring_replaces_the_occupation_at_the_stated_date():
    run = replay([("I'm a secondary school teacher.", "2025-09-01"), ("I retired in January.", "2026-03-20")])
    assert only(active_texts(run), "retired")
    assert only(valid_at(run, "2025-12-01T12:00:00+00:00"), "teacher")
    assert only(valid_at(run, "2026-02-01T12:00:00+00:00"), "retired")


# --- "no more running for me": an ending said without its verb of ending ------------------------------


@pytest.mark.parametrize(
    ("said", "ended"),
    [
        ("no more running for me, my knees are done", "running"),
        ("No more climbing for me, I broke my wrist twice.", "climbing"),
        ("ok so no more smoking. day 3 and I'm dying", "smoking"),
    ],
)
def test_no_more_doing_something_is_an_ending(said, ended):
    found = facts(said)
    assert any(f.negated and ended in f.text for f in found), [f.text for f in found]
    assert not any(not f.negated and ended in f.text for f in found)


@pytest.mark.parametrize(
    "said",
    [
        "no more questions, thanks!",  # not an activity
        "There's no more milk in the fridge.",
        "I drink no more than two coffees a day.",
    ],
)
def test_no_more_of_what_is_no_activity_ends_nothing(said):
    assert not any(f.negated for f in facts(said))


def test_no_more_running_ends_the_running_habit():
    run = replay([("I run 5k most mornings.", "2026-01-05"), ("no more running for me, knees are shot", "2026-03-20")])
    assert active_texts(run) == []
