"""Every stub has its folded solution, and the lessons as committed wait for the learner.

A stub is a code cell that ends a function with ``return ...`` (or, in a lesson not yet
converted, raises NotImplementedError), or assigns ``...`` to a ``my_`` name; its solution
is the python block in the next markdown cell with a "Solution" summary. The lessons as
committed (stubs in place) are checked by nbval and test_notebooks.py. The solutions are run
once, in the instructor edition that ``make kit`` builds (tests/test_kit.py): there every
checker must say "Correct".
"""

import json
import re
from pathlib import Path

import nbformat
import pytest

from posenc_course import editions
from tools.build_kit import checker_outputs

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def stubs_and_solutions(nb):
    return editions.stubs_and_solutions(nb.cells)


def defined_name(source: str) -> str | None:
    match = re.search(r"^def (\w+)\(|^(my_\w+) =", source, re.M)
    return match and (match.group(1) or match.group(2))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_stub_has_a_solution_that_defines_the_same_name(path):
    nb = nbformat.read(path, as_version=4)
    for index, solution in stubs_and_solutions(nb):
        assert solution is not None, f"cell {index} is a stub with no folded solution after it"
        assert defined_name(solution) == defined_name(nb.cells[index].source), solution


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_as_committed_every_checker_says_not_attempted(path):
    nb = nbformat.read(path, as_version=4)
    assert stubs_and_solutions(nb), "every lesson has at least one exercise"
    for text in checker_outputs(nb):
        assert text.startswith("Not attempted yet"), text
    assert json.dumps(nb).count("Not attempted yet") >= len(stubs_and_solutions(nb))
