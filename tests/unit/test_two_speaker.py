"""Two-person chat logs: each named speaker's facts are that speaker's, named, kept apart, and well formed.

The dialogues here were written for these tests (casual chats between friends over dated sessions: moves,
jobs, pets, hobbies, trips); none comes from an evaluation set. Replays go through the evaluation's own
harness (the extractor's triage, the offline extractor and decider, consolidation on an in-memory store),
the way the stages see a live chat: one message at a time.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import UTC, datetime

import pytest

import bench.eval as bench_eval
from shared.domain.consolidation import ActiveFact, CandidateView, decide_by_rule, speakers_own
from shared.domain.models import ExtractionInput, Op, Turn
from shared.domain.slots import speaker_key, speaker_of, with_speaker, without_speaker
from shared.providers.offline import answers, well_formed
from shared.providers.offline.extraction_rules import extract_facts
from shared.providers.offline.providers import OfflineDecisionProvider, OfflineExtractionProvider
from tests.unit.exchange import AllAlike

DAY = datetime(2026, 5, 20, 18, 0, tzinfo=UTC)


def chat(lines: Sequence[tuple[str, str, str]], role: str = "user") -> bench_eval.Replay:
    """Replay (speaker, text, day) lines of one user's log; every speaker is a named ``user``."""
    conversation = {
        "id": "two",
        "messages": [
            {"role": role, "name": name, "content": text, "created_at": f"{day}T18:00:00+00:00"}
            for name, text, day in lines
        ],
    }
    return asyncio.run(
        bench_eval.replay(conversation, OfflineExtractionProvider(), OfflineDecisionProvider(), AllAlike())
    )


def said(lines: Sequence[tuple[str, str]]) -> list[tuple[str, str | None]]:
    """The facts of the last line, with the lines before it as context (one day)."""
    turns = [Turn(f"e{i}", "user", text, DAY, name) for i, (name, text) in enumerate(lines)]
    request = ExtractionInput(new_turns=(turns[-1],), context_turns=tuple(turns[:-1]))
    return [(("NOT " if f.negated else "") + f.text, f.slot) for f in extract_facts(request)]


def texts(facts) -> list[str]:
    return sorted(f.text for f in facts)


# --- slots carry the speaker ----------------------------------------------------------------------


def test_a_named_speakers_slot_names_the_speaker_between_its_base_and_its_context():
    assert with_speaker("location", "Maya") == "location~maya"
    assert with_speaker("tool:database@family", "Anna Maria") == "tool:database~anna-maria@family"
    assert with_speaker("location~jonas", "Maya") == "location~maya"  # a model's guess is replaced
    assert with_speaker("location", None) == "location" and with_speaker(None, "Maya") == "~maya"
    assert speaker_of("tool:database~anna-maria@family") == "anna-maria" and speaker_of("location") is None
    assert without_speaker("tool:database~anna-maria@family") == "tool:database@family"
    assert speaker_key(" O'Neil~x@y ") == "o'neil-x-y"


def test_consolidation_decides_a_candidate_on_its_own_speakers_facts_only():
    def fact(text: str, slot: str) -> ActiveFact:
        return ActiveFact(__import__("uuid").uuid4(), text, text.lower(), slot, DAY, 0.9, "en")

    near = [fact("Maya lives in Edinburgh", "location~maya"), fact("Jonas lives in Hamburg", "location~jonas")]
    view, own = speakers_own(CandidateView("Jonas lives in Bremen", "location~jonas", False, DAY), near)
    assert view.slot == "location" and [n.text for n in own] == ["Jonas lives in Hamburg"]
    assert own[0].slot == "location"
    decision = decide_by_rule(view, own)
    assert decision is not None and decision.op is Op.UPDATE and own[decision.target].text == "Jonas lives in Hamburg"
    # Maya's first statement about her home meets nothing of hers: a new fact, not Jonas's replacement.
    view, own = speakers_own(CandidateView("Maya lives in Leith", "location~maya", False, DAY), near[1:])
    assert own == [] and decide_by_rule(view, own).op is Op.ADD


# --- whose fact: named, and never the other speaker's ---------------------------------------------


