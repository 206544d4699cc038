"""Where one lives, said loosely, and where one only is for a while (#12, p12-places).

Written before the code, in invented phrasings (none from an evaluation set), with near-misses that must
give nothing:

- a stay is no home: "I'm in X" with a purpose ("for work", "for a wedding") or a visitor's question
  ("what should I eat?", "any good bars?") names where one is, not where one lives;
- a way of living is no place: "I live in hope", "we live in fear of ...";
- casual homes: "landed in X for good", "back in X now", "I live N minutes from the Y in X", "moved to a
  new flat in X", "I live on X Street", "stay with me in X" (the host's home);
- an answer to a home question: "where do you live?" / "dunmere, by the coast"; "still in X?" / "no, Y since
  march" (the corrected home, with its time).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.unit.exchange import last_line_facts

DAY = datetime(2026, 5, 20, 18, 0, tzinfo=UTC)


def facts(*lines: str):
    """The facts of the last line (a user turn); a line before it starting with "A: " is the assistant's."""
    return last_line_facts(*lines, at=DAY)


def said(*lines: str) -> list[tuple[str, str]]:
    return [(("NOT " if f.negated else "") + f.text, f.slot or "") for f in facts(*lines)]


def homes(*lines: str) -> list[str]:
    return [f.value or "" for f in facts(*lines) if f.slot == "location" and not f.negated]


# --- a stay is no home ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "message",
    [
        "I'm in Paris, what should I eat tonight?",
        "i'm currently in Lisbon for work",
        "im in Oslo for a conference, any bars near the centre?",
        "We're in Bruges for my cousin's wedding",
        "I'm in Madrid right now, where's good for tapas?",
        "I'm in Vienna on business, recommendations for dinner?",
    ],
)
def test_a_stay_names_no_home(message: str) -> None:
    assert homes(message) == [], said(message)


@pytest.mark.parametrize(
    ("message", "place"),
    [
        ("I'm in Leeds now", "leeds"),
        ("i'm in Dunmere these days, much quieter", "dunmere"),
        ("we're in Harwick now, the old place was too small", "harwick"),
    ],
)
def test_being_somewhere_now_is_still_a_home(message: str, place: str) -> None:
    assert [h.lower() for h in homes(message)] == [place], said(message)


# --- a way of living is no place -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "message",
    ["I live in hope", "we live in fear of the landlord", "i live in denial lol", "I live in the moment"],
)
def test_a_way_of_living_is_no_place(message: str) -> None:
    assert homes(message) == [], said(message)


# --- casual homes ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "place"),
    [
        ("just landed in Dunmore for good, lease signed", "dunmore"),
        ("we've arrived in Tarrow for good", "tarrow"),
        ("finally settled in Elmbury for good", "elmbury"),
        ("back in Kelso these days, the city was too much", "kelso"),
        ("we're back in Ferrow now", "ferrow"),
        ("i live like 5 min from the beach in crannock yeah", "crannock"),
        ("I live ten minutes from the station in Hollowby", "hollowby"),
        ("we live a short walk from the harbour in Penmarrow", "penmarrow"),
        ("just moved to a new flat in Tarwick", "tarwick"),
        ("we moved into a little house in Brenly last month", "brenly"),
    ],
)
def test_a_casual_home(message: str, place: str) -> None:
    assert [h.lower() for h in homes(message)] == [place], said(message)


@pytest.mark.parametrize(
    ("message", "street"),
    [
        ("I live on Orrin Street", "orrin street"),
        ("we live on Cobble Lane now", "cobble lane"),
        ("i live on Wexford Road with my sister", "wexford road"),
    ],
)
def test_a_street_is_a_home(message: str, street: str) -> None:
    assert [h.lower() for h in homes(message)] == [street], said(message)


@pytest.mark.parametrize(
    ("message", "place"),
    [
        ("she's gonna stay with me in Brackenmoor till she finds a place", "brackenmoor"),
        ("my cousin can stay with us in Harwell for a bit", "harwell"),
        ("come stay with me in Dunloe sometime!", "dunloe"),
    ],
)
def test_a_guest_staying_with_me_names_my_home(message: str, place: str) -> None:
    assert [h.lower() for h in homes(message)] == [place], said(message)


@pytest.mark.parametrize(
    "message",
    [
        "back in London now, the trip was great",
        "I'll be back in Oslo tomorrow",
        "I live 5 min from the beach",
        "I live on coffee and toast",
        "I live on my own",
        "I'm staying with my aunt in Carlow this week",
        "we landed in Tokyo for a two week holiday",
        "thinking of moving to a new flat in Tarwick",
    ],
)
def test_casual_near_misses_name_no_home(message: str) -> None:
    assert homes(message) == [], said(message)


