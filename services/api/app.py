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
from fastapi.staticfiles import StaticFiles
from prometheus_client import make_asgi_app
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from services.api.deps import KeyCache, problem
from services.api.failures import ServiceUnavailable, ThrottledLog, response_for
from services.api.recalls import RecallPublisher
from services.api.routes import facts, ingest, messages, ops, retrieval, sessions, users
from services.api.routes.ingest import RecentEvents
from services.api.stream import OutboxNotifier
from services.mcp.http import mount_mcp
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


class BodyTooLarge(HTTPException):
    """Raised from `receive` once a body passes the limit: an HTTPException, so FastAPI's body reading
    passes it on as it is (anything else there becomes a 400)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"body: larger than the limit of {limit} bytes")


class MeasureAndGuard:
    """Request metrics (count and seconds per route template), the body limit, and the last line of error
    handling.

    - The body limit holds while the body is read, chunked or not: a declared Content-Length above it is
      refused before reading, and reading stops at the first chunk that passes it.
    - An error no route handled becomes a problem response (503 with Retry-After when a dependency is
      down, else 500), logged once per kind and interval, so the connection stays open and usable.

    Plain ASGI rather than `@app.middleware("http")`, whose per-request task group and streams cost more
    than everything else here on a short request."""

    def __init__(self, app: ASGIApp, body_limit: int, retry_after_s: int, errors: ThrottledLog) -> None:
        self.app = app
        self.body_limit = body_limit
        self.retry_after_s = retry_after_s
        self.errors = errors

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500
        response_started = False
        limit = self.body_limit
        length = next((v for k, v in scope["headers"] if k == b"content-length"), None)
        if length is not None and length.isdigit() and int(length) > limit:
            response = problem(413, "Content Too Large", f"body: {length.decode()} bytes, the limit is {limit}")
            await response(scope, receive, send)
            return
        received = 0

        async def receive_within_limit() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise BodyTooLarge(limit)
            return message

        async def send_and_note(message: Message) -> None:
            nonlocal status, response_started
            if message["type"] == "http.response.start":
                status = message["status"]
                response_started = True
            await send(message)

        try:
            await self.app(scope, receive_within_limit, send_and_note)
        except Exception as exc:
            if response_started:  # a stream broke midway: nothing can be said any more; end it
                self.errors.error(f"stream:{type(exc).__name__}", "response_aborted", path=scope["path"])
                return
            response = await response_for(
                exc,
                path=scope["path"],
                retry_after_s=self.retry_after_s,
                errors=self.errors,
                pool=getattr(scope["app"].state, "pool", None),
            )
            await response(scope, receive, send_and_note)
        finally:
            route = getattr(scope.get("route"), "path", "unmatched")  # the router sets it on this scope
            HTTP_REQUESTS.labels(scope["method"], route, str(status)).inc()
            HTTP_SECONDS.labels(scope["method"], route).observe(time.perf_counter() - started)


def _sender(producer, topic: str):
    async def send(items: list[tuple[bytes, bytes]]) -> None:
        futures = [await producer.send(topic, value, key=key) for key, value in items]
        await asyncio.gather(*futures)

    return send


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        # min_size 0: the API starts, and serves ingest, while the database is down, and no background task
        # keeps retrying (and logging) to hold a connection open through an outage. light_reset: no route
        # leaves session state on a pooled connection (advisory locks are transaction-scoped, LISTEN has its
        # own connection, no SET), and asyncpg's reset query was a round trip on every release: two of a
        # search's eight round trips, on the way to its answer.
        app.state.pool = await create_pool(
            settings.database_url or "", min_size=0, max_size=settings.api_db_pool_size, light_reset=True
        )
        app.state.producer = new_producer(settings)
        await app.state.producer.start()
        app.state.recalls = RecallPublisher(
            _sender(app.state.producer, app.state.topics.recalls), maxsize=settings.recall_queue_size
        )
        app.state.recalls.start()
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
            await app.state.recalls.stop()
            await app.state.producer.stop()
            await app.state.pool.close()

    app = FastAPI(
        title="memstream",
        version="0.1.0",
        lifespan=lifespan,
        description=DESCRIPTION,
    )
    app.state.settings = settings
    app.state.topics = Topics.from_settings(settings)
    app.state.errors = ThrottledLog(settings.api_error_log_interval_s)
    app.state.keys = KeyCache(settings.api_key_cache_s, app.state.errors)
    app.state.recent_events = RecentEvents()
    query_provider = embedding_provider(settings, bulk=False)  # one query at a time: in-process
    app.state.embedder = QueryEmbedder(query_provider, maxsize=settings.search_query_cache_size)
    app.state.decider = decision_provider(settings)
    app.mount("/metrics", make_asgi_app())

    app.add_middleware(
        MeasureAndGuard,
        body_limit=settings.max_request_bytes,
        retry_after_s=settings.api_retry_after_s,
        errors=app.state.errors,
    )

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

    @app.exception_handler(ServiceUnavailable)
    async def unavailable(request: Request, exc: ServiceUnavailable) -> JSONResponse:
        return await response_for(
            exc,
            path=request.url.path,
            retry_after_s=settings.api_retry_after_s,
            errors=app.state.errors,
            pool=getattr(app.state, "pool", None),
        )

    for module in (ingest, messages, facts, retrieval, users, sessions, ops):
        app.include_router(module.router)
    app.mount("/ui/assets", StaticFiles(directory=ops.UI_DIR / "assets"), name="panel-assets")
    mount_mcp(app)  # MCP (streamable HTTP) at /mcp
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
