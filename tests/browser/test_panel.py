"""The memory panel at /ui, driven in headless Chromium: add, edit and delete a fact, see the edit in
the fact's history timeline, search, switch memory off, watch live updates, erase the user."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

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


async def test_panel_add_edit_delete_history_search_live_erase(browser, panel_api, tenant):
    from playwright.async_api import expect

    tenant_id, key = tenant
    user = f"panel-{uuid.uuid4().hex[:6]}"
    page = await browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    dialogs: list[str] = []

    async def on_dialog(dialog):
        dialogs.append(dialog.type)
        if dialog.type == "prompt":
            await dialog.accept(user)
        else:
            await dialog.accept()

    page.on("dialog", on_dialog)
    await page.goto(f"{panel_api.url}/ui")
    await page.get_by_test_id("api-key").fill(key)
    await page.get_by_test_id("user-id").fill(user)
    await page.get_by_test_id("open-user").click()
    await expect(page.get_by_test_id("user-title")).to_have_text(user)

    facts = page.get_by_test_id("fact")
    for text, category, importance in (
        ("The user likes green tea", "preference", "6"),
        ("The user has a cat named Miso", "fact", "8"),
        ("The user is allergic to peanuts", "fact", "10"),
    ):
        await page.get_by_test_id("add-text").fill(text)
        await page.get_by_test_id("add-category").select_option(category)
        await page.get_by_test_id("add-importance").fill(importance)
        await page.get_by_test_id("add-button").click()
        await expect(facts.filter(has_text=text)).to_have_count(1)
    await expect(facts).to_have_count(3)
    await expect(page.get_by_test_id("live")).to_have_text("● live")

    tea = facts.filter(has_text="green tea")
    await tea.get_by_test_id("edit-button").click()
    await page.get_by_test_id("edit-text").fill("The user likes oolong tea")
    await page.get_by_test_id("edit-save").click()
    await expect(facts.filter(has_text="oolong tea")).to_have_count(1)
    await expect(facts.filter(has_text="green tea")).to_have_count(0)
    timeline = page.get_by_test_id("timeline-item")
    await expect(timeline).to_have_count(2)
    await expect(timeline.nth(0)).to_contain_text("The user likes green tea")
    await expect(timeline.nth(0)).to_have_attribute("data-status", "superseded")
    await expect(timeline.nth(1)).to_contain_text("The user likes oolong tea")
    await expect(timeline.nth(1)).to_have_attribute("data-status", "active")
    await expect(timeline.nth(1)).to_contain_text("You edited this; it replaced “The user likes green tea”.")

    await facts.filter(has_text="cat named Miso").get_by_test_id("delete-button").click()
    await expect(facts.filter(has_text="cat named Miso")).to_have_count(0)
    await expect(facts).to_have_count(2)

    await page.get_by_test_id("search-q").fill("which tea does the user like")
    await page.get_by_test_id("search-button").click()
    await expect(page.get_by_test_id("search-hit").first).to_contain_text("oolong tea")

    log = page.get_by_test_id("log-item")
    await expect(
        log.filter(
            has_text=re.compile(r"^Updated now “The user likes oolong tea”, replacing “The user likes green tea”")
        )
    ).to_have_count(1)
    await expect(log.filter(has_text=re.compile(r"^Deleted “The user has a cat named Miso”"))).to_have_count(1)

    await page.get_by_test_id("memory-toggle").click()
    await expect(page.get_by_test_id("status")).to_contain_text("Memory is off")

    # a change made elsewhere shows up live
    async with httpx.AsyncClient(base_url=panel_api.url, headers={"X-API-Key": key}) as client:
        await client.post(f"/v1/users/{user}/facts", json={"text": "The user plays the cello"})
        state = (await client.get(f"/v1/users/{user}/facts", params={"include_history": "true"})).json()["facts"]
        settings = (await client.get(f"/v1/users/{user}/settings")).json()
    await expect(facts.filter(has_text="plays the cello")).to_have_count(1)
    assert sorted(f["status"] for f in state) == ["active", "active", "active", "retracted", "superseded"]
    assert settings["memory_enabled"] is False

    await tea_history_screenshot(page, facts)
    shown = await page.inner_text("main")
    assert "null" not in shown and "undefined" not in shown and "[object" not in shown
    assert dialogs == ["confirm"]

    await page.get_by_test_id("erase").click()
    await expect(page.get_by_test_id("status")).to_contain_text(f"Erased {user}")
    await expect(facts).to_have_count(0)
    async with httpx.AsyncClient(base_url=panel_api.url, headers={"X-API-Key": key}) as client:
        assert (await client.get(f"/v1/users/{user}/facts")).json()["facts"] == []
    assert dialogs == ["confirm", "prompt"]
    assert errors == []


async def tea_history_screenshot(page, facts) -> None:
    await facts.filter(has_text="oolong tea").get_by_test_id("history-button").click()
    await page.get_by_test_id("timeline-item").nth(1).wait_for()
    ARTIFACTS.mkdir(exist_ok=True)
    await page.screenshot(path=str(ARTIFACTS / "panel.png"), full_page=True)
