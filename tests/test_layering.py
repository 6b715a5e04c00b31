"""The layering rule, each module in a fresh interpreter: the maths and the checkers load no display stack.

maths (numpy only) -> analysis -> plotting (matplotlib) -> live -> widgets; the
checkers import the maths and analysis only, so that they run in a headless grader.
"""

import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest

import posenc

DISPLAY = ("matplotlib", "ipywidgets", "IPython", "anywidget", "PIL", "traitlets", "ipykernel")
DISPLAY_LAYERS = ("posenc.plotting", "posenc.live", "posenc.widgets")
PACKAGE = Path(posenc.__file__).resolve().parent


def headless_modules() -> list[str]:
    """Every module of posenc outside the display layers: the maths, analysis, data and the checkers."""
    names = ["posenc"]
    for info in pkgutil.walk_packages([str(PACKAGE)], prefix="posenc."):
        if not info.name.startswith(DISPLAY_LAYERS):
            names.append(info.name)
    return sorted(names)


HEADLESS = headless_modules()


def test_the_walk_finds_the_maths_and_the_checkers():
    for name in (
        "posenc.attention",
        "posenc.capstone",
        "posenc.extrapolation.heads",
        "posenc.lm.model",
        "posenc.checks.engine",
    ):
        assert name in HEADLESS
    assert not [name for name in HEADLESS if name.startswith(DISPLAY_LAYERS)]


def test_no_headless_module_loads_the_display_stack():
    # one fresh interpreter per module, two at a time (the machine has two cores)
    code = (
        "import importlib, sys; importlib.import_module(sys.argv[1]); "
        f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({DISPLAY!r})), "
        f"sorted(m for m in sys.modules if m.startswith({DISPLAY_LAYERS!r})))"
    )
    results, running = {}, []
    for name in HEADLESS:
        running.append((name, subprocess.Popen([sys.executable, "-c", code, name], stdout=subprocess.PIPE, text=True)))
        if len(running) == 2 or name == HEADLESS[-1]:
            for done, process in running:
                out, _ = process.communicate(timeout=60)
                assert process.returncode == 0, f"import {done} failed"
                results[done] = out.strip()
            running = []
    loaded = {name: out for name, out in results.items() if out != "[] []"}
    assert not loaded, f"these imports load display code (packages, then posenc display modules): {loaded}"


@pytest.mark.parametrize("path", sorted((PACKAGE / "checks").glob("*.py")), ids=lambda p: p.name)
def test_checkers_name_no_display_code_not_even_lazily(path):
    source = path.read_text(encoding="utf-8")
    pattern = r"^\s*(from|import)\s+(" + "|".join(re.escape(m) for m in DISPLAY + DISPLAY_LAYERS) + r")\b"
    assert not re.findall(pattern, source, flags=re.MULTILINE), f"{path.name} imports display code"
