"""Endings said by their activity, and belongings lost, read as retractions with their stated time (#12).

Written before the code, in our own words: each class has phrasings that differ in words, register, person and
clause order, and near-misses that must give nothing of the class.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime

import pytest

from tests.unit.exchange import message_facts

SAID = datetime(2026, 5, 20, 18, 30, tzinfo=UTC)


def _facts(message: str, name: str | None = None):
    return message_facts(message, name=name)


def _negated(message: str, name: str | None = None):
    return [f for f in _facts(message, name) if f.negated]


# --- An activity that ended is named as the activity ("stopped vaping"), as its habit slot names it ----------


@pytest.mark.parametrize(
    ("message", "activity", "start"),
    [
        ("I stopped vaping a couple of months ago", "vaping", date(2026, 3, 20)),
        ("quit smoking in january!! 🎉", "smoking", date(2026, 1, 1)),
        ("i don't bake anymore, no time", "baking", None),
        ("I gave up running last year", "running", date(2025, 1, 1)),
        ("no more climbing for me since march, my shoulder", "climbing", date(2026, 3, 1)),
        ("honestly i dont knit anymore", "knitting", None),
        ("i've given up drinking completely", "drinking", None),
    ],
)
def test_an_ended_activity_names_the_activity(message: str, activity: str, start: date | None) -> None:
    ended = _negated(message)
    assert len(ended) == 1, ended
    assert f"stopped {activity}" in ended[0].text
    assert ended[0].slot and ended[0].slot.startswith("habit:")
    if start is not None:
        assert ended[0].valid_from.date() == start


def test_a_named_speakers_ended_activity_names_them() -> None:
    ended = _negated("gave up climbing after my knee op", "Ilse")
    assert ended and ended[0].text.startswith("Ilse has stopped climbing")


@pytest.mark.parametrize(
    "message",
    [
        "I no longer work at Nokia",  # an employer: "no longer works at" is read by the job frames
        "I don't live in Leeds anymore",
        "I no longer use Notion",
        "I'm not vegan anymore",
        "I don't play tennis anymore",  # an activity named by its object keeps the words it was said in
        "I no longer coach the under-12s",
    ],
)
def test_endings_that_are_no_activity_keep_their_form(message: str) -> None:
    ended = _negated(message)
    assert ended and all("stopped" not in f.text for f in ended)


@pytest.mark.parametrize(
    "message",
    ["did you stop running?", "I might stop running", "I stopped at the shop", "Tom stopped smoking last year"],
)
def test_no_ending_of_the_users_activity(message: str) -> None:
    assert not _negated(message)


# --- A belonging lost: stolen, written off, scrapped ---------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "thing", "start"),
    [
        ("my bike got stolen last week", "bike", date(2026, 5, 11)),
        ("someone stole my laptop at the station yesterday", "laptop", date(2026, 5, 19)),
        ("my car was written off in the crash", "car", None),
        ("I scrapped my old Fiat in march", "Fiat", date(2026, 3, 1)),
        ("our van got totalled last month", "van", date(2026, 4, 1)),
        ("had my phone nicked on the bus 😡", "phone", None),
        ("ugh my e-bike has been stolen", "e-bike", None),
    ],
)
def test_a_lost_belonging_ends_it(message: str, thing: str, start: date | None) -> None:
    ended = _negated(message)
    assert len(ended) == 1, ended
    assert thing in ended[0].text
    assert ended[0].slot and ended[0].slot.startswith("*:")
    if start is not None:
        assert ended[0].valid_from.date() == start


def test_a_named_speakers_lost_belonging_names_them() -> None:
    ended = _negated("my ebike got nicked outside the gym", "Greta")
    assert ended and ended[0].text.startswith("Greta") and "ebike" in ended[0].text


@pytest.mark.parametrize(
    "message",
    [
        "my neighbour's bike got stolen",  # someone else's
        "my idea got stolen by a coworker",  # no belonging
        "if my bike got stolen i'd cry",  # a hypothetical
        "my bike almost got stolen",  # it did not happen
        "they scrapped the project",  # no belonging of the user's
        "was your car written off?",  # a question
        "my lunch got stolen from the fridge again",  # nothing kept
    ],
)
def test_no_lost_belonging(message: str) -> None:
    assert not _negated(message)


# --- A change of everything of a kind to a new tool ("moved all my passwords to Bitwarden"), dated as said ----


@pytest.mark.parametrize(
    ("message", "tool", "start"),
    [
        ("moved all my passwords to Bitwarden", "Bitwarden", None),
        ("we moved the whole pipeline to Dagster this month", "Dagster", date(2026, 5, 1)),
        ("migrated all of our repos to Codeberg in april", "Codeberg", date(2026, 4, 1)),
        ("I moved all my photos over to Immich two weeks ago", "Immich", date(2026, 5, 6)),
        ("switched our entire backend to Postgres last year", "Postgres", date(2025, 1, 1)),
    ],
)
def test_everything_of_a_kind_moved_to_a_tool(message: str, tool: str, start: date | None) -> None:
    facts = [f for f in _facts(message) if not f.negated]
    assert len(facts) == 1, facts
    assert tool in facts[0].text and facts[0].slot.startswith("tool:")
    assert not facts[0].slot.startswith("event:")
    if start is not None:
        assert facts[0].valid_from.date() == start


@pytest.mark.parametrize(
    "message",
    [
        "moved all my stuff to my mum's place",
        "we moved the whole family to Spain",
        "should we move all our repos to Codeberg?",
        "I might move all my photos to Immich",
    ],
)
def test_no_tool_moved_to(message: str) -> None:
    assert not [f for f in _facts(message) if (f.slot or "").startswith("tool:")]


# --- An ending ahead, with its date: a retraction from that day, not an event -------------------------------


@pytest.mark.parametrize(
    ("message", "thing", "day"),
    [
        ("I'm leaving Hexa Robotics at the end of june", "Hexa Robotics", date(2026, 6, 1)),
        ("we're selling the van next month", "van", date(2026, 6, 1)),
        ("im moving out of my flat on the 30th", "flat", date(2026, 5, 30)),
        ("I'm quitting my job at the bakery in july", "bakery", date(2026, 7, 1)),
        ("Officially cancelling my gym membership on the 1st of june", "gym membership", date(2026, 6, 1)),
    ],
)
def test_an_ending_ahead_is_a_retraction_from_its_day(message: str, thing: str, day: date) -> None:
    ended = _negated(message)
    assert len(ended) == 1, _facts(message)
    assert thing in ended[0].text
    assert ended[0].valid_from.date() >= day
    assert not [f for f in _facts(message) if not f.negated]


@pytest.mark.parametrize(
    "message",
    [
        "I'm leaving Leeds next week",  # a town left may be a trip: not an employer
        "I'm leaving work early on friday",  # the working day, not the job
        "I might be selling the van next month",  # not decided
        "are you leaving Hexa in june?",  # a question
        "I'm leaving Hexa",  # no day said: a plan, which the event and job readers keep as they do
    ],
)
def test_no_ending_ahead(message: str) -> None:
    assert not [f for f in _negated(message) if f.valid_from.date() > SAID.date()]


# --- A holiday said with its year: the year's holiday, not this year's --------------------------------------


@pytest.mark.parametrize(
    ("message", "start"),
    [
        ("I've had my hamster Pip since Easter 2023", date(2023, 4, 9)),
        ("I've been vegetarian since christmas 2021", date(2021, 12, 25)),
        ("been vegan since new year 2025!", date(2025, 1, 1)),
        ("we got our dog Bo at easter last year", date(2025, 4, 20)),
        ("I quit smoking on new year's day 2024", date(2024, 1, 1)),
        ("I've lived in Porto since Christmas of 2019", date(2019, 12, 25)),
    ],
)
def test_a_holiday_with_its_year(message: str, start: date) -> None:
    facts = _facts(message)
    assert len(facts) == 1, facts
    assert facts[0].valid_from.date() == start
    assert not any(ch.isdigit() for ch in facts[0].text.split("(")[0]), facts[0].text  # the year is no value


def test_a_holiday_without_a_year_is_the_last_one() -> None:
    facts = _facts("I've had my hamster Pip since easter")
    assert facts and facts[0].valid_from.date() == date(2026, 4, 5)


# --- More stated times: the edge of a season, a length with a half, a day near a holiday ---------------------


@pytest.mark.parametrize(
    ("message", "start"),
    [
        ("we adopted a cat called Mochi late last summer", date(2025, 8, 1)),
        ("I moved to Leeds at the end of last summer", date(2025, 8, 1)),
        ("started bouldering in early spring this year", date(2026, 3, 1)),
        ("I've lived in Leeds for about two and a half years", date(2023, 11, 1)),
        ("been vegetarian for a year and a half now", date(2024, 11, 1)),
        ("I moved to Leeds the week before christmas", date(2025, 12, 15)),
        ("we got our dog the weekend after easter", date(2026, 4, 11)),
        ("I switched to Linux around new year", date(2026, 1, 1)),
        ("quit my job at Tesco the day after christmas", date(2025, 12, 26)),
    ],
)
def test_more_stated_times(message: str, start: date) -> None:
    facts = [f for f in _facts(message) if f.slot and not f.slot.startswith("own:")]
    assert facts, _facts(message)
    assert all(f.valid_from.date() == start for f in facts), facts
    for said in (
        "late",
        "end of",
        "early",
        "and a half",
        "before christmas",
        "after easter",
        "around",
        "after christmas",
    ):
        assert not [f for f in facts if re.search(rf"\b{said}\b", f.text)], facts


def test_a_length_with_a_half_is_no_belonging() -> None:
    assert not [f for f in _facts("I've lived in Leeds for about two and a half years") if "half" in f.text]


@pytest.mark.parametrize(
    "message",
    ["I'll be in Leeds for two and a half weeks", "we spent two and a half years in Leeds"],
)
def test_a_length_that_is_no_start(message: str) -> None:
    assert not [f for f in _facts(message) if f.valid_from.date() < date(2026, 5, 1) and f.slot == "location"]
