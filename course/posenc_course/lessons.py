"""The lessons' own metadata, read from the notebooks: one format, one parser (no display code).

Everything the README and lesson-00 maps, the static site, the tests and the teaching kit
need to know about a lesson is written in the lesson itself, in the form a learner reads:

- **The title cell** (the first cell, markdown)::

      # 02 · Build the sinusoidal position table

      *Core 35–51 min, all 45–66 min (estimates). Needs: lesson 01 (...); sine and cosine.*

      **In this lesson:** try the obvious encodings and see them fail; build the table ...

      **By the end you will be able to**
      - build the table ...
      - ...

  The number and title; the core and full times, each a range around the sum of the sections'
  minutes (:func:`estimate_range`: from 0.85 to 1.25 times it, so high ≤ 1.5 × low); what the
  lesson assumes; a one-sentence promise (the maps' description); the objectives.
- **Sections**: every ``## `` heading ends with ``· N min``. A heading that starts with
  ``Going further (optional):`` is optional; every other one is core, and the core reads on its
  own. A section runs from its heading to the next ``## `` heading.
- **Words you need**: a markdown cell (or the end of one) that starts ``**Words you need**``
  and lists ``- **term**: definition.`` lines. Each term and its definition are also in the
  course glossary, ``docs/glossary.md``, word for word (``tests/test_lessons.py``).
- **The setup cell**: every lesson's first code cell is :data:`SETUP_CODE`, word for word. Outside
  Colab it installs nothing: where the course is not installed it says, in one sentence, what to
  install. In Colab (``google.colab`` loaded) it installs the course from its repository
  (``tools/gen_links.py`` writes the URL) and says whether the session must restart.
- **Deliberate errors** run inside ``with checks.expect_error():``, which prints the error instead
  of stopping the lesson (front ends that ignore cell tags run on).
- **Predict, then check**: a markdown cell that holds ``**Predict, then check.**`` asks for a
  guess; the code cell right after it, which shows the answer, is tagged ``posenc-predict``
  (:data:`PREDICT`), so that a class edition can clear its output. One to three per lesson from
  lesson 01 on (``tests/test_lessons.py``).
- **Class minutes**: a section a run sheet frames at the projector states how long that takes in its
  heading cell's ``metadata["posenc"]["class_minutes"]`` (:data:`CLASS_MINUTES`); the run sheets, the
  instructor edition's notes and the slides' speaker notes all print that one number.
- **Framings**: a section a run sheet uses carries, in the same place, ``metadata["posenc"]["framing"]``
  (:data:`FRAMING`): ``{"idea": ..., "figure": ..., "question": ...}``, the one sentence the lecturer
  says, the id of the cell the room looks at (its output, or its code when it has none, as for an
  exercise; ``null`` for none) and the question put to the room. The lecture slides show the framings
  (``tools/build_slides.py``); nothing counts them in minutes.
- **The recap**: the lesson that revisits the whole course (its quizzes revisit the misconceptions the other
  lessons met, so it has no box of its own) says so in its title cell's metadata, ``"posenc": {"recap":
  true}`` (:data:`RECAP`); tools and tests find it by this flag, never by its number.
- **Cell tags** (a cell's ``metadata.tags``): ``raises-exception`` marks an error left to raise;
  tags that start with ``posenc-`` are reserved for the teaching kit (predict-then-check cells,
  and later instructor notes and slide breaks), read with :meth:`Lesson.tagged`.

Minutes are estimates from a stated method (:func:`posenc_course.reading_time.estimate_minutes`); the
tests hold each section's stated minutes within 25% of it (or 1 minute, for short sections).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

__all__ = [
    "Lesson",
    "Section",
    "read_lesson",
    "read_lessons",
    "read_glossary",
    "cell_source",
    "title_and_times",
    "estimate_range",
    "OPTIONAL",
    "SETUP_CODE",
    "PREDICT",
    "PREDICT_PROMPT",
    "CLASS_MINUTES",
    "FRAMING",
    "RECAP",
    "Framing",
    "number_span",
]

#: How an optional section's heading starts.
OPTIONAL = "Going further (optional):"

#: The tag of a predict-then-check cell: the code cell that shows the answer to a guess.
PREDICT = "posenc-predict"
#: Where a section's class minutes live: its heading cell's ``metadata["posenc"][CLASS_MINUTES]``.
CLASS_MINUTES = "class_minutes"
#: Where a section's framing for the lecture slides lives: its heading cell's ``metadata["posenc"][FRAMING]``.
FRAMING = "framing"
#: The flag of the course's recap: its title cell's ``metadata["posenc"][RECAP]`` is true.
RECAP = "recap"
#: How the markdown cell before it starts.
PREDICT_PROMPT = "**Predict, then check.**"

#: The first code cell of every lesson.
SETUP_CODE = """\
import importlib.util
import sys

