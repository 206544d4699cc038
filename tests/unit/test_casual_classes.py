"""Casual chat between friends (and plain statements): classes of statements the general layer reads by
their form. The sentences were written for these tests; none comes from an evaluation set.

- a role said without an article ("I'm chief sommelier now"), and a workplace named by its kind;
- a life event of the speaker or of a relative ("my cousin got engaged", "passed my theory exam");
- joining a group, and work had at a place ("a weekend gig at the garden centre");
- a bare count answering the thing the other speaker named ("get a parrot!" / "I have two").
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from shared.domain.models import ExtractionInput, Turn
from shared.providers.offline.extraction_rules import extract_facts

DAY = datetime(2026, 4, 14, 18, 0, tzinfo=UTC)


def said(*lines: tuple[str | None, str]) -> list[tuple[str, str | None]]:
    """The facts of the last (speaker, text) line, the lines before it as context."""
    turns = [Turn(f"e{i}", "user", text, DAY, name) for i, (name, text) in enumerate(lines)]
    request = ExtractionInput(new_turns=(turns[-1],), context_turns=tuple(turns[:-1]))
    return [(("NOT " if f.negated else "") + f.text, f.slot) for f in extract_facts(request)]


def texts(text: str) -> list[str]:
    return [t for t, _ in said((None, text))]


# --- a role without its article ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("lol yes, I'm chief sommelier now", "chief sommelier"),
        ("i'm senior planner these days", "senior planner"),
        ("I'm head gardener on the estate", "head gardener"),
        ("I am staff nurse", "staff nurse"),
    ],
)
def test_a_role_said_without_an_article_is_the_occupation(text, role):
    facts = said((None, text))
    assert (f"The user is {role}", "occupation") in facts


def test_a_role_with_a_named_employer_gives_both():
    facts = said((None, "I'm lead animator at Pinwheel Films now"))
    assert ("The user is lead animator", "occupation") in facts
    assert ("The user works at Pinwheel Films", "employer") in facts


@pytest.mark.parametrize("text", ["I'm head over heels", "i'm lead on this one", "I'm senior enough to know"])
def test_no_role_without_a_trade(text):
    assert not [t for t, slot in said((None, text)) if slot == "occupation"]


def test_a_workplace_named_by_its_kind_is_the_employer():
    facts = said((None, "I'm a copywriter at a tiny design agency"))
    assert ("The user is a copywriter", "occupation") in facts
    assert ("The user works at a tiny design agency", "employer") in facts


def test_a_place_that_is_no_workplace_is_no_employer():
    facts = said((None, "I'm a teacher at the moment, looking for a fun maths game"))
    assert not [t for t, slot in facts if slot == "employer"]


# --- life events of one's own people and of the speaker -----------------------------------------


@pytest.mark.parametrize(
    ("text", "fact", "slot"),
    [
        ("omg my cousin got engaged!!", "The user's cousin got engaged", "family:cousin:engaged"),
        ("my grandma graduated at 70!", "The user's grandma graduated", "family:grandmother:grandma"),
        ("my niece started kindergarten", "The user's niece started kindergarten", "family:niece:kindergarten"),
        ("my brother just had a baby girl", "The user's brother had a baby girl", None),
    ],
)
def test_a_relatives_life_event_is_news_about_them(text, fact, slot):
    facts = said((None, text))
    assert any(t.startswith(fact) and (slot is None or s == slot) for t, s in facts), facts


def test_a_relatives_age_reached_is_news_not_a_bare_count():
    assert any(t.startswith("The user's son turned 9") for t in texts("my son turned 9 last week"))


@pytest.mark.parametrize("text", ["my sister called me", "my uncle had a sandwich", "my dad passed the salt"])
def test_other_news_of_a_relative_says_nothing_lasting(text):
    assert not [t for t in texts(text) if "had" in t or "called" in t or "passed" in t]


@pytest.mark.parametrize("text", ["finally passed my theory exam", "i passed my driving test!!"])
def test_the_speaker_passing_an_exam_is_no_ending(text):
    facts = said((None, text))
    assert facts and all(not t.startswith("NOT") for t, _ in facts)
    assert any(t.startswith("The user passed their") for t, _ in facts)


def test_joining_a_group_is_remembered():
    facts = said(("Ines", "you still painting?"), ("Rui", "less. joined a five-a-side football team though"))
    assert any("football team" in t and t.startswith("Rui ") for t, _ in facts), facts


def test_work_had_at_a_place_is_the_employer():
    facts = said((None, "got a weekend gig at the garden centre"))
    assert ("The user works at the garden centre", "employer") in facts


def test_the_speakers_own_switch_is_left_to_the_change_frames():
    assert not [t for t, slot in said((None, "i switched to rowing instead")) if (slot or "").startswith("past:")]


# --- a bare count answers what the other speaker named -----------------------------------------


def test_a_bare_count_names_the_thing_the_other_speaker_suggested():
    facts = said(("Noa", "you should get a parrot, they talk back"), ("Sem", "ha, I have two"))
    assert ("Sem has two parrots", "pet:parrot") in facts or any(t == "Sem has two parrots" for t, _ in facts)


def test_a_bare_count_names_a_kind_said_in_the_plural():
    facts = said(("Noa", "nope, I'm scared of ferrets"), ("Sem", "more for me then, we've got three"))
    assert any(t == "Sem has three ferrets" for t, _ in facts), facts


def test_a_bare_count_with_nothing_named_says_nothing():
    assert said(("Noa", "how was your week?"), ("Sem", "I have three")) == []
    assert said(("Noa", "take a break maybe"), ("Sem", "I have two")) == []


# --- an ending said of "it" ends the thing the other speaker asked about ------------------------


def test_an_ending_of_it_retracts_the_thing_asked_about():
    facts = said(("Ana", "did you ever sell the caravan"), ("Joe", "yeah sold it in the spring"))
    assert any(t.startswith("NOT Joe sold the caravan") for t, _ in facts), facts
    facts = said(("Ana", "you still playing in the brass band?"), ("Joe", "nah, quit it last year"))
    assert any(t.startswith("NOT Joe quit the brass band") for t, _ in facts), facts


def test_it_with_no_ending_says_nothing_of_the_thing_asked_about():
    assert said(("Ana", "how was the concert?"), ("Joe", "loved it")) == []
    assert not [t for t, _ in said(("Ana", "is your kettle ok?"), ("Joe", "yeah I fixed it")) if "kettle" in t]


# --- a discourse lead-in before the statement -------------------------------------------------


@pytest.mark.parametrize("lead", ["meanwhile", "in other news,", "other than that,"])
def test_a_discourse_lead_in_hides_no_statement(lead):
    assert any("learns Latvian" in t for t in texts(f"{lead} i've been learning Latvian"))


# --- what one does at work, said as a participle after the clause -------------------------------


def test_a_work_participle_after_a_clause_is_a_second_statement():
    facts = texts("started at Brightwell Labs last week, doing data engineering")
    assert any("Brightwell Labs" in t for t in facts)
    assert "The user does data engineering" in facts


def test_a_passing_participle_is_no_statement():
    assert texts("I left early, feeling sick") == []


# --- one's own children named in passing -------------------------------------------------------


def test_children_named_in_passing_are_the_speakers():
    assert "The user has twins named Tove and Lars" in texts("the twins, Tove and Lars, start school in August")
    assert "The user has kids named Ivo and Mei" in texts("my kids, Ivo and Mei, are obsessed with trains")


@pytest.mark.parametrize(
    "text", ["dropping the twins at nursery", "I teach the twins, Tove and Lars", "the kids were loud"]
)
def test_children_not_named_as_ones_own_say_nothing_of_family(text):
    assert not [t for t, slot in said((None, text)) if (slot or "").startswith("family:")]


def test_a_degree_with_its_mode_and_a_time_tail_is_education():
    facts = said((None, "i'm doing a part time masters now lol, started in 2025"))
    # the start said apart dates it (test_p9_fresh: a bare start dates the other clause)
    assert ("The user is doing a part-time master's (since 2025)", "education") in facts
