"""Small builders the tests share: a learner's table written by hand needs them, and a throw-away environment."""

import os
import subprocess
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]


def positions(n):
    """Positions 0 to n - 1 as a column, (n, 1), so that ``positions(n) * frequencies(d)`` is a table of angles."""
    return np.arange(n)[:, None]


def interleave(angles):
    """A table with sin of each angle in column 2i and its cos in 2i + 1, the layout of the sinusoidal table."""
    table = np.empty((angles.shape[0], 2 * angles.shape[1]))
    table[:, 0::2], table[:, 1::2] = np.sin(angles), np.cos(angles)
    return table


def new_venv(venv: Path, *requirements: str, python: str = sys.executable) -> Path:
    """A new virtual environment at `venv`, of `python` (this Python by default), with `requirements` (as for
    ``pip install``) installed the way the course installs: tools/venv_install.sh, with the course's uv where
    it can be had, else pip, and without rfc3987-syntax (seconds off every Jupyter start); its python. For
    the environments a test stands on, not for the installs it checks."""
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"  # the course's uv
    subprocess.run(
        ["bash", str(ROOT / "tools" / "venv_install.sh"), str(venv), *requirements],
        check=True,
        cwd=ROOT,
        timeout=900,
        env={**os.environ, "PATH": path, "PYTHON": python},
        stdout=subprocess.DEVNULL,
    )
    return venv / "bin" / "python"
