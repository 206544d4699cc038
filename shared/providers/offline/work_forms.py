"""The forms in which people say what they do for work, read as a form, whatever the job, the place or the tool:

- a living: "I do plumbing for a living", "i drive a truck for a living" (the occupation);
- a line of work: "I'm in finance", "I work in IT", "my job is accounting" (the industry, or the occupation said
  by what is done);
- a place of work: "I work in Amsterdam" (where the user works, not a line of work nor where they live);
- teaching: "I teach math at Lincoln High" (the occupation);
- a state kept up for a stated time, said after the statement: "I'm a teacher, have been for 10 years" is "I have
  been a teacher for 10 years" (read by held_states);
- a team as the subject: "my team's switching to Linear", "the team I'm on uses Rust", "our frontend's built with
  React" (what "we" do at work).

Pure functions over one clause (lead-ins and the date phrase removed, "I'm" written "I am"). Each form is
anchored at the clause's start, so a clause that opens otherwise costs one failed match.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from shared.providers.offline.job_titles import names_no_job
from shared.providers.offline.text_forms import bare_verb, third_person, third_singular


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


class WorkStatement(NamedTuple):
    text: str  # the fact, third person
    slot: str
    value: str


# Lines of work, as people name them after "I'm in" / "I work in" / "my job is". A word outside the list is
# not taken for one ("I'm in love", "I'm in trouble", "I'm in Lisbon").
_INDUSTRIES = _words(
    """
    finance banking insurance fintech accounting audit tax consulting law legal tech it software hardware
    healthcare medicine nursing pharma pharmaceuticals biotech research academia education teaching sales
    marketing advertising pr hr recruiting recruitment retail hospitality tourism logistics shipping transport
    construction manufacturing engineering energy mining aviation defence defense government politics media
    journalism publishing film tv television music gaming games fashion design architecture agriculture farming
    telecoms telecom telecommunications cybersecurity security insurtech proptech ecommerce e-commerce
    real-estate property nonprofits charity admin administration operations ops support customer-service
    """
)
_TWO_WORD_INDUSTRIES = frozenset(
    (
        "real estate",
        "health care",
        "social work",
        "customer service",
        "customer support",
        "public sector",
        "the public sector",
        "private equity",
        "venture capital",
        "oil and gas",
        "data science",
        "machine learning",
        "civil service",
        "the civil service",
        "supply chain",
        "higher education",
        "social media",
    )
)
_SECTOR = _rx(r"^(?:the\s+)?(?P<v>[\w-]+(?:\s+[\w-]+)?)\s+(?:industry|sector|business|field|world|space)$")


def industry_named(value: str) -> str | None:
    """The line of work ``value`` names ("finance", "the tech industry" -> "tech"), or None."""
    value = re.sub(r"\s+", " ", value.strip())
    lower = value.lower()
    if lower in _INDUSTRIES or lower in _TWO_WORD_INDUSTRIES:
        return value
    if (sector := _SECTOR.match(value)) is not None:
        return sector.group("v")
    return None


_NOW = (
    r"(?:\s+(?:now|these\s+days|nowadays|currently|at\s+the\s+moment|right\s+now|rn|atm|full[-\s]time"
    r"|part[-\s]time))?"
)
_ADVERBS = r"(?:(?:now|currently|still|also|actually|basically|mostly|mainly|just)\s+)?"

# "I'm in finance", "I work in IT", "I'm working in the tech industry now", "I'm in sales at Oracle"
_IN_A_LINE = _rx(
    rf"^i\s+(?:am\s+{_ADVERBS}(?:working\s+)?|{_ADVERBS}work\s+)in\s+(?P<v>[\w&-]+(?:\s+[\w&-]+){{0,2}}?)"
    rf"(?:\s+(?:at|for|with)\s+(?P<org>(?-i:[A-Z])[\w&.'-]*(?:\s+(?-i:[A-Z])[\w&.'-]*){{0,3}}))?{_NOW}"
    r"(?:\s*,\s*(?:been|for|since|but|and|though|which|so)\b.*)?$"
)
# "I work nights", "i work weekends now", "I work night shifts": when the user works.
_WORK_HOURS = _rx(
    rf"^i\s+{_ADVERBS}(?:(?:usually|mostly|mainly)\s+)?work\s+(?P<when>nights|night\s+shifts?|days|day\s+shifts?"
    r"|weekends|evenings|mornings|early\s+shifts?|late\s+shifts?|shifts|double\s+shifts|part[-\s]time|full[-\s]time"
    r"|overtime|nine\s+to\s+five|9\s*(?:-|to)\s*5)(?:\s+(?:now|these\s+days|nowadays|mostly|at\s+the\s+moment|right\s+now|rn|atm))?$"
)
# "I work in Amsterdam", "I work in New York now": a place by its capital, where the work is.
_WORK_IN_A_PLACE = re.compile(
    rf"^(?i:i\s+{_ADVERBS}(?:work|am\s+{_ADVERBS}working)\s+in)\s+(?P<v>[A-Z][a-z][\w'-]*(?:\s+[A-Z][\w'-]*){{0,2}})"
    rf"(?i:{_NOW})$"
)
# "I work in the NHS", "i work in the Civil Service": an organisation by its name, where the user works.
_WORK_IN_THE_ORG = re.compile(
    rf"^(?i:i\s+{_ADVERBS}work\s+in\s+)(?P<org>the\s+(?:[A-Z]{{2,}}|[A-Z][a-z]+(?:\s+[A-Z][a-z]+){{1,3}}))(?i:{_NOW})$"
)
# "my job is in Leeds", "my office is in Canary Wharf": where the work is.
_MY_WORK_IS_IN = re.compile(
    r"^(?i:my\s+(?:job|office|work|workplace|new\s+job|new\s+office)\s+is\s+(?:now\s+|actually\s+)?in)\s+"
    r"(?P<v>[A-Z][a-z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})$"
)
# "I commute to Reading (for work)": where the work is (the context phrase is taken off before).
_COMMUTE_TO = re.compile(
    rf"^(?i:i\s+{_ADVERBS}commute\s+(?:in\s+)?(?:in|to|into))\s+(?P<v>[A-Z][a-z][\w'-]*(?:\s+[A-Z][\w'-]*){{0,2}})"
    r"(?i:\s+(?:every\s+day|daily|each\s+day|for\s+work))?$"
)
# "I do plumbing for a living", "i fix boilers for a living"; never "I'd hate to do that for a living".
_FOR_A_LIVING = _rx(
    rf"^i\s+{_ADVERBS}(?!(?:would|could|should|might|will|can|want|wanted|wish|hope|used|need|have|had|am|was|do\s+not"
    r"|did)\b)(?P<verb>[a-z]+)\s+(?!(?:not|to|it|this|that)\b)(?P<obj>[\w'&-]+(?:\s+[\w'&-]+){0,5}?)\s+for\s+a\s+living(?:\s*[,;-].*)?$"
)
# "my job is accounting", "my job is teaching kids to swim": the work said by what is done. A job that is
# going, killing, stressing someone is how it goes, not what it is.
_MY_JOB_IS = _rx(
    r"^my\s+(?:job|day\s+job|profession|line\s+of\s+work)\s+is\s+(?P<v>(?P<head>[a-z][\w-]*)(?:\s+[\w'-]+){0,5})$"
)
_HOW_A_JOB_GOES = _rx(
    r"^(?:going|getting|becoming|starting|ending|changing|moving|killing|driving|stressing|draining|taking|eating"
    r"|making|wearing|burning|sucking|paying|keeping|looking|coming|being|doing)$"
)
# "my job is boring af", "my job is so exhausting": what a job is like is an opinion of it, never the work. An
# -ing word that judges, or a word that only says how much, leaves the clause unread.
_JOB_OPINION = _rx(
    r"\b(?:boring|amazing|exhausting|interesting|tiring|annoying|frustrating|demanding|rewarding|depressing"
    r"|fulfilling|challenging|satisfying|thrilling|exciting|fascinating|overwhelming|crushing|soul-crushing"
    r"|mind-numbing|numbing|disappointing|relaxing|refreshing|entertaining|engaging|charming|infuriating|grueling"
    r"|gruelling|punishing|underwhelming|stressing|worrying|confusing|humbling|inspiring|enriching|alright|fine"
    r"|ok|okay|good|great|bad|awful|terrible|fun|hard|tough|easy|af|asf|lol|lmao|honestly|tbh|literally|so|such"
    r"|very|really|super|pretty|kinda|too|hell|fuck|fucking|shit|crap|sucks|the\s+worst|the\s+best)\b"
)
# "I teach math at Lincoln High", "i teach English in Seoul", "I teach at the community college"
_TEACH = _rx(
    rf"^i\s+{_ADVERBS}(?P<verb>teach|lecture(?:\s+in)?|tutor)\s+(?:(?P<what>(?!(?:my|our|his|her|their|him|them|myself|me|us|you|it|this|that|at|in"
    r"|kids\s+to|people\s+to|how)\b)[\w+#-]+(?:\s+[\w+#-]+){0,2}?)\s+)?(?P<prep>at|in)\s+(?P<where>\S.{1,60})$"
)


# "I'm a nurse by trade", "I'm an engineer by training": the occupation, however it is qualified.
_BY_TRADE = _rx(
    r"^i\s+am\s+(?P<art>an?)\s+(?P<v>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+by\s+(?P<by>trade|training|profession"
    r"|education|background|day)$"
)
# "I work out every morning", "i usually work out before work"; never "I work out the details", "work out how".
_WORK_OUT = _rx(
    rf"^i\s+{_ADVERBS}(?:(?:usually|regularly|normally|try\s+to)\s+)?work\s+out(?P<rest>(?:\s+(?!(?:the|a|an|how|what"
    r"|whether|if|why|where|when|which|who|it|this|that|them|my|our|your|his|her|their|some|all|those|these|things"
    r"|stuff|fine|well|ok|okay)\b)[\w'-]+){0,5})$"
)


# "I work from home as a translator", "i work remotely as a data analyst for Numo": how the user works, and
# as what (the rest is read as "I work as ...").
_ARRANGED_AS = _rx(rf"^(?P<how>i\s+{_ADVERBS}work\s+(?:from\s+home|remotely))\s+(?P<as>as\s+\S.*)$")


def arrangement_and_role(clause: str) -> tuple[WorkStatement, str] | None:
    """ "I work from home as a translator" -> (the user works from home, "I work as a translator"), or None."""
    m = _ARRANGED_AS.match(clause)
    if m is None:
        return None
    remote = "remotely" in m.group("how").lower()
    how = WorkStatement(
        "The user works remotely" if remote else "The user works from home",
        "habit:working-remotely" if remote else "habit:working-home",
        "remotely" if remote else "home",
    )
    return how, f"I work {m.group('as')}"


# "I'm a software engineer in fintech", "a product manager in healthcare": the role, and the line of work.
_ROLE_IN_A_LINE = _rx(
    r"^(?P<role>i\s+am\s+an?\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+in\s+(?P<v>[\w&-]+(?:\s+[\w&-]+)?)$"
)


def role_and_line(clause: str) -> tuple[str, WorkStatement] | None:
    """ "I am a product manager in healthcare" -> ("I am a product manager", the user works in healthcare)."""
    m = _ROLE_IN_A_LINE.match(clause)
    if m is None or (industry := industry_named(m.group("v"))) is None:
        return None
    said = "the IT sector" if industry == "IT" else industry
    return m.group("role"), WorkStatement(f"The user works in {said}", "industry", industry)


# "I'm an SDE at Amazon", "im a junior acountant at a small firm in Cork", "I'm head of marketing at Lumen", "I'm the
# CTO of a small startup": a role the lexicon may not know, said with where it is held.
_ROLE_AT = re.compile(
    r"^(?i:i\s+am\s+(?:(?:now|currently|still|also|actually)\s+)?)(?P<art>(?i:an?|the)\s+)?"
    r"(?P<role>(?i:head|director|vp|chief|lead)\s+of\s+[a-z]+|[A-Za-z][\w-]*(?:\s+[a-z][\w-]*){0,2})"
    r"\s+(?P<prep>(?i:at|for|of))\s+(?P<org>(?:(?i:a|an|the)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}|[A-Z][\w&.'-]*"
    r"(?:\s+[A-Z][\w&.'-]*){0,3})(?:\s+(?i:in)\s+[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})?)$"
)
_NOT_A_ROLE = _rx(
    r"^(?:big|huge|fan|member|part|regular|customer|user|guest|patient|client|student|volunteer|bit|lot|little|fan\s+\w+"
    r"|(?:\w+\s+)?(?:fan|member|regular|customer|client|patient))$"
)


def role_at(clause: str) -> WorkStatement | None:
    """ "I am a junior dev at a small firm" -> the user is a junior dev at a small firm: a role no rule may know,
    held at a workplace, as one fact on the employer's slot (leaving the workplace ends the role said with it);
    None for a clause of another form."""
    m = _ROLE_AT.match(clause)
    if m is None or _NOT_A_ROLE.match(m.group("role")) or names_no_job(m.group("role")):
        return None
    role = m.group("role")
    head = role.split()[0]
    if not m.group("art") and not head.isupper() and head.lower() not in ("head", "director", "vp", "chief", "lead"):
        return None  # "I'm happy at Lumen": without an article only a rank or an acronym is a role
    if m.group("prep").lower() == "of" and (m.group("art") or "").strip().lower() != "the":
        return None  # "I am a fan of Radiohead"
    art = (m.group("art") or "").strip().lower()
    if art in ("a", "an"):
        spoken_vowel = head[:1] in "AEFHILMNORSX" if head.isupper() else head[:1].lower() in "aeiou"
        art = "an" if spoken_vowel else "a"
    prep = "at" if m.group("prep").lower() == "of" else m.group("prep").lower()
    org = third_person(m.group("org"))
    return WorkStatement(f"The user is {art + ' ' if art else ''}{role} {prep} {org}", "employer", org)


# "our team is based in Berlin", "the startup's headquartered in Lyon", "our whole dev team sits in Kraków": where
# one's team or company is, by a capital, is where the user works (not a thing the team has). Someone else's
# ("our client", "my sister's company"), "based on" and a plan ("might be based") open otherwise.
_TEAM_BASED_IN = re.compile(
    r"^(?i:(?:our|my|the)\s+(?:(?:whole|entire|small|little|new|own)\s+)?(?:(?:dev|eng|engineering|data|product"
    r"|design|platform|tech|software)\s+)?(?P<group>team|company|startup|start-up|firm|agency|studio|lab|office|offices"
    r"|hq|headquarters|org|department)(?:'s|’s|\s+is|\s+are)?\s+(?:(?:now|still|mostly|all|actually)\s+)?"
    r"(?:based|located|headquartered|sits?|sitting)\s+(?:in|out\s+of)\s+)"
    r"(?P<v>[A-Z][a-z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})(?i:\s+(?:now|these\s+days))?\s*[.!]?$"
)
# "our office is in Leeds": one's office said with "our" (``_MY_WORK_IS_IN`` reads "my").
_OUR_OFFICE_IN = re.compile(
    r"^(?i:our\s+(?:new\s+)?(?P<group>office|offices|hq|headquarters)\s+(?:is|are)\s+(?:now\s+|actually\s+)?in)\s+"
    r"(?P<v>[A-Z][a-z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})\s*[.!]?$"
)


def team_based_in(clause: str) -> WorkStatement | None:
    """Where the user's team or company is based, said in the clause; None for any other clause."""
    if clause[:2].lower() not in ("ou", "my", "th") or (
        " in " not in clause and " out of " not in clause and "based" not in clause
    ):
        return None
    found = _TEAM_BASED_IN.match(clause) or _OUR_OFFICE_IN.match(clause)
    if found is None:
        return None
    group, where = found.group("group").lower(), found.group("v")
    group = {"offices": "office", "headquarters": "office", "hq": "office", "start-up": "startup"}.get(group, group)
    return WorkStatement(f"The user's {group} is based in {where}", "work:location", where)


