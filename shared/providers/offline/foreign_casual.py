"""Casual forms of German, Spanish, French, Italian and Portuguese, brought to the forms the frames read,
and the second half of a job change ("... e sono entrato in Eni", "... j'ai rejoint Free").

* **A clause after a comma** that starts with the user's own verb or pronoun, maybe after "now"
  ("j'ai quitté Renault, maintenant je suis chez Valeo", "ya no fumo, lo dejé hace un año") is a
  clause of its own.
* **A dropped subject** in German ("bin letzten Monat nach Bonn gezogen", "hab aufgehört zu rauchen"):
  "ich" goes back in front.
* **"plus" without "ne"** in French ("je suis plus végétarien", "je fume plus"): the spoken "no longer";
  not when "plus" compares ("plus que") or counts ("plus de").
* **Joining an employer**: a verb of joining ("entrare in", "entrar en", "rejoindre", "entrar na",
  "bei X anfangen") with a named organisation states the new employer; "now I am at X" does too when
  the same message left the old one, and German "zu X gewechselt" when the message speaks of a job.
* **A short remainder that dates what was just said** ("ya no fumo, lo dejé hace un año", "tengo un perro,
  lo adopté hace un año"): when a clause with a stated time says nothing of its own in at most three
  words, its time is the time of the fact just before, if that had none.

Pure functions.
"""

from __future__ import annotations

import re

from shared.providers.offline.foreign_clauses import RELATIVE_OPENS, SUBJECTS, relative_opens
from shared.providers.offline.foreign_habits import ACTIVITY_VERBS
from shared.providers.offline.foreign_when_first import AND_WHEN
from shared.providers.offline.text_forms import words

__all__ = [
    "dates_the_last",
    "joined",
    "left_for",
    "now_at",
    "partner_had",
    "quit_consumed",
    "said_fully",
    "speaks_of_a_job",
    "split_at_commas",
]

_NOW = r"(?:(?:maintenant|désormais|ahora|agora|adesso|ora|jetzt|nun|inzwischen|mittlerweile|y|e|et|und)\s+)?"
# The user again, after a comma: a singular subject, or a clitic or first-person past right before the
# verb ("lo dejé", "l'ho lasciato", "deixei"); not "on"/"nous" (a "we" clause may need the name before the
# comma: "avec Julien c'est fini, on s'est séparés") and not an article ("dois gatos, a Pipoca").
_LOWER = r"(?-i:[a-zà-ÿ])"
# A German first person said without "ich" before where or how: "wohne jetzt in Essen", "arbeite bei BMW".
_DE_PRESENT = (
    rf"{_LOWER}\w{{2,}}e\s+(?=(?:jetzt|nun|seit|in|im|bei|als|am|mit|nicht\s+mehr|aber|auch|noch|gern|gerne|oft)\b)"
)
_OWN_START = {
    "fr": r"(?:je|j')\b",
    "es": rf"(?:yo|me|ya|ahora|hace|desde)\b|(?:lo|la)\s+{_LOWER}\w+(?:é|í)\b|{_LOWER}\w+(?:é|í)\b",
    "it": r"(?:io|mi|l'ho|ora|adesso)\b|(?:ho|sono)\b",
    "pt": rf"(?:eu|me|já|agora|há|desde)\b|(?:o|a)\s+{_LOWER}\w+ei\b|{_LOWER}\w+ei\b",
    "de": rf"(?:ich|bin|hab|habe)\b|{_DE_PRESENT}",
}
_OWN_START_RX = {language: re.compile(rf"(?i)^{_NOW}{pattern}") for language, pattern in _OWN_START.items()}
_COMMA = re.compile(r"\s*[,;]\s+")
# "y entré en Indra", "e entrei na Galp", "e sono entrato in Eni", "et j'ai rejoint Free": a past said
# after "and" is a clause of its own (a present after "and" is the conjunct splitter's).
_AND_PAST = {
    "es": r"\s+y\s+(?=(?:ahora\s+|luego\s+|después\s+)?(?:me\s+)?\w{2,}(?:é|í)\b)",
    "pt": r"\s+e\s+(?=(?:agora\s+|depois\s+)?\w{2,}(?:ei)\b)",
    "it": r"\s+e\s+(?=(?:ora\s+|adesso\s+|poi\s+)?(?:mi\s+)?(?:sono|ho)\s+\w+(?:at[oaie]|it[oaie]|ut[oaie])\b)",
    "fr": r"\s+et\s+(?=(?:maintenant\s+|puis\s+)?(?:j'ai|je\s+suis)\b)",
}
# "e corro maratonas", "y nado los martes", "und schwimme": an activity of the user's after "and".
for _language, _and in (("es", "y"), ("pt", "e"), ("it", "e"), ("fr", "et"), ("de", "und")):
    _verbs = "|".join(sorted(ACTIVITY_VERBS[_language], key=len, reverse=True))
    _lead = {"fr": r"je\s+", "de": r"(?:ich\s+)?"}.get(_language, "")
    _AND_PAST[_language] = _AND_PAST.get(_language, r"(?!)") + rf"|\s+{_and}\s+(?={_lead}(?:{_verbs})\b)"
