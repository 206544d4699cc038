"""message-embedder: messages.stored -> message_vectors.

consume a batch of stored messages -> cut each into windows (pure) -> look the windows' texts up
among the tenant's stored windows (by model and text hash) -> embed only the misses -> store each
window's vector (idempotent on tenant, message, window) -> nothing to emit. A replay finds every
text: no embedding call.

It is the embedder's pipeline (services/embedder/stage.py) under a consumer group of its own: every
message is embedded, a fact candidate only now and then, and in one group the candidates waited
behind the backlog of message windows (measured: fact freshness p95 ~27 s at half load). Apart, a
search-only vector never delays a fact, and each stage scales on its own topic's lag.
"""

from __future__ import annotations

from collections.abc import Sequence

from services.embedder.stage import embed_and_emit, jobs_of, request_ahead
from shared.contracts.events import MessageStored, stored_event
from shared.providers.base import EmbeddingProvider
from shared.providers.registry import embedding_provider
from shared.runtime import Record, StageContext
from shared.settings import OFFLINE_EMBEDDING_DIMENSIONS
from shared.telemetry import EVENTS

STAGE = "message-embedder"


def parse(raw: bytes) -> MessageStored:
    return MessageStored.model_validate_json(raw)


async def handle(ctx: StageContext, batch: list[tuple[Record, MessageStored]]) -> None:
    if not ctx.settings.embed_messages:  # switched off after these were published: consumed, not embedded
        EVENTS.labels(ctx.stage, "skipped_embeddings_off").inc(len(batch))
        return
    await embed_and_emit(
        ctx.db,
        embedding_provider(ctx.settings),
        jobs_of([message for _, message in batch]),
        None,
        "",
        dimensions=ctx.settings.embedding_dimensions,
        stage=ctx.stage,
    )
    EVENTS.labels(ctx.stage, "processed").inc(len(batch))


async def prefetch(ctx: StageContext, batch: list[tuple[Record, MessageStored]]) -> None:
    """The next batch arrived while this one is handled: ask the model for its windows now."""
    if ctx.settings.embed_messages:
        await request_ahead(ctx.db, embedding_provider(ctx.settings), jobs_of([m for _, m in batch]), stage=ctx.stage)


async def embed_stored_messages(
    pool, provider: EmbeddingProvider, messages: Sequence[object], *, dimensions: int = OFFLINE_EMBEDDING_DIMENSIONS
) -> None:
    """Embed stored messages (anything with a MessageStored's fields) as the stage does; for backfills
    and the evaluation."""
    stored = [stored_event(m) for m in messages]
    await embed_and_emit(pool, provider, jobs_of(stored), None, "", dimensions=dimensions, stage=STAGE)