# "my boss at Fernway is a nightmare", "my coworkers at Brackenridge are lovely": the people one works with, said
# with where, name the user's employer. A former one ("my old boss at X"), someone else's ("my dad's boss") or a
# friend there ("my friend at Google") names none.
_COLLEAGUES_AT = re.compile(
    r"^(?i:my\s+(?:(?:new|current|lovely|awful|annoying)\s+)?(?:boss|manager|line\s+manager|supervisor|team\s*lead"
    r"|colleagues?|co-?workers?|workmates?|teammates?|team)\s+(?:at|from)\s+)"
    r"(?P<org>[A-Z][\w&'’.-]*(?:\s+(?:&\s+|and\s+|of\s+)?[A-Z][\w&'’.-]*){0,3})(?=\s+(?i:is|are|was|were|just|has|have"
    r"|keeps?|said|says|wants?|thinks?|told|asked|gave|makes?|sent|loves?|hates?)\b)"
)


def employer_by_colleagues(clause: str) -> WorkStatement | None:
    """The user's employer named with the people they work with there; None for any other clause."""
    found = _COLLEAGUES_AT.match(clause) if clause[:3].lower() == "my " else None
    if found is None:
        return None
    org = found.group("org")
    return WorkStatement(f"The user works at {org}", "employer", org)


