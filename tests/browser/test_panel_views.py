"""The panel's newer views in headless Chromium: facts as they were at a moment (with the status they had
then), session summaries and the profile, pagination, local time, decisions in plain words, and search
with a relevance cut-off. Each test saves a screenshot under tests/artifacts/ (and $MEMSTREAM_SHOTS)."""

from __future__ import annotations

import os
import re
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import httpx
import pytest

from tests.browser.conftest import CHROMIUM_ARGS

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
TIMEOUT_MS = 15_000


@pytest.fixture
async def browser(chromium_path):
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            await browser.close()


async def open_panel(browser, url: str, key: str, user: str, *, timezone: str = "Europe/Berlin"):
    context = await browser.new_context(viewport={"width": 1280, "height": 1000}, locale="en-US", timezone_id=timezone)
    page = await context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    await page.goto(f"{url}/ui")
    await page.get_by_test_id("api-key").fill(key)
    await page.get_by_test_id("user-id").fill(user)
    await page.get_by_test_id("open-user").click()
    return page, errors


async def screenshot(page, name: str, *, element=None, full_page: bool = True) -> None:
    for folder in {ARTIFACTS, Path(os.environ.get("MEMSTREAM_SHOTS", ARTIFACTS))}:
        folder.mkdir(parents=True, exist_ok=True)
        if element is not None:
            await element.screenshot(path=str(folder / name))
        else:
            await page.screenshot(path=str(folder / name), full_page=full_page)


async def test_point_in_time_view_shows_facts_with_their_status_then(browser, panel_api, tenant):
    from playwright.async_api import expect

    key = tenant[1]
    user = f"asof-{uuid.uuid4().hex[:6]}"
    async with httpx.AsyncClient(base_url=panel_api.url, headers={"X-API-Key": key}) as http:
        lisbon = (await http.post(f"/v1/users/{user}/facts", json={
            "text": "The user lives in Lisbon", "category": "fact", "importance": 7,
            "valid_from": "2026-01-10T09:00:00Z"})).json()["fact"]  # fmt: skip
        moved = await http.patch(
            f"/v1/users/{user}/facts/{lisbon['fact_id']}",
            json={"text": "The user lives in Porto", "valid_from": "2026-06-01T09:00:00Z"},
        )
        assert moved.status_code == 200
        await http.post(f"/v1/users/{user}/facts", json={"text": "The user plays the cello", "category": "preference"})

    page, errors = await open_panel(browser, panel_api.url, key, user)
    facts = page.get_by_test_id("fact")
    await expect(facts).to_have_count(2)  # now: Porto and the cello

    await page.get_by_test_id("as-of").fill("2026-03-01T12:00")
    await page.get_by_test_id("as-of-apply").click()
    await expect(page.get_by_test_id("facts-title")).to_have_text("Facts as they were")
    await expect(facts).to_have_count(1)
    then = facts.first
    await expect(then).to_contain_text("The user lives in Lisbon")
    await expect(then).to_have_attribute("data-status", "superseded")  # its status now
    await expect(then).to_have_attribute("data-status-then", "active")  # and then
    await expect(then.get_by_test_id("status-then")).to_have_text("current then")
    await expect(then.get_by_test_id("then-note")).to_contain_text("replaced later, on")
    await expect(page.get_by_test_id("as-of-note")).to_contain_text("Mar 1, 2026")
    await expect(then.get_by_test_id("edit-button")).to_have_count(0)  # the past is read-only
    await screenshot(page, "panel-as-of.png")

    await page.get_by_test_id("as-of").fill("2026-07-01T12:00")
    await page.get_by_test_id("as-of-apply").click()
    await expect(facts).to_have_count(1)
    await expect(facts.first).to_contain_text("The user lives in Porto")
    await expect(facts.first.get_by_test_id("then-note")).to_contain_text("learned later, on")
    await expect(facts.first.get_by_test_id("then-note")).to_contain_text("still current")

    await page.get_by_test_id("as-of-clear").click()
    await expect(page.get_by_test_id("facts-title")).to_have_text("Active facts")
    await expect(facts).to_have_count(2)
    assert errors == []


