# The course's commands. `make lab` and `make test` are the README's quick start.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
# uv installs where it can be had (about twice as fast: docs/benchmarks.md), pip otherwise;
# INSTALLER=pip forces pip, INSTALLER=uv forces uv
INSTALLER ?= auto
INSTALL := INSTALLER=$(INSTALLER) bash tools/venv_install.sh $(VENV)

.PHONY: lab venv test lint test-fast notebooks site bench check-envs clean-venv

## lab: create .venv, install the course and open it in JupyterLab
lab: $(VENV)/.course
	$(BIN)/jupyter lab $(if $(filter 0,$(shell id -u)),--allow-root) notebooks/00_start_here.ipynb

## venv: only create .venv and install the course (what `make lab` does before it opens JupyterLab)
venv: $(VENV)/.course

## test: lint, then the whole test suite (maths, doctests, checkers, widgets, notebooks with nbval, browser)
test: lint
	$(PY) -m pytest

## lint: ruff's linter and formatter check (settings in pyproject.toml; notebooks are left to nbval)
lint: $(VENV)/.tests
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

## test-fast: everything but the notebooks and the browser
test-fast: $(VENV)/.tests
	$(PY) -m pytest tests posenc -m "not browser"

## notebooks: re-execute every lesson from a fresh kernel, in place, storing widget state
notebooks: $(VENV)/.tests
	$(PY) tools/execute_notebooks.py notebooks/*.ipynb

## site: build the course as a static site in build/site: every lesson as a page whose main sliders work
## with no kernel (frames drawn at build time); the browser bundles come from npm, checked by hash
site: $(VENV)/.tests
	$(PY) tools/build_site.py

## bench: print the speed benchmarks (maths, sliders, browser, lesson run times)
bench: $(VENV)/.tests
	$(PY) benchmarks/bench_maths.py
	$(PY) benchmarks/bench_widgets.py

## check-envs: run the course in fresh environments: oldest versions on the oldest Python, newest
## versions on the newest Python, binder/ alone
check-envs:
	INSTALLER=$(INSTALLER) tools/check_fresh_envs.sh

$(VENV)/.course: requirements.txt pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else "Python 3.10 or newer is needed; found " + sys.version.split()[0])'
	$(PYTHON) -m venv $(VENV)
	@# uv or pip; then removes rfc3987-syntax, which slows every Jupyter start by ~6 s (see the script)
	$(INSTALL) -r requirements.txt -e .
	touch $@

$(VENV)/.tests: $(VENV)/.course requirements-test.txt
	$(INSTALL) -r requirements-test.txt
	touch $@

clean-venv:
	rm -rf $(VENV)
