"""What happened, in German, Spanish, French, Italian and Portuguese: the past tense, read by morphology.

The statement frames (``frames.py``) read what the user *is* ("vivo a Torino"). This module reads
what the user *did*: a first-person clause in a past tense, found by the form of its verb, not by
a list of sentences:

* compound pasts: an auxiliary in the first person and a participle ("ho venduto", "hemos migrado",
  "j'ai quitté", "nous avons adopté", "ich habe ... verkauft", "wir sind ... umgezogen"), reflexives
  included ("mi sono licenziato", "je me suis désabonné", "ich habe mich ... getrennt");
* simple pasts where the language uses them in speech: Spanish "vendí", "cerramos", Portuguese
  "vendi", "troquei", "mudámos", recognised by their regular endings (and a few irregular forms).

The verb's *stem* then names the class of the event, in small per-language lexicons of stems:

* an **ending** ("sold", "left", "cancelled", "gave away", "closed", "quit"): whatever the rest
  names is retracted, on a slot that names the thing ("*:moto"), never stated as a fact;
* an **acquisition** ("bought", "adopted", "got"): the rest is a belonging, stated in the present
  ("L'utente ha una Vespa");
* a **change** ("replaced X with Y", "switched from X to Y"): X is retracted and Y stated.

Someone of the user's who died ("mia nonna è morta") and a break-up ("rompí con Lucía") are
endings too. A clause that is a wish, a condition or a question says nothing (``imagined``).
Pure functions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from shared.providers.offline import foreign_relative_states
from shared.providers.offline.foreign_people import feminine_kin
from shared.providers.offline.text_forms import fullmatch as _fullmatch
from shared.providers.offline.text_forms import join as _join
from shared.providers.offline.text_forms import match as _match
from shared.providers.offline.text_forms import rx as _rx
from shared.providers.offline.text_forms import search as _search
from shared.providers.offline.text_forms import sub as _sub
from shared.providers.offline.text_forms import tidy
from shared.providers.offline.text_forms import words as _words

__all__ = ["PastClause", "imagined", "is_language_name", "parse_past", "past_events"]


SUBJECTS = {
    "de": "Der Nutzer",
    "es": "El usuario",
    "fr": "L'utilisateur",
    "it": "L'utente",
    "pt": "O utilizador",
}

# --------------------------------------------------------------------------------------------
# Wishes, conditions, questions: nothing is stated
# --------------------------------------------------------------------------------------------

# A condition ("se avessi", "si tuviera", "wenn ich", "si j'avais", "se eu tivesse"), a wish
# ("vorrei", "me gustaría", "ich möchte", "j'aimerais", "gostaria"), a conditional verb form
# ("comprerei", "viviría", "achèterais", "würde", "compraria"), or a plan not yet real ("penso di",
# "estoy pensando en", "je pense", "ich überlege").
_IF = r"(?:^|[,;]\s*|\b(?:e|y|et|ma|mas|pero|mais|und|aber)\s+)"
_CONDITIONAL_START = r"^(?:(?:{pronouns})\s+)*\w{{3,}}(?:{endings})\b"
_IMAGINED = {
    "de": r"\b(?:wenn|falls|würde|würden|wäre|wären|hätte|hätten|möchte|möchten|überlege|überlegen|vielleicht"
    r"|stell\s+dir\s+vor|angenommen|irgendwann\s+mal)\b",
    "es": _IF + r"si\b|\b(?:ojalá|quisiera|quizás?|tal\s+vez|supongamos|imagina|imagínate|estoy\s+pensando"
    r"|me\s+gustaría|nos\s+gustaría|me\s+encantaría)\b|"
    + _CONDITIONAL_START.format(pronouns="yo|nosotros|no|me|te|se|lo|la|le|nos|también|ya", endings="ría|ríamos"),
    "fr": _IF + r"(?:si|s'il|s'ils)\b|\b(?:peut-être|imaginons|imagine|j'envisage|je\s+songe)\b"
    r"|\b(?:je|j'|on|nous)\s*(?:ne\s+|n')?(?:\w+\s+)?\w{2,}(?:rais|rait|rions)\b",
    "it": _IF + r"se\b|\b(?:magari|forse|immagina|supponiamo|vorrei|vorremmo|mi\s+piacerebbe|penso\s+di"
    r"|sto\s+pensando)\b|"
    + _CONDITIONAL_START.format(pronouns="io|noi|non|mi|ti|ci|si|lo|la|ne|anche", endings="rei|rebbe|remmo"),
    "pt": _IF + r"se\b|\b(?:talvez|imagina|suponhamos|gostaria|gostava|estou\s+a\s+pensar|estou\s+pensando"
    r"|penso\s+em)\b|"
    + _CONDITIONAL_START.format(pronouns="eu|nós|não|me|te|se|o|a|lhe|nos|também|já", endings="ria|ríamos|riamos"),
}
# "vou tentar", "voy a comprar", "je vais essayer", "ich werde ...": a plan, unless it has a rhythm
# ("vou correr todos os dias" is a habit).
_PLAN = {
    "es": r"^(?:yo\s+)?voy\s+a\s+\w+(?:ar|er|ir)\b(?!.*\b(?:todos|todas|cada|siempre)\b)",
    "pt": r"^(?:eu\s+)?vou\s+\w+(?:ar|er|ir)\b(?!.*\b(?:todos|todas|cada|sempre)\b)",
    "fr": r"^je\s+vais\s+\w+(?:er|ir|re)\b(?!.*\b(?:tous|toutes|chaque|toujours)\b)",
    "it": r"^(?:io\s+)?(?:sto\s+per|vado\s+a)\s+\w+(?:are|ere|ire)\b(?!.*\b(?:ogni|tutti|tutte|sempre)\b)",
    "de": r"^ich\s+werde\b",
}
_IMAGINED_RX = {language: _rx(f"{pattern}|{_PLAN[language]}") for language, pattern in _IMAGINED.items()}


def imagined(clause: str, language: str) -> bool:
    """Whether a clause imagines, wishes or asks rather than states."""
    pattern = _IMAGINED_RX.get(language)
    return "?" in clause or bool(pattern and pattern.search(clause))


# --------------------------------------------------------------------------------------------
# The past tense, by the form of the verb
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PastClause:
    """A first-person clause in a past tense."""

    participle: str  # the lexical verb as said: "venduto", "vendí", "verkauft"
    rest: str  # what follows (German: what stands between auxiliary and participle)
    plural: bool  # "we" rather than "I"
    reflexive: bool  # "mi sono licenziato", "ich habe mich getrennt"
    be: bool = False  # the auxiliary is "be" ("sono partito", "je suis parti", "ich bin umgezogen")


# Auxiliaries of the first person, singular and plural.
_AUX = {
    "it": r"(?:io\s+|noi\s+)?(?P<refl>(?:mi|ci)\s+|m'|c')?(?P<aux>ho|abbiamo|sono|siamo)",
    "es": r"(?:yo\s+|nosotros\s+|nosotras\s+)?(?P<refl>(?:me|nos)\s+)?(?P<aux>he|hemos)",
    "fr": r"(?:(?P<refl1>je\s+me\s+suis|je\s+m'en\s+suis|nous\s+nous\s+sommes|on\s+s'est)"
    r"|(?P<aux>j'ai|nous\s+avons|on\s+a|je\s+suis|nous\s+sommes|on\s+est))",
    "pt": r"(?:eu\s+|nós\s+)?(?P<refl>(?:me|nos)\s+)?(?P<aux>tenho|temos)",
    "de": r"(?P<aux>ich\s+(?:habe|hab|bin)|wir\s+(?:haben|sind))",
}
_PLURAL_AUX = _words("abbiamo siamo hemos temos haben sind")
_PARTICIPLE = {
    "it": r"\w+(?:at|ut|it)[oaie]|(?:pres|mess|fatt|dett|chius|pers|vint|scelt|apert|mort|nat|rott|smess|decis|spes"
    r"|tolt|cors|lett|scritt|vist|rimast|rispost|spent|dimess|promoss|iscritt|assunt|trasfer\w*|sciolt)[oaie]",
    "es": r"\w+(?:ad|id)[oa]s?|(?:hech|puest|vuelt|devuelt|rot|dich|escrit|muert|abiert|vist|cubiert|resuelt)[oa]s?",
    "fr": r"\w+(?:ée?s?|ie?s?|ue?s?)|(?:fait|pris|mis|dit|écrit|mort|né|ouvert|offert|rejoint|repris|atteint)e?s?",
    "pt": r"\w+(?:ad|id)[oa]s?|(?:feit|post|dit|escrit|abert|vist|mort|ganh|gast|pag)[oa]s?",
}
# German participles: "ge-...-t/-en" ("gekauft", "umgezogen", "aufgegeben") or an inseparable
# prefix ("verkauft", "verlassen", "beendet", "entsorgt") or "-iert" ("adoptiert", "deinstalliert").
_DE_PARTICIPLE = re.compile(r"^(?:\w*ge\w+(?:t|en)|(?:ver|be|ent|er|zer|über|miss)\w+(?:t|en)|\w+iert)$", re.IGNORECASE)
_DE_NOT_PARTICIPLE = _words("gestern morgen gegen genug gerne gern genau verboten bereit beenden")
# Simple pasts in the first person (Spanish and Portuguese speak in them): regular endings and
# the irregular forms that carry events.
_SIMPLE_PAST = {
    "es": (
        re.compile(r"^\w{2,}(?:é|í)$", re.IGNORECASE),
        _words("fui tuve hice puse dije vine estuve pude quise traje di vi conduje"),
        _words("fuimos tuvimos hicimos pusimos dijimos vinimos estuvimos pudimos trajimos"),
    ),
    "pt": (
        re.compile(r"^\w{2,}(?:ei|i|í)$", re.IGNORECASE),
        _words("fui tive fiz pus disse vim estive pude quis trouxe dei vi li"),
        _words("fomos tivemos fizemos pusemos dissemos viemos estivemos pudemos trouxemos demos vimos"),
    ),
}
# "vendimos", "mudámos", "cerramos": the first person plural, past or present by the same form.
_PLURAL_PAST = {"es": re.compile(r"^\w{2,}(?:amos|imos)$"), "pt": re.compile(r"^\w{2,}(?:amos|ámos|emos|imos)$")}
_NOT_SIMPLE_PAST = _words(
    "mi sí así aquí allí ahí ni fui hoy muy casi "  # "fui" is read below as an irregular form
    "aqui ali aí assim até mais já li vi nem"
)
_FUTURE = {"es": re.compile(r"^\w+(?:aré|eré|iré)$"), "pt": re.compile(r"^\w+(?:arei|erei|irei)$")}
_SUBJECT_PRONOUN = {
    "es": r"(?:yo\s+|nosotros\s+|nosotras\s+)?",
    "pt": r"(?:eu\s+|nós\s+)?",
}
_REFLEXIVE_LEAD = {"es": r"(?P<refl>(?:me|nos)\s+)?", "pt": r"(?P<refl>(?:me|nos)\s+)?"}
_ENCLITIC = re.compile(r"^(?P<verb>\w+)-(?:me|nos)$", re.IGNORECASE)


def parse_past(clause: str, language: str) -> PastClause | None:
    """The clause as a first-person past event, or None when it is not one."""
    text = _sub(r"\s+", " ", clause.strip(" ,;:.!¡¿")).strip()
    if not text:
        return None
    if language == "de":
        return _parse_de(text)
    aux = _AUX.get(language)
    if aux is not None:
        m = _match(
            rf"^{aux}\s+(?:(?:già|ya|déjà|já|finalmente|finalement|finalmente|appena|recién|enfin|poi|luego"
            rf"|ensuite|depois|anche|también|aussi|também|tutto|todo|tout|tudo)\s+)*"
            rf"(?P<p>{_PARTICIPLE[language]})\b(?P<rest>.*)$",
            text,
            re.IGNORECASE,
        )
        if m:
            groups = m.groupdict()
            said_aux = (groups.get("aux") or groups.get("refl1") or "").lower()
            plural = said_aux.split()[-1] in _PLURAL_AUX or said_aux.startswith(("nous", "on"))
            reflexive = bool(groups.get("refl") or groups.get("refl1"))
            be = said_aux.split()[-1] in ("sono", "siamo", "suis", "sommes", "est") or bool(groups.get("refl1"))
            return PastClause(m.group("p").lower(), m.group("rest").strip(" ,"), plural, reflexive, be)
    if language in _SIMPLE_PAST:
        m = _match(
            rf"^{_SUBJECT_PRONOUN[language]}{_REFLEXIVE_LEAD[language]}(?P<v>[\w-]+)\b(?P<rest>.*)$",
            text,
            re.IGNORECASE,
        )
        if not m:
            return None
        verb = m.group("v").lower()
        reflexive = bool(m.group("refl"))
        if enclitic := _ENCLITIC.match(verb):
            verb, reflexive = enclitic.group("verb").lower(), True
        regular, irregular, irregular_plural = _SIMPLE_PAST[language]
        if verb in irregular or verb in irregular_plural:
            return PastClause(verb, m.group("rest").strip(" ,"), verb in irregular_plural, reflexive)
        if verb in _NOT_SIMPLE_PAST or len(verb) < 4:
            return None
        if _FUTURE[language].match(verb):
            return None  # "compraré", "venderei": a plan, not an event
        if regular.match(verb):
            return PastClause(verb, m.group("rest").strip(" ,"), False, reflexive)
        if _PLURAL_PAST[language].match(verb):
            return PastClause(verb, m.group("rest").strip(" ,"), True, reflexive)
    return None


def _parse_de(text: str) -> PastClause | None:
    m = _match(rf"^{_AUX['de']}\s+(?P<mid>.*?)\s*(?P<p>\S+)$", text, re.IGNORECASE)
    if not m:
        return None
    participle = m.group("p").lower()
    if participle in _DE_NOT_PARTICIPLE or not _DE_PARTICIPLE.match(participle):
        return None
    mid = m.group("mid")
    reflexive = bool(_match(r"(?i)^(?:mich|uns|mir)\b", mid))
    mid = _sub(r"(?i)^(?:mich|uns|mir)\s*", "", mid)
    plural = m.group("aux").lower().startswith("wir")
    be = m.group("aux").lower().endswith(("bin", "sind"))
    return PastClause(participle, mid.strip(" ,"), plural, reflexive, be)


# --------------------------------------------------------------------------------------------
# What the event was: stems of ending, acquisition and change verbs
# --------------------------------------------------------------------------------------------

# Stems (the participle or simple past with its ending cut) that end what the rest names.
_ENDING_STEMS = {
    "it": "vend abbandon chius cancell disdett regal eliminat disinstall ritir licenzi dimess disiscritt rinunci",
    "es": "vend abandon cerr cancel regal elimin desinstal borr renunci dimit jubil despedí",
    "fr": "vend abandonn ferm annul résili supprim désinstall démissionn lâch désabonn désinscri arrêt",
    "pt": "vend abandon fech cancel elimin desinstal apag desist demit despedi larg doei doad reform",
    "de": "ausgestiegen abgebrochen verkauft gekündigt aufgegeben abgeschafft verschenkt abgemeldet geschlossen beendet"
    " deinstalliert gelöscht abbestellt ausgetreten weggegeben entsorgt abgegeben",
}
# Leaving ends only what has a name ("ho lasciato la Ferrari"), or a job: "I left the car at home" ends nothing.
_LEAVE_STEMS = {"it": "lasci moll", "es": "dej", "fr": "quitt", "pt": "deix saí sa", "de": "verlassen"}
_JOB = {
    "it": r"(?:il\s+(?:mio\s+)?(?:lavoro|posto))",
    "es": r"(?:(?:el|mi)\s+(?:trabajo|empleo|puesto))",
    "fr": r"(?:(?:mon|le)\s+(?:travail|job|boulot|poste|emploi))",
    "pt": r"(?:(?:o\s+)?(?:meu\s+)?(?:emprego|trabalho))",
    "de": r"(?:(?:meinen|den)\s+(?:job|arbeitsplatz))",
}
# What one belongs to, attends or learns, left without naming it: "dejé el gimnasio", "deixei o coro".
_ATTENDED = {
    "it": _words("palestra club squadra coro corso banda volontariato piscina"),
    "es": _words("gimnasio club equipo coro curso banda voluntariado academia piscina")
    | _words("alemán inglés francés italiano portugués japonés chino árabe ruso"),  # a language one was learning
    "fr": _words("club équipe chorale cours groupe bénévolat piscine"),
    "pt": _words("ginásio academia clube equipa equipe coro curso banda voluntariado piscina")
    | _words("alemão inglês francês italiano espanhol japonês chinês árabe russo"),
    "de": frozenset(),
}
_ACQUIRE_STEMS = {
    "it": "compr adott",
    "es": "compr adopt",
    "fr": "achet adopt",
    "pt": "compr adot",
    "de": "gekauft adoptiert angeschafft zugelegt",
}
# Injuries: "me lesioné la rodilla", "mi sono rotto il polso", "je me suis cassé la jambe", "parti o braço"
_INJURY_STEMS = {
    "es": "lesion romp rompí torc fractur",
    "it": "rott fratturat stort slogat infortunat",
    "fr": "cass foul tord bless",
    "pt": "lesion part torc fratur machuq",
    "de": "gebrochen verstaucht verletzt gerissen",
}
_BODY_PARTS = _words(
    "rodilla tobillo pierna brazo muñeca mano pie hombro espalda cadera dedo costilla nariz codo menisco "
    "ginocchio caviglia gamba braccio polso mano piede spalla schiena anca dito costola naso gomito menisco "
    "genou cheville jambe bras poignet main pied épaule dos hanche doigt côte nez coude ménisque "
    "joelho tornozelo perna braço pulso mão pé ombro costas anca dedo costela nariz cotovelo menisco "
    "knie knöchel bein arm handgelenk hand fuß schulter rücken hüfte finger rippe nase ellbogen meniskus kreuzband"
)
_BODY_ARTICLE = {
    "es": r"(?:el|la|los|las)",
    "it": r"(?:il|la|lo|i|le|l')",
    "fr": r"(?:le|la|les|l')",
    "pt": r"(?:o|a|os|as)",
    "de": r"(?:den|das|die|mir\s+(?:den|das|die))",
}
# Verbs that only say with whom something ended: "ho rotto con Marco", "rompí con Lucía".
_BREAKUP_STEMS = {
    "it": "rott",
    "es": "romp rompí termin",
    "fr": "romp rompu",
    "pt": "termin romp acab",
    "de": "getrennt schluss",
}
_PARTNER = {
    "it": r"(?:il\s+|la\s+)?(?:mio|mia)\s+(?:ragazz[oa]|fidanzat[oa]|compagn[oa]|partner)",
    "es": r"(?:mi)\s+(?:novi[oa]|pareja|chic[oa])",
    "fr": r"(?:mon|ma)\s+(?:copain|copine|petit\s+ami|petite\s+amie|compagnon|compagne|partenaire)",
    "pt": r"(?:o\s+|a\s+)?(?:meu|minha)\s+(?:namorad[oa]|companheir[oa]|parceir[oa])",
    "de": r"(?:meinem|meiner)\s+(?:freund|freundin|partner|partnerin)",
}
# "replaced X with Y", "switched (from X) to Y"
_REPLACE = {
    "it": (r"(?:sostitu|rimpiazz|cambi)", r"\s+(?:con|per)\s+"),
    "es": (r"(?:sustitu|reemplac|reemplaz|cambi|camb)", r"\s+(?:por|con)\s+"),
    "fr": (r"(?:remplac|troqu|chang)", r"\s+(?:par|contre|pour)\s+"),
    "pt": (r"(?:substitu|troc|troq)", r"\s+(?:por|pel[oa]|pelos|pelas)\s+"),
    "de": (r"(?:ersetzt|getauscht|eingetauscht)", r"\s+(?:durch|gegen)\s+"),
}
_SWITCH = {
    "it": (r"(?:passat|migrat)", r"(?:(?:dalla|dal|da)\s+|dall')", r"\s+(?:(?:ad|alla|al|a|su|in)\s+|all')"),
    "es": (r"(?:pas|migr)", r"de(?:l)?\s+", r"\s+(?:a|al|a\s+la)\s+"),
    "fr": (r"(?:pass|migr)", r"(?:(?:des|du|de)\s+|d')", r"\s+(?:à|au|aux|vers|sur)\s+"),
    "pt": (r"(?:pass|migr)", r"(?:de|do|da|dos|das)\s+", r"\s+(?:para|pro|pra|pelo|pela)\s+(?:o\s+|a\s+)?"),
    "de": (r"(?:umgestiegen|gewechselt|migriert)", r"von\s+", r"\s+(?:auf|zu|zum|zur|nach)\s+"),
}


def _stem_in(word: str, stems: str) -> bool:
    return any(word.startswith(stem) for stem in stems.split())


# --------------------------------------------------------------------------------------------
# The facts, in the third person
# --------------------------------------------------------------------------------------------

_POSSESSIVES = {
    "es": {"mi": "su", "mis": "sus", "nuestro": "su", "nuestra": "su", "nuestros": "sus", "nuestras": "sus"},
    "it": {"mio": "suo", "mia": "sua", "miei": "suoi", "mie": "sue", "nostro": "suo", "nostra": "sua"}
    | {"nostri": "suoi", "nostre": "sue"},
    "pt": {"meu": "seu", "minha": "sua", "meus": "seus", "minhas": "suas", "nosso": "seu", "nossa": "sua"}
    | {"nossos": "seus", "nossas": "suas"},
    "fr": {"mon": "son", "ma": "sa", "mes": "ses", "notre": "son", "nos": "ses"},
    "de": {"mein": "sein", "meine": "seine", "meinen": "seinen", "meinem": "seinem", "meiner": "seiner"}
    | {"meines": "seines", "unser": "sein", "unsere": "seine", "unseren": "seinen", "unserem": "seinem"}
    | {"unserer": "seiner", "unsres": "seines"},
}
_LETTERS = re.compile(r"[^\W\d_]+")


def possessives_third(text: str, language: str) -> str:
    """ "mia moto" -> "sua moto", "meine Wohnung" -> "seine Wohnung"."""
    swaps = _POSSESSIVES.get(language, {})

    def swap(m: re.Match[str]) -> str:
        word = m.group(0)
        new = swaps.get(word.lower())
        if new is None:
            return word
        return new.capitalize() if word[0].isupper() else new

    return _LETTERS.sub(swap, text)


_THING_STOP = _words(
    "der die das den dem des ein eine einen einem einer mein meine meinen meinem meiner unser unsere unseren"
    " sein seine mich mir uns auch schon endlich letztlich alte alten alter altes neue neuen"
    " el la los las un una unos unas mi mis su sus nuestro nuestra de del al a en con por para ya todo"
    " le les une mon ma mes son sa ses notre nos de du des au aux à en avec pour d l' tout vieux vieille"
    " il lo gli i uno mio mia miei mie suo sua nostro nostra di da del della dello al alla in con per a"
    " il tutto vecchio vecchia o os as um uma meu minha meus minhas seu nosso nossa do da dos das no na"
    " ao à em com por para velho velha e et y und dal dalla dallo dai dagli dalle dall' nel nella nello nei negli"
    " nelle sul sulla col pelo pela num numa vom zum zur beim im am aus von bei"
)
_WORD = re.compile(r"[\w'+#.-]+")


def thing_of(rest: str, language: str) -> str:
    """The thing a clause names, as a slot key: its head noun. Romance nouns come first in their
    phrase ("la mia moto vecchia" -> "moto"), German ones last ("mein altes Auto" -> "auto")."""
    words = [w.lower().strip(".'") for w in _WORD.findall(rest)]
    words = [_sub(r"^(?:l|d|j|qu)'", "", w) for w in words]
    kept = [w for w in words if w and w not in _THING_STOP and not w.isdigit()]
    if not kept:
        return ""
    if language == "de":
        nouns = [w for w in _WORD.findall(rest) if w[0].isupper() and w.lower() not in _THING_STOP]
        return nouns[-1].lower() if nouns else kept[-1]
    return kept[0]


# Third person of the auxiliary, and of "has" for a belonging.
_HAS = {"it": "ha", "es": "tiene", "fr": "a", "pt": "tem", "de": "hat"}
_NO_LONGER_USES = {
    "it": "{S} non usa più {x}",
    "es": "{S} ya no usa {x}",
    "fr": "{S} n'utilise plus {x}",
    "pt": "{S} já não usa {x}",
    "de": "{S} nutzt {x} nicht mehr",
}
_NOW_USES = {
    "it": "{S} usa ora {y}",
    "es": "{S} usa ahora {y}",
    "fr": "{S} utilise maintenant {y}",
    "pt": "{S} usa agora {y}",
    "de": "{S} nutzt jetzt {y}",
}
_BREAKUP_TEXT = {
    "it": "{S} si è lasciato con {n}",
    "es": "{S} rompió con {n}",
    "fr": "{S} a rompu avec {n}",
    "pt": "{S} terminou com {n}",
    "de": "{S} hat sich von {n} getrennt",
}


@dataclass(frozen=True)
class Event:
    text: str
    slot: str
    value: str
    negated: bool
    kind: str = "fact"


def _third_past(past: PastClause, language: str) -> str:
    """The event's verb phrase in the third person: "ha venduto", "vendió", "a quitté", "hat ... verkauft"."""
    verb = past.participle
    if language == "de":
        aux = "ist" if past.be else "hat"
        reflexive = " sich" if past.reflexive else ""
        return f"{aux}{reflexive} {{rest}} {verb}"
    if language == "it" and _is_participle(verb, language):
        aux = "si è" if past.reflexive else ("è" if past.be else "ha")
        return f"{aux} {verb} {{rest}}"
    if language == "es" and _is_participle(verb, language):
        return f"{'se ' if past.reflexive else ''}ha {verb} {{rest}}"
    shown = simple_past_third(verb, language)
    if past.reflexive:
        shown = f"{shown}-se" if language == "pt" else f"se {shown}"
    return f"{shown} {{rest}}"


