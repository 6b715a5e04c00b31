"""Build every lesson as reveal.js slides whose main sliders work with no kernel: part of ``make kit``.

    python -m tools.build_slides [--out build/kit/slides]

1. Fetches the browser bundles of ``site/assets.json`` (reveal.js 4.x among them) from the npm
   registry by exact version, refusing a tarball whose sha512 differs (``tools/build_site.py``).
2. Runs each lesson in a fresh kernel in static-site mode, as the site does: each explorer then
   shows its main slider's frames, prerendered and switched in the browser.
3. Gives each cell its slide type by the rule of ``course/posenc_course/slides.py`` (each section a slide, long
   code and pictures sub-slides, the set-up cell skipped; a cell's ``metadata.posenc.slide``
   overrides it), puts each section's instructor note in the speaker notes (press S), and exports
   with nbconvert's reveal.js template, extended by ``tools/slides_template`` (the course's own
   files only; 1280 x 720 slides; a slide taller than that is scaled down to fit).
4. For each lesson with framed sections (every section a run sheet uses has one), also writes
   ``NN_name-lecture.html``, the lecture deck of ``course/posenc_course/lecture.py``: a slide per framing
   (the idea, the figure with its code hidden, the question for the room on the next key, a prediction's
   answer a slide below), the section's text and class minutes in the speaker notes, no self-study minutes.
5. Writes ``index.html``, the list of decks with the keys to present them, and the glossary; checks
   that every link between the files resolves.

The slides need nothing from the network. Prints each deck's number of slides and the build time.
"""

from __future__ import annotations

import argparse
import html
import shutil
import time
from pathlib import Path

import nbformat
from nbconvert import SlidesExporter
from traitlets.config import Config

from posenc_course.editions import hint_args, spoken_note
from posenc_course.lecture import FIGURE_TAG, lecture_notebook
from posenc_course.lessons import read_lesson
from posenc_course.slides import slide_types
from tools.assets import KATEX_OPTIONS, STATIC, unpack_assets
from tools.build_site import (
    broken_links,
    course_binder_url,
    execute,
    glossary_page,
    link_pages,
    title_and_minutes,
)

ROOT = Path(__file__).resolve().parents[1]


TEMPLATE = Path(__file__).with_name("slides_template")