# "y los sábados toco el saxofón", "et le week-end je fais de la voile": a habit of the user's after "and", its time
# said first (``foreign_when_first`` says it last).
for _language, _and_when in AND_WHEN.items():
    _AND_PAST[_language] = _AND_PAST.get(_language, r"(?!)") + "|" + _and_when
# "e mia figlia fa la parrucchiera", "e a minha mulher é arquiteta": a relative's statement after "and" (a relative
# listed with another, "con mia sorella e mio fratello", has no verb after it and stays).
_AND_WORD = {"es": r"y|e", "it": r"e|ed", "fr": r"et", "pt": r"e", "de": r"und"}
for _language, _opens in RELATIVE_OPENS.items():
    _AND_PAST[_language] = _AND_PAST.get(_language, r"(?!)") + rf"|\s+(?:{_AND_WORD[_language]})\s+(?={_opens})"
_AND_PAST_RX = {language: re.compile(pattern, re.IGNORECASE) for language, pattern in _AND_PAST.items()}


def split_at_commas(clause: str, language: str) -> list[str]:
    """A clause cut where, after a comma, the user speaks of themselves again."""
    pattern = _OWN_START_RX.get(language)
    if pattern is None:
        return [clause]
    parts: list[str] = []
    for piece in _COMMA.split(clause):
        if parts and not pattern.match(piece) and not relative_opens(piece, language):  # "..., mia figlia è celiaca"
            parts[-1] = f"{parts[-1]}, {piece}"
        else:
            parts.append(piece)
    and_said = _AND_PAST_RX.get(language)
    return [p for part in parts for p in (and_said.split(part) if and_said else [part]) if p.strip()]


# Only before a participle: what the user did ("bin ... gezogen", "hab ... aufgehört") is read by the past
# frames; a dropped subject before a state ("bin gerade in Berlin") may be anything passing.
_DE_DROPPED = re.compile(r"(?i)^(?:bin|hab|habe)\b(?=.*\b(?:\w*ge\w+(?:t|en)|\w+iert|(?:ver|be|er|ent)\w+(?:t|en))\b)")
# "plus" right after the verb is "no longer" only where a comparison cannot follow: at the clause's end,
# before a determiner and its noun ("j'aime plus la pizza"), before a place ("j'habite plus à Metz", "je
# travaille plus chez Decathlon"), before an infinitive or, after "ai", a participle ("je peux plus
# venir", "j'ai plus fumé"), or before a state that has no degrees ("je suis plus végétarien"). "plus
# près", "plus souvent", "plus grand", "plus cher", "plus de", "plus que" compare or count.
_FR_DETERMINER = (
    r"(?:(?:la|le|les|un|une|des|mon|ma|mes|ton|ta|tes|son|sa|ses|notre|nos|votre|vos|leur|leurs|ce|cet|cette|ces)"
    r"\s+|l')"
)
_FR_NOT_INFINITIVE = (
    r"(?:chers?|fiers?|amers?|légers?|premiers?|derniers?|entiers?|réguliers?|singuliers?|hier|super|clairs?|noirs?)"
)
_FR_INFINITIVE_RE = (
    r"(?:\w*(?:prendre|faire|lire|écrire|dire|vivre|suivre|mettre|croire|attendre|entendre|rendre|vendre"
)
_FR_INFINITIVE_RE += r"|perdre|descendre|répondre|conduire|construire|connaître|boire|battre|rire|plaire))"
_FR_UNGRADED = (
    r"(?:végétarien(?:ne)?s?|végane?s?|vegan|célibataires?|mariée?s?|pacsée?s?|divorcée?s?|fumeur|fumeuse"
    r"|étudiante?s?|en\s+couple|ensemble|abonnée?s?|membre|inscrite?s?)"
)
_FR_CLAUSE_END = r"(?:\s*(?:$|[,.;:!?)])|\s+(?:et|mais|car|depuis|maintenant|du\s+tout|parce)\b)"
_FR_AFTER_PLUS = (
    rf"(?={_FR_CLAUSE_END}"
    rf"|\s+{_FR_DETERMINER}[^\W\d_]"
    rf"|\s+(?:à|au|aux|chez|dans)\s+{_FR_DETERMINER}?(?!(?:peu|moins|plus|très|trop)\b)[^\W\d_]"
    rf"|\s+(?!{_FR_NOT_INFINITIVE}\b)[^\W\d_]+(?:er|ir)\b|\s+{_FR_INFINITIVE_RE}\b"
    rf"|(?<=\bai\s{{1}}plus)\s+[^\W\d_]+é\b"
    rf"|\s+{_FR_UNGRADED}{_FR_CLAUSE_END})"
)
_FR_PLUS = re.compile(rf"(?i)\b(?P<je>je|j')\s*(?P<verb>(?!ne\b|n')[^\W\d_][\w-]*)\s+plus\b{_FR_AFTER_PLUS}")


