"""Who a clause in German, Spanish, French, Italian or Portuguese is about, and how the user said it.

* **Someone else's ending.** "Il ne travaille plus chez Renault", "Marco non lavora più alla Fiat",
  "Carlos ya no trabaja en Repsol", "Marie raucht nicht mehr": a "no longer" whose subject is a
  third person (a pronoun, a name, a noun phrase) is not the user's ending. The Romance languages put
  the subject before the negation; Italian, Spanish and Portuguese also show the person in the verb
  after it ("non lavora", "ya no trabaja"), so both are read.
* **The user's grammatical gender.** The subject of a fact ("L'utente", "El usuario", "O utilizador",
  "L'utilisateur") is a masculine noun, but a user who says "sono fidanzata", "estoy casada", "je suis
  née" speaks of herself in the feminine: the predicate of her fact keeps the feminine form she used
  ("L'utente è fidanzata con Paolo").
* **Chat spelling.** Names written in lowercase after a verb of living ("vivo en malaga", "moro em
  sao paulo", "ich wohne in muenchen") or after "chez"/"bei" ("je bosse chez orange", "arbeite bei
  sap"), and the negations typed without accents ("non lavoro piu", "nao trabalho mais"), are brought
  to the forms the frames read.

Pure functions.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from shared.providers.offline import foreign_a_gente, foreign_when_first
from shared.providers.offline.text_forms import words

__all__ = [
    "as_first_person",
    "as_said_by_her",
    "chat_forms",
    "chat_restored",
    "employer_after_role",
    "feminine_kin",
    "introduced",
    "last_weekend",
    "not_stated",
    "partner_left",
    "someone_else_ends",
    "speaks_as_woman",
    "time_said_last",
    "work_at_as",
]

# --------------------------------------------------------------------------------------------
# Someone else's "no longer"
# --------------------------------------------------------------------------------------------

_THIRD_PERSON = {
    "it": "lui lei loro egli ella esso essa costui costei",
    "es": "él el ella ellos ellas usted ustedes",
    "fr": "il elle ils elles on",
    "pt": "ele ela eles elas você vocês",
    "de": "er sie es man",
}
# A noun phrase opening the clause: an article or a possessive ("il mio capo", "o Rui", "mon frère").
_DETERMINERS = {
    "it": "il lo la i gli le l' un una uno mio mia miei mie tuo tua suo sua nostro nostra questo questa quel quella",
    "es": "el la los las un una mi mis tu tus su sus nuestro nuestra este esta ese esa aquel",
    "fr": "le la les l' un une mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs ce cet cette ces",
    "pt": "o a os as um uma meu minha meus minhas teu tua seu sua nosso nossa este esta esse essa",
    "de": "der die das den dem ein eine einen mein meine meinen dein deine sein seine ihr ihre unser unsere",
}
_FIRST_PERSON = words("io yo je j' eu ich moi me mi")
# What may stand before the user's own negation: "ora non fumo più", "bueno, ya no fumo", "et je ne".
_LEAD_WORDS = words(
    "e ed ma però pero y pero et mais e mas und aber also "
    "ora adesso ormai oggi purtroppo sinceramente davvero beh allora comunque poi "
    "ahora hoy bueno pues la verdad sinceramente desgraciadamente total "
    "maintenant aujourd'hui bon alors franchement malheureusement bref donc enfin "
    "agora hoje então bem sinceramente infelizmente pois "
    "jetzt nun heute leider ehrlich gesagt inzwischen mittlerweile übrigens"
)
_THIRD_WORDS = {language: words(said) | words(_DETERMINERS[language]) for language, said in _THIRD_PERSON.items()}
_CLITICS = words("mi ci ti si me te se nos lo la le li ne les")
# The user's own verb after the negation (Italian, Spanish, Portuguese): "-o" or a known irregular form.
_FIRST_IRREGULAR = words("sono sto ho so do vado soy estoy voy doy he sé sou estou vou dou tenho sei")
_WORD = re.compile(r"[^\W\d_][\w'-]*")


def someone_else_ends(text: str, at: int, language: str) -> bool:
    """Whether the "no longer" starting at ``at`` in ``text`` is said of someone other than the user:
    its subject, before the negation, is a third person, or (Italian, Spanish, Portuguese) the verb
    after it is not in the first person."""
    before = _WORD.findall(text[:at])
    lowered = [w.lower() for w in before]
    if language == "de":
        # "nicht mehr" follows the verb: "ich rauche nicht mehr", "rauche nicht mehr" (subject dropped)
        if "ich" in lowered or "wir" in lowered:
            return False
        return len(before) != 1 or not lowered[0].endswith("e")  # "Marie raucht", "er raucht"
    if language == "fr":
        return not ({"je", "j'"} & set(lowered) or any(w.startswith("j'") for w in lowered))
    for said, lower in zip(before, lowered, strict=True):
        if lower in _FIRST_PERSON:
            continue
        if lower in _THIRD_WORDS.get(language, ()):
            return True  # "lui non fuma più", "il mio capo non lavora più", "o Rui já não"
        if said[:1].isupper() and lower not in _LEAD_WORDS:
            return True  # "Marco non lavora più alla Fiat": a name
    after = [w.lower() for w in _WORD.findall(text[at:])]
    verbs = [w for w in after[1:] if w not in _CLITICS and w not in ("più", "no", "não", "mais", "nunca")]
    verb = verbs[0] if verbs else ""
    return bool(verb) and not (verb in _FIRST_IRREGULAR or (verb.endswith("o") and len(verb) > 2))


# --------------------------------------------------------------------------------------------
# The user's grammatical gender, as she said it
# --------------------------------------------------------------------------------------------

# The user speaking of herself in the feminine: a first-person "be" and a feminine participle or adjective.
_FEMININE_SELF = {
    "it": r"\b(?:(?:io\s+)?sono|mi\s+sono|me\s+ne\s+sono)\s+(?:(?:appena|già|ormai|felicemente|finalmente)\s+)?"
    r"\w+(?:at|ut|it|ian|an|in|nt|rt|ss|ic)a\b",
    "es": r"\b(?:(?:yo\s+)?(?:soy|estoy)|me\s+he)\s+(?:(?:ya|felizmente|recién)\s+)?"
    r"(?!nada\b|toda\b)\w+(?:ad|id|ian|er|or|iud|ic)a\b",
    "pt": r"\b(?:(?:eu\s+)?(?:sou|estou)|fiquei)\s+(?:(?:já|felizmente)\s+)?"
    r"(?!nada\b|toda\b)\w+(?:ad|id|an|eir|or|iv|úv|ic)a\b",
    # "-ue" as in "venue", "perdue", but not "-que": "allergique", "sympathique" are both genders
    "fr": r"\bje\s+(?:me\s+)?suis\s+(?:(?:déjà|enfin|heureusement)\s+)?"
    r"\w+(?:ée|ie|(?<!q)ue|ienne|euse|trice|ère|ive)\b",
}
_FEMININE_SELF_RX = {language: re.compile(pattern, re.IGNORECASE) for language, pattern in _FEMININE_SELF.items()}
_SUBJECTS = {
    "it": "L'utente",
    "es": "El usuario",
    "fr": "L'utilisateur",
    "pt": "O utilizador",
}
# The predicate of a fact about the user, in the masculine: "è fidanzato", "si è laureato", "está casado",
# "é noivo", "est marié", "s'est mariée".
_MASCULINE_PREDICATE = {
    "it": r"(?P<lead>(?:non\s+)?(?:si\s+)?è\s+(?:(?:stato|già|più)\s+)?)(?P<w>\w+(?:at|ut|it|ian|an|in|ss|rt|ic)o)\b",
    "es": r"(?P<lead>(?:ya\s+no\s+)?(?:está|es|se\s+ha|ha\s+sido)\s+)(?P<w>\w+(?:ad|id|ian|er|iud|ic)o)\b",
    "pt": r"(?P<lead>(?:já\s+não\s+)?(?:é|está|ficou)\s+)(?P<w>\w+(?:ad|id|an|eir|iv|úv|ic)o)\b",
    "fr": r"(?P<lead>(?:n')?(?:est|s'est)\s+(?:(?:plus|déjà)\s+)?)(?P<w>\w+é)(?!e)\b",
}
_MASCULINE_PREDICATE_RX = {
    language: re.compile(rf"^(?P<s>{re.escape(_SUBJECTS[language])}\s+){pattern}")
    for language, pattern in _MASCULINE_PREDICATE.items()
}


def speaks_as_woman(clause: str, language: str) -> bool:
    """Whether the user speaks of herself in the feminine in ``clause`` ("sono nata", "estou casada")."""
    pattern = _FEMININE_SELF_RX.get(language)
    return bool(pattern and pattern.search(clause))


def as_said_by_her(text: str, language: str) -> str:
    """A fact about the user with its predicate in the feminine: "L'utente è nato a Napoli" -> "... è nata ..."."""
    pattern = _MASCULINE_PREDICATE_RX.get(language)
    m = pattern.match(text) if pattern else None
    if m is None:
        return text
    said = m.group("w")
    feminine = f"{said}e" if language == "fr" else f"{said[:-1]}a"
    return f"{text[: m.start('w')]}{feminine}{text[m.end('w') :]}"


# Spanish kin nouns that are feminine without ending in "-a": "La madre del usuario", not "El madre".
_FEMININE_KIN = {"es": words("madre mujer"), "pt": words("mãe mulher"), "fr": words("mère femme sœur")}


def feminine_kin(noun: str, language: str) -> bool:
    lower = noun.lower()
    return lower in _FEMININE_KIN.get(language, ()) or (language == "es" and lower.endswith("a"))


# --------------------------------------------------------------------------------------------
# Chat spelling: lowercase names, negations without accents
# --------------------------------------------------------------------------------------------

_NEGATED_VERB = {
    "it": r"(?:io\s+)?(?:non\s+)?",
    "es": r"(?:yo\s+)?(?:ya\s+no\s+|no\s+)?",
    "pt": r"(?:eu\s+)?(?:já\s+não\s+|não\s+)?",
    "fr": r"(?:je\s+|j')(?:ne\s+|n')?",
    "de": r"(?:ich\s+)?",
}
# Living somewhere, and (French, German) working at a named place: "chez" and "bei" are said of a name.
_LIVING = {
    "it": r"(?:vivo|abito)(?:\s+ancora)?\s+(?:a|in)",
    "es": r"(?:vivo)(?:\s+todavía)?\s+en",
    "pt": r"(?:moro|vivo)(?:\s+ainda)?\s+(?:em)",
    "fr": r"(?:habite|vis)(?:\s+plus)?\s+(?:à|a|en)|(?:travaille|bosse|bossais|travaillais)(?:\s+plus)?\s+chez",
    "de": r"(?:wohne|lebe|arbeite)(?:\s+ich)?(?:\s+(?:jetzt|nun|seit\s+\S+|nicht\s+mehr|noch))?\s+(?:in|bei)",
}
# "Now" said before the verb in chat ("ahora vivo en granada", "jetzt wohne ich in kiel"): the place is the same.
_NOW_LEAD = r"(?:(?:ahora|agora|adesso|ora|maintenant|désormais|jetzt|mittlerweile|inzwischen|nun)\s*,?\s+)?"
# Where one lives that is no name: "vivo in campagna", "j'habite en banlieue", "wohne in miete".
_COMMON_PLACES = words(
    "casa campagna centro periferia affitto città montagna collina paese zona provincia famiglia"
    " pueblo ciudad barrio afueras alquiler piso familia"
    " cidade aldeia interior vila família"
    " banlieue campagne ville centre colocation location famille moi toi lui elle eux nous vous"
    " stadt land dorf wg miete zentrum der die dem den einer einem"
    # a possessive or an article opens a common noun ("chez mon oncle", "bei meiner Tante"), never a name
    " mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs un une le la les"
    " mio mia miei mie tuo tua tuoi tue suo sua suoi sue nostro nostra vostro vostra loro il lo gli uno una"
    " meu minha meus minhas teu tua seu sua seus suas nosso nossa o os as um"
    " mi mis tu tus su sus nuestro nuestra nuestros nuestras el los las unos"
    " mein meine meinem meiner meinen dein deine deinem deiner sein seine seinem seiner ihr ihre ihrem ihrer"
    " unser unsere unserem unserer ein eine einen des"
)
_GERMAN_POSSESSIVES = words(
    "mein meine meinem meiner meinen dein deine deinem deiner deinen sein seine seinem seiner seinen ihr ihre ihrem"
    " ihrer ihren unser unsere unserem unserer unseren"
)
_NAME_END = words(
    "e ed y et und ma pero mais aber mas da dal desde depuis seit há hace con com avec mit per para pour für"
    " quando cuando quand wenn ora ahora maintenant jetzt agora adesso ya già já déjà schon ancora todavía"
    " encore noch ainda plus mehr nicht non no não ne pas ha há hace fa"
)
_PARTICLES = words("de di do da del des du dos das von")
_PLACE_RX = {
    language: re.compile(
        rf"(?i)^(?P<lead>{_NOW_LEAD}{_NEGATED_VERB[language]}(?:{_LIVING[language]})\s+)(?P<name>(?-i:[a-zà-ÿ])[\w'-]*"
        rf"(?:\s+(?-i:[a-zà-ÿ])[\w'-]*){{0,2}})"
    )
    for language in _LIVING
}
_ACCENTS = {
    "it": ((re.compile(r"(?i)\b(non\b.*?\b)piu\b"), r"\1più"),),
    "pt": ((re.compile(r"(?i)\bja\s+nao\b"), "já não"), (re.compile(r"(?i)\bnao\b"), "não")),
    "es": ((re.compile(r"(?i)\b(ya\s+no\b|no\b.*?\b)mas\s*$"), r"\1más"),),
    "fr": ((re.compile(r"(?i)\b(j'habite|je\s+vis|je\s+suis|j'ai\s+déménagé)\s+a\s+(?=\w)"), r"\1 à "),),
}


def chat_restored(clause: str, language: str) -> str:
    """The clause with a lowercase place or workplace name capitalised, and the accents of a negation put
    back; anything else as said."""
    text = clause.strip()
    for pattern, repl in _ACCENTS.get(language, ()):
        text = pattern.sub(repl, text)
    pattern = _PLACE_RX.get(language)
    m = pattern.match(text) if pattern else None
    if m is None:
        return text
    kept: list[str] = []
    for word in m.group("name").split():
        lower = word.lower()
        if language == "de" and not kept and lower in _GERMAN_POSSESSIVES:
            # "bei meinen eltern": German writes the noun after a possessive capitalised (no name: the
            # possessive stays lowercase, so no reader takes the phrase for a company)
            rest = m.group("name").split()[1:]
            nouns = [w[:1].upper() + w[1:] if w.lower() not in _NAME_END else w for w in rest[:1]] + rest[1:]
            return text[: m.start("name")] + " ".join([lower, *nouns]) + text[m.end("name") :]
        if lower in _NAME_END or (not kept and lower in _COMMON_PLACES):
            break
        kept.append(lower if lower in _PARTICLES else word[:1].upper() + word[1:])
    while kept and kept[-1] in _PARTICLES:
        kept.pop()
    if not kept:
        return text
    said = m.group("name").split()
    return text[: m.start("name")] + " ".join(kept + said[len(kept) :]) + text[m.end("name") :]


_COUNTS = "um|uma|dois|duas|três|tres|quatro|cinco|seis|dos|cuatro|unos|unas|alguns|algumas|muitos|muchos"
# Chat forms the frames do not read: "nn" (non), "j'bosse" (je bosse), "chuis" (je suis), "ich hab" (habe).
_CHAT_FORMS = {
    "it": ((re.compile(r"(?i)\bnn\b"), "non"),),
    "fr": (
        (re.compile(r"(?i)\bj'(?=[bcdfgjklmnpqrstvwxz])"), "je "),
        (re.compile(r"(?i)\b(?:chuis|chui|j'suis|jsuis)\b"), "je suis"),
    ),
    "de": ((re.compile(r"(?i)\b(ich\s+)hab\b"), r"\1habe"), (re.compile(r"(?i)\bhab(\s+ich)\b"), r"habe\1")),
    # "há dois anos" and "hace dos años" typed without their accents: the stated time is read again
    "pt": ((re.compile(rf"(?i)\bha(?=\s+(?:\d+|{_COUNTS})\s+(?:anos?|meses|mês|mes|semanas?|dias?)\b)"), "há"),),
    "es": ((re.compile(rf"(?i)\b(\d+|{_COUNTS}|el|este|un)\s+an(os?)\b"), r"\1 añ\2"),),
}
# A move said with where it left from: "mi sono trasferito da Roma a Milano", "me mudé de Madrid a Vigo",
# "j'ai déménagé de Paris à Lyon", "mudei-me de Lisboa para o Porto", "ich bin von Berlin nach Köln gezogen".
# The new home is the fact (it replaces the old one on its slot); the place left is dropped from the clause.
_MOVED_FROM = {
    "it": r"(?P<v>\b(?:trasferit[oaie]|spostat[oaie]|traslocat[oaie]))\s+da\s+\S+(?:\s+\S+)?\s+(?=(?:a|in)\s)",
    "es": r"(?P<v>\b(?:mudé|mudado|mudamos|trasladé|trasladado))\s+de\s+\S+(?:\s+\S+)?\s+(?=a\s)",
    "fr": r"(?P<v>\b(?:déménagé|déménagée|déménagés|installée?s?))\s+de\s+\S+(?:\s+\S+)?\s+(?=(?:à|a|en)\s)",
    "pt": r"(?P<v>\b(?:mudei-me|mudei|mudámos|mudamos|mudado))\s+de\s+\S+(?:\s+\S+)?\s+(?=(?:para|pra|pro)\s)",
    "de": r"(?P<v>\b(?:bin|sind)(?:\s+\S+)?)\s+von\s+\S+\s+(?=nach\s)",
}
_MOVED_FROM_RX = {language: re.compile(pattern, re.IGNORECASE) for language, pattern in _MOVED_FROM.items()}


# What a thing is used for, said first: "per gli appunti uso Taccuino", "para las notas uso Notion", "pour les
# notes j'utilise Obsidian": the frames read the verb first ("uso Taccuino per gli appunti").
_FOR = {"it": r"per", "es": r"para", "pt": r"para|pra", "fr": r"pour"}
_DET = (
    r"(?:(?:il|lo|la|i|gli|le|l'|el|los|las|les|o|a|os|as|mes|mis|mon|ma|il\s+mio|la\s+mia|i\s+miei|le\s+mie"
    r"|o\s+meu|a\s+minha|os\s+meus|as\s+minhas)\s*)?"
)
_OWN_VERB = {
    "it": r"(?:io\s+)?[^\W\d_]{2,}o\b",
    "es": r"(?:yo\s+)?[^\W\d_]{2,}o\b",
    "pt": r"(?:eu\s+)?[^\W\d_]{2,}o\b",
    "fr": r"(?:j'|je\s+)",
}
_FRONTED_FOR_RX = {
    language: re.compile(rf"(?i)^(?P<pp>(?:{word})\s+{_DET}[^\W\d_][\w'-]*)\s*,?\s+(?P<rest>{_OWN_VERB[language]}.*)$")
    for language, word in _FOR.items()
}


# "Again" says the state is back, and the state is the fact: "da gennaio mangio di nuovo carne" replaces
# "sono vegetariano" as "mangio carne" does.
_AGAIN = re.compile(
    r"(?i)\s+(?:di\s+nuovo|nuovamente|de\s+nuevo|otra\s+vez|à\s+nouveau|de\s+nouveau|de\s+novo|outra\s+vez|wieder)\b"
)


# Introducing oneself with "be" and a name, the whole clause: "sono Giulia", "hola, soy Marta", "sou a Inês",
# "je suis Claire" is "mi chiamo ...". Not German ("ich bin Lehrerin": nouns are capitalised), and not a
# language or nationality written with a capital ("sono Italiano").
_GREETING = r"(?:(?:ciao|salve|hola|buenas|olá|ola|oi|salut|bonjour|coucou|hi|hey)[\s,!.]+)?"
_I_AM_NAMED = {
    "it": (r"(?:io\s+)?sono", "mi chiamo {n}"),
    "es": (r"(?:yo\s+)?soy", "me llamo {n}"),
    "pt": (r"(?:eu\s+)?sou\s+(?:o\s+|a\s+)?", "chamo-me {n}"),
    "fr": (r"je\s+suis", "je m'appelle {n}"),
}
_I_AM_NAMED_RX = {
    language: (re.compile(rf"^{_GREETING}{said}\s*(?P<n>(?-i:[A-ZÀ-Ý])[\wà-ÿ'-]+)[\s.!]*$", re.IGNORECASE), form)
    for language, (said, form) in _I_AM_NAMED.items()
}
_NOT_NAMES = words(
    "italiano italiana spagnolo spagnola francese tedesco tedesca portoghese inglese americano americana"
    " español española francés francesa alemán alemana portugués portuguesa inglés inglesa"
    " français française allemand allemande anglais anglaise espagnol espagnole italien italienne"
    " português portuguesa brasileiro brasileira inglês inglesa alemão alemã francês francesa"
    " ariete toro gemelli cancro leone vergine bilancia scorpione sagittario capricorno acquario pesci"
    " aries tauro géminis cáncer leo virgo libra escorpio sagitario capricornio acuario piscis"
)


def introduced(clause: str, language: str) -> str | None:
    """ "sono Giulia" -> "mi chiamo Giulia"; None when the clause is no self-introduction by name."""
    found = _I_AM_NAMED_RX.get(language)
    m = found[0].match(clause.strip()) if found else None
    said = m.group("n").lower() if m else ""
    if m is None or said in _NOT_NAMES or said.endswith(("ista", "iana", "ese", "ense")):
        return None  # "sono Italiana", "soy Tauro", "sono Giornalista": what one is, capitalised
    return found[1].format(n=m.group("n"))


def chat_forms(clause: str, language: str) -> str:
    """The clause with chat's short forms written out, the place a move left from dropped, and what a thing
    is used for said after it."""
    if named := introduced(clause, language):
        return named
    text = foreign_a_gente.as_first_person(_AGAIN.sub("", clause), language)  # "a gente tem dois gatos"
    for pattern, repl in _CHAT_FORMS.get(language, ()):
        text = pattern.sub(repl, text)
    moved = _MOVED_FROM_RX.get(language)
    text = moved.sub(lambda m: m.group("v") + " ", text) if moved else text
    fronted = _FRONTED_FOR_RX.get(language)
    if fronted and (m := fronted.match(text.strip())):
        text = f"{m.group('rest').rstrip(' .!')} {m.group('pp')[0].lower()}{m.group('pp')[1:]}"
    return text


# How long something has held, said before it: "ça fait trois ans que j'habite à Rennes", "sono tre anni che
# vivo a Roma", "è un anno che lavoro in Eni": the same as "j'habite à Rennes depuis trois ans".
_HELD_FOR = {
    "fr": (r"^(?:ça|ca|cela)\s+fait\s+(?P<t>[^,]{3,25}?)\s+que\s+(?P<rest>.+)$", "{rest} depuis {t}"),
    "it": (
        r"^(?:sono|è)\s+(?P<t>(?:già\s+)?[^,]{3,25}?(?:anni|anno|mesi|mese|settimane))\s+che\s+(?P<rest>.+)$",
        "{rest} da {t}",
    ),
}
_HELD_FOR_RX = {language: (re.compile(p, re.IGNORECASE), form) for language, (p, form) in _HELD_FOR.items()}


def time_said_last(clause: str, language: str) -> str:
    """A clause opening with how long it has held, or when a habit is done, said with the time after it."""
    clause = foreign_when_first.when_last(clause, language)  # "la sera studio economia"
    found = _HELD_FOR_RX.get(language)
    m = found[0].match(clause.strip()) if found else None
    if m is None:
        return clause
    return found[1].format(rest=m.group("rest").rstrip(" .!"), t=re.sub(r"(?i)^già\s+", "", m.group("t")))


# The last weekend: "il weekend scorso", "el finde pasado", "le week-end dernier", "no fim de semana passado",
# "letztes Wochenende".
_LAST_WEEKEND = {
    "it": r"(?:il\s+|lo\s+)?(?:weekend|week-end|fine\s+settimana|finesettimana)\s+scorso"
    r"|(?:lo\s+)?scorso\s+(?:weekend|fine\s+settimana)",
    "es": r"(?:el\s+)?(?:fin\s+de\s+semana|finde|fds)\s+pasado|(?:el\s+)?pasado\s+fin\s+de\s+semana",
    "fr": r"(?:le\s+)?(?:week-end|weekend|we)\s+dernier|(?:le\s+)?dernier\s+week-end",
    "pt": r"(?:n?o\s+)?(?:fim\s+de\s+semana|fds)\s+passado|(?:n?o\s+)?último\s+fim\s+de\s+semana",
    "de": r"(?:am\s+)?(?:letzten|vergangenen|letztes|vergangenes)\s+wochenende",
}
_LAST_WEEKEND_RX = {
    language: re.compile(rf"(?<!\w)(?:{pattern})(?!\w)", re.IGNORECASE) for language, pattern in _LAST_WEEKEND.items()
}


def last_weekend(text: str, today: date, language: str) -> tuple[date, int, int] | None:
    """(the Saturday, start, end) of the last weekend said in ``text``, or None."""
    pattern = _LAST_WEEKEND_RX.get(language)
    m = pattern.search(text) if pattern else None
    if m is None:
        return None
    return today - timedelta(days=(today.weekday() - 5) % 7 or 7), m.start(), m.end()


# What one must, should, wanted, needs or was thinking of doing, and a passing pain, are not what holds:
# "tengo que ir al médico", "ho bisogno di un consiglio", "j'ai mal à la tête",
# "tenho de deixar de fumar", "ho da finire", "ho sempre voluto vivere a Parigi", "ich sollte aufhören",
# "je pensais déménager". Said to tell something ("quería decirte que me mudé") it still tells it.
_SAYING = (
    r"(?!\s+(?:\w+\s+)?(?:dire|dirti|dirvi|decir|decirte|deciros|contarte|dizer|dizer-te|contar|raconter|sagen"
    r"|erzählen)\b)"
)
_NOT_STATED = {
    "it": r"\b(?:devo|dovrei|dovevo|ho\s+da|avevo\s+da|avrei\s+dovuto|ho\s+(?:sempre\s+)?voluto|volevo|pensavo"
    r"|stavo\s+pensando|bisogna|tocca\s+a\s+me|ho\s+bisogno|ho\s+(?:un\s+)?mal\s+di)\b",
    "es": r"\b(?:tengo\s+que|tenía\s+que|debo|debería|debía|hay\s+que|(?:siempre\s+)?he\s+querido|quería|quise"
    r"|pensaba|estaba\s+pensando|necesito|me\s+duele|me\s+duelen|tengo\s+dolor)\b",
    "fr": r"\b(?:je\s+dois|je\s+devrais|je\s+devais|il\s+faut|il\s+faudrait|j'ai\s+(?:toujours\s+)?voulu|je\s+voulais"
    r"|je\s+pensais|j'ai\s+besoin|j'ai\s+mal|je\s+(?:prépare|planifie|organise))\b",
    "pt": r"\b(?:tenho\s+(?:de|que)|tinha\s+(?:de|que)|devo|devia|deveria|(?:sempre\s+)?quis|queria|pensava"
    r"|estava\s+a\s+pensar|preciso|tenho\s+dor(?:es)?)\b",
    "de": r"\b(?:muss|müsste|musste|sollte|soll|wollte|dachte|überlegte|brauche|\w*schmerzen)\b"
    r"|\bbin\s+(?:gerade|grad|momentan|zurzeit|diese\s+woche)\s+(?:in|im|bei|auf)\b",
}
# The modal opens the clause (after a few words at most): "corro maratonas, preciso de ideias" states the running.
_NOT_STATED_RX = {
    language: re.compile(rf"^(?:\S+\s+){{0,3}}?(?:{pattern}){_SAYING}", re.IGNORECASE)
    for language, pattern in _NOT_STATED.items()
}


def not_stated(clause: str, language: str) -> bool:
    """Whether a clause says what the user must, should, wanted or thought of doing, or where they are just
    now, rather than what holds."""
    pattern = _NOT_STATED_RX.get(language)
    return bool(pattern and pattern.match(clause.strip().split(",")[0]))


# Working at a named place as something: two facts, the employer and the occupation ("trabajo en Mercadona
# de cajera", "seit Januar arbeite ich bei Infineon als Ingenieurin"). What comes before the verb (a stated
# time) goes with both.
_ORG = r"(?-i:[A-ZÀ-Ý])[\w&.'-]*(?:\s+(?-i:[A-ZÀ-Ý])[\w&.'-]*){0,2}"
_WORK_AT_AS = {
    "it": rf"(?P<v>(?:io\s+)?lavoro)\s+(?P<at>(?:in|da|presso|per|alla|al|nella|nel)\s+{_ORG})\s+(?P<as>come\s+.+)",
    "es": rf"(?P<v>(?:yo\s+)?trabajo)\s+(?P<at>(?:en|para)\s+(?:la\s+|el\s+)?{_ORG})\s+(?P<as>(?:como|de)\s+.+)",
    "fr": rf"(?P<v>je\s+(?:travaille|bosse))\s+(?P<at>(?:chez|pour)\s+{_ORG})\s+(?P<as>(?:comme|en\s+tant\s+que)\s+.+)",
    "pt": rf"(?P<v>(?:eu\s+)?trabalho)\s+(?P<at>(?:na|no|em|para\s+a|para\s+o|para)\s+{_ORG})\s+(?P<as>como\s+.+)",
    "de": rf"(?P<v>ich\s+arbeite|arbeite\s+ich|arbeite)\s+(?P<at>(?:bei|für)\s+(?:der\s+|dem\s+)?{_ORG})"
    r"\s+(?P<as>als\s+.+)",
}
_WORK_AT_AS_RX = {
    language: re.compile(rf"(?i)^(?P<lead>(?:\S+\s+){{0,4}}?){pattern}$") for language, pattern in _WORK_AT_AS.items()
}


# A role borrowed from English, said with "be" ("sono un data scientist a Pune", "ich bin Software Engineer bei
# Zalando", "sou developer na Critical"): the role, said as the work frames read it, and where: a place after a
# preposition of place, an employer after one of employment; a preposition that says either ("in Leonardo",
# "en Indra") names nothing.
_EN_ROLE = (
    r"(?:[\w-]+\s+){0,2}?(?:engineer|scientist|manager|analyst|developer|designer|consultant|freelancer?|founder"
    r"|tester|devops|architect|programmer|specialist|recruiter|marketer|product\s+owner|tech\s+lead|team\s+lead)"
)
_BE_ROLE = {
    "it": r"(?:io\s+)?sono\s+(?:un\s+|una\s+|un'\s*)?",
    "es": r"(?:yo\s+)?soy\s+(?:un\s+|una\s+)?",
    "fr": r"je\s+suis\s+(?:un\s+|une\s+)?",
    "pt": r"(?:eu\s+)?sou\s+(?:um\s+|uma\s+)?",
    "de": r"ich\s+bin\s+(?:ein\s+|eine\s+)?",
}
_PLACE_PREP = {"it": "a", "es": "", "fr": "à", "pt": "", "de": "in"}
_EMPLOYER_PREP = {
    "it": "presso|per|alla|al",
    "es": "para",
    "fr": "chez|pour",
    "pt": r"na|para\s+a|para\s+o",
    "de": "bei|für",
}
_WORK_AS = {
    "it": "lavoro come",
    "es": "trabajo como",
    "fr": "je travaille comme",
    "pt": "trabalho como",
    "de": "ich arbeite als",
}
_LIVE_IN = {"it": "vivo a", "es": "vivo en", "fr": "j'habite à", "pt": "moro em", "de": "ich wohne in"}
_WORK_AT = {
    "it": "lavoro presso",
    "es": "trabajo en",
    "fr": "je travaille chez",
    "pt": "trabalho na",
    "de": "ich arbeite bei",
}
_ROLE_TAIL_RX = {
    language: re.compile(
        rf"(?i)^{be}(?P<role>{_EN_ROLE})(?:\s+(?:(?P<place>{_PLACE_PREP[language] or '(?!)'})"
        rf"|(?P<work>{_EMPLOYER_PREP[language]}))\s+(?P<x>{_ORG}))?[\s.!]*$"
    )
    for language, be in _BE_ROLE.items()
}


def _role_with_tail(clause: str, language: str) -> list[str] | None:
    pattern = _ROLE_TAIL_RX.get(language)
    m = pattern.match(clause.strip()) if pattern else None
    if m is None:
        return None
    said = [f"{_WORK_AS[language]} {m.group('role')}"]
    if m.group("x") and m.group("place"):
        said.append(f"{_LIVE_IN[language]} {m.group('x')}")
    elif m.group("x") and m.group("work"):
        said.append(f"{_WORK_AT[language]} {m.group('x')}")
    return said


def work_at_as(clause: str, language: str) -> list[str]:
    """ "trabajo en Mercadona de cajera" -> ["trabajo en Mercadona", "trabajo de cajera"], "sono un data
    scientist a Pune" -> ["lavoro come data scientist", "vivo a Pune"]; else the clause."""
    if roles := _role_with_tail(clause, language):
        return roles
    pattern = _WORK_AT_AS_RX.get(language)
    m = pattern.match(clause.strip()) if pattern else None
    if m is None:
        return [clause]
    verb = "ich arbeite" if language == "de" else m.group("v")
    lead = m.group("lead")
    return [f"{lead}{verb} {m.group('at')}", f"{lead}{verb} {m.group('as')}"]


