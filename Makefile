PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev
COMPILED := build/compiled

.PHONY: play test lint typecheck bench golden clean compiled

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev,test,lab,tui,rl,server,web]'
	touch $(STAMP)

# the command's defaults: Die Macher 2019, you (P1) against 3 heuristic bots; no settings given, so an unfinished
# game is offered first (settings of a new game would say a new game is wanted). It runs on the compiled build when a C
# compiler made one (docs/build.md: the same games, and bots that search up to 1.7 times as fast)
play: $(STAMP)
	-@$(MAKE) --no-print-directory compiled  # a failed build leaves no BUILT marker: then the game runs pure
	PYTHONPATH=$$([ -f $(COMPILED)/BUILT ] && echo $(COMPILED)) $(BIN)/hustings play

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks examples scripts
	$(BIN)/mypy
	$(BIN)/lint-imports

# Rewrite the golden playthroughs (tests/golden/) after an intended change of behaviour; review their diff.
golden: $(STAMP)
	$(BIN)/python tests/regen_golden.py

# The compiled build (docs/build.md): mypyc compiles the modules pyproject.toml lists ([tool.hustings.compiled]) into
# $(COMPILED); kept while their sources are unchanged. Without a C compiler nothing is built: the pure-Python package
# is the only build.
compiled: $(STAMP)
	$(BIN)/python scripts/build_compiled.py --out $(COMPILED)

# the whole suite on the pure-Python package, then the contract suite and the golden playthroughs on the compiled build
test: lint compiled
	bash scripts/ensure-services.sh
	$(BIN)/pytest -n 2
	@if [ -f $(COMPILED)/BUILT ]; then \
		echo "== the contract suite, the kit and house-rules tests and the golden playthroughs on the compiled build ($(COMPILED))"; \
		HUSTINGS_BUILD=compiled PYTHONPATH=$(COMPILED) $(BIN)/pytest -n 2 -p no:cacheprovider \
			tests/engine/test_build.py tests/engine/test_kit.py tests/engine/test_house.py tests/engine/test_native_states.py tests/contract tests/test_golden.py; \
	else echo "== no compiled build (no C compiler): only the pure-Python package was tested"; fi

bench: $(STAMP) compiled
	$(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/engine_speed.py
	@if [ -f $(COMPILED)/BUILT ]; then PYTHONPATH=$(COMPILED) $(BIN)/python benchmarks/engine_speed.py; fi
	$(BIN)/python benchmarks/lab_speed.py
	$(BIN)/python benchmarks/rl_speed.py

clean:
	rm -rf $(VENV) build
