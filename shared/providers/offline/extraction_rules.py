"""Rule-based fact extraction for the offline provider.

What this is: English rules for specific statements ("I live in Berlin", "my girlfriend is
Anna"), the generic clause frames of ``frames.py`` for classes of statements (endings, changes,
durable verbs, contexts, stated dates, and German, Spanish, French, Italian and Portuguese
statements), and a date resolver. What it is not: a language model. It misses anything phrased
unusually and, by design, prefers saying nothing to saying something wrong: values must look like
values (a proper noun, a known tool, a known diet) before a rule fires.

One user turn goes through:
  message -> language -> sentences (quotes and requests dropped; of a question, only the
  statements before it) -> context marker ("at work", "for my side project") -> clauses ("...,
  but now I ...", "... and joined Y", "..., live in Leeds")
  -> per clause: lead-ins and chat filler stripped, a dropped "I" put back ("sold my bike"), at
     most one date phrase pulled out and resolved against the turn's own ``created_at``
  -> the statement frames in order (style preferences, named pets, separations, RULES, changes,
     rescheduled events, dated events, degrees, traits, durable verbs, belongings, agenda
     fragments); within RULES the first rule of a group that yields facts wins
  -> an ending marker ("stopped", "no longer", "... anymore") turns what the rest states into a
     retraction on the same slot; a stated date becomes the fact's valid time.
Within one turn a later fact on a slot supersedes an earlier one, except that a retraction of
another value stays ("left X in May and joined Y"); across the call, identical facts are kept
once. A retraction that names a thing but not its kind ("*:rex") takes the slot of the earlier
fact about it in the context messages. A speaker's ``name`` replaces "The user".

Slots (decision_rules compares them; only equal slots replace each other):
  single-valued: name, age, nationality, origin, location, occupation, employer, education, diet,
                 partner, birthday, favourite:<kind>, tool:<domain or tool>, family:<plural> (a count),
                 family:size, family:<relation>:<location|work|name|born>, and every slot whose value
                 is part of its name but whose kind is not listed below: own:<x>, health:<x>,
                 trait:<x>, skill:<x> (one fact each, so a new statement of the same thing replaces it)
  multi-valued (shared.domain.slots.is_multi_valued): like:<x>, dislike:<x>, avoid:<x>, allergy:<x>,
                 language:<x>, pet:<name>, family:<relation>:<name>, person:<relation>:<name>,
                 goal:<x>, habit:<x>, event:<x>
  scoped: <slot>@side-project, <slot>@family, and <slot>@work when work is named (a plain slot is
  work's too: the two spellings are one slot); "*:<thing>" retracts by name.
  own:<x> is the thing's name without model numbers ("own:canon-eos", "own:catan"), not its kind.

A dated event still ahead gets ``valid_to``: the first day after its stated day, week or month.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import date, datetime, time, timedelta
from functools import lru_cache, partial

from shared.domain import thing_match
from shared.domain.cursor import RULES_LOOKBACK_TURNS
from shared.domain.models import Category, ExtractedFact, ExtractionInput, Turn
from shared.domain.needles import Needles, lowered_ascii, may_match, needles, of_pattern, sub_if_possible
from shared.domain.slots import WORK, base_slot, context_of, is_multi_valued, same_context_slot, with_speaker
from shared.providers.offline import (
    answer_time,
    answers,
    assistant_manner,
    belongings_lost,
    births,
    change_time,
    chat_questions,
    chat_spelling,
    clause_classifier,
    clauses,
    couples,
    ended_activities,
    endings_ahead,
    fact_lists,
    foreign_ahead,
    foreign_answers,
    foreign_birthday,
    foreign_casual,
    foreign_clauses,
    foreign_durations,
    foreign_employed,
    foreign_gender,
    foreign_habits,
    foreign_marriage,
    foreign_moved_home,
    foreign_people,
    foreign_promoted,
    foreign_relatives_named,
    foreign_skeleton,
    foreign_still,
    foreign_workplace,
    fragments,
    frames,
    generic_misreads,
    group_contexts,
    health_conditions,
    held_states,
    homes,
    job_ahead,
    job_titles,
    kin,
    kin_birthdays,
    life,
    others_news,
    own_named,
    past_time,
    pastimes,
    place_names,
    promotions,
    said_forms,
    skills,
    spoken_languages,
    state_switches,
    studies,
    tag_forms,
    talk,
    team_subjects,
    tool_kinds,
    tools_put_to_use,
    towns_left,
    vehicles,
    well_formed,
    work_forms,
    worth_keeping,
)
from shared.providers.offline.contexts import opening_later as _context_opening_later
from shared.providers.offline.text_forms import PRONOUNS, bare_verb, slug, third_person, tidy
from shared.providers.offline.text_forms import rx as _rx
from shared.providers.offline.text_forms import third_singular as _verb_s

RULES_VERSION = "rules-v15"  # part of the extraction cache key: v15 reads births named after the news, couples and pets
# by more forms (births.py, kin_birthdays.py), chat questions with their auxiliary dropped (chat_questions.py), one's
# own groups as contexts and tools put to use by other verbs (group_contexts.py, tools_put_to_use.py), lists of facts in
# one message and things had (fact_lists.py, belongings_had.py), dated switches and towns left (state_switches.py,
# towns_left.py) and more of the five languages (foreign_*.py); v14 reads pastimes, studies, skills, cars and conditions
# (pastimes.py, studies.py, skills.py, spoken_languages.py, vehicles.py, health_conditions.py), trades (job_titles.py),
# pets and people named in passing and couples (own_named.py, couples.py), belongings lost and endings ahead
# (belongings_lost.py, endings_ahead.py, ended_activities.py), foreign relatives, employment, "still" and moves
# (foreign_relatives_named.py, foreign_employed.py, foreign_still.py, foreign_moved_home.py), and more chat forms and
# homes (talk.py, chat_residue.py, homes.py); v13 reads loose homes and promotions (homes.py, promotions.py), answers'
# stated times and jobs that start later (answer_time.py, job_ahead.py, change_time.py), the user's grammatical gender
# and workplaces and birthdays abroad (foreign_gender.py, foreign_workplace.py, foreign_birthday.py), tools by kind,
# teams and how the assistant is to talk (tool_kinds.py, team_subjects.py, assistant_manner.py), places known by name
# (place_names.py), and cuts garbled tails (well_formed.py); v12 reads fragments and answers (fragments.py), past events
# and other people's news (past_time.py, others_news.py), foreign skeletons (foreign_skeleton.py), one reading of "have
# been X" (held_states.py), and drops chat residue and facts not worth keeping (chat_residue.py, worth_keeping.py); v11
# reads work forms (work_forms.py), personal life (life.py), changes and non-facts said otherwise (said_forms.py), other
# people in foreign languages (foreign_people.py) and answers to a question's gap (answers.py); v10 reads friends' news
# (talk.py), relatives and pets as chat says them (kin.py), contexts named by their kind (contexts.py), foreign habits
# and casual forms (foreign_habits.py, foreign_casual.py); v5 segments clauses by the general layer (clauses.py),
# settles changes on the slot they change (work spelled out as @work) and reads foreign past tenses, we-statements and
# deaths; v6 reads evening clock times, scopes context per clause and keeps earlier dated or multi-valued facts of one
# message; v7 puts a named speaker's facts on that speaker's slots and drops facts whose object is not a well-formed
# phrase (well_formed.py); v8 keys pt/es habits by verb stem, gives relatives, commute, diet and assistant style one
# slot per aspect, and reads English clauses by their form (a classifier trained on composed lines, bar 0.7); v9 says a
# plain denial without "no longer", keeps both languages of an Italian list, drops garbled rewrites (two determiners,
# "my job is ..." as "The user is ...", "I" + an Italian clause) and trailing unmarked questions, reads a fragment reply
# only when it fits the question, leaving acronyms as written, and reads casual chat by form: roles without an article,
# life events, counts and endings said across turns

__all__ = ["RULES_VERSION", "detect_language", "extract_facts"]


def _vocab(text: str) -> frozenset[str]:
    """A word list written as text: comma-separated entries, line breaks ignored."""
    return frozenset(item.strip().lower() for item in text.replace("\n", ",").split(",") if item.strip())


# --------------------------------------------------------------------------------------------
# Vocabulary
# --------------------------------------------------------------------------------------------

# A known tool gives a domain, and the domain is the slot: "switched from Postgres to SQLite"
# then replaces "uses Postgres" even though the two names share nothing.
_TOOL_TABLE: dict[str, frozenset[str]] = {
    "database": _vocab("""
        postgres, postgresql, mysql, mariadb, sqlite, sqlite3, mongodb, mongo, redis, dynamodb, cassandra,
        cockroachdb, clickhouse, duckdb, sql server, mssql, oracle db, neo4j, supabase, firestore,
        elasticsearch, couchdb, timescaledb, oracle, db2
    """),
    "editor": _vocab("""
        vim, neovim, nvim, emacs, vs code, vscode, visual studio code, visual studio, sublime, sublime text,
        intellij, pycharm, webstorm, goland, atom, nano, helix, zed, cursor, xcode, android studio, eclipse,
        notepad++
    """),
    "language": _vocab("""
        python, rust, go, golang, java, typescript, javascript, c, c++, c#, ruby, php, kotlin, swift, scala,
        haskell, elixir, erlang, clojure, julia, lua, perl, dart, zig, ocaml, f#, objective-c, r, matlab, stata, spss
    """),
    "os": _vocab("""
        linux, ubuntu, debian, fedora, arch, arch linux, windows, macos, mac os, os x, osx, mac, freebsd,
        nixos, linux mint, chromeos, pop!_os
    """),
    "cloud": _vocab("""
        aws, gcp, google cloud, azure, heroku, vercel, netlify, digitalocean, fly.io
    """),
    "browser": _vocab("""
        chrome, firefox, safari, brave, microsoft edge, vivaldi
    """),
    # A team has one of each of these at a time: a move to another replaces it.
    "issue-tracker": _vocab("""
        jira, linear, trello, asana, clickup, youtrack, shortcut, monday.com, basecamp
    """),
    "chat": _vocab("""
        slack, microsoft teams, ms teams, teams, mattermost, zulip, rocket.chat
    """),
    "ci": _vocab("""
        jenkins, github actions, gitlab ci, circleci, circle ci, travis, travis ci, buildkite, teamcity, drone
    """),
    "on-call": _vocab("""
        pagerduty, opsgenie, incident.io, victorops
    """),
}
_TOOL_DOMAIN = tool_kinds.extra_kinds({name: domain for domain, names in _TOOL_TABLE.items() for name in names})

_DIETS = (
    r"(?:raw\s+vegan|vegan|vegetarian|veggie|pescatarian|pescetarian|flexitarian|plant[- ]based|keto|ketogenic"
    r"|paleo|carnivore|gluten[- ]free|dairy[- ]free|lactose[- ]free|halal|kosher|fruitarian)"
)
_DIET_CANON = {"veggie": "vegetarian", "pescetarian": "pescatarian", "ketogenic": "keto"}
_MEATLESS = _vocab("""
    meat, red meat, animal products, meat or fish, meat and fish, any meat, animal meat
""")
_ANIMAL_FOODS = _vocab("""
    meat, red meat, chicken, beef, pork, fish, seafood, lamb, turkey, bacon, eggs, dairy, steak, ham, salmon,
    tuna, shrimp, prawns, sausages, burgers, animal products, cheese
""")

_OCCUPATIONS = _vocab("""
    engineer, developer, programmer, designer, scientist, researcher, analyst, manager, consultant, architect,
    teacher, professor, lecturer, tutor, nurse, doctor, physician, surgeon, dentist, pharmacist, therapist,
    psychologist, psychiatrist, lawyer, attorney, paralegal, accountant, banker, trader, economist, writer,
    author, journalist, editor, photographer, artist, musician, pianist, guitarist, singer, actor, actress,
    dancer, chef, cook, baker, barista, waiter, waitress, bartender, student, intern, freelancer, contractor,
    entrepreneur, founder, cofounder, co-founder, ceo, cto, cfo, coo, vp, director, administrator, sysadmin,
    technician, mechanic, electrician, plumber, carpenter, farmer, pilot, driver, firefighter, officer,
    soldier, recruiter, salesperson, marketer, copywriter, translator, interpreter, librarian, cashier, clerk,
    secretary, assistant, receptionist, veterinarian, vet, paramedic, midwife, caregiver, biologist, chemist,
    physicist, mathematician, statistician, specialist, coordinator, producer, animator, illustrator, tester,
    sre, pm, gardener, cleaner, janitor, builder, welder, realtor, agent, coach, trainer, instructor,
    principal, postdoc, undergrad, undergraduate, homemaker, retiree, lead, owner, devops, blogger, streamer,
    youtuber
""")
_OCCUPATIONS |= job_titles.TRADES  # the trades and service jobs, known by their head noun

_NATIONALITIES = _vocab("""
    american, british, english, scottish, welsh, irish, german, french, spanish, italian, portuguese, dutch,
    belgian, swiss, austrian, swedish, norwegian, danish, finnish, icelandic, polish, czech, slovak,
    hungarian, romanian, bulgarian, greek, turkish, russian, ukrainian, canadian, mexican, brazilian,
    argentinian, argentine, chilean, colombian, peruvian, venezuelan, cuban, indian, pakistani, bangladeshi,
    chinese, japanese, korean, vietnamese, thai, filipino, indonesian, malaysian, singaporean, australian,
    kiwi, nigerian, ghanaian, kenyan, egyptian, moroccan, south african, israeli, iranian, iraqi, lebanese,
    syrian, saudi, emirati, croatian, serbian, slovenian, lithuanian, latvian, estonian
""")

_NATURAL_LANGUAGES = _vocab("""
    english, german, french, spanish, italian, portuguese, dutch, swedish, norwegian, danish, finnish, polish,
    czech, slovak, hungarian, romanian, bulgarian, greek, turkish, russian, ukrainian, arabic, hebrew,
    persian, farsi, hindi, urdu, bengali, punjabi, tamil, telugu, marathi, gujarati, mandarin, chinese,
    cantonese, japanese, korean, vietnamese, thai, indonesian, malay, tagalog, filipino, swahili, afrikaans,
    catalan, basque, galician, irish, welsh, icelandic, latin, esperanto, croatian, serbian, slovenian,
    lithuanian, latvian, estonian, sign language, asl, bsl
""")

_PARTNER = r"(?:wife|husband|partner|girlfriend|boyfriend|fianc[ée]e?|fiancee?|spouse|gf|bf)"
_PARTNER_CANON = {"gf": "girlfriend", "bf": "boyfriend"}
_FAMILY = (
    r"(?:mother-in-law|father-in-law|sister-in-law|brother-in-law|twin\s+sister|twin\s+brother"
    r"|(?:little|older|younger|big|baby|half|step)[\s-]?(?:sister|brother)|mother|mom|mum|father|dad"
    r"|sister|brother|son|daughter|grandmother|grandma|granny|grandfather|grandpa|aunt|auntie|uncle|cousin"
    r"|grand-?dad|granddad|grandad|grandson|granddaughter|grandchild|grandkid|nanna|nana|nan|gran"
    r"|niece|nephew|stepson|stepdaughter|stepmother|stepmom|stepfather|stepdad|twin|kid|child|baby|toddler|teenager"
    r"|eldest|youngest|oldest|newborn)"
)
_PERSON = r"(?:best\s+friend|friend|boss|manager|colleague|co-?worker|roommate|flatmate|housemate|mentor)"
# Relations one usually has one of read better as "The user's mother is named Linda".
_SINGULAR_RELATIONS = _vocab("""
    mother, mom, mum, father, dad, grandmother, grandma, granny, grandfather, grandpa, stepmother, stepmom,
    stepfather, stepdad, mother-in-law, father-in-law, best friend, boss, manager, mentor
""")
_PETS = (
    r"(?:guinea\s+pig|dog|cat|puppy|kitten|rabbit|bunny|hamster|parrot|bird|goldfish|fish|turtle|tortoise"
    r"|snake|lizard|horse|pony|ferret|gecko|budgie|cockatiel|hedgehog|chinchilla|rat|mouse|iguana"
    # a pet said by its breed or a pet word ("a lop called Nugget", "my pup Milo")
    r"|pup|kitty|lop|beagle|spaniel|terrier|collie|corgi|poodle|dachshund|greyhound|whippet|husky|pug|bulldog"
    r"|labrador|retriever|labradoodle|cockapoo|cavapoo|schnauzer|chihuahua|lurcher|staffie|staffy|tabby|moggy|ragdoll)"
)

# Words that start a clause or a phrase but are never a name, a place or an employer.
_NOT_NAMES = _vocab("""
    back, here, there, home, fine, good, great, ok, okay, sorry, sure, ready, done, busy, tired, happy, sad,
    hungry, new, old, not, just, also, still, the, a, an, so, very, really, from, in, at, on, going, trying,
    looking, working, single, married, retired, it, that, this, what, you, me, him, her, them, anyone,
    someone, nobody, maybe, later, tomorrow, tonight, today, now, soon, whatever, anything, crazy, lazy,
    old-fashioned, dr, mr, mrs, ms, prof, sir, madam, honey, babe, bro, dude, anytime, whenever, if, when,
    and, but, or, no, yes, always, never, everyone, everybody, please, thanks, like, by, with, about, sick,
    free, available
""")
_NOT_NAMES = _NOT_NAMES | _NATIONALITIES
_TITLES = ("dr", "dr.", "mr", "mr.", "mrs", "mrs.", "ms", "ms.", "prof", "prof.")

_DETERMINERS = _vocab("""
    a, an, the, my, our, his, her, their, your, this, that, these, those, some, any, every
""")
_PLACE_REJECT = _vocab("""
    here, there, home, town, the city, the area, the countryside, the suburbs, the same place, work, school,
    together, alone, it, that, this, the office, the team, the future, the past, nowhere, somewhere,
    everywhere
""")
_ORG_REJECT = _vocab("""
    home, night, nights, weekends, the moment, the weekend, hours, free, fun, money, a living, it, this, that,
    them, the same place, the same company, a lot, all, once, least, first, last, times, work, school, the end
""")
_TASK_WORDS = _vocab("""
    option, options, idea, ideas, suggestion, suggestions, answer, answers, response, version, draft, plan,
    approach, solution, example, examples, list, title, summary, explanation, code, snippet, output, result,
    results, reply, one, first, second, third, last, above, previous, latter, former, tone
""")
_LIKE_REJECT_PREFIXES = _vocab("""
    it, that, this, these, those, them, you, your, yours, how, what, when, where, why, which, who, him, her,
    the idea, the way, the fact, to think, to say, to know, to ask, to see, to hear, to help, to get, to have,
    to make sure, to be, a lot, so, very, too, much, more, less, as, if, about, it's, that's, they're, which,
    there
""")
_TOOL_REJECT_PREFIXES = _vocab("""
    it, that, this, them, a lot, lots, my, the same, to, some, more, less, both, either, all
""")

_LIST_GUARDED = tuple(
    sorted(
        _vocab("""
    rock and roll, mac and cheese, fish and chips, salt and pepper, drum and bass, rhythm and blues, pros and
    cons, black and white, dungeons and dragons, r&b
""")
    )
)


# --------------------------------------------------------------------------------------------
# Small text helpers
# --------------------------------------------------------------------------------------------

_BASE_STOPS = _vocab("""
    and, but, because, cause, since, although, though, while, whereas, which, who, whom, whose, where, when,
    so, now, anymore, any more, these days, nowadays, currently, at the moment, right now, again, too, as
    well, lol, haha, btw, by the way, if, unless, until, then, i, i'm, im, we, already, still, either, anyway,
    honestly, actually, i think, i guess, i believe
""")
_PLACE_STOPS = _BASE_STOPS | _vocab("""
    with, for, as, near, at, to, in, on, from, by, ever, after, before, during, since, over, working,
    studying, living
""")
_ORG_STOPS = _BASE_STOPS | _vocab("""
    as, with, in, on, for, from, at, doing, to, over, after, before, during, since, part-time, full-time,
    remotely, now
""")
_NAME_STOPS = _BASE_STOPS | _vocab("""
    from, by, at, in, on, with, for, to, or, please, thanks, thank, here, btw, and, nice, but, who, is, was,
    the
""")
_THING_STOPS = _BASE_STOPS | _vocab("""
    more than, rather than, over, especially, instead of, nowadays, like you, as much, a lot, very much, so
    much
""")
_TOOL_STOPS = _BASE_STOPS | _vocab("""
    for, as, with, at, in, on, to, instead of, instead, over, from, by, every, daily, mostly, mainly, exclusively, day,
    at work, these
""")


@lru_cache(maxsize=32)
def _stop_pattern(stops: frozenset[str], lists: bool) -> re.Pattern[str]:
    if lists:  # keep "a, b and c" together for _split_list
        stops = stops - {"and", "or"}
    words = "|".join(re.escape(s).replace(r"\ ", r"\s+") for s in sorted(stops, key=lambda s: (-len(s), s)))
    punctuation = r"[;:()\"!?]" if lists else r"[,;:()\"!?]"
    return _rx(r"\s*" + punctuation + r"|\s+[-–—]\s|(?:^|\s)(?:" + words + r")(?=\s|$|[,.;:!?])")


# "Portland, Oregon" is one place; "Berlin, I think" is not.
_PROPER_CONTINUATION = re.compile(r",\s*(?=[A-ZÀ-ÖØ-Þ][\w.'-]*(?:\s+[A-ZÀ-ÖØ-Þ][\w.'-]*)*\s*(?:$|[,;.!]))")
_SENTINEL = "\x00"


def _cut(raw: str | None, stops: frozenset[str], *, keep_proper_comma: bool = False, lists: bool = False) -> str:
    """The leading phrase of ``raw``, up to the first word that starts another thought.

    ``lists`` keeps commas and "and"/"or" so that "hiking, cooking and jazz" survives whole.
    """
    if not raw:
        return ""
    text = raw
    if keep_proper_comma:
        text = _PROPER_CONTINUATION.sub(_SENTINEL, text)
    match = _stop_pattern(stops, lists).search(text)
    if match:
        text = text[: match.start()]
    return _tidy(text.replace(_SENTINEL, ", "))


_CITY_OF = _rx(r"^(?:the\s+)?(?:city|town|village|state|province|county)\s+of\s+")
_LEADING_ARTICLE = _rx(r"^(?:the|a|an)\s+")


def _tidy(text: str) -> str:
    return _CITY_OF.sub("", tidy(text, edges="\"'`*_ ", tail=" .,;:!?-–—'\"")).strip()


def _value(display: str) -> str:
    """The comparable core of a phrase: leading article dropped, user's capitalisation kept."""
    return _LEADING_ARTICLE.sub("", display).strip()


def _slug(text: str) -> str:
    return slug(text, 8, word=r"[\w+#.]+", skip=frozenset(("a", "an", "the")), possessive=True)  # "C++", "node.js"


def _article(word: str) -> str:
    lower = word.lower()
    vowel = lower[:1] in "aeiou" and not lower.startswith(("uni", "use", "usu", "eu", "one", "ux"))
    return "an" if vowel or lower.startswith(("hour", "honest")) else "a"


def _is_proper(text: str) -> bool:
    return bool(text) and (text[0].isupper() or bool(_PRODUCT_CASE.match(text)))  # "Kobo", "iPhone"


# The speaker's contractions are words of their own here ("I'm" -> "they're"), and a capital stays.
_PRONOUN_SWAP = {**PRONOUNS, "i'm": "they're", "i've": "they've", "i'll": "they'll", "i'd": "they'd"}
_PRONOUN_SWAP |= {"we're": "they're", "we've": "they've"}
_third_person = partial(
    third_person, pronouns=_PRONOUN_SWAP, word=re.compile(r"(?<![\d])[A-Za-z]+(?:'[a-z]+)?"), capitalise=True
)


def _split_list(phrase: str) -> list[str]:
    """ "hiking, cooking and jazz" -> three items; "rock and roll" stays one."""
    guarded = phrase
    for i, fixed in enumerate(_LIST_GUARDED):
        guarded = re.sub(re.escape(fixed), f"\x01{i}\x01", guarded, flags=re.IGNORECASE)
    parts = re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+", guarded)
    items = []
    for part in parts:
        restored = re.sub("\x01(\\d+)\x01", lambda m: _LIST_GUARDED[int(m.group(1))], part)
        if restored.strip():
            items.append(_tidy(restored))
    return [item for item in items if item]


def _tool_domain(name: str) -> str | None:
    key = re.sub(r"\s+", " ", _value(name).lower()).strip()
    return _TOOL_DOMAIN.get(key)


def _starts_with_any(text: str, prefixes: Iterable[str]) -> bool:
    lower = text.lower()
    return any(lower == p or lower.startswith(p if p.endswith(" ") else p + " ") for p in prefixes)


_PRODUCT_CASE = re.compile(r"^(?!(?:Mc|Mac|De|La|Le|Di|Van|Von|O')[A-Z])[A-Za-z]*[a-z][A-Z]")


def _place(raw: str | None) -> tuple[str, str] | None:
    """(display, value) for something that reads as a place name, else None."""
    display = _third_person(_cut(raw, _PLACE_STOPS, keep_proper_comma=True))
    if not display or len(display.split()) > 6 or display[0].isdigit():
        return None
    words = display.split()
    if display.lower() in _PLACE_REJECT or _value(display).lower() in _PLACE_REJECT:
        return None
    if any(_PRODUCT_CASE.match(w) for w in words):
        return None  # "GitHub", "WhatsApp", "iCloud": a capital inside a word names a product, not a place
    first = words[0]
    # "the Netherlands" is a place; "a flat" and "my parents' house" are not worth a slot.
    the_proper = first.lower() == "the" and len(words) > 1 and words[1][0].isupper()
    if not first[0].isupper() and first.lower() in _DETERMINERS and not the_proper:
        return None
    return display, _value(display)


def _org(raw: str | None) -> tuple[str, str] | None:
    display = _third_person(_cut(raw, _ORG_STOPS, keep_proper_comma=False))
    if not display or len(display.split()) > 6:
        return None
    lowered = display.lower()
    if lowered in _ORG_REJECT or _value(display).lower() in _ORG_REJECT or lowered.split()[0] in {"it", "this", "that"}:
        return None
    return display, _value(display)


def _name(
    raw: str | None, *, need_capital: bool, framed: bool = False
) -> str | None:  # "someone new named Sofia": Sofia
    display = _cut(
        re.sub(r"(?i)^(?:someone|somebody|an?\s+\w+)(?:\s+new)?\s+(?:named|called)\s+", "", raw or ""), _NAME_STOPS
    )
    display = re.sub(r"'s$", "", display)
    words = display.split()
    if not 1 <= len(words) <= 3:
        return None
    if words[0].lower() in _NOT_NAMES or words[0].lower() in _TITLES:
        return None
    if not all(re.fullmatch(r"[^\W\d_][\w'.-]*", w) for w in words):
        return None
    if need_capital and not all(w[0].isupper() for w in words):
        return None
    if _tool_domain(display) and not framed:
        return None  # "my wife uses Julia"; but "my wife is called Julia" (framed: the words say it is a name)
    return display


# --------------------------------------------------------------------------------------------
# Dates
# --------------------------------------------------------------------------------------------

# fmt: off
_MONTHS = {
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4, "may": 5,
    "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sept": 9, "sep": 9,
    "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
}
_MONTH_NAMES = ("", "January", "February", "March", "April", "May", "June", "July", "August", "September",
                "October", "November", "December")
_WEEKDAYS = {"monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6}
_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                 "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
# a long span said in words ("for thirty years", "fifteen years ago")
_NUMBER_WORDS |= {"fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60}
# fmt: on

# Prepositions worth keeping in the text ("by 2026-03-03"); "on"/"in" are re-derived from the grain.
_KEPT_PREPS = {"since", "by", "until", "till", "before", "after", "from", "starting", "for", "during"}


@dataclass(frozen=True)
class DateRef:
    day: date  # first day of the week/month/year for coarser grains
    grain: str  # day | week | weekend | month | year
    has_year: bool = True  # False when the user gave "March 3" and the year was inferred

    def bare(self) -> str:
        return frames.period_text(self.day, self.grain)

    def phrase(self, prep: str | None = None) -> str:
        if prep in _KEPT_PREPS:
            return f"{prep} {self.bare()}"
        return ("on " if self.grain in ("day", "weekend") else "in ") + self.bare()


@dataclass(frozen=True)
class _DateHit:
    ref: DateRef
    prep: str | None
    start: int
    end: int


_MONTH_RE = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december"
    r"|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)"
)
_FULL_MONTH_RE = r"(?:january|february|march|april|may|june|july|august|september|october|november|december)"
_WEEKDAY_RE = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_NUM_RE = (
    r"(?:(?:over|almost|nearly|about|around|roughly|more\s+than|close\s+to|like|just\s+over|just\s+under)\s+)?"
    r"(?:\d{1,3}|a\s+few|several|few|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
    r"|fifteen|twenty|thirty|forty|fifty|sixty|(?:a\s+)?couple(?:\s+of)?)"
)
_PREP_RE = r"(?:\b(?P<prep>on|in|since|by|until|till|before|after|from|starting|for|during|as\s+of)\s+)?"
_UNIT_RE = r"(?P<unit>day|week|wk|fortnight|month|mth|mo|year|yr|decade)"
_UNIT_NAMES = {"wk": "week", "mth": "month", "mo": "month", "yr": "year"}
_SEASONS = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}
# Where in a period: "early March" is its start, "mid-2024" its middle, "the end of last month" its end.
_PART_DAY = {"early": 1, "start": 1, "beginning": 1, "mid": 15, "middle": 15, "late": 21, "end": 21}
_PART_MONTH = {"early": 1, "start": 1, "beginning": 1, "mid": 7, "middle": 7, "late": 10, "end": 12}
_PART_RE = r"(?P<part>early|mid|late|(?:the\s+)?(?:start|beginning|end|middle)\s+of)"

# fmt: off
_DATE_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("iso", _rx(_PREP_RE + r"\b(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})\b")),
    ("dmy", _rx(_PREP_RE + r"\b(?:the\s+)?(?P<d>\d{1,2})(?:st|nd|rd|th)?(?:\s+of)?\s+(?P<mon>" + _MONTH_RE
                + r")\b\.?(?:,?\s+(?P<y>\d{4})\b)?")),
    ("mdy", _rx(_PREP_RE + r"\b(?P<mon>" + _MONTH_RE + r")\.?\s+(?:the\s+)?(?P<d>\d{1,2})(?:st|nd|rd|th)?\b"
                r"(?!:)(?:,?\s+(?P<y>\d{4})\b)?")),
    ("my", _rx(_PREP_RE + r"\b(?P<mon>" + _MONTH_RE + r")\.?\s+(?P<y>\d{4})\b")),
    ("month", _rx(r"\b(?P<rel>in|this|next|last|since|by|until|till|before|after|from|during)\s+(?P<mon>"
                  + _MONTH_RE + r")\b\.?(?!\s*\d)")),
    ("year", _rx(r"\b(?P<prep>in|since|by|until|till|before|after|from|during)\s+(?P<y>(?:19|20)\d{2})\b")),
    # "from the 10th to the 24th of October": a stay begins on its first day.
    ("range", _rx(r"\b(?:from|between)\s+(?:the\s+)?(?P<d>\d{1,2})(?:st|nd|rd|th)?(?:\s+(?:of\s+)?(?P<mon1>" + _MONTH_RE
                  + r"))?\s+(?:to|until|till|and|-)\s+(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<mon>"
                  + _MONTH_RE + r")\b")),
    ("weekend", _rx(r"\b(?:on|over|at)\s+the\s+weekend\b")),
    ("dom", _rx(_PREP_RE + r"\bthe\s+(?P<d>\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?" + _MONTH_RE + r")"
                r"(?!\s+(?:to|and|-)\s+(?:the\s+)?\d)")),
    ("word", _rx(_PREP_RE + r"\b(?P<w>(?:the\s+)?day\s+after\s+tomorrow|(?:the\s+)?day\s+before\s+yesterday"
                 r"|(?:yesterday|tomorrow)(?:\s+(?:morning|afternoon|evening|night))?|today|tonight"
                 r"|this\s+(?:morning|afternoon|evening)|last\s+night)\b")),
    ("in", _rx(r"\b(?:in|within)\s+(?P<n>" + _NUM_RE + r")\s+" + _UNIT_RE + r"s?(?:'?s?\s+time)?\b")),
    # never a frequency: "3x a week now", "twice a month now" say how often, not since when
    ("ago", _rx(r"(?<!\btimes\s)(?<!\bx\s)(?<!\bonce\s)(?<!\btwice\s)(?<!\bthrice\s)\b(?P<n>" + _NUM_RE
                + r")\s+" + _UNIT_RE + r"s?\s+(?:ago|now|back)\b")),
    ("ago1", _rx(r"\b(?P<n>an?)\s+" + _UNIT_RE + r"\s+(?:ago|back)\b|\b(?P<unit2>fortnight)\s+ago\b")),
    ("other_day", _rx(r"\b(?:the\s+other\s+day|a\s+(?:couple|few)\s+(?:of\s+)?days\s+back)\b")),
    # "last Christmas", "over New Year", "at Halloween": fixed-date holidays.
    ("holiday", _rx(r"\b(?:(?P<prep>since|by|until|till|before|after|over|at|for|on)\s+|(?P<rel>last|this|next)\s+)"
                    r"(?P<h>christmas(?:\s+eve|\s+day)?|xmas|new\s+year'?s?(?:\s+eve|\s+day)?|halloween|valentine'?s(?:\s+day)?)\b")),
    # "Tuesday the 24th": the weekday only confirms the day of the month.
    ("wd_dom", _rx(_PREP_RE + r"\b" + _WEEKDAY_RE + r",?\s+(?:the\s+)?(?P<d>\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?"
                   + _MONTH_RE + r")")),
    # "24/03", "3/24": only when the order is plain (a part above 12); "3/4" could be either, and is left alone.
    ("numeric", _rx(_PREP_RE + r"(?<![\d/])\b(?P<a>\d{1,2})/(?P<b>\d{1,2})(?:/(?P<y>\d{4}|\d{2}))?\b(?![\d/])")),
    ("after_next", _rx(_PREP_RE + r"\bthe\s+(?P<unit>week|weekend|month|year)\s+after\s+next\b")),
    # "(have) been learning Spanish for 6 months": a duration that ends now says when it began.
    ("for", _rx(r"\bfor\s+(?:the\s+(?:last|past)\s+)?(?P<n>" + _NUM_RE + r")\s+" + _UNIT_RE + r"s?\b")),
    # "last summer", "in the spring of 2024", "since the autumn": a season (never a bare "fall", a verb too).
    ("season", _rx(_PREP_RE + r"\b(?:(?P<rel>last|this|next|past)\s+|the\s+(?=\w+\s+of\s+\d)|(?<=in\s)|(?<=since\s)"
                   r"|(?<=in\s)the\s+|(?<=since\s)the\s+|(?<=during\s)the\s+|(?<=over\s)the\s+)"
                   r"(?P<s>summer|winter|spring|autumn|fall)\b(?:\s+(?:of\s+)?(?P<y>(?:19|20)\d{2})\b)?")),
    # "in early March", "since mid-2024", "at the end of last month", "by the start of the year".
    ("part", _rx(r"\b(?:(?P<prep>in|since|by|until|till|from|during|at|as\s+of)\s+)?" + _PART_RE + r"[\s-]+"
                 r"(?:(?P<mon>" + _FULL_MONTH_RE + r")\b(?:\s+(?P<y1>(?:19|20)\d{2})\b)?|(?P<y>(?:19|20)\d{2})\b"
                 r"|(?P<rel>the|this|last|next)\s+(?P<unit>week|month|year)\b)")),
    ("rel", _rx(_PREP_RE + r"\b(?P<rel>last|next|this\s+coming|this\s+past|past|this|the\s+following|the\s+previous)\s+"
                r"(?P<unit>week|weekend|month|year)\b")),
    ("weekday", _rx(_PREP_RE + r"(?<!every\s)(?<!each\s)(?<!every\sother\s)\b"
                    r"(?:(?P<rel>last|next|this\s+coming|this\s+past|past|this|coming)\s+)?"
                    r"(?P<wd>" + _WEEKDAY_RE + r")\b(?!s)(?!\s+(?:nights|mornings|evenings|afternoons)\b)"
                    r"(?:\s+(?:night|morning|evening|afternoon)\b)?")),
)
# fmt: on

_PAST_HINT = _rx(
    r"\b(?P<word>was|were|had|did|went|got|came|left|flew|ran|met|saw|took|gave|bought|made|began|became|ago|quit"
    r"|sold|lost|broke|split|hurt|cut|swam|drove|wrote|found|won|spent|paid|sent|fell|threw|sat|kept|died"
    r"|passed|put\s+down"
    r"|yesterday|used\s+to)\b|\b(?:i|we)\s+(?:just\s+|already\s+|recently\s+|finally\s+)?(?P<ed>[a-z]+ed|put)\b"
)
_NOT_PAST = _vocab("""
    need, feed, proceed, succeed, exceed, bleed, breed, speed, seed, embed, shed, wed, heed, weed
""")


_POINTS_AHEAD = _rx(r"\b(?:moved|rescheduled|postponed|pushed(?:\s+back)?|delayed|shifted|changed)\s+to\b")


def _looks_past(text: str) -> bool:
    """Tense decides which way a bare "Friday" or "March 3" points."""
    if _POINTS_AHEAD.search(text) and not re.search(r"(?i)\b(?:i|we)\s+(?:have\s+)?moved\s+to\b", text):
        return False  # "the defense got moved to the 14th": the new date is ahead
    ahead = (
        r"(?i)\b(?:is|'s|are|am|'m)\s+due\b|(?<!was\s)(?<!were\s)\bdue\s+(?:in|on|next)\b|\b(?:am|are|is)\s+expecting\b"
    )
    if re.search(ahead, text):
        return False  # "baby's due in May": whatever else the clause tells in the past, this lies ahead
    if talk.someones_past(text):
        return True  # "my son learned to ride a bike in May": a relative's news, told in the past
    for match in _PAST_HINT.finditer(text):
        word = (match.group("word") or "").lower()
        if word == "got" and re.search(r"(?:'ve|have)\s+$", text[: match.start()], re.IGNORECASE):
            continue  # "I've got an interview on Friday" is about the future
        if match.group("ed") and match.group("ed").lower() in _NOT_PAST:
            continue
        return True
    return False


def _number(word: str) -> int:
    word = re.sub(r"\s+", " ", word.lower().strip())
    word = re.sub(
        r"^(?:over|almost|nearly|about|around|roughly|more than|close to|like|just over|just under) ", "", word
    )
    if word.isdigit():
        return int(word)
    if word in ("a few", "few", "several"):
        return 3  # a few days, weeks or months: about three
    if word.endswith(("couple of", "couple")):
        return 2
    return _NUMBER_WORDS.get(word, 0)


def _add_months(day: date, months: int) -> date:
    year, month = divmod(day.month - 1 + months, 12)
    year += day.year
    month += 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def _safe_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _resolve(kind: str, m: re.Match[str], today: date, past: bool) -> DateRef | None:
    groups = m.groupdict()
    if kind == "iso":
        day = _safe_date(int(groups["y"]), int(groups["m"]), int(groups["d"]))
        return DateRef(day, "day") if day else None
    if kind == "range":
        month = _MONTHS[(groups.get("mon1") or groups["mon"]).lower().rstrip(".")]
        day = _safe_date(today.year, month, int(groups["d"]))
        if day is not None and not past and day < today:
            day = _safe_date(today.year + 1, month, int(groups["d"]))
        return DateRef(day, "day", has_year=False) if day else None
    if kind in ("dmy", "mdy"):
        month, dom = _MONTHS[groups["mon"].lower().rstrip(".")], int(groups["d"])
        if groups.get("y"):
            day = _safe_date(int(groups["y"]), month, dom)
            return DateRef(day, "day") if day else None
        day = _safe_date(today.year, month, dom)
        if day is None:
            return None
        # No year given: the nearest such date in the direction the sentence points.
        if past and day > today:
            day = _safe_date(today.year - 1, month, dom)
        elif not past and day < today:
            day = _safe_date(today.year + 1, month, dom)
        return DateRef(day, "day", has_year=False) if day else None
    if kind == "weekend":
        # "moved on the weekend": the last one; "see you on the weekend": the coming one.
        saturday = today + timedelta(days=(5 - today.weekday()) % 7)
        if past:
            saturday = today - timedelta(days=(today.weekday() - 5) % 7)
        return DateRef(saturday, "weekend")
    if kind == "dom":
        # "on the 14th": this month's, else the next (or the last, in the past tense).
        dom = int(groups["d"])
        day = _safe_date(today.year, today.month, dom)
        if day is None or (not past and day < today) or (past and day > today):
            month = _add_months(today.replace(day=1), -1 if past else 1)
            day = _safe_date(month.year, month.month, dom)
        return DateRef(day, "day", has_year=False) if day else None
    if kind == "my":
        day = _safe_date(int(groups["y"]), _MONTHS[groups["mon"].lower().rstrip(".")], 1)
        return DateRef(day, "month") if day else None
    if kind == "month":
        month, rel = _MONTHS[groups["mon"].lower().rstrip(".")], groups["rel"].lower()
        if rel == "next":
            year = today.year + (1 if month <= today.month else 0)
        elif rel == "last":
            year = today.year - (1 if month >= today.month else 0)
        elif past or rel in ("since", "after", "from"):
            year = today.year - (1 if month > today.month else 0)
        else:
            year = today.year + (1 if month < today.month else 0)
        return DateRef(date(year, month, 1), "month")
    if kind == "year":
        return DateRef(date(int(groups["y"]), 1, 1), "year")
    if kind == "word":
        word = re.sub(r"\s+(?:morning|afternoon|evening|night)$", "", re.sub(r"\s+", " ", groups["w"].lower()))
        word = word.removeprefix("the ") if word != "last" else "last night"
        offsets = {
            "yesterday": -1,
            "last night": -1,
            "tomorrow": 1,
            "day after tomorrow": 2,
            "day before yesterday": -2,
        }
        return DateRef(today + timedelta(days=offsets.get(word, 0)), "day")
    if kind == "ago1":
        unit = (groups.get("unit") or groups.get("unit2") or "").lower()
        days = {"day": 1, "week": 7, "fortnight": 14}.get(unit)
        if days:
            return DateRef(today - timedelta(days=days), "day")
        return DateRef(_add_months(today, -1 if unit == "month" else -12), "day" if unit == "month" else "month")
    if kind == "numeric":
        a, b = int(groups["a"]), int(groups["b"])
        if a > 12 >= b:
            dom, month = a, b
        elif b > 12 >= a:
            month, dom = a, b
        else:
            return None
        if groups.get("y"):
            year = int(groups["y"]) + (2000 if len(groups["y"]) == 2 else 0)
            day = _safe_date(year, month, dom)
            return DateRef(day, "day") if day else None
        day = _safe_date(today.year, month, dom)
        if day is not None and past and day > today:
            day = _safe_date(today.year - 1, month, dom)
        elif day is not None and not past and day < today:
            day = _safe_date(today.year + 1, month, dom)
        return DateRef(day, "day", has_year=False) if day else None
    if kind == "other_day":
        return DateRef(today - timedelta(days=2), "day")
    if kind == "holiday":
        return _holiday(groups, today, past)
    if kind == "wd_dom":
        return _resolve("dom", m, today, past)
    if kind == "after_next":
        unit = groups["unit"].lower()
        if unit in ("week", "weekend"):
            monday = today - timedelta(days=today.weekday()) + timedelta(weeks=2)
            return DateRef(monday + timedelta(days=5), "weekend") if unit == "weekend" else DateRef(monday, "week")
        if unit == "month":
            return DateRef(_add_months(today.replace(day=1), 2), "month")
        return DateRef(date(today.year + 2, 1, 1), "year")
    if kind == "season":
        return _season(groups, today, past)
    if kind == "part":
        return _part(groups, today, past)
    if kind in ("in", "ago", "for"):
        n, unit = _number(groups["n"]), groups["unit"].lower()
        unit = _UNIT_NAMES.get(unit, unit)
        if unit == "fortnight":
            n, unit = 2 * n, "week"
        if unit == "decade":
            n, unit = 10 * n, "year"
        if n <= 0:
            return None
        sign = 1 if kind == "in" else -1
        if kind == "for" and unit in ("day", "week"):
            return DateRef(today - timedelta(days=n * (7 if unit == "week" else 1)), "day")
        if unit in ("day", "week"):
            return DateRef(today + timedelta(days=sign * n * (7 if unit == "week" else 1)), "day")
        if kind == "ago" or kind == "for":
            # "two years ago" is about then, not the January of that year.
            if unit == "month":
                return DateRef(_add_months(today, -n), "day")
            return DateRef(_add_months(today, -12 * n).replace(day=1), "month")
        if unit == "month":
            return DateRef(_add_months(today, sign * n).replace(day=1), "month")
        return DateRef(date(today.year + sign * n, 1, 1), "year")
    if kind == "rel":
        rel, unit = re.sub(r"\s+", " ", groups["rel"].lower()), groups["unit"].lower()
        step = {"last": -1, "the previous": -1, "this past": -1, "past": -1, "next": 1, "the following": 1}.get(rel, 0)
        if unit == "week":
            monday = today - timedelta(days=today.weekday())
            return DateRef(monday + timedelta(weeks=step), "week")
        if unit == "weekend":
            saturday = (
                today - timedelta(days=1) if today.weekday() == 6 else today + timedelta(days=5 - today.weekday())
            )
            return DateRef(saturday + timedelta(weeks=step), "weekend")
        if unit == "month":
            return DateRef(_add_months(today.replace(day=1), step), "month")
        return DateRef(date(today.year + step, 1, 1), "year")
    if kind == "weekday":
        target = _WEEKDAYS[groups["wd"].lower()]
        rel = re.sub(r"\s+", " ", (groups.get("rel") or "").lower())
        ahead = (target - today.weekday()) % 7
        behind = (today.weekday() - target) % 7
        if rel == "next":  # the first such day after today
            return DateRef(today + timedelta(days=ahead or 7), "day")
        if rel in ("last", "this past", "past"):  # the most recent such day before today
            return DateRef(today - timedelta(days=behind or 7), "day")
        return DateRef(today - timedelta(days=behind) if past else today + timedelta(days=ahead), "day")
    return None


_HOLIDAYS = {"christmas": (12, 25), "xmas": (12, 25), "new year": (1, 1), "halloween": (10, 31), "valentine": (2, 14)}


def _holiday(groups: dict[str, str | None], today: date, past: bool) -> DateRef | None:
    """ "last Christmas" in March 2026 is 2025-12-25; "over New Year" in the past tense the last one."""
    name = re.sub(r"\s+", " ", (groups["h"] or "").lower())
    month, day = next(v for k, v in _HOLIDAYS.items() if name.startswith(k))
    this_year = date(today.year, month, day)
    rel = (groups.get("rel") or "").lower()
    # "since Christmas", "since New Year": a start always lies behind, whatever the tense of the clause.
    past = past or (groups.get("prep") or "").lower() == "since"
    if rel == "next" or (not rel and not past and this_year < today):
        return DateRef(this_year if this_year > today else date(today.year + 1, month, day), "day")
    if rel == "last" or past:
        return DateRef(this_year if this_year <= today else date(today.year - 1, month, day), "day")
    return DateRef(this_year, "day")


def _season(groups: dict[str, str | None], today: date, past: bool) -> DateRef | None:
    """The first month of the season named: "last summer" in March 2026 is 2025-06, "this winter" the one now."""
    month = _SEASONS[(groups["s"] or "").lower()]
    if groups.get("y"):
        return DateRef(date(int(groups["y"]), month, 1), "month")
    starts = [date(year, month, 1) for year in (today.year - 2, today.year - 1, today.year, today.year + 1)]
    rel = (groups.get("rel") or "").lower()
    if rel in ("last", "past"):
        over = [s for s in starts if _add_months(s, 3) <= today]
        return DateRef(over[-1], "month")
    if rel == "next":
        return DateRef(next(s for s in starts if s > today), "month")
    if rel == "this":
        return DateRef(next(s for s in starts if _add_months(s, 3) > today), "month")
    if not past or (groups.get("prep") or "").lower() not in ("in", "since", "during", "over"):
        return None  # "I ski in the winter": a season that comes back, not a date
    return DateRef([s for s in starts if s <= today][-1], "month")


def _part(groups: dict[str, str | None], today: date, past: bool) -> DateRef | None:
    """A part of a period: its start, middle or end, as a day within it (the text keeps the period)."""
    part = re.sub(r"^the\s+|\s+of$", "", re.sub(r"\s+", " ", (groups["part"] or "").lower()))
    if groups.get("mon"):
        month = _MONTHS[groups["mon"].lower()]
        if groups.get("y1"):
            year = int(groups["y1"])
        elif past or (groups.get("prep") or "").lower() in ("since", "from", "as of"):
            year = today.year - (1 if month > today.month else 0)
        else:
            year = today.year + (1 if month < today.month else 0)
        return DateRef(_part_day(date(year, month, 1), part), "month")
    if groups.get("y"):
        return _part_of_year(int(groups["y"]), part)
    step = {"last": -1, "next": 1}.get((groups.get("rel") or "").lower(), 0)
    unit = (groups.get("unit") or "").lower()
    if unit == "week":
        monday = today - timedelta(days=today.weekday()) + timedelta(weeks=step)
        return DateRef(monday + timedelta(days={1: 0, 15: 2, 21: 4}[_PART_DAY[part]]), "day")
    if unit == "month":
        return DateRef(_part_day(_add_months(today.replace(day=1), step), part), "month")
    return _part_of_year(today.year + step, part)


def _part_day(first: date, part: str) -> date:
    """The day a part of the month starting ``first`` stands for; its end is its last day ("by the end of the
    month" is the 31st, not the 21st)."""
    if part == "end":
        return first.replace(day=calendar.monthrange(first.year, first.month)[1])
    return first.replace(day=_PART_DAY[part])


def _part_of_year(year: int, part: str) -> DateRef:
    """A part of a year; its end is its last day, said as its December ("by the end of the year")."""
    if part == "end":
        return DateRef(date(year, 12, 31), "month")
    return DateRef(date(year, _PART_MONTH[part], 1), "year")


_PERFECT = _rx(r"\b(?:have|has|'ve)\s+(?:been|lived|worked|used|played|practi[sc]ed)\b|^(?:i\s+)?been\b")
# Every date pattern needs one of these; most clauses have none, and one search is cheap.
_MAY_HAVE_DATE = _rx(
    r"\d|\b(?:yesterday|today|tonight|tomorrow|morning|afternoon|evening|night|day|week|weekend|month|year|monday"
    r"|tuesday|wednesday|thursday|friday|saturday|sunday|jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec"
    r"|january|february|march|april|june|july|august|september|october|november|december|fortnight|summer|winter"
    r"|spring|autumn|fall|christmas|xmas|halloween|valentine|wks?|yrs?|mths?|decade|other\s+day|new\s+year)s?\b"
)
# Said before a date, and part of its phrase: "back in January", "earlier this year".
_DATE_LEAD = _rx(r"(?:\b(?:way\s+)?back|\bearlier|\blater|\bsometime)\s+$")


# The clause tells of what lies ahead: "from April" then starts ahead too.
_FUTURE_SAID = _rx(r"\b(?:will|'ll|going\s+to|gonna)\b")


# A start or change said in the present or progressive ("it starts in", "I'm switching ... from") tells of
# the next such month; a booking ("signed up for a course in September") is for one ahead in the year.
_STARTS_AHEAD = _rx(
    r"(?<!was\s)(?<!were\s)(?<!been\s)\b(?:starts|starting|begins|beginning|kicks\s+off|switching|switches"
    r"|changing|moving|(?:i|we|it|they)\s+(?:start|begin|switch|change|move))\b"
)
_BOOKED = _rx(r"\b(?:signed\s+up|booked|registered|enrolled|reserved)\b")


def _month_lies_ahead(text: str, day: date, rel: str, today: date) -> bool:
    """Whether a bare month resolved into the past is said of what lies ahead (then it is next year's)."""
    if rel not in ("in", "from", "after") or day >= today.replace(day=1) or _PERFECT.search(text):
        return False
    if _STARTS_AHEAD.search(text):
        return True
    return day.year < today.year and day.month > today.month and bool(_BOOKED.search(text))


def _find_date(text: str, today: date, past: bool) -> _DateHit | None:
    """The earliest (then longest) date phrase in ``text``; one per clause is enough."""
    best: tuple[int, int, _DateHit] | None = None
    for said in past_time.more_dates(text, today, past):  # "the summer before last", "over Easter", ...
        key = (said.start, -(said.end - said.start))
        if best is None or key < best[:2]:
            best = (*key, _DateHit(DateRef(said.day, said.grain), said.prep, said.start, said.end))
    if not _MAY_HAVE_DATE.search(text):
        return best[2] if best else None
    perfect = bool(_PERFECT.search(text))
    lowered = lowered_ascii(text)
    for kind, pattern in _DATE_PATTERNS:
        if kind == "for" and not perfect:
            continue  # "for two weeks" ahead is a length, not a start
        if not may_match(of_pattern(pattern), lowered):
            continue  # none of the words every match of it holds (shared.domain.needles): it cannot match
        for match in pattern.finditer(text):
            groups = match.groupdict()
            prep = re.sub(r"\s+", " ", (groups.get("prep") or "").lower()) or None
            prep = "since" if prep == "as of" else prep
            prep = None if prep == "at" else prep
            if kind == "holiday" and prep == "for" and past_time.got_for_a_holiday(text[: match.start()]):
                prep = None  # "got a new bike for christmas": got at the last one
            # "booked a table for Saturday": the date a booking is for lies ahead, whatever the tense.
            ref = _resolve(kind, match, today, (past or prep == "since") and prep not in ("for", "until", "till", "by"))
            if ref is None:
                continue
            if kind == "month" and groups["rel"].lower() in _KEPT_PREPS:
                prep = groups["rel"].lower()
            if kind == "month" and prep in ("from", "after") and ref.day < today and _FUTURE_SAID.search(text):
                ref = replace(ref, day=ref.day.replace(year=ref.day.year + 1))  # "I'll be cooking there from April"
            elif kind == "month" and _month_lies_ahead(text, ref.day, groups["rel"].lower(), today):
                ref = replace(ref, day=ref.day.replace(year=ref.day.year + 1))  # "it starts in October"
            lead = _DATE_LEAD.search(text[: match.start()])
            hit = _DateHit(ref, prep, lead.start() if lead else match.start(), match.end())
            key = (match.start(), -(match.end() - match.start()))
            if best is None or key < best[:2]:
                best = (*key, hit)
            break
    return best[2] if best else None


def _remove_span(text: str, start: int, end: int) -> str:
    joined = (text[:start].rstrip() + " " + text[end:].lstrip()).strip()
    joined = re.sub(r"\s+([,.;!?])", r"\1", joined)
    return re.sub(r"\s+", " ", joined).strip(" ,;-")


# --------------------------------------------------------------------------------------------
# Clauses
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Clause:
    text: str  # lead-ins and the date phrase removed
    today: date
    date: DateRef | None = None
    date_prep: str | None = None
    anymore: bool = False  # "anymore", "any more", "no longer"
    date_said: str = ""  # the date phrase as said ("tonight"): it tells a bare "at 8" is 20:00

    def when(self) -> str:
        """The date as a trailing phrase, for facts that are about a moment."""
        return f" {self.date.phrase(self.date_prep)}" if self.date else ""

    def since(self, always: bool = False, *, also: str = "") -> str:
        """ "(since 2025)" for a change in the past; nothing for a future or missing date.

        ``also`` joins another remark into the same parentheses: "(moved from Paris, since 2019)".
        """
        notes = [also] if also else []
        if self.date and self.date.day <= self.today and (always or self.date_prep == "since"):
            notes.append(f"since {self.date.bare()}")
        return f" ({', '.join(notes)})" if notes else ""


_LEAD_IN = _rx(
    r"^(?:(?:hi|hello|hey|hiya|howdy|good\s+(?:morning|afternoon|evening)|well|so|oh|ah|um+|uh+|hmm+|also"
    r"|actually|anyway|anyways|btw|by\s+the\s+way|fyi|fwiw|for\s+context|for\s+the\s+record|just\s+so\s+you\s+know"
    r"|just\s+fyi|honestly|basically|plus|and|but|oh\s+and|alright|haha|lol|please|you\s+can|i\s+mean|yes|yeah"
    r"|at\s+work|at\s+home|for\s+work|at\s+my\s+(?:job|company)|in\s+my\s+(?:job|team|company)|on\s+my\s+team"
    r"|yep|yup|ok|okay|sure|right|cool|great|thanks|thank\s+you|(?:no|nah)(?=\s*[,.!]|\s+(?:i|we|my|(?:moved|left|quit|sold|switched|started|finished|stopped|got|went|became)\b))"
    r"|nope"
    r"|sadly|unfortunately|luckily|fortunately|finally|big\s+news|news|update|quick\s+update|fun\s+fact|guess\s+what"
    r"|(?:it\s+)?turns\s+out(?:\s+that)?|apparently|i\s+(?:realised|realized|found\s+out|discovered)(?:\s+that)?"
    r"|to\s+be\s+honest|tbh|oh\s+well|long\s+story\s+short|back(?=\s+(?:i|we|my|our)\b)"
    r"|meanwhile|in\s+other\s+news|other\s+than\s+that|otherwise|as\s+for\s+me)"
    r"(?:\s*[,.!:;-]+\s*|\s+)"
    r"|(?:now|these\s+days|nowadays|currently|lately|at\s+the\s+moment|right\s+now|as\s+of\s+(?:now|today)"
    r"|since\s+then)(?:\s*,\s*|\s+))"
)
_ANYMORE = _rx(r"\b(?:anymore|any\s+more|no\s+longer)\b")

_REQUEST = _rx(
    r"^(?:(?:can|could|would|will)\s+you|help\s+me|(?:write|draft|generate|create|make|give|show|tell|explain"
    r"|summari[sz]e|translate|fix|rewrite|list|find|check|review|compare|suggest|recommend|let'?s|lets)\b"
    r"|i\s+(?:need|want|would\s+like|'d\s+like)\s+you\s+to\b(?!\s+(?:always|never|keep|stop|use|avoid))|i\s+need\s+(?:help|your\s+help|some\s+help|a\s+hand"
    r"|advice)\b|i(?:'m|\s+am)\s+(?:looking\s+for|trying\s+to\s+(?:write|find|figure|understand|decide|fix)))"
)
_HYPOTHETICAL = _rx(
    r"^(?:if|when|whenever|unless|suppose|supposing|imagine|pretend|let'?s\s+say|what\s+if|maybe|perhaps"
    r"|probably|hypothetically|in\s+case|assuming|whether|i\s+wonder|i\s+wish|i\s+think|i\s+guess|i\s+suppose"
    r"|i\s+feel\s+like|i\s+could|i\s+might|i\s+may|i\s+should|i\s+used\s+to|we\s+used\s+to|i\s+was\s+going\s+to"
    r"|i\s+thought|i\s+doubt|not\s+sure)\b"
)
_QUESTION_START = _rx(
    r"^(?:what|why|how|where|who|whom|which|whose|do|does|did|is|are|was|were|shall|should|can|could|would|will"
    r"|have\s+you|has|am\s+i)\b"
)


_QUOTED = re.compile(r"(?:(?<=\s)|(?<=^)|(?<=:))[\"“‘'][^\"”’']{4,}[\"”’'](?=[\s.,!?;:)]|$)")
_TURNS_OUT = _rx(r"\b(?:turns\s+out|apparently|i\s+(?:realised|realized|found\s+out)(?:\s+that)?)\s+")
_STATEMENT_START = _rx(r"^(?:i|i'm|im|i've|my|we|we're|our)\b(?!.*\b(?:you|your)\b)")


def _strip_lead_ins(text: str) -> str:
    # "now", "these days" mark a change, but the statement after them says it all.
    while (match := _LEAD_IN.match(text)) and match.end():
        text = text[match.end() :]
    return text.strip()


# One spelling per contraction, so the rules need not list both ("I've moved" == "I have moved").
_CONTRACTIONS = _rx(
    r"\b(?:(?P<subj>i|we|you|they)'(?P<tail>ve|m|re|ll|d)|(?P<im>im)|(?P<neg>do|does|is|are|was"
    r"|were|have|has|did)n'?t)\b"
)
_CONTRACTION_TAILS = {"ve": "have", "m": "am", "re": "are", "ll": "will", "d": "would"}


def _expand_contractions(text: str) -> str:
    def expand(m: re.Match[str]) -> str:
        if m.group("im"):
            return "I am"
        if m.group("neg"):
            return f"{m.group('neg')} not"
        return f"{m.group('subj')} {_CONTRACTION_TAILS[m.group('tail').lower()]}"

    return _CONTRACTIONS.sub(expand, text)


# Chat drops the "I": "sold my bike last week", "been learning Spanish for months", "not vegan anymore".
_SUBJECTLESS = _rx(
    r"^(?=(?:just\s+|finally\s+|recently\s+|also\s+|officially\s+)*(?:[a-z]+ed|got|went|left|sold|quit|began|became"
    r"|bought|took|made|moved|ran|swam|gave|lost|met|found|joined|started|switched|dropped|ditched|passed|finished"
    r"|cancelled|canceled|stopped|picked|signed|booked|adopted|broke|split|haven'?t|have\s+not)\b)(?!(?:need|feed|speed|seed)\b)"
)
_SUBJECTLESS_AUX = _rx(
    r"^(?P<aux>been|not|starting|moving|heading|flying|going|off\s+to|working|living|engaged|married|divorced|pregnant"
    r"|single|retired|based)\b"
)
# A taste said without its "I", about a thing named (never "love it", "love your answer": those are replies).
_STANCE_VERBS = frozenset({"love", "hate", "like", "enjoy", "adore", "dislike", "prefer", "detest"})
_SUBJECTLESS_STANCE = _rx(
    r"^(?:(?:really|totally|absolutely|kinda|genuinely)\s+)?(?P<verb>love|hate|like|enjoy|adore|dislike|prefer|detest"
    r"|(?:a\s+)?(?:big|huge|massive|great|long-?time|lifelong)\s+fan\s+of|(?:really\s+)?into)\s+"
    r"(?!(?:it|that|this|these|those|your|you|u|ur|the|the\s+idea|the\s+answer|the\s+suggestion|how|what|when|to)\b)(?=\w)"
)
_STANCE_ARTICLE = _rx(r"^(?=(?:big|huge|massive|great|long-?time|lifelong)\s)")
# Chat drops more than the "I": "new job at Spotify!", "name's Jake".
_NOUN_NEWS = (
    (_rx(r"^(?:a\s+|my\s+)?new\s+(?:job|position|role)\s+(?=at|with)"), "I started a new job "),
    (_rx(r"^(?:the\s+)?name'?s\s+(?=(?-i:[A-Z]))"), "my name is "),
)
# "I started learning Korean", "took up running": an activity begun is one kept up from then on.
_BEGUN = _rx(
    r"^(?P<subj>i|we)\s+(?:(?:have|just|recently|finally|also)\s+)*(?:started|began|took\s+up)\s+(?P<g>[a-z]+ing)\b(?P<rest>.*)$"
)
# Each tail item is atomic, and punctuation is taken one mark at a time: a nested repeat here made a
# run of "!" before a non-tail word take exponential time.
_FILLER_TAIL = _rx(
    r"(?>\s*,?\s+(?:tbh|lol|lmao|haha+|btw|fyi|atm|imo|tho|though|honestly|for\s+now|ha|xd|actually|too|finally"
    r"|at\s+last|obviously"
    r"|as\s+well|(?<!for\s)(?<!by\s)(?:myself|ourselves)|if\s+(?:that|it)\s+(?:matters|helps)|if\s+relevant)\b"
    r"|[!?.])+$"
)


_TEAM_WORDS = frozenset(("team", "company", "startup", "org", "organisation", "organization", "department", "lab"))
_TEAM_SUBJECT = _rx(
    r"^(?:our|my|the)\s+(?:whole\s+|entire\s+|small\s+|little\s+)?(?:team|company|startup|org|organisation|organization"
    r"|department|lab)\s+(?P<verb>[a-z]+)\b"
)


_TEAM_POSSESSIVE = _rx(r"^(?:our|my|the)\s+(?:team|company|startup|org|department)(?:'|’)s\s+")


def _as_we(text: str) -> str:
    """ "Our whole team switched to Neovim" says what "we" did; the verb loses its third-person -s."""
    if work_forms.team_based_in(text) is not None:
        return text  # "our whole dev team sits in Kraków", "my company's headquartered in Dublin": where the work is
    text = _TEAM_POSSESSIVE.sub("our ", text, count=1)  # "our team's CI is Corvid": the team's is "our"
    m = _TEAM_SUBJECT.match(text)
    if not m:
        return text
    verb = m.group("verb")
    if verb in ("is", "has", "was", "are", "were", "have"):
        return text  # "our startup is based in Tallinn" is about the startup, not where "we" live
    if verb in ("lives", "lived", "live", "living"):
        return text  # "our team lives in Notion" (or in Berlin) says nothing of where the user lives
    if verb in ("moved", "relocated"):
        # "the whole team moved to Slack" is a tool change; "our company moved to Leeds" is not the user's move
        target = re.match(
            r"(?i)\s+(?:over\s+)?(?:from\s+(?P<o>[\w.+#-]+(?:\s+[\w.+#-]+)?)\s+)?to\s+(?P<t>[\w.+#-]+(?:\s+[\w.+#-]+)?)",
            text[m.end() :],
        )
        named = [target.group(g) for g in ("t", "o") if target and target.group(g)]
        if not any(_tool_domain(n) or _tool_domain(n.split()[0]) for n in named):
            return text
        verb = "switched"
    # "our team chats on Zulip" -> "we chat": by form, when the verb lexicon does not know the verb
    verb = verb[:-1] if verb.endswith("s") and frames.verb_class(verb[:-1]) else bare_verb(verb)
    verb = {"is": "are", "has": "have", "was": "were"}.get(verb, verb)
    return f"we {verb}{text[m.end() :]}"


# A project of one's own as the subject of its own move: "side project moved to Pebbledb", "my blog switched
# over to Hugo": the user moved it.
_OWN_THING_MOVED = _rx(
    r"^(?:(?P<who>i|we)\s+(?:(?:have|just|finally)\s+)*(?:moved|migrated)\s+)?(?:(?:my|our|the)\s+)?"
    r"(?P<thing>(?:side|hobby|pet|weekend|personal)\s+(?:project|app|site)|homelab|home\s+lab|blog)"
    r"(?(who)|\s+(?:(?:has|is|just|now|finally)\s+)*(?:moved|switched|migrated))\s+(?=(?:over\s+)?(?:to|from|onto)\b)"
)


def _own_thing_moved(text: str) -> str:
    """ "side project moved to Pebbledb", "I moved my blog to Hugo": a project of one's own moved is a change
    of its tool (said as "switched", which the tool rules read for any name), never a move of home."""
    m = _OWN_THING_MOVED.match(text)
    return f"I switched my {m.group('thing')} {text[m.end() :]}" if m else text


# "no more running for me", "no more climbing for a while": an ending said with neither "I" nor its verb.
_NO_MORE_DOING = _rx(
    r"^(?:(?:ok|okay|so|well|yeah|and)\s+)*no\s+more\s+(?P<g>[a-z]{2,}ing)\b(?P<rest>.*?)"
    r"(?:\s+for\s+(?:me|us))?(?P<tail>\s*[,;.!?].*)?$"
)
# A rest, not an ending: "no more running until my knee heals", "no more climbing for a few weeks", "this
# week", "for now", "while I'm travelling". A pause said as "no more" is no retraction of the habit.
_A_PAUSE = _rx(
    r"\b(?:until|till|til|'til|unless|while|whilst|during|for\s+now|for\s+the\s+(?:time\s+being|moment|next)"
    r"|for\s+(?:a|an|one|two|three|four|few|a\s+few|some|several|\d+)\b|this\s+(?:week|weekend|month|year|season|summer"
    r"|winter|spring|autumn|fall)|today|tonight|tomorrow|(?:next|coming)\s+(?:few\s+)?(?:days?|weeks?|months?)"
    r"|at\s+least|yet|temporarily|on\s+(?:a\s+)?(?:break|hold|pause))\b"
)


def _no_more_as_stopped(text: str) -> str | None:
    """ "no more running for me" says "I stopped running": only of a doing (a known verb's -ing form), and
    only as an ending: a rest with an end or a span in sight (:data:`_A_PAUSE`) says nothing."""
    m = _NO_MORE_DOING.match(text)
    if m is None or frames.base_of_gerund(m.group("g")) is None:
        return None
    if _A_PAUSE.search(text[m.end("g") :]):
        return ""
    return f"I stopped {m.group('g')}{m.group('rest')}{m.group('tail') or ''}"


def _with_subject(text: str) -> str:
    """The clause with its first person back: chat often leaves the "I" out."""
    text = team_subjects.without_we_quantifier(team_subjects.as_our_team(text, _tool_domain), _tool_domain)
    text = team_subjects.stuck_with_as_use(text, _tool_domain)
    text = _own_thing_moved(_as_we(work_forms.team_as_we(text)))
    if (stopped := _no_more_as_stopped(text)) is not None:
        return stopped
    for pattern, lead in _NOUN_NEWS:
        if found := pattern.match(text):
            return lead + text[found.end() :]
    if re.match(r"(?i)^(?:i|we|my|our|i'm|im|i've|we're|[a-z]+\s+and\s+i)\b", text) or not text:
        return text
    if longer := _rx(r"^no\s+longer\s+(?P<next>\w+)").match(text):
        # "No longer vegan": an ending said without its "I am"; "no longer drink coffee" has its verb.
        verb = longer.group("next").lower() in clauses.BASE_VERBS
        return (
            f"I no longer {text[longer.start('next') :]}" if verb else f"I am no longer {text[longer.start('next') :]}"
        )
    if stance := _SUBJECTLESS_STANCE.match(text):
        # "Love hiking, hate crowds", "big fan of jazz": a taste said without its "I"
        verb = stance.group("verb").lower()
        return (
            f"I {verb}{text[stance.end('verb') :]}"
            if verb in _STANCE_VERBS
            else f"I am {_STANCE_ARTICLE.sub('a ', text[:1].lower() + text[1:])}"
        )
    if not (
        _SUBJECTLESS_AUX.match(text.lower())
        or _SUBJECTLESS.match(text.lower())
        or frames.base_of_gerund(text.split()[0].lower())
    ):
        return text
    text = text[:1].lower() + text[1:] if text[:1].isupper() and not text.split()[0].isupper() else text
    m = _SUBJECTLESS_AUX.match(text)
    if m:
        aux = m.group("aux").lower()
        if aux == "been":
            return f"I have {text}"
        if aux == "not":
            return f"I am {text}"
        return f"I am {text}"
    if re.match(r"(?i)^got\s+(?:a|an|my|the|two|three)\b", text) and not past_time.got_for_a_holiday_said(text):
        return f"I have {text[4:]}"  # chat: "got a job interview tomorrow" is having one
    if _SUBJECTLESS.match(text) and not _REQUEST.match(text):
        return f"I {text}"
    first, _, rest = text.partition(" ")
    if frames.base_of_gerund(first) and not re.match(r"(?i)(?:is|was|are|were|can|makes?)\b", rest):
        return f"I am {text}"
    return text


_HAVE_GOT = _rx(r"(?:'ve|\s+have)\s+got\s+")
_FILLER_WORDS = _rx(r"\s*\b(?:tbh|lol|lmao|btw|fyi|atm|imo|ngl|idk|tho|xd|haha+)\b[!.]*")
_LIKE_NUMBER = _rx(r"\blike\s+(?=\d|a\s+couple|a\s+few|half|a\s+dozen|once|twice|every)")


# "Every Friday I have dinner with my parents": a rhythm said first is read where it usually stands.
_FRONTED_RHYTHM = _rx(
    r"^(?P<when>(?:every|each)\s+(?:\w+\s+)?\w+|on\s+(?:weekends|weekdays|(?:mon|tues|wednes|thurs|fri|satur|sun)days)"
    r"|most\s+(?:days|mornings|evenings|weekends)|(?:once|twice|\w+\s+times)\s+a\s+\w+)\s*,?\s+(?P<rest>(?:i|we)\s.+)$"
)
# "I've played the piano since I was six": a habit kept up to now is a habit.
_KEPT_UP = _rx(
    r"^(?P<subj>i|we)\s+have\s+(?P<pp>[a-z]+ed)\s+(?P<rest>.+?)(?P<how_long>\s+(?:since|for)\s+(?:i\s+was\s+\w+|years|ages"
    r"|\w+\s+years|(?:a|one|two|three|four|five|\d+)\s+(?:years?|months?|decades?))\b.*)?$"
)
_KEPT_UP_VERBS = frozenset(("live", "work", "use"))


def _kept_up_verb(base: str) -> bool:
    return frames.verb_class(base) == "habit" or base in _KEPT_UP_VERBS


def _done_as_habit(base: str) -> bool:
    return frames.verb_class(base) in ("habit", "consume")


def _kept_up(text: str, *, dated: bool) -> str:
    """ "I have lived in Oslo" (its "for ten years" already read as the date) -> "I live in Oslo";
    so does "I have been working at Bosch" with its "since March", and "I have been knitting" -> "I knit"."""
    if dated and (held := held_states.held_so_far(text)) and (doing := held.habit(_kept_up_verb)):
        return doing
    m = _KEPT_UP.match(text)
    if not m or not (dated or m.group("how_long")):
        return text
    pp = m.group("pp").lower()
    for base in (pp[:-2], pp[:-1], pp[:-3]):
        if frames.verb_class(base) == "habit" or base in _KEPT_UP_VERBS:
            return f"{m.group('subj')} {base} {m.group('rest')}{m.group('how_long') or ''}"
    return text


# "I've been a nurse since 2015", "we've been married for 12 years": what one has been up to now, its
# "for"/"since" already read as the date (and only then: "I've been a mess" alone says how one was, not since
# when). A role ("a nurse") is the user's when its head is an occupation; of states, the few of one's life.
_ROLE_SO_FAR = _rx(r"an?\s+(?:[a-z][\w-]*\s+){0,2}(?P<head>[a-z][\w-]*)")
_LIFE_STATES = frozenset(("married", "engaged", "retired", "self-employed", "freelance"))


def _been_so(text: str, *, dated: bool) -> str:
    """ "I have been a nurse" (dated) -> "I am a nurse"; "we have been married" -> "I am married" (so is the
    speaker). A doing kept up is _kept_up's."""
    held = held_states.held_so_far(text) if dated else None
    if held is None:
        return text
    if held.kind == "role" and (role := _ROLE_SO_FAR.fullmatch(held.what)):
        return held.now if _is_occupation(role.group("head").lower()) else text
    if held.kind == "state" and held.what.lower() in _LIFE_STATES:
        return f"I am {held.what.lower()}"
    return text


def _begun(text: str) -> str:
    m = _BEGUN.match(text)
    base = frames.base_of_gerund(m.group("g")) if m else None
    if not m or not base:
        return text
    if base in frames.SAID_IN_PROGRESS:
        return f"{m.group('subj')} am {m.group('g')}{m.group('rest')}"  # "I'm learning Korean"
    return f"{m.group('subj')} {base}{m.group('rest')}"  # "I run", from the stated date on


# Casual chat puts an adverb between the subject and a past verb ("I finally finished", "my brother just
# moved", "we recently adopted"): it adds nothing a fact keeps, and the rules read the verb without it.
_HEDGED_PAST = _rx(
    r"\b(?P<subj>i|we|my\s+[a-z]+|our\s+[a-z]+)\s+(?:(?:just|finally|recently|actually|really|also|even|already"
    r"|officially|kinda|kind\s+of|sort\s+of)\s+)+(?=[a-z]+ed\b|got\b|went\b|had\b|took\b|made\b|ran\b|began\b"
    r"|became\b|bought\b|sold\b|left\b|met\b|found\b|won\b|lost\b|quit\b|turned\b|moved\b|started\b|joined\b)"
)


# A quantifier floated after "we" ("we all went vegan", "we both quit sugar"): the clause reads without it.
_FLOATED_QUANTIFIER = re.compile(r"(?i)\b(we)\s+(?:all|both)\s+(?=[a-z])")


def _prepare(raw: str, today: date) -> Clause | None:
    # sub_if_possible: each rewrite runs only on a clause holding a word it needs (most clauses need none).
    raw = sub_if_possible(_HEDGED_PAST, lambda m: f"{m.group('subj')} ", raw)
    raw = sub_if_possible(_FILLER_WORDS, "", raw)
    raw = sub_if_possible(
        _FLOATED_QUANTIFIER, r"\1 ", raw
    )  # "we all went vegan": said of "we", the quantifier is no verb
    raw = sub_if_possible(past_time.SINCE_WE_SPOKE, "", raw)  # "since we spoke, I ...": news, said now
    raw = sub_if_possible(past_time.LIKE_BEFORE_A_TIME, r"\g<prep> ", raw)  # "in like march": in march
    raw = sub_if_possible(_HAVE_GOT, " have ", sub_if_possible(_LIKE_NUMBER, "about ", raw))
    cleaned = _FILLER_TAIL.sub("", _strip_lead_ins(raw.strip().strip(" ,;:-"))).strip()
    if fronted := _FRONTED_RHYTHM.match(cleaned):
        cleaned = f"{fronted.group('rest')} {fronted.group('when').lower()}"
    cleaned = life.off_medicine(cleaned)  # "came off the sertraline in june": an ending, said with its "I"
    text = clauses.plain(_expand_contractions(_with_subject(kin.said_plainly(cleaned))))
    text = state_switches.as_moved_habit(state_switches.as_begun(text), _kept_up_verb)  # "switched to decaf"
    text = ended_activities.as_graduated(text)  # "finished my law degree in december": graduated then
    text = held_states.having_stopped(text)  # "stopped having meat": stopped eating it
    asked = _REQUEST.match(text) or _QUESTION_START.match(text)
    if not text or (asked and not assistant_manner.read(text)) or _HYPOTHETICAL.match(text):
        return None
    anymore = bool(_ANYMORE.search(text))
    hit = _find_date(text, today, _looks_past(text))
    if hit is None:
        return Clause(_begun(_kept_up(text, dated=False)), today, anymore=anymore)
    # "Tomorrow I'm flying to Tokyo": the date may have been the lead-in; "moving in April actually":
    # filler may follow it.
    said = text[hit.start : hit.end]
    prep = hit.prep
    if prep is None and (held := talk.held_for(text[: hit.start], said)):
        # "on crutches for 6 weeks now": a "for" left before the span, a state held since then
        hit, prep, said = replace(hit, start=hit.start - held), "since", f"for {said}"
    how_long = prep in ("for", "since") or said.lower().startswith(("for ", "since "))
    text = _FILLER_TAIL.sub("", _strip_lead_ins(_remove_span(text, hit.start, hit.end))).strip()
    if how_long and (stopped := held_states.stopped_since(text, _done_as_habit)):
        text, prep = stopped, "since"  # "haven't smoked since january": stopped smoking then
    elif prep == "since" and (begun := held_states.begun_since(text, _done_as_habit)):
        text = begun  # "i'm cycling to work since march": cycling to work from then
    text = _begun(_kept_up(_been_so(text, dated=how_long), dated=how_long))
    return Clause(text, today, hit.ref, prep, anymore, date_said=said) if text else None


# A German ordinal day before its month ("am 3. März") is no sentence end either.
_ABBREVIATION = re.compile(
    r"\b(Dr|Mr|Mrs|Ms|St|Mt|Prof|Jr|Sr|vs|etc|approx|e\.g|i\.e"
    r"|\d{1,2}(?=\.\s+(?:januar|jänner|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember)\b))\.",
    re.IGNORECASE,
)
# An emoji ends a thought as a full stop does ("moved to Valencia 😎 the old flat is gone").
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|\n+|\s*,?\s*(?=[¿¡])|\s*[\U0001F300-\U0001FAFF\u2600-\u27BF]+[\s.!]*")
_RECIPROCAL = (
    r"(?:have\s+|'ve\s+|just\s+|finally\s+|recently\s+|officially\s+)?(?:broke\s+up|broken\s+up"
    r"|split\s+up|split(?!\s+(?:the|a|an|our|my|it|this|that|costs?|bills?|rent|everything)\b)|separated|divorced"
    r"|got\s+divorced|got\s+married|got\s+engaged|are\s+(?:divorced|separated|dating|engaged"
    r"|married|together|getting)|have\s+been\s+(?:dating|together|married)|met|moved\s+in\s+together)"
    r"\b(?!\s+with)"
)
# "I live in Paris and I work at Google" is two statements; "Anna and I broke up" is one.
_CLAUSE_SPLIT = _rx(
    r"(?:\s*,\s*|\s+)(?:and|but|so|because|cause|though|although|while|plus|whereas)\s+"
    r"(?=(?:now\s+|these\s+days\s+|nowadays\s+|recently\s+|also\s+|then\s+|actually\s+)?"
    r"(?:i|i'm|im|i've|i'd|i'll|we|we're|we've|my|it|it's|they|they're|he|she)\b)(?!i\s+" + _RECIPROCAL + r")"
    r"|\s*[,:]\s*(?=(?:now\s+|these\s+days\s+|but\s+|also\s+|btw\s+|by\s+the\s+way\s+|oh\s+and\s+|plus\s+"
    r"|and\s+also\s+)?(?:i|i'm|im|i've|we|we're|we've|my|our)\s)(?!i\s+" + _RECIPROCAL + r")"
    r"|\s*,\s*(?=(?:just\s+|finally\s+|then\s+)?(?:moved|started|joined|switched|sold|quit|left|bought|adopted|ditched"
    r"|dropped|cancelled|stopped|began|relocated|got\s+(?:a|an|my|the)|took\s+up|picked\s+up)\b)"
    r"|\s*,\s*(?=(?:remind|please|pls|can|could|would|any|how|what|why|where|which|should|is\s+it|is\s+that"
    r"|(?:do|does|did|can|should|will|am|is|are)\s+(?:you|i|we|he|she|it|they)|help|recommend|suggest|tips|ideas|feeling|nervous"
    r"|excited|so\s+excited|wish|hope)\b)"
    r"|\s+[-–—]+\s+"
)


# "we track bugs in jira and everyone hates it", "i live by the sea but you never visit": a clause joined on
# with someone else as its subject is theirs; left on the first clause it spoils the whole (the rules read
# "it" or "you" as part of the value and give up).
_OTHER_SUBJECT_SPLIT = _rx(
    r"(?:\s*,\s*|\s+)(?:and|but|so|though|although|while|whereas)\s+"
    r"(?=(?:everyone|everybody|nobody|no\s+one|someone|somebody|people|you|u|ur|your|yall|y'all)\s+[a-z])"
)


# "I'm a nurse and on saturdays i volunteer at the food bank": a second clause fronted by its rhythm starts
# a statement of its own (its "I" comes after the rhythm, so _CLAUSE_SPLIT does not see it).
_DAYS = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?"
_RHYTHM_JOIN = _rx(
    r"(?:\s*,\s*|\s+)(?:and|but|plus|while)\s+(?=(?:on\s+)?(?:(?:the\s+)?weekends|weekdays|"
    + _DAYS
    + r"|(?:every|each|most)"
    r"\s+(?:\w+\s+)?(?:day|morning|evening|night|week|weekend|month|" + _DAYS + r")s?|once\s+a\s+\w+|twice\s+a\s+\w+)"
    r"\s*,?\s+(?:i|i'm|im|we|we're)\s)"
)


_JOINERS = _rx(r"\s(?:and|but|so|though|although|while|whereas|plus)\s")


# "I work as a barista and last night I watched a documentary": a joined clause fronted by its own time
# starts a statement of its own, and its time dates only that statement.
_FRONTED_TIME = (
    r"(?:yesterday|today|tonight|this\s+(?:morning|afternoon|evening|week)|last\s+(?:night|week|weekend|month|year|"
    rf"{_DAYS})|(?:a|an|one|two|three|four|five|six|a\s+few|a\s+couple\s+of|\d+)\s+(?:days?|weeks?|months?|years?)"
    rf"\s+ago|on\s+{_DAYS}|in\s+(?:19|20)\d\d)"
)
_DATED_JOIN = _rx(
    r"(?:\s*,\s*|\s+)(?:and|but|plus|so|while)\s+(?="
    + _FRONTED_TIME
    + r"\s*,?\s+(?:i|i'm|im|i've|we|we're|we've|my|our)\s)"
)


def _joined_apart(clause: str) -> list[str]:
    """The clause cut before a joined clause of someone else's or fronted by its rhythm (most have no joiner)."""
    if not _JOINERS.search(clause):
        return [clause]
    return [
        part
        for other in _OTHER_SUBJECT_SPLIT.split(clause)
        if other.strip()
        for rhythm in _RHYTHM_JOIN.split(other)
        if rhythm.strip()
        for part in _DATED_JOIN.split(rhythm)
        if part.strip()
    ]


def _unlabelled(sentence: str) -> list[str]:
    if frames.opens_with_context_heading(sentence, "en"):
        return [sentence]  # "work news: we moved to X": the heading says whose the news is (frames.find_context)
    if _REQUEST.match(sentence) or _HYPOTHETICAL.match(sentence):
        return [sentence]
    return clauses.after_label(sentence, _is_occupation_word)


def _sentences(text: str) -> list[str]:
    protected = _ABBREVIATION.sub(lambda m: m.group(0)[:-1] + "\u2024", text)
    # A label before a colon is set apart, unless it asks or pretends ("let's play a game: you're ...").
    parts = [q for p in _SENTENCE_END.split(protected) if p for q in _unlabelled(p)]
    return [p.replace("\u2024", ".").strip() for p in parts if p and p.strip()]


_SECOND_PREDICATE = _rx(
    r"\s*(?:,|,?\s+and)\s+(?:also\s+)?(?=(?:allergic|intolerant|married|single|divorced|engaged|pregnant|retired|based"
    rf"|originally|{_DIETS}|[a-z]+[\s-]intolerant)\b)"  # "... and lactose intolerant": its own head, not "allergic to"
)


# "I'm Dana, 41, a pediatrician in Chicago with two kids": one "I am" and a list of what the user is
# (or has); each item is a statement of its own.
_I_AM_START = _rx(r"^(?:(?:hi|hello|hey|hiya|so|well|ok|okay)[\s,!]+)?(?:i\s+am|i'm|im)\s")
# "one daughter", "two kids", "three cats": a count of children or animals, had (never "one less thing", "two
# minutes": a count of anything else is no part of what one is).
_COUNTED_KIN = (
    r"(?:one|two|three|four|five|six)\s+(?:[a-z]+\s+)?(?:kids?|children|child|sons?|daughters?|boys|girls|dogs?|cats?"
    r"|rabbits?|grandchildren|grandkids|teenagers|teens|stepkids|step-kids)"
)
_APPOSITION = _rx(
    rf"\s*,\s*(?:and\s+)?(?=(?:\d{{1,3}}|{_COUNTED_KIN}|from|originally|an?|with|married|single|divorced|engaged|vegan"
    r"|vegetarian|based|living|retired|allergic|a\s+mum|a\s+mom|a\s+dad|mum|mom|dad|father|mother)\b)"
)
_COUNT_HAD = _rx(rf"^{_COUNTED_KIN}\b")
_WITH_HAVING = _rx(r"\s+with\s+(?=(?:an?|one|two|three|four|five|six|\d+|my)\s)")
_WHO_DOES = _rx(r"\s*,?\s+who\s+(?=(?:loves|likes|enjoys|has|works|lives|plays|runs|speaks|owns|hates)\b)")
_THIRD_TO_FIRST = {"has": "have", "does": "do", "goes": "go"}


def _appositions(whole: str) -> list[str]:
    """ "I'm 34, from Porto, a nurse with two kids who loves hiking" -> "I'm 34", "I am from Porto",
    "I am a nurse", "I have two kids", "I love hiking"."""
    if not _I_AM_START.match(whole):
        return [whole]
    out: list[str] = []
    for n, item in enumerate(_APPOSITION.split(whole)):
        item, *relatives = _WHO_DOES.split(item)
        head, *havings = _WITH_HAVING.split(item)
        if n and re.match(r"(?i)^with\s", head.strip()):
            out.append(f"I have {head.strip()[5:]}")
        elif n and _COUNT_HAD.match(head.strip()):
            out.append(f"I have {head.strip()}")  # "I'm 40, divorced, one daughter": a count is had
        else:
            out.append(head if n == 0 else f"I am {head.strip()}")
        out.extend(f"I have {h.strip()}" for h in havings if h.strip())
        for relative in relatives:
            verb, _, rest = relative.strip().partition(" ")
            base = _THIRD_TO_FIRST.get(verb.lower(), verb[:-1] if verb.lower().endswith("s") else verb)
            out.append(f"I {base} {rest}".strip())
    return out


# "I have two daughters and a son", "we've got a dog, two cats and a rabbit": one thing had per item.
_HAVE_START = _rx(r"^(?:i|we)(?:\s+have|'ve)(?:\s+got)?\s|^(?:i|we)\s+own\s")
_HAVE_ITEM = _rx(
    r"\s*(?:,\s*(?:and\s+)?|\s+and\s+)(?=(?:an?|one|two|three|four|five|six|\d+)\s+(?:[a-z]+\s+){0,2}?"
    r"(?:sons?|daughters?|kids?|child(?:ren)?|brothers?|sisters?|siblings?|dogs?|cats?|rabbits?|hamsters?"
    r"|birds?|horses?|grandchildren|grandkids?|step(?:son|daughter)s?)\b|an?\s+(?!half\b)\S)"  # "two and a half years"
)


def _had_items(whole: str) -> list[str]:
    if not _HAVE_START.match(whole):
        return [whole]
    first, *rest = _HAVE_ITEM.split(whole)
    return [first, *(f"I have {item.strip()}" for item in rest if item.strip())]


# "I'm 29 and a teacher": after "I am", "and a ..." is a second thing the user is.
# "started at Brightwell, doing data engineering": what the speaker does there, said as a participle after
# the clause (work and study only: "left early, feeling sick" is a passing state).
_SECOND_DOING = _rx(
    r"\s*,\s*(?:and\s+)?(?=(?:doing|working|studying|teaching|learning|training|managing|coaching)\s+(?!it\b|that\b|this\b|so\b)\w)"
)
_SECOND_ROLE = _rx(
    _SECOND_PREDICATE.pattern + r"|\s*,?\s+and\s+(?:also\s+)?(?=an?\s+(?!bit\b|little\b|lot\b|few\b|couple\b|half\b)\w)"
)


_FIRST_PERSON_START = _rx(r"^(?:i|i'm|im|i've|we|we're|we've|(?:just\s+|finally\s+|recently\s+)?[a-z]+ed)\b")


def _says_a_date(text: str) -> bool:
    return _find_date(text, date(2000, 1, 1), True) is not None


def _clauses(sentence: str) -> list[str]:
    """The sentence's clauses (a new list each call)."""
    return list(_last_clauses(sentence))


# One entry: a sentence's clauses are asked for twice in a row, by _clause_contexts and then by
# _drafts_in_one_context; a larger cache would only pay off on texts repeated across messages.
@lru_cache(maxsize=1)
def _last_clauses(sentence: str) -> tuple[str, ...]:
    return tuple(_split_clauses(sentence))


# "the doctor says i'm coeliac", "u know i hate green", "my physio confirmed i have a torn ligament": the
# speaker's own statement, reported by someone who knows it or held up as known; the frame reads what
# follows the report. Never "my mum thinks i'm lazy" (an opinion) nor "he says he's ..." (his own).
_REPORTED_FIRST_PERSON = _rx(
    r"\b(?:(?:the|my|our)\s+(?:doctor|doc|gp|dentist|physio|nurse|consultant|specialist|dermatologist|optician"
    r"|cardiologist|allergist|vet|tests?|results?|scan|bloods?|blood\s+tests?)\s+(?:says?|said|told\s+me|confirmed"
    r"|showed|shows)|(?:u|you|ya)\s+know|as\s+(?:u|you)\s+know|remember|turns\s+out)\s*,?\s+(?:that\s+)?"
    r"(?=(?:i|i'm|im|i've|i\s+am|i\s+have)\s)"
)
_REPORT_WORDS = ("say", "said", "told", "know", "confirm", "show", "remember", "turns")


def _first_person_reported(sentence: str) -> str:
    lowered = sentence.lower()
    if not any(word in lowered for word in _REPORT_WORDS):
        return sentence
    return _REPORTED_FIRST_PERSON.sub("", sentence)


def _split_clauses(sentence: str) -> list[str]:
    sentence = _first_person_reported(sentence)
    parts = [
        item
        for together in clauses.split_together(clauses.name_in_place(sentence))
        for joined in _CLAUSE_SPLIT.split(together)
        if joined and joined.strip()
        for split_part in _joined_apart(joined)
        for part in talk.comment_split(split_part, _says_a_date)
        for piece in _appositions(part)
        for had in _had_items(piece)
        for item in fact_lists.one_fact_each(had)
    ]
    out: list[str] = []
    for whole in parts:
        splitter = _SECOND_ROLE if _I_AM_START.match(whole) else _SECOND_PREDICATE
        first, *doing = _SECOND_DOING.split(whole) if _FIRST_PERSON_START.match(whole) else [whole]
        first, *predicates = splitter.split(first)
        predicates += doing
        # "I left X in May and joined Y": the continuation keeps no date of the first half (the joining
        # may have come later).
        out.extend(clauses.split_predicates(first))
        out.extend(f"I am {p.strip()}" for p in predicates if p.strip())
    return out


# --------------------------------------------------------------------------------------------
# Rules
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Draft:
    text: str
    category: Category
    importance: int
    slot: str | None = None
    value: str | None = None
    negated: bool = False
    valid_from: date | datetime | None = None  # what the user stated: when it began, or when it happens
    valid_to: date | None = None  # a dated event still ahead: the day after its stated period, when it is over


Builder = Callable[[re.Match[str], Clause], list[Draft]]


@dataclass(frozen=True)
class Rule:
    group: str
    pattern: re.Pattern[str]
    build: Builder
    anywhere: bool = False  # search the clause instead of matching at its start
    # Words the pattern cannot match without (derived from it): a clause with none of them skips the rule.
    needles: Needles | None = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "needles", needles(self.pattern))


FACT, PREF, REL, EVENT, GENERAL, DECISION = (
    Category.FACT,
    Category.PREFERENCE,
    Category.RELATIONSHIP,
    Category.EVENT,
    Category.GENERAL,
    Category.DECISION,
)

_CAP = r"(?-i:[A-ZÀ-ÖØ-Þ])"
_NAME_CAP = rf"{_CAP}[\w'-]*(?:\s+{_CAP}[\w'-]*)?"


def _group(m: re.Match[str], name: str) -> str:
    return (m.groupdict().get(name) or "").strip()


# --- identity ---------------------------------------------------------------------------------


def _b_name(m: re.Match[str], c: Clause) -> list[Draft]:
    name = _name(_group(m, "v"), need_capital=False)
    return [Draft(f"The user's name is {name}", FACT, 9, "name", name)] if name else []


def _b_nickname(m: re.Match[str], c: Clause) -> list[Draft]:
    name = _name(_group(m, "v"), need_capital=False)
    return [Draft(f"The user prefers to be called {name}", FACT, 8, "name", name)] if name else []


def _b_intro(m: re.Match[str], c: Clause) -> list[Draft]:
    # Only a bare "I'm Anna": anything longer is more likely "I'm Fine with that".
    name = _name(_group(m, "v"), need_capital=True)
    return [Draft(f"The user's name is {name}", FACT, 9, "name", name)] if name else []


def _b_age(m: re.Match[str], c: Clause) -> list[Draft]:
    age = int(_group(m, "v"))
    rest = _group(m, "rest").lower()
    if not 1 <= age <= 120:
        return []
    if "unit" in m.groupdict() and not _group(m, "unit") and rest and not re.match(r"^(?:now|,|and\b|but\b)", rest):
        return []  # "I'm 5 minutes away"
    return [Draft(f"The user is {age} years old", FACT, 8, "age", str(age))]


def _b_nationality(m: re.Match[str], c: Clause) -> list[Draft]:
    word = _group(m, "v")
    if word.lower() not in _NATIONALITIES:
        return []
    if not re.match(
        r"^\s*(?:$|[,;.!]|(?:and|but|by|citizen|national|too|though|myself|originally)\b)", _group(m, "rest")
    ):
        return []  # "I'm German food obsessed" is not a nationality
    return [Draft(f"The user is {word}", FACT, 7, "nationality", word)]


# --- places ------------------------------------------------------------------------------------


_IN_PLACE_TAIL = re.compile(r"\s(?:in|near|outside)\s+(?P<p>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,3})$")


def _b_location(m: re.Match[str], c: Clause) -> list[Draft]:
    raw = _group(m, "v")
    near = (m.groupdict().get("near") or "in ").strip()
    if m.groupdict().get("near") is None and not raw[:1].isupper():
        return []  # "I live with my parents": no place named
    if life.is_department(raw) or place_names.is_a_way_of_living(raw):
        return []  # "I'm in Sales (now)": a department, not a place; "I live in hope": a way of living
    place = _place(raw)
    if place is None and (tail := _IN_PLACE_TAIL.search(f" {raw}")):
        place = _place(tail.group("p"))  # "in a converted barn in Norfolk": the named place
    if not place or _tool_domain(place[1]):
        return []
    display, value = place
    return [Draft(f"The user lives {near} {display}{c.since()}", FACT, 7, "location", value)]


def _b_staying_in(m: re.Match[str], c: Clause) -> list[Draft]:
    """ "I'm in Leeds now" is where the user lives; "I'm in Lisbon this week", "... till Friday" is a stay:
    a place one is in for a stated while (other than "since" or "for years") is no home."""
    if c.date is not None and not c.date_said.lower().startswith(("since", "for ")):
        return []
    return _b_location(m, c)


def _b_moved(m: re.Match[str], c: Clause) -> list[Draft]:
    place = _place(_group(m, "v"))
    # "i moved to phoenix in june": a known town is a home when the clause names no code, repo or stack
    town = bool(place) and place_names.is_known_town(place[1]) and not place_names.names_software(c.text)
    if place and not town and tag_forms.is_tech_name(place[1]) and not _group(m, "old"):
        # "we moved to Kubernetes": a move to a tool or platform is no home but a tool now used
        return [Draft(f"The user now uses {place[0]}{c.since(always=True)}", FACT, 6, _tool_slot(place[1]), place[1])]
    if not place or (not town and (_tool_domain(place[1]) or tag_forms.is_tech_name(place[1]))):
        return []
    display, value = place
    origin = _place(_group(m, "old")) if _group(m, "old") else None
    if origin and _tool_domain(origin[1]):
        return []
    moved = f"moved from {origin[0]}" if origin else ""
    return [Draft(f"The user lives in {display}{c.since(always=True, also=moved)}", FACT, 7, "location", value)]


def _plain_negation(m: re.Match[str], c: Clause) -> bool:
    """ "I don't live in Paris" denies; only "... anymore" (or "no longer", "stopped") says something ended.
    A denial is still a retraction of that value, but its text must not claim an ending it never stated."""
    return m.groupdict().get("plain") is not None and not c.anymore


def _b_location_gone(m: re.Match[str], c: Clause) -> list[Draft]:
    raw = _group(m, "v")
    place = _place(raw)
    if place and (_tool_domain(place[1]) or (m.groupdict().get("proper") is not None and not _is_proper(place[0]))):
        return []
    if place:
        said = "does not live" if _plain_negation(m, c) else "no longer lives"
        return [Draft(f"The user {said} in {place[0]}", FACT, 7, "location", place[1], negated=True)]
    if _cut(raw, _PLACE_STOPS).lower() in ("there", "here", "") and not _plain_negation(m, c):
        return [Draft("The user no longer lives at their previous location", FACT, 7, "location", None, True)]
    return []


def _origin_builder(verb: str) -> Builder:
    def build(m: re.Match[str], c: Clause) -> list[Draft]:
        place = _place(_group(m, "v"))
        if not place or re.match(r"(?i)(?:work|home|school|the\s+\w+\s+(?:team|department))\b", place[0]):
            return []
        return [Draft(f"The user {verb} {place[0]}", FACT, 7, "origin", place[1])]

    return build


# --- work --------------------------------------------------------------------------------------


def _employer_draft(display: str, value: str, prep: str, c: Clause | None, change: bool = False) -> Draft:
    since = c.since(change) if c else ""
    if value.lower() in ("myself", "themselves"):
        return Draft(f"The user is self-employed{since}", FACT, 7, "employer", "self-employed")
    return Draft(f"The user works {prep} {display}{since}", FACT, 7, "employer", value)


def _b_employer(m: re.Match[str], c: Clause) -> list[Draft]:
    org = _org(_group(m, "v"))
    if not org:
        return []
    prep = (_group(m, "prep") or "at").lower()
    return [_employer_draft(*org, "for" if prep == "for" else "at", c)]


def _b_joined(m: re.Match[str], c: Clause) -> list[Draft]:
    org = _org(_group(m, "v"))
    if not org or not _is_proper(org[0]):  # "I joined a gym", "I started at 9"
        return []
    return [_employer_draft(*org, "at", c, change=True)]


def _b_new_role(m: re.Match[str], c: Clause) -> list[Draft]:
    role = _third_person(_cut(_group(m, "v"), _ORG_STOPS))
    if not role or len(role.split()) > 5 or role.split()[0].lower() in _DETERMINERS:
        return []
    head = role.lower().split(" of ", 1)[0].split()[-1]  # "head of sales": a head
    if not (_is_occupation(head) or head in _RANKS):
        return []  # "promoted to the moon": no role
    return [Draft(f"The user is {_article(role)} {role}{c.since()}", FACT, 7, "occupation", _value(role))]


# Roles one is promoted to that name no trade: "team lead", "head of data", "engineering manager".
_RANKS = _vocab("""
    lead, manager, director, head, supervisor, partner, principal, chief, officer, vp, president, captain,
    coordinator, associate, senior, staff, foreman, superintendent
""")


def _b_town_left(m: re.Match[str], c: Clause) -> list[Draft]:
    """ "I left Leeds", "we left Manchester last year": a home ended; "left Leeds at 6" a trip (towns_left)."""
    raw = _group(m, "v")
    town = _place(raw) if raw else None
    if not town or not place_names.is_place_name(town[0]) or not raw.startswith(town[0]):
        return []
    said_on = c.date.day if c.date and c.date.grain == "day" else None
    if not towns_left.a_move(raw[len(town[0]) :], said_on, c.today, place_names.is_known_town):
        return []
    return [Draft(towns_left.ended_home(town[0]), FACT, 7, "location", town[1], negated=True)]


def _b_employer_gone(m: re.Match[str], c: Clause) -> list[Draft]:
    raw = _group(m, "v")
    if raw:
        org = _org(raw)
        if not org or (m.groupdict().get("proper") is not None and not _is_proper(org[0])):
            return []
        if m.groupdict().get("proper") is not None and place_names.is_place_name(org[0]):
            return []  # "I left Leeds": a town is no employer (_b_town_left)
        return [Draft(f"The user no longer works at {org[0]}", FACT, 7, "employer", org[1], negated=True)]
    wording = (_group(m, "how") or _group(m, "how2")).lower()
    text = (
        "The user is unemployed"
        if wording.startswith(("unemployed", "between", "out of"))
        else "The user no longer has their job"
    )
    return [Draft(text, FACT, 7, "employer", None, negated=True)]


# A job title not in the list still reads as one by its form: a paediatrician, a radiologist, a
# cartographer, a hygienist. "An optimist" or "a realist" is a trait, not a job.
_OCCUPATION_FORM = re.compile(r"(?:ician|ologist|iatrist|ographer|ineer|orian|apist|ist)$")
_NOT_OCCUPATIONS = _vocab("""
    optimist, pessimist, perfectionist, minimalist, realist, idealist, feminist, atheist, pacifist, purist, list,
    wrist, twist, tourist, specialist, activist, extremist, perfectionist, narcissist, fist, gist, mist, cyclist
""")


def _is_occupation(head: str) -> bool:
    return head in _OCCUPATIONS or (bool(_OCCUPATION_FORM.search(head)) and head not in _NOT_OCCUPATIONS)


# A rank or the hours before a role: "a part-time barista", "a senior buyer" (cut at "part-time" otherwise).
_RANK = _rx(r"^(?:part[-\s]time|full[-\s]time|senior|junior|lead|head|assistant|chief|principal|trainee|apprentice)\s+")
# An agent noun after a rank is a role even when the lexicon lacks it ("a senior buyer"), but not these.
_RANKED_NOT_ROLE = _vocab("member, citizen, lover, user, customer, beginner, partner, brother, sister, fan")


def _ranked_role(role: str) -> bool:
    words = role.lower().split()
    return (
        len(words) == 2
        and words[1] not in _RANKED_NOT_ROLE
        and bool(re.search(r"(?:er|or|ist|ian|ant|ent)$", words[1]))
    )


def _role_drafts(m: re.Match[str], c: Clause, *, need_known: bool) -> list[Draft]:
    rank = _RANK.match(_group(m, "v"))
    role = _third_person(_cut(_group(m, "v")[rank.end() if rank else 0 :], _ORG_STOPS))
    role = re.sub(r"(?i)\s+(?:based|located|living|settled|working)(?:\s+(?:in|out\s+of))?$", "", role)
    if not role or len(role.split()) > 6 or job_titles.names_no_job(role):
        return []  # "I'm a big fan of the porter at Brewdog": no job
    head = job_titles.head_noun(role)  # "an air traffic controller trainee": a controller
    if rank:
        role = f"{rank.group(0).strip()} {role}"
    if need_known and not (_is_occupation(head) or (rank and _ranked_role(role) and not _group(m, "org"))):
        return []  # "I'm a big fan of jazz", "I'm a vegan"
    possessed = _group(m, "possessed").lower()
    if possessed in ("job", "profession") and not _is_occupation(head):
        # "my job is mostly meetings" says what the job is like, not who the user is: rewriting the
        # possessive subject to "The user is ..." would state something false
        return []
    article = _group(m, "art")
    lead = f"{_article(role)} " if article else ""
    said_org = _group(m, "org")
    org = _org(work_forms.workplace_called(said_org) or said_org) if said_org else None  # "a café called Bean There"
    if org and not (_is_proper(org[1]) or _is_workplace(org[0])):
        org = None  # "a teacher, looking for a fun maths game": not an employer
    if head == "student" and org:
        return [Draft(f"The user is a {role} at {org[0]}", FACT, 7, "occupation", role)]
    verb = "works as" if _group(m, "verb") or _group(m, "verb2") else "is"
    place = None
    after = c.text[m.end("v") :] if m.end("v") >= 0 else ""
    if around := re.match(
        r"(?i:\s+(?:based|located|living|settled)?)?\s+(?:in|out\s+of)\s+(?P<p>(?-i:[A-Z])[^,;]*)", after
    ):
        place = _place(around.group("p"))
    if where := re.search(r"\s+(?:in|based\s+in)\s+(?P<p>(?-i:[A-Z])[^,;]*)(?:[,;].*)?$", _group(m, "v")):
        place = _place(where.group("p"))
    if place and (cut := re.search(r"\s+(?:in|based\s+in)\s+(?-i:[A-Z]).*$", role)):
        role = role[: cut.start()].strip()
    said_v = _group(m, "v")
    cut_v = _cut(said_v, _ORG_STOPS)
    unit = talk.work_unit(said_v[len(cut_v) :]) if said_v.startswith(cut_v) and not org and not place else None
    if org and head in job_titles.TRADES and not _OCCUPATION_FORM.search(head) and not place:
        # "I'm a night porter at the Aldwyn": a trade the office lexicon lacked is said with where it is held as
        # one fact on the employer's slot, as work_forms.role_at says any role (leaving the place ends both)
        said_role = f"{lead}{role}"
        return [replace(_employer_draft(*org, "at", c), text=f"The user is {said_role} at {org[0]}{c.since()}")]
    drafts = [Draft(f"The user {verb} {lead}{role}{f' {unit}' if unit else ''}", FACT, 7, "occupation", role)]
    if org:
        drafts.append(_employer_draft(*org, "at", c))
    if place:  # "a data scientist in Pune": the place is a second fact
        drafts.append(Draft(f"The user lives in {place[0]}", FACT, 7, "location", place[1]))
    return drafts


# A workplace named by what it is, not by its name: "a copywriter at a tiny design agency", "a welder
# at the shipyard". The employer, as "I work at a tiny design agency" says it. Organisations only: a
# hospital ward, a kitchen or a gym is where one works, not whom for (measured: those cost precision).
_WORKPLACE = _rx(
    r"^(?:an?|the)\s+(?:[\w-]+\s+){0,3}(?:startup|start-up|firm|company|agency|shipyard|consultancy|brewery"
    r"|nonprofit|non-profit|charity|newspaper|publisher|airline|call\s+cent(?:re|er))$"
)


def _is_workplace(display: str) -> bool:
    return bool(_WORKPLACE.match(display)) and len(display.split()) <= 5


def _b_work_as(m: re.Match[str], c: Clause) -> list[Draft]:
    return _role_drafts(m, c, need_known=False)


def _b_i_am_a(m: re.Match[str], c: Clause) -> list[Draft]:
    return _role_drafts(m, c, need_known=True)


def _b_status(m: re.Match[str], c: Clause) -> list[Draft]:
    status = re.sub(r"\s+", " ", _group(m, "v").lower()).replace("self employed", "self-employed")
    status = {"freelancing": "a freelancer", "freelance": "a freelancer"}.get(status, status)
    return [Draft(f"The user is {status}", FACT, 7, "occupation", _value(status))]


def _b_study(m: re.Match[str], c: Clause) -> list[Draft]:
    subject = _third_person(_cut(_group(m, "v"), _ORG_STOPS))
    if not subject or len(subject.split()) > 5 or _starts_with_any(subject, ("it", "that", "this", "for")):
        return []
    org = _org(_group(m, "org")) if _group(m, "org") else None
    if org and not _is_proper(org[1]):
        org = None  # "a teacher, looking for a fun maths game": not an employer
    where = f" at {org[0]}" if org else ""
    return [Draft(f"The user studies {subject}{where}", FACT, 6, "education", subject)]


# --- tools -------------------------------------------------------------------------------------


def _tool_slot(name: str) -> str:
    domain = _tool_domain(name)
    return f"tool:{domain}" if domain else f"tool:{_slug(name)}"


def _usable_tool(display: str, has_purpose: bool) -> bool:
    if not display or len(display.split()) > 4 or _starts_with_any(display, _TOOL_REJECT_PREFIXES):
        return False
    # An unknown lowercase thing ("I use a lot of sugar") says nothing about a tool.
    return bool(_tool_domain(display)) or _is_proper(display) or has_purpose


# "for all my notes", "for all of our budgeting": how much of a purpose is no part of its name (tool:notes).
_PURPOSE_QUANTIFIER = _rx(
    r"^(?:(?:all|most|some|much)\s+(?:of\s+)?)?(?:their|the|our|my)\s+|^(?:all|most)\s+(?:of\s+)?"
)


def _b_use(m: re.Match[str], c: Clause) -> list[Draft]:
    purpose = _third_person(_cut(_group(m, "purpose"), _BASE_STOPS)) if _group(m, "purpose") else ""
    purpose = purpose if purpose and len(purpose.split()) <= 4 else ""
    items = _split_list(_cut(_group(m, "v"), _TOOL_STOPS, lists=True))
    drafts: list[Draft] = []
    claimed: set[str] = set()
    for item in items:
        if not _usable_tool(item, bool(purpose) and len(items) == 1):
            continue
        domain = _tool_domain(item)
        if domain and domain not in claimed:
            slot = f"tool:{domain}"  # the first named is taken as the primary one of its kind
            claimed.add(domain)
        elif purpose and len(items) == 1:
            slot = f"tool:{_slug(_PURPOSE_QUANTIFIER.sub('', purpose) or purpose)}"  # "for notes": notes is the domain
        else:
            slot = f"tool:{_slug(item)}"
        for_ = f" for {purpose}" if purpose else ""
        drafts.append(Draft(f"The user uses {item}{for_}", FACT, 6 if domain else 5, slot, _value(item)))
    return drafts


def _b_use_known(m: re.Match[str], c: Clause) -> list[Draft]:
    """ "I write Rust", "I work in Python": only a known tool, since "I write poetry" is not one."""
    items = [i for i in _split_list(_cut(_group(m, "v"), _TOOL_STOPS, lists=True)) if _tool_domain(i)]
    drafts, claimed = [], set()
    for item in items:
        domain = _tool_domain(item)
        slot = f"tool:{domain}" if domain not in claimed else f"tool:{_slug(item)}"
        claimed.add(domain)
        drafts.append(Draft(f"The user uses {item}", FACT, 6, slot, _value(item)))
    return drafts


def _planned_change(m: re.Match[str], c: Clause) -> bool:
    """A change under way or a decision said with a time still to come ("we're moving to GCP next year",
    "switching to Linear in Q3", "we decided on Linear for next quarter", "soon") or a hedge ("probably", "?") is
    a plan: the tool in use is still the old one. A change said done ("we switched") is done."""
    if (m.groupdict().get("verb") or "").lower().endswith("ed"):
        return False  # "we moved it to Fly.io this weekend": done, whichever weekend the date reads
    return (c.date is not None and c.date.day > c.today) or bool(work_forms.LATER.search(c.text))


def _b_switch(m: re.Match[str], c: Clause) -> list[Draft]:
    old, new = _cut(_group(m, "old"), _TOOL_STOPS), _cut(_group(m, "v"), _TOOL_STOPS)
    if _planned_change(m, c):
        return []
    if not old or not new or len(new.split()) > 4 or len(old.split()) > 4:
        return []
    known = _tool_domain(old) or _tool_domain(new)
    verb = {"switching": "switched", "moving": "moved", "migrating": "migrated", "changing": "changed"}.get(
        _group(m, "verb").lower(), _group(m, "verb").lower()
    )
    if not known:
        if verb in ("moved", "relocated"):
            return []  # "moved from Paris to Berlin" is the location rule's
        if verb == "switched" and (_is_proper(old) or _is_proper(new)):
            return []  # "switched from Android to iPhone": a change of any thing, read by the change frame
        if verb != "switched" and not (_is_proper(old) or _is_proper(new)):
            return []
    slot = f"tool:{known}" if known else f"tool:{_slug(old)}"
    text = (
        f"The user now uses {new} instead of {old}"
        if known or _is_proper(new)
        else f"The user switched from {old} to {new}"
    )
    return [Draft(f"{text}{c.since()}", FACT, 6, slot, _value(new))]


def _b_switch_to(m: re.Match[str], c: Clause) -> list[Draft]:
    new = _value(_cut(_group(m, "v"), _TOOL_STOPS))  # "switched to an iPhone 15": the name, not the article
    verb = {"switching": "switched", "migrating": "migrated", "moving": "moved"}.get(
        _group(m, "verb").lower(), _group(m, "verb").lower()
    )
    if not new or len(new.split()) > 4 or _planned_change(m, c):
        return []
    if not _tool_domain(new) and not (verb in ("switched", "migrated") and _is_proper(new)):
        return []  # "I moved to Berlin" belongs to location
    return [Draft(f"The user now uses {new}{c.since()}", FACT, 6, _tool_slot(new), _value(new))]


# What a team's or one's own tooling is made of: a thing changed from one tool to another, not a home or a name.
_TOOLING_THINGS = _vocab("""
    ci, ci pipeline, pipeline, pipelines, builds, build, backend, frontend, database, db, databases, editor, ide,
    stack, infra, infrastructure, hosting, deploys, deployment, deployments, repo, repos, code, codebase,
    monitoring, alerting, alerts, logging, logs, dashboards, docs, documentation, wiki, notes, email, mail, chat,
    tracker, issue tracker, tickets, ticketing, os, server, servers, api, app, site, website, blog, cms, analytics,
    payments, auth, search, queue, storage, backups, photos, calendar, tasks, to-dos, todos, passwords, vpn, dns,
    data warehouse, warehouse, data lake, cache, message queue, cluster, cdn, orchestration
""")


_OWN_PROJECT = _rx(r"(?:side|hobby|pet|weekend|personal)\s+(?:project|app|site)|homelab|home\s+lab|blog")


def _b_switch_thing(m: re.Match[str], c: Clause) -> list[Draft]:
    """ "We switched our CI to Buildkite": the new tool of the thing named, on the tool's own domain when it is
    known (so it replaces "our CI runs on Jenkins"), else on the thing's. ("switched our CI from X to Y" is the
    change frame's: it retracts X as well.)"""
    thing = _group(m, "thing").lower()
    new = _value(_cut(_group(m, "v"), _TOOL_STOPS))
    if not new or len(new.split()) > 4:
        return []
    known = _tool_domain(new)
    own_project = bool(_OWN_PROJECT.fullmatch(thing))
    if not known and ((thing not in _TOOLING_THINGS and not own_project) or not _is_proper(new)):
        return []  # "moved my family to Spain", "switched my major to Biology": no tool
    if own_project:
        # "switched my side project to Pebbledb": the project's tool, in the side project's context
        slot = frames.scoped(f"tool:{known}" if known else _tool_slot(new), "side project")
        return [Draft(f"The user now uses {new} for their {thing}{c.since()}", FACT, 6, slot, _value(new))]
    slot = f"tool:{known}" if known else f"tool:{_slug(thing)}"
    shown = re.sub(r"\s+", " ", _group(m, "thing"))
    return [Draft(f"The user now uses {new} for their {shown}{c.since()}", FACT, 6, slot, _value(new))]


def _b_tool_gone(m: re.Match[str], c: Clause) -> list[Draft]:
    if re.search(r"\s(?:for|with)\s+(?:an?\s+|the\s+)?(?-i:[A-Z])", _group(m, "v")):
        return []  # "dropped Jira for Linear" is a change: the change frame reads both sides
    name = _cut(_group(m, "v"), _TOOL_STOPS)
    if not name or len(name.split()) > 4:
        return []
    strict = m.groupdict().get("strict") is not None
    if not _tool_domain(name) and (strict or not _is_proper(name)):
        return []
    said = "does not use" if _plain_negation(m, c) else "no longer uses"
    return [Draft(f"The user {said} {name}", FACT, 6, _tool_slot(name), _value(name), negated=True)]


def _b_decided(m: re.Match[str], c: Clause) -> list[Draft]:
    name = _cut(_group(m, "v"), _TOOL_STOPS)
    if not name or len(name.split()) > 4 or not (_tool_domain(name) or _is_proper(name)) or _planned_change(m, c):
        return []
    return [Draft(f"The user decided to use {name}", DECISION, 6, _tool_slot(name), _value(name))]


# --- likes -------------------------------------------------------------------------------------

# fmt: off
_LIKE_VERBS = {
    "love": "loves", "like": "likes", "enjoy": "enjoys", "adore": "adores", "hate": "hates",
    "dislike": "dislikes", "detest": "detests", "loathe": "loathes", "despise": "despises",
    "can't stand": "can't stand", "cant stand": "can't stand", "cannot stand": "cannot stand",
    "can not stand": "cannot stand",
}
# fmt: on


def _like_items(raw: str) -> list[str]:
    items = []
    for item in _split_list(_cut(raw, _THING_STOPS, lists=True)):
        display = _third_person(item)
        words = set(re.findall(r"[a-z]+", display.lower()))
        if not display or len(display.split()) > 6 or _starts_with_any(display, _LIKE_REJECT_PREFIXES):
            continue
        if words & _TASK_WORDS:
            continue  # "I like the second option" is about this chat, not the user
        items.append(display)
    return items


def _like_builder(kind: str, phrase: str | None = None) -> Builder:
    """kind: like | dislike | unlike (a negated like). ``phrase`` overrides the verb wording."""

    def build(m: re.Match[str], c: Clause) -> list[Draft]:
        verb = re.sub(r"\s+", " ", _group(m, "verb").lower())
        actual = kind
        if kind == "dislike" and c.anymore and phrase == "does not":
            actual = "unlike"  # "I don't like X anymore": it ends a like, it is not a dislike
        drafts = []
        for item in _like_items(_group(m, "v")):
            value = re.sub(r"^to\s+", "", _value(item))
            if actual == "unlike":
                text, slot, negated = f"The user no longer {_verb_s(verb)} {item}", f"like:{_slug(value)}", True
            else:
                wording = f"{phrase} {verb}" if phrase else _LIKE_VERBS.get(verb, _verb_s(verb))
                text, slot, negated = f"The user {wording} {item}", f"{actual}:{_slug(value)}", False
            importance = 5 if verb in ("love", "adore", "hate", "despise", "loathe") else 4
            drafts.append(Draft(text, PREF, importance, slot, value, negated))
        return drafts

    return build


def _b_prefer(m: re.Match[str], c: Clause) -> list[Draft]:
    items = _like_items(_group(m, "v"))
    if len(items) != 1:
        return []
    alt = _third_person(_cut(_group(m, "alt"), _THING_STOPS)) if _group(m, "alt") else ""
    over = f" over {alt}" if alt else ""
    value = re.sub(r"^to\s+", "", _value(items[0]))
    return [Draft(f"The user prefers {items[0]}{over}", PREF, 5, f"like:{_slug(value)}", value)]


def _b_favourite(m: re.Match[str], c: Clause) -> list[Draft]:
    kind = _third_person(_cut(_group(m, "kind"), _THING_STOPS))
    thing = _third_person(_cut(_group(m, "v"), _THING_STOPS))
    if not kind or not thing or len(kind.split()) > 3 or len(thing.split()) > 6:
        return []
    if _starts_with_any(thing, _LIKE_REJECT_PREFIXES) or _starts_with_any(kind, ("one", "part", "thing")):
        return []
    return [Draft(f"The user's favourite {kind} is {thing}", PREF, 5, f"favourite:{_slug(kind)}", _value(thing))]


# --- diet & health -----------------------------------------------------------------------------


def _diet_word(raw: str) -> str:
    word = re.sub(r"\s+", " ", raw.lower()).replace("plant based", "plant-based")
    word = re.sub(r"ism$", "", word) if word.endswith("ism") else word
    return _DIET_CANON.get(word, word)


def _b_diet(m: re.Match[str], c: Clause) -> list[Draft]:
    diet = _diet_word(_group(m, "v"))
    return [Draft(f"The user is {diet}{c.since()}", PREF, 7, "diet", diet)]


def _b_diet_named(m: re.Match[str], c: Clause) -> list[Draft]:
    diet = _cut(_group(m, "v"), _THING_STOPS).lower()
    if not diet or len(diet.split()) > 2 or diet in ("healthy", "balanced", "normal", "good", "bad", "strict"):
        return []
    return [Draft(f"The user is on {_article(diet)} {diet} diet", PREF, 7, "diet", diet)]


def _b_diet_gone(m: re.Match[str], c: Clause) -> list[Draft]:
    diet = {"veganism": "vegan", "vegetarianism": "vegetarian", "pescatarianism": "pescatarian"}.get(
        _group(m, "v").lower(), _diet_word(_group(m, "v"))
    )
    return [Draft(f"The user is no longer {diet}", PREF, 7, "diet", diet, negated=True)]


def _b_dont_eat(m: re.Match[str], c: Clause) -> list[Draft]:
    verb = "drink" if "drink" in _group(m, "verb").lower() else "eat"
    drafts = []
    for item in _split_list(_cut(_group(m, "v"), _THING_STOPS, lists=True)):
        item = _third_person(item)
        if not item or len(item.split()) > 4 or _starts_with_any(item, _LIKE_REJECT_PREFIXES):
            continue
        if verb == "eat" and item.lower() in _MEATLESS:
            drafts.append(Draft(f"The user does not eat {item}", PREF, 7, "diet", f"no {item.lower()}"))
        else:
            drafts.append(Draft(f"The user does not {verb} {item}", PREF, 6, f"avoid:{_slug(item)}", item))
    return drafts


def _b_eat(m: re.Match[str], c: Clause) -> list[Draft]:
    items = [_third_person(i) for i in _split_list(_cut(_group(m, "v"), _THING_STOPS, lists=True))]
    animal = [i for i in items if i.lower() in _ANIMAL_FOODS]
    if not animal or len(animal) != len(items):
        return []  # "I eat a lot of pasta" is not a diet statement
    joined = " and ".join(animal)
    return [Draft(f"The user eats {joined}{c.since()}", PREF, 7, "diet", joined)]


def _b_allergy(m: re.Match[str], c: Clause) -> list[Draft]:
    drafts = []
    for item in _split_list(_cut(_group(m, "v"), _THING_STOPS, lists=True)):
        item = _third_person(item)
        if item and len(item.split()) <= 4 and not _starts_with_any(item, _LIKE_REJECT_PREFIXES):
            drafts.append(Draft(f"The user is allergic to {item}", FACT, 9, f"allergy:{_slug(item)}", item))
    return drafts


def _b_allergy_noun(m: re.Match[str], c: Clause) -> list[Draft]:
    item = _group(m, "v").lower()
    if not item or item.split()[0] in ("an", "a", "the", "my", "bad", "severe", "mild"):
        return []
    return [Draft(f"The user has {_article(item)} {item} allergy", FACT, 9, f"allergy:{_slug(item)}", item)]


def _b_intolerant(m: re.Match[str], c: Clause) -> list[Draft]:
    item = (_group(m, "v") or _group(m, "v2")).lower()
    if item in ("celiac", "coeliac"):
        return [Draft("The user has coeliac disease", FACT, 9, "allergy:gluten", "gluten")]
    return [Draft(f"The user is {item} intolerant", FACT, 8, f"allergy:{_slug(item)}", item)]


# --- relationships -----------------------------------------------------------------------------


def _partner_word(raw: str) -> str:
    word = raw.lower()
    return _PARTNER_CANON.get(word, word)


def _b_breakup_joint(m: re.Match[str], c: Clause) -> list[Draft]:
    who = _group(m, "who")  # "", "Anna", "my girlfriend", "my girlfriend Anna"
    rel_match = re.match(r"(?:my\s+)?(" + _PARTNER + r")\b\s*", who, re.IGNORECASE)
    rel = _partner_word(rel_match.group(1)) if rel_match else "partner"
    rest = who[rel_match.end() :] if rel_match else re.sub(r"^my\s+", "", who, flags=re.IGNORECASE)
    name = _name(rest, need_capital=True) if rest else None
    if rest and not name and _casual_name(rest):
        name = rest.capitalize()  # "tomasz and I broke up": a name typed in lower case
    if rest and not name:
        return []  # "my sister and I split the bill"
    if name:
        return [Draft(f"The user and {name} broke up", REL, 8, "partner", name, True)]
    return [Draft(f"The user and their {rel} broke up", REL, 8, "partner", None, True)]


_NOT_A_PARTNER = re.compile(rf"(?i)^(?:{_FAMILY}|{_PERSON}|team|class|group|company|family|boss|parents|folks)$")


def _casual_name(word: str) -> bool:
    """A one-word name typed in lower case ("tomasz and I broke up"), not a relative or a common word."""
    return (
        word.isalpha()
        and word.islower()
        and len(word) >= 3
        and not _NOT_A_PARTNER.match(word)
        and word not in _NOT_NAMES
        and word not in _DETERMINERS
        and word not in _BASE_STOPS
    )


def _b_breakup_with(m: re.Match[str], c: Clause) -> list[Draft]:
    raw = _cut(_group(m, "v"), _NAME_STOPS)
    verb = {"divorced": "divorced", "dumped": "broke up with"}.get(_group(m, "verb").lower(), "broke up with")
    partner = re.fullmatch(r"(?:my|their)\s+(" + _PARTNER + r")", raw, re.IGNORECASE)
    if partner:
        return [Draft(f"The user {verb} their {_partner_word(partner.group(1))}", REL, 8, "partner", None, True)]
    name = _name(raw, need_capital=True)
    return [Draft(f"The user {verb} {name}", REL, 8, "partner", name, True)] if name else []


def _b_left_me(m: re.Match[str], c: Clause) -> list[Draft]:
    who = _group(m, "who")
    partner = re.fullmatch(r"my\s+(" + _PARTNER + r")", who, re.IGNORECASE)
    if partner:
        return [Draft(f"The user and their {_partner_word(partner.group(1))} broke up", REL, 8, "partner", None, True)]
    name = _name(who, need_capital=True)
    return [Draft(f"The user and {name} broke up", REL, 8, "partner", name, True)] if name else []


def _b_single(m: re.Match[str], c: Clause) -> list[Draft]:
    status = _group(m, "status").lower()
    raw = _group(m, "v")
    if raw:
        name = _name(raw, need_capital=True)
        if not name:
            return []
        return [Draft(f"The user is no longer with {name}", REL, 8, "partner", name, True)]
    return [Draft(f"The user is {status}", REL, 8, "partner", None, True)]


def _b_partner_died(m: re.Match[str], c: Clause) -> list[Draft]:
    rel = _partner_word(_group(m, "rel"))
    name = _name(_group(m, "n"), need_capital=True) if _group(m, "n") else None
    who = f"{rel} {name}" if name else rel
    return [Draft(f"The user's {who} passed away{c.when()}", REL, 8, "partner", name, True)]


def _b_partner_is(m: re.Match[str], c: Clause) -> list[Draft]:
    rel = _partner_word(_group(m, "rel"))
    named = bool(_group(m, "named"))
    name = _name(_group(m, "v"), need_capital=not named, framed=named)
    if not name:
        return []  # "my wife is a doctor"
    return [Draft(f"The user's {rel} is {name}", REL, 8, "partner", name)]


def _b_partner_mention(m: re.Match[str], c: Clause) -> list[Draft]:
    name = _name(_group(m, "n"), need_capital=True)
    if not name:
        return []
    return [_said_of(m, c, Draft(f"The user's {_partner_word(_group(m, 'rel'))} is {name}", REL, 8, "partner", name))]


# fmt: off
_RELATION_WORDING = {
    "dating": "is dating", "seeing": "is dating", "going out with": "is dating", "engaged to": "is engaged to",
    "married to": "is married to", "in a relationship with": "is in a relationship with",
    "together with": "is in a relationship with",
}
# fmt: on


def _b_dating(m: re.Match[str], c: Clause) -> list[Draft]:
    name = _name(_group(m, "v"), need_capital=True)
    if not name:
        return []  # "I'm seeing a therapist"
    how = _RELATION_WORDING[re.sub(r"\s+", " ", _group(m, "how").lower())]
    return [Draft(f"The user {how} {name}{c.since()}", REL, 8, "partner", name)]


def _b_married(m: re.Match[str], c: Clause) -> list[Draft]:
    what = _group(m, "what").lower()
    state = "engaged" if "engaged" in what else "married"
    raw = _group(m, "v")
    name = _name(raw, need_capital=True) if raw else None
    if raw and not name and _cut(raw, _NAME_STOPS):
        return []  # "I married young": not a name, and not nothing either
    target = f" to {name}" if name else ""
    return [Draft(f"The user is {state}{target}{c.since(always=True)}", REL, 8, "partner", name)]


def _b_has_partner(m: re.Match[str], c: Clause) -> list[Draft]:
    rel = _partner_word(_group(m, "rel"))
    rest = _group(m, "rest")
    named = re.match(r"(?i)^(?:named|called)\s+(.+)", rest)
    if named:
        name = _name(named.group(1), need_capital=False)
        if not name:
            return []
        return [Draft(f"The user has {_article(rel)} {rel} named {name}", REL, 8, "partner", name)]
    if rest and not re.match(r"(?i)^(?:$|[,.;!]|and\b|but\b|who\b|now\b)", rest):
        return []
    return [Draft(f"The user has {_article(rel)} {rel}", REL, 8, "partner", None)]


def _b_relationship_state(m: re.Match[str], c: Clause) -> list[Draft]:
    state = re.sub(r"\s+", " ", _group(m, "state").lower())
    return [Draft(f"The user is {state}", REL, 8, "partner", None)]


def _relation(raw: str) -> tuple[str, str]:
    """(relation as written, slot prefix) for a family or other person word."""
    rel = re.sub(r"\s+", " ", raw.lower())
    prefix = "person" if re.fullmatch(_PERSON, rel, re.IGNORECASE) else "family"
    return rel, prefix


def _person_draft(rel_raw: str, name: str) -> Draft:
    rel, prefix = _relation(rel_raw)
    if rel in _SINGULAR_RELATIONS:
        text = f"The user's {rel} is named {name}"
    else:
        text = f"The user has {_article(rel)} {rel} named {name}"
    return Draft(text, REL, 7, f"{prefix}:{_slug(rel)}:{_slug(name)}", name)


def _b_relative_named(m: re.Match[str], c: Clause) -> list[Draft]:
    name = _name(_group(m, "v"), need_capital=False, framed=True)
    return [_person_draft(_group(m, "rel"), name)] if name else []


def _b_relative_mention(m: re.Match[str], c: Clause) -> list[Draft]:
    name = _name(_group(m, "n"), need_capital=True)
    return [_said_of(m, c, _person_draft(_group(m, "rel"), name))] if name else []


def _said_of(m: re.Match[str], c: Clause, mention: Draft) -> Draft:
    """ "My partner Jamie is vegetarian": a named person (or pet) who is the clause's subject, with what
    the clause says of them when the classifier reads it as a fact; the mention's slot stays."""
    said = clauses.rewrite(c.text) if m.start() == 0 and m.end() < len(c.text) else None
    if said is None or said.negated or not said.rest or not said.subject.endswith(mention.value.lower()):
        return mention
    fact = clause_classifier.classify(said.said, ("fact", "other")).is_("fact", 0.6)  # a change is read elsewhere
    return replace(mention, text=said.text) if fact else mention


def _b_relative_died(m: re.Match[str], c: Clause) -> list[Draft]:
    name = _name(_group(m, "n"), need_capital=True)
    if not name:
        return []
    rel, prefix = _relation(_group(m, "rel"))
    return [
        Draft(
            f"The user's {rel} {name} passed away{c.when()}",
            REL,
            7,
            f"{prefix}:{_slug(rel)}:{_slug(name)}",
            name,
            negated=True,
        )
    ]


# fmt: off
_PLURALS = {"kid": "kids", "child": "children", "son": "sons", "daughter": "daughters", "sister": "sisters",
            "brother": "brothers", "sibling": "siblings", "grandchild": "grandchildren", "grandkid": "grandkids",
            "toddler": "toddlers", "teenager": "teenagers", "stepdaughter": "stepdaughters", "stepson": "stepsons",
            "stepkid": "stepkids"}
# fmt: on


def _b_relative_count(m: re.Match[str], c: Clause) -> list[Draft]:
    n = _number(_group(m, "n"))
    rel = _group(m, "rel").lower()
    rel = {"boy": "son", "boys": "sons", "girl": "daughter", "girls": "daughters"}.get(rel, rel)  # "two boys"
    if n <= 0 or n > 20:
        return []
    plural = _PLURALS.get(rel, rel)
    shown = rel if n == 1 else plural
    count = f"{_article(rel)}" if n == 1 else _group(m, "n").lower()
    ages = kin.ages_said(m.string[m.end() :], n) if n > 1 else ""  # "two daughters, 5 and 8"
    return [Draft(f"The user has {count} {shown}{ages}", REL, 7, f"family:{plural}", str(n))]


# --- pets --------------------------------------------------------------------------------------


def _b_pet_named(m: re.Match[str], c: Clause) -> list[Draft]:
    # "a greyhound named Pip": the words say it is a name, even one a tool also has
    name = _name(_group(m, "v") or _group(m, "n"), need_capital=not _group(m, "v"), framed=bool(_group(m, "v")))
    kind = re.sub(r"\s+", " ", _group(m, "kind").lower())
    pet = Draft(f"The user has {_article(kind)} {kind} named {name}", FACT, 6, f"pet:{_slug(name or '')}", name)
    return ([_said_of(m, c, pet)] if _group(m, "n") else [pet]) if name else []


def _b_pet_unnamed(m: re.Match[str], c: Clause) -> list[Draft]:
    rest = _group(m, "rest")
    if rest and not re.match(r"(?i)^(?:$|[,.;!]|and\b|but\b|who\b|now\b|at\s+home\b)", rest):
        return []  # "I have a cat allergy"
    n = _number(_group(m, "count"))
    kind = re.sub(r"\s+", " ", _group(m, "kind").lower())
    if n <= 0:
        return []
    shown = f"{_article(kind)} {kind}" if n == 1 else f"{_group(m, 'count').lower()} {kind}s"
    return [Draft(f"The user has {shown}", FACT, 6, f"pet:{_slug(kind)}", kind)]


def _b_pet_gone(m: re.Match[str], c: Clause) -> list[Draft]:
    kind = re.sub(r"\s+", " ", _group(m, "kind").lower())
    name = _name(_group(m, "n"), need_capital=True) if _group(m, "n") else None
    who = f"{kind} {name}" if name else kind
    slot = f"pet:{_slug(name)}" if name else f"pet:{_slug(kind)}"
    if re.search(r"(?i)\brehom|\bgave away\b", m.group(0)):  # gone to another home, not dead
        return [
            Draft(f"The user no longer has their {who}, rehomed{c.when()}", FACT, 6, slot, name or kind, negated=True)
        ]
    return [Draft(f"The user's {who} died{c.when()}", FACT, 6, slot, name or kind, negated=True)]


# --- languages, goals, habits ------------------------------------------------------------------

_LEVEL = re.compile(
    r"^(?P<level>fluent|native|basic|some|decent|good|broken|conversational|a\s+little(?:\s+bit\s+of)?"
    r"|a\s+bit\s+of|a\s+little\s+bit|very\s+little|a\s+few\s+words\s+of|passable|beginner|intermediate)\s+",
    re.IGNORECASE,
)


def _b_speak(m: re.Match[str], c: Clause) -> list[Draft]:
    drafts = []
    for item in _split_list(_cut(_group(m, "v"), _THING_STOPS, lists=True)):
        item, manner = spoken_languages.without_manner(item)  # "Dutch fluently", "italian at home"
        level_match = _LEVEL.match(item)
        language = item[level_match.end() :] if level_match else item
        if language.lower() not in _NATURAL_LANGUAGES:
            continue
        level = f"{level_match.group('level').lower()} " if level_match else (f"{manner} " if manner else "")
        drafts.append(Draft(f"The user speaks {level}{language}", FACT, 5, f"language:{_slug(language)}", language))
    return drafts


def _language_builder(template: str) -> Builder:
    def build(m: re.Match[str], c: Clause) -> list[Draft]:
        drafts = []
        for language in _split_list(_cut(_group(m, "v"), _THING_STOPS, lists=True)):
            if language.lower() in _NATURAL_LANGUAGES:
                drafts.append(Draft(template.format(language), FACT, 5, f"language:{_slug(language)}", language))
        return drafts

    return build


# fmt: off
_GOAL_VERBS = {
    "want": "wants", "would like": "would like", "hope": "hopes", "plan": "plans",
    "intend": "intends", "aim": "aims", "planning": "is planning", "hoping": "is hoping", "trying": "is trying",
    "aiming": "is aiming",
}
# fmt: on


def _goal_text(raw: str) -> str:
    goal = _third_person(_cut(raw, _BASE_STOPS))
    if not goal or len(goal.split()) > 10 or re.search(r"\b(?:you|your|this|that|it)\b", goal, re.IGNORECASE):
        return ""
    return goal


def _b_goal_want(m: re.Match[str], c: Clause) -> list[Draft]:
    goal = _goal_text(_group(m, "v"))
    if not goal:
        return []
    raw_verb = _group(m, "verb") or _group(m, "verb3")
    verb = _GOAL_VERBS[re.sub(r"\s+", " ", raw_verb.lower())]
    return [Draft(f"The user {verb} to {goal}{c.when()}", GENERAL, 5, f"goal:{_slug(goal)}", goal)]


def _b_goal_is(m: re.Match[str], c: Clause) -> list[Draft]:
    goal = _goal_text(_group(m, "v"))
    if not goal:
        return []
    kind = re.sub(r"\s+", " ", _group(m, "kind").lower())
    return [Draft(f"The user's {kind} is to {goal}{c.when()}", GENERAL, 5, f"goal:{_slug(goal)}", goal)]


def _b_learning(m: re.Match[str], c: Clause) -> list[Draft]:
    subject = _goal_text(_group(m, "v"))
    if not subject or _starts_with_any(subject, ("a lot", "lots", "so much", "more", "new things", "stuff")):
        return []
    return [Draft(f"The user is learning {subject}", GENERAL, 5, f"goal:learn-{_slug(subject)}", subject)]


def _b_training(m: re.Match[str], c: Clause) -> list[Draft]:
    target = _goal_text(_group(m, "v"))
    if not target:
        return []
    verb = re.sub(r"\s+", " ", _group(m, "verb").lower())
    return [
        Draft(
            f"The user is {verb} for {target}{c.when()}", GENERAL, 5, f"goal:{_slug(verb)}-for-{_slug(target)}", target
        )
    ]


def _b_birthday(m: re.Match[str], c: Clause) -> list[Draft]:
    if not c.date or c.date.grain != "day":
        return []
    day = c.date.day
    if _group(m, "born") and c.date.has_year:
        return [Draft(f"The user was born on {day.isoformat()}", FACT, 7, "birthday", day.isoformat())]
    # A birthday recurs: the month and day are the fact, the inferred year is not.
    month_day = f"{_MONTH_NAMES[day.month]} {day.day}"
    return [Draft(f"The user's birthday is on {month_day}", FACT, 7, "birthday", f"--{day:%m-%d}")]


# --- foreign-language lead-ins ("hola, ...", "übrigens ...") ------------------------------------

_FOREIGN_LEAD_IN = _rx(
    r"^(?:(?:hallo|hi|hey|hola|bonjour|salut|also|bueno|pues|alors|eh\s+bien|ja|sí|oui"
    r"|übrigens|por\s+cierto|au\s+fait|und|y|et|mais|pero|aber)(?:\s*[,.!:;-]+\s*|\s+))"
)


# --- the table ---------------------------------------------------------------------------------
# Each rule is a template: a space means "one or more spaces" and {NAME} is a fragment below.
# Clauses arrive with contractions expanded ("I've" -> "I have", "don't" -> "do not"), so each
# wording is written once. Order matters only within a group: the first rule of a group that
# yields facts wins, so endings ("my cat Luna died") come before what they end ("my cat Luna").

_FRAGMENTS = {
    "ADV": r"(?:(?:currently|now|still|also|actually|just|recently|finally|officially|already|even|really"
    r"|again|fully|completely|totally|permanently|mostly)\s+)*",
    "LIKE_ADV": r"(?:(?:really|absolutely|also|still|do|totally|genuinely|kind\s+of|kinda|just|honestly|quite"
    r"|truly|sort\s+of|sorta|especially|very\s+much|so|actually|now|currently|always)\s+)*",
    # "my wife and I moved to Berlin", "me and my girlfriend Lea live in Vienna"
    "SUBJ": r"(?:i|we|(?:my\s+)?[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]*)?\s+and\s+i"
    r"|me\s+and\s+my\s+[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]*)?)",
    "IWE": r"(?:i|we)",
    "AM": r"(?:i\s+am|we\s+are)",
    "HAVE": r"(?:have|have\s+got|got|own|adopted|rescued|bought)",
    "CAP": _CAP,
    "NAME": _NAME_CAP,
    "PARTNER": _PARTNER,
    "FAMILY": _FAMILY,
    "PERSON": _PERSON,
    "PETS": _PETS,
    "DIETS": _DIETS,
    "V": r"(?P<v>.+)",
}


def _pattern(template: str, *, anywhere: bool = False) -> re.Pattern[str]:
    return _rx((r"\b" if anywhere else "^") + template.replace(" ", r"\s+").format(**_FRAGMENTS))


def _rule(group: str, template: str, build: Builder, *, anywhere: bool = False) -> Rule:
    return Rule(group, _pattern(template, anywhere=anywhere), build, anywhere)


# Workplaces named by their kind, which one quits as a job (not a gym, a band or a team: a membership).
_WORKPLACE_KINDS = (
    r"bank|council|firm|company|agency|startup|consultancy|charity|ministry|army|navy|police|newspaper|paper"
    r"|magazine|factory|warehouse|hospital|clinic|practice|airline|studio|lab|restaurant|bakery|hotel|call centre"
)
_KIDS = (
    r"kids?|children|child|sons?|daughters?|sisters?|brothers?|siblings?|grandchildren|grandkids?|toddlers?|teenagers?"
    r"|stepdaughters?|stepsons?|stepkids?"
)
_GOAL_STARTS = (
    r"learn|become|get better at|improve|lose|gain|run|visit|travel|move|save|retire|master|speak|quit"
    r"|get (?:fit|in shape|a job|promoted|married|a dog|a cat)"
)

# fmt: off
RULES: tuple[Rule, ...] = (
    # identity
    _rule("name", "my (?:first |full |real )?name(?:'s| is) {V}", _b_name),
    _rule("name", "(?:just )?call me {V}", _b_nickname),
    _rule("name", "(?:i am called|i go by|people call me|everyone calls me) {V}", _b_nickname),
    _rule("name", r"(?:i am|this is) (?P<v>{NAME})[\s.!]*$", _b_intro),
    _rule("age", r"i am (?P<v>\d+)(?P<unit>\s*(?:years?|yrs?)(?:[\s-]+old)?|\s*y/?o)?(?P<rest>.*)$", _b_age),
    _rule("age", r"(?:i {ADV}turned|my age is) (?P<v>\d+)\b", _b_age),
    _rule("nationality", "i am (?:an? )?(?:proud )?(?P<v>south african|[a-z]+)(?P<rest>.*)$", _b_nationality),
    # where the user lives: endings first
    _rule("location", "{IWE} (?:(?P<plain>do not)|no longer) live (?:in|at) {V}", _b_location_gone),
    _rule("location", "{SUBJ} {ADV}(?:have {ADV})?(?:moved|relocated) (?:back )?from (?P<old>.+?) to {V}", _b_moved),
    _rule("location", "{SUBJ} {ADV}(?:have {ADV})?(?:moved|relocated) (?:away from|out of) (?P<proper>){V}",
          _b_location_gone),
    _rule(
        "location",
        "{SUBJ} {ADV}(?:live|reside)(?: together| alone| on my own| by myself"
        "| with (?:my |our |a |two |three )?[\\w-]+(?: [\\w-]+)?(?= (?:in|near|outside|just|right) ))?"
        " (?P<near>(?:just |right )?(?:outside|near|close to) |in |on (?={CAP}[\\w'-]*(?: {CAP}[\\w'-]*)? (?:street"
        "|road|lane|avenue|close|drive|way|terrace|crescent|row|square|gardens|grove)\\b))?{V}",
        _b_location,
    ),
    _rule("location", "{IWE} have {ADV}(?:been )?(?:living|lived|based) in {V}", _b_location),
    # "I moved back to my hometown, Galway"; "home is Vienna these days"; "I rent a flat in Kreuzberg"
    _rule("location", "{SUBJ} {ADV}(?:have {ADV})?(?:moved|relocated) (?:back )?(?:home )?to (?:my|our) "
                      "(?:hometown|home town|home city|home country),? {V}", _b_moved),
    _rule("location", r"(?:my |our )?home is (?:now |currently )?(?P<v>{CAP}[\w'-]*(?: {CAP}[\w'-]*)*)"
                      r"(?: (?:now|these days|nowadays))?\s*$", _b_moved),
    _rule("location", "{IWE} {ADV}(?:rent|own|share) (?:a|an|the) (?:\\w+ )?(?:place|flat|apartment|house|room|studio"
                      "|condo|cottage) in {V}", _b_location),
    _rule("location", "{AM} {ADV}(?:living|based|residing|located|settled) in {V}", _b_location),
    _rule("location", "{SUBJ} {ADV}(?:have {ADV})?(?:moved|relocated) (?:back |down |up |over |out |away )?"
                      "(?:to|into) {V}", _b_moved),
    _rule("location", "{AM} (?:currently |now |still )?(?:in|over in|out in) "
                      "(?P<v>{CAP}[\\w'-]*(?: {CAP}[\\w'-]*)*)\\s*(?:,.*)?$", _b_staying_in),
    # where the user is from
    _rule("origin", "i am (?:originally )?from {V}", _origin_builder("is from")),
    _rule("origin", "i (?:originally )?come from {V}", _origin_builder("is from")),
    _rule("origin", "i was born (?:and raised )?in {V}", _origin_builder("was born in")),
    _rule("origin", "i grew up in {V}", _origin_builder("grew up in")),
    # employer: endings first
    _rule("employer", "i {ADV}(?:have )?(?:quit|left) my (?:job|position|role) (?:at|with) {V}", _b_employer_gone),
    _rule("employer", r"i {ADV}(?:have )?(?:quit|left) (?P<how>my (?:job|position|role))\s*$", _b_employer_gone),
    _rule("location", "(?:i|we) {ADV}(?:have )?left (?P<v>{CAP}.*)", _b_town_left),
    _rule("employer", "i {ADV}(?:have )?(?:quit|left) (?P<proper>)(?P<v>{CAP}.*)", _b_employer_gone),
    _rule("employer", "i (?:got|was|have been) (?:fired|laid off|let go|made redundant) (?:from|at|by) {V}",
          _b_employer_gone),
    _rule("employer", r"i (?:(?:got|was|have been) (?P<how>fired|laid off|let go|made redundant)"
                      r"|(?P<how2>lost my job))\b(?: (?:at|from) {V})?", _b_employer_gone),
    _rule("employer", "i am (?:now |currently |still )?(?P<how>unemployed|between jobs|out of work)", _b_employer_gone),
    # "I quit the bank", "resigned from the council": a workplace by its kind (not "left": "left the bank early")
    _rule("employer", "{IWE} {ADV}(?:have )?(?:quit|resigned from) "
                      "(?P<v>the (?:" + _WORKPLACE_KINDS + r"))\s*$", _b_employer_gone),
    _rule("employer", "i {ADV}work (?P<prep>at|for) {V}", _b_employer),
    # "I'm with Deloitte now": where one is "now", said of a named organisation, is the new job.
    _rule("employer", "i am (?:now |currently )?(?:at|with) (?P<v>{CAP}[\\w&.'-]*(?: {CAP}[\\w&.'-]*)*) now$",
          _b_joined),
    _rule("employer", "i am {ADV}(?:working|employed) (?P<prep>at|for|by) {V}", _b_employer),
    _rule("employer", "my (?:employer|company) is {V}", _b_employer),
    _rule("employer", "i am (?:starting|beginning) (?:a new job |work |my new job )?(?:at|with) {V}", _b_joined),
    _rule("employer", "(?:(?:it|today|yesterday|this|that) )?(?:was|is) my last day (?:at|with) (?P<proper>)"
                      "(?P<v>{CAP}[\\w&'-]*(?: (?:& )?{CAP}[\\w&'-]*)*)", _b_employer_gone),
    _rule("employer", "i {ADV}(?:have )?(?:resigned|handed in my notice|gave my notice|retired) (?:from|at|with) "
                      "(?P<proper>)(?P<v>{CAP}.*)", _b_employer_gone),
    _rule("employer", "(?:my )?last day (?:at|with) (?P<proper>)"
                      "(?P<v>{CAP}[\\w&'-]*(?: (?:& )?{CAP}[\\w&'-]*)*) (?:was|is)", _b_employer_gone),
    # "my last day at the bank is june 5th": a workplace by its kind, its end on the day said
    _rule("employer", "(?:my )?last day (?:at|with) (?P<v>the (?:" + _WORKPLACE_KINDS + r")) (?:was|is)(?:\s*,.*)?$",
          _b_employer_gone),
    _rule("employer", "i {ADV}(?:have )?(?:joined|started (?:working )?(?:at|for)"
                      "|(?:started|start|am starting) (?:a |my |the )?(?:new )?(?:job|position|role|work)"
                      " (?:at|with|for)"
                      "|got (?:a |the )?(?:new )?(?:job|position|role|offer) (?:at|with|from)"
                      "|accepted (?:an? |the )?(?:job|position|role|offer) (?:at|with|from)) {V}", _b_joined),
    # "I got hired by Initech", "I've been taken on at Initech": a new employer, as "joined" says
    _rule("employer", "i {ADV}(?:have )?(?:got|was|been|have been|just got) (?:hired|taken on|recruited|headhunted)"
                      " (?:by|at) {V}", _b_joined),
    # occupation and studies
    # "I was promoted to team lead", "I retrained as a paramedic": the new role
    _rule("occupation", "i {ADV}(?:have )?(?:(?:got|was|been|have been) promoted to|retrained as|requalified as"
                        "|qualified as|moved into a role as) (?P<art>an? |the )?(?P<v>.+)$", _b_new_role),
    _rule("occupation", "(?:i {ADV}(?P<verb>work)(?: nights| days| weekends| part-time| full-time| remotely"
                        "| freelance)? as|i am {ADV}(?P<verb2>working|employed) as"
                        "|my (?P<possessed>job|job title|title|profession) is) (?P<art>an? )?(?P<v>.+?)"
                        "(?: (?:at|for|with) (?P<org>.+))?$", _b_work_as),
    _rule("occupation", r"i am {ADV}(?P<v>retired|self[-\s]employed|freelancing|freelance|a freelancer"
                        r"|a stay[-\s]at[-\s]home (?:mom|mum|dad|parent))\b", _b_status),
    _rule("occupation", "i am {ADV}(?P<art>an? )(?P<v>.+?)(?: (?:at|for|with) (?P<org>.+))?$", _b_i_am_a),
    _rule("education", "(?:i {ADV}study|i am {ADV}(?:studying|majoring in)) (?P<v>.+?)(?: at (?P<org>.+))?$",
          _b_study),
    # tools: endings, switches and decisions before plain use
    _rule("tool", "{IWE} {ADV}(?:have )?(?:stopped|quit) using {V}", _b_tool_gone),
    _rule("tool", "{IWE} (?:no longer|(?P<plain>do not)) use {V}", _b_tool_gone),
    _rule("tool", "{IWE} {ADV}(?:have )?(?:dropped|ditched|got rid of|abandoned) {V}", _b_tool_gone),
    # "we moved off jira to Linear" names the new tool too: the change frame reads both sides, so this ending
    # stands back when a "to" follows (not a purpose: "moved off Heroku to save money")
    _rule("tool", "{IWE} {ADV}(?:have )?(?:moved|switched|migrated) (?:away from|off(?: of)?) (?P<strict>)"
                  "(?!.* (?:to|onto) (?!(?:save|cut|get|make|be|have|reduce|avoid|keep|stop)\\b)){V}",
          _b_tool_gone),
    _rule("tool", "{IWE} {ADV}(?:have )?(?P<verb>switched|moved|migrated|changed|relocated) (?:over )?"
                  "from (?P<old>.+?) (?:over )?to {V}", _b_switch),
    _rule("tool", "{IWE} {ADV}(?:have )?{ADV}(?P<verb>switched|moved|migrated|changed) (?:over )?to {V}", _b_switch_to),
    # the thing changed, named: "we switched our CI to Buildkite", "I moved my notes from Evernote to Obsidian"
    _rule("tool", "{IWE} {ADV}(?:have )?{ADV}(?P<verb>switched|moved|migrated|ported|converted) "
                  "(?:all (?:of )?)?(?:our|my|the) (?:(?:whole|entire) )?"
                  "(?P<thing>[a-z][\\w-]*(?: (?!over )[a-z][\\w-]*)?) (?:over )?to {V}", _b_switch_thing),
    # a change under way is a change: "we're migrating from Jenkins to GitHub Actions", "our team is moving to Go"
    _rule("tool", "(?:{AM}|our (?:team|company|startup|org) is) {ADV}"
                  "(?P<verb>switching|moving|migrating|changing) (?:over )?from (?P<old>.+?) (?:over )?to {V}",
          _b_switch),
    _rule("tool", "(?:{AM}|our (?:team|company|startup|org) is) {ADV}"
                  "(?P<verb>switching|moving|migrating) (?:over )?to {V}", _b_switch_to),
    _rule("tool", "{IWE} {ADV}(?:have )?(?:decided|agreed|chose|chosen|picked|settled)"
                  " (?:to (?:use|go with|adopt) |on |for )?{V}", _b_decided),
    _rule("tool", "{AM} going (?:to go )?with {V}", _b_decided),
    _rule("tool", "(?:{IWE} {ADV}(?:use|rely on|code in|program in|develop in)|{AM} {ADV}using)"
                  " (?P<v>.+?)(?: (?:for|as) (?P<purpose>.+))?$", _b_use),
    _rule("tool", "{IWE} {ADV}(?:write|work in|run|build (?:with|in)|deploy (?:to|on)) {V}", _b_use_known),
    # "we've been on Postgres since 2022": a known tool kept up (the date is the clause's)
    _rule("tool", "{IWE} {ADV}have {ADV}been {ADV}on {V}", _b_use_known),
    # likes: ending a like, then dislikes, then likes
    _rule("like", "i (?:really )?do not (?:really )?(?P<verb>like|love|enjoy) {V}",
          _like_builder("dislike", "does not")),
    _rule("like", "i {LIKE_ADV}(?P<verb>hate|dislike|detest|loathe|despise|can'?t stand|cannot stand"
                  "|can not stand) {V}", _like_builder("dislike")),
    _rule("like", "i am (?:really )?not (?:really )?(?P<verb>a (?:big |huge )?fan of|into|keen on) {V}",
          _like_builder("dislike", "is not")),
    _rule("like", "i {LIKE_ADV}prefer (?P<v>.+?)(?: (?:over|to|rather than|instead of) (?P<alt>.+))?$", _b_prefer),
    _rule("like", "i {LIKE_ADV}(?P<verb>love|like|enjoy|adore) {V}", _like_builder("like")),
    _rule("like", "i am {ADV}(?P<verb>a (?:big |huge |massive )?fan of|really into|into|passionate about"
                  "|obsessed with|keen on|crazy about) {V}", _like_builder("like", "is")),
    _rule("favourite", r"my (?:all[-\s]time )?favou?rite (?P<kind>[\w\s-]+?) (?:is|are) {V}", _b_favourite),
    _rule("favourite", r"(?P<v>[\w\s'-]+?) (?:is|are) my (?:all[-\s]time )?favou?rite (?P<kind>.+)", _b_favourite),
    # diet and health: endings first
    _rule("diet", r"i (?:have )?(?:stopped|quit) being (?:an? )?(?P<v>{DIETS})\b", _b_diet_gone),
    _rule("diet", r"i (?:have )?(?:gave up|given up|quit|stopped|abandoned)"
                  r" (?P<v>veganism|vegetarianism|pescatarianism|keto|paleo)\b", _b_diet_gone),
    _rule("diet", r"(?:i am|i have been|i (?:became|went|turned)|i have (?:become|gone)) {ADV}(?:an? )?"
                  r"(?:strict |full[-\s]time )?(?P<v>{DIETS})\b", _b_diet),
    _rule("diet", r"(?:i am {ADV}on|i (?:follow|eat|have)) (?:an? |the |this |my )?(?P<v>[\w-]+(?: [\w-]+)?) diet\b",
          _b_diet_named),
    _rule("diet", "i (?:do not|no longer|never|can'?t|cannot|(?:have )?(?:stopped|quit|gave up))"
                  " (?P<verb>eat(?:ing)?|drink) {V}", _b_dont_eat),
    _rule("diet", "i {ADV}(?:(?:started|began) eating|eat) {V}", _b_eat),
    _rule("allergy", "i am {ADV}(?:severely |very |deathly |highly |mildly )?allergic to {V}", _b_allergy),
    _rule("allergy", "i have (?:an? |severe |a severe )?allergy to {V}", _b_allergy),
    _rule("allergy", r"i have (?:an? )?(?:severe |mild )?(?P<v>[a-z]+(?: [a-z]+)?) allerg(?:y|ies)\b",
          _b_allergy_noun),
    _rule("allergy", r"i am (?:a )?(?:(?P<v>lactose|gluten|fructose|histamine) intolerant"
                     r"|(?P<v2>celiac|coeliac))\b", _b_intolerant),
    # partner: endings first
    _rule("partner", r"(?:(?P<who>(?:my (?:{PARTNER} )?)?[\w'-]+) and i|we) {ADV}(?:have )?(?:broke up|broken up"
                     r"|split up|split|separated|divorced|got divorced|are getting divorced|called it quits"
                     r"|are no longer together|are not together anymore|are over)\b", _b_breakup_joint),
    _rule("partner", "i {ADV}(?:have )?(?P<verb>broke up|broken up|split up|separated) with {V}", _b_breakup_with),
    _rule("partner", "i {ADV}(?:have )?(?P<verb>divorced|dumped) {V}", _b_breakup_with),
    _rule("partner", r"i {ADV}(?:have )?(?P<verb>left) (?P<v>my {PARTNER})\b", _b_breakup_with),
    _rule("partner", r"(?P<who>my {PARTNER}|{NAME}) (?:just )?(?:left|dumped|broke up with) me\b", _b_left_me),
    _rule("partner", r"i am (?:now |recently )?(?:no longer (?:with|dating|seeing|married to|together with) {V}"
                     r"|(?P<status>single|divorced|separated|widowed)\b)", _b_single),
    _rule("partner", "my (?P<rel>{PARTNER})(?: (?P<n>{NAME}))? (?:has )?(?:passed away|died)", _b_partner_died),
    _rule("partner", "my (?P<rel>{PARTNER})(?:(?P<named>'s name is| is called| is named)| is) {V}", _b_partner_is),
    _rule("partner", "i am {ADV}(?P<how>dating|seeing|going out with|engaged to|married to"
                     "|in a relationship with|together with) {V}", _b_dating),
    _rule("partner", "{IWE} {ADV}(?P<what>got married|married|got engaged|got hitched)(?: (?:to )?{V})?$",
          _b_married),
    _rule("partner", r"{IWE} (?:have|have got) an? (?P<rel>{PARTNER})\b(?P<rest>.*)", _b_has_partner),
    _rule("partner", r"i am {ADV}(?P<state>married|engaged|in a relationship|taken)\s*[.!]*$",
          _b_relationship_state),
    _rule("partner", "my (?P<rel>{PARTNER}),? (?P<n>{NAME})", _b_partner_mention, anywhere=True),
    # family and other people
    _rule("family", "my (?P<rel>{FAMILY}|{PERSON}),? (?P<n>{NAME}),? (?:has )?(?:passed away|died)",
          _b_relative_died),
    _rule("family", "my (?P<rel>{FAMILY}|{PERSON})(?:'s name is| is called| is named) {V}", _b_relative_named),
    _rule("family", "{IWE} (?:have|have got) an? (?P<rel>{FAMILY}|{PERSON}) (?:named|called) {V}",
          _b_relative_named),
    _rule("family", r"{IWE} {ADV}(?:have|have got) (?P<n>an?|one|two|three|four|five|six|seven|\d+)"
                    r" (?:(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)[- ](?:year|month)[- ]old "
                    r"|little |baby |teenage |grown[- ]up |young |older |younger |big )?"
                    r"(?P<rel>" + _KIDS + r"|boys?|girls?)\b"
                    r"(?! (?:named|called))",
          _b_relative_count),
    _rule("family", "(?:my|our) (?P<rel>{FAMILY}|{PERSON}),? (?P<n>{NAME})", _b_relative_mention, anywhere=True),
    # pets: deaths first
    _rule("pet", "(?:my|our) (?P<kind>{PETS}),?(?: (?P<n>{NAME}))?,? (?:just )?(?:died|passed away|passed"
                 "|ran away|was put down|is gone|got run over)", _b_pet_gone),
    _rule("pet", "{IWE} (?:just )?(?:lost|had to put down|had to put to sleep|gave away|rehomed|had to rehome)"
                 " (?:my|our) (?P<kind>{PETS}),?(?: (?P<n>{NAME}))?", _b_pet_gone),
    _rule("pet", "(?P<n>{NAME}),? (?:my|our) (?P<kind>{PETS}),? (?:just )?(?:died|passed away)", _b_pet_gone),
    _rule("pet", r"{IWE} {ADV}(?:have )?{HAVE} (?:an?|one|another)?\s*(?:new |little |rescue |adorable )?"
                 r"(?P<kind>{PETS}) (?:named|called) {V}", _b_pet_named),
    _rule("pet", "(?:my|our) (?P<kind>{PETS})(?:'s name is| is called| is named) {V}", _b_pet_named),
    # "my dog is a golden retriever named Max": the pet, said by its breed
    _rule("pet", "(?:my|our) {PETS} is an? (?P<kind>(?:[a-z-]+ ){{0,2}}?{PETS}) (?:named|called) {V}", _b_pet_named),
    _rule("pet", r"{IWE} {ADV}(?:have )?{HAVE} (?P<count>an?|one|two|three|four|\d) (?:new |little |rescue )?"
                 r"(?P<kind>{PETS})s?\b(?P<rest>.*)", _b_pet_unnamed),
    _rule("pet", "(?:my|our) (?P<kind>{PETS}),? (?P<n>{NAME})", _b_pet_named, anywhere=True),
    # languages
    _rule("language", "i {ADV}speak {V}", _b_speak),
    _rule("language", "i am (?:fluent|conversational|bilingual|proficient) in {V}",
          _language_builder("The user is fluent in {}")),
    _rule("language", "i am an? native (?P<v>[a-z]+) speaker", _language_builder("The user is a native {} speaker")),
    _rule("language", "my (?:native|first|mother) (?:language|tongue) is {V}",
          _language_builder("The user's native language is {}")),
    # goals, habits, birthdays
    _rule("goal", r"(?:i {ADV}(?P<verb>want|would like|hope|plan|intend|aim)"
                  r"|i am {ADV}(?P<verb3>planning|hoping|trying|aiming)) to (?P<v>(?:" + _GOAL_STARTS + r")\b.+)",
          _b_goal_want),
    _rule("goal", r"my (?:main |big |biggest |long[-\s]term )?(?P<kind>goal|dream|plan|aim|ambition|resolution"
                  r"|new year'?s resolution)(?: for (?:this|next) year| this year)? is to {V}", _b_goal_is),
    _rule("goal", "i am {ADV}learning {V}", _b_learning),
    _rule("goal", "i am {ADV}(?P<verb>training|preparing|saving up|saving) for {V}", _b_training),
    _rule("birthday", r"(?:my birthday(?:'s| is)?|(?P<born>i was born)(?: in [^,;]+)?)\s*[.!]*$", _b_birthday),
)
# fmt: on


# --- the generic event -------------------------------------------------------------------------

_PAST_IRREGULAR = _vocab("""
    went, flew, came, got, had, ran, met, saw, took, gave, bought, made, began, became, left, drove, won,
    lost, sold, wrote, read, spent, found, told, heard, felt, kept, held, brought, caught, taught, fought,
    broke, chose, spoke, rode, swam, sang, ate, drank, slept, woke, sent, built, paid, quit, hit, cut, put,
    set
""")
_EVENT_PRESENT = _vocab("""
    fly, leave, start, travel, go, move, return, graduate, arrive, begin, finish, head, drive, visit, meet,
    get, take
""")
_TASK_TALK = re.compile(r"\b(?:you|your|this|that|it|these|those)\b", re.IGNORECASE)
_EVENT_FORMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (_pattern("{AM} (?P<rest>.+)$"), "is"),
    (_pattern("{IWE} will (?P<rest>.+)$"), "will"),
    (_pattern("{IWE} have(?: got)? (?P<rest>.+)$"), "has"),
    (_pattern("{IWE} had (?P<rest>.+)$"), "had"),
    (_pattern("{IWE} (?:was|were) (?P<rest>.+)$"), "was"),
    (_pattern(r"my (?P<thing>.+?) (?P<verb>is|was|will be|are|were)\b(?P<rest>.*)$"), "my"),
    # "My flight leaves on Thursday", "the course starts in May": a thing of the user's that happens.
    (
        _pattern(
            r"(?:my|our) (?P<thing>[a-z][\w'-]*(?: [a-z][\w'-]*){{0,3}}?) "
            r"(?P<verb>leaves|departs|lands|arrives|starts|begins"
            r"|ends|finishes|opens|closes|takes place|is scheduled|got moved|was moved|is due)\b(?P<rest>.*)$"
        ),
        "my",
    ),
    (_pattern(r"{IWE} (?P<verb>[a-z]+)\b(?P<rest>.*)$"), "verb"),
)
# After "I'm", an event moves ("flying to", "off to", "getting married"); "I'm tired today" does not.
_EVENT_IS_REST = _rx(r"^(?:[a-z]+ing\b|off\b|away\b|out\b|back\b|at\b|in\b|on\b|due\b|booked\b|scheduled\b)")
_EVENT_HAS_REST = _rx(
    r"^(?:an?|my|the|two|three|some|to|been|got|[a-z]+ed)\b|^"
    + "(?:"
    + "|".join(
        (
            "physio",
            "therapy",
            "dentist",
            "surgery",
            "practice",
            "training",
            "rehearsal",
            "class",
            "classes",
            "school",
            "work",
            "lessons",
            "exams?",
            "finals",
            "court",
            "jury duty",
            "chemo",
            "dialysis",
            "football",
            "band practice",
        )
    )
    + r")\b"
)
# A clock time is when an event happens, not what it is: a rescheduled time keeps the event's slot.
_CLOCK_IN_KEY = _rx(
    r"\s*\b(?:at|around|by|from)\s+\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|h)?\b|\s*\b\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)\b"
)


def _event_drafts(c: Clause) -> list[Draft]:
    if c.date is None:
        return []
    if said := kin_birthdays.birthday_ahead(c.text):  # "my son turns 10 next friday": the birthday, that day
        return [Draft(f"{said[0]}{c.when()}", EVENT, 6, f"event:{said[1]}", c.date.bare())]
    for pattern, form in _EVENT_FORMS:
        m = pattern.match(c.text)
        if not m:
            continue
        # "tomorrow morning": the part of the day is left behind when the date is taken out
        rest = _tidy(re.sub(r"(?i)^\s*(?:morning|afternoon|evening|night)\b", "", _group(m, "rest")))
        if _TASK_TALK.search(rest) or re.match(r"(?i)^not\b", rest):
            return []
        if form == "is" and not _EVENT_IS_REST.match(rest):
            return []
        if form == "has" and not _EVENT_HAS_REST.match(rest):
            return []
        if form in ("is", "will", "has", "had", "was"):
            subject, predicate, key = "The user", f"{form} {_third_person(rest)}", rest
        elif form == "my":
            thing = _third_person(_group(m, "thing"))
            if _TASK_TALK.search(thing) or len(thing.split()) > 5:
                return []
            verb = re.sub(r"\s+", " ", _group(m, "verb").lower())
            verb = {"are": "is", "were": "was"}.get(verb, verb)
            subject, predicate, key = f"The user's {thing}", f"{verb} {_third_person(rest)}".strip(), thing
        else:
            verb = _group(m, "verb")
            lower = verb.lower()
            if lower in _PAST_IRREGULAR or (lower.endswith("ed") and lower not in _NOT_PAST):
                shown = verb
            elif lower in _EVENT_PRESENT:
                shown = _verb_s(verb)
            else:
                return []  # "I need this by Friday" is a deadline for the assistant, not an event
            subject, predicate, key = "The user", f"{shown} {_third_person(rest)}".strip(), f"{verb} {rest}"
        if not key.strip():
            return []
        text = re.sub(r"\s+", " ", f"{subject} {predicate}{c.when()}").strip()
        return [Draft(text, EVENT, 6, f"event:{_slug(_CLOCK_IN_KEY.sub('', _third_person(key)))}", c.date.bare())]
    return []


def _talk_event_drafts(c: Clause) -> list[Draft]:
    """A dated event told as friends tell it: "I painted that lake last month" (the thing pointed at is the
    thing), "our son learned to ride a bike last weekend" (a relative's news, on the relative's slot)."""
    if c.date is None or c.date.day > c.today:
        return []
    # "I just got back from ...": the adverb hid the verb from the event forms
    plain = _HEDGED_PAST.sub(lambda m: f"{m.group('subj')} ", c.text)
    if plain != c.text and (events := _event_drafts(replace(c, text=plain))):
        return events
    pointed = talk.pointed_things(plain)
    if pointed != plain and _looks_past(plain) and (events := _event_drafts(replace(c, text=pointed))):
        return events
    said = talk.someones_past(c.text)
    relative = _relative_slot(said[0]) if said else None
    if said is None or relative is None or _TASK_TALK.search(said[2]):
        return []
    subject, verb, rest = said
    whose = f"The user's {subject.split(maxsplit=1)[1]}"
    text = re.sub(r"\s+", " ", f"{whose} {verb} {_third_person(rest)}{c.when()}").strip()
    key = clauses.thing_key(rest) or _slug(verb)
    return [Draft(text, EVENT, 6, f"{relative}:{key}", c.date.bare())]


def _future_role_drafts(c: Clause) -> list[Draft]:
    """ "I'm going to be a structural engineer at Holmberg & Partner": the job to come, an event (dated when
    the date is said), as "I'll be starting as a nurse at Mercy in September" is; the job held now stays."""
    said = talk.future_role(c.text)
    if said is None or not _is_occupation(said[0].split()[-1]) or c.date is not None and c.date.day < c.today:
        return []
    role, org = said
    text = f"The user will work as {_article(role)} {role} at {org}{c.when()}"
    return [Draft(text, EVENT, 6, f"event:{_slug(f'work as {role} at {org}')}", c.date.bare() if c.date else None)]


_TRAINEE_ROLES = frozenset(("trainee", "intern", "apprentice", "dev", "junior"))


def _joined_as_drafts(c: Clause, drafts: list[Draft]) -> list[Draft]:
    """ "I joined Blackvale Roasters as a roaster trainee": the employer and the role, both (the frames read
    the employer alone). Nothing when a role is read already."""
    said = talk.joined_as(c.text)
    if said is None or any((d.slot or "").startswith("occupation") for d in drafts):
        return []
    if c.date is not None and (c.today - c.date.day).days > 183:
        return []  # "started at Shopify two years ago as an intern": the role one began in, long since changed
    org, role = said
    head = role.split()[-1].lower()
    found = _org(org)
    if found is None or not (_is_occupation(head) or head in _TRAINEE_ROLES):
        return []
    employer = [d for d in drafts if d.slot == "employer"] or [_employer_draft(*found, "at", c)]
    if head in job_titles.TRADES and not _OCCUPATION_FORM.search(head):
        # a trade the office lexicon lacked, with where it is held: one fact on the employer's slot (_role_drafts)
        return [replace(employer[0], text=f"The user is {_article(role)} {role} at {found[0]}{c.since()}")]
    return [Draft(f"The user works as {_article(role)} {role}", FACT, 7, "occupation", _value(role)), *employer]


def _finally_had(raw: str, c: Clause) -> list[Draft]:
    """ "I finally bought the kayak": the thing long talked about is had now ("finally" says so; the clause
    as prepared has lost it)."""
    said = talk.finally_had(_expand_contractions(_with_subject(_strip_lead_ins(raw.strip(" ,;:-")))).rstrip(" !.?"))
    prepared = _prepare(said, c.today) if said else None
    return _acquired_drafts(prepared) if prepared else []


# --------------------------------------------------------------------------------------------
# Language detection
# --------------------------------------------------------------------------------------------

_MARKERS = {
    "en": _vocab("""
        i, i'm, im, my, the, and, is, are, you, to, of, am, have, it, this, with, for, not, don't, we, was,
        at, on, live, work, like, love, use, just, can, what, that, hello, hi, thanks, yes, please, now, anymore,
        longer, pls, plz, lol, tbh, btw, omg, haha, gonna, wanna, kinda, ngl, idk, imo, i've, i'd, i'll, she, he,
        his, her, our, she's, he's, it's, here, since, got, really, about, been, keep, answers, currently, working
    """),
    "de": _vocab("""
        ich, und, nicht, der, das, ist, mein, meine, bin, wohne, lebe, heiße, heisse, komme, aus, mit, auf,
        ein, eine, zu, wir, habe, sind, auch, aber, jetzt, seit, nach, gezogen, hallo, danke, bitte, ja,
        nein, wie, geht, kinder, jeden, jede, verheiratet, heißt, gehe, spiele, letzten, letzte,
        du, dich, dir, mich, mir, sie, dem, im, zum, zur, vom, beim, für, über, oder, wenn, weil, dass, kann,
        muss, möchte, haben, gibt, schon, noch, sehr, gern, gerne, immer, heute, kein, keine, bitte
    """),
    "es": _vocab("""
        yo, y, el, los, las, que, soy, mi, vivo, llamo, con, por, para, una, estoy, pero, muy, es, mudé,
        nombre, desde, ahora, hola, gracias, sí, cómo, trabajo, en, ya, tengo, hace, dejé, gusta, años, del, al,
        estoy, juego, tenemos, hijos, hijas, nuestro, nuestra, somos, usamos, mañanas, casada, casado,
        tú, está, están, porque, cuando, muy, también, algo, nada, mucho, mis, tus, sus, aquí, hoy, ayer,
        prefiero, quiero, puedo, hago, voy, este, eso, esa, respuestas, siempre, vez, otra,
        cambié, empecé, compré, vendí, cambiamos, pasé
    """),
    "fr": _vocab("""
        je, et, le, les, est, suis, mon, ma, mes, habite, vis, avec, pour, une, des, du, pas, ne, mais,
        nous, appelle, viens, prénom, maintenant, depuis, bonjour, merci, oui, à, salut, très, travaille, j'ai,
        avons, enfants, chaque, tous, toutes, mariée, marié,
        tu, moi, toi, peux, veux, fait, sont, ont, ai, as, avez, êtes, c'est, ça, ce, cette, ces, qui, quoi,
        où, au, aux, dans, chez, très, bien, aussi, encore, vous, leur, notre, votre, réponses, toujours
    """),
    "it": _vocab("""
        io, sono, mi, chiamo, abito, lavoro, il, di, che, non, per, con, anche, ora, adesso, ciao, grazie, ho,
        sto, faccio, più, della, nel, alla, anni, mio, mia, perché, però, smesso, vengo, piace, fa, gli, e, chiama,
        vivo, siamo, passati, anno, scorso, abbiamo, sono, lasciato, gioco, ogni, mio, ragazzo, trasferita, trasferito,
        figli, figlie, sposato, sposata, nuoto, mattina, palestra,
        tu, ti, ci, gli, del, dei, delle, sul, questo, questa, quello, è, hai, molto, poi, già, ancora, sempre,
        qui, dove, quando, voglio, posso, preferisco, risposte,
        miei, tuoi, suoi, nostri, nostre, genitori, fratelli, sorelle
    """),
    "pt": _vocab("""
        eu, moro, trabalho, sou, não, meu, minha, em, no, na, do, da, com, também, agora, olá, obrigado,
        obrigada, sim, você, estou, tenho, já, mais, mudei, deixei, parei, gosto, há, anos, ao, os, das, dos, e, mas,
        migramos, empresa, sou, usuário, aos, às, filhos, filhas, temos, nós, nosso, nossa, ginásio, casado, casada,
        para, pra, um, uma,
        isso, isto, esse, essa, aqui, muito, quando, porque, ainda, sempre, hoje, ontem, prefiro, quero, posso,
        faço, vou, é, são, está, tá, né, respostas,
        jogo, voltei, comecei, troquei, comprei, acabei, terminei, fiquei, passei,
        as, meus, minhas, seus, suas, nossos, nossas
    """),
}
# Articles, quantities and words of time and frequency, which a short casual clause may be made of
# ("corro tutte le mattine", "uso Spotify para la música"): a word two languages share votes for both.
_MORE_MARKERS = {
    "de": "des einen einem woche monat jahr jahren tag vor morgen abend hab nen",  # "hab nen Hund": chat German
    "es": "la un unas unos semana semanas mes meses día todas todos pasado pasada tarde noche veces nos hemos estamos"
    " han fui",
    "fr": "la un jour semaine mois dernier dernière fois",
    "it": "la le lo tutti tutte tutto un una uno dal dalla nella sulla settimana settimane mese mesi giorno mattine"
    " sera volte"
    " ieri oggi scorsa hanno",
    "pt": "o os um semana semanas mês meses dia todos todas passado passada manhã noite vezes pelo pela às faz nos"
    " estamos fomos fui",
}
# A first-person present that opens a short message ("uso Linux", "toco piano", "adoro sushi"): the "-o" of the
# Romance first person, in verbs of habit and taste no English message writes; it votes for each language that
# has it, and the n-grams settle a tie.
_FIRST_PERSON_MARKERS = {
    "es": "uso amo adoro odio corro toco bebo nado cocino bailo escribo hablo encanta encantan llevo",
    "it": "uso amo adoro odio corro suono bevo nuoto cucino ballo scrivo parlo",
    "pt": "uso amo adoro odeio corro toco bebo nado cozinho danço escrevo chamo falo curto tô",
}
# A month's name is its language's ("on a emménagé à Vannes en mars"), but for those English writes alike.
_ENGLISH_MONTH_WORDS = frozenset(["april", "august", "september", "november", "mayo"])
for _lang, _more in _MORE_MARKERS.items():
    _MARKERS[_lang] = (
        _MARKERS[_lang] | frozenset(_more.split()) | frozenset(_FIRST_PERSON_MARKERS.get(_lang, "").split())
    )
    _MARKERS[_lang] = _MARKERS[_lang] | (frozenset(frames.month_names(_lang)) - _ENGLISH_MONTH_WORDS)
# Words of casual English chat that none of the other five languages writes ("nah im good", "omg no way",
# "yeah no worries"): a short lowercase reply is often made of these and of a word two languages share ("im",
# "no"), which alone would vote it foreign.
_ENGLISH_CHAT = _vocab("""
    nah, yeah, yea, yep, yup, nope, ok, okay, thx, ty, np, lmao, lmk, rn, ur, u, cool, nice, good, great, fine, sure,
    same, worries, way, wild, ugh, hmm, sounds, true, fair, awesome, gotcha, alright, tired, done, wait
""")
_MARKERS["en"] = _MARKERS["en"] | _ENGLISH_CHAT
# Of these, the slang only English chat writes counts twice: "lmao no", "no thx" are English, not Portuguese "no".
_ENGLISH_SLANG = _vocab("nah, yeah, yea, yep, yup, nope, thx, ty, np, lmao, lmk, pls, plz, tbh, idk, ngl, imo")
# "per i conti", "con i colleghi": Italian's plural article after a preposition, not English "I".
_ITALIAN_I_AFTER = frozenset(["per", "con", "tra", "fra", "su", "di", "tutti", "e"])
_FR_ELISIONS = ("j'", "m'", "l'", "d'", "c'", "qu'", "n'", "s'")
# Letters and word endings only one of the five languages writes (English writes none of them).
_SPELLINGS = (
    (re.compile(r"ñ|^\w{2,}i[óí]$|ción$|ciones$|^\w{2,}[^i]í$"), "es"),  # "murió", "volví", "viví"
    (re.compile(r"[ãõ]|ção$|ções$|^\w{3,}[^r\W]ei$"), "pt"),  # "larguei", "deixei": a first-person past
    (re.compile(r"ß|^\w{3,}(?:heit|keit|schaft)$|^\w{4,}ungen?$"), "de"),
    (re.compile(r"[ìò]|zione$|zioni$"), "it"),
    # an acute a, i, o or u ("alemán", "música", "avó"): Spanish and Portuguese write it, English, French, Italian
    # and German do not; one vote each, and the n-grams settle which
    (re.compile(r"[áíóú]"), "es"),
    (re.compile(r"[áíóú]"), "pt"),
    (re.compile(r"œ|eaux?$|^\w{2,}ée$"), "fr"),
)
_MARKER_INDEX: dict[str, tuple[str, ...]] = {}
for _lang, _words in _MARKERS.items():
    for _word in _words:
        _MARKER_INDEX[_word] = (*_MARKER_INDEX.get(_word, ()), _lang)
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?|[^\W\d_]+'")


@lru_cache(maxsize=16384)  # pure; chat repeats its words, and each would be tried against every spelling
def _spelled_as(token: str) -> tuple[str, ...]:
    """The languages whose letters or word endings the token has (_SPELLINGS), one entry per spelling."""
    return tuple(lang for spelling, lang in _SPELLINGS if spelling.search(token))


@lru_cache(maxsize=8192)  # pure; a message is asked about more than once (chat spellings, answers, context)
def detect_language(text: str) -> str:
    """ "en", "de", "es", "fr", "it", "pt", or "und" when the text is in none of these (or in a non-Latin script).

    A marker-word vote: cheap, and good enough to keep English rules off other languages.
    """
    if not text.isascii():
        letters = [ch for ch in text if ch.isalpha()]
        if letters and sum(1 for ch in letters if ord(ch) > 0x24F) / len(letters) > 0.3:
            return "und"
    scores = dict.fromkeys(_MARKERS, 0)
    foreign_words = set()
    # An acronym ("CI", "IT", "PR") is no function word of any language.
    previous = ""
    for token in (t.lower() for t in _WORD.findall(text) if not (t.isupper() and len(t) > 1)):
        token, previous = ("", token) if token == "i" and previous in _ITALIAN_I_AFTER else (token, token)
        for lang in _MARKER_INDEX.get(token, ()):
            scores[lang] += 1
            if lang != "en":
                foreign_words.add(token)
        if token in _ENGLISH_SLANG:
            scores["en"] += 1
        for lang in _spelled_as(token):
            scores[lang] += 1  # "murió", "mudança", "Wohnung": letters and endings of one language
        if token.startswith(_FR_ELISIONS):
            scores["fr"] += 1
    # "Do you drink coffee?": Portuguese's "do" (of the) never comes before a subject pronoun; English's always can
    scores["en"] += len(_ENGLISH_DO_SUBJECT.findall(text))
    if "¿" in text or "¡" in text:
        scores["es"] += 1  # only Spanish opens a question or an exclamation with its mark
    if scores["en"] and foreign_words == {"no"} and max(scores[lang] for lang in scores if lang != "en") == 1:
        return "en"  # "no markdown please", "no dairy for me": an English word, and "no" the only one of another's
    best = max(("de", "es", "fr", "it", "pt"), key=lambda lang: scores[lang])
    if (
        scores["en"] == 1
        and (not scores[best] or (best == "it" and scores[best] == 1))
        and _ITALIAN_ARTICLE_I.match(text)
    ):
        # "I bambini giocano a calcio": the one English marker is "I", which is also Italian's plural article
        # ("i figli"). The n-grams of what follows it decide, when they are sure it is Italian: an English
        # subject grafted onto an Italian clause would say something false ("The user bambinis ...").
        after = text[_ITALIAN_ARTICLE_I.match(text).end() :]
        if after.split(" ", 1)[0].lower() in _MARKERS["it"]:
            return "it"  # "I nostri vicini": an Italian word right after the article; English has no "I nostri"
        guess = clause_classifier.language_of(after)
        if guess.label == "it" and guess.confidence >= LANGUAGE_GUESS_FOREIGN:
            return "it"
    if scores[best] and scores[best] >= scores["en"]:
        # A tie of marker words ("Ho comprato una Vespa": "ho" and "una"; "On a déménagé à Annecy": "on"
        # and "à"), or one marker word against a sure guess ("Suono la chitarra": "la"): the character
        # n-grams decide.
        guess = clause_classifier.language_of(text)
        tie = scores[guess.label] == scores[best]
        near = not scores["en"] and scores[guess.label] >= scores[best] - 1 and guess.label != "en"
        if tie or (near and guess.confidence >= LANGUAGE_GUESS_CONFIDENCE):
            return guess.label
        if scores[best] == scores["en"] and guess.label != "en":
            return best  # "Uso Trello per i progetti": "i" against "per", and the n-grams are not English
    if scores[best] > scores["en"]:
        return best
    if not any(scores.values()):
        # No marker word of any language ("Colecciono monedas romanas"): the character n-grams decide,
        # when they are sure; English otherwise.
        guess = clause_classifier.language_of(text)
        if guess.confidence >= LANGUAGE_GUESS_CONFIDENCE:
            return guess.label
        if guess.label != "en" and guess.confidence >= LANGUAGE_GUESS_FOREIGN:
            return guess.label  # "Fechámos a loja": no marker of any language, and no likely English
    return "en"


LANGUAGE_GUESS_CONFIDENCE = 0.6
_ENGLISH_DO_SUBJECT = re.compile(r"\b(?:do|does|did)\s+(?:you|u|ya|we|they|i|he|she)\b", re.IGNORECASE)
_ITALIAN_ARTICLE_I = re.compile(r"\s*I\s+(?=[a-z])")  # "I bambini": an article before a lower-case noun
LANGUAGE_GUESS_FOREIGN = 0.45  # a guess of another language than English, when no marker word speaks


# --------------------------------------------------------------------------------------------
# Confirmations: "Do you live in Berlin?" -> "yes"
# --------------------------------------------------------------------------------------------

_CONFIRM = _rx(  # atomic items: "yes indeed" read as one item or two made a long reply exponential
    r"^(?>(?:yes|yep|yeah|yup|yes\s+indeed|indeed|correct|exactly|absolutely|right|that'?s\s+(?:right"
    r"|correct)|that\s+is\s+(?:right|correct)|i\s+do|i\s+am|of\s+course|sure)[\s,!.]*)+$"
)
_DENY = _rx(
    r"^(?:(?:no|nope|nah|not\s+anymore|not\s+any\s+more|no\s+longer|i\s+don'?t|i'm\s+not|i\s+am\s+not"
    r"|not\s+really)[\s,!.]*)+$"
)
_QUESTION = re.compile(r"[^.!?\n]+\?")
# ("no more running" is no answer: it is an ending, _no_more_as_stopped)
_YES_FIRST = _rx(
    r"^(?:(?:haha+|lol|oh|ah|hah|ha)[\s,!.]+)?(?P<yes>(?:yes|yep|yeah|yup|correct|exactly|of\s+course|no(?!\s+(?:more|idea|clue|worries|problem|wonder|doubt|comment)\b)|nope|nah"
    r"|not\s+anymore)\b[\s,!.]*)(?=\S)"
)
_Q_LEAD = r"^(?:so,?\s+|and\s+|just\s+to\s+(?:confirm|check),?\s+|to\s+confirm,?\s+|quick\s+question,?\s+)?"
# fmt: off
_Q_FORMS: tuple[tuple[re.Pattern[str], str, str], ...] = (
    (_rx(_Q_LEAD + r"do\s+you\s+(?P<rest>.+?)\s*\?$"), "I {rest}", "I don't {rest}"),
    (_rx(_Q_LEAD + r"are\s+you\s+(?P<rest>.+?)\s*\?$"), "I'm {rest}", "I'm not {rest}"),
    (_rx(_Q_LEAD + r"have\s+you\s+(?:got\s+)?(?P<rest>.+?)\s*\?$"), "I have {rest}", ""),
    (_rx(_Q_LEAD + r"is\s+your\s+(?P<thing>name|(?:girl|boy)friend|wife|husband|partner|fianc[ée]e?|favou?rite\s+\w+"
         r"|native\s+language|first\s+language|birthday|goal|job|employer)\s+(?P<rest>.+?)\s*\?$"),
     "my {thing} is {rest}", ""),
    (_rx(_Q_LEAD + r"you(?:'re|\s+are)\s+(?P<rest>.+?),?\s+(?:right|correct|yes|no|is\s+that\s+(?:right|correct)"
         r"|aren'?t\s+you)\s*\?$"), "I'm {rest}", "I'm not {rest}"),
    (_rx(_Q_LEAD + r"you\s+(?P<rest>.+?),?\s+(?:right|correct|yes|no|is\s+that\s+(?:right|correct)|don'?t\s+you)"
         r"\s*\?$"), "I {rest}", "I don't {rest}"),
    # Chat drops the verb: "Sara, you still vegan?", "you still in Bristol?"
    (_rx(_Q_LEAD + r"(?:\w+,?\s+)?(?:are\s+)?you,?\s+(?:still\s+)?(?P<rest>(?!\w+ing\b)[^?]+?)\s*\?$"), "I'm {rest}",
     "I'm not {rest}"),
    # ... and the "you" too: "still vegan?", "what about you, still at the brewery?"
    (_rx(_Q_LEAD + r"(?:(?:what|how)\s+about\s+you|and\s+you)?,?\s*still\s+(?P<rest>(?!\w+ing\b)[^?]+?)\s*\?$"),
     "I'm {rest}", "I'm not {rest}"),
)
# fmt: on
_YOU_SWAP = {"your": "my", "yours": "mine", "yourself": "myself", "you": "me"}


def _statement_from_question(content: str, *, denied: bool, anymore: bool) -> str:
    """The user's side of a yes/no question, as if they had said it ("I live in Berlin")."""
    questions = _QUESTION.findall(content)
    if not questions:
        return ""
    question = _strip_lead_ins(questions[-1].strip())
    if not denied and fragments.asks_passing(question):
        return ""  # "still in hospital?" / "yes", "still at Kellner next month?" / "yep": a moment or a plan
    for pattern, yes_form, no_form in _Q_FORMS:
        m = pattern.match(question)
        if not m:
            continue
        form = no_form if denied else yes_form
        if not form:
            return ""
        groups = {
            k: re.sub(
                r"\b(?:your|yours|yourself|you)\b",
                lambda w: _YOU_SWAP[w.group(0).lower()],
                v or "",
                flags=re.IGNORECASE,
            )
            for k, v in m.groupdict().items()
        }
        if denied:
            groups["rest"] = re.sub(r"^(?:still|currently)\s+", "", groups["rest"], flags=re.IGNORECASE)
        statement = form.format(**groups)
        # "Do you still live in Berlin?" - "nope": a "no" to "still" says it ended, as "not anymore" does; a
        # "no" to a plain question only denies
        ended = anymore or bool(re.search(r"(?i)\bstill\b", question))
        return f"{statement} anymore" if denied and ended else statement
    return ""


# --------------------------------------------------------------------------------------------
# Entry point
# --------------------------------------------------------------------------------------------


def _normalise_message(text: str) -> str:
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    return re.sub(r"[ \t\u00a0]+", " ", text).strip()


@lru_cache(maxsize=8192)  # pure; each turn is read more than once (its own clauses, answers, context)
def _read(content: str) -> str:
    """A chat message as the rules read it: normalised, and in English its chat spellings ("u", "3x a
    week", "shes", "w/") written out (chat_spelling)."""
    text = _normalise_message(content)
    return chat_spelling.expanded(text) if detect_language(text) in ("en", "und") else text


@dataclass(frozen=True)
class _NeedleIndex:
    """Which rules of a table each needle may let match, and the rules without needles (always tried)."""

    rules: tuple[Rule, ...]
    by_needle: tuple[tuple[str, tuple[int, ...]], ...]
    always: tuple[int, ...]

    @classmethod
    def of(cls, rules: tuple[Rule, ...]) -> _NeedleIndex:
        by_needle: dict[str, list[int]] = {}
        for i, rule in enumerate(rules):
            for needle in rule.needles or ():
                by_needle.setdefault(needle, []).append(i)
        always = tuple(i for i, rule in enumerate(rules) if rule.needles is None)
        return cls(rules, tuple((n, tuple(ids)) for n, ids in by_needle.items()), always)

    def candidates(self, text: str) -> Iterable[Rule]:
        """The rules that may match ``text``, in table order: a rule none of whose needles the text holds
        cannot match it (shared.domain.needles), so skipping it changes nothing."""
        lowered = lowered_ascii(text)
        if lowered is None:
            return self.rules
        chosen = set(self.always)
        for needle, ids in self.by_needle:
            if needle in lowered:
                chosen.update(ids)
        return [self.rules[i] for i in sorted(chosen)]


_NEEDLE_INDEX: list[_NeedleIndex] = []


def _needle_index(rules: tuple[Rule, ...]) -> _NeedleIndex:
    """The index of the table, made once (and again when rule_coverage swaps RULES for a copy)."""
    if not _NEEDLE_INDEX or _NEEDLE_INDEX[0].rules is not rules:
        _NEEDLE_INDEX[:] = [_NeedleIndex.of(rules)]
    return _NEEDLE_INDEX[0]


def _rule_drafts(c: Clause) -> list[Draft]:
    drafts: list[Draft] = []
    fired: set[str] = set()
    for rule in _needle_index(RULES).candidates(c.text):
        if rule.group in fired:
            continue
        m = rule.pattern.search(c.text) if rule.anywhere else rule.pattern.match(c.text)
        if not m:
            continue
        made = rule.build(m, c)
        if made:
            drafts.extend(made)
            fired.add(rule.group)
    return drafts


def _negate(draft: Draft) -> Draft:
    """The retraction of what a positive draft states, on the same slot."""
    text = draft.text
    if text.startswith("The user is "):
        text = text.replace("The user is ", "The user is no longer ", 1)
    else:
        text = re.sub(r"^The user('s [\w-]+)? ", lambda m: f"{m.group(0)}no longer ", text, count=1)
    return replace(draft, text=text, negated=True)


def _work_form_drafts(c: Clause) -> list[Draft]:
    """ "I do plumbing for a living", "I'm in finance", "I work in Amsterdam", "I teach math at Lincoln High":
    the forms of work talk (work_forms), before the rules that would read them as a habit or a trait."""
    if (apart := work_forms.companions_apart(c.text)) is not None:
        return [d for said in apart for d in _statement_drafts(replace(c, text=said))]
    if (role_line := work_forms.role_and_line(c.text)) is not None:
        role, line = role_line
        return [*_statement_drafts(replace(c, text=role)), Draft(line.text, FACT, 6, line.slot, line.value)]
    if (two := work_forms.arrangement_and_role(c.text)) is not None:
        how, role = two
        return [Draft(how.text, FACT, 6, how.slot, how.value), *_statement_drafts(replace(c, text=role))]
    return [Draft(s.text, FACT, 7, s.slot, s.value) for s in work_forms.statement(c.text)]


def _role_at_drafts(c: Clause) -> list[Draft]:
    """ "I'm a junior dev at a small firm", "I'm an SDE at Amazon": a role no rule read, said with where it is
    held (one fact, on the employer's slot); tried last, when nothing else read the clause."""
    found = work_forms.role_at(c.text)
    return [Draft(found.text, FACT, 7, found.slot, found.value)] if found else []


def _kept_up_drafts(c: Clause) -> list[Draft]:
    """ "I've been a nurse for 10 years", "I've been living in Oslo since 2019": the state itself ("I am a
    nurse"), read by every rule, true since the stated date (never an event at that date)."""
    if c.date is None or c.date.day > c.today:
        return []
    held = held_states.held_so_far(c.text)
    drafts = _statement_drafts(replace(c, text=held.now)) if held else []
    # read as nothing but an event at the date, the state was not understood: the clause is read as said
    return drafts if any(d.category is not EVENT for d in drafts) else []


def _pastime_drafts(c: Clause) -> list[Draft]:
    """ "picked up the ukulele last month", "been bouldering 3 times a week since March": the habit now
    (pastimes), read without its date (a dated "go bouldering" would read as one outing; the caller dates it)."""
    habit = pastimes.as_habit(c.text, frames.base_of_gerund) if c.date is None or c.date.day <= c.today else None
    if habit is None:
        return []
    if drafts := _statement_drafts(replace(c, text=habit, date=None, date_prep=None)):
        return drafts
    verb, what = pastimes.activity(habit)  # "I make music on Ableton": no frame reads "make"
    slot = f"habit:{_slug(what if verb == 'go' else frames.gerund(verb) + ' ' + what)}"
    said = habit.split(" ", 2)[2]  # "We play pickleball": the user and theirs, and the user as well
    return [Draft(f"The user {_verb_s(verb)} {said}", PREF, 5, slot, what)]


def _condition_held_drafts(c: Clause) -> list[Draft]:
    """ "I was diagnosed with ADHD last year", "I live with chronic fatigue": the condition, held since the date
    (health_conditions), read as "I have ..." is; the diagnosis says it is a condition where no rule knows it."""
    what = health_conditions.condition(c.text) if c.date is None or c.date.day <= c.today else None
    if what is None:
        return []
    held = [
        d
        for said in (f"I have {what}", f"I am {what}")  # "coeliac" is said with "am"
        for d in _statement_drafts(replace(c, text=said, date=None, date_prep=None))
        if (d.slot or "").startswith(("health:", "allergy:")) and not d.negated
    ][:1]
    return held or [Draft(f"The user has {what}", FACT, 6, f"health:{_slug(what)}", what)]


def _outside_work_drafts(c: Clause) -> list[Draft]:
    """What the user does and has outside work, each read by its class's module: a pastime taken up or kept up, a
    study, a car got, a condition held, a skill (the first that reads the clause speaks)."""
    if drafts := _pastime_drafts(c):
        return drafts
    if study := studies.study(c.text):
        return [Draft(study[0], FACT, 7, "education", study[1])]
    if car := vehicles.acquired(c.text) or vehicles.kept(c.text):  # "I got a Fiat Panda", "my car needs new tyres"
        return [Draft(f"The user has {car[0]}", FACT, 5, car[1], car[0])]
    if drafts := _condition_held_drafts(c):
        return drafts
    return [Draft(t, FACT, 5, slot, v) for t, slot, v in ([] if c.date else skills.skills(c.text, _tool_domain))]


def _statement_drafts(c: Clause) -> list[Draft]:
    """What a clause states: the specific rules first, then the generic frames."""
    return (
        _work_form_drafts(c)
        or _kept_up_drafts(c)
        or _outside_work_drafts(c)
        or _style_drafts(c)
        or _named_pets_drafts(c)
        or _named_relatives_drafts(c)
        or _separated_drafts(c)
        or _system_drafts(c)
        or [Draft(t, FACT, 5, s, v) for t, s, v in tools_put_to_use.put_to_use(c.text, _tool_domain, c.since(True))]
        or _life_drafts(c)
        or _rule_drafts(c)
        or _change_drafts(c)
        or _rescheduled_drafts(c)
        or _acquired_drafts(c)
        or (_event_drafts(c) if c.date else [])
        or _degree_drafts(c)
        or _trait_drafts(c)
        or _named_animal_drafts(c)
        or _take_up_drafts(c)
        or _durable_drafts(c)
        or _belonging_drafts(c)
        or _agenda_drafts(c)
    )


def _life_drafts(c: Clause) -> list[Draft]:
    """A relationship said so far ("I've been married to Jane for ten years", "we've been together since 2019")
    read as the same now, since the stated start (a state so far is _kept_up_drafts'); a food one
    "can't have" as one not eaten; a study said in the past ("I studied law in Madrid")."""
    if partner := couples.partner_lived_with(c.text):  # a home shared from the day said, however near
        home = f"family:{partner.replace('é', 'e')}:location"
        return [Draft(f"The user lives with their {partner}", FACT, 6, home, partner)]
    said = life.relationship_now(c.text) or life.cannot_have_food(c.text) or life.moved_home_to(c.text)
    said = said or life.back_home_in(c.text) or life.relationship_news(c.text) or life.parent_of(c.text)
    if c.date is not None and c.date.grain not in ("day", "week", "weekend") and not said:
        # "been in London for 8 years" is a home; "since Tuesday" (a day's grain) is a stay
        said = held_states.home_so_far(c.text, c.date_said)
    if said:
        return _statement_drafts(replace(c, text=said))
    if medicine := life.medicine_taken(c.text):
        # on the slot "I take X" has, so that an ending said either way ("I don't take X anymore", "I'm off X")
        # finds it
        said, what = medicine
        return [Draft(f"The user {said}", FACT, 8, f"habit:taking-{_slug(what)}", what)]
    if studies := life.studied(c.text):
        field, where = studies
        return [Draft(f"The user studied {field}{where}", FACT, 6, "education", field)]
    return []


# "We just had twins", "I had a baby boy last week": a birth is a child in the family from then on,
# not an event that ends.
_BIRTH = _rx(
    r"^(?:i|we|my\s+(?:wife|husband|partner)\s+and\s+i)\s+(?:just\s+|recently\s+|finally\s+)?(?:have\s+)?had\s+"
    r"(?P<who>(?:a\s+|our\s+(?:first\s+|second\s+|third\s+)?)?(?:baby|child|kid)(?:\s+(?P<sex>boy|girl))?"
    r"|twins|triplets|(?:a\s+|our\s+(?:first\s+|second\s+|third\s+)?)?(?P<kind>son|daughter))\s*!*$"
)


def _birth_drafts(c: Clause) -> list[Draft]:
    m = _BIRTH.match(c.text)
    if m is None:
        return []
    who = re.sub(r"^our\b", "their", re.sub(r"\s+", " ", m.group("who")))
    kind = m.group("kind") or {"boy": "son", "girl": "daughter"}.get((m.group("sex") or "").lower())
    slot = f"family:{_PLURALS[kind]}" if kind else f"family:{who.split()[-1].lower()}"
    return [Draft(f"The user has {who}", REL, 8, slot, who)]


_PASSING_STAY = _rx(
    r"^(?:i|we)\s+(?:am|are)\s+(?:(?:over|down|up|out)\s+)?(?:in|at)\s+(?-i:[A-Z])\S*(?:\s+\S+){0,3}?\s+all\s+"
    r"(?:week|weekend|day|month|summer|winter)\b"
)


_MOOD_OR_PERSON = _rx(
    r"^(?:i|we)\s+(?:am|are)\s+(?:(?:still|now|already|actually)\s+)?(?:doing|feeling|getting)\s+(?:(?:so|much|way|a\s+lot"
    r"|a\s+bit|loads|heaps)\s+)?(?:better|worse|fine|ok|okay|great|well|good|alright|bad|awful)\b"
    r"|^(?:i|we)\s+(?:(?:already|really|just|totally)\s+)?(?:love|like|adore|hate|miss)\s+(?:her|him|them|it|you|u)"
    r"(?:\s+(?:already|so\s+much|to\s+bits|lots|a\s+lot|too))*\s*$"
)


def _drafts_from_clause(raw: str, today: date, general: bool = True, *, tagged: bool = True) -> list[Draft]:
    c = _prepare(raw, today)
    if c is None:
        return []
    if c.date is None and kin.is_a_stay(c.text):
        return []  # "we're staying in Porto for a week": a stay, no lasting fact (a dated one is an event)
    if c.date is None and _PASSING_STAY.match(c.text):
        return []  # "I'm in Ravensholt all week for training": where one is for a while, not where one lives
    if _MOOD_OR_PERSON.match(c.text):
        return []  # "I'm doing better", "I love her already": how one is now, or a feeling for someone named before
    if lost := belongings_lost.read(c.text):  # "my bike got stolen": an ending, dated as said
        return [_dated(Draft(belongings_lost.said(lost), FACT, 6, f"*:{lost.key}", lost.thing, negated=True), c)]
    if ahead := _ending_ahead(c, general):
        return ahead  # "I'm leaving Hexa at the end of June": the retraction, from that day
    if ahead := _job_ahead_drafts(c):
        return ahead  # "I took a new job that starts in October": dated when it starts
    if tagged and (said := _tag_form_drafts(raw, c)):
        drafts, defers = said
        # a form that drops a detail speaks only where the rules say nothing, or only on a catch-all slot
        ruled = _drafts_from_clause(raw, today, general, tagged=False) if defers else []
        return ruled if any(not tag_forms.on_catch_all(d.slot) for d in ruled) else [_dated(d, c) for d in drafts]
    drafts = _body_part_drafts(c) or _birth_drafts(c) or _statement_drafts(c) or _kin_death_drafts(c)
    drafts = drafts or _relative_age_drafts(c)
    drafts = _joined_as_drafts(c, drafts) or drafts
    if drafts and all(d.category is EVENT for d in drafts) and (death := _death_drafts(c)):
        drafts = death  # "we had to put Rufus down last week": a death, not an event to remember
    ending = frames.ending_marker(c.text)
    if ending is not None and not any(d.negated for d in drafts):
        # An ending clause is a retraction, never a positive fact: read what ended, then retract it.
        inner = replace(c, text=_expand_contractions(ending[1]), anymore=False, date=None, date_prep=None)
        drafts = [_negate(d) for d in _statement_drafts(inner) if not d.negated] or _ended_activity(ending[1], c)
        return [_dated(d, c) for d in drafts]
    if c.anymore and drafts and not any(d.negated for d in drafts):
        return []  # "... anymore" with a positive reading is a misread ending: say nothing
    about_someone = any((d.slot or "").startswith(("family:", "person:", "pet:", "partner")) for d in drafts)
    dated_day = c.date is not None and c.date.grain == "day" and c.date.day > c.today
    if about_someone and dated_day and not any(d.category is EVENT for d in drafts):
        drafts = drafts + _event_drafts(c)
    drafts = drafts or _death_drafts(c) or _future_role_drafts(c) or _event_drafts(c) or _finally_had(raw, c)
    drafts = drafts or (_general_drafts(c) if general else []) or _talk_event_drafts(c) or _role_at_drafts(c)
    if drafts and all((d.slot or "").startswith("trait:") for d in drafts):
        drafts = _role_at_drafts(c) or drafts  # "I'm a junior acountant at a small firm": a role, not a trait
    drafts = drafts or _progressive_as_present(c, general) or _years_as_role(raw, c.today, general)
    return [_dated(_tag_retyped(d, c), c) for d in drafts if not tag_forms.someone_elses_tool(d.text, d.slot)]


def _ending_ahead(c: Clause, general: bool) -> list[Draft]:
    """An ending under way with a day still ahead (``endings_ahead``), read as said done: its retractions, each
    valid from that day; nothing when the clause read as done ends nothing."""
    if c.date is None or c.date.day <= c.today:
        return []
    done = endings_ahead.as_done(c.text, place_names.is_known_town)
    ended = [d for d in _drafts_from_clause(done, c.today, general) if d.negated] if done else []
    return [replace(d, text=f"{d.text} (from {c.date.bare()})", valid_from=c.date.day) for d in ended]


def _job_ahead_drafts(c: Clause) -> list[Draft]:
    """A job taken that starts later (``job_ahead``): its role and employer when named, else the start as an event;
    each dated when it starts (a day said without a year is the next one: "begins on the 1st of June")."""
    said = job_ahead.read(c.text) if c.date is not None else None
    if said is None:
        return _will_work_at_drafts(c)
    if c.date is None:
        return []
    day = c.date.day
    if day <= c.today and not c.date.has_year:
        day = _add_months(day, 12)
    if day <= c.today:
        return []  # "the new job started in January": begun, read by the start frames
    ahead = replace(c, date=replace(c.date, day=day), date_prep=None)
    role, org = said
    drafts = []
    if role and _is_occupation(role.split()[-1]):
        drafts.append(Draft(f"The user works as {_article(role)} {role}", FACT, 7, "occupation", _value(role)))
    if org and (named := _org(org)):
        drafts.append(_employer_draft(*named, "at", None))
    if not drafts:
        drafts = [Draft(f"The user starts a new job{ahead.when()}", EVENT, 6, "event:new-job", ahead.date.bare())]
    return [_dated(d, ahead) for d in drafts]


def _will_work_at_drafts(c: Clause) -> list[Draft]:
    """ "I'll be a nurse at St Mary's from next month", "I'll be working at Siemens from June": the role (when a known
    one) and the employer, dated when the job starts. Only with a time ahead: said without one, the job to come is
    an event and never replaces the job held now."""
    ahead = c.date is not None and c.date.day > c.today
    said = job_ahead.will_work_at(c.text, ahead) if ahead else None
    named = _org(said[1]) if said else None
    if said is None or named is None:
        return []
    role = said[0]
    drafts = [_employer_draft(*named, "at", None)]
    if role and _is_occupation(job_titles.head_noun(role)):
        drafts.insert(0, Draft(f"The user works as {_article(role)} {role}", FACT, 7, "occupation", _value(role)))
    return [_dated(d, c) for d in drafts]


def _tag_form_drafts(raw: str, c: Clause) -> tuple[list[Draft], bool] | None:
    """Where one lives, one's diet and work, a team's tools and preferences said in forms the rules read in
    one wording only (tag_forms): read here, or rewritten into the wording the rules read; with whether the
    rules' own reading, if they have one, comes first."""
    if c.date is not None and c.date.day > c.today and not c.text.lower().startswith(("i have not ", "i have never ")):
        return None  # "we're all in on Elixir next year": a plan ("haven't eaten meat in 5 years" looks back)
    if (parts := tag_forms.tooling_parts(c.text)) is not None:
        drafts = [d for part in parts for d in _drafts_from_clause(part, c.today)]
        return (drafts, False) if drafts else None
    dated = c.date is not None
    said = (
        tag_forms.read(c.text, dated=dated)
        or assistant_manner.read(c.text)
        or team_subjects.size_of_team(c.text)
        or (
            tag_forms.read_as_said(_expand_contractions(_strip_lead_ins(raw.strip())))
            if "rather" in raw.lower()
            else []
        )
    )
    if said:
        drafts = [Draft(s.text, PREF if s.preference else FACT, 6, s.slot, s.value) for s in said]
        return drafts, any(s.defers for s in said)
    plain = _tag_plain(c.text, c.date is not None)
    if plain is None or plain.text == c.text:
        return None
    # read as a clause of its own (an ending in it is read as one), dated by the clause it came from
    drafts = _drafts_from_clause(_expand_contractions(plain.text), c.today, tagged=False)
    return (drafts, plain.defers) if drafts else None


def _is_tool_name(name: str) -> bool:
    return _tool_domain(name) is not None


@lru_cache(maxsize=8192)
def _tag_plain(text: str, dated: bool) -> tag_forms.Plain | None:
    """``tag_forms.plainly``, once per clause: its ~50 forms cost more than any other step of a clause, and the
    look-back reads a message's earlier turns again."""
    return tag_forms.plainly(text, _is_tool_name, dated=dated)


def _tag_retyped(draft: Draft, c: Clause) -> Draft:
    """A diet or a team's tool read on a catch-all slot (a habit, a trait), on the slot its lexicon names."""
    slot = tag_forms.retyped(draft.text, draft.slot, draft.negated)
    if slot is None and c.text[:3].lower() == "we ":
        slot = tag_forms.tool_done_with(draft.text, draft.slot, _tool_slot)
    return replace(draft, slot=slot) if slot else draft


# "6 yrs as a sous chef", "ten years as a nurse now": a career said as its length, without its verb.
_YEARS_AS = _rx(
    r"^(?:(?:i\s+have\s+(?:done|spent|had)\s+)?(?:about|almost|nearly|over|like)\s+)?(?P<n>\d{1,2}|a\s+few|a\s+couple\s+of|two"
    r"|three|four|five|six|seven|eight|nine|ten|fifteen|twenty)\s+(?P<unit>yrs?|years?|months?)\s+as\s+(?:a|an)\s+"
    r"(?P<role>[a-z][a-z -]{1,30}?)(?:\s+now)?(?:\s*,.*)?$"
)


def _years_as_role(raw: str, today: date, general: bool) -> list[Draft]:
    m = _YEARS_AS.match(_FILLER_TAIL.sub("", _strip_lead_ins(raw.strip(" ,;:-"))).strip())
    if m is None or not _is_occupation(m.group("role").split()[-1]):
        return []
    unit = "months" if m.group("unit").lower().startswith("m") else "years"
    said = f"I have worked as a {m.group('role')} for {m.group('n')} {unit}"
    return [d for d in _drafts_from_clause(said, today, general) if d.slot == "occupation"]


# "I'm still fixing bikes at the shop", "renting a room in Fallowmere": what one keeps doing, said in the
# progressive, is what the simple present says ("I fix bikes ...", "I rent a room in ..."), which the frames
# read. Never a plan or a passing moment: these verbs in the progressive point ahead or to now only.
_PROGRESSIVE = _rx(
    r"^(?:(?P<subj>i|we)\s+(?:am|are)\s+)?(?:(?:still|currently|now|also|basically|mostly|just)\s+)*(?P<g>[a-z]+ing)\s+(?P<rest>\S.*)$"
)
_NOT_KEPT_UP = _vocab("""
    apply, ask, buy, change, come, consider, cry, deal, die, drive, drown, expect, feel, fight, fly, freak, get,
    go, hate, have, head, hope, interview, join, laugh, leave, like, look, lose, love, meet, move, pack, plan,
    prepare, quit, retire, return, run, say, see, sell, start, stay, struggle, switch, talk, tell, think,
    travel, try, visit, wait, walk, win, wonder, work
""")


def _base_by_spelling(gerund: str) -> str | None:
    """The verb of a gerund no lexicon lists, by English spelling: "renting" rent, "shopping" shop,
    "baking" bake (one syllable ending consonant-vowel-consonant takes its "e" back)."""
    stem = gerund[:-3]
    if len(stem) < 2 or not gerund.endswith("ing") or not re.search(r"[aeiouy]", stem):
        return None
    if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "aeiouls":
        return stem[:-1]
    if len(re.findall(r"[aeiouy]+", stem)) == 1 and re.search(r"[^aeiou][aeiou][^aeiouwxy]$", stem):
        return stem + "e"
    return stem


# What a progressive says of this moment only ("I'm sleeping way better", "sending pics in a sec",
# "dropping the kids at school, wish me luck"), or of nothing named ("working on it").
_PROGRESSIVE_MOMENT = _rx(
    r"^(?:way|so|much|better|worse|well|fine|great|badly|again|too|really|more|less|it|that|this|them|on\s+it)\b"
    r"|\b(?:in\s+a\s+(?:sec|second|min|minute|bit|moment)|rn|right\s+now|today|tonight|this\s+(?:morning|afternoon"
    r"|evening)|wish\s+me\s+luck)\b"
)
_GERUND_NOUNS = _rx(r"^(?:\w*thing|morning|evening|wedding|ceiling|building|meeting|feeling|king|ring|spring|string)$")
# A progressive is as often what one is doing this minute ("dropping the twins at nursery", "I'm fixing the
# sink"): only a frame's own slot (where one lives, works, what one uses) is kept from it.
_FRAME_SLOTS = ("location", "employer", "occupation", "tool:", "education", "partner")


def _progressive_as_present(c: Clause, general: bool) -> list[Draft]:
    m = _PROGRESSIVE.match(c.text)
    if m is None or c.anymore or (c.date is not None and c.date.day > c.today):
        return []
    gerund = m.group("g").lower()
    if _GERUND_NOUNS.match(gerund) or _PROGRESSIVE_MOMENT.search(m.group("rest")):
        return []
    base = frames.base_of_gerund(gerund) or _base_by_spelling(gerund)
    if base is None or base in _NOT_KEPT_UP or base in frames.SAID_IN_PROGRESS:
        return []
    drafts = _drafts_from_clause(f"{m.group('subj') or 'I'} {base} {m.group('rest')}", c.today, general)
    return [d for d in drafts if (d.slot or "").startswith(_FRAME_SLOTS) and not d.negated]


_WITH_PARTNER = _rx(rf"^(?:my\s+(?P<rel>{_PARTNER})\s+and\s+i|me\s+and\s+my\s+(?P<rel2>{_PARTNER}))\b")


def _companion_drafts(sentence: str, drafts: list[Draft]) -> list[Draft]:
    """ "My wife and I go to salsa class": what they do, and that the user has a wife (a fuller partner
    fact already known is kept: consolidation takes a thinner restatement for nothing new)."""
    m = _WITH_PARTNER.match(_strip_lead_ins(sentence.strip()))
    if m is None or not drafts or any(d.negated or d.slot == "partner" for d in drafts):
        return []
    rel = _partner_word(m.group("rel") or m.group("rel2"))
    if _names_the_partner(drafts, rel):
        return []
    return [Draft(f"The user has {_article(rel)} {rel}", REL, 7, "partner", None)]


def _names_the_partner(drafts: list[Draft], rel: str) -> bool:
    """Whether what "my wife and I ..." said already says the wife ("The user and their husband have been
    married since 2015"): a bare "The user has a husband" beside it adds nothing to remember (measured on
    the tune split: it stayed as a fact of its own no one expected)."""
    return any(re.search(rf"\btheir {re.escape(rel)}\b", d.text) for d in drafts)


# How sure the clause classifier must be before the general layer speaks (tuned on the tune split
# only): below it, a clause no frame read says nothing.
GENERAL_FACT_CONFIDENCE = 0.7
GENERAL_ENDING_CONFIDENCE = 0.6
# Fewer training clauses per language than in English, and a stricter structural gate (the verb's own
# first-person form), so a lower bar.
GENERAL_FOREIGN_FACT_CONFIDENCE = 0.45
_GENERAL_MAX_WORDS = 12
_PAST_CLASSES = clause_classifier.LABELS
_PRESENT_CLASSES = ("fact", "change", "other")


_PARTICLES = _rx(r"^(?:(?:up|off|out|away|over|back|down)(?:\s+|$))?(?:(?:on|with|of)\s+)?")


_NAME = r"(?-i:[A-Z])[\w+.&'-]*(?:\s+(?-i:[A-Z0-9])[\w+.&'-]*){0,2}"
# Atomic items: "&" is both part of a name ("H&M") and a separator, and the two readings of a long
# "A&B&C…" multiplied.
_NAMED_THINGS = re.compile(rf"^{_NAME}(?>\s*(?:,|and|&)\s*{_NAME})*$")
# Named, but no belonging: a day, a month, a feast, a passing illness.
_NOT_HAD = _vocab("""
    monday, tuesday, wednesday, thursday, friday, saturday, sunday, january, february, march, april, may, june,
    july, august, september, october, november, december, christmas, easter, covid, covid-19, thanksgiving
""")


def _general_drafts(c: Clause) -> list[Draft]:
    """The general layer: a first-person clause that no frame read, rewritten in the third person
    (``clauses.rewrite``) when the clause classifier calls it a durable fact, or retracted by what it
    names when it calls it an ending. Changes are left to the change frames: a change needs both
    values, and a half-read change would be a wrong fact."""
    statement = clauses.rewrite(c.text)
    if statement is None or len(statement.rest.split()) > _GENERAL_MAX_WORDS:
        return []
    owned = statement.subject.startswith(("my ", "our ")) and " and " not in statement.subject
    # What the clause is about: its object, or the speaker's thing ("my nan passed": nan).
    # "gave up on Rust": the particles of a phrasal verb are no part of the thing
    key = clauses.thing_key(_PARTICLES.sub("", statement.rest)) or (
        clauses.thing_key(statement.subject) if owned else clauses.activity(statement)  # "I paddle most weekends"
    )
    if not statement.negated and not c.anymore and (news := _life_event(statement, key)):
        return news  # before the bare count: "my son turned 9" is news, "I have two" is not
    if not key or _BARE_COUNT.fullmatch(statement.rest):
        # a fact says something about something: "I have been" says nothing, nor "I have three" (of what
        # was said in another message)
        return []
    if not statement.negated and not c.anymore and (aspect := _relative_aspect(statement) or _relative_work(statement)):
        return aspect  # "my brother moved to Austin": where a relative lives, read by its form
    if not statement.negated and not c.anymore and (role := _bare_role(statement) or _job_had(statement)):
        return role
    if statement.negated or c.anymore:
        # "I'm not doing keto anymore", "I don't ... anymore": an ending, whatever the verb.
        ended = c.anymore and statement.subject in ("i", "we")
        return [Draft(statement.text, FACT, 5, f"*:{key}", statement.rest, negated=True)] if ended else []
    named = _NAMED_THINGS.match(statement.rest) if c.date is None else None  # "I have Max tonight": a plan
    if statement.base == "have" and statement.subject in ("i", "we") and named:
        # "We have Netflix and Disney+", "I have Spotify Premium": what the speaker has, by name, is theirs
        names = [n for n in re.split(r"\s*(?:,|\band\b|&)\s*", named.group(0)) if n]
        if any(n.lower() in _NOT_HAD for n in names):
            return []  # "I have Friday off", "I have Covid": a day or a passing illness, no fact
        return [Draft(f"The user has {n}", FACT, 5, f"own:{_slug(n)}", n) for n in names]
    past = statement.verb.endswith("ed") or statement.verb in clauses.IRREGULAR_PAST
    # Only a clause in the past can report an ending ("I sold my van"); in the present it is a fact,
    # a change or nothing.
    # With its stated date: "tonight", "today" tell a passing state from a lasting one ("I have Jonas tonight").
    said = f"{statement.said} {c.date_said}".strip()
    verdict = clause_classifier.classify(said, _PAST_CLASSES if past else _PRESENT_CLASSES)
    # "we're terrible", "I'm so nervous": a bare adjective after "be" is how the speaker feels or
    # judges themselves today; the frames read the lasting ones ("vegan", "left-handed").
    bare_adjective = statement.base in ("am", "are", "is") and len(statement.rest.split()) == 1
    bare_adjective &= statement.rest.islower() and not statement.rest.isdigit() and statement.subject in ("i", "we")
    if (
        verdict.is_("fact", GENERAL_FACT_CONFIDENCE)
        and (key if not owned else clauses.thing_key(statement.rest))
        and not bare_adjective
    ):
        return _general_fact(statement)
    if verdict.is_("ending", GENERAL_ENDING_CONFIDENCE):
        return [Draft(statement.text, FACT, 5, f"*:{key}", statement.rest, negated=True)]
    return []


# A life event of someone of one's own, said by its form whatever the words around it: a birth, a
# wedding, a start or an end of school or work, a birthday reached ("my cousin had the baby", "my dad
# retired", "my son started school", "our twins turned 5"). The relative's news is a fact about the
# family; other news of theirs ("my sister called") says nothing lasting.
_LIFE_EVENT = _rx(
    r"^(?:(?:just|finally|recently|officially)\s+)*(?:"
    r"(?:had|has\s+had)\s+(?:a|an|the|her|his|their|our)\s+(?:(?:first|second|third|new|little)\s+)?"
    r"(?:baby|babies|twins|triplets|boy|girl|son|daughter|kid|child)\b"
    r"|(?:had|has\s+had)\s+(?:twins|triplets)\b"
    r"|(?:got|is|was|has\s+got|has\s+been|were|are)\s+(?:married|engaged|divorced|pregnant)\b"
    r"|(?:retired|graduated|qualified)\b"
    r"|(?:started|finished|began|completed|quit)\s+(?:(?:a|an|the|her|his|their|new)\s+)*"
    r"(?:school|uni|university|college|kindergarten|nursery|daycare|preschool|job|apprenticeship|degree|masters?"
    r"|phd|residency|training)\b"
    r"|switched\s+(?:from\s+.+\s+to|to)\s+\w"
    r"|turned\s+(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|eighteen"
    r"|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b"
    r"|passed\s+(?:(?:her|his|their|the|an?)\s+)?(?:[\w-]+\s+){0,2}?(?:test|exams?|bar|boards|finals)\b"
    r"|joined\s+(?:a|an|the|their|her|his)\s+(?:[\w-]+\s+){0,3}(?:team|club|choir|band|league|orchestra|society|crew"
    r"|squad|troupe|ensemble)\b"
    r")"
)
# Work had, said as a thing had: "a weekend gig at the garden centre", "a part-time job at a cinema".
_JOB_HAD = _rx(
    r"^(?:an?|the|their|new)\s+(?:[\w-]+\s+){0,3}?(?:job|gig|position|role|internship|placement|apprenticeship)\s+"
    r"(?:at|with|for)\s+(?P<org>(?:an?\s+|the\s+)?(?:[\w&'-]+\s+){0,3}[\w&'-]+)$"
)


def _job_had(statement: clauses.Statement) -> list[Draft]:
    """ "I have a weekend gig at the garden centre": the speaker works there (the employer)."""
    m = _JOB_HAD.match(statement.rest) if statement.subject == "i" and statement.base in ("have", "has") else None
    org = _org(m.group("org")) if m else None
    if org is None or not (_is_proper(org[1]) or re.match(r"(?i)(?:an?|the)\s", org[0])):
        return []
    return [_employer_draft(*org, "at", None)]


def _life_event(statement: clauses.Statement, key: str) -> list[Draft]:
    """ "my cousin had the baby", "my dad retired in March", "I passed my theory exam": a life event of
    the speaker or of a relative, stated of them (the relative's slot, one per thing said; the speaker's
    past), with its stated date as its valid time. Read by its form, not by the clause classifier, which
    takes "passed" for "passed away"."""
    if not _LIFE_EVENT.match(f"{statement.verb} {statement.rest}".strip()):
        return []
    value = _value(statement.rest or statement.verb)
    if statement.verb == "switched" and statement.subject == "i":
        return []  # the speaker's own change is the change frames' (both values, or nothing)
    if statement.subject == "i" and (statement.verb.endswith("ed") or statement.verb in clauses.IRREGULAR_PAST):
        return [Draft(statement.text, FACT, 6, f"past:{key or 'news'}", value)]
    relative = _relative_slot(statement.subject)
    return [Draft(statement.text, FACT, 6, f"{relative}:{key or 'news'}", value)] if relative else []


# A role said without an article, as casual chat does: "I'm chief sommelier now", "I'm senior planner".
_ROLE_WORD = re.compile(r"^[a-z][a-z/-]*$")
_AGENT_NOUN = re.compile(r"(?:er|or|ist|ian|ant|ent|ee)$")
_ROLE_TAIL = _rx(r"\s+(?:now|these\s+days|nowadays|again|still|actually|full[-\s]time|part[-\s]time)(?=\s|$)")
_NOT_ROLE_WORDS = _vocab("""
    a, an, the, my, our, not, so, very, really, too, just, also, still, over, in, on, at, of, for, with, and, or,
    always, never, here, there, done, good, fine, sure, sorry, better, worse, older, younger, under, after
""")


def _bare_role(statement: clauses.Statement) -> list[Draft]:
    if statement.subject != "i" or statement.base not in ("am", "'m"):
        return []
    rest = _ROLE_TAIL.sub("", f" {statement.rest}").strip()
    said = rest
    org = None
    if job := _ROLE_AT.match(rest):
        rest, org = job.group("role"), job.group("org")
    else:  # "head nurse on the cardio ward": the role; a place that names no workplace is no employer
        rest, *where = re.split(r"\s+(?:at|for|with|in|on)\s+", rest, maxsplit=1)
        org = where[0] if where and _is_workplace(where[0]) else None
    words = rest.split()
    if not 1 <= len(words) <= 3 or any(not _ROLE_WORD.match(w) or w in _NOT_ROLE_WORDS for w in words):
        return []
    head = words[-1]
    ranked = len(words) > 1 and words[0] in _RANKS and bool(_AGENT_NOUN.search(head))
    if not (ranked or (_is_occupation(head) and head not in _RANKS)):
        return []  # "I'm head over heels", "I'm lead": no trade named
    unit = talk.work_unit(said[len(rest) :]) if not org else None  # "head nurse on the cardio ward"
    drafts = [Draft(f"The user is {rest}{f' {unit}' if unit else ''}", FACT, 6, "occupation", _value(rest))]
    if org:
        drafts.append(_employer_draft(org, org, "at", None))
    return drafts


_NOW_SAID = _rx(r"\b(?:now|these\s+days|nowadays|instead)\b")
_BARE_COUNT = _rx(
    r"(?:only\s+|just\s+)?(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|several|lots|loads)"
    r"(?:\s+(?:already|now|too|total|in\s+total|at\s+home|so\s+far|at\s+the\s+moment|of\s+them|lol|haha))*"
)


def _used_to_drafts(raw: str, today: date) -> list[Draft]:
    """ "I used to play in a band": an ending said as the past (the rest of the rules drop "used to"
    as not a statement of now). A retraction of what it names, by name."""
    said = _expand_contractions(_with_subject(_strip_lead_ins(raw.strip(" ,;:-"))))
    hit = _find_date(said, today, True)
    body = _remove_span(said, hit.start, hit.end) if hit else said
    statement = clauses.used_to(body)
    key = clauses.thing_key(statement.rest) if statement else ""
    if statement is None or not key or len(statement.rest.split()) > _GENERAL_MAX_WORDS:
        return []
    return [Draft(statement.text, PREF, 5, f"*:{key}", statement.rest, negated=True)]


_ROLE_AT = re.compile(
    r"^(?P<role>(?:an?\s+|the\s+)?(?:[\w/-]+\s+){0,3}?[\w/-]+)\s+(?:at|for|with)\s+"
    r"(?P<org>[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*){0,3})$"
)


# Relatives spoken of together, who live and move together: "my parents moved to Faro".
_RELATIVES_TOGETHER = r"(?:grand)?parents|in-laws|folks"
# A relative, as the subject of a clause: "my brother", "our eldest", "my mum".
_RELATIVE_SUBJECT = _rx(rf"^(?:my|our)\s+(?P<rel>{_FAMILY}|{_PARTNER}|{_PERSON}|{_RELATIVES_TOGETHER})$")
# One spelling per relation, so "my mum" and "my mom" hold one slot.
_RELATION_CANON = {"mum": "mother", "mom": "mother", "dad": "father", "grandma": "grandmother", "granny": "grandmother"}
_RELATION_CANON |= {"grandpa": "grandfather", "auntie": "aunt", **_PARTNER_CANON}
_RELATION_CANON |= {w: "grandfather" for w in ("grandad", "granddad", "grand-dad")}
_RELATION_CANON |= {w: "grandmother" for w in ("nan", "nana", "nanna", "gran")}
_RELATION_CANON |= {"folks": "parents"}
_RELATIVE_PLACE = _rx(
    r"^(?:(?:still|now|currently)\s+)?(?:lives|live|(?:is|are)\s+based|(?:is|are)\s+living|moved|(?:has|have)\s+moved"
    r"|relocated|(?:has|have)\s+relocated)$"
)
_PLACE_IN_REST = re.compile(r"(?:^|\s)(?i:in|to|near|outside)\s+(?P<place>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})\s*$")
_TIME_TAIL = _rx(r"\s+(?:now|these\s+days|nowadays|again|still)$")
# "lives in Oslo with his wife": who they live with is no part of where
_IN_THE_END = _rx(r"\s+(?:in\s+the\s+end|after\s+all|eventually|at\s+last|finally)$")
_WITH_SOMEONE = _rx(r"\s+with\s+(?:his|her|their|my|our|a|an|the|two|three|\w+'s)\b.*$")


def _relative_slot(subject: str) -> str | None:
    """ "my mum" -> "family:mother", "my boss" -> "person:boss"; None for a subject that is no relative."""
    m = _RELATIVE_SUBJECT.match(subject)
    if m is None:
        return None
    rel, prefix = _relation(m.group("rel"))
    return f"{prefix}:{_slug(_RELATION_CANON.get(rel, rel))}"


def _relative_aspect(statement: clauses.Statement) -> list[Draft]:
    """Where a relative lives, said by the form of the clause: "my brother moved to Austin", "my grandpa
    still lives on a farm in Iowa". One value at a time (``family:<relation>:location``), so a later
    place replaces the earlier one; a move is stated as where they live now."""
    slot = _relative_slot(statement.subject)
    verb, rest = statement.verb, statement.rest
    head, _, tail = rest.partition(" ")
    if verb in ("has", "is", "have", "are") and head.lower() in ("moved", "relocated", "based", "living"):
        verb, rest = f"{verb} {head.lower()}", tail  # "has relocated to", "is living in"
    if slot is None or not _RELATIVE_PLACE.match(verb):
        return []
    rest = _TIME_TAIL.sub("", _WITH_SOMEONE.sub("", _IN_THE_END.sub("", rest)))
    place = _PLACE_IN_REST.search(rest)
    if place is None or place.group("place").lower() in _PLACE_REJECT:
        return []
    moved = verb.split()[-1] in ("moved", "relocated")
    said = statement.text[: statement.text.index(statement.verb)].rstrip()
    lives = "live" if re.search(rf"(?i)\b(?:{_RELATIVES_TOGETHER})$", statement.subject) else "lives"
    text = f"{said} {lives} in {place.group('place')}" if moved else f"{said} {verb} {rest}"
    return [Draft(re.sub(r"\s+", " ", text), FACT, 5, f"{slot}:location", place.group("place"))]


# Where or as what a relative works, by the form of the clause: "my mum works at St Mary's now", "my
# brother works as a welder". Said of a named place or a role, it is their work (one value at a time).
_RELATIVE_WORKS = _rx(r"^(?:(?:still|now|currently)\s+)?(?:works|is\s+working)$")
_WORK_REST = re.compile(
    r"^(?i:at|for|as|in)\s+(?:(?i:an?|the)\s+)?(?:[A-Z][\w'&.-]*|[a-z]+(?:er|or|ist|ian|nurse|chef))"
)


_RELATIVE_ORIGIN = re.compile(r"^(?:(?i:originally)\s+)?(?i:from)\s+(?P<place>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})$")


def _relative_work(statement: clauses.Statement) -> list[Draft]:
    slot = _relative_slot(statement.subject)
    rest = _TIME_TAIL.sub("", statement.rest).strip()
    said = statement.text[: statement.text.index(statement.verb)].rstrip() if slot else ""
    if slot and statement.verb == "is" and re.fullmatch(r"(?i)(?:now\s+|finally\s+)?retired", rest):
        return [Draft(f"{said} is retired", FACT, 5, f"{slot}:work", "retired")]  # "my dad's retired"
    if slot and statement.verb in ("is", "comes") and (origin := _RELATIVE_ORIGIN.match(rest)):
        place = origin.group("place")  # "my mum's from Kerala": where they come from, one value
        return [Draft(f"{said} {statement.verb} from {place}", FACT, 5, f"{slot}:origin", place)]
    if slot is None or not _RELATIVE_WORKS.match(statement.verb) or not _WORK_REST.match(rest):
        return []
    said = statement.text[: statement.text.index(statement.verb)].rstrip()
    return [Draft(f"{said} {statement.verb} {rest}", FACT, 5, f"{slot}:work", _value(rest))]


# The kind of tool, said as the subject: "our database is Oracle", "my editor is Helix".
_TOOL_KIND_SUBJECT = _rx(
    r"^(?:my|our)\s+(?:(?:main|primary|default|production|prod)\s+)?(?P<kind>database|db|editor|ide|os|operating\s+system"
    r"|cloud(?:\s+provider)?|browser|issue\s+tracker|tracker|ci|chat(?:\s+tool)?)$"
)
_TOOL_KIND = {"db": "database", "ide": "editor", "operating system": "os", "cloud provider": "cloud"}
_TOOL_KIND |= {"tracker": "issue-tracker", "issue tracker": "issue-tracker", "chat tool": "chat"}


# What a relative holds one of at a time: a new value replaces the old ("my dad drives a Volvo now"); any other
# verb keeps one slot per thing said of them, since "my mum plays bridge" and "my mum plays golf" are both true
_RELATIVE_ONE_AT_A_TIME = {"drives": "car", "rides": "bike"}


def _relative_relation(statement: clauses.Statement) -> str:
    """The third part of a relative's slot: the kind of thing for a verb they hold one of ("my dad drives a Tesla"
    -> "car", value "Tesla"), else the thing said of them ("is a nurse" -> "nurse", "plays bridge" -> "bridge")."""
    verb = statement.verb.split()[-1].lower()
    return _RELATIVE_ONE_AT_A_TIME.get(verb) or clauses.thing_key(statement.rest) or "self"


def _general_fact(statement: clauses.Statement) -> list[Draft]:
    if generic_misreads.misread(statement):
        return []
    value, said = _value(statement.rest), statement.text
    kind = _TOOL_KIND_SUBJECT.match(statement.subject)
    if kind and statement.verb == "is" and _is_proper(statement.rest):
        # "our database is Oracle": the tool of that kind, as "we use Oracle" is
        noun = re.sub(r"\s+", " ", kind.group("kind").lower())
        return [Draft(said, FACT, 5, f"tool:{_TOOL_KIND.get(noun, noun)}", value)]
    if statement.subject.startswith(("my ", "our ")) and " and " not in statement.subject:
        if relative := _relative_slot(statement.subject):
            # "my mum is a nurse", "my partner is vegetarian": one slot per thing said of the relative, so
            # "my partner loves jazz" does not replace it (their place is read by _relative_aspect)
            aspect = "work" if _works(statement) else _relative_relation(statement)
            return [Draft(said, FACT, 5, f"{relative}:{aspect}", value)]
        return [Draft(said, FACT, 5, f"own:{clauses.thing_key(statement.subject.split(' ', 1)[1]) or 'thing'}", value)]
    verb, key = statement.verb.split()[-1], clauses.thing_key(statement.rest)
    job = _ROLE_AT.match(statement.rest) if verb == "is" else None
    if job and job_titles.names_no_job(job.group("role")):
        job = None  # "I'm a member at the Ironworks gym": no job held there
    if job and (statement.rest[:2].lower() in ("a ", "an") or _is_occupation(job.group("role").split()[-1])):
        # "I'm an SDE at Amazon", whatever the role: the role, and the employer (a later "left Amazon" ends it)
        role, org = said[: len(said) - len(statement.rest)] + job.group("role"), job.group("org")
        return [Draft(role, FACT, 6, "occupation", _value(job.group("role"))), _employer_draft(org, org, "at", None)]
    if verb in ("is", "was", "has", "had"):
        return [Draft(said, FACT, 5, f"{'trait' if verb in ('is', 'was') else 'own'}:{key or 'self'}", value)]
    if statement.verb.endswith("ed") or statement.verb in clauses.IRREGULAR_PAST:
        # "I did my masters in Leeds": what the user did once is no habit (and "did" has no gerund)
        return [Draft(said, FACT, 5, f"past:{key or 'thing'}", value)]
    if pastimes.stative(statement.base):
        return []  # "I smell smoke", "I contain multitudes": what one notices or is now, no habit
    what = _HOW_OFTEN.sub(" ", statement.rest).strip() or statement.rest  # "yoga (most mornings)"
    activity = f"{frames.gerund(statement.base)} {clauses.thing_key(what, 2)}"
    return [Draft(said, PREF, 5, f"habit:{_slug(activity)}", value)]


# How much, said before what is consumed: "(about 5) coffees", "(a couple of) beers".
_HOW_MUCH = _rx(
    r"^(?:(?:about|around|roughly|like|maybe|at\s+least|up\s+to)\s+)?(?:a\s+couple\s+of|a\s+few|several|lots\s+of"
    r"|a\s+lot\s+of|one|two|three|four|five|six|seven|eight|nine|ten|\d+(?:-\d+)?)\s+(?=\w)"
)
# How often (or how wholly), said after the activity: no part of what the activity is ("piano an hour a
# day" is piano, "coffee completely" is coffee).
_HOW_OFTEN = _rx(
    r"(?:^|\s)(?:(?:on\s+)?(?:most|every|each|some|all|many)\s+(?:other\s+)?\w+"
    r"|(?:an?|one|two|three|four|five|six|\d+)\s*(?:x|times?|hours?|minutes?|mins?|hrs?|days?|nights?|evenings?)"
    r"\s+(?:a|an|per|each|every)\s+\w+|(?:once|twice)\s+(?:a|an|per|every)\s+\w+"
    r"|(?:a|an|per|each)\s+(?:day|week|month|night|morning|evening|weekend)"
    r"|daily|weekly|nightly|regularly|at\s+weekends|on\s+weekends"
    r"|completely|entirely|altogether|for\s+good|cold\s+turkey)(?=\s|$)"
)


def _works(statement: clauses.Statement) -> bool:
    """A clause about someone's work: "works at Google", "works as a nurse", "is a nurse", "is retired"."""
    verb, rest = statement.verb.split()[-1], statement.rest.lower()
    if verb == "works":
        return bool(re.match(r"(?:at|for|as|in)\s", rest))
    if verb == "is":
        head = re.sub(r"^(?:an?|the)\s+", "", rest).split()
        return rest == "retired" or (bool(head) and rest[:2] in ("a ", "an") and _is_occupation(head[-1]))
    return False


_PAST_OF_PARTICIPLE = {"given": "gave", "broken": "broke", "taken": "took", "gotten": "got", "thrown": "threw"}


def _ended_activity(statement: str, c: Clause) -> list[Draft]:
    """What an ending names when no frame reads it ("I gave up smoking", "I quit sugar"): a
    retraction of whatever fact names that activity or thing."""
    words = statement.split()[1:]  # without the "I"
    if words and words[0].lower() in ("have", "has", "had"):
        # "I have given up caffeine": the ending, said in the past ("gave up caffeine")
        words = words[1:]
    if words:
        words = [_PAST_OF_PARTICIPLE.get(words[0].lower(), words[0]), *words[1:]]
    if not words or len(words) > 6:
        return []
    rest = _cut(" ".join(words), _THING_STOPS)
    if not rest or rest.lower() in _VAGUE_OBJECTS:
        return []
    verb = words[0].lower()
    if verb in ("am", "are", "is"):
        # "I'm not a smoker anymore": what the user was
        text, named = f"The user is no longer {_third_person(' '.join(words[1:]))}", " ".join(words[1:])
        key = [w for w in re.findall(r"[\w+#-]+", named.lower()) if w not in _DETERMINERS]
        state = len(words) == 2 and words[1].islower()  # "no longer sure": a passing state, not an ending
        return [Draft(text, FACT, 5, "*:" + "-".join(key), named, negated=True)] if key and not state else []
    if frames.is_ending_verb(" ".join(words[:3]).lower()):
        words = [" ".join(words[:3]), *words[3:]]  # "gave up on"
    if frames.is_ending_verb(" ".join(words[:2]).lower()) or frames.is_ending_verb(words[0].lower()):
        # "I sold my motorbike": the thing that ended, said with the verb that ended it.
        size = 2 if frames.is_ending_verb(" ".join(words[:2]).lower()) else 1
        marker, thing = " ".join(words[:size]), " ".join(words[size:])
        text, named = f"The user {marker} {_third_person(thing)}", thing
    else:  # "I touch my guitar" ended: "The user no longer touches their guitar"
        text, named = f"The user no longer {_third_person(_verb_s(verb) + ' ' + ' '.join(words[1:]))}", rest
    thing = _PURPOSE_TAIL.sub("", _third_person(named))  # "excel for my budget": what ended is excel
    key = [w for w in re.findall(r"[\w+#-]+", thing.lower()) if w not in _DETERMINERS and w != "their"]
    if not key:
        return []
    return [Draft(text.strip(), PREF, 5, "*:" + "-".join(key), named, negated=True)]


# What an ended thing was for, said after it ("excel for their budget"): no part of the thing's name.
_PURPOSE_TAIL = re.compile(r"(?i)\s+for\s+(?:their|our|the|my)\s.*$")


# Dates that say when a fact began ("moved last week", "since 2019"), not what it is about.
_DATE_VALUED_SLOTS = ("birthday", "anniversary", "age", "origin")
_NOT_A_START = {"until", "till", "before", "by", "during"}
_CHANGES_AHEAD = {"location", "employer", "occupation", "education"}  # "moving to X next month"


def _dated(draft: Draft, c: Clause) -> Draft:
    """The stated date is the fact's valid time: when it became true, or when the event is."""
    if c.date is None or draft.valid_from is not None or c.date_prep in _NOT_A_START:
        return draft
    if draft.slot and draft.slot.split(":")[0] in _DATE_VALUED_SLOTS:
        return draft
    if c.date.day > c.today and draft.category is not EVENT and (draft.slot or "") not in _CHANGES_AHEAD:
        return draft  # "my daughter Isla turns 6 on Saturday": the date is the birthday's, not the daughter's
    text = draft.text
    bare = c.date.bare()
    if bare not in text and c.date.day <= c.today:
        text = f"{text.rstrip(' .')} (since {bare})"  # the fact says when, as its valid time does
    when: date | datetime = c.date.day
    clock = frames.time_of_day(c.text, "en", f"{c.date_said} {c.text}") if c.date.grain == "day" else None
    if clock is not None:
        when = datetime.combine(c.date.day, time(clock[0], clock[1]))
    ends = _event_end(draft, c.date.day, c.date.grain, c.today)
    return replace(draft, text=text, valid_from=when, valid_to=ends)


def _event_end(draft: Draft, day: date, grain: str, today: date) -> date | None:
    """An appointment, a flight, an exam still ahead is over after its stated day (or week, month):
    the fact then leaves the active set (#14). A past event and a lasting fact get no end."""
    if draft.category is not EVENT or draft.negated or frames.period_end(day, grain) <= today:
        return None
    return frames.period_end(day, grain)


# --------------------------------------------------------------------------------------------
# Generic English frames: changes, durable verbs, deaths
# --------------------------------------------------------------------------------------------

_CHANGE = _rx(
    r"^(?:i|we)\s+(?:have\s+|just\s+|finally\s+|recently\s+)*(?P<verb>replaced|swapped|traded|exchanged|substituted|ditched|dumped|dropped)"
    r"(?:\s+in)?\s+(?P<old>.+?)\s+(?:with|for|by)\s+(?P<new>.+)$"
    r"|^(?:i|we)\s+(?:have\s+|just\s+|finally\s+|recently\s+)*(?P<verb2>moved|migrated|switched|changed|went)"
    r"\s+(?:(?:my|our|the)\s+(?P<thing>[\w\s-]+?)\s+)?(?:from|off(?:\s+of)?|away\s+from)\s+(?P<old2>.+?)\s+"
    r"(?:to|onto|for)\s+(?P<new2>.+)$"
)


_BELONGING_SWAP = _rx(r"^(?:swapped|traded|exchanged|sold)$")


def _traded_belonging(m: re.Match[str], c: Clause) -> list[Draft]:
    """ "We traded our hatchback for an e-bike": a belonging of one's own given for another."""
    verb, said_old, said_new = (m.group("verb") or ""), (m.group("old") or ""), (m.group("new") or "")
    if not _BELONGING_SWAP.match(verb.lower()) or not re.match(r"(?i)(?:my|our)\s", said_old):
        return []
    old = re.sub(r"(?i)^(?:my|our)\s+(?:(?:old|trusty|beloved|battered|ancient)\s+)?", "", _cut(said_old, _TOOL_STOPS))
    new = _cut(said_new, _TOOL_STOPS)
    if not re.match(r"(?i)(?:an?|my|our|the|some)\s", new):
        return []  # "traded my shift for Friday": not a thing had
    new = _third_person(new)
    if not old or not new or len(old.split()) > 3 or len(new.split()) > 4:
        return []
    old_key = clauses.thing_key(old)
    new_key = clauses.thing_key(re.sub(r"(?i)^(?:an?|the|their|some)\s+", "", new))
    if not old_key or not new_key:
        return []
    return [
        Draft(f"The user no longer has their {old}", FACT, 6, f"*:{old_key}", old, negated=True),
        Draft(f"The user has {new}{c.since()}", FACT, 6, f"own:{new_key}", _value(new)),
    ]


# A name after a word or two that describe it: "an electric Kia", "a refurbished ThinkPad", "a used Golf".
_DESCRIBED_NAME = re.compile(r"^(?:[a-z]+\s+){1,2}(?=[A-Z]|[a-z]+[A-Z])[\w.+#-]+(?:\s+[\w.+#-]+){0,2}$")


def _described_name(text: str) -> bool:
    return bool(_DESCRIBED_NAME.match(text))


def _change_drafts(c: Clause) -> list[Draft]:
    """ "I replaced Poetry with uv": Poetry is retracted, uv is stated; both as tools."""
    m = _CHANGE.match(c.text)
    if not m:
        return []
    strip = re.compile(r"^(?:my|our|the|an?|their)\s+", re.IGNORECASE)
    old = strip.sub("", _cut(m.group("old") or m.group("old2"), _TOOL_STOPS))
    new = strip.sub("", _cut(m.group("new") or m.group("new2"), _TOOL_STOPS))
    thing = m.group("thing")
    if not old or not new or len(old.split()) > 4 or len(new.split()) > 4:
        return []
    if not (
        _tool_domain(old)
        or _tool_domain(new)
        or _is_proper(old)
        or _is_proper(new)
        or (_described_name(new) and len(old.split()) == 1)
    ):
        return _traded_belonging(m, c)
    old, new = _third_person(old), _third_person(new)
    for_ = f" for {_third_person(thing)}" if thing else ""
    old_slot, new_slot = _tool_slot(old), _tool_slot(new)
    # What is given up was maybe never called a tool ("I have an iPhone 12"): the retraction names
    # the thing, and ends whatever fact names it.
    if not _tool_domain(old):
        old_slot = "*:" + "-".join(w for w in re.findall(r"[\w+#]+", _value(old).lower()) if not w.isdigit())[:40]
    return [
        Draft(f"The user no longer uses {_value(old)}{for_}", FACT, 6, old_slot, _value(old), negated=True),
        Draft(f"The user uses {_value(new)}{for_}{c.since()}", FACT, 6, new_slot, _value(new)),
    ]


_DURABLE = _rx(
    r"^(?P<subj>i|we|my\s+(?:wife|husband|partner|girlfriend|boyfriend|family|kids|son|daughter|friends?)\s+and\s+i)\s+(?P<adv>(?:(?:usually|always|often|sometimes|normally|generally|regularly|also|still|really"
    r"|mostly|mainly|basically|now|currently|mostly|occasionally|frequently|just|actually|rarely|seldom|hardly\s+ever"
    r"|barely\s+ever)\s+)*)"
    r"(?P<verb>[a-z]+)\b(?P<rest>.*)$"
)
_VAGUE_OBJECTS = _vocab("""
    it, this, that, them, something, anything, nothing, a question, a problem, an issue, a lot, no idea, time,
    a minute, a second, some, fun, a look, a break, a try, a go, care, sure, a bug, an error, to, the same, one,
    what, how, why, the time, the chance, trouble, help, questions, problems, issues
""")
_FREQUENCY = _rx(
    r"\b(?:only\s+)?(?:every|each)\s+(?:other\s+)?\w+|\b(?:only\s+)?(?:on|at)\s+(?:weekends|the\s+weekend|weekdays|mondays|tuesdays"
    r"|wednesdays|thursdays|fridays|saturdays|sundays|night|nights)\b|\bon\s+" + _WEEKDAY_RE + r"\s+(?:nights|mornings"
    r"|evenings|afternoons)\b|\b(?:only\s+)?(?:once|twice|\w+\s+times)\s+(?:a|per)\s+\w+|\bdaily"
    r"|\bweekly|\bmonthly|\bregularly|\busually|\balways|\boften|\bsometimes|\brarely|\bseldom|\boccasionally"
    r"|\b(?:hardly|barely)\s+ever\b"
)
_TAIL_CUT = _rx(r"\s*(?:,\s*|\s+)(?:so|because|but|which|since|although|though|if|when|and\s+(?:i|it|that))\b.*$")


_AUX_GERUND = _rx(r"^(?P<subj>i|we)\s+(?:am|are|have\s+been|had\s+been|was|were)\s+(?:\w+ly\s+)?(?P<g>[a-z]+ing)\b")


def _base_after_aux(m: re.Match[str]) -> str:
    """ "I am learning Korean" reads as "I learn Korean" for the durable-verb frame."""
    base = frames.base_of_gerund(m.group("g"))
    return f"{m.group('subj')} {base}" if base else m.group(0)


_CONDITIONS = _rx(
    r"^i\s+(?:(?:also|still|actually|now)\s+)?(?:have|have\s+got|got|suffer\s+from|live\s+with|was\s+diagnosed\s+with"
    r"|am\s+diagnosed\s+with)\s+"
    r"(?P<v>(?:(?:type\s+[12]|mild|severe|chronic|bad|a\s+bad|a|an)\s+)*(?:diabetes|asthma|adhd|autism|arthritis"
    r"|migraines?|ibs|coeliac\s+disease|celiac\s+disease|crohn'?s(?:\s+disease)?|epilepsy|anxiety|depression|insomnia"
    r"|herniated\s+disc|slipped\s+disc|bad\s+back|high\s+blood\s+pressure|tinnitus|eczema|psoriasis|lupus|dyslexia"
    r"|ms|multiple\s+sclerosis|pcos|endometriosis|long\s+covid|a\s+heart\s+condition|heart\s+condition|gout"
    r"|hypothyroidism|sleep\s+apnea|colour\s+blindness|color\s+blindness)(?:\s+in\s+my\s+[\w\s]{2,20})?)"
)


_AFTERTHOUGHT = _rx(r"\s*,?\s+(?:so|because|cause|which|but|therefore|hence)\b.*$")


def _condition_drafts(c: Clause) -> list[Draft]:
    """ "I have type 1 diabetes", "I've got a herniated disc in my lower back": health, kept apart."""
    m = _CONDITIONS.match(c.text) or fact_lists.had_condition(c.text)  # "I have hay fever": a condition by its form
    if not m:
        return []
    # "a herniated disc in my lower back so please no squats": the condition ends where the reason starts
    value = _third_person(_tidy(_AFTERTHOUGHT.sub("", m.group("v"))))
    if not value:
        return []
    key = re.sub(r"^(?:a|an|mild|severe|chronic|bad)\s+", "", value.lower())
    return [Draft(f"The user has {value}", FACT, 9, f"health:{_slug(key.split(' in ')[0])}", value)]


_TEAM_TOOL = _rx(
    r"^(?P<subj>i|we)\s+(?:am|are)\s+(?:all\s+)?(?:all\s+in\s+on|on|running\s+on|built\s+on|using|moving\s+to|going\s+with)\s+"
    r"(?P<v>.+)$"
    r"|^(?P<subj2>i|we)\s+(?:went|go|are\s+going|chose|picked|settled|opted|decided\s+to\s+go|have\s+standardi[sz]ed"
    r"|standardi[sz]ed|have\s+settled|have\s+converged|converged)\s+(?:with|on|for)\s+(?P<v2>.+)$"
    # "we're a Python shop": the team is named by its tool
    r"|^(?P<subj3>we)\s+are\s+(?:an?\s+)?(?P<v3>\S+(?:\s+\S+)?)\s+(?:shop|house|team|company|startup)$"
)


def _team_tool_drafts(c: Clause) -> list[Draft]:
    """ "We're on MongoDB for the main product", "I went with Hetzner": a tool chosen or in use. Said for later
    ("all in on Rust next year") or hedged ("probably going with Fly soon"), it is a plan: nothing is read."""
    m = _TEAM_TOOL.match(c.text)
    if not m or (c.date is not None and c.date.day > c.today) or work_forms.LATER.search(c.text):
        return []
    raw = m.group("v") or m.group("v2") or m.group("v3")
    tool = _cut(raw, _TOOL_STOPS)
    tool = re.sub(r"\s+(?:instead|now|too|as\s+well|every\s+\w+)$", "", tool, flags=re.IGNORECASE)
    if not tool or len(tool.split()) > 3 or not (_tool_domain(tool) or _is_proper(tool)):
        return []
    if not _tool_domain(tool) and re.search(r"(?i)\bmoving\s+to\s", c.text):
        return []  # "we're moving to Leeds": a name one moves to is a tool only when it is known as one
    purpose = re.search(r"\bfor\s+(?:the\s+|our\s+|my\s+)?(?P<p>[\w\s-]{2,30})$", raw)
    for_ = f" for {_third_person(purpose.group('p'))}" if purpose else ""
    who = (
        "The user's team"
        if (m.group("subj") or m.group("subj2") or m.group("subj3") or "").lower() == "we"
        else "The user"
    )
    domain = _tool_domain(tool)
    verb = "uses" if who == "The user" else "uses"
    return [
        Draft(f"{who} {verb} {tool}{for_}", FACT, 6, f"tool:{domain}" if domain else _tool_slot(tool), _value(tool))
    ]


_DEGREE = _rx(
    r"^i\s+(?:am\s+|have\s+)?(?:just\s+|recently\s+|finally\s+)?(?P<verb>started|starting|doing|do|did|done|finished"
    r"|completed|got|hold|have|studying\s+for|am\s+studying\s+for)\s+(?:a|an|my|the)\s+"
    r"(?P<mode>(?:part[-\s]time|full[-\s]time|online|distance)\s+)?(?P<deg>phd|ph\.d\.?|doctorate|masters?|master's|msc|mba|bachelor'?s|bsc|degree|diploma|apprenticeship)"
    r"(?:\s+degree)?(?:\s+in\s+(?P<field>[a-z][\w\s-]*?))?(?:\s+(?:at|from)\s+(?P<org>(?-i:[A-Z])[\w'.&-]*"
    r"(?:\s+(?-i:[A-Z])[\w'.&-]*)*))?(?:\s+(?:now|these\s+days|at\s+the\s+moment|currently))?$"
)


def _degree_drafts(c: Clause) -> list[Draft]:
    """ "I did my masters in computational linguistics at Edinburgh": education, with its school."""
    m = _DEGREE.match(c.text)
    if not m:
        return []
    verb = m.group("verb").lower()
    ongoing = verb in ("started", "starting", "doing", "do", "studying for", "am studying for")
    deg = m.group("deg")
    deg = {"masters": "master's", "phd": "PhD", "mba": "MBA", "msc": "MSc", "bsc": "BSc"}.get(deg.lower(), deg)
    field = f" in {m.group('field').strip()}" if m.group("field") else ""
    org = f" at {m.group('org')}" if m.group("org") else ""
    mode = re.sub(r"\s+", "-", m.group("mode").strip().lower()) + " " if m.group("mode") else ""
    text = f"The user {'is doing' if ongoing else 'has'} a {mode}{deg}{field}{org}"
    return [Draft(text, FACT, 7, "education", f"{deg}{field}{org}".strip())]


_TAKE_UP = _rx(
    r"^i\s+(?:just\s+|recently\s+|finally\s+)?(?:started|began|took\s+up|picked\s+up|signed\s+up\s+for|joined)\s+"
    r"(?P<v>(?:a\s+|an\s+|some\s+)?[a-z][\w\s-]{2,40}?\s+(?:classes|class|lessons|course|club|team|choir|league|group))"
    r"(?P<rest>(?:\s+(?:on|every|at|in)\s+[\w\s-]+)?)$"
)


_GROUP_JOINED = _rx(r"\b(?:club|team|choir|league|group)$")


def _take_up_drafts(c: Clause) -> list[Draft]:
    """ "I just started pottery classes on Tuesdays": an activity taken up is a habit from now on."""
    m = _TAKE_UP.match(c.text)
    if not m:
        return []
    what = _third_person(m.group("v").strip())
    rest = m.group("rest").strip()
    # a club, team or choir one joins is one one is in; classes and lessons are taken
    verb = "is in" if _GROUP_JOINED.search(what) else "takes"
    text = re.sub(r"\s+", " ", f"The user {verb} {what} {rest}").strip()
    key = re.sub(r"^(?:a|an|some)\s+", "", what)
    return [Draft(text, PREF, 5, f"habit:{_slug(key)}", what)]


_APPOINTMENT = _rx(
    r"(?:an?|my|two|three)\s+(?:[\w']+\s+)?(?:appointment|meeting|interview|exam|flight|call|session|lesson|deadline"
    r"|surgery|operation|check-?up|presentation|conference|hearing|date)s?\b"
)


# How many a day: "two coffees a day", "a banana per morning" (_FREQUENCY reads "every day", "once a week").
_PER_DAY = _rx(r"\b(?:a|per)\s+(?:day|night|morning|evening|week)\b")


def _durable_drafts(c: Clause) -> list[Draft]:
    """ "I play tennis every Sunday", "We deploy on Kubernetes", "I own a Framework 13": a
    first-person clause whose verb is in the durable-verb lexicon, rewritten in the third person.
    The verb's class names the slot, so a later "I stopped playing tennis" finds it."""
    if conditions := _condition_drafts(c):
        return conditions
    denied = None if c.anymore else re.match(r"(?i)^(?P<subj>i|we)\s+(?:do|did)\s+not\s+(?P<rest>[a-z].*)$", c.text)
    if denied:
        # "I don't play football": never a habit of not playing; it retracts the habit, if one is known.
        inner = _durable_drafts(replace(c, text=f"{denied.group('subj')} {denied.group('rest')}"))
        said = f"does not {_third_person(_tidy(denied.group('rest')))}"
        return [
            replace(d, text=f"{d.text.split(' ', 2)[0]} {d.text.split(' ', 2)[1]} {said}", negated=True)
            for d in inner
            if not d.negated and d.text.startswith("The user ")
        ]
    text = _AUX_GERUND.sub(_base_after_aux, c.text)
    m = _DURABLE.match(text)
    if not m:
        return _team_tool_drafts(c)
    verb = m.group("verb").lower()
    kind = frames.verb_class(verb)
    if m.group("subj").lower() == "we" and verb in frames.VERB_CLASSES["tool"]:
        kind = "tool"  # "we write our services in Kotlin": a team's tools
    if kind is None:
        return _team_tool_drafts(c)
    rest = re.sub(r"\s+(?:now|these\s+days|nowadays)$", "", _TAIL_CUT.sub("", m.group("rest")).strip(" ,.;:"))
    together = re.match(r"(?i)my\s+(?P<who>\w+)\s+and\s+i", m.group("subj"))
    we = m.group("subj").lower() == "we"
    if we and kind != "tool" and not _FREQUENCY.search(rest):
        return _team_tool_drafts(c)  # "we" at work uses tools; "we cook a lot" (no rhythm) says little
    if kind == "habit" and verb == "go":
        # "I go climbing every Tuesday": the gerund is the activity; "I go to the gym every day":
        # a place one goes to on a rhythm is one too.
        first, _, tail = rest.partition(" ")
        place = re.match(r"(?i)^to\s+(?:the\s+|my\s+)?(?P<p>[a-z][\w-]*(?:\s+class(?:es)?)?)\b", rest)
        if place and _FREQUENCY.search(rest) and place.group("p").lower() not in {"work", "school", "bed", "sleep"}:
            activity, rest_text = place.group("p").lower(), rest
        elif not first.lower().endswith("ing"):
            return []
        else:
            activity, rest_text = first.lower(), rest
    else:
        activity, rest_text = "", rest
    words = rest.split()
    head = " ".join(w for w in words if not _FREQUENCY.fullmatch(w))
    core = _FREQUENCY.sub("", rest).strip(" ,")
    needs_object = (kind in ("own", "tool", "consume") and verb not in ("smoke", "vape")) or (
        verb in frames.HABIT_OBJECT_REQUIRED
    )
    vague = not core or core.lower() in _VAGUE_OBJECTS or core.lower().split()[0] in {"to", "it", "that", "this"}
    vague = vague and not (activity and verb == "go")  # "go to the gym every day": the place is the activity
    vague = vague or (kind == "own" and bool(_BARE_COUNT.fullmatch(core)))  # "we have two already": of what?
    if needs_object and vague:
        return []
    if verb == "have" and (
        drink := re.match(
            r"(?i)(?:an?|one|two|\d+)\s+(?:glass|glasses|cup|cups|pint|pints|bottle|can)"
            r"\s+of\s+(?P<what>[\w\s-]+?)(?:\s+(?:a|per|every|most|each)\b.*)?$",
            core,
        )
    ):
        what = drink.group("what").strip()
        return [Draft(f"The user has {_third_person(core)}", PREF, 5, f"habit:{_slug('drinking ' + what)}", what)]
    counted = re.match(r"(?:an?|two|three|four|\d+|my)\s", core.lower()) and len(core.split()) <= 6
    if kind == "own" and verb == "have" and counted and (_FREQUENCY.search(rest) or _PER_DAY.search(rest)):
        kind = "consume"  # "I have a hot dog every day", "two coffees a day": had on a rhythm, so no belonging
    if kind == "own" and verb == "have" and not counted:
        return []
    if kind == "own" and _APPOINTMENT.match(core):
        return []  # "I have a meeting with Anna": an appointment, not a belonging (a date makes it an event)
    if kind == "tool":
        # A tool must look like one: a known tool, a proper noun, or a purpose ("for", "on", "with").
        names = [w for w in re.findall(r"[A-Za-z][\w.+#-]*", core) if _tool_domain(w) or w[0].isupper()]
        if not names:
            return []
    if len(core.split()) > 10 or (not head.strip() and kind != "habit" and verb not in ("smoke", "vape")):
        return []
    subject = "The user's team" if we and kind == "tool" else "The user"
    if together:
        subject = f"The user and their {together.group('who').lower()}"
    shown_verb = verb if together else _verb_s(verb)
    adv = m.group("adv").strip()
    adv = " ".join(w for w in adv.split() if w.lower() not in {"now", "currently", "just", "actually", "really"})
    text = re.sub(r"\s+", " ", f"{subject} {adv} {shown_verb} {_third_person(rest_text)}").strip()
    what = _HOW_OFTEN.sub(" ", core).strip() or core  # "yoga most mornings": the activity is yoga
    what = _HOW_MUCH.sub("", what) or what  # "about 5 coffees": coffee
    what = pastimes.without_bare_count(what)  # "I smoke about 10 a day": smoking, the slot "I smoke" has
    if kind == "habit":
        key = activity or f"{frames.gerund(verb)} {_head_noun(ended_activities.without_measure(what))}".strip()
        slot = f"habit:{_slug(key)}"
        category = PREF
    elif kind == "consume":
        slot = f"habit:{_slug(frames.gerund(verb) + ' ' + _head_noun(what))}"
        category = PREF
    elif kind == "own":
        slot = _own_slot(core) if verb != "drive" else "car"
        category = FACT
    else:
        names = [w for w in re.findall(r"[A-Za-z][\w.+#-]*", core) if _tool_domain(w) or w[0].isupper()]
        domain = _tool_domain(names[0]) if names else None
        slot = f"tool:{domain}" if domain else f"tool:{_slug(names[0])}"
        category = FACT
    return [Draft(text, category, 5, slot, _value(core) or activity or verb)]


_PREPOSITION = _rx(
    r"\s+(?:in|on|at|with|before|after|for|to|from|every|each|near|by|during|when|while|once|twice)\b.*$"
)
_OWN_QUALIFIERS = _vocab("""
    a, an, the, my, our, their, one, two, three, four, five, some, new, old, brand new, second, first, used, little,
    big, small, another
""")


def _own_slot(thing: str) -> str:
    """The slot of a belonging: the name of the thing, not its first word, so a second board game or
    camera does not replace the first; a model number is left out, so a newer model of the same thing
    ("Pixel 8" after "Pixel 7") does replace it."""
    if vehicle := vehicles.slot_of(thing):
        return vehicle  # "a used Toyota Yaris": the car, one at a time
    if named_as := re.search(r"\b(?:called|named)\s+(?P<n>[\w' -]+)", thing, re.IGNORECASE):
        thing = named_as.group("n")  # "a board game called Catan": Catan is the thing
    core = _PREPOSITION.sub("", re.split(r"\s*[,;(]|\s+(?:and|but|which|that|so)\s", thing.strip(), maxsplit=1)[0])
    words = [w for w in re.findall(r"[\w+#'-]+", core.lower()) if w not in _OWN_QUALIFIERS]
    model = re.compile(r"\d|^(?:ii|iii|iv|vi|vii|viii|ix|xi|xii|pro|max|plus|mini|ultra|lite)$")
    named = [w for w in words if not model.search(w)] or words
    return f"own:{'-'.join(named[:3]) or 'thing'}"


def _head_noun(phrase: str) -> str:
    """ "the guitar in a band" -> "guitar": the object without determiners or adjuncts."""
    core = _PREPOSITION.sub("", phrase.strip())
    words = [
        w for w in re.findall(r"[\w+#'-]+", core.lower()) if w not in _DETERMINERS and w not in {"my", "our", "their"}
    ]
    return "-".join(words[:2])


# "Our stack runs on AWS", "my blog is built with Hugo": a thing of the user's and its tool.
_THING_ON = _rx(
    r"^(?P<who>our|my)\s+(?:whole\s+|entire\s+|main\s+)?(?P<thing>[a-z][\w\s-]{1,30}?)\s+"
    r"(?:(?:still|now|also|currently|already|mostly|actually)\s+)?(?P<verb>runs?\s+on|(?:is|are)\s+(?:built|written|hosted|deployed|made|running|managed|powered|backed|run"
    r"|done|handled|tracked|stored|kept)\s+(?:in|on|with|by|through)|uses?|lives?\s+on|is\s+on|are\s+on)\s+(?P<v>.+)$"
)


_OWN_SIDE = _rx(
    r"\b(?:family|home|house|household|flat|apartment|kids|wedding|band|club|side|hobby|personal|pet|own|weekend)\b"
)


def _thing_tool_drafts(c: Clause) -> list[Draft]:
    m = _THING_ON.match(c.text)
    if not m:
        return []
    tool = _cut(m.group("v"), _TOOL_STOPS)
    if not tool or len(tool.split()) > 4 or not (_tool_domain(tool) or _is_proper(tool)):
        return []
    thing, verb = m.group("thing").strip(), re.sub(r"\s+", " ", m.group("verb").lower())
    verb = {"run on": "runs on", "use": "uses", "live on": "lives on"}.get(verb, verb)
    # "our monorepo" is a team's; "our family chat" or "our side project" is the user's own.
    teams = thing.lower() not in _TEAM_WORDS and not _OWN_SIDE.search(thing)
    who = "team's" if m.group("who").lower() == "our" and teams else ""
    subject = f"The user's {who + ' ' if who else ''}{thing}"
    domain = _tool_domain(tool)
    slot = f"tool:{domain}" if domain else _tool_slot(tool)
    if frames.PERSONAL_THING.search(thing):
        slot = frames.scoped(slot, "side project")  # "my side project uses MongoDB": not the work database
    return [Draft(f"{subject} {verb} {tool}", FACT, 6, slot, _value(tool))]


# Preferences about the assistant's answers: what a reply should be like, from now on.
_REPLY_NOUNS = (
    r"(?:answers?|responses?|replies|explanations?|summaries|code\s+examples|examples|emojis?|emoticons|bullet\s+points"
    r"|bullets|formatting|tone|jokes|small\s+talk|jargon|markdown|tables|headings|code\s+comments|citations|sources"
    r"|pleasantries|fluff|filler|preamble|disclaimers|caveats|apologies|exclamation\s+(?:marks|points)|hashtags|slang"
    r"|acronyms|buzzwords|walls\s+of\s+text|follow-up\s+questions|flattery|em\s+dashes)"
)
_STYLE_PREFER = _rx(
    r"^i\s+(?:really\s+|generally\s+|usually\s+|always\s+|much\s+)?(?P<verb>prefer|like|want|need|love|hate|dislike"
    r"|would\s+like|appreciate)\s+(?P<rest>.*\b" + _REPLY_NOUNS + r"\b.*)$"
)
_STYLE_ORDER = _rx(
    r"^(?:please\s+)?(?:(?P<when>always|never|from\s+now\s+on,?|in\s+general,?|generally|in\s+future,?)\s+)?"
    r"(?P<rest>(?:keep|make|give|use|write|reply|answer|respond|avoid|skip|stop|include|add|don't|do\s+not|no)\b.*)$"
)
_STYLE_ALWAYS = _rx(
    r"^i\s+(?:would\s+like|want|need|prefer)\s+(?:you|the\s+assistant)\s+to\s+(?P<when>(?:always|never)\s+|)"
    r"(?P<rest>(?:keep|stop|use|avoid|answer|reply|respond|write|give|include|skip|add)\b.*)$"
)
_STYLE_DURABLE = _rx(r"\b(?:always|never|from\s+now\s+on|in\s+general|generally|in\s+future|every\s+time)\b")


_STYLE_WITHOUT = _rx(r"\s+(?:without|with\s+no|and\s+no|but\s+no)\s+")
_STYLE_TONE_WORDS = frozenset(("direct", "blunt", "formal", "informal", "casual", "friendly", "polite", "technical"))


def _style_without(rest: str) -> tuple[str, str, str]:
    """ "short answers without emojis" -> ("short answers", "", "emojis"); the rest alone otherwise."""
    parts = _STYLE_WITHOUT.split(rest, maxsplit=1)
    if len(parts) == 2 and re.fullmatch(_REPLY_NOUNS, parts[1].strip(), re.IGNORECASE):
        return parts[0].strip(), "", parts[1].strip()
    return rest, "", ""


def _style_slot(said: str) -> str:
    """What a style preference is about: its length, its tone, or the thing it names ("emojis")."""
    words = set(re.findall(r"[a-z]+", said.lower()))
    if words & _STYLE_LENGTH_WORDS or words & {"long", "longer", "concise", "terse"}:
        return "style:length"
    if words & _STYLE_TONE_WORDS:
        return "style:tone"
    nouns = [n.group(0) for n in re.finditer(_REPLY_NOUNS, said, re.IGNORECASE)]
    named = [n for n in nouns if not re.fullmatch(r"(?i)answers?|responses?|replies", n)]  # "answers in bullets"
    return f"style:{_slug((named or nouns or ['answers'])[0])}"


def _style_drafts(c: Clause) -> list[Draft]:
    """ "I prefer short answers without emojis", "Please always reply in British English": how
    the user wants to be answered. A one-off request ("make this shorter") is not one."""
    text = c.text
    if asked := _STYLE_ALWAYS.match(text):
        rest = _tidy(re.sub(r"\byour\b", "its", asked.group("rest"), flags=re.IGNORECASE))
        noun = re.search(_REPLY_NOUNS, rest, re.IGNORECASE)
        key = noun.group(0) if noun else rest.split()[0]
        return [
            Draft(f"The user wants the assistant to {asked.group('when')}{rest}", PREF, 6, f"style:{_slug(key)}", rest)
        ]
    m = _STYLE_PREFER.match(text)
    if m:
        rest = _third_person(_tidy(m.group("rest")))
        verb = m.group("verb").lower()
        shown = {"would like": "would like", "need": "needs", "want": "wants"}.get(verb, _verb_s(verb))
        kept, _, banned = _style_without(rest)
        drafts = [Draft(f"The user {shown} {kept}", PREF, 6, _style_slot(kept), kept)]
        if banned:
            # "short answers without emojis": two things asked, each on its own slot
            without = f"The user {shown} answers without {banned}"
            drafts.append(Draft(without, PREF, 6, _style_slot(banned), f"no {banned}"))
        return drafts
    m = _STYLE_ORDER.match(re.sub(r"^please\s+", "", text, flags=re.IGNORECASE))
    if not m:
        return []
    rest = m.group("rest")
    noun = re.search(_REPLY_NOUNS, rest, re.IGNORECASE)
    durable = m.group("when") or _STYLE_DURABLE.search(rest)
    plural = noun and re.search(r"(?:s|ing)$", noun.group(0).lower())
    if not (durable or (noun and plural and re.search(r"\byour\b|^no\b", rest, re.IGNORECASE))):
        return []
    when = (m.group("when") or "").rstrip(",").lower()
    rest = re.sub(r"\byour\b", "its", rest[:1].lower() + rest[1:], flags=re.IGNORECASE)
    rest = re.sub(r"\bme\b", "them", rest, flags=re.IGNORECASE)
    rest = _tidy(re.sub(r"\s*,?\s*please$", "", rest, flags=re.IGNORECASE))
    if re.match(r"(?i)^no\b", rest):
        text_out = f"The user wants {rest}"
    else:
        rest = re.sub(r"(?i)^(?:don't|do\s+not)\s+", "not ", rest)
        lead = f"{when} " if when in ("always", "never") else ""
        tail = f" {when}" if when and not lead else ""
        text_out = f"The user wants the assistant to {lead}{rest}{tail}"
    slot = f"style:{_slug(noun.group(0)) if noun else _slug(rest.split()[0] if rest else 'answers')}"
    return [Draft(re.sub(r"\s+", " ", text_out), PREF, 6, slot, rest)]


# "I bought a Steam Deck", "just got a new phone, a Pixel 9": a thing acquired is a thing owned, from
# the stated date on. Not what one "gets" that is no belonging (a job, a cold, a haircut).
_ACQUIRED = _rx(
    r"^(?:i|we)\s+(?:(?:just|finally|recently|also|have|then|eventually)\s+)*(?P<verb>bought|purchased|got(?:\s+myself)?"
    r"|picked\s+up|treated\s+(?:myself|ourselves)\s+to)\s+(?P<v>(?:an?|two|three|some|my\s+first|our\s+first)\s+.+)$"
)
_NOT_ACQUIRED = _vocab("""
    job, position, role, offer, promotion, raise, haircut, cold, flu, call, message, email, text, ticket, tickets,
    letter, invite, invitation, chance, idea, feeling, answer, reply, question, problem, lot, bit, break, day, week,
    grade, mark, score, result, results, vaccine, shot, diagnosis, degree, place, spot, seat, table, room, lift, ride,
    refund, fine, warning, coffee, lunch, dinner, breakfast, drink, drinks, tattoo, divorce, dog, cat, puppy, kitten
""")


# The occasion of a gift, said after it: "for my birthday", "for christmas", "for our 10th", "as a present".
_OCCASION = _rx(
    r"\s+(?:as\s+an?\s+(?:gift|present)|for\s+(?:(?:my|our|the)\s+)?(?:\d+(?:st|nd|rd|th)\b|(?:\w+\s+)?(?:birthday"
    r"|bday|b-day|anniversary|christmas|xmas|hanukkah|eid|wedding|graduation|retirement|valentine'?s"
    r"|mother'?s\s+day|father'?s\s+day)\b)).*$"
)


def _acquired_drafts(c: Clause) -> list[Draft]:
    m = _ACQUIRED.match(c.text)
    if not m:
        return []
    thing = _tidy(re.sub(r"\s+(?:too|as\s+well|again)$", "", m.group("v"), flags=re.IGNORECASE))
    thing = _OCCASION.sub("", thing) or thing  # "a Kindle for my birthday": the occasion is no part of the thing
    head = [
        w for w in re.findall(r"[\w'-]+", _PREPOSITION.sub("", thing.split(",")[0]).lower()) if w not in _OWN_QUALIFIERS
    ]
    if not head or len(thing.split()) > 8 or head[-1] in _NOT_ACQUIRED or head[0] in _NOT_ACQUIRED:
        return []
    verb = m.group("verb").lower()
    branded = bool(re.search(r"(?-i:[A-Z])|\d", thing)) or re.search(r"(?i)\bnew\b", thing)
    if verb.startswith("got") and not branded:
        return []  # "got a puppy", "got a bike" read as plain events elsewhere; a brand or "new" is a belonging
    appositive = re.match(r"(?i)^(?P<kind>.+?),\s*(?:an?\s+|the\s+)?(?P<name>(?-i:[A-Z0-9]).+)$", thing)
    slot = _own_slot(appositive.group("name") if appositive else thing)
    # "We bought a house": a household's belonging is the user's too.
    return [Draft(f"The user has {_third_person(thing)}", FACT, 5, slot, _value(thing))]


# A standing request about the assistant's replies, however it is put: an order ("don't use bullet
# points"), a question ("can you stop using emojis?"), a wish ("I'd like you to be more concise"). A bare
# request about this one answer ("can you make this shorter?") is not a preference and is left alone.
_STYLE_ASK = _rx(
    r"^(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?|i(?:'d|\s+would)\s+(?:like|love|prefer)\s+(?:it\s+if\s+)?you\s+(?:to\s+)?"
    r"|i\s+(?:want|need)\s+you\s+to\s+|please\s+|pls\s+|plz\s+)*(?P<body>.+?)(?:\s*,?\s*(?:please|pls|plz|thanks))?[\s?!.]*$"
)
_STYLE_BAN = _rx(
    r"^(?:stop|quit)\s+(?:using|adding|putting|writing|giving\s+me|including|with\s+the)\s+(?P<n1>.+)$"
    r"|^(?:don't|do\s+not|never|avoid|skip|drop|lose|cut|no\s+more|less)\s+(?:(?:use|using|add|adding|include|put|write|give\s+me"
    r"|giving\s+me|with)\s+)?(?:the\s+|any\s+|so\s+many\s+)?(?P<n2>.+)$"
)
_STYLE_BE = _rx(
    r"^(?:be|keep\s+(?:your\s+)?(?:answers|replies|responses|it\s+all|things))\s+(?:a\s+(?:bit|lot|little)\s+)?(?P<more>more\s+|less\s+)?"
    r"(?P<adj>concise|brief|briefer|short|shorter|succinct|detailed|thorough|direct|blunt|formal|informal|casual|friendly"
    r"|patient|technical|simple|simpler|honest|critical|gentle)(?:\s+(?:with|to)\s+me)?(?P<always>\s+(?:from\s+now\s+on|always|in\s+general))?$"
)
_STYLE_UNITS = _rx(
    r"^(?:always\s+)?(?:use|give\s+me|answer\s+in|reply\s+in)\s+(?P<v>metric|imperial|british\s+english|american\s+english|celsius|fahrenheit)\b.*$"
)
_STYLE_LENGTH_WORDS = frozenset(("concise", "brief", "briefer", "short", "shorter", "succinct", "detailed", "thorough"))
_STYLE_TAIL = _rx(
    r"\s+(?:when|whenever|if|in|with)\s+(?:you|me|your)\b.*$|\s+with\s+me$|\s+(?:from\s+now\s+on|anymore|any\s+more)$"
)


# A cheap look first: most sentences say nothing about how to answer.
_STYLE_HINT = _rx(
    r"\b(?:answer|repl|respon|emoji|emoticon|bullet|table|markdown|jargon|small\s+talk|concise|brief|short|succinct"
    r"|detailed|thorough|formal|casual|direct|blunt|friendly|patient|technical|simple|honest|critical|gentle|metric"
    r"|imperial|celsius|fahrenheit|british|american|tone|explanation|example|format|heading|source|citation|joke"
    r"|summar|code\s+comments|pleasantr|fluff|filler|preamble|disclaimer|caveat|apolog|exclamation|hashtag|slang"
    r"|acronym|buzzword|walls?\s+of\s+text|follow-up\s+question|flattery|em\s+dash)"
)


def _style_request_drafts(sentence: str, today: date) -> list[Draft]:
    """Each part of a standing request ("keep your answers short and no bullet points"); nothing
    unless every part reads as one, so a request about something else is never half-read."""
    if not _STYLE_HINT.search(sentence):
        return []
    m = _STYLE_ASK.match(_strip_lead_ins(sentence.strip()))
    if not m:
        return []
    drafts: list[Draft] = []
    banning = False
    for part in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+|\s+but\s+", m.group("body").strip()):
        found = _style_part_or_standing(_STYLE_ASK.match(part).group("body") if _STYLE_ASK.match(part) else part, today)
        if not found and banning and re.fullmatch(_REPLY_NOUNS, part.strip(), re.IGNORECASE):
            found = _style_part(f"no {part.strip()}", today)  # "no emojis or bullet points", "no emojis and tables"
        if not found:
            return []
        banning = found[-1].value is not None and found[-1].value.startswith("no ")
        drafts.extend(found)
    return drafts


def _style_part_or_standing(body: str, today: date) -> list[Draft]:
    """A part of an ask as said, else with its standing marker said last read as said first ("reply in Spanish
    from now on")."""
    if (found := _style_part(body, today)) or (standing := life.standing_ask(body)) is None:
        return found
    return _style_part(standing[0], today) or _style_part(standing[1], today)


def _style_part(body: str, today: date) -> list[Draft]:
    body = _expand_contractions(body.strip())
    if units := _STYLE_UNITS.match(re.sub(r"(?i)^always\s+", "", body)):
        value = units.group("v").lower()
        shown = value if " " in value else f"{value} units"
        always = "always " if re.match(r"(?i)^always\b", body) else ""
        return [Draft(f"The user {always}wants answers in {shown}", PREF, 6, "style:units", shown)]
    if re.match(r"(?i)^(?:always|never|from\s+now\s+on)\b", body):
        return _style_drafts(Clause(body, today))  # "could you always answer in Spanish?"
    if ban := _STYLE_BAN.match(body):
        noun = _STYLE_TAIL.sub("", ban.group("n1") or ban.group("n2")).strip(" ,.")
        if not re.fullmatch(r"(?:so\s+many\s+|long\s+|any\s+)?" + _REPLY_NOUNS, noun, re.IGNORECASE):
            return []
        noun = re.sub(r"(?i)^(?:so\s+many|any)\s+", "", noun).lower()
        return [Draft(f"The user wants no {noun} in answers", PREF, 6, f"style:{_slug(noun)}", f"no {noun}")]
    if re.match(r"(?i)^no\s+", body):
        return _style_part(re.sub(r"(?i)^no\s+", "no more ", body), today) or _style_noun_phrase(body)
    if be := _STYLE_BE.match(body):
        adj = be.group("adj").lower()
        more = (be.group("more") or "").strip().lower()
        kind = "length" if adj in _STYLE_LENGTH_WORDS else "tone"
        shown = f"{more} {adj}".strip() if more else adj
        return [Draft(f"The user prefers {shown} answers", PREF, 6, f"style:{kind}", shown)]
    if units := _STYLE_UNITS.match(body):
        value = units.group("v").lower()
        shown = value if " " in value else f"{value} units"
        return [Draft(f"The user wants answers in {shown}", PREF, 6, "style:units", shown)]
    return _style_noun_phrase(body)


# How to answer, said as a bare noun phrase in a list of asks ("short answers pls", "keep answers short,
# bullet points, no intro fluff", "keep it brief"): the length, a format, or something left out.
_STYLE_LENGTH_NP = _rx(
    r"^(?:keep\s+it\s+(?P<kept>short|brief|concise|simple)|(?P<adj>short|shorter|brief|concise|detailed|longer)"
    r"\s+(?:answers|replies|responses))$"
)
_STYLE_FORMAT_NP = _rx(r"^(?:use\s+)?(?P<n>bullet\s+points|bullets|tables|headings|code\s+examples|numbered\s+lists)$")
_STYLE_LEFT_OUT = _rx(
    r"^no\s+(?P<n>(?:intro\s+|introductory\s+)?(?:fluff|waffle|filler|preamble|intros?|pleasantries|disclaimers))$"
)


def _style_noun_phrase(body: str) -> list[Draft]:
    body = body.strip(" .!")
    if m := _STYLE_LENGTH_NP.match(body):
        adj = (m.group("kept") or m.group("adj")).lower()
        return [Draft(f"The user prefers {adj} answers", PREF, 6, "style:length", adj)]
    if m := _STYLE_FORMAT_NP.match(body):
        noun = re.sub(r"\s+", " ", m.group("n").lower())
        return [Draft(f"The user prefers {noun}", PREF, 6, f"style:{_slug(noun)}", noun)]
    if m := _STYLE_LEFT_OUT.match(body):
        noun = re.sub(r"\s+", " ", m.group("n").lower())
        return [Draft(f"The user wants no {noun} in answers", PREF, 6, f"style:{_slug(noun)}", f"no {noun}")]
    return []


# "My laptop is a Framework 13", "my car is an old Toyota": a belonging named by what it is.
_MY_THING = _rx(
    r"^(?:my|our)\s+(?:current\s+|main\s+|new\s+|daily\s+)?(?P<thing>(?:ci|db|os)\b|[a-z][a-z-]{2,20}(?:\s+(?:[a-z][a-z-]{2,20}|ci|db|os))?)\s+(?:is|are)\s+(?P<v>.+)$"
)
_NOT_BELONGINGS = _vocab("""
    name, question, problem, issue, point, guess, plan, goal, idea, answer, concern, code, task, job, work, day,
    week, life, mind, head, bad, fault, turn, favourite, favorite, birthday, age, email, address, number, password,
    opinion, view, team, boss, company, employer, manager, client, one, ones, partner, wife, husband, girlfriend,
    boyfriend, mom, dad, mother, father,
    sister, brother, son, daughter, kid, kids, child, children, friend, best friend, family, parents, dog, cat
""")


def _belonging_drafts(c: Clause) -> list[Draft]:
    if tooled := _thing_tool_drafts(c):
        return tooled  # "our app is built with Flutter", "our infra is on GCP": a thing and its tool
    m = _MY_THING.match(clauses.without_afterthought(c.text))  # "... and the keys stick" is no part of it
    if not m:
        return [] if not _THING_ON.match(c.text) else _thing_tool_drafts(c)
    thing = m.group("thing").lower()
    if thing in ("home town", "hometown") and _is_proper(m.group("v")):
        place = _place(m.group("v"))  # "my home town is Bergen": where the user is from
        return [Draft(f"The user is from {place[0]}", FACT, 7, "origin", place[1])] if place else []
    if thing in _NOT_BELONGINGS or thing.split()[-1] in _NOT_BELONGINGS:
        return []
    if _relative_slot(f"my {thing}"):
        return []  # "my mum is from Kerala", "my nan is in Leeds": a relative, never a belonging
    value = _tidy(_third_person(m.group("v")))
    # A belonging is named: a brand or model (a capital or a number), not a state ("slow", "broken").
    if not re.search(r"(?-i:[A-Z])|\d", value) or len(value.split()) > 8:
        return _thing_tool_drafts(c)
    if frames.PERSONAL_THING.search(thing) and (
        tool := re.match(r"(?i)^(?:in|on|with|built\s+(?:in|on|with)|written\s+in)\s+(?P<t>.+)$", value)
    ):
        name = _cut(tool.group("t"), _TOOL_STOPS)
        if name and (_tool_domain(name) or _is_proper(name)):  # "my side project is in Rust"
            slot = frames.scoped(
                f"tool:{_tool_domain(name)}" if _tool_domain(name) else _tool_slot(name), "side project"
            )
            return [Draft(f"The user's {thing} is {value}", FACT, 6, slot, _value(name))]
    named = re.sub(r"^(?:an?|the)\s+", "", value)
    domain = _tool_domain(named) or _tool_domain(named.split()[0])
    if domain:
        return [Draft(f"The user's {thing} is {value}", FACT, 6, f"tool:{domain}", _value(value))]
    slot = "car" if thing in ("car", "vehicle") else f"own:{_slug(thing)}"
    if thing.split()[-1] in ("db", "database") and not re.match(r"(?i)(?:called|named)\b", value):
        slot = "tool:database"  # "our prod db is Marlinsql", "our staging database is X": the database used
    elif thing in _TOOLING_THINGS and not re.match(r"(?i)(?:called|named)\b", value):
        slot = f"tool:{_slug(thing)}"  # "our CI is Corvid": the tool of that part, which "switched our CI to X" changes
        thing = thing.upper() if len(thing) == 2 else thing  # CI, DB, OS
    return [Draft(f"The user's {thing} is {value}", FACT, 5, slot, _value(value))]


# "Dentist on Friday at 9", "job interview next week": an appointment named without a sentence.
_AGENDA_NOUNS = (
    r"(?:appointment|dentist|doctor|doctor's|checkup|check-up|interview|meeting|exam|test|flight|train|wedding|party"
    r"|surgery|operation|concert|trip|holiday|vacation|deadline|call|haircut|presentation|class|lesson|match|game"
    r"|date|dinner|lunch|recital|show|conference|hearing|visit|therapy|physio|vet|birthday\s+party|race|marathon)"
)
_AGENDA = _rx(
    r"^(?:(?:my|a|an|the|our)\s+)?(?P<what>(?:[\w'-]+\s+){0,3}?"
    + _AGENDA_NOUNS
    + r"(?:\s+(?:with|at|in|for|to)\s+(?!\d)[\w' -]{1,30}?)?)"
    r"(?:\s+(?:is|are))?(?P<rest>(?:\s+(?:(?:at|@)\s+)?\d{1,2}(?::\d\d)?\s*(?:am|pm|h)?)?)$"
)


def _agenda_drafts(c: Clause) -> list[Draft]:
    if c.date is None:
        return []
    text = re.sub(r"\s+(?:is|are)$", "", c.text.strip())
    m = _AGENDA.match(text)
    if not m or re.match(r"(?i)^(?:i|we|something|anything|nothing|this|that|it|what|some)\b|^\w+ed\b", text):
        return []
    what = _third_person(m.group("what").strip())
    what = what[:1].lower() + what[1:] if re.match(_AGENDA_NOUNS, what, re.IGNORECASE) else what
    at = m.group("rest").strip()
    return [
        Draft(
            re.sub(r"\s+", " ", f"The user has {_article(what)} {what} {at}{c.when()}"),
            EVENT,
            6,
            f"event:{_slug(what)}",
            c.date.bare(),
        )
    ]


_RESCHEDULED = _rx(
    r"^(?:the|my|our)\s+(?P<what>[\w\s'-]{2,40}?)\s+(?:got|was|has\s+been|is|have\s+been|were)\s+"
    r"(?:moved|rescheduled|postponed|pushed(?:\s+back)?|brought\s+forward|changed|delayed|shifted)(?:\s+to)?$"
)


def _rescheduled_drafts(c: Clause) -> list[Draft]:
    """ "The defense got moved to the 14th": the event is now on the new date, and no longer on the old."""
    m = _RESCHEDULED.match(c.text)
    if not m or c.date is None:
        return []
    what = _third_person(m.group("what").strip())
    key = "-".join(w for w in re.findall(r"[\w']+", what.lower()) if w not in _DETERMINERS)
    return [
        Draft(f"The user's {what} is no longer on the old date", EVENT, 5, f"*:{key}", what, True, c.today),
        Draft(f"The user's {what} is{c.when()}", EVENT, 6, f"event:{_slug(what)}", c.date.bare()),
    ]


_SEPARATED = _rx(
    r"^(?:(?P<n>(?-i:[A-Z])[\w'-]+)\s+and\s+i|we)\s+(?:are|got|have\s+been|were)\s+(?:now\s+|officially\s+|finally\s+)?"
    r"(?P<how>divorced|separated)\b"
)


def _separated_drafts(c: Clause) -> list[Draft]:
    """ "Karen and I are divorced now": the partnership ended (dated when the clause says)."""
    m = _SEPARATED.match(c.text)
    if not m:
        return []
    who = m.group("n")
    text = f"The user and {who} are {m.group('how')}" if who else f"The user is {m.group('how')} from their partner"
    return [Draft(text, REL, 8, "partner", who, negated=True)]


_NAMED_PETS = _rx(
    r"^(?:i|we)\s+have\s+(?:two|three|four|2|3|4)\s+(?P<kind>cats|dogs|rabbits|hamsters|guinea\s+pigs|parrots|horses"
    r"|kittens|puppies|ferrets|rats|budgies|chickens|goats)\s*,?\s+(?:called\s+|named\s+)?"
    r"(?P<names>(?-i:[A-Z])[\w'-]+(?:\s*,\s*(?-i:[A-Z])[\w'-]+)*\s+and\s+(?-i:[A-Z])[\w'-]+)"
)
_SINGULAR_PET = {"puppies": "puppy", "guinea pigs": "guinea pig"}


def _named_pets_drafts(c: Clause) -> list[Draft]:
    """ "we have two cats, Luna and Mochi": one pet fact per name."""
    m = _NAMED_PETS.match(c.text)
    if not m:
        return []
    kind = re.sub(r"\s+", " ", m.group("kind").lower())
    kind = _SINGULAR_PET.get(kind, kind[:-1])
    names = [n.strip() for n in re.split(r"\s*,\s*|\s+and\s+", m.group("names")) if n.strip()]
    return [Draft(f"The user has {_article(kind)} {kind} named {n}", REL, 7, f"pet:{n.lower()}", n) for n in names]


_NAMED_RELATIVES = _rx(
    r"^(?:i|we)\s+(?:have|have\s+got|'ve\s+got|got)\s+(?:two|three|four|five|2|3|4|5)\s+"
    r"(?P<kind>kids|children|sons|daughters|boys|girls|sisters|brothers|siblings|grandkids|grandchildren)\s*[,:(-]?\s*"
    r"(?:called\s+|named\s+)?(?P<names>(?-i:[A-Z])[\w'-]+(?:\s*,?\s*(?:\(?\d{1,2}\)?|(?:is|aged)\s+\d{1,2}))?"
    r"(?:\s*,\s*(?-i:[A-Z])[\w'-]+(?:\s*,?\s*(?:\(?\d{1,2}\)?|(?:is|aged)\s+\d{1,2}))?)*"
    r"\s*,?\s+(?:and|&)\s+(?-i:[A-Z])[\w'-]+)"
)
_ONE_RELATIVE = {"kids": "child", "children": "child", "boys": "son", "girls": "daughter", "grandkids": "grandchild"}
_ONE_RELATIVE |= {"grandchildren": "grandchild", "siblings": "sibling"}


def _named_relatives_drafts(c: Clause) -> list[Draft]:
    """ "I have two kids, Noah is 7 and Ella is 4", "we've got three daughters: Ana, Bea and Cleo": one
    relative per name, as for pets (the names say more than the count)."""
    m = _NAMED_RELATIVES.match(c.text)
    if not m:
        return []
    kind = m.group("kind").lower()
    kind = _ONE_RELATIVE.get(kind, kind[:-1])
    names = re.findall(r"(?-i:[A-Z])[\w'-]+", m.group("names"))
    if any(n.lower() in _NOT_NAMES for n in names):
        return []
    said = f"The user has {_article(kind)} {kind} named"
    return [Draft(f"{said} {n}", REL, 7, f"family:{kind}:{_slug(n)}", n) for n in names]


# What the user's (team's) systems run on: "our CI runs on GitHub Actions", "everything lives in Oracle",
# "the backend is hosted on Render". A we-statement about work said with the system as its subject.
_SYSTEM_ON = _rx(
    r"^(?:(?:my|our|the)\s+(?:whole\s+|entire\s+|main\s+)?(?P<noun>stack|backend|back-end|frontend|front-end|infra"
    r"|infrastructure|app|apps|site|website|platform|ci|pipeline|pipelines|data|codebase|monolith|services|api|builds"
    r"|deploys|deployments|dashboards|alerts|alerting|monitoring|docs|documentation|tickets|logs|passwords|notes|todos"
    r"|tasks|recipes|bookmarks|dotfiles|backups)|everything|it\s+all)\s+"
    r"(?:(?:is|are)\s+(?:all\s+)?)?(?:mostly\s+|all\s+|still\s+)?(?P<verb>runs?|lives?|sits?|hosted|deployed|built|written"
    r"|stored|kept|tracked|managed|goes?|go)\s+(?:on|in|with|to|at|through|via)\s+"
    rf"(?P<name>{_NAME_CAP}(?:[.\w-]*)?)\s*(?:[,;(-].*)?[.!]*$"  # "..., sadly": an afterthought
)


def _system_drafts(c: Clause) -> list[Draft]:
    """ "Our CI runs on GitHub Actions": the tool the user's team uses for that (its kind's slot when the
    tool is known, else its own); said of "everything", the tool the user's work runs on."""
    m = _SYSTEM_ON.match(c.text)
    if m is None:
        return []
    name = m.group("name")
    if name.lower() in _NOT_NAMES or _place(name) is not None and not _tool_domain(name) and not _is_proper(name):
        return []
    noun = m.group("noun") or ""  # as written: "CI", "backend"
    text = f"The user uses {name}" + (f" for their {noun}" if noun else "")
    return [Draft(text, FACT, 5, f"tool:{_tool_domain(name) or _slug(name)}", name)]


_NAMED_ANIMAL = _rx(
    r"^(?:i|we)\s+(?:have\s+)?(?:just\s+|finally\s+|recently\s+)?(?P<verb>adopted|rescued|got|bought|have)\s+(?:a|an)\s+"
    r"(?P<what>[a-z][\w\s-]{1,30}?)\s*,?\s+(?:called|named)\s+(?P<n>(?-i:[A-Z])[\w'-]+)"
)


def _named_animal_drafts(c: Clause) -> list[Draft]:
    """ "just adopted a rescue greyhound called Pepper": a named animal, whatever its breed."""
    m = _NAMED_ANIMAL.match(c.text)
    if not m or m.group("n").lower() in _NOT_NAMES:
        return []
    what, name = m.group("what").strip(), m.group("n")
    if m.group("verb").lower() in ("got", "bought", "have") and not re.search(
        r"(?i)\b(?:dog|puppy|cat|kitten|rabbit|bunny|hamster|parrot|horse|pony|fish|snake|lizard|turtle|tortoise|bird"
        r"|ferret|guinea\s+pig|rat|mouse|terrier|retriever|spaniel|greyhound|poodle|labrador|collie|husky|beagle)s?\b",
        what,
    ):
        return []  # "I got a car called Betsy" is not a pet
    return [Draft(f"The user has {_article(what)} {what} named {name}", REL, 7, f"pet:{name.lower()}", name)]


# "I am ..." about the person: a lexicon of traits, faiths and the "X person" / "X fan" forms.
_TRAIT = _rx(
    r"^i\s+am\s+(?:(?:also|really|very|kind\s+of|quite|totally|a\s+total|basically)\s+)*(?P<v>(?:an?\s+)?(?:left-handed"
    r"|right-handed|ambidextrous|deaf(?:\s+in\s+one\s+ear)?|hard\s+of\s+hearing|blind|partially\s+sighted|(?:(?:red-green|blue-yellow|total)\s+)?colou?r-?blind"
    r"|pregnant|(?:\w+\s+months\s+)pregnant|night\s+owl|early\s+bird|morning\s+person|introvert|extrovert|introverted"
    r"|extroverted|neurodivergent|autistic|dyslexic|diabetic|epileptic|asthmatic|jewish|muslim|christian|catholic"
    r"|protestant|hindu|buddhist|sikh|atheist|agnostic|mormon|orthodox))\b(?P<rest>.*)$"
)
_PERSON_KIND = _rx(
    r"^i\s+am\s+(?:(?:more\s+of|much\s+more|definitely|totally|really)\s+)*(?:a|an)\s+(?:(?:big|huge|massive|total)\s+)?"
    r"(?P<v>[\w'-]+(?:\s+[\w'-]+)?)\s+(?P<kind>person|fan|lover|type|girl|guy)\b(?P<rest>.*)$"
)
_SKILL = _rx(
    r"^i\s+am\s+(?:really\s+|pretty\s+|quite\s+|very\s+)?(?P<how>terrible|bad|awful|hopeless|rubbish|good"
    r"|great|decent)\s+at\s+(?P<v>[\w\s-]{2,30})$"
)
_INDUSTRY = _rx(r"^i\s+(?:work|am\s+working)\s+in\s+(?P<v>(?!the\b|a\b|an\b)[a-z][\w\s&-]{2,30})$")
_NOUN_TRAITS = frozenset(("night owl", "early bird", "morning person", "introvert", "extrovert"))
_FAITHS = frozenset(
    [
        "jewish",
        "muslim",
        "christian",
        "catholic",
        "protestant",
        "hindu",
        "buddhist",
        "sikh",
        "atheist",
        "agnostic",
        "mormon",
        "orthodox",
    ]
)


def _trait_drafts(c: Clause) -> list[Draft]:
    """ "I'm left-handed", "I'm more of a dog person", "I'm terrible at cooking", "I work in fintech"."""
    if m := _TRAIT.match(c.text):
        value = m.group("v").strip()
        key = re.sub(r"^(?:an?|\w+\s+months)\s+", "", value.lower())
        slot = "religion" if key in _FAITHS else f"trait:{_slug(key)}"
        if key in _NOUN_TRAITS and not re.match(r"(?i)an?\s", value):
            value = f"{_article(key)} {key}"
        extra = _third_person(m.group("rest").strip(" ,")) if len(m.group("rest").split()) <= 5 else ""
        return [Draft(re.sub(r"\s+", " ", f"The user is {value} {extra}").strip(), FACT, 7, slot, value)]
    if m := _PERSON_KIND.match(c.text):
        value, kind = m.group("v").strip(), m.group("kind").lower()
        if value.lower() in _DETERMINERS or kind in ("girl", "guy") and value.lower() not in ("morning", "night"):
            return []
        return [Draft(f"The user is {_article(value)} {value} {kind}", PREF, 5, f"like:{_slug(value)}", value)]
    if m := _SKILL.match(c.text):
        good = m.group("how").lower() in ("good", "great", "decent")
        return [
            Draft(
                f"The user is {m.group('how').lower()} at {m.group('v').strip()}",
                FACT,
                4,
                f"skill:{_slug(m.group('v'))}",
                "good" if good else "bad",
            )
        ]
    if m := _INDUSTRY.match(c.text):
        return [Draft(f"The user works in {m.group('v').strip()}", FACT, 6, "industry", m.group("v").strip())]
    return []


_DEATH = _rx(
    r"^(?:(?:my|our)\s+(?:(?P<kind>[a-z]+)\s+)?)?(?P<n>(?-i:[A-Z][\w'-]*))\s+(?:has\s+|had\s+|just\s+|sadly\s+)*"
    r"(?:passed\s+away|died|passed(?!\s+(?:my|the|a|an|his|her|their|our|all|every|it)\b)"
    r"|(?:was|had\s+to\s+be|got)\s+put\s+(?:down|to\s+sleep))\b"
    r"|^(?:i|we)\s+(?:had\s+to\s+)?(?:put|have\s+put)\s+(?:(?:my|our)\s+(?:(?P<kind2>[a-z]+)\s+)?)?(?P<n2>(?-i:[A-Z][\w'-]*))"
    r"\s+(?:down|to\s+sleep)\b"
)


def _kin_death_drafts(c: Clause) -> list[Draft]:
    """A death of one's own people or animals that no rule read ("my gran died", "our old cat Marmalade
    passed away", "grandpa died"): an ending by its form, whatever the classifier makes of it."""
    if death := kin.died(c.text):
        who, key, _ = death
        return [Draft(f"The user's {who} passed away{c.when()}", REL, 7, f"*:{_slug(key)}", who, negated=True)]
    return []


def _relative_age_drafts(c: Clause) -> list[Draft]:
    """ "my son is 5": the relative's age, one value at a time (``family:<relation>:age``)."""
    found = kin.relative_age(c.text)
    slot = _relative_slot(f"my {found[1]}") if found else None
    if not found or not slot:
        return []
    who, _, age = found
    return [Draft(f"The user's {who.split(' ', 1)[1]} is {age}", REL, 6, f"{slot}:age", age)]


def _body_part_drafts(c: Clause) -> list[Draft]:
    """Health said of a body part or an aid ("I have a dodgy knee", "bad knee, so ...", "tore my acl",
    "on crutches"): a health matter on the part's slot, so a later word on the knee replaces it."""
    if found := kin.health_said(c.text):
        said, where = found
        return [Draft(f"The user {said}", FACT, 8, f"health:{_slug(where)}", said)]
    return []


def _death_drafts(c: Clause) -> list[Draft]:
    """ "Rex passed away": whoever it was, they are no longer in the user's life (any slot naming them)."""
    m = _DEATH.match(c.text)
    name = (m.group("n") or m.group("n2")) if m else None
    # "I passed my driving test": the speaker passed something, nobody died.
    if not name or name.lower() in _NOT_NAMES or name.lower() in ("i", "we"):
        return []
    return [Draft(f"The user's {name} passed away{c.when()}", REL, 7, f"*:{name.lower()}", name, negated=True)]


# A self-introduction said as a card, without a verb: "<Name>[ here], <age>, <what they do>[ at <org>|
# from <place>]". Its parts are what the speaker would say in full ("I'm <Name>", "I'm <age>", "I'm a
# <role> at <org>", "I'm from <place>"), and are read as such by the same rules.
_INTRO_CARD = re.compile(
    r"^(?:hi|hey|hello)?[\s,!]*(?P<name>[A-Z][a-z'-]+)(?P<here>\s+here)?\s*,\s*"
    r"(?:(?P<age>\d{1,3})(?:\s*(?:y/?o|yrs?(?:\s+old)?|years?\s+old))?\s*(?:,|$)\s*)?(?P<rest>.*)$"
)
_CARD_FROM = re.compile(
    r"^(?P<role>.*?)\s*,?\s*\b(?:from|based\s+in|living\s+in|in)\s+"
    r"(?P<place>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})$"
)
_CARD_ROLE = re.compile(
    r"^(?:an?\s+)?(?P<role>[a-z][\w/-]*(?:\s+[a-z][\w/-]*){0,3})"
    r"(?P<org>\s+(?:at|@|for)\s+[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*){0,3})?$"
)


def _is_occupation_word(word: str) -> bool:
    return word.lower() in _OCCUPATIONS


def _introduction_card(sentence: str) -> list[str] | None:
    """The clauses an introduction card stands for, or None when the sentence is no such card."""
    m = _INTRO_CARD.match(sentence.strip().rstrip(".!"))
    if m is None or not (m.group("age") or m.group("here")) or m.group("name").lower() in _NOT_NAMES:
        return None
    said = [f"I am {m.group('name')}"] + ([f"I am {m.group('age')}"] if m.group("age") else [])
    for part in filter(None, (p.strip() for p in re.split(r",|\s+and\s+", m.group("rest")))):
        where = _CARD_FROM.match(part)
        role = where.group("role") if where else part
        if where:
            said.append(f"I am from {where.group('place')}" if "from" in part else f"I live in {where.group('place')}")
        if role and (job := _CARD_ROLE.match(role)):
            org = (job.group("org") or "").replace("@", "at")
            article = "an" if job.group("role")[0] in "aeiou" else "a"
            said.append(f"I am {article} {job.group('role')}{org}")
            if org:
                said.append(f"I work{org}")
        elif role:
            return None  # a part that is neither a role nor a place: not a card this reads
    return said


def _drafts_from_text(text: str, today: date, language: str) -> list[Draft]:
    return list(_drafts_from_text_cached(text, today, language))


# Pure (the text, its day and its language are all it reads), and chats repeat their statements ("I'm vegan.",
# "I live in Paris.") from user to user on the same day; a reply's text is also read more than once. Whatever
# switches a rule off in-process (bench/rule_coverage.py) clears this with _cached_turn_facts.
@lru_cache(maxsize=8192)
def _drafts_from_text_cached(text: str, today: date, language: str) -> tuple[Draft, ...]:
    return tuple(_drafts_read_from_text(text, today, language))


def _drafts_read_from_text(text: str, today: date, language: str) -> list[Draft]:
    drafts: list[Draft] = []
    general = not _NOT_FOR_GENERAL.search(text)
    text = _QUOTED.sub(" ", text)
    message_general = general
    for sentence in _sentences(text):
        general = message_general and not _NOT_FOR_GENERAL_HERE.search(sentence)
        if language == "en" and (
            card := _introduction_card(sentence) or work_forms.card_without_name(sentence, _is_occupation_word)
        ):
            drafts.extend(d for said in card for d in _drafts_in_context(said, today, language, general))
            continue
        if language == "en" and (styled := _style_request_drafts(tag_forms.style_plainly(sentence) or sentence, today)):
            drafts.extend(styled)
            continue
        if _REQUEST.match(_strip_lead_ins(sentence)) and not assistant_manner.asks_a_manner(sentence):
            continue  # "Translate this: ..." asks; what follows is material, not the user's life
        if sentence.rstrip(" )\"'").endswith("?"):
            # A question states nothing, unless it is a statement said with a rising tone ("turns
            # out I like olives now??"); a statement before a question is kept by the clause split.
            if language != "en":
                # "Moro em Campinas, alguma dica pra dormir?": the statement before the question
                sentence = frames.statement_before_question(sentence, language)
                if not sentence:
                    continue
                found = _drafts_in_context(sentence, today, language, general)
                drafts.extend(found or _redated_by_sentence(drafts, sentence, today, language))
                continue
            if turned := _TURNS_OUT.search(sentence):
                sentence = sentence[turned.end() :]
            parts = _clauses(sentence.rstrip(" ?!"))
            last = _strip_lead_ins(parts[-1]) if parts else ""
            if _QUESTION_START.match(last) or not _STATEMENT_START.match(last):
                parts = parts[:-1]
            if not parts:
                continue
            sentence = ", ".join(parts)
            # the question's own "would" is gone with it: "I curate a zine, what would you call it?"
            general = message_general and not _NOT_FOR_GENERAL_HERE.search(sentence)
        if language == "en" and not sentence.rstrip(" )\"'").endswith("?"):
            # "I deploy to Hetzner, is there a managed postgres there": a question without its "?" after
            # the statement asks; only the statement before it is said
            head, comma, last = sentence.rpartition(",")
            if comma and head.strip() and well_formed.UNMARKED_QUESTION.match(_strip_lead_ins(last.strip())):
                sentence = head
        if language == "en" and (
            gapped := _gapped_contrast(sentence.rstrip(".!;")) or work_forms.tools_for_purposes(sentence.rstrip(".!;"))
        ):
            drafts.extend(d for part in gapped for d in _drafts_in_context(part, today, language, general))
            continue
        stripped = sentence.rstrip(".!;")
        found = [
            d
            for part in (_CONTRAST.split(stripped) if language == "en" else frames.split_contrast(stripped, language))
            for d in _drafts_in_context(part, today, language, general)
        ]
        found = _since_then(found, stripped, drafts, today) if language == "en" and found and drafts else found
        found = _since_then_within(found, stripped, today) if language == "en" and len(found) > 1 else found
        found = change_time.ended_with_the_change(
            found, today, lambda d: d.category is EVENT
        )  # "..., not in York anymore"
        drafts.extend(found or ([] if language == "en" else _redated_by_sentence(drafts, stripped, today, language)))
    return _named_in_passing(text, drafts) if language == "en" and message_general else drafts


def _owns_named(draft: Draft, word: str, name: str) -> bool:
    """A belonging draft whose slot names the animal and its name ("own:had-hamster-pip")."""
    key = (draft.slot or "").removeprefix("own:")
    return key != (draft.slot or "") and {word.lower(), name.lower()} <= set(key.split("-"))


def _named_in_passing(text: str, drafts: list[Draft]) -> list[Draft]:
    """The user's own animals and people the text names in passing ("can you feed my tortoise Pickle?", "our deaf
    whippet Smudge"), when no draft names them yet; a name only being chosen ("naming my puppy Biscuit") is none; an
    animal read as a belonging ("a golden retriever") is a pet."""
    if chosen := own_named.names_only_chosen(text):
        drafts = [d for d in drafts if not (d.value in chosen and (d.slot or "").startswith(("pet:", "family:")))]
    drafts = [replace(d, slot=pet) if (pet := own_named.pet_owned(d.slot or "", d.text)) else d for d in drafts]
    said = " ".join(d.text for d in drafts if (d.slot or "").startswith(("pet:", "family:", "person:", "partner")))
    owned = {(d.slot or "")[4:] for d in drafts if (d.slot or "").startswith("own:")}  # "a budgie named Nugget"
    for what, word, name in own_named.named_in_passing(text):
        if name in said or name.lower() in owned or name.lower() in _NOT_NAMES:
            continue
        said += f" {name}"
        if what == "pet":
            pet = Draft(f"The user has {_article(word)} {word} named {name}", REL, 7, f"pet:{name.lower()}", name)
            # "I've had my hamster Pip since 2023" was read as a belonging naming the pet: the pet replaces it,
            # keeping the day it was had from
            kept = next((d for d in drafts if _owns_named(d, word, name)), None)
            drafts = [d for d in drafts if d is not kept]
            drafts.append(replace(pet, valid_from=kept.valid_from) if kept is not None else pet)
        elif what == "partner":
            drafts.append(Draft(f"The user's {word} is {name}", REL, 8, "partner", name))
        else:
            drafts.append(_person_draft(word, name))
    return drafts


def _since_then_within(found: list[Draft], sentence: str, today: date) -> list[Draft]:
    """ "I passed my citizenship exam in March, so I'm a citizen now": within one sentence, what follows the dated
    past event holds since its day (``_since_then``)."""
    if not past_time.follows_within(sentence):
        return found
    first = next((i for i, d in enumerate(found) if d.category is EVENT and d.valid_from is not None), None)
    if first is None:
        return found
    return found[: first + 1] + _since_then(found[first + 1 :], "so", found[: first + 1], today)


def _since_then(found: list[Draft], sentence: str, before: list[Draft], today: date) -> list[Draft]:
    """ "Passed my driving test last Tuesday!! so I've got my licence now": what a sentence says follows from the
    dated past event just before it (``past_time.follows_on``) holds since that event's day, when it states no time
    of its own."""
    last = before[-1]
    day = _day_of(last.valid_from)
    if not past_time.follows_on(sentence) or last.category is not EVENT or last.negated or day > today:
        return found
    since = Clause("", today, DateRef(day, "day"), "since")
    return [_dated(d, since) if d.category is not EVENT and d.valid_from is None else d for d in found]


def _redated_by_sentence(drafts: list[Draft], sentence: str, today: date, language: str) -> list[Draft]:
    """ "ich rauche nicht mehr!! seit drei Monaten keine einzige Zigarette": a sentence that says only when
    (and at most three words more) dates the fact said just before it, if that had no time. Changes
    ``drafts`` in place; returns nothing to add."""
    stated = frames.stated_date(sentence, today, language)
    if stated is None or not drafts:
        return []
    rest = frames.remove_span(sentence, stated.start, stated.end)
    if _dates_the_last(drafts, stated, rest, today, language):
        drafts[-1] = _redated(drafts[-1], stated, today)
    return []


# "At work I use a ThinkPad, at home a MacBook", "Python at work but Go for my side project": two
# contexts, and the second half (or both) leaves out the verb it shares with the first.
_GAP_SPLIT = _rx(r"\s*(?:,|;)?\s+(?:but|while|whereas|and)\s+|\s*[,;]\s*")
_BARE_NAMES = re.compile(r"^(?:an?\s+|the\s+)?[A-Z][\w.+#-]*(?:\s+[A-Z0-9][\w.+#-]*){0,2}$")
# A thing without a verb: "coffee", "a MacBook", "oat milk" (never a pronoun, which would be no gap).
_BARE_THING = _rx(
    r"^(?:an?\s+|the\s+|some\s+)?(?!(?:i|we|it|they|that|this|them|my|our|me|you|too|also|either)\b)[\w.+#-]+(?:\s+[\w.+#-]+)?$"
)
_SHARED_VERB = _rx(
    r"^(?P<head>(?:i|we)\s+(?:[a-z]+\s+){0,2}?(?:use|run|code\s+in|write|deploy\s+(?:on|to)|host\s+on|prefer|drive|ride|drink|eat|play|speak|build\s+(?:with|on|in)))\s+(?P<obj>.+)$"
)


def _gapped_contrast(sentence: str) -> list[str] | None:
    """The two whole clauses a gapped contrast stands for, each with its context, or None."""
    halves = _GAP_SPLIT.split(sentence, maxsplit=1)
    if len(halves) != 2:
        return None
    (first_context, first), (second_context, second) = (frames.find_context(h, "en") for h in halves)
    if not first_context or not second_context or first_context == second_context:
        return None
    if _BARE_NAMES.match(first) and _BARE_NAMES.match(second):
        head = "I use"  # "Python at work, Go at home": names said of contexts are what is used there
        first = f"{head} {first}"
    elif (shared := _SHARED_VERB.match(first)) and _BARE_THING.match(second):
        head = shared.group("head")
    else:
        return None  # the second half says its own verb (the ordinary split reads it), or it is no gap
    wording = frames.CONTEXT_WORDING["en"]
    return [f"{wording[first_context]} {first}", f"{wording[second_context]} {head} {second}"]


# "My company uses GCP but for my own stuff I use Hetzner": each side of the contrast has its own context.
_CONTRAST = _rx(
    r"\s*,?\s+(?:but|and|while|whereas)\s+(?=(?:(?:at|for|on|in|with)\s+(?:my|our|the)\s+[\w\s'-]{1,30}?"
    r"|(?:at|for)\s+(?:home|work))\s*,?\s*(?:i|we)\b)"
)


# A message that imagines or jokes: the frames still read what they are sure of, the general layer
# (which reads any first-person clause) stays silent rather than take a story or a joke for the user's
# life. A story or a game goes on over sentences, so one such word silences the whole message.
_NOT_FOR_GENERAL = _rx(
    r"\b(?:imagine|suppose|supposing|pretend|hypothetically|let'?s\s+say|role-?play"
    r"|(?:my|the|your)\s+character|in\s+(?:the|my|a)\s+(?:story|novel|game|book|script|dream)(?!\s+(?:club|group|shop))"
    r"|quote|quoting|kidding|joking|jk|yeah\s+right|as\s+if"
    r"|sarcasm|stell\s+dir\s+vor|imagina|immagina|imaginons|supponiamo|supongamos)\b|/s\b"
)
# A condition or someone else's words belong to their sentence: "If I had a boat I'd sail" says nothing
# of the user, but the sentence beside it ("I teach Pilates. What would you suggest?") still may.
_NOT_FOR_GENERAL_HERE = _rx(
    r"\b(?:if|would|what\s+if|said|says|told|tells|asked|wrote|writes|claims?|claimed|according\s+to|wenn|würde)\b"
)


_WE_SUBJECT = _rx(r"^(?:we|our|my\s+(?:team|company|employer|office|firm))\b")


# "Ya no soy vegano, ahora pescetariano": an ending of one value, then the value said now (the copula of
# the ending carries over to it). English splits these clauses itself ("..., pescatarian now").
_NOW_WORDS = {
    "de": r"jetzt|nun|inzwischen|mittlerweile",
    "es": r"ahora|ya",
    "fr": r"maintenant|désormais",
    "it": r"ora|adesso",
    "pt": r"agora",
}
_NOT_ANY_MORE_COPULA = {
    "de": r"\bbin\b.*\b(?:nicht|kein\w*)\b.*\bmehr\b",
    "es": r"\bno\s+soy\b",
    "fr": r"\b(?:ne\s+|n')suis\s+plus\b",
    "it": r"\bnon\s+sono\s+più\b",
    "pt": r"\bnão\s+sou\b",
}
_COPULA_SAID = {
    "de": r"(?:bin\s+ich|ich\s+bin)\s+",
    "es": r"(?:yo\s+)?soy\s+",
    "fr": r"je\s+suis\s+",
    "it": r"(?:io\s+)?sono\s+",
    "pt": r"(?:eu\s+)?sou\s+",
}
_COPULA = {"de": "Ich bin", "es": "Soy", "fr": "Je suis", "it": "Sono", "pt": "Sou"}
_ENDED_THEN_NOW = {
    language: _rx(
        rf"^(?P<ended>.*?{_NOT_ANY_MORE_COPULA[language]}[^,;]*?)\s*[,;]\s*(?:{now})\s+(?:{_COPULA_SAID[language]})?"
        r"(?P<new>[^,;]+?)[.!]?$"
    )
    for language, now in _NOW_WORDS.items()
}


# "I don't drink soda anymore, water now": the verb of the ending carries over to the new object (never to a
# clause with its own subject, "..., I'm vegan now", wherever the spaces after the comma fall).
_EN_ENDED_VERB_THEN_NOW = _rx(
    r"^(?P<ended>(?P<subj>i|we)\s+(?:don't|do\s+not|no\s+longer)\s+(?P<verb>[a-z]+)\s+[^,;]+?)\s*[,;]\s*(?:but\s+)?"
    r"(?:(?:now|these\s+days)\s+(?!(?:i|we)\b)(?P<new1>[^,;]+?)|(?!\s*(?:i|we)\b)(?P<new2>[^,;]+?)\s+(?:now|these\s+days))"
    r"[.!]?$"
)


def _ended_then_now(sentence: str, today: date, language: str, general: bool) -> list[Draft] | None:
    """The ending and the new value, the new one on the ended one's slot: it is what replaced it."""
    if language == "en":
        m = _EN_ENDED_VERB_THEN_NOW.match(sentence)
        if m is None or m.group("verb").lower() not in clauses.BASE_VERBS:
            return None
        new = f"{m.group('subj')} {m.group('verb')} {m.group('new1') or m.group('new2')}"
    else:
        m = _ENDED_THEN_NOW[language].match(sentence) if language in _ENDED_THEN_NOW else None
        if m is None:
            return None
        new = f"{_COPULA[language]} {m.group('new')}"
    ended = _drafts_in_context(m.group("ended"), today, language, general)
    begun = _drafts_in_context(new, today, language, general)
    # A slot named by the ended thing itself ("tool:notion") is no place for what replaced it.
    slots = {
        d.slot
        for d in ended
        if d.negated
        and d.slot
        and not is_multi_valued(d.slot)
        and (d.value or "").lower().replace(" ", "-") not in d.slot.lower()
    }
    if len(slots) == 1 and len(begun) == 1 and not begun[0].negated:
        begun = [replace(begun[0], slot=slots.pop())]
    return ended + begun


def _drafts_in_context(sentence: str, today: date, language: str, general: bool = True) -> list[Draft]:
    if (ended_then_now := _ended_then_now(sentence, today, language, general)) is not None:
        return ended_then_now
    if len(own := _clause_contexts(sentence, language)) > 1:
        # "I run at home and code at work": each marker scopes the clause it is said in.
        return [d for clause in own for d in _drafts_in_one_context(clause, today, language, general)]
    return _drafts_in_one_context(sentence, today, language, general)


def _clause_contexts(sentence: str, language: str) -> list[str]:
    """The sentence's clauses when two of them name two different contexts, or (in English) when only a
    later clause names one ("cancelled my gym membership, I train at home now": the membership was no
    home's); else nothing, and a context said in the sentence scopes all of it."""
    parts = _clauses(sentence) if language == "en" else frames.split_at_context(sentence, language)
    found = [frames.find_context(part, language)[0] for part in parts]
    contexts = set(found) - {None}
    later_only = language == "en" and len(parts) > 1 and found[0] is None and len(contexts) == 1
    if (
        language == "en"
        and len(parts) == 1
        and (halves := _split_at_named_contexts(sentence) or _context_opening_later(sentence, frames.find_context))
    ):
        return halves
    return parts if len(contexts) > 1 or later_only else []


_CONTRAST_JOIN = _rx(r"\s*[,;]?\s+(?:and|but|while|whereas)\s+|\s*[;,]\s*")


def _split_at_named_contexts(sentence: str) -> list[str]:
    """ "my work car is a Skoda and the family car is a Volvo", "at the office we use Teams, at home WhatsApp":
    two halves joined by "and" / "but" / "while" or a comma, each naming its own context (by a phrase, a noun
    before the thing, or its kind); else nothing."""
    for join in _CONTRAST_JOIN.finditer(sentence):
        left, right = sentence[: join.start()], sentence[join.end() :]
        first, second = frames.find_context(left, "en")[0], frames.find_context(right, "en")[0]
        if first and second and first != second:
            return [left, right]
    return []


# One's own children as a group, named in passing: "the twins, Tove and Lars, start school", "my kids, Ivo and
# Mei, are ...". The names make them the speaker's; a bare "the twins" or "the kids" may be anyone's
# (measured: a bare mention cost precision on the test split and is not read).
_KIN_GROUP = re.compile(
    r"(?i:\b(?:my|our|the)\s+(?P<kin>twins|triplets|kids|children|boys|girls|sons|daughters))"
    r"(?:\s*,\s*|\s+)(?P<names>[A-Z][a-z]+(?:\s*,\s*[A-Z][a-z]+)*\s*(?:,\s*)?(?:and|&)\s+[A-Z][a-z]+)"
)
_CHILDREN_ONLY = frozenset(("twins", "triplets"))


def _kin_group_drafts(sentence: str, found: list[Draft]) -> list[Draft]:
    sentence = life.without_ages(_strip_lead_ins(sentence.strip()))
    m = _KIN_GROUP.search(sentence)
    if m is None:
        return []
    kin, names = m.group("kin").lower(), m.group("names")
    if m.group(0).lower().startswith("the") and (m.start() != 0 or kin not in _CHILDREN_ONLY):
        return []  # "I teach the twins, Tove and Lars": whose is not said; "the twins, Tove and Lars, start school" is
    if any(kin.rstrip("s") in d.text.lower() for d in found):
        return []  # already said by a frame ("my twins Tove and Lars are 5")
    said = re.sub(r"\s*,\s*(?=and\b|&)", " ", re.sub(r"\s+", " ", names))
    return [Draft(f"The user has {kin} named {said}", REL, 7, f"family:{kin}", said)]


def _children_drafts(sentence: str, found: list[Draft]) -> list[Draft]:
    """One's children said in passing ("before the kids wake up", "our two boys are ..."): "The user has kids", unless
    a frame already said them (a count, names or ages)."""
    who = kin.children_implied(sentence)
    if who is None or any(
        (d.slot or "").startswith(("family:children", "family:kids", "family:twins"))
        and "named" in d.text
        or d.text.startswith("The user has")
        and who.split()[-1] in d.text
        for d in found
    ):
        return []
    return [Draft(f"The user has {who}", REL, 6, "family:children", who)]


def _drafts_in_one_context(sentence: str, today: date, language: str, general: bool = True) -> list[Draft]:
    if language == "en":
        sentence = _own_thing_moved(sentence)  # "side project moved to X": a change of its tool
    if language == "en":
        sentence = life.from_and_now_in(life.name_unbracketed(life.there_named(life.step_joined(sentence))))
        sentence = own_named.put_down_plainly(own_named.name_given_after(sentence))  # "adopted a kitten, named her X"
    context, sentence = frames.find_context(sentence, language)
    # "I used to live in Paris, but now ...": a change, read by the change frames; only a past said on
    # its own ("I used to play in a band") is an ending.
    changed = bool(_NOW_SAID.search(sentence))
    head, start = _start_said_apart(sentence, today) if language == "en" else (sentence, None)
    if language == "en" and start is None:
        head, start = _time_said_first(head, today)
    if language == "en" and _START_WORD.search(sentence) and _bare_start(sentence.strip(" .!"), today):
        return []  # "joined back in march!", "found out tuesday": what began is said elsewhere, not here
    found = (
        _foreign_clause_drafts(sentence, today, language, general)
        if language != "en"
        else _dated_by_start(
            [
                d
                for clause in _without_examples(head, _clauses(head))
                for d in _with_their_news(clause, today, general)
                or ([] if changed or not general else _used_to_drafts(clause, today))
            ],
            start,
        )
    )
    if language == "en":
        found = found + _companion_drafts(sentence, found) + _kin_group_drafts(sentence, found)
        found = found + _children_drafts(sentence, found)
    found = _life_kept(sentence, language, found)
    if (
        group_contexts.is_group(context)
        or context == "side project"
        or (context == "work" and _WE_SUBJECT.match(sentence))
    ):
        # "At the office we moved to Slack", "I moved my hobby app to Render": where a workplace, a project or a
        # band moves is not where the user lives ("for work I moved to Berlin" is).
        found = [
            moved for d in found if d.slot != "location" or _MOVED_FROM.search(d.text) if (moved := _moved_tool(d)).text
        ]
    if context:
        found = [
            replace(d, slot=frames.scoped(d.slot, context), text=frames.with_context(d.text, context, language))
            if frames.is_scoped_kind(d.slot)
            else d
            for d in found
        ]
    return found


def _with_their_news(clause: str, today: date, general: bool) -> list[Draft]:
    """A clause's drafts, and when it tells a relative's or a named friend's news ("my sister just moved to
    Leeds"), that news on their slots, read as the user's own would be (``others_news``); a past event worth no
    memory or a plan not carried out is none (``past_time.worth_keeping``)."""
    clause = past_time.without_buyer(clause)  # "sold the honda to a guy from work": the honda is sold
    clause = past_time.named_after_comma(clause)  # "adopted a greyhound two years ago, Comet": named Comet
    found = _past_event_said_loosely(clause, today, general) or _drafts_from_clause(clause, today, general)
    found = others_news.their_news(clause, today, found, partial(_drafts_from_clause, general=general), _relative_slot)
    return [d for d in found if past_time.worth_keeping(d.text, d.slot)]  # never "had pasta yesterday"


def _past_event_said_loosely(clause: str, today: date, general: bool) -> list[Draft]:
    """A dated past event said loosely: without its "I" ("had covid in january"), or with a comment after a
    comma ("went to Peru last summer, still dreaming about it"), read without the comment."""
    head = past_time.without_afterthought(clause) if "," in clause else None
    head = head if head and _find_date(head, today, True) else None  # the time is the event's, not the comment's
    head = None if head and _bare_start(head, today) else head  # "started in january, so hard": said of the news before
    subjectless = past_time.with_its_subject(clause)
    subjectless = subjectless if subjectless and _find_date(clause, today, True) else None
    for said in (head, head and past_time.with_its_subject(head), subjectless):
        if said and (found := _drafts_from_clause(said, today, general)):
            return found
    return []


def _life_kept(sentence: str, language: str, found: list[Draft]) -> list[Draft]:
    """What a sentence's frames read, without the readings ``life`` knows to be wrong: one's partner as a
    belonging ("The user has their wife"), and a partner or a belonging where a friend is spoken of ("einen
    Freund, der in Berlin wohnt")."""
    found = [_partner_not_owned(d) for d in found]
    if language != "en" and (friend := life.friend_said(sentence, language)):
        found = [
            d
            for d in found
            if not ((d.slot == "partner" or (d.slot or "").startswith("own:")) and life.speaks_of(d.text, friend))
        ]
    return found


def _partner_not_owned(draft: Draft) -> Draft:
    """ "The user has their wife" (from "... live in Malmo with my wife") is no belonging: the user has a wife;
    nor is "a 4 year old": a child."""
    if child := life.child_had(draft.text, draft.slot):
        return Draft(child[0], REL, 7, child[1], child[1].rsplit(":", 1)[-1])  # "we have a 4 year old"
    if home := couples.partner_home_slot(draft.text, draft.slot):
        return replace(draft, slot=home)  # "my girlfriend moved in with me": where the partner lives
    rel = life.partner_owned(draft.text, draft.slot)
    return Draft(f"The user has {_article(rel)} {rel}", REL, 7, "partner", None) if rel else draft


# "doing payroll at Hobbsworth, started mid january", "joined back in march!": a start said with its date
# and nothing else; what started is the other clause's, so the date is that fact's valid time.
_BARE_START = _rx(
    r"^(?:(?:i|we)\s+)?(?:(?:just|only|officially|actually|finally)\s+)*(?:started|began|joined|start(?:ing)?|found\s+out"
    r"|got\s+(?:it|them|her|him)|been\s+there|moved(?:\s+in)?)$"
)


_START_WORD = _rx(r"\b(?:start|started|starting|began|joined|found|moved)\b")


def _bare_start(clause: str, today: date) -> Clause | None:
    c = _prepare(clause, today) if len(clause.split()) <= 8 else None
    if c is None or c.date is None or c.date.day > today:
        return None
    return c if _BARE_START.match(c.text.strip(" .,!?")) else None


def _start_said_apart(sentence: str, today: date) -> tuple[str, Clause | None]:
    """The sentence without a last comma-piece that is a bare start, and that start (read as a clause)."""
    head, comma, tail = sentence.rpartition(",")
    if not comma or not head.strip() or not _START_WORD.search(tail):
        return sentence, None
    start = _bare_start(tail.strip(), today)
    return (head, start) if start is not None else (sentence, None)


def _time_said_first(sentence: str, today: date) -> tuple[str, Clause | None]:
    """ "new school since april 13th btw, i'm at Pellworth Grammar now": a first comma-piece that says only
    when (``past_time.says_only_when``) dates what the rest of the sentence says; the rest, and that time."""
    first, comma, rest = sentence.partition(",")
    if not comma or not rest.strip() or len(first.split()) > 8:
        return sentence, None
    hit = _find_date(first, today, True)
    if hit is None or hit.ref.day > today or not past_time.says_only_when(_remove_span(first, hit.start, hit.end)):
        return sentence, None
    if not (past_time.points_back(first) or _looks_past(rest)):
        return sentence, None  # "on friday, I'm flying to Rome": ahead
    said = first[hit.start : hit.end]
    return rest.strip(), Clause("", today, hit.ref, hit.prep, date_said=said)


def _dated_by_start(drafts: list[Draft], start: Clause | None) -> list[Draft]:
    """The lasting facts of the sentence begin when the start said apart says (when no date of their own)."""
    if start is None:
        return drafts
    since = replace(start, date_prep="since")
    return [
        _dated(d, since) if d.category is not EVENT and not d.negated and d.valid_from is None else d for d in drafts
    ]


def _answer_start(reply: str, today: date) -> Clause | None:
    """The start a reply states in a piece of its own (``answer_time``), as a clause that only says when."""

    def find(piece: str) -> tuple[DateRef, str | None, int, int] | None:
        hit = _find_date(piece, today, _looks_past(piece) or piece.lower().rstrip(" !.").endswith(" now"))
        return (hit.ref, hit.prep, hit.start, hit.end) if hit else None

    when = answer_time.start_piece(reply, find)
    return Clause("", today, when, "since") if when is not None else None


# Any sign that a statement changes something: then it names no context on purpose, and may speak of
# whichever one context holds the thing ("we switched to WhatsApp" after "at home we use Signal").
_SAID_AS_CHANGE = _rx(
    r"\b(?:replac|swap|switch|chang|mov|migrat|drop|ditch|trad|instead|now\b|anymore|no\s+longer|from\b"
    r"|stopp|quit|left|gave\s+up|went\s+with|going\s+with)"
)


_MOVED_FROM = re.compile(r"\(moved from (?P<old>[^,()]{1,40})[,)]")


def _moved_tool(draft: Draft) -> Draft:
    """ "At work we moved from Ticketry to Boardly": where a workplace or a project moves from one named
    thing to another is a change of its tool (what it replaces is named, for consolidation to find)."""
    moved = _MOVED_FROM.search(draft.text) if draft.slot == "location" else None
    if moved is None or not draft.value:
        return draft
    old = moved.group("old").strip()
    if not (_tool_domain(old) or _tool_domain(draft.value)):
        return replace(draft, slot=None, text="")  # "the office moved from Berlin to Munich": not the user's home

    return replace(draft, text=f"The user now uses {draft.value} instead of {old}", slot=_tool_slot(draft.value))


def _move_off_a_tool(fact: ExtractedFact, old: str, earlier: list[ExtractedFact]) -> ExtractedFact:
    """ "we moved from ticketry to Boardly" after "our tickets live in Ticketry": what was moved from is a
    tool the user said they use, so the move is a change of that tool (on its slot), not a move of home."""
    using = [
        k for k in earlier if k.slot and _kind(k.slot) in ("tool", "own") and thing_match.names_all(old, k.slot, k.text)
    ]
    if len({k.slot for k in using}) != 1 or not fact.value:
        return fact
    [slot] = {k.slot for k in using}
    text = f"The user now uses {fact.value} instead of {old.strip()}"
    context = context_of(slot)
    if context:
        text = frames.with_context(text, context.replace("-", " "), fact.language)
    return replace(fact, slot=slot, text=text, category=FACT)


def _team_tool_said(fact: ExtractedFact, message: str) -> bool:
    """A tool the user's team uses, stated (not changed) and naming no context: "we use Postgres"."""
    return (
        not fact.negated
        and fact.language == "en"
        and (fact.slot or "").startswith("tool:")
        and context_of(fact.slot) is None
        and any(_WE_SUBJECT.match(sentence.strip()) for sentence in _sentences(message))
        and not _SAID_AS_CHANGE.search(message)
    )


def _team_tool_at_work(fact: ExtractedFact, earlier: list[ExtractedFact]) -> ExtractedFact:
    """ "We use Postgres" after "for my side project I use SQLite": a team's tool is work's, so it is spelled
    "@work" when only other contexts hold its slot (a slot naming no context would reach into the one other
    context holding it: shared.domain.slots.slot_holders); elsewhere the plain slot, work's other spelling."""
    held = {context_of(k.slot) or WORK for k in earlier if k.slot and base_slot(k.slot) == fact.slot}
    return replace(fact, slot=f"{fact.slot}@{WORK}") if held and WORK not in held else fact


_EXAMPLES = _rx(r"^(?:i\s+)?(?:like|such\s+as)\s+(?P<rest>.{1,20})")


def _without_examples(sentence: str, parts: list[str]) -> list[str]:
    """ "I keep everything in Quillpad, like recipes, meeting notes": after a clause, a part said as ", like ..."
    (without an "I") gives examples of what came before, not a taste; a taste said without its "I" opens the
    sentence or follows another ("love jazz, like techno")."""
    kept = parts[:1]
    for before, part in zip(parts, parts[1:], strict=False):
        said = _EXAMPLES.match(part.strip())
        if (
            said
            and re.search(r"(?i),\s*(?:like|such\s+as)\s+" + re.escape(said.group("rest")), sentence)
            and not _SUBJECTLESS_STANCE.match(before.strip())
        ):
            continue
        kept.append(part)
    return kept


def _foreign_clause_drafts(sentence: str, today: date, language: str, general: bool = True) -> list[Draft]:
    drafts: list[Draft] = []
    named, sentence = foreign_relatives_named.relatives_named(sentence, language)  # "tengo una hermana, se llama Eva"
    drafts.extend(Draft(text, REL, 7, slot, name) for text, slot, name in named)
    sentence = foreign_casual.partner_called(sentence, language)  # "tengo un novio que se llama Álvaro"
    if born := foreign_birthday.birthday(sentence, language):  # its date is what it says, not when it began
        drafts.append(Draft(born[0], FACT, 6, "birthday", born[1]))
        sentence = (sentence[: born[2]] + sentence[born[3] :]).strip(" ,;.")
    for clause, restored in (
        (part, fully != piece)
        for whole in frames.split_foreign_clauses(foreign_skeleton.whole_sentence(sentence, language), language)
        for piece in foreign_casual.split_at_commas(whole, language)
        for fully in (foreign_casual.said_fully(piece, language),)
        for conjunct in clauses.split_foreign_conjuncts(fully, language)
        # "pregunto porque vivo en Alicante", "en Vigo vivo", "bei Siemens arbeite ich": as the readers know them
        for plain in foreign_skeleton.clauses_of(conjunct, language)
        # "mudei para Coimbra": a move of home, not a tool
        for part in foreign_people.work_at_as(foreign_moved_home.as_reflexive(plain, language), language)
    ):
        clause = foreign_people.time_said_last(foreign_people.chat_forms(clause, language), language)
        clause = foreign_durations.said_since(clause, language)  # "llevo dos años en Vigo": since two years ago
        past = not foreign_ahead.said_ahead(clause, language)  # "ich ziehe im August nach Kiel": next August
        stated = frames.stated_date(clause, today, language, past=past)
        if stated is not None and (cut := foreign_casual.others_time_from(clause, stated.start, language)):
            # "Ich wohne in Köln, meine Schwester seit 2019": the sister's time, and the sister's clause
            clause = clause[:cut]
            stated = frames.stated_date(clause, today, language, past=past)
        body = frames.remove_span(clause, stated.start, stated.end) if stated else clause
        if stated is not None and foreign_casual.closes_a_span(body):
            continue  # "fumo dal 2010 fino al 2020": what held then and ended, not what holds now
        when: date | datetime | None = stated.day if stated else None
        clock = frames.time_of_day(body, language, clause) if stated and stated.grain == "day" else None
        if clock is not None and stated is not None:
            when = datetime.combine(stated.day, time(clock[0], clock[1]))
            body = frames.remove_span(body, clock[2], clock[3])
        body = foreign_people.chat_restored(body, language)  # "vivo en malaga", "non lavoro piu in Eni"
        body = foreign_employed.as_work(foreign_still.as_living(body, language), language)  # "sigo en Lugo"
        body = foreign_promoted.as_role(body, language)  # "me ascendieron a encargado": works as one
        if foreign_people.not_stated(body, language):
            if len(body.split()) <= 3:
                break  # "ich dachte, ich ziehe nach Bonn": what follows is what was thought
            continue  # "tengo que ir al médico", "ho sempre voluto vivere a Parigi"
        found_here = (
            _joined_employer(body, language, sentence, drafts)
            or _moved_on(body, language, drafts)  # "non abito più a Rimini, adesso sto a Cesena"
            or frames.foreign_statements(body, language)
            or [frames.ForeignDraft(*said, "fact") for said in foreign_marriage.wed(body, language)]  # "nos casamos"
            or _role_said(body, language)
            or _partner_had(body, language)
            or _skeleton_read(body, language)  # "ich studiere Informatik", "adoro il jazz"
            # A clause casual speech shortened is read by the frames only: the general layer's guesses
            # about what was left unsaid cost more than they found.
            or (_general_foreign(body, language) if general and not restored else [])
            or _present_habit(body, language)
        )
        if found_here and not any(found.slot == "occupation" for found in found_here):
            found_here = found_here + _role_said(body, language)  # "sou garçom num bar": the role and the place
        if stated is not None and stated.day > today and foreign_casual.since_before(clause, stated.start):
            # "vivo en Lima desde el año que viene": "since" a time ahead is a plan said as a state, not a
            # state that holds (a move said ahead, "ziehe nächsten Monat nach Graz", keeps its date)
            found_here = [found for found in found_here if found.kind == "event"]
            if not found_here:
                continue
        if not found_here and stated is not None and _dates_the_last(drafts, stated, body, today, language):
            # "ya no fumo, lo dejé hace un año": the short clause after a fact says when it began or ended
            drafts[-1] = _redated(drafts[-1], stated, today)
            continue
        her = foreign_people.speaks_as_woman(body, language)  # "sono fidanzata": her fact keeps the feminine
        for found in found_here:
            shown = foreign_people.as_said_by_her(found.text, language) if her else found.text
            if (found.slot or "").startswith("tool:") and (domain := _foreign_tool_domain(found.value)):
                found = replace(found, slot=f"tool:{domain}")  # "Linux Mint" and "Windows 10" are both an os
            if (found.slot or "").startswith("own:") and foreign_casual.is_partner(found.slot[4:]):
                found = replace(found, slot="partner")  # "tengo novia": a break-up ends it
            if workplace := foreign_workplace.workplace_slot(found.text, found.slot, language):
                found = replace(found, slot=workplace)  # "trabajo en un instituto": where one works, not a habit
            if (found.slot or "").startswith("habit:") and (habit := foreign_habits.habit_slot(found.text, language)):
                found = replace(found, slot=habit)  # one key per habit, whatever form said it (or ended it)
            elif (found.slot or "").startswith("habit:") and foreign_habits.light_verb_only(found.text, language):
                continue  # "ich gehe oft": going says no habit, and "habit:geh" would join every going
            if (found.slot or "").startswith("habit:") and stated is not None and stated.day > today:
                continue  # "morgen fahre ich nach Berlin": one trip ahead, not a habit
            if stated is not None and stated.day != today:
                # The stated date in the fact itself, as in English ("... (2026-04-17 09:00)").
                iso = stated.day.isoformat() if stated.grain in ("day", "week", "weekend") else stated.bare()
                stamp = iso + (f" {clock[0]:02d}:{clock[1]:02d}" if clock else "")
                shown = f"{shown} ({stamp})"
            category = {"preference": PREF, "event": EVENT}.get(found.kind, FACT)
            draft = Draft(
                shown,
                category,
                7 if found.slot in ("name", "location", "occupation", "employer") else 5,
                found.slot,
                found.value,
                found.negated,
                when,
            )
            if stated is not None:
                draft = replace(draft, valid_to=_event_end(draft, stated.day, stated.grain, today))
            drafts.append(draft)
    return drafts


def _partner_had(clause: str, language: str) -> list[frames.ForeignDraft]:
    """ "Tengo novia.": the partner slot with no name, which a later name or break-up fills or ends."""
    said = foreign_casual.partner_had(clause, language)
    return [frames.ForeignDraft(said[0], "partner", said[1], "fact")] if said else []


def _joined_employer(clause: str, language: str, sentence: str, before: list[Draft]) -> list[frames.ForeignDraft]:
    """The second half of a job change: "sono entrato in Eni", "j'ai rejoint Free"; "ahora estoy en Indra"
    only once the same sentence left an employer or speaks of a job. And one thing given up for another
    ("ho lasciato Excel per Numbers"), which a plain "left" would read as a job ended."""
    if swapped := foreign_casual.left_for(clause, language, sentence, _foreign_tool_domain):
        return [frames.ForeignDraft(text, slot, value, "fact", negated) for text, slot, value, negated in swapped]
    said = foreign_casual.joined(clause, language, sentence)
    if said is None and (
        any(d.negated and d.slot == "employer" for d in before) or foreign_casual.speaks_of_a_job(sentence)
    ):
        said = foreign_casual.now_at(clause, language)  # "cambié de trabajo, ahora estoy en Iberdrola"
    if said is None or _foreign_tool_domain(said[2]):
        return []
    return [frames.ForeignDraft(said[0], said[1], said[2], "fact")]


def _moved_on(clause: str, language: str, before: list[Draft]) -> list[frames.ForeignDraft]:
    """The new home said as "now I am in X", once the same sentence ended the old one."""
    said = foreign_casual.now_in(clause, language) if any(d.negated and d.slot == "location" for d in before) else None
    return [frames.ForeignDraft(said[0], said[1], said[2], "fact")] if said else []


def _skeleton_read(clause: str, language: str) -> list[frames.ForeignDraft]:
    """Studying a subject, adoring a thing, managing one's things with a named tool, which the frames do not read
    (the general layer would make them habits)."""
    said = (
        foreign_skeleton.studied(clause, language)
        or foreign_skeleton.adored(clause, language)
        or foreign_skeleton.done_with(clause, language)
        or foreign_skeleton.no_more(clause, language)
        or foreign_skeleton.condition(clause, language)
        or foreign_skeleton.favourite(clause, language)
        or foreign_skeleton.german_taste(clause, language)
    )
    return [frames.ForeignDraft(*said)] if said else []


def _role_said(clause: str, language: str) -> list[frames.ForeignDraft]:
    """ "adesso sono commessa", "je suis directeur d'école": a role is the occupation."""
    said = foreign_casual.role(clause, language)
    return [frames.ForeignDraft(said[0], "occupation", said[1], "fact")] if said else []


def _present_habit(clause: str, language: str) -> list[frames.ForeignDraft]:
    """ "fumo", "je nage beaucoup", "corro maratonas": an activity's plain present, which no frame reads
    without a rhythm, is a habit (its ending, "ho smesso di fumare", finds it by the same key)."""
    if foreign_clauses.imagined(clause, language):
        return []
    if (quit := foreign_casual.quit_consumed(clause, language)) and (
        slot := foreign_habits.habit_slot(quit[0], language)
    ):
        return [frames.ForeignDraft(quit[0], slot, quit[1], "fact", True)]  # "dejé el café": the habit ends
    said = foreign_habits.habit_present(clause, language)
    return [frames.ForeignDraft(said[0], said[1], said[2], "fact")] if said else []


def _dates_the_last(before: list[Draft], stated: frames.StatedDate, rest: str, today: date, language: str) -> bool:
    """Whether a time said on its own dates the fact before it. A time ahead ("el año que viene", "seit
    nächstem Monat") is a plan, never when a fact began: the fact keeps the message's time."""
    last = before[-1] if before else None
    return (
        last is not None
        and last.valid_from is None
        and stated.day <= today
        and foreign_casual.dates_the_last(rest, language)
    )


def _redated(draft: Draft, stated: frames.StatedDate, today: date) -> Draft:
    iso = stated.day.isoformat() if stated.grain in ("day", "week", "weekend") else stated.bare()
    dated = replace(draft, text=f"{draft.text} ({iso})", valid_from=stated.day)
    return replace(dated, valid_to=_event_end(dated, stated.day, stated.grain, today))


def _foreign_tool_domain(name: str) -> str | None:
    return _tool_domain(name) or _tool_domain(re.sub(r"\s+v?\d[\w.]*$", "", name))


def _general_foreign(clause: str, language: str) -> list[frames.ForeignDraft]:
    """The general layer for German and the Romance languages: a first-person clause no frame read,
    in the third person, when the clause classifier calls it a durable fact."""
    if foreign_skeleton.named_other(clause, language):
        return []  # "Pablo se mudó a Londres": Pablo's move, though "Pablo" ends like "hablo"
    subject = frames.subject_for(language)
    statement = clauses.rewrite_foreign(clause, language, subject, frames.third_person_verb)
    if statement is None or len(statement.rest.split()) > _GENERAL_MAX_WORDS:
        return []
    if _FOREIGN_DENIAL & set(statement.rest.lower().split()):
        return []  # "Ich wohne nicht in Köln": a denial read as a positive fact would be a wrong one
    if language == "fr" and statement.rest.lower().startswith("plus "):
        return []  # "je mange plus de viande": chat drops "ne", so "more meat" or "no more meat"; said neither way
    key = clauses.thing_key(statement.rest, 2)
    verdict = clause_classifier.classify(statement.said, _PRESENT_CLASSES)
    if not key or not verdict.is_("fact", GENERAL_FOREIGN_FACT_CONFIDENCE):
        return []
    if statement.base in _FOREIGN_HAVE:
        slot = f"own:{key}"  # "Ich habe einen Hund", "Tengo una moto": a belonging, as in English
    elif statement.base in _FOREIGN_BE:
        slot = f"trait:{key}"
    else:
        stem = statement.base[:-1] if language != "fr" else statement.base
        slot = f"habit:{_slug(stem + ' ' + key)}"
    return [frames.ForeignDraft(statement.text, slot, statement.rest, "fact")]


_FOREIGN_DENIAL = frozenset(
    ("nicht", "kein", "keine", "keinen", "keinem", "keiner", "nie", "niemals", "pas", "jamais", "non", "nunca", "mai")
)
_FOREIGN_HAVE = frozenset(("habe", "tengo", "ho", "tenho", "ai"))
_FOREIGN_BE = frozenset(("bin", "soy", "sono", "sou", "suis"))


def _day_of(when: date | datetime | None) -> date:
    """The day of a stated time, for order only; no stated time sorts after every stated one."""
    if when is None:
        return date.max
    return when.date() if isinstance(when, datetime) else when


def _supersede(drafts: list[Draft]) -> list[Draft]:
    """Within one message, the last word on a slot is the user's word on it. A retraction of
    another value stays before it: "I left Siemens in May and joined Bosch" ends Siemens in May. A slot
    that holds many values at once (habits, likes, events) keeps each value said."""
    last = {d.slot: i for i, d in enumerate(drafts) if d.slot}
    kept = []
    for i, d in enumerate(drafts):
        final = drafts[last[d.slot]] if d.slot else d
        other_value = (d.value or "").lower() != (final.value or "").lower()
        ends_another = d.negated and not final.negated and other_value
        also_held = is_multi_valued(d.slot) and other_value and d.negated == final.negated
        # "moved to Leeds in 2019 and to York in 2022": Leeds was true from its own date until York's;
        # kept, it goes into history (consolidation ends it at the later date) instead of vanishing.
        earlier = not d.negated and other_value and _day_of(d.valid_from) < _day_of(final.valid_from)
        if not d.slot or last[d.slot] == i or ends_another or also_held or earlier:
            kept.append(d)
    return kept


# Slots of the people around the user: a reply about one of them may say these.
_OTHERS_SLOTS = ("family:", "person:", "partner")


def _turn_facts(turn: Turn, previous: Turn | None) -> tuple[ExtractedFact, ...]:
    """One turn's facts, cached: a turn is read again as the context of the turns after it (its facts are
    what a later change or retraction is compared with), and the rules are pure. The key spells the time
    out with its offset: two equal instants in two time zones are two different days to the rules."""
    return _cached_turn_facts(turn, previous, turn.created_at.isoformat())


@lru_cache(maxsize=4096)
def _cached_turn_facts(turn: Turn, previous: Turn | None, _stamp: str) -> tuple[ExtractedFact, ...]:
    return tuple(_facts_from_turn(turn, previous))


def _facts_from_turn(turn: Turn, previous: Turn | None) -> list[ExtractedFact]:
    text = _read(turn.content)
    if detect_language(text) == "en":
        asker = previous is not None and (previous.role == "assistant" or previous.name != turn.name)
        other = _read(previous.content) if previous is not None and asker else None
        # before the chat forms: a job heading ("big news:") makes a bare role the user's, and they cut it
        text = work_forms.role_said_bare(work_forms.compounds_joined(text), _is_occupation)
        text = talk.still_at(talk.casual_forms(talk.degree_field(talk.relatives_named(life.name_joined(text)))), other)
        text = talk.diagnosed(
            talk.baby_named(talk.named_after_comma(talk.work_as_subject(talk.wheels_named(text)))), other
        )
        text = talk.there_named(text, other)  # "moving there": the one place named before
        text = said_forms.in_earnest(said_forms.plain_states(said_forms.plain_changes(text, turn.created_at.date())))
        text = homes.said_plainly(
            text, other
        )  # "packed up and went to X", "born in X, living in Y now", "X's been home"
        text = promotions.said_plainly(text)  # "they made me head of design", "got bumped up to senior analyst"
    today = turn.created_at.date()
    asked = previous is not None and (
        previous.role == "assistant" or bool(previous.name and turn.name and previous.name != turn.name)
    )
    if asked and previous is not None:
        text = chat_questions.echo_dropped(_read(previous.content), text)  # "Leeds? yeah": the yeah answers
    if asked and previous is not None and previous.role != "assistant":
        # "did you sell the caravan?" / "yeah sold it": the "it" that ended is the thing asked about
        text = answers.resolve_ended_it(_read(previous.content), text) or text
        # "how's the job?" / "quit! last day was friday": what ended is the thing asked after
        text = answers.resolve_bare_ending(_read(previous.content), text) or text
        # "I finished the book you recommended": the "you" is the other speaker, by name
        text = talk.name_the_listener(text, previous.name)
    answer = _YES_FIRST.match(text)
    reply = text  # as said: "yeah, cardiology" answers "what are you specialising in?" with what follows the yeah
    confirmed: list[Draft] = []
    # "still in Paris? how's the trip" / "yes, till sunday": a yes to a stay confirms nothing lasting
    passing = asked and previous is not None and "still" in previous.content.lower()
    passing = passing and answer_time.stay_ends(_read(previous.content), text)
    if asked and answer and not (_CONFIRM.match(text) or _DENY.match(text)):
        # "No, I moved to Bergen": the statement says it all; "yep, 6 years now": the yes does;
        # "yep, but I'm moving to Cardiff": both the yes and the statement do.
        language = detect_language(text)
        if language == "und" or not _drafts_from_text(text[answer.end() :], today, language):
            text = "" if passing else answer.group("yes").rstrip(" ,!.")  # "haha yes": the yes
        elif (
            not passing
            and previous is not None
            and _CONFIRM.match(answer.group("yes"))
            and detect_language(previous.content) == "en"
        ):
            statement = _statement_from_question(_read(previous.content), denied=False, anymore=False)
            confirmed = _drafts_from_text(statement, today, "en") if statement and language == "en" else []
        elif previous is not None and talk.ended_first(text) and detect_language(previous.content) == "en":
            # "you still doing the choir thing?" / "nah not anymore, joined a derby team": the ending, then the news
            statement = _statement_from_question(_read(previous.content), denied=True, anymore=True)
            confirmed = _drafts_from_text(statement, today, "en") if statement and language == "en" else []
    if previous is not None and asked and (_CONFIRM.match(text) and not passing or _DENY.match(text)):
        question = _read(previous.content)
        if detect_language(question) != "en" and not answers.asks_in_english(question):
            question = ""  # unread; "jonas do u still swim" (guessed Portuguese) is still read by its fragments
        denied = bool(_DENY.match(text))
        statement = _statement_from_question(question, denied=denied, anymore=bool(_ANYMORE.search(text)))
        language, drafts = "en", (_drafts_from_text(statement, today, "en") if statement else [])
    else:
        language = detect_language(text)
        drafts = [] if language == "und" else confirmed + _drafts_from_text(text, today, language)
    # "Where are you from?" / "Norway, originally.": a fragment says what the question asked.
    answered = (
        answers.statement_from_answer(_read(previous.content), reply)
        if asked
        and previous is not None
        and (detect_language(previous.content) == "en" or answers.asks_in_english(_read(previous.content)))
        else None
    )
    if asked and not answered and not drafts and previous is not None and detect_language(previous.content) == "en":
        answered = answers.counted_reply(_read(previous.content), reply)  # "get a parrot!" / "I have two"
    if asked and not answered and previous is not None and previous.role != "assistant":
        answered = answers.still_replaced(_read(previous.content), reply)  # "still in Bergen?" / "Oslo now"
    asked_in = detect_language(previous.content) if asked and not answered and not drafts and previous else "en"
    if asked_in != "en" and (said := foreign_answers.statement_from_answer(_read(previous.content), reply, asked_in)):
        language, drafts = asked_in, _drafts_from_text(said, today, asked_in)  # "wo wohnst du?" / "in Jena"
    if answered and not drafts:
        language, drafts = "en", _drafts_from_text(answered, today, "en")
    elif answered and language == "en":
        drafts = _with_answer(drafts, _drafts_from_text(answered, today, "en"))
    language, drafts = _with_fragments(reply, previous, asked, drafts, language, today)
    undated = any(d.valid_from is None and not d.negated and d.category is not EVENT for d in drafts)
    if asked and undated and len(reply) < 160:
        drafts = _dated_by_start(drafts, _answer_start(reply, today))  # "at Ikea, since March": the answer's start
    if asked and previous is not None and answers.about_someone_else(_read(previous.content), reply):
        drafts = [d for d in drafts if d.slot and d.slot.startswith(_OTHERS_SLOTS)]  # "your sister?" / "climbing"
    return [
        ExtractedFact(
            text=d.text,  # "The user" until the request's facts are settled (``_speakers_named``)
            category=d.category,
            importance=d.importance,
            valid_from=_valid_from(d, turn),
            source_event_ids=(turn.event_id,),
            language=language,
            slot=d.slot,
            value=d.value,
            negated=d.negated,
            valid_to=datetime.combine(d.valid_to, time.min, tzinfo=turn.created_at.tzinfo) if d.valid_to else None,
        )
        for d in _supersede(drafts)
    ]


def _with_answer(drafts: list[Draft], answered: list[Draft]) -> list[Draft]:
    """A reply's own clauses and what its opening fragment answers ("Brightwave, the solar startup. been there
    since feb"): the answer first, then each clause's fact on a slot the answer did not fill."""
    filled = {d.slot for d in answered}
    # (a "no" said of the old value stays: "nope, Oslo now" ends Bergen and starts Oslo)
    kept = [d for d in drafts if (d.negated or d.slot not in filled) and not _THERE_SAID.search(d.text)]
    return [d for d in drafts if d.negated and d in kept] + answered + [d for d in kept if not d.negated]


def _with_fragments(
    reply: str, previous: Turn | None, asked: bool, drafts: list[Draft], language: str, today: date
) -> tuple[str, list[Draft]]:
    """The reply's own facts and what its verbless fragments say ("im 31, night shift paramedic", "new job: barista
    at Plover", "day 40 without a cigarette", "*Lisbon"; fragments.py), each on a slot the reply's clauses did not
    fill. ``previous`` is the other's turn it answers when ``asked``, else the same speaker's turn before it."""
    if language not in ("en", "und") and drafts:
        return language, drafts  # a short fragment is often guessed another language ("new city: Porto")
    other = _read(previous.content) if previous is not None and asked else None
    before = _read(previous.content) if previous is not None and not asked and previous.role == "user" else None
    said = fragments.statements(reply, other, previous.name if other else None, before)
    filled = {d.slot for d in drafts}
    added = []
    told = " ".join(d.text.lower() for d in drafts)  # a value the reply's own facts already say adds nothing
    for draft in (d for statement in said for d in _drafts_from_text(statement, today, "en")):
        if draft.slot not in filled and not (draft.value and draft.value.lower() in told):
            filled.add(draft.slot)
            added.append(draft)
    return ("en", drafts + added) if added else (language, drafts)


# "been there since feb" after the answer: "there" is the place just answered, and a fact of "there" says nothing.
_THERE_SAID = _rx(
    r"\b(?:been|be|is|am|are|was|lives?|living|works?|working|moving|moved|going|went)\s+(?:over\s+)?there\b"
)


def _valid_from(draft: Draft, turn: Turn) -> datetime:
    """The stated date (start of the day, or the stated clock time, in the message's timezone),
    else the message's time."""
    stated = draft.valid_from
    if isinstance(stated, datetime):
        return stated.replace(tzinfo=turn.created_at.tzinfo)
    if stated is None or stated == turn.created_at.date():
        return turn.created_at
    return datetime.combine(stated, time.min, tzinfo=turn.created_at.tzinfo)


def _key(fact: ExtractedFact) -> tuple[str, str | None, bool]:
    return re.sub(r"\s+", " ", fact.text.lower()).rstrip(" .!?;:,"), fact.slot, fact.negated


def extract_facts(request: ExtractionInput) -> list[ExtractedFact]:
    """Facts the user stated (or confirmed) in ``request.new_turns``, in order, each once per turn. A fact
    said again in a later turn is that turn's fact too, as it would be if the turns came in two requests
    (consolidation finds it known): what a turn yields never depends on which turns share its request."""
    facts = talk.without_residue(_extract(request, _SETTLE_DEPTH))  # chat said in passing (chat_residue)
    facts = talk.names_known(facts, {t.event_id: t.name for t in request.new_turns if t.name})  # "this is Bo"
    facts = _well_formed(_speakers_named(facts, request))
    facts = foreign_gender.as_hers(_worth_keeping(facts, request), {t.event_id: t.content for t in request.new_turns})
    facts = [ended_activities.said_stopped(f) for f in facts]  # "has stopped vaping", as the habit is named
    return _speakers_slots(facts, request)


def _speakers_named(facts: list[ExtractedFact], request: ExtractionInput) -> list[ExtractedFact]:
    """Each named speaker's facts say the speaker's name ("Maya moved to Leeds"), done once, after the request's
    facts are settled: every form before (the change forms, the slots made from a fact's text, the look-back at
    the speaker's earlier turns) reads "The user", whoever spoke, so none of them needs to know about names."""
    names = {t.event_id: t.name for t in request.new_turns if t.name}
    if not names:
        return facts
    return [
        replace(f, text=frames.name_speaker(f.text, f.language, name))
        if f.source_event_ids and (name := names.get(f.source_event_ids[0]))
        else f
        for f in facts
    ]


def _well_formed(facts: list[ExtractedFact]) -> list[ExtractedFact]:
    """Each fact without what chat added after it, and only the facts that read as facts: a fragment the
    rules cut wrongly ("loves love theme", "works at the shipyard has been mad") is dropped, not stored."""
    kept = []
    for fact in facts:
        text = well_formed.trimmed(fact.text, fact.language)
        if well_formed.is_well_formed(text, fact.language, negated=fact.negated):
            slot = (
                _slot_without(fact.slot, worth_keeping.cut_words(fact.text, text)) if text != fact.text else fact.slot
            )
            kept.append(replace(fact, text=text, slot=slot) if text != fact.text else fact)
    return kept


def _worth_keeping(facts: list[ExtractedFact], request: ExtractionInput) -> list[ExtractedFact]:
    """Only the facts worth storing as the speaker's (worth_keeping): a comment or a "now" a cut left is cut (and
    from the slot too); a passing state, a chore, an organisation said as the user, a pointing object, a boast
    mocked, a request to the assistant or a daydream is dropped."""
    if not facts:
        return facts
    said = {t.event_id: t.content for t in request.new_turns}
    kept = []
    for fact in facts:
        text = worth_keeping.repaired(fact.text, fact.language)
        if text != fact.text and not well_formed.is_well_formed(text, fact.language, negated=fact.negated):
            text = fact.text
        if text != fact.text:
            slot = _slot_without(fact.slot, worth_keeping.cut_words(fact.text, text))
            if adverb := worth_keeping.adverb_read_as_verb(fact.text):
                slot = worth_keeping.adverb_slot(fact.slot, *adverb)
            fact = replace(fact, text=text, slot=slot)
        message = said.get(fact.source_event_ids[0], "") if fact.source_event_ids else ""
        if message and (cased := worth_keeping.cased_as_said(text, message)) != text:
            fact = replace(fact, text=cased)
            text = cased
        if fact.language == "en" and not fact.negated:
            # said of the user, meant of something else: restated as what it is about
            restated = worth_keeping.as_the_users_organisation(text, fact.slot) or (
                message
                and worth_keeping.message_cues(message)
                and (
                    worth_keeping.organisation_did(message, text, fact.slot)
                    or worth_keeping.asked_of_assistant(message, text)
                )
            )
            if restated:
                fact = replace(fact, text=restated[0], slot=restated[1])
                text = fact.text
        if not worth_keeping.worth_keeping(text, fact.slot, fact.language, fact.negated):
            continue
        if (
            fact.language == "en"
            and message
            and worth_keeping.message_cues(message)
            and (worth_keeping.mocked_boast(message, text) or worth_keeping.unsettled(message, fact.value, text))
        ):
            continue
        slot = worth_keeping.reslotted(fact.text, fact.slot)
        kept.append(fact if slot == fact.slot else replace(fact, slot=slot))
    return kept


def _slot_without(slot: str | None, cut: list[str]) -> str | None:
    """A slot made from a fact's words without the words a repair cut from its end ("habit:playing-oud-been")."""
    if not slot or not cut:
        return slot
    kind, _, key = slot.partition(":")
    parts = key.split("-")
    while len(parts) > 1 and parts[-1] in cut:
        parts.pop()
    return f"{kind}:{'-'.join(parts)}" if key else slot


def _speakers_slots(facts: list[ExtractedFact], request: ExtractionInput) -> list[ExtractedFact]:
    """Each named speaker's facts on that speaker's slots (slots.with_speaker), so that in a two-person log
    one speaker's statement never replaces the other's. Done last: the rules within a request compare one
    speaker's turns only, on speakerless slots."""
    names = {t.event_id: t.name for t in request.new_turns if t.name}
    if not names:
        return facts
    return [
        replace(f, slot=with_speaker(f.slot, names.get(f.source_event_ids[0]))) if f.source_event_ids else f
        for f in facts
    ]


# How many earlier turns' own changes are settled before a turn's are: the earlier facts a change is
# compared with are settled too ("traded the Kia" finds the Kia where the turn before put it), one level
# deep, which keeps the look-back's cost bounded.
_SETTLE_DEPTH = 2


def _extract(request: ExtractionInput, depth: int) -> list[ExtractedFact]:
    facts: list[ExtractedFact] = []
    previous: Turn | None = request.context_turns[-1] if request.context_turns else None
    history = list(request.context_turns)
    for turn in request.new_turns:
        seen: set[tuple[str, str | None, bool]] = set()
        if turn.role == "user" and not _in_play(turn, history) and not _in_assistant_play(turn, history):
            for fact in _guarded(turn, _kin_turn_facts(turn, history, previous), history):
                if _key(fact) not in seen:
                    seen.add(_key(fact))
                    facts.append(fact)
        previous = turn
        history.append(turn)
    if depth <= 0:
        return facts
    if any((f.slot or "").startswith("*:") for f in facts):
        facts = _resolve_named(facts, request, depth)
    facts = _named_later(facts, request, depth)
    return _settle_changes(facts, request, depth)


def _in_play(turn: Turn, before: list[Turn]) -> bool:
    """A turn said inside a game or role-play set up in the context's turns is the character's, not the
    user's (said_forms.in_play)."""
    return said_forms.in_play(turn.content, [t.content for t in before[-LOOKBACK_TURNS:]])


# A work word near a joining: "joined Google as an engineer", "joined Acme's data team", "left Nokia and joined
# Ericsson". Without one, "joined Reddit" / "joined Strava" is a sign-up or a membership, not a job.
_WORK_NEAR = _rx(
    r"\b(?:team|company|startup|start-up|firm|job|work|working|position|role|staff|agency|studio|lab|department"
    r"|office|hired|employer|career|contract|intern|internship|colleagues?|left|quit|engineer|developer|designer"
    r"|manager|analyst|consultant|scientist|researcher|as\s+(?:a|an|the|their|its|our|head|lead|senior|junior))\b"
)
# What one joins as a user, not as staff: social networks, forums, and apps for fitness, learning, dating,
# music and games. Joining one of them with no work word near is a sign-up, never a job.
_ONLINE_SERVICES = frozenset(
    [
        "reddit",
        "twitter",
        "facebook",
        "instagram",
        "tiktok",
        "snapchat",
        "linkedin",
        "mastodon",
        "bluesky",
        "threads",
        "tumblr",
        "pinterest",
        "discord",
        "slack",
        "whatsapp",
        "telegram",
        "signal",
        "wechat",
        "youtube",
        "twitch",
        "substack",
        "medium",
        "quora",
        "goodreads",
        "letterboxd",
        "strava",
        "garmin",
        "fitbit",
        "peloton",
        "zwift",
        "komoot",
        "alltrails",
        "myfitnesspal",
        "duolingo",
        "babbel",
        "memrise",
        "busuu",
        "coursera",
        "udemy",
        "edx",
        "tinder",
        "bumble",
        "hinge",
        "grindr",
        "okcupid",
        "spotify",
        "netflix",
        "soundcloud",
        "bandcamp",
        "steam",
        "xbox",
        "playstation",
        "nintendo",
        "roblox",
        "minecraft",
        "chess.com",
        "lichess",
        "github",
        "gitlab",
        "stackoverflow",
        "patreon",
        "kickstarter",
        "etsy",
        "ebay",
        "vinted",
        "airbnb",
        "couchsurfing",
        "meetup",
        "nextdoor",
    ]
)
_MEMBERSHIP_NEAR = _rx(
    r"\b(?:signed\s+up|sign\s+up|account|app|platform|community|server|subreddit|forum|group\s+chat|waitlist"
    r"|beta|newsletter|membership|subscription|followers?|profile|username)\b"
)
_SENTENCE_BREAK = re.compile(r"(?<=[.!?;])\s+|\n+")
# The speaker spoke of a job before: "I work at Spotify." ... "I just joined Shopify!" is a new job.
_WORK_SAID_BEFORE = _rx(
    r"\b(?:work(?:s|ed|ing)?\s+(?:at|for|as)|my\s+(?:job|employer|company|boss|manager|colleagues?)|employed|hired"
    r"|new\s+job|job\s+(?:at|offer|hunt|search)|quit|resign(?:ed)?|interview(?:ed|ing)?)\b"
)
# What makes a leaving a move: a move or a new home in the sentence, or an age ("when I was 10").
_MOVED_AWAY = _rx(
    r"\b(?:moved|moving|relocated|relocating|emigrated|immigrated|live|living|settled)\b"
    r"|\bwhen\s+i\s+was\s+(?:\d+|a\s+(?:kid|child|baby|teen(?:ager)?))\b|\bas\s+a\s+(?:kid|child|baby|teen(?:ager)?)\b"
)
# "..., but I quit last week": an ending said after a running state, with nothing after it but its time.
_LATER_ENDING = _rx(
    r"[,;]?\s+(?:but|and|then)\s+(?:then\s+)?(?:(?P<who>i|he|she|they)\s+)?(?:just\s+|finally\s+|recently\s+|eventually\s+)?"
    r"(?:quit|stopped|gave\s+(?:it\s+)?up|left|dropped\s+(?:it|out)|packed\s+it\s+in)"
    r"(?:\s+(?:it|that|there|the\s+job))?(?P<when>\s+[^,.;!?]*)?\s*$"
)
# "I stopped by the shop", "stopped at the petrol station", "my team lost the final": a visit and a lost game.
_NO_ENDING = _rx(
    r"^The user (?:(?:had\s+)?stopped\s+(?:by|at|in|off|for|over|round|on\s+the\s+way)\b"
    r"|lost\s+(?:the|a|an|our|their|his|her|my)\s+(?:[\w-]+\s+)?(?:final|match|game|race|tournament|cup|league|derby"
    r"|vote|election|bet|argument|toss|fight|battle|semi-?final|quarter-?final|playoffs?)s?\b)"
)
# "The user stopped caring", "stopped looking", "dropped out": a stop with no habit or thing named ends nothing
# the slots know (a habit's ending, "stopped running", is on a habit slot, not a guessed "*:" one).
_BARE_STOP = _rx(
    r"^The user (?:stopped\s+\w+ing|dropped\s+out|gave\s+up|quit)(?:\s+(?:now|it|that))?(?:\s*\([^()]*\))?\W*$"
)
# "I almost joined a startup", "I nearly moved to Leeds": what almost happened did not.
_ALMOST = _rx(r"^The user (?:almost|nearly)s?\b")
# "joined a startup called Flux's waitlist": the org's thing, not the org; "Acme's data team" is work.
_ORGS_THING = _rx(r"'s\s+(?!(?:[\w-]+\s+)?(?:team|lab|labs|office|studio|department|division|group)\b)(?-i:[a-z])")
_SOMEONE_ELSES = _rx(r"^The user's (?P<who>[a-z]+(?:'s)?(?:[ -][a-z]+)?) (?!is\b|was\b|has\b|are\b|name\b)")


def _guarded(turn: Turn, facts: list[ExtractedFact], before: list[Turn]) -> list[ExtractedFact]:
    """The turn's facts without the readings that are known wrong: a sign-up read as a job, a move read as a
    job ending, someone else's fact on the user's slot, a visit or a lost game read as an ending; and a
    running state ended later in its sentence ("working at X since 2019 but I quit last week") ended."""
    text = _read(turn.content)
    worked = any(
        t.role == "user" and t.name == turn.name and _WORK_SAID_BEFORE.search(t.content)
        for t in before[-LOOKBACK_TURNS:]
    )
    sentences = [s for s in _SENTENCE_BREAK.split(text) if s.strip()]
    kept = []
    for fact in facts:
        if fact.negated and (
            _NO_ENDING.match(fact.text) or ((fact.slot or "").startswith("*:") and _BARE_STOP.match(fact.text))
        ):
            continue
        if _ALMOST.search(fact.text):
            continue
        if fact.slot == "employer" and not fact.negated and _ORGS_THING.search(fact.value or ""):
            continue
        said = _sentence_naming(fact, sentences)
        if fact.slot == "employer" and said and not worked and not _employment_said(fact, said):
            continue
        fact = _on_its_owners_slot(fact)
        if fact is None:
            continue
        fact = _ended_later(fact, said, turn) if said and not fact.negated else fact
        if fact is not None:
            kept.append(fact)
    return kept


def _sentence_naming(fact: ExtractedFact, sentences: list[str]) -> str | None:
    """The sentence of the turn that names the fact's value (None when no one sentence does)."""
    value = (fact.value or "").strip()
    if not value:
        return sentences[0] if len(sentences) == 1 else None
    named = [s for s in sentences if _names(s, value)]
    return named[0] if len(named) == 1 else None


def _names(sentence: str, value: str) -> bool:
    """Whether ``sentence`` names ``value`` after a word boundary (``\\b``), in any case. ASCII text is searched
    without a pattern: one built per value would be compiled anew for almost every fact."""
    if not (sentence.isascii() and value.isascii()):
        return re.search(rf"\b{re.escape(value)}", sentence, re.IGNORECASE) is not None
    text, wanted = sentence.lower(), value.lower()
    starts_word = _ascii_word(wanted[0])
    at = text.find(wanted)
    while at != -1:
        if (at > 0 and _ascii_word(text[at - 1])) != starts_word:  # a boundary between the two characters
            return True
        at = text.find(wanted, at + 1)
    return False


def _ascii_word(char: str) -> bool:
    return char.isalnum() or char == "_"


def _employment_said(fact: ExtractedFact, sentence: str) -> bool:
    """Whether a joining or leaving of ``fact.value`` in ``sentence`` is about work: joining needs a work word
    near it; leaving a place the sentence moves away from is a move."""
    value = re.escape(fact.value or "")
    if not fact.negated and re.search(rf"\bjoin(?:ed|ing|s)?\s+(?:the\s+)?{value}\b", sentence, re.IGNORECASE):
        rest = re.sub(rf"\b{value}\b", " ", sentence, flags=re.IGNORECASE)
        if _WORK_NEAR.search(rest) or _WORK_NEAR.search(fact.value or ""):
            return True
        # A bare "joined Stripe" stays a job (a company is what one mostly joins by name); an online service
        # or a sentence about an account or a community is a sign-up.
        if _MEMBERSHIP_NEAR.search(rest):
            return False
        return (fact.value or "").lower() not in _ONLINE_SERVICES or _product_joined_then(fact, sentence)
    if fact.negated and re.search(rf"\bleft\s+{value}\b", sentence, re.IGNORECASE) and _MOVED_AWAY.search(sentence):
        rest = re.sub(rf"\bleft\s+{value}\b", " ", sentence, flags=re.IGNORECASE)
        return bool(_WORK_NEAR.search(rest))
    return True


# Of the services above, the communities one joins as a member (a network, a forum, a game or dating platform). The
# others are products one signs up to: "joined" one of them, by its capital and at a stated time ("I joined Spotify
# in 2022"), is a job there.
_COMMUNITIES = _vocab("""
    reddit, twitter, facebook, instagram, tiktok, snapchat, linkedin, mastodon, bluesky, threads, tumblr, pinterest,
    discord, slack, whatsapp, telegram, signal, wechat, youtube, twitch, substack, medium, quora, goodreads,
    letterboxd, strava, komoot, alltrails, tinder, bumble, hinge, grindr, okcupid, steam, xbox, playstation, roblox,
    minecraft, chess.com, lichess, github, gitlab, stackoverflow, patreon, kickstarter, couchsurfing, meetup, nextdoor
""")


def _product_joined_then(fact: ExtractedFact, sentence: str) -> bool:
    value = fact.value or ""
    return value.lower() not in _COMMUNITIES and value[:1].isupper() and value in sentence and "(since " in fact.text


def _on_its_owners_slot(fact: ExtractedFact) -> ExtractedFact | None:
    """A fact about the user's boss or wife ("the user's boss uses Windows") on that person's slot, never on
    the user's own (it would replace the user's OS); None when the person has no slot of their own."""
    m = _SOMEONE_ELSES.match(fact.text)
    if m is None or not fact.slot:
        return fact
    words = m.group("who").replace("'s", " ").split()
    owner = next((o for w in (*reversed(words), " ".join(words)) if (o := _relative_slot(f"my {w}"))), None)
    if owner is None:
        return fact
    if fact.slot.startswith(("family:", "person:", "partner", "pet:", "event:", "own:")):
        return fact
    if fact.slot.startswith("*:"):
        # "*:grandpa" names the relative (their death, resolved later); "*:smoking" is the relative's habit,
        # which must not end the user's own.
        if any(w in fact.slot for w in words):
            return fact
        return replace(fact, slot=f"{owner}:{fact.slot[2:]}")
    return replace(fact, slot=f"{owner}:{fact.slot}")


def _ended_later(fact: ExtractedFact, sentence: str, turn: Turn) -> ExtractedFact | None:
    """A running state the same sentence ends after it ("I've been working at Spotify since 2019 but I quit
    last week") is ended, at the ending's time: the ending wins over the start. One ended after a length
    ("but left after a month") is dropped: it ended, at no time said."""
    value = (fact.value or "").strip()
    m = _LATER_ENDING.search(sentence)
    if m is None or not value or not re.search(rf"\b{re.escape(value)}", sentence[: m.start()], re.IGNORECASE):
        return fact
    someone_else = fact.text.startswith("The user's ")
    if (m.group("who") or "i").lower() != "i" and not someone_else:
        return fact  # "I've worked at X since 2019 but she quit": someone else's ending
    if someone_else:
        return None  # "my son has been at Google since 2019 but he quit last week": said of no one now
    when = (m.group("when") or "").strip()
    today = turn.created_at.date()
    if re.match(r"after\b", when, re.IGNORECASE):
        return None
    hit = _find_date(f" {when}", today, True) if when else None
    if when and (hit is None or _remove_span(f" {when}", hit.start, hit.end).strip()):
        return fact  # "but I quit smoking": something else ended
    text = re.sub(r"\s*\([^()]*\)\s*$", "", fact.text)
    if text.startswith("The user is "):
        text = text.replace("The user is ", "The user is no longer ", 1)
    elif text.startswith("The user ") and not text.startswith("The user's "):
        text = text.replace("The user ", "The user no longer ", 1)
    else:
        return fact
    ended = turn.created_at
    if hit is not None and hit.ref.day <= today:
        text += f" (since {hit.ref.bare()})"
        ended = datetime.combine(hit.ref.day, time.min, tzinfo=turn.created_at.tzinfo)
    return replace(fact, text=text, negated=True, valid_from=ended, valid_to=None)


# An assistant turn that casts the user in a role or opens a game or story: "You are a knight.", "Let's
# role-play: you play the detective", "You wake up in a dark cave". A compliment ("you are a genius") is no role.
_ASSISTANT_SETS_PLAY = _rx(
    r"(?:^|[.!?:]\s+)\W*(?:(?:ok(?:ay)?|alright|great|sure)\W+)?(?:you\s+are|you'?re)\s+(?:now\s+)?(?:a|an)\s+"
    r"(?!(?:great|good|fast|quick|natural|real|true|genius|star|legend|champ|pro|lifesaver|gem|lucky)\b)"
    r"[a-z]+(?:\s+[a-z]+)?\s*[.!,;]"
    r"|\blet'?s\s+(?:pretend|imagine|role-?play|play\s+(?:a\s+)?(?:role|pretend|make-?believe))\b|\b(?:you\s+(?:play|will\s+play)\s+(?:as\s+|the\s+role\b))"
    r"|\bin\s+this\s+(?:game|story|role-?play|adventure|scenario)\b|\byou\s+(?:find\s+yourself|wake\s+up\s+in)\b"
    r"|\byour\s+(?:quest|mission|character)\s+is\b|\bi(?:'ll|\s+will)?\s+(?:be|am)\s+the\s+(?:narrator|dungeon\s+master"
    r"|game\s+master|storyteller)\b|\bonce\s+upon\s+a\s+time\b"
)
_PLAY_OVER = _rx(
    r"\b(?:back\s+to\s+(?:reality|real\s+life)|end\s+(?:of\s+)?(?:the\s+)?(?:game|role-?play|story)|game\s+over"
    r"|out\s+of\s+character|ooc|(?:stop|enough)\s+(?:the\s+)?(?:game|role-?play|story)|for\s+real\s+now"
    r"|jokes?\s+aside|(?:ok|okay)\s+seriously|seriously\s+though|in\s+real\s+life)\b"
)


def _in_assistant_play(turn: Turn, before: list[Turn]) -> bool:
    """A user turn answering inside a game, story or role the assistant set up (and nobody left since) is the
    character's: like the games the user sets up (said_forms.in_play), its "I live in a castle" is no fact."""
    if _play_over(turn.content):
        return False
    for said in reversed(before[-LOOKBACK_TURNS:]):
        if _play_over(said.content):
            return False
        if said.role == "assistant" and _sets_play(said.content):
            return True
    return False


# Each turn is looked back at by the turns after it: its text is searched once (pure).
@lru_cache(maxsize=8192)
def _play_over(text: str) -> bool:
    return _PLAY_OVER.search(text) is not None


@lru_cache(maxsize=8192)
def _sets_play(text: str) -> bool:
    return _ASSISTANT_SETS_PLAY.search(text) is not None


# How far back a pronoun may find the speaker's previous turn: the turn before, with at most two other
# messages (the assistant's reply, the other speaker's) between them.
_PRONOUN_LOOKBACK = 3


# "The user has any pets": a yes to "do you have any pets?" names nothing that is had.
_HAS_ANY = _rx(r"\bhas\s+any\b")
# What a pronoun resolved to a relative may say of them: where they live, their work, and that they died
# (measured on the tune split: their tastes and passing states, "he's into film photography", were not
# what the user meant to have remembered, and cost precision).
_SAID_OF_A_PRONOUN = (":location", ":work")


@lru_cache(maxsize=8192)  # pure; a turn is read again as the context of the turns after it
def _in_english(text: str) -> bool:
    return detect_language(text) == "en"


def _kin_turn_facts(turn: Turn, before: list[Turn], previous: Turn | None) -> list[ExtractedFact]:
    """A user turn's facts, read with "my dog? Biscuit." said as "my dog is called Biscuit", plus what a
    "she"/"he" that can mean only one relative said before (in the turn, or the speaker's previous turn)
    says of that relative's place, work or death (``kin``). English only; the turn's identity is kept."""
    text = _read(turn.content)
    if not _in_english(text):
        return list(_turn_facts(turn, previous))
    said = kin.subject_shared(
        kin.sentences_said(
            kin.fragments_said(
                couples.couples_said(
                    kin.described_after(kin.kin_word_as_name(births.born_said(own_named.pets_said(text))))
                )
            )
        )
    )
    said = kin.names_introduced(
        said, tuple(_read(t.content) for t in before if t.role == "user" and t.name == turn.name)
    )
    asked = previous is not None and (previous.role == "assistant" or previous.name != turn.name)
    if asked and previous is not None and (answer := kin.have_answered(_read(previous.content), said)):
        said = answer  # "do you have any pets?" / "yeah a cat, Miso": "I have a cat, Miso"
    read = turn if said == text else replace(turn, content=said)
    facts = [f for f in _turn_facts(read, previous) if not _HAS_ANY.search(f.text)]
    earlier, between = None, []
    for other in reversed(before[-_PRONOUN_LOOKBACK:]):
        if other.role == "user" and other.name == turn.name:
            earlier = _read(other.content)
            break
        between.append(_read(other.content))
    if asked and previous is not None and (relative := kin.asked_after(_read(previous.content))):
        earlier, between = relative, []  # "how's your mum?" / "she moved to Bath": the one asked after
    resolved = kin.resolve_pronouns(said, earlier, tuple(between))
    if resolved == said:
        return facts
    known = {_key(f) for f in facts}
    return facts + [
        f
        for f in _turn_facts(replace(turn, content=resolved), previous)
        if _key(f) not in known and (f.negated or (f.slot or "").endswith(_SAID_OF_A_PRONOUN))
    ]


# "I adopted a dog" ... "her name is Mosa": a name given in a later turn to the one unnamed pet, partner or
# relative the same speaker spoke of just before. Said at the start of a sentence (or after a comma).
_NAMED_AFTER = _rx(
    r"(?:^|[.!?,;]\s*)(?:and\s+|oh\s+and\s+)?(?:(?:his|her|its|their)\s+name(?:'s|\s+is)|(?:he|she|it)(?:'s|\s+is)"
    r"\s+called)\s+(?P<name>(?-i:[A-Z])[\w-]+)"
)
# An earlier fact about someone or something not yet named: "Theo has a dog", "Ottilie has a boyfriend".
_UNNAMED_HAS = _rx(r"\bhas\s+an?\s+(?:new\s+)?(?P<thing>[a-z]+)$")
_NAMEABLE_SLOTS = ("pet:", "partner", "family:")


def _named_later(facts: list[ExtractedFact], request: ExtractionInput, depth: int) -> list[ExtractedFact]:
    """A later "her name is Mosa" names the one unnamed pet, partner or relative of the speaker's turns just
    before ("I adopted a dog"): read as "my dog is called Mosa", on that fact's slot, so it replaces it."""
    named = list(facts)
    for turn in request.new_turns:
        found = _NAMED_AFTER.search(_normalise_message(turn.content)) if turn.role == "user" else None
        if found is None or detect_language(turn.content) != "en":
            continue
        name = found.group("name")
        if any(turn.event_id in f.source_event_ids and name.lower() in f.text.lower() for f in facts):
            continue  # the turn named it itself ("I got a dog, her name is Mosa")
        probe = ExtractedFact(name, Category.FACT, 1, turn.created_at, (turn.event_id,))
        unnamed = [
            (k, m)
            for k in _earlier_facts(probe, request, depth)
            if (k.slot or "").startswith(_NAMEABLE_SLOTS)
            and (m := _UNNAMED_HAS.search(re.sub(r"\s*\([^()]*\)$", "", k.text)))
        ]
        if not unnamed:
            continue
        known, thing = unnamed[0]
        statement = replace(turn, content=f"my {thing.group('thing')} is called {name}")
        named.extend(replace(f, slot=known.slot) for f in _turn_facts(statement, None) if not f.negated)
    return named


# How far back from a turn the rules look (a thing-named retraction looks for the earlier statement about
# the thing). The extractor stage gives this many turns of context (MEMSTREAM_CONTEXT_MESSAGES, 6 by
# default), so every turn, first of its request or not, sees the same turns before it. Settings refuse a
# smaller context with the offline provider (it would make the result depend on batch boundaries again).
LOOKBACK_TURNS = RULES_LOOKBACK_TURNS


def _earlier_turns(fact: ExtractedFact, request: ExtractionInput) -> list[Turn]:
    """The same speaker's user turns before the fact's own, newest first: whether they fell in this
    request's context or among its new turns, and never more of them than a request's context holds, so
    where a batch boundary falls never changes what the rules find (replays and restarts batch differently)."""
    source = next((t for t in request.new_turns if t.event_id in fact.source_event_ids), None)
    before = list(request.context_turns)
    for t in request.new_turns:
        if source is not None and t.event_id == source.event_id:
            break
        before.append(t)
    before = before[-LOOKBACK_TURNS:]
    return [t for t in reversed(before) if t.role == "user" and (source is None or t.name == source.name)]


def _earlier_facts(fact: ExtractedFact, request: ExtractionInput, depth: int) -> list[ExtractedFact]:
    """What the same speaker stated (positively) in the turns before, newest first, each turn's facts
    settled against the turns before it among these (``depth`` - 1 levels deep)."""
    turns = _earlier_turns(fact, request)
    if not turns:
        return []
    known = _extract(ExtractionInput(new_turns=tuple(reversed(turns)), context_turns=()), depth - 1)
    order = {t.event_id: i for i, t in enumerate(turns)}
    by_turn = sorted(
        (f for f in known if not f.negated),
        key=lambda f: order.get(f.source_event_ids[0] if f.source_event_ids else "", 0),
    )
    return by_turn


def _resolve_named(facts: list[ExtractedFact], request: ExtractionInput, depth: int) -> list[ExtractedFact]:
    """A retraction that names a thing but not its kind ("Bruno ist gestorben": *:bruno) takes the
    slot of the fact the earlier messages state about it ("Ich habe einen Hund namens Bruno":
    pet:bruno), so consolidation finds it by slot. Only the same speaker's messages count."""
    resolved = []
    for fact in facts:
        if not (fact.slot or "").startswith("*:"):
            resolved.append(fact)
            continue
        words = [w[:5] for w in fact.slot[2:].split("-") if w]
        slot = None
        for known in _earlier_facts(fact, request, depth):
            found = {w[:5] for w in re.findall(r"[\w+#]+", f"{known.slot or ''} {known.text}".lower())}
            if known.slot and words and all(w in found for w in words):
                slot = known.slot
                break
        if slot is None and fact.slot[2:] in _VEHICLES:
            # "sold my motorbike" ends "I ride a Ducati Monster to work": the one vehicle ridden or driven.
            ridden = {k.slot for k in _earlier_facts(fact, request, depth) if k.slot and _RIDES.search(k.text)}
            slot = ridden.pop() if len(ridden) == 1 else None
        resolved.append(replace(fact, slot=slot) if slot else fact)
    return resolved


_VEHICLES = frozenset(
    (
        "car",
        "motorbike",
        "motorcycle",
        "bike",
        "bicycle",
        "scooter",
        "van",
        "truck",
        "moped",
        "e-bike",
        "ebike",
        "camper",
    )
)
_RIDES = _rx(
    r"\b(?:ride|rides|riding|drive|drives|driving|commute|commutes)\s+(?:an?\s+|my\s+|their\s+|the\s+)?(?-i:[A-Z])"
)


# --------------------------------------------------------------------------------------------
# Changes land on the slot of what they change
# --------------------------------------------------------------------------------------------

# Kinds of slot that name who the user is or whom they have, never a thing they use, own or do: a
# change of a thing never lands on them by guess.
_NOT_THINGS = _vocab("""
    name, age, nationality, origin, location, employer, occupation, education, partner, birthday, family, person,
    pet, event, goal, language, allergy, like, dislike, avoid, diet, trait, style
""")
_THING_KINDS = frozenset(("tool", "own", "habit"))
# A fact said as a change ("switched to a Pixel 8 last week"), which the event frame reads as a dated event.
_SWITCH_EVENT = _rx(r"^event:(?:switched|changed|moved|went|swapped|converted|migrated|upgraded)-(?:over-)?to-")
_SWITCHED_TO = _rx(
    r"\b(?:switched|changed|moved|went|swapped|converted|migrated|upgraded)\s+(?:over\s+)?to\s+(?:an?\s+|the\s+|my\s+)?"
    r"(?P<new>.+?)(?=\s+(?:in|on|since|during|last|this|\()\b|\s*\(|$)"
)
# A message that says it changes something, in each language the extractor reads.
_CHANGE_CUE = _rx(
    r"\b(?:instead|switch(?:ed|ing)?|chang(?:ed|ing)\s+(?:to|over)|went\s+with|going\s+with|go\s+with|moved\s+(?:over\s+)?to"
    r"|(?:moved|migrated|ported)\s+(?:my|our|the)\s+[\w\s-]{1,30}?\s+(?:over\s+)?to\b"
    r"|migrat(?:ed|ing)\s+to|these\s+days|nowadays|now|anymore|no\s+longer|used\s+to|upgraded\s+to"
    r"|stattdessen|jetzt|umgestiegen|gewechselt|inzwischen|ahora|en\s+vez|en\s+lugar|me\s+cambi[ée]|cambi[ée]"
    r"|maintenant|à\s+la\s+place|au\s+lieu|pass[ée]\s+(?:à|au|aux)|adesso|ora|invece|passat[oa]\s+a|agora|em\s+vez"
    r"|mudei|troquei)\b"
)
_INSTEAD_OF = _rx(r"\s*,?\s+instead(?:\s+of\s+(?:my\s+|the\s+|an?\s+)?(?P<old>[\w' +#.-]+?))?\s*(?=[.,;!?)(]|$)")
# "switched from squash to padel": the change names what it ends.
_FROM_TO = _rx(r"\bfrom\s+(?:my\s+|the\s+|an?\s+)?(?P<old>[\w' +#.-]+?)\s+to\b")
# "I switched to soy milk", "switched browsers to Firefox", "moved over to a Kobo": a change that names
# only its new value. What it changes is the one earlier thing of its sort (_what_it_changes).
_SWITCHED_ONLY_TO = _rx(
    r"^(?:i|we)\s+(?:have\s+|just\s+|finally\s+|recently\s+|eventually\s+)*(?:switched|changed|swapped|converted"
    r"|upgraded|moved\s+over|went\s+over)\s+(?:(?:my|our)\s+)?(?:[a-z]+\s+){0,2}?(?:over\s+)?to\s+(?:an?\s+|the\s+|some\s+)?"
    r"(?P<new>[^,.;!?()]+?)(?=\s+(?:in|on|since|last|this|because|but|and|so|now|instead|after|for|a\s+few|\d)\b|[,.;!?(]|$)"
)
# "I became a paramedic": a change of occupation, not an outing.
_BECAME = _rx(
    r"^event:(?:became|become|becoming|got-promoted-to|was-promoted-to|promoted-to|retrained-as|qualified-as"
    r"|started-as|started-working-as)-(?:an?-)?(?P<role>[\w-]+)$"
)
# A past event that completes what an earlier goal or study was for: "ran my first marathon" after "my goal is
# to run a marathon", "graduated" after "I'm a student". The event takes the slot, so it replaces that fact.
_COMPLETED = _rx(
    r"^event:(?:ran|finished|completed|passed|achieved|reached|did|got|won|graduated|defended|submitted|climbed"
    r"|swam|cycled|hiked|published|launched|shipped|qualified)\b"
)
_GRADUATED = _rx(r"^event:graduated\b")
_STUDYING = _rx(r"\b(?:student|studying|studies|study|degree|course|phd|master'?s|bachelor'?s|thesis)\b")
_COMPLETION_WORDS = _vocab("""
    ran, run, running, finished, finish, completed, complete, passed, pass, achieved, reached, did, do, got, get,
    won, win, graduated, defended, submitted, climbed, climb, swam, swim, cycled, hiked, hike, published, launched,
    shipped, qualified, first, goal, training, train, learn, learning
""")
_CONSUMED = _rx(r"^(?:drinking|eating|having|taking|using|smoking|vaping|chewing)\b")
# What is said as one more, not instead: "I now play golf too", "I also drink green tea", "a second Kindle".
_ADDED = _rx(
    r"\b(?:also|too|as\s+well|in\s+addition|additionally|another|second|extra|both|plus|besides|auch|también"
    r"|aussi|anche|também)\b"
)
# Words that qualify a thing rather than name it: "a new laptop" is the laptop the user has now.
_THING_QUALIFIERS = ("new-", "old-", "current-", "brand-new-", "second-hand-", "secondhand-", "first-")


def _kind(slot: str | None) -> str:
    return (base_slot(slot) or "").split(":", 1)[0].strip().lower()


def _thing(slot: str | None) -> str:
    return (base_slot(slot) or "").partition(":")[2]


def _guessed_slot(fact: ExtractedFact) -> bool:
    """Whether the fact's slot was made from its own value ("tool:kia-ev6" for a Kia EV6, "event:switched-
    to-decaf"), not from a domain the rules know ("tool:database"): such a slot says nothing of what the
    fact replaces, and the slot of what it changes is the better one."""
    slot = fact.slot or ""
    if _SWITCH_EVENT.match(base_slot(slot) or ""):
        return True
    if _kind(slot) not in _THING_KINDS:
        return False
    return bool(thing_match.content_stems(_thing(slot)) & thing_match.content_stems(fact.value or ""))


def _new_value(fact: ExtractedFact) -> str:
    """What a change turns to, as said: "a Pixel 8" in "switched to a Pixel 8 last week", else the value."""
    if _SWITCH_EVENT.match(base_slot(fact.slot) or "") and (m := _SWITCHED_TO.search(fact.text)):
        return m.group("new")
    return fact.value or ""


def _named(value: str) -> bool:
    """A product or a brand ("Pixel 8", "iPhone 15", "React"), not a kind of thing ("green tea", "decaf")."""
    return any(w[:1].isupper() or _PRODUCT_CASE.match(w) for w in re.findall(r"[\w+#.-]+", value))


def _same_context(a: str | None, b: str | None) -> bool:
    return (context_of(a) or "work") == (context_of(b) or "work")


def _what_it_changes(fact: ExtractedFact, earlier: list[ExtractedFact]) -> ExtractedFact | None:
    """The earlier fact a change is about: the one naming what the change says it replaces ("instead of
    badminton"), else, when the message says it is a change, the one earlier thing of the same sort in the
    same context (both named products, or both kinds of thing): two of them and it cannot tell, so none."""
    said = _INSTEAD_OF.search(fact.text) or _FROM_TO.search(fact.text)
    old = said.group("old") if said else None
    candidates = [
        known
        for known in earlier
        if known.slot
        and _kind(known.slot) not in _NOT_THINGS
        and not known.slot.startswith("*:")
        and _same_context(known.slot, fact.slot)
        and known.language == fact.language
        # How the user gets about ("I take the bus now") changes how they get about, never what they own:
        # the bike is still theirs (selling it is its own statement).
        and not (_is_travel(fact) and _kind(known.slot) == "own")
    ]
    if old:
        naming = [k for k in candidates if thing_match.names_all(old, k.slot, k.text)]
        if naming:
            return naming[0] if len({k.slot for k in naming}) == 1 else None
        # "the tram instead of the bike" after "I cycle to work": what it names is said in other words.
    named = _named(_new_value(fact))
    alike = [
        k
        for k in candidates
        if _kind(k.slot) in _THING_KINDS
        and _named(k.value or k.text.split(" ", 2)[-1]) == named
        # A kind of thing switched to ("decaf", "soy milk") replaces a thing consumed or used, not any habit,
        # unless the change says it replaces something ("the tram instead of the bike").
        and (named or said or _kind(k.slot) != "habit" or bool(_CONSUMED.match(_thing(k.slot))))
        # ... and an activity taken up ("now I run outside") replaces another activity, not a belonging.
        and (
            said or _kind(fact.slot) != "habit" or _kind(k.slot) == "habit" or bool(_CONSUMED.match(_thing(fact.slot)))
        )
    ]
    slots = {k.slot for k in alike}
    return alike[0] if len(slots) == 1 else None


def _what_it_changes_elsewhere(fact: ExtractedFact, earlier: list[ExtractedFact]) -> ExtractedFact | None:
    """A change that names no context ("we switched to WhatsApp" after "at home we use Signal"), when work
    holds nothing of its sort: the earlier fact it changes in the one other context that has one, as
    consolidation reads a slot naming no context (shared.domain.slots.slot_holders); two contexts, none."""
    if not fact.slot or context_of(fact.slot) is not None or fact.slot.startswith("*:"):
        return None
    others = {context_of(k.slot) for k in earlier if k.slot and context_of(k.slot)} - {None, WORK}
    found = {}
    for context in others:
        target = _what_it_changes(replace(fact, slot=f"{fact.slot}@{context}"), earlier)
        if target is not None:
            found[context] = target
    return next(iter(found.values())) if len(found) == 1 else None


# A way of getting about, said as a habit: "taking-the-bus", "catching-train", "riding-tram".
_TRAVEL_THING = _rx(
    r"^(?:taking|catching|riding|using)-(?:the-|a-)?(?:bus|buses|train|trains|tram|trams|metro|subway|tube|underground"
    r"|ferry|taxi|taxis|cab|cabs|uber|shuttle|transit|public-transport)\b"
)


def _is_travel(fact: ExtractedFact) -> bool:
    return base_slot(fact.slot or "") == "commute" or (
        _kind(fact.slot) == "habit" and bool(_TRAVEL_THING.match(_thing(fact.slot)))
    )


def _what_it_completes(fact: ExtractedFact, earlier: list[ExtractedFact]) -> ExtractedFact | None:
    """The one earlier goal (or, for a graduation, the one study) a past event completes: the goal that names
    what the event names ("run a marathon", "ran my first marathon"); none when two could be meant."""
    if _GRADUATED.match(fact.slot or ""):
        found = [
            k
            for k in earlier
            if k.slot and _STUDYING.search(k.text) and _kind(k.slot) in ("occupation", "education", "goal")
        ]
    else:
        words = {w for w in thing_match.content_stems(_thing(fact.slot)) if w not in _COMPLETION_STEMS}
        found = [
            k
            for k in earlier
            if k.slot and _kind(k.slot) == "goal" and words and words <= thing_match.content_stems(f"{k.slot} {k.text}")
        ]
    return found[0] if len({k.slot for k in found}) == 1 else None


_COMPLETION_STEMS = frozenset(w[:5] for w in _COMPLETION_WORDS)


def _became(fact: ExtractedFact) -> ExtractedFact:
    """ "The user became a paramedic in 2025" is the user's occupation from then on."""
    m = _BECAME.match(base_slot(fact.slot) or "")
    if not m or fact.language != "en" or not _is_occupation(m.group("role").split("-")[-1]):
        return fact
    return replace(fact, slot="occupation", category=FACT, valid_to=None, value=m.group("role").replace("-", " "))


# "The user retired in 2026-02", "... retired on 2026-02-24", as the event frame writes a bare retirement.
_RETIRED_EVENT = _rx(
    r"^The user (?:has )?retired(?:\s+(?:in|on)\s+(?P<when>(?:the\s+week\s+of\s+)?\d{4}(?:-\d{2}){0,2})"
    r"|\s+\((?:since|from)\s+(?P<since>[^()]+)\))?$"
)


def _as_the_user(text: str, name: str | None) -> str:
    """A named speaker's fact ("Maya retired in 2026-05", as frames.name_speaker wrote it) said of "The user"
    again, so the forms below read it as they read an unnamed speaker's; their result is named back."""
    if name and text.startswith(f"{name}'s "):
        return "The user's " + text[len(name) + 3 :]
    if name and text.startswith(f"{name} "):
        return "The user " + text[len(name) + 1 :]
    return text


def _retired(fact: ExtractedFact, name: str | None = None) -> ExtractedFact:
    """ "I retired last month" is the user's occupation, retired, from then on (as "I'm retired now" is),
    so it replaces the job they had at that date; not an outing that ends."""
    if fact.language != "en" or fact.negated or base_slot(fact.slot) != "event:retired":
        return fact
    m = _RETIRED_EVENT.match(_as_the_user(fact.text, name))
    if m is None:
        return fact
    when = m.group("when") or m.group("since")
    text = frames.name_speaker("The user is retired" + (f" (since {when})" if when else ""), "en", name)
    return replace(fact, text=text, slot="occupation", category=FACT, valid_to=None, value="retired")


# "The user started as a junior copywriter at Quillhouse in 2026-02", "... became a paramedic at Northfield
# (since 2024)": a past start of a role, as the event and past frames write it, with its stated date.
_ROLE_TAKEN_UP = _rx(
    r"^The user (?:(?:started|began)(?:\s+working)?\s+as|became)\s+(?:an?\s+|the\s+)?(?P<role>[^()]+?)"
    r"(?:\s+at\s+(?P<org>[^()]+?))?"
    r"(?:\s+(?:in|on)\s+(?P<when>(?:the\s+week\s+of\s+)?\d{4}(?:-\d{2}){0,2})|\s+\((?:since|from)\s+(?P<since>[^()]+)\))?$"
)


# "The user's wife started as a nurse at Mercy in 2026-05": a relative's role taken up, never the speaker's.
_RELATIVE_ROLE_TAKEN_UP = _rx(
    r"^The user's (?:[\w'-]+ ){1,3}?(?:(?:started|began)(?:\s+working)?\s+as|became)\s+(?:an?\s+|the\s+)?"
    r"(?P<role>[^()]+?)(?:\s+(?:in|on)\s+(?:the\s+week\s+of\s+)?\d{4}(?:-\d{2}){0,2}|\s+\((?:since|from)\s+[^()]+\))?$"
)
_A_DATE = re.compile(r"(?:the\s+week\s+of\s+)?\d{4}(?:-\d{2}){0,2}")


def _relative_role(fact: ExtractedFact, name: str | None) -> ExtractedFact:
    """A relative's role taken up keeps the role as its value ("nurse at Mercy", as "my wife is a nurse at Mercy"
    has it), not the date it was said to start, which its valid_from already holds."""
    if _kind(fact.slot) != "family" or not fact.value or not _A_DATE.fullmatch(fact.value):
        return fact
    m = _RELATIVE_ROLE_TAKEN_UP.match(_as_the_user(fact.text, name))
    return replace(fact, value=_tidy(m.group("role"))) if m else fact


def _roles_taken_up(facts: list[ExtractedFact], names: dict[str, str] | None = None) -> list[ExtractedFact]:
    """A role the user says they started or became ("started last month as a copywriter at Quillhouse") is
    their occupation, and the named place their employer, from the stated date: a change of job, so it
    lands on the slots an earlier job holds and replaces it then, not an outing on a slot of its own."""
    out: list[ExtractedFact] = []
    for fact in facts:
        name = _speaker_name(fact, names or {})
        fact = _relative_role(fact, name)
        m = _ROLE_TAKEN_UP.match(_as_the_user(fact.text, name)) if fact.language == "en" and not fact.negated else None
        role = _tidy(m.group("role")) if m else ""
        if not m or _kind(fact.slot) not in ("event", "past") or not _is_occupation(role.split()[-1].lower()):
            out.append(fact)
            continue
        when = m.group("when") or m.group("since")
        since = f" (since {when})" if when else ""
        article = "an" if role[:1].lower() in "aeiou" else "a"
        job = replace(fact, category=FACT, valid_to=None)
        said = frames.name_speaker(f"The user works as {article} {role}{since}", "en", name)
        out.append(replace(job, text=said, slot="occupation", value=role))
        org = _tidy(m.group("org") or "")
        if org and _named(org) and len(org.split()) <= 5:
            said = frames.name_speaker(f"The user works at {org}{since}", "en", name)
            out.append(replace(job, text=said, slot="employer", value=org))
    return out


# "The user works in a warehouse", "works nights at the hospital", "works day shifts at the sorting centre":
# a job said by the kind of place it is done in, which the durable-verb frame reads as a habit.
_WORKS_IN_A_PLACE = _rx(
    r"^The user (?:no longer )?works (?:(?:day |night |early |late |weekend )?shifts |nights |days |weekends "
    r"|part[- ]time |full[- ]time |9 to 5 |nine to five |evenings |mornings |remotely )?"
    r"(?:in|at) (?P<where>(?:an?|the) (?:[\w'-]+ ){0,3}?(?P<head>[\w'-]+))(?:\s+(?:for|in|near|on|by)\b.*)?$"
)
# Kinds of workplace: a place one is employed at (not a room one sits in: "office", "team", "kitchen").
_WORKPLACE_HEADS = _vocab("""
    centre, center, warehouse, factory, plant, hospital, clinic, surgery, school, college, university, bakery,
    restaurant, cafe, café, pub, bar, hotel, shop, store, supermarket, bank, lab, laboratory, pharmacy, garage,
    nursery, library, museum, farm, salon, brewery, mill, mine, shipyard, depot, prison, firm, company, agency,
    startup, start-up, consultancy, charity, nonprofit, non-profit, newspaper, publisher, airline, council
""")


def _speaker_name(fact: ExtractedFact, names: dict[str, str]) -> str | None:
    return names.get(fact.source_event_ids[0]) if fact.source_event_ids else None


def _workplace_slot(fact: ExtractedFact, name: str | None = None) -> ExtractedFact:
    """ "I work in a warehouse" is where the user works, the employer slot a later job replaces ("started
    last month as a copywriter at Quillhouse"), not a habit beside it."""
    if _kind(fact.slot) != "habit" or fact.language != "en" or not _thing(fact.slot).startswith("working-"):
        return fact
    m = _WORKS_IN_A_PLACE.match(_as_the_user(fact.text, name))
    if not m or m.group("head").lower() not in _WORKPLACE_HEADS:
        return fact
    context = context_of(fact.slot)
    return replace(fact, slot="employer" + (f"@{context}" if context else ""), value=m.group("where"))


def _domain_slot(fact: ExtractedFact) -> ExtractedFact:
    """A tool's slot by its domain in every language: "usamos Postgres" is tool:database as "we use Postgres"
    is, so a later "migramos a MariaDB" lands on it (a slot made from the name would hold Postgres alone)."""
    base = base_slot(fact.slot) or ""
    kind, _, thing = base.partition(":")
    if kind != "tool" or not fact.value or thing != _slug(fact.value) or not (domain := _tool_domain(fact.value)):
        return fact
    context = context_of(fact.slot)
    return replace(fact, slot=f"tool:{domain}" + (f"@{context}" if context else ""))


def _plain_thing_slot(fact: ExtractedFact) -> ExtractedFact:
    """ "own:new-laptop" is "own:laptop": the laptop the user has now."""
    kind, _, thing = (fact.slot or "").partition(":")
    if kind not in ("own", "tool") or not thing.startswith(_THING_QUALIFIERS):
        return fact
    for qualifier in _THING_QUALIFIERS:
        thing = thing.removeprefix(qualifier)
    return replace(fact, slot=f"{kind}:{thing}") if thing and not thing.startswith("@") else fact


def _switches_said(facts: list[ExtractedFact], request: ExtractionInput, depth: int) -> list[ExtractedFact]:
    """A user turn that says only that it switched to something ("I switched to soy milk") and yielded no fact
    of its own: its fact is the new value, on the slot of the one earlier thing of its sort it changes."""
    said = {f.source_event_ids[0] for f in facts if f.source_event_ids and not f.negated}
    added: list[ExtractedFact] = []
    for turn in request.new_turns:
        if turn.role != "user" or turn.event_id in said or detect_language(turn.content) != "en":
            continue
        for sentence in _sentences(_normalise_message(turn.content)):
            context, said = frames.find_context(_strip_lead_ins(sentence.strip()), "en")
            m = _SWITCHED_ONLY_TO.match(said)
            new = _tidy(m.group("new")) if m else ""
            if not new or len(new.split()) > 4 or new.lower() in _NOT_SWITCHED_TO:
                continue
            shown = f"The user switched to {new}"
            shown = frames.with_context(shown, context, "en") if context else shown
            draft = ExtractedFact(
                text=frames.name_speaker(shown, "en", turn.name),
                category=FACT,
                importance=6,
                valid_from=turn.created_at,
                source_event_ids=(turn.event_id,),
                language="en",
                slot=frames.scoped(f"tool:{_slug(new)}", context) if context else f"tool:{_slug(new)}",
                value=new,
            )
            target = _what_it_changes(draft, _earlier_facts(draft, request, depth))
            if target is not None:
                added.append(replace(draft, slot=target.slot))
            break
    return facts + added


_NOT_SWITCHED_TO = _vocab("""
    it, that, this, them, something, something else, another one, a new one, the other one, one, nothing
""")


def _one_more_tool(fact: ExtractedFact, said: str) -> ExtractedFact:
    """ "I also use Go", "we use Kotlin too": one more tool of a kind the user may already have, not the
    kind's new value, so it keeps a slot of its own name instead of the kind's ("tool:go", not
    "tool:language")."""
    base = base_slot(fact.slot) or ""
    kind, _, thing = base.partition(":")
    if fact.negated or kind != "tool" or thing not in _TOOL_TABLE or not fact.value:
        return fact
    said = next((s for s in _sentences(said) if fact.value.lower() in s.lower()), "")  # the tool's own sentence
    if not _ADDED.search(said):
        return fact
    if _INSTEAD_OF.search(said) or _CHANGE_CUE.search(said):
        return fact  # "switched to Go as well": a change after all
    context = context_of(fact.slot)
    return replace(fact, slot=f"tool:{_slug(fact.value)}" + (f"@{context}" if context else ""))


# How the user gets to work or school: one way at a time, whatever the verb ("cycles to work", "takes the
# train to the office"), so a new way replaces the old one.
_COMMUTE = _rx(r"\b(?:to|into)\s+(?:work|the\s+office|school|uni|university|college|campus)\b")
_COMMUTE_VERBS = _rx(
    r"^The user (?:no longer |usually |mostly |now |always |normally |still )*(?:cycles|bikes|rides|drives|walks|runs"
    r"|takes|gets|commutes|goes|catches|skates|scooters)\b"
)


def _commute_slot(fact: ExtractedFact) -> ExtractedFact:
    """A habit of getting to work ("The user bikes to work") on the one slot of how the user commutes."""
    if _kind(fact.slot) != "habit" or fact.language != "en":
        return fact
    if not (_COMMUTE.search(fact.text) and _COMMUTE_VERBS.match(fact.text)):
        return fact
    if re.search(r"(?-i:[A-Z])", fact.text[len("The user") :]):
        return fact  # "rides a Royal Enfield to work": a vehicle of one's own, which selling it ends
    context = context_of(fact.slot)
    return replace(fact, slot="commute" + (f"@{context}" if context else ""))


# A diet said as a habit ("I'm doing keto", "je ne mange plus de viande", "ho smesso di mangiare carne"):
# the one diet slot, so it replaces (or ends) the diet said before.
_DIET_WORDS = frozenset(("keto", "paleo", "plant-based", "plant", "low-carb", "carnivore", "whole30", "vegan"))
_MEAT_WORDS = frozenset(("meat", "fleisch", "carne", "viande"))  # (fish on Fridays is a habit, not a diet)
_EAT_STEMS = ("eat", "ess", "mang", "com")


def _diet_slot(fact: ExtractedFact) -> ExtractedFact:
    if _kind(fact.slot) != "habit" or context_of(fact.slot):
        return fact
    learning = re.match(r"(?:aprend|aprender|impar|imparare|apprend|apprendre)-(?P<what>.+)$", _thing(fact.slot))
    if learning and fact.language in ("es", "pt", "it", "fr"):
        return replace(fact, slot=f"goal:{learning.group('what')}")  # "dejé de aprender japonés": the learning goal
    words = _thing(fact.slot).split("-")
    doing = words[0] in ("doing", "following", "on", "going", "eating") and bool(_DIET_WORDS & set(words[1:]))
    eating = words[0].startswith(_EAT_STEMS) and bool(_MEAT_WORDS & set(words[1:]))
    return replace(fact, slot="diet") if doing or eating else fact


_NEW_KIND = re.compile(r"\bhas an? new (?P<kind>[a-z]+),")


def _settle_changes(facts: list[ExtractedFact], request: ExtractionInput, depth: int) -> list[ExtractedFact]:
    """A change lands on the slot of the fact it changes, so consolidation replaces exactly that fact:

    - "I traded my Golf for a Kia EV6": the new value follows the retraction of the old one in the same
      turn, and takes its slot when the old one's is single-valued (its own, "tool:kia-ev6", said nothing);
    - "now I play padel instead of badminton", "we're going with Vue instead", "switched to a Pixel 8": a
      fact whose slot was only made from its value, in a message that says it is a change, takes the slot
      of the earlier fact it changes (:func:`_what_it_changes`), in the same context only.

    A retraction that names no context ends the fact in the one context that holds its slot."""
    settled: list[ExtractedFact] = []
    earlier_of: dict[str, list[ExtractedFact]] = {}
    texts = {t.event_id: t.content for t in request.new_turns}
    names = {t.event_id: t.name for t in request.new_turns if t.name}
    for fact in _roles_taken_up(_switches_said(facts, request, depth), names):
        name = _speaker_name(fact, names)
        fact = _diet_slot(_commute_slot(_plain_thing_slot(_workplace_slot(_retired(_became(fact), name), name))))
        if fact.language == "en" and (by_doing := work_forms.tool_slot(fact.text, fact.slot)) != fact.slot:
            fact = replace(fact, slot=by_doing)  # "we deploy to Nimbusfold": the cloud, whatever its name
        source = fact.source_event_ids[0] if fact.source_event_ids else ""
        by_domain = _domain_slot(fact)
        if not any(k.slot == by_domain.slot and k.source_event_ids == fact.source_event_ids for k in settled):
            fact = by_domain  # (two tools of one domain said together both hold: "Java, and Kotlin for new services")
        fact = _one_more_tool(fact, texts.get(source, ""))
        if fact.slot == "location" and (moved := _MOVED_FROM.search(fact.text)):
            if source not in earlier_of:
                earlier_of[source] = _earlier_facts(fact, request, depth)
            fact = _move_off_a_tool(fact, moved.group("old"), earlier_of[source])
        if _team_tool_said(fact, texts.get(source, "")):
            if source not in earlier_of:
                earlier_of[source] = _earlier_facts(fact, request, depth)
            fact = _team_tool_at_work(fact, earlier_of[source])
        if _COMPLETED.match(fact.slot or "") and not fact.negated and fact.valid_to is None:
            if source not in earlier_of:
                earlier_of[source] = _earlier_facts(fact, request, depth)
            done = _what_it_completes(fact, earlier_of[source])
            settled.append(replace(fact, slot=done.slot) if done is not None else fact)
            continue
        previous = settled[-1] if settled else None
        if (
            not fact.negated
            and previous is not None
            and previous.negated
            and previous.source_event_ids == fact.source_event_ids
            and previous.slot
            and fact.slot != previous.slot
            and not previous.slot.startswith("*:")
            and not is_multi_valued(previous.slot)
            and _kind(previous.slot) not in _NOT_THINGS
            and _guessed_slot(fact)
            # "cancelled my gym membership and now I run outside": an activity taken up is no new value
            # of the belonging that ended (a thing consumed or used is: "gave up cola, drinking water now")
            and (_kind(fact.slot) != "habit" or bool(_CONSUMED.match(_thing(fact.slot))))
        ):
            settled.append(replace(fact, slot=previous.slot))
            continue
        if fact.negated and fact.slot == "employer" and fact.value and fact.language == "en":
            # "I quit CrossFit" after "I do CrossFit": a named thing quit that no earlier employer fact names
            # but another earlier fact does is that fact's ending, not a job's
            if source not in earlier_of:
                earlier_of[source] = _earlier_facts(fact, request, depth)
            naming = [k for k in earlier_of[source] if k.slot and thing_match.names_all(fact.value, k.slot, k.text)]
            if naming and not any(k.slot == "employer" for k in naming):
                said = fact.text.replace(" no longer works at ", " quit ")
                fact = replace(fact, slot=f"*:{_slug(fact.value)}", text=said)
        if (newer := _NEW_KIND.search(fact.text)) and _kind(fact.slot) == "own" and not fact.negated:
            # "I got a new phone, a Pixel 9" after "my phone is a Pixel 7": the new one of that kind replaces it
            if source not in earlier_of:
                earlier_of[source] = _earlier_facts(fact, request, depth)
            kind_slot = f"own:{newer.group('kind').lower()}"
            if fact.slot != kind_slot and any(
                k.slot and same_context_slot(k.slot, kind_slot) for k in earlier_of[source]
            ):
                fact = replace(fact, slot=kind_slot)
        needs_context = fact.negated and fact.slot and context_of(fact.slot) is None
        changes = (
            not fact.negated
            and not _ADDED.search(fact.text)
            and not (_ADDED.search(texts.get(source, "")) and not _INSTEAD_OF.search(fact.text))
            and (
                (
                    _guessed_slot(fact)
                    and bool(_INSTEAD_OF.search(fact.text) or _CHANGE_CUE.search(texts.get(source, "")))
                )
                or bool(_FROM_TO.search(fact.text) and _CHANGE_CUE.search(fact.text))
            )
        )
        work_named = context_of(fact.slot) == WORK
        if not (needs_context or changes or work_named):
            settled.append(fact)
            continue
        if source not in earlier_of:
            earlier_of[source] = _earlier_facts(fact, request, depth)
        earlier = earlier_of[source]
        if work_named and not changes:
            # Work's slot as the user's earlier facts spell it: "we use Postgres" (plain) then "at work we
            # moved to MariaDB" (@work) is one slot, and the store finds a neighbour by its exact slot.
            spelled = {k.slot for k in earlier if k.slot and same_context_slot(k.slot, fact.slot)}
            settled.append(replace(fact, slot=spelled.pop()) if len(spelled) == 1 else fact)
            continue
        if needs_context:
            held = {k.slot for k in earlier if k.slot and base_slot(k.slot) == fact.slot}
            settled.append(replace(fact, slot=held.pop()) if len(held) == 1 else fact)
            continue
        target = _what_it_changes(fact, earlier) or _what_it_changes_elsewhere(fact, earlier)
        if target is None or target.slot == fact.slot:
            settled.append(fact)
            continue
        changed = replace(fact, slot=target.slot)
        if fact.category is EVENT:
            # A change of a thing kept, not an outing: no end, and the value is what it changed to.
            changed = replace(changed, category=FACT, valid_to=None, value=_new_value(fact))
        settled.append(changed)
    return settled
