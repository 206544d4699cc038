"""Another person's news, said by the user: "my sister just moved to Leeds", "my husband got a new job at
Siemens", "my friend Tom started at Google last month", "my son broke his arm on Saturday".

One mechanism for the class, not a rule per phrasing: the clause is said again in the first person ("I just
moved to Leeds", "I got a new job at Siemens"), the rules that read the user's own clauses read it, and what
they find is put back on the person it is about: the text names them ("The user's sister lives in Leeds"), and
the slot is theirs (``family:sister:location``, ``family:husband:work``, ``person:friend:tom:work``), never the
user's. The stated time comes with it, since the rules date the first-person clause as they date the user's.

Only one relative or a named friend, colleague or neighbour said as the subject at the start of a clause, in
English; not plans, wishes or what one might do ("my sister wants to move", "my brother will start"), and not a
relative's own relatives or pets (their slots would be the user's). Pure functions; the reader is passed in.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date
from typing import Any

from shared.providers.offline.text_forms import bare_verb, rx


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_SHE = _words(
    "sister mother mom mum grandmother grandma granny gran nan nana aunt auntie niece daughter wife girlfriend gf "
    "fiancee fiancée stepmother stepmom stepsister stepdaughter mother-in-law sister-in-law"
)
_HE = _words(
    "brother father dad grandfather grandpa grandad granddad uncle nephew son husband boyfriend bf fiance fiancé "
    "stepfather stepdad stepbrother stepson father-in-law brother-in-law"
)
_EITHER = _words("partner spouse cousin kid child eldest youngest oldest")
# Others one has many of: read only with their name ("my friend Tom"), else which one is not known.
_NAMED_ONLY = _words("friend bestie colleague coworker co-worker roommate flatmate housemate neighbour neighbor")
_ONE_OF = _words("boss manager mentor")
# One's people said in the plural or as a group: their news is said of all of them ("my parents both work in
# finance", "my family's all back in Cork"), and their verb agrees with a plural ("The user's parents live ...").
_THEY = _words(
    "parents grandparents folks in-laws kids children sons daughters twins siblings brothers sisters cousins family"
)
_CANON = {"folks": "parents", "children": "kids"}
# Whose "started at X" is a school, not a job, unless work is said.
_CHILDREN = _words("kids children sons daughters twins")
# One child of school age or more: "my daughter started at Oxford" is a school or a university, not a job.
_A_CHILD = _words("son daughter stepson stepdaughter grandson granddaughter kid boy girl child")
# A job said outright: "started work at", "a new job", "as an analyst", "got hired".
_JOB_SAID = rx(
    r"\b(?:work\w*|jobs?|role|position|post|hired|employed|career|intern\w*|apprentice\w*|shifts?|as\s+(?:an?|the)\s+\w+)\b"
)
_STARTED_AT = rx(r"\b(?:start(?:s|ed|ing)?|began|begins?)\s+at\b")
_WORD = "|".join(
    sorted((re.escape(w) for w in _SHE | _HE | _EITHER | _NAMED_ONLY | _ONE_OF | _THEY), key=len, reverse=True)
)

# "so my older sister Anna just ...": lead-ins, then "my", an adjective, the relation and maybe a name.
_SUBJECT = re.compile(
    r"^(?:(?:so|and|but|also|btw|oh|well|plus|anyway|update|news|big\s+news)[,:!]?\s+)*"
    r"(?P<whose>[Mm]y|[Oo]ur)\s+(?P<adj>(?:(?i:best|older|younger|big|little|twin|eldest|youngest|new|old|whole)\s+)?)"
    rf"(?P<rel>(?i:{_WORD}))\b(?:\s+(?P<name>[A-Z][a-z]+))?"
    # "my mum's moved", "my brother's just started": the "'s" is "has" before what was done, never "my mum's car"
    r"(?:(?P<has>['’]s)(?=\s+(?:just|finally|recently|also|been|got|gone|moved|started|left|joined|[a-z]+ed)\b))?"
    r"\s+(?P<pred>[a-z].*)$"
)
# What is no news of theirs that the first person could state: plans, wishes, maybes, a question, being named.
_NOT_NEWS = rx(
    r"^(?:(?:just|also|finally|still|recently|now|then)\s+)*(?:will|'ll|would|'d|might|may|could|should|must|can|wants?"
    r"|wanted|hopes?|hoped|plans?|planned|is\s+(?:going|gonna|planning|thinking|hoping|about|supposed|due)|was\s+(?:going"
    r"|gonna|supposed|about|planning|thinking)|is\s+called|is\s+named|named|called|thinks?|thought|says?|said|told"
    r"|asked|keeps?\s+asking|is\s+coming|comes\s+over|visits?|visited|and\s+i|&\s+i|'s\b|is\s+(?:so|very|really|a\s+bit"
    r"|kind\s+of|super|being)\b|does|did|do|has\s+been\s+(?:so|very|really)|almost|nearly|never)\b"
)
_AGREEMENT = {"is": "am", "has": "have", "was": "was", "does": "do", "doesn't": "don't", "isn't": "am not"}
_AGREEMENT |= {"hasn't": "haven't", "'s": "am"}
# Words of theirs said of themselves: "broke his arm" is "broke my arm" in the first person.
_THEIRS = rx(r"\b(?:his|her|their)\b")
# Kinds of the user's slots a person's news may become; the person's own people and pets are not theirs here.
_ASPECT = {"location": "location", "employer": "work", "occupation": "work"}
_NOT_CARRIED = ("family:", "person:", "partner", "style:", "trait:", "*:", "dislike:", "like:")


# A predicate begins with its verb: "my sister and her kid", "my brother in Leeds is ..." are no clause of theirs
_NOT_A_VERB = _words("and or nor & with who whose which that from in at on of for to the a an plus but than as")


# A group's state said with "all" or "both", or "back" home: "'s all back in Cork", "are both living in Leeds" is
# where they live; "both work in finance" is what each does.
_GROUP_HOME = rx(
    r"^(?:['’]s|['’]re|is|are)\s+(?:(?:all|both|still|now|mostly)\s+)*(?:back\s+)?(?:(?:living|based)\s+)?in\s+"
    r"(?=(?-i:[A-Z]))"
)
_GROUP_EACH = rx(r"^(?:(?:all|both)\s+)+(?=[a-z])|^(?:have|'ve)\s+(?:all|both)\s+(?=been\b)")


_GROUP = re.compile(
    r"^(?P<head>(?:(?:so|and|but|also|btw|oh|well|plus|anyway)[,:!]?\s+)*(?:[Mm]y|[Oo]ur)\s+"
    rf"(?:(?i:whole|extended|older|younger|little)\s+)?(?P<rel>(?i:{'|'.join(sorted(_THEY, key=len, reverse=True))})))"
    r"(?P<pred>(?:['’](?:s|re)\b|\s+\S).*)$"
)


def _of_a_group(clause: str) -> str:
    """A plural subject's predicate said plainly: "my folks are in Galway" -> "my folks live in Galway", "my
    family's all back in Cork" -> "my family live in Cork", "my parents both work" -> "my parents work"; any other
    clause as it is."""
    m = _GROUP.match(clause.strip())
    if m is None:
        return clause
    pred = m.group("pred").strip()
    plain = _GROUP_HOME.sub("live in ", pred)
    if plain == pred:
        plain = _GROUP_EACH.sub(lambda e: "have " if e.group(0).lower().startswith(("have", "'ve")) else "", pred)
    return clause if plain == pred else f"{m.group('head')} {plain}"


def _subject(clause: str) -> re.Match[str] | None:
    m = _SUBJECT.match(_of_a_group(clause).strip())
    if m is None or _NOT_NEWS.match(m.group("pred")) or m.group("pred").split(" ", 1)[0].lower() in _NOT_A_VERB:
        return None
    rel = m.group("rel").lower()
    if rel in _NAMED_ONLY and not m.group("name"):
        return None
    return m


# "has just started at X" is told as "just started at X", "has been promoted" as "got promoted": the forms the
# user's own news is read in ("has lived in Leeds for years" is a state kept up, and stays as said).
_PERFECT_DONE = rx(
    r"^has\s+(?P<adv>(?:(?:just|finally|recently|also)\s+)*)(?!(?:lived|worked|used|played|stayed|studied|taught|owned|loved|hated|liked)\b)(?=(?:[a-z]+ed|got|left|begun)\b)"
)
_PERFECT_PASSIVE = rx(
    r"^has\s+(?P<adv>(?:(?:just|finally|recently|also)\s+)*)been\s+(?=(?:promoted|hired|diagnosed)\b)"
)


def _starts_school(rel: str, pred: str) -> bool:
    """Whether what a child "started at" is a school: any news of children said with no job word
    ("my kids started at Hillside"), and one child's "started at X" unless a job is said."""
    if _JOB_SAID.search(pred):
        return False
    return rel in _CHILDREN or (rel in _A_CHILD and _STARTED_AT.search(pred) is not None)


