"""Provider ports. A new provider is one new module that implements these."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from shared.domain.models import Decision, DecisionItem, ExtractionInput, ExtractionResult, Turn


class ExtractionProvider(Protocol):
    name: str
    model: str
    prompt_version: str

    async def extract(self, request: ExtractionInput) -> ExtractionResult: ...


class DecisionProvider(Protocol):
    name: str
    model: str
    prompt_version: str

    async def decide(self, items: Sequence[DecisionItem]) -> list[Decision]:
        """One decision per item, in order."""
        ...


class SummaryProvider(Protocol):
    name: str
    model: str
    prompt_version: str

    async def summarize_session(self, turns: Sequence[Turn]) -> str: ...

    async def profile_digest(self, facts: Sequence[tuple[str, str]]) -> str:
        """Digest of a user's active facts, given as (category, text) pairs."""
        ...


class EmbeddingProvider(Protocol):
    name: str
    model: str
    dimensions: int

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """Unit-length vectors, one per text, in order."""
        ...
