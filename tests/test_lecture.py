"""The lecture decks' content (``course/posenc_course/lecture.py``), with no browser: a framing for every section a
run sheet uses, read by the one parser; a slide per framing with its idea, its figure and its question; the
section's text in the speaker notes; no self-study minutes; no prediction answered before its question.
The decks themselves are opened in Chromium by ``tests/test_slides.py``.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path

import nbformat
import pytest

from posenc_course.editions import hint_args
from posenc_course.lecture import FIGURE_TAG, FOR_THE_ROOM, framed, lecture_notebook
from posenc_course.lessons import PREDICT, cell_source, read_lesson, read_lessons
from posenc_course.run_sheets import SHEETS, UNPLACED
from tests.test_predictions import given_away

ROOT = Path(__file__).resolve().parents[1]
LESSONS = read_lessons(ROOT / "notebooks")
BY_NUMBER = {lesson.number: lesson for lesson in LESSONS}
#: A self-study time as the lessons state it ("· 12 min", "about 8 minutes", "40–50 min").
_MINUTES = re.compile(r"\d+\s*(?:–\s*\d+\s*)?min", re.IGNORECASE)


def used_sections() -> set[tuple[str, str]]:
    """Every (lesson, section) a run sheet puts at the projector or gives the room."""
    return {
        (step.lesson, step.section)
        for sheet in SHEETS
        for step in sheet.steps
        if step.activity not in (*UNPLACED, "setup", "open", "close", "break")
    }


def lecture(number: str) -> nbformat.NotebookNode:
    nb = nbformat.read(BY_NUMBER[number].path, as_version=4)
    return lecture_notebook(nb, BY_NUMBER[number], hint_args([dict(c) for c in nb.cells]))


def test_every_section_a_run_sheet_uses_has_a_framing():
    missing = [
        (number, title)
        for number, title in sorted(used_sections())
        if next(s for s in BY_NUMBER[number].sections if s.title == title).framing is None
    ]
    assert missing == []
    assert len(used_sections()) >= 15  # the sheets use many sections: this test is not vacuous


@pytest.mark.parametrize("number", sorted({n for n, _ in used_sections()}))
def test_a_lecture_deck_has_a_slide_per_framing_with_its_idea_figure_and_question(number):
    lesson = BY_NUMBER[number]
    nb = lecture(number)
    kinds = [c.metadata["slideshow"]["slide_type"] for c in nb.cells]
    assert kinds.count("slide") == 1 + len(framed(lesson)) and kinds[0] == "slide"
    for section in framed(lesson):
        title = section.title[:1].upper() + section.title[1:]
        start = next(i for i, c in enumerate(nb.cells) if c.source.startswith(f"## {title}\n"))
        end = next((i for i in range(start + 1, len(nb.cells)) if kinds[i] == "slide"), len(nb.cells))
        cells = nb.cells[start:end]
        assert section.framing.idea in cells[0].source
        asked = [c for c in cells if c.source.startswith(FOR_THE_ROOM)]
        assert len(asked) == 1 and section.framing.question in asked[0].source
        assert asked[0].metadata["slideshow"]["slide_type"] == "fragment"  # shown on the next key
        assert kinds[end - 1] == "notes"
        figure = section.figure_cell()
        if figure is None:
            assert [c.cell_type for c in cells] == ["markdown"] * len(cells)
            continue
        shown = next(c for c in cells if c.cell_type == "code")
        assert shown.source == cell_source(figure)
        assert (FIGURE_TAG in shown.metadata.get("tags", [])) == bool(figure.get("outputs"))  # code hidden if output
        if PREDICT in figure.get("metadata", {}).get("tags", []):  # the answer one slide down, after the question
            assert cells.index(shown) > cells.index(asked[0])
            assert shown.metadata["slideshow"]["slide_type"] == "subslide"


@pytest.mark.parametrize("number", sorted({n for n, _ in used_sections()}))
def test_no_lecture_slide_states_self_study_minutes_and_the_notes_hold_the_text(number):
    nb = lecture(number)
    on_screen = [c for c in nb.cells if c.metadata["slideshow"]["slide_type"] != "notes" and c.cell_type == "markdown"]
    assert [c.source for c in on_screen if _MINUTES.search(c.source)] == []
    notes = [c.source for c in nb.cells if c.metadata["slideshow"]["slide_type"] == "notes"]
    for section, note in zip(framed(BY_NUMBER[number]), notes, strict=True):
        paragraphs = [cell_source(c) for c in section.cells[1:] if c.get("cell_type") == "markdown"]
        readable = [p for p in paragraphs if "<summary><b>Hint" not in p and "<summary><b>Solution" not in p]
        assert all(p in note for p in readable)
        assert "<summary><b>Solution" not in note  # what the students write stays theirs
        if section.class_minutes:
            assert f"about {section.class_minutes} min at the projector" in note


@pytest.mark.parametrize("number", sorted({n for n, _ in used_sections()}))
def test_no_prediction_is_answered_on_a_lecture_slide_before_its_question(number):
    nb = lecture(number)
    assert given_away([dict(c) for c in nb.cells]) == []


def test_the_check_for_minutes_catches_a_heading_that_states_them():
    assert _MINUTES.search("## Rotate · 7 min") and _MINUTES.search("about 8 minutes") and _MINUTES.search("40–50 min")
    assert not _MINUTES.search("the minimum of the loss")


def _framed_copy(tmp_path: Path, framing) -> Path:
    """Lesson 06 with its first framing replaced by `framing`, written to `tmp_path`."""
    nb = nbformat.read(BY_NUMBER["06"].path, as_version=4)
    nb = copy.deepcopy(nb)
    heading = next(c for c in nb.cells if c.get("metadata", {}).get("posenc", {}).get("framing"))
    heading.metadata["posenc"]["framing"] = framing
    path = tmp_path / BY_NUMBER["06"].path.name
    nbformat.write(nb, path)
    return path


def test_a_framing_with_a_missing_key_or_a_figure_not_in_its_section_is_named(tmp_path):
    with pytest.raises(ValueError, match=r"must have the keys \['figure', 'idea', 'question'\]; got \['idea'\]"):
        read_lesson(_framed_copy(tmp_path, {"idea": "A penalty."}))
    with pytest.raises(ValueError, match=r"figure is 'nope', which is not the id of one of the section's cells"):
        read_lesson(_framed_copy(tmp_path, {"idea": "A penalty.", "figure": "nope", "question": "Why?"}))
    with pytest.raises(ValueError, match=r"question must be a sentence; got ''"):
        read_lesson(_framed_copy(tmp_path, {"idea": "A penalty.", "figure": None, "question": ""}))
