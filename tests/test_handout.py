"""The printable handout, built by ``tools/build_handout.py`` (``make kit``): its content and its PDF.

The content is assembled from the lessons with no browser (plain tests). The PDF is built once for
the module, in headless Chromium (marker ``browser``; skipped where Chromium is missing), and read
back page by page with pypdf: a page per lesson in order, each lesson whole on its page, the table
page, the glossary on the pages left (counted by printing the glossary alone), and the course and
its version on every page. The HTML is opened with every request that leaves its folder blocked and
recorded, as ``tests/test_site.py`` opens the site.
"""

from __future__ import annotations

import dataclasses
import doctest
import re
import shutil

import pytest

import posenc
from posenc.checks.recap import COLUMNS, comparison_table_answer
from posenc_course.lessons import cell_source, read_glossary, read_lessons
from tests.test_site import open_page
from tools import build_handout, labdriver
from tools.build_handout import (
    CACHE,
    COURSE,
    GLOSSARY,
    LOCK_IT_IN,
    NO_ANSWER,
    NOTEBOOKS,
    SIZES,
    THINK,
    build,
    first_list,
    fitted_sizes,
    handout_html,
    inline,
    lock_it_in,
    open_handout,
    print_pdf,
)
from tools.labdriver import missing_browser_reason, open_browser

LESSONS = read_lessons(NOTEBOOKS)
TERMS = read_glossary(GLOSSARY)
NO_NPM = shutil.which("npm") is None and not any(CACHE.glob("katex-*.tgz"))
needs_katex = pytest.mark.skipif(NO_NPM, reason="npm is needed to fetch KaTeX for the handout: apt-get install npm")


def flat(text: str) -> str:
    """`text` with every run of white space as one space (the PDF's line breaks fall anywhere)."""
    return " ".join(text.split())


def holds(page: str, words: str) -> bool:
    """Whether the text of a PDF page holds `words`, white space aside (the PDF's text puts spaces around a
    character drawn by a fallback font, such as ω)."""
    return "".join(words.split()) in "".join(page.split())


# The content, with no browser


def test_doctests_of_the_build_pass():
    assert doctest.testmod(build_handout).failed == 0


def test_first_list_joins_continued_lines_and_stops_at_the_next_paragraph():
    markdown = "## Lock it in · 2 min\n\n- one\n  and more\n- two\n\n<details>\n- folded\n</details>\n\n- three\n"
    assert first_list(markdown + "\n**Further reading**\n- a paper\n") == ["one and more", "two", "three"]
    assert first_list("no list here") == []


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.number)
def test_lock_it_in_gives_the_lessons_bullets_and_think_prompts_without_model_answers(lesson):
    takeaways, prompts = lock_it_in(lesson)
    section = next(s for s in lesson.sections if s.title == LOCK_IT_IN)
    said = "\n".join(cell_source(c) for c in section.cells if c.get("cell_type") == "markdown")
    assert takeaways, "every lesson locks something in"
    assert len(prompts) == said.count(THINK), "every Think! prompt of the section, once"
    assert len(takeaways) + len(prompts) == len(
        re.findall(r"^- ", re.sub(r"\*\*Further.*", "", said, flags=re.S), re.M)
    )
    joined = said.replace("\n  ", " ")
    for item in takeaways + prompts:
        assert "Model answer" not in item and "<details>" not in item and "Further reading" not in item
    assert all(f"- {item}" in joined for item in takeaways)
    assert all(f"- {THINK} {prompt}" in joined for prompt in prompts)


def test_lock_it_in_reads_the_lessons_as_written():
    assert lock_it_in(LESSONS[0])[1] == [], "lesson 00 asks no Think! question"
    takeaways, prompts = lock_it_in(LESSONS[1])
    assert takeaways[0].startswith("Plain attention (no positions, no mask) scores every pair of words")
    assert prompts == ["An encoder for sets (say, of points in a cloud) *wants* this symmetry. Why?"]


def test_a_lesson_without_lock_it_in_stops_the_build_naming_it():
    with pytest.raises(SystemExit, match="lesson 03 has no 'Lock it in' section"):
        lock_it_in(dataclasses.replace(LESSONS[3], sections=()))


