"""The slides, built by ``tools/build_slides.py``, in headless Chromium at 1280 x 720 with no kernel.

Each deck is opened from files with every request that leaves them blocked and recorded. The
tests visit every slide and assert: it shows something, nothing on it is cut off (a slide taller
than 720 pixels is scaled to fit, and never below a readable scale), the maths is typeset, no
request leaves the slides and none fails, no console error; and each explorer's main slider,
moved by a key, shows the next prerendered frame. The slide rule itself is tested without a browser.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from posenc_course.lecture import FOR_THE_ROOM, framed
from posenc_course.lessons import PREDICT, read_lesson, read_lessons
from posenc_course.slides import SLIDE_TYPES, slide_types
from tests.test_site import explorer_calls, frame_after_key, has_maths, open_page, shown_frame
from tools.labdriver import missing_browser_reason, open_browser

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
NO_NPM = shutil.which("npm") is None and not any((ROOT / "build" / "npm-cache").glob("*.tgz"))
#: The lessons with a lecture deck: those with framed sections (every lesson a run sheet teaches).
LECTURES = [n for n in LESSONS if framed(read_lesson(ROOT / "notebooks" / f"{n}.ipynb"))]
#: The smallest scale a slide may be shown at to fit (below it, the rule should split the slide).
READABLE = 0.5


def test_every_lesson_gets_a_slide_per_section_and_skips_its_set_up_cell():
    for lesson in read_lessons(ROOT / "notebooks"):
        types = slide_types(list(lesson.cells))
        assert set(types) <= set(SLIDE_TYPES)
        headings = [i for i, c in enumerate(lesson.cells) if "".join(c["source"]).startswith("## ")]
        assert [i for i, t in enumerate(types) if t == "slide"] == [0, *headings]
        setup = next(i for i, c in enumerate(lesson.cells) if c["cell_type"] == "code")
        assert types[setup] == "skip"


def test_a_predictions_answer_is_never_on_the_slide_of_its_question():
    for lesson in read_lessons(ROOT / "notebooks"):
        types = slide_types(list(lesson.cells))
        answers = [i for i, c in enumerate(lesson.cells) if PREDICT in c.get("metadata", {}).get("tags", [])]
        assert [types[i] for i in answers] == ["subslide"] * len(answers), lesson.number


def test_an_override_in_the_lesson_metadata_wins_and_a_wrong_one_is_named():
    cells = [
        {"cell_type": "markdown", "metadata": {}, "source": "# 09 · T"},
        {"cell_type": "markdown", "metadata": {"posenc": {"slide": "fragment"}}, "source": "## S · 1 min"},
        {"cell_type": "code", "metadata": {}, "source": "\n".join(["x = 1"] * 13), "outputs": []},
    ]
    assert slide_types(cells) == ["slide", "fragment", "subslide"]  # 13 lines: long code gets its own sub-slide
    cells[2]["metadata"] = {"posenc": {"slide": "sideways"}}
    with pytest.raises(ValueError, match="'sideways'; it must be one of"):
        slide_types(cells)


@pytest.fixture(scope="module")
def slides(tmp_path_factory, static_lessons):
    if NO_NPM:
        pytest.skip("npm is needed to fetch the slides' browser bundles: apt-get install npm")
    if missing_browser_reason() is not None:  # asked first, so the lessons are not run for nothing
        pytest.skip(missing_browser_reason())
    from tools.build_site import course_binder_url
    from tools.build_slides import build

    out = tmp_path_factory.mktemp("slides") / "slides"
    build(out, course_binder_url(), ROOT / "build" / "npm-cache", run_lesson=static_lessons)
    return out


@pytest.fixture(scope="module")
def browser(slides):
    with open_browser() as chromium:
        yield chromium


def open_deck(browser, deck: Path):
    """Open a deck from its file at 1280 x 720, every request that leaves the files blocked and recorded,
    once reveal.js is ready; return the page and what was seen."""
    page, seen = open_page(browser, deck.as_uri(), "file://")
    page.set_viewport_size({"width": 1280, "height": 720})
    page.wait_for_function("() => document.body.dataset.posencSlides === 'ready'", timeout=30_000)
    return page, seen


VISIT = """async () => {
  const wait = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const out = [];
  const slides = Reveal.getSlides();
  for (const slide of slides) {
    const at = Reveal.getIndices(slide);
    Reveal.slide(at.h, at.v);
    await wait();
    const box = document.querySelector('.reveal .slides').getBoundingClientRect();
    // what an element shows: its box, cut by every ancestor that clips its overflow (KaTeX draws
    // a square root's line very long and clips it; its MathML copy is clipped to one pixel)
    const limits = new Map();
    const limit = el => {
      if (!el || el === slide) { return {right: Infinity, bottom: Infinity}; }
      if (limits.has(el)) { return limits.get(el); }
      const up = limit(el.parentElement), style = getComputedStyle(el), r = el.getBoundingClientRect();
      const out = {right: style.overflowX === 'visible' ? up.right : Math.min(up.right, r.right),
                   bottom: style.overflowY === 'visible' ? up.bottom : Math.min(up.bottom, r.bottom)};
      limits.set(el, out);
      return out;
    };
    let bottom = 0, right = 0;
    for (const el of slide.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width && r.height && getComputedStyle(el).visibility !== 'hidden' && !el.closest('aside.notes')) {
        const cut = limit(el.parentElement);
        bottom = Math.max(bottom, Math.min(r.bottom, cut.bottom)); right = Math.max(right, Math.min(r.right, cut.right));
      }
    }
    out.push({h: at.h, v: at.v, scale: Number(slide.dataset.posencScale || 1),
              words: slide.innerText.trim().length, images: slide.querySelectorAll('img, svg').length,
              over: Math.max(0, bottom - box.bottom), wide: Math.max(0, right - box.right)});
  }
  return out;
}"""


def sliders_answer_their_keys(page, count: int) -> None:
    """Move each of the deck's `count` prerendered sliders by an arrow key on its focused handle: the picture
    changes, the slide does not turn, and slider and picture agree."""
    for i in range(count):
        page.evaluate(
            "i => { const s = document.querySelectorAll('.posenc-static')[i].closest('section');"
            " const at = Reveal.getIndices(s); Reveal.slide(at.h, at.v); }",
            i,
        )
        before = shown_frame(page, i)
        at = page.evaluate("JSON.stringify(Reveal.getIndices())")
        page.locator(".posenc-static .posenc-static-slider .noUi-handle").nth(i).focus()
        page.keyboard.press("ArrowRight")
        after = frame_after_key(page, i, before)
        if after["label"] == before["label"]:  # at its end: the other way
            page.keyboard.press("ArrowLeft")
            page.keyboard.press("ArrowLeft")
            after = frame_after_key(page, i, before)
        assert after["src"] != before["src"], f"explorer {i + 1}: the picture did not change"
        # the arrow keys were the slider's: the deck did not turn the slide
        assert page.evaluate("JSON.stringify(Reveal.getIndices())") == at, f"explorer {i + 1}: the slide turned"
        assert after["shown"] == after["index"], f"explorer {i + 1}: slider and picture disagree"


@pytest.fixture(scope="module")
def deck(request, browser, slides):
    """A lesson's deck (the test's parameter names the lesson), opened once for the tests that read it: pytest
    runs a module-scoped parameter's tests one after another, then closes it. Its name, page and what was seen."""
    page, seen = open_deck(browser, slides / f"{request.param}.html")
    yield request.param, page, seen
    page.context.close()


