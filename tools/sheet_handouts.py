"""Build a handout per run sheet, beside the full one; ``make kit`` runs it after :mod:`tools.build_handout`.

    python -m tools.sheet_handouts [--out build/kit/handout]

For each sheet of :data:`posenc_course.run_sheets.SHEETS`, ``handout-NAME.html`` and ``handout-NAME.pdf``
(NAME its slot and room, as ``60-new-to-attention``): a page for the class (the sheet's title and each
question it asks the room to predict, with lines to write a guess on), a page of homework (the sheet's
:func:`posenc_course.run_sheets.homework`, in order, with minutes), then the page of each lesson the sheet
teaches, as in the full handout. It leaves out what a class's sheet should not hold: the comparison table
(the filled-in answer to the recap's exercise) and the glossary (each lesson's page has its words). Body type
stays at 10 pt or more (:data:`SIZES`): a lesson's page that does not fit one A4 page at 10 pt runs onto a
second at 10 pt (the full handout shrinks its type instead), and the class and homework pages must fit one.
"""

from __future__ import annotations

import argparse
import html
import re
from pathlib import Path

from posenc_course.lessons import PREDICT_PROMPT, Lesson, cell_source, read_lessons
from posenc_course.run_sheets import SHEETS, UNPLACED, RunSheet, homework
from posenc_course.run_sheets.messages import sheet_name
from tools.build_handout import (
    CACHE,
    NOTEBOOKS,
    copy_katex,
    document,
    inline,
    lesson_html,
    measured_fit,
    open_handout,
    print_pdf,
)
from tools.labdriver import missing_browser_reason, open_browser

ROOT = Path(__file__).resolve().parents[1]

#: The type sizes a sheet's parts may take, in pt, largest first: never under 10.
SIZES = (10.5, 10.0)
#: What a prediction's question says about running the notebook, which paper has no use for.
_ABOUT_THE_CELL = re.compile(r"^Before you run the next cell, write down your guess:\s*")
_SENTENCE = re.compile(r"(?<=[.?!])\s+")


def question(lesson: Lesson, title: str) -> str:
    """The question of the predict-then-check cell in `lesson`'s section `title`, as it reads on paper: the
    prompt's questions, without its label and its instructions about the cell."""
    section = next(s for s in lesson.sections if s.title == title)
    prompt = next(cell_source(c) for c in section.cells if PREDICT_PROMPT in cell_source(c))
    text = " ".join(prompt.split(PREDICT_PROMPT, 1)[1].split("\n\n")[0].split())
    text = _ABOUT_THE_CELL.sub("", text)
    said = " ".join(s for s in _SENTENCE.split(text) if s.endswith("?"))  # the questions, not the instructions
    return said[:1].upper() + said[1:]


def taught(sheet: RunSheet, lessons: list[Lesson]) -> list[Lesson]:
    """The lessons the sheet teaches, in the course's order: those with a step other than the set-up."""
    numbers = {s.lesson for s in sheet.steps if s.activity not in (*UNPLACED, "setup")}
    return [lesson for lesson in lessons if lesson.number in numbers]


def class_html(sheet: RunSheet, lessons: list[Lesson]) -> str:
    """The sheet's first page: what the class is, and each prediction with lines for a guess."""
    by_number = {lesson.number: lesson for lesson in lessons}
    asked = [(s.lesson, s.section) for s in sheet.steps if s.activity == "predict"]
    parts = [
        f"<h2>{inline(sheet.title)}</h2>",
        f'<p class="promise"><b>A {sheet.slot}-minute class.</b> Lessons '
        + ", ".join(f"{lesson.number} ({inline(lesson.title)})" for lesson in taught(sheet, lessons))
        + ".</p>",
        "<h3>Predict, then check</h3>",
        "<p>Write your guess before the cell runs; after it, note what surprised you.</p>",
    ]
    closing = (
        '<p class="promise">After class: the homework on the next page, then a page per lesson that sums it up '
        "(its Lock it in answers today's predictions: read it after you have guessed).</p>"
    )
    for number, title in asked:
        parts.append(
            f'<p class="asked"><b>{number} · {html.escape(title)}.</b> {inline(question(by_number[number], title))}</p>'
            '<div class="guess"></div>'
        )
    return "".join([*parts, closing])


