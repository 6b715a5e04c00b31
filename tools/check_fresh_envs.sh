#!/usr/bin/env bash
# Build throw-away virtual environments the way a newcomer would, and run the course in them.
#   floors: the oldest versions the course's ranges allow (requirements-oldest.txt as constraints)
#           on the oldest Python pyproject.toml's requires-python allows: unit tests, doctests and
#           every notebook under nbval.
#   newest: the same tests with the newest versions allowed, on the newest Python here (3.13, else 3.12).
#   binder: only what Binder installs (the lock binder/requirements.txt, then binder/postBuild),
#           on binder/runtime.txt's Python: posenc imports and lesson 00 executes from a fresh kernel.
#   repo2docker: the build Binder would do, as printed by `repo2docker --no-build --debug`
#           (no Docker needed): binder/runtime.txt's Python, binder/requirements.txt, then binder/postBuild.
# A job whose Python is missing says "skipped: ..." and the others go on.
# Installs with uv where it can be had, else pip (tools/venv_install.sh); INSTALLER=pip forces pip.
# Usage: tools/check_fresh_envs.sh [floors|newest|binder|repo2docker]...   (all by default)
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# find_python X.Y: print the path of a working pythonX.Y, or nothing. pyenv puts a shim on PATH
# for every version it has, which fails unless that version is selected; ask pyenv then.
find_python() {
    local name=python$1 version
    if "$name" -c '' >/dev/null 2>&1; then
        command -v "$name"
        return
    fi
    command -v pyenv >/dev/null 2>&1 || return 0
    for version in $(pyenv whence "$name" 2>/dev/null); do
        if "$(pyenv root)/versions/$version/bin/$name" -c '' >/dev/null 2>&1; then
            echo "$(pyenv root)/versions/$version/bin/$name"
            return
        fi
    done
}

# pick_python X.Y: set the caller's $python to a working pythonX.Y, or say "skipped: ..." and fail
pick_python() {
    python=$(find_python "$1")
    [ -n "$python" ] || { echo "skipped: python$1 not found on PATH"; return 1; }
}

# new_venv NAME PYTHON: a fresh virtual environment $work/NAME
new_venv() {
    "$2" -m venv "$work/$1"
    echo "Python $("$work/$1/bin/python" -c 'import platform; print(platform.python_version())')"
}

# install NAME ARGS...: install into $work/NAME as a newcomer's `make` would (uv, else pip)
install() {
    local name=$1
    shift
    bash tools/venv_install.sh "$work/$name" "$@"
}

show_versions() {
    "$work/$1/bin/python" -m pip list 2>/dev/null | grep -iE '^(numpy|matplotlib|pillow|ipywidgets|ipykernel|jupyterlab|anywidget) '
}

# oldest_python: the X.Y of pyproject.toml's requires-python (">=X.Y"), read with tomllib. $PYTHON
# may be 3.10, which has no tomllib: there the line is read as text (it is one line, by design).
oldest_python() {
    "$PYTHON" - <<'PY'
import re, sys

if sys.version_info >= (3, 11):
    import tomllib

    with open("pyproject.toml", "rb") as f:
        spec = tomllib.load(f)["project"].get("requires-python", "")
else:
    with open("pyproject.toml") as f:
        spec = "".join(re.findall(r'^requires-python\s*=\s*"([^"]*)"', f.read(), re.M))
oldest = re.fullmatch(r">=\s*(\d+\.\d+)", spec.strip())
if not oldest:
    sys.exit(f'pyproject.toml: requires-python should read ">=X.Y", not {spec!r}')
print(oldest.group(1))
PY
}

# In each fresh environment: every test, the lessons run by nbval included, but the browser and the
# static site (they drive the one JupyterLab and Chromium of the main run), the tools with their
# own environments (hub, grading), the ways in and the preflight, which build or name their own, and
# the benchmarks' smoke runs: a maintainer's tool, run in the course's .venv (`make bench`), where
# `make test` runs them; and the student edition's run of every lesson: its code cells are the learner
# edition's, links aside, which nbval runs here (the edition's changes are checked by `make test`'s run of it; the
# instructor edition, whose solutions run nowhere else, stays)
FRESH_TESTS="not (browser or site or hub or grading)"
FRESH_SKIP=(--ignore=tests/test_ways_in.py --ignore=tests/test_preflight.py --ignore=tests/test_benchmarks.py
    --deselect=tests/test_kit.py::test_the_student_edition_runs_and_every_exercise_waits_for_the_student)