def said_fully(clause: str, language: str) -> str:
    """The clause with what casual speech leaves out put back."""
    text = clause.strip()
    if language == "de" and re.match(rf"(?i)^{_DE_PRESENT}", text):
        return f"ich {text}"
    if language == "de" and _DE_DROPPED.match(text):
        word, _, rest = text.partition(" ")
        return f"ich {'habe' if word.lower() == 'hab' else word.lower()} {rest}".strip()
    if language == "fr" and " que " not in f" {text.lower()} " and (m := _FR_PLUS.search(text)):
        verb = m.group("verb")
        negation = "n'" if verb[:1].lower() in "aeiouéèêh" else "ne "
        return f"{text[: m.start()]}je {negation}{verb} plus{text[m.end() :]}"
    return text


_NAME = r"(?P<n>(?-i:[A-ZÀ-Ý])[\w&'.-]*(?:\s+(?-i:[A-ZÀ-Ý])[\w&'.-]*){0,2})"
_JOIN = {
    "it": (
        rf"(?:io\s+)?sono\s+entrat[oa]\s+(?:in|a|alla|al|nella|nel)\s+{_NAME}",
        rf"(?:mi\s+)?hanno\s+assunt[oa]\s+(?:in|da|alla|al|nella|nel|dalla|dal)\s+{_NAME}",
        rf"(?:io\s+)?sono\s+stat[oa]\s+assunt[oa]\s+(?:in|da|alla|al|nella|nel|dalla|dal)\s+{_NAME}",
        rf"(?:io\s+)?ho\s+(?:cominciato|iniziato)\s+(?:a\s+lavorare\s+)?(?:in|da|alla|al|nella|nel|presso|per)\s+{_NAME}",
    ),
    "es": (
        rf"(?:yo\s+)?(?:entré|he\s+entrado|empecé|he\s+empezado)\s+(?:a\s+trabajar\s+)?(?:en|a)\s+(?:la\s+|el\s+)?{_NAME}",
        rf"(?:me\s+)?(?:uní|he\s+unido)\s+a\s+(?:la\s+|el\s+)?{_NAME}",
        rf"me\s+(?:contrataron|han\s+contratado)\s+en\s+(?:la\s+|el\s+)?{_NAME}",
    ),
    "fr": (
        rf"j'ai\s+(?:rejoint|intégré)\s+{_NAME}",
        rf"j'ai\s+(?:commencé|démarré)\s+(?:à\s+travailler\s+|à\s+bosser\s+|un\s+(?:job|poste|travail)\s+)?chez\s+{_NAME}",
        rf"je\s+suis\s+(?:entré|entrée|arrivé|arrivée)\s+chez\s+{_NAME}",
        rf"j'ai\s+été\s+(?:embauché|embauchée|recruté|recrutée)\s+(?:chez|par)\s+{_NAME}",
    ),
    "pt": (
        rf"(?:eu\s+)?(?:entrei|comecei)\s+(?:a\s+trabalhar\s+)?(?:na|no|para\s+a|para\s+o|em)\s+{_NAME}",
        rf"(?:eu\s+)?fui\s+contratad[oa]\s+(?:pela|pelo|na|no)\s+{_NAME}",
        rf"juntei-me\s+(?:à|ao)\s+{_NAME}",
    ),
    "de": (
        rf"ich\s+(?:habe|hab)\s+(?:\S+\s+){{0,3}}?bei\s+(?:der\s+|dem\s+)?{_NAME}\s+(?:angefangen|begonnen)",
        rf"ich\s+bin\s+(?:\S+\s+){{0,3}}?bei\s+(?:der\s+|dem\s+)?{_NAME}\s+eingestiegen",
        rf"ich\s+fange\s+(?:\S+\s+){{0,3}}?bei\s+(?:der\s+|dem\s+)?{_NAME}\s+an",
    ),
}
_JOIN_RX = {
    language: tuple(re.compile(rf"(?i)^(?:{_NOW})?(?:{p})(?:[\s.!]*|\s*[,;].*)$") for p in patterns)
    for language, patterns in _JOIN.items()
}
# "zu X gewechselt": a job when the message speaks of one (else it may be a tool, "zu Firefox gewechselt").
_DE_SWITCHED_TO = re.compile(
    rf"(?i)^ich\s+bin\s+(?:\S+\s+){{0,3}}?zu(?:r|m)?\s+{_NAME}\s+gewechselt(?:[\s.!]*|\s*[,;].*)$"
)
_JOB_WORDS = words(
    "job jobs arbeit stelle arbeitgeber firma lavoro posto azienda ditta trabajo empleo empresa curro"
    " travail boulot poste emploi entreprise boîte trabalho emprego"
)
_NOW_AT = {
    "it": rf"(?:ora|adesso)\s+(?:sono|lavoro)\s+(?:in|alla|al|nella|nel|da)\s+{_NAME}",
    "es": rf"ahora\s+(?:estoy|trabajo)\s+en\s+(?:la\s+|el\s+)?{_NAME}",
    "fr": rf"(?:maintenant|désormais)\s+je\s+suis\s+chez\s+{_NAME}",
    "pt": rf"agora\s+(?:estou|trabalho)\s+(?:na|no|em)\s+{_NAME}",
    "de": rf"(?:jetzt|nun|inzwischen)\s+bin\s+ich\s+bei\s+(?:der\s+|dem\s+)?{_NAME}",
}
_NOW_AT_RX = {
    language: re.compile(rf"(?i)^(?:{pattern})(?:[\s.!]*|\s*[,;].*)$") for language, pattern in _NOW_AT.items()
}
_WORKS_AT = {
    "it": "{S} lavora in {n}",
    "es": "{S} trabaja en {n}",
    "fr": "{S} travaille chez {n}",
    "pt": "{S} trabalha em {n}",
    "de": "{S} arbeitet bei {n}",
}
_NOT_EMPLOYER = re.compile(
    r"(?i)^(?:universit|uni\b|facolt|facultad|faculdade|fac\b|école|escola|escuela|liceo|schule)"
)


