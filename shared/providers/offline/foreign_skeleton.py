"""A foreign clause brought to the skeleton the readers know, however chat built it.

The readers of German, Spanish, French, Italian and Portuguese (``frames.py``, ``foreign_*.py``) read a
clause that opens with its first-person verb ("vivo a Firenze", "ich wohne in Bonn", "j'habite à Brest").
People open clauses otherwise, and each way is a class of its own, not a phrasing:

* a **filler or stance word** before the clause ("perso", "moi", "mdr", "pues nada", "guarda", "anche io",
  "tb"): it says nothing of the fact;
* a **reason or report** the clause is given as ("pregunto porque vivo en Alicante", "je demande parce que
  j'habite à Brest", "te lo chiedo perché abito a Lecce", "weil ich in Bonn wohne"): what follows "because"
  or "that" is stated all the same; German puts its verb last there ("weil ich in Bonn wohne"), and the
  verb goes back to second place ("ich wohne in Bonn");
* a **fronted place or companion** ("en Vigo vivo", "à Grenoble j'habite", "a Firenze ci vivo", "em Évora
  moro", "bei Siemens arbeite ich", "mit Python programmiere ich"): it goes back after the verb, and the
  clitic that stood for it ("ci", "y") goes;
* chat's **short forms** ("q", "xq", "pq", "pk", "cmq", "tb", "nen", "vor nem Jahr"): written out;
* an activity **begun** ("empecé a correr en marzo", "ho iniziato a correre", "comecei a correr", "j'ai
  commencé à courir", "ich habe mit dem Laufen angefangen"): the activity's present ("corro", "ich laufe"),
  which the habit readers know, and the time said stays with it (it is when the habit began).

The clause keeps its language and its words otherwise: the fact is said as the user said it. Pure functions.
"""

from __future__ import annotations

import re

from shared.providers.offline import frames
from shared.providers.offline.foreign_clauses import possessives_third, subject_first
from shared.providers.offline.foreign_habits import ACTIVITY_VERBS
from shared.providers.offline.foreign_people import as_first_person
from shared.providers.offline.text_forms import slug, words

__all__ = [
    "Reading",
    "adored",
    "clauses_of",
    "done_with",
    "named_other",
    "no_more",
    "normalised",
    "studied",
    "favourite",
    "german_taste",
    "condition",
    "whole_sentence",
    "with_me",
]

# --------------------------------------------------------------------------------------------
# Chat's short forms, word for word
# --------------------------------------------------------------------------------------------

_SHORT_FORMS = {
    "es": {
        "q": "que",
        "k": "que",
        "xq": "porque",
        "pq": "porque",
        "porq": "porque",
        "tb": "también",
        "tmb": "también",
        "tbn": "también",
        "tambien": "también",
    },
    "pt": {
        "q": "que",
        "pq": "porque",
        "porq": "porque",
        "tb": "também",
        "tbm": "também",
        "tambem": "também",
        "vc": "você",
    },
    "it": {
        "cmq": "comunque",
        "pk": "perché",
        "xk": "perché",
        "xké": "perché",
        "xche": "perché",
        "perche": "perché",
        "ke": "che",
        "anke": "anche",
    },
    "fr": {
        "pcq": "parce que",
        "pck": "parce que",
        "psk": "parce que",
        "paske": "parce que",
        "tjrs": "toujours",
        "tjs": "toujours",
    },
    "de": {"nen": "einen", "nem": "einem", "ner": "einer", "grad": "gerade"},
}
# Slang for working, and "work at" said by the employer: the plain verb the readers know.
_WORK_SLANG = {
    "es": ((re.compile(r"(?i)^(?:yo\s+)?curro\b"), "trabajo"),),
    "fr": ((re.compile(r"(?i)^je\s+(?:taffe|taf|turbine)\b"), "je travaille"),),
    "pt": ((re.compile(r"(?i)^(?:eu\s+)?trampo\b"), "trabalho"),),
    "it": ((re.compile(r"(?i)^(?:io\s+)?lavoro\s+presso\b"), "lavoro in"),),
    "de": (
        (
            re.compile(r"(?i)^mein\s+(?:arbeitgeber|chef)\s+ist\s+(?:der\s+|die\s+|das\s+)?(?=(?-i:[A-ZÄÖÜ]))"),
            "ich arbeite bei ",
        ),
    ),
}
# German chat drops "ich" before "hab": "hab nen Hund", "hab bei Zalando gekündigt".
_DE_BARE_HAB = re.compile(r"(?i)^hab(?:e)?\s+(?!ich\b)")
_DE_BARE_BIN = re.compile(r"(?i)^bin\s+(?!ich\b)")
_SHORT_FORMS_RX = {
    language: re.compile(r"(?i)(?<![\w'])(" + "|".join(map(re.escape, forms)) + r")(?![\w'])")
    for language, forms in _SHORT_FORMS.items()
}
# Laughter and chat noise opening a clause: no word of the fact.
_NOISE = re.compile(r"(?i)^(?:mdr|ptdr|lol|xd|jaja\w*|haha\w*|kkk+|rsrs\w*|hihi\w*)(?![\w'])[\s,.!]*")


def _written_out(clause: str, language: str) -> str:
    pattern = _SHORT_FORMS_RX.get(language)
    text = _NOISE.sub("", clause).strip()
    if pattern is None:
        return text
    forms = _SHORT_FORMS[language]
    text = pattern.sub(lambda m: forms[m.group(1).lower()], text)
    for slang, plain in _WORK_SLANG.get(language, ()):
        text = slang.sub(plain, text, count=1)
    if language != "de":
        return text
    return _DE_BARE_BIN.sub("ich bin ", _DE_BARE_HAB.sub("ich habe ", text))


# --------------------------------------------------------------------------------------------
# What opens the clause without being the fact: fillers, stances, "also", a reason or a report
# --------------------------------------------------------------------------------------------

# "I ask / I tell you / I say it" before "because" or "that": what follows is stated.
_ASKING = {
    "es": r"(?:te\s+|le\s+|os\s+)?(?:pregunto|cuento|comento|digo|escribo)",
    "pt": r"(?:te\s+|lhe\s+)?(?:pergunto|conto|digo|escrevo)",
    "it": r"(?:te\s+lo\s+|ve\s+lo\s+|lo\s+)?(?:chiedo|domando|dico|scrivo|racconto)"
    r"|(?:ti|vi)\s+(?:chiedo|dico|scrivo|racconto)",
    "fr": r"(?:je\s+(?:te\s+|vous\s+)?(?:demande|dis|écris|raconte|pose\s+la\s+question))",
    "de": r"(?:ich\s+)?(?:frage|sage|schreibe|erzähle)(?:\s+(?:nur|dir|euch|ihnen))*",
}
_BECAUSE = {
    "es": r"porque|ya\s+que|puesto\s+que|que",
    "pt": r"porque|já\s+que|visto\s+que|que",
    "it": r"perché|poiché|visto\s+che|dato\s+che|siccome|che",
    "fr": r"parce\s+que|parce\s+qu'|puisque|vu\s+que|car|que|qu'",
    "de": r"weil|da|denn|dass|nachdem|obwohl",
}
# Words that open a clause and only say how the speaker stands to it, or that the user too does it.
_FILLERS = {
    "es": r"pues\s+nada|pues|oye|mira|nada|la\s+verdad(?:\s+es\s+que)?|bueno|vale|en\s+fin|yo\s+también|también"
    r"|a\s+ver|vamos",
    "pt": r"então|olha|pois\s+é|bom|bem|eu\s+também|também|tipo|enfim|na\s+real",
    "it": r"allora|guarda|beh|boh|dunque|comunque|anche\s+io|anch'io|io\s+invece|invece|senti|ecco|vabbè|tipo",
    "fr": r"moi\s+perso|perso|personnellement|moi\s+aussi|moi|bon|ben|alors|bref|du\s+coup|franchement|genre"
    r"|en\s+vrai|sinon",
    "de": r"also|naja|na\s+ja|übrigens|ehrlich\s+gesagt|ich\s+auch|auch|tja|ach\s+ja|halt|jedenfalls",
}


def _lead_rx(language: str) -> re.Pattern[str]:
    reason = rf"(?:(?:{_ASKING[language]})\s*,?\s+)?(?:{_BECAUSE[language]})"
    return re.compile(rf"(?i)^(?:(?:{_FILLERS[language]})(?:\s*[,:!.]+\s*|\s+)|(?:{reason})(?:\s+|(?<=')))+")


_LEAD_RX = {language: _lead_rx(language) for language in _FILLERS}
# After a reason in German the verb is last: "weil ich (seit 2019) in Bonn wohne", "da ich aufgehört habe".
_DE_VERB_LAST = re.compile(r"(?i)^(?P<s>ich|wir)\s+(?P<mid>.+?)\s+(?P<v>[^\W\d_]+)$")
_DE_FINITE = re.compile(r"(?i)^(?:\w+e|bin|hab|sind|haben|\w+en)$")


