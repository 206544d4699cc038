"""Pure helpers of the benchmark harness: percentiles, rates from counter samples, pacing, ordering,
targets and the printed table. No I/O here, so `tests/unit/test_bench_harness.py` can check them fast.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


def percentile(samples: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) by linear interpolation between closest ranks (numpy's default)."""
    if not samples:
        raise ValueError("percentile of no samples")
    ordered = sorted(samples)
    position = (len(ordered) - 1) * q / 100.0
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def latency_summary(samples_s: Sequence[float]) -> dict[str, float]:
    """p50/p95/p99/max/mean in milliseconds of latencies given in seconds."""
    ms = [s * 1000.0 for s in samples_s]
    return {
        "count": len(ms),
        "p50_ms": round(percentile(ms, 50), 2),
        "p95_ms": round(percentile(ms, 95), 2),
        "p99_ms": round(percentile(ms, 99), 2),
        "max_ms": round(max(ms), 2),
        "mean_ms": round(sum(ms) / len(ms), 2),
    }


@dataclass(frozen=True)
class Rate:
    """Events per second between the first sample that showed progress and the one that reached the
    target: the stage's start-up (imports, model load, group join) and its first batch are left out."""

    events: float
    seconds: float

    @property
    def per_s(self) -> float:
        return self.events / self.seconds if self.seconds > 0 else float("nan")


def rate_from_samples(samples: Sequence[tuple[float, float]], target: float) -> Rate | None:
    """``samples`` are (monotonic time, counter value) in time order. None if the counter never moved
    twice, or moved by less than a tenth of the target after its first step (everything in one or two
    batches: too little work to time; the last small batch alone says only how long one batch waits)."""
    first = next(((t, v) for t, v in samples if v > 0), None)
    done = next(((t, v) for t, v in samples if v >= target), None)
    if first is None or done is None or done[1] <= first[1] or done[0] <= first[0]:
        return None
    if done[1] - first[1] < target / 10:
        return None
    return Rate(events=done[1] - first[1], seconds=done[0] - first[0])


def cpu_delta(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds spent between two per-PID snapshots: processes that appeared count from zero, and
    those that exited in between are left out (they cannot lower the figure)."""
    return sum(max(0.0, cpu - before.get(pid, 0.0)) for pid, cpu in after.items())


def due(rate_per_s: float, elapsed_s: float, sent: int, total: int) -> int:
    """How many messages a paced sender should send now to be on schedule (never more than ``total``)."""
    return max(0, min(total, int(rate_per_s * elapsed_s)) - sent)


def interleave_by_user(events: Sequence[dict]) -> list[dict]:
    """Round-robin over users, each user's own messages in their original order: many users chatting
    at once, as live traffic looks, instead of one user's whole history in a burst."""
    queues: dict[str, list[dict]] = {}
    for event in events:
        queues.setdefault(event["user_id"], []).append(event)
    out: list[dict] = []
    depth = max((len(q) for q in queues.values()), default=0)
    for i in range(depth):
        for queue in queues.values():
            if i < len(queue):
                out.append(queue[i])
    return out


def message_rate(stage_rate: float, stage_events: float, messages: float) -> float:
    """A stage's events/s expressed as chat messages/s, given how many events the same messages made."""
    if stage_events <= 0:
        return float("inf")
    return stage_rate * messages / stage_events


def bottleneck(rates_in_messages: dict[str, float]) -> tuple[str, float]:
    """The stage with the lowest sustainable rate in messages/s."""
    name = min(rates_in_messages, key=lambda k: rates_in_messages[k])
    return name, rates_in_messages[name]


@dataclass(frozen=True)
class Target:
    name: str
    value: float | None
    limit: float
    higher_is_better: bool
    unit: str

    @property
    def met(self) -> bool | None:
        if self.value is None or math.isnan(self.value):
            return None
        return self.value >= self.limit if self.higher_is_better else self.value <= self.limit

    @property
    def margin(self) -> str:
        """By how much the target is met or missed, as a signed percentage of the limit."""
        if self.met is None:
            return "n/a"
        change = (self.value - self.limit) / self.limit * 100.0
        if not self.higher_is_better:
            change = -change
        return f"{change:+.0f}%"

    def as_dict(self) -> dict:
        return {
            "target": self.name,
            "value": None if self.value is None else round(self.value, 3),
            "limit": self.limit,
            "unit": self.unit,
            "direction": ">=" if self.higher_is_better else "<=",
            "met": self.met,
            "margin": self.margin,
        }


def format_table(headers: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A plain-text table (also readable in a log file or a README code block)."""
    cells = [[str(h) for h in headers]] + [["" if c is None else str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]

    def line(row: Sequence[str]) -> str:
        return "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths, strict=True)))

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(cells[0]), rule, *(line(r) for r in cells[1:])])


def fmt_rate(value: float | None) -> str:
    if value is None or math.isnan(value):
        return "n/a"
    return f"{value:,.0f}" if value >= 100 else f"{value:,.1f}"


def cpu_budget(stages: dict[str, dict], events_per_message: dict[str, float], model_ms_per_message: float) -> dict:
    """CPU ms per chat message: each stage's own (its process and its children, the model worker among
    them), Postgres's and the broker's while that stage ran, each scaled by the stage's events per chat
    message; their sum; and each part's share of the sum. ``model_ms_per_message`` is the raw model's
    CPU for the texts one message has embedded (the floor under the embedder's own figure)."""
    rows: dict[str, dict[str, float]] = {}
    for name, result in stages.items():
        per = events_per_message[name]
        rows[name] = {
            part: round((result.get(key) or 0.0) * per, 3)
            for part, key in (
                ("stage", "cpu_ms_per_event"),
                ("postgres", "postgres_cpu_ms_per_event"),
                ("broker", "broker_cpu_ms_per_event"),
            )
        }
    total = sum(sum(r.values()) for r in rows.values())
    by_part = {p: round(sum(r[p] for r in rows.values()), 3) for p in ("stage", "postgres", "broker")}
    return {
        "ms_per_message": rows,
        "total_ms_per_message": round(total, 3),
        "by_part_ms_per_message": by_part,
        "share_of_total": {name: round(sum(r.values()) / total, 3) if total else None for name, r in rows.items()},
        "model_ms_per_message": round(model_ms_per_message, 3),
        "messages_per_core_s": round(1000 / total, 1) if total else None,
    }