def _is_participle(word: str, language: str) -> bool:
    pattern = _PARTICIPLE.get(language)
    return bool(pattern and _fullmatch(pattern, word, re.IGNORECASE))


_ES_PAST_IRREGULAR = {
    "fui": "fue", "tuve": "tuvo", "hice": "hizo", "puse": "puso", "dije": "dijo", "vine": "vino", "estuve": "estuvo",
    "pude": "pudo", "quise": "quiso", "traje": "trajo", "di": "dio", "vi": "vio", "conduje": "condujo",
}  # fmt: skip
_PT_PAST_IRREGULAR = {
    "fui": "foi", "tive": "teve", "fiz": "fez", "pus": "pôs", "disse": "disse", "vim": "veio", "estive": "esteve",
    "pude": "pôde", "quis": "quis", "trouxe": "trouxe", "dei": "deu", "vi": "viu", "li": "leu",
}  # fmt: skip
# Portuguese -ir verbs, whose past ends in "-iu" ("parti" -> "partiu"); the rest take "-eu".
_PT_IR_STEMS = _words(
    "part sa decid desist abr consegu dorm segu assist divid exist insist permit prefer ped sub descobr cobr"
    " demit despedi dirig constru conclu inclu exclu destru"
)


def simple_past_third(verb: str, language: str) -> str:
    """First person simple past -> third person: "vendí" -> "vendió", "troquei" -> "trocou",
    "vendimos" -> "vendió" (the clause's "we" is read as the user)."""
    lower = verb.lower()
    if language == "es":
        if lower in _ES_PAST_IRREGULAR:
            return _ES_PAST_IRREGULAR[lower]
        if lower.endswith("amos"):
            return lower[:-4] + "ó"
        if lower.endswith("imos"):
            return lower[:-4] + "ió"
        if lower.endswith("é"):
            stem = lower[:-1]
            stem = _sub(r"qu$", "c", _sub(r"gu$", "g", _sub(r"c$", "z", stem)))
            return stem + "ó"
        if lower.endswith("í"):
            return lower[:-1] + "ió"
        return lower
    if language == "pt":
        if lower in _PT_PAST_IRREGULAR:
            return _PT_PAST_IRREGULAR[lower]
        if lower.endswith(("ámos", "amos")):
            return lower[:-4] + "ou"
        if lower.endswith("emos"):
            return lower[:-4] + "eu"
        if lower.endswith("imos"):
            return lower[:-4] + "iu"
        if lower.endswith("ei"):
            stem = lower[:-2]
            stem = _sub(r"qu$", "c", _sub(r"gu$", "g", _sub(r"c$", "ç", stem)))
            return stem + "ou"
        if lower.endswith(("i", "í")):
            stem = lower[:-1]
            return stem + ("iu" if stem in _PT_IR_STEMS else "eu")
        return lower
    return lower


