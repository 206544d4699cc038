"""English chat spellings (and a chat idiom or two), written out before the rules read a message.

Friends chatting write "u", "ur", "w/", "3x a week", "6 yrs", "shes", "didnt", "bc". The rules are
written for the words these stand for, so a message is read with them spelled out: "been running 3x a
week w Mosa" is "been running 3 times a week with Mosa". Two idioms of friends' chat are read plainly too:
"you two" / "you guys" after an auxiliary is "you", and "in that flat in Leeds" is "in Leeds". Only whole
words, only spellings that stand for one word in chat (never "its", "were", "ill", "id": those are words of
their own), and only for English text (Spanish "u" is "or"); the caller decides the language. One idiom:
"guess who passed her driving test" is the speaker's own news ("I passed my driving test").
"""

from __future__ import annotations

import re

# One chat spelling -> the word(s) it stands for. Lower case; the first letter's case is kept.
_WORDS = {
    "u": "you",
    "ya": "you",
    "yrs": "years",
    "yr": "year",
    "mos": "months",
    "wks": "weeks",
    "wk": "week",
    "hrs": "hours",
    "hr": "hour",
    "mins": "minutes",
    "bc": "because",
    "cuz": "because",
    "coz": "because",
    "rn": "right now",
    "tmrw": "tomorrow",
    "tmr": "tomorrow",
    "tmrow": "tomorrow",
    "ppl": "people",
    "abt": "about",
    "bday": "birthday",
    "gf": "girlfriend",
    "bf": "boyfriend",
    "thx": "thanks",
    "ive": "I've",
    "im": "I'm",
    "dont": "don't",
    "didnt": "didn't",
    "doesnt": "doesn't",
    "cant": "can't",
    "isnt": "isn't",
    "wasnt": "wasn't",
    "arent": "aren't",
    "havent": "haven't",
    "hasnt": "hasn't",
    "wouldnt": "wouldn't",
    "couldnt": "couldn't",
    "shouldnt": "shouldn't",
    "shes": "she's",
    "hes": "he's",
    "thats": "that's",
    "whats": "what's",
    "hows": "how's",
    "theyre": "they're",
    "youre": "you're",
    "i": "I",
}
_WORD = re.compile(
    r"(?<![\w'/-])(?:" + "|".join(sorted(map(re.escape, _WORDS), key=len, reverse=True)) + r")(?![\w'/-])",
    re.IGNORECASE,
)
# "ur" is "your" before a noun and "you're" before a verb in -ing or an adjective-like word we cannot tell;
# only the -ing reading is certain enough.
_UR = re.compile(r"(?<![\w'])ur(?=\s+\w+ing\b)", re.IGNORECASE)
_UR_YOUR = re.compile(r"(?<![\w'])ur(?![\w'])", re.IGNORECASE)
_R_YOU = re.compile(r"(?<![\w'])r(?=\s+(?:u|you)\b)", re.IGNORECASE)
# "w/ my sister", "w my sister", "w Mosa": "with" before what it goes with. A bare "w" only in lower
# case: "W Hotel", "Route W" are names.
_WITH = re.compile(
    r"(?<![\w'])w/\s*|(?<![\w'/])(?-i:w)(?=\s+(?:my|our|the|a|an|her|his|their|some|friends|(?-i:[A-Z])))\s*",
    re.IGNORECASE,
)
_TIMES = re.compile(r"\b(\d+)\s*x(?=\s+(?:a|per|each|every)\s+(?:day|week|month|year)\b)", re.IGNORECASE)


# "guess who passed her driving test": the speaker, about themselves, in the third person.
_GUESS_WHO = re.compile(r"\bguess\s+who(?P<be>'s|\s+is|\s+just)?\s+(?P<rest>[^.!?\n]*)", re.IGNORECASE)


# "are you two still in Leeds?", "did you guys move?": the other speaker asked with their partner or family, as
# one; read as "you", so the yes/no forms answer it ("yep" -> "I live in Leeds"), never "is two still in".
_YOU_TOGETHER = re.compile(
    r"\b(?P<aux>are|were|do|did|have|had|will|would|can|could)\s+(?P<you>you)\s+(?:two|guys|both|lot)\b(?!\s*[,.!?])",
    re.IGNORECASE,
)
# "still in that flat in Manchester", "in the same house in Leeds": where one lives is the place the home is in.
_HOME_IN = re.compile(
    r"\b(?P<in>in)\s+(?:that|the|our|your|my|this)\s+(?:(?:same|old|new|little|tiny|big)\s+)?"
    r"(?:flat|house|apartment|place|studio|cottage)\s+in\s+(?=(?-i:[A-Z]))",
    re.IGNORECASE,
)


def _guessed(m: re.Match[str]) -> str:
    rest = re.sub(r"(?i)\b(?:her|his|their)\b", "my", m.group("rest"), count=1)
    be = (m.group("be") or "").strip().lower()
    return f"I am {rest}" if be in ("'s", "is") else f"I {rest}"


def _same_case(said: str, word: str) -> str:
    if said == "i":
        return "I"
    return word[:1].upper() + word[1:] if said[:1].isupper() else word


# What follows a one-letter capital that makes it part of a name or an initialism, not a chat word:
# "U of T", "W Hotel", "U.S.", "R&B".
_NAME_GOES_ON = re.compile(r"(?:\.|&|\s+(?:of\b|(?-i:[A-Z])))")


def _is_chat_spelling(found: re.Match[str]) -> bool:
    """Whether a matched token is written as a chat spelling: in lower case, or capitalised as the first
    word of a sentence ("Bc", "Rn"). Capitals say otherwise: "RN", "HR", "BC" are acronyms, and a
    capital "U" or "W" before a name or "of" is part of one ("U of T", "W Hotel")."""
    said = found.group(0)
    if len(said) > 1 and said.isupper():
        return False
    if len(said) > 1 and any(c.isupper() for c in said[1:]):
        return False
    if said.isupper() and said != "I":
        return not _NAME_GOES_ON.match(found.string, found.end())
    return True


def _spelled_out(replacement: str):
    def spell(found: re.Match[str]) -> str:
        return _same_case(found.group(0), replacement) if _is_chat_spelling(found) else found.group(0)

    return spell


def expanded(text: str) -> str:
    """The message with its English chat spellings written out; acronyms and names in capitals are left
    as written."""
    text = _GUESS_WHO.sub(_guessed, text)
    text = _YOU_TOGETHER.sub(lambda m: f"{m.group('aux')} {m.group('you')}", text)
    text = _HOME_IN.sub(lambda m: f"{m.group('in')} ", text)
    text = _TIMES.sub(r"\1 times", text)
    text = _WITH.sub("with ", text)
    text = _R_YOU.sub(_spelled_out("are"), text)
    text = _UR.sub(_spelled_out("you're"), text)
    text = _UR_YOUR.sub(_spelled_out("your"), text)

    def word(found: re.Match[str]) -> str:
        said = found.group(0)
        if not _is_chat_spelling(found):
            return said
        return _same_case(said, _WORDS[said.lower()])

    return _WORD.sub(word, text)
