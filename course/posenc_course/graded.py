"""The graded edition of a lesson: an nbgrader source notebook made from its own cells.

Each exercise becomes a solution cell (its solution between nbgrader's markers, the lesson's scaffolding kept)
and each check an autograded test cell that calls the course's own checker, prints its message and ends with
its points (nbgrader's partial credit: a test never raises, so Run All reaches the end); every other cell
is as in the student edition (:func:`posenc_course.editions.student_edition`). Dicts in, dicts out: no display
code, no nbgrader import (``tools/build_kit.py`` writes the notebooks, nbgrader reads them).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping

from posenc_course.editions import _CHECK, stubs_and_solutions, student_edition
from posenc_course.lessons import cell_source

__all__ = ["CODE_STUB", "NBGRADER_SCHEMA", "graded_edition"]

#: The nbgrader metadata schema the graded edition writes.
NBGRADER_SCHEMA = 3
#: What the release shows where the source has a solution (nbgrader's ``ClearSolutions.code_stub``, which the
#: graded folder's configuration sets): a line, not nbgrader's default ``raise NotImplementedError()``, so the
#: lesson's scaffolding around it runs, and an unfinished exercise is the student edition's, checked "Not attempted".
CODE_STUB = "# YOUR CODE HERE: fill in each ... of the exercise"
#: The graded edition's nbgrader course id (its nbgrader_config.py; a class hub's global nbgrader config repeats it).
COURSE_ID = "posenc"
_LAST_DEF = re.compile(r"\A(?P<head>(?:.*\n)*?)(?P<def>def \w+\(.*\):[^\n]*\n)(?P<body>(?:(?:[ \t]+[^\n]*)?\n?)+)\Z")
_CHECK_CALL = re.compile(r"^checks\.(check_\w+)\((\w+)(.*)$", re.M)


def _solution_region(stub: str, solution: str) -> str:
    """The exercise's cell: the solution between nbgrader's markers and the lesson's scaffolding kept, so that the
    release (where ``nbgrader generate_assignment`` puts :data:`CODE_STUB` in place of the markers' region) shows
    the student edition's exercise as it is.

    A function: its definition line, the solution's body between the markers, then the scaffolding's body, which
    the solution's ``return`` leaves unreached in the source. Anything else: the scaffolding, then the solution
    between the markers, which replaces its values."""
    found = _LAST_DEF.match(solution.rstrip("\n") + "\n")
    scaffold = _LAST_DEF.match(stub.rstrip("\n") + "\n")
    if found and scaffold and not found.group("head").strip().startswith("def "):
        body = found.group("body").rstrip("\n")
        indent = body[: len(body) - len(body.lstrip(" \t"))] or "    "
        return (
            f"{scaffold.group('head')}{scaffold.group('def')}{indent}### BEGIN SOLUTION\n{body}\n{indent}### END SOLUTION\n"
            + scaffold.group("body").rstrip()
        )
    return f"{stub.rstrip()}\n### BEGIN SOLUTION\n{solution.rstrip()}\n### END SOLUTION"


def _test_source(call: re.Match[str]) -> str:
    """An autograded test: the course's checker on the student's answer (not posenc's own function), whose last
    line is the test's points, 1.0 or 0.0. nbgrader gives a test cell whose result is a number that many points
    (its partial credit), so a test never raises: Run All goes on past an unfinished exercise, as lesson 00
    promises of every check cell, and autograde still gives it 0."""
    checker, answer = call.group(1), call.group(2)
    return (
        f"result = checks.{checker}({answer}{call.group(3)}  # the course's own checker\n"
        f'own = str(getattr({answer}, "__module__", "")).startswith("posenc")  # the course\'s own function?\n'
        'print("You handed in the course\'s own function: write your own." if own else result)\n'
        "float(result.passed and not own)  # this test's points: 1.0 when the check passes, else 0.0"
    )


def graded_edition(notebook: dict, lesson: str, links: Mapping[str, str] | None = None) -> dict:
    """An nbgrader source notebook: solution cells (solutions between markers), autograded check cells.

    `lesson` names the cells' grade ids (``"01"`` gives ``01-my_attention`` and ``01-my_attention-check``).
    The other cells are as in the student edition: no folded solutions, no answers, the predict-then-check outputs
    cleared, and each link of `links` (the learner edition's Binder and Colab links) replaced by its value.
    """
    out = copy.deepcopy(notebook)
    cells = out["cells"]
    for index, solution in reversed(stubs_and_solutions(cells)):
        if solution is None:
            raise ValueError(f"cell {index} is a stub with no folded solution after it.")
        stub = cells[index]
        name = _CHECK_CALL.search(cell_source(stub)) or next(
            (_CHECK_CALL.search(cell_source(c)) for c in cells[index + 1 :] if _CHECK_CALL.search(cell_source(c))), None
        )
        if name is None:
            raise ValueError(f"cell {index} is a stub that no checks.check_...(answer) call checks.")
        grade_id = f"{lesson}-{name.group(2)}"
        stub["source"] = _solution_region(_CHECK.split(cell_source(stub))[0], solution)
        stub["outputs"], stub["execution_count"] = [], None
        stub.setdefault("metadata", {})["nbgrader"] = {
            "grade": False,
            "grade_id": grade_id,
            "locked": False,
            "schema_version": NBGRADER_SCHEMA,
            "solution": True,
            "task": False,
        }
        test: dict[str, object] = {
            "cell_type": "code",
            "execution_count": None,
            "outputs": [],
            "source": _test_source(name),
            "metadata": {
                "nbgrader": {
                    "grade": True,
                    "grade_id": f"{grade_id}-check",
                    "locked": True,
                    "points": 1,
                    "schema_version": NBGRADER_SCHEMA,
                    "solution": False,
                    "task": False,
                }
            },
        }
        if "id" in stub:
            test["id"] = f"{stub['id']}-check"[:64]
        later = [i for i in range(index + 1, len(cells)) if _CHECK_CALL.search(cell_source(cells[i]))]
        if _CHECK_CALL.search(cell_source(notebook["cells"][index])) is None and later:
            cells[later[0]] = {
                **test,
                "id": cells[later[0]].get("id", test.get("id")),
            }  # the check cell becomes the test
        else:
            cells.insert(index + 1, test)
    return student_edition(out, links)  # and, as for a class, no folded solutions and no answers shown
