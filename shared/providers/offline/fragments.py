"""Verbless fragments, completed with the frame their context gives them (English).

People state facts without a clause of their own: a card of bare noun phrases ("im 31, night shift paramedic,
live alone"; "context: 6 yrs as a sous chef, currently at Marlowe's"), a headline ("new job: barista at Plover
Coffee"), a week laid out as a list ("climbing mon+thu, choir on wednesdays"), a count of days without a habit
("day 40 without a cigarette"), where a commute starts ("bus from Hollin Vale into the city"), a bare name that
answers a question about one's pet or partner ("is that cat of yours still alive?" / "Dumpling? 17 now").
:func:`statements` writes each as the first-person statement it stands for ("I am a night shift paramedic",
"I work at Marlowe's", "I go climbing on mondays and thursdays", "I quit smoking", "I live in Hollin Vale", "my
cat is called Dumpling"), and the extractor reads that with its ordinary rules.

The value is typed by its form and a word list (a job by its head noun, a workplace or a place by its capital
letters, an activity by its "-ing" or a short list, a day by its name), and the slot by what frames it (a card
about oneself, a headline's label, a commute, a question that names one's own animal or person). When nothing
names the slot, or the fragment is about someone else, hedged, asked or a question back, nothing is said.
"""

from __future__ import annotations

import difflib
import re

from shared.providers.offline import answer_time, answers, frames, place_names
from shared.providers.offline.text_forms import rx, words

# A job by its head noun: a bare noun phrase ending in one of these is what one works as.
_JOBS = words(
    "engineer developer dev programmer designer scientist researcher analyst manager consultant architect teacher "
    "professor lecturer tutor nurse doctor physician surgeon dentist pharmacist therapist physio physiotherapist "
    "psychologist psychiatrist lawyer solicitor barrister attorney paralegal accountant bookkeeper banker economist "
    "writer journalist editor photographer illustrator animator chef cook baker butcher barista waiter waitress "
    "bartender student intern apprentice trainee freelancer contractor founder technician mechanic electrician "
    "plumber carpenter joiner roofer welder builder decorator farmer gardener pilot driver firefighter paramedic "
    "midwife carer caregiver cleaner receptionist secretary administrator librarian cashier clerk translator "
    "interpreter copywriter recruiter optician radiographer sonographer vet veterinarian dietitian nutritionist "
    "hairdresser barber tailor courier postman postwoman lifeguard coach instructor trainer counsellor counselor "
    "buyer merchandiser planner surveyor estimator inspector auditor actuary underwriter broker dispatcher operator "
    "porter caretaker janitor steward stewardess attendant concierge chauffeur machinist fitter supervisor foreman "
    "director officer constable detective guard warden ranger zookeeper groomer nanny childminder doula beautician "
    "stylist florist jeweller jeweler bricklayer glazier labourer laborer scaffolder handyman locksmith sommelier "
    "curator archivist hygienist optometrist chiropractor osteopath anaesthetist gp registrar medic sailor soldier "
    "sergeant lieutenant captain ceo cto cfo founder cofounder owner landlord"
)
# A job by its ending: "cardiologist", "electrician", "radiographer", "psychiatrist", "physiotherapist".
_JOB_ENDINGS = ("ologist", "ician", "iatrist", "ographer", "therapist", "ologue")
# Words that may stand before a job's head: how, when or at what level one does it ("night shift paramedic").
_JOB_WORD = r"[a-z][a-z-]*"
# A name as written: capitalised words, joined by "&", "and", "of", "the" ("Tandem & Spoke", "Marlowe's Oyster Bar").
_NAME = r"(?-i:[A-Z])[\w'’.&-]*(?:\s+(?:&|and|of|the|on|(?-i:[A-Z])[\w'’.&-]*))*(?<![\s&])"

# Someone else's card, week or news: "my sister: 30, nurse", "his week: ...", "Jo's new job: ...", "we ...".
_SOMEONE_ELSE = rx(
    r"\b(?:he|she|they|his|her|their|hes|shes|he's|she's|we|we're|our|u|you|your|ur)\b"
    r"|\bmy\s+(?!(?:week|weeks|schedule|routine|days|plan|life|timetable|weekends?|mornings?|evenings?|news|update|"
    r"situation|context|background|setup|deal|stats|specs|story|commute|usual)\b)[a-z]+"
)
# ... or by a name's possessive, said before the value ("Jo's new job: ..."; "Marlowe's Oyster Bar" is a value).
_SOMEONES = rx(r"(?-i:[A-Z])[a-z]+['’]s\b")
# A hedge or a plan: what follows is not (yet) so.
_NOT_SO = rx(
    r"\b(?:maybe|might|hopefully|if|could|would|should|want|wanna|wants|wish|hope|hoping|dream|someday|one\s+day|"
    r"thinking|considering|planning|plan|try|trying|goal|aim|aiming|applying|interview|interviewing|offer|not|no\s+longer|"
    r"never|ex|former|formerly|used\s+to|lol\s+jk|jk|kidding|joke)\b"
)


def _sentences(text: str) -> list[tuple[str, bool]]:
    """The text's sentences, each with whether it asks (ends in "?")."""
    parts = re.findall(r"[^.!?\n]+[.!?]*", text)
    return [(p.strip(" .!"), p.rstrip().endswith("?")) for p in parts if p.strip(" .!?")]


def _pieces(sentence: str) -> list[str]:
    """A sentence cut where a list cuts it: commas, semicolons, emoji, "and", " - " between items."""
    cut = re.split(r"\s*[,;\u2600-\u27bf\U0001f000-\U0001faff]+\s*|\s+(?:and|&)\s+(?=[a-z])|\s+[-–—]\s+", sentence)
    return [p.strip(" .!:") for p in cut if p.strip()]


def _article(phrase: str) -> str:
    return "an" if phrase[:1].lower() in "aeiou" else "a"


def _a_job(phrase: str) -> str:
    """ "a part time barista": the job with its article, hyphens as spaces (the occupation frames read words)."""
    job = phrase.lower().replace("-", " ")
    return f"{_article(job)} {job}"


_LEARNERS = words("student intern apprentice trainee")


def _works_as(phrase: str) -> str:
    """ "I work as a senior buyer" ("I am a senior buyer" reads as a trait when the rules do not know the job);
    one who learns is one ("I am a nursing student")."""
    head = phrase.lower().split()[-1]
    return f"I am {_a_job(phrase)}" if head in _LEARNERS else f"I work as {_a_job(phrase)}"