@pytest.mark.site
@pytest.mark.browser
@pytest.mark.parametrize("deck", LESSONS, indirect=True)
def test_every_slide_renders_and_fits_at_1280_by_720_with_no_network(deck):
    name, page, seen = deck
    page.wait_for_function(
        "() => Array.from(document.images).every(img => img.complete && img.naturalWidth > 0)", timeout=30_000
    )
    visited = page.evaluate(VISIT)
    assert len(visited) > len(read_lessons(ROOT / "notebooks")[LESSONS.index(name)].sections)
    empty = [(s["h"], s["v"]) for s in visited if not s["words"] and not s["images"]]
    assert empty == [], f"slides with nothing on them: {empty}"
    cut = [(s["h"], s["v"], round(s["over"]), round(s["wide"])) for s in visited if s["over"] > 2 or s["wide"] > 2]
    assert cut == [], f"slides cut off (h, v, pixels below, pixels right): {cut}"
    small = [(s["h"], s["v"], s["scale"]) for s in visited if s["scale"] < READABLE]
    assert small == [], f"slides scaled below {READABLE} to fit: {small}"
    if has_maths(name):
        assert page.locator(".katex").count() > 0 and page.locator(".katex-error").count() == 0
    assert seen["outside"] == [] and seen["failed"] == [] and seen["console"] == []


