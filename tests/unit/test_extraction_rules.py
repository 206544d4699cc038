"""The offline extractor: deterministic English rules, a few foreign patterns, dates resolved
against each message's own timestamp."""

import re
from datetime import UTC, date, datetime, timedelta, timezone

import pytest

from shared.domain.models import Category, ExtractedFact, ExtractionInput, Turn
from shared.providers.offline.extraction_rules import RULES_VERSION, detect_language, extract_facts

# A Friday afternoon, in a timezone that is not UTC, so "today" must come from the message itself.
AT = datetime(2026, 11, 20, 15, 30, tzinfo=timezone(timedelta(hours=1)))


def user(content: str, *, event_id: str = "e1", at: datetime = AT) -> Turn:
    return Turn(event_id=event_id, role="user", content=content, created_at=at)


def assistant(content: str, *, event_id: str = "a1", at: datetime = AT) -> Turn:
    return Turn(event_id=event_id, role="assistant", content=content, created_at=at)


def extract(*turns: Turn, context: tuple[Turn, ...] = ()) -> list[ExtractedFact]:
    return extract_facts(ExtractionInput(new_turns=turns, context_turns=context))


def facts_of(content: str, at: datetime = AT) -> list[ExtractedFact]:
    return extract(user(content, at=at))


def texts(content: str, at: datetime = AT) -> list[str]:
    return [f.text for f in facts_of(content, at)]


def only(content: str, at: datetime = AT) -> ExtractedFact:
    facts = facts_of(content, at)
    assert len(facts) == 1, [f.text for f in facts]
    return facts[0]


def test_rules_version_is_exposed():
    assert RULES_VERSION == "rules-v15"


# --- one statement, one fact ------------------------------------------------------------------

