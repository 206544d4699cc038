"""English time phrases the main date resolver (``extraction_rules._find_date``) does not read, and what
happened then: a past event said with its time, a relative's or friend's news said as the user's own would be.

Pure functions over one English clause; the resolver calls ``more_dates`` behind a cheap keyword check, so a
clause without one of its words costs one search.

- **Periods counted back past the last one**: "the week/month/year before last", "the summer before last",
  "two summers ago", "three weekends ago", "a year and a half ago".
- **A weekday as chat shortens it** after "on", "last", "next" ("on sat", "last fri", "since tues").
- **A holiday with its year** ("since Easter 2023", "over christmas of 2019", "at easter last year"): that
  year's day, the year no part of the clause.
- **Near a holiday**: "the week before christmas", "the weekend after easter", "around new year".
- **The edge of a season**: "late last summer", "the end of last summer", "early spring this year".
- **A length held so far with a half**, in the perfect: "I've lived here for about two and a half years".
- **Easter**, the one moveable holiday people date things by ("over Easter", "last Easter", "since Easter"),
  computed (anonymous Gregorian algorithm), never looked up.
- **"since we spoke"** / "since we last talked" / "since our last chat": the news is new, said now, and the
  phrase names no day before the message: it is cut from the clause (``SINCE_WE_SPOKE``), and the fact keeps
  the message's time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta

from shared.providers.offline.text_forms import rx

_SEASON_START = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}
_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "a couple of": 2}
_NUMBER_WORDS |= {"couple of": 2, "a couple": 2, "couple": 2, "a few": 3, "few": 3}
_COUNT = r"(?P<n>\d{1,2}|an?|one|two|three|four|five|six|(?:a\s+)?couple(?:\s+of)?|(?:a\s+)?few)"

# Every phrase below holds one of these words; most clauses hold none.
_MAY_HOLD = rx(
    r"\bbefore\s+last\b|\bago\b|\band\s+a\s+half\b|\b(?:early|late|mid|middle|end|start|beginning)\b|\beaster\b|\b(?:christmas|xmas|new\s+year'?s?|halloween)\b|\b(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)\b"
)
# A weekday as chat shortens it, only after a word that makes it a time ("on sat", "last fri"): "sat", "sun" and
# "wed" alone are words of their own.
_SHORT_WEEKDAY = rx(
    r"\b(?:(?P<prep>on|since|by|until|till|before|after)\s+|(?P<rel>last|this\s+past|this|next|past|coming)\s+)"
    r"(?P<wd>mon|tues?|weds?|thu|thurs?|fri|sat|sun)\b\.?(?!')"
)
_WEEKDAY_OF = {"mon": 0, "tue": 1, "tues": 1, "wed": 2, "weds": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4}
_WEEKDAY_OF |= {"sat": 5, "sun": 6}

_BEFORE_LAST = rx(
    r"\b(?P<prep>since|in|during|over)?\s*\bthe\s+(?P<unit>week|weekend|month|year|summer|winter|spring|autumn|fall)"
    r"\s+before\s+last\b"
)
_SEASONS_AGO = rx(r"\b" + _COUNT + r"\s+(?P<unit>summers|winters|springs|autumns|falls|weekends)\s+ago\b")
_AND_A_HALF = rx(r"\b(?P<n>an?|one|two|three|four|five|\d{1,2})\s+(?P<unit>year|month)s?\s+and\s+a\s+half\s+ago\b")
_EASTER = rx(
    r"\b(?:(?P<prep>since|over|at|on|for|after|before|until|till|by)\s+|(?P<rel>last|this|next)\s+)?"
    r"(?:the\s+)?easter(?:\s+(?:weekend|sunday|monday|holidays?|break))?\b"
)
# A holiday said with its year, or with "last year": "since Easter 2023", "over christmas of 2019", "at easter last
# year", "on new year's day 2024". The main resolver reads the holiday alone as the last (or next) one and leaves
# the year in the clause; said with its year, the whole phrase is one day of that year.
_HOLIDAY_OF_A_YEAR = rx(
    r"\b(?:(?P<prep>since|over|at|on|for|after|before|until|till|by|in|around)\s+)?(?:the\s+)?"
    r"(?P<holiday>easter|christmas|xmas|new\s+year'?s?|halloween)(?:\s+(?:day|eve|sunday|weekend|holidays?|break))?"
    r"\s+(?:(?:of|in)\s+)?(?:(?P<year>(?:19|20)\d{2})|(?P<rel>last|this)\s+year)\b"
)
_HOLIDAY_DAY = {"christmas": (12, 25), "xmas": (12, 25), "halloween": (10, 31)}
_HOLIDAY = r"(?P<holiday>easter|christmas|xmas|new\s+year'?s?|halloween)(?:\s+(?:day|eve|sunday))?"
# A holiday said as roughly when ("around new year", "about christmas"): the last one, or the next one ahead.
_AROUND_HOLIDAY = rx(r"\b(?:around|about|round)\s+(?:the\s+)?" + _HOLIDAY + r"\b")
# A day, week or weekend counted from a holiday: "the week before christmas", "the weekend after easter".
_NEAR_HOLIDAY = rx(
    r"\b(?:(?P<prep>since|in|on|during|over)\s+)?the\s+(?P<unit>day|week|weekend)\s+(?P<dir>before|after)\s+"
    + _HOLIDAY
    + r"\b"
)
# The edge of a season ("late last summer", "the end of last summer", "early spring this year"): its first, middle
# or last month. (The edge of a year, "late last year", the main resolver reads.)
_SEASON_EDGE = rx(
    r"\b(?:(?P<prep>since|in|during|over|from|at|by)\s+)?(?:the\s+)?(?P<edge>early|late|mid|middle\s+of|end\s+of"
    r"|start\s+of|beginning\s+of)[\s-]+(?:the\s+)?(?:(?P<rel>last|this|past)\s+)?(?P<season>summer|winter|spring"
    r"|autumn|fall)(?:\s+(?P<rel2>this|last)\s+year)?\b"
)
_EDGE_MONTHS = {"early": 0, "start of": 0, "beginning of": 0, "mid": 1, "middle of": 1, "late": 2, "end of": 2}
# A length held so far with a half: "for (about) two and a half years", "for a year and a half". Only in a clause
# in the perfect ("I've lived here for ...", "been vegan for ..."): "I'll be there for two and a half weeks" is a
# length ahead, "spent two and a half years in Leeds" one that is over.
_FOR_AND_A_HALF = rx(
    r"\bfor\s+(?:(?:about|around|almost|nearly|over|roughly|like|just\s+over|just\s+under)\s+)?"
    r"(?P<n>an?|one|two|three|four|five|six|\d{1,2})\s+(?:(?P<unit>year|month)s?\s+and\s+a\s+half"
    r"|and\s+a\s+half\s+(?P<unit2>year|month)s)\b"
)
_PERFECT = rx(r"\b(?:have|has|'ve|ve)\s+(?:\w+\s+){0,2}?(?:been|\w+ed|had|known|kept|held|run|done)\b|\bbeen\b")
SINCE_WE_SPOKE = rx(
    r"\bsince\s+(?:(?:we|i)\s+(?:last\s+)?(?:spoke|talked|chatted|spoken)(?:\s+last)?"
    r"|(?:the\s+)?last\s+time\s+(?:we|i)\s+(?:spoke|talked|chatted)|our\s+last\s+chat)\b,?"
)


@dataclass(frozen=True)
class TimeSaid:
    """A time phrase found: its day (the start of its period), the period's grain (day | weekend | month |
    year), where it is in the clause, and the preposition worth keeping ("since")."""

    day: date
    grain: str
    start: int
    end: int
    prep: str | None = None


def easter_sunday(year: int) -> date:
    """Easter Sunday of ``year`` in the Gregorian calendar (the anonymous Gregorian computus)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    el = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * el) // 451
    month, day = divmod(h + el - 7 * m + 114, 31)
    return date(year, month, day + 1)