def _employer(name: str, language: str) -> tuple[str, str, str] | None:
    name = name.strip(" .!")
    if not name or _NOT_EMPLOYER.match(name):
        return None
    return _WORKS_AT[language].format(S=SUBJECTS[language], n=name), "employer", name


def joined(clause: str, language: str, message: str) -> tuple[str, str, str] | None:
    """(text, slot, value) of the employer a clause says the user joined, or None."""
    text = clause.strip()
    for pattern in _JOIN_RX.get(language, ()):
        if m := pattern.match(text):
            return _employer(m.group("n"), language)
    m = _DE_SWITCHED_TO.match(text) if language == "de" else None
    if m is not None and _JOB_WORDS & set(re.findall(r"\w+", message.lower())):
        return _employer(m.group("n"), language)
    return None


def speaks_of_a_job(sentence: str) -> bool:
    return bool(_JOB_WORDS & set(re.findall(r"\w+", sentence.lower())))


def now_at(clause: str, language: str) -> tuple[str, str, str] | None:
    """(text, slot, value) for "now I am at X", read as an employer only after an employer was left."""
    pattern = _NOW_AT_RX.get(language)
    if pattern is not None and (m := pattern.match(clause.strip())):
        return _employer(m.group("n"), language)
    return None


# "Now I am in X", said right after a home the user left ("non abito più a Rimini, adesso sto a Cesena", "je
# n'habite plus à Caen, je suis à Rouen maintenant"): the new home. Alone ("adesso sto a Cesena per lavoro")
# it is where the user is today, so the caller asks for the ended home first.
_NOW_IN = {
    "it": rf"(?:ora|adesso)\s+(?:sto|sono|abito|vivo)\s+(?:a|in)\s+{_NAME}",
    "es": rf"ahora\s+(?:estoy|vivo)\s+en\s+{_NAME}",
    "fr": rf"(?:maintenant\s+|désormais\s+)?je\s+suis\s+(?:à|a|en)\s+{_NAME}(?:\s+(?:maintenant|désormais))?",
    "pt": rf"agora\s+(?:estou|moro|vivo)\s+(?:em|no|na)\s+{_NAME}",
    "de": rf"(?:jetzt|nun|inzwischen)\s+(?:(?:bin|wohne|lebe)\s+ich\s+)?in\s+{_NAME}",
}
_NOW_IN_RX = {language: re.compile(rf"(?i)^(?:{pattern})[\s.!]*$") for language, pattern in _NOW_IN.items()}
_LIVES_IN = {
    "it": "{S} vive a {n}",
    "es": "{S} vive en {n}",
    "fr": "{S} habite à {n}",
    "pt": "{S} mora em {n}",
    "de": "{S} wohnt in {n}",
}


def now_in(clause: str, language: str) -> tuple[str, str, str] | None:
    """(text, "location", place) for "now I am in X"; the caller reads it only after a home ended."""
    pattern = _NOW_IN_RX.get(language)
    m = pattern.match(clause.strip()) if pattern is not None else None
    if m is None:
        return None
    place = m.group("n").strip(" .!")
    return _LIVES_IN[language].format(S=SUBJECTS[language], n=place), "location", place


_DE_PLACE_WORDS = words("bei in im nach zu zum zur für mit an am auf aus von vom")