if "google.colab" in sys.modules and importlib.util.find_spec("posenc") is None:
    # in Colab only, and only once: install the course with its widget extra (tools/gen_links.py writes its URL)
    import subprocess
    from importlib.metadata import version

    course = "git+https://github.com/OWNER/REPO"
    names = [name for name in ("numpy", "matplotlib", "ipywidgets") if name in sys.modules]
    loaded = {name: sys.modules[name].__version__ for name in names}
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", f"posenc[notebooks] @ {course}"], check=True)
    changed = [f"{name} {was} -> {version(name)}" for name, was in loaded.items() if version(name) != was]
    if changed:
        raise RuntimeError(
            f"The course is installed, and it changed {', '.join(changed)}, already loaded in this session: "
            "restart the session (Runtime > Restart session), then run this cell again."
        )
    print("The course is installed; no restart is needed.")
try:  # the course's helper package and what its figures need (outside Colab this cell installs nothing)
    import matplotlib.pyplot as plt
    import numpy as np

    import posenc
    from posenc import analysis, checks, plotting, widgets
except ModuleNotFoundError as missing:
    raise ModuleNotFoundError(
        f"{missing.name} is not installed in this kernel: install the course with its widget extra "
        '(pip install -e ".[notebooks]" in its folder; lesson 00 says more), then restart the kernel.'
    ) from None
if "google.colab" in sys.modules:  # Colab shows widgets from outside its own set only when asked
    from google.colab import output

    output.enable_custom_widget_manager()
%matplotlib inline
widgets.sharp_figures()  # figures with twice the pixels, for HiDPI screens and projectors"""

_TITLE = re.compile(r"^# (\d\d) · (.+)$", re.M)
_TIMES = re.compile(r"^\*Core (\d+)–(\d+) min, all (\d+)–(\d+) min \(estimates\)\. Needs: (.+?)\*\s*$", re.M)
_PROMISE = re.compile(r"^\*\*In this lesson:\*\* (.+)$", re.M)
_OBJECTIVES = re.compile(r"^\*\*By the end (?:of this notebook )?you will be able to\*\*\n((?:- .+\n?)+)", re.M)
#: A section heading: ``## Title · N min`` (an optional one's title starts with :data:`OPTIONAL`).
HEADING = re.compile(r"^## (.+?) · (\d+) min\s*$")
_WORDS = re.compile(r"^\*\*Words you need\*\*\s*\n((?:- \*\*.+?\*\*: .+\n?)+)", re.M)
_TERM = re.compile(r"^- \*\*(.+?)\*\*: (.+)$", re.M)


@dataclass(frozen=True)
class Framing:
    """How a lecturer frames a section at the projector: the idea in a sentence, the cell to show (its id, or
    None) and the question for the room."""

    idea: str
    figure: str | None
    question: str


@dataclass(frozen=True)
class Section:
    """One ``## `` section of a lesson: its title, stated minutes, whether optional, and its cells.

    `class_minutes` is the section's time at the projector when a run sheet frames it in class (its heading
    cell's ``metadata["posenc"]["class_minutes"]``), or None where the lesson states none."""

    title: str
    minutes: int
    optional: bool
    cells: tuple[dict, ...] = field(repr=False)
    class_minutes: int | None = None
    framing: Framing | None = None

    def figure_cell(self) -> dict | None:
        """The cell the framing shows, or None."""
        if self.framing is None or self.framing.figure is None:
            return None
        return next(c for c in self.cells if c.get("id") == self.framing.figure)