def _months_back(today: date, months: int) -> date:
    year, month = divmod(today.year * 12 + today.month - 1 - months, 12)
    return date(year, month + 1, 1)


def _season_back(today: date, season: str, back: int) -> date:
    """The start of the ``back``-th season of that name wholly over by ``today`` (1: the last one)."""
    month = _SEASON_START[season]
    starts = [date(y, month, 1) for y in range(today.year - back - 2, today.year + 1)]
    over = [s for s in starts if _months_back(s, -3) <= today]
    return over[-back]


def _count(word: str) -> int:
    word = re.sub(r"\s+", " ", word.lower())
    return int(word) if word.isdigit() else _NUMBER_WORDS.get(word, 0)


def _before_last(m: re.Match[str], today: date) -> TimeSaid | None:
    unit = m.group("unit").lower()
    prep = (m.group("prep") or "").lower() or None
    if unit in _SEASON_START:
        return TimeSaid(_season_back(today, unit, 2), "month", m.start(), m.end(), prep)
    if unit == "week":
        monday = today - timedelta(days=today.weekday(), weeks=2)
        return TimeSaid(monday, "week", m.start(), m.end(), prep)
    if unit == "weekend":
        saturday = today - timedelta(days=(today.weekday() - 5) % 7) - timedelta(weeks=1)
        if saturday >= today - timedelta(days=1):
            saturday -= timedelta(weeks=1)  # said on the weekend itself: that one is this weekend
        return TimeSaid(saturday, "weekend", m.start(), m.end(), prep)
    if unit == "month":
        return TimeSaid(_months_back(today, 2), "month", m.start(), m.end(), prep)
    return TimeSaid(date(today.year - 2, 1, 1), "year", m.start(), m.end(), prep)


