"""One key per habit in German, Spanish, French, Italian and Portuguese, whatever form said it.

A habit is said in many forms ("fumo un pacchetto al giorno", "ho smesso di fumare", "non fumo più";
"je fais du judo le mardi", "j'ai arrêté le judo"; "ich spiele Tennis im Verein", "ich spiele kein
Tennis mehr"), and each frame that reads one used to key it its own way ("fum-pacchetto-giorno",
"fum"; "judo", "l-judo"; "verein", "tennis"). An ending then found no habit on its slot and both
stayed active. Here the key is read back from the fact's own text, the same way for every form:

* what only says how, when, how often, how much or with whom is dropped ("tutte le mattine",
  "deux fois par semaine", "un paquet par jour", "desde los 18", "con i colleghi", "im Verein");
* so are the words of the ending itself (negations, "smettere di", "dejar de", "arrêter",
  "aufhören mit", "deixar de") and a light verb (go, do, play, make) whose object is the activity or
  place ("gioca a calcetto", "fait du judo", "spielt Tennis", "va in piscina", "geht in die Kirche"):
  the key is the activity's or the place's noun, never the light verb, so that two habits said with
  the same light verb stay two habits;
* otherwise the activity's verb, by its stem, with the noun right after it when there is one
  ("toca la guitarra" -> "toc-guitarra", "fuma" -> "fum"): infinitive, third person and noun form
  share a stem ("fumare"/"fuma", "courir"/"court", "Joggen"/"joggt").

Pure functions.
"""

from __future__ import annotations

import re

from shared.providers.offline.foreign_clauses import SUBJECTS
from shared.providers.offline.text_forms import slug, words

__all__ = ["ACTIVITY_VERBS", "habit_present", "habit_slot", "light_verb_only", "without_rhythm"]

_PERIOD = (
    r"(?:giorno|settimana|mese|anno|día|dia|semana|mes|año|ano|jour|semaine|mois|an|année|tag|woche|monat|jahr"
    r"|mattina|sera|notte|mañana|noche|tarde|manhã|noite|matin|soir|morgen|abend)"
)
_WEEKDAY = (
    r"(?:lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica|lunes|martes|miércoles|jueves|viernes|sábados?"
    r"|domingos?|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|segundas?|terças?|quartas?|quintas?|sextas?"
    r"|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|weekend|week-end|fine\s+settimana|findes?|wochenende"
    r"|fin\s+de\s+semana|fim\s+de\s+semana)s?"
)
# How often, how much, when: never what the habit is.
_HOW = re.compile(
    r"(?i)\((?:[^()]*)\)"  # a stated date shown in the text: "(2026-02)"
    rf"|\b(?:un|una|uno|une|um|uma|ein|eine|einen|\d+|due|tre|dos|tres|deux|trois|dois|duas|três|zwei|drei)\s+[\w']+"
    rf"\s+(?:al|a|per|por|par|pro|am|ao|à|la|le|o)\s+(?:{_PERIOD})\b"  # "un pacchetto al giorno"
    rf"|\b(?:\w+\s+)?(?:volte|veces|fois|vezes|mal)\s+(?:al|a|per|por|par|pro|in\s+der|ao|à|la)\s+(?:{_PERIOD})\b"
    rf"|\b\w+mal\s+(?:pro|die|in\s+der|im|am|den|im)\s+(?:{_PERIOD})\b"  # "dreimal pro Woche", "zweimal im Monat"
    rf"|\b(?:ogni|tutti\s+i|tutte\s+le|todos\s+los|todas\s+las|tous\s+les|toutes\s+les|chaque|jeden|jede|jedes"
    rf"|todos\s+os|todas\s+as|cada)\s+(?:[\w']+)"
    rf"|\b(?:il|el|le|los|les|am|aos|ao|às|nos|no|os|as|i|di|de|la|al|au|nel)\s+{_WEEKDAY}\b|\b{_WEEKDAY}\b"
    rf"|\b(?:di|de|du|del|della|da|in\s+der|am|à|pela|por\s+la|por\s+las|la|le|el)\s+(?:{_PERIOD})s?\b"
)
# Where the activity's own words end: with whom, where, since when, for what.
_CUT_WORDS = words(
    "con en in im mit avec com no na nel nella desde seit depuis da dal dalla per por par para pour für au à bei"
    " quando cuando quand wenn porque perché parce weil ma pero mais mas aber y e et und ed num numa"
)
_DROP = {
    "it": "non più mai ha hanno smesso di con lasciato mollato abbandonato gioca giocare fa fare pratica praticare"
    " il lo la i gli le l' un una uno a al allo alla ai agli alle ad molto tanto parecchio"
    " regolarmente sacco beve bere va andare andato andata vado",
    "es": "ya no más nunca ha dejado dejó de paró parado juega jugar hace hacer practica practicar"
    " el la los las un una al a mucho bastante regularmente montón bebe beber va ir ido voy del sale salir",
    "fr": "ne n' plus pas jamais a arrêté arrête de d' du des cessé lâché joue jouer fait faire pratique pratiquer"
    " le la les l' un une au aux à beaucoup énormément régulièrement boit boire va aller allé allée vais",
    "pt": "já não mais nunca deixou de parou largou joga jogar faz fazer pratica praticar"
    " o a os as um uma ao aos do da muito bastante imenso regularmente bebe beber vai ir ido vou à às",
    "de": "nicht mehr kein keine keinen nie hat mit dem den der das die zu aufgehört spielt spielen macht machen"
    " treibt treiben einen ein eine viel sehr ziemlich regelmäßig gern gerne trinkt trinken geht gehen gegangen gehe"
    " zum zur ins ans aber noch auch",
}
# How often or where else, said in place of what: "vado spesso", "ich gehe oft", "je vais là-bas".
_VAGUE = (
    "spesso sempre talvolta volte lì là qui ci ne oft immer manchmal selten dort hin hier da dahin souvent toujours"
    " parfois là-bas y ici siempre menudo veces allí ahí aquí frecuentemente sempre vezes lá ali aqui"
    " frequentemente"
)
_DROP_WORDS = {language: frozenset(words.split()) | frozenset(_VAGUE.split()) for language, words in _DROP.items()}
# The light verbs (go, do, play, make) in the third person and the infinitive: what follows them is the
# habit; with nothing after them, there is no habit to key.
_LIGHT = {
    "it": "va andare fa fare gioca giocare",
    "es": "va ir hace hacer juega jugar",
    "fr": "va aller fait faire joue jouer",
    "pt": "vai ir faz fazer joga jogar",
    "de": "geht gehen macht machen spielt spielen",
}
_LIGHT_WORDS = {language: frozenset(said.split()) for language, said in _LIGHT.items()}
_ENDINGS = {
    "it": ("are", "ere", "ire", "a", "e", "o", "i"),
    "es": ("ar", "er", "ir", "a", "e", "o"),
    "pt": ("ar", "er", "ir", "a", "e", "o"),
    "fr": ("er", "ir", "re", "t", "e", "s"),
    "de": ("en", "t", "e", "n"),
}
_WORD = re.compile(r"[^\W\d_][\w'-]*")


