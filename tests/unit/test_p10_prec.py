"""Precision (issue #12, "prefer saying nothing to saying something wrong"): facts that read well and are still
wrong, by class: a passing state or a chore stored as a fact, an organisation said with "we" stored as the
user, a mocked boast, a request or a daydream read as the user's own, and the residue a cut leaves (a comment
after a comma, a pointing object, a verbless relative, a determiner as a name). Each class has phrasings of
our own, varied in form, and positives of the same shape that must survive. None comes from an evaluation set.
"""

from __future__ import annotations

import pytest

from shared.providers.offline import worth_keeping
from tests.unit.exchange import message_facts as facts
from tests.unit.exchange import message_texts as texts

# --- 1. a passing state is no fact ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "said",
    [
        "I have a headache",
        "i've got a splitting headache today",
        "I have a cold, so slow replies",
        "got a hangover from hell lol",
        "I have a sore throat",
        "I've got the flu this week",
        "i have a migraine right now",
        "I have a stomach ache after that curry",
        "ugh I have a really bad toothache",
        "I've got a stiff neck from sleeping funny",
        "I'm feeling sick today",
        "i'm feeling a bit off this morning",
        "I have a chest infection",
        "ugh, I've got an ear infection again",
    ],
)
def test_a_passing_state_is_no_fact(said):
    assert texts(said) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I have chronic migraines", "migraines"),
        ("I have asthma", "asthma"),
        ("I have type 1 diabetes", "diabetes"),
        ("I have ADHD, diagnosed last year", "ADHD"),
        ("I get cluster headaches", "headaches"),
    ],
)
def test_a_condition_is_kept(said, kept):
    assert any(kept in t for t in texts(said))


# --- 2. a one-off everyday act is no fact -----------------------------------------------------------------


@pytest.mark.parametrize(
    "said",
    [
        "took a nap at 3pm",
        "bought a new pair of socks today lol",
        "bought some milk on the way home",
        "watched a documentary about octopuses last night",
        "watched a movie with my sister yesterday",
        "I watched three episodes of Severance last night",
        "made pancakes this morning",
        "went for a walk after work",
        "cleaned the kitchen this afternoon",
        "I got a haircut yesterday",
        "ordered a takeaway last night",
        "just had a shower",
        "I ate a sandwich at my desk today",
        "binged a whole show yesterday",
        "I made a lasagne last night",
        "I bought a new phone case today",
        "I watched Oppenheimer last night, loved it",
        "read Klara and the Sun on the train yesterday",
    ],
)
def test_a_one_off_everyday_act_is_no_fact(said):
    assert texts(said) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I bought a new car last month", "car"),
        ("we bought a house in Leeds", "house"),
        ("I ran a marathon in April", "marathon"),
        ("I had a stroke in 2020", "stroke"),
        ("I watch a documentary every night before bed", "documentar"),
        ("I got my motorbike licence last week", "licence"),
        ("I bought a coffee machine last week", "coffee machine"),
    ],
)
def test_a_lasting_act_or_a_belonging_is_kept(said, kept):
    assert any(kept in t for t in texts(said))


# --- 3. an organisation, and what it does, is not the user ------------------------------------------------


@pytest.mark.parametrize(
    "said",
    [
        "we're a 12-person agency doing Shopify builds for fashion brands",
        "we're a family business, been going 40 years",
        "We are a B2B SaaS for dental practices",
        "we're a tiny consultancy in Ghent",
        "my company makes firmware for e-bike motors",
        "my startup builds booking software for gyms",
        "our company sells solar panels in Kenya",
        "our agency mostly designs packaging for breweries",
        "we've been running our cafe in Hebden Bridge for almost 3 years",
        "we've been running our shop in Market Harborough since 2019",
    ],
)
def test_an_organisation_said_with_we_is_not_the_user(said):
    assert not any(t.startswith("The user is a") or t.startswith("The user's team runs") for t in texts(said))
    assert not any(f.slot and f.slot.startswith(("trait:", "habit:", "tool:")) for f in facts(said))


