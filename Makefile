PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev

.PHONY: play test lint typecheck bench golden clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev,lab,tui,rl,server,web]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/hustings play die-macher-2019 --players 4 --seat 0 --bots heuristic

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/mypy
	$(BIN)/lint-imports

# Rewrite the golden playthroughs (tests/golden/) after an intended change of behaviour; review their diff.
golden: $(STAMP)
	$(BIN)/python tests/regen_golden.py

test: lint
	bash scripts/ensure-services.sh
	$(BIN)/pytest -n 2

bench: $(STAMP)
	$(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/engine_speed.py
	$(BIN)/python benchmarks/lab_speed.py
	$(BIN)/python benchmarks/rl_speed.py

clean:
	rm -rf $(VENV)