def test_each_speaker_keeps_a_home_of_their_own_and_a_move_replaces_only_the_movers():
    run = chat(
        [
            ("Maya", "hey! finally settled in Edinburgh, the flat is tiny", "2026-03-01"),
            ("Jonas", "nice, I live in Hamburg now", "2026-03-01"),
            ("Jonas", "big news, I moved to Bremen last week", "2026-04-10"),
        ]
    )
    assert texts(run.active) == ["Jonas lives in Bremen (since the week of 2026-03-30)", "Maya lives in Edinburgh"]
    assert {f.slot for f in run.active} == {"location~maya", "location~jonas"}


def test_both_speakers_own_pets_and_neither_ending_touches_the_other():
    run = chat(
        [
            ("Lina", "I have a cat named Pixel", "2026-01-05"),
            ("Omar", "I have a dog named Pixel too, funny", "2026-01-05"),
            ("Lina", "sadly Pixel passed away on Sunday", "2026-02-11"),
        ]
    )
    assert texts(run.active) == ["Omar has a dog named Pixel"]


def test_what_one_speaker_says_about_the_other_is_nobodys_fact():
    facts = said([("Ravi", "I do spin classes every Monday"), ("Chloe", "Ravi you'd smash a marathon, honestly")])
    assert facts == []
    assert said([("Chloe", "you should get a dog, Ravi")]) == []


def test_an_assistants_claims_are_never_facts_even_with_a_name():
    run = chat([("Bot", "I live in the cloud and I love jazz", "2026-03-01")], role="assistant")
    assert run.predicted == [] and run.active == []


# --- a reply to the other's question --------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "reply", "fact"),
    [
        ("Where are you from, Felix?", "Norway, originally.", "Felix is from Norway"),
        ("and where do you live now?", "Malmo, for now. you?", "Felix lives in Malmo"),
        ("which city do you live in?", "Porto", "Felix lives in Porto"),
        ("What do you do for a living?", "nurse, mostly nights", "Felix works as a nurse"),
        ("how old are you?", "34", "Felix is 34 years old"),
        ("what's your dog called?", "Pepper haha", "Felix has a dog named Pepper"),
        ("how's your dog?", "Biscuit! he's getting fat though", "Felix has a dog named Biscuit"),
        ("do you have any pets?", "two cats", "Felix has two cats"),
    ],
)
def test_a_fragment_that_answers_the_others_question_is_the_answerers_fact(question, reply, fact):
    assert [text for text, _ in said([("Hana", question), ("Felix", reply)])] == [fact]


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("how was your weekend?", "pretty chill"),  # no fact asked for
        ("how is your mum doing?", "Mum is great thanks"),  # a kinship word is no name
        ("where are you from?", "why do you ask?"),  # a question is no answer
        ("where are you from?", "you first"),  # about the asker
        ("what do you do?", "I'd rather not say, it's boring and long"),  # a clause, read as it is
    ],
)
def test_a_reply_that_answers_nothing_the_question_asked_says_nothing(question, reply):
    assert said([("Hana", question), ("Felix", reply)]) == []


def test_a_speaker_answering_their_own_question_is_not_answered():
    # The same speaker twice in a row: nobody asked them.
    assert said([("Felix", "where am I even from?"), ("Felix", "Norway")]) == []
    assert answers.statement_from_answer("Where are you from?", "Norway, originally.") == "I am from Norway"


# --- the casual register: life events with their dates ---------------------------------------------


@pytest.mark.parametrize(
    ("line", "fact"),
    [
        ("I went to a support group meeting yesterday", "Hana went to a support group meeting on 2026-05-19"),
        ("I finally finished my first novel draft last month", "Hana finished their first novel draft in 2026-04"),
        ("we recently adopted a rescue cat named Mochi", "Hana has a cat named Mochi"),
        ("I ran a charity 5k last weekend", "Hana ran a charity 5k on the weekend of 2026-05-16"),
        ("I've been learning the guitar for about a year now", "Hana learns the guitar (since 2025-05)"),
        ("I have been painting a lot lately", "Hana paints a lot"),
        ("no! I moved to Antwerp ages ago haha", "Hana lives in Antwerp"),
    ],
)
def test_a_life_event_said_in_passing_is_the_speakers_fact(line, fact):
    assert [text for text, _ in said([("Hana", line)])] == [fact]


