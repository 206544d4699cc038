"""A workplace said with a work verb in German, Spanish, French, Italian and Portuguese is the employer.

"Trabajo en un instituto de Murcia", "lavoro in farmacia", "je bosse dans une crèche", "trabalho numa
padaria", "ich arbeite an einer Realschule": the general layer reads these as habits and keys them by the
verb's stem ("habit:trabaj"), so every job said this way shared one habit slot, and a later "ya no trabajo
en el banco" or "ahora trabajo en Indra" never met the employer it ends or replaces. The English reader
puts "works at a school in Leeds" on the employer; so does this.

What follows the verb is a workplace when it is a noun of the workplace lexicon ("en el banco", "in
farmacia", "im Krankenhaus") or any noun after an indefinite article ("en una ferretería", "in einer
Apotheke"), unless that noun names a way or a field of working rather than a place ("en equipo", "en
casa", "en un proyecto", "an einem Projekt"): those stay where they were.

Pure functions.
"""

from __future__ import annotations

import re

from shared.providers.offline.foreign_clauses import SUBJECTS
from shared.providers.offline.text_forms import words

__all__ = ["work_place_text", "workplace_slot"]

# Third-person work verbs (as the facts are written) and the prepositions a workplace follows.
_WORK = {
    "es": (r"trabaja|curra|curre", r"en"),
    "it": (r"lavora", r"in|presso|al|alla|allo|all'|nel|nella|nello|nell'"),
    "fr": (r"travaille|bosse", r"dans|à|au|chez\s+(?:un|une)"),
    "pt": (r"trabalha", r"em|num|numa|no|na|nos|nas"),
    "de": (r"arbeitet|jobbt", r"in|an|im|am|bei"),
}
_NEGATION = {
    "es": r"(?:ya\s+no\s+|no\s+)?",
    "it": r"(?:non\s+)?",
    "fr": r"(?:ne\s+|n')?",
    "pt": r"(?:já\s+não\s+|não\s+)?",
    "de": r"",
}
_AFTER_VERB = {"fr": r"(?:plus\s+)?", "it": r"(?:più\s+)?", "de": r"(?:nicht\s+mehr\s+|jetzt\s+|nun\s+)?"}
_INDEFINITE = words("un una un' une um uma einer einem einen ein eine")
_DEFINITE = words("el la los las il lo l' le les o a os as der die das dem den")
# Nouns of places people work at: said with "the" or no article, they are the workplace.
_WORKPLACES = words(
    # es
    "banco hospital colegio instituto escuela universidad tienda supermercado farmacia fábrica oficina restaurante"
    " bar hotel ayuntamiento biblioteca clínica taller panadería guardería aeropuerto empresa agencia residencia"
    " museo laboratorio consultora startup gasolinera ferretería peluquería cafetería academia bufete despacho"
    " hospitalario ministerio correos juzgado comisaría cuartel obra"
    # it
    " banca ospedale scuola università negozio supermercato fabbrica ufficio ristorante albergo comune clinica"
    " officina panetteria asilo aeroporto azienda agenzia laboratorio posta palestra pizzeria libreria tribunale"
    " ministero questura caserma cantiere studio"
    # fr
    " banque hôpital école collège lycée magasin boutique supermarché pharmacie usine bureau mairie bibliothèque"
    " clinique garage boulangerie crèche aéroport entreprise agence musée laboratoire labo boîte cabinet poste"
    " librairie préfecture ministère tribunal chantier"
    # pt
    " escola colégio universidade faculdade loja farmácia escritório câmara prefeitura padaria creche empresa"
    " agência museu laboratório construtora oficina lanchonete tribunal ministério"
    # de (a compound's head: "Grundschule", "Zahnarztpraxis")
    " bank krankenhaus klinik klinikum schule gymnasium universität uni laden geschäft supermarkt apotheke fabrik"
    " büro restaurant kneipe hotel rathaus bibliothek werkstatt bäckerei kita kindergarten flughafen firma agentur"
    " museum labor praxis kanzlei verwaltung behörde post café cafe"
)
_GERMAN_HEADS = ("schule", "klinik", "praxis", "laden", "geschäft", "bäckerei", "werkstatt", "fabrik", "büro", "markt")
# What follows a work verb that is a way, a time or a field of working, never a workplace.
_NOT_A_WORKPLACE = words(
    "equipo casa remoto proyecto proyectos turno turnos negro tema temas algo sector campo ámbito marketing ventas"
    " squadra progetto progetti turni nero settore ambito remoto smart"
    " équipe projet projets ambiance secteur domaine télétravail noir"
    " equipe projeto projetos turnos setor área remoto"
    " team projekt projekten homeoffice home-office schicht schichten teilzeit vollzeit bereich branche ruhe"
    " momento moment tesis tesi thèse tese thesis app libro livre livro buch idea idée ideia"
)
_WORD = re.compile(r"[^\W\d_][\w-]*'?")
_ELISION = re.compile(r"(?i)\b(un|l|all|nell|dell|d)'")