def _without_lead(clause: str, language: str) -> str:
    pattern = _LEAD_RX.get(language)
    if pattern is None:
        return clause
    m = pattern.match(clause)
    if m is None or m.end() == 0:
        return clause
    rest = clause[m.end() :].lstrip(" ,")
    if not rest:
        return clause
    if language == "de" and re.search(rf"(?i)\b(?:{_BECAUSE['de']})\s*$", m.group(0).strip()):
        if not re.match(r"(?i)(?:ich|wir)\b", rest):
            return clause  # "da wohne ich": "there", not "as"
        if (v := _DE_VERB_LAST.match(rest.rstrip(" .!"))) and _DE_FINITE.match(v.group("v")):
            return f"{v.group('s')} {v.group('v')} {v.group('mid')}"
    return rest


# --------------------------------------------------------------------------------------------
# A fronted place or companion, put back after the verb
# --------------------------------------------------------------------------------------------

_NAME = r"(?-i:[A-ZÀ-ÝÄÖÜ])[\w'&.-]*(?:\s+(?:(?:de|di|da|do|del|dos|das|von)\s+)?(?-i:[A-ZÀ-ÝÄÖÜ0-9])[\w'&.-]*){0,3}"
_ROMANCE_FRONT = {
    "es": (r"en|a", r"(?:yo\s+)?(?:[^\W\d_]{2,}o|soy|estoy)\b"),
    "pt": (r"em|no|na|n[oa]s", r"(?:eu\s+)?(?:[^\W\d_]{2,}o|sou|estou)\b"),
    "it": (r"a|ad|in", r"(?:io\s+)?(?:ci\s+)?(?:[^\W\d_]{2,}o|sono|sto)\b"),
    "fr": (r"à|a|en|au|chez", r"(?:j'y\s+|je\s+y\s+|j'|je\s+)\S+"),
}
_ROMANCE_FRONT_RX = {
    language: re.compile(rf"(?i)^(?P<pp>(?:{prep})\s+{_NAME})\s*,?\s+(?P<v>{verb})(?P<rest>.*)$")
    for language, (prep, verb) in _ROMANCE_FRONT.items()
}
_DE_FRONT = re.compile(
    rf"(?i)^(?P<pp>(?:in|bei|beim|mit|für|an|auf|aus|im)\s+(?:(?:der|dem|den|die|das)\s+)?{_NAME})\s*,?\s+"
    r"(?P<v>[^\W\d_]+)\s+(?P<s>ich|wir)\b(?P<rest>.*)$"
)


_DE_INSTEAD = re.compile(
    rf"(?i)^(?P<pp>(?:statt|anstatt|anstelle\s+von)\s+{_NAME})\s*,?\s+(?P<v>[^\W\d_]+)\s+(?P<s>ich|wir)\b(?P<rest>.*)$"
)
# "ich bin jetzt bei Zeiss": the reader of a new employer knows it as "jetzt bin ich bei Zeiss".
_DE_NOW_AT = re.compile(r"(?i)^ich\s+bin\s+(?P<now>jetzt|nun|inzwischen|mittlerweile)\s+bei\s+")


def _place_after_verb(clause: str, language: str) -> str:
    if language == "de":
        if m := _DE_INSTEAD.match(clause):
            return f"{m.group('s')} {m.group('v')}{m.group('rest')} {m.group('pp')}"
        if m := _DE_NOW_AT.match(clause):
            return f"{m.group('now')} bin ich bei {clause[m.end() :]}"
        m = _DE_FRONT.match(clause)
        if m and _DE_FINITE.match(m.group("v")):
            return f"{m.group('s')} {m.group('v')} {m.group('pp')}{m.group('rest')}"
        return clause
    pattern = _ROMANCE_FRONT_RX.get(language)
    m = pattern.match(clause) if pattern else None
    if m is None:
        return clause
    verb = m.group("v")
    if language == "fr":
        verb = re.sub(r"(?i)^(?:j'y\s+|je\s+y\s+)", "j'", verb)
    elif language == "it":
        verb = re.sub(r"(?i)\bci\s+", "", verb)  # "a Firenze ci vivo": "ci" stood for the place
    return f"{verb} {m.group('pp')}{m.group('rest')}"


# --------------------------------------------------------------------------------------------
# An activity begun: its present, which the habit readers know
# --------------------------------------------------------------------------------------------

_BEGAN = {
    "es": r"(?:yo\s+)?(?:empecé|comencé|he\s+empezado|he\s+comenzado|me\s+puse)\s+a",
    "pt": r"(?:eu\s+)?(?:comecei|passei|tenho\s+começado|já\s+comecei)\s+a",
    "it": r"(?:io\s+)?(?:ho\s+(?:iniziato|cominciato)|iniziai|cominciai|mi\s+sono\s+messo|mi\s+sono\s+messa)\s+a",
    "fr": r"(?:j'ai|je\s+me\s+suis\s+mise?)\s+(?:commencé|à)\s+à|j'ai\s+commencé\s+à",
}
_BEGAN_RX = {
    language: re.compile(rf"(?i)^(?:{pattern})\s+(?P<rest>[^\W\d_]+\b.*)$") for language, pattern in _BEGAN.items()
}
# German says the activity as a noun: "ich habe (vor drei Jahren) mit dem Laufen angefangen".
_DE_BEGAN = re.compile(
    r"(?i)^ich\s+(?:habe|hab)\s+(?P<mid>(?:\S+\s+){0,3}?)mit\s+dem\s+(?P<n>[^\W\d_]+en)\s+(?:angefangen|begonnen)$"
)


def _activity_begun(clause: str, language: str) -> str:
    if language == "de":
        m = _DE_BEGAN.match(clause.rstrip(" .!"))
        verbs = ACTIVITY_VERBS["de"]
        said = f"{m.group('n').lower()[:-1]}" if m else ""  # "Laufen" -> "laufe"
        if m and said in verbs:
            return f"ich {said} {m.group('mid')}".strip()
        return clause
    pattern = _BEGAN_RX.get(language)
    m = pattern.match(clause) if pattern else None
    if m is None:
        return clause
    present = as_first_person(m.group("rest"), language)
    if present is None:
        return clause
    verb = present.removeprefix("je ").split()[0].lower()
    return present if verb in ACTIVITY_VERBS.get(language, {}) else clause


# --------------------------------------------------------------------------------------------
# How long it has held, said first: "hace 2 años que vivo en Toledo", "faz dois anos que moro em Niterói",
# "sono 2 anni che abito a Pisa" are "vivo en Toledo desde hace 2 años"; and how long it has not:
# "hace un año que no trabajo en Repsol" is "ya no trabajo en Repsol desde hace un año"
# --------------------------------------------------------------------------------------------

_SPAN = r"(?P<t>[^,]{1,25}?\b(?:años?|anos?|anni|anno|meses|mes|mês|mesi|mese|semanas?|settimane|días?|dias?|giorni))"
_HELD_FOR = {
    "es": (re.compile(rf"(?i)^(?:ya\s+)?hace\s+{_SPAN}\s+que\s+(?P<rest>.+)$"), "{rest} desde hace {t}"),
    "pt": (re.compile(rf"(?i)^(?:já\s+)?(?:faz|fazem|há|ha)\s+{_SPAN}\s+que\s+(?P<rest>.+)$"), "{rest} há {t}"),
    "it": (re.compile(rf"(?i)^(?:sono|son|è|e')\s+(?:già\s+)?{_SPAN}\s+che\s+(?P<rest>.+)$"), "{rest} da {t}"),
}
_NOT_SINCE = {
    "es": (re.compile(r"(?i)^(?:yo\s+)?no\s+"), "ya no "),
    "pt": (re.compile(r"(?i)^(?:eu\s+)?(?:não|nao)\s+"), "já não "),
    "it": (re.compile(r"(?i)^(?:io\s+)?non\s+(?P<v>[^\W\d_]+)\b"), "non \\g<v> più"),
}


def _time_said_after(clause: str, language: str) -> str:
    found = _HELD_FOR.get(language)
    m = found[0].match(clause.strip().rstrip(" .!")) if found else None
    if m is None:
        return clause
    rest = m.group("rest")
    pattern, form = _NOT_SINCE[language]
    rest = pattern.sub(form, rest, count=1)
    return found[1].format(rest=rest, t=m.group("t"))


# --------------------------------------------------------------------------------------------
# A job left, said with the job: "dejé mi trabajo en el BBVA" is "dejé el BBVA", which the endings read
# --------------------------------------------------------------------------------------------