def test_a_speakers_dated_event_keeps_its_date_and_their_name():
    run = chat([("Ade", "I took my kids to the aquarium on Saturday", "2026-05-18")])
    [event] = run.predicted
    assert event.text == "Ade took their kids to the aquarium on 2026-05-16" and event.slot.endswith("~ade")
    assert event.valid_from.date().isoformat() == "2026-05-16"


# --- well formed, or not stored ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "The user loves love theme",  # the verb glued to its own noun
        "Marisol likes likes",
        "The user loves it",  # a pronoun is no object
        "Jonas works at the",  # stops on a function word
        "The user is moving to",
        "Jonas works at the shipyard has been mad",  # the object swallowed a clause
        "Zoe games dev in Malmo is pretty chill",
    ],
)
def test_a_fragment_is_not_a_fact(text):
    assert not well_formed.is_well_formed(text, "en")


@pytest.mark.parametrize(
    "text",
    [
        "The user smokes",
        "Sara is vegan",
        "The user eats everything",
        "Maya lives in Edinburgh",
        "The user's driving test is on 2026-06-03",
        "The user's family group chat is on Signal",
        "Lena's cat Oscar turned 15 (since 2026-03-02)",
        "NOT The user and Sam broke up (since 2026-06)",
        "The user lives in Vienna, which is near the river",
        "The user has been a nurse since 2019",
        "The user is a junior accountant at a small firm in Cork",
        "Omar is moving to Cardiff in 2026-09",
    ],
)
def test_a_fact_is_well_formed(text):
    assert well_formed.is_well_formed(text, "en")


def test_repeated_words_are_caught_in_every_language_and_only_they():
    assert not well_formed.is_well_formed("Der Nutzer liebt liebt Katzen", "de")
    assert well_formed.is_well_formed("L'utente vive a Bergamo", "it")
    assert well_formed.is_well_formed("The user ran 5 5k races", "en")  # numbers are no repeated words


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        (
            "The user plays squash every Sunday morning with their neighbour, it's basically their religion",
            "The user plays squash every Sunday morning with their neighbour",
        ),
        (
            "The user is running the Vienna half marathon, need a 6 week plan on 2026-04-05",
            "The user is running the Vienna half marathon on 2026-04-05",
        ),
        ("Ana lives in Antwerp ages ago", "Ana lives in Antwerp"),
        (
            "The user has been a nurse, and night shifts are wrecking their sleep since 2019",
            "The user has been a nurse since 2019",
        ),
        # The speaker's own second statement is not an afterthought: left for the rules.
        (
            "The user codes till 2am, and yes they drink way too much Club-Mate",
            "The user codes till 2am, and yes they drink way too much Club-Mate",
        ),
        ("Hana paints lately", "Hana paints"),
        ("Der Nutzer wohnt in Vienna, it's great", "Der Nutzer wohnt in Vienna, it's great"),
    ],
)
def test_trimming_cuts_what_chat_adds_after_the_fact_and_keeps_its_stated_time(text, kept):
    language = "de" if text.startswith("Der") else "en"
    assert well_formed.trimmed(text, language) == kept


@pytest.mark.parametrize(
    "text",
    [
        "Hugo started , marine biology in 2024",  # a phrase cut out before the comma
        "Marek went fine, on crutches for on 2025-12-11",  # two prepositions in a row
        "Bram has some obviously",  # a determiner and a comment, no noun
        "The user has a pivot table pls",  # a request ran into the fact
    ],
)
def test_what_a_cut_leaves_behind_is_not_a_fact(text):
    assert not well_formed.is_well_formed(text, "en")


@pytest.mark.parametrize(
    "text",
    ["The user has lived in Oslo for about a year", "The user moved on to Rust", "Sara is lonely", "Ivo is friendly"],
)
def test_adjacent_words_that_are_english_stay(text):
    assert well_formed.is_well_formed(text, "en")


@pytest.mark.parametrize(
    ("line", "fact"),
    [
        ("btw i've been running 3x a week w Mosa, she needs it", "Hana runs 3 times a week with Mosa"),
        ("shes 5 yrs old and i adopted her last month", None),
    ],
)
def test_chat_spellings_are_read_as_the_words_they_stand_for(line, fact):
    texts_said = [text for text, _ in said([("Hana", line)])]
    if fact is not None:
        assert texts_said == [fact]
    assert "yrs" not in " ".join(texts_said) and " w " not in " ".join(texts_said)


