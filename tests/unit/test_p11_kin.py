"""Other people, where people live, and one's own promotions, said in the loose forms chat uses (#12, p11-kin).

Written before the code, in invented phrasings (none from an evaluation set), with near-misses that must
give nothing:

- a relative's stated span in words ("for thirty years") dates what is said of them;
- plural relatives as the subject ("my parents both ...", "my family's all back in ...", "my folks are in ...");
- homes said loosely: "packed up and went to X", "upped sticks to X", "ended up in X", "born in X, living in
  Y now", "living with my parents in X", "back in X for good", "X has been home for N years";
- one's own promotion said by other verbs: "they made me X", "got bumped up to X", "moved up to X";
- a person named alone ("Tom just started at Google") after the speaker introduced them ("my friend Tom").
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from shared.domain.models import ExtractionInput, Turn
from shared.providers.offline.extraction_rules import extract_facts

DAY = datetime(2026, 5, 20, 18, 0, tzinfo=UTC)


def facts(*lines: str):
    """The facts of the last line (a user turn); the lines before it are the same user's earlier turns, or the
    assistant's when they start with "A: "."""
    turns = []
    for i, line in enumerate(lines):
        role, text = ("assistant", line[3:]) if line.startswith("A: ") else ("user", line)
        turns.append(Turn(f"q{i}", role, text, DAY))
    return extract_facts(ExtractionInput(new_turns=(turns[-1],), context_turns=tuple(turns[:-1])))


def said(*lines: str) -> list[tuple[str, str]]:
    return [(("NOT " if f.negated else "") + f.text, f.slot or "") for f in facts(*lines)]


def one_on(slot_end: str, *lines: str):
    found = [f for f in facts(*lines) if (f.slot or "").endswith(slot_end) and not f.negated]
    assert len(found) == 1, said(*lines)
    return found[0]


# --- a span said in words --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "year"),
    [
        ("my dad's been a plumber for thirty years now", 1996),
        ("my mum has been a nurse for twenty years", 2006),
        ("i've been a welder for fifteen years", 2011),
    ],
)
def test_a_span_in_words_dates_the_state(message: str, year: int) -> None:
    fact = next(f for f in facts(message) if f.valid_from is not None and f.valid_from.date() < date(2020, 1, 1))
    assert fact.valid_from.year == year


# --- plural relatives --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "who", "place"),
    [
        ("my family's all back in Cork", "family", "Cork"),
        ("my folks are in Galway these days", "folks", "Galway"),
        ("my sisters both live in London", "sisters", "London"),
        ("my in-laws are all living in Leeds now", "in-laws", "Leeds"),
        ("i work from home but my whole family is back in Lagos", "family", "Lagos"),
    ],
)
def test_where_plural_relatives_live(message: str, who: str, place: str) -> None:
    fact = one_on(":location", message)
    assert fact.slot.startswith("family:") and who in fact.text and place in fact.text, said(message)
    assert not any(s == "location" for _, s in said(message))  # never the user's own home


def test_plural_relatives_agree_with_their_verb() -> None:
    fact = one_on(":location", "my sisters both live in London")
    assert fact.text == "The user's sisters live in London"


@pytest.mark.parametrize(
    ("message", "what"),
    [
        ("my parents both work in finance", "finance"),
        ("my parents both work at the Royal Infirmary", "Royal Infirmary"),
        ("My grandparents have both been farmers for forty years", "farmers"),
    ],
)
def test_what_plural_relatives_do(message: str, what: str) -> None:
    texts = [t for t, s in said(message) if s.startswith("family:")]
    assert any(what in t and "The user's" in t for t in texts), said(message)


@pytest.mark.parametrize(
    "message",
    [
        "are your parents both in Galway?",
        "my parents both want to move to Spain",
        "my family's all coming to Cork for christmas",
        "my folks might be in Galway next week",
        "if my sisters both lived in London it'd be easier",
    ],
)
def test_plural_relatives_near_misses(message: str) -> None:
    assert not [s for _, s in said(message) if s.endswith(":location") or s == "location"], said(message)


# --- homes said loosely ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "place", "since"),
    [
        ("we packed up and went to Coldwater Bay last week", "Coldwater Bay", date(2026, 5, 11)),
        ("packed up and headed to Leeds in march", "Leeds", date(2026, 3, 1)),
        ("we upped sticks to Cornwall last year", "Cornwall", date(2025, 1, 1)),
        ("ended up in Lisbon after uni, been here 3 years", "Lisbon", None),
        ("so i relocated to Austin in january", "Austin", date(2026, 1, 1)),
    ],
)
def test_a_move_said_loosely_is_the_home(message: str, place: str, since: date | None) -> None:
    fact = one_on("location", message)
    assert fact.slot == "location" and place in fact.text, said(message)
    if since is not None:
        assert fact.valid_from is not None and fact.valid_from.date() == since