_JOB = {
    "es": r"(?:mi\s+)?(?:trabajo|empleo|puesto|curro)",
    "pt": r"(?:o\s+)?(?:meu\s+)?(?:emprego|trabalho|posto)",
    "it": r"(?:il\s+)?(?:mio\s+)?(?:lavoro|posto(?:\s+di\s+lavoro)?|impiego)",
    "fr": r"(?:mon|le)\s+(?:job|travail|boulot|poste|emploi|taf)",
}
_JOB_LEFT = {
    "es": (r"(?:yo\s+)?(?:dejé|he\s+dejado|abandoné)", r"en|de", "dejé {org}"),
    "pt": (r"(?:eu\s+)?(?:deixei|larguei|saí\s+d[oe])", r"na|no|em|da|do", "saí de {org}"),
    "it": (r"(?:io\s+)?(?:ho\s+lasciato|ho\s+mollato)", r"in|da|alla|al|presso|all'", "ho lasciato {org}"),
    "fr": (r"j'ai\s+(?:quitté|lâché|plaqué)", r"chez|à|au|dans", "j'ai quitté {org}"),
}
_JOB_LEFT_RX = {
    language: (re.compile(rf"(?i)^{verb}\s+{_JOB[language]}\s+(?:{prep})\s*(?P<org>.+)$"), form)
    for language, (verb, prep, form) in _JOB_LEFT.items()
}
_DE_QUIT = re.compile(
    r"(?i)^ich\s+hab(?:e)?\s+(?P<mid>(?:\S+\s+){0,3}?)(?:(?:meinen\s+job|meine\s+stelle|meinen\s+arbeitsplatz)\s+)?"
    r"bei\s+(?P<org>.+?)\s+gekündigt$"
)


def _job_left(clause: str, language: str) -> str:
    if language == "de":
        m = _DE_QUIT.match(clause.rstrip(" .!"))
        return f"ich arbeite nicht mehr bei {m.group('org')} {m.group('mid')}".strip() if m else clause
    found = _JOB_LEFT_RX.get(language)
    m = found[0].match(clause.strip()) if found else None
    return found[1].format(org=m.group("org")) if m else clause


# What one eats, drinks or smokes, denied, is a habit one does not have: "no como carne desde 2020" is said as
# "ya no como carne"; "je mange plus jamais de viande" as "je ne mange plus de viande".
# A time may come first: "desde marzo no bebo alcohol".
_TIME_FIRST = r"(?:(?:desde|hace|há|faz)\s+(?:\S+\s+){1,3}?)?"
_NOT_CONSUMED = {
    "es": (re.compile(rf"(?i)^(?P<t>{_TIME_FIRST})(?:yo\s+)?no\s+(?=(?:como|bebo|fumo|tomo)\b)"), "\\g<t>ya no "),
    "pt": (
        re.compile(rf"(?i)^(?P<t>{_TIME_FIRST})(?:eu\s+)?(?:não|nao)\s+(?=(?:como|bebo|fumo|tomo)\b)"),
        "\\g<t>já não ",
    ),
    "fr": (
        re.compile(r"(?i)^je\s+(?:ne\s+)?(?P<v>mange|bois|fume)\s+(?:plus\s+jamais|jamais\s+plus)\b"),
        "je ne \\g<v> plus",
    ),
}


def _not_consumed(clause: str, language: str) -> str:
    found = _NOT_CONSUMED.get(language)
    return found[0].sub(found[1], clause, count=1) if found else clause


# --------------------------------------------------------------------------------------------
# "X and I": the user is in the subject. A marriage names the partner ("Marta y yo nos casamos" is "me casé
# con Marta"); anything else is said by "we" ("mi novia y yo vivimos en Gijón" is "vivimos en Gijón").
# --------------------------------------------------------------------------------------------

_AND_I = {
    "de": (r"und", r"ich"),
    "es": (r"y", r"yo"),
    "it": (r"e", r"io"),
    "pt": (r"e", r"eu"),
    "fr": (r"et", r"moi"),
}
# The plural verb the clause goes on with, when the user is named first ("io e la mia ragazza viviamo").
_PLURAL_VERB = {
    "de": r"(?:wir\s+)?(?:[^\W\d_]+en|sind)\b",
    "es": r"(?:nos\s+)?[^\W\d_]+(?:amos|emos|imos)\b",
    "it": r"(?:ci\s+)?(?:[^\W\d_]+(?:iamo)|siamo|abbiamo)\b",
    "pt": r"(?:nos\s+)?[^\W\d_]+(?:amos|ámos|emos|imos)\b",
    "fr": r"(?:nous|on)\b|[^\W\d_]+ons\b",
}
_AND_I_RX = {
    language: (
        re.compile(rf"(?i)^(?P<x>[^,;]+?)\s+{conj}\s+{me}\s*,?\s+(?P<rest>.+)$"),
        re.compile(rf"(?i)^{me}\s+{conj}\s+(?P<x>[^,;]+?)\s*,?\s+(?P<rest>{_PLURAL_VERB[language]}.*)$"),
    )
    for language, (conj, me) in _AND_I.items()
}
_MARRIED_TOGETHER = {
    "de": (
        re.compile(r"(?i)^(?:wir\s+)?haben\s+(?P<mid>.*?)\s*geheiratet(?P<tail>.*)$"),
        "ich habe {mid} {x} geheiratet{tail}",
    ),
    "es": (re.compile(r"(?i)^nos\s+(?:casamos|hemos\s+casado)\b(?P<mid>)(?P<tail>.*)$"), "me casé con {x}{tail}"),
    "it": (re.compile(r"(?i)^ci\s+siamo\s+sposat[ie]\b(?P<mid>)(?P<tail>.*)$"), "mi sono sposato con {x}{tail}"),
    "pt": (
        re.compile(r"(?i)^(?:nos\s+)?(?:casámos|casamos|nos\s+casamos)\b(?P<mid>)(?P<tail>.*)$"),
        "casei com {x}{tail}",
    ),
    "fr": (
        re.compile(r"(?i)^(?:on\s+s'est|nous\s+nous\s+sommes)\s+mariée?s?\b(?P<mid>)(?P<tail>.*)$"),
        "je me suis marié avec {x}{tail}",
    ),
}
_WE = {"de": "wir", "fr": "nous"}
# A time ahead: what is said with it is planned.
_AHEAD = re.compile(
    r"(?i)\b(?:que\s+viene|próxim[oa]|prossim[oa]|prochaine?|nächste[nrs]?|morgen|mañana|domani|demain|amanhã"
    r"|dentro\s+de|tra\s+\w+\s+(?:giorni|settimane|mesi|anni)|dans\s+\w+\s+(?:jours|semaines|mois|ans)"
    r"|em\s+breve|pronto|presto|bientôt|bald)\b"
)
_DETERMINERS = words(
    "mein meine meinen der die das mi mis el la los las il lo i gli le mio mia miei mie o a os as meu minha ma mon mes"
    " l'"
)


# Nouns German capitalises that name a relation, not a person.
_DE_RELATIONS = words(
    "freundin freund frau mann partner partnerin verlobte verlobter schwester bruder mutter vater kollege kollegin"
    " familie eltern tochter sohn kinder kind oma opa cousine cousin nachbar nachbarin mitbewohner mitbewohnerin"
)


def _names_someone(said: str, language: str) -> bool:
    """Whether "X" of "X and I" holds a person's name ("Lena", "meine Freundin Lena"), not only a relation."""
    words = said.split()
    if words[0].lower() not in _DETERMINERS:
        return True
    return any(w[:1].isupper() and not (language == "de" and w.lower() in _DE_RELATIONS) for w in words[1:])


def whole_sentence(sentence: str, language: str) -> str:
    """What is normalised before a sentence is cut at its commas and conjunctions: "X and I" as the subject, and a
    thing said last after the clitic that stands for it."""
    return _thing_put_back(with_me(sentence, language), language)


def with_me(clause: str, language: str) -> str:
    """ "Marta y yo nos casamos" -> "me casé con Marta"; "ma femme et moi habitons à Annecy" -> "nous habitons à
    Annecy"; anything else as said."""
    patterns = _AND_I_RX.get(language)
    if patterns is None:
        return clause
    m = patterns[0].match(clause.strip()) or patterns[1].match(clause.strip())
    if m is None or not re.match(rf"(?i){_PLURAL_VERB[language]}", m.group("rest")):
        return clause
    partner, rest = m.group("x").strip(), m.group("rest").strip()
    if len(partner.split()) > 4:
        return clause
    married, form = _MARRIED_TOGETHER[language]
    wed = married.match(rest)
    if wed is None and _names_someone(partner, language):
        return clause  # "Lena und ich haben uns getrennt", "Mein Mann Tobias und ich": the partner readers read it
    if wed and _AHEAD.search(rest):
        return clause  # "Marta y yo nos casamos el año que viene": a plan, not a marriage
    if wed:
        first = partner.split()[0].lower()
        said = partner[:1].lower() + partner[1:] if first in _DETERMINERS else partner  # "Meine Freundin", not "Marta"
        return re.sub(r"\s+", " ", form.format(x=said, mid=wed.group("mid"), tail=wed.group("tail")))
    we = _WE.get(language)
    if we and not re.match(rf"(?i)(?:{we}|on)\b", rest):
        return f"{we} {rest}"
    return rest


# German puts a sentence adverb right after the verb ("ich nutze jetzt Notion", "ich arbeite inzwischen bei SAP"):
# it says when or how sure, never the object, and the frames read the verb's object next to it. Not after "bin":
# "ich bin jetzt bei Celonis" is a new job because of "jetzt", which its reader looks for.
_DE_ADVERB = re.compile(
    r"(?i)^(?P<head>(?:ich|wir)\s+(?!(?:bin|sind)\b)[^\W\d_]+)\s+(?:jetzt|nun|inzwischen|mittlerweile|übrigens|eigentlich|halt"
    r"|auch|schon|immer\s+noch|nach\s+wie\s+vor|seit\s+kurzem|seit\s+neuestem|ebenfalls)\s+(?=\S)"
)


