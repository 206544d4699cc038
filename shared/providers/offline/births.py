"""A child born to the user, named in the same message: "we just had a baby boy, Leo", "had a girl last week!! her
name is Ada", "our son was born yesterday, we called him Theo", "Baby Noor arrived on Sunday".

Chat announces a birth first and names the child after it (a comma, "her name is", "we called him", "little X
was born", a name with the weight): the rules read the birth but not the name, so the child was kept as a
belonging ("own:baby-boy") or an event. This puts the announcement in the one form the rules read as a child
of the family from that day: "we welcomed our son Leo yesterday".

Only the user's own birth is read so: the sentence starts with the user (I, we, my partner, nothing), or with
"our/my baby (son, daughter) ... was born/arrived"; a relative's or a friend's baby ("my sister had a baby boy,
Leo"), a baby to come ("we're having a boy"), a wish or a question say nothing here.

Pure functions over English text.
"""

from __future__ import annotations

import re

# The one test most messages stop at.
_GATE = re.compile(r"(?i)\b(?:had|welcomed|birth|born|arrived|dad|mum|mom|father|mother|parents?)\b")

_NAME = r"(?-i:[A-Z][a-z]+)"
_KIND = r"(?P<kind>baby\s+boy|baby\s+girl|boy|girl|son|daughter|baby)(?!['’])"
_ORDINAL = r"(?:first|second|third|fourth|1st|2nd|3rd|4th)"
_DESCRIBED = rf"(?:(?:{_ORDINAL}|new|little|beautiful|healthy|gorgeous|tiny|lil|perfect|precious)\s+)*"
_LEAD = r"(?P<lead>(?:^|(?<=[.!?\n]))\W*(?:(?:so|omg|well|update|guess\s+what|news|big\s+news|ok|okay|yay)\W+)*)"
_PARTNER = r"(?:wife|husband|partner|girlfriend|gf)"
_SUBJECT = rf"(?:(?:i|we|my\s+{_PARTNER}(?:\s+and\s+i)?|(?:me\s+and\s+)?my\s+{_PARTNER})\s+)?"
_ADVERB = r"(?:(?:just|finally|officially|actually|also)\s+)?"
# "(we) had/welcomed a baby boy", "my wife gave birth to our daughter"
_HAD = re.compile(
    rf"(?i){_LEAD}{_SUBJECT}{_ADVERB}(?:have\s+had|'ve\s+had|had|welcomed|gave\s+birth\s+to|delivered)\s+"
    rf"(?:a|our|my)\s+{_DESCRIBED}{_KIND}\b"
)
# "our son (Theo) was born yesterday", "our baby girl arrived", "Baby Noor arrived on Sunday", "little Oskar was
# born last night" (the last only where the user says they are a parent now)
_BORN = re.compile(
    rf"(?i){_LEAD}(?:(?P<own>our|my)\s+{_DESCRIBED}{_KIND}(?:\s+(?P<inline>{_NAME}))?|(?P<baby>baby|little|lil)\s+"
    rf"(?P<bare>{_NAME}))\s+(?:was\s+born|arrived|is\s+here|came\s+into\s+the\s+world)\b"
)
_PARENT_NOW = re.compile(
    r"(?i)\b(?:i'?m|i\s+am|we'?re|we\s+are)\s+(?:a\s+)?(?:dad|mum|mom|father|mother|parents?)\s+now\b"
    r"|\b(?:i|we)\s+(?:just\s+|finally\s+|officially\s+)?became\s+(?:a\s+)?(?:dad|mum|mom|father|mother|parents?)\b"
)
# The child's sex said after the birth: "we had our second baby on friday, a boy called Jonah".
_SEX_AFTER = re.compile(r"(?i)^\s*[,:;-]*\s*(?:it'?s\s+|its\s+)?an?\s+(?P<sex>boy|girl)\b")
# The name said after the birth, within the next sentence or two.
_NAME_AFTER = re.compile(
    rf"(?i)^\s*(?:[,:;-]+|!+|\.+)?\s*(?:(?:named|called)\s+)?(?P<a>{_NAME})\b(?!\s+(?:and|&)\s)"
    rf"|(?:her|his|their|the\s+baby'?s|babys)\s+name\s+is\s+(?P<b>{_NAME})\b"
    rf"|\b(?:we|i|they)\s+(?:(?:have|'ve)\s+)?(?:named|called)\s+(?:her|him|them|the\s+baby)\s+(?P<c>{_NAME})\b"
    rf"|\bmeet\s+(?P<d>{_NAME})\b"
    rf"|(?:^|[.!?]\s*)(?P<e>{_NAME})(?:\s+{_NAME})?\s*,\s*\d[\d.,]*\s*(?:lb|lbs|kg|g|oz|pounds)\b"
)
# A time the birth is dated by, said in its sentence.
_MONTH = r"(?:january|february|march|april|may|june|july|august|september|october|november|december)"
_WHEN = re.compile(
    r"(?i)\b(?:yesterday|today|tonight|last\s+night|this\s+(?:morning|afternoon|evening|week)"
    r"|(?:early\s+|late\s+)?(?:on\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?:\s+(?:night|morning))?"
    # a day with its month, whole: "on the 4th of March" cut to "on the 4th" would be this month's 4th
    rf"|on\s+(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}|on\s+{_MONTH}\s+(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?"
    r"|on\s+the\s+\d{1,2}(?:st|nd|rd|th)?|last\s+(?:week|weekend|month|monday|tuesday|wednesday|thursday|friday"
    r"|saturday|sunday)|(?:over|at)\s+the\s+weekend|(?:\d+|a|one|two|three|four|five|six)\s+(?:days?|weeks?|months?)\s+ago"
    r"|in\s+(?:january|february|march|april|may|june|july|august|september|october|november|december))\b"
)
# What makes a sentence no birth of the user's: a wish, a plan, a question, a baby to come.
_NOT_HAD = re.compile(
    r"(?i)\b(?:if|hope|hoping|wish|when\s+we|having|expecting|due|pregnant|'ll|will|gonna|going\s+to|would"
    r"|shower|names?\s+for|thinking)\b|\?"
)
_NOT_A_NAME = frozenset(
    re.split(
        r"\s+",
        """I Im The We Our My She He It Its Omg Lol Haha Yay So And But Monday Tuesday Wednesday Thursday Friday
    Saturday Sunday January February March April May June July August September October November December Baby Boy Girl
    Mum Mom Dad Thanks Congrats Finally Just Little Born Meet""",
    )
)
_SEXED = {"boy": "son", "girl": "daughter", "baby boy": "son", "baby girl": "daughter"}
_SENTENCE_END = re.compile(r"[.!?\n]")


