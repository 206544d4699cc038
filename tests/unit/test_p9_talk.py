"""Two named speakers chatting: answers given as fragments, first-person news told to the other, changes said by
a named speaker, and the near-misses that must say nothing (the other speaker's facts, the assistant's, opinions,
plans of the moment, replies that decline).

Each case stands for a class of reply (a fragment that fills the gap of a question about "you", a state held
"for"/"since" a time, a change said by a named speaker), not a sentence to match. The lines were written for this
file; none comes from an evaluation set or the issue text. The extractor is called as the evaluation calls it for
named speakers: one new turn, the turns before it as context, each user turn with its speaker's ``name``.
"""

from __future__ import annotations

from datetime import date

import pytest

from shared.domain.models import ExtractedFact, ExtractionInput, Turn
from shared.providers.offline.extraction_rules import extract_facts
from tests.unit.exchange import SAID, has, last_message_facts, shown


def reply(*exchange: tuple[str, str]) -> list[ExtractedFact]:
    """The facts of the last message of ``exchange`` ((speaker, text) pairs; speaker "assistant" for the
    assistant), the messages before it as context, as the evaluation replays a two-speaker log."""
    return last_message_facts(*exchange)


# --- a fragment that fills the gap of a question about the other speaker -------------------------------------


@pytest.mark.parametrize(
    ("question", "answer", "words"),
    [
        ("what are you specialising in?", "yeah, cardiology, 3rd year", ("Priya", "cardiology")),
        ("what car do you drive?", "an old Volvo estate", ("Priya", "Volvo")),
        ("what instrument do you play?", "the viola, since I was 8", ("Priya", "viola")),
        ("which team do you support", "Celtic obviously", ("Priya", "Celtic")),
        ("what kind of music are you into?", "mostly jazz, some techno", ("Priya", "jazz")),
        ("what are you studying these days?", "law, final year", ("Priya", "law")),
        ("what sport do you play", "netball on tuesdays", ("Priya", "netball")),
        ("so what languages do you speak", "french and spanish", ("Priya", "french")),
        ("what do you do again?", "nurse. nights mostly", ("Priya", "nurse")),
        ("what's your job now?", "project manager at a bank", ("Priya", "project manager")),
        (
            "wait where are you working now",
            "Brightwave, the solar startup. been there since feb",
            ("Priya", "Brightwave"),
        ),
        ("where are you living these days?", "still in Glasgow, near the west end", ("Priya", "Glasgow")),
        ("how long have you lived in Leeds?", "since 2019", ("Priya", "Leeds")),
        ("how long have you been teaching?", "about 10 years", ("Priya", "teach")),
        ("when did you move to Leeds?", "last spring", ("Priya", "Leeds")),
        ("how many kids do you have?", "three", ("Priya", "three kids")),
        ("what does your wife teach", "maths, at the high school", ("Priya's wife", "maths")),
    ],
)
def test_a_fragment_answers_the_question_it_follows(question: str, answer: str, words: tuple[str, ...]) -> None:
    facts = reply(("Sam", question), ("Priya", answer))
    assert has(facts, *words), shown(facts)
    assert not any("Sam" in f.text for f in facts), shown(facts)


def test_a_place_answered_with_a_clause_after_it_keeps_the_place_and_drops_the_there() -> None:
    facts = reply(
        ("Sam", "wait where are you working now"), ("Priya", "Brightwave, the solar startup. been there since feb")
    )
    assert has(facts, "Priya works at Brightwave"), shown(facts)
    assert not any(" there" in f.text for f in facts), shown(facts)


def test_an_answer_carries_its_dates_as_the_stated_time() -> None:
    facts = reply(("Sam", "how long have you lived in Leeds?"), ("Priya", "since 2019"))
    lives = has(facts, "Leeds")
    assert lives is not None and lives.valid_from.date() == date(2019, 1, 1), shown(facts)


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("what are you doing tonight?", "pizza with the girls"),  # a plan of the moment
        ("what do you think of the new flat?", "love it"),  # an opinion asked
        ("what did you name him?", "Rex"),  # who "him" is, the fragment cannot say
        ("what are you up to?", "not much"),
        ("how long have you been waiting?", "20 minutes"),  # no state held
        ("what are you having?", "the lasagne"),  # what one eats now
        ("what did you study?", "why?"),  # a question back
        ("what kind of music are you into?", "you first"),  # a word about the asker
        ("where are you working now", "dunno yet, still looking"),  # does not know
        ("what did you end up studying?", "no idea lol"),
        ("how many kids do you have?", "too many lol"),
    ],
)
def test_a_reply_that_fills_no_gap_says_nothing(question: str, answer: str) -> None:
    facts = reply(("Sam", question), ("Priya", answer))
    assert facts == [], shown(facts)


