"""Whether a fact that reads well is worth storing, and is the speaker's: the check after ``well_formed``.

``well_formed`` rejects fragments by their shape. Some wrong facts have a good shape and are still wrong
(issue #12, "prefer saying nothing to saying something wrong"); they fall into a few classes, each read
here from the words of the fact (and, for two of them, of the message), never from a list of sentences:

* **passing or trivial**: a bodily or mental state of the moment ("has a headache", "is feeling sick") or a
  one-off everyday act ("took a nap", "watched a documentary", "bought a new pair of socks"). A durable
  fact is about identity, home, work, family, health conditions, habits, belongings that matter and
  tastes; a state of the day and a chore are not. The lexicons name the *kind of thing* (a passing
  ailment, an everyday consumable or pastime), so a new phrasing of the same act is caught;
* **not the user**: an organisation said with "we" ("we're a 12-person agency" is not "The user is an
  agency"), a number of things ("The user is 140 cows"), what "my company" does said as the user's own
  habit, a business said as a tool ("runs their cafe in Hebden Bridge" is no tool named Hebden);
* **not in earnest**: a boast mocked in the same breath ("yeah I'm a world-class chef, I can boil water"),
  a request to the assistant read as the user's habit ("just write normal paragraphs"), a daydream carried
  across "and" ("imagine if I quit and opened a surf shop");
* **garbled residue**: a comment clause left after a comma ("plays the oud, been their hobby", "had a
  stroke, mostly recovered now"), an object that only points ("has been here ever since", "reads them on
  their phone"), a relative with no verb ("has their boyfriend"), a possessive determiner left as a name
  ("hat sich getrennt von Meine"), a state said as a point in time ("has been in recovery on 2024-11-20").

Where the cut-off part was only chat, the fact is repaired (the comment clause is cut, the dangling
"von Meine" removed, the point in time said as a start); otherwise the fact is dropped. Pure functions.
"""

from __future__ import annotations

import re
from functools import lru_cache

from shared.providers.offline import frames
from shared.providers.offline.clauses import BASE_VERBS
from shared.providers.offline.text_forms import third_singular
from shared.providers.offline.text_forms import words as _words

# Who an English fact is about and its main verb: "The user", a speaker's name, "The user's team".
_HEAD = re.compile(r"^(?P<subject>(?:The user|[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,2})(?:['’]s\s+team)?)\s+(?P<rest>.+)$")
# What the rules append and the checks leave alone: a stated time, a context ("(at work)").
_TAIL = re.compile(
    r"(?:\s*\([^()]*\)|\s+(?:on|in|since|from|until|by)\s+(?:the\s+(?:week|weekend)\s+of\s+)?\d{4}(?:-\d{2}){0,2}"
    r"|\s+at\s+\d{1,2}(?::\d{2})?(?:\s*[ap]m)?)+$",
    re.IGNORECASE,
)


_LOWER_WORD = re.compile(r"[a-z][a-z'-]*")
_ANY_WORD = re.compile(r"[\w'-]+")
_BRACKETED = re.compile(r"\([^()]*\)")
_TITLE_AFTER_VERB = re.compile(r"^\w+\s+(?:to\s+)?[A-Z]")


def _split_tail(text: str) -> tuple[str, str]:
    tail = _TAIL.search(text)
    return (text[: tail.start()], tail.group(0)) if tail else (text, "")


# --- passing states ---------------------------------------------------------------------------------------

# Ailments of a day or a week: said of oneself with "have" they are the moment's, not a condition. A
# condition is said with "chronic", in the plural ("gets migraines"), or by its own name ("asthma").
_PASSING_AILMENTS = (
    r"headache|hangover|cold|flu|fever|temperature|sore\s+throat|stomach\s*ache|tummy\s*ache|belly\s*ache"
    r"|toothache|earache|backache|cramp|cramps|hiccups|jet\s*lag|migraine|nosebleed|sunburn|blister|bruise"
    r"|splinter|stiff\s+neck|runny\s+nose|blocked\s+nose|cough|bug|stomach\s+bug|tummy\s+bug|sniffles|cold\s+sore"
    r"|(?:chest|ear|eye|sinus|throat|tooth|kidney|bladder|skin)\s+infection|infection|uti|covid|norovirus|tonsillitis"
)
_HOW_BAD = r"(?:(?:bad|terrible|awful|splitting|massive|huge|killer|horrible|mild|slight|little|nasty|stinking|raging"
_HOW_BAD += r"|pounding|throbbing|horrendous|brutal|wicked|light|heavy|real|proper|bit\s+of\s+a)\s+)*"
_AILMENT_NOW = re.compile(
    r"^(?:has|had|is\s+having|has\s+got|got|is\s+nursing|caught)\s+(?:(?:a|an|the|some)\s+)?"
    + _HOW_BAD
    + rf"(?:{_PASSING_AILMENTS})\b",
    re.IGNORECASE,
)
_LASTING = re.compile(r"\b(?:chronic|recurring|recurrent|persistent|constant|frequent|cluster|regular|every|often)\b")
# How one feels at the moment, with nothing else said: "is starving", "is so tired", "is feeling sick".
_PASSING_MOODS = _words(
    "tired exhausted knackered shattered sleepy drowsy hungry starving famished thirsty bored hungover sick ill "
    "poorly unwell queasy nauseous dizzy sore achy stiff jetlagged cold freezing hot sweaty drunk tipsy stuffed "
    "full grumpy cranky stressed frazzled restless wired buzzing awake asleep late early busy swamped"
)
_MOOD_NOW = re.compile(
    r"^is\s+(?:feeling\s+(?:\w+\s*)+$|(?:(?:so|very|really|super|kinda|kind\s+of|a\s+bit|a\s+little|pretty|quite"
    r"|absolutely|totally|completely|utterly|soo+)\s+)*(?P<mood>[a-z]+)$)",
    re.IGNORECASE,
)


_MONTH_OR_YEAR = re.compile(r"\bin\s+\d{4}(?:-\d{2})?\b(?!-)")


def _passing_state(rest: str) -> bool:
    if _AILMENT_NOW.match(rest) and not _LASTING.search(rest):
        return True
    mood = _MOOD_NOW.match(rest)
    return bool(mood) and (mood.group("mood") is None or mood.group("mood").lower() in _PASSING_MOODS)


