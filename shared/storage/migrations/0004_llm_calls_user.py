"""Provider-call cache rows name the user they were made for, so erasing a user deletes them all.

Before, a row carried only its tenant, and erase could delete only the rows it could attribute by
content (extraction outputs citing the user's messages, the current summary and profile). That missed
decision outputs and earlier summaries. Rows written before this migration keep a NULL user and are
still matched by content.
"""

from yoyo import step

__depends__ = {"0003_retraction_tombstones"}

steps = [
    step(
        """
        ALTER TABLE llm_calls ADD COLUMN user_id text;
        CREATE INDEX llm_calls_user ON llm_calls (tenant_id, user_id) WHERE user_id IS NOT NULL;
        """,
        """
        DROP INDEX llm_calls_user;
        ALTER TABLE llm_calls DROP COLUMN user_id;
        """,
    )
]
