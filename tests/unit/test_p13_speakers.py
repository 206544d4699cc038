"""Two friends chatting by name: an answer read with the question the other friend asked in chat register.

The classes (every line here was written for this file, none from an evaluation set; each class has
near-misses that must give nothing, or nothing wrong):

- a question that drops its auxiliary ("what you driving now", "where u living these days", "what you
  studying"): it asks what the full question asks, and a fragment answers it (``chat_questions.full_question``);
- a habit asked after ("do u still swim", "are you still doing the park runs?", "you still going to the
  climbing wall?") answered with how often and where or with whom ("twice a week at the lido, even in
  january lol"): the answerer still does it, that often (``chat_questions.habit_kept``);
- an echo before the yes ("Leeds? yeah, love it", "the cello? yep"): the echo asks back what was asked, and
  the yes answers the question (``chat_questions.echo_dropped``).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from shared.providers.offline import chat_questions
from tests.unit.exchange import has, last_message_facts, shown

SAID = datetime(2026, 5, 20, 18, 30, tzinfo=UTC)


def _answered(question: str, reply: str) -> list:
    return last_message_facts(("Ines", question), ("Tomas", reply), at=SAID)


# --- a question without its auxiliary ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "reply", "words"),
    [
        ("so what u driving now", "little white Honda Jazz, best car ever", ("Tomas", "Honda Jazz")),
        ("what you driving these days lol", "an old blue Saab", ("Tomas", "Saab")),
        ("where you living now?", "Leith, near the docks", ("Tomas", "Leith")),
        ("wait where u living these days", "Gdansk haha", ("Tomas", "Gdansk")),
        ("what you studying again", "marine biology", ("Tomas", "marine biology")),
        ("ok and what u studying at uni?", "mechanical engineering, 2nd year", ("Tomas", "mechanical engineering")),
    ],
)
def test_a_question_without_its_auxiliary_is_answered(question: str, reply: str, words: tuple[str, ...]) -> None:
    facts = _answered(question, reply)
    assert has(facts, *words) is not None, shown(facts)


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("what you doing tonight", "pizza and a film lol"),  # a moment, not a fact
        ("where u going?", "Tesco, need milk"),
        ("what you eating", "toast"),
        ("what you watching", "some cooking show"),
        ("so what you driving now", "no idea yet, still looking"),  # no answer
    ],
)
def test_a_question_without_its_auxiliary_asking_a_moment_gives_nothing(question: str, reply: str) -> None:
    facts = _answered(question, reply)
    assert facts == [], shown(facts)


@pytest.mark.parametrize(
    ("said", "full"),
    [
        ("what you driving now?", "what are you driving now?"),
        ("where u living?", "where are you living?"),
        ("which uni you studying at?", "which uni are you studying at?"),
        ("what are you driving?", "what are you driving?"),  # already full
        ("what do you drive?", "what do you drive?"),
        ("you ok?", "you ok?"),  # no verb dropped before a gerund
    ],
)
def test_full_question(said: str, full: str) -> None:
    assert chat_questions.full_question(said) == full


# --- a habit asked after, answered with how often ---------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "reply", "words"),
    [
        ("do u still swim", "twice a week at the lido, even in january lol", ("Tomas", "swim", "twice a week")),
        (
            "are you still doing the park runs?",
            "every saturday morning at Hollow Park, rain or shine",
            ("Tomas", "park runs", "every saturday"),
        ),
        ("you still going to the climbing wall?", "every tuesday with Sam", ("Tomas", "climbing wall", "tuesday")),
        ("still playing five a side?", "every thursday, knees permitting", ("Tomas", "five a side", "thursday")),
        ("u still volunteering at the food bank?", "yeah every other saturday", ("Tomas", "food bank", "saturday")),
        ("do you still run", "most mornings before work haha", ("Tomas", "run", "most mornings")),
    ],
)
def test_a_habit_asked_after_and_answered_with_how_often_is_kept(
    question: str, reply: str, words: tuple[str, ...]
) -> None:
    facts = _answered(question, reply)
    fact = has(facts, *words)
    assert fact is not None and fact.slot and fact.slot.startswith("habit"), shown(facts)


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("are you still working tomorrow?", "every day this week ugh"),  # a stretch of days, no habit
        ("do you still think about her", "every day honestly"),  # a feeling, no habit
        ("is she still swimming?", "twice a week at the lido"),  # someone else's, and asked as "she"
        ("are you still coming on saturday?", "every saturday is booked lol"),  # a plan
        ("do you still see him", "every other weekend"),  # someone unnamed
        ("do u still swim", "nah, twice a week was too much"),  # stopped
    ],
)
def test_a_habit_answer_that_is_no_habit_gives_nothing(question: str, reply: str) -> None:
    facts = _answered(question, reply)
    assert not [f for f in facts if f.slot and f.slot.startswith("habit") and not f.negated], shown(facts)


# --- an echo before the yes ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "reply", "words"),
    [
        ("are you still in Leeds?", "Leeds? yeah, love it here", ("Tomas", "Leeds")),
        ("still vegan?", "vegan? yes, 4 years now", ("Tomas", "vegan")),
        ("do you still play the cello?", "the cello? yep, every week", ("Tomas", "cello")),
        ("are you still in Tromso", "Tromso?? yes lol where else", ("Tomas", "Tromso")),
        ("do you still live in Porto?", "porto? yeah still", ("Tomas", "Porto")),
    ],
)
def test_an_echo_before_the_yes_is_a_yes(question: str, reply: str, words: tuple[str, ...]) -> None:
    facts = _answered(question, reply)
    fact = has(facts, *words)
    assert fact is not None and not fact.negated, shown(facts)


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("are you still in Leeds?", "Leeds? god no, been gone for ages"),  # a no: Leeds is no home
        ("are you still in Leeds?", "me? yeah right, i wish"),  # sarcasm, and no echo of what was asked
        ("do you still play the cello?", "the cello? why"),  # asks back, answers nothing
        ("are you still in Leeds?", "Paris? yes, this weekend"),  # not an echo: another place
    ],
)
def test_an_echo_that_is_no_yes_gives_no_yes(question: str, reply: str) -> None:
    facts = _answered(question, reply)
    assert has(facts, "Leeds", negated=False) is None and has(facts, "cello", negated=False) is None, shown(facts)


@pytest.mark.parametrize(
    ("question", "reply", "kept"),
    [
        ("are you still in Leeds?", "Leeds? yeah", "yeah"),
        ("do you still have the telescope?", "the dobsonian? yep, in the garage", "yep, in the garage"),
        ("are you still in Leeds?", "Paris? yes", "Paris? yes"),
        ("are you still in Leeds?", "really? yes", "really? yes"),
        ("are you still in Leeds?", "Leeds? why", "Leeds? why"),
    ],
)
def test_echo_dropped(question: str, reply: str, kept: str) -> None:
    assert chat_questions.echo_dropped(question, reply) == kept


# --- "every other <day>": a rhythm, never a date ------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ("I volunteer at the food bank every other saturday", ("Tomas", "food bank", "every other saturday")),
        ("i go to the farmers market every other friday lol", ("Tomas", "market", "every other friday")),
        ("I still do the park runs every other Sunday", ("Tomas", "park runs", "every other sunday")),
    ],
)
def test_every_other_weekday_is_a_rhythm(message: str, words: tuple[str, ...]) -> None:
    facts = _answered("what's new?", message)
    fact = has(facts, *words)
    assert fact is not None and fact.slot and fact.slot.startswith("habit"), shown(facts)


@pytest.mark.parametrize(
    "message",
    [
        "I saw her at the market the other saturday",
        "we bumped into Ana the other friday",
        "ran into him the other sunday",
    ],
)
def test_the_other_weekday_is_no_rhythm(message: str) -> None:
    facts = _answered("what's new?", message)
    assert not [f for f in facts if f.slot and f.slot.startswith("habit")], shown(facts)


# --- "where to?" after news of leaving, answered with a job -------------------------------------------------


@pytest.mark.parametrize(
    ("question", "reply", "words"),
    [
        (
            "WAIT you quit?? where to",
            "a little agency called Brightmoor, junior copywriter. less money but happier",
            ("Tomas", "Brightmoor"),
        ),
        ("and going where??", "a startup called Nudgely, frontend dev", ("Tomas", "Nudgely")),
        ("where did you end up?", "Corvid Labs, data analyst, started monday", ("Tomas", "Corvid Labs")),
        ("so where are u off to", "Harlow Council, planning officer lol", ("Tomas", "Harlow Council")),
    ],
)
def test_where_to_answered_with_a_job_is_the_new_workplace(question: str, reply: str, words: tuple[str, ...]) -> None:
    facts = _answered(question, reply)
    fact = has(facts, *words)
    assert fact is not None and (fact.slot or "").startswith("employer"), shown(facts)


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("where to?", "Brevik, got a flat by the harbour"),  # a new home, no job named
        ("where are you off to?", "Lisbon for a week, work trip lol"),  # a trip
        ("where did you end up?", "the Crown lol, stayed till 2"),  # a night out
        ("where to?", "no idea yet, maybe a startup"),  # no answer
    ],
)
def test_where_to_without_a_job_gives_no_workplace(question: str, reply: str) -> None:
    facts = _answered(question, reply)
    assert not [f for f in facts if (f.slot or "").startswith(("employer", "occupation"))], shown(facts)


# --- a short chat question a language guess calls foreign, answered yes ----------------------------------------


@pytest.mark.parametrize(
    ("question", "reply", "words"),
    [
        ("do u still swim", "yeah", ("Tomas", "swim")),
        ("marta do u still knit", "yep lol", ("Tomas", "knit")),
        ("do u still row", "yeah, all winter", ("Tomas", "row")),
    ],
)
def test_a_yes_to_a_short_chat_question_keeps_the_state(question: str, reply: str, words: tuple[str, ...]) -> None:
    facts = _answered(question, reply)
    fact = has(facts, *words)
    assert fact is not None and not fact.negated, shown(facts)


@pytest.mark.parametrize(
    ("question", "reply"),
    [("Wohnst du noch in Berlin?", "yes"), ("Tu vis toujours à Paris ?", "yeah"), ("do u still swim", "nope")],
)
def test_a_yes_or_no_to_an_unread_question_gives_no_state(question: str, reply: str) -> None:
    facts = _answered(question, reply)
    assert not [f for f in facts if not f.negated], shown(facts)


# --- a vehicle got, named after a comma by its make ----------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ("got wheels again btw, a battered old Vauxhall Corsa", ("Tomas", "drives", "Vauxhall Corsa")),
        ("finally bought myself a ride, a little grey Toyota Aygo lol", ("Tomas", "drives", "Toyota Aygo")),
        ("i got a car!! a white Ford Fiesta, 90k on the clock", ("Tomas", "drives", "Ford Fiesta")),
        ("picked up a motor at the auction - a 2009 Volvo V70", ("Tomas", "drives", "Volvo V70")),
    ],
)
def test_a_vehicle_got_and_named_after_a_comma_is_driven(message: str, words: tuple[str, ...]) -> None:
    facts = _answered("what's new?", message)
    fact = has(facts, *words)
    assert fact is not None and (fact.slot or "").startswith("car"), shown(facts)


@pytest.mark.parametrize(
    "message",
    [
        "got a ride home with Sam, a total nightmare",  # a lift, no vehicle
        "rented a car for the trip, a Fiat 500",  # rented, not had
        "my brother got a new car, a Tesla",  # someone else's
        "got a car?? a Tesla??",  # asked
        "got a new car, a Honda motorbike",  # a motorbike is no car
    ],
)
def test_a_vehicle_not_got_by_the_speaker_is_not_driven(message: str) -> None:
    facts = _answered("what's new?", message)
    assert not [f for f in facts if (f.slot or "").startswith("car")], shown(facts)


# --- "since when do u X?": the news taken as given, and the reply says since when -------------------------------


@pytest.mark.parametrize(
    ("question", "reply", "words", "since"),
    [
        ("since when do you play bass?", "since last summer lol", ("Tomas", "bass"), "2025-06"),
        ("since when are you vegan??", "since january haha", ("Tomas", "vegan"), "2026-01"),
        ("wait since when do u run??", "like 2 years now", ("Tomas", "run"), "2024-05"),
        ("since when do you climb?", "since march, i'm obsessed", ("Tomas", "climb"), "2026-03"),
    ],
)
def test_since_when_answered_with_a_start_is_a_state_from_then(
    question: str, reply: str, words: tuple[str, ...], since: str
) -> None:
    facts = _answered(question, reply)
    fact = has(facts, *words)
    assert fact is not None and fact.valid_from.isoformat().startswith(since), shown(facts)


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("since when are you in Leeds?", "since yesterday, just visiting"),  # a stay
        ("since when do you care about football??", "since always lol"),  # a feeling
        ("since when are you so tired?", "since monday ugh"),  # a mood
        ("since when do you own a car??", "since last month!"),  # a having, read elsewhere if said
        ("since when are you two a thing??", "since march 👀"),  # a couple asked as "you two"
    ],
)
def test_since_when_asking_no_doing_gives_nothing(question: str, reply: str) -> None:
    facts = _answered(question, reply)
    assert facts == [], shown(facts)


# --- "nah moved to Bath": a no, then the news without its "I" ---------------------------------------------------


@pytest.mark.parametrize(
    ("question", "reply", "words"),
    [
        ("are you still in Bristol", "nah moved to Bath in january", ("Tomas", "Bath")),
        ("u still at Kellner?", "nah started at Brightmoor in march", ("Tomas", "Brightmoor")),
        ("still in the flat on Eyre Street?", "no moved to Leith last summer", ("Tomas", "Leith")),
    ],
)
def test_a_no_then_subjectless_news_is_the_news(question: str, reply: str, words: tuple[str, ...]) -> None:
    facts = _answered(question, reply)
    fact = has(facts, *words)
    assert fact is not None and not fact.negated, shown(facts)


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("any plans tonight?", "nah got nothing on lol"),
        ("did you watch the match?", "nah went to bed early"),
        ("did you hear from her?", "no got ghosted lol"),
    ],
)
def test_a_no_then_a_moment_gives_nothing(question: str, reply: str) -> None:
    facts = _answered(question, reply)
    assert facts == [], shown(facts)


# --- "what are you up to these days?" answered with a doing and how often ----------------------------------------


@pytest.mark.parametrize(
    ("question", "reply", "words"),
    [
        ("what are you up to these days?", "mostly climbing lol, 3x a week at the Arch", ("Tomas", "climb", "week")),
        ("what have you been up to?", "running! every morning before work", ("Tomas", "run", "every morning")),
        ("what keeps you busy these days?", "baking sourdough every sunday haha", ("Tomas", "sourdough", "sunday")),
        ("what do u do for fun", "swimming, twice a week at the lido", ("Tomas", "swim", "twice a week")),
    ],
)
def test_a_doing_named_with_how_often_answers_what_one_is_up_to(
    question: str, reply: str, words: tuple[str, ...]
) -> None:
    facts = _answered(question, reply)
    fact = has(facts, *words)
    assert fact is not None and (fact.slot or "").startswith("habit"), shown(facts)


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("what are you doing?", "thinking about you every day lol"),  # a feeling
        ("what are you up to these days?", "nothing much, every day is the same"),  # no doing
        ("what are you doing?", "waiting for the bus, every bus is late lol"),  # a moment
    ],
)
def test_no_doing_of_ones_own_with_how_often_gives_no_habit(question: str, reply: str) -> None:
    facts = _answered(question, reply)
    assert not [f for f in facts if (f.slot or "").startswith("habit")], shown(facts)
