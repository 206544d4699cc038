"""A short reply to a question, read as the statement it answers (English).

In chat, people answer in fragments: "Where are you from?" / "Norway, originally."; "What do you do?"
/ "nurse, mostly nights"; "Do you play anything?" / "the cello". The fragment alone says nothing; with
the question, it is the answerer's own statement ("I am from Norway", "I work as a nurse", "I play the
cello"). :func:`statement_from_answer` writes that statement in the first person, and the extractor
reads it as if the answerer had said it: the same rules, the same gate, the answerer's name.

The question is read by its shape (a question word, an auxiliary, "you", the rest), never by a list
of questions. The answer must be a fragment: a full clause of its own ("I grew up in Ohio") is read
as it is, and a fragment that is itself a question, names the asker ("you") or is empty says nothing.

A wrong fact is worse than none, so a fragment must also be a plausible value of what was asked: a
place (a capitalised name) for "where", a job for "what do you do", a name (capitalised, no day, month,
holiday or common word) for "what's X called" and, for "how's your X", only a reply that is nothing but
a name, or a name and how it is ("Biscuit's great"), of a being that has one. A reply that declines or
does not know ("not telling", "guess!", "dunno", "none") says nothing, and so does a "no" to a yes/no
question.
"""

from __future__ import annotations

import re

from shared.providers.offline import chat_questions, frames, place_names
from shared.providers.offline.text_forms import words as _lexicon

_QUESTION = re.compile(r"[^.!?\n]+\?")
_VOCATIVE = re.compile(r"^(?:(?:hey|so|and|oh|ok|okay|btw|anyway|wait)\s*,?\s+)*(?:[A-Z][\w-]*\s*,\s*)?", re.IGNORECASE)
_TRAILING_VOCATIVE = re.compile(r"\s*,\s*[A-Z][\w-]*\s*\?$")

# "where are you from", "where do you live now", "where did you grow up", "where are you based"
_WHERE = re.compile(
    r"^where\s+(?P<aux>are|were|do|did|have)\s+you\s+(?P<verb>[a-z]+(?:\s+up)?)?(?P<rest>(?:\s+[a-z]+)*?)"
    r"(?:\s+(?:now|these\s+days|currently|at\s+the\s+moment|originally))?\s*\?$",
    re.IGNORECASE,
)
# "which city do you live in", "what town are you from"
_WHICH = re.compile(
    r"^(?:which|what)\s+(?:city|town|country|place|village|part\s+of\s+\w+)\s+(?P<aux>are|were|do|did)\s+you\s+"
    r"(?P<verb>[a-z]+(?:\s+up)?)?\s*(?P<prep>in|from)?(?:\s+(?:now|originally))?\s*\?$",
    re.IGNORECASE,
)
# "what do you do (for work | for a living)"
_WHAT_DO = re.compile(
    r"^what\s+do\s+you\s+do(?:\s+for\s+(?:work|a\s+living|your\s+job))?(?:\s+now)?\s*\?$", re.IGNORECASE
)
# "do you still run?", "do u swim", "do you still go to the gym": a doing asked after, answered with how often.
_DO_YOU_STILL = re.compile(
    r"^(?:do|d)\s+(?:you|u)\s+(?:still\s+)?(?P<rest>[a-z]+(?:\s+(?!(?:him|her|them|it|me|us)\b)[\w'-]+){0,3})\s*\?$",
    re.IGNORECASE,
)
_HOW_OFTEN = re.compile(
    r"^(?:(?:every|each)\s+(?:other\s+)?(?:day|morning|evening|night|week|weekend|monday|tuesday|wednesday|thursday"
    r"|friday|saturday|sunday)|(?:once|twice|three\s+times|four\s+times|\d\s*(?:x|times))\s+a\s+(?:day|week|month)"
    r"|daily|weekly|most\s+(?:days|mornings|evenings|weekends)|on\s+(?:weekends|weekdays|(?:mon|tues|wednes|thurs|fri"
    r"|satur|sun)days))$",
    re.IGNORECASE,
)
# "what do you do for fun", "what do you like to do in your spare time": what one does when free.
_FOR_FUN = re.compile(
    r"^what\s+do\s+you\s+(?:do|like\s+to\s+do|get\s+up\s+to)\s+(?:for\s+fun|in\s+your\s+(?:free|spare)\s+time"
    r"|outside\s+(?:of\s+)?work|(?:at|on)\s+(?:the\s+)?weekends?)\s*\?$",
    re.IGNORECASE,
)
# "what's your dog called", "what is your sister's name", "what's your favourite band"
_WHAT_YOUR = re.compile(
    r"^what(?:'s|’s|\s+is)\s+your\s+(?P<thing>[a-z]+(?:\s+(?!called\b|name\b)[a-z]+)?)(?:['’]s\s+(?P<name>name)|\s+(?P<called>called))?"
    r"(?:\s+(?:now|again|these\s+days))?\s*\?$",
    re.IGNORECASE,
)
# "how's your dog?" / "Biscuit! he's getting fat": a reply that is only a name names the one asked about.
_HOW_IS_YOUR = re.compile(
    r"^how(?:'s|’s|\s+is)\s+your\s+(?P<thing>[a-z]+)(?:\s+(?:doing|now|these\s+days))?\s*\?$", re.IGNORECASE
)
# Who or what is given a name: animals and people. A job, a day, a trip or a project has none ("how's your
# job?" / "Google is a great place" names the employer, not the job).
_NAMED_KINDS = _lexicon(
    "dog dogs puppy pup cat cats kitten pet pets horse pony rabbit bunny hamster guinea parrot bird budgie fish "
    "tortoise turtle snake lizard ferret rat mouse chicken chickens goat "
    "wife husband partner spouse girlfriend boyfriend fiance fiancee son daughter kid kids baby boy girl brother "
    "sister friend boss cousin niece nephew roommate flatmate housemate neighbour neighbor colleague coworker"
)