def _event_text(past: PastClause, language: str, subject: str) -> str:
    rest = possessives_third(past.rest, language)
    if language == "fr":
        verb = past.participle
        aux = "est" if past.be else "a"
        reflexive = "s'" if past.reflexive else ""
        return _join(subject, f"{reflexive}{aux}", verb, rest)
    return _join(subject, _third_past(past, language).format(rest=rest))


_NAME = r"(?-i:[A-ZÀ-ÝÄÖÜ])[\w'à-ÿäöüß-]+"
# Where the thing named ends: a conjunction or a reason ("... e sono contento", "..., porque ...").
_CUT = re.compile(
    r"\s*(?:,|;|\s(?:e|y|et|und|ma|pero|mais|aber|mas|perché|porque|parce|weil|dopo|después|après|nachdem|depois"
    r"|quando|cuando|quand|perciò|así\s+que|donc|also|então)\s).*$",
    re.IGNORECASE,
)


def _tidy(text: str) -> str:
    return tidy(text, cut=_CUT)


def _change(past: PastClause, language: str, subject: str) -> list[Event]:
    word = past.participle
    rest = past.rest
    if language == "de":
        # "ich habe X durch Y ersetzt", "ich bin von X auf Y umgestiegen": the rest stands between
        rest = rest + " "
    replace_stem, between = _REPLACE[language]
    old = new = ""
    if _match(rf"^{replace_stem}", word, re.IGNORECASE):
        m = _match(rf"^(?P<x>.+?){between}(?P<y>.+)$", rest.strip(), re.IGNORECASE)
        if m:
            old, new = m.group("x"), m.group("y")
    switch_stem, from_, to = _SWITCH[language]
    if not old and _match(rf"^{switch_stem}", word, re.IGNORECASE):
        m = _match(rf"^(?:(?:\S+\s+){{0,3}}?){from_}(?P<x>.+?){to}(?P<y>.+)$", rest.strip(), re.IGNORECASE)
        if m:
            old, new = m.group("x"), m.group("y")
    if not old and _match(r"(?i)^(?:migr|umgestiegen)", word):
        # "abbiamo migrato tutto a Postgres": only the new value is said
        to_only = to.removeprefix(chr(92) + "s+")
        m = _match(rf"^(?P<what>(?:\S+\s+){{0,3}}?){to_only}(?P<y>(?-i:[A-Z]|[a-z]+[A-Z])[^,;]*)$", rest.strip(), re.I)
        new = _tidy(m.group("y")) if m else ""
        if not new or len(new.split()) > 4:
            return []
        what = m.group("what").strip() if m else ""
        if what and not _match(r"(?i)^(?:tutto|todo|tout|tudo|alles|everything)\b", what):
            # "migramos os serviços novos para Kotlin": a part moved, what the rest uses still holds
            shown = f"{_NOW_USES[language].format(S=subject, y=new)} ({possessives_third(what, language)})"
            return [
                Event(shown, f"tool:{thing_of(new, language)}-{thing_of(what, language)}", f"{new} ({what})", False)
            ]
        return [Event(_NOW_USES[language].format(S=subject, y=new), f"tool:{thing_of(new, language)}", new, False)]
    old, new = _tidy(old), _tidy(new)
    if not old or not new or len(old.split()) > 4 or len(new.split()) > 5:
        return []
    old_key, new_key = thing_of(old, language), thing_of(new, language)
    if not old_key or not new_key:
        return []
    old_said = possessives_third(old, language)
    return [
        Event(_NO_LONGER_USES[language].format(S=subject, x=old_said), f"*:{old_key}", old_said, True),
        Event(_NOW_USES[language].format(S=subject, y=new), f"*:{old_key}", new, False),
    ]


def past_events(clause: str, language: str, subject: str) -> list[Event]:
    """The facts a first-person past clause states: an ending retracts, an acquisition states a
    belonging, a change does both. Nothing for a past that is none of these."""
    if imagined(clause, language):
        return []
    tail = ""
    if language == "de" and ", " in clause:
        clause, tail = clause.split(", ", 1)  # "Ich habe mir einen Hund zugelegt, er heißt Rocky"
    past = parse_past(clause, language)
    if past is None:
        return []
    word = past.participle
    if changed := _change(past, language, subject):
        return changed
    rest = _tidy(past.rest)
    if (past.reflexive or language in ("pt", "de")) and _stem_in(word, _INJURY_STEMS[language]):
        part = _tidy(past.rest)
        body = _match(rf"(?i)^{_BODY_ARTICLE[language]}\s+(?P<part>[\w-]+)", part)
        if body and body.group("part").lower() in _BODY_PARTS and len(part.split()) <= 5:
            # "me lesioné la rodilla", "ich habe mir das Bein gebrochen": an injury, a fact about health
            text = _event_text(replace(past, rest=part), language, subject)
            return [Event(text, f"health:{thing_of(part, language)}", part, False)]
    if _stem_in(word, _BREAKUP_STEMS[language]):
        article = r"(?:o\s+|a\s+|l'|la\s+|il\s+)?"
        with_whom = rf"(?i)^(?:con|avec|com|von|mit)\s+{article}(?P<n>{_NAME}|{_PARTNER[language]})\b"
        m = _match(with_whom, past.rest.strip())
        if not m:
            return []
        name = possessives_third(m.group("n"), language)
        return [Event(_BREAKUP_TEXT[language].format(S=subject, n=name), "partner", name, True)]
    if not rest or len(rest.split()) > 8:
        return []
    key = thing_of(rest, language)
    if not key:
        return []
    if _stem_in(word, _LEAVE_STEMS[language]):
        if _match(rf"(?i)^(?:il\s+|la\s+|o\s+|a\s+)?{_PARTNER[language]}$", rest):
            # "ho lasciato il mio ragazzo", "deixei a minha namorada": a break-up
            partner = possessives_third(rest, language)
            return [Event(_event_text(replace(past, rest=partner), language, subject), "partner", partner, True)]
        if _match(rf"(?i)^{_JOB[language]}$", rest):
            return [Event(_event_text(replace(past, rest=rest), language, subject), "employer", "", True)]
        article = r"(?i:la|il|lo|l'|le|el|los|a|o|die|den|das|de|da|do|du|des|dalla|dal)"
        named = _match(rf"^(?:{article}\s*)?(?P<n>{_NAME})", rest)
        if not named:
            # "dejé el gimnasio", "deixei o ginásio": something one attends, left, ends what names it
            # (if anything does); "dejé el coche (en casa)" ends nothing.
            bare = _match(rf"^{article}\s+(?P<n>[^\W\d_]{{3,}})$", rest)
            if bare is None or bare.group("n").lower() not in _ATTENDED[language]:
                return []
            thing = bare.group("n").lower()
            return [Event(_event_text(replace(past, rest=rest), language, subject), f"*:{thing}", rest, True)]
        name = named.group("n")
        return [Event(_event_text(replace(past, rest=rest), language, subject), f"*:{name.lower()}", name, True)]
    if _stem_in(word, _ENDING_STEMS[language]):
        # "j'ai quitté Airbus", "ho venduto la moto": the thing named ends, whatever kind it was
        text = _event_text(replace(past, rest=rest), language, subject)
        return [Event(text, f"*:{key}", rest, True)]
    if _stem_in(word, _ACQUIRE_STEMS[language]):
        owned = _sub(r"(?i)^(?:mir|uns)\s+", "", past.rest.strip())
        if named := pets(f"{_HAVE_SAID[language]} {owned}{', ' + tail if tail else ''}", language, subject):
            return named  # "j'ai adopté un chat qui s'appelle Pixel"
        said = possessives_third(_sub(r"(?i)^(?:mir|uns)\s+", "", rest), language)
        if not _match(r"(?i)^(?:un|una|un'|uno|une|um|uma|ein|eine|einen|zwei|dos|due|deux|dois|duas)\b", said):
            return []  # "ho comprato il pane": a purchase, not a belonging
        return [Event(_join(subject, _HAS[language], said), f"own:{key}", said, False)]
    return []


