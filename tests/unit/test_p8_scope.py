"""Context scoping, we-statements and tools: a value said in one context of the user's life (work, a side
project, the family, their studies) never replaces another context's, a change in one context replaces
only that context's value, and what a team uses at work is read.

Every phrasing is invented here (none comes from an evaluation set), varied in form: the context named
before or after the statement, as a place ("at my day job"), a purpose ("for my thesis"), a subject ("my
team", "our startup") or a noun before the thing ("my work laptop"). Conversations are replayed through
the offline extractor and the consolidation rules one message at a time (bench/eval.py's replay), with
every fact similar to every other (0.9), so slots alone must keep the contexts apart.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import bench.eval as bench_eval
from shared.providers.offline import frames
from tests.unit.exchange import march_days, replay_alike


def replay(messages: Sequence[str]) -> bench_eval.Replay:
    return replay_alike(march_days(messages))


def active(messages: Sequence[str]) -> list[str]:
    return sorted(f.text for f in replay(messages).active)


def exactly(texts: list[str], *groups: str) -> bool:
    """One active fact per group, each naming its group's word, and nothing else."""
    return len(texts) == len(groups) and all(sum(g.lower() in t.lower() for t in texts) == 1 for g in groups)


# --- contexts named in many ways: each keeps its own value ------------------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "words"),
    [
        (
            "At my day job we run everything on Oracle.",
            "For the side project I went with SQLite.",
            ("Oracle", "SQLite"),
        ),
        ("For my thesis I use Zotero.", "At work we use Mendeley.", ("Zotero", "Mendeley")),
        ("In our startup we deploy on Render.", "For my side project I deploy on Fly.io.", ("Render", "Fly.io")),
        ("At home we use Signal.", "My team uses Slack.", ("Signal", "Slack")),
        ("For my homelab I run Postgres.", "At the office we're on SQL Server.", ("Postgres", "SQL Server")),
        ("For my dissertation I'm using Python.", "At my job I code in C#.", ("Python", "C#")),
        ("My work laptop is a ThinkPad.", "My home laptop is a MacBook Air.", ("ThinkPad", "MacBook")),
        ("For the hobby project (a plant tracker) I picked MongoDB.", "At work we use DB2.", ("MongoDB", "DB2")),
    ],
)
def test_a_value_said_in_one_context_leaves_the_other_contexts_value(first, second, words):
    texts = active([first, second])
    assert exactly(texts, *words), texts


def test_two_contexts_in_one_sentence_each_keep_their_thing():
    run = replay(["my work car is a Skoda Octavia (leased) and the family car is a Volvo estate"])
    texts = sorted(f.text for f in run.active)
    assert exactly(texts, "Skoda", "Volvo"), texts
    assert len({f.slot for f in run.active}) == 2


@pytest.mark.parametrize(
    ("said", "context"),
    [
        ("for my thesis I use R", "study"),
        ("For my PhD I write everything in LaTeX", "study"),
        ("at uni we use Moodle", "study"),
        ("in our startup we deploy on Render", "work"),
        ("at my day job we use Jira", "work"),
        ("for my homelab I run Proxmox", "side project"),
        ("on the side gig I use Webflow", "side project"),
        ("at home we use Plex", "family"),
    ],
)
def test_a_context_is_recognised_by_its_form(said, context):
    assert frames.find_context(said, "en")[0] == context


def test_the_context_is_part_of_a_belongings_slot():
    run = replay(["My work phone is a Pixel 7."])
    assert [f.slot.endswith("@work") for f in run.predicted] == [True]


# --- a change in one context replaces only that context's value -------------------------------------------


@pytest.mark.parametrize(
    ("messages", "words"),
    [
        (
            ["For my thesis I use R.", "At work we use Python.", "For my thesis I switched from R to Julia."],
            ("Julia", "Python"),
        ),
        (
            [
                "For the side project I host on Heroku.",
                "At work we host on AWS.",
                "I moved the side project to Fly.io.",
            ],
            ("Fly.io", "AWS"),
        ),
        (
            [
                "my work car is a Dovetail van and the family car is a Skoda estate",
                "we finally replaced the skoda with an electric Kia.",
            ],
            ("Dovetail", "Kia"),
        ),
        (
            [
                "At work our CI is Jenkins.",
                "For my side project I use GitHub Actions for CI.",
                "At work we replaced Jenkins with GitLab CI.",
            ],
            ("GitLab", "GitHub Actions"),
        ),
        (
            ["At my day job we use Jira.", "At home we keep chores in Trello.", "At my day job we moved to Linear."],
            ("Linear", "Trello"),
        ),
    ],
)
def test_a_change_in_one_context_leaves_the_other(messages, words):
    texts = active(messages)
    assert exactly(texts, *words), texts