# Capitalised, yet no name: pronouns, kinship words said as names, interjections, common words that open
# a sentence, and the names of days, months and holidays ("Monday was rough for him", "Christmas was hard").
_NOT_NAMES = _lexicon(
    "he she it they that this there here everything everyone everybody all nobody nothing none someone "
    "mum mom mam dad mother father grandma grandpa nan nana granny gran baby work life things stuff good great "
    "fine ok okay well sure yes yeah no nope nah not never maybe who what where when why how guess dunno idk "
    "today tonight tomorrow yesterday morning evening night weekend week month year "
    "monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun "
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec "
    "christmas xmas easter halloween thanksgiving hanukkah chanukah diwali ramadan eid passover "
    "new year's years holidays holiday birthday"
)
_A_NAME = re.compile(r"(?-i:[A-Z])[a-z]+(?:[-' ](?-i:[A-Z])[a-z]+)?")

# A reply that declines or does not know: it answers nothing, and its words are no value ("Not telling",
# "Guess!", "dunno", "no idea", "none"). Read on the reply's first phrase, before interjections are dropped
# ("no idea" is not "idea").
_NON_ANSWER = re.compile(
    r"^(?:(?:oh|ah|haha+|lol|well|um+|uh+|hmm+|so|honestly|tbh)\b[\s,!.]*)*"
    r"(?:not\b|no\s+(?:idea|clue|comment|way)\b|none\b|nothing\b|nobody\b|no\s*one\b|nowhere\b|never\b|nope\b|"
    r"guess\b|dunno\b|idk\b|who\s+knows\b|can'?t\s+say\b|won'?t\s+say\b|rather\s+not\b|pass\b|secret\b|"
    r"wouldn'?t\s+you\s+like|mind\s+your|that'?s\s+(?:a\s+)?secret|long\s+story\b|it'?s\s+complicated\b|"
    r"depends\b|whatever\b|same\b|nah\b|no\b[\s,!.]*$|here\s+and\s+there\b|all\s+over\b|everywhere\b|"
    r"this\s+and\s+that\b|stuff\b|a\s+bit\s+of\s+everything\b|not\s+much\b|why\b|what\b)",
    re.IGNORECASE,
)
# A reply that begins by saying no: to a yes/no question ("no cats though", "nah, never had one"), what
# follows is no thing the answerer has.
_SAYS_NO = re.compile(r"^(?:no|nah|nope|not|never|none)\b", re.IGNORECASE)
# The head of a job as said: "nurse", "software engineer", "data scientist", "accountant", "electrician".
_JOB_HEAD = re.compile(
    r"(?:er|or|ist|ian|ant|ent|man|woman|person|eer|ee|ive|ic|ect|ess|nurse|chef|cook|student|nanny|pilot|vet|"
    r"surgeon|clerk|barista|midwife|tutor|coach|judge|model|dev|medic|paramedic|carer|cleaner|temp|intern|"
    r"teacher|doctor|consultant|analyst|scientist|artist|assistant|agent|officer|worker|freelancer|"
    r"architect|chemist|therapist|guard|maid|monk|nun|priest|rabbi|imam|soldier|sailor|smith|wright|hand)$",
    re.IGNORECASE,
)


_HOW_OLD = re.compile(r"^how\s+old\s+(?:are\s+you|is\s+your\s+(?P<thing>[a-z]+))(?:\s+now)?\s*\?$", re.IGNORECASE)
# A yes/no question answered with what, not whether: "do you have any pets?" / "two cats".
_DO_YOU = re.compile(
    r"^do\s+you\s+(?P<verb>have|play|speak|own|drive|use|do|study|teach|collect)\s+(?:any|anything|an?)?\b.*\?$",
    re.IGNORECASE,
)

_IRREGULAR_PAST = {
    "grow": "grew",
    "go": "went",
    "come": "came",
    "be": "was",
    "meet": "met",
    "live": "lived",
    "buy": "bought",
    "read": "read",
    "study": "studied",
    "find": "found",
    "choose": "chose",
    "win": "won",
    "sell": "sold",
    "leave": "left",
    "begin": "began",
    "take": "took",
    "teach": "taught",
    "learn": "learned",
    "pay": "paid",
    "run": "ran",
    "fly": "flew",
    "write": "wrote",
    "drive": "drove",
    "ride": "rode",
    "swim": "swam",
    "lose": "lost",
    "quit": "quit",
    "set": "set",
    "put": "put",
    "build": "built",
    "spend": "spent",
    "break": "broke",
}
_BE = {"are": "am", "were": "was"}

