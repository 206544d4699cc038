"""A profile digest remembers which active facts it covered, so the summarizer can count the changes
since (the facts added or retired in between) without comparing timestamps: a fact committed just
after a digest was read, with an earlier recorded_at, still counts."""

from yoyo import step

__depends__ = {"0007_fact_strength"}

steps = [
    step(
        "ALTER TABLE user_profiles ADD COLUMN covered_fact_ids uuid[] NOT NULL DEFAULT '{}'",
        "ALTER TABLE user_profiles DROP COLUMN covered_fact_ids",
    )
]
