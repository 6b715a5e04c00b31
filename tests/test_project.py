"""The project's own files agree with each other, and the wheel holds the whole package.

(That the files declaring dependencies agree with each other is tests/test_versions.py's job.)
"""

import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import posenc

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "posenc"
NOT_SHIPPED = {"__pycache__"}  # and names starting with a dot; *.pyc


def test_installed_version_is_the_package_version():
    installed = importlib.metadata.version("posenc")
    assert installed == posenc.__version__, (
        f"the installed posenc says {installed}, posenc/__init__.py says {posenc.__version__}: "
        "reinstall (touch pyproject.toml, then make test) or fix [tool.setuptools.dynamic] in pyproject.toml"
    )


def test_the_changelog_and_lesson_00_show_the_package_version():
    import json
    import re

    headings = re.findall(r"^## (\d+\.\d+\.\d+)\b", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), re.M)
    assert headings and headings[0] == posenc.__version__, (
        f"CHANGELOG.md's newest entry is {headings[:1]}, posenc/__init__.py says {posenc.__version__}: "
        "add its entry (README: Releasing a version for a term)"
    )
    nb = json.loads((ROOT / "notebooks" / "00_start_here.ipynb").read_text(encoding="utf-8"))
    (cell,) = [c for c in nb["cells"] if "widgets.environment_check()" in "".join(c["source"])]
    shown = "".join("".join(o.get("data", {}).get("text/plain", "")) for o in cell["outputs"])
    assert f"Course version {posenc.__version__}." in shown, "re-run the lessons (make notebooks) after a new version"


def source_files():
    """Every file under posenc/ that a wheel should carry, as paths relative to the repository."""
    for folder, dirs, files in os.walk(PACKAGE):
        dirs[:] = sorted(d for d in dirs if d not in NOT_SHIPPED and not d.startswith("."))
        for name in files:
            if not name.startswith(".") and not name.endswith(".pyc"):
                yield (Path(folder) / name).relative_to(ROOT).as_posix()


def test_make_test_fast_leaves_out_every_heavy_marker_pyproject_declares():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    block = re.search(r"^markers = \[(.*?)^\]", text, re.M | re.S)
    assert block, "pyproject.toml: no markers = [...] in [tool.pytest.ini_options]"
    declared = re.findall(r'^\s*"(\w+):', block.group(1), re.M)
    fast = re.search(r"^FAST := not \((.*)\)$", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M)
    assert fast, "the Makefile has no FAST := not (...) line"
    assert sorted(fast.group(1).split(" or ")) == sorted(declared), (
        f"pyproject.toml declares the heavy markers {declared}; the Makefile's FAST leaves out {fast.group(1)}"
    )


def test_every_folder_with_modules_is_a_package():
    # packages.find only takes folders with an __init__.py: modules elsewhere would be left out
    # of the wheel, and would work here only because the tests run from the repository
    folders = {Path(f).parent for f in source_files() if f.endswith(".py")}
    missing = sorted(str(f) for f in folders if not (ROOT / f / "__init__.py").exists())
    assert not missing, f"folders with modules but no __init__.py: {missing}"


@pytest.mark.slow  # builds a wheel (about 3 s): in `make test`, not `make test-fast`
def test_the_wheel_holds_every_subpackage_module_and_data_file(tmp_path):
    # build from a copy: an in-tree build leaves build/, whose stale files would go into later wheels
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, src / name)
    shutil.copytree(PACKAGE, src / "posenc", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    # the course-building package sits beside posenc/ in the repository, as here: the wheel must leave it out
    shutil.copytree(
        ROOT / "course", src / "course", ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    )
    pip_wheel = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-v"]
    build = subprocess.run([*pip_wheel, "-w", str(tmp_path), str(src)], capture_output=True, text=True)
    output = build.stdout + build.stderr
    assert build.returncode == 0, output[-3000:]
    deprecations = [line.strip() for line in output.splitlines() if "DeprecationWarning" in line]
    assert not deprecations, f"the build warns: {deprecations}"
    (wheel,) = tmp_path.glob("posenc-*.whl")
    assert wheel.name.startswith(f"posenc-{posenc.__version__}-"), wheel.name

    with zipfile.ZipFile(wheel) as zf:
        shipped = set(zf.namelist())
        metadata = zf.read(f"posenc-{posenc.__version__}.dist-info/METADATA").decode()
    packages = sorted(Path(f).parent.as_posix() for f in source_files() if f.endswith("/__init__.py"))
    assert {"posenc", "posenc/data"} <= set(packages), packages
    missing_packages = [p for p in packages if f"{p}/__init__.py" not in shipped]
    assert not missing_packages, f"subpackages missing from the wheel: {missing_packages}"
    missing = sorted(set(source_files()) - shipped)
    assert not missing, f"files missing from the wheel (data files need [tool.setuptools.package-data]): {missing}"
    assert {"posenc/data/minilm_positions.npy", "posenc/data/questions.json"} <= shipped
    course_modules = {p.stem for p in (ROOT / "course" / "posenc_course").rglob("*.py") if p.stem != "__init__"}
    assert {"lessons", "editions", "graded", "slides", "reading_time", "sheets", "clock"} <= course_modules
    building = sorted(f for f in shipped if not f.startswith("posenc/") or Path(f).stem in course_modules)
    assert building == [] or all(".dist-info/" in f for f in building), (
        f"course-building files in the wheel: {building}"
    )
    assert f"\nVersion: {posenc.__version__}\n" in metadata
    assert "\nLicense-Expression: MIT\n" in metadata

    # and it imports from the wheel alone, away from the repository (numpy etc. from this environment)
    unpacked = tmp_path / "unpacked"
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(unpacked)
    names = [p.replace("/", ".") for p in packages]
    code = (
        "import importlib, sys; "
        f"mods = [importlib.import_module(n) for n in {names!r}]; "
        "print(mods[0].__file__); print(mods[0].minilm_positions().shape)"
    )
    env = {**os.environ, "PYTHONPATH": str(unpacked)}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, env=env)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.splitlines()[0].startswith(str(unpacked)), run.stdout


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (">=99.0", r"Python 99\.0 or newer is needed \(requires-python in pyproject.toml\); found 3\.\d+"),
        ("~=3.10", r"requires-python should read >=X\.Y, not '~=3\.10'"),
    ],
)
def test_a_new_environment_refuses_a_python_the_project_does_not_allow(tmp_path, spec, message):
    # tools/venv_install.sh checks the Python that would create the environment before creating it
    (tmp_path / "pyproject.toml").write_text(f'[project]\nname = "x"\nrequires-python = "{spec}"\n', encoding="utf-8")
    run = subprocess.run(
        ["bash", str(ROOT / "tools" / "venv_install.sh"), str(tmp_path / "venv"), "numpy"],
        cwd=tmp_path,
        env={**os.environ, "PYTHON": sys.executable},
        capture_output=True,
        text=True,
    )
    assert run.returncode == 1 and re.search(message, run.stderr), run.stderr
    assert not (tmp_path / "venv").exists()  # refused before anything was made
