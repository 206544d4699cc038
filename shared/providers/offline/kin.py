"""The people and animals of the user's life, their health and their tastes, as chat says them.

Rewrites that put a chat form back into the plain clause the extraction rules already read; nothing
here makes a fact itself, except the few health and death forms at the end (which return drafts' parts).

- **Pronouns pointing back at a relative** (``resolve_pronouns``): "my sister finally found a flat. she
  moved to Leeds" -> "... my sister moved to Leeds". A subject "she"/"he" at the start of a clause takes
  the one relative said before it, in the same message or else in the speaker's previous turn, whose
  gender fits ("sister" is a she, "cousin" either). Anyone else said before who could be meant (a second
  relative who fits, a friend, a pet, a person's name) makes it ambiguous, and then nothing is rewritten.
- **A name given as the answer to one's own question** (``fragments_said``): "my dog? Biscuit. a beagle"
  -> "my dog is called Biscuit. a beagle".
- **Health said as a noun phrase** (``said_plainly``): "celiac here", "type 1 diabetic since 2010",
  "bad knee, so ..." -> "I'm celiac", "I have type 1 diabetes since 2010", "I have a bad knee".
- **Casual tastes and news without their "I"**: "cant stand olives", "huge fan of the Mets", "i really
  dig jazz", "love me some sushi", "got a new job at Acme".

Pure functions over English text (the caller checks the language).
"""

from __future__ import annotations

import re


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_FEMALE = _words("""
    sister mother mom mum mama grandmother grandma granny gran nan nana nanna aunt auntie niece daughter
    wife girlfriend gf fiancee fiancée stepmother stepmom stepsister stepdaughter mother-in-law sister-in-law
    daughter-in-law goddaughter""")
_MALE = _words("""
    brother father dad papa grandfather grandpa grandad granddad uncle nephew son husband boyfriend bf fiance
    fiancé stepfather stepdad stepbrother stepson father-in-law brother-in-law son-in-law godson""")
_EITHER = _words("""
    partner spouse cousin kid child baby toddler teenager eldest youngest oldest newborn twin sibling
    grandchild grandkid""")
# Who else a "she" or "he" could mean: never resolved to, but they make a pronoun ambiguous.
_OTHERS = _words("""
    friend bestie boss manager colleague coworker co-worker roommate flatmate housemate mentor neighbour neighbor
    teacher doctor dog cat puppy kitten rabbit bunny hamster parrot horse pony ferret""")
_RELATIVES = _FEMALE | _MALE | _EITHER
# One's own people as said in the plural, or by a word used of one's child ("my boy"): with ``_RELATIVES``,
# every word for one's family (``talk`` reads a relative's news with the same list).
_FAMILY_PLURALS = _words("kids children boys girls twins sons daughters parents grandparents siblings cousins boy girl")
FAMILY_WORDS = _RELATIVES | _FAMILY_PLURALS
_MENTION = re.compile(
    r"(?i)\b(?P<own>my|our)\s+(?:(?:little|older|younger|big|baby|twin|eldest|youngest|oldest|old|best|new)\s+)?"
    r"(?P<who>(?:step|half)?[a-z]+(?:-in-law)?)\b"
)
# A person's name said on its own ("met Anna"): a capitalised word that does not start a sentence, is no
# place (after "in", "to", ...) and does not name the relative just said ("my sister Anna").
_CAPITALISED = re.compile(r"(?<![.!?]\s)(?<!^)\b(?P<name>[A-Z][a-z]+)\b")
_PLACE_BEFORE = re.compile(
    r"(?i)(?:\b(?:in|to|from|at|near|on|into|for|outside|around|called|named|is|'s)\s+|[,.!?]\s*)$"
)
_NOT_PERSONS = _words("""
    I I'm I've I'd I'll Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April
    May June July August September October November December Christmas Easter""")
# A subject pronoun that starts a clause: at the start, after a full stop, a comma or a joining word.
_PRONOUN = re.compile(
    r"(?i)(?:^|(?<=[.!?;:]\s)|(?<=,\s)|(?<=\band\s)|(?<=\bbut\s)|(?<=\bso\s)|(?<=\bnow\s))"
    r"(?P<p>she|he)(?P<be>'s|\s+is|\s+has|\s+was)?\b(?!')"
)


def _mentions(text: str) -> list[tuple[int, str, str]]:
    """(position, kind, word) of everyone said in ``text``: kind is "she", "he", "either" (a relative) or
    "other" (who is never resolved to, but makes a pronoun ambiguous)."""
    found: list[tuple[int, str, str]] = []
    for m in _MENTION.finditer(text):
        word = m.group("who").lower()
        kind = ("she" if word in _FEMALE else "he" if word in _MALE else "either" if word in _EITHER else None) or (
            "other" if word in _OTHERS or word.rstrip("s") in _OTHERS else None
        )
        whose = re.match(r"['’]s\s+(?:(?:best|new|old|little|older|younger)\s+)?(?P<who>[a-z-]+)", text[m.end() :])
        if kind and whose and (whose.group("who") in _RELATIVES | _OTHERS or whose.group("who").rstrip("s") in _OTHERS):
            kind = "other"  # "my son's friend": someone else, named by whose they are ("my son's birthday" is his)
        if kind:
            found.append((m.start(), kind, text[m.start() : m.end()]))
    relatives_end = [m.end() for m in _MENTION.finditer(text)]
    for m in _CAPITALISED.finditer(text):
        name = m.group("name")
        if name in _NOT_PERSONS or _PLACE_BEFORE.search(text[: m.start()]):
            continue
        if any(0 <= m.start() - end <= 2 for end in relatives_end):
            continue  # "my sister Anna": the relative's own name
        found.append((m.start(), "other", name))
    return sorted(found)


def _relatives_names(text: str) -> frozenset[str]:
    """The names ``text`` gives its speaker's relatives: "Sami" in "my brother Sami", "our daughter Ivy"."""
    return frozenset(
        name.group("name")
        for m in _MENTION.finditer(text)
        if m.group("who").lower() in _RELATIVES
        and (name := re.match(r"\s*,?\s*(?P<name>[A-Z][a-z]+)\b", text[m.end() :]))
        and name.group("name") not in _NOT_PERSONS
    )


def mentions(text: str) -> list[tuple[int, str, str]]:
    """Everyone ``text`` names (see ``_mentions``): one's people, others, and persons by name."""
    return _mentions(text)


