"""A lesson's class editions, made from its own cells: the student and the instructor edition.

The committed lesson is the **learner edition**: stubs to fill in, hints and solutions folded
under them. Two more are made from it, as notebook JSON (this module reads and writes dicts,
no display code; ``tools/build_kit.py`` executes and writes them):

- the **student edition** (:func:`student_edition`): no folded solutions, and the outputs of
  the predict-then-check cells (:data:`posenc.lessons.PREDICT`) cleared, so that nothing is
  answered before the student runs it; everything else as committed;
- the **instructor edition** (:func:`instructor_edition`): each solution in place of its stub
  (:func:`with_solutions`), and each instructor note shown under the cell that carries it;
- the **graded edition** (:func:`graded_edition`), an nbgrader source notebook: each exercise a
  solution cell (its solution between nbgrader's markers) and each check an autograded test cell
  that calls the course's own checker and fails with its message.

**Instructor notes** live in a cell's metadata, ``metadata["posenc"]["instructor"]``, which no
front end shows: on the heading cell of a section (timing, what to ask, where students
stall) or on a deliberate error's cell (why it is there). A note cites a checker's known
mistake as ``{check_name:mistake-id}``; the instructor edition writes out that mistake's
hint from the checker's registry (:data:`posenc.checks.CHECKERS`), so a note never drifts
from what students will read.

Examples
--------
>>> cell = {"cell_type": "markdown", "metadata": {"posenc": {"instructor": "Ask: why?"}}, "source": "## A · 1 min"}
>>> note_of(cell)
'Ask: why?'
>>> expand_note("Watch for {check_attention:unscaled}")
'Watch for “Scale the scores: divide q @ k.T by sqrt(d_head) before the softmax.” (check_attention, unscaled)'
"""

from __future__ import annotations

import copy
import re

from posenc.lessons import PREDICT, cell_source

__all__ = [
    "NOTE_KEY",
    "NOTE_HEAD",
    "note_of",
    "cited_mistakes",
    "expand_note",
    "stubs_and_solutions",
    "with_solutions",
    "student_edition",
    "instructor_edition",
    "graded_edition",
    "QUIZ",
    "hint_args",
]

#: Where a note lives: ``cell["metadata"]["posenc"][NOTE_KEY]``.
NOTE_KEY = "instructor"
#: How the instructor edition starts a note's cell.
NOTE_HEAD = "> **Instructor note.**"

STUB = re.compile(r"raise NotImplementedError|^\s+return \.\.\.|^my_\w+ = \.\.\.", re.M)
SOLUTION = re.compile(r"<summary><b>Solution</b></summary>\s*```python\n(.*?)```", re.S)
_FOLDED_SOLUTION = re.compile(r"\n*<details><summary><b>Solution</b></summary>.*?</details>", re.S)
_CHECK = re.compile(r"^checks\.check_\w+\(", re.M)
_CITE = re.compile(r"\{(check_\w+):([\w-]+)\}")


def note_of(cell: dict) -> str | None:
    """The instructor note a cell carries, or None."""
    note = cell.get("metadata", {}).get("posenc", {}).get(NOTE_KEY)
    return note.strip() if isinstance(note, str) and note.strip() else None


def cited_mistakes(note: str) -> list[tuple[str, str]]:
    """The (checker, mistake id) pairs a note cites."""
    return _CITE.findall(note)


def expand_note(note: str, args: dict[str, dict[str, int]] | None = None) -> str:
    """The note with each cited mistake written out as its hint; a ``KeyError`` names a citation that does not exist.

    `args` gives, per checker, the values its hints' placeholders take in this lesson (``check_wavelength``'s
    ``{pair}``, say), as the checker fills them in for the student."""
    from posenc.checks import CHECKERS  # headless: the checkers load no display code

    def hint(found: re.Match[str]) -> str:
        checker, mistake = found.group(1), found.group(2)
        if checker not in CHECKERS or mistake not in CHECKERS[checker].mistakes:
            raise KeyError(f"the note cites {found.group(0)}, which no checker's registry has.")
        said = CHECKERS[checker].mistakes[mistake]
        if checker in (args or {}) and "{" in said:
            said = said.format(**(args or {})[checker])
        return f"“{said}” ({checker}, {mistake})"

    return _CITE.sub(hint, note)


def stubs_and_solutions(cells: list[dict]) -> list[tuple[int, str | None]]:
    """(index of the stub cell, its solution's code) for every stub: a code cell that ends a function with
    ``return ...`` (or assigns ``...`` to a ``my_`` name); its solution is the python block of the next
    markdown cell with a "Solution" summary (None if there is none)."""
    pairs: list[tuple[int, str | None]] = []
    for i, cell in enumerate(cells):
        if cell.get("cell_type") != "code" or not STUB.search(cell_source(cell)):
            continue
        following = (c for c in cells[i + 1 :] if c.get("cell_type") == "markdown" and SOLUTION.search(cell_source(c)))
        solution = next(following, None)
        found = SOLUTION.search(cell_source(solution)) if solution else None
        pairs.append((i, found.group(1) if found else None))
    return pairs


def with_solutions(notebook: dict) -> dict:
    """A copy of the notebook with each solution in place of its stub (a check in the same cell is kept)."""
    out = copy.deepcopy(notebook)
    for index, solution in stubs_and_solutions(out["cells"]):
        if solution is None:
            raise ValueError(f"cell {index} is a stub with no folded solution after it.")
        cell = out["cells"][index]
        check = _CHECK.search(cell_source(cell))
        cell["source"] = solution if check is None else solution + "\n" + cell_source(cell)[check.start() :]
        cell["outputs"], cell["execution_count"] = [], None
    return out


