"""Shared test settings: deterministic hypothesis runs and a headless matplotlib.

matplotlib.use() switches this process only. Setting MPLBACKEND instead would leak
into the kernels nbval starts and make the notebooks' figures disappear.
"""

import sys
from pathlib import Path

import matplotlib
import pytest
from hypothesis import settings

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # so tests can import tools.labdriver

matplotlib.use("Agg")

settings.register_profile("course", deadline=None, max_examples=60, derandomize=True)
settings.load_profile("course")


def pytest_collection_modifyitems(items):
    """nbval's cells run a lesson in a kernel: give them the `notebooks` marker (declared in pyproject.toml)."""
    for item in items:
        if item.path.suffix == ".ipynb":
            item.add_marker(pytest.mark.notebooks)


@pytest.fixture(scope="session")
def static_lessons():
    """Run each lesson once in static-site mode for the whole session.

    The site's tests and the slides' tests both need every lesson executed in that mode. Each lesson
    takes a few seconds, so running them twice cost about 40 s of `make test`. The builds get a copy
    of the executed notebook, because they change what they are given. The result has the same form as
    `run_lesson` in ``tools.build_site.build`` and ``tools.build_slides.build``."""
    import copy

    from tools.build_site import execute

    done: dict = {}

    def run_lesson(path: Path, binder: str):
        key = (Path(path).resolve(), binder)
        if key not in done:
            done[key] = execute(path, binder)
        return copy.deepcopy(done[key])

    return run_lesson
