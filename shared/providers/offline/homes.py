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
  replaces X; the denial is no fact of its own (the move supersedes X).

The new place must be written as a name (a capital letter): "ended up in hospital", "packed up and went to
bed" say nothing of a home. Pure functions over English text, behind one cheap word test.
"""

from __future__ import annotations

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


def said_plainly(text: str) -> str:
    """``text`` with each loose form of a home or a move above said in its plain form; any other text as it is."""
    lowered = text.lower()
    if not any(cue in lowered for cue in _CUES):
        return text
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
