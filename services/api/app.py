"""The REST API: ingest, facts, health. Every route is scoped to the tenant of the caller's key."""

from __future__ import annotations

import asyncio
import time
import uuid
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from fastapi import Depends, FastAPI, Header, HTTPException, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from prometheus_client import make_asgi_app
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from shared.broker import Topics, key_for, new_producer, send_and_wait
from shared.contracts.events import ChatMessage, FactSnapshot, Id, Role, SessionEnded
from shared.settings import Settings, get_settings
from shared.storage import facts as fact_store
from shared.storage.db import create_pool
from shared.storage.tenants import tenant_for_key
from shared.telemetry import HTTP_REQUESTS, HTTP_SECONDS, get_logger

log = get_logger(__name__)
PROBLEM = "application/problem+json"


class MessageIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    event_id: Id | None = Field(None, description="Idempotency key; generated when absent.")
    user_id: Id
    session_id: Id
    role: Role
    content: str = Field(min_length=1)
    created_at: datetime | None = Field(None, description="Defaults to now; needs a timezone.")
    metadata: dict[str, Any] = Field(default_factory=dict)


class IngestRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    messages: list[MessageIn] = Field(min_length=1)


class IngestResponse(BaseModel):
    accepted: int
    event_ids: list[str]


class SessionEndRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    user_id: Id
    event_id: Id | None = None


class FactsPage(BaseModel):
    user_id: str
    facts: list[FactSnapshot]


def problem(status: int, title: str, detail: str, **extra: Any) -> JSONResponse:
    return JSONResponse(
        {"type": "about:blank", "title": title, "status": status, "detail": detail, **extra},
        status_code=status,
        media_type=PROBLEM,
    )


async def caller_tenant(
    request: Request,
    authorization: Annotated[str | None, Header()] = None,
    x_api_key: Annotated[str | None, Header()] = None,
) -> str:
    key = x_api_key or (authorization[7:] if authorization and authorization.lower().startswith("bearer ") else None)
    if not key:
        raise HTTPException(401, "missing API key (Authorization: Bearer <key> or X-API-Key)")
    cache: dict[str, tuple[str | None, float]] = request.app.state.keys
    cached = cache.get(key)
    if cached is None or time.monotonic() - cached[1] > 30:
        cached = (await tenant_for_key(request.app.state.pool, key), time.monotonic())
        cache[key] = cached
    if cached[0] is None:
        raise HTTPException(401, "unknown or revoked API key")
    return cached[0]


