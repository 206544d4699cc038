"""One latency series of the search bench: requests sent one after the other, failures counted, not fatal.

Why: under load a leg can run out of time and the API answers 503 (every leg failed) or the client
times out. One such answer used to abort the whole bench and throw away every sample taken; now it
is recorded (count, share, status) and the run goes on. Latencies of successful answers make the
usual summary; a second p95 counts the failed requests at the time they took, so errors cannot make
the tail look better than it was.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any


def percentile_ms(samples_s: Sequence[float], q: float) -> float:
    ordered = sorted(samples_s)
    return round(ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))] * 1000.0, 2)


@dataclass
class RequestTally:
    """Latencies (seconds) of the answered requests, and the failed ones by cause."""

    ok_s: list[float] = field(default_factory=list)
    failed_s: list[float] = field(default_factory=list)
    causes: Counter = field(default_factory=Counter)  # "HTTP 503", "ReadTimeout", ...
    degraded: int = 0

    def answered(self, elapsed_s: float, *, degraded: bool) -> None:
        self.ok_s.append(elapsed_s)
        self.degraded += bool(degraded)

    def failed(self, elapsed_s: float, cause: str) -> None:
        self.failed_s.append(elapsed_s)
        self.causes[cause] += 1

    def summary(self, latency_summary: Callable[[Sequence[float]], dict[str, Any]]) -> dict[str, Any]:
        total = len(self.ok_s) + len(self.failed_s)
        out: dict[str, Any] = dict(latency_summary(self.ok_s)) if self.ok_s else {"count": 0}
        out.update(
            requests=total,
            errors=len(self.failed_s),
            error_share=round(len(self.failed_s) / total, 4) if total else 0.0,
            error_causes=dict(self.causes),
            degraded_responses=self.degraded,
            p95_ms_with_errors=percentile_ms(self.ok_s + self.failed_s, 95) if total else None,
        )
        return out


def post_timed(client: Any, path: str, body: dict, tally: RequestTally | None, clock: Callable[[], float]) -> None:
    """POST `body` and record the outcome in `tally` (None: a warm-up request, not recorded). A non-2xx
    answer or a transport error is a failure with its cause; nothing is raised."""
    import httpx

    started = clock()
    try:
        response = client.post(path, json=body)
    except httpx.HTTPError as exc:
        if tally is not None:
            tally.failed(clock() - started, type(exc).__name__)
        return
    elapsed = clock() - started
    if tally is None:
        return
    if response.is_success:
        try:
            degraded = bool(response.json().get("degraded"))
        except ValueError:
            degraded = False
        tally.answered(elapsed, degraded=degraded)
    else:
        tally.failed(elapsed, f"HTTP {response.status_code}")