# on two worker processes of one BLAS thread each, a file to a worker, as `make test` runs (the Makefile says why)
FRESH_RUN=(-n 2 --dist loadfile --no-loadscope-reorder -p no:cacheprovider)
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1

floors() {
    local oldest python
    oldest=$(oldest_python)
    echo "== floors: oldest allowed versions, on Python $oldest"
    pick_python "$oldest" || return 0
    new_venv floors "$python"
    install floors -c requirements-oldest.txt -r requirements-test.txt -e .
    show_versions floors
    "$work/floors/bin/python" -m pytest -m "$FRESH_TESTS" "${FRESH_SKIP[@]}" "${FRESH_RUN[@]}"
}

newest() {
    local version python=
    for version in 3.13 3.12; do
        python=$(find_python "$version")
        [ -z "$python" ] || break
    done
    echo "== newest: newest allowed versions, on the newest Python here"
    [ -n "$python" ] || { echo "skipped: python3.13 and python3.12 not found on PATH"; return 0; }
    new_venv newest "$python"
    install newest -r requirements-test.txt -e .
    show_versions newest
    "$work/newest/bin/python" -m pytest -m "$FRESH_TESTS" "${FRESH_SKIP[@]}" "${FRESH_RUN[@]}"
}

# binder_python: the X.Y that binder/runtime.txt asks for ("python-X.Y")
binder_python() {
    sed -n 's/^python-\([0-9.]*\)$/\1/p' binder/runtime.txt
}

binder() {
    local version python
    version=$(binder_python)
    echo "== binder: binder/ files alone, on Python $version (binder/runtime.txt: the lock is made for it)"
    pick_python "$version" || return 0
    new_venv binder "$python"
    install binder -r binder/requirements.txt
    PATH="$work/binder/bin:$PATH" bash binder/postBuild >/dev/null
    "$work/binder/bin/python" -c "import posenc; print('posenc', posenc.__version__, 'imports in the Binder environment')"
    "$work/binder/bin/python" - <<'PY'
import tempfile

import nbformat
from jupyter_client import KernelManager
from nbclient import NotebookClient

nb = nbformat.read("notebooks/00_start_here.ipynb", as_version=4)
with tempfile.TemporaryDirectory() as folder:  # over Unix sockets, as tools/execute_notebooks.py runs a kernel
    km = KernelManager(kernel_name="python3", transport="ipc", ip=f"{folder}/kernel")
    try:
        NotebookClient(nb, km=km, timeout=120, resources={"metadata": {"path": "notebooks"}}).execute()
    finally:  # a kernel handed in is the caller's to stop
        km.shutdown_kernel(now=True)
errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
          if o.output_type == "error" and "raises-exception" not in c.metadata.get("tags", [])]
assert not errors, errors
print("lesson 00 executed in the Binder environment: 1 passed, 0 failed")
PY
}

repo2docker() {
    local version
    version=$(binder_python)
    echo "== repo2docker: what Binder would build"
    new_venv r2d "$PYTHON"
    # exact: the checks below read repo2docker's dry-run output, whose wording a release may
    # change; move it on by hand (pip index versions jupyter-repo2docker) and rerun this step
    install r2d jupyter-repo2docker==2026.4.0
    git clone --quiet . "$work/clone"
    (cd "$work/clone" && "$work/r2d/bin/repo2docker" --no-build --debug . >"$work/r2d.txt" 2>&1)
    for expected in "python=$version" 'pip install --no-cache-dir -r "binder/requirements.txt"' './binder/postBuild'; do
        grep -qF -- "$expected" "$work/r2d.txt" || { echo "repo2docker's build lacks: $expected"; exit 1; }
    done
    echo "repo2docker would build Python $version, install binder/requirements.txt and run binder/postBuild"
}

steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=(floors newest binder repo2docker)
for step in "${steps[@]}"; do
    start=$SECONDS
    "$step"
    echo "== $step: $((SECONDS - start)) s"
done