# (message, text, slot, value, negated)
SINGLE_FACTS = [
    # identity
    ("My name is Anna Schmidt.", "The user's name is Anna Schmidt", "name", "Anna Schmidt", False),
    ("Hi, I'm Anna!", "The user's name is Anna", "name", "Anna", False),
    ("please call me Bob", "The user prefers to be called Bob", "name", "Bob", False),
    ("I'm 34 years old", "The user is 34 years old", "age", "34", False),
    ("I just turned 40", "The user is 40 years old", "age", "40", False),
    ("I'm German", "The user is German", "nationality", "German", False),
    # location and origin
    ("I live in Berlin", "The user lives in Berlin", "location", "Berlin", False),
    ("I'm based in Lisbon these days", "The user lives in Lisbon", "location", "Lisbon", False),
    ("I moved to Berlin", "The user lives in Berlin", "location", "Berlin", False),
    ("I've relocated to Munich", "The user lives in Munich", "location", "Munich", False),
    ("We moved to Rome", "The user lives in Rome", "location", "Rome", False),  # ("my wife and I": two facts)
    ("I live in the city of Vienna", "The user lives in Vienna", "location", "Vienna", False),
    ("I live in the Netherlands", "The user lives in the Netherlands", "location", "Netherlands", False),
    ("I live in Portland, Oregon", "The user lives in Portland, Oregon", "location", "Portland, Oregon", False),
    ("i live in berlin", "The user lives in berlin", "location", "berlin", False),
    ("I don't live in Paris anymore", "The user no longer lives in Paris", "location", "Paris", True),
    ("I no longer live in Paris.", "The user no longer lives in Paris", "location", "Paris", True),
    ("I'm from Spain", "The user is from Spain", "origin", "Spain", False),
    ("I grew up in Leeds", "The user grew up in Leeds", "origin", "Leeds", False),
    # work
    ("I'm a software engineer", "The user is a software engineer", "occupation", "software engineer", False),
    ("I work as a nurse", "The user works as a nurse", "occupation", "nurse", False),
    ("I'm retired", "The user is retired", "occupation", "retired", False),
    ("I work at Google", "The user works at Google", "employer", "Google", False),
    ("I work for Acme Corp.", "The user works for Acme Corp", "employer", "Acme Corp", False),
    ("I joined Stripe", "The user works at Stripe", "employer", "Stripe", False),
    ("I started at Shopify", "The user works at Shopify", "employer", "Shopify", False),
    ("I work for myself", "The user is self-employed", "employer", "self-employed", False),
    ("I quit my job at Google", "The user no longer works at Google", "employer", "Google", True),
    ("I left Google", "The user no longer works at Google", "employer", "Google", True),
    ("I don't work at Acme anymore", "The user no longer works at Acme", "employer", "Acme", True),
    ("I quit my job", "The user no longer has their job", "employer", None, True),
    ("I'm unemployed", "The user is unemployed", "employer", None, True),
    # tools
    ("I use Postgres", "The user uses Postgres", "tool:database", "Postgres", False),
    ("we use postgres at work", "The user uses postgres (at work)", "tool:database@work", "postgres", False),
    ("I use vim", "The user uses vim", "tool:editor", "vim", False),
    ("I'm using VS Code now", "The user uses VS Code", "tool:editor", "VS Code", False),
    ("I write Rust", "The user uses Rust", "tool:language", "Rust", False),
    ("I use Obsidian for notes", "The user uses Obsidian for notes", "tool:notes", "Obsidian", False),
    ("I use Figma", "The user uses Figma", "tool:design", "Figma", False),
    (
        "we switched from Postgres to SQLite",
        "The user now uses SQLite instead of Postgres",
        "tool:database",
        "SQLite",
        False,
    ),
    ("I switched from vim to Neovim", "The user now uses Neovim instead of vim", "tool:editor", "Neovim", False),
    ("I switched to Emacs", "The user now uses Emacs", "tool:editor", "Emacs", False),
    ("I switched from coffee to tea", "The user switched from coffee to tea", "tool:coffee", "tea", False),
    ("We stopped using MongoDB", "The user no longer uses MongoDB", "tool:database", "MongoDB", True),
    # likes and dislikes
    ("I love jazz", "The user loves jazz", "like:jazz", "jazz", False),
    (
        "I really enjoy hiking in the Alps",
        "The user enjoys hiking in the Alps",
        "like:hiking-in-alps",
        "hiking in the Alps",
        False,
    ),
    ("I like to cook", "The user likes to cook", "like:cook", "cook", False),
    ("I'm a big fan of Radiohead", "The user is a big fan of Radiohead", "like:radiohead", "Radiohead", False),
    ("I prefer tea over coffee", "The user prefers tea over coffee", "like:tea", "tea", False),
    ("I hate country music", "The user hates country music", "dislike:country-music", "country music", False),
    ("I can't stand cilantro", "The user can't stand cilantro", "dislike:cilantro", "cilantro", False),
    ("I don't like sushi", "The user does not like sushi", "dislike:sushi", "sushi", False),
    ("I don't like sushi anymore", "The user no longer likes sushi", "like:sushi", "sushi", True),
    ("I no longer enjoy running", "The user no longer enjoys running", "like:running", "running", True),
    ("my favourite band is Radiohead", "The user's favourite band is Radiohead", "favourite:band", "Radiohead", False),
    # diet and health
    ("I'm vegan", "The user is vegan", "diet", "vegan", False),
    ("I am a vegetarian", "The user is vegetarian", "diet", "vegetarian", False),
    ("I went pescatarian", "The user is pescatarian", "diet", "pescatarian", False),
    ("I'm on a keto diet", "The user is on a keto diet", "diet", "keto", False),
    ("I don't eat meat", "The user does not eat meat", "diet", "no meat", False),
    ("I eat chicken now", "The user eats chicken", "diet", "chicken", False),
    ("I'm no longer vegan", "The user is no longer vegan", "diet", "vegan", True),
    ("I'm not vegetarian anymore", "The user is no longer vegetarian", "diet", "vegetarian", True),
    ("I don't drink alcohol", "The user does not drink alcohol", "avoid:alcohol", "alcohol", False),
    ("I'm allergic to penicillin", "The user is allergic to penicillin", "allergy:penicillin", "penicillin", False),
    ("I have a peanut allergy", "The user has a peanut allergy", "allergy:peanut", "peanut", False),
    ("I'm lactose intolerant", "The user is lactose intolerant", "allergy:lactose", "lactose", False),
    # relationships
    ("my girlfriend is Anna", "The user's girlfriend is Anna", "partner", "Anna", False),
    ("My husband Tom loves cooking", "The user's husband is Tom", "partner", "Tom", False),
    ("I'm dating Maria", "The user is dating Maria", "partner", "Maria", False),
    ("I married Sam", "The user is married to Sam", "partner", "Sam", False),
    ("I'm married", "The user is married", "partner", None, False),
    ("Anna and I broke up", "The user and Anna broke up", "partner", "Anna", True),
    ("I broke up with Anna", "The user broke up with Anna", "partner", "Anna", True),
    ("My girlfriend Anna and I broke up", "The user and Anna broke up", "partner", "Anna", True),
    ("we broke up", "The user and their partner broke up", "partner", None, True),
    ("I divorced Mark", "The user divorced Mark", "partner", "Mark", True),
    ("I'm single now", "The user is single", "partner", None, True),
    ("my sister Maria lives in Rome", "The user's sister Maria lives in Rome", "family:sister:maria", "Maria", False),
    ("my son is called Leo", "The user has a son named Leo", "family:son:leo", "Leo", False),
    ("my mom Linda is a teacher", "The user's mom Linda is a teacher", "family:mom:linda", "Linda", False),
    ("I have two kids", "The user has two kids", "family:kids", "2", False),
    # pets
    ("I have a dog named Rex", "The user has a dog named Rex", "pet:rex", "Rex", False),
    ("We adopted a kitten called Miso", "The user has a kitten named Miso", "pet:miso", "Miso", False),
    ("my cat Luna died", "The user's cat Luna died", "pet:luna", "Luna", True),
    ("I have a cat", "The user has a cat", "pet:cat", "cat", False),
    # languages, goals, habits
    ("I speak fluent French", "The user speaks fluent French", "language:french", "French", False),
    ("My native language is Polish", "The user's native language is Polish", "language:polish", "Polish", False),
    ("I want to learn Japanese", "The user wants to learn Japanese", "goal:learn-japanese", "learn Japanese", False),
    (
        "my goal is to run a marathon",
        "The user's goal is to run a marathon",
        "goal:run-marathon",
        "run a marathon",
        False,
    ),
    ("I'm learning Spanish", "The user is learning Spanish", "goal:learn-spanish", "Spanish", False),
    ("I quit smoking", "The user has stopped smoking", "habit:smoking", "smoke", True),
    # decisions
    ("We decided to use Kafka", "The user decided to use Kafka", "tool:queue", "Kafka", False),
]


