"""The layering rule, checked in a fresh interpreter: the maths and the checkers load no display stack.

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
    # One fresh interpreter imports every headless module in turn and records, after each import,
    # the display packages and posenc display modules loaded so far. Imports only add to
    # sys.modules, so an empty record after the last import clears every module; on a failure the
    # first module after which the record is non-empty is the one that pulled the display stack in.
    code = (
        "import importlib, sys\n"
        f"display, layers = set({DISPLAY!r}), {DISPLAY_LAYERS!r}\n"
        "for name in sys.argv[1:]:\n"
        "    importlib.import_module(name)\n"
        "    found = sorted({m.split('.')[0] for m in sys.modules} & display)\n"
        "    found += sorted(m for m in sys.modules if m.startswith(layers))\n"
        "    if found:\n"
        "        print(name, found)\n"
        "        break\n"
    )
    done = subprocess.run([sys.executable, "-c", code, *HEADLESS], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"an import failed: {done.stderr[-2000:]}"
    assert not done.stdout.strip(), f"this import loads display code (the module, then what it loaded): {done.stdout}"


@pytest.mark.parametrize("path", sorted((PACKAGE / "checks").glob("*.py")), ids=lambda p: p.name)
def test_checkers_name_no_display_code_not_even_lazily(path):
    source = path.read_text(encoding="utf-8")
    pattern = r"^\s*(from|import)\s+(" + "|".join(re.escape(m) for m in DISPLAY + DISPLAY_LAYERS) + r")\b"
    assert not re.findall(pattern, source, flags=re.MULTILINE), f"{path.name} imports display code"


def test_import_posenc_loads_nothing_heavy_beyond_numpy():
    # `import posenc` is in every lesson's first cell and every kernel a test starts (its target: under 50 ms on top
    # of numpy's, benchmarks/bench_maths.py). These modules are only needed later, when a function is called: at
    # the top of a module they cost 12 ms (importlib.resources, which brings tempfile, shutil, bz2 and lzma) and
    # 20 ms (numpy.random, which a type alias reading np.random.Generator loads), measured with -X importtime.
    code = (
        "import sys\nimport numpy\nbefore = set(sys.modules)\nimport posenc\n"
        "print(sorted(m for m in set(sys.modules) - before if m.split('.')[0] in sys.argv[1:]"
        " or m in sys.argv[1:]))\n"
    )
    heavy = ["importlib.resources", "numpy.random", "tempfile", "shutil", "bz2", "lzma", "hashlib"]
    done = subprocess.run([sys.executable, "-c", code, *heavy], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]", f"import posenc loads: {done.stdout}"
