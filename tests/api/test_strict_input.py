"""Strict input: what Postgres cannot store, timestamps outside the window, ids that would overflow, and
reused event ids are refused with a 4xx naming the field, never a 500 or a silent drop. Ids may be any
printable text, and work everywhere (path, query, export header)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from urllib.parse import quote

import pytest

from shared.domain.validation import MAX_BIGINT, MAX_ID_CHARS
from tests.api.conftest import seed_messages, uid


def message(**fields) -> dict:
    return {"user_id": "u", "session_id": "s", "role": "user", "content": "hello", **fields}


def raw(body: str) -> dict:
    """A JSON body sent as written (lone surrogates cannot pass through a Python str encoder)."""
    return {"content": body.encode(), "headers": {"content-type": "application/json"}}


def _deep(levels: int) -> dict:
    node: dict = {}
    top = node
    for _ in range(levels):
        node["n"] = {}
        node = node["n"]
    return top


def assert_problem(response, status: int, field: str) -> dict:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body = response.json()
    assert field in body["detail"], body
    return body


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"content": "hello\u0000world"}, "messages.0.content"),
        ({"metadata": {"a": {"b": ["ok", "x\u0000"]}}}, "messages.0.metadata"),
        ({"metadata": {"k\u0000": 1}}, "messages.0.metadata"),
        ({"user_id": "al\u0000ice"}, "messages.0.user_id"),
        ({"session_id": "s\u0007"}, "messages.0.session_id"),
        ({"event_id": "e\u0000"}, "messages.0.event_id"),
        ({"user_id": "team/alice"}, "messages.0.user_id"),
        ({"user_id": ".."}, "messages.0.user_id"),
        ({"user_id": " alice"}, "messages.0.user_id"),
        ({"user_id": "x" * (MAX_ID_CHARS + 1)}, "messages.0.user_id"),
        ({"created_at": "0001-01-01T00:00:00Z"}, "messages.0.created_at"),
        ({"created_at": "1969-12-31T23:59:59Z"}, "messages.0.created_at"),
        ({"created_at": "9999-12-31T23:59:59Z"}, "messages.0.created_at"),
        ({"created_at": "2026-01-01T00:00:00"}, "messages.0.created_at"),  # no time zone
        ({"metadata": _deep(20)}, "messages.0.metadata"),
    ],
)
async def test_ingest_refuses_what_cannot_be_stored_naming_the_field(client, fields, field):
    assert_problem(await client.post("/v1/messages", json={"messages": [message(**fields)]}), 422, field)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ('{"messages": [{"user_id": "u", "session_id": "s", "role": "user", "content": "a\\ud800b"}]}', "content"),
        ('{"messages": [{"user_id": "u\\udfff", "session_id": "s", "role": "user", "content": "a"}]}', "user_id"),
        (
            '{"messages": [{"user_id": "u", "session_id": "s", "role": "user", "content": "a", '
            '"metadata": {"x": NaN}}]}',
            "metadata",
        ),
    ],
)
async def test_lone_surrogates_and_nan_are_refused(client, body, field):
    assert_problem(await client.post("/v1/messages", **raw(body)), 422, field)


async def test_json_nested_too_deep_is_a_client_error(client):
    body = '{"messages": [' + "[" * 100_000 + "]" * 100_000 + "]}"
    response = await client.post("/v1/messages", **raw(body))
    assert 400 <= response.status_code < 500, response.text


async def test_metadata_over_its_size_limit(client, api):
    limit = api.app.state.settings.max_metadata_bytes
    big = {"notes": "x" * limit}
    assert_problem(await client.post("/v1/messages", json={"messages": [message(metadata=big)]}), 422, "metadata")
    fits = {"notes": "x" * (limit - 20)}
    assert (await client.post("/v1/messages", json={"messages": [message(metadata=fits)]})).status_code == 202


async def test_created_at_window_allows_small_skew(client, api):
    skew = api.app.state.settings.max_clock_skew_s
    soon = (datetime.now(UTC) + timedelta(seconds=skew / 2)).isoformat()
    late = (datetime.now(UTC) + timedelta(seconds=skew + 60)).isoformat()
    assert (await client.post("/v1/messages", json={"messages": [message(created_at=soon)]})).status_code == 202
    body = assert_problem(
        await client.post("/v1/messages", json={"messages": [message(created_at=late)]}), 422, "created_at"
    )
    assert "future" in body["detail"]
    assert (
        await client.post("/v1/messages", json={"messages": [message(created_at="1970-01-01T00:00:00Z")]})
    ).status_code == 202


@pytest.mark.parametrize(
    ("path", "params", "field"),
    [
        ("/v1/users", {"prefix": "\u0000"}, "prefix"),
        ("/v1/users", {"cursor": "\u0000"}, "cursor"),
        ("/v1/users/u/facts", {"q": "\u0000"}, "q"),
        ("/v1/users/u/facts", {"source": "a\u0000"}, "source"),
        ("/v1/users/u/facts", {"cursor": "\u0000"}, "cursor"),
        ("/v1/users/u/facts", {"as_of": "0001-01-01T00:00:00Z"}, "as_of"),
        ("/v1/users/u/facts", {"as_of": "0001-01-01T00:00:00+14:00"}, "as_of"),
        ("/v1/users/u/facts", {"as_of": "9999-12-31T23:59:59-14:00"}, "as_of"),
        ("/v1/users/%00/facts", {}, "user_id"),
        ("/v1/users/u/changes", {"since": str(2**64)}, "since"),
        ("/v1/users/u/changes", {"since": str(MAX_BIGINT + 1)}, "since"),
    ],
)
async def test_query_and_path_parameters_refused_naming_the_field(client, path, params, field):
    assert_problem(await client.get(path, params=params), 422, field)


async def test_last_event_id_beyond_64_bits(client):
    user = uid()
    await client.put(f"/v1/users/{user}/settings", json={"memory_enabled": True})
    for bad in (str(2**64), "12abc", "9" * 5000):
        response = await client.get(f"/v1/users/{user}/changes", headers={"Last-Event-ID": bad})
        assert_problem(response, 422, "last-event-id")
    ok = await client.get(
        f"/v1/users/{user}/changes", params={"max_seconds": 0.2}, headers={"Last-Event-ID": str(MAX_BIGINT)}
    )
    assert ok.status_code == 200 and ok.headers["content-type"].startswith("text/event-stream")


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"text": "I like \u0000 tea"}, "text"),
        ({"text": "tea", "slot": "d\u0000"}, "slot"),
        ({"text": "tea", "valid_from": "0001-01-01T00:00:00Z"}, "valid_from"),
        ({"text": "tea", "valid_from": "9999-12-31T23:59:59Z"}, "valid_from"),
    ],
)
async def test_manual_facts_refused_naming_the_field(client, fields, field):
    assert_problem(await client.post(f"/v1/users/{uid()}/facts", json=fields), 422, field)


async def test_patch_refuses_unstorable_text_and_dates(client):
    user = uid()
    added = (await client.post(f"/v1/users/{user}/facts", json={"text": "I drink tea"})).json()
    path = f"/v1/users/{user}/facts/{added['fact']['fact_id']}"
    assert_problem(await client.patch(path, json={"text": "x\u0000"}), 422, "text")
    ancient = {"importance": 3, "valid_from": "0001-01-01T00:00:00Z"}
    assert_problem(await client.patch(path, json=ancient), 422, "valid_from")


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/v1/search", {"user_id": "u", "query": "tea\u0000"}, "query"),
        ("/v1/context", {"user_id": "u", "query": "\u0000"}, "query"),
        ("/v1/context", {"user_id": "u", "session_id": "s\u0000"}, "session_id"),
        ("/v1/ask", {"user_id": "u", "question": "what\u0000"}, "question"),
    ],
)
async def test_reads_refuse_unstorable_text(client, path, body, field):
    assert_problem(await client.post(path, json=body), 422, field)


async def test_a_long_session_id_still_ends_with_a_derived_id_that_fits(client):
    session = "s" * (MAX_ID_CHARS - 3)  # "end-" + this is longer than an id may be
    ended = await client.post(f"/v1/sessions/{session}/end", json={"user_id": "u"})
    assert ended.status_code == 202, ended.text
    event_id = ended.json()["event_id"]
    assert event_id.startswith("end-") and len(event_id) <= MAX_ID_CHARS
    again = await client.post(f"/v1/sessions/{session}/end", json={"user_id": "u"})
    assert again.json()["event_id"] == event_id  # derived, so the end stays idempotent
    short = await client.post("/v1/sessions/s-1/end", json={"user_id": "u"})
    assert short.json()["event_id"] == "end-s-1"
    too_long = await client.post(f"/v1/sessions/{'s' * (MAX_ID_CHARS + 1)}/end", json={"user_id": "u"})
    assert_problem(too_long, 422, "session_id")


async def test_a_reused_event_id_with_other_content_is_a_conflict(client):
    event_id = f"e-{uid()}"
    first = await client.post("/v1/messages", json={"messages": [message(event_id=event_id, content="I like tea")]})
    assert first.status_code == 202
    retry = await client.post("/v1/messages", json={"messages": [message(event_id=event_id, content="I like tea")]})
    assert retry.status_code == 202 and retry.json()["event_ids"] == [event_id]  # a retry is fine
    changes = ({"content": "I like coffee"}, {"user_id": "someone-else"}, {"session_id": "s2"}, {"role": "assistant"})
    for changed in changes:
        clash = await client.post(
            "/v1/messages", json={"messages": [message(content="I like tea", event_id=event_id) | changed]}
        )
        body = assert_problem(clash, 409, "messages.0.event_id")
        assert body["conflicting_event_ids"] == [event_id]


async def test_a_reused_event_id_of_a_stored_message_is_a_conflict(client, db, tenant):
    """The check reads stored messages, not only what this API process accepted."""
    tenant_id, _ = tenant
    [stored] = await seed_messages(db, tenant_id, "u", "s", ["I live in Lyon"])
    clash = await client.post(
        "/v1/messages",
        json={"messages": [message(content="hello"), message(event_id=stored, content="I live in Paris")]},
    )
    body = assert_problem(clash, 409, "messages.1.event_id")
    assert body["conflicting_event_ids"] == [stored]
    same = await client.post("/v1/messages", json={"messages": [message(event_id=stored, content="I live in Lyon")]})
    assert same.status_code == 202


async def test_a_reused_event_id_within_one_batch_is_a_conflict(client):
    event_id = f"e-{uid()}"
    clash = await client.post(
        "/v1/messages",
        json={"messages": [message(event_id=event_id, content="a"), message(event_id=event_id, content="b")]},
    )
    assert_problem(clash, 409, "event_id")


@pytest.mark.parametrize(
    "user_id",
    ["ann+memstream@example.com", "Zoë O'Neil", "team:alice?x=1&y=2", "50% #1", "日本語のユーザー", "a\\b"],
)
async def test_any_printable_user_id_works_everywhere(client, user_id):
    path = f"/v1/users/{quote(user_id, safe='')}"
    ingested = await client.post("/v1/messages", json={"messages": [message(user_id=user_id, content="hi")]})
    assert ingested.status_code == 202, ingested.text
    put = await client.put(f"{path}/settings", json={"memory_enabled": True})
    assert put.status_code == 200 and put.json()["user_id"] == user_id, put.text
    added = await client.post(f"{path}/facts", json={"text": "I like green tea"})
    assert added.status_code == 201, added.text
    facts = await client.get(f"{path}/facts", params={"q": "tea"})
    assert facts.status_code == 200 and [f["text"] for f in facts.json()["facts"]] == [added.json()["fact"]["text"]]
    listed = await client.get("/v1/users", params={"prefix": user_id})
    assert user_id in listed.json()["users"]
    search = await client.post("/v1/search", json={"user_id": user_id, "query": "green tea"})
    assert search.status_code == 200 and search.json()["results"]
    export = await client.get(f"{path}/export")
    assert export.status_code == 200, export.text
    assert quote(f"memstream-{user_id}.json", safe="") in export.headers["content-disposition"]
    erased = await client.delete(path)
    assert erased.status_code == 200 and erased.json()["user_id"] == user_id


def test_the_rules_themselves():
    from shared.domain.validation import derived_id, id_problem, json_problem, time_problem, unstorable_problem

    assert unstorable_problem("tea \u00e9\U0001f375 \x01\t\n") is None  # control characters can be stored
    assert "NUL" in unstorable_problem("a\x00") and "surrogate" in unstorable_problem("a\udc80")
    for fine in ("ann+x@example.com", "Zoë", "a b", "team:alice?x=1#2%", "..a", "日本"):
        assert id_problem(fine) is None, fine
    for bad in ("a/b", ".", "..", " a", "a ", "a\u200bb", "a\nb", "a\x00b", "a\u2028b"):
        assert id_problem(bad), bad
    assert "a.0.b" in json_problem({"a": [{"b": float("inf")}]})
    assert json_problem({"a": [1, "x", None, True, {"b": 2.5}]}) is None
    now = datetime(2026, 1, 1, tzinfo=UTC)
    skew = timedelta(minutes=5)
    assert time_problem(now + timedelta(minutes=4), now=now, max_skew=skew) is None
    assert time_problem(now + timedelta(minutes=6), now=now, max_skew=skew)
    assert time_problem(datetime(1969, 12, 31, 23, tzinfo=UTC), now=now, max_skew=skew)
    assert derived_id("end", "s1") == "end-s1"
    long = derived_id("end", "s" * MAX_ID_CHARS)
    assert len(long) <= MAX_ID_CHARS and long == derived_id("end", "s" * MAX_ID_CHARS) != derived_id("end", "t" * 200)
