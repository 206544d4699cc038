"""Three wrong readings made right as classes: a person's move to a place is a home (not a tool), a company
after a role is no home town, and a child "starting at" a place is school (not a job)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from shared.domain.models import ExtractionInput, Turn
from shared.providers.offline.extraction_rules import extract_facts

_SAID = datetime(2026, 5, 20, 18, 30, tzinfo=UTC)


def _facts(message: str) -> list[tuple[str, str]]:
    facts = extract_facts(ExtractionInput(new_turns=(Turn("m1", "user", message, _SAID),), context_turns=()))
    return [(f.text, f.slot) for f in facts]


def _slots(message: str) -> list[str]:
    return [slot for _, slot in _facts(message)]


# --- 1. a person moving to a place is a home -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "place"),
    [
        ("I moved over to Galway in 2020", "Galway"),
        ("we moved over to Tartu last spring", "Tartu"),
        ("i moved to phoenix in june", "phoenix"),
        ("We moved to Phoenix two years ago", "Phoenix"),
        ("finally moved over to Brno with my partner", "Brno"),
    ],
)
def test_a_person_moving_to_a_place_lives_there(message: str, place: str) -> None:
    facts = _facts(message)
    assert any(slot == "location" and place in text for text, slot in facts), facts
    assert not any(slot.startswith("tool") for _, slot in facts), facts


@pytest.mark.parametrize(
    ("message", "slot_start"),
    [
        ("we moved to Kubernetes last year", "tool"),
        ("moved our CI to Buildkite", "tool"),
        ("we moved the backend to Go", "tool"),
        ("we moved everything over to Asana", "tool"),
        ("we moved our phoenix app over to the new cluster, then moved the repo to phoenix", "tool"),
        ("we moved the stack over to phoenix", "tool"),
        ("I moved over to Quillnote for my notes", "tool"),
        ("we moved over to Linear last month", "tool"),
    ],
)
def test_a_move_of_software_stays_a_tool(message: str, slot_start: str) -> None:
    slots = _slots(message)
    assert "location" not in slots, slots


def test_a_move_of_software_to_a_known_tool_is_still_read() -> None:
    assert any(s.startswith("tool") for s in _slots("we moved to Kubernetes last year"))
    assert any(s.startswith("tool") for s in _slots("moved our CI to Buildkite"))


@pytest.mark.parametrize(
    "message",
    ["should I move over to Galway?", "if we moved to Phoenix we'd be broke", "my boss moved to phoenix"],
)
def test_a_move_not_the_users_says_no_home(message: str) -> None:
    assert not any(slot == "location" or slot.startswith("tool") for slot in _slots(message))


# --- 2. a company after a role is no home town ---------------------------------------------------------------


@pytest.mark.parametrize(
    "message",
    [
        "Soy ingeniero de software en Globant",
        "soy desarrolladora en Mercadona",
        "Sono ingegnere in Accenture",
        "Je suis développeur chez Dassault",
        "sou enfermeira em Lusitania",
    ],
)
def test_a_company_after_a_role_is_no_home(message: str) -> None:
    facts = _facts(message)
    assert "location" not in [slot for _, slot in facts], facts
    assert "occupation" in [slot for _, slot in facts], facts


@pytest.mark.parametrize(
    ("message", "said"),
    [
        ("Soy ingeniero de software en Globant", "El usuario trabaja en Globant"),
        ("faccio l'infermiera a Valdoria da tre anni", "lavora a Valdoria"),
        ("trabajo como médico en Almadrones", "trabaja en Almadrones"),
    ],
)
def test_an_unknown_name_after_a_role_is_where_one_works(message: str, said: str) -> None:
    facts = _facts(message)
    assert any(slot == "employer" and said in text for text, slot in facts), facts


@pytest.mark.parametrize(
    ("message", "place"),
    [
        ("Soy médico en Madrid", "Madrid"),
        ("sono infermiera a Milano", "Milano"),
        ("Sou professor em Lisboa", "Lisboa"),
    ],
)
def test_a_known_town_after_a_role_is_still_the_home(message: str, place: str) -> None:
    facts = _facts(message)
    assert any(slot == "location" and place in text for text, slot in facts), facts


# --- 3. a child starting at a place is school ----------------------------------------------------------------


@pytest.mark.parametrize(
    "message",
    [
        "my daughter started at Oxford in october",
        "our son starts at Hillside Academy next week",
        "My youngest daughter just started at St Anne's",
        "my son started at Leeds uni in september",
        "my stepdaughter has started at Brookfield",
    ],
)
def test_a_child_starting_at_a_place_is_no_job(message: str) -> None:
    slots = _slots(message)
    assert not any(slot.endswith(":work") for slot in slots), slots


@pytest.mark.parametrize(
    "message",
    [
        "my daughter started work at Deloitte in october",
        "my son started a new job at Tesco",
        "my daughter works at Oxford",
        "my wife started at Google in march",
        "my brother started at Deloitte as an analyst",
    ],
)
def test_a_job_said_of_a_relative_stays_work(message: str) -> None:
    slots = _slots(message)
    assert any(slot.endswith(":work") for slot in slots), slots
