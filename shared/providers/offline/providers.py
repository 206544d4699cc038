"""The offline providers: deterministic rules and a local MiniLM, no network and no keys.

They are honest stand-ins for an LLM: good for a first run, for tests and for air-gapped use,
and they report zero tokens.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from shared.domain.models import Decision, DecisionItem, ExtractionInput, ExtractionResult, Turn
from shared.providers.offline import decision_rules, extraction_rules

_SENTENCE = re.compile(r"(?<=[.!?])\s+")
SUMMARY_MAX_CHARS = 1200


class OfflineExtractionProvider:
    name = "offline"
    model = "rules"
    prompt_version = extraction_rules.RULES_VERSION

    async def extract(self, request: ExtractionInput) -> ExtractionResult:
        return ExtractionResult(facts=extraction_rules.extract_facts(request))


class OfflineDecisionProvider:
    name = "offline"
    model = "rules"
    prompt_version = decision_rules.RULES_VERSION

    async def decide(self, items: Sequence[DecisionItem]) -> list[Decision]:
        return [decision_rules.decide(item) for item in items]


class OfflineSummaryProvider:
    """Extractive: the user's informative sentences, newest kept when space runs out."""

    name = "offline"
    model = "extractive"
    prompt_version = "extractive-v1"

    async def summarize_session(self, turns: Sequence[Turn]) -> str:
        sentences = [
            sentence.strip()
            for turn in turns
            if turn.role == "user"
            for sentence in _SENTENCE.split(turn.content)
            if len(sentence.split()) >= 3 and not sentence.strip().endswith("?")
        ]
        kept: list[str] = []
        used = 0
        for sentence in reversed(sentences):
            if used + len(sentence) > SUMMARY_MAX_CHARS:
                break
            kept.append(sentence)
            used += len(sentence) + 3
        return "\n".join(f"- {s}" for s in reversed(kept))

    async def profile_digest(self, facts: Sequence[tuple[str, str]]) -> str:
        by_category: dict[str, list[str]] = {}
        for category, text in facts:
            by_category.setdefault(category, []).append(text)
        return "\n".join(f"{category}: " + "; ".join(texts) for category, texts in sorted(by_category.items()))
