"""A second probe set, written after the first had been used to fix the extractor and never used to
change it: the same classes in other words, to check the fixes hold on phrasings they were not made for.
Same format as gen6_probes.PROBES."""

from __future__ import annotations

# ruff: noqa: E501  (a table: one probe a line reads best)
from tests.unit.probes.gen6_probes import E

HOLDOUT: list[tuple[str, tuple[str, ...], list[E]]] = [
    ("plain", ("I live with two flatmates in Aberdeen.",), [(("aberdeen",), False, "location")]),
    ("plain", ("I'm with Northwind Logistics now.",), [(("northwind",), False, "employer")]),
    ("plain", ("I sing in a barbershop quartet.",), [(("quartet",), False, None)]),
    (
        "change",
        ("I exchanged my road bike for a gravel bike.",),
        [(("road bike",), True, None), (("gravel bike",), False, None)],
    ),
    ("change", ("Moved from Porto to Braga in June.",), [(("braga",), False, "location")]),
    ("ending", ("Unsubscribed from Audible last week.",), [(("audible",), True, None)]),
    ("ending", ("I've given up energy drinks.",), [(("energy drinks",), True, None)]),
    ("we", ("We just had a baby girl!",), [(("baby girl",), False, "family")]),
    (
        "we",
        ("We have Spotify and YouTube Premium.",),
        [(("spotify",), False, None), (("youtube premium",), False, None)],
    ),
    (
        "context",
        ("TypeScript at work, Rust for my hobby project.",),
        [(("typescript",), False, None), (("rust",), False, None)],
    ),
    (
        "context",
        ("I use Windows at work and Linux at home.",),
        [(("windows",), False, None), (("linux",), False, None)],
    ),
    (
        "shorthand",
        ("Leo, 52, architect from Ghent.",),
        [(("leo",), False, "name"), (("52",), False, "age"), (("architect",), False, None), (("ghent",), False, None)],
    ),
    (
        "shorthand",
        ("Sam here, 23, barista at Bean Scene.",),
        [
            (("sam",), False, "name"),
            (("23",), False, "age"),
            (("barista",), False, None),
            (("bean scene",), False, "employer"),
        ],
    ),
    ("shorthand", ("Adore cats, hate mornings.",), [(("cats",), False, None), (("mornings",), False, None)]),
    ("shorthand", ("Huge fan of Formula 1.",), [(("formula 1",), False, None)]),
    ("nonfact", ("Love that, thanks!",), []),
    ("nonfact", ("Okay, 10, sounds fine.",), []),
    ("nonfact", ("I'm at the dentist now, brb",), []),
    ("nonfact", ("We should get Netflix sometime.",), []),
    ("nonfact", ("Passed the salt to my brother.",), []),
]
