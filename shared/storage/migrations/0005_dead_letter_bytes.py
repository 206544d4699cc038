"""Dead letters keep the original record byte for byte, and name their user in a column.

`payload` and `key` were text: Postgres refuses a NUL byte in text, so the dead-letter write of a
record holding one failed, and the stage crashed past its batch. They are bytea now (NULL payload:
a tombstone, a record without a value). Erase matched a dead letter by casting its payload to jsonb,
which fails for any payload jsonb cannot hold; it goes by the new `user_id` column instead, filled
when the stage could read the owner safely (and by the record key for the letters without one).
Existing rows are backfilled one by one, each in its own exception block, so a row no parser can
read keeps a NULL user instead of failing the migration.
"""

from yoyo import step

__depends__ = {"0004_llm_calls_user"}

steps = [
    step(
        """
        ALTER TABLE dead_letters
            ALTER COLUMN payload DROP NOT NULL,
            ALTER COLUMN payload TYPE bytea USING convert_to(payload, 'UTF8'),
            ALTER COLUMN key TYPE bytea USING convert_to(key, 'UTF8'),
            ADD COLUMN user_id text;
        DO $$
        DECLARE
            letter record;
        BEGIN
            FOR letter IN SELECT id, payload FROM dead_letters WHERE tenant_id IS NOT NULL LOOP
                BEGIN
                    UPDATE dead_letters SET user_id = (
                        SELECT CASE WHEN jsonb_typeof(doc->'user_id') = 'string' THEN doc->>'user_id' END
                        FROM (SELECT convert_from(letter.payload, 'UTF8')::jsonb AS doc) parsed
                        WHERE jsonb_typeof(doc) = 'object'
                    ) WHERE id = letter.id;
                EXCEPTION WHEN OTHERS THEN
                    NULL;  -- not JSON jsonb can hold: the owner stays unknown
                END;
            END LOOP;
        END $$;
        CREATE INDEX dead_letters_owner ON dead_letters (tenant_id, user_id) WHERE user_id IS NOT NULL;
        -- Erase matches the letters without an owner by their record key. A hash index: a btree entry
        -- is limited to about 2.7 kB, and a key too long for it would make the dead-letter write fail.
        CREATE INDEX dead_letters_key ON dead_letters USING hash (key) WHERE user_id IS NULL;
        """,
        """
        DROP INDEX dead_letters_key;
        DROP INDEX dead_letters_owner;
        ALTER TABLE dead_letters
            DROP COLUMN user_id,
            -- 'escape' cannot fail (a NUL or an invalid byte becomes \\ooo): text cannot hold every record.
            ALTER COLUMN key TYPE text USING encode(key, 'escape'),
            ALTER COLUMN payload TYPE text USING coalesce(encode(payload, 'escape'), ''),
            ALTER COLUMN payload SET NOT NULL;
        """,
    )
]