def _first_person(pred: str) -> str:
    """ "just moved to Leeds with her boyfriend" -> "I just moved to Leeds with my boyfriend"; "works at X" -> "I
    work at X"."""
    pred = _PERFECT_PASSIVE.sub(lambda m: f"{m.group('adv')}got ", _PERFECT_DONE.sub(lambda m: m.group("adv"), pred))
    words = pred.split(" ")
    lead = 0
    while lead < len(words) - 1 and words[lead].lower() in ("just", "finally", "recently", "also", "now", "still"):
        lead += 1
    verb = words[lead]
    words[lead] = _AGREEMENT.get(verb.lower(), bare_verb(verb))
    return "I " + _THEIRS.sub("my", " ".join(words))


_PLURAL_AUX = {"is": "are", "has": "have", "was": "were", "does": "do", "isn't": "aren't", "hasn't": "haven't"}


def _plural(rest: str) -> str:
    """ "lives in Leeds" -> "live in Leeds": the first verb said of many."""
    verb, _, tail = rest.partition(" ")
    low = verb.lower()
    if low in _PLURAL_AUX:
        said = _PLURAL_AUX[low]
    elif low.endswith("ies") and len(low) > 4:
        said = verb[:-3] + "y"
    elif low.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        said = verb[:-2]
    elif low.endswith("s") and not low.endswith("ss"):
        said = verb[:-1]
    else:
        said = verb
    return f"{said} {tail}".strip()


