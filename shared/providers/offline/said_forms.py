"""Changes, endings and non-facts said in the forms the frames do not read, said again in the forms they do.

English chat tells a change or an ending in many shapes; the frames read a few plain ones ("I live in X now",
"I don't V X anymore", "we broke up", "I left X", "I stopped V-ing"). These pure functions rewrite a class of
shapes into one of those, so that every value the shape admits is read the same way:

- ``plain_changes``: "Helsinki is my new home" / "my new city is Helsinki" (the current value replaces),
  "I drink tea instead of coffee now" / "I drink tea now, not coffee" (an ending and a new value), "my
  running days are over", "my time at Acme is over", "our marriage is over", "yoga is over for me"
  (endings), "joined a startup called Fennic" (the named place joined), "this past summer" (last summer);
- ``in_earnest``: what is said in earnest only: a sarcastic sentence ("oh sure, I LOVE Mondays", "...🙃")
  and a statement questioned and then doubted ("we use Postgres? not sure") say nothing certain, and a
  plan's second half ("I'm going to become a monk and live on a mountain") is still the plan;
- ``in_play``: a turn said inside a game or role-play the conversation set up ("let's play a game: you're
  a detective and I'm a sea captain"): the character's life, not the user's.

Each pass sits behind a cheap word test, so a message without its words costs one substring search.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

from shared.providers.offline import held_states
from shared.providers.offline.text_forms import rx

# --- a new value: "X is my new Y", "my new Y is X" ----------------------------------------------------

# Where one lives, said as the new value of a place word.
_HOME_WORDS = frozenset(("home", "city", "town", "hometown", "base", "country", "neighbourhood", "neighborhood"))
# Never the value: a pronoun or a determiner that points elsewhere ("this is my new favourite").
_NOT_A_VALUE = frozenset(
    (
        "this",
        "that",
        "it",
        "he",
        "she",
        "they",
        "there",
        "here",
        "what",
        "which",
        "who",
        "which",
        "mine",
        "yours",
        "everything",
        "nothing",
        "something",
    )
)
_VALUE = r"(?P<x>[\w.+#&'-]+(?:\s+[\w.+#&'-]+){0,2})"
_ROLE = (
    r"(?P<y>(?:(?:favou?rite|go-to|main|daily|everyday|usual|primary)\s+)?[a-z-]+"
    r"(?:\s+(?!(?:now|lol|haha|tbh)\b)[a-z-]+)?)"
)
# never before a question mark: "my new city is Oslo? or maybe Bergen" is undecided
_END = r"(?=\s*(?:[.!,;]|$)|\s+(?:now|lol|haha|tbh)\b)"
_IS_MY_NEW = rx(r"(?:^|(?<=[.!?;,]\s)|(?<=[.!?;,]))\s*" + _VALUE + r"\s+(?:is|'s)\s+my\s+new\s+" + _ROLE + _END)
_MY_NEW_IS = rx(r"\bmy\s+new\s+" + _ROLE + r"\s+(?:is|'s)\s+" + _VALUE + _END)


# A place's name: each word capitalised ("New York", "Stoke-on-Trent"), never "tiny" or "lovely".
_PLACE_NAME = re.compile(r"[A-Z][\w'-]*(?:\s+(?:[A-Z][\w'-]*|upon|on|de|del|la|le))*")
# Said after a new home in jest or as a figure of speech ("Netflix is my new home lol").
_JEST_AFTER = rx(r"^\s*(?:lol|lmao|haha\w*|jk|xd|😂|🤣)")


def _new_value(value: str, role: str, after: str = "") -> str | None:
    if value.split()[0].lower() in _NOT_A_VALUE or role.split()[-1].lower() in ("one", "thing", "favourite"):
        return None
    if role.lower() in _HOME_WORDS:
        if not _PLACE_NAME.fullmatch(value) or _JEST_AFTER.match(after):
            return None
        return f"I live in {value} now"
    # said without "now": the fact's text is the value, and a rule for one's own things reads it
    return f"my {role} is {value}"


def _is_my_new(m: re.Match[str]) -> str:
    return _new_value(m.group("x"), m.group("y"), m.string[m.end() :]) or m.group(0)


# --- an ending and a new value: "I drink tea instead of coffee now", "I drink tea now, not coffee" --------

# A verb said in the first person present (its base form); never a copula, an auxiliary or a past.
_NOT_A_PRESENT = frozenset(
    ("am", "was", "were", "have", "had", "did", "do", "got", "went", "used", "said", "think", "guess", "mean", "will")
)
# A word of the thing, never a chat marker ("not meat lol jk" is said in jest, not of "meat lol jk").
_THING_WORD = r"(?!(?:lol|lmao|jk|haha\w*|kidding|joking)\b)[\w.+#&'-]+"
_THING = _THING_WORD + r"(?:\s+" + _THING_WORD + r"){0,3}?"
# The verbs of a habit whose object is swapped ("I drink tea instead of coffee"); never a choice made once
# ("I chose Leeds instead of York") nor a wish ("I try to drink tea instead of coffee").
_HABIT_VERBS = (
    r"drink|eat|use|play|drive|ride|cycle|bike|walk|run|take|watch|read|listen\s+to|cook|wear|smoke|vape|code\s+in"
    r"|write\s+in|buy|shop\s+at|bank\s+with|train|stream|run\s+on"
)
# Never after a question's or a wish's opening ("should I use Vim instead of Emacs now?").
_NOT_ASKED = r"(?<!\bshould\s)(?<!\bcould\s)(?<!\bwould\s)(?<!\bdo\s)(?<!\bcan\s)(?<!\bif\s)(?<!\bshall\s)"
_INSTEAD = rx(
    _NOT_ASKED + r"\b(?P<subj>i|we)\s+(?:(?:now|mostly|only|just|usually)\s+)?(?P<verb>" + _HABIT_VERBS + r")\s+"
    r"(?P<new>" + _THING + r")\s+"
    r"instead\s+of\s+(?P<old>" + _THING + r")(?:\s+(?:now|these\s+days|nowadays))?(?=\s*(?:[.!,;]|$))"
)
_NOW_NOT = rx(
    _NOT_ASKED + r"\b(?P<subj>i|we)\s+(?P<verb>" + _HABIT_VERBS + r")\s+(?P<new>" + _THING + r")\s+"
    r"(?:now|these\s+days|nowadays)\s*,?\s+"
    r"not\s+(?P<old>" + _THING + r")(?:\s+(?:any\s*more|now))?(?=\s*(?:[.!,;]|$))"
)


def _ended_then_now(m: re.Match[str]) -> str:
    verb = m.group("verb")
    if verb.lower() in _NOT_A_PRESENT or verb.lower().endswith("ed"):
        return m.group(0)
    subj = m.group("subj")
    if m.group("old").split()[0].lower().endswith("ing"):
        # "I cycle to work instead of driving": the old is a doing of its own, not the verb's object
        return f"{subj} stopped {m.group('old')}, {subj} {verb} {m.group('new')} now"
    return f"{subj} don't {verb} {m.group('old')} anymore, {subj} {verb} {m.group('new')} now"


# --- endings said as "... is over" -----------------------------------------------------------------------

# "...over for this week", "...for tonight", "...for now": a break, never an ending.
_DAYS_OVER = rx(
    r"\bmy\s+(?P<what>[a-z]+ing)\s+days\s+(?:are|r)\s+(?:over|done|behind\s+me)\b(?!\s+for\b|\s+till\b|\s+until\b)"
)
_TIME_AT_OVER = rx(
    r"\bmy\s+(?:time|days|job)\s+at\s+(?P<org>(?-i:[A-Z])[\w&'.-]*(?:\s+(?-i:[A-Z&])[\w&'.-]*){0,3})\s+"
    r"(?:is|are)\s+(?:over|done)\b(?!\s+for\b)(?P<sep>\s*[,;]\s*(?:and\s+)?)?"
)
_COUPLE_OVER = rx(
    r"\b(?:my|our)\s+(?:marriage|relationship|engagement)(?:\s+is|'s)\s+(?:over|done|finished)\b"
    r"|\bit'?s\s+(?:over|done)\s+(?:between\s+(?:me\s+and\s+(?P<a>(?-i:[A-Z])\w+)|(?P<b>(?-i:[A-Z])\w+)\s+and\s+me)"
    r"|with\s+(?P<c>(?-i:[A-Z])\w+))\b"
)
_OVER_FOR_ME = rx(
    r"(?:^|(?<=[.!?;,]\s)|(?<=[.!?;,]))\s*(?P<x>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)(?:\s+is|'s)\s+(?:over|done)\s+for\s+me\b"
)


def _couple_over(m: re.Match[str]) -> str:
    name = m.group("a") or m.group("b") or m.group("c")
    return f"{name} and I broke up" if name else "we broke up"


def _over_for_me(m: re.Match[str]) -> str:
    thing = m.group("x")
    if thing.split()[0].lower() in _NOT_A_VALUE or thing.lower() in ("the party", "the game", "the day"):
        return m.group(0)
    return f" I'm done with {thing}"


# --- the place joined, named: "joined a startup called Fennic" ---------------------------------------------

# Kinds of employer; a gym, a club or a choir joined is a membership, never a job.
_EMPLOYER_KINDS = (
    r"startup|start-up|company|firm|agency|studio|consultancy|bank|lab|practice|clinic|hospital|bakery|cafe|café"
    r"|restaurant|nonprofit|non-profit|charity|school|university|publisher|shop|store|scale-?up"
)
_JOINED_CALLED = rx(
    # never a join not made ("almost joined", "nearly joined", "never joined")
    r"(?<!\balmost\s)(?<!\bnearly\s)(?<!\bnever\s)(?<!\bjust\s\bnot\s)(?<!\bnot\s)(?<!\bto\s)"
    r"\b(?P<verb>joined|started\s+at|started\s+working\s+at|moved\s+to|work\s+(?:at|for)|working\s+(?:at|for))\s+"
    r"(?:an?|this|the)\s+(?:[a-z-]+\s+){0,2}(?:" + _EMPLOYER_KINDS + r")\s+(?:called|named)\s+"
    r"(?P<name>(?-i:[A-Z])[\w&.-]*(?:\s+(?-i:[A-Z&])[\w&.-]*){0,3})"
    # not a thing of the place's ("Flux's waitlist") nor a place left again ("but left after a month")
    r"(?!['\u2019]|[\w&.-])(?![^.!?;]*\bbut\s+(?:i\s+)?(?:didn'?t|never|got|was|then)"
    r"|[^.!?;]*\b(?:left|quit|walked\s+out|was\s+let\s+go|got\s+(?:fired|laid\s+off))\b)"
)

# --- a stated time shared by the second half of a change: "quit X last month and joined Y" --------------

_TIME_PHRASE = (
    r"(?:last|this\s+past)\s+(?:week|weekend|month|year|spring|summer|autumn|fall|winter)"
    r"|in\s+(?:(?:early|mid|late)[\s-]+)?(?:january|february|march|april|may|june|july|august|september|october"
    r"|november|december)(?:\s+(?:19|20)\d{2})?|in\s+(?:19|20)\d{2}|yesterday|the\s+other\s+day"
    r"|(?:\d{1,2}|a|an|one|two|three|four|five|six|a\s+few|a\s+couple\s+of)\s+(?:days|weeks|months|years|day|week"
    r"|month|year)\s+(?:ago|back)|on\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
)
# A change said as one event ("switched jobs last month, I'm at Corvid now"): its time is the new value's.
# A job left then another named ("left Acme in April; now at Globex") says when the old one ended only.
_SWITCHED_JOBS = rx(r"\b(?:switched|changed|swapped)\s+jobs\b|\b(?:started|got)\s+a\s+new\s+job\b")
_STATED = rx(r"\b(?:" + _TIME_PHRASE + r")\b")


# --- "this past summer" is last summer; "over the summer" is the one just gone ---------------------------

_THIS_PAST = rx(r"\bthis\s+past\s+(?=(?:week|weekend|month|year|spring|summer|autumn|fall|winter)\b)")
_OVER_SEASON = rx(r"\bover\s+the\s+(?P<s>summer|winter|spring|autumn)\b")
_SEASON_MONTHS = {"spring": (3, 4, 5), "summer": (6, 7, 8), "autumn": (9, 10, 11), "winter": (12, 1, 2)}


def _over_season(m: re.Match[str], today: date) -> str:
    season = m.group("s").lower()
    return f"{'this' if today.month in _SEASON_MONTHS[season] else 'last'} {season}"


# --- "doctor said no more coffee", "knees said no more running": an order the user now keeps -----------

_ORDERED_NO_MORE = rx(
    r"\b(?:(?:my|the)\s+)?(?:doctor|doc|gp|dentist|physio|cardiologist|nurse|knees?|back|body|hips?|stomach|liver"
    r"|wallet|bank\s+account|budget)\s+(?:said|says|say|told\s+me)\s*:?\s*no\s+more\s+(?P<x>[a-z]+(?:\s+(?!for\b)[a-z]+)?)"
    r"(?:\s+for\s+me)?\b"
    r"|(?:^|(?<=[.!?;,]\s)|(?<=[.!?;,]))\s*no\s+more\s+(?P<y>[a-z]+(?:\s+(?!for\b)[a-z]+)?)\s+for\s+me\b"
)


def _ordered_no_more(m: re.Match[str]) -> str:
    thing = m.group("x") or m.group("y")
    if thing.split()[0].lower() in _NOT_A_VALUE:
        return m.group(0)
    return f"I stopped {thing}" if thing.split()[0].lower().endswith("ing") else f"I gave up {thing}"


# --- a sport switched to: "switched to swimming laps instead" is going swimming now ------------------------

# Sports said with "go": "I go swimming", "we go bouldering".
_GO_SPORTS = (
    r"swimming|cycling|running|jogging|hiking|climbing|bouldering|skiing|snowboarding|rowing|walking|dancing"
    r"|boxing|surfing|skating|biking|fishing|sailing|kayaking|golfing|bowling|riding|paddling|diving"
)
# "I've switched to", "we swapped over to": the perfect and any verb of swapping say the same change.
_SWITCHED_TO_SPORT = rx(
    r"(?:\b(?:i|we)(?:'ve|\s+have)?\s+)?(?:(?:just|then|so)\s+)?\b(?:switched|swapped|changed|moved|went\s+over"
    r"|took\s+up)(?:\s+over)?\s+to\s+"
    r"(?P<x>(?:" + _GO_SPORTS + r"))\b(?P<rest>[^.!?;]*?)(?:\s+instead)?(?=\s*(?:[.!?;,]|$))"
)
_INSTEAD_AFTER_SWITCH = rx(r"(?P<switch>\bswitched\s+(?:over\s+)?to\s+[^.!?;,]+?)\s+instead\b(?!\s+of\b)")


def _switched_to_sport(m: re.Match[str]) -> str:
    """ "I go swimming now"; with a time said ("switched to bouldering in april") a taking-up then, since a present
    "I go bouldering in april" would read the time as the coming april."""
    if _TIME_WORD.search(m.group("rest")):
        return f"I took up {m.group('x')}{m.group('rest')}"
    return f"I go {m.group('x')}{m.group('rest')} now"


# --- "so pescatarian now": what one is now, said without "I'm" ------------------------------------------

_SO_NOW = rx(r"(?:^|(?<=[.!?;,]\s)|(?<=[.!?;,]))\s*so\s+(?P<x>[a-z][a-z-]+)\s+now\b")
# Words that never name what one is ("so far now", "so much now") or only a passing mood.
_NOT_A_STATE = frozenset(
    ("far", "much", "many", "i", "we", "it", "that", "this", "what", "here", "there", "yeah", "yes", "no", "now")
)
_PASSING_MOODS = r"bored|tired|hungry|sleepy|exhausted|knackered|cranky|grumpy|restless|thirsty"

# --- "a while back": a time said but not when; the fact is read from the message's time ------------------

_WHILE_AGO = rx(r"\s*\b(?:quite\s+)?a\s+(?:while|bit|long\s+time|good\s+while)\s+(?:back|ago)\b")

# --- a passing mood is no trait: "i'm bored in the evenings, ideas?" ---------------------------------------

_MOOD = rx(
    # the joiner before it goes with it: "i work nights and im exhausted" keeps "i work nights" whole
    r"(?:\s*,?\s+(?:and|but|so|tho|though)\s+(?=(?:i'?m|im|i\s+am)\s))?"
    r"\b(?:i'?m|im|i\s+am)\s+(?:(?:so|really|kinda|kind\s+of|a\s+bit|very|super|soo+|just|always|often)\s+)*"
    r"(?:" + _PASSING_MOODS + r")\b"
    r"(?:\s+(?:in\s+the\s+(?:evenings?|mornings?|afternoons?)|at\s+night|lately|these\s+days|today|tonight|rn"
    r"|right\s+now|all\s+(?:day|the\s+time)|at\s+work|at\s+home|again|atm))*(?=\s*(?:[.!?,;]|$))"
)

# --- a job left, then where one is now: "left Acme in April; now at Globex" -----------------------------

_JOB_ENDED = rx(
    r"\b(?:left|quit|resigned\s+from|laid\s+off|fired\s+from|no\s+longer\s+(?:work|at)|(?:switched|changed)\s+jobs"
    r"|not\s+(?:working\s+)?at\s+"
    r"(?-i:[A-Z])\S*\s+any\s*more)\b"
)
_ORG = r"(?P<org>(?-i:[A-Z])[\w&'.-]*(?:\s+(?-i:[A-Z&])[\w&'.-]*){0,3})"
_NOT_AT_ANYMORE = rx(r"\b(?:(?:i'?m|im|i\s+am)\s+)?not\s+(?:working\s+)?at\s+" + _ORG + r"\s+any\s*more\b")
# "not at Google anymore, left in March": the "left" that follows dates the ending.
_LEFT_WHEN = rx(
    r"\b(?:(?:i'?m|im|i\s+am)\s+)?not\s+(?:working\s+)?at\s+" + _ORG + r"\s+any\s*more\s*[,;]\s*(?:i\s+)?left\s+"
    r"(?P<when>(?:in\s+)?\w+(?:\s+\w+){0,2}?)(?=\s*(?:[.!?;,]|$))"
)
_NOW_AT = rx(
    r"(?:(?<=[.;,]\s)|(?<=[.;,])|(?<=\band\s)|^)\s*(?:now\s*,?\s+)?(?:(?:i'?m|im|i\s+am)\s+)?(?:now\s+)?"
    r"(?:at|with)\s+" + _ORG + r"(?P<now>\s+now)?"
)


def _now_at(text: str) -> Callable[[re.Match[str]], str]:
    """The workplace named after a job left; from the change's stated time when one was said before it
    ("switched jobs last month, I'm at Corvid now") and none after ("..., at Pellow since January")."""

    def said_as_work(m: re.Match[str]) -> str:
        said = m.group(0)
        if not re.search(r"\bnow\b|\bi'?m\b|\bim\b|\bi\s+am\b", said, re.IGNORECASE):
            return said
        before = text[: m.start()]
        when = [w.group(0) for w in _STATED.finditer(before)] if _SWITCHED_JOBS.search(before) else []
        if when and not re.match(r"\s*(?:since|for)\b", text[m.end() :], re.IGNORECASE):
            return f" I started at {m.group('org')} {when[-1]}"
        return f" I work at {m.group('org')}" + (" now" if re.search(r"\bnow\b", said, re.IGNORECASE) else "")

    return said_as_work


# --- a past said with its end: "I worked at Shell until last year", "I lived in Paris until 2018" ----------

_ORG_AT = r"(?P<org>(?-i:[A-Z])[\w&'.-]*(?:\s+(?-i:[A-Z&])[\w&'.-]*){0,3})"
_UNTIL_TIME = (
    r"(?P<when>(?:(?:19|20)\d{2}|january|february|march|april|may|june|july|august|september|october|november"
    r"|december|last\s+(?:week|month|year|spring|summer|autumn|fall|winter)"
    r"|(?:\d{1,2}|a|an|one|two|three|four|five|six|a\s+few|a\s+couple\s+of)\s+(?:weeks?|months?|years?)\s+ago)\b)"
)
_WORKED_UNTIL = rx(
    r"\bi\s+(?:used\s+to\s+work|worked|was\s+working|was)\s+(?:at|for)\s+"
    + _ORG_AT
    + r"(?:\s+for\s+[\w\s]{1,20}?)?\s+until\s+"
    + _UNTIL_TIME
)
_LIVED_UNTIL = rx(
    r"\bi\s+(?:used\s+to\s+live|lived|was\s+living)\s+in\s+"
    + _ORG_AT
    + r"(?:\s+for\s+[\w\s]{1,20}?)?\s+until\s+"
    + _UNTIL_TIME
)
_NO_IN = rx(r"^(?:last|\d{1,2}\s|a\s|an\s|one|two|three|four|five|six)")


def _at_time(when: str) -> str:
    """ "2018" -> "in 2018", "March" -> "in March", "last year" and "two years ago" as they are."""
    return when if _NO_IN.match(when) else f"in {when}"


# --- an ending said as a gap since a time: "I haven't smoked since May" -------------------------------------

_PARTICIPLE_GERUND = {
    "been": "going",
    "had": "having",
    "drunk": "drinking",
    "drank": "drinking",
    "eaten": "eating",
    "ridden": "riding",
    "driven": "driving",
    "written": "writing",
    "worn": "wearing",
    "done": "doing",
    "run": "running",
    "swum": "swimming",
    "read": "reading",
}
# Not having seen or heard from someone since a time is no habit ended.
_CONTACT_VERBS = frozenset(
    ("seen", "talked", "spoken", "heard", "met", "visited", "called", "texted", "messaged", "rung", "phoned", "been")
)
_HAVENT_SINCE = rx(
    r"\bi\s+(?:haven'?t|have\s+not|havent)\s+(?P<verb>[a-z]+)\b(?P<what>[^.!?;,]{0,40}?)\s+since\s+"
    r"(?P<when>(?:19|20)\d{2}|january|february|march|april|may|june|july|august|september|october|november"
    r"|december|last\s+(?:week|month|year|spring|summer|autumn|fall|winter))\b"
)


def _havent_since(m: re.Match[str]) -> str:
    verb = m.group("verb").lower()
    if verb in _CONTACT_VERBS and not (verb == "been" and re.match(r"\s*to\s+(?:the\s+)?[a-z]", m.group("what"))):
        return m.group(0)  # "haven't seen Tom since May", "haven't been well since": no habit
    gerund = _PARTICIPLE_GERUND.get(verb)
    if gerund is None:
        if not verb.endswith("ed") or len(verb) < 5:
            return m.group(0)
        gerund = verb[:-2] + "ing"
    return f"I stopped {gerund}{m.group('what')} {_at_time(m.group('when'))}"


# --- an app or account deleted is one no longer used ----------------------------------------------------

_DELETED = rx(
    r"\b(?:i\s+)?(?:finally\s+|just\s+)?(?:deleted|uninstalled|deactivated)\s+(?:my\s+)?"
    r"(?P<thing>(?-i:[A-Z])[\w.+-]*)(?:\s+(?:account|app))?\b"
)

# --- a state held since a time, said with "have been": "I've been a nurse for 10 years" ----------------------

# A span is a time phrase and nothing after it: "but quit last month", "at St James" or "until I retired" past
# the span is another clause, and a season counted ("for two summers") is no state held until now.
_SPAN = (
    r"(?P<when>(?:for|since)\s+(?:(?!(?:but|and|at|until|till|then|though|when)\b)[^.!?;,]){1,30}?)"
    r"(?<!summers)(?<!winters)(?<!seasons)(?=\s*(?:now\s*)?(?:[.!?;,]|$))"
)
_BEEN_A = rx(r"\bi'?ve\s+been\s+(?P<what>an?\s+[a-z-]+(?:\s+[a-z-]+)?)\s+" + _SPAN)
_BEEN_AT = rx(r"\bi'?ve\s+been\s+(?:working\s+)?at\s+" + _ORG_AT + r"\s+" + _SPAN)
# "with" a bare name is as often an employer or a provider ("been with Deloitte for five years"): a partner
# only when introduced as one ("been with my girlfriend Priya").
_BEEN_DATING = rx(
    r"\bi'?ve\s+been\s+(?:(?P<how>dating|seeing|engaged\s+to|married\s+to)\s+"
    r"|(?P<with>with)\s+my\s+(?P<kind>boyfriend|girlfriend|partner|wife|husband|fianc[ée]e?|bf|gf)\s+)"
    r"(?P<who>(?-i:[A-Z])[a-z]+)\s+" + _SPAN
)
_BEEN_TOGETHER = rx(r"\bwe'?ve\s+been\s+(?:together|a\s+couple|dating)\s+" + _SPAN)


def _been_dating(m: re.Match[str]) -> str:
    if m.group("with"):
        how = {"wife": "married to", "husband": "married to"}.get(m.group("kind").lower(), "dating")
    else:
        how = {"seeing": "dating"}.get(m.group("how").lower(), m.group("how"))
    return f"I'm {how} {m.group('who')}, {_spanned(m.group('when'))}"


def _been_a(m: re.Match[str]) -> str:
    """ "I've been a nurse for 10 years" -> "I am a nurse, for 10 years now": the state held, then its span."""
    held = held_states.held_so_far(f"I have been {m.group('what')}")
    return f"{held.now}, {_spanned(m.group('when'))}" if held else m.group(0)


def _been_at(m: re.Match[str]) -> str:
    """ "I've been (working) at Acme for 3 years" -> "I work at Acme, for 3 years now": the workplace held."""
    held = held_states.held_so_far(f"I have been at {m.group('org')}")
    return f"{held.now}, {_spanned(m.group('when'))}" if held else m.group(0)


def _spanned(when: str) -> str:
    """A span said so the date frame reads it: "for 4 years" ends now ("for 4 years now")."""
    return f"{when} now" if when.lower().startswith("for") else when


# --- "it's been two years since I quit smoking": a time since, said as a time ago -----------------------

_BEEN_SINCE_I = rx(
    r"\b(?:it'?s|its|it\s+has)\s+been\s+(?:about\s+|almost\s+|nearly\s+|over\s+)?"
    r"(?P<span>(?:\d{1,2}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|a\s+couple\s+of)\s+"
    r"(?:days?|weeks?|months?|years?))\s+since\s+(?P<clause>(?:i|we)\s+[^.!?;,]+)"
)

# --- "moved house 2 weeks ago, now in Clapham": where one lives after a move ---------------------------------

_MOVED_NOW_IN = rx(
    r"(?P<move>\b(?:moved|relocated)\b[^.!?;]*?)[,;]\s*(?:and\s+)?(?:(?:i'?m|im|i\s+am)\s+)?now\s+(?:in|living\s+in)\s+"
    r"(?P<place>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,2})"
)


def _moved_now_in(m: re.Match[str]) -> str:
    move, place = m.group("move"), m.group("place")
    when = [w.group(0) for w in _STATED.finditer(move)]
    return f"{move}, I moved to {place} {when[-1]}" if when else f"{move}, I live in {place} now"


# --- subjectless endings and changes in chat ----------------------------------------------------------------

# "officially done with twitter", "not doing crossfit anymore": the "I" left out at the start of a sentence.
_SUBJECTLESS_ENDING = rx(
    r"(?:^|(?<=[.!?;]\s)|(?<=[.!?;]))\s*(?:(?:so|ok|okay|officially|finally|honestly|yeah|and)\s*,?\s+)*"
    r"(?=(?:done\s+with|not\s+[a-z]+ing\s+[^.!?;,]+?\s+any\s*more)\b)"
)
# "i'm not vegan anymore, eating fish again": what comes after the ending's comma is news of its own.
_ENDING_THEN_DOING = rx(
    # never before what the ending's verb carries over to ("..., sparkling water now")
    r"(?P<end>\bany\s*more)\s*,\s*(?![^.!?;]*\b(?:now|instead|these\s+days|nowadays)\b)(?=(?:[a-z]+ing)\b"
    r"|(?!(?:i|we|but|just|only|and|so)\b)[^.!?;]*\b(?:issues?|problems?|reasons?|injury|injuries|surgery|health|money"
    r"|budget|cost|time)\b)"
)
# "we're not using jira anymore, switched to linear": a change said after a comma, its subject left out.
_SUBJECTLESS_CHANGE = rx(
    r"(?P<lead>[,;]\s*)(?:(?:and|so|then|just)\s+)?(?=(?:switched|moved|changed|went)\s+(?:over\s+)?(?:to|back\s+to)\b)"
)
_WE_FIRST = rx(r"^\W*(?:we|we'?re|we\s+are|our)\b")
# A time said in a unit the date frame has no calendar for ("last sprint", "this semester"): said without it.
_UNCOUNTED_UNITS = ("sprint", "quarter", "semester", "term", "season", "release", "cycle")
_UNCOUNTED_TIME = rx(r"\s*\b(?:last|this|past)\s+(?:sprint|quarter|semester|term|season|release|cycle)\b")
# "my cat luna died": a pet's or relative's name typed in lower case, said before its death.
_LOWER_NAME_DIED = rx(
    r"\b(?P<kin>my\s+(?:cat|dog|kitten|puppy|rabbit|bunny|hamster|parrot|horse|budgie|tortoise|turtle|grandma|grandpa"
    r"|granny|nan|nana|aunt|uncle|cousin))\s+(?P<name>(?-i:[a-z])[a-z]{2,})\s+(?=(?:died|passed|was\s+put\s+down)\b)"
)


def _said_by_me(m: re.Match[str]) -> str:
    """The "I'm" left out, put back where the sentence's words start (fillers before it dropped)."""
    said = m.group(0)
    return f"{said[: len(said) - len(said.lstrip())]}I'm "


