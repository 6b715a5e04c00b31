"""Build the course as a static site whose sliders work with no kernel: ``make site``.

    python -m tools.build_site [--out build/site] [--student-out build/site-student] [--binder URL]

1. Fetches the browser bundles listed in ``site/assets.json`` from the npm registry with
   ``npm pack``, by exact version, and refuses any tarball whose sha512 differs from the
   recorded one (cached in ``build/npm-cache``; nothing is committed).
2. Runs every lesson in ``notebooks/`` in a fresh kernel with ``POSENC_STATIC_SITE=1``:
   each explorer then displays its main slider's frames, prerendered and switched in the
   browser (``posenc.live.static``), and quizzes show their feedback folded.
3. Exports each lesson with nbconvert's ``lab`` template, extended by ``tools/site_template``
   (the vendored KaTeX instead of MathJax), pointed at the local widget renderer and requirejs;
   links between lessons go to their pages.
4. Writes ``index.html``: the lesson map (read from the lessons' own titles) and the
   licences of everything the site ships.

Two sites come from the one run of the lessons:

- ``--out`` (``build/site``), the **public learner site**: the committed learner edition, as a
  self-learner needs it (folded hints and solutions, each quiz's answer folded). No instructor
  guide, no instructor note, no answer key: the guide is in ``make kit``'s folder alone.
- ``--student-out`` (``build/site-student``), the **student site for a class**: the student
  edition (:func:`posenc_course.editions.student_edition`): no solutions, no quiz answers, no model
  answers, and its links to a running notebook open the class's branch (``--branch``), not the
  learner edition. This is the one to put where a class can reach it.

All of it is built in a folder beside ``--out``, which replaces ``--out`` only when every page
is built and every link between the site's files resolves: a failing lesson leaves the previous
site as it was. The site then needs nothing from the network. Any new ``notebooks/NN_*.ipynb``
is built with no change here. Prints each page's size and the build time.
"""

from __future__ import annotations

import argparse
import html
import os
import re
import shutil
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

import nbformat
from nbconvert import HTMLExporter

from posenc_course.editions import prune_widget_state as prune_unshown
from posenc_course.editions import student_edition
from posenc_course.lessons import title_and_times
from tools.assets import KATEX_OPTIONS, STATIC, unpack_assets
from tools.execute_notebooks import run
from tools.gen_links import binder_url, edition_links, live

ROOT = Path(__file__).resolve().parents[1]


#: The course's name, as the README's title gives it (the site's index page and the handout show it).
COURSE = "Where am I? Positional encodings in Transformers"
MARKER = ".posenc-site"


def course_binder_url() -> str:
    """Binder's launch link for the course's repository (``Repository`` in pyproject.toml, through
    ``tools/gen_links.py``), without its urlpath: the pages link each lesson to it.

    Empty while the setting still names the placeholder OWNER/REPO: the pages then say "a running
    notebook" without a link rather than link to nowhere."""
    return binder_url() if live() else ""


def execute(path: Path, binder: str) -> nbformat.NotebookNode:
    """Run a lesson in a fresh kernel in static-site mode; keep the widget state (the frames)."""
    nb = nbformat.read(path, as_version=4)
    os.environ["POSENC_STATIC_SITE"] = "1"
    os.environ["POSENC_BINDER_URL"] = f"{binder}?urlpath=lab/tree/notebooks/{path.name}" if binder else ""
    try:
        run(nb, path.parent)
    finally:
        os.environ.pop("POSENC_STATIC_SITE", None)
        os.environ.pop("POSENC_BINDER_URL", None)
    prune_widget_state(nb)
    return nb


def prune_widget_state(nb: nbformat.NotebookNode) -> None:
    """Keep only the widget models the page shows (:func:`posenc_course.editions.prune_widget_state`). The live
    explorers' own controls were created but never displayed (one is an anywidget, whose module the page
    would fetch from the network); the saved state keeps every model a kernel ever opened, so they are
    dropped here, and a page that would still need a module the site does not ship is refused."""
    prune_unshown(nb)
    saved = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json")
    if not saved:
        return
    foreign = sorted(
        {m["model_module"] for m in saved["state"].values() if not m["model_module"].startswith("@jupyter-widgets/")}
    )
    if foreign:
        raise SystemExit(
            f"a page displays widgets of {foreign}, whose code the site does not ship (it would come from a CDN)."
        )


