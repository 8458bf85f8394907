# Spades: setup, tests, local play and benchmarks. Run `make help` for the list.
PYTHON ?= python3
PORT ?= 8000
VENV := .venv
VENDOR := static/vendor/versions.json
MANIFEST := static/vendor/build.json
ENGINE := $(shell find spades -name '*.py' -o -name '*.json' 2>/dev/null)
# What the service worker precaches, besides static/vendor/ (see scripts/vendor.py)
PAGE := $(wildcard index.html pyscript.toml spades/i18n/*.json) $(shell find static -path static/vendor -prune -o -type f -print 2>/dev/null)

# Browser tests use Debian's chromium when it is there (see docs/runtime.md).
export SPADES_CHROMIUM ?= $(wildcard /usr/bin/chromium)

.PHONY: help setup test play bench clean

help:
	@echo "make setup   Python venv (.venv), npm ci, static/vendor/ (runtimes, compiled engine and stdlib, .gz/.br copies, offline manifest)"
	@echo "make test    setup, ruff, mypy (strict, spades/), pytest on every core (includes the Pyodide run of tests/portable/)"
	@echo "make play    setup, then serve the game at http://127.0.0.1:\$$PORT/ (PORT=$(PORT))"
	@echo "make bench   install the bench extra, run each benchmarks/*.py (they run Pyodide too)"
	@echo "make clean   remove .venv, node_modules and static/vendor"

setup: $(VENV)/.installed node_modules/.installed $(VENDOR) $(MANIFEST)

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q -e '.[dev]'
	touch $@

node_modules/.installed: package.json package-lock.json .npmrc
	npm ci --no-audit --no-fund
	touch $@

# The venv's Python: it has `brotli` (dev extra) for the .br copies; the worker's files are in the snapshot key.
$(VENDOR): $(VENV)/.installed node_modules/.installed scripts/vendor.py scripts/compile.mjs static/engine-worker.mjs static/heap-store.mjs $(ENGINE)
	$(VENV)/bin/python scripts/vendor.py

# The offline manifest (build hash and precache list for sw.js); scripts/serve.py also serves it fresh.
$(MANIFEST): $(VENDOR) $(PAGE)
	$(VENV)/bin/python scripts/vendor.py --manifest

test: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(VENV)/bin/python -m pytest -q -n auto --dist worksteal --durations=25

play: setup
	$(PYTHON) scripts/serve.py --port $(PORT)

$(VENV)/.bench-installed: $(VENV)/.installed
	$(VENV)/bin/pip install -q -e '.[dev,bench]'
	touch $@

bench: setup $(VENV)/.bench-installed
	@set -e; for script in $(wildcard benchmarks/bench_*.py); do \
		echo "== $$script"; $(VENV)/bin/python $$script; \
	done

clean:
	rm -rf $(VENV) node_modules static/vendor