def test_a_question_the_speaker_asked_themself_is_no_question_answered() -> None:
    facts = reply(("Priya", "what do you do?"), ("Priya", "nurse"))
    assert facts == [], shown(facts)


def test_the_other_speakers_news_is_never_the_replying_speakers() -> None:
    assert reply(("Sam", "I moved to Leeds last month"), ("Priya", "nice, congrats")) == []
    assert reply(("Sam", "my sister is a nurse"), ("Priya", "same as mine lol")) == []
    facts = reply(("Sam", "I drive an old Volvo"), ("Priya", "what car do you drive?"))
    assert facts == [], shown(facts)


def test_an_assistants_suggestion_is_no_fact_of_the_user() -> None:
    facts = reply(("assistant", "You could try learning the cello!"), ("Priya", "haha maybe"))
    assert facts == [], shown(facts)


def test_a_question_about_the_others_relative_gives_the_relatives_fact() -> None:
    facts = reply(("Sam", "what car does your brother drive?"), ("Priya", "a Skoda"))
    fact = has(facts, "Priya's brother", "Skoda")
    assert fact is not None and fact.slot and fact.slot.startswith("family:brother"), shown(facts)


# --- a state or a doing held "for" or "since" a time: what one does or is, from then on -----------------------


@pytest.mark.parametrize(
    ("message", "words", "start"),
    [
        ("I've been teaching for 10 years", ("Priya teaches",), date(2016, 5, 1)),
        ("been a nurse since 2015", ("Priya is a nurse",), date(2015, 1, 1)),
        ("I've been a paramedic for 3 years now", ("Priya is a paramedic",), date(2023, 5, 1)),
        ("we've been married for 12 years", ("Priya is married",), date(2014, 5, 1)),
        ("I've been running since January", ("Priya runs",), date(2026, 1, 1)),
        ("honestly I have been knitting since 2020", ("Priya knits",), date(2020, 1, 1)),
    ],
)
def test_a_state_held_for_a_time_is_what_one_is(message: str, words: tuple[str, ...], start: date | None) -> None:
    facts = reply(("Sam", "how are things?"), ("Priya", message))
    fact = has(facts, *words)
    assert fact is not None, shown(facts)
    assert not any(" in 20" in f.text for f in facts), shown(facts)  # no "has been teaching in 2016-05"
    if start:
        assert fact.valid_from.date() == start, shown(facts)


@pytest.mark.parametrize(
    "message",
    ["I've been a mess for weeks", "I've been waiting for ages", "I've been a bit sick since monday"],
)
def test_how_one_has_been_is_no_state_kept(message: str) -> None:
    facts = reply(("Sam", "how are things?"), ("Priya", message))
    assert not has(facts, "Priya is a mess") and not has(facts, "Priya waits"), shown(facts)


# --- a named speaker's change: the speaker's name, on the speaker's slot ----------------------------------------


def test_a_named_speakers_commute_lands_on_the_speakers_commute_slot() -> None:
    facts = reply(("Sam", "how's things"), ("Maya", "I bike to work now"))
    fact = has(facts, "Maya bikes to work")
    assert fact is not None and fact.slot == "commute~maya", shown(facts)


@pytest.mark.parametrize(
    ("message", "words", "slot"),
    [
        ("I moved from Bristol to Leeds last month", ("Maya", "Leeds"), "location~maya"),
        ("so I moved to Leeds in March", ("Maya", "Leeds"), "location~maya"),
    ],
)
def test_a_named_speakers_change_names_the_speaker(message: str, words: tuple[str, ...], slot: str) -> None:
    facts = reply(("Sam", "news?"), ("Maya", message))
    fact = has(facts, *words)
    assert fact is not None and fact.slot == slot, shown(facts)
    assert not any("The user" in f.text for f in facts), shown(facts)