# --- answers to a home question --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("asked", "reply", "place"),
    [
        ("where do you live?", "oslo", "oslo"),
        ("where are you based these days?", "dunmere, by the coast", "dunmere"),
        ("Where's home for you?", "little harrow, tiny village", "little harrow"),
    ],
)
def test_a_bare_answer_to_where_one_lives(asked: str, reply: str, place: str) -> None:
    assert [h.lower() for h in homes(f"A: {asked}", reply)] == [place], said(f"A: {asked}", reply)


@pytest.mark.parametrize(
    ("asked", "reply", "place", "month"),
    [
        ("still in Leeds?", "no, Oslo since march", "oslo", 3),
        ("are you still living in Bath?", "nope, Exeter since january", "exeter", 1),
        ("you're in Derby, right?", "nah, Kelby since february", "kelby", 2),
    ],
)
def test_a_corrected_home_with_its_time(asked: str, reply: str, place: str, month: int) -> None:
    found = [f for f in facts(f"A: {asked}", reply) if f.slot == "location" and not f.negated]
    assert [f.value.lower() for f in found] == [place], said(f"A: {asked}", reply)
    assert found[0].valid_from is not None and found[0].valid_from.month == month


@pytest.mark.parametrize(
    ("asked", "reply"),
    [
        ("where do you live?", "no idea what you mean"),
        ("still using Jira?", "no, Linear since march"),
        ("where did you go on holiday?", "crete"),
        ("where do you live?", "why do you ask"),
    ],
)
def test_answers_that_name_no_home(asked: str, reply: str) -> None:
    assert homes(f"A: {asked}", reply) == [], said(f"A: {asked}", reply)


def test_a_small_answer_keeps_a_later_time_to_itself() -> None:
    found = [f for f in facts("A: where do you live?", "dunmere, but moving in march") if f.slot == "location"]
    assert [f.value.lower() for f in found if not f.negated] == ["dunmere"], said("A: where do you live?", "x")
    assert all(f.valid_from is None or f.valid_from.date() == DAY.date() for f in found if not f.negated)


# --- a move asked about: "from X to Y" ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("asked", "reply", "old"),
    [
        ("Where are you moving from and to?", "from Harlow to Kelby, for my partner's job", "harlow"),
        ("so where are you relocating from?", "from Dunmere to Penrith next month", "dunmere"),
        ("Where's the move from and to?", "from Tarwick to Oslo. big change", "tarwick"),
    ],
)
def test_a_move_answered_from_to_names_the_home_now(asked: str, reply: str, old: str) -> None:
    assert [h.lower() for h in homes(f"A: {asked}", reply)] == [old], said(f"A: {asked}", reply)


# --- moving in together: the shared home ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "place"),
    [
        ("me and my boyfriend Eli moved in together last weekend, his flat on Mercer Road", "mercer road"),
        ("we finally moved in together, our place in Ferrowby", "ferrowby"),
        ("moved in with my girlfriend in march, her house in Oakhurst", "oakhurst"),
    ],
)
def test_moving_in_together_names_the_shared_home(message: str, place: str) -> None:
    assert [h.lower() for h in homes(message)] == [place], said(message)


# --- a workplace placed: an office in a town -----------------------------------------------------------------


def work_places(*lines: str) -> list[str]:
    return [(f.value or "").lower() for f in facts(*lines) if f.slot == "work:location" and not f.negated]


@pytest.mark.parametrize(
    ("message", "place"),
    [
        ("Got relocated to the Ashby office!", "ashby"),
        ("they transferred me to the Leeds branch last month", "leeds"),
        ("I've been moved over to our Tallow Creek site", "tallow creek"),
        ("I work out of our Dunmore office, near the river", "dunmore"),
        ("i mostly work from the Harwick office", "harwick"),
    ],
)
def test_an_office_placed_in_a_town_is_where_one_works(message: str, place: str) -> None:
    assert work_places(message) == [place], said(message)
    assert homes(message) == [], said(message)


@pytest.mark.parametrize(
    "message",
    [
        "I might get transferred to the Leeds office",
        "should I ask to be moved to the Ashby branch?",
        "we moved the servers to the Frankfurt site",
        "if they relocate me to the Paris office I'll quit",
    ],
)
def test_an_office_not_yet_mine_names_no_workplace(message: str) -> None:
    assert work_places(message) == [], said(message)


# --- a home taken for granted, said with others, rented, or at the family's -------------------------------------