def homework_html(sheet: RunSheet, lessons: list[Lesson]) -> str:
    """The sheet's homework page: the sections in order, with their minutes."""
    work = homework(sheet, lessons)
    items = "".join(f"<li>{inline(label)}: {minutes} min</li>" for label, minutes in work.sections)
    later = f"<p>Later, on your own: {inline('; '.join(label for label, _ in work.later))}.</p>" if work.later else ""
    return (
        f'<h2>Homework</h2><p class="promise">About {work.minutes} minutes, in this order; the Check yourself '
        "sections first. Shut each lesson's kernel down when you leave it (Kernel → Shut Down Kernel).</p>"
        f'<ol class="homework">{items}</ol>{later}'
    )


def sheet_handout_html(
    sheet: RunSheet,
    lessons: list[Lesson],
    sizes: dict[str, float] | None = None,
    flowing: frozenset[str] = frozenset(),
) -> str:
    """The handout of one run sheet as one page; `sizes` gives a part (by its id) a smaller type, in pt, and a
    lesson's part named in `flowing` runs over more than one page."""
    parts = [("class", class_html(sheet, lessons)), ("homework", homework_html(sheet, lessons))]
    parts += [(f"lesson-{lesson.number}", lesson_html(lesson)) for lesson in taught(sheet, lessons)]
    return document(parts, sizes={name: SIZES[0] for name, _ in parts} | (sizes or {}), flowing=flowing)


def fit(page) -> tuple[dict[str, float], frozenset[str]]:
    """The type size of each part of an open sheet handout, and the lessons' parts that must run onto a second
    page to keep 10 pt (:data:`SIZES`).

    Raises
    ------
    SystemExit
        When the class page or the homework page does not fit one page at 10 pt, naming it and by how much.
    """
    found = measured_fit(page, SIZES)
    too_long = [f"{f['id']} is {f['over']:.0f} mm too long" for f in found if f["size"] is None]
    if any(not f["id"].startswith("lesson-") for f in found if f["size"] is None):
        raise SystemExit(f"a sheet's class and homework pages must fit one A4 page at 10 pt: {'; '.join(too_long)}")
    flowing = frozenset(f["id"] for f in found if f["size"] is None)
    return {f["id"]: f["size"] or SIZES[-1] for f in found}, flowing


def build(out: Path, cache: Path = CACHE, notebooks: Path = NOTEBOOKS) -> list[Path]:
    """Write each sheet's ``handout-NAME.html`` and, where Chromium is, ``handout-NAME.pdf`` in `out`
    (KaTeX beside them); return the files written."""
    lessons = read_lessons(notebooks)
    out.mkdir(parents=True, exist_ok=True)
    copy_katex(out, cache)
    pages = {sheet_name(sheet): (sheet, out / f"handout-{sheet_name(sheet)}.html") for sheet in SHEETS}
    for sheet, path in pages.values():
        path.write_text(sheet_handout_html(sheet, lessons), encoding="utf-8")
    reason = missing_browser_reason()
    if reason is not None:
        print(f"sheet handouts: wrote the HTML, but no PDF: {reason}.")
        return [path for _, path in pages.values()]
    written = []
    with open_browser() as browser:
        for sheet, path in pages.values():
            page = open_handout(browser, path)
            sizes, flowing = fit(page)
            page.close()
            path.write_text(sheet_handout_html(sheet, lessons, sizes, flowing), encoding="utf-8")
            page = open_handout(browser, path)
            print_pdf(page, path.with_suffix(".pdf"))
            page.close()
            written += [path, path.with_suffix(".pdf")]
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = ROOT / "build" / "kit" / "handout"
    parser.add_argument("--out", type=Path, default=default, help="where to write (default build/kit/handout)")
    args = parser.parse_args(argv)
    for path in build(args.out):
        print(f"sheet handout: {path} ({path.stat().st_size / 1024:.0f} KiB)")


if __name__ == "__main__":
    main()
