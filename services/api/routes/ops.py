"""Liveness, readiness and the memory panel (no API key: the panel asks for one)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Literal

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse, RedirectResponse

router = APIRouter(tags=["ops"])
UI_DIR = Path(__file__).resolve().parents[1] / "ui"


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    return {"status": "ok"}


@router.get("/readyz")
async def readyz(request: Request) -> JSONResponse:
    checks: dict[str, Literal["ok"] | str] = {}
    try:
        await asyncio.wait_for(request.app.state.pool.fetchval("SELECT 1"), 2.0)
        checks["database"] = "ok"
    except Exception as exc:
        checks["database"] = f"error: {type(exc).__name__}"
    try:
        await asyncio.wait_for(request.app.state.producer.partitions_for(request.app.state.topics.messages), 2.0)
        checks["broker"] = "ok"
    except Exception as exc:
        checks["broker"] = f"error: {type(exc).__name__}"
    ready = all(v == "ok" for v in checks.values())
    return JSONResponse(
        {"status": "ready" if ready else "not ready", "checks": checks}, status_code=200 if ready else 503
    )


@router.get("/ui", include_in_schema=False)
async def panel() -> FileResponse:
    """The memory panel: one static page, vanilla JS, talking to this API with the key you enter."""
    return FileResponse(UI_DIR / "index.html", media_type="text/html", headers={"Cache-Control": "no-cache"})


@router.get("/ui/", include_in_schema=False)
async def panel_slash() -> RedirectResponse:
    return RedirectResponse("/ui")