def _fits(pronoun: str, kind: str) -> bool:
    return kind in (pronoun, "either", "other")


def _one_relative(mentions: list[tuple[int, str, str]], pronoun: str) -> str | None:
    """The one mention a pronoun can mean, when it is a relative; None when none or several could."""
    fitting = {(kind, said.lower().split(" ", 1)[-1]) for _, kind, said in mentions if _fits(pronoun, kind)}
    if len(fitting) != 1:
        return None
    ((kind, word),) = fitting
    said = next(said for _, k, said in mentions if k == kind and said.lower().split(" ", 1)[-1] == word)
    return None if kind == "other" else "my " + said.split(" ", 1)[1]


def one_meant(before: str, pronoun: str) -> str | None:
    """The one relative ("my son") a clause-initial ``pronoun`` said after ``before`` can mean, or None when
    none or more than one fit: a second relative of that gender, a named person or someone else's person
    ("my son's friend") makes it ambiguous. The one authority on what a "she" or "he" stands for."""
    return _one_relative(_mentions(before), pronoun.lower())


def resolve_pronouns(text: str, earlier: str | None = None, between: tuple[str, ...] = ()) -> str:
    """``text`` with each clause-initial "she"/"he" replaced by the one relative it can mean: one said
    before it in ``text``, or (when ``text`` says nobody before it) in ``earlier``, the speaker's previous
    turn, provided no message ``between`` them says someone else it could mean."""
    if not _PRONOUN.search(text):
        return text
    own = _mentions(text)
    before_turn = _mentions(earlier) if earlier else []
    # "my brother Sami ..." / (the other) "is Sami still a paramedic?" / "he is, he's been one for years": the
    # name the other speaker asks after is the relative the speaker named, no one else who could be meant.
    own_names = _relatives_names(earlier) if earlier else frozenset()
    said_between = [m for said in between for m in _mentions(said) if not (m[1] == "other" and m[2] in own_names)]
    out, last = [], 0
    for m in _PRONOUN.finditer(text):
        pronoun = m.group("p").lower()
        here = [x for x in own if x[0] < m.start()]
        if any(_fits(pronoun, kind) for _, kind, _ in here):
            relative = _one_relative(here, pronoun)
        elif any(_fits(pronoun, kind) for _, kind, _ in said_between):
            relative = None  # someone the other speaker or the assistant named could be meant as well
        else:
            relative = _one_relative(before_turn, pronoun)
        if relative is None:
            continue
        be = (m.group("be") or "").strip().lower()
        rest = text[m.end() :]
        verb = {"'s": "has" if re.match(r"\s+(?:got|been|had)\b", rest) else "is", "": ""}.get(be, be)
        out.append(text[last : m.start()])
        out.append(f"{relative} {verb}".rstrip() if verb else relative)
        last = m.end()
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)


# "my dog? Biscuit.", "our cat? Miso, a tabby", "my wife? Priya": a question one answers oneself, with a name.
_SELF_ASKED = re.compile(
    r"(?i)(?:^|(?<=[.!]\s))(?P<who>(?:my|our)\s+(?:[a-z]+\s+)?[a-z-]+)\s*\?+\s*"
    r"(?P<name>(?-i:[A-Z])[a-z]+)(?=\s*(?:[.,!;]|$))"
)
_NAMEABLE = _RELATIVES | _words("""
    dog cat puppy kitten rabbit bunny hamster parrot bird horse pony ferret gecko budgie tortoise turtle
    snake lizard""")
_NO_NAMES = _words("""
    Ugh Yes Yeah Yep No Nope Nah Lol Haha Ha Oh Well Hmm Meh Sure Ok Okay Dunno Nothing None Never Long
    Dont Don't Please Pls Guess Same Both""")


def fragments_said(text: str) -> str:
    """ "my dog? Biscuit. a beagle" -> "my dog is called Biscuit. a beagle"."""

    def said(m: re.Match[str]) -> str:
        who, name = m.group("who"), m.group("name")
        if who.lower().split()[-1] not in _NAMEABLE or name in _NO_NAMES:
            return m.group(0)
        return f"{who} is called {name}"

    return _SELF_ASKED.sub(said, text)


# Sentences the clause split would cut apart at their "and" (or a question mark): read whole, before it.
_SENTENCE = re.compile(r"[^.!\n]+[.!]*")
# "pineapple on pizza? love it": a thing asked of oneself, then the taste ("love it", "hate them").
_TASTE_ANSWERED = re.compile(
    r"(?i)^(?P<x>[^?]{2,40})\?+\s*(?:(?:honestly|tbh|ngl|lol|ugh|omg|oh)\W*\s*)?(?P<verb>love|hate|adore|loathe|like)\s+"
    r"(?:it|them)\b[^?]*$"
)
_NOT_A_THING = re.compile(
    r"(?i)^(?:what|how|why|when|where|who|which|do|does|did|can|could|should|would|will|want|wanna|are|is|was|were"
    r"|have|has|any|you|u|it|that|this|the\s+answer|ok|okay|really|seriously|right)\b"
)


# A taste that turned: "i used to hate olives but now i love them", "changed my mind about coffee, love it now".
_TASTE_TURNED = re.compile(
    r"(?i)^(?:i\s+used\s+to\s+(?:hate|dislike|love|like|loathe)\s+(?P<x>[\w' -]{2,30}?)\s*,?\s+(?:but\s+)?now\s+"
    r"(?:i\s+)?"
    r"|(?:i\s+)?changed\s+my\s+mind\s+(?:about|on)\s+(?P<x2>[\w' -]{2,30}?)\s*,\s*(?:i\s+)?)"
    r"(?P<new>love|like|hate|adore|enjoy|dislike)\s+(?:them|it)(?:\s+now)?$"
)
# Children counted in a fragment of one's own sentence: "We're a family of four, two boys, so ...".
_COUNTED_KIDS = re.compile(
    r"(?i)(?:^|,\s*)(?P<n>two|three|four|five|six|[2-9])\s+(?P<kids>boys|girls|kids|children|sons|daughters)"
    r"(?=\s*(?:,|$|\s+and\s+an?\s+\w+\s*(?:,|$)))"
)
_OWN_SENTENCE = re.compile(r"(?i)^(?:we|we'?re|we\s+are|i|i'?m|i\s+am|our|my)\b")


