"""Where one lives, said loosely, said again in the plain forms the frames read ("I moved to X", "I live in X",
"I have lived in X for N years", "I was born in X").

- a move told by another verb: "packed up and went to X", "upped sticks to X", "ended up in X" (a move whose
  new place is the home, with the time it states);
- the birthplace and the home in one breath: "born in X, living in Y now" (the home is Y; X is where one was
  born, never the home);
- living with someone somewhere: "I'm living with my parents in X" (the home is X);
- coming back to stay: "back in X for good" (moved back there);
- a place said to be home for a time: "X has been home for N years", "X's been home since 2019", "I've called X
  home for a decade" (lived there that long);
- the old home denied before the move is told: "I'm not in X anymore, we packed up and went to Y" says Y
  replaces X; the denial is no fact of its own (the move supersedes X);
- arriving to stay: "landed in X for good", "settled in X for good"; coming back: "back in X now" (unless the
  message tells of a trip);
- a home placed by what is near it: "I live 5 min from the beach in X" (the town may be written small here:
  the frame "live ... in" is a home frame);
- a move into a home of a kind: "moved to a new flat in X", "moved into a little house in X";
- a guest staying with the speaker: "she can stay with me in X" (X is the speaker's home);
- an answer to a home question: "where do you live?" / "dunmere, by the coast"; "still in X?" / "no, Y since
  march" (the corrected home, with its time).

The new place must be written as a name (a capital letter): "ended up in hospital", "packed up and went to
bed" say nothing of a home. Pure functions over English text, behind one cheap word test.
"""

from __future__ import annotations

import re

from shared.providers.offline.text_forms import rx, words

_CUES = (
    "i live ",
    "renting",
    "sharing",
    "subletting",
    "own ",
    "moved out",
    "moved across",
    "packed up",
    "upped sticks",
    "ended up in",
    "born",
    "living w",
    "for good",
    "home",
    "any more",
    "anymore",
    "back in",
    " min",
    "minute",
    " walk ",
    "mile",
    "moved",
    "stay with",
    "since",
    "now that",
    " live",
    "letting",
    "lodging",
    " at my",
    " at our",
    "living",
    "been",
)

# A place written as a name: up to four words, each capitalised ("Coldwater Bay", "Hebden Bridge").
_PLACE = (
    r"(?-i:[A-Z][\w'’-]*(?:\.[\w'’-]+)*(?:\s+(?:(?:de|da|do|del|la|le|upon|on|am|an|im)\s+)?[A-Z][\w'’-]*"
    r"(?:\.[\w'’-]+)*){0,3})"
)

# "we packed up and went to X", "upped sticks to X", "i ended up in X": a move.
_LOOSE_MOVE = rx(
    r"\b(?:(?P<subj>i|we)\s+)?(?:(?:just|finally|recently|all|eventually|then)\s+)*"
    r"(?:packed\s+up\s+and\s+(?:went|headed|moved|came|relocated)\s+(?:back\s+)?(?:over\s+)?to"
    r"|packed\s+up\s+and\s+left\s+for|upped\s+sticks\s+(?:and\s+(?:went|moved|headed)\s+)?to"
    r"|ended\s+up\s+(?:living\s+)?in)\s+"
    rf"(?P<place>{_PLACE})\b(?:,?\s+(?:somehow|eventually|in\s+the\s+end|after\s+all|by\s+accident)\b)?"
)

# "moved across the river to Alderstow", "moved across town to Hackney": the way across is no part of the move.
_MOVED_ACROSS = rx(rf"\bmoved\s+across\s+(?:the\s+)?[a-z]+(?:\s+[a-z]+)?\s+to\s+(?={_PLACE}\b)")

# "born in Kyiv, living in Warsaw now", "was born in Porto, now living in Lyon", "born in Lagos but living in London"
_BORN_LIVING = rx(
    rf"\b(?:i\s+was\s+|was\s+)?born\s+(?:and\s+raised\s+)?in\s+(?P<born>{_PLACE})\s*(?:,|;|—|–|-|\.)?\s*"
    r"(?:(?:but|and|now|currently)\s+)*(?:(?:i'?m|i\s+am|im)\s+)?(?:(?:now|currently)\s+)?(?:living|based|settled)\s+in\s+"
    rf"(?={_PLACE}\b)"
)

# "I'm living with my parents in Valencia", "living w my mum in Derby": who with is no part of where.
_LIVING_WITH = rx(
    r"\b(?:(?:i'?m|i\s+am|im)\s+)?(?:(?:still|currently|now)\s+)?living\s+(?:with|w/?)\s+(?P<who>(?:my|our)\s+[\w-]+"
    rf"(?:\s+and\s+[\w-]+)?)\s+in\s+(?={_PLACE}\b)"
)

# "back in Manchester for good", "i'm back in Toronto for good now": moved back to stay.
_BACK_FOR_GOOD = rx(
    rf"\b(?:(?:i'?m|i\s+am|im|we'?re|we\s+are)\s+)?(?:(?:finally|now)\s+)?back\s+in\s+(?P<place>{_PLACE})"
    r"\s+for\s+good\b(?:\s+now\b)?"
)

