"""A tombstone remembers when its retraction was said, not only the time it states: "Rex died last week"
said after "I have a cat named Rex" ends the cat fact whether it reaches the consolidator after the fact
(a retraction said after the fact began counts as news) or before it (a tombstone), as the same rule."""

from yoyo import step

__depends__ = {"0009_ann_index_heavy_users"}

steps = [
    step(
        "ALTER TABLE decisions ADD COLUMN said_at timestamptz",
        "ALTER TABLE decisions DROP COLUMN said_at",
    )
]
