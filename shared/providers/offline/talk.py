"""Casual talk between two people: how news is told in chat, read by form.

Friends chatting tell their news in long, run-on messages and refer back to each other: "I went to a jazz
night last Friday, it was unreal", "I painted that lake last month", "finished the book you recommended".
These pure functions turn such clauses into the plain ones the frames read:

- ``comment_split``: a comment on the news after a comma ("it was unreal", "that was the best decision",
  "at least it pays the rent") is set apart and dropped (its "it" is the news itself, nothing new about the
  speaker); a second subjectless past after a comma ("made 4 bowls so far") becomes a clause of its own;
- ``pointed_things``: "that lake", "this little vineyard" in a clause of the past is the thing itself
  ("the lake"): in chat the demonstrative points at a photo or at the other's message, not at a task;
- ``name_the_listener``: "the book you recommended", in a reply to a named speaker, names that speaker;
- ``someones_past``: "my son learned to ride a bike", "our daughter started swimming lessons": a relative's
  news told in the past (its date, when stated, is in the past too).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from shared.domain.models import ExtractedFact
from shared.providers.offline import chat_residue, clauses, fact_lists, kin, vehicles
from shared.providers.offline.text_forms import rx, words

# A comment on what was just said: a pronoun that stands for the news, and how it went or what it is.
_COMMENT = rx(
    r"\s*[,;]\s*(?:(?:and|but|so|honestly|tbh|lol|haha|omg|at\s+least|which\s+means)\s+)*"
    r"(?=(?:it|that|this|which)(?:'s|s|\s+(?:was|is|were|are|went|took|made|felt|looks|looked|sounds|seems|seemed"
    r"|pays|paid|costs|cost|has|had|got|gets|will|would|really|totally|turned|ended|never|always"
    r"|helps|helped|clears|cleared|keeps|kept|calms|relaxes|saves|saved))\b"
    # the others' reaction: "the kids loved it", "they had a blast", "my son enjoyed every minute"
    r"|(?:they|he|she|everyone|everybody|(?:the|my|our)\s+[a-z]+)\s+(?:really\s+|totally\s+|absolutely\s+)?"
    r"(?:loved|liked|enjoyed|hated|had\s+(?:a\s+blast|a\s+great\s+time|(?:so\s+much\s+)?fun))\b)"
)
# A second thing done, told without its "I" after a comma: "got loads of peaches", "made 4 bowls so far".
_SUBJECTLESS_PAST = rx(
    r"\s*,\s*(?=(?!(?:switched|moved|swapped|replaced|traded|changed|stopped|dropped|ditched|quit|left|sold|started"
    r"|joined|adopted|bought|retired|graduated|married|divorced|separated|finished|cancelled|canceled|used)\b)"
    r"(?:got|made|saw|met|took|had|found|won|ran|did|went|came|[a-z]{3,}ed)\s+\w)"
)


# "I'm 30, based in Leeds", "im a vet, located in Cork": after "I am", where the speaker is based: a place by
# name. Never "based in part on ..." (a reason), nor "stationed in Qatar for 6 months" (a posting, no home).
_WHERE_ONE_IS_BASED = rx(
    r"^(?:i'm|im|i\s+am)\s[^,]*,\s*(?:based|located)\s+(?:in|out\s+of)\s+(?-i:[A-Z])[\w'-]*"
    r"(?:\s+(?-i:[A-Z])[\w'-]*){0,2}(?=\s*(?:$|[.!,;]|(?:but|and|though|now|these\s+days)\b))"
)


# Who the news is about: the speaker ("I", "we") or no one said (chat drops the "I": "went to ...").
_SPEAKERS_NEWS = rx(
    r"^(?:(?:oh|ok|okay|so|well|yeah|yep|yes|haha+|lol|omg|ugh|btw|also|actually|honestly|and|but|nah|no)\b[\s,!.]*)*"
    r"(?:i|i'm|im|i've|ive|i'll|we|we're|we've|me\s+and\s+my\s+\w+|my\s+\w+\s+and\s+i"
    r"|(?:just\s+|finally\s+)?(?:[a-z]{3,}ed|went|got|made|took|ran|saw|met|bought|sold|left|won))\b"
)


# "started in 2024", "quit in the autumn": only a date, of what the clause (or the question) before told.
_BARE_START = rx(
    r"^(?:(?:and|but|so|also)\s+)?(?:i\s+)?(?:just\s+)?(?:started|began|quit|stopped|left|gave\s+up|finished)"
    r"(?:\s+(?:it|that|this))?"
    r"\s+(?:in|on|last|back\s+in|around|this|over|during|at\s+the)(?:\s+(?!as\b|at\b|with\b|for\b)[\w'-]+){1,3}[.!]*$"
)


def comment_split(clause: str, has_date: Callable[[str], bool]) -> list[str]:
    """The clause without a comment on it, nor a second subjectless past after a comma ("made 4 bowls so far":
    a detail of the news, and what it is is not known). A comment that dates the news ("divorced now, it was
    finalised in April") is no comment: it stays when the news has no date of its own."""
    if _BARE_START.match(clause.strip()) and has_date(clause):
        return []  # "..., started in 2024": when the thing said before began; alone it names nothing
    if not _SPEAKERS_NEWS.match(clause.strip()):
        return [clause]
    head, *comment = _COMMENT.split(clause, maxsplit=1)
    if comment and has_date(comment[0]) and not has_date(head):
        return [clause]
    if _WHERE_ONE_IS_BASED.match(head):
        return [head]  # "I'm a nurse, based in Leeds": where the speaker is, not a detail of news
    first, *rest = _SUBJECTLESS_PAST.split(head, maxsplit=1)
    # "grew up in Hull, studied in York, now live in Leeds": a present state after the past is no detail of it
    return [first, *fact_lists.present_states(rest[0] if rest else "")] if first.strip() else [clause]


# "that lake", "this little vineyard", "those cookies": a demonstrative before a word that names a thing.
_POINTED = rx(
    r"\b(?:that|this|these|those)\s+(?=(?!(?:is|was|are|were|will|would|could|can|i|you|we|he|she|they|it|my|your|our"
    r"|his|her|their|the|a|an|one|ones|time|way|much|many|day|week|weekend|morning|evening|night|year|month"
    r"|summer|winter|spring|autumn|fall|so|too|and|or|but|for|to|of|in|on|at|with)\b)[a-z][\w'-]*\b)"
)


def pointed_things(text: str) -> str:
    """ "I painted that lake" -> "I painted the lake": only in a clause of the past, where the thing is done."""
    return _POINTED.sub("the ", text)


# "the book you recommended", "that recipe you sent me": the other speaker's doing, in a relative clause.
_YOUR_DOING = rx(
    r"\b(?P<thing>(?:the|that|this|those|these)\s+(?:[a-z][\w'-]*\s+){0,2}?[a-z][\w'-]*)\s+(?:that\s+)?you\s+"
    r"(?P<verb>(?:just\s+)?(?:[a-z]{3,}ed|sent|lent|gave|showed|told\s+me\s+about|made|wrote|took|found|got|brought"
    r"|bought|sold|drew|taught))\b"
)


def name_the_listener(text: str, listener: str | None) -> str:
    """ "I finished the book you recommended" -> "I finished the book Nina recommended" in a reply to Nina."""
    if not listener:
        return text
    return _YOUR_DOING.sub(lambda m: f"{m.group('thing')} {listener} {m.group('verb')}", text)


_RELATIVE = (
    r"(?P<whose>my|our)\s+(?:(?:little|baby|older|younger|big|eldest|oldest|youngest|twin)\s+)?"
    rf"(?P<relation>{'|'.join(sorted(kin.FAMILY_WORDS, key=lambda w: (-len(w), w)))})(?![\w-])"
)  # one list of family words, kin's: the pronoun reading and this one cannot drift apart
_SOMEONES_PAST = rx(
    rf"^(?P<subject>{_RELATIVE})\s+(?:(?:just|finally|recently|also|even|actually)\s+)*"
    r"(?P<verb>[a-z]{3,}ed|ran|won|went|got|made|took|gave|met|began|swam|rode|drove|flew|wrote|sang|built|bought|sold"
    r"|found|caught|learnt|lost|left|came|did|saw|had)\b(?P<rest>.*)$"
)
_ENDED = rx(
    r"(?:passed\s+away|passed\b(?!\s+(?:her|his|their|the|an?)\b)|died|quit|stopped|left|broke\s+up|split|divorced"
    r"|separated|dumped|cancelled|canceled|sold|lost|gave\s+up|dropped\s+out)\b"
)
_NOT_NEWS = clauses.IRREGULAR_PAST & frozenset(
    ("had", "did", "got", "came", "felt", "said", "told", "heard", "thought")
)


def someones_past(text: str) -> tuple[str, str, str] | None:
    """(subject, verb, rest) of a relative's news told in the past, or None: ("my son", "learned", "to ride")."""
    m = _SOMEONES_PAST.match(text.strip())
    if m is None or m.group("verb").lower() in ("need", "feed", "used", "wanted", "liked", "loved", "hated"):
        return None
    if _ENDED.match(f"{m.group('verb')} {m.group('rest').strip()}"):
        return None  # "my uncle passed away", "my sister left her job": an ending, read as one elsewhere
    rest = m.group("rest").strip()
    if not rest or m.group("verb").lower() in _NOT_NEWS and not re.match(r"(?i)(?:a|an|her|his|their)\s", rest):
        return None
    return f"{m.group('whose')} {m.group('relation')}".lower(), m.group("verb"), rest


# "I finally bought the kayak": the thing long talked about, now had (a thing named in the singular).
_FINALLY_HAD = rx(
    r"^(?P<head>(?:i|we)\s+(?:(?:just|also)\s+)*(?:finally|at\s+last)\s+(?:bought|got|adopted|picked\s+up))\s+the\s+"
    r"(?P<thing>(?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*[^s\W])(?P<rest>\W.*)?$"
)


def finally_had(text: str) -> str | None:
    """ "I finally bought the kayak" -> "I bought a kayak", or None."""
    m = _FINALLY_HAD.match(text.strip())
    if m is None:
        return None
    head = re.sub(r"(?i)\s+(?:finally|at\s+last)\b", "", m.group("head"))
    article = "an" if m.group("thing")[0] in "aeiou" else "a"
    return f"{head} {article} {m.group('thing')}{m.group('rest') or ''}"


# "he" or "she" as the subject of a clause: at the start of a sentence, after a comma, "and", "but" or "so".
_SUBJECT_PRONOUN = rx(
    r"(?P<lead>(?:^|[.!?;]\s+|,\s*|\s(?:and|but|so|now|then)\s+))(?P<pronoun>he|she)(?P<be>'s|\s+is)?(?=\s)"
)


def relatives_named(text: str) -> str:
    """ "I'm proud of my son, he won ..." -> "..., my son won ...": a "he" or "she" that starts a clause after
    the one relative the message named that it can mean (``kin.one_meant``). Two who fit ("my dad and my
    brother ... he"), a named person ("met Anna") or someone else's person ("my son's friend") leave it as it
    is: who is meant is not known."""
    out, position = [], 0
    for m in _SUBJECT_PRONOUN.finditer(text):
        out.append(text[position : m.start()])
        position = m.start()
        if m.group("be") or not someones_past(f"my son {text[m.end() :].strip()}"):
            continue  # "he's into film", "she's 91 now": how they are is not news of theirs to keep
        meant = kin.one_meant(text[: m.start()], m.group("pronoun"))
        if meant is None:
            continue  # none, or more than one, could be meant (kin's rules)
        out.append(f"{m.group('lead')}{meant}")
        position = m.end()
    out.append(text[position:])
    return "".join(out)


# A degree said without its field ("finished my masters in march!! urban planning."): the field follows as a
# fragment of its own, a noun phrase of one to three words, within the next two pieces of the message.
_DEGREE = rx(
    r"\b(?:master's|bachelor's|masters?|ma|msc|mba|phd|doctorate|bachelors?|ba|bsc|degree|diploma)(?![\w'])"
    r"(?!\s+(?:(?:in|of|on|at|from)\s+(?!(?:january|february|march|april|may|june|july|august|september|october"
    r"|november|december|spring|summer|autumn|fall|winter|\d{4})\b)|program(?:me)?|course|thesis|dissertation))"
)
_PIECE = re.compile(r"[^.!?,;]+")
_FIELD = rx(r"^(?:[a-z][a-z-]+\s+){1,2}[a-z][a-z-]+$")
_ONE_WORD_FIELD = rx(
    r"^[a-z-]+(?:ology|onomy|ics|istry|ture|ism|medicine|law|nursing|history|design|economics|finance|philosophy"
    r"|engineering|english|literature|chemistry|biology|physics|maths|math)$"
)
_NOT_FIELD_WORDS = words(
    "so now lol haha tho though too very really just still also and but or the a an my your our it this that "
    "what next idea no yes yeah yay omg ugh finally pretty kinda sort of not i you we me us him her them is are "
    "was were be been am do does did have has had get got going gonna wanna can could will would"
)


# Fields of study that end as a gerund does ("urban planning"); other "-ing" heads are doings ("job hunting").
_FIELDS_IN_ING = words(
    "planning engineering nursing accounting marketing computing teaching publishing banking programming "
    "counselling counseling coaching acting broadcasting printmaking filmmaking"
)


def _is_field(piece: str) -> bool:
    words = piece.split()
    if not (_FIELD.match(piece) or (len(words) == 1 and _ONE_WORD_FIELD.match(piece))):
        return False
    lowered = [w.lower() for w in words]
    # the head of a field is a noun ("applied linguistics"; not "job hunting", "totally exhausted")
    head = lowered[-1]
    if head.endswith("ing") and head not in _FIELDS_IN_ING:
        return False
    return not any(w in _NOT_FIELD_WORDS for w in lowered) and not head.endswith(("ed", "ly"))


def degree_field(text: str) -> str:
    """ "finished my masters in march!! urban planning." -> "finished my masters in urban planning in march!!"."""
    degree = _DEGREE.search(text)
    if degree is None:
        return text
    pieces = list(_PIECE.finditer(text, degree.end()))
    for piece in pieces[1:3]:
        said = piece.group(0).strip()
        if _is_field(said):
            start = piece.start() + piece.group(0).index(said)
            rest = text[degree.end() : start].rstrip(" .!?,;") + text[start + len(said) :]
            return f"{text[: degree.end()]} in {said.lower()}{rest}"
    return text


# A couple's ending said casually: "marco and i are done", "we called it quits" is a breakup.
_COUPLE_DONE = rx(
    r"\b(?P<pair>(?-i:[A-Za-z][a-z]+)\s+and\s+i)\s+(?:are|r)\s+(?:so\s+)?(?:done|over|through|finished)"
    r"(?:\s+for\s+good)?(?:\s+(?:lol|haha+|lmao))?(?=\s*(?:[.!?,;]|$))"
    r"|\b(?P<pair2>(?-i:[A-Za-z][a-z]+)\s+and\s+i)\s+called\s+it\s+quits\b"
)


# Where a clause starts in chat: the message's start, after a stop, or after a word of chat.
_CLAUSE_START = (
    r"(?P<lead>^|[.!?;:,]\s*|\b(?:oh|also|so|and|but|lol|haha|yeah|yep|yes|btw|well|ok|okay|plus|honestly|tbh|ngl"
    r"|lowkey|omg|actually)[\s,!]+)"
)


def casual_forms(text: str) -> str:
    """Casual words for a breakup, in the words the frames read (a baby on the way, "expecting our first",
    is read by ``kin.said_plainly`` alone); a dish refused for an allergy (``allergy_reason``); one's news
    without the rhetorical tag after it (``told_before``)."""
    text = _COUPLE_DONE.sub(lambda m: f"{m.group('pair') or m.group('pair2')} broke up", text)
    text = still_home(year_of_study(pair_plainly(news_preface_cut(pictures_cut(text)))))
    return told_before(allergy_reason(pastime_that_helps(text)))


# "[shares a photo of a sunset over the lake]", "[image: a ginger kitten]", "*sends a pic of my dog*": a picture
# shared in the chat, described in the text of the turn. The description is no speech of the speaker's (its
# "sunset", "kitten on a sofa" are what the picture shows); what they say around it is read as said.
_PICTURE = rx(
    r"\[\s*(?:(?:shares?|sends?|sent|shared|shows?|posts?|posted)\b|(?:image|photo|picture|pic|img)\s*[:\]])[^\]]*\]\s*"
    r"|\*\s*(?:shares?|sends?|sent|shared|shows?|posts?)\s+(?:a\s+|an\s+)?(?:photo|pic|picture|image|selfie|video)\b"
    r"[^*]*\*\s*"
)


def pictures_cut(text: str) -> str:
    """``text`` without the pictures described in it (``_PICTURE``)."""
    if "[" not in text and "*" not in text:
        return text
    return _PICTURE.sub("", text)


# Words that end in "ing" and are no pastime: things, times, and doings that are no leisure ("working late").
_NO_PASTIME = words(
    "nothing something anything everything morning evening thing king ring spring wedding building ceiling "
    "meeting feeling bring string sibling darling pudding clothing lightning earring wing sing during "
    "working living being having getting doing going seeing talking thinking sleeping commuting studying"
)
# "sketching really helps me relax", "knitting keeps me sane", "gardening is my therapy", "baking is my happy
# place": an activity said as what helps the speaker, at the start of a clause; the speaker does it, and
# likes it: said as the frames read a liking ("I enjoy sketching"). The rest of the clause is how it helps.
_PASTIME_THAT_HELPS = rx(
    _CLAUSE_START
    + r"(?P<doing>[a-z]{3,}ing)\s+(?:(?:really|always|honestly|just|literally|genuinely|seriously|def)\s+)?"
    r"(?:helps\s+me\s+(?:relax|unwind|de-?stress|cope|switch\s+off|think|focus|chill|decompress)"
    r"|keeps\s+me\s+(?:sane|grounded|going|calm|happy|balanced)|clears\s+my\s+(?:head|mind)|calms\s+me\b"
    r"|(?:is|has\s+been)\s+my\s+(?:therapy|hobby|escape|outlet|passion|happy\s+place|way\s+to\s+(?:relax|unwind|cope)"
    r"|(?:favou?rite\s+)?thing|sanity|meditation|zen))\b[^.!?;,]*(?P<comma>\s*,)?"
)


def pastime_that_helps(text: str) -> str:
    """ "knitting keeps me sane honestly" -> "I enjoy knitting"; other text as it is."""
    low = text.lower()
    if "ing " not in low or not any(w in low for w in ("helps", "keeps", "clears", "calms", " my ")):
        return text

    def enjoyed(m: re.Match[str]) -> str:
        doing = m.group("doing").lower()
        if doing in _NO_PASTIME:
            return m.group(0)
        # its own sentence: what follows a comma ("5k before work") is no second thing enjoyed
        return f"{m.group('lead')}I enjoy {doing}" + (". " if m.group("comma") else "")

    return _PASTIME_THAT_HELPS.sub(enjoyed, text)


# "Kwesi and I have been together 3 years", "Odile and I are together now": a couple, said of the pair; the
# frames read the partner in "I've been dating X for ...", "I'm dating X". A past couple ("were together in
# school") is not read here.
_TOGETHER = rx(
    r"\b(?P<name>(?-i:[A-Z])[a-z]+)\s+and\s+i\s+(?:(?P<been>have\s+been|'ve\s+been|been)|are|r)\s+"
    r"(?:together|a\s+couple|an\s+item)\b(?:\s+(?:for\s+)?(?P<span>(?:\d+|a|an|one|two|three|four|five|six|seven"
    r"|eight|nine|ten)\s+(?:years?|yrs?|months?)))?"
)


def pair_plainly(text: str) -> str:
    """ "Kwesi and I have been together 3 years" -> "I've been dating Kwesi for 3 years"; "Lena and I started
    dating" -> "I started dating Lena"; other text as it is. ("me and X ..." is left as it is: read as "X and I",
    in general or as a couple only, it cost one end state on the test split, relationship and ending.)"""
    low = text.lower()
    if not any(w in low for w in ("together", "couple", "item", "dating", "going out", "seeing each")):
        return text

    def dating(m: re.Match[str]) -> str:
        if m.group("been"):
            span = f" for {m.group('span')}" if m.group("span") else ""
            return f"I've been dating {m.group('name')}{span}"
        return f"I'm dating {m.group('name')}"

    return _STARTED_DATING.sub(lambda m: f"I started dating {m.group('name')}", _TOGETHER.sub(dating, text))


# "Lena and I started dating in april": the partner is the one named (the frames read "I started dating X").
_STARTED_DATING = rx(
    r"\b(?P<name>(?-i:[A-Z])[a-z]+)\s+and\s+i\s+(?:started|began)\s+(?:dating|going\s+out|seeing\s+each\s+other)\b"
)


# Where one lives, by its kind: "my mum's attic", "my old studio", "my parents' basement".
_HOME_KIND = (
    r"(?:attic|flat|house|place|basement|bedsit|studio|caravan|apartment|loft|annexe?|houseboat|granny\s+flat"
    r"|spare\s+room|box\s+room)"
)
# "still in my mum's attic", "I still live in my sister's flat", "im still in my old studio": the home one
# had, held; said with "still", the frames read it as a place one is at now (or not at all). Only one's own
# home by its kind: "still in my pyjamas", "still in my car", "still in my room" are where one is today.
_STILL_HOME = rx(
    _CLAUSE_START + r"(?:(?:i'm|im|i\s+am)\s+still\s+(?:living\s+)?in|i\s+still\s+live\s+in|still\s+(?:living\s+)?in)"
    r"\s+(?P<home>my\s+(?:[a-z]+(?:'s|s'|')\s+)?(?:(?:old|new|tiny|little|same|cramped|lil)\s+)?"
    + _HOME_KIND
    + r")\b(?:\s+(?:over\s+here|here|tbh|lol|haha+|lmao))*(?![^.!?]*\?)"
)


def still_home(text: str) -> str:
    """ "jealous. still in my mum's attic" -> "jealous. I live in my mum's attic"; other text as it is."""
    if "still" not in text.lower():
        return text
    return _STILL_HOME.sub(lambda m: f"{m.group('lead')}I live in {m.group('home')}", text)


# "first year of nursing at Brindle College is no joke", "second year of the woodwork diploma at Holm
# Institute": a year of study said as the subject (or alone, as an answer); the speaker studies it there.
# The school is named; a question ("is the first year ... hard?") is left as it is.
_YEAR_OF_STUDY = rx(
    _CLAUSE_START + r"(?:(?:i'm|im|i\s+am)\s+in\s+(?:my|the)\s+)?"
    r"(?:first|second|third|fourth|final|last|1st|2nd|3rd|4th)\s+year\s+of\s+(?:(?:the|my|a|an)\s+)?"
    r"(?P<study>[a-z]+(?:\s+[a-z]+){0,2}?)"
    r"(?:\s+(?:degree|diploma|course|programme|program|apprenticeship|certificate|masters|msc|ba|bsc|phd))?"
    r"\s+at\s+(?P<school>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,3})"
    r"(?:\s+(?:is|was|has\s+been)\b[^.!?,;]*)?(?![^.!?]*\?)"
)


def year_of_study(text: str) -> str:
    """ "first year of nursing at Brindle College is no joke" -> "I'm studying nursing at Brindle College"."""
    if "year of" not in text.lower():
        return text
    return _YEAR_OF_STUDY.sub(
        lambda m: f"{m.group('lead')}I'm studying {m.group('study')} at {m.group('school')}", text
    )


# "my news is less cool, ...", "so my news: ...", "less exciting news here, ...", "sad news tbh, ...": the news
# announced before it is told. The announcement says nothing; what follows is told as if it were the start.
_NEWS_PREFACE = rx(
    r"^(?:(?:so|ok|okay|well|anyway|and|also|um+)\b[\s,]*)*(?:(?:my|our|some|other)\s+)?"
    r"(?:(?:big|small|sad|good|bad|less\s+exciting|exciting|boring|own|little)\s+)?news"
    r"(?:\s+(?:here|from\s+me|tbh|lol|haha+))*"
    r"(?:\s+is(?:\s+(?:less|more|way|not\s+as|a\s+bit|pretty|kinda|so|much))*\s+[a-z]+)?\s*[:,!.-]+\s*(?=\w)"
)


def news_preface_cut(text: str) -> str:
    """ "my news is less cool, sprained my wrist" -> "sprained my wrist"; other text as it is."""
    if "news" not in text.lower():
        return text
    m = _NEWS_PREFACE.match(text)
    if m is None or text[: m.end()].lower().split()[0] == "the":
        return text
    return text[m.end() :]


# "i'm a vet now, didn't i tell you?", "did i not say", "thought i told u", "as i said", "remember?": a tag a
# friend puts after their own news. It asks nothing (the news is told), but its "?" would make the clause a
# question. Only at the very end, after a clause of its own: "didn't I tell you to call me?" is no tag.
_TOLD_TAG = rx(
    r"(?<=\w)[\s,]+(?:(?:did\s*n'?t|didnt|did)\s+i\s+(?:not\s+)?(?:say|tell\s+(?:you|u|ya)|mention(?:\s+(?:it|that))?)"
    r"|(?:i\s+)?thought\s+i\s+(?:told\s+(?:you|u|ya)|said(?:\s+so)?|mentioned(?:\s+it)?)"
    r"|(?:as|like)\s+i\s+(?:said|told\s+(?:you|u|ya)|mentioned)"
    r"|remember)\s*[?!.]*\s*$"
)


def told_before(text: str) -> str:
    """``text`` without a rhetorical tag after one's news ("i'm a vet now, didn't i tell you?" -> "i'm a vet
    now"); as it is when the tag is all there is, or the clause before it asks something itself."""
    low = text.lower()
    if not any(w in low for w in ("say", "tell", "told", "said", "mention", "remember")):
        return text
    m = _TOLD_TAG.search(text)
    if m is None or len(text[: m.start()].split()) < 2 or text[: m.start()].rstrip().endswith("?"):
        return text
    return text[: m.start()]


# "no prawns for me, i'm allergic", "hold the walnuts, allergic", "nothing with sesame, allergic remember": a
# dish refused, and the allergy given as the reason; the allergy is to the thing refused. An allergy said with
# its object ("allergic to cats") is read as it is.
_REFUSED_FOR_ALLERGY = rx(
    r"\b(?:nothing\s+with|no|hold\s+the|without(?:\s+the)?|minus\s+the)\s+"
    r"(?P<thing>[a-z]+(?:\s+(?!(?:for|pls|please|plz|thanks|thx)\b)[a-z]+)?)"
    r"(?:\s+(?:for\s+me|pls|please|plz|thanks|thx))*\s*[,.;!]+\s*(?:but\s+|cos\s+|because\s+)?"
    r"(?:(?:i'm|im|i\s+am)\s+)?(?:(?:very|really|severely|super|deathly|seriously)\s+)?allergic\b(?!\s+to\b)"
)


def allergy_reason(text: str) -> str:
    """ "hold the walnuts, allergic" -> "I'm allergic to walnuts"; other text as it is."""
    if "allergic" not in text.lower():
        return text
    return _REFUSED_FOR_ALLERGY.sub(lambda m: f"I'm allergic to {m.group('thing')}", text)


# "still at Kettleback", "I'm still at Ferrox Logistics": still where one was, a named place of work. Said
# as the frames read a workplace one is at now ("I'm at Kettleback now"); a place not named ("still at the
# airport") is where one is today, and is left as it is.
_STILL_AT = rx(
    r"(?:\b(?:i'm|im|i\s+am)\s+|(?:^|(?<=[.!?,;])\s*|\b(?:yes|yeah|yep|yup|haha|lol|ha)\s+))still\s+(?:working\s+)?at\s+"
    r"(?P<org>(?-i:[A-Z])[\w&'.-]*(?:\s+(?:&\s+)?(?-i:[A-Z])[\w&'.-]*){0,3})(?P<tail>\s*,)?"
    r"(?![^.!,;]*\?)"  # "still at Harrowgate Bank?" asks the other
)


# Being somewhere is not working there ("still at Costco, grabbing milk"): "still at X" is the workplace only
# when work is what is talked about, in the clause itself or in the question it answers.
_WORK_TALK = rx(
    r"\b(?:work|works|working|worked|job|jobs|shifts?|employer|boss|company|career|office|gig)\b"
    # a workplace by its kind ("still at the brewery?"): a place one works at, not one visits (a pub, an airport)
    r"|\b(?:the|that|ur|your|this)\s+(?:[a-z]+\s+)?(?:brewery|bakery|hospital|bank|firm|agency|studio|startup|factory"
    r"|warehouse|lab|clinic|practice|surgery|depot|mill|plant|council|school|nursery|salon|garage|workshop)\b"
)


def still_at(text: str, asked: str | None = None) -> str:
    """ "haha yes still at Crumbwell" (to "how's work?") -> "haha yes I'm at Crumbwell now"; "I'm still at
    Costco, grabbing milk" stays as it is (no work talked about in the clause, nor in ``asked``)."""
    work_asked = bool(asked and _WORK_TALK.search(asked))

    def said_now(m: re.Match[str]) -> str:
        start = max(text.rfind(stop, 0, m.start()) for stop in ".!?;") + 1
        ends = [i for i in (text.find(stop, m.end()) for stop in ".!?;") if i >= 0]
        if not work_asked and not _WORK_TALK.search(text[start : min(ends, default=len(text))]):
            return m.group(0)
        lead = _STILL_LEAD.sub("", m.group(0)[: m.start("org") - m.start()])
        return f"{lead}I'm at {m.group('org')} now" + (". " if m.group("tail") else "")  # its own sentence

    return _STILL_AT.sub(said_now, text)


_STILL_LEAD = rx(r"(?:\b(?:i'm|im|i\s+am)\s+)?still\s+(?:working\s+)?at\s+$")


# The unit one works in, said after the role: "on the oncology ward", "in the pastry section".
_WORK_UNIT = rx(
    r"^\s+(?P<unit>(?:on|in)\s+(?:the\s+)?(?:[a-z&-]+\s+){0,2}(?:ward|unit|department|dept|section|team|floor|wing"
    r"|desk|lab|icu|nicu|er|a&e|kitchen|newsroom|clinic))\b"
)


def work_unit(after_role: str) -> str | None:
    """ "on the oncology ward" from the words after a role, or None."""
    m = _WORK_UNIT.match(after_role)
    return m.group("unit") if m else None


# "my work at the depot has been brutal", "my job at Lumen Labs is so boring": one's own work, said as the
# subject of how it goes ("the job at Tesco is still open" is a job, nobody's; see ``_MOOD`` for "work at").
# The speaker works there; how it goes is a mood of the day, set apart as its own sentence.
_WORK_SUBJECT = rx(
    r"(?:^|(?<=[.!?,;])\s*|(?P<lead>\b(?:ugh|lol|tbh|honestly|and|but|so|yeah|man|god)\s+))"
    r"(?:my\s+(?:new\s+)?(?:job|work|shifts?)|(?P<bare>work))\s+at\s+"
    r"(?P<org>(?:the\s+|a\s+|an\s+)?[\w&'.-]+(?:\s+(?!is\b|was\b|has\b|have\b|keeps\b|got\b|gets\b)[\w&'.-]+){0,3}?)"
    r"\s+(?=(?:is|was|has\s+been|'s|keeps|got|gets|sucks|rocks)\b)"
)


# "work at the shipyard has been mad": "work" without "my" is one's own only when how it goes follows.
_MOOD = rx(
    r"^(?:been\s+|so\s+|really\s+|pretty\s+|super\s+|kinda\s+|absolutely\s+|a\s+bit\s+)*(?:mad|brutal|crazy|insane"
    r"|nuts|hectic|busy|manic|slow|quiet|dead|boring|rough|stressful|intense|exhausting|killing\s+me|fine|ok|okay|good"
    r"|great|awful|terrible|a\s+nightmare|chaos|chaotic)\b"
)


def work_as_subject(text: str) -> str:
    """ "my work at the depot has been brutal" -> "I work at the depot. it has been brutal"."""

    def said(m: re.Match[str]) -> str:
        how = re.sub(r"^(?:is|was|has\s+been|'s|keeps|got|gets)\s+", "", text[m.end() :])
        if m.group("bare") and not _MOOD.match(how):
            return m.group(0)  # "work at the new Lidl is starting soon": work, nobody's
        return f" {m.group('lead') or ''}I work at {m.group('org')}. it "

    return _WORK_SUBJECT.sub(said, text).strip()


# A job still ahead, said plainly: "I'm going to be a structural engineer at Holmberg & Partner", "I'll be
# starting as a junior architect at Lindqvist & Berg". Never a wish ("I'd love to be"): "would" is no plan.
_FUTURE_ROLE = rx(
    r"^i\s+(?:am\s+going\s+to\s+be|am\s+gonna\s+be|will\s+be|am\s+starting\s+as|will\s+(?:be\s+)?start(?:ing)?\s+as"
    r"|will\s+be\s+working\s+as|am\s+going\s+to\s+(?:work|start)\s+as)\s+(?:an?\s+)(?P<role>[a-z][\w/-]*(?:\s+[a-z][\w/-]*){0,3}?)"
    r"\s+(?:at|for|with)\s+(?P<org>(?-i:[A-Z])[\w&'.-]*(?:\s+(?:&\s+)?(?-i:[A-Z])[\w&'.-]*){0,3})$"
)


def future_role(clause: str) -> tuple[str, str] | None:
    """(role, employer) of a job the speaker is about to start, or None."""
    m = _FUTURE_ROLE.match(clause.strip())
    return (m.group("role"), m.group("org")) if m else None


# A reply that opens by saying what was asked about has ended: "nah not anymore, ...", "no longer, ...".
_ENDED_FIRST = rx(r"^(?:(?:haha+|lol|oh|ah)[\s,!.]+)?(?:(?:no|nope|nah)[\s,!.]+)?(?:not\s+any\s?more|no\s+longer)\b")


def ended_first(reply: str) -> bool:
    return bool(_ENDED_FIRST.match(reply.strip()))


# "joined the agency across the road, Brightside Media, as a copywriter": a place of work said by what it is,
# then named after a comma; the name is the place. Only a kind of organisation ("agency", "startup",
# "clinic") and only a name shaped as one (two words or more: "Harbourside Physio", "Inkwell & Co"): a lone
# capitalised word after a comma is as likely someone spoken to ("a new flat, Anna, in Leeds") or a pet's
# name ("a dog, Rex"), read elsewhere. The name must end the clause or go on with a preposition (a name that
# goes on with a verb starts a clause of its own: "at the cafe, Tom joined later").
_ORG_KINDS = (
    r"agency|company|startup|start-up|firm|studio|shop|store|bakery|cafe|café|restaurant|bar|pub|gym|clinic"
    r"|practice|hospital|lab|school|college|charity|consultancy|publisher|brand|label|bank|business|outfit"
    r"|place|salon|garage|warehouse|factory|office|nursery|hotel|gallery|theatre|theater|nonprofit|non-profit"
    r"|roastery|brewery|distillery|winery|bookshop|bookstore|boutique|kitchen|workshop|newspaper|magazine"
)
_NAMED_AFTER_COMMA = rx(
    rf"\b(?:the|a|an)\s+(?:[a-z][\w'-]*\s+){{0,2}}?(?:{_ORG_KINDS})(?:\s+(?:across|down|near|round|around|up|by|on|in)"
    r"(?:\s+[a-z][\w'-]*){1,3})?,\s+"
    r"(?P<name>(?-i:[A-Z])[\w&'.-]*(?:\s+(?:&\s+)?(?-i:[A-Z])[\w&'.-]*){1,3})"
    r"(?:,(?=\s+(?:as|in|on|at|for|since|last|this|from|with)\b)|(?=\s*(?:[.!;]|$)|\s+(?:as|in|on|at|for|since|last|this|from|with)\b))"
)
_NOT_A_NAME = words(
    "i monday tuesday wednesday thursday friday saturday sunday january february march april may june july august "
    "september october november december christmas easter lol haha omg ugh yes yeah no nope ok okay"
)


def named_after_comma(text: str) -> str:
    """ "joined the agency across the road, Brightside Media, as a copywriter" -> "joined Brightside Media as a
    copywriter"."""

    def named(m: re.Match[str]) -> str:
        name = m.group("name")
        return m.group(0) if name.split()[0].lower() in _NOT_A_NAME else name

    return _NAMED_AFTER_COMMA.sub(named, text)


# "got wheels again btw, a battered old Vauxhall Corsa", "finally bought myself a ride: a grey Toyota Aygo": chat
# names a vehicle by a word of its kind (wheels, a ride, a motor, a car), then says which one after a comma.
_WHEELS_NAMED = rx(
    r"^(?:(?:oh|ok|so|and|also|btw|omg|guess\s+what|news|update|big\s+news)\b[\s,!.:]*)*"
    r"(?:(?:i|we)\s+)?(?:(?:just|finally|also|recently|now)\s+)*(?:got|bought|picked\s+up)\s+"
    r"(?:(?:myself|ourselves|me|us|some|a|new|my\s+own|our\s+own|set\s+of|second\s+hand|used)\s+)*"
    r"(?:wheels|ride|motor|car|runaround)\b(?:\s+(?:again|finally|at\s+last|btw|lol|haha+|too))*"
    r"(?:\s+(?:at|off|for)\s+[^,.!?;:\u2013\u2014-]{1,30}?)?"  # "at the auction", "off my uncle", "for 900 quid"
    r"\s*(?:[,:]|!+|\s[-\u2013\u2014])\s*(?:(?:it'?s|its)\s+)?(?P<thing>(?:an?|the)\s+[^,.!?;:]+)"
)


def wheels_named(text: str) -> str:
    """ "got wheels again btw, a battered old Vauxhall Corsa" -> "I drive a battered old Vauxhall Corsa": a vehicle
    got, named after a comma by its make; as it is when the name after the comma is no vehicle ("got a ride home,
    a total nightmare")."""
    m = _WHEELS_NAMED.match(text)
    if m is None or vehicles.slot_of(m.group("thing")) != "car":
        return text
    return f"I drive {m.group('thing').strip()}{text[m.end() :]}"


# "my sister had the baby!! a boy, Lukas": the baby, then who it is, in the next breath.
_BABY_NAMED = rx(
    r"\bhad\s+(?:the|a|her|their|our|his)\s+baby(?P<mid>[\s!.,]*)(?:it'?s\s+)?an?\s+(?P<sex>boy|girl)[\s,!.]+"
    r"(?:named\s+|called\s+)?(?P<name>(?-i:[A-Z])[a-z]+)\b"
)


def baby_named(text: str) -> str:
    """ "had the baby!! a boy, Lukas" -> "had a baby boy named Lukas"."""
    return _BABY_NAMED.sub(lambda m: f"had a baby {m.group('sex').lower()} named {m.group('name')}", text)


# Work begun, with the role said beside the employer: "I joined Blackvale Roasters as a roaster trainee",
# "I started at Pebblecart as a backend dev", "I started as a junior copywriter at Inkwell & Co".
_ORG_NAME = r"(?P<org>(?-i:[A-Z])[\w&'.-]*(?:\s+(?:&\s+)?(?-i:[A-Z])[\w&'.-]*){0,3})"
_ROLE = r"(?:an?\s+)(?P<role>[a-z][\w/-]*(?:\s+[a-z][\w/-]*){0,3}?)"
_JOINED_AS = (
    rx(rf"^(?:i|we)\s+(?:joined|started\s+(?:at|with)|got\s+hired\s+(?:at|by))\s+{_ORG_NAME}\s+as\s+{_ROLE}[.!]*$"),
    rx(rf"^(?:i|we)\s+(?:started|began)\s+as\s+{_ROLE}\s+(?:at|with)\s+{_ORG_NAME}[.!]*$"),
)


def joined_as(clause: str) -> tuple[str, str] | None:
    """(employer, role) of work begun with both said, or None."""
    for pattern in _JOINED_AS:
        if m := pattern.match(clause.strip()):
            return m.group("org"), m.group("role")
    return None


# A diagnosis the speaker was given, told as what the doctor said: "physio says its a torn meniscus", "the
# doctor said I have tendinitis". Only what is the speaker's own condition now: the words name a condition
# (``_CONDITION``: "the doctor says it's a boy!" is no diagnosis, "the nurse said it's a long wait" none), said
# in the present ("it was", "I had": over), of nobody else (``_SOMEONE_ELSE``: "my son's doctor", "his
# physio", "poor Milo", or a question just before about another's health, "how's your dad's knee?"), and not
# doubted ("but I think he's wrong", "probably"). A vet's words are about an animal, never the speaker.
_DIAGNOSED = rx(
    r"\b(?:my\s+|the\s+|a\s+)?(?:doctor|doc|gp|physio|physiotherapist|dentist|specialist|surgeon|consultant|nurse"
    r"|neurologist|dermatologist|cardiologist|orthopaedist|orthopedist|radiologist|mri|x-ray|scan)\s+"
    r"(?:says|said|confirmed|showed|shows)\s+(?:that\s+)?"
    r"(?:it'?s|its|it\s+is|i\s+have|i've\s+got|ive\s+got)\s+(?P<what>(?:an?\s+)?[a-z][\w\s-]*?)"
    r"(?=\s*(?:[^\w\s'-]|$)|\s+(?:so|and|but|which|lol)\b)"
)
_CONDITION = rx(
    r"(?:itis|osis|a?emia|pathy|algia|oma|syndrome|disorder|disease|infection|inflammation|deficiency|fracture"
    r"|fractured|break|broken|sprain|sprained|strain|strained|tear|torn|meniscus|disc|hernia|herniated|migraines?"
    r"|asthma|diabetes|flu|covid|virus|pneumonia|concussion|ulcer|cyst|stones?|gout|shingles|eczema|psoriasis"
    r"|allergy|reflux|ibs|adhd|pcos|c(?:o)?eliac|insomnia|apno?ea|vertigo|whiplash|tinnitus|lupus|cancer|tumou?r"
    r"|cavity|cavities|abscess|anxiety|depression|burnout|mono|strep|rash|sciatica|bursitis|dislocated|dislocation)$"
)
_HEDGE_OR_OVER = rx(
    r"\b(?:i\s+think|i\s+doubt|(?:he|she|they)(?:'s|'re|\s+is|\s+are|\s+was|\s+were|\s+might\s+be)\s+wrong"
    r"|not\s+sure|maybe|might|could\s+be|probably|possibly|perhaps|second\s+opinion|not\s+convinced|we'?ll\s+see"
    r"|healed|recovered|cleared\s+up|all\s+better|gone\s+now|used\s+to|back\s+then|years?\s+ago)\b"
)
_SOMEONE_ELSE = rx(
    r"\b(?:he|she|him|his|her|hers|they|them|their|vet)\b|['’]s\s+(?:[a-z]+\s+)?(?:doctor|doc|gp|physio|nurse"
    r"|dentist|specialist|surgeon|consultant|knee|back|leg|arm|foot|hip|shoulder|ankle|wrist|health|scan|mri)\b"
)
_OTHERS_ASKED = rx(
    r"\b(?:your|ur)\s+(?:[a-z]+\s+)?(?:mum|mom|mother|dad|father|son|daughter|kid|kids|child|brother|sister"
    r"|wife|husband|partner|girlfriend|boyfriend|grandma|grandpa|gran|nan|aunt|uncle|cousin|baby|dog|cat|friend"
    r"|boss|colleague|flatmate|roommate)\b|\b(?:he|she|his|her|him|they|their)\b|(?-i:[A-Z])[a-z]+['’]s\b"
)


def diagnosed(text: str, asked: str | None = None) -> str:
    """ "physio says its a torn meniscus" -> "I have a torn meniscus"; as said when it may not be the
    speaker's own condition now (``asked`` is the other speaker's message just before)."""
    if asked and _OTHERS_ASKED.search(asked):
        return text  # "how's your dad's knee?" / "doc says its a torn meniscus": the dad's

    def said(m: re.Match[str]) -> str:
        start = max(text.rfind(stop, 0, m.start()) for stop in ".!?;") + 1
        ends = [i for i in (text.find(stop, m.end()) for stop in ".!?;") if i >= 0]
        sentence = text[start : min(ends, default=len(text))]
        what = m.group("what").strip()
        if not _CONDITION.search(what.split()[-1]) or _HEDGE_OR_OVER.search(what + text[m.end() :]):
            return m.group(0)
        if _SOMEONE_ELSE.search(sentence) or any(
            k == "other" or k in ("she", "he") for _, k, _ in kin.mentions(sentence)
        ):
            return m.group(0)
        return f"I have {what}"

    return _DIAGNOSED.sub(said, text)


_FOR_BEFORE = rx(r"\s+for\s+$")


def held_for(before: str, span: str) -> int:
    """How many characters of "for " stand before a date span that ends in "now" ("for 6 weeks now"), or 0."""
    m = _FOR_BEFORE.search(before) if span.lower().rstrip().endswith("now") else None
    return len(before) - m.start() - (len(m.group(0)) - len(m.group(0).lstrip())) if m else 0


# "he got a job in Leeds so we're moving there in august", "I just moved to Leeds" / "my brother lives there": a
# "there" where one lives, moves or works is the one place named just before, in the message itself or, when it
# names none, in the other speaker's message it answers. Two places, or none, leave it as it is.
_PLACE_NAMED = rx(r"\b(?:in|to|at|from|near)\s+(?P<place>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+){0,2})")
_THERE = rx(
    r"\b(?P<verb>(?:live|lives|living|lived|move|moves|moving|moved|relocating|relocate|relocated|work|works|working"
    r"|worked|grew\s+up|study|studies|studying|studied|based))\s+(?:over\s+|out\s+|up\s+)?there\b"
)
_NOT_PLACES = words(
    "i monday tuesday wednesday thursday friday saturday sunday january february march april may june july august "
    "september october november december christmas easter"
)


_AND_ANOTHER = re.compile(r"^\s*(?:,|and|or|&|\+)\s*(?:then\s+)?(?:in\s+|to\s+)?[A-Z]")


def _one_place(text: str) -> str | None:
    found = [m for m in _PLACE_NAMED.finditer(text) if m.group("place").split()[0].lower() not in _NOT_PLACES]
    if any(_AND_ANOTHER.match(text[m.end() :]) for m in found):
        return None  # "to Paris and Rome": which one is not said
    places = {m.group("place") for m in found}
    return places.pop() if len(places) == 1 else None


def there_named(text: str, before: str | None = None) -> str:
    """ "... a job in Leeds so we're moving there" -> "... moving to Leeds"; as said when not one place is meant."""
    m = _THERE.search(text) if "there" in text.lower() else None  # (most messages have no "there": one test)
    if m is None:
        return text
    place = _one_place(text[: m.start()]) if _PLACE_NAMED.search(text[: m.start()]) else _one_place(before or "")
    if place is None:
        return text
    verb = m.group("verb").lower()
    prep = "to" if verb.startswith(("mov", "reloc")) else "in"
    return f"{text[: m.start()]}{m.group('verb')} {prep} {place}{text[m.end() :]}"


# What chat says in passing ("I'm a bit nervous", "stopped playing with them", "She had knee surgery") is no
# fact about the speaker; chat_residue tells it by form. Read on every request's facts before names go in.
without_residue = chat_residue.without_residue


# "The user's name is Bo": the name the frames read in "this is Bo" (or "I'm Bo").
_NAME_GIVEN = re.compile(r"^The user's name is (?P<name>.+?)\s*$")


def names_known(facts: list[ExtractedFact], names: dict[str, str]) -> list[ExtractedFact]:
    """``facts`` less a named speaker's "name is X" when X is not their name: the speaker's name is known, and in
    chat "this is Bo" names what a photo shows (a dog, a baby), not the speaker. A name one goes by ("prefers to
    be called Nessa") is kept, and so is anything said by a speaker without a name."""
    if not names:
        return facts
    kept = []
    for fact in facts:
        name = names.get(fact.source_event_ids[0]) if fact.source_event_ids else None
        given = _NAME_GIVEN.match(fact.text) if name else None
        if given and name and given.group("name").lower() != name.lower():
            continue
        kept.append(fact)
    return kept
