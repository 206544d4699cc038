"""Several facts said in one breath, read one by one.

People list what they are, have and do: "I have asthma and type 1 diabetes", "allergic to penicillin and to
latex", "we do yoga and pilates on weekends", "hobbies: climbing, chess and baking", "28, software tester, based
in Arnhem", "grew up in Hull, studied in York, now live in Leeds". The frames read one object per clause, so the
later items were lost. These pure functions give each item its own first-person clause:

- ``each_object``: one verb with a list of objects of ONE known kind (a health condition by its form, an allergen
  after "allergic to", a pastime of the pastime lexicon, a medicine by the form of its name, things got or worn
  with their article, joined by "and") becomes one clause per object, and "I'm learning X and taking Y" one
  clause per doing; a list that mixes kinds or holds anything else ("the dishes and laundry", "a dog and
  asthma", "a coffee and a muffin", "going to the gym and meeting Sam") stays as it is;
- ``one_fact_each`` (the splitter's hook) also parts two facts joined by "as well as" or a "+", a present state
  said after a clause ("moved around a lot, currently living in Bergen"), and each pastime of a time given to
  them ("weekends are for climbing and baking");
- ``labelled_items``: a label that names a kind ("hobbies:", "allergies:", "health stuff:", "diet:") before a
  list of values of that kind is one statement per value (a question or anything not of the kind: None);
- ``age_card``: a self-description that opens with the speaker's age ("34, physiotherapist in Harlow,
  gluten free") is a card, each item a statement (``clauses.after_label`` reads its items);
- ``one_fact_each`` also says plainly a thing had that a clause names by how one likes it or came by it
  ("loving my new Garmin" -> "I have a Garmin"; belongings_had);
- ``present_states``: after a subjectless past ("studied in York"), the speaker's present state said next
  ("now live in Leeds", "currently working at X") is a clause of its own, not a detail of the past.

Every reader is behind a cheap test of the clause's words, so a clause with none of them costs almost nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from shared.providers.offline import belongings_had, frames, pastimes
from shared.providers.offline.text_forms import words

_FLAGS = re.IGNORECASE

# Items of a list: commas, "and", "&" (an Oxford comma too).
_ITEMS = re.compile(r"\s*,\s*(?:and\s+|&\s+)?|\s+(?:and|&)\s+", _FLAGS)
# What may close the list without being an item: a filler, or a reason or comment after it (kept on the last item,
# where the frames cut it off as they always do).
_FILLER_END = re.compile(r"(?:\s*,)?\s+(?:lol|haha+|btw|tbh|too|as\s+well|also|lmao|x+)\s*[.!]*$", _FLAGS)
_REASON = re.compile(r"\s*,?\s+(?:so|because|bc|cos|cause|which|but|though|tho)\b.*$", _FLAGS)
# An item is a short noun phrase: no pronoun, possessive or verb of its own ("my son has eczema" is a clause).
_NOT_IN_ITEM = words(
    """i i'm im me my you your he she his her him it its they them their we our us is are was were has have had
    do does did be been not no don't can't might may would could should will if when what which who how none nothing
    nope nah n/a nil any anything idk dunno"""
)
_WORD = re.compile(r"[\w'&-]+")


def _items(listed: str) -> tuple[list[str], str] | None:
    """The items of a list and what follows its last item (a reason, a comment); None for fewer than two."""
    rest = ""
    if reason := _REASON.search(listed):
        listed, rest = listed[: reason.start()], listed[reason.start() :]
    listed = _FILLER_END.sub("", listed).strip(" ,.!")
    items = [i.strip() for i in _ITEMS.split(listed) if i and i.strip()]
    return (items, rest) if len(items) >= 2 else None


# Where the last item ends and what is said of them all begins: since when, what for, where ("asthma and eczema
# since I was a kid", "metformin and ramipril for my heart", "a torn meniscus and a bad back in my left leg").
_AFTER_LAST = re.compile(
    r"\s+(?=(?:for|since|after|from|because|in\s+my|on\s+my|every|twice|once|daily|at\s+night|in\s+the|as\s+well"
    r"|now|too)\b)",
    _FLAGS,
)


def _last_apart(items: list[str], rest: str) -> tuple[list[str], str]:
    """The items with what follows the last one's own words moved into ``rest``."""
    last, *after = _AFTER_LAST.split(items[-1], maxsplit=1)
    return [*items[:-1], last], (f" {after[0]}{rest}" if after else rest)


