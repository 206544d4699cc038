"""Indexes the API's reads and the erase need.

- facts(superseded_by): the foreign key facts.superseded_by -> facts.fact_id is checked on every
  deleted fact; without this index each check scans the whole facts table (an erase of one user
  took seconds per fact at 100k rows). It also serves a fact's history (its predecessors).
- outbox(tenant_id, user_id, id): a user's change stream, and the erase of a user's rows.
- sessions(tenant_id, user_id): a user's sessions, for export and erase.
"""

from yoyo import step

__depends__ = {"0001_initial"}

steps = [
    step(
        """
        CREATE INDEX facts_superseded_by ON facts (superseded_by) WHERE superseded_by IS NOT NULL;
        CREATE INDEX outbox_user ON outbox (tenant_id, user_id, id);
        CREATE INDEX sessions_user ON sessions (tenant_id, user_id);
        """,
        "DROP INDEX sessions_user; DROP INDEX outbox_user; DROP INDEX facts_superseded_by;",
    ),
]