def _adverb_dropped(clause: str, language: str) -> str:
    return _DE_ADVERB.sub(r"\g<head> ", clause, count=1) if language == "de" else clause


# --------------------------------------------------------------------------------------------
# Still doing it, or doing it for a while: "sigo trabajando en Mercadona", "continuo a lavorare in Eni",
# "llevo tres años viviendo en Almería" are the plain present ("trabajo en Mercadona", "vivo en Almería desde
# hace tres años")
# --------------------------------------------------------------------------------------------

_GERUND = re.compile(r"(?i)^(?P<stem>[^\W\d_]{2,}?)(?:ando|iendo|endo)$")
_STILL = {
    "es": re.compile(r"(?i)^(?:yo\s+)?(?:sigo|continúo|continuo)\s+(?P<g>[^\W\d_]+(?:ando|iendo))\b(?P<rest>.*)$"),
    "it": re.compile(r"(?i)^(?:io\s+)?(?:continuo|sto\s+continuando)\s+a\s+(?P<inf>[^\W\d_]+(?:are|ere|ire)\b.*)$"),
    "pt": re.compile(r"(?i)^(?:eu\s+)?(?:continuo|sigo)\s+a\s+(?P<inf>[^\W\d_]+(?:ar|er|ir)\b.*)$"),
}
_FOR_A_WHILE = re.compile(
    r"(?i)^(?:yo\s+)?llevo\s+(?P<t>[^,]{1,25}?\b(?:años?|meses|mes|semanas?|días?))\s+"
    r"(?P<g>[^\W\d_]+(?:ando|iendo))\b(?P<rest>.*)$"
)
_GERUND_IRREGULAR = {"yendo": "voy", "siendo": "soy", "haciendo": "hago", "teniendo": "tengo", "viviendo": "vivo"}


def _present_of_gerund(gerund: str) -> str | None:
    lower = gerund.lower()
    if lower in _GERUND_IRREGULAR:
        return _GERUND_IRREGULAR[lower]
    m = _GERUND.match(lower)
    return f"{m.group('stem')}o" if m else None


def _still_doing(clause: str, language: str) -> str:
    text = clause.strip()
    if language == "es" and (m := _FOR_A_WHILE.match(text)) and (verb := _present_of_gerund(m.group("g"))):
        return f"{verb}{m.group('rest')} desde hace {m.group('t')}"
    pattern = _STILL.get(language)
    m = pattern.match(text) if pattern else None
    if m is None:
        return clause
    if language == "es":
        verb = _present_of_gerund(m.group("g"))
        return f"{verb}{m.group('rest')}" if verb else clause
    return as_first_person(m.group("inf"), language) or clause


# --------------------------------------------------------------------------------------------
# Signing up where one trains or takes classes: attending it ("me he apuntado al gimnasio" is "voy al gimnasio",
# "ich habe mich im Fitnessstudio angemeldet" is "ich gehe ins Fitnessstudio"); the time said is when it began
# --------------------------------------------------------------------------------------------

_TRAINING_PLACE = {
    "es": r"(?P<p>(?:al|el)\s+gimnasio|a\s+(?:clases?|un\s+curso)\s+de\s+[^\W\d_]+|a\s+yoga|a\s+pilates|a\s+natación)",
    "it": r"(?P<p>(?:in|alla)\s+palestra|a\s+(?:un\s+)?(?:corso|lezioni)\s+di\s+[^\W\d_]+|a\s+yoga|a\s+pilates"
    r"|in\s+piscina)",
    "pt": r"(?P<p>(?:no|ao)\s+ginásio|na\s+academia|(?:numas?|em)\s+aulas?\s+de\s+[^\W\d_]+|no\s+yoga|no\s+pilates)",
    "fr": r"(?P<p>à\s+la\s+(?:salle|piscine)|(?:à\s+un|au)\s+cours\s+de\s+[^\W\d_]+|au\s+yoga|au\s+pilates)",
    "de": r"(?P<p>im\s+fitnessstudio|beim\s+yoga|in\s+einem\s+kurs|im\s+verein|beim\s+sport)",
}
_SIGNED_UP = {
    "es": r"(?:yo\s+)?(?:me\s+he\s+apuntado|me\s+apunté|me\s+he\s+inscrito|me\s+inscribí|me\s+he\s+inscrita)",
    "it": r"(?:io\s+)?(?:mi\s+sono\s+iscritt[oa]|mi\s+iscrissi)",
    "pt": r"(?:eu\s+)?(?:inscrevi-me|me\s+inscrevi|matriculei-me|me\s+matriculei)",
    "fr": r"je\s+me\s+suis\s+inscrite?",
    "de": r"ich\s+(?:habe|hab)\s+mich",
}
_ATTEND = {
    "es": lambda p: "voy " + re.sub(r"(?i)^el\s+", "al ", p),
    "it": lambda p: "vado " + re.sub(r"(?i)^alla\s+", "in ", p),
    "pt": lambda p: "vou " + re.sub(r"(?i)^no\s+", "ao ", re.sub(r"(?i)^(?:numas?|em)\s+aulas?", "às aulas", p)),
    "fr": lambda p: "je vais " + re.sub(r"(?i)^à\s+un\s+cours", "au cours", p),
    "de": lambda p: "ich gehe " + {"im fitnessstudio": "ins Fitnessstudio", "beim yoga": "zum Yoga"}.get(p.lower(), p),
}
_SIGNED_UP_RX = {
    language: re.compile(
        rf"(?i)^{_SIGNED_UP[language]}\s+(?P<mid>(?:\S+\s+){{0,3}}?){_TRAINING_PLACE[language]}"
        rf"(?P<rest>(?:\s+[^,;.!?]*)?)" + (r"\s+angemeldet" if language == "de" else "") + r"$"
    )
    for language in _SIGNED_UP
}


def _signed_up(clause: str, language: str) -> str:
    pattern = _SIGNED_UP_RX.get(language)
    m = pattern.match(clause.strip().rstrip(" .!")) if pattern else None
    if m is None:
        return clause
    return re.sub(r"\s+", " ", f"{_ATTEND[language](m.group('p'))} {m.group('mid')}{m.group('rest')}").strip()


# --------------------------------------------------------------------------------------------
# The thing said last, after a clitic that stands for it: "lo vendí el mes pasado, mi coche viejo" is "vendí mi
# coche viejo el mes pasado"; "je l'ai vendue, ma vieille voiture"; "l'ho venduta, la mia macchina"
# --------------------------------------------------------------------------------------------

_DISLOCATED = {
    "es": re.compile(
        r"(?i)^(?:yo\s+)?(?:lo|la|los|las)\s+(?P<v>[^\W\d_]+)(?P<rest>[^,]*),\s*(?P<np>(?:mi|mis|el|la)\s+[^,]{2,40})$"
    ),
    "it": re.compile(
        r"(?i)^(?:io\s+)?(?:l'|li\s+|le\s+|lo\s+|la\s+)(?P<v>ho\s+[^\W\d_]+)(?P<rest>[^,]*),\s*"
        r"(?P<np>(?:il|la|i|le|lo)\s+(?:mi[oaie]\s+)?[^,]{2,40})$"
    ),
    "fr": re.compile(
        r"(?i)^je\s+(?:l'|les\s+)(?P<v>ai\s+[^\W\d_]+)(?P<rest>[^,]*),\s*(?P<np>(?:mon|ma|mes|le|la|les)\s+[^,]{2,40})$"
    ),
    "pt": re.compile(
        r"(?i)^(?:eu\s+)?(?P<v>[^\W\d_]+)-(?:o|a|os|as)\b(?P<rest>[^,]*),\s*(?P<np>(?:o|a|os|as)\s+[^,]{2,40})$"
    ),
}


def _thing_put_back(clause: str, language: str) -> str:
    pattern = _DISLOCATED.get(language)
    m = pattern.match(clause.strip().rstrip(" .!")) if pattern else None
    if m is None:
        return clause
    verb = f"j'{m.group('v')}" if language == "fr" else m.group("v")
    return f"{verb} {m.group('np')}{m.group('rest')}"


# German: two participles sharing one auxiliary ("ich habe mein Auto verkauft und mir ein E-Bike gekauft"): two
# clauses, each with its auxiliary.
_DE_TWO_PARTICIPLES = re.compile(
    r"(?i)^(?P<aux>ich\s+(?:habe|hab|bin))\s+(?P<first>.+?\s+[^\W\d_]+(?:t|en))\s+und\s+"
    r"(?P<second>(?!ich\b|wir\b)(?:\S+\s+){1,5}?(?:ge[^\W\d_]+|[^\W\d_]+iert|(?:ver|be|er|ent|zer)[^\W\d_]+)(?:t|en))$"
)


def _participles_apart(clause: str, language: str) -> list[str]:
    m = _DE_TWO_PARTICIPLES.match(clause.strip().rstrip(" .!")) if language == "de" else None
    if m is None:
        return [clause]
    return [f"{m.group('aux')} {m.group('first')}", f"{m.group('aux')} {m.group('second')}"]


