# Two commands do all the set-up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3.11
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: venv native run test test-fast bench lint fmt openapi clean

venv: $(STAMP)

# Re-install only when the declared dependencies change.
$(STAMP): pyproject.toml
	@command -v $(PYTHON) >/dev/null || { echo "$(PYTHON) not found: install Python 3.11" >&2; exit 1; }
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $@

## native: compile the engine and the AI's hot modules with mypyc into var/native (skipped
## when already built from the current sources; plain Python is used whenever it is stale)
native: $(STAMP)
	$(BIN)/python -m native.build

## run: the server in embedded mode (SQLite file, worker + scheduler with a server-less broker)
run: native
	$(BIN)/python -m scripts.run_embedded

## test: the whole suite (starts Redis/PostgreSQL when they are not running), against the
## compiled build that production runs (URSUPPE_REQUIRE_NATIVE: no silent plain-Python fallback)
test: native
	bash scripts/ensure-services.sh
	$(BIN)/ruff check .
	URSUPPE_REQUIRE_NATIVE=1 $(BIN)/python -m pytest

## test-fast: engine and AI only, no services
test-fast: native
	$(BIN)/python -m pytest tests/engine tests/ai tests/test_native.py

## bench: every benchmark; results land in bench/results/
bench: native
	bash scripts/ensure-services.sh
	URSUPPE_REQUIRE_NATIVE=1 $(BIN)/python -m bench.run_all

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

fmt: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

## openapi: regenerate the committed spec openapi/openapi.json
openapi: $(STAMP)
	$(BIN)/python -m api.export_openapi openapi/openapi.json

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis var