def _seasons_ago(m: re.Match[str], today: date) -> TimeSaid | None:
    n, unit = _count(m.group("n")), m.group("unit").lower().rstrip("s")
    if n <= 0:
        return None
    if unit == "weekend":
        saturday = today - timedelta(days=(today.weekday() - 5) % 7)
        if saturday >= today - timedelta(days=1):
            saturday -= timedelta(weeks=1)
        return TimeSaid(saturday - timedelta(weeks=n - 1), "weekend", m.start(), m.end())
    return TimeSaid(_season_back(today, unit, n), "month", m.start(), m.end())


def _and_a_half(m: re.Match[str], today: date) -> TimeSaid | None:
    n = _count(m.group("n"))
    months = n * 12 + 6 if m.group("unit").lower() == "year" else 0
    if months == 0:
        back = today - timedelta(days=45 * n)  # "a month and a half ago": six weeks or so
        return TimeSaid(back, "day", m.start(), m.end())
    return TimeSaid(_months_back(today, months), "month", m.start(), m.end())


def _easter(m: re.Match[str], today: date, past: bool) -> TimeSaid | None:
    rel, prep = (m.group("rel") or "").lower(), (m.group("prep") or "").lower() or None
    if not rel and not prep and not past:
        return None  # "easter eggs", "the easter menu": a bare noun, no time
    this_year = easter_sunday(today.year)
    if rel == "next" or (rel != "last" and not past and prep != "since" and this_year < today):
        day = this_year if this_year > today else easter_sunday(today.year + 1)
    elif rel == "last" or past or prep == "since":
        day = this_year if this_year <= today else easter_sunday(today.year - 1)
    else:
        day = this_year
    return TimeSaid(day, "day", m.start(), m.end(), prep if prep in ("since", "after", "before", "until") else None)


def _holiday_of_a_year(m: re.Match[str], today: date) -> TimeSaid | None:
    year = int(m.group("year")) if m.group("year") else today.year - (m.group("rel").lower() == "last")
    holiday = re.sub(r"[\s']+", " ", m.group("holiday").lower()).strip()
    if holiday == "easter":
        day = easter_sunday(year)
    elif holiday.startswith("new year"):
        day = date(year, 1, 1)
    else:
        day = date(year, *_HOLIDAY_DAY[holiday])
    prep = (m.group("prep") or "").lower()
    return TimeSaid(day, "day", m.start(), m.end(), prep if prep in ("since", "after", "before", "until") else None)


def _holiday_near(holiday: str, today: date, past: bool) -> date:
    """The day of a holiday said without its year: the last one (or, said of what lies ahead, the next one)."""
    holiday = re.sub(r"[\s']+", " ", holiday.lower()).strip()
    if holiday.startswith("easter"):
        days = [easter_sunday(y) for y in (today.year - 1, today.year, today.year + 1)]
    elif holiday.startswith("new year"):
        days = [date(y, 1, 1) for y in (today.year, today.year + 1)]
    else:
        days = [date(y, *_HOLIDAY_DAY[holiday.split()[0]]) for y in (today.year - 1, today.year)]
    behind = [d for d in days if d <= today]
    ahead = [d for d in days if d > today]
    return (behind[-1] if behind else days[0]) if past or not ahead else ahead[0]


