"""Issue 12, foreign classes (session 11): phrasings of our own in German, Spanish, French, Italian and
Portuguese, none from an evaluation set. Each class comes with near-misses that must give nothing.

- a workplace said with a work verb ("trabajo en un instituto", "lavoro in banca") sits on the employer
  slot, never on a slot made of the verb's stem;
- the user speaking of herself in the feminine anywhere in the message makes her facts' subject feminine
  ("La usuaria", "A utilizadora", "L'utilisatrice", "Die Nutzerin");
- birthdays in each language sit on the birthday slot, in the message's language;
- an activity said by its noun ("la course à pied", "la natación") is keyed as the activity's verb;
- a "now" before a living verb in chat ("ahora vivo en granada") still gives the place.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from shared.domain.models import ExtractedFact, ExtractionInput, Turn
from shared.providers.offline import foreign_habits
from shared.providers.offline.extraction_rules import extract_facts

AT = datetime(2026, 5, 20, 18, 30, tzinfo=UTC)


def facts_of(message: str) -> list[ExtractedFact]:
    return extract_facts(ExtractionInput(new_turns=(Turn("e1", "user", message, AT),)))


# --- a workplace said with a work verb is the employer --------------------------------------------------


@pytest.mark.parametrize(
    ("message", "language", "word"),
    [
        ("Trabajo en un colegio de Albacete.", "es", "colegio"),
        ("trabajo en una ferretería del barrio", "es", "ferretería"),
        ("curro en un hotel de Benidorm", "es", "hotel"),
        ("Lavoro in un'agenzia di viaggi a Lecce.", "it", "agenzia"),
        ("lavoro in farmacia", "it", "farmacia"),
        ("Je travaille dans une crèche à Angers.", "fr", "crèche"),
        ("je bosse dans un garage", "fr", "garage"),
        ("Trabalho numa padaria em Setúbal.", "pt", "padaria"),
        ("trabalho num hotel", "pt", "hotel"),
        ("Ich arbeite in einer Apotheke in Jena.", "de", "apotheke"),
        ("ich arbeite an einer Realschule", "de", "realschule"),
    ],
)
def test_a_workplace_said_with_a_work_verb_is_the_employer(message: str, language: str, word: str) -> None:
    facts = [f for f in facts_of(message) if word in f.text.lower()]
    assert facts, message
    assert all(f.slot == "employer" and f.language == language and not f.negated for f in facts), facts


@pytest.mark.parametrize(
    ("message", "word"),
    [
        ("Ya no trabajo en la panadería.", "panadería"),
        ("Non lavoro più in farmacia.", "farmacia"),
        ("Já não trabalho na padaria.", "padaria"),
    ],
)
def test_a_workplace_left_ends_the_employer(message: str, word: str) -> None:
    facts = [f for f in facts_of(message) if word in f.text.lower()]
    assert facts and all(f.slot == "employer" and f.negated for f in facts), facts


@pytest.mark.parametrize(
    "message",
    [
        "trabajo en equipo con otros dos",
        "trabajo en casa los viernes",
        "lavoro da casa il lunedì",
        "je travaille dans une ambiance super",
        "ich arbeite an einem Projekt für die Uni",
        "trabalho em casa",
        "trabajo en un proyecto nuevo",
    ],
)
def test_work_said_of_no_workplace_is_no_employer(message: str) -> None:
    assert not [f for f in facts_of(message) if f.slot == "employer"], facts_of(message)


def test_no_reader_keys_a_slot_by_a_work_verbs_stem() -> None:
    for message in ("Trabajo en un colegio de Albacete.", "lavoro in farmacia", "je bosse dans un garage"):
        assert not [f for f in facts_of(message) if (f.slot or "").startswith("habit:")], message


# --- her facts: the feminine subject ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "subject"),
    [
        ("Estou casada e moro em Aveiro.", "A utilizadora"),
        ("moro em Évora, estou cansada do calor", "A utilizadora"),
        ("Sou enfermeira e vivo em Leiria.", "A utilizadora"),
        ("Soy abogada y vivo en Cáceres.", "La usuaria"),
        ("estoy jubilada, vivo en Lugo", "La usuaria"),
        ("Je suis retraitée et j'habite à Vannes.", "L'utilisatrice"),
        ("je suis infirmière, j'habite à Niort", "L'utilisatrice"),
        ("Ich bin Ärztin und wohne in Gera.", "Die Nutzerin"),
        ("ich wohne in Cottbus und arbeite als Bäckerin", "Die Nutzerin"),
    ],
)
def test_her_facts_say_she(message: str, subject: str) -> None:
    facts = facts_of(message)
    assert facts, message
    located = [f for f in facts if f.slot == "location"]
    assert located and all(f.text.startswith(subject + " ") for f in located), facts


@pytest.mark.parametrize(
    ("message", "subject"),
    [
        ("Sou casado e moro em Aveiro.", "O utilizador"),
        ("Soy abogado y vivo en Cáceres.", "El usuario"),
        ("Je suis retraité et j'habite à Vannes.", "L'utilisateur"),
        ("Ich bin Arzt und wohne in Gera.", "Der Nutzer"),
        # someone else's feminine word says nothing of the user
        ("Mi hermana está casada y yo vivo en Lugo.", "El usuario"),
        ("A minha filha é enfermeira e eu moro em Leiria.", "O utilizador"),
        ("ich wohne in Berlin, meine Frau ist Lehrerin", "Der Nutzer"),
        # "in Berlin" is no feminine noun
        ("ich bin in Berlin und wohne in Potsdam", "Der Nutzer"),
        # an adjective in "-ique" is both genders
        ("Je suis allergique au pollen et j'habite à Rodez.", "L'utilisateur"),
        ("je suis sceptique mais j'habite à Albi maintenant", "L'utilisateur"),
    ],
)
def test_no_feminine_word_of_hers_keeps_the_subject(message: str, subject: str) -> None:
    located = [f for f in facts_of(message) if f.slot == "location"]
    assert located and all(f.text.startswith(subject + " ") for f in located), facts_of(message)


def test_her_possessions_and_kin_say_she() -> None:
    facts = facts_of("Estoy casada y mi hermano vive en Soria.")
    kin = [f for f in facts if "hermano" in f.text]
    assert kin and kin[0].text.startswith("El hermano de la usuaria "), facts
    facts = facts_of("Ich bin Lehrerin und mein Bruder wohnt in Suhl.")
    kin = [f for f in facts if "Bruder" in f.text]
    assert kin and kin[0].text.startswith("Der Bruder der Nutzerin "), facts


# --- birthdays ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "language", "day"),
    [
        ("Mi cumpleaños es el 9 de noviembre.", "es", "9 de noviembre"),
        ("mi cumple es el 21 de enero jaja", "es", "21 de enero"),
        ("cumplo años el 30 de junio", "es", "30 de junio"),
        ("Mon anniversaire, c'est le 2 février.", "fr", "2 février"),
        ("mon anniv est le 17 avril", "fr", "17 avril"),
        ("Il mio compleanno è il 6 dicembre.", "it", "6 dicembre"),
        ("compio gli anni il 14 agosto", "it", "14 agosto"),
        ("O meu aniversário é a 11 de setembro.", "pt", "11 de setembro"),
        ("meu aniver é dia 25 de março", "pt", "25 de março"),
        ("Mein Geburtstag ist am 8. Oktober.", "de", "8. oktober"),
        ("Geburtstag hab ich am 19. Juni", "de", "19. juni"),
        ("ich habe am 2. April Geburtstag", "de", "2. april"),
    ],
)
def test_a_birthday_is_the_birthday_slot(message: str, language: str, day: str) -> None:
    facts = [f for f in facts_of(message) if f.slot == "birthday"]
    assert len(facts) == 1, facts_of(message)
    assert facts[0].language == language and day in facts[0].text.lower() and not facts[0].negated, facts


@pytest.mark.parametrize(
    ("message", "language", "day"),
    [
        ("Nací el 4 de julio de 1988.", "es", "1988"),
        ("Je suis née le 3 mars 1995.", "fr", "1995"),
        ("Sono nato il 12 maggio 1979.", "it", "1979"),
        ("Eu nasci no dia 7 de outubro de 1990.", "pt", "1990"),
        ("Ich bin am 1. Mai 1985 geboren.", "de", "1985"),
    ],
)
def test_a_birth_date_is_the_birthday_slot(message: str, language: str, day: str) -> None:
    facts = [f for f in facts_of(message) if f.slot == "birthday"]
    assert len(facts) == 1 and facts[0].language == language and day in facts[0].text, facts_of(message)


@pytest.mark.parametrize(
    "message",
    [
        "¿Cuándo es tu cumpleaños?",
        "El cumpleaños de mi hija es el 3 de mayo.",
        "Mon anniversaire de mariage est le 5 juin.",
        "Il compleanno di mia madre è il 2 marzo.",
        "Qual é a data do teu aniversário?",
        "Mein Bruder hat am 3. Mai Geburtstag.",
        "Wann hast du Geburtstag?",
        "Si mi cumpleaños fuera el 2 de enero, lo odiaría.",
    ],
)
def test_someone_elses_birthday_or_a_question_is_no_birthday_of_the_user(message: str) -> None:
    assert not [f for f in facts_of(message) if f.slot == "birthday"], facts_of(message)


# --- an activity said by its noun --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "language"),
    [
        ("L'utilisateur fait de la course à pied le matin", "L'utilisateur court", "fr"),
        ("L'utilisateur pratique la natation", "L'utilisateur nage", "fr"),
        ("El usuario practica la natación", "El usuario nada", "es"),
        ("El usuario sale a correr", "El usuario corre", "es"),
        ("L'utente fa corsa tutte le mattine", "L'utente corre", "it"),
        ("O utilizador faz corrida aos domingos", "O utilizador corre", "pt"),
        ("O utilizador pratica natação", "O utilizador nada", "pt"),
        ("Der Nutzer geht joggen", "Der Nutzer joggt", "de"),
    ],
)
def test_an_activity_said_by_its_noun_keys_as_its_verb(first: str, second: str, language: str) -> None:
    slot = foreign_habits.habit_slot(first, language)
    assert slot is not None and slot == foreign_habits.habit_slot(second, language)


def test_an_activity_noun_ended_ends_the_same_habit() -> None:
    began = [f for f in facts_of("Je fais de la course à pied le samedi.") if f.slot]
    ended = [f for f in facts_of("Je ne cours plus.") if f.slot]
    assert began and ended and began[0].slot == ended[0].slot and ended[0].negated, (began, ended)


# --- "now" before a living verb, in chat ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "place"),
    [
        ("ahora vivo en granada", "Granada"),
        ("agora moro em braga", "Braga"),
        ("adesso vivo a bari", "Bari"),
        ("ora abito a lecce", "Lecce"),
        ("maintenant j'habite a rouen", "Rouen"),
        ("jetzt wohne ich in kiel", "Kiel"),
    ],
)
def test_now_before_a_living_verb_still_gives_the_place(message: str, place: str) -> None:
    facts = [f for f in facts_of(message) if f.slot == "location"]
    assert facts and place in facts[0].text and not facts[0].negated, facts_of(message)


@pytest.mark.parametrize(
    "message",
    ["ahora vivo en casa de mis padres?", "adesso vivo a casa", "agora moro em casa sozinho", "ora vivo alla giornata"],
)
def test_now_before_a_living_verb_with_no_place_name_gives_no_place(message: str) -> None:
    assert not [f for f in facts_of(message) if f.slot == "location" and not f.negated], facts_of(message)


# --- a pet named in apposition, a partner named in a relative clause -----------------------------------------


@pytest.mark.parametrize(
    ("message", "name"),
    [
        ("Mi gata Nala tiene 5 años.", "Nala"),
        ("Notre chienne Praline a 4 ans.", "Praline"),
        ("La mia cagnolina Stella ha 3 anni.", "Stella"),
        ("Minha cachorra Pipa tem 4 anos.", "Pipa"),
        ("Unser Hund Struppi ist 3 Jahre alt.", "Struppi"),
        ("Mi perro Chispa odia la lluvia.", "Chispa"),
    ],
)
def test_a_pet_named_after_my_animal_is_the_users_pet(message: str, name: str) -> None:
    pets = [f for f in facts_of(message) if (f.slot or "").startswith("pet:") and name in f.text]
    assert pets and not pets[0].negated, facts_of(message)


@pytest.mark.parametrize(
    "message",
    ["Mi vecino tiene un perro que se llama Chispa.", "¿Tu gata Nala tiene 5 años?", "Su perro Chispa es enorme."],
)
def test_someone_elses_named_pet_is_no_pet_of_the_user(message: str) -> None:
    assert not [f for f in facts_of(message) if (f.slot or "").startswith("pet:")], facts_of(message)


@pytest.mark.parametrize(
    ("message", "name"),
    [
        ("Tengo un novio que se llama Álvaro.", "Álvaro"),
        ("tengo novia, se llama Irene", "Irene"),
        ("Ho un ragazzo che si chiama Davide.", "Davide"),
        ("J'ai une copine qui s'appelle Chloé.", "Chloé"),
        ("Tenho uma namorada que se chama Beatriz.", "Beatriz"),
        ("Ich habe eine Partnerin, sie heißt Mia.", "Mia"),
        ("ahora tengo novio, se llama Dani", "Dani"),
        ("finalmente ho una ragazza che si chiama Elisa", "Elisa"),
    ],
)
def test_a_partner_named_in_a_relative_clause_is_the_partner(message: str, name: str) -> None:
    partner = [f for f in facts_of(message) if f.slot == "partner"]
    assert partner and name in partner[0].text and not partner[0].negated, facts_of(message)


@pytest.mark.parametrize(
    "message",
    [
        "Mi hermana tiene un novio que se llama Álvaro.",
        "¿Tienes novio?",
        "Si tuviera una novia que se llamara Irene...",
        "Ho un amico che si chiama Davide.",
    ],
)
def test_someone_elses_partner_or_a_friend_is_no_partner(message: str) -> None:
    assert not [f for f in facts_of(message) if f.slot == "partner"], facts_of(message)


# --- a diet said as a way of eating ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "word"),
    [
        ("Ich ernähre mich seit Jahren vegan.", "vegan"),
        ("ich esse vegetarisch", "vegetarisch"),
        ("Sigo una dieta vegana desde enero.", "vegana"),
        ("como sin gluten desde hace años", "gluten"),
        ("Je suis un régime sans gluten.", "gluten"),
        ("je mange végétarien", "végétarien"),
        ("Seguo una dieta vegetariana.", "vegetariana"),
        ("Sigo uma dieta vegana.", "vegana"),
    ],
)
def test_a_way_of_eating_is_the_diet(message: str, word: str) -> None:
    diet = [f for f in facts_of(message) if f.slot == "diet"]
    assert diet and word in diet[0].text and not diet[0].negated, facts_of(message)


@pytest.mark.parametrize(
    "message",
    [
        "Mein Sohn ernährt sich vegan.",
        "¿Sigues una dieta vegana?",
        "Si siguiera una dieta vegana, adelgazaría.",
        "Mia moglie segue una dieta vegetariana.",
        "Vorrei seguire una dieta vegana.",
    ],
)
def test_someone_elses_or_a_wished_diet_is_no_diet_of_the_user(message: str) -> None:
    assert not [f for f in facts_of(message) if f.slot == "diet"], facts_of(message)


# --- the town of a workplace said with a role is the workplace's, not the user's home -------------------------


@pytest.mark.parametrize(
    ("message", "town"),
    [
        ("trabajo de fisioterapeuta en una clínica en Teruel", "Teruel"),
        ("Trabalho como cozinheiro num hotel em Tavira.", "Tavira"),
        ("Lavoro come cuoco in un ristorante a Cervia.", "Cervia"),
        ("Je travaille comme vendeur dans une boutique à Dinan.", "Dinan"),
    ],
)
def test_the_town_of_a_workplace_is_no_home(message: str, town: str) -> None:
    facts = facts_of(message)
    assert not [f for f in facts if f.slot == "location"], facts
    assert [f for f in facts if f.slot == "employer" and town in f.text], facts


@pytest.mark.parametrize(
    ("message", "subject"),
    [
        ("trabajo de enfermera y vivo en Huesca", "La usuaria"),
        ("Trabalho como engenheira e moro em Viseu.", "A utilizadora"),
        ("je travaille comme serveuse et j'habite à Laval", "L'utilisatrice"),
    ],
)
def test_a_feminine_role_she_works_as_says_she(message: str, subject: str) -> None:
    located = [f for f in facts_of(message) if f.slot == "location"]
    assert located and located[0].text.startswith(subject + " "), facts_of(message)


# --- a season said as a stated time; "last week" without its article in Portuguese chat ----------------------


@pytest.mark.parametrize(
    ("message", "slot", "start"),
    [
        ("je suis végétarienne depuis l'été dernier", "diet", "2025-06"),
        ("ich bin seit letztem Sommer Vegetarier", "diet", "2025-06"),
        ("soy vegana desde el verano pasado", "diet", "2025-06"),
        ("sono vegana dall'estate scorsa", "diet", "2025-06"),
        ("sou vegana desde o verão passado", "diet", "2025-06"),
        ("Me mudé a Burgos el invierno pasado.", "location", "2025-12"),
        ("Ich bin letzten Herbst nach Fulda gezogen.", "location", "2025-09"),
        ("me mudei pra Olinda semana passada", "location", "2026-05-11"),
    ],
)
def test_a_season_or_a_bare_last_week_is_the_stated_time(message: str, slot: str, start: str) -> None:
    facts = [f for f in facts_of(message) if f.slot == slot]
    assert facts and facts[0].valid_from is not None, facts_of(message)
    assert facts[0].valid_from.date().isoformat().startswith(start), facts


@pytest.mark.parametrize(
    "message",
    ["mi piace un sacco", "me gusta mucho", "j'aime beaucoup", "gosto muito", "mir gefällt das sehr"],
)
def test_how_much_one_likes_is_no_thing_liked(message: str) -> None:
    assert not [f for f in facts_of(message) if (f.slot or "").startswith("like:")], facts_of(message)


# --- a sport or practice done ("hago", "faccio", "faço", "ich mache"), and one begun -------------------------


@pytest.mark.parametrize(
    ("message", "word"),
    [
        ("Faço musculação três vezes por semana.", "musculação"),
        ("faço ioga todas as manhãs", "ioga"),
        ("Hago senderismo los fines de semana.", "senderismo"),
        ("hago zumba los martes", "zumba"),
        ("Faccio danza da quando ero piccola.", "danza"),
        ("faccio karate il giovedì", "karate"),
        ("Ich mache zweimal die Woche Pilates.", "Pilates"),
        ("ich mache Krafttraining", "Krafttraining"),
        ("comecei a fazer musculação em março", "musculação"),
        ("ich habe im Januar mit Yoga angefangen", "Yoga"),
        ("j'ai commencé le yoga il y a deux mois", "yoga"),
    ],
)
def test_a_practice_done_or_begun_is_a_habit(message: str, word: str) -> None:
    habits = [f for f in facts_of(message) if (f.slot or "").startswith("habit:") and word in f.text]
    assert habits and not habits[0].negated, facts_of(message)


@pytest.mark.parametrize(
    "message",
    [
        "¿Haces senderismo?",
        "Mi hija hace zumba los martes.",
        "Vorrei fare danza.",
        "Ich würde gern Pilates machen.",
        "Se eu fizesse musculação ficava forte.",
        "Je voudrais commencer le yoga.",
    ],
)
def test_a_practice_asked_wished_or_someone_elses_is_no_habit(message: str) -> None:
    assert not [f for f in facts_of(message) if (f.slot or "").startswith("habit:")], facts_of(message)


# --- a new home said with "now" + "be at" after the old one ended ------------------------------------------------


@pytest.mark.parametrize(
    ("message", "old", "new"),
    [
        ("non abito più a Rimini, adesso sto a Cesena", "Rimini", "Cesena"),
        ("je n'habite plus à Caen, je suis à Rouen maintenant", "Caen", "Rouen"),
        ("já não moro em Faro, agora estou em Lagos", "Faro", "Lagos"),
        ("ya no vivo en Soria, ahora estoy en Segovia", "Soria", "Segovia"),
    ],
)
def test_now_at_a_place_after_a_home_ended_is_the_new_home(message: str, old: str, new: str) -> None:
    located = [f for f in facts_of(message) if f.slot == "location"]
    assert [f for f in located if old in f.text and f.negated], located
    assert [f for f in located if new in f.text and not f.negated], located


@pytest.mark.parametrize(
    "message", ["adesso sto a Cesena per lavoro", "ahora estoy en Segovia de vacaciones", "je suis à Rouen ce week-end"]
)
def test_being_somewhere_now_with_no_home_ended_is_no_home(message: str) -> None:
    assert not [f for f in facts_of(message) if f.slot == "location"], facts_of(message)


@pytest.mark.parametrize("message", ["je mange plus de viande", "je bois plus de café", "je fais plus de sport"])
def test_french_plus_without_ne_may_say_more_or_no_more_so_nothing(message: str) -> None:
    assert not [f for f in facts_of(message) if not f.negated], facts_of(message)


@pytest.mark.parametrize(
    ("message", "old", "new"),
    [
        ("uso o Excel pros gastos mas mudei pro Numbers semana passada", "Excel", "Numbers"),
        ("usaba Trello pero cambié a Asana en marzo", "Trello", "Asana"),
    ],
)
def test_a_change_said_after_but_is_its_own_clause(message: str, old: str, new: str) -> None:
    facts = facts_of(message)
    assert not [f for f in facts if old in f.text and new in f.text], facts
    assert [f for f in facts if new in f.text and not f.negated], facts
