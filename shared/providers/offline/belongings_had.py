"""Belongings had, said by how one likes them or came by them rather than with "have": "loving my new Garmin",
"obsessed with my new air fryer", "my new Pixel is great so far", "I'm the proud owner of a 3D printer", "treated
myself to a Kindle". Each says the speaker has the thing now ("The user has a Garmin").

A thing is known by its FORM, not its name: a product named with a capital ("Garmin", "Pixel 8"), or a noun of
the kind of things one keeps (a device, an appliance, a piece of furniture or kit). "my new job", "my new boss",
"my new haircut", "my new flat" name no thing kept (work, people, looks and homes are read elsewhere). Another's
thing ("her new Garmin"), a wish ("would love a new air fryer") and a question say nothing."""

from __future__ import annotations

import re

_FLAGS = re.IGNORECASE

# Nouns of the things one keeps: devices, appliances, furniture, kit.
_KEPT_NOUN = (
    r"(?:air\s+fryer|fryer|dishwasher|washing\s+machine|dryer|tumble\s+dryer|fridge|freezer|oven|microwave|kettle"
    r"|toaster|blender|mixer|stand\s+mixer|coffee\s+machine|espresso\s+machine|hoover|vacuum|robot\s+vacuum"
    r"|slow\s+cooker|pressure\s+cooker|instant\s+pot|sofa|couch|bed|mattress|desk|standing\s+desk|chair|office\s+chair"
    r"|laptop|computer|pc|tablet|phone|smartphone|watch|smartwatch|headphones|earbuds|speaker|tv|telly|monitor"
    r"|keyboard|camera|lens|drone|printer|3d\s+printer|console|e-reader|kindle|bike|e-bike|ebike|car|van|scooter"
    r"|motorbike|kayak|paddleboard|tent|telescope|guitar|piano|keyboard|drum\s+kit|violin|sewing\s+machine|treadmill"
    r"|rowing\s+machine|hot\s+tub|bbq|barbecue|grill|greenhouse|shed|lawnmower|mower)"
)
# The thing: a capitalised product name (up to three words, numbers allowed) or a kept noun with up to two words
# before it ("a second-hand sewing machine").
_THING = rf"(?P<thing>(?-i:[A-Z0-9])[\w+-]*(?:\s+(?-i:[A-Z0-9])[\w+-]*){{0,2}}|(?:[\w-]+\s+){{0,2}}?{_KEPT_NOUN})"
_END = r"(?=\s*(?:$|[,.!;]|\s(?:lol|haha|tbh|btw|so|and|but|already|now|too)\b))"
_LIKED = re.compile(
    r"^(?:(?:i'm|im|i\s+am)\s+)?(?:(?:really|so|absolutely|totally|just)\s+)*(?:loving|love|obsessed\s+with"
    r"|(?:so\s+|really\s+)?(?:happy|pleased|chuffed|thrilled)\s+with|in\s+love\s+with|addicted\s+to)\s+my\s+"
    rf"(?:(?:new|shiny|brand\s+new)\s+)+{_THING}{_END}",
    _FLAGS,
)
_NEW_ONE_IS = re.compile(
    rf"^my\s+(?:(?:new|shiny|brand\s+new)\s+)*{_THING}\s+(?:is|'s)\s+(?:(?:so|really|absolutely|pretty)\s+)?"
    r"(?:great|amazing|brilliant|awesome|fab|fantastic|incredible|a\s+game\s+changer|a\s+lifesaver|the\s+best"
    r"|so\s+good|excellent|lovely|perfect|working\s+great)\b",
    _FLAGS,
)
_CAME_BY = re.compile(
    r"^(?:(?:i'm|im|i\s+am)\s+(?:now\s+)?the\s+(?:proud\s+)?(?:new\s+)?owner\s+of|(?:i\s+)?(?:just\s+|finally\s+)?"
    rf"treated\s+myself\s+to)\s+(?:an?|my\s+first|a\s+new)\s+{_THING}{_END}",
    _FLAGS,
)
_GATE = re.compile(r"\b(?:my|owner\s+of|treated\s+myself)\b", _FLAGS)
# "my new job", "my new boss", "my new haircut": no thing kept.
_NOT_A_THING = re.compile(
    r"\b(?:job|role|boss|manager|team|colleagues?|flat|house|place|home|haircut|hair|look|neighbours?|neighbors?"
    r"|girlfriend|boyfriend|partner|husband|wife|friend|puppy|kitten|dog|cat|school|class|course|project|show"
    r"|series|song|album|book|routine|diet|plan|life|city|town|office|ads?|advert)$",
    _FLAGS,
)


def said_of(text: str) -> tuple[str, str] | None:
    """ "loving my new Garmin" -> ("a Garmin", "own:garmin"): the thing a clause says the speaker has, by how they
    like it or came by it; None for any other clause."""
    if not _GATE.search(text) or "?" in text:
        return None
    m = _LIKED.match(text.strip()) or _NEW_ONE_IS.match(text.strip()) or _CAME_BY.match(text.strip())
    if m is None or _NOT_A_THING.search(m.group("thing")):
        return None
    thing = m.group("thing").strip()
    slot = "own:" + re.sub(r"[^a-z0-9]+", "-", thing.lower()).strip("-")
    return f"{'an' if thing[:1].lower() in 'aeiou' else 'a'} {thing}", slot