def _around_holiday(m: re.Match[str], today: date, past: bool) -> TimeSaid:
    return TimeSaid(_holiday_near(m.group("holiday"), today, past), "day", m.start(), m.end())


def _near_holiday(m: re.Match[str], today: date, past: bool) -> TimeSaid:
    anchor = _holiday_near(m.group("holiday"), today, past)
    unit, after = m.group("unit").lower(), m.group("dir").lower() == "after"
    if unit == "day":
        return TimeSaid(anchor + timedelta(days=1 if after else -1), "day", m.start(), m.end())
    if unit == "week":
        monday = anchor - timedelta(days=anchor.weekday()) + timedelta(weeks=1 if after else -1)
        return TimeSaid(monday, "week", m.start(), m.end())
    if after:
        saturday = anchor + timedelta(days=(5 - anchor.weekday()) % 7 or 7)
    else:
        saturday = anchor - timedelta(days=(anchor.weekday() - 5) % 7 or 7)
    return TimeSaid(saturday, "weekend", m.start(), m.end())


def _season_edge(m: re.Match[str], today: date) -> TimeSaid | None:
    season, rel = m.group("season").lower(), (m.group("rel") or m.group("rel2") or "").lower()
    month = _SEASON_START[season]
    if rel in ("last", "past"):
        start = _season_back(today, season, 1)
    elif rel == "this":
        start = date(today.year - (season == "winter" and today.month < 3), month, 1)
    else:
        return None  # "late summer" with no year said: the main resolver reads the season
    day = _months_back(start, -_EDGE_MONTHS[re.sub(r"\s+", " ", m.group("edge").lower())])
    prep = (m.group("prep") or "").lower()
    return TimeSaid(day, "month", m.start(), m.end(), prep if prep == "since" else None)


def _for_and_a_half(m: re.Match[str], text: str, today: date) -> TimeSaid | None:
    n = _count(m.group("n"))
    if n <= 0 or not _PERFECT.search(text):
        return None
    months = n * 12 + 6 if (m.group("unit") or m.group("unit2")).lower() == "year" else 0
    if months == 0:
        return TimeSaid(today - timedelta(days=45 * n), "day", m.start(), m.end(), "since")
    return TimeSaid(_months_back(today, months), "month", m.start(), m.end(), "since")


def _short_weekday(m: re.Match[str], today: date, past: bool) -> TimeSaid:
    """As a weekday said in full is read: "last fri" the one before today, "next sat" the one after, "on tues"
    the nearest one in the direction the clause points."""
    target, rel = _WEEKDAY_OF[m.group("wd").lower()], re.sub(r"\s+", " ", (m.group("rel") or "").lower())
    ahead, behind = (target - today.weekday()) % 7, (today.weekday() - target) % 7
    if rel in ("next", "coming"):
        day = today + timedelta(days=ahead or 7)
    elif rel in ("last", "this past", "past") or (m.group("prep") or "").lower() == "since":
        day = today - timedelta(days=behind or 7)
    else:
        day = today - timedelta(days=behind) if past else today + timedelta(days=ahead)
    prep = (m.group("prep") or "").lower()
    return TimeSaid(
        day, "day", m.start(), m.end(), prep if prep in ("since", "by", "until", "till", "before", "after") else None
    )


def more_dates(text: str, today: date, past: bool) -> list[TimeSaid]:
    """The time phrases of ``text`` this module reads (see the module's docstring), in no order."""
    if not _MAY_HOLD.search(text):
        return []
    found: list[TimeSaid | None] = []
    found += [_before_last(m, today) for m in _BEFORE_LAST.finditer(text)]
    found += [_seasons_ago(m, today) for m in _SEASONS_AGO.finditer(text)]
    found += [_and_a_half(m, today) for m in _AND_A_HALF.finditer(text)]
    found += [_easter(m, today, past) for m in _EASTER.finditer(text)]
    found += [_holiday_of_a_year(m, today) for m in _HOLIDAY_OF_A_YEAR.finditer(text)]
    found += [_around_holiday(m, today, past) for m in _AROUND_HOLIDAY.finditer(text)]
    found += [_near_holiday(m, today, past) for m in _NEAR_HOLIDAY.finditer(text)]
    found += [_season_edge(m, today) for m in _SEASON_EDGE.finditer(text)]
    found += [_for_and_a_half(m, text, today) for m in _FOR_AND_A_HALF.finditer(text)]
    found += [_short_weekday(m, today, past) for m in _SHORT_WEEKDAY.finditer(text)]
    return [f for f in found if f is not None]


