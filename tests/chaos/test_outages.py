"""Outages under load: Postgres stopped for 10 s, and the broker frozen (SIGSTOP) for 10 s, while clients
ingest and read through the API of the running pipeline (every stage its own process).

Each drill counts the API's answers by class (2xx, 4xx, 503, other 5xx: never one) and checks that no
connection was dropped, that every message answered 2xx is stored once the outage ends (nothing lost),
and that the API log holds no traceback and a bounded number of lines about the outage.

The session's Postgres and broker are shared with every other test: each drill brings its dependency back
and waits until the pipeline answers again before it returns.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field

import httpx
import pytest

from tests.helpers import wait_for

pytestmark = pytest.mark.slow

OUTAGE_S = 10.0
BEFORE_S = 3.0
AFTER_S = 4.0
CLIENTS = 4


@dataclass
class Tally:
    answers: Counter = field(default_factory=Counter)
    transport_errors: list[str] = field(default_factory=list)
    accepted: set[str] = field(default_factory=set)  # event ids answered 2xx
    other_5xx: list[str] = field(default_factory=list)
    missing_retry_after: int = 0
    closing: int = 0  # answers that close their keep-alive connection

    def note(self, kind: str, response: httpx.Response) -> None:
        status = response.status_code
        if response.headers.get("connection", "").lower() == "close":
            self.closing += 1
        if 200 <= status < 300:
            self.answers["2xx"] += 1
        elif 400 <= status < 500:
            self.answers["4xx"] += 1
        elif status == 503:
            self.answers["503"] += 1
            if "retry-after" not in response.headers or not response.headers["content-type"].startswith(
                "application/problem+json"
            ):
                self.missing_retry_after += 1
        else:
            self.answers["5xx-other"] += 1
            self.other_5xx.append(f"{kind} {status} {response.text[:200]}")

    def summary(self) -> dict:
        return {**{k: self.answers[k] for k in ("2xx", "4xx", "503", "5xx-other")}, "accepted": len(self.accepted)}


async def _client_loop(client: httpx.AsyncClient, tally: Tally, user: str, stop: asyncio.Event, n: int) -> None:
    """Ingest (own event ids) and read in turn, until told to stop."""
    i = 0
    while not stop.is_set():
        i += 1
        event_id = f"chaos-{user}-{n}-{i}"
        try:
            if i % 3:
                message = {
                    "event_id": event_id,
                    "user_id": user,
                    "session_id": f"s-{n}",
                    "role": "user",
                    "content": f"I have a pet number {n}-{i}.",
                }
                response = await client.post("/v1/messages", json={"messages": [message]})
                tally.note("ingest", response)
                if response.status_code == 202:
                    tally.accepted.add(event_id)
            else:
                tally.note("read", await client.get(f"/v1/users/{user}/facts"))
        except httpx.HTTPError as exc:  # a dropped connection, a reset: never acceptable
            tally.transport_errors.append(f"{type(exc).__name__}: {exc}")
        await asyncio.sleep(0.05)


async def _stored(db, tenant_id: str, event_ids: set[str]) -> set[str]:
    rows = await db.fetch(
        "SELECT event_id FROM messages WHERE tenant_id = $1 AND event_id = any($2::text[])", tenant_id, list(event_ids)
    )
    return {r["event_id"] for r in rows}


def _log_since(pipeline, offset: int) -> list[str]:
    path = pipeline.stack.data_dir / "api.log"
    with path.open("rb") as f:
        f.seek(offset)
        return f.read().decode(errors="replace").splitlines()


def _log_size(pipeline) -> int:
    path = pipeline.stack.data_dir / "api.log"
    return path.stat().st_size if path.exists() else 0


async def _drill(pipeline, db, tenant, outage_start, outage_end, *, during=None) -> tuple[Tally, list[str]]:
    """Load before, during and after an outage; returns the tally and the API log lines it wrote."""
    tenant_id, key = tenant
    user = f"chaos-{uuid.uuid4().hex[:6]}"
    tally = Tally()
    stop = asyncio.Event()
    log_offset = _log_size(pipeline)
    limits = httpx.Limits(max_connections=CLIENTS, max_keepalive_connections=CLIENTS)
    async with httpx.AsyncClient(
        base_url=pipeline.api_url, headers={"X-API-Key": key}, timeout=30, limits=limits
    ) as client:
        warm = await client.get("/v1/users")  # the API process checks the key once, before the outage
        assert warm.status_code == 200, warm.text
        loops = [asyncio.create_task(_client_loop(client, tally, user, stop, n)) for n in range(CLIENTS)]
        try:
            await asyncio.sleep(BEFORE_S)
            await asyncio.to_thread(outage_start)
            try:
                if during is not None:
                    await during(client)
                await asyncio.sleep(max(0.0, OUTAGE_S - (during.elapsed if during else 0.0)))
            finally:
                await asyncio.to_thread(outage_end)
            await asyncio.sleep(AFTER_S)
        finally:
            stop.set()
            await asyncio.gather(*loops)
    assert tally.accepted, tally.summary()

    async def all_stored() -> bool:
        return await _stored(db, tenant_id, tally.accepted) == tally.accepted

    await wait_for(all_stored, timeout_s=60, what="every message answered 2xx stored", interval_s=0.5)
    return tally, _log_since(pipeline, log_offset)


def _check(tally: Tally, log_lines: list[str], name: str) -> None:
    print(f"\n{name}: {tally.summary()}, lost 0, transport errors {len(tally.transport_errors)}")
    assert tally.answers["5xx-other"] == 0, tally.other_5xx[:5]
    assert tally.transport_errors == [] and tally.closing == 0, (tally.transport_errors[:5], tally.closing)
    assert tally.answers["503"] > 0 and tally.missing_retry_after == 0, tally.summary()
    assert not [line for line in log_lines if "Traceback" in line or "api_error" in line], log_lines[-20:]
    # One line per kind of error and interval (10 s), not one per request: a 10 s outage plus its edges
    # spans at most 3 intervals.
    kinds = Counter(json.loads(line).get("kind") for line in log_lines if line.startswith("{") and '"kind"' in line)
    assert kinds and max(kinds.values()) <= 3, kinds
    print(f"{name}: API log lines by kind of error: {dict(kinds)}")


class _Timed:
    """An async check run during the outage, which says how long it took."""

    def __init__(self, check):
        self.check = check
        self.elapsed = 0.0

    async def __call__(self, client) -> None:
        started = time.monotonic()
        try:
            await self.check(client)
        finally:
            self.elapsed = time.monotonic() - started


async def test_postgres_stopped_for_10_s_mid_ingest(pipeline, stack, db, tenant):
    postgres = stack.postgres

    def resume() -> None:
        postgres.resume()

    log_offset = _log_size(pipeline)
    relay_log = pipeline.stack.data_dir / "relay.log"
    relay_offset = relay_log.stat().st_size if relay_log.exists() else 0
    tally, log_lines = await _drill(pipeline, db, tenant, postgres.halt, resume)
    _check(tally, log_lines, "postgres stopped 10 s")

    async def relay_leads_again() -> bool:  # the advisory lock went with its connection: taken anew
        with relay_log.open("rb") as f:
            f.seek(relay_offset)
            return b"relay_leading" in f.read()

    await wait_for(relay_leads_again, timeout_s=40, what="the relay leading again after the restart")
    pipeline.assert_alive()

    async def listening_again() -> bool:  # the change streams' LISTEN connection came back by itself
        return any("outbox_listen_restored" in line for line in _log_since(pipeline, log_offset))

    await wait_for(listening_again, timeout_s=40, what="the API's LISTEN connection restored")
    # Ingest needs only the broker: it went on accepting while the database was down.
    assert tally.answers["2xx"] > 0
    await db.expire_connections()  # this test's own pool: renew what the restart closed

    async def answers_again() -> bool:
        async with httpx.AsyncClient(base_url=pipeline.api_url, headers={"X-API-Key": tenant[1]}) as client:
            return (await client.get("/v1/users")).status_code == 200

    await wait_for(answers_again, timeout_s=30, what="the API reading from Postgres again")


async def test_broker_frozen_for_10_s_mid_ingest(pipeline, stack, db, tenant):
    broker_pid = stack.broker.process.pid

    async def readyz_reports_the_broker(client: httpx.AsyncClient) -> None:
        async def unready() -> bool:
            response = await client.get("/readyz")
            return response.status_code == 503 and response.json()["checks"]["broker"] != "ok"

        await wait_for(unready, timeout_s=8, what="readyz reporting the frozen broker", interval_s=0.5)

    tally, log_lines = await _drill(
        pipeline,
        db,
        tenant,
        lambda: os.kill(broker_pid, signal.SIGSTOP),
        lambda: os.kill(broker_pid, signal.SIGCONT),
        during=_Timed(readyz_reports_the_broker),
    )
    _check(tally, log_lines, "broker frozen 10 s")
    outages = [json.loads(line) for line in log_lines if line.startswith("{") and "dependency_unavailable" in line]
    assert any(entry.get("dependency") == "broker" for entry in outages), log_lines[-20:]

    async def ready() -> bool:
        async with httpx.AsyncClient(base_url=pipeline.api_url) as client:
            return (await client.get("/readyz")).status_code == 200

    await wait_for(ready, timeout_s=30, what="readyz ready again")