@pytest.mark.parametrize(("message", "text", "slot", "value", "negated"), SINGLE_FACTS)
def test_single_fact(message, text, slot, value, negated):
    fact = only(message)
    assert (fact.text, fact.slot, fact.value, fact.negated) == (text, slot, value, negated)
    assert fact.language == "en"
    assert fact.source_event_ids == ("e1",)
    assert fact.valid_from == AT


def test_categories_and_importance_follow_the_kind_of_fact():
    def kind(message: str) -> tuple[Category, int]:
        fact = only(message)
        return fact.category, fact.importance

    assert kind("My name is Anna") == (Category.FACT, 9)
    assert kind("I'm allergic to peanuts") == (Category.FACT, 9)
    assert kind("my girlfriend is Anna") == (Category.RELATIONSHIP, 8)
    assert kind("I live in Berlin") == (Category.FACT, 7)
    assert kind("I work at Google") == (Category.FACT, 7)
    assert kind("I'm a nurse") == (Category.FACT, 7)
    assert kind("I'm vegan") == (Category.PREFERENCE, 7)
    assert kind("I use Postgres")[0] == Category.FACT and 5 <= kind("I use Postgres")[1] <= 6
    assert kind("I love jazz")[0] == Category.PREFERENCE and 4 <= kind("I love jazz")[1] <= 5
    assert kind("I like jazz")[0] == Category.PREFERENCE and 4 <= kind("I like jazz")[1] <= 5
    assert kind("I have a dentist appointment tomorrow") == (Category.EVENT, 6)
    assert kind("We decided to use Kafka")[0] == Category.DECISION
    assert kind("I quit smoking")[0] == Category.PREFERENCE