def as_slides(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The executed lesson with every cell's slide type set, and each section's instructor note after
    its heading as the speaker's notes."""
    nb = nbformat.from_dict(nb)  # a copy: the caller's notebook is left as it was
    args = hint_args([dict(c) for c in nb.cells])
    cells = []
    for cell, kind in zip(nb.cells, slide_types([dict(c) for c in nb.cells]), strict=True):
        cell.metadata["slideshow"] = {"slide_type": kind}
        cells.append(cell)
        note = spoken_note(dict(cell), args) if cell.cell_type == "markdown" and cell.source.startswith("## ") else None
        if note:
            notes = nbformat.v4.new_markdown_cell("**Instructor note.** " + note)
            notes.metadata["slideshow"] = {"slide_type": "notes"}
            cells.append(notes)
    nb.cells = cells
    return nb


def export(nb: nbformat.NotebookNode, title: str, lecture: bool = False) -> str:
    """One lesson's deck as one HTML page that loads only the slides' own files: the whole lesson, or with
    `lecture`, `nb` is a lecture deck (:func:`posenc_course.lecture.lecture_notebook`), whose figures' code
    is hidden."""
    config = Config()
    config.TagRemovePreprocessor.enabled = True
    config.TagRemovePreprocessor.remove_input_tags = {FIGURE_TAG}
    exporter = SlidesExporter(
        config=config,
        extra_template_basedirs=[str(TEMPLATE.parent)],
        template_name=TEMPLATE.name,
        reveal_url_prefix=f"{STATIC}/reveal.js",
        reveal_theme="white",  # its fonts ship with reveal.js; the exporter's default theme loads its own from the web
        widget_renderer_url=f"{STATIC}/html-manager/embed-amd.js",
        require_js_url=f"{STATIC}/require.js",
    )
    resources = {"site_static": STATIC, "katex_options": KATEX_OPTIONS, "metadata": {"name": title}}
    body, _ = exporter.from_notebook_node(nb if lecture else as_slides(nb), resources=resources)
    return link_pages(body)


def index_page(decks: list[tuple[str, str, int]]) -> str:
    lectures = {name.removesuffix("-lecture"): count for name, _, count in decks if name.endswith("-lecture")}
    rows = "\n".join(
        f"<tr><td>{name[:2]}</td><td>{html.escape(title)}</td>"
        + (
            f"<td><a href='{name}-lecture.html'>lecture</a> ({lectures[name]})</td>"
            if name in lectures
            else "<td></td>"
        )
        + f"<td><a href='{name}.html'>whole lesson</a> ({count})</td></tr>"
        for name, title, count in decks
        if not name.endswith("-lecture")
    )
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Slides: positional encodings in Transformers</title>
<style>body{{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;line-height:1.5}}
td,th{{padding:.3rem .8rem;border-bottom:1px solid #ddd;text-align:left}}table{{border-collapse:collapse}}</style>
</head><body>
<h1>Slides: positional encodings in Transformers</h1>
<p>Two decks per lesson. The <b>lecture</b> deck (for every lesson a run sheet teaches) has a slide for
each section a run sheet uses: its idea, its figure and the question for the room (on the next key; a
prediction's answer one slide down), with the section's text and the class minutes in the speaker notes.
The <b>whole lesson</b> deck, the fallback, is the lesson itself: each section is a slide, and what follows
in the section is below it. <b>Keys</b>: → and ← go from section to section, ↓ and ↑ through a section,
<b>Esc</b> shows every slide, <b>S</b> opens the speaker view with the instructor notes, <b>F</b> is full
screen. Each explorer's main slider works here with no kernel: its pictures were drawn when the slides
were built. The exercises and checks need a running notebook. Every term is in the
<a href='glossary.html'>glossary</a>.</p>
<table><tr><th>#</th><th>lesson</th><th>lecture (slides)</th><th>whole lesson (slides)</th></tr>
{rows}
</table>
</body></html>
"""


def build(out: Path, binder: str, cache: Path, notebooks: Path = ROOT / "notebooks", run_lesson=execute) -> list:
    """Every deck, the index and the glossary into `out` (replaced); returns (name, title, slides) per deck."""
    started = time.perf_counter()
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    unpack_assets(out, cache, use="slides")
    decks = []
    for path in sorted(notebooks.glob("[0-9][0-9]_*.ipynb")):
        nb = run_lesson(path, binder)
        title, _ = title_and_minutes(nb, path.stem)
        page = export(nb, f"{path.stem[:2]} · {title}")
        (out / f"{path.stem}.html").write_text(page, encoding="utf-8")
        count = page.count("<section") - page.count('<section class="stack')
        decks.append((path.stem, title, count))
        print(f"{path.stem}.html: {count} slide elements, {len(page) / 1e6:.2f} MB", flush=True)
        lecture = lecture_notebook(nb, read_lesson(path), hint_args([dict(c) for c in nb.cells]))
        if lecture is not None:
            page = export(lecture, f"{path.stem[:2]} · {title}: lecture", lecture=True)
            (out / f"{path.stem}-lecture.html").write_text(page, encoding="utf-8")
            count = page.count("<section") - page.count('<section class="stack')
            decks.append((f"{path.stem}-lecture", title, count))
            print(f"{path.stem}-lecture.html: {count} slide elements, {len(page) / 1e6:.2f} MB", flush=True)
    (out / "glossary.html").write_text(glossary_page(notebooks.parent / "docs" / "glossary.md"), encoding="utf-8")
    (out / "index.html").write_text(index_page(decks), encoding="utf-8")
    broken = broken_links(out)
    if broken:
        raise SystemExit("the slides would have broken links:\n  " + "\n  ".join(broken))
    print(f"slides: {len(decks)} decks in {time.perf_counter() - started:.0f} s: {out}")
    return decks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "kit" / "slides")
    parser.add_argument("--cache", type=Path, default=ROOT / "build" / "npm-cache")
    args = parser.parse_args()
    build(args.out.resolve(), course_binder_url(), args.cache.resolve())


if __name__ == "__main__":
    main()