async def test_sessions_profile_pagination_and_local_time(browser, panel_api, tenant, db):
    from playwright.async_api import expect

    from shared.storage.summaries import SummaryRow, upsert_profiles, upsert_summaries
    from tests.api.conftest import seed_messages

    tenant_id, key = tenant
    user = f"sess-{uuid.uuid4().hex[:6]}"
    # 15:30 UTC on 1 March is 00:30 on 2 March in Tokyo: the panel must show the latter
    await seed_messages(db, tenant_id, user, "trip-planning", ["I want to visit Kyoto", "In April"],
                        start=datetime(2026, 3, 1, 15, 30, tzinfo=UTC))  # fmt: skip
    await seed_messages(db, tenant_id, user, "cooking", ["I bake bread on Sundays"],
                        start=datetime(2026, 2, 1, 8, 0, tzinfo=UTC))  # fmt: skip
    async with db.acquire() as conn:
        summary = "The user is planning a trip to Kyoto in April."
        await upsert_summaries(conn, [SummaryRow(tenant_id, "trip-planning", user, summary, "h1", 2, False)])
        await upsert_profiles(conn, [(tenant_id, user, "Plans a trip to Kyoto; bakes bread on Sundays.", "p1", [])])
    # facts go to another user: with the whole pipeline running, the summarizer would rewrite this user's
    # profile from their facts
    collector = f"{user}-games"
    async with httpx.AsyncClient(base_url=panel_api.url, headers={"X-API-Key": key}) as http:
        for i in range(57):
            # Each game on a slot of its own: 57 facts that all stay active (pagination is the point here).
            game = {"text": f"The user owns board game {i}", "slot": f"own:board-game-{i}"}
            added = await http.post(f"/v1/users/{collector}/facts", json=game)
            assert added.status_code == 201, added.text

    page, errors = await open_panel(browser, panel_api.url, key, user, timezone="Asia/Tokyo")
    await expect(page.get_by_test_id("tz")).to_have_text("times in Asia/Tokyo")
    await expect(page.get_by_test_id("profile-digest")).to_have_text("Plans a trip to Kyoto; bakes bread on Sundays.")

    sessions = page.get_by_test_id("session")
    await expect(sessions).to_have_count(2)
    await expect(sessions.nth(0)).to_have_attribute("data-session-id", "trip-planning")  # most recent first
    await expect(sessions.nth(0)).to_contain_text("Mar 2, 2026, 12:30 AM")  # local (Tokyo) time
    await expect(sessions.nth(0).get_by_test_id("session-summary")).to_have_text(
        "The user is planning a trip to Kyoto in April."
    )
    await expect(sessions.nth(1).get_by_test_id("session-summary")).to_contain_text("No summary yet")

    await screenshot(page, "panel-profile.png", full_page=False)
    await screenshot(page, "panel-sessions.png", element=page.locator("section.card", has=sessions.first))

    await page.get_by_test_id("user-id").fill(collector)
    await page.get_by_test_id("open-user").click()
    await expect(page.get_by_test_id("user-title")).to_have_text(collector)
    facts = page.get_by_test_id("fact")
    await expect(facts).to_have_count(50)  # one page, not everything
    await expect(page.get_by_test_id("facts-count")).to_have_text("50 shown, more to load")
    await page.get_by_test_id("facts-more").click()
    await expect(facts).to_have_count(57)
    await expect(page.get_by_test_id("facts-more")).to_be_hidden()
    texts = await page.get_by_test_id("fact-text").all_inner_texts()
    assert len(set(texts)) == 57
    assert errors == []


async def test_decisions_in_plain_words_live_log_and_search_cut_off(browser, panel_api, tenant):
    from playwright.async_api import expect

    key = tenant[1]
    user = f"words-{uuid.uuid4().hex[:6]}"
    page, errors = await open_panel(browser, panel_api.url, key, user)
    facts = page.get_by_test_id("fact")
    for text in ("The user lives in Lisbon", "The user has a cat named Miso", "The user likes jazz"):
        await page.get_by_test_id("add-text").fill(text)
        await page.get_by_test_id("add-button").click()
        await expect(facts.filter(has_text=text)).to_have_count(1)
    await expect(page.get_by_test_id("live")).to_have_text("● live")

    # a new value for the same slot, added elsewhere: it replaces the old one
    async with httpx.AsyncClient(base_url=panel_api.url, headers={"X-API-Key": key}) as http:
        result = (await http.post(f"/v1/users/{user}/facts", json={"text": "The user lives in Porto"})).json()
    assert result["op"] == "UPDATE"
    await expect(facts.filter(has_text="Porto")).to_have_count(1)
    await facts.filter(has_text="Porto").get_by_test_id("history-button").click()
    why = page.get_by_test_id("timeline-why")
    await expect(why).to_have_count(2)
    await expect(why.nth(1)).to_have_text(
        "Added by hand; it replaced “The user lives in Lisbon”, since where the user lives can only have one value "
        "at a time."
    )
    await expect(why.nth(0)).to_contain_text("Replaced on")
    history = await page.inner_text("[data-testid=history]")
    assert "UPDATE" not in history and "slot" not in history and "by rule" not in history

    # an edit in the panel: the log says what memory holds now, and what it replaced
    cat = facts.filter(has_text="cat named Miso")
    await cat.get_by_test_id("edit-button").click()
    await page.get_by_test_id("edit-text").fill("The user has two cats named Miso and Tofu")
    await page.get_by_test_id("edit-save").click()
    await expect(why.nth(1)).to_have_text("You edited this; it replaced “The user has a cat named Miso”.")
    updated = page.locator("[data-testid=log-item][data-op=superseded]")
    await expect(updated).to_have_count(2)
    await expect(updated.first).to_have_text(
        "Updated now “The user has two cats named Miso and Tofu”, replacing “The user has a cat named Miso” · "
        + (await updated.first.inner_text()).split(" · ")[-1]
    )
    await expect(page.locator("[data-testid=log-item][data-op=added]")).to_have_count(3)

    # search: the matching fact is shown, unrelated ones are hidden behind the cut-off
    await page.get_by_test_id("search-q").fill("Which city does the user live in?")
    await page.get_by_test_id("search-button").click()
    hits = page.get_by_test_id("search-hit")
    await expect(hits.first).to_contain_text("The user lives in Porto")
    await expect(hits.first).to_contain_text("words match")
    await expect(page.get_by_test_id("search-hidden")).to_contain_text("weaker match")
    shown = await hits.count()
    assert "jazz" not in " ".join(await hits.all_inner_texts())
    await screenshot(page, "panel-decisions-search.png")
    await page.get_by_test_id("search-show-all").click()
    assert await hits.count() > shown
    assert "jazz" in " ".join(await hits.all_inner_texts())
    assert errors == []