def test_every_importance_is_between_1_and_10():
    for message, *_ in SINGLE_FACTS:
        for fact in facts_of(message):
            assert 1 <= fact.importance <= 10, fact


# --- several facts in one message ---------------------------------------------------------------


def test_a_message_is_split_into_clauses():
    assert texts("My name is Jo. I'm a nurse; I live in Leeds and I love gardening!") == [
        "The user's name is Jo",
        "The user is a nurse",
        "The user lives in Leeds",
        "The user loves gardening",
    ]


def test_but_now_starts_a_new_clause_and_the_past_one_is_ignored():
    assert texts("I used to live in Paris, but now I live in Berlin") == ["The user lives in Berlin"]


def test_the_demo_conversation():
    assert texts("I live in Paris and I work as a data engineer.") == [
        "The user lives in Paris",
        "The user works as a data engineer",
    ]
    assert texts("I'm vegan. At work we use Postgres for everything.") == [
        "The user is vegan",
        "The user uses Postgres for everything (at work)",
    ]
    assert texts("Big news: I moved to Berlin last week.") == [
        "The user lives in Berlin (since the week of 2026-11-09)"
    ]
    assert texts("We switched from Postgres to SQLite for the side project.") == [
        "The user now uses SQLite instead of Postgres (for a side project)"
    ]
    # Two contexts, two slots: the side project's database does not replace the one at work.
    assert [f.slot for f in facts_of("At work we use Postgres for everything.")] == ["tool:database@work"]
    assert [f.slot for f in facts_of("We switched from Postgres to SQLite for the side project.")] == [
        "tool:database@side-project"
    ]


def test_lists_give_one_fact_per_item():
    assert texts("I love hiking, cooking and jazz") == [
        "The user loves hiking",
        "The user loves cooking",
        "The user loves jazz",
    ]
    assert [f.slot for f in facts_of("I'm allergic to peanuts and shellfish")] == [
        "allergy:peanuts",
        "allergy:shellfish",
    ]
    assert [f.slot for f in facts_of("I speak English, French and a bit of German")] == [
        "language:english",
        "language:french",
        "language:german",
    ]


def test_fixed_phrases_are_not_split_as_lists():
    assert [f.slot for f in facts_of("I love rock and roll")] == ["like:rock-and-roll"]


def test_two_tools_of_one_kind_do_not_share_a_slot():
    facts = facts_of("We use Postgres and Redis")
    assert [(f.text, f.slot) for f in facts] == [
        ("The user uses Postgres", "tool:database"),
        ("The user uses Redis", "tool:redis"),
    ]


def test_work_as_at_gives_occupation_and_employer():
    facts = facts_of("I work as a software engineer at Stripe")
    assert [(f.slot, f.value) for f in facts] == [("occupation", "software engineer"), ("employer", "Stripe")]


def test_moving_from_one_place_to_another_keeps_the_origin_in_the_text():
    fact = only("I moved from Paris to Berlin in 2019")
    assert fact.text == "The user lives in Berlin (moved from Paris, since 2019)"
    assert (fact.slot, fact.value) == ("location", "Berlin")


def test_within_one_message_the_last_word_on_a_slot_wins():
    assert texts("I live in Paris. Actually I moved to Berlin.") == ["The user lives in Berlin"]