# Someone else the short remainder is about ("Meine Schwester seit 2019", "mi hermano desde 2019", "lui
# dal 2019"): the time is theirs, not the user's fact's.
# ("we", "on", "nous" include the user: "on s'est séparés la semaine dernière" is the user's time.)
_PEOPLE = {
    "de": "mein meine meinen meinem meiner sein seine seinen ihr ihre ihren unser unsere er sie",
    "es": "mi mis su sus nuestro nuestra él ella ellos ellas",
    "it": "mio mia miei mie suo sua suoi sue nostro nostra lui lei loro",
    "fr": "mon ma mes son sa ses notre nos leur leurs il elle ils elles",
    "pt": "meu minha meus minhas seu sua dele dela nosso nossa ele ela eles elas",
}
_KIN = words(
    "schwester bruder mutter vater frau mann freundin freund kinder kind sohn tochter eltern chef chefin"
    " hermana hermano madre padre mujer marido esposo esposa hijo hija hijos novio novia jefe jefa padres"
    " sorella fratello mamma papà moglie marito figlio figlia figli ragazza ragazzo capo genitori"
    " sœur frère mère père femme mari fils fille enfants copain copine patron parents"
    " irmã irmão mãe pai esposa marido filho filha filhos namorada namorado chefe pais"
)
_PEOPLE_WORDS = {language: words(said) | _KIN for language, said in _PEOPLE.items()}
# A span says when something began and ended ("dal 2010 fino al 2020", "von 2010 bis 2015"): no start.
_SPAN = re.compile(r"(?i)\b(?:fino|finché|hasta|jusqu|até|bis)\b|\d")


def closes_a_span(rest: str) -> bool:
    """Whether what a clause says besides its first time closes a span ("fino al 2020", "bis 2015")."""
    return bool(re.search(r"(?i)\b(?:fino|finché|hasta|jusqu|até|bis)\b", rest))


def since_before(clause: str, at: int) -> bool:
    """Whether the time at ``at`` in ``clause`` is said as a start: "seit", "desde", "depuis", "dal"."""
    return bool(re.search(r"(?i)\b(?:seit|desde|depuis|dès|da|dal|dall'|dalla|dai|dalle)\s*$", clause[:at]))


def others_time_from(clause: str, at: int, language: str) -> int | None:
    """Where the comma-led part of ``clause`` holding the time at ``at`` begins, when that part speaks of
    someone else ("Ich wohne in Köln, meine Schwester seit 2019"): the time is theirs, not the user's."""
    comma = clause.rfind(",", 0, at)
    if comma < 0:
        return None
    said = {w.lower() for w in re.findall(r"[^\W\d_]+", clause[comma + 1 :])}
    return comma if _PEOPLE_WORDS.get(language, frozenset()) & said else None


def dates_the_last(rest: str, language: str) -> bool:
    """Whether what a clause says besides its stated time is short and names nothing: "lo dejé",
    "l'ho lasciato", "j'ai arrêté", "keine einzige Zigarette" (German writes every noun capitalised, so
    there a preposition is what would bring a name: "seit 2019 bei Siemens"). Not when the remainder
    is about someone else ("meine Schwester seit 2019") or closes a span ("dal 2010 fino al 2020")."""
    said = re.findall(r"[^\W\d_]+", rest)
    if len(said) > 3 or _SPAN.search(rest):
        return False
    if _PEOPLE_WORDS.get(language, frozenset()) & {w.lower() for w in said}:
        return False
    if language == "de":
        return not _DE_PLACE_WORDS & {w.lower() for w in said}
    return not any(w[:1].isupper() for w in said[1:])


# "ho lasciato Excel per Numbers", "dejé Spotify por Deezer", "j'ai lâché Chrome pour Firefox",
# "deixei o Chrome pelo Firefox", "ich habe Notion für Obsidian aufgegeben": one thing given up for another.
_X = r"(?P<x>(?-i:[A-ZÀ-Ý]|[a-z]+[A-Z])[\w&'.+-]*(?:\s+(?-i:[A-ZÀ-Ý0-9])[\w&'.+-]*){0,2})"
_Y = _X.replace("?P<x>", "?P<y>")
_LEFT_FOR = {
    "it": rf"(?:io\s+)?ho\s+(?:lasciato|mollato|abbandonato)\s+(?:il\s+|lo\s+|la\s+|l')?{_X}\s+per\s+"
    rf"(?:il\s+|lo\s+|la\s+|l')?{_Y}",
    "es": rf"(?:yo\s+)?(?:dejé|he\s+dejado|abandoné|he\s+abandonado)\s+(?:el\s+|la\s+)?{_X}\s+por\s+"
    rf"(?:el\s+|la\s+)?{_Y}",
    "fr": rf"j'ai\s+(?:quitté|lâché|laissé\s+tomber|abandonné)\s+(?:le\s+|la\s+|l')?{_X}\s+pour\s+"
    rf"(?:le\s+|la\s+|l')?{_Y}",
    "pt": rf"(?:eu\s+)?(?:deixei|larguei|abandonei)\s+(?:o\s+|a\s+)?{_X}\s+(?:pelo|pela|por)\s+(?:o\s+|a\s+)?{_Y}",
    "de": rf"ich\s+(?:habe|hab)\s+{_X}\s+für\s+{_Y}\s+(?:verlassen|aufgegeben)",
}
_LEFT_FOR_RX = {language: re.compile(rf"(?i)^(?:{p})(?:[\s.!]*|\s*[,;].*)$") for language, p in _LEFT_FOR.items()}
_LEFT_TEXT = {
    "it": "{S} ha lasciato {x}",
    "es": "{S} dejó {x}",
    "fr": "{S} a quitté {x}",
    "pt": "{S} deixou {x}",
    "de": "{S} hat {x} verlassen",
}
_NOW_USES = {
    "it": "{S} usa ora {y}",
    "es": "{S} usa ahora {y}",
    "fr": "{S} utilise maintenant {y}",
    "pt": "{S} usa agora {y}",
    "de": "{S} nutzt jetzt {y}",
}
_NO_LONGER_USES = {
    "it": "{S} non usa più {x}",
    "es": "{S} ya no usa {x}",
    "fr": "{S} n'utilise plus {x}",
    "pt": "{S} já não usa {x}",
    "de": "{S} nutzt {x} nicht mehr",
}
# Neither a tool nor a job: "switched to Y" says what is known, whichever it was.
_SWITCHED_TO = {
    "it": "{S} è passato a {y}",
    "es": "{S} se pasó a {y}",
    "fr": "{S} est passé à {y}",
    "pt": "{S} passou para {y}",
    "de": "{S} ist zu {y} gewechselt",
}


