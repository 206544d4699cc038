"""What casual chat leaves in a fact that is no fact about the speaker.

Friends catching up say a lot in passing: how they feel tonight ("I'm a bit nervous"), what is in their hand
("on the balcony with a coffee"), that they have news, a
reply that points back with a pronoun ("I'm terrible at it", "stopped playing with them"), someone else's news
told with "she" or "he" ("She had knee surgery in February"). The frames read each of these as a statement
about the speaker and so make facts that are garbled ("has a She had knee surgery"), empty ("is terrible at
it") or of the moment ("has a coffee"). These pure functions tell such facts by their form, after the frames
have spoken and before a speaker's name is put in, so a fact reads "The user ..." here.

Each test names a form, never a sentence: a pronoun where the fact's object should be, a subject pronoun
inside the fact, an adverb inflected as a verb, a verb that needs an object followed straight by a place or
time, a feeling of the moment, a thing one "has" that is no possession, a body part's state of the day, the
turn of a topic.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from shared.domain.models import ExtractedFact
from shared.providers.offline.text_forms import rx, words

# What a fact's text may end with after its content: a stated time, in brackets or after "on"/"in"/"since".
_TIME_TAIL = r"(?:\s+(?:\(since\s+[^)]*\)|(?:on|in|since|until|from)\s+(?:the\s+week(?:end)?\s+of\s+)?\d{4}[-\d]*))*"

# "is terrible at it", "is hopeless with them": how one is at a thing the fact cannot say (the object of the
# preposition is a pronoun). After a fact that is whole ("speaks Spanish with them", "climbs with her every
# week"), the same phrase is only a detail that points back, and goes (``trimmed``). A verb's own "it" is left:
# "does hate it" answers "do you hate your job?", read with the question.
_POINTING_OBJECT = rx(
    r"(?P<phrase>\s(?:at|with|of|about|for|to|on|in|from|into|after|by)\s+"
    r"(?:it|them|him|her|this|that|these|those|one)(?:\s+(?:too|as\s+well|now|lol|haha+|anymore|for\s+now))?)"
    rf"(?P<tail>{_TIME_TAIL})\s*$"
)
# The fact before such a phrase says only how one is: "is terrible", "is a bit hopeless".
_ONLY_HOW_ONE_IS = rx(
    r"^The user\s+(?:is|am|are|was|gets|got)\s+(?:(?:a\s+bit|a\s+little|so|really|pretty|very|quite|kinda|totally"
    r"|super|not\s+great|not\s+good)\s+)*[a-z-]+$"
)
# "has a She had knee surgery", "is the he said": a subject pronoun inside the fact, after an article or a verb
# of the frame: another person's clause read whole as the speaker's thing.
_SUBJECT_INSIDE = rx(r"\b(?:a|an|the|has|is|likes|loves)\s+(?-i:She|He|They)\s+\w")
# "evens did a gig", "alsos went": an adverb put in the third person as if it were the verb.
_ADVERB_AS_VERB = rx(
    r"^The user\s+(?:evens|alsos|justs|actuallys|reallys|finallys|stills|onlys|evenses|honestlys|literallys)\b"
)
# "met at a running club", "gave up until Tuesday": a verb that needs its object, with a place or time instead.
_OBJECT_DROPPED = rx(
    r"^The user\s+(?:(?:met|visited|bought|sold|adopted|found|booked|saw|hired)"
    r"\s+(?:at|in|on|until|till|from|since|by|during|after|before)\b"
    r"|gave\s+up\s+(?:until|till|during)\b)"
)  # never a verb with its particle: "gave up on meat", "took on a role", "joined in 2024" are read elsewhere
# "is a bit nervous", "is so tired", "is really relieved": a feeling of the moment, said with or without a degree.
_MOOD_OF_THE_MOMENT = rx(
    r"^The user\s+is\s+(?:(?:a\s+(?:bit|little)|so|really|super|kinda|kind\s+of|pretty|very|quite|totally|soo+|"
    r"a\s+tad|slightly|absolutely|completely)\s+)*(?P<feeling>[a-z]+)(?:\s+(?:today|tonight|now|rn|lol|haha+))?"
    rf"{_TIME_TAIL}\s*$"
)
_FEELINGS = words(
    "nervous tired exhausted knackered shattered relieved excited stressed anxious bored jealous sad upset happy "
    "glad thrilled proud sore sick ill hungry hungover cold hot grumpy cranky overwhelmed emotional scared "
    "terrified worried annoyed gutted buzzing pumped dead wrecked drained sleepy jetlagged"
)
# "has news", "has a coffee", "has a question": something one has in hand or in mind now, no possession.
_HAD_NOW = rx(
    r"^The user\s+(?:has|had)\s+(?:(?:a|an|some|the|big|great|good|exciting|more|any)\s+)*"
    r"(?:news|coffee|tea|cuppa|beer|wine|glass|drink|snack|question|idea|feeling|moment|minute|second|chance"
    r"|blast|update|point|favour|favor|cold|headache|hangover)"
    rf"(?:\s+(?:too|now|today|tonight|lol|haha+|for\s+(?:you|u)))?{_TIME_TAIL}\s*$"
)  # the thing ends the fact: "has a glass of wine most evenings" is a habit, "a second cat" a pet
# "'s legs is dead", "'s back are killing": how a part of the body is today, no fact about the speaker.
_BODY_TODAY = rx(
    r"^The user's\s+(?:legs?|arms?|back|feet|foot|head|eyes?|knees?|hands?|body|neck|shoulders?)\s+(?:is|are)\b"
)

# "is speaking of family", "is talking about work": the turn of a topic ("speaking of family, how's your mum?").
_TOPIC_TURN = rx(r"^The user\s+is\s+(?:speaking|talking)\s+(?:of|about)\b")

# Two friends reacting to each other (forms ``stance`` to ``job-pointed-at``):
# "respects dave", "admires her honesty", "contains rage": a stance towards someone or something said in
# reply, read by the habit frame as a doing. Never "supports Arsenal" (a fan), not in this list.
_STANCE = rx(
    r"^The user\s+(?:really\s+|totally\s+|honestly\s+)?(?:respects|admires|salutes|applauds|commends|envies"
    r"|pities|contains|forgives|blames|resents|begrudges)\b"
)
# "is drowning in flashcards", "is buried in paperwork", "is swamped with emails": overwhelmed for now, by
# what fills the days; the thing itself is told elsewhere or not at all.
_OVERWHELMED = rx(
    r"^The user\s+is\s+(?:(?:so|totally|completely|literally|absolutely|kinda)\s+)?"
    r"(?:drowning|buried|swamped|snowed\s+under|up\s+to\s+(?:my|their)\s+(?:eyes|neck|ears)|neck\s+deep|knee\s+deep)"
    r"\s+(?:in|with|under)\b"
)
# "is allergic", "is severely intolerant": a condition that needs its object, said without one.
_CONDITION_WITHOUT_OBJECT = rx(
    r"^The user\s+is\s+(?:(?:very|really|severely|super|deathly|seriously|so)\s+)?"
    rf"(?:allergic|intolerant|sensitive)(?:\s+(?:remember|lol|haha+|tho|though|btw))?{_TIME_TAIL}\s*$"
)
# "left on 2025-08-28", "starts on 2026-06-16": a start or a leaving with only its date; of what, the fact
# cannot say (the question or the message before it does, and is read there).
_BARE_EVENT = rx(
    r"^The user\s+(?:will\s+)?(?:just\s+)?(?:left|leaves?|starts?|started|begins?|began|finish(?:es|ed)?"
    rf"|quit|quits|arrived|arrives?){_TIME_TAIL}\s*$"
)
# "handed in their notice (at the bank)", "gave their notice at the pub": a job left, but the fact does not end
# a job by name (an employer by name is ended in the employer's words: "no longer works at Deloitte").
_NOTICE = rx(r"^The user\s+(?:just\s+)?(?:handed|gave|put|handing|giving)\s+(?:in\s+)?(?:their\s+|my\s+)?notice\b")
# "has THE LIBRARY JOB", "has the promotion": the job, the promotion pointed at with "the", read as a
# possession; which job it is, the fact cannot say.
_JOB_POINTED_AT = rx(
    r"^The user\s+(?:has|got)\s+the\s+(?:[\w-]+\s+){0,2}(?:job|promotion|position|role|offer|internship|placement"
    r"|apprenticeship|contract)\b"
)

# "goes every summer", "travels twice a year": a going with how often, but not where (the place was said in
# the clause before: "my kids love the beach, we go every summer").
_GOING_NOWHERE = rx(
    r"^The user\s+(?:goes|travels|heads|visits)\s+(?:(?:every|each|once|twice|most|some)\b|\d+\s*(?:x|times)\b)"
)

# "does nights all month", "eats salad all week": a doing of the present period, read by the habit frame as a
# lasting one (a stated week, "in the week of ...", is a dated event and is kept).
_OF_THE_PERIOD = rx(
    r"^The user\s+\w+\s.*\s(?:all|this)\s+(?:day|week|weekend|month|morning|night|evening|afternoon)"
    rf"(?:\s+(?:long|lol|haha+))?{_TIME_TAIL}\s*$"
)
# "is passing through", "is just passing through in 2026-06": a stay on the way, with no place said.
_PASSING_THROUGH = rx(rf"^The user\s+is\s+(?:just\s+)?(?:passing|coming|going)\s+through{_TIME_TAIL}\s*$")

# "was married for 10 years", "was together for 5 years": a couple of the past told with its span; history,
# never a state of now (what ended it is told, or not, elsewhere).
_PAST_SPAN = rx(r"^The user\s+(?:was|were)\s+(?:married|together|engaged|dating)\s+for\b")

_TWO_FRIENDS = (
    (_PAST_SPAN, "past-span"),
    (_OF_THE_PERIOD, "of-the-period"),
    (_PASSING_THROUGH, "object-dropped"),
    (_GOING_NOWHERE, "going-nowhere"),
    (_STANCE, "stance"),
    (_OVERWHELMED, "overwhelmed"),
    (_CONDITION_WITHOUT_OBJECT, "condition-without-object"),
    (_BARE_EVENT, "bare-event"),
    (_NOTICE, "notice"),
    (_JOB_POINTED_AT, "job-pointed-at"),
)


@dataclass(frozen=True)
class Residue:
    """Why a fact is residue of chat: the form's name, for logs and tests."""

    form: str