@pytest.mark.parametrize(
    ("message", "home", "born"),
    [
        ("born in Kyiv, living in Warsaw now", "Warsaw", "Kyiv"),
        ("born in Lagos but living in London these days", "London", "Lagos"),
        ("was born in Porto, now living in Lyon", "Lyon", "Porto"),
    ],
)
def test_the_birthplace_is_not_the_home(message: str, home: str, born: str) -> None:
    found = said(message)
    homes = [t for t, s in found if s == "location"]
    assert len(homes) == 1 and home in homes[0] and born not in homes[0], found


@pytest.mark.parametrize(
    ("message", "place", "since"),
    [
        ("I'm living with my parents in Valencia", "Valencia", None),
        ("i'm back in Toronto for good now", "Toronto", None),
        ("back in Manchester for good!!", "Manchester", None),
        ("Porto has been home for 6 years", "Porto", date(2020, 5, 1)),
        ("Berlin's been home since 2019", "Berlin", date(2019, 1, 1)),
        ("i've called Seattle home for a decade", "Seattle", date(2016, 5, 1)),
    ],
)
def test_a_home_said_by_its_state(message: str, place: str, since: date | None) -> None:
    fact = one_on("location", message)
    assert fact.slot == "location" and place in fact.text, said(message)
    if since is not None:
        assert fact.valid_from is not None and fact.valid_from.date() == since


def test_the_old_home_denied_before_the_move_is_no_fact_of_its_own() -> None:
    found = said("oh i'm not in dunmere anymore!! we packed up and went to Coldwater Bay last week")
    assert [s for _, s in found] == ["location"] and "Coldwater Bay" in found[0][0], found


@pytest.mark.parametrize(
    "message",
    [
        "I ended up in hospital last night",
        "ended up in a meeting all afternoon",
        "we went to Rome last week for a holiday",
        "should we pack up and move to Leeds?",
        "if we packed up and went to Spain would you miss me",
        "back in London for the weekend, any brunch spots?",
        "Paris has been on my list for years",
        "my sister packed up and went to Oslo",
    ],
)
def test_homes_near_misses(message: str) -> None:
    assert not [s for _, s in said(message) if s == "location"], said(message)


# --- one's own promotion -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "role", "since"),
    [
        ("I got promoted to head of sales", "head of sales", None),
        ("they made me head of design last month", "head of design", date(2026, 4, 1)),
        ("they promoted me to lead nurse in april", "lead nurse", date(2026, 4, 1)),
        ("got bumped up to senior analyst", "senior analyst", None),
        ("I moved up to senior manager this year", "senior manager", date(2026, 1, 1)),
        ("finally got the promotion to staff engineer!!", "staff engineer", None),
    ],
)
def test_a_promotion_is_the_new_role(message: str, role: str, since: date | None) -> None:
    found = said(message)
    assert not [s for _, s in found if s == "location"], found
    fact = one_on("occupation", message)
    assert role in fact.text, found
    if since is not None:
        assert fact.valid_from is not None and fact.valid_from.date() == since


def test_a_relatives_promotion_is_their_work() -> None:
    fact = one_on(":work", "my wife got promoted to head of sales")
    assert fact.slot == "family:wife:work" and "head of sales" in fact.text


@pytest.mark.parametrize(
    "message",
    [
        "I hope to get promoted to head of sales",
        "my boss wants to make me team lead",
        "they made me coffee",
        "they made me wait two hours",
        "did they make you manager?",
        "if they promoted me to lead I'd quit",
    ],
)
def test_promotion_near_misses(message: str) -> None:
    assert not [s for _, s in said(message) if s == "occupation"], said(message)


def test_moving_up_to_a_place_is_a_move() -> None:
    fact = one_on("location", "we moved up to Inverness last year")
    assert "Inverness" in fact.text


# --- a person named alone, after being introduced ------------------------------------------------------


def test_a_friend_named_alone_after_the_introduction() -> None:
    found = said("my friend Tom is staying with us this week", "Tom just started at Google")
    assert ("The user's friend Tom works at Google", "person:friend:tom:work") in found, found


def test_a_relative_named_alone_after_the_introduction() -> None:
    fact = one_on(":location", "my sister Anna is visiting", "A: How nice!", "Anna moved to Leeds last month tho")
    assert fact.slot == "family:sister:location" and "Leeds" in fact.text
    assert fact.valid_from is not None and fact.valid_from.date() == date(2026, 4, 1)


def test_a_partner_named_in_the_same_message() -> None:
    found = said("my boyfriend Sam is great. Sam works at Ikea now")
    assert any("Ikea" in t and s.endswith(":work") for t, s in found), found


@pytest.mark.parametrize(
    "lines",
    [
        ("Tom just started at Google",),
        ("my friend's brother Tom is nice", "Tom just started at Google"),
        ("A: Does Tom like it there?", "Tom just started at Google"),
        ("my friend Tom is staying with us", "Jake just started at Google"),
    ],
)
def test_a_name_no_one_introduced_gives_nothing(lines: tuple[str, ...]) -> None:
    assert not [t for t, _ in said(*lines) if "Google" in t], said(*lines)


