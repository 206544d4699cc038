"""The one settings object. Every knob has an embedded default that works on a fresh machine.

Environment variables use the ``MEMSTREAM_`` prefix, e.g. ``MEMSTREAM_DATABASE_URL``.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

OFFLINE_EMBEDDING_MODEL = "all-MiniLM-L6-v2"
OFFLINE_EMBEDDING_DIMENSIONS = 384


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="MEMSTREAM_", env_file=".env", extra="ignore")

    # --- where things live -------------------------------------------------------------
    data_dir: Path = Field(Path(".memstream"), description="Embedded Postgres data and runtime files.")
    database_url: str | None = Field(
        None, description="Postgres URL. Unset: start the embedded Postgres under data_dir."
    )
    kafka_bootstrap: str | None = Field(
        None, description="Kafka bootstrap servers. Unset: start the embedded Tansu broker."
    )
    embedded_broker_port: int = Field(0, description="Port of the embedded broker; 0 picks a free one.")

    # --- topics ------------------------------------------------------------------------
    topic_prefix: str = Field("memstream.", description="Prefix of every topic name.")
    messages_partitions: int = Field(8, description="Partitions of chat.messages (max extractor replicas).")
    facts_partitions: int = Field(8, description="Partitions of the fact topics (max embedder/consolidator replicas).")
    changes_partitions: int = Field(8, description="Partitions of facts.changes.")
    dlq_partitions: int = Field(2, description="Partitions of the dead-letter topic.")
    topic_replication_factor: int = Field(
        1, description="Replicas of each topic `memstream topics` creates (3 on a real cluster)."
    )

    # --- Kafka client behaviour ---------------------------------------------------------
    kafka_session_timeout_s: float = Field(
        6.0, description="Consumer group session timeout (short: joins wait half of it)."
    )
    kafka_heartbeat_interval_s: float = Field(1.0, description="Consumer heartbeat interval (about timeout/6).")
    kafka_fetch_max_wait_ms: int = Field(
        100,
        ge=1,
        description="Longest a stage's fetch waits at the broker for data (faust's own is 1,500). Kafka answers "
        "as soon as data arrives; the embedded broker only when the wait ends, so there it bounds each hop.",
    )
    kafka_idempotent_producer: bool = Field(
        False, description="Enable the idempotent producer (off: the embedded broker rejects it)."
    )
    batch_max_events: int = Field(64, description="Largest batch a stage takes from its topic at once.")
    batch_window_s: float = Field(0.2, description="How long a stage waits to fill a batch.")
    embedder_batch_max_events: int = Field(
        2048,
        description="Largest batch the embedder takes: it embeds chunks of 1,024 while the last is published.",
    )
    embed_messages: bool = Field(
        True,
        description="Embed every stored message (in windows when long), so search finds turns no fact covers; "
        "off: the extractor publishes no messages.stored events and the embedder skips any it gets.",
    )

    # --- API ---------------------------------------------------------------------------
    api_host: str = Field("127.0.0.1", description="API bind address.")
    api_port: int = Field(8080, description="API port.")
    dev_api_key: SecretStr = Field(
        SecretStr("ms-dev-key"), description="API key that `memstream dev` creates for the dev tenant."
    )
    dev_tenant: str = Field("dev", description="Tenant that `memstream dev` creates.")
    max_content_chars: int = Field(16_000, description="Longest message content accepted.")
    max_batch_messages: int = Field(500, description="Most messages in one ingest request.")
    api_db_pool_size: int = Field(10, description="Postgres connections per API process.")
    search_leg_timeout_s: float = Field(
        1.0,
        description="Deadline of each hybrid-search leg (vector, full text); a leg that fails or runs out is "
        "left out and named in `degraded`.",
    )
    search_exact_max_facts: int = Field(
        2_000,
        description="Users with up to this many active facts get an exact vector search (cost grows with the "
        "count); above it, the planner may use the HNSW index (approximate, with iterative scans).",
    )
    search_query_cache_size: int = Field(
        2_048,
        ge=0,
        description="Query embeddings each API process keeps (an LRU keyed by model and query text), so a "
        "repeated query skips the embedding; 0 turns the cache off.",
    )
    search_fusion: Literal["weighted", "rrf"] = Field(
        "weighted",
        description="How a search's legs are fused by default: weighted (calibrated scores, floors, weights) "
        "or rrf (Reciprocal Rank Fusion, k=60). A request may choose.",
    )

    # --- telemetry ---------------------------------------------------------------------
    metrics_host: str = Field("127.0.0.1", description="Bind address of a worker's /metrics.")
    metrics_port: int = Field(
        9100, description="Port of a worker's /metrics; 0 turns it off. The API serves /metrics itself."
    )
    log_level: str = Field("INFO", description="Log level.")
    log_json: bool = Field(True, description="JSON logs (off: human-readable console logs).")

    # --- providers ---------------------------------------------------------------------
    llm_provider: Literal["offline", "openai"] = Field(
        "offline", description="Who extracts facts, decides updates and summarises."
    )
    embedding_provider: Literal["offline", "openai"] = Field("offline", description="Who embeds text.")
    openai_base_url: str | None = Field(None, description="Any OpenAI-compatible endpoint.")
    openai_api_key: SecretStr = Field(SecretStr(""), description="API key for the endpoint.")
    extraction_model: str = Field("gpt-4o-mini", description="Model for fact extraction (openai provider).")
    decision_model: str = Field("gpt-4o-mini", description="Model for ADD/UPDATE/DELETE/NONE decisions.")
    summary_model: str = Field("gpt-4o-mini", description="Model for summaries.")
    embedding_model: str = Field(OFFLINE_EMBEDDING_MODEL, description="Embedding model id.")
    embedding_dimensions: int = Field(
        OFFLINE_EMBEDDING_DIMENSIONS, description="Embedding size; sizes the facts.embedding column."
    )
    openai_timeout_s: float = Field(60.0, description="Timeout of one request to the endpoint (openai provider).")
    openai_max_retries: int = Field(
        4,
        description="Retries of a request on 429, 5xx, timeouts and connection errors, with backoff; "
        "then the stage stalls and tries again later (nothing is dropped).",
    )
    openai_backoff_max_s: float = Field(
        20.0, description="Longest backoff between retries; a Retry-After header is honoured up to 120 s."
    )
    openai_max_concurrency: int = Field(4, description="Most requests in flight to the endpoint, per process.")
    openai_structured_output: Literal["auto", "json_schema", "json_object", "tools"] = Field(
        "auto",
        description="How replies are constrained to their schema; auto tries json_schema, then JSON mode, "
        "then tool calling, and keeps the first the endpoint accepts.",
    )
    openai_prices: dict[str, tuple[float, float]] = Field(
        default_factory=dict,
        description='USD per 1K prompt and completion tokens by model, as JSON, e.g. {"gpt-4o-mini": '
        "[0.00015, 0.0006]}; feeds memstream_provider_cost_total.",
    )
    summary_max_tokens: int = Field(300, description="Longest session summary or profile digest, in tokens.")

    # --- consolidation -----------------------------------------------------------------
    similarity_top_k: int = Field(5, description="Similar active facts shown to the decider.")
    similarity_floor: float = Field(0.55, description="Cosine similarity below which a fact is no neighbour.")

    # --- extraction and summaries -------------------------------------------------------
    context_messages: int = Field(6, description="Earlier messages given to the extractor as context.")
    summary_every_user_turns: int = Field(4, description="Regenerate a session summary every N user turns.")

    # --- relay -------------------------------------------------------------------------
    relay_poll_interval_s: float = Field(0.5, description="Longest wait between outbox polls.")
    outbox_retention_hours: float = Field(24.0, description="Published outbox rows older than this are pruned.")

    def topic(self, name: str) -> str:
        return f"{self.topic_prefix}{name}"


@lru_cache
def get_settings() -> Settings:
    return Settings()
