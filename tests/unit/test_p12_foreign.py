"""Issue #12, non-English messages: classes read by structure, with near-misses that must give nothing.

Phrasings are invented for these tests (none is taken from an evaluation set).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.unit.exchange import message_facts

SAID = datetime(2026, 5, 20, 18, 30, tzinfo=UTC)


def facts(message: str) -> list[tuple[str, str | None]]:
    return [(f.text, f.slot) for f in message_facts(message)]


# --- a relative or friend the user has, with the name said after it -------------------------------------

RELATIVE_NAMED = [
    ("tengo una hermana que se llama Carmen", "El usuario tiene una hermana llamada Carmen", "family:sister:carmen"),
    ("tengo un primo, se llama Iker", "El usuario tiene un primo llamado Iker", "family:cousin:iker"),
    ("también tenemos una hija llamada Olivia", "El usuario tiene una hija llamada Olivia", "family:daughter:olivia"),
    ("ho una sorella che si chiama Marta", "L'utente ha una sorella di nome Marta", "family:sister:marta"),
    ("ho un fratello, si chiama Dario", "L'utente ha un fratello di nome Dario", "family:brother:dario"),
    ("abbiamo un figlio di nome Tommaso", "L'utente ha un figlio di nome Tommaso", "family:son:tommaso"),
    ("j'ai une sœur qui s'appelle Julie", "L'utilisateur a une sœur nommée Julie", "family:sister:julie"),
    ("j'ai un frère, il s'appelle Bastien", "L'utilisateur a un frère nommé Bastien", "family:brother:bastien"),
    ("nous avons une fille qui s'appelle Inès", "L'utilisateur a une fille nommée Inès", "family:daughter:inès"),
    ("tenho uma filha chamada Beatriz", "O utilizador tem uma filha chamada Beatriz", "family:daughter:beatriz"),
    ("tenho um irmão que se chama Rui", "O utilizador tem um irmão chamado Rui", "family:brother:rui"),
    ("temos um sobrinho, ele se chama Caio", "O utilizador tem um sobrinho chamado Caio", "family:nephew:caio"),
    ("ich habe eine Tochter namens Mia", "Der Nutzer hat eine Tochter namens Mia", "family:daughter:mia"),
    ("ich hab einen Bruder, er heißt Timo", "Der Nutzer hat einen Bruder namens Timo", "family:brother:timo"),
    ("wir haben einen Sohn, der heißt Jonas", "Der Nutzer hat einen Sohn namens Jonas", "family:son:jonas"),
    ("tengo un amigo que se llama Nacho", "El usuario tiene un amigo llamado Nacho", "person:friend:nacho"),
    ("ich habe einen Freund, er heißt Malte", "Der Nutzer hat einen Freund namens Malte", "person:friend:malte"),
]


@pytest.mark.parametrize(("message", "text", "slot"), RELATIVE_NAMED)
def test_a_relative_named_is_one_fact_on_their_slot(message: str, text: str, slot: str) -> None:
    assert (text, slot) in facts(message)
    assert not any((s or "").startswith("own:") for _, s in facts(message))  # never "own:hermana-que"


def test_the_rest_of_the_sentence_is_still_read() -> None:
    found = facts("vivo en Cuenca y tengo una hermana que se llama Pilar")
    assert ("El usuario tiene una hermana llamada Pilar", "family:sister:pilar") in found
    assert any(slot == "location" for _, slot in found)


@pytest.mark.parametrize(
    "message",
    [
        "¿tienes una hermana que se llama Carmen?",  # a question to someone else
        "mi amiga tiene una hermana que se llama Carmen",  # someone else's sister
        "si tuviera una hija la llamaría Lucía",  # a wish
        "ho una sorella che si chiama come me",  # no name
        "vorrei un fratello di nome Dario",  # a wish
        "elle a un frère qui s'appelle Paul",  # someone else's
        "ich hätte gern eine Tochter namens Mia",  # a wish
        "tenho uma filha chamada?",  # nothing named
    ],
)
def test_no_relative_named_where_none_of_the_users_is_named(message: str) -> None:
    assert not any(
        (slot or "").startswith(("family:sister", "family:daughter", "family:brother", "person:friend"))
        for _, slot in facts(message)
    )


# --- children counted and named: each child's grammatical gender as their name shows it ---------------

CHILDREN_NAMED = [
    ("tengo dos hijos, Pablo y Lucía", "El usuario tiene una hija llamada Lucía", "family:daughter:lucía"),
    ("tengo dos hijos, Pablo y Lucía", "El usuario tiene un hijo llamado Pablo", "family:son:pablo"),
    ("ho due figli, Marco e Giulia", "L'utente ha una figlia di nome Giulia", "family:daughter:giulia"),
    ("ho due figli, Luca e Sofia", "L'utente ha un figlio di nome Luca", "family:son:luca"),
    ("tenho três filhos, Tiago, Rita e Joana", "O utilizador tem uma filha chamada Rita", "family:daughter:rita"),
]


@pytest.mark.parametrize(("message", "text", "slot"), CHILDREN_NAMED)
def test_children_named_keep_their_gender(message: str, text: str, slot: str) -> None:
    assert (text, slot) in facts(message)


def test_a_name_whose_gender_is_not_shown_stays_a_child() -> None:
    slots = {slot for _, slot in facts("ho due figli, Daniele e Irene")}
    assert {"family:child:daniele", "family:child:irene"} <= slots  # "-e" names are either


# --- employed at an organisation, said with a participle or noun of employment ----------------------------

EMPLOYED = [
    ("ich bin seit März bei der Sparkasse angestellt", "de", "Sparkasse"),
    ("bin bei Zalando beschäftigt", "de", "Zalando"),
    ("ich bin fest angestellt bei Bosch", "de", "Bosch"),
    ("sono assunta in Barilla da gennaio", "it", "Barilla"),
    ("sono dipendente della Coop", "it", "Coop"),
    ("estoy contratada en Mercadona", "es", "Mercadona"),
    ("soy empleado de Iberdrola", "es", "Iberdrola"),
    ("sou funcionária da Sonae", "pt", "Sonae"),
    ("estou contratado na Galp desde 2023", "pt", "Galp"),
    ("je suis employée chez Decathlon depuis 2022", "fr", "Decathlon"),
    ("je suis salarié chez Orange", "fr", "Orange"),
]


@pytest.mark.parametrize(("message", "language", "employer"), EMPLOYED)
def test_employed_at_is_the_employer(message: str, language: str, employer: str) -> None:
    found = facts(message)
    assert any(slot == "employer" and employer in text for text, slot in found), found
    assert not any((slot or "").startswith(("trait:", "habit:")) for _, slot in found)


@pytest.mark.parametrize(
    "message",
    [
        "mein Bruder ist bei Bosch angestellt",  # the brother's job
        "wärst du gern bei Bosch angestellt?",  # a question
        "estoy contratada por horas",  # how, not where
        "sono dipendente dal caffè",  # addicted, no organisation
        "sou funcionária pública",  # a status, no organisation named
        "ella es empleada de Zara",  # someone else's
    ],
)
def test_no_employer_without_the_users_organisation(message: str) -> None:
    assert not any(slot == "employer" for _, slot in facts(message))


# --- still living where one lived: "still" said with a stay, not a new move -------------------------------

STILL_IN = [
    ("sigo aquí en Teruel cuidando a mi padre", "Teruel"),
    ("yo sigo en Madrid", "Madrid"),
    ("je suis toujours à Rennes", "Rennes"),
    ("je suis encore à Nantes pour l'instant", "Nantes"),
    ("sono ancora a Pisa", "Pisa"),
    ("sto ancora qui a Lecce", "Lecce"),
    ("ainda estou em Braga", "Braga"),
    ("continuo aqui em Évora", "Évora"),
    ("ich bin immer noch in Leipzig", "Leipzig"),
    ("bin noch hier in Jena", "Jena"),
    ("continuo morando em Niterói", "Niterói"),
    ("sigo morando em Vila Nova", "Vila Nova"),
    ("je continue à habiter à Saint-Malo", "Saint-Malo"),
]


@pytest.mark.parametrize(("message", "place"), STILL_IN)
def test_still_in_a_place_is_where_one_lives(message: str, place: str) -> None:
    found = facts(message)
    assert any(slot == "location" and place in text for text, slot in found), found
    assert not any((slot or "").startswith(("trait:", "habit:")) for _, slot in found)


@pytest.mark.parametrize(
    "message",
    [
        "sigo en Telefónica",  # an organisation, not known as a town: where one works, maybe
        "mi hermana sigue en Madrid",  # someone else
        "je suis toujours à la maison le lundi",  # at home, no town
        "sono ancora a pranzo",  # at lunch
        "¿sigues en Madrid?",  # a question
        "ich bin noch in der Arbeit",  # at work
    ],
)
def test_still_somewhere_else_is_no_location(message: str) -> None:
    found = facts(message)
    assert not any(slot == "location" for _, slot in found), found
    assert not any((slot or "").startswith(("habit:sigu", "trait:")) for _, slot in found), found


# --- Portuguese "mudar para": a move of home when what it names is a town or the home ---------------------

MOVED_HOME = [
    ("mudei para o Porto", "Porto"),
    ("mudamos pra Coimbra em março", "Coimbra"),
    ("mudei de casa para Vila Franca", "Vila Franca"),
    ("eu mudei para Lisboa no ano passado", "Lisboa"),
]


@pytest.mark.parametrize(("message", "place"), MOVED_HOME)
def test_a_move_of_home_is_the_location(message: str, place: str) -> None:
    found = facts(message)
    assert any(slot == "location" and place in text for text, slot in found), found
    assert not any((slot or "").startswith("tool:") for _, slot in found), found


@pytest.mark.parametrize("message", ["mudei para o Notion", "mudamos para o Slack no trabalho", "mudei de ideia"])
def test_a_switch_of_tool_is_no_move(message: str) -> None:
    assert not any(slot == "location" for _, slot in facts(message))


# --- the first of a month said as an ordinal is a stated day ----------------------------------------------


def valid_from(message: str) -> set[str]:
    found = message_facts(message)
    return {f.valid_from.date().isoformat() for f in found if f.valid_from}


@pytest.mark.parametrize(
    "message",
    [
        "mi sono trasferita a Lecce il primo aprile",
        "j'ai emménagé à Nantes le premier avril",
        "me mudé a Cuenca el primero de abril",
        "mudei-me para Faro no dia primeiro de abril",
        "ich bin am ersten April nach Leipzig gezogen",
    ],
)
def test_the_first_of_the_month_dates_the_fact(message: str) -> None:
    assert valid_from(message) == {"2026-04-01"}


@pytest.mark.parametrize(
    "message",
    ["il primo giorno ho capito che vivo a Lecce", "am ersten Tag war ich in Leipzig"],
)
def test_a_first_that_is_no_month_day_dates_nothing(message: str) -> None:
    assert "2026-04-01" not in valid_from(message)


@pytest.mark.parametrize(
    ("message", "place"),
    [
        ("j'ai emménagé à Quimper", "Quimper"),
        ("on a emménagé à Vannes en mars", "Vannes"),
        ("j'ai emmenagé a Brest", "Brest"),
    ],
)
def test_moving_in_somewhere_is_the_location(message: str, place: str) -> None:
    assert any(slot == "location" and place in text for text, slot in facts(message))


def test_moving_in_with_someone_is_no_place() -> None:
    assert not any(slot == "location" for _, slot in facts("j'ai emménagé avec Paul"))


# --- a short message opened by a Romance first-person verb is not English ----------------------------------

from shared.providers.offline.extraction_rules import detect_language  # noqa: E402


@pytest.mark.parametrize(
    ("message", "languages"),
    [
        ("uso Linux", {"es", "it", "pt"}),
        ("corro maratones", {"es"}),
        ("nuoto in piscina", {"it"}),
        ("adoro sushi", {"es", "it", "pt"}),
        ("escrevo poemas", {"pt"}),
        ("cucino ogni sera", {"it"}),
    ],
)
def test_a_romance_first_person_verb_is_not_english(message: str, languages: set[str]) -> None:
    assert detect_language(message) in languages


@pytest.mark.parametrize(
    "message", ["my son Leo plays piano", "I love Toco Toucan", "I adore sushi", "Uso is a small town", "I use uso"]
)
def test_english_with_such_a_word_stays_english(message: str) -> None:
    assert detect_language(message) == "en"


# --- learning a language or an instrument, said in Italian, French and chat Portuguese ---------------------

LEARNING = [
    ("sto imparando lo spagnolo", "L'utente sta imparando lo spagnolo"),
    ("sto imparando a suonare il piano", "L'utente sta imparando a suonare il piano"),
    ("imparo il tedesco da sola", "L'utente sta imparando il tedesco"),
    ("j'apprends le japonais", "L'utilisateur apprend le japonais"),
    ("j'apprends à jouer du violon", "L'utilisateur apprend à jouer du violon"),
    ("je suis en train d'apprendre le portugais", "L'utilisateur apprend le portugais"),
    ("tô aprendendo a tocar violão", "O utilizador está a aprender a tocar violão"),
    ("to aprendendo crochê sozinha pelo youtube", "O utilizador está a aprender crochê"),
]


@pytest.mark.parametrize(("message", "text"), LEARNING)
def test_learning_is_a_goal_in_the_messages_language(message: str, text: str) -> None:
    found = facts(message)
    assert any(said.startswith(text) and (slot or "").startswith("goal:") for said, slot in found), found


@pytest.mark.parametrize(
    "message",
    [
        "vorrei imparare lo spagnolo",  # a wish
        "mia figlia sta imparando il piano",  # someone else
        "j'aimerais apprendre le japonais",  # a wish
        "tu apprends le japonais ?",  # a question to someone
        "sto imparando che non si può avere tutto",  # a lesson, not a skill
        "j'apprends beaucoup de choses",  # no skill named
        "sto imparando tante cose nuove",  # no skill named
    ],
)
def test_no_learning_goal_that_is_not_the_users(message: str) -> None:
    assert not any((slot or "").startswith("goal:") for _, slot in facts(message))