def residue(text: str, language: str, *, negated: bool = False) -> Residue | None:
    """The form that makes ``text`` (a fact as the frames wrote it, "The user ...") residue of chat, or None.
    An ending (``negated``) is never residue by its pointing object: it retracts what the look-back found
    ("is no longer with him" ends a partner), and its words are not kept as a fact."""
    if language != "en":
        return None
    pointing = None if negated else _POINTING_OBJECT.search(text)
    if pointing and _ONLY_HOW_ONE_IS.match(text[: pointing.start()]):
        return Residue("pointing-object")
    if _SUBJECT_INSIDE.search(text):
        return Residue("subject-inside")
    if _ADVERB_AS_VERB.match(text):
        return Residue("adverb-as-verb")
    if _OBJECT_DROPPED.match(text):
        return Residue("object-dropped")
    mood = _MOOD_OF_THE_MOMENT.match(text)
    if mood and mood.group("feeling").lower() in _FEELINGS:
        return Residue("mood-of-the-moment")
    if _HAD_NOW.match(text):
        return Residue("had-now")
    if _BODY_TODAY.match(text):
        return Residue("body-today")
    if _TOPIC_TURN.match(text):
        return Residue("topic-turn")
    for form, name in _TWO_FRIENDS:
        if form.match(text):
            return Residue(name)
    return None


def trimmed(text: str, language: str, *, negated: bool = False) -> str:
    """``text`` without a detail that points back at the end ("speaks Spanish with them" -> "speaks Spanish"),
    its stated time kept; as it is when it has none, is an ending, or is no more than the detail's frame."""
    if language != "en" or negated or not (m := _POINTING_OBJECT.search(text)):
        return text
    head = text[: m.start()]
    return text if _ONLY_HOW_ONE_IS.match(head) or len(head.split()) < 4 else head + m.group("tail")


def without_residue(facts: list[ExtractedFact]) -> list[ExtractedFact]:
    """``facts`` less those whose text is residue of chat (``residue``), each trimmed of a detail that points
    back (``trimmed``)."""
    kept = []
    for fact in facts:
        if residue(fact.text, fact.language, negated=fact.negated) is not None:
            continue
        text = trimmed(fact.text, fact.language, negated=fact.negated)
        kept.append(fact if text == fact.text else replace(fact, text=text))
    return kept
