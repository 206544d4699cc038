"""Studies: what the user studies or has studied, said by the shape of a course rather than by a verb.

- A year of a course: "first year of nursing at Fenwick College", "I'm in my 2nd year of a physics degree at
  Marlow Uni", "third year of the carpentry diploma at Kestrel College". The year says it is going on now;
  the field and the school are what to remember ("The user studies nursing at Fenwick College").
- A degree held: "I have a BSc in chemistry from the University of Lorne", "got my masters in economics from
  Tallis college in 2019", or said bare at the start ("ma in archaeology from Wendover uni, finished 2022").

Both must be the speaker's: the clause begins with the course or with "I"; "my sister is in her first year of
law" begins with someone else and says nothing here. A year of anything that is no course needs a school with
a name ("first year of marriage is the hardest" has none) or a word of a course ("degree", "diploma")."""

from __future__ import annotations

import re

_FLAGS = re.IGNORECASE

_ORDINAL = r"(?:first|second|third|fourth|fifth|sixth|final|last|1st|2nd|3rd|4th|5th|6th)"
_COURSE = r"(?:degree|diploma|course|apprenticeship|programme|program|training|certificate|foundation\s+year)"
# A school by its name: capitalised words, with the lower-case words a school's name carries.
_SCHOOL = (
    r"(?-i:[A-Z])[\w'.&-]*(?:\s+(?:(?-i:[A-Z])[\w'.&-]*|of|the|uni|university|college|institute|school|academy"
    r"|polytechnic|conservatoire|conservatory))*"
)
_FIELD = r"[a-z][a-z&\s-]{1,40}?"

_YEAR_OF = re.compile(
    rf"^(?:(?:i\s+am|i'm|im)\s+)?(?:(?:in|doing|starting)\s+)?(?:my\s+|the\s+|a\s+)?(?P<ord>{_ORDINAL})\s+year\s+of\s+"
    rf"(?:a\s+|an\s+|the\s+|my\s+)?(?P<field>{_FIELD})"
    rf"(?:\s+(?P<kind>{_COURSE})(?:\s+(?:at|@)\s+(?P<school>{_SCHOOL}))?|\s+(?:at|@)\s+(?P<school2>{_SCHOOL}))"
    r"(?=$|[\s,.;!?])",
    _FLAGS,
)

_DEGREE = (
    r"(?:ba|bsc|b\.sc|beng|ma|msc|m\.sc|meng|mba|mphil|phd|dphil|llb|llm|bed|pgce|ms|bs|masters|master's"
    r"|bachelors|bachelor's|doctorate)"
)
_DEGREE_NAMES = {
    "ba": "BA", "bsc": "BSc", "b.sc": "BSc", "beng": "BEng", "ma": "MA", "msc": "MSc", "m.sc": "MSc",
    "meng": "MEng", "mba": "MBA", "mphil": "MPhil", "phd": "PhD", "dphil": "DPhil", "llb": "LLB", "llm": "LLM",
    "bed": "BEd", "pgce": "PGCE", "ms": "MS", "bs": "BS", "masters": "master's", "master's": "master's",
    "bachelors": "bachelor's", "bachelor's": "bachelor's", "doctorate": "doctorate",
}  # fmt: skip
_HELD = re.compile(
    rf"^(?:i\s+(?:have|hold|got|earned|did|finished|completed)\s+)?(?:(?:a|an|my)\s+)?(?P<deg>{_DEGREE})"
    rf"(?:\s+degree)?(?:\s+in\s+(?P<field>{_FIELD}))?\s+(?:from|at)\s+(?P<school>{_SCHOOL})(?=$|[\s,.;!?])",
    _FLAGS,
)

# Abbreviations that are also words ("my ma", "bs", "bed"): a degree only with its field.
_AMBIGUOUS = frozenset({"MA", "MS", "BS", "BEd"})

# The cheap gate: a clause with neither a year nor a degree's word is read no further (a set look-up first).
_GATE_WORDS = frozenset({"year", *_DEGREE_NAMES})
_GATE = re.compile(rf"\byear\s+of\b|\b{_DEGREE}\b", _FLAGS)


def _article(word: str) -> str:
    """ "an MA", "an MSc", "an engineering ...", "a BSc", "a master's": by the sound of the first letter."""
    spelled = re.match(r"(?-i:[A-Z]{1,2}[a-z]*[A-Z])", word) or word in ("MSc", "MEng", "MPhil", "MS")
    return "an" if re.match(r"[aeiouAEIOU]", word) or (spelled and word[0] in "FHLMNRSX") else "a"


def year_of_course(text: str) -> tuple[str, str] | None:
    """ "second year of the carpentry diploma at Kestrel College" -> ("The user studies carpentry at Kestrel
    College", "carpentry"); None when the clause is no year of the speaker's course."""
    m = _YEAR_OF.match(text.strip())
    if m is None:
        return None
    field = re.sub(r"\s+", " ", m.group("field")).strip()
    named = m.group("school") or m.group("school2")
    school = f" at {named}" if named else ""
    if (m.group("kind") or "").lower() == "apprenticeship":
        return f"The user is doing {_article(field)} {field} apprenticeship{school}", field
    return f"The user studies {field}{school}", field


def degree_held(text: str) -> tuple[str, str] | None:
    """ "ma in archaeology from Wendover uni" -> ("The user has an MA in archaeology from Wendover uni", "MA in
    archaeology"); None when the clause holds no degree of the speaker's from a named school."""
    m = _HELD.match(text.strip())
    if m is None:
        return None
    deg = _DEGREE_NAMES[m.group("deg").lower()]
    if not m.group("field") and deg in _AMBIGUOUS:
        return None  # "my ma from Leeds": a mother, unless a field makes it a degree
    field = " in " + re.sub(r"\s+", " ", m.group("field")).strip() if m.group("field") else ""
    return f"The user has {_article(deg)} {deg}{field} from {m.group('school')}", f"{deg}{field}"


def study(text: str) -> tuple[str, str] | None:
    """What a clause says the speaker studies or holds, by either form above."""
    if not text or not _GATE_WORDS.intersection(re.findall(r"[a-z.']+", text.lower())) or not _GATE.search(text):
        return None
    # "i'm drowning in flashcards, first year of nursing at Brindle College": the course may follow a comment
    for piece in (text, *(text[m.end() :] for m in re.finditer(r",\s*", text))):
        if found := year_of_course(piece) or degree_held(piece):
            return found
    return None