def _kids_counted(body: str) -> str | None:
    """ "I have two sons" for the count said as a fragment of a sentence the speaker says of themselves."""
    if not _OWN_SENTENCE.match(body):
        return None
    m = _COUNTED_KIDS.search(body)
    if m is None or m.start() == 0:
        return None
    return f"I have {m.group('n')} {_KIDS_SAID.get(m.group('kids').lower(), m.group('kids').lower())}"


def sentences_said(text: str) -> str:
    """ "laurent and i are done" -> "laurent and i broke up"; "me and Tomas split up last month" -> "Tomas
    and i broke up last month"; "born and raised in Cork" -> "I am from Cork"."""

    def said(m: re.Match[str]) -> str:
        sentence = m.group(0)
        body = sentence.strip()
        end = len(body.rstrip(".!?"))
        head, comma, tail = body[:end].partition(",")
        head = re.sub(r"(?i)^(?:ugh|so|well|welp|yeah|anyway|update)\W+", "", head.strip())
        lead = sentence[: len(sentence) - len(sentence.lstrip())]
        if found := _DONE_TOGETHER.match(head) or _ME_AND.match(head):
            plain = f"{found.group('who')} and i broke up{found.group('tail')}"
        elif found := _TASTE_TURNED.match(body[:end]):
            plain = f"I {found.group('new').lower()} {(found.group('x') or found.group('x2')).strip()} now"
            return f"{lead}{plain}." + sentence[len(sentence.rstrip()) :]
        elif found := _BORN_AND_RAISED.match(head):
            plain = f"I am from {found.group('place')}"
        elif kids := _kids_counted(body[:end]):
            return f"{sentence.rstrip().rstrip('.!')}. {kids}." + sentence[len(sentence.rstrip()) :]
        elif found := _TASTE_ANSWERED.match(body):
            x, verb = found.group("x").strip(), found.group("verb").lower()
            if _NOT_A_THING.match(x) or len(x.split()) > 5:
                return sentence
            return f"{lead}I {verb} {x}." + sentence[len(sentence.rstrip()) :]
        else:
            return sentence
        return f"{lead}{plain}{comma}{tail}{body[end:]}" + sentence[len(sentence.rstrip()) :]

    return _SENTENCE.sub(said, text)


# --- one clause said plainly ---------------------------------------------------------------------