# "a café called Bean There", "a tiny startup called Nodewell": a workplace named after its kind.
_CALLED = re.compile(
    r"^(?i:(?:a|an|this|the)\s+(?:[a-z-]+\s+){0,3}?(?:café|cafe|coffee\s+shop|startup|start-up|company|firm|agency"
    r"|studio|shop|restaurant|bar|pub|hotel|bakery|clinic|practice|school|hospital|charity|nonprofit|consultancy|lab"
    r"|garage|salon|brewery|bookshop|bookstore|store|nursery|warehouse|factory|business|outfit|bank)\s+(?:called|named)"
    r"\s+)(?P<name>[A-Z][\w&.-]*(?:\s+(?:&\s+|and\s+|of\s+)?[A-Z][\w&.-]*){0,3})(?!['’\w])"
)


def workplace_called(raw: str) -> str | None:
    """The name of a workplace said by its kind and then its name ("a café called Bean There" -> "Bean There")."""
    found = _CALLED.match(raw) if " called " in raw or " named " in raw else None
    return found.group("name") if found else None


def statement(clause: str) -> list[WorkStatement]:
    """What a clause of one of the forms says of the user's work; nothing for any other clause."""
    if (based := team_based_in(clause) or employer_by_colleagues(clause)) is not None:
        return [based]
    if clause[:2].lower() not in ("i ", "my", "we"):
        return []
    if (place := _WORK_IN_A_PLACE.match(clause)) is not None and industry_named(place.group("v")) is None:
        where = place.group("v")
        return [WorkStatement(f"The user works in {where}", "work:location", where)]
    if (line := _IN_A_LINE.match(clause)) is not None and (industry := industry_named(line.group("v"))):
        # "in IT" would read as the pronoun "it" to the fact checks: the sector is said as one
        said = "the IT sector" if industry == "IT" else industry
        found = [WorkStatement(f"The user works in {said}", "industry", industry)]
        if org := line.group("org"):
            found.append(WorkStatement(f"The user works at {org}", "employer", org))
        return found
    if (org := _WORK_IN_THE_ORG.match(clause)) is not None:
        return [WorkStatement(f"The user works in {org.group('org')}", "employer", org.group("org"))]
    if (place := _MY_WORK_IS_IN.match(clause)) is not None or (place := _COMMUTE_TO.match(clause)) is not None:
        where = place.group("v")
        return [WorkStatement(f"The user works in {where}", "work:location", where)]
    if (hours := _WORK_HOURS.match(clause)) is not None:
        when = re.sub(r"\s+", " ", hours.group("when").lower())
        return [WorkStatement(f"The user works {when}", "work:hours", when)]
    if (living := _FOR_A_LIVING.match(clause)) is not None:
        verb, obj = third_singular(living.group("verb").lower()), third_person(living.group("obj"))
        return [WorkStatement(f"The user {verb} {obj} for a living", "occupation", living.group("obj"))]
    if (job := _MY_JOB_IS.match(clause)) is not None:
        value, head = job.group("v"), job.group("head").lower()
        doing = head.endswith("ing") and not _HOW_A_JOB_GOES.match(head) and not re.search(r"(?i)\b(?:me|us)\b", value)
        if (doing or industry_named(value)) and not _JOB_OPINION.search(value):
            return [WorkStatement(f"The user's job is {third_person(value)}", "occupation", value)]
        return []
    if (teach := _TEACH.match(clause)) is not None:
        what, prep, where = teach.group("what"), teach.group("prep"), teach.group("where").strip()
        first, *rest = teach.group("verb").lower().split()
        verb = " ".join([third_singular(first), *rest])
        said = f"The user {verb} {what + ' ' if what else ''}{prep} {third_person(where)}"
        found = [WorkStatement(said, "occupation", what or "teaching")]
        if prep.lower() == "at" and where[:1].isupper():
            found.append(WorkStatement(f"The user works at {where}", "employer", where))
        return found
    if (business := own_business(clause)) is not None:
        return [business]
    if (trade := _BY_TRADE.match(clause)) is not None:
        art, value, by = trade.group("art").lower(), trade.group("v"), trade.group("by").lower()
        return [WorkStatement(f"The user is {art} {value} by {by}", "occupation", value)]
    if (out := _WORK_OUT.match(clause)) is not None:
        rest = re.sub(r"(?i)\s+(?:now|these\s+days|nowadays)$", "", out.group("rest"))
        return [WorkStatement(f"The user works out{rest}", "habit:working-out", "working out")]
    return []


