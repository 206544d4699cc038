"""Wrong outputs of the offline extractor found in review (#12, branch p10-fixb), each a class, in invented phrasings.

- a bare month with a change or start said in the present or progressive ("switching ... from May", "it
  starts in October") or a booking of something ("signed up for a course in September") lies ahead, not behind;
- a move "to" a known tool or platform ("we moved to Kubernetes") is no home;
- a time phrase fronting a joined clause ("... and last night I watched ...") dates only that clause;
- the gerund doubles the final consonant of a short stressed final syllable ("knit", "quit", "admit", "forget");
- a role after a rank or hours word ("a part-time barista", "a senior buyer") is an occupation;
- a Spanish death takes the article of the noun ("mi perra Nube" -> "La perra Nube"), not of the name.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from shared.providers.offline import frames
from tests.unit.exchange import message_facts

MARCH = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
MAY = datetime(2026, 5, 20, 12, 0, tzinfo=UTC)


def said(text: str, now: datetime = MAY) -> list[tuple[str, str | None, str]]:
    return [(f.text, f.slot, f.valid_from.date().isoformat()) for f in message_facts(text, at=now)]


# --- 1. a month ahead ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "month"),
    [
        ("I'm switching to day shifts from May", "2026-05"),
        ("im switching to the early shift from june", "2026-06"),
        ("my new job starts in February", "2027-02"),
        ("I'm starting at Acme in February", "2027-02"),
        ("we're switching to Linear from January", "2027-01"),
        ("we're moving the office from February", "2027-02"),
        ("Starting a pottery course in January", "2027-01"),
        ("I signed up for a course in September", "2026-09"),
        ("I booked a trip in August", "2026-08"),
    ],
)
def test_a_month_said_with_a_start_or_change_ahead_is_the_next_such_month(text: str, month: str) -> None:
    got = said(text, MARCH)
    assert got, text
    assert all(not day.startswith(str(int(month[:4]) - 1)) or day.startswith(month) for _, _, day in got), got
    assert any(month in t or day.startswith(month) for t, _, day in got), got


@pytest.mark.parametrize("text", ["I got a new job, it starts in October", "got the job!! starts in November"])
def test_a_start_ahead_never_dates_the_news_last_year(text: str) -> None:
    assert all(not day.startswith("2025") and "2025" not in t for t, _, day in said(text, MARCH)), said(text, MARCH)


@pytest.mark.parametrize(
    ("text", "month"),
    [
        ("I was switching teams in January", "2026-01"),
        ("I switched to day shifts in February", "2026-02"),
        ("I started a pottery class in January", "2026-01"),
        ("I moved to Lisbon in November", "2025-11"),
        ("I signed up for the gym in January", "2026-01"),
    ],
)
def test_a_month_said_in_the_past_stays_behind(text: str, month: str) -> None:
    got = said(text, MARCH)
    assert got and all(not day.startswith("2027") for _, _, day in got), got
    assert any(day.startswith(month) or month in t for t, _, day in got), got


# --- 2. a move to a tool is no home -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "we moved to Kubernetes",
        "We've moved to Docker last year",
        "we just moved to kubernetes",
        "I moved to Terraform",
        "we moved to GitHub Actions in May",
    ],
)
def test_a_move_to_a_tool_is_no_home(text: str) -> None:
    assert not any(slot == "location" for _, slot, _ in said(text)), said(text)


@pytest.mark.parametrize("text", ["we moved to Berlin", "I moved to Porto last week", "we just moved to Leeds"])
def test_a_move_to_a_place_is_still_a_home(text: str) -> None:
    assert any(slot == "location" for _, slot, _ in said(text)), said(text)


# --- 3. a time phrase dates its own clause only -------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "i work as a barista and last night i watched a documentary",
        "I'm a nurse and yesterday I went to a concert",
        "I live in Leeds, and last weekend we went hiking",
        "I work at Acme but two days ago I had a flat tyre",
    ],
)
def test_a_time_phrase_does_not_date_the_clause_before_it(text: str) -> None:
    got = said(text)
    steady = [(t, day) for t, slot, day in got if slot in ("occupation", "location", "employer")]
    assert steady, got
    assert all("since" not in t and day == "2026-05-20" for t, day in steady), got


def test_a_time_phrase_still_dates_its_own_clause() -> None:
    got = said("I'm a nurse and last month I moved to Porto")
    assert ("The user is a nurse", "occupation", "2026-05-20") in got
    assert any(slot == "location" and day.startswith("2026-04") for _, slot, day in got), got


# --- 4. gerunds -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("verb", "form"),
    [
        ("knit", "knitting"),
        ("quit", "quitting"),
        ("admit", "admitting"),
        ("omit", "omitting"),
        ("forget", "forgetting"),
        ("commit", "committing"),
        ("prefer", "preferring"),
        ("refer", "referring"),
        ("chat", "chatting"),
        ("hum", "humming"),
        ("skip", "skipping"),
        # near-misses: unstressed final syllable, two vowels, final w/x/y, or a final -e
        ("visit", "visiting"),
        ("edit", "editing"),
        ("open", "opening"),
        ("offer", "offering"),
        ("limit", "limiting"),
        ("benefit", "benefiting"),
        ("travel", "traveling"),
        ("box", "boxing"),
        ("row", "rowing"),
        ("play", "playing"),
        ("read", "reading"),
        ("hike", "hiking"),
        ("bake", "baking"),
        ("ski", "skiing"),
        ("garden", "gardening"),
        ("cook", "cooking"),
    ],
)
def test_gerund(verb: str, form: str) -> None:
    assert frames.gerund(verb) == form


# --- 5. a ranked role is an occupation ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("I'm a part-time barista", "part-time barista"),
        ("I'm a senior buyer", "senior buyer"),
        ("im a junior accountant", "junior accountant"),
        ("I am a full-time nurse", "full-time nurse"),
        ("I'm a lead designer at Acme", "lead designer"),
        ("I'm an assistant editor", "assistant editor"),
        ("I'm a head chef", "head chef"),
    ],
)
def test_a_ranked_role_is_an_occupation(text: str, role: str) -> None:
    got = said(text)
    assert any(slot == "occupation" and role in t for t, slot, _ in got), got


@pytest.mark.parametrize(
    "text",
    [
        "I'm a senior citizen",
        "I'm a senior member of the chess club",
        "Is she a senior buyer?",
        "If I were a head chef",
    ],
)
def test_near_misses_of_a_ranked_role_give_no_occupation(text: str) -> None:
    assert not any(slot == "occupation" for _, slot, _ in said(text)), said(text)


# --- 6. foreign wording: the article agrees with the noun, not with the name ------------------------------------


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("Mi perra Nube murió", "La perra Nube del usuario"),
        ("mi gata Coco murió ayer", "La gata Coco del usuario"),
        ("Mi tortuga Max murió", "La tortuga Max del usuario"),
        ("Mi madre Inés falleció", "La madre Inés del usuario"),
        ("Mi perro Luna murió", "El perro Luna del usuario"),
        ("Mi abuelo Pepe murió", "El abuelo Pepe del usuario"),
    ],
)
def test_a_spanish_death_takes_the_nouns_article(text: str, start: str) -> None:
    assert any(t.startswith(start) for t, _, _ in said(text)), said(text)
