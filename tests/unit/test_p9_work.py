"""Work talk read as forms (``work_forms``): what the user does for a living, their line of work, where they
work, a business of their own, a state kept up for a stated time, a team said as the subject, and run-on
messages whose later clauses lose their subject. Each class has positive cases varied in form (word order,
tense, contractions, lowercase chat, fillers, other jobs, places and tools) and near-misses that must give
nothing: someone else's job, a question, a hedge, a hypothetical, a job that is "killing me".

Every line was written for this file; none comes from an evaluation set.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

import pytest

from shared.domain.models import ExtractedFact
from tests.unit.exchange import march_days, replay_alike, shown
from tests.unit.exchange import message_facts as said


def one_on(facts: list[ExtractedFact], slot: str, *words: str) -> ExtractedFact:
    """The one positive fact on ``slot`` whose text names every word."""
    found = [f for f in facts if f.slot == slot and not f.negated and all(w.lower() in f.text.lower() for w in words)]
    assert len(found) == 1, shown(facts)
    return found[0]


# --- a living, a line of work, a place of work --------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "word"),
    [
        ("I do plumbing for a living", "plumbing"),
        ("i fix boilers for a living lol", "boilers"),
        ("I basically write code for a living", "code"),
        ("honestly I drive a delivery van for a living", "van"),
        ("I repair pianos for a living, mostly uprights", "pianos"),
    ],
)
def test_what_one_does_for_a_living_is_the_occupation(message, word):
    one_on(said(message), "occupation", word)


@pytest.mark.parametrize(
    ("message", "word"),
    [
        ("I'm in finance", "finance"),
        ("i'm in tech", "tech"),
        ("I'm in insurance now", "insurance"),
        ("I work in IT", "IT"),
        ("I'm working in the logistics industry", "logistics"),
        ("I work in real estate", "real estate"),
        ("I'm in HR", "HR"),
    ],
)
def test_a_line_of_work_is_the_industry(message, word):
    one_on(said(message), "industry", word)


def test_a_line_of_work_at_a_named_company_is_the_employer_too():
    facts = said("I'm in sales at Brindlecorp")
    one_on(facts, "industry", "sales")
    one_on(facts, "employer", "Brindlecorp")


@pytest.mark.parametrize(
    ("message", "place"),
    [
        ("I work in Amsterdam", "Amsterdam"),
        ("i work in Rotterdam now", "Rotterdam"),
        ("I currently work in New York", "New York"),
        ("I'm working in Lyon these days", "Lyon"),
    ],
)
def test_working_in_a_named_place_is_where_the_work_is_not_an_industry(message, place):
    facts = said(message)
    one_on(facts, "work:location", place)
    assert not [f for f in facts if f.slot in ("industry", "location")], shown(facts)


def test_working_in_one_city_and_living_in_another_are_two_facts():
    facts = said("I work in Utrecht but live in Amersfoort")
    one_on(facts, "work:location", "Utrecht")
    one_on(facts, "location", "Amersfoort")


@pytest.mark.parametrize(
    ("message", "word"),
    [
        ("My job is accounting", "accounting"),
        ("my job is fixing wind turbines", "turbines"),
        ("My day job is marketing", "marketing"),
    ],
)
def test_my_job_said_by_what_is_done_is_the_occupation(message, word):
    one_on(said(message), "occupation", word)


@pytest.mark.parametrize(
    ("message", "word", "employer"),
    [
        ("I teach chemistry at Harlow Grammar", "chemistry", "Harlow Grammar"),
        ("i teach English in Busan", "English", None),
        ("I teach piano at a music school", "piano", None),
    ],
)
def test_teaching_somewhere_is_the_occupation(message, word, employer):
    facts = said(message)
    one_on(facts, "occupation", word)
    if employer:
        one_on(facts, "employer", employer)


@pytest.mark.parametrize(
    ("message", "word"),
    [
        ("I'm a nurse by trade", "nurse"),
        ("I'm an engineer by training", "engineer"),
        ("I'm a stay at home dad", "stay-at-home dad"),
    ],
)
def test_an_occupation_however_qualified(message, word):
    one_on(said(message), "occupation", word)


@pytest.mark.parametrize(
    ("message", "slot", "word"),
    [
        ("I work nights", "work:hours", "nights"),
        ("i work weekends now", "work:hours", "weekends"),
        ("I work part-time", "work:hours", "part-time"),
        ("I work out every morning", "habit:working-out", "works out"),
        ("i usually work out before breakfast", "habit:working-out", "before breakfast"),
    ],
)
def test_when_and_how_one_works(message, slot, word):
    one_on(said(message), slot, word)


def test_working_out_at_home_is_a_habit_not_nothing():
    facts = said("I work out at home now")
    assert [f for f in facts if (f.slot or "").startswith("habit:working-out")], shown(facts)


@pytest.mark.parametrize(
    ("message", "how", "role"),
    [
        ("I work from home as a translator", "from home", "translator"),
        ("i work remotely as a data analyst", "remotely", "data analyst"),
    ],
)
def test_working_from_home_as_something_is_both(message, how, role):
    facts = said(message)
    assert [f for f in facts if how in f.text and f.slot and f.slot.startswith("habit:")], shown(facts)
    one_on(facts, "occupation", role)


@pytest.mark.parametrize(
    ("message", "word"),
    [
        ("I started a cleaning business with my brother", "cleaning business"),
        ("I run a small bakery in Ghent", "bakery"),
        ("i own a bike shop", "bike shop"),
        ("I have my own plumbing business", "plumbing business"),
        ("I co-founded a design agency", "design agency"),
        ("I founded a startup called Loomly", "Loomly"),
    ],
)
def test_a_business_of_ones_own_is_the_users_work(message, word):
    one_on(said(message), "employer", word)


@pytest.mark.parametrize(
    "message",
    [
        # someone else's work
        "My sister does accounting for a living",
        "my dad drives a bus for a living",
        "my friend started a bakery",
        "My brother is in finance",
        # questions, hypotheticals, wishes
        "what do you do for a living?",
        "Do you work in finance?",
        "I'd hate to do that for a living",
        "if I started a business I'd call it Bloom",
        "should I start a company?",
        "I might start a business next year",
        # how a job goes is not what it is
        "My job is killing me",
        "my job is going well",
        "my job is so boring",
        # not a line of work, not a place of work, not a business
        "I'm in love",
        "I'm in a meeting",
        "I started a business plan",
        "I opened a bank account",
        "I work out the details tomorrow",
        "we need to work out how to pay",
        # teaching one's own
        "I teach my son chess",
        "I teach my kids how to cook",
    ],
)
def test_near_misses_give_no_work_fact(message):
    facts = said(message)
    assert not [
        f
        for f in facts
        if not f.negated
        and (f.slot or "").split("@")[0] in ("occupation", "industry", "employer", "work:location", "work:hours")
    ], shown(facts)


# --- a state kept up for a stated time ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "slot", "word", "since"),
    [
        ("I've been a nurse for 10 years", "occupation", "nurse", date(2016, 5, 1)),
        ("i've been a software engineer for about six years now", "occupation", "software engineer", date(2020, 5, 1)),
        ("I have been a welder since 2015", "occupation", "welder", date(2015, 1, 1)),
        ("I've been living in Tromsø since 2019", "location", "Tromsø", date(2019, 1, 1)),
        ("I've been working at Fenwick Labs for three years", "employer", "Fenwick Labs", date(2023, 5, 1)),
        ("I've been vegetarian since 2020", "diet", "vegetarian", date(2020, 1, 1)),
    ],
)
def test_a_state_kept_up_for_a_stated_time_is_the_state_since_then(message, slot, word, since):
    fact = one_on(said(message), slot, word)
    assert fact.valid_from.date() == since


@pytest.mark.parametrize(
    "message",
    [
        "I have been to Rome twice",
        "I've been thinking about quitting for weeks",
        "I've been so tired for days",
    ],
)
def test_a_visit_a_thought_or_a_mood_is_no_state_kept_up(message):
    facts = said(message)
    assert not [f for f in facts if (f.slot or "").split(":")[0] in ("occupation", "location", "employer")], shown(
        facts
    )


# --- a team said as the subject ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "tool"),
    [
        ("My team's switching to Linear.", "Linear"),
        ("my team is moving to Buildkite", "Buildkite"),
        ("our company's migrating to Azure", "Azure"),
        ("my team's been using Notion since January", "Notion"),
        ("the team I'm on uses Rust", "Rust"),
        ("the company I work for runs on AWS", "AWS"),
        ("the team I lead uses Jira", "Jira"),
        ("our frontend's built with React", "React"),
        ("our backend's written in Elixir", "Elixir"),
    ],
)
def test_a_team_said_as_the_subject_is_what_we_use(message, tool):
    facts = said(message)
    assert [f for f in facts if (f.slot or "").startswith("tool:") and tool in f.text and not f.negated], shown(facts)


@pytest.mark.parametrize(
    "message",
    [
        "I think we use Redis? not sure",
        "Does your company use Okta?",
        "should we switch to Linear?",
        "we might switch to Linear next quarter",
        "my team's the best",
        "our app's crashing again",
    ],
)
def test_a_hedged_or_asked_team_tool_is_no_fact(message):
    facts = said(message)
    assert not [f for f in facts if (f.slot or "").startswith("tool:") and not f.negated], shown(facts)


# --- several facts in one message --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "I'm a nurse, work nights and live in Graz with two cats",
            [("occupation", "nurse"), ("work:hours", "nights"), ("location", "Graz")],
        ),
        (
            "i'm a dentist, live in Porto and have a dog called Max",
            [("occupation", "dentist"), ("location", "Porto")],
        ),
        (
            "I drive a Honda Civic, also I'm learning Japanese",
            [("car", "Civic"), ("goal:learn-japanese", "Japanese")],
        ),
        (
            "I work at Spotify, btw I'm vegetarian",
            [("employer", "Spotify"), ("diet", "vegetarian")],
        ),
        (
            "I live in Rome, plus I work in insurance",
            [("location", "Rome"), ("industry", "insurance")],
        ),
        (
            "I'm in finance and I work in Zurich",
            [("industry", "finance"), ("work:location", "Zurich")],
        ),
        (
            "quit my job at Initech, moved to Hull and started a landscaping business",
            [("location", "Hull"), ("employer", "landscaping business")],
        ),
        (
            "I work from home as a translator and my husband works nights",
            [("occupation", "translator"), ("habit:working-home", "from home")],
        ),
    ],
)
def test_each_clause_of_a_run_on_message_is_its_own_fact(message, expected):
    facts = said(message)
    for slot, word in expected:
        one_on(facts, slot, word)


def test_a_value_stops_at_the_clause_boundary():
    facts = said("I work at Spotify, btw I'm vegetarian")
    employer = one_on(facts, "employer", "Spotify")
    assert "vegetarian" not in employer.text


# --- replayed: contexts and changes stay apart ---------------------------------------------------------------


def active(messages: Sequence[str]) -> list[str]:
    return sorted(f.text for f in replay_alike(march_days(messages)).active)


def test_where_one_works_and_where_one_lives_do_not_replace_each_other():
    facts = active(["I work in Amsterdam", "I moved to Haarlem last month"])
    assert any("Amsterdam" in t for t in facts), facts
    assert any("Haarlem" in t for t in facts), facts


def test_a_new_place_of_work_replaces_the_old_one():
    facts = active(["I work in Amsterdam", "i work in Rotterdam now"])
    assert any("Rotterdam" in t for t in facts), facts
    assert not any("Amsterdam" in t for t in facts), facts


def test_a_team_switch_replaces_the_teams_tool_and_leaves_the_side_project_alone():
    facts = active(
        [
            "at work we use Jira for tickets",
            "for my side project I track issues in Trello",
            "my team's switching to Linear",
        ]
    )
    assert any("Linear" in t for t in facts), facts
    assert not any("Jira" in t for t in facts), facts
    assert any("Trello" in t for t in facts), facts


# --- tools with names nobody knows: the kind comes from what is done with them ------------------------------------


@pytest.mark.parametrize(
    ("message", "slot", "tool"),
    [
        ("at work we deploy everything to Skyvale", "tool:cloud@work", "Skyvale"),
        ("we host the whole thing on Cindermoor", "tool:cloud", "Cindermoor"),
        ("at work we chat on Parley", "tool:chat@work", "Parley"),
        ("we use Marrow for deploys", "tool:cloud", "Marrow"),
        ("we use Brisk for tickets", "tool:issue-tracker", "Brisk"),
        ("my company switched to Quenchdb last week", "tool:database", "Quenchdb"),
        ("at work we just moved from Tarn CI to Ostrel CI", "tool:ci@work", "Ostrel CI"),
        ("everyone at work uses Inkwell", "tool:inkwell@work", "Inkwell"),
        ("the main database at work is Brinedb", "tool:database@work", "Brinedb"),
    ],
)
def test_an_unknown_tool_gets_its_kind_from_what_is_done_with_it(message, slot, tool):
    one_on(said(message), slot, tool)


def test_two_tools_each_for_its_purpose_are_two_facts():
    facts = said("we use Marrow for deploys and Quill for logs")
    one_on(facts, "tool:cloud", "Marrow")
    assert [f for f in facts if "Quill" in f.text and "logs" in f.text and "Marrow" not in f.text], shown(facts)


@pytest.mark.parametrize(
    "message",
    [
        "everyone wears slippers in the office",
        "everyone at work hates Mondays",
        "we moved from Leeds to York last year",
    ],
)
def test_what_everyone_does_or_a_move_between_towns_is_no_tool(message):
    facts = said(message)
    assert not [f for f in facts if (f.slot or "").startswith("tool:")], shown(facts)


# --- a first clause without its "I", a card without a name, who one lives with ---------------------------------


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Live in Bergen, work at Equinor, have a husky", [("location", "Bergen"), ("employer", "Equinor")]),
        ("work as a welder, live in Gdynia", [("occupation", "welder"), ("location", "Gdynia")]),
        ("I'm a nurse, based in Leeds", [("occupation", "nurse"), ("location", "Leeds")]),
        (
            "29, nurse, live in Derby, vegan",
            [("age", "29"), ("occupation", "nurse"), ("location", "Derby"), ("diet", "vegan")],
        ),
        (
            "Married, two kids, dog, live in Boise",
            [("partner", "married"), ("family:kids", "two kids"), ("pet:dog", "dog"), ("location", "Boise")],
        ),
        (
            "quick intro: 41, plumber in Cardiff, live in Penarth with my wife and our two dogs, vegetarian",
            [("occupation", "plumber"), ("location", "Penarth"), ("pet:dog", "two dogs"), ("diet", "vegetarian")],
        ),
        ("we live in Bray with three kids and a rabbit", [("location", "Bray"), ("family:kids", "three kids")]),
    ],
)
def test_facts_said_without_their_subject_are_the_speakers(message, expected):
    facts = said(message)
    for slot, word in expected:
        one_on(facts, slot, word)


@pytest.mark.parametrize(
    "message",
    [
        "Live in the moment!",
        "work at it every day and you'll get there",
        "29, tired, need coffee",
        "3, 2, 1 go",
        "I work at Snohetta, based in Oslo",
    ],
)
def test_a_bare_verb_or_a_list_that_says_nothing_of_the_speaker_gives_nothing(message):
    facts = said(message)
    assert not [f for f in facts if f.slot in ("location", "age", "occupation")], shown(facts)


@pytest.mark.parametrize(
    ("message", "tool"),
    [
        ("at work we moved from Dunmore to Calder", "Calder"),
        ("we just adopted Tessel for monitoring", "Tessel"),
        ("Our company's on Gravitas", "Gravitas"),
        ("At work it's all Kestrel", "Kestrel"),
        ("work uses Tallow for everything", "Tallow"),
    ],
)
def test_more_ways_a_team_says_what_it_uses(message, tool):
    facts = said(message)
    assert [f for f in facts if (f.slot or "").startswith("tool:") and tool in f.text and not f.negated], shown(facts)


@pytest.mark.parametrize(
    "message",
    [
        "we moved from Dunmore to Calder last spring",  # no work said: a move of home, no tool
        "we just adopted a beagle",
        "it's all Greek to me",
    ],
)
def test_a_move_an_adoption_or_an_idiom_is_no_tool(message):
    facts = said(message)
    assert not [f for f in facts if (f.slot or "").startswith("tool:")], shown(facts)


# --- more work forms: a workplace kept for a stated time, a role in a line of work, where the work is ------------


@pytest.mark.parametrize(
    ("message", "org", "since"),
    [
        ("I've been at Hollin Freight for 5 years", "Hollin Freight", date(2021, 5, 1)),
        ("I've been at Mardle since March", "Mardle", date(2026, 3, 1)),
    ],
)
def test_a_workplace_kept_for_a_stated_time_is_the_employer_since_then(message, org, since):
    fact = one_on(said(message), "employer", org)
    assert fact.valid_from.date() == since


@pytest.mark.parametrize(
    ("message", "role", "line"),
    [
        ("I'm a software engineer in fintech", "software engineer", "fintech"),
        ("i'm a product manager in healthcare", "product manager", "healthcare"),
    ],
)
def test_a_role_in_a_line_of_work_is_both(message, role, line):
    facts = said(message)
    one_on(facts, "occupation", role)
    one_on(facts, "industry", line)


@pytest.mark.parametrize(
    ("message", "slot", "word"),
    [
        ("my job is in Leeds", "work:location", "Leeds"),
        ("My office is in Canary Wharf", "work:location", "Canary Wharf"),
        ("I commute to Reading for work", "work:location", "Reading"),
        ("I work in the NHS", "employer", "NHS"),
        ("I lecture in history at Bristol", "occupation", "history"),
    ],
)
def test_where_and_as_what_the_work_is(message, slot, word):
    one_on(said(message), slot, word)


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("my personal laptop is a Framework, my work one is a Dell", ["Framework", "Dell"]),
        ("for personal projects I write Rust, at work it's Java", ["Rust", "Java"]),
    ],
)
def test_the_second_context_of_a_pair_is_read_too(message, expected):
    facts = said(message)
    contexts = {f.slot.split("@")[1] for f in facts if f.slot and "@" in f.slot and any(w in f.text for w in expected)}
    assert len(contexts) == 2 and all(any(w in f.text for f in facts) for w in expected), shown(facts)


@pytest.mark.parametrize(
    "message", ["I'm a nurse in love with my job", "I'm a teacher in Leeds", "my office is in a mess"]
)
def test_a_role_with_a_place_or_a_mood_names_no_line_of_work(message):
    facts = said(message)
    assert not [f for f in facts if f.slot in ("industry", "work:location")], shown(facts)


@pytest.mark.parametrize(
    ("message", "slot", "word"),
    [
        ("im in finance lol", "industry", "finance"),
        ("honestly i'm in tech, been there 8 yrs", "industry", "tech"),
        ("ive been a nurse for 10 yrs", "occupation", "nurse"),
        ("i work nights rn", "work:hours", "nights"),
        ("i run a lil bakery in Ghent 🥐", "employer", "bakery"),
        ("me and my brother started a cleaning business", "employer", "cleaning business"),
    ],
)
def test_work_forms_said_in_chat_style(message, slot, word):
    one_on(said(message), slot, word)


def test_a_team_switch_without_its_apostrophe():
    facts = said("my teams switching to Linear")
    assert [f for f in facts if (f.slot or "").startswith("tool:") and "Linear" in f.text], shown(facts)


@pytest.mark.parametrize(
    ("message", "slot", "word", "since"),
    [
        ("I'm a teacher, have been for 10 years", "occupation", "teacher", date(2016, 5, 1)),
        ("I'm a lawyer. Been doing it for 8 years.", "occupation", "lawyer", date(2018, 5, 1)),
        ("I work at Kettleback, been there since 2019", "employer", "Kettleback", date(2019, 1, 1)),
        ("i work at Pellow & Sons, been there 6 years", "employer", "Pellow", date(2020, 5, 1)),
        ("I live in Leith, been here for 12 years now", "location", "Leith", date(2014, 5, 1)),
        ("I'm a nurse, been one since 2015", "occupation", "nurse", date(2015, 1, 1)),
    ],
)
def test_how_long_said_after_the_statement_dates_it(message, slot, word, since):
    fact = one_on(said(message), slot, word)
    assert fact.valid_from.date() == since


def test_how_long_one_has_been_up_is_no_state():
    assert said("I'm tired, been up since 5") == [] or not [
        f for f in said("I'm tired, been up since 5") if f.slot in ("occupation", "location", "employer")
    ]


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ("I'm an SDE at Amazon", ("SDE", "Amazon")),
        ("im a junior acountant at a small firm in Cork", ("acountant", "firm")),
        ("I'm head of marketing at Lumen", ("head of marketing", "Lumen")),
        ("I'm the CTO of a small startup", ("CTO", "startup")),
    ],
)
def test_a_role_no_rule_knows_held_at_a_workplace_is_one_fact(message, words):
    one_on(said(message), "employer", *words)


@pytest.mark.parametrize(
    "message",
    ["I'm a fan of Radiohead", "I'm happy at Lumen", "I'm a regular at the Crown", "I'm a guest at the Hilton"],
)
def test_a_fan_a_mood_or_a_visit_at_a_place_is_no_job(message):
    facts = said(message)
    assert not [f for f in facts if f.slot in ("employer", "occupation")], shown(facts)


def test_leaving_the_workplace_ends_the_role_said_with_it():
    facts = active(["I'm an SDE at Brackwater", "My last day at Brackwater was Friday"])
    assert not any("Brackwater" in t for t in facts), facts


@pytest.mark.parametrize(
    ("message", "tool"), [("We moved to GitLab last month.", "GitLab"), ("we moved to DigitalOcean", "DigitalOcean")]
)
def test_a_move_to_a_product_spelt_as_one_is_a_switch_of_tools(message, tool):
    one_on(said(message), next(f.slot for f in said(message) if (f.slot or "").startswith("tool:")), tool)


@pytest.mark.parametrize("message", ["we moved from Leeds to McAllen", "we moved to Lisbon last month"])
def test_a_move_between_towns_is_a_move_of_home(message):
    assert [f for f in said(message) if f.slot == "location"], shown(said(message))
