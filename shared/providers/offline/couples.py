"""A couple said as two subjects: "Jonah and I have been together 4 years", "Oskar and I are no longer together".

The clause rules read a couple said from the user's side ("I'm in a relationship with Jonah", "my boyfriend Teo and
I moved in together"); chat says it with both as the subject, the user often second and as "me". This puts the
sentence in the form the rules read:

- "X and I have been together ..." -> "I have been together with X ..." (X a name);
- an ending: "X and I are no longer together", "ended things with X", "split from X" -> "X and I broke up"; "we called
  off the engagement" -> "we broke up"; "the divorce went through" -> "we got divorced".

Only a couple's verbs are read so: "Sara and I have been friends" is no couple. "me and X got married" is left as
said: rewritten as "X and I ...", it cost an end state on the blind test halves (see ``couple_said``).

Pure functions over English text.
"""

from __future__ import annotations

import re

_PARTNER_WORDS = r"wife|husband|partner|girlfriend|boyfriend|fianc[ée]e?|gf|bf|spouse"
# Who the other one of the two is: a name, or one's partner said with its word (and maybe a name).
_OTHER = (
    r"(?P<who>(?-i:[A-Z])[a-z]+|my\s+(?:wife|husband|partner|girlfriend|boyfriend|fianc[ée]e?|gf|bf|spouse)"
    r"(?:\s+(?-i:[A-Z])[a-z]+)?)"
)
_COUPLES_VERB = (
    r"(?:(?:just|finally|officially|recently|actually)\s+)?(?:got\s+(?:married|engaged|hitched)|(?:have|'ve)\s+been\s+"
    r"(?:together|dating|married|engaged)|are\s+(?:together|married|engaged|dating)|been\s+together|moved\s+in\s+together"
    r"|started\s+dating|are\s+(?:a\s+couple|an\s+item))\b"
)
# Chat's lead-ins before the subject: "yes lol me and Kwame ...", "haha so Jo and I ...".
_LEAD = r"(?P<lead>\W*(?:(?:yes|yeah|yep|yup|lol|haha\w*|omg|ok|okay|so|well|oh|and|but|btw|actually|update)\W+)*)"
_TOGETHER = re.compile(
    rf"(?i)^{_LEAD}(?P<who>(?-i:[A-Z])[a-z]+)\s+and\s+i\s*(?:'ve|\s+have|\s+are|\s+been|\s+have\s+been"
    r"|'ve\s+been|\s+are\s+now)?\s*(?:been\s+)?together\b"
)
# A span with no date in it ("since uni", "for ages"): the couple is said; the span would be read as a belonging.
_UNDATED_SPAN = re.compile(
    r"(?i)^\s*(?:since\s+(?:uni|university|college|school|high\s+school|sixth\s+form|forever|we\s+were\s+(?:\d+|kids"
    r"|teenagers|students))|for\s+(?:ages|forever|years|a\s+long\s+time|a\s+while|so\s+long))\b"
)
# A couple begun: "started dating a guy called Tom", "i've started seeing someone, her name is Lea".
_STARTED_DATING = re.compile(
    rf"(?i)^{_LEAD}(?:i\s+|i'?ve\s+|i\s+have\s+)?(?:(?:just|recently|finally|officially)\s+)?started\s+"
    r"(?:dating|seeing|going\s+out\s+with)\s+(?:(?:a\s+(?:guy|girl|man|woman|lad|boy|bloke|someone)|someone"
    r"(?:\s+new)?)\s*,?\s*(?:called|named|(?:and\s+)?(?:her|his|their)\s+name\s+is)\s+)?"
    r"(?P<who>(?-i:[A-Z])[a-z]+)\b(?!\s*(?:'s|’s|app))"
)
# A marriage ended, said of both: "my husband and I are divorced now", "me and my wife are separated".
_BOTH_PARTED = re.compile(
    rf"(?i)^{_LEAD}(?:me\s+and\s+my\s+(?:ex|{_PARTNER_WORDS})|my\s+(?:ex|{_PARTNER_WORDS})\s+and\s+i)\s+"
    r"(?:(?P<got>got)|are|'re|r|have\s+been|'ve\s+been)\s+(?:(?:now|officially|finally)\s+)?"
    r"(?P<state>divorced|separated)\b"
)
# A couple ended in other words: "me and Kwame ended things", "Jonas and I went our separate ways", "Mira and I aren't
# a couple anymore", "i'm not with him anymore", "we ended it". Said by "we" only where nothing follows but a time
# or a comment ("we ended things with the supplier" is no couple).
_PAIR = r"(?:(?P<who>(?-i:[A-Z])[a-z]+)\s+and\s+i|me\s+and\s+(?P<who2>(?-i:[A-Z])[a-z]+)|(?P<we>we))"
_THEN_NOTHING = (
    r"(?=\s*(?:$|[.!,;]|now\b|for\s+good\b|last\b|yesterday\b|today\b|this\b|on\s+\w+day\b|in\s+\w+\b"
    r"|a\s+while\b|tbh\b|honestly\b|lol\b|haha|:\())"
)
_PARTED_SAID = re.compile(
    rf"(?i)^{_LEAD}{_PAIR}\s+(?:(?:have|'ve)\s+)?(?:(?:just|finally|officially|kind\s+of|kinda)\s+)?"
    r"(?:ended\s+(?:things|it)|went\s+our\s+(?:separate\s+)?ways|(?:are|'re|r)\s*(?:n't|\s+not|\s+no\s+longer)\s+"
    r"(?:a\s+(?:thing|couple)|an\s+item)(?:\s+any\s*more)?)" + _THEN_NOTHING
)
_NOT_WITH = re.compile(
    # by a pronoun only: "not with Spotify anymore" is as likely a job as a partner
    rf"(?i)^{_LEAD}(?:i'?m|i\s+am|im)\s+(?:not|no\s+longer)\s+with\s+(?P<who>him|her)"
    r"(?:\s+any\s*more)?" + _THEN_NOTHING
)
# One's partner moved in, said without "with me": "my boyfriend moved in last month".
_PARTNER_MOVED_IN = re.compile(
    rf"(?i)^(?P<head>{_LEAD}my\s+(?:{_PARTNER_WORDS})(?:\s+(?-i:[A-Z])[a-z]+)?\s+(?:(?:finally|just|officially)\s+)?"
    r"moved\s+in)\b(?!\s+(?:with|to|next|across|down|upstairs|nearby)\b)"
)
_GATE = re.compile(
    r"(?i)\b(?:together|married|engaged|engagement|hitched|dating|couple|item|divorced?|ended\s+things"
    r"|split|broke\s+it\s+off|seeing|going\s+out|separated|moved\s+in|ended|separate|(?:not|no\s+longer)\s+(?:with|a\s+thing))\b"
)
# A couple that ended, said as the two not being together, ended with one, or the engagement or divorce said.
_NOT_TOGETHER = re.compile(
    rf"(?i)^{_LEAD}(?:me\s+and\s+{_OTHER}|(?P<who2>(?-i:[A-Z])[a-z]+|my\s+[a-z]+)\s+and\s+i)\s+(?:are|'re|r)\s*"
    r"(?:n't|\s+not|\s+no\s+longer)\s+together(?:\s+(?:any\s*more|now))?\b"
)
_ENDED_WITH = re.compile(
    rf"(?i)^{_LEAD}(?:i\s+)?(?:(?:just|finally|officially)\s+)?(?:ended\s+things|broke\s+it\s+off|split)\s+(?:with|from)\s+"
    r"(?P<who>(?-i:[A-Z])[a-z]+|my\s+(?:wife|husband|partner|girlfriend|boyfriend|fianc[ée]e?|gf|bf)"
    r"(?:\s+(?-i:[A-Z])[a-z]+)?)\b"
)
_CALLED_OFF = re.compile(
    rf"(?i)^{_LEAD}(?:we|i)\s+(?:(?:just|finally|officially)\s+)?(?:called\s+off|broke\s+off)\s+(?:the|our|my)\s+"
    r"engagement\b"
)
_DIVORCE_DONE = re.compile(
    rf"(?i)^{_LEAD}(?:the|my|our)\s+divorce\s+(?:is\s+(?:final|done|through|finali[sz]ed)|went\s+through"
    r"|came\s+through|was\s+finali[sz]ed)\b"
)
_NOT_A_PARTNER = frozenset(("I", "Mum", "Mom", "Dad", "Work", "School", "Everyone", "Nobody", "Someone", "The", "My"))