def student_edition(notebook: dict) -> dict:
    """A copy for a class: the folded solutions and the instructor notes removed, the predict-then-check cells'
    outputs cleared."""
    out = copy.deepcopy(notebook)
    for cell in out["cells"]:
        if cell.get("cell_type") == "markdown" and SOLUTION.search(cell_source(cell)):
            cell["source"] = _FOLDED_SOLUTION.sub("", cell_source(cell)).rstrip("\n")
        if PREDICT in cell.get("metadata", {}).get("tags", []):
            cell["outputs"], cell["execution_count"] = [], None
        posenc_meta = cell.get("metadata", {}).get("posenc", {})
        posenc_meta.pop(NOTE_KEY, None)  # a note may hold quiz keys: not in a class's copy, even as metadata
        if not posenc_meta:
            cell.get("metadata", {}).pop("posenc", None)
    out["cells"] = [c for c in out["cells"] if cell_source(c).strip() or c.get("cell_type") == "code"]
    return out


#: A cell that shows a quiz: ``widgets.quiz("02-fastest")``.
QUIZ = re.compile(r"widgets\.quiz\(\"([^\"]+)\"\)")
_PAIR = re.compile(r"checks\.check_wavelength\(\w+, pair=(\d+)")


def hint_args(cells: list[dict]) -> dict[str, dict[str, int]]:
    """The values the lesson's checkers fill their hints' placeholders with (``check_wavelength``'s pair), by checker."""
    pair = next((int(m.group(1)) for c in cells if (m := _PAIR.search(cell_source(c)))), None)
    return {"check_wavelength": {"pair": pair, "column": 2 * pair, "column_after": 2 * pair + 1}} if pair else {}


def _quiz_key(cell: dict) -> str | None:
    """The answer key of the quiz a code cell shows, as a note: the right option's letter and text."""
    found = QUIZ.search(cell_source(cell)) if cell.get("cell_type") == "code" else None
    if found is None:
        return None
    from posenc.checks.questions import question  # the one reader of the question bank

    right = next(o for o in question(found.group(1), "mcq")["options"] if o["correct"])
    return f"Quiz `{found.group(1)}`: the answer is **{right['key']}**, “{right['text']}”"


def instructor_edition(notebook: dict) -> dict:
    """A copy for the instructor, to execute: solutions in place of the stubs, every note shown under its cell,
    and the answer key under every quiz."""
    out = with_solutions(notebook)
    args = hint_args(out["cells"])
    cells: list[dict] = []
    for cell in out["cells"]:
        cells.append(cell)
        note = note_of(cell)
        for suffix, text in (("note", expand_note(note, args) if note else None), ("key", _quiz_key(cell))):
            if text is None:
                continue
            note_cell = {"cell_type": "markdown", "metadata": {}, "source": f"{NOTE_HEAD} {text}"}
            if "id" in cell:  # nbformat 4.5: every cell has an id of its own
                note_cell["id"] = f"{cell['id']}-{suffix}"[:64]
            cells.append(note_cell)
    out["cells"] = cells
    return out


#: The nbgrader metadata schema the graded edition writes.
NBGRADER_SCHEMA = 3
_LAST_DEF = re.compile(r"\A(?P<head>(?:.*\n)*?)(?P<def>def \w+\(.*\):[^\n]*\n)(?P<body>(?:(?:[ \t]+[^\n]*)?\n?)+)\Z")
_CHECK_CALL = re.compile(r"^checks\.(check_\w+)\((\w+)(.*)$", re.M)


def _solution_region(solution: str) -> str:
    """The solution with nbgrader's markers: around the body of a function it ends with, else around all of it."""
    found = _LAST_DEF.match(solution.rstrip("\n") + "\n")
    if found and not found.group("head").strip().startswith("def "):
        body = found.group("body").rstrip("\n")
        indent = body[: len(body) - len(body.lstrip(" \t"))] or "    "
        return f"{found.group('head')}{found.group('def')}{indent}### BEGIN SOLUTION\n{body}\n{indent}### END SOLUTION"
    return f"### BEGIN SOLUTION\n{solution.rstrip()}\n### END SOLUTION"


def _test_source(call: re.Match[str]) -> str:
    """An autograded test: the course's checker, which must pass, on an answer that is not posenc's own."""
    checker, answer = call.group(1), call.group(2)
    return (
        f"result = checks.{checker}({answer}{call.group(3)}  # the course's own checker\n"
        "print(result)\n"
        f'assert not str(getattr({answer}, "__module__", "")).startswith("posenc"), '
        '"you handed in the course\'s own function: write your own"\n'
        "assert result.passed, result.message"
    )


def graded_edition(notebook: dict, lesson: str) -> dict:
    """An nbgrader source notebook: solution cells (solutions between markers), autograded check cells.

    `lesson` names the cells' grade ids (``"01"`` gives ``01-my_attention`` and ``01-my_attention-check``).
    The other cells are as in the student edition: no folded solutions, the predict-then-check outputs cleared.
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
        guide = [f"# {line}".rstrip() for line in _CHECK.split(cell_source(stub))[0].rstrip().splitlines()]
        stub["source"] = "# The exercise as the lesson gives it (its comments are your map):\n" + "\n".join(guide)
        stub["source"] += "\n\n" + _solution_region(solution)
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
    return student_edition(out)  # and, as for a class, no folded solutions and no predict answers shown