@pytest.mark.parametrize(
    ("said", "fact", "slot"),
    [
        (
            "we're a 12-person agency doing Shopify builds",
            "The user's company is a 12-person agency doing Shopify builds",
            "own:company",
        ),
        ("my company makes firmware for e-bike motors", "The user's company makes firmware for e-bike motors", None),
        ("our startup builds booking software for gyms", "The user's startup builds booking software for gyms", None),
        (
            "we've been running our cafe in Hebden Bridge since 2019",
            "The user runs their cafe in Hebden Bridge (since 2019)",
            "own:cafe",
        ),
    ],
)
def test_an_organisation_is_said_as_the_users_organisation(said, fact, slot):
    found = {f.text: f.slot for f in facts(said)}
    assert fact in found
    assert slot is None or found[fact] == slot


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("we're a B2B SaaS for dental practices, I do customer success", "customer success"),
        ("I'm a small business owner", "small business owner"),
        ("I'm the only designer at a 30-person startup", "designer"),
        ("I make furniture and my company sells it", "makes furniture"),
        ("our team deploys with Argo CD", "Argo CD"),
        ("my company is a family-run brewery", "brewery"),
    ],
)
def test_the_users_own_part_is_kept(said, kept):
    assert any(kept in t for t in texts(said))


@pytest.mark.parametrize(
    "said",
    [
        "I'm a farmer, dairy, 140 cows in County Cavan",
        "I'm a shepherd, 300 sheep on the fells",
        "im a beekeeper, 12 hives in the orchard",
    ],
)
def test_a_count_of_things_is_not_the_user(said):
    assert not any(t.startswith("The user is 1") or t.startswith("The user is 3") for t in texts(said))


@pytest.mark.parametrize("said", ["I'm 52", "I'm 34, 6 foot 2", "I'm 3 months pregnant"])
def test_a_measure_of_a_person_is_kept(said):
    assert texts(said)


# --- 4. a boast mocked, a request, a daydream -------------------------------------------------------------


@pytest.mark.parametrize(
    "said",
    [
        "yeah I'm a world-class chef, I can boil water without burning it",
        "oh yeah I'm a world-famous pianist, I can play chopsticks",
        "sure, I'm a genius programmer lol, my code never compiles",
        "yeah right, I'm a michelin-star cook, I can microwave soup",
        "yeah I'm a rocket scientist lol I can't even do my taxes",
    ],
)
def test_a_mocked_boast_is_no_fact(said):
    assert not any(f.slot in ("occupation", "employer") or f.slot.startswith("trait:") for f in facts(said))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I'm a professional photographer", "photographer"),
        ("I'm a world-class sprinter, I compete for Kenya", "sprinter"),
        ("I'm a chef in Lyon", "chef"),
        ("I'm a brain surgeon at St Thomas'", "brain surgeon"),
    ],
)
def test_a_plain_claim_is_kept(said, kept):
    assert any(kept in t for t in texts(said))


@pytest.mark.parametrize(
    "said",
    [
        "I hate when you use bullet points, just write normal paragraphs",
        "pls keep it short, just write normal paragraphs",
        "just give me the code, write it in Python",
        "please always answer in metric, you keep using miles",
    ],
)
def test_a_request_is_not_the_users_habit(said):
    assert not any(f.slot and f.slot.startswith("habit:") for f in facts(said))


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("pls keep it short, just write normal paragraphs", "The user wants the assistant to write normal paragraphs"),
        (
            "I hate when you use bullet points, just write normal paragraphs",
            "The user wants the assistant to write normal paragraphs",
        ),
    ],
)
def test_a_request_is_what_the_user_wants_of_the_assistant(said, fact):
    assert fact in texts(said)


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I write short stories in my spare time", "short stories"),
        ("sold my car, I bike everywhere now", "bikes everywhere"),
        ("love hiking, call me old-fashioned", "hiking"),
    ],
)
def test_the_users_own_bare_verb_is_kept(said, kept):
    assert any(kept in t for t in texts(said))