# --------------------------------------------------------------------------------------------
# Someone of the user's who died: "mia nonna è morta", "mi perro murió", "meine Oma ist gestorben"
# --------------------------------------------------------------------------------------------

_WHO = r"(?P<who>[\w'à-ÿäöüß-]+(?:\s+(?-i:[A-ZÀ-ÝÄÖÜ])[\w'à-ÿäöüß-]+)?)"
_DEATH = {
    "it": r"(?P<poss>(?:il\s+|la\s+|i\s+|le\s+)?(?:mio|mia|miei|mie|nostro|nostra))\s+"
    + _WHO
    + r"\s+(?P<verb>(?:è|e'|sono)\s+(?:\S+\s+){0,2}?"
    r"(?:mort[oaie]|mancat[oaie]|scompars[oaie]|venut[oa]\s+a\s+mancare))",
    "es": r"(?P<poss>(?:mi|mis|nuestro|nuestra))\s+"
    + _WHO
    + r"\s+(?:\S+\s+){0,2}?(?P<verb>murió|falleció|ha\s+muerto|ha\s+fallecido|se\s+murió|nos\s+dejó)",
    "fr": r"(?P<poss>(?:mon|ma|notre))\s+"
    + _WHO
    + r"\s+(?:\S+\s+){0,2}?(?P<verb>est\s+(?:\S+\s+)?(?:mort|morte|décédée?)|nous\s+a\s+quittés|s'est\s+éteinte?)",
    "pt": r"(?P<poss>(?:o\s+|a\s+)?(?:meu|minha|nosso|nossa))\s+"
    + _WHO
    + r"\s+(?:\S+\s+){0,2}?(?P<verb>morreu|faleceu)",
    "de": r"(?P<poss>(?:mein|meine|unser|unsere))\s+"
    + _WHO
    + r"\s+(?P<verb>(?:ist|sind)\s+(?:\S+\s+){0,3}?(?:gestorben|verstorben|eingeschläfert\s+worden))",
}
_DEATH_RX = {language: _rx(r"^" + pattern + r"\b") for language, pattern in _DEATH.items()}
# "<The who> of the user <died>": the article by the possessive's gender ("mia" -> "La", "meine" -> "Die").
_DEATH_TEXT = {
    "it": "{art} {who} dell'utente {verb}",
    "es": "{art} {who} del usuario {verb}",
    "fr": "{art} {who} de l'utilisateur {verb}",
    "pt": "{art} {who} do utilizador {verb}",
    "de": "{art} {who} des Nutzers {verb}",
}
_FEMININE_POSSESSIVE = _words("mia mie nostra ma minha nossa meine unsere")
_PLURAL_POSSESSIVE = _words("miei mie mis")
_ARTICLES = {
    "it": ("Il", "La", "I"),
    "es": ("El", "La", "Los"),
    "fr": ("Le", "La", "Les"),
    "pt": ("O", "A", "Os"),
    "de": ("Der", "Die", "Die"),
}


def death_of_someone(clause: str, language: str, subject: str) -> list[Event]:
    """ "Mia nonna è morta" -> "La nonna dell'utente è morta", a retraction of what was said of her."""
    pattern = _DEATH_RX.get(language)
    m = pattern.match(clause.strip()) if pattern else None
    if not m:
        return []
    who = m.group("who")
    possessive = m.group("poss").split()[-1].lower()
    masculine, feminine, plural = _ARTICLES[language]
    if possessive in _PLURAL_POSSESSIVE:
        article = plural
    elif possessive in _FEMININE_POSSESSIVE or (language == "es" and feminine_kin(who.split()[0], language)):
        article = feminine  # the noun's gender, not the name's: "mi perra Nube" -> "La perra Nube"
    else:
        article = masculine
    named = _search(r"(?-i:[A-ZÀ-ÝÄÖÜ])[\w'à-ÿäöüß-]+", who if language != "de" else who.split(" ", 1)[-1])
    key = (named.group(0) if named and (language != "de" or " " in who) else thing_of(who, language) or who).lower()
    verb = _sub(r"\s+", " ", m.group("verb"))
    text = _DEATH_TEXT[language].format(art=article, who=who, verb=verb)
    return [Event(text, f"*:{key}", who, True)]


# --------------------------------------------------------------------------------------------
# "We" said as "I": the family's or the team's facts are the user's
# --------------------------------------------------------------------------------------------

_WE_IRREGULAR = {
    "it": {"abbiamo": "ho", "siamo": "sono", "andiamo": "vado", "facciamo": "faccio", "stiamo": "sto"}
    | {"possiamo": "posso", "vogliamo": "voglio", "dobbiamo": "devo", "sappiamo": "so", "diamo": "do"},
    "es": {"tenemos": "tengo", "somos": "soy", "estamos": "estoy", "vamos": "voy", "hacemos": "hago", "hemos": "he"}
    | {"salimos": "salgo", "venimos": "vengo", "ponemos": "pongo", "podemos": "puedo", "queremos": "quiero"}
    | {"jugamos": "juego", "decimos": "digo", "sabemos": "sé", "fuimos": "fui", "tuvimos": "tuve", "hicimos": "hice"},
    "pt": {"temos": "tenho", "somos": "sou", "estamos": "estou", "vamos": "vou", "fazemos": "faço", "podemos": "posso"}
    | {"queremos": "quero", "sabemos": "sei", "fomos": "fui", "tivemos": "tive", "fizemos": "fiz"},
    "fr": {"avons": "ai", "sommes": "suis", "allons": "vais", "faisons": "fais", "pouvons": "peux", "voulons": "veux"}
    | {"vivons": "vis", "prenons": "prends", "venons": "viens", "devons": "dois", "savons": "sais"},
    "de": {"sind": "bin", "haben": "habe", "können": "kann", "wollen": "will", "müssen": "muss", "dürfen": "darf"}
    | {"mögen": "mag", "wissen": "weiß", "waren": "war", "hatten": "hatte"},
}
# French "on" speaks in the third person: "on a", "on est", "on habite".
_FR_ON = {"a": "ai", "est": "suis", "va": "vais", "fait": "fais", "peut": "peux", "veut": "veux", "vit": "vis"}
# Event verbs (sold, bought, moved, switched...) that a plural "-amos" reports in the past.
_EVENT_STEMS = {
    "es": "mud pas migr cambi vend compr dej cerr cancel adopt abandon regal",
    "pt": "mud pass migr troc vend compr deix fech cancel adot abandon substitu",
}


def _singular_verb(verb: str, language: str) -> str | None:
    """A first person plural verb in the singular ("abitiamo" -> "abito"), or None if it is none."""
    lower = verb.lower()
    irregular = _WE_IRREGULAR.get(language, {})
    if lower in irregular:
        return irregular[lower]
    if language == "it" and lower.endswith("iamo") and len(lower) > 5:
        stem = lower[:-4]
        if stem.endswith(("ch", "gh")):
            return stem[:-1] + "o"  # "giochiamo" -> "gioco"
        if stem.endswith(("g", "c")):
            return stem + "io"  # "mangiamo" -> "mangio"
        return stem + "o"
    if language in ("es", "pt") and _search(r"(?:amos|ámos|emos|imos)$", lower) and len(lower) > 5:
        stem = lower[:-4]
        if _stem_in(stem, _EVENT_STEMS[language]) or lower.endswith("ámos"):
            if language == "es":
                return stem + ("é" if lower.endswith("amos") else "í")
            return stem + ("ei" if lower.endswith(("amos", "ámos")) else "i")
        return stem + "o"
    if language == "de" and lower.endswith("en") and len(lower) > 4:
        return lower[:-1]  # "wohnen" -> "wohne"
    if language == "fr" and lower.endswith("ons") and len(lower) > 4:
        return lower[:-3] + "e"  # "habitons" -> "habite"
    return None


def is_plural_verb(word: str, language: str) -> bool:
    """Whether a word reads as a first person plural verb ("wohnen", "abitiamo", "vivimos")."""
    lower = word.lower()
    if lower in _WE_IRREGULAR.get(language, {}):
        return True
    endings = {"de": ("en",), "it": ("iamo",), "es": ("amos", "emos", "imos"), "pt": ("amos", "ámos", "emos", "imos")}
    return lower.endswith(endings.get(language, ("\0",))) and len(lower) > 4


_A_GENTE = {"tem": "tenho", "é": "sou", "vai": "vou", "faz": "faço", "está": "estou", "tá": "estou", "pode": "posso"}
_WE_LEAD = {
    "it": r"(?:noi\s+)?",
    "es": r"(?:nosotr[oa]s\s+)?",
    "pt": r"(?:nós\s+)?",
}
_WE_REFLEXIVE = {"it": ("ci", "mi"), "es": ("nos", "me"), "pt": ("nos", "me")}
# "<someone> and I": a companion and the user, said as "we"
_AND_I = {
    "it": r"(?P<who>.+?)\s+(?:e|ed)\s+io",
    "es": r"(?P<who>.+?)\s+y\s+yo",
    "fr": r"(?P<who>.+?)\s+et\s+moi,?",
    "pt": r"(?P<who>.+?)\s+e\s+eu",
    "de": r"(?P<who>.+?)\s+und\s+ich",
}
_I_AND = {
    "it": r"io\s+e\s+(?P<who>.+?)(?=\s+\w+iamo\b|\s+(?:ci|abbiamo|siamo)\b)",
    "es": r"yo\s+y\s+(?P<who>.+?)(?=\s+\w+(?:amos|emos|imos)\b|\s+nos\b)",
    "pt": r"eu\s+e\s+(?P<who>.+?)(?=\s+\w+(?:amos|ámos|emos|imos)\b|\s+nos\b)",
    "fr": r"moi\s+et\s+(?P<who>.+?),?\s+(?=on\b|nous\b)",
    "de": r"ich\s+und\s+(?P<who>.+?)(?=\s+\w+en\b|\s+(?:sind|haben)\b)",
}


@dataclass(frozen=True)
class Singular:
    text: str  # the clause with its verb in the first person singular
    companion: str = ""  # "Tobias" of "mein Mann Tobias und ich"
    plural: bool = False


def singular(clause: str, language: str) -> Singular:
    """A "we" clause as an "I" clause ("Abitiamo a Padova" -> "Abito a Padova", "Lena und ich wohnen
    in Kassel" -> "ich wohne in Kassel"), so the statement frames read it; other clauses as they are."""
    text = clause.strip()
    companion = ""
    for table in (_AND_I, _I_AND):
        m = _match(rf"^{table[language]}\s+", text, re.IGNORECASE) if language in table else None
        following = text[m.end() :].split(" ", 1)[0] if m else ""
        plural_next = is_plural_verb(following, language) or following.lower() in ("uns", "ci", "nos", "on", "nous")
        plural_next = plural_next or (language == "fr" and following.lower().endswith("ons"))
        if m and len(m.group("who").split()) <= 4 and plural_next:
            companion = m.group("who").strip(" ,")
            rest = text[m.end() :]
            if language == "fr":
                # "Julien et moi, on habite ...", "Julien et moi habitons ..."
                text = rest if _match(r"(?i)(?:on|nous)\b", rest) else "nous " + rest
            else:
                text = {"de": "wir "}.get(language, "") + rest
            break
    if language == "de":
        m = _match(r"^wir\s+(?P<v>\S+)(?P<rest>.*)$", text, re.IGNORECASE)
        if m and (verb := _singular_verb(m.group("v"), language)):
            rest = _sub(r"(?i)^(\s+(?:\S+\s+){0,3}?)uns\b", r"\1mich", m.group("rest"))
            return Singular(f"ich {verb}{rest}", companion, True)
        return Singular(text, companion)
    if language == "fr":
        m = _match(r"^(?:nous\s+nous|on\s+s')\s*(?P<v>\S+)(?P<rest>.*)$", text, re.IGNORECASE)
        if m:
            verb = _FR_ON.get(m.group("v").lower()) or _singular_verb(m.group("v"), language) or m.group("v")
            return Singular(_elide(f"je me {verb}{m.group('rest')}"), companion, True)
        m = _match(r"^(?P<s>nous|on)\s+(?P<v>\S+)(?P<rest>.*)$", text, re.IGNORECASE)
        if m:
            said = m.group("v")
            verb = _FR_ON.get(said.lower(), said) if m.group("s").lower() == "on" else _singular_verb(said, language)
            if verb:
                return Singular(_elide(f"je {verb}{m.group('rest')}"), companion, True)
        return Singular(text, companion)
    if language == "pt" and (m := _match(r"^a\s+gente\s+(?P<v>\w+)(?P<rest>.*)$", text, re.IGNORECASE)):
        # Brazilian "a gente mora" is "we live", said in the third person
        said = m.group("v").lower()
        verb = _A_GENTE.get(said) or (said[:-1] + "o" if said.endswith(("a", "e")) else None)
        if verb:
            return Singular(f"{verb}{m.group('rest')}", companion, True)
    lead = _WE_LEAD.get(language)
    if lead is None:
        return Singular(text, companion)
    plural_refl, singular_refl = _WE_REFLEXIVE[language]
    m = _match(rf"^{lead}(?P<r>{plural_refl}\s+)?(?P<v>[\w-]+)(?P<rest>.*)$", text, re.IGNORECASE)
    if not m:
        return Singular(text, companion)
    said = m.group("v")
    enclitic = _match(r"^(?P<v>\w+)-nos$", said, re.IGNORECASE)
    bare = enclitic.group("v") if enclitic else said
    if enclitic and bare.lower().endswith("mo"):
        bare += "s"  # "mudámo-nos": the "-s" of "mudámos" falls before the pronoun
    verb = _singular_verb(bare, language)
    if not verb:
        return Singular(text, companion)
    if enclitic:
        verb = f"{verb}-me"
    reflexive = f"{singular_refl} " if m.group("r") else ""
    return Singular(f"{reflexive}{verb}{m.group('rest')}", companion, True)


