"""Defect classes of the offline extractor found after the extraction rounds: each case is one class,
written before its fix, with phrasings of our own (none from an issue or the evaluation data)."""

from datetime import UTC, datetime

import pytest

from shared.domain.models import Category, ExtractedFact, ExtractionInput, Turn
from shared.providers.offline.extraction_rules import Draft, _supersede, extract_facts

# A Wednesday at noon, UTC.
AT = datetime(2026, 3, 11, 12, 0, tzinfo=UTC)


def facts_of(content: str) -> list[ExtractedFact]:
    turn = Turn(event_id="e1", role="user", content=content, created_at=AT)
    return extract_facts(ExtractionInput(new_turns=(turn,)))


def clock_of(content: str) -> tuple[int, int]:
    timed = [f.valid_from for f in facts_of(content) if isinstance(f.valid_from, datetime)]
    assert timed, f"no timed fact from {content!r}"
    return timed[0].hour, timed[0].minute


# 1. A bare clock time said with an evening or afternoon word is after noon.
@pytest.mark.parametrize(
    ("message", "clock"),
    [
        ("I have a physio session tonight at 6.", (18, 0)),
        ("I have a call with my landlord this evening at 9:30.", (21, 30)),
        ("I have a parent-teacher meeting this afternoon at 4.", (16, 0)),
        ("I have a yoga class tomorrow evening at 7.", (19, 0)),
        ("Ich habe heute Abend um 7 ein Konzert.", (19, 0)),
        ("Tengo una reunión esta noche a las 9.", (21, 0)),
        ("J'ai un rendez-vous chez le médecin ce soir à 9h.", (21, 0)),
        ("Ho una riunione stasera alle 9.", (21, 0)),
        ("Tenho um concerto hoje à noite às 9.", (21, 0)),
    ],
)
def test_an_evening_word_puts_a_bare_clock_time_after_noon(message, clock):
    assert clock_of(message) == clock


@pytest.mark.parametrize(
    ("message", "clock"),
    [
        ("I have a dentist appointment tomorrow at 9.", (9, 0)),
        ("I have a flight this evening at 11pm.", (23, 0)),
        ("Ich habe morgen um 10 einen Termin beim Zahnarzt.", (10, 0)),
        ("I have a meeting this evening at 18:30.", (18, 30)),
    ],
)
def test_a_clock_time_without_an_evening_word_is_taken_as_said(message, clock):
    assert clock_of(message) == clock


# 2. Two facts of one message about two kinds of relative both stay, in every language.
@pytest.mark.parametrize(
    ("message", "words"),
    [
        ("I have a son and a daughter.", ("son", "daughter")),
        ("Ich habe einen Sohn und eine Tochter.", ("Sohn", "Tochter")),
        ("Tengo un hijo y una hija.", ("hijo", "hija")),
        ("J'ai un fils et une fille.", ("fils", "fille")),
        ("Ho un figlio e una figlia.", ("figlio", "figlia")),
    ],
)
def test_a_son_and_a_daughter_in_one_message_are_two_facts(message, words):
    texts = [f.text for f in facts_of(message)]
    for word in words:
        assert any(word in text for text in texts), (word, texts)


HABIT = {"category": Category.FACT, "importance": 5}


def test_within_one_message_a_multi_valued_slot_keeps_every_value():
    first = Draft(text="The user plays chess on Mondays", slot="habit:chess", value="Mondays", **HABIT)
    second = Draft(text="The user plays chess on Fridays", slot="habit:chess", value="Fridays", **HABIT)
    assert _supersede([first, second]) == [first, second]
    moved = Draft(text="The user lives in Hull", slot="location", value="Hull", **HABIT)
    again = Draft(text="The user lives in Bath", slot="location", value="Bath", **HABIT)
    assert _supersede([moved, again]) == [again]


# 5. A context marker scopes the clause it is said in, not the whole sentence.
@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I do yoga at home and I write Rust at work.", {"yoga": "family", "Rust": "work"}),
        ("I use Linear at work and Trello for my side project.", {"Linear": "work", "Trello": "side-project"}),
    ],
)
def test_each_clause_keeps_its_own_context(message, expected):
    from shared.domain.slots import context_of

    found = facts_of(message)
    for word, context in expected.items():
        holders = [f for f in found if word.lower() in f.text.lower()]
        assert holders, (word, [f.text for f in found])
        assert all(context_of(f.slot) == context for f in holders), [(f.text, f.slot) for f in holders]


def test_one_context_marker_still_scopes_its_whole_sentence():
    from shared.domain.slots import context_of

    found = facts_of("At work we use Jira and Confluence.")
    assert found and all(context_of(f.slot) == "work" for f in found), [(f.text, f.slot) for f in found]


def test_a_context_marker_scopes_its_own_predicate_without_a_second_subject():
    from shared.domain.slots import context_of

    found = facts_of("I swim at home and paint at work.")
    swim = [f for f in found if "swim" in f.text]
    paint = [f for f in found if "paint" in f.text]
    assert swim and paint, [f.text for f in found]
    assert {context_of(f.slot) for f in swim} == {"family"} and {context_of(f.slot) for f in paint} == {"work"}


