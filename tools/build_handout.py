"""Build the course's printable handout, ``handout.html`` and ``handout.pdf`` (A4); ``make kit`` runs it.

    python -m tools.build_handout [--out build/kit/handout]

One page per lesson: its number and title, its promise, its objectives, the bullets of its
"Lock it in" section (each **Think!** prompt as a question, its folded model answer left in the
lesson) and the terms of its "Words you need" boxes. Then a page with lesson 08's comparison
table, and the course glossary on as many pages as it takes. Every page's footer names the course
and its version. The lessons are read by :mod:`posenc_course.lessons`, the table by
:mod:`posenc.checks.recap`, the markdown rendered by mistune (nbconvert's own).

KaTeX, copied beside the page from the npm tarball the static site ships (``site/assets.json``,
through :func:`tools.assets.unpack_assets`), typesets the maths, so the page makes no request
outside its folder. Headless Chromium (:func:`tools.labdriver.open_browser`) then fits each
one-page part to its page, stepping its type down from 10.5 pt to 9 pt where needed, stops the
build naming a part that does not fit even then, and prints the PDF. Without Chromium only the
HTML is written, and the build says what to install. The page's look is ``tools/handout.css``.
"""

from __future__ import annotations

import argparse
import html
import json
import re
import shutil
import tempfile
import time
import urllib.parse
from pathlib import Path

import mistune

import posenc
from posenc.checks.recap import COLUMNS, comparison_table_answer
from posenc_course.lessons import Lesson, cell_source, read_glossary, read_lessons
from tools.assets import STATIC, unpack_assets
from tools.build_site import COURSE
from tools.labdriver import missing_browser_reason, open_browser

ROOT = Path(__file__).resolve().parents[1]


NOTEBOOKS = ROOT / "notebooks"
GLOSSARY = ROOT / "docs" / "glossary.md"
CACHE = ROOT / "build" / "npm-cache"
LOCK_IT_IN = "Lock it in"
THINK = "**Think!**"
NO_ANSWER = "model answer: in the learner edition of the lesson, or from your instructor"
CSS = Path(__file__).with_name("handout.css")
#: The type of a one-page part, largest first: the first size at which the part fits its page is kept.
SIZES = (10.5, 10.0, 9.5, 9.0)
_FOLDED = re.compile(r"<details\b[^>]*>.*?</details>", re.S)


def first_list(markdown: str) -> list[str]:
    """The items of the first bulleted list in `markdown`, folded ``<details>`` left out.

    The list may run over blank lines and cells; an indented line continues an item, and the
    first other line after the list ends it.

    Examples
    --------
    >>> first_list("## Lock it in\\n\\n- one\\n  more\\n\\n- two\\n<details>x</details>\\n**Next:** on")
    ['one more', 'two']
    """
    items: list[str] = []
    for line in _FOLDED.sub("", markdown).splitlines():
        if line.startswith("- "):
            items.append(line[2:].strip())
        elif items and line.startswith("  ") and line.strip():
            items[-1] += " " + line.strip()
        elif items and line.strip():
            break
    return items


def lock_it_in(lesson: Lesson) -> tuple[list[str], list[str]]:
    """The bullets of `lesson`'s "Lock it in" section, and its **Think!** prompts (without the prefix)."""
    section = next((s for s in lesson.sections if s.title == LOCK_IT_IN), None)
    if section is None:
        raise SystemExit(f"lesson {lesson.number} has no '{LOCK_IT_IN}' section: the handout prints its bullets.")
    items = first_list("\n\n".join(cell_source(c) for c in section.cells if c.get("cell_type") == "markdown"))
    prompts = [item[len(THINK) :].strip() for item in items if item.startswith(THINK)]
    takeaways = [item for item in items if not item.startswith(THINK)]
    if not takeaways:
        raise SystemExit(f"lesson {lesson.number}: its '{LOCK_IT_IN}' section has no bulleted list.")
    return takeaways, prompts