def _stem(word: str, language: str) -> str:
    lower = word.lower()
    for ending in _ENDINGS[language]:
        if lower.endswith(ending) and len(lower) - len(ending) >= 3:
            return lower[: -len(ending)]
    return lower


def _tokens(text: str, language: str) -> list[str]:
    # "l'utente" style elisions: "l'" and "d'" stand alone, so they drop like any article
    spaced = re.sub(r"(?i)\b([ldn])'", r"\1' ", text)
    return [w.lower() for w in _WORD.findall(spaced)]


def without_rhythm(value: str) -> str:
    """A habit's value without how often or when it is done ("marche nordique deux fois par mois" ->
    "marche nordique"): the rhythm is no part of what the habit is, and counting its words as the activity's
    made a habit with a rhythm too long to be one."""
    return re.sub(r"\s+", " ", _HOW.sub(" ", value)).strip()


def habit_slot(text: str, language: str) -> str | None:
    """``habit:<key>`` for a habit fact's text in ``language`` (subject first, as the foreign frames
    write it), or None when the text is not in that shape or names no activity."""
    subject = SUBJECTS.get(language)
    if subject is None or not text.startswith(subject + " "):
        return None
    body = _HOW.sub(" ", text[len(subject) + 1 :])
    drop = _DROP_WORDS[language]
    words = _tokens(body, language)
    # "ha smesso con il caffè": a preposition before the activity is no part of it
    lead = next((i for i, w in enumerate(words) if w not in drop and w not in _CUT_WORDS), None)
    if lead is None:
        return None
    if verb := _ACTIVITY_NOUNS[language].get(words[lead]):
        return f"habit:{slug(_stem(verb, language), 4)}"  # "la course à pied" is running: "court"'s key
    key = _stem(words[lead], language)
    if key in _ACTIVITY_STEMS[language]:
        return f"habit:{slug(key, 4)}"  # running marathons is running: an activity is its own key
    for word in words[lead + 1 :]:
        if word in _CUT_WORDS:
            break
        if word not in drop:
            key += " " + word  # the activity's object, as said ("toca la guitarra", "mangia carne")
            break
    return "habit:" + slug(key, 4)


def light_verb_only(text: str, language: str) -> bool:
    """Whether a habit fact's text is a light verb with no activity or place after it ("Der Nutzer geht
    oft", "L'utente va spesso"): no habit at all, and a key made of the verb would join unrelated ones."""
    subject = SUBJECTS.get(language)
    if subject is None or not text.startswith(subject + " ") or habit_slot(text, language) is not None:
        return False
    return bool(_LIGHT_WORDS[language] & set(_tokens(text[len(subject) + 1 :], language)))


