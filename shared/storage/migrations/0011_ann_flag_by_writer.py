"""A writer that knows a new fact's `ann` flag sets it, and the per-row trigger of 0009 fills it only for
the others.

0009's BEFORE INSERT trigger looked up the user's `ann_indexed` flag for every new row: a plpgsql call
and a query per fact, ~15 % of Postgres's CPU per consolidated candidate. The consolidator's insert now
reads the same flag in its own statement (the same snapshot, under the user's advisory lock, so the
flag cannot differ from what the trigger would read), and the trigger fires only for rows that leave
`ann` out (the API's manual add, COPY, anything else): `ann` has no default any more, so such a row
comes to the trigger as NULL, and the trigger gives it the user's flag (false for a user without one).
The statement trigger that flags a user past the threshold is unchanged.
"""

from yoyo import step

__depends__ = {"0010_retraction_said_at"}

steps = [
    step(
        """
        ALTER TABLE facts ALTER COLUMN ann DROP DEFAULT;

        CREATE OR REPLACE FUNCTION facts_ann_from_user() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            NEW.ann := coalesce(NEW.ann, false) OR coalesce(
                (SELECT ann_indexed FROM users WHERE tenant_id = NEW.tenant_id AND user_id = NEW.user_id),
                false);
            RETURN NEW;
        END $$;

        DROP TRIGGER facts_ann_from_user ON facts;
        CREATE TRIGGER facts_ann_from_user BEFORE INSERT ON facts
            FOR EACH ROW WHEN (NEW.ann IS NULL) EXECUTE FUNCTION facts_ann_from_user();
        """,
        """
        DROP TRIGGER facts_ann_from_user ON facts;
        CREATE OR REPLACE FUNCTION facts_ann_from_user() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            NEW.ann := NEW.ann OR coalesce(
                (SELECT ann_indexed FROM users WHERE tenant_id = NEW.tenant_id AND user_id = NEW.user_id),
                false);
            RETURN NEW;
        END $$;
        CREATE TRIGGER facts_ann_from_user BEFORE INSERT ON facts
            FOR EACH ROW EXECUTE FUNCTION facts_ann_from_user();
        ALTER TABLE facts ALTER COLUMN ann SET DEFAULT false;
        """,
    )
]
