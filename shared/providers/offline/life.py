"""Pure readings of the user's personal life that the clause frames of ``extraction_rules`` consult.

Each answers one question about a sentence or a clause, so that a frame keeps saying nothing where the
reading would be wrong:

- a relationship said in the present perfect ("I've been married to Jane for ten years", "we've been
  together since 2019"): the same relationship said in the present, for the partner frames to read;
- "I'm in Sales" is a department, not a place; "I'm back in Dublin after a year abroad", "moved back home to
  Galway" are homes ("I've been in London for 8 years" is held_states'); a move "there" is a move to the one
  place said before;
- "a friend" said with an article and more about them ("einen Freund, der in Berlin wohnt", "un copain qui
  habite à Lyon", "un amigo en Madrid") is a friend: neither the user's partner nor a belonging;
- children named with their ages ("Ana (7) and Leo (4)", "Ana, 7, and Leo, 4") read as named children;
- studies said in the past ("I studied law in Madrid") and a food one cannot have ("I can't have gluten").
"""

from __future__ import annotations

import re

from shared.providers.offline.text_forms import words

_PARTNER = r"(?:wife|husband|partner|girlfriend|boyfriend|fianc[ée]e?|fiancee?|spouse|gf|bf)"
_NAME = r"(?-i:[A-Z][a-z'-]+)"

# "I have been married to Jane", "my husband and I have been married", "we have been together" (the clause as
# ``extraction_rules`` prepares it: contractions expanded, the stated duration or start removed).
_RELATIONSHIP_SO_FAR = re.compile(
    rf"(?i)^(?:(?P<i>i)|(?P<we>we)|my\s+(?P<rel>{_PARTNER})\s+and\s+i|(?:me\s+and\s+)?my\s+(?P<rel2>{_PARTNER}))"
    r"\s+have\s+(?:now\s+|officially\s+|happily\s+)?been\s+"
    rf"(?:(?P<state>married|engaged)(?:\s+to\s+(?P<name>{_NAME}))?"
    rf"|(?:dating|seeing)\s+(?P<dated>{_NAME})"
    rf"|together(?:\s+with\s+(?P<with>{_NAME}))?"
    rf"|with\s+my\s+(?P<rel3>{_PARTNER})(?:\s+(?P<name3>{_NAME}))?)"
    r"(?:\s+(?:now|so\s+far|already|\d+\s+years?|(?:a|one|two|three|four|five|six|seven|eight|nine|ten)\s+years?))*"
    r"[\s.!]*(?:,.*)?$"
)


def relationship_now(clause: str) -> str | None:
    """The present-tense statement a relationship said so far amounts to ("I am married to Jane", "I have a
    wife", "I have a partner"), for the partner frames to read; None for any other clause."""
    m = _RELATIONSHIP_SO_FAR.match(clause.strip())
    if m is None:
        return None
    rel = (m.group("rel") or m.group("rel2") or m.group("rel3") or "").lower()
    if m.group("i") and m.group("state") and m.group("name"):
        return f"I am {m.group('state').lower()} to {m.group('name')}"
    if m.group("i") and m.group("dated"):
        return f"I am dating {m.group('dated')}"
    if m.group("i") and m.group("with"):
        return f"I am dating {m.group('with')}"
    if m.group("rel3") and m.group("name3"):
        return f"my {rel} is {m.group('name3')}"
    if rel and m.group("state"):
        return f"I am {m.group('state').lower()}"  # "my husband and I have been married": the marriage
    if rel:
        return f"I have a {rel}"
    if m.group("we") and not m.group("state") and not m.group("name"):
        return "I have a partner"  # "we have been together 3 years"
    if m.group("state") and not m.group("name"):
        return f"I am {m.group('state').lower()}"  # "I have been married" / "we have been engaged"
    return None


# Departments and lines of work one is "in" ("I'm in Sales", "I'm in HR now"): no place.
_DEPARTMENTS = words(
    """sales marketing hr it engineering accounts accounting finance legal operations ops support product design
    research procurement admin administration compliance logistics pr recruiting recruitment management tech
    payroll billing qa security analytics consulting retail hospitality healthcare insurance banking publishing
    construction tourism media advertising customer"""
)
_DEPARTMENT_PHRASE = re.compile(
    r"(?i)^(?:human\s+resources|customer\s+(?:service|support|success)|r\s*&\s*d|real\s+estate|it\s+support"
    r"|data\s+science|tech\s+support|quality\s+assurance)$"
)


