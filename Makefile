# The course's commands. `make lab` and `make test` are the README's quick start.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
# uv installs where it can be had (about twice as fast: docs/benchmarks.md), pip otherwise;
# INSTALLER=pip forces pip, INSTALLER=uv forces uv
INSTALLER ?= auto
INSTALL := INSTALLER=$(INSTALLER) bash tools/venv_install.sh $(VENV)

# the branch the student edition is published to, which its links and the student site's open
# (`make kit site STUDENT_BRANCH=student-v0.2.0` for a term)
STUDENT_BRANCH ?= student

# test-fast leaves out the heavy tests, by their markers (declared in pyproject.toml)
FAST := not (notebooks or browser or site or hub or grading or slow)
# pytest on both cores: two worker processes of one BLAS thread each (test-fast's help says why)
PYTEST_2 := OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 $(PY) -m pytest -n 2
# the course's own modules compiled before a run: where PYTHONDONTWRITEBYTECODE is set (CI, containers), each kernel
# and script a test starts would otherwise compile posenc again, about 0.2 s a start (measured); a no-op when current
COMPILE := $(PY) -m compileall -q posenc course/posenc_course tools benchmarks

.PHONY: help lab venv test lint test-fast notebooks kit site bench docs check-envs preflight clean-venv

## help: list these commands with what each does
help:
	@awk '/^## [a-z-]+:/ {sub(/^## /, ""); print; next} /^## / {sub(/^## /, "    "); print}' $(MAKEFILE_LIST)

## lab: create .venv, install the course and open it in JupyterLab
lab: $(VENV)/.course
	$(BIN)/jupyter lab $(if $(filter 0,$(shell id -u)),--allow-root) notebooks/00_start_here.ipynb

## venv: only create .venv and install the course (what `make lab` does before it opens JupyterLab)
venv: $(VENV)/.course

## test: lint, then the whole test suite (maths, doctests, checkers, widgets, notebooks with nbval, browser,
## static site) on two worker processes of one BLAS thread each, a file to a worker (a lesson's cells run in order
## in one kernel; a file's JupyterLab, hub or site is built once), the files that take minutes handed out first
## (tests/conftest.py); the 25 slowest tests are listed at the end
test: lint
	$(COMPILE)
	$(PYTEST_2) --dist loadfile --no-loadscope-reorder --durations=25

## lint: ruff's linter and formatter check, then mypy over posenc/ (settings in pyproject.toml; notebooks
## are left to nbval)
lint: $(VENV)/.tests
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

## test-fast: every unit, generic, doctest and anatomy test: all but the heavy markers (pyproject.toml),
## on two worker processes (pytest-xdist), each with one BLAS thread (two workers of two threads each on two
## cores ran the suite about 15% slower)
test-fast: $(VENV)/.tests
	$(COMPILE)
	$(PYTEST_2) -m "$(FAST)"

## notebooks: re-execute every lesson from a fresh kernel, in place, storing widget state
notebooks: $(VENV)/.tests
	$(PY) -m tools.execute_notebooks notebooks/*.ipynb

## kit: build the class editions of every lesson into build/kit: learner (as committed), student (no
## solutions, predict-then-check outputs cleared) and instructor (solutions in, notes shown, executed), and
## the printable handout (build/kit/handout: HTML and A4 PDF, a page per lesson, the comparison table, the
## glossary), the slides (build/kit/slides: reveal.js, sliders working with no kernel; needs npm) and the
## instructor guide as a page (build/kit/guide: the quiz keys, never on a site students reach);
## `python -m tools.publish_edition student` then writes one edition to a git branch of that name;
## `make kit HUB=https://your.hub` puts your hub's address in the messages to send before class
kit: $(VENV)/.tests
	$(PY) -m tools.build_kit --branch $(STUDENT_BRANCH) $(if $(HUB),--hub $(HUB))

## site: build the course as two static sites from one run of the lessons: build/site, the public learner
## site (folded solutions and quiz answers, as a self-learner needs), and build/site-student, for a class (no
## solutions, no quiz answers, no model answers); every main slider works with no kernel (frames drawn at build
## time); the browser bundles come from npm, checked by hash
site: $(VENV)/.tests
	$(PY) -m tools.build_site --branch $(STUDENT_BRANCH)

## bench: run the speed benchmarks (maths, sliders, browser, lesson run times, the language model's training
## step), print them and record
## each run in benchmarks/results/; then `make docs` puts the new numbers on the pages
bench: $(VENV)/.tests
	$(PY) -m benchmarks.bench_maths --json
	$(PY) -m benchmarks.bench_widgets --json
	$(PY) -m benchmarks.bench_lm --json

## docs: regenerate every generated part of committed files: each lesson's minutes (by the method in
## course/posenc_course/reading_time.py), the lesson maps (README, lesson 00), every link made from pyproject.toml's Repository, the glossary (docs/glossary.md), the instructor guide, the benchmark
## tables and the README's speed figures; tests/test_lessons.py and tests/test_generated.py fail when stale
docs: $(VENV)/.tests
	$(PY) -m tools.gen_links  # first: the lessons' minutes count the words of the links it writes
	$(PY) -m tools.gen_lessons
	$(PY) -m tools.gen_guide
	$(PY) -m tools.gen_benchmarks

## preflight: the day before class: check the kernel and the server environment (both .venv here; on a hub,
## python3 tools/preflight.py --kernel-python K --server-python S), run every lesson headless, print a checklist
preflight: $(VENV)/.course
	$(PYTHON) tools/preflight.py --kernel-python $(PY) --server-python $(PY)

## check-envs: run the course in fresh environments: oldest versions on the oldest Python, newest
## versions on the newest Python, binder/ alone
check-envs:
	INSTALLER=$(INSTALLER) tools/check_fresh_envs.sh

$(VENV)/.course: requirements.txt pyproject.toml
	@# creates .venv with $(PYTHON) first (after checking it against requires-python); then uv or pip, and
	@# removes rfc3987-syntax, which slows every Jupyter start by ~6 s (see the script)
	PYTHON=$(PYTHON) $(INSTALL) -r requirements.txt -e .
	touch $@

$(VENV)/.tests: $(VENV)/.course requirements-test.txt requirements-site.txt
	$(INSTALL) -r requirements-test.txt
	touch $@

clean-venv:
	rm -rf $(VENV)