def _plain_item(item: str, longest: int = 4) -> bool:
    words = _WORD.findall(item.lower())
    return 0 < len(words) <= longest and not _NOT_IN_ITEM.intersection(words) and "?" not in item


# --- health conditions --------------------------------------------------------------------------------------

# A condition known by its form: an illness ending or word ("-itis", "migraines", "disorder"), or a body part said
# as bad ("a dodgy knee").
_ILLNESS = re.compile(
    r"(?:itis|osis|emia|aemia|algia|pathy)$|\b(?:fatigue|pain|disorder|syndrome|disease|migraines?|anxiety|depression"
    r"|insomnia|tinnitus|asthma|diabetes|epilepsy|arthritis|eczema|psoriasis|adhd|add|ptsd|ocd|ibs|pcos|cancer"
    r"|apnea|apnoea|vertigo|hay\s*fever|coeliac|celiac|crohn'?s|lupus|dyslexia|dyspraxia|autism|gout|sciatica"
    r"|endometriosis|hypothyroidism|hyperthyroidism|glaucoma|anaemia|anemia|rosacea|acne|scoliosis|high\s+blood"
    r"\s+pressure|low\s+blood\s+pressure|high\s+cholesterol|reflux|colour\s*blindness|color\s*blindness|me/cfs|cfs"
    r"|long\s+covid)$"
    r"|^(?:an?\s+)?(?:bad|dodgy|weak|bum|torn|broken|injured|busted|slipped|herniated|trick)\s+"
    r"(?:knee|knees|back|hip|hips|shoulder|ankle|wrist|neck|elbow|disc|meniscus|hamstring)$",
    _FLAGS,
)
_CONDITION_HEAD = re.compile(
    r"^(?:i|we)(?:\s*'?ve\s+got|\s+(?:(?:also|still|actually)\s+)?(?:have(?:\s+got)?|suffer\s+from|live\s+with"
    r"|deal\s+with|got))\s+(?P<list>.+)$",
    _FLAGS,
)


def is_condition(item: str) -> bool:
    """Whether a short noun phrase names a health condition by its form ("type 1 diabetes", "a dodgy knee")."""
    return _plain_item(item) and bool(_ILLNESS.search(item.strip()))


_HAD_CONDITION = re.compile(
    r"^i(?:\s*'?ve\s+got|\s+(?:(?:also|still|actually)\s+)?(?:have(?:\s+got)?|suffer\s+from|live\s+with))\s+"
    r"(?P<v>(?:[\w'/-]+\s+){0,3}[\w'/-]+)$",
    _FLAGS,
)


def had_condition(clause: str) -> re.Match[str] | None:
    """ "I have hay fever", "i suffer from sciatica": the clause, when the thing had is a condition by its form
    (its group "v"); None otherwise."""
    m = _HAD_CONDITION.match(clause.strip())
    return m if m and is_condition(m.group("v")) else None


# --- allergens ------------------------------------------------------------------------------------------------

_ALLERGY_HEAD = re.compile(
    r"^(?P<head>(?:i'm|im|i\s+am)\s+(?:(?:also|very|quite|really|severely|mildly|super|so)\s+)*(?:allergic"
    r"|intolerant)\s+to\s+)(?P<list>.+)$",
    _FLAGS,
)
_TO = re.compile(r"^to\s+", _FLAGS)


