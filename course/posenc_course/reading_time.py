"""The stated method behind every lesson's minutes: what a first-time learner spends on each part of a
section (:data:`PACE`), counted by :func:`estimate_minutes` over a section's cells as
:mod:`posenc_course.lessons` reads them. ``tools/gen_lessons.py`` writes the results into each lesson's
headings and title, and ``tests/test_lessons.py`` holds the stated minutes to them.

Examples
--------
>>> from posenc_course.lessons import read_lesson
>>> lesson = read_lesson(notebooks / "01_order_blind_attention.ipynb")  # notebooks: the lessons' folder
>>> len(section_estimates(lesson)) == len(lesson.sections)
True
"""

from __future__ import annotations

import re

from posenc_course.lessons import SETUP_CODE, Lesson, Section, cell_source

__all__ = [
    "CORE_BUDGET",
    "LM_CORE_BUDGET",
    "FOLD_WORDS",
    "PACE",
    "PRECISELY",
    "estimate_minutes",
    "fold_minutes",
    "precisely_folds",
    "section_estimates",
]


#: The method behind every stated minute, for a learner who knows Python and a little NumPy. Set once
#: against two independent first-time reads of the whole course (each estimated every lesson for itself;
#: 13 of their 16 core-path midpoints fell inside the stated ranges), and not tuned per lesson, except that
#: lesson 00's prose has a pace of its own (below). Five later reads are reported in docs/reading-times.md.
PACE = {
    "words per minute": 85,  # technical prose with symbols, read to understand (not skimmed)
    # lesson 00's prose is about the course's tools, with no idea to follow: six first-time reads put the
    # lesson at 10-30 minutes, against 32-48 at the technical pace, so it is read at twice that pace
    "orientation words per minute": 170,
    "formula minutes": 0.75,  # each displayed formula ($$ ... $$), read term by term
    "code lines per minute": 6,  # lines of code to read, predict and check against what they print
    "cell minutes": 0.15,  # running a cell and glancing at what it printed
    "figure minutes": 1.0,  # a figure to read with its caption
    "explorer minutes": 3.0,  # an interactive figure to move and watch
    "quiz minutes": 0.5,  # one multiple-choice question: choosing and checking, besides reading its words
    "recall minutes": 1.5,  # one question answered in your own words, besides reading it and the model answer
    "exercise minutes per star": 6.0,  # write, check, fix once: ★ 6, ★★ 12, ★★★ 18 minutes
}

#: The lesson whose prose is read at the orientation pace: lesson 00, on how the course works.
ORIENTATION = "00"

_STARS = re.compile(r"^###.*?(★+)", re.M)
_FOLDED = re.compile(r"<details\b[^>]*>.*?</details>", re.S)

#: A "Precisely" fold: the qualification of a core sentence (its number or its source), one click under it, so
#: that the core sentence stays short. Its words count toward a lesson's full minutes, never a section's (the
#: core's): ``<details class="precisely"><summary>Precisely</summary> ... </details>``.
PRECISELY = re.compile(r'<details class="precisely">(.*?)</details>', re.S)
#: The most stated minutes the core sections of all lessons together may sum to: a core a first-timer finishes in one
#: day of sittings, the depth one click away; 300 for the lessons on the schemes and the recap, and at most
#: :data:`LM_CORE_BUDGET` more for the train-short-test-long lesson.
CORE_BUDGET = 345
#: The most stated core minutes of the train-short-test-long lesson (its tiny language model).
LM_CORE_BUDGET = 45
#: The most words a Precisely fold may hold: a qualification, not a section in hiding.
FOLD_WORDS = 120
_DISPLAY_MATHS = re.compile(r"\$\$.+?\$\$", re.S)


def section_estimates(lesson: Lesson, pace: dict[str, float] = PACE) -> list[int]:
    """Each section's minutes by the method, rounded, at least 1 (the title cell and the cells before the
    first section count toward the first section; lesson 00's prose at the orientation pace)."""
    if lesson.number == ORIENTATION:
        pace = {**pace, "words per minute": pace["orientation words per minute"]}
    first = next((i for i, c in enumerate(lesson.cells) if cell_source(c).startswith("## ")), len(lesson.cells))
    raw = [estimate_minutes(s, pace) for s in lesson.sections]
    if raw:
        raw[0] += estimate_minutes(Section("before", 0, False, lesson.cells[:first]), pace)
    return [max(1, round(m)) for m in raw]


