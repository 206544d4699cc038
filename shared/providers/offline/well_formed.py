"""Whether a fact the rules wrote reads as a fact: the last gate before a fact is stored.

The rules cut a clause out of casual chat and restate it in the third person. When the cut goes
wrong, what comes out is not a fact but a fragment: a verb glued to its own noun ("loves love
theme"), a second clause run into the object ("works at the shipyard has been mad"), an object that
is only a pronoun ("loves it") or stops on a preposition ("works at the"). Storing such a fragment
is worse than storing nothing: it is wrong, and it is shown to the user and to the model as memory.

Two pure steps, for the text as the rules wrote it (subject, verb, object):

* :func:`trimmed` cuts what chat adds after the fact and is not part of it: an afterthought clause
  after a comma ("plays squash every Sunday, it's basically their religion"), a question left without
  its question mark ("deploys to Hetzner, is there a managed postgres there"), and a vague time that
  the rules did not read as a date ("lives in Antwerp ages ago", "paints a lot lately").
* :func:`is_well_formed` then says whether what is left is a fact: no word said twice in a row (in
  any language, "loves love"); in English, an object that is a phrase with a content word, not only
  pronouns and function words, that does not stop on a function word, and that holds no second
  finite verb with nothing to join it ("the shipyard has been mad": the object swallowed a clause),
  and no two determiners in a row ("is on a the keto diet": a rule's article before one that was said).

Both read the words, never a list of sentences; a fact they reject is dropped, not repaired by guess.
"""

from __future__ import annotations

import re
from functools import lru_cache

from shared.providers.offline.clauses import IRREGULAR_PAST
from shared.providers.offline.text_forms import words as _lexicon

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*|\d+")

# Who an English fact is about, as the rules write it: "The user", a speaker's name ("Marisol",
# "Anna Maria"), either one's relative or thing ("The user's sister", "Lena's cat Oscar", "The user's
# thesis defense": lower-case words up to a form of be or have, at most three); then
# "and X" for a shared subject ("The user and Sam broke up").
_SUBJECT = re.compile(
    r"^(?:NOT\s+)?(?:The user|[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,2})"
    r"(?:['’]s\s+(?:(?!(?:is|are|was|were|has|have|had|will|no|not)\b)[a-z][\w'’-]*\s+){1,3}(?:[A-Z][\w-]*\s+)?)?"
    r"(?:\s+and\s+(?:[A-Z][\w-]*|their\s+\w+))?\s*"
)


# English function words: an object made of these alone names nothing; one ending on them is cut off.
_PRONOUNS = _lexicon(
    "i me my mine you your yours he him his she her hers it its we us our ours they them their theirs "
    "this that these those someone anyone everyone one ones "
    "myself yourself himself herself itself ourselves themselves"
)
_FUNCTION = _PRONOUNS | _lexicon(
    "a an the of to in on at for with from by into onto about as and or but nor so if than then "
    "because while when where which who whom whose what how why not no very really just too also "
    "is are was were be been being am has have had do does did will would can could should may might must "
    "some any all both each every few many much more most several such other another"
)

# A finite verb of a second clause: "is", "are", "was", "were", "has been", "have been", ... The main
# verb comes right after the subject; a second one needs something that joins it (a conjunction, a
# relative pronoun, a comma): without it, the object swallowed a clause.
_FINITE = re.compile(
    r"\b(?:is|are|was|were|has\s+been|have\s+been|had\s+been|will\s+be|isn't|aren't|wasn't|weren't)\b",
    re.IGNORECASE,
)
_JOINS = re.compile(
    r"(?:,|;|\(|\b(?:and|but|or|so|that|which|who|whose|where|when|while|because|since|as|if|though|although|"
    r"until|before|after|once|whether|what|how)\b)",
    re.IGNORECASE,
)