_OWN_HEAD = re.compile(r"[\s-](?:intolerant|free)$", _FLAGS)  # "lactose intolerant": a predicate, no allergen


def _allergen(item: str) -> str | None:
    item = _TO.sub("", item.strip())
    return item if _plain_item(item, 3) and not _OWN_HEAD.search(item) else None


# --- pastimes -------------------------------------------------------------------------------------------------

_PASTIME_HEAD = re.compile(
    r"^(?P<subj>i|we)\s+(?:(?:also|still|mostly|usually|regularly|both)\s+)*(?:play|do|go|practi[sc]e)\s+(?P<list>.+)$",
    _FLAGS,
)
# Where the last item's own words end and what is said of every item begins: when, how often, where, with whom.
_RHYTHM = re.compile(
    r"\s+(?=(?:on|at|in|with|every|each|most|twice|once|three\s+times|two\s+times|\d+\s*(?:x|times)|weekly|daily"
    r"|nightly|regularly|after|before)\b)",
    _FLAGS,
)
_PASTIME_LEAD = re.compile(r"^(?:the|a\s+bit\s+of|a\s+little|some|a\s+lot\s+of|lots\s+of)\s+", _FLAGS)


def _pastime(item: str) -> str | None:
    """The pastime an item names, as the lexicon spells it; None when it names none."""
    name = re.sub(r"\s+", " ", _PASTIME_LEAD.sub("", item.strip()).lower())
    return name if name in pastimes.KINDS else None


def _pastimes(subj: str, items: list[str], rest: str) -> list[str] | None:
    """Each item as the present habit of its kind, the rhythm said after the last one given to every one."""
    *heads, last = items
    last_name, *rhythm = _RHYTHM.split(last, maxsplit=1)
    tail = rhythm[0].strip() if rhythm else ""
    names = [_pastime(i) for i in [*heads, last_name]]
    if not all(names):
        return None
    said = [pastimes.present(subj, name or "", tail) for name in names]
    said[-1] += rest
    return said


_PRESENT_AFTER = re.compile(
    r"\s*,\s*(?:and\s+)?(?=(?:now|currently|these\s+days|nowadays)\s+(?:i\s+|i'm\s+|im\s+)?(?:live|living|work"
    r"|working|rent|renting|study|studying|teach|teaching)\b)",
    _FLAGS,
)


# --- "as well as" between two facts ---------------------------------------------------------------------------

_AS_WELL_AS = re.compile(r"\s+as\s+well\s+as\s+", _FLAGS)
# The first fact's subject and verb (with its preposition), which the second shares: "i work at Tesco as well as
# Aldi" -> "i work at Aldi"; "i'm a nurse as well as a student" -> "i'm a student".
_SHARED_HEAD = re.compile(
    r"^(?P<head>(?:i'm|im|i\s+am|we're|we\s+are)\s+|(?:i|we)\s+(?:(?:also|still)\s+)?[a-z]+\s+"
    r"(?:(?:at|in|for|with|on|to)\s+)?)",
    _FLAGS,
)


def _as_well_as(clause: str) -> list[str] | None:
    parts = _AS_WELL_AS.split(clause)
    if len(parts) != 2 or not parts[1].strip():
        return None
    first, second = parts
    head = _SHARED_HEAD.match(first)
    word = second.split()[0].lower()
    if head is None or word in _NOT_IN_ITEM or head.end() >= len(first):
        return None
    if frames.base_of_gerund(word):
        return [first, f"I am {second}"]  # "... as well as doing a degree"
    return [first, f"{head.group('head')}{second}"]


# --- a time given to pastimes ---------------------------------------------------------------------------------