def precisely_folds(lesson: Lesson) -> list[tuple[str, str]]:
    """Every Precisely fold of `lesson`: the title of the section it sits in ("" before the first), and its text."""
    title, found = "", []
    for cell in lesson.cells:
        text = cell_source(cell)
        if cell.get("cell_type") != "markdown":
            continue
        if text.startswith("## "):
            title = text.splitlines()[0]
        found += [(title, fold) for fold in PRECISELY.findall(text)]
    return found


def fold_minutes(lesson: Lesson, pace: dict[str, float] = PACE) -> int:
    """The minutes `lesson`'s Precisely folds add to its full time (never to a section's): their words and formulas.

    Examples
    --------
    >>> from posenc_course.lessons import read_lesson
    >>> fold_minutes(read_lesson(notebooks / "01_order_blind_attention.ipynb")) >= 0
    True
    """
    if lesson.number == ORIENTATION:
        pace = {**pace, "words per minute": pace["orientation words per minute"]}
    texts = [text for _, text in precisely_folds(lesson)]
    formulas = sum(len(_DISPLAY_MATHS.findall(t)) for t in texts)
    words = sum(_words(_DISPLAY_MATHS.sub(" ", t)) for t in texts)
    return round(formulas * pace["formula minutes"] + words / pace["words per minute"])


def _words(text: str) -> int:
    return len(re.findall(r"[A-Za-z0-9][\w'’-]*", text))


def _question_text(question_id: str, kind: str) -> str:
    """Every word a learner reads of a question: the prompt, each option and its explanation, the model answer."""
    from posenc.checks.questions import question  # the one reader of the question bank (it caches it)

    found = question(question_id, kind)
    parts = [found["prompt"], found.get("answer", "")]
    parts += [o["text"] + " " + o["explanation"] for o in found.get("options", [])]
    return " ".join(parts)


def estimate_minutes(section: Section, pace: dict[str, float] = PACE) -> float:
    """The minutes a first-timer needs for `section`, by the stated method :data:`PACE`.

    Counted: the words of its prose (folds left out: the exercise allowance covers hints and
    solutions, and :func:`fold_minutes` counts Precisely folds toward the lesson's full time), its displayed formulas, the lines of code to follow, each code
    cell run, each figure, explorer, quiz and recall, and each exercise by its stars.

    Examples
    --------
    >>> prose = {"cell_type": "markdown", "source": "## A · 1 min\\n\\n" + "word " * 85}
    >>> round(estimate_minutes(Section("A", 1, False, (prose,))), 2)
    1.04
    """
    minutes = 0.0
    for cell in section.cells:
        text = cell_source(cell)
        if cell.get("cell_type") == "markdown":
            shown = _FOLDED.sub(" ", text)
            minutes += len(_DISPLAY_MATHS.findall(shown)) * pace["formula minutes"]
            minutes += _words(_DISPLAY_MATHS.sub(" ", shown)) / pace["words per minute"]
            minutes += sum(len(s) for s in _STARS.findall(text)) * pace["exercise minutes per star"]
            continue
        if cell.get("cell_type") != "code":
            continue
        minutes += pace["cell minutes"]
        if text == SETUP_CODE:  # the same cell in every lesson: run, not studied
            continue
        asked = re.search(r"widgets\.(quiz|recall)\(\"([^\"]+)\"\)", text)
        if asked:  # the question's own words (prompt, options, every explanation, the model answer)
            minutes += (
                pace[f"{asked.group(1)} minutes"]
                + _words(_question_text(asked.group(2), {"quiz": "mcq", "recall": "recall"}[asked.group(1)]))
                / pace["words per minute"]
            )
        elif re.search(r"widgets\.\w+_explorer\(|widgets\.environment_check\(", text):
            minutes += pace["explorer minutes"]
        else:
            lines = [ln for ln in text.splitlines() if ln.strip() and not ln.strip().startswith(("#", "%"))]
            minutes += len(lines) / pace["code lines per minute"]
            images = sum("image/png" in o.get("data", {}) for o in cell.get("outputs", []))
            minutes += images * pace["figure minutes"]
    return minutes