def _elide(text: str) -> str:
    return _sub(r"(?i)\b(je|me)\s+(?=[aeiouyhéèê])", lambda m: m.group(1)[0] + "'", text)


# --------------------------------------------------------------------------------------------
# Pets by name: "ho un coniglio, si chiama Fiocco", "tengo dos perros, Lola y Bruno"
# --------------------------------------------------------------------------------------------

_ANIMALS = {
    "it": "cane cagnolino cagnolina cani gatto gatta gattino gattina gatti coniglio coniglietto conigli criceto"
    " criceti pappagallo pappagalli cavallo cavalli tartaruga tartarughe pesce pesci pesciolino canarino furetto"
    " porcellino serpente cagna cagne cagnoline gatte gattine",
    "es": "perro perra perrito perrita perros gato gata gatito gatita gatos conejo conejos hámster hámsters loro"
    " loros caballo caballos tortuga tortugas pez peces canario hurón cobaya periquito serpiente perras gatas"
    " perritas gatitas",
    "fr": "chien chienne chiens chiot chat chatte chats chaton lapin lapins hamster hamsters perroquet perroquets"
    " cheval chevaux tortue tortues poisson poissons canari furet cochon serpent perruche chiennes chattes",
    "pt": "cão cães cachorro cachorra cachorros cadela gato gata gatos gatinho gatinha coelho coelhos hamster"
    " papagaio papagaios cavalo cavalos tartaruga tartarugas peixe peixes canário furão periquito cobra cadelas"
    " gatas cachorras gatinhas",
    "de": "hund hunde hündin welpe katze katzen kater kätzchen hase hasen kaninchen hamster papagei papageien"
    " pferd pferde schildkröte schildkröten fisch fische kanarienvogel frettchen meerschweinchen wellensittich"
    " schlange hündinnen",
}
_PET_OWNER = {
    "it": r"(?:mio|mia|nostro|nostra)",
    "es": r"(?:mi|nuestro|nuestra)",
    "fr": r"(?:mon|ma|notre)",
    "pt": r"(?:meu|minha|nosso|nossa)",
    "de": r"(?:mein|meine|unser|unsere)",
}
_HAVE_SAID = {"it": "ho", "es": "tengo", "fr": "j'ai", "pt": "tenho", "de": "ich habe"}
_HAVE_FIRST = {
    "it": r"(?:io\s+)?ho",
    "es": r"(?:yo\s+)?tengo",
    "fr": r"j'ai",
    "pt": r"(?:eu\s+)?tenho",
    "de": r"ich\s+habe",
}
_ARTICLE_COUNT = r"(?:un|una|un'|uno|une|um|uma|ein|eine|einen|zwei|drei|dos|tres|due|tre|deux|trois|dois|duas|três|\d)"
_CALLED = {
    "it": r"(?:,\s*|\s+)(?:che\s+)?(?:si\s+chiama(?:no)?|di\s+nome|chiamat[oaie])",
    "es": r"(?:,\s*|\s+)(?:que\s+)?(?:se\s+llama(?:n)?|llamad[oa]s?)",
    "fr": r"(?:,\s*|\s+)(?:qui\s+)?(?:(?:il|elle|ils|elles)\s+)?(?:s'appellent|s'appelle|nommée?s?|appelée?s?)",
    "pt": r"(?:,\s*|\s+)(?:que\s+)?(?:se\s+chama(?:m)?|chama-se|chamam-se|chamad[oa]s?)",
    "de": r"(?:,\s*|\s+)(?:(?:er|sie|es|der|die|das)\s+)?(?:heißt|heißen|heisst|namens|mit\s+namen)",
}
_PET_TEXT = {
    "it": "{S} ha un animale di nome {n} ({kind})",
    "es": "{S} tiene una mascota llamada {n} ({kind})",
    "fr": "{S} a un animal nommé {n} ({kind})",
    "pt": "{S} tem um animal de estimação chamado {n} ({kind})",
    "de": "{S} hat ein Haustier namens {n} ({kind})",
}
_PET_NAME = r"(?:(?:o|a|el|la|le|il|lo|der|die|das)\s+)?(?-i:[A-ZÀ-ÝÄÖÜ])[\w'à-ÿäöüß-]+"
_NAME_LIST_SPLIT = re.compile(r"\s*(?:,|\s(?:e|y|et|und)\s)\s*", re.IGNORECASE)
_ARTICLE = re.compile(r"^(?:o|a|el|la|le|il|lo|der|die|das)\s+", re.IGNORECASE)


def pets(clause: str, language: str, subject: str) -> list[Event]:
    """Pets the user names: one or several, after a naming verb or in apposition."""
    if language not in _ANIMALS:
        return []
    animals = "|".join(sorted(_ANIMALS[language].split(), key=len, reverse=True))
    head = rf"^{_HAVE_FIRST[language]}\s+(?:{_ARTICLE_COUNT}\s+)?(?:\w+\s+)?(?P<kind>{animals})\b(?:\s+\w+)?"
    names = rf"(?P<names>{_PET_NAME}(?:\s*(?:,|\s(?:e|y|et|und)\s)\s*{_PET_NAME})*)"
    owned = rf"^(?:(?:il|la|o|a)\s+)?{_PET_OWNER[language]}\s+(?P<kind>{animals})\b"
    m = (
        _match(rf"{head}{_CALLED[language]}\s+{names}", clause, re.IGNORECASE)
        or _match(rf"{head}\s*[,:(]\s*{names}", clause, re.IGNORECASE)
        or _match(rf"{owned}{_CALLED[language]}\s+{names}", clause, re.IGNORECASE)
        # "mi gata Nala tiene 5 años", "unser Hund Struppi ist alt": the name in apposition, then what is said of it
        or _match(rf"{owned}\s+(?P<names>(?-i:[A-ZÀ-ÝÄÖÜ])[\w'à-ÿäöüß-]+)\s+\w", clause, re.IGNORECASE)
    )
    if not m:
        return []
    kind = m.group("kind")
    found = []
    for name in _NAME_LIST_SPLIT.split(m.group("names")):
        name = _ARTICLE.sub("", name.strip())
        if name and name[0].isupper():
            shown_kind = kind.capitalize() if language == "de" else kind.lower()
            text = _PET_TEXT[language].format(S=subject, kind=shown_kind, n=name)
            found.append(Event(text, f"pet:{name.lower()}", name, False))
    return found


_PARTNER_WORDS = {
    "de": "mann frau freund freundin partner partnerin verlobter verlobte ehemann ehefrau",
    "it": "marito moglie ragazzo ragazza compagno compagna fidanzato fidanzata partner",
    "es": "marido mujer esposo esposa novio novia pareja",
    "fr": "mari femme copain copine compagnon compagne partenaire fiancé fiancée conjoint conjointe",
    "pt": "marido mulher esposa namorado namorada companheiro companheira parceiro parceira noivo noiva",
}
_PARTNER_TEXT = {
    "de": "{S} ist mit {n} zusammen",
    "it": "{S} sta con {n}",
    "es": "{S} tiene pareja: {n}",
    "fr": "{S} est en couple avec {n}",
    "pt": "{S} tem um parceiro: {n}",
}


def partner_named(phrase: str, language: str, subject: str) -> list[Event]:
    """ "mein Mann Tobias", "la mia ragazza Giulia": the user's partner, by name."""
    words = _PARTNER_WORDS.get(language, "").replace(" ", "|")
    m = _match(
        rf"^(?:(?:il|la|o|a)\s+)?(?:mein|meine|mio|mia|mi|mon|ma|meu|minha)\s+(?:{words})\s+(?P<n>{_NAME})$",
        phrase.strip(),
        re.IGNORECASE,
    )
    if not m:
        return []
    name = m.group("n")
    return [Event(_PARTNER_TEXT[language].format(S=subject, n=name), "partner", name, False)]


# --------------------------------------------------------------------------------------------
# Clauses said another way round: "started doing", "became", a fronted rhythm, "work at X as Y"
# --------------------------------------------------------------------------------------------

# "ho iniziato a lavorare da X", "empecé a correr", "j'ai commencé à travailler chez X", "comecei a
# jogar ténis": what the user started doing, they now do. Taking something up again is the same
# ("volví a comer carne", "voltei a correr", "ho ripreso a fumare"): they do it now.
_STARTED = {
    "it": r"(?:ho|abbiamo)\s+(?:iniziato|cominciato|preso|ripreso|ricominciato)\s+a\s+"
    r"(?P<inf>\w+(?:are|ere|ire|rre))\b",
    "es": r"(?:empecé|empezamos|comencé|comenzamos|he\s+empezado|hemos\s+empezado|he\s+comenzado|volví|volvimos"
    r"|he\s+vuelto|hemos\s+vuelto)\s+a\s+(?P<inf>\w+(?:ar|er|ir))\b",
    "fr": r"(?:j'ai|on\s+a|nous\s+avons)\s+(?:commencé|recommencé)\s+(?:à|a)\s+(?P<inf>\w+(?:er|ir|re))\b",
    "pt": r"(?:comecei|começámos|começamos|voltei|voltámos|voltamos)\s+a\s+(?P<inf>\w+(?:ar|er|ir))\b",
}
_INFINITIVE_IRREGULAR = {
    "it": {"fare": "faccio", "andare": "vado", "essere": "sono", "avere": "ho", "giocare": "gioco", "stare": "sto"}
    | {"bere": "bevo", "uscire": "esco", "venire": "vengo", "tenere": "tengo"},
    "es": {"hacer": "hago", "ir": "voy", "ser": "soy", "tener": "tengo", "jugar": "juego", "salir": "salgo"}
    | {"empezar": "empiezo", "volver": "vuelvo", "dormir": "duermo", "pedir": "pido", "seguir": "sigo"},
    "fr": {"faire": "fais", "aller": "vais", "être": "suis", "avoir": "ai", "courir": "cours", "boire": "bois"}
    | {"prendre": "prends", "apprendre": "apprends", "écrire": "écris", "lire": "lis", "vivre": "vis"},
    "pt": {"fazer": "faço", "ir": "vou", "ser": "sou", "ter": "tenho", "jogar": "jogo", "sair": "saio"}
    | {"dormir": "durmo", "pedir": "peço", "ouvir": "ouço", "ler": "leio"},
}


