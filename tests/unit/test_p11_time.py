"""Stated time is valid time, for the facts the answer and fragment readers make (issue #12).

- an answer's fragment made into a statement ("where do you work?" / "at Ikea, since March") keeps the time the
  reply states for it in a piece that says only when it began ("since March", "started last month", "starting
  June 1st", "been there since feb"); a time said of something else ("see you in March?", "my sister started in
  March", "moving in March", "till March") dates nothing.

Every line was written for this file; none comes from an evaluation set.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from shared.domain.models import ExtractedFact, ExtractionInput, Turn
from shared.providers.offline import fragments
from shared.providers.offline.extraction_rules import extract_facts

SAID = datetime(2026, 5, 20, 18, 30, tzinfo=UTC)  # a Wednesday


def replied(question: str, reply: str, asker: str | None = None, name: str | None = None) -> list[ExtractedFact]:
    before = (Turn("t0", "user" if asker else "assistant", question, SAID, asker),)
    return extract_facts(ExtractionInput(new_turns=(Turn("t1", "user", reply, SAID, name),), context_turns=before))


def starts(facts: list[ExtractedFact]) -> dict[str, date]:
    return {(f.slot or "").split("~")[0]: f.valid_from.date() for f in facts if not f.negated}


# --- an answer's stated start -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "reply", "asker", "name", "slot", "start"),
    [
        ("where do you work?", "at Lindqvist Bakery, since March", None, None, "employer", date(2026, 3, 1)),
        ("where r u living these days", "Tromsø, since january", "Ana", "Bo", "location", date(2026, 1, 1)),
        (
            "what do you do for a living?",
            "physio at Harbour Clinic. started last month",
            None,
            None,
            "employer",
            date(2026, 4, 1),
        ),
        (
            "so where are u off to",
            "Quillon Labs, data analyst, starting june 1st",
            "Ana",
            "Bo",
            "employer",
            date(2026, 6, 1),
        ),
        (
            "who do you work for?",
            "Brightmoor Dental - been there since feb 😊",
            None,
            None,
            "employer",
            date(2026, 2, 1),
        ),
        ("where do u live now", "Harrowgate!! since 2023", "Kit", "Mo", "location", date(2023, 1, 1)),
    ],
)
def test_an_answer_keeps_the_start_its_reply_states(question, reply, asker, name, slot, start):
    assert starts(replied(question, reply, asker, name)).get(slot) == start


@pytest.mark.parametrize(
    ("question", "reply", "slot"),
    [
        ("where do you work?", "at Lindqvist Bakery, see you there in March?", "employer"),
        ("where do you work?", "at Lindqvist Bakery, my sister started in March", "employer"),
        ("where do you live?", "Tromsø, but moving in March", "location"),
        ("where do you work?", "at Lindqvist Bakery, till March", "employer"),
        ("where do you work?", "at Lindqvist Bakery, holiday in March tho", "employer"),
    ],
)
def test_a_time_said_of_something_else_dates_nothing(question, reply, slot):
    found = starts(replied(question, reply))
    assert found.get(slot, SAID.date()) == SAID.date()


# --- a yes to "still ...?" confirms a lasting state only ------------------------------------------------------------


def asked_still(question: str, reply: str) -> list[str]:
    return [f.text for f in replied(question, reply, "Ana", "Bo")]


@pytest.mark.parametrize(
    ("question", "reply", "said"),
    [
        ("u still at Kellner?", "yep", "Bo works at Kellner"),
        ("still running every day?", "yep", "Bo still runs every day"),
        ("still living in Leeds?", "yeah", "Bo lives in Leeds"),
        ("still teaching?", "yes", "Bo still teaches"),
        ("do you still play the cello?", "yes!", "Bo still plays the cello"),
    ],
)
def test_a_yes_to_a_lasting_state_confirms_it(question, reply, said):
    assert said in asked_still(question, reply)


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("still on the waitlist?", "yep"),
        ("still at your mum's?", "yeah"),
        ("still training for the marathon?", "yep"),  # a project with an end
        ("still renovating the kitchen?", "yes"),
        ("still recovering?", "yeah"),
        ("still hungover?", "yes lol"),  # a passing state said by its adjective
        ("still stuck in traffic?", "yep"),
        ("still need a lift?", "yes pls"),  # a want
        ("still using Notion or did you switch?", "yeah"),  # which half the yes is for is not said
    ],
)
def test_a_yes_to_a_passing_state_a_plan_or_a_remark_says_nothing(question, reply):
    assert asked_still(question, reply) == []


@pytest.mark.parametrize(
    ("question", "reply"),
    [("still in hospital?", "yes"), ("still at Kellner next month?", "yes"), ("still on leave?", "yep")],
)
def test_the_still_reader_leaves_a_stay_and_a_plan_alone(question, reply):
    assert fragments._still_confirmed(question, reply) == []


# --- a job that starts later ----------------------------------------------------------------------------------------


def said(text: str, name: str | None = None) -> list[ExtractedFact]:
    return extract_facts(ExtractionInput(new_turns=(Turn("t1", "user", text, SAID, name),)))


@pytest.mark.parametrize(
    ("text", "slot", "start", "words"),
    [
        ("I took a new job that starts in October", "event:new-job", date(2026, 10, 1), "starts a new job"),
        ("the new role begins in January", "event:new-job", date(2027, 1, 1), "starts a new job"),
        ("got a new job which starts next month!!", "event:new-job", date(2026, 6, 1), "starts a new job"),
        ("I took a job at Arup that starts in October", "employer", date(2026, 10, 1), "Arup"),
        ("my new position at Hollis & Co begins on the 1st of june", "employer", date(2026, 6, 1), "Hollis & Co"),
        ("Landed a job as a sous chef at Marrow that starts in july", "occupation", date(2026, 7, 1), "sous chef"),
    ],
)
def test_a_job_that_starts_later_is_dated_when_it_starts(text, slot, start, words):
    found = {f.slot: f for f in said(text)}
    assert slot in found, [f.text for f in found.values()]
    assert found[slot].valid_from.date() == start
    assert words in found[slot].text and " the starts" not in found[slot].text


@pytest.mark.parametrize(
    "text",
    [
        "my friend's new job starts in October",
        "if I take the job, it starts in October",
        "does the new job start in October?",
        "my wife's new role begins in January",
    ],
)
def test_someone_elses_or_a_possible_job_start_is_not_the_users(text):
    found = said(text)
    assert [f.text for f in found if (f.slot or "").split("~")[0] in ("employer", "occupation", "event:new-job")] == []
    assert not any(f.text.startswith("The user starts") for f in found)


def test_a_job_that_started_is_not_dated_ahead():
    assert all(f.valid_from <= SAID for f in said("the new job started in January"))


# --- coming off a medicine is an ending, dated when it was said to end ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "thing", "ended"),
    [
        ("came off the sertraline in march with my gp, tapered slowly", "sertraline", date(2026, 3, 1)),
        ("got off the antidepressants last month 🙌", "antidepressants", date(2026, 4, 1)),
        ("I weaned myself off citalopram in january", "citalopram", date(2026, 1, 1)),
        ("finally tapered off the steroids two weeks ago", "steroids", date(2026, 5, 6)),
        ("Priya came off the pill in February", "pill", date(2026, 2, 1)),
    ],
)
def test_coming_off_a_medicine_ends_it_when_said(text, thing, ended):
    name = "Priya" if text.startswith("Priya") else None
    found = [f for f in said(text.removeprefix("Priya "), name) if f.negated and thing in f.text.lower()]
    assert found, [f.text for f in said(text)]
    assert found[0].valid_from.date() == ended


@pytest.mark.parametrize(
    "text",
    [
        "I came off my bike last week",
        "came off the motorway at junction 4",
        "got off the bus in town",
        "came off the stage",
    ],
)
def test_coming_off_a_thing_that_is_no_medicine_ends_nothing(text):
    assert [f.text for f in said(text) if f.negated] == []


# --- a count of days without a habit dates its ending ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "slot", "ended"),
    [
        ("day 40 without a cigarette 🎉", "habit:smoking", date(2026, 4, 10)),
        ("3 weeks without a drink!", None, date(2026, 4, 29)),
        ("two months smoke-free today", "habit:smoking", date(2026, 3, 20)),
        ("6 months w/o social media 😌", None, date(2025, 11, 20)),
    ],
)
def test_days_without_a_habit_date_its_ending(text, slot, ended):
    found = [f for f in said(text) if f.negated and (slot is None or f.slot == slot)]
    assert found, [f.text for f in said(text)]
    assert found[0].valid_from.date() == ended


@pytest.mark.parametrize("text", ["my dad is 3 weeks without a cigarette", "could I go a week without coffee?"])
def test_someone_elses_or_a_wished_count_ends_nothing_of_the_users(text):
    assert [f.text for f in said(text) if f.negated and f.text.startswith("The user")] == []


# --- a habit said to be rarer now keeps its slot ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "reply", "slot", "word"),
    [
        ("u still running every day?", "rarely now", "habit:running", "rarely"),
        ("still swimming every morning?", "only on weekends now", "habit:swimming", "weekends"),
    ],
)
def test_a_rarer_habit_is_said_on_the_habits_slot(question, reply, slot, word):
    found = {(f.slot or "").split("~")[0]: f.text for f in replied(question, reply, "Ana", "Bo")}
    assert word in found.get(slot, ""), found


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("I rarely run now", "habit:running"),
        ("I hardly ever play chess these days", "habit:playing-chess"),
        ("i seldom swim now", "habit:swimming"),
    ],
)
def test_rarely_is_how_often_not_what(text, slot):
    assert slot in [f.slot for f in said(text)]


def test_rarely_alone_says_no_habit():
    assert [f.slot for f in replied("u still running every day?", "rarely lol why", "Ana", "Bo")] == []


# --- an ending said with a dated change ends when the change began ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "ended", "started"),
    [
        ("I started at Monzo in april and I no longer work at Barclays", "Barclays", date(2026, 4, 1)),
        ("je suis passé à Bitwarden lundi dernier, plus de LastPass", "LastPass", date(2026, 5, 18)),
        ("ich bin letzten Monat zu Signal gewechselt, kein WhatsApp mehr", "WhatsApp", date(2026, 4, 1)),
    ],
)
def test_an_ending_beside_a_dated_change_ends_when_it_began(text, ended, started):
    found = [f for f in said(text) if f.negated and ended.lower() in f.text.lower()]
    assert found, [f.text for f in said(text)]
    assert found[0].valid_from.date() == started


def test_an_old_home_denied_after_a_dated_move_ends_when_the_move_began():
    # The move itself may carry the ending (the home slot takes one value), or an ending of its own says it; either
    # way nothing about York holds after March.
    facts = said("moved to Leeds in march, so I'm not in York anymore")
    assert [f.valid_from.date() for f in facts if "Leeds" in f.text and not f.negated] == [date(2026, 3, 1)]
    assert all(f.negated and f.valid_from.date() == date(2026, 3, 1) for f in facts if "York" in f.text)


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("I moved to Leeds in march. I don't drink coffee anymore", "coffee"),
        ("I've lived in Leeds since 2019 and I'm not vegan anymore", "vegan"),
        ("we moved to Linear last week but I'm not using Notion anymore", "Notion"),
    ],
)
def test_an_ending_of_another_kind_keeps_its_own_time(text, ended):
    found = [f for f in said(text) if f.negated and ended.lower() in f.text.lower()]
    assert all(f.valid_from == SAID for f in found)


# --- a yes to "still ...?" about a stay confirms nothing lasting -----------------------------------------------------


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("still in Paris? how's the trip", "yes, till sunday"),
        ("still in Lisbon?", "yep, flying back friday"),
        ("are you still in Rome?", "yes, back home on monday"),
        ("u still at the Marriott?", "yeah for another 2 nights"),
        ("still in Oslo for the conference?", "yep!"),
    ],
)
def test_a_yes_to_a_stay_is_no_home(question, reply):
    assert [f.text for f in replied(question, reply, "Ana", "Bo") if f.slot and f.slot.startswith("location")] == []
    assert [f.text for f in replied(question, reply) if f.slot and f.slot.startswith("location")] == []


@pytest.mark.parametrize(
    ("question", "reply", "slot"),
    [("still in Lisbon?", "yep, love it here", "location"), ("still at Kellner?", "yes, 5 years now", "employer")],
)
def test_a_yes_without_a_stay_still_confirms(question, reply, slot):
    assert slot in [(f.slot or "").split("~")[0] for f in replied(question, reply, "Ana", "Bo")]


# --- a yes with how long it has held dates what it confirms ---------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "reply", "slot", "start"),
    [
        ("Sara you still vegan?", "yep, 6 years now", "diet", date(2020, 5, 1)),
        ("still at Kellner?", "yes, for about 5 years now", "employer", date(2021, 5, 1)),
        ("still living in Tromsø?", "yeah 3 years now!", "location", date(2023, 5, 1)),
    ],
)
def test_a_yes_with_how_long_dates_the_fact(question, reply, slot, start):
    assert starts(replied(question, reply, "Ana", "Bo")).get(slot) == start


def test_how_long_of_someone_else_dates_nothing_of_the_users():
    found = replied("how old is your daughter now?", "6 years now", "Ana", "Bo")
    assert all(f.valid_from.date() == SAID.date() for f in found)