def test_a_named_speakers_change_replaces_their_own_earlier_value() -> None:
    turns = (
        Turn("m0", "user", "I drive to work every day", SAID, "Maya"),
        Turn("m1", "user", "same, it's a pain", SAID, "Sam"),
        Turn("m2", "user", "I cycle to work now actually", SAID, "Maya"),
    )
    facts = extract_facts(ExtractionInput(new_turns=(turns[-1],), context_turns=turns[:-1]))
    fact = has(facts, "Maya cycles to work")
    assert fact is not None and fact.slot == "commute~maya", shown(facts)


# --- a bare ending in reply to a question after one thing: the thing asked after ended -------------------------


@pytest.mark.parametrize(
    ("question", "answer", "words"),
    [
        ("how's the running going", "stopped tbh", ("Priya", "run")),
        ("how's the guitar going?", "gave up lol", ("Priya", "guitar")),
        ("hows the job", "quit! last day was friday", ("Priya", "job")),
        ("hows the band", "left! too much drama", ("Priya", "band")),
        ("how's uni?", "dropped out tbh", ("Priya", "uni")),
    ],
)
def test_a_bare_ending_ends_what_was_asked_after(question: str, answer: str, words: tuple[str, ...]) -> None:
    facts = reply(("Sam", question), ("Priya", answer))
    assert has(facts, *words, negated=True), shown(facts)
    assert not has(facts, *words), shown(facts)  # never a positive fact


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("how's the weekend going", "left early lol"),  # a day is not a thing one has
        ("how's the knee?", "stopped hurting finally"),
    ],
)
def test_a_bare_ending_after_no_thing_kept_ends_nothing(question: str, answer: str) -> None:
    facts = reply(("Sam", question), ("Priya", answer))
    assert not any(f.negated and ("weekend" in f.text or "knee" in f.text or "lunch" in f.text) for f in facts), shown(
        facts
    )


# --- "still X?" answered with what it is now -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "answer", "old", "new"),
    [
        ("u still in Bergen?", "nope, Oslo since last summer", "Bergen", "Oslo"),
        ("still vegetarian?", "vegan now actually", None, "vegan"),
        ("you still at Deloitte?", "no way, Google now", "Deloitte", "Google"),
        ("and you, still in Leeds?", "nah, York", "Leeds", "York"),
    ],
)
def test_still_answered_with_something_else_is_the_new_value(
    question: str, answer: str, old: str | None, new: str
) -> None:
    facts = reply(("Sam", question), ("Priya", answer))
    assert has(facts, "Priya", new), shown(facts)
    if old:
        assert not has(facts, old), shown(facts)  # the old value never stated as held


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("still in Bristol?", "no idea where I'll end up tbh"),
        ("still at Deloitte?", "sadly"),
        ("you still in Bristol?", "no, you?"),
    ],
)
def test_still_answered_without_a_new_value_states_none(question: str, answer: str) -> None:
    facts = reply(("Sam", question), ("Priya", answer))
    assert not any(not f.negated for f in facts), shown(facts)
    assert not any("idea" in f.text or "sadly" in f.text for f in facts), shown(facts)


# --- news of one's own people, asked after without a question mark ---------------------------------------------


def test_a_relative_asked_after_without_a_question_mark() -> None:
    facts = reply(("Sam", "hows ur mum"), ("Priya", "she moved to Spain"))
    assert has(facts, "Priya's mum", "Spain"), shown(facts)


def test_a_relatives_twins() -> None:
    facts = reply(("Sam", "hows the family"), ("Priya", "good, my sister just had twins!!"))
    assert has(facts, "Priya's sister", "twins"), shown(facts)


