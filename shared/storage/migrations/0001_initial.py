"""Initial schema: tenants, messages, caches, bi-temporal facts, decisions, outbox, dead letters.

A Python migration because the facts.embedding column is sized from the configured model.
"""

from yoyo import step

from shared.settings import get_settings

__depends__: set[str] = set()

DIM = get_settings().embedding_dimensions

steps = [
    step("CREATE EXTENSION IF NOT EXISTS vector"),
    step(
        """
        CREATE TABLE tenants (
            tenant_id   text PRIMARY KEY,
            name        text NOT NULL DEFAULT '',
            created_at  timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE api_keys (
            key_hash    text PRIMARY KEY,
            tenant_id   text NOT NULL REFERENCES tenants ON DELETE CASCADE,
            label       text NOT NULL DEFAULT '',
            created_at  timestamptz NOT NULL DEFAULT now(),
            revoked_at  timestamptz
        );
        CREATE TABLE users (
            tenant_id       text NOT NULL,
            user_id         text NOT NULL,
            memory_enabled  boolean NOT NULL DEFAULT true,
            created_at      timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (tenant_id, user_id)
        );
        """,
        "DROP TABLE users; DROP TABLE api_keys; DROP TABLE tenants;",
    ),
    step(
        """
        CREATE TABLE sessions (
            tenant_id      text NOT NULL,
            session_id     text NOT NULL,
            user_id        text NOT NULL,
            cursor_hash    text,
            cursor_version text,
            ended_at       timestamptz,
            updated_at     timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (tenant_id, session_id)
        );
        CREATE TABLE messages (
            tenant_id     text NOT NULL,
            event_id      text NOT NULL,
            seq           bigserial,
            user_id       text NOT NULL,
            session_id    text NOT NULL,
            role          text NOT NULL,
            content       text NOT NULL,
            content_hash  text NOT NULL,
            created_at    timestamptz NOT NULL,
            received_at   timestamptz NOT NULL DEFAULT now(),
            metadata      jsonb NOT NULL DEFAULT '{}',
            tsv           tsvector GENERATED ALWAYS AS (to_tsvector('simple', content)) STORED,
            PRIMARY KEY (tenant_id, event_id)
        );
        CREATE INDEX messages_session ON messages (tenant_id, session_id, seq);
        CREATE INDEX messages_user ON messages (tenant_id, user_id, created_at);
        CREATE INDEX messages_tsv ON messages USING gin (tsv);
        """,
        "DROP TABLE messages; DROP TABLE sessions;",
    ),
    step(
        """
        CREATE TABLE llm_calls (
            call_hash          text PRIMARY KEY,
            tenant_id          text NOT NULL,
            stage              text NOT NULL,
            provider           text NOT NULL,
            model              text NOT NULL,
            prompt_version     text NOT NULL,
            output             jsonb NOT NULL,
            prompt_tokens      integer NOT NULL DEFAULT 0,
            completion_tokens  integer NOT NULL DEFAULT 0,
            latency_ms         real NOT NULL DEFAULT 0,
            created_at         timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX llm_calls_tenant ON llm_calls (tenant_id);
        CREATE TABLE embeddings (
            model       text NOT NULL,
            text_hash   text NOT NULL,
            embedding   vector NOT NULL,
            created_at  timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (model, text_hash)
        );
        """,
        "DROP TABLE embeddings; DROP TABLE llm_calls;",
    ),
    step(
        f"""
        CREATE TABLE facts (
            fact_id             uuid PRIMARY KEY,
            tenant_id           text NOT NULL,
            user_id             text NOT NULL,
            text                text NOT NULL,
            normalized_text     text NOT NULL,
            category            text NOT NULL,
            importance          smallint NOT NULL CHECK (importance BETWEEN 1 AND 10),
            slot                text,
            language            text NOT NULL DEFAULT 'en',
            embedding           vector({DIM}),
            embedding_model     text,
            status              text NOT NULL DEFAULT 'active'
                                CHECK (status IN ('active', 'superseded', 'retracted')),
            valid_from          timestamptz NOT NULL,
            valid_to            timestamptz,
            recorded_at         timestamptz NOT NULL DEFAULT now(),
            superseded_at       timestamptz,
            superseded_by       uuid REFERENCES facts (fact_id),
            source              text NOT NULL DEFAULT 'conversation',
            source_message_ids  text[] NOT NULL DEFAULT '{{}}',
            candidate_id        text,
            tsv                 tsvector GENERATED ALWAYS AS (to_tsvector('simple', text)) STORED,
            CHECK ((status = 'active') = (superseded_at IS NULL))
        );
        CREATE INDEX facts_user_active ON facts (tenant_id, user_id) WHERE superseded_at IS NULL;
        CREATE INDEX facts_user_all ON facts (tenant_id, user_id, recorded_at);
        CREATE INDEX facts_user_norm ON facts (tenant_id, user_id, normalized_text) WHERE superseded_at IS NULL;
        CREATE INDEX facts_embedding_hnsw ON facts USING hnsw (embedding vector_cosine_ops)
            WHERE superseded_at IS NULL;
        CREATE INDEX facts_tsv ON facts USING gin (tsv);
        CREATE TABLE decisions (
            tenant_id       text NOT NULL,
            candidate_id    text NOT NULL,
            user_id         text NOT NULL,
            op              text NOT NULL,
            target_fact_id  uuid,
            new_fact_id     uuid,
            decided_by      text NOT NULL,
            reason          text NOT NULL DEFAULT '',
            created_at      timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (tenant_id, candidate_id)
        );
        CREATE INDEX decisions_user ON decisions (tenant_id, user_id);
        """,
        "DROP TABLE decisions; DROP TABLE facts;",
    ),
    step(
        """
        CREATE TABLE session_summaries (
            tenant_id    text NOT NULL,
            session_id   text NOT NULL,
            user_id      text NOT NULL,
            summary      text NOT NULL,
            input_hash   text NOT NULL,
            user_turns   integer NOT NULL,
            is_final     boolean NOT NULL DEFAULT false,
            updated_at   timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (tenant_id, session_id)
        );
        CREATE TABLE user_profiles (
            tenant_id   text NOT NULL,
            user_id     text NOT NULL,
            digest      text NOT NULL,
            input_hash  text NOT NULL,
            updated_at  timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (tenant_id, user_id)
        );
        CREATE TABLE outbox (
            id            bigserial PRIMARY KEY,
            event_id      text NOT NULL UNIQUE,
            tenant_id     text NOT NULL,
            user_id       text NOT NULL,
            payload       jsonb NOT NULL,
            created_at    timestamptz NOT NULL DEFAULT now(),
            published_at  timestamptz
        );
        CREATE INDEX outbox_pending ON outbox (id) WHERE published_at IS NULL;
        CREATE TABLE dead_letters (
            id                bigserial PRIMARY KEY,
            dead_letter_id    text NOT NULL UNIQUE,
            tenant_id         text,
            stage             text NOT NULL,
            error             text NOT NULL,
            attempts          integer NOT NULL,
            source_topic      text NOT NULL,
            source_partition  integer,
            source_offset     bigint,
            key               text,
            payload           text NOT NULL,
            created_at        timestamptz NOT NULL DEFAULT now(),
            replayed_at       timestamptz
        );
        """,
        "DROP TABLE dead_letters; DROP TABLE outbox; DROP TABLE user_profiles; DROP TABLE session_summaries;",
    ),
]
