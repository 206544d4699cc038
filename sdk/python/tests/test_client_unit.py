"""The client alone, against an in-memory HTTP transport (no server): encoding, retries, errors,
pagination, waiting. The tests against the real API are in the server repository (tests/sdk/)."""

from __future__ import annotations

import asyncio
import email.utils
import json
import time

import httpx
import pytest
from memstream_client import (
    AsyncMemstreamClient,
    InvalidRequest,
    MemstreamClient,
    NotFound,
    ProcessingTimeout,
    RetryPolicy,
    Unavailable,
)
from memstream_client._core import parse_retry_after

FACT = {
    "fact_id": "f1",
    "text": "The user lives in Berlin",
    "category": "fact",
    "importance": 5,
    "status": "active",
    "valid_from": "2026-01-01T00:00:00Z",
    "valid_to": None,
    "recorded_at": "2026-01-01T00:00:00Z",
    "superseded_at": None,
    "superseded_by": None,
    "source": "conversation",
    "source_message_ids": ["m1"],
    "a_field_from_a_newer_server": 1,
}
FAST = RetryPolicy(max_retries=3, backoff_s=0.001, max_wait_s=0.05)


def client(handler, **kwargs) -> MemstreamClient:
    return MemstreamClient("http://memstream.test", "key", transport=httpx.MockTransport(handler), **kwargs)


def test_path_parameters_are_encoded_whole():
    seen = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request.url.raw_path.decode())
        return httpx.Response(200, json={"user_id": "team/alice?x=1", "facts": [], "next_cursor": None})

    with client(handler) as memory:
        memory.facts("team/alice?x=1", q="a&b")
    assert seen == ["/v1/users/team%2Falice%3Fx%3D1/facts?q=a%26b&sort=recorded_at&order=asc&limit=100"]


def test_retries_503_and_429_honouring_retry_after():
    answers = [
        httpx.Response(503, json={"title": "Service Unavailable", "status": 503, "detail": "every leg failed"}),
        httpx.Response(429, headers={"Retry-After": "0"}, json={"detail": "slow down"}),
        httpx.Response(200, json={"user_id": "u", "facts": [FACT], "next_cursor": None}),
    ]
    with client(lambda request: answers.pop(0), retry=FAST) as memory:
        page = memory.facts("u")
    assert answers == [] and page.facts[0].text == "The user lives in Berlin"


def test_gives_up_after_the_retries_with_the_detail():
    calls = []

    def handler(request):
        calls.append(1)
        return httpx.Response(503, json={"title": "Service Unavailable", "status": 503, "detail": "every leg failed"})

    with client(handler, retry=FAST) as memory, pytest.raises(Unavailable) as error:
        memory.search("u", "x")
    assert len(calls) == 4 and error.value.status == 503 and error.value.detail == "every leg failed"


def test_retry_after_seconds_and_http_date():
    assert parse_retry_after("7") == 7.0
    later = email.utils.formatdate(time.time() + 20, usegmt=True)
    assert 15 < parse_retry_after(later) <= 20
    assert parse_retry_after("soon") is None
    policy = RetryPolicy(max_wait_s=5)
    assert policy.delay(0, httpx.Response(429, headers={"Retry-After": "120"})) == 5


def test_errors_carry_the_problem_detail():
    def handler(request):
        if request.url.path.endswith("/facts/nope"):
            return httpx.Response(404, json={"title": "Not Found", "status": 404, "detail": "fact nope not found"})
        return httpx.Response(
            422,
            json={"title": "Invalid request", "status": 422, "detail": "k: Input should be less than or equal to 100"},
        )

    with client(handler) as memory:
        with pytest.raises(NotFound) as missing:
            memory.fact("u", "nope")
        assert missing.value.detail == "fact nope not found"
        with pytest.raises(InvalidRequest) as invalid:
            memory.search("u", "x", k=1000)
        assert invalid.value.detail.startswith("k:") and invalid.value.problem["status"] == 422


def test_iterators_follow_next_cursor():
    pages = {None: (["a", "b"], "b"), "b": (["c"], None)}

    def handler(request):
        users, cursor = pages[request.url.params.get("cursor")]
        return httpx.Response(200, json={"users": users, "next_cursor": cursor})

    with client(handler) as memory:
        assert list(memory.iter_users(page_size=2)) == ["a", "b", "c"]


def test_remember_sets_event_ids_and_waits_for_processing():
    polls = {"n": 0}
    sent = []

    def handler(request):
        if request.method == "POST":
            body = json.loads(request.content)
            sent.append(body)
            ids = [m["event_id"] for m in body["messages"]]
            return httpx.Response(202, json={"accepted": len(ids), "event_ids": ids})
        polls["n"] += 1
        event_id = request.url.path.rsplit("/", 1)[1]
        state = "processed" if polls["n"] >= 3 else "stored"
        candidates = [{"candidate_id": "c", "text": "t", "decided": True, "op": "ADD", "fact": FACT}]
        return httpx.Response(200, json={
            "event_id": event_id, "state": state, "stored": True, "extracted": state == "processed",
            "processed": state == "processed", "candidates": candidates if state == "processed" else [],
        })  # fmt: skip

    with client(handler) as memory:
        done = memory.remember("u", "I moved to Berlin.", wait=True, timeout=10)
    [message] = sent[0]["messages"]
    assert message["event_id"].startswith("sdk-") and message["role"] == "user"
    assert done.event_ids == [message["event_id"]] and polls["n"] == 3
    assert [(c.op, c.fact.text) for c in done.changes] == [("ADD", "The user lives in Berlin")]


def test_wait_is_bounded_in_time():
    def handler(request):
        if request.method == "POST":
            return httpx.Response(202, json={"accepted": 1, "event_ids": ["e1"]})
        return httpx.Response(200, json={"event_id": "e1", "state": "pending", "stored": False, "extracted": False,
                                         "processed": False})  # fmt: skip

    started = time.monotonic()
    with client(handler) as memory, pytest.raises(ProcessingTimeout) as error:
        memory.remember("u", "hello", wait=True, timeout=0.5)
    assert time.monotonic() - started < 3 and error.value.statuses[0].state == "pending"


def test_async_client_same_operations():
    answers = [
        httpx.Response(503, json={"detail": "busy"}),
        httpx.Response(200, json={"users": ["x"], "next_cursor": None}),
    ]

    async def main():
        transport = httpx.MockTransport(lambda request: answers.pop(0))
        async with AsyncMemstreamClient("http://memstream.test", "key", transport=transport, retry=FAST) as memory:
            return [u async for u in memory.iter_users()]

    assert asyncio.run(main()) == ["x"]
