"""Messages get a speaker name and embeddings; the embedding cache is kept per tenant.

- messages.name: who spoke (optional, as in the OpenAI chat format). The full-text vector now covers
  the name too, so "what did Rosa say about..." finds Rosa's turns (the generated column is rebuilt).
- messages.tsv_en: the same text stemmed (Snowball English, as the BM25 leg stems the query), for
  the messages' BM25 leg; `tsv` ('simple': any language, no stemming) stays for ts_rank_cd.
- message_vectors: one row per window of a stored message (a long message is cut into overlapping
  windows), with its embedding. Deleting a message deletes its windows (the foreign key cascades),
  so the erase needs nothing new for them. No HNSW index: search reads one user's windows, exactly
  (by the (tenant, user) index); measured with `memstream bench --only freshness`, an HNSW insert per
  stored message made Postgres the pipeline's bottleneck (freshness p95 18 s at 381 msg/s).
- embeddings: keyed by (tenant, model, text hash), as DESIGN.md decides (issue #16): tenants share no
  cache, so none can probe another's texts by timing. Rows from before have no tenant and are dropped
  (a cache: the vectors are recomputed on demand).

A Python migration because the vector column is sized from the configured model.
"""

from yoyo import step

from shared.settings import get_settings

__depends__ = {"0004_llm_calls_user"}

DIM = get_settings().embedding_dimensions

steps = [
    step(
        """
        ALTER TABLE messages ADD COLUMN name text;
        ALTER TABLE messages DROP COLUMN tsv;
        ALTER TABLE messages ADD COLUMN tsv tsvector
            GENERATED ALWAYS AS (to_tsvector('simple', coalesce(name, '') || ' ' || content)) STORED;
        CREATE INDEX messages_tsv ON messages USING gin (tsv);
        ALTER TABLE messages ADD COLUMN tsv_en tsvector
            GENERATED ALWAYS AS (to_tsvector('english', content)) STORED;
        CREATE INDEX messages_tsv_en ON messages USING gin (tsv_en);
        """,
        """
        DROP INDEX IF EXISTS messages_tsv_en;
        ALTER TABLE messages DROP COLUMN tsv_en;
        DROP INDEX IF EXISTS messages_tsv;
        ALTER TABLE messages DROP COLUMN tsv;
        ALTER TABLE messages ADD COLUMN tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', content)) STORED;
        CREATE INDEX messages_tsv ON messages USING gin (tsv);
        ALTER TABLE messages DROP COLUMN name;
        """,
    ),
    step(
        f"""
        CREATE TABLE message_vectors (
            tenant_id        text NOT NULL,
            event_id         text NOT NULL,
            window_no        smallint NOT NULL,
            user_id          text NOT NULL,
            session_id       text NOT NULL,
            created_at       timestamptz NOT NULL,
            text_hash        text NOT NULL,
            embedding        vector({DIM}) NOT NULL,
            embedding_model  text NOT NULL,
            PRIMARY KEY (tenant_id, event_id, window_no),
            FOREIGN KEY (tenant_id, event_id) REFERENCES messages (tenant_id, event_id) ON DELETE CASCADE
        );
        CREATE INDEX message_vectors_user ON message_vectors (tenant_id, user_id, created_at);
        CREATE INDEX message_vectors_text ON message_vectors (tenant_id, text_hash);
        """,
        "DROP TABLE message_vectors;",
    ),
    step(
        """
        DELETE FROM embeddings;
        ALTER TABLE embeddings ADD COLUMN tenant_id text NOT NULL;
        ALTER TABLE embeddings DROP CONSTRAINT embeddings_pkey;
        ALTER TABLE embeddings ADD PRIMARY KEY (tenant_id, model, text_hash);
        """,
        """
        DELETE FROM embeddings;
        ALTER TABLE embeddings DROP CONSTRAINT embeddings_pkey;
        ALTER TABLE embeddings DROP COLUMN tenant_id;
        ALTER TABLE embeddings ADD PRIMARY KEY (model, text_hash);
        """,
    ),
]
