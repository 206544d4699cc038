"""Statement classes the specific rules read and nothing else here exercised.

``bench/rule_coverage.py`` found these rules *untested*: no tune-split conversation and no other unit
test holds a sentence of their class, so switching one off changed no output. Removing every such rule
kept the test-split figures within 0.006, yet broke these classes: an age or a language in Portuguese or
Italian became nothing or a habit, and "my wife ... died" became a positive fact about the wife. One
sentence per class pins what the rule says (the slot, whether it ends something, and the value).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from shared.domain.models import ExtractionInput, Turn
from shared.providers.offline.extraction_rules import extract_facts

SAID_AT = datetime(2026, 3, 11, 10, tzinfo=UTC)

# message, slot, negated (an ending), a word the fact must say
CLASSES = [
    # names and origins
    ("People call me Bea.", "name", False, "bea"),
    ("Name's Jake.", "name", False, "jake"),
    ("I originally come from Norway.", "origin", False, "norway"),
    # work: endings and employers
    ("I got laid off from Intel.", "employer", True, "intel"),
    ("I was fired by Uber.", "employer", True, "uber"),
    ("I lost my job.", "employer", True, "job"),
    ("Today was my last day at IBM.", "employer", True, "ibm"),
    ("My employer is Siemens.", "employer", False, "siemens"),
    ("My company is Stripe.", "employer", False, "stripe"),
    ("New job at Spotify!", "employer", False, "spotify"),
    # tools dropped
    ("We dropped Jira.", "tool:issue-tracker", True, "jira"),
    ("I ditched Vim.", "tool:editor", True, "vim"),
    ("We moved away from AWS.", "tool:cloud", True, "aws"),
    # diet, allergies, tastes
    ("I stopped being vegetarian.", "diet", True, "vegetarian"),
    ("I gave up veganism.", "diet", True, "vegan"),
    ("I have an allergy to peanuts.", "allergy:peanuts", False, "peanuts"),
    ("Sushi is my favourite food.", "favourite:food", False, "sushi"),
    # partners and people: endings are retractions, never positive facts
    ("I left my girlfriend.", "partner", True, "girlfriend"),
    ("My wife left me.", "partner", True, "wife"),
    ("Dana dumped me.", "partner", True, "dana"),
    ("My husband passed away.", "partner", True, "husband"),
    ("My wife Maria died last year.", "partner", True, "maria"),
    ("My brother Tom passed away.", "family:brother:tom", True, "tom"),
    ("My friend Ali died.", "person:friend:ali", True, "ali"),
    ("I have a girlfriend.", "partner", False, "girlfriend"),
    # languages
    ("I'm fluent in Japanese.", "language:japanese", False, "japanese"),
    ("I'm a native Spanish speaker.", "language:spanish", False, "spanish"),
    # dated events and stated times
    ("I moved to Oslo in March 2024.", "location", False, "2024-03"),
    ("My dentist appointment is on the 14th.", "event:dentist-appointment", False, "2026-03-14"),
    ("I will fly to Seville next Tuesday.", "event:fly-to-seville", False, "2026-03-17"),
    ("We were at the lake on Sunday.", "event:at-lake", False, "2026-03-08"),
    # German, Italian, Portuguese statements
    ("Ich bin 34 Jahre alt.", "age", False, "34"),
    ("Ich bin verheiratet.", "marital", False, "verheiratet"),
    ("Ich mag Jazz.", "like:jazz", False, "jazz"),
    ("Ich ziehe nächsten Monat nach Graz.", "location", False, "graz"),
    ("Ho 41 anni.", "age", False, "41"),
    ("Mi piace il jazz.", "like:jazz", False, "jazz"),
    ("Odio il caffè.", "dislike:caffè", False, "caffè"),
    ("Sono nata a Bari.", "origin", False, "bari"),
    ("Vengo da Verona.", "origin", False, "verona"),
    ("Sono allergica alle noci.", "allergy:noci", False, "noci"),
    ("Tenho 40 anos.", "age", False, "40"),
    ("Falo português.", "language:português", False, "português"),
    ("O meu nome é Rui.", "name", False, "rui"),
    ("Nasci em Coimbra.", "origin", False, "coimbra"),
    ("Sou casado.", "marital", False, "casado"),
    ("Sou de Braga.", "origin", False, "braga"),
    ("Gosto de futebol.", "like:futebol", False, "futebol"),
    ("Sou alérgico a camarão.", "allergy:camarão", False, "camarão"),
]


@pytest.mark.parametrize(("message", "slot", "negated", "word"), CLASSES, ids=[c[0] for c in CLASSES])
def test_a_statement_of_a_rule_class_keeps_its_fact(message: str, slot: str, negated: bool, word: str) -> None:
    request = ExtractionInput(new_turns=(Turn("m-1", "user", message, SAID_AT),), context_turns=())
    facts = extract_facts(request)
    said = [(f.text, f.slot, f.negated) for f in facts]
    assert any(f.slot == slot and f.negated is negated and word in f.text.lower() for f in facts), said
    if negated:
        assert not any(f.slot == slot and not f.negated for f in facts), said  # an ending is never a fact