# Words a fragment carries that belong to no statement: interjections first, hedges anywhere.
_LEADING = re.compile(
    r"^(?:(?:oh|ah|haha+|lol|well|um+|uh+|hmm+|so|yeah|yep|yes|no|nah|actually|honestly|originally|mostly)\b[\s,!.]*)+",
    re.IGNORECASE,
)
_HEDGES = re.compile(
    r"\b(?:originally|actually|mostly|mainly|basically|i\s+guess|i\s+think|at\s+the\s+moment|these\s+days|right\s+now|"
    r"now|still|haha+|lol|tbh|yeah|yep)\b",
    re.IGNORECASE,
)
_NOT_A_FRAGMENT = re.compile(r"\b(?:i|i'm|im|i've|we|we're|my|our|you|your|u|ur)\b|\?", re.IGNORECASE)
_VERBISH = re.compile(
    r"\b(?:is|are|was|were|am|be|been|have|has|had|do|does|did|will|would|can|could)\b", re.IGNORECASE
)
_MAX_WORDS = 5


def _first_phrase(answer: str) -> str:
    """What a reply says first: up to the first full stop, comma, dash or bracket."""
    return re.split(r"[.!;:\n]|,\s|\s[-–—]\s|\s\(", answer.strip(), maxsplit=1)[0].strip()


def _fragment(answer: str) -> str | None:
    """The answer's content: its first phrase, without interjections and hedges; None for anything that is
    not a short fragment (a clause of its own, a question, a word about the asker) and for a reply that
    declines or does not know ("not telling", "guess!", "dunno", "none")."""
    said = _first_phrase(answer)
    if _NON_ANSWER.match(said):
        return None
    if not _LEADING.sub("", said).strip(" ,") and _LEADING.match(answer.strip()):
        said = _first_phrase(_LEADING.sub("", answer.strip()))  # "yeah, cardiology, 3rd year": what follows the yeah
        if not said or _NON_ANSWER.match(said):
            return None
    first = _HEDGES.sub(" ", _LEADING.sub("", said))
    first = re.sub(r"\s+", " ", first).strip(" ,")
    if not first or _NOT_A_FRAGMENT.search(said) or _VERBISH.search(first) or _NON_ANSWER.match(first):
        return None
    if len(first.split()) > _MAX_WORDS:
        return None
    return first


def _is_name(text: str) -> bool:
    """A name as written: one or two capitalised words, none of them a common word, a day, a month or a
    holiday ("Pepper", "Mary-Jo"; not "Monday", "Christmas", "Everything")."""
    return bool(_A_NAME.fullmatch(text)) and not any(w.lower() in _NOT_NAMES for w in re.split(r"[-' ]", text))


# How one is, as a reply to "how's your X?" says it of X: "great", "doing well", "getting old".
_HOW_ONE_IS = re.compile(
    r"(?:['’]s|\s+is|\s+was)\s+(?:(?:doing|getting|feeling|looking)\s+)?(?:(?:so|really|very|pretty|super)\s+)?"
    r"(?:great|good|fine|well|ok|okay|alright|grand|better|worse|amazing|awesome|lovely|brilliant|happy|sick|ill|"
    r"old|big|fat|tired|poorly|healthy)$",
    re.IGNORECASE,
)


def _only_a_name(answer: str) -> str | None:
    """The one a reply to "how's your X?" names: a reply that is only a name ("Biscuit!", "oh, Pepper
    haha"), or a name and how it is ("Biscuit's great", "Mochi is doing well"); None when it says anything
    else ("Google is a great place", "Monday was rough for him")."""
    said = _HEDGES.sub(" ", _LEADING.sub("", _first_phrase(answer)))
    said = re.sub(r"\s+", " ", said).strip(" ,?")
    if how := _HOW_ONE_IS.search(said):
        said = said[: how.start()]
    return said if _is_name(said) else None


def _is_place(value: str) -> bool:
    """A place as said: it holds a capitalised name that is no common word ("Norway", "near Leeds", "a
    village outside Cork"); a lower-case reply ("here and there", "guess") names none."""
    names = re.findall(r"(?-i:[A-Z])[\w'-]*", value)
    return any(name.lower() not in _NOT_NAMES for name in names)


def _is_job(value: str) -> bool:
    """A job as said: a phrase whose last word is the head of a job ("nurse", "software engineer", "Uber
    driver"), not a name ("Google") nor a capitalised word after the first."""
    words = value.split()
    head = words[-1].strip(".,!")
    return bool(_JOB_HEAD.search(head)) and not (len(words) > 1 and head[:1].isupper()) and head.isalpha()


# Words a question ends with that ask nothing more: "what do you do again?", "what's your job now?".
_TRAILING_FILLER = re.compile(
    r"(?:\s+(?:now|again|these\s+days|nowadays|currently|at\s+the\s+moment|right\s+now|exactly|then|anyway|lately"
    r"|out\s+of\s+interest|btw|by\s+the\s+way|haha+|lol))+\s*\?$",
    re.IGNORECASE,
)


# Chat often drops the question mark: "wait where are you working now", "hows the new job". A last sentence that
# opens as a question about the other does ask.
_UNMARKED_QUESTION = re.compile(
    r"^(?:(?:wait|so|ok|okay|and|oh|hey|btw|anyway|also|omg|lol|haha+)\b[\s,!.]*)*"
    r"(?:(?:what|where|which|when|how)(?:'s|’s|s|'d|’d)?\s+(?:\w+\s+){0,3}?(?:you|u|your|ur)\b"
    r"|(?:do|did|are|have|r)\s+(?:you|u)\b)",
    re.IGNORECASE,
)


# An English question by its words, however short: "which team do you support" is English to a reader, if not to
# a language detector given five words.
_ENGLISH_QUESTION = re.compile(
    r"^(?:what|which|where|when|how|who|do|does|did|are|is|have|has)(?:'s|’s|'d|’d)?\s(?:.*\s)?(?:you|your|u|ur)\b",
    re.IGNORECASE,
)