def _subjectless_change(text: str) -> str:
    subject = "we" if _WE_FIRST.match(text) else "I"
    return _SUBJECTLESS_CHANGE.sub(lambda m: f"{m.group('lead')}{subject} ", text)


# --- a past state or habit, then the present one ----------------------------------------------------------

# "I was vegetarian but now I eat meat again": the past state is one no longer held.
_WAS_BUT_NOW = rx(
    r"(?<!\bwhen\s)(?<!\bwhile\s)(?<!\bas\s)(?<!\bsince\s)(?<!\bbecause\s)(?<!\bbefore\s)(?<!\bafter\s)(?<!\bif\s)"
    r"\b(?:i|we)\s+(?:was|were)\s+(?P<x>(?:an?\s+)?[a-z-]+(?:\s+[a-z-]+)?)\s*,?\s+(?:but\s+)?now\b\s*,?\s*"
    r"(?P<rest>(?:i|we)\b)"
)
# "used to drink coffee, now it's tea": the habit's verb carries over to what it is now.
_USED_TO_NOW_ITS = rx(
    r"\b(?P<subj>i\s+|we\s+)?used\s+to\s+(?P<verb>[a-z]+)\s+(?P<old>[^,;.!?]+?)\s*[,;]\s*(?:but\s+)?now\s+"
    r"(?:it'?s|its|it\s+is)\s+(?P<new>[^,;.!?]+)"
)