def test_an_ending_in_one_context_leaves_the_other():
    texts = active(["At home I use Firefox.", "At work I use Chrome.", "At home I stopped using Firefox."])
    assert exactly(texts, "Chrome"), texts


def test_a_change_naming_no_context_finds_the_one_context_holding_the_slot():
    texts = active(["For my thesis I use Overleaf.", "I switched from Overleaf to Typst."])
    assert exactly(texts, "Typst"), texts


# --- we-statements about work ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "word"),
    [
        ("We build our backend with MySQL.", "MySQL"),
        ("My team uses PagerDuty for on-call.", "PagerDuty"),
        ("Our startup deploys on Render.", "Render"),
        ("In our startup we track everything in Linear.", "Linear"),
        ("We keep our runbooks in Notion at work.", "Notion"),
    ],
)
def test_a_we_statement_about_work_is_read(said, word):
    texts = active([said])
    assert exactly(texts, word), texts


@pytest.mark.parametrize(
    ("messages", "new", "old"),
    [
        (["We use Jenkins for CI.", "My team moved from Jenkins to CircleCI."], "CircleCI", "Jenkins"),
        (["Our CI runs on Jenkins.", "We switched our CI to Buildkite last month."], "Buildkite", "Jenkins"),
        (["In our startup we use Linear.", "We replaced Linear with Jira."], "Jira", "Linear"),
        (["We build our backend with MySQL.", "We migrated the backend from MySQL to Postgres."], "Postgres", "MySQL"),
    ],
)
def test_a_tool_replaced_within_work_replaces_it(messages, new, old):
    texts = active(messages)
    # The new value may name what it replaced ("... instead of Jenkins"); the old value alone is gone.
    assert exactly(texts, new) and not any(old in t.split(" instead of ")[0] for t in texts), texts


# --- a statement naming no context -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("messages", "words"),
    [
        (["For my side project I use SQLite.", "We use Postgres."], ("SQLite", "Postgres")),
        (["My side project is written in Go.", "Our team writes everything in Java."], ("Go", "Java")),
    ],
)
def test_a_teams_tool_stated_is_works_and_leaves_the_side_projects(messages, words):
    texts = active(messages)
    assert exactly(texts, *words), texts


def test_a_change_naming_no_context_finds_the_family_thing_it_changes():
    texts = active(["At home we use Signal.", "I work as a nurse.", "we switched to WhatsApp."])
    assert exactly(texts, "WhatsApp", "nurse"), texts


def test_a_thing_of_the_team_and_its_change_share_a_slot():
    texts = active(["our team's CI is Corvid, it's slow", "we switched our CI to Swiftrun"])
    assert exactly(texts, "Swiftrun"), texts


def test_where_a_team_lives_is_not_where_the_user_lives():
    run = replay(["our team lives in Notion, honestly"])
    assert not any(f.slot == "location" for f in run.predicted), [f.text for f in run.predicted]


def test_a_tool_kept_up_since_a_stated_date_is_a_tool_not_an_event():
    run = replay(["We've been on Postgres since 2022."])
    assert [(f.slot or "").startswith("tool:") for f in run.predicted] == [True]
    assert run.predicted[0].valid_from.year == 2022


@pytest.mark.parametrize(
    ("said", "context"),
    [
        ("switched the thesis analysis to Julia", "study"),
        ("I moved my homelab from Proxmox to XCP-ng", "side project"),
        ("we moved the family photos from Google Photos to iCloud", "family"),
    ],
)
def test_a_change_made_to_a_thing_of_a_context_is_that_contexts(said, context):
    assert frames.find_context(said, "en")[0] == context


def test_a_change_to_the_thesis_replaces_the_thesis_tool_and_leaves_works():
    texts = active(
        [
            "for my thesis i'm using Stata, my supervisor hates it",
            "At work we use Python.",
            "switched the thesis analysis to R",
        ]
    )
    assert exactly(texts, "R for their thesis", "Python"), texts


def test_examples_after_a_tool_are_no_tastes():
    run = replay(["i keep all my notes in Tallyo, like recipes, meeting notes, my diary. can I export them?"])
    assert not any((f.slot or "").startswith("like:") for f in run.predicted), [f.text for f in run.predicted]


