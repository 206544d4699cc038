"""`memstream mcp`: the memory tools over stdio, for an MCP host that starts the server itself (Claude
Desktop, IDEs, agent frameworks). It talks to a running memstream API with one API key (its tenant is
the only one reachable) and, when MEMSTREAM_MCP_USER_ID is set, serves that user alone."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from mcp.server.mcpserver import Context
from memstream_client import AsyncMemstreamClient

from services.mcp.server import Caller, build_server
from shared.settings import Settings


def api_url(settings: Settings) -> str:
    if settings.mcp_api_url:
        return settings.mcp_api_url
    host = "127.0.0.1" if settings.api_host in ("0.0.0.0", "::", "") else settings.api_host
    return f"http://{host}:{settings.api_port}"


def run_stdio(settings: Settings) -> None:
    key = settings.mcp_api_key.get_secret_value()
    if not key:
        raise SystemExit("memstream mcp: set MEMSTREAM_MCP_API_KEY (an API key of the tenant to serve)")
    url = api_url(settings)

    @asynccontextmanager
    async def connect(ctx: Context | None) -> AsyncIterator[Caller]:
        async with AsyncMemstreamClient(url, key) as client:
            yield Caller(client=client, user_id=settings.mcp_user_id)

    build_server(connect).run("stdio")
