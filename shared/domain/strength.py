"""How strongly a fact is remembered: a number from 0 to 1 that recall raises and time lowers.

Memory here is a prioritised, decaying cache, not a log. Every fact starts at a seed taken from its
category and importance (identity facts such as a name or a birthday near 1, passing preferences
at 0.3-0.6). Each recall (the fact was returned by search, put into a context block, cited by ask,
or restated by the user) moves the strength part of the way to 1, and makes the fact more stable:
its half-life grows with every recall, as in spaced repetition. Between recalls the strength decays
exponentially with that half-life.

Only a recall writes anything: the stored strength, the moment it was stored, and the recall count.
The strength *now* is computed at read time from those three (and the fact's seed when it was never
recalled), so no job ever rewrites rows as time passes. All of it is pure; the parameters come from
settings (``StrengthParams.from_settings``).

    strength(t) = s_stored * 2 ** (-(t - t_stored) / half_life)
    half_life   = base_half_life[category] * (1 + stability_growth * recalls)
    on recall:    s = s(t) + gain * (1 - s(t)); recalls += 1
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import lru_cache
from typing import Any

# Slots about who the user is: remembered for years, whatever their category.
_SLOT_KIND_END = re.compile(r"[:~@]")
IDENTITY_SLOTS = frozenset(
    {"name", "birthday", "birthdate", "date_of_birth", "age", "gender", "pronouns", "nationality"}
)

DEFAULT_HALF_LIFE_DAYS: Mapping[str, float] = {
    "preference": 30.0,
    "event": 21.0,
    "fact": 45.0,
    "relationship": 90.0,
    "decision": 45.0,
    "general": 30.0,
}


@dataclass(frozen=True)
class StrengthParams:
    half_life_days: Mapping[str, float] = field(default_factory=lambda: dict(DEFAULT_HALF_LIFE_DAYS))
    identity_half_life_days: float = 3650.0
    stability_growth: float = 1.0  # each recall adds this many base half-lives
    recall_gain: float = 0.5  # share of the way to 1 that one recall moves
    faded_below: float = 0.1  # under this a fact has faded: kept, but out of default context and search
    rank_weight: float = 0.15  # how much strength can move a relevance score (the rest is relevance)
    cued_similarity: float = 0.6  # a search query this similar to a faded fact still finds it (cued recall)

    @classmethod
    def from_settings(cls, settings) -> StrengthParams:
        return cls(
            half_life_days={**DEFAULT_HALF_LIFE_DAYS, **settings.strength_half_life_days},
            identity_half_life_days=settings.strength_identity_half_life_days,
            stability_growth=settings.strength_stability_growth,
            recall_gain=settings.strength_recall_gain,
            faded_below=settings.strength_faded_below,
            rank_weight=settings.strength_rank_weight,
            cued_similarity=settings.strength_cued_recall_similarity,
        )


@dataclass(frozen=True)
class StrengthState:
    """What is stored of a fact's strength. ``strength`` None: never recalled, the seed applies
    from ``since`` (when the fact was recorded)."""

    category: str
    importance: int
    slot: str | None
    since: datetime
    strength: float | None = None
    recalls: int = 0

    @property
    def identity(self) -> bool:
        return is_identity(self.slot)


def is_identity(slot: str | None) -> bool:
    """The slot is about who the user is (``name``, ``birthday:self``, ...), or who a named speaker is
    (``name~maya``): the kind is read before any thing, speaker or context (":", "~", "@")."""
    return _SLOT_KIND_END.split(slot or "", maxsplit=1)[0].strip().lower() in IDENTITY_SLOTS


@lru_cache(maxsize=4096)  # read paths compute it for every fact they return
def seed(category: str, importance: int, slot: str | None = None) -> float:
    """The strength a fact starts with: importance 1-10 maps to 0.27-0.9, identity facts to 0.97,
    and preferences stay within 0.3-0.6 (they change often)."""
    if is_identity(slot):
        return 0.97
    value = 0.2 + 0.07 * max(1, min(10, importance))
    if category == "preference":
        value = min(0.6, max(0.3, value))
    return round(value, 4)


def half_life_days(state: StrengthState, params: StrengthParams) -> float:
    base = (
        params.identity_half_life_days
        if state.identity
        else params.half_life_days.get(state.category, params.half_life_days.get("general", 30.0))
    )
    return base * (1.0 + params.stability_growth * state.recalls)


def strength_at(state: StrengthState, moment: datetime, params: StrengthParams) -> float:
    """The strength at ``moment`` (never more than the stored value: a moment before ``since`` counts as 0 days)."""
    stored = state.strength if state.strength is not None else seed(state.category, state.importance, state.slot)
    days = max(0.0, (moment - state.since).total_seconds() / 86_400)
    return stored * 2.0 ** (-days / half_life_days(state, params))


def recall(state: StrengthState, moment: datetime, params: StrengthParams) -> StrengthState:
    """The state after one recall at ``moment``. A recall older than the stored state (late or
    replayed out of order) reinforces from the stored value without decaying it."""
    now = strength_at(state, max(moment, state.since), params)
    reinforced = now + params.recall_gain * (1.0 - now)
    return StrengthState(
        category=state.category,
        importance=state.importance,
        slot=state.slot,
        since=max(moment, state.since),
        strength=min(1.0, reinforced),
        recalls=state.recalls + 1,
    )


def recall_all(state: StrengthState, moments: Iterable[datetime], params: StrengthParams) -> StrengthState:
    """Apply several recalls, oldest first."""
    for moment in sorted(moments):
        state = recall(state, moment, params)
    return state


def faded(strength: float, params: StrengthParams) -> bool:
    return strength < params.faded_below


def ranked_score(relevance: float, strength: float, params: StrengthParams) -> float:
    """Relevance first, strength as a prior: a fact at full strength keeps its relevance, one at 0
    loses ``rank_weight`` of it. Equal relevance: the stronger fact wins."""
    return relevance * (1.0 - params.rank_weight + params.rank_weight * strength)


def state_of(row: Mapping[str, Any]) -> StrengthState:
    """The strength state of a stored fact row (its category, importance, slot and strength columns)."""
    return StrengthState(
        category=row["category"],
        importance=row["importance"],
        slot=row["slot"],
        since=row["strength_at"] or row["recorded_at"],
        strength=row["strength"],
        recalls=row["recall_count"] or 0,
    )


def cued(item: Any, params: StrengthParams) -> bool:
    """The query matches this result by meaning at least ``cued_similarity`` (the cosine of its fact
    vector leg): a strong enough cue to recall a faded fact, as a pointed question brings back a memory
    that would not come to mind unasked."""
    similarity = (getattr(item, "legs", None) or {}).get("vector_facts", {}).get("score")
    return similarity is not None and similarity >= params.cued_similarity


def with_strength(
    items: Sequence[Any], moment: datetime, params: StrengthParams, *, include_faded: bool, cued_recall: bool = False
) -> list[Any]:
    """Search results (``Fused``: kind, score, row, legs) re-ranked with strength as a prior: a result led
    by a fact keeps ``ranked_score(relevance, strength)``; a message, which has no strength, keeps its
    relevance. Faded facts are left out unless ``include_faded``, or, with ``cued_recall`` (search, not
    context), unless the query is a strong cue for them (:func:`cued`). Stable for equal scores."""
    out = []
    for item in items:
        if item.kind != "fact":
            out.append(item)
            continue
        strength = strength_at(state_of(item.row), moment, params)
        if faded(strength, params) and not include_faded and not (cued_recall and cued(item, params)):
            continue
        out.append(replace(item, score=ranked_score(item.score, strength, params)))
    return sorted(out, key=lambda i: -i.score)