@pytest.mark.parametrize(
    ("message", "place"),
    [
        ("since moving to Penrith I sleep better", "penrith"),
        ("now that I'm in Kelso I walk everywhere", "kelso"),
        ("ever since we moved to Harlow the commute is awful", "harlow"),
        ("we've been in Harlow since last year", "harlow"),
        ("we have been up in Inverkeld for six years", "inverkeld"),
        ("me and Sam live in Harlow", "harlow"),
        ("me and my partner live in Tarwick with two cats", "tarwick"),
        ("we're renting in Tarwick for now", "tarwick"),
        ("i'm subletting in Dunmere till august", "dunmere"),
        ("still living at my parents' place in Kelso", "kelso"),
        ("back at my mum's in Ferrow, saving up", "ferrow"),
        ("living in a shoebox in Camden lol", "camden"),
        ("i'm living in a van in Polwick now", "polwick"),
    ],
)
def test_a_home_said_in_passing(message: str, place: str) -> None:
    assert [h.lower() for h in homes(message)] == [place], said(message)


@pytest.mark.parametrize(
    "message",
    [
        "since moving to Linear our sprints are shorter",
        "since moving to Penrith would mean a longer commute, we stayed",
        "me and Sam might live in Harlow one day",
        "staying at my mum's in Ferrow this weekend",
        "we're renting a car in Tarwick for the trip",
        "if we've been in Harlow since march, the lease renews in june",
        "we've been in Kelso for two weeks, loving it",
    ],
)
def test_in_passing_near_misses_name_no_home(message: str) -> None:
    assert homes(message) == [], said(message)


# --- where a relative lives, said with "'s in" / "is up in" ----------------------------------------------------


def kin_homes(*lines: str) -> list[tuple[str, str]]:
    return [
        (f.slot or "", (f.value or "").lower())
        for f in facts(*lines)
        if (f.slot or "").endswith(":location") and (f.slot or "").startswith("family:")
    ]


@pytest.mark.parametrize(
    ("message", "slot", "place"),
    [
        ("mum's in Ferrow now", "family:mother:location", "ferrow"),
        ("my sister's over in Oslo", "family:sister:location", "oslo"),
        ("my dad is up in Inverkeld", "family:father:location", "inverkeld"),
        ("my brother's out in Perth these days", "family:brother:location", "perth"),
    ],
)
def test_a_relative_is_in_a_town(message: str, slot: str, place: str) -> None:
    assert kin_homes(message) == [(slot, place)], said(message)


@pytest.mark.parametrize(
    "message",
    [
        "my brother's in Oslo for work this week",
        "mum's in Ferrow for the weekend",
        "my sister's in hospital again",
        "my dad's up in Inverkeld visiting friends",
    ],
)
def test_a_relative_on_a_stay_lives_nowhere_new(message: str) -> None:
    assert kin_homes(message) == [], said(message)


def test_a_stay_of_a_few_days_at_a_relatives_is_no_home() -> None:
    assert homes("i'm in Bristol, my sister's place, for a few days") == []


# --- a workplace's town said after it: "a nurse at the hospital in Corran" --------------------------------------


@pytest.mark.parametrize(
    ("message", "place"),
    [
        ("hiya, im a junior accountant at a small firm in Penmarrow, need help w/ excel", "penmarrow"),
        ("I'm a nurse at the children's hospital in Corran", "corran"),
        ("i work at a bakery in Ferrow", "ferrow"),
        ("I'm a barista at a little cafe in Dunmere, loving it", "dunmere"),
    ],
)
def test_a_workplace_in_a_town_is_where_one_works(message: str, place: str) -> None:
    assert work_places(message) == [place], said(message)


@pytest.mark.parametrize(
    "message",
    [
        "i'm at my cousin's wedding in Tarrowfield",
        "my sister works at a bakery in Ferrow",
        "I had lunch at a cafe in Dunmere",
        "should I apply at the hospital in Corran?",
    ],
)
def test_a_place_visited_or_someone_elses_work_is_not_mine(message: str) -> None:
    assert work_places(message) == [], said(message)


def test_a_town_with_words_after_it_is_left_to_the_role_reader() -> None:
    # "... in Dunmere for a year": the span belongs to the role; the town is not split off (a known gap)
    found = said("I've been a barista at a little cafe in Dunmere for a year")
    assert ("The user is a barista (since 2025-05)", "occupation") in found, found


@pytest.mark.parametrize(
    ("message", "place"),
    [
        ("I'm in Harlow atm, working from home for an agency", "harlow"),
        ("we're in Dunloe atm, both working remotely", "dunloe"),
        ("i'm in Tarwick atm, my partner's job is here", "tarwick"),
    ],
)
def test_being_somewhere_for_the_moment_is_still_a_home(message: str, place: str) -> None:
    assert [h.lower() for h in homes(message)] == [place], said(message)
