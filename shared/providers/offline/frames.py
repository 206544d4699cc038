"""Clause frames: classes of statements, in six languages, instead of one regular expression per phrasing.

A first-person clause is read as *subject + verb + rest*, the verb looked up in small per-language
lexicons of verb classes, and the fact written in the third person in the message's language:

* **statement frames** (all six languages): where the user lives, works (as / at), comes from, is
  called, how old they are, what they like; in English also a *durable-verb* frame for habits and
  possessions ("I play tennis every Sunday", "I own a Framework 13", "we deploy on Kubernetes"),
  where the verb's class (activity, consumption, possession, tooling) names the slot;
* **ending frames**: an ending marker ("stopped", "gave up", "no longer", "... anymore", "ya no",
  "nicht mehr", "ho smesso di", "deixei de", "passed away") turns whatever the rest of the clause
  states into a retraction on the same slot, never a positive fact;
* **change frames**: "replaced X with Y", "swapped X for Y", "switched from X to Y" retract X and
  state Y;
* **context**: "at work", "for my side project", "at home" (and their translations) become part
  of the slot ("tool:database@side-project"; work is spelled "@work" when named, and a plain slot
  counts as work's), so one context's value never replaces another's;
* **stated time**: date phrases in each language ("last week", "il y a deux ans", "seit 2019",
  "el mes pasado") resolved against the message's time; the extractor uses them as valid time.

Lexicons hold words (verbs, markers, month names), not sentences; a new phrasing of a known class
needs no new rule. What no frame reads yields nothing: saying nothing beats saying something wrong.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache

from shared.domain.needles import search_if_possible
from shared.domain.slots import CONTEXT_MARK
from shared.providers.offline import (
    belongings_lost,
    contexts,
    foreign_clauses,
    foreign_habits,
    foreign_people,
    foreign_relatives_named,
    foreign_verbs,
    foreign_workplace,
    group_contexts,
    life,
    place_names,
)
from shared.providers.offline.text_forms import finditer as _finditer
from shared.providers.offline.text_forms import match as _match
from shared.providers.offline.text_forms import rx as _rx
from shared.providers.offline.text_forms import search as _search
from shared.providers.offline.text_forms import slug as _slug
from shared.providers.offline.text_forms import split as _split
from shared.providers.offline.text_forms import sub as _sub
from shared.providers.offline.text_forms import tidy as _tidy
from shared.providers.offline.text_forms import words as _words

_PRACTICE_ALT = {
    language: "|".join(sorted(said.split(), key=len, reverse=True))
    for language, said in foreign_clauses.PRACTICES.items()
}

__all__ = [
    "CONTEXTS",
    "ForeignDraft",
    "StatedDate",
    "ending_marker",
    "find_context",
    "foreign_statements",
    "gerund",
    "stated_date",
    "subject_for",
]


# --------------------------------------------------------------------------------------------
# Who the fact is about, per language
# --------------------------------------------------------------------------------------------

SUBJECTS = {
    "en": "The user",
    "de": "Der Nutzer",
    "es": "El usuario",
    "fr": "L'utilisateur",
    "it": "L'utente",
    "pt": "O utilizador",
}


def subject_for(language: str) -> str:
    return SUBJECTS.get(language, SUBJECTS["en"])


def name_speaker(text: str, language: str, name: str | None) -> str:
    """ "The user moved from Sweden" -> "Caroline moved from Sweden" when the speaker is named."""
    if not name:
        return text
    if language == "en":
        text = re.sub(r"\bThe user's\b", f"{name}'s", text)
        text = re.sub(r"\b[Tt]he user\b", name, text)
        return text
    subject = subject_for(language)
    if of_user := _OF_USER.get(language):
        text = re.sub(of_user[0], of_user[1].format(name=name), text)  # "la sorella dell'utente" -> "di Caroline"
    return re.sub(r"(?<![\w'])" + re.escape(subject), name, text, flags=re.IGNORECASE)


# "... of the user" in each language, and the same with a name
_OF_USER = {
    "it": (r"\bdell'utente\b", "di {name}"),
    "es": (r"\bdel usuario\b", "de {name}"),
    "fr": (r"\bde l'utilisateur\b", "de {name}"),
    "pt": (r"\bdo utilizador\b", "de {name}"),
    "de": (r"\bdes Nutzers\b", "von {name}"),
}


# --------------------------------------------------------------------------------------------
# Context: which part of the user's life a statement is about
# --------------------------------------------------------------------------------------------

# Each context: its canonical name, the words that mark it, by language. Matched as whole phrases.
CONTEXTS: dict[str, dict[str, tuple[str, ...]]] = {
    "work": {
        "en": (
            "at work",
            "for work",
            "at my job",
            "at my work",
            "in my job",
            "at the office",
            "at my company",
            "at my workplace",
            "in my company",
            "at our company",
            "in my team",
            "on my team",
            "in our team",
            "on our team",
            "at my day job",
            "in my day job",
            "for my job",
        ),
        "de": ("bei der arbeit", "auf der arbeit", "in der arbeit", "im job", "in der firma", "im büro", "beruflich"),
        "es": ("en el trabajo", "en mi trabajo", "en la oficina", "en mi empresa", "en el curro"),
        "fr": ("au travail", "au boulot", "au bureau", "dans mon entreprise", "dans mon équipe"),
        "it": ("al lavoro", "in ufficio", "nella mia azienda", "nel mio team", "a lavoro", "in azienda"),
        "pt": ("no trabalho", "no escritório", "na minha empresa", "na empresa", "na minha equipa", "na minha equipe"),
    },
    "side project": {
        "en": (
            "for my side project",
            "for the side project",
            "on my side project",
            "on the side project",
            "in my side project",
            "in the side project",
            "for my hobby project",
            "for my personal project",
            "for my personal projects",
            "for personal projects",
            "for side projects",
            "for my side projects",
            "on side projects",
            "on my side projects",
            "in my side projects",
            "for my own projects",
            "for my hobby app",
            "for my hobby",
            "on my hobby project",
            "for my pet project",
            "on my pet project",
            "for my personal app",
            "for my own app",
            "for fun",
        ),
        # German names it by a compound: "Nebenprojekt", "Hobbyprojekt", "Privatprojekt", "Freizeitprojekt".
        "de": (
            *(
                f"{lead} {kind}{tail}"
                for kind in ("nebenprojekt", "hobbyprojekt", "privatprojekt", "freizeitprojekt")
                for lead, tail in (
                    ("für mein", ""),
                    ("im", ""),
                    ("in meinem", ""),
                    ("an meinem", ""),
                    ("bei meinem", ""),
                )
                + (("für meine", "e"), ("in meinen", "en"), ("bei meinen", "en"))
            ),
            "privat",
        ),
        "es": ("para mi proyecto personal", "en mi proyecto personal", "en mis proyectos personales"),
        "fr": ("pour mon projet perso", "pour mon projet personnel", "dans mon projet perso", "pour mes projets perso"),
        "it": ("per il mio progetto personale", "nel mio progetto personale", "per i miei progetti personali"),
        "pt": ("no meu projeto pessoal", "para o meu projeto pessoal", "nos meus projetos pessoais"),
    },
    "family": {
        "en": (
            "at home",
            "in my family",
            "for my family",
            "in our family",
            "in our house",
            "in our household",
            "with my family",
            "with the kids",
            "for the kids",
            "for family stuff",
            "for family things",
            "for the family",
            "for my family stuff",
            "for home stuff",
            "for home",
            "for the house",
            "around the house",
        ),
        "de": ("zu hause", "zuhause", "in meiner familie", "in unserer familie", "daheim"),
        "es": ("en casa", "en mi familia", "en nuestra familia"),
        "fr": ("à la maison", "dans ma famille", "chez nous", "en famille"),
        "it": ("a casa", "in famiglia", "nella mia famiglia"),
        "pt": ("em casa", "na minha família", "na nossa família"),
    },
    # One's thesis (English also by form, at a clause's start or end: contexts.by_kind). Only what names the
    # work itself: a place ("at university", "na universidade") is where, and stripping it would lose it.
    "study": {
        "en": ("for my thesis", "for my dissertation"),
        "de": (
            "für meine masterarbeit",
            "für meine bachelorarbeit",
            "für meine doktorarbeit",
            "für meine abschlussarbeit",
        ),
        "es": ("para mi tesis", "en mi tesis"),
        "fr": ("pour ma thèse", "pour mon mémoire"),
        "it": ("per la mia tesi",),
        "pt": ("para a minha tese", "na minha tese"),
    },
}


def _context_pattern(language: str) -> tuple[re.Pattern[str], dict[str, str]]:
    """One alternation per language (longest phrase first), and which context each phrase marks."""
    owner = {phrase: context for context, by_language in CONTEXTS.items() for phrase in by_language.get(language, ())}
    ordered = sorted(owner, key=len, reverse=True)
    body = "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in ordered)
    return re.compile(r"(?<!\w)(?P<marker>" + body + r")(?!\w)\s*,?", re.IGNORECASE), owner


_CONTEXT_PATTERNS = {language: _context_pattern(language) for language in SUBJECTS}
_AND = {"en": "and", "de": "und", "es": "y|e", "fr": "et", "it": "e|ed", "pt": "e"}


def split_at_context(sentence: str, language: str) -> list[str]:
    """ "En casa uso Linux y en el trabajo Windows" -> its two clauses, when a context marker opens the
    second: each marker scopes its own clause."""
    found = _CONTEXT_PATTERNS.get(language)
    if found is None or language not in _AND:
        return [sentence]
    marker = found[0].pattern.removeprefix("(?<!\\w)").replace("(?P<marker>", "(?:")
    # "..., und für mein Nebenprojekt ...", or a comma alone: "Au boulot on utilise Teams, à la maison ..."
    split = re.compile(rf"\s*,?\s+(?:{_AND[language]})\s+(?={marker})|\s*[,;]\s*(?={marker})", re.IGNORECASE)
    return [part for part in split.split(sentence) if part.strip()]


# Beyond the listed phrases, English marks a personal context by its form: a project, app or game of
# one's own ("for my little open-source game", "on our weekend app"), or one's own time.
_EN_PERSONAL = _rx(
    r"(?<!\w)(?P<marker>(?:for|on|in|with)\s+(?:my|our|a|the)\s+(?:(?:own|personal|hobby|pet|side|open[- ]source"
    r"|weekend|little|private|indie|toy|fun)\s+)+(?:projects?|apps?|games?|sites?|websites?|blogs?|repos?|code|scripts?"
    r"|hustles?|gigs?|stuff|things|work)"
    r"|in\s+my\s+(?:free|spare|own)\s+time|as\s+a\s+hobby|outside\s+(?:of\s+)?work"
    r"|for\s+(?:my\s+)?(?:own|personal|private)\s+(?:stuff|things|use)|for\s+personal\s+(?:stuff|things|use))(?!\w)\s*,?"
)
# A project of one's own as what a change is made to ("switched my side project to SQLite").
_EN_PERSONAL_CHANGED = _rx(
    r"\b(?:switched|moved|migrated|ported|rewrote|rebuilt|converted|changed|swapped)\s+"
    r"(?P<marker>(?:my|our|the)\s+(?:(?:own|personal|hobby|pet|side|open[- ]source|weekend|little)\s+)+"
    r"(?:projects?|apps?|games?|sites?|websites?|blogs?))\s+(?=from|to|over|onto|off)"
)
# Whose the statement is, said as its subject: "my family uses Signal", "my blog runs on Ghost". The subject
# stays in the text; it only names the context.
_SUBJECT_CONTEXTS: dict[str, tuple[tuple[str, re.Pattern[str]], ...]] = {
    "en": (
        (
            "family",
            _rx(
                r"^(?:(?:so|well|and|also|btw|oh)\s*,?\s+)?(?:(?:my|our)\s+(?:whole\s+)?(?:family|household|home|kids|children)"
                r"|the\s+(?:whole\s+)?(?:family|household|kids)|my\s+(?:wife|husband|partner|kids|children)\s+and\s+i)\b"
            ),
        ),
        (
            "side project",
            _rx(
                r"^(?:(?:so|well|and|also|btw|oh)\s*,?\s+)?(?:my|our|the)\s+(?:(?:own|personal|hobby|pet|side"
                r"|open[- ]source|weekend|little|private|indie|toy)\s+)+"
                r"(?:projects?|apps?|games?|sites?|websites?|blogs?|repos?|hustles?|stuff|code)\b"
                r"|^(?:my|our)\s+(?:blog|podcast|newsletter|homelab|home\s+lab|home\s+server|side\s+gig)\b"
            ),
        ),
    ),
    "de": (("family", _rx(r"^(?:meine|unsere)\s+(?:familie|kinder)\b")),),
    "es": (("family", _rx(r"^(?:en\s+)?(?:mi|nuestra)\s+familia\b|^(?:mis|nuestros)\s+hijos\b")),),
    "fr": (("family", _rx(r"^(?:ma|notre)\s+famille\b|^(?:mes|nos)\s+enfants\b")),),
    "it": (("family", _rx(r"^(?:la\s+)?(?:mia|nostra)\s+famiglia\b|^i\s+(?:miei|nostri)\s+figli\b")),),
    "pt": (("family", _rx(r"^(?:a\s+)?(?:minha|nossa)\s+família\b|^os\s+(?:meus|nossos)\s+filhos\b")),),
}
# A text that already says whose it is needs no "(at home)" after it.
_NAMES_CONTEXT = _rx(
    r"\b(?:family|household|kids|children|blog|podcast|newsletter|side\s+(?:project|hustle)s?|hobby|personal|"
    r"familie|kinder|familia|hijos|famille|enfants|famiglia|figli|família|filhos)\b"
)
PERSONAL_THING = _rx(r"\b(?:side|hobby|personal|pet|open[- ]source|weekend|own)\s+(?:projects?|apps?|games?|sites?)\b")


# A context said as a noun before the thing ("work laptop is a Dell", "my home router is a Fritzbox") or
# as the heading of an update ("blog update: ditched Astro for Hugo").
_EN_CONTEXT_NOUN = _rx(
    r"^(?:(?:my|our|the)\s+)?(?P<context>work|job|office|home|family|personal|private|side[- ]project|hobby)\s+"
    r"(?=(?!(?:still|now|also|currently|already|mostly|actually|just|really)\b)[a-z]+\s+(?:is|are|was|runs|uses|has|lives)\b)"
)
# A thing of a context as what a change is made to: "switched my home computer to macOS", "moved our work
# laptops to Linux".
_EN_CONTEXT_THING_CHANGED = _rx(
    r"\b(?:switched|moved|migrated|changed|swapped|converted|upgraded)\s+(?:my|our|the)\s+(?P<context>home|work|office)\s+"
    r"(?=(?:computer|computers|laptop|laptops|pc|pcs|machine|machines|desktop|phone|phones|setup|server|servers|router)"
    r"\s+(?:from|to|over|onto)\b)"
)
_EN_CONTEXT_HEADING = _rx(
    r"^(?P<context>blog|work|job|side[- ]project|home|family|hobby\s+project|side\s+gig|homelab|thesis)"
    r"\s*(?:(?:update|news|stuff|front)\s*[:,-]+|:)\s*"
)


def opens_with_context_heading(sentence: str, language: str) -> bool:
    """ "work news: we moved to Boardly", "side project: I use Pushr": a heading naming whose the news is."""
    return language == "en" and bool(_EN_CONTEXT_HEADING.match(sentence.strip()))


_CONTEXT_NOUNS = {
    "work": "work",
    "job": "work",
    "office": "work",
    "home": "family",
    "family": "family",
    "personal": "side project",
    "private": "side project",
    "hobby": "side project",
    "hobby project": "side project",
    "blog": "side project",
    "side project": "side project",
    "side-project": "side project",
    "side gig": "side project",
    "homelab": "side project",
    "thesis": "study",
}


# Pure, and asked about the same clause more than once (whether the sentence's clauses name two contexts, then
# the clause itself). Whatever switches a context table off in-process (bench/rule_coverage.py) clears this.
@lru_cache(maxsize=8192)
def find_context(text: str, language: str) -> tuple[str | None, str]:
    """(context, text without its marker): "At work we use Postgres" -> ("work", "we use Postgres")."""
    if language == "en" and (named := _EN_CONTEXT_NOUN.match(text) or _EN_CONTEXT_HEADING.match(text)):
        context = _CONTEXT_NOUNS[re.sub(r"\s+", " ", named.group("context").lower())]
        rest = text[named.end() :]
        return context, (f"my {rest}" if named.re is _EN_CONTEXT_NOUN else rest)
    found = _CONTEXT_PATTERNS.get(language)
    # search_if_possible: a marker pattern runs only on a text holding a word it needs (most hold none).
    match = search_if_possible(found[0], text) if found else None
    if match is None and language == "en" and (group := group_contexts.group_named(text)) is not None:
        return group  # "my band uses discord", "at the food bank we use Airtable": a group of one's own
    if match is None and language == "en" and (personal := search_if_possible(_EN_PERSONAL, text)):
        rest = (text[: personal.start()] + " " + _ASIDE.sub("", text[personal.end() :], count=1)).strip()
        return "side project", re.sub(r"\s+", " ", rest).strip(" ,")
    if match is None and language == "en" and (owned := search_if_possible(_EN_CONTEXT_THING_CHANGED, text)):
        # "I switched my home computer to macOS": the change is that context's ("home", "work")
        context = _CONTEXT_NOUNS[owned.group("context").lower()]
        rest = (text[: owned.start("context")] + text[owned.end("context") :]).strip()
        return context, re.sub(r"\s+", " ", rest).strip(" ,")
    if match is None and language == "en" and (changed := search_if_possible(_EN_PERSONAL_CHANGED, text)):
        # "We moved our side project from Heroku to Fly.io": the change is the side project's.
        rest = (text[: changed.start("marker")] + " " + text[changed.end("marker") :]).strip()
        return "side project", re.sub(r"\s+", " ", rest).strip(" ,")
    if match is None and language == "en" and (kind := contexts.by_kind(text)) is not None:
        # "in our startup we deploy on Render", "for my thesis I use R": a context named by its kind.
        return kind
    if match is None and language == "en" and (changed_in := contexts.changed_thing(text)) is not None:
        return changed_in, text  # "switched the thesis analysis to R": the change is the thesis's
    if match is None:
        for context, subject in _SUBJECT_CONTEXTS.get(language, ()):
            if search_if_possible(subject, text):
                return context, text
        return None, text
    context = found[1][re.sub(r"\s+", " ", match.group("marker").lower())]
    # "for my side project (a board game tracker) I went with SQLite": what the context is, said in passing.
    after = _ASIDE.sub("", text[match.end() :], count=1)
    rest = (text[: match.start()] + " " + after).strip()
    return context, re.sub(r"\s+", " ", rest).strip(" ,")


_TEAM_SUBJECT = re.compile(r"^The user's team\b")
_ASIDE = re.compile(r"^\s*\([^()]{1,60}\)\s*,?")


CONTEXT_WORDING = {
    "en": {"work": "at work", "side project": "for a side project", "family": "at home", "study": "for their studies"},
    "de": {"work": "bei der Arbeit", "side project": "im Nebenprojekt", "family": "zu Hause", "study": "im Studium"},
    "es": {
        "work": "en el trabajo",
        "side project": "en un proyecto personal",
        "family": "en casa",
        "study": "en los estudios",
    },
    "fr": {
        "work": "au travail",
        "side project": "pour un projet perso",
        "family": "à la maison",
        "study": "pour les études",
    },
    "it": {
        "work": "al lavoro",
        "side project": "in un progetto personale",
        "family": "a casa",
        "study": "per gli studi",
    },
    "pt": {"work": "no trabalho", "side project": "num projeto pessoal", "family": "em casa", "study": "nos estudos"},
}


_SCOPED_KINDS = ("tool", "habit", "like", "dislike", "avoid", "own", "style", "*", "car", "bike", "phone", "laptop")


def is_scoped_kind(slot: str | None) -> bool:
    """Tools, habits, tastes and belongings differ by context; who the user is does not."""
    return bool(slot) and slot.split(":")[0] in _SCOPED_KINDS


def scoped(slot: str | None, context: str | None) -> str | None:
    """The slot within a context: "tool:database" in a side project is "tool:database@side-project".

    Work is the default context of tools (a plain "we use Postgres" is about work), and consolidation
    takes a plain slot and "@work" for one (shared.domain.slots); work is still spelled out when it is
    named, so "at work we use MariaDB" never reaches into the one other context holding the slot, as a
    statement naming no context may."""
    if not slot or not context or CONTEXT_MARK in slot or slot.startswith("*:"):
        return slot  # a thing named alone ("*:heroku") is found by its name, in whichever context holds it
    return f"{slot}{CONTEXT_MARK}{context.replace(' ', '-')}"


def with_context(text: str, context: str | None, language: str) -> str:
    if not context:
        return text
    if group_contexts.is_group(context):
        return group_contexts.worded(text.rstrip(" ."), context)
    wording = CONTEXT_WORDING.get(language, CONTEXT_WORDING["en"])[context]
    core = text.rstrip(" .")
    if language == "en" and context != "work":
        # "we" is read as the user's team, which is work's: at home it is the family, on one's own project the user.
        core = _TEAM_SUBJECT.sub("The user's family" if context == "family" else "The user", core, count=1)
    if wording.lower() in core.lower() or _NAMES_CONTEXT.search(core):
        return core
    return f"{core} ({wording})"


# --------------------------------------------------------------------------------------------
# Stated dates in every language: "last week", "vor zwei Jahren", "el mes pasado", ...
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class StatedDate:
    day: date  # the first day of the stated period
    grain: str  # day | week | month | year
    start: int  # the span of the phrase in the text it was found in
    end: int
    since: bool = False  # "since 2019", "depuis trois ans": the fact has held from then on

    def bare(self) -> str:
        return period_text(self.day, self.grain)


def period_text(day: date, grain: str) -> str:
    """A stated period as a fact says it: "2026-03-09", "the week of 2026-03-02", "2026-03", "2026"."""
    if grain in ("week", "weekend"):
        return f"the {grain} of {day.isoformat()}"
    if grain == "month":
        return f"{day:%Y-%m}"
    if grain == "year":
        return str(day.year)
    return day.isoformat()


def period_end(day: date, grain: str) -> date:
    """The first day after a stated period: when an event stated for it is over."""
    if grain == "week":
        return day + timedelta(days=7)
    if grain == "weekend":
        return day + timedelta(days=2)
    if grain == "month":
        return date(day.year + (day.month == 12), day.month % 12 + 1, 1)
    if grain == "year":
        return date(day.year + 1, 1, 1)
    return day + timedelta(days=1)


_NUMBERS = {
    "de": {"ein": 1, "einem": 1, "einer": 1, "eine": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6}
    | {"sieben": 7, "acht": 8, "neun": 9, "zehn": 10, "elf": 11, "zwölf": 12, "zwanzig": 20, "dreißig": 30}
    | {"dreizehn": 13, "vierzehn": 14, "fünfzehn": 15},
    "es": {"un": 1, "una": 1, "uno": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6}
    | {"siete": 7, "ocho": 8, "nueve": 9, "diez": 10, "once": 11, "doce": 12, "veinte": 20, "treinta": 30}
    | {"trece": 13, "catorce": 14, "quince": 15},
    "fr": {"un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6}
    | {"sept": 7, "huit": 8, "neuf": 9, "dix": 10, "onze": 11, "douze": 12, "vingt": 20, "trente": 30}
    | {"treize": 13, "quatorze": 14, "quinze": 15},
    "it": {"un": 1, "una": 1, "uno": 1, "due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sei": 6}
    | {"sette": 7, "otto": 8, "nove": 9, "dieci": 10, "undici": 11, "dodici": 12, "venti": 20, "trenta": 30}
    | {"tredici": 13, "quattordici": 14, "quindici": 15},
    "pt": {"um": 1, "uma": 1, "dois": 2, "duas": 2, "três": 3, "quatro": 4, "cinco": 5, "seis": 6}
    | {"sete": 7, "oito": 8, "nove": 9, "dez": 10, "onze": 11, "doze": 12, "vinte": 20, "trinta": 30}
    | {"treze": 13, "catorze": 14, "quinze": 15},
}
# unit words -> day | week | month | year
_UNITS = {
    "de": {
        "tag": "day",
        "tagen": "day",
        "tage": "day",
        "woche": "week",
        "wochen": "week",
        "monat": "month",
        "monaten": "month",
        "monate": "month",
        "jahr": "year",
        "jahren": "year",
        "jahre": "year",
    },
    "es": {
        "día": "day",
        "días": "day",
        "semana": "week",
        "semanas": "week",
        "mes": "month",
        "meses": "month",
        "año": "year",
        "años": "year",
    },
    "fr": {"jour": "day", "jours": "day", "semaine": "week", "semaines": "week", "mois": "month", "an": "year"}
    | {"ans": "year", "année": "year", "années": "year"},
    "it": {"giorno": "day", "giorni": "day", "settimana": "week", "settimane": "week", "mese": "month"}
    | {"mesi": "month", "anno": "year", "anni": "year"},
    "pt": {"dia": "day", "dias": "day", "semana": "week", "semanas": "week", "mês": "month", "meses": "month"}
    | {"ano": "year", "anos": "year"},
}
_MONTH_NAMES = {
    "de": "januar februar märz april mai juni juli august september oktober november dezember",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre",
    "pt": "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro",
}
_MONTHS = {lang: {name: i + 1 for i, name in enumerate(names.split())} for lang, names in _MONTH_NAMES.items()}


def month_names(language: str) -> list[str]:
    """The month names of a language other than English, January first (none for another)."""
    return _MONTH_NAMES.get(language, "").split()


# Weekdays, Monday first; "am Freitag", "el martes", "lundi prochain", "sábado passado".
_WEEKDAY_NAMES = {
    "de": "montag dienstag mittwoch donnerstag freitag samstag sonntag",
    "es": "lunes martes miércoles jueves viernes sábado domingo",
    "fr": "lundi mardi mercredi jeudi vendredi samedi dimanche",
    "it": "lunedì martedì mercoledì giovedì venerdì sabato domenica",
    "pt": "segunda-feira terça-feira quarta-feira quinta-feira sexta-feira sábado domingo",
}
_WEEKDAY_INDEX = {
    lang: {
        **{name: i for i, name in enumerate(names.split())},
        **{name.split("-")[0]: i for i, name in enumerate(names.split()) if "-" in name},
    }
    for lang, names in _WEEKDAY_NAMES.items()
}
_WEEKDAY_FRAME = {
    "de": (
        r"(?:(?:am|diesen|nächsten|kommenden|letzten|vergangenen)\s+)?(?P<w>{days})",
        r"nächste|kommende",
        r"letzte|vergangene",
    ),
    "es": (
        r"(?:(?:el|este|esta|el\s+próximo|el\s+pasado)\s+)?(?P<w>{days})(?:\s+(?:que\s+viene|próximo|pasado))?",
        r"próximo|que\s+viene",
        r"pasado",
    ),
    "fr": (r"(?:(?:ce|le)\s+)?(?P<w>{days})(?:\s+(?:prochain|dernier))?", r"prochain", r"dernier"),
    "it": (
        r"(?:(?:il|la|questo|questa|lo\s+scorso|la\s+scorsa|il\s+prossimo|la\s+prossima)\s+)?(?P<w>{days})(?:\s+(?:prossim[oa]|scors[oa]))?",
        r"prossim",
        r"scors",
    ),
    "pt": (
        r"(?:(?:na|no|esta|este|na\s+próxima|no\s+próximo|na\s+passada|no\s+passado)\s+)?(?P<w>{days})(?:\s+(?:que\s+vem|passad[oa]|próxim[oa]))?",
        r"próxim|que\s+vem",
        r"passad",
    ),
}
# A clause told in the past ("am Freitag war ich", "el martes fui"): a bare weekday is the last one.
_PAST_TENSE = {
    "de": r"\b(?:war|waren|hatte|hatten)\b|\b(?:habe|hab|hat|haben|bin|ist|sind)\b.*\b(?:\w*ge\w+(?:t|en)"
    r"|(?:ver|be|ent|zer)\w+(?:t|en)|\w+iert)\b",  # "angefangen", "umgezogen", "verkauft", "begonnen"
    "es": r"\b(?:fui|fue|tuve|tuvo|estuve|he|ha|hemos)\b|\b\w{2,}(?:é|ó|aron|aste)\b",
    "fr": r"\b(?:j'ai|ai|as|a|avons|ont|suis|est|sommes|étais|était)\s+(?:\w+\s+)?\w+(?:é|ée|és|ées|is|u|ue|it)\b",
    "it": r"\b(?:ho|ha|hai|abbiamo|sono|è|siamo)\s+(?:\w+\s+)?\w+(?:at[oaie]|ut[oaie]|it[oaie])\b",
    "pt": r"\b(?:fui|foi|tive|teve|estive)\b|\b\w{2,}(?:ei|ou|aram|ámos)\b",
}


_EVERY_WEEKDAY = _rx(
    r"(?:\bjeden|\bjede|\bcada|\btodos\s+los|\btodas\s+las|\blos|\btous\s+les|\bles|\bchaque|\bogni|\btutti\s+i"
    r"|\btutte\s+le|\btoda|\btodo|\btodas\s+as"
    r"|\btodos\s+os|\baos|\bàs|\bnas|\bnos)\s+$"
)


_HABITUAL_ARTICLE = {"fr": r"(?i)le\s+\w+$", "it": r"(?i)(?:il|la)\s+\w+$"}


def _weekday_dates(text: str, today: date, language: str) -> list[StatedDate]:
    frame = _WEEKDAY_FRAME.get(language)
    if frame is None:
        return []
    names = _WEEKDAY_INDEX[language]
    days = "|".join(sorted((re.escape(n) for n in names), key=len, reverse=True))
    pattern, ahead, behind = frame
    told_in_past = _search(_PAST_TENSE[language], text, re.IGNORECASE) is not None
    found = []
    for m in _finditer(r"(?<!\w)(?:" + pattern.format(days=days) + r")(?!\w)", text, re.IGNORECASE):
        if _EVERY_WEEKDAY.search(text[: m.start()]):
            continue  # "jeden Dienstag", "los martes", "tous les lundis": a habit's rhythm, not a date
        if _HABITUAL_ARTICLE.get(language) and not told_in_past:
            # "je joue au squash le dimanche", "gioco a calcetto il giovedì": the article alone, in the present
            # and with no day number after it, is every such day (a date says "ce dimanche", "dimanche 12")
            habitual = _match(_HABITUAL_ARTICLE[language], m.group(0))
            if habitual and not _match(r"\s*\d", text[m.end() :]):
                continue
        weekday = names[m.group("w").lower()]
        phrase = m.group(0).lower()
        since = bool(_DANGLING_SINCE.search(text[: m.start()]))  # "desde el lunes": the last one
        if _search(behind, phrase) or since or (told_in_past and not _search(ahead, phrase)):
            day = today - timedelta(days=(today.weekday() - weekday) % 7 or 7)
        else:
            day = today + timedelta(days=(weekday - today.weekday()) % 7)
            if _search(ahead, phrase) and day == today:
                day += timedelta(days=7)
        found.append(StatedDate(day, "day", m.start(), m.end()))
    return found


# "last <unit>", "next <unit>", yesterday/tomorrow; (pattern, unit or day offset, step)
_RELATIVE = {
    "de": (
        (r"(?:seit\s+)?letzte[nmrs]?\s+(woche|monat|jahr)", -1),
        (r"(?:seit\s+)?vergangene[nmrs]?\s+(woche|monat|jahr)", -1),
        (r"nächste[nmrs]?\s+(woche|monat|jahr)", 1),
    ),
    "es": (
        (r"(?:desde\s+)?(?:la|el)\s+(semana|mes|año)\s+pasad[oa]", -1),
        (r"(?:la|el)\s+(semana|mes|año)\s+que\s+viene", 1),
        (r"(?:la|el)\s+pr[óo]xim[oa]\s+(semana|mes|año)", 1),
    ),
    "fr": (
        (r"(?:depuis\s+)?(?:la|le|l')\s*(semaine|mois|année|an)\s+derni(?:er|ère)", -1),
        (r"(?:la|le|l')\s*(semaine|mois|année|an)\s+prochaine?", 1),
    ),
    "it": (
        (r"(?:da(?:l|lla|ll')?\s*)?(?:la|il|l')?\s*(settimana|mese|anno)\s+scors[oa]", -1),
        (r"(?:la|il|l')\s*(settimana|mese|anno)\s+prossim[oa]", 1),
        (r"(?:la|il|l')\s*prossim[oa]\s+(settimana|mese|anno)", 1),
    ),
    "pt": (
        (r"(?:desde\s+)?(?:(?:na|no|a|o)\s+)?(semana|mês|ano)\s+passad[oa]", -1),  # chat drops "na": "semana passada"
        (r"(?:na|no|a|o)\s+pr[óo]xim[oa]\s+(semana|mês|ano)", 1),
    ),
}
_DAY_WORDS = {
    # A part of the day goes with its day ("morgen Abend"): it is no part of the fact, and tells the clock.
    "de": {
        **{
            f"{day} {part}": offset for day, offset in (("heute", 0), ("morgen", 1)) for part in ("abend", "nachmittag")
        },
        "heute nacht": 0,
        "gestern": -1,
        "vorgestern": -2,
        "heute": 0,
        "morgen": 1,
        "übermorgen": 2,
    },
    "es": {
        "ayer": -1,
        "anteayer": -2,
        "hoy": 0,
        "esta noche": 0,
        "esta tarde": 0,
        "mañana por la noche": 1,
        "mañana por la tarde": 1,
        "mañana": 1,
        "pasado mañana": 2,
    },
    "fr": {
        "hier": -1,
        "avant-hier": -2,
        "aujourd'hui": 0,
        "ce soir": 0,
        "cet après-midi": 0,
        "demain soir": 1,
        "demain après-midi": 1,
        "demain": 1,
        "après-demain": 2,
    },
    "it": {
        "ieri": -1,
        "l'altro ieri": -2,
        "oggi": 0,
        "stasera": 0,
        "stanotte": 0,
        "domani sera": 1,
        "domani pomeriggio": 1,
        "domani": 1,
        "dopodomani": 2,
    },
    "pt": {
        "ontem": -1,
        "anteontem": -2,
        "hoje": 0,
        "esta noite": 0,
        "esta tarde": 0,
        "hoje à noite": 0,
        "hoje à tarde": 0,
        "amanhã à noite": 1,
        "amanhã à tarde": 1,
        "amanhã": 1,
        "depois de amanhã": 2,
    },
}
# "<n> <units> ago" and "since <n> <units>": (ago pattern, since-duration pattern, since-year pattern)
_AGO = {
    "de": (r"vor\s+(?P<n>\S+)\s+(?P<u>\w+)", r"seit\s+(?P<n>\S+)\s+(?P<u>\w+)", r"seit\s+(?P<y>(?:19|20)\d\d)"),
    "es": (
        r"hace\s+(?P<n>\S+)\s+(?P<u>\w+)",
        r"desde\s+hace\s+(?P<n>\S+)\s+(?P<u>\w+)",
        r"desde\s+(?:el\s+)?(?P<y>(?:19|20)\d\d)",
    ),
    "fr": (
        r"il\s+y\s+a\s+(?P<n>\S+)\s+(?P<u>\w+)",
        r"depuis\s+(?P<n>\S+)\s+(?P<u>\w+)",
        r"depuis\s+(?P<y>(?:19|20)\d\d)",
    ),
    "it": (
        r"(?P<n>\S+)\s+(?P<u>\w+)\s+fa\b",
        r"da\s+(?P<n>\S+)\s+(?P<u>\w+)",
        r"(?:dal|dall'|nel|sin\s+dal)\s*(?P<y>(?:19|20)\d\d)",
    ),
    "pt": (r"há\s+(?P<n>\S+)\s+(?P<u>\w+)", r"há\s+(?P<n>\S+)\s+(?P<u>\w+)", r"desde\s+(?P<y>(?:19|20)\d\d)"),
}
_IN_MONTH = {
    "de": r"(?:im|seit|ab)\s+(?P<m>\w+)",
    "es": r"(?:en|desde|a\s+partir\s+de)\s+(?P<m>\w+)",
    "fr": r"(?:en|depuis|dès)\s+(?P<m>\w+)",
    "it": r"(?:(?:a|ad|in|da|dal|dalla)\s+|dall')(?P<m>\w+)",
    "pt": r"(?:em|desde|a\s+partir\s+de)\s+(?P<m>\w+)",
}
# The first of a month is said as an ordinal ("il primo aprile", "le premier avril", "el primero de abril",
# "primeiro de abril", "1º de abril", "am ersten April"): day 1, the month word still deciding it is a date.
_FIRST = r"primo|premier|primero|primeiro|ersten|1º|1°|1o"
_DAY_MONTH = {
    "de": r"(?:am\s+)?(?:\w+,?\s+)?(?:den\s+)?(?P<d>\d{1,2}|ersten)\.?\s+(?P<m>[a-zäöü]+)",
    "es": rf"(?:el\s+)?(?:\w+\s+)?(?P<d>\d{{1,2}}|{_FIRST})\s+de\s+(?P<m>[a-záéíóú]+)",
    "fr": r"(?:le\s+)?(?:\w+\s+)?(?P<d>\d{1,2}|premier)(?:er)?\s+(?P<m>[a-zéû]+)",
    "it": rf"(?:il\s+)?(?:\w+\s+)?(?P<d>\d{{1,2}}|{_FIRST})\s+(?P<m>[a-z]+)",
    "pt": rf"(?:no\s+dia\s+|a\s+|em\s+)?(?P<d>\d{{1,2}}|{_FIRST})\s+de\s+(?P<m>[a-zç]+)",
}
_IN_YEAR = {
    "de": r"(?:im\s+jahr\s+)?(?P<y>(?:19|20)\d\d)",
    "es": r"en\s+(?:el\s+)?(?P<y>(?:19|20)\d\d)",
    "fr": r"en\s+(?P<y>(?:19|20)\d\d)",
    "it": r"nel\s+(?P<y>(?:19|20)\d\d)",
    "pt": r"em\s+(?P<y>(?:19|20)\d\d)",
}


def _shift(today: date, unit: str, n: int) -> date:
    if unit == "day":
        return today + timedelta(days=n)
    if unit == "week":
        return today + timedelta(weeks=n)
    if unit == "month":
        year, month = divmod(today.month - 1 + n, 12)
        month += 1
        year += today.year
        return date(year, month, min(today.day, calendar.monthrange(year, month)[1]))
    return date(today.year + n, today.month, min(today.day, calendar.monthrange(today.year + n, today.month)[1]))


def _period_start(day: date, unit: str) -> date:
    if unit == "week":
        return day - timedelta(days=day.weekday())
    if unit == "month":
        return day.replace(day=1)
    if unit == "year":
        return day.replace(month=1, day=1)
    return day


def _count(word: str, language: str) -> int:
    word = word.lower()
    if word.isdigit():
        return int(word)
    return _NUMBERS.get(language, {}).get(word, 0)


def stated_date(text: str, today: date, language: str, *, past: bool = True) -> StatedDate | None:
    """The first date phrase of a clause in ``language`` (not English: that has its own resolver)."""
    found: list[StatedDate] = []
    bounded = r"(?<!\w)(?:{})(?!\w)"
    for word, offset in _DAY_WORDS.get(language, {}).items():
        for m in _finditer(bounded.format(re.escape(word)), text, re.IGNORECASE):
            if _search(r"(?i)\b(?:la|de|esta|cada|toda\s+la|jeden|am|diesen|guten)\s+$", text[: m.start()]):
                continue  # "por la mañana", "esta mañana", "jeden Morgen": the morning, not tomorrow
            found.append(StatedDate(today + timedelta(days=offset), "day", m.start(), m.end()))
    for pattern, step in _RELATIVE.get(language, ()):
        for m in _finditer(bounded.format(pattern), text, re.IGNORECASE):
            unit = _UNITS[language].get(m.group(1).lower(), "year")
            day = _period_start(_shift(today, unit, step), unit)
            found.append(StatedDate(day, unit, m.start(), m.end()))
    ago = _AGO.get(language)
    if ago:
        for kind, pattern in zip(("ago", "since", "since_year"), ago, strict=True):
            for m in _finditer(bounded.format(pattern), text, re.IGNORECASE):
                if kind == "since_year":
                    found.append(StatedDate(date(int(m.group("y")), 1, 1), "year", m.start(), m.end(), since=True))
                    continue
                n, unit = _count(m.group("n"), language), _UNITS[language].get(m.group("u").lower())
                if n <= 0 or unit is None:
                    continue
                day = _shift(today, unit, -n)
                found.append(
                    StatedDate(day, "day" if unit in ("day", "week") else unit, m.start(), m.end(), kind == "since")
                )
    for m in _finditer(bounded.format(_DAY_MONTH.get(language, r"\b\B")), text, re.IGNORECASE):
        month = _MONTHS.get(language, {}).get(m.group("m").lower())
        if month is None:
            continue
        try:
            day = date(today.year, month, int(m.group("d")) if m.group("d").isdigit() else 1)
        except ValueError:
            continue
        if not past and day < today:
            day = day.replace(year=today.year + 1)
        found.append(StatedDate(day, "day", m.start(), m.end()))
    for m in _finditer(bounded.format(_IN_MONTH.get(language, r"\b\B")), text, re.IGNORECASE):
        month = _MONTHS.get(language, {}).get(m.group("m").lower())
        if month is None:
            continue
        year = today.year - (1 if past and month > today.month else 0) + (1 if not past and month < today.month else 0)
        found.append(StatedDate(date(year, month, 1), "month", m.start(), m.end()))
    for m in _finditer(bounded.format(_IN_YEAR.get(language, r"\b\B")), text, re.IGNORECASE):
        found.append(StatedDate(date(int(m.group("y")), 1, 1), "year", m.start(), m.end()))
    found.extend(_weekday_dates(text, today, language))
    if past:
        found.extend(_last_season(text, today, language))
    if past and (weekend := foreign_people.last_weekend(text, today, language)):
        found.append(StatedDate(weekend[0], "weekend", weekend[1], weekend[2]))
    if not found:
        return None
    return min(found, key=lambda d: (d.start, -(d.end - d.start)))


# "Last summer" and its kin: the season's first month, the last time the season ended before today
# ("l'été dernier" said in May 2026 is June 2025; "el invierno pasado", December 2025).
_SEASON_MONTH = {
    "sommer": 6, "winter": 12, "frühling": 3, "frühjahr": 3, "herbst": 9,
    "verano": 6, "invierno": 12, "primavera": 3, "otoño": 9,
    "été": 6, "hiver": 12, "printemps": 3, "automne": 9,
    "estate": 6, "inverno": 12, "autunno": 9,
    "verão": 6, "outono": 9,
}  # fmt: skip
_SEASON = "|".join(_SEASON_MONTH)
_LAST_SEASON = {
    "de": rf"(?:seit\s+)?(?:letzte[nmr]?|vergangene[nmr]?)\s+(?P<s>{_SEASON})",
    "es": rf"(?:desde\s+)?(?:el|la)\s+(?P<s>{_SEASON})\s+pasad[oa]",
    "fr": rf"(?:depuis\s+)?(?:l'|le\s+)\s*(?P<s>{_SEASON})\s+derni(?:er|ère)",
    "it": rf"(?:dall'|dalla\s+|da\s+)?(?:l'|la\s+|lo\s+)?\s*"
    rf"(?:(?P<s>{_SEASON})\s+scors[oa]|scors[oa]\s+(?P<s2>{_SEASON}))",
    "pt": rf"(?:desde\s+)?(?:o|a|no|na)\s+(?P<s>{_SEASON})\s+passad[oa]",
}
_LAST_SEASON_RX = {language: re.compile(rf"(?<!\w){p}(?!\w)", re.IGNORECASE) for language, p in _LAST_SEASON.items()}


def _last_season(text: str, today: date, language: str) -> list[StatedDate]:
    pattern = _LAST_SEASON_RX.get(language)
    found = []
    for m in pattern.finditer(text) if pattern else ():
        month = _SEASON_MONTH[(m.group("s") or m.groupdict().get("s2") or "").lower()]
        year = today.year
        while _shift(date(year, month, 1), "month", 3) > today:
            year -= 1  # the season has not ended yet this year: the last one is a year before
        found.append(StatedDate(date(year, month, 1), "month", m.start(), m.end(), since=True))
    return found


_TIME_OF_DAY = {
    "en": r"\b(?:at\s+)?(?P<h>\d{1,2})(?::(?P<m>\d\d))?\s*(?P<ampm>am|pm|a\.m\.|p\.m\.)"
    r"|\bat\s+(?P<h2>\d{1,2})(?::(?P<m2>\d\d))?\b(?!\s*(?:%|km|kg|people|years))",
    "de": r"\bum\s+(?P<h>\d{1,2})(?:[:.](?P<m>\d\d))?(?:\s*uhr)?\b",
    "es": r"\ba\s+las?\s+(?P<h>\d{1,2})(?::(?P<m>\d\d))?\b",
    "fr": r"\bà\s+(?P<h>\d{1,2})\s*h\s*(?P<m>\d\d)?",
    "it": r"\balle\s+(?P<h>\d{1,2})(?:[:.](?P<m>\d\d))?\b",
    "pt": r"\bàs\s+(?P<h>\d{1,2})(?:[:h](?P<m>\d\d))?\s*h?\b",
}
_TIME_PATTERNS = {language: _rx(pattern) for language, pattern in _TIME_OF_DAY.items()}
# A part of the day after noon: "tonight at 8" is 20:00, as a person reads it, not 08:00.
_AFTER_NOON = {
    "en": r"\b(?:tonight|evening|afternoon|at\s+night)\b",
    "de": r"\b(?:abends?|nachmittags?|heute\s+nacht)\b",
    "es": r"\b(?:(?:esta|la|por\s+la|de\s+la)\s+(?:noche|tarde))\b",
    "fr": r"\b(?:ce\s+soir|cet\s+après-midi|du\s+soir|de\s+l'après-midi|le\s+soir)\b",
    "it": r"\b(?:stasera|stanotte|questa\s+sera|questo\s+pomeriggio|di\s+sera|del\s+pomeriggio|la\s+sera)\b",
    "pt": r"(?:\bà|\b(?:esta|da|de|pela))\s+(?:noite|tarde)\b",
}
_AFTER_NOON_PATTERNS = {language: _rx(pattern) for language, pattern in _AFTER_NOON.items()}


def time_of_day(text: str, language: str, said_in: str | None = None) -> tuple[int, int, int, int] | None:
    """(hour, minute, start, end) of a stated clock time ("at 9", "2pm", "alle 9", "à 14h30") in ``text``;
    a bare hour is after noon when ``said_in`` (the whole clause, ``text`` by default) says evening."""
    m = _TIME_PATTERNS[language].search(text) if language in _TIME_PATTERNS else None
    if not m:
        return None
    groups = m.groupdict()
    hour = int(groups.get("h") or groups.get("h2") or 0)
    minute = int(groups.get("m") or groups.get("m2") or 0)
    ampm = (groups.get("ampm") or "").replace(".", "").lower()
    if ampm == "pm" and hour < 12:
        hour += 12
    if ampm == "am" and hour == 12:
        hour = 0
    after_noon = _AFTER_NOON_PATTERNS.get(language)
    if not ampm and 1 <= hour <= 11 and after_noon is not None and after_noon.search(said_in or text):
        hour += 12
    if not (0 <= hour <= 23 and 0 <= minute <= 59):
        return None
    return hour, minute, m.start(), m.end()


# A preposition left before a removed date ("Desde el lunes", "depuis mardi"): it goes with the date.
_DANGLING_SINCE = re.compile(
    r"(?:^|\s)(?:desde|depuis|seit|dal|dalla|dallo|da|ab|a\s+partir\s+de|à\s+partir\s+de|a\s+partire\s+da)\s*$",
    re.IGNORECASE,
)


def remove_span(text: str, start: int, end: int) -> str:
    before = _DANGLING_SINCE.sub("", text[:start])
    joined = (before.rstrip() + " " + text[end:].lstrip()).strip()
    joined = _sub(r"\s+([,.;!?])", r"\1", joined)
    return _sub(r"\s+", " ", joined).strip(" ,;-")


# --------------------------------------------------------------------------------------------
# Endings: markers that turn a statement into a retraction
# --------------------------------------------------------------------------------------------

# English: "<marker> <gerund or verb phrase>" and "... anymore"; the rest is what ended.
_EN_ENDING_LEAD = _rx(
    r"^(?:i|we)\s+(?P<be>am\s+|are\s+)?(?:have\s+|had\s+|just\s+|finally\s+|recently\s+|already\s+|officially\s+|completely\s+)*"
    r"(?P<marker>stopped|quit|quitted|gave\s+up(?:\s+on)?|given\s+up(?:\s+on)?|dropped|ditched|abandoned|kicked|cut\s+out"
    r"|no\s+longer|am\s+done\s+with|am\s+finished\s+with|got\s+rid\s+of|retired\s+from|sold|gave\s+away"
    r"|lost|cancelled|canceled|unsubscribed\s+from|gone\s+off|went\s+off|got\s+tired\s+of|grown\s+out\s+of|left"
    r"|came\s+off|come\s+off|stepped\s+down\s+from|deleted|uninstalled|rehomed|re-homed)\s+(?P<rest>.+)$"
)
_GROUPS_LEFT = (
    r"(?:band|choir|club|team|gym|orchestra|league|course|class|group|committee|union|troupe|crew|squad|society"
    r"|programme|program)"
)
_ENDING_VERBS = frozenset(
    (
        "quit",
        "dropped",
        "ditched",
        "abandoned",
        "gave up",
        "given up",
        "gave up on",
        "given up on",
        "kicked",
        "cut out",
        "sold",
        "gave away",
        "lost",
        "got rid of",
        "cancelled",
        "canceled",
        "unsubscribed from",
        "stopped",
        "quitted",
        "retired from",
        "gone off",
        "went off",
        "got tired of",
        "grown out of",
    )
)


def is_ending_verb(words: str) -> bool:
    return words.lower() in _ENDING_VERBS


_EN_NOT_ANYMORE = _rx(
    r"^(?P<subj>i|we)\s+(?P<aux>do\s+not|did\s+not|am\s+not|are\s+not|have\s+not|cannot|can\s+not|never)\s+"
    r"(?P<rest>.+?)\s*(?:,\s*)?(?:anymore|any\s+more|these\s+days|now|after\s+all"
    r"|(?:in|for)\s+(?:years|ages|months|decades|a\s+while|a\s+long\s+time|forever|over\s+a\s+year))$"
)
# "I haven't played the violin in years": the participle read back as the verb it is.
_PARTICIPLES = {
    "been": "be", "eaten": "eat", "drunk": "drink", "ridden": "ride", "swum": "swim", "run": "run",
    "driven": "drive", "done": "do", "gone": "go", "worn": "wear", "written": "write", "had": "have",
    "smoked": "smoke", "taken": "take", "sung": "sing", "drawn": "draw", "grown": "grow", "spoken": "speak",
}  # fmt: skip


def _base_of_participle(word: str) -> str | None:
    w = word.lower()
    if w in _PARTICIPLES:
        return _PARTICIPLES[w]
    if w.endswith("ed"):
        for base in (w[:-2], w[:-1], w[:-3], w[:-3] + "y" if w.endswith("ied") else ""):
            if base and base in _ALL_VERBS:
                return base
        return base_of_regular_past(w)
    return None


def base_of_regular_past(word: str) -> str | None:
    """A regular past form's verb by the spelling rules: "studied" -> "study", "jogged" -> "jog",
    "hiked" -> "hike", "danced" -> "dance", "touched" -> "touch", "played" -> "play"."""
    w = word.lower()
    if not w.endswith("ed") or len(w) < 5:
        return None
    stem = w[:-2]
    if w.endswith(("ied", "eed")):
        return w[:-3] + "y" if w.endswith("ied") else w[:-1]
    if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] in "bdgmnprt":
        return stem[:-1]
    one_syllable = len(re.findall(r"[aeiouy]+", stem)) == 1
    if one_syllable and re.search(r"(?:[^aeiou][aeiou][bcdgkmnprstvz]|nc|rc|rg|lv|rv|dg)$", stem):
        return stem + "e"
    return stem


# Verbs whose statements are usually in the progressive ("I'm learning Greek"): their ending reads so.
SAID_IN_PROGRESS = frozenset(("learn", "study", "train"))


# How wholly or finally a thing ended ("entirely", "for good"): never part of the thing, which a retraction names.
_FOR_GOOD = re.compile(
    r"(?:\s+(?:entirely|completely|altogether|totally|fully|for\s+good|once\s+and\s+for\s+all|cold\s+turkey"
    r"|for\s+real|forever|lol|haha|tbh|now))+\s*[.!]*$",
    re.IGNORECASE,
)


# Endings said as another verb the readers know: "left the choir" is quitting it, "deleted hinge" quitting the
# app, "rehomed Miso" giving the animal away.
_ENDED_AS = {
    "left": "quit",
    "came off": "quit",
    "come off": "quit",
    "stepped down from": "quit",
    "deleted": "quit",
    "uninstalled": "quit",
    "rehomed": "gave away",
    "re-homed": "gave away",
}


def ending_marker(text: str) -> tuple[str, str] | None:
    """(kind, the statement that ended, in the first person) for an English ending clause.

    "I stopped playing tennis" -> ("stopped", "I play tennis"); "I no longer eat meat" ->
    ("no longer", "I eat meat"); "I don't drink coffee anymore" -> ("anymore", "I drink coffee").
    """
    m = _EN_ENDING_LEAD.match(text)
    if m:
        marker, rest = re.sub(r"\s+", " ", m.group("marker").lower()), m.group("rest").split(",")[0].strip()
        if not base_of_gerund(rest.partition(" ")[0]):  # an activity keeps its own reading ("drinking completely")
            rest = _FOR_GOOD.sub("", rest) or rest  # "ditched Word entirely": Word, the thing that ended
        if marker == "no longer":
            return "no longer", f"I am {rest}" if m.group("be") else f"I {rest}"  # "I'm no longer living in X"
        if m.group("be") and marker not in ("am done with", "am finished with"):
            return None
        if marker in ("am done with", "am finished with"):
            return marker, f"I quit {rest}"  # what one is done with, by its name
        if marker in ("gone off", "went off", "got tired of", "grown out of"):
            return marker, f"I like {rest}"  # a taste that ended
        first, _, tail = rest.partition(" ")
        base = base_of_gerund(first)
        if base in SAID_IN_PROGRESS:
            return marker, f"I am {first} {tail}".strip()  # "stopped learning French" ends "I'm learning French"
        if base:
            return marker, f"I {base} {tail}".strip()
        if marker in ("came off", "come off") and not life.one_comes_off(rest):
            return None  # "I came off my bike": a fall, not an ending
        if (
            marker
            in (
                "quit",
                "quitted",
                "came off",  # a medication or a programme one was on
                "come off",
                "stepped down from",  # a board, a role
                "dropped",
                "ditched",
                "abandoned",
                "gave up",
                "given up",
                "gave up on",
                "given up on",
                "kicked",
                "cut out",
            )
            or (
                marker in ("sold", "gave away", "lost", "got rid of", "cancelled", "canceled", "unsubscribed from")
                and re.match(r"(?:my|our|the|his|her)\s", rest, re.IGNORECASE)
            )
            or belongings_lost.ended_by_name(marker, rest)  # "cancelled netflix", "deleted hinge", "rehomed Miso"
            or (
                # "I left the choir": a group one belonged to (not "left the house", "left my keys")
                marker == "left"
                and re.match(rf"(?:my|our|the)\s+(?:[\w-]+\s+)?{_GROUPS_LEFT}\s*$", rest, re.IGNORECASE)
            )
            or (
                # "I cancelled Netflix": a named service or membership that ended
                marker in ("cancelled", "canceled", "unsubscribed from")
                and re.match(r"(?-i:[A-Z])[\w+.&'-]*(?:\s+(?-i:[A-Z])[\w+.&'-]*){0,2}$", rest)
            )
        ):
            # "I quit coffee", "I sold my bike": the thing itself ("left the choir" is quitting it)
            return (
                marker,
                f"I {_ENDED_AS.get(marker, marker)} {rest}",
            )
        return None
    m = _EN_NOT_ANYMORE.match(text)
    if m:
        aux, rest = re.sub(r"\s+", " ", m.group("aux").lower()), m.group("rest").strip()
        if aux.startswith("am") or aux.startswith("are"):
            return "anymore", f"I am {rest}"
        if aux.startswith("have"):
            first, _, tail = rest.partition(" ")
            base = _base_of_participle(first)
            return "anymore", (f"I {base} {tail}".strip() if base and base != "have" else f"I have {rest}")
        return "anymore", f"I {rest}"
    return None


# --------------------------------------------------------------------------------------------
# English verbs: the durable-verb lexicon, by class
# --------------------------------------------------------------------------------------------

# The class names the slot's kind: an activity is a habit, a possession is owned, a tool is used.
VERB_CLASSES: dict[str, frozenset[str]] = {
    "habit": _words(
        "play practise practice run jog swim cycle bike hike climb surf ski snowboard skate dance sing paint draw "
        "knit sew crochet cook bake garden meditate read write collect study learn teach coach volunteer train "
        "box fish hunt row sail golf walk attend watch follow support visit brew grow take do go ride lift "
        "journal blog stream game code program compose photograph film wear listen"
    ),
    "consume": _words("drink eat smoke vape"),
    "own": _words("own have drive"),
    "tool": _words("use build deploy host develop maintain write run ship store keep manage track monitor"),
}
HABIT_OBJECT_REQUIRED = frozenset(_words("play practise practice do take visit attend watch follow support go lift"))
_IRREGULAR_GERUND = {"lie": "lying", "die": "dying", "tie": "tying", "see": "seeing", "be": "being", "ski": "skiing"}
_DOUBLE_FINAL = frozenset(_words("run jog swim box shop plan stop sit get put cut begin row"))


# Verbs of more than one syllable stressed on a short last one: their final consonant doubles as a
# one-syllable verb's does ("admit" -> "admitting"; "visit" -> "visiting" is stressed on the first).
_STRESSED_LAST = frozenset(
    _words(
        "admit omit commit permit submit emit transmit remit forget beget regret upset reset begin prefer refer"
        " confer defer infer deter transfer occur recur incur concur control patrol compel expel propel rebel"
        " equip outrun overrun forbid"
    )
)
# One vowel then one consonant (not w, x or y) at the end: "knit", "quit" ("qu" is a consonant), "chat".
_SHORT_FINAL = re.compile(r"^(?:[^aeiou]*|.*[^aeiou])(?:qu|[^aeiouqy])?[aeiou][b-df-hj-np-tvz]$")


def _stressed_short_final(verb: str) -> bool:
    if not verb.isalpha():
        return False
    if verb in _STRESSED_LAST:
        return True
    vowel_groups = re.findall(r"[aeiouy]+", verb.replace("qu", "q"))
    return len(vowel_groups) == 1 and bool(_SHORT_FINAL.match(verb.replace("qu", "q")))


def gerund(verb: str) -> str:
    """ "run" -> "running", "hike" -> "hiking", "play" -> "playing"."""
    v = verb.lower()
    if v in _IRREGULAR_GERUND:
        return _IRREGULAR_GERUND[v]
    if (v in _DOUBLE_FINAL and v != "box" and v != "row") or _stressed_short_final(v):
        return v + v[-1] + "ing"
    if v.endswith("e") and not v.endswith(("ee", "ye", "oe")):
        return v[:-1] + "ing"
    return v + "ing"


_ALL_VERBS = frozenset(v for verbs in VERB_CLASSES.values() for v in verbs) | frozenset(
    _words("live work smoke drink eat use like love enjoy hate prefer speak own learn fly travel commute")
)
ALL_VERBS = _ALL_VERBS  # for the general clause layer (clauses.py)
_BASE_BY_GERUND = {gerund(v): v for v in _ALL_VERBS}


def base_of_gerund(word: str) -> str | None:
    return _BASE_BY_GERUND.get(word.lower())


def verb_class(verb: str) -> str | None:
    v = verb.lower()
    for kind, verbs in VERB_CLASSES.items():
        if v in verbs:
            return kind
    return None


# --------------------------------------------------------------------------------------------
# Statements in German, Spanish, French, Italian and Portuguese
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ForeignDraft:
    text: str
    slot: str | None
    value: str
    kind: str  # fact | preference | event
    negated: bool = False


# Value: a run of words up to a clause boundary. Names keep their capitals.
_V = r"(?P<v>[^,;.!?]+?)"
# A role after Portuguese "trabalho de" / Italian "lavoro da": a lower-case noun that is no place, time or way of
# working ("de casa", "da remoto", "de noite", "da due anni").
_ROLE_AFTER_DE = (
    r"(?=(?-i:[a-zà-ÿ]))(?!(?:casa|remoto|home|noite|manhã|tarde|madrugada|dia|dias|turno|turnos|graça|segunda|sábado"
    r"|domingo|solo|sola|sempre|anni|mesi|poco|tempo|sera|notte|mattina|un|uma|um|una|due|tre|dois|duas|três"
    r"|quando|lunedì|freelance)\b)"
)

# (pattern, slot, template) per language. Patterns see the clause with lead-ins removed; the first
# person is the verb form itself (pro-drop languages) or the pronoun.
_FOREIGN_FRAMES: dict[str, tuple[tuple[str, str, str], ...]] = {
    "de": (
        (
            r"ich\s+(?:programmiere|entwickle|code)\s+(?:\S+\s+)?(?:in|mit)\s+(?P<v>(?-i:[A-Z])[\w.+#-]*)(?:\s+[^,;.!?]*)?",
            "tool",
            "{S} programmiert in {v}",
        ),
        (r"ich\s+bin\s+(?P<v>in\s+Rente|im\s+Ruhestand|Rentnerin|Rentner|pensioniert)", "occupation", "{S} ist {v}"),
        (r"ich\s+esse\s+(?P<v>Fleisch|Fisch)\s*$", "diet", "{S} isst {v}"),  # "ich esse (wieder) Fleisch"
        # a way of eating: "ich ernähre mich (seit Jahren) vegan", "ich esse vegetarisch"
        (
            r"ich\s+(?:ernähre\s+mich|lebe|esse|koche)\s+(?:(?:seit\s+\S+|schon|jetzt|nur|komplett|rein)\s+){0,2}"
            r"(?P<v>vegan|vegetarisch|glutenfrei|laktosefrei|pflanzlich)\b",
            "diet",
            "{S} ernährt sich {v}",
        ),
        (r"ich\s+bin\s+allergisch\s+(?:gegen|auf)\s+" + _V, "allergy", "{S} ist allergisch gegen {v}"),
        (r"ich\s+(?:habe|hab)\s+eine\s+allergie\s+(?:gegen|auf)\s+" + _V, "allergy", "{S} hat eine Allergie gegen {v}"),
        (r"ich\s+(?:habe|hab)\s+eine\s+(?P<v>\w+allergie)", "allergy", "{S} hat eine {v}"),
        (r"ich\s+bin\s+in\s+" + _V + r"\s+geboren", "origin", "{S} ist in {v} geboren"),
        (r"ich\s+mag\s+(?:keine?n?|nicht)\s+" + _V, "dislike", "{S} mag {v} nicht"),
        (r"ich\s+bin\s+(?P<v>verheiratet|ledig|geschieden|verwitwet|single)", "marital", "{S} ist {v}"),
        (
            "mein(?:e)?\\s+(?P<kind>hund|katze|kater|hündin|hase|hamster|papagei|pferd|wellensittich)\\s+heißt\\s+(?P<v>(?-i:[A-ZÀ-ÝÄÖÜ])[\\w'à-ÿäöüß-]+)",
            "pet",
            "{S} hat {kind_article} {Kind} namens {v}",
        ),
        (
            "(?:ich|wir)\\s+(?:habe|haben)\\s+(?P<v>(?:ein|einen|eine|zwei|drei|vier|fünf|\\d)\\s+(?:kinder|kind|sohn|söhne|tochter|töchter|enkel|enkelkinder))",
            "family:kids",
            "{S} hat {v}",
        ),
        (
            "ich\\s+bin\\s+(?:seit\\s+\\S+\\s+)?mit\\s+(?P<v>(?-i:[A-ZÀ-ÝÄÖÜ])[\\w'à-ÿäöüß-]+)\\s+(?P<bond>verheiratet|zusammen|verlobt)",
            "partner",
            "{S} ist mit {v} {bond}",
        ),
        (
            # "ich mache (zweimal die Woche) Pilates": a practice done
            r"ich\s+mache\s+(?P<mid>(?:\S+\s+){0,3}?)(?P<v>(?i:" + _PRACTICE_ALT["de"] + r"))\b(?P<tail>[^,;.!?]*?)",
            "habit",
            "{S} macht {mid}{v}{tail}",
        ),
        (
            "(?:ich|wir)\\s+(?:gehe|gehen)\\s+(?P<mid>(?:\\S+\\s+){0,3}?)(?P<v>schwimmen|laufen|joggen|klettern|wandern|tanzen|reiten|segeln|surfen|radfahren|bouldern|ins\\s+fitnessstudio|in\\s+die\\s+kletterhalle|zum\\s+yoga|zum\\s+sport|zum\\s+training)",
            "habit",
            "{S} geht {mid}{v}",
        ),
        (
            "mein(?:e)?\\s+(?P<rel>mann|frau|freund|freundin|partner|partnerin|verlobter|verlobte|ehemann|ehefrau)\\s+heißt\\s+(?P<v>[A-ZÄÖÜ][\\wäöüß]+)",
            "partner",
            "{S} ist mit {v} zusammen ({rel})",
        ),
        ("(?:ich\\s+bin|wir\\s+sind)\\s+(?P<v>vegetarier(?:in)?|veganer(?:in)?|vegan)", "diet", "{S} ist {v}"),
        (
            "wir\\s+sind\\s+(?:\\S+\\s+){0,3}?nach\\s+(?P<v>[A-ZÄÖÜ][\\wäöüß-]*(?:\\s+[A-ZÄÖÜ][\\wäöüß-]*)*)\\s+(?:gezogen|umgezogen)",
            "location",
            "{S} wohnt in {v}",
        ),
        (
            "(?:ich\\s+bin|wir\\s+sind)\\s+(?:\\S+\\s+){0,4}?(?:auf|zu)\\s+(?P<v>(?-i:[A-Z]|[a-z][A-Z])[\\w.+#-]*(?:\\s+(?-i:[A-Z0-9])[\\w.+#-]*)?)\\s+(?:umgestiegen|gewechselt)",
            "tool",
            "{S} nutzt jetzt {v}",
        ),
        (
            "(?:ich|wir)\\s+(?:habe|haben)\\s+(?:einen|eine|ein)\\s+(?P<kind>hund|katze|kater|hasen|hamster|papagei|pferd)(?:\\s*,?\\s*(?:er|sie|es)\\s+heißt|\\s+namens|\\s+der\\s+heißt|\\s+die\\s+heißt)\\s+(?P<v>[A-ZÄÖÜ][\\wäöüß]+)(?:.*)?",
            "pet",
            "{S} hat {kind_article} {Kind} namens {v}",
        ),
        (
            "(?:ich|wir)\\s+(?:habe|haben)\\s+(?:einen|eine|ein)\\s+(?P<v>(?-i:[A-Z]|[a-z][A-Z])[\\w+-]*(?:\\s+(?-i:[A-Z0-9])[\\w+-]*){1,3})",
            "own",
            "{S} hat ein {v}",
        ),
        (
            "ich\\s+bin\\s+(?P<v>(?-i:[A-ZÄÖÜ])[\\wäöüß]+(?:in|er|ist|ent|eur|ant|arzt|ärztin|rat|rätin|loge|login|ge|gin|mann|frau))",
            "occupation",
            "{S} ist {v}",
        ),
        (
            "(?:ich|wir)\\s+(?:benutze|nutze|verwende|benutzen|nutzen|verwenden|arbeite\\s+mit|arbeiten\\s+mit)\\s+(?P<v>(?-i:[A-Z]|[a-z][A-Z])[\\w.+#-]*(?:\\s+(?-i:[A-Z0-9])[\\w.+#-]*)?)(?P<rest>\\s+[^,;.!?]*)?",
            "tool",
            "{S} nutzt {v}{rest}",
        ),
        ("ich\\s+spiele\\s+(?:gern\\s+|gerne\\s+)?(?P<v>[^,;.!?]+?)", "habit", "{S} spielt {v}"),
        (
            "ich\\s+habe\\s+(?P<v>(?:einen|eine|ein)\\s+(?:termin|vorstellungsgespräch|bewerbungsgespräch|prüfung|flug|meeting|hochzeit|operation|arzttermin|zahnarzttermin|kurs|reise)(?:\\s+(?:beim|bei|mit|in|im|nach)\\s+[^,;.!?]+?)?)",
            "event",
            "{S} hat {v}",
        ),
        (
            r"(?:ich\s+)?(?:wohne|lebe)\s+(?:(?:jetzt|inzwischen|mittlerweile|derzeit|zurzeit|nun|zusammen|gemeinsam"
            r"|allein|alleine)\s+)*in\s+" + _V,
            "location",
            "{S} wohnt in {v}",
        ),
        (r"ich\s+bin\s+(?:\S+\s+){0,3}?nach\s+" + _V + r"\s+(?:gezogen|umgezogen)", "location", "{S} wohnt in {v}"),
        (r"ich\s+ziehe\s+(?:\S+\s+){0,3}?nach\s+" + _V + r"(?:\s+um)?", "location", "{S} zieht nach {v}"),
        (r"(?:ich\s+heiße|ich\s+heisse|mein\s+name\s+ist)\s+" + _V, "name", "{S} heißt {v}"),
        (r"ich\s+komme\s+(?:ursprünglich\s+)?aus\s+" + _V, "origin", "{S} kommt aus {v}"),
        (r"ich\s+(?:arbeite|jobbe)\s+(?:\S+\s+){0,2}?als\s+" + _V, "occupation", "{S} arbeitet als {v}"),
        (r"ich\s+bin\s+(?:von\s+beruf\s+)?" + _V + r"\s+von\s+beruf", "occupation", "{S} ist {v} von Beruf"),
        (r"ich\s+arbeite\s+(?:\S+\s+){0,2}?(?:bei|für)\s+" + _V, "employer", "{S} arbeitet bei {v}"),
        (r"ich\s+habe\s+(?:\S+\s+){0,3}?bei\s+" + _V + r"\s+angefangen", "employer", "{S} arbeitet bei {v}"),
        (r"ich\s+bin\s+(?P<v>\d{1,3})(?:\s+jahre\s+alt)?", "age", "{S} ist {v} Jahre alt"),
        (r"ich\s+(?:mag|liebe)\s+" + _V, "like", "{S} mag {v}"),
        (r"ich\s+spreche\s+" + _V, "language", "{S} spricht {v}"),
    ),
    "es": (
        (
            r"(?:yo\s+)?(?:programo|desarrollo)\s+(?:\S+\s+)?en\s+(?P<v>(?-i:[A-Z])[\w.+#-]*)(?:\s+[^,;.!?]*)?",
            "tool",
            "{S} programa en {v}",
        ),
        (r"(?:yo\s+)?(?:estoy|soy)\s+(?P<v>jubilad[oa])", "occupation", "{S} está {v}"),
        (r"(?:yo\s+)?me\s+(?:gradué|licencié)\s+en\s+" + _V, "education", "{S} se graduó en {v}"),
        (r"(?:yo\s+)?nací\s+en\s+" + _V, "origin", "{S} nació en {v}"),
        (r"(?:yo\s+)?estoy\s+viviendo\s+(?:ahora\s+)?en\s+" + _V, "location", "{S} vive en {v}"),
        (r"no\s+me\s+(?:gusta|gustan)\s+(?:nada\s+)?" + _V, "dislike", "A {S_lower} no le gusta {v}"),
        (r"(?:yo\s+)?(?:odio|detesto)\s+" + _V, "dislike", "{S} odia {v}"),
        (
            r"(?:yo\s+)?(?:me\s+)?fui\s+a\s+vivir\s+(?:juntos\s+|juntas\s+|sol[oa]\s+)?(?:a|en)\s+" + _V,
            "location",
            "{S} vive en {v}",
        ),
        (
            r"(?:yo\s+)?estoy\s+(?P<v>casad[oa]|divorciad[oa]|separad[oa]|solter[oa]|viud[oa])",
            "marital",
            "{S} está {v}",
        ),
        (
            "mi\\s+(?P<kind>perro|perra|gato|gata|conejo|loro|caballo|hámster)\\s+se\\s+llama\\s+(?P<v>(?-i:[A-ZÀ-ÝÄÖÜ])[\\w'à-ÿäöüß-]+)",
            "pet",
            "{S} tiene un {kind} llamado {v}",
        ),
        (
            r"(?:yo\s+)?(?:estoy\s+aprendiendo|aprendo)\s+(?P<v>[^,;.!?]+?)",
            "goal",
            "{S} está aprendiendo {v}",
        ),
        (
            "(?:yo\\s+)?(?:tengo|tenemos)\\s+(?P<v>(?:un|una|dos|tres|cuatro|cinco|\\d)\\s+(?:hijos?|hijas?|niñ[oa]s?|nietos?|bebés?|bebé)(?:\\s+de\\s+\\S+\\s+(?:años|meses))?)",
            "family:kids",
            "{S} tiene {v}",
        ),
        (
            "(?:yo\\s+)?estoy\\s+(?P<bond>casad[oa]|(?:com)?prometid[oa])\\s+con\\s+(?P<v>(?-i:[A-ZÀ-ÝÄÖÜ])[\\w'à-ÿäöüß-]+)",
            "partner",
            "{S} está {bond} con {v}",
        ),
        (
            "(?:yo\\s+)?(?P<act>corro|nado|entreno|medito|escalo|bailo|camino|pedaleo|remo)\\s+(?P<v>(?:todos|todas|cada|los|las|dos|tres|una|varias|casi)\\b[^,;.!?]*?)",
            "habit",
            "{S} {act3} {v}",
        ),
        (
            "(?:yo\\s+)?voy\\s+(?P<v>(?:al\\s+gimnasio|a\\s+nadar|a\\s+correr|a\\s+yoga|a\\s+clases?\\s+de\\s+\\w+|a\\s+escalar)[^,;.!?]*?)",
            "habit",
            "{S} va {v}",
        ),
        (
            "mi\\s+(?P<rel>novio|novia|marido|mujer|esposo|esposa|pareja|prometido|prometida)\\s+se\\s+llama\\s+(?P<v>[A-ZÁÉÍÓÚÑ][\\wáéíóúñ]+)",
            "partner",
            "{S} tiene pareja: {v} ({rel})",
        ),
        (
            "(?:yo\\s+)?(?:hago|practico)\\s+(?P<v>(?:" + _PRACTICE_ALT["es"] + ")[^,;.!?]*?)",
            "habit",
            "{S} hace {v}",
        ),
        (
            "(?:me\\s+cambié|nos\\s+cambiamos|cambiamos|migramos|pasamos|me\\s+pasé|cambié|pasé)\\s+(?:\\S+\\s+){0,4}?(?:a|al|a\\s+la)\\s+(?P<v>(?-i:[A-Z]|[a-z][A-Z])[\\w.+#-]*(?:\\s+(?-i:[A-Z0-9])[\\w.+#-]*)?)",
            "tool",
            "{S} usa ahora {v}",
        ),
        (
            "(?:yo\\s+)?(?:tengo|tenemos)\\s+(?:un|una)\\s+(?P<kind>perro|perra|gato|gata|conejo|loro|caballo|hámster)\\s+(?:que\\s+se\\s+llama|llamad[oa])\\s+(?P<v>[A-ZÁÉÍÓÚÑ][\\wáéíóúñ]+)",
            "pet",
            "{S} tiene un {kind} llamado {v}",
        ),
        (
            "(?:yo\\s+)?(?:tengo|tenemos)\\s+(?:un|una)\\s+(?P<v>(?-i:[A-Z]|[a-z][A-Z])[\\w+-]*(?:\\s+(?-i:[A-Z0-9])[\\w+-]*){0,3})",
            "own",
            "{S} tiene un {v}",
        ),
        (
            "(?:yo\\s+)?soy\\s+(?:un|una)?\\s*(?P<v>(?:medic|médic|médecin|ingegner|ingenier|ingénieu|engenheir|infermier|enfermer|enfermeir|infirmi|insegnant|professor|profesor|professeu|prof|avvocat|abogad|advogad|avocat|architett|arquitect|architecte|arquitet|programmat|programador|programmeu|sviluppat|desarrollador|développeu|desenvolvedor|developer|designer|diseñador|studente|estudiante|étudiant|estudante|giornalist|periodist|journalist|jornalist|cuoc|cociner|cuisini|cozinheir|chef|dentist|veterinari|veterinár|vétérinaire|farmacist|farmacéutic|pharmacien|contabil|contador|comptable|commercialista|psicolog|psycholog|psicólog|musicist|músic|musicien|camarer|camerier|serveu|traduttor|traductor|traducteur|traductrice|traduttric|tradutor|ricercat|investigador|chercheu|pesquisador|scienziat|científic|scientifique|cientista|analista|consulent|consultor|consultant|fotograf|photograph|fotógraf|enseignant|maestr|docente|carpinter|elettricist|electricista|électricien|eletricista|idraulic|fontaner|plombi|canalizador|panader|boulang|panettier|padeir|agricult|contadin)\\w*[^,;.!?]*?)",
            "occupation",
            "{S} es {v}",
        ),
        (
            "(?:yo\\s+|nosotros\\s+)?(?:uso|usamos|utilizo|utilizamos|trabajo\\s+con|trabajamos\\s+con)\\s+(?P<v>(?-i:[A-Z]|[a-z][A-Z])[\\w.+#-]*(?:\\s+(?-i:[A-Z0-9])[\\w.+#-]*)?)(?P<rest>\\s+[^,;.!?]*)?",
            "tool",
            "{S} usa {v}{rest}",
        ),
        ("(?:yo\\s+)?juego\\s+(?:al?\\s+|a\\s+la\\s+)?(?P<v>[^,;.!?]+?)", "habit", "{S} juega {v}"),
        (
            "(?:yo\\s+)?tengo\\s+(?P<v>(?:una?\\s+)?(?:cita|entrevista|examen|vuelo|reunión|boda|operación|consulta|clase|viaje)(?:\\s+(?:de|con|en|al?)\\s+[^,;.!?]+?)?)",
            "event",
            "{S} tiene {v}",
        ),
        (
            r"(?:yo\s+)?vivo\s+(?:(?:ahora|actualmente|ya|juntos|juntas|sol[oa])\s+)*en\s+" + _V,
            "location",
            "{S} vive en {v}",
        ),
        (
            r"(?:yo\s+)?(?:me\s+mud[ée]|me\s+he\s+mudado|me\s+voy\s+a\s+mudar)\s+a\s+" + _V,
            "location",
            "{S} vive en {v}",
        ),
        (r"(?:me\s+llamo|mi\s+nombre\s+es)\s+" + _V, "name", "{S} se llama {v}"),
        (r"(?:yo\s+)?soy\s+de\s+" + _V, "origin", "{S} es de {v}"),
        (r"(?:yo\s+)?trabajo\s+(?:\S+\s+){0,2}?(?:como|de)\s+" + _V, "occupation", "{S} trabaja como {v}"),
        (
            r"(?:yo\s+)?trabajo\s+(?:\S+\s+){0,2}?(?:en|para)\s+(?P<v>[A-ZÁÉÍÓÚÑ][^,;.!?]*?)",
            "employer",
            "{S} trabaja en {v}",
        ),
        (
            r"(?:yo\s+)?(?:empec[ée]|he\s+empezado|comenc[ée])\s+(?:a\s+trabajar\s+)?en\s+(?P<v>[A-ZÁÉÍÓÚÑ][^,;.!?]*?)",
            "employer",
            "{S} trabaja en {v}",
        ),
        (r"(?:yo\s+)?tengo\s+(?P<v>\d{1,3})\s+años", "age", "{S} tiene {v} años"),
        (r"(?:yo\s+)?soy\s+(?P<v>(?:vegan[oa]|vegetarian[oa]|celíac[oa]|diabétic[oa]))", "diet", "{S} es {v}"),
        # Eating meat or fish (again) is a diet too: it replaces "vegetariano".
        (r"(?:yo\s+)?como\s+(?P<v>carne|pescado)\s*$", "diet", "{S} come {v}"),
        (
            r"(?:yo\s+)?(?:sigo|llevo|hago)\s+una\s+dieta\s+(?P<v>vegana|vegetariana|sin\s+gluten|keto|cetogénica)",
            "diet",
            "{S} sigue una dieta {v}",
        ),
        (r"(?:yo\s+)?como\s+(?P<v>vegano|vegana|vegetariano|vegetariana|sin\s+gluten)\b", "diet", "{S} come {v}"),
        (r"(?:yo\s+)?soy\s+alérgic[oa]\s+a\s+" + _V, "allergy", "{S} es alérgico a {v}"),
        (r"(?:yo\s+)?tengo\s+(?:una\s+)?alergia\s+a\s+" + _V, "allergy", "{S} tiene alergia a {v}"),
        (r"me\s+(?:gusta|gustan|encanta|encantan)\s+" + _V, "like", "A {S_lower} le gusta {v}"),
        (r"(?:yo\s+)?hablo\s+" + _V, "language", "{S} habla {v}"),
        (
            r"(?:yo\s+)?estudio\s+(?!(?:mucho|poco|bastante|para|por|hoy|ahora|todos|todas|cada|en|con|cuando)\b)"
            r"(?P<v>[^,;.!?]+?)",
            "education",
            "{S} estudia {v}",
        ),
        (
            r"(?:yo\s+)?salgo\s+a\s+(?P<act>correr|caminar|pasear|andar|nadar|rodar)\s+(?P<v>(?:todos|todas|cada|los|las)\b[^,;.!?]*?)",
            "habit",
            "{S} sale a {act} {v}",
        ),
    ),
    "fr": (
        (
            r"je\s+(?:code|programme|développe)\s+(?:\S+\s+)?en\s+(?P<v>(?-i:[A-Z])[\w.+#-]*)(?:\s+[^,;.!?]*)?",
            "tool",
            "{S} code en {v}",
        ),
        (r"je\s+suis\s+(?P<v>à\s+la\s+retraite|retraitée?)", "occupation", "{S} est {v}"),
        (r"je\s+suis\s+diplômée?\s+(?:en|de|d')\s*" + _V, "education", "{S} est diplômé en {v}"),
        (r"je\s+suis\s+née?\s+(?:à|a|en|au)\s+" + _V, "origin", "{S} est né à {v}"),
        (r"je\s+n'aime\s+pas\s+(?:du\s+tout\s+)?" + _V, "dislike", "{S} n'aime pas {v}"),
        (
            r"je\s+suis\s+(?:maintenant\s+|désormais\s+|aujourd'hui\s+)?chez\s+(?P<v>(?-i:[A-ZÀ-Ý])[^,;.!?]*?)",
            "employer",
            "{S} travaille chez {v}",
        ),
        (r"(?:je\s+)?(?:déteste)\s+" + _V, "dislike", "{S} déteste {v}"),
        (r"je\s+suis\s+allée?\s+vivre\s+(?:à|a|en)\s+" + _V, "location", "{S} habite à {v}"),
        (r"je\s+suis\s+(?P<v>mariée?|divorcée?|célibataire|veuve|veuf|pacsée?)", "marital", "{S} est {v}"),
        (
            "(?:mon|ma)\\s+(?P<kind>chien|chienne|chat|chatte|lapin|perroquet|cheval)\\s+s'appelle\\s+(?P<v>(?-i:[A-ZÀ-ÝÄÖÜ])[\\w'à-ÿäöüß-]+)",
            "pet",
            "{S} a un {kind} nommé {v}",
        ),
        (
            "(?:j'ai|nous\\s+avons|on\\s+a)\\s+(?P<v>(?:un|une|deux|trois|quatre|cinq|\\d)\\s+(?:enfants?|fils|filles?|petits-enfants|bébés?)(?:\\s+de\\s+\\S+\\s+(?:ans|mois))?)",
            "family:kids",
            "{S} a {v}",
        ),
        (
            "je\\s+suis\\s+(?P<bond>mariée?|fiancée?|pacsée?)\\s+(?:avec|à)\\s+(?P<v>(?-i:[A-ZÀ-ÝÄÖÜ])[\\w'à-ÿäöüß-]+)",
            "partner",
            "{S} est {bond} avec {v}",
        ),
        (
            "je\\s+(?P<act>cours|nage|médite|grimpe|danse|marche)\\s+(?P<v>(?:tous|toutes|chaque|le|les|deux|trois|une|souvent)\\b[^,;.!?]*?)",
            "habit",
            "{S} {act3} {v}",
        ),
        (
            "je\\s+vais\\s+(?P<v>(?:à\\s+la\\s+salle|à\\s+la\\s+piscine|au\\s+yoga|au\\s+sport|courir|nager|grimper)[^,;.!?]*?)",
            "habit",
            "{S} va {v}",
        ),
        (
            "mon\\s+(?P<rel>mari|copain|compagnon|partenaire|fiancé|conjoint)\\s+s'appelle\\s+(?P<v>[A-ZÀ-Ý][\\wà-ÿ]+)|ma\\s+(?P<rel2>femme|copine|compagne|partenaire|fiancée|conjointe)\\s+s'appelle\\s+(?P<v2>[A-ZÀ-Ý][\\wà-ÿ]+)",
            "partner",
            "{S} est en couple avec {v}",
        ),
        ("je\\s+fais\\s+(?P<art>du|de\\s+la|de\\s+l'|des)\\s*(?P<v>[^,;.!?]+?)", "habit", "{S} fait {art} {v}"),
        (
            "(?:on\\s+est\\s+passés?|nous\\s+sommes\\s+passés|je\\s+suis\\s+passée?|on\\s+a\\s+migré|j'ai\\s+migré|nous\\s+avons\\s+migré)\\s+(?:\\S+\\s+){0,4}?(?:à|a|vers|sur)\\s+(?P<v>(?-i:[A-Z]|[a-z][A-Z])[\\w.+#-]*(?:\\s+(?-i:[A-Z0-9])[\\w.+#-]*)?)",
            "tool",
            "{S} utilise maintenant {v}",
        ),
        (
            "(?:j'ai|nous\\s+avons|on\\s+a)\\s+(?:un|une)\\s+(?P<kind>chien|chienne|chat|chatte|lapin|perroquet|cheval)\\s+(?:qui\\s+s'appelle|nommée?|appelée?)\\s+(?P<v>[A-ZÀ-Ý][\\wà-ÿ]+)",
            "pet",
            "{S} a un {kind} nommé {v}",
        ),
        (
            "(?:j'ai|nous\\s+avons)\\s+(?:un|une)\\s+(?P<v>(?-i:[A-Z]|[a-z][A-Z])[\\w+-]*(?:\\s+(?-i:[A-Z0-9])[\\w+-]*){0,3})",
            "own",
            "{S} a un {v}",
        ),
        (
            "je\\s+suis\\s+(?:un|une)?\\s*(?P<v>(?:medic|médic|médecin|ingegner|ingenier|ingénieu|engenheir|infermier|enfermer|enfermeir|infirmi|insegnant|professor|profesor|professeu|prof|avvocat|abogad|advogad|avocat|architett|arquitect|architecte|arquitet|programmat|programador|programmeu|sviluppat|desarrollador|développeu|desenvolvedor|developer|designer|diseñador|studente|estudiante|étudiant|estudante|giornalist|periodist|journalist|jornalist|cuoc|cociner|cuisini|cozinheir|chef|dentist|veterinari|veterinár|vétérinaire|farmacist|farmacéutic|pharmacien|contabil|contador|comptable|commercialista|psicolog|psycholog|psicólog|musicist|músic|musicien|camarer|camerier|serveu|traduttor|traductor|traducteur|traductrice|traduttric|tradutor|ricercat|investigador|chercheu|pesquisador|scienziat|científic|scientifique|cientista|analista|consulent|consultor|consultant|fotograf|photograph|fotógraf|enseignant|maestr|docente|carpinter|elettricist|electricista|électricien|eletricista|idraulic|fontaner|plombi|canalizador|panader|boulang|panettier|padeir|agricult|contadin)\\w*[^,;.!?]*?)",
            "occupation",
            "{S} est {v}",
        ),
        (
            "(?:j'utilise|nous\\s+utilisons|on\\s+utilise|je\\s+travaille\\s+avec|on\\s+travaille\\s+avec|nous\\s+travaillons\\s+avec)\\s+(?P<v>(?-i:[A-Z]|[a-z][A-Z])[\\w.+#-]*(?:\\s+(?-i:[A-Z0-9])[\\w.+#-]*)?)(?P<rest>\\s+[^,;.!?]*)?",
            "tool",
            "{S} utilise {v}{rest}",
        ),
        # the article as said: "joue du piano", "joue de la batterie" (an instrument), "joue au foot" (a game)
        (
            "je\\s+joue\\s+(?P<art>au|à\\s+la|aux|du|de\\s+la|de\\s+l'|à\\s+l')\\s*(?P<v>[^,;.!?]+?)",
            "habit",
            "{S} joue {art} {v}",
        ),
        (  # a language, an instrument or a skill being learnt; "apprendre que" is a lesson, not a skill
            r"(?:j'apprends|je\s+suis\s+en\s+train\s+d'apprendre)\s+(?!(?:que|beaucoup|plein|tellement|rien|des\s+choses)\b|qu')(?P<v>[^,;.!?]+?)",
            "goal",
            "{S} apprend {v}",
        ),
        (
            "j'ai\\s+(?P<v>(?:(?:un|une)\\s+)?(?:rendez-vous|entretien|examen|vol|réunion|mariage|opération|cours|voyage)(?:\\s+(?:chez|avec|de|à|au)\\s+[^,;.!?]+?)?)",
            "event",
            "{S} a {v}",
        ),
        (
            r"(?:j'habite|je\s+vis|je\s+r[ée]side)\s+(?:(?:maintenant|actuellement|désormais|ensemble|seule?)\s+)*"
            r"(?P<prep>à|a|en|au|aux)\s+" + _V,
            "location",
            "{S} habite {prep} {v}",
        ),
        # "déménager" leaves a home and "emménager" enters one: either, said with a place, is the new home
        (r"j'ai\s+(?:d[ée]|em)m[ée]nag[ée]e?\s+(?P<prep>à|a|en|au|aux)\s+" + _V, "location", "{S} habite {prep} {v}"),
        (r"(?:je\s+m'appelle|mon\s+nom\s+est|mon\s+pr[ée]nom\s+est)\s+" + _V, "name", "{S} s'appelle {v}"),
        (r"je\s+viens\s+(?P<prep>de\s+|d'|du\s+|des\s+)" + _V, "origin", "{S} vient {prep}{v}"),
        (r"je\s+(?:travaille|bosse)\s+(?:\S+\s+){0,2}?comme\s+" + _V, "occupation", "{S} travaille comme {v}"),
        (
            r"je\s+suis\s+(?P<v>(?:ingénieur|médecin|infirmi|professeur|prof|avocat|développeu|étudiant|architecte|enseignant|cuisini|chef|designer|comptable|journaliste|pharmacien|dentiste|vétérinaire|musicien|graphiste)\w*(?:\s+\w+)?)",
            "occupation",
            "{S} est {v}",
        ),
        (r"je\s+(?:travaille|bosse)\s+(?:\S+\s+){0,2}?(?:chez|pour)\s+" + _V, "employer", "{S} travaille chez {v}"),
        (r"j'ai\s+(?P<v>\d{1,3})\s+ans", "age", "{S} a {v} ans"),
        (r"je\s+suis\s+(?P<v>(?:végétarien|végétalien|vegan|végane|végan)\w*)", "diet", "{S} est {v}"),
        (r"je\s+mange\s+(?:de\s+la\s+|du\s+)?(?P<v>viande|poisson)\s*$", "diet", "{S} mange de la {v}"),
        (
            r"je\s+(?:suis|fais)\s+un\s+régime\s+(?P<v>végétarien|végétalien|végan|vegan|sans\s+gluten|cétogène|keto)",
            "diet",
            "{S} suit un régime {v}",
        ),
        (r"je\s+mange\s+(?P<v>végétarien|végan|vegan|sans\s+gluten)\b", "diet", "{S} mange {v}"),
        (r"je\s+suis\s+allergique\s+(?:à|au|aux)\s+" + _V, "allergy", "{S} est allergique à {v}"),
        (r"j'ai\s+une\s+allergie\s+(?:à|au|aux)\s+" + _V, "allergy", "{S} a une allergie à {v}"),
        (r"j'(?:aime|adore)\s+" + _V, "like", "{S} aime {v}"),
        (r"je\s+parle\s+" + _V, "language", "{S} parle {v}"),
    ),
    "it": (
        (
            r"(?:io\s+)?(?:programmo|sviluppo)\s+(?:\S+\s+)?in\s+(?P<v>(?-i:[A-Z])[\w.+#-]*)(?:\s+[^,;.!?]*)?",
            "tool",
            "{S} programma in {v}",
        ),
        (r"(?:io\s+)?sono\s+(?P<v>in\s+pensione)", "occupation", "{S} è {v}"),
        (r"(?:io\s+)?mi\s+sono\s+laureat[oa]\s+in\s+" + _V, "education", "{S} si è laureato in {v}"),
        (r"(?:io\s+)?sono\s+nat[oa]\s+(?:a|in)\s+" + _V, "origin", "{S} è nato a {v}"),
        (r"(?:io\s+)?sto\s+vivendo\s+(?:ora\s+)?(?:a|in)\s+" + _V, "location", "{S} vive a {v}"),
        (r"non\s+mi\s+(?:piace|piacciono)\s+(?:per\s+niente\s+)?" + _V, "dislike", "All'utente non piace {v}"),
        (r"(?:io\s+)?(?:odio|detesto)\s+" + _V, "dislike", "{S} odia {v}"),
        (
            r"(?:io\s+)?sono\s+andat[oaie]\s+a\s+vivere\s+(?:insieme\s+|da\s+sol[oa]\s+)?(?:a|in)\s+" + _V,
            "location",
            "{S} vive a {v}",
        ),
        (
            r"(?:io\s+)?sono\s+(?P<v>sposat[oa]|divorziat[oa]|separat[oa]|single|vedov[oa]|celibe|nubile)",
            "marital",
            "{S} è {v}",
        ),
        (
            "(?:il\\s+)?mi[oa]\\s+(?P<kind>cane|gatto|gatta|coniglio|pappagallo|cavallo|criceto)\\s+si\\s+chiama\\s+(?P<v>(?-i:[A-ZÀ-ÝÄÖÜ])[\\w'à-ÿäöüß-]+)",
            "pet",
            "{S} ha un {kind} di nome {v}",
        ),
        (
            "(?:io\\s+)?(?:ho|abbiamo)\\s+(?P<v>(?:un|una|due|tre|quattro|cinque|\\d)\\s+(?:figli[oe]?|figlia|bambin[oaie]|nipoti|bimb[oaie])\\b(?:\\s+di\\s+\\S+\\s+(?:anni|mesi))?)",
            "family:kids",
            "{S} ha {v}",
        ),
        (
            "(?:io\\s+)?sono\\s+(?P<bond>sposat[oa]|fidanzat[oa])\\s+con\\s+(?P<v>(?-i:[A-ZÀ-ÝÄÖÜ])[\\w'à-ÿäöüß-]+)",
            "partner",
            "{S} è {bond} con {v}",
        ),
        (
            "(?:io\\s+)?(?P<act>corro|nuoto|medito|arrampico|ballo|cammino)\\s+(?P<v>(?:tutti|tutte|ogni|il|la|due|tre|una|spesso)\\b[^,;.!?]*?)",
            "habit",
            "{S} {act3} {v}",
        ),
        (
            "(?:io\\s+)?vado\\s+(?P<v>(?:in\\s+palestra|in\\s+piscina|a\\s+yoga|a\\s+correre|a\\s+nuotare|ad\\s+arrampicare)[^,;.!?]*?)",
            "habit",
            "{S} va {v}",
        ),
        (
            "(?:il\\s+)?mio\\s+(?P<rel>ragazzo|marito|compagno|fidanzato|partner)\\s+si\\s+chiama\\s+(?P<v>[A-ZÀ-Ý][\\wà-ÿ]+)|(?:la\\s+)?mia\\s+(?P<rel2>ragazza|moglie|compagna|fidanzata|partner)\\s+si\\s+chiama\\s+(?P<v2>[A-ZÀ-Ý][\\wà-ÿ]+)",
            "partner",
            "{S} sta con {v}",
        ),
        (
            "(?:io\\s+)?(?:faccio|pratico)\\s+(?P<v>(?:" + _PRACTICE_ALT["it"] + ")[^,;.!?]*?)",
            "habit",
            "{S} fa {v}",
        ),
        (
            "(?:siamo\\s+passati|sono\\s+passat[oa]|abbiamo\\s+migrato|ho\\s+migrato)\\s+(?:\\S+\\s+){0,4}?(?:a|al|alla|su)\\s+(?P<v>(?-i:[A-Z]|[a-z][A-Z])[\\w.+#-]*(?:\\s+(?-i:[A-Z0-9])[\\w.+#-]*)?)",
            "tool",
            "{S} usa ora {v}",
        ),
        (
            "(?:io\\s+)?(?:ho|abbiamo)\\s+(?:un|una)\\s+(?P<kind>cane|gatto|gatta|coniglio|pappagallo|cavallo|criceto)\\s+(?:che\\s+si\\s+chiama|di\\s+nome|chiamat[oa])\\s+(?P<v>[A-ZÀ-Ý][\\wà-ÿ]+)",
            "pet",
            "{S} ha un {kind} di nome {v}",
        ),
        (
            "(?:io\\s+)?lavoro\\s+(?:in|alla|al|per|presso)\\s+(?P<v>(?-i:[A-Z]|[a-z][A-Z])[\\w&'-]*(?:\\s+(?-i:[A-Z])[\\w&'-]*)*)(?:\\s+(?:a|ad|in)\\s+(?P<place>(?-i:[A-Z])[\\w'-]*))?",
            "employer",
            "{S} lavora in {v}",
        ),
        (
            "(?:io\\s+)?(?:ho|abbiamo)\\s+(?:un|una)\\s+(?P<v>(?-i:[A-Z]|[a-z][A-Z])[\\w+-]*(?:\\s+(?-i:[A-Z0-9])[\\w+-]*){0,3})",
            "own",
            "{S} ha un {v}",
        ),
        (
            "(?:io\\s+)?sono\\s+(?:un|una|un')?\\s*(?P<v>(?:medic|médic|médecin|ingegner|ingenier|ingénieu|engenheir|infermier|enfermer|enfermeir|infirmi|insegnant|professor|profesor|professeu|prof|avvocat|abogad|advogad|avocat|architett|arquitect|architecte|arquitet|programmat|programador|programmeu|sviluppat|desarrollador|développeu|desenvolvedor|developer|designer|diseñador|studente|estudiante|étudiant|estudante|giornalist|periodist|journalist|jornalist|cuoc|cociner|cuisini|cozinheir|chef|dentist|veterinari|veterinár|vétérinaire|farmacist|farmacéutic|pharmacien|contabil|contador|comptable|commercialista|psicolog|psycholog|psicólog|musicist|músic|musicien|camarer|camerier|serveu|traduttor|traductor|traducteur|traductrice|traduttric|tradutor|ricercat|investigador|chercheu|pesquisador|scienziat|científic|scientifique|cientista|analista|consulent|consultor|consultant|fotograf|photograph|fotógraf|enseignant|maestr|docente|carpinter|elettricist|electricista|électricien|eletricista|idraulic|fontaner|plombi|canalizador|panader|boulang|panettier|padeir|agricult|contadin)\\w*[^,;.!?]*?)",
            "occupation",
            "{S} è {v}",
        ),
        (
            "(?:io\\s+|noi\\s+)?(?:uso|usiamo|utilizzo|utilizziamo|lavoro\\s+con|lavoriamo\\s+con)\\s+(?P<v>(?-i:[A-Z]|[a-z][A-Z])[\\w.+#-]*(?:\\s+(?-i:[A-Z0-9])[\\w.+#-]*)?)(?P<rest>\\s+[^,;.!?]*)?",
            "tool",
            "{S} usa {v}{rest}",
        ),
        ("(?:io\\s+)?gioco\\s+(?:a\\s+|al\\s+|a\\s+la\\s+)?(?P<v>[^,;.!?]+?)", "habit", "{S} gioca a {v}"),
        (  # what is being learnt; "imparare che" is a lesson, not a skill, and "da solo" says only how
            r"(?:io\s+)?(?:sto\s+imparando|imparo)\s+(?!(?:che|molto|tanto|tante|tanti|niente|cose)\b)(?P<v>[^,;.!?]+?)(?:\s+da\s+sol[oa])?",
            "goal",
            "{S} sta imparando {v}",
        ),
        (
            "(?:io\\s+)?ho\\s+(?P<v>(?:un|una|un'|l'|il|la|lo)?\\s*(?:appuntamento|colloquio|esame|volo|riunione|matrimonio|operazione|visita|lezione|viaggio)(?:\\s+(?:dal|dalla|con|di|a|in)\\s+[^,;.!?]+?)?)",
            "event",
            "{S} ha {v}",
        ),
        (
            r"(?:io\s+)?(?:vivo|abito)\s+(?:(?:ora|adesso|attualmente|insieme|da\s+sol[oa])\s+)*(?:a|in)\s+" + _V,
            "location",
            "{S} vive a {v}",
        ),
        (r"(?:io\s+)?mi\s+sono\s+trasferit[oaie]\s+(?:a|in)\s+" + _V, "location", "{S} vive a {v}"),
        (r"(?:mi\s+chiamo|il\s+mio\s+nome\s+è)\s+" + _V, "name", "{S} si chiama {v}"),
        (r"(?:io\s+)?sono\s+di\s+" + _V, "origin", "{S} è di {v}"),
        (r"(?:io\s+)?vengo\s+da\s+" + _V, "origin", "{S} viene da {v}"),
        (r"(?:io\s+)?lavoro\s+(?:\S+\s+){0,2}?come\s+" + _V, "occupation", "{S} lavora come {v}"),
        # "lavoro da commessa": a role said with "da" (a lower-case noun; "da Esselunga" is where, "da casa" how)
        (r"(?:io\s+)?lavoro\s+da\s+" + _ROLE_AFTER_DE + _V, "occupation", "{S} lavora come {v}"),
        (r"(?:io\s+)?faccio\s+(?P<art>il|la|l')\s*" + _V, "occupation", "{S} fa {art} {v}"),
        (
            r"(?:io\s+)?lavoro\s+(?:\S+\s+){0,2}?(?:per|presso|da|alla|al)\s+(?P<v>[A-Z][^,;.!?]*?)",
            "employer",
            "{S} lavora presso {v}",
        ),
        (r"(?:io\s+)?ho\s+(?P<v>\d{1,3})\s+anni", "age", "{S} ha {v} anni"),
        (r"(?:io\s+)?sono\s+(?P<v>(?:vegan[oa]?|vegetarian[oa]|celiac[oa]))", "diet", "{S} è {v}"),
        (r"(?:io\s+)?mangio\s+(?P<v>carne|pesce)\s*$", "diet", "{S} mangia {v}"),
        (
            r"(?:io\s+)?(?:seguo|faccio)\s+una\s+dieta\s+(?P<v>vegana|vegetariana|senza\s+glutine|chetogenica|keto)",
            "diet",
            "{S} segue una dieta {v}",
        ),
        (
            r"(?:io\s+)?mangio\s+(?P<v>vegano|vegana|vegetariano|vegetariana|senza\s+glutine)\b",
            "diet",
            "{S} mangia {v}",
        ),
        (r"(?:io\s+)?sono\s+allergic[oa]\s+(?:a|al|alle|ai|agli)\s+" + _V, "allergy", "{S} è allergico a {v}"),
        (
            r"(?:io\s+)?ho\s+(?:un'|un\s+|una\s+)?allergia\s+(?:a|al|alle|ai|agli)\s+" + _V,
            "allergy",
            "{S} ha un'allergia a {v}",
        ),
        (r"mi\s+piace\s+" + _V, "like", "A {S_lower} piace {v}"),
        (r"(?:io\s+)?parlo\s+" + _V, "language", "{S} parla {v}"),
    ),
    "pt": (
        (
            r"(?:eu\s+)?(?:programo|desenvolvo)\s+(?:\S+\s+)?em\s+(?P<v>(?-i:[A-Z])[\w.+#-]*)(?:\s+[^,;.!?]*)?",
            "tool",
            "{S} programa em {v}",
        ),
        (r"(?:eu\s+)?(?:estou|sou)\s+(?P<v>aposentad[oa]|reformad[oa])", "occupation", "{S} está {v}"),
        (r"(?:eu\s+)?(?:me\s+formei|formei-me)\s+em\s+" + _V, "education", "{S} formou-se em {v}"),
        (r"(?:eu\s+)?nasci\s+(?:em|no|na)\s+" + _V, "origin", "{S} nasceu em {v}"),
        (
            r"(?:eu\s+)?(?:estou|tô|to)\s+(?:morando|vivendo|a\s+morar|a\s+viver)\s+(?P<prep>em|no|na)\s+" + _V,
            "location",
            "{S} mora {prep} {v}",
        ),
        (r"(?:eu\s+)?não\s+gosto\s+(?:nada\s+)?(?:de|do|da|dos|das)\s+" + _V, "dislike", "{S} não gosta de {v}"),
        (r"(?:eu\s+)?(?:odeio|detesto)\s+" + _V, "dislike", "{S} odeia {v}"),
        (
            r"(?:eu\s+)?fui\s+(?:morar|viver)\s+(?:junto\s+|juntos\s+|sozinh[oa]\s+)?(?:em|para|no|na|pra)\s+" + _V,
            "location",
            "{S} mora em {v}",
        ),
        (r"(?:eu\s+)?sou\s+(?P<v>casad[oa]|divorciad[oa]|solteir[oa]|viúv[oa])", "marital", "{S} é {v}"),
        (
            "(?:o\\s+)?(?:meu|minha)\\s+(?P<kind>cão|cachorro|cadela|gato|gata|coelho|papagaio|cavalo)\\s+(?:chama-se|se\\s+chama)\\s+(?P<v>(?-i:[A-ZÀ-ÝÄÖÜ])[\\w'à-ÿäöüß-]+)",
            "pet",
            "{S} tem um {kind} chamado {v}",
        ),
        (
            r"(?:eu\s+)?(?:estou\s+a\s+aprender|ando\s+a\s+aprender|(?:estou|tô|to)\s+aprendendo|aprendo)"
            r"\s+(?P<v>[^,;.!?]+?)(?:\s+sozinh[oa]s?\b.*)?",
            "goal",
            "{S} está a aprender {v}",
        ),
        (
            "(?:eu\\s+)?(?:tenho|temos)\\s+(?P<v>(?:um|uma|dois|duas|três|quatro|cinco|\\d)\\s+(?:filhos?|filhas?|crianças?|netos?|bebés?|bebês?)(?:\\s+de\\s+\\S+\\s+(?:anos|meses))?)",
            "family:kids",
            "{S} tem {v}",
        ),
        (
            "(?:eu\\s+)?(?:sou|estou)\\s+(?P<bond>casad[oa]|noiv[oa])\\s+(?P<prep>com|d[eoa])\\s+(?:o\\s+|a\\s+)?(?P<v>(?-i:[A-ZÀ-ÝÄÖÜ])[\\w'à-ÿäöüß-]+)",
            "partner",
            "{S} é {bond} {prep} {v}",
        ),
        (
            "(?:eu\\s+)?(?P<act>corro|nado|treino|medito|escalo|danço|caminho|pedalo)\\s+(?P<v>(?:todos|todas|cada|aos|às|duas|três|uma|quase)\\b[^,;.!?]*?)",
            "habit",
            "{S} {act3} {v}",
        ),
        (
            "(?:eu\\s+)?vou\\s+(?P<v>(?:ao\\s+ginásio|à\\s+academia|à\\s+piscina|ao\\s+yoga|correr|nadar)[^,;.!?]*?)",
            "habit",
            "{S} vai {v}",
        ),
        (
            "(?:o\\s+)?meu\\s+(?P<rel>marido|namorado|companheiro|noivo|parceiro)\\s+(?:chama-se|se\\s+chama)\\s+(?P<v>[A-ZÀ-Ý][\\wà-ÿ]+)|(?:a\\s+)?minha\\s+(?P<rel2>mulher|esposa|namorada|companheira|noiva|parceira)\\s+(?:chama-se|se\\s+chama)\\s+(?P<v2>[A-ZÀ-Ý][\\wà-ÿ]+)",
            "partner",
            "{S} tem um parceiro: {v} ({rel})",
        ),
        (
            "(?:eu\\s+)?(?:faço|pratico)\\s+(?P<v>(?:" + _PRACTICE_ALT["pt"] + ")[^,;.!?]*?)",
            "habit",
            "{S} faz {v}",
        ),
        (
            "(?:migramos|mudamos|passamos|mudei|migrei|passei)\\s+(?:\\S+\\s+){0,4}?(?:para|pro|pra)\\s+(?:o\\s+|a\\s+)?(?P<v>(?-i:[A-Z]|[a-z][A-Z])[\\w.+#-]*(?:\\s+(?-i:[A-Z0-9])[\\w.+#-]*)?)",
            "tool",
            "{S} usa agora {v}",
        ),
        (
            "(?:eu\\s+)?(?:tenho|temos)\\s+(?:um|uma)\\s+(?P<kind>cão|cachorro|cadela|gato|gata|coelho|papagaio|cavalo)\\s+(?:que\\s+se\\s+chama|chamad[oa])\\s+(?P<v>[A-ZÀ-Ý][\\wà-ÿ]+)",
            "pet",
            "{S} tem um {kind} chamado {v}",
        ),
        (
            "(?:eu\\s+)?(?:tenho|temos)\\s+(?:um|uma)\\s+(?P<v>(?-i:[A-Z]|[a-z][A-Z])[\\w+-]*(?:\\s+(?-i:[A-Z0-9])[\\w+-]*){0,3})",
            "own",
            "{S} tem um {v}",
        ),
        (
            "(?:eu\\s+)?sou\\s+(?:um|uma)?\\s*(?P<v>(?:medic|médic|médecin|ingegner|ingenier|ingénieu|engenheir|infermier|enfermer|enfermeir|infirmi|insegnant|professor|profesor|professeu|prof|avvocat|abogad|advogad|avocat|architett|arquitect|architecte|arquitet|programmat|programador|programmeu|sviluppat|desarrollador|développeu|desenvolvedor|developer|designer|diseñador|studente|estudiante|étudiant|estudante|giornalist|periodist|journalist|jornalist|cuoc|cociner|cuisini|cozinheir|chef|dentist|veterinari|veterinár|vétérinaire|farmacist|farmacéutic|pharmacien|contabil|contador|comptable|commercialista|psicolog|psycholog|psicólog|musicist|músic|musicien|camarer|camerier|serveu|traduttor|traductor|traducteur|traductrice|traduttric|tradutor|ricercat|investigador|chercheu|pesquisador|scienziat|científic|scientifique|cientista|analista|consulent|consultor|consultant|fotograf|photograph|fotógraf|enseignant|maestr|docente|carpinter|elettricist|electricista|électricien|eletricista|idraulic|fontaner|plombi|canalizador|panader|boulang|panettier|padeir|agricult|contadin)\\w*[^,;.!?]*?)",
            "occupation",
            "{S} é {v}",
        ),
        (
            "(?:eu\\s+|nós\\s+)?(?:uso|usamos|utilizo|utilizamos|trabalho\\s+com|trabalhamos\\s+com)\\s+(?:o\\s+|a\\s+)?(?P<v>(?-i:[A-Z]|[a-z][A-Z])[\\w.+#-]*(?:\\s+(?-i:[A-Z0-9])[\\w.+#-]*)?)(?P<rest>\\s+[^,;.!?]*)?",
            "tool",
            "{S} usa {v}{rest}",
        ),
        ("(?:eu\\s+)?jogo\\s+(?:o\\s+|a\\s+)?(?P<v>[^,;.!?]+?)", "habit", "{S} joga {v}"),
        (
            "(?:eu\\s+)?tenho\\s+(?P<v>(?:uma?\\s+)?(?:consulta|entrevista|exame|voo|reunião|casamento|cirurgia|aula|viagem)(?:\\s+(?:de|com|no|na|em)\\s+[^,;.!?]+?)?)",
            "event",
            "{S} tem {v}",
        ),
        (
            r"(?:eu\s+)?(?:moro|vivo)\s+(?:(?:agora|atualmente|hoje|juntos|sozinh[oa])\s+)*(?P<prep>em|no|na|nos|nas)\s+"
            + _V,
            "location",
            "{S} mora {prep} {v}",
        ),
        (
            r"(?:eu\s+)?(?:me\s+mudei|mudei-me|mudei)\s+(?:\S+\s+){0,2}?(?:para|pra|pro)\s+(?:o\s+|a\s+)?" + _V,
            "location",
            "{S} mora em {v}",
        ),
        (
            r"(?:meu\s+nome\s+é|o\s+meu\s+nome\s+é|chamo-me|eu\s+me\s+chamo|me\s+chamo)\s+" + _V,
            "name",
            "{S} chama-se {v}",
        ),
        (r"(?:eu\s+)?sou\s+(?P<prep>de|do|da)\s+" + _V, "origin", "{S} é {prep} {v}"),
        (r"(?:eu\s+)?trabalho\s+(?:\S+\s+){0,2}?como\s+" + _V, "occupation", "{S} trabalha como {v}"),
        # "trabalho de motorista": a role said with "de" (a lower-case noun; "de casa", "de noite" say how or when)
        (r"(?:eu\s+)?trabalho\s+de\s+" + _ROLE_AFTER_DE + _V, "occupation", "{S} trabalha como {v}"),
        (
            r"(?:eu\s+)?sou\s+(?P<v>(?:engenheir|médic|enfermeir|professor|advogad|programador|desenvolvedor|arquitet|estudante|designer|cozinheir|jornalista|contador|dentista|veterinári|músic)\w*(?:\s+\w+)?)",
            "occupation",
            "{S} é {v}",
        ),
        (
            # "trabalho numa padaria em Setúbal": the workplace is said, not only its town (foreign_workplace)
            r"(?:eu\s+)?trabalho\s+(?:(?!numa?\b|uma?\b)\S+\s+){0,2}?(?:na|no|em|para)\s+(?P<v>[A-Z][^,;.!?]*?)",
            "employer",
            "{S} trabalha em {v}",
        ),
        (r"(?:eu\s+)?tenho\s+(?P<v>\d{1,3})\s+anos", "age", "{S} tem {v} anos"),
        (r"(?:eu\s+)?sou\s+(?P<v>(?:vegan[oa]?|vegetarian[oa]|celíac[oa]))", "diet", "{S} é {v}"),
        (r"(?:eu\s+)?como\s+(?P<v>carne|peixe)\s*$", "diet", "{S} come {v}"),
        (
            r"(?:eu\s+)?(?:sigo|faço)\s+uma\s+dieta\s+(?P<v>vegana|vegetariana|sem\s+glúten|cetogénica|cetogênica|keto)",
            "diet",
            "{S} segue uma dieta {v}",
        ),
        (r"(?:eu\s+)?como\s+(?P<v>vegano|vegana|vegetariano|vegetariana|sem\s+glúten)\b", "diet", "{S} come {v}"),
        (r"(?:eu\s+)?sou\s+alérgic[oa]\s+(?:a|ao|à|aos|às)\s+" + _V, "allergy", "{S} é alérgico a {v}"),
        (r"(?:eu\s+)?tenho\s+(?:uma\s+)?alergia\s+(?:a|ao|à|aos|às)\s+" + _V, "allergy", "{S} tem alergia a {v}"),
        (r"(?:eu\s+)?gosto\s+(?:muito\s+)?(?:de|do|da|dos|das)\s+" + _V, "like", "{S} gosta de {v}"),
        (r"(?:eu\s+)?falo\s+" + _V, "language", "{S} fala {v}"),
        (
            r"(?:eu\s+)?estudo\s+(?!(?:muito|pouco|bastante|para|por|hoje|agora|todos|todas|cada|em|com|quando)\b)"
            r"(?P<v>[^,;.!?]+?)",
            "education",
            "{S} estuda {v}",
        ),
    ),
}
# Where a value ends, in the message's own language ("ma" is Italian "but" and French "my").
_END_WORDS = {
    "de": "und|aber|weil|seit",
    "es": "y|pero|porque|desde",
    "fr": "et|mais|parce|depuis",
    "it": "e|ma|perché|da",
    "pt": "e|mas|porque|há",
}
_COMPILED_FRAMES = {
    lang: tuple(
        (_rx(r"^" + pattern + rf"\s*(?=$|[,;.!?]|\s+(?:{_END_WORDS[lang]})\b)"), slot, template)
        for pattern, slot, template in frames
    )
    for lang, frames in _FOREIGN_FRAMES.items()
}
_MULTI_SLOTS = frozenset({"like", "dislike", "allergy", "language", "tool", "habit", "event", "pet", "own", "goal"})

# Endings: "I stopped <infinitive>", "I left <employer>"; the rest is what ended. ("I no longer <verb>" is
# read before these, by _without_negation.)
_FOREIGN_ENDINGS: dict[str, tuple[str, ...]] = {
    "de": (
        r"ich\s+habe\s+aufgehört,?\s+(?:zu\s+)?(?P<rest>.+?)",
        r"ich\s+habe\s+(?:\S+\s+){0,3}?(?P<rest>.+?)\s+aufgehört",
        r"ich\s+habe\s+(?P<rest>.+?)\s+verlassen",
    ),
    "es": (
        r"(?:yo\s+)?(?:dej[ée]|he\s+dejado|ya\s+dej[ée])\s+de\s+(?P<rest>.+)",
        r"(?:yo\s+)?(?:dej[ée]|he\s+dejado)\s+(?P<rest>.+)",
    ),
    "fr": (
        r"j'ai\s+arrêté\s+(?:de\s+|d')?(?P<rest>.+)",
        r"j'ai\s+quitté\s+(?P<rest>.+)",
    ),
    "it": (
        r"(?:io\s+)?ho\s+smesso\s+di\s+(?P<rest>.+)",
        r"(?:io\s+)?ho\s+lasciato\s+(?P<rest>.+)",
    ),
    "pt": (
        r"(?:eu\s+)?(?:deixei|parei)\s+de\s+(?P<rest>.+)",
        r"(?:eu\s+)?saí\s+(?:da|do|de)\s+(?P<rest>.+)",
    ),
}
_COMPILED_ENDINGS = {lang: tuple(_rx(r"^" + p + r"$") for p in pats) for lang, pats in _FOREIGN_ENDINGS.items()}
_STOP_TEMPLATES = {
    "de": "{S} hat mit {rest} aufgehört",
    "es": "{S} dejó de {rest}",
    "fr": "{S} a arrêté de {rest}",
    "it": "{S} ha smesso di {rest}",
    "pt": "{S} deixou de {rest}",
}
_LEFT_TEMPLATES = {
    "de": "{S} hat {rest} verlassen",
    "es": "{S} dejó {rest}",
    "fr": "{S} a quitté {rest}",
    "it": "{S} ha lasciato {rest}",
    "pt": "{S} saiu de {rest}",
}
_FOREIGN_LEAD_IN = _rx(
    r"^(?:(?:hallo|hi|hey|hola|bonjour|salut|ciao|olá|ola|oi|also|bueno|pues|alors|eh\s+bien|ja|sí|si|oui|sim"
    r"|übrigens|por\s+cierto|au\s+fait|comunque|a\s+proposito|aliás|ah|oh|und|y|et|e|mais|pero|aber|ma|mas"
    r"|ahora|jetzt|maintenant|ora|adesso|agora|inzwischen|actualmente|désormais|hoje\s+em\s+dia"
    r"|eigentlich|en\s+realidad|en\s+fait|in\s+realtà|na\s+verdade"
    # sentence adverbs: how the speaker feels about what follows, never its verb
    r"|finalmente|per\s+fortuna|fortunatamente|purtroppo|sfortunatamente|insomma|allora|beh|dunque|ultimamente"
    r"|por\s+fin|al\s+final|afortunadamente|lamentablemente|por\s+suerte|desgraciadamente|total|oye|mira"
    r"|enfin|bref|finalement|heureusement|malheureusement|du\s+coup|bon|ben|bah|en\s+tout\s+cas"
    r"|zum\s+glück|leider|endlich|schließlich|na\s+ja|naja|tja|übrigens|ehrlich\s+gesagt"
    r"|infelizmente|felizmente|enfim|pois|bem|olha|afinal"
    # free time: what follows is a hobby, said as any statement
    r"|nel\s+(?:mio\s+)?tempo\s+libero|en\s+mi\s+tiempo\s+libre|(?:pendant|dans)\s+mon\s+temps\s+libre"
    r"|in\s+meiner\s+freizeit|no\s+meu\s+tempo\s+livre|nos\s+tempos\s+livres"
    # what a removed date leaves: "(Há dois anos) que moro em Curitiba"
    r"|que"
    # a heading of one word before a colon: "Novità:", "Update:"
    r"|(?-i:[A-ZÀ-Ý])\w+(?=\s*:))(?:\s*[,.!:;-]+\s*|\s+))+"
)
_FOREIGN_CLAUSE_SPLIT = {
    "de": _rx(
        r"\s*,?\s+(?:und|aber|sondern)\s+(?=(?:ich(?!\s+(?:\w+en|sind|haben|waren|hatten)\b)|wir|mein|meine|jetzt|seit|wohne|lebe|arbeite|bin|habe|komme|heiße|spreche|mag|liebe)\b)|\s*[,;]\s+(?=ich\b)|\s*[,;]\s+(?=(?:jetzt|nun|seitdem|inzwischen|dann|danach|heute|mittlerweile)\s+\w+\s+ich\b)"
    ),
    "es": _rx(
        r"\s*,?\s+(?:y|pero|aunque)\s+(?=(?:(?:desde|en|a|el)\s+\w+\s+)?(?:yo(?!\s+(?:\w+(?:amos|emos|imos)|nos)\b)|me|mi|soy|estoy|tengo|tenemos|vivo|vivimos|trabajo|trabajamos|usamos|uso|ya|ahora|hablo|dej|cambié|empecé|pasé|volví)\w*)|\s*[,;]\s+(?=(?:yo|me|mi|soy|tengo|vivo|trabajo|ya|ahora)\b)"
    ),
    "fr": _rx(r"\s*,?\s+(?:et|mais)\s+(?=(?:je|j'|mon|ma|mes|maintenant|nous|on)\b)|\s*[,;]\s+(?=(?:je|j')\b)"),
    "it": _rx(
        r"\s*,?\s+(?:e|ma|però)\s+(?=(?:(?:da|dal|dalla|a|ad|in|nel|poi)\s+\w+\s+)?(?:io(?!\s+(?:\w+iamo|ci|abbiamo|siamo)\b)|mi|sono|ho|abbiamo|vivo|abito|lavoro|faccio|non|ora|adesso|parlo|usiamo|uso)\b)|\s*[,;]\s+(?=(?:io|mi|sono|ho|vivo|abito|lavoro|faccio|non|ora)\b)"
    ),
    "pt": _rx(
        r"\s*,?\s+(?:e|mas)\s+(?=(?:(?:desde|em|no|na)\s+\w+\s+(?:\w+\s+)?)?(?:eu(?!\s+(?:\w+(?:amos|ámos|emos|imos)|nos)\b)|me|meu|minha|sou|tenho|temos|moro|vivo|trabalho|usamos|uso|migramos|mudamos|já|agora|não|falo|gosto|deixei|parei|mudei|troquei|passei|migrei|comecei|larguei)\b)|\s*[,;]\s+(?=(?:eu|me|meu|minha|sou|tenho|moro|trabalho|já|agora)\b)"
    ),
}
# First-person present -> third person for the ending template: "rauche" -> "raucht".
_DE_IRREGULAR_3SG = {
    "bin": "ist",
    "habe": "hat",
    "esse": "isst",
    "lese": "liest",
    "spreche": "spricht",
    "fahre": "fährt",
    "fange": "fängt",
    "laufe": "läuft",
    "schlafe": "schläft",
    "trage": "trägt",
    "halte": "hält",
    "lasse": "lässt",
    "wasche": "wäscht",
    "gebe": "gibt",
    "nehme": "nimmt",
    "sehe": "sieht",
    "helfe": "hilft",
    "treffe": "trifft",
    "werde": "wird",
}


def _de_third_person(verb: str) -> str:
    lower = verb.lower()
    if lower in _DE_IRREGULAR_3SG:
        return _DE_IRREGULAR_3SG[lower]
    if lower.endswith(("te", "de")):
        return lower[:-1] + "et"
    if len(lower) > 3 and lower.endswith(("le", "re")) and lower[-3] not in "aeiouäöüylrh":
        # a verb in -eln or -ern drops its "e" in the first person only: "sammle" -> "sammelt", "wandre" ->
        # "wandert" (not "sammlt"); never after "h", which ends a stem ("ernähre" -> "ernährt", "fühle" -> "fühlt")
        return lower[:-2] + "e" + lower[-2] + "t"
    if lower.endswith("e"):
        return lower[:-1] + "t"
    return lower


_ROMANCE_1SG_TO_3SG = {
    # Only verbs whose third person cannot be told from the first person's ending.
    "es": {
        "soy": "es",
        "tengo": "tiene",
        "voy": "va",
        "hago": "hace",
        "juego": "juega",
        "como": "come",
        "vivo": "vive",
        "bebo": "bebe",
        "fumo": "fuma",
        "trabajo": "trabaja",
        "uso": "usa",
        "salgo": "sale",
        "estoy": "está",
        "como carne": "come carne",
        "corro": "corre",
        "escalo": "escala",
        "remo": "rema",
    },
    "it": {
        "sono": "è",
        "ho": "ha",
        "vado": "va",
        "faccio": "fa",
        "gioco": "gioca",
        "mangio": "mangia",
        "bevo": "beve",
        "fumo": "fuma",
        "vivo": "vive",
        "lavoro": "lavora",
        "uso": "usa",
        "abito": "abita",
        "corro": "corre",
    },
    "pt": {
        "sou": "é",
        "tenho": "tem",
        "vou": "vai",
        "faço": "faz",
        "jogo": "joga",
        "como": "come",
        "bebo": "bebe",
        "fumo": "fuma",
        "moro": "mora",
        "trabalho": "trabalha",
        "uso": "usa",
        "estou": "está",
        "corro": "corre",
        "vivo": "vive",
    },
    "fr": {
        "suis": "est",
        "ai": "a",
        "vais": "va",
        "fais": "fait",
        "fume": "fume",
        "mange": "mange",
        "bois": "boit",
        "joue": "joue",
        "travaille": "travaille",
        "habite": "habite",
        "utilise": "utilise",
        "cours": "court",
    },
}


def _third_person_romance(words: str, language: str) -> str:
    """The first word of a first-person verb phrase, in the third person (best effort)."""
    first, _, rest = words.partition(" ")
    table = _ROMANCE_1SG_TO_3SG.get(language, {})
    lower = first.lower()
    if lower in table:
        first = table[lower]
    elif known := foreign_verbs.third_person(lower, language):
        first = known  # "prefiero" -> "prefiere", "sto" -> "sta": the ending or the verb tells the class
    elif language in ("es", "it", "pt") and lower.endswith("o") and len(lower) > 3:
        first = lower[:-1] + "a"  # most regular verbs are -ar/-are; wrong for -er/-ir, still readable
    return f"{first} {rest}".strip()


def _stop_text(subject: str, rest: str, language: str) -> str:
    line = _STOP_TEMPLATES[language].format(S=subject, rest=rest)
    if language == "fr" and not _match(r"(?i)\w+(?:er|ir|re)\b", rest):
        line = line.replace(" a arrêté de ", " a arrêté ")  # "a arrêté le piano", "a arrêté de fumer"
    return line


def _elided(text: str, language: str) -> str:
    """French elision: "de aller" -> "d'aller"."""
    return (
        _sub(r"(?i)\b(de|ne|je|le)\s+(?=[aeiouyhéè])", lambda m: m.group(1)[0] + "'", text)
        if language == "fr"
        else text
    )


# How much one likes, said where the thing liked would be ("mi piace un sacco", "me gusta mucho").
_HOW_MUCH = frozenset(
    (
        *("un sacco", "molto", "tanto", "tantissimo", "moltissimo", "da morire", "mucho", "muchísimo", "un montón"),
        *("un monton", "bastante", "beaucoup", "grave", "trop", "énormément", "muito", "demais", "pra caramba"),
        *("sehr", "total", "echt", "voll"),
    )
)


def _foreign_value_ok(value: str, slot: str) -> bool:
    if not value or len(value.split()) > 6:
        return False
    if slot.startswith("like") and value.lower().strip(" .!") in _HOW_MUCH:
        return False
    if slot in ("location", "origin", "name", "employer"):
        return value[0].isupper() or value[0].isdigit()
    return True


# "No longer" in each language: removing it leaves the statement that ended.
_NEGATION = {
    "de": (_rx(r"\bnicht\s+mehr\b"), _rx(r"\bkein(?:e|en|em|er)?\s+(?P<keep>.+?)\s+mehr\b")),
    "es": (_rx(r"\bya\s+no\b"), _rx(r"\bno\s+(?P<keep>.+?)\s+(?:más|nunca\s+más)\b")),
    "fr": (_rx(r"\bne\s+(?P<keep>.+?)\s+plus\b"), _rx(r"\bn'(?P<keep>.+?)\s+plus\b")),
    "it": (_rx(r"\bnon\s+(?P<keep>.+?)\s+più\b"), _rx(r"\bnon\s+più\b")),
    "pt": (_rx(r"\bjá\s+não\b"), _rx(r"\bnão\s+(?P<keep>.+?)\s+mais\b")),
}
_PRONOUN = _rx(r"^(?:ich|yo|je|j'|io|eu)\s*")
_NEGATED_FORM = {
    "de": "{S} {verb} nicht mehr {rest}",
    "es": "{S} ya no {verb} {rest}",
    "fr": "{S} ne {verb} plus {rest}",
    "it": "{S} non {verb} più {rest}",
    "pt": "{S} já não {verb} {rest}",
}


def _without_negation(text: str, language: str) -> str | None:
    """The positive statement inside a "no longer" clause, or None when there is no such marker."""
    for pattern in _NEGATION.get(language, ()):
        m = pattern.search(text)
        if m:
            keep = m.groupdict().get("keep") or ""
            positive = _sub(r"\s+", " ", (text[: m.start()] + " " + keep + " " + text[m.end() :])).strip()
            if language == "fr":
                positive = _sub(r"(?i)\bje\s+(?=[aeiouyhéè])", "j'", positive)
            return positive
    return None


def _negation_start(text: str, language: str) -> int:
    """Where the first "no longer" marker of ``language`` starts in ``text`` (0 when there is none)."""
    starts = [m.start() for pattern in _NEGATION.get(language, ()) if (m := pattern.search(text))]
    return min(starts, default=0)


def third_person_verb(verb: str, language: str) -> str:
    if language == "de":
        return _de_third_person(verb)
    if language == "fr":
        lower = verb.lower()
        if lower in _ROMANCE_1SG_TO_3SG["fr"]:
            return _ROMANCE_1SG_TO_3SG["fr"][lower]
        if known := foreign_verbs.third_person(lower, language):
            return known  # "prends" -> "prend"
        return _sub(r"[sx]$", "t", lower) if _search(r"[^e][sx]$", lower) else lower  # "vis" -> "vit"
    return _third_person_romance(verb, language)


def _negated_text(positive: str, language: str) -> str:
    body = _PRONOUN.sub("", positive.strip())
    verb, _, rest = body.partition(" ")
    line = _NEGATED_FORM[language].format(S=subject_for(language), verb=third_person_verb(verb, language), rest=rest)
    if language == "fr":
        line = _sub(r"\bne\s+(?=[aeiouyhéè])", "n'", line)
    return _sub(r"\s+", " ", line).strip()


# Someone of the user's who died, or a partner who is no longer one: retractions by name.
_DEATH = {
    "de": r"(?:(?i:mein|meine|unser|unsere)\s+)?"
    r"(?P<n>[A-ZÄÖÜ][\wäöüß]+)\s+ist\s+(?:\S+\s+){0,3}?(?:gestorben|verstorben|eingeschläfert\s+worden)",
    "es": r"(?P<n>[A-ZÁÉÍÓÚÑ][\wáéíóúñ]+)\s+(?:murió|ha\s+muerto|falleció|ha\s+fallecido)",
    "fr": r"(?P<n>[A-ZÀ-Ý][\wà-ÿ]+)\s+(?:est\s+mort|est\s+morte|est\s+décédée?|nous\s+a\s+quittés)",
    "it": r"(?P<n>[A-ZÀ-Ý][\wà-ÿ]+)\s+(?:è\s+morto|è\s+morta|è\s+mancat[oa]|ci\s+ha\s+lasciati)",
    "pt": r"(?:(?i:o|a)\s+)?(?P<n>[A-ZÀ-Ý][\wà-ÿ]+)\s+(?:morreu|faleceu)",
}
_DEATH_FORM = {
    "de": "{n} ist gestorben",
    "es": "{n} murió",
    "fr": "{n} est mort",
    "it": "{n} è morto",
    "pt": "{n} morreu",
}
_BREAKUP = {
    "de": r".*\b(?:(?:wir\s+)?haben\s+uns\s+(?:\S+\s+){0,3}?getrennt|(?:sind|haben\s+uns)\s+geschieden)",
    "es": r".*\b(?:nos\s+(?:separamos|divorciamos|dejamos)|lo\s+dejamos|rompimos|terminamos)",
    "fr": r".*\b(?:on\s+s'est\s+séparés?|nous\s+nous\s+sommes\s+séparés?|on\s+a\s+rompu|c'est\s+fini|on\s+a\s+divorcé)",
    "it": r".*\b(?:ci\s+siamo\s+lasciati|abbiamo\s+rotto|ci\s+siamo\s+separati|abbiamo\s+divorziato)",
    "pt": r".*\b(?:nos\s+separamos|terminamos|nos\s+divorciamos|acabámos|acabamos)",
}
_BREAKUP_FORM = {
    "de": "{S} hat sich getrennt{n}",
    "es": "{S} se separó{n}",
    "fr": "{S} s'est séparé{n}",
    "it": "{S} si è lasciato{n}",
    "pt": "{S} separou-se{n}",
}
_WITH = {"de": " von {n}", "es": " de {n}", "fr": " de {n}", "it": " da {n}", "pt": " de {n}"}


def _ending_of_someone(text: str, language: str, companion: str = "") -> list[ForeignDraft]:
    m = _match(_DEATH.get(language, r"\b\B"), text)
    if m:
        name = m.group("n")
        return [ForeignDraft(_DEATH_FORM[language].format(n=name), f"*:{name.lower()}", name, "fact", True)]
    m = _match(_BREAKUP.get(language, r"\b\B"), text, re.IGNORECASE)
    if m:
        named = _search(r"(?-i:[A-ZÀ-Ý])[\wà-ÿ]+", companion) or _search(r"(?-i:[A-ZÀ-Ý])[\wà-ÿ]+", text[1:])
        with_ = _WITH[language].format(n=named.group(0)) if named else ""
        line = _BREAKUP_FORM[language].format(S=subject_for(language), n=with_)
        return [ForeignDraft(line, "partner", named.group(0) if named else "", "fact", True)]
    return []


def foreign_statements(clause: str, language: str) -> list[ForeignDraft]:
    """Facts from one clause in a language other than English, written in that language."""
    clause = clause.strip()
    if language == "fr" and _match(r"(?i)ma\s", clause):
        text = clause  # French "ma" is "my", not Italian "but"
    else:
        text = _FOREIGN_LEAD_IN.sub("", clause).strip(" ,;:-")
    if not text:
        return []
    if language == "de":
        text = foreign_clauses.subject_first(text)
    subject = subject_for(language)
    if styled := foreign_clauses.style_request(text, language, subject):
        return _drafts(styled)  # "rispondimi sempre in italiano", "tutoie-moi"
    if foreign_clauses.imagined(text, language):
        return []  # "se avessi", "si tuviera", "wenn ich ... würde": nothing is stated
    if died := foreign_clauses.death_of_someone(text, language, subject):
        return _drafts(died)
    if size := foreign_clauses.household(text, language):
        return _drafts(size)  # "en casa somos cuatro"
    partner = _drafts(foreign_clauses.partner_mentioned(text, language, subject))
    # "Abitiamo a Padova", "Lena und ich wohnen in Kassel": the family's or couple's facts are the user's
    we = foreign_clauses.singular(text, language)
    companion = _drafts(foreign_clauses.partner_named(we.companion, language, subject)) if we.companion else partner
    if ended := _ending_of_someone(text, language, we.companion):
        return ended
    if named := foreign_clauses.pets(we.text, language, subject):
        return companion + _drafts(named)
    if swapped := foreign_clauses.instead(we.text, language, subject):
        return companion + _drafts(swapped)  # "uso Notion invece di Evernote"
    return companion + _clause_statements(we.text, language)


def _drafts(events: list[foreign_clauses.Event]) -> list[ForeignDraft]:
    return [ForeignDraft(e.text, e.slot, e.value, e.kind, e.negated) for e in events]


def _clause_statements(text: str, language: str) -> list[ForeignDraft]:
    """What a first-person singular clause states: an ending, a past event or a statement."""
    subject = subject_for(language)
    if _without_negation(text, language) is None and (
        said := (
            foreign_clauses.relative_statement(text, language)
            or foreign_clauses.married(text, language, subject)
            or foreign_clauses.dating(text, language, subject)
        )
    ):
        return _drafts(said)  # not when said as ended: "ich bin nicht mehr mit Anna zusammen"
    return [d for part in foreign_clauses.restated(text, language) for d in _one_clause(part, language)]


def _one_clause(text: str, language: str) -> list[ForeignDraft]:
    positive = _without_negation(text, language)
    if positive is not None:
        # "Já não moro em Braga": what the positive frames read in "moro em Braga", retracted.
        found = _positive_frames(positive, language)
        if found:
            return [
                ForeignDraft(_negated_text(positive, language), d.slot, d.value, d.kind, negated=True) for d in found
            ]
        body = _PRONOUN.sub("", positive)
        if not body or len(body.split()) > 6:
            return []
        if foreign_people.someone_else_ends(text, _negation_start(text, language), language):
            return []  # "Il ne travaille plus chez Renault", "Marco non lavora più": not the user's ending
        if partner := foreign_people.partner_left(positive, language):
            # "ya no estoy con Javier": the partner ends
            return [ForeignDraft(_negated_text(positive, language), "partner", partner, "fact", negated=True)]
        # Imported here: clauses reads this module's verb lexicon when it loads, so frames cannot import it first.
        from shared.providers.offline import clauses

        if not _PRONOUN.match(positive) and not clauses.is_first_person_verb(body.split()[0], language):
            return []  # "(il gatto) non mangia più": someone else's verb, not the user's ending
        verb, _, rest = body.partition(" ")
        stem = _de_stem(verb) if language == "de" else _romance_stem(verb)
        return [
            ForeignDraft(
                _negated_text(positive, language), f"habit:{_slug(stem + ' ' + rest)}", body, "fact", negated=True
            )
        ]
    subject = subject_for(language)
    for pattern in _COMPILED_ENDINGS.get(language, ()):
        m = pattern.match(text)
        if not m:
            continue
        rest = foreign_clauses.cut_tail(_tidy(m.groupdict().get("rest") or ""))  # "..., porque no tengo tiempo"
        if not rest:
            continue
        if any(
            word in pattern.pattern
            for word in ("verlassen", "quitté", "lasciato", "saí", "dej[ée]|he\\s+dejado)\\s+(?P<rest>")
        ):
            # "I left <an employer>": a named organisation, not "left the house".
            named = _sub(r"^(?:la|il|lo|l'|le|el|los|a|o|die|den|das|meine[nm]?|mi|mon|ma)\s*", "", rest, flags=re.I)
            if not named or not named[0].isupper():
                continue
            rest = named
            return [
                ForeignDraft(_LEFT_TEMPLATES[language].format(S=subject, rest=rest), "employer", rest, "fact", True)
            ]
        # "ho smesso di lavorare in Fiat", "dejé de usar Facebook": what "lavoro in Fiat" would state ends
        stated = foreign_people.as_first_person(rest, language)
        ended = [d for d in (_positive_frames(stated, language) if stated else []) if not d.slot.startswith("habit")]
        if ended:
            line = _elided(_stop_text(subject, rest, language), language)
            return [ForeignDraft(line, d.slot, d.value, "fact", True) for d in ended[:1]]
        if language == "de" and (at := _match(r"(?i)^(?:bei|für)\s+(?:der\s+|dem\s+)?(?P<n>(?-i:[A-ZÄÖÜ])\S+)$", rest)):
            # "ich habe im März bei Siemens aufgehört": the employer ends
            return [
                ForeignDraft(
                    f"{subject} arbeitet nicht mehr bei {at.group('n')}", "employer", at.group("n"), "fact", True
                )
            ]
        # "I stopped <doing something>": the activity ends.
        if language == "de":
            # "vor kurzem mit dem Rauchen (aufgehört)": the activity, without when and "mit"
            rest = _sub(r"(?i)^(?:(?:vor\s+kurzem|gerade|endlich|schon|jetzt|nun)\s+)*(?:mit\s+)?", "", rest) or rest
        first, _, tail = rest.partition(" ")
        stem = _de_stem(first) if language == "de" else _romance_stem(first)
        key = f"{stem} {tail}".strip() if language != "de" else " ".join(reversed(rest.rsplit(" ", 1)))
        key = _sub(r"(?i)\b(?:dem|der|den|das|die)\b", "", key)
        return [
            ForeignDraft(
                _elided(_stop_text(subject, rest, language), language),
                f"habit:{_slug(key)}",
                rest,
                "fact",
                True,
            )
        ]
    if events := foreign_clauses.past_events(text, language, subject):
        # "ho venduto la moto", "j'ai remplacé X par Y", "compré una bici": what the user did
        return _drafts(events)
    return _positive_frames(text, language)


_PLACE_TAIL = re.compile(
    r"\s+(?:à|a|en|in|em|no|na|au|nel|nella|bei|aus)\s+(?P<p>[A-ZÀ-Ý][\w'-]*(?:\s+[A-ZÀ-Ý][\w'-]*)*)$"
)
_LOCATION_FORM = {
    "de": "{S} wohnt in {p}",
    "es": "{S} vive en {p}",
    "fr": "{S} habite à {p}",
    "it": "{S} vive a {p}",
    "pt": "{S} mora em {p}",
}


# "jeden Montag Fußball": how often is not what; the activity names the habit's slot.
_FREQUENCY_LEAD = _rx(
    r"^(?:(?:jeden|jede|jedes|cada|todos\s+los|todas\s+las|tous\s+les|toutes\s+les|chaque|ogni|tutti\s+i|tutte\s+le"
    r"|todos\s+os|todas\s+as|am|el|le|il|los|les|nos|aos)\s+\w+\s+)+"
)


def _positive_frames(text: str, language: str) -> list[ForeignDraft]:
    subject = subject_for(language)
    for pattern, slot, template in _COMPILED_FRAMES.get(language, ()):
        m = pattern.match(text)
        if not m:
            continue
        if slot == "language" and m.start("v") >= 0 and (listed := _listed_after(text, m.start("v"))):
            # "hablo inglés y francés": one language each, as in English
            lead = text[: m.start("v")]
            return [d for item in listed for d in _positive_frames(f"{lead}{item}", language)]
        groups = {k: (v or "") for k, v in m.groupdict().items()}
        groups["v"] = groups["v"] or groups.get("v2", "")
        groups["rel"] = groups.get("rel") or groups.get("rel2", "")
        value = _tidy(groups["v"])
        if slot in ("location", "origin", "employer"):
            # "bei der Telekom", "na Embraer": the name, without its article
            value = _sub(
                r"^(?:der|die|das|den|dem|el|la|le|il|lo|l'|o|a|os|as)\s+(?=(?-i:[A-ZÀ-Ý]))", "", value, flags=re.I
            )
        # The text keeps what was said ("gioca a padel con i suoi amici ogni domenica"); the value
        # that names the slot and is checked is the thing itself ("padel").
        core = _trimmed(value, slot)
        if slot == "family:kids":
            slot = _kin_slot(core)
            if named := _named_children(text[m.end() :], slot, language):
                return named  # "tengo dos hijos, Pablo y Lucía": one child per name, as in English
        extra: list[ForeignDraft] = []
        if slot == "occupation" and (tail := _PLACE_TAIL.search(value)):
            # "trabajo como médico en Quito": the place is a second fact.
            value = value[: tail.start()].strip()
            place = tail.group("p")
            if employer := foreign_people.employer_after_role(tail.group(0), language):
                extra.append(ForeignDraft(employer, "employer", place, "fact"))  # "sou professora na Escola Alfa"
            elif works := foreign_workplace.work_place_text(value, tail.group(0), language):
                # "trabajo de veterinaria en una clínica en Almadrones": the clinic's town, not the user's home
                extra.append(ForeignDraft(works, "employer", place, "fact"))
            elif place_names.is_known_town(place):
                extra.append(
                    ForeignDraft(_LOCATION_FORM[language].format(S=subject, p=place), "location", place, "fact")
                )
            else:
                # a firm is as often named here as a town ("soy ingeniero en Globant"): where one works, not a home
                extra.append(
                    ForeignDraft(foreign_workplace.works_in_text(tail.group(0), language), "employer", place, "fact")
                )
        if not _foreign_value_ok(core, slot):
            continue
        groups["v"] = value
        if "act" in groups:
            groups["act3"] = third_person_verb(groups["act"], language)  # "corro" -> "corre"
        if groups.get("bond"):
            # Engaged stays engaged; the subject ("l'utente", "o usuário") takes the masculine form.
            groups["bond"] = _masculine(groups["bond"].lower(), language)
        if "kind" in groups:
            kind = groups["kind"].lower()
            groups["Kind"] = kind.capitalize()
            groups["kind_article"] = "eine" if kind in ("katze",) else "einen"
            slot = "pet"
        line = template.format(S=subject, S_lower=subject[0].lower() + subject[1:], **groups)
        line = _sub(r"\bA el\b", "Al", line)  # Spanish contraction
        line = _sub(r"\bA l'", "All'", line)  # Italian contraction
        line = _sub(r"(?i)\b([ldj]')\s+", r"\1", line)  # "l' insegnante" -> "l'insegnante"
        line = foreign_clauses.possessives_third(line, language)  # "con mia moglie" -> "con sua moglie"
        # A habit is known by its activity ("yoga"), not by how often ("tous les matins").
        # A verb that is the activity ("corro todos os domingos") is keyed by its stem, as its ending is
        # ("parei de correr", "já não corro"): both "habit:corr", so the ending finds the habit.
        act = groups.get("act")
        act_key = _romance_stem(act) if act and language != "de" and language != "fr" else act
        activity = act_key or foreign_clauses.thing_of(_FREQUENCY_LEAD.sub("", core), language) or core
        key = activity if slot == "habit" else core
        if slot == "language":
            key = _sub(
                r"(?i)^(?:couramment|fluentemente|fließend|bien|bene|bem|gut|un\s+peu|un\s+po'|un\s+poco|um\s+pouco)\s+",
                "",
                key,
            )
        if slot in ("like", "dislike"):
            # a whole article ("les épinards" keyed "épinards", not "s-épinards")
            key = _sub(r"(?i)^(?:(?:el|la|los|las|il|lo|i|gli|le|les|o|a|os|as|der|die|das|den)\s+|l')", "", key)
        full_slot = f"{slot}:{_slug(key)}" if slot in _MULTI_SLOTS else slot
        if slot in ("own", "tool") and (kind_of := foreign_clauses.product_kind(core)):
            # "un Samsung Galaxy S21", "al iPhone 15": both the user's phone, so the later replaces the earlier
            full_slot = f"own:{kind_of}"
            line = foreign_clauses.as_owned(line, language)
        kind = "preference" if slot in ("like", "dislike") else ("event" if slot == "event" else "fact")
        return [ForeignDraft(_sub(r"\s+", " ", line), full_slot, value, kind), *extra]
    return []


_LIST_ITEMS = re.compile(r"\s*,\s*(?:(?:y|e|et|und|ed)\s+)?|\s+(?:y|e|et|und|ed)\s+", re.IGNORECASE)


def _listed_after(text: str, start: int) -> list[str]:
    """The items of a short list of one-word values from ``start`` to the end ("inglés, francés y alemán"),
    or nothing when what follows is no such list."""
    items = [i for i in _LIST_ITEMS.split(text[start:].strip(" .!")) if i]
    if len(items) < 2 or len(items) > 5 or any(len(i.split()) > 1 for i in items):
        return []
    return items


# What follows the value but is no part of it: company ("con i miei amici"), rhythm ("ogni domenica"),
# how much ("molto il jazz").
_COMPANY_TAIL = _rx(r"\s+(?:con|with|avec|mit|com|insieme|juntos|juntas|ensemble|zusammen)\b.*$")
_RHYTHM_TAIL = _rx(
    r"\s+(?:ogni|tutti\s+i|tutte\s+le|cada|todos\s+los|todas\s+las|chaque|tous\s+les|toutes\s+les|jeden|jede"
    r"|jedes|todos\s+os|todas\s+as|da\s+quando|desde\s+que|depuis\s+que|seit\s+ich)\b.*$"
)
_INTENSIFIER = _rx(r"^(?:molto|moltissimo|tanto|un\s+sacco|mucho|muchísimo|muito|beaucoup|sehr|wirklich|total)\s+")


# "profesora de historia en un instituto de Zaragoza": the occupation, without the workplace
_WORKPLACE_TAIL = _rx(
    r"\s+(?:en|in|à|em|no|na|nel|nella|bei|chez|presso|dans|an)\s+(?:un|una|une|um|uma|ein|einer|einem|el|la|le|il|lo"
    r"|o|a|der|dem|l')\b.*$"
)


# "einen Sohn", "una hija": a son and a daughter are two facts, as in English, not one "kids" value.
_SON_WORDS = _rx(r"\b(?:sohn|söhne|hijo|fils|figlio|filho)\b")  # "hijos", "figli": children, of either sex
_DAUGHTER_WORDS = _rx(r"\b(?:tochter|töchter|hijas?|filles?|figli[ae]|filhas?)\b")


_CHILD_NAMED = {
    "es": {
        "child": "{S} tiene un hijo llamado {n}",
        "son": "{S} tiene un hijo llamado {n}",
        "daughter": "{S} tiene una hija llamada {n}",
    },
    "pt": {
        "child": "{S} tem um filho chamado {n}",
        "son": "{S} tem um filho chamado {n}",
        "daughter": "{S} tem uma filha chamada {n}",
    },
    "it": {
        "child": "{S} ha un figlio di nome {n}",
        "son": "{S} ha un figlio di nome {n}",
        "daughter": "{S} ha una figlia di nome {n}",
    },
    "fr": {
        "child": "{S} a un enfant nommé {n}",
        "son": "{S} a un fils nommé {n}",
        "daughter": "{S} a une fille nommée {n}",
    },
    "de": {
        "child": "{S} hat ein Kind namens {n}",
        "son": "{S} hat einen Sohn namens {n}",
        "daughter": "{S} hat eine Tochter namens {n}",
    },
}
_CHILD_NAME = r"(?:(?:o|a|el|la)\s+)?(?-i:[A-ZÀ-Ý])[\wà-ÿ'-]+"
_CHILD_NAMES = _rx(
    rf"^\s*[,:(]\s*(?P<names>{_CHILD_NAME}(?:\s*,\s*{_CHILD_NAME})*\s+(?:y|e|et|und|ed)\s+{_CHILD_NAME})\s*\)?\s*(?=$|[,;.!?])"
)


def _named_children(after: str, kin_slot: str, language: str) -> list[ForeignDraft]:
    """The children a count names right after it ("..., Pablo y Lucía"): one fact per name."""
    m = _CHILD_NAMES.match(after)
    if m is None or language not in _CHILD_NAMED:
        return []
    kind = {"family:daughters": "daughter", "family:sons": "son"}.get(kin_slot, "child")
    subject = subject_for(language)
    found: list[ForeignDraft] = []
    for raw in re.findall(_CHILD_NAME, m.group("names")):
        article = raw.split()[0].lower() if " " in raw else ""
        # "o Rui e a Ana": the article says son or daughter when the count did not
        this = _CHILD_BY_ARTICLE.get(article, kind) if kind == "child" else kind
        name = _sub(r"(?i)^(?:o|a|el|la)\s+", "", raw)
        if this == "child":  # "dos hijos, Pablo y Lucía": the name says son or daughter
            this = foreign_relatives_named.child_by_name(name, language) or this
        said = _CHILD_NAMED[language][this].format(S=subject, n=name)
        found.append(ForeignDraft(said, f"family:{this}:{_slug(name)}", name, "fact"))
    return found


_CHILD_BY_ARTICLE = {"a": "daughter", "la": "daughter", "o": "son", "el": "son"}


def _kin_slot(value: str) -> str:
    if _DAUGHTER_WORDS.search(value):
        return "family:daughters"
    if _SON_WORDS.search(value):
        return "family:sons"
    return "family:kids"


def _masculine(word: str, language: str) -> str:
    """The masculine form of a participle or noun of status: "fidanzata" -> "fidanzato", "mariée" -> "marié"."""
    if language == "fr":
        return re.sub(r"ée$", "é", word)
    if language in ("it", "es", "pt"):
        return re.sub(r"a$", "o", word)
    return word


def _trimmed(value: str, slot: str) -> str:
    if slot in ("name", "age", "family:kids"):
        return value
    if slot == "occupation":
        return _WORKPLACE_TAIL.sub("", value) or value
    value = _COMPANY_TAIL.sub("", value) or value
    value = _RHYTHM_TAIL.sub("", value) or value
    if slot == "habit":
        value = foreign_habits.without_rhythm(value) or value  # "... deux fois par mois": how often, not what
    return _INTENSIFIER.sub("", value) if slot == "like" else value


def _de_stem(verb: str) -> str:
    lower = verb.lower()
    return lower[:-1] if lower.endswith("e") else lower


def _romance_stem(body: str) -> str:
    """The activity's key: infinitive and first person share a stem ("fumar" / "fumo" -> "fum")."""
    first, _, rest = body.lower().partition(" ")
    stem = _sub(r"(?:are|ere|ire|ar|er|ir|o|e)$", "", first) or first
    return f"{stem} {rest}".strip()