@dataclass(frozen=True)
class Lesson:
    """A lesson as its notebook states it.

    Attributes
    ----------
    path : Path
    number : str
        ``"02"``.
    title : str
    core_minutes, all_minutes : int
        The sums of the core sections' minutes and of all sections' minutes.
    core_range, all_range : tuple of int
        The ranges the title cell states.
    needs : str
        What the lesson assumes.
    promise : str
        The one-sentence description the maps show.
    objectives : tuple of str
    sections : tuple of Section
    terms : dict of str to str
        Every term of the lesson's "Words you need" boxes, with its definition.
    cells : tuple of dict
        The notebook's cells, as JSON.
    recap : bool
        Whether this is the course's recap (its title cell's metadata says so: :data:`RECAP`).
    """

    path: Path
    number: str
    title: str
    core_minutes: int
    all_minutes: int
    core_range: tuple[int, int]
    all_range: tuple[int, int]
    needs: str
    promise: str
    objectives: tuple[str, ...]
    sections: tuple[Section, ...] = field(repr=False)
    terms: dict[str, str] = field(repr=False)
    cells: tuple[dict, ...] = field(repr=False)
    recap: bool = False

    def tagged(self, tag: str) -> list[dict]:
        """The cells that carry `tag` in their metadata."""
        return [c for c in self.cells if tag in c.get("metadata", {}).get("tags", [])]


def cell_source(cell: dict) -> str:
    """A notebook cell's source as one string (nbformat's JSON may hold it as a list of lines)."""
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def title_and_times(first_cell: str) -> tuple[str, tuple[int, int], tuple[int, int]] | None:
    """The title and the core and full time ranges a title cell states, or None where it states none.

    Examples
    --------
    >>> title_and_times("# 03 · Clocks\\n\\n*Core 26–38 min, all 35–51 min (estimates). Needs: lesson 02.*")
    ('Clocks', (26, 38), (35, 51))
    """
    title, times = _TITLE.search(first_cell), _TIMES.search(first_cell)
    if title is None or times is None:
        return None
    low_core, high_core, low_all, high_all = (int(times.group(i)) for i in range(1, 5))
    return title.group(2).strip(), (low_core, high_core), (low_all, high_all)


def estimate_range(minutes: int) -> tuple[int, int]:
    """The range a lesson states around an estimate: 0.85 to 1.25 times it (high ≤ 1.5 × low).

    Examples
    --------
    >>> estimate_range(40)
    (34, 50)
    """
    low = max(1, round(0.85 * minutes))
    return low, max(low + 1, round(1.25 * minutes))


def read_lesson(path: str | Path, text: str | None = None) -> Lesson:
    """Read one lesson's metadata from its notebook; a clear ``ValueError`` names what is missing.

    `text`, if given, is the notebook's JSON to read instead of the file at `path` (a tool that
    rewrites a lesson reads its new text before writing it).

    Examples
    --------
    >>> lesson = read_lesson(notebooks / "00_start_here.ipynb")  # notebooks: the lessons' folder
    >>> lesson.number, lesson.core_minutes <= lesson.all_minutes
    ('00', True)
    """
    path = Path(path)
    cells = tuple(json.loads(path.read_text(encoding="utf-8") if text is None else text)["cells"])
    first = cell_source(cells[0]) if cells else ""
    title, times = _TITLE.search(first), _TIMES.search(first)
    promise, objectives = _PROMISE.search(first), _OBJECTIVES.search(first)
    for what, found, form in [
        ("title", title, "# NN · Title"),
        ("times", times, "*Core L–H min, all L–H min (estimates). Needs: ...*"),
        ("promise", promise, "**In this lesson:** ..."),
        ("objectives", objectives, "**By the end you will be able to** and a list"),
    ]:
        if found is None:
            raise ValueError(f"{path.name}: the title cell has no {what} line of the form {form!r}.")
    assert title and times and promise and objectives  # for the type checker: each was checked above
    sections: list[Section] = []
    start: tuple[str, int, int] | None = None  # (heading, minutes, index of its cell)
    for index, cell in enumerate(cells):
        if cell.get("cell_type") != "markdown":
            continue
        inside = [ln for ln in cell_source(cell).splitlines()[1:] if ln.startswith("## ")]
        if inside:
            raise ValueError(f"{path.name}: the heading {inside[0]!r} must start its own cell (cell {index}).")
        if not cell_source(cell).startswith("## "):
            continue
        line = cell_source(cell).splitlines()[0]
        match = HEADING.match(line)
        if match is None:
            raise ValueError(f"{path.name}: the heading {line!r} does not end with '· N min'.")
        if start is not None:
            sections.append(_section(start, cells[start[2] : index]))
        start = (match.group(1), int(match.group(2)), index)
    if start is not None:
        sections.append(_section(start, cells[start[2] :]))
    terms: dict[str, str] = {}
    for cell in cells:
        if cell.get("cell_type") == "markdown":
            for box in _WORDS.finditer(cell_source(cell)):
                terms.update((t.strip(), d.strip()) for t, d in _TERM.findall(box.group(1)))
    return Lesson(
        path=path,
        number=title.group(1),
        title=title.group(2).strip(),
        core_minutes=sum(s.minutes for s in sections if not s.optional),
        all_minutes=sum(s.minutes for s in sections),
        core_range=(int(times.group(1)), int(times.group(2))),
        all_range=(int(times.group(3)), int(times.group(4))),
        needs=times.group(5).strip(),
        promise=promise.group(1).strip(),
        objectives=tuple(line[2:].strip() for line in objectives.group(1).strip().splitlines()),
        sections=tuple(sections),
        terms=terms,
        cells=cells,
        recap=_recap(path, cells[0]),
    )


