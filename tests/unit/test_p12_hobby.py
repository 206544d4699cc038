"""What the user does and has outside work (p12-hobby): pastimes taken up or kept up, read by the kind of
activity (pastimes.py), and studies said as a year of a course or a degree held (studies.py). Each class has
phrasings of its own (not the evaluation sets') and near-misses that must give nothing of the class."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from shared.providers.offline import pastimes, spoken_languages, studies, vehicles
from tests.unit.exchange import message_facts

SAID = datetime(2026, 5, 20, 18, 30, tzinfo=UTC)


def _facts(message: str, name: str | None = None):
    return message_facts(message, name=name)


def _said(message: str) -> list[str]:
    return [f"{f.text} [{f.slot}]{' NEG' if f.negated else ''}" for f in _facts(message)]


# ---- a pastime taken up: any taking-up verb, any activity of a known kind, read as the habit now ----------

TAKEN_UP = [
    ("I started yoga on fridays", "yoga", "habit:"),
    ("i've started making music again, on Ableton", "music", "habit:"),
    ("picked up the ukulele last month", "ukulele", "habit:"),
    ("I got into birdwatching during lockdown", "birdwatching", "habit:"),
    ("took up squash in january, play twice a week now", "squash", "habit:"),
    ("we've gotten into pickleball lately", "pickleball", "habit:"),
    ("I recently took up pottery", "pottery", "habit:"),
    ("just got back into chess 😅", "chess", "habit:"),
    ("i've switched to pilates on tuesdays", "pilates", "habit:"),
    ("knees are shot so I swapped to swimming at the leisure centre", "swimming", "habit:"),
    ("switched over to squash this year, way more fun", "squash", "habit:"),
    ("the piano just sits there since i took up the cello", "cello", "habit:"),
    ("I sleep so much better now that I've taken up swimming", "swimming", "habit:"),
]


@pytest.mark.parametrize(("message", "word", "slot"), TAKEN_UP)
def test_a_pastime_taken_up_is_a_habit(message, word, slot):
    facts = [f for f in _facts(message) if word in f.text.lower()]
    assert facts, _said(message)
    assert any((f.slot or "").startswith(slot) and not f.negated for f in facts), _said(message)


def test_a_pastime_taken_up_keeps_its_rhythm_and_tool():
    texts = " ".join(_said("I started yoga on fridays"))
    assert "fridays" in texts
    texts = " ".join(_said("i've started making music again, on Ableton"))
    assert "Ableton" in texts


@pytest.mark.parametrize(
    "message",
    [
        "I started a new job in March",
        "I picked up my sister from school",
        "I got into trouble at school",
        "got into Oxford!!",
        "should I take up yoga?",
        "I'm going to start pottery next month maybe",
        "I tried surfing once in Bali",
        "I started yoga once, never again",
        "I picked up some milk",
        "I switched to a new bank",
        "we moved to Leeds last year",
    ],
)
def test_what_is_no_pastime_taken_up_gives_no_habit(message):
    assert not [f for f in _facts(message) if (f.slot or "").startswith("habit:")], _said(message)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I started yoga on fridays", "I do yoga on fridays"),
        ("I picked up the ukulele", "I play the ukulele"),
        ("I got into birdwatching", "I go birdwatching"),
        ("I have been bouldering 3 times a week", "I go bouldering 3 times a week"),
        ("I took up roller derby", "I play roller derby"),
        ("I started playing the cello again", "I play the cello"),
    ],
)
def test_the_reading_is_the_present_habit(text, expected):
    assert pastimes.as_habit(text) == expected


@pytest.mark.parametrize(
    "text",
    ["I started a new job", "I picked up my sister", "I have been bouldering", "my wife took up pottery", ""],
)
def test_no_reading_without_a_pastime(text):
    assert pastimes.as_habit(text) is None


# ---- a pastime kept up: "been <activity>ing" with a rhythm --------------------------------------------------

KEPT_UP = [
    "I've been bouldering 3 times a week since spring",
    "been kayaking every weekend since the summer",
    "ive been kayaking most mornings this year",
    "we've been geocaching every sunday",
]


@pytest.mark.parametrize("message", KEPT_UP)
def test_a_pastime_kept_up_with_a_rhythm_is_a_habit(message):
    facts = _facts(message)
    assert any((f.slot or "").startswith("habit:") and not f.negated for f in facts), _said(message)
    assert not any((f.slot or "").startswith("event:") for f in facts), _said(message)


def test_a_pastime_kept_up_says_since_when():
    facts = [f for f in _facts("I've been bouldering 3 times a week since March") if "bouldering" in f.text]
    assert facts and facts[0].valid_from is not None and facts[0].valid_from.month == 3


# ---- studies: a year of a course, a degree held --------------------------------------------------------------

STUDYING = [
    ("first year of law at Leeds is brutal", "law", "Leeds"),
    ("yeah, third year of the carpentry diploma at Kestrel College", "carpentry", "Kestrel College"),
    ("im in my 2nd year of a physics degree at Marlow Uni", "physics", "Marlow Uni"),
    ("final year of veterinary medicine at Ashdown, so tired", "veterinary medicine", "Ashdown"),
    ("second year of my nursing course at St Bride's", "nursing", "St Bride's"),
]


@pytest.mark.parametrize(("message", "field", "org"), STUDYING)
def test_a_year_of_a_course_is_what_the_user_studies(message, field, org):
    facts = [f for f in _facts(message) if f.slot == "education"]
    assert facts, _said(message)
    assert field in facts[0].text and org in facts[0].text, _said(message)


HELD = [
    ("msc in ecology from Harlow university, graduated 2021", "ecology", "Harlow university"),
    ("cute. im buried in revision, second year of geology at Penrose College lol", "geology", "Penrose College"),
    ("I have a BSc in chemistry from the University of Lorne", "chemistry", "University of Lorne"),
    ("got my masters in economics from Tallis college in 2019", "economics", "Tallis college"),
    ("I hold an MBA from Grayfield Business School", "MBA", "Grayfield Business School"),
]


@pytest.mark.parametrize(("message", "field", "org"), HELD)
def test_a_degree_held_is_education(message, field, org):
    facts = [f for f in _facts(message) if f.slot == "education"]
    assert facts, _said(message)
    assert field in facts[0].text and org in facts[0].text, _said(message)
    assert not [f for f in _facts(message) if (f.slot or "").startswith("own:")], _said(message)


@pytest.mark.parametrize(
    "message",
    [
        "my sister is in her first year of law at Leeds",
        "first year of marriage is the hardest",
        "should I do a masters in economics from Tallis college?",
        "second year of the war at the front",
        "my brother has an MA in history from Oxford",
    ],
)
def test_what_is_no_study_of_the_users_gives_no_education(message):
    assert not [f for f in _facts(message) if f.slot == "education" and f.text.startswith("The user ")], _said(message)


@pytest.mark.parametrize(
    ("text", "has"),
    [
        ("second year of the carpentry diploma at Kestrel College", "studies carpentry"),
        ("first year of nursing at Fenwick College", "studies nursing"),
    ],
)
def test_the_year_reading(text, has):
    found = studies.year_of_course(text)
    assert found is not None and has in found[0]


def test_no_year_reading_of_something_else():
    assert studies.year_of_course("first year of marriage is the hardest") is None
    assert studies.year_of_course("my sister is in her first year of law at Leeds") is None


# ---- precision: a verb no frame knows is a habit only when done often, or when it names a pastime ------------


@pytest.mark.parametrize(
    "message",
    [
        "i contain multitudes apparently",
        "i reckon the second one",
        "honestly I barely use it",
        "I smell smoke",
        "I doubt it lol",
    ],
)
def test_a_remark_in_the_present_is_no_habit(message):
    assert not [f for f in _facts(message) if (f.slot or "").startswith("habit:")], _said(message)


@pytest.mark.parametrize(("verb", "stative"), [("smell", True), ("doubt", True), ("paddle", False)])
def test_verbs_of_perceiving_and_thinking(verb, stative):
    assert pastimes.stative(verb) is stative


# ---- a language spoken, said beside a question that names it as one of two ----------------------------------


@pytest.mark.parametrize(
    ("message", "language"),
    [
        ("french or spanish, which one's more useful? i already speak spanish tho", "spanish"),
        ("Which is easier to learn, Dutch or Danish? I speak Dutch fluently.", "dutch"),
        ("portuguese vs italian for a beginner? i speak italian at home", "italian"),
    ],
)
def test_a_language_spoken_beside_a_choice_is_kept(message, language):
    assert any(f.slot == f"language:{language}" and not f.negated for f in _facts(message)), _said(message)


@pytest.mark.parametrize(
    "message",
    ["french or spanish, which one should I learn?", "torn between dutch or danish for my next language"],
)
def test_a_language_still_chosen_is_no_language_spoken(message):
    assert not [f for f in _facts(message) if (f.slot or "").startswith("language:")], _said(message)


@pytest.mark.parametrize(
    ("item", "expected"),
    [("Dutch fluently", ("Dutch", "fluent")), ("italian at home", ("italian", "")), ("Welsh", ("Welsh", ""))],
)
def test_how_a_language_is_spoken_is_cut_from_it(item, expected):
    assert spoken_languages.without_manner(item) == expected


# ---- a car owned, whatever the verb, lands on the one car slot (a new car replaces the old) -------------------

CARS = [
    "just bought a used Toyota Yaris",
    "picked up a second-hand Skoda Fabia on saturday",
    "we got a Kia Niro in march",
    "I have an old Volvo estate",
    "got a Fiat Panda last week",
]


@pytest.mark.parametrize("message", CARS)
def test_a_car_owned_is_on_the_car_slot(message):
    assert any(f.slot == "car" and not f.negated for f in _facts(message)), _said(message)


@pytest.mark.parametrize(
    "message",
    ["I have a Volvo keyring", "my dad has a Toyota", "I love the new Fiat ad", "should I buy a Kia Niro?"],
)
def test_no_car_of_the_users_is_no_car(message):
    assert not [f for f in _facts(message) if f.slot == "car" and f.text.startswith("The user ")], _said(message)


@pytest.mark.parametrize(
    ("thing", "slot"),
    [
        ("a used Toyota Yaris", "car"),
        ("an old green Volvo estate", "car"),
        ("a Honda motorbike", "own:motorbike"),
        ("a Honda Civic", "car"),
        ("a Volvo keyring", None),
        ("a camera", None),
    ],
)
def test_the_slot_of_a_vehicle(thing, slot):
    assert vehicles.slot_of(thing) == slot


# ---- a condition diagnosed or borne is held, since the diagnosis -------------------------------------------------

CONDITIONS = [
    ("diagnosed with ADHD last year", "ADHD", 2025),
    ("I got diagnosed with type 2 diabetes in 2020", "diabetes", 2020),
    ("finally got diagnosed with endometriosis in january, after 6 years", "endometriosis", 2026),
    ("I live with chronic fatigue", "fatigue", None),
    ("honestly i struggle with migraines", "migraines", None),
]


@pytest.mark.parametrize(("message", "word", "year"), CONDITIONS)
def test_a_condition_diagnosed_or_borne_is_held(message, word, year):
    facts = [f for f in _facts(message) if word in f.text and not f.negated]
    assert facts and (facts[0].slot or "").startswith(("health:", "allergy:")), _said(message)
    if year:
        assert facts[0].valid_from is not None and facts[0].valid_from.year == year, _said(message)


@pytest.mark.parametrize(
    "message",
    ["my son was diagnosed with autism", "I live with my sister", "I struggle with maths", "I deal with clients"],
)
def test_no_condition_of_the_users(message):
    assert not [f for f in _facts(message) if (f.slot or "").startswith("health:")], _said(message)


def test_the_condition_reading():
    from shared.providers.offline import health_conditions

    assert health_conditions.condition("I have been diagnosed with ADHD") == "ADHD"
    assert health_conditions.condition("I live with my sister") is None
    assert health_conditions.condition("I struggle with maths") is None


@pytest.mark.parametrize("message", ["I smoke about 10 a day", "i vape like 3 a day", "I smoke, maybe 5 a day"])
def test_a_habit_counted_without_a_noun_keeps_the_habits_slot(message):
    verb = "vaping" if "vape" in message else "smoking"
    assert any(f.slot == f"habit:{verb}" for f in _facts(message)), _said(message)


# ---- skills: a list of names known with a measure or a known tool; a skill's verb after "can" ------------------

SKILLS = [
    ("i know Revitra and a bit of Sketchwell", ["skill:revitra", "skill:sketchwell"]),
    ("I know Python and some Rust", ["skill:python", "skill:rust"]),
    ("we know basic Blender", ["skill:blender"]),
    ("I can code in Go", ["skill:code-go"]),
    ("i can play the piano, badly", ["skill:play-piano"]),
    ("I can knit", ["skill:knit"]),
]


@pytest.mark.parametrize(("message", "slots"), SKILLS)
def test_a_skill_said(message, slots):
    found = {f.slot for f in _facts(message)}
    assert set(slots) <= found, _said(message)


@pytest.mark.parametrize(
    "message",
    ["I know him", "I know Sarah and Tom", "I can drive you home", "can I play the piano?", "I know the way",
     "I can code it tomorrow"],
)  # fmt: skip
def test_no_skill_said(message):
    assert not [f for f in _facts(message) if (f.slot or "").startswith("skill:")], _said(message)


@pytest.mark.parametrize(
    "message",
    [
        "my wife took up pottery last year",
        "I'd love to take up surfing one day",
        "thinking of getting into climbing",
        "should I start running?",
        "I went bouldering once, hated it",
        "I tried pottery at a workshop on saturday",
        "I went to a yoga class yesterday",
    ],
)
def test_plans_wishes_questions_others_and_one_outing_are_no_habit_of_the_users(message):
    assert not [f for f in _facts(message) if (f.slot or "").startswith("habit:")], _said(message)


# ---- a belonging lost by theft or wreck is a retraction on its slot ---------------------------------------------

LOST = [
    ("my ebike got nicked outside the gym", "ebike"),
    ("my car was stolen last night", "car"),
    ("the van got written off in the crash", "van"),
    ("laptop got pinched on the train 😡", "laptop"),
]


@pytest.mark.parametrize(("message", "thing"), LOST)
def test_a_belonging_stolen_or_wrecked_is_no_longer_had(message, thing):
    facts = [f for f in _facts(message) if thing in f.text]
    assert facts and all(f.negated for f in facts), _said(message)


@pytest.mark.parametrize(
    "message",
    ["my friend's car got stolen", "what if my car gets stolen?", "my car got fixed", "Tom got nicked last night"],
)
def test_no_loss_of_the_users(message):
    assert not [f for f in _facts(message) if f.negated], _said(message)