_SUBJECT = r"(?:(?:i'?m|i\s+am)\s+(?:a\s+)?)?"
# A condition said as an adjective, and its noun: "diabetic" is "has diabetes".
_CONDITION_NOUN = {
    "diabetic": "diabetes",
    "asthmatic": "asthma",
    "epileptic": "epilepsy",
    "anaemic": "anaemia",
    "anemic": "anemia",
    "arthritic": "arthritis",
    "dyslexic": "dyslexia",
    "insomniac": "insomnia",
}
_CONDITION_SAID = re.compile(
    rf"(?i)^{_SUBJECT}(?P<kind>type\s*[12]\s+|pre-?)?(?P<cond>{'|'.join(_CONDITION_NOUN)})"
    r"(?:\s+here)?(?P<rest>(?:\s+(?:since|for)\b.*)?)$"
)
_CELIAC = re.compile(r"(?i)^(?P<cond>c(?:o)?eliac|lactose[\s-]intolerant|gluten[\s-]intolerant)\s+here$")
_BODY_PARTS = (
    r"(?:knees?|back|lower\s+back|hips?|shoulders?|ankles?|wrists?|neck|elbows?|foot|feet|legs?|hamstrings?"
    r"|achilles|heart|hand)"
)
_BAD_PART = re.compile(
    rf"(?i)^(?:i\s+have\s+|i\s+got\s+|i'?ve\s+got\s+|got\s+)?(?:an?\s+)?(?P<how>bad|dodgy|gammy|bum|weak|busted|wonky"
    rf"|trick|injured|knackered|crook)\s+(?P<part>{_BODY_PARTS})(?P<rest>(?:\s+(?:from|since|after)\b.*)?)$"
)
_TASTE = (
    (re.compile(r"(?i)^(?:i\s+)?(?:really\s+|totally\s+)?dig\s+(?=\w)"), "I like "),
    (re.compile(r"(?i)^(?:i'?ve\s+|i\s+have\s+)?(?:finally\s+)?come\s+(?:a)?round\s+(?:on|to)\s+(?=\w)"), "I like "),
    (re.compile(r"(?i)^(?:i\s+)?(?:just\s+)?can'?t\s+get\s+enough\s+of\s+(?=\w)"), "I love "),
    (
        re.compile(r"(?i)^(?:i'?m\s+|i\s+am\s+)?(?:a\s+(?:total\s+|real\s+|huge\s+|big\s+)?)sucker\s+for\s+(?=\w)"),
        "I love ",
    ),
    (
        re.compile(r"(?i)^(?:i'?m\s+|i\s+am\s+)?not\s+(?:very\s+|that\s+|too\s+|really\s+)?big\s+on\s+(?=\w)"),
        "I am not a fan of ",
    ),
    (
        re.compile(
            r"(?i)^(?:my\s+)?(?:fave|fav|favourite|favorite)\s+(?P<kind>[a-z]+(?:\s+[a-z]+)?)\s+(?:is|=)\s+(?=\w)"
        ),
        "my favourite {kind} is ",
    ),
    (re.compile(r"(?i)^(?:i\s+)?love\s+me\s+some\s+(?=\w)"), "I love "),
    (re.compile(r"(?i)^(?:really\s+|just\s+)?can'?t\s+stand\s+(?=\w)"), "I can't stand "),
    (
        re.compile(r"(?i)^(?:a\s+)?(?P<how>big|huge|massive|long-?time|lifelong)\s+fan\s+of\s+(?=the\s+(?-i:[A-Z]))"),
        "I am a {how} fan of ",
    ),
)
# A breakup said casually: "laurent and i are done", "me and Tomas split up" (read as "X and I broke up";
# the breakup rule itself keeps a relative or a common word from being taken for a partner).
_WHEN_TAIL = (
    r"(?P<tail>(?:\s+(?:last|this|in|on|over|a|an|two|three|a\s+few|yesterday|today|recently|earlier|officially)"
    r"\b[^,]*)?)"
)
_DONE_TOGETHER = re.compile(
    rf"(?i)^(?P<who>my\s+[a-z]+|[\w'-]+)\s+and\s+i\s+are\s+(?:done|over|through|finished){_WHEN_TAIL}$"
)
_ME_AND = re.compile(
    r"(?i)^me\s+and\s+(?P<who>my\s+[a-z]+|[\w'-]+)\s+(?:(?:just|finally|officially)\s+)?(?:broke\s+up|split\s+up|split"
    rf"|separated|called\s+it\s+quits|are\s+(?:done|over|through)){_WHEN_TAIL}$"
)
# A baby on the way, said by its place in the family: "we're expecting our first" (a baby, unsaid).
_EXPECTING = re.compile(
    r"(?i)^(?P<head>(?:we'?re|we\s+are|i'?m|i\s+am)\s+)?expecting\s+(?P<whose>our|my)\s+"
    r"(?P<nth>first|second|third|fourth|1st|2nd|3rd)(?=\s*(?:$|[,.!]|(?:in|this|next|on|around|soon|due|any)\b))"
)
# Where the user lives or comes from, said casually.
_PLACE = r"(?P<place>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+){0,2})"
_BORN_AND_RAISED = re.compile(rf"(?i)^(?:i\s+was\s+)?born\s+and\s+(?:raised|bred)\s+in\s+{_PLACE}$")
_IN_PLACE_NOW = re.compile(
    rf"(?i)^(?:i'?m|i\s+am|we'?re|we\s+are)\s+(?:(?:over|out|down|up)\s+)?in\s+{_PLACE}\s+(?:now|these\s+days|nowadays"
    r"|for\s+good)$"
)
_NEW_HOME = re.compile(
    rf"(?i)^(?:our|my)\s+new\s+(?:place|flat|house|apartment|home|pad)\s+in\s+{_PLACE}(?:\s+(?:is|has|was)\b.*)?$"
)
_PLACE_BASED = re.compile(
    r"(?i)^(?P<place>[a-z][a-z'-]+)-based\s+(?P<role>[a-z]+(?:\s+(?!here\b)[a-z]+)?)(?:\s+here)?$"
)
# A parent saying how many children: "mum of two here", "dad of 3 boys".
_PARENT_OF = re.compile(
    r"(?i)^(?:a\s+)?(?:proud\s+|single\s+|busy\s+|tired\s+)?(?:mum|mom|mother|mama|dad|father|papa|parent)\s+(?:of|to)\s+"
    r"(?P<n>two|three|four|five|six|[2-9])(?:\s+(?P<kids>kids|boys|girls|children|daughters|sons|little\s+ones))?"
    r"(?:\s+here)?$"
)
_KIDS_SAID = {"boys": "sons", "girls": "daughters", "little ones": "kids", "children": "children"}
_KIDS_SAID |= {"daughters": "daughters", "sons": "sons"}
# An allergy without its "I": "allergic to shellfish btw", "severely allergic to nuts".
_ALLERGIC = re.compile(
    r"(?i)^(?P<said>(?:(?:very|severely|mildly|super|deathly|really)\s+)?(?:allergic|intolerant)\s+to\s+\w)"
)
_HAVE_CELIAC = re.compile(r"(?i)^(?:i\s+have|i'?ve\s+got|got)\s+(?P<c>c(?:o)?eliac)(?:'s)?$")
# A pet named in a fragment of its own: "a lab called Bear", "a ginger tabby named Mog".
_BREEDS = (
    r"lab|labrador|lop|beagle|spaniel|terrier|collie|corgi|poodle|dachshund|greyhound|whippet|husky|pug|bulldog"
    r"|retriever|labradoodle|cockapoo|cavapoo|schnauzer|chihuahua|lurcher|staffie|staffy|tabby|moggy|ragdoll"
    r"|dog|cat|puppy|pup|kitten|rabbit|bunny|hamster|parrot|budgie|tortoise|guinea\s+pig"
)
_A_PET_CALLED = re.compile(
    rf"(?i)^an?\s+(?:(?:little|tiny|big|rescue|ginger|black|white|grey|old|young|new)\s+)?(?P<pet>{_BREEDS})\s+"
    r"(?:called|named)\s+(?P<name>(?-i:[A-Z])[a-z]+)$"
)
_BREED_SAID = {"lab": "labrador"}
# A new job said without its "I": "got a new job at Acme", "finally landed a job with Brightwell".
_NEW_JOB = re.compile(
    r"(?i)^(?:(?:just|finally|officially)\s+)*(?:got|landed|scored|started)\s+(?:a|an|my|the)\s+(?:new\s+|first\s+)?"
    r"(?:job|position|role)\s+(?=(?:at|with)\s+(?-i:[A-Z]))"
)


def said_plainly(clause: str) -> str:
    """The clause as the rules read it, when it is one of this module's chat forms; else as it is. What
    follows a comma after such a form is an afterthought ("celiac here, so no gluten pls"): the clause
    split has already set apart any statement after it."""
    head, comma, tail = clause.partition(",")
    if comma:
        plain = _said_plainly(head.strip())
        if plain != head.strip():
            return plain
        # "went fine, on crutches for 6 weeks now": the health said after a passing remark
        return f"I am {tail.strip()}" if _ON_AID.match(tail.strip()) else clause
    return _said_plainly(clause)


# A taste said of a thing first: "matcha is my guilty pleasure", "olives are growing on me".
_THING_LOVED = re.compile(
    r"(?i)^(?P<x>[\w' -]{2,40}?)\s+(?:is|are|'s)\s+(?:my\s+(?:guilty\s+pleasure|weakness|comfort\s+food|obsession)"
    r"|(?:really\s+|slowly\s+)?growing\s+on\s+me)$"
)


# "my dad's retired", "my mum's from Kerala": the "'s" of a relative before a state or a place is "is".
_RELATIVE_IS = re.compile(
    r"(?i)^(?P<who>(?:my|our)\s+(?P<rel>[a-z-]+))'s\s+(?=(?:(?:now|finally|originally)\s+)?(?:retired|from|based|living)\b)"
)


# "my kids are 5 and 8": children counted by their ages.
_NUMBER = (
    r"(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen)"
)
_AGES = re.compile(
    rf"(?i)^(?:my|our)\s+(?P<kids>kids|children|boys|girls|sons|daughters)\s+are\s+(?P<ages>{_NUMBER}(?:\s*,\s*{_NUMBER})*"
    rf"\s*(?:,\s*)?and\s+{_NUMBER})(?:\s+(?:years\s+old|now))?$"
)
_COUNT_WORD = {2: "two", 3: "three", 4: "four", 5: "five"}


