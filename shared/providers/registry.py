"""Which provider serves which task, from settings alone."""

from __future__ import annotations

from shared.providers.base import DecisionProvider, EmbeddingProvider, ExtractionProvider, SummaryProvider
from shared.settings import Settings


def extraction_provider(settings: Settings) -> ExtractionProvider:
    if settings.llm_provider == "offline":
        from shared.providers.offline.providers import OfflineExtractionProvider

        return OfflineExtractionProvider()
    if settings.llm_provider == "openai":
        from shared.providers import openai_provider

        return openai_provider.extraction_provider(settings)
    raise NotImplementedError(f"llm_provider={settings.llm_provider!r} is not available in this build")


def decision_provider(settings: Settings) -> DecisionProvider:
    if settings.llm_provider == "offline":
        from shared.providers.offline.providers import OfflineDecisionProvider

        return OfflineDecisionProvider()
    if settings.llm_provider == "openai":
        from shared.providers import openai_provider

        return openai_provider.decision_provider(settings)
    raise NotImplementedError(f"llm_provider={settings.llm_provider!r} is not available in this build")


def summary_provider(settings: Settings) -> SummaryProvider:
    if settings.llm_provider == "offline":
        from shared.providers.offline.providers import OfflineSummaryProvider

        return OfflineSummaryProvider()
    if settings.llm_provider == "openai":
        from shared.providers import openai_provider

        return openai_provider.summary_provider(settings)
    raise NotImplementedError(f"llm_provider={settings.llm_provider!r} is not available in this build")


def embedding_provider(settings: Settings, *, bulk: bool = True) -> EmbeddingProvider:
    """``bulk``: the caller embeds batches (a stage, a backfill), so the offline model runs in a model
    worker when ``embedding_worker`` says so; a caller of single queries (the API) keeps it in-process,
    where a round trip to another process would only add latency."""
    if settings.embedding_provider == "offline":
        from shared.providers.offline.runtimes import offline_embedding_provider, offline_query_provider

        if not bulk:
            return offline_query_provider(settings.search_query_runtime, settings.embedding_runtime)
        return offline_embedding_provider(settings.embedding_runtime, in_worker=settings.embedding_worker)
    if settings.embedding_provider == "openai":
        from shared.providers import openai_provider

        return openai_provider.embedding_provider(settings)
    raise NotImplementedError(f"embedding_provider={settings.embedding_provider!r} is not available in this build")