# An afterthought after a comma: a comment on the fact ("it's basically their religion", "she needs it"), a
# clause about something else ("night shifts are wrecking their sleep"), a request ("need a plan") or a
# question without its question mark ("can it do redirects", "what should I pick"). A
# clause of the speaker's own ("and yes they drink way too much Club-Mate") is a statement, not an
# afterthought: it is left alone.
_AFTERTHOUGHT = re.compile(
    r",\s*(?:(?:and|but|so|though)\s+)?(?:(?:yes|yeah|yep|honestly|basically|tbh|lol|haha)\s+)?"
    r"(?:(?:it|that|this|there|he|she)(?:['’](?:s|ll|d)\b|\s+(?:is|was|has|had|will|would|[a-z]+s)\b)"
    r"|(?:need|needs|want|wants|pls|please|any)\b"
    # a request or a shrug after the statement: "..., don't judge", "..., do not come for me"
    r"|(?:do\s+not|don['’]?t|dont)\s+[a-z]+\b"
    # a question asked after the statement, its "?" left off ("..., is there a managed postgres there")
    r"|(?:is|are|was|were|do|does|did|can|could|should|would|will|shall|have|has)\s+"
    r"(?:there|it|that|this|they|you|i|we|he|she|anyone|anybody)\b"
    r"|(?:how|what|why)\s+(?:do|does|did|is|are|was|can|could|should|would|will|much|many|about|else)\b"
    r"|(?:which|where|who|when)\s+(?:do|does|did|can|could|should|would|shall)\b"
    r"|(?!they\b|we\b|i\b|he\b|she\b)(?:[a-z]+\s+){1,3}(?:is|are|was|were)\s+(?!a\b|an\b|the\b)[a-z]+ing\b)"
    r".*$",
    re.IGNORECASE,
)
# A clause of its own after a comma: a bare noun and its verb ("..., contractor starts", "..., van comes in"),
# then a preposition or nothing (the time after it is the rules'). It is about someone else's act; the fact is
# what came before. A plural noun ("loves puzzles"), an adverb or a verb first is no subject.
_SPLICED = re.compile(
    r",\s*(?:(?:the|a|an|my|our|their)\s+)?(?P<noun>[a-z][a-z-]{2,}(?<![sy]))\s+(?P<verb>[a-z]{3,}[^s\W]s)"
    r"(?:\s+(?:on|in|at|from|with|next|tomorrow|today|tonight|this|by)\b.*)?$"
)
# What the rules append to a fact and trimming keeps: a stated time ("on 2026-04-05", "at 14:30",
# "(since 2026-01)", "in 2026-09", "since the week of 2026-03-02") and a context ("(at work)").
_TAIL = re.compile(
    r"(?:\s*\([^()]*\)|\s+(?:on|in|since|from|until|by)\s+(?:the\s+(?:week|weekend)\s+of\s+)?\d{4}(?:-\d{2}){0,2}"
    r"|\s+at\s+\d{1,2}(?::\d{2})?(?:\s*[ap]m)?)+$",
    re.IGNORECASE,
)
# A vague time the rules did not turn into a date: it says nothing a stored fact can use, and it leaves
# the sentence ungrammatical ("lives in Antwerp ages ago").
_VAGUE_TIME = re.compile(
    r"(?:,?\s+(?:(?:ages|years|months|weeks|days|a\s+while|a\s+bit|some\s+time|long)\s+ago|lately|recently|"
    r"these\s+days|nowadays|at\s+the\s+moment|right\s+now))+(?=\s*(?:,|\(|$))",
    re.IGNORECASE,
)


# The same question, said as the last clause of a message (English), for the rules to leave it out.
UNMARKED_QUESTION = re.compile(
    r"^(?:(?:is|are|was|were|do|does|did|can|could|should|would|will|shall|have|has)\s+"
    r"(?:there|it|that|this|they|you|i|we|he|she|anyone|anybody)\b"
    r"|(?:how|what|why)\s+(?:do|does|did|is|are|was|can|could|should|would|will|much|many|about|else)\b"
    r"|(?:which|where|who|when)\s+(?:do|does|did|can|could|should|would|shall)\b)",
    re.IGNORECASE,
)


@lru_cache(maxsize=8192)  # pure, and the same fact texts come back from message to message
def trimmed(text: str, language: str) -> str:
    """The fact without what chat adds after it (English): an afterthought clause after a comma, a vague
    time the rules did not read as a date. Other languages: unchanged."""
    if language != "en":
        return text
    tail = _TAIL.search(text)
    head, kept = (text[: tail.start()], tail.group(0)) if tail else (text, "")
    head = _SPLICED.sub("", _AFTERTHOUGHT.sub("", head))
    head = _VAGUE_TIME.sub("", head)
    out = re.sub(r"\s{2,}", " ", head).strip().rstrip(",;") + kept
    return out if _has_predicate(out) else text