# --- a business of one's own ------------------------------------------------------------------------------------

_BUSINESS_HEADS = (
    r"business|company|startup|start-up|shop|store|bakery|cafe|café|coffee\s+shop|restaurant|bar|pub|agency"
    r"|consultancy|studio|practice|firm|clinic|salon|brewery|boutique|food\s+truck|nonprofit|non-profit|charity"
    r"|b&b|bed\s+and\s+breakfast|garage|nursery|daycare"
)
# "I started a cleaning business with my brother", "I run a small bakery in Ghent", "I own a bike shop", "I have
# my own plumbing business", "I founded a startup called Loomly": the user's work is the business. Never "I
# started a business plan" (the head must end the thing), "I own shares in a company".
_OWN_BUSINESS = _rx(
    rf"^(?:i|we|my\s+(?:wife|husband|partner|brother|sister|mum|mom|dad|father|mother|friend|best\s+friend)\s+and\s+i)"
    rf"\s+{_ADVERBS}(?:have\s+)?(?P<verb>started|founded|co-?founded|launched|opened|set\s+up|run|own|have|am\s+running"
    r"|am\s+starting)\s+(?P<thing>(?:an?|my\s+own|my|our\s+own)\s+(?:[\w'&-]+\s+){0,3}?(?:"
    + _BUSINESS_HEADS
    + r"))(?P<name>\s+(?:called|named)\s+[A-Z][\w'&-]*(?:\s+[A-Z][\w'&-]*){0,2})?"
    r"(?P<tail>\s+(?:with|in|out\s+of|from)\s+(?!(?:the\s+)?(?:past|future|meantime)\b)[\w'&-]+(?:\s+[\w'&-]+){0,3})?$"
)


# Heads that are a home or a room as often as a business ("got my own studio in Grennick" is a flat): had or owned
# with no word of the trade before them, they say nothing of work ("opened my own studio", "my own pottery studio" do).
_HOME_LIKE_OWN = _rx(r"^(?:my|our)\s+own\s+(?:studio|garage)$")


def own_business(clause: str) -> WorkStatement | None:
    """The business a clause says the user runs, started or owns; None for any other clause."""
    m = _OWN_BUSINESS.match(clause)
    if m is None or (m.group("verb").lower() == "have" and not m.group("thing").lower().startswith("my own")):
        return None  # "I have a shop" may be anyone's errand; "I have my own shop" is one's business
    if m.group("verb").lower() in ("have", "own") and _HOME_LIKE_OWN.match(m.group("thing")):
        return None  # "got my own studio in tarrow": a home of one's own, no business said
    thing = third_person(m.group("thing"))
    name, tail = (m.group("name") or ""), third_person(m.group("tail") or "")
    return WorkStatement(f"The user runs {thing}{name}{tail}", "employer", f"{m.group('thing')}{name}")


# --- a team as the subject -------------------------------------------------------------------------------------

