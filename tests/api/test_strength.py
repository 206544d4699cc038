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

    # search: a loose query does not bring the faded fact back; include_faded does
    loose = {"user_id": user, "query": "school results"}
    found = (await client.post("/v1/search", json=loose)).json()["results"]
    assert not any("chemistry" in hit["text"] for hit in found)
    found = (await client.post("/v1/search", json={**loose, "include_faded": True})).json()["results"]
    assert any("chemistry" in hit["text"] for hit in found)
    # a pointed question is a strong cue: search still finds the faded fact (cued recall), context did not
    found = (await client.post("/v1/search", json=query)).json()["results"]
    assert "chemistry" in found[0]["text"] and found[0]["legs"]["vector_facts"]["score"] >= 0.6
    asked = (await client.post("/v1/ask", json={"user_id": user, "question": query["query"]})).json()
    assert "chemistry" in asked["facts"][0]["text"]  # ask is a question too
    asked = (await client.post("/v1/ask", json={"user_id": user, "question": "school results"})).json()
    assert not any("chemistry" in f["text"] for f in asked["facts"])


async def test_facts_sorted_by_strength_page_by_page(client, db, tenant, stack):
    """sort=strength orders by the strength now (computed in Postgres from the stored strength and the time
    since), both ways, with a keyset cursor that neither skips nor repeats a fact."""
    tenant_id, _ = tenant
    user = uid()
    specs = [  # text, category, importance, slot: seeds from 0.34 (importance 2) to 0.97 (an identity slot)
        ("The user is called Robin", "fact", 5, "name"),
        ("The user works as a nurse", "fact", 9, None),
        ("The user likes hiking", "preference", 4, None),
        ("The user has a dentist appointment", "event", 2, None),
        ("The user got a B in the chemistry exam", "fact", 9, None),
        ("The user has a sister named Anna", "relationship", 6, None),
        ("The user drinks oolong tea", "preference", 6, None),
    ]
    for text, category, importance, slot in specs:
        await seed_fact(db, stack.settings, tenant_id, user, text, category=category, importance=importance, slot=slot)
    await _fade(db, tenant_id, user, "%chemistry%")
    await db.execute(  # recalled an hour ago: near the top
        "UPDATE facts SET strength = 0.9, strength_at = now() - interval '1 hour', recall_count = 2,"
        " last_recalled_at = now() - interval '1 hour' WHERE tenant_id = $1 AND user_id = $2 AND text LIKE '%tea%'",
        tenant_id,
        user,
    )

    async def listing(**params) -> dict:
        got = await client.get(f"/v1/users/{user}/facts", params=params)
        assert got.status_code == 200, got.text
        return got.json()

    strongest = (await listing(sort="strength", order="desc"))["facts"]
    strengths = [f["strength"] for f in strongest]
    assert strengths == sorted(strengths, reverse=True) and len(strongest) == len(specs)
    assert [f["text"] for f in strongest[:2]] == ["The user is called Robin", "The user drinks oolong tea"]
    assert strongest[-1]["text"] == "The user got a B in the chemistry exam"  # faded: last, but listed
    weakest = (await listing(sort="strength"))["facts"]
    assert [f["fact_id"] for f in weakest] == [f["fact_id"] for f in reversed(strongest)]
    assert (await listing(sort="strength"))["faded_below"] == stack.settings.strength_faded_below

    for order in ("desc", "asc"):
        seen: list[str] = []
        cursor = None
        for _ in range(len(specs)):
            page = await listing(sort="strength", order=order, limit=3, **({"cursor": cursor} if cursor else {}))
            seen += [f["fact_id"] for f in page["facts"]]
            cursor = page["next_cursor"]
            if cursor is None:
                break
        expected = strongest if order == "desc" else list(reversed(strongest))
        assert seen == [f["fact_id"] for f in expected]

    first = await listing(sort="strength", order="desc", limit=2)
    other_sort = await client.get(
        f"/v1/users/{user}/facts", params={"sort": "importance", "cursor": first["next_cursor"]}
    )
    assert other_sort.status_code == 422 and "sort=strength" in other_sort.json()["detail"]
    from shared.storage.user_data import encode_cursor

    forged = encode_cursor("strength", (datetime.now(UTC), 7.5), strongest[0]["fact_id"])  # not a strength
    bad = await client.get(f"/v1/users/{user}/facts", params={"sort": "strength", "cursor": forged})
    assert bad.status_code == 422 and "cursor" in bad.json()["detail"]


async def test_unknown_sort_is_refused_by_name(client):
    got = await client.get(f"/v1/users/{uid()}/facts", params={"sort": "strenght"})
    assert got.status_code == 422
    detail = got.json()["detail"]
    assert "sort" in detail and "strength" in detail  # names the parameter and what it accepts