def is_department(name: str) -> bool:
    said = re.sub(r"\s+", " ", name.strip(" .,!")).lower()
    said = re.sub(r"\s+(?:now|currently|these days|department|dept|team)$", "", said)
    return said in _DEPARTMENTS or bool(_DEPARTMENT_PHRASE.match(said))


# "a friend" in each language, and an indefinite article before it.
_FRIENDS = {
    "de": (r"(?:einen|eine|ein)", r"(?:freund|freundin|kollegen|kollege|kollegin|bekannten|bekannte)"),
    "fr": (r"(?:un|une)", r"(?:copain|copine|ami|amie|collègue|pote)"),
    "es": (r"(?:un|una)", r"(?:amigo|amiga|colega|compañero|compañera)"),
    "it": (r"(?:un|una|un')", r"(?:amico|amica|collega)"),
    "pt": (r"(?:um|uma)", r"(?:amigo|amiga|colega)"),
}
_FRIEND_SAID = {
    language: re.compile(rf"(?i)\b{article}\s+(?P<noun>{noun})\b(?P<more>[^.!?]*)")
    for language, (article, noun) in _FRIENDS.items()
}
# Nouns that also mean the partner ("ich habe einen Freund", "j'ai une copine"), said with nothing more.
_ALSO_PARTNER = frozenset(("freund", "freundin", "copain", "copine"))


def friend_said(sentence: str, language: str) -> str | None:
    """The noun of "a friend" that the sentence speaks of as a friend ("einen Freund, der in Berlin wohnt", "un
    amigo en Madrid"): a noun that can only mean a friend, or one that can mean a partner followed by more said
    of them. None when there is none, or a bare "ich habe einen Freund" (the partner, as the frames read it)."""
    if language not in _FRIENDS:
        return None
    m = _FRIEND_SAID[language].search(sentence)
    if m is None:
        return None
    word = m.group("noun").lower()
    if word in _ALSO_PARTNER and not m.group("more").strip(" ,;"):
        return None
    return word


def speaks_of(text: str, noun: str) -> bool:
    return re.search(rf"(?i)\b{re.escape(noun)}\b", text) is not None


# "my two kids, Ana (7) and Leo (4)", "my kids Ana, 7, and Leo, 4": the ages said after each name, and a count
# before the noun, which the named-children frame reads without.
_AGE_IN_BRACKETS = re.compile(r"(?<=[A-Za-z])\s*\(\s*(?:age\s+)?\d{1,2}(?:\s*(?:yo|y/o|yrs?|years?))?\s*\)")
_AGE_IN_COMMAS = re.compile(r"(?<=[a-z]),\s*\d{1,2}\s*(?=,|\s+(?:and|&)\s)")
_COUNTED_KIN = re.compile(
    r"(?i)\b(?P<own>my|our)\s+(?:two|three|four|five|2|3|4|5)\s+(?=(?:kids|children|boys|girls|sons|daughters)\b)"
)


_AGE_OR_COUNT = re.compile(r"(?i)\d|\b(?:two|three|four|five)\b")


def without_ages(sentence: str) -> str:
    if not _AGE_OR_COUNT.search(sentence):
        return sentence  # the cheap check first
    said = _AGE_IN_COMMAS.sub("", _AGE_IN_BRACKETS.sub("", sentence))
    return _COUNTED_KIN.sub(lambda m: f"{m.group('own')} ", said)


# "I studied physics at Edinburgh", "I studied law in Madrid": a field of study, where.
_STUDIED = re.compile(
    r"(?i)^i\s+(?:actually\s+|originally\s+|also\s+)?studied\s+(?P<field>[a-z][a-z -]{1,40}?)"
    r"(?:\s+(?P<prep>at|in)\s+(?P<where>(?-i:[A-Z])[\w'&.-]*(?:\s+(?-i:[A-Z])[\w'&.-]*){0,3}|uni|university|college))?"
    r"(?:\s+(?:for\s+(?:\d+|a\s+few|two|three|four|five)\s+years|back\s+then|years\s+ago))?$"
)
# What one "studied" that is no field: a task, a time, a manner, a trip.
_NOT_A_FIELD = words(
    """for it this that the a an my your his her their our abroad hard all late so really every each
    until till overnight online at in on with up them him me everything something nothing lots loads"""
)


