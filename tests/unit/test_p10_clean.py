"""Known defects of the offline extractor (issue #12), each as a class with near-misses, and the one reading of a
state held so far ("I've been a nurse for 10 years") that four modules used to write each in their own way.

- short lowercase English chat ("nah im good", "omg no way") is English, though "im" and "no" are German and
  Portuguese words too; short chat in the other languages keeps its language;
- every English marker word is one word (a missing comma in the list would make two words one);
- "como", "cuando", "quando", "come" ... open a statement as often as a question ("como siempre, ...", "como carne",
  "cuando era niño ..."): the triage skips such a turn only when it is asked ("¿..." or "...?");
- what a relative does with a thing is on the relation's slot, the thing is the value ("my dad drives a Tesla":
  not "family:father:tesla", which reads as a relative named Tesla);
- a statement questioned, then doubted ("we're switching to Linear? no idea") says nothing;
- a change of tool with a time still to come ("we're moving to GCP next year") is a plan, not the tool in use.

Every line was written for this file; none comes from an evaluation set.
"""

from __future__ import annotations

import pytest

from shared.domain.triage import Triage, triage
from shared.providers.offline import held_states
from shared.providers.offline.extraction_rules import _MARKERS, detect_language
from tests.unit.exchange import SAID, shown
from tests.unit.exchange import message_facts as said

# --- short lowercase English chat is English ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "nah im good",
        "lol same",
        "ok cool thx",
        "omg no way",
        "yeah no worries",
        "ya im ok",
        "no im fine",
        "lmao no",
        "ya same here",
        "no way lol",
        "no thx",
        "nah im ok",
        "no pls",
        "nope im fine thx",
        "yep sounds good",
        "im good thx",
        "ugh same",
        "ok np",
    ],
)
def test_short_lowercase_english_chat_is_english(text: str) -> None:
    assert detect_language(text) == "en"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("no sé", "es"),
        ("no lo sé", "es"),
        ("vale gracias", "es"),
        ("ok, vivo en Madrid", "es"),
        ("ya no trabajo ahí", "es"),
        ("não sei", "pt"),
        ("ok obrigado", "pt"),
        ("ok, moro no Porto", "pt"),
        ("ok grazie", "it"),
        ("no, grazie", "it"),
        ("non lo so", "it"),
        ("ok danke", "de"),
        ("no im Ernst", "de"),
        ("cool, danke", "de"),
        ("ok merci", "fr"),
        ("okay, merci beaucoup", "fr"),
    ],
)
def test_short_chat_in_another_language_keeps_its_language(text: str, language: str) -> None:
    assert detect_language(text) == language


def test_every_marker_word_is_one_word() -> None:
    joined = [(lang, w) for lang, words in _MARKERS.items() for w in words if " " in w or "\t" in w]
    assert joined == []
    assert {"longer", "pls"} <= _MARKERS["en"]


# --- "como" and its kind: a question word only when asked ----------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "como siempre voy al gimnasio los lunes",
        "Como cada semana juego al fútbol",
        "como carne todos los días",
        "como sempre acordei cedo e fui correr",
        "cuando era niño viví en París",
        "quando era criança morei em Lisboa",
        "come sempre vado in palestra il lunedì",
        "quando ero piccola abitavo a Roma",
        "como te dije, vivo en Madrid",
        "como já disse, moro no Porto",
    ],
)
def test_a_statement_opened_by_como_is_worth_extracting(text: str) -> None:
    assert triage(text) is Triage.WORTH


@pytest.mark.parametrize(
    "text",
    [
        "¿como estás?",
        "¿como se hace esto",
        "como faço isso?",
        "cómo se hace un risotto",
        "¿Cómo puedo exportar esto?",
        "come si fa il tiramisù?",
        "quando abre a loja?",
        "donde esta el baño?",
        "how do I fix this",
    ],
)
def test_a_question_opened_by_como_is_still_a_question(text: str) -> None:
    assert triage(text) is Triage.ASK


# --- a relative's car is one at a time; other things said of them keep a slot each ----------------------------------


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("my dad drives a Tesla", "family:father:car", "Tesla"),
        ("my husband drives an old Volvo", "family:husband:car", "old Volvo"),
        ("My brother drives a Fiat Panda", "family:brother:car", "Fiat Panda"),
        ("my dad owns a Harley", "family:father:harley", "Harley"),
        ("my mum plays bridge", "family:mother:bridge", "bridge"),
        ("my dad has Parkinson's", "family:father:parkinson's", "Parkinson's"),
    ],
)
def test_a_relatives_thing_is_the_value_not_the_slot(text: str, slot: str, value: str) -> None:
    facts = [f for f in said(text) if (f.slot or "").startswith("family:")]
    assert [(f.slot, f.value) for f in facts] == [(slot, value)], shown(facts)


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("my brother lives in Leeds", "family:brother:location"),
        ("my brother works at Google", "family:brother:work"),
        ("my mum is a nurse", "family:mother:work"),
        ("my sister is called Ana", "family:sister:ana"),  # a name is the relative's own slot
        ("my cousin got engaged", "family:cousin:engaged"),
        ("my partner is vegetarian", "family:partner:vegetarian"),
    ],
)
def test_a_relatives_place_work_name_or_news_keeps_its_slot(text: str, slot: str) -> None:
    assert slot in [f.slot for f in said(text)], shown(said(text))