def left_for(clause: str, language: str, sentence: str, is_tool) -> list[tuple[str, str, str, bool]]:
    """(text, slot, value, negated) for one thing given up for another: the old one retracted, the new
    one stated on the old one's slot. A job when the sentence speaks of one; a tool when either is a
    known tool; else the neutral "switched to"."""
    pattern = _LEFT_FOR_RX.get(language)
    m = pattern.match(clause.strip()) if pattern is not None else None
    if m is None:
        return []
    subject = SUBJECTS[language]
    old, new = m.group("x").strip(), m.group("y").strip()
    if _JOB_WORDS & set(re.findall(r"\w+", sentence.lower())) and not (is_tool(old) or is_tool(new)):
        return [
            (_LEFT_TEXT[language].format(S=subject, x=old), "employer", old, True),
            (_WORKS_AT[language].format(S=subject, n=new), "employer", new, False),
        ]
    slot = "*:" + old.lower()
    said = _NOW_USES if is_tool(old) or is_tool(new) else _SWITCHED_TO
    return [
        (_NO_LONGER_USES[language].format(S=subject, x=old), slot, old, True),
        (said[language].format(S=subject, y=new), slot, new, False),
    ]


# What one consumes, given up: "dejé el café", "ho smesso con il caffè", "larguei o tabaco". An ending of
# the habit of having it (its key is the thing, as for "bevo caffè", "trinke Kaffee").
_CONSUMED = words(
    "café caffè coffee kaffee alcohol alcol alcool álcool alkohol tabaco tabacco tabac tabak azúcar zucchero"
    " sucre açúcar zucker cerveza birra bière cerveja bier vino vin vinho wein cigarrillos sigarette cigarettes"
    " cigarros cigarros zigaretten refrescos bibite sodas refrigerantes"
)
_QUIT_THING = {
    "it": r"(?:io\s+)?ho\s+(?:smesso|chiuso)\s+con\s+(?P<art>il|lo|la|l'|i|le|gli)\s*(?P<t>[\wàèéìòù]+)",
    "es": r"(?:yo\s+)?(?:dejé|he\s+dejado|abandoné)\s+(?P<art>el|la|los|las)\s+(?P<t>[\wáéíóúñ]+)",
    "pt": r"(?:eu\s+)?(?:deixei|larguei|parei\s+com)\s+(?P<art>o|a|os|as)\s+(?P<t>[\wáéíóúãõç]+)",
}
_QUIT_THING_RX = {language: re.compile(rf"(?i)^{p}[\s.!]*$") for language, p in _QUIT_THING.items()}
_QUIT_TEXT = {"it": "{S} ha smesso con {a} {t}", "es": "{S} dejó {a} {t}", "pt": "{S} deixou {a} {t}"}


def quit_consumed(clause: str, language: str) -> tuple[str, str] | None:
    """(text, thing) for something consumed that the user gave up, or None."""
    pattern = _QUIT_THING_RX.get(language)
    m = pattern.match(clause.strip()) if pattern is not None else None
    if m is None or m.group("t").lower() not in _CONSUMED:
        return None
    text = _QUIT_TEXT[language].format(S=SUBJECTS[language], a=m.group("art"), t=m.group("t"))
    return text.replace("l' ", "l'"), m.group("t")