def studied(clause: str) -> tuple[str, str] | None:
    """(the field, " at Edinburgh" or " in Madrid" or "") for a study said in the past; None otherwise."""
    m = _STUDIED.match(clause.strip())
    if m is None:
        return None
    field = m.group("field").strip()
    words = field.lower().split()
    if not words or words[0] in _NOT_A_FIELD or len(words) > 4 or any(w in ("for", "with", "all") for w in words):
        return None
    where = m.group("where") or ""
    if where.lower() in ("uni", "university", "college"):
        where = ""
    return field, f" {m.group('prep').lower()} {where}" if where else ""


# Foods and drinks one "can't have" ("I can't have gluten", "i cant have dairy"): what a diet leaves out.
_FOODS = words(
    """gluten dairy lactose nuts peanuts eggs egg soy shellfish fish wheat sugar caffeine alcohol meat pork beef
    milk cheese garlic onions onion sesame chocolate seafood cashews almonds tree-nuts corn spicy-food red-meat
    carbs fructose histamine"""
)
_CANNOT_HAVE = re.compile(
    r"(?i)^i\s+(?:can\s*not|can't|cant|cannot)\s+have\s+(?:any\s+)?(?P<food>[a-z]+(?:[ -][a-z]+)?)"
    r"(?:[\s,]+(?:at\s+all|anymore|any\s+more|sadly|unfortunately))?[\s.!,]*$"
)


def cannot_have_food(clause: str) -> str | None:
    """ "I can't eat gluten" for "I can't have gluten" (when what cannot be had is a food); None otherwise."""
    m = _CANNOT_HAVE.match(clause.strip())
    if m is None or m.group("food").lower().replace(" ", "-") not in _FOODS:
        return None
    return f"I cannot eat {m.group('food')}"


# "moved back home to Galway": the move home names the place ("moved back to Galway").
_MOVED_HOME_TO = re.compile(r"(?i)^(?P<who>i|we)\s+(?P<have>have\s+)?moved\s+(?:back\s+)?home\s+to\s+(?P<place>.+)$")


# "moved back home to Galway for the summer / for Christmas / until June": a stay, no new home.
_A_STAY = re.compile(
    r"(?i)\b(?:for|until|till|til|over|during|through)\b(?!\s+good\b)|\b(?:temporarily|for\s+now|a\s+while)\b"
)


def moved_home_to(clause: str) -> str | None:
    m = _MOVED_HOME_TO.match(clause.strip())
    if m is None or not m.group("place")[:1].isupper() or _A_STAY.search(m.group("place")):
        return None
    return f"{m.group('who')} {m.group('have') or ''}moved back to {m.group('place')}"


# "my husband got a job in Munich so we're moving there": "there" is the one place said before it.
_THERE_MOVE = re.compile(r"(?i)\b(?P<verb>(?:moving|move|moved|relocating|relocate|relocated))\s+there\b")
_PLACE_SAID = re.compile(r"\b(?:in|to)\s+(?P<place>[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+)?)")


_NOT_PLACES = words(
    "January February March April May June July August September October November December Monday Tuesday"
    " Wednesday Thursday Friday Saturday Sunday Christmas Easter Spring Summer Autumn Fall Winter"
)


def there_named(sentence: str) -> str:
    """The sentence with a move "there" said as a move to the one place named before it; as it was when none
    or several were named."""
    m = _THERE_MOVE.search(sentence) if "there" in sentence else None  # the cheap check first
    if m is None:
        return sentence
    places = {p.group("place") for p in _PLACE_SAID.finditer(sentence[: m.start()])} - _NOT_PLACES
    if len(places) != 1:
        return sentence
    return f"{sentence[: m.start()]}{m.group('verb')} to {places.pop()}{sentence[m.end() :]}"


# "The user has their wife" (a partner said after "with my"): one's partner is no belonging.
_PARTNER_HAD = re.compile(rf"(?i)^The user has their\s+(?P<rel>{_PARTNER})$")


