"""Pastimes: what the user does in their free time, said as taken up ("I started yoga on Fridays", "got into
birding during lockdown", "picked up the ukulele") or kept up with a rhythm ("been bouldering 3 times a week
since Christmas"). Each is rewritten as the present habit ("I do yoga on Fridays", "I go birding", "I play
the ukulele", "I go bouldering 3 times a week") that the durable-verb frames read, so the habit lands on the
slot a later "I stopped doing yoga" finds, dated from when it was taken up.

An activity is known by its KIND, a lexicon typed by how it is said in the present (gone to, played with or
without "the", done, made), so any activity of a kind reads the same, and a taking-up of anything else
("started a new job", "picked up my sister", "got into trouble", "got into Oxford") says nothing here. A
try ("I tried surfing once"), a plan ("going to start pottery") or a taking-up undone in the same breath
("started yoga but hated it") is no habit either."""

from __future__ import annotations

import re
from collections.abc import Callable

_FLAGS = re.IGNORECASE


def _words(text: str) -> list[str]:
    return [w.strip() for w in text.split(",") if w.strip()]


# Activities said with "go" + gerund in the present ("I go bouldering").
_GONE = _words("""
    bouldering, climbing, rock climbing, hiking, birding, birdwatching, bird watching, surfing, kitesurfing,
    windsurfing, kayaking, canoeing, sailing, skiing, snowboarding, skating, ice skating, rollerblading,
    running, trail running, jogging, cycling, mountain biking, swimming, wild swimming, open water swimming,
    fishing, fly fishing, camping, diving, scuba diving, freediving, rowing, paddleboarding, paddle boarding,
    caving, orienteering, geocaching, dancing, salsa dancing, swing dancing, horse riding, horseback riding,
    riding, hillwalking, fell running, trekking, backpacking, snorkeling, snorkelling, skateboarding,
    foraging, metal detecting
""")
# Instruments, played with "the" ("I play the cello").
_INSTRUMENTS = _words("""
    guitar, electric guitar, acoustic guitar, bass, bass guitar, double bass, piano, keys, keyboard, violin,
    viola, cello, drums, ukulele, uke, banjo, mandolin, flute, clarinet, saxophone, sax, trumpet, trombone,
    tuba, french horn, harp, accordion, harmonica, oboe, bassoon, bagpipes, cavaquinho, oud, sitar, tabla,
    recorder, organ, synth
""")
# Games and sports, played without an article ("I play squash").
_GAMES = _words("""
    tennis, table tennis, squash, badminton, football, five-a-side, 5-a-side, soccer, rugby, cricket, golf,
    chess, padel, pickleball, volleyball, beach volleyball, basketball, hockey, ice hockey, field hockey,
    netball, ping pong, frisbee, ultimate frisbee, ultimate, darts, snooker, poker, bridge, dnd, d&d,
    dungeons and dragons, roller derby, water polo, baseball, softball, lacrosse, handball, korfball,
    board games, mahjong, bowls
""")
# Activities one does ("I do yoga", "I do pottery").
_DONE = _words("""
    yoga, hot yoga, pilates, pottery, ceramics, karate, judo, jiu-jitsu, jiu jitsu, bjj, taekwondo, kung fu,
    boxing, kickboxing, muay thai, crossfit, parkour, calisthenics, tai chi, aikido, fencing, archery,
    woodworking, woodwork, knitting, crochet, crocheting, embroidery, cross stitch, calligraphy, photography,
    gardening, baking, painting, watercolours, watercolors, watercolour, watercolor, drawing, sketching,
    weightlifting, powerlifting, weights, strength training, meditation, improv, ballet, salsa, tango,
    sewing, quilting, origami, carpentry, martial arts, aerial silks, pole fitness, spinning, zumba,
    stand-up comedy, stand up comedy, bread making, sourdough, birding photography, astronomy, astrophotography,
    journaling, running club, amateur dramatics, am dram, life drawing, lino printing, printmaking,
    bookbinding, leathercraft, jewellery making, jewelry making, beekeeping, brewing, home brewing,
    rock climbing
""")
# Activities one makes ("I make music").
_MADE = _words("music, beats, electronic music, films, short films, candles, furniture, cheese, jewellery, jewelry")

_KINDS: dict[str, str] = {}
for _kind, _names in (("go", _GONE), ("play the", _INSTRUMENTS), ("play", _GAMES), ("do", _DONE), ("make", _MADE)):
    for _name in _names:
        _KINDS.setdefault(_name.lower(), _kind)


def _alternatives(names: list[str]) -> str:
    return "|".join(re.escape(n).replace(r"\ ", r"\s+") for n in sorted(names, key=len, reverse=True))