# A past event worth no memory: a meal, a drink, a show watched, a nap, an errand ("had pasta yesterday", "watched a
# movie last night", "went to the supermarket this morning"). Said of the user or of someone named before the verb.
_FOOD = (
    r"pasta|pizzas?|sushi|burgers?|salad|soup|curry|tacos?|sandwich(?:es)?|noodles|ramen|steak|chicken|fish|chips"
    r"|fries|takeaway|takeout|take-?out|kebab|breakfast|lunch|dinner|brunch|supper|snacks?|coffees?|tea|beers?|wine"
    r"|drinks?|cocktails?|cake|ice\s+cream|pancakes|eggs|toast|cereal|smoothie|dessert|leftovers|meal|bbq|barbecue"
    r"|pho|dumplings|pie|fish\s+and\s+chips|a\s+pint|pints|bagels?|croissants?|waffles|omelett?e"
)
_TRIVIAL = rx(
    r"^The\s+user(?:'s\s+[\w\s-]+?)?\s+(?:(?:just|finally|also)\s+)?(?:"
    r"(?:had|ate|drank|grabbed|ordered|cooked|made|got)\s+(?:(?:a|an|some|the|my|their|his|her|our)\s+)?"
    r"(?:[a-z-]+\s+){0,2}?(?:" + _FOOD + r")\b"
    r"|watched\s+(?:(?:a|an|the|some|my|their)\s+)?(?:[a-z-]+\s+){0,2}?(?:movie|film|show|episode|game|match|series"
    r"|documentary|tv|telly|netflix|youtube|videos?)\b"
    r"|(?:took|had)\s+a\s+(?:quick\s+|long\s+)?nap\b|napped\b|slept\s+(?:in|late|badly|well|a\s+lot)\b"
    r"|went\s+(?:to\s+)?(?:the\s+)?(?:shops?|supermarket|store|grocery\s+store|groceries|pharmacy|bank|post\s+office"
    r"|corner\s+shop)\b|did\s+(?:the\s+|some\s+|my\s+|their\s+)?(?:laundry|dishes|groceries|shopping|washing|cleaning"
    r"|ironing|food\s+shop)\b"
    r")"
)
# A past plan not carried out: "was supposed to go to Japan in April", "almost got promoted", "tried to quit".
_NOT_DONE = rx(
    r"^The\s+user(?:'s\s+[\w\s-]+?)?\s+(?:(?:was|were)\s+(?:supposed|going|meant|about|planning|hoping)\s+to"
    r"|almost|nearly|tried\s+to|wanted\s+to|would\s+have|could\s+have|should\s+have|meant\s+to)\b"
)


def worth_keeping(text: str, slot: str | None) -> bool:
    """False for a past event worth no memory (a meal, a show, a nap, an errand) and for a past plan not carried
    out; a fact of any other kind, or an event that matters ("had surgery", "had a baby"), is kept."""
    if not slot or not (
        slot.startswith(("event:", "past:")) or ":" in slot and slot.split(":")[0] in ("family", "person")
    ):
        return True
    return not (_TRIVIAL.match(text) or _NOT_DONE.match(text))


# What is left of a first comma-piece once its time is cut, when the piece says only when: "since april 13th btw",
# "new school since monday", "as of last week", "update: two weeks ago". Then the time dates what follows it.
_ONLY_WHEN = rx(
    r"^(?:(?:so|oh|and|ok|okay|update|news|big\s+news|btw|fyi|also)(?:[,:!]?\s+|[,:!]?$))*"
    r"(?:(?:a|my|the)\s+)?(?:(?:brand\s+)?new\s+[a-z]+(?:\s+[a-z]+)?)?(?:\s*(?:btw|fyi|lol|haha|now|actually))*$"
)


_BEHIND = rx(r"\b(?:since|ago|last|back|as\s+of|yesterday|earlier|this\s+past)\b")


def points_back(piece: str) -> bool:
    """True when a time piece says by itself that its time lies behind ("since April", "two weeks ago")."""
    return bool(_BEHIND.search(piece))


