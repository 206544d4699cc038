"""A question between two friends in chat register, and the answer to it, written out for the answer readers.

Friends ask in shorthand and answer in pieces; the readers of answers (answers.py, the yes/no questions of
extraction_rules) know the full forms. These pure functions write the chat forms out, by their shape:

- ``full_question``: a question that drops its auxiliary before a gerund ("what you driving now?", "where u
  living?") gets it back ("what are you driving now?"); what the full question asks is then read as it is,
  and a question about a moment ("what you doing tonight") stays a question about a moment;
- ``full_question`` also asks a surprised "since when do u play bass?" as the "how long have you been playing
  bass?" it stands for;
- ``habit_kept``: a doing asked after as still done ("do u still swim", "are you still doing the park runs?",
  "you still going to the climbing wall?"), answered with how often it is done and, after that, where or with
  whom ("twice a week at the lido, even in january lol"): the answerer's habit, that often, there;
- ``where_to_as_work``: after news of leaving, "where to?", "and going where??", "where did you end up?" asks
  where one works now when the answer names a job ("a startup called Nudgely, frontend dev"); without a job
  ("Brevik, got a flat by the harbour") it may be a new home, and stays as asked;
- ``doing_answered``: "what are you up to these days?" / "mostly climbing lol, 3x a week at the Arch": a doing
  named by its gerund, with how often it is done, is the answerer's habit (without how often, the doing may be
  of the moment: "cooking dinner lol");
- ``echo_dropped``: a reply that first echoes what was asked ("Leeds? yeah", "the cello? yep", "the
  dobsonian? yeah") answers with what follows the echo: the echo only asks back which one was meant.
"""

from __future__ import annotations

from collections.abc import Callable

from shared.providers.offline import frames
from shared.providers.offline.text_forms import rx, words

# "what you driving", "where u living", "which uni you studying at", "how long you staying": a question word
# (and up to two words of what is asked), then "you" and a gerund, with no auxiliary between them.
_NO_AUXILIARY = rx(
    r"^(?P<head>(?:what|where|which|how|who)(?:\s+(?!(?:are|were|do|did|is|have|you|u)\b)[a-z]+){0,2})\s+"
    r"(?:you|u)\s+(?=[a-z]{2,}ing\b)"
)

# How often something is done, said first: "every sunday", "twice a week", "most mornings", "on weekdays".
_DAY = r"(?:day|morning|evening|night|week|weekend|month|monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_HOW_OFTEN = (
    r"(?:(?:every|each)\s+(?:other\s+|single\s+)?" + _DAY + r"(?:\s+(?:morning|evening|night|afternoon))?"
    r"|(?:once|twice|three\s+times|four\s+times|five\s+times|\d\s*(?:x|times))\s+(?:a|per|every)\s+(?:day|week|month)"
    r"|daily|weekly|nightly|most\s+(?:days|mornings|evenings|nights|weekends|weeks)"
    r"|on\s+(?:weekends|weekdays|(?:mon|tues|wednes|thurs|fri|satur|sun)days))"
)
# The reply: a yes at most, how often, then at most where or with whom; what follows a comma or a full stop is a
# comment ("even in winter", "rain or shine", "knees permitting").
_OFTEN_ANSWER = rx(
    r"^(?:(?:yes|yeah|yep|yup|ya|still|lol|haha+|oh|ofc|of\s+course)\b[\s,!.]*)*"
    r"(?P<often>" + _HOW_OFTEN + r"(?:\s+(?:at|in|on|with|before|after|down\s+at|up\s+at)\s+"
    r"(?:[\w'&-]+\s+){0,4}?[\w'&-]+)?)"
    r"(?:\s+(?:lol|haha+|still|now|mostly))*\s*(?:[,.!;]|$)"
)
# A stretch of days or one day is no habit ("every day this week", "every night till friday").
_A_STRETCH = rx(r"\b(?:this|next|last)\s+(?:week|month|weekend)\b|\b(?:till|until|tomorrow|tonight|today)\b")