TEMPLATE = Path(__file__).with_name("site_template")
#: A link from one lesson to another as nbconvert writes it, maybe with ``./`` before and an anchor after.
LESSON_LINK = re.compile(r'href="(?:\.\./notebooks/)?((?:\./)?\d\d_[\w.-]+)\.ipynb(#[^"]*)?"')
GLOSSARY_LINK = re.compile(r'href="(?:\.\./)?docs/glossary\.md(#[^"]*)?"')


def export(nb: nbformat.NotebookNode, title: str = "Notebook") -> str:
    """The lesson as one HTML page, titled `title`, that loads only the site's own files.

    The page is nbconvert's ``lab`` page through ``tools/site_template``, which loads the vendored
    KaTeX instead of MathJax and gives the widgets the page's font."""
    exporter = HTMLExporter(
        extra_template_basedirs=[str(TEMPLATE.parent)],
        template_name=TEMPLATE.name,
        widget_renderer_url=f"{STATIC}/html-manager/embed-amd.js",
        require_js_url=f"{STATIC}/require.js",
    )
    resources = {"site_static": STATIC, "katex_options": KATEX_OPTIONS, "metadata": {"name": title}}
    body, _ = exporter.from_notebook_node(nb, resources=resources)
    return link_pages(body)


def link_pages(page: str) -> str:
    """Point the links between lessons at their pages: ``NN_x.ipynb#anchor`` becomes ``NN_x.html#anchor``
    (``../notebooks/NN_x.ipynb`` too, from the glossary), and ``../docs/glossary.md`` becomes ``glossary.html``."""
    return GLOSSARY_LINK.sub(r'href="glossary.html\1"', LESSON_LINK.sub(r'href="\1.html\2"', page))


def glossary_page(glossary: Path, title: str = "Glossary") -> str:
    """A markdown page of the course (``docs/glossary.md``, the instructor guide) as a page of the site, in the
    lessons' own template."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(glossary.read_text(encoding="utf-8"))])
    return export(nb, title)


def site_targets(page: str) -> list[str]:
    """The files of the site that a page's ``href`` and ``src`` attributes name, without anchors or queries:
    a link with a scheme or a host leaves the site, and a bare ``#anchor`` stays on the page."""
    targets = []
    for _, value in re.findall(r"""(?:href|src)=(["'])(.*?)\1""", page):  # either quote: the index uses '…'
        parts = urllib.parse.urlsplit(html.unescape(value))
        if not (parts.scheme or parts.netloc) and parts.path:
            targets.append(urllib.parse.unquote(parts.path))
    return targets


def broken_links(site: Path) -> list[str]:
    """What the site's pages link to and the site does not have (a path from its root is broken too:
    it would leave the site when the pages are opened from files)."""
    return [
        f"{page.name} links to {target}, which the site does not have"
        for page in sorted(site.glob("*.html"))
        for target in site_targets(page.read_text(encoding="utf-8"))
        if target.startswith("/") or not (site / target).exists()
    ]


def title_and_minutes(nb: nbformat.NotebookNode, stem: str) -> tuple[str, str]:
    """The lesson's title and its full time as stated ("45–66 min"), read by ``posenc_course.lessons`` (the one
    parser of the lesson format); the file name and "" if it states none."""
    stated = title_and_times(nb.cells[0].source if nb.cells else "")
    if stated is None:
        return stem[3:].replace("_", " "), ""
    low, high = stated[2]
    return stated[0], f"{low}–{high} min"


