"""One's own animals and people named in passing, by the possessive: "my <kind> <Name>".

- **Named in passing** (``named_in_passing``): "can you feed my tortoise Pickle on saturday", "live in Hull with
  our deaf whippet Smudge", "a gift for my sister Marta?": whatever the sentence asks or says, "my <kind> <Name>"
  says the user has them. The clause rules read the plain form ("my dog Rex is sick") but not a question or a
  request, nor a describing word between "my" and the kind. Someone else's ("my friend's dog", "my sisters dog"),
  a former or dead one ("my late dog", "my ex wife"), and a sentence that wishes, supposes or gives a name
  ("if ...", "thinking of naming my puppy Biscuit") say nothing of the user's.
- **Named in the next clause** (``name_given_after``): "we adopted a kitten, named her Pepper" -> "we adopted a
  kitten named Pepper"; only a pet kind is named so ("got a car, named her Betsy" is no pet).

Pure functions over English text.
"""

from __future__ import annotations

import re

from shared.providers.offline import births, kin


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Kinds of pet, by species or breed (a breed names a dog or a cat as well as its species does); never a word that
# is also a thing one owns ("my mouse Logitech", "my lab").
PET_KINDS = _words("""
    dog cat puppy pup kitten kitty rabbit bunny hamster gerbil parrot budgie cockatiel bird goldfish fish turtle
    tortoise snake lizard gecko iguana horse pony donkey ferret hedgehog chinchilla rat chicken hen duck goat
    beagle spaniel terrier collie corgi poodle dachshund greyhound whippet husky pug bulldog labrador retriever
    labradoodle cockapoo cavapoo schnauzer chihuahua lurcher staffie staffy shepherd doodle mutt tabby moggy ragdoll
    siamese bengal""")
_PARTNERS = {
    "wife",
    "husband",
    "partner",
    "girlfriend",
    "boyfriend",
    "fiance",
    "fiancé",
    "fiancee",
    "fiancée",
    "spouse",
}
_PARTNER_SAID = {"gf": "girlfriend", "bf": "boyfriend"}
# Relatives one names by name (a group word, "kids", names several and is read elsewhere).
_RELATIVE_KINDS = kin.FAMILY_WORDS - _words(
    "kids children boys girls twins sons daughters parents grandparents "
    "siblings cousins boy girl baby newborn eldest youngest oldest"
)
_KINDS = PET_KINDS | _RELATIVE_KINDS | _PARTNERS | frozenset(_PARTNER_SAID)
# A describing word that makes the one said not (or no longer) the user's, or not real.
_NOT_NOW = _words("""
    late former ex old previous first childhood future dream next ideal imaginary pretend fake dead deceased
    work neighbours neighbors neighbour neighbor friends""")
_PEOPLE = kin.FAMILY_WORDS | _words("""
    friend bestie boss manager colleague coworker roommate flatmate housemate neighbour neighbor teacher mate
    buddy pal""")
# "my [describing words] <kind> <Name>": one or two describing words, lower case, no possessive among them.
_OWNED_NAMED = re.compile(
    r"(?i:\b(?P<own>my|our)\s+(?P<adj>(?:[a-z][a-z-]*\s+){0,2}?)(?P<kind>[a-zé]+))\s*,?\s+"
    r"(?P<name>[A-Z][a-z]+)\b(?!\s*(?:&|and\s+[A-Z]))"
)
# The one test most messages stop at: "my"/"our" with a capitalised word two or three words on.
_GATE = re.compile(r"(?i:\b(?:my|our)\s+(?:[a-z-]+,?\s+){0,3}?)[A-Z][a-z]")
# What makes a sentence say nothing of what the user has: a supposition, a wish, a name being chosen.
_NOT_SAID_AS_HAD = re.compile(
    r"(?i)\b(?:if|what\s+if|imagine|pretend|suppose|someday|one\s+day|wish|hypothetically|dream"
    r"|(?:nam|call)(?:e|es|ing)\s+(?:my|our)|rename|renaming|anymore|no\s+longer|used\s+to|passed|died|lost|rehomed"
    r"|gave\s+away|put\s+down|miss)\b"
)
_NOT_A_NAME = _words("""
    I Im Ive Id Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July
    August September October November December Christmas Easter Xmas Mum Mom Dad Pls Please Thanks Lol Haha""")


