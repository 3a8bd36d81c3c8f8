PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev

.PHONY: play test lint typecheck bench golden clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev,test,lab,tui,rl,server,web]'
	touch $(STAMP)

# the command's defaults: Die Macher 2019, you (P1) against 3 heuristic bots; no settings given, so an unfinished
# game is offered first (settings of a new game would say a new game is wanted)
play: $(STAMP)
	$(BIN)/hustings play

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
