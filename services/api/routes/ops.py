"""Liveness, readiness and the memory panel (no API key: the panel asks for one)."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import re
from functools import lru_cache
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse, RedirectResponse

router = APIRouter(tags=["ops"])
UI_DIR = Path(__file__).resolve().parents[1] / "ui"
READY_CHECK_S = 2.0
_INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.DOTALL | re.IGNORECASE)


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    return {"status": "ok"}


async def _check(probe, timeout_s: float) -> str:
    try:
        await asyncio.wait_for(probe, timeout_s)
    except TimeoutError:
        return f"error: no answer within {timeout_s:g} s"
    except Exception as exc:
        return f"error: {type(exc).__name__}"
    return "ok"


@router.get("/readyz")
async def readyz(request: Request) -> JSONResponse:
    """Ready when the database answers a query and the broker answers a metadata request, each within
    2 s. The broker is asked anew each time (a frozen broker keeps its TCP connections open, and the
    producer's cached metadata would look fine)."""
    state = request.app.state
    database, broker = await asyncio.gather(
        _check(state.pool.fetchval("SELECT 1"), READY_CHECK_S),
        _check(state.producer.client.fetch_all_metadata(), READY_CHECK_S),
    )
    checks = {"database": database, "broker": broker}
    ready = all(v == "ok" for v in checks.values())
    return JSONResponse(
        {"status": "ready" if ready else "not ready", "checks": checks}, status_code=200 if ready else 503
    )


@lru_cache(maxsize=4)
def _panel_policy(mtime_ns: int) -> dict[str, str]:
    """Security headers of the panel. Its inline scripts are allowed by their hashes (nothing else
    inline runs); styles may be inline (the page styles elements in place); it talks only to this origin
    and may not be framed."""
    html = (UI_DIR / "index.html").read_text(encoding="utf-8")
    hashes = " ".join(
        f"'sha256-{base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()}'"
        for body in _INLINE_SCRIPT.findall(html)
    )
    policy = "; ".join(
        [
            "default-src 'none'",
            f"script-src 'self' {hashes}".strip(),
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data:",
            "connect-src 'self'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        ]
    )
    return {
        "Content-Security-Policy": policy,
        "X-Frame-Options": "DENY",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "Cache-Control": "no-cache",
    }


def panel_headers() -> dict[str, str]:
    return _panel_policy((UI_DIR / "index.html").stat().st_mtime_ns)


@router.get("/ui", include_in_schema=False)
async def panel() -> FileResponse:
    """The memory panel: one static page, vanilla JS, talking to this API with the key you enter."""
    return FileResponse(UI_DIR / "index.html", media_type="text/html", headers=panel_headers())


@router.get("/ui/", include_in_schema=False)
async def panel_slash() -> RedirectResponse:
    return RedirectResponse("/ui")