# --------------------------------------------------------------------------------------------
# What an ending stopped, said as the user would say it holds
# --------------------------------------------------------------------------------------------

# "ho smesso di lavorare in Fiat" ends what "lavoro in Fiat" states; "dejé de usar Facebook" what "uso
# Facebook" does. The infinitive after the ending, in the first person, gives the clause the statement
# frames read, and so the slot the ending retracts (the employer, the tool, the home).
_IRREGULAR_FIRST = {
    "it": {"andare": "vado", "fare": "faccio", "essere": "sono", "avere": "ho", "stare": "sto", "uscire": "esco"},
    "es": {"ir": "voy", "hacer": "hago", "ser": "soy", "estar": "estoy", "tener": "tengo", "salir": "salgo"},
    "pt": {"ir": "vou", "fazer": "faço", "ser": "sou", "estar": "estou", "ter": "tenho", "sair": "saio"},
    "fr": {"aller": "vais", "faire": "fais", "être": "suis", "avoir": "ai", "sortir": "sors", "vivre": "vis"},
}
_INFINITIVE = {
    "it": re.compile(r"(?i)^(?P<stem>[^\W\d_]{2,}?)(?:are|ere|ire)$"),
    "es": re.compile(r"(?i)^(?P<stem>[^\W\d_]{2,}?)(?:ar|er|ir)$"),
    "pt": re.compile(r"(?i)^(?P<stem>[^\W\d_]{2,}?)(?:ar|er|ir)$"),
    "fr": re.compile(r"(?i)^(?P<stem>[^\W\d_]{2,}?)er$"),
}
_I_SAY = {"it": "{v}", "es": "{v}", "pt": "{v}", "fr": "je {v}"}


