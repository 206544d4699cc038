"""The REST API package.

Importing it first picks OpenBLAS's AVX2 ("Haswell") kernels for this process, when numpy is not
loaded yet, the CPU has AVX2 and OPENBLAS_CORETYPE is not set (set it to keep OpenBLAS's own choice).
The API embeds one short query at a time, and for GEMMs that small OpenBLAS's AVX-512 (SkylakeX)
kernels are slower here: the offline MiniLM query embedding took 10.5-11.4 ms p50 inside the API with
the AVX2 kernels and 15-16 ms with the AVX-512 ones (A/B, 2 cores). Big batches (the embedder stage,
its own process) are faster with the AVX-512 kernels, so the variable is removed again once numpy has
loaded: no child process inherits it.
"""

from __future__ import annotations

import os
import platform
import sys


def _prefer_avx2_blas_kernels() -> None:
    if "numpy" in sys.modules or "OPENBLAS_CORETYPE" in os.environ:
        return
    if platform.machine().lower() not in ("x86_64", "amd64"):
        return
    try:
        with open("/proc/cpuinfo") as fh:
            flags = next((line for line in fh if line.startswith("flags")), "").split()
    except OSError:
        return
    if "avx2" not in flags or "avx512f" not in flags:  # without AVX-512 OpenBLAS picks AVX2 kernels anyway
        return
    os.environ["OPENBLAS_CORETYPE"] = "Haswell"
    try:
        import numpy  # noqa: F401  (OpenBLAS reads the variable once, when numpy loads it)
    finally:
        os.environ.pop("OPENBLAS_CORETYPE", None)


_prefer_avx2_blas_kernels()