def asks_in_english(content: str) -> bool:
    """Whether the last question of ``content`` is asked in English words (a question word, "you")."""
    question = _last_question(content)
    return bool(question and _ENGLISH_QUESTION.match(question))


def _last_question(content: str) -> str | None:
    questions = _QUESTION.findall(content)
    if not questions:
        last = re.split(r"(?<=[.!])\s+|\n+", content.strip())[-1].strip(" .!")
        if not _UNMARKED_QUESTION.match(last):
            return None
        questions = [last + "?"]
    question = _TRAILING_VOCATIVE.sub("?", questions[-1].strip())
    return chat_questions.full_question(_TRAILING_FILLER.sub("?", _VOCATIVE.sub("", question).strip()))


def _past(verb: str) -> str:
    head, _, particle = verb.partition(" ")
    if head in _IRREGULAR_PAST:
        past = _IRREGULAR_PAST[head]
    elif head.endswith("e"):
        past = head + "d"
    elif head.endswith("y") and len(head) > 2 and head[-2] not in "aeiou":
        past = head[:-1] + "ied"
    else:
        past = head + "ed"
    return f"{past} {particle}".strip()


def _verb_phrase(aux: str, verb: str | None) -> str:
    """The answerer's verb: "are ... from" -> "am from", "do ... live" -> "live", "did ... grow up" -> "grew up"."""
    aux = aux.lower()
    verb = (verb or "").lower().strip()
    if aux in _BE:
        return f"{_BE[aux]} {verb}".strip()
    if aux == "did":
        return _past(verb) if verb else ""
    if aux == "have":
        return f"have {verb}".strip()
    return verb


# A place as a reply says it: a name first, or a word that leads to one ("near Leeds", "a village outside Cork").
_PLACE_START = re.compile(
    r"^(?:(?-i:[A-Z])|(?:in|at|near|outside|just|on|by|around|from|a|an|the|this|that|some|north|south|east|west"
    r"|central|rural|small|little|tiny|big)\b)",
    re.IGNORECASE,
)
# Where one works or studies is "at" a place; where one went, "to" it; where one is or lives, "in" it.
_LEADING_PREP = re.compile(r"^(?:in|at|near|outside|just\s+outside|on|by|to|from|around)\s", re.IGNORECASE)


def _where_prep(verb: str) -> str:
    head = verb.split()[-1]
    if head.startswith(("work", "stud", "teach", "train")):
        return "at"
    if head in ("go", "went", "going", "move", "moved", "moving", "travel", "travelled", "traveled", "fly", "flew"):
        return "to"
    return "in"


def statement_from_answer(question_turn: str, answer: str) -> str | None:
    """The first-person statement a fragment answers, or None: ("Where are you from?", "Norway,
    originally.") -> "I am from Norway"; ("What do you do?", "nurse") -> "I work as a nurse"."""
    question = _last_question(question_turn)
    if question and (asked := _HOW_IS_YOUR.match(question)):
        thing = asked.group("thing").lower()
        name = _only_a_name(answer) if thing in _NAMED_KINDS else None
        return f"my {thing} is called {name}" if name and name.lower() != thing else None
    question = chat_questions.where_to_as_work(question_turn, question, answer, _is_job)  # "where to?" / "X, a job"
    if question and (
        kept := chat_questions.habit_kept(question, answer) or chat_questions.doing_answered(question, answer)
    ):
        return kept  # "do u still swim" / "twice a week at the lido, even in january": longer than a fragment
    value = _fragment(answer)
    if not question or not value:
        return None
    if m := _WHERE.match(question) or _WHICH.match(question):
        verb = _verb_phrase(m.group("aux"), m.group("verb"))
        if not verb or verb.split()[0] in ("do", "does", "did"):
            return None
        groups = m.groupdict()
        rest = (groups.get("rest") or "").strip()
        if not _is_place(value) or not _PLACE_START.match(value):
            return None  # "born in Lagos" is a clause without its "I", not a place
        prep = groups.get("prep") or ("" if verb.endswith(("from", "in", "at")) or rest else _where_prep(verb))
        if _LEADING_PREP.match(value):
            prep = ""  # "still in Glasgow", "just outside Cork": the reply says where, with its own word
        return re.sub(r"\s+", " ", f"I {verb} {rest} {prep} {value}").strip()
    if _FOR_FUN.match(question):
        if not re.fullmatch(r"(?:[a-z]+ing|[a-z]+ing\s+and\s+[a-z]+ing)", value.lower()):
            return None  # "climbing", "hiking and baking": a doing, said as one
        return f"I enjoy {value}"
    if _WHAT_DO.match(question):
        if not _is_job(value):
            return None
        article = "" if re.match(r"(?i)^(?:an?|the)\s", value) else ("an " if value[:1].lower() in "aeiou" else "a ")
        return f"I work as {article}{value}"
    if m := _WHAT_YOUR.match(question):
        thing = m.group("thing").lower()
        if (m.group("name") or m.group("called")) and not _is_name(value):
            return None
        if m.group("name"):
            return f"my {thing}'s name is {value}"
        if m.group("called"):
            return f"my {thing} is called {value}"
        return f"my {thing} is {value}"
    if m := _HOW_OLD.match(question):
        if not re.fullmatch(r"\d{1,3}(?:\s+years?\s+old)?", value):
            return None
        years = value.split()[0]
        return f"my {m.group('thing').lower()} is {years} years old" if m.group("thing") else f"I am {years} years old"
    if (m := _DO_YOU_STILL.match(question)) and _HOW_OFTEN.match(value):
        verb = m.group("rest").split()[0].lower()
        if verb not in _NOT_DONE_OFTEN:
            return f"I {m.group('rest')} {value}"  # "do you still run?" / "every morning, 5k before work"
    if m := _DO_YOU.match(question):
        if _SAYS_NO.match(answer.strip()) or _ADJUNCT.match(value):
            return None  # "no cats though": not had; "yes, for everything": how, not what
        return f"I {m.group('verb').lower()} {value}"
    return _gap_filled(question, value)