KINDS = frozenset(_KINDS)  # every activity of a known kind, as the lexicon spells it
_ACTIVITY = _alternatives(list(_KINDS))
# The first word of every activity: a clause with none of them names no activity (a set look-up, before any pattern).
_ACTIVITY_WORDS = frozenset(re.findall(r"[a-z&]+", name)[0] for name in _KINDS)
_WORD = re.compile(r"[a-z&]+")

# A taking-up: the verb, then (maybe) the verb of the activity itself ("started playing the cello").
_TAKING_UP = (
    r"(?:have\s+|had\s+)?(?:just\s+|recently\s+|finally\s+|also\s+|now\s+|actually\s+)*"
    r"(?:started|begun|began|took\s+up|taken\s+up|picked\s+up|got\s+(?:back\s+)?into|gotten\s+(?:back\s+)?into"
    r"|am\s+getting\s+(?:back\s+)?into|been\s+getting\s+(?:back\s+|more\s+)?into"
    r"|(?:swapped|switched|changed|moved)\s+(?:over\s+)?to)"
)
_ACTIVITY_VERB = r"(?:(?:doing|playing|going|making|learning(?:\s+to\s+play)?)\s+)?"
_TAKEN_UP = re.compile(
    rf"^(?P<subj>i|we)\s+{_TAKING_UP}\s+{_ACTIVITY_VERB}(?:the\s+)?(?P<what>{_ACTIVITY})\b"
    r"(?P<tail>.*)$",
    _FLAGS,
)
_KEPT_UP = re.compile(
    rf"^(?P<subj>i|we)\s+(?:have\s+|had\s+)?been\s+(?P<what>{_ACTIVITY})\b(?P<tail>.*)$",
    _FLAGS,
)

# What may follow the activity and still belong to the habit: when, how often, where, with what.
_TAIL_PART = re.compile(
    r"^\s*,?\s*(?:(?:on|at|in|with|every|each|most|twice|once\s+a|three\s+times|two\s+times|\d+\s*(?:x|times)"
    r"|a\s+couple\s+of\s+times|weekly|daily|nightly|regularly|on\s+weekends)\b[^,;.!?]*)",
    _FLAGS,
)
# Said of the taking-up, not of the habit ("got into birding during lockdown"): read past, never kept.
_FILLER = re.compile(
    r"^\s*,?\s*(?:again|too|also|now|lately|recently|lol|haha|tbh"
    r"|(?:during|over|through|after)\b[^,;.!?]*?(?=$|[,;.!?]|\s(?:and|so|but)\b))",
    _FLAGS,
)
# A rhythm: a kept-up "been X-ing" is a habit only with one ("been hiking" alone may be today's walk).
_RHYTHM = re.compile(
    r"\b(?:every|each|most|twice|once\s+a|times\s+a|x\s+a|(?:a|per)\s+(?:week|month)|weekly|daily|nightly"
    r"|regularly|on\s+(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekends))\b",
    _FLAGS,
)
# What undoes or belittles the taking-up in the same clause: a try, a dislike, a stop.
_UNDONE = re.compile(
    r"\b(?:but|once|hated|quit|stopped|gave\s+up|didn't|did\s+not|never|for\s+a\s+day|for\s+one\s+day)\b", _FLAGS
)
# Where the rest of the clause stops being about the habit.
_CUT = re.compile(r"\s*(?:[,;.!?]|\s(?:so|and|because|bc|cos|cause|since|which|but)\b)", _FLAGS)


def _tail(rest: str) -> str | None:
    """The part of what follows the activity that belongs to the habit; None when the rest undoes it."""
    if _UNDONE.search(rest):
        return None
    kept: list[str] = []
    while rest.strip():
        if filler := _FILLER.match(rest):
            rest = rest[filler.end() :]
            continue
        part = _TAIL_PART.match(rest)
        if part is None:
            break
        kept.append(part.group(0).strip(" ,"))
        rest = rest[part.end() :]
    if rest.strip() and not _CUT.match(rest):
        return None  # "picked up the guitar from the shop": the rest says what was done with a thing
    return " ".join(kept)


def _present(subj: str, what: str, tail: str) -> str:
    kind = _KINDS[re.sub(r"\s+", " ", what.lower())]
    subj = subj.capitalize()
    said = f"{subj} {kind} {what}" if kind != "go" else f"{subj} go {what}"
    return f"{said} {tail}".strip()


def present(subj: str, what: str, tail: str) -> str:
    """The present habit of an activity of a known kind: ("I", "pilates", "on weekends") -> "I do pilates on
    weekends"."""
    return _present(subj, what, tail)