def _used_to_now_its(m: re.Match[str]) -> str:
    subj = (m.group("subj") or "I ").strip()
    verb = m.group("verb")
    return f"{subj} don't {verb} {m.group('old')} anymore, {subj} {verb} {m.group('new')} now"


# --- when, said after the news: "I moved to Porto. That was back in May." ----------------------------------

_WHEN_WORDS = (
    r"(?:(?:back|about|around|roughly|only|just)\s+)?(?:in|on|last|since|during|over|at\s+the\s+(?:start|end)\s+of"
    r"|early|late|mid|yesterday|the\s+other\s+day|(?:\d{1,2}|a|an|one|two|three|four|five|six|a\s+few|a\s+couple\s+of)"
    r"\s+(?:days?|weeks?|months?|years?)\s+ago)\b"
)
# "That was back in May.", "this was two weeks ago", "it happened last spring": a sentence that only dates.
_THAT_WAS_WHEN = rx(
    r"(?P<prev>[^.!?]{3,}?)\s*[.!]+\s+(?:that|this|it)\s+(?:was|happened)\s+(?P<when>"
    + _WHEN_WORDS
    + r"[^.!?,;]{0,25}?)"
    r"(?:\s+(?:actually|btw|lol|haha|now))?\s*(?=[.!]|$)"
)
# "I quit smoking. It's been 3 months now.": a span since the news, said as its time ago.
_BEEN_SPAN_NOW = rx(
    r"(?P<prev>[^.!?]{3,}?)\s*[.!]+\s+(?:it'?s|its|it\s+has)\s+been\s+(?:about\s+|almost\s+|nearly\s+|over\s+)?"
    r"(?P<span>(?:\d{1,2}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|a\s+couple\s+of)\s+"
    r"(?:days?|weeks?|months?|years?))(?:\s+(?:now|already|so\s+far))?\s*(?=[.!]|$)"
)
# "I moved to Porto - in May actually": a time set off by a dash is the time of the clause before it.
# What a time must name to date anything ("it was in the news" names none).
_TIME_WORD = rx(
    r"\b(?:(?:19|20)\d{2}|january|february|march|april|may|june|july|august|september|october|november|december"
    r"|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec|monday|tuesday|wednesday|thursday|friday|saturday|sunday"
    r"|spring|summer|autumn|fall|winter|christmas|easter|yesterday|week|weekend|month|year|days?|weeks|months|years"
    r"|\d{1,2}(?:st|nd|rd|th))\b"
)