def index_page(lessons: list[tuple[str, str, str, int]], shipped: list[dict], run_url: str, glossary: bool) -> str:
    """The site's first page: the lessons, the glossary, where to run them (`run_url`, lesson 00 on Binder, or
    "") and the licences of what the site ships."""
    rows = "\n".join(
        f"<tr><td>{name[:2]}</td><td><a href='{name}.html'>{html.escape(title)}</a></td><td>{minutes}</td>"
        f"<td>{size / 1e6:.1f} MB</td></tr>"
        for name, title, minutes, size in lessons
    )
    licences = "\n".join(
        f"<li><b>{html.escape(p['name'])}</b> {p['version']} ({html.escape(p['license'])}): {html.escape(p['role'])}. "
        f"<a href='{p['licence_path'].as_posix()}'>Licence text</a>.</li>"
        for p in shipped
    )
    run = f" <a href='{html.escape(run_url)}'>Run it on Binder</a>." if run_url else ""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(COURSE)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;line-height:1.5}}
table{{border-collapse:collapse}}td,th{{padding:.3rem .8rem;border-bottom:1px solid #ddd;text-align:left}}</style>
</head><body>
<h1>{html.escape(COURSE)}</h1>
<p>An interactive course in {len(lessons)} lessons. On these pages each explorer's main slider works without
any server: its pictures were drawn when the site was built. The other controls, the exercises
and the checks need a running notebook.{run}</p>
<table><tr><th>#</th><th>lesson</th><th>time (estimate)</th><th>page size</th></tr>
{rows}
</table>
{"<p>Every term the lessons teach, with its definition: the <a href='glossary.html'>glossary</a>.</p>" if glossary else ""}
<h2>What these pages ship, and their licences</h2>
<ul>
<li><b>The course</b> (text, code and pictures): MIT, <a href='licences/course.txt'>licence text</a>.</li>
<li><b>The position table of all-MiniLM-L6-v2</b>, drawn in lesson 04: Apache-2.0,
<a href='licences/minilm-notice.md'>notice</a>.</li>
<li><b>JupyterLab's and nbconvert's page styles</b>, inlined in each lesson page by nbconvert: BSD-3-Clause
(Project Jupyter).</li>
<li><b>Font Awesome Free 5.15.4</b>, inside the widget renderer's folder (its icon fonts): icons CC BY 4.0,
fonts SIL OFL 1.1, code MIT (https://fontawesome.com/license/free).</li>
{licences}
</ul>
</body></html>
"""


def build(
    out: Path,
    binder: str,
    cache: Path,
    *,
    student_out: Path | None = None,
    branch: str = "student",
    notebooks: Path = ROOT / "notebooks",
    run_lesson=execute,
    fetch_assets=unpack_assets,
) -> dict:
    """Build the learner site into a folder beside `out` (and the student site, for the class's `branch`, beside
    `student_out` when it is given) from one run of each lesson, and put each in place only once every page of
    both is built and every link resolves; until then, and if anything fails, both stay as they were.

    `run_lesson(path, binder)` gives a lesson executed and `fetch_assets(folder, cache)` copies the
    browser bundles into `folder`, returning what it shipped (the tests pass stand-ins for both)."""
    started = time.perf_counter()
    targets = {"learner": out} | ({"student": student_out} if student_out is not None else {})
    for target in targets.values():
        if target.exists() and any(target.iterdir()) and not (target / MARKER).exists():
            raise SystemExit(f"{target} is not empty and was not built by this script: refusing to replace it.")
        target.parent.mkdir(parents=True, exist_ok=True)
    # `holder` is removed whatever happens; a build killed outright leaves it, named for what it was
    holder = Path(tempfile.mkdtemp(prefix=f"{out.name}.building-", dir=out.parent))
    try:
        staging = {edition: holder / edition / target.name for edition, target in targets.items()}
        for folder in staging.values():  # made with the usual permissions (mkdtemp's are the owner's only)
            folder.mkdir(parents=True)
        lessons = write_sites(staging, binder, cache, notebooks, run_lesson, fetch_assets, started, branch)
        broken = [f"{edition}: {b}" for edition, folder in staging.items() for b in broken_links(folder)]
        if broken:
            raise SystemExit("the site would have broken links:\n  " + "\n  ".join(broken))
        for edition, target in targets.items():
            put_in_place(staging[edition], target, holder / f"previous-{edition}")
    except BaseException:
        print(f"site not built: {', '.join(map(str, targets.values()))} left as they were", file=sys.stderr, flush=True)
        raise
    finally:
        shutil.rmtree(holder, ignore_errors=True)  # with the previous sites, once replaced
    seconds = time.perf_counter() - started
    total = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    shared = sum(f.stat().st_size for f in (out / STATIC).rglob("*") if f.is_file())
    for edition, target in targets.items():
        print(
            f"{edition} site: {sum(f.stat().st_size for f in target.rglob('*') if f.is_file()) / 1e6:.1f} MB: {target}"
        )
    print(f"{len(targets)} sites built in {seconds:.0f} s, each with {shared / 1e6:.1f} MB of shared bundles")
    return {"seconds": seconds, "total": total, "shared": shared, "lessons": lessons}


def write_sites(
    staging: dict[str, Path],
    binder: str,
    cache: Path,
    notebooks: Path,
    run_lesson,
    fetch_assets,
    started: float,
    branch: str = "student",
):
    """Every file of each site, into its folder of `staging` ("learner" and maybe "student"); each lesson runs
    once. Returns the lessons as (name, title, minutes, page size of the learner page)."""
    for folder in staging.values():
        shipped = fetch_assets(folder, cache)  # the bundles first: without them there is no site to build
        (folder / MARKER).write_text(
            "built by tools/build_site.py; `make site` replaces this folder\n", encoding="utf-8"
        )
        (folder / "licences").mkdir()
        shutil.copy(ROOT / "LICENSE", folder / "licences" / "course.txt")
        shutil.copy(ROOT / "posenc" / "data" / "MINILM_NOTICE.md", folder / "licences" / "minilm-notice.md")
    print(f"browser bundles fetched and checked in {time.perf_counter() - started:.1f} s", flush=True)
    paths = sorted(notebooks.glob("[0-9][0-9]_*.ipynb"))
    links = edition_links([p.name for p in paths], branch)  # the learner edition's links to the branch's
    lessons = []
    for path in paths:
        nb = run_lesson(path, binder)
        title, minutes = title_and_minutes(nb, path.stem)
        for edition, folder in staging.items():
            shown = (
                nb if edition == "learner" else nbformat.from_dict(student_edition(nb, links, clear_predictions=False))
            )
            page = folder / f"{path.stem}.html"
            page.write_text(export(shown, f"{path.stem[:2]} · {title}"), encoding="utf-8")
            print(f"{edition}/{page.name}: {page.stat().st_size / 1e6:.2f} MB", flush=True)
        lessons.append((path.stem, title, minutes, (staging["learner"] / f"{path.stem}.html").stat().st_size))
    if not lessons:
        raise SystemExit(f"no lesson (NN_*.ipynb) in {notebooks}: no site to build.")
    glossary = notebooks.parent / "docs" / "glossary.md"  # the course's: docs/ beside notebooks/
    first = binder_url("00_start_here.ipynb") if binder else ""
    for edition, folder in staging.items():
        if glossary.is_file():
            (folder / "glossary.html").write_text(glossary_page(glossary), encoding="utf-8")
        run_url = links.get(first, "") if edition == "student" else first
        (folder / "index.html").write_text(index_page(lessons, shipped, run_url, glossary.is_file()), encoding="utf-8")
    return lessons


def put_in_place(staging: Path, out: Path, previous: Path) -> None:
    """Replace `out` by `staging` by renaming folders (same disk, so no copy): the old site moves to
    `previous` and comes back if the new one cannot take its place."""
    if out.exists():
        out.rename(previous)
    try:
        staging.rename(out)
    except BaseException:
        if previous.exists():
            previous.rename(out)
        raise


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "site", help="the public learner site")
    parser.add_argument(
        "--student-out", type=Path, default=ROOT / "build" / "site-student", help="the student site, for a class"
    )
    parser.add_argument("--branch", default="student", help="the class's branch the student site links to")
    parser.add_argument(
        "--binder",
        default=course_binder_url(),
        help="Binder URL the pages link to (default: from pyproject.toml's Repository)",
    )
    parser.add_argument("--cache", type=Path, default=ROOT / "build" / "npm-cache")
    args = parser.parse_args()
    build(
        args.out.resolve(),
        args.binder,
        args.cache.resolve(),
        student_out=args.student_out.resolve(),
        branch=args.branch,
    )


if __name__ == "__main__":
    main()
