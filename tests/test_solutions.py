"""Every folded solution runs: put in place of its stub, every checker of the lesson says "Correct".

A stub is a code cell that ends a function with ``return ...`` (or, in a lesson not yet
converted, raises NotImplementedError), or assigns ``...`` to a ``my_`` name; its solution
is the python block in the next markdown cell with a "Solution" summary. The lessons as
committed (stubs in place) are checked by nbval and test_notebooks.py; here each lesson is
executed again with the solutions in.
"""

import json
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
STUB = re.compile(r"raise NotImplementedError|^\s+return \.\.\.|^my_\w+ = \.\.\.", re.M)
SOLUTION = re.compile(r"<summary><b>Solution</b></summary>\s*```python\n(.*?)```", re.S)
CHECK = re.compile(r"^checks\.check_\w+\(", re.M)


def stubs_and_solutions(nb) -> list[tuple[int, str]]:
    """(index of the stub cell, the solution's code) for every stub of a lesson."""
    pairs = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code" or not STUB.search(cell.source):
            continue
        following = (c for c in nb.cells[i + 1 :] if c.cell_type == "markdown" and SOLUTION.search(c.source))
        solution = next(following, None)
        pairs.append((i, SOLUTION.search(solution.source).group(1) if solution else None))
    return pairs


def defined_name(source: str) -> str | None:
    match = re.search(r"^def (\w+)\(|^(my_\w+) =", source, re.M)
    return match and (match.group(1) or match.group(2))


def with_solutions(nb):
    """The lesson with each solution put in place of its stub (before a check in the same cell)."""
    for index, solution in stubs_and_solutions(nb):
        cell = nb.cells[index]
        check = CHECK.search(cell.source)
        cell.source = solution if check is None else solution + "\n" + cell.source[check.start() :]
    return nb


def checker_outputs(nb) -> list[str]:
    texts = []
    for cell in nb.cells:
        if cell.cell_type == "code" and CHECK.search(cell.source):
            texts.append("".join(o.get("data", {}).get("text/plain", "") for o in cell.outputs))
    return texts


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_stub_has_a_solution_that_defines_the_same_name(path):
    nb = nbformat.read(path, as_version=4)
    for index, solution in stubs_and_solutions(nb):
        assert solution is not None, f"cell {index} is a stub with no folded solution after it"
        assert defined_name(solution) == defined_name(nb.cells[index].source), solution


@pytest.mark.notebooks  # runs every lesson in a kernel
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_with_the_solutions_every_checker_says_correct(path):
    nb = with_solutions(nbformat.read(path, as_version=4))
    NotebookClient(nb, kernel_name="python3", timeout=120, resources={"metadata": {"path": str(path.parent)}}).execute()
    outputs = checker_outputs(nb)
    assert outputs, "a lesson with exercises has checker cells"
    for text in outputs:
        assert text.startswith("Correct"), text


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_as_committed_every_checker_says_not_attempted(path):
    nb = nbformat.read(path, as_version=4)
    assert stubs_and_solutions(nb), "every lesson has at least one exercise"
    for text in checker_outputs(nb):
        assert text.startswith("Not attempted yet"), text
    assert json.dumps(nb).count("Not attempted yet") >= len(stubs_and_solutions(nb))