def named_in_passing(text: str) -> list[tuple[str, str, str]]:
    """(kind of one: "pet", "family" or "partner", the word said for them, their name) for each of the user's own
    animals and people the text names in passing: "my hamster Nibbles" -> ("pet", "hamster", "Nibbles")."""
    if not _GATE.search(text):
        return []
    found: list[tuple[str, str, str]] = []
    for sentence in re.split(r"(?<=[.!?;])\s+|\n+", text):
        if _NOT_SAID_AS_HAD.search(sentence):
            continue
        for m in _OWNED_NAMED.finditer(sentence):
            kind, name = m.group("kind").lower(), m.group("name")
            adjectives = m.group("adj").lower().split()
            if kind not in _KINDS or name in _NOT_A_NAME or sentence[: m.start()].rstrip().endswith(("'s", "’s")):
                continue
            if any(a in _NOT_NOW or a in _PEOPLE or a.rstrip("s") in _PEOPLE for a in adjectives):
                continue  # "my late dog", "my sisters dog", "my work wife"
            kind = _PARTNER_SAID.get(kind, kind)
            what = "pet" if kind in PET_KINDS else "partner" if kind in _PARTNERS else "family"
            found.append((what, kind, name))
    return found


def names_only_chosen(text: str) -> frozenset[str]:
    """Names the text says are being chosen, not had: "thinking of naming my puppy Biscuit" -> {"Biscuit"}."""
    return frozenset(m.group("name") for m in _NAMING.finditer(text))


_NAMING = re.compile(
    r"(?i:\b(?:nam|call)(?:e|es|ing)\s+(?:my|our|the|him|her|it)\s+(?:[a-z-]+\s+){0,2}?)(?P<name>[A-Z][a-z]+)\b"
)

# "we adopted a kitten, named her Pepper", "got a rescue dog, the kids named him Biscuit": a pet one got, then named.
_GOT_THEN_NAMED = re.compile(
    r"(?i)^(?P<head>(?:(?:i|we)\s+)?(?:(?:just|finally|recently|also)\s+)?(?:got|adopted|rescued|bought|brought\s+home"
    r"|took\s+in)\s+(?:a|an|another)\s+(?:[a-z-]+\s+){0,2}?(?P<kind>"
    + "|".join(sorted(PET_KINDS, key=len, reverse=True))
    + r"))(?P<between>\b[^,;]*?)\s*[,;]?\s*"
    r"(?:and\s+|so\s+)?(?:(?:we|i|the\s+kids|my\s+[a-z]+|they)\s+)?(?:named|called)\s+(?:her|him|it)\s+"
    r"(?P<name>(?-i:[A-Z])[a-z]+)\b"
)


def name_given_after(sentence: str) -> str:
    """ "we adopted a kitten, named her Pepper" -> "we adopted a kitten named Pepper"; anything else as said."""
    m = _GOT_THEN_NAMED.match(sentence.strip())
    if m is None or m.group("kind").lower() not in PET_KINDS or m.group("name") in _NOT_A_NAME:
        return sentence
    lead = sentence[: len(sentence) - len(sentence.lstrip())]
    rest = sentence.strip()[m.end() :]
    head = re.sub(r"(?i)\b(?:bought|brought\s+home)\b", "got", m.group("head"))  # a pet, not a purchase
    return f"{lead}{head} named {m.group('name')}{m.group('between')}{rest}"


# "we had to put our cat down", "put my old dog Bruno to sleep": the rules read "had to put down our cat".
_PUT_DOWN = re.compile(
    r"(?i)\b(?P<subj>(?:i|we)\s+)?(?:(?:just|finally|sadly|recently)\s+)?(?:had\s+to\s+)?put\s+(?P<whose>my|our)\s+"
    r"(?:[a-z-]+\s+){0,2}?(?P<kind>"
    + "|".join(sorted(PET_KINDS, key=len, reverse=True))
    + r")(?:\s+(?P<name>(?-i:[A-Z])[a-z]+))?\s+(?:down|to\s+sleep)\b"
)


