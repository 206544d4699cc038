"""Changes, endings and stated times in German, Spanish, French, Italian and Portuguese, end to end.

Each case is a short conversation replayed through the offline extractor and the consolidation rules
(bench/eval.py's replay), with similarity by slot equality only: the new fact supersedes or retracts the
old one only when both land on the same slot, so these tests check the slot as well as the reading.
The phrasings were written for this file (casual forms: subject dropped, "ne" dropped, a second clause
saying what came next, a stated time anywhere in the clause); none comes from an evaluation set.
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import partial

import pytest

import bench.eval as bench_eval
from tests.unit.exchange import message_facts, replay

FIRST_DAY = "2026-01-05"
facts_of = partial(message_facts, at=datetime(2026, 5, 12, 10, 0, tzinfo=UTC))


def active(run: bench_eval.Replay) -> list[str]:
    return sorted(f.text for f in run.active)


def valid_at(run: bench_eval.Replay, day: str) -> list[str]:
    return sorted(f.text for f in run.memory.valid_at(datetime.fromisoformat(f"{day}T12:00:00+00:00")))


def only(texts: list[str], word: str) -> bool:
    return len(texts) == 1 and word.lower() in texts[0].lower()


# --- endings of a habit: the ending lands on the habit's slot, whatever else the habit said -----------------

ENDED_HABITS = [
    # (before, after, said on, a day the habit held, a day after the stated end or None)
    (
        "fumo un pacchetto al giorno",
        "ho smesso di fumare a febbraio, finalmente",
        "2026-04-10",
        "2026-01-20",
        "2026-03-01",
    ),
    ("corro tutte le mattine", "ho smesso di correre tre settimane fa", "2026-05-12", "2026-01-20", "2026-05-01"),
    ("il giovedì gioco a calcetto con i colleghi", "non gioco più a calcetto", "2026-05-12", "2026-01-20", None),
    (
        "toco la guitarra en un grupo",
        "dejé de tocar la guitarra el mes pasado",
        "2026-06-10",
        "2026-02-01",
        "2026-05-20",
    ),
    ("juego al pádel los sábados", "ya no juego al pádel", "2026-05-12", "2026-02-01", None),
    ("fumo desde los 18", "ya no fumo", "2026-05-12", "2026-02-01", None),
    (
        "je fais du judo deux fois par semaine",
        "j'ai arrêté le judo il y a trois semaines",
        "2026-03-10",
        "2026-01-20",
        "2026-03-01",
    ),
    ("je cours le dimanche", "j'ai arrêté de courir le mois dernier", "2026-05-12", "2026-02-01", "2026-04-20"),
    ("je fume un paquet par jour", "je ne fume plus depuis le mois dernier", "2026-03-10", "2026-01-20", "2026-02-20"),
    ("ich spiele Tennis im Verein", "ich spiele kein Tennis mehr", "2026-05-10", "2026-02-01", None),
    (
        "ich jogge jeden Morgen",
        "ich habe letzten Monat mit dem Joggen aufgehört",
        "2026-05-12",
        "2026-02-01",
        "2026-04-20",
    ),
    ("fumo desde os 18", "deixei de fumar há dois meses", "2026-05-10", "2026-01-20", "2026-04-01"),
    ("jogo ténis aos sábados", "parei de jogar ténis", "2026-05-10", "2026-02-01", None),
    ("corro todos os dias de manhã", "parei de correr no mês passado", "2026-05-12", "2026-02-01", "2026-04-20"),
]


@pytest.mark.parametrize(("before", "after", "said", "held", "gone"), ENDED_HABITS)
def test_an_ended_habit_retracts_the_habit_from_the_stated_time(before, after, said, held, gone):
    run = replay([(before, FIRST_DAY), (after, said)])
    assert run.predicted and not run.predicted[0].negated, before  # the habit itself was read
    assert active(run) == [], (before, after, [(f.text, f.slot) for f in run.predicted])
    assert len(valid_at(run, held)) == 1
    if gone:
        assert valid_at(run, gone) == []


# --- the ending of a diet or a way of being, said without "ne" --------------------------------------------


@pytest.mark.parametrize(
    ("before", "after", "said", "gone"),
    [
        ("je suis végétarien", "je suis plus végétarien depuis février", "2026-03-10", "2026-02-20"),
        ("je suis végétarienne", "bon ben je suis plus végétarienne, j'ai craqué", "2026-03-10", None),
        ("sono vegetariana", "da gennaio non sono più vegetariana", "2026-05-12", "2026-02-01"),
        ("ich bin Vegetarierin", "seit Februar bin ich keine Vegetarierin mehr", "2026-05-10", "2026-03-01"),
    ],
)
def test_a_diet_ended_ends_the_diet(before, after, said, gone):
    run = replay([(before, FIRST_DAY), (after, said)])
    assert active(run) == [], [(f.text, f.slot) for f in run.predicted]
    if gone:
        assert valid_at(run, gone) == []


# --- a job left and the next one joined, in the same message ----------------------------------------------


@pytest.mark.parametrize(
    ("before", "after", "said", "new", "start"),
    [
        ("lavoro in Enel", "ho lasciato Enel a marzo e sono entrato in Eni", "2026-05-12", "Eni", None),
        ("trabajo en Telefónica", "dejé Telefónica en marzo y ahora estoy en Indra", "2026-06-10", "Indra", None),
        ("trabajo en Telefónica", "dejé Telefónica y entré en Indra", "2026-05-12", "Indra", None),
        (
            "je bosse chez Renault",
            "j'ai quitté Renault le mois dernier, maintenant je suis chez Valeo",
            "2026-03-10",
            "Valeo",
            None,
        ),
        ("je bosse chez Orange", "j'ai rejoint Free en avril", "2026-05-12", "Free", "2026-04"),
        (
            "ich arbeite bei SAP",
            "bin im März zu Bosch gewechselt, neuer Job, neues Glück",
            "2026-05-12",
            "Bosch",
            "2026-03",
        ),
        ("trabalho na EDP", "entrei na Galp em abril", "2026-05-12", "Galp", "2026-04"),
        ("trabalho na Sonae", "saí da Sonae em fevereiro, agora trabalho na Galp", "2026-05-10", "Galp", None),
    ],
)
def test_joining_a_new_employer_replaces_the_old_one(before, after, said, new, start):
    run = replay([(before, FIRST_DAY), (after, said)])
    assert only(active(run), new), [(f.text, f.slot) for f in run.predicted]
    if start:
        joined = next(f for f in run.active if new in f.text)
        assert f"{joined.valid_from:%Y-%m}" == start


# --- a move said without a subject, or with a stated time, supersedes the old place -----------------------


@pytest.mark.parametrize(
    ("before", "after", "said", "new", "old_day", "new_day"),
    [
        ("ich wohne in Köln", "bin letzten Monat nach Bonn gezogen", "2026-03-10", "Bonn", "2026-01-20", "2026-02-20"),
        (
            "abito a Verona da anni",
            "mi sono trasferita a Padova il mese scorso",
            "2026-05-12",
            "Padova",
            "2026-03-20",
            "2026-04-20",
        ),
        ("vivo en Sevilla", "me mudé a Málaga hace dos meses", "2026-06-10", "Málaga", "2026-03-20", "2026-05-01"),
        ("j'habite à Lille", "on a déménagé à Nantes en février", "2026-03-10", "Nantes", "2026-01-20", "2026-02-20"),
        ("moro em Braga", "me mudei pra Coimbra no mês passado", "2026-05-10", "Coimbra", "2026-03-20", "2026-04-20"),
    ],
)
def test_a_move_supersedes_the_old_place_from_the_stated_time(before, after, said, new, old_day, new_day):
    run = replay([(before, FIRST_DAY), (after, said)])
    assert only(active(run), new), [(f.text, f.slot) for f in run.predicted]
    assert len(valid_at(run, old_day)) == 1 and new not in valid_at(run, old_day)[0]
    assert only(valid_at(run, new_day), new)


# --- a tool given up for another ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "after", "said", "new", "language"),
    [
        ("per i conti uso Excel", "ho lasciato Excel per Numbers due settimane fa", "2026-05-12", "Numbers", "it"),
        ("uso Spotify para la música", "dejé Spotify por Deezer", "2026-05-12", "Deezer", "es"),
        ("j'utilise Chrome", "j'ai lâché Chrome pour Firefox la semaine dernière", "2026-05-12", "Firefox", "fr"),
        (
            "ich nutze Notion für alles",
            "bin im April von Notion auf Obsidian umgestiegen",
            "2026-05-10",
            "Obsidian",
            "de",
        ),
        ("uso o Chrome no trabalho", "troquei o Chrome pelo Firefox ontem", "2026-05-10", "Firefox", "pt"),
    ],
)
def test_a_tool_given_up_for_another_is_replaced(before, after, said, new, language):
    run = replay([(before, FIRST_DAY), (after, said)])
    assert only(active(run), new), [(f.text, f.slot, f.language) for f in run.predicted]
    assert {f.language for f in run.predicted} == {language}


# --- no garbled words from a stated-time look-alike or an elided preposition --------------------------------


@pytest.mark.parametrize(
    ("message", "absent", "present"),
    [
        ("sono passata da iPhone ad Android la settimana scorsa", " d ", "Android"),
        ("ich jogge jeden Morgen", "jeden (", "jogg"),
        ("ich gehe jeden Abend schwimmen", "jeden (", "schwimm"),
    ],
)
def test_no_garbled_fact_text(message, absent, present):
    facts = facts_of(message)
    assert facts and all(absent not in f.text for f in facts), [f.text for f in facts]
    assert any(present.lower() in f.text.lower() for f in facts)


# --- a plain present of an activity is a habit, and its ending finds it -----------------------------------


@pytest.mark.parametrize(
    ("before", "after", "language"),
    [
        ("ich rauche seit zehn Jahren", "hab vor zwei Wochen aufgehört zu rauchen", "de"),
        ("fumo molto, lo so", "ho smesso di fumare", "it"),
        ("je nage beaucoup", "je nage plus depuis mon opération", "fr"),
        ("sou vegano e corro maratonas", "parei de correr", "pt"),
        ("soy vegana y nado los martes", "ya no nado", "es"),
    ],
)
def test_a_plain_present_habit_is_read_and_ended(before, after, language):
    run = replay([(before, FIRST_DAY), (after, "2026-05-12")])
    habits = [f for f in run.predicted if f.slot and f.slot.startswith("habit:")]
    assert len(habits) == 2 and {f.language for f in habits} == {language}, [(f.text, f.slot) for f in run.predicted]
    assert habits[0].slot == habits[1].slot and habits[1].negated
    assert not [f for f in run.active if f.slot == habits[0].slot]


@pytest.mark.parametrize(
    ("message", "word"),
    [
        ("bin umgezogen, wohne jetzt in Essen", "Essen"),
        ("bin von Berlin nach München gezogen, arbeite jetzt bei BMW", "BMW"),
    ],
)
def test_a_german_clause_without_its_subject_after_a_comma_is_read(message, word):
    assert any(word in f.text for f in facts_of(message))


@pytest.mark.parametrize(
    ("message", "language"),
    [
        ("bin gerade in Berlin", "de"),
        ("hatte eine lange Woche", "de"),
        ("je suis plus grand que mon frère", "fr"),
        ("je fais plus de sport qu'avant", "fr"),
        ("Tenho dois gatos, a Pipoca e o Feijão, e eles brigam toda noite.", "pt"),
    ],
)
def test_casual_forms_that_say_no_ending_and_no_new_state(message, language):
    facts = facts_of(message)
    assert not [f for f in facts if f.negated], [f.text for f in facts]
    assert not [f for f in facts if f.slot and f.slot.startswith("trait:")], [f.text for f in facts]


# --- a time said on its own after the fact dates it ----------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "month"),
    [
        ("ya no fumo, lo dejé hace un año", "2025-05"),
        ("ich rauche nicht mehr!! seit drei Monaten keine einzige Zigarette", "2026-02"),
        ("ho un gatto, l'ho adottato a marzo", "2026-03"),
        ("Vivo en Lima. Desde 2019.", "2019-01"),
        ("tenho um cão, adotei-o em maio", "2026-05"),
    ],
)
def test_a_time_said_right_after_a_fact_is_the_facts_time(message, month):
    facts = facts_of(message)
    assert len(facts) == 1 and f"{facts[0].valid_from:%Y-%m}" == month, [(f.text, f.valid_from) for f in facts]


# --- drinks given up, and "plus" without "ne" before a named place or employer --------------------------


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("bebo café todas las mañanas", "dejé el café hace un mes"),
        ("bevo caffè ogni mattina", "ho smesso con il caffè"),
        ("je bois du café tous les matins", "j'ai arrêté le café"),
        ("ich trinke jeden Tag Kaffee", "ich trinke keinen Kaffee mehr"),
        ("bebo cerveja ao fim de semana", "larguei a cerveja"),
        ("je travaille chez Decathlon", "je travaille plus chez Decathlon depuis mars"),
        ("j'habite à Metz", "j'habite plus à Metz"),
    ],
)
def test_a_thing_given_up_ends_what_was_said_of_it(before, after):
    run = replay([(before, FIRST_DAY), (after, "2026-05-12")])
    assert run.predicted and not run.predicted[0].negated, before
    assert active(run) == [], [(f.text, f.slot) for f in run.predicted]


@pytest.mark.parametrize(
    ("before", "after", "new"),
    [
        ("trabajo en Repsol", "cambié de trabajo, ahora estoy en Iberdrola", "Iberdrola"),
        ("ich arbeite bei Otto", "hab den Job gewechselt, jetzt bin ich bei Zalando", "Zalando"),
        ("trabalho na NOS", "mudei de emprego, agora estou na Vodafone", "Vodafone"),
    ],
)
def test_now_at_a_named_place_after_a_job_change_is_the_new_employer(before, after, new):
    run = replay([(before, FIRST_DAY), (after, "2026-05-12")])
    assert only(active(run), new), [(f.text, f.slot) for f in run.predicted]


@pytest.mark.parametrize(
    ("before", "after", "new"),
    [
        ("sono insegnante", "ho cambiato lavoro, adesso sono commessa", "commessa"),
        ("je suis prof de maths", "depuis septembre je suis directeur d'école", "directeur"),
        ("ich bin Kellner", "ich bin jetzt Koch", "Koch"),
        ("sou professora", "agora sou bibliotecária", "bibliotecária"),
        ("soy camarero", "ahora soy cartero", "cartero"),
    ],
)
def test_a_new_role_replaces_the_old_occupation(before, after, new):
    run = replay([(before, FIRST_DAY), (after, "2026-05-12")])
    assert only(active(run), new), [(f.text, f.slot) for f in run.predicted]


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("tengo novia, se llama Marta", "Marta y yo lo dejamos el mes pasado"),
        ("j'ai une copine", "j'ai rompu avec ma copine"),
        ("ich habe eine Freundin", "ich habe mich von meiner Freundin getrennt"),
    ],
)
def test_a_partner_had_is_the_partner_so_a_break_up_ends_it(before, after):
    run = replay([(before, FIRST_DAY), (after, "2026-05-12")])
    assert run.predicted[0].slot == "partner" and active(run) == [], [(f.text, f.slot) for f in run.predicted]