def test_chat_spellings_are_written_out_only_as_whole_words():
    from shared.providers.offline import chat_spelling

    assert chat_spelling.expanded("how r u? ur getting a car w/ ur bf?") == (
        "how are you? you're getting a car with your boyfriend?"
    )
    assert chat_spelling.expanded("its 2x a day, Uber w Sam") == "its 2 times a day, Uber with Sam"
    assert chat_spelling.expanded("I use u-boot and w3m") == "I use u-boot and w3m"


def test_a_name_given_a_turn_later_names_the_speakers_unnamed_pet_and_replaces_it():
    run = chat(
        [
            ("Theo", "ok so update. i adopted a dog", "2026-01-29"),
            ("Mara", "no way. pics or it didnt happen", "2026-01-29"),
            ("Theo", "her name is Mosa, shes a greyhound rescue, 5 yrs old", "2026-01-29"),
        ]
    )
    assert texts(run.active) == ["Theo has a dog named Mosa"]


def test_a_name_given_later_names_only_the_same_speakers_unnamed_partner():
    lines = [
        ("Ottilie", "so... I have a boyfriend"),
        ("Kwame", "details. now."),
        ("Ottilie", "his name is Laurent, we met at the climbing wall"),
    ]
    assert said(lines) == [("Ottilie's boyfriend is Laurent", "partner~ottilie")]
    # Kwame has no unnamed partner: Ottilie's boyfriend is not his.
    assert said([lines[0], ("Kwame", "his name is Laurent")]) == []


def test_guess_who_is_the_speakers_own_news():
    assert [text for text, _ in said([("Greta", "guess who got into vet school in Carrow")])] == [
        "Greta got into vet school in Carrow"
    ]
    assert [text for text, _ in said([("Greta", "guess who's moving to Leeds next month")])] == [
        "Greta is moving to Leeds in 2026-06"
    ]


def test_a_stated_date_is_no_object():
    assert not well_formed.is_well_formed("Hana bought some on 2026-05-19", "en")
    assert well_formed.is_well_formed("The user's cousin's wedding is in 2026-07", "en")
    assert well_formed.is_well_formed("The user's thesis defense is on 2026-09-07", "en")


def test_the_openai_providers_facts_go_on_their_speakers_slots_too():
    from shared.providers.openai_provider import facts_from_reply

    turns = (Turn("m1", "user", "I live in Leeds", DAY, "Maya"), Turn("m2", "user", "I live in York", DAY, "Jonas"))
    reply = {
        "facts": [
            {"msg": 1, "text": "Maya lives in Leeds", "category": "fact", "importance": 7, "slot": "location"},
            # A model that copied another speaker's slot from the known slots is corrected.
            {"msg": 2, "text": "Jonas lives in York", "category": "fact", "importance": 7, "slot": "location~maya"},
        ]
    }
    request = ExtractionInput(new_turns=turns, context_turns=(), known_slots=("location~maya",))
    assert [f.slot for f in facts_from_reply(reply, request)] == ["location~maya", "location~jonas"]


def test_a_retraction_must_say_what_ends():
    # A clause the classifier took for an ending, whose words report news: not stored as a retraction.
    assert not well_formed.is_well_formed("Mara passed their driving test", "en", negated=True)
    assert not well_formed.is_well_formed("Anders got their own place", "en", negated=True)
    for ended in (
        "The user no longer lives in London",
        "Lena's cat Oscar passed away on 2026-07-12",
        "Tim quit the call centre job",
        "The user sold their motorbike",
        "The user and Sam broke up",
    ):
        assert well_formed.is_well_formed(ended, "en", negated=True), ended


def test_a_named_speakers_thing_only_retraction_looks_for_the_thing_without_the_speaker():
    from shared.storage.facts import NeighbourQuery, _query_columns

    queries = [NeighbourQuery("t", "u", [0.0] * 4, slot, "x") for slot in ("*:oscar~lena", "location~lena", None)]
    bases, things = _query_columns(queries)[3], _query_columns(queries)[5]
    assert things == ["oscar", None, None]
    assert bases[1] == "location~lena"  # the exact and same-base look-ups keep the speaker
