# ClubScore: `make run` serves the demo club, `make test` runs every test.
# Each target bootstraps .venv first (only Python 3.11 and make are needed).

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint format bench load serve messages clean

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
	$(PY) manage.py makemessages -l de --no-obsolete --ignore=.venv --ignore=staticfiles --ignore=tests --ignore=bench --ignore=test-artifacts
	$(PY) manage.py compilemessages --ignore=.venv

bench: $(VENV)/.installed
	@for script in bench/bench_*.py; do echo "== $$script"; $(PY) $$script || exit 1; done

# A whole Hand and Foot evening (100 tables, 200 tablets) over HTTP against gunicorn and
# PostgreSQL on 127.0.0.1:5432, with a worker killed and PostgreSQL stopped for a few
# seconds (needs root for pg_ctlcluster). Not part of make test or make bench.
# LOAD_ARGS=--rush: 256 tables enter a hand in the same two minutes, four phones per
# table polling (bench/rush.py).
LOAD_ARGS ?=
load: $(VENV)/.installed
	$(PY) bench/load.py $(LOAD_ARGS)

# Production serving: DEBUG off, gunicorn (gunicorn.conf.py), static files by whitenoise.
SERVE_ENV = DEBUG=$${DEBUG:-false} HOST=$(HOST) PORT=$(PORT)
serve: $(VENV)/.installed
	@if [ -z "$$SECRET_KEY" ]; then \
	  echo "make serve runs ClubScore for real (DEBUG=false). Set first:"; \
	  echo "  SECRET_KEY     a long random string: $$($(PY) -c 'import secrets; print(secrets.token_urlsafe(50))')"; \
	  echo "  ALLOWED_HOSTS  the names the tablets use, e.g. clubscore.local,192.168.1.10"; \
	  echo "  DATABASE_URL   e.g. postgres://clubscore@127.0.0.1:5432/clubscore (default: db.sqlite3)"; \
	  echo "  HTTPS=false    only when serving plain HTTP on the club's own Wi-Fi"; \
	  echo "  HOST, PORT     where to listen (now $(HOST):$(PORT)); WEB_CONCURRENCY: workers"; \
	  echo "See docs/deployment.md."; \
	  exit 1; \
	fi
	$(SERVE_ENV) $(PY) manage.py migrate --no-input
	$(SERVE_ENV) $(PY) manage.py collectstatic --no-input -v 0
	@echo "Housekeeping: run '$(PY) manage.py prune' daily (cron or a systemd timer, docs/deployment.md); it also runs when an evening is finished."
	$(SERVE_ENV) $(VENV)/bin/gunicorn clubscore.wsgi

clean:
	rm -rf $(VENV) staticfiles
