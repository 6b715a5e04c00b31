"""The preflight (``tools/preflight.py``) against real environments (marker ``slow``: it runs a lesson, times
every explorer and builds small fresh environments): the course's own passes; a bare one, one with an old ipywidgets
and an anywidget older than the server's front end, and a server whose anywidget front end is disabled
each fail with the line that names the problem. The
preflight itself runs on a Python that has only the standard library."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import new_venv

ROOT = Path(__file__).resolve().parents[1]
COURSE = str(ROOT / ".venv" / "bin" / "python")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not Path(COURSE).exists(), reason="the course's .venv is needed: make venv"),
]


@pytest.fixture(scope="module")
def bare(tmp_path_factory):
    """A fresh environment with the standard library only: it runs the preflight, and is the bare kernel."""
    venv = tmp_path_factory.mktemp("bare") / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    return str(venv / "bin" / "python")


def preflight(python: str, *args: str, env: dict | None = None) -> tuple[int, str]:
    done = subprocess.run(
        [python, str(ROOT / "tools" / "preflight.py"), *args], capture_output=True, text=True, env=env, timeout=1800
    )
    return done.returncode, done.stdout + done.stderr


def test_the_course_environment_is_ready_and_the_lessons_asked_for_run(bare):
    # lesson 00 alone (--lessons), as an instructor checks the day's class: that every lesson runs in this
    # environment is nbval's test, in the same `make test`; the preflight runs each lesson it is given alike
    code, said = preflight(bare, "--kernel-python", COURSE, "--server-python", COURSE, "--lessons", "00")
    assert code == 0 and "READY" in said and "✗" not in said, said
    assert "✓ kernel: 00_start_here.ipynb runs in " in said and "peak kernel memory" in said, said
    assert said.count(".ipynb runs in ") == 1, "the lesson asked for, and no other"
    assert "ℹ kernel: lesson 00 alone run (--lessons)" in said
    assert said.count("(median of 5 moves of its main slider)") == len(
        __import__("posenc.widgets.examples", fromlist=["EXPLORERS"]).EXPLORERS
    )


def test_an_unknown_lesson_number_is_refused_before_any_check(bare):
    code, said = preflight(bare, "--lessons", "00", "7")
    last = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))[-1].name[:2]
    assert code == 1 and f"--lessons: no lesson numbered 7; the lessons are 00 to {last}" in said, said
    assert "✓" not in said, "nothing was checked"


def test_a_kernel_without_the_course_fails_on_its_line(bare):
    code, said = preflight(bare, "--kernel-python", bare, "--server-python", COURSE)
    assert code == 1 and "NOT READY" in said
    assert "✗ kernel: posenc is not installed" in said and 'pip install -e ".[notebooks]"' in said
    assert "✗ kernel: lessons not run" in said


def test_a_kernel_with_an_old_ipywidgets_or_an_anywidget_the_server_cannot_show_fails_on_its_line(tmp_path, bare):
    venv = tmp_path / "old"
    new_venv(venv, "ipywidgets==8.0.7", "anywidget==0.9.13")
    code, said = preflight(bare, "--kernel-python", str(venv / "bin" / "python"), "--server-python", COURSE)
    assert code == 1 and "✗ kernel: ipywidgets 8.0.7 is older than 8.1.2" in said, said
    # anywidget 0.9.13 is the course's floor, so its own line passes; the server's front end is 0.11's
    assert "✓ kernel: anywidget 0.9.13" in said, said
    assert "✗ widgets: the kernel's anywidget (asks for ~0.9.*) and the server's anywidget front end v0.11" in said
    assert "✓ widgets: the kernel's ipywidgets (controls 2.0.0)" in said, said


def test_a_server_whose_anywidget_front_end_is_disabled_fails_on_its_line(tmp_path, bare):
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(tmp_path / "config")}  # the user level only, not .venv's
    subprocess.run(
        [COURSE, "-m", "jupyter", "labextension", "disable", "--level=user", "anywidget"],
        env=env,
        check=True,
        capture_output=True,
    )
    code, said = preflight(bare, "--kernel-python", COURSE, "--server-python", COURSE, "--skip-lessons", env=env)
    assert code == 1 and "✗ server: the anywidget front end is disabled" in said, said
    assert "✓ server: @jupyter-widgets/jupyterlab-manager front end" in said


def test_a_slow_lesson_that_prints_in_parts_is_timed_and_its_kernel_measured(tmp_path):
    from tools.preflight import kernel_env, run_lessons

    lesson = tmp_path / "01_slow.ipynb"
    cells = [
        'import sys, time\nfor part in ("REPORT", " not a report", "\\n"):\n    sys.stdout.write(part); sys.stdout.flush(); time.sleep(0.4)',
        "time.sleep(1.5)",
    ]
    nb = {
        "cells": [
            {"cell_type": "code", "source": c, "metadata": {}, "outputs": [], "execution_count": None} for c in cells
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    lesson.write_text(__import__("json").dumps(nb))
    (home := tmp_path / "home").mkdir()
    rows, _ = run_lessons(COURSE, kernel_env(COURSE, home), [str(lesson)])
    (row,) = rows
    assert row["seconds"] >= 2.7 and row["peak_kib"] > 10_000 and "error" not in row, row
