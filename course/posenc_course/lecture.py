"""A lesson as a lecturer projects it: the framings of the sections the run sheets use, one slide each.

``tools/build_slides.py`` builds two decks per lesson: the whole lesson, slide by slide (the fallback), and,
for a lesson with framed sections, the **lecture deck** made here (:func:`lecture_notebook`). Each framed
section (its heading cell's ``metadata["posenc"]["framing"]``, read by :mod:`posenc_course.lessons`) gives one
slide:

- its title, with no minutes, and the framing's idea;
- the figure: the named cell's output with its code hidden, or its code where it has no output (an
  exercise's scaffold); a prediction's answer (a cell tagged ``posenc-predict``) goes on a slide below,
  after the question, so that the room guesses first;
- the framing's question for the room, shown on the next key (a fragment);
- the speaker notes: the class minutes and the instructor note (as in the full deck), then the section's
  own text, with its hints and solutions left out.

Self-study minutes appear nowhere on a lecture slide. The title slide holds the lesson's title and promise.

Examples
--------
>>> from posenc_course.lessons import Framing, Section
>>> heading = {"cell_type": "markdown", "id": "h", "metadata": {}, "source": "## Rotate · 7 min\\n\\nTurn it."}
>>> section = Section("Rotate", 7, False, (heading,), framing=Framing("Turn, don't add.", None, "Why?"))
>>> [c["source"] for c in section_cells(section, {})][:2]
["## Rotate\\n\\nTurn, don't add.", '**For the room:** Why?']
"""

from __future__ import annotations

import copy

import nbformat

from posenc_course.editions import spoken_note
from posenc_course.lessons import PREDICT, Lesson, Section, cell_source

__all__ = ["FIGURE_TAG", "FOR_THE_ROOM", "lecture_notebook", "section_cells", "framed"]

#: The tag of a figure cell whose code the lecture deck hides (nbconvert's ``TagRemovePreprocessor``).
FIGURE_TAG = "posenc-lecture-figure"
#: How a framing's question starts on its slide.
FOR_THE_ROOM = "**For the room:**"
#: Markdown that stays out of the speaker notes: what the students write themselves.
_NOT_IN_NOTES = ("<summary><b>Hint", "<summary><b>Solution")


def framed(lesson: Lesson) -> list[Section]:
    """The lesson's sections that carry a framing, in order."""
    return [section for section in lesson.sections if section.framing is not None]


def _markdown(source: str, slide_type: str) -> dict:
    cell = nbformat.v4.new_markdown_cell(source)
    cell.metadata["slideshow"] = {"slide_type": slide_type}
    return cell


def _figure(cell: dict, slide_type: str) -> dict:
    """A copy of the figure cell for its slide: its output alone, or its code where it has none."""
    shown = nbformat.from_dict(copy.deepcopy(cell))
    shown.metadata["slideshow"] = {"slide_type": slide_type}
    if shown.get("outputs"):
        shown.metadata["tags"] = [*shown.metadata.get("tags", []), FIGURE_TAG]
    return shown


def _notes(section: Section, args: dict | None) -> str:
    """The speaker notes of a framed section: class minutes and instructor note, then the section's text."""
    heading, *rest = section.cells
    text = [cell_source(heading).split("\n", 1)[1].strip() if "\n" in cell_source(heading) else ""]
    text += [
        cell_source(c)
        for c in rest
        if c.get("cell_type") == "markdown" and not any(mark in cell_source(c) for mark in _NOT_IN_NOTES)
    ]
    spoken = spoken_note(heading, args)
    return "\n\n".join(part for part in [f"**Instructor note.** {spoken}" if spoken else "", *text] if part)


def section_cells(section: Section, executed: dict[str, dict], args: dict | None = None) -> list[dict]:
    """The cells of one framed section's lecture slide; `executed` maps cell ids to the executed lesson's cells
    (the figure's outputs come from there)."""
    framing = section.framing
    assert framing is not None, f"section {section.title!r} has no framing"
    title = section.title[:1].upper() + section.title[1:]
    cells = [_markdown(f"## {title}\n\n{framing.idea}", "slide")]
    question = _markdown(f"{FOR_THE_ROOM} {framing.question}", "fragment")
    figure = section.figure_cell()
    if figure is not None:
        figure = executed.get(figure["id"], figure)
    if figure is not None and PREDICT in figure.get("metadata", {}).get("tags", []):
        cells += [question, _figure(figure, "subslide")]  # the room guesses before the answer shows
    else:
        cells += ([_figure(figure, "-")] if figure is not None else []) + [question]
    cells.append(_markdown(_notes(section, args), "notes"))
    return cells


def lecture_notebook(executed: nbformat.NotebookNode, lesson: Lesson, args: dict | None = None):
    """The lecture deck of `lesson` as a notebook with its slide types set, its figures' outputs from `executed`
    (the lesson run as the slides run it); None when the lesson frames no section."""
    sections = framed(lesson)
    if not sections:
        return None
    by_id = {c.get("id"): c for c in executed.cells}
    nb = nbformat.v4.new_notebook(metadata=copy.deepcopy(executed.metadata))
    nb.cells = [_markdown(f"# {lesson.number} · {lesson.title}\n\n{lesson.promise}", "slide")]
    for section in sections:
        nb.cells += section_cells(section, by_id, args)
    return nb
