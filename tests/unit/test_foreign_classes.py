"""Classes of statements in German, Spanish, French, Italian and Portuguese, each with phrasings of
its own (none from the issue text, the evaluation sets or the classifier's training lines).

The classes: past events read by the verb's morphology (endings are retractions, never positive
facts; acquisitions state a belonging; changes retract the old value and state the new one),
deaths and break-ups, we-statements, sentence adverbs before the clause, negations of someone
else's verb, pets by name, stated times as valid time, and non-facts (wishes, conditions,
questions) that yield nothing. The fact is in the language of the message.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from shared.domain.models import ExtractedFact, ExtractionInput, Turn
from shared.providers.offline import foreign_clauses
from shared.providers.offline.extraction_rules import extract_facts

AT = datetime(2026, 9, 16, 10, 0, tzinfo=UTC)  # a Wednesday


def facts_of(*messages: str, at: datetime = AT) -> list[ExtractedFact]:
    turns = tuple(Turn(f"e{i}", "user", m, at) for i, m in enumerate(messages))
    return extract_facts(ExtractionInput(new_turns=turns))


def words_of(fact: ExtractedFact) -> set[str]:
    return set(fact.text.lower().replace("'", " ").split())


# --- past events: endings are retractions -----------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "language", "thing"),
    [
        ("Ho venduto il mio furgone.", "it", "furgone"),
        ("Abbiamo chiuso il negozio di fiori.", "it", "negozio"),
        ("Vendí la caravana en julio.", "es", "caravana"),
        ("He cancelado mi suscripción al gimnasio.", "es", "suscripción"),
        ("J'ai résilié mon abonnement à la salle.", "fr", "abonnement"),
        ("Nous avons vendu notre maison de campagne.", "fr", "maison"),
        ("Ich habe mein Motorrad verkauft.", "de", "motorrad"),
        ("Wir haben unseren Garten abgegeben.", "de", "garten"),
        ("Vendi a minha mota.", "pt", "mota"),
        ("Fechámos a nossa loja de discos.", "pt", "loja"),
    ],
)
def test_a_past_ending_is_a_retraction_never_a_fact(message, language, thing):
    facts = facts_of(message)
    assert facts, message
    assert all(f.negated and f.language == language for f in facts)
    assert any(thing in words_of(f) for f in facts)


@pytest.mark.parametrize(
    ("message", "language", "name"),
    [
        ("Ho lasciato la Barilla a giugno.", "it", "Barilla"),
        ("Dejé Mercadona hace tres meses.", "es", "Mercadona"),
        ("J'ai quitté Decathlon.", "fr", "Decathlon"),
        ("Ich habe Zalando verlassen.", "de", "Zalando"),
        ("Saí da Galp em julho.", "pt", "Galp"),
    ],
)
def test_leaving_a_named_organisation_ends_it(message, language, name):
    facts = facts_of(message)
    assert len(facts) == 1 and facts[0].negated and facts[0].language == language
    assert name in facts[0].text


@pytest.mark.parametrize(
    ("message", "language"),
    [
        ("Ho lasciato le chiavi in macchina.", "it"),
        ("Dejé el paraguas en el tren.", "es"),
        ("Deixei o casaco no escritório.", "pt"),
    ],
)
def test_leaving_a_thing_somewhere_ends_nothing(message, language):
    assert not [f for f in facts_of(message) if f.negated]


@pytest.mark.parametrize(
    ("message", "language", "thing"),
    [
        ("Ho comprato una Vespa usata.", "it", "vespa"),
        ("Adoptamos una perrita el mes pasado.", "es", "perrita"),
        ("J'ai acheté un Kindle.", "fr", "kindle"),
        ("Ich habe mir ein Lastenrad gekauft.", "de", "lastenrad"),
        ("Comprei um Fiat Uno.", "pt", "fiat"),
    ],
)
def test_an_acquisition_states_a_belonging(message, language, thing):
    facts = facts_of(message)
    assert len(facts) == 1 and not facts[0].negated and facts[0].language == language
    assert thing in words_of(facts[0])


# --- changes: the old value retracted, the new one stated ---------------------------------------------


@pytest.mark.parametrize(
    ("message", "language", "old", "new"),
    [
        ("Ho sostituito Trello con Jira.", "it", "trello", "jira"),
        ("Sono passata da Spotify a Tidal.", "it", "spotify", "tidal"),
        ("He cambiado Chrome por Brave.", "es", "chrome", "brave"),
        ("J'ai remplacé Outlook par Thunderbird.", "fr", "outlook", "thunderbird"),
        ("On est passés de Slack à Mattermost.", "fr", "slack", "mattermost"),
        ("Ich habe Evernote durch Obsidian ersetzt.", "de", "evernote", "obsidian"),
        ("Wir sind von Jenkins auf GitHub Actions umgestiegen.", "de", "jenkins", "github"),
        ("Troquei o Nubank pelo Inter.", "pt", "nubank", "inter"),
    ],
)
def test_a_change_retracts_the_old_value_and_states_the_new(message, language, old, new):
    facts = facts_of(message)
    ended = [f for f in facts if f.negated]
    stated = [f for f in facts if not f.negated]
    assert ended and stated and {f.language for f in facts} == {language}
    assert old in words_of(ended[0]) and new in words_of(stated[0])


def test_a_change_supersedes_the_earlier_fact_by_slot():
    facts = facts_of("Al lavoro uso Trello per organizzare i progetti.", "Ho sostituito Trello con Jira.")
    first, *later = facts
    assert not first.negated and "Trello" in first.text
    assert {f.slot for f in later} == {first.slot}


# --- deaths and break-ups ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "language", "who"),
    [
        ("Mio nonno è morto a marzo.", "it", "nonno"),
        ("Mi gata murió ayer.", "es", "gata"),
        ("Mon oncle est décédé la semaine dernière.", "fr", "oncle"),
        ("Mein Kater ist gestern gestorben.", "de", "kater"),
        ("A minha tia faleceu no sábado.", "pt", "tia"),
    ],
)
def test_a_death_of_someone_of_the_users_is_a_retraction(message, language, who):
    facts = facts_of(message)
    assert len(facts) == 1 and facts[0].negated and facts[0].language == language
    assert who in words_of(facts[0]) and facts[0].slot == f"*:{who}"


@pytest.mark.parametrize(
    ("message", "language"),
    [
        ("Ho rotto con Davide.", "it"),
        ("Rompí con mi novio.", "es"),
        ("Jonas und ich haben uns getrennt.", "de"),
        ("Terminei com a Beatriz.", "pt"),
    ],
)
def test_a_break_up_retracts_the_partner(message, language):
    facts = facts_of(message)
    assert len(facts) == 1 and facts[0].negated and facts[0].slot == "partner" and facts[0].language == language


# --- non-facts --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "language"),
    [
        ("Se vincessi alla lotteria comprerei una barca.", "it"),
        ("Vorrei trasferirmi a Lisbona un giorno.", "it"),
        ("Si tuviera más tiempo aprendería ruso.", "es"),
        ("Me gustaría vivir en Canarias.", "es"),
        ("Si j'étais riche, j'habiterais à Biarritz.", "fr"),
        ("Wenn ich mehr Geld hätte, würde ich ein Boot kaufen.", "de"),
        ("Se eu ganhasse a lotaria, compraria uma quinta.", "pt"),
        ("Gostaria de morar em Sintra.", "pt"),
        ("¿Vendiste tu coche?", "es"),
        ("Hai mai venduto una macchina usata?", "it"),
    ],
)
def test_wishes_conditions_and_questions_yield_nothing(message, language):
    assert facts_of(message) == []
    assert foreign_clauses.imagined(message, language) or "?" in message


# --- we-statements ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "language", "value"),
    [
        ("Abitiamo a Padova da due anni.", "it", "Padova"),
        ("Vivimos en Cádiz.", "es", "Cádiz"),
        ("Nous habitons à Lille.", "fr", "Lille"),
        ("On habite à Grenoble.", "fr", "Grenoble"),
        ("Wir wohnen in Bremen.", "de", "Bremen"),
        ("Moramos em Niterói.", "pt", "Niterói"),
    ],
)
def test_we_statements_are_the_users_facts(message, language, value):
    facts = facts_of(message)
    assert facts and facts[0].language == language and facts[0].slot == "location" and value in facts[0].text


@pytest.mark.parametrize(
    ("message", "language", "value"),
    [
        ("On a déménagé à Annecy.", "fr", "Annecy"),
        ("Ci siamo trasferiti a Trieste.", "it", "Trieste"),
        ("Nosotros nos mudamos a Vigo.", "es", "Vigo"),
        ("Mudámo-nos para Faro.", "pt", "Faro"),
    ],
)
def test_we_moved_states_the_new_place(message, language, value):
    facts = facts_of(message)
    assert facts and facts[0].slot == "location" and value in facts[0].text and not facts[0].negated


def test_partner_and_i_live_together():
    facts = facts_of("Mein Mann Tobias und ich wohnen in Erfurt.")
    slots = {f.slot for f in facts}
    assert "location" in slots and any("Erfurt" in f.text for f in facts)


# --- sentence adverbs and headings before a clause -------------------------------------------------


@pytest.mark.parametrize(
    ("message", "language", "value"),
    [
        ("Finalmente vivo a Bari.", "it", "Bari"),
        ("Per fortuna lavoro da casa.", "it", None),
        ("Por fin vivo en Granada.", "es", "Granada"),
        ("Enfin, j'habite à Metz.", "fr", "Metz"),
        ("Zum Glück wohne ich jetzt in Ulm.", "de", "Ulm"),
        ("Novidade: moro em Braga.", "pt", "Braga"),
    ],
)
def test_a_sentence_adverb_before_the_clause_is_no_verb(message, language, value):
    facts = facts_of(message)
    if value is None:
        assert all(f.language == language for f in facts)
        return
    assert facts and facts[0].language == language and value in facts[0].text


def test_an_adverb_ending_like_a_verb_is_no_first_person():
    facts = facts_of("Purtroppo Olivia è partita per Madrid.")
    assert not any("purtropp" in f.text.lower() for f in facts)


def test_someone_elses_negation_is_not_the_users_ending():
    # the dog no longer eats much: not the user's habit
    facts = facts_of("Ho un gatto anziano e non mangia più molto.")
    assert not [f for f in facts if f.negated]


# --- pets by name -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "language", "name"),
    [
        ("Ho un coniglio, si chiama Fiocco.", "it", "Fiocco"),
        ("Tenemos una tortuga que se llama Rayo.", "es", "Rayo"),
        ("J'ai un hamster, il s'appelle Noisette.", "fr", "Noisette"),
        ("Wir haben eine Schildkröte namens Kurt.", "de", "Kurt"),
        ("Tenho um peixe chamado Nemo.", "pt", "Nemo"),
    ],
)
def test_a_pet_by_name(message, language, name):
    facts = facts_of(message)
    assert any(name in f.text and (f.slot or "").startswith("pet") for f in facts), [f.text for f in facts]


def test_two_pets_named_in_apposition():
    facts = facts_of("Tengo dos perros, Lola y Bruno.")
    named = {f.text for f in facts if (f.slot or "").startswith("pet")}
    assert any("Lola" in t for t in named) and any("Bruno" in t for t in named)


# --- stated times are valid time -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "start"),
    [
        ("Ho venduto la barca la settimana scorsa.", date(2026, 9, 7)),
        ("Vendí el piso en mayo.", date(2026, 5, 1)),
        ("J'ai quitté Orange il y a deux ans.", date(2024, 9, 16)),
        ("Ich habe meinen Garten vor drei Monaten abgegeben.", date(2026, 6, 16)),
        ("Vendi o barco em março.", date(2026, 3, 1)),
    ],
)
def test_a_stated_time_is_the_valid_time_of_a_past_event(message, start):
    facts = facts_of(message)
    assert facts and facts[0].valid_from.date() == start


# --- several facts in one message -------------------------------------------------------------------


def test_an_ending_and_a_new_value_in_one_message():
    facts = facts_of("Ho venduto la Panda e ho comprato una Tesla.")
    assert [f.negated for f in facts] == [True, False]
    assert "panda" in words_of(facts[0]) and "tesla" in words_of(facts[1])


# --- a statement before a question in the same sentence ---------------------------------------------


@pytest.mark.parametrize(
    ("message", "language", "value"),
    [
        ("Abito a Cagliari, mi consigli una spiaggia tranquilla?", "it", "Cagliari"),
        ("Vivo en Oviedo, ¿qué ruta de montaña me recomiendas?", "es", "Oviedo"),
        ("J'habite à Dijon, tu connais un bon fromager ?", "fr", "Dijon"),
        ("Moro em Londrina e estou sem carro, alguma dica de bairro?", "pt", "Londrina"),
    ],
)
def test_the_statement_before_a_question_is_kept(message, language, value):
    facts = facts_of(message)
    assert facts and facts[0].language == language and value in facts[0].text


@pytest.mark.parametrize(
    "message",
    ["Quanto costa un abbonamento in palestra a Torino?", "¿Dónde puedo aparcar en Bilbao?", "Vou tentar."],
)
def test_a_question_or_a_plan_yields_nothing(message):
    assert facts_of(message) == []


# --- how the user wants to be answered ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "language", "slot"),
    [
        ("Per favore rispondimi sempre in inglese.", "it", "style:language"),
        ("Contéstame siempre en euskera, por favor.", "es", None),
        ("Réponds-moi toujours en anglais s'il te plaît.", "fr", "style:language"),
        ("Antworte mir bitte immer auf Englisch.", "de", "style:language"),
        ("Tu peux me tutoyer.", "fr", "style:address"),
        ("Prefiero respuestas cortas.", "es", "style:length"),
    ],
)
def test_how_the_user_wants_to_be_answered(message, language, slot):
    facts = facts_of(message)
    if slot is None:  # a language the word list does not know: nothing rather than a guess
        assert all(f.slot != "style:language" for f in facts)
        return
    assert len(facts) == 1 and facts[0].slot == slot and facts[0].language == language


# --- relatives, marriages, things started, the user become ---------------------------------------


@pytest.mark.parametrize(
    ("message", "language", "slot"),
    [
        ("Mia madre abita a Cremona.", "it", "family:madre:location"),
        ("Mis padres viven en Lugo.", "es", "family:padres:location"),
        ("Ma sœur habite à Québec.", "fr", "family:sœur:location"),
        ("Mein Vater wohnt in Linz.", "de", "family:vater:location"),
        ("O meu irmão mora em Luanda.", "pt", "family:irmão:location"),
        ("Mio figlio si chiama Tommaso.", "it", "family:figlio:name"),
    ],
)
def test_what_the_user_says_of_a_relative(message, language, slot):
    facts = facts_of(message)
    assert len(facts) == 1 and facts[0].slot == slot and not facts[0].negated and facts[0].language == language


@pytest.mark.parametrize(
    ("message", "name"),
    [
        ("Ci siamo sposati a giugno, io e Matteo. Mi sono sposata con Matteo.", "Matteo"),
        ("Me casé con Inés.", "Inés"),
        ("Je me suis marié avec Chloé.", "Chloé"),
        ("Ich habe Sabine geheiratet.", "Sabine"),
        ("Casei com a Joana.", "Joana"),
    ],
)
def test_a_marriage_names_the_partner(message, name):
    assert any(f.slot == "partner" and name in f.text and not f.negated for f in facts_of(message))


@pytest.mark.parametrize(
    ("message", "word"),
    [
        ("Ho iniziato a lavorare da Ducati.", "Ducati"),
        ("Empecé a trabajar en Inditex.", "Inditex"),
        ("J'ai commencé à travailler chez Michelin.", "Michelin"),
        ("Comecei a trabalhar na Jerónimo Martins.", "Jerónimo"),
    ],
)
def test_started_doing_is_doing_now(message, word):
    facts = facts_of(message)
    assert facts and not facts[0].negated and word in facts[0].text


def test_a_rhythm_said_first_is_no_subject():
    facts = facts_of("Ogni sabato gioco a basket con i colleghi.")
    assert facts and facts[0].slot == "habit:basket" and "colleghi" in facts[0].text


# --- a date said before a comma, a weekday after "since" ---------------------------------------------


@pytest.mark.parametrize(
    ("message", "start"),
    [
        ("Depuis deux ans, je vis à Rennes.", date(2024, 9, 16)),
        ("L'été dernier, j'ai vendu mon bateau.", None),
        ("Desde el lunes trabajo en Ferrovial.", date(2026, 9, 14)),
        ("Seit Montag arbeite ich bei Zeiss.", date(2026, 9, 14)),
        ("Há três anos que moro em Évora.", date(2023, 9, 16)),
    ],
)
def test_a_stated_time_before_a_comma_or_after_since(message, start):
    facts = facts_of(message)
    assert facts
    if start is not None:
        assert facts[0].valid_from.date() == start


# --- dislikes, contexts on each side of a contrast ------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "language"),
    [
        ("Non mi piace il sushi.", "it"),
        ("No me gustan las series de miedo.", "es"),
        ("Je n'aime pas la bière.", "fr"),
        ("Ich mag keinen Spinat.", "de"),
        ("Não gosto de praia.", "pt"),
    ],
)
def test_a_dislike_is_its_own_slot(message, language):
    facts = facts_of(message)
    assert len(facts) == 1 and (facts[0].slot or "").startswith("dislike:") and not facts[0].negated


def test_each_side_of_a_contrast_keeps_its_context():
    facts = facts_of("Al lavoro usiamo GitLab, ma per i miei progetti personali uso Codeberg.")
    assert len(facts) == 2 and facts[0].slot != facts[1].slot


@pytest.mark.parametrize(
    ("message", "language"),
    [
        ("Coco murió anoche.", "es"),
        ("Mudança feita, agora moro em Aveiro.", "pt"),
        ("Die Wohnung in Graz ist meine.", "de"),
    ],
)
def test_spelling_tells_the_language_of_a_short_message(message, language):
    from shared.providers.offline.extraction_rules import detect_language

    assert detect_language(message) == language


def test_being_at_a_company_in_french_is_working_there():
    facts = facts_of("Je suis maintenant chez Capgemini.")
    assert len(facts) == 1 and facts[0].slot == "employer"


@pytest.mark.parametrize(
    ("message", "name"),
    [
        ("Mi marido Álvaro quiere ir a Japón.", "Álvaro"),
        ("Mon mari Hugo cuisine très bien.", "Hugo"),
        ("A minha namorada Rita adora gatos.", "Rita"),
    ],
)
def test_a_partner_named_in_passing_is_the_users_partner(message, name):
    assert any(f.slot == "partner" and name in f.text for f in facts_of(message))


@pytest.mark.parametrize(
    ("message", "n"),
    [("En casa somos cinco.", "cinco"), ("Siamo in tre in famiglia.", "tre"), ("Wir sind zu dritt.", "dritt")],
)
def test_the_size_of_the_household(message, n):
    facts = [f for f in facts_of(message) if f.slot == "family:size"]
    assert facts and n in facts[0].text


@pytest.mark.parametrize(
    ("message", "old", "new"),
    [
        ("Uso LibreOffice invece di Word.", "word", "libreoffice"),
        ("Ich verwende jetzt Signal statt WhatsApp.", "whatsapp", "signal"),
        ("J'utilise Qwant au lieu de Google.", "google", "qwant"),
    ],
)
def test_instead_of_retracts_the_old_value(message, old, new):
    facts = facts_of(message)
    assert [f.negated for f in facts] == [True, False]
    assert old in words_of(facts[0]) and new in words_of(facts[1])


@pytest.mark.parametrize(
    ("message", "org"),
    [("Ich bin Buchhalterin bei Bosch.", "Bosch"), ("Je suis comptable chez Total.", "Total")],
)
def test_a_role_at_an_organisation_is_two_facts(message, org):
    slots = {f.slot: f.text for f in facts_of(message)}
    assert "occupation" in slots and org in slots.get("employer", "")


def test_a_relatives_work():
    facts = facts_of("Mein Bruder arbeitet als Koch.")
    assert len(facts) == 1 and facts[0].slot == "family:bruder:work"


@pytest.mark.parametrize(
    ("message", "slot"),
    [
        ("A gente mora em Maceió.", "location"),
        ("Mia figlia è nata a luglio.", "family:figlia:born"),
        ("Mi padre es carpintero.", "family:padre:is"),
        ("Estou namorando o Tiago.", "partner"),
        ("Salgo con Nerea desde marzo.", "partner"),
        ("Tô morando em Santos.", "location"),
    ],
)
def test_more_ways_of_saying_a_lasting_fact(message, slot):
    facts = facts_of(message)
    assert facts and facts[0].slot == slot and not facts[0].negated


def test_a_rhythm_on_a_weekday_is_no_date():
    facts = facts_of("Eu jogo futsal toda terça.")
    assert facts and facts[0].valid_from == AT


def test_a_clause_after_a_colon_is_read():
    facts = facts_of("Grande novità: lavoro in Lavazza.")
    assert facts and facts[0].slot == "employer"


@pytest.mark.parametrize(
    ("message", "second"),
    [
        ("J'ai une fille et un lapin.", "lapin"),
        ("Tengo una bici y dos monopatines.", "monopatines"),
        ("Ho una Vespa e una Ape.", "ape"),
    ],
)
def test_a_second_thing_had_shares_the_verb(message, second):
    facts = facts_of(message)
    assert len(facts) == 2 and second in words_of(facts[1]) and not any(f.negated for f in facts)


@pytest.mark.parametrize(
    ("message", "slot", "value"),
    [
        ("Je suis née à Nancy.", "origin", "Nancy"),
        ("Nací en Cuenca.", "origin", "Cuenca"),
        ("Ich bin in Rostock geboren.", "origin", "Rostock"),
        ("Je vis avec mon frère à Nice.", "location", "Nice"),
        ("Ma copine et moi, on habite à Caen.", "location", "Caen"),
    ],
)
def test_birthplaces_and_homes_said_with_company(message, slot, value):
    facts = facts_of(message)
    assert any(f.slot == slot and value in f.text for f in facts)


@pytest.mark.parametrize(
    ("message", "thing"),
    [("Je viens d'acheter une Twingo.", "twingo"), ("Acabo de adoptar un gato.", "gato")],
)
def test_just_did_is_a_past_event(message, thing):
    facts = facts_of(message)
    assert facts and thing in words_of(facts[0]) and not facts[0].negated


def test_the_french_third_person_of_a_verb_in_s():
    from shared.providers.offline import frames

    assert frames.third_person_verb("vis", "fr") == "vit" and frames.third_person_verb("joue", "fr") == "joue"


@pytest.mark.parametrize(
    ("message", "thing"),
    [
        ("Ich bin bei Continental ausgestiegen.", "continental"),
        ("Ich habe meine Ausbildung abgebrochen.", "ausbildung"),
    ],
)
def test_german_endings_by_participle(message, thing):
    facts = facts_of(message)
    assert len(facts) == 1 and facts[0].negated and facts[0].slot == f"*:{thing}"


def test_a_german_acquisition_then_the_name():
    facts = facts_of("Wir haben uns eine Katze zugelegt, sie heißt Frieda.")
    assert any(f.slot == "pet:frieda" for f in facts)


def test_a_german_clause_after_a_comma_and_now():
    facts = facts_of("Ich habe die Stelle gewechselt, jetzt arbeite ich bei Miele.")
    assert any(f.slot == "employer" and "Miele" in f.text for f in facts)


def test_a_german_third_person_with_umlaut():
    from shared.providers.offline import frames

    assert frames.third_person_verb("laufe", "de") == "läuft"


@pytest.mark.parametrize(
    ("message", "year"),
    [
        ("Vivo en Huesca desde hace diez años.", 2016),
        ("Abito a Lecco da dodici anni.", 2014),
        ("J'habite à Brest depuis huit ans.", 2018),
    ],
)
def test_counts_above_six_in_a_stated_time(message, year):
    facts = facts_of(message)
    assert facts and facts[0].valid_from.year == year


@pytest.mark.parametrize("message", ["Hoy tengo el día libre.", "Oggi ho la febbre."])
def test_what_the_user_has_today_is_no_belonging(message):
    assert not [f for f in facts_of(message) if (f.slot or "").startswith("own:")]


def test_an_ending_without_its_reason():
    facts = facts_of("He dejado de ir a clase de baile porque no tengo tiempo.")
    assert len(facts) == 1 and facts[0].negated and "tiempo" not in facts[0].text


@pytest.mark.parametrize(
    ("message", "part"),
    [
        ("Me torcí el tobillo jugando al pádel.", "tobillo"),
        ("Mi sono slogato la spalla.", "spalla"),
        ("Je me suis foulé le poignet.", "poignet"),
        ("Ich habe mir den Knöchel verstaucht.", "knöchel"),
    ],
)
def test_an_injury_is_a_health_fact(message, part):
    facts = facts_of(message)
    assert len(facts) == 1 and facts[0].slot == f"health:{part}" and not facts[0].negated


def test_breaking_a_thing_is_no_injury():
    assert not [f for f in facts_of("Mi sono rotto gli occhiali.") if (f.slot or "").startswith("health:")]


def test_a_new_phone_replaces_the_old_one_by_kind():
    first, second = facts_of("Ho un Xiaomi Redmi Note.", "Sono passato al Pixel 8.")
    assert first.slot == second.slot == "own:phone" and "Pixel" in second.text


@pytest.mark.parametrize(
    ("message", "slot", "negated"),
    [
        ("Sono in pensione da tre anni.", "occupation", False),
        ("Estoy jubilada.", "occupation", False),
        ("Je suis à la retraite.", "occupation", False),
        ("Ich bin im Ruhestand.", "occupation", False),
        ("Mi sono laureato in fisica.", "education", False),
        ("Ho lasciato la mia ragazza.", "partner", True),
        ("Deixei o meu namorado.", "partner", True),
    ],
)
def test_retirement_degrees_and_leaving_a_partner(message, slot, negated):
    facts = facts_of(message)
    assert len(facts) == 1 and facts[0].slot == slot and facts[0].negated is negated


def test_a_part_migrated_leaves_the_rest():
    facts = facts_of("In ufficio usiamo Java, e abbiamo migrato i microservizi nuovi a Kotlin.")
    assert any("Java" in f.text for f in facts) and any("Kotlin" in f.text for f in facts)


@pytest.mark.parametrize(
    ("message", "value"),
    [
        ("Bei uns in der Firma programmieren wir in Kotlin.", "Kotlin"),
        ("Chez nous, on code en Elixir.", "Elixir"),
        ("Sviluppo in Python da dieci anni.", "Python"),
        ("Für meine Webseite nutze ich Hugo.", "Hugo"),
    ],
)
def test_the_language_or_tool_one_codes_in(message, value):
    facts = facts_of(message)
    assert facts and value in facts[0].text and (facts[0].slot or "").startswith("tool:")


@pytest.mark.parametrize(
    ("message", "slot"),
    [("Llevo cuatro años en Murcia.", "location"), ("Llevo un año trabajando en Glovo.", "employer")],
)
def test_llevo_a_time_somewhere(message, slot):
    facts = facts_of(message)
    assert len(facts) == 1 and facts[0].slot == slot


@pytest.mark.parametrize(
    ("message", "shown"),
    [
        ("Mia sorella vive a Londra.", "La sorella di Marta vive a Londra"),
        ("Mi perro murió ayer.", "El perro de Marta murió"),
        ("Vivo en Cádiz.", "Marta vive en Cádiz"),
    ],
)
def test_a_named_speaker_owns_the_fact(message, shown):
    turns = (Turn("e0", "user", message, AT, name="Marta"),)
    facts = extract_facts(ExtractionInput(new_turns=turns))
    assert facts and facts[0].text.startswith(shown)
