"""The HNSW index holds only the facts of users whose search uses it.

Search reads a user with up to `search_exact_max_facts` active facts exactly (every distance), so
keeping every active fact in one HNSW index made each insert pay for a graph that light users' searches
never walk: it was most of Postgres's ~1 ms per consolidated candidate. Now:

- users.ann_indexed: this user's facts are in the index. Set once, when the user first has more than
  the threshold (the value of MEMSTREAM_SEARCH_EXACT_MAX_FACTS when this migration runs) of active
  facts; never cleared (a user back under the threshold is searched exactly again, and its rows in
  the index are harmless).
- facts.ann: the row is in the index (the index's predicate). A BEFORE INSERT trigger copies the
  user's flag onto each new row; an AFTER INSERT statement trigger counts the facts of each unflagged
  user of the statement and, past the threshold, flags the user and its active facts
  (`facts_index_user`). Every write path (the consolidator, the API's manual add, COPY) goes through them,
  and every writer of a user's facts holds that user's advisory lock (shared/storage/facts.py), so a
  user's flag cannot change between a row's BEFORE trigger and its commit.
- Search (shared/storage/search.py) takes the approximate branch only for flagged users, and with
  `ann` in its WHERE clause, so the planner can use the partial index; a user past the threshold and
  not flagged yet is searched exactly.
"""

from yoyo import step

from shared.settings import get_settings

__depends__ = {"0008_profile_covered_facts"}

THRESHOLD = get_settings().search_exact_max_facts

steps = [
    step(
        f"""
        ALTER TABLE users ADD COLUMN ann_indexed boolean NOT NULL DEFAULT false;
        ALTER TABLE facts ADD COLUMN ann boolean NOT NULL DEFAULT false;

        CREATE FUNCTION facts_index_user(p_tenant text, p_user text) RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO users (tenant_id, user_id, ann_indexed) VALUES (p_tenant, p_user, true)
            ON CONFLICT (tenant_id, user_id) DO UPDATE SET ann_indexed = true;
            UPDATE facts SET ann = true
            WHERE tenant_id = p_tenant AND user_id = p_user AND superseded_at IS NULL AND NOT ann;
        END $$;

        CREATE FUNCTION facts_ann_from_user() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            NEW.ann := NEW.ann OR coalesce(
                (SELECT ann_indexed FROM users WHERE tenant_id = NEW.tenant_id AND user_id = NEW.user_id),
                false);
            RETURN NEW;
        END $$;

        CREATE FUNCTION facts_index_heavy_users() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            heavy record;
        BEGIN
            FOR heavy IN
                SELECT DISTINCT i.tenant_id, i.user_id FROM inserted i
                WHERE NOT i.ann AND i.superseded_at IS NULL
                  AND (SELECT count(*) FROM (
                        SELECT 1 FROM facts f
                        WHERE f.tenant_id = i.tenant_id AND f.user_id = i.user_id AND f.superseded_at IS NULL
                        LIMIT {THRESHOLD} + 1) c) > {THRESHOLD}
            LOOP
                PERFORM facts_index_user(heavy.tenant_id, heavy.user_id);
            END LOOP;
            RETURN NULL;
        END $$;

        CREATE TRIGGER facts_ann_from_user BEFORE INSERT ON facts
            FOR EACH ROW EXECUTE FUNCTION facts_ann_from_user();
        CREATE TRIGGER facts_index_heavy_users AFTER INSERT ON facts
            REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION facts_index_heavy_users();

        SELECT facts_index_user(tenant_id, user_id) FROM (
            SELECT tenant_id, user_id FROM facts WHERE superseded_at IS NULL
            GROUP BY tenant_id, user_id HAVING count(*) > {THRESHOLD}) heavy;

        DROP INDEX IF EXISTS facts_embedding_hnsw;
        CREATE INDEX facts_embedding_hnsw ON facts USING hnsw (embedding vector_cosine_ops)
            WHERE superseded_at IS NULL AND ann;
        """,
        """
        DROP INDEX IF EXISTS facts_embedding_hnsw;
        CREATE INDEX facts_embedding_hnsw ON facts USING hnsw (embedding vector_cosine_ops)
            WHERE superseded_at IS NULL;
        DROP TRIGGER facts_index_heavy_users ON facts;
        DROP TRIGGER facts_ann_from_user ON facts;
        DROP FUNCTION facts_index_heavy_users();
        DROP FUNCTION facts_ann_from_user();
        DROP FUNCTION facts_index_user(text, text);
        ALTER TABLE facts DROP COLUMN ann;
        ALTER TABLE users DROP COLUMN ann_indexed;
        """,
    )
]