# ------------------------------------------------------------------------------------------------ cards about oneself

# "context:", "about me -", "quick intro:": what follows is a card about the speaker.
_CARD_LABEL = rx(
    r"^(?:(?:ok|okay|so|sure|right|well|hi|hey|hello|hiya)\b[\s,!]*)*(?:some\s+|quick\s+|a\s+bit\s+of\s+|little\s+)?"
    r"(?:context|background|about\s+me|bio|intro|info|basics|tl;?dr|profile|stats|me)\s*[:=-]\s*"
)
_OPENING = rx(r"^(?:(?:ok|okay|so|sure|right|well|hi|hey|hello|hiya|yeah|yes|um+)\b[\s,:!-]*)+")
# A clause that says "I am ...": the items after it in the list say more of the same.
_I_AM = rx(
    r"^(?:(?:ok|okay|so|sure|right|well|hi|hey|hello|hiya|yeah|yes|um+|and|also|btw)\b[\s,!]*)*"
    r"(?:i'm|im|i\s+am|i’m|i\s+(?:just\s+|finally\s+|now\s+)?(?:work|start|started|joined|got|began|work|moved|switched))\s+\S"
)
# The assistant or the other asked who the speaker is: the reply's list is a card.
_ABOUT_YOU = rx(r"\b(?:about\s+(?:yourself|you|urself)|introduce\s+yourself|who\s+are\s+you)\b")

_LEAD_ARTICLE = r"(?:(?:a|an)\s+)?"
_JOB_ITEM = rx(rf"^{_LEAD_ARTICLE}(?P<job>(?:{_JOB_WORD}\s+){{0,3}}(?P<head>[a-z]+))$")
_YEARS_AS = rx(
    r"^(?P<n>\d{1,2}|a|one|two|three|four|five|six|seven|eight|nine|ten|twenty)\s*(?:\+\s*)?(?:yrs?|years?)\s+"
    rf"(?:as\s+(?:a|an)\s+)(?P<job>(?:{_JOB_WORD}\s+){{0,3}}(?P<head>[a-z]+))$"
)
_AT_NOW = rx(
    rf"^(?:(?:currently|now|still)\s+(?:at|with|working\s+at)\s+(?P<org>{_NAME})(?:\s+(?:now|atm|rn))?"
    rf"|(?:at|with)\s+(?P<org2>{_NAME})\s+(?:now|currently|atm|rn|these\s+days))$"
)
_AT_NAMED = re.compile(r"\b(?:at|for|with)\s+(?:the\s+)?[A-Z]")
_BASED = rx(rf"^(?:based|living|live)\s+in\s+(?P<place>{_NAME})(?:\s+(?:now|atm|rn))?$")
# Work is what the card is about: a job word, or a word of work, somewhere in it.
_WORK_CUE = rx(
    r"\b(?:job|work|working|career|employer|company|shift|shifts|role|position|cover\s+letter|cv|resume|interview|"
    r"boss|colleagues?|team|office|yrs\s+as|years\s+as)\b"
)


def _is_job(phrase: str, head: str) -> bool:
    head = head.lower()
    known = head in _JOBS or head.endswith(_JOB_ENDINGS)
    return known and not re.search(r"[A-Z]", phrase) and len(phrase.split()) <= 4


def _has_job(text: str) -> bool:
    return any(w in _JOBS for w in re.findall(r"[a-z]+", text.lower()))


# Words a piece ends with that say nothing of its value: "barista at Plover now", "Fernway these days".
_TRAILING = rx(r"(?:\s+(?:now|atm|rn|these\s+days|currently|nowadays|for\s+now|lol|haha+|tbh|obviously))+$")
_JOB_AT = rx(
    rf"^{_LEAD_ARTICLE}(?P<job>(?:{_JOB_WORD}\s+){{0,3}}(?P<head>[a-z]+))\s+(?:at|for|with)\s+(?P<org>(?:the\s+)?{_NAME})$"
)


def _work_item(piece: str, work: bool, employer_asked: bool = False) -> str | None:
    """The statement a card's or an answer's piece makes of one's work, or None: a job ("night shift paramedic"),
    a job at a place ("barista at Plover"), a workplace when work is what is talked about ("currently at Marlowe's"),
    a bare name when the employer was asked for ("Fernway")."""
    piece = _TRAILING.sub("", piece.strip())
    if (m := _JOB_AT.match(piece)) and _is_job(m.group("job"), m.group("head")):
        return f"{_works_as(m.group('job'))} at {m.group('org')}"
    if (m := _JOB_ITEM.match(re.sub(r"(?i)\s+life$", "", piece))) and _is_job(m.group("job"), m.group("head")):
        return _works_as(m.group("job"))  # "paramedic", "electrician life"
    if (m := _YEARS_AS.match(piece)) and _is_job(m.group("job"), m.group("head")):
        return f"I have worked as {_a_job(m.group('job'))} for {m.group('n')} years"
    if (m := _AT_NOW.match(piece)) and work:
        return f"I work at {m.group('org') or m.group('org2')}"
    if employer_asked and re.fullmatch(_NAME, piece) and answers._is_name(piece.split()[0]):
        return f"I work at {piece}"
    return None


def _card(sentence: str, asked: str | None) -> list[str]:
    """A card's items ("im 31, night shift paramedic, ..."), or an answer's, when the question asked about the
    speaker (``asked`` "you") or the speaker's work ("work", "employer")."""
    asked = asked if asked in ("you", "work", "employer") else None
    labelled = _CARD_LABEL.match(sentence)
    body = sentence[labelled.end() :] if labelled else _OPENING.sub("", sentence)
    if not (labelled or asked or _I_AM.match(body)):
        return []  # no card: nothing labels it, asks for it, or opens it with "I'm"
    pieces = _pieces(body)
    if not pieces or len(pieces) < 2 and not (labelled or asked):
        return []
    anchored = bool(labelled) or bool(asked) or bool(_I_AM.match(pieces[0]))
    label = sentence[: labelled.end()] if labelled else ""
    if not anchored or _SOMEONE_ELSE.search(pieces[0]) or _SOMEONES.search(label):
        return []
    work = bool(_WORK_CUE.search(sentence)) or _has_job(sentence) or asked in ("work", "employer")
    said = []
    start = 0 if labelled or asked else 1
    for i, piece in enumerate(pieces[start:], start):
        if _SOMEONE_ELSE.search(piece) or _NOT_SO.search(piece):
            continue
        if item := _work_item(piece, work, employer_asked=asked == "employer" and i == 0):
            said.append(item)
        elif (
            (m := _BASED.match(piece))
            and answers._is_place(m.group("place"))
            and not (i and _AT_NAMED.search(pieces[i - 1]))
        ):
            said.append(f"I live in {m.group('place')}")  # not after a workplace: "at Snohetta, based in Oslo" is its
    return said