# Activities whose plain present says a habit, with or without an object ("fumo", "corro maratonas",
# "je nage", "ich rauche viel"): first person -> third person.
_ACTIVITY_VERBS = {
    "it": "fumo:fuma corro:corre nuoto:nuota scalo:scala pedalo:pedala medito:medita ballo:balla canto:canta"
    " disegno:disegna dipingo:dipinge",
    "es": "fumo:fuma corro:corre nado:nada escalo:escala medito:medita bailo:baila canto:canta dibujo:dibuja"
    " pinto:pinta",
    "fr": "fume:fume cours:court nage:nage grimpe:grimpe médite:médite danse:danse chante:chante dessine:dessine"
    " peins:peint",
    "pt": "fumo:fuma corro:corre nado:nada escalo:escala medito:medita danço:dança canto:canta desenho:desenha"
    " pinto:pinta",
    "de": "rauche:raucht laufe:läuft jogge:joggt schwimme:schwimmt klettere:klettert meditiere:meditiert"
    " tanze:tanzt singe:singt zeichne:zeichnet male:malt",
}
# Activities said by their noun ("fait de la course à pied", "practica la natación", "faz corrida"): keyed
# as the activity's verb, so "je ne cours plus" ends "je fais de la course à pied".
_ACTIVITY_NOUNS = {
    "fr": {"course": "court", "jogging": "court", "footing": "court", "running": "court", "natation": "nage"},
    "es": {"natación": "nada", "natacion": "nada", "running": "corre", "footing": "corre", "jogging": "corre"},
    "it": {"corsa": "corre", "jogging": "corre", "running": "corre", "nuoto": "nuota"},
    "pt": {"corrida": "corre", "natação": "nada", "natacao": "nada", "jogging": "corre", "running": "corre"},
    "de": {"jogging": "joggt", "joggen": "joggt", "schwimmen": "schwimmt"},
}
# Drinking: what is drunk is the habit ("bevo caffè ogni mattina", "ho smesso con il caffè").
_DRINK_VERBS = {
    "it": {"bevo": "beve"},
    "es": {"bebo": "bebe"},
    "fr": {"bois": "boit"},
    "pt": {"bebo": "bebe"},
    "de": {"trinke": "trinkt"},
}
ACTIVITY_VERBS = {
    language: dict(pair.split(":") for pair in pairs.split()) for language, pairs in _ACTIVITY_VERBS.items()
}
_ACTIVITY_STEMS = {
    language: frozenset(_stem(w, language) for pair in verbs.items() for w in pair)
    for language, verbs in ACTIVITY_VERBS.items()
}
_I = {"it": r"(?:io\s+)?", "es": r"(?:yo\s+)?", "fr": r"je\s+", "pt": r"(?:eu\s+)?", "de": r"ich\s+"}
# How much, how well: said with the habit, never its object.
_DEGREE = re.compile(
    r"(?i)^(?:molto|tanto|parecchio|un\s+sacco|regolarmente|mucho|bastante|un\s+montón|regularmente|beaucoup"
    r"|énormément|régulièrement|viel|sehr\s+viel|ziemlich\s+viel|regelmäßig|gern|gerne|muito|imenso)$"
)
_OBJECT = re.compile(r"(?i)^[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*)?$")
_NOT_OBJECT = words(
    "a al alla in da con per su en con por para de du à au chez avec pour dans mit in im bei nach zu auf com em no na"
    " non no ne pas nicht kein keine não nunca mai jamais nie più plus mehr ya già já noch ancora encore todavia"
    " todavía ainda lo la le li gli les los las es ihn sie o os as me mi te ti ci se"
)


def habit_present(clause: str, language: str) -> tuple[str, str, str] | None:
    """(text, slot, value) for a plain present of an activity ("fumo", "je nage beaucoup", "corro
    maratonas"); None for anything else, a negation, a place or a time included."""
    drinks = _DRINK_VERBS.get(language, {})
    verbs = {**ACTIVITY_VERBS.get(language, {}), **drinks}
    if not verbs:
        return None
    m = re.match(rf"(?i)^{_I[language]}(?P<verb>[^\W\d_]+)\b\s*(?P<tail>.*?)[\s.!]*$", clause.strip())
    if m is None or m.group("verb").lower() not in verbs:
        return None
    tail = m.group("tail").split(",")[0].strip()  # "corro maratonas, preciso de ideias": the request is another clause
    core = re.sub(r"\s+", " ", _HOW.sub(" ", tail)).strip()  # "café todas las mañanas": the rhythm is no object
    plain_object = bool(_OBJECT.match(core)) and not _NOT_OBJECT & set(core.lower().split())
    if core and not _DEGREE.match(core) and not plain_object:
        return None
    if m.group("verb").lower() in drinks and not plain_object:
        return None  # "bevo molto": what is not said
    third = verbs[m.group("verb").lower()]
    text = f"{SUBJECTS[language]} {third}" + (f" {tail}" if tail else "")
    slot = habit_slot(text, language)
    return (text, slot, f"{third} {tail}".strip()) if slot else None
