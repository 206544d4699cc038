"""The extraction prompt says each earlier message once: the summary, then what came after it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from shared.domain.models import ExtractionInput, Turn
from shared.providers import prompts

T0 = datetime(2026, 3, 1, 9, tzinfo=UTC)


def _turns(n: int) -> tuple[Turn, ...]:
    return tuple(
        Turn(f"c{i}", "user" if i % 2 == 0 else "assistant", f"earlier message number {i}", T0 + timedelta(minutes=i))
        for i in range(n)
    )


NEW = (Turn("n", "user", "I moved to Graz.", T0 + timedelta(hours=1)),)


def test_context_turns_the_summary_covers_are_left_out():
    request = ExtractionInput(NEW, _turns(6), summary="The user talked about moving.", summarized_context=4)
    text = prompts.render_extraction(request)
    assert "earlier message number 3" not in text  # covered by the summary
    assert "earlier message number 4" in text and "earlier message number 5" in text
    assert text.index("Summary:") < text.index("Earlier:") < text.index("New:")


def test_a_fully_covered_context_leaves_only_the_summary():
    text = prompts.render_extraction(ExtractionInput(NEW, _turns(2), summary="A summary.", summarized_context=2))
    assert "Earlier:" not in text and "Summary:" in text


def test_without_a_summary_every_context_turn_is_shown():
    request = ExtractionInput(NEW, _turns(6), summary="", summarized_context=4)
    assert request.unsummarized_context == request.context_turns
    assert all(f"earlier message number {i}" in prompts.render_extraction(request) for i in range(6))


def test_leaving_out_covered_turns_makes_the_prompt_smaller():
    full = prompts.render_extraction(ExtractionInput(NEW, _turns(6), summary="A summary."))
    trimmed = prompts.render_extraction(ExtractionInput(NEW, _turns(6), summary="A summary.", summarized_context=5))
    assert len(trimmed) < len(full)