def test_inline_renders_markdown_escapes_html_and_keeps_maths_for_katex():
    assert (
        inline("**bold** `x<y` and <b>raw</b>")
        == "<strong>bold</strong> <code>x&lt;y</code> and &lt;b&gt;raw&lt;/b&gt;"
    )
    assert (
        inline("[a paper](https://arxiv.org/abs/1706.03762)")
        == '<a href="https://arxiv.org/abs/1706.03762">a paper</a>'
    )
    assert inline("see [lesson 04](04_learned_tables.ipynb)") == "see lesson 04", "no link into a missing notebook"
    assert inline("$d_{model} < 2$") == '<span class="math">\\(d_{model} &lt; 2\\)</span>'


def test_the_handout_holds_every_part_in_order_and_no_model_answer():
    page = handout_html(LESSONS, TERMS)
    ids = re.findall(r'<section class="part[^"]*" id="([^"]+)"', page)
    assert ids == [f"lesson-{lesson.number}" for lesson in LESSONS] + ["table", "glossary"]
    for lesson in LESSONS:
        for text in [lesson.title, lesson.promise, *lesson.objectives, *lock_it_in(lesson)[0]]:
            assert inline(text) in page, text
        for term, definition in lesson.terms.items():
            assert f"<b>{inline(term)}</b>: {inline(definition)}" in page, term
    assert page.count(NO_ANSWER) == sum(len(lock_it_in(lesson)[1]) for lesson in LESSONS)
    glossary = page[page.index('id="glossary"') :]
    assert all(f"<b>{inline(term)}</b>: {inline(text)}" in glossary for term, text in TERMS.items())
    assert "<details" not in page and "Model answer" not in page
    table = page[page.index('id="table"') : page.index('id="glossary"')]
    answer = comparison_table_answer()
    assert all(f"<th>{scheme}</th>" in table for scheme in answer)
    assert all(f"<th>{column}</th>" in table for column in COLUMNS)
    assert all(f"<td>{cell}</td>" in table for row in answer.values() for cell in row.values())
    assert f"course version {posenc.__version__}" in page
    loaded = re.findall(r'(?:src=|<link [^>]*href=|url\()"([^"]+)"', page)  # what the page loads, not its links
    assert loaded and all(re.match(r"katex/[\w./-]+$", url) for url in loaded), loaded


