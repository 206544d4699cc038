"""End state, by class: what stays active (and what ``as_of`` answers) after a short conversation is
replayed through the offline extractor and the consolidation rules, one message at a time, the way the
stages see it (bench/eval.py's replay).

The phrasings are invented here, one or two per class; none comes from an evaluation set. Similarity is
a constant 0.9 between any two facts: every active fact is a neighbour of every candidate, the harshest
setting for "one context's value replaces another's", so slots alone must keep facts apart.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

import bench.eval as bench_eval
from shared.domain.consolidation import ActiveFact, CandidateView, plan_change
from shared.domain.models import Decision, Op
from tests.unit.exchange import replay_alike as replay


def active_texts(run: bench_eval.Replay) -> list[str]:
    return sorted(f.text for f in run.active)


def valid_at(run: bench_eval.Replay, moment: str) -> list[str]:
    return sorted(f.text for f in run.memory.valid_at(datetime.fromisoformat(moment)))


def only(texts: list[str], *words: str) -> bool:
    """Exactly one text, and it names every word."""
    return len(texts) == 1 and all(w.lower() in texts[0].lower() for w in words)


# --- stated time is valid time (the must-show: "moved last week") -----------------------------


def test_moved_last_week_as_of_between_the_two_stated_dates_answers_the_old_then_the_new_place():
    # Said on Monday 2026-03-16: "last week" began on 2026-03-09.
    run = replay([("I live in Graz.", "2026-01-10"), ("I moved to Linz last week.", "2026-03-16")])
    assert only(active_texts(run), "Linz")
    assert only(valid_at(run, "2026-03-01T12:00:00+00:00"), "Graz")
    # Between the stated date and the message: already Linz, though nobody had said so yet.
    assert only(valid_at(run, "2026-03-11T12:00:00+00:00"), "Linz")


def test_an_ending_in_a_stated_month_ends_the_fact_in_that_month():
    run = replay([("I work at Bosch.", "2026-01-10"), ("I left Bosch in April.", "2026-06-16")])
    assert active_texts(run) == []
    assert only(valid_at(run, "2026-03-01T12:00:00+00:00"), "Bosch")
    assert valid_at(run, "2026-05-11T12:00:00+00:00") == []


def test_a_change_said_with_a_month_starts_the_new_value_that_month():
    run = replay(
        [("I use Evernote for notes.", "2026-01-10"), ("I swapped Evernote for Bear last month.", "2026-05-12")]
    )
    assert only(active_texts(run), "Bear")
    assert only(valid_at(run, "2026-03-20T12:00:00+00:00"), "Evernote")
    assert only(valid_at(run, "2026-04-20T12:00:00+00:00"), "Bear")


# --- a change lands on the slot of what it changes ------------------------------------------------------


def test_the_new_value_of_a_replacement_takes_the_slot_of_the_value_it_replaces():
    run = replay([("I drive a VW Golf.", "2026-03-02"), ("I traded my Golf for a Kia EV6.", "2026-05-12")])
    [golf] = [f for f in run.predicted if "Golf" in f.text and not f.negated]
    [kia] = [f for f in run.predicted if "Kia" in f.text]
    assert kia.slot == golf.slot
    assert only(active_texts(run), "Kia")
    # A later change of the same thing, named only by its new value, then finds it by slot.
    later = replay(
        [
            ("I drive a VW Golf.", "2026-03-02"),
            ("I traded my Golf for a Kia EV6.", "2026-05-12"),
            ("I traded the Kia for a Polestar 2.", "2026-07-12"),
        ]
    )
    assert only(active_texts(later), "Polestar")


def test_switching_to_a_new_thing_replaces_the_one_earlier_thing_of_its_kind():
    # The old value is not named: the one earlier belonging or habit of a matching kind is what changed.
    run = replay([("My phone is a Galaxy S22.", "2026-03-02"), ("I switched to a Pixel 8 last week.", "2026-03-16")])
    assert only(active_texts(run), "Pixel 8")
    assert only(valid_at(run, "2026-03-05T12:00:00+00:00"), "Galaxy")
    habit = replay(
        [("I drink three cappuccinos a day.", "2026-03-02"), ("I switched to green tea in April.", "2026-05-16")]
    )
    assert only(active_texts(habit), "green tea")


def test_a_change_of_mind_said_with_instead_replaces_the_earlier_choice():
    run = replay([("We decided to use Angular.", "2026-03-02"), ("We're going with Vue instead.", "2026-03-12")])
    assert only(active_texts(run), "Vue")


def test_instead_of_a_named_thing_ends_the_fact_about_it():
    run = replay(
        [("I play badminton every Wednesday.", "2026-03-02"), ("Now I play padel instead of badminton.", "2026-05-16")]
    )
    assert only(active_texts(run), "padel")


def test_switching_in_one_context_leaves_the_other_context_alone():
    run = replay(
        [("At work we use Azure.", "2026-03-02"), ("For my hobby app I went with Hetzner instead.", "2026-03-12")]
    )
    texts = active_texts(run)
    assert len(texts) == 2 and any("Azure" in t for t in texts) and any("Hetzner" in t for t in texts)


def test_an_unnamed_switch_with_two_candidate_things_changes_nothing_it_cannot_tell_apart():
    run = replay(
        [
            ("My laptop is a ThinkPad X1.", "2026-03-02"),
            ("My phone is a Galaxy S22.", "2026-03-03"),
            ("I switched to a Pixel 8.", "2026-03-16"),
        ]
    )
    texts = active_texts(run)
    assert any("ThinkPad" in t for t in texts) and any("Galaxy" in t for t in texts)


@pytest.mark.parametrize(
    ("before", "change", "word"),
    [
        ("I'm a plumber.", "I became an electrician last year.", "electrician"),  # an occupation, not an outing
        ("My tablet is an iPad Mini.", "Got a new tablet, a Galaxy Tab.", "new tablet"),  # "a new X" is the X
        ("I swim on Mondays.", "I switched from swimming to rowing.", "rowing"),  # "from X to": X's fact
        ("I drink black tea.", "I switched to rooibos.", "rooibos"),  # only the new value said
        ("I'm on Windows.", "I switched operating systems to Linux.", "Linux"),
        ("I'm a staff nurse.", "I got promoted to ward manager last month.", "ward manager"),
        ("My goal is to climb Kilimanjaro.", "I climbed Kilimanjaro in February!", "climbed"),  # a goal reached
        ("I'm a law student.", "I graduated last summer.", "graduated"),
    ],
)
def test_a_change_replaces_the_earlier_fact_it_is_about(before, change, word):
    run = replay([(before, "2026-03-02"), (change, "2026-03-18")])
    assert only(active_texts(run), word), active_texts(run)


def test_a_work_change_finds_a_work_fact_stated_without_naming_work():
    run = replay([("We use Bitbucket.", "2026-03-02"), ("At work we moved from Bitbucket to GitLab.", "2026-03-18")])
    assert only(active_texts(run), "GitLab")


@pytest.mark.parametrize(
    ("before", "added"),
    [
        ("I play squash on Sundays.", "I now play golf too."),
        ("I drink coffee every morning.", "Now I also drink green tea in the afternoon."),
        ("I use Notion.", "I use Obsidian now as well."),
    ],
)
def test_one_more_thing_said_with_now_replaces_nothing(before, added):
    assert len(active_texts(replay([(before, "2026-03-02"), (added, "2026-03-18")]))) == 2


def test_switching_to_a_kind_of_thing_leaves_an_unrelated_habit_alone():
    run = replay([("I run every morning.", "2026-03-02"), ("I switched to the night shift.", "2026-03-18")])
    assert only(active_texts(run), "runs")


# --- retractions find their fact ---------------------------------------------------------------------


def test_a_replacement_in_a_side_project_stays_in_the_side_project():
    run = replay(
        [
            ("For my side project I use Supabase as the database.", "2026-03-02"),
            ("At my job we use Oracle.", "2026-03-05"),
            ("I moved my side project from Supabase to Neon.", "2026-03-10"),
        ]
    )
    texts = active_texts(run)
    assert len(texts) == 2 and any("Oracle" in t for t in texts) and any("Neon" in t for t in texts)
    [neon] = [f for f in run.predicted if "Neon" in f.text]
    assert (neon.slot or "").endswith("@side-project")


@pytest.mark.parametrize(
    ("before", "ending"),
    [
        ("I ride a Royal Enfield to work.", "Sold my motorbike last month."),  # the vehicle, by its kind
        ("I drive a Skoda Octavia.", "I sold my car."),  # the slot's own name
    ],
)
def test_a_retraction_naming_the_kind_of_thing_ends_the_one_fact_of_that_kind(before, ending):
    assert active_texts(replay([(before, "2026-03-02"), (ending, "2026-05-18")])) == []


# --- rescheduled and dated events -------------------------------------------------------------------


def test_a_rescheduled_event_named_more_briefly_replaces_the_old_date():
    run = replay(
        [
            ("Parent-teacher meeting on Thursday at 6pm.", "2026-03-02"),
            ("The meeting got postponed to next Monday.", "2026-03-03"),
        ]
    )
    assert only(active_texts(run), "2026-03-09")
    # The old date never happened: nothing is valid then.
    assert valid_at(run, "2026-03-05T19:00:00+00:00") == []
    assert only(valid_at(run, "2026-03-09T12:00:00+00:00"), "2026-03-09")


def test_calling_off_an_event_before_it_happens_ends_it_though_its_date_is_later_than_the_message():
    event = ActiveFact(uuid(), "The user's vet visit is on 2026-03-20", "x", "event:vet-visit", _dt("2026-03-20"), 0.9)
    off = CandidateView("The user's vet visit is no longer on the old date", "event:vet-visit", True, _dt("2026-03-05"))
    plan = plan_change(off, Decision(Op.DELETE, 0), [event])
    assert plan.op is Op.DELETE and plan.retract == event.fact_id and plan.ends_at == _dt("2026-03-20")
    # Any other fact still refuses a retraction said before it began (a late or replayed message).
    home = ActiveFact(uuid(), "The user lives in Graz", "x", "location", _dt("2026-03-20"), 0.9)
    gone = CandidateView("The user no longer lives in Graz", "location", True, _dt("2026-03-05"))
    assert plan_change(gone, Decision(Op.DELETE, 0), [home]).op is Op.NONE


# --- context scoping ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "words"),
    [
        (("At work we use Slack.", "2026-03-02"), ("My family uses Telegram.", "2026-03-12"), ("Slack", "Telegram")),
        (
            ("At work we host on AWS.", "2026-03-02"),
            ("My blog is hosted on Netlify.", "2026-03-12"),
            ("AWS", "Netlify"),
        ),
        (
            ("For my side hustle I use Postgres.", "2026-03-02"),
            ("At work we use MariaDB.", "2026-03-12"),
            ("Postgres", "MariaDB"),
        ),
        (("At home I use VS Code.", "2026-03-02"), ("At work I use IntelliJ.", "2026-03-12"), ("VS Code", "IntelliJ")),
    ],
)
def test_a_value_in_one_context_never_replaces_another_contexts(first, second, words):
    texts = active_texts(replay([first, second]))
    assert len(texts) == 2 and all(any(w in t for t in texts) for w in words), texts


def test_each_side_of_a_contrast_keeps_its_context():
    run = replay([("At the office I'm on Linux but at home I use a Mac.", "2026-03-02")])
    texts = active_texts(run)
    assert len(texts) == 2 and any("Linux" in t for t in texts) and any("Mac" in t for t in texts)
    assert len({f.slot for f in run.predicted}) == 2


@pytest.mark.parametrize(
    ("before", "change", "word"),
    [
        ("En el trabajo usamos Postgres.", "En el trabajo migramos a MariaDB.", "MariaDB"),
        ("Ich nutze Vim.", "Jetzt nutze ich Emacs.", "Emacs"),
    ],
)
def test_a_tool_named_in_another_language_lands_on_its_domain(before, change, word):
    assert only(active_texts(replay([(before, "2026-03-02"), (change, "2026-03-18")])), word)


def test_a_change_in_one_context_replaces_only_that_contexts_value():
    run = replay(
        [
            ("At work we use Postgres.", "2026-03-02"),
            ("For my side project I use SQLite.", "2026-03-05"),
            ("At work we migrated to MariaDB last month.", "2026-05-10"),
        ]
    )
    texts = active_texts(run)
    assert len(texts) == 2 and any("MariaDB" in t for t in texts) and any("SQLite" in t for t in texts)
    assert sorted(t.split()[3] for t in valid_at(run, "2026-03-20T12:00:00+00:00")) == ["Postgres", "SQLite"]


def uuid():
    from uuid import uuid4

    return uuid4()


def _dt(day: str) -> datetime:
    return datetime.fromisoformat(day).replace(tzinfo=UTC)


def test_a_change_naming_what_it_replaces_finds_it_beyond_the_extractors_look_back():
    run = replay(
        [
            ("I play badminton every Wednesday.", "2026-03-02"),
            ("I live in Graz.", "2026-03-03"),
            ("I work at Bosch.", "2026-03-04"),
            ("I have a cat named Luna.", "2026-03-05"),
            ("Now I play padel instead of badminton.", "2026-03-12"),
        ]
    )
    texts = active_texts(run)
    assert len(texts) == 4 and any("padel" in t for t in texts) and not any("Wednesday" in t for t in texts)


def test_a_named_replacement_stays_in_its_context():
    from shared.domain.consolidation import update_by_named_change

    home = ActiveFact(uuid(), "The user uses Firefox (at home)", "x", "tool:browser@family", _dt("2026-03-02"), 0.8)
    work = ActiveFact(uuid(), "The user uses Firefox (at work)", "x", "tool:browser@work", _dt("2026-03-02"), 0.8)
    change = CandidateView(
        "The user now uses Chrome instead of Firefox (at work)",
        "tool:chrome@work",
        False,
        _dt("2026-03-09"),
        value="Chrome",
    )
    assert update_by_named_change(change, [home, work]) == Decision(
        Op.UPDATE, 1, reason="replaces the active fact about Firefox, which it names"
    )
    assert update_by_named_change(change, [home]) is None


# --- stated dates, as said in chat (resolved against Wednesday 2026-03-18) ------------------------------


@pytest.mark.parametrize(
    ("said", "start"),
    [
        ("I moved to Utrecht last summer.", "2025-06-01"),
        ("I moved to Utrecht in early February.", "2026-02-01"),
        ("I moved to Utrecht at the beginning of the month.", "2026-03-01"),
        ("I moved to Utrecht a few days ago.", "2026-03-15"),
        ("I moved to Utrecht a couple weeks back.", "2026-03-04"),
        ("I moved to Utrecht 2 wks ago.", "2026-03-04"),
        ("I moved to Utrecht this past weekend.", "2026-03-14"),
        ("I moved to Utrecht back in January.", "2026-01-01"),
        ("I've lived in Utrecht since Jan.", "2026-01-01"),
        ("I've been vegan for almost 3 years.", "2023-03-01"),
        ("I adopted a cat last Christmas.", "2025-12-25"),
        ("As of last week I'm a team lead.", "2026-03-09"),
    ],
)
def test_a_stated_date_is_the_facts_valid_from(said, start):
    run = replay([(said, "2026-03-18")])
    assert run.predicted and all(f.valid_from.date().isoformat() == start for f in run.predicted), run.predicted


def test_a_season_that_comes_back_is_no_date():
    predicted = replay([("I go skiing in the winter.", "2026-03-18")]).predicted
    assert all(f.valid_from.date().isoformat() == "2026-03-18" for f in predicted)