# "weekends are for climbing and baking", "sundays are all about the allotment": each pastime of that time.
_TIME_FOR = re.compile(
    r"^(?:(?:my|our)\s+)?(?P<when>weekends|evenings|mornings|sundays|saturdays|mondays|tuesdays|wednesdays|thursdays"
    r"|fridays)\s+are\s+(?:(?:mostly|usually|basically)\s+)?(?:for|all\s+about|reserved\s+for)\s+(?P<list>.+)$",
    _FLAGS,
)
_WHEN_SAID = {"evenings": "in the evenings", "mornings": "in the mornings"}


def _time_for(clause: str) -> list[str] | None:
    m = _TIME_FOR.match(clause.strip())
    if m is None or "?" in clause:
        return None
    listed = _FILLER_END.sub("", _REASON.sub("", m.group("list"))).strip(" ,.!")
    names = [_pastime(i) for i in _ITEMS.split(listed) if i and i.strip()]
    if not names or not all(names):
        return None
    when = m.group("when").lower()
    return [pastimes.present("I", name or "", _WHEN_SAID.get(when, f"on {when}")) for name in names]


def one_fact_each(clause: str) -> list[str]:
    """The clause as one clause per fact: a present state said after it ("moved around a lot, currently living in
    Bergen") apart, then each object of one verb (``each_object``)."""
    if (had := belongings_had.said_of(clause)) is not None:
        return [f"I have {had[0]}"]  # "loving my new Garmin": the thing had, said plainly
    if " are " in clause.lower() and (pastimes_then := _time_for(clause)):
        return pastimes_then
    if " as well as " in clause.lower() and (both := _as_well_as(clause)):
        return [each for part in both for each in one_fact_each(part)]
    if "+" in clause and len(parts := _PLUS.split(clause)) > 1:
        return [each for part in parts for each in one_fact_each(part)]
    if "," in clause and (cut := _PRESENT_AFTER.search(clause)) and (states := present_states(clause[cut.end() :])):
        return [*each_object(clause[: cut.start()]), *states]
    return each_object(clause)


# --- things got, bought or worn -------------------------------------------------------------------------------

_GOT_HEAD = re.compile(
    r"^(?P<head>(?:(?:i|we)\s+)?(?:(?:just|finally|recently|also)\s+)*(?:got|bought|picked\s+up|treated\s+myself\s+to"
    r"|wear|am\s+wearing|'m\s+wearing)\s+)(?P<list>.+)$",
    _FLAGS,
)
# A thing kept: said with its article or count; never a passing thing had or eaten ("a text", "a coffee").
_THING = re.compile(r"^(?:an?|some|two|three|\d+|new|glasses|contacts|contact\s+lenses)\b", _FLAGS)
_PASSING_THING = re.compile(
    r"\b(?:text|call|message|email|letter|coffee|tea|beer|pint|drink|muffin|sandwich|snack|meal|lunch|dinner"
    r"|breakfast|cake|pizza|burger|ticket|tickets|parking\s+ticket|fine|cold|flu|bug|headache|haircut|nap|shower"
    r"|lift|ride|bit|lot|chance|idea|feeling|reply|answer|question|offer|discount|refund|receipt|bill|invoice)s?$",
    _FLAGS,
)
# A time said after the last thing, of every thing got.
_WHEN_TAIL = re.compile(
    r"\s+(?=(?:this|last|yesterday|today|recently|earlier|over\s+the|for\s+(?:christmas|xmas|my\s+birthday)"
    r"|in\s+(?:january|february|march|april|may|june|july|august|september|october|november|december|\d{4})"
    r"|on\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|(?:a|an|\d+|two|three|a\s+few|a\s+couple"
    r"\s+of)\s+(?:days?|weeks?|months?|years?)\s+ago)\b)",
    _FLAGS,
)


def _thing(item: str) -> bool:
    words = _WORD.findall(item.lower())
    return (
        bool(_THING.match(item.strip()))
        and 0 < len(words) <= 6
        and not _NOT_IN_ITEM.intersection(words)
        and not _PASSING_THING.search(item.strip())
    )


