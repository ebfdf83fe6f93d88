# Two entry points: `make kit` builds every kit, `make test` runs the suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: kit test test-slow test-all lint docs clean golden mutate drill

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

kit: $(STAMP)
	$(BIN)/printkit check
	$(BIN)/printkit build


# `make test`: the everyday suite (about two minutes on 2 cores); the tests marked slow
# (whole-kit builds, crash and damage drills, the installed wheel) run in `make test-slow`.
# CI runs both: `make test-all`. The everyday suite runs in two workers (pytest-xdist), a test
# module to a worker so its shared fixtures (a kit built once) are built once; plain
# `pytest -m "not slow"` runs the same tests in one process.
test: $(STAMP)
	$(BIN)/python -m pytest -m "not slow" -n 2 --dist loadfile

test-slow: $(STAMP)
	$(BIN)/python -m pytest -m slow

test-all: $(STAMP)
	$(BIN)/python -m pytest

# Re-record the golden playthroughs after a rule change that is meant to alter play.
golden: $(STAMP)
	$(BIN)/python -m printkit.check.golden tests/golden

# Mutation testing of the games' rules and game flow (slow; not part of `make test`).
# `make mutate MODULE=lemonade-stall/rules` runs one module; `tools/mutate.py --list` names them.
MUTATE_STAMP := $(VENV)/.mutate-installed
$(MUTATE_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,mutate]'
	touch $(MUTATE_STAMP)

mutate: $(MUTATE_STAMP)
	nice -n 10 $(BIN)/python tools/mutate.py $(MODULE)

# The edit drill (slow; not part of `make test`): random saves to one game's content, each
# rebuilt as `watch` rebuilds it and compared with a --force build in a fresh process.
# `make drill GAME=yard-sale ROUNDS=10`.
GAME ?= lemonade-stall
ROUNDS ?= 20
drill: $(STAMP)
	$(BIN)/python tools/edit_drill.py $(GAME) --rounds $(ROUNDS)

docs: kit
	$(BIN)/printkit preview lemonade-stall --to docs/img --page Components --page "The board" --page "A player mat" --page "Setting up"
	rm -f docs/img/lemonade-stall-01-board.png docs/img/lemonade-stall-calibration.png
	rm -rf .docs-other && mkdir .docs-other
	$(BIN)/printkit preview thats-not-lemonade --to .docs-other --figure "The table set up for 4 players"
	$(BIN)/printkit preview yard-sale --to .docs-other --page "Setting up"
	$(BIN)/printkit preview lemonade-stand --lang ru --to .docs-other --figure "Стол, подготовленный для 4 игроков"
	cp .docs-other/thats-not-lemonade-rulebook-the-table-set-up-for-4-players.png docs/img/thats-not-lemonade-rulebook-setting-up.png
	cp .docs-other/yard-sale-rulebook-setting-up.png docs/img/
	cp .docs-other/yard-sale-*-pitch-cards.png docs/img/yard-sale-pitch-cards.png
	cp .docs-other/yard-sale-*-cash-cards.png docs/img/yard-sale-cash-cards.png
	cp .docs-other/lemonade-stand-ru-01-stand-cards.png docs/img/lemonade-stand-ru-01-stand-cards.png
	cp .docs-other/lemonade-stand-ru-rulebook-стол,-подготовленный-для-4-игроков.png docs/img/lemonade-stand-ru-rulebook-setting-up.png
	rm -rf .docs-other
	rm -rf .docs-scaffold && $(BIN)/printkit new star-garden --content .docs-scaffold/content
	$(BIN)/printkit build star-garden --content .docs-scaffold/content --out .docs-scaffold/out --paper a4 --png
	$(BIN)/printkit preview star-garden --out .docs-scaffold/out --to docs/img --page Components
	rm -f docs/img/star-garden-00-printing-guide.png docs/img/star-garden-rulebook.png docs/img/star-garden-*calibration*
	$(BIN)/python -c "from PIL import Image; [Image.open(f'.docs-scaffold/out/star-garden/png/cards/{n}.png').resize((275, 375)).save(f'docs/img/layout-{n}.png') for n in ('first-card-x3', 'back-1-x5')]"
	rm -rf .docs-scaffold

lint: $(STAMP)
	$(BIN)/ruff check printkit tests benchmarks tools
	$(BIN)/ruff format --check printkit tests benchmarks tools

clean:
	rm -rf $(VENV) output/*/ .mutate/