@pytest.mark.parametrize(
    "said",
    [
        "imagine if I quit and opened a surf shop lol",
        "imagine if I moved to Lisbon and bought a boat",
        "what if I quit and became a teacher",
        "in another life I'd be a marine biologist",
    ],
)
def test_a_daydream_is_no_fact(said):
    assert texts(said) == []


# --- 5. residue a cut leaves ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("I had a stroke in 2020, mostly recovered now", "The user had a stroke in 2020"),
        ("I had LASIK done in March, no more glasses", "The user had LASIK done in 2026-03"),
        ("I had knee surgery in 2022, all good now", "The user had knee surgery in 2022"),
        ("I had a hip replacement in 2023, walking fine now", "The user had a hip replacement in 2023"),
        ("I run marathons, done 12 so far", "The user runs marathons"),
        ("i play guitar, been my thing since i was 12", "The user plays guitar"),
        ("I play the oud, been my hobby since uni", "The user plays the oud"),
        ("I paint watercolours, been doing it for years", "The user paints watercolours"),
        ("I play bass in a ska band, nothing serious", "The user plays bass in a ska band"),
        ("I climb at the local wall, nothing fancy", "The user climbs at the local wall"),
    ],
)
def test_a_comment_after_a_comma_is_cut(said, fact):
    assert fact in texts(said)
    assert not any("," in t for t in texts(said))


def test_the_slot_loses_what_was_cut():
    assert [f.slot for f in facts("I play the oud, been my hobby since uni")] == ["habit:playing-oud"]


@pytest.mark.parametrize(
    "said",
    [
        "back in 2016 I moved from Manila to Auckland for work and I've been here ever since",
        "I moved here in 2019 and have been here since",
        "I've been there since 2015",
    ],
)
def test_an_object_that_only_points_is_no_fact(said):
    assert not any(t.endswith(("here", "there", "since")) or " here " in t or " there " in t for t in texts(said))


@pytest.mark.parametrize(
    "said",
    [
        "pls keep answers short, I read them on my phone between meetings",
        "I love your answers, I save them in a doc",
        "just give me the code, write it in Python",
    ],
)
def test_a_pronoun_object_without_its_thing_is_no_fact(said):
    assert not any(" them " in t or " it " in t for t in texts(said))


@pytest.mark.parametrize(
    "said",
    ["I'm moving in with my boyfriend in October", "I'm moving in with my parents for the summer"],
)
def test_a_relative_without_a_verb_is_no_fact(said):
    assert not any("has their" in t for t in texts(said))


@pytest.mark.parametrize(
    "said",
    ["Meine Frau und ich haben uns getrennt.", "Mein Freund und ich haben uns getrennt"],
)
def test_a_possessive_left_as_a_name_is_cut(said):
    found = facts(said)
    assert found and all(not f.text.endswith(("Meine", "Mein")) for f in found)
    assert any(f.negated and f.slot == "partner" for f in found)


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("I've been in recovery for 18 months", "The user is in recovery (since 2024-11-20)"),
        ("I've been sober for two years", "The user is sober (since 2024-05)"),
    ],
)
def test_a_state_held_since_a_time_says_since(said, fact):
    assert fact in texts(said)


def test_a_closing_now_is_cut():
    assert "The user works nights at the depot (since 2021-05)" in texts(
        "I've worked nights at the depot for five years now"
    )


# --- 6. slots of the right kind ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "said",
    ["I'm 52, retired firefighter, live on a houseboat near Zaandam", "I live in a van, travelling around Portugal"],
)
def test_where_one_lives_is_a_home_not_a_habit(said):
    homes = [f for f in facts(said) if f.text.startswith("The user lives")]
    assert homes and all(f.slot == "location" for f in homes)


@pytest.mark.parametrize(
    ("said", "slot"),
    [
        ("I use Obsidian for all my notes", "tool:notes"),
        ("I use Excel for all our budgeting", "tool:budgeting"),
        ("I use Notion for most of my planning", "tool:planning"),
    ],
)
def test_a_purpose_slot_names_the_purpose(said, slot):
    assert slot in [f.slot for f in facts(said)]


