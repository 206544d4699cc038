"""Tenancy, over the whole route table: every /v1 route needs a key, and a key of tenant B can neither
read nor change tenant A's data (A's users and facts are unknown to B: 404, or simply absent)."""

from __future__ import annotations

import json
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import httpx
import pytest

from services.api.app import api_routes, create_app
from shared.settings import Settings
from tests.api.conftest import seed_messages, uid

ROUTE_TABLE = [r for r in api_routes(create_app(Settings(_env_file=None))) if r[1].startswith("/v1")]


@dataclass
class TenantA:
    tenant_id: str
    key: str
    user: str
    fact_id: str
    session_id: str
    secret: str  # a word only A's data contains
    message_id: str = ""


Case = Callable[[httpx.AsyncClient, TenantA], Awaitable[None]]


def no_secret(response: httpx.Response, a: TenantA) -> None:
    assert response.status_code < 500, response.text
    assert a.secret not in response.text and a.fact_id not in response.text


async def expect_404(response: httpx.Response, a: TenantA) -> None:
    assert response.status_code == 404, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    assert a.secret not in response.text  # (the detail may echo the id the caller sent)


async def ingest(b, a):
    injected = await b.post(
        "/v1/messages",
        json={
            "messages": [
                {
                    "tenant_id": a.tenant_id,
                    "user_id": a.user,
                    "session_id": a.session_id,
                    "role": "user",
                    "content": f"{a.secret} was here",
                }
            ]
        },
    )
    assert injected.status_code == 422 and "tenant_id" in injected.json()["detail"]


async def end_session(b, a):
    got = await b.post(f"/v1/sessions/{a.session_id}/end", json={"user_id": a.user})
    assert got.status_code == 202  # an event of B's own namespace; A's session is untouched (checked after)


async def list_users(b, a):
    got = await b.get("/v1/users")
    assert got.status_code == 200 and a.user not in got.json()["users"]


async def list_facts(b, a):
    got = await b.get(f"/v1/users/{a.user}/facts", params={"include_history": "true"})
    assert got.status_code == 200 and got.json()["facts"] == []  # B's own (empty) user of that name
    no_secret(got, a)


async def add_fact(b, a):
    got = await b.post(f"/v1/users/{a.user}/facts", json={"text": "The user likes tea"})
    assert got.status_code == 201 and got.json()["op"] == "ADD"  # B's own user of that name
    no_secret(got, a)


async def bulk_delete(b, a):
    await expect_404(await b.post(f"/v1/users/{a.user}/facts/delete", json={"fact_ids": [a.fact_id]}), a)


async def get_fact(b, a):
    await expect_404(await b.get(f"/v1/users/{a.user}/facts/{a.fact_id}"), a)


async def edit_fact(b, a):
    await expect_404(await b.patch(f"/v1/users/{a.user}/facts/{a.fact_id}", json={"text": "hijacked"}), a)


async def delete_fact(b, a):
    await expect_404(await b.delete(f"/v1/users/{a.user}/facts/{a.fact_id}"), a)


async def search(b, a):
    got = await b.post("/v1/search", json={"user_id": a.user, "query": a.secret})
    assert got.status_code == 200 and got.json()["results"] == []
    assert a.fact_id not in got.text and "horse" not in got.text  # (the query itself is echoed)


async def context(b, a):
    got = await b.post("/v1/context", json={"user_id": a.user, "query": a.secret, "session_id": a.session_id})
    assert got.status_code == 200 and got.json()["context"] == "" and got.json()["facts"] == []


async def ask(b, a):
    got = await b.post("/v1/ask", json={"user_id": a.user, "question": f"what about {a.secret}?"})
    assert got.status_code == 200 and got.json()["facts"] == []
    assert a.fact_id not in got.text and "horse" not in got.text


async def summary(b, a):
    await expect_404(await b.get(f"/v1/users/{a.user}/sessions/{a.session_id}/summary"), a)


async def profile(b, a):
    await expect_404(await b.get(f"/v1/users/{a.user}/profile"), a)


async def get_settings(b, a):
    await expect_404(await b.get(f"/v1/users/{a.user}/settings"), a)


async def put_settings(b, a):
    got = await b.put(f"/v1/users/{a.user}/settings", json={"memory_enabled": False})
    assert got.status_code == 200  # B's own user; A's stays on (checked after)


async def export(b, a):
    await expect_404(await b.get(f"/v1/users/{a.user}/export"), a)


async def erase(b, a):
    await expect_404(await b.delete(f"/v1/users/{a.user}"), a)


async def message_status(b, a):
    got = await b.get(f"/v1/messages/{a.message_id}")
    assert got.status_code == 200 and got.json()["state"] == "pending" and not got.json()["stored"]
    no_secret(got, a)


async def sessions(b, a):
    got = await b.get(f"/v1/users/{a.user}/sessions")
    assert got.status_code == 200 and got.json()["sessions"] == []
    assert a.session_id not in got.text


async def changes(b, a):
    await expect_404(await b.get(f"/v1/users/{a.user}/changes", params={"max_seconds": 1}), a)


