# Trickbook: `make run` serves the app on SQLite, `make test` runs lint and the whole suite.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
HOST ?= 127.0.0.1
PORT ?= 8000

WORKERS ?= 3

.PHONY: run test lint pytest bench load migrate demo serve clean messages

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
	@echo "Trickbook at http://$(HOST):$(PORT)/ (log in as demo / trickbook-demo)"
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

# Production-style: gunicorn with WORKERS workers, static files by WhiteNoise, DEBUG off, and the settings of
# config/gunicorn.py (no forwarded header trusted but from FORWARDED_ALLOW_IPS, no control socket).
# Needs SECRET_KEY (and DATABASE_URL for PostgreSQL; SQLite otherwise), and a buffering proxy in front:
# docs/deployment.md.
serve: $(STAMP)
	DJANGO_DEBUG=0 $(BIN)/python manage.py collectstatic --noinput -v0
	DJANGO_DEBUG=0 $(BIN)/python manage.py migrate --noinput
	DJANGO_DEBUG=0 $(BIN)/gunicorn -c config/gunicorn.py config.wsgi --workers $(WORKERS) --bind $(HOST):$(PORT) --access-logfile -

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/biome lint
	$(BIN)/djhtml --check --tabwidth 2 templates

# Browser tests run when Chromium is installed (.ci/run installs it and sets CI, which makes them required).
# Three workers on two cores: the browser tests wait on Chromium and the live server part of the time.
TEST_WORKERS ?= 3
pytest: $(STAMP)
	$(BIN)/python -m pytest -n $(TEST_WORKERS) -q

test: lint pytest

bench: $(STAMP)
	$(BIN)/python -m bench

# The load script: gunicorn on loopback, 50 scorers and share-link viewers for 60 s (bench/load.py);
# SCENARIO=tables: 50 tables of four phones, each entering and confirming a deal every 60 s, for 300 s;
# SCENARIO=club: a club night of 60 such tables, its projector and 100 watchers of the room's page, for 300 s.
load: $(STAMP)
	$(BIN)/python -m bench.load $(if $(filter tables,$(SCENARIO)),--tables 50 --seconds 300)$(if $(filter club,$(SCENARIO)),--club 60 --seconds 300)

# The catalogues (docs/languages.md): every marked text into locale/<lang>/LC_MESSAGES/django.po, then
# the .mo files, which are committed so that a clone runs without gettext. No locations (--no-location):
# a catalogue changes only when a text does. tests/test_translations.py reads MESSAGES_OPTIONS from here.
MESSAGES_LANGUAGES := -l hu -l pl -l hi
MESSAGES_OPTIONS := --no-location --no-obsolete --ignore=.venv --ignore=build --ignore=staticfiles --ignore=node_modules --ignore=tests --ignore=bench

messages: $(STAMP)
	$(BIN)/python manage.py makemessages $(MESSAGES_LANGUAGES) $(MESSAGES_OPTIONS)
	$(BIN)/python manage.py compilemessages $(MESSAGES_LANGUAGES) --ignore=.venv --ignore=build --ignore=staticfiles --ignore=node_modules

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