# --------------------------------------------------------------------------------------------
# Events that leave a state: retiring ("me jubilé" is "estoy jubilado"), being hired ("mi hanno assunto in Enel"
# is "lavoro in Enel", "ich wurde bei Siemens eingestellt" is "ich arbeite bei Siemens"), a year of a course of
# study ("estou no segundo ano de Direito" is "estudo Direito")
# --------------------------------------------------------------------------------------------

_BECAME = {
    "es": ((re.compile(r"(?i)^(?:yo\s+)?(?:me\s+jubilé|me\s+he\s+jubilado|me\s+he\s+jubilada)\b"), "estoy jubilado"),),
    "it": (
        (
            re.compile(r"(?i)^(?:io\s+)?(?:sono\s+andat[oa]\s+in\s+pensione|mi\s+sono\s+pensionat[oa])\b"),
            "sono in pensione",
        ),
        (re.compile(r"(?i)^(?:mi\s+hanno|m'hanno)\s+assunt[oa]\s+(?:in|presso)\s+"), "lavoro in "),
        (re.compile(r"(?i)^(?:mi\s+hanno|m'hanno)\s+assunt[oa]\s+(?=(?:da|alla|al|all')\s*)"), "lavoro "),
        (re.compile(r"(?i)^(?:io\s+)?sono\s+al\s+[^\W\d_]+\s+anno\s+di\s+"), "studio "),
    ),
    "pt": (
        (re.compile(r"(?i)^(?:eu\s+)?(?:reformei-me|me\s+reformei)\b"), "estou reformado"),
        (re.compile(r"(?i)^(?:eu\s+)?(?:aposentei-me|me\s+aposentei)\b"), "estou aposentado"),
        (re.compile(r"(?i)^(?:eu\s+)?estou\s+no\s+[^\W\d_]+\s+ano\s+de\s+"), "estudo "),
    ),
    "fr": (
        (
            re.compile(r"(?i)^(?:j'ai\s+pris\s+ma\s+retraite|je\s+suis\s+partie?\s+à\s+la\s+retraite)\b"),
            "je suis à la retraite",
        ),
        (
            re.compile(
                r"(?i)^je\s+suis\s+en\s+(?:master|licence|l[1-3]|m[12]|bts|dut|but|thèse|doctorat|prépa|\w+\s+année)"
                r"\s+(?:de\s+|d'|en\s+)"
            ),
            "j'étudie ",
        ),
    ),
    "de": (
        (
            re.compile(r"(?i)^ich\s+bin\s+(?P<mid>(?:\S+\s+){0,2}?)in\s+(?P<r>rente|pension)\s+gegangen\b"),
            "ich bin \\g<mid>in \\g<r>",
        ),
    ),
}
# Coming to live somewhere, and parting from someone: "nos vinimos a vivir a Cáceres" is "vivo en Cáceres", "on
# s'est installés à Angers" is "j'habite à Angers"; "mi sono lasciata con Paolo" is "non sto più con Paolo", "ich
# habe mit Jonas Schluss gemacht" is "ich bin nicht mehr mit Jonas zusammen".
_SETTLED_OR_PARTED = {
    "es": (
        (
            re.compile(
                r"(?i)^(?:yo\s+)?(?:me|nos)\s+(?:vine|vinimos|fui|fuimos|he\s+venido|hemos\s+venido|hemos\s+ido)"
                r"\s+a\s+vivir\s+(?:a|en)\s+"
            ),
            "vivo en ",
        ),
        (re.compile(r"(?i)^(?:yo\s+)?(?:lo\s+)?(?:he\s+dejado|dejé)\s+con\s+"), "ya no estoy con "),
    ),
    "fr": (
        (
            re.compile(r"(?i)^(?:je\s+me\s+suis|on\s+s'est|nous\s+nous\s+sommes)\s+installée?s?\s+(?=(?:à|a|en|au)\s)"),
            "j'habite ",
        ),
    ),
    "it": ((re.compile(r"(?i)^(?:io\s+)?mi\s+sono\s+lasciat[oa]\s+con\s+"), "non sto più con "),),
    "de": (
        (
            re.compile(r"(?i)^ich\s+(?:habe|hab)\s+(?P<mid>(?:\S+\s+){0,2}?)mit\s+(?P<x>\S+)\s+schluss\s+gemacht"),
            "ich bin \\g<mid>nicht mehr mit \\g<x> zusammen",
        ),
    ),
}
_DE_HIRED = re.compile(
    r"(?i)^ich\s+(?:wurde|bin)\s+(?P<mid>(?:\S+\s+){0,3}?)bei\s+(?P<org>.+?)\s+eingestellt(?:\s+worden)?$"
)


def _became(clause: str, language: str) -> str:
    text = clause.strip()
    if language == "de" and (m := _DE_HIRED.match(text.rstrip(" .!"))):
        return f"ich arbeite bei {m.group('org')} {m.group('mid')}".strip()
    for pattern, plain in (*_BECAME.get(language, ()), *_SETTLED_OR_PARTED.get(language, ())):
        said = pattern.sub(plain, text, count=1)
        if said != text:
            return said
    return clause


# --------------------------------------------------------------------------------------------
# Times said loosely, in the forms the date reader knows (as English reads them): part of a month is the month
# ("a principios de marzo", "Anfang März", "début mars"); "a couple" is two and "a few" three ("hace un par de
# meses", "vor ein paar Monaten", "il y a quelques mois"); a season "since" is its first month ("desde el
# verano", "seit dem Sommer", "da quest'estate"). Left unread, such a time kept the clause from its reader.
# --------------------------------------------------------------------------------------------

_MONTHS = {
    "de": "januar februar märz april mai juni juli august september oktober november dezember",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre",
    "pt": "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro",
}
_PART_OF_MONTH = {
    "es": (r"(?:a|en)\s+(?:principios|comienzos|mediados|finales)\s+de", "en"),
    "it": (r"(?:a|ad|all')\s*(?:inizio|inizi|metà|fine)\s+(?:di\s+)?", "a"),
    "fr": (r"(?:au\s+)?(?:début|fin)\s+(?:de\s+|d')?|(?:à\s+la\s+)?mi-", "en"),
    "pt": (r"(?:no|em)\s+(?:início|inicio|começo|meados|fim|final)\s+de", "em"),
    "de": (r"(?:anfang|mitte|ende)", "im"),
}
_PART_OF_MONTH_RX = {
    language: (re.compile(rf"(?i)(?<!\w)(?:{part})\s*(?=(?:{'|'.join(_MONTHS[language].split())})\b)"), said + " ")
    for language, (part, said) in _PART_OF_MONTH.items()
}
_ROUGH_COUNT = {
    "es": ((r"un\s+par\s+de", "dos"), (r"unos\s+(?:pocos|cuantos)", "tres"), (r"unos|unas(?=\s+\w+\s)", "")),
    "it": ((r"un\s+paio\s+di", "due"),),
    "fr": ((r"quelques", "trois"), (r"deux-trois", "trois")),
    "pt": ((r"um\s+par\s+de", "dois"), (r"alguns|algumas", "três"), (r"uns|umas(?=\s+\w+\s)", "")),
    "de": ((r"ein\s+paar", "drei"), (r"ein\s+paar\s+wenige", "drei")),
}
_UNITS = {
    "es": r"años|meses|semanas|días",
    "it": r"anni|mesi|settimane|giorni",
    "fr": r"ans|années|mois|semaines|jours",
    "pt": r"anos|meses|semanas|dias",
    "de": r"jahren|monaten|wochen|tagen",
}
_ROUGH_COUNT_RX = {
    language: tuple(
        (re.compile(rf"(?i)(?<!\w)(?:{rough})\s+(?=(?:\w+\s+)?(?:{_UNITS[language]})\b)"), f"{said} " if said else "")
        for rough, said in pairs
    )
    for language, pairs in _ROUGH_COUNT.items()
}
_SEASONS = {
    "es": (r"desde", r"(?:el|este)\s+", "verano:junio otoño:septiembre invierno:diciembre primavera:marzo"),
    "it": (
        r"da|dal|dalla|dall'",
        r"(?:quest'|questa\s+|questo\s+|l')?",
        "estate:giugno autunno:settembre inverno:dicembre primavera:marzo",
    ),
    "fr": (r"depuis", r"(?:cet|cette|ce|l'|le)\s*", "été:juin automne:septembre hiver:décembre printemps:mars"),
    "pt": (r"desde", r"(?:o|a|este|esta)\s+", "verão:junho outono:setembro inverno:dezembro primavera:março"),
    "de": (r"seit", r"(?:dem|diesem)\s+", "sommer:juni herbst:september winter:dezember frühling:märz frühjahr:märz"),
}
_SEASON_MONTH = {language: dict(n.split(":") for n in names.split()) for language, (_, _, names) in _SEASONS.items()}
_SEASONS_RX = {
    language: (
        # "desde el verano pasado" is the last summer too: "pasado" goes with the season, not after the month
        re.compile(
            rf"(?i)(?<!\w)(?P<since>{since})\s*{article}(?P<season>{'|'.join(_SEASON_MONTH[language])})\b"
            r"(?:\s+(?:pasad[oa]|derni(?:er|ère)|scors[oa]|passad[oa]))?"
        ),
        _SEASON_MONTH[language],
    )
    for language, (since, article, _) in _SEASONS.items()
}


