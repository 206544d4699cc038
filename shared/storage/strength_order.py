"""A fact's strength at a moment as a SQL expression, so that a list of facts can be ordered (and paged
with a keyset cursor) by strength inside Postgres instead of reading every row of the user.

The curve is the one of ``shared.domain.strength``: the seeds and half-lives are computed there, in
Python, and passed in as parameters; only the decay itself (stored * 2^(-days / half-life)) is written
again here. tests/integration/test_strength_order.py checks that both agree on every kind of row.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from shared.domain.strength import IDENTITY_SLOTS, StrengthParams, StrengthState, half_life_days, seed

IMPORTANCES = range(1, 11)
_WHITESPACE = "E' \\t\\n\\r\\f\\v'"


def strength_sql(params: StrengthParams, moment: datetime, arg: Callable[[Any], str]) -> str:
    """The expression over a ``facts`` row (its category, importance, slot, strength, strength_at,
    recorded_at and recall_count columns) giving ``strength_at(state_of(row), moment, params)``.
    ``arg`` adds a query parameter and returns its placeholder."""
    # The kind: before any thing, speaker or context (":", "~", "@"), as strength.is_identity reads it.
    kind = "split_part(split_part(split_part(coalesce(slot, ''), ':', 1), '~', 1), '@', 1)"
    slot_name = f"lower(btrim({kind}, {_WHITESPACE}))"
    identity = f"{slot_name} = any({arg(sorted(IDENTITY_SLOTS))}::text[])"
    categories = sorted(params.half_life_days)
    fallback = "general" if "general" in params.half_life_days else None

    def per_category(value: Callable[[str], Any], cast: str) -> str:
        whens = " ".join(f"WHEN {arg(c)}::text THEN {arg(value(c))}::{cast}" for c in categories)
        return f"CASE category {whens} ELSE {arg(value(fallback or ''))}::{cast} END"

    def seeds(category: str) -> list[float]:
        return [seed(category, importance) for importance in IMPORTANCES]

    def base_half_life(category: str) -> float:
        return half_life_days(StrengthState(category, 5, None, moment), params)

    identity_seed = seed("general", 5, next(iter(sorted(IDENTITY_SLOTS))))
    seed_now = (
        f"CASE WHEN {identity} THEN {arg(identity_seed)}::float8 "
        f"ELSE ({per_category(seeds, 'float8[]')})[least(10, greatest(1, importance))] END"
    )
    base = (
        f"CASE WHEN {identity} THEN {arg(params.identity_half_life_days)}::float8 "
        f"ELSE {per_category(base_half_life, 'float8')} END"
    )
    half_life = f"({base}) * (1.0 + {arg(params.stability_growth)}::float8 * coalesce(recall_count, 0))"
    since = "coalesce(strength_at, recorded_at)"
    days = f"greatest(0.0, extract(epoch FROM ({arg(moment)}::timestamptz - {since}))::float8 / 86400.0)"
    return f"(coalesce(strength, {seed_now}) * power(2.0::float8, -({days}) / ({half_life})))"