CASES: dict[tuple[str, str], Case] = {
    ("POST", "/v1/messages"): ingest,
    ("POST", "/v1/sessions/{session_id}/end"): end_session,
    ("GET", "/v1/users"): list_users,
    ("GET", "/v1/users/{user_id}/facts"): list_facts,
    ("POST", "/v1/users/{user_id}/facts"): add_fact,
    ("POST", "/v1/users/{user_id}/facts/delete"): bulk_delete,
    ("GET", "/v1/users/{user_id}/facts/{fact_id}"): get_fact,
    ("PATCH", "/v1/users/{user_id}/facts/{fact_id}"): edit_fact,
    ("DELETE", "/v1/users/{user_id}/facts/{fact_id}"): delete_fact,
    ("POST", "/v1/search"): search,
    ("POST", "/v1/context"): context,
    ("POST", "/v1/ask"): ask,
    ("GET", "/v1/users/{user_id}/sessions/{session_id}/summary"): summary,
    ("GET", "/v1/users/{user_id}/profile"): profile,
    ("GET", "/v1/users/{user_id}/settings"): get_settings,
    ("PUT", "/v1/users/{user_id}/settings"): put_settings,
    ("GET", "/v1/users/{user_id}/export"): export,
    ("DELETE", "/v1/users/{user_id}"): erase,
    ("GET", "/v1/users/{user_id}/changes"): changes,
    ("GET", "/v1/messages/{event_id}"): message_status,
    ("GET", "/v1/users/{user_id}/sessions"): sessions,
}


def test_every_route_has_an_isolation_case():
    assert set(CASES) == set(ROUTE_TABLE)


@pytest.fixture(scope="module")
async def tenant_a(api, db) -> TenantA:
    from shared.storage.tenants import add_api_key

    tenant_id = uid("ta")
    key = await add_api_key(db, tenant_id)
    user, session, secret = uid("alice"), uid("s"), f"zebra{uuid.uuid4().hex[:6]}"
    [message_id] = await seed_messages(db, tenant_id, user, session, [f"My horse is called {secret}."])
    async with httpx.AsyncClient(base_url=api.url, headers={"X-API-Key": key}) as a:
        added = await a.post(f"/v1/users/{user}/facts", json={"text": f"The user has a horse named {secret}"})
    await db.execute(
        "INSERT INTO session_summaries (tenant_id, session_id, user_id, summary, input_hash, user_turns) "
        "VALUES ($1, $2, $3, $4, 'h', 1)",
        tenant_id,
        session,
        user,
        f"- horse {secret}",
    )
    await db.execute(
        "INSERT INTO user_profiles (tenant_id, user_id, digest, input_hash) VALUES ($1, $2, $3, 'h') "
        "ON CONFLICT (tenant_id, user_id) DO UPDATE SET digest = excluded.digest",
        tenant_id,
        user,
        f"fact: horse {secret}",
    )
    return TenantA(tenant_id, key, user, added.json()["fact"]["fact_id"], session, secret, message_id)


async def snapshot(api, a: TenantA) -> dict:
    async with httpx.AsyncClient(base_url=api.url, headers={"X-API-Key": a.key}) as client:
        data = (await client.get(f"/v1/users/{a.user}/export")).json()
    data.pop("recent_change_events")
    return data


@pytest.mark.parametrize("route", ROUTE_TABLE, ids=[f"{m} {p}" for m, p in ROUTE_TABLE])
async def test_tenant_b_can_neither_read_nor_change_tenant_a(route, api, tenant_a, other_client):
    before = await snapshot(api, tenant_a)
    await CASES[route](other_client, tenant_a)
    after = await snapshot(api, tenant_a)
    assert after == before
    assert after["settings"]["memory_enabled"] is True and after["facts"][0]["status"] == "active"


def _concrete(path: str) -> str:
    return path.format(user_id="u1", fact_id=str(uuid.uuid4()), session_id="s1", event_id="e1")


@pytest.mark.parametrize("route", ROUTE_TABLE, ids=[f"{m} {p}" for m, p in ROUTE_TABLE])
@pytest.mark.parametrize("headers", [{}, {"X-API-Key": "wrong"}, {"Authorization": "Bearer wrong"}], ids=str)
async def test_every_route_needs_a_valid_key(route, headers, api):
    method, path = route
    async with httpx.AsyncClient(base_url=api.url, headers=headers) as anonymous:
        got = await anonymous.request(method, _concrete(path), json={})
    assert got.status_code == 401, got.text
    assert got.headers["content-type"].startswith("application/problem+json")
    assert "API key" in got.json()["detail"]


async def test_ops_routes_and_panel_need_no_key(api):
    async with httpx.AsyncClient(base_url=api.url) as anonymous:
        assert (await anonymous.get("/healthz")).json() == {"status": "ok"}
        ready = await anonymous.get("/readyz")
        assert ready.status_code == 200 and ready.json()["checks"] == {"database": "ok", "broker": "ok"}
        metrics = await anonymous.get("/metrics/")
        assert metrics.status_code == 200 and "memstream_http_requests_total" in metrics.text
        assert 'route="/healthz"' in metrics.text  # labelled by route template, not by raw path
        panel = await anonymous.get("/ui")
        assert panel.status_code == 200 and panel.headers["content-type"].startswith("text/html")
        assert "<script" in panel.text and "http://" not in panel.text.replace("http://127.0.0.1", "")


def test_the_route_table_is_json_serialisable():
    json.dumps(ROUTE_TABLE)