# 4. "no longer X, Y now": the ending of X and the new Y, on X's slot.
@pytest.mark.parametrize(
    ("message", "old", "new"),
    [
        ("No longer vegetarian, flexitarian now.", "vegetarian", "flexitarian"),
        ("Ich bin nicht mehr vegan, jetzt vegetarisch.", "vegan", "vegetarisch"),
        ("Ya no soy vegetariano, ahora soy vegano.", "vegetariano", "vegano"),
        ("Je ne suis plus végétarien, maintenant je suis vegan.", "végétarien", "vegan"),
        ("Non sono più vegetariano, ora sono vegano.", "vegetariano", "vegano"),
        ("Já não sou vegetariano, agora sou vegano.", "vegetariano", "vegano"),
    ],
)
def test_an_ending_then_the_new_value_gives_both_on_one_slot(message, old, new):
    found = facts_of(message)
    ended = [f for f in found if f.negated and f.value and f.value.lower() == old]
    begun = [f for f in found if not f.negated and f.value and f.value.lower() == new]
    assert ended and begun, [(f.text, f.slot, f.value, f.negated) for f in found]
    assert ended[0].slot == begun[0].slot
    assert new not in ended[0].text


def test_an_ending_said_without_its_subject_is_still_an_ending():
    found = facts_of("No longer a smoker.")
    assert [f.negated for f in found] == [True], [(f.text, f.negated) for f in found]


# 3. Two values of one slot in one message, each with its own stated time: the earlier one is history,
# not nothing.
@pytest.mark.parametrize(
    ("message", "earlier", "later"),
    [
        ("I moved to Derby in 2017 and moved to Exeter in 2023.", "Derby", "Exeter"),
        ("I started at Siemens in 2014 and I joined Bosch in 2020.", "Siemens", "Bosch"),
    ],
)
def test_an_earlier_dated_value_of_the_same_slot_stays(message, earlier, later):
    found = facts_of(message)
    values = [f.value for f in found if not f.negated]
    assert values == [earlier, later], [(f.text, f.slot, f.valid_from) for f in found]
    first, second = (f for f in found if f.value in (earlier, later))
    assert first.slot == second.slot and first.valid_from < second.valid_from


def test_two_values_of_one_slot_without_dates_still_leave_the_last():
    assert [f.value for f in facts_of("I moved to Derby and moved to Exeter.")][-1:] == ["Exeter"]


def test_consolidation_ends_the_earlier_dated_value_at_the_later_ones_date():
    from uuid import uuid4

    from shared.domain.consolidation import ActiveFact, CandidateView, decide_by_rule, normalize_text, plan_change
    from shared.domain.models import Op

    derby, exeter = (f for f in facts_of("I moved to Derby in 2017 and moved to Exeter in 2023.") if f.value)
    first = CandidateView(derby.text, derby.slot, False, derby.valid_from, observed_at=AT, value=derby.value)
    assert decide_by_rule(first, []).op is Op.ADD
    known = ActiveFact(uuid4(), derby.text, normalize_text(derby.text), derby.slot, derby.valid_from, 0.9)
    second = CandidateView(exeter.text, exeter.slot, False, exeter.valid_from, observed_at=AT, value=exeter.value)
    decision = decide_by_rule(second, [known])
    plan = plan_change(second, decision, [known])
    assert plan.op is Op.UPDATE and plan.supersede == known.fact_id and plan.ends_at == exeter.valid_from


# 6. German names a side project by a compound ("Hobbyprojekt", "Privatprojekt") as often as by "Nebenprojekt".
@pytest.mark.parametrize(
    "message",
    [
        "Für mein Hobbyprojekt nutze ich Redis.",
        "In meinem Privatprojekt nutze ich Redis.",
        "Für meine Nebenprojekte nutze ich Redis.",
    ],
)
def test_a_german_side_project_compound_scopes_the_fact(message):
    from shared.domain.slots import context_of

    found = facts_of(message)
    assert found and all(context_of(f.slot) == "side-project" for f in found), [(f.text, f.slot) for f in found]


@pytest.mark.parametrize(
    ("message", "old", "new"),
    [
        ("I don't drink soda anymore, water now.", "soda", "water"),
        ("I no longer use Jira, Linear these days.", "Jira", "Linear"),
    ],
)
def test_an_ended_verb_phrase_then_the_new_object_gives_both(message, old, new):
    found = facts_of(message)
    assert any(f.negated and old.lower() in f.text.lower() and new.lower() not in f.text.lower() for f in found), [
        (f.text, f.negated) for f in found
    ]
    assert any(not f.negated and new.lower() in f.text.lower() for f in found), [(f.text, f.negated) for f in found]


@pytest.mark.parametrize(
    "message",
    [
        "Zu Hause nutze ich Fedora und bei der Arbeit nutze ich Windows.",
        "En casa uso Fedora y en el trabajo uso Windows.",
        "À la maison j'utilise Fedora et au travail j'utilise Windows.",
        "A casa uso Fedora e al lavoro uso Windows.",
        "Em casa uso Fedora e no trabalho uso Windows.",
    ],
)
def test_each_foreign_clause_keeps_its_own_context(message):
    from shared.domain.slots import context_of

    found = facts_of(message)
    home = [f for f in found if "Fedora" in f.text]
    work = [f for f in found if "Windows" in f.text]
    assert home and work, [(f.text, f.slot) for f in found]
    assert {context_of(f.slot) for f in home} == {"family"} and {context_of(f.slot) for f in work} == {"work"}
    assert not any("Windows" in f.text for f in home)


@pytest.mark.parametrize(
    ("message", "part_of_day"),
    [
        ("Ich habe morgen Abend um 7 einen Termin beim Zahnarzt.", "Abend"),
        ("Tengo una cita con el dentista mañana por la noche a las 7.", "noche"),
        ("Tenho uma consulta no dentista amanhã à noite às 7.", "noite"),
    ],
)
def test_the_part_of_the_day_goes_with_the_date_not_the_fact(message, part_of_day):
    found = facts_of(message)
    assert found and not any(part_of_day in f.text or part_of_day.lower() in (f.slot or "") for f in found), [
        (f.text, f.slot) for f in found
    ]
    assert clock_of(message) == (19, 0)
