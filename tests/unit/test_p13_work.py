"""Work and the other groups one belongs to, kept apart (#12, p13-work).

Written before the code, in invented phrasings (none from an evaluation set), with near-misses that must
give nothing:

- a group of one's own life outside work (a band, a choir, a club, a sports team, a food bank one volunteers
  at) is a context of its own: what it uses goes on that group's slot ("tool:group-chat@band"), said with the
  group as the subject ("my band uses discord", "choir's on whatsapp now"), as the place of a "we" clause ("for
  my band we use Trello", "at the food bank we track stock in Airtable"), or joined before a "we" clause ("I sing
  in a choir and we share the scores on Dropbox"). Someone else's group, a favourite band, a question or a plan
  names no context of the user's;
- the chat apps of such groups (whatsapp, discord, telegram) are a kind of tool apart from work's chat, so the
  band's app never replaces work's Slack, and the band's new app replaces its old one;
- where one's team or company is based ("our team is based in Berlin", "the startup is headquartered in Lyon",
  "our office is in Leeds") is where the user works, not a belonging; someone else's team, a question, a plan
  or "based on" something gives no place of work;
- a named company joined at a stated time ("I joined Spotify in 2022") is the employer from then; a social
  network joined ("I joined Twitter in 2009"), a name said in lower case or with words of an account
  ("followers") is no job.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from tests.unit.exchange import march_days, message_facts, replay

DAY = datetime(2026, 5, 20, 18, 0, tzinfo=UTC)


def said(text: str, *before: str) -> list[tuple[str, str]]:
    found = message_facts(text, *before, at=DAY)
    return [(("NOT " if f.negated else "") + f.text, f.slot or "") for f in found]


def _slot_with(text: str, slot: str, *words: str) -> bool:
    return any(s == slot and all(w.lower() in t.lower() for w in words) for t, s in said(text))


# --- one's own groups as contexts -----------------------------------------------------------------------------

GROUP_TOOLS = [
    ("my band uses discord", "tool:group-chat@band", ("band", "discord")),
    ("band's on whatsapp now", "tool:group-chat@band", ("band", "whatsapp")),
    ("our choir moved from whatsapp to telegram", "tool:group-chat@choir", ("choir", "telegram")),
    ("the running club switched to discord last month", "tool:group-chat@running-club", ("club", "discord")),
    ("Our football team is on WhatsApp", "tool:group-chat@football-team", ("team", "whatsapp")),
    ("for my band we use Trello", "tool:issue-tracker@band", ("band", "trello")),
    ("at the food bank we track stock in Airtable", "tool:airtable@food-bank", ("food bank", "airtable")),
    ("in my choir we use Dropbox for the sheet music", "tool:sheet-music@choir", ("choir", "dropbox")),
    (
        "i volunteer at the Elmfield food bank and we track donations in Airtable",
        "tool:airtable@food-bank",
        ("food bank", "airtable"),
    ),
    ("I sing in a choir, we use Discord for everything", "tool:group-chat@choir", ("choir", "discord")),
    ("ok sorted, choir's on telegram now", "tool:group-chat@choir", ("choir", "telegram")),
]


@pytest.mark.parametrize(("text", "slot", "words"), GROUP_TOOLS)
def test_a_group_of_ones_own_is_a_context(text: str, slot: str, words: tuple[str, ...]) -> None:
    assert _slot_with(text, slot, *words), said(text)


GROUP_NEAR_MISSES = [
    "my favourite band is on tiktok now",
    "my brother's band uses discord",
    "should my band move to whatsapp?",
    "the band was amazing last night",
    "my band might switch to telegram",
    "does your choir use whatsapp?",
]


@pytest.mark.parametrize("text", GROUP_NEAR_MISSES)
def test_no_group_of_the_users_named(text: str) -> None:
    found = said(text)
    assert not any("@" in s and s.rsplit("@", 1)[1] in ("band", "choir") for _, s in found), found
    assert not any(s.startswith("tool:") for _, s in found), found


def test_a_groups_app_never_replaces_works_chat() -> None:
    done = replay(march_days(["at work we use Slack", "my band uses discord", "band's on whatsapp now"]))
    active = [(f.text, f.slot) for f in done.active]
    assert any("Slack" in t for t, _ in active), active
    assert any("whatsapp" in t.lower() and (s or "").endswith("@band") for t, s in active), active
    assert not any("discord" in t.lower() for t, _ in active), active


def test_a_group_and_work_in_one_sentence_keep_their_own_contexts() -> None:
    found = said("my choir is on telegram but at work we're stuck on Teams")
    assert any(s == "tool:group-chat@choir" for _, s in found), found
    assert any(s.startswith("tool:chat") and "Teams" in t for t, s in found), found


# --- a work thing named by its kind ----------------------------------------------------------------------------

WORK_THINGS = [
    ("our company chat is teams (ugh)", "tool:chat@work", ("teams",)),
    ("our team chat is slack now", "tool:chat@work", ("slack",)),
    ("the company wiki is Confluence", "tool:docs@work", ("Confluence",)),
    ("my work email is Outlook", "tool:email@work", ("Outlook",)),
]


@pytest.mark.parametrize(("text", "slot", "words"), WORK_THINGS)
def test_a_work_thing_named_by_its_kind_is_works_tool(text: str, slot: str, words: tuple[str, ...]) -> None:
    assert _slot_with(text, slot, *words), said(text)


WORK_THING_NEAR_MISSES = [
    "our company chat is a mess",
    "our team lead is Sarah",
    "my work chat is on fire lol",
    "is our company wiki Confluence?",
]


@pytest.mark.parametrize("text", WORK_THING_NEAR_MISSES)
def test_no_work_tool_named(text: str) -> None:
    assert not any(s.startswith("tool:") for _, s in said(text)), said(text)


# --- where the team is based ----------------------------------------------------------------------------------

TEAM_PLACES = [
    ("our team is based in Berlin", "Berlin"),
    ("my company's headquartered in Dublin", "Dublin"),
    ("the startup is based out of Tallinn", "Tallinn"),
    ("our office is in Leeds", "Leeds"),
    ("fyi our whole dev team sits in Kraków", "Kraków"),
]


@pytest.mark.parametrize(("text", "place"), TEAM_PLACES)
def test_where_the_team_is_based_is_where_the_user_works(text: str, place: str) -> None:
    found = said(text)
    assert any(s == "work:location" and place in t for t, s in found), found
    assert not any(s.startswith("own:") for _, s in found), found


TEAM_PLACE_NEAR_MISSES = [
    "our client is based in Berlin",
    "my sister's company is based in Oslo",
    "is your team based in Berlin?",
    "our team is based on trust",
    "our team might be based in Lisbon next year",
]


@pytest.mark.parametrize("text", TEAM_PLACE_NEAR_MISSES)
def test_no_place_of_work_said(text: str) -> None:
    assert not any(s == "work:location" for _, s in said(text)), said(text)


# --- a company joined at a stated time ------------------------------------------------------------------------

JOINED = [
    ("I joined Spotify in 2022", "Spotify", date(2022, 1, 1)),
    ("i joined Netflix back in 2019", "Netflix", date(2019, 1, 1)),
    ("I joined Etsy last March", "Etsy", date(2026, 3, 1)),
]


@pytest.mark.parametrize(("text", "org", "since"), JOINED)
def test_a_company_joined_at_a_time_is_the_employer(text: str, org: str, since: date) -> None:
    found = [f for f in message_facts(text, at=DAY) if f.slot == "employer" and not f.negated]
    assert found and org in found[0].text, said(text)
    assert found[0].valid_from is not None and found[0].valid_from.date() == since


JOINED_NEAR_MISSES = [
    "I joined reddit in 2015",
    "I joined Instagram in 2012, have like 200 followers",
    "I joined Twitter in 2009",
    "joined strava last year",
]


@pytest.mark.parametrize("text", JOINED_NEAR_MISSES)
def test_joining_a_network_is_no_job(text: str) -> None:
    assert not any(s == "employer" for _, s in said(text)), said(text)


# --- a tool one puts a project on, sets up, or keeps one's things in ------------------------------------------

PLACED = [
    ("for my side project i just threw it on Netlify", "tool:cloud@side-project", ("Netlify",)),
    ("we host it on Heroku now", "tool:cloud", ("Heroku",)),
    ("for my hobby app I stuck it on Vercel", "tool:cloud@side-project", ("Vercel",)),
    ("for my hobby project i set up Forgejo Actions", "tool:ci@side-project", ("Forgejo Actions",)),
    ("we set up Grafana last week", "tool:monitoring", ("Grafana",)),
    ("i spun up Jenkins for my thesis", "tool:ci@study", ("Jenkins",)),
    ("my passwords all live in KeePassXC", "tool:password-manager", ("KeePassXC", "passwords")),
    ("our notes live in Obsidian", "tool:obsidian", ("Obsidian", "notes")),
]


@pytest.mark.parametrize(("text", "slot", "words"), PLACED)
def test_a_tool_put_to_use_is_used(text: str, slot: str, words: tuple[str, ...]) -> None:
    assert _slot_with(text, slot, *words), said(text)


PLACED_NEAR_MISSES = [
    "I put it on the table",
    "we threw it on the grill",
    "should I host it on Netlify?",
    "I might put it on Vercel",
    "I set up a meeting with Dave",
    "I set up Tom with my cousin",
    "I'm going to set up Grafana",
    "my notes live in a drawer",
]


@pytest.mark.parametrize("text", PLACED_NEAR_MISSES)
def test_no_tool_put_to_use(text: str) -> None:
    assert not any(s.startswith("tool:") for _, s in said(text)), said(text)


# --- a job ahead at a named employer ----------------------------------------------------------------------------

JOBS_AHEAD = [
    ("i'm gonna be a junior dev at Brightwell from september", "Brightwell", date(2026, 9, 1)),
    ("I'll be working at Siemens from June", "Siemens", date(2026, 6, 1)),
    ("I'll be a nurse at St Mary's from next month", "St Mary's", date(2026, 6, 1)),
    ("I start at Monzo next month as a data scientist", "Monzo", date(2026, 6, 1)),
]


@pytest.mark.parametrize(("text", "org", "since"), JOBS_AHEAD)
def test_a_job_ahead_names_the_new_employer(text: str, org: str, since: date) -> None:
    found = [f for f in message_facts(text, at=DAY) if f.slot == "employer" and not f.negated]
    assert found and org in found[0].text, said(text)
    assert found[0].valid_from is not None and found[0].valid_from.date() == since, said(text)


JOBS_AHEAD_NEAR_MISSES = [
    "I'm going to be a line cook at Basil & Rye",  # no time: an event, never the job held now (test_p8_fixa)
    "my sister is going to be a teacher at Oakridge",
    "I'd love to be a designer at Figma",
    "I will be at Google tomorrow for a meeting",
    "I'm going to be a dad",
    "maybe I'll be working at Siemens one day",
]


@pytest.mark.parametrize("text", JOBS_AHEAD_NEAR_MISSES)
def test_no_job_ahead(text: str) -> None:
    assert not any(s == "employer" for _, s in said(text)), said(text)


# --- a title with its stage of training after it --------------------------------------------------------------

TRAINEES = [
    ("i'm an air traffic controller trainee now", "air traffic controller trainee"),
    ("I'm a plumber apprentice", "plumber apprentice"),
    ("im a paralegal trainee these days", "paralegal trainee"),
]


@pytest.mark.parametrize(("text", "role"), TRAINEES)
def test_a_title_in_training_is_the_occupation(text: str, role: str) -> None:
    assert any(s == "occupation" and role in t.lower() for t, s in said(text)), said(text)


@pytest.mark.parametrize("text", ["I'm a gym trainee", "my son is a plumber apprentice", "I'm a bit of an apprentice"])
def test_no_title_in_training(text: str) -> None:
    assert not any(s == "occupation" for _, s in said(text)), said(text)


# --- the employer named by the people one works with there, or by "called" --------------------------------------

EMPLOYERS_SAID_ASIDE = [
    ("my boss at Fernway is a nightmare", "Fernway"),
    ("My manager at Quillon Health just quit lol", "Quillon Health"),
    ("my coworkers at Brackenridge are lovely", "Brackenridge"),
    ("I work as a barista at a café called Bean There", "Bean There"),
    ("i'm a developer at a tiny startup called Nodewell", "Nodewell"),
]


@pytest.mark.parametrize(("text", "org"), EMPLOYERS_SAID_ASIDE)
def test_the_employer_said_aside(text: str, org: str) -> None:
    assert any(s == "employer" and org in t for t, s in said(text)), said(text)


EMPLOYER_ASIDE_NEAR_MISSES = [
    "my friend at Google says hi",
    "my old boss at Fernway was awful",
    "my dad's boss at Ford retired",
    "I joined a band called Wolfsbane",
    "is my manager at Quillon allowed to do that?",
]


@pytest.mark.parametrize("text", EMPLOYER_ASIDE_NEAR_MISSES)
def test_no_employer_said_aside(text: str) -> None:
    assert not any(s == "employer" for _, s in said(text)), said(text)


@pytest.mark.parametrize(
    "text", ["I'm a tester at a startup called Plume's beta", "joined an agency called Marrow, left in the spring"]
)
def test_a_workplace_called_is_no_employer_when_not_held(text: str) -> None:
    assert not any(s == "employer" and not t.startswith("NOT") for t, s in said(text)), said(text)


# --- one's state of work said without "I am" --------------------------------------------------------------------

STATES_BARE = [
    ("currently unemployed, looking for work", "unemployed"),
    ("still between jobs atm. any tips for interviews?", "unemployed"),
    ("Out of work since the factory closed", "unemployed"),
]


@pytest.mark.parametrize(("text", "word"), STATES_BARE)
def test_a_state_of_work_said_bare(text: str, word: str) -> None:
    assert any(s == "employer" and t.startswith("NOT") and word in t for t, s in said(text)), said(text)


@pytest.mark.parametrize(
    "text", ["unemployed people get a discount there", "unemployed? me? never", "my brother is between jobs"]
)
def test_no_state_of_work_said_bare(text: str) -> None:
    assert not any(s == "employer" for _, s in said(text)), said(text)
