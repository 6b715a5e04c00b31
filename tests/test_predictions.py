"""Predict, then check: a prediction's answer first appears in its own cell's output, in every edition.

Each cell tagged ``posenc-predict`` shows the answer to the question in the markdown before it. Nothing above
that cell may give the answer away: no earlier output and no markdown (an instructor note included, in the
instructor edition) holds a line the predict cell prints, or a number it prints with three significant digits or more.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from posenc_course.editions import instructor_edition, student_edition
from posenc_course.lessons import PREDICT, cell_source, read_lessons

ROOT = Path(__file__).resolve().parents[1]
LESSONS = read_lessons(ROOT / "notebooks")
_NUMBER = re.compile(r"(?<![\d.])\d+\.\d+(?![\d.])")


def printed(cell: dict) -> str:
    """What a code cell shows as text: its streams and its plain-text results."""
    parts = []
    for output in cell.get("outputs", []):
        if output.get("output_type") == "stream":
            parts.append("".join(output.get("text", "")))
        else:
            parts.append("".join(output.get("data", {}).get("text/plain", "")))
    return "\n".join(parts)


def answers(cell: dict) -> set[str]:
    """The pieces of a predict cell's output that would give its answer away: its lines and its long numbers."""
    text = printed(cell)
    lines = {line.strip() for line in text.splitlines() if len(line.strip()) >= 12}
    numbers = {n for n in _NUMBER.findall(text) if len(n.replace(".", "").lstrip("0")) >= 3}  # 3 significant digits
    return lines | numbers


def given_away(cells: list[dict]) -> list[str]:
    """For each predict cell, the pieces of its answer that some cell above it already shows."""
    found = []
    for index, cell in enumerate(cells):
        if PREDICT not in cell.get("metadata", {}).get("tags", []):
            continue
        above = "\n".join(printed(c) if c["cell_type"] == "code" else cell_source(c) for c in cells[:index])
        for piece in sorted(answers(cell)):
            if re.search(rf"(?<![\d.]){re.escape(piece)}(?![\d])", above):
                found.append(f"cell {index}: {piece!r}")
    return found


def _cells(notebook: dict) -> list[dict]:
    return [dict(c, source=cell_source(c)) for c in notebook["cells"]]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.number)
def test_no_prediction_is_answered_above_its_cell_in_any_edition(lesson):
    notebook = json.loads(lesson.path.read_text(encoding="utf-8"))
    predicts = [c for c in notebook["cells"] if PREDICT in c.get("metadata", {}).get("tags", [])]
    assert all(answers(c) for c in predicts), "a predict cell prints nothing to check against"
    for edition, cells in (
        ("learner", _cells(notebook)),
        ("instructor", _cells(instructor_edition(notebook))),
        ("student", _cells(student_edition(notebook))),
    ):
        assert given_away(cells) == [], (edition, given_away(cells))


def test_the_check_catches_an_answer_printed_above():
    prompt = {"cell_type": "markdown", "metadata": {}, "source": "**Predict, then check.** Same?"}
    answer = {"cell_type": "stream", "output_type": "stream", "name": "stdout", "text": "score +0.4777\n"}
    early = {"cell_type": "code", "metadata": {}, "source": "", "outputs": [answer]}
    tagged = {"cell_type": "code", "metadata": {"tags": [PREDICT]}, "source": "", "outputs": [answer]}
    assert given_away([prompt, tagged]) == []
    assert given_away([early, prompt, tagged]) == ["cell 2: '0.4777'", "cell 2: 'score +0.4777'"]
    said = {"cell_type": "markdown", "metadata": {}, "source": "The score is +0.4777 either way."}
    assert given_away([said, prompt, tagged]) == ["cell 2: '0.4777'"]
