"""A belonging lost for good is an ending: "my bike got stolen", "our van was written off", "I scrapped my old Fiat".

Selling or giving a thing away is read as an ending by the ending frames ("sold my car"); a thing stolen, written
off, totalled, scrapped or repossessed ends as surely, but is said in the passive ("my bike got stolen", "had my
phone nicked") or with someone else doing it ("someone stole my laptop"), which no ending frame reads. The
retraction names the thing (slot "*:<thing>"), so it ends whatever earlier fact names it ("I ride a Brompton").

Only one's own lasting belongings ("my", "our", "the", or a kind said bare): a vehicle, a device, an
instrument, a named make ("my Volvo"); not someone else's ("my neighbour's bike"), nothing kept ("my lunch"),
nothing that is no thing ("my idea"). Only said as done:
"almost got stolen", "if my bike got stolen", a question are not read (the sentence readers drop questions and
hypotheticals before; an adverb between the verb and the loss breaks the form).

Pure functions over one English clause (the date phrase already cut out, "I" put back before a bare verb).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Cheap gate: a clause without one of these words says no loss.
_MAY_SAY = re.compile(
    r"(?i)\b(?:stol(?:e|en)|nick(?:ed)?|pinch(?:ed)?|swiped|written\s+off|wrote\s+off|totall?ed"
    r"|scrapped|repossessed|jacked)\b"
)
_LEAD = r"^(?:(?:ugh|argh|omg|oh|so|well|and|sadly|annoyingly|btw|also|welp|great|lol)\b[\s,!.]*)*"
_THING = r"(?:(?P<owner>my|our|the)\s+)?(?P<thing>[\w-]+(?:\s+[\w-]+){0,2}?)"
# Where the thing's name ends when nothing of the form follows it: a preposition, a conjunction, a time, a stop.
_END = (
    r"(?=\s+(?:in|on|at|outside|from|after|before|by|near|behind|while|when|because|so|and|but|last|this|yesterday"
    r"|today|for|with|to)\b|\s*[,.!?;:(]|\s*$|\s+[^\w\s])"
)
_LOSS = r"(?:stolen|nicked|pinched|swiped|written\s+off|totall?ed|scrapped|repossessed)"
_FORMS = (
    # "my bike got stolen", "our van was written off", "my e-bike has been nicked"
    re.compile(
        r"(?i)"
        + _LEAD
        + _THING
        + r"\s+(?:got|was|were|has\s+been|have\s+been|had\s+been|'s\s+been|is)\s+"
        + _LOSS
        + r"\b"
    ),
    # "someone stole my laptop", "they nicked my bike", "thieves took my van"
    re.compile(
        r"(?i)" + _LEAD + r"(?:someone|somebody|some\s+\w+|they|thieves|a\s+thief)\s+(?:stole|nicked|pinched|swiped"
        r"|jacked)\s+" + _THING + _END
    ),
    # "I had my phone nicked", "got my bike stolen", "I scrapped my old Fiat", "we wrote off our car"
    re.compile(r"(?i)" + _LEAD + r"(?:(?:i|we)\s+)?(?:had|got)\s+" + _THING + r"\s+" + _LOSS + r"\b"),
    re.compile(
        r"(?i)"
        + _LEAD
        + r"(?:(?:i|we)\s+)?(?:(?:finally|just|had\s+to)\s+)?(?:scrapped|totall?ed|wrote\s+off)\s+"
        + _THING
        + _END
    ),
)


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Lasting belongings by kind: what one rides or drives, a device, an instrument, a thing of value kept.
_BELONGINGS = _words(
    """
    car van bike bicycle ebike e-bike motorbike motorcycle scooter e-scooter moped truck camper campervan caravan
    boat kayak canoe jeep estate hatchback
    laptop phone iphone smartphone tablet ipad kindle e-reader camera watch smartwatch console ps5 switch xbox
    macbook pc computer drone headphones airpods
    guitar bass violin cello keyboard piano saxophone trumpet drum drums ukulele
    """
)
# Words that qualify a belonging before its name.
_QUALIFIERS = _words("old new beloved trusty lovely little brand second-hand secondhand cheap shiny poor")


# What is scrapped or written off that is no belonging: a plan, a piece of work, an occasion.
_NOT_KEPT = _words(
    """
    plan plans idea ideas project trip meeting party event wedding holiday proposal feature deal class course show
    tour launch release policy rule scheme draft essay report code app website design whole lot rest thing it
    lunch dinner breakfast food sandwich snack snacks parcel package post mail seat spot identity thunder heart job
    role position bonus match game season
    """
)


def _named_in_chat(thing: str) -> str:
    """ "the golf", "my fiesta": a make named in lower case, as chat writes it, with "my"/"our"/"the" before it."""
    words = [w for w in thing.split() if w.lower() not in _QUALIFIERS]
    if len(words) != 1 or not words[0].isalpha() or words[0].lower() in _NOT_KEPT:
        return ""
    return words[0].lower()


@dataclass(frozen=True)
class Loss:
    """A belonging lost: the thing as said ("old Fiat"), its slot key ("fiat"), and how ("stolen")."""

    thing: str
    key: str
    how: str


def _belonging(thing: str) -> str:
    """The slot key of a thing one keeps ("bike", "fiat", "old-volvo" -> "volvo"), "" for anything else."""
    words = [w for w in thing.split() if w.lower() not in _QUALIFIERS]
    if not words or any("'" in w for w in words):
        return ""
    head = words[-1]
    if head.lower() in _BELONGINGS or (head[:1].isupper() and len(words) <= 2):
        return "-".join(w.lower() for w in words)
    return ""


def _how(text: str) -> str:
    said = text.lower()
    if re.search(r"\b(?:stol|nick|pinch|swip|jack)", said):
        return "stolen"
    if re.search(r"\b(?:written|wrote)\s+off\b|\btotall?ed\b", said):
        return "written off"
    if "repossessed" in said:
        return "repossessed"
    return "scrapped"


def read(clause: str) -> Loss | None:
    """The belonging the clause says was lost for good, or None."""
    if not _MAY_SAY.search(clause):
        return None
    for form in _FORMS:
        m = form.match(clause.strip())
        if m is None:
            continue
        thing = m.group("thing")
        if m.group("owner") is None and thing.lower() not in _BELONGINGS:
            return None  # said bare, only a kept thing by its kind ("laptop got pinched"), never "Tom got nicked"
        how = _how(m.group(0))
        # a make in lower case only as a vehicle is lost ("scrapped the golf"): "my seat got stolen" is no belonging
        key = _belonging(thing) or (_named_in_chat(thing) if m.group("owner") and how != "stolen" else "")
        return Loss(thing, key, how) if key else None
    return None


def said(loss: Loss) -> str:
    """The retraction's text: "The user no longer has their bike (stolen)"."""
    return f"The user no longer has their {loss.thing} ({loss.how})"