def _that_was_when(m: re.Match[str]) -> str:
    when = m.group("when")
    return f"{m.group('prev')} {when}" if _TIME_WORD.search(when) else m.group(0)


_DASHED_WHEN = rx(r"\s+[-\u2013\u2014]+\s+(?=" + _WHEN_WORDS + r")")
# "in '19", "since '23", "summer '21": a year said with two digits.
_SHORT_YEAR = rx(r"(?<=\s)['\u2019](?P<yy>\d{2})\b")


def _short_year(m: re.Match[str], today: date) -> str:
    yy = int(m.group("yy"))
    century = 2000 if 2000 + yy <= today.year else 1900
    return str(century + yy)


# --- an appointment said without "I have", with a detail after its time -------------------------------------

# "dentist on friday at 9 for the root canal", "haircut on Saturday at 11 with Jo": a thing, a day and an hour,
# then what it is for or with whom (which kept the frame from reading it).
_APPOINTMENT_DETAIL = rx(
    r"^\W*(?P<what>(?:my\s+)?(?!(?:i|we|he|she|they|it|you|this|that|there|what|how|when)\b)[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*){0,2})\s+(?P<when>(?:on|this|next|tomorrow)\b[^.!?,;]*?\bat\s+\d{1,2}(?:[:.]\d{2})?"
    r"(?:\s*[ap]\.?m\.?)?)(?P<rest>\s+(?:for|with|to)\b[^.!?]*)"
)


