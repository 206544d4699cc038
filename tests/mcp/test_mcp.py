"""The MCP server, driven by the official MCP SDK's own client against the real pipeline: in process,
over stdio (`memstream mcp` as a subprocess) and over streamable HTTP (/mcp on the API). Each session
remembers a fact (the tool waits until the pipeline has processed it) and recalls it."""

from __future__ import annotations

import json
import os
import sys
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import httpx
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from memstream_client import AsyncMemstreamClient

from services.mcp.server import Caller, build_server
from tests.helpers import ROOT

TOOLS = {"remember", "recall", "context", "list_facts", "fact_history", "forget", "update"}


def payload(result) -> dict:
    assert not result.is_error, result.content
    return json.loads(result.content[0].text)


def in_process_server(api_url: str, key: str, user: str | None):
    @asynccontextmanager
    async def connect(ctx) -> AsyncIterator[Caller]:
        async with AsyncMemstreamClient(api_url, key) as client:
            yield Caller(client=client, user_id=user)

    return build_server(connect)


async def test_in_process_session_remember_wait_recall_and_edit(pipeline, tenant):
    user = f"mcp-{uuid.uuid4().hex[:8]}"
    async with Client(in_process_server(pipeline.api_url, tenant[1], user)) as session:
        listed = (await session.list_tools()).tools
        assert {t.name for t in listed} == TOOLS
        for tool in listed:
            assert len(tool.description) > 80, tool.name  # written for a model: what it does and when
            assert "user_id" in tool.input_schema["properties"]
        hints = {t.name: t.annotations for t in listed}
        assert hints["recall"].read_only_hint and hints["forget"].destructive_hint
        assert not hints["remember"].read_only_hint and not hints["remember"].destructive_hint

        saved = payload(await session.call_tool("remember", {"content": "I live in Lisbon and I love surfing."}))
        assert saved["saved"] and {c["op"] for c in saved["changes"]} == {"ADD"}, saved
        assert any("Lisbon" in c["text"] for c in saved["changes"])

        found = payload(await session.call_tool("recall", {"query": "Where does the user live?", "k": 3}))
        assert "Lisbon" in found["results"][0]["text"] and found["results"][0]["similarity"] > 0.3

        block = payload(await session.call_tool("context", {"query": "any surf spots nearby?"}))
        assert "Lisbon" in block["context"]

        facts = payload(await session.call_tool("list_facts", {}))["facts"]
        strongest = payload(await session.call_tool("list_facts", {"order_by": "strength"}))["facts"]
        assert {f["id"] for f in strongest} == {f["id"] for f in facts}
        strengths = [f["strength"] for f in strongest]
        assert strengths == sorted(strengths, reverse=True) and all(0 < x <= 1 for x in strengths)
        lisbon = next(f for f in facts if "Lisbon" in f["text"])
        updated = payload(
            await session.call_tool("update", {"fact_id": lisbon["id"], "text": "The user lives in Porto"})
        )
        assert updated["replaced"] == lisbon["text"] and updated["fact"]["text"] == "The user lives in Porto"
        history = payload(await session.call_tool("fact_history", {"fact_id": updated["fact"]["id"]}))
        assert [v["text"] for v in history["versions"]] == [lisbon["text"], "The user lives in Porto"]
        assert history["sources"][0]["said"] == "I live in Lisbon and I love surfing."

        gone = payload(await session.call_tool("forget", {"fact_ids": [updated["fact"]["id"]]}))
        assert gone["forgotten"][0]["status"] == "retracted"

        refused = await session.call_tool("recall", {"query": "x", "user_id": "someone-else"})
        assert refused.is_error and "bound to user" in refused.content[0].text


async def test_unbound_session_names_the_user_per_call(pipeline, tenant):
    user = f"mcp-{uuid.uuid4().hex[:8]}"
    async with Client(in_process_server(pipeline.api_url, tenant[1], None)) as session:
        missing = await session.call_tool("recall", {"query": "anything"})
        assert missing.is_error and "user_id is required" in missing.content[0].text
        saved = payload(await session.call_tool("remember", {"content": "My sister is called Ana.", "user_id": user}))
        assert saved["changes"], saved
        found = payload(await session.call_tool("recall", {"query": "sister", "user_id": user}))
        assert "Ana" in found["results"][0]["text"]
        unknown = await session.call_tool("fact_history", {"fact_id": str(uuid.uuid4()), "user_id": user})
        assert unknown.is_error and "not found" in unknown.content[0].text


@pytest.mark.timeout(180)
async def test_stdio_session_remember_wait_recall(pipeline, tenant):
    user = f"mcp-{uuid.uuid4().hex[:8]}"
    env = {
        **os.environ,
        "MEMSTREAM_MCP_API_URL": pipeline.api_url,
        "MEMSTREAM_MCP_API_KEY": tenant[1],
        "MEMSTREAM_MCP_USER_ID": user,
        "MEMSTREAM_LOG_LEVEL": "WARNING",
    }
    params = StdioServerParameters(command=sys.executable, args=["-m", "services.cli", "mcp"], env=env, cwd=ROOT)
    async with Client(params, read_timeout_seconds=60) as session:
        assert {t.name for t in (await session.list_tools()).tools} == TOOLS
        saved = payload(await session.call_tool("remember", {"content": "I work as a nurse."}))
        assert [c["op"] for c in saved["changes"]] == ["ADD"], saved
        found = payload(await session.call_tool("recall", {"query": "What is the user's job?"}))
        assert "nurse" in found["results"][0]["text"]


async def test_streamable_http_beside_the_api(pipeline, tenant):
    import httpx2
    from mcp.client.streamable_http import streamable_http_client

    user = f"mcp-{uuid.uuid4().hex[:8]}"
    url = f"{pipeline.api_url}/mcp"
    async with httpx.AsyncClient(timeout=10) as plain:
        assert (await plain.post(url, json={})).status_code == 401  # no key, no MCP
        refused = await plain.post(url, json={}, headers={"X-API-Key": "wrong"})
        assert refused.status_code == 401 and "API key" in refused.json()["detail"]
    headers = {"Authorization": f"Bearer {tenant[1]}", "X-Memstream-User": user}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=60) as http,
        Client(streamable_http_client(url, http_client=http)) as session,
    ):
        assert {t.name for t in (await session.list_tools()).tools} == TOOLS
        saved = payload(await session.call_tool("remember", {"content": "I have a dog named Rex."}))
        assert [c["op"] for c in saved["changes"]] == ["ADD"], saved
        found = payload(await session.call_tool("recall", {"query": "What pet does the user have?"}))
        assert "Rex" in found["results"][0]["text"]