Tenant = Annotated[str, Depends(caller_tenant)]


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    topics = Topics.from_settings(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        app.state.pool = await create_pool(settings.database_url or "", max_size=10)
        app.state.producer = new_producer(settings)
        await app.state.producer.start()
        app.state.keys = {}
        try:
            yield
        finally:
            await app.state.producer.stop()
            await app.state.pool.close()

    app = FastAPI(
        title="memstream",
        version="0.1.0",
        lifespan=lifespan,
        description="Event-driven long-term memory for chat apps and AI agents.",
    )
    app.mount("/metrics", make_asgi_app())

    @app.middleware("http")
    async def measure(request: Request, call_next):
        limit = settings.max_content_chars * settings.max_batch_messages // 4 + 65536
        length = request.headers.get("content-length")
        if length is not None and length.isdigit() and int(length) > limit:
            return problem(413, "Payload Too Large", f"body: {length} bytes, the limit is {limit}")
        started = time.perf_counter()
        response = await call_next(request)
        route = getattr(request.scope.get("route"), "path", "unmatched")
        HTTP_REQUESTS.labels(request.method, route, str(response.status_code)).inc()
        HTTP_SECONDS.labels(request.method, route).observe(time.perf_counter() - started)
        return response

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [
            {"field": ".".join(str(p) for p in err["loc"] if p != "body"), "message": err["msg"]}
            for err in exc.errors()
        ]
        detail = "; ".join(f"{e['field']}: {e['message']}" for e in errors[:5])
        return problem(422, "Invalid request", detail, errors=errors)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        return problem(exc.status_code, str(exc.detail), str(exc.detail))

    @app.post("/v1/messages", status_code=202, response_model=IngestResponse, tags=["ingest"])
    async def ingest(body: IngestRequest, tenant_id: Tenant, request: Request) -> IngestResponse:
        """Queue chat messages for memory. Returns once the broker has them; never waits for extraction."""
        if len(body.messages) > settings.max_batch_messages:
            raise RequestValidationError(
                [
                    {
                        "loc": ("body", "messages"),
                        "msg": f"at most {settings.max_batch_messages} messages per request",
                        "type": "too_long",
                    }
                ]
            )
        events = []
        for i, m in enumerate(body.messages):
            if len(m.content) > settings.max_content_chars:
                raise RequestValidationError(
                    [
                        {
                            "loc": ("body", "messages", i, "content"),
                            "msg": f"at most {settings.max_content_chars} characters",
                            "type": "too_long",
                        }
                    ]
                )
            try:
                events.append(
                    ChatMessage(
                        event_id=m.event_id or str(uuid.uuid4()),
                        tenant_id=tenant_id,
                        user_id=m.user_id,
                        session_id=m.session_id,
                        role=m.role,
                        content=m.content,
                        created_at=m.created_at or datetime.now(UTC),
                        metadata=m.metadata,
                    )
                )
            except ValidationError as exc:
                raise RequestValidationError(
                    [{**e, "loc": ("body", "messages", i, *e["loc"])} for e in exc.errors()]
                ) from None
        await send_and_wait(
            request.app.state.producer,
            topics.messages,
            [(key_for(e.tenant_id, e.session_id), e.model_dump_json().encode()) for e in events],
        )
        return IngestResponse(accepted=len(events), event_ids=[e.event_id for e in events])

    @app.post("/v1/sessions/{session_id}/end", status_code=202, tags=["ingest"])
    async def end_session(session_id: Id, body: SessionEndRequest, tenant_id: Tenant, request: Request) -> dict:
        """Mark a session ended: its final summary is written."""
        event = SessionEnded(
            type="session.ended",
            event_id=body.event_id or f"end-{session_id}",
            tenant_id=tenant_id,
            user_id=body.user_id,
            session_id=session_id,
            created_at=datetime.now(UTC),
        )
        await send_and_wait(
            request.app.state.producer,
            topics.messages,
            [(key_for(tenant_id, session_id), event.model_dump_json().encode())],
        )
        return {"accepted": 1, "event_id": event.event_id}

    @app.get("/v1/users/{user_id}/facts", response_model=FactsPage, tags=["facts"])
    async def list_user_facts(
        user_id: Id,
        tenant_id: Tenant,
        request: Request,
        include_history: Annotated[bool, Query(description="Also superseded and retracted rows.")] = False,
        limit: Annotated[int, Query(ge=1, le=1000)] = 100,
    ) -> FactsPage:
        async with request.app.state.pool.acquire() as conn:
            facts = await fact_store.list_facts(conn, tenant_id, user_id, include_history=include_history, limit=limit)
        return FactsPage(user_id=user_id, facts=facts)

    @app.get("/healthz", tags=["ops"])
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/readyz", tags=["ops"])
    async def readyz(request: Request) -> JSONResponse:
        checks: dict[str, Literal["ok"] | str] = {}
        try:
            await asyncio.wait_for(request.app.state.pool.fetchval("SELECT 1"), 2.0)
            checks["database"] = "ok"
        except Exception as exc:
            checks["database"] = f"error: {type(exc).__name__}"
        try:
            await asyncio.wait_for(request.app.state.producer.partitions_for(topics.messages), 2.0)
            checks["broker"] = "ok"
        except Exception as exc:
            checks["broker"] = f"error: {type(exc).__name__}"
        ready = all(v == "ok" for v in checks.values())
        return JSONResponse(
            {"status": "ready" if ready else "not ready", "checks": checks}, status_code=200 if ready else 503
        )

    return app