# "Porto has been home for 6 years", "Berlin's been home since 2019", "Leeds has been my home for ages".
_BEEN_HOME = rx(
    rf"(?:^|(?<=[.!?,;]\s)|(?<=\band\s)|(?<=\bbut\s)|(?<=\bso\s))(?P<place>{_PLACE})(?:['’]s|\s+has)\s+been\s+"
    r"(?:(?:my|our)\s+)?home\s+(?=(?:for|since)\b)"
)
# "I've called Seattle home for a decade", "we have called Leeds home since 2015".
_CALLED_HOME = rx(rf"\b(?P<subj>i|we)(?:'ve|\s+have)\s+called\s+(?P<place>{_PLACE})\s+home\s+(?=(?:for|since)\b)")

# "i'm not in dunmere anymore!!", "we're not in Leeds any more," said before the move that replaces it.
_NOT_THERE_ANYMORE = rx(
    r"(?:\b(?:bc|because|cause|cos|coz|since|as|and|but|so)\s+)?\b(?:i'?m|i\s+am|im|we'?re|we\s+are)\s+(?:no\s+longer\s+in\s+[\w'’-]+(?:\s+[\w'’-]+)?"
    r"|not\s+(?:living\s+)?in\s+[\w'’-]+(?:\s+[\w'’-]+)?\s+any\s?more)\b\s*[!.,;:—–-]*\s*"
)
_A_MOVE = rx(r"\b(?:moved|relocated|packed\s+up|upped\s+sticks)\b[^.!?]*?\bto\s+(?-i:[A-Z])")


# A clause's start: the message's, or after a stop, a comma or a joining word; "i'm"/"we're" may open it.
_CLAUSE_START = (
    r"(?:^|(?<=[.!?;,:]\s)|(?<=\band\s)|(?<=\bbut\s)|(?<=\bso\s)|(?<=\bnow\s)|(?<=\bbtw\s))"
    r"(?:(?:i'?m|i\s+am|im|we'?re|we\s+are)\s+)?(?:(?:now|currently|still|just|finally|also)\s+)*"
)
_HOME_NOUN = r"(?:room|flat|apartment|house|place|studio|bedsit|cottage|condo|one-bed|two-bed|houseshare|house\s+share)"

# "renting a room in Fallowmere", "i'm sharing a house in Kelby": where one rents is where one lives.
_RENTING_IN = rx(
    rf"{_CLAUSE_START}(?:renting|sharing|subletting)\s+(?:a|an|my|our)\s+(?:[\w-]+\s+){{0,2}}?{_HOME_NOUN}"
    rf"\s+in\s+(?={_PLACE}\b)"
)
# "got my own studio in Grennick", "finally got our own place in Northgate": a home of one's own is a move.
_OWN_PLACE_IN = rx(
    rf"{_CLAUSE_START}(?:(?P<subj>i|we)\s+)?(?:(?:just|finally)\s+)*got\s+(?:my|our)\s+own\s+(?:[\w-]+\s+)?"
    rf"{_HOME_NOUN}\s+in\s+(?={_PLACE}\b)"
)
# "moved out of my parents' house three weeks ago, I live in X": the new home, at the moving out's time.
_AGO = (
    r"(?:\d+|a|an|one|two|three|four|five|six|few|a\s+few|a\s+couple\s+of|couple\s+of)\s+"
    r"(?:days?|weeks?|months?|years?)\s+ago"
)
_WHEN = (
    rf"\s+(?:{_AGO}|last\s+(?:week|weekend|month|year|spring|summer|autumn|fall|winter|[a-z]+day)|yesterday"
    r"|in\s+(?:january|february|march|april|may|june|july|august|september|october|november|december)"
    r"|on\s+[a-z]+day)"
)
_MOVED_OUT_THEN = rx(
    r"\b(?:i\s+)?(?:(?:just|finally|recently)\s+)*moved\s+out\b(?:\s+of\b)?[^,.;!?]*?"
    rf"(?P<when>{_WHEN})?\s*[,;]\s*(?:and\s+)?(?:now\s+)?I\s+(?:live\s+in|moved\s+to)\s+(?P<place>{_PLACE})"
)

# "any bakeries in Harrowgate? i live right by the station": home is the one town named, said by a landmark.
_BY_A_LANDMARK = rx(
    r"\bi\s+live\s+(?:(?:right|just|really|literally)\s+)?(?:near|by|next\s+to|close\s+to|opposite|beside|behind"
    r"|across\s+from|around\s+the\s+corner\s+from|over\s+by|up\s+by|down\s+by)\s+(?:the|a)\s+"
    r"[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}?(?=\s*(?:$|[,.!?;)]|\s+(?:so|and|but|lol|haha|tho|though|if)\b))"
)
_TOWN_NAMED = rx(rf"\b(?:in|near|around|round)\s+(?P<town>{_PLACE})\b")
_NOT_TOWNS = words(
    "January February March April May June July August September October November December Monday Tuesday "
    "Wednesday Thursday Friday Saturday Sunday English Spanish French German Italian Portuguese Christmas Easter"
)


def _by_a_landmark(text: str) -> str:
    m = _BY_A_LANDMARK.search(text)
    if m is None:
        return text
    towns = {t.group("town") for t in _TOWN_NAMED.finditer(text) if t.group("town").split()[0] not in _NOT_TOWNS}
    if len(towns) != 1:
        return text  # no town named, or two: which one is home is not said
    return f"{text[: m.start()]}I live in {towns.pop()}{text[m.end() :]}"