def _recap(path: Path, title_cell: dict) -> bool:
    flag = title_cell.get("metadata", {}).get("posenc", {}).get(RECAP, False)
    if not isinstance(flag, bool):
        raise ValueError(f"{path.name}: metadata posenc.{RECAP} of the title cell must be true or false; got {flag!r}.")
    return flag


def number_span(numbers: list[str]) -> str:
    """Lesson numbers as a reader says them: runs of consecutive numbers joined by a dash, the rest by commas
    and "and".

    Examples
    --------
    >>> number_span(["01", "02", "03", "04", "05", "06", "08"])
    '01–06 and 08'
    >>> number_span(["01", "02"]), number_span(["05"])
    ('01–02', '05')
    """
    runs: list[list[str]] = []
    for number in numbers:
        if runs and int(number) == int(runs[-1][-1]) + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    parts = [run[0] if len(run) == 1 else f"{run[0]}–{run[-1]}" for run in runs]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _section(start: tuple[str, int, int], cells: tuple[dict, ...]) -> Section:
    heading, minutes, _ = start
    optional = heading.startswith(OPTIONAL)
    title = heading[len(OPTIONAL) :].strip() if optional else heading
    in_class = cells[0].get("metadata", {}).get("posenc", {}).get(CLASS_MINUTES) if cells else None
    if in_class is not None and (isinstance(in_class, bool) or not isinstance(in_class, int) or in_class < 1):
        raise ValueError(
            f"section {title!r}: metadata posenc.{CLASS_MINUTES} must be a whole number of minutes >= 1; "
            f"got {in_class!r}."
        )
    return Section(
        title=title,
        minutes=minutes,
        optional=optional,
        cells=cells,
        class_minutes=in_class,
        framing=_framing(title, cells),
    )


def _framing(title: str, cells: tuple[dict, ...]) -> Framing | None:
    """A section's framing from its heading cell's metadata; a ``ValueError`` says what is wrong with it."""
    given = cells[0].get("metadata", {}).get("posenc", {}).get(FRAMING) if cells else None
    if given is None:
        return None
    keys = {"idea", "figure", "question"}
    if not isinstance(given, dict) or set(given) != keys:
        got = sorted(given) if isinstance(given, dict) else type(given).__name__
        raise ValueError(f"section {title!r}: metadata posenc.{FRAMING} must have the keys {sorted(keys)}; got {got}.")
    for key in ("idea", "question"):
        if not isinstance(given[key], str) or not given[key].strip():
            raise ValueError(f"section {title!r}: posenc.{FRAMING}.{key} must be a sentence; got {given[key]!r}.")
    ids = [c.get("id") for c in cells[1:]]
    if given["figure"] is not None and given["figure"] not in ids:
        raise ValueError(
            f"section {title!r}: posenc.{FRAMING}.figure is {given['figure']!r}, which is not the id of one of the "
            f"section's cells after its heading ({ids}); give one of them, or null."
        )
    return Framing(idea=given["idea"].strip(), figure=given["figure"], question=given["question"].strip())


def read_lessons(folder: str | Path) -> list[Lesson]:
    """Every ``NN_*.ipynb`` lesson of `folder`, in order."""
    return [read_lesson(p) for p in sorted(Path(folder).glob("[0-9][0-9]_*.ipynb"))]


def read_glossary(path: str | Path) -> dict[str, str]:
    """The course glossary (``docs/glossary.md``): every ``- **term**: definition`` line, by term."""
    text = Path(path).read_text(encoding="utf-8")
    return {term.strip(): definition.strip() for term, definition in _TERM.findall(text)}