# "i'm more into podcasts than music lately": a preference of one over the other.
_MORE_INTO = re.compile(
    r"(?i)^(?:i'?m\s+|i\s+am\s+)?(?:way\s+|much\s+|a\s+lot\s+)?more\s+(?:into|of\s+an?)\s+(?P<a>[\w' -]{2,30}?)\s+"
    r"(?:than|over)\s+(?P<b>[\w' -]{2,30}?)(?:\s+(?:lately|these\s+days|now|tbh|honestly))?$"
)


def _said_plainly(clause: str) -> str:
    if (m := _MORE_INTO.match(clause)) and not re.search(r"(?i)\bperson\b", m.group("a")):
        return f"I prefer {m.group('a')} over {m.group('b')}"
    if m := _AGES.match(clause):
        ages = re.split(r"\s*(?:,\s*and|,|and)\s*", m.group("ages"))
        kids = _KIDS_SAID.get(m.group("kids").lower(), m.group("kids").lower())
        return f"I have {_COUNT_WORD.get(len(ages), str(len(ages)))} {kids} aged {m.group('ages')}"
    if (m := _RELATIVE_IS.match(clause)) and m.group("rel").lower() in _RELATIVES:
        return f"{m.group('who')} is {clause[m.end() :]}"
    if (m := _THING_LOVED.match(clause)) and not re.match(
        r"(?i)(?:it|this|that|he|she|they|you|my|our)\b", m.group("x")
    ):
        return f"I like {m.group('x')}" + (" now" if "growing" in clause.lower() else "")
    if m := _CONDITION_SAID.match(clause):
        kind = (
            re.sub(r"\s+", " ", (m.group("kind") or "").lower()).replace("type1", "type 1").replace("type2", "type 2")
        )
        return f"I have {kind}{_CONDITION_NOUN[m.group('cond').lower()]}{m.group('rest')}"
    if m := _CELIAC.match(clause):
        return f"I'm {m.group('cond')}"
    if m := _BAD_PART.match(clause):
        return f"I have a {m.group('how').lower()} {m.group('part').lower()}{m.group('rest')}"
    if m := _PARENT_OF.match(clause):
        kids = _KIDS_SAID.get((m.group("kids") or "kids").lower(), "kids")
        return f"I have {m.group('n')} {kids}"
    if m := _ALLERGIC.match(clause):
        return f"I am {clause[m.start('said') :]}"
    if m := _HAVE_CELIAC.match(clause):
        return f"I have {m.group('c')} disease"
    if m := _A_PET_CALLED.match(clause):
        return f"I have a {_BREED_SAID.get(m.group('pet').lower(), m.group('pet'))} called {m.group('name')}"
    for pattern, lead in _TASTE:
        if m := pattern.match(clause):
            return lead.format(**m.groupdict()) + clause[m.end() :]
    if m := _NEW_JOB.match(clause):
        return "I started a new job " + clause[m.end() :]
    if m := _EXPECTING.match(clause):
        return f"we are expecting a baby{clause[m.end() :]}"
    if m := _IN_PLACE_NOW.match(clause) or _NEW_HOME.match(clause):
        return f"I live in {m.group('place')}"
    if (m := _PLACE_BASED.match(clause)) and m.group("role").split()[-1].endswith(_AGENT_ENDINGS):
        place = "-".join(w.capitalize() for w in m.group("place").split("-"))
        return f"I am {_article(m.group('role'))} {m.group('role')} in {place}"
    return clause


_AGENT_ENDINGS = ("er", "or", "ist", "ian", "ant", "ent", "eer")


_HEALTH_PART = re.compile(
    rf"(?i)^i\s+have\s+an?\s+(?P<how>[a-z]+)\s+(?P<part>{_BODY_PARTS})(?:\s+(?:from|since|after)\b.*)?$"
)


# An injury: "tore my acl", "I broke my wrist skiing"; "broke my phone" names no body part.
_INJURABLE = (
    r"(?:knees?|back|hips?|shoulders?|ankles?|wrists?|neck|elbows?|foot|legs?|arms?|hands?|fingers?|toes?|collarbone"
    r"|ribs?|acl|mcl|meniscus|achilles|hamstrings?|rotator\s+cuff|calf|nose|jaw|pelvis|spine|disc)"
)
_INJURY = re.compile(
    r"(?i)^(?:i\s+)?(?:(?:just|recently|finally|also)\s+)?(?:have\s+)?(?P<verb>broke|broken|tore|torn|sprained|fractured"
    rf"|dislocated|injured|ruptured|pulled|twisted|busted)\s+my\s+(?P<part>(?:left\s+|right\s+)?{_INJURABLE})\b"
)
_PAST_OF = {"broken": "broke", "torn": "tore"}
# An aid or a treatment one is on: "on crutches", "on insulin".
_ON_AID = re.compile(
    r"(?i)^(?:i\s+am\s+|i'?m\s+)?(?:still\s+|now\s+)?on\s+(?P<what>crutches|a\s+cane|insulin|blood\s+thinners"
    r"|antidepressants|chemo|dialysis)\b"
)


def health_said(clause: str) -> tuple[str, str] | None:
    """(what is said after "The user", the slot's key) for health said of a body part or an aid: "I have a
    bad knee" ("has a bad knee", "knee"), "tore my acl" ("tore their acl", "acl"), "on crutches"."""
    if (m := _HEALTH_PART.match(clause)) and _BAD_PART.match(clause):
        part = re.sub(r"\s+", " ", m.group("part").lower())
        how = m.group("how").lower()
        return f"has {_article(how)} {how} {part}", part.split()[-1].rstrip("s") or part
    if m := _INJURY.match(clause):
        part = re.sub(r"\s+", " ", m.group("part").lower())
        verb = m.group("verb").lower()
        return f"{_PAST_OF.get(verb, verb)} their {part}", part.split()[-1]
    if m := _ON_AID.match(clause):
        what = re.sub(r"\s+", " ", m.group("what").lower())
        return f"is on {what}", what.split()[-1]
    return None


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