def first_person_of(infinitive: str, language: str) -> str:
    """An infinitive in the first person singular, by the regular rules of its conjugation."""
    lower = infinitive.lower()
    irregular = _INFINITIVE_IRREGULAR.get(language, {})
    if lower in irregular:
        return irregular[lower]
    if language == "fr":
        if lower.endswith("er"):
            return lower[:-2] + "e"  # "travailler" -> "travaille"
        if lower.endswith("ir"):
            return lower[:-2] + "is"  # "finir" -> "finis"
        return lower[:-2] + "s"
    if language == "it" and lower.endswith(("care", "gare")):
        return lower[:-3] + "o"  # "pescare" -> "pesco"
    if language == "it" and lower.endswith(("ciare", "giare")):
        return lower[:-3] + "o"  # "mangiare" -> "mangio"
    return _sub(r"(?:are|ere|ire|rre|ar|er|ir)$", "o", lower)


# "je viens d'adopter", "acabo de comprar", "acabei de comprar": what the user just did, said in the past
_JUST_DID = {
    "fr": r"(?:je\s+viens|nous\s+venons|on\s+vient)\s+(?:de\s+|d')(?P<inf>\w+er)\b",
    "es": r"(?:acabo|acabamos)\s+de\s+(?P<inf>\w+(?:ar|er|ir))\b",
    "pt": r"(?:acabei|acabámos|acabamos)\s+de\s+(?P<inf>\w+(?:ar|er|ir))\b",
}
_JUST_DID_AS = {
    "fr": lambda inf: "j'ai " + inf[:-2] + "é",
    "es": lambda inf: "he " + inf[:-2] + ("ado" if inf.endswith("ar") else "ido"),
    "pt": lambda inf: inf[:-2] + ("ei" if inf.endswith("ar") else "i"),
}
# "sono diventato X", "me he hecho X", "je suis devenu X", "ich bin X geworden", "tornei-me X": the
# user is X now.
_BECAME = {
    "it": (r"(?:sono|siamo)\s+diventat[oaie]\s+", "sono "),
    "es": (r"(?:me\s+he\s+hecho|me\s+hice|me\s+he\s+convertido\s+en|me\s+convertí\s+en)\s+", "soy "),
    "fr": (r"(?:je\s+suis|on\s+est|nous\s+sommes)\s+devenue?s?\s+", "je suis "),
    "pt": (r"(?:tornei-me|me\s+tornei|virei)\s+", "sou "),
}
_WITH_BEFORE_PLACE = re.compile(
    r"^(?P<verb>(?:je\s+|j'|ich\s+)?\S+)\s+(?P<with>(?:avec|con|mit|com|insieme\s+a)\s+(?:\S+\s+){0,2}?\S+)\s+"
    r"(?P<place>(?:à|a|en|in|em|no|na|au|nel|nella)\s+(?-i:[A-ZÀ-Ý]).*)$",
    re.IGNORECASE,
)
# A rhythm said first ("Ogni domenica gioco a padel"): the frames read the verb first.
_RHYTHM_FIRST = re.compile(
    r"^(?P<rhythm>(?:ogni|tutti\s+i|tutte\s+le|il|la|cada|todos\s+los|todas\s+las|los|las|chaque|tous\s+les"
    r"|toutes\s+les|le|todos\s+os|todas\s+as|aos|às)\s+\w+(?:\s+(?:mattina|sera|pomeriggio|mañana|tarde|noche"
    r"|matin|soir|manhã|noite))?)\s*,?\s+(?P<rest>.+)$",
    re.IGNORECASE,
)
# "Lavoro in Ferrari come ingegnere": where and as what, two facts
_AS = {
    "it": r"(?P<head>(?:io\s+)?lavoro\s+.+?)\s+come\s+(?P<role>.+)",
    "es": r"(?P<head>(?:yo\s+)?trabajo\s+.+?)\s+como\s+(?P<role>.+)",
    "fr": r"(?P<head>je\s+(?:travaille|bosse)\s+.+?)\s+(?:comme|en\s+tant\s+que)\s+(?P<role>.+)",
    "pt": r"(?P<head>(?:eu\s+)?trabalho\s+.+?)\s+como\s+(?P<role>.+)",
    "de": r"(?P<head>ich\s+arbeite\s+.+?)\s+als\s+(?P<role>.+)",
}
_AS_VERB = {"it": "lavoro come", "es": "trabajo como", "fr": "je travaille comme", "pt": "trabalho como"}
_AS_VERB["de"] = "ich arbeite als"


# Sports and practices one "does" in each language ("hago zumba", "faccio karate", "faço musculação", "ich mache
# Pilates", "je fais du judo"): the object of the light verb that makes it a habit.
PRACTICES = {
    "es": "yoga pilates deporte natación escalada crossfit running ciclismo surf boxeo senderismo zumba spinning"
    " musculación gimnasia baile danza atletismo remo judo kárate karate taekwondo meditación equitación esgrima"
    " kickboxing ballet aeróbic aerobic calistenia",
    "it": "yoga pilates sport nuoto palestra arrampicata crossfit corsa surf boxe danza karate judo ginnastica"
    " atletica equitazione scherma canottaggio ciclismo trekking spinning zumba meditazione ballo kickboxing"
    " taekwondo calisthenics",
    "pt": "yoga ioga pilates desporto esporte natação escalada crossfit corrida surf boxe musculação academia"
    " ginástica dança ballet balé judo judô karaté karatê capoeira zumba spinning caminhada trilha hidroginástica"
    " meditação atletismo remo ciclismo jiu-jitsu taekwondo",
    "fr": "yoga pilates sport natation escalade crossfit course surf boxe musculation gym danse judo karaté"
    " équitation escrime randonnée zumba méditation vélo athlétisme aviron",
    "de": "yoga pilates sport krafttraining crossfit karate judo boxen kickboxen ballett zumba meditation"
    " fitness gymnastik leichtathletik taekwondo spinning",
}
_PRACTICE_WORDS = {language: frozenset(said.split()) for language, said in PRACTICES.items()}
# A practice begun, said by its noun: "j'ai commencé le yoga", "ich habe mit Yoga angefangen", "empecé
# (con el) pilates", "ho iniziato (il) karate", "comecei (a) musculação": the user does it now.
_STARTED_NOUN = {
    "fr": (r"(?:j'ai|on\s+a)\s+(?:commencé|recommencé|débuté|repris)\s+(?:le\s+|la\s+|l')?", "je fais {art}{n}"),
    "de": (r"ich\s+(?:habe|hab)\s+(?:\S+\s+){0,2}?mit\s+(?:dem\s+)?", "ich mache {n}"),
    "es": (r"(?:empecé|comencé|he\s+empezado|he\s+comenzado)\s+(?:con\s+)?(?:el\s+|la\s+)?", "hago {n}"),
    "it": (r"(?:ho\s+(?:iniziato|cominciato|ripreso))\s+(?:con\s+)?(?:il\s+|lo\s+|la\s+|l')?", "faccio {n}"),
    "pt": (r"(?:comecei|recomecei)\s+(?:com\s+)?(?:o\s+|a\s+)?", "faço {n}"),
}
_FR_PARTITIVE = {"f": "de la ", "v": "de l'", "m": "du "}
_FR_FEMININE = frozenset(("natation", "escalade", "course", "musculation", "danse", "boxe", "randonnée", "zumba"))


def _practice_begun(text: str, language: str) -> str | None:
    form = _STARTED_NOUN.get(language)
    m = _match(rf"^{form[0]}(?P<n>[^\W\d_][\w-]*)(?P<rest>.*)$", text, re.IGNORECASE) if form else None
    if m is None or m.group("n").lower() not in _PRACTICE_WORDS[language]:
        return None
    rest = m.group("rest")
    if language == "de":
        if not _match(r"(?i)^\s*angefangen\b", rest):
            return None
        rest = _sub(r"(?i)^\s*angefangen", "", rest)
    noun = m.group("n")
    art = ""
    if language == "fr":
        lower = noun.lower()
        art = _FR_PARTITIVE["v" if lower[0] in "aeiouyhé" else "f" if lower in _FR_FEMININE else "m"]
    return form[1].format(art=art, n=noun) + rest


def restated(clause: str, language: str) -> list[str]:
    """The clause as the frames read it: one or two clauses in the first person present."""
    text = clause.strip()
    if two := role_at(text, language):
        return two
    if language == "es" and (m := _match(_LLEVO, text, re.IGNORECASE)):
        # "llevo tres años en Barcelona", "llevo dos años trabajando en Indra": where the user is, and for how long
        verb = "trabajo" if m.group("doing") and m.group("doing").lower().startswith("trabaj") else "vivo"
        text = f"{verb} en {m.group('place')}"
    if begun := _practice_begun(text, language):
        text = begun
    elif (started := _STARTED.get(language)) and (m := _match(rf"^{started}", text, re.IGNORECASE)):
        text = first_person_of(m.group("inf"), language) + text[m.end() :]
        if language == "fr":
            text = _sub(r"(?i)^(?=[aeiouyhé])", "j'", text) if _match(r"(?i)[aeiouyhé]", text) else "je " + text
    if (just := _JUST_DID.get(language)) and (m := _match(rf"^{just}", text, re.IGNORECASE)):
        inf = m.group("inf").lower()
        text = _JUST_DID_AS[language](inf) + text[m.end() :]
    if (became := _BECAME.get(language)) and (m := _match(rf"^{became[0]}", text, re.IGNORECASE)):
        text = became[1] + text[m.end() :]
    if m := _WITH_BEFORE_PLACE.match(text):
        text = f"{m.group('verb')} {m.group('place')} {m.group('with')}"  # "je vis avec ma copine à Bruxelles"
    m = _RHYTHM_FIRST.match(text)
    # "il sabato" is a rhythm, "la casa" is not: with a bare article, only a weekday
    bare = m and _match(r"(?i)(?:il|la|le|los|las)\s+\w+\s*$", m.group("rhythm"))
    if m and (not bare or _is_weekday_word(m.group("rhythm"))):
        text = f"{m.group('rest')} {m.group('rhythm').lower()}"
    if (as_ := _AS.get(language)) and (m := _match(rf"^{as_}$", text, re.IGNORECASE)):
        head = m.group("head")
        if m.group("role")[:1].islower():
            return [head, f"{_AS_VERB[language]} {m.group('role')}"]
    return [text]


_LLEVO = (
    r"^(?:yo\s+)?llevo\s+(?:ya\s+)?(?:\S+\s+)?(?:años|meses|semanas|año|mes)\s+(?P<doing>viviendo\s+|trabajando\s+)?"
    r"en\s+(?P<place>(?-i:[A-ZÁÉÍÓÚÑ]).*)$"
)
_WEEKDAY_WORDS = _words(
    "lunedì martedì mercoledì giovedì venerdì sabato domenica lunes martes miércoles jueves viernes sábado domingo"
    " lundi mardi mercredi jeudi vendredi samedi dimanche lundis mardis mercredis jeudis vendredis samedis dimanches"
    " segunda terça quarta quinta sexta sábados domingos"
)


def _is_weekday_word(phrase: str) -> bool:
    return phrase.split()[-1].lower() in _WEEKDAY_WORDS


# --------------------------------------------------------------------------------------------
# Someone of the user's family: "mia sorella vive a Londra", "mein Bruder wohnt in Wien"
# --------------------------------------------------------------------------------------------