def _appointment_detail(m: re.Match[str]) -> str:
    what = m.group("what")
    article = "" if what.lower().startswith("my ") else ("an " if what[0].lower() in "aeiou" else "a ")
    return f"I have {article}{what} {m.group('when')}{m.group('rest')}"


# --- a job lost, said otherwise ------------------------------------------------------------------------------

# "they let me go at Cranfield last month", "I was let go": a job lost.
_LET_GO = rx(
    r"\b(?:they|the\s+company|my\s+(?:boss|company|employer))\s+let\s+me\s+go\b(?:\s+(?:at|from)\s+" + _ORG_AT + r")?"
    r"|\bi\s+(?:was|got)\s+let\s+go\b(?:\s+(?:at|from)\s+" + _ORG_AT.replace("org", "org2") + r")?"
)
# "my contract at Cranfield ended in December": the job at the named place ended.
_CONTRACT_ENDED = rx(
    # a contract "with" a company is a phone's or a gym's
    r"\bmy\s+(?:contract\s+at|(?:job|position|role|internship|placement)\s+(?:at|with))\s+"
    + _ORG_AT
    + r"\s+(?:ended|finished|ran\s+out|wasn'?t\s+renewed)\b"
)
# "I'm done at Cranfield, last day was Friday": the place left, and the day it was left.
_DONE_AT = rx(
    r"\b(?:i'?m|im|i\s+am)\s+(?:officially\s+|finally\s+)?(?:done|finished)\s+at\s+"
    + _ORG_AT
    + r"(?:\s*[,;]\s*(?:my\s+)?last\s+day\s+(?:was|is)\s+(?P<day>[^.!?,;]+))?"
)
# "I don't have the dog anymore": what is had no longer, said as one's own.
_NO_LONGER_HAVE_THE = rx(r"\b(?P<neg>don'?t|do\s+not|no\s+longer)\s+have\s+the\s+")
# "I'm off meat now", "off Twitter for good": given up (never "off work", "off to Paris", "off sick").
_OFF_FOR_GOOD = rx(
    r"\b(?:i'?m|im|i\s+am)\s+(?:completely\s+|totally\s+)?off\s+(?!(?:to|work|sick|school|duty|today|tomorrow"
    r"|the\s+clock)\b)(?P<x>[\w-]+(?:\s+[\w-]+)?)\s+(?:now|for\s+good|these\s+days|for\s+the\s+foreseeable)\b"
)


