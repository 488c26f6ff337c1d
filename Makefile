# Tabula: `make run` starts the app, `make test` runs every test. Both set up what they need.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test compiled screenshots bench chromium clean web web-serve nodejs

# uv installs the pinned packages in seconds where pip takes half a minute, compiled to bytecode as pip
# does (else every process the tests start compiles them again); pip stays in the venv (the install test
# installs the built wheel with it).
$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Tabula needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check uv
	$(VENV)/bin/uv pip install --quiet --compile-bytecode --python $(PY) -e ".[test]"
	@touch $(STAMP)

run: $(STAMP)
	$(PY) -m companion run $(ARGS)

# Debian's Chromium for the browser tests: installed when missing and we are root.
chromium:
	@if command -v chromium >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing Debian's chromium for the browser tests..."; \
		DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else \
		echo "The browser tests need Debian's Chromium: run 'sudo apt-get install chromium' (they are skipped without it)."; \
	fi

# Tabula's own modules compiled before the tests: Python keeps their bytecode of its own accord, but not
# where PYTHONDONTWRITEBYTECODE is set, and then every server and command the tests start (over a hundred)
# compiles them again, a fifth of a second each.
compiled: $(STAMP)
	@$(PY) -m compileall -q companion tests bench web

# Two tests at a time, one per core (each test has its own server, port and data folder); a worker
# that is done takes tests the other has not started. `make test TEST_WORKERS=0`: one after another.
TEST_WORKERS ?= 2
test: compiled chromium
	$(PY) -m pytest -q -n $(TEST_WORKERS) --dist worksteal --durations=12 $(ARGS)

# The browser tests with a screenshot of every screen they pass (test-artifacts/screenshots/), to look at;
# `make test` takes only the ones a check reads.
screenshots: compiled chromium
	TABULA_SHOTS=1 $(PY) -m pytest -q -n $(TEST_WORKERS) --dist worksteal tests/browser $(ARGS)

bench: $(STAMP) chromium
	$(PY) bench/run_all.py

# The static web app (Python runs in the browser): dist/ for any static file host. Node.js (Debian's
# nodejs) precompiles its Python; without it the app builds and runs all the same, slower to start.
WEB_HOST ?= 127.0.0.1
WEB_PORT ?= 8000
nodejs:
	@if command -v node >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing Debian's nodejs to precompile the web app's Python..."; \
		DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs >/dev/null; \
	fi

web: $(STAMP) nodejs
	$(PY) web/build.py $(ARGS)

# Serves dist/ on this machine only, the large files gzip-compressed (web/serve.py);
# `make web-serve WEB_HOST=0.0.0.0` for phones on the LAN (see README).
web-serve: web
	$(PY) web/serve.py --host $(WEB_HOST) --port $(WEB_PORT) --directory dist

clean:
	rm -rf $(VENV) test-artifacts .pytest_cache .hypothesis