# Where a question starts after a statement: Spanish opens it ("¿"), the others start a last clause
# with a question word or a request ("alguma dica ...?", "tu connais ...?", "hast du ...?").
_QUESTION_WORDS = _rx(
    r"^(?:qué|que|cómo|como|cuál|cual|dónde|donde|cuándo|quando|cuánto|quanto|quién|quem|alguna|alguno|algún|alguma"
    r"|algum|me\s+recomiendas|tienes|puedes|sabes|conoces|hay|cosa|quale|dove|qualche|mi\s+consigli|hai|puoi|sai"
    r"|conosci|c'è|ci\s+sono|comment|quel|quelle|quels|où|est-ce|tu\s+as|tu\s+connais|tu\s+peux|tu\s+sais"
    r"|des\s+idées|vous|une\s+idée|wie|was|welche|welcher|wo|wann|hast\s+du|kannst\s+du|weißt\s+du|kennst\s+du"
    r"|gibt\s+es|lohnt\s+sich|qual|onde|você|tens|podes|conheces|me\s+indica|alguém|e\s+tu|y\s+tú|et\s+toi"
    r"|und\s+du|o\s+que|por\s+que|porque|perché|pourquoi|warum|was\s+meinst)\b"
)


# "En mi empresa usamos Azure, pero en casa uso AWS": each side of a contrast has its own context.
_CONTRAST = _rx(r"\s*[,;]?\s+(?:pero|però|ma|mais|aber|mas|sondern|mientras\s+que|mentre|tandis\s+que|während)\s+")