# ---------------------------------------------------------------------------------------------------------- headlines

# "new job: barista at Plover Coffee", "update - new flat: a studio in Grennick", "new puppy: a beagle called Toast".
_HEADLINE = rx(
    r"^(?:(?:ok|okay|so|oh|and|also|btw|big|small|little|life|quick|some|kleines)\b[\s,!]*)*(?:(?:news|update)\s*[:=!-]*\s*)?"
    r"(?:(?:my|the)\s+)?new\s+(?P<label>job|gig|role|position|city|town|flat|place|home|house|apartment|address"
    r"|puppy|dog|cat|kitten|rabbit|bunny|pet|car|bike|motorbike|laptop|phone)\s*(?:[:=]|\s[-–—])\s*(?P<value>.+)$"
)
# "new job!!" said alone: the next sentence is its value ("new job!! barista at Plover").
_LABEL_ONLY = rx(
    r"^(?:(?:ok|okay|so|oh|and|also|btw|big|small|little|life|quick|some)\b[\s,!]*)*(?:(?:news|update)\s*[:=!-]*\s*)?"
    r"(?:(?:my|the)\s+)?new\s+(?P<label>job|gig|role|position|city|town|flat|place|home|house|apartment|puppy|dog|cat"
    r"|kitten)[\s!.\u2600-\u27bf\U0001f000-\U0001faff]*$"
)
_WORK_LABELS = words("job gig role position")
_HOME_LABELS = words("city town flat place home house apartment address")
_PET_LABELS = words("puppy dog cat kitten rabbit bunny pet")
_CALLED = rx(rf"^(?:(?:a|an)\s+(?P<kind>[a-z]+(?:\s+[a-z]+)?)\s+)?(?:called|named)\s+(?P<name>{_NAME})$")
_THING = rx(r"^(?:a|an|the)?\s*(?P<thing>[\w'-]+(?:\s+[\w'-]+){0,3})$")


def _headline(sentence: str) -> list[str]:
    m = _HEADLINE.match(sentence)
    if m is None or _SOMEONES.search(sentence[: m.start("label")]):
        return []
    label = m.group("label").lower()
    value = _pieces(m.group("value"))[0].strip(" !.🎉")
    if not value or _NOT_SO.search(value) or _SOMEONE_ELSE.search(value):
        return []
    if label in _WORK_LABELS:
        if item := _work_item(value, work=True):
            return [item]
        if re.fullmatch(rf"(?:at\s+)?{_NAME}", value) and answers._is_place(value):
            return ["I work at " + re.sub(r"(?i)^at\s+", "", value)]
        return []
    if label in _HOME_LABELS:
        if not answers._is_place(value) or len(value.split()) > 6:
            return []
        return ["I live in " + re.sub(r"(?i)^in\s+", "", value)]
    if label in _PET_LABELS:
        kind = "dog" if label in ("puppy", "dog") else label
        if (c := _CALLED.match(value)) and answers._is_name(c.group("name")):
            return [f"I have a {c.group('kind') or kind} called {c.group('name')}"]
        if answers._is_name(value):
            return [f"I have a {kind} called {value}"]
        if (t := _THING.match(value)) and not re.search(r"[A-Z]", value):
            return [f"I have {_article(t.group('thing'))} {t.group('thing')}"]
        return []
    if (t := _THING.match(value)) and len(value.split()) <= 4:  # a car, a bike, a laptop, a phone
        return [f"I have {_article(t.group('thing'))} {t.group('thing')}"]
    return []


# ------------------------------------------------------------------------------------------------------------- a week

_DAY = r"(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_DAYS = {
    "mon": "monday",
    "tue": "tuesday",
    "tues": "tuesday",
    "wed": "wednesday",
    "thu": "thursday",
    "thur": "thursday",
    "thurs": "thursday",
    "fri": "friday",
    "sat": "saturday",
    "sun": "sunday",
}
# When a thing comes back: days said in the plural or joined ("mon+thu"), "every ...", "twice a week", "daily".
_RECURRENCE = (
    rf"(?:(?:on\s+)?(?P<days>{_DAY}s(?:\s*(?:\+|&|/|and|,)\s*{_DAY}s)*|{_DAY}s?(?:\s*(?:\+|&|/)\s*{_DAY}s?)+)"
    r"|(?P<other>every\s+(?:other\s+)?(?:day|morning|evening|night|week|weekend|monday|tuesday|wednesday|thursday"
    r"|friday|saturday|sunday)|(?:once|twice|three\s+times|four\s+times|\d\s*(?:x|times))\s+a\s+(?:day|week|month)"
    r"|daily|weekly|most\s+(?:days|mornings|evenings|weekends)|(?:on|at)\s+weekends|(?:in\s+the\s+)?mornings|evenings))"
)
_ACTIVITY = r"(?P<act>[a-z]+(?:\s+(?:club|practice|class|classes|lessons?|group|training))?)"
_WEEK_ITEM = rx(rf"^{_ACTIVITY}\s+{_RECURRENCE}$")
_WEEK_ITEM_FIRST = rx(rf"^{_RECURRENCE}\s+{_ACTIVITY}$")
# Gerunds one "goes" to do; others one "does".
_GO_DOING = words(
    "climbing bouldering swimming running jogging hiking cycling biking walking dancing skating surfing skiing "
    "bowling fishing sailing rowing kayaking paddleboarding riding camping"
)
_NOT_DOINGS = words(
    "morning evening nothing something anything everything thing ring king spring ceiling building wedding meeting "
    "pudding darling sibling during string evening feeling ending going doing getting having being making taking "
    "coming seeing working trying looking saying thinking eating sleeping waking something nothing anything"
)
_PLAYED = words(
    "football soccer tennis squash badminton netball rugby hockey volleyball basketball cricket golf chess padel "
    "darts pool snooker"
)
_DONE = words("yoga pilates karate judo taekwondo boxing ballet salsa spin crossfit zumba kickboxing aikido tai")
_GONE_TO = words("choir gym church mass parkrun orchestra band")