def _kind(said: str | None) -> str:
    said = re.sub(r"\s+", " ", (said or "baby").lower())
    return _SEXED.get(said, said)


def time_said(text: str) -> str:
    """The first time phrase in ``text`` ("on saturday", "last week"); "" if none."""
    m = _WHEN.search(text)
    return m.group(0) if m else ""


def _when(sentence: str) -> str:
    m = _WHEN.search(sentence)
    return f" {m.group(0)}" if m else ""


def _name_after(rest: str) -> tuple[str, int, str | None] | None:
    """(the name, where its mention ends in ``rest``, the sex said before it) for the child named after a birth."""
    sex = None
    if m := _SEX_AFTER.match(rest):
        sex, rest_at = m.group("sex").lower(), m.end()
    else:
        rest_at = 0
    window = rest[rest_at : rest_at + 120]
    m = _NAME_AFTER.search(window)
    if m is None:
        return None
    name = next(g for g in m.groups() if g)
    if name in _NOT_A_NAME or (m.group("a") and m.start() != 0):
        return None
    return name, rest_at + m.end(), sex


def born_said(text: str) -> str:
    """The message with the user's own child's birth, named after it, said as "we welcomed our son Leo <when>";
    anything else as said."""
    if not _GATE.search(text):
        return text
    if m := _HAD.search(text):
        head_end = _SENTENCE_END.search(text, m.end())
        sentence = text[m.start() : head_end.start() if head_end else len(text)]
        if _NOT_HAD.search(sentence):
            return text
        # the time may stand between the child and its name ("a baby girl last week!! her name is Ada")
        when = _when(sentence)
        rest = text[m.end() :]
        if when and rest.lstrip().lower().startswith(when.strip().lower()):
            rest_offset = len(rest) - len(rest.lstrip()) + len(when.strip())
        else:
            rest_offset = 0
        found = _name_after(rest[rest_offset:])
        if found is None:
            return text
        name, end, sex = found
        kind = _kind(sex if sex and m.group("kind").lower() == "baby" else m.group("kind"))
        lead = m.group("lead")
        tail = text[m.end() + rest_offset + end :]
        return f"{text[: m.start()]}{lead}we welcomed our {kind} {name}{when}.{tail}"
    if m := _BORN.search(text):
        head_end = _SENTENCE_END.search(text, m.end())
        sentence = text[m.start() : head_end.start() if head_end else len(text)]
        if _NOT_HAD.search(sentence):
            return text
        if m.group("baby") and m.group("baby").lower() != "baby" and not _PARENT_NOW.search(text):
            return text  # "little Oskar was born": the user's only where they say they are a parent now
        if m.group("baby") and text[: m.start()].rstrip().endswith(("'s", "’s")):
            return text
        name = m.group("inline") or m.group("bare")
        end = m.end()
        if name is None:  # "our son was born yesterday, we called him Theo"
            found = _name_after(text[m.end() :])
            if found is None:
                return text
            name, end = found[0], m.end() + found[1]
        if name in _NOT_A_NAME:
            return text
        kind = _kind(m.group("kind") if m.group("own") else "baby" if m.group("baby").lower() == "baby" else "child")
        when = _when(sentence)
        return f"{text[: m.start()]}{m.group('lead')}we welcomed our {kind} {name}{when}.{text[end:]}"
    return text