def _time_made_plain(clause: str, language: str) -> str:
    if language not in _MONTHS:
        return clause
    pattern, said = _PART_OF_MONTH_RX[language]
    text = pattern.sub(said, clause)
    for rough, count in _ROUGH_COUNT_RX.get(language, ()):
        text = rough.sub(count, text)
    seasons, months = _SEASONS_RX[language]
    return seasons.sub(lambda m: f"{m.group('since')} {months[m.group('season').lower()]}", text)


# --------------------------------------------------------------------------------------------
# Liking, denied the way people say it: French without "ne" ("j'aime pas les épinards" is "je n'aime pas les
# épinards"); German with "nicht" last or the thing first ("ich mag Sushi nicht", "Sushi mag ich nicht" are
# "ich mag nicht Sushi"; "Jazz mag ich" is "ich mag Jazz"). Read as they were, they were likes.
# --------------------------------------------------------------------------------------------

_FR_PAS = re.compile(r"(?i)^(?:j'(?P<v1>[^\W\d_]+)|je\s+(?!ne\b|n')(?P<v2>[^\W\d_]+))\s+pas\b")
_DE_LIKE_LAST = re.compile(
    r"(?i)^ich\s+(?P<v>mag|liebe)\s+(?P<obj>.+?)\s+(?P<neg>nicht|überhaupt\s+nicht|gar\s+nicht)$"
)
_DE_LIKE_FRONT = re.compile(
    r"(?i)^(?P<obj>(?!ich\b|wir\b|das\b|es\b)[^,;]{2,40}?)\s+(?P<v>mag|liebe|hasse)\s+ich(?P<neg>\s+(?:nicht|überhaupt\s+nicht|gar\s+nicht))?$"
)


def _liking_denied(clause: str, language: str) -> str:
    text = clause.strip().rstrip(" .!")
    if language == "fr" and (m := _FR_PAS.match(text)):
        verb = m.group("v1") or m.group("v2")
        ne = "n'" if verb[:1].lower() in "aeiouyhéèê" else "ne "
        return f"je {ne}{verb} pas{text[m.end() :]}"
    if language != "de":
        return clause
    if m := _DE_LIKE_LAST.match(text):
        return f"ich mag nicht {m.group('obj')}"
    if m := _DE_LIKE_FRONT.match(text):
        if m.group("neg") or m.group("v").lower() == "hasse":
            return f"ich mag nicht {m.group('obj')}"
        return f"ich {m.group('v').lower()} {m.group('obj')}"
    return clause


def normalised(clause: str, language: str) -> str:
    """The clause as its readers know it: short forms written out, fillers and a reason's "because" dropped
    (German's verb put back second), a fronted place put after the verb, an activity begun said in the
    present. A clause none of this touches is returned as it was."""
    if language not in _FILLERS:
        return clause
    text = _written_out(clause, language)
    text = _time_made_plain(text, language)
    text = _without_lead(text, language)
    text = with_me(text, language)
    text = _time_said_after(text, language)
    text = _place_after_verb(text, language)
    text = _adverb_dropped(text, language)
    text = _activity_begun(text, language)
    text = _still_doing(text, language)
    text = _signed_up(text, language)
    text = _thing_put_back(text, language)
    text = _became(text, language)
    text = _job_left(text, language)
    text = _not_consumed(text, language)
    text = _liking_denied(text, language)
    return text if text.strip() else clause


# --------------------------------------------------------------------------------------------
# Two verbs the readers lacked: studying a subject, adoring a thing
# --------------------------------------------------------------------------------------------

SUBJECTS = {"de": "Der Nutzer", "es": "El usuario", "fr": "L'utilisateur", "it": "L'utente", "pt": "O utilizador"}


class Reading(tuple):
    """(text, slot, value, kind, negated): one statement of the user's, in the language of the message."""

    __slots__ = ()

    def __new__(cls, text: str, slot: str, value: str, kind: str, negated: bool = False) -> Reading:
        return super().__new__(cls, (text, slot, value, kind, negated))


# Where or how long one studies is not what one studies: "Informatik in Aachen", "ingegneria al Politecnico".
_WHERE_TAIL = re.compile(
    r"(?i)\s+(?:in|an|bei|auf|à|a|au|en|al|alla|allo|all'|presso|alla|na|no|em|da|dal|dalla|depuis|seit|desde"
    r"|à\s+la|de\s+la|pour|per|para|für)\b.*$"
)
_DE_TRAINING = re.compile(
    r"(?i)^ich\s+mache\s+(?P<v>(?:eine\s+ausbildung|ein\s+studium|meinen\s+master|meinen\s+bachelor|eine\s+lehre)"
    r"\s+(?:zum|zur|in|als)\s+[^,;.!?]+)$"
)
_STUDY = {
    "de": (r"ich\s+studiere\s+(?P<v>(?-i:[A-ZÄÖÜ])[\wäöüß-]*(?:\s+(?:und\s+)?(?-i:[A-ZÄÖÜ])[\wäöüß-]*)?)", "studiert"),
    "fr": (
        r"j'étudie\s+(?:en\s+)?(?P<v>(?:(?:le|la|les)\s+|l')?(?!(?:nuit|soir|matin|journée|week-end|semaine)\b)"
        r"[^\W\d_][\w'-]*(?:\s+(?:et\s+)?[^\W\d_][\w'-]*)?)",
        "étudie",
    ),
    "it": (
        r"(?:io\s+)?studio\s+(?!(?:molto|poco|tanto|per|a|da|in|con|di|la\s+sera|sempre|ogni|tutti|tutte|tutto|oggi"
        r"|stasera|adesso|ora|qui|lì|là|insieme|sodo|bene|male|ancora)\b)(?P<v>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*)?)",
        "studia",
    ),
}
_STUDY_RX = {language: (re.compile(rf"(?i)^{p}(?P<rest>[^,;.!?]*)$"), verb) for language, (p, verb) in _STUDY.items()}


def studied(clause: str, language: str) -> Reading | None:
    """ "ich studiere Informatik in Aachen", "j'étudie le droit", "studio ingegneria al Politecnico": the subject
    studied is the user's education; None for anything else."""
    if language == "de" and (trained := _DE_TRAINING.match(clause.strip().rstrip(" .!"))):
        said = trained.group("v")
        return Reading(f"{SUBJECTS['de']} macht {said}", "education", said, "fact")
    found = _STUDY_RX.get(language)
    m = found[0].match(clause.strip().rstrip(" .!")) if found else None
    if m is None or "?" in clause:
        return None
    said = f"{m.group('v')}{m.group('rest')}".strip()
    value = _WHERE_TAIL.sub("", said).strip()
    value = re.sub(r"(?i)^(?:le|la|les|l')\s*", "", value)
    if not value:
        return None
    return Reading(f"{SUBJECTS[language]} {found[1]} {said}", "education", value, "fact")


_ADORE = {
    "es": r"(?:yo\s+)?(?P<verb>adoro|prefiero)",
    "it": r"(?:io\s+)?(?P<verb>adoro|preferisco)",
    "pt": r"(?:eu\s+)?(?P<verb>adoro|prefiro)",
    "fr": r"je\s+(?P<verb>préfère)",
}
# What a preference is weighed against is not the taste: "prefiero el té al café".
_AGAINST = re.compile(
    r"(?i)\s+(?:al|a\s+la|a|ao|à|au|aux|alla|allo|agli|alle|que|rispetto\s+a|piuttosto\s+che|en\s+vez\s+de"
    r"|em\s+vez\s+de|plutôt\s+que)\s+.*$"
)
_ADORE_RX = {language: re.compile(rf"(?i)^{p}\s+(?P<v>[^,;.!?]{{2,40}})$") for language, p in _ADORE.items()}
_ARTICLE = re.compile(r"(?i)^(?:(?:el|la|los|las|il|lo|i|gli|le|les|o|a|os|as|der|die|das|den)\s+|l')")
_PRONOUN_OBJECT = re.compile(r"(?i)^(?:te|ti|os|vos|vi|você|vocês|a\s+ti|a\s+te|mi|mia|mio|meu|minha)\b")


def adored(clause: str, language: str) -> Reading | None:
    """ "adoro il jazz", "prefiero el té al café": what one adores or prefers is a taste, like "mi piace"."""
    pattern = _ADORE_RX.get(language)
    m = pattern.match(clause.strip().rstrip(" .!")) if pattern else None
    if m is None or "?" in clause or _PRONOUN_OBJECT.match(m.group("v")):
        return None  # "te adoro", "adoro mia moglie": a person, not a taste
    said = m.group("v").strip()
    if re.match(r"(?i)(?:que|che|qu'|[^\W\d_]+(?:ar|er|ir|are|ere|ire|re))\b", said):
        return None  # "prefiero que me tutees", "preferisco leggere": how, not a thing
    verb = frames.third_person_verb(m.group("verb"), language)
    thing = _ARTICLE.sub("", _AGAINST.sub("", said))
    key = slug(thing)
    if not key:
        return None
    return Reading(f"{SUBJECTS[language]} {verb} {said}", f"like:{key}", thing, "preference")