def test_a_name_in_a_pair_is_not_rewritten() -> None:
    found = said("My wife Karen thinks I work too much", "Karen and I are divorced now, it was finalised in April.")
    assert not any("wife is Karen" in t and not t.startswith("NOT") for t, _ in found), found


@pytest.mark.parametrize(
    ("message", "place"),
    [
        ("moved across the river to Alderstow on saturday", "Alderstow"),
        ("i moved across town to Hackney", "Hackney"),
        ("we moved across the bay to Kinross last spring", "Kinross"),
    ],
)
def test_a_move_with_its_way_across(message: str, place: str) -> None:
    assert place in one_on("location", message).text


@pytest.mark.parametrize(
    "message",
    ["moved across the room to the window seat", "should i move across town to Hackney?"],
)
def test_a_way_across_near_misses(message: str) -> None:
    assert not [s for _, s in said(message) if s == "location"], said(message)


def test_the_old_home_denied_after_a_because_leaves_the_move() -> None:
    found = said("need new routes bc i'm not in quenby anymore — moved across the river to Alderstow on saturday")
    assert [s for _, s in found] == ["location"] and "Alderstow" in found[0][0], found


# --- a home said by a landmark, by renting, by getting one's own place ----------------------------------------


@pytest.mark.parametrize(
    ("message", "place"),
    [
        ("any decent bakeries in Harrowgate? i live right by the station", "Harrowgate"),
        ("good running routes around Millbrook? I live next to the big park", "Millbrook"),
        ("i live close to the cathedral, so what's a quiet pub in Elmsworth", "Elmsworth"),
        ("best dentist near Oxley?? i live opposite the library lol", "Oxley"),
    ],
)
def test_a_home_said_by_a_landmark_in_the_town_named(message: str, place: str) -> None:
    fact = one_on("location", message)
    assert fact.text == f"The user lives in {place}", said(message)


@pytest.mark.parametrize(
    "message",
    [
        "i live near the station, is Paris or Lyon better for a weekend?",
        "any bakeries in Harrowgate? my sister lives by the station",
        "do you live near the station in Harrowgate?",
        "i live near the sea",
    ],
)
def test_a_landmark_home_near_misses(message: str) -> None:
    assert not [t for t, s in said(message) if s == "location" and "lives in" in t], said(message)


@pytest.mark.parametrize(
    ("message", "place", "since"),
    [
        (
            "moved out of my parents' house three weeks ago, renting a room in Fallowmere",
            "Fallowmere",
            date(2026, 4, 29),
        ),
        ("renting a tiny flat in Brockley now, it's fine", "Brockley", None),
        ("finally moved out of my sister's, got my own studio in Grennick", "Grennick", None),
        ("got my own place in Northgate last month!!", "Northgate", date(2026, 4, 1)),
        ("im sharing a house in Kelby with two nurses", "Kelby", None),
    ],
)
def test_a_home_said_by_renting_or_getting_a_place(message: str, place: str, since: date | None) -> None:
    found = said(message)
    fact = one_on("location", message)
    assert place in fact.text and not [t for t, s in found if s == "employer"], found
    if since is not None:
        assert fact.valid_from is not None and fact.valid_from.date() == since


@pytest.mark.parametrize(
    "message",
    [
        "thinking of renting a room in Fallowmere",
        "should i get my own place in Northgate?",
        "my brother is renting a flat in Brockley",
        "we rented a cottage in Cornwall for the holidays",
        "got my own desk in the London office finally",
    ],
)
def test_renting_near_misses(message: str) -> None:
    assert not [s for _, s in said(message) if s == "location"], said(message)


# --- one's children said in passing ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "who"),
    [
        ("i do pilates before the kids wake up, any tips for a sore neck", "kids"),
        ("the twins finally nap at the same time, what do i do with 40 free minutes", "twins"),
        ("need a quick dinner idea, the kids are starving and bedtime is at 7", "kids"),
        ("our two boys are obsessed with dinosaurs rn", "two boys"),
        ("my kids refuse to eat anything green lol", "kids"),
    ],
)
def test_ones_children_said_in_passing(message: str, who: str) -> None:
    found = said(message)
    assert (f"The user has {who}", "family:children") in found, found


@pytest.mark.parametrize(
    "message",
    [
        "the kids in my class wake up grumpy on mondays",
        "do you have kids?",
        "when i have kids i'll move to the countryside",
        "babysitting my sister's kids tonight, bedtime is at 8",
        "out with my boys tonight",
        "the kids at the camp I coach go to bed at 9",
        "i don't want kids",
        "took my kids to the aquarium on saturday",
    ],
)
def test_children_near_misses(message: str) -> None:
    assert not [t for t, _ in said(message) if t.startswith("The user has")], said(message)


def test_a_place_ends_at_the_full_stop() -> None:
    fact = one_on("location", "moved out two weeks ago, renting a flat in Brockley. how do i split bills")
    assert fact.text.startswith("The user lives in Brockley") and fact.valid_from.date() == date(2026, 5, 6)
