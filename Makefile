# Trickbook: `make run` serves the app on SQLite, `make test` runs lint and the whole suite.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint pytest bench migrate demo serve clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet ".[dev]"
	touch $(STAMP)

migrate: $(STAMP)
	$(BIN)/python manage.py migrate --noinput

demo: migrate
	$(BIN)/python manage.py load_demo

run: demo
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# Browser tests run when Chromium is installed (.ci/run installs it and sets CI, which makes them required).
pytest: $(STAMP)
	$(BIN)/python -m pytest -n 2 -q

test: lint pytest

bench: $(STAMP)
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