def _pronoun(rel: str) -> tuple[str, str, str]:
    if rel in _SHE:
        return "her", "her", "herself"
    if rel in _HE:
        return "his", "him", "himself"
    return "their", "them", "themselves"


def _carried(draft: Any, who: str, slot_of: str, rel: str) -> Any | None:
    """The user's draft said of the person: their name in the text, their slot; None for one not theirs."""
    slot = draft.slot or ""
    if not slot or slot.startswith(_NOT_CARRIED) or not draft.text.startswith("The user ") or "@" in slot:
        return None
    kind, _, thing = slot.partition(":")
    aspect = _ASPECT.get(kind) or thing or kind
    rest = draft.text[len("The user ") :]
    if re.search(r"\bThe user\b|\bthe user's\b", rest):
        return None
    their, them, themselves = _pronoun(rel)
    rest = re.sub(r"\btheirs\b", their + ("" if their == "their" else "s"), rest)
    rest = re.sub(r"\btheir\b", their, rest)
    rest = re.sub(r"\bthemselves\b", themselves, rest)
    rest = re.sub(r"\bthem\b", them, rest)
    return replace(draft, text=f"{who} {rest}", slot=f"{slot_of}:{aspect}")


# A relative's birthday read as an event (kin_birthdays): "event:son-turns-10", "event:dad-birthday".
_BIRTHDAY_EVENT = re.compile(r"^event:[\w-]+-(?:turns-[\w-]+|birthday)$")


