"""A real `memstream dev`: its banner names everything a newcomer needs, `memstream status` run from
another folder finds it by its data dir, faust's folders stay under the data dir, and nothing is left
in the working directory."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import httpx

from shared.embedded import free_port
from tests.helpers import ROOT, wait_sync


def _ready(url: str) -> bool:
    try:
        return httpx.get(f"{url}/readyz", timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


def test_banner_status_and_data_folders(tmp_path: Path):
    workdir, elsewhere = tmp_path / "project", tmp_path / "elsewhere"
    workdir.mkdir()
    elsewhere.mkdir()
    data_dir = workdir / ".memstream"
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.upper().startswith("MEMSTREAM_")}
    env.update({"PYTHONPATH": str(ROOT), "MEMSTREAM_API_PORT": str(port), "MEMSTREAM_LOG_JSON": "false"})
    out = (tmp_path / "dev.out").open("wb")
    dev = subprocess.Popen(
        [sys.executable, "-m", "services.cli", "dev"], cwd=workdir, env=env, stdout=out, stderr=subprocess.STDOUT
    )
    try:
        url = f"http://127.0.0.1:{port}"
        wait_sync(
            lambda: _ready(url) and "memstream is up" in (tmp_path / "dev.out").read_text(),
            timeout_s=120,
            what="memstream dev ready and its banner printed",
        )
        printed = (tmp_path / "dev.out").read_text()
        banner = printed[printed.index("memstream is up") :]
        for line in (f"API       {url}", f"docs      {url}/docs", f"panel     {url}/ui", "API key   ms-dev-key"):
            assert line in banner, banner
        broker = re.search(r"broker    (127\.0\.0\.1:\d+)", banner)
        assert broker, banner
        assert re.search(r"database  postgresql://\S+ +\(embedded\)", banner), banner

        status = subprocess.run(
            [sys.executable, "-m", "services.cli", "status"],
            cwd=elsewhere,
            env={**env, "MEMSTREAM_DATA_DIR": str(data_dir)},
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert status.returncode == 0, status
        text = status.stdout
        assert f"API       {url}   ready" in text and f"broker    {broker.group(1)} (embedded)   reachable" in text
        for name in ("api", "extractor", "embedder", "consolidator", "summarizer", "relay"):
            assert re.search(rf"^    {name} +pid \d+ +running", text, re.M), text
        assert re.search(r"^    extractor +pid \d+ +running   lag \d+$", text, re.M), text
        (tmp_path / "status.out").write_text(text)

        # faust's per-app folders are under the data dir, never in the working directory.
        wait_sync(lambda: (data_dir / "faust").is_dir(), timeout_s=30, what="faust data folders")
        assert sorted(p.name for p in workdir.iterdir()) == [".memstream"], list(workdir.iterdir())
    finally:
        dev.send_signal(signal.SIGTERM)
        try:
            dev.wait(60)
        finally:
            if dev.poll() is None:
                dev.kill()
    assert not (data_dir / "stack.json").exists(), "the state file goes with the stack"
    assert list(elsewhere.iterdir()) == []