class _Renderer(mistune.HTMLRenderer):
    """mistune's HTML (raw HTML escaped), where a relative link (to a notebook, say) is only its text."""

    def link(self, text: str, url: str, title: str | None = None) -> str:
        return super().link(text, url, title) if urllib.parse.urlsplit(url).scheme else text


_MARKDOWN = mistune.create_markdown(renderer=_Renderer(), plugins=["math"])


def inline(markdown: str) -> str:
    """One line of markdown as HTML without its paragraph; maths is left as ``\\(...\\)`` for KaTeX.

    Examples
    --------
    >>> inline("**RoPE** turns $q_m$, see [lesson 05](05_rope.ipynb)")
    '<strong>RoPE</strong> turns <span class="math">\\\\(q_m\\\\)</span>, see lesson 05'
    """
    rendered = str(_MARKDOWN(markdown)).strip()
    if rendered.startswith("<p>") and rendered.endswith("</p>") and rendered.count("<p>") == 1:
        return rendered[3:-4]
    return rendered


def bullets(items: tuple[str, ...] | list[str], kind: str = "") -> str:
    """A list of markdown `items` as HTML, of CSS class `kind`."""
    return f'<ul class="{kind}">' + "".join(f"<li>{inline(item)}</li>" for item in items) + "</ul>"


def terms_html(terms: dict[str, str], where: dict[str, str] | None = None) -> str:
    """Each term in bold with its definition; `where` adds the lesson that first needs it."""
    found = where or {}
    return "".join(
        f'<p class="term"><b>{inline(term)}</b>: {inline(text)}'
        + (f' <span class="where">(lesson {found[term]})</span>' if term in found else "")
        + "</p>"
        for term, text in terms.items()
    )


def lesson_html(lesson: Lesson) -> str:
    """The page of one lesson."""
    takeaways, prompts = lock_it_in(lesson)
    parts = [
        f'<h2><span class="number">{lesson.number}</span> · {inline(lesson.title)}</h2>',
        f'<p class="promise"><b>In this lesson:</b> {inline(lesson.promise)}</p>',
        "<h3>By the end you will be able to</h3>" + bullets(lesson.objectives),
        f"<h3>{LOCK_IT_IN}</h3>" + bullets(takeaways),
    ]
    if prompts:
        parts.append("<h3>Think!</h3>" + bullets([f"{prompt} *({NO_ANSWER})*" for prompt in prompts], "think"))
    if lesson.terms:
        parts.append('<h3>Words you need</h3><div class="terms">' + terms_html(lesson.terms) + "</div>")
    return "".join(parts)


def table_html(lessons: list[Lesson]) -> str:
    """The page of the comparison table: a row per scheme, a column per column of the exercise."""
    answer = comparison_table_answer()
    source = next(
        (
            f"lesson {lesson.number}'s exercise in “{section.title}”"
            for lesson in lessons
            for section in lesson.sections
            if any("check_comparison_table" in cell_source(c) for c in section.cells)
        ),
        "lesson 08's exercise",
    )
    head = "<tr><th>scheme</th>" + "".join(f"<th>{html.escape(c)}</th>" for c in COLUMNS) + "</tr>"
    rows = "".join(
        f"<tr><th>{html.escape(scheme)}</th>" + "".join(f"<td>{html.escape(cells[c])}</td>" for c in COLUMNS) + "</tr>"
        for scheme, cells in answer.items()
    )
    return (
        "<h2>The comparison table</h2>"
        f'<p class="promise">The filled-in table of {source}, as its checker holds it '
        "(<code>posenc.checks.recap</code>).</p>"
        f'<table class="compare">{head}{rows}</table>'
    )


def glossary_html(glossary: dict[str, str], lessons: list[Lesson]) -> str:
    """Every term of the course glossary, with the lesson that first needs it."""
    first: dict[str, str] = {}
    for lesson in lessons:
        for term in lesson.terms:
            first.setdefault(term, lesson.number)
    return (
        "<h2>Glossary</h2>"
        f'<p class="promise">Every term the lessons teach ({len(glossary)}), as in the course glossary '
        "(<code>docs/glossary.md</code>), with the lesson that first needs it.</p>"
        f'<div class="glossary">{terms_html(glossary, first)}</div>'
    )