@pytest.mark.site
@pytest.mark.browser
@pytest.mark.parametrize("deck", [n for n in LESSONS if explorer_calls(n)], indirect=True)
def test_each_explorer_slider_switches_frames_in_the_slides(deck):
    name, page, seen = deck
    page.wait_for_function(
        "n => document.querySelectorAll('.posenc-static .posenc-static-slider .noUi-handle').length >= n",
        arg=explorer_calls(name),
        timeout=30_000,
    )
    sliders_answer_their_keys(page, explorer_calls(name))
    assert seen["outside"] == [] and seen["console"] == []


ON_SCREEN = """() => { const deck = document.querySelector('.reveal .slides').cloneNode(true);
  deck.querySelectorAll('aside.notes').forEach(note => note.remove()); return deck.textContent; }"""


@pytest.mark.site
@pytest.mark.browser
@pytest.mark.parametrize("name", LECTURES)
def test_a_lecture_deck_shows_each_framing_fits_and_its_sliders_keep_their_keys(browser, slides, name):
    from tests.test_lecture import _MINUTES

    sections = framed(read_lesson(ROOT / "notebooks" / f"{name}.ipynb"))
    page, seen = open_deck(browser, slides / f"{name}-lecture.html")
    try:
        page.wait_for_function(
            "() => Array.from(document.images).every(img => img.complete && img.naturalWidth > 0)", timeout=30_000
        )
        visited = page.evaluate(VISIT)
        assert len({s["h"] for s in visited}) == 1 + len(sections)  # the title, then a slide per framing
        assert [(s["h"], s["v"]) for s in visited if not s["words"] and not s["images"]] == []
        assert [(s["h"], s["v"]) for s in visited if s["over"] > 2 or s["wide"] > 2] == []
        assert [(s["h"], s["v"]) for s in visited if s["scale"] < READABLE] == []
        shown = page.evaluate(ON_SCREEN)
        assert _MINUTES.search(shown) is None, _MINUTES.search(shown)  # no self-study minutes on a slide
        questions = page.locator(".fragment", has_text=FOR_THE_ROOM.strip("*"))
        assert questions.count() == len(sections)  # each question on the next key
        assert page.locator("aside.notes").count() == len(sections)
        figures = [s.figure_cell() for s in sections if s.figure_cell() is not None]
        explorers = sum(1 for cell in figures if "_explorer(" in "".join(cell["source"]))
        assert page.locator(".posenc-static").count() == explorers
        sliders_answer_their_keys(page, explorers)
        assert page.locator(".katex").count() > 0 and page.locator(".katex-error").count() == 0
        assert seen["outside"] == [] and seen["failed"] == [] and seen["console"] == []
    finally:
        page.context.close()


@pytest.mark.site
def test_the_index_lists_every_deck_and_the_speaker_notes_hold_the_instructor_notes(slides):
    index = (slides / "index.html").read_text(encoding="utf-8")
    assert all(f"href='{name}.html'" in index for name in LESSONS)
    assert all(f"href='{name}-lecture.html'" in index for name in LECTURES) and len(LECTURES) >= 5
    for name in LESSONS:
        nb = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
        noted = [
            c
            for c in nb["cells"]
            if "".join(c["source"]).startswith("## ") and c.get("metadata", {}).get("posenc", {}).get("instructor")
        ]
        deck = (slides / f"{name}.html").read_text(encoding="utf-8")
        assert deck.count('<aside class="notes">') == len(noted), name  # one speaker note per noted section