# Roles the statement frames' lexicon lacks, by stem, in the five languages: "sono commessa", "je suis
# directeur d'école", "ich bin jetzt Koch". A role is the user's occupation, so a new one replaces the old.
_ROLE_STEMS = (
    "commess dependient vendeu vendedor verkäufer direttor director directeur diretor direktor impiegat emplead"
    " employé empregad angestellt operai obrer ouvrier operári arbeiter autist chauffeur motorist fahrer"
    " poliziott policía policier polícia polizist bibliotecari bibliotecár bibliothécaire bibliothekar"
    " parrucchier peluquer"
    " coiffeu cabeleireir friseu murator albañil maçon pedreir maurer segretari secretari secrétaire sekretär"
    " educat educador éducat erzieher giardinier jardiner jardinier jardineir gärtner meccanic mecánic"
    " mécanicien mecânic mechaniker barist cassier cajer caissi kassierer tassist taxist postin cartero facteur"
    " carteir imprenditor empresari entrepreneu unternehmer lehrer ärzt arzt koch köchin kellner pfleger"
    " krankenschwester ingenieur anwält anwalt programmierer entwickler journalist cuisinier enfermer"
    # waiting, serving and care work, and trades, as chat says them (Brazilian Portuguese among them)
    " garçom garçonete atendente balconist recepcionist faxineir diarist cuidador cuidadora badante camarer"
    " cameriere cameriera serveur serveuse kassiererin caixa repositor entregador motoboy porteir vigilant"
    " segurança eletricist electricist elettricist électricien elektriker encanador fontaner idraulic plombier"
    " klempner carpinteir carpinter falegnam menuisier tischler padeir panader panettier boulanger bäcker"
    " confeiteir pasteler pasticcier pâtissier konditor açougueir carnicer macellai boucher metzger"
    " bombeir pompier vigile feuerwehr soldad soldat militar fisioterapeut fisioterapist physiothérapeute"
    " physiotherapeut psicólog psicolog psychologue psycholog nutricionist nutrizionist nutritionniste"
    " farmacêutic farmacéutic farmacist pharmacien apotheker contador contable comptable contabil buchhalter"
    " gerente gérant geschäftsführer analist analyst técnic tecnic technicien techniker estagiári becari"
    " stagiaire praktikant assistente asistente fotógraf fotograf photographe designer tradutor traductor"
    " traduttor traducteur übersetzer"
)
_ROLE = "(?:" + "|".join(sorted(_ROLE_STEMS.split(), key=len, reverse=True)) + r")[\wà-ÿ]*"
_ROLE_OF = rf"{_ROLE}(?:\s+(?:di|de|d'|do|da|del|du)\s*[\wà-ÿ]+)?"
_ROLE_SAID = {
    "it": rf"(?:io\s+)?(?:(?:ora|adesso)\s+)?(?:sono|faccio\s+(?:il|la|lo|l'))\s*(?:un|una|un')?\s*(?P<v>{_ROLE_OF})",
    "es": rf"(?:yo\s+)?(?:ahora\s+)?(?:soy|trabajo\s+de)\s+(?:un|una\s+)?(?P<v>{_ROLE_OF})",
    "fr": rf"(?:maintenant\s+)?je\s+suis\s+(?:devenue?\s+)?(?:un\s+|une\s+)?(?P<v>{_ROLE_OF})",
    "pt": rf"(?:eu\s+)?(?:agora\s+)?sou\s+(?:um\s+|uma\s+)?(?P<v>{_ROLE_OF})",
    "de": rf"ich\s+bin\s+(?:jetzt\s+|nun\s+|inzwischen\s+)?(?:ein\s+|eine\s+)?(?P<v>{_ROLE_OF})",
}
# Where the role is done, said after it ("sou garçom num bar em Copacabana", "soy camarera en un hotel"): part
# of the occupation's text, as the frames keep it ("é enfermeira no hospital de Santa Maria").
_ROLE_PLACE = (
    r"(?:\s+(?:em|num|numa|no|na|en|in|a|dans|à|au|bei|im|am|an|presso|nel|nella|nello|al|alla|chez)"
    r"\s+[^,;.!?]*?[^\s,;.!?])?"
)
_ROLE_RX = {
    language: re.compile(rf"(?i)^{p}{_ROLE_PLACE}(?:\s+(?:maintenant|jetzt|ahora|agora|adesso|ora))?[\s.!]*$")
    for language, p in _ROLE_SAID.items()
}
_IS = {"it": "{S} è {v}", "es": "{S} es {v}", "fr": "{S} est {v}", "pt": "{S} é {v}", "de": "{S} ist {v}"}


def role(clause: str, language: str) -> tuple[str, str] | None:
    """(text, role) for "I am <a role>" said with a role the frames do not know, or None."""
    pattern = _ROLE_RX.get(language)
    m = pattern.match(clause.strip()) if pattern is not None else None
    if m is None:
        return None
    said = m.group("v").strip()
    whole = m.group(0).strip(" .!")[m.start("v") :].strip()
    return _IS[language].format(S=SUBJECTS[language], v=whole), said