MATHS_JS = """
document.addEventListener("DOMContentLoaded", function () {
  renderMathInElement(document.body, {delimiters: [{left: "\\\\(", right: "\\\\)", display: false},
    {left: "$$", right: "$$", display: true}], throwOnError: false});
  document.body.dataset.maths = "done";
});
"""


def document(
    parts: list[tuple[str, str]],
    flow: str = "",
    sizes: dict[str, float] | None = None,
    flowing: frozenset[str] = frozenset(),
) -> str:
    """A handout page: each of `parts` (id, body) on one A4 page, then `flow` over as many as it takes; `sizes`
    gives a part (by its id) a smaller type, in pt; a part named in `flowing` starts a page and runs over as many
    as it takes, instead of being held to one."""
    footer = json.dumps(f"{COURSE} · course version {posenc.__version__}", ensure_ascii=False)
    sheets = "".join(
        f'<section class="part {"flow" if name in flowing else "sheet"}" id="{name}" '
        f'style="font-size: {(sizes or {}).get(name, SIZES[0])}pt"><div class="fill">{body}</div></section>'
        for name, body in parts
    )
    return (
        f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>{html.escape(COURSE)}: handout</title>'
        f'<link rel="stylesheet" href="katex/katex.min.css"><script src="katex/katex.min.js"></script>'
        f'<script src="katex/auto-render.min.js"></script><script>{MATHS_JS}</script>'
        f"<style>{CSS.read_text(encoding='utf-8').replace('FOOTER', footer)}</style></head><body>"
        f'<p class="screen-note">{html.escape(COURSE)}, course version {posenc.__version__}: the handout, '
        "made to be printed on A4 (or use the PDF of the same name beside this page). Maths typeset by KaTeX "
        "(MIT licence: <code>katex/LICENSE.txt</code>).</p>"
        f"{sheets}{flow}</body></html>\n"
    )


def handout_html(lessons: list[Lesson], glossary: dict[str, str], sizes: dict[str, float] | None = None) -> str:
    """The whole handout as one page; `sizes` gives a one-page part (by its id) a smaller type, in pt."""
    parts = [(f"lesson-{lesson.number}", lesson_html(lesson)) for lesson in lessons]
    parts.append(("table", table_html(lessons)))
    flow = f'<section class="part flow" id="glossary">{glossary_html(glossary, lessons)}</section>'
    return document(parts, flow, sizes)


def copy_katex(out: Path, cache: Path) -> None:
    """Copy KaTeX (its script, stylesheet, fonts and licence) from the site's cached npm tarball to ``out/katex``."""
    with tempfile.TemporaryDirectory() as scratch:
        unpack_assets(Path(scratch), cache, names={"katex"})
        shutil.rmtree(out / "katex", ignore_errors=True)
        shutil.copytree(Path(scratch) / STATIC / "katex", out / "katex")
        shutil.copy(Path(scratch) / STATIC / "licences" / "katex.txt", out / "katex" / "LICENSE.txt")


FIT_JS = """
(sizes) => Array.from(document.querySelectorAll(".sheet"), sheet => {
  const over = () => sheet.firstElementChild.getBoundingClientRect().height - sheet.clientHeight;
  for (const size of sizes) {
    sheet.style.fontSize = size + "pt";
    if (over() <= 0) return {id: sheet.id, size: size, over: 0};
  }
  return {id: sheet.id, size: null, over: over() * 25.4 / 96};
})
"""