@pytest.mark.parametrize(
    "change",
    [
        "side project moved to Pebbledb, the old one kept crashing",
        "I moved my side project to Pebbledb",
        "my side project switched over to Pebbledb",
    ],
)
def test_a_project_of_ones_own_moved_to_a_tool_changes_its_tool_and_not_the_home(change):
    run = replay(["At work we use Fenwick.", "my side project uses Mossdb", change])
    texts = sorted(f.text for f in run.active)
    assert exactly(texts, "Fenwick", "Pebbledb"), texts
    assert not any(f.slot == "location" for f in run.predicted)


# --- a retraction naming no context ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("messages", "left"),
    [
        (["At home I use Firefox.", "At work I use Chrome.", "I stopped using Firefox."], ("Chrome",)),
        (["For my side project I use SQLite.", "At work we use Postgres.", "We dropped SQLite."], ("Postgres",)),
        (["At home I use Firefox.", "At work I use Firefox.", "I stopped using Firefox."], ("home",)),
    ],
)
def test_a_retraction_naming_no_context_ends_the_fact_that_names_it(messages, left):
    texts = active(messages)
    assert exactly(texts, *left), texts


def test_the_retraction_rule_needs_exactly_one_fact_naming_the_value():
    from datetime import UTC, datetime
    from uuid import uuid4

    from shared.domain.consolidation import ActiveFact, CandidateView, retraction_where_named
    from shared.domain.models import Decision, Op

    at = datetime(2026, 3, 2, tzinfo=UTC)

    def fact(text: str, slot: str) -> ActiveFact:
        return ActiveFact(uuid4(), text, text.lower(), slot, at, 0.8)

    gone = CandidateView("The user no longer uses Firefox", "tool:browser", True, at, value="Firefox")
    home, work = (
        fact("The user uses Firefox at home", "tool:browser@family"),
        fact("The user uses Chrome", "tool:browser"),
    )
    assert retraction_where_named(gone, [work, home]) == Decision(
        Op.DELETE, 1, reason="retracts the one active fact on tool:browser in any context that names it"
    )
    side = fact("The user uses Firefox for a side project", "tool:browser@side-project")
    assert retraction_where_named(gone, [work, home, side]) is None  # two contexts name it: which one?
    scoped = CandidateView("The user no longer uses Firefox (at work)", "tool:browser@work", True, at, value="Firefox")
    assert retraction_where_named(scoped, [work, home]) is None  # a context named is that context's only


def test_a_kind_of_context_with_a_word_of_its_own_before_it():
    texts = active(
        [
            "I use Lightroom for my photography hobby and Photoshop at work",
            "I replaced Lightroom with Darktable for my hobby",
        ]
    )
    assert exactly(texts, "Photoshop", "Darktable"), texts


def test_ones_own_stuff_as_the_subject_is_the_side_projects():
    texts = active(["my open source stuff is on Codeberg", "At work we're on GitLab."])
    assert exactly(texts, "Codeberg", "GitLab"), texts


@pytest.mark.parametrize(
    ("said", "words"),
    [
        ("Au boulot on utilise Teams, à la maison on utilise Signal.", ("Teams", "Signal")),
        ("Bei der Arbeit verwenden wir Postgres, für mein Nebenprojekt nutze ich SQLite.", ("Postgres", "SQLite")),
    ],
)
def test_two_contexts_joined_by_a_comma_in_another_language(said, words):
    texts = active([said])
    assert exactly(texts, *words), texts


def test_a_move_off_a_tool_one_uses_is_a_change_of_that_tool_not_of_home():
    run = replay(
        [
            "I live in Lisbon.",
            "at work our tickets live in Ticketry, nobody likes it",
            "update: we finally moved from ticketry to Boardly",
        ]
    )
    texts = sorted(f.text for f in run.active)
    assert exactly(texts, "Lisbon", "Boardly"), texts


def test_a_heading_naming_a_context_scopes_what_follows_it():
    texts = active(
        [
            "at work we deploy with Shipwright",
            "side project: i use Pushr for deploys",
            "work news: we switched to Launchpadd last week",
        ]
    )
    assert exactly(texts, "Pushr", "Launchpadd"), texts


def test_a_database_named_by_its_role_is_the_database_and_a_change_replaces_it():
    texts = active(
        ["our staging db at work is Marlinsql", "for the weekend project i went with Tinydb", "we migrated to Stonedb"]
    )
    assert exactly(texts, "Tinydb", "Stonedb"), texts