# --- 7. the pure checks, on fact texts --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("The user has a headache", "own:headache"),
        ("The user is starving", "trait:starving"),
        ("The user took a nap after lunch", "past:nap"),
        ("The user is 200 sheep", "trait:sheep"),
        ("The user has been here ever since", "own:here"),
        ("The user reads them on the train", "habit:reading"),
        ("The user has their girlfriend in 2026-10", "event:girlfriend"),
        ("Der Nutzer wohnt mit Meine", "location"),
    ],
)
def test_not_worth_keeping(text, slot):
    language = "de" if text.startswith("Der") else "en"
    assert not worth_keeping.worth_keeping(text, slot, language, False)


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("The user has a cat named Miso", "pet:miso"),
        ("The user is a nurse", "occupation"),
        ("The user is 52 years old", "age"),
        ("The user finds it hard to sleep", "trait:sleep"),
        ("The user has their own place", "own:place"),
        ("The user bought a flat in Leith", "own:flat"),
        ("Der Nutzer wohnt in Kassel", "location"),
    ],
)
def test_worth_keeping(text, slot):
    language = "de" if text.startswith("Der") else "en"
    assert worth_keeping.worth_keeping(text, slot, language, False)


@pytest.mark.parametrize(
    ("text", "restated"),
    [
        (
            "The user is a nonprofit working on water access",
            "The user's organisation is a nonprofit working on water access",
        ),
        ("The user is a 3-person studio in Porto", "The user's studio is a 3-person studio in Porto"),
        ("The user is a B2B SaaS for clinics", "The user's company is a B2B SaaS for clinics"),
    ],
)
def test_an_organisation_fact_is_restated_as_the_organisations(text, restated):
    assert worth_keeping.as_the_users_organisation(text, "trait:x")[0] == restated


@pytest.mark.parametrize(
    "text", ["The user is a small business owner", "The user is a team lead", "The user is on the payments team"]
)
def test_a_person_is_not_restated_as_an_organisation(text):
    assert worth_keeping.as_the_users_organisation(text, "occupation") is None


# --- 8. names and acronyms kept as said -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "name"),
    [
        ("last Friday was my last day at Carrow & Finch", "Carrow & Finch"),
        ("my last day at Marks & Spencer was Friday", "Marks & Spencer"),
        ("today was my last day at Acme", "Acme"),
    ],
)
def test_a_name_joined_by_an_ampersand_is_one_name(said, name):
    assert any(f.negated and f.text.endswith(name) or f"{name} (" in f.text for f in facts(said))


@pytest.mark.parametrize(
    ("said", "word"),
    [
        ("our ETL is a bunch of Airflow DAGs, I maintain most of them", "ETL"),
        ("I work in IT at the NHS", "NHS"),
    ],
)
def test_an_acronym_is_written_as_said(said, word):
    assert any(word in t for t in texts(said))


@pytest.mark.parametrize(
    ("said", "word"),
    [("fumo desde los 18", "18"), ("vivo en Madrid desde 2019", "Madrid")],
)
def test_a_foreign_fact_ending_on_a_number_or_a_name_is_kept(said, word):
    assert any(word in t for t in texts(said))


@pytest.mark.parametrize(
    ("said", "word"),
    [
        ("I hate it when you use emojis", "emojis"),
        ("I love it when you keep answers short", "short"),
        ("honestly I prefer it when you cite sources", "sources"),
    ],
)
def test_an_it_that_stands_for_the_clause_after_is_kept(said, word):
    assert any(word in t for t in texts(said))


@pytest.mark.parametrize("said", ["we're moving to Leeds in the spring", "we are moving to Bristol soon"])
def test_a_place_moved_to_is_no_tool(said):
    assert not any(f.slot and f.slot.startswith("tool:") for f in facts(said))


def test_a_known_tool_moved_to_is_a_tool():
    assert any(f.slot == "tool:database" for f in facts("we're moving to Postgres"))