def open_handout(browser, path: Path):
    """A page of `browser` showing the handout at `path` as it prints, its maths typeset and fonts loaded."""
    page = browser.new_page(viewport={"width": 900, "height": 1200})
    page.emulate_media(media="print")
    page.goto(path.resolve().as_uri(), wait_until="load")
    page.wait_for_function("document.body.dataset.maths === 'done'")
    page.evaluate("document.fonts.ready.then(() => true)")
    errors = page.locator(".katex-error").all_inner_texts()
    if errors:
        raise SystemExit(f"{path.name}: KaTeX could not typeset {errors[0]!r}")
    return page


def measured_fit(page, sizes: tuple[float, ...] = SIZES) -> list[dict]:
    """For each one-page part of the open handout, in order: its id, the largest of `sizes` at which it fits its
    page (``None`` if none does) and how far over its page it runs at the smallest, in mm (0 when it fits)."""
    return page.evaluate(FIT_JS, list(sizes))


def fitted_sizes(page, sizes: tuple[float, ...] = SIZES) -> dict[str, float]:
    """The largest of `sizes` (:data:`SIZES` unless said) at which each one-page part of the open handout fits
    its page.

    Parameters
    ----------
    page : playwright.sync_api.Page
        The handout, opened by :func:`open_handout` (laid out for print).
    sizes : tuple of float
        The type sizes to try, in pt, largest first.

    Returns
    -------
    dict of str to float
        The type size in pt of each part, by its id (``lesson-02``, ``table``).

    Raises
    ------
    SystemExit
        Naming each part that does not fit even at the smallest size, and by how much.
    """
    found = measured_fit(page, sizes)
    too_long = [f"{f['id']} is {f['over']:.0f} mm too long" for f in found if f["size"] is None]
    if too_long:
        raise SystemExit(
            f"the handout's parts must fit one A4 page each, even at {sizes[-1]} pt: {'; '.join(too_long)}. "
            "Shorten what the lesson prints there (its objectives, Lock it in, Words you need)."
        )
    return {f["id"]: f["size"] for f in found}


def print_pdf(page, target: Path) -> None:
    """Print the open handout to `target`, with the page size, margins and footer of its CSS."""
    page.pdf(path=str(target), prefer_css_page_size=True, print_background=True)


def build(out: Path, cache: Path = CACHE, notebooks: Path = NOTEBOOKS, glossary: Path = GLOSSARY) -> list[Path]:
    """Write ``handout.html`` (with KaTeX beside it) and, where Chromium is, ``handout.pdf`` in `out`.

    Parameters
    ----------
    out : Path
        The folder to write (made if missing; its ``katex/`` is replaced).
    cache : Path
        The npm cache of the static site's build, where KaTeX's tarball is (fetched once if missing).
    notebooks, glossary : Path
        The lessons' folder and the course glossary.

    Returns
    -------
    list of Path
        The files written: the HTML, and the PDF where Chromium is.
    """
    lessons, terms = read_lessons(notebooks), read_glossary(glossary)
    out.mkdir(parents=True, exist_ok=True)
    copy_katex(out, cache)
    page_path, pdf_path = out / "handout.html", out / "handout.pdf"
    page_path.write_text(handout_html(lessons, terms), encoding="utf-8")
    pdf_path.unlink(missing_ok=True)
    reason = missing_browser_reason()
    if reason is not None:
        print(f"handout: wrote {page_path}, but no PDF: {reason}.")
        return [page_path]
    with open_browser() as browser:
        sizes = fitted_sizes(open_handout(browser, page_path))
        page_path.write_text(handout_html(lessons, terms, sizes), encoding="utf-8")
        print_pdf(open_handout(browser, page_path), pdf_path)
    smaller = {name: size for name, size in sizes.items() if size < SIZES[0]}
    if smaller:
        print("handout: smaller type to fit one page: " + ", ".join(f"{n} {s} pt" for n, s in smaller.items()))
    return [page_path, pdf_path]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = ROOT / "build" / "kit" / "handout"
    parser.add_argument("--out", type=Path, default=default, help="where to write (default build/kit/handout)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    for path in build(args.out):
        print(f"handout: {path} ({path.stat().st_size / 1024:.0f} KiB)")
    print(f"handout: built in {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