def _let_go(m: re.Match[str]) -> str:
    org = m.group("org") or m.group("org2")
    return f"I lost my job at {org}" if org else "I lost my job"


def _done_at(m: re.Match[str]) -> str:
    day = m.group("day")
    return f"my last day at {m.group('org')} was {day}" if day else f"I left {m.group('org')}"


# --- a couple's news said with the other first, and moving in together -------------------------------------

_PAIR_NEWS = rx(
    r"\b(?P<who>(?-i:[A-Z])[a-z]+)\s+and\s+i\s+(?:just\s+|finally\s+)?(?P<what>got\s+(?:married|engaged|hitched))\b"
)
_WHO = r"(?P<who>my\s+(?:girlfriend|boyfriend|partner|fianc[ée]e?|wife|husband|gf|bf)|(?-i:[A-Z])[a-z]+)"
_MONTH_NAMES = r"(?:january|february|march|april|may|june|july|august|september|october|november|december)\b"
_MOVED_IN = rx(
    r"\bi\s+(?:finally\s+|just\s+)?moved\s+in\s+with\s+"
    + _WHO
    + r"(?:(?:\s+(?P<where>in\s+(?!"
    + _MONTH_NAMES
    + r")(?-i:[A-Z])[\w-]+))?\s+(?P<when>"
    + _TIME_PHRASE
    + r"))?\b"
    r"|\b"
    + _WHO.replace("who", "who2")
    + r"\s+(?:finally\s+|just\s+)?moved\s+in\s+with\s+me(?:\s+(?P<when2>"
    + _TIME_PHRASE
    + r"))?\b"
)
_AGO = rx(r"^(?P<span>.+?)\s+(?:ago|back)$")


def _since(when: str) -> str:
    """A time said for a start, said after "since" ("in 2024" -> "since 2024"; "2 weeks ago" -> "for 2 weeks now")."""
    if ago := _AGO.match(when):
        return f"for {ago.group('span')} now"
    return "since " + re.sub(r"(?i)^(?:in|on)\s+", "", when)


def _moved_in(m: re.Match[str]) -> str:
    who = (m.group("who") or m.group("who2")).replace("My ", "my ")
    when = m.group("when") or m.group("when2")
    # "moved in with my boyfriend in Leeds in march": the town stays with the time, which must stay a start
    where = f"{m.group('where')} " if m.group("where") else ""
    return f"I've lived with {who} {where}{_since(when)}" if when else f"I live with {who}"


# --- what one is now: "I'm engaged now!", "I'm a dad now", "Lisbon is home now" ----------------------------

# A state said with a closing "now" (the frames read the state without it; the slot makes it replace).
_STATE_NOW = rx(
    r"(?P<state>\b(?:i'?m|im|i\s+am)\s+(?:(?:officially|finally|also)\s+)?(?:engaged|married|divorced|separated|widowed"
    r"|a\s+(?:dad|mum|mom|father|mother|grandma|grandpa|grandmother|grandfather|parent)))\s+now\b(?=\s*(?:[.!?,;]|$))"
)
_HOME_NOW = rx(
    r"(?:^|(?<=[.!?;]\s))\s*(?P<place>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,2})\s+(?:is|'s)\s+(?:my\s+)?home"
    r"\s+now\b"
)
# "I'm in Lisbon now, moved last month": where one is now, dated by the move said after it.
_HERE_NOW_MOVED = rx(
    r"\b(?:i'?m|im|i\s+am)\s+(?:based\s+|living\s+)?in\s+(?P<place>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,2})"
    r"\s+now\s*[,;]\s*(?:i\s+)?moved\s+(?:here\s+|there\s+)?(?P<when>" + _TIME_PHRASE + r")\b"
)

_CHANGE_WORDS = (
    "new",
    "instead",
    " not ",
    "over",
    "done",
    "behind",
    "called",
    "named",
    " and ",
    "past",
    "more",
    "switch",
    *("took up", "until", "since", "deleted", "uninstalled", "deactivated", "been", "now in", "now living"),
    *("now", " and i ", "moved in with", "let", "ended", "finished", "ran out", "renewed", "have the", "off "),
    *(" at ", "was", "were", "used to", "happened", "-", "\u2013", "\u2014", "'", "\u2019"),
    *("anymore", "any more", "switched", "moved", "changed", "went", "last ", "this ", "died", "passed", "put down"),
)
_MORE_WORDS = ("so ", "while", " bit ", "long time", "i'm", "im ", "i am", "now", "left", "quit", "resigned", "laid")


