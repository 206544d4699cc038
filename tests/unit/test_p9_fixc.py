"""Precision fixes of the offline extractor (issue 12, review of int9): joining an app is no job, leaving a
place one moves away from is a move, someone else's tool is theirs, a later ending wins, a stop at a place is a
visit, an assistant-set role-play is in play, and "since <weekday>" lies in the past."""

import pytest

from tests.unit.exchange import SAID as NOW
from tests.unit.exchange import message_facts as facts


def slots(text: str, *before: tuple[str, str]):
    return {(f.slot, f.negated) for f in facts(text, *before)}


@pytest.mark.parametrize(
    "text",
    [
        "I joined Reddit yesterday",
        "I finally joined Strava last month",
        "I just joined Goodreads",
        "I joined Mastodon in 2022",
        "I joined Hearthly last week, the app is great",
        "joined Pixelfeed and made an account",
    ],
)
def test_joining_a_service_is_no_job(text):
    assert ("employer", False) not in slots(text)


@pytest.mark.parametrize(
    "text",
    [
        "I joined Google as an engineer last year",
        "I joined Acme's data team in March",
        "I left Nokia in May and joined Ericsson",
        "I joined a startup called Brightwave",
        "I joined Bosch two years ago",
    ],
)
def test_joining_with_a_work_word_is_a_job(text):
    assert ("employer", False) in slots(text)


@pytest.mark.parametrize(
    "text",
    [
        "I left Sydney in 2019 and moved to Perth",
        "We left Leeds last year and moved down to Bristol",
        "I left Ireland two years ago and now live in Boston",
        "I left Spain when I was 10",
    ],
)
def test_leaving_a_place_one_moves_from_is_no_job_ending(text):
    assert ("employer", True) not in slots(text)


def test_leaving_a_job_still_ends_it():
    assert ("employer", True) in slots("I left my job at Nokia in May")
    assert ("employer", True) in slots("I left Accenture last year")
    assert ("employer", True) in slots("I left Shell in March and moved to a startup job in Oslo")


@pytest.mark.parametrize(
    ("text", "person"),
    [("My boss uses Windows", "boss"), ("my wife uses Linux", "wife"), ("my dad uses a Mac", "dad")],
)
def test_someone_elses_tool_is_not_the_users(text, person):
    for f in facts(text):
        assert not (f.slot or "").startswith("tool:"), f


def test_own_tool_keeps_its_slot():
    assert ("tool:os", False) in slots("I use Linux")


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("I've been working at Spotify since 2019 but I quit last week", "employer"),
        ("I've been learning Spanish since January but I stopped last month", None),
        ("I've been running every morning since January but I stopped last week", None),
        ("I've been at Google since 2015 but I left in March", "employer"),
    ],
)
def test_a_later_ending_wins(text, slot):
    found = facts(text)
    assert found and all(f.negated for f in found), found
    assert all(f.valid_from.date() < NOW.date() and f.valid_from.year == 2026 for f in found)
    if slot:
        assert {f.slot for f in found} == {slot}


def test_no_ending_keeps_the_fact():
    assert ("employer", False) in slots("I've been working at Spotify since 2019 and I love it")
    # something else ended: the running state stays
    assert ("employer", False) in slots("I've been working at Spotify since 2019 but I quit smoking last week")


def test_joining_after_speaking_of_work_is_a_job():
    assert ("employer", False) in slots("Big news: I just joined Shopify!", ("user", "I work at Spotify."))


def test_a_relatives_death_keeps_its_slot_to_resolve():
    assert any(f.negated for f in facts("grandpa died last night"))


@pytest.mark.parametrize(
    "text",
    [
        "I stopped by the shop",
        "I stopped at the petrol station on the way home",
        "we stopped for lunch in Bath",
        "I stopped in at the bakery",
        "my team lost the final",
    ],
)
def test_a_stop_or_a_lost_game_is_no_negated_fact(text):
    assert not any(f.negated for f in facts(text)), facts(text)


def test_stopping_an_activity_still_ends_it():
    assert any(f.negated for f in facts("I stopped drinking coffee last month"))


def test_assistant_set_role_play_is_in_play():
    knight = ("assistant", "You are a knight. Where do you live?")
    assert facts("I live in a castle", ("user", "let's play"), knight) == []
    assert facts("I live in a castle", knight) == []
    assert facts("I live in a castle", ("assistant", "Great, let's begin! You are a knight.")) == []
    assert facts("I have a sword", ("assistant", "You wake up in a dark cave. What do you carry?")) == []
    assert facts("I live in a castle", ("assistant", "Let's play a game: you are a knight and I am a dragon.")) == []


def test_an_ordinary_assistant_turn_is_not_play():
    assert facts("I live in Leeds", ("assistant", "Where do you live?"))
    assert facts("I live in Leeds", ("assistant", "You are a genius! Where do you live?"))
    assert facts("by the way, I'm a nurse", ("assistant", "let's play 20 questions!"))
    assert facts(
        "I live in Leeds", ("assistant", "Let's pretend you are a pirate."), ("user", "out of character please")
    )


@pytest.mark.parametrize(
    "text",
    [
        "I've been in hospital since Monday",
        "I've been ill since Thursday",
        "I've been using Arch since Sunday",
        "I've been vegan since December",
    ],
)
def test_since_a_weekday_or_month_is_in_the_past(text):
    found = facts(text)
    assert found and all(f.valid_from <= NOW for f in found), found


@pytest.mark.parametrize(
    "text",
    [
        "I joined a startup called Fennic but left after a month",
        "I almost joined a startup called Vela",
        "I nearly moved to Leeds last year",
        "I joined a startup called Flux's waitlist",
    ],
)
def test_what_did_not_last_or_happen_is_no_current_fact(text):
    assert not any(not f.negated and f.slot in ("employer", "location") for f in facts(text)), facts(text)
    assert not any("almost" in f.text or "nearly" in f.text for f in facts(text))


@pytest.mark.parametrize(
    ("text", "before"),
    [
        ("stopped caring tbh", ("assistant", "how's the job?")),
        ("stopped looking", ("assistant", "how's the job hunt going?")),
        ("nothing, I dropped out", ("assistant", "what did you study at uni?")),
        ("I've been a smoker for 20 years but quit last month", ("assistant", "hi")),
    ],
)
def test_a_bare_stop_ends_nothing(text, before):
    assert not any((f.slot or "").startswith("*:") and f.negated for f in facts(text, before)), facts(text, before)


def test_a_stop_of_a_habit_still_ends_it():
    assert ("habit:running", True) in slots("I stopped running last month")


def test_almost_every_day_and_a_possessive_name_are_kept():
    assert facts("I eat steak almost every day")
    assert ("employer", False) in slots("I work as a nurse at St. Mary's Hospital")


@pytest.mark.parametrize(
    "text", ["my dad quit smoking last year", "my sister stopped eating meat", "my flatmate uses Linux"]
)
def test_someone_elses_ending_or_tool_is_on_their_slot(text):
    for f in facts(text):
        assert not f.slot.startswith(("*:", "tool:", "habit:", "diet")), f


def test_someone_elses_later_ending_says_nothing_current():
    found = facts("my son has been at Google since 2019 but he quit last week")
    assert not any(not f.negated and "Google" in f.text for f in found), found


def test_my_ending_only_ends_my_state():
    assert ("employer", False) in slots("I've been working at Spotify since 2019 but she quit last week")


def test_a_team_thing_keeps_its_fact():
    assert facts("Our monorepo is managed with Nx")
