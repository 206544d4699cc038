"""Strength is used by reads: faded facts stay in the store but out of default context and search,
come back on request, and strength shows on facts. The strength columns are set the way the
reinforcer writes them (a recall long ago), against the real database."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from tests.api.conftest import seed_fact, uid


async def _fade(db, tenant_id: str, user: str, like: str) -> None:
    """As if the fact was last recalled a year ago: its strength now is far under the threshold."""
    await db.execute(
        "UPDATE facts SET strength = 0.3, strength_at = $4, recall_count = 1, last_recalled_at = $4"
        " WHERE tenant_id = $1 AND user_id = $2 AND text ILIKE $3",
        tenant_id,
        user,
        like,
        datetime.now(UTC) - timedelta(days=365),
    )


async def test_faded_facts_leave_default_context_and_search_but_stay(client, db, tenant, stack):
    tenant_id, _ = tenant
    user = uid()
    await seed_fact(db, stack.settings, tenant_id, user, "The user got a B in the chemistry exam", importance=9)
    await seed_fact(db, stack.settings, tenant_id, user, "The user plays chess on Sundays", importance=9)
    await _fade(db, tenant_id, user, "%chemistry%")

    facts = (await client.get(f"/v1/users/{user}/facts")).json()["facts"]
    strength = {f["text"]: f["strength"] for f in facts}
    assert strength["The user got a B in the chemistry exam"] < 0.1  # faded, still stored and listed
    assert strength["The user plays chess on Sundays"] > 0.5
    assert all(f["last_recalled_at"] for f in facts if "chemistry" in f["text"])

    query = {"user_id": user, "query": "how did the chemistry exam go"}
    default = (await client.post("/v1/context", json=query)).json()
    assert "chemistry" not in default["context"] and "chess" in default["context"]  # pinned, not faded
    detailed = (await client.post("/v1/context", json={**query, "detail": True})).json()
    assert "chemistry" in detailed["context"]

    found = (await client.post("/v1/search", json=query)).json()["results"]
    assert not any("chemistry" in hit["text"] for hit in found)
    found = (await client.post("/v1/search", json={**query, "include_faded": True})).json()["results"]
    assert "chemistry" in found[0]["text"]