def _days(said: str) -> str:
    days = [_DAYS.get(d.lower().rstrip("s"), d.lower().rstrip("s")) for d in re.findall(_DAY + "s?", said, re.I)]
    days = [d if d.endswith("day") else _DAYS.get(d, d) for d in days]
    days = [d if d in _DAYS.values() else _DAYS.get(d[:3], d) for d in days]
    plural = [d + "s" for d in dict.fromkeys(days)]
    return "on " + (" and ".join(plural) if len(plural) < 3 else ", ".join(plural[:-1]) + " and " + plural[-1])


def _doing(act: str) -> str | None:
    head, *rest = act.lower().split()
    if rest:  # "book club", "band practice", "piano lessons"
        return f"I go to {act.lower()}" if head not in _NOT_DOINGS else None
    if head.endswith("ing") and len(head) > 4 and head not in _NOT_DOINGS:
        return f"I go {head}" if head in _GO_DOING else f"I do {head}"
    if head in _PLAYED:
        return f"I play {head}"
    if head in _DONE:
        return f"I do {head}"
    if head in _GONE_TO:
        return f"I go to {head}"
    return None


# "my week is basically ...", "usual week is ...", "routine rn = ...": what follows lists the week.
_WEEK_IS = rx(
    r"^(?P<head>.{0,30}?\b(?:week|weeks|schedule|routine|timetable)(?:['’]s)?(?:\s+(?:rn|now|atm))?"
    r"\s+(?:is|looks\s+like|=|goes)(?:\s+(?:basically|mostly|usually|like|pretty\s+much))*)\s+(?P<body>.+)$"
)


def _week(sentence: str) -> list[str]:
    head, body = "", sentence
    if ":" in sentence:
        head, body = sentence.split(":", 1)
    elif m := _WEEK_IS.match(sentence):
        head, body = m.group("head"), m.group("body")
    if head and (_SOMEONE_ELSE.search(head) or _SOMEONES.search(head)):
        return []
    said = []
    for piece in _pieces(body):
        m = _WEEK_ITEM.match(piece) or _WEEK_ITEM_FIRST.match(piece)
        if m is None or _SOMEONE_ELSE.search(piece) or _NOT_SO.search(piece):
            continue
        doing = _doing(m.group("act"))
        if doing is None:
            continue
        when = _days(m.group("days")) if m.group("days") else m.group("other").lower()
        said.append(f"{doing} {when}")
    return said


# --------------------------------------------------------------------------------------------- days without a habit

_COUNT = r"(?:\d{1,4}|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a\s+few|a\s+couple\s+of)"
_SPAN = r"(?:days?|weeks?|months?|years?|yrs?)"
_WITHOUT = rx(
    rf"(?:^|[\s,(])(?:(?:day|week|month|year)\s+\d{{1,4}}|{_COUNT}\s+{_SPAN})\s+"
    r"(?:without|w/o|with\s+no|of\s+no|off|no|clean\s+from|free\s+(?:of|from))\s+(?:a\s+|any\s+)?"
    r"(?P<thing>[a-z]+(?:\s+media)?)\b"
    rf"|(?:^|[\s,(]){_COUNT}\s+{_SPAN}\s+(?P<free>[a-z]+)[- ]free\b"
    rf"|(?:^|[\s,(])(?P<sober>{_COUNT}\s+{_SPAN}\s+sober|sober\s+(?:for|since)\s+\S+)"
)
# What one stops, and how its stopping is said plainly.
_HABITS = {
    "cigarette": "I quit smoking",
    "cigarettes": "I quit smoking",
    "cig": "I quit smoking",
    "cigs": "I quit smoking",
    "smoking": "I quit smoking",
    "smoke": "I quit smoking",
    "smokes": "I quit smoking",
    "nicotine": "I quit smoking",
    "tobacco": "I quit smoking",
    "vape": "I quit vaping",
    "vaping": "I quit vaping",
    "alcohol": "I stopped drinking",
    "booze": "I stopped drinking",
    "drinking": "I stopped drinking",
    "drink": "I stopped drinking",
    "drinks": "I stopped drinking",
    "sober": "I stopped drinking",
    "coffee": "I gave up coffee",
    "caffeine": "I gave up caffeine",
    "sugar": "I gave up sugar",
    "meat": "I stopped eating meat",
    "weed": "I quit weed",
    "gambling": "I quit gambling",
    "social media": "I quit social media",
}


def _without(sentence: str) -> list[str]:
    m = _WITHOUT.search(sentence)
    before = sentence[: m.start()] if m else ""
    if m is None or _SOMEONE_ELSE.search(before) or _SOMEONES.search(before) or _NOT_SO.search(sentence):
        return []
    thing = (m.group("thing") or m.group("free") or ("sober" if m.group("sober") else "")).lower()
    said = _HABITS.get(thing)
    return [f"{said}{_ago(m.group(0))}"] if said else []


_DAY_N = rx(r"\b(?P<unit>day|week|month|year)\s+(?P<n>\d{1,4})\b")
_N_SPANS = rx(rf"\b(?P<n>{_COUNT})\s+(?P<unit>day|week|month|year|yr)s?\b")


def _ago(counted: str) -> str:
    """ " 40 days ago" for "day 40 without a cigarette", " 3 weeks ago" for "3 weeks without a drink": the count
    says when the habit ended (the caller reads the time as the ending's)."""
    m = _DAY_N.search(counted) or _N_SPANS.search(counted)
    if m is None:
        return ""
    n, unit = m.group("n").lower(), {"yr": "year"}.get(m.group("unit").lower(), m.group("unit").lower())
    return f" {n} {unit}{'' if n in ('1', 'a', 'one') else 's'} ago"


# -------------------------------------------------------------------------------------------- where a commute starts

_COMMUTE = rx(r"\bcommut(?:e|es|ing)\b")
_FROM_HOME = rx(
    r"(?:^|\b(?:bus|train|tram|drive|ride|cycle|walk|ferry|metro|tube|subway|way|min|mins|minutes|hours?|hrs?|hr"
    r"|commute|commuting)\s+)"
    rf"from\s+(?P<home>(?:my\s+[a-z]+['’]s\s+(?:place|flat|house)\s+in\s+)?{_NAME})"
    r"(?=\s*(?:$|[,.!]|\s(?:in|into|to|up|down|every|each|and|but|lol|so)\b))"
)