def put_down_plainly(sentence: str) -> str:
    """ "we had to put our cat down yesterday" -> "we had to put down our cat yesterday"."""
    if "put" not in sentence.lower():
        return sentence

    def said(m: re.Match[str]) -> str:
        name = f" {m.group('name')}" if m.group("name") and m.group("name") not in _NOT_A_NAME else ""
        subject = (m.group("subj") or "I ").strip()
        return f"{subject} had to put down {m.group('whose').lower()} {m.group('kind').lower()}{name}"

    return _PUT_DOWN.sub(said, sentence)


# Words before an animal's name that make it a food or a thing: "a hot dog", "a top dog", "a sea lion".
_NOT_AN_ANIMAL = _words("hot corn top under sea fat cool")


def pet_owned(slot: str, text: str) -> str | None:
    """The pet slot for a belonging that is an animal ("The user has a golden retriever", "own:golden-retriever" ->
    "pet:golden-retriever"); None for anything else ("own:dog-bed", "own:hot-dog", "their partner and their dog")."""
    if not slot.startswith("own:") or not re.match(r"The user has an? [\w -]+$", text) or " and " in text:
        return None
    words = slot[4:].split("-")
    if words[-1] not in PET_KINDS or words[0] in _NOT_AN_ANIMAL:
        return None
    return "pet:" + slot[4:]


# "a border collie, the kids named her Turnip", "a beagle. my daughter called him Waffles", "this scruffy lurcher and
# we called her Dot": an animal, then named by the user or their own people in the same breath. Said as "we have a
# collie named Turnip". Named by anyone else ("they", "my sister ... named him"), supposed, wished or asked, it is none.
_KIND_WORDS = "|".join(sorted(PET_KINDS, key=len, reverse=True))
_NAMED_BY_US = re.compile(
    r"(?i)\b(?:a|an|our|my|this)\s+(?:[a-z-]+\s+){0,2}?(?P<kind>" + _KIND_WORDS + r")\b(?P<mid>[^?]{0,40}?)"
    r"(?:\b(?:we|i|the\s+kids|my\s+(?:kids|son|daughter|partner|wife|husband|boyfriend|girlfriend|bf|gf))\s+"
    r"(?:(?:have|'ve|are|'re)\s+)?(?:named|called|calling)\s+(?:her|him|it)|\bcalling\s+(?:her|him|it)"
    r"|\b(?:his|her|its)\s+name(?:'s|\s+is))\s+(?P<name>(?-i:[A-Z])[a-z]+)\b"
)
# "meet Nala, our new rescue pup": the pet shown by its name.
_MEET = re.compile(
    r"(?i)\bmeet\s+(?P<name>(?-i:[A-Z])[a-z]+)\s*[,:-]+\s*(?:our|my)\s+(?:[a-z-]+\s+){0,2}?(?P<kind>"
    + _KIND_WORDS
    + r")\b"
)
_GATE_NAMED = re.compile(r"(?i)\b(?:(?:named|called|calling)\s+(?:her|him|it)|name(?:'s|\s+is)|meet)\s+(?-i:[A-Z])")
_SOMEONE_ELSES = re.compile(
    r"(?i)\b(?:sister|brother|mum|mom|dad|mother|father|friend|neighbou?r|cousin|aunt|uncle|parents|grandma|grandpa"
    r"|nan|boss|colleague|coworker|they|their|his|he|she|(?!it|that|there|here|what)[a-z]+['’]s)\b"
)
_NOT_HAD = re.compile(
    r"(?i)\b(?:if|would|will|'ll|should|maybe|might|want|wanna|gonna|going\s+to|thinking|considering|could)\b|\?"
)