# --- a statement questioned, then doubted ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "we're switching to Linear? no idea",
        "we use Postgres? not sure",
        "it's Jenkins? no clue",
        "we use Jira i think? idk",
        "we use Jira? i think? not a clue",
        "we're on AWS? who knows",
        "I live in Leeds? lol no idea",
        "my dad drives a Tesla? i think? not sure",
        "we use Slack? honestly no idea",
    ],
)
def test_a_statement_questioned_then_doubted_says_nothing(text: str) -> None:
    assert [f for f in said(text) if not f.negated and not (f.slot or "").startswith("event:")] == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("is Linear any good? no idea why people like it. we use Jira", "Jira"),
        ("do you know Jira? we use it at work. we use Jira", "Jira"),
        ("We use Jira. No idea how long we'll keep it", "Jira"),
        ("any tips? we use Postgres", "Postgres"),
    ],
)
def test_a_question_then_a_plain_statement_still_states(text: str, value: str) -> None:
    assert value in [f.value for f in said(text) if not f.negated], shown(said(text))


# --- a change of tool planned for later ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "we're moving to GCP next year",
        "we're switching to Linear in Q3",
        "we are switching to Linear next quarter",
        "we're migrating to Postgres next month",
        "we're moving to GCP in 2027",
        "we're switching to Linear on Monday",
        "I'm switching to Neovim soon",
        "our team is moving to Go next year",
        "we're moving from AWS to GCP next year",
        "we decided on Linear for next quarter",
        "we decided to go with Linear next year",
        "we're probably switching to Linear",
        "planning to switch to Rust",
        "I'm planning to switch to Rust",
    ],
)
def test_a_change_of_tool_planned_for_later_is_no_tool_in_use(text: str) -> None:
    tools = [f for f in said(text) if (f.slot or "").startswith("tool:") and not f.negated]
    assert tools == [], shown(tools)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("we switched to Linear last month", "Linear"),
        ("we're switching to Linear", "Linear"),
        ("we're switching to Linear this week", "Linear"),
        ("we decided on Linear", "Linear"),
        ("we moved to GCP in 2024", "GCP"),
        ("we're migrating from Jenkins to GitHub Actions", "GitHub Actions"),
        ("we chose Vercel", "Vercel"),
    ],
)
def test_a_change_of_tool_done_or_under_way_is_still_read(text: str, value: str) -> None:
    tools = [f.value for f in said(text) if (f.slot or "").startswith("tool:") and not f.negated]
    assert tools == [value], shown(said(text))


# --- one reading of a state held so far -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("clause", "now"),
    [
        ("I have been a nurse", "I am a nurse"),
        ("I have been a nurse at St James", "I am a nurse at St James"),
        ("I have been vegetarian", "I am vegetarian"),
        ("I have been at Hexa", "I work at Hexa"),
        ("we have been married", "we are married"),
        ("I have now been self-employed", "I am self-employed"),
        ("I have been really into climbing", "I am really into climbing"),
        ("I have been teaching", "I am teaching"),
    ],
)
def test_a_state_held_so_far_is_the_state_now(clause: str, now: str) -> None:
    held = held_states.held_so_far(clause)
    assert held is not None and held.now == now


@pytest.mark.parametrize(
    "clause",
    [
        "I have been to Rome",
        "I have been there",
        "I have been thinking about it",
        "I have been told",
        "I have been a smoker but quit last month",
        "I have been a teacher until I retired",
        "we have been at Acme but left",
        "I have been busy",
        "I have been in Lisbon",
        "I have been with Sam",
        "you have been great",
        "I had been a nurse",
    ],
)
def test_a_visit_a_thought_an_ending_or_another_subject_is_no_state_held(clause: str) -> None:
    assert held_states.held_so_far(clause) is None


@pytest.mark.parametrize(
    ("clause", "said", "home"),
    [
        ("I have been in London", "for 8 years", "I live in London"),
        ("we have been in Leeds", "since 2019", "I live in Leeds"),
        ("I have been over in Dubai now", "for 3 years", "I live in Dubai"),
        ("I have been in New York City", "for a decade", "I live in New York City"),
        ("I have been in Leeds", "for six months", None),  # months may be a placement
        ("I have been in Berlin", "since March", None),
        ("I have been to Rome", "for years", None),
        ("I have been in love", "for years", None),
    ],
)
def test_a_place_been_in_for_years_is_home(clause: str, said: str, home: str | None) -> None:
    assert held_states.home_so_far(clause, said) == home


@pytest.mark.parametrize(
    ("message", "slot", "value"),
    [
        ("I've been a nurse for 10 years", "occupation", "nurse"),
        ("i've been a teacher since 2015", "occupation", "teacher"),
        ("I have been a software engineer for six years now", "occupation", "software engineer"),
        ("I've been vegetarian since 2020", "diet", "vegetarian"),
        ("I've been at Hexa since 2020", "employer", "Hexa"),
        ("ive been an electrician for about 8 years", "occupation", "electrician"),
        ("I'm a teacher, have been for 10 years", "occupation", "teacher"),
    ],
)
def test_a_state_held_for_a_stated_time_is_read_as_the_state(message: str, slot: str, value: str) -> None:
    facts = [f for f in said(message) if f.slot == slot and not f.negated]
    assert [f.value for f in facts] == [value], shown(said(message))
    assert facts[0].valid_from < SAID  # since the stated start, not the message time