def _things(head: str, items: list[str], rest: str) -> list[str] | None:
    *firsts, last = items
    last_thing, *when = _WHEN_TAIL.split(last, maxsplit=1)
    tail = f" {when[0].strip()}" if when else ""
    things = [*firsts, last_thing]
    if not all(_thing(t) for t in things):
        return None
    return [f"{head}{t}{tail}" for t in things[:-1]] + [f"{head}{things[-1]}{tail}{rest}"]


# --- medicines ------------------------------------------------------------------------------------------------

_MEDICINE_HEAD = re.compile(
    r"^(?:i|we)(?:'m|\s+am|m)?\s+(?:(?:also|still|currently|now)\s+)*(?:take|on|taking|prescribed)\s+(?P<list>.+)$",
    _FLAGS,
)
# A medicine known by the endings of drug names ("-pril", "-statin", "-oxetine") or by its own name.
_MEDICINE = re.compile(
    r"^(?:[a-z]+(?:pril|sartan|statin|prazole|azole|olol|oxetine|aline|pram|alopram|azepam|zepam|pam|mycin|cillin"
    r"|cycline|formin|thyroxine|tidine|triptan|gabalin|pentin|afil|xaban|arin|lukast|sone|olone|profen|amol"
    r"|tiapine|apine|idone|ipramine|triptyline|zodone|ulin|ide)|lithium|insulin|melatonin|methotrexate|warfarin"
    r"|aspirin|codeine|tramadol|hrt|the\s+pill|birth\s+control|antidepressants|antihistamines|beta\s+blockers"
    r"|blood\s+thinners|statins|iron\s+tablets|vitamin\s+[a-z]\d{0,2})(?:\s+\d+\s*mg)?$",
    _FLAGS,
)


def _medicine(item: str) -> bool:
    return bool(_MEDICINE.match(item.strip()))


# --- several doings after one "I'm" ---------------------------------------------------------------------------

_DOING_HEAD = re.compile(
    r"^(?P<subj>i'm|im|i\s+am|we're|we\s+are)\s+(?:(?:also|still|currently|now)\s+)*(?=[a-z]+ing\s)", _FLAGS
)
_NEXT_DOING = re.compile(r"\s*(?:,\s*(?:and\s+)?|\s+and\s+)(?:(?:also|still)\s+)?(?=(?P<g>[a-z]+ing)\s)", _FLAGS)
# A plan or a thought is no doing ("going to", "thinking of", "planning"), nor a passing one ("going", "heading").
_NOT_DOING = words(
    "going thinking planning hoping considering trying wanting looking heading getting leaving coming being"
)


def _doings(clause: str) -> list[str] | None:
    head = _DOING_HEAD.match(clause)
    if head is None or " and " not in clause.lower() and "," not in clause:
        return None
    first = clause[head.end() :].split(None, 1)[0].lower()
    if first in _NOT_DOING or frames.base_of_gerund(first) is None:
        return None
    parts, start = [], head.end()
    for m in _NEXT_DOING.finditer(clause, head.end()):
        g = m.group("g").lower()
        if g in _NOT_DOING or frames.base_of_gerund(g) is None:
            continue
        parts.append(clause[start : m.start()])
        start = m.end()
    if not parts:
        return None
    parts.append(clause[start:])
    return [f"I am {p.strip()}" for p in parts if p.strip()]


# --- a "+" between clauses ------------------------------------------------------------------------------------

_PLUS = re.compile(r"\s+\+\s+(?=(?:i|i'm|im|i've|we|we're|my|our|live|living|work|working)\b)", _FLAGS)


