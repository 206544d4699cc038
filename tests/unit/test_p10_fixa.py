"""Six classes of wrong output the offline extractor gave (review of the tenth session), each with invented variants
and near-misses that must keep working.

1. a headline about someone else's thing ("his new puppy: ...") is not the user's;
2. a choice still open ("torn, X or Y", "deciding between X and Y", "X or Y?") is no fact;
3. a verbless fragment after a clause about someone else ("my sister is staying, vegan now") is theirs;
4. a value that replaces one asked with "still <doing> X?" takes the question's frame ("learning Spanish"), never a
   nationality or a trait;
5. a value that replaces "still at <Org>?" is the employer, or nothing;
6. a trailing discourse word ("remember", "btw", "lol", "tho") is no part of a value.
"""

from __future__ import annotations

import pytest

from tests.unit.exchange import has, shown
from tests.unit.test_p10_frag import said

# --- 1. someone else's headline ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "message",
    [
        "his new puppy: a beagle called Toast",
        "her new kitten: a tabby called Miso",
        "their new dog - a lurcher named Pickle",
        "my sister's new puppy: a spaniel called Biscuit",
        "so my brother's new cat: a ragdoll named Fudge",
        "Jo's new puppy: a collie called Pip",
    ],
)
def test_a_headline_about_someone_elses_pet_is_not_the_users(message: str) -> None:
    facts = said(("me", message))
    assert not [f for f in facts if (f.slot or "").startswith("pet")], shown(facts)


@pytest.mark.parametrize(
    ("message", "name"),
    [
        ("new puppy: a beagle called Toast", "Toast"),
        ("big news - new kitten: a tabby called Miso", "Miso"),
        ("my new dog: a lurcher named Pickle", "Pickle"),
    ],
)
def test_ones_own_headline_still_gives_the_pet(message: str, name: str) -> None:
    facts = said(("me", message))
    assert has(facts, name), shown(facts)


# --- 2. a choice still open --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "message",
    [
        "i'm torn, designer or developer",
        "im torn between nursing or teaching tbh",
        "still deciding: Leeds or Manchester",
        "can't decide, vegan or vegetarian",
        "undecided - accountant or lawyer",
        "designer or developer? can't choose",
        "debating between Berlin and Vienna for the move",
    ],
)
def test_an_open_choice_is_no_fact(message: str) -> None:
    facts = said(("me", message))
    assert facts == [] or all(f.negated for f in facts), shown(facts)


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ("I'm a designer, torn between a Mac or a PC", ("designer",)),
        ("I work as a nurse and I'm deciding between Rome or Paris for the holiday", ("nurse",)),
        ("i live in Leeds. can't decide, pizza or pasta tonight", ("Leeds",)),
    ],
)
def test_a_fact_beside_an_open_choice_is_kept(message: str, words: tuple[str, ...]) -> None:
    facts = said(("me", message))
    assert has(facts, *words), shown(facts)


# --- 3. a fragment after a clause about someone else ---------------------------------------------------------------


@pytest.mark.parametrize(
    "message",
    [
        "my sister is staying, vegan now apparently",
        "my brother's visiting. vegetarian these days",
        "my mum's over for the week, gluten free now",
        "Sam is coming round, vegan now btw",
        "she moved back home, pescatarian since march",
        "my flatmate got back, allergic to nuts btw",
    ],
)
def test_a_fragment_after_someone_else_is_theirs(message: str) -> None:
    facts = said(("me", message))
    assert not [f for f in facts if f.text.startswith("The user") and not f.negated], shown(facts)


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ("vegan now btw", ("vegan",)),
        ("my sister is staying, and I'm vegan now", ("vegan",)),
        ("my sister is a nurse. I work at Globex now", ("Globex",)),
        ("my boys, Ade and Femi, love football", ("Ade",)),
    ],
)
def test_ones_own_fragment_is_kept(message: str, words: tuple[str, ...]) -> None:
    facts = said(("me", message))
    assert has(facts, *words), shown(facts)


# --- 4. a replacement takes the question's frame -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("asker", "question", "reply", "words"),
    [
        ("Sam", "still learning Italian?", "Spanish now lol", ("learn", "Spanish")),
        ("Priya", "you still studying German?", "French now haha", ("French",)),
        ("Tom", "still learning Japanese?", "nah, Korean now", ("Korean",)),
        ("assistant", "still learning Italian?", "Spanish now lol", ("learn", "Spanish")),
    ],
)
def test_a_replaced_doing_keeps_the_questions_frame(asker: str, question: str, reply: str, words: tuple) -> None:
    facts = said((asker, question), ("Ana" if asker != "assistant" else "me", reply))
    assert has(facts, *words), shown(facts)
    assert not [f for f in facts if (f.slot or "").split("~")[0] in ("nationality",) or "trait:" in (f.slot or "")]
    assert not [f for f in facts if f.text.endswith((" is Spanish", " is French", " is Korean"))], shown(facts)


# --- 5. "still at <Org>?" answered with another name ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("asker", "question", "reply", "org"),
    [
        ("Sam", "still at Brightwave?", "Solstice now", "Solstice"),
        ("Priya", "u still at Deloitte?", "nope, Accenture now", "Accenture"),
        ("Tom", "still at Halcyon?", "Marrow & Finch now lol", "Marrow & Finch"),
    ],
)
def test_a_replaced_workplace_is_the_employer_or_nothing(asker: str, question: str, reply: str, org: str) -> None:
    facts = said((asker, question), ("Ana", reply))
    assert not [f for f in facts if "trait:" in (f.slot or "")], shown(facts)
    mentioned = [f for f in facts if org.split()[0] in f.text and not f.negated]
    assert all((f.slot or "").startswith("employer") for f in mentioned), shown(facts)


def test_still_in_a_place_keeps_the_place() -> None:
    facts = said(("Sam", "still in Bergen?"), ("Ana", "Oslo now"))
    assert has(facts, "Oslo"), shown(facts)


# --- 6. a trailing discourse word ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "gone"),
    [
        ("nothing with peanuts, allergic remember", "remember"),
        ("no dairy for me, lactose intolerant fyi", "fyi"),
        ("I'm a nurse btw", "btw"),
        ("I live in Leeds tho", "tho"),
        ("i'm vegan lol", "lol"),
        ("I'm left-handed though", "though"),
    ],
)
def test_a_trailing_discourse_word_is_cut(message: str, gone: str) -> None:
    facts = said(("me", message))
    assert not [f for f in facts if gone in f.text.lower().split() or gone in (f.slot or "").split("-")], shown(facts)


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("still gaming a lot?", "less, got a new job so weekends only"),
        ("still learning the piano much?", "less, work got busy"),
        ("still reading loads?", "more now actually"),
    ],
)
def test_how_much_is_no_new_value_of_the_doing(question: str, reply: str) -> None:
    facts = said(("Sam", question), ("Ana", reply))
    assert not [f for f in facts if f.text.startswith(("Ana is gaming", "Ana games less", "Ana is running rarely"))]
    assert not [f for f in facts if f.text.split()[-1] in ("less", "more", "rarely")], shown(facts)
