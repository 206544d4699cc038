"""English statements by class, for the general layer (clauses.py, the clause classifier and the clause
segmentation): each case stands for a class of phrasings, not a sentence to match. The phrasings are
invented for this file; none is taken from the evaluation sets, the issue text or the classifier's
training lines. Each expected fact is checked by the words it must (and must not) contain.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from shared.domain.models import ExtractedFact, ExtractionInput, Turn
from shared.providers.offline import clauses
from shared.providers.offline.extraction_rules import extract_facts

AT = datetime(2026, 3, 11, 10, 0, tzinfo=UTC)


def facts_of(*messages: str) -> list[ExtractedFact]:
    turns = tuple(Turn(f"e{i}", "user", m, AT) for i, m in enumerate(messages))
    return extract_facts(ExtractionInput(new_turns=turns))


def has_fact(facts: list[ExtractedFact], *words: str, negated: bool = False) -> bool:
    return any(f.negated == negated and all(w.lower() in f.text.lower() for w in words) for f in facts)


# --- possessions: "my <thing> is a <make> ...", "I'm on a <device>" ------------------------------------


@pytest.mark.parametrize(
    ("message", "words", "not_words"),
    [
        ("My tablet is a Lenovo Tab P11 and it lags a lot", ("tablet", "Lenovo"), ("lags",)),
        ("my e-bike is a Cube Kathmandu, and it's great on hills", ("e-bike", "Cube"), ("hills",)),
        ("I'm on a Pixel 7 with GrapheneOS, is that safe for banking?", ("Pixel 7",), ()),
        ("I'm on a Framework 16 these days", ("Framework 16",), ()),
    ],
)
def test_possessions_are_read_without_the_afterthought(message, words, not_words):
    facts = facts_of(message)
    assert has_fact(facts, *words), [f.text for f in facts]
    assert not any(w.lower() in f.text.lower() for f in facts for w in not_words), [f.text for f in facts]


def test_being_on_something_that_is_no_product_is_no_fact():
    for message in ("I'm on a train right now", "I'm on a break, back soon", "I'm on it"):
        assert facts_of(message) == [], message


def test_got_myself_is_a_thing_acquired():
    facts = facts_of("got myself a rowing machine, trying to use it daily")
    assert has_fact(facts, "rowing machine")


# --- people of the family: "my <relatives> <verb> ..." ------------------------------------------------


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ("My grandparents live in Coimbra.", ("grandparents", "Coimbra")),
        ("my cousins run a vineyard near Mendoza", ("cousins", "vineyard")),
        ("Our twins go to a Montessori school.", ("twins", "Montessori")),
    ],
)
def test_plural_relatives_with_a_base_verb(message, words):
    facts = facts_of(message)
    assert has_fact(facts, *words), [f.text for f in facts]


def test_a_place_name_is_never_read_as_the_verb():
    statement = clauses.rewrite("my parents live in Lagos")
    assert statement is not None and statement.base == "live" and "Lagos" in statement.text


def test_two_relatives_in_one_sentence_are_two_facts():
    facts = facts_of("My grandparents live in Coimbra and my aunt lives in Braga.")
    assert has_fact(facts, "grandparents", "Coimbra") and has_fact(facts, "aunt", "Braga"), [f.text for f in facts]


# --- one subject, two predicates: "I <verb> X but <verb> Y" --------------------------------------------


@pytest.mark.parametrize(
    ("message", "first", "second"),
    [
        ("I love jazz but hate opera.", ("jazz",), ("opera",)),
        ("I adore cycling and loathe running", ("cycling",), ("running",)),
        ("I knit socks and sell them at craft fairs", ("knit", "socks"), ()),
        ("I teach maths and coach the chess club", ("maths",), ("chess club",)),
    ],
)
def test_a_second_predicate_shares_the_subject(message, first, second):
    facts = facts_of(message)
    assert has_fact(facts, *first), [f.text for f in facts]
    if second:
        assert has_fact(facts, *second), [f.text for f in facts]
    assert not any(" them " in f.text or f.text.endswith(" it") for f in facts), [f.text for f in facts]


# --- preferences: "I'd prefer ...", the assistant's style -------------------------------------------


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ("I'd prefer answers in metric units.", ("metric",)),
        ("I would prefer replies without jargon", ("jargon",)),
    ],
)
def test_would_prefer_is_a_preference(message, words):
    facts = facts_of(message)
    assert has_fact(facts, *words), [f.text for f in facts]


def test_would_prefer_about_one_occasion_is_no_preference():
    assert facts_of("I would prefer to leave early today") == []


# --- we-statements about a household ---------------------------------------------------------------


def test_a_household_has_what_we_have():
    facts = facts_of("Our family has two ferrets named Pip and Squeak.")
    assert has_fact(facts, "ferret"), [f.text for f in facts]


# --- what the general layer must not say ------------------------------------------------------------


@pytest.mark.parametrize(
    "message",
    [
        "I sell it at the market",
        "I love it",
        "I hate them",
    ],
)
def test_a_clause_about_it_says_nothing(message):
    assert facts_of(message) == [], message


# --- a named person or pet and what the clause says of them ------------------------------------------


@pytest.mark.parametrize(
    ("message", "words", "slot"),
    [
        ("my girlfriend Noor is a marine biologist", ("Noor", "marine biologist"), "partner"),
        ("My nephew Kai plays the drums in a punk band", ("Kai", "drums"), "family:nephew:kai"),
        ("Our hamster Clover is three years old", ("Clover", "three years old"), "pet:clover"),
    ],
)
def test_what_is_said_of_a_named_relative_is_kept_with_the_name(message, words, slot):
    facts = facts_of(message)
    assert any(all(w in f.text for w in words) and f.slot == slot for f in facts), [(f.text, f.slot) for f in facts]


def test_a_passing_remark_about_a_named_relative_keeps_only_the_name():
    facts = facts_of("My uncle Bram says hello")
    assert [f.text for f in facts] == ["The user has an uncle named Bram"] or all(
        "hello" not in f.text for f in facts
    ), [f.text for f in facts]


# --- changes said another way: "moved everything over to", "upgraded to", "ended up migrating to" -----


@pytest.mark.parametrize(
    ("earlier", "message", "new"),
    [
        ("I keep my tasks in Todoist", "we moved everything over to TickTick", "TickTick"),
        ("I have a Galaxy S9", "finally upgraded to a Galaxy S24", "Galaxy S24"),
        ("our queue is RabbitMQ", "we ended up migrating to Kafka in the end", "Kafka"),
        ("I use LastPass", "jumped ship to Bitwarden after the breach", "Bitwarden"),
    ],
)
def test_a_change_said_another_way_states_the_new_value(earlier, message, new):
    facts = facts_of(earlier, message)
    assert any(new in f.text and not f.negated and f.source_event_ids == ("e1",) for f in facts), [
        f.text for f in facts
    ]


def test_moving_everything_is_not_the_speaker_moving_house():
    facts = facts_of("we moved everything over to Basecamp")
    assert not any(f.slot == "location" for f in facts), [(f.text, f.slot) for f in facts]


# --- endings said another way ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("earlier", "message", "thing"),
    [
        ("I do pilates", "I'm done with pilates, too pricey", "pilates"),
        ("I play the banjo", "haven't picked up my banjo in years", "banjo"),
        ("I ride a unicycle", "I haven't ridden my unicycle in ages", "unicycle"),
    ],
)
def test_an_ending_said_another_way_is_a_retraction(earlier, message, thing):
    facts = facts_of(earlier, message)
    ended = [f for f in facts if f.source_event_ids == ("e1",)]
    assert ended and all(f.negated for f in ended) and any(thing in f.text for f in ended), [f.text for f in facts]


@pytest.mark.parametrize(
    ("past", "base"),
    [("studied", "study"), ("jogged", "jog"), ("hiked", "hike"), ("touched", "touch"), ("visited", "visit")],
)
def test_regular_past_forms_give_their_verb(past, base):
    from shared.providers.offline import frames

    assert frames.base_of_regular_past(past) == base


# --- habits said by the verb alone, with a rhythm ---------------------------------------------------


@pytest.mark.parametrize(
    ("message", "word"),
    [
        ("I canoe most weekends", "canoe"),
        ("honestly I sketch every evening", "sketch"),
        ("I journal daily", "journal"),
    ],
)
def test_an_intransitive_habit_with_a_rhythm_is_a_habit(message, word):
    facts = facts_of(message)
    assert any(word in f.text and (f.slot or "").startswith("habit:") for f in facts), [(f.text, f.slot) for f in facts]


def test_a_verb_alone_without_a_rhythm_says_nothing():
    assert facts_of("I agree") == [] and facts_of("I paddled") == []


# --- a name given in a second clause about the same one ---------------------------------------------


@pytest.mark.parametrize(
    ("message", "name"),
    [
        ("we rescued a lurcher, she's called Dot", "Dot"),
        ("I have an older sister and her name is Ines", "Ines"),
        ("I'm seeing someone new, his name is Callum", "Callum"),
    ],
)
def test_a_name_given_after_the_mention_is_read_with_it(message, name):
    facts = facts_of(message)
    assert any(name in f.text for f in facts), [f.text for f in facts]


# --- a verbless question answered by the other speaker ------------------------------------------------


def test_a_verbless_question_answered_yes_states_the_verb():
    turns = (
        Turn("e0", "user", "you still work at the pottery studio?", AT, "Ola"),
        Turn("e1", "user", "yeah, for now", AT, "Pim"),
    )
    facts = extract_facts(ExtractionInput(new_turns=turns))
    assert [f.text for f in facts] == ["Pim works at the pottery studio"] or any(
        f.text.startswith("Pim works at") for f in facts
    ), [f.text for f in facts]
    assert not any(" is work" in f.text for f in facts)


# --- plain wordings: "'s a", "<X> user", "would take X over Y", "X is my favourite" ---------------------


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ("my camera's a Nikon Z6, any tips for astro?", ("camera", "Nikon Z6")),
        ("I'm a Firefox user, how do I clear cookies?", ("Firefox",)),
        ("we're a Laravel shop", ("Laravel",)),
        ("I'd take the sea over the mountains any day", ("sea",)),
        ("sushi is my absolute favourite", ("sushi",)),
    ],
)
def test_a_statement_said_another_way_is_read_plainly(message, words):
    facts = facts_of(message)
    assert has_fact(facts, *words), [f.text for f in facts]


# --- "I'm no longer <doing> ...": an ending of what the rest states ------------------------------------


@pytest.mark.parametrize(
    ("earlier", "message", "slot"),
    [
        ("I live in Ghent", "I'm no longer living in Ghent", "location"),
        ("I work at Ocado", "I'm no longer working at Ocado", "employer"),
    ],
)
def test_no_longer_doing_ends_the_fact_on_its_slot(earlier, message, slot):
    facts = facts_of(earlier, message)
    assert any(f.negated and f.slot == slot for f in facts), [(f.text, f.slot, f.negated) for f in facts]


def test_no_longer_feeling_something_is_no_ending():
    assert facts_of("I'm no longer sure") == [] and facts_of("I'm no longer hungry") == []


# --- where a thought ends: emoji, a label before a colon, "if that matters" -----------------------------


def test_an_emoji_ends_a_thought():
    facts = facts_of("we finally moved to Tromsø 🎉 the old place was way too small")
    assert any(f.slot == "location" and "Tromsø" in f.text and "small" not in f.text for f in facts), [
        f.text for f in facts
    ]


@pytest.mark.parametrize(
    ("message", "words", "negated"),
    [
        ("quick heads up for the meal plans: not pescatarian anymore", ("pescatarian",), True),
        ("new phone update: I switched to a Fairphone 5", ("Fairphone 5",), False),
    ],
)
def test_a_label_before_a_colon_is_no_part_of_the_statement(message, words, negated):
    facts = facts_of(message)
    assert has_fact(facts, *words, negated=negated), [f.text for f in facts]


def test_a_game_set_up_with_a_colon_stays_a_game():
    assert facts_of("let's play a game: I'm a pirate who lives on an island") == []


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ("I work as a physiotherapist if that matters", ("physiotherapist",)),
        ("we're in Dundee if it helps", ("Dundee",)),
    ],
)
def test_a_conditional_afterthought_is_dropped(message, words):
    facts = facts_of(message)
    assert has_fact(facts, *words) and not any(" if " in f.text for f in facts), [f.text for f in facts]


def test_like_before_a_quantity_is_filler_not_a_taste():
    facts = facts_of("I vape, like half a bottle a day")
    assert not any((f.slot or "").startswith("like:") for f in facts), [(f.text, f.slot) for f in facts]


def test_settled_in_a_place_is_living_there():
    facts = facts_of("finally settled in Lyon, the flat is tiny")
    assert any(f.slot == "location" and "Lyon" in f.text for f in facts), [(f.text, f.slot) for f in facts]


# --- a relative's lasting trait; a name said in apposition -------------------------------------------


def test_a_relatives_trait_said_with_one_adjective_is_kept():
    facts = facts_of("my husband is diabetic")
    assert has_fact(facts, "husband", "diabetic"), [f.text for f in facts]


@pytest.mark.parametrize(
    ("message", "name"),
    [
        ("I got a kitten, a tabby called Moth", "Moth"),
        ("I have a dog too, Pickle, is that a problem?", "Pickle"),
    ],
)
def test_a_name_in_apposition_is_the_name(message, name):
    facts = facts_of(message)
    assert any(name in f.text and (f.slot or "").startswith("pet:") for f in facts), [(f.text, f.slot) for f in facts]


# --- a question after a comma, and a taste "when it ..." -------------------------------------------------


def test_an_inverted_question_after_a_comma_is_no_second_predicate():
    facts = facts_of("and my van, a Ford Transit, do I need a special licence?")
    assert has_fact(facts, "Ford Transit") and not any("licence" in f.text for f in facts), [f.text for f in facts]


def test_hating_it_when_something_happens_is_no_taste_of_a_thing():
    facts = facts_of("love cycling, hate it when it rains")
    assert has_fact(facts, "cycling") and not any("hate" in f.text for f in facts), [f.text for f in facts]


# --- "me and my <person> <Name> ...": who, and what they do together ---------------------------------


def test_a_named_companion_and_what_was_done_together_are_two_facts():
    facts = facts_of("me and my girlfriend Ilse just bought a flat in Delft!")
    assert any(f.slot == "partner" and "Ilse" in f.text for f in facts), [(f.text, f.slot) for f in facts]
    assert has_fact(facts, "flat", "Delft"), [f.text for f in facts]


def test_a_reciprocal_verb_keeps_the_pair_together():
    facts = facts_of("Ilse and I split up last month")
    assert any(f.negated and f.slot == "partner" for f in facts), [(f.text, f.slot) for f in facts]


def test_a_nameless_companion_states_a_partner_without_a_value():
    """ "my wife and I ..." says the user has a wife, and no more: the fact names no value, so consolidation
    never lets it replace a partner fact that has her name (consolidation.restated_with_less)."""
    facts = facts_of("my wife and I moved to Perth")
    assert sorted(f.slot for f in facts) == ["location", "partner"], [(f.text, f.slot) for f in facts]
    assert [f.value for f in facts if f.slot == "partner"] == [None]


# --- we-habits with a rhythm --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "word"),
    [("we go bouldering every Wednesday", "bouldering"), ("my husband and I play badminton on Fridays", "badminton")],
)
def test_a_shared_habit_with_a_rhythm_is_the_speakers_habit(message, word):
    facts = facts_of(message)
    assert any(word in f.text and (f.slot or "").startswith("habit:") for f in facts), [(f.text, f.slot) for f in facts]


def test_we_without_a_rhythm_stays_silent():
    assert facts_of("we cook a lot") == []


# --- more household words; a diet said after a comma -------------------------------------------------


def test_a_toddler_named_is_family():
    facts = facts_of("our toddler Wren refuses to nap")
    assert any((f.slot or "").startswith("family:") and "Wren" in f.text for f in facts), [
        (f.text, f.slot) for f in facts
    ]


def test_a_diet_after_a_comma_is_a_second_statement():
    facts = facts_of("I'm not vegetarian anymore, flexitarian now")
    assert has_fact(facts, "vegetarian", negated=True) and has_fact(facts, "flexitarian"), [
        ("NOT " if f.negated else "") + f.text for f in facts
    ]


# --- a choice "went with"; a question with "you," answered yes; one more thing had ----------------------


def test_going_with_a_named_thing_is_a_choice():
    facts = facts_of("we went with Supabase for the new app")
    assert has_fact(facts, "Supabase"), [f.text for f in facts]


def test_a_verbless_question_with_a_comma_after_you_is_answered():
    turns = (
        Turn("e0", "user", "and you, still in Galway?", AT, "Bea"),
        Turn("e1", "user", "yep, for now", AT, "Cal"),
    )
    facts = extract_facts(ExtractionInput(new_turns=turns))
    assert any(f.text.startswith("Cal") and "Galway" in f.text for f in facts), [f.text for f in facts]


def test_one_more_thing_had_after_and_whatever_its_adjectives():
    facts = facts_of("we have three kids and a very lazy old beagle")
    assert has_fact(facts, "beagle") and has_fact(facts, "three kids"), [f.text for f in facts]


# --- an "about me" card after a colon ---------------------------------------------------------------


def test_an_about_me_card_is_read_item_by_item():
    facts = facts_of("a bit about me: 52, from Lagos, a widower, three grandkids and I hate hospitals")
    assert has_fact(facts, "52") and has_fact(facts, "Lagos") and has_fact(facts, "three grandkids"), [
        f.text for f in facts
    ]
    assert has_fact(facts, "hospitals"), [f.text for f in facts]


def test_a_role_at_an_organisation_needs_no_article():
    facts = facts_of("intro: data engineer at Brightloom, living in Coimbra")
    assert any(f.slot == "employer" and "Brightloom" in f.text for f in facts), [(f.text, f.slot) for f in facts]
    assert any(f.slot == "location" and "Coimbra" in f.text for f in facts), [(f.text, f.slot) for f in facts]


def test_a_work_thing_said_without_my_is_the_speakers():
    facts = facts_of("home router is a Fritzbox 7590")
    assert has_fact(facts, "router", "Fritzbox"), [f.text for f in facts]


# --- preferences said another way -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "words", "slot_kind"),
    [
        ("I'd rather cycle to work than take the bus", ("cycling",), "like:"),
        ("jazz is my jam", ("jazz",), "like:"),
        ("I'm not really into football", ("football",), "dislike:"),
    ],
)
def test_a_preference_said_another_way(message, words, slot_kind):
    facts = facts_of(message)
    assert any(all(w in f.text for w in words) and (f.slot or "").startswith(slot_kind) for f in facts), [
        (f.text, f.slot) for f in facts
    ]


def test_would_rather_not_is_no_preference():
    assert facts_of("I'd rather not say") == []


# --- "my X used to be A but now it's B"; "in my Nth year of X" ----------------------------------------


def test_a_thing_that_used_to_be_one_and_now_is_another_is_a_change():
    facts = facts_of("my browser used to be Chrome but nowadays it's all Firefox")
    assert has_fact(facts, "Firefox") and has_fact(facts, "Chrome", negated=True), [
        ("NOT " if f.negated else "") + f.text for f in facts
    ]


def test_a_year_of_a_course_is_studying_it():
    facts = facts_of("in my third year of a physics degree at Durham, send help")
    assert any(f.slot == "education" and "physics" in f.text and "Durham" in f.text for f in facts), [
        (f.text, f.slot) for f in facts
    ]


def test_a_role_at_a_named_organisation_is_two_facts():
    facts = facts_of("I'm a junior data wrangler at Quillfeather, any tips for pandas?")
    assert [f.slot for f in facts] == ["occupation", "employer"], [(f.text, f.slot) for f in facts]
    assert "Quillfeather" in facts[1].text and "wrangler" in facts[0].text
