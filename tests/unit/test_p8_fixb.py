"""Review fixes for the foreign-language rules: a time said on its own, French "plus" without "ne",
light verbs in habit keys, and a partner had with no name.

The phrasings were written for this file; each stands for a class (and none comes from an evaluation set).
"""

from __future__ import annotations

from datetime import datetime
from functools import partial

import pytest

from shared.providers.offline import foreign_habits
from tests.unit.exchange import message_facts

SAID_ON = "2026-06-15"
facts_of = partial(message_facts, at=datetime.fromisoformat(f"{SAID_ON}T10:00:00+00:00"))


def shown(facts) -> list:
    return [(f.text, f.slot, f.negated, f.valid_from) for f in facts]


# --- a sentence that only says when: past, about the user's fact, a start (not a span) --------------------


@pytest.mark.parametrize(
    "message",
    [
        "Ich wohne in Köln. Meine Schwester seit 2019.",  # someone else's time
        "Vivo en Lima. Mi hermano desde 2018.",
        "Moro em Lisboa. Ela desde 2015.",
        "Vivo en Lima. El año que viene.",  # a time ahead is a plan, not a start
        "Ich wohne in Köln. Seit nächstem Monat.",
        "Abito a Torino. L'anno prossimo.",
        "Fumo. Dal 2010 fino al 2020.",  # a span with an end is no start
        "Ich wohne in Bonn. Von 2010 bis 2015.",
        "Vivo a Roma. Dal 2012 al 2020.",
        "Ich wohne in Köln, meine Schwester seit 2019",  # the same, within one sentence
        "Vivo a Roma, mia sorella dal 2015",
    ],
)
def test_a_time_that_is_not_the_facts_start_leaves_the_fact_undated(message):
    facts = facts_of(message)
    assert facts, message
    assert all(f.valid_from is None or f"{f.valid_from:%Y-%m-%d}" == SAID_ON for f in facts), shown(facts)


@pytest.mark.parametrize(
    ("message", "month"),
    [
        ("Vivo en Lima. Desde 2019.", "2019-01"),
        ("Ich wohne in Köln, seit 2019", "2019-01"),
        ("ya no fumo, lo dejé hace un año", "2025-06"),
        ("Ich rauche nicht mehr. Seit drei Monaten.", "2026-03"),
    ],
)
def test_a_past_start_said_on_its_own_still_dates_the_fact(message, month):
    facts = facts_of(message)
    assert len(facts) == 1 and f"{facts[0].valid_from:%Y-%m}" == month, shown(facts)


# --- French "plus" without "ne": "no longer" only where no comparison can follow ---------------------------


@pytest.mark.parametrize(
    "message",
    [
        "J'habite plus près de Paris maintenant",
        "Je vais plus souvent chez Renault",
        "Je mange plus vite qu'avant",
        "je rentre plus tôt le vendredi",
        "je vais plus tard au bureau",
        "Je suis plus grand",
        "je suis plus fatigué",
        "je bois plus cher",
        "je travaille plus loin maintenant",
        "je lis plus le soir que le matin",
    ],
)
def test_plus_that_compares_is_no_ending(message):
    facts = facts_of(message)
    assert not [f for f in facts if f.negated], shown(facts)


@pytest.mark.parametrize(
    "message",
    [
        "Je fume plus.",
        "je fume plus depuis un an",
        "j'habite plus à Metz",
        "je vais plus à la piscine",
        "je vais plus au cinéma",
        "j'aime plus la pizza",
        "je suis plus végétarien depuis février",
        "j'ai plus fumé depuis janvier",
    ],
)
def test_plus_at_a_clause_end_or_before_a_noun_place_or_verb_is_an_ending(message):
    facts = facts_of(message)
    assert facts and all(f.negated for f in facts), shown(facts)