# A question about the other speaker (or one of theirs) with a gap the answer fills, read by its shape: a question
# word, an auxiliary, "you" or "your <someone>", a verb and what goes with it ("what car do you drive", "which
# team do you support", "what are you specialising in", "what kind of music are you into", "what did you study at
# uni", "what does your wife teach", "how long have you been teaching", "when did you move to Leeds", "how many
# kids do you have"). The reply fills the gap, and the statement is the answerer's, read by the same rules.
_GAP = re.compile(
    r"^(?:what|which)(?:\s+(?:kinds?|sorts?|types?)\s+of)?"
    r"(?:\s+(?!(?:do|does|did|are|is|were|was)\b)[a-z]+){0,2}"
    r"\s+(?P<aux>do|does|did|are|is|were|was|'re)\s+(?P<subj>you|your\s+[a-z]+)\s+(?P<verb>[a-z]+)"
    r"(?P<rest>(?:\s+[a-z]+){0,3}?)\s*\?$",
    re.IGNORECASE,
)
_HOW_LONG = re.compile(
    r"^how\s+long\s+(?:have|has)\s+(?P<subj>you|your\s+[a-z]+)\s+(?P<what>(?:been\s+)?[a-z]+(?:\s+[a-z]+){0,3}?)"
    r"(?:\s+for)?\s*\?$",
    re.IGNORECASE,
)
_WHEN_DID = re.compile(
    r"^when\s+did\s+(?P<subj>you|your\s+[a-z]+)\s+(?P<verb>[a-z]+)(?P<rest>(?:\s+[a-z]+){0,3}?)\s*\?$",
    re.IGNORECASE,
)
_HOW_MANY = re.compile(
    r"^how\s+many\s+(?P<what>[a-z]+(?:\s+(?!do\b|have\b|did\b)[a-z]+)?)(?:\s+(?:do\s+you\s+have|have\s+you\s+got"
    r"|(?:did|do)\s+you\s+(?P<verb>have|own|keep|speak|play)|(?:are\s+there|is\s+that)))?\s*\?$",
    re.IGNORECASE,
)
# Verbs whose gap is no fact about the answerer: an opinion, a wish, a plan of the moment, what is done now.
_NOT_KEPT_VERBS = _lexicon(
    "do doing does did think thinking mean meaning reckon say saying want wanting need needing know suggest "
    "recommend call fancy feel feeling mind care expect hope wish guess see get getting got have having make "
    "making eat eating drink drinking watch watching wear wearing cook cooking plan planning look looking up "
    "buy buying order ordering bring bringing pick picking try trying prefer go going listen listening "
    "worry worrying talk talking ask asking tell telling remember like hate love"
)
# Verbs that a "how often" reply cannot make a habit of: a wish, an opinion, knowing ("do you want a coffee?" /
# "yes, every morning" is no habit; "do you drink coffee?" / "every morning" is).
_NOT_DONE_OFTEN = _lexicon(
    "think mean reckon say want need know suggest recommend fancy feel mind care expect hope wish guess prefer "
    "remember like hate love worry"
)
# A reply that says how, where or with whom rather than what ("do you use Docker?" / "yeah, on every project").
_ADJUNCT = re.compile(
    r"^(?:for|at|in|on|with|by|from|since|during|when|whenever|mostly|mainly|sometimes|always|all\s+the\s+time)\b",
    re.IGNORECASE,
)
# A pronoun in the question's rest is someone or something the fragment alone cannot say: "what did you name him".
_OTHER_ONE = re.compile(
    r"\b(?:him|her|them|it|this|that|those|these|he|she|they|me|us|there|two|guys|both)\b", re.IGNORECASE
)
_DURATION = re.compile(
    r"^(?:(?:about|around|almost|nearly|over|just\s+over|just\s+under|like|roughly|maybe)\s+)?"
    r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|a\s+few|a\s+couple\s+of"
    r"|\d{1,2}(?:\.\d)?)\s+(?:years?|yrs?|months?|weeks?|decades?)(?:\s+ago)?$"
    r"|^since\s+(?:\d{4}|(?:last|the)\s+[a-z]+|[a-z]+(?:\s+\d{4})?)$",
    re.IGNORECASE,
)
_BARE_WHEN = re.compile(
    r"^(?:january|february|march|april|may|june|july|august|september|october|november|december|spring|summer"
    r"|autumn|fall|winter|\d{4})(?:\s+\d{4})?$",
    re.IGNORECASE,
)
_COUNT = re.compile(
    r"^(?:just\s+|only\s+)?(?P<n>one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})(?:\s+[a-z]+)?$",
    re.IGNORECASE,
)


# What "how many X?" asks one to have, said bare: family and animals ("how many kids now?").
_HAD_KINDS = re.compile(
    r"^(?:kids|children|siblings|brothers|sisters|grandkids|grandchildren|pets|dogs|cats|horses|chickens|rabbits)$"
)


