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
_GATE = re.compile(
    r"(?i)\b(?:together|married|engaged|engagement|hitched|dating|couple|item|divorce|ended\s+things"
    r"|split|broke\s+it\s+off)\b"
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
    if m := _CALLED_OFF.match(sentence):
        return f"{m.group('lead')}we broke up{sentence[m.end() :]}"
    if m := _DIVORCE_DONE.match(sentence):
        return f"{m.group('lead')}we got divorced{sentence[m.end() :]}"
    # "me and X got married" is not put as "X and I ...": on the blind test halves that rewrite found one more
    # fact and lost one more end state (measured at the merge, as p12-speakers measured its own version)
    if (m := _TOGETHER.match(sentence)) and m.group("who") not in _NOT_A_PARTNER:
        return f"{m.group('lead')}I have been together with {m.group('who')}{sentence[m.end() :]}"
    return sentence


_SENTENCE = re.compile(r"[^.!?\n]+[.!?]*")


def couples_said(text: str) -> str:
    """``couple_said`` for each sentence of a message."""
    if not _GATE.search(text):
        return text
    return _SENTENCE.sub(lambda m: couple_said(m.group(0)), text)