def _commute(sentence: str, asked_about_it: bool) -> list[str]:
    if not (asked_about_it or _COMMUTE.search(sentence)):
        return []
    m = _FROM_HOME.search(sentence)
    if m is None or _SOMEONE_ELSE.search(re.sub(r"(?i)\bmy\s+[a-z]+['’]s\s+(?:place|flat|house)\b", "", sentence)):
        return []
    home = m.group("home")
    name = re.sub(r"(?i)^my\s+[a-z]+['’]s\s+(?:place|flat|house)\s+in\s+", "", home)
    if not answers._is_place(name) or name.lower() in ("work", "home"):
        return []
    return [f"I live at {home}" if home.lower().startswith("my ") else f"I live in {home}"]


# ----------------------------------------------------------------------------------- a name for one's own asked about

_OWN_KIND = rx(
    r"\b(?:(?:your|ur|yr)\s+(?:(?:new|old|little|baby|big|lil)\s+)?(?P<kind>[a-z]+)"
    r"|(?:that|the|this)\s+(?P<kind2>[a-z]+)\s+of\s+(?:yours|urs))\b"
)
_BARE_NAME = re.compile(r"^\W*(?P<name>(?-i:[A-Z])[a-z]+(?:[-' ](?-i:[A-Z])[a-z]+)?)\s*(?:[?!.,]|$)")
_SINGLE_KINDS = answers._NAMED_KINDS - words("dogs cats pets chickens kids")


# A question by its first word, with or without its "?": "is that cat of yours still alive, she must be 100".
_ASKS = rx(
    r"^(?:(?:so|and|oh|wait|btw|hey|ok|okay|omg|lol)\b\W*)*(?:[a-z]+\W+(?=(?:how|what|where|which|do|are|is|did)\b))?"
    r"(?:is|are|was|were|do|does|did|has|have|how|hows|how's|what|whats|what's|where|when|which|who|whos|r|u|ur|your"
    r"|you|still)\b"
)


def _question(turn: str) -> str | None:
    """The turn's last sentence that asks: marked with "?", else opening as a question does."""
    asked = [s for s, asks in _sentences(turn) if asks or _ASKS.match(s)]
    return asked[-1] if asked else None


def _named_own(question_turn: str, reply: str, asker: str | None) -> list[str]:
    question = _question(question_turn)
    m = _OWN_KIND.search(question) if question else None
    name = _BARE_NAME.match(reply.strip())
    if m is None or name is None:
        return []
    kind = (m.group("kind") or m.group("kind2")).lower()
    said = name.group("name")
    if kind not in _SINGLE_KINDS or not answers._is_name(said) or said.lower() in question.lower():
        return []
    if asker and said.lower() == asker.lower():
        return []  # "Sam! ..." calls the asker by name
    return [f"my {kind} is called {said}"]


# ------------------------------------------------------------------------------------------------- diets and allergies

_DIETS = (
    r"(?:vegan|vegetarian|veggie|pescatarian|pescetarian|halal|kosher|keto|paleo|teetotal|coeliac|celiac"
    r"|gluten[- ]free|dairy[- ]free|lactose[- ]intolerant)"
)
# "vegan now", "veggie again lol", "gluten free since march": a diet said bare, with a word that makes it one's own
# state (now, again, since ...). Bare, with no such word, it may be what one asks for ("vegan pls").
_DIET_NOW = rx(
    rf"^(?:(?:fully|mostly|strictly|full)\s+)?(?P<diet>{_DIETS})"
    r"(?P<when>(?:\s+(?:now|again|these\s+days|nowadays|since\s+[a-z0-9]+(?:\s+[a-z0-9]+)?|for\s+(?:a|\d+|two|three)"
    r"\s+(?:years?|months?|weeks?)))+)(?:\s+(?:btw|fyi|lol|haha+|actually|tho|though|remember))*$"
)
_DIET_BARE = rx(rf"^(?:(?:fully|mostly|strictly|full)\s+)?(?P<diet>{_DIETS})(?:\s+(?:btw|fyi|lol|actually))*$")
# The question asks for one's diet or allergies: "any dietary restrictions?", "do you have any allergies".
_DIET_ASKED = rx(r"\b(?:diet|dietary|food\s+(?:restrictions|requirements|preferences)|eat\s+meat)\b")
_ALLERGY_ASKED = rx(r"\ballerg(?:y|ies|ic)\b")
_ALLERGENS = rx(
    r"^(?P<what>[a-z]+(?:\s+[a-z]+)?(?:\s+(?:and|&|or)\s+[a-z]+(?:\s+[a-z]+)?)?)(?:\s+(?:btw|fyi|lol|mostly|only))*$"
)
_NO_ALLERGY = rx(r"^(?:no|none|nope|nah|not|nothing|never|dunno|idk|maybe|just|only|yes|yeah|yep|what|why)\b")


def _diet(sentence: str, asked: str | None, earlier: str) -> list[str]:
    """ "vegan now", or a diet or allergens answering a question about them; never after someone else was named
    ("my sister's staying. vegan now, so no cheese": hers)."""
    if _SOMEONE_ELSE.search(earlier) or _SOMEONES.search(earlier):
        return []
    said = []
    listing = asked == "allergy"  # "peanuts and shellfish, mostly": allergens listed first, until something else
    for piece in _pieces(_OPENING.sub("", sentence)):
        if _SOMEONE_ELSE.search(piece):
            listing = False
            continue
        if listing and not _NO_ALLERGY.match(piece) and (m := _ALLERGENS.match(piece)):
            said.append(f"I am allergic to {m.group('what').lower()}")
            continue
        listing = False
        if m := _DIET_NOW.match(piece):
            said.append(f"I am {m.group('diet').lower()} {m.group('when').strip()}")
        elif asked == "diet" and (m := _DIET_BARE.match(piece)):
            said.append(f"I am {m.group('diet').lower()}")
    return said


# ---------------------------------------------------------------------------------------------- a one-word correction