# --- one-off everyday acts --------------------------------------------------------------------------------

# The verbs of a one-off act as the rules write it (past tense; "has" where "bought" became owning).
_ONE_OFF_VERBS = _words(
    "took had bought watched ate drank made cooked burned burnt did went listened read ordered got cleaned washed "
    "tidied baked grabbed picked finished played binged streamed tried sent wrote called texted booked has"
)
# Everyday things whose having, doing or buying is the day's, not the person's: food and drink, rest and
# chores, a show or a clip watched, small purchases. The head noun of the object decides ("a coffee machine"
# is a machine; "a documentary about octopuses" is a documentary).
_TRIVIAL_THINGS = _words(
    "nap naps snooze shower showers bath walk stroll run jog swim coffee coffees tea teas beer beers pint pints drink "
    "drinks snack snacks sandwich sandwiches toast pizza burger burgers takeaway takeout lunch breakfast dinner brunch "
    "supper meal meals pancakes cereal salad soup cake cookie cookies biscuit biscuits crisps chips fries noodles "
    "curry lasagne lasagna pasta spaghetti risotto stew omelette omelet porridge toastie bagel croissant muffin "
    "brownies smoothie juice wine cocktail cocktails "
    "curry milk bread eggs groceries shopping socks sock t-shirt tshirt umbrella charger pen pens batteries "
    "documentary documentaries movie movies film films episode episodes show shows video videos podcast podcasts "
    "article articles laundry dishes washing hoovering vacuuming ironing kitchen bathroom haircut trim manicure "
    "selfie selfies photo photos email emails text texts message messages nap lie-in bus train taxi uber case "
    "cable mug"
)
# A title watched, read or heard ("watched Oppenheimer last night") is the evening's, whatever its name.
_VIEWING_VERBS = _words("watched read listened binged streamed saw")
# Things one watches: trivial when watched (or had on, finished), never when played, made or given.
_SEEN_THINGS = _words("documentary documentaries movie movies film films episode episodes show shows video videos")
_SEEN_THINGS |= _words("podcast podcasts article articles")
_ONE_OFF_SEEING = _words("had finished got tried")
# A word that counts what follows it: "a pair of socks" is socks, "three episodes of" is episodes.
_MEASURES = _words("pair pairs cup cups mug mugs bowl bowls slice slices glass glasses bottle bottles piece pieces")
_MEASURES |= _words("plate plates bit bunch couple lot lots load loads box boxes bag bags packet packets can cans")
_NP_STOP = _words(
    "about of with at on in for after before from to during this that while because and but or by near until till"
)
_SKIPPED = _words("a an the some my their his her our your its this that these those new old quick little few")
_SKIPPED |= _words("for to out up way too much many lots two three four five six several couple another nice")


def _head_noun(words: list[str]) -> str | None:
    """The last word of the object's noun phrase: "a new pair of socks" -> "socks"; "a documentary about X" ->
    "documentary"; "for a walk after work" -> "walk"."""
    head = None
    for word in words:
        if word in _NP_STOP and head is not None:
            if word == "of" and head in _MEASURES:
                head = None
                continue
            break
        if word in _SKIPPED and head is None:
            continue
        head = word
    return head


def _trivial_act(rest: str, slot: str) -> bool:
    kind = slot.split(":", 1)[0]
    if kind not in ("event", "past", "own"):
        return False
    words = _LOWER_WORD.findall(rest.lower())
    if not words or words[0] not in _ONE_OFF_VERBS or (words[0] == "has" and kind != "own"):
        return False
    if kind == "event" and words[0] in _VIEWING_VERBS and _TITLE_AFTER_VERB.match(rest):
        return True
    head = _head_noun(words[1:])
    if head in _SEEN_THINGS and words[0] not in _VIEWING_VERBS | _ONE_OFF_SEEING:
        return False  # "played a show at a pub", "made a documentary": what one makes or performs is no evening in
    return head in _TRIVIAL_THINGS


# --- not the user ---------------------------------------------------------------------------------------

# What a "we" may be that a person never is: a business, an organisation, a product.
_ORGANISATIONS = _words(
    "agency agencies company companies startup start-up business firm saas consultancy nonprofit non-profit charity "
    "ngo shop store studio brand platform marketplace app co-op cooperative collective organisation organization "
    "cafe café restaurant bakery brewery distillery publisher label lab team outfit practice enterprise vendor "
    "supplier manufacturer retailer wholesaler reseller provider scaleup scale-up unicorn"
)
# What one runs as a business, besides the organisations above: "we run a small vineyard in the Douro".
_BUSINESSES = _ORGANISATIONS | _words(
    "farm vineyard winery pub bar hotel salon clinic guesthouse hostel gym b&b bnb nursery kennels garage stall"
)
_A_THING = re.compile(r"^(?:is|was)\s+(?:a|an|the)\s+(?P<np>[^,;()]+)", re.IGNORECASE)
_NP_END = re.compile(
    r"\s+(?:for|in|at|on|with|from|of|that|which|who|called|named|based|doing|making|building|selling|working"
    r"|helping|specialising|specializing|focused|run|owned|and|but|since)\b.*$|\s+[a-z]+ing\b.*$",
    re.IGNORECASE,
)
# A count of things that is no measure of a person: "The user is 140 cows in County Cavan".
_IS_A_COUNT = re.compile(r"^is\s+(?:about\s+|around\s+|over\s+)?\d[\d,.]*\s*(?P<unit>[a-z]+)", re.IGNORECASE)
_PERSON_MEASURES = _words(
    "years year yrs yr yo months month weeks week days day foot feet ft cm m kg kgs kilos lbs pounds stone st "
    "inches in hours minutes percent st nd rd th"
)


def _a_count_of_things(rest: str) -> bool:
    count = _IS_A_COUNT.match(rest)
    return bool(count) and count.group("unit").lower() not in _PERSON_MEASURES


def _organisation_kind(head: str) -> str:
    """What a "we" that is a business is called in the fact: a team or a lab by its name, a charity an
    organisation, any other business a company."""
    if head in ("team", "lab", "studio", "band"):
        return head
    if head in ("nonprofit", "non-profit", "charity", "ngo", "collective", "co-op", "cooperative"):
        return "organisation"
    return "company"