def test_identical_facts_are_kept_once_per_turn_whoever_shares_the_call():
    """Two turns saying the same give the same two facts whether they come in one call or two (the
    consolidator finds the second one known); a call never drops a turn's fact for its neighbour's."""
    facts = extract(user("I love jazz. I love jazz!", event_id="e1"), user("I love jazz!", event_id="e2"))
    assert [(f.text, f.source_event_ids) for f in facts] == [
        ("The user loves jazz", ("e1",)),
        ("The user loves jazz", ("e2",)),
    ]
    assert facts[1:] == extract(user("I love jazz!", event_id="e2"))


def test_each_fact_keeps_its_own_turn_and_timestamp():
    later = AT + timedelta(hours=2)
    facts = extract(user("I live in Paris", event_id="e1"), user("I moved to Berlin", event_id="e2", at=later))
    assert [(f.text, f.source_event_ids, f.valid_from) for f in facts] == [
        ("The user lives in Paris", ("e1",), AT),
        ("The user lives in Berlin", ("e2",), later),
    ]
    assert facts[1].valid_from.tzinfo is not None


def test_extraction_is_deterministic():
    message = "I'm Anna, I live in Berlin and I'm flying to Tokyo next Friday. I love jazz and sushi."
    assert facts_of(message) == facts_of(message)


# --- what is not a fact -------------------------------------------------------------------------

NOTHING = [
    "Hello!",
    "Hi there, thanks so much!",
    "ok cool",
    "lol",
    "Do you know where I live?",
    "Where should I move to, Berlin or Paris?",
    "Can you help me write a cover letter for Google?",
    "Could you summarise this article?",
    "Write a poem about Berlin",
    "Please translate this into French",
    "If I moved to Berlin, I would need a visa",
    "Maybe I'll switch to Postgres",
    "I think I'm allergic to cats",
    "I'm 5 minutes away",
    "call me back later",
    "I'm Fine",
    "I joined a gym",
    "I'm seeing a therapist",
    "I love you",
    "I like the second option better",
    "I like that idea",
    "I use it every day",
    "I'm so tired today",
    "I need this by Friday",
    "I'm from the marketing team",
    "I'd like you to rewrite the intro",
    "My friend lives in Rome",
]
# "my wife is a doctor", "I live in a small flat", "I work from home", "I use a lot of sugar" and
# "I used to be vegan" were here while only the frames spoke (and "Ich habe einen Hund" below, as German
# no frame read): they are statements about the user's life, and the general clause layer now reads them
# (tests/unit/test_general_clauses.py).


@pytest.mark.parametrize("message", NOTHING)
def test_no_fact(message):
    assert texts(message) == []


def test_assistant_and_system_turns_are_never_facts_on_their_own():
    turns = (
        assistant("I live in Berlin and I love jazz."),
        Turn("s1", "system", "The user is vegan. I work at Google.", AT),
    )
    assert extract(*turns) == []


def test_questions_inside_a_message_are_skipped_but_statements_kept():
    assert texts("Can you help me with my CV? I work at Microsoft.") == ["The user works at Microsoft"]


# --- dates --------------------------------------------------------------------------------------

