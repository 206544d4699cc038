"""MEMSTREAM_CONTEXT_MESSAGES holds at least the offline rules' lookback, or settings refuse to load."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from shared.domain.cursor import RULES_LOOKBACK_TURNS
from shared.providers.offline import extraction_rules
from shared.settings import Settings


def test_the_rules_look_back_the_shared_constant():
    assert extraction_rules.LOOKBACK_TURNS == RULES_LOOKBACK_TURNS <= Settings.model_fields["context_messages"].default


def test_a_context_smaller_than_the_lookback_is_refused_with_the_offline_provider():
    with pytest.raises(ValidationError, match="MEMSTREAM_CONTEXT_MESSAGES=2 is too small for the offline provider"):
        Settings(llm_provider="offline", context_messages=2)
    assert Settings(llm_provider="offline", context_messages=RULES_LOOKBACK_TURNS).context_messages == 6


def test_a_model_may_take_a_smaller_context():
    assert Settings(llm_provider="openai", context_messages=2).context_messages == 2
