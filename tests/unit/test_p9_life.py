"""The user's personal life: partner, places, children, studies, diet and how they want answers.

Written for this round (#12, branch p9-life) before the code, in invented phrasings (none from an
evaluation set), each a class rather than a sentence:

- a relationship said in the present perfect ("I've been married to Jane for ten years", "we've been
  together since 2019") is the relationship, on the partner slot, since the stated start;
- being somewhere for an occasion ("I'm in Vienna for a conference") or being in a department ("I'm in
  Sales") is not where the user lives; being back somewhere after a while away, or there for years, is;
- "a friend" in German and the Romance languages with an article and more said of them ("einen Freund,
  der in Berlin wohnt", "un copain qui habite à Lyon") is a friend, not a partner nor a belonging;
- studies said in the past ("I studied law in Madrid"), children named with their ages in brackets or
  commas, and foods one cannot have; a bare "no ..." is not read as an ask about answers unless it names one
  (a bare "no emojis please" is still missed: its language is not told apart from Portuguese "no").
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import partial

import pytest

from tests.unit.exchange import last_line_facts

DAY = datetime(2026, 4, 14, 18, 0, tzinfo=UTC)
facts = partial(last_line_facts, at=DAY)


def said(*lines: str) -> list[tuple[str, str | None]]:
    return [(("NOT " if f.negated else "") + f.text, f.slot) for f in facts(*lines)]


# --- a relationship said in the present perfect ---------------------------------------------------


@pytest.mark.parametrize(
    ("line", "words", "since"),
    [
        ("I've been married to Jane for ten years", ("married", "Jane"), "2016-04"),
        ("ive been married to Jane for 10 years now", ("married", "Jane"), "2016-04"),
        ("honestly I have been engaged to Priya since March", ("engaged", "Priya"), "2026-03"),
        ("been dating Raj since March, it's going well", ("Raj",), "2026-03"),
        ("I've been seeing Tomas for a few months", ("Tomas",), None),
        ("I've been with my girlfriend for two years", ("girlfriend",), "2024-04"),
        ("my husband and I have been married since 2015", ("married",), "2015"),
        ("My wife and I have been married since 2009, any anniversary ideas?", ("married",), "2009"),
        ("me and my wife have been together since 2011", ("wife",), "2011"),
        ("we've been together 3 years", ("partner",), None),
        ("we have been together since 2019", ("partner",), "2019"),
    ],
)
def test_a_relationship_in_the_present_perfect_is_the_partner(line, words, since):
    found = [f for f in facts(line) if f.slot == "partner" and not f.negated]
    assert found, said(line)
    assert all(w in found[0].text for w in words), found[0].text
    if since:
        assert found[0].valid_from.date().isoformat().startswith(since.split("-")[0])
        assert found[0].valid_from.date() < DAY.date()
    assert not [f for f in facts(line) if f.slot and f.slot.startswith(("event:", "own:", "habit:"))], said(line)


@pytest.mark.parametrize(
    "line",
    [
        "my sister has been married to Jane for ten years",  # someone else's marriage
        "I have never been married",
        "if I had been with Sam for ten years I would know",
        "have you been married long?",
    ],
)
def test_someone_elses_or_no_relationship_is_no_partner(line):
    assert not [f for f in facts(line) if f.slot == "partner" and not f.negated], said(line)


# --- a stay or a department is not a home ---------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "I'm in Vienna for a conference",
        "I'm currently in Oslo on business, any tips for dinner?",
        "i'm now in Porto for my cousin's wedding",
        "we're in Galway for the weekend",
        "I'm in Sales",
        "I'm in HR now",
        "im in Marketing",
        "I'm currently in Engineering",
        "I'm in IT",
        "I'm in Accounts",
        "my friend lives in Oslo",
        "I was in Rome last week for a conference",
        "we're in Rome for our honeymoon",
        "if I lived in Paris I'd eat croissants daily",
    ],
)
def test_a_stay_a_department_or_someone_elses_home_is_no_home(line):
    assert not [f for f in facts(line) if f.slot == "location"], said(line)


@pytest.mark.parametrize(
    ("line", "place"),
    [
        ("I'm in Leeds now", "Leeds"),
        ("i'm based in Berlin", "Berlin"),
        ("I live near Boston", "Boston"),
        ("for work I moved to Berlin", "Berlin"),
        ("I work in London but live in Reading", "Reading"),
        ("I'm in Denver", "Denver"),
    ],
)
def test_where_the_user_lives_is_still_read(line, place):
    assert [f for f in facts(line) if f.slot == "location" and place in f.text], said(line)


# --- friend or partner in other languages --------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "Ich habe einen Freund, der in Berlin wohnt.",
        "Ich habe einen Freund in Berlin, der Arzt ist.",
        "J'ai un copain qui habite à Lyon.",
        "J'ai une copine à Marseille qui fait du théâtre.",
        "Tengo un amigo en Madrid.",
        "Ho un amico a Roma.",
        "Tenho um amigo em Lisboa.",
        "Ich habe einen Kollegen in München.",
    ],
)
def test_a_friend_somewhere_is_neither_partner_nor_belonging(line):
    found = said(line)
    assert not [s for _, s in found if s and (s == "partner" or s.startswith("own:"))], found


@pytest.mark.parametrize(
    "line",
    ["Mon copain Julien veut partir en Bretagne.", "Tengo novia.", "Meine Freundin Lena und ich wohnen in Kassel."],
)
def test_ones_own_partner_in_other_languages_is_still_read(line):
    assert [s for _, s in said(line) if s and "partner" in s], said(line)


# --- studies ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("I studied physics at Edinburgh", ("physics", "Edinburgh")),
        ("i studied computer science at Imperial", ("computer science", "Imperial")),
        ("I studied law in Madrid", ("law", "Madrid")),
        ("studied history at uni, now I teach", ("history",)),
        ("I actually studied architecture", ("architecture",)),
    ],
)
def test_studies_in_the_past_are_education(line, words):
    found = [f for f in facts(line) if f.slot == "education"]
    assert found and all(w in found[0].text for w in words), said(line)


@pytest.mark.parametrize(
    "line",
    [
        "I studied for my exam all night",
        "I studied abroad in Japan",
        "I studied it for hours",
        "my sister studied law in Madrid",
        "I studied the menu for ages",
    ],
)
def test_studying_for_something_is_no_education(line):
    assert not [f for f in facts(line) if f.slot == "education"], said(line)


# --- children named with their ages ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "names"),
    [
        ("my two kids, Ana (7) and Leo (4), are driving me nuts", ("Ana", "Leo")),
        ("our boys Finn (9) and Oscar (6) play football", ("Finn", "Oscar")),
        ("my kids Ana, 7, and Leo, 4, are at school", ("Ana", "Leo")),
        ("my daughters, Mia (12) and Zoe (9), love horses", ("Mia", "Zoe")),
    ],
)
def test_children_named_with_ages_are_the_users_children(line, names):
    found = [f for f in facts(line) if (f.slot or "").startswith("family:")]
    assert found and all(any(n in f.text for f in found) for n in names), said(line)


@pytest.mark.parametrize(
    "line",
    [
        "my friend's kids, Ana (7) and Leo (4), are staying over",
        "I teach the twins, Tove (7) and Lars (7)",
    ],
)
def test_other_peoples_children_are_not_the_users(line):
    assert not [f for f in facts(line) if (f.slot or "").startswith("family:")], said(line)


# --- what the user cannot eat, and answers ---------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "word"),
    [
        ("I can't have gluten", "gluten"),
        ("i cant have dairy, sadly", "dairy"),
        ("I cannot have nuts at all", "nuts"),
    ],
)
def test_a_food_one_cannot_have_is_avoided(line, word):
    assert [f for f in facts(line) if (f.slot or "").startswith(("avoid:", "allergy:", "diet")) and word in f.text], (
        said(line)
    )


@pytest.mark.parametrize(
    "line",
    [
        "my mom can't have gluten",
        "I can't have coffee after 3pm",
        "I can't have a dog in my flat",
        "can't have it both ways",
        "I can't have the meeting on Friday",
    ],
)
def test_what_cannot_be_had_otherwise_is_no_diet(line):
    assert not [f for f in facts(line) if (f.slot or "").startswith(("avoid:", "allergy:", "diet"))], said(line)


@pytest.mark.parametrize("line", ["no emojis in the report please, it's for my boss", "no worries please", "no"])
def test_other_bare_nos_are_no_ask(line):
    assert not [f for f in facts(line) if (f.slot or "").startswith("style:")], said(line)


# --- a home said by a stretch of years, a move home, a move "there" --------------------------------


@pytest.mark.parametrize(
    ("line", "place", "since"),
    [
        ("I grew up in Porto but I've been in London for 8 years", "London", "2018"),
        ("we've been in Leeds since 2019", "Leeds", "2019"),
        ("moved back home to Galway in the spring", "Galway", "2026"),
        ("we moved home to Cork last year", "Cork", "2025"),
        ("I'm back in Dublin after a year abroad", "Dublin", "2026"),
        ("I am finally back in Leeds for good", "Leeds", "2026"),
    ],
)
def test_a_home_said_by_years_or_a_move_home(line, place, since):
    found = [f for f in facts(line) if f.slot == "location" and place in f.text]
    assert found and found[0].valid_from.date().isoformat().startswith(since), said(line)


@pytest.mark.parametrize(
    "line",
    [
        "I've been in London for three days",
        "I have been in Paris since Tuesday",
        "I've been in Lisbon for two months, loving the food",
        "my sister has been in Leeds for years",
        "I'm back in Dublin for the holidays",
    ],
)
def test_a_short_stay_or_someone_elses_is_no_home(line):
    assert not [f for f in facts(line) if f.slot == "location"], said(line)


def test_a_move_there_names_the_one_place_said_before():
    found = said("my husband got a job in Munich so we're moving there in August")
    assert any("Munich" in t for t, _ in found) and not any(" there" in t for t, _ in found), found


def test_a_month_is_no_place_a_move_there_names():
    found = said("we decided in May that we're moving there next year")
    assert not any("May" in t and "moving to" in t for t, _ in found), found


def test_a_move_there_after_two_places_stays_unnamed():
    assert not any(
        "Munich" in t or "Vienna" in t for t, _ in said("I lived in Vienna, he works in Munich, so we're moving there")
    )


# --- one's partner is no belonging -----------------------------------------------------------------


def test_a_partner_said_after_with_is_the_partner_not_a_belonging():
    found = said("I'm 34 and live in Malmo with my wife")
    assert ("The user has a wife", "partner") in found and not [s for _, s in found if s and s.startswith("own:")], (
        found
    )


@pytest.mark.parametrize(
    ("line", "name", "slot"),
    [
        ("my partner (Sam) is a nurse", "Sam", "partner"),
        ("our son (Max) just turned 9", "Max", "family:"),
        ("my dog (Biscuit) hates the rain", "Biscuit", "pet:"),
    ],
)
def test_a_name_in_brackets_names_ones_own(line, name, slot):
    found = said(line)
    assert [t for t, s in found if name in t and s and s.startswith(slot)], found
    assert not [t for t, _ in found if name.lower() in t], found


# --- where one is from and lives, said without "I"; standing asks said with their marker last -----


@pytest.mark.parametrize(
    ("line", "origin", "home"),
    [
        ("originally from Kenya, now in London", "Kenya", "London"),
        ("from Porto, living in Leeds", "Porto", "Leeds"),
        ("originally from New Delhi but based in Toronto now", "New Delhi", "Toronto"),
    ],
)
def test_from_and_now_in_said_without_i(line, origin, home):
    found = said(line)
    assert [t for t, s in found if s == "origin" and origin in t], found
    assert [t for t, s in found if s == "location" and home in t], found


@pytest.mark.parametrize(
    "line",
    ["my wife is from Kenya, now in London for work", "a guy from Porto, living in Leeds, called me"],
)
def test_someone_elses_from_and_in_is_not_the_users(line):
    assert not [s for _, s in said(line) if s in ("origin", "location")], said(line)


@pytest.mark.parametrize(
    ("line", "slot"),
    [
        ("could you keep it short from now on", "style:length"),
        ("be more concise going forward", "style:length"),
        ("can you reply in Spanish from now on", None),
        ("no emojis from now on", "style:emojis"),
    ],
)
def test_a_standing_ask_with_its_marker_last(line, slot):
    found = [f for f in facts(line) if (f.slot or "").startswith("style:")]
    assert found and (slot is None or found[0].slot == slot), said(line)
    if slot is None:
        assert "Spanish" in found[0].text


@pytest.mark.parametrize("line", ["please answer in German", "I'll keep it short from now on", "from now on"])
def test_a_one_off_ask_or_the_users_own_plan_is_no_standing_ask(line):
    assert not [f for f in facts(line) if (f.slot or "").startswith("style:")], said(line)


# --- children said by their age, step-relatives with a hyphen --------------------------------------


@pytest.mark.parametrize(
    ("line", "count"),
    [
        ("I have a 5 year old", 1),
        ("I have a 3-year-old and a 6-year-old", 2),
        ("we have a newborn, so sleep is a memory", 1),
    ],
)
def test_a_child_said_by_age_is_a_child_not_a_belonging(line, count):
    found = said(line)
    assert len([s for _, s in found if s and s.startswith("family:")]) == count, found
    assert not [s for _, s in found if s and s.startswith("own:")], found


@pytest.mark.parametrize(
    "line", ["my friend has a 5 year old", "if I had a 3-year-old I'd go mad", "do you have a 5 year old?"]
)
def test_someone_elses_child_by_age_is_not_the_users(line):
    assert not [s for _, s in said(line) if s and s.startswith("family:")], said(line)


def test_a_step_relative_with_a_hyphen_is_a_relative():
    found = said("my step-daughter Mia is a nurse")
    assert [t for t, s in found if s and s.startswith("family:") and "Mia" in t], found


# --- a state said so far ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "slot", "since"),
    [
        ("I've been a nurse for 10 years", "occupation", "2016"),
        ("honestly i've been self-employed since 2021", "occupation", "2021"),
        ("I have been vegetarian since 2018", "diet", "2018"),
    ],
)
def test_a_state_said_so_far_is_the_state_since_its_start(line, slot, since):
    found = [f for f in facts(line) if f.slot == slot]
    assert found and found[0].valid_from.date().isoformat().startswith(since), said(line)
    assert not [f for f in facts(line) if (f.slot or "").startswith("event:")], said(line)


@pytest.mark.parametrize(
    "line",
    ["I've been sick for 3 days", "my sister has been a nurse for 10 years", "I have been busy since Monday"],
)
def test_a_passing_state_or_someone_elses_is_no_lasting_fact(line):
    assert not [f for f in facts(line) if f.slot in ("occupation", "diet", "health")], said(line)


# --- a medicine one takes ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "med"),
    [
        ("i'm on sertraline for anxiety", "sertraline"),
        ("I've been on blood pressure meds since 2020", "blood pressure meds"),
        ("still on antidepressants tbh", "antidepressants"),
        ("I'm on levothyroxine for my thyroid", "levothyroxine"),
    ],
)
def test_a_medicine_taken_is_health(line, med):
    assert [f for f in facts(line) if (f.slot or "").startswith(("habit:taking-", "health:")) and med in f.text], said(
        line
    )


@pytest.mark.parametrize(
    "line",
    [
        "my mom is on sertraline",
        "I'm on a diet",
        "I take the bus to work",
        "I take my time",
        "should I take ibuprofen?",
        "if I took sertraline would it help?",
    ],
)
def test_no_medicine_or_someone_elses_is_no_health_of_the_user(line):
    assert not [f for f in facts(line) if "on" in line and (f.slot or "").startswith(("health:", "habit:"))], said(line)


def test_a_medicine_ended_either_way_is_on_the_slot_it_was_taken_on():
    taken = {f.slot for f in facts("I take sertraline")}
    assert taken == {f.slot for f in facts("I'm on sertraline")}
    assert {f.slot for f in facts("I'm not on sertraline anymore") if f.negated} <= taken | {"*:sertraline"}


# --- a name given in the next breath ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "name", "slot"),
    [
        ("so I have a girlfriend now. she's called Mia", "Mia", "partner"),
        ("I got a puppy!! his name is Rex", "Rex", "pet:"),
        ("we just adopted a kitten. her name's Miso", "Miso", "pet:"),
    ],
)
def test_a_name_in_the_next_breath_names_the_one_just_introduced(line, name, slot):
    assert [t for t, s in said(line) if name in t and s and s.startswith(slot)], said(line)


@pytest.mark.parametrize(
    "line",
    [
        "my friend got a puppy. his name is Rex",
        "I met a girl at the gym. she's called Mia",
        "I have a question. It is called Rex",
    ],
)
def test_a_name_given_to_someone_elses_or_to_no_one_of_the_users(line):
    assert not [s for _, s in said(line) if s and s.startswith(("partner", "pet:"))], said(line)


# --- relationship news without the frames' words ------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "negated", "word"),
    [
        ("I got dumped", True, "broke up"),
        ("he dumped me last week", True, "broke up"),
        ("I just got out of a 3 year relationship", True, "broke up"),
        ("my boyfriend proposed!", False, "engaged"),
        ("I moved in with my girlfriend Ana", False, "Ana"),
    ],
)
def test_relationship_news_is_the_partner_slots(line, negated, word):
    found = [f for f in facts(line) if f.slot == "partner"]
    assert found and found[0].negated is negated and word in found[0].text, said(line)
    assert not [f for f in facts(line) if (f.slot or "").startswith("*:")], said(line)


@pytest.mark.parametrize(
    "line", ["my friend got dumped", "my sister's boyfriend proposed", "she moved in with her boyfriend"]
)
def test_someone_elses_relationship_news_is_not_the_users(line):
    assert not [f for f in facts(line) if f.slot == "partner"], said(line)


@pytest.mark.parametrize(
    ("line", "word"), [("I'm a dad of two", "two"), ("I'm a mom of three boys", "three"), ("im a single mum of 2", "2")]
)
def test_a_parent_of_n_has_n_children(line, word):
    assert [t for t, s in said(line) if s and s.startswith("family:") and word in t], said(line)


@pytest.mark.parametrize("line", ["my sister is a mom of three", "I want to be a dad of two one day"])
def test_someone_elses_or_a_wished_count_is_not_the_users_children(line):
    assert not [s for _, s in said(line) if s in ("family:kids", "family:sons", "family:daughters")], said(line)