def as_the_users_organisation(text: str, slot: str | None) -> tuple[str, str] | None:
    """ "The user is a 12-person agency doing Shopify builds" (from "we're a ...") -> "The user's company is a
    12-person agency doing Shopify builds", on the company's slot; a business read as a tool ("The user's team runs
    their cafe in Hebden Bridge") -> "The user runs their cafe in Hebden Bridge". None when the fact is neither."""
    found = _HEAD.match(text)
    if not found:
        return None
    subject, rest = found.group("subject"), found.group("rest")
    who = subject.removesuffix("'s team").removesuffix("’s team")  # "The user", or the speaker's name
    if who == subject and (thing := _A_THING.match(rest)):
        np = _NP_END.sub("", thing.group("np")).strip().lower().split()
        if np and np[-1] in _ORGANISATIONS:
            kind = _organisation_kind(np[-1])
            return f"{who}'s {kind} {rest}", f"own:{kind}"
    if _business_as_tool(rest, slot or ""):
        business = _RUNS.match(rest)
        noun = next(w for w in business.group("np").lower().split() if w in _BUSINESSES) if business else "business"
        return f"{who} {rest}", f"own:{noun}"
    return None


# "our company makes X", "my startup builds Y": the organisation's work, which the rules may restate as the
# user's own habit ("The user makes firmware for e-bike motors").
_NOUNS = "|".join(sorted((re.escape(w) for w in _ORGANISATIONS), key=len, reverse=True))
_ORGANISATION_SUBJECT = re.compile(
    rf"\b(?:my|our)\s+(?:[\w-]+\s+)?(?P<noun>{_NOUNS})\s+(?:(?:mostly|mainly|also|just|basically|now|still)\s+)?"
    r"(?P<verb>[a-z]+)\b",
    re.IGNORECASE,
)


def organisation_did(message: str, text: str, slot: str | None) -> tuple[str, str] | None:
    """A fact "The user <verb>s ..." whose verb the message gives to "my company", "our startup": the
    organisation's, said so ("The user's company makes firmware ..."), on a slot of its own. None when the
    verb is the user's. A tool the team uses is the user's tool too ("our team uses Jira")."""
    found = _HEAD.match(text)
    if not found or "'s" in found.group("subject") or (slot or "").startswith("tool:"):
        return None
    verb = found.group("rest").split()[0].lower()
    for said in _ORGANISATION_SUBJECT.finditer(message):
        if said.group("verb").lower() == verb:
            noun = said.group("noun").lower()
            key = (slot or "").partition(":")[2] or verb
            return f"{found.group('subject')}'s {noun} {found.group('rest')}", f"own:{noun}-{key}"
    return None


# A tool slot whose object is a business ("runs their cafe in Hebden Bridge"): the place was read as a tool.
_RUNS = re.compile(r"^(?:runs|owns|has\s+run|ran)\s+(?:their|a|an|the)\s+(?P<np>[\w-]+(?:\s+[\w-]+)?)", re.IGNORECASE)


def place_as_tool(text: str, slot: str | None) -> bool:
    """A tool slot named by a word said as a place ("ships furniture across Europe" -> tool:europe, "a vineyard in
    the Douro" -> tool:douro): the name follows a preposition of place, which no tool takes."""
    if not slot or not slot.startswith("tool:"):
        return False
    key = slot.split(":", 1)[1].split("@")[0].split("-")[0]
    return bool(
        key
        and re.search(
            rf"\b(?:across|around|throughout|all\s+over|near|in\s+the|on\s+the|outside)\s+{re.escape(key)}\b",
            text,
            re.IGNORECASE,
        )
    )


def _business_as_tool(rest: str, slot: str) -> bool:
    found = _RUNS.match(rest) if slot.startswith("tool:") else None
    return bool(found) and any(w.lower() in _BUSINESSES for w in found.group("np").split())


# --- garbled residue --------------------------------------------------------------------------------------

# A comment left after a comma that is no part of the fact: "been their hobby since uni", "mostly recovered
# now", "no more glasses", "nothing serious", "all good now".
_RESIDUE = re.compile(
    r",\s*(?:(?:and|but|so)\s+)?(?:been\b|being\b"
    r"|(?:(?:mostly|fully|almost|nearly|all|finally|much|totally|completely|pretty\s+much)\s+)?"
    r"(?:recovered|healed|better|fine|good|ok|okay|sorted|over\s+it)(?:\s+now)?\s*$"
    r"|[a-z]+ing\s+(?:much\s+|a\s+lot\s+|way\s+|loads\s+)?(?:better|fine|well|ok|okay|again|normally|great)\b"
    r"|no\s+more\s+\w+"
    r"|(?:done|did|completed|finished|ran|run|read|visited|been\s+to)\s+(?:about\s+|over\s+|like\s+)?\d+\b"
    r"|nothing\s+(?:serious|fancy|special|major|big|much|crazy|professional)\b"
    r"|not\s+(?:professionally|seriously|competitively)\b)"
    r".*$",
    re.IGNORECASE,
)
# "now" closing a present fact adds nothing a stored fact can use ("works nights at the depot now").
_CLOSING_NOW = re.compile(r"\s+now$", re.IGNORECASE)
# A word of talk closing the fact is no part of its value ("is allergic remember", "lives in Leeds tho").
_CLOSING_TALK = re.compile(
    r"(?:\s+(?:remember|btw|fyi|lol|lmao|haha+|tho|though|ok|okay|right|obviously|ofc))+$", re.IGNORECASE
)

