"""A probe set of short chatty user messages with the facts a reader expects (written for issue 12's
classes, in words of its own: none is taken from bench/data, the issue text or the classifier's lines).

Each probe: (class, messages, expected). ``expected`` lists (words, negated, slot_prefix): a fact
matches when its text holds every word (case-insensitive), its negation agrees and, when a slot prefix
is given, its slot starts with it. An empty ``expected`` says nothing should be extracted.
"""

from __future__ import annotations

# ruff: noqa: E501  (a table: one probe a line reads best)

E = tuple[tuple[str, ...], bool, str | None]

PROBES: list[tuple[str, tuple[str, ...], list[E]]] = [
    # plain statements
    ("plain", ("I keep bees on my allotment.",), [(("bees",), False, None)]),
    ("plain", ("I teach maths at a secondary school in Leeds.",), [(("maths",), False, None)]),
    ("plain", ("honestly I live on black coffee and toast",), [(("coffee",), False, None)]),
    ("plain", ("I drive a battered old Volvo estate.",), [(("volvo",), False, None)]),
    ("plain", ("My cat is called Biscuit.",), [(("biscuit",), False, None)]),
    ("plain", ("I'm allergic to peanuts.",), [(("peanuts",), False, None)]),
    ("plain", ("I live alone in Gdansk.",), [(("gdansk",), False, "location")]),
    ("plain", ("I'm at Rivermark Analytics now.",), [(("rivermark",), False, "employer")]),
    ("plain", ("I swim three mornings a week.",), [(("swim",), False, None)]),
    ("plain", ("I work as a nurse in Galway.",), [(("nurse",), False, None), (("galway",), False, "location")]),
    # changes
    (
        "change",
        ("I live in Leeds.", "I moved to Bristol last month."),
        [(("leeds",), False, "location"), (("bristol",), False, "location")],
    ),
    ("change", ("I switched from Vim to Helix.",), [(("helix",), False, None)]),
    ("change", ("We traded our hatchback for an e-bike.",), [(("hatchback",), True, None), (("e-bike",), False, None)]),
    (
        "change",
        ("I quit my job at Orbitel and started at Greenfin.",),
        [(("orbitel",), True, None), (("greenfin",), False, "employer")],
    ),
    ("change", ("These days I drink tea instead of coffee.",), [(("tea",), False, None)]),
    ("change", ("I'm vegetarian now.",), [(("vegetarian",), False, None)]),
    # endings
    (
        "ending",
        ("I play the trumpet in a brass band.", "I don't play the trumpet anymore."),
        [(("trumpet",), False, None), (("trumpet",), True, None)],
    ),
    ("ending", ("I stopped doing crossfit.",), [(("crossfit",), True, None)]),
    ("ending", ("Our old dog Pepper died last week.",), [(("pepper",), True, None)]),
    (
        "ending",
        ("I work at Halcyon Bank.", "I left Halcyon Bank in April."),
        [(("halcyon",), False, "employer"), (("halcyon",), True, "employer")],
    ),
    ("ending", ("I'm no longer on the climbing team.",), [(("climbing",), True, None)]),
    ("ending", ("My girlfriend and I split up.",), [((), True, "partner")]),
    # we-statements
    ("we", ("We run everything on Kubernetes at work.",), [(("kubernetes",), False, None)]),
    ("we", ("We just had twins!",), [(("twins",), False, None)]),
    ("we", ("We grow tomatoes on the balcony.",), [(("tomatoes",), False, None)]),
    ("we", ("Our team ships with GitLab CI.",), [(("gitlab",), False, None)]),
    # stated times
    ("time", ("I moved to Valencia two years ago.",), [(("valencia",), False, "location")]),
    ("time", ("Since 2020 I've worked at Polaris Foods.",), [(("polaris",), False, "employer")]),
    ("time", ("Started learning Japanese in January.",), [(("japanese",), False, None)]),
    ("time", ("I have a dentist appointment on Friday at 10.",), [(("dentist",), False, None)]),
    # context scoping
    (
        "context",
        ("At work we use Java, but for my side project I use Rust.",),
        [(("java",), False, None), (("rust",), False, None)],
    ),
    ("context", ("For my hobby project I host on Hetzner.",), [(("hetzner",), False, None)]),
    ("context", ("My family eats vegetarian at home.",), [(("vegetarian",), False, None)]),
    ("context", ("Python at work but Go for my side project.",), [(("python",), False, None), (("go",), False, None)]),
    # non-English
    (
        "foreign",
        ("Abito a Bologna e faccio l'infermiera.",),
        [(("bologna",), False, None), (("infermiera",), False, None)],
    ),
    ("foreign", ("Moro em Recife.",), [(("recife",), False, None)]),
    ("foreign", ("Ich arbeite bei Siemens.",), [(("siemens",), False, None)]),
    ("foreign", ("Vivo en Sevilla.",), [(("sevilla",), False, None)]),
    ("foreign", ("J'habite à Lyon.",), [(("lyon",), False, None)]),
    ("foreign", ("Ich spiele Geige.",), [(("geige",), False, None)]),
    ("foreign", ("Trabalho como professora.",), [(("professora",), False, None)]),
    # multi-fact
    (
        "multi",
        ("I live in Oslo, I work at Statnett and I have two kids.",),
        [(("oslo",), False, None), (("statnett",), False, None), (("kids",), False, None)],
    ),
    (
        "multi",
        ("I'm a pharmacist and I run marathons.",),
        [(("pharmacist",), False, None), (("marathon",), False, None)],
    ),
    ("multi", ("I cycle to work and I cook every night.",), [(("cycle",), False, None), (("cook",), False, None)]),
    # subject-less shorthand and introductions
    (
        "shorthand",
        ("Priya, 31, product designer at Loomwell.",),
        [
            (("priya",), False, "name"),
            (("31",), False, "age"),
            (("product designer",), False, None),
            (("loomwell",), False, "employer"),
        ],
    ),
    (
        "shorthand",
        ("Tomas here, 45, plumber from Brno.",),
        [(("tomas",), False, "name"), (("45",), False, "age"), (("plumber",), False, None), (("brno",), False, None)],
    ),
    ("shorthand", ("Love hiking, hate crowds.",), [(("hiking",), False, None), (("crowds",), False, "dislike")]),
    ("shorthand", ("Currently living in Quito.",), [(("quito",), False, "location")]),
    ("shorthand", ("Working at Nordlys as a data engineer.",), [(("nordlys",), False, None)]),
    ("shorthand", ("Big fan of jazz.",), [(("jazz",), False, None)]),
    # non-facts
    ("nonfact", ("If I lived in Tokyo I'd eat ramen daily.",), []),
    ("nonfact", ("Can you suggest a good book on Stoicism?",), []),
    ("nonfact", ("My brother says I should learn Rust.",), []),
    ("nonfact", ("I'm basically a cat at this point, lol.",), []),
    ("nonfact", ("Maybe I'll try pottery some day.",), []),
    ("nonfact", ("You could try using Postgres for that.",), []),
    ("nonfact", ("My manager plays squash every Thursday.",), []),
    ("nonfact", ("I wonder whether I should move to Lisbon.",), []),
    ("nonfact", ("Pretend I'm a pirate captain.",), []),
    ("nonfact", ("What if I quit my job tomorrow?",), []),
    ("nonfact", ("I'm so tired today.",), []),
    ("nonfact", ("Thanks, that worked!",), []),
    ("nonfact", ("My friend lives in Madrid.",), []),
    ("nonfact", ("I'd love to visit Peru one day.",), []),
]