def _fact_rx(language: str) -> re.Pattern[str]:
    verbs, preps = _WORK[language]
    return re.compile(
        rf"^{re.escape(SUBJECTS[language])}\s+{_NEGATION[language]}(?:{verbs})\s+{_AFTER_VERB.get(language, '')}"
        rf"(?:{preps})\s+(?P<rest>.+)$",
        re.IGNORECASE,
    )


_FACT_RX = {language: _fact_rx(language) for language in _WORK}


def _workplace(rest: str, language: str) -> bool:
    tokens = [t.lower() for t in _WORD.findall(_ELISION.sub(r"\1' ", rest))[:3]]
    if not tokens:
        return False
    article = tokens[0] if tokens[0] in _INDEFINITE | _DEFINITE else None
    nouns = tokens[1:] if article else tokens
    noun = nouns[0] if nouns else ""
    if not noun or noun in _NOT_A_WORKPLACE:
        return False
    known = noun in _WORKPLACES or (language == "de" and noun.endswith(_GERMAN_HEADS))
    return known or article in _INDEFINITE


def workplace_slot(text: str, slot: str | None, language: str) -> str | None:
    """ "employer" for a habit-slotted fact that says where the user works ("El usuario trabaja en un
    instituto de Murcia"); None for anything else."""
    if not (slot or "").startswith("habit:") or language not in _FACT_RX:
        return None
    m = _FACT_RX[language].match(text)
    return "employer" if m and _workplace(m.group("rest"), language) else None


# A workplace said inside a role ("veterinaria en una clínica", "Tischler in einer Werkstatt"): the preposition,
# an article and the workplace noun.
_PHRASE_RX = {language: re.compile(rf"(?i)\s(?P<w>(?:{_WORK[language][1]})\s+.+)$") for language in _WORK}
_WORKS = {"es": "trabaja", "it": "lavora", "fr": "travaille", "pt": "trabalha", "de": "arbeitet"}


def work_place_text(role: str, town_tail: str, language: str) -> str | None:
    """ "El usuario trabaja en una clínica en Almadrones" for a role said with a workplace before its town
    ("veterinaria en una clínica" + " en Almadrones"): the town is the workplace's, not the user's home. None
    when the role names no workplace ("médico" + " en Quito")."""
    pattern = _PHRASE_RX.get(language)
    m = pattern.search(role) if pattern else None
    if m is None:
        return None
    prep, _, rest = m.group("w").partition(" ")
    if not _workplace(rest, language):
        return None
    return f"{SUBJECTS[language]} {_WORKS[language]} {m.group('w').strip()}{town_tail}"


def works_in_text(tail: str, language: str) -> str:
    """ "El usuario trabaja en Globant" for a role's tail naming no known town (" en Globant"): where one works,
    true whether the name is a firm or a town, where "lives in" would be wrong for a firm."""
    return f"{SUBJECTS[language]} {_WORKS[language]}{tail}"