def _third_person(verb: str) -> str:
    if verb.endswith(("s", "sh", "ch", "x", "o")):
        return verb + "es"
    if verb.endswith("y") and len(verb) > 2 and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def _owner(subj: str) -> str:
    """ "you" -> "I"; "your wife" -> "my wife"."""
    return "I" if subj.lower() == "you" else "my " + subj.split()[1].lower()


_ENDED_UP = re.compile(
    r"\b(?P<aux>did|do)\s+(?P<subj>you|your\s+[a-z]+)\s+(?:end\s+up|finally)\s+(?P<g>[a-z]+ing)\b", re.I
)


def _ended_up(question: str) -> str:
    """ "what did you end up studying" -> "what did you study": how it came about is no part of the fact."""
    m = _ENDED_UP.search(question)
    base = frames.base_of_gerund(m.group("g")) if m else None
    if m is None or base is None:
        return question
    return f"{question[: m.start()]}{m.group('aux')} {m.group('subj')} {base}{question[m.end() :]}"


def _gap_filled(question: str, value: str) -> str | None:
    """The statement a question with a gap and the fragment that fills it make, or None."""
    if m := _GAP.match(_ended_up(question)):
        verb, rest = m.group("verb").lower(), m.group("rest").strip()
        if verb in _NOT_KEPT_VERBS or _OTHER_ONE.search(rest):
            return None
        who, aux = _owner(m.group("subj")), m.group("aux").lower().lstrip("'")
        if aux in ("are", "is", "re"):
            if not verb.endswith("ing") and verb not in _BEING_WORDS:
                return None  # "what is your son's name" is read elsewhere; "what are you up to" asks nothing kept
            be = "am" if who == "I" else "is"
            return re.sub(r"\s+", " ", f"{who} {be} {verb} {rest} {value}").strip()
        if aux in ("were", "was"):
            return None  # what one was doing then is not what one does
        if aux == "did":
            return re.sub(r"\s+", " ", f"{who} {_past(verb)} {rest} {value}").strip()
        said = verb if who == "I" else _third_person(verb)
        return re.sub(r"\s+", " ", f"{who} {said} {rest} {value}").strip()
    if m := _HOW_LONG.match(question):
        if not _DURATION.match(value) or _OTHER_ONE.search(m.group("what")) or value.lower().endswith("ago"):
            return None
        have = "have" if m.group("subj").lower() == "you" else "has"
        span = value if value.lower().startswith("since") else f"for {value}"
        return f"{_owner(m.group('subj'))} {have} {m.group('what')} {span}"
    if m := _WHEN_DID.match(_ended_up(question)):
        verb, rest = m.group("verb").lower(), m.group("rest").strip()
        if verb in _NOT_KEPT_VERBS or _OTHER_ONE.search(rest) or not _has_when(value):
            return None
        when = f"in {value}" if _BARE_WHEN.match(value) else value
        return re.sub(r"\s+", " ", f"{_owner(m.group('subj'))} {_past(verb)} {rest} {when}").strip()
    if m := _HOW_MANY.match(question):
        counted = _COUNT.match(value)
        if counted is None:
            return None
        what = m.group("what").lower()
        if not re.search(r"\b(?:do|have|did)\s+you\b", question, re.IGNORECASE) and not _HAD_KINDS.match(
            what.split()[-1]
        ):
            return None  # "how many languages?": had or spoken, the bare question does not say
        verb = (m.group("verb") or "have").lower()
        return f"I {verb} {counted.group('n').lower()} {what}"
    return None


# What one is that is no "-ing": "what are you into", "what are you allergic to", "what are you good at".
_BEING_WORDS = _lexicon("into allergic good bad interested afraid scared terrified obsessed addicted")
_WHEN_WORDS = re.compile(
    r"\b(?:\d{4}|january|february|march|april|may|june|july|august|september|october|november|december|spring|summer"
    r"|autumn|fall|winter|monday|tuesday|wednesday|thursday|friday|saturday|sunday|yesterday|today|last|ago|back\s+in"
    r"|this\s+(?:week|month|year|morning)|weekend)\b",
    re.IGNORECASE,
)


def _has_when(value: str) -> bool:
    return bool(_WHEN_WORDS.search(value))


# "I have two", "we've got four": a count of something the other speaker just named.
_BARE_COUNT_CLAUSE = re.compile(
    r"(?:^|[,.;!]\s*|\b(?:then|and|but|so|lol|haha|well|yeah|yep|oh)\s+)(?P<who>i|we)(?:\s+have|'ve|’ve)(?:\s+got)?\s+"
    r"(?P<count>two|three|four|five|six|seven|eight|nine|ten|\d{1,2})(?:\s+(?:already|now|lol|haha))?\s*[.!]*$",
    re.IGNORECASE,
)
# What was named, as something one gets or has: "you should get a parrot", "ever thought of having a ferret?"
_NAMED_ONE = re.compile(
    r"\b(?:get|getting|got|have|having|adopt|adopting|buy|buying|own|owning)\s+(?:a|an|one)\s+"
    r"(?P<noun>[a-z]{3,})\b(?!\s+(?:of|to|for|with|about)\b)",
    re.IGNORECASE,
)
# ... or a kind, said in the plural at the end of a clause: "I'm scared of ferrets", "do you like geckos?"
_NAMED_KIND = re.compile(
    r"\b(?:to|of|about|love|like|hate|want|with)\s+(?P<noun>[a-z]{2,}[^s']s)\s*(?=[,.;!?]|$)", re.IGNORECASE
)
_NOT_COUNTED = _lexicon("lot bit few couple look go try break chance moment minute second while")


