"""Tool definitions and the dispatcher, against an in-memory HTTP transport (no server)."""

from __future__ import annotations

import json

import httpx
from memstream_client import MemstreamClient
from memstream_client.tools import TOOLS, MemoryTools, openai_tools


def test_definitions_are_openai_function_tools():
    bound = openai_tools(user_bound=True)
    assert [t["function"]["name"] for t in bound] == [s.name for s in TOOLS]
    for tool in bound:
        assert tool["type"] == "function"
        schema = tool["function"]["parameters"]
        assert schema["type"] == "object" and schema["additionalProperties"] is False
        assert set(schema["required"]) <= set(schema["properties"]) and "user_id" not in schema["properties"]
        assert len(tool["function"]["description"]) > 80
    assert all("user_id" in t["function"]["parameters"]["properties"] for t in openai_tools(user_bound=False))


def test_dispatcher_runs_a_tool_call_for_the_bound_user():
    seen = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append((request.method, request.url.path, json.loads(request.content or b"{}")))
        return httpx.Response(200, json={"user_id": "alice", "query": "q", "results": [], "legs": [], "degraded": []})

    with MemstreamClient("http://m.test", "k", transport=httpx.MockTransport(handler)) as client:
        tools = MemoryTools(client, user_id="alice")
        call = {
            "id": "c1",
            "function": {"name": "recall", "arguments": json.dumps({"query": "pets", "user_id": "bob"})},
        }
        message = tools.run_tool_call(call)
    assert message["role"] == "tool" and message["tool_call_id"] == "c1"
    assert json.loads(message["content"])["results"] == []
    assert seen[0][2]["user_id"] == "alice"  # the bound user wins over the model's argument


def test_bad_calls_come_back_as_errors_for_the_model():
    with MemstreamClient("http://m.test", "k", transport=httpx.MockTransport(lambda r: httpx.Response(500))) as client:
        tools = MemoryTools(client)
        assert "unknown tool" in tools.run("fly", {})["error"]
        assert "user_id is required" in tools.run("recall", {"query": "x"})["error"]
        assert "missing query" in tools.run("recall", {"user_id": "u"})["error"]
        assert "not JSON" in tools.run("recall", "{oops")["error"]
        assert "unknown argument" in tools.run("recall", {"user_id": "u", "query": "x", "colour": 1})["error"]
        assert (
            "order_by must be one of newest, strength, importance"
            in tools.run("list_facts", {"user_id": "u", "order_by": "oldest"})["error"]
        )
