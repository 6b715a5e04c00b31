"""Shared test settings: deterministic hypothesis runs and a headless matplotlib.

matplotlib.use() switches this process only. Setting MPLBACKEND instead would leak
into the kernels nbval starts and make the notebooks' figures disappear.
"""

import os
import sys
from pathlib import Path

import matplotlib
import pytest
from hypothesis import settings

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # so tests can import tools.labdriver

matplotlib.use("Agg")

settings.register_profile("course", deadline=None, max_examples=60, derandomize=True)
settings.load_profile("course")


#: the markers of the tests that take minutes a file (a JupyterLab, a hub, a site, an environment to build)
LONG = ("browser", "site", "hub", "grading", "slow")


def pytest_collection_modifyitems(items):
    """nbval's cells run a lesson in a kernel: give them the `notebooks` marker (declared in pyproject.toml).

    On pytest-xdist's workers (`make test`: ``--dist loadfile``, a file to a worker, handed out in this order), put
    the files that take minutes first, then the lessons, then the rest: the two workers start on the long jobs
    and finish on short ones, so neither is left alone at the end with a long one (the longest job first).
    A run on one process keeps pytest's own order."""
    for item in items:
        if item.path.suffix == ".ipynb":
            item.add_marker(pytest.mark.notebooks)
    if "PYTEST_XDIST_WORKER" not in os.environ:
        return
    long_files = {item.path for item in items if any(item.get_closest_marker(name) for name in LONG)}

    def rank(item) -> int:
        return 0 if item.path in long_files else 1 if item.path.suffix == ".ipynb" else 2

    items.sort(key=rank)  # stable: a file's tests stay together and in their order


@pytest.fixture(scope="session")
def static_lessons(tmp_path_factory):
    """Run each lesson once in static-site mode for the whole run.

    The site's tests and the slides' tests both need every lesson executed in that mode. Each lesson
    takes a few seconds, so running them twice cost about 40 s of `make test`. The first to need a lesson
    runs it and leaves it in the run's temporary folder (locked while it runs); the others read it there,
    on `make test`'s other worker too, whose temporary folder has the same parent. The builds get a copy of
    the executed notebook, because they change what they are given. The result has the same form as
    `run_lesson` in ``tools.build_site.build`` and ``tools.build_slides.build``."""
    import copy
    import hashlib

    import nbformat

    from tools.build_site import execute
    from tools.locks import held

    done: dict = {}
    base = tmp_path_factory.getbasetemp()
    shared = (base.parent if "PYTEST_XDIST_WORKER" in os.environ else base) / "static-lessons"

    def run_lesson(path: Path, binder: str):
        key = (Path(path).resolve(), binder)
        if key not in done:
            name = hashlib.sha256(f"{key[0]}\n{binder}".encode()).hexdigest()[:16]
            with held(shared / f"{name}.lock"):
                stored = shared / f"{name}.ipynb"
                if not stored.exists():
                    nbformat.write(execute(path, binder), stored)
                done[key] = nbformat.read(stored, as_version=4)
        return copy.deepcopy(done[key])

    return run_lesson