def counted_reply(previous_turn: str, reply: str) -> str | None:
    """The statement a bare count answers: ("You should get a parrot", "ha, I have two") ->
    "I have two parrots". None unless the reply ends in a bare count and the other turn named a thing
    one gets or has (the last such thing it named)."""
    said = _BARE_COUNT_CLAUSE.search(reply.strip())
    named = [(m.start(), m.group("noun").lower(), False) for m in _NAMED_ONE.finditer(previous_turn)]
    named += [(m.start(), m.group("noun").lower(), True) for m in _NAMED_KIND.finditer(previous_turn)]
    named = sorted(n for n in named if n[1] not in _NOT_COUNTED)
    if said is None or not named:
        return None
    _, noun, plural_said = named[-1]
    if plural_said:
        plural = noun
    elif re.search(r"[^aeiou]y$", noun):
        plural = noun[:-1] + "ies"
    else:
        plural = noun + ("es" if noun.endswith(("s", "sh", "ch", "x")) else "s")
    return f"{said.group('who')} have {said.group('count').lower()} {plural}"


# The thing the other speaker asked about: "did you ever sell the caravan?", "how's the flower stall?"
_ASKED_THING = re.compile(
    r"\b(?:the|your|ur)\s+(?P<thing>[a-z][\w-]*(?:\s+(?!now\b|still\b)[a-z][\w-]*)?)\s*(?:\?|$)", re.IGNORECASE
)
# "sold it", "quit it", "shut it": an ending whose object is "it" (never "it's", "it is").
_ENDED_IT = re.compile(r"\b(?P<verb>[a-z]+(?:\s+(?:up|off|away))?)\s+it\b(?!['’]|\s+(?:is|was|has|had|will|would)\b)")


# Endings of a place or a business one had, besides the ending verbs: "shut it", "left it".
_CLOSED = _lexicon("closed shut left")


def _ends(verb: str) -> bool:
    return frames.is_ending_verb(verb) or verb in _CLOSED


def resolve_ended_it(question_turn: str, reply: str) -> str | None:
    """An ending said of "it" in a reply, with "it" read as the thing just asked about: ("did you ever sell
    the caravan", "yeah sold it in the spring") -> "yeah sold the caravan in the spring". Only for an ending verb:
    what ends is retracted, so a misread "it" can only retract a fact nobody stated."""
    asked = list(_ASKED_THING.finditer(question_turn))
    ended = next((m for m in _ENDED_IT.finditer(reply) if _ends(m.group("verb").lower())), None)
    if not asked or ended is None:
        return None
    thing = asked[-1].group("thing").lower()
    return f"{reply[: ended.end('verb')]} the {thing}{reply[ended.end() :]}"


# A reply that opens with an ending and no object ("stopped tbh", "gave up lol", "quit! last day was friday",
# "dropped out"): what ended is the thing the other speaker asked after ("how's the running going", "hows the job",
# "you still doing the choir?"). Only an ending: what ends is retracted, so a misread thing can only retract a
# fact nobody stated.
_BARE_ENDING = re.compile(
    r"^(?:(?:oh|ah|haha+|lol|well|honestly|tbh|yeah|nah|no|nope|ugh|so|actually)\b[\s,!.]*)*"
    r"(?:i\s+)?(?:(?:just|finally|actually|kinda|basically)\s+)?"
    r"(?P<verb>stopped|quit|gave\s+up|dropped\s+out|packed\s+(?:it\s+)?in|left|sold)"
    r"(?:\s+(?:tbh|lol|haha+|honestly|sadly|actually|already|ages\s+ago|a\s+while\s+ago))*\s*(?:[,.!;]|$)",
    re.IGNORECASE,
)
_ASKED_AFTER_THING = re.compile(
    r"\b(?:how(?:'s|’s|s|\s+is)(?:\s+(?:the|your|ur))?(?=\s+(?-i:[a-z]))|(?:are\s+you|you|u|r\s+u)\s+still\s+(?:doing|at|playing|going\s+to)"
    r"(?:\s+(?:the|your|ur))?)\s+(?P<thing>[a-z][\w-]*(?:\s+(?!(?:going|doing|coming|working|thing|stuff|lately)\b)[a-z][\w-]*)?)"
    r"(?:\s+(?:going|doing|coming\s+along|working\s+out|thing|stuff|lately))*\s*\??\s*$",
    re.IGNORECASE,
)
_NOT_ENDED_THINGS = _lexicon(
    "weekend day week morning evening night holiday holidays trip weather family kids life things stuff back knee leg "
    "arm head health mood wedding party date move flight exam"
)


def resolve_bare_ending(question_turn: str, reply: str) -> str | None:
    """ "stopped tbh" after "how's the running going" -> "I stopped running."; "quit! last day was friday" after
    "hows the job" -> "I quit the job. last day was friday"; None unless the reply opens with a bare ending and the
    question asked after one thing."""
    question = re.split(r"(?<=[.!?])\s+|\n+", question_turn.strip())[-1].strip()  # asked with or without its "?"
    ended = _BARE_ENDING.match(reply.strip())
    asked = _ASKED_AFTER_THING.search(question.rstrip("?!. ") + "?")
    if ended is None or asked is None:
        return None
    thing = asked.group("thing").lower()
    if thing.split()[-1] in _NOT_ENDED_THINGS:
        return None
    verb = re.sub(r"\s+", " ", ended.group("verb").lower())
    rest = reply.strip()[ended.end() :]
    if verb == "dropped out":
        return f"I dropped out of {thing}. {rest}".strip()
    said = thing if thing.endswith("ing") else f"the {thing}"
    return f"I {verb} {said}. {rest}".strip()