@needs_katex
def test_without_chromium_the_build_writes_the_html_and_says_what_to_install(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(labdriver, "chromium_path", lambda: None)
    assert build(tmp_path) == [tmp_path / "handout.html"]
    assert (tmp_path / "katex" / "katex.min.js").exists() and (tmp_path / "katex" / "LICENSE.txt").exists()
    assert not (tmp_path / "handout.pdf").exists()
    assert "apt-get install chromium" in capsys.readouterr().out


# The PDF, printed by Chromium


@pytest.fixture(scope="module")
def handout(tmp_path_factory):
    if missing_browser_reason() is not None:  # asked first, so nothing is built for nothing
        pytest.skip(missing_browser_reason())
    if NO_NPM:
        pytest.skip("npm is needed to fetch KaTeX for the handout: apt-get install npm")
    out = tmp_path_factory.mktemp("handout")
    assert build(out) == [out / "handout.html", out / "handout.pdf"]
    return out


@pytest.fixture(scope="module")
def pdf(handout):
    from pypdf import PdfReader

    return PdfReader(handout / "handout.pdf")


@pytest.fixture(scope="module")
def pages(pdf) -> list[str]:
    return [flat(page.extract_text()) for page in pdf.pages]


@pytest.fixture(scope="module")
def browser(handout):  # opened after the build, whose own Chromium is closed by then
    with open_browser() as chromium:
        yield chromium


@pytest.mark.browser
def test_the_pdf_has_a4_pages_one_per_lesson_one_for_the_table_then_the_glossary(handout, pdf, browser):
    from pypdf import PdfReader

    page = open_handout(browser, handout / "handout.html")
    page.add_style_tag(content=".sheet { display: none !important; }")  # the glossary alone
    print_pdf(page, handout / "glossary-alone.pdf")
    glossary_pages = len(PdfReader(handout / "glossary-alone.pdf").pages)
    assert glossary_pages >= 2, "81 terms take more than one page"
    assert len(pdf.pages) == len(LESSONS) + 1 + glossary_pages
    sizes = {(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in pdf.pages}
    assert sizes == {(595, 842)}, "A4 in points"


@pytest.mark.browser
def test_each_lesson_is_on_its_own_page_in_order(pages):
    for index, lesson in enumerate(LESSONS):
        heading = f"{lesson.number} · {lesson.title}"
        assert [i for i, text in enumerate(pages) if holds(text, heading)] == [index], heading


@pytest.mark.browser
def test_no_lesson_page_runs_onto_the_next(pages, handout):
    for index, lesson in enumerate(LESSONS):
        text = pages[index]
        takeaways, prompts = lock_it_in(lesson)
        assert text.count(NO_ANSWER) == len(prompts), lesson.number
        assert holds(text, re.sub(r"[*`]", "", lesson.objectives[-1].split("$")[0])[:40]), lesson.number
        missing = [term for term in lesson.terms if not holds(text, term)]
        assert not missing, f"lesson {lesson.number}: terms not on its page: {missing}"
    chosen = re.findall(r'id="lesson-\d\d" style="font-size: ([\d.]+)pt"', (handout / "handout.html").read_text())
    assert len(chosen) == len(LESSONS) and all(float(size) in SIZES for size in chosen)


@pytest.mark.browser
def test_the_table_page_holds_every_scheme_column_and_answer(pages):
    text = pages[len(LESSONS)]
    assert "The comparison table The filled-in table of lesson 08's exercise" in text
    answer = comparison_table_answer()
    missing = [
        word for word in [*answer, *COLUMNS, *(c for r in answer.values() for c in r.values())] if word not in text
    ]
    assert not missing, missing


@pytest.mark.browser
def test_the_glossary_pages_hold_every_term(pages):
    text = " ".join(pages[len(LESSONS) + 1 :])
    assert "Glossary Every term the lessons teach" in pages[len(LESSONS) + 1]
    missing = [term for term in TERMS if not holds(text, term)]
    assert not missing, missing


@pytest.mark.browser
def test_every_page_names_the_course_its_version_and_its_number(pages):
    for number, text in enumerate(pages, start=1):
        assert f"{COURSE} · course version {posenc.__version__}" in text, number
        assert f"page {number} of {len(pages)}" in text


def open_recorded(browser, url: str):
    """Open `url` with every request outside file:// blocked (``tests/test_site.py``'s way), once its maths
    is typeset and its fonts loaded; return the page and what was seen."""
    page, seen = open_page(browser, url, "file://")
    page.wait_for_function("document.body.dataset.maths === 'done'")
    page.evaluate("document.fonts.ready.then(() => true)")
    return page, seen


@pytest.mark.browser
def test_the_html_makes_no_request_outside_its_folder_and_typesets_the_maths(handout, browser):
    page, seen = open_recorded(browser, (handout / "handout.html").as_uri())
    try:
        assert seen == {"outside": [], "failed": [], "console": []}
        assert page.locator(".katex").count() > 50 and page.locator(".katex-error").count() == 0
        loaded = page.evaluate("() => Array.from(document.fonts).filter(f => f.status === 'loaded').map(f => f.family)")
        assert "Handout" in loaded and "KaTeX_Main" in loaded, loaded
    finally:
        page.context.close()


@pytest.mark.browser
def test_a_request_to_the_network_is_caught(handout, browser):
    page, seen = open_recorded(browser, (handout / "handout.html").as_uri())
    try:
        page.evaluate("() => fetch('https://cdn.jsdelivr.net/npm/katex').catch(() => null)")
        assert seen["outside"] == ["https://cdn.jsdelivr.net/npm/katex"]
    finally:
        page.context.close()


@pytest.mark.browser
def test_a_lesson_too_long_for_its_page_stops_the_build_naming_it(handout, browser, tmp_path):
    long = dataclasses.replace(LESSONS[1], terms={f"term {i}": "a definition " * 30 for i in range(60)})
    shutil.copytree(handout / "katex", tmp_path / "katex")
    (tmp_path / "handout.html").write_text(handout_html([LESSONS[0], long], TERMS), encoding="utf-8")
    page = open_handout(browser, tmp_path / "handout.html")
    with pytest.raises(SystemExit, match=r"lesson-01 is \d+ mm too long"):
        fitted_sizes(page)
