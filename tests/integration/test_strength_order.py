"""The SQL strength (what `sort=strength` orders by, in Postgres) is the domain's strength_at, row for
row: every category (and an unknown one), every importance, identity and other slots, never and often
recalled, a moment before the stored one, default and configured curves."""

from __future__ import annotations

import itertools
import random
from datetime import UTC, datetime, timedelta

import pytest

from shared.domain.strength import StrengthParams, state_of, strength_at
from shared.storage.strength_order import strength_sql

MOMENT = datetime(2027, 3, 1, 12, 0, 0, 123456, tzinfo=UTC)
CURVES = {
    "default": StrengthParams(),
    "configured": StrengthParams(
        half_life_days={
            "preference": 7.5,
            "event": 3.0,
            "fact": 400.0,
            "relationship": 90.0,
            "decision": 1.0,
            "general": 12.25,
        },  # fmt: skip
        identity_half_life_days=50.0,
        stability_growth=0.3,
    ),
}


def _rows() -> list[dict]:
    rng = random.Random(14)
    categories = ["preference", "fact", "event", "relationship", "decision", "general", "unknown-kind"]
    slots = [None, "location", "name", " Birthday:self", "pronouns: they", "own:board-game-3", ""]
    slots += ["name~maya", "age~anna-maria@work", "location~maya", "~maya"]  # a named speaker's
    rows = []
    for category, importance, slot in itertools.product(categories, range(1, 11), slots):
        recorded = MOMENT - timedelta(days=rng.uniform(0, 900), microseconds=rng.randrange(10**6))
        recalled = rng.random() < 0.5
        rows.append(
            {
                "category": category,
                "importance": importance,
                "slot": slot,
                "strength": rng.uniform(0.01, 1.0) if recalled else None,
                # a recall may be stored after the moment asked about (a late read): counts as 0 days
                "strength_at": recorded + timedelta(days=rng.uniform(0, 1000)) if recalled else None,
                "recorded_at": recorded,
                "recall_count": rng.choice([1, 2, 7]) if recalled else rng.choice([None, 0]),
            }
        )
    return rows


@pytest.mark.parametrize("curve", sorted(CURVES))
async def test_sql_strength_is_the_domain_strength(db, curve):
    params = CURVES[curve]
    rows = _rows()
    args: list = []

    def arg(value) -> str:
        args.append(value)
        return f"${len(args)}"

    expression = strength_sql(params, MOMENT, arg)
    columns = ["category", "importance", "slot", "strength", "strength_at", "recorded_at", "recall_count"]
    types = ["text", "int", "text", "float8", "timestamptz", "timestamptz", "int"]
    arrays = ", ".join(f"{arg([r[c] for r in rows])}::{t}[]" for c, t in zip(columns, types, strict=True))
    got = await db.fetch(
        f"SELECT n, {expression} AS s FROM unnest({arrays}) WITH ORDINALITY AS facts({', '.join(columns)}, n)"
        " ORDER BY n",
        *args,
    )
    assert len(got) == len(rows)
    for row, record in zip(rows, got, strict=True):
        expected = strength_at(state_of(row), MOMENT, params)
        assert record["s"] == pytest.approx(expected, rel=1e-12, abs=1e-15), row
    # what the ordering sees spans the whole range, so the comparison above is not trivial
    values = [r["s"] for r in got]
    assert min(values) < 0.01 and max(values) > 0.9
