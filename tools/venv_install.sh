#!/usr/bin/env bash
# Install into a virtual environment, with uv where uv can be had, else with pip:
#   tools/venv_install.sh VENV ARGS...        (ARGS as for `pip install`: -r FILE, -c FILE, -e ., names)
# Where VENV does not exist yet, it is created with $PYTHON (python3 by default), once that Python is
# checked against requires-python in pyproject.toml (a clear message, not a failed install, when too old).
# uv is VENV's own, else one on PATH, else installed into VENV with `pip install uv`; if none
# works, or uv fails (say, an index that only pip is configured for), pip installs instead.
# INSTALLER=pip forces pip and INSTALLER=uv forces uv, to compare the two. Prints one line
# saying which installer ran. Used by the Makefile (make lab, make test) and check_fresh_envs.sh.
# After each install it removes rfc3987-syntax (pulled in by jupyter-events): it compiles a
# grammar at import and slows every Jupyter start by ~6 s; nothing here needs it.
set -euo pipefail
venv=$1
shift
py=$venv/bin/python

if [ ! -x "$py" ]; then
    python=${PYTHON:-python3}
    # requires-python reads ">=X.Y"; tomllib from 3.11, a regular expression on older Pythons
    "$python" - <<'CHECK' || exit 1
import re, sys
text = open("pyproject.toml", encoding="utf-8").read()
if sys.version_info >= (3, 11):
    import tomllib
    spec = tomllib.loads(text)["project"]["requires-python"]
else:
    spec = "".join(re.findall(r'^requires-python\s*=\s*"([^"]*)"', text, re.M))
floor = re.match(r">=\s*(\d+)\.(\d+)\s*$", spec)
if not floor:
    sys.exit(f"pyproject.toml: requires-python should read >=X.Y, not {spec!r}")
if sys.version_info < tuple(map(int, floor.groups())):
    found = sys.version.split()[0]
    sys.exit(f"Python {'.'.join(floor.groups())} or newer is needed (requires-python in pyproject.toml); found {found}")
CHECK
    "$python" -m venv "$venv"
fi
installer=${INSTALLER:-auto}
case $installer in auto | uv | pip) ;; *) echo "INSTALLER must be uv or pip (or empty); got '$installer'" >&2; exit 2 ;; esac

uv=
if [ "$installer" != pip ]; then
    if [ -x "$venv/bin/uv" ]; then
        uv=$venv/bin/uv
    elif command -v uv >/dev/null 2>&1; then
        uv=$(command -v uv)
    elif "$py" -m pip install --quiet uv >/dev/null 2>&1; then
        uv=$venv/bin/uv
    fi
fi

with_pip() {
    "$py" -m pip install --quiet --upgrade pip
    "$py" -m pip install --quiet "$@"
    "$py" -m pip uninstall --quiet -y rfc3987-syntax 2>/dev/null || true
}

if [ -n "$uv" ]; then
    echo "installing with uv"
    # --compile-bytecode, as pip does: else, where PYTHONDONTWRITEBYTECODE is set (CI, containers),
    # every Jupyter and kernel start compiles its modules again (about 3 s more per start, measured)
    if "$uv" pip install --python "$py" --quiet --compile-bytecode "$@"; then
        "$uv" pip uninstall --python "$py" --quiet rfc3987-syntax || true
        exit 0
    fi
    [ "$installer" = auto ] || exit 1
    echo "uv could not install this; installing with pip"
elif [ "$installer" = uv ]; then
    echo "INSTALLER=uv, but uv is not available" >&2
    exit 1
elif [ "$installer" = pip ]; then
    echo "installing with pip (INSTALLER=pip)"
else
    echo "uv not available; installing with pip"
fi
with_pip "$@"