def said_plainly(text: str, asked: str | None = None) -> str:
    """``text`` with each loose form of a home or a move above said in its plain form; any other text as it is.
    ``asked`` is the turn it answers, if any. A home said only by its dwelling is read last, where no other form
    has placed the home already."""
    return by_its_dwelling(_said_plainly(text, asked))


def _said_plainly(text: str, asked: str | None = None) -> str:
    text = workplace_town(kin_placed(office_placed(stays_said(answered_home(asked, text)))))
    lowered = text.lower()
    if not any(cue in lowered for cue in _CUES):
        return text
    text = in_passing(_casual(text, lowered), lowered)
    if "moved in" in lowered:
        text = _moved_in_together(text)
    if "packed up" in lowered or "upped sticks" in lowered or "ended up in" in lowered:
        text = _LOOSE_MOVE.sub(lambda m: f"{m.group('subj') or 'I'} moved to {m.group('place')}", text)
    if "moved across" in lowered:
        text = _MOVED_ACROSS.sub("moved to ", text)
    if "born" in lowered:
        text = _BORN_LIVING.sub(lambda m: f"I was born in {m.group('born')}. I live in ", text)
    if "living w" in lowered:
        text = _LIVING_WITH.sub(lambda m: f"I live with {m.group('who')} in ", text)
    if "for good" in lowered:
        text = _BACK_FOR_GOOD.sub(lambda m: f"I moved back to {m.group('place')}", text)
    if "home" in lowered:
        text = _BEEN_HOME.sub(lambda m: f"I have lived in {m.group('place')} ", text)
        text = _CALLED_HOME.sub(lambda m: f"{m.group('subj')} have lived in {m.group('place')} ", text)
    if "renting" in lowered or "sharing" in lowered or "subletting" in lowered:
        text = _RENTING_IN.sub("I live in ", text)
    if "own" in lowered:
        text = _OWN_PLACE_IN.sub(lambda m: f"{m.group('subj') or 'I'} moved to ", text)
    if "moved out" in lowered:
        text = _MOVED_OUT_THEN.sub(lambda m: f"I moved to {m.group('place')}{m.group('when') or ''}", text)
    if "i live " in lowered:
        text = _by_a_landmark(text)
    if ("anymore" in lowered or "any more" in lowered or "no longer" in lowered) and _A_MOVE.search(text):
        # said as a sentence break: "need routes bc i'm not in X anymore, moved to Y" -> "need routes. moved to Y"
        text = _NOT_THERE_ANYMORE.sub(lambda m: "" if m.start() == 0 else ". ", text, count=1)
    return text


# --- arriving to stay, coming back, placed by a landmark, a move into a home, a guest -----------------------

_WE_OR_I = r"(?:(?:i'?m|i\s+am|im|we'?re|we\s+are|i'?ve|i\s+have|we'?ve|we\s+have)\s+)?"

# "just landed in X for good", "we've arrived in X for good", "finally settled in X for good": moved there.
_ARRIVED_FOR_GOOD = rx(
    rf"\b{_WE_OR_I}(?:(?:just|finally|now|officially)\s+)*(?:landed|arrived|settled(?:\s+down)?)\s+in\s+"
    rf"(?P<place>{_PLACE})\s+for\s+good\b"
)
# "back in Kelso these days", "we're back in Ferrow now": moved back, unless the message tells of a trip.
_BACK_NOW = rx(
    rf"\b{_WE_OR_I}(?:(?:finally|properly)\s+)?back\s+in\s+(?P<place>{_PLACE})\s+(?:now|these\s+days|nowadays)\b"
)
_TRIP_TALK = rx(
    r"\b(?:trip|holiday|holidays|vacation|visit|visiting|flight|flew|conference|tour|weekend|week|tomorrow|tonight"
    r"|will|i'll|we'll|gonna|going\s+to)\b"
)

# A town written small is read only in a home frame, and only when it is no common word of place or time.
_SMALL_TOWN = r"(?-i:[a-z][a-z'’-]{2,})"
_NOT_A_TOWN = words(
    "town the city area centre center village suburbs countryside country north south east west middle end "
    "yeah yes lol haha tho though now too and but so with ok okay lmao innit mate"
)
_NUMBER = (
    r"(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|few|a\s+few|couple\s+of"
    r"|a\s+couple\s+of|short|quick|long)"
)
# "i live like 5 min from the beach in crannock", "we live a short walk from the harbour in Penmarrow".
_LIVE_FROM_LANDMARK = rx(
    r"\b(?P<subj>i|we)\s+live\s+(?:like\s+|about\s+|around\s+|only\s+|just\s+|literally\s+|maybe\s+)*"
    rf"{_NUMBER}\s+(?:[\w-]+\s+)?(?:mins?|minutes?|min's|km|kms|miles?|blocks?|steps?|walk|drive|stroll|ride)"
    r"\s+(?:(?:walk|drive|away)\s+)?from\s+(?:the|a|my|our)\s+[\w'’-]+(?:\s+[\w'’-]+)?\s+in\s+"
    rf"(?P<place>{_PLACE}|{_SMALL_TOWN})\b"
)
# "just moved to a new flat in Tarwick", "we moved into a little house in Brenly last month".
_MOVED_INTO_A_HOME = rx(
    r"\b(?:(?P<subj>i|we)\s+)?(?:(?:just|finally|recently|have|'ve)\s+)*moved\s+(?:in)?to\s+(?:a|an|my|our|the)\s+"
    rf"(?:[\w'’-]+\s+){{0,2}}?{_HOME_NOUN}\s+in\s+(?={_PLACE}\b)"
)
# "she can stay with me in Brackenmoor", "come stay with us in Dunloe": the speaker's home is there.
_STAY_WITH_ME = rx(rf"\bstay(?:ing)?\s+with\s+(?P<who>me|us)\s+(?:(?:up|down|over)\s+)?in\s+(?P<place>{_PLACE})\b")


