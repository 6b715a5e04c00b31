"""A lesson's class editions, made from its own cells: the student and the instructor edition.

The committed lesson is the **learner edition**: stubs to fill in, hints and solutions folded
under them. Two more are made from it, as notebook JSON (this module reads and writes dicts,
no display code; ``tools/build_kit.py`` executes and writes them):

- the **student edition** (:func:`student_edition`): no folded solutions, and the outputs of
  the predict-then-check cells (:data:`posenc_course.lessons.PREDICT`) cleared, so that nothing is
  answered before the student runs it; everything else as committed;
- the **instructor edition** (:func:`instructor_edition`): each solution in place of its stub
  (:func:`with_solutions`), and each instructor note shown under the cell that carries it;
- the **graded edition** (:func:`posenc_course.graded.graded_edition`), an nbgrader source notebook: each
  exercise a solution cell and each check an autograded test cell calling the course's own checker.

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
import html
import json
import re
from collections.abc import Mapping

from posenc_course.lessons import CLASS_MINUTES, PREDICT, cell_source

__all__ = [
    "NOTE_KEY",
    "NOTE_HEAD",
    "note_of",
    "spoken_note",
    "cited_mistakes",
    "expand_note",
    "stubs_and_solutions",
    "with_solutions",
    "student_edition",
    "COURSE_KERNEL",
    "with_course_kernel",
    "class_question",
    "prune_widget_state",
    "instructor_edition",
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
#: A Think! question's folded model answer, in a lesson's markdown.
_FOLDED_ANSWER = re.compile(r"\n*<details><summary><b>Model answers?</b></summary>.*?</details>", re.S)
_CHECK = re.compile(r"^checks\.check_\w+\(", re.M)
_CITE = re.compile(r"\{(check_\w+):([\w-]+)\}")


def note_of(cell: dict) -> str | None:
    """The instructor note a cell carries, or None."""
    note = cell.get("metadata", {}).get("posenc", {}).get(NOTE_KEY)
    return note.strip() if isinstance(note, str) and note.strip() else None


def spoken_note(cell: dict, args: dict[str, dict[str, int]] | None = None) -> str | None:
    """What the instructor reads under a cell (the instructor edition, the slides' speaker notes): the section's
    class minutes, where its heading states them (the run sheets' number), then its note, each cited mistake
    written out (:func:`expand_note`); None if there is neither.

    Examples
    --------
    >>> spoken_note({"metadata": {"posenc": {"class_minutes": 6, "instructor": "Ask: why?"}}})
    '*In class: about 6 min at the projector.* Ask: why?'
    """
    minutes = cell.get("metadata", {}).get("posenc", {}).get(CLASS_MINUTES)
    note = note_of(cell)
    parts = [
        f"*In class: about {minutes} min at the projector.*" if minutes else "",
        expand_note(note, args) if note else "",
    ]
    return " ".join(part for part in parts if part) or None


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


#: The kernel a class's editions ask for: a name of the course's own, so that on a shared hub the course's
#: kernel sits beside every other course's ``python3`` instead of replacing it (the guide's hub recipe
#: registers it under this name). Where no kernel has this name (Binder, a laptop, Colab), JupyterLab starts
#: the one kernel of the same language, as it does for any notebook whose kernel it lacks.
COURSE_KERNEL = {"name": "posenc", "display_name": "Python 3 (posenc course)", "language": "python"}

#: A cell that shows a question: ``widgets.quiz("02-fastest")`` or ``widgets.recall("02-why-even")``.
_ASKS = re.compile(r"widgets\.(quiz|recall)\(\"([^\"]+)\"\)")
_VIEW = "application/vnd.jupyter.widget-view+json"
_STATE = "application/vnd.jupyter.widget-state+json"


def class_question(kind: str, question_id: str) -> dict:
    """What a class's copy shows of a quiz (``kind`` "quiz") or a recall prompt before it is run: the question
    and its options as an output, with no feedback, no right option and no model answer."""
    from posenc.checks.questions import question  # the one reader of the question bank; headless

    q = question(question_id, "mcq" if kind == "quiz" else "recall")
    head = f"<p><b>{'Quiz' if kind == 'quiz' else 'Recall'}.</b> {html.escape(q['prompt'])}</p>"
    lines = [f"{'Quiz' if kind == 'quiz' else 'Recall'}. {q['prompt']}"]
    if kind == "quiz":
        head += "<ul style='list-style:none'>"
        head += "".join(f"<li><b>{o['key']}</b>. {html.escape(o['text'])}</li>" for o in q["options"]) + "</ul>"
        lines += [f"{o['key']}. {o['text']}" for o in q["options"]]
        said = "Decide on your answer; run this cell in the notebook to check it."
    else:
        said = "Write your answer in your own words; run this cell in the notebook to compare it with the model answer."
    return {
        "output_type": "display_data",
        "metadata": {},
        "data": {"text/html": f"{head}<p><i>{said}</i></p>", "text/plain": "\n".join([*lines, said])},
    }


def prune_widget_state(notebook: dict) -> None:
    """Keep only the saved widget models the notebook's outputs show, what they contain, and the links between
    them (a kernel saves every model it ever opened: a hidden model answer among them)."""
    saved = notebook.get("metadata", {}).get("widgets", {}).get(_STATE)
    if not saved:
        return
    state = saved["state"]
    keep = {
        output["data"][_VIEW]["model_id"]
        for cell in notebook["cells"]
        for output in cell.get("outputs", [])
        if _VIEW in output.get("data", {})
    }
    todo = list(keep)
    refers = r'IPY_MODEL_([0-9a-f]+)|"model_id": "([0-9a-f]+)"'  # children, layouts, styles; an Output's views
    while todo:
        for found in (a or b for a, b in re.findall(refers, json.dumps(state.get(todo.pop(), {})))):
            if found in state and found not in keep:
                keep.add(found)
                todo.append(found)
    for model_id, model in state.items():  # links refer to their ends, and nothing refers to them
        ends = set(re.findall(r"IPY_MODEL_([0-9a-f]+)", json.dumps(model)))
        if model["model_name"] in ("LinkModel", "DirectionalLinkModel") and ends and ends <= keep:
            keep.add(model_id)
    saved["state"] = {model_id: model for model_id, model in state.items() if model_id in keep}


def _relink(value: object, links: Mapping[str, str]) -> object:
    """`value` (a cell's source, an output, a widget's state) with every link of `links` replaced."""
    if not links:
        return value
    text = json.dumps(value)
    for old in sorted(links, key=len, reverse=True):  # a lesson's link before any shorter one it starts with
        text = text.replace(json.dumps(old)[1:-1], json.dumps(links[old])[1:-1])
    return json.loads(text)


#: The student edition's fold for the paragraph right after a predict-then-check cell, which says what it showed.
AFTER_PREDICTING = (
    '<details class="after-predicting"><summary><b>After you have run the cell above</b>: what it shows</summary>'
    "\n\n{text}\n\n</details>"
)


def student_edition(notebook: dict, links: Mapping[str, str] | None = None, *, clear_predictions: bool = True) -> dict:
    """A copy for a class: no folded solutions, no folded model answers under a Think!, no instructor notes, no
    quiz feedback or model answers (each
    quiz and recall cell shows its question alone until it is run, and the saved widgets that held them are
    dropped), the predict-then-check cells' outputs cleared and the paragraph right after each folded
    (:data:`AFTER_PREDICTING`: it says what the cell showed), and each link of `links` (the learner edition's
    Binder and Colab links) replaced by its value (the same lesson on the class's branch).

    `clear_predictions` False keeps the predictions' outputs: the static student site, which has no kernel to
    run them, shows them."""
    out = copy.deepcopy(notebook)
    for cell in out["cells"]:
        if cell.get("cell_type") == "markdown" and (
            SOLUTION.search(cell_source(cell)) or _FOLDED_ANSWER.search(cell_source(cell))
        ):
            cell["source"] = _FOLDED_ANSWER.sub("", _FOLDED_SOLUTION.sub("", cell_source(cell))).rstrip("\n")
        if clear_predictions and PREDICT in cell.get("metadata", {}).get("tags", []):
            cell["outputs"], cell["execution_count"] = [], None
        asks = _ASKS.search(cell_source(cell)) if cell.get("cell_type") == "code" else None
        if asks and cell.get("outputs"):
            cell["outputs"], cell["execution_count"] = [class_question(asks.group(1), asks.group(2))], None
        posenc_meta = cell.get("metadata", {}).get("posenc", {})
        posenc_meta.pop(NOTE_KEY, None)  # a note may hold quiz keys: not in a class's copy, even as metadata
        if not posenc_meta:
            cell.get("metadata", {}).pop("posenc", None)
    out["cells"] = [c for c in out["cells"] if cell_source(c).strip() or c.get("cell_type") == "code"]
    for before, cell in zip(out["cells"], out["cells"][1:], strict=False):
        if PREDICT in before.get("metadata", {}).get("tags", []) and cell.get("cell_type") == "markdown":
            if not cell_source(cell).startswith("#"):  # a heading starts the next section: never folded
                cell["source"] = AFTER_PREDICTING.format(text=cell_source(cell).strip("\n"))
    prune_widget_state(out)
    out["cells"] = _relink(out["cells"], links or {})
    if "metadata" in out and "widgets" in out["metadata"]:
        out["metadata"]["widgets"] = _relink(out["metadata"]["widgets"], links or {})
    return out


def with_course_kernel(notebook: dict) -> dict:
    """A copy that asks for the course's own kernel (:data:`COURSE_KERNEL`) instead of ``python3``."""
    out = copy.deepcopy(notebook)
    out.setdefault("metadata", {})["kernelspec"] = dict(COURSE_KERNEL)
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
        for suffix, text in (("note", spoken_note(cell, args)), ("key", _quiz_key(cell))):
            if text is None:
                continue
            note_cell = {"cell_type": "markdown", "metadata": {}, "source": f"{NOTE_HEAD} {text}"}
            if "id" in cell:  # nbformat 4.5: every cell has an id of its own
                note_cell["id"] = f"{cell['id']}-{suffix}"[:64]
            cells.append(note_cell)
    out["cells"] = cells
    return out
