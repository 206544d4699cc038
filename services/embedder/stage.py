"""embedder: facts.extracted -> facts.embedded.

consume a batch of fact candidates -> look their texts up in the embedding cache (by tenant, model
and text hash: tenants share no entry) -> embed only the misses -> cache them -> emit each candidate
with its vector, keyed tenant:user. A replay finds every text: no embedding call.

The same pipeline (:func:`embed_and_emit`) serves the message-embedder stage
(services/message_embedder/stage.py), which stores the vectors of message windows instead of
emitting: it runs as its own consumer group, so a backlog of messages never delays a fact on its way
to the consolidator.

The batch goes through in chunks, pipelined: every chunk's texts are asked for at once, and the next
batch's while this one is handled (:class:`Ahead`), so while the model embeds (in its worker process,
or over the network), the event loop stores and publishes the chunk before, and takes the next batch.
Done one after the other, the model would sit idle while a chunk is serialised, stored and sent.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from shared.broker import key_for
from shared.contracts.events import EmbeddedFact, FactCandidate, MessageStored
from shared.domain.event_checks import embedding_problem
from shared.domain.windows import embedding_text, windows
from shared.hashing import content_hash
from shared.provider_calls import reported_usage
from shared.providers.base import EmbeddingProvider
from shared.providers.registry import embedding_provider
from shared.runtime import PoisonEvent, Record, StageContext
from shared.settings import OFFLINE_EMBEDDING_DIMENSIONS
from shared.storage.caches import cached_embeddings, store_embeddings
from shared.storage.message_vectors import MessageWindow, store_message_vectors, stored_window_vectors
from shared.telemetry import CACHE_LOOKUPS, EVENTS, PROVIDER_CALLS, PROVIDER_SECONDS, PROVIDER_TOKENS, get_logger

STAGE = "embedder"
K = TypeVar("K", bound=Hashable)
log = get_logger(__name__)
# Candidates per model call, and a pipeline step. Large, because the model sorts a call's texts by length
# before cutting them into batches: measured on 2,400 texts, CPU per text was 3.67 ms in calls of 64,
# 3.32 ms in calls of 256, 3.09 ms in calls of 512, and 3.0 ms in one call of all of them.
CHUNK = 1024
TAIL = 128  # the last chunk: its store and publish are the part of a batch nothing overlaps


def parse(raw: bytes) -> FactCandidate:
    return FactCandidate.model_validate_json(raw)


def text_hash(text: str) -> str:
    return content_hash("embedding-text", text)


def chunk_bounds(count: int, size: int, tail: int) -> list[tuple[int, int]]:
    """Pure: [start, end) of each chunk of a batch of ``count``: chunks of ``size``, but the last one
    only ``tail`` long, since nothing overlaps its publish (the model has no next chunk to work on)."""
    bounds, start = [], 0
    while count - start > size + tail:
        bounds.append((start, start + size))
        start += size
    if count - start > 2 * tail:
        bounds.append((start, count - tail))
        start = count - tail
    if count > start:
        bounds.append((start, count))
    return bounds


def plan_chunks(hashes: Sequence[K], cached: set[K], size: int, tail: int = 0) -> list[tuple[slice, list[K]]]:
    """Split a batch into chunks (see :func:`chunk_bounds`), each with the texts it is the first to
    need (a text cached, or met in an earlier chunk, is not embedded again)."""
    seen = set(cached)
    out = []
    for start, end in chunk_bounds(len(hashes), size, tail or size):
        fresh = [h for h in dict.fromkeys(hashes[start:end]) if h not in seen]
        seen.update(fresh)
        out.append((slice(start, end), fresh))
    return out


def requests_by_chunk(keys: Sequence[K], missing: Sequence[K], size: int, tail: int) -> list[list[K]]:
    """Pure: the ``missing`` texts of a batch (its texts ``keys``, in order) grouped as the batch's chunks
    will need them (see :func:`plan_chunks`), one model request per chunk. So the small last chunk is a
    request of its own: at the end of a backlog the model worker embeds it alone (see
    model_worker.KEEP_LAST_APART_TEXTS) while the chunk before is stored and published."""
    needed = set(missing)
    return [fresh for _, fresh in plan_chunks(keys, {k for k in keys if k not in needed}, size, tail) if fresh]


@dataclass(frozen=True)
class Job:
    """One text to embed, and what it is for: a fact candidate to emit, or a message window to store."""

    tenant_id: str
    text: str
    hash: str
    candidate: FactCandidate | None = None
    window: MessageWindow | None = None


def jobs_of(events: Sequence[FactCandidate | MessageStored]) -> list[Job]:
    """Pure: the texts a batch needs embedded, in order; a message gives one job per window."""
    out: list[Job] = []
    for event in events:
        if isinstance(event, MessageStored):
            for no, window in enumerate(windows(event.content)):
                text = embedding_text(window, event.name)
                h = text_hash(text)
                where = MessageWindow(
                    event.tenant_id, event.event_id, no, event.user_id, event.session_id, event.created_at, h
                )
                out.append(Job(event.tenant_id, text, h, window=where))
        else:
            out.append(Job(event.tenant_id, event.text, text_hash(event.text), candidate=event))
    return out


async def handle(ctx: StageContext, batch: list[tuple[Record, FactCandidate]]) -> None:
    await embed_and_emit(
        ctx.db,
        embedding_provider(ctx.settings),
        jobs_of([candidate for _, candidate in batch]),
        ctx.publish,
        ctx.topics.embedded,
        dimensions=ctx.settings.embedding_dimensions,
        stage=ctx.stage,
    )


async def prefetch(ctx: StageContext, batch: list[tuple[Record, FactCandidate]]) -> None:
    """The next batch arrived while this one is handled: ask the model for its texts now (see Ahead)."""
    await request_ahead(ctx.db, embedding_provider(ctx.settings), jobs_of([c for _, c in batch]), stage=ctx.stage)


Key = tuple[str, str]  # (tenant, text hash): tenants share no vector


class Ahead:
    """Embeddings asked for before the chunk that needs them is handled: (model, tenant, text hash) ->
    the request computing it and the text's place in it.

    A batch asks for all its chunks at once, and the next batch's texts are asked for while this one is
    handled (:func:`prefetch`), so the model (a worker process, or a remote endpoint) always has the
    next texts queued: it never waits while a chunk is stored and published, nor while the next batch is
    taken from the broker and looked up in the cache. Bounded: at most ``limit`` texts wait unclaimed
    (the oldest are forgotten, and a batch that finds its text forgotten asks again)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._pending: dict[tuple[str, str, str], tuple[asyncio.Future, int]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None

    def _of_this_loop(self) -> dict[tuple[str, str, str], tuple[asyncio.Future, int]]:
        """The pending requests, which belong to the running event loop (a new loop starts afresh)."""
        loop = asyncio.get_running_loop()
        if loop is not self._loop:
            self._loop, self._pending = loop, {}
        return self._pending

    def has(self, model: str, key: Key) -> bool:
        return (model, *key) in self._of_this_loop()

    def request(self, stage: str, provider: EmbeddingProvider, keys: Sequence[Key], texts: Sequence[str]) -> None:
        if not keys:
            return
        pending = self._of_this_loop()
        task = asyncio.ensure_future(_embed(stage, provider, list(texts)))
        task.add_done_callback(_retrieved)
        for i, key in enumerate(keys):
            pending[(provider.model, *key)] = (task, i)
        while len(pending) > self.limit:
            pending.pop(next(iter(pending)))

    async def claim(self, stage: str, provider: EmbeddingProvider, keys: Sequence[Key], texts: dict[Key, str]):
        """{key: vector} of ``keys``, from their requests (asking now for any not asked for)."""
        pending = self._of_this_loop()
        found = {k: pending.pop((provider.model, *k), None) for k in keys}
        missing = [k for k, where in found.items() if where is None]
        if missing:
            task = asyncio.ensure_future(_embed(stage, provider, [texts[k] for k in missing]))
            task.add_done_callback(_retrieved)
            found.update({k: (task, i) for i, k in enumerate(missing)})
        tasks = list(dict.fromkeys(task for task, _ in found.values()))
        try:
            results = dict(zip(tasks, await asyncio.gather(*tasks), strict=True))
        except BaseException:
            # A failed request is forgotten with every text in it: the batch's retry asks again.
            failed = {t for t in tasks if t.done() and (t.cancelled() or t.exception() is not None)}
            for key in [k for k, (task, _) in pending.items() if task in failed]:
                del pending[key]
            raise
        return {k: results[task][i] for k, (task, i) in found.items()}


def _retrieved(task: asyncio.Future) -> None:
    if not task.cancelled():
        task.exception()  # retrieved: a request nobody claims fails quietly (its claimer would re-raise it)


# The batch being handled, those taken ahead (up to a batch's worth of events, and the one that crossed
# that), and a margin; message windows can outnumber their messages.
AHEAD = Ahead(limit=4 * 2048)


async def request_ahead(pool, provider: EmbeddingProvider, jobs: list[Job], *, stage: str = STAGE) -> None:
    """Ask the model now for the texts of ``jobs`` that no cache holds and nobody asked for yet."""
    model = provider.model
    texts = {(j.tenant_id, j.hash): j.text for j in jobs if not AHEAD.has(model, (j.tenant_id, j.hash))}
    fact_keys = {(j.tenant_id, j.hash) for j in jobs if j.candidate is not None} & set(texts)
    vectors = await cached_embeddings(pool, model, list(fact_keys))
    vectors.update(await stored_window_vectors(pool, model, [k for k in texts if k not in fact_keys]))
    missing = [k for k in texts if k not in vectors and not AHEAD.has(model, k)]  # not asked meanwhile
    for part in requests_by_chunk([(j.tenant_id, j.hash) for j in jobs], missing, CHUNK, TAIL):
        AHEAD.request(stage, provider, part, [texts[k] for k in part])


async def embed_and_emit(
    pool,
    provider: EmbeddingProvider,
    jobs: list[Job],
    publish,
    topic: str,
    *,
    dimensions: int = OFFLINE_EMBEDDING_DIMENSIONS,
    stage: str = STAGE,
) -> None:
    """Embed the jobs' texts that no cache holds, then per chunk: store the message windows' vectors and
    publish the candidates with theirs (``publish`` None: store only). ``stage`` labels the metrics."""
    model = provider.model
    keys = [(j.tenant_id, j.hash) for j in jobs]
    texts = dict(zip(keys, (j.text for j in jobs), strict=True))
    fact_keys = {k for j, k in zip(jobs, keys, strict=True) if j.candidate is not None}
    # Fact texts are cached in `embeddings`; message windows are their own cache (`message_vectors`, by
    # tenant and text hash): one write per window instead of two. Texts asked for ahead are not cached.
    unasked = [k for k in texts if not AHEAD.has(model, k)]
    vectors = await cached_embeddings(pool, model, [k for k in unasked if k in fact_keys])
    vectors.update(await stored_window_vectors(pool, model, [k for k in unasked if k not in fact_keys]))
    CACHE_LOOKUPS.labels(stage, "embedding", "hit").inc(sum(k in vectors for k in texts))
    CACHE_LOOKUPS.labels(stage, "embedding", "miss").inc(sum(k not in vectors for k in texts))

    chunks = plan_chunks(keys, set(vectors), CHUNK, TAIL)
    if not chunks:
        return
    started = time.perf_counter()
    waited = 0.0  # seconds the event loop had nothing to do but wait for the model
    # Every chunk's texts are asked for now, in order: while one chunk is stored and published the model
    # already works on the next (the worker queues them; see Ahead).
    for _, fresh in chunks:
        new = [k for k in fresh if not AHEAD.has(model, k)]
        AHEAD.request(stage, provider, new, [texts[k] for k in new])
    for where, fresh in chunks:
        wait_started = time.perf_counter()
        computed = await AHEAD.claim(stage, provider, fresh, texts)
        waited += time.perf_counter() - wait_started
        _check_vectors(computed, texts, dimensions)
        await store_embeddings(pool, model, {k: v for k, v in computed.items() if k in fact_keys})
        vectors.update(computed)
        part = list(zip(jobs[where], keys[where], strict=True))
        facts = [_embedded(j.candidate, vectors[k], model) for j, k in part if j.candidate]
        message_windows = [(j.window, vectors[k]) for j, k in part if j.window]
        if message_windows:
            await store_message_vectors(pool, [w for w, _ in message_windows], [v for _, v in message_windows], model)
        if facts and publish is not None:
            await publish(topic, facts)
        EVENTS.labels(stage, "processed").inc(len(facts))  # per chunk: a published candidate is processed
        EVENTS.labels(stage, "windows_stored").inc(len(message_windows))
    log.info(
        "embedded",
        stage=stage,
        texts=len(jobs),
        embedded=sum(len(fresh) for _, fresh in chunks),
        chunks=len(chunks),
        seconds=round(time.perf_counter() - started, 3),
        waiting_for_model_s=round(waited, 3),
    )


def _check_vectors(computed: dict[str, list[float]], texts: dict[str, str], dimensions: int) -> None:
    """A provider's vector that cannot be stored fails the batch, before it is cached or sent on: the
    batch is then split, and the candidates whose text gets such a vector are dead-lettered."""
    for text_key, vector in computed.items():
        if problem := embedding_problem(vector, dimensions):
            raise PoisonEvent(f"embedding of {texts[text_key][:80]!r}: {problem}")


async def _embed(stage: str, provider: EmbeddingProvider, texts: list[str]) -> list[list[float]]:
    if not texts:
        return []
    try:
        with PROVIDER_SECONDS.labels(stage, provider.name, "embedding").time():
            vectors = await provider.embed(texts)
    except Exception:
        PROVIDER_CALLS.labels(stage, provider.name, "embedding", "error").inc()
        raise
    PROVIDER_CALLS.labels(stage, provider.name, "embedding", "ok").inc()
    PROVIDER_TOKENS.labels(stage, provider.name, "embedding", "prompt").inc(reported_usage(provider)[0])
    return vectors


def _embedded(candidate: FactCandidate, vector: list[float], model: str) -> tuple[bytes, bytes]:
    # model_construct: the candidate was validated when parsed, and the vector is the model's own.
    event = EmbeddedFact.model_construct(**dict(candidate), embedding=vector, embedding_model=model)
    return key_for(candidate.tenant_id, candidate.user_id), event.model_dump_json().encode()
