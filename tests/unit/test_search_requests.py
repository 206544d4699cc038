"""The search bench records a failed request (a 503 after a leg timeout, a client timeout) and goes on."""

import itertools

import httpx

from bench.harness import latency_summary
from bench.search_requests import RequestTally, post_timed


def _client(statuses: list[int]) -> httpx.Client:
    replies = iter(statuses)

    def handler(request: httpx.Request) -> httpx.Response:
        status = next(replies)
        if status == 0:
            raise httpx.ReadTimeout("no answer", request=request)
        return httpx.Response(status, json={"degraded": ["fulltext_messages"]} if status == 207 else {"degraded": []})

    return httpx.Client(base_url="http://127.0.0.1:9", transport=httpx.MockTransport(handler))


def test_failures_are_counted_not_raised():
    clock = itertools.count(0.0, 0.01).__next__  # each request "takes" 10 ms
    tally = RequestTally()
    with _client([200, 503, 200, 0, 207, 200]) as client:
        post_timed(client, "/v1/search", {}, None, clock)  # warm-up: not recorded
        for _ in range(5):
            post_timed(client, "/v1/search", {}, tally, clock)
    summary = tally.summary(latency_summary)
    assert summary["requests"] == 5
    assert summary["count"] == 3
    assert summary["errors"] == 2
    assert summary["error_share"] == 0.4
    assert summary["error_causes"] == {"HTTP 503": 1, "ReadTimeout": 1}
    assert summary["degraded_responses"] == 1
    assert summary["p95_ms_with_errors"] is not None


def test_every_request_failing_still_gives_a_summary():
    tally = RequestTally()
    with _client([503, 503]) as client:
        for _ in range(2):
            post_timed(client, "/v1/context", {}, tally, itertools.count(0.0, 0.5).__next__)
    summary = tally.summary(latency_summary)
    assert summary["count"] == 0 and summary["errors"] == 2 and summary["error_share"] == 1.0