_GROUP = r"(?:my|our|the)\s+(?:whole\s+|entire\s+|small\s+|little\s+)?(?:team|company|startup|org|department|lab)"
# "my team's switching to Linear", "our company is moving to GCP": "'s" before a verb in -ing is "is".
_GROUP_DOING = _rx(rf"^{_GROUP}(?:'s|s|\s+is|\s+are)\s+(?=(?:now\s+|currently\s+|finally\s+|slowly\s+)?[a-z]+ing\b)")
# "my team's switching to Linear next quarter", "our company is moving to GCP soon": a change planned for later
# is a plan, never what the team uses now; such a clause is left as said (no reader reads it as the team's tool).
LATER = _rx(
    r"\b(?:next|coming|following)\s+(?:week|month|quarter|year|sprint|release|spring|summer|autumn|fall|winter"
    r"|january|february|march|april|may|june|july|august|september|october|november|december)\b|\bsoon\b"
    r"|\beventually\b|\bat\s+some\s+point\b|\bin\s+(?:a|an|\d+|two|three|four|five|six|a\s+few|few|some)"
    r"\s+(?:\w+\s+)?(?:days?|weeks?|months?|quarters?|years?|sprints?)\b|\bin\s+the\s+(?:near\s+)?future\b"
    r"|\bby\s+(?:the\s+end|q[1-4]|next)\b|\bin\s+q[1-4]\b|\bfrom\s+next\b|\blater\s+this\b"
    r"|\b(?:planning|thinking|considering|might|maybe|probably|possibly|perhaps|supposedly|apparently|rumou?red)\b|\?"
)
# "our company's on Gravitas", "my team is on Wrenfield now": "'s" before "on" and a name is "is".
_GROUP_ON = _rx(rf"^{_GROUP}(?:'s|\s+is)\s+(?=(?:(?:now|still|all|mostly)\s+)?on\s+(?-i:[A-Z]))")
# "my team's been using Notion since January": "'s" before "been" is "has".
_GROUP_HAS_BEEN = _rx(rf"^{_GROUP}(?:'s|\s+has)\s+(?=(?:(?:just|finally|now|already|always)\s+)?been\s+[a-z]+ing\b)")
# "our frontend's built with React": "'s" before a participle is "is".
_THING_PARTICIPLE = _rx(
    r"^(?P<who>our|my)\s+(?P<thing>frontend|front\s+end|backend|back\s+end|app|api|site|website|stack|infra"
    r"|infrastructure|services?|platform|product|codebase|database|db|pipeline|servers?|blog|project|ci)"
    r"'s\s+(?=(?:all\s+|mostly\s+|now\s+)?(?:built|written|hosted|deployed|powered|based|run|running|made)\b)"
)


# "a stay at home dad": one word, so that "at home" is not read as the family's context.
_STAY_AT_HOME = _rx(r"\bstay\s+at\s+home\s+(?=(?:mom|mum|dad|parent|father|mother|wife|husband)\b)")


# "the team I'm on uses Rust", "the company I work for runs on AWS": one's own team, said by a relative clause.
_GROUP_I_AM_IN = _rx(
    r"\bthe\s+(?P<g>team|company|startup|department|lab|place)\s+(?:that\s+)?(?:(?:i'm|im|i\s+am)\s+(?:on|in|at|with)"
    r"|i\s+(?:work\s+(?:on|in|at|for|with)|lead|manage|run))\s+(?=(?!(?:the|a|an|and|but|is|was|with|for)\b)[a-z]+\b)"
)


# "at work we moved from Dunmore to Calder": what a team at work moves between is its tools (it is no home of
# the user's); said with work named just before the "we".
_WORK_MOVE = _rx(
    r"(?P<head>\b(?:at\s+work|at\s+my\s+(?:job|company|work)|work\s+news\s*:)\s*,?\s*we\s+(?:(?:just|finally"
    r"|recently|have|also|officially)\s+)*)moved\s+(?=(?:over\s+)?from\s+(?-i:[A-Z])[\w.+#-]*(?:\s+[\w.+#-]+)?"
    r"\s+(?:over\s+)?to\s+(?-i:[A-Z]))"
)


# "for personal projects I write Rust, at work it's Java": in a named context, "it's <Name>" is what is used there.
_CONTEXT_IS_ALL = _rx(
    r"(?P<ctx>\b(?:at\s+work|at\s+home|at\s+my\s+(?:job|day\s+job)|for\s+work|(?:on|for|in)\s+(?:my|the)\s+side"
    r"\s+projects?|for\s+(?:my\s+)?personal\s+(?:stuff|projects?))\s*,?)\s+it(?:'s|\s+is)\s+(?:all\s+|mostly\s+)?"
    r"(?=(?-i:[A-Z])[\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?\s*(?:[.!,;]|$))"
)
# "my personal laptop is a Framework, my work one is a Dell": "one" is the thing named just before.
_MY_THING_IS = _rx(r"\bmy\s+(?:[a-z]+\s+)?(?P<noun>[a-z]{3,})\s+(?:is|was)\b")
_MY_CONTEXT_ONE = _rx(r"\b(?P<lead>my\s+(?:work|personal|home|own|family|private|job|office)\s+)one\b")


def _one_named(text: str) -> str:
    named = _MY_THING_IS.search(text)
    if named is None:
        return text
    return _MY_CONTEXT_ONE.sub(lambda m: m.group("lead") + named.group("noun"), text, count=1)


# "I'm a teacher, have been for 10 years", "I work at Kettleback, been there since 2019": how long, said after
# the statement, is said once with it ("I have been a teacher for 10 years"), which the clause then dates.
_BEEN_SO_FOR = _rx(
    r"(?:(?<=^)|(?<=[.!?]\s))(?:(?P<am>i'm|im|i\s+am)\s+(?P<pred>an?\s+[^,.;!?]{2,40}?)"
    r"|i\s+(?P<verb>work|live)\s+(?P<prep>at|in|for)\s+(?P<where>[^,.;!?]{2,40}?))"
    r"\s*[,.;]\s*(?:and\s+)?(?:i\s+)?(?:have\s+|'ve\s+|ve\s+)?been\s+(?:(?:one|there|here|doing\s+(?:it|that|this)"
    r"|at\s+it)\s+)?(?P<dur>(?:for|since)\s+[^,.;!?]{2,30}?|(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten"
    r"|a\s+few|a\s+couple\s+of)\s+(?:years?|yrs?|months?))(?:\s+now)?(?=\s*(?:[,.;!?]|$))"
)


def _kept_up_said_once(m: re.Match[str]) -> str:
    dur = m.group("dur") if re.match(r"(?i)for|since", m.group("dur")) else f"for {m.group('dur')}"
    if m.group("pred"):
        return f"I have been {m.group('pred')} {dur}"
    doing = "working" if m.group("verb").lower() == "work" else "living"
    return f"I have been {doing} {m.group('prep')} {m.group('where')} {dur}"


def _my_group(m: re.Match[str]) -> str:
    return "my " + ("company" if m.group("g").lower() == "place" else m.group("g").lower()) + " "