def _object_words(text: str) -> list[str]:
    """The words after the subject and the main verb (English), lower case; the stated time and context the
    rules append ("on 2026-05-19", "(since 2026-01)", "(at work)") are not part of it."""
    tail = _TAIL.search(text)
    text = re.sub(r"\([^()]*\)", " ", text[: tail.start()] if tail else text)
    subject = _SUBJECT.match(text)
    words = _WORD.findall(text[subject.end() :] if subject else text)
    return [w.lower().replace("’", "'") for w in words[1:]]


def _has_predicate(text: str) -> bool:
    """Whether something follows the subject: trimming never leaves a subject alone."""
    subject = _SUBJECT.match(text)
    return bool(_WORD.search(text[subject.end() :] if subject else text))


def _stem(word: str) -> str:
    """ "loves", "love", "loved", "loving" -> "lov": the same word, whatever its ending."""
    for ending in ("ing", "ed", "es", "s", "d"):
        if len(word) > len(ending) + 2 and word.endswith(ending):
            word = word[: -len(ending)]
            break
    return word[:-1] if len(word) > 3 and word.endswith("e") else word


def repeats_a_word(text: str) -> bool:
    """A word said twice in a row, or a verb glued to its own noun ("loves love theme"); any language.
    Numbers and one-letter words do not count ("2 2", "a a" would be caught by other checks), nor does a
    reduplicated name: a pair of capitalised words or one joined by a hyphen ("Baden-Baden", "Duran
    Duran", "Walla Walla") is a name as said, not a cut gone wrong."""
    found = list(_WORD.finditer(text))
    for first, second in zip(found, found[1:], strict=False):
        a, b = first.group(0).lower(), second.group(0).lower()
        if a.isdigit() or b.isdigit() or len(a) < 2 or len(b) < 2:
            continue
        if _is_name_pair(text, first, second):
            continue
        if a == b or (min(len(a), len(b)) >= 4 and _stem(a) == _stem(b)):
            return True
    return False


def _is_name_pair(text: str, first: re.Match[str], second: re.Match[str]) -> bool:
    """Two words that read as one name: both capitalised, or joined by a hyphen."""
    hyphen_joined = text[first.end() : second.start()] == "-"
    return hyphen_joined or (first.group(0)[:1].isupper() and second.group(0)[:1].isupper())


_PREPOSITION = re.compile(r"\b(?:at|in|on|for|with|from|to|of|by|about|into|near)\b", re.IGNORECASE)


def _second_clause(text: str) -> bool:
    """A finite verb in the object with nothing joining it to the fact ("works at the shipyard has been
    mad", "games dev in Malmo is pretty chill"). The first finite verb is the fact's own ("The user's
    driving test is on ...") unless a verb phrase came before it: a preposition says one did, as a
    subject ("the user's thesis defense") has none. Each later one needs a join after the one before."""
    bare = re.sub(r"\([^()]*\)", " ", text)
    start = 0
    for n, finite in enumerate(_FINITE.finditer(bare)):
        between = bare[start : finite.start()]
        if n == 0:
            if _PREPOSITION.search(between) and not _JOINS.search(between):
                return True
        elif not _JOINS.search(between):
            return True
        start = finite.end()
    return False


# Where the rules cut a phrase out of the middle, they may leave a comma with nothing before it or two
# prepositions in a row ("for on"); "for about a year", "moved on to" and a hyphenated word ("for on-call",
# "with in-house tools") are English.
_LOOSE_PUNCTUATION = re.compile(r"\s[,;:]|^[^,]*\w\s*,\s*(?:,|$)")
_TWO_PREPOSITIONS = re.compile(
    r"\b(?:at|in|on|for|with|from|of|by|into)\s+(?:at|in|on|for|with|from|of|by|into)\b(?!-)(?!\s+(?:to|about)\b)",
    re.IGNORECASE,
)
# Two determiners in a row ("is on a the keto diet", "has a my bike"): a rule put its own article before a
# phrase that had one. English never says it, so the rewrite went wrong.
_TWO_DETERMINERS = re.compile(
    r"\b(?:a|an|the)\s+(?:a|an|the|my|your|his|her|its|our|their|this|that|these|those)\b", re.IGNORECASE
)
_PREPOSITIONS = _lexicon("at in on for with from to of by about into near like")
_OBJECT_PRONOUNS = _lexicon("me him her us them you it")
# Words that make a request of the listener: a fact holding one is a request the rules ran into a fact.
_REQUEST_MARKS = _lexicon("pls plz please thanks thx")
# Adverbs that comment on a statement and name nothing ("has some obviously"); not a morphology rule:
# "lonely", "friendly" are adjectives, and a fact ("Sara is lonely").
_COMMENT_ADVERBS = _lexicon(
    "obviously basically honestly literally actually probably definitely totally seriously apparently finally "
    "usually normally mostly mainly currently recently lately clearly certainly hopefully luckily sadly "
    "unfortunately fortunately surely simply anyway anyways though tho lol haha"
)