# A death of one's own, by the form of the clause: "my gran died", "our old cat Marmalade passed away",
# "grandpa died" (a family word said as a name).
_CALLED_BY_KIN = r"mum|mom|mam|dad|papa|mama|grandpa|grandma|granny|grandad|granddad|nan|nana|nanna|gran"
_DIED = re.compile(
    rf"(?i)^(?:(?:my|our)\s+(?:(?:old|dear|beloved|sweet|late|little|lovely|poor)\s+)*(?P<rel>[a-z]+(?:-in-law)?)"
    rf"|(?P<kin>{_CALLED_BY_KIN}))(?:\s+(?P<name>(?-i:[A-Z])[a-z]+))?\s+(?:(?:has|had|just|sadly|finally)\s+)*"
    r"(?:passed\s+away|died|passed\s+on|passed)$"
)
_PETS = _words("""
    dog cat puppy kitten rabbit bunny hamster parrot bird horse pony ferret budgie tortoise""")


def died(clause: str) -> tuple[str, str, str] | None:
    """(who as said, what names them, their kind: "family" or "pet") for a death of one's own people or
    animals, or None."""
    m = _DIED.match(clause.strip())
    if m is None:
        return None
    rel = (m.group("rel") or m.group("kin")).lower()
    if rel not in _RELATIVES and rel not in _PETS and not m.group("kin"):
        return None
    name = m.group("name")
    who = f"{rel} {name}" if name else rel
    return who, (name or rel).lower(), "pet" if rel in _PETS else "family"


# Being somewhere for a while: "we're staying in Porto for a week", "I'm visiting family in Cork". A stay is
# no lasting fact about the user (where they live is said otherwise).
_STAY = re.compile(
    r"(?i)^(?:i|we)\s+(?:am|are|'m|'re)\s+(?:(?:currently|still|just)\s+)?(?:staying|visiting|travelling|traveling"
    r"|holidaying|backpacking|on\s+holiday|on\s+vacation|away)\b"
)


def is_a_stay(clause: str) -> bool:
    return bool(_STAY.match(clause))


# "Do you have any pets?" / "yeah a cat, Miso": a reply that counts what was asked about is what the user has.
_HAVE_ASKED = re.compile(
    r"(?i)(?:^|[.!?]\s+|,\s*)(?:so\s+|and\s+)?(?:(?:do|did)\s+you\s+(?:still\s+)?have\s+|got\s+)?(?:any\s+)"
    r"(?P<thing>kids|children|pets|dogs|cats|siblings|brothers|sisters|grandkids|grandchildren)\s*\?+\s*$"
    r"|(?i:(?:do|did)\s+you\s+(?:still\s+)?have\s+(?P<thing2>kids|children|pets|a\s+dog|a\s+cat|siblings))\s*\?+\s*$"
)
_COUNTED_REPLY = re.compile(
    r"(?i)^(?:(?:yes|yep|yeah|yup|ya|sure|ofc|of\s+course|haha|lol)\W+)*"
    r"(?P<n>a|an|one|two|three|four|five|six|[1-9])\b(?P<rest>.*)$"
)


def have_answered(question: str, reply: str) -> str | None:
    """ "I have a cat, Miso" for "do you have any pets?" / "yeah a cat, Miso"; "I have two kids, a boy and a
    girl" for "do you have kids?" / "yep two, a boy and a girl"; None when the reply counts nothing."""
    asked = _HAVE_ASKED.search(question.strip())
    counted = _COUNTED_REPLY.match(reply.strip())
    if asked is None or counted is None:
        return None
    thing = re.sub(r"^an?\s+", "", (asked.group("thing") or asked.group("thing2")).lower())
    n, rest = counted.group("n"), counted.group("rest")
    if re.match(r"\s*(?:,|$|\s+(?:of\s+them|lol|haha))", rest):
        if thing == "pets":
            return None  # "two": of what kind is not said
        return f"I have {n} {thing if n.lower() not in ('a', 'an', 'one', '1') else thing.rstrip('s')}{rest}"
    return f"I have {n}{rest}"


# A relative's age: "my son is 5", "my little brother is 16".
_AGE_OF = re.compile(
    r"(?i)^(?P<who>(?:my|our)\s+(?:(?:little|baby|big|older|younger|eldest|youngest|oldest)\s+)?(?P<rel>[a-z-]+))\s+"
    r"(?:is|'s)\s+(?P<age>\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen"
    r"|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)(?:\s+(?:years?\s+old|yrs?\s+old|yo|now|already))*$"
)


def relative_age(clause: str) -> tuple[str, str, str] | None:
    """(who as said, their relation, their age) for "my son is 5"; None for anything else."""
    m = _AGE_OF.match(clause.strip())
    if m is None or m.group("rel").lower() not in _RELATIVES:
        return None
    return m.group("who"), m.group("rel").lower(), m.group("age")


# "she's good, moved to Bath last month": a clause without a subject after one about someone else is theirs.
_SOMEONE_ELSE_FIRST = re.compile(r"(?i)^(?P<subj>she|he|they)\b[^,.!?]*,\s*(?:and\s+)?")
_PAST_NEXT = re.compile(
    r"(?i)(?:just\s+|finally\s+|also\s+|then\s+)?(?:moved|started|joined|left|quit|got|became|bought|sold|retired"
    r"|graduated|switched|relocated|went|began|finished|passed|had|found|lost|won)\b"
)


def subject_shared(text: str) -> str:
    """ "she's good, moved to Bath" -> "she's good, she moved to Bath": never the speaker's move."""

    def said(m: re.Match[str]) -> str:
        sentence = m.group(0)
        first = _SOMEONE_ELSE_FIRST.match(sentence.lstrip())
        if first is None:
            return sentence
        at = len(sentence) - len(sentence.lstrip()) + first.end()
        if not _PAST_NEXT.match(sentence, at):
            return sentence
        return f"{sentence[:at]}{first.group('subj')} {sentence[at:]}"

    return _SENTENCE.sub(said, text)


# "how's your mum?", "How is your brother settling in?": the relative the other speaker asks after.
_ASKED_AFTER = re.compile(r"(?i)\byour\s+(?P<rel>(?:little\s+|big\s+|older\s+|younger\s+)?[a-z-]+)\b")


_ASKS_AFTER = re.compile(r"(?i)^(?:(?:so|and|oh|hey|btw|anyway)\W+)*(?:how(?:'s|’s|s|\s+is|\s+are)|what\s+about|and)\s")


