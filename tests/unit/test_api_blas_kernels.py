"""services/api/__init__.py picks OpenBLAS's AVX2 kernels for the API process (small query GEMMs)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROBE = """
import os, ctypes
import services.api
from shared.providers.offline import minilm
minilm._blas_controls()
paths = sorted({l.split()[-1] for l in open('/proc/self/maps') if 'openblas' in l.lower() and '/' in l})
lib = ctypes.CDLL(paths[0])
name = next(n for n in ('scipy_openblas_get_corename64_', 'scipy_openblas_get_corename', 'openblas_get_corename64_',
                        'openblas_get_corename') if hasattr(lib, n))
fn = getattr(lib, name)
fn.restype = ctypes.c_char_p
print(fn().decode(), os.environ.get('OPENBLAS_CORETYPE', '-'))
"""


def _flags() -> list[str]:
    try:
        with open("/proc/cpuinfo") as fh:
            return next((line for line in fh if line.startswith("flags")), "").split()
    except OSError:
        return []


def _probe(**env: str) -> list[str]:
    base = {k: v for k, v in os.environ.items() if k != "OPENBLAS_CORETYPE"}
    out = subprocess.run(
        [sys.executable, "-c", PROBE], env={**base, **env}, cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


@pytest.mark.skipif("avx512f" not in _flags() or "avx2" not in _flags(), reason="needs an AVX-512 x86 CPU")
def test_the_api_process_uses_the_avx2_kernels_and_does_not_pass_the_variable_on():
    assert _probe() == ["Haswell", "-"]


@pytest.mark.skipif("avx512f" not in _flags(), reason="needs an AVX-512 x86 CPU")
def test_an_explicit_openblas_coretype_wins():
    assert _probe(OPENBLAS_CORETYPE="SkylakeX") == ["SkylakeX", "SkylakeX"]
