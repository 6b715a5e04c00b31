"""A handout per run sheet (``tools/sheet_handouts.py``, beside the full handout in ``make kit``): the pages the
sheet uses, its questions to predict with room to write, its homework, no filled-in answer, type of 10 pt or more.

The content is checked with no browser; the PDFs are printed once for the module in headless Chromium (marker
``browser``) and read back with pypdf.
"""

from __future__ import annotations

import re

import pytest

from posenc.checks.recap import comparison_table_answer
from posenc_course.lessons import read_lessons
from posenc_course.run_sheets import SHEETS, homework
from posenc_course.run_sheets.messages import sheet_name
from tests.answer_key import leaks
from tests.test_handout import NO_NPM, flat, holds
from tools.build_handout import NOTEBOOKS, inline
from tools.labdriver import missing_browser_reason
from tools.sheet_handouts import SIZES, build, question, sheet_handout_html, taught

LESSONS = read_lessons(NOTEBOOKS)
BY_NUMBER = {lesson.number: lesson for lesson in LESSONS}
NAMES = [sheet_name(sheet) for sheet in SHEETS]


@pytest.mark.parametrize("sheet", SHEETS, ids=NAMES)
def test_a_sheets_handout_holds_its_class_page_its_homework_and_the_lessons_it_teaches_only(sheet):
    page = sheet_handout_html(sheet, LESSONS)
    ids = re.findall(r'<section class="part[^"]*" id="([^"]+)"', page)
    lessons = sorted({s.lesson for s in sheet.steps if s.activity not in ("open", "close", "break", "bridge", "setup")})
    assert ids == ["class", "homework"] + [f"lesson-{n}" for n in lessons]
    assert [lesson.number for lesson in taught(sheet, LESSONS)] == lessons
    work = homework(sheet, LESSONS)
    homework_page = page[page.index('id="homework"') : page.index('id="lesson-')]
    for label, minutes in work.sections:
        assert f"<li>{inline(label)}: {minutes} min</li>" in homework_page, label
    assert f"About {work.minutes} minutes" in homework_page


@pytest.mark.parametrize("sheet", SHEETS, ids=NAMES)
def test_every_prediction_of_the_sheet_is_asked_with_lines_to_write_on(sheet):
    page = sheet_handout_html(sheet, LESSONS)
    class_page = page[page.index('id="class"') : page.index('id="homework"')]
    asked = [(s.lesson, s.section) for s in sheet.steps if s.activity == "predict"]
    assert asked and class_page.count('<div class="guess"></div>') == len(asked)
    for number, title in asked:
        said = question(BY_NUMBER[number], title)
        # a question, as paper asks it: nothing about running a cell
        assert said.endswith("?") and said[0].isupper() and "cell" not in said and "run" not in said.lower(), said
        assert inline(said) in class_page


@pytest.mark.parametrize("sheet", SHEETS, ids=NAMES)
def test_a_sheets_handout_holds_no_filled_in_answer_and_no_type_under_10_pt(sheet):
    page = sheet_handout_html(sheet, LESSONS)
    assert 'class="compare"' not in page and 'id="table"' not in page and 'id="glossary"' not in page
    answers = [cell for row in comparison_table_answer().values() for cell in row.values() if len(cell) >= 25]
    assert answers and not any(cell in page for cell in answers)
    assert leaks(page, sheet_name(sheet)) == []
    sizes = [float(s) for s in re.findall(r"font-size: ([\d.]+)pt", page)]
    assert sizes and min(sizes) >= 10 and min(SIZES) >= 10


def test_the_question_drops_what_paper_cannot_do():
    # lesson 05's prompt ends with two sentences about the cell below: they go; the two questions stay
    said = question(BY_NUMBER["05"], "The score depends only on i − j")
    assert said.startswith("Is `score(i, i + 3)`") and said.count("?") == 2 and "cell" not in said
    said = question(BY_NUMBER["01"], "Shuffle the words")
    assert said.startswith("In “man bites dog”") and "Before you run" not in said


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    if missing_browser_reason() is not None:
        pytest.skip(missing_browser_reason())
    if NO_NPM:
        pytest.skip("npm is needed to fetch KaTeX for the handout: apt-get install npm")
    out = tmp_path_factory.mktemp("sheets")
    written = build(out)
    assert sorted(p.name for p in written) == sorted(f"handout-{n}.{ext}" for n in NAMES for ext in ("html", "pdf"))
    return out


@pytest.mark.browser
@pytest.mark.parametrize("sheet", SHEETS, ids=NAMES)
def test_each_sheets_pdf_is_a4_one_page_a_part_in_order(printed, sheet):
    from pypdf import PdfReader

    pdf = PdfReader(printed / f"handout-{sheet_name(sheet)}.pdf")
    pages = [flat(p.extract_text()) for p in pdf.pages]
    lessons = taught(sheet, LESSONS)
    html_text = (printed / f"handout-{sheet_name(sheet)}.html").read_text(encoding="utf-8")
    # a lesson too long for one page at 10 pt runs onto exactly one more; every other part is one page
    flowing = re.findall(r'<section class="part flow" id="lesson-(\d+)"', html_text)
    assert len(pages) == 2 + len(lessons) + len(flowing)
    assert {(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in pdf.pages} == {(595, 842)}
    assert holds(pages[0], "Predict, then check") and holds(pages[1], "Homework")
    starts = iter(pages[2:])
    for lesson in lessons:
        assert holds(next(starts), f"{lesson.number} · {lesson.title}")
        if lesson.number in flowing:
            second = next(starts)  # its second page: no lesson's title starts there
            assert not any(holds(second, f"{other.number} · {other.title}") for other in lessons)
    assert min(float(s) for s in re.findall(r"font-size: ([\d.]+)pt", html_text)) >= 10
