# ClubScore: `make run` serves the demo club, `make test` runs every test.
# Each target bootstraps .venv first (only Python 3.11 and make are needed).

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint format bench serve messages clean

$(VENV)/bin/activate:
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "Need $(PYTHON) on PATH (or: make PYTHON=python3 ...)"; exit 1; }
	$(PYTHON) -m venv $(VENV)

# Reinstall whenever a requirements file changes.
$(VENV)/.installed: requirements.txt requirements-dev.txt | $(VENV)/bin/activate
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

run: $(VENV)/.installed
	$(PY) manage.py migrate --no-input
	$(PY) manage.py demo
	@echo ""
	@echo "ClubScore is starting on http://$(HOST):$(PORT)/  (organizer login at /login/)"
	$(PY) manage.py runserver $(HOST):$(PORT)

test: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PY) manage.py makemigrations --check --dry-run
	$(PY) -m pytest $(PYTEST_ARGS)

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(VENV)/.installed
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

messages: $(VENV)/.installed
	$(PY) manage.py makemessages -l de --ignore=.venv --ignore=staticfiles
	$(PY) manage.py compilemessages --ignore=.venv

bench: $(VENV)/.installed
	@for script in bench/bench_*.py; do echo "== $$script"; $(PY) $$script || exit 1; done

serve: $(VENV)/.installed
	$(PY) manage.py migrate --no-input
	$(PY) manage.py collectstatic --no-input -v 0
	$(VENV)/bin/gunicorn clubscore.wsgi --workers $${WORKERS:-4} --bind $(HOST):$(PORT)

clean:
	rm -rf $(VENV) staticfiles
