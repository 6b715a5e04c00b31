#!/usr/bin/env bash
# Build throw-away virtual environments the way a newcomer would, and run the course in them.
#   floors: the oldest versions requirements.txt allows (requirements-oldest.txt as pip
#           constraints): unit tests, doctests and every notebook under nbval.
#   binder: only what Binder installs (binder/requirements.txt, then binder/postBuild):
#           posenc imports and lesson 00 executes from a fresh kernel.
#   repo2docker: the build Binder would do, as printed by `repo2docker --no-build --debug`
#           (no Docker needed): Python 3.11, binder/requirements.txt, then binder/postBuild.
# Usage: tools/check_fresh_envs.sh [floors|binder|repo2docker]...   (all by default)
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

floors() {
    echo "== floors: oldest allowed versions"
    "$PYTHON" -m venv "$work/floors"
    "$work/floors/bin/python" -m pip install --quiet --upgrade pip
    "$work/floors/bin/python" -m pip install --quiet -c requirements-oldest.txt -r requirements-test.txt -e .
    "$work/floors/bin/python" -m pip uninstall --quiet -y rfc3987-syntax || true
    "$work/floors/bin/python" -m pip list 2>/dev/null | grep -iE '^(numpy|matplotlib|pillow|ipywidgets|ipykernel|jupyterlab) '
    "$work/floors/bin/python" -m pytest -m "not browser" -p no:cacheprovider
}

binder() {
    echo "== binder: binder/ files alone"
    "$PYTHON" -m venv "$work/binder"
    "$work/binder/bin/python" -m pip install --quiet --upgrade pip
    "$work/binder/bin/python" -m pip install --quiet -r binder/requirements.txt
    PATH="$work/binder/bin:$PATH" bash binder/postBuild >/dev/null
    "$work/binder/bin/python" -c "import posenc; print('posenc', posenc.__version__, 'imports in the Binder environment')"
    "$work/binder/bin/python" - <<'PY'
import nbformat
from nbclient import NotebookClient

nb = nbformat.read("notebooks/00_start_here.ipynb", as_version=4)
NotebookClient(nb, kernel_name="python3", timeout=120, resources={"metadata": {"path": "notebooks"}}).execute()
errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
          if o.output_type == "error" and "raises-exception" not in c.metadata.get("tags", [])]
assert not errors, errors
print("lesson 00 executed in the Binder environment: 1 passed, 0 failed")
PY
}

repo2docker() {
    echo "== repo2docker: what Binder would build"
    "$PYTHON" -m venv "$work/r2d"
    "$work/r2d/bin/python" -m pip install --quiet jupyter-repo2docker
    git clone --quiet . "$work/clone"
    (cd "$work/clone" && "$work/r2d/bin/repo2docker" --no-build --debug . >"$work/r2d.txt" 2>&1)
    for expected in 'python=3.11' 'pip install --no-cache-dir -r "binder/requirements.txt"' './binder/postBuild'; do
        grep -qF -- "$expected" "$work/r2d.txt" || { echo "repo2docker's build lacks: $expected"; exit 1; }
    done
    echo "repo2docker would build Python 3.11, install binder/requirements.txt and run binder/postBuild"
}

steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=(floors binder repo2docker)
for step in "${steps[@]}"; do "$step"; done