# --- light verbs: the habit is the place or activity after go/do/play -------------------------------------


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Je vais à la piscine le samedi.", "Je vais au marché le dimanche."),
        ("Vado in piscina il lunedì.", "Vado in palestra il martedì."),
        ("Voy al gimnasio los martes.", "Voy al mercado los sábados."),
        ("Vou à missa aos domingos.", "Vou ao ginásio todos os dias."),
        ("Ich gehe sonntags in die Kirche.", "Ich gehe jeden Tag ins Fitnessstudio."),
    ],
)
def test_two_habits_said_with_the_same_light_verb_keep_two_keys(first, second):
    facts = facts_of(f"{first} {second}")
    slots = [f.slot for f in facts if f.slot and f.slot.startswith("habit:")]
    assert len(slots) == 2 and len(set(slots)) == 2, shown(facts)
    assert not {"habit:va", "habit:vai", "habit:geh", "habit:voy", "habit:vad"} & set(slots), shown(facts)


@pytest.mark.parametrize(
    ("habit", "ending"),
    [
        ("Vado in palestra", "Non vado più in palestra"),
        ("Voy al gimnasio los martes", "Ya no voy al gimnasio"),
        ("Je vais au cinéma le lundi", "Je ne vais plus au cinéma"),
        ("Ich gehe sonntags in die Kirche", "Ich gehe nicht mehr in die Kirche"),
        ("Juego al tenis los sábados", "Ya no juego al tenis"),
    ],
)
def test_a_habit_and_its_ending_share_a_key_that_is_not_the_light_verb(habit, ending):
    (said,) = facts_of(habit)
    (ended,) = facts_of(ending)
    assert said.slot == ended.slot and ended.negated and not said.negated, (said.slot, ended.slot)
    assert said.slot.split(":")[1] not in ("va", "vai", "geh", "voy", "juega", "jueg")


@pytest.mark.parametrize("message", ["Vado spesso il lunedì", "Ich gehe oft", "Je vais là-bas le samedi"])
def test_a_light_verb_with_nothing_after_it_is_no_habit(message):
    assert not [f for f in facts_of(message) if f.slot and f.slot.startswith("habit:")]


def test_light_verb_only_is_false_for_a_real_activity():
    assert foreign_habits.light_verb_only("L'utente va spesso", "it")
    assert not foreign_habits.light_verb_only("L'utente va in piscina", "it")
    assert not foreign_habits.light_verb_only("L'utente fuma", "it")


# --- a partner had, with no name ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "message", ["Tengo novia.", "Ho la ragazza.", "Tenho namorada.", "J'ai une copine.", "Ich habe eine Freundin."]
)
def test_a_partner_had_alone_is_on_the_partner_slot(message):
    facts = facts_of(message)
    assert [f.slot for f in facts] == ["partner"], shown(facts)


@pytest.mark.parametrize("message", ["Tengo un perro.", "Tengo novia en Madrid.", "Tengo hambre."])
def test_other_things_had_are_not_a_partner(message):
    assert not [f for f in facts_of(message) if f.slot == "partner"]


@pytest.mark.parametrize(
    "message",
    [
        "Ich wohne seit nächstem Monat in Köln",
        "Vivo en Lima desde el año que viene",
        "Fumo dal 2010 fino al 2020",
        "Moro no Porto desde 2015 até 2019",
    ],
)
def test_a_plan_or_a_closed_span_in_the_clause_is_no_current_fact(message):
    assert not [f for f in facts_of(message) if f.category != "event" and not f.negated], shown(facts_of(message))


def test_an_event_may_still_be_dated_ahead():
    facts = facts_of("Tengo cita con el dentista mañana")
    assert [f"{f.valid_from:%Y-%m-%d}" for f in facts] == ["2026-06-16"], shown(facts)


def test_a_start_in_the_clause_still_dates_the_fact():
    facts = facts_of("Ich wohne seit 2019 in Köln")
    assert [f"{f.valid_from:%Y}" for f in facts] == ["2019"], shown(facts)