def each_object(clause: str) -> list[str]:
    """ "I have asthma and type 1 diabetes" -> ["I have asthma", "I have type 1 diabetes"]: one clause per object
    of one verb, when every object is of the verb's kind; the clause as it is otherwise."""
    lowered = clause.lower()
    if " and " not in lowered and "," not in lowered and "&" not in lowered:
        return [clause]
    if m := _ALLERGY_HEAD.match(clause):
        listed = _items(m.group("list"))
        if listed and all(_allergen(i) for i in listed[0]):
            items, rest = listed
            head = m.group("head")
            return [f"{head}{_allergen(i)}" for i in items[:-1]] + [f"{head}{_allergen(items[-1])}{rest}"]
        return [clause]
    if (m := _CONDITION_HEAD.match(clause)) and (listed := _items(m.group("list"))):
        items, rest = _last_apart(*listed)
        if all(is_condition(i) for i in items):
            return [f"I have {i}" for i in items[:-1]] + [f"I have {items[-1]}{rest}"]
    if m := _PASTIME_HEAD.match(clause):
        listed = _items(m.group("list"))
        if listed and (said := _pastimes(m.group("subj"), *listed)):
            return said
    if m := _MEDICINE_HEAD.match(clause):
        listed = _items(m.group("list"))
        items, rest = _last_apart(*listed) if listed else ([], "")
        if items and all(_medicine(i) for i in items):
            return [f"I take {i}" for i in items[:-1]] + [f"I take {items[-1]}{rest}"]
    # "got a new tablet, a Galaxy Tab": without "and" before the last, a second noun names the same thing
    if (m := _GOT_HEAD.match(clause)) and re.search(r"\s(?:and|&)\s", m.group("list")):
        listed = _items(m.group("list"))
        if listed and (said := _things(m.group("head"), *listed)):
            return said
    return _doings(clause) or [clause]


# --- a labelled list of one kind ------------------------------------------------------------------------------

_KIND_LABEL = re.compile(
    r"^(?:(?:my|some|quick|the|main|current)\s+)*(?:(?P<pastime>hobbies|hobby|interests|pastimes|sports|activities)"
    r"|(?P<allergy>allergies|allergens|allergic\s+to|intolerances)|(?P<condition>health|conditions|medical"
    r"|medical\s+history|diagnoses|health\s+conditions)|(?P<diet>diet|dietary|dietary\s+requirements|dietary\s+needs))"
    r"(?:\s+(?:stuff|things|info|wise|bits|details))?$",
    _FLAGS,
)
_DIET = re.compile(
    r"^(?:strictly\s+|mostly\s+|fully\s+)?(?:vegan|vegetarian|veggie|pescatarian|pescetarian|flexitarian"
    r"|plant[- ]based|keto|paleo|gluten[- ]free|dairy[- ]free|lactose[- ]free|halal|kosher|low[- ]carb)$",
    _FLAGS,
)


def labelled_items(label: str, said: str) -> list[str] | None:
    """ "hobbies: climbing, chess and baking" -> ["I go climbing", "I play chess", "I do baking"]: one statement per
    value of the kind the label names; None when the label names no kind or an item is not of it."""
    kind = _KIND_LABEL.match(label.strip())
    if kind is None or "?" in said:
        return None
    said = _FILLER_END.sub("", _REASON.sub("", said)).strip(" ,.!")
    items = [i.strip() for i in _ITEMS.split(said) if i and i.strip()]
    if not items:
        return None
    if kind.group("pastime"):
        names = [_pastime(i) for i in items]
        return [pastimes.present("I", n, "") for n in names if n] if all(names) else None
    if kind.group("allergy"):
        allergens = [_allergen(i) for i in items]
        return [f"I am allergic to {a}" for a in allergens if a] if all(allergens) else None
    if kind.group("condition"):
        return [f"I have {i}" for i in items] if all(is_condition(i) for i in items) else None
    return [f"I am {i}" for i in items] if all(_DIET.match(i) for i in items) else None


# --- a card that opens with the age ---------------------------------------------------------------------------