# AT is Friday 2026-11-20 (UTC+1)
DATED = [
    ("I'm flying to Tokyo next Friday", "The user is flying to Tokyo on 2026-11-27", "event:flying-to-tokyo"),
    ("Tomorrow I'm flying to Tokyo", "The user is flying to Tokyo on 2026-11-21", "event:flying-to-tokyo"),
    (
        "I have a dentist appointment on March 3",
        "The user has a dentist appointment on 2027-03-03",
        "event:dentist-appointment",
    ),
    (
        "I have a dentist appointment on 3 March 2026",
        "The user has a dentist appointment on 2026-03-03",
        "event:dentist-appointment",
    ),
    ("I have an exam on 2026-12-01", "The user has an exam on 2026-12-01", "event:exam"),
    ("I have an interview in two weeks", "The user has an interview on 2026-12-04", "event:interview"),
    ("I went to the dentist yesterday", "The user went to the dentist on 2026-11-19", "event:went-to-dentist"),
    ("I visited Rome last week", "The user visited Rome in the week of 2026-11-09", "event:visited-rome"),
    ("I visited Rome 3 days ago", "The user visited Rome on 2026-11-17", "event:visited-rome"),
    ("I visited Rome on Monday", "The user visited Rome on 2026-11-16", "event:visited-rome"),
    ("I went to Rome on March 3", "The user went to Rome on 2026-03-03", "event:went-to-rome"),
    ("I went to Rome on December 5", "The user went to Rome on 2025-12-05", "event:went-to-rome"),
    ("I visited Rome last March", "The user visited Rome in 2026-03", "event:visited-rome"),
    ("I visited Rome in 2019", "The user visited Rome in 2019", "event:visited-rome"),
    (
        "I'm leaving for Oslo the day after tomorrow",
        "The user is leaving for Oslo on 2026-11-22",
        "event:leaving-for-oslo",
    ),
    ("I'm visiting Rome on Monday", "The user is visiting Rome on 2026-11-23", "event:visiting-rome"),
    ("I'm moving to Berlin next month", "The user is moving to Berlin in 2026-12", "event:moving-to-berlin"),
    ("My sister's wedding is on June 14th", "The user's sister's wedding is on 2027-06-14", "event:sister-wedding"),
    (
        "I have to submit my thesis by Tuesday",
        "The user has to submit their thesis by 2026-11-24",
        "event:to-submit-their-thesis",
    ),
    (
        "We're getting married this weekend",
        "The user is getting married on the weekend of 2026-11-21",
        "event:getting-married",
    ),
]


@pytest.mark.parametrize(("message", "text", "slot"), DATED)
def test_dates_are_resolved_against_the_message_time(message, text, slot):
    fact = only(message)
    assert (fact.text, fact.slot, fact.category) == (text, slot, Category.EVENT)
    # The date goes into the text, and it is the fact's valid time: the first day of what was stated.
    # A deadline ("by Tuesday") is not when anything began: it keeps the message time.
    stated = re.search(r"(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?", text)
    if " by " in text:
        assert fact.valid_from == AT
    else:
        assert fact.valid_from.date() == date(int(stated[1]), int(stated[2] or 1), int(stated[3] or 1))


def test_relative_dates_use_the_message_own_timezone():
    # 23:30 in New York on the 20th is already the 21st in UTC; "tomorrow" is still the 21st.
    late = datetime(2026, 11, 20, 23, 30, tzinfo=timezone(timedelta(hours=-5)))
    assert only("I have a flight tomorrow", at=late).text == "The user has a flight on 2026-11-21"
    assert only("I have a flight tomorrow", at=late.astimezone(UTC)).text == "The user has a flight on 2026-11-22"


def test_a_change_in_the_past_keeps_its_date():
    assert texts("I moved to Berlin last year") == ["The user lives in Berlin (since 2025)"]
    assert texts("I joined Google last month") == ["The user works at Google (since 2026-10)"]
    assert texts("I've been vegan since 2019") == ["The user is vegan (since 2019)"]


def test_birthdays_keep_month_and_day():
    fact = only("my birthday is on March 3rd")
    assert (fact.text, fact.slot, fact.value) == ("The user's birthday is on March 3", "birthday", "--03-03")
    born = facts_of("I was born on 3 March 1990 in Madrid")
    assert {(f.slot, f.text) for f in born} == {
        ("origin", "The user was born in Madrid"),
        ("birthday", "The user was born on 1990-03-03"),
    }


def test_goals_keep_their_date():
    assert texts("I'm training for a marathon in March") == ["The user is training for a marathon in 2027-03"]


# --- confirmations --------------------------------------------------------------------------------


