"""The panel ships: build the wheel, install it into a fresh venv outside the source tree, start the API
from that install against the session's Postgres and broker, and load /ui and every asset it names.

Tests run from the source tree, where every file is on disk whatever the package data says; only an
installed wheel shows a file missing from it. To stay fast and offline, the new venv gets the wheel alone
(`--no-deps`) and reaches the already-installed dependencies through a path file naming the project
venv's site-packages (a plain path line: the project's own editable install hook is not loaded).
"""

from __future__ import annotations

import re
import shutil
import site
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

import httpx
import pytest

from shared.embedded import free_port, stop_process
from tests.helpers import ROOT, wait_sync

pytestmark = pytest.mark.timeout(240)
NOT_SOURCE = (
    ".venv",
    ".git",
    "build",
    "*.egg-info",
    "__pycache__",
    ".memstream",
    "artifacts",
    ".pytest_cache",
    "node_modules",
)


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, f"{args[:4]} failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    return done


@pytest.fixture(scope="module")
def installed_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A venv outside the source tree with the freshly built wheel installed; returns the venv dir."""
    work = tmp_path_factory.mktemp("wheel")
    started = time.monotonic()
    source = work / "src"  # a clean copy: an in-place build would reuse a stale build/ directory
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*NOT_SOURCE))
    run(
        sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", str(source), "-w",
        str(work / "dist"), cwd=work,
    )  # fmt: skip
    [wheel] = (work / "dist").glob("memstream-*.whl")
    venv = work / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", str(venv), cwd=work)
    python = venv / "bin" / "python"
    run(sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", str(wheel), cwd=work)
    purelib = run(str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=work)
    project_site = sysconfig.get_paths()["purelib"]
    (Path(purelib.stdout.strip()) / "project-deps.pth").write_text(
        "\n".join(dict.fromkeys([project_site, *site.getsitepackages()])) + "\n"
    )
    print(f"wheel built and installed in {time.monotonic() - started:.1f}s")
    return venv


def test_wheel_holds_the_panel_and_api_files(installed_wheel: Path):
    python = installed_wheel / "bin" / "python"
    where = run(
        str(python),
        "-c",
        "import services.api, pathlib; print(pathlib.Path(services.api.__file__).parent)",
        cwd=installed_wheel,
    )
    api_dir = Path(where.stdout.strip())
    assert installed_wheel in api_dir.parents, f"services.api imported from {api_dir}, not the wheel"
    for name in ("ui/index.html", "ui/assets/panel.js", "ui/assets/panel.css", "openapi.json"):
        assert (api_dir / name).is_file(), f"{name} is missing from the wheel"
    sdk = run(str(python), "-c", "import memstream_client; print(memstream_client.__file__)", cwd=installed_wheel)
    assert str(installed_wheel) in sdk.stdout, "the server wheel does not ship the client SDK its MCP server uses"


def test_ui_served_from_the_installed_wheel(installed_wheel: Path, stack):
    port = free_port()
    env = {
        "PATH": "/usr/bin:/bin",
        "MEMSTREAM_DATABASE_URL": stack.database_url,
        "MEMSTREAM_KAFKA_BOOTSTRAP": stack.bootstrap,
        "MEMSTREAM_DATA_DIR": str(stack.data_dir),
        "MEMSTREAM_API_HOST": "127.0.0.1",
        "MEMSTREAM_API_PORT": str(port),
    }
    log = (installed_wheel / "api.log").open("wb")
    process = subprocess.Popen(
        [str(installed_wheel / "bin" / "memstream"), "api"],
        cwd=installed_wheel,  # outside the source tree
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_sync(lambda: _answers(f"{url}/healthz") or process.poll() is not None, timeout_s=90, what="API up")
        assert process.poll() is None, (installed_wheel / "api.log").read_text()[-3000:]
        page = httpx.get(f"{url}/ui", timeout=10)
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assets = re.findall(r'(?:src|href)="(/ui/[^"]+)"', page.text)
        assert assets, "the panel names no assets"
        for asset in assets:
            response = httpx.get(f"{url}{asset}", timeout=10)
            assert response.status_code == 200, f"{asset}: {response.status_code}"
            assert len(response.content) > 100
        assert httpx.get(f"{url}/openapi.json", timeout=10).json()["info"]["title"] == "memstream"
        assert httpx.post(f"{url}/mcp", json={}, timeout=10).status_code == 401  # MCP (and the SDK it uses) shipped
    finally:
        stop_process(process)
        log.close()


def _answers(url: str) -> bool:
    try:
        return httpx.get(url, timeout=1).status_code == 200
    except httpx.HTTPError:
        return False