def activity(habit: str) -> tuple[str, str]:
    """The verb and the activity of a habit :func:`as_habit` made: "I play the ukulele on Sundays" ->
    ("play", "ukulele"), for the slot a frame would give it ("habit:playing-ukulele")."""
    m = re.match(rf"^\w+\s+(?P<verb>go|play|do|make)\s+(?:the\s+)?(?P<what>{_ACTIVITY})\b", habit, _FLAGS)
    return (m.group("verb").lower(), m.group("what").lower()) if m else ("do", habit.split()[-1].lower())


def as_habit(text: str, known_verb: Callable[[str], object] | None = None) -> str | None:
    """The present habit a first-person clause says was taken up ("I picked up the ukulele" -> "I play the
    ukulele") or is kept up with a rhythm ("I have been bouldering 3 times a week" -> "I go bouldering 3 times
    a week"), or says without a verb of doing ("I'm an avid reader", "I spend my weekends hiking", "my new
    obsession is bouldering"); None when the clause says none of these of an activity of a known kind."""
    if text and (said := without_doing(text, known_verb)):
        return said
    if not text or not _GATE.search(text) or not _ACTIVITY_WORDS.intersection(_WORD.findall(text.lower())):
        return None
    if (since := _SINCE_TAKEN_UP.search(text)) and not _TAKEN_UP.match(text):
        text = text[since.end() :]  # "I barely use it since I got into birding": the taking-up said after "since"
    if m := _TAKEN_UP.match(text):
        tail = _tail(m.group("tail"))
        return None if tail is None else _present(m.group("subj"), m.group("what"), tail)
    if m := _KEPT_UP.match(text):
        if known_verb is not None and " " not in m.group("what") and known_verb(m.group("what")):
            return None  # "been running 3x a week": the frames read a known verb's gerund ("runs"), not "goes running"
        tail = _tail(m.group("tail"))
        if not tail or not _RHYTHM.search(tail):
            return None
        return _present(m.group("subj"), m.group("what"), tail)
    return None


_SINCE_TAKEN_UP = re.compile(r"\b(?:ever\s+since|since|now\s+that)\s+(?=(?:i|we)\s)", _FLAGS)

# The cheap gate: a clause without one of these words is no taking-up nor a kept-up "been".
_GATE = re.compile(
    r"\b(?:started|begun|began|took|taken|picked|got|gotten|getting|been|swapped|switched|changed|moved)\b", _FLAGS
)


# Verbs of perceiving, thinking and being: their present says what one notices, thinks or is right now ("I smell
# smoke", "I doubt it", "I contain multitudes apparently"), never something one does as a pastime or a habit.
_STATIVE_WORDS = """see hear smell feel notice sense know think guess suppose reckon bet doubt wonder believe mean
    understand remember forget agree disagree wish deserve owe contain seem appear mind need realise realize admit
    assume imagine expect fear trust recognise recognize regret suspect matter"""
_STATIVE = frozenset(re.findall(r"[a-z]+", _STATIVE_WORDS))


def stative(verb: str) -> bool:
    """Whether a verb's base is one of perceiving, thinking or being (no habit in its present)."""
    return verb.lower() in _STATIVE


_BARE_COUNT = re.compile(
    r"^(?:(?:about|around|roughly|like|maybe|up\s+to|at\s+least)\s+)?(?:\d+|a\s+few|a\s+couple)$", _FLAGS
)


def without_bare_count(what: str) -> str:
    """What a habit is done with, without a count said with no noun: "about 10" (of "I smoke about 10 a day") is
    how much, not what, so "smoking" stays the habit's one slot; "about 10 cigarettes" keeps its noun."""
    return "" if _BARE_COUNT.match(what.strip()) else what


# --- a pastime said without a verb of doing -------------------------------------------------------------------