def _small_town_ok(place: str) -> bool:
    return place[:1].isupper() or place.lower() not in _NOT_A_TOWN


def _as_name(place: str) -> str:
    return place if place[:1].isupper() else " ".join(w[:1].upper() + w[1:] for w in place.split())


def _casual(text: str, lowered: str) -> str:
    if "for good" in lowered:
        text = _ARRIVED_FOR_GOOD.sub(lambda m: f"I moved to {m.group('place')}", text)
    if "back in" in lowered and not _TRIP_TALK.search(text):
        text = _BACK_NOW.sub(lambda m: f"I moved back to {m.group('place')}", text)
    if "live" in lowered:
        text = _LIVE_FROM_LANDMARK.sub(
            lambda m: (
                f"{m.group('subj')} live in {_as_name(m.group('place'))}."
                if _small_town_ok(m.group("place"))
                else m.group(0)
            ),
            text,
        )
    if "moved" in lowered:
        text = _MOVED_INTO_A_HOME.sub(lambda m: f"{m.group('subj') or 'I'} moved to ", text)
    if "stay with" in lowered or "staying with" in lowered:
        m = _STAY_WITH_ME.search(text)
        if m is not None:
            who = "I" if m.group("who").lower() == "me" else "We"
            text = f"{text.rstrip()}{'' if text.rstrip()[-1:] in '.!?' else '.'} {who} live in {m.group('place')}."
    return text


# --- an answer to a home question -----------------------------------------------------------------------

_HOME_ASKED = rx(
    r"\bwhere(?:'s|\s+is)\s+home\b|\bwhere\s+(?:do\s+you|d'?you|you)\s+(?:live|stay|call\s+home)\b"
    r"|\bwhere\s+are\s+you\s+(?:based|living|settled|staying\s+these\s+days)\b"
    r"|\bwhat\s+(?:town|city|village|part\s+of\s+[\w ]+?)\s+(?:do\s+you|are\s+you)\s+(?:live|living|in|based)\b"
)
# "still in Leeds?", "are you still living in Bath?", "you're in Derby, right?": a home asked after by name.
_HOME_CHECKED = rx(
    r"\b(?:still|you'?re|you\s+are|are\s+you)\s+(?:still\s+)?(?:living\s+|based\s+)?in\s+(?-i:[A-Z])[\w'’-]+"
)
_REPLY_PLACE = rx(
    rf"^\s*(?:in\s+)?(?P<place>{_PLACE}|{_SMALL_TOWN}(?:\s+{_SMALL_TOWN}){{0,2}}?)"
    r"\s*(?=$|[,.!;:]|\s+(?:now|these\s+days|nowadays|since\b|with\b|for\s+(?:\d+|a|an|two|three|ages)\b))"
)
# Words that make a short reply something other than a place ("no idea", "why", "not sure", "up north").
_NOT_PLACE_WORDS = words(
    "no nope nah yes yeah yep idea why what who how when which not sure dunno unsure i you we me it here there "
    "everywhere somewhere nowhere home up down near around over out in on at the a an my our your this that "
    "hmm um ok okay lol haha thanks thank please same sorry depends"
)
_CORRECTED = rx(
    r"^\s*(?:no|nope|nah|not\s+any\s?more|not\s+anymore)\b[\s,.!]*(?:i'?m\s+in\s+|we'?re\s+in\s+|in\s+)?"
    rf"(?P<place>{_PLACE})\s+(?P<when>since\s+[\w ]+?|now|these\s+days|nowadays)\s*(?=$|[,.!;:])"
)


def answered_home(asked: str | None, text: str) -> str:
    """``text`` said as a home when it answers a home question: "where do you live?" / "dunmere, by the coast"
    -> "I live in Dunmere, by the coast"; "still in Leeds?" / "no, Oslo since march" -> "no. I have lived in Oslo
    since march". Any other text as it is."""
    if not asked:
        return text
    if _HOME_ASKED.search(asked) or _HOME_CHECKED.search(asked):
        m = _CORRECTED.match(text)
        if m is not None:
            when = m.group("when")
            said = (
                f"I have lived in {m.group('place')} {when}"
                if when.lower().startswith("since")
                else (f"I live in {m.group('place')} {when}")
            )
            return f"no. {said}{text[m.end() :]}"
    if _MOVE_ASKED.search(asked) and (move := _FROM_TO.match(text)) is not None:
        # "where are you moving from and to?" / "from Harlow to Kelby": home is Harlow until the move
        return f"I live in {move.group('old')}. I am moving to {move.group('new')}{text[move.end() :]}"
    if not _HOME_ASKED.search(asked):
        return text
    m = _REPLY_PLACE.match(text)
    if m is None or m.group("place")[:1].isupper() or any(w in _NOT_PLACE_WORDS for w in m.group("place").split()):
        return text  # a name written with a capital is read by the answer readers already
    rest = text[m.end() :].lstrip()
    # the home is a sentence of its own: "dunmere, but moving in march" dates the move, not the home
    return f"I live in {_as_name(m.group('place'))}. {rest.lstrip(',;:').lstrip()}".rstrip()