_RELATIVES = {
    "it": "padre madre papà mamma genitori fratello sorella fratelli sorelle figlio figlia figli figlie nonno nonna"
    " nonni zio zia cugino cugina marito moglie suocero suocera nipote",
    "es": "padre madre papá mamá padres hermano hermana hermanos hermanas hijo hija hijos hijas abuelo abuela"
    " abuelos tío tía primo prima marido mujer esposo esposa suegro suegra",
    "fr": "père mère papa maman parents frère sœur soeur frères sœurs fils fille enfants grand-père grand-mère"
    " grands-parents oncle tante cousin cousine mari femme beau-père belle-mère",
    "pt": "pai mãe pais irmão irmã irmãos irmãs filho filha filhos filhas avô avó avós tio tia primo prima"
    " marido mulher esposa sogro sogra",
    "de": "vater mutter papa mama eltern bruder schwester brüder schwestern geschwister sohn tochter kinder opa oma"
    " großeltern onkel tante cousin cousine mann frau schwiegervater schwiegermutter",
}
_RELATIVE_POSSESSIVE = {
    "it": r"(?:(?:il|la|i|le)\s+)?(?:mio|mia|miei|mie)",
    "es": r"(?:mi|mis)",
    "fr": r"(?:mon|ma|mes)",
    "pt": r"(?:(?:o|a|os|as)\s+)?(?:meu|minha|meus|minhas)",
    "de": r"(?:mein|meine)",
}
_OF_USER = {
    "it": "{art} {who} dell'utente",
    "es": "{art} {who} del usuario",
    "fr": "{art} {who} de l'utilisateur",
    "pt": "{art} {who} do utilizador",
    "de": "{art} {who} des Nutzers",
}
_LIVES = {
    "it": r"(?:vive|vivono|abita|abitano|sta|stanno)\s+(?:a|in)\s+",
    "es": r"(?:vive|viven)\s+en\s+",
    "fr": r"(?:vit|vivent|habite|habitent)\s+(?:à|en|au)\s+",
    "pt": r"(?:vive|vivem|mora|moram)\s+(?:em|no|na)\s+",
    "de": r"(?:wohnt|wohnen|lebt|leben)\s+in\s+",
}
_NAMED_RELATIVE = {
    "it": r"si\s+chiama(?:no)?\s+",
    "es": r"se\s+llama(?:n)?\s+",
    "fr": r"s'appelle(?:nt)?\s+",
    "pt": r"(?:se\s+chama|chama-se)\s+",
    "de": r"(?:heißt|heisst)\s+",
}
_WORKS = {
    "it": r"(?:(?:lavora|lavorano)\s+(?:come|in|alla|al|presso|per|da)|fa\s+(?:il|la|lo|l'))\s*",
    "es": r"(?:trabaja|trabajan)\s+(?:como|de|en|para)\s+",
    "fr": r"(?:travaille|travaillent)\s+(?:comme|chez|à|pour)\s+",
    "pt": r"(?:trabalha|trabalham)\s+(?:como|na|no|em|para)\s+",
    "de": r"(?:arbeitet|arbeiten)\s+(?:als|bei|in|für)\s+",
}


# "mio figlio è nato a marzo", "mi hijo nació", "mon fils est né", "mein Sohn ist geboren", "meu filho nasceu"
_BORN = {
    "it": r"(?:è|sono)\s+nat[oaie]\b",
    "es": r"(?:nació|ha\s+nacido|nacieron)\b",
    "fr": r"(?:est|sont)\s+née?s?\b",
    "pt": r"(?:nasceu|nasceram)\b",
    "de": r"(?:ist|wurde|sind|wurden)\s+(?:\S+\s+){0,3}?geboren\b",
}
# "mia moglie è medico", "mi madre es profesora", "ma femme est avocate", "meine Frau ist Ärztin"
_IS = {"it": r"è\s+", "es": r"es\s+", "fr": r"est\s+", "pt": r"é\s+", "de": r"ist\s+"}


# "mia figlia è ...", "ma sœur Léa habite ...": a relative of the user's, named or not, then a lower-case word (the
# verb). After a comma it starts a statement of its own; an apposition ("con Luca, mio fratello") has no verb after.
RELATIVE_OPENS = {
    language: rf"(?:{_RELATIVE_POSSESSIVE[language]})\s+(?:{'|'.join(sorted(kin.split(), key=len, reverse=True))})"
    rf"(?:\s+{_NAME})?\s+(?-i:[a-zà-ÿ])"
    for language, kin in _RELATIVES.items()
}
_RELATIVE_OPENS = {language: re.compile(rf"(?i)^{pattern}") for language, pattern in RELATIVE_OPENS.items()}


def relative_opens(text: str, language: str) -> bool:
    """Whether ``text`` opens with a relative of the user's and the verb after it ("mio marito è vegano")."""
    pattern = _RELATIVE_OPENS.get(language)
    return bool(pattern and pattern.match(text))


def relative_statement(clause: str, language: str) -> list[Event]:
    """What the user says of a relative: where they live, their name, their work."""
    if language not in _RELATIVES:
        return []
    relatives = "|".join(sorted(_RELATIVES[language].split(), key=len, reverse=True))
    m = _match(
        rf"^(?P<poss>{_RELATIVE_POSSESSIVE[language]})\s+(?P<rel>{relatives})(?:\s+(?P<name>{_NAME}))?\s+(?P<rest>.+)$",
        clause.strip(),
        re.IGNORECASE,
    )
    if not m:
        return []
    rel = m.group("rel")
    # "wohnt jetzt in Graz", "è celiaca quindi niente glutine": the state, without when and what follows from it
    rest = foreign_relative_states.without_consequence(
        foreign_relative_states.now_dropped(_tidy(m.group("rest")), language), language
    )
    possessive = m.group("poss").split()[-1].lower()
    masculine, feminine, plural = _ARTICLES[language]
    if possessive in _PLURAL_POSSESSIVE or possessive in ("mes", "meus", "minhas", "miei", "mie"):
        article = plural
    elif possessive in _FEMININE_POSSESSIVE or possessive == "ma" or feminine_kin(rel, language):
        article = feminine  # "mi madre": "La madre del usuario"
    else:
        article = masculine
    who = rel if language != "de" else rel.capitalize()
    if m.group("name"):
        who = f"{who} {m.group('name')}"
    owner = _OF_USER[language].format(art=article, who=who)
    key = rel.lower()
    if moved := foreign_relative_states.moved_to(rest, language):
        # "mi hermana se mudó a Cádiz": she lives there now
        return [Event(f"{owner} {moved[0]}", f"family:{key}:location", moved[1], False)]
    aspects = ((_LIVES, "location"), (_NAMED_RELATIVE, "name"), (_WORKS, "work"), (_BORN, "born"), (_IS, "is"))
    for pattern, aspect in aspects:
        named = aspect in ("location", "name")  # a place or a name is said with a capital
        if _match(
            rf"^{pattern[language]}(?-i:[A-ZÀ-ÝÄÖÜ])" if named else rf"^{pattern[language]}(?:\S|$)",
            rest,
            re.IGNORECASE,
        ):
            if len(rest.split()) > 8:
                return []
            return [Event(f"{owner} {possessives_third(rest, language)}", f"family:{key}:{aspect}", rest, False)]
    return []


# "mi sono sposata con Luca", "me casé con Ana", "je me suis mariée avec Paul", "ich habe Jonas geheiratet"
_MARRIED = {
    "it": r"(?:mi\s+sono|ci\s+siamo)\s+sposat[oaie]\s+(?:con\s+)?(?P<n>{name})?",
    "es": r"(?:me\s+casé|nos\s+casamos|me\s+he\s+casado|nos\s+hemos\s+casado)\s+(?:con\s+)?(?P<n>{name})?",
    "fr": r"(?:je\s+me\s+suis|on\s+s'est|nous\s+nous\s+sommes)\s+mariée?s?\s+(?:avec\s+)?(?P<n>{name})?",
    "pt": r"(?:casei(?:-me)?|casámos|casamos|me\s+casei)\s+(?:com\s+(?:o\s+|a\s+)?)?(?P<n>{name})?",
    "de": r"ich\s+habe\s+(?P<n>{name})\s+geheiratet",
}
_MARRIED_TEXT = {
    "it": "{S} è sposato con {n}",
    "es": "{S} está casado con {n}",
    "fr": "{S} est marié avec {n}",
    "pt": "{S} é casado com {n}",
    "de": "{S} ist mit {n} verheiratet",
}


def married(clause: str, language: str, subject: str) -> list[Event]:
    pattern = _MARRIED.get(language)
    m = _match(rf"^{pattern.format(name=_NAME)}", clause.strip(), re.IGNORECASE) if pattern else None
    if not m or not m.group("n"):
        return []
    name = m.group("n")
    return [Event(_MARRIED_TEXT[language].format(S=subject, n=name), "partner", name, False)]


def subject_first(text: str) -> str:
    """German verb-second order, with "ich"/"wir" first: once a date or place has been taken from the
    front ("Am Samstag bin ich nach Köln gezogen") the verb comes before "ich"; a fronted object
    ("Fleisch esse ich nicht mehr", "Mit dem Rad fahre ich ins Büro") goes after the verb."""
    text = _sub(r"^(?:(?:jetzt|nun|inzwischen|seitdem|dann|auch)\s+)?(\w+)\s+(ich|wir)\b", r"\2 \1", text, flags=re.I)
    m = _match(
        r"^(?P<front>(?!(?:weil|dass|wenn|ob|als|obwohl|falls)\b)(?:\S+\s+){1,4}?)(?P<verb>\w+)\s+(?P<s>ich|wir)\b"
        r"(?P<rest>.*)$",
        text,
        flags=re.I,
    )
    if not m:
        return text
    front = m.group("front").strip()
    if _match(r"(?i)(?:für|mit|in|im|bei|am|an|auf|nach|von|vom|zum|zur|seit)\b", front):
        # "Für mein Hobbyprojekt nutze ich Go": the object first, the phrase after it
        return f"{m.group('s')} {m.group('verb')}{m.group('rest')} {front[0].lower()}{front[1:]}"
    return f"{m.group('s')} {m.group('verb')} {front}{m.group('rest')}"  # "Fleisch esse ich nicht mehr"


def normalised(clause: str, language: str) -> str:
    """A clause as the general layer reads it: subject first (German), "we" as "I", and said in the
    present ("ho iniziato a correre" -> "corro")."""
    text = subject_first(clause) if language == "de" else clause
    return restated(text, language)[0]


# --------------------------------------------------------------------------------------------
# How the user wants the assistant to answer: in which language, how long, "tu" or "vous"
# --------------------------------------------------------------------------------------------

_PLEASE = r"(?:(?:per\s+favore|por\s+favor|s'il\s+te\s+plaît|stp|bitte)\s*,?\s+)?"
_ALWAYS = r"(?:(?:sempre|siempre|toujours|immer|bitte|mir)\s+){0,3}"
_ANSWER_IN = {
    "it": r"(?:rispondimi|rispondi|scrivimi|parlami|preferisco\s+che\s+(?:tu\s+)?mi\s+rispond[ai])\s+"
    + _ALWAYS
    + r"in",
    "es": r"(?:respóndeme|contéstame|escríbeme|háblame|responde|prefiero\s+que\s+me\s+respondas)\s+" + _ALWAYS + r"en",
    "fr": r"(?:réponds-moi|réponds|écris-moi|parle-moi|je\s+préfère\s+que\s+tu\s+répondes)\s+" + _ALWAYS + r"en",
    "de": r"(?:antworte|schreib|sprich|antworte\s+mir|schreib\s+mir|sprich\s+mit\s+mir)\s+"
    + _ALWAYS
    + r"(?:mit\s+mir\s+)?(?:auf|in)",
    "pt": r"(?:responde-me|responda|me\s+responda|escreve-me|fala\s+comigo|prefiro\s+que\s+me\s+respondas)\s+"
    + _ALWAYS
    + r"em",
}
_LANGUAGE_NAMES = _words(
    "italiano inglese spagnolo francese tedesco portoghese español inglés italiano francés alemán portugués"
    " français anglais italien espagnol allemand portugais deutsch englisch italienisch spanisch französisch"
    " portugiesisch português inglês italiano espanhol francês alemão"
    # other languages a person speaks; those ending in -o read like a first-person verb ("russo", "ruso")
    " russo cinese giapponese olandese polacco arabo greco svedese coreano turco ucraino rumeno catalano"
    " ruso chino japonés holandés polaco árabe griego sueco coreano turco ucraniano rumano catalán"
    " chinês japonês holandês grego"
)


def is_language_name(word: str) -> bool:
    """Whether a word names a language ("spagnolo", "alemán"): a noun, never a verb."""
    return word.lower() in _LANGUAGE_NAMES