def partner_owned(text: str, slot: str | None) -> str | None:
    """The partner word of a belonging that is the user's partner; None for anything else."""
    m = _PARTNER_HAD.match(text) if slot and slot.startswith("own:") else None
    return m.group("rel").lower() if m else None


# "I'm back in Dublin after a year abroad", "back in Leeds now": being back, for no stated purpose, is being home.
_BACK_IN = re.compile(
    r"(?i)^i\s+am\s+(?:finally\s+|now\s+)?back\s+(?:home\s+)?in\s+(?P<place>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,2})"
    r"(?:\s+(?:now|for\s+good|after\s+(?:a|an|two|three|\d+)\s+(?:\w+\s+)?(?:years?|months?)(?:\s+(?:abroad|away))?))?$"
)


def back_home_in(clause: str) -> str | None:
    m = _BACK_IN.match(clause.strip())
    return f"I live in {m.group('place')}" if m else None


# "my partner (Sam) is a nurse", "our son (Max) just turned 9": a name in brackets after one's own person.
_NAME_IN_BRACKETS = re.compile(
    rf"(?i)\b(?P<own>my|our)\s+(?P<who>{_PARTNER}|son|daughter|sister|brother|mum|mom|dad|kid|baby|dog|cat)"
    r"\s*\(\s*(?P<name>(?-i:[A-Z][a-z'-]+))\s*\)"
)


def name_unbracketed(sentence: str) -> str:
    if "(" not in sentence:
        return sentence
    return _NAME_IN_BRACKETS.sub(lambda m: f"{m.group('own')} {m.group('who')} {m.group('name')}", sentence)


# "originally from Kenya, now in London", "from Porto, living in Leeds": where one is from and lives, said
# as chat says it, without "I".
_FROM_NOW_IN = re.compile(
    r"(?i)^(?:i\s*(?:'m|\s+am)\s+)?(?P<orig>originally\s+)?from\s+(?P<old>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?)"
    r"(?:\s+originally)?\s*(?:,|;|but|and)\s*(?:but\s+|and\s+)?(?:i\s*(?:'m|\s+am)\s+)?(?:now\s+|currently\s+)?"
    r"(?:living\s+in|based\s+in|in|live\s+in)\s+(?P<new>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?)"
    r"(?:\s+(?:now|these\s+days))?[\s.!]*$"
)


def from_and_now_in(sentence: str) -> str:
    """ "I am from Kenya and I live in London" for the chat forms above; the sentence as it was otherwise."""
    m = _FROM_NOW_IN.match(sentence.strip())
    if m is None:
        return sentence
    return f"I am from {m.group('old')} and I live in {m.group('new')}"


# "can you reply in Spanish from now on", "keep it short going forward": a standing ask with its marker said
# last; read as the ask alone ("keep it short"), else as an "always" ask ("always reply in Spanish").
_STANDING_LAST = re.compile(
    r"(?i)^(?P<body>.+?)\s*,?\s+(?:from\s+now\s+on|going\s+forward|in\s+future|from\s+here\s+on)[\s.!?]*$"
)


def standing_ask(body: str) -> tuple[str, str] | None:
    m = _STANDING_LAST.match(body.strip())
    return (m.group("body"), f"always {m.group('body')}") if m else None


# "my step-daughter Mia": the relative the lexicon knows as "stepdaughter".
_STEP_HYPHEN = re.compile(r"(?i)\bstep-(?=(?:son|daughter|mother|father|mom|mum|dad|brother|sister|kids|children)\b)")


def step_joined(sentence: str) -> str:
    if "step-" not in sentence.lower():
        return sentence
    return _STEP_HYPHEN.sub("step", sentence)


# "I have a 5 year old", "we have a newborn": a child, said by their age, is no belonging.
_CHILD_BY_AGE = re.compile(
    r"(?i)^The user has an?\s+(?:(?P<age>\d{1,2})[\s-]+(?:year|yr)s?[\s-]+old|(?P<baby>newborn))$"
)


def child_had(text: str, slot: str | None) -> tuple[str, str] | None:
    """(text, slot) of a child said by their age where a rule read a belonging; None for anything else."""
    m = _CHILD_BY_AGE.match(text) if slot and slot.startswith("own:") else None
    if m is None:
        return None
    if m.group("baby"):
        return "The user has a newborn baby", "family:baby"
    age = m.group("age")
    return f"The user has a {age}-year-old child", f"family:child:{age}-year-old"


