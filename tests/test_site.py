"""The static site, built by ``tools/build_site.py``, in headless Chromium with no kernel at all.

Every page is opened twice, served on 127.0.0.1 and from ``file://``, with every request
that leaves the site blocked and recorded. The tests assert: no request leaves the site,
none fails, no console error, every image is drawn, the maths is typeset, and for every
explorer's main slider a key press shows the next prerendered frame (the picture and the
readout change together, to the frame the slider names). Selected with ``-m browser``.
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

from tools.build_site import build, readme_binder_url
from tools.labdriver import missing_browser_reason, open_browser

ROOT = Path(__file__).resolve().parents[1]
PAGES = ["index"] + sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))

NO_NPM = shutil.which("npm") is None and not any((ROOT / "build" / "npm-cache").glob("*.tgz"))

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(missing_browser_reason() is not None, reason=str(missing_browser_reason())),
    pytest.mark.skipif(NO_NPM, reason="npm is needed to fetch the site's browser bundles: apt-get install npm"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site") / "site"
    build(out, readme_binder_url(), ROOT / "build" / "npm-cache")
    return out


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
    if name == "index":
        return 0
    expected = page.evaluate(
        "() => document.querySelectorAll('script[type=\"application/vnd.jupyter.widget-view+json\"]').length"
    )
    page.wait_for_function(
        "n => document.querySelectorAll('.jupyter-widgets.widget-container, .jupyter-widgets').length >= n",
        arg=min(expected, 1),
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
    if name != "index" and explorers != explorer_calls(name):
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
        page.wait_for_timeout(50)
        after = shown_frame(page, i)
        if after["label"] == before["label"]:  # the slider started at its end: go the other way
            page.keyboard.press("ArrowLeft")
            page.keyboard.press("ArrowLeft")
            page.wait_for_timeout(50)
            after = shown_frame(page, i)
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
    problems += [f"request left the site: {u}" for u in seen["outside"]]
    problems += [f"request failed: {f}" for f in seen["failed"]]
    problems += [f"console error: {c}" for c in seen["console"]]
    return problems


@pytest.mark.parametrize("name", PAGES)
def test_page_served_on_localhost_works_with_no_kernel_and_no_network(browser, server, name):
    page, seen = open_page(browser, f"{server}/{name}.html", server)
    try:
        assert check_page(page, seen, name) == []
        if name != "index" and has_maths(name):
            assert page.locator(".katex").count() > 0, "the maths is not typeset"
            assert page.locator(".katex-error").count() == 0, "KaTeX could not typeset some maths"
            flat = page.evaluate(
                "() => Array.from(document.querySelectorAll('.katex svg'))"
                ".filter(s => s.getBoundingClientRect().height === 0).length"
            )
            assert flat == 0, f"{flat} of KaTeX's drawings (square roots) have no height: a stylesheet flattens them"
    finally:
        page.context.close()


@pytest.mark.parametrize("name", PAGES)
def test_page_opened_from_a_file_works_too(browser, site, name):
    url = (site / f"{name}.html").as_uri()
    page, seen = open_page(browser, url, "file://")
    try:
        assert check_page(page, seen, name) == []
    finally:
        page.context.close()


def test_a_request_to_the_network_is_caught(browser, server, tmp_path):
    page, seen = open_page(browser, f"{server}/index.html", server)
    try:
        page.evaluate("() => fetch('https://cdn.jsdelivr.net/npm/katex').catch(() => null)")
        page.wait_for_timeout(200)
        assert seen["outside"] == ["https://cdn.jsdelivr.net/npm/katex"]
    finally:
        page.context.close()


def test_every_relative_link_resolves(site):
    for page in sorted(site.glob("*.html")):
        for href in re.findall(r'(?:href|src)="([^"#:?]+)"', page.read_text(encoding="utf-8")):
            assert (site / href).exists(), f"{page.name} links to {href}, which the site does not have"
    assert 'href="07_recap_and_capstone.html"' in (site / "06_alibi_and_extrapolation.html").read_text(encoding="utf-8")
