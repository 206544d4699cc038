"""Decisions remember what a retraction was about, so it can close facts that arrive after it.

Candidates of one user come from several sessions, which the pipeline processes in parallel: "we
broke up" can reach the consolidator before "my girlfriend is Anna". The retraction is then kept
as a tombstone (slot, value, time), and the older fact, when it comes, is stored as retracted.
"""

from yoyo import step

__depends__ = {"0001_initial"}

steps = [
    step(
        """
        ALTER TABLE decisions
            ADD COLUMN slot text,
            ADD COLUMN value text,
            ADD COLUMN negated boolean NOT NULL DEFAULT false,
            ADD COLUMN valid_from timestamptz;
        CREATE INDEX decisions_tombstones ON decisions (tenant_id, user_id, slot, valid_from) WHERE negated;
        """,
        """
        DROP INDEX decisions_tombstones;
        ALTER TABLE decisions DROP COLUMN slot, DROP COLUMN value, DROP COLUMN negated, DROP COLUMN valid_from;
        """,
    )
]
