"""Two friends chatting by name: what one tells the other, said the way friends say it.

The classes (every line here was written for this file, none from an evaluation set; each class has
near-misses that must keep their fact or give nothing):

- a rhetorical tag after one's own news ("i'm a vet now, didn't i tell you?", "did i not say"): the news is
  a statement, not a question (``talk.told_before``);
- a dish refused for an allergy ("no prawns for me, i'm allergic"): the allergy is to the thing refused
  (``talk.allergy_reason``), and an allergy with nothing named is no fact (``chat_residue``);
- chat residue of two friends (``chat_residue``): a stance towards someone ("i respect dave", "i admire her
  for that"), being overwhelmed by something ("drowning in flashcards", "buried in paperwork"), a bare
  start or leaving with only a date ("left on the 28th", "i start on the 16th"), a notice handed in with no
  employer the fact can end ("handed in my notice 😬"), the job pointed at ("GOT THE JOB") as a possession.
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import partial

import pytest

from shared.providers.offline import talk
from shared.providers.offline.chat_residue import residue
from tests.unit.exchange import has, last_message_facts, shown

SAID = datetime(2026, 5, 20, 18, 30, tzinfo=UTC)
reply = partial(last_message_facts, at=SAID)


def _said(message: str, asked: str = "what's new with you?") -> list:
    return reply(("Noor", asked), ("Wendell", message))


# --- a rhetorical tag after one's own news -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ("i'm a vet now, didn't i tell you?", ("Wendell", "vet")),
        ("im a paramedic now did i not say", ("Wendell", "paramedic")),
        ("I'm a software tester now, did I not mention it?", ("Wendell", "software tester")),
        ("i live in Tromso now, thought i told u", ("Wendell", "Tromso")),
        ("i'm a barista these days, didnt i say??", ("Wendell", "barista")),
        ("I'm a dental hygienist now, remember?", ("Wendell", "dental hygienist")),
    ],
)
def test_news_with_a_rhetorical_tag_is_a_statement(message: str, words: tuple[str, ...]) -> None:
    facts = _said(message)
    assert has(facts, *words) is not None, shown(facts)


@pytest.mark.parametrize(
    "message",
    [
        "didn't I tell you to call me?",  # a reproach, no news
        "did i not say it would rain",
        "remember when we went to Oslo?",
        "am i a vet now? didn't i tell you",  # the news itself is asked
    ],
)
def test_a_tag_without_news_gives_nothing(message: str) -> None:
    facts = _said(message)
    assert facts == [], shown(facts)


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("i'm a vet now, didn't i tell you?", "i'm a vet now"),
        ("i'm a vet now did i not say", "i'm a vet now"),
        ("i live in Tromso now, thought i told u", "i live in Tromso now"),
        ("didn't I tell you to call me?", "didn't I tell you to call me?"),
        ("i told you so", "i told you so"),
    ],
)
def test_the_tag_is_set_apart_by_form(text: str, plain: str) -> None:
    assert talk.told_before(text) == plain


# --- a dish refused for an allergy ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "thing"),
    [
        ("no prawns for me pls, i'm allergic", "prawns"),
        ("hold the walnuts, allergic", "walnuts"),
        ("anything but nothing with sesame, allergic remember", "sesame"),
        ("without the shellfish please, im severely allergic", "shellfish"),
        ("no kiwi for me. i'm allergic!", "kiwi"),
    ],
)
def test_an_allergy_is_to_the_thing_refused(message: str, thing: str) -> None:
    facts = _said(message, "what should we order tonight?")
    assert has(facts, "Wendell", "allergic", thing) is not None, shown(facts)


@pytest.mark.parametrize(
    "message",
    [
        "i'm allergic remember",  # to what, is not said
        "allergic lol",
        "no dessert for me, i'm stuffed",  # refused, but no allergy
        "no prawns for me, not hungry",
        "are you allergic to prawns?",
    ],
)
def test_an_allergy_to_nothing_named_is_no_fact(message: str) -> None:
    facts = _said(message, "what should we order tonight?")
    assert not [f for f in facts if "allergic" in f.text], shown(facts)


def test_an_allergy_with_its_object_is_kept() -> None:
    facts = _said("i'm allergic to cats")
    assert has(facts, "Wendell", "allergic", "cats") is not None, shown(facts)


# --- chat residue of two friends ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "form"),
    [
        ("The user respects dave", "stance"),
        ("The user admires her honesty", "stance"),
        ("The user contains rage apparently", "stance"),
        ("The user salutes your commitment", "stance"),
        ("The user envies you", "stance"),
        ("The user is drowning in anatomy flashcards", "overwhelmed"),
        ("The user is buried in paperwork", "overwhelmed"),
        ("The user is swamped with emails", "overwhelmed"),
        ("The user is snowed under with marking", "overwhelmed"),
        ("The user is allergic", "condition-without-object"),
        ("The user is severely allergic", "condition-without-object"),
        ("The user left on 2025-08-28", "bare-event"),
        ("The user starts on 2026-06-16", "bare-event"),
        ("The user started in 2026-01", "bare-event"),
        ("The user handed in their notice", "notice"),
        ("The user handed in their notice at the bank", "notice"),
        ("The user gave their notice at the pub", "notice"),
        ("The user has THE LIBRARY JOB", "job-pointed-at"),
        ("The user has the promotion", "job-pointed-at"),
        ("The user has the job at the museum", "job-pointed-at"),
        ("The user does nights all month", "of-the-period"),
        ("The user was married for 10 years", "past-span"),
        ("The user was together for 5 years", "past-span"),
        ("The user eats salad all week", "of-the-period"),
        ("The user works late all week long", "of-the-period"),
        ("The user is passing through in 2026-06", "object-dropped"),
        ("The user is just passing through", "object-dropped"),
    ],
)
def test_a_form_two_friends_leave_is_told(text: str, form: str) -> None:
    found = residue(text, "en", negated="notice" in text)
    assert found is not None and found.form == form, (text, found)


@pytest.mark.parametrize(
    "text",
    [
        "The user supports Arsenal",  # a fan
        "The user plays chess on sundays",
        "The user is into bouldering",
        "The user is in a band",
        "The user is allergic to cats",
        "The user is addicted to climbing",
        "The user starts at Google on 2026-05-25",
        "The user left Nokia in 2026-05",
        "The user no longer works at Deloitte",
        "The user has a job at the museum",
        "The user has a Kindle",
        "The user is passing through Leeds on 2026-05-22",
        "The user works nights (since 2026-03)",
        "The user is doing nights in the week of 2026-05-18",
    ],
)
def test_a_fact_of_the_same_shape_is_kept(text: str) -> None:
    assert residue(text, "en") is None, text
    assert residue(text, "en", negated=True) is None or text.startswith("The user no longer"), text


@pytest.mark.parametrize(
    "message",
    [
        "i respect dave",
        "honestly i admire her for that",
        "i contain rage apparently",
        "cute. i'm drowning in anatomy flashcards",
        "im buried in paperwork this week",
        "left on the 28th of august, they gave me a little mug",
        "yep, i start on the 16th",
        "handed in my notice 😬",
        "ok i did it. i handed in my notice at the bank",
        "GOT THE LIBRARY JOB",
    ],
)
def test_what_two_friends_say_in_passing_gives_no_fact(message: str) -> None:
    facts = _said(message)
    assert facts == [], shown(facts)


@pytest.mark.parametrize(
    ("message", "words", "negated"),
    [
        ("I handed in my notice at Deloitte yesterday", ("Wendell", "Deloitte"), True),
        ("i play chess every sunday", ("Wendell", "chess"), False),
        ("I start at Google on Monday", ("Wendell", "Google"), False),
        ("i'm a nurse now", ("Wendell", "nurse"), False),
    ],
)
def test_near_misses_keep_their_fact(message: str, words: tuple[str, ...], negated: bool) -> None:
    facts = _said(message)
    assert has(facts, *words, negated=negated) is not None, shown(facts)


# --- "X and I" together: a couple ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ("yes lol Kwesi and I have been together 3 years now", ("Wendell", "Kwesi")),
        ("Priit and I have been together since 2019", ("Wendell", "Priit")),
        ("haha Odile and I are together now, it's official", ("Wendell", "Odile")),
        ("Ilse and i r a couple now!!", ("Wendell", "Ilse")),
        ("Mika and I started dating in april", ("Wendell", "Mika")),
    ],
)
def test_a_couple_said_as_the_pair_is_a_partner(message: str, words: tuple[str, ...]) -> None:
    facts = _said(message)
    found = has(facts, *words)
    assert found is not None and found.slot.startswith(("partner", "event:started-dating")), shown(facts)


@pytest.mark.parametrize(
    "message",
    [
        "it's between me and Jonas now",  # not the pair's subject
        "can you pick up me and my sister at 6?",
        "me and Jonas? never",
        "are you and Kwesi together?",
        "me and Kwesi were together in school, ages ago",  # a past couple is no partner now
    ],
)
def test_near_misses_of_the_pair_give_no_partner(message: str) -> None:
    facts = _said(message)
    assert not [f for f in facts if f.slot and f.slot.startswith("partner")], shown(facts)


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("me and my brother went to Oslo", "me and my brother went to Oslo"),
        ("Kwesi and I have been together 3 years now", "I've been dating Kwesi for 3 years now"),
        ("Odile and I are together now", "I'm dating Odile now"),
        ("me and Odile are together now", "me and Odile are together now"),
        ("Lena and I started dating in april", "I started dating Lena in april"),
        ("Lena and I began going out last year", "I started dating Lena last year"),
        ("it's between me and Jonas", "it's between me and Jonas"),
    ],
)
def test_the_pair_is_said_plainly_by_form(text: str, plain: str) -> None:
    assert talk.pair_plainly(text) == plain


# --- a news preface before the news ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ("my news is less cool, sprained my ankle on the stairs", ("Wendell", "sprained", "ankle")),
        ("so my news: adopted a rescue greyhound", ("Wendell", "greyhound")),
        ("less exciting news here, broke my wrist skating", ("Wendell", "wrist")),
        ("ok my big news. moved to Tromso!!", ("Wendell", "Tromso")),
        ("sad news tbh, lost my job at the mill", ("Wendell", "mill")),
    ],
)
def test_news_after_a_preface_is_read(message: str, words: tuple[str, ...]) -> None:
    facts = _said(message)
    assert has(facts, *words, negated=None) is not None, shown(facts)


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("my news is less cool, sprained my wrist", "sprained my wrist"),
        ("so my news: adopted a cat", "adopted a cat"),
        ("my news is that I'm moving", "my news is that I'm moving"),
        ("the news is depressing", "the news is depressing"),
    ],
)
def test_the_preface_is_set_apart_by_form(text: str, plain: str) -> None:
    assert talk.news_preface_cut(text) == plain


# --- still at home: where one lives, said with "still" ------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ("jealous. still in my mum's attic over here", ("Wendell", "attic")),
        ("I still live in my sister's flat", ("Wendell", "sister's flat")),
        ("still living in my parents' basement lol", ("Wendell", "basement")),
        ("im still in my old studio tbh", ("Wendell", "studio")),
        ("same, still in my grandad's spare room", ("Wendell", "spare room")),
    ],
)
def test_a_home_held_still_is_where_one_lives(message: str, words: tuple[str, ...]) -> None:
    facts = _said(message, "where are you living these days?")
    found = has(facts, *words)
    assert found is not None and found.slot.startswith("location"), shown(facts)


@pytest.mark.parametrize(
    "message",
    [
        "still in my pyjamas lol",
        "still in my car, stuck in traffic",
        "i'm still in my room, give me 5",
        "are you still in your mum's attic?",
    ],
)
def test_being_somewhere_still_is_no_home(message: str) -> None:
    facts = _said(message)
    assert not [f for f in facts if f.slot and f.slot.startswith("location")], shown(facts)
    assert not [f for f in facts if "still" in f.text], shown(facts)


# --- a year of study said as the subject ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ("first year of nursing at Brindle College is no joke", ("Wendell", "nursing", "Brindle College")),
        ("yeah, second year of the woodwork diploma at Holm Institute", ("Wendell", "woodwork", "Holm Institute")),
        ("final year of law at Kestrel Uni, pray for me", ("Wendell", "law", "Kestrel Uni")),
        ("3rd year of physio at Keele now", ("Wendell", "physio", "Keele")),
        ("i'm in my second year of the architecture degree at Delft", ("Wendell", "architecture", "Delft")),
    ],
)
def test_a_year_of_study_said_as_the_subject_is_the_study(message: str, words: tuple[str, ...]) -> None:
    facts = _said(message)
    found = has(facts, *words)
    assert found is not None and found.slot.startswith("education"), shown(facts)


@pytest.mark.parametrize(
    "message",
    [
        "first year of marriage is hard",  # no study, no school
        "the second year of the war at school was grim",
        "is the first year of nursing at Brindle College hard?",
    ],
)
def test_a_year_that_is_no_study_gives_no_education(message: str) -> None:
    facts = _said(message)
    assert not [f for f in facts if f.slot and f.slot.startswith("education")], shown(facts)


# --- long, emotive turns of a long conversation -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ("I finished this last week, pottery helps me unwind so much!", None),
        ("so glad!! sketching really helps me relax after work", ("Wendell", "sketching")),
        ("honestly running keeps me sane, 5k before work", ("Wendell", "running")),
        ("knitting keeps me sane honestly", ("Wendell", "knitting")),
        ("Thanks!! Gardening is my therapy these days 🌱", ("Wendell", "gardening")),
        ("baking is my happy place", ("Wendell", "baking")),
        ("swimming clears my head like nothing else", ("Wendell", "swimming")),
    ],
)
def test_an_activity_said_as_what_helps_is_the_speakers(message: str, words: tuple[str, ...] | None) -> None:
    facts = _said(message, "how are you holding up?")
    if words is None:  # a noun ("pottery"), no activity by its form: nothing garbled either
        assert not [f for f in facts if "helps" in f.text], shown(facts)
        return
    assert has(facts, *words) is not None, shown(facts)
    assert not [f for f in facts if "before work" in f.text or "helps" in f.text], shown(facts)


@pytest.mark.parametrize(
    "message",
    [
        "nothing helps me relax lately",
        "working late keeps me up",  # work said as the cause, not a pastime
        "is running your therapy?",
        "does painting help you relax?",
    ],
)
def test_what_helps_that_is_no_pastime_gives_nothing(message: str) -> None:
    facts = _said(message, "how are you holding up?")
    assert not [f for f in facts if f.slot and f.slot.startswith(("like", "habit"))], shown(facts)


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ("[shares a photo of a sunset over the harbour] I moved to Tromso last month!", ("Wendell", "Tromso")),
        ("[image: a ginger kitten on a sofa] we adopted a kitten called Pip", ("Wendell", "Pip")),
        ("*sends a pic of a guitar* I play the cello too", ("Wendell", "cello")),
    ],
)
def test_a_picture_described_in_brackets_is_no_speech(message: str, words: tuple[str, ...]) -> None:
    facts = _said(message)
    assert has(facts, *words) is not None, shown(facts)
    assert not [f for f in facts if "photo" in f.text or "sunset" in f.text or "kitten on" in f.text], shown(facts)


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("[shares a photo of a lake] I painted this", "I painted this"),
        ("look! [image: a cake] made it myself", "look! made it myself"),
        ("*sends a pic of my dog* isn't he cute", "isn't he cute"),
        ("[laughs] no way", "[laughs] no way"),
    ],
)
def test_a_picture_is_cut_by_form(text: str, plain: str) -> None:
    assert talk.pictures_cut(text) == plain


@pytest.mark.parametrize(
    "text",
    [
        "The user goes every summer",
        "The user goes every summer (at home)",
        "The user goes twice a week",
        "The user travels every year",
    ],
)
def test_a_going_with_no_where_is_residue(text: str) -> None:
    found = residue(text, "en")
    assert found is not None and found.form == "going-nowhere", (text, found)


@pytest.mark.parametrize(
    "text",
    ["The user goes to the beach every summer", "The user goes running every morning", "The user goes climbing"],
)
def test_a_going_with_its_where_is_kept(text: str) -> None:
    assert residue(text, "en") is None


# --- "still at X" to a question about one's workplace, by its kind ---------------------------------------------


@pytest.mark.parametrize(
    ("asked", "message", "org"),
    [
        ("what about u, still at the brewery?", "haha yes still at Hopwell, head brewer now", "Hopwell"),
        ("you still at the hospital?", "yep still at St Brennan's", "St Brennan's"),
        ("still at that architecture firm?", "yeah still at Brackley Partners lol", "Brackley Partners"),
        ("how's the bakery?", "busy! still at Crumb Street Bakery, up at 4 every day", "Crumb Street Bakery"),
    ],
)
def test_still_at_a_named_workplace_answers_a_workplace_question(asked: str, message: str, org: str) -> None:
    facts = reply(("Noor", asked), ("Wendell", message))
    found = has(facts, "Wendell", org)
    assert found is not None and found.slot.startswith("employer"), shown(facts)


@pytest.mark.parametrize(
    ("asked", "message"),
    [
        ("still at the airport?", "yep still at Heathrow, delayed again"),
        ("are you still at the pub?", "yeah still at the Crown"),
        ("still at the beach?", "still at Porthmeor lol"),
    ],
)
def test_still_at_a_place_one_visits_is_no_workplace(asked: str, message: str) -> None:
    facts = reply(("Noor", asked), ("Wendell", message))
    assert not [f for f in facts if f.slot and f.slot.startswith("employer")], shown(facts)


def test_a_pastime_begun_again_after_ive_is_no_possession() -> None:
    facts = _said("i've started making music again btw, on Bitwig")
    assert not [f for f in facts if f.slot and f.slot.startswith("own")], shown(facts)


# --- a named speaker's name is known ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "message",
    [
        "[shares a photo of a golden retriever] this is Bo, we got him last week!",
        "this is Pip!! 8 weeks old",
        "*sends a pic* meet Otto, our new foster kitten",
    ],
)
def test_a_named_speaker_is_never_renamed_by_what_a_photo_shows(message: str) -> None:
    facts = _said(message)
    assert not [f for f in facts if f.slot and f.slot.startswith("name")], shown(facts)


@pytest.mark.parametrize(
    ("message", "words"),
    [("call me Wen, everyone does", ("Wendell", "Wen")), ("I go by Dell these days", ("Wendell", "Dell"))],
)
def test_a_name_one_goes_by_is_kept(message: str, words: tuple[str, ...]) -> None:
    facts = _said(message)
    assert has(facts, *words) is not None, shown(facts)


def test_an_unnamed_users_name_is_read_as_before() -> None:
    from tests.unit.exchange import message_facts

    facts = message_facts("hi! this is Dorota, I booked the room for friday")
    assert has(facts, "Dorota") is not None, shown(facts)
