"""The static site, built by ``tools/build_site.py``, in headless Chromium with no kernel at all.

Every page is opened twice, served on 127.0.0.1 and from ``file://``, with every request
that leaves the site blocked and recorded. The tests assert: no request leaves the site,
none fails, no console error, every image is drawn, the maths is typeset, and for every
explorer's main slider a key press shows the next prerendered frame (the picture and the
readout change together, to the frame the slider names). Selected with ``-m browser``, since
building the site runs every lesson; the link check needs the built site but not Chromium, so it
runs where Chromium is missing. The build's parts are tested on tiny lessons, with no browser,
npm or kernel, in ``tests/test_site_build.py``.
"""

from __future__ import annotations

import functools
import http.server
import json
import re
import shutil
import threading
from pathlib import Path

import pytest

from tests.answer_key import leaks
from tools.build_site import broken_links, build, course_binder_url
from tools.labdriver import missing_browser_reason, open_browser

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
PAGES = ["index", "glossary", *LESSONS]  # the index and the glossary have no explorers

NO_NPM = shutil.which("npm") is None and not any((ROOT / "build" / "npm-cache").glob("*.tgz"))

pytestmark = [
    pytest.mark.site,  # every test here needs the built site, which runs every lesson
    pytest.mark.skipif(NO_NPM, reason="npm is needed to fetch the site's browser bundles: apt-get install npm"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory, static_lessons):
    """The learner site; the student site, from the same run, is beside it (`student_site`)."""
    out = tmp_path_factory.mktemp("site") / "site"
    build(
        out,
        course_binder_url(),
        ROOT / "build" / "npm-cache",
        student_out=out.parent / "site-student",
        run_lesson=static_lessons,
    )
    return out


@pytest.fixture(scope="module")
def student_site(site):
    return site.parent / "site-student"


@pytest.fixture(scope="module")
def server(site):
    handler = functools.partial(QuietHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep pytest's output readable
        pass


@pytest.fixture(scope="module")
def browser():
    if missing_browser_reason() is not None:  # asked for first, so the site is not built for nothing
        pytest.skip(missing_browser_reason())
    with open_browser() as chromium:
        yield chromium


def open_page(browser, url: str, origin: str) -> tuple[object, dict]:
    """Open `url` with every request outside `origin` blocked; return the page and what was seen."""
    seen = {"outside": [], "failed": [], "console": []}
    context = browser.new_context(viewport={"width": 1280, "height": 900})

    def route(request_route):
        url = request_route.request.url
        if url.startswith(origin) or url.startswith(("data:", "blob:")):
            request_route.continue_()
        else:
            seen["outside"].append(url)
            request_route.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.on("requestfailed", lambda r: seen["failed"].append(f"{r.url}: {r.failure}"))
    page.on("console", lambda m: m.type == "error" and seen["console"].append(m.text))
    page.on("pageerror", lambda e: seen["console"].append(str(e)))
    page.goto(url, wait_until="load")
    return page, seen


def wait_for_widgets(page, name: str) -> int:
    """Wait until every saved widget view is rendered; return how many static explorers there are."""
    if name not in LESSONS:
        return 0
    expected = page.evaluate(
        "() => document.querySelectorAll('script[type=\"application/vnd.jupyter.widget-view+json\"]').length"
    )
    page.wait_for_function(
        "n => document.querySelectorAll('.jupyter-widgets.widget-container, .jupyter-widgets').length >= n",
        arg=expected,  # each saved view renders at least one such element: all of them, not just the first
        timeout=30_000,
    )
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.posenc-static .posenc-frames img'))"
        ".every(img => img.complete && img.naturalWidth > 0)",
        timeout=30_000,
    )
    return page.locator(".posenc-static").count()


def shown_frame(page, index: int) -> dict:
    """The slider's label, and the readout and picture its explorer shows now."""
    return page.evaluate(
        """i => {
        const box = document.querySelectorAll('.posenc-static')[i];
        const visible = el => el.offsetParent !== null;
        const img = Array.from(box.querySelectorAll('.posenc-frames img')).find(visible);
        const words = Array.from(box.querySelectorAll('.posenc-readout .widget-html-content')).find(visible);
        const label = box.querySelector('.posenc-static-slider .widget-readout');
        const handle = box.querySelector('.posenc-static-slider .noUi-handle');
        const frame = img && Array.from(img.classList).find(c => c.startsWith('posenc-frame-'));
        return {src: img && img.src, words: words && words.textContent, label: label && label.textContent,
                shown: frame ? Number(frame.slice(13)) : null,
                index: handle && Number(handle.getAttribute('aria-valuenow'))};
        }""",
        index,
    )


def frame_after_key(page, index: int, before: dict) -> dict:
    """What explorer `index` shows once its slider's label has moved on from `before` (or after 2 s, if it never does)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout  # here: without playwright the module skips

    try:
        page.wait_for_function(
            "([i, label]) => document.querySelectorAll('.posenc-static')[i]"
            ".querySelector('.posenc-static-slider .widget-readout').textContent !== label",
            arg=[index, before["label"]],
            timeout=2_000,
        )
    except PlaywrightTimeout:  # at the end of its range: the caller presses the other way
        pass
    return shown_frame(page, index)


def explorer_calls(name: str) -> int:
    """How many explorers the lesson displays (one per code cell that calls a builder)."""
    nb = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
    pattern = re.compile(r"widgets\.(\w+_explorer|environment_check)\(")
    return sum(1 for c in nb["cells"] if c["cell_type"] == "code" and pattern.search("".join(c["source"])))


def has_maths(name: str) -> bool:
    nb = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
    return any(c["cell_type"] == "markdown" and "$" in "".join(c["source"]) for c in nb["cells"])


def check_page(page, seen: dict, name: str) -> list[str]:
    problems = []
    explorers = wait_for_widgets(page, name)
    if name in LESSONS and explorers != explorer_calls(name):
        problems.append(f"{explorers} static explorers on the page; the lesson displays {explorer_calls(name)}")
    broken = page.evaluate(
        "() => Array.from(document.images).filter(img => !(img.complete && img.naturalWidth > 0)).length"
    )
    if broken:
        problems.append(f"{broken} images not drawn")
    for i in range(explorers):
        before = shown_frame(page, i)
        page.locator(".posenc-static .posenc-static-slider .noUi-handle").nth(i).focus()
        page.keyboard.press("ArrowRight")
        after = frame_after_key(page, i, before)
        if after["label"] == before["label"]:  # the slider started at its end: go the other way
            page.keyboard.press("ArrowLeft")
            page.keyboard.press("ArrowLeft")
            after = frame_after_key(page, i, before)
        if after["src"] == before["src"]:
            problems.append(f"explorer {i + 1}: the picture did not change on a key press")
        if after["shown"] != after["index"]:
            problems.append(
                f"explorer {i + 1}: the slider is at frame {after['index']}, the page shows frame {after['shown']}"
            )
        if after["label"] and after["label"] not in (after["words"] or ""):
            problems.append(
                f"explorer {i + 1}: readout {after['words']!r} does not show the slider's {after['label']!r}"
            )
    fonts = page.evaluate(
        """() => {
        const font = el => getComputedStyle(el).fontFamily;
        const text = document.querySelector('.jp-RenderedMarkdown p');
        const widgets = document.querySelectorAll('.widget-label, .widget-readout, .widget-html-content');
        return {text: text && font(text), widgets: Array.from(new Set(Array.from(widgets, font)))};
        }"""
    )
    if fonts["text"] and fonts["widgets"] and fonts["widgets"] != [fonts["text"]]:
        problems.append(f"the widgets' labels and readouts are in {fonts['widgets']}, the text in {fonts['text']!r}")
    problems += [f"request left the site: {u}" for u in seen["outside"]]
    problems += [f"request failed: {f}" for f in seen["failed"]]
    problems += [f"console error: {c}" for c in seen["console"]]
    return problems


@pytest.mark.browser
@pytest.mark.parametrize("name", PAGES)
def test_page_served_on_localhost_works_with_no_kernel_and_no_network(browser, server, name):
    page, seen = open_page(browser, f"{server}/{name}.html", server)
    try:
        assert check_page(page, seen, name) == []
        if name in LESSONS and has_maths(name):
            assert page.locator(".katex").count() > 0, "the maths is not typeset"
            assert page.locator(".katex-error").count() == 0, "KaTeX could not typeset some maths"
            flat = page.evaluate(
                "() => Array.from(document.querySelectorAll('.katex svg'))"
                ".filter(s => s.getBoundingClientRect().height === 0).length"
            )
            assert flat == 0, f"{flat} of KaTeX's drawings (square roots) have no height: a stylesheet flattens them"
    finally:
        page.context.close()


@pytest.mark.browser
@pytest.mark.parametrize("name", PAGES)
def test_page_opened_from_a_file_works_too(browser, site, name):
    url = (site / f"{name}.html").as_uri()
    page, seen = open_page(browser, url, "file://")
    try:
        assert check_page(page, seen, name) == []
    finally:
        page.context.close()


@pytest.mark.browser
def test_a_request_to_the_network_is_caught(browser, server, tmp_path):
    page, seen = open_page(browser, f"{server}/index.html", server)
    try:
        # evaluate waits for the fetch, which ends only once the route has caught (and recorded) it
        page.evaluate("() => fetch('https://cdn.jsdelivr.net/npm/katex').catch(() => null)")
        assert seen["outside"] == ["https://cdn.jsdelivr.net/npm/katex"]
    finally:
        page.context.close()


def test_every_relative_link_resolves(site):
    assert broken_links(site) == []  # the build checks it too, before it puts the site in place
    assert 'href="07_train_short_test_long.html"' in (site / "06_alibi_and_extrapolation.html").read_text(
        encoding="utf-8"
    )
    assert 'href="08_recap_and_capstone.html"' in (site / "07_train_short_test_long.html").read_text(encoding="utf-8")


def test_the_student_site_holds_nothing_of_the_answer_key(student_site):
    pages = sorted(student_site.glob("*.html"))
    assert [p.stem for p in pages] == sorted(PAGES)
    found = [leak for page in pages for leak in leaks(page.read_text(encoding="utf-8"), page.name)]
    assert found == []
    assert broken_links(student_site) == []


def test_the_learner_site_folds_its_answers_and_holds_no_guide_and_no_note(site):
    assert sorted(p.stem for p in site.glob("*.html")) == sorted(PAGES), "no instructor guide among the pages"
    found = [leak for page in site.glob("*.html") for leak in leaks(page.read_text(encoding="utf-8"), page.name)]
    assert [leak for leak in found if "Instructor" in leak or "instructor" in leak] == []
    assert any("Answer and why" in leak for leak in found), "a self-learner's site folds each quiz's answer"


@pytest.mark.browser
def test_a_student_page_works_with_no_kernel_and_shows_its_quiz_without_the_answer(browser, student_site):
    name = "02_sinusoidal_formula"
    page, seen = open_page(browser, (student_site / f"{name}.html").as_uri(), "file://")
    try:
        assert check_page(page, seen, name) == []
        assert "Decide on your answer" in page.inner_text("body")
    finally:
        page.context.close()


@pytest.mark.browser
@pytest.mark.skipif(missing_browser_reason() is not None, reason=str(missing_browser_reason()))
def test_the_site_benchmark_times_one_lessons_slider_on_the_page_and_live(site):
    # one repetition on lesson 00, on the site built above (the benchmark's own build is timed by make bench)
    import subprocess
    import sys

    run = subprocess.run(
        [sys.executable, "-m", "benchmarks.bench_widgets", "--only", "site", "--reps", "1", "--lessons", "00"]
        + ["--site", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0 and "these parts failed" not in run.stdout + run.stderr, run.stderr[-3000:]
    assert "lesson 00" in run.stdout, run.stdout[-2000:]
