"""German, Spanish, French, Italian and Portuguese: the user's facts however the clause is built.

Phrasings written for this file before any code for them (none from an evaluation set), for each
language: the common verbs (live, work, use, have, like, prefer, eat, study, play, stop, start, move,
marry) in several tenses and word orders (German verb-second with the subject after a fronted time or
object, verb-final in a subordinate clause; Romance clitics), with the subject pronoun dropped, in
lowercase chat spelling without accents or with short forms ("tb", "q", "pq", "cmq", "hab"), clauses
joined with "and"/"but"/commas, stated times ("desde 2019", "seit letztem Jahr", "il y a deux ans",
"da marzo", "há dois anos"), changes and endings ("ya no", "nicht mehr", "ne ... plus", "non più",
"já não"); and near-misses that must give nothing of the user's: questions, conditionals and wishes,
plans, someone else's facts. Every fact is in the language of the message.

Each positive case lists what must be among the facts: (slot prefixes "a|b" or None for any, negated,
words of which one is in the fact's text "a|b", the start of valid_from's ISO day or None).
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import partial

import pytest

from tests.unit.exchange import message_facts

SAID = datetime(2026, 5, 12, 10, 0, tzinfo=UTC)  # a Tuesday
facts_of = partial(message_facts, at=SAID)
USER = ("Der Nutzer", "El usuario", "L'utilisateur", "L'utente", "O utilizador", "A utilizadora", "La usuaria")


def shown(facts) -> list[tuple[str, str | None, bool, str]]:
    return [(f.text, f.slot, f.negated, f.valid_from.date().isoformat()) for f in facts]


def holds(fact, slot: str | None, negated: bool | None, words: str, when: str | None) -> bool:
    return (
        (slot is None or any((fact.slot or "").startswith(s) for s in slot.split("|")))
        and (negated is None or fact.negated == negated)
        and any(w.lower() in fact.text.lower() for w in words.split("|"))
        and (when is None or fact.valid_from.date().isoformat().startswith(when))
    )


# (language, message, [(slot, negated, words, when), ...])
Case = tuple[str, str, list[tuple[str | None, bool | None, str, str | None]]]

GERMAN: list[Case] = [
    ("de", "Ich wohne seit 2019 in Hamburg", [("location", False, "Hamburg", "2019")]),
    ("de", "seit letztem Jahr wohne ich in Leipzig", [("location", False, "Leipzig", "2025")]),
    ("de", "wohne jetzt in Dresden", [("location", False, "Dresden", None)]),
    ("de", "ich lebe mit meiner Freundin in Graz", [("location", False, "Graz", None)]),
    ("de", "In Freiburg wohne ich schon lange", [("location", False, "Freiburg", None)]),
    ("de", "Ich arbeite seit drei Jahren bei Bosch", [("employer", False, "Bosch", "2023")]),
    (
        "de",
        "bei Siemens arbeite ich als Ingenieur",
        [("employer", False, "Siemens", None), ("occupation", False, "Ingenieur", None)],
    ),
    ("de", "arbeite als Krankenpfleger im Klinikum", [("occupation", False, "Krankenpfleger", None)]),
    ("de", "Ich bin Lehrerin an einer Grundschule", [("occupation", False, "Lehrerin", None)]),
    ("de", "Für meine Notizen benutze ich Obsidian", [("tool|*", False, "Obsidian", None)]),
    ("de", "wir nutzen Jira im Team", [("tool", False, "Jira", None)]),
    ("de", "Ich habe einen Hund, er heißt Bruno", [("pet", False, "Bruno", None)]),
    ("de", "Wir haben zwei Kinder", [("family", False, "Kinder", None)]),
    ("de", "Ich habe zwei Katzen", [("pet|own", False, "Katze", None)]),
    ("de", "Ich mag Jazz sehr", [("like", False, "Jazz", None)]),
    ("de", "Ich trinke lieber Tee als Kaffee", [(None, False, "Tee", None)]),
    ("de", "Ich studiere Informatik in Aachen", [("education", False, "Informatik", None)]),
    ("de", "Ich spiele seit meiner Kindheit Klavier", [("habit", False, "Klavier", None)]),
    ("de", "Ich gehe jeden Sonntag schwimmen", [("habit", False, "schwimmen", None)]),
    ("de", "Ich rauche seit einem Jahr nicht mehr", [("habit", True, "rauch", "2025")]),
    ("de", "Seit März arbeite ich nicht mehr bei der Post", [("employer", True, "Post", "2026-03")]),
    ("de", "Ich wohne nicht mehr in Berlin", [("location", True, "Berlin", None)]),
    ("de", "Ich habe vor zwei Jahren Anna geheiratet", [("partner", False, "Anna", "2024")]),
    ("de", "Letzten Monat bin ich nach Bremen gezogen", [("location", False, "Bremen", "2026-04")]),
    ("de", "Wir sind im Januar nach Wien umgezogen", [("location", False, "Wien", "2026-01")]),
    ("de", "Seit Januar gehe ich ins Fitnessstudio", [("habit", False, "Fitnessstudio", "2026-01")]),
    ("de", "hab bei Zalando gekündigt", [("employer", True, "Zalando", None)]),
    ("de", "Meine Frau heißt Lena", [("partner", False, "Lena", None)]),
    ("de", "ich bin seit 2020 mit Tom verheiratet", [("partner", False, "Tom", "2020")]),
    ("de", "hab nen Hund", [("pet|own", False, "Hund", None)]),
    ("de", "ich bin seit fünf Jahren Vegetarierin", [("diet", False, "Vegetarierin", "2021")]),
    ("de", "Ich bin von Spotify zu Tidal gewechselt", [("tool|*", False, "Tidal", None)]),
    ("de", "ich komme aus Österreich", [("origin", False, "Österreich", None)]),
    ("de", "Ich spreche fließend Spanisch", [("language", False, "Spanisch", None)]),
    ("de", "Ich lerne seit Januar Japanisch", [(None, False, "Japanisch", "2026-01")]),
    ("de", "Mein Sohn heißt Felix", [("family", False, "Felix", None)]),
    ("de", "Ich mache seit zwei Jahren Yoga", [("habit", False, "Yoga", "2024")]),
    ("de", "Ich habe mir letzte Woche ein E-Bike gekauft", [("own", False, "E-Bike", "2026-05-04")]),
    ("de", "Ich habe mein Auto verkauft", [("own|*", True, "Auto", None)]),
    (
        "de",
        "Ich wohne in Köln und arbeite bei Ford",
        [("location", False, "Köln", None), ("employer", False, "Ford", None)],
    ),
    ("de", "ich trinke keinen Kaffee mehr", [("habit", True, "Kaffee", None)]),
    ("de", "Ich bin seit Kurzem Single", [("marital|partner", False, "Single", None)]),
    ("de", "Ich habe vor drei Jahren mit dem Laufen angefangen", [("habit", False, "Lauf|läuft", "2023")]),
]

SPANISH: list[Case] = [
    ("es", "Vivo en Valencia desde 2019", [("location", False, "Valencia", "2019")]),
    ("es", "desde hace dos años vivo en Bilbao", [("location", False, "Bilbao", "2024")]),
    ("es", "yo vivo en sevilla con mi pareja", [("location", False, "Sevilla", None)]),
    ("es", "ahora vivo en Granada", [("location", False, "Granada", None)]),
    ("es", "Trabajo en Inditex desde marzo", [("employer", False, "Inditex", "2026-03")]),
    ("es", "trabajo de enfermera en un hospital", [("occupation", False, "enfermera", None)]),
    ("es", "Soy profesor de matemáticas", [("occupation", False, "profesor", None)]),
    ("es", "uso Linux en casa y Windows en el trabajo", [("tool", False, "Linux", None)]),
    ("es", "para programar uso VS Code", [("tool", False, "VS Code", None)]),
    ("es", "Tengo un gato que se llama Michi", [("pet", False, "Michi", None)]),
    ("es", "tengo dos hijos", [("family", False, "hijos", None)]),
    ("es", "Me encanta el flamenco", [("like", False, "flamenco", None)]),
    ("es", "prefiero el té al café", [(None, False, "té", None)]),
    ("es", "Estudio Derecho en la Complutense", [("education", False, "Derecho", None)]),
    ("es", "juego al pádel todos los martes", [("habit", False, "pádel", None)]),
    ("es", "Ya no fumo", [("habit", True, "fum", None)]),
    ("es", "ya no vivo en Madrid", [("location", True, "Madrid", None)]),
    ("es", "hace un año que no trabajo en Repsol", [("employer", True, "Repsol", None)]),
    ("es", "Dejé de fumar hace tres meses", [("habit", True, "fum", "2026-02")]),
    ("es", "me casé con Lucía en 2021", [("partner", False, "Lucía", "2021")]),
    ("es", "el mes pasado me mudé a Zaragoza", [("location", False, "Zaragoza", "2026-04")]),
    ("es", "Nos mudamos a Málaga en enero", [("location", False, "Málaga", "2026-01")]),
    ("es", "empecé a correr en marzo", [("habit", False, "corr", "2026-03")]),
    ("es", "Desde enero voy al gimnasio", [("habit", False, "gimnasio", "2026-01")]),
    ("es", "mi novio se llama Andrés", [("partner", False, "Andrés", None)]),
    ("es", "soy vegetariana desde hace 5 años", [("diet", False, "vegetariana", "2021")]),
    ("es", "Me cambié de Spotify a Apple Music", [("tool", False, "Apple Music", None)]),
    ("es", "Soy de Argentina", [("origin", False, "Argentina", None)]),
    ("es", "hablo inglés y francés", [("language", False, "inglés", None)]),
    ("es", "mi hija se llama Sofía", [("family", False, "Sofía", None)]),
    ("es", "hago yoga desde hace dos años", [("habit", False, "yoga", "2024")]),
    ("es", "me compré un coche la semana pasada", [("own", False, "coche", "2026-05-04")]),
    ("es", "vendí mi moto", [("own|*", True, "moto", None)]),
    (
        "es",
        "vivo en Cádiz y trabajo en Navantia",
        [("location", False, "Cádiz", None), ("employer", False, "Navantia", None)],
    ),
    ("es", "vivo en lugo, trabajo en una panaderia", [("location", False, "Lugo", None)]),
    ("es", "ya no tomo café", [("habit", True, "café", None)]),
    ("es", "estoy casado desde 2015", [("marital|partner", False, "casado", "2015")]),
    (
        "es",
        "trabajo en Mapfre pero ya no vivo en Madrid",
        [("employer", False, "Mapfre", None), ("location", True, "Madrid", None)],
    ),
    ("es", "tb trabajo en Indra", [("employer", False, "Indra", None)]),
    ("es", "no como carne desde 2020", [("diet", True, "carne", "2020")]),
]

FRENCH: list[Case] = [
    ("fr", "J'habite à Lyon depuis 2019", [("location", False, "Lyon", "2019")]),
    ("fr", "depuis l'an dernier j'habite à Lille", [("location", False, "Lille", "2025")]),
    ("fr", "j'vis a marseille", [("location", False, "Marseille", None)]),
    ("fr", "Je vis à Toulouse avec ma copine", [("location", False, "Toulouse", None)]),
    ("fr", "Je travaille chez Airbus depuis trois ans", [("employer", False, "Airbus", "2023")]),
    ("fr", "je bosse comme infirmière à l'hôpital", [("occupation", False, "infirmière", None)]),
    ("fr", "Je suis prof de maths", [("occupation", False, "prof", None)]),
    ("fr", "j'utilise Notion pour mes notes", [("tool|*", False, "Notion", None)]),
    ("fr", "au boulot on utilise Slack", [("tool", False, "Slack", None)]),
    ("fr", "J'ai un chat qui s'appelle Minou", [("pet", False, "Minou", None)]),
    ("fr", "j'ai deux enfants", [("family", False, "enfants", None)]),
    ("fr", "J'adore le jazz", [("like", False, "jazz", None)]),
    ("fr", "je préfère le thé au café", [(None, False, "thé", None)]),
    ("fr", "J'étudie le droit à Nanterre", [("education", False, "droit", None)]),
    ("fr", "je joue au tennis tous les samedis", [("habit", False, "tennis", None)]),
    ("fr", "Je ne fume plus", [("habit", True, "fum", None)]),
    ("fr", "je fume plus depuis janvier", [("habit", True, "fum", "2026-01")]),
    ("fr", "je n'habite plus à Paris", [("location", True, "Paris", None)]),
    ("fr", "J'ai arrêté de fumer il y a deux ans", [("habit", True, "fum", "2024")]),
    ("fr", "je me suis marié avec Claire en 2020", [("partner", False, "Claire", "2020")]),
    ("fr", "Le mois dernier j'ai déménagé à Nantes", [("location", False, "Nantes", "2026-04")]),
    ("fr", "on a déménagé à Bordeaux en janvier", [("location", False, "Bordeaux", "2026-01")]),
    ("fr", "j'ai commencé la course à pied en mars", [("habit", False, "course", "2026-03")]),
    ("fr", "Depuis janvier je vais à la salle", [("habit", False, "salle", "2026-01")]),
    ("fr", "ma copine s'appelle Emma", [("partner", False, "Emma", None)]),
    ("fr", "je suis végétarienne depuis cinq ans", [("diet", False, "végétarienne", "2021")]),
    ("fr", "Je suis passé de Spotify à Deezer", [("tool|*", False, "Deezer", None)]),
    ("fr", "je viens de Belgique", [("origin", False, "Belgique", None)]),
    ("fr", "je parle espagnol et italien", [("language", False, "espagnol", None)]),
    ("fr", "mon fils s'appelle Louis", [("family", False, "Louis", None)]),
    ("fr", "je fais du yoga depuis deux ans", [("habit", False, "yoga", "2024")]),
    ("fr", "je me suis acheté une voiture la semaine dernière", [("own", False, "voiture", "2026-05-04")]),
    ("fr", "j'ai vendu ma moto", [("own|*", True, "moto", None)]),
    (
        "fr",
        "J'habite à Rennes et je travaille chez Orange",
        [("location", False, "Rennes", None), ("employer", False, "Orange", None)],
    ),
    ("fr", "je fume plus du tout", [("habit", True, "fum", None)]),
    ("fr", "je suis mariée depuis 2015", [("marital|partner", False, "mariée", "2015")]),
    ("fr", "je travaille plus chez Renault depuis mars", [("employer", True, "Renault", "2026-03")]),
    ("fr", "ça fait deux ans que je bosse chez Ubisoft", [("employer", False, "Ubisoft", "2024")]),
    ("fr", "je mange plus jamais de viande", [("diet", True, "viande", None)]),
    ("fr", "mdr j'habite a nice maintenant", [("location", False, "Nice", None)]),
]

ITALIAN: list[Case] = [
    ("it", "Vivo a Torino dal 2019", [("location", False, "Torino", "2019")]),
    ("it", "da marzo vivo a Padova", [("location", False, "Padova", "2026-03")]),
    ("it", "abito a napoli con la mia ragazza", [("location", False, "Napoli", None)]),
    ("it", "adesso abito a Verona", [("location", False, "Verona", None)]),
    ("it", "Lavoro in Ferrari da tre anni", [("employer", False, "Ferrari", "2023")]),
    ("it", "faccio l'avvocato a Milano", [("occupation", False, "avvocato", None)]),
    ("it", "Sono insegnante di matematica", [("occupation", False, "insegnante", None)]),
    ("it", "uso Notion per gli appunti", [("tool|*", False, "Notion", None)]),
    ("it", "in ufficio usiamo Teams", [("tool", False, "Teams", None)]),
    ("it", "Ho un gatto che si chiama Micio", [("pet", False, "Micio", None)]),
    ("it", "ho due figli", [("family", False, "figli", None)]),
    ("it", "Mi piace molto il jazz", [("like", False, "jazz", None)]),
    ("it", "preferisco il tè al caffè", [(None, False, "tè", None)]),
    ("it", "Studio ingegneria al Politecnico", [("education", False, "ingegneria", None)]),
    ("it", "gioco a calcetto ogni giovedì", [("habit", False, "calcetto", None)]),
    ("it", "Non fumo più", [("habit", True, "fum", None)]),
    ("it", "non fumo piu da gennaio", [("habit", True, "fum", "2026-01")]),
    ("it", "non abito più a Roma", [("location", True, "Roma", None)]),
    ("it", "Ho smesso di fumare due anni fa", [("habit", True, "fum", "2024")]),
    ("it", "mi sono sposato con Chiara nel 2020", [("partner", False, "Chiara", "2020")]),
    ("it", "Il mese scorso mi sono trasferito a Genova", [("location", False, "Genova", "2026-04")]),
    ("it", "ci siamo trasferiti a Bari a gennaio", [("location", False, "Bari", "2026-01")]),
    ("it", "ho iniziato a correre a marzo", [("habit", False, "corr", "2026-03")]),
    ("it", "Da gennaio vado in palestra", [("habit", False, "palestra", "2026-01")]),
    ("it", "la mia ragazza si chiama Giulia", [("partner", False, "Giulia", None)]),
    ("it", "sono vegetariana da cinque anni", [("diet", False, "vegetariana", "2021")]),
    ("it", "Sono passato da Spotify a Tidal", [("tool|*", False, "Tidal", None)]),
    ("it", "sono di Palermo", [("origin", False, "Palermo", None)]),
    ("it", "parlo inglese e tedesco", [("language", False, "inglese", None)]),
    ("it", "mio figlio si chiama Matteo", [("family", False, "Matteo", None)]),
    ("it", "faccio yoga da due anni", [("habit", False, "yoga", "2024")]),
    ("it", "mi sono comprato una macchina la settimana scorsa", [("own", False, "macchina", "2026-05-04")]),
    ("it", "ho venduto la moto", [("own|*", True, "moto", None)]),
    (
        "it",
        "Vivo a Torino e lavoro come architetto",
        [("location", False, "Torino", None), ("occupation", False, "architetto", None)],
    ),
    ("it", "non bevo più caffè", [("habit", True, "caff", None)]),
    ("it", "sono sposata dal 2015", [("marital|partner", False, "sposata", "2015")]),
    ("it", "cmq non lavoro più in Enel da marzo", [("employer", True, "Enel", "2026-03")]),
    (
        "it",
        "lavoro in Barilla ma non abito più a Parma",
        [("employer", False, "Barilla", None), ("location", True, "Parma", None)],
    ),
    ("it", "non mangio più carne", [("diet", True, "carne", None)]),
    ("it", "anche io lavoro in Eni", [("employer", False, "Eni", None)]),
]

PORTUGUESE: list[Case] = [
    ("pt", "Moro no Porto desde 2019", [("location", False, "Porto", "2019")]),
    ("pt", "há dois anos que moro em Coimbra", [("location", False, "Coimbra", "2024")]),
    ("pt", "moro em recife com meu namorado", [("location", False, "Recife", None)]),
    ("pt", "agora vivo em Braga", [("location", False, "Braga", None)]),
    ("pt", "Trabalho na Sonae há três anos", [("employer", False, "Sonae", "2023")]),
    ("pt", "trabalho como enfermeira num hospital", [("occupation", False, "enfermeira", None)]),
    ("pt", "Sou professor de matemática", [("occupation", False, "professor", None)]),
    ("pt", "uso o Notion para as notas", [("tool|*", False, "Notion", None)]),
    ("pt", "no trabalho usamos o Slack", [("tool", False, "Slack", None)]),
    ("pt", "Tenho um gato chamado Tico", [("pet", False, "Tico", None)]),
    ("pt", "tenho dois filhos", [("family", False, "filhos", None)]),
    ("pt", "Adoro jazz", [("like", False, "jazz", None)]),
    ("pt", "prefiro chá a café", [(None, False, "chá", None)]),
    ("pt", "Estudo Direito na Universidade de Lisboa", [("education", False, "Direito", None)]),
    ("pt", "jogo futebol todos os domingos", [("habit", False, "futebol", None)]),
    ("pt", "Já não fumo", [("habit", True, "fum", None)]),
    ("pt", "nao fumo mais desde janeiro", [("habit", True, "fum", "2026-01")]),
    ("pt", "já não moro em Faro", [("location", True, "Faro", None)]),
    ("pt", "Deixei de fumar há dois anos", [("habit", True, "fum", "2024")]),
    ("pt", "casei com a Marta em 2020", [("partner", False, "Marta", "2020")]),
    ("pt", "No mês passado mudei-me para Aveiro", [("location", False, "Aveiro", "2026-04")]),
    ("pt", "nos mudamos para Curitiba em janeiro", [("location", False, "Curitiba", "2026-01")]),
    ("pt", "comecei a correr em março", [("habit", False, "corr", "2026-03")]),
    ("pt", "Desde janeiro vou ao ginásio", [("habit", False, "ginásio", "2026-01")]),
    ("pt", "a minha namorada chama-se Inês", [("partner", False, "Inês", None)]),
    ("pt", "sou vegetariana há cinco anos", [("diet", False, "vegetariana", "2021")]),
    ("pt", "Troquei o Spotify pelo Deezer", [("tool|*", False, "Deezer", None)]),
    ("pt", "sou de Angola", [("origin", False, "Angola", None)]),
    ("pt", "falo inglês e espanhol", [("language", False, "inglês", None)]),
    ("pt", "o meu filho chama-se Tiago", [("family", False, "Tiago", None)]),
    ("pt", "faço yoga há dois anos", [("habit", False, "yoga", "2024")]),
    ("pt", "comprei um carro na semana passada", [("own", False, "carro", "2026-05-04")]),
    ("pt", "vendi a minha mota", [("own|*", True, "mota", None)]),
    (
        "pt",
        "Moro em Lisboa e trabalho na Galp",
        [("location", False, "Lisboa", None), ("employer", False, "Galp", None)],
    ),
    ("pt", "já não bebo café", [("habit", True, "café", None)]),
    ("pt", "sou casada desde 2015", [("marital|partner", False, "casada", "2015")]),
    ("pt", "nao trabalho mais na Vale desde março", [("employer", True, "Vale", "2026-03")]),
    (
        "pt",
        "trabalho na TAP mas já não moro em Lisboa",
        [("employer", False, "TAP", None), ("location", True, "Lisboa", None)],
    ),
    ("pt", "não como carne desde 2020", [("diet", True, "carne", "2020")]),
    ("pt", "tb trabalho no Itaú", [("employer", False, "Itaú", None)]),
]

# Second batch: how chat builds clauses (fillers and discourse markers before the clause, German verb-second
# after a fronted place, object or time, verb-final clauses after "weil"/"dass"/"da", clitics, short forms).
MORE: list[Case] = [
    ("de", "also ich wohne in Mainz", [("location", False, "Mainz", None)]),
    ("de", "naja, arbeite seit 2021 bei der Telekom", [("employer", False, "Telekom", "2021")]),
    ("de", "In Kiel arbeite ich bei Thyssenkrupp", [("employer", False, "Thyssenkrupp", None)]),
    ("de", "Seit 2018 arbeite ich als Ärztin", [("occupation", False, "Ärztin", "2018")]),
    ("de", "Jeden Morgen trinke ich grünen Tee", [("habit", False, "Tee", None)]),
    ("de", "ich frage, weil ich in Bonn wohne", [("location", False, "Bonn", None)]),
    ("de", "übrigens wohne ich seit einem Monat in Ulm", [("location", False, "Ulm", "2026-04")]),
    ("de", "ich hab vor nem Jahr mit dem Rauchen aufgehört", [("habit", True, "rauch", "2025")]),
    ("de", "Meine Katze heißt Luna", [("pet", False, "Luna", None)]),
    ("de", "Mit Python programmiere ich seit Jahren", [("tool", False, "Python", None)]),
    ("de", "Ich hab meinen Job bei SAP gekündigt", [("employer", True, "SAP", None)]),
    ("de", "ich esse seit letztem Jahr kein Fleisch mehr", [("diet", None, "Fleisch|Vegetar", "2025")]),
    ("es", "pues nada, vivo en Murcia", [("location", False, "Murcia", None)]),
    ("es", "oye, trabajo en Glovo desde 2022", [("employer", False, "Glovo", "2022")]),
    ("es", "te cuento que vivo en Oviedo", [("location", False, "Oviedo", None)]),
    ("es", "xq vivo en Salamanca", [("location", False, "Salamanca", None)]),
    ("es", "pregunto porque vivo en Alicante", [("location", False, "Alicante", None)]),
    ("es", "en Vigo vivo desde hace tres años", [("location", False, "Vigo", "2023")]),
    (
        "es",
        "trabajo como camarero y estudio enfermería",
        [("occupation", False, "camarero", None), ("education", False, "enfermería", None)],
    ),
    ("es", "mi perra se llama Luna", [("pet", False, "Luna", None)]),
    ("es", "dejé mi trabajo en el BBVA el mes pasado", [("employer", True, "BBVA", "2026-04")]),
    ("es", "hace 2 años q vivo en toledo", [("location", False, "Toledo", "2024")]),
    ("fr", "bon, j'habite à Metz", [("location", False, "Metz", None)]),
    ("fr", "alors je bosse chez Capgemini depuis 2022", [("employer", False, "Capgemini", "2022")]),
    ("fr", "je demande parce que j'habite à Brest", [("location", False, "Brest", None)]),
    ("fr", "à Grenoble j'habite depuis trois ans", [("location", False, "Grenoble", "2023")]),
    ("fr", "ma chienne s'appelle Lola", [("pet", False, "Lola", None)]),
    ("fr", "j'ai quitté mon job chez Total le mois dernier", [("employer", True, "Total", "2026-04")]),
    ("fr", "ça fait 2 ans que j'habite a dijon", [("location", False, "Dijon", "2024")]),
    ("fr", "je suis infirmier et j'étudie la psychologie", [("occupation", False, "infirmier", None)]),
    ("fr", "perso j'utilise Firefox", [("tool|*", False, "Firefox", None)]),
    ("fr", "moi j'habite à Tours", [("location", False, "Tours", None)]),
    ("it", "allora, vivo a Trieste", [("location", False, "Trieste", None)]),
    ("it", "guarda, lavoro in Luxottica dal 2022", [("employer", False, "Luxottica", "2022")]),
    ("it", "te lo chiedo perché abito a Lecce", [("location", False, "Lecce", None)]),
    ("it", "a Firenze ci vivo da tre anni", [("location", False, "Firenze", "2023")]),
    ("it", "la mia cagnolina si chiama Nina", [("pet", False, "Nina", None)]),
    ("it", "ho lasciato il lavoro in Poste il mese scorso", [("employer", True, "Poste", "2026-04")]),
    ("it", "sono 2 anni che abito a pisa", [("location", False, "Pisa", "2024")]),
    ("it", "faccio il cameriere e studio giurisprudenza", [("occupation", False, "cameriere", None)]),
    ("it", "io uso Firefox", [("tool|*", False, "Firefox", None)]),
    ("it", "pk abito a Como", [("location", False, "Como", None)]),
    ("pt", "então, moro em Setúbal", [("location", False, "Setúbal", None)]),
    ("pt", "olha, trabalho na Embraer desde 2022", [("employer", False, "Embraer", "2022")]),
    ("pt", "pergunto porque moro em Viseu", [("location", False, "Viseu", None)]),
    ("pt", "em Évora moro há três anos", [("location", False, "Évora", "2023")]),
    ("pt", "a minha cadela chama-se Pipoca", [("pet", False, "Pipoca", None)]),
    ("pt", "saí da Unilever no mês passado", [("employer", True, "Unilever", "2026-04")]),
    ("pt", "faz 2 anos q moro em niteroi", [("location", False, "Niteroi", "2024")]),
    ("pt", "sou garçom e estudo enfermagem", [("occupation", False, "garçom", None)]),
    ("pt", "eu uso Firefox", [("tool|*", False, "Firefox", None)]),
    ("pt", "pq moro em Santos", [("location", False, "Santos", None)]),
]

# Third batch, written after the first two were read: "X and I" as the subject, what a thing is done "with",
# a role with where it is held, slang for working.
THIRD: list[Case] = [
    ("de", "Jonas und ich haben letzten Monat geheiratet", [("partner|marital", False, "Jonas", "2026-04")]),
    ("de", "Meine Freundin und ich wohnen seit 2020 in Essen", [("location", False, "Essen", "2020")]),
    ("de", "ich verwalte meine Passwörter mit Bitwarden", [("tool", False, "Bitwarden", None)]),
    ("de", "ich plane meine Woche mit Todoist", [("tool", False, "Todoist", None)]),
    ("de", "Ich bin Erzieherin in einer Kita in Potsdam", [("occupation", False, "Erzieherin", None)]),
    ("de", "mein Arbeitgeber ist die Allianz", [("employer", False, "Allianz", None)]),
    ("es", "Marta y yo nos casamos en marzo", [("partner|marital", False, "Marta", "2026-03")]),
    ("es", "mi novia y yo vivimos en Gijón desde 2021", [("location", False, "Gijón", "2021")]),
    ("es", "gestiono mis contraseñas con Bitwarden", [("tool", False, "Bitwarden", None)]),
    ("es", "organizo mis tareas con Todoist", [("tool", False, "Todoist", None)]),
    ("es", "soy profe de inglés en una academia de Cuenca", [("occupation", False, "profe", None)]),
    ("es", "curro en Iberdrola", [("employer", False, "Iberdrola", None)]),
    ("fr", "Léa et moi, on s'est mariés en mars", [("partner|marital", False, "Léa", "2026-03")]),
    ("fr", "ma femme et moi habitons à Annecy depuis 2021", [("location", False, "Annecy", "2021")]),
    ("fr", "je gère mes projets avec Trello", [("tool", False, "Trello", None)]),
    ("fr", "je fais mes comptes avec Excel", [("tool", False, "Excel", None)]),
    ("fr", "je suis prof d'anglais dans un lycée à Vannes", [("occupation", False, "prof", None)]),
    ("fr", "je taffe chez Leclerc", [("employer", False, "Leclerc", None)]),
    ("it", "Marco e io ci siamo sposati a marzo", [("partner|marital", False, "Marco", "2026-03")]),
    ("it", "io e la mia ragazza viviamo a Rimini dal 2021", [("location", False, "Rimini", "2021")]),
    ("it", "gestisco le mie password con Bitwarden", [("tool", False, "Bitwarden", None)]),
    ("it", "organizzo i miei impegni con Todoist", [("tool", False, "Todoist", None)]),
    ("it", "sono prof di inglese in un liceo di Cuneo", [("occupation", False, "prof", None)]),
    ("it", "lavoro presso Leonardo", [("employer", False, "Leonardo", None)]),
    ("pt", "eu e a Rita casámos em março", [("partner|marital", False, "Rita", "2026-03")]),
    ("pt", "eu e o meu namorado moramos em Olinda desde 2021", [("location", False, "Olinda", "2021")]),
    ("pt", "gerencio as minhas senhas com o Bitwarden", [("tool", False, "Bitwarden", None)]),
    ("pt", "organizo as minhas tarefas com o Todoist", [("tool", False, "Todoist", None)]),
    ("pt", "sou professora de inglês numa escola em Tomar", [("occupation", False, "professora", None)]),
    ("pt", "trampo na Ambev", [("employer", False, "Ambev", None)]),
]

# Fourth batch: whole chat messages, a greeting, two facts and a request, as people write to an assistant.
CHATTY: list[Case] = [
    (
        "de",
        "hey! ich arbeite seit 2022 als Pflegerin in einem Altenheim in Kiel, hast du Tipps für Nachtschichten?",
        [("occupation", False, "Pflegerin", "2022")],
    ),
    (
        "de",
        "hallo, wir haben zwei Katzen, Mimi und Tiger, und die streiten dauernd. was tun?",
        [("pet", False, "Mimi", None), ("pet", False, "Tiger", None)],
    ),
    ("de", "unser Hund Balu ist gestern gestorben, ich bin total fertig", [("pet|*", True, "Balu", "2026-05-11")]),
    (
        "de",
        "ich hab seit der Kindheit Asthma und mache jetzt zweimal die Woche Yoga, hilft das?",
        [("habit", False, "Yoga", None)],
    ),
    (
        "de",
        "bin letzte Woche von Notion auf Obsidian umgestiegen, wie importiere ich meine Seiten?",
        [("tool|*", False, "Obsidian", None)],
    ),
    (
        "de",
        "seit Februar trinke ich keinen Alkohol mehr 💪 hast du Ideen für Mocktails?",
        [("habit", True, "Alkohol", "2026-02")],
    ),
    (
        "es",
        "holaa! trabajo de fisio en una clínica de Teruel desde 2022, me ayudas con un cv?",
        [("occupation", False, "fisio", None)],
    ),
    (
        "es",
        "tengo dos perros, Coco y Lola, y se pelean por la comida jaja. qué hago?",
        [("pet", False, "Coco", None), ("pet", False, "Lola", None)],
    ),
    ("es", "mi gata Nube murió ayer, tenía 18 años 😢", [("pet|*", True, "Nube", "2026-05-11")]),
    (
        "es",
        "tengo diabetes desde los 20 y ahora hago pilates dos veces por semana, es buena idea?",
        [("habit", False, "pilates", None)],
    ),
    (
        "es",
        "la semana pasada me pasé de Trello a Notion, cómo exporto mis tableros?",
        [("tool|*", False, "Notion", None)],
    ),
    ("es", "desde marzo no bebo alcohol!! ideas de cócteles sin alcohol?", [(None, True, "alcohol", "2026-03")]),
    (
        "fr",
        "coucou, je bosse comme aide-soignante dans un ehpad à Brest depuis 2022, des conseils pour les nuits ?",
        [("occupation", False, "aide-soignante", None)],
    ),
    (
        "fr",
        "j'ai deux chats, Pixel et Gribouille, et ils se battent tout le temps, je fais quoi ?",
        [("pet", False, "Pixel", None), ("pet", False, "Gribouille", None)],
    ),
    ("fr", "mon chien Filou est mort hier, il avait 14 ans", [("pet|*", True, "Filou", "2026-05-11")]),
    (
        "fr",
        "j'ai de l'asthme depuis petit et je fais de la natation deux fois par semaine, c'est bien ?",
        [("habit", False, "natation", None)],
    ),
    (
        "fr",
        "la semaine dernière je suis passée de Chrome à Firefox, comment je récupère mes favoris ?",
        [("tool|*", False, "Firefox", None)],
    ),
    ("fr", "je fume plus depuis février !! des astuces pour pas reprendre ?", [("habit", True, "fum", "2026-02")]),
    (
        "it",
        "ciao! faccio il fisioterapista in una clinica a Lucca dal 2022, mi aiuti col cv?",
        [("occupation", False, "fisioterapista", None)],
    ),
    (
        "it",
        "ho due gatti, Mirtillo e Pepe, e litigano sempre. che faccio?",
        [("pet", False, "Mirtillo", None), ("pet", False, "Pepe", None)],
    ),
    ("it", "la mia cagnolina Luna è morta ieri, aveva 15 anni", [("pet|*", True, "Luna", "2026-05-11")]),
    (
        "it",
        "ho l'asma da piccolo e adesso faccio nuoto due volte a settimana, va bene?",
        [("habit", False, "nuoto", None)],
    ),
    (
        "it",
        "la settimana scorsa sono passata da Trello a Notion, come esporto le bacheche?",
        [("tool|*", False, "Notion", None)],
    ),
    ("it", "da febbraio non bevo più alcol!! idee per cocktail analcolici?", [(None, True, "alcol", "2026-02")]),
    (
        "pt",
        "oi! trabalho como fisioterapeuta numa clínica em Londrina desde 2022, me ajuda com o currículo?",
        [("occupation", False, "fisioterapeuta", None)],
    ),
    (
        "pt",
        "tenho duas cadelas, a Mel e a Amora, e elas brigam muito. o que faço?",
        [("pet", False, "Mel", None), ("pet", False, "Amora", None)],
    ),
    ("pt", "o meu gato Simba morreu ontem, tinha 16 anos", [("pet|*", True, "Simba", "2026-05-11")]),
    (
        "pt",
        "tenho asma desde criança e agora faço natação duas vezes por semana, ajuda?",
        [("habit", False, "natação", None)],
    ),
    (
        "pt",
        "na semana passada troquei o Trello pelo Notion, como exporto os quadros?",
        [("tool|*", False, "Notion", None)],
    ),
    ("pt", "desde fevereiro não bebo álcool!! ideias de drinks sem álcool?", [(None, True, "álcool", "2026-02")]),
]

# Fifth batch: still doing it ("sigo trabajando", "continuo a lavorare", "llevo tres años viviendo"), signing up
# where one trains, a thing said after the clitic that stands for it ("lo vendí ..., mi coche viejo"), two German
# participles on one auxiliary, a dropped "ich" before "bin".
FIFTH: list[Case] = [
    ("es", "lo vendí el mes pasado, mi coche viejo", [("own|*", True, "coche", None)]),
    ("es", "vendí el coche y me compré una bici", [("own|*", True, "coche", None), ("own", False, "bici", None)]),
    ("es", "me he apuntado a clases de salsa", [(None, False, "salsa", None)]),
    ("es", "llevo tres años viviendo en Almería", [("location", False, "Almería", "2023")]),
    ("es", "sigo trabajando en Mercadona", [("employer", False, "Mercadona", None)]),
    ("it", "l'ho venduta la settimana scorsa, la mia vecchia macchina", [("own|*", True, "macchina", None)]),
    ("it", "mi sono iscritta in palestra a gennaio", [(None, False, "palestra", "2026-01")]),
    ("it", "continuo a lavorare in Eni", [("employer", False, "Eni", None)]),
    ("it", "vivo a Bari da quando sono nato", [("location", False, "Bari", None)]),
    ("it", "abito a Pavia ormai da dieci anni", [("location", False, "Pavia", "2016")]),
    ("pt", "estou a viver em Leiria há dois anos", [("location", False, "Leiria", "2024")]),
    ("pt", "continuo a trabalhar na NOS", [("employer", False, "NOS", None)]),
    ("pt", "vendi o carro e comprei uma mota", [("own|*", True, "carro", None), ("own", False, "mota", None)]),
    ("pt", "inscrevi-me no ginásio em janeiro", [(None, False, "ginásio", "2026-01")]),
    ("pt", "tô morando em Belém agora", [("location", False, "Belém", None)]),
    ("fr", "je l'ai vendue le mois dernier, ma vieille voiture", [("own|*", True, "voiture", None)]),
    ("fr", "je me suis inscrite à la salle en janvier", [(None, False, "salle", "2026-01")]),
    ("fr", "je bosse toujours chez Orange", [("employer", False, "Orange", None)]),
    ("fr", "ça fait dix ans que je vis à Caen", [("location", False, "Caen", "2016")]),
    ("fr", "j'suis infirmière à Lyon", [("occupation", False, "infirmière", None)]),
    ("de", "ich arbeite immer noch bei Bosch", [("employer", False, "Bosch", None)]),
    ("de", "ich hab mich im Januar im Fitnessstudio angemeldet", [(None, False, "Fitnessstudio", "2026-01")]),
    ("de", "ich wohne schon seit zehn Jahren in Kassel", [("location", False, "Kassel", "2016")]),
    (
        "de",
        "hab mein altes Auto verkauft und mir ein E-Bike gekauft",
        [("own|*", True, "Auto", None), ("own", False, "E-Bike", None)],
    ),
    ("de", "bin Lehrer in Bremen", [("occupation", False, "Lehrer", None)]),
]

# Sixth batch: health said as what one is or has, children, courses of study, break-ups and adoptions said by
# "we", being hired, retiring.
SIXTH: list[Case] = [
    ("es", "soy diabético desde los 30", [(None, False, "diabétic", None)]),
    ("es", "tengo una hija de cinco años", [("family", False, "hija", None)]),
    ("es", "estudio segundo de medicina", [("education", False, "medicina", None)]),
    ("es", "Pablo y yo lo dejamos el mes pasado", [("partner", True, "Pablo|separ", None)]),
    ("es", "hemos adoptado un gato que se llama Tofu", [("pet", False, "Tofu", None)]),
    ("es", "me han contratado en Indra", [("employer", False, "Indra", None)]),
    ("es", "me jubilé el año pasado", [("occupation", False, "jubilad", None)]),
    ("it", "ho il diabete da quando ero ragazzo", [(None, False, "diabete", None)]),
    ("it", "ho una figlia di cinque anni", [("family", False, "figlia", None)]),
    ("it", "faccio l'università a Bologna", [(None, False, "Bologna", None)]),
    ("it", "io e Luca ci siamo lasciati", [("partner", True, "Luca", None)]),
    ("it", "abbiamo adottato un cane che si chiama Toby", [("pet", False, "Toby", None)]),
    ("it", "mi hanno assunto in Enel", [("employer", False, "Enel", None)]),
    ("it", "sono andato in pensione l'anno scorso", [("occupation", False, "pensione", None)]),
    ("fr", "je suis diabétique depuis l'enfance", [(None, False, "diabétique", None)]),
    ("fr", "j'ai une fille de cinq ans", [("family", False, "fille", None)]),
    ("fr", "je suis en master d'informatique", [("education", False, "informatique", None)]),
    ("fr", "Paul et moi on s'est séparés", [("partner", True, "Paul|sépar", None)]),
    ("fr", "on a adopté un chat qui s'appelle Moka", [("pet", False, "Moka", None)]),
    ("fr", "j'ai été embauché chez Thales", [("employer", False, "Thales", None)]),
    ("fr", "je suis à la retraite depuis 2020", [("occupation", False, "retraite", "2020")]),
    ("de", "ich bin seit meiner Jugend Diabetiker", [(None, False, "Diabetiker", None)]),
    ("de", "ich habe eine Tochter, sie ist fünf", [("family", False, "Tochter", None)]),
    ("de", "ich mache eine Ausbildung zum Koch", [(None, False, "Koch", None)]),
    ("de", "Anna und ich haben uns getrennt", [("partner", True, "Anna", None)]),
    ("de", "wir haben einen Kater adoptiert, er heißt Mikesch", [("pet", False, "Mikesch", None)]),
    ("de", "ich wurde bei Siemens eingestellt", [("employer", False, "Siemens", None)]),
    ("de", "ich bin seit 2020 in Rente", [("occupation", False, "Rente", "2020")]),
    ("pt", "sou diabética desde criança", [(None, False, "diabétic", None)]),
    ("pt", "tenho uma filha de cinco anos", [("family", False, "filha", None)]),
    ("pt", "estou no segundo ano de Direito", [(None, False, "Direito", None)]),
    ("pt", "eu e o Rui acabámos", [("partner", True, "Rui", None)]),
    ("pt", "adotámos uma gata chamada Nina", [("pet", False, "Nina", None)]),
    ("pt", "fui contratado pela Sonae", [("employer", False, "Sonae", None)]),
    ("pt", "reformei-me no ano passado", [("occupation", False, "reformad", None)]),
]

# Seventh batch: changes said with "instead of" / "replaced by", diets no longer held, break-ups with a name,
# coming to live somewhere, a job changed and the new one said after a comma.
SEVENTH: list[Case] = [
    ("es", "ahora uso Brave en vez de Chrome", [("tool|*", False, "Brave", None), ("tool|*", True, "Chrome", None)]),
    ("es", "ya no soy vegetariano", [("diet", True, "vegetarian", None)]),
    ("es", "terminé con Álvaro hace dos semanas", [("partner", True, "Álvaro|separ|termin", None)]),
    ("es", "nos vinimos a vivir a Cáceres en enero", [("location", False, "Cáceres", "2026-01")]),
    ("es", "cambié de curro, ahora estoy en Mapfre", [("employer", False, "Mapfre", None)]),
    ("es", "he cambiado Excel por Google Sheets", [("tool|*", False, "Google Sheets", None)]),
    ("fr", "j'utilise Brave à la place de Chrome maintenant", [("tool|*", False, "Brave", None)]),
    ("fr", "je ne suis plus végétarienne", [("diet", True, "végétarien", None)]),
    ("fr", "j'ai rompu avec Hugo le mois dernier", [("partner", True, "Hugo|rompu|sépar", None)]),
    ("fr", "on s'est installés à Angers en janvier", [("location", False, "Angers", "2026-01")]),
    ("fr", "j'ai changé de taf, maintenant je suis chez Decathlon", [("employer", False, "Decathlon", None)]),
    ("fr", "j'ai remplacé Excel par Google Sheets", [("tool|*", False, "Google Sheets", None)]),
    ("it", "adesso uso Brave invece di Chrome", [("tool|*", False, "Brave", None)]),
    ("it", "non sono più vegana", [("diet", True, "vegan", None)]),
    ("it", "mi sono lasciata con Paolo a marzo", [("partner", True, "Paolo|lasciat", None)]),
    ("it", "siamo andati a vivere a Cesena a gennaio", [("location", False, "Cesena", "2026-01")]),
    ("it", "ho cambiato lavoro, ora sono in Ferrero", [("employer", False, "Ferrero", None)]),
    ("it", "ho sostituito Excel con Google Sheets", [("tool|*", False, "Google Sheets", None)]),
    ("pt", "agora uso o Brave em vez do Chrome", [("tool|*", False, "Brave", None)]),
    ("pt", "já não sou vegetariana", [("diet", True, "vegetarian", None)]),
    ("pt", "terminei com o Rui há duas semanas", [("partner", True, "Rui|termin|separ", None)]),
    ("pt", "fomos morar para Guimarães em janeiro", [("location", False, "Guimarães", "2026-01")]),
    ("pt", "mudei de emprego, agora estou na Jerónimo Martins", [("employer", False, "Jerónimo Martins", None)]),
    ("pt", "substituí o Excel pelo Google Sheets", [("tool|*", False, "Google Sheets", None)]),
    ("de", "statt Chrome nutze ich jetzt Brave", [("tool|*", False, "Brave", None)]),
    ("de", "ich bin kein Vegetarier mehr", [("diet", True, "Vegetarier", None)]),
    ("de", "ich habe mit Jonas Schluss gemacht", [("partner", True, "Jonas|getrennt|Schluss", None)]),
    ("de", "wir sind im Januar nach Jena gezogen", [("location", False, "Jena", "2026-01")]),
    ("de", "hab den Job gewechselt, bin jetzt bei Zeiss", [("employer", False, "Zeiss", None)]),
    ("de", "ich habe Excel durch Google Sheets ersetzt", [("tool|*", False, "Google Sheets", None)]),
]

# Preferences: the thing preferred is a taste, what it is weighed against is not.
PREFERENCES: list[Case] = [
    ("es", "prefiero el té al café", [("like:té", False, "té", None)]),
    ("it", "preferisco il tè al caffè", [("like:tè", False, "tè", None)]),
    ("pt", "prefiro chá a café", [("like:chá", False, "chá", None)]),
    ("fr", "je préfère le thé au café", [("like:thé", False, "thé", None)]),
    ("it", "adoro la pizza", [("like:pizza", False, "pizza", None)]),
]

# Eighth batch: times said loosely (part of a month, "a couple", "a few", a season "since", the day before
# yesterday, last Monday), as English reads them; unread, such a time kept the whole clause from its reader.
EIGHTH: list[Case] = [
    ("es", "anteayer empecé en Repsol", [("employer", False, "Repsol", "2026-05-10")]),
    ("es", "a principios de marzo me mudé a Burgos", [("location", False, "Burgos", "2026-03")]),
    ("es", "el lunes pasado dejé de fumar", [("habit", True, "fum", "2026-05-11")]),
    ("es", "desde el verano vivo en Huesca", [("location", False, "Huesca", "2025-06")]),
    ("es", "hace un par de meses me compré una moto", [("own", False, "moto", "2026-03")]),
    ("it", "l'altro ieri ho iniziato in Eni", [("employer", False, "Eni", "2026-05-10")]),
    ("it", "a inizio marzo mi sono trasferito a Udine", [("location", False, "Udine", "2026-03")]),
    ("it", "lunedì scorso ho smesso di fumare", [("habit", True, "fum", "2026-05-11")]),
    ("it", "da quest'estate vivo a Rimini", [("location", False, "Rimini", "2025-06")]),
    ("it", "un paio di mesi fa ho comprato una moto", [("own", False, "moto", "2026-03")]),
    ("fr", "avant-hier j'ai commencé chez Safran", [("employer", False, "Safran", "2026-05-10")]),
    ("fr", "début mars j'ai déménagé à Reims", [("location", False, "Reims", "2026-03")]),
    ("fr", "lundi dernier j'ai arrêté de fumer", [("habit", True, "fum", "2026-05-11")]),
    ("fr", "depuis cet été j'habite à Pau", [("location", False, "Pau", "2025-06")]),
    ("fr", "il y a quelques mois j'ai acheté une moto", [("own", False, "moto", "2026-02")]),
    ("pt", "anteontem comecei na EDP", [("employer", False, "EDP", "2026-05-10")]),
    ("pt", "no início de março mudei-me para Viseu", [("location", False, "Viseu", "2026-03")]),
    ("pt", "na segunda passada deixei de fumar", [("habit", True, "fum", "2026-05-11")]),
    ("pt", "desde o verão moro em Tavira", [("location", False, "Tavira", "2025-06")]),
    ("pt", "há uns dois meses comprei uma mota", [("own", False, "mota", "2026-03")]),
    ("de", "vorgestern habe ich bei Bosch angefangen", [("employer", False, "Bosch", "2026-05-10")]),
    ("de", "Anfang März bin ich nach Kassel gezogen", [("location", False, "Kassel", "2026-03")]),
    ("de", "letzten Montag habe ich mit dem Rauchen aufgehört", [("habit", True, "rauch", "2026-05-11")]),
    ("de", "seit dem Sommer wohne ich in Passau", [("location", False, "Passau", "2025-06")]),
    ("de", "vor ein paar Monaten habe ich mir ein Motorrad gekauft", [("own", False, "Motorrad", "2026-02")]),
]

# Ninth batch: tastes (favourites, "gern", "hasse", likes denied without "ne" or with "nicht" last or the thing
# first, which were read as likes), a team's tool at work.
NINTH: list[Case] = [
    ("es", "mi color favorito es el azul", [("like", False, "azul", None)]),
    ("es", "me gusta mucho cocinar", [("like", False, "cocinar", None)]),
    ("es", "en el curro usamos Jira", [("tool", False, "Jira", None)]),
    ("es", "mi cumple es el 3 de junio", [(None, False, "junio", None)]),
    ("es", "odio el reguetón", [("dislike", False, "reguetón", None)]),
    ("it", "il mio piatto preferito è la carbonara", [("like", False, "carbonara", None)]),
    ("it", "mi piace un sacco il calcio", [("like", False, "calcio", None)]),
    ("it", "in azienda usiamo Jira", [("tool", False, "Jira", None)]),
    ("it", "non mi piace il sushi", [("dislike", False, "sushi", None)]),
    ("it", "odio il traffico", [("dislike", False, "traffico", None)]),
    ("fr", "mon film préféré c'est Amélie", [("like", False, "Amélie", None)]),
    ("fr", "j'aime bien le rugby", [("like", False, "rugby", None)]),
    ("fr", "au boulot on utilise Jira", [("tool", False, "Jira", None)]),
    ("fr", "je déteste le froid", [("dislike", False, "froid", None)]),
    ("fr", "j'aime pas les épinards", [("dislike", False, "épinards", None)]),
    ("pt", "a minha cor preferida é o verde", [("like", False, "verde", None)]),
    ("pt", "gosto muito de cozinhar", [("like", False, "cozinhar", None)]),
    ("pt", "na empresa usamos o Jira", [("tool", False, "Jira", None)]),
    ("pt", "não gosto de sushi", [("dislike", False, "sushi", None)]),
    ("pt", "odeio o trânsito", [("dislike", False, "trânsito", None)]),
    ("de", "meine Lieblingsband ist Muse", [("like", False, "Muse", None)]),
    ("de", "ich koche total gern", [(None, False, "koch", None)]),
    ("de", "bei uns in der Firma nutzen wir Jira", [("tool", False, "Jira", None)]),
    ("de", "ich hasse Staus", [("dislike", False, "Staus", None)]),
    ("de", "Sushi mag ich nicht", [("dislike", False, "Sushi", None)]),
]

ALL = (
    GERMAN
    + SPANISH
    + FRENCH
    + ITALIAN
    + PORTUGUESE
    + MORE
    + THIRD
    + CHATTY
    + FIFTH
    + SIXTH
    + SEVENTH
    + PREFERENCES
    + EIGHTH
    + NINTH
)


# Cases still read wrongly, each for a reason outside this file's mechanisms (kept, so a fix shows): a one-word
# message's language ("uso ... para programar" votes Portuguese), a kin reader that keeps
# "meine Frau" as a relative, "seit Kurzem" as no stated time.
KNOWN_GAPS = {
    "Meine Frau heißt Lena",
    "Ich bin seit Kurzem Single",
    "para programar uso VS Code",
    "me he apuntado a clases de salsa",  # votes English ("me", "he", "a")
}
CASES = [
    pytest.param(
        *c,
        id=f"{c[0]}:{c[1]}",
        marks=[pytest.mark.xfail(reason="known gap", strict=True)] if c[1] in KNOWN_GAPS else [],
    )
    for c in ALL
]


@pytest.mark.parametrize(("language", "message", "expected"), CASES)
def test_the_users_fact_is_read_in_the_language_of_the_message(language, message, expected):
    facts = facts_of(message)
    for slot, negated, words, when in expected:
        assert any(holds(f, slot, negated, words, when) for f in facts), shown(facts)
    assert all(f.language == language for f in facts), [(f.text, f.language) for f in facts]


# --- near-misses: questions, conditions and wishes, plans, someone else's facts --------------------------------

NOT_THE_USERS = [
    # German
    ("de", "Wohnst du in Berlin?"),
    ("de", "Wenn ich in München wohnen würde, hätte ich ein Auto"),
    ("de", "Mein Bruder wohnt in Stuttgart"),
    ("de", "Nächstes Jahr ziehe ich vielleicht nach Zürich"),
    ("de", "Ich möchte Spanisch lernen"),
    ("de", "Ich überlege, bei Google anzufangen"),
    ("de", "Meine Freundin arbeitet seit 2020 bei BMW"),
    ("de", "Sollte ich mit dem Rauchen aufhören?"),
    ("de", "Ich würde gerne in Italien leben"),
    ("de", "Er hat letztes Jahr mit dem Rauchen aufgehört"),
    ("de", "Meine Eltern wohnen nicht mehr in Bonn"),
    # Spanish
    ("es", "¿Vives en Madrid?"),
    ("es", "si viviera en Barcelona tendría un perro"),
    ("es", "mi hermano vive en Bilbao desde 2019"),
    ("es", "el año que viene quiero mudarme a Chile"),
    ("es", "me gustaría aprender alemán"),
    ("es", "estoy pensando en dejar el trabajo"),
    ("es", "mi novia trabaja en Telefónica"),
    ("es", "¿debería dejar de fumar?"),
    ("es", "mi padre ya no fuma"),
    ("es", "Pablo se mudó a Londres el mes pasado"),
    ("es", "q tal si me mudo a Lisboa"),
    # French
    ("fr", "Tu habites à Paris ?"),
    ("fr", "si j'habitais à Lyon j'aurais un vélo"),
    ("fr", "mon frère habite à Lille depuis 2019"),
    ("fr", "l'année prochaine je vais peut-être déménager à Nice"),
    ("fr", "j'aimerais apprendre le japonais"),
    ("fr", "je pense quitter mon boulot"),
    ("fr", "ma copine travaille chez Renault"),
    ("fr", "est-ce que je devrais arrêter de fumer ?"),
    ("fr", "mon père ne fume plus"),
    ("fr", "Paul a déménagé à Bordeaux le mois dernier"),
    # Italian
    ("it", "Vivi a Roma?"),
    ("it", "se vivessi a Milano avrei una bici"),
    ("it", "mio fratello vive a Torino dal 2019"),
    ("it", "l'anno prossimo forse mi trasferisco a Londra"),
    ("it", "vorrei imparare il tedesco"),
    ("it", "sto pensando di lasciare il lavoro"),
    ("it", "la mia ragazza lavora in Fiat"),
    ("it", "dovrei smettere di fumare?"),
    ("it", "mio padre non fuma più"),
    ("it", "Luca si è trasferito a Bologna il mese scorso"),
    # Portuguese
    ("pt", "Moras em Lisboa?"),
    ("pt", "se eu morasse no Porto teria um cão"),
    ("pt", "o meu irmão mora em Braga desde 2019"),
    ("pt", "para o ano quero mudar-me para Londres"),
    ("pt", "gostaria de aprender alemão"),
    ("pt", "estou a pensar em deixar o emprego"),
    ("pt", "a minha namorada trabalha na EDP"),
    ("pt", "devia deixar de fumar?"),
    ("pt", "o meu pai já não fuma"),
    ("pt", "O João mudou-se para Faro no mês passado"),
    ("es", "te adoro"),
    # the skeleton's own near-misses: a marriage ahead, a wish to sign up, still looking, someone else's hiring
    ("es", "Marta y yo nos casamos el año que viene"),
    ("de", "Jonas und ich heiraten nächsten Sommer"),
    ("es", "quiero apuntarme al gimnasio"),
    ("es", "si me apunto al gimnasio, ¿qué rutina hago?"),
    ("es", "pregunto porque quiero mudarme a Alicante"),
    ("it", "continuo a pensare di trasferirmi"),
    ("it", "mi hanno detto che assumono in Enel"),
    ("es", "¿cuál es tu color favorito?"),
    ("it", "preferisco che tu mi dia del tu?"),
    # past states, someone else's clause with the pronoun dropped, plans and conditions
    ("es", "vivía en Madrid cuando era pequeño"),
    ("es", "trabaja en Indra desde 2020"),
    ("es", "el año que viene voy a mudarme a Lisboa"),
    ("es", "si me sale el trabajo me mudo a Bilbao"),
    ("es", "cuando vivía en Sevilla tenía un perro"),
    ("it", "vivevo a Roma da bambino"),
    ("it", "lavora in Fiat da anni"),
    ("it", "il mese prossimo mi trasferisco a Londra"),
    ("it", "se trovo lavoro mi trasferisco a Milano"),
    ("pt", "morava em Lisboa quando era criança"),
    ("pt", "trabalha na Galp desde 2020"),
    ("pt", "no próximo mês vou mudar-me para Faro"),
    ("pt", "se arranjar emprego mudo-me para o Porto"),
    ("fr", "j'habitais à Lyon quand j'étais petit"),
    ("fr", "il bosse chez Renault"),
    ("fr", "le mois prochain je déménage à Nice"),
    ("fr", "si je trouve un job je déménage à Lille"),
    ("de", "ich habe früher in Köln gewohnt"),
    ("de", "arbeitet seit 2020 bei Bosch"),
    ("de", "falls ich den Job kriege, ziehe ich nach Berlin"),
]


@pytest.mark.parametrize(("language", "message"), NOT_THE_USERS, ids=[f"{c[0]}:{c[1]}" for c in NOT_THE_USERS])
def test_what_is_not_the_users_fact_gives_none_of_the_users(language, message):
    facts = facts_of(message)
    assert not [f for f in facts if f.text.startswith(USER)], shown(facts)


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("de", "ich mag Sushi nicht"),
        ("de", "Sushi mag ich nicht"),
        ("de", "Staus hasse ich"),
        ("fr", "j'aime pas les épinards"),
        ("fr", "j'aime pas trop le froid"),
    ],
)
def test_a_like_denied_is_never_a_like(language, message):
    facts = facts_of(message)
    assert facts and not [f for f in facts if (f.slot or "").startswith("like")], shown(facts)