def plain_changes(text: str, today: date) -> str:
    """``text`` with each change, ending or stated time of the classes above said in the plain form."""
    lowered = text.lower()
    if not any(w in lowered for w in _CHANGE_WORDS):
        return text
    if "my new" in lowered:
        text = _IS_MY_NEW.sub(_is_my_new, text)
        text = _MY_NEW_IS.sub(_is_my_new, text)
    if "instead" in lowered:
        text = _INSTEAD.sub(_ended_then_now, text)
    if " not " in lowered and ("now" in lowered or "days" in lowered):
        text = _NOW_NOT.sub(_ended_then_now, text)
    if "over" in lowered or "done" in lowered or "behind" in lowered:
        if "days" in lowered:
            text = _DAYS_OVER.sub(lambda m: f"I stopped {m.group('what')}", text)
        if " at " in lowered:
            # the clause after the comma is news of its own: its time ("joining Meta in June") is not the ending's
            text = _TIME_AT_OVER.sub(lambda m: f"I left {m.group('org')}" + (". " if m.group("sep") else ""), text)
        if "it" in lowered or "relationship" in lowered or "marriage" in lowered or "engagement" in lowered:
            text = _COUPLE_OVER.sub(_couple_over, text)
        if "for me" in lowered:
            text = _OVER_FOR_ME.sub(_over_for_me, text)
        if "over the" in lowered:
            text = _OVER_SEASON.sub(lambda m: _over_season(m, today), text)
    if "called" in lowered or "named" in lowered:
        text = _JOINED_CALLED.sub(lambda m: f"{m.group('verb')} {m.group('name')}", text)
    if "past" in lowered:
        text = _THIS_PAST.sub("last ", text)
    if "no more" in lowered:
        text = _ORDERED_NO_MORE.sub(_ordered_no_more, text)
    if "until" in lowered:
        text = _WORKED_UNTIL.sub(lambda m: f"I left {m.group('org')} {_at_time(m.group('when'))}", text)
        text = _LIVED_UNTIL.sub(lambda m: f"I moved out of {m.group('org')} {_at_time(m.group('when'))}", text)
    if "since" in lowered:
        text = _HAVENT_SINCE.sub(_havent_since, text)
        text = _BEEN_SINCE_I.sub(lambda m: f"{m.group('clause').rstrip()} {m.group('span')} ago", text)
    if "been" in lowered:
        text = _BEEN_A.sub(_been_a, text)
        text = _BEEN_AT.sub(_been_at, text)
        text = _BEEN_DATING.sub(_been_dating, text)
        text = _BEEN_TOGETHER.sub(lambda m: f"I'm in a relationship, {_spanned(m.group('when'))}", text)
    if "now in" in lowered or "now living" in lowered:
        text = _MOVED_NOW_IN.sub(_moved_now_in, text)
    if "done with" in lowered or "anymore" in lowered or "any more" in lowered:
        text = _SUBJECTLESS_ENDING.sub(_said_by_me, text)
        text = _ENDING_THEN_DOING.sub(lambda m: f"{m.group('end')}. ", text)
    if ("switched" in lowered or "moved" in lowered or "changed" in lowered or "went" in lowered) and (
        "," in text or ";" in text
    ):
        text = _subjectless_change(text)
    if any(w in lowered for w in _UNCOUNTED_UNITS):
        text = _UNCOUNTED_TIME.sub("", text)
    if "died" in lowered or "passed" in lowered or "put down" in lowered:
        text = _LOWER_NAME_DIED.sub(lambda m: f"{m.group('kin')} {m.group('name').title()} ", text)
    if "now" in lowered and ("was" in lowered or "were" in lowered):
        text = _WAS_BUT_NOW.sub(lambda m: f"I'm not {m.group('x')} anymore, {m.group('rest')}", text)
    if "used to" in lowered and "now" in lowered:
        text = _USED_TO_NOW_ITS.sub(_used_to_now_its, text)
    if "that was" in lowered or "this was" in lowered or "it was" in lowered or "happened" in lowered:
        text = _THAT_WAS_WHEN.sub(_that_was_when, text)
    if "been" in lowered and ("it" in lowered):
        text = _BEEN_SPAN_NOW.sub(lambda m: f"{m.group('prev')} {m.group('span')} ago", text)
    if "-" in text or "\u2013" in text or "\u2014" in text:
        text = _DASHED_WHEN.sub(lambda m: ", " if _TIME_WORD.search(text[m.end() : m.end() + 30]) else m.group(0), text)
    if "'" in text or "\u2019" in text:
        text = _SHORT_YEAR.sub(lambda m: _short_year(m, today), text)
    if " at " in lowered and (" for " in lowered or " with " in lowered or " to " in lowered):
        text = _APPOINTMENT_DETAIL.sub(_appointment_detail, text)
    if "now" in lowered:
        text = _STATE_NOW.sub(lambda m: m.group("state"), text)
        if "home" in lowered:
            text = _HOME_NOW.sub(lambda m: f" I live in {m.group('place')} now", text)
        if "moved" in lowered:
            text = _HERE_NOW_MOVED.sub(lambda m: f"I moved to {m.group('place')} {m.group('when')}", text)
    if " and i " in lowered and "got" in lowered:
        text = _PAIR_NEWS.sub(lambda m: f"I {m.group('what')} to {m.group('who')}", text)
    if "moved in with" in lowered:
        text = _MOVED_IN.sub(_moved_in, text)
    if "let" in lowered and " go" in lowered:
        text = _LET_GO.sub(_let_go, text)
    if "my " in lowered and (
        "ended" in lowered or "finished" in lowered or "ran out" in lowered or "renewed" in lowered
    ):
        text = _CONTRACT_ENDED.sub(lambda m: f"I left {m.group('org')}", text)
    if " at " in lowered and ("done" in lowered or "finished" in lowered):
        text = _DONE_AT.sub(_done_at, text)
    if "have the" in lowered:
        text = _NO_LONGER_HAVE_THE.sub(lambda m: f"{m.group('neg')} have my ", text)
    if "off " in lowered:
        text = _OFF_FOR_GOOD.sub(lambda m: f"I gave up {m.group('x')}", text)
    if "deleted" in lowered or "uninstalled" in lowered or "deactivated" in lowered:
        text = _DELETED.sub(lambda m: f"I'm done with {m.group('thing')}", text)
    if ("switch" in lowered or "took up" in lowered or "changed" in lowered or "moved" in lowered) and "to " in lowered:
        text = _SWITCHED_TO_SPORT.sub(_switched_to_sport, text)
        text = _INSTEAD_AFTER_SWITCH.sub(lambda m: m.group("switch"), text)
    return text


def _so_now(m: re.Match[str]) -> str:
    state = m.group("x").lower()
    if state in _NOT_A_STATE or re.fullmatch(_PASSING_MOODS, state):
        return m.group(0)
    return f" so I'm {m.group('x')} now"


def plain_states(text: str) -> str:
    """``text`` with "so X now" said as "I'm X now", a time said without a date ("a while back") left out,
    a passing mood left out, and a job left then another named ("now at Globex") said as work."""
    lowered = text.lower()
    if not any(w in lowered for w in _MORE_WORDS):
        return text
    if "so " in lowered:
        text = _SO_NOW.sub(_so_now, text)
    if "while" in lowered or " bit " in lowered or "long time" in lowered:
        text = _WHILE_AGO.sub("", text)
    if "i'm" in lowered or "im " in lowered or "i am" in lowered:
        text = _MOOD.sub("", text)
    if _JOB_ENDED.search(text):
        text = _LEFT_WHEN.sub(lambda m: f"I left {m.group('org')} {m.group('when')}", text)
        text = _NOT_AT_ANYMORE.sub(lambda m: f"I no longer work at {m.group('org')}", text)
        text = _NOW_AT.sub(_now_at(text), text)
    return text


# --- in earnest ------------------------------------------------------------------------------------------

# An ironic face or "/s" marks the sentence it ends as meant the other way round.
_IRONY_MARK = re.compile(r"[\U0001F643\U0001F644\U0001F612]|(?<!\w)/s\b")
# An upside-down face alone may be a wry shrug ("I moved to Leeds 🙃 long story"): it reverses only praise.
_PRAISE = rx(
    r"\b(?:love|loved|loving|adore|great|fantastic|wonderful|amazing|favou?rite|best|thrilled|perfect|yay|fun"
    r"|can'?t\s+wait|so\s+excited|lucky|blessed)\b"
)


def _ironic(sentence: str) -> bool:
    mark = _IRONY_MARK.search(sentence)
    if mark is None:
        return False
    # an eye-roll or a sulk after one's own words disowns them; an upside-down face may only shrug
    return mark.group(0) != "\U0001f643" or bool(_PRAISE.search(sentence) or _SHOUTED.search(sentence))