# --- a stay is no home ---------------------------------------------------------------------------------------

# "I'm in Paris, what should I eat tonight?", "in Lisbon for work", "in Vienna on business": one is there for a
# purpose or asks what a visitor asks; where one lives is not said.
_A_STAY = rx(
    r"\bfor\s+(?:work|business|a\s+(?:conference|wedding|funeral|trip|holiday|week|few\s+days|couple\s+of\s+\w+"
    r"|meeting|gig|concert|festival|match|course|workshop|visit)|(?:my|our|a)\s+[\w'’-]+(?:'s)?\s+(?:wedding"
    r"|birthday|funeral|graduation)|the\s+(?:weekend|week|day|night|conference|wedding|festival|summer|holidays))\b"
    r"|\bon\s+(?:business|holiday|holidays|vacation|(?:a|my|our)\s+(?:trip|break|work\s+trip|honeymoon|layover)"
    r"|honeymoon|a\s+stopover|tour)\b"
    r"|\b(?:tonight|today)\b"
    r"|\b(?:what|where)\s+should\s+(?:i|we)\s+(?:eat|see|visit|go|do|stay)\b|\bwhere'?s\s+good\b"
    r"|\bany\s+(?:good\s+)?(?:[\w-]+\s+){0,2}?(?:spots|places|bars|restaurants|cafes|recommendations|recs|tips)\b"
    r"|\brecommendations?\b|\bmust[\s-]see\b"
)


_IM_IN = rx(r"\b(?P<be>i'?m|i\s+am|im|we'?re|we\s+are)\s+(?:(?:currently|still|just|over|out)\s+)*in\s+(?=(?-i:[A-Z]))")
_SETTLED = rx(
    r"\b(?:now|these\s+days|nowadays|for\s+good|since|for\s+(?:ages|years|(?:\d+|a|an|two|three|many)\s+(?:years?"
    r"|decades?)))\b"
)
_SENTENCE = re.compile(r"[^.!?]+[.!?]*")


def _stay_said(sentence: str) -> str:
    if _IM_IN.search(sentence) is None or _A_STAY.search(sentence) is None or _SETTLED.search(sentence):
        return sentence
    return _IM_IN.sub(lambda m: f"{m.group('be')} staying in ", sentence)


def stays_said(text: str) -> str:
    """ "I'm in X" said with a purpose or a visitor's question is a stay, said as one ("I'm staying in X"), which
    no home frame reads; "I'm in X now" stays as it is."""
    if " in " not in text:
        return text
    return "".join(_stay_said(s.group(0)) for s in _SENTENCE.finditer(text))


# --- moving in together; a move asked about; an office placed in a town -------------------------------------

# "we moved in together last weekend, his flat on Mercer Road", "moved in with my girlfriend in march, her house in
# Oakhurst": the home named after the comma is the shared one, moved into at the time said before it.
_MOVED_IN_TOGETHER = rx(
    r"\b(?P<lead>moved\s+in\s+(?:together|with\s+(?:my|our|him|her|them)(?:\s+[\w'’-]+){0,2}?)"
    rf"(?P<when>{_WHEN})?)\s*[,;:—–-]\s*(?:in(?:to)?\s+|at\s+)?(?:her|his|their|our|my|a|the)\s+(?:[\w'’-]+\s+){{0,2}}?"
    rf"{_HOME_NOUN}\s+(?:on|in)\s+(?P<place>{_PLACE})\b"
)
_MOVE_ASKED = rx(r"\b(?:mov(?:e|ing)|relocat\w*)\b[^?]*\bfrom\b|\bfrom\b[^?]*\bmov(?:e|ing)\b")
_FROM_TO = rx(rf"^\s*from\s+(?P<old>{_PLACE})\s+to\s+(?P<new>{_PLACE})\b")

_OFFICE = r"(?:office|branch|site|campus|hq|headquarters|plant|depot)"
_HEDGED = rx(
    r"\b(?:might|may|could|would|will|want|wants|hope|hoping|if|should|asked|ask|apply|applying|'d|gonna|going\s+to"
    r"|maybe|possibly|thinking|considering)\b[^.!?]*$"
)
# "got relocated to the Ashby office", "they transferred me to the Leeds branch", "I've been moved over to our X
# site": one works there now.
_OFFICE_MOVE = rx(
    r"\b(?:relocated|transferred|moved|posted|seconded)\s+(?:(?:me|us)\s+)?(?:over\s+|across\s+)?to\s+"
    rf"(?:the|our|their|a)\s+(?P<place>{_PLACE})\s+{_OFFICE}\b"
)
# "I work out of our Dunmore office", "i mostly work from the Harwick office".
_WORK_FROM_OFFICE = rx(
    r"\b(?P<subj>i|we)\s+(?:(?:mostly|mainly|usually|now|still|currently|normally)\s+)*work\s+(?:out\s+of|from|at)\s+"
    rf"(?:the|our|their)\s+(?P<place>{_PLACE})\s+{_OFFICE}\b(?:\s*[,;])?"
)


