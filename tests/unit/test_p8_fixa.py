"""Review fixes of the casual-talk readers (``talk``, ``kin``): each form kept only where it cannot be read
wrong. Positive and negative cases for each class; the lines were written for this file.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from shared.domain.models import ExtractedFact, ExtractionInput, Turn
from shared.providers.offline.extraction_rules import extract_facts

SAID = datetime(2026, 5, 20, 18, 30, tzinfo=UTC)


def said_by(text: str, *, after: str | None = None) -> list[ExtractedFact]:
    context = (Turn("t0", "user", after, SAID, "Ben"),) if after else ()
    turn = Turn("t1", "user", text, SAID, "Ada")
    return extract_facts(ExtractionInput(new_turns=(turn,), context_turns=context))


def texts(facts: list[ExtractedFact]) -> list[str]:
    return [f"{f.text} [{f.slot}]" for f in facts]


# --- one pronoun resolver: kin's ambiguity rules hold for a relative's past news too -----------------------


@pytest.mark.parametrize(
    "message",
    [
        "my son's friend, he moved to Boston last year",
        "my daughter met Lena at uni, she moved to Oslo in March",
        "my brother and my dad came round, he started a new job at Kelso Motors",
        "my sister's roommate, she won the lottery",
    ],
)
def test_a_pronoun_that_could_mean_someone_else_resolves_to_nobody(message):
    facts = said_by(message)
    assert not [
        f
        for f in facts
        if (f.slot or "").startswith("family:")
        and f.text.startswith("Ada's")
        and any(place in f.text for place in ("Boston", "Oslo", "Kelso", "lottery"))
    ], texts(facts)


@pytest.mark.parametrize(
    ("message", "word"),
    [
        ("so proud of my son, he won the regional chess final last week", "son"),
        ("my daughter's birthday was last week, she turned 8.", "daughter"),
    ],
)
def test_a_pronoun_after_the_one_relative_is_that_relative(message, word):
    facts = said_by(message)
    assert any(f"Ada's {word}" in f.text for f in facts), texts(facts)


# --- a diagnosis: only the speaker's own condition, now, undoubted ------------------------------------------


@pytest.mark.parametrize(
    "message",
    [
        "the doctor says it's a boy!",
        "the nurse said it's a long wait",
        "my son's doctor says it's an ear infection",
        "physio says its tendinitis but I think he's wrong",
        "doc says it's probably a sprain",
        "the dentist said it was an abscess, all healed now",
        "took my dad in, doc says its a torn meniscus",
    ],
)
def test_what_a_doctor_says_that_is_no_own_condition_now_is_not_kept(message):
    facts = said_by(message)
    assert not any(f.text.startswith("Ada has") for f in facts), texts(facts)


def test_a_diagnosis_of_someone_asked_about_is_not_the_speakers():
    facts = said_by("doc says its a torn meniscus", after="how's your dad's knee?")
    assert not any("meniscus" in f.text and f.text.startswith("Ada") for f in facts), texts(facts)


@pytest.mark.parametrize(
    ("message", "word"),
    [("gp says it's bronchitis, ugh", "bronchitis"), ("the scan showed I have a slipped disc", "slipped disc")],
)
def test_the_speakers_own_diagnosis_is_kept(message, word):
    facts = said_by(message, after="how are you feeling?")
    assert any(word in f.text and f.text.startswith("Ada") for f in facts), texts(facts)


# --- being somewhere is not working there ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "asked"),
    [
        ("I'm still at Costco, grabbing milk", None),
        ("still at Heathrow, flight delayed", "you home yet?"),
        ("still at Starbucks", "where are you?"),
    ],
)
def test_still_at_a_place_without_work_talk_is_no_employer(message, asked):
    facts = said_by(message, after=asked)
    assert not [f for f in facts if f.slot and f.slot.startswith("employer")], texts(facts)


@pytest.mark.parametrize(
    ("message", "asked"),
    [("yep still at Halden Foods", "how's the job going?"), ("still working at Orrin Labs, long shifts", None)],
)
def test_still_at_with_work_talked_about_is_the_employer(message, asked):
    facts = said_by(message, after=asked)
    assert [f for f in facts if f.slot and f.slot.startswith("employer")], texts(facts)


# --- a couple done, only as the whole clause ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "message", ["Marco and I are done painting the kitchen", "Priya and I are finished with the move, finally"]
)
def test_done_with_a_task_is_no_breakup(message):
    facts = said_by(message)
    assert not any(f.negated for f in facts), texts(facts)


@pytest.mark.parametrize("message", ["Marco and I are done for good", "priya and i are over lol"])
def test_a_couple_done_at_the_end_of_the_clause_is_a_breakup(message):
    facts = said_by(message)
    assert any(f.negated for f in facts), texts(facts)


# --- a name after a comma: only an organisation's, never a person's or a pet's ----------------------------


@pytest.mark.parametrize(
    "message",
    [
        "I moved to a new flat, Anna, in Leeds",
        "I joined a startup, Jess, as a designer",
        "I found a bakery, Sam, near the station",
    ],
)
def test_a_lone_name_after_a_comma_is_not_the_thing(message):
    facts = said_by(message)
    assert not any(n in f.text for f in facts for n in ("Anna", "Jess", "Sam")), texts(facts)


def test_a_pet_named_after_a_comma_is_the_pet():
    facts = said_by("we adopted a dog, Rex, last week")
    assert any(f.slot and f.slot.startswith("pet:rex") for f in facts), texts(facts)


def test_an_organisation_named_after_a_comma_is_the_employer():
    facts = said_by("I joined a small design studio, Fern & Moss, in March")
    assert any("Fern & Moss" in f.text and (f.slot or "").startswith("employer") for f in facts), texts(facts)


# --- a job: only one's own ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "message", ["the job at Tesco is still open, you should apply", "work at the new Lidl is starting soon"]
)
def test_a_job_at_a_place_that_is_nobodys_is_no_employer(message):
    """Only "my job/work at X", or "work at X" with how it goes ("work at the yard has been mad")."""
    facts = said_by(message)
    assert not [f for f in facts if f.slot and f.slot.startswith("employer")], texts(facts)


# --- a job still ahead does not replace the job held now ------------------------------------------------------


@pytest.mark.parametrize(
    "message", ["I'm going to be a teacher at Lincoln High", "i will be working as a nurse at Mercy General"]
)
def test_a_job_to_come_is_an_event_not_the_current_job(message):
    facts = said_by(message)
    assert not [f for f in facts if (f.slot or "").startswith(("occupation", "employer"))], texts(facts)
    assert any((f.slot or "").startswith("event:") for f in facts), texts(facts)


@pytest.mark.parametrize("message", ["work at the shipyard has been mad lately", "my job at Pellworth is so slow"])
def test_ones_own_work_said_with_how_it_goes_is_the_employer(message):
    facts = said_by(message)
    assert [f for f in facts if f.slot and f.slot.startswith("employer")], texts(facts)