def their_news(
    clause: str,
    today: date,
    found: Sequence[Any],
    read: Callable[[str, date], list[Any]],
    relative_slot: Callable[[str], str | None],
) -> list[Any]:
    """The drafts of ``clause`` when it tells another person's news: ``found`` (what the rules read from it as
    said) with the person's facts added, read by ``read`` from the clause in the first person and carried onto
    the person's slots (``relative_slot``: "my sister" -> "family:sister"). A carried fact on the person's work
    or home replaces what the rules made of the same clause as a thing of theirs ("started a new job at X" is
    their work, not a "new-job" of theirs); anything already found on a slot is kept as found."""
    if any(_BIRTHDAY_EVENT.match(getattr(d, "slot", None) or "") for d in found):
        return list(found)  # "my son turns 10 on friday": the birthday, on its day, already says it of them
    m = _subject(clause)
    if m is None:
        return list(found)
    rel, name = m.group("rel").lower(), m.group("name")
    whose = m.group("whose").lower()
    base = relative_slot(f"{whose} {m.group('adj')}{rel}".strip()) or relative_slot(f"{whose} {rel}")
    base = base or (f"person:{rel}" if rel in _NAMED_ONLY else None)  # "my neighbour Tom"
    base = base or (f"family:{_CANON.get(rel, rel)}" if rel in _THEY else None)  # "my sisters", "my family"
    if base is None:
        return list(found)
    said = f"{m.group('adj')}{rel}".strip()
    who = f"The user's {said} {name}" if name else f"The user's {said}"
    slot_of = f"{base}:{name.lower()}" if name and base.startswith("person:") else base
    pred = f"has {m.group('pred')}" if m.group("has") else m.group("pred")
    carried = _one_work([c for d in read(_first_person(pred), today) if (c := _carried(d, who, slot_of, rel))])
    if _starts_school(rel, pred):
        carried = [c for c in carried if not c.slot.endswith(":work")]  # "my kids started at Hillside": a school
    if rel in _THEY - {"family"}:
        carried = [replace(c, text=f"{who} {_plural(c.text[len(who) + 1 :])}") for c in carried]
    if not carried:
        return list(found)
    if base.startswith("person:"):
        # a boss's or a friend's squash on Thursdays is theirs to remember; where they live and work is news
        carried = [c for c in carried if c.slot.rsplit(":", 1)[1] in ("work", "location")]
    aspect_of = {c.text.lower(): c.slot for c in carried if c.slot.rsplit(":", 1)[1] in ("work", "location")}
    # "my husband is a nurse at St Mary's": said as the rules said it, on their work's slot (a slot holding their
    # name, "family:sister:maria", stays as it is)
    found = [
        replace(d, slot=aspect_of[d.text.lower()])
        if d.text.lower() in aspect_of and not name and _a_thing_of_theirs(d, base)
        else d
        for d in found
    ]
    # said of them, but on a slot of the user's ("*:google", "event:mum"): their news is said on theirs instead
    # (a death, a retraction of the person, stays as the rules said it: nothing carried says it the same way)
    found = [
        d
        for d in found
        if not (d.text.startswith(who) and not _theirs(d.slot, base) and any(c.negated == d.negated for c in carried))
    ]
    # said of them without the time the clause states ("my brother moved to York in June"): said with it
    dated = {c.slot: c for c in carried if c.valid_from is not None}
    found = [dated[d.slot] if d.valid_from is None and d.slot in dated else d for d in found]
    have = {d.slot for d in found} | {d.text.lower() for d in found}
    # what the rules already said of them (not only their name) stands, but for their work and home
    said_of_them = any(d.text.startswith(who) and not re.search(r"\b(?:named|called)\b", d.text) for d in found)
    new = [
        c
        for c in carried
        if c.slot not in have
        and c.text.lower() not in have
        and (not said_of_them or c.slot.rsplit(":", 1)[1] in ("work", "location"))
    ]
    aspects = {c.slot.rsplit(":", 1)[1] for c in new} & {"work", "location"}
    kept = [d for d in found if not (aspects and _a_thing_of_theirs(d, slot_of))]
    return kept + new


_KEPT_ASPECTS = frozenset({"work", "location", "name", "born", "origin"})


def _a_thing_of_theirs(draft: Any, slot_of: str) -> bool:
    """A draft the rules made of the person's news as a thing of theirs ("family:brother:new-job-google"), not
    their name nor an aspect kept one at a time."""
    slot = draft.slot or ""
    if not slot.startswith(f"{slot_of}:") or re.search(r"\b(?:named|called)\b", draft.text):
        return False
    return slot[len(slot_of) + 1 :].split(":")[0] not in _KEPT_ASPECTS


def _one_work(carried: list[Any]) -> list[Any]:
    """A role and a workplace read from one clause ("a nurse at Mercy") are the person's one work: one draft."""
    work = [c for c in carried if c.slot.endswith(":work") and not c.negated]
    if len(work) != 2:
        return carried
    role, place = work
    if not (role.value and place.value) or place.value.lower() in role.text.lower():
        return [c for c in carried if c is not place]
    since = re.search(r"\s+\((?:since|from)\s[^)]*\)$", role.text)
    head = role.text[: since.start()] if since else role.text
    text = f"{head} at {place.value}{since.group(0) if since else ''}"
    merged = replace(role, text=text, value=f"{role.value} at {place.value}")
    return [merged if c is role else c for c in carried if c is not place]


def _theirs(slot: str | None, base: str) -> bool:
    """True for a slot of the person's own (or of the user's partner, the person themselves)."""
    return bool(slot) and (slot.startswith((f"{base}:", "partner", "person:", "family:")) or slot == base)