# An object that only points: "here", "there", "ever since" name no place and no thing.
_POINTING = _words("here there ever since now then")
_FUNCTION = _words(
    "a an the of to in on at for with from by about as is are was were be been being has have had do does did "
    "it its them their they this that these those and or but so not no"
)
# An object that is a pronoun whose antecedent the fact does not carry: "reads them on their phone".
_DANGLING = _words("them it these those him")
_CLAUSE_AHEAD = _words("when whenever if that how because while")
# A relative with no verb between: "The user has their boyfriend", from "moving in with my boyfriend".
_RELATIVE_HAD = re.compile(
    r"^has\s+their\s+(?:(?:little|big|older|younger|new)\s+)?(?:boyfriend|girlfriend|partner|husband|wife|fianc[ée]e?"
    r"|parents|mum|mom|mother|dad|father|brother|sister|kids|children|son|daughter|grandparents|grandma|grandpa"
    r"|family|in-laws|flatmates?|roommates?)\b",
    re.IGNORECASE,
)
# A state held since a time, written as if at that time: "has been in recovery on 2024-11-20".
_STATE_AT_POINT = re.compile(
    r"^(?P<head>.+?)\s+has\s+been\s+(?!to\b)(?P<state>(?:(?!until|till|but|when|before|after|and|because|since)\w+\s+){0,3}?\w+)\s+(?:on|in)\s+(?P<when>\d{4}(?:-\d{2}){0,2})$",
)
# A possessive determiner or article left where a name or a noun belongs, after a preposition, at the end of a
# fact in another language ("hat sich getrennt von Meine", "vive con mi").
_FOREIGN_DANGLING = re.compile(
    r"\s+(?:von|mit|zu|bei|für|de|con|com|avec|à|a|di|da|en|em|par|per|por|para)\s+"
    r"(?:mein|meine|meinen|meinem|meiner|dein|deine|sein|seine|ihr|ihre|mon|ma|mes|ton|ta|son|sa|mi|mis|tu|su|mio"
    r"|mia|miei|mie|meu|minha|meus|minhas|der|die|das|le|la|les|el|los|las|il|lo|gli|o|os|as)\s*$",
    re.IGNORECASE,
)
_FOREIGN_LAST = _words(
    "mein meine meinen meinem meiner dein deine sein seine mon ma mes ton ta mi mis mio mia miei mie meu minha "
    "meus minhas der die das den dem ein eine le la les el los las il lo gli un une una von mit zu de con com "
    "avec di da en em par per por para"
)
# Words of that list that are a noun in a language: Spanish "mes" is a month ("dos veces al mes"), not French "my".
_FOREIGN_LAST_NOUNS = {"es": frozenset({"mes"})}


# An adverb the rules took for the verb and inflected ("The user onlies drink oat milk", "seldoms cook",
# "religiouslies run 5k", "sorts of work in finance"): the adverb, then the verb it stood before.
_ADVERBS_NOT_LY = _words("only even just also still seldom never ever often sort kind pretty almost")
_INFLECTED_ADVERB = re.compile(
    r"^(?P<subject>.+?)\s+(?P<adverb>[a-z]+(?:lies|ies|s))(?P<more>(?:\s+(?:of|ever|ever\s+really))?)\s+"
    r"(?P<verb>[a-z]+)\b(?P<rest>.*)$"
)


def _adverb_as_verb(text: str) -> tuple[str, str, str] | None:
    """(fact, adverb, verb) with an adverb read as the verb put back before its verb; None if there is none."""
    found = _INFLECTED_ADVERB.match(text)
    if not found or not _HEAD.match(text) or found.group("subject") != _HEAD.match(text).group("subject"):
        return None
    said = found.group("adverb")
    adverb = said[:-3] + "y" if said.endswith("lies") else said[:-1]
    verb = found.group("verb")
    if not (adverb.endswith("ly") or adverb in _ADVERBS_NOT_LY) or verb not in BASE_VERBS:
        return None
    fact = f"{found.group('subject')} {adverb}{found.group('more')} {third_singular(verb)}{found.group('rest')}"
    return fact, adverb, verb


def adverb_read_as_verb(text: str) -> tuple[str, str] | None:
    """(adverb, verb) when the fact took an adverb for its verb (see above), else None."""
    found = _adverb_as_verb(text)
    return (found[1], found[2]) if found else None


def adverb_slot(slot: str | None, adverb: str, verb: str) -> str | None:
    """ "habit:onlying-drink-oat" -> "habit:drinking-oat": the activity named by its verb, not by the adverb."""
    if not slot or not slot.startswith("habit:"):
        return slot
    parts = [p for p in slot.split(":", 1)[1].split("-") if not p.startswith(adverb) and p not in ("of", "ever")]
    return "habit:" + "-".join(frames.gerund(verb) if p == verb else p for p in parts)


# A word the cut left dangling at the end: a "since" whose time was not read ("has been freelancing since",
# "wears a retainer since the braces came off"), or "along", "straight", "in a row" whose phrase was cut ("along
# with half the team", "for 400 days straight"). What is left still says the fact.
_DANGLING_SINCE = re.compile(
    r"\s+(?:ever\s+)?since(?:\s+(?:the|their|a|an|his|her)\s+[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2})?$"
)
_DANGLING_ADVERB = re.compile(r"\s+(?:along|straight|in\s+a\s+row)$")
# A second clause the value swallowed: an exception for someone else ("... except for their son who still eats
# chicken"), a later state ("..., then days again"), a clause whose verb the rules never restated ("no longer
# smokes and still chew gum": "chew" has no "s", so it is not the user's as written).
_SWALLOWED = re.compile(
    r"\s+except\s+(?:for\s+)?(?:their|his|her)\s+[a-z][\w'-]*\b.*$"
    r"|,\s*then\s+.*$"
    r"|\s+(?:and|but)\s+still\s+(?P<verb>[a-z]+)\b.*$"
)


# The first name of a list after a colon: the list was cut at its first comma ("has three chickens: Beryl").
_LIST_HEAD = re.compile(r":\s+[A-Z][\w'-]*$")
# A rank of child said without "child" ("has an oldest named Selin"): the noun the rank stands for is put back.
_RANK_NAMED = re.compile(r"^(?P<head>.+?\shas\s+an?\s+(?:oldest|eldest|youngest|middle))\s+(?=named\s)")
# "back" left before a context the rules read from the phrase after it ("played bass in a ska band back in uni"
# -> "... back (for their studies)").
_BACK_BEFORE_CONTEXT = re.compile(r"\s+back$")


def _cut_half_read(head: str, tail: str = "") -> str:
    """The fact without a dangling end or a swallowed clause (see above); unchanged where the cut would leave the
    verb alone ("gets along") or the clause is the user's ("is 94 and still lives alone")."""
    swallowed = _SWALLOWED.search(head)
    if swallowed and not (swallowed.group("verb") or "").endswith("s"):
        head = head[: swallowed.start()]
    since = _DANGLING_SINCE.search(head)
    if since and len(head[: since.start()].split()) >= 3:
        head = head[: since.start()]
    adverb = _DANGLING_ADVERB.search(head)
    if adverb and len(head[: adverb.start()].split()) >= 4:
        head = head[: adverb.start()]
    back = _BACK_BEFORE_CONTEXT.search(head) if tail.lstrip().startswith("(") else None
    if back and len(head[: back.start()].split()) >= 5:
        head = head[: back.start()]
    head = _RANK_NAMED.sub(r"\g<head> child ", head)
    return _LIST_HEAD.sub("", head)