# --- 9. a named speaker's facts the same way ---------------------------------------------------------------


def said_by(name: str, text: str) -> list[str]:
    return texts(text, name=name)


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("I have a headache", []),
        ("took a nap at 3pm", []),
        ("I play the oud, been my hobby since uni", ["Maren plays the oud"]),
        (
            "we're a 12-person agency doing Shopify builds",
            ["Maren's company is a 12-person agency doing Shopify builds"],
        ),
        ("my company makes firmware for e-bike motors", ["Maren's company makes firmware for e-bike motors"]),
        (
            "we've been running our cafe in Hebden Bridge since 2019",
            ["Maren runs their cafe in Hebden Bridge (since 2019)"],
        ),
    ],
)
def test_a_named_speakers_facts_are_checked_the_same_way(said, expected):
    assert said_by("Maren", said) == expected


@pytest.mark.parametrize(
    "said",
    [
        "my company ships furniture across Europe",
        "we run a small vineyard in the Douro",
        "our shop sells bikes near Utrecht",
    ],
)
def test_a_place_is_no_tool(said):
    assert not any(f.slot and f.slot.startswith("tool:") for f in facts(said))


@pytest.mark.parametrize(
    ("said", "slot"),
    [
        ("we run a small vineyard in the Douro", "own:vineyard"),
        ("we've been running the bakery since 2015", "own:bakery"),
    ],
)
def test_a_business_run_is_the_users_business_not_a_pastime(said, slot):
    assert slot in [f.slot for f in facts(said)]


@pytest.mark.parametrize(
    ("said", "slot"),
    [
        ("we ship mobile apps in Flutter", "tool:mobile"),
        ("our team deploys with Argo CD", "tool:argo"),
        ("I switched from coffee to tea", "tool:coffee"),
        ("we moved from Jenkins to GitHub Actions", "tool:"),
    ],
)
def test_a_tool_named_after_a_preposition_is_kept(said, slot):
    assert any(f.slot and f.slot.startswith(slot) for f in facts(said))


def test_news_told_with_imagine_or_picture_is_kept():
    assert any("Porto" in t for t in texts("picture this: I just moved to Porto"))
    said = "imagine my surprise when I got the job at Google"
    assert not worth_keeping.daydreamed(said, "Google", "The user works at Google")
    assert worth_keeping.daydreamed("imagine if I got a job at Google", "Google", "The user works at Google")


@pytest.mark.parametrize(
    ("said", "kept", "gone"),
    [
        ("im a nurse in leeds and i have a killer headache rn", "nurse", "headache"),
        ("i live in bristol, took a nap earlier lol", "bristol", "nap"),
        ("been vegan for 3 yrs, had a salad for lunch", "vegan", "salad"),
        ("i have 2 cats and a cold", "cats", "cold"),
    ],
)
def test_the_good_fact_of_a_message_survives_its_trivial_neighbour(said, kept, gone):
    found = texts(said)
    assert any(kept in t for t in found)
    assert not any(gone in t for t in found)


# --- 10. an adverb taken for the verb ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "fact", "slot"),
    [
        ("I only drink oat milk", "The user only drinks oat milk", "habit:drinking-oat"),
        ("I hardly ever drink", "The user hardly ever drinks", "habit:drinking"),
        ("I seldom cook", "The user seldom cooks", "habit:cooking"),
        ("I religiously run 5k every day", "The user religiously runs 5k every day", "habit:running-5k"),
        ("I sort of work in finance", "The user sort of works in finance", "habit:working-finance"),
    ],
)
def test_an_adverb_taken_for_the_verb_is_put_back(said, fact, slot):
    assert (fact, slot) in [(f.text, f.slot) for f in facts(said)]


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("I occasionally run", "The user occasionally runs"),
        ("I grow tomatoes", "The user grows tomatoes"),
        ("just started running again", "The user runs again"),
    ],
)
def test_a_fact_with_its_own_verb_is_unchanged(said, fact):
    assert fact in texts(said)