# A medicine one is on: "I'm on sertraline for anxiety", "been on statins since 2020" ("I take X" is read by
# the habit frames, on its own slot, which its endings find). Named by the endings of drug names or by a word
# for medicine; "I'm on a diet", "I'm on call" name none.
_DRUG_ENDINGS = (
    r"(?:oxetine|aline|pram|azepam|olol|pril|sartan|statin|statins|formin|azole|cillin|mycin|afaxine|tidine"
    r"|prazole|xaban|lukast|thyroxine|triptan|profen|amol|ipine|idone|etamine|phetamine|prazine|zepam|barbital"
    r"|dronate|parin|arin|olone|isone|asone|mide|thiazide|gliptin|glutide|mab)"
)
_MEDICINE_WORDS = (
    r"(?:meds|medication|medicine|pills|tablets|antidepressants|antihistamines|beta\s+blockers|blood\s+thinners"
    r"|the\s+pill|birth\s+control|hrt|an\s+inhaler|inhalers|steroids|antibiotics|iron\s+tablets|vitamin\s+d"
    r"|(?:blood\s+pressure|thyroid|adhd|anxiety|heart|cholesterol|diabetes|sleeping)\s+(?:meds|medication|pills|tablets))"
)
_ON_MEDICINE = re.compile(
    r"(?i)^i\s+(?:am\s+(?:still\s+|now\s+)?on|have\s+been\s+on)\s+"
    rf"(?P<med>(?:(?:a\s+low\s+dose\s+of|low[\s-]dose)\s+)?(?:[a-z]+{_DRUG_ENDINGS}|{_MEDICINE_WORDS}))"
    r"(?:\s+for\s+(?P<cond>[a-z][a-z\s'-]{1,30}?))?(?:\s+(?:now|daily|every\s+day|every\s+morning"
    r"|every\s+night|twice\s+a\s+day))?[\s.!]*$"
)


# Coming off a medicine, said many ways and often without "I" ("came off the sertraline in june", "got off the
# antidepressants", "weaned myself off citalopram", "tapered off the steroids"): an ending, said as the endings read
# it ("I came off ..."). What one comes off that is no medicine or programme is none ("came off my bike").
_OFF_GATE = re.compile(r"(?i)\boff\b")
_OFF_MEDICINE = re.compile(
    r"(?i)^(?:i\s+)?(?P<adv>(?:(?:have|had|just|finally|recently|slowly|gradually|completely|officially)\s+)*)"
    r"(?:came|come|got|weaned\s+(?:myself\s+)?|tapered)\s*off\s+(?:of\s+)?"
    rf"(?P<med>(?:(?:the|my|all\s+my)\s+)?(?:[a-z]+{_DRUG_ENDINGS}|{_MEDICINE_WORDS}|(?:the\s+)?pill))\b"
)
_PROGRAMMES = re.compile(r"(?i)^(?:the\s+|my\s+)?(?:[\w-]+\s+)?(?:diet|programme|program|plan|rota|contract|keto)\b")


def off_medicine(clause: str) -> str:
    """ "came off the sertraline in june" -> "I came off the sertraline in june"; any other clause as it is."""
    if not _OFF_GATE.search(clause):
        return clause
    m = _OFF_MEDICINE.match(clause.strip())
    return f"I {m.group('adv')}came off {m.group('med')}{clause.strip()[m.end() :]}" if m else clause


def one_comes_off(thing: str) -> bool:
    """True for what one is on and comes off: a medicine ("the sertraline", "the pill") or a programme ("keto")."""
    med = re.match(
        rf"(?i)^(?:(?:the|my|all\s+my)\s+)?(?:[a-z]+{_DRUG_ENDINGS}|{_MEDICINE_WORDS}|(?:the\s+)?pill)\b", thing
    )
    return bool(med or _PROGRAMMES.match(thing))


