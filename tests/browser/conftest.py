"""Browser tests: the panel in headless Debian Chromium, driven by Playwright (no bundled browser)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import pytest

from tests.api.server import LiveServer

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def panel_api(stack) -> Iterator[LiveServer]:
    server = LiveServer(stack.settings).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = shutil.which("chromium")
    if path is None:
        pytest.skip("chromium is not installed (make test installs it: apt-get install -y chromium)")
    return path
