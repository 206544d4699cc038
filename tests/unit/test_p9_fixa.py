"""Review fixes to ``said_forms`` (issue #12): forms that read a wrong fact, narrowed so that each says the
true fact or nothing. Invented phrasings, each standing for a class; none comes from an evaluation set."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import partial

import pytest

from tests.unit.exchange import message_facts, message_texts

SAID = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)
facts = partial(message_facts, at=SAID)
texts = partial(message_texts, at=SAID)


# --- A: "been with" an employer is no partner -----------------------------------------------------------


@pytest.mark.parametrize(
    "said",
    [
        "I've been with Lloyds for seven years",
        "ive been with Accenture since 2018",
        "I've been with Spotify for 2 years, first as a contractor",
        "I've been with Orange for ages, their coverage is awful",
    ],
)
def test_been_with_a_bare_name_is_no_partner(said):
    assert not any(f.slot == "partner" or "dating" in f.text for f in facts(said))


@pytest.mark.parametrize(
    ("said", "name"),
    [
        ("I've been with my girlfriend Priya for three years", "Priya"),
        ("I've been dating Tomasz since 2022", "Tomasz"),
        ("I've been with my husband for 12 years", "husband"),
    ],
)
def test_been_with_a_partner_named_as_one_is_the_partner(said, name):
    assert any(f.slot == "partner" and name in f.text for f in facts(said))


# --- B: a new home must be a place ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "said",
    [
        "my new flat... my new town is small haha",
        "my new city is gorgeous",
        "my new home is cosy",
        "my new country is freezing lol",
        "Spotify is my new home lol",
        "my new city is Porto? or maybe Braga, not decided",
        "the gym is my new home",
    ],
)
def test_a_new_home_that_is_no_place_gives_no_location(said):
    assert not any(f.slot == "location" for f in facts(said))


@pytest.mark.parametrize(
    ("said", "value"), [("my new city is Bergen", "Bergen"), ("Valencia is my new home!", "Valencia")]
)
def test_a_new_home_named_is_where_the_user_lives(said, value):
    assert any(f.slot == "location" and value in f.text for f in facts(said))


@pytest.mark.parametrize(
    ("said", "word"), [("my new laptop is a ThinkPad", "ThinkPad"), ("my new car is a Volvo", "Volvo")]
)
def test_a_new_value_is_stated_without_now_in_its_text(said, word):
    found = texts(said)
    assert any(word in t for t in found)
    assert not any(t.endswith(" now") for t in found)


# --- C: a place joined, named: not when left, almost joined, or a question ------------------------------


@pytest.mark.parametrize(
    "said",
    [
        "I joined a company called Brindle but quit after two weeks",
        "joined an agency called Marrow, left in the spring",
        "I joined a studio called Kettle and got laid off three months later",
        "I joined a startup called Ostra's beta list",
        "I nearly joined a firm called Halden",
        "I almost joined an agency called Pluto",
    ],
)
def test_a_place_not_really_joined_is_no_employer(said):
    found = facts(said)
    assert not any(f.slot == "employer" and not f.negated for f in found)  # a job lost may be said
    assert not any("almosts" in f.text or "nearlys" in f.text for f in found)


def test_a_place_joined_named_is_the_employer():
    assert any(f.slot == "employer" and "Corvane" in f.text for f in facts("I joined a startup called Corvane"))


@pytest.mark.parametrize(
    "said", ["should I use Helix instead of Vim now?", "do you think I should drink tea instead of coffee now?"]
)
def test_a_question_with_instead_states_nothing(said):
    assert facts(said) == [] or not any(f.negated for f in facts(said))
    assert not any("Helix" in t or "tea" in t for t in texts(said))


# --- E: false endings ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "said",
    [
        "my partying days are over for tonight",
        "my drinking days are over for this month",
        "my climbing days are over for now",
    ],
)
def test_a_break_is_no_ending(said):
    assert not any(f.negated for f in facts(said))


def test_days_over_without_a_span_is_an_ending():
    assert any(f.negated for f in facts("my smoking days are over"))


@pytest.mark.parametrize(
    "said",
    [
        "I try to eat rice instead of pasta now",
        "I want to drink water instead of soda now",
        "I picked Bristol instead of Bath for uni",
        "I chose Rust instead of Go for the project",
        "I drink tea now, not coffee? lol jk",
        "I use Vim now, not Emacs? haha kidding",
        "I eat fish now, not meat lol jk",
    ],
)
def test_not_a_change_gives_no_ending(said):
    assert not any(f.negated for f in facts(said))


# --- F: an ending then the next clause's time ----------------------------------------------------------


def test_the_next_clauses_time_does_not_date_the_ending():
    found = facts("my time at Amazon is over, starting at Stripe in September")
    ended = [f for f in found if f.negated and "Amazon" in f.text]
    assert ended and all(f.valid_from.date().isoformat() == "2026-03-10" for f in ended)


# --- G: switched to X instead of Y ---------------------------------------------------------------------


def test_switched_instead_of_is_not_garbled():
    found = texts("I switched to oat milk instead of cow's milk last week")
    assert found and not any("oat milk of" in t for t in found)


# --- H: an emoji alone is no sarcasm -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "word"),
    [
        ("I moved to Glasgow 🙃 don't ask", "Glasgow"),
        ("I live in Cardiff 🙃", "Cardiff"),
        ("I work at Tesco now 🙃", "Tesco"),
    ],
)
def test_an_emoji_alone_keeps_the_fact(said, word):
    assert any(word in t for t in texts(said))


@pytest.mark.parametrize(
    "said", ["I just love Mondays 🙃", "oh great, I LOVE my commute 🙄", "I'm such a people person 🙄"]
)
def test_an_emoji_with_praise_is_sarcasm(said):
    assert facts(said) == []


@pytest.mark.parametrize(
    "message",
    [
        "I've been a vegan for six years but stopped at Christmas",
        "I've been a cashier for 2 years until I got laid off",
        "I've been a lifeguard for three summers",
    ],
)
def test_a_span_with_another_clause_after_it_is_no_state_held_until_now(message):
    # the span ends at its time phrase: what follows ("but stopped", "until I got laid off") is another clause,
    # and seasons counted are no state held until now
    said = [f.text for f in facts(message) if not f.negated]
    assert not any(t.startswith("The user is a") for t in said), said
