"""The one settings object. Every knob has an embedded default that works on a fresh machine.

Environment variables use the ``MEMSTREAM_`` prefix, e.g. ``MEMSTREAM_DATABASE_URL``.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from shared.domain.cursor import RULES_LOOKBACK_TURNS

OFFLINE_EMBEDDING_MODEL = "all-MiniLM-L6-v2"
OFFLINE_EMBEDDING_DIMENSIONS = 384


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="MEMSTREAM_", env_file=".env", extra="ignore")

    # --- where things live -------------------------------------------------------------
    data_dir: Path = Field(
        Path(".memstream"),
        description="Embedded Postgres data, logs, faust's folders, and the state file by which commands find a "
        "running `memstream dev`.",
    )
    database_url: str | None = Field(
        None,
        description="Postgres URL. Unset: `memstream dev` starts the embedded Postgres under data_dir, and other "
        "commands use the running dev stack's (never a new one).",
    )
    kafka_bootstrap: str | None = Field(
        None,
        description="Kafka bootstrap servers. Unset: `memstream dev` starts the embedded Tansu broker, and other "
        "commands use the running dev stack's.",
    )
    embedded_broker_port: int = Field(0, description="Port of the embedded broker; 0 picks a free one.")

    # --- topics ------------------------------------------------------------------------
    topic_prefix: str = Field(
        "memstream.", description="Prefix of every topic name and consumer group (`<prefix><stage>`)."
    )
    messages_partitions: int = Field(8, description="Partitions of chat.messages (max extractor replicas).")
    facts_partitions: int = Field(
        8,
        description="Partitions of the fact topics and messages.stored (max embedder, message-embedder and "
        "consolidator replicas).",
    )
    changes_partitions: int = Field(8, description="Partitions of facts.changes.")
    recalls_partitions: int = Field(8, description="Partitions of memory.recalls (max reinforcer replicas).")
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
        ge=1,
        le=2048,
        description="Largest batch the embedder and the message-embedder take: they embed chunks of 1,024 while "
        "the last is published or stored. At most 2,048: the texts asked of the model ahead and the records "
        "parsed ahead are kept for batches of up to that size.",
    )
    chat_batch_max_events: int = Field(
        256,
        ge=1,
        description="Largest batch the extractor takes from chat.messages and the summarizer from "
        "chat.messages and facts.changes: a batch costs them a few statements whatever its size, so a backlog "
        "drains with less CPU per message. With the offline rules what they produce does not depend on where "
        "batches begin or end; with an LLM each slice is one call, so other boundaries can mean other calls.",
    )
    embed_messages: bool = Field(
        True,
        description="Embed every stored message (in windows when long), so search finds turns no fact covers; "
        "off: the extractor publishes no messages.stored events and the message-embedder skips any it gets.",
    )

    # --- Kafka security (managed Kafka: MSK, Confluent Cloud, Aiven, Strimzi) -------------
    # One group used by every producer, consumer and admin client (shared/kafka_security.py).
    kafka_security_protocol: Literal["PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL"] = Field(
        "PLAINTEXT", description="How clients talk to Kafka: PLAINTEXT, SSL (TLS), SASL_PLAINTEXT or SASL_SSL."
    )
    kafka_sasl_mechanism: Literal["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "OAUTHBEARER"] = Field(
        "PLAIN",
        description="SASL mechanism (with a SASL_* protocol): PLAIN, SCRAM-SHA-256, SCRAM-SHA-512 or OAUTHBEARER.",
    )
    kafka_sasl_username: str | None = Field(None, description="SASL user name (PLAIN, SCRAM).")
    kafka_sasl_username_file: Path | None = Field(
        None, description="File holding the SASL user name (e.g. a mounted Secret); instead of the value."
    )
    kafka_sasl_password: SecretStr | None = Field(None, description="SASL password (PLAIN, SCRAM).")
    kafka_sasl_password_file: Path | None = Field(
        None, description="File holding the SASL password (e.g. a mounted Secret); instead of the value."
    )
    kafka_sasl_oauth_token: SecretStr | None = Field(None, description="A fixed OAUTHBEARER token.")
    kafka_sasl_oauth_token_file: Path | None = Field(
        None,
        description="File holding the OAUTHBEARER token, read again at every (re)authentication, so a sidecar "
        "can rotate it.",
    )
    kafka_ssl_cafile: Path | None = Field(
        None, description="CA bundle that signs the brokers' certificates (unset: the system's CAs)."
    )
    kafka_ssl_certfile: Path | None = Field(None, description="Client certificate (PEM) for mutual TLS.")
    kafka_ssl_keyfile: Path | None = Field(None, description="Private key (PEM) of the client certificate.")
    kafka_ssl_key_password: SecretStr | None = Field(None, description="Password of the client key, if any.")
    kafka_ssl_check_hostname: bool = Field(
        True, description="Check that the broker's certificate names its host (turn off only for testing)."
    )

    # --- API ---------------------------------------------------------------------------
    api_host: str = Field("127.0.0.1", description="API bind address.")
    api_port: int = Field(8080, description="API port.")
    dev_api_key: SecretStr = Field(
        SecretStr("ms-dev-key"), description="API key that `memstream dev` creates for the dev tenant."
    )
    dev_tenant: str = Field("dev", description="Tenant that `memstream dev` creates.")
    dev_max_restarts: int = Field(
        5, ge=0, description="`memstream dev` restarts a crashed child at most this many times within the window."
    )
    dev_restart_window_s: float = Field(
        300.0, gt=0, description="The sliding window (seconds) over which `memstream dev` counts a child's restarts."
    )
    max_content_chars: int = Field(16_000, ge=1, description="Longest message content accepted, in characters.")
    max_batch_messages: int = Field(500, ge=1, description="Most messages in one ingest request.")
    max_metadata_bytes: int = Field(
        8_192, ge=2, description="Largest `metadata` of one message, as compact UTF-8 JSON (16 levels deep at most)."
    )
    max_clock_skew_s: float = Field(
        300.0,
        ge=0,
        description="How far past the server's clock a client's `created_at` or `valid_from` may be; "
        "the earliest accepted is 1970-01-01.",
    )
    ingest_broker_timeout_s: float = Field(
        5.0,
        gt=0,
        description="Longest an ingest request waits for the broker to take its messages; then 503 with "
        "Retry-After (the messages may still arrive: retry with the same event ids).",
    )
    ingest_event_id_check_timeout_s: float = Field(
        1.0,
        gt=0,
        description="Longest ingest waits for the database to check that reused event ids match their "
        "stored messages; past it (or with the database down) the check is skipped and ingest goes on.",
    )
    api_key_cache_s: float = Field(
        5.0,
        ge=0,
        description="How long an API process trusts its last check of an API key: a revoked key stops "
        "working within this long.",
    )
    api_retry_after_s: int = Field(5, ge=1, description="Retry-After of a 503 while a dependency is down.")
    api_error_log_interval_s: float = Field(
        10.0, ge=0, description="The API logs each kind of error at most once per this interval, with a count."
    )
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

    # --- MCP server ------------------------------------------------------------------
    mcp_http: bool = Field(
        True, description="Serve MCP (streamable HTTP) at /mcp on the API's port, with the caller's API key."
    )
    mcp_api_url: str | None = Field(
        None, description="API that `memstream mcp` (stdio) talks to; unset: http://API_HOST:API_PORT."
    )
    mcp_api_key: SecretStr = Field(
        SecretStr(""), description="API key `memstream mcp` uses; its tenant is the only one it reaches."
    )
    mcp_user_id: str | None = Field(
        None,
        description="User whose memory `memstream mcp` serves; unset: each tool call names its user_id.",
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
    embedding_runtime: Literal["numpy", "onnx", "onnx-int8"] = Field(
        "numpy",
        description="What runs the offline model: numpy (the default), onnx (ONNX Runtime, FP32: the same vectors, "
        "about as fast here) or onnx-int8 (dynamically quantised: less CPU per text, vectors within cosine 0.99 on "
        "sentences, retrieval recall not within 0.01 of numpy on every measure; see docs/benchmarks.md). An ONNX "
        "graph is built from the installed weights on first use and cached under data_dir/models.",
    )
    search_query_runtime: Literal["auto", "numpy", "onnx", "onnx-int8"] = Field(
        "auto",
        description="What embeds the API's search queries (one text at a time, in-process, one thread): auto is "
        "ONNX Runtime FP32 when embedding_runtime is numpy (the same vectors to ~2e-7, about a third of numpy's "
        "CPU for one short text), else embedding_runtime; auto falls back to numpy if ONNX Runtime cannot load.",
    )
    embedding_worker: bool = Field(
        True,
        description="Stages run the offline model in a supervised child process (a dead one is restarted and its "
        "batch sent again), off their event loop's GIL; off: in a thread of the stage's process. The API embeds its "
        "queries in-process either way.",
    )
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
    openai_structured_output: Literal["auto", "json_schema", "json_object", "tools", "plain"] = Field(
        "auto",
        description="Response style: how replies are constrained to their schema. json_schema (strict schema) and "
        "tools send the schema; json_object (JSON mode) and plain (JSON asked for in the prompt, a ```json fence "
        "tolerated) send a one-line example in the system prompt instead. auto tries them in that order and keeps "
        "the first the endpoint accepts.",
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
    slot_update_min_similarity: float = Field(
        0.30,
        ge=0.0,
        le=1.0,
        description="A new value replaces the one fact on its single-valued slot by rule only when their cosine "
        "similarity is at least this; below it the slot and the similarity disagree and the decider arbitrates. "
        "Tuned for all-MiniLM-L6-v2 (bench/slot_similarity.py); re-tune for another embedding model.",
    )
    decision_share_window_s: float = Field(
        0.25,
        ge=0.0,
        description="With a language model, the consolidator's concurrent transactions of one batch ask the decider "
        "in one call: each waits at most this long after the first question for the others to reach theirs.",
    )

    # --- extraction and summaries -------------------------------------------------------
    context_messages: int = Field(
        6,
        ge=0,
        description="Earlier messages given to the extractor as context (at least 6 with the offline provider, "
        "whose rules look back 6 turns from every message).",
    )
    extraction_known_slots: int = Field(
        20,
        ge=0,
        description="Most slot names of the user's facts (the most recently valid first) shown to the extractor "
        "(openai provider) for it to reuse; 0 shows none.",
    )
    summary_every_user_turns: int = Field(
        4, ge=1, description="Regenerate a session summary every N user turns (and MEMSTREAM_SUMMARY_MIN_CHARS)."
    )
    summary_min_chars: int = Field(
        3000,
        ge=0,
        description="Characters of conversation (all roles) a summary checkpoint needs since the last one, as well "
        "as N user turns: a short stretch is left to the extractor's context window instead of costing a summary "
        "call; 0 summarises every N user turns.",
    )
    profile_refresh_changes: int = Field(
        10,
        ge=1,
        description="Build a user's profile digest once this many of their facts changed since the last one "
        "(since their first fact, for the first digest), and at the end of each of their sessions if any did; "
        "1 rebuilds on every change.",
    )

    # --- memory strength (shared/domain/strength.py) -------------------------------------
    strength_half_life_days: dict[str, float] = Field(
        default_factory=dict,
        description="Half-life of an unrecalled fact's strength by category, in days, as JSON; overrides the "
        'defaults {"preference": 30, "event": 21, "fact": 45, "relationship": 90, "decision": 45, "general": 30}.',
    )
    strength_identity_half_life_days: float = Field(
        3650.0, gt=0, description="Half-life of identity facts (name, birthday, ...), in days."
    )
    strength_stability_growth: float = Field(
        1.0, ge=0, description="Each recall lengthens a fact's half-life by this many base half-lives."
    )
    strength_recall_gain: float = Field(
        0.5, gt=0, le=1, description="Share of the way to 1 that one recall moves a fact's strength."
    )
    strength_faded_below: float = Field(
        0.1,
        ge=0,
        le=1,
        description="A fact weaker than this has faded: kept, but left out of context (unless detail=true) and "
        "of search (unless include_faded=true, or the query is a strong cue: see the next setting).",
    )
    strength_cued_recall_similarity: float = Field(
        0.6,
        ge=0,
        le=2,
        description="Search (not context) still returns a faded fact when the query's cosine similarity to it is at "
        "least this (cued recall; the calibrated fusion's full match is 0.6); above 1 it never does.",
    )
    strength_rank_weight: float = Field(
        0.15,
        ge=0,
        le=1,
        description="How much strength can move a fact's relevance score in search and context (relevance first).",
    )
    recall_queue_size: int = Field(
        10_000,
        ge=1,
        description="Recall events an API process buffers for publishing; past it, recalls are dropped and "
        "counted (memstream_recalls_dropped_total), never delaying a read.",
    )

    # --- relay -------------------------------------------------------------------------
    relay_poll_interval_s: float = Field(0.5, description="Longest wait between outbox polls.")
    outbox_retention_hours: float = Field(24.0, description="Published outbox rows older than this are pruned.")
    expiry_interval_s: float = Field(
        10.0,
        gt=0,
        description="How often the relay retires facts whose valid time has ended (dated events that are over).",
    )

    @model_validator(mode="after")
    def _context_holds_the_rules_lookback(self) -> Settings:
        if self.llm_provider == "offline" and self.context_messages < RULES_LOOKBACK_TURNS:
            raise ValueError(
                f"MEMSTREAM_CONTEXT_MESSAGES={self.context_messages} is too small for the offline provider: its "
                f"extraction rules look back {RULES_LOOKBACK_TURNS} turns from every message, and a smaller context "
                f"would make what is extracted depend on batch boundaries. Set it to {RULES_LOOKBACK_TURNS} or more "
                "(or use MEMSTREAM_LLM_PROVIDER=openai)."
            )
        return self

    @property
    def max_request_bytes(self) -> int:
        """The request body limit, derived so that every request within the other maxima fits: room for
        max_batch_messages messages, each with max_content_chars characters of 4 UTF-8 bytes, its metadata
        and 4 KiB of ids and field names, plus 64 KiB."""
        return self.max_batch_messages * (4 * self.max_content_chars + self.max_metadata_bytes + 4096) + 65536

    def topic(self, name: str) -> str:
        return f"{self.topic_prefix}{name}"

    def consumer_group(self, stage: str) -> str:
        """A stage's consumer group follows the topic prefix, so two pipelines on one cluster (staging and
        prod, two teams) never share a group. Before 0.2 it was ``memstream-<stage>`` whatever the prefix:
        see docs/operations.md#consumer-group-migration."""
        return f"{self.topic_prefix}{stage}"


@lru_cache
def get_settings() -> Settings:
    return Settings()