def _moved_in_together(text: str) -> str:
    return _MOVED_IN_TOGETHER.sub(
        lambda m: f"{m.group('lead')}. I moved to {m.group('place')}{m.group('when') or ''}", text
    )


def office_placed(text: str) -> str:
    """ "got relocated to the Ashby office" -> "I work in Ashby"; "I work out of our Dunmore office" -> "I work in
    Dunmore"; a hedged move ("I might get transferred to ...") as it is."""
    lowered = text.lower()
    if not any(w in lowered for w in ("office", "branch", "site", "campus", "hq", "headquarters", "plant", "depot")):
        return text

    def moved(m: re.Match[str]) -> str:
        if _HEDGED.search(text[: m.start()]) or text[m.end() :].lstrip()[:1] == "?":
            return m.group(0)
        return f". I work in {m.group('place')}"

    text = _WORK_FROM_OFFICE.sub(
        lambda m: m.group(0) if _HEDGED.search(text[: m.start()]) else f"{m.group('subj')} work in {m.group('place')}.",
        text,
    )
    return _OFFICE_MOVE.sub(moved, text)


# --- a home said in passing -------------------------------------------------------------------------------------

# "since moving to Penrith, ...", "now that I'm in Kelso ...", "ever since we moved to Harlow ...": the clause takes
# the home for granted; said as a move of its own.
_SINCE_MOVING = rx(
    r"\b(?:ever\s+since|since|now\s+that)\s+(?:(?P<subj>i|we)\s+)?(?:moving|moved|relocating|relocated|i'?m\s+in"
    rf"|we'?re\s+in|i\s+am\s+in|we\s+are\s+in|living\s+in)\s+(?:(?:back|over|out|up|down)\s+)?(?:to\s+)?"
    rf"(?P<place>{_PLACE})\b(?!\s+(?:would|will|could|might|means?|is|was)\b)\s*,?\s*"
)
# "we've been in Harlow since last year", "we have been up in Inverkeld for six years": lived there that long.
# "since january", "since the spring": a stay that long is a home (never "since tuesday": a visit's days).
_SINCE_MONTH = (
    r"(?:the\s+)?(?:january|february|march|april|may|june|july|august|september|october|november|december|spring"
    r"|summer|autumn|fall|winter|new\s+year|christmas|last\s+(?:spring|summer|autumn|fall|winter))"
)
_BEEN_IN = rx(
    r"\b(?P<subj>i|we)(?:'ve|\s+have)\s+been\s+(?:(?:up|down|out|over|living|based)\s+)?in\s+"
    rf"(?P<place>{_PLACE})\s+(?=(?:since\s+(?:\d{{4}}|last\s+year|{_SINCE_MONTH})|for\s+(?:ages|(?:a|an|one|two|three|four|five|six"
    r"|seven|eight|nine|ten|many|several|a\s+few|\d+)\s+(?:years?|decades?)))\b)"
)
# "me and Sam live in Harlow", "me and my partner live in Tarwick": the speaker lives there too.
_ME_AND_LIVE = rx(
    r"\b(?:me|i)\s+(?:and|&|n)\s+(?:my\s+[\w-]+|(?-i:[A-Z])[\w'-]*)(?:\s+(?-i:[A-Z])[\w'-]*)?\s+"
    r"(?:(?:still|now|both)\s+)*"
    rf"live\s+in\s+(?={_PLACE}\b)"
)
# "we're renting in Tarwick for now", "i'm subletting in Dunmere": one rents where one lives.
_RENTING_BARE = rx(rf"{_CLAUSE_START}(?:renting|subletting|lodging)\s+in\s+(?={_PLACE}\b)")
# "still living at my parents' place in Kelso", "back at my mum's in Ferrow": the family's home is one's own.
_AT_FAMILYS = rx(
    r"\b(?:(?:i'?m|i\s+am|im|we'?re|we\s+are)\s+)?(?:(?:still\s+)?living|still|back)\s+at\s+(?:my|our)\s+(?:parents|folks|mum|mom|dad|nan|gran|grandma"
    r"|grandparents|aunt|uncle|auntie|sister|brother)(?:['’]s?|s['’])?(?:\s+(?:place|house|flat|home))?\s+in\s+"
    rf"(?={_PLACE}\b)"
)
# "living in a shoebox in Camden", "i'm living in a van in Polwick now": the home's kind is no part of where.
_LIVING_IN_A = rx(rf"{_CLAUSE_START}(?:living|lives|live)\s+in\s+(?:a|an)\s+(?:[\w'’-]+\s+){{0,3}}?in\s+(?={_PLACE}\b)")