# "an avid reader", "a keen cyclist", "a bit of a chess player": one who does a pastime, said with a word of
# keenness (a bare "I'm a photographer" is a job; "not a big reader" and "was a keen runner" say no habit now).
_KEEN_ONE = re.compile(
    r"^(?:i'm|im|i\s+am)\s+(?:(?:also|still|actually|quite|really|pretty|such)\s+)*(?:an?\s+)?"
    r"(?:bit\s+of\s+an?\s+|(?:(?:really|very|pretty|quite|huge|big)\s+)?(?:avid|keen|big|massive|huge|mad|obsessive"
    r"|passionate|amateur|hobby|weekend|casual|serious|enthusiastic|lifelong|proper|total|committed|regular)\s+)"
    r"(?P<who>[a-z&-]+(?:\s+[a-z&-]+)?)(?P<tail>\s*(?:[,;.!]|\s(?:tbh|lol|haha|btw|too|now|these\s+days|and|but|so)\b).*|\s*)$",
    _FLAGS,
)
# Who does what: the habit each one who does a pastime has, as the frames read it.
_ONE_WHO = {
    "reader": "read",
    "runner": "run",
    "jogger": "go jogging",
    "cyclist": "cycle",
    "swimmer": "swim",
    "climber": "go climbing",
    "boulderer": "go bouldering",
    "hiker": "go hiking",
    "baker": "bake",
    "gardener": "garden",
    "knitter": "knit",
    "surfer": "go surfing",
    "skier": "go skiing",
    "snowboarder": "go snowboarding",
    "golfer": "play golf",
    "gamer": "play video games",
    "photographer": "do photography",
    "birder": "go birding",
    "birdwatcher": "go birdwatching",
    "painter": "paint",
    "sailor": "go sailing",
    "angler": "go fishing",
    "dancer": "dance",
    "cook": "cook",
    "kayaker": "go kayaking",
    "diver": "go diving",
    "potter": "do pottery",
    "rower": "row",
    "walker": "go walking",
}
_PLAYER = re.compile(r"^(?P<what>.+?)\s+player$", _FLAGS)
# "I spend my weekends hiking", "we spend most evenings gaming": the pastime of that time.
_SPEND = re.compile(
    r"^(?P<subj>i|we)\s+spend\s+(?:(?:most|all|a\s+lot)\s+of\s+)?(?:my|our|most|all\s+my|all\s+our)\s+"
    r"(?P<when>weekends|evenings|mornings|sundays|saturdays|days\s+off|free\s+time|spare\s+time|lunch\s+breaks)\s+"
    r"(?P<what>[a-z]+ing(?:\s+[a-z]+)?)\b(?P<tail>.*)$",
    _FLAGS,
)
_WHEN_SAID = {"weekends": "on weekends", "evenings": "in the evenings", "mornings": "in the mornings"}
# "my new obsession is bouldering", "my big hobby is the ukulele": the pastime itself, named as one's passion.
_PASSION = re.compile(
    r"^(?:my|our)\s+(?:(?:new|latest|current|big|main|only|biggest|favourite|favorite)\s+)*"
    r"(?:obsession|hobby|passion|addiction|thing|pastime)\s+(?:(?:atm|rn|right\s+now|these\s+days|lately)\s+)?"
    r"(?:is|=)\s+(?:(?:definitely|probably|totally)\s+)?(?P<what>[a-z&-]+(?:\s+[a-z&-]+){0,2}?)\s*"
    r"(?:[,;.!].*|\s(?:tbh|lol|haha|btw|now|these\s+days)\b.*)?$",
    _FLAGS,
)
_WITHOUT_DOING_GATE = re.compile(r"\b(?:spend|obsession|hobby|passion|addiction|thing|pastime|i'm|im|am)\b", _FLAGS)


def _known(what: str) -> str | None:
    name = re.sub(r"\s+", " ", re.sub(r"^(?:the|a|an)\s+", "", what.strip().lower()))
    return name if name in _KINDS else None


def without_doing(text: str, known_verb: Callable[[str], object] | None = None) -> str | None:
    """The present habit a clause says without a verb of doing: "I'm an avid reader" -> "I read"; "I spend my
    weekends hiking" -> "I go hiking on weekends"; "my new obsession is bouldering" -> "I go bouldering"; None
    for any other clause, or an activity of no known kind."""
    if not _WITHOUT_DOING_GATE.search(text) or "?" in text or re.search(r"\bnot\b", text, _FLAGS):
        return None
    if m := _KEEN_ONE.match(text.strip()):
        who = m.group("who").lower()
        if who in _ONE_WHO:
            return f"I {_ONE_WHO[who]}"
        if (player := _PLAYER.match(who)) and (name := _known(player.group("what"))):
            return _present("I", name, "")
        return None
    if m := _SPEND.match(text.strip()):
        when = m.group("when").lower()
        tail = _WHEN_SAID.get(when, f"on {when}" if when.endswith("s") and " " not in when else "")
        if name := _known(m.group("what")) or _known(m.group("what").split()[0]):
            return _present(m.group("subj"), name, tail)
        verb = m.group("what").split()[0].lower()
        base = known_verb(verb) if known_verb is not None else None
        if isinstance(base, str):
            return f"{m.group('subj')} {base} {tail}".strip()
        return None
    if (m := _PASSION.match(text.strip())) and (name := _known(m.group("what"))):
        return _present("I", name, "")
    return None
