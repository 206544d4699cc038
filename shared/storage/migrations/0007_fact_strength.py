"""Memory strength: what a recall writes, and the recalls already applied; and expiring dated events.

A fact's strength is stored only when it is recalled (strength, strength_at, recall_count); an
unrecalled fact has NULL and its seed applies from recorded_at, so adding the columns rewrites no
row and nothing ever has to rewrite rows as time passes. ``recalls`` makes a recall idempotent:
one row per (recall, fact), written in the same transaction as the strength it changed.
"""

from yoyo import step

__depends__ = {"0004_llm_calls_user"}

steps = [
    step(
        """
        ALTER TABLE facts
            ADD COLUMN strength real,
            ADD COLUMN strength_at timestamptz,
            ADD COLUMN recall_count integer NOT NULL DEFAULT 0,
            ADD COLUMN last_recalled_at timestamptz;
        CREATE TABLE recalls (
            tenant_id    text NOT NULL,
            user_id      text NOT NULL,
            recall_id    text NOT NULL,
            fact_id      uuid NOT NULL,
            kind         text NOT NULL,
            occurred_at  timestamptz NOT NULL,
            applied_at   timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (tenant_id, recall_id, fact_id)
        );
        CREATE INDEX recalls_user ON recalls (tenant_id, user_id);
        -- Dated events leave the active set when their valid time ends (the relay's expiry sweep).
        CREATE INDEX facts_expiring ON facts (valid_to) WHERE superseded_at IS NULL AND valid_to IS NOT NULL;
        """,
        """
        DROP INDEX facts_expiring;
        DROP TABLE recalls;
        ALTER TABLE facts DROP COLUMN strength, DROP COLUMN strength_at, DROP COLUMN recall_count,
            DROP COLUMN last_recalled_at;
        """,
    )
]
