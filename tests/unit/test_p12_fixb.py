"""Dates and tense (issue #12, fix round): a past verb points a bare weekday or month back, an end of a period is
its last day, and a sport switched to is the habit whatever the tense or the time said with it.

- a past clause rewritten into a present state ("I moved in with X" -> "I live with X") keeps pointing back;
  a verb whose past is its present ("we put the dog to sleep on monday") said by I/we is read as past, and so
  is a bare "passed" ("my grandma passed on saturday");
- "at the end of the month", "end of next month", "by the end of the year": the period's last day;
- "I've switched to cycling", "we swapped over to climbing", "switched to bouldering in april": the habit,
  dated from the time said.

Each class has positive cases and near-misses. Every line was written for this file; none comes from an
evaluation set. Message time is Wednesday 2026-05-20.
"""

from __future__ import annotations

from datetime import date

import pytest

from shared.domain.models import ExtractedFact
from tests.unit.exchange import message_facts as said


def _days(facts: list[ExtractedFact]) -> set[date]:
    return {f.valid_from.date() for f in facts if f.valid_from is not None}


def _on(facts: list[ExtractedFact], prefix: str) -> list[ExtractedFact]:
    return [f for f in facts if (f.slot or "").startswith(prefix) and not f.negated]


# --- a past verb points a bare weekday or month back ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("I moved in with my girlfriend in Dunmore in february", date(2026, 2, 1)),
        ("I finally moved in with my partner in Kelby in april", date(2026, 4, 1)),
        ("i moved in with my boyfriend in Tarrow on monday", date(2026, 5, 18)),
        ("we put the old cat to sleep on saturday", date(2026, 5, 16)),
        ("we put our budgie to sleep on tuesday", date(2026, 5, 19)),
        ("we put our hamster down on sunday :(", date(2026, 5, 17)),
        ("my grandma passed on saturday", date(2026, 5, 16)),
        ("my grandad passed on thursday, it was peaceful", date(2026, 5, 14)),
    ],
)
def test_a_past_verb_points_back(text: str, day: date) -> None:
    facts = said(text)
    assert facts, text
    assert _days(facts) == {day}, [f.text for f in facts]


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("I'm moving in with my boyfriend in Tarrow in march", date(2027, 3, 1)),
        ("we have to put the dog down on friday", date(2026, 5, 22)),
        ("dentist on monday", date(2026, 5, 25)),
        ("I'm moving in march", date(2027, 3, 1)),
        ("I'll put in my notice on friday", date(2026, 5, 22)),
        ("we're putting the dog down on friday", date(2026, 5, 22)),
    ],
)
def test_a_coming_verb_keeps_the_coming_one(text: str, day: date) -> None:
    assert _days(said(text)) <= {day}


# --- the end of a period is its last day -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("I'm leaving my job at the end of the month", date(2026, 5, 31)),
        ("at the end of next month I'm moving to Porto", date(2026, 6, 30)),
        ("i finished at the bakery at the end of last month", date(2026, 4, 30)),
        ("we're moving to Leeds at the end of the year", date(2026, 12, 31)),
        ("I left Hexa at the end of march", date(2026, 3, 31)),
    ],
)
def test_the_end_of_a_period_is_its_last_day(text: str, day: date) -> None:
    facts = said(text)
    assert facts, text
    assert _days(facts) == {day}, [f.text for f in facts]


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("at the start of next month I'm moving to Porto", date(2026, 6, 1)),
        ("I'm moving to Leeds in the middle of next month", date(2026, 6, 15)),
    ],
)
def test_other_parts_of_a_period_are_unchanged(text: str, day: date) -> None:
    assert _days(said(text)) <= {day}


# --- a sport switched to is the habit ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("I've switched to cycling", "habit:cycling"),
        ("we swapped over to climbing", "habit:climbing"),
        ("i have changed to running lol", "habit:running"),
        ("I swapped to swimming", "habit:swimming"),
    ],
)
def test_a_sport_switched_to_is_the_habit(text: str, slot: str) -> None:
    assert [f.slot for f in _on(said(text), "habit:")] == [slot]


@pytest.mark.parametrize(
    ("text", "slot", "day"),
    [
        ("I switched to bouldering in april", "habit:bouldering", date(2026, 4, 1)),
        ("i swapped to cycling two weeks ago", "habit:cycling", date(2026, 5, 6)),
        ("we've switched to running since march", "habit:running", date(2026, 3, 1)),
    ],
)
def test_a_dated_sport_switch_is_the_habit_from_then(text: str, slot: str, day: date) -> None:
    habits = _on(said(text), "habit:")
    assert [f.slot for f in habits] == [slot], [f.text for f in said(text)]
    assert _days(habits) == {day}


@pytest.mark.parametrize(
    "text",
    [
        "I might switch to swimming",
        "should I switch to running?",
        "my sister switched to cycling",
        "if I switched to climbing would my knee cope",
    ],
)
def test_a_sport_switch_not_made_is_no_habit(text: str) -> None:
    assert not _on(said(text), "habit:")
