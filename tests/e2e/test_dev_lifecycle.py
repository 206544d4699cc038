"""`memstream dev` on its own embedded stack: starts everything, stops everything, keeps its data."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import httpx
import psutil

from services.workers import STAGES
from shared.embedded import free_port
from tests.helpers import ROOT, wait_sync


def _start_dev(data_dir: Path, api_port: int) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k not in ("MEMSTREAM_DATABASE_URL", "MEMSTREAM_KAFKA_BOOTSTRAP")}
    env.update({"MEMSTREAM_DATA_DIR": str(data_dir), "MEMSTREAM_API_PORT": str(api_port)})
    log = (data_dir.parent / f"{data_dir.name}-dev.log").open("ab")
    return subprocess.Popen(
        [sys.executable, "-m", "services.cli", "dev"],
        env=env,
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
    )


def _alive(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def _started_pids(data_dir: Path) -> list[int]:
    pids = json.loads((data_dir / "dev.json").read_text())
    return [pids["postgres"], pids["broker"], *pids["children"].values()]


def _ready(url: str) -> bool:
    try:
        return httpx.get(f"{url}/readyz", timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


def _stop(dev: subprocess.Popen) -> int:
    dev.send_signal(signal.SIGTERM)
    try:
        return dev.wait(60)
    finally:
        if dev.poll() is None:
            dev.kill()


def test_sigterm_leaves_no_process_and_a_restart_keeps_the_data(tmp_path: Path):
    data_dir = tmp_path / "dev-data"
    data_dir.mkdir()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    headers = {"X-API-Key": "ms-dev-key"}

    dev = _start_dev(data_dir, port)
    try:
        wait_sync(lambda: _ready(url), timeout_s=90, what="memstream dev ready")
        started = _started_pids(data_dir)
        # Postgres, the broker, the API, the relay and every stage.
        assert len(started) == 4 + len(STAGES) and all(_alive(pid) for pid in started)
        response = httpx.post(
            f"{url}/v1/messages",
            headers=headers,
            json={
                "messages": [
                    {
                        "event_id": "life-1",
                        "user_id": "u1",
                        "session_id": "s1",
                        "role": "user",
                        "content": "I live in Oslo.",
                    }
                ]
            },
        )
        assert response.status_code == 202
        wait_sync(
            lambda: httpx.get(f"{url}/v1/users/u1/facts", headers=headers).json()["facts"],
            timeout_s=60,
            what="the fact",
        )
    finally:
        code = _stop(dev)
    assert code == 0
    assert [pid for pid in started if _alive(pid)] == []
    assert not (data_dir / "dev.json").exists()

    dev = _start_dev(data_dir, port)
    try:
        wait_sync(lambda: _ready(url), timeout_s=90, what="memstream dev ready again")
        facts = httpx.get(f"{url}/v1/users/u1/facts", headers=headers).json()["facts"]
        assert len(facts) == 1 and "Oslo" in facts[0]["text"]
        restarted = _started_pids(data_dir)
    finally:
        assert _stop(dev) == 0
    assert [pid for pid in restarted if _alive(pid)] == []
