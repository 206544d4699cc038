"""First-person clauses, rewritten in the third person: the general layer under the extraction frames.

``rewrite`` reads the subject, the verb and the rest of an English clause the speaker says about
themselves ("I <verb> ...", "We <verb> ...", "My <thing> is ...", "Our <thing> <verb>s ...", "My <who>
and I <verb> ...") and states it as a fact about the speaker: the subject becomes "The user" (or the
speaker's name), the verb agrees with it by the general English rules (not a list of verbs), and the
pronouns of the rest follow ("my" -> "their"). Nothing here knows a phrasing; what may be said is
decided by the caller with ``clause_classifier`` (is this a fact, an ending, a change, or nothing?).

``thing_key`` names what a clause is about ("tennis", "fountain-pens") for the slot, so a later ending
("I gave up tennis") finds the fact it ends. Pure functions.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from shared.domain import needles
from shared.providers.offline import fact_lists, foreign_clauses, frames, place_names, work_forms
from shared.providers.offline.text_forms import PRONOUNS as _PRONOUNS
from shared.providers.offline.text_forms import join as _join
from shared.providers.offline.text_forms import third_person, third_singular
from shared.providers.offline.text_forms import words as _words

__all__ = [
    "IRREGULAR_PAST",
    "Statement",
    "activity",
    "after_label",
    "agree",
    "name_in_place",
    "plain",
    "split_predicates",
    "split_together",
    "is_first_person_verb",
    "rewrite",
    "rewrite_foreign",
    "split_foreign_conjuncts",
    "thing_key",
    "third_person",
    "used_to",
    "without_afterthought",
]


_ADVERBS = _words(
    "usually always often sometimes normally generally regularly also still really mostly mainly basically "
    "currently occasionally frequently actually just mostly typically pretty absolutely totally"
)
# Verbs whose clause is about something else than the speaker's life: a wish, a guess, a plan not yet real.
_NOT_STATING = _words(
    "would could should might may shall will wonder wish hope guess suppose think believe assume bet "
    "want need wanna gotta mean meant agree disagree understand see know forgot remember asked tried "
    "feel felt hear heard saw noticed can cannot can't couldn't won't never"
)
_AUX_AGREEMENT = {"am": "is", "are": "is", "were": "was", "have": "has", "do": "does", "'m": "is", "'re": "is"}
_KEEP = _words("was is has does can must did had")
IRREGULAR_PAST = _words(
    "went flew came got had ran met saw took gave bought made began became left drove won lost sold wrote "
    "read spent found told heard felt kept held brought caught taught fought broke chose spoke rode swam sang "
    "ate drank slept woke sent built paid quit hit cut put set grew knew threw wore led fed sat stood did"
)
_STOP = _words(
    "a an the my our their your his her its this that these those some any of in on at to for with from by "
    "and or but as is are was were be been being it they them there than so very really every each once twice "
    "times week weeks day days month months year years morning mornings evening evenings night nights weekend "
    "weekends monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays "
    "fridays saturdays sundays daily weekly monthly now lot lots bit little much many most more all "
    # the same function words in German, Spanish, French, Italian and Portuguese
    "der die das den dem des ein eine einen einem einer und in im am an auf mit von zu zum zur für "
    "el la los las un una unos unas y en de del al con por para mi su "
    "le les une et dans du au aux avec pour mon ma mes son sa ses "
    "il lo gli uno e di da nel nella sul sulla alla al con per mio mia suo sua "
    "o os as um uma em no na nos nas do da dos das ao aos com meu minha seu sua"
)
_AUXILIARIES = _words("is are was were has have had does do")
_TOGETHER = re.compile(
    r"^(?:my\s+(?P<who>[a-z]+)\s+and\s+i|me\s+and\s+my\s+(?P<who2>[a-z]+))\s+(?P<verb>[a-z']+)\b(?P<rest>.*)$",
    re.IGNORECASE,
)
# A few words before the subject ("work wise I am ...", "these days my car is ..."), but never a word that
# makes the clause a condition, a question or someone else's report.
_LEAD = re.compile(r"^(?P<lead>(?:[\w'-]+\s+){1,3}?)(?=(?:i|we|my|our)\s)", re.IGNORECASE)
_NOT_LEADS = _words(
    "if when whenever what how why where who which whether unless because that so maybe perhaps think guess "
    "said says told tells thinks wish hope suppose imagine pretend before after until once while though although "
    "and or but than like as do does did is are was were can could would should will you i we my our me"
)
# People whose lives are their own: "my friend plays the cello" is the friend's fact, not the user's.
_OTHERS = _words(
    "friend friends colleague colleagues coworker coworkers co-worker boss manager neighbour neighbor neighbours "
    "neighbors roommate flatmate housemate teacher doctor mate mates buddy pal classmate client clients customer "
    "customers landlord teammate teammates"
)
# A clause ends where a comma starts another thought ("my nan passed, not in the mood for jokes").
# So does "and" before another subject ("my tablet is a Lenovo and it lags": the lag is the tablet's).
_TAIL = re.compile(
    r"\s*(?:,|;|\s-\s|\s+(?:but|so|because|which|although|though|lol|haha)\b"
    r"|\s+and\s+(?:it|it's|its|they|they're|that|this|he|she|he's|she's)\b"
    r"|\s+and\s+(?:the|my|our|its|their)\s+\w+\s+(?:is|are|was|were|keeps?|kept)\b).*$",
    re.IGNORECASE,
)
_POINTING = _words("it them this that these those")
_SPEAKER = re.compile(r"^(?P<subj>i|we)\s+(?P<body>.+)$", re.IGNORECASE)
_WORD = re.compile(r"[\w'+#.-]+")
_SPACES = re.compile(r"\s+")
_ASCII_WORD = re.compile(r"[a-z']+")
_LETTERS = re.compile(r"[^\W\d_]+")
_USED_TO = re.compile(r"^(?:i|we)\s+used\s+to\s+(?P<verb>[a-z]+)\b(?P<rest>.*)$", re.IGNORECASE)
_NOW = re.compile(r"\b(?:now|these\s+days|nowadays|anymore|instead)\b", re.IGNORECASE)
_SECOND_PERSON = re.compile(r"\b(?:you|your|yours|u|ur)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Statement:
    """A clause about the speaker, in the third person."""

    text: str  # "The user plays tennis every Sunday"
    subject: str  # "i", "we", "my laptop", "my wife and i"
    verb: str  # the verb as shown ("plays", "is", "bought")
    base: str  # the verb as the speaker said it ("play", "am", "bought")
    rest: str  # what follows the verb, pronouns rewritten
    negated: bool  # "I do not ...", "I am not ..." (a denial or an ending, not a fact)
    said: str = ""  # the clause as read: without its lead-in words and trailing afterthought


def agree(verb: str) -> str:
    """A verb said after "I" or "we", as said after "the user": "play" -> "plays", "have" -> "has",
    "am" -> "is", "watch" -> "watches", "fly" -> "flies"; past forms and modals stay as they are."""
    lower = verb.lower()
    if lower not in _AUX_AGREEMENT and (
        lower in _KEEP or lower in IRREGULAR_PAST or lower.endswith("ed") or lower.endswith("n't")
    ):
        return lower
    return third_singular(lower, _AUX_AGREEMENT)


def rewrite(clause: str, subject: str = "The user") -> Statement | None:
    """The clause as a statement about the speaker, or None when it is not one: another subject, a
    wish or guess ("I think", "I would"), a clause addressed to the assistant ("you"), or no verb."""
    text = _SPACES.sub(" ", clause.strip(" ,;:.!"))
    if (lead := _LEAD.match(text)) and not set(lead.group("lead").lower().split()) & _NOT_LEADS:
        text = text[lead.end() :]
    text = _TAIL.sub("", text)
    if not text or _SECOND_PERSON.search(text):
        return None
    found = _rewrite(text, subject)
    return replace(found, said=text) if found else None


def _rewrite(text: str, subject: str) -> Statement | None:
    if together := _TOGETHER.match(text):
        verb = together.group("verb").lower()
        if verb in _NOT_STATING:
            return None
        rest = third_person(together.group("rest")).strip()
        who = (together.group("who") or together.group("who2")).lower()
        shown = {"am": "are", "was": "were"}.get(verb, verb)
        return Statement(_join(f"{subject} and their {who}", shown, rest), f"my {who} and i", shown, verb, rest, False)
    if possessed := _possessed(text):
        owner, thing, verb, said_rest = possessed
        if set(thing.lower().split()) & ({"and", "or", "i"} | _OTHERS):
            return None
        rest = third_person(said_rest).strip()
        return Statement(_join(f"{subject}'s {thing}", verb, rest), f"{owner} {thing.lower()}", verb, verb, rest, False)
    speaker = _SPEAKER.match(text)
    if not speaker:
        return None
    words = speaker.group("body").split()
    adverbs = []
    while words and words[0].lower() in _ADVERBS:
        adverbs.append(words.pop(0).lower())
    if not words:
        return None
    verb = words.pop(0).lower()
    negated = False
    if verb in ("do", "does", "did") and words and words[0].lower() == "not":
        words.pop(0)
        negated = True
        if not words:
            return None
        aux = "did" if verb == "did" else "does"
        verb = words.pop(0).lower()
        shown_verb = f"{aux} not {verb}"
    else:
        shown_verb = agree(verb)
    if verb in _NOT_STATING or not _ASCII_WORD.fullmatch(verb):
        return None
    if verb in ("am", "are", "have", "has", "was", "were") and words and words[0].lower() in ("not",):
        words.pop(0)
        negated = True
        shown_verb = f"{agree(verb)} not"
    if words and (words[0].lower() in _POINTING or words[-1].lower() in _POINTING):
        return None  # "I sell them at fairs", "we're hopeless at it": what "it" is was said elsewhere
    rest = third_person(" ".join(words)).strip()
    shown = " ".join([*adverbs, shown_verb])
    return Statement(_join(subject, shown, rest), speaker.group("subj").lower(), shown_verb, verb, rest, negated)


def _possessed(text: str) -> tuple[str, str, str, str] | None:
    """ "My <thing> <verb> <rest>": (owner, thing, verb, rest), the thing being the fewest words (one to
    three) before a word that reads as its verb: an auxiliary, a lowercase "-s" or past form, or, after a
    plural thing ("my grandparents live ..."), a known base verb. A capitalised word is a name, never the
    verb ("my parents live in Lagos")."""
    words = text.split()
    if len(words) < 3 or words[0].lower() not in ("my", "our"):
        return None
    for size in range(1, min(4, len(words) - 1)):
        thing, candidate = " ".join(w if w[:1].isupper() else w.lower() for w in words[1 : size + 1]), words[size + 1]
        lower = candidate.lower()
        plural = thing.endswith("s") and not thing.endswith("ss")
        if lower in _AUXILIARIES or (
            candidate.islower()
            and _ASCII_WORD.fullmatch(lower)
            and (
                (lower.endswith("s") and not lower.endswith("ss") and not plural)
                or lower.endswith("ed")
                or lower in IRREGULAR_PAST
                or (plural and lower in _BASE_VERBS)
            )
        ):
            return words[0].lower(), thing, lower, " ".join(words[size + 2 :])
        if (
            lower in _ADVERBS
            and size + 2 < len(words)
            and (found := _possessed(" ".join(words[: size + 1] + words[size + 2 :])))
        ):
            return found  # "my son Leo just started school"
    return None


# Verbs said after a plural subject or after "and" in a second predicate ("... but hate crowds").
_BASE_VERBS = BASE_VERBS = frames.ALL_VERBS | _words(
    "love like hate adore enjoy dislike loathe detest prefer live work go sell make own run teach coach "
    "speak study attend visit"
)
# "I'd prefer ...", "got myself a ...", "I'm on a Pixel 7": said another way, the statement is the plain one.
_PLAIN = (
    # "in my second year of a nursing degree at King's": studying it there
    (
        re.compile(
            r"^(?:i\s+am\s+)?(?:currently\s+)?in\s+my\s+\w+\s+year\s+(?:of|at)\s+(?:an?\s+|my\s+)?(?P<what>[\w' -]+?)"
            r"(?:\s+degree|\s+course|\s+programme|\s+program)?(?=\s+at\s+|$)",
            re.IGNORECASE,
        ),
        r"I study \g<what>",
    ),
    # "work calendar is Outlook": a thing of work or home said without "my"
    (
        re.compile(
            r"^(?=(?:work|home|family|personal|office)\s+[a-z-]+\s+(?:is|are)\s+(?:an?\s+|the\s+)?(?-i:[A-Z]))",
            re.IGNORECASE,
        ),
        "my ",
    ),
    # "finally settled in Edinburgh": where one has settled is where one lives
    (
        re.compile(
            r"^(i|we)\s+(?:have\s+)?(?:(?:finally|now|all|just)\s+)*(?:got\s+)?settled\s+in\s+(?=(?-i:[A-Z]))",
            re.IGNORECASE,
        ),
        r"\1 live in ",
    ),
    (re.compile(r"\b(i|we)\s+would\s+(?:much\s+)?prefer\b(?!\s+(?:to|if|that|not|it)\b)", re.IGNORECASE), r"\1 prefer"),
    (re.compile(r"\b(got|bought|treated)\s+(?:myself|ourselves)\b(?:\s+to\b)?", re.IGNORECASE), r"\1"),
    # "my car, a Seat Leon": a thing and what it is, in apposition
    (
        re.compile(r"^((?:my|our)\s+[\w-]+(?:\s+[\w-]+)?),\s+(?=(?:an?|the)\s+(?-i:[A-Z0-9])[^,]*$)", re.IGNORECASE),
        r"\1 is ",
    ),
    # "I went with SQLite", "we ended up going with Vue": a choice made
    (
        re.compile(r"\b(i|we)\s+(?:went|ended\s+up\s+going|have\s+gone)\s+with\s+(?=(?-i:[A-Z]))", re.IGNORECASE),
        r"\1 chose ",
    ),
    # "got relocated to the Singapore office", "was transferred to Leeds": moved there
    (
        re.compile(
            r"\b(?:i\s+)?(?:got|was|have\s+been|am\s+being)\s+(?:relocated|transferred|posted)\s+to\s+(?=(?-i:[A-Z]))",
            re.IGNORECASE,
        ),
        "I moved to ",
    ),
    # "my laptop's a 2019 MacBook": the "'s" of a thing is its "is"
    (
        re.compile(r"^((?:my|our)\s+[\w-]+(?:\s+[\w-]+)?)'s\s+(?=(?:an?|the|my|our)\s|\d|(?-i:[A-Z]))", re.IGNORECASE),
        r"\1 is ",
    ),
    # "I'm a Neovim user", "we're an Azure shop": being a user of a named thing is using it
    (
        re.compile(
            r"^(i|we)\s+(?:am|are)\s+(?:an?\s+)?(?:(?:big|happy|long-?time|heavy|daily|die-?hard|loyal)\s+)?"
            r"(?P<n>(?-i:[A-Z0-9])[\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?)\s+(?:user|shop)\b",
            re.IGNORECASE,
        ),
        r"\1 use \g<n>",
    ),
    # "I'd take mountains over beaches": a choice between two is a preference
    (
        re.compile(r"\b(i|we)\s+would\s+(?:always\s+)?(?:take|pick|choose)\s+(?=\S.*\s+over\s)", re.IGNORECASE),
        r"\1 prefer ",
    ),
    # "spicy food is my absolute favourite": a favourite with no kind named is a love
    (
        re.compile(
            r"^(?!(?:i|we|my|our|it|this|that)\s)(?P<x>[\w' -]+?)\s+(?:is|are)\s+my\s+"
            r"(?:absolute\s+|all[- ]time\s+)?(?:favou?rites?|jam|thing)\s*$",
            re.IGNORECASE,
        ),
        r"I love \g<x>",
    ),
    (
        re.compile(
            r"^(i|we)\s+(?:am|are)\s+(?:(?:currently|now|still|mostly|mainly)\s+)?on\s+(?=(?:an?\s+|the\s+|my\s+|our\s+)?"
            r"(?-i:[A-Z0-9])[\w.+-]*[\w+](?<!monday)(?<!tuesday)(?<!wednesday)(?<!thursday)(?<!friday)"
            r"(?<!saturday)(?<!sunday)\b)",
            re.IGNORECASE,
        ),
        r"\1 use ",
    ),
)


_GERUND_TO_PAST = {
    "switching": "switched",
    "migrating": "migrated",
    "moving": "moved",
    "changing": "changed",
    "going": "went",
}


def _moved_to_town(m: re.Match[str]) -> bool:
    """ "I moved over to Galway": "moved over", with nothing said as moved, to a town known by name (a name not
    known stays a switch, as "we moved over to Linear" is)."""
    if (m.group(1) or "").lower() != "moved" or m.group("obj"):
        return False
    words = m.string[m.end() :].split()[1:4]
    return any(place_names.is_known_town(" ".join(words[:n]).strip(".,;:!?")) for n in range(1, len(words) + 1))


_PLAIN_CHANGES = (
    # "we moved everything over to Asana", "migrated it all to Hetzner": the whole setup moved, not the speaker
    (
        re.compile(
            r"\b(moved|migrated|switched|changed)\s+(?P<obj>(?:everything|it\s+all|all\s+of\s+it|all|us|the\s+team|"
            r"it|them|(?:my|our)\s+stuff)\s+)?over\s+(?=to\b)|\b(moved|migrated|switched)\s+(?:everything|it\s+all"
            r"|all\s+of\s+it|(?:my|our)\s+stuff)\s+(?=to\b)",
            re.IGNORECASE,
        ),
        # "I moved over to Galway": a person moved to a known town, with nothing carried over
        lambda m: "moved " if _moved_to_town(m) else "switched ",
    ),
    # "upgraded to an iPhone 15", "jumped ship to Bitwarden", "went over to Linux": a change to the new one
    (
        re.compile(r"\b(?:upgraded|downgraded|jumped\s+ship|went\s+over|converted|defected)\s+(?=to\b)", re.IGNORECASE),
        lambda m: "switched ",
    ),
    # "we ended up migrating to Postgres": what was done in the end
    (
        re.compile(r"\b(?:ended\s+up|wound\s+up)\s+(switching|migrating|moving|changing|going)\b", re.IGNORECASE),
        lambda m: _GERUND_TO_PAST[m.group(1).lower()],
    ),
)


# "you still live in Leeds?" - "yeah": the answer read as "I'm live in Leeds"; a verb after "am" is the verb.
_AM_VERB = re.compile(
    r"^(i|we)\s+(?:am|are)\s+(?:still\s+)?(?=(?:live|work|use|play|own|teach|study|speak|drive|coach|commute"
    r"|volunteer|practise|practice|attend)\s)",
    re.IGNORECASE,
)


_NAMED_AFTER = (
    (
        re.compile(r",?\s+(?:and\s+)?(?:she|he|it|they)(?:\s+is|\s+are|'s|'re)\s+(called|named)\b", re.IGNORECASE),
        r" \1",
    ),
    (re.compile(r",?\s+(?:and\s+)?(?:her|his|its|their)\s+names?\s+(?:is|are)\b", re.IGNORECASE), " named"),
    # "I got a puppy, a corgi called Waffle": the name of the one just said
    (re.compile(r",\s+an?\s+(?:[\w-]+\s+){0,2}?(called|named)\b", re.IGNORECASE), r" \1"),
    # "I have a cat too, Zoltan, ...": a name right after what one has
    (
        re.compile(
            r"\b((?:have|has|got|adopted|rescued)\s+an?\s+(?:[\w-]+\s+){0,2}?[a-z]+)(?:\s+too|\s+as\s+well)?,\s+"
            r"((?-i:[A-Z])[a-z'-]+)(?=\s*(?:[,.!?]|$))",
            re.IGNORECASE,
        ),
        r"\1 named \2",
    ),
)


_LABEL = re.compile(r"^(?!(?:my|our|i|we)\b)(?P<label>[^:]{1,60}?)\s*:\s+(?P<said>\S.*)$", re.IGNORECASE)


_ABOUT_ME = re.compile(r"\b(?:about\s+me|intro|introduction|myself|me\s+in\s+brief|who\s+i\s+am)\b", re.IGNORECASE)
_ITEMS = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+(?=(?:i|my)\b)", re.IGNORECASE)
# An item that says its own subject, or that the clause layer gives one ("living in Oslo" -> "I am living ...").
_SAYS_WHO = re.compile(r"^(?:i|i'm|im|my|we|we're|our|living|working|based)\b", re.IGNORECASE)
_COUNTED = re.compile(r"^(?:an?|one|two|three|four|five|six|\d+)\s+(?!years?\b|y/?o\b)[a-z]", re.IGNORECASE)


def after_label(sentence: str, is_role: Callable[[str], bool] | None = None) -> list[str]:
    """ "heads up for future recipes: not vegan anymore" -> the label and what it introduces, apart: a
    short label before a colon ("update:", "setup:", "things to know about me:") is no part of the
    statement ("my favourite bands: ..." keeps its colon: the label is the speaker's own thing)."""
    m = _LABEL.match(sentence)
    labelled = m is not None and len(m.group("label").split()) <= 7
    label, said = (m.group("label"), m.group("said")) if m and labelled else ("", sentence)
    # "28, software tester, based in Arnhem": a card that opens with the age needs no label (fact_lists)
    card = fact_lists.age_card(said, is_role)
    if not (labelled and _ABOUT_ME.search(label)) and card is None:
        if not labelled:
            return [sentence]
        return [label, *(fact_lists.labelled_items(label, said) or [said])]  # "hobbies: climbing, chess"
    # "things to know about me: left-handed, colourblind, and I hate calls": each item is what the speaker is
    items = [i.strip() for i in _ITEMS.split(card or said) if i.strip()]
    return [
        *([label] if labelled else []),
        *(
            i
            if _SAYS_WHO.match(i)
            else (is_role and (work_forms.card_item(i, is_role) or fact_lists.role_item(i, is_role)))
            or f"I {'have' if _COUNTED.match(i) else 'am'} {i}"
            for i in items
        ),
    ]


# "my go-to editor used to be Sublime but these days it's all Zed": a change of one's thing, said as a
# before and a now.
_USED_TO_BE = re.compile(
    r"^(?P<lead>.*?\b)?(?P<owner>my|our)\s+(?P<thing>[\w-]+(?:\s+[\w-]+)?)\s+used\s+to\s+be\s+(?P<old>[^,]+?),?\s+but\s+"
    r"(?:now|these\s+days|nowadays)\s*,?\s+(?:it's|it\s+is|its)\s+(?:all\s+)?(?P<new>[^,.!?]+)",
    re.IGNORECASE,
)


def name_in_place(sentence: str) -> str:
    """ "I adopted a greyhound, she's called Pixie" -> "I adopted a greyhound called Pixie": a name given
    in a second clause about the same one ("her name is Sofia") is read where the first clause names it."""
    sentence = needles.sub_each(_NAMED_AFTER, sentence)
    return needles.sub_if_possible(
        _USED_TO_BE,
        lambda m: (
            f"{m.group('lead') or ''}I switched {m.group('owner')} {m.group('thing')} from {m.group('old')} to "
            f"{m.group('new')}"
        ),
        sentence,
    )


_RATHER = re.compile(
    r"\b(i|we)\s+would\s+(?:much\s+)?rather\s+(?P<verb>[a-z]+)\s+(?P<what>.+?)\s+than\s+(?P<alt>.+)$", re.IGNORECASE
)


def _rather(m: re.Match[str]) -> str:
    """ "I would rather have a night in than go out" -> "I prefer having a night in over going out"."""
    if m.group("verb").lower() in ("not", "be", "die", "just"):
        return m.group(0)
    alt = re.sub(r"^([a-z]+)\b", lambda v: frames.gerund(v.group(1)), m.group("alt"))
    return f"{m.group(1)} prefer {frames.gerund(m.group('verb'))} {m.group('what')} over {alt}"


def plain(clause: str) -> str:
    """The clause in its plain first-person wording: "I would prefer short replies" -> "I prefer short
    replies", "I got myself a kayak" -> "I got a kayak", "I am on a Pixel 7" -> "I use a Pixel 7" (a
    named device or system one is on is one in use; "on a train", "on a break" stay as they are)."""
    # Each pattern only where the clause holds a word it needs: most clauses need none of these rewrites.
    return needles.sub_each((*_PLAIN, *_PLAIN_CHANGES, (_RATHER, _rather), (_AM_VERB, r"\1 ")), clause)


_ASKING = _words("do does did can could will would should is are am was were have has")
_CONJUNCT = re.compile(
    r"(?:(?P<comma>\s*,\s*)(?!and\s|but\s)|\s*,?\s+(?:and|but)\s+)"
    r"(?:(?:then|now|also|still|just|usually|mostly|even|really|since\s+then)\s+)?"
    r"(?=(?P<verb>[a-z]+)\s+(?P<next>\S+))"
)
# Someone else's clause keeps its verbs: "my sister moved to Leeds and joined a band" is the sister's.
_OTHER_SUBJECT = re.compile(r"^(?:my|our|his|her|their|the|a|an|this|that|it|he|she|they|you)\s", re.IGNORECASE)


_TOGETHER_SUBJECT = re.compile(
    r"^(?:me\s+and\s+(?P<a>my\s+[a-z]+)(?:\s+(?P<an>(?-i:[A-Z])[\w'-]+))?|(?P<b>my\s+[a-z]+)(?:\s+(?P<bn>(?-i:[A-Z])[\w'-]+))?"
    r"\s+and\s+i)\s+(?!(?:have\s+|just\s+|finally\s+|recently\s+|officially\s+)*(?:broke|broken|split|separated|divorced"
    r"|got\s+(?:married|engaged|divorced)|are\s+(?:married|engaged|dating|together|divorced|separated|getting|no\s+longer)"
    r"|have\s+been\s+(?:married|engaged|dating|together)|met|moved\s+in\s+together|married)\b)(?P<rest>\S.*)$",
    re.IGNORECASE,
)


def split_together(clause: str) -> list[str]:
    """ "Me and my husband Raj just bought a house" -> ["my husband Raj", "we just bought a house"]: who the
    speaker does it with, and what they do together. A reciprocal verb ("my wife and I split up") stays whole:
    it is about the two of them."""
    m = _TOGETHER_SUBJECT.match(clause)
    if m is None or (who := m.group("a") or m.group("b")).split()[1].lower() in _OTHERS:
        return [clause]
    name = m.group("an") or m.group("bn")
    # Without a name the mention stays unsaid: "has a wife" would replace an earlier "my wife is Ana".
    return [f"{who} {name}", f"we {m.group('rest')}"] if name else [f"we {m.group('rest')}"]


def split_predicates(clause: str) -> list[str]:
    """ "I love jazz but hate opera" -> ["I love jazz", "I hate opera"]: after "and"/"but", a verb with
    no subject of its own shares the clause's subject. The verb must read as one (a known base verb, a
    past form) and be written in lowercase ("I use Python and Go daily" keeps its Go)."""
    if _OTHER_SUBJECT.match(clause):
        return [clause]
    subject = "we" if clause[:3].lower() == "we " else "I"
    parts: list[str] = []
    start = 0
    for m in _CONJUNCT.finditer(clause):
        verb = m.group("verb")
        past = verb.endswith("ed") and len(verb) > 4 or verb in IRREGULAR_PAST
        if verb in _ASKING and m.group("next").lower() in ("i", "you", "we", "he", "she", "it", "they"):
            continue  # "..., do I have to re-register it?" asks
        if m.group("comma"):
            past = False  # "..., loved it": after a bare comma only a present verb starts a predicate
        if m.start() <= start or not (verb in _BASE_VERBS or past or verb in ("am", "have", "own", "speak", "study")):
            continue
        parts.append(clause[start : m.start()])
        start = m.end()
    if not parts:
        return [clause]
    parts.append(clause[start:])
    return [parts[0], *(f"{subject} {p.strip()}" for p in parts[1:] if p.strip())]


_RHYTHM = re.compile(
    r"\b(?:every|each|most|daily|weekly|monthly|weekends?|weekdays?|twice|once|times|(?:mon|tues|wednes|thurs|fri"
    r"|satur|sun)days)\b",
    re.IGNORECASE,
)


def activity(statement: Statement) -> str:
    """ "I paddle most weekends": an activity said by its verb alone, with a rhythm, is what the clause is
    about ("paddling"); "" for anything else (a verb with an object, an auxiliary, a one-off)."""
    verb = statement.base
    if statement.subject not in ("i", "we") or thing_key(statement.rest) or not _RHYTHM.search(statement.rest):
        return ""
    if verb in _AUXILIARIES or verb in _KEEP or verb in IRREGULAR_PAST or verb.endswith("ed") or verb in _NOT_STATING:
        return ""
    return frames.gerund(verb)


def without_afterthought(clause: str) -> str:
    """The clause without what a comma, "but", "and it ..." adds: "my bike is a Brompton and it rattles"
    -> "my bike is a Brompton"."""
    return _TAIL.sub("", clause)


def used_to(clause: str, subject: str = "The user") -> Statement | None:
    """ "I used to play in a band": what the speaker did before and does no longer, as the negated
    statement ("The user no longer plays in a band"). None when the clause goes on to the new value
    ("..., but now ..."): that is a change, which the change frames read."""
    m = _USED_TO.match(clause.strip(" ,;:.!"))
    if not m or _NOW.search(m.group("rest")):
        return None
    verb = m.group("verb").lower()
    rest = third_person(_TAIL.sub("", m.group("rest"))).strip()
    if verb in _NOT_STATING or not rest:
        return None
    shown = "is no longer" if verb == "be" else f"no longer {agree(verb)}"
    return Statement(_join(subject, shown, rest), "i", shown, verb, rest, True)


def thing_key(phrase: str, limit: int = 3) -> str:
    """The content words of a phrase, as a slot key: "the tennis club on Sundays" -> "tennis-club"."""
    words = [w.lower().strip(".'") for w in _WORD.findall(phrase)]
    kept = [w for w in words if w and w not in _STOP and w not in _PRONOUNS and not w.isdigit()]
    return "-".join(kept[:limit])


# --- German, Spanish, French, Italian, Portuguese ---------------------------------------------------

_FOREIGN_PRONOUN = {
    "de": re.compile(r"^ich\s+", re.IGNORECASE),
    "es": re.compile(r"^yo\s+", re.IGNORECASE),
    "fr": re.compile(r"^(?:je\s+|j')", re.IGNORECASE),
    "it": re.compile(r"^io\s+", re.IGNORECASE),
    "pt": re.compile(r"^eu\s+", re.IGNORECASE),
}
# First-person singular forms that do not end as the regular ones do.
_FIRST_PERSON_IRREGULAR = {
    "es": _words("soy estoy voy doy sé"),
    "it": _words("sono sto ho so do"),
    "pt": _words("sou estou vou dou sei"),
    "de": _words("bin habe kann mag weiß muss will darf"),
    "fr": frozenset(),
}
# Verbs whose clause is not a statement of the speaker's life: wishes, guesses, needs, thanks.
_FOREIGN_NOT_STATING = _words(
    "quiero quisiera necesito creo pienso espero busco puedo podría gustaría agradezco "
    "voglio vorrei devo penso credo spero cerco posso potrei ringrazio "
    "quero queria preciso acho penso espero procuro posso poderia agradeço "
    "veux voudrais dois pense crois espère cherche peux pourrais remercie "
    "will möchte muss denke glaube hoffe suche kann könnte brauche danke weiß"
)
_FOREIGN_POSSESSIVES = {
    "es": {"mi": "su", "mis": "sus"},
    "it": {"mio": "suo", "mia": "sua", "miei": "suoi", "mie": "sue"},
    "pt": {"meu": "seu", "minha": "sua", "meus": "seus", "minhas": "suas"},
    "fr": {"mon": "son", "ma": "sa", "mes": "ses"},
    "de": {"mein": "sein", "meine": "seine", "meinen": "seinen", "meinem": "seinem", "meiner": "seiner"},
}
# "estar" and its kin say how or where someone is for now; "be" + "in/at" says where they are today.
_PASSING_STATE = _words("estoy estou sto")
_HAVE_VERBS = _words("tengo ho tenho ai habe")
_DEFINITE = _words("el la los las il lo gli le i l' le les o a os as der die das den")
_BE = _words("sono soy sou suis")  # not German "bin": "ich bin in Rente" is a lasting state
_LOCATIVE = _words("a in en à au aux em no na nel nella im am bei auf chez")
_FOREIGN_ADVERBS = _words(
    "maintenant désormais ora adesso ahora ya agora já jetzt gerade noch still encore ancora todavía ainda"
)
# Words that follow a subject, not a first-person verb: "Marco è ...", "Lucía está ...", "Anna a ..."
_THIRD_PERSON_NEXT = _words("è ha sono hanno e ed es está tiene son están y é tem são está est a ont sont et")
_FOREIGN_REFLEXIVE = re.compile(r"^(?:me|mi|m'|mich|mir)\b", re.IGNORECASE)
# A sentence adverb before a subjectless verb ("adesso lavoro in banca", "ahora vivo en Lugo"): read as the verb
# it would give "L'utente adessa lavoro ..."; it says when, and the verb after it is the clause's.
_LEAD_ADVERB = {
    "it": re.compile(r"^(?:adesso|ora|ormai|oggi|spesso|sempre)\s*,?\s+(?!non\b)", re.IGNORECASE),
    "es": re.compile(r"^(?:ahora|hoy|siempre|todavía|todavia)\s*,?\s+(?!no\b)", re.IGNORECASE),
    "pt": re.compile(r"^(?:agora|hoje|sempre|ainda)\s*,?\s+(?!não\b|nao\b)", re.IGNORECASE),
}
_GERMAN_REFLEXIVE = {"mich": "sich", "mir": "sich"}  # "ich ernähre mich vegan" -> "ernährt sich"


def is_first_person_verb(word: str, language: str) -> bool:
    """Whether a word reads as a first-person singular verb of ``language`` (see ``_first_person_form``)."""
    return _first_person_form(word.lower(), language)


def _first_person_form(word: str, language: str) -> bool:
    """Whether a word reads as a first-person singular verb: Romance "-o" ("vivo", "lavoro", "moro"),
    German "-e" after "ich" ("spiele"), any verb after French "je", or a known irregular form."""
    if not _LETTERS.fullmatch(word) or word in _NOT_VERBS:
        return False
    if word in _FIRST_PERSON_IRREGULAR.get(language, ()):
        return True
    if language == "fr" and word in _FR_DETERMINERS:
        return False  # "(j'ai deux enfants) et un chien": a noun phrase, not a verb
    if language in ("es", "it", "pt"):
        return word.endswith("o") and len(word) > 3
    if language == "de":
        return word.endswith("e") and len(word) > 3
    return language == "fr"


# Words that end as a first-person verb does but are none: pronouns, determiners, adverbs.
_NOT_VERBS = _words(
    "todo toda mucho poco otro cuando como cuanto tanto nuevo primero segundo nuestro vuestro suyo tuyo mismo "
    "algo nada dentro fuera medio esto eso aquello solo "
    "questo quello molto tanto quanto nuovo primo secondo nostro vostro tutto come dentro fuori solo "
    "muito pouco outro quando quanto novo primeiro nosso vosso mesmo isto isso aquilo "
    # sentence adverbs and interjections that end as a verb does
    "purtroppo davvero spesso troppo certo proprio almeno appunto soprattutto intanto ovvio infatti "
    "claro pronto luego bueno encima seguro cierto sobre tampoco "
    "logo certo junto pronto "
    "die eine keine meine deine seine ihre unsere eure diese jede alle beide viele wenige andere manche welche"
)
_WE_REFLEXIVES = _words("nos ci uns nous on")
_FR_DETERMINERS = _words(
    "un une le la les des du de d l mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs ce cet cette ces "
    "quelques plusieurs deux trois quatre cinq six beaucoup peu"
)
_AND = {"de": "und", "es": "y|e", "fr": "et", "it": "e|ed", "pt": "e"}
_AND_SPLIT = {lang: re.compile(rf"\s*,?\s+(?:{words})\s+", re.IGNORECASE) for lang, words in _AND.items()}
_SUBJECT_PRONOUN = {"de": "ich ", "fr": "je "}


def split_foreign_conjuncts(clause: str, language: str) -> list[str]:
    """ "Lavoro in una libreria e suono il violino" -> two clauses: a second verb phrase after "and"
    whose verb is in the first person shares the first clause's subject ("und spiele Handball" ->
    "ich spiele Handball"). Anything else after "and" stays with its clause ("pane e burro")."""
    splitter = _AND_SPLIT.get(language)
    if splitter is None:
        return [clause]
    pieces = splitter.split(clause)
    conjunction = _AND[language].split("|")[0]
    parts = [pieces[0]]
    for piece in pieces[1:]:
        said_first = piece.split(" ", 1)[0]
        first = said_first.lower()
        if said_first[:1].isupper():
            parts[-1] = f"{parts[-1]} {conjunction} {piece}"  # "Lola y Bruno": a name, never a verb
            continue
        pronoun = _FOREIGN_PRONOUN[language].match(piece)
        following = piece[pronoun.end() :].split(" ", 1)[0] if pronoun else ""
        if pronoun and (foreign_clauses.is_plural_verb(following, language) or following.lower() in _WE_REFLEXIVES):
            pronoun = None  # "Lena und ich wohnen ...": "I" is half of the subject, not a new clause
            parts[-1] = f"{parts[-1]} {conjunction} {piece}"
            continue
        shared = _HAVE_HEAD[language].match(parts[0])
        if shared and first in _DETERMINERS[language]:
            # "J'ai deux enfants et un chien", "Tengo un gato y dos perros": the second thing is had too
            parts.append(f"{shared.group(0)} {piece}")
        elif pronoun or (
            # "parlo tedesco e spagnolo": a language named after "and" ends in -o but is no verb
            first not in _FOREIGN_NOT_STATING
            and not foreign_clauses.is_language_name(first)
            and _first_person_form(first, language)
        ):
            parts.append(piece if pronoun else _SUBJECT_PRONOUN.get(language, "") + piece)
        else:
            parts[-1] = f"{parts[-1]} {conjunction} {piece}"
    return parts


# "have" said first in a clause, and the words a thing's noun phrase starts with
_HAVE_HEAD = {
    "de": re.compile(r"^(?:ich|wir)\s+(?:habe|haben)\b", re.IGNORECASE),
    "es": re.compile(r"^(?:yo\s+)?(?:tengo|tenemos)\b", re.IGNORECASE),
    "fr": re.compile(r"^(?:j'ai|nous\s+avons|on\s+a)\b", re.IGNORECASE),
    "it": re.compile(r"^(?:io\s+)?(?:ho|abbiamo)\b", re.IGNORECASE),
    "pt": re.compile(r"^(?:eu\s+)?(?:tenho|temos)\b", re.IGNORECASE),
}
_DETERMINERS = {
    "de": _words("ein eine einen einem zwei drei vier fünf"),
    "es": _words("un una unos unas dos tres cuatro cinco"),
    "fr": _words("un une des deux trois quatre cinq"),
    "it": _words("un una uno un' due tre quattro cinque"),
    "pt": _words("um uma uns umas dois duas três quatro cinco"),
}


def rewrite_foreign(
    clause: str, language: str, subject: str, third_person_verb: Callable[[str, str], str]
) -> Statement | None:
    """A first-person singular clause in German or a Romance language, in the third person:
    "Colecciono sellos antiguos" -> "El usuario colecciona sellos antiguos". The verb is recognised
    by its first-person form (Romance "-o", German "ich ...-e", French "je ..."), so no verb list is
    needed; ``third_person_verb(verb, language)`` gives its third person. Possessives follow ("mi" ->
    "su"). None for anything else: another subject, a reflexive verb, a wish or a question."""
    text = _SPACES.sub(" ", clause.strip(" ,;:.!¡¿"))
    pronoun = _FOREIGN_PRONOUN.get(language)
    if pronoun is None or not text or "?" in text or foreign_clauses.imagined(text, language):
        return None
    text = foreign_clauses.normalised(text, language)
    had_pronoun = bool(pronoun.match(text))
    body = pronoun.sub("", text, count=1)
    if language in _LEAD_ADVERB:
        body = _LEAD_ADVERB[language].sub("", body, count=1)
    if language in ("de", "fr") and not had_pronoun:
        return None  # German and French say their subject: without "ich"/"je" it is someone else's clause
    if _FOREIGN_REFLEXIVE.match(body):
        return None
    if foreign_clauses.parse_past(text, language) is not None:
        return None  # "ho venduto ...", "vendí ...": an event, read by foreign_clauses, never a present fact
    verb, _, rest = body.partition(" ")
    lower = verb.lower()
    if rest.split(" ", 1)[0].lower() in _THIRD_PERSON_NEXT:
        return None  # "Bricco è morto", "Marco vive a Roma": a name, not a verb in the first person
    if lower in _HAVE_VERBS and rest.split(" ", 1)[0].lower() in _DEFINITE:
        return None  # "tengo el día libre", "ho la febbre": what the user has today, not a belonging
    after = [w for w in rest.lower().split() if w not in _FOREIGN_ADVERBS][:1]
    if lower in _PASSING_STATE or (lower in _BE and after and after[0] in _LOCATIVE):
        return None  # "estoy cansada", "sono a Roma per lavoro": where or how the user is today
    if lower in _FOREIGN_NOT_STATING or not rest or not _first_person_form(lower, language):
        return None
    swaps = _FOREIGN_POSSESSIVES[language] | (_GERMAN_REFLEXIVE if language == "de" else {})
    rest = _LETTERS.sub(lambda m: swaps.get(m.group(0).lower(), m.group(0)), _TAIL.sub("", rest))
    shown = third_person_verb(verb, language)
    return Statement(_join(subject, shown, rest), "i", shown, lower, rest.strip(), False, said=text)