_ANSWER_TEXT = {
    "it": "{S} vuole risposte {always}in {lang}",
    "es": "{S} quiere respuestas {always}en {lang}",
    "fr": "{S} veut des réponses {always}en {lang}",
    "de": "{S} möchte Antworten {always}auf {lang}",
    "pt": "{S} quer respostas {always}em {lang}",
}
_ALWAYS_WORD = {"it": "sempre ", "es": "siempre ", "fr": "toujours ", "de": "immer ", "pt": "sempre "}
# Being addressed informally: "dammi del tu", "tutéame", "tutoie-moi", "duz mich", "trata-me por tu"
_INFORMAL = {
    "it": r"(?:dammi\s+del\s+tu|preferisco\s+(?:che\s+mi\s+dai|darci)\s+del\s+tu|puoi\s+darmi\s+del\s+tu)",
    "es": r"(?:tutéame|háblame\s+de\s+tú|prefiero\s+que\s+me\s+tutees|trátame\s+de\s+tú)",
    "fr": r"(?:tutoie-moi|je\s+préfère\s+que\s+tu\s+me\s+tutoies|tu\s+peux\s+me\s+tutoyer|on\s+peut\s+se\s+tutoyer)",
    "de": r"(?:duz\s+mich|du\s+kannst\s+mich\s+duzen|bitte\s+duzen|lass\s+uns\s+duzen|ich\s+möchte\s+geduzt\s+werden)",
    "pt": r"(?:trata-me\s+por\s+tu|me\s+trata\s+por\s+você|prefiro\s+que\s+me\s+trates\s+por\s+tu)",
}
_INFORMAL_TEXT = {
    "it": "{S} preferisce che gli si dia del tu",
    "es": "{S} prefiere que le tuteen",
    "fr": "{S} préfère être tutoyé",
    "de": "{S} möchte geduzt werden",
    "pt": "{S} prefere ser tratado por tu",
}
# "preferisco risposte brevi", "prefiero respuestas cortas", "je préfère des réponses courtes"
_SHORT = {
    "it": r"(?:preferisco|voglio|mi\s+piacciono)\s+(?:le\s+)?risposte\s+"
    r"(?P<how>brevi|corte|lunghe|dettagliate|concise)",
    "es": r"(?:prefiero|quiero|me\s+gustan)\s+(?:las\s+)?respuestas\s+"
    r"(?P<how>cortas|breves|largas|detalladas|concisas)",
    "fr": r"(?:je\s+préfère|je\s+veux|j'aime)\s+(?:des|les)\s+réponses\s+(?P<how>courtes|brèves|longues|détaillées"
    r"|concises)",
    "de": r"(?:ich\s+(?:bevorzuge|möchte|mag|will))\s+"
    r"(?P<how>kurze|knappe|lange|ausführliche|detaillierte)\s+Antworten",
    "pt": r"(?:prefiro|quero|gosto\s+de)\s+(?:as\s+)?respostas\s+(?P<how>curtas|breves|longas|detalhadas|concisas)",
}
_SHORT_TEXT = {
    "it": "{S} preferisce risposte {how}",
    "es": "{S} prefiere respuestas {how}",
    "fr": "{S} préfère des réponses {how}",
    "de": "{S} bevorzugt {how} Antworten",
    "pt": "{S} prefere respostas {how}",
}


def style_request(clause: str, language: str, subject: str) -> list[Event]:
    """How the user wants to be answered, said as a request or a preference."""
    if language not in _ANSWER_IN:
        return []
    text = clause.strip()
    m = _match(rf"^{_PLEASE}{_ANSWER_IN[language]}\s+(?P<lang>\w+)\b", text, re.IGNORECASE)
    if m and m.group("lang").lower() in _LANGUAGE_NAMES:
        always = _ALWAYS_WORD[language] if _search(r"(?i)\b(?:sempre|siempre|toujours|immer)\b", text) else ""
        name = m.group("lang").capitalize() if language == "de" else m.group("lang").lower()
        shown = _ANSWER_TEXT[language].format(S=subject, always=always, lang=name)
        return [Event(shown, "style:language", m.group("lang").lower(), False, "preference")]
    if _match(rf"^{_PLEASE}{_INFORMAL[language]}\b", text, re.IGNORECASE):
        return [Event(_INFORMAL_TEXT[language].format(S=subject), "style:address", "tu", False, "preference")]
    if m := _match(rf"^{_SHORT[language]}\b", text, re.IGNORECASE):
        how = m.group("how").lower()
        return [Event(_SHORT_TEXT[language].format(S=subject, how=how), "style:length", how, False, "preference")]
    return []


def partner_mentioned(clause: str, language: str, subject: str) -> list[Event]:
    """ "Mon copain Julien veut ...", "Mia moglie Giulia lavora ...": whatever the partner does, the
    user has a partner by that name."""
    words = _PARTNER_WORDS.get(language, "").replace(" ", "|")
    m = _match(
        rf"^(?:(?:il|la|o|a)\s+)?(?:mein|meine|mio|mia|mi|mon|ma|meu|minha)\s+(?:{words})\s+(?P<n>{_NAME})\b",
        clause.strip(),
        re.IGNORECASE,
    )
    if not m or m.group("n").lower() in _RELATIVE_STOP:
        return []
    return partner_named(m.group(0), language, subject)


_RELATIVE_STOP = _words("und und e y et ist è es est é hat ha tiene a tem")

# "En casa somos cuatro", "siamo in quattro", "on est quatre", "wir sind zu viert", "somos quatro"
_HOUSEHOLD = {
    "es": r"(?:en\s+casa\s+)?somos\s+(?P<n>dos|tres|cuatro|cinco|seis|\d)(?:\s+en\s+casa)?",
    "it": r"(?:in\s+famiglia\s+|a\s+casa\s+)?siamo\s+in\s+(?P<n>due|tre|quattro|cinque|sei|\d)"
    r"(?:\s+(?:in\s+famiglia|a\s+casa))?",
    "fr": r"(?:à\s+la\s+maison\s+)?(?:on\s+est|nous\s+sommes)\s+(?P<n>deux|trois|quatre|cinq|six|\d)",
    "pt": r"(?:em\s+casa\s+)?somos\s+(?P<n>dois|duas|três|quatro|cinco|seis|\d)(?:\s+em\s+casa)?",
    "de": r"wir\s+sind\s+zu\s+(?P<n>zweit|dritt|viert|fünft|sechst)",
}
_HOUSEHOLD_TEXT = {
    "es": "En casa del usuario son {n}",
    "it": "Nella famiglia dell'utente sono in {n}",
    "fr": "Le foyer de l'utilisateur compte {n} personnes",
    "pt": "Em casa do utilizador são {n}",
    "de": "Der Haushalt des Nutzers: zu {n}",
}


def household(clause: str, language: str) -> list[Event]:
    pattern = _HOUSEHOLD.get(language)
    m = _match(rf"^{pattern}\s*$", clause.strip(" ,.!"), re.IGNORECASE) if pattern else None
    if not m:
        return []
    n = m.group("n")
    return [Event(_HOUSEHOLD_TEXT[language].format(n=n), "family:size", n, False)]


# "uso Notion invece di Evernote", "ich nutze jetzt GitLab statt GitHub": the new value and the old one
_INSTEAD = (
    r"(?:invece\s+di|al\s+posto\s+di|en\s+lugar\s+de|en\s+vez\s+de|au\s+lieu\s+de|à\s+la\s+place\s+de|statt"
    r"|anstatt|anstelle\s+von|em\s+vez\s+de|no\s+lugar\s+de)"
)
_USE_VERBS = {
    "it": r"(?:io\s+)?(?:uso|utilizzo)",
    "es": r"(?:yo\s+)?(?:uso|utilizo)",
    "fr": r"j'utilise",
    "pt": r"(?:eu\s+)?(?:uso|utilizo)",
    "de": r"ich\s+(?:nutze|benutze|verwende)",
}


def instead(clause: str, language: str, subject: str) -> list[Event]:
    verb = _USE_VERBS.get(language)
    m = (
        _match(
            rf"^{verb}\s+(?:\S+\s+){{0,3}}?(?P<new>(?-i:[A-Z]|[a-z]+[A-Z])[\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?)\s+"
            rf"{_INSTEAD}\s+(?:(?:il|lo|la|el|le|o|a|der|die|das|dem)\s+)?(?P<old>[^,;.!?]+)$",
            clause.strip(" .!"),
            re.IGNORECASE,
        )
        if verb
        else None
    )
    if not m:
        return []
    old, new = _tidy(m.group("old")), m.group("new")
    key = thing_of(old, language)
    if not key or len(old.split()) > 4:
        return []
    return [
        Event(_NO_LONGER_USES[language].format(S=subject, x=old), f"*:{key}", old, True),
        Event(_NOW_USES[language].format(S=subject, y=new), f"*:{key}", new, False),
    ]


# "ich bin Softwareentwickler bei SAP", "je suis ingénieure chez Thales", "sono ingegnere presso Leonardo"
_ROLE_AT = {
    "de": (r"ich\s+bin\s+(?P<role>(?-i:[A-ZÄÖÜ])\w+)\s+bei\s+(?P<org>.+)", "ich bin {role}", "ich arbeite bei {org}"),
    "fr": (
        r"je\s+suis\s+(?P<role>[\w-]+(?:\s+[\w-]+)?)\s+chez\s+(?P<org>.+)",
        "je suis {role}",
        "je travaille chez {org}",
    ),
    "it": (
        r"(?:io\s+)?sono\s+(?P<role>\w+(?:\s+\w+)?)\s+(?:presso|alla|al)\s+(?P<org>(?-i:[A-Z]).+)",
        "sono {role}",
        "lavoro presso {org}",
    ),
}


def role_at(clause: str, language: str) -> list[str] | None:
    if language == "de" and (
        m := _match(r"(?i)^ich\s+bin\s+(?P<role>(?-i:[A-ZÄÖÜ])\w+)\s+(?:an|am|im|in)\s+\S", clause)
    ):
        return [f"ich bin {m.group('role')}"]  # "Lehrerin an einer Grundschule": the role; the school is no employer
    found = _ROLE_AT.get(language)
    m = _match(rf"^{found[0]}$", clause.strip(" .!"), re.IGNORECASE) if found else None
    if not m or _is_participle(m.group("role").split()[0], language):
        return None  # "sono passato al Pixel", "je suis passé chez Free": a past, not a role
    return [found[1].format(role=m.group("role")), found[2].format(org=m.group("org"))]


# "estou namorando a Carla", "estoy saliendo con Lucía", "sto con Marco", "je sors avec Léa"
_DATING = {
    "pt": r"(?:eu\s+)?(?:estou|tô|to)\s+(?:namorando|a\s+namorar)\s+(?:com\s+)?(?:o\s+|a\s+)?",
    "es": r"(?:yo\s+)?(?:estoy\s+saliendo\s+con|salgo\s+con)\s+",
    "it": r"(?:io\s+)?(?:sto|sto\s+insieme)\s+con\s+",
    "fr": r"je\s+sors\s+avec\s+",
    "de": r"ich\s+bin\s+(?:\S+\s+){0,3}?mit\s+",
}


def dating(clause: str, language: str, subject: str) -> list[Event]:
    pattern = _DATING.get(language)
    m = _match(rf"^{pattern}(?P<n>{_NAME})", clause.strip(), re.IGNORECASE) if pattern else None
    if not m or (language == "de" and not _search(r"(?i)\bzusammen\b", clause)):
        return []
    name = m.group("n")
    return [Event(_PARTNER_TEXT[language].format(S=subject, n=name), "partner", name, False)]


def cut_tail(text: str) -> str:
    """A phrase without what a conjunction or a reason adds after it ("ir al gimnasio porque ...")."""
    return _tidy(text)


# Makers and lines whose name says what kind of thing the user has: a phone replaces a phone.
_PRODUCT_KINDS = {
    "phone": "iphone samsung galaxy pixel xiaomi redmi huawei oneplus motorola moto nokia oppo realme fairphone",
    "laptop": "macbook thinkpad xps zenbook vivobook chromebook surface framework ideapad latitude",
    "car": "tesla golf polo clio twingo panda fiesta corolla yaris ibiza leon octavia megane micra",
    "watch": "apple-watch garmin fitbit",
}
_PRODUCT_INDEX = {word: kind for kind, words in _PRODUCT_KINDS.items() for word in words.split()}
_USES_NOW = {
    "es": ("usa ahora", "tiene ahora"),
    "it": ("usa ora", "ha ora"),
    "fr": ("utilise maintenant", "a maintenant"),
    "pt": ("usa agora", "tem agora"),
    "de": ("nutzt jetzt", "hat jetzt"),
}


def product_kind(name: str) -> str | None:
    words = [w.lower() for w in re.findall(r"[\w-]+", name)]
    words = [w for w in words if w not in _THING_STOP]
    return _PRODUCT_INDEX.get(words[0]) if words else None


def as_owned(line: str, language: str) -> str:
    """ "usa ahora un iPhone" -> "tiene ahora un iPhone": a phone is had, not used."""
    uses, has = _USES_NOW.get(language, ("", ""))
    return line.replace(uses, has) if uses else line