@lru_cache(maxsize=8192)
def repaired(text: str, language: str) -> str:
    """The fact without the residue a cut left in it, where what is left still says the fact: a comment clause
    after a comma, a closing "now", a state written at a point in time, a dangling determiner (other
    languages). Unchanged when nothing is to be cut."""
    if language != "en":
        cut = _FOREIGN_DANGLING.sub("", text)
        return cut if cut != text and len(cut.split()) >= 3 else text
    if adverb := _adverb_as_verb(text):
        text = adverb[0]
    head, tail = _split_tail(text)
    head = _CLOSING_NOW.sub("", _CLOSING_TALK.sub("", _RESIDUE.sub("", _cut_half_read(head, tail)))).rstrip(" ,;")
    if (point := _STATE_AT_POINT.match(head + tail)) and not tail.strip().startswith("("):
        return f"{point.group('head')} is {point.group('state')} (since {point.group('when')})"
    return head + tail if _HEAD.match(head) else text


_ACRONYM = re.compile(r"\b[A-Z][A-Z0-9]{2,}s?\b")


@lru_cache(maxsize=4096)
def _acronyms(message: str) -> frozenset[str]:
    return frozenset(m.group(0) for m in _ACRONYM.finditer(message))


def cased_as_said(text: str, message: str) -> str:
    """The fact with an acronym the rules lower-cased written as it was said ("The user's etl" -> "ETL")."""
    for acronym in _acronyms(message):
        text = re.sub(rf"(?<![\w'-]){re.escape(acronym.lower())}(?![\w'-])", acronym, text)
    return text


def cut_words(before: str, after: str) -> list[str]:
    """The words a repair took out, for the slot to lose them too."""
    kept = set(_ANY_WORD.findall(after.lower()))
    return [w for w in _ANY_WORD.findall(before.lower()) if w not in kept]


@lru_cache(maxsize=8192)
def worth_keeping(text: str, slot: str | None, language: str, negated: bool) -> bool:
    """Whether a fact that reads well is one to store (see the module's docstring): not a passing state, not a
    one-off chore, not an organisation said as the user, no pointing object, no verbless relative."""
    if language != "en":
        last = re.findall(r"\w+", text)
        # a name the slot is keyed by ("... namens Mia" on "family:daughter:mia") is no dangling "mia"
        final = last[-1].lower() if last else ""
        if final in _FOREIGN_LAST_NOUNS.get(language, ()):
            return True
        return not last or final not in _FOREIGN_LAST or (slot or "").endswith(":" + final)
    found = _HEAD.match(text)
    if not found:
        return True
    rest, tail = _split_tail(found.group("rest"))
    slot = slot or ""
    # "had covid in January": an illness dated by its month or year is an episode to remember, where "had a cold
    # yesterday" (a day's date) is the week's news
    remembered = rest.startswith("had ") and _MONTH_OR_YEAR.search(tail)
    if not negated and ((_passing_state(rest) and not remembered) or _trivial_act(rest, slot)):
        return False
    if _a_count_of_things(rest) or _RELATIVE_HAD.match(rest) or place_as_tool(text, slot):
        return False
    if _half_read(text, rest):
        return False
    words = _LOWER_WORD.findall(_BRACKETED.sub(" ", rest).lower())
    if len(words) > 1 and all(w in _FUNCTION or w in _POINTING for w in words[1:]) and set(words[1:]) & _POINTING:
        return False  # "has been here ever since", "moved here"
    obj = words[1:]
    while obj and obj[0] in ("to", "up", "out", "off", "back"):
        obj = obj[1:]
    # "finds it hard to sleep", "hates it when you use emojis": an "it" that stands for what follows is no pointing
    ahead = len(obj) > 1 and obj[0] == "it" and (obj[1] in _CLAUSE_AHEAD or (len(obj) > 2 and obj[2] == "to"))
    return negated or not (obj and obj[0] in _DANGLING and not ahead)


# --- half read: a fact whose words are someone else's or point at nothing -------------------------------------

# A retraction with nothing retracted: the verb of ending, then at once a time or a cause ("stopped after the
# surgery", "quit because of the commute", "gave up last year"): what ended was said before, in another clause.
_ENDED_NOTHING = re.compile(
    r"^(?:stopped|quit|gave\s+up|left|dropped\s+out)\s+(?:after|before|when|once|because|since|during|last|this"
    r"|in\s+\d|a\s+(?:while|year|month|week|few)|(?:\w+\s+)?(?:years?|months?|weeks?|days?)\s+ago)\b",
    re.IGNORECASE,
)
# Someone else's word about the user, restated as if it were a fact ("The user's mom keeps telling people they
# are a doctor", "The user's flatmate thinks they are a spy"): a verb of saying or believing, then a clause about
# "they" (the user). It is a claim, often one the user denies; never a fact about either of them.
_CLAIM = re.compile(
    r"\b(?:(?:keeps|kept|always)\s+)?(?:telling|tells|told|says|said|saying|thinks|thought|reckons|insists|insisted"
    r"|claims|claimed|believes|swears|jokes|joked)\s+(?:(?:people|everyone|everybody|others|me|them|us|the\s+user"
    r"|their\s+\w+)\s+)?(?:that\s+)?(?:they|the\s+user|he|she)\s+(?:is|are|was|were|has|have|can|can't|cannot"
    r"|will|won't|isn't|aren't|never|always)\b",
    re.IGNORECASE,
)
# A pronoun for someone else in a fact about the user: the rules write the user as "they/their", so "her", "his",
# "him" is another person, who must be named before it ("works for Maria at her bakery", "has a son who ... his").
_THIRD_PERSON = re.compile(r"\b(?:her|his|him|hers|she|he)\b")
_PERSON_NOUNS = _words(
    "sister brother mum mom mother dad father parents wife husband partner girlfriend boyfriend gf bf fiance fiancee "
    "son daughter kid kids child children aunt uncle cousin niece nephew gran grandma grandpa nan grandmother "
    "grandfather grandson granddaughter friend friends flatmate roommate housemate neighbour neighbor boss manager "
    "colleague coworker mate bestie baby toddler teenager man woman guy girl boy lady client patient student "
    "father-in-law mother-in-law stepdad stepmom stepmum stepson stepdaughter dog cat horse"
)
# A placeholder noun after a demonstrative, with nothing after it: "dropped that idea for good", "loves that
# stuff". What it points at was said in another message; the fact names nothing.
_PLACEHOLDER = re.compile(
    r"\b(?:that|this|these|those)\s+(?:idea|ideas|plan|plans|thing|things|stuff|one|ones|option|route|way)"
    r"(?:\s+(?:for\s+good|anymore|altogether|entirely|completely|too|as\s+well))?$",
    re.IGNORECASE,
)