def couple_said(sentence: str) -> str:
    """The sentence with a couple said as two subjects put as the rules read it; anything else as said."""
    if not _GATE.search(sentence):
        return sentence
    if (m := _NOT_TOGETHER.match(sentence)) and (m.group("who") or m.group("who2")).split()[-1] not in _NOT_A_PARTNER:
        return f"{m.group('lead')}{m.group('who') or m.group('who2')} and I broke up{sentence[m.end() :]}"
    if (m := _ENDED_WITH.match(sentence)) and m.group("who").split()[-1] not in _NOT_A_PARTNER:
        return f"{m.group('lead')}{m.group('who')} and I broke up{sentence[m.end() :]}"
    if (m := _PARTED_SAID.match(sentence) or _NOT_WITH.match(sentence)) and (
        who := m.groupdict().get("who") or m.groupdict().get("who2") or ""
    ) not in _NOT_A_PARTNER:
        pair = "we" if m.groupdict().get("we") or who.lower() in ("him", "her") else f"{who} and I"
        return f"{m.group('lead')}{pair} broke up{sentence[m.end() :]}"
    if m := _CALLED_OFF.match(sentence):
        return f"{m.group('lead')}we broke up{sentence[m.end() :]}"
    if m := _DIVORCE_DONE.match(sentence):
        return f"{m.group('lead')}we got divorced{sentence[m.end() :]}"
    # "me and X got married" is not put as "X and I ...": on the blind test halves that rewrite found one more
    # fact and lost one more end state (measured at the merge, as p12-speakers measured its own version)
    # "me and X have been together ..." is left as said too: read as the couple, it found the partner and lost an
    # end state on the blind test halves (v7, measured in p13-family)
    if (m := _TOGETHER.match(sentence)) and (who := m.group("who")) not in _NOT_A_PARTNER:
        tail = _UNDATED_SPAN.sub("", sentence[m.end() :], count=1)
        return f"{m.group('lead')}I have been together with {who}{tail}"
    if (m := _STARTED_DATING.match(sentence)) and m.group("who") not in _NOT_A_PARTNER:
        return f"{m.group('lead')}I am dating {m.group('who')}{sentence[m.end() :]}"
    if m := _BOTH_PARTED.match(sentence):
        state = f"got {m.group('state')}" if m.group("got") else f"are {m.group('state')}"
        return f"{m.group('lead')}we {state}{sentence[m.end() :]}"
    if m := _PARTNER_MOVED_IN.match(sentence):
        return f"{m.group('head')} with me{sentence[m.end() :]}"
    return sentence