# "do you still swim?", "d u still run", "do you still go to the gym?"
_DO_STILL = rx(r"^(?:do|d)\s+(?:you|u)\s+still\s+(?P<verb>[a-z]+)(?P<rest>(?:\s+[\w'-]+){0,5}?)\s*\?$")
# "are you still doing the park runs?", "you still going to the climbing wall?", "still playing five a side?"
_STILL_DOING = rx(
    r"^(?:(?:are|r)\s+)?(?:(?:you|u)\s+)?still\s+(?P<ing>[a-z]{2,}ing)(?P<rest>(?:\s+[\w'-]+){0,5}?)\s*\?$"
)
# What is asked after must be the answerer's doing, done again and again: not a thought, a wish, a plan or a person.
_NOT_HABITS = words(
    "think mean want need know feel mind care hope wish see get have like love hate talk call come leave "
    "stay wait say tell ask remember believe plan expect work"
)
_SOMEONE_UNNAMED = rx(
    r"\b(?:him|her|them|it|this|that|those|these|he|she|they|me|us|there|tomorrow|tonight|today|on\s+\w+day)\b"
)

# The echo: at most four words ending in a question mark before the answer, and what may follow it.
_ECHO = rx(r"^(?P<echo>[\w'&-]+(?:\s+[\w'&-]+){0,3})\s*\?+[\s!]*(?=(?:yes|yeah|yep|yup|yea|ya|mhm|no|nope|nah)\b)")
# Words that ask something else back ("really?", "me?", "why?"): no echo of the question.
_NO_ECHO = words("really seriously honestly me you u why what who huh when how sorry wait")


# "since when do u play bass?", "since when are you vegan??": surprise at news that takes the news as given; the
# reply says since when ("since last summer"), as it would to "how long have you been playing bass?".
_SINCE_WHEN = rx(
    r"^since\s+when\s+(?:(?P<do>do|d)|are|r)\s+(?:you|u)\s+(?P<verb>[a-z]+)(?P<rest>(?:\s+[\w'-]+){0,4}?)\s*\?+$"
)

# What "since when" asks that is no lasting doing or being: a stay ("since when are you in Leeds"), a mood ("so
# tired"), a couple ("you two"), a having or a liking (no doing), a thought, a way of talking.
_NOT_SINCE = rx(
    r"^(?:in|at|on|with|so|that|this|two|both|here|there|own|have|like|love|hate|know|think|care|talk|say|mean"
    r"|want|need|feel|believe|get|go|come)$"
)


def full_question(question: str) -> str:
    """``question`` with the auxiliary chat dropped before "you" and a gerund written back ("what you driving
    now?" -> "what are you driving now?"), a "since when" asked as "how long" ("since when do u play bass?" ->
    "how long have you been playing bass?"); any other question as it is."""
    if (m := _SINCE_WHEN.match(question)) and not _NOT_SINCE.search(m.group("verb")):
        verb = frames.gerund(m.group("verb")) if m.group("do") else m.group("verb")
        return f"how long have you been {verb}{m.group('rest')}?"
    m = _NO_AUXILIARY.match(question)
    return f"{m.group('head')} are you {question[m.end() :]}" if m else question


def habit_kept(question: str, answer: str) -> str | None:
    """The first-person habit a reply of how often confirms, or None: ("do you still swim?", "twice a week at
    the lido, even in january") -> "I swim twice a week at the lido"."""
    if m := _DO_STILL.match(question):
        verb = m.group("verb").lower()
    elif m := _STILL_DOING.match(question):
        verb = frames.base_of_gerund(m.group("ing")) or ""
    else:
        return None
    rest = m.group("rest").strip()
    if not verb or verb in _NOT_HABITS or _SOMEONE_UNNAMED.search(rest):
        return None
    if verb in ("do", "go") and not rest or verb == "go" and not rest.lower().startswith("to "):
        return None  # "do you still do it", "you still going?": no doing named
    said = _OFTEN_ANSWER.match(answer.strip())
    if said is None or _A_STRETCH.search(said.group("often")):
        return None
    return " ".join(f"I {verb} {rest} {said.group('often')}".split())


def echo_dropped(question_turn: str, reply: str) -> str:
    """``reply`` without an echo of the question before its yes or no: ("are you still in Leeds?", "Leeds?
    yeah") -> "yeah". An echo names what was asked (a word of the question) or which one ("the dobsonian?");
    "really? yes", "Paris? yes" keep theirs."""
    m = _ECHO.match(reply)
    if m is None:
        return reply
    echo = m.group("echo").lower().split()
    asked = set(question_turn.lower().replace("?", " ").split())
    if any(w in _NO_ECHO for w in echo):
        return reply
    if echo[0] != "the" and not all(w in asked for w in echo):
        return reply
    return reply[m.end() :]