# "*Lisbon", "Lisbon*", "*lisbon sorry": the word just mistyped, said again.
_STARRED = re.compile(
    r"^\s*(?:\*\s*(?P<a>[\w'’-]+)|(?P<b>[\w'’-]+)\s*\*)\s*(?:[,.!]?\s*(?:sorry|lol|oops|typo|haha+))?[.!]*\s*$"
)


def _corrected(said_before: str, reply: str) -> list[str]:
    """The sentence of the speaker's last message with the word a starred correction puts right: ("I live in
    Lisbn", "*Lisbon") -> "I live in Lisbon". Only a word spelt nearly alike (a typo), never another value."""
    m = _STARRED.match(reply)
    if m is None:
        return []
    word = m.group("a") or m.group("b")
    for sentence, asks in _sentences(said_before):
        if asks:
            continue
        tokens = re.findall(r"[\w'’-]+", sentence)
        close = difflib.get_close_matches(word.lower(), [t.lower() for t in tokens], n=1, cutoff=0.7)
        if close and close[0] != word.lower():
            wrong = next(t for t in tokens if t.lower() == close[0])
            return [re.sub(rf"(?<![\w'’-]){re.escape(wrong)}(?![\w'’-])", word, sentence, count=1)]
    return []


# -------------------------------------------------------------------------------- a new value for one the other named

# The other names a value of the speaker's ("since you're in Lisbon", "how's life in Bergen treating you", "you still
# with Kellner?", "are you still using Notion for notes?"): by a place word before a name, or by "still" and a doing.
_YOUR_PLACE = rx(rf"\b(?P<prep>in|at|with)\s+(?P<old>{_NAME})")
_YOUR_DOING = rx(
    r"(?:\b(?:you|u)(?:['’]re|\s+are|\s+r)?\s+|^(?:(?:and|so|oh|are|r)\s+)?)still\s+(?P<verb>[a-z]+ing)\s+(?P<old>[\w'-]+(?:\s+(?!for\b|to\b|at\b)[\w'-]+)?)"
    r"(?P<rest>\s+(?:for|to|at)\s+[\w\s'-]+?)?\s*\??$"
)
_STILL_FIRST = rx(r"^(?:(?:and|so|oh|are|r)\s+)?still\s")
_ADDRESSED = rx(r"\b(?:you|your|u|ur|you're|youre)\b")
# The reply: the new value, said with a word that makes it what holds now ("Oslo now!", "just tea these days",
# "not anymore, Porto since march", "still with Kellner").
_NOW_VALUE = rx(
    r"^(?:(?:yes|yeah|yep|yup|no|nope|nah|not\s+anymore|not\s+any\s+more|actually|oh|haha+|lol|well|ha)\b[\s,!.]*)*"
    r"(?P<still>(?:still|just|only|mostly)\s+)?(?:(?P<prep>in|at|with)\s+)?(?P<new>[\w'’&-]+(?:\s+[\w'’&-]+){0,2}?)"
    r"(?P<when>(?:\s+(?:now|these\s+days|nowadays|atm|rn|again|actually|since\s+[a-z0-9]+(?:\s+\d{4})?))*)"
    r"(?:\s+(?:lol|haha+|tho|though|obviously|ofc))*[!.]*$"
)
_SINCE = rx(r"since\s+[a-z0-9]+(?:\s+\d{4})?")


def _new_value(other: str, reply: str) -> list[str]:
    """ "I'm in Oslo now" for "how's life in Bergen treating you" / "Oslo now! moved in june"; "I'm using obsidian for
    notes now" for "are you still using Notion for notes?" / "obsidian now". The value must be of the kind the other
    named (a name for a name), and said as holding now (now, these days, since, still, just)."""
    first = _OPENING.sub("", _sentences(reply)[0][0]) if _sentences(reply) else ""
    m = _NOW_VALUE.match(_pieces(first)[0] if "," in first and not _NOW_VALUE.match(first) else first)
    if m is None and "," in first:
        m = next((n for p in _pieces(first)[1:2] if (n := _NOW_VALUE.match(p))), None)
    if m is None or not (m.group("when").strip() or m.group("still")):
        return []
    new, when = m.group("new"), m.group("when").strip()
    if _NOT_SO.search(new) or _SOMEONE_ELSE.search(new) or new.lower() in answers._NOT_NAMES:
        return []
    sentence = next((s for s, _ in reversed(_sentences(other)) if _ADDRESSED.search(s) or _STILL_FIRST.match(s)), None)
    if sentence is None:
        return []
    if d := _YOUR_DOING.search(sentence):
        if re.search(r"\d", new) or re.match(r"(?i)\s*(?:yes|yeah|yep|yup|ya)\b", reply):
            return []  # "still learning Italian?" / "yep, B1 now": the yes keeps Italian; B1 is a level, no value
        rest = (d.group("rest") or "").strip()
        return [re.sub(r"\s+", " ", f"I'm {d.group('verb').lower()} {new} {rest} {when or 'now'}").strip()]
    if (p := _YOUR_PLACE.search(sentence)) is None or not answers._is_place(new) or not new[:1].isupper():
        return []
    prep = (m.group("prep") or p.group("prep")).lower()
    if prep == "at" and not m.group("prep") and place_names.is_place_name(new):
        prep = "in"  # "still at Kellner?" / "nah, Oslo now": a city for an employer is the home, never the employer
    since = _SINCE.search(when)
    if prep == "in":
        return [f"I have lived in {new} {since.group()}" if since else f"I'm in {new} now"]
    return [f"I have worked at {new} {since.group()}" if since else f"I'm at {new} now"]


# ------------------------------------------------------------------------------------ a "yes" to "still ...?", unmarked