_AGE_FIRST = re.compile(
    r"^(?:(?:ok|okay|so|well|right|hi|hey|hiya|hello|basically)[\s,!]+)*(?P<age>[1-9]\d)"
    r"(?:\s*(?:yo|y/o|yrs?\s+old|years\s+old|m|f))?\s*,\s*(?P<rest>[a-z].*)$",
    _FLAGS,
)
# The words that make a number after all no age: a choice, a count, a pointer ("30, maybe 40", "45, that's it").
_NOT_A_CARD = re.compile(
    r"^(?:maybe|or|and|that|that's|thats|then|ok|okay|yes|yeah|no|not|but|like|max|min|tops|ish|sounds|please|pls"
    r"|thanks|ty|right|sorry|each|per|people|guests|of|times|minutes|mins|hours|days|weeks|months|quid|pounds|euros"
    r"|dollars|bucks)\b",
    _FLAGS,
)
_CARD_WORD = re.compile(
    r"^(?:based|living|live|from|originally|married|single|divorced|engaged|retired|vegan|vegetarian|pescatarian"
    r"|gluten|dairy|mum|mom|dad|parent|work|working|studying|student)\b",
    _FLAGS,
)


def age_card(sentence: str, is_role: Callable[[str], bool] | None = None) -> str | None:
    """The self-description a sentence opens with the speaker's bare age ("ok so 28, software tester, based in
    Arnhem" -> "28, software tester, based in Arnhem"): a number of an adult's age, then items of which at least
    one reads as a card item; None for any other sentence."""
    m = _AGE_FIRST.match(sentence.strip())
    if m is None or "?" in sentence or _NOT_A_CARD.match(m.group("rest")):
        return None
    items = [i.strip() for i in _ITEMS.split(m.group("rest")) if i and i.strip()]
    if not any(_CARD_WORD.match(i) or (is_role is not None and role_item(i, is_role)) for i in items):
        return None
    return sentence.strip()[m.start("age") :]


_ROLE_TAIL = re.compile(r"\s+(?:in|at|for|with|on)\s+.*$", _FLAGS)


def role_item(item: str, is_role: Callable[[str], bool]) -> str | None:
    """ "software tester", "retired firefighter", "first year chemistry student" -> "I am a ...": an item with no
    article whose head (its last word before "in"/"at") is an occupation word; None otherwise."""
    head = _ROLE_TAIL.sub("", item.strip())
    words = head.lower().split()
    if not 1 <= len(words) <= 4 or words[0] in ("a", "an", "the") or not is_role(words[-1]):
        return None
    return f"I am {'an' if item[:1].lower() in 'aeiou' else 'a'} {item.strip()}"


# --- a present state after a subjectless past -----------------------------------------------------------------

_PRESENT_STATE = re.compile(
    r"^(?:(?:and|but|so)\s+)?(?P<when>(?:now|currently|these\s+days|nowadays)\s+)?(?P<subj>(?:i|we)\s+)?"
    r"(?:(?:now|currently)\s+)?(?P<verb>live|living|work|working|rent|renting|study|studying|teach|teaching"
    r"|am\s+(?:living|working|studying|teaching|based)|'m\s+(?:living|working|studying|teaching|based))\s+(?P<rest>\S.*)$",
    _FLAGS,
)
_PIECES = re.compile(r"\s*,\s*|\s+(?=and\s+(?:now|currently|these\s+days|nowadays|i|we)\b)", _FLAGS)


def present_states(rest: str) -> list[str]:
    """ "studied in York, now live in Leeds" -> ["I live in Leeds"]: the present states in what follows a
    subjectless past, each with the speaker as subject; the past itself stays unread (a detail of news)."""
    if not rest or not re.search(r"\b(?:liv|work|rent|stud|teach|am|'m)", rest, _FLAGS):
        return []
    out = []
    for piece in _PIECES.split(rest):
        m = _PRESENT_STATE.match(piece.strip())
        if m is None:
            continue
        verb = m.group("verb").lower().replace("'m ", "am ")
        if verb.endswith("ing") and not verb.startswith("am "):
            verb = f"am {verb}"
        out.append(f"I {verb} {m.group('rest')}")
    return out