# "still in Bergen?" / "nope, Oslo since last summer"; "you still at Deloitte?" / "Google now"; "still vegetarian?" /
# "vegan now actually": a yes/no question about what the other still is, answered with what it is now. The new value
# is said as the question would have it ("I'm in Oslo since last summer"); the "no" before it, if any, is read
# where yes and no are.
_STILL_ASKED = re.compile(
    r"^(?:(?:and|so|oh|btw|what\s+about\s+(?:you|u)|and\s+(?:you|u))\W+)*(?:(?:are|r)\s+)?(?:(?:you|u)\s+)?still\s+"
    r"(?P<prep>(?:living\s+|working\s+|based\s+)?(?:in|at|with)\s+)?(?P<old>[\w'&-]+(?:\s+[\w'&-]+){0,2}?)\s*\?$",
    re.IGNORECASE,
)
_NO_FIRST = re.compile(
    r"^(?:(?:haha+|lol|oh|ah)[\s,!.]+)?(?:no\s+way|no|nope|nah|not\s+anymore)\b[\s,!.]*", re.IGNORECASE
)


# How much or how often, not a new thing: "still gaming a lot?" / "less".
_HOW_MUCH = re.compile(
    r"(?i)^(?:\w+ing\b|less|more|fewer|a\s+bit|a\s+lot|lots|loads|sometimes|rarely|barely|hardly|occasionally|not|"
    r"never|still|yes|no|way|much)\b|\w+ly$"
)


def still_replaced(question_turn: str, answer: str) -> str | None:
    """ "I'm in Oslo since last summer" for "u still in Bergen?" / "nope, Oslo since last summer"; None unless the
    reply names something else of the same kind (a name for a name, a word for a word)."""
    question = _last_question(question_turn)
    asked = _STILL_ASKED.match(question) if question else None
    if asked is None:
        return None
    said = _NO_FIRST.sub("", answer.strip())
    if _LEADING.match(said) and not _NO_FIRST.match(answer.strip()):
        return None  # "yeah, ..." keeps what was asked
    value = _fragment(said)
    old = asked.group("old")
    if not value or value.lower() == old.lower() or old.lower() in value.lower():
        return None
    named_old, named_new = _is_place(old), _is_place(value)
    if named_old != named_new or len(value.split()) > 4 or _OTHER_ONE.search(value):
        return None  # "still at Deloitte?" / "sadly": no name for a name
    prep = (asked.group("prep") or "").strip()
    if prep and _LEADING_PREP.match(value):
        prep = ""
    if re.fullmatch(r"(?i)(?:working\s+)?at", prep) and place_names.is_place_name(value):
        return f"I live in {value}"  # "still at Kellner?" / "nope, Lisbon these days": a city is a home, no employer
    if re.fullmatch(r"(?i)(?:working\s+)?at", prep):
        # "still at Brightwave?" / "Solstice now": a workplace for a workplace, or nothing ("at uni?" / "home now")
        return f"I work at {value}" if named_old and named_new and old[:1].isupper() else None
    doing = old.split()[0]
    if not prep and len(old.split()) > 1 and doing.lower().endswith("ing") and not _HOW_MUCH.match(value):
        # "still learning Italian?" / "Spanish now": the new value of the same doing, never a trait of one's own
        return re.sub(r"\s+", " ", f"I'm {doing.lower()} {value}").strip()
    return re.sub(r"\s+", " ", f"I'm {prep} {value}").strip()


# A question after someone else, not the one who answers: "what's your sister up to?", "how's your dad?", "and your
# parents?", "what does she do for fun?". A reply to it that names no one ("climbing every weekend") tells their news.
_ABOUT_SOMEONE_ELSE = re.compile(
    r"(?i)\byour\s+(?:(?:older|younger|big|little|new|best)\s+)?(?:sister|brother|sis|bro|siblings?|mum|mom|mother|dad"
    r"|father|parents|folks|wife|husband|partner|girlfriend|boyfriend|gf|bf|fianc[eé]e?|son|daughter|kids?|children"
    r"|baby|grandma|grandpa|grandparents?|granny|nan|aunt|uncle|cousin|niece|nephew|friend|friends|flatmate"
    r"|roommate|housemate|boss|colleague|neighbou?r)s?\b(?!\s+(?:and|&)\s+you\b)"
    r"|^(?:and\s+|so\s+)?(?:what|how)\S*\s+(?:(?:is|does|did|has|was|are|do)\s+)?(?:she|he|they)\b"
)
# The answerer speaking of themselves: any first-person word.
_SELF_SAID = re.compile(r"(?i)\b(?:i|i'm|im|i've|ive|i'd|me|my|mine|myself|we|we're|our|us)\b")


def about_someone_else(question_turn: str, reply: str) -> bool:
    """True when ``question_turn`` asks after someone other than the one who answers and ``reply`` says nothing of
    its speaker: what the reply tells is that other person's, never the answerer's."""
    question = _last_question(question_turn)
    return bool(question and _ABOUT_SOMEONE_ELSE.search(question) and not _SELF_SAID.search(reply))
