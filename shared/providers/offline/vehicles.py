"""Vehicles: a car the user has, by its make, lands on the one "car" slot whatever the verb ("bought a used
Toyota Yaris", "we got a Kia Niro", "I have an old Volvo estate"), as "I drive a Skoda" does, so a new car
replaces the old one instead of standing beside it on a slot of its own name. A make said with a motorbike
word is a motorbike ("a Honda motorbike"); a make said with another thing ("a Volvo keyring") is no vehicle."""

from __future__ import annotations

import re

_MAKES = (
    "toyota|volvo|fiat|ford|vw|volkswagen|skoda|škoda|honda|mazda|tesla|renault|peugeot|citroen|citroën|kia|hyundai"
    "|nissan|bmw|audi|mercedes|merc|seat|cupra|vauxhall|opel|subaru|mini|dacia|polestar|jeep|land\\s+rover"
    "|range\\s+rover|suzuki|mitsubishi|lexus|porsche|alfa\\s+romeo|lancia|saab|chevrolet|chevy|dodge|byd|mg|smart"
    "|ducati|yamaha|kawasaki|triumph|harley(?:[-\\s]davidson)?|vespa|ktm|royal\\s+enfield"
)
_MOTORBIKE = r"motorbike|motorcycle|scooter|moped|bike"
# Words a make may be followed by that make it something else than a vehicle.
_OTHER_THING = re.compile(
    r"\b(?:keyring|key\s*ring|ad|advert|poster|model\s+kit|toy|mug|shirt|t-shirt|hoodie|cap|jacket|dealership"
    r"|garage|manual|engine|charger|key|keys)\b",
    re.IGNORECASE,
)
# Every word of every make, for a set look-up before any pattern.
_MAKE_WORDS = frozenset(re.findall(r"[a-zë]+", _MAKES.replace("\\s+", " ").replace("(?:[-\\s]davidson)?", " davidson")))
_MAKE = re.compile(rf"\b(?:{_MAKES})\b", re.IGNORECASE)
_MOTORBIKE_WORD = re.compile(rf"\b(?:{_MOTORBIKE})\b", re.IGNORECASE)


def slot_of(thing: str) -> str | None:
    """ "a used Toyota Yaris" -> "car"; "a Honda motorbike" -> "own:motorbike"; None for no vehicle."""
    if re.search(r"(?i)\b(?:called|named)\b", thing):
        return None  # "a dog named Pixel": a name, not the make of the thing
    thing = re.split(r"\s*[,;(]|\s+(?:and|but|which|that|so|for|from|off)\s", thing.strip(), maxsplit=1)[0]
    if _OTHER_THING.search(thing):
        return None
    if _MAKE.search(thing):
        return "own:motorbike" if _MOTORBIKE_WORD.search(thing) else "car"
    return None  # "a car" with no make stays the belonging it was ("own:car"), as the commute rules expect


_ACQUIRED = re.compile(
    r"^(?:i|we)\s+(?:(?:just|finally|recently|also)\s+)*(?:have|got|bought|picked\s+up|ended\s+up\s+with|leased)\s+"
    r"(?P<thing>(?:an?|one|our|my)\s+.+)$",
    re.IGNORECASE,
)


def acquired(text: str) -> tuple[str, str] | None:
    """ "I got a Fiat Panda" (its date taken off): ("a Fiat Panda", "car"), a vehicle the user has from then on,
    not an outing on that day; None when what was got is no vehicle."""
    if not _MAKE_WORDS.intersection(re.findall(r"[a-zë-]+", text.lower())):
        return None
    m = _ACQUIRED.match(text.strip())
    if m is None or not _MAKE.search(m.group("thing")):
        return None
    thing = re.split(r"\s*[,;(]|\s+(?:and|but|which|that|so|for|from|off)\s", m.group("thing"), maxsplit=1)[0]
    slot = slot_of(thing)
    return (thing, slot) if slot else None


# --- a vehicle had, said by its upkeep ------------------------------------------------------------------------

_VEHICLE_NOUN = r"car|van|motorbike|motorcycle|scooter|moped|bike|e-bike|ebike|campervan|camper|truck|pickup"
# "my car needs new tyres", "our van's in the garage again", "my Honda failed its MOT": the speaker's own vehicle,
# the subject of its upkeep or a breakdown (never its loss: "got stolen", "was written off" are read elsewhere).
_KEPT = re.compile(
    r"^(?:ugh|argh|omg|so|and|but|also|btw|lol)?[\s,]*(?:my|our)\s+(?:(?:old|new|little|trusty|ancient|beloved|poor)\s+)*"
    rf"(?P<thing>(?:{_MAKES})(?:\s+(?-i:[A-Z0-9])[\w-]*)?|{_VEHICLE_NOUN})(?:'s|\s+is|\s+has)?\s+"
    r"(?:(?:just|finally|also|still|now|again)\s+)*"
    r"(?:needs?\s+(?:new|a|an|its|some|fixing|work|repairs?)|(?:in|at)\s+the\s+(?:garage|shop|mechanic|menders)"
    r"|failed\s+(?:its|the)\s+mot|passed\s+(?:its|the)\s+mot|due\s+(?:a|its)\s+(?:service|mot)"
    r"|got\s+a\s+(?:puncture|flat)|has\s+a\s+(?:puncture|flat)|a\s+(?:puncture|flat)|won'?t\s+start|wont\s+start"
    r"|broke\s+down|keeps\s+breaking\s+down|making\s+a\s+\w+\s+noise|getting\s+(?:serviced|fixed|repaired)"
    r"|being\s+(?:serviced|fixed|repaired)|had\s+its\s+(?:service|mot))\b",
    re.IGNORECASE,
)


def kept(text: str) -> tuple[str, str] | None:
    """ "my car needs new tyres" -> ("a car", "own:car"); "my Honda failed its MOT" -> ("a Honda", "car"): a vehicle
    the speaker has, said by its upkeep; None for any other clause (a question, a hedge, another's vehicle)."""
    if "my " not in text.lower() and "our " not in text.lower() or "?" in text:
        return None
    m = _KEPT.match(text.strip())
    if m is None:
        return None
    thing = m.group("thing")
    said = f"{'an' if thing[:1].lower() in 'aeiou' else 'a'} {thing}"
    return said, slot_of(said) or f"own:{thing.lower().replace('ebike', 'e-bike')}"
