"""MCP over streamable HTTP at /mcp, on the API's own port and process.

Why beside the API rather than on a port of its own: one thing to deploy, scale and secure; the same API
keys; and each tool call reaches the REST routes in process (httpx's ASGI transport), with no network hop
and no second copy of any logic. Stateless mode (no MCP session kept between requests), so any API
replica can answer any request.

Auth: the caller's API key (`Authorization: Bearer` or `X-API-Key`), checked like every /v1 route's before
MCP sees the request, and forwarded on each tool's REST call, so the key's tenant bounds everything. An
`X-Memstream-User` header binds the session to one user; without it each tool call names its user_id.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import httpx
from fastapi import FastAPI, HTTPException, Request
from mcp.server.mcpserver import Context
from mcp.server.streamable_http_manager import StreamableHTTPASGIApp
from mcp.server.transport_security import TransportSecuritySettings
from memstream_client import AsyncMemstreamClient
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from services.api.deps import caller_tenant, problem
from services.mcp.server import Caller, build_server

PATH = "/mcp"
USER_HEADER = "x-memstream-user"
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def mount_mcp(app: FastAPI) -> None:
    """Serve MCP at /mcp in this app (when `mcp_http` is on), and run its session manager with the app."""
    settings = app.state.settings
    if not settings.mcp_http:
        return

    @asynccontextmanager
    async def connect(ctx: Context | None) -> AsyncIterator[Caller]:
        headers = {k.lower(): v for k, v in ((ctx.headers if ctx else None) or {}).items()}
        key = headers.get("x-api-key") or _bearer(headers.get("authorization"))
        transport = httpx.ASGITransport(app=app)  # the REST routes, in process
        async with AsyncMemstreamClient("http://memstream.internal", key or "", transport=transport) as client:
            yield Caller(client=client, user_id=headers.get(USER_HEADER) or None)

    server = build_server(connect)
    # DNS-rebinding protection (Host and Origin checks) as the SDK sets it for a loopback bind; on other
    # binds the API key is what guards the endpoint, as for every /v1 route.
    security = (
        None if settings.api_host in LOOPBACK else TransportSecuritySettings(enable_dns_rebinding_protection=False)
    )
    server.streamable_http_app(
        streamable_http_path=PATH,
        stateless_http=True,
        json_response=True,
        transport_security=security,
        host=settings.api_host,
    )
    manager = server.session_manager
    endpoint = RequireApiKey(StreamableHTTPASGIApp(manager))
    app.router.routes.append(Route(PATH, endpoint=endpoint, name="mcp", include_in_schema=False))

    outer = app.router.lifespan_context

    @asynccontextmanager
    async def lifespan(the_app: FastAPI) -> AsyncIterator[object]:
        async with outer(the_app) as state, manager.run():
            yield state

    app.router.lifespan_context = lifespan


class RequireApiKey:
    """401 (a problem document) unless the request carries a live API key, checked as the REST routes do."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope)
        try:
            await caller_tenant(request, request.headers.get("authorization"), request.headers.get("x-api-key"))
        except HTTPException as exc:
            await problem(exc.status_code, "Unauthorized", str(exc.detail))(scope, receive, send)
            return
        await self.app(scope, receive, send)


def _bearer(value: str | None) -> str | None:
    return value[7:] if value and value.lower().startswith("bearer ") else None
