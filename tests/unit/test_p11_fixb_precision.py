"""Precision, session 11 (fix round b): wrong outputs of three classes, through the whole extractor.

1. A yes to a yes/no question (extraction_rules ``_statement_from_question``) confirms only a lasting state: a
   passing stay ("still in hospital?", "still at the pub?") or a question about a time ahead ("still at X next
   month?") gives nothing, as ``fragments._still_confirmed`` already refuses them.
2. "still at <employer>?" answered with a place ("nah, Lisbon now") never fills the employer.
3. "got my own studio in <town>" is a home, not a business, unless a business word is said.

Every phrasing is our own; none comes from an evaluation set or a review file.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from shared.domain.models import ExtractionInput, Turn
from shared.providers.offline.extraction_rules import extract_facts

SAID = datetime(2026, 5, 20, 18, 30, tzinfo=UTC)


def facts(message: str, question: str | None = None, asker: str = "assistant") -> list[tuple[str, str | None]]:
    context = (Turn("m0", asker, question, SAID, "Ines" if asker == "user" else None),) if question else ()
    turn = Turn("m1", "user", message, SAID, "Rui" if asker == "user" else None)
    return [(f.text, f.slot) for f in extract_facts(ExtractionInput(new_turns=(turn,), context_turns=context))]


# --- 1. a yes confirms only a lasting state ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("still in hospital?", "yes"),
        ("are you still in hospital?", "yeah"),
        ("u still at the hospital?", "yep"),
        ("still on the waiting list?", "yes"),
        ("are you still at your mum's?", "yup"),
        ("still at Kellner next month?", "yes"),
        ("you still at Brightwell next year?", "yeah"),
        ("still in Porto next week?", "yep"),
        ("are you still at Solvane tomorrow?", "yes"),
        ("are you in hospital?", "yes"),
        ("u in the hospital rn?", "yeah"),
        ("are you at Kellner next month?", "yep"),
        ("you in rehab?", "yes"),
        ("are you at Brightwell next year?", "yes"),
    ],
)
def test_a_yes_to_a_passing_or_future_state_says_nothing_of_it(question, reply):
    said = facts(reply, question)
    assert not any(w in t for t, _ in said for w in ("hospital", "waiting", "mum", "rehab"))
    assert not any(" in 2026-" in t or " in 2027-" in t for t, _ in said), said


@pytest.mark.parametrize(
    ("question", "reply", "part"),
    [
        ("still at Kellner?", "yes", "Kellner"),
        ("do you live in Berlin?", "yes", "Berlin"),
        ("are you still vegan?", "yeah", "vegan"),
        ("still in Porto?", "yep", "Porto"),
        ("are you in a band?", "yes", "band"),
        ("are you moving to Oslo next month?", "yes", "Oslo"),
    ],
)
def test_a_yes_to_a_lasting_state_still_confirms_it(question, reply, part):
    assert any(part in t for t, _ in facts(reply, question))


# --- 2. a place for an employer never fills the employer ------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "reply", "place"),
    [
        ("still at Kellner?", "nah, Oslo now", "Oslo"),
        ("u still at Brightwell?", "nope, Lisbon these days", "Lisbon"),
        ("are you still at Solvane?", "no, living in Bergen now", "Bergen"),
        ("still at Kellner?", "not anymore, in Madrid now", "Madrid"),
    ],
)
def test_a_place_said_for_an_employer_is_no_employer(question, reply, place):
    for asker in ("assistant", "user"):
        said = facts(reply, question, asker)
        assert not any(slot.startswith("employer") and place in t for t, slot in said), said


@pytest.mark.parametrize(
    ("question", "reply", "employer"),
    [
        ("still at Kellner?", "nah, Solvane now", "Solvane"),
        ("u still at Brightwell?", "nope, Quillon these days", "Quillon"),
    ],
)
def test_a_new_employer_for_an_employer_still_fills_it(question, reply, employer):
    said = facts(reply, question, "user")
    assert any(slot.startswith("employer") and employer in t for t, slot in said), said


# --- 3. a home of one's own is no business ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "message",
    [
        "got my own studio in grennick",
        "I've got my own studio in tarrow now",
        "finally got my own studio in the city centre",
        "we have our own studio in ellerby",
        "got my own studio!! in kelton",
    ],
)
def test_a_studio_of_ones_own_is_no_business(message):
    assert not any(slot == "employer" for _, slot in facts(message)), facts(message)


@pytest.mark.parametrize(
    "message",
    [
        "opened my own studio in grennick",
        "I have my own pottery studio in tarrow",
        "I run my own studio in ellerby",
        "I have my own bakery",
    ],
)
def test_a_business_word_keeps_the_business(message):
    assert any(slot == "employer" for _, slot in facts(message)), facts(message)
