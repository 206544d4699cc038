"""`memstream worker <stage>`: run one stage as its own process and consumer group."""

from __future__ import annotations

import gc
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from shared.broker import Topics
from shared.settings import Settings
from shared.telemetry import get_logger, serve_metrics

log = get_logger(__name__)


@dataclass(frozen=True)
class StageSpec:
    sources: Callable[[Topics], list[str]]
    parser: Callable[[Settings], Callable[[bytes], Any]]
    handler: Callable[..., Any]
    batch_max_events: Callable[[Settings], int] = lambda s: s.batch_max_events
    # Called on the next batch while one is handled (shared/runtime.py: with_lookahead): the embedders
    # ask their model for its texts, so the model never waits between batches.
    prefetch: Callable[..., Any] | None = None
    # Events taken ahead (in batches not yet handled) before the agent stops taking: 1 is one batch ahead.
    lookahead_events: Callable[[Settings], int] = lambda s: 1
    # Take the next batch while one is handled and parse its records in the handler's waits for Postgres
    # and the broker (without a prefetch of its own): for a stage whose parsing is a large share of its CPU.
    read_ahead: bool = False
    # Work nothing in the pipeline waits for: the process runs at a lower CPU priority, so on cores it
    # shares with the other stages (memstream dev, one compose host) it yields to them.
    background: bool = False


BACKGROUND_NICENESS = 10
# Container objects allocated (net) before Python's cyclic garbage collector runs its young generation, in
# place of its default 700. A stage allocates about 20 per message (events, turns, facts, futures), so at 700
# the collector ran every 35 messages and, with its older generations in tow, took 0.03 ms of the
# extractor's ~0.27 ms of CPU per message (gc.callbacks timing over the bench workload, in process); at
# 10,000 it takes 0.002 ms. Reference counting still frees everything that is not a cycle at once; a cycle
# waits for at most 10,000 allocations.
GC_YOUNG_THRESHOLD = 10_000


def _specs() -> dict[str, StageSpec]:
    from services.consolidator import stage as consolidator
    from services.embedder import stage as embedder
    from services.extractor import stage as extractor
    from services.message_embedder import stage as message_embedder
    from services.reinforcer import stage as reinforcer
    from services.summarizer import stage as summarizer

    return {
        "extractor": StageSpec(
            lambda t: [t.messages],
            extractor.make_parser,
            extractor.handle,
            batch_max_events=lambda s: s.chat_batch_max_events,
            read_ahead=True,  # a chat event's validation is about a tenth of the stage's CPU
        ),
        "embedder": StageSpec(
            lambda t: [t.extracted],
            lambda s: embedder.parse,
            embedder.handle,
            batch_max_events=lambda s: s.embedder_batch_max_events,
            prefetch=embedder.prefetch,
            # A full batch's texts queued behind the one being handled: small batches (how the broker splits
            # a backlog) never leave the model idle while the next is taken.
            lookahead_events=lambda s: s.embedder_batch_max_events,
        ),
        # Its own group: a backlog of messages to embed never delays a fact candidate.
        "message-embedder": StageSpec(
            lambda t: [t.stored],
            lambda s: message_embedder.parse,
            message_embedder.handle,
            batch_max_events=lambda s: s.embedder_batch_max_events,
            prefetch=message_embedder.prefetch,
            # A full batch's texts queued behind the one being handled: small batches (how the broker splits
            # a backlog) never leave the model idle while the next is taken.
            lookahead_events=lambda s: s.embedder_batch_max_events,
            background=True,  # only search waits for a message's vector
        ),
        "consolidator": StageSpec(
            lambda t: [t.embedded],
            consolidator.make_parser,
            consolidator.handle,
            # Parsing (JSON, the base64 vector and its checks) is ~10 % of the stage's CPU: done in the
            # waits for Postgres of the batch before (its commits' disk flush above all), not between batches.
            read_ahead=True,
        ),
        "summarizer": StageSpec(
            lambda t: [t.messages, t.changes],
            lambda s: summarizer.parse,
            summarizer.handle,
            batch_max_events=lambda s: s.chat_batch_max_events,
        ),
        "reinforcer": StageSpec(lambda t: [t.recalls], lambda s: reinforcer.parse, reinforcer.handle),
    }


STAGES = ("extractor", "embedder", "message-embedder", "consolidator", "summarizer", "reinforcer")


def run_worker(stage: str, settings: Settings) -> None:
    from faust.worker import Worker

    from shared.runtime import build_stage_app

    spec = _specs()[stage]
    app, _ = build_stage_app(
        stage,
        settings,
        spec.sources(Topics.from_settings(settings)),
        spec.parser(settings),
        spec.handler,
        batch_max_events=spec.batch_max_events(settings),
        prefetch=spec.prefetch,
        lookahead_events=spec.lookahead_events(settings),
        read_ahead=spec.read_ahead,
    )
    serve_metrics(settings.metrics_port, settings.metrics_host)
    gc.set_threshold(GC_YOUNG_THRESHOLD, *gc.get_threshold()[1:])
    niceness = os.nice(BACKGROUND_NICENESS) if spec.background else os.nice(0)
    log.info("worker_starting", stage=stage, group=app.conf.id, metrics_port=settings.metrics_port, nice=niceness)
    Worker(
        app, loglevel=settings.log_level.lower().replace("warning", "warn"), quiet=True, redirect_stdouts=False
    ).execute_from_commandline()
