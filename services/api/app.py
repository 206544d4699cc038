"""The REST API. Every /v1 route needs an API key and is scoped to that key's tenant.

`create_app(settings)` is the entry point; the routes live in `services/api/routes/`.
"""

from __future__ import annotations

import asyncio
import time
from contextlib import asynccontextmanager
from http import HTTPStatus

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from prometheus_client import make_asgi_app
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from services.api.deps import problem
from services.api.routes import facts, ingest, ops, retrieval, users
from services.api.stream import OutboxNotifier
from shared.broker import Topics, new_producer
from shared.providers.registry import decision_provider, embedding_provider
from shared.service_layer.search import QueryEmbedder
from shared.settings import Settings, get_settings
from shared.storage.db import create_pool
from shared.telemetry import HTTP_REQUESTS, HTTP_SECONDS, get_logger

log = get_logger(__name__)

DESCRIPTION = """Event-driven long-term memory for chat apps and AI agents.

Every `/v1` route needs an API key (`Authorization: Bearer <key>` or `X-API-Key: <key>`) and sees only
its tenant's data: another tenant's user or fact answers 404. Errors are problem details
(`application/problem+json`) whose `detail` names the field. The memory panel is at `/ui`.
"""


class MeasureAndLimit:
    """Request metrics (count and seconds per route template) and the body-size limit (413 from the
    Content-Length, before the body is read). Plain ASGI rather than `@app.middleware("http")`, whose
    per-request task group and streams cost more than everything else here on a short request."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = next((v for k, v in scope["headers"] if k == b"content-length"), None)
        if length is not None and length.isdigit() and int(length) > self.limit:
            response = problem(413, "Payload Too Large", f"body: {length.decode()} bytes, the limit is {self.limit}")
            await response(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500

        async def send_and_note(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, send_and_note)
        finally:
            route = getattr(scope.get("route"), "path", "unmatched")  # the router sets it on this scope
            HTTP_REQUESTS.labels(scope["method"], route, str(status)).inc()
            HTTP_SECONDS.labels(scope["method"], route).observe(time.perf_counter() - started)


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        app.state.pool = await create_pool(settings.database_url or "", max_size=settings.api_db_pool_size)
        app.state.producer = new_producer(settings)
        await app.state.producer.start()
        app.state.notifier = OutboxNotifier(settings.database_url or "")
        await app.state.notifier.start()
        if settings.embedding_provider == "offline":
            try:  # loads the local model now, not on the first search
                await asyncio.wait_for(app.state.embedder.embed("warm-up"), 30)
            except Exception as exc:  # search degrades to full text; the API still starts
                log.warning("embedder_warm_up_failed", error=str(exc))
        try:
            yield
        finally:
            await app.state.notifier.stop()
            await app.state.producer.stop()
            await app.state.pool.close()

    app = FastAPI(title="memstream", version="0.1.0", lifespan=lifespan, description=DESCRIPTION)
    app.state.settings = settings
    app.state.topics = Topics.from_settings(settings)
    app.state.keys = {}
    app.state.embedder = QueryEmbedder(embedding_provider(settings), maxsize=settings.search_query_cache_size)
    app.state.decider = decision_provider(settings)
    app.mount("/metrics", make_asgi_app())

    app.add_middleware(MeasureAndLimit, limit=settings.max_content_chars * settings.max_batch_messages // 4 + 65536)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [
            {"field": ".".join(str(p) for p in err["loc"] if p != "body"), "message": err["msg"]}
            for err in exc.errors()
        ]
        for error in errors:
            error["field"] = error["field"] or "body"
        detail = "; ".join(f"{e['field']}: {e['message']}" for e in errors[:5])
        return problem(422, "Invalid request", detail, errors=errors)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        try:
            title = HTTPStatus(exc.status_code).phrase
        except ValueError:
            title = "Error"
        response = problem(exc.status_code, title, str(exc.detail))
        if exc.headers:
            response.headers.update(exc.headers)
        return response

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.exception("api_error", path=request.url.path)
        return problem(500, "Internal Server Error", f"{type(exc).__name__}; see the API log")

    for module in (ingest, facts, retrieval, users, ops):
        app.include_router(module.router)
    return app


def api_routes(app: FastAPI) -> list[tuple[str, str]]:
    """(method, path) of every documented route, included routers flattened."""
    found: list[tuple[str, str]] = []

    def walk(routes) -> None:
        for route in routes:
            inner = getattr(route, "original_router", None)
            if inner is not None:
                walk(inner.routes)
            elif getattr(route, "include_in_schema", False):
                found.extend((m, route.path) for m in sorted(route.methods - {"HEAD"}))

    walk(app.routes)
    return found