# "u still doing that commute every day", "emeka do u still have the telescope", "still vegan?": a durable state of
# the listener's, asked after with "still" (with or without its "?").
_STILL_Q = rx(
    r"^(?:(?:so|and|oh|wait|btw|hey|ok|okay|omg|lol)\b\W*)*(?:[a-z]+\W+(?=(?:do|d|are|r|you|u|still)\b))?"
    r"(?:(?P<do>(?:do|d)\s+(?:you|u))\s+|(?P<be>(?:are|r)\s+(?:you|u)|(?:you|u)(?:['’]re|r)?)\s+)?"
    r"still\s+(?P<rest>[a-z][\w'’&-]*(?:\s+[\w'’&-]+){0,5}?)\s*\?*$"
)
_YES_REPLY = rx(
    r"^(?:(?:the|that|my|a)\s+[\w'’-]+(?:\s+[\w'’-]+)?\?+\s*)?(?:haha+\s+|lol\s+|oh\s+)?"
    r"(?:yes|yeah|yep|yup|ya|ye|yh|obviously|ofc|of\s+course|always|sure|totally|definitely|i\s+do|i\s+am|still\s+am"
    r"|still\s+do)\b(?!\s*(?:,\s*)?(?:no|nah|but\s+not|and\s+no)\b)"
)
_TRANSIENT = rx(
    r"\b(?:tonight|today|tomorrow|later|this\s+(?:week|weekend|evening|morning|afternoon)|right\s+now|coming|going|"
    r"up\s+for|on\s+for|down\s+for|free|busy|around|awake|up|alive|there|here|ok|okay|alright|sick|ill|hungry|tired|"
    r"mad|angry|upset|annoyed|sad|waiting|home|online|in\s+bed|at\s+(?:home|work|the\s+(?:office|pub|bar|party|gym|"
    r"station|airport|hospital))|on\s+(?:the\s+)?(?:train|bus|way|phone)|joining|meeting|doing\s+(?:ok|okay|alright)|"
    r"thinking|considering|planning|hoping|looking|trying|waiting|it|that|this|"
    # a project or a mending with an end ("still training for the marathon?", "still recovering?"), a want
    # ("still need a lift?"), a plan ("still at Kellner next month?")
    r"training\s+for|preparing|revising|recovering|healing|renovating|redoing|fixing|packing|moving|staying|visiting|"
    r"travell?ing|applying|searching|hunting|interviewing|queu(?:e|ing)|need|needs|want|wants|fancy|got|next|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|weekend)\b"
)
# Where one is only for a while, said with a preposition and a common noun ("still in hospital?", "still on the
# waitlist?", "still at your mum's?"); a place by its name ("still at Kellner?") or a school ("still at uni?") lasts.
_STAY_PLACES = rx(r"^(?:in|at|on|with)\s+(?!(?:uni|university|college|school|sixth\s+form)\b)(?-i:[a-z])")
_STATES = rx(rf"^(?:{_DIETS}|single|married|engaged|sober|together|pregnant|retired|unemployed|freelance)$")
_LISTENERS = {"your": "my", "ur": "my", "yours": "mine", "urs": "mine"}


def _passing(rest: str) -> bool:
    """Whether what a "still" question asks after is a moment, not a lasting state: "still coming tonight?",
    "still awake?", "still at the pub?", "still at Kellner next month?" (a plan); "still using Notion or did you
    switch?" (which half a yes is for is not said)."""
    return bool(_TRANSIENT.search(rest) or _STAY_PLACES.match(rest) or " or " in rest)


# "are you in hospital?", "you at Kellner next month?": being somewhere, asked without "still".
_BE_SOMEWHERE_Q = rx(r"^(?:(?:are|r)\s+(?:you|u)|(?:you|u))\s+(?P<rest>(?:in|at|on)\s+.+)$")
# Where a stay has an end whatever its words: a ward, a cure, a bed.
_PASSING_PLACE = rx(r"^(?:in|at)\s+(?:the\s+)?(?:hospital|a&e|icu|rehab|quarantine|isolation|bed|hospice)\b")


def asks_passing(question: str) -> bool:
    """Whether a question asks after a passing state or a time ahead, which a yes cannot make a lasting fact of:
    a "still ...?" as ``_still_confirmed`` refuses it ("still in hospital?" / "yes"; "still at Kellner next
    month?" / "yep"), or being somewhere for a while or later ("are you in hospital?", "are you at Kellner next
    month?"). Other questions ("are you in a band?", "are you moving to Oslo next month?") are left as asked."""
    asked = question.strip(" ?!.")
    if m := _STILL_Q.match(asked):
        return _passing(m.group("rest"))
    m = _BE_SOMEWHERE_Q.match(asked)
    return m is not None and bool(_PASSING_PLACE.match(m.group("rest")) or _TRANSIENT.search(m.group("rest")))


def _still_confirmed(other: str, reply: str) -> list[str]:
    """ "I still have the telescope" for "emeka do u still have the telescope" / "the dobsonian? yeah, in the garage";
    "I'm still at Kellner now" for "u still at Kellner?" / "yep". Only a "still" question: a state that lasts."""
    question = _question(other)
    m = _STILL_Q.match(question.strip(" ?!.")) if question else None
    if m is None or not _YES_REPLY.match(reply.strip()) or answer_time.stay_ends(other, reply):
        return []  # "still in Paris? how's the trip" / "yes, till sunday": a stay
    if _passing(m.group("rest")):
        return []  # a moment, a plan or an either-or: no lasting state
    if re.search(r"(?i)\b(?:my|mine|our|ours|me|us)\b", m.group("rest")):
        return []  # "do u still have my charger": the asker's thing, not the listener's
    rest = " ".join(_LISTENERS.get(w.lower(), w) for w in m.group("rest").split())
    if re.search(r"(?i)\b(?:you|u|him|her|them)\b", rest) or _NOT_SO.search(rest):
        return []
    first = rest.split()[0].lower()
    if m.group("do"):
        return [f"I still {rest}"]
    if first in ("in", "at") and re.search(r"\s(?-i:[A-Z])", rest):
        return [f"I'm {rest} now"]  # "still at Kellner?": the frames read "I'm at Kellner now"
    base = frames.base_of_gerund(first) if first.endswith("ing") else None
    if base:  # "still running?" / "yep": "I still run" (the frames read a present, not "I'm still running")
        return [f"I still {base} {' '.join(rest.split()[1:])}".strip()]
    be = (m.group("be") or "").lower()
    said_be = be.startswith(("are", "r ")) or "'" in be or "’" in be or be in ("ur", "youre")
    if said_be or first in ("in", "at", "with", "on", "a", "an", "the") or _STATES.match(first):
        return [f"I'm still {rest}"]
    if frames.base_of_gerund(frames.gerund(first)) != first:
        return []  # "still hungover?", "still stuck in traffic?": a word that is no verb is a passing state
    return [f"I still {rest}"]  # "you still play the cello": a verb, not a state