def medicine_taken(clause: str) -> tuple[str, str] | None:
    """(what is said after "The user", the slot's key) for a medicine one takes ("is on sertraline for anxiety",
    "sertraline"); None for anything else."""
    m = _ON_MEDICINE.match(clause.strip())
    if m is None:
        return None
    med = " ".join(m.group("med").split())
    med = med if med[:1].isupper() or len(med) < 4 else med[0].lower() + med[1:]
    cond = " for " + re.sub(r"(?i)^my\b", "their", " ".join(m.group("cond").split())) if m.group("cond") else ""
    return f"takes {med}{cond}", re.sub(r"(?i)^(?:the|an?)\s+", "", med)


# "so I have a girlfriend now. she's called Mia", "I got a puppy!! his name is Rex": a name given in the next
# breath to the one just introduced, joined to it as the frames read it ("I got a puppy, his name is Rex").
_NAMED_NEXT = re.compile(
    r"(?P<intro>\b(?i:i|we)\s+(?i:have|got|adopted|have\s+got|just\s+got|just\s+adopted)\s+(?i:an?)\s+(?:(?i:new)\s+)?"
    r"(?i:[a-z]+))(?:\s+(?i:now))?\s*(?:[.!]+|,)\s+"
    r"(?P<named>(?i:she|he|it)(?:'s|\s+(?i:is))\s+(?i:called|named)\s+[A-Z][\w'-]*|(?i:her|his|its)\s+(?i:name)(?:'s|\s+(?i:is))\s+[A-Z][\w'-]*)"
)


_NAME_IS = re.compile(r"(?i)name's")


def name_joined(text: str) -> str:
    if "name" not in text and "called" not in text:
        return text
    return _NAMED_NEXT.sub(lambda m: m.group("intro") + ", " + _NAME_IS.sub("name is", m.group("named")), text)


# A break-up or an engagement said without the frames' words: "I got dumped", "she dumped me", "I just got out of
# a relationship", "my boyfriend proposed", "I moved in with my girlfriend": the same news as the frames read it.
_BROKE_UP = re.compile(
    r"(?i)^(?:i\s+(?:just\s+|finally\s+)?(?:got|was|have\s+been)\s+dumped|(?:he|she|they)\s+(?:just\s+)?dumped\s+me"
    r"|i\s+(?:just\s+|finally\s+)?dumped\s+(?:him|her|them)|i\s+(?:have\s+)?(?:just\s+)?got\s+out\s+of\s+a\s+"
    r"(?:long\s+|long-term\s+|\d+[\s-]year\s+)?relationship|i\s+am\s+(?:newly|recently)\s+single)[\s.!]*$"
)
_PROPOSED = re.compile(rf"(?i)^my\s+(?P<rel>{_PARTNER})\s+(?:just\s+|finally\s+)?proposed(?:\s+to\s+me)?[\s.!]*$")
_MOVED_IN_WITH = re.compile(
    rf"(?i)^i\s+(?:just\s+|finally\s+)?(?:have\s+)?moved\s+in\s+with\s+my\s+(?P<rel>{_PARTNER})"
    rf"(?:\s+(?P<name>{_NAME}))?[\s.!]*$"
)


def relationship_news(clause: str) -> str | None:
    """The statement the frames read ("we broke up", "I am engaged", "I have a girlfriend") for the news above;
    None for any other clause."""
    said = clause.strip()
    if _BROKE_UP.match(said):
        return "we broke up"
    if _PROPOSED.match(said):
        return "I am engaged"
    if m := _MOVED_IN_WITH.match(said):
        rel = m.group("rel").lower()
        return f"my {rel} is {m.group('name')}" if m.group("name") else f"I have a {rel}"
    return None


# "I'm a dad of two", "I'm a mom of three boys", "single mum of 2": one's children, counted.
_PARENT_OF = re.compile(
    r"(?i)^i\s+am\s+(?:a\s+)?(?:(?:proud|busy|single|working|tired|stay[\s-]at[\s-]home)\s+)*"
    r"(?:dad|mum|mom|mother|father|parent|mama|papa)\s+of\s+(?P<n>two|three|four|five|six|[2-9])"
    r"(?:\s+(?P<kids>boys|girls|kids|children|sons|daughters))?(?:\s+(?:now|here))?[\s.!,]*$"
)


def parent_of(clause: str) -> str | None:
    m = _PARENT_OF.match(clause.strip())
    return f"I have {m.group('n')} {(m.group('kids') or 'kids').lower()}" if m else None