def in_passing(text: str, lowered: str) -> str:
    """A home said in passing, said plainly ("since moving to X, ..." -> "I moved to X. ...")."""
    if "since" in lowered or "now that" in lowered:
        text = _SINCE_MOVING.sub(
            lambda m: (
                m.group(0)
                if _HEDGED.search(text[: m.start()])
                else f"{m.group('subj') or 'I'} moved to {m.group('place')}. "
            ),
            text,
        )
    if "been" in lowered:
        text = _BEEN_IN.sub(lambda m: f"{m.group('subj')} have lived in {m.group('place')} ", text)
    if " live" in lowered and ("me " in lowered or "i " in lowered):
        text = _ME_AND_LIVE.sub("I live in ", text)
    if "renting" in lowered or "subletting" in lowered or "lodging" in lowered:
        text = _RENTING_BARE.sub("I live in ", text)
    if "at my" in lowered or "at our" in lowered:
        text = _AT_FAMILYS.sub("I live in ", text)
    if "in a" in lowered:
        text = _LIVING_IN_A.sub("I live in ", text)
    return text


# --- where a relative lives ------------------------------------------------------------------------------------

_KIN = (
    r"(?:mum|mom|mam|mother|dad|father|parents|folks|sister|brother|son|daughter|grandma|granny|gran|nan|grandad"
    r"|grandpa|grandparents|aunt|auntie|uncle|cousin|in-laws|stepmum|stepmom|stepdad)"
)
# "mum's in Ferrow now", "my sister's over in Oslo", "my dad is up in Inverkeld": where they live, said as "lives in".
_KIN_IS_IN = rx(
    rf"(?:^|(?<=[.!?,;]\s)|(?<=\band\s)|(?<=\bbut\s))(?P<my>(?:my|our)\s+)?(?P<kin>{_KIN})(?:['’]s|\s+is|\s+are)\s+"
    rf"(?:(?:still|now)\s+)?(?:(?:over|up|down|out|back)\s+)?in\s+(?=(?P<place>{_PLACE})\b)"
)


def _kin_stays(sentence: str) -> str:
    m = _KIN_IS_IN.search(sentence)
    if m is None or _A_STAY.search(sentence) or _TRIP_TALK.search(sentence) or _VISITING.search(sentence):
        return sentence
    verb = "live" if m.group("kin").lower() in ("parents", "folks", "grandparents", "in-laws") else "lives"
    return f"{sentence[: m.start()]}{m.group('my') or 'my '}{m.group('kin')} {verb} in {sentence[m.end() :]}"


_VISITING = rx(r"\b(?:visiting|seeing|staying|until|till|til|for\s+(?:a|the|two|three|few)\b)")


def kin_placed(text: str) -> str:
    """ "mum's in Ferrow now" -> "my mum lives in Ferrow now"; a relative there for a stay as it is."""
    if " in " not in text:
        return text
    return "".join(_kin_stays(s.group(0)) for s in _SENTENCE.finditer(text))


# --- a workplace's town --------------------------------------------------------------------------------------------

_WORKPLACE = (
    r"(?:firm|company|startup|agency|school|hospital|clinic|surgery|practice|shop|bakery|cafe|café|restaurant|bar|pub"
    r"|hotel|studio|lab|factory|warehouse|garage|salon|bank|charity|nursery|library|pharmacy|store|supermarket"
    r"|university|college|council|centre|center|care\s+home|call\s+centre|bookshop|gym|brewery|farm)"
)
# "a nurse at the children's hospital in Corran", "i work at a bakery in Ferrow": the town is where one works.
_AT_A_WORKPLACE_IN = rx(
    rf"\bat\s+(?P<org>(?:a|an|the)\s+(?:[\w'’-]+\s+){{0,3}}?{_WORKPLACE})\s+in\s+(?P<place>{_PLACE})\b"
    r"(?:\s*[,;]|(?=\s*(?:$|[.!?])))"
)
# The sentence says one's own work before it: "i'm a nurse", "i work", "i've been a barista".
_MY_WORK_BEFORE = rx(
    r"(?:^|[.!?,;]\s*|\b(?:hi|hey|hiya|so|and|but|btw)\s+)(?:i'?m|im|i\s+am|i\s+work|i'?ve\s+been|i\s+have\s+been)"
    r"\s+(?:(?:now|currently|still|just|also)\s+)*(?:(?:a|an)\s+[\w\s-]{2,40}?|working|employed)\s*$"
    r"|\bi\s+(?:(?:now|currently|still|also)\s+)*work\s+$"
)


def workplace_town(text: str) -> str:
    """ "i'm a nurse at the hospital in Corran" -> "i'm a nurse at the hospital. I work in Corran"; a place visited
    or a relative's work as it is."""
    if " at " not in text or " in " not in text:
        return text

    def said(m: re.Match[str]) -> str:
        before = text[: m.start()]
        start = max(before.rfind(stop) for stop in ".!?") + 1
        if not _MY_WORK_BEFORE.search(before[start:]) or _HEDGED.search(before[start:]):
            return m.group(0)
        return f"at {m.group('org')}. I work in {m.group('place')}."

    return _AT_A_WORKPLACE_IN.sub(said, text)


# --- a home said by its dwelling ------------------------------------------------------------------------------

