"""Text built to make a backtracking regex blow up: long runs of what a pattern repeats, ending in
what it cannot match. Each case must come back (with what the text really says), not stall a worker."""

from datetime import UTC, datetime

import pytest

from shared.domain.models import ExtractionInput, Turn
from shared.providers.offline.extraction_rules import extract_facts

AT = datetime(2026, 3, 11, 12, 0, tzinfo=UTC)


def facts_of(content: str, *, after_question: str | None = None) -> list[str]:
    turns = []
    if after_question:
        turns.append(Turn(event_id="q", role="assistant", content=after_question, created_at=AT))
    turns.append(Turn(event_id="u", role="user", content=content, created_at=AT))
    return [f.text for f in extract_facts(ExtractionInput(new_turns=tuple(turns)))]


@pytest.mark.parametrize("run", [30, 200, 2000])
def test_a_run_of_exclamation_marks_before_a_word_still_gives_the_statement(run):
    facts = facts_of("I live in Bremen" + "!" * run + " ok")
    assert any("Bremen" in text for text in facts)


@pytest.mark.parametrize("run", [30, 200])
def test_a_long_repeated_confirmation_is_still_one_confirmation(run):
    facts = facts_of("yes indeed " * run + "hmm", after_question="Do you live in Bremen?")
    assert facts == ["The user lives in Bremen"]


@pytest.mark.parametrize("run", [30, 1000])
def test_a_long_chain_of_ampersands_names_no_belonging(run):
    assert facts_of("I have " + "A&" * run + "a.") == []
