"""What strength costs a search in process: re-ranking k fused results with strength as a prior
(``with_strength``) and computing each returned fact's strength for the response (``snapshot_of``),
against building the strength parameters from the settings for every row (as snapshot_of did before).

    .venv/bin/python -m bench.strength_cost [--k 10] [--rounds 20000]

Pure CPU, no database: rows are dicts with a fact row's columns. Prints microseconds per search (the best of 7 runs).
"""

from __future__ import annotations

import argparse
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from shared.domain.strength import StrengthParams, state_of, strength_at, with_strength
from shared.settings import get_settings
from shared.storage.facts import configured_strength, snapshot_of


class Row(dict):
    def keys(self):  # an asyncpg Record's keys() is what snapshot_of looks at
        return super().keys()


@dataclass
class Item:
    kind: str
    id: str
    score: float
    row: Any
    legs: dict = field(default_factory=dict)


def rows(k: int, now: datetime) -> list[Row]:
    out = []
    for i in range(k):
        recalled = i % 2 == 0
        out.append(
            Row(
                fact_id=uuid.uuid4(),
                text=f"The user likes thing {i}",
                category=("fact", "preference", "event", "relationship")[i % 4],
                importance=1 + i % 10,
                status="active",
                valid_from=now - timedelta(days=i),
                valid_to=None,
                recorded_at=now - timedelta(days=3 * i),
                superseded_at=None,
                superseded_by=None,
                source="conversation",
                source_message_ids=["m1"],
                slot="name" if i == 3 else None,
                strength=0.8 if recalled else None,
                strength_at=now - timedelta(days=i) if recalled else None,
                recall_count=2 if recalled else 0,
                last_recalled_at=now - timedelta(days=i) if recalled else None,
            )
        )
    return out


def per_search_us(fn, rounds: int, repeats: int = 7) -> float:
    """The best of several timed runs: on a shared machine, the least disturbed one."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(rounds // repeats):
            fn()
        best = min(best, (time.perf_counter() - start) / (rounds // repeats) * 1e6)
    return best


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--k", type=int, default=10, help="results per search")
    parser.add_argument("--rounds", type=int, default=20_000)
    args = parser.parse_args(argv)
    now = datetime.now(UTC)
    fact_rows = rows(args.k, now)
    items = [
        Item("fact", str(r["fact_id"]), 1.0 - i / 100, r, {"vector_facts": {"score": 0.5}})
        for i, r in enumerate(fact_rows)
    ]
    params = configured_strength()

    def rerank():
        with_strength(items, now, params, include_faded=False, cued_recall=True)

    def snapshots():
        for r in fact_rows:
            snapshot_of(r, moment=now)

    def strengths_per_row_settings():  # the strength part of snapshot_of before: parameters built per row
        for r in fact_rows:
            strength_at(state_of(r), now, StrengthParams.from_settings(get_settings()))

    def strengths_cached():
        for r in fact_rows:
            strength_at(state_of(r), now, configured_strength())

    for name, fn in (
        ("with_strength (re-rank, faded filter)", rerank),
        ("snapshot_of x k (response rows, whole)", snapshots),
        ("strength per row, parameters per row (before)", strengths_per_row_settings),
        ("strength per row, parameters cached (now)", strengths_cached),
    ):
        per_search_us(fn, args.rounds // 10)  # warm-up
        print(f"{name:50s} {per_search_us(fn, args.rounds):8.1f} us per search of k={args.k}")


if __name__ == "__main__":
    main()