def as_first_person(rest: str, language: str) -> str | None:
    """ "lavorare in Fiat" -> "lavoro in Fiat", "travailler chez Orange" -> "je travaille chez Orange"; None
    when what was stopped does not open with an infinitive."""
    verb, _, tail = rest.strip().partition(" ")
    lower = verb.lower()
    said = _IRREGULAR_FIRST.get(language, {}).get(lower)
    if said is None:
        pattern = _INFINITIVE.get(language)
        m = pattern.match(lower) if pattern else None
        if m is None:
            return None
        said = f"{m.group('stem')}e" if language == "fr" else f"{m.group('stem')}o"
    if language == "fr" and said[:1] in "aeiouéèh":
        return f"j'{said} {tail}".strip()
    return f"{_I_SAY[language].format(v=said)} {tail}".strip()


# "ya no estoy con Javier", "je ne suis plus avec Paul", "já não estou com o Rui", "non sto più con Marco",
# "ich bin nicht mehr mit Anna zusammen": no longer with a partner, by name (said positively, "estoy con
# Javier" may be where one is; said as ended, it is a break-up).
_WITH_PARTNER = {
    "it": r"(?:io\s+)?(?:sto|sono)\s+(?:insieme\s+)?con\s+",
    "es": r"(?:yo\s+)?estoy\s+(?:junto\s+)?con\s+",
    "fr": r"je\s+suis\s+(?:en\s+couple\s+)?avec\s+",
    "pt": r"(?:eu\s+)?estou\s+(?:junto\s+)?com\s+(?:o\s+|a\s+)?",
    "de": r"ich\s+bin\s+mit\s+",
}
_WITH_PARTNER_RX = {
    language: re.compile(
        rf"(?i)^{pattern}(?P<n>(?-i:[A-ZÀ-Ý])[\w'-]+)" + (r"\s+zusammen" if language == "de" else "") + r"[\s.!]*$"
    )
    for language, pattern in _WITH_PARTNER.items()
}


def partner_left(positive: str, language: str) -> str | None:
    """The partner's name in the positive form of a "no longer with X" clause, or None."""
    pattern = _WITH_PARTNER_RX.get(language)
    m = pattern.match(positive.strip()) if pattern else None
    return m.group("n") if m else None


# After a role, Portuguese "na" (in the, feminine) names where one works far more often than a town ("sou
# professora na Escola Alfa", "enfermeira na CUF"); "no Porto" stays a place.
_EMPLOYER_TAIL = {"pt": (re.compile(r"(?i)^\s*na\s+(?P<p>.+)$"), "O utilizador trabalha na {p}")}


def employer_after_role(tail: str, language: str) -> str | None:
    """The employer fact for a role's tail that names a workplace rather than a town, or None."""
    found = _EMPLOYER_TAIL.get(language)
    m = found[0].match(tail) if found else None
    return found[1].format(p=m.group("p").strip()) if m else None
