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