# A time of the week said as a tool ("uses Wednesdays for code freeze"): a day is when, never what, one uses.
_TIME_AS_TOOL = re.compile(
    r"^(?:uses|used)\s+(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?|weekends|weekdays|mornings"
    r"|evenings|nights|afternoons|lunchtimes)\b",
    re.IGNORECASE,
)


def _half_read(text: str, rest: str) -> bool:
    """A retraction of nothing, someone else's claim, someone else's pronoun with no one named before it, or a
    placeholder that points at nothing (see above)."""
    if _ENDED_NOTHING.match(rest) or _CLAIM.search(text) or _PLACEHOLDER.search(rest) or _TIME_AS_TOOL.match(rest):
        return True
    if not text.startswith("The user ") or not (pronoun := _THIRD_PERSON.search(rest)):
        return False
    before = rest[: pronoun.start()]
    named = re.search(r"(?<!^)\b[A-Z][a-z]+", before) or any(w in _PERSON_NOUNS for w in _LOWER_WORD.findall(before))
    return not named


# --- slots -------------------------------------------------------------------------------------------------

# Where one lives is a home, never a habit ("lives on a houseboat near Zaandam"); "lives on their own" is how.
_LIVES = re.compile(r"^lives\s+(?:on|in|at|aboard)\s+(?:a|an|the|their)\s+(?!own\b)", re.IGNORECASE)


# A level of skill said with "at" ("is a beginner at Python"): "at" names what one is good or new at, not where one
# works; on the employer slot it would replace the user's real employer.
_SKILL_AT = re.compile(
    r"^is\s+an?\s+(?:(?:complete|total|absolute|real|bit\s+of\s+an?)\s+)?"
    r"(?P<level>beginner|novice|newbie|noob|expert|amateur|natural|whiz|wizard|master|pro)\s+at\s+(?P<what>[\w.+#-]+)",
    re.IGNORECASE,
)


def reslotted(text: str, slot: str | None) -> str | None:
    """The slot a fact belongs on when the rules put it on one of another kind (see above)."""
    if slot == "employer" and (found := _HEAD.match(text)) and (skill := _SKILL_AT.match(found.group("rest"))):
        return f"trait:{skill.group('level').lower()}-{skill.group('what').lower()}"
    if slot and slot.startswith("habit:running-") and slot.split("-")[-1] in _BUSINESSES:
        return f"own:{slot.split('-')[-1]}"  # "runs the bakery": the user's business, not a pastime
    if not slot or not slot.startswith("habit:living"):
        return slot
    found = _HEAD.match(text)
    rest = found.group("rest") if found else ""
    if slot.startswith("habit:living") and _LIVES.match(rest):
        return "location"
    return slot


# --- not in earnest (read with the message) ---------------------------------------------------------------

# A boast no one means when it is mocked in the same breath.
_HYPERBOLE = re.compile(
    r"\b(?:world[- ]class|world[- ]famous|world'?s\s+(?:best|greatest)|award[- ]winning|michelin[- ]star(?:red)?"
    r"|genius|legendary|renowned|olympic|grandmaster|rockstar|rock\s+star|ninja|guru|millionaire|billionaire"
    r"|rocket\s+scientist|brain\s+surgeon|supermodel|superhero|celebrity\s+chef)\b",
    re.IGNORECASE,
)
_MOCKED = re.compile(
    r"(?:^|[.!?]\s*)\W*(?:(?:ha|hah|heh|pfft)\W+)?(?:oh\s+)?(?:yeah|yea|ya|sure|right|totally|obviously|clearly)\b"
    r"|\b(?:lol|lmao|haha\w*|jk|/s)\b|[\U0001F602\U0001F923\U0001F643\U0001F644\U0001F605]"
    r"|\bi\s+(?:can|could)\s+(?:barely|even|just|only|almost|successfully\s+)?\s*(?:boil|make|microwave|toast|burn"
    r"|cook|play|draw|count|type|spell|open|find|tie)\b"
    r"|\bthat'?s\s+why\b|\bnever\s+(?:compiles|works|wins)\b|\bcan'?t\s+even\b|\bnot\s+even\b",
    re.IGNORECASE,
)


def mocked_boast(message: str, text: str) -> bool:
    """ "yeah I'm a world-class chef, I can boil water without burning it": the fact holds a boast and the
    message mocks it (a mock "yeah", a laugh, a feat of the most ordinary kind). The feat said to mock it ("I'm a
    total fitness guru, I walked to the fridge twice today") goes with it: a fact whose words lie in the sentence
    that holds the mocked boast."""
    if not (_HYPERBOLE.search(message) and _MOCKED.search(message)):
        return False
    if _HYPERBOLE.search(text):
        return True
    keys = _fact_keys(None, text)
    for sentence in re.split(r"(?<=[.!?])\s+", message):
        if _HYPERBOLE.search(sentence) and _MOCKED.search(sentence):
            said = sentence.lower()
            if keys and all(k in said for k in keys[:3]):
                return True
    return False


# A request to the assistant, made of a bare verb: "just write normal paragraphs", "pls use metric". The verb
# is asked for after a word that asks ("just", "please", "always"), or at the head of a clause of a message
# that speaks to the assistant when it is a verb of answering ("write", "answer", "keep", "use", ...).
_ADDRESSED = re.compile(r"\b(?:you|your|u|pls|plz|please)\b", re.IGNORECASE)
_ASKING = r"(?:just|please|pls|plz|kindly|always|only|simply)\s+(?:(?:just|please|pls|always|only)\s+)*"
_ANSWERING_VERBS = _words(
    "write answer reply respond keep use give explain list format make add stop skip avoid talk speak say show send "
    "put include summarise summarize translate number bold"
)