def says_only_when(rest: str) -> bool:
    """True when ``rest`` (a piece with its time cut) says nothing but news words: "new school btw", ""."""
    return bool(_ONLY_WHEN.match(rest.strip(" ,.!:;-")))


# A past event told without its "I", by a verb the chat forms leave alone: "had covid in january", "won a pub
# quiz on friday", "climbed Snowdon last summer". Read with its "I" only when a time is said with it.
_SUBJECTLESS_PAST = rx(r"^(?:(?:just|finally|also|actually)\s+)?(?:had|won|climbed|hiked|completed)\s+\S")
# An afterthought after the last comma of a past event: "..., still dreaming about it", "..., in 4:10", "..., so
# proud", "..., they gave me exercises" (someone else's doing). Never one that takes the event back or makes it a wish.
_AFTERTHOUGHT = rx(
    r"^(?:still|so|such|best|worst|amazing|incredible|unreal|brutal|loved|hated|what|in\s+\d|\d|absolutely|honestly"
    r"|totally|was|it\s+was|pretty|really|very|lol|haha|omg|wow|finally|at\s+last|no\s+regrets|(?:they|he|she)\s+[a-z]+)\b"
)
_TAKEN_BACK = rx(r"\b(?:not|never|n't|wish|if|would|kidding|jk|joke|dream\s+of|someday|one\s+day)\b")


def with_its_subject(clause: str) -> str | None:
    """ "had covid in january" -> "I had covid in january": a subjectless past event (the caller checks that a
    time is said), or None."""
    text = clause.strip()
    return f"I {text[:1].lower()}{text[1:]}" if _SUBJECTLESS_PAST.match(text) else None


def without_afterthought(clause: str) -> str | None:
    """ "we went to Peru the summer before last, still dreaming about it" -> the event without the comment after
    its last comma, or None when there is no such comment (or it takes the event back)."""
    head, comma, tail = clause.rpartition(",")
    tail = tail.strip(" .!")
    if not comma or not head.strip() or not _AFTERTHOUGHT.match(tail) or _TAKEN_BACK.search(tail):
        return None
    return head.strip()


_A_TIME_WORD = (
    r"(?:yesterday|today|last|this|the|jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march"
    r"|april|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter|\d+)\b"
)
# Who bought it is no part of what was sold: "sold the honda to a guy from work yesterday" ends the honda.
_SOLD_TO = rx(
    r"\b(?P<sold>sold\s+(?:(?:my|our|the|a|an|his|her|their)\s+)?(?:[\w'-]+\s+){0,3}?[\w'-]+)\s+to\s+(?:(?:a|an|my|our|the"
    r"|some|this|his|her|their)\s+)(?:[\w-]+\s+){0,2}?(?:guy|girl|bloke|lad|person|man|woman|couple|family|friend|mate"
    r"|colleague|coworker|co-worker|neighbou?r|student|dealer|dealership|shop|collector|stranger|cousin|brother|sister"
    r"|uncle|aunt|nephew|niece|buddy|pal)s?(?:\s+(?:from|at|in|down|across)\s+(?:the\s+)?(?!"
    + _A_TIME_WORD
    + r")[\w-]+)?"
    r"(?=\s|[,.!]|$)"
)


def without_buyer(clause: str) -> str:
    """The clause without whom a thing was sold to ("sold my bike to a colleague last week" -> "sold my bike last
    week"), so the ending names the thing alone."""
    if "sold" not in clause.lower():
        return clause
    return _SOLD_TO.sub(lambda m: m.group("sold"), clause)


# A sentence said as what follows from the one before: "so I've got my licence now", "which means I'm a citizen now".
_FOLLOWS_ON = rx(
    r"^(?:(?:and|so)\s+)?(?:so|which\s+means|that\s+means|meaning|hence)\b(?!\s+(?:far|much|many|good|glad|happy|sad|tired)\b)"
)


_FOLLOWS_WITHIN = rx(r"(?:,|\band)\s+(?:so|which\s+means|meaning)\s+(?:i|we)\b")


def follows_within(sentence: str) -> bool:
    """True when a clause of ``sentence`` after the first says what follows from it ("..., so I'm a citizen now")."""
    return bool(_FOLLOWS_WITHIN.search(sentence))