# A partner "had" ("tengo novia", "j'ai une copine", "ich habe eine Freundin") is the partner, not a belonging:
# on the partner slot, a break-up ends it.
_PARTNER_NOUNS = words(
    "novia novio pareja ragazza ragazzo fidanzata fidanzato compagna compagno copain copine freundin freund"
    " partner partnerin namorada namorado companheira companheiro"
)


def is_partner(thing: str) -> bool:
    return thing.lower() in _PARTNER_NOUNS


# "Tengo novia.", "ho la ragazza", "ich habe einen Freund": having a partner, said with nothing else, which
# the general layer leaves unsaid (too short to call a durable fact). The partner slot, no name.
_HAVE_PARTNER = {
    "es": (r"(?:yo\s+)?tengo", r"(?:una|un)", "tiene"),
    "it": (r"(?:io\s+)?ho", r"(?:la|il|una|un)", "ha"),
    "fr": (r"j'ai", r"(?:une|un)", "a"),
    "pt": (r"(?:eu\s+)?tenho", r"(?:uma|um)", "tem"),
    "de": (r"ich\s+(?:habe|hab)", r"(?:eine|einen)", "hat"),
}


# "Tengo un novio que se llama Álvaro", "ich habe einen Freund, er heißt Lukas": the partner named in a
# relative clause, said again as the frames read it ("mi novio se llama Álvaro").
_PARTNER_CALLED = {
    "es": (r"(?:yo\s+)?tengo\s+(?P<art>un|una)?", r"(?:que\s+)?se\s+llama", "mi {n} se llama {v}"),
    "it": (r"(?:io\s+)?ho\s+(?P<art>un|una|il|la)?", r"(?:che\s+)?si\s+chiama", "{my} {n} si chiama {v}"),
    "fr": (r"j'ai\s+(?P<art>un|une)", r"(?:qui\s+)?(?:(?:il|elle)\s+)?s'appelle", "{my} {n} s'appelle {v}"),
    "pt": (r"(?:eu\s+)?tenho\s+(?P<art>um|uma)?", r"(?:que\s+)?(?:se\s+chama|chama-se)", "{my} {n} chama-se {v}"),
    "de": (r"ich\s+(?:habe|hab)\s+(?P<art>einen|eine)", r"(?:der|die|er|sie)\s+heißt", "{my} {n} heißt {v}"),
}
_MY = {
    "it": ("il mio", "la mia"),
    "fr": ("mon", "ma"),
    "pt": ("o meu", "a minha"),
    "de": ("mein", "meine"),
    "es": ("mi", "mi"),
}
_FEMININE_ARTICLE = words("una une uma eine la")
_PARTNER_CALLED_RX = {
    language: re.compile(
        rf"(?i)^(?P<lead>.*?\b)?{have}\s*(?P<n>[^\W\d_]+)\s*,?\s+{called}\s+(?P<v>(?-i:[A-ZÀ-Ý])[\wà-ÿ'-]+)"
    )
    for language, (have, called, _) in _PARTNER_CALLED.items()
}


def partner_called(sentence: str, language: str) -> str:
    """The sentence with a partner named in a relative clause said as "my partner is called N"; any other
    sentence as it was. Only at the start of the sentence or after a comma or "and": "mi hermana tiene un novio
    que..." is the sister's."""
    pattern = _PARTNER_CALLED_RX.get(language)
    m = pattern.match(sentence) if pattern else None
    if m is None or not is_partner(m.group("n")):
        return sentence
    lead = (m.group("lead") or "").strip()
    now = r"ahora|agora|adesso|ora|maintenant|jetzt|inzwischen|finalmente|enfin|endlich"
    if lead and not re.search(rf"(?i)(?:[,;:!]|\b(?:y|e|et|und|pero|ma|mais|mas|aber|{now}))$", lead):
        return sentence
    article = (m.group("art") or "").lower()
    feminine = article in _FEMININE_ARTICLE or m.group("n").lower().endswith("a") and language != "de"
    if language == "de":
        feminine = article == "eine"
    my = _MY[language][1 if feminine else 0]
    said = _PARTNER_CALLED[language][2].format(
        my=my, n=m.group("n") if language == "de" else m.group("n").lower(), v=m.group("v")
    )
    return (
        sentence[: m.start("lead") if m.group("lead") else 0]
        + (lead + " " if lead else "")
        + said
        + sentence[m.end() :]
    )


def partner_had(clause: str, language: str) -> tuple[str, str] | None:
    """(text, partner noun) for "tengo novia" and its like in ``language``; None for anything else."""
    if language not in _HAVE_PARTNER:
        return None
    have, article, third = _HAVE_PARTNER[language]
    m = re.match(rf"(?i)^{have}\s+(?P<said>(?:{article}\s+)?(?P<noun>[^\W\d_]+))[\s.!]*$", clause.strip())
    if m is None or not is_partner(m.group("noun")):
        return None
    return f"{SUBJECTS[language]} {third} {m.group('said')}", m.group("noun")
