"""Session 13's integrator fixes, each a class: a yes-answer's adjunct is no object ("do you use X at work?" /
"yes, for everything"), a frequency given to "do you <verb> X?" is a habit, and a coordinated predicate
("allergic to X and Y intolerant") keeps its own head instead of borrowing the first one's."""

from __future__ import annotations

import pytest

from tests.unit.exchange import message_facts


def _texts(text: str, *before) -> list[str]:
    return [f.text for f in message_facts(text, *before)]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Do you use Postgres at work?", "yes, for everything"),
        ("Do you use Figma?", "yep, for all our mockups"),
        ("Do you play the piano?", "yes, at church"),
        ("Do you speak German?", "yes, with my grandparents"),
        ("Do you use Docker?", "yeah, on every project"),
    ],
)
def test_an_adjunct_after_yes_is_no_object(question: str, answer: str) -> None:
    texts = _texts(answer, ("assistant", question))
    assert not any(t.lower().rstrip(".").endswith(answer.split(", ", 1)[1].lower()) for t in texts), texts
    assert not any(" for everything" in t or " at church" in t or " on every" in t for t in texts), texts


@pytest.mark.parametrize(
    ("question", "answer", "words"),
    [
        ("Do you drink coffee?", "yes, every morning", ("coffee", "every morning")),
        ("Do you cook?", "yeah most evenings", ("cook", "most evenings")),
        ("Do you watch football?", "yes, every weekend", ("football", "every weekend")),
        ("Do you go to the gym?", "yep twice a week", ("gym", "twice a week")),
    ],
)
def test_a_frequency_answer_to_do_you_is_a_habit(question: str, answer: str, words: tuple[str, ...]) -> None:
    texts = _texts(answer, ("assistant", question))
    assert any(all(w in t for w in words) for t in texts), texts


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Do you want a coffee?", "yes, every morning"),  # a wish, not a habit
        ("Do you think it will rain?", "every day lately"),
        ("Do you mind if I ask?", "yes, every time"),
    ],
)
def test_a_frequency_to_a_wish_or_opinion_gives_no_habit(question: str, answer: str) -> None:
    assert _texts(answer, ("assistant", question)) == []


@pytest.mark.parametrize(
    ("message", "kept", "not_said"),
    [
        (
            "I'm allergic to penicillin and lactose intolerant",
            ("penicillin", "lactose intolerant"),
            "allergic to lactose",
        ),
        ("I'm allergic to nuts and gluten intolerant", ("nuts", "gluten intolerant"), "allergic to gluten"),
        (
            "im allergic to shellfish and also lactose intolerant",
            ("shellfish", "lactose intolerant"),
            "allergic to lactose",
        ),
    ],
)
def test_a_second_predicate_keeps_its_own_head(message: str, kept: tuple[str, ...], not_said: str) -> None:
    texts = _texts(message)
    for word in kept:
        assert any(word in t for t in texts), texts
    assert not any(not_said in t for t in texts), texts


@pytest.mark.parametrize(
    "question", ["Do you drink coffee?", "Do you cook?", "do u drink tea?", "Did you paint it?", "Does he do judo?"]
)
def test_do_before_a_subject_is_english(question: str) -> None:
    from shared.providers.offline.extraction_rules import detect_language

    assert detect_language(question) == "en"


@pytest.mark.parametrize("text", ["O quarto do meu irmão", "Moro perto do centro", "Gosto do café do Porto"])
def test_portuguese_do_stays_portuguese(text: str) -> None:
    from shared.providers.offline.extraction_rules import detect_language

    assert detect_language(text) == "pt"


@pytest.mark.parametrize(
    ("message", "day"),
    [
        ("We welcomed our son Teodor on the 4th of March! 7 lbs 2 oz.", "2026-03-04"),
        ("our daughter Ada was born on 3 April", "2026-04-03"),
        ("we had a baby girl on March 4th, her name is Ada", "2026-03-04"),
    ],
)
def test_a_birth_keeps_the_month_of_its_day(message: str, day: str) -> None:
    facts = message_facts(message)
    assert facts and all(f.valid_from is not None and f.valid_from.date().isoformat() == day for f in facts), [
        (f.text, f.valid_from) for f in facts
    ]


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("what's your sister up to these days?", "climbing every weekend"),
        ("how's your dad doing?", "gardening every day lol"),
        ("and your brother?", "still works at the bank, plays golf on sundays"),
        ("what does she do for fun?", "mostly painting, twice a week"),
        ("how are your parents?", "good, walking every morning"),
    ],
)
def test_a_subjectless_reply_about_someone_else_is_not_the_users(question: str, reply: str) -> None:
    texts = _texts(reply, ("assistant", question))
    assert not any(t.startswith("The user ") and "'s" not in t.split()[1] for t in texts), texts


@pytest.mark.parametrize(
    ("question", "reply", "word"),
    [
        ("what's your sister up to these days?", "climbing, and I joined a choir", "choir"),
        ("how's your dad doing?", "good! I moved to Leeds last month btw", "Leeds"),
        ("what do you do for fun?", "climbing every weekend", "climb"),
        ("how was your weekend?", "great, I play tennis every saturday", "tennis"),
    ],
)
def test_the_users_own_words_in_such_a_reply_are_kept(question: str, reply: str, word: str) -> None:
    assert any(word in t for t in _texts(reply, ("assistant", question)))


@pytest.mark.parametrize(
    ("message", "said"),
    [
        ("I haven't had any meat since 2024", "eats meat"),
        ("I stopped having meat", "eats meat"),
        ("i stopped having sugar last year", "eats sugar"),
        ("I've stopped having coffee", "drinks coffee"),
        ("we quit having takeaways in january", "eats takeaways"),
    ],
)
def test_stopped_having_food_or_drink_is_stopped_eating_or_drinking(message: str, said: str) -> None:
    facts = message_facts(message)
    assert any(said in f.text and f.negated for f in facts), [f.text for f in facts]
    assert not any(w in f.text for f in facts for w in ("anies", "meating", "sugaring", "coffeeing")), facts


@pytest.mark.parametrize("message", ["I stopped having fun at work", "we stopped having meetings on fridays"])
def test_stopped_having_something_else_is_no_diet(message: str) -> None:
    assert not any("eating" in f.text or "drinking" in f.text for f in message_facts(message))