def test_yes_to_an_assistant_question_confirms_it():
    facts = extract(assistant("Got it. Do you live in Berlin?"), user("Yes"))
    assert [(f.text, f.slot, f.source_event_ids) for f in facts] == [("The user lives in Berlin", "location", ("e1",))]


@pytest.mark.parametrize(
    ("question", "answer", "text"),
    [
        ("Are you vegan?", "yep", "The user is vegan"),
        ("Is your name Anna?", "That's right.", "The user's name is Anna"),
        ("You work at Google, right?", "correct", "The user works at Google"),
        ("Do you use Postgres?", "yes, I do", "The user uses Postgres"),
        ("Are you still vegan?", "No, not anymore", "The user is no longer vegan"),
        ("Do you still live in Berlin?", "nope", "The user no longer lives in Berlin"),
    ],
)
def test_short_answers_to_yes_no_questions(question, answer, text):
    assert [f.text for f in extract(assistant(question), user(answer))] == [text]


def test_the_confirmed_question_may_be_in_the_context():
    facts = extract(user("yes"), context=(user("hi", event_id="c1"), assistant("Are you vegan?", event_id="c2")))
    assert [(f.text, f.source_event_ids) for f in facts] == [("The user is vegan", ("e1",))]


def test_yes_confirms_only_the_turn_right_before_it():
    facts = extract(assistant("Are you vegan?"), user("Tell me a joke", event_id="e1"), user("yes", event_id="e2"))
    assert facts == []


def test_yes_to_an_offer_is_not_a_fact():
    assert extract(assistant("Do you want me to draft the email?"), user("yes")) == []
    assert extract(assistant("Shall I continue?"), user("sure")) == []


# --- other languages -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "language", "expected"),
    [
        ("Ich wohne in Berlin.", "de", [("Der Nutzer wohnt in Berlin", "location", "Berlin")]),
        (
            "Hallo! Ich heiße Jonas und ich wohne in München",
            "de",
            [("Der Nutzer heißt Jonas", "name", "Jonas"), ("Der Nutzer wohnt in München", "location", "München")],
        ),
        ("Ich komme aus Österreich", "de", [("Der Nutzer kommt aus Österreich", "origin", "Österreich")]),
        ("Vivo en Madrid", "es", [("El usuario vive en Madrid", "location", "Madrid")]),
        (
            "Me llamo Lucía y vivo en Sevilla",
            "es",
            [("El usuario se llama Lucía", "name", "Lucía"), ("El usuario vive en Sevilla", "location", "Sevilla")],
        ),
        ("J'habite à Paris", "fr", [("L'utilisateur habite à Paris", "location", "Paris")]),
        ("Je m'appelle Claire", "fr", [("L'utilisateur s'appelle Claire", "name", "Claire")]),
    ],
)
def test_a_few_foreign_patterns_are_written_in_their_language(message, language, expected):
    facts = facts_of(message)
    assert [(f.text, f.slot, f.value) for f in facts] == expected
    assert {f.language for f in facts} == {language}


@pytest.mark.parametrize(
    "message",
    [
        "Wo wohnst du?",  # questions, requests and hypotheticals state nothing
        "¿Puedes ayudarme con mi currículum?",
        "Pourrais-tu traduire ce texte ?",
        "Se vivessi a Roma sarei felice.",
        "Podes explicar isto outra vez?",
        "Ik woon in Amsterdam",
        "Привет, я живу в Москве",
        "我住在北京",
    ],
)
def test_other_languages_yield_nothing_rather_than_garbage(message):
    assert facts_of(message) == []


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("I live in Berlin and I love jazz", "en"),
        ("Ich wohne seit zwei Jahren in Berlin", "de"),
        ("Vivo en Madrid con mi familia", "es"),
        ("J'habite à Lyon avec mon mari", "fr"),
        ("我住在北京", "und"),
        ("Die Hard is my favourite movie", "en"),
    ],
)
def test_language_detection(text, language):
    assert detect_language(text) == language