# The dwellings one lives in ("studio" and "room" are left out: an artist's studio, a room at work are no home).
_DWELLING = r"(?:flat|apartment|house|place|cottage|bedsit|houseshare|house\s+share|one-bed|two-bed|condo|home)"
_DWELLING_WORDS = (
    "flat",
    "apartment",
    "house",
    "place",
    "cottage",
    "bedsit",
    "one-bed",
    "two-bed",
    "condo",
    "home",
    "moved",
    "relocated",
)
# "our flat in Morden is tiny", "my place in Hove has a leak": one's own dwelling, now (never "my old flat", "my
# mum's place", "our holiday cottage": the word before the dwelling may only say what it is like).
_MY_DWELLING = rx(
    r"\b(?:my|our)\s+(?:(?:new|own|little|tiny|current|rented|lovely|cosy|cozy|first|shared|studio)\s+)*"
    rf"{_DWELLING}\s+(?:is\s+|'s\s+)?(?:(?:out|over|up|down)\s+)?(?P<prep>in|on|near|outside)\s+(?P<place>{_PLACE})\b"
)
# "i'm in a houseshare in Peckham now", "we're in a tiny two-bed near Kelso": where one is, in a dwelling.
_IN_A_DWELLING = rx(
    r"\b(?:i'?m|im|i\s+am|we'?re|we\s+are)\s+(?:(?:now|still|currently|living)\s+)*in\s+(?:a|an)\s+"
    rf"(?:[\w'’-]+\s+){{0,2}}?{_DWELLING}\s+(?P<prep>in|on|near|outside)\s+(?P<place>{_PLACE})\b"
)
# "got my own place btw, a one-bed above the pharmacy on Quay Road": the home of one's own, placed after a comma.
_OWN_PLACE_THEN = rx(
    r"\b(?:got|found|bought)\s+(?:my|our)\s+(?:own|first|new)\s+(?:place|flat|house|home|apartment)\b"
    r"(?:\s+(?:btw|lol|finally|at\s+last))?\s*[,:;—–-]\s*(?:a|an)\s+[^,.!?]*?\b(?P<prep>in|on)\s+"
    rf"(?P<place>{_PLACE})\b"
)
# "just moved in with my boyfriend in Harlow": the shared home is the town named.
_MOVED_IN_WITH_IN = rx(
    r"\bmoved\s+in\s+with\s+(?:my|our)\s+[\w'’-]+(?:\s+(?-i:[A-Z])[\w'’-]*)?\s+(?P<prep>in)\s+"
    rf"(?P<place>{_PLACE})\b"
)
# "new flat's in Leith", "the new house is in Otley": the speaker's new home, said without "my" at a sentence's start.
_NEW_DWELLING_IN = rx(
    rf"(?:^|(?<=[.!?]\s))(?:the\s+)?new\s+{_DWELLING}(?:'s|\s+is)\s+(?:(?:out|over|up|down)\s+)?(?P<prep>in|on)\s+"
    rf"(?P<place>{_PLACE})\b"
)
# "we relocated, Cardiff now", "moved again lol - Bristol these days": a move, its new place said after it.
_MOVED_THEN_PLACE = rx(
    r"\b(?:(?:i|we)\s+)?(?:(?:just|finally|recently)\s+)*(?:moved|relocated)(?:\s+(?:house|again|finally|lol|haha|btw))*"
    rf"\s*(?:[,;:]|\s[-–—])\s*(?P<prep>)(?P<place>{_PLACE})\s+(?:now|these\s+days|nowadays)\b"
)
_DWELLING_FORMS = (
    _MY_DWELLING,
    _IN_A_DWELLING,
    _OWN_PLACE_THEN,
    _MOVED_IN_WITH_IN,
    _NEW_DWELLING_IN,
    _MOVED_THEN_PLACE,
)
_NEAR = {"near": "near", "outside": "near"}


def by_its_dwelling(text: str) -> str:
    """ "our flat in Morden is tiny" -> "our flat in Morden is tiny. I live in Morden": a home said by the dwelling
    one lives in, said plainly after its sentence. Never in a question, a hedge, a trip, nor for a place that is a
    month or a day."""
    lowered = text.lower()
    if not any(word in lowered for word in _DWELLING_WORDS):
        return text
    for form in _DWELLING_FORMS:
        m = form.search(text)
        if m is None or m.group("place").split()[0] in _NOT_TOWNS:
            continue
        if form is not _MOVED_THEN_PLACE and re.search(
            rf"\b(?:live|living|lived|moved|moving)\s+(?:[\w'-]+\s+){{0,3}}?{re.escape(m.group('place'))}", text
        ):
            continue  # "got my own place in X last month": the move, with its date, says it already
        start = max(text.rfind(stop, 0, m.start()) for stop in ".!?")
        end = min((i for i in (text.find(stop, m.end()) for stop in ".!?") if i >= 0), default=len(text))
        sentence = text[start + 1 : end + 1]
        if "?" in sentence or _HEDGED.search(text[start + 1 : m.start()]) or _TRIP_TALK.search(sentence):
            continue
        prep = _NEAR.get(m.group("prep").lower(), m.group("prep").lower() or "in")
        if form is _IN_A_DWELLING:  # "i'm in a two-bed near X" says nothing but the home
            return f"{text[: m.start()]}I live {prep} {m.group('place')}{text[m.end() :]}"
        return f"{text[:end]}. I live {prep} {m.group('place')}{text[end:]}"
    return text