def compounds_joined(text: str) -> str:
    """The message with compounds that hold a context phrase written as one word ("stay-at-home dad"), and
    one's own team said by a relative clause said as "my team" ("the team I'm on uses Rust")."""
    lower = text.lower()
    if "home" in lower:
        text = _STAY_AT_HOME.sub("stay-at-home ", text)
    if "the " in lower:
        text = _GROUP_I_AM_IN.sub(_my_group, text)
    if "it" in lower and ("work" in lower or "home" in lower or "project" in lower or "personal" in lower):
        text = _CONTEXT_IS_ALL.sub(r"\g<ctx> I use ", text)
    if " one " in lower:
        text = _one_named(text)
    if "moved" in lower and "work" in lower:
        text = _WORK_MOVE.sub(r"\g<head>switched ", text)
    if "been" in lower:
        text = _BEEN_SO_FOR.sub(_kept_up_said_once, text)
    return text


# "everyone at work uses Inkpad", "everybody on my team codes in Glimmer": what "we" do.
_EVERYONE = _rx(
    r"^(?:everyone|everybody|all\s+of\s+us)\s+(?:at\s+(?:work|the\s+office|my\s+(?:job|company))|on\s+my\s+team"
    r"|in\s+my\s+team|here)?\s*(?P<verb>uses|codes|writes|programs|deploys|runs|builds|relies|chats|tracks|ships"
    r"|hosts|stores|keeps|works)\s+(?=(?:(?:on|in|with|to)\s+)?(?:an?\s+|the\s+)?(?-i:[A-Z]))"
)
# "the main database is Brinedb" (said at work): the thing the team has is "our".
_THE_TEAMS_THING = _rx(
    r"^the\s+(?=(?:main\s+|primary\s+|prod\s+|production\s+|default\s+)?(?:database|db|ci|cloud|stack|backend"
    r"|frontend|language|issue\s+tracker|ticket\s+system|chat|warehouse|data\s+warehouse)\s+(?:is|was)\s+(?-i:[A-Z]))"
)
# "we moved from Grafton CI to Ostler CI", "we moved to Kobalt DB", "we moved to GitLab": a name with a tool's kind
# in it, or with a capital inside it (a product's spelling), is a tool, so the move is a switch of tools, never of
# home.
_TOOL_KIND = r"(?:ci|cd|db|sql|cloud|api|js|io|ctl|ops|actions|pipelines|lake|warehouse|cache|queue|mq)"
_MOVED_TOOLS = _rx(
    r"^(?P<head>we\s+(?:(?:just|finally|recently|have|also)\s+)*)moved\s+(?:over\s+)?"
    r"(?=(?:from\s+[\w.+#-]+(?:\s+[\w.+#-]+)?\s+)?(?:over\s+)?to\s+)"
    r"(?=.*(?:(?:[a-z]" + _TOOL_KIND + r"|\s" + _TOOL_KIND + r")\b"
    r"|\b(?-i:(?!(?:Mc|Mac|De|La|Le|Di|Du|Van|Von)[A-Z])[A-Za-z]*[a-z][A-Z]\w*)))"
)


# "Live in Bergen, work at Equinor": chat drops the "I" of a first clause too; a verb of where one lives or
# works before a name (or "as a ...") is the speaker's. Never "live in the moment", "work at it".
_BARE_FIRST_PERSON = re.compile(
    r"^(?i:(?:live|work|study)\s+(?:(?:in|at|for)\s+(?=[A-Z])|as\s+(?=(?:an?\s+)?[a-z]))"
    r"|(?:live|work)\s+(?:and\s+(?:live|work)\s+)?in\s+(?=[A-Z]))"
)


# "we just adopted Tessel for monitoring": a tool taken on for a purpose (a pet is adopted without one).
_ADOPTED_FOR = _rx(
    r"^(?P<who>i|we)\s+(?:(?:just|recently|finally|have|also)\s+)*adopted\s+(?=(?-i:[A-Z])[\w.+#-]*(?:\s+[\w.+#-]+)?"
    r"\s+(?:for|as)\s+)"
)
# "(at work) it's all Kestrel": one name for everything, said of the team's work.
_ALL_ONE_TOOL = _rx(
    r"^it(?:'s|\s+is)\s+all\s+(?P<v>(?-i:[A-Z])[\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?)"
    r"(?:\s+(?:now|these\s+days|nowadays|here))?$"
)
# "work uses Tallow for everything", "the office runs on Quayside": work as the subject is "we".
_WORK_AS_SUBJECT = _rx(
    r"^(?:work|my\s+work|the\s+office|my\s+office|my\s+workplace)\s+(?P<verb>uses|runs|is\s+on)\s+"
    r"(?=(?:on\s+)?(?-i:[A-Z]))"
)


def team_as_we(clause: str) -> str:
    """The clause with a team said as the subject in a form the team readers do not know, said as they do:
    "my team's switching to X" -> "we are switching to X", "the team I'm on uses X" -> "my team uses X"."""
    if (m := _ADOPTED_FOR.match(clause)) is not None:
        return f"{m.group('who')} started using " + clause[m.end() :]
    if (m := _ALL_ONE_TOOL.match(clause)) is not None:
        return f"we use {m.group('v')}"
    if (m := _WORK_AS_SUBJECT.match(clause)) is not None:
        return f"we {bare_verb(m.group('verb'))} " + clause[m.end() :]
    if _BARE_FIRST_PERSON.match(clause):
        return "I " + clause[:1].lower() + clause[1:]
    if (m := _MOVED_TOOLS.match(clause)) is not None:
        return f"{m.group('head')}switched " + clause[m.end() :]
    if (m := _EVERYONE.match(clause)) is not None:
        verb = m.group("verb")
        return f"we {bare_verb(verb)} " + clause[m.end() :]
    if clause[:3].lower() not in ("my ", "our", "the"):
        return clause
    if (m := _THE_TEAMS_THING.match(clause)) is not None:
        return "our " + clause[m.end() :]
    if (m := _GROUP_DOING.match(clause)) is not None and not LATER.search(clause):
        return "we are " + clause[m.end() :]
    if (m := _GROUP_ON.match(clause)) is not None:
        return "we are " + clause[m.end() :]
    if (m := _GROUP_HAS_BEEN.match(clause)) is not None:
        return "we have " + clause[m.end() :]
    if (m := _THING_PARTICIPLE.match(clause)) is not None:
        return f"{m.group('who')} {m.group('thing')} is " + clause[m.end() :]
    return clause


# --- a list of tools, each for its purpose ---------------------------------------------------------------------