# "oh sure, I LOVE Mondays", "oh yeah I'm TOTALLY a morning person": a mock agreement, then a word shouted.
_MOCK_OPENER = rx(
    r"^\W*(?:oh|ah|wow)\s*,?\s+(?:yeah|yes|sure|great|right|totally|joy|wonderful)\b|^\W*yeah\s+(?:right|because)\b"
    r"|^\W*(?:sure|great|wow|yay|fantastic|wonderful|perfect)\s*[,!.]"
)
_SHOUTED = re.compile(
    r"\b(?:TOTALLY|SO|LOVE|LOVED|ADORE|REALLY|SUPER|DEFINITELY|ABSOLUTELY|GREAT|BEST|FAVOU?RITE|THRILLED|ENJOY"
    r"|AMAZING|NEVER|ALWAYS|CLEARLY|OBVIOUSLY|SUCH)\b"
)
# A statement questioned, then doubted: "we use Postgres? not sure", "I think it's Jenkins?? idk".
# A hedge asked on its own may stand between ("we use Jira? i think? idk"); the doubt may be said as having no
# idea or clue ("we're switching to Linear? no idea", "? who knows", "? not a clue").
_DOUBTED = rx(
    r"[^.!?]*\?+(?:\s*(?:i\s+think|i\s+guess|i\s+believe|probably|maybe|or\s+not|lol|haha)\s*\?+)*"
    r"\s*(?:(?:but|tbh|honestly|lol|haha|lmao|hmm+|um+|well)\s*,?\s+)?(?:not\s+(?:100\s*%\s+|totally\s+|really\s+"
    r"|entirely\s+)?(?:sure|certain)|idk|dunno|i\s+(?:don'?t|do\s+not|dont)\s+(?:know|remember|recall)|i\s+forget"
    r"|can'?t\s+remember|or\s+something|(?:or\s+)?(?:maybe|perhaps|possibly)|(?:no|not\s+a)\s+(?:idea|clue)"
    r"(?!\s+(?:why|what|how|where|when|who|which|if|whether|about|for))|who\s+knows|beats\s+me|unsure|don'?t\s+quote\s+me)\b"
)
# A plan's first verb, whose "and" goes on with the plan: "I'm going to become a monk and live on a mountain".
_PLAN_HEAD = rx(
    r"\b(?P<head>(?:i'm|im|i\s+am)\s+(?:going\s+to|gonna|planning\s+to|hoping\s+to|about\s+to)"
    r"|i\s+(?:want\s+to|wanna|plan\s+to|hope\s+to|intend\s+to|would\s+like\s+to|might|may|could|will|should)"
    r"|i'll|i'd\s+like\s+to|i'd)\s+(?P<first>[^.!?,;]*?)\s+and\s+(?=(?P<next>[a-z]+)\b)"
)
# What after the "and" starts a clause of its own, never the plan's second verb.
_OWN_CLAUSE = frozenset(
    ("i", "we", "my", "the", "it", "he", "she", "they", "then", "a", "an", "that", "this", "you", "our", "not", "so")
)
# "just kidding", "jk": said after a sentence (or at its end), it takes that sentence back.
_TAKEN_BACK = rx(r"\b(?:jk|j/k|just\s+kidding|(?:i'?m\s+)?kidding|just\s+joking|lol\s+jk)\W*$")
# "I'm a vegan... NOT.": the shouted "NOT" after a pause reverses what came before it.
_THEN_NOT = re.compile(r"[^.!?]*\.{2,}\s*NOT\b[.!]*")
# "I'm not sure if I'm vegan anymore": a doubt about a statement says neither it nor its opposite.
_UNSURE_IF = rx(
    r"\b(?:(?:i'?m|im|i\s+am)\s+not\s+(?:really\s+|totally\s+|100\s*%\s+)?sure|i\s+(?:don'?t|do\s+not|dont)\s+know)"
    r"\s+(?:if|whether)\b[^.!?;]*"
)
_EARNEST_WORDS = (
    *("?", "/s", "\U0001f643", "\U0001f644", "\U0001f612", "oh", "yeah", " and ", "sure", "great", "wow"),
    *("jk", "j/k", "kidding", "joking", "not", "know"),
)


# Cheap tests before the patterns above: a doubt's words, a plan's words.
_MAY_DOUBT = rx(
    r"\?\s*(?:\W*\w+\W+){0,3}?(?:not|idk|dunno|don'?t|dont|do\s+not|forget|can'?t|or|maybe|no|who|beats|unsure)\b"
)
_MAY_PLAN = rx(
    r"\b(?:going|gonna|want|wanna|plan|planning|hope|hoping|intend|like|might|may|could|will|should|about)\b|'ll|'d"
)


def _plan_goes_on(m: re.Match[str]) -> str:
    following = m.group("next").lower()
    if following in _OWN_CLAUSE or following.endswith("ed"):
        return m.group(0)
    return f"{m.group('head')} {m.group('first')} and {m.group('head')} "


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?\n])\s+", text) if s]


# Said before a "jk" that takes back the sentence before ("nah jk", "lol kidding").
_FILLER = rx(r"\b(?:nah|naw|no|lol|haha\w*|lmao|ok|okay|just|i'?m|im)\b")


def _taken_back(text: str) -> str:
    """Without the sentence a "jk" takes back: its own, or the one before when it stands alone."""
    kept: list[str] = []
    for sentence in _sentences(text):
        found = _TAKEN_BACK.search(sentence)
        if found is None:
            kept.append(sentence)
        elif not _FILLER.sub("", sentence[: found.start()]).strip(" ,.!-") and kept:
            kept.pop()
    return " ".join(kept)


def in_earnest(text: str) -> str:
    """``text`` without what it says in jest or in doubt, and with a plan's second verb still the plan."""
    lowered = text.lower()
    if not any(w in lowered for w in _EARNEST_WORDS):
        return text
    mocking = any(w in lowered for w in ("oh", "yeah", "sure", "great", "wow")) and _SHOUTED.search(text)
    if any(_ironic(s) for s in _sentences(text)) or mocking:
        sentences = _sentences(text)
        mocked = mocking and any(_MOCK_OPENER.search(s) for s in sentences)
        # the mock opener may be a sentence of its own ("great, another Monday. I just LOVE my commute")
        text = " ".join(s for s in sentences if not (_ironic(s) or (mocked and _SHOUTED.search(s))))
    if "NOT" in text:
        text = _THEN_NOT.sub(" ", text).strip()
    if any(w in lowered for w in ("jk", "j/k", "kidding", "joking")):
        text = _taken_back(text)
    if ("not" in lowered or "know" in lowered) and (" if " in lowered or "whether" in lowered):
        text = _UNSURE_IF.sub(" ", text).strip()
    if "?" in text and _MAY_DOUBT.search(text):
        text = _DOUBTED.sub(" ", text).strip()
    if " and " in text.lower() and _MAY_PLAN.search(text):
        text = _PLAN_HEAD.sub(_plan_goes_on, text)
    return text


# --- a game or role-play -----------------------------------------------------------------------------------

_GAME_SET_UP = rx(
    r"\blet'?s\s+(?:play\s+(?:a\s+)?(?:game|pretend|make-?believe)|pretend|role-?play|do\s+(?:a\s+)?role-?play)\b"
    r"|\bpretend\s+(?:that\s+)?(?:you'?re|you\s+are)\b"
)
_GAME_OVER = rx(
    r"\b(?:back\s+to\s+(?:reality|real\s+life)|end\s+(?:of\s+)?(?:the\s+)?(?:game|role-?play)|game\s+over"
    r"|out\s+of\s+character|ooc|(?:stop|enough)\s+(?:the\s+)?(?:game|role-?play)|(?:real|serious)\s+(?:q|question)\b"
    r"|for\s+real\s+now|jokes?\s+aside|(?:ok|okay)\s+seriously)"
)


_MAY_SET_UP = re.compile(r"[Pp]retend|[Ll]et'?s|PRETEND|LET'?S")  # case-sensitive: a scan, not a match per place


def in_play(text: str, earlier: list[str]) -> bool:
    """Whether ``text`` is said inside a game the conversation set up (``earlier``: the turns before it,
    oldest first) and has not left since."""
    if not any(_MAY_SET_UP.search(said) for said in (text, *earlier)):
        return False
    if _GAME_OVER.search(text):
        return False
    if _GAME_SET_UP.search(text):
        return True
    for said in reversed(earlier):
        if _GAME_OVER.search(said):
            return False
        if _GAME_SET_UP.search(said):
            return True
    return False