# --- what one does for fun; a place said as a place ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "answer", "words"),
    [
        ("what do you do for fun", "climbing mostly, and I bake a lot", ("Priya", "climbing")),
        ("what do you like to do in your spare time?", "hiking and baking", ("Priya", "hiking")),
        ("where do you live", "a village outside Cork", ("Priya", "Cork")),
        ("where are you from?", "Norway, originally", ("Priya", "Norway")),
    ],
)
def test_what_one_does_for_fun_and_where_one_lives(question: str, answer: str, words: tuple[str, ...]) -> None:
    facts = reply(("Sam", question), ("Priya", answer))
    assert has(facts, *words), shown(facts)


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("what do you do for fun", "netflix lol"),  # no doing said
        ("what do you do for fun", "not much tbh"),
        ("where are you from originally", "born in Lagos, grew up in London"),  # a clause, not "from born"
    ],
)
def test_no_hobby_or_place_from_a_reply_that_names_none(question: str, answer: str) -> None:
    facts = reply(("Sam", question), ("Priya", answer))
    assert not any("born" in f.text or "netflix" in f.text.lower() or "much" in f.text for f in facts), shown(facts)


# --- a doing asked after, answered with how often -------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "answer", "words"),
    [
        ("do you still run?", "every morning, 5k before work", ("Priya runs", "every morning")),
        ("do u swim", "twice a week lol", ("Priya swims", "twice a week")),
    ],
)
def test_how_often_answers_a_doing_asked_after(question: str, answer: str, words: tuple[str, ...]) -> None:
    facts = reply(("Sam", question), ("Priya", answer))
    assert has(facts, *words), shown(facts)


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("do you still see him?", "every weekend"),  # who "him" is, the reply cannot say
        ("do you still run?", "sometimes"),  # no how often said
        ("do you want to come?", "every time lol"),
    ],
)
def test_how_often_without_a_doing_kept_says_nothing(question: str, answer: str) -> None:
    facts = reply(("Sam", question), ("Priya", answer))
    assert facts == [], shown(facts)


def test_how_many_of_ones_own_said_bare() -> None:
    facts = reply(("Sam", "how many kids now?"), ("Priya", "three! Noah is 9, Ella 6"))
    assert has(facts, "Priya", "three kids"), shown(facts)
    assert reply(("Sam", "how many languages?"), ("Priya", "four lol")) == []  # had or spoken: not said


def test_something_done_once_is_no_habit() -> None:
    facts = reply(("Sam", "how was the holiday"), ("Priya", "amazing, we did a week in Crete"))
    assert not any((f.slot or "").startswith("habit:") for f in facts), shown(facts)


# --- the other speaker's news, echoed, asked back or matched, is never the replying speaker's -------------------


@pytest.mark.parametrize(
    ("said", "answer"),
    [
        ("I just moved to Leeds", "wait you moved to Leeds??"),
        ("I got a dog", "you got a dog! what breed"),
        ("you should try yoga", "maybe lol"),
        ("my wife is a teacher", "so is mine!"),
        ("where do you work?", "where do YOU work lol"),
        ("I'm vegan now", "since when??"),
    ],
)
def test_an_echo_or_a_question_back_states_nothing(said: str, answer: str) -> None:
    facts = reply(("Sam", said), ("Priya", answer))
    assert facts == [], shown(facts)


def test_an_assistants_suggestion_answered_with_a_maybe_states_nothing() -> None:
    facts = reply(("assistant", "You might enjoy pottery, many people find it relaxing."), ("Priya", "hmm maybe"))
    assert facts == [], shown(facts)


# --- "there": the one place named just before --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "answer", "words"),
    [
        ("how's Tom", "he got a job in Leeds so we're moving there in august", ("Priya", "moving to Leeds")),
        ("I just moved to Leeds", "omg my brother lives there", ("Priya's brother", "Leeds")),
        ("hey", "we spent a week in Porto and now we want to live there", ()),  # a wish: nothing said of living
    ],
)
def test_there_is_the_one_place_named_before(said: str, answer: str, words: tuple[str, ...]) -> None:
    facts = reply(("Sam", said), ("Priya", answer))
    if words:
        assert has(facts, *words), shown(facts)
    assert not any(" there" in f.text for f in facts), shown(facts)
    assert not has(facts, "Priya lives in"), shown(facts)


@pytest.mark.parametrize(
    ("said", "answer"),
    [
        ("I went to Paris and Rome", "my sister lives there"),  # which one is not said
        ("I met Tom at the pub", "I work there too lol"),  # no place named
    ],
)
def test_there_without_one_place_names_none(said: str, answer: str) -> None:
    facts = reply(("Sam", said), ("Priya", answer))
    assert not any("Paris" in f.text or "Rome" in f.text or "Tom" in f.text for f in facts), shown(facts)