async def test_strength_last_recall_faded_and_sort_by_strength(browser, panel_api, tenant, db):
    """Each fact shows how strongly it is remembered and when it was last recalled; a faded fact (stored,
    but out of default search and context) is shown faded; the list can be sorted by strength."""
    from playwright.async_api import expect

    tenant_id, key = tenant
    user = f"strength-{uuid.uuid4().hex[:6]}"
    async with httpx.AsyncClient(base_url=panel_api.url, headers={"X-API-Key": key}) as http:
        for text, importance in (
            ("The user got a B in the chemistry exam", 9),
            ("The user plays chess on Sundays", 4),
            ("The user is allergic to peanuts", 8),
        ):
            added = await http.post(
                f"/v1/users/{user}/facts", json={"text": text, "category": "fact", "importance": importance}
            )
            assert added.status_code == 201, added.text
    long_ago = datetime.now(UTC) - timedelta(days=365)
    recently = datetime.now(UTC) - timedelta(hours=2)
    # as the reinforcer leaves them: the exam last recalled a year ago (faded now), peanuts recalled today
    for like, strength, at in (("%chemistry%", 0.3, long_ago), ("%peanuts%", 0.95, recently)):
        await db.execute(
            "UPDATE facts SET strength = $4, strength_at = $5, recall_count = 1, last_recalled_at = $5"
            " WHERE tenant_id = $1 AND user_id = $2 AND text ILIKE $3",
            tenant_id, user, like, strength, at,
        )  # fmt: skip

    page, errors = await open_panel(browser, panel_api.url, key, user)
    facts = page.get_by_test_id("fact")
    await expect(facts).to_have_count(3)
    exam = facts.filter(has_text="chemistry exam")
    peanuts = facts.filter(has_text="peanuts")
    chess = facts.filter(has_text="chess")

    await expect(peanuts.get_by_test_id("strength")).to_have_text("95 %")
    await expect(chess.get_by_test_id("strength")).to_have_text(re.compile(r"^[3-5]\d %$"))  # its seed, 0.48
    await expect(exam.get_by_test_id("strength")).to_have_text(re.compile(r"^\d %$"))  # 0.3 a year ago: 0.02
    await expect(peanuts.get_by_test_id("last-recall")).to_contain_text("last recalled")
    then = long_ago.astimezone(ZoneInfo("Europe/Berlin"))  # the panel's time zone here
    await expect(exam.get_by_test_id("last-recall")).to_contain_text(f"last recalled {then:%b} {then.day}, {then.year}")
    await expect(chess.get_by_test_id("last-recall")).to_have_text("never recalled")

    await expect(exam).to_have_attribute("data-faded", "true")
    await expect(exam).to_have_class(re.compile(r"\bfaded\b"))
    await expect(exam.get_by_test_id("faded-badge")).to_have_text("faded")
    for strong in (peanuts, chess):
        await expect(strong).to_have_attribute("data-faded", "false")
        await expect(strong.get_by_test_id("faded-badge")).to_have_count(0)
    # styled faded, not only labelled: dimmed text and a dashed border
    assert await exam.get_by_test_id("fact-text").evaluate("e => Number(getComputedStyle(e).opacity)") < 1
    assert await exam.evaluate("e => getComputedStyle(e).borderTopStyle") == "dashed"
    assert await peanuts.get_by_test_id("fact-text").evaluate("e => Number(getComputedStyle(e).opacity)") == 1

    await page.get_by_test_id("facts-sort").select_option("strength")
    await expect(page.get_by_test_id("fact-text")).to_have_text(
        ["The user is allergic to peanuts", "The user plays chess on Sundays", "The user got a B in the chemistry exam"]
    )
    await screenshot(page, "panel-strength.png", element=page.locator("section.card", has=facts.first))
    shown = await page.inner_text("main")
    assert "null" not in shown and "undefined" not in shown and "NaN" not in shown
    assert errors == []