# "Pablo se mudó a Londres", "Luca si è trasferito": a name, then a third person's clitic: someone else's clause,
# though its first word ends like a first-person verb ("Pablo", "Marco").
# So is a name before a third person's past or "is/has" ("Pedro dejó de fumar", "Rui deixou o emprego", "Marco ha
# smesso", "Paul a arrêté"): the name's "-o" is no first person's verb either.
_NAMED_OTHER = re.compile(
    r"^(?-i:[A-ZÀ-Ý])[\wà-ÿ'-]+\s+(?:se|si|s'|[^\W\d_]{2,}(?:ó|ou|eu|iu)|è|ha|a|est|es|está|tiene|tem|é)(?!\w)"
)


def named_other(clause: str, language: str) -> bool:
    """Whether the clause opens with someone's name and a third person's reflexive."""
    return language in ("es", "it", "pt", "fr") and bool(_NAMED_OTHER.match(clause.strip()))


# "sou professora de inglês numa escola em Tomar", "soy profe en un instituto de Cuenca": the role, and where it
# is held, which the workplace readers know as "trabalho numa escola em Tomar".
_BE_ROLE_AT = {
    "pt": (r"(?:eu\s+)?sou", r"numa|num|em\s+uma|em\s+um", "trabalho"),
    "es": (r"(?:yo\s+)?soy", r"en\s+una|en\s+un", "trabajo"),
    "it": (r"(?:io\s+)?sono", r"in\s+una|in\s+un|in\s+un'", "lavoro"),
    "fr": (r"je\s+suis", r"dans\s+une|dans\s+un", "je travaille"),
    "de": (r"ich\s+bin", r"in\s+einer|in\s+einem|an\s+einer|an\s+einem", "ich arbeite"),
}
_BE_ROLE_AT_RX = {
    language: (
        re.compile(
            rf"(?i)^(?P<be>{be})\s+(?P<role>[^,;]{{2,40}}?)\s+(?P<at>(?:{at})\s*[^\W\d_]+\s+(?:em|de|a|à|in|di|en|d')\s*"
            rf"{_NAME})$"
        ),
        work,
    )
    for language, (be, at, work) in _BE_ROLE_AT.items()
}


def clauses_of(clause: str, language: str) -> list[str]:
    """The clause normalised, and split in two when it says a role and where it is held, or ends with what the
    user has done with ("je suis passé à Bitwarden, plus de LastPass")."""
    tail = _NO_MORE_TAIL_RX.get(language)
    if tail and (said := tail.search(clause.rstrip(" .!"))) and no_more(said.group("tail"), language):
        return [*clauses_of(clause[: said.start()], language), said.group("tail")]
    text = normalised(clause, language)
    if len(apart := _participles_apart(text, language)) > 1:
        return [normalised(part, language) for part in apart]
    found = _BE_ROLE_AT_RX.get(language)
    m = found[0].match(text.strip().rstrip(" .!")) if found else None
    if m is None:
        return [text]
    return [f"{m.group('be')} {m.group('role')}", f"{found[1]} {m.group('at')}"]


# What one does "with" a named thing: "gestiono mis contraseñas con Bitwarden", "je gère mes projets avec Trello",
# "ich verwalte meine Passwörter mit Bitwarden": the thing is a tool the user uses. Only verbs of managing,
# making and keeping, and only an object that is the user's own things, so "I do X with Anna" is no tool.
_DOING = {
    "de": r"verwalte|organisiere|plane|mache|schreibe|bearbeite|führe|notiere|speichere|sichere|tracke|erstelle"
    r"|schneide|manage|sortiere",
    "es": r"gestiono|organizo|planifico|hago|escribo|edito|llevo|apunto|guardo|controlo|creo|monto|manejo",
    "it": r"gestisco|organizzo|pianifico|faccio|scrivo|modifico|tengo|salvo|annoto|controllo|creo|monto",
    "pt": r"gerencio|giro|organizo|planejo|planeio|faço|escrevo|edito|guardo|anoto|controlo|crio|monto|administro",
    "fr": r"gère|organise|planifie|fais|écris|édite|tiens|note|sauvegarde|suis|crée|monte|range|retouche",
}
_MINE = {
    "de": r"meine|meinen|meinem|mein",
    "es": r"mis|mi",
    "it": r"i\s+miei|le\s+mie|il\s+mio|la\s+mia",
    "pt": r"as\s+minhas|os\s+meus|o\s+meu|a\s+minha|minhas|meus|meu|minha",
    "fr": r"mes|mon|ma",
}
_WITH = {"de": "mit", "es": "con", "it": "con", "pt": "com", "fr": "avec"}
_I_SUBJECT = {"de": r"ich\s+", "es": r"(?:yo\s+)?", "it": r"(?:io\s+)?", "pt": r"(?:eu\s+)?", "fr": r"je\s+"}
_PRODUCT = r"(?P<t>(?-i:[A-Z]|[a-z][A-Z])[\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?)"
_PEOPLE = re.compile(
    r"(?i)\b(?:amig\w*|famil\w*|hij\w*|figli\w*|filh\w*|enfants?|freunde?\w*|kinder\w*|eltern|padres|genitori"
    r"|pais|parents|colegas|colleghi|colegas|collègues|kollegen|novi\w*|ragazz\w*|namorad\w*|copain\w*|copine\w*)\b"
)
# Things one keeps, makes or manages with software, typed by kind (notes, tasks, money, passwords, media, documents,
# mail, dates, projects, files, code, recipes): said without "my" ("escribo partituras con Sibelius", "Rechnungen
# schreibe ich mit Lexoffice"), such an object still makes the named thing a tool, where any other object ("escribo
# canciones con Marta") may be done with a person.
_KEPT_THINGS = {
    "es": "notas apuntes tareas pendientes facturas cuentas gastos finanzas presupuesto presupuestos contraseñas fotos"
    " vídeos videos partituras documentos hojas presentaciones correos emails citas agenda proyectos copias archivos"
    " código recetas diseños planos informes nóminas impuestos contabilidad",
    "it": "note appunti attività fatture conti spese finanze budget password foto video spartiti documenti fogli"
    " presentazioni email mail appuntamenti agenda progetti backup file codice ricette disegni report tasse"
    " contabilità",
    "fr": "notes tâches factures comptes dépenses finances budget mots photos vidéos partitions documents tableaux"
    " présentations mails e-mails courriels rendez-vous agenda projets sauvegardes fichiers code recettes plans"
    " devis impôts compta comptabilité",
    "pt": "notas anotações tarefas faturas contas despesas finanças orçamento orçamentos senhas palavras-passe fotos"
    " vídeos partituras documentos planilhas folhas apresentações e-mails emails compromissos agenda projetos"
    " backups arquivos ficheiros código receitas desenhos impostos contabilidade",
    "de": "notizen aufgaben todos rechnungen finanzen ausgaben budget passwörter fotos videos noten dokumente tabellen"
    " präsentationen mails e-mails termine projekte backups dateien code rezepte steuern steuererklärung"
    " buchhaltung haushaltsbuch",
}
# "Everything", after a verb of noting or keeping: "anoto tudo com o Obsidian", "notiere alles mit Joplin".
_EVERYTHING = {"es": "todo", "it": "tutto", "fr": "tout", "pt": "tudo", "de": "alles"}
_KEPT_ARTICLE = r"(?:(?:los|las|el|la|i|le|gli|il|les|des|os|as|o|a|die|den|der|das)\s+|l')?"
_OBJECT = {
    language: rf"(?:{_MINE[language]})\s+[^,;.!?]{{2,30}}?"
    rf"|{_KEPT_ARTICLE}(?:{'|'.join(sorted(words(kept), key=len, reverse=True))})\b(?:\s+[^,;.!?\s]+){{0,2}}?"
    rf"|{_EVERYTHING[language]}"
    for language, kept in _KEPT_THINGS.items()
}
_DONE_WITH_RX = {
    language: re.compile(
        rf"(?i)^{_I_SUBJECT[language]}(?P<v>{_DOING[language]})\s+(?P<obj>{_OBJECT[language]})"
        rf"\s+{_WITH[language]}\s+(?:(?:o|a|el|la|il|le|der|die|das|dem)\s+)?{_PRODUCT}$"
    )
    for language in _DOING
}


def done_with(clause: str, language: str) -> Reading | None:
    """ "gestisco le mie password con Bitwarden" -> a tool of the user's, said as the user said it."""
    pattern = _DONE_WITH_RX.get(language)
    if language == "de":
        clause = subject_first(clause)  # "Rechnungen schreibe ich mit Lexoffice": the object said first
    m = pattern.match(clause.strip().rstrip(" .!")) if pattern else None
    if m is None or "?" in clause or _PEOPLE.search(m.group("obj")):
        return None
    verb = frames.third_person_verb(m.group("v"), language)
    said = possessives_third(f"{verb} {m.group('obj')} {_WITH[language]} {m.group('t')}", language)
    return Reading(f"{SUBJECTS[language]} {said}", f"tool:{slug(m.group('t'))}", m.group("t"), "fact")


