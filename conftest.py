"""The course package's doctests (course/) read the lessons of this checkout, given to them as `notebooks`."""

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _lessons_folder(doctest_namespace: dict) -> None:
    doctest_namespace["notebooks"] = Path(__file__).resolve().parent / "notebooks"