# "where to?", "and going where??", "where are u off to", "where did you end up?", "where's the new job?"
_WHERE_TO = rx(
    r"^(?:where\s+to|going\s+where|where\s+(?:are|r)\s+(?:you|u)\s+(?:going|headed|heading|off\s+to|going\s+to)"
    r"|where\s+did\s+(?:you|u)\s+(?:end\s+up|land)|where(?:'s|\s+is)\s+the\s+new\s+(?:job|gig|role|place))\s*\?+$"
)
# The pieces of an answer, up to its first full stop: "a startup called Nudgely, frontend dev".
_PIECE_CUT = rx(r"\s*(?:,|;|\s[-\u2013\u2014]\s)\s*")
_ANSWER_END = rx(r"[.!?\n]")
_PIECE_FILLER = rx(r"^(?:(?:as|a|an|the|now|just|lol|haha+)\s+)+|(?:\s+(?:now|lol|haha+|tho|though))+$")


def where_to_as_work(
    question_turn: str, question: str | None, answer: str, is_job: Callable[[str], bool]
) -> str | None:
    """ "where are you working now?" for a where-to question (the last one of ``question_turn``, marked or, said
    last, unmarked: "from Quernstone?? where to") whose answer names a job (``is_job`` of one of its pieces
    before the first full stop), else ``question`` as it is."""
    tail = question_turn.rsplit("?", 1)[-1].strip(" .!") if "?" in question_turn else ""
    if not (tail and _WHERE_TO.match(f"{tail}?") or question and _WHERE_TO.match(question)):
        return question
    first = _ANSWER_END.split(answer.strip(), maxsplit=1)[0]
    pieces = [_PIECE_FILLER.sub("", p).strip() for p in _PIECE_CUT.split(first)[1:]]
    return "where are you working now?" if any(p and len(p.split()) <= 4 and is_job(p) for p in pieces) else question


# "what are you up to these days?", "what have you been up to?", "what do you do for fun?", "what keeps you busy?"
_DOINGS_ASKED = rx(
    r"^(?:what(?:'s|\s+are|\s+r|\s+have)?\s+(?:you|u)\s+(?:been\s+)?(?:up\s+to|doing)(?:\s+(?:these\s+days|lately"
    r"|nowadays|recently|for\s+fun|in\s+your\s+(?:free|spare)\s+time|outside\s+(?:of\s+)?work|on\s+weekends))?"
    r"|what\s+(?:do|d)\s+(?:you|u)\s+do\s+(?:for\s+fun|in\s+your\s+(?:free|spare)\s+time|outside\s+(?:of\s+)?work"
    r"|on\s+(?:the\s+)?weekends?)|what\s+keeps\s+(?:you|u)\s+busy(?:\s+these\s+days)?)\s*\?+$"
)
# "mostly climbing lol, 3 times a week at the Arch", "running! every morning", "pottery, on weekends": a doing,
# then how often (and where or with whom), each at most a few words.
_DOING_OFTEN = rx(
    r"^(?:(?:oh|honestly|tbh|lol|haha+|mostly|mainly|just|still|lots\s+of|loads\s+of|a\s+lot\s+of)\b[\s,!.]*)*"
    r"(?P<g>[a-z]{2,}ing)(?P<obj>(?:\s+(?!(?:and|but|at|on|in|every|each|once|twice|most|daily|weekly|lol|haha+|mostly"
    r"|mainly|tbh)\b)[a-z]+){0,3})"
    r"(?:\s+(?:lol|haha+|mostly|tbh))*\s*[,!.:-]*\s*"
    r"(?P<often>" + _HOW_OFTEN + r"(?:\s+(?:at|in|on|with)\s+(?:[\w'&-]+\s+){0,4}?[\w'&-]+)?)"
    r"(?=\s*(?:[,.!;?]|$)|\s+(?:lol|haha+|now|before|after|tho|though|but|and|so|if)\b)"
)


def doing_answered(question: str, answer: str) -> str | None:
    """The first-person habit a reply names to a question about one's doings, with how often, or None:
    ("what are you up to these days?", "mostly climbing lol, 3 times a week at the Arch") -> "I climb 3 times a
    week at the Arch"."""
    if not _DOINGS_ASKED.match(question) or not (said := _DOING_OFTEN.match(answer.strip())):
        return None
    verb = frames.base_of_gerund(said.group("g"))
    if not verb or verb in _NOT_HABITS or _A_STRETCH.search(said.group("often")):
        return None
    return " ".join(f"I {verb} {said.group('obj')} {said.group('often')}".split())