def named_by_us(text: str) -> str:
    """ "we did, a border collie, the kids named her Turnip" -> "we did. we have a collie named Turnip"; anything
    else as said."""
    if not _GATE_NAMED.search(text):
        return text
    m = _NAMED_BY_US.search(text) or _MEET.search(text)
    if m is None or m.group("name") in _NOT_A_NAME:
        return text
    start = max(text.rfind(".", 0, m.start()), text.rfind("!", 0, m.start()), text.rfind("?", 0, m.start())) + 1
    before = text[start : m.start()]
    mid = m.groupdict().get("mid") or ""
    if _SOMEONE_ELSES.search(before) or _SOMEONE_ELSES.search(mid) or _NOT_HAD.search(text[start : m.end()]):
        return text
    kind = m.group("kind").lower()
    head = text[: m.start()].rstrip(" ,;:-")
    joint = "" if not head or head.endswith((".", "!", "?")) else "."
    said = f"we have {'an' if kind[0] in 'aeiou' else 'a'} {kind} named {m.group('name')}"
    # a time said between the animal and its name is when it was got: "a kitten on saturday, calling her Fig"
    when = births.time_said(mid) or births.time_said(before)
    if when:
        said = f"we got {'an' if kind[0] in 'aeiou' else 'a'} {kind} named {m.group('name')} {when}"
    return f"{head}{joint} {said}{text[m.end() :]}".lstrip()


# "had to say goodbye to our old cat Misty", "had to have our dog Bruno put to sleep", "our rabbit Clover crossed the
# rainbow bridge": a pet's death said gently, said as the rules read a death ("our cat Misty died"). A goodbye is a
# death only where nothing else is done after it ("said goodbye to my dog and left for work" is a morning).
_PET = (
    r"(?P<whose>our|my)\s+(?:(?:old|sweet|little|beautiful|beloved|poor|lovely|baby|boy|girl)\s+){0,2}(?P<kind>"
    + _KIND_WORDS
    + r")\b(?:\s+(?P<name>(?-i:[A-Z])[a-z]+)\b)?"
)
_GONE_GENTLY = (
    re.compile(
        r"(?i)\b(?:(?:had|have)\s+to\s+say|said|say(?:ing)?)\s+(?:our\s+|my\s+)?(?:last\s+|final\s+)?goodbyes?\s+to\s+"
        + _PET
    ),
    re.compile(r"(?i)\b(?:had\s+to\s+)?(?:have|had|get|got)\s+" + _PET + r"\s+put\s+(?:down|to\s+sleep)\b"),
    re.compile(r"(?i)\b" + _PET + r"\s+(?:crossed|went\s+over)\s+the\s+rainbow\s+bridge\b"),
)
_GATE_GONE = re.compile(r"(?i)\b(?:goodbye|goodbyes|put\s+(?:down|to\s+sleep)|rainbow\s+bridge)\b")
_DONE_AFTER = re.compile(r"(?i)\b(?:and|then|before|left|went|work|school|walk|trip|holiday)\b")


def pet_gone_said(text: str) -> str:
    """ "had to say goodbye to our old cat Misty yesterday" -> "our cat Misty died yesterday"; anything else as
    said."""
    if not _GATE_GONE.search(text):
        return text
    for pattern in _GONE_GENTLY:
        m = pattern.search(text)
        if m is None:
            continue
        start = max(text.rfind(".", 0, m.start()), text.rfind("!", 0, m.start()), text.rfind("?", 0, m.start())) + 1
        end = min((i for i in (text.find(c, m.end()) for c in ".!?\n") if i >= 0), default=len(text))
        sentence, rest = text[start:end], text[m.end() : end]
        if _SOMEONE_ELSES.search(text[start : m.start()]) or _NOT_HAD.search(sentence) or _DONE_AFTER.search(rest):
            return text
        name = m.group("name") if m.group("name") and m.group("name") not in _NOT_A_NAME else None
        pet = f"{m.group('whose').lower()} {m.group('kind').lower()}" + (f" {name}" if name else "")
        return f"{text[:start]}{' ' if start else ''}{pet} died{rest}{text[end:]}"
    return text


def pets_said(text: str) -> str:
    """A message with a pet named after its kind, and a pet's death said gently, in the forms the rules read."""
    return pet_gone_said(named_by_us(text))
