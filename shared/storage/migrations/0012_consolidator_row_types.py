"""Row types for the consolidator's batch write: its new facts and its decision rows each travel as one
array of rows, not as one array per column.

asyncpg asks of every element of an array parameter whether it is itself an array (isinstance checks
against collections.abc, ~0.3 us each, two for a string): the write's 31 column arrays cost ~50 such checks
per candidate, ~10 % of the stage's CPU (cProfile, bench workload). An array of rows costs four checks per
row, and each field is encoded by its own type's codec as before. Postgres reads the same values: what is
stored does not change. The types only carry parameters; no table uses them.
"""

from yoyo import step

__depends__ = {"0011_ann_flag_by_writer"}

steps = [
    step(
        """
        CREATE TYPE fact_write AS (
            fact_id uuid, tenant_id text, user_id text, text text, normalized_text text, category text,
            importance smallint, slot text, language text, embedding vector, embedding_model text, status text,
            valid_from timestamptz, valid_to timestamptz, superseded_by uuid, source text,
            source_message_ids jsonb, candidate_id text
        );
        CREATE TYPE neighbour_query AS (
            tenant_id text, user_id text, embedding vector, base text, norm text, thing text, speaker text,
            candidate_id text
        );
        CREATE TYPE decision_write AS (
            tenant_id text, candidate_id text, user_id text, op text, target_fact_id uuid, new_fact_id uuid,
            decided_by text, reason text, slot text, value text, negated boolean, valid_from timestamptz,
            said_at timestamptz
        );
        """,
        "DROP TYPE decision_write; DROP TYPE neighbour_query; DROP TYPE fact_write;",
    )
]
