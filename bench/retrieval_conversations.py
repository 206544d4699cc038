"""Long two-speaker conversations with questions labelled by their evidence turns, generated.

Each user is a chat log between its owner (role ``user``) and a friend (role ``assistant``), both
named, over about 15 sessions spread across months: greetings, chit-chat and topic drift, and here
and there a turn that tells something (a new job, a trip, a pet, an injury...). The friend tells
things too, from the same repertoire, which is what makes the adversarial questions hard. Questions
come in five categories:

- single-hop: one turn answers it, and the question shares words with it;
- multi-hop: two turns are needed (an entity introduced in one, a detail about it in another);
- temporal: "when did...", or "what did X say in <month> about..." (the turn said then);
- paraphrase: the question shares no content word (after stemming) with the answer turn;
- adversarial: the same kind of event happened to both speakers, or twice to the owner; the
  question tells them apart only by who said it, or by one detail.

Deterministic for a seed. The split (tuning or test) is by user, fixed here, before any tuning.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import Stemmer

OWNERS = [
    "Maya",
    "Jonas",
    "Priya",
    "Tobias",
    "Amara",
    "Luca",
    "Ingrid",
    "Mateo",
    "Noor",
    "Felix",
    "Sofia",
    "Kenji",
    "Aisha",
    "Dmitri",
    "Clara",
    "Rafael",
    "Hana",
    "Oskar",
    "Leila",
    "Samuel",
    "Yara",
    "Emil",
    "Zora",
    "Theo",
    "Nadia",
    "Arjun",
    "Beatriz",
    "Viktor",
    "Mina",
    "Callum",
]
FRIENDS = [
    "Rosa",
    "Elliot",
    "Farah",
    "Bastian",
    "Greta",
    "Omar",
    "Lucia",
    "Henrik",
    "Selin",
    "Marcus",
    "Ines",
    "Kwame",
    "Julia",
    "Pavel",
    "Esme",
    "Dario",
    "Wren",
    "Ansel",
    "Tamsin",
    "Idris",
    "Junie",
    "Laszlo",
    "Mirela",
    "Quentin",
]
MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]

_STEM = Stemmer.Stemmer("english")
_WORD = re.compile(r"[^\W_]+")
STOP = frozenset(
    [
        "a",
        "about",
        "above",
        "after",
        "again",
        "all",
        "also",
        "am",
        "an",
        "and",
        "any",
        "are",
        "as",
        "at",
        "be",
        "because",
        "been",
        "before",
        "being",
        "below",
        "between",
        "both",
        "but",
        "by",
        "can",
        "could",
        "did",
        "do",
        "does",
        "doing",
        "don",
        "done",
        "down",
        "during",
        "each",
        "else",
        "ever",
        "few",
        "for",
        "from",
        "further",
        "get",
        "got",
        "had",
        "has",
        "have",
        "having",
        "he",
        "her",
        "here",
        "hers",
        "him",
        "his",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "just",
        "know",
        "like",
        "me",
        "more",
        "most",
        "my",
        "myself",
        "no",
        "nor",
        "not",
        "now",
        "of",
        "off",
        "on",
        "once",
        "only",
        "or",
        "other",
        "our",
        "ours",
        "out",
        "over",
        "own",
        "same",
        "she",
        "should",
        "so",
        "some",
        "such",
        "than",
        "that",
        "the",
        "their",
        "theirs",
        "them",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "through",
        "to",
        "too",
        "under",
        "until",
        "up",
        "us",
        "very",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "while",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "would",
        "you",
        "your",
        "yours",
        "s",
        "t",
        "ll",
        "ve",
        "re",
        "d",
        "m",
        "which",
        "whose",
    ]
)


def content_stems(text: str) -> set[str]:
    return {_STEM.stemWord(w) for w in _WORD.findall(text.lower()) if w not in STOP}


# --------------------------------------------------------------------------- repertoire of events
# Each kind: slot vocabularies; first-person ways to say it; questions per category ({N} = the speaker's
# name). Answers are the turn(s) of the event. A follow-up (for multi-hop) mentions an entity of the
# first turn and adds a detail; its question needs both.

KINDS: dict[str, dict] = {
    "pet": {
        "slots": {
            "breed": [
                "greyhound",
                "beagle",
                "dachshund",
                "corgi",
                "whippet",
                "boxer",
                "poodle",
                "labrador",
                "vizsla",
                "samoyed",
            ],
            "pet": [
                "Pepper",
                "Milo",
                "Biscuit",
                "Juniper",
                "Otis",
                "Mochi",
                "Ziggy",
                "Hazel",
                "Rufus",
                "Clementine",
                "Waffles",
                "Pickle",
            ],
            "thing": ["the couch cushion", "my running shoes", "a phone charger", "the TV remote", "a library book"],
        },
        "say": [
            "We finally adopted a {breed} from the rescue, we're calling her {pet}!",
            "Big news: a {breed} named {pet} lives with us now, picked her up from the shelter on Saturday.",
            "So I caved and brought home a {breed} puppy. {pet} is already running the place.",
        ],
        "single": ["What is the name of the {breed} {N} adopted?", "What did {N} name the {breed} puppy?"],
        "para": ["Which four-legged companion joined {N}'s household, and what is it called?"],
        "temporal": ["When did {N} adopt the {breed}?", "What did {N} say in {M} about getting a dog?"],
        "adversarial": ["What did {N} call the dog from the shelter?"],
        "follow": ["{pet} chewed through {thing} this morning, I can't even be mad.", "Guess who ate {thing}? {pet}."],
        "multi": ["What did {N}'s {breed} chew up?"],
    },
    "job": {
        "slots": {
            "company": [
                "Halvard Labs",
                "Brightwell",
                "Northgate Analytics",
                "Copperleaf",
                "Tessaly",
                "Orbitel",
                "Quillon Systems",
                "Marrow & Finch",
                "Veradyne",
                "Lumen Freight",
            ],
            "role": [
                "data analyst",
                "product designer",
                "nurse practitioner",
                "sous chef",
                "civil engineer",
                "paralegal",
                "chemistry teacher",
                "UX researcher",
                "logistics coordinator",
                "sound technician",
            ],
            "boss": ["Gwen", "Harald", "Priscilla", "Obi", "Marguerite", "Stellan", "Bettina", "Ruairi"],
        },
        "say": [
            "I accepted the offer at {company}! Starting as a {role} next month.",
            "Signed the contract with {company} today, I'll be their new {role}.",
            "It's official, {company} hired me as a {role}, the interviews paid off.",
        ],
        "single": ["Which company hired {N} as a {role}?", "What position did {N} get at {company}?"],
        "para": ["Who is {N}'s new employer?"],
        "temporal": ["When did {N} get the job at {company}?", "What did {N} say in {M} about work news?"],
        "adversarial": ["Where did {N} land a new job?"],
        "follow": [
            "First week at {company} done. My manager {boss} seems really fair.",
            "Had lunch with {boss}, my boss at {company}, she's sharp.",
        ],
        "multi": ["Who is the manager of {N} in the {role} job?"],
    },
    "trip": {
        "slots": {
            "city": [
                "Lisbon",
                "Kyoto",
                "Reykjavik",
                "Oaxaca",
                "Tbilisi",
                "Hanoi",
                "Marrakech",
                "Ljubljana",
                "Cartagena",
                "Tallinn",
                "Valparaiso",
                "Kraków",
            ],
            "activity": [
                "a cooking class with a grandmother",
                "a sunrise hike above the old town",
                "a street food tour",
                "a pottery workshop",
                "a boat ride along the cliffs",
                "the night market",
                "a jazz bar in a basement",
                "the thermal baths",
            ],
        },
        "say": [
            "Just got back from {city}. Honestly the best part was {activity}.",
            "{city} was unreal, {activity} was the highlight of the whole week.",
            "Back home after {city}! Can't stop thinking about {activity}.",
        ],
        "single": ["What was the highlight of {N}'s trip to {city}?", "What did {N} enjoy most in {city}?"],
        "para": ["Which foreign destination did {N} recently visit on vacation?"],
        "temporal": ["When did {N} travel to {city}?", "What did {N} say in {M} about travelling?"],
        "adversarial": ["Which city did {N} come back from?"],
    },
    "sibling": {
        "slots": {
            "rel": ["sister", "brother", "cousin"],
            "who": ["Lena", "Tomas", "Ines", "Dara", "Keiko", "Anouk", "Bram", "Sunniva", "Ezra", "Malin"],
            "city": [
                "Porto",
                "Denver",
                "Glasgow",
                "Montreal",
                "Perth",
                "Valencia",
                "Leipzig",
                "Austin",
                "Bergen",
                "Trieste",
            ],
            "place": [
                "a rooftop bar",
                "a tiny fado club",
                "the botanical garden",
                "a flea market by the river",
                "an old observatory",
                "a climbing gym in a church",
            ],
        },
        "say": [
            "My {rel} {who} is moving to {city} for grad school, I'm going to miss them so much.",
            "{who}, my {rel}, just got the visa, leaving for {city} in two weeks.",
        ],
        "single": ["Where is {N}'s {rel} {who} moving?"],
        "para": ["To which town is {N}'s relative relocating?"],
        "temporal": ["When did {N} mention that {who} was moving to {city}?"],
        "adversarial": ["Which city is {N}'s {rel} moving to?"],
        "follow": [
            "Visited {who} last weekend, she took me to {place}.",
            "Spent three days with {who}, the best stop was {place}.",
        ],
        "multi": ["Where did {N} go with the {rel} who moved to {city}?"],
    },
    "race": {
        "slots": {
            "race": [
                "half marathon",
                "10k trail run",
                "sprint triathlon",
                "century bike ride",
                "open water swim",
                "obstacle race",
            ],
            "time": ["1:52", "2:07", "58 minutes", "1:34", "3 hours 40", "47 minutes"],
            "where": ["by the lake", "in the hills", "downtown", "along the harbour", "in the national park"],
        },
        "say": [
            "Finished the {race} {where} in {time}. Legs are dead but I'm so happy.",
            "Did it! {race} done in {time}, the course {where} was brutal.",
        ],
        "single": ["What was {N}'s time in the {race}?"],
        "para": ["How long did it take {N} to complete the endurance event?"],
        "temporal": ["When did {N} do the {race}?", "What did {N} say in {M} about a sports event?"],
        "adversarial": ["What time did {N} finish the race in?"],
    },
    "purchase": {
        "slots": {
            "item": [
                "a used Subaru Outback",
                "an electric cargo bike",
                "a vintage Gibson guitar",
                "a secondhand upright piano",
                "a sea kayak",
                "an espresso machine",
                "a telescope",
                "a sewing machine",
                "a drone",
            ],
            "price": ["$850", "$1,200", "$430", "$2,900", "$310", "$640", "$1,750"],
        },
        "say": [
            "Bought {item} for {price}, still can't believe I did it.",
            "Treated myself: {item}, {price}. No regrets. Okay, small regrets.",
        ],
        "single": ["How much did {N} pay for {item}?"],
        "para": ["What was the cost of {N}'s latest big splurge?"],
        "temporal": ["When did {N} buy {item}?"],
        "adversarial": ["How much money did {N} spend on the thing they bought?"],
    },
    "lessons": {
        "slots": {
            "skill": [
                "cello",
                "salsa dancing",
                "Japanese",
                "woodworking",
                "sourdough baking",
                "bouldering",
                "watercolor painting",
                "chess",
                "pottery",
                "sign language",
            ],
            "teacher": ["Ottilie", "Bruno", "Sakura", "Fenwick", "Marisol", "Ignatius", "Yusuf", "Philippa"],
            "day": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        },
        "say": [
            "Started {skill} lessons with a teacher called {teacher}, every {day} evening.",
            "Signed up for {skill} classes. {teacher}, the instructor, is intense but great. {day}s at seven.",
        ],
        "single": ["Who teaches {N} {skill}?", "Which day does {N} have {skill} lessons?"],
        "para": ["Whom does {N} see once a week to pick up a new ability?"],
        "temporal": ["When did {N} start learning {skill}?"],
        "adversarial": ["Who is {N}'s teacher?"],
    },
    "injury": {
        "slots": {
            "hurt": [
                "sprained my ankle",
                "broke my wrist",
                "pulled a hamstring",
                "threw out my back",
                "cracked a rib",
                "dislocated a finger",
            ],
            "cause": [
                "playing volleyball",
                "slipping on ice",
                "moving a couch",
                "at the bouldering gym",
                "chasing a bus",
                "doing yard work",
            ],
        },
        "say": ["Ugh, I {hurt} {cause}. The doctor says six weeks.", "Guess who {hurt} {cause}? Me. Crutches era."],
        "single": ["How did {N} get hurt?"],
        "para": ["What accident left {N} injured?"],
        "temporal": ["When did {N} get injured {cause}?"],
        "adversarial": ["What happened to {N}'s body recently?"],
    },
    "restaurant": {
        "slots": {
            "cuisine": ["Georgian", "Ethiopian", "Peruvian", "Sichuan", "Basque", "Lebanese", "Korean", "Oaxacan"],
            "place": ["Saffron Door", "Little Anchor", "Casa Moreno", "The Copper Pot", "Bistro Nube", "Kin & Kettle"],
            "dish": [
                "khachapuri",
                "injera platter",
                "ceviche",
                "mapo tofu",
                "pintxos",
                "lamb shawarma",
                "bibimbap",
                "mole negro",
            ],
        },
        "say": [
            "Tried that new {cuisine} place, {place}, downtown. The {dish} was incredible.",
            "Dinner at {place} last night: {cuisine} food, and I'd go back just for the {dish}.",
        ],
        "single": ["What dish did {N} love at {place}?"],
        "para": ["Which meal impressed {N} at the recently opened eatery?"],
        "temporal": ["When did {N} eat at {place}?", "What did {N} say in {M} about a restaurant?"],
        "adversarial": ["What food did {N} rave about?"],
    },
    "home": {
        "slots": {
            "hood": ["Riverside", "Old Quarter", "Maple Heights", "the Docklands", "Eastgate", "Hillcrest"],
            "feature": [
                "a balcony with a view of the bridge",
                "a huge kitchen island",
                "a fireplace",
                "a tiny garden",
                "ceilings like a cathedral",
                "a bathtub with claw feet",
            ],
        },
        "say": [
            "We signed the lease on a flat in {hood}! It has {feature}.",
            "Moving to {hood} next month, the place has {feature}.",
        ],
        "single": ["What does {N}'s new flat in {hood} have?"],
        "para": ["Which district will {N} rent a home in?"],
        "temporal": ["When did {N} sign for the place in {hood}?"],
        "adversarial": ["Which neighbourhood is {N} moving to?"],
    },
    "book": {
        "slots": {
            "book": [
                "The Salt Orchard",
                "Nine Winters",
                "A Map of Small Fires",
                "The Glass Cartographer",
                "Harbour Lights",
                "Under the Lemon Trees",
                "The Last Lighthouse Keeper",
            ],
            "author": ["Imogen Vasquez", "Tadeusz Ilves", "Corinne Okafor", "Bao Nguyen", "Agnes Lindqvist"],
            "verdict": ["cried at the ending", "the middle dragged", "couldn't put it down", "loved the twist"],
        },
        "say": ["Finished reading {book} by {author}, {verdict}.", "{book} ({author}) is done. Verdict: {verdict}."],
        "single": ["Who wrote the book {N} read, {book}?"],
        "para": ["Which novel did {N} just complete?"],
        "temporal": ["When did {N} finish {book}?"],
        "adversarial": ["What book did {N} finish?"],
    },
    "garden": {
        "slots": {
            "veg": ["tomatoes", "zucchini", "kale", "sunflowers", "strawberries", "chili peppers", "basil", "beans"],
            "veg2": ["carrots", "lavender", "pumpkins", "radishes", "mint", "dahlias"],
        },
        "say": [
            "Planted {veg} and {veg2} in the backyard beds today.",
            "Spent the whole day digging: {veg} and {veg2} are in the ground.",
        ],
        "single": ["What did {N} plant in the backyard?"],
        "para": ["What is {N} growing outdoors?"],
        "temporal": ["When did {N} plant {veg}?"],
        "adversarial": ["What vegetables did {N} put in?"],
    },
    "volunteer": {
        "slots": {
            "org": [
                "the food bank",
                "an animal shelter",
                "the public library",
                "a hospice",
                "the community kitchen",
                "a literacy charity",
            ],
            "task": ["sorting donations", "walking dogs", "reading to kids", "cooking lunches", "fixing bikes"],
        },
        "say": [
            "Signed up to volunteer at {org} on weekends, mostly {task}.",
            "Did my first shift at {org}, {task} for four hours.",
        ],
        "single": ["Where does {N} volunteer?"],
        "para": ["Which organisation does {N} help out for free?"],
        "temporal": ["When did {N} start volunteering?"],
        "adversarial": ["What does {N} do at the place they volunteer?"],
    },
}

# Fillers: small talk that also brushes past the same topics (a neighbour's dog, a city someday).
FILLER = {
    "open": ["hey!", "morning", "hi hi", "yo", "hello stranger", "good evening", "heyy", "ok I'm back"],
    "small": [
        "how was your week?",
        "did you sleep at all?",
        "traffic was awful today",
        "it's pouring here again",
        "I can't believe it's already {month}",
        "we should catch up properly soon",
        "what are you up to this weekend?",
        "I need a nap",
        "coffee number three, don't judge",
        "my inbox is a disaster",
        "the heating broke again",
        "finally some sunshine",
        "the neighbours are drilling since 8am",
        "did you watch the finale?",
        "I made way too much soup",
        "my phone battery is dying",
        "haha no way",
        "that's hilarious",
        "oh no, that sounds exhausting",
        "honestly same",
        "wait really?",
        "lol",
        "good for you!",
        "I've been so tired lately",
        "work is chaos this month",
        "any plans for the holidays?",
        "I keep forgetting to water my plants",
        "the bus was late again",
        "we ordered pizza, zero regrets",
        "I started a new show, it's weirdly good",
        "my mom called for an hour",
        "I'm trying to drink more water",
    ],
    "brush": [
        "my neighbour's {breed} barked all night",
        "someday I want to see {city}",
        "I should learn {skill} one day",
        "a coworker just bought {item}",
        "saw an ad for a {race}, not for me",
        "there's a new {cuisine} place near work",
        "my aunt grows {veg}, she keeps giving us bags of them",
        "someone at the gym {hurt} last week, yikes",
        "thinking about reading {book} but the reviews are mixed",
        "{hood} is getting so expensive",
        "my friend volunteers at {org}, she loves it",
        "the {company} office downtown has a cool lobby",
    ],
    "reply": [
        "Oh wow, that's huge!",
        "No way, tell me everything.",
        "Congrats!! You deserve it.",
        "That sounds amazing.",
        "Ouch, I'm so sorry.",
        "Love that for you.",
        "Haha of course.",
        "Wait, since when?",
        "So jealous right now.",
        "Send pictures!",
        "That's so you.",
        "Okay that is brilliant.",
    ],
}


@dataclass
class Message:
    id: str
    role: str
    name: str
    content: str
    created_at: datetime
    session_id: str


@dataclass
class Question:
    user_id: str
    category: str
    question: str
    answers: list[str]
    split: str


@dataclass
class Conversation:
    user_id: str
    owner: str
    friend: str
    split: str
    messages: list[Message] = field(default_factory=list)


def _pick_slots(rng: random.Random, kind: dict, avoid: dict | None = None) -> dict[str, str]:
    out = {}
    for name, values in kind["slots"].items():
        choices = [v for v in values if not avoid or v != avoid.get(name)]
        out[name] = rng.choice(choices)
    return out


def _fill(template: str, slots: dict[str, str], **extra: str) -> str:
    return template.format(**slots, **extra)


def _all_slots(rng: random.Random) -> dict[str, str]:
    merged: dict[str, str] = {"month": rng.choice(MONTHS)}
    for kind in KINDS.values():
        for name, values in kind["slots"].items():
            merged.setdefault(name, rng.choice(values))
    return merged


def _filler(rng: random.Random, month: str) -> str:
    roll = rng.random()
    if roll < 0.22:
        return _fill(rng.choice(FILLER["brush"]), _all_slots(rng)).capitalize()
    parts = []
    if rng.random() < 0.3:
        parts.append(rng.choice(FILLER["open"]))
    parts += [line.format(month=month) for line in rng.sample(FILLER["small"], rng.choice((1, 1, 2, 2, 3)))]
    return " ".join(p[0].upper() + p[1:] + ("" if p[-1] in "?!." else ".") for p in parts)


def generate(n_users: int = 20, turns: int = 300, seed: int = 11) -> tuple[list[Conversation], list[Question]]:
    rng = random.Random(seed)
    owners = (
        rng.sample(OWNERS, n_users) if n_users <= len(OWNERS) else [f"{rng.choice(OWNERS)}{i}" for i in range(n_users)]
    )
    conversations: list[Conversation] = []
    questions: list[Question] = []
    for u in range(n_users):
        user_id = f"conv{u:02d}"
        split = "tuning" if u % 2 == 0 else "test"  # fixed before any tuning
        owner, friend = owners[u], rng.choice([f for f in FRIENDS if f != owners[u]])
        conv = Conversation(user_id, owner, friend, split)
        n_sessions = max(1, turns // 20)
        start = datetime(2023, 1, 1, tzinfo=UTC) + timedelta(days=rng.randrange(0, 365))
        # Events: kinds for the owner; some kinds also happen to the friend (adversarial pairs); some
        # kinds have a follow-up turn sessions later (multi-hop).
        kinds = rng.sample(sorted(KINDS), 11)
        plans = []  # (speaker, kind name, slots, with follow-up)
        for i, name in enumerate(kinds):
            slots = _pick_slots(rng, KINDS[name])
            plans.append(("owner", name, slots, "follow" in KINDS[name]))
            if i < 4:  # the friend lives the same kind of event, with other details
                plans.append(("friend", name, _pick_slots(rng, KINDS[name], avoid=slots), False))
        # Assign each plan a session, follow-ups a later one.
        slots_per_session: dict[int, list[tuple]] = {}
        for plan in plans:
            s = rng.randrange(0, n_sessions - 3)
            slots_per_session.setdefault(s, []).append(("say", plan))
            if plan[3]:
                slots_per_session.setdefault(rng.randrange(s + 1, n_sessions), []).append(("follow", plan))
        when = start
        turn_ids: dict[tuple[str, str, str], Message] = {}
        for s in range(n_sessions):
            when += timedelta(days=rng.randrange(4, 24), hours=rng.randrange(0, 10))
            session_id = f"{user_id}-s{s:02d}"
            month = MONTHS[when.month - 1]
            n_turns = turns // n_sessions
            scripted = list(slots_per_session.get(s, []))
            positions = sorted(rng.sample(range(2, n_turns - 1, 2), min(len(scripted), (n_turns - 3) // 2)))
            script_at = dict(zip(positions, scripted, strict=False))
            reply_next = False
            for t in range(n_turns):
                speaker_is_owner = t % 2 == 0
                at = when + timedelta(minutes=t * 2 + rng.randrange(0, 2))
                content = None
                plan_here = script_at.get(t)
                if plan_here is not None:
                    what, (who, kind_name, slots, _) = plan_here
                    speaker_is_owner = who == "owner"
                    kind = KINDS[kind_name]
                    content = _fill(rng.choice(kind[what]), slots)
                elif reply_next:
                    content = rng.choice(FILLER["reply"])
                    if rng.random() < 0.4:
                        content += " " + rng.choice(FILLER["small"]).format(month=month).capitalize()
                reply_next = plan_here is not None
                if content is None:
                    content = _filler(rng, month)
                msg = Message(
                    id=f"{user_id}-m{len(conv.messages):04d}",
                    role="user" if speaker_is_owner else "assistant",
                    name=owner if speaker_is_owner else friend,
                    content=content,
                    created_at=at,
                    session_id=session_id,
                )
                conv.messages.append(msg)
                if plan_here is not None:
                    what, (who, kind_name, slots, _) = plan_here
                    turn_ids[(what, who, kind_name)] = msg
        conversations.append(conv)
        questions += _questions(rng, conv, plans, turn_ids)
    return conversations, questions


def _questions(rng: random.Random, conv: Conversation, plans: list, turn_ids: dict) -> list[Question]:
    out: list[Question] = []
    names = {"owner": conv.owner, "friend": conv.friend}

    def add(category: str, text: str, answers: list[Message]) -> None:
        out.append(Question(conv.user_id, category, text, [m.id for m in answers], conv.split))

    owner_plans = [p for p in plans if p[0] == "owner" and ("say", "owner", p[1]) in turn_ids]
    paired = {p[1] for p in plans if p[0] == "friend" and ("say", "friend", p[1]) in turn_ids}
    rng.shuffle(owner_plans)
    for who, kind_name, slots, _ in owner_plans[:4]:
        kind = KINDS[kind_name]
        add("single-hop", _fill(rng.choice(kind["single"]), slots, N=names[who]), [turn_ids[("say", who, kind_name)]])
    for who, kind_name, slots, has_follow in owner_plans:
        if has_follow and ("follow", who, kind_name) in turn_ids:
            kind = KINDS[kind_name]
            add(
                "multi-hop",
                _fill(rng.choice(kind["multi"]), slots, N=names[who]),
                [turn_ids[("say", who, kind_name)], turn_ids[("follow", who, kind_name)]],
            )
    for who, kind_name, slots, _ in owner_plans[4:8]:
        kind = KINDS[kind_name]
        turn = turn_ids[("say", who, kind_name)]
        add(
            "temporal",
            _fill(
                rng.choice(kind["temporal"]),
                slots,
                N=names[who],
                M=f"{MONTHS[turn.created_at.month - 1]} {turn.created_at.year}",
            ),
            [turn],
        )
    made = 0
    for who, kind_name, slots, _ in owner_plans:
        kind = KINDS[kind_name]
        turn = turn_ids[("say", who, kind_name)]
        for template in kind["para"]:
            text = _fill(template, slots, N=names[who])
            if not (content_stems(text) - {_STEM.stemWord(names[who].lower())}) & content_stems(turn.content):
                add("paraphrase", text, [turn])
                made += 1
                break
        if made >= 4:
            break
    slots_of = {(p[0], p[1]): p[2] for p in plans}
    for kind_name in sorted(paired):
        kind = KINDS[kind_name]
        who = rng.choice(("owner", "friend"))
        add(
            "adversarial",
            _fill(rng.choice(kind["adversarial"]), slots_of[(who, kind_name)], N=names[who]),
            [turn_ids[("say", who, kind_name)]],
        )
    return out


if __name__ == "__main__":
    from collections import Counter

    convs, qs = generate()
    print(sum(len(c.messages) for c in convs), "turns;", len(qs), "questions", Counter(q.category for q in qs))
    print(Counter((q.split, q.category) for q in qs))
    for c in convs[:1]:
        for m in c.messages[:40]:
            print(m.created_at.date(), m.name, ":", m.content)
    for q in qs[:20]:
        print(q.category, "|", q.question, q.answers)