# What an English retraction says to end something: its text must say it, or the retraction contradicts
# itself ("passed their driving test", "got their own place" are news, not endings).
_ENDS = re.compile(
    r"\b(?:no\s+longer|not|never|n't|anymore|any\s+more|stopped|stops|quit|quits|left|leaves|sold|died|dead"
    r"|passed(?!\s+(?:their|the|my|his|her|a|an|our|its)\b)|unemployed|jobless|out\s+of\s+work"
    r"|lost|broke\s+up|broken\s+up|split|divorced|separated|single|widowed|dumped|cancell?ed|gave\s+up|given\s+up"
    r"|dropped|ditched|abandoned|ended|over|retired|closed|shut|moved\s+(?:out|away)|gave\s+away|got\s+rid|unsubscribed"
    r"|done\s+with|finished\s+with|tired\s+of|grown\s+out|went\s+off|gone\s+off|kicked|cut\s+out|handed\s+in"
    r"|resigned|fired|laid\s+off|let\s+go|sacked|former|ex-|used\s+to|instead|replaced|switched|traded|swapped"
    r"|without|lapsed|expired|finished|moved|gone|away)\b",
    re.IGNORECASE,
)


# A possessive left at the end after a determiner, its noun cut off ("takes their meds with their doctor's"):
# after "at", "to", "from", "over" or "round" it names a home ("stays at their mum's") and is English.
_HOME_PREPOSITIONS = _lexicon("at to from over round around by near")
_DETERMINERS = _lexicon("their his her the a an my our")
# Past forms that are only past (not also the present, nor a noun: "saws", "fells", "the Mets" are English) with
# a present "s": "drews", "wents", "tooks" are a past the rules inflected again.
_PAST_WITH_S = frozenset(
    f"{past}s"
    for past in (IRREGULAR_PAST | _lexicon("drew threw wore swore tore forgot"))
    - _lexicon("read cut put set hit quit let shut cost hurt spread saw left met fed led sat felt found spent lost")
    - _lexicon("kept held won ran")
)


def _half_read_end(words: list[str]) -> bool:
    """The object ends on a possessive with no noun after a determiner that is no one's home ("takes their meds
    with their doctor's"): the noun was cut off."""
    if len(words) > 2 and words[-1].endswith("'s") and words[-2] in _DETERMINERS:
        return words[-3] not in _HOME_PREPOSITIONS
    return False


def _past_inflected(text: str) -> bool:
    """A verb that is a past form with a present "s" ("The user's kid drews a picture")."""
    return any(w in _PAST_WITH_S for w in _WORD.findall(text))


@lru_cache(maxsize=8192)  # pure, as trimmed
def is_well_formed(text: str, language: str, *, negated: bool = False) -> bool:
    """Whether a fact text reads as a fact (see the module's docstring). Non-English texts are checked
    for repeated words only: their frames write the object from a parsed clause. An English retraction
    must also say what ends ("no longer", "sold", "passed away", ...)."""
    if not text.strip() or repeats_a_word(text):
        return False
    if language != "en":
        return True
    if negated and not _ENDS.search(text):
        return False
    if _LOOSE_PUNCTUATION.search(text) or _TWO_PREPOSITIONS.search(text) or _TWO_DETERMINERS.search(text):
        return False  # "started , marine biology", "on crutches for on 2025-12-11": a phrase was cut out
    if _past_inflected(text):
        return False  # "drews a picture": a past the rules inflected again
    words = _object_words(text)
    if not words:
        return True  # "The user smokes", "Sara is vegan": the verb or its complement is the fact
    if _half_read_end(words):
        return False  # "with their doctor's": the end lost its head
    if all(w in _FUNCTION or w in _COMMENT_ADVERBS for w in words):
        return False  # "loves it", "works at the", "has some obviously"
    said_to = len(words) > 2 and words[-2] in _PREPOSITIONS and words[-1] in _OBJECT_PRONOUNS  # "... with them"
    if words[-1] in _FUNCTION and not said_to:
        return False  # "is moving to", "works at the shipyard and"
    if _REQUEST_MARKS & set(words):
        return False  # "has a pivot table pls": a request ran into the fact
    return not _second_clause(text)