def split_contrast(sentence: str, language: str) -> list[str]:
    """The sides of a contrast, when the later side names a context of its own; else the sentence."""
    parts = [p for p in _CONTRAST.split(sentence) if p.strip()]
    if len(parts) < 2 or not all(find_context(p, language)[0] for p in parts[1:]):
        return [sentence]
    return parts


def statement_before_question(sentence: str, language: str) -> str:
    """What a sentence that ends in a question states before it ("Vivo a Bari, mi consigli un
    ristorante?" -> "Vivo a Bari"); nothing when the whole sentence asks."""
    text = sentence.rstrip(" )\"'?!")
    if language == "es" and "¿" in text:
        return text[: text.index("¿")].strip(" ,;:-")
    parts = [p for p in _split(r"\s*[,;:]\s+", text) if p.strip()]
    while parts and _QUESTION_WORDS.match(parts[-1].strip()):
        parts.pop()
    if len(parts) == len(_split(r"\s*[,;:]\s+", text)):
        parts = parts[:-1]  # the last clause carries the question mark: it asks
    return ", ".join(parts).strip()


def _only_a_date(part: str, language: str) -> bool:
    found = stated_date(part, date(2000, 6, 15), language)
    return found is not None and not remove_span(part, found.start, found.end).strip(" ,;:")


def split_foreign_clauses(sentence: str, language: str) -> list[str]:
    pattern = _FOREIGN_CLAUSE_SPLIT.get(language)
    parts = [
        p.strip()
        for piece in _split(r"\s*:\s+", sentence)  # "Troquei de emprego: agora trabalho na Nubank"
        for p in (pattern.split(piece) if pattern else [piece])
        if p and p.strip()
    ]
    # "Depuis trois ans, j'habite à Nantes": a date said alone before the clause is the clause's date
    merged: list[str] = []
    for part in parts:
        if merged and _only_a_date(merged[-1], language):
            merged[-1] = f"{merged[-1]} {part}"
        else:
            merged.append(part)
    parts = merged
    if language == "de":
        # "... und arbeite bei Siemens": German needs its subject back ("ich arbeite").
        parts = (
            [
                parts[0],
                *(p if _match(r"(?i)(?:ich|wir|mein|meine|jetzt|seit)\b", p) else f"ich {p}" for p in parts[1:]),
            ]
            if parts
            else []
        )
    return parts
