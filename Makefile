# The course's commands. `make lab` and `make test` are the README's quick start.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python

.PHONY: lab test test-fast notebooks bench check-envs clean-venv

## lab: create .venv, install the course and open it in JupyterLab
lab: $(VENV)/.course
	$(BIN)/jupyter lab $(if $(filter 0,$(shell id -u)),--allow-root) notebooks/00_start_here.ipynb

## test: the whole test suite (maths, doctests, checkers, widgets, notebooks with nbval, browser)
test: $(VENV)/.tests
	$(PY) -m pytest

## test-fast: everything but the notebooks and the browser
test-fast: $(VENV)/.tests
	$(PY) -m pytest tests posenc -m "not browser"

## notebooks: re-execute every lesson from a fresh kernel, in place, storing widget state
notebooks: $(VENV)/.tests
	$(PY) tools/execute_notebooks.py notebooks/*.ipynb

## bench: print the speed benchmarks (maths, sliders, browser, lesson run times)
bench: $(VENV)/.tests
	$(PY) benchmarks/bench_maths.py
	$(PY) benchmarks/bench_widgets.py

## check-envs: run the course in fresh environments: oldest allowed versions, and binder/ alone
check-envs:
	tools/check_fresh_envs.sh

$(VENV)/.course: requirements.txt pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else "Python 3.10 or newer is needed; found " + sys.version.split()[0])'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt -e .
	@# rfc3987-syntax compiles a grammar at import and slows every Jupyter start by ~6 s; nothing here needs it
	$(PY) -m pip uninstall --quiet -y rfc3987-syntax || true
	touch $@

$(VENV)/.tests: $(VENV)/.course requirements-test.txt
	$(PY) -m pip install --quiet -r requirements-test.txt
	$(PY) -m pip uninstall --quiet -y rfc3987-syntax || true
	touch $@

clean-venv:
	rm -rf $(VENV)