def asked_after(question: str) -> str | None:
    """The question as the replying speaker would say it ("my mum"), when it asks after one relative."""
    found = [m for m in _ASKED_AFTER.finditer(question) if m.group("rel").split()[-1].lower() in _RELATIVES]
    if len(found) != 1 or ("?" not in question and not _ASKS_AFTER.match(question.strip())):
        return None  # ("how's your mum" asks without its "?" in chat)
    return f"my {found[0].group('rel')}"


# --- a person named alone, after the speaker introduced them ---------------------------------------------

# Whom one names by name among one's people: a relative, or someone one has many of ("my friend Tom").
_INTRODUCED_AS = _RELATIVES | _words(
    "friend bestie colleague coworker co-worker roommate flatmate housemate neighbour neighbor"
)
# "my friend Tom", "my older sister Anna", "our neighbour Priya": the speaker's own introduction of a name.
_INTRODUCTION = re.compile(
    r"(?<!['’]s\s)\b(?P<who>(?i:my|our)\s+(?:(?i:best|older|younger|big|little|twin|eldest|youngest|new|old)\s+)?"
    r"(?P<rel>(?i:[a-z-]+)))\s*,?\s+(?P<name>[A-Z][a-z]+)\b"
)
# A name at the start of a clause, said as its subject ("Tom just started at Google", "Anna's moved to Leeds").
_NAME_FIRST = re.compile(
    r"(?:^|(?<=[.!?;]\s)|(?<=,\s)|(?<=\band\s)|(?<=\bbut\s)|(?<=\bso\s))(?P<name>[A-Z][a-z]+)(?=(?:['’]s)?\s+[a-z])"
    # never one of two subjects ("Karen and I are divorced") nor someone said with another ("Tom with his kids")
    r"(?!\s+(?:and|or|with|nor|plus|from|who|whose)\b)"
)


# How many of the speaker's earlier turns an introduction is looked for in.
_NAMES_LOOKBACK = 8


def _introductions(texts: tuple[str, ...]) -> dict[str, str]:
    """Name -> "my friend" for each name the texts introduce as one of the speaker's people; a name introduced
    as two different people is nobody's."""
    found: dict[str, str | None] = {}
    for text in texts:
        for m in _INTRODUCTION.finditer(text):
            if m.group("rel").lower() not in _INTRODUCED_AS or m.group("name") in _NOT_PERSONS:
                continue
            who = m.group("who").lower()
            found[m.group("name")] = who if found.get(m.group("name"), who) == who else None
    return {name: who for name, who in found.items() if who}


def names_introduced(text: str, earlier: tuple[str, ...] = ()) -> str:
    """``text`` with a name said alone as a clause's subject ("Tom just started at Google") said with who the
    speaker introduced them as, in ``earlier`` turns of theirs or earlier in ``text`` ("my friend Tom just
    started at Google"). A name nobody introduced, or the speaker's introduction of it itself, stays as said."""
    starts = [m for m in _NAME_FIRST.finditer(text) if m.group("name") not in _NOT_PERSONS]
    if not starts:
        return text
    before = _introductions(earlier[-_NAMES_LOOKBACK:])
    if not before and not re.search(r"(?i)\b(?:my|our)\s", text):
        return text
    out, last = [], 0
    for m in starts:
        known = (
            before | _introductions((text[: m.start()],)) if "my" in text.lower() or "our" in text.lower() else before
        )
        who = known.get(m.group("name"))
        if who is None or re.search(r"(?i)\b(?:my|our)\s+(?:\w+\s+)?[a-z-]+\s*,?\s*$", text[: m.start()]):
            continue
        out.append(text[last : m.start()] + f"{who} ")
        last = m.start()
    return "".join(out) + text[last:] if out else text


# --- one's children, said in passing ------------------------------------------------------------------------

# "my kids", "our two boys", "my twins": one's own children, as a clause's subject (taken somewhere, they are the
# event's: "took my kids to the aquarium" says the outing). Boys and girls only with a count
# ("out with my boys" is friends).
_OWN_CHILDREN = re.compile(
    r"(?i)(?:^|(?<=[.!?;,:]\s)|(?<=\band\s)|(?<=\bbut\s)|(?<=\bso\s)|(?<=\blol\s)|(?<=\bok\s))(?:my|our)\s+(?:(?P<n>two|three|four|five|2|3|4|5)\s+)?(?P<who>kids|children|twins|little\s+ones|boys|girls)\b"
    r"(?!['’])"
)
# "the kids", "the twins": one's own only where a parent's day at home is said (waking, bedtime, the school run);
# taking them somewhere ("dropping the twins at nursery") may be someone else's.
_THE_CHILDREN = re.compile(r"(?i)\bthe\s+(?P<who>kids|twins|little\s+ones)\b(?!['’])")
_PARENTS_DAY = re.compile(
    r"(?i)\b(?:wake|wakes|woke|waking|asleep|bed|bedtime|nap|naps|napping|school\s+run|homework|bath\s*time|starving"
    r"|screaming|fighting|bickering|begging)\b"
)
# Someone else's children, or children one works with; a question, a wish or a future.
_NOT_ONES_OWN = re.compile(
    r"(?i)\b(?:class|classes|pupils|students|teach|teaching|camp|coach|coaching|team|nephews?|nieces?|babysit\w*"
    r"|nanny|nannying|neighbou?rs?|\w+['’]s\s+(?:kids|twins|children)|if|when\s+i\s+have|someday|one\s+day|want"
    r"|wants|don'?t|do\s+you|future)\b|\?\s*$"
)


def children_implied(sentence: str) -> str | None:
    """The speaker's children a sentence says in passing, as "kids", "twins" or "two boys": "before the kids wake
    up", "dropping the twins at nursery", "our two boys are ..."; None when it says none of theirs."""
    own = _OWN_CHILDREN.search(sentence)
    if own is not None and own.group("who").lower() in ("boys", "girls") and not own.group("n"):
        own = None
    the = None if own else _THE_CHILDREN.search(sentence)
    found = own or (the if the and _PARENTS_DAY.search(sentence) else None)
    if found is None or _NOT_ONES_OWN.search(sentence):
        return None
    who = re.sub(r"\s+", " ", found.group("who").lower())
    who = "kids" if who == "little ones" else who
    return f"{found.group('n')} {who}" if own is not None and own.group("n") else who