def _bare(verb: str) -> str:
    """ "writes" -> "write", "tries" -> "try", "watches" -> "watch"; a verb without an s stays as it is."""
    if re.search(r"[^aeiou]ies$", verb):
        return verb[:-3] + "y"
    if re.search(r"(?:ch|sh|ss|x|z)es$", verb):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb


_ASKED_VERB = re.compile(rf"\b{_ASKING}(?P<verb>[a-z]+)\b", re.IGNORECASE)
_CLAUSE_HEAD_VERB = re.compile(r"(?:^|[,.;:!?]\s*|\b(?:and|then)\s+)(?P<verb>[a-z]+)\b", re.IGNORECASE)
_OWN_VERB = re.compile(r"\b(?:i|we)\s+(?:(?P<between>\w+)\s+)?(?P<verb>[a-z]+)\b", re.IGNORECASE)


@lru_cache(maxsize=4096)
def _verbs_of(message: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The words a message asks for (after "just", "please", ...), the words heading its clauses, and the words
    it says after "I" or "we" (with one word between or none)."""
    asked = frozenset(m.group("verb").lower() for m in _ASKED_VERB.finditer(message))
    heads = frozenset(m.group("verb").lower() for m in _CLAUSE_HEAD_VERB.finditer(message))
    own = set()
    for m in _OWN_VERB.finditer(message):
        own.add(m.group("verb").lower())
        if m.group("between"):
            own.add(m.group("between").lower())
    return asked, heads, frozenset(own)


def asked_of_assistant(message: str, text: str) -> tuple[str, str] | None:
    """A fact whose verb the message says bare, as a request to the assistant ("pls keep it short, just
    write normal paragraphs"): what the user wants of the assistant ("The user wants the assistant to write
    normal paragraphs", on a style slot), not what the user does. None when the user said they do it."""
    found = _HEAD.match(text)
    if not found or "'s" in found.group("subject"):
        return None
    verb, _, rest = found.group("rest").partition(" ")
    base = _bare(verb.lower())
    if base == verb.lower():
        return None
    asked, heads, own = _verbs_of(message)
    if base in own:
        return None
    if base not in asked and not (base in _ANSWERING_VERBS and base in heads and _ADDRESSED.search(message)):
        return None
    return f"{found.group('subject')} wants the assistant to {base} {rest}".strip(), f"style:{base}"


# A daydream: everything the sentence says after the lead is imagined, across "and" too.
_DAYDREAM = re.compile(
    r"^\W*(?:(?:imagine|picture)(?!\s+(?:my|our|the|his|her|their)\s+(?:surprise|shock|face|joy|delight)|\s+this\b)"
    r"|what\s+if|suppose|supposing|hypothetically|in\s+another\s+life|in\s+a\s+parallel"
    r"\s+universe|in\s+my\s+dreams|(?:my\s+)?dream\s+is|one\s+day\s+i'?d)\b",
    re.IGNORECASE,
)


_DAYDREAM_WORDS = (
    "imagine",
    "picture",
    "what if",
    "suppos",
    "hypothetical",
    "another life",
    "universe",
    "dream",
    "one day",
)


def unsettled(message: str, value: str | None, text: str) -> bool:
    """A fact from a daydream, from a choice still open ("torn, designer or developer") or from a fragment about
    someone else ("my sister is staying, vegan now"): not the speaker's settled fact, whatever its shape."""
    return (
        daydreamed(message, value, text)
        or open_choice(message, value, text)
        or someone_elses_fragment(message, value, text)
        or elliptical_noun(message, text)
    )


# "fish too", "wine as well", "no bread either": a noun that shares the verb of the clause before. Read alone, the
# rules may take the noun for a verb ("The user fishes" from "stopped eating meat, fish too").
_ELLIPSIS_MARK = re.compile(r"\b(?:too|as\s+well|either)\b", re.IGNORECASE)


def elliptical_noun(message: str, text: str) -> bool:
    """A fact whose verb the message says only as a noun before "too", "as well" or "either", and never after "I"
    or "we" (with up to three words between): the noun of an ellipsis, not the user's act."""
    found = _HEAD.match(text)
    if not found or not _ELLIPSIS_MARK.search(message):
        return False
    verb = found.group("rest").split()[0].lower()
    base = _bare(verb)
    if base == verb:
        return False
    word = re.escape(base)
    lowered = message.lower()
    if not re.search(rf"\b{word}\s+(?:too|as\s+well|either)\b", lowered):
        return False
    return not re.search(rf"\b(?:i|we|i'?ve|i'?m)\s+(?:[\w'-]+\s+){{0,3}}?{word}\b", lowered)


def daydreamed(message: str, value: str | None, text: str) -> bool:
    """A fact from a sentence that opens as a daydream ("imagine if I quit and opened a surf shop")."""
    for sentence in re.split(r"(?<=[.!?])\s+", message):
        if not _DAYDREAM.match(sentence):
            continue
        said = sentence.lower()
        keys = [w for w in re.findall(r"[\w'-]+", (value or "").lower()) if len(w) > 2]
        if not keys:
            keys = [w for w in re.findall(r"[\w'-]+", text.lower())[2:] if len(w) > 3 and w != "their"]
        if keys and all(k in said for k in keys[:3]):
            return True
    return False


@lru_cache(maxsize=4096)
def message_cues(message: str) -> bool:
    """Whether a message may hold any of the in-earnest classes: a cheap test before the patterns."""
    lowered = message.lower()
    return bool(
        _HYPERBOLE.search(lowered)
        or "my " in lowered
        or "our " in lowered
        or _ASKED_VERB.search(lowered)
        or _ADDRESSED.search(lowered)
        or any(w in lowered for w in _DAYDREAM_WORDS)
        or " or " in lowered
        or "between" in lowered
        or bool(_ELLIPSIS_MARK.search(lowered))
        or bool(_OTHER_CUE.search(message))
    )


def _fact_keys(value: str | None, text: str) -> list[str]:
    """The words that say which part of a message a fact came from: its value's, else its text's after the verb."""
    keys = [w for w in re.findall(r"[\w']+", (value or "").lower()) if len(w) > 2]
    return keys or [w for w in re.findall(r"[\w']+", text.lower())[2:] if len(w) > 3 and w != "their"]


# Where a message falls into pieces that may each have their own subject: sentences, commas, colons, dashes.
_PIECES = re.compile(r"(?<=[.!?])\s+|\s*[,;:]\s*|\s+[-–—]\s+")
# A choice not yet made: "torn", "deciding", "can't decide", "debating", "not sure".
_CHOOSING = re.compile(
    r"\b(?:torn|deciding|decide|undecided|debating|choosing|choose|pick|unsure|not\s+sure|dunno|either)\b",
    re.IGNORECASE,
)
_ALTERNATIVES = re.compile(r"\s(?:or|vs\.?|versus)\s|\bbetween\s.+\s(?:and|or)\s", re.IGNORECASE)


def open_choice(message: str, value: str | None, text: str) -> bool:
    """A fact whose words lie in alternatives still open: "i'm torn, designer or developer", "deciding between
    Leeds and York", "nursing or teaching? can't choose". The piece naming the alternatives must be framed as a
    choice (a word of choosing in its sentence, or a question), so a fact said beside it is kept."""
    keys = _fact_keys(value, text)
    if not keys or not _ALTERNATIVES.search(message):
        return False
    if said_apart(message, keys):
        return False  # "icelandic or faroese? i speak icelandic already": the choice asked, the fact said apart
    for sentence in re.split(r"(?<=[.!?])\s+", message):
        if not _ALTERNATIVES.search(sentence):
            continue
        pieces = [p for p in _PIECES.split(sentence) if p.strip()]
        for i, piece in enumerate(pieces):
            choice = _CHOOSING.split(piece)[-1]  # the alternatives: what follows the word of choosing
            if not _ALTERNATIVES.search(choice) or not all(k in choice.lower() for k in keys[:3]):
                continue
            framed = _CHOOSING.search(piece) or (i and _CHOOSING.search(pieces[i - 1])) or "?" in sentence
            if framed and not _FIRST_PERSON_CLAUSE.search(choice):
                return True
    return False


_OPENS_WITH_I = re.compile(r"(?i)^\s*(?:(?:so|and|but|also|btw|well|tho|though)\s+)*(?:i|we|i'm|im|i've|ive)\b")


def said_apart(message: str, keys: list[str]) -> bool:
    """Whether a sentence of the message that names no alternatives opens with "I" and holds the fact's words."""
    return any(
        not _ALTERNATIVES.search(s) and _OPENS_WITH_I.match(s) and all(k in s.lower() for k in keys[:3])
        for s in re.split(r"(?<=[.!?])\s+", message)
    )


# Someone else opening a piece: "he", "her ...", "my sister ...", "Jo's ...", "Sam is ...".
_OTHERS = (
    "sister brother mum mom mother dad father parents wife husband partner girlfriend boyfriend gf bf fiance fiancee "
    "son daughter kid kids child children aunt uncle cousin niece nephew gran grandma grandpa nan friend friends "
    "flatmate roommate housemate neighbour neighbor boss colleague coworker mate bestie"
)
_OTHER_OPENS = re.compile(
    r"^(?:(?:so|and|but|oh|also|btw|ok|okay|well|anyway)\s+)*(?:(?i:he|she|they|his|her|their|he's|she's|hes|shes"
    r"|they're|theyre|he’s|she’s)\b|(?i:my|our)\s+(?i:new\s+)?(?i:" + "|".join(_OTHERS.split()) + r")\b"
    r"|(?P<name>[A-Z][a-z]+)(?:['’]s\b|\s+(?:is|was|has|had|got|just|came|moved)\b))"
)
_OTHER_CUE = re.compile(
    r"(?i:\b(?:he|she|they|his|her|their|he's|she's|hes|shes|my|our)\b)|\b[A-Z][a-z]+(?:['’]s\b|\s+(?:is|was|has)\b)"
)
# The speaker saying a clause of their own: "I ...", "I'm ...", "me", "we ...".
_FIRST_PERSON_CLAUSE = re.compile(r"(?i)\b(?:i|i'm|im|i’m|i've|ive|i'd|me|we|we're|us)\b")
_OWN_THING = re.compile(r"(?i)\b(?:my|our)\b")
_OWN_PEOPLE_NAMED = re.compile(
    r"(?i)(?:(?:so|and|but|oh|also|btw)\s+)*(?:my|our)\s+(?:(?:new|two|three|little|older|younger|eldest|youngest"
    r"|best|baby)\s+)?[\w-]+"
)
# A fact said of someone else already: "The user's partner ...", "Kwame's sister ...".
_ABOUT_SOMEONE_ELSE = re.compile(r"^(?:The user|[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?)['’]s\s")


def someone_elses_fragment(message: str, value: str | None, text: str) -> bool:
    """A fact whose words lie only in a piece without a subject of its own that follows a piece about someone
    else: "my sister is staying, vegan now apparently" and "his new puppy: a beagle called Toast" are theirs. A
    piece with the speaker's own "I" or "my <thing>" is the speaker's again."""
    from shared.providers.offline.answers import _is_name  # noqa: PLC0415  (answers imports frames, as we do)

    keys = _fact_keys(value, text)
    if not keys or _ABOUT_SOMEONE_ELSE.match(text):
        return False  # "The user's partner is vegetarian": already said of the one it is about
    others, theirs, own = False, False, False
    for piece in _PIECES.split(message.strip()):
        if not piece.strip():
            continue
        opens = _OTHER_OPENS.match(piece.strip())
        if opens and opens.group("name") and not _is_name(opens.group("name")):
            opens = None  # "Work is mad": a capitalised word, not a person
        if opens and _OWN_PEOPLE_NAMED.fullmatch(piece.strip(" ?!.")):
            opens = None  # "my kids, Ivo and Mei, ...": one's own people, named next, not a clause about them
        inherited = False
        if _FIRST_PERSON_CLAUSE.search(piece):
            others = False
        elif opens:
            others = True  # the piece says whose it is: what it says is read by the rules as it is
        elif _OWN_THING.search(piece):
            others = False
        else:
            inherited = others  # a piece without a subject of its own: the one before it says whose
        if all(k in piece.lower() for k in keys[:3]):
            theirs, own = theirs or inherited, own or not inherited
    return theirs and not own