# "plus de LastPass", "no más Excel", "niente più Trello", "chega de Notion", "kein Excel mehr": a named thing the
# user has done with, said on its own after a change ("je suis passé à Bitwarden, plus de LastPass"). Only a
# name (capitalised): "plus de café" may as well say "more coffee".
_NO_MORE = {
    "fr": r"(?:et\s+)?(?:fini|plus)\s+(?:de\s+|d')?",
    "es": r"(?:y\s+)?(?:no\s+más|se\s+acabó|adiós\s+a)\s+(?:el\s+|la\s+)?",
    "it": r"(?:e\s+)?(?:niente\s+più|basta(?:\s+con)?|addio\s+a)\s+(?:il\s+|la\s+|lo\s+)?",
    "pt": r"(?:e\s+)?(?:chega\s+de|adeus\s+ao?|nada\s+mais\s+de)\s+(?:o\s+|a\s+)?",
    "de": r"(?:und\s+)?(?:kein|keine|nie\s+wieder|tschüss)\s+",
}
_NO_MORE_RX = {
    language: re.compile(rf"^(?i:{lead}){_PRODUCT}(?P<more>\s+mehr)?$") for language, lead in _NO_MORE.items()
}
_NO_MORE_TAIL_RX = {
    language: re.compile(rf"\s*[,;]\s*(?P<tail>(?i:{lead}){_PRODUCT}(?:\s+mehr)?)$")
    for language, lead in _NO_MORE.items()
}
_NO_LONGER_USES = {
    "fr": "{S} n'utilise plus {t}",
    "es": "{S} ya no usa {t}",
    "it": "{S} non usa più {t}",
    "pt": "{S} já não usa {t}",
    "de": "{S} nutzt {t} nicht mehr",
}


def no_more(clause: str, language: str) -> Reading | None:
    """ "plus de LastPass" -> the user no longer uses LastPass (a retraction on whatever slot holds it)."""
    pattern = _NO_MORE_RX.get(language)
    m = pattern.match(clause.strip().rstrip(" .!")) if pattern else None
    if m is None or (
        language == "de" and m.group("more") is None and not clause.lower().startswith(("nie", "tschüss"))
    ):
        return None  # German "kein X" says "no more" only with "mehr"
    name = m.group("t")
    return Reading(
        _NO_LONGER_USES[language].format(S=SUBJECTS[language], t=name), f"*:{slug(name)}", name, "fact", True
    )


# A condition one has: "sono diabetico", "ho il diabete", "je suis diabétique", "je suis cœliaque", "ich bin
# Diabetikerin": the user's health, on the slot English gives it.
_CONDITION = {
    "it": (
        r"(?:io\s+)?(?:sono\s+(?P<adj>diabetic[oa]|celiac[oa])|ho\s+(?P<noun>il\s+diabete|la\s+celiachia))",
        "è",
        "ha",
    ),
    "fr": (r"je\s+suis\s+(?P<adj>diabétique|c(?:œ|oe)liaque)|j'ai\s+(?P<noun>du\s+diabète|le\s+diabète)", "est", "a"),
    "pt": (
        r"(?:eu\s+)?(?:sou\s+(?P<adj>diabétic[oa]|celíac[oa])|tenho\s+(?P<noun>diabetes|doença\s+celíaca))",
        "é",
        "tem",
    ),
    "de": (
        r"ich\s+(?:bin\s+(?P<adj>diabetiker(?:in)?|zöliakie-?patient(?:in)?)|habe\s+(?P<noun>diabetes|zöliakie))",
        "ist",
        "hat",
    ),
    "es": (r"(?:yo\s+)?tengo\s+(?P<noun>diabetes|celiaquía)", "es", "tiene"),
}
_CONDITION_RX = {
    language: (re.compile(rf"(?i)^{p}\b(?P<rest>[^,;.!?]*)$"), be, have)
    for language, (p, be, have) in _CONDITION.items()
}


def condition(clause: str, language: str) -> Reading | None:
    """Diabetes and coeliac disease said as what one is or has (the slot English uses: health:diabetes,
    allergy:gluten)."""
    found = _CONDITION_RX.get(language)
    m = found[0].match(clause.strip().rstrip(" .!")) if found else None
    if m is None or "?" in clause:
        return None
    groups = m.groupdict()
    said = groups.get("adj") or groups.get("noun") or ""
    verb = found[1] if groups.get("adj") else found[2]
    slot = "health:diabetes" if said.lower().startswith("diab") else "allergy:gluten"
    return Reading(f"{SUBJECTS[language]} {verb} {said}{m.group('rest')}".strip(), slot, said, "fact")


# Favourites: "mi color favorito es el azul", "il mio piatto preferito è la carbonara", "mon film préféré c'est
# Amélie", "a minha cor preferida é o verde", "meine Lieblingsband ist Muse": what is named is a taste.
_THING_NAMED = r"(?P<what>[^\W\d_]+(?:\s+[^\W\d_]+)?)"
_FAVOURITE = {
    "es": rf"mis?\s+{_THING_NAMED}\s+(?P<adj>favorit[oa]s?|preferid[oa]s?)\s+(?:es|son)\s+",
    "it": rf"(?P<det>il\s+mio|la\s+mia)\s+{_THING_NAMED}\s+(?P<adj>preferit[oa]|favorit[oa])\s+(?:è|e')\s+",
    "fr": rf"(?P<det>mon|ma)\s+{_THING_NAMED}\s+(?P<adj>préférée?|favorie?|fétiche)\s+(?:c'est|est)\s+",
    "pt": rf"(?P<det>o\s+meu|a\s+minha|meu|minha)\s+{_THING_NAMED}\s+(?P<adj>favorit[oa]|preferid[oa])\s+(?:é|e)\s+",
    "de": r"(?P<det>mein|meine)\s+(?P<what>lieblings[^\W\d_]+)\s+(?:ist|sind)\s+",
}
_FAVOURITE_RX = {language: re.compile(rf"(?i)^{p}(?P<v>[^,;.!?]{{1,40}})$") for language, p in _FAVOURITE.items()}
_FAVOURITE_TEXT = {
    "es": "{Det} {what} {adj} del usuario es {v}",
    "it": "{Det} {what} {adj} dell'utente è {v}",
    "fr": "{Det} {what} {adj} de l'utilisateur est {v}",
    "pt": "{Det} {what} {adj} do utilizador é {v}",
    "de": "{Det} {What} des Nutzers ist {v}",
}
_FEMININE_ADJ = re.compile(r"(?i)(?:a|as|ée|ie)$")


def favourite(clause: str, language: str) -> Reading | None:
    """ "mi color favorito es el azul" -> a taste (the blue), said of the user."""
    pattern = _FAVOURITE_RX.get(language)
    m = pattern.match(clause.strip().rstrip(" .!")) if pattern else None
    if m is None or "?" in clause:
        return None
    groups = m.groupdict()
    adj = groups.get("adj") or ""
    feminine = (groups.get("det") or "").lower() in ("la mia", "ma", "a minha", "minha", "meine") or bool(
        _FEMININE_ADJ.search(adj)
    )
    det = {"es": ("El", "La"), "it": ("Il", "La"), "fr": ("Le", "La"), "pt": ("O", "A"), "de": ("Der", "Die")}
    said = m.group("v").strip()
    thing = _ARTICLE.sub("", said)
    key = slug(thing)
    if not key:
        return None
    what = m.group("what")
    text = _FAVOURITE_TEXT[language].format(
        Det=det[language][feminine], what=what.lower(), What=what[:1].upper() + what[1:], adj=adj.lower(), v=said
    )
    return Reading(text, f"like:{key}", thing, "preference")


# German "ich koche gern", "ich lese total gerne Krimis": liking to do it.
_DE_GLADLY = re.compile(
    r"(?i)^ich\s+(?P<v>[^\W\d_]+e)\s+(?:(?:total|sehr|wirklich|echt|ziemlich|so|voll|richtig)\s+)?gerne?"
    r"(?P<obj>(?:\s+[^,;.!?]{1,30})?)$"
)
_DE_HATE = re.compile(r"(?i)^ich\s+hasse\s+(?P<obj>[^,;.!?]{2,40})$")


def german_taste(clause: str, language: str) -> Reading | None:
    """ "ich koche gern" (a taste for cooking), "ich hasse Staus" (a dislike)."""
    if language != "de":
        return None
    text = clause.strip().rstrip(" .!")
    if m := _DE_HATE.match(text):
        obj = m.group("obj")
        return Reading(f"{SUBJECTS['de']} hasst {obj}", f"dislike:{slug(_ARTICLE.sub('', obj))}", obj, "preference")
    m = _DE_GLADLY.match(text)
    if m is None or m.group("v").lower() in ("habe", "hätte", "würde", "möchte", "wäre"):
        return None
    third = frames.third_person_verb(m.group("v"), "de")
    infinitive = m.group("v").lower()[:-1] + "en"
    obj = m.group("obj").strip()
    key = slug(f"{infinitive} {obj}".strip())
    return Reading(
        f"{SUBJECTS['de']} {third} gern {obj}".strip(), f"like:{key}", f"{infinitive} {obj}".strip(), "preference"
    )
