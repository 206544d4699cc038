"""Issue #12, session 12 (work): classes of work talk the blind halves miss, read by their structure.

- a ROLE is known by its noun from a wider lexicon of trades (porter, groomer, solicitor, lab tech, ...), so
  "I'm a <role> at <Org>" gives the role and the employer whatever the trade;
- a CHANGE OF TOOL said as leaving one ("moved off X to Y", "migrated away from X onto Y") keeps the new tool;
- a WE-STATEMENT with a quantifier ("we all moved to X", "we've both switched to Y") is the team's statement;
- a ROLE SAID WITHOUT ITS SUBJECT after a job heading or beside another self-description ("new job: office
  admin at X", "i'm 29, currently a lab tech at X") is the user's role and employer.

Every line was written for this file; none comes from an evaluation set.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from shared.domain.models import ExtractedFact
from tests.unit.exchange import message_facts

SAID = datetime(2026, 5, 20, 18, 30, tzinfo=UTC)


def said(text: str) -> list[ExtractedFact]:
    return message_facts(text)


def texts(facts: list[ExtractedFact]) -> list[str]:
    return [f"{f.text} [{f.slot}]" for f in facts]


# --- a role known by its trade -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "role", "org"),
    [
        ("I'm a hotel porter at the Grand Vesper, any tips for staying awake", "porter", "Grand Vesper"),
        ("im a dog groomer at Waggly Tails", "groomer", "Waggly Tails"),
        ("I am a solicitor at Brindle & Co.", "solicitor", "Brindle & Co"),
        ("i'm a lab tech at Corvane Diagnostics btw", "lab tech", "Corvane Diagnostics"),
        ("I'm a hairdresser at Snip Society 💇", "hairdresser", "Snip Society"),
        ("Im a courier for Parcelgrid, mostly evenings", "courier", "Parcelgrid"),
    ],
)
def test_a_role_of_any_trade_at_an_org_is_an_occupation_and_an_employer(text: str, role: str, org: str) -> None:
    facts = said(text)
    # a trade said with its employer is one fact on the employer's slot; a role the office lexicon knows is two
    assert any(f.slot in ("occupation", "employer") and role in f.text for f in facts), texts(facts)
    assert any(f.slot == "employer" and org in f.text for f in facts), texts(facts)


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("I'm a hotel porter, what should I eat before a night shift", "hotel porter"),
        ("i am a dog groomer lol", "dog groomer"),
        ("im a solicitor, mostly conveyancing", "solicitor"),
        ("I'm a locksmith", "locksmith"),
    ],
)
def test_a_trade_said_alone_is_an_occupation(text: str, role: str) -> None:
    facts = said(text)
    assert any(f.slot == "occupation" and role in f.text for f in facts), texts(facts)


def test_a_trade_with_its_employer_is_one_fact_on_the_employer() -> None:
    facts = said("I'm a night porter at the Grand Vesper")
    assert [f.slot for f in facts] == ["employer"], texts(facts)
    assert "night porter at the Grand Vesper" in facts[0].text


@pytest.mark.parametrize(
    "text",
    [
        "I'm a regular at the Crown and Anchor",
        "I'm a member at Ironworks Gym",
        "I'm a volunteer at the Red Cross shop on saturdays",
        "I'm a season ticket holder at Millwall",
        "I'm a big fan of the porter at Brewdog",
    ],
)
def test_a_regular_a_member_or_a_fan_is_no_occupation(text: str) -> None:
    facts = said(text)
    assert not any(f.slot in ("occupation", "employer") for f in facts), texts(facts)


# --- a change of tool said as leaving one ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "old", "new"),
    [
        ("we moved off jira to Linear in march", "jira", "Linear"),
        ("I migrated away from Heroku onto Render last week", "Heroku", "Render"),
        ("our team switched off of npm to pnpm", "npm", "pnpm"),
        ("we've moved away from Jenkins to GitHub Actions", "Jenkins", "GitHub Actions"),
        ("finally migrated off mongo onto postgres 🎉", "mongo", "postgres"),
    ],
)
def test_leaving_one_tool_for_another_keeps_the_new_one(text: str, old: str, new: str) -> None:
    facts = said(text)
    assert any(new in f.text and not f.negated and (f.slot or "").startswith("tool:") for f in facts), texts(facts)


@pytest.mark.parametrize(
    "text",
    [
        "we moved off campus to a flat in Leeds",
        "I moved away from London to Margate",
        "should we move off jira to Linear?",
        "if we migrated away from Heroku to Render would it be cheaper",
    ],
)
def test_leaving_a_place_or_asking_is_no_tool(text: str) -> None:
    facts = said(text)
    assert not any((f.slot or "").startswith("tool:") and not f.negated for f in facts), texts(facts)


# --- a we-statement with a quantifier --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("we all moved to Linear last quarter", "Linear"),
        ("at my company we all switched to Slack", "Slack"),
        ("we've both switched to Signal", "Signal"),
        ("we all use Figma now", "Figma"),
        ("we both use Bitwarden", "Bitwarden"),
    ],
)
def test_we_all_says_what_we_do(text: str, tool: str) -> None:
    facts = said(text)
    assert any(tool in f.text and not f.negated for f in facts), texts(facts)


@pytest.mark.parametrize(
    "text",
    [
        "we all love pizza fridays lol",
        "should we all switch to Linear?",
        "do you think we all use Figma wrong",
    ],
)
def test_we_all_near_misses_give_no_tool(text: str) -> None:
    facts = said(text)
    assert not any((f.slot or "").startswith("tool:") for f in facts), texts(facts)


# --- a role said without its subject -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "role", "org"),
    [
        ("new job!! office admin at Pellham Dental since monday", "admin", "Pellham Dental"),
        ("new gig: sous chef at Marlow & Vine, started last week", "chef", "Marlow & Vine"),
        ("i'm 31, currently a solicitor at Ostrow Legal, live in Hove", "solicitor", "Ostrow Legal"),
        ("big news: junior accountant at Fenwright since april!", "accountant", "Fenwright"),
    ],
)
def test_a_role_said_after_a_job_heading_is_the_users(text: str, role: str, org: str) -> None:
    facts = said(text)
    # a trade said with its employer is one fact on the employer's slot; a role the office lexicon knows is two
    assert any(f.slot in ("occupation", "employer") and role in f.text for f in facts), texts(facts)
    assert any(f.slot == "employer" and org in f.text for f in facts), texts(facts)


@pytest.mark.parametrize(
    "text",
    [
        "my sister, a nurse at St Brigid's, says it's fine",
        "a nurse at St Brigid's told me to rest",
        "looking for a paralegal at Ostrow Legal to ask",
        "any tips? the barista at Copperleaf was rude",
    ],
)
def test_someone_elses_role_without_a_subject_is_not_the_users(text: str) -> None:
    facts = said(text)
    assert not any(f.slot in ("occupation", "employer") for f in facts), texts(facts)


# --- a context opening a later clause scopes that clause only --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "scoped", "unscoped"),
    [
        ("my band uses Discord, at work we use Slack", "Slack", "Discord"),
        ("the choir keeps its music on Dropbox and at work we use OneDrive", "OneDrive", None),
        ("I chat with friends on Signal, but at the office we're on Teams", "Teams", "Signal"),
        ("i track my runs in Strava; at my day job we use Jira", "Jira", "Strava"),
    ],
)
def test_a_marker_opening_a_later_clause_scopes_only_that_clause(text: str, scoped: str, unscoped: str | None) -> None:
    facts = said(text)
    assert any(scoped in f.text and (f.slot or "").endswith("@work") for f in facts), texts(facts)
    assert not any(unscoped and unscoped in f.text and "@work" in (f.slot or "") for f in facts), texts(facts)
    assert not any(unscoped is None and "Dropbox" in f.text and "@work" in (f.slot or "") for f in facts), texts(facts)


@pytest.mark.parametrize(
    "text",
    [
        "I use Python, at work anyway",
        "I code in Rust, at work and at home",
        "I use Jira at work, and at home I use Trello",
    ],
)
def test_a_marker_closing_its_clause_still_scopes_it(text: str) -> None:
    facts = said(text)
    assert any((f.slot or "").endswith("@work") for f in facts), texts(facts)


# --- a tool one is stuck with is a tool used --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("at my day job we're stuck with Asana", "Asana"),
        ("i'm stuck with Teams at work ugh", "Teams"),
        ("we are still stuck on jira", "jira"),
        ("we're kinda stuck with Jenkins for now", "Jenkins"),
    ],
)
def test_stuck_with_a_known_tool_is_using_it(text: str, tool: str) -> None:
    facts = said(text)
    assert any(tool in f.text and (f.slot or "").startswith("tool:") and not f.negated for f in facts), texts(facts)


@pytest.mark.parametrize(
    "text",
    [
        "we're stuck with the bill",
        "i'm stuck on level 3",
        "stuck with Dave all day",
        "i'm stuck on a jira ticket",
        "we're stuck on the Figma export",
        "are you stuck with Jira too?",
    ],
)
def test_stuck_with_anything_else_is_no_tool(text: str) -> None:
    facts = said(text)
    assert not any((f.slot or "").startswith("tool:") for f in facts), texts(facts)


def test_joining_an_employer_in_a_trade_is_one_fact_on_the_employer() -> None:
    facts = said("I joined Harlow Books as a porter last week")
    assert [f.slot for f in facts] == ["employer"], texts(facts)
    assert "porter at Harlow Books" in facts[0].text