# --- a service, an app or an animal ended by name: "cancelled netflix", "deleted hinge", "rehomed Miso" ----------

# What follows the name of an app or a service one ended: nothing, or the word for one's place in it.
_SERVICE = re.compile(
    r"(?i)^(?P<name>[a-z][\w+.&'-]*)(?:\s+(?:app|account|subscription|membership|profile|premium))?\s*[.!]*$"
)
# What one cancels or deletes that is no service one used: a plan, a meal, a meeting, a file, anything vague.
_NOT_SERVICES = _words(
    """
    it that this them everything all something anything nothing stuff dinner lunch breakfast brunch drinks plans plan
    practice class training rehearsal date trip flight flights order appointment meeting party wedding holiday
    booking reservation session lesson lessons photos pics pictures messages texts emails files history cookies
    """
)
# "rehomed Miso", "rehomed our cat", "had to rehome the rabbit": an animal one kept, by its name or as "my X".
_ANIMAL = re.compile(r"(?:(?:my|our|the)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?|(?-i:[A-Z])[\w'-]*)\s*[.!]*$", re.IGNORECASE)


def ended_by_name(marker: str, rest: str) -> bool:
    """Whether "I <marker> <rest>" ends a thing one used or kept: a service or an app by its name alone, said in
    any case ("cancelled netflix", "deleted hinge", "uninstalled TikTok"), or an animal rehomed. A plural, a plan,
    a meal or a vague word ("cancelled dinner", "deleted photos", "deleted it") is no such thing."""
    if marker in ("rehomed", "re-homed"):
        return bool(_ANIMAL.match(rest.strip()))
    if marker not in ("cancelled", "canceled", "deleted", "uninstalled"):
        return False
    m = _SERVICE.match(rest.strip())
    if not m:
        return False
    name = m.group("name").lower()
    return name not in _NOT_SERVICES and not (name.endswith("s") and not name.endswith("ss"))