def follows_on(sentence: str) -> bool:
    """True when ``sentence`` opens as a consequence of the one before ("so ...", "which means ...")."""
    return bool(_FOLLOWS_ON.match(sentence.strip()))


# A pet or a child had since a stated time, named after a comma: "we adopted a greyhound two years ago, Comet".
_ANIMALS = (
    r"dog|puppy|pup|cat|kitten|rabbit|bunny|hamster|guinea\s+pig|parrot|budgie|horse|pony|ferret|tortoise|turtle"
    r"|gecko|snake|lizard|greyhound|labrador|lab|collie|terrier|spaniel|beagle|poodle|retriever|husky|dachshund"
    r"|whippet|lurcher|pug|corgi|shepherd|tabby|moggy"
)
_NAMED_LAST = re.compile(
    r"^(?P<head>.*?\b(?i:adopted|rescued|got|brought\s+home|took\s+in)\s+(?i:a|an|our|my|a\s+little|a\s+new)\s+"
    r"(?:[\w-]+\s+){0,2}?(?i:" + _ANIMALS + r")\b)(?P<mid>\s+[^,]*?)?,\s+(?P<name>[A-Z][a-z]+)[\s.!]*$"
)
_NOT_A_NAME = frozenset(
    re.findall(
        r"\w+",
        "Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August "
        "September October November December Christmas Easter Lol Haha Omg Honestly Anyway Btw",
    )
)


def named_after_comma(clause: str) -> str:
    """ "we adopted a greyhound two years ago, Comet" -> "we adopted a greyhound named Comet two years ago"."""
    m = _NAMED_LAST.match(clause.strip()) if "," in clause else None
    if m is None or m.group("name") in _NOT_A_NAME:
        return clause
    return f"{m.group('head')} named {m.group('name')}{m.group('mid') or ''}"


# --- a holiday as the occasion of a thing got: "got a new bike for christmas" ------------------------------------

# A thing got or given, said done: "got", "was given", "bought myself", "my parents got me". "I've got ..." is
# what one has or must do, and stays as it was.
_GOT_FOR = rx(
    r"(?<!'ve\s)(?<!have\s)\b(?:got|received|gave|bought|was\s+given|were\s+given|got\s+given|was\s+gifted"
    r"|were\s+gifted)\b"
)
# What is got for a day ahead, whatever the tense: a booking, tickets, time off ("bought tickets for christmas").
_BOOKED_FOR = rx(
    r"\b(?:tickets?|table|flights?|trains?|room|rooms|cottage|hotel|cabin|place|appointment|slot|seats?|time\s+off"
    r"|days?\s+off|leave|trip|holiday|turkey|tree|food|booking|reservation|lodge|villa|airbnb)\b"
)


def got_for_a_holiday(before: str) -> bool:
    """Whether a holiday said with "for" after ``before`` ("got a new bike" + "for christmas") is the occasion of
    a thing got or given in the past, so the holiday is the last one, not the next: never a booking for it."""
    return bool(_GOT_FOR.search(before)) and not _BOOKED_FOR.search(before)


_FOR_A_HOLIDAY = rx(r"\bfor\s+(?:(?:this|last)\s+)?(?:christmas|xmas|easter|new\s+year'?s?|halloween|valentine'?s)\b")


def got_for_a_holiday_said(clause: str) -> bool:
    """ "got a new bike for christmas": "got" with a holiday as its occasion is a thing got then (not "got a
    job interview tomorrow", the chat form of having one)."""
    return bool(_FOR_A_HOLIDAY.search(clause)) and got_for_a_holiday(clause)


# --- "in like march": chat's "like" before a time says nothing of the time ------------------------------------

_MONTHS = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?"
    r"|nov(?:ember)?|dec(?:ember)?"
)
# Only after a preposition of time and before a word that starts a time: "I like march" keeps its verb.
LIKE_BEFORE_A_TIME = rx(
    r"\b(?P<prep>in|since|on|around|from|until|till|by|over|during|at)\s+like\s+(?=(?:"
    + _MONTHS
    + r"|\d{4}|the\s+(?:\d|start|end|beginning|middle|summer|winter|spring|autumn|weekend)|last|this|early|late|mid"
    r"|christmas|xmas|easter|new\s+year|summer|winter|spring|autumn|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b)"
)