# --- a parent or grandparent called by the family word ------------------------------------------------------------

# "mum moved to Valencia", "Dad retired in january", "nan lives in Cork": one's own parent or grandparent, called by
# the word the family calls them, as a sentence's subject. Said as "my mum ..." the rules read it as any relative's
# news. The word must be followed by a verb (an auxiliary, a past, or a present said of one): "dad jokes", "mum
# jeans" and "Mum, where ..." (spoken to) are no subject; a question about them ("is mom still in Leeds?") has the
# word second and is left alone.
_KIN_AS_NAME = re.compile(
    r"(?P<lead>(?:^|(?<=[.!;]\s))(?:(?:so|and|but|btw|also|oh|ok|okay|well|anyway|update|news|big\s+news)\W{0,2}\s*)*)"
    rf"(?P<kin>(?i:{_CALLED_BY_KIN}|mommy|daddy|grandmom|grandmum))(?P<be>['’]s)?\s+"
    r"(?=(?P<next>[a-z]+)\b)"
)
_KIN_WORD = re.compile(rf"(?i)\b(?:{_CALLED_BY_KIN}|mommy|daddy|grandmom|grandmum)\b")
_KIN_VERB_AFTER = _words("""
    is was has had just finally still now recently also lives lived works worked moved retired started passed died
    turned turns got left joined bought sold runs ran teaches taught owns found broke fell became lost won went""")
_KIN_HAS_AFTER = _words("just finally recently also been got gone moved started left joined retired")


def kin_word_as_name(text: str) -> str:
    """ "mum moved to Valencia" -> "my mum moved to Valencia"; anything else as said."""
    if not _KIN_WORD.search(text):
        return text

    def said(m: re.Match[str]) -> str:
        following, word = m.group("next"), m.group("kin")
        if word not in (word.lower(), word.capitalize()):
            return m.group(0)  # "NaN is a float"
        if m.group("be") and following not in _KIN_HAS_AFTER and not following.endswith("ed"):
            return m.group(0)  # "dad's car", "mum's the word"
        if not m.group("be") and following not in _KIN_VERB_AFTER:
            return m.group(0)
        return f"{m.group('lead')}my {m.group('kin').lower()}{m.group('be') or ''} "

    return _KIN_AS_NAME.sub(said, text)


# --- a relative introduced, then described -------------------------------------------------------------------------

# "I have an older sister who lives in Porto", "i've got a brother, he's a firefighter", "I have a son. he lives in
# Denver": one relative introduced with "I have a ...", then what is said of them, in a "who" clause or in a clause
# whose subject is a pronoun that fits them. Said as "my sister lives in Porto" the rules read it as any relative's
# news. A second person said between them ("a brother and a sister, she ...") leaves it alone, as does a question.
_INTRODUCED = re.compile(
    r"(?i)\b(?P<head>(?:i|we)\s*(?:have|'ve\s+got|\s+have\s+got|\s+got)\s+(?:an?|one)\s+"
    r"(?P<adj>(?:older|younger|little|big|twin|baby|half|step|elder)[\s-]?)?(?P<rel>[a-z]+))\b"
    r"(?P<join>\s*,?\s+(?:who|that)\s+|\s*[,;.!]\s*(?:and\s+|but\s+)?(?P<p>she|he)(?P<be>['’]s|\s+is|\s+was)?\s+)"
    r"(?P<pred>[a-z][^,.!?;]*)"
)
# What the described clause may start with: where they live or work, what they are or do, said as a state.
# (never a passing state or a taste: "she's lovely", "he's been sick").
_DESCRIBED_BY = re.compile(
    r"(?i)^(?:(?:still|now|just|also)\s+)?(?:lives|works|moved|teaches|runs|owns|studies"
    r"|(?:is\s+)?(?:an?\s+|living|working|based|studying|in\s+(?-i:[A-Z])))"
)


def described_after(text: str) -> str:
    """ "I have an older sister who lives in Porto" -> "I have an older sister. my older sister lives in Porto"."""
    if "?" in text or not re.search(r"(?i)\b(?:have|got)\s+an?\s", text):
        return text

    def said(m: re.Match[str]) -> str:
        rel, pronoun = m.group("rel").lower(), (m.group("p") or "").lower()
        if rel not in _RELATIVES or (pronoun and not _fits(pronoun, _kind_of(rel))):
            return m.group(0)
        pred = m.group("pred")
        if pronoun:
            be = (m.group("be") or "").strip().lower()
            verb = "is" if be in ("is", "'s", "’s") else be
            pred = f"{verb} {pred}" if be else pred
        if not _DESCRIBED_BY.match(pred):
            return m.group(0)
        adj = (m.group("adj") or "").lower()
        return f"{m.group('head')}. my {adj}{rel} {pred}"

    return _INTRODUCED.sub(said, text)


def _kind_of(rel: str) -> str:
    return "she" if rel in _FEMALE else "he" if rel in _MALE else "either"


# Children counted, then their ages: "two daughters, 5 and 8", "2 boys (9 and 11)", "three kids aged 2, 6 and 10",
# "two kids, ages 9 and 11". The ages are said only where there are as many as the count (never "two kids, 3 dogs").
_AGE = r"(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen)"
_AGES_AFTER = re.compile(
    rf"(?i)^\s*(?:,\s*|\(\s*|\s+)(?:(?:aged|ages|age|who\s+are)\s+)?(?P<ages>{_AGE}(?:\s*,\s*{_AGE})*\s*,?\s*(?:and|&)\s+"
    rf"{_AGE})(?:\s*(?:years?\s+old|yrs?(?:\s+old)?|yo|y/o))?\s*\)?(?=\s*(?:$|[,.;!?)]|now\b|and\s+(?!{_AGE}\b)))"
)


def ages_said(after: str, count: int) -> str:
    """ " aged 5 and 8" for the ages said right after ``count`` children ("two daughters, 5 and 8"); "" if none or
    not as many as the count."""
    m = _AGES_AFTER.match(after)
    if m is None:
        return ""
    ages = re.split(r"\s*(?:,\s*(?:and|&)|,|and|&)\s*", m.group("ages").strip())
    if len(ages) != count:
        return ""
    return " aged " + re.sub(r"\s*&\s*", " and ", re.sub(r"\s*,\s*(?=and\b)", " ", m.group("ages").strip()))
