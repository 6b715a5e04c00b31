"""Where a lesson's slides break: the rule, and the per-cell overrides in the lesson's metadata.

``tools/build_slides.py`` presents each lesson with nbconvert's reveal.js export, which reads a
cell's ``metadata["slideshow"]["slide_type"]``. The lessons do not carry those: the types are
given here, by one rule, when the slides are built.

**The rule** (:func:`slide_types`):

- the title cell and each section's heading (``## ``) start a slide;
- a figure's short caption (a markdown cell that starts :data:`CAPTION`, at most
  :data:`SHORT_TEXT` characters) stays on the slide of the figure before it;
- every other markdown cell is a sub-slide (down the section's column), and so is a code cell
  with more than :data:`LONG_CODE` lines or with a picture among its outputs, and a prediction's
  answer (a cell tagged ``posenc-predict``: its question's slide never shows it);
- any other code cell stays on the slide of the cell before it, when that is a markdown cell of
  at most :data:`SHORT_TEXT` characters (a sentence and the code it introduces); otherwise it is a
  sub-slide;
- the set-up cell (:data:`posenc_course.lessons.SETUP_CODE`) and empty cells are skipped.

**Overrides**: a cell's ``metadata["posenc"]["slide"]`` (:data:`SLIDE_KEY`) gives its type instead
of the rule, one of :data:`SLIDE_TYPES`; for instance ``"skip"`` on a cell that only matters in a
running notebook.

Examples
--------
>>> cells = [
...     {"cell_type": "markdown", "metadata": {}, "source": "# 09 · A lesson"},
...     {"cell_type": "markdown", "metadata": {}, "source": "## A section · 2 min"},
...     {"cell_type": "markdown", "metadata": {}, "source": "Run this:"},
...     {"cell_type": "code", "metadata": {}, "source": "print(1)", "outputs": []},
...     {"cell_type": "code", "metadata": {"posenc": {"slide": "skip"}}, "source": "x = 2", "outputs": []},
... ]
>>> slide_types(cells)
['slide', 'slide', 'subslide', '-', 'skip']
"""

from __future__ import annotations

from posenc_course.lessons import PREDICT, SETUP_CODE, cell_source

__all__ = ["SLIDE_KEY", "SLIDE_TYPES", "LONG_CODE", "SHORT_TEXT", "CAPTION", "slide_types", "override_of"]

#: Where a cell's override lives: ``cell["metadata"]["posenc"][SLIDE_KEY]``.
SLIDE_KEY = "slide"
#: nbconvert's slide types: a new slide, a sub-slide below it, a fragment shown on the next key,
#: the same slide as the cell before ("-"), left out, or the speaker's notes.
SLIDE_TYPES = ("slide", "subslide", "fragment", "-", "skip", "notes")
#: More lines than this, and a code cell gets a sub-slide of its own.
LONG_CODE = 12
#: A markdown cell up to this long keeps the code cell after it on its slide.
SHORT_TEXT = 400
#: How a figure's caption starts (the lessons' rule: every figure says what to notice).
CAPTION = "*What to notice"


def override_of(cell: dict) -> str | None:
    """The slide type a cell's metadata asks for, or None; a ``ValueError`` names an unknown one."""
    asked = cell.get("metadata", {}).get("posenc", {}).get(SLIDE_KEY)
    if asked is not None and asked not in SLIDE_TYPES:
        raise ValueError(f"metadata posenc.{SLIDE_KEY} is {asked!r}; it must be one of {SLIDE_TYPES}.")
    return asked


def _has_picture(cell: dict) -> bool:
    return any(
        "image/png" in o.get("data", {}) or "image/svg+xml" in o.get("data", {}) for o in cell.get("outputs", [])
    )


def slide_types(cells: list[dict]) -> list[str]:
    """Each cell's slide type, by the rule and the overrides (see the module's docstring)."""
    types: list[str] = []
    previous: dict | None = None  # the last cell that is shown
    for index, cell in enumerate(cells):
        text = cell_source(cell)
        kind = cell.get("cell_type")
        if index == 0 or (kind == "markdown" and text.startswith("## ")):
            rule = "slide"
        elif not text.strip() or (kind == "code" and text.strip() == SETUP_CODE.strip()):
            rule = "skip"
        elif (
            kind == "markdown"
            and text.startswith(CAPTION)
            and len(text) <= SHORT_TEXT
            and previous is not None
            and previous.get("cell_type") == "code"
        ):
            rule = "-"
        elif (
            kind != "code"
            or len(text.splitlines()) > LONG_CODE
            or _has_picture(cell)
            or PREDICT in cell.get("metadata", {}).get("tags", [])
        ):
            rule = "subslide"
        elif (
            previous is not None
            and previous.get("cell_type") == "markdown"
            and len(cell_source(previous)) <= SHORT_TEXT
        ):
            rule = "-"
        else:
            rule = "subslide"
        chosen = override_of(cell) or rule
        types.append(chosen)
        if chosen not in ("skip", "notes"):
            previous = cell
    return types