# "we use Marlin for deploys and Scribe for logs", "I use Tabulo for dashboards, Pyrelle for notebooks": the
# second name shares the first one's verb.
_USE_FOR = _rx(
    r"^(?P<head>(?:(?:at\s+work|at\s+my\s+job|for\s+work)\s*,?\s+)?(?:i|we)\s+(?:(?:mostly|mainly|also|now|still"
    r"|currently|basically)\s+)?(?:use|rely\s+on)\s+)(?P<a>(?-i:[A-Z])[\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?\s+for\s+"
    r"[\w-]+(?:\s+[\w-]+)?)\s*(?:,\s*(?:and\s+)?|\s+and\s+)(?P<b>(?-i:[A-Z])[\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)?"
    r"\s+for\s+[\w-]+(?:\s+[\w-]+)?)$"
)


def tools_for_purposes(sentence: str) -> list[str] | None:
    """ "we use Marlin for deploys and Scribe for logs" -> ["we use Marlin for deploys", "we use Scribe for
    logs"]; None for a sentence of another form."""
    m = _USE_FOR.match(sentence)
    if m is None:
        return None
    return [f"{m.group('head')}{m.group('a')}", f"{m.group('head')}{m.group('b')}"]


# --- a tool's slot by what is done with it -------------------------------------------------------------------

# What is done with a tool names its kind, when the tool's own name is unknown: "we deploy to Nimbusfold" is the
# cloud, "at work we chat on Teamly" the chat, "we use Marlin for deploys" the cloud too.
_DOMAIN_OF_DOING = _rx(
    r"^The user(?:'s team)? (?:(?P<cloud>deploys|hosts)(?: \w+){0,3} (?:to|on|onto)"
    r"|(?P<chat>chats|talks) (?:on|in|over)|(?P<language>codes|programs) in) (?-i:[A-Z])"
)
_DOMAIN_OF_PURPOSE = {
    "deploys": "cloud",
    "deployments": "cloud",
    "deploying": "cloud",
    "hosting": "cloud",
    "chat": "chat",
    "messaging": "chat",
    "tickets": "issue-tracker",
    "issues": "issue-tracker",
    "bugs": "issue-tracker",
    "bug-tracking": "issue-tracker",
    "issue-tracking": "issue-tracker",
    "builds": "ci",
    "ci": "ci",
}


# "Ostler CI", "Kobaltdb", "Brine DB": a name that says its kind ("-db" only after a consonant-led stem of 3+).
_KIND_IN_NAME = re.compile(r"^[a-z][a-z0-9.]{2,}(?:-(?P<ci>ci)|-?db)$")


# "we use Tallow for everything": no purpose, so the slot is the tool's own.
_NO_PURPOSE = frozenset(("everything", "all", "stuff", "work", "most-things", "pretty-much-everything", "anything"))
_USES_NAME = re.compile(r"\buses (?P<name>[A-Z][\w.+#-]*(?: [A-Z0-9][\w.+#-]*)?) for\b")


def tool_slot(text: str, slot: str | None) -> str | None:
    """The slot of a tool fact by what is done with it ("tool:cloud" for "deploys to Nimbusfold", said as a
    habit or by the tool's name), in the same context; the slot as it was when nothing says its kind."""
    if not slot or not text.startswith("The user"):
        return slot
    base, mark, context = slot.partition("@")
    kind, _, thing = base.partition(":")
    domain = None
    if kind == "tool" and thing in _NO_PURPOSE and (named := _USES_NAME.search(text)) is not None:
        domain = re.sub(r"[^\w.+#]+", "-", named.group("name").lower()).strip("-")  # "for everything": its own slot
    elif kind == "tool" and thing in _DOMAIN_OF_PURPOSE:
        domain = _DOMAIN_OF_PURPOSE[thing]
    elif kind == "tool" and (named := _KIND_IN_NAME.search(thing)) is not None:
        domain = "ci" if named.group("ci") else "database"
    elif kind in ("habit", "tool") and (m := _DOMAIN_OF_DOING.match(text)) is not None:
        domain = next(name for name, said in m.groupdict().items() if said)
    return f"tool:{domain}{mark}{context}" if domain else slot


# --- a card without a name ----------------------------------------------------------------------------------

# "29, nurse in the ICU at St Mary's, live in Derby with my boyfriend, vegetarian", "Married, two kids, dog, live
# in Boise": a self-description said as a list without its "I". It opens with an age or a state, and each item
# is read as what the speaker would say in full: "I am 29", "I am a nurse ...", "I live in Derby", "I am
# vegetarian", "I have two kids". An item of another form is left out, never guessed.
_CARD_OPENING = _rx(
    r"^(?:(?:ok|okay|so|hi|hey|hello)[\s,!]+)?(?:(?:\w+\s+){0,4}?(?:intro|about\s+me|me)\s*:\s*)?"
    r"(?P<first>\d{1,2}|married|single|divorced|engaged|retired|vegan|vegetarian)\s*,\s*(?P<rest>.+)$"
)
_CARD_STATE = _rx(
    r"^(?:married|single|divorced|engaged|retired|vegan|vegetarian|pescatarian|pregnant|widowed|self-employed"
    r"|unemployed|left-handed)$"
)
_CARD_VERB = _rx(r"^(?:live|work|study|have|love|like|play|speak|drive|own|run|teach|do)\s+\S")
_CARD_HAD = _rx(
    r"^(?:an?|one|two|three|four|five|\d)?\s*(?:kids?|children|sons?|daughters?|dogs?|cats?|boys?|girls?|twins"
    r"|rabbits?|horses?)$"
)
_COUNTED = _rx(r"^(?:an?|one|two|three|four|five|\d+)\s")
_CARD_ITEMS = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+(?=(?:live|work|study|have|love|\d|an?\s)\b)")


def card_without_name(sentence: str, is_role: Callable[[str], bool]) -> list[str] | None:
    """The clauses a nameless self-description stands for, or None when the sentence is no such card.
    ``is_role`` tells whether a word names an occupation ("nurse")."""
    m = _CARD_OPENING.match(sentence.strip().rstrip(".!"))
    if m is None:
        return None
    first = m.group("first")
    said = [f"I am {first}"]
    items = [i.strip() for i in _CARD_ITEMS.split(m.group("rest")) if i and i.strip()]
    if len(items) < 2:
        return None
    for item in items:
        lower = item.lower()
        if (own := card_item(item, is_role)) is not None:
            said.append(own)
        elif _CARD_STATE.match(item):
            said.append(f"I am {lower}")
        elif _CARD_HAD.match(item):
            counted = _COUNTED.match(item) is not None
            said.append(f"I have {item}" if counted else f"I have a {item}")
    return said if len(said) >= 3 else None