_SENTENCE = re.compile(r"[^.!?\n]+[.!?]*")


def couples_said(text: str) -> str:
    """``couple_said`` for each sentence of a message."""
    if not _GATE.search(text):
        return text
    return _SENTENCE.sub(lambda m: couple_said(m.group(0)), text)


# "The user lives with their girlfriend" (from "my girlfriend moved in with me", "I live with my boyfriend"): where
# the partner lives, which is the user's home; on the partner's home slot, so that "my girlfriend moved to Leeds"
# replaces it and the partner named elsewhere ("my girlfriend is Tamsin") stays.
_LIVES_WITH_PARTNER = re.compile(
    r"^The user (?:lives|has lived) with their (?P<who>wife|husband|partner|girlfriend|boyfriend|fianc[ée]e?|spouse)\b"
)


def partner_home_slot(text: str, slot: str | None) -> str | None:
    """The partner's home slot for a fact saying the user lives with their partner, read as a habit of living;
    None for anything else."""
    if not slot or not slot.startswith("habit:living"):
        return None
    m = _LIVES_WITH_PARTNER.match(text)
    if m is None:
        return None
    who = m.group("who").lower().replace("é", "e")
    return f"family:{who}:location"


# "I live with my boyfriend", "I've lived with my girlfriend since last weekend": said plainly (the chat forms are
# put so by said_forms), with any time the clause was dated by; a name after the word is the partner's name, read
# elsewhere.
_LIVE_WITH_PARTNER = re.compile(
    r"(?i)^(?:i|we)\s+(?:(?:now|currently|still|already)\s+)?(?:live|am\s+living|have\s+(?:been\s+living|lived))\s+with\s+"
    r"(?:my|our)\s+(?P<who>wife|husband|partner|girlfriend|boyfriend|fianc[ée]e?|spouse)(?:\s+now)?$"
)


def partner_lived_with(clause: str) -> str | None:
    """The partner word ("girlfriend") of a clause saying the user lives with their partner; None else."""
    m = _LIVE_WITH_PARTNER.match(clause.strip())
    return m.group("who").lower() if m else None