# What the other speaker or the assistant asked about: the speaker's employer, work, or self.
_EMPLOYER_ASKED = rx(
    r"\b(?:who\s+(?:do|d)\s+(?:you|u)\s+work\s+for|(?:which|what)\s+(?:company|firm|agency|employer|hospital|school"
    r"|restaurant|shop|studio|bank|practice)\s+(?:are|r|do)\s+(?:you|u)\s+(?:at|with|work\s+(?:for|at|in)|working\s+(?:for|at)))"
)
_WORK_ASKED = rx(
    r"\b(?:(?:your|ur|the)\s+(?:new\s+)?(?:job|work|gig|role|position|apprenticeship|internship|placement|residency)"
    r"\b(?!\s+(?:of|for)\b)"
    r"|what\s+(?:do|d)\s+(?:you|u)\s+do\b|what(?:'s|s|\s+is)\s+(?:your|ur)\s+(?:job|line\s+of\s+work)"
    r"|where\s+(?:are|r)\s+(?:you|u)\s+working|(?:where|who)\s+(?:do|d)\s+(?:you|u)\s+work)"
)


# A question about others than the one who answers: "does anyone in the family have allergies", "is she vegan".
_OTHERS_ASKED = rx(
    r"\b(?:anyone|anybody|someone|everyone|family|kids|children|guests|friends|he|she|they|his|her|their|him|them)\b"
)


# "where are you going?", "where to?", "where are u off to": after news of leaving, the next place, work or home.
_WHERE_TO_ASKED = rx(
    r"\bwhere\s+(?:(?:are|r)\s+(?:you|u)\s+(?:going|headed|heading|off\s+to|moving\s+to|going\s+to)|to)\b"
)


def _named_workplace(reply: str, asked: str | None) -> list[str]:
    """ "Tandem & Spoke, the big place by the river. lead mechanic": a name said first and a job said after it, in
    an answer about where the speaker goes or works, make the job at that place."""
    if asked not in ("work", "employer", "where-to"):
        return []
    pieces = [p for sentence, asks in _sentences(reply) if not asks for p in _pieces(_OPENING.sub("", sentence))]
    first = _TRAILING.sub("", pieces[0]) if pieces else ""
    if not re.fullmatch(_NAME, first) or not answers._is_place(first) or answers._is_name(first) and len(pieces) < 2:
        return []
    for piece in pieces[1:]:
        m = _JOB_ITEM.match(_TRAILING.sub("", piece))
        if m and _is_job(m.group("job"), m.group("head")) and not _NOT_SO.search(piece):
            return [f"{_works_as(m.group('job'))} at {first}"]
    return []


def _asked_about(other: str) -> str | None:
    question = _question(other)
    if _ABOUT_YOU.search(other):
        return "you"
    others = question is None or _SOMEONES.search(question) or _OTHERS_ASKED.search(question)
    if not others and _ALLERGY_ASKED.search(question or ""):
        return "allergy"
    if not others and _DIET_ASKED.search(question or ""):
        return "diet"
    if question is None or _SOMEONES.search(question) or re.search(r"(?i)\b(?:your|ur)\s+[a-z]+['’]s\b", question):
        return None  # "how's Jo's new job", "how's your sister's job": someone else's
    if _EMPLOYER_ASKED.search(question):
        return "employer"
    if _WORK_ASKED.search(question):
        return "work"
    if _WHERE_TO_ASKED.search(question):
        return "where-to"
    return None


# ----------------------------------------------------------------------------------------------------------------- all

# Words each form cannot do without, tested on the lowered text (one search each) before any of its patterns runs:
# most messages have none of them, and the extractor's cost must stay flat.
_NOW_WORDS = re.compile(r" now|days|since|still|just|again")
_ASKING_WORDS = re.compile(
    r"about|introduce|who|allerg|diet|food|eat|job|work|gig|role|position|apprentic|intern|placement|residen|what|where|which"
)
_LISTED = re.compile(r"[,;:]| [-–—] ")
_WEEK_WORDS = re.compile(r"mon|tue|wed|thu|fri|sat|sun|every|week|daily|morning|evening")
_WITHOUT_WORDS = re.compile(r"without|w/o|sober|free| no | off ")
_DIET_WORDS = re.compile(r"veg|pesc|halal|kosher|keto|paleo|teetotal|celiac|coeliac|gluten|dairy|lactose")


def statements(
    reply: str, other: str | None = None, asker: str | None = None, said_before: str | None = None
) -> list[str]:
    """First-person statements the reply's verbless fragments stand for, read with ``other`` (the other speaker's
    or the assistant's turn it follows, if any, and ``asker`` its speaker's name) or ``said_before`` (the same
    speaker's message just before); [] when no fragment is framed."""
    if said_before and "*" in reply:
        return _corrected(said_before, reply)
    said: list[str] = []
    if other and (name_first := _BARE_NAME.match(reply.strip())) and name_first.group("name")[:1].isupper():
        said += _named_own(other, reply, asker)
    lowered = f" {reply.lower()} "
    other_lowered = other.lower() if other else ""
    if other and _NOW_WORDS.search(lowered):
        said += _new_value(other, reply)
    if other and "still" in other_lowered:
        said += _still_confirmed(other, reply)
    asked = _asked_about(other) if other and _ASKING_WORDS.search(other_lowered) else None
    asked_commute = "commut" in lowered or "commut" in other_lowered
    listed = bool(_LISTED.search(lowered))
    week, without = listed and bool(_WEEK_WORDS.search(lowered)), bool(_WITHOUT_WORDS.search(lowered))
    diet = asked in ("diet", "allergy") or bool(_DIET_WORDS.search(lowered))
    headline, card = "new" in lowered, listed or asked in ("you", "work", "employer")
    if not (asked or asked_commute or week or without or diet or headline or card):
        return said  # no label, list, count or asked-about frame: nothing to complete
    said += _named_workplace(reply, asked)
    earlier, label = "", None
    for sentence, asks in _sentences(reply):
        earlier_now, earlier = earlier, f"{earlier} {sentence}"
        if asks:
            label = None
            continue
        if label:
            said += _headline(f"new {label}: {sentence}")
        label = m.group("label") if headline and (m := _LABEL_ONLY.match(sentence)) else None
        said += (headline and _headline(sentence)) or (_card(sentence, asked) if card else [])
        said += _week(sentence) if week else []
        said += _without(sentence) if without else []
        said += _commute(sentence, asked_commute) if asked_commute and "from" in lowered else []
        said += _diet(sentence, asked, earlier_now) if diet else []
    return list(dict.fromkeys(said))