def card_item(item: str, is_role: Callable[[str], bool]) -> str | None:
    """An item of a self-description as the speaker would say it in full, when it opens with a verb of one's
    own life ("live in Derby" -> "I live in Derby") or an occupation ("nurse in the ICU" -> "I am a nurse in
    the ICU"); None for an item of another form."""
    if _CARD_VERB.match(item):
        return f"I {item}"
    words = item.lower().split()
    bare = words[1:] if words[:1] in (["a"], ["an"]) else words
    if bare and is_role(bare[0]) and (len(bare) == 1 or bare[1] in ("in", "at", "for", "with", "on")):
        return f"I am {item}" if bare is not words else f"I am {'an' if item[:1].lower() in 'aeiou' else 'a'} {item}"
    return None


# --- who one lives with ---------------------------------------------------------------------------------------

# "I live in Pellworth with my boyfriend and our two cats", "we live in Derby with two kids and a dog": the
# children and animals one lives with are one's own. (Parents, flatmates and partners are read elsewhere or not
# at all: living with them is no having.)
_LIVE_WITH = _rx(r"^(?P<head>(?:i|we)\s+(?:\w+\s+)?live\s+(?:in\s+\S.*?\s+)?)with\s+(?P<list>\S.*)$")
_HAD_COMPANION = _rx(
    r"^(?:(?:my|our)\s+)?(?P<n>an?|one|two|three|four|five|six|\d+)?\s*(?:little\s+|old\s+|rescue\s+)?"
    r"(?P<what>kids?|children|sons?|daughters?|dogs?|cats?|rabbits?|hamsters?|birds?|parrots?|horses?|twins|puppy"
    r"|kitten|guinea\s+pigs?)(?P<name>\s+(?-i:[A-Z])[\w'-]+)?$"
)
_COMPANIONS = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+", re.IGNORECASE)


def companions_apart(clause: str) -> list[str] | None:
    """ "I live in X with my boyfriend and our two cats" -> ["I live in X with my boyfriend", "I have two cats"];
    None when the clause names no child or animal lived with."""
    m = _LIVE_WITH.match(clause)
    if m is None:
        return None
    kept, had = [], []
    for item in (i.strip() for i in _COMPANIONS.split(m.group("list")) if i.strip()):
        found = _HAD_COMPANION.match(item)
        if found is None:
            kept.append(item)
            continue
        count = found.group("n") or ("a" if found.group("what").lower()[-1:] != "s" else "")
        name = found.group("name") or ""
        had.append(f"I have {count + ' ' if count else ''}{found.group('what')}{' named' + name if name else ''}")
    if not had:
        return None
    head = m.group("head").rstrip() + (" with " + " and ".join(kept) if kept else "")
    return [head, *had]


# --- a role said without its "I am" ------------------------------------------------------------------------------

# A named workplace, and what may follow it in the same breath: the end of the clause or when the job began.
_ORG_AND_AFTER = (
    r"(?P<at>\s+(?:at|@|for)\s+)(?P<org>(?:the\s+)?(?-i:[A-Z])[\w&.'-]*(?:\s+(?:&\s+)?(?-i:[A-Z])[\w&.'-]*){0,3})"
    r"(?=\s*(?:[,.!;?]|$|\s+(?:since|started)\b))"
)
_ROLE_WORDS = r"(?P<role>(?:an?\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)"
# "new job!! office admin at Pellham Dental", "big news: junior accountant at Fenwright from june": a heading that
# says the news is a job, then the role and where, without "I am".
_HEADED_ROLE = _rx(
    r"(?P<head>\b(?:new\s+(?:job|gig|role|position|post)|big\s+news|job\s+news|work\s+news)\s*(?:[!:.]+|\s-+|\s–|\s—)"
    rf"\s*){_ROLE_WORDS}{_ORG_AND_AFTER}"
)
# "i'm 31, currently a paralegal at Ostrow Legal, live in Hove": a self-description goes on after a comma, the "I am"
# carried over to the role (with its article: a bare noun phrase may be anyone's).
_LISTED_ROLE = _rx(
    r"(?P<head>(?:^|[.!?]\s+)(?:i\s*'?\s*m|i\s+am)\b[^.!?,;]{1,40},\s*(?:and\s+)?)(?P<adv>(?:currently|now|still)\s+)?"
    rf"(?P<role>an?\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){{0,3}}?){_ORG_AND_AFTER}"
)


# "currently unemployed, looking for work", "still between jobs atm": the speaker's state of work, said without "I
# am" where the message opens, then a pause. A state said of people ("unemployed people ..."), asked ("unemployed?")
# or of someone named ("my brother is between jobs") opens otherwise.
_STATE_BARE = _rx(
    r"^(?P<adv>(?:(?:currently|still|now|sadly|officially)\s+)?)(?P<state>unemployed|between\s+jobs|out\s+of\s+work)"
    r"(?=\s*[,.;!]|\s*$|\s+(?:atm|rn|now|again|at\s+the\s+moment|for\s+now|since|after)\b)"
)


def role_said_bare(text: str, is_role: Callable[[str], bool]) -> str:
    """The message with a role said without its subject given its "I am", when a job heading or a self-description
    before it makes it the speaker's; ``is_role`` tells whether a role's head noun names an occupation."""
    if text[:1].lower() in "cunos" and (state := _STATE_BARE.match(text)) is not None:
        text = f"I am {state.group('adv')}{text[state.start('state') :]}"
    lower = text.lower()
    if " at " not in lower and " for " not in lower and "@" not in lower:
        return text
    if "new " in lower or "news" in lower:
        text = _HEADED_ROLE.sub(lambda m: _with_i_am(m, is_role), text)
    if "i" in lower and "," in lower:
        text = _LISTED_ROLE.sub(lambda m: _with_i_am(m, is_role), text)
    return text


def _with_i_am(m: re.Match[str], is_role: Callable[[str], bool]) -> str:
    role = m.group("role")
    words = role.lower().split()
    bare = words[1:] if words[0] in ("a", "an") else words
    if not bare or not is_role(bare[-1]) or words[0] in ("my", "our", "the", "his", "her", "their"):
        return m.group(0)
    article = "" if bare is not words else ("an " if bare[0][:1] in "aeiou" else "a ")
    adv = (m.groupdict().get("adv") or "").strip()
    head = m.group("head").rstrip()
    return f"{head} I am {adv + ' ' if adv else ''}{article}{role}{m.group('at')}{m.group('org')}"
