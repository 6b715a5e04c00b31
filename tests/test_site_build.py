"""The static site's build (``tools/build_site.py``) piece by piece, with no browser, no npm and no kernel.

Lessons here are tiny notebooks written with nbformat into ``tmp_path``; the stand-in for running a
lesson reads it back (or raises, to play a failing lesson), and the stand-in for the browser bundles
writes the few files a page names. ``tests/test_site.py`` builds the real site and opens it in Chromium.
"""

from __future__ import annotations

import json
import re
import shutil
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace

import ipywidgets
import nbformat
import numpy as np
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from posenc.live import static
from posenc_course.lessons import PREDICT
from tests.answer_key import readable
from tools import assets
from tools.build_site import (
    MARKER,
    broken_links,
    build,
    export,
    link_pages,
    prune_widget_state,
    site_targets,
    title_and_minutes,
)

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / "build" / "npm-cache"
VIEW = "application/vnd.jupyter.widget-view+json"
STATE = "application/vnd.jupyter.widget-state+json"


# --- widget state ---------------------------------------------------------------------------------


def model(name: str, module: str = "@jupyter-widgets/controls", **state) -> dict:
    return {"model_name": name, "model_module": module, "model_module_version": "2.0.0", "state": state}


def view(model_id: str) -> dict:
    return {"model_id": model_id, "version_major": 2, "version_minor": 0}


def shown(*model_ids: str, state: dict) -> nbformat.NotebookNode:
    """A notebook whose one code cell displays `model_ids`, with `state` as its saved widget state."""
    outputs = [new_output("display_data", data={VIEW: view(m), "text/plain": "a widget"}) for m in model_ids]
    nb = new_notebook(cells=[new_code_cell("explorer", outputs=outputs)])
    nb.metadata["widgets"] = {STATE: {"version_major": 2, "version_minor": 0, "state": state}}
    return nb


def kept(nb: nbformat.NotebookNode) -> set[str]:
    return set(nb.metadata["widgets"][STATE]["state"])


# model ids are hexadecimal, as a kernel makes them
BOX, SLIDER, LAYOUT, STYLE, PICTURE, LINK, LOOSE_LINK, HIDDEN, OUTPUT, INSIDE = (f"{n:032x}" for n in range(1, 11))


def test_pruning_keeps_what_is_displayed_and_what_it_refers_to():
    state = {
        BOX: model("VBoxModel", children=[f"IPY_MODEL_{SLIDER}", f"IPY_MODEL_{PICTURE}"], layout=f"IPY_MODEL_{LAYOUT}"),
        SLIDER: model("SelectionSliderModel", style=f"IPY_MODEL_{STYLE}"),
        LAYOUT: model("LayoutModel", module="@jupyter-widgets/base"),
        STYLE: model("SliderStyleModel"),
        PICTURE: model("ImageModel"),
        LINK: model("LinkModel", source=[f"IPY_MODEL_{SLIDER}", "index"], target=[f"IPY_MODEL_{PICTURE}", "x"]),
        LOOSE_LINK: model("LinkModel", source=[f"IPY_MODEL_{SLIDER}", "index"], target=[f"IPY_MODEL_{HIDDEN}", "x"]),
        HIDDEN: model("ClicksModel", module="anywidget"),  # a live control, never displayed: dropped
    }
    nb = shown(BOX, state=state)
    prune_widget_state(nb)
    assert kept(nb) == {BOX, SLIDER, LAYOUT, STYLE, PICTURE, LINK}


def test_pruning_follows_the_views_an_output_widget_holds():
    inner = new_output("display_data", data={VIEW: view(INSIDE)})
    state = {
        OUTPUT: model("OutputModel", module="@jupyter-widgets/output", outputs=[inner]),
        INSIDE: model("HTMLModel", layout=f"IPY_MODEL_{LAYOUT}"),
        LAYOUT: model("LayoutModel", module="@jupyter-widgets/base"),
        HIDDEN: model("HTMLModel"),
    }
    nb = shown(OUTPUT, state=state)
    prune_widget_state(nb)
    assert kept(nb) == {OUTPUT, INSIDE, LAYOUT}


def test_pruning_refuses_a_displayed_widget_whose_code_the_site_does_not_ship():
    nb = shown(BOX, state={BOX: model("VBoxModel", children=[f"IPY_MODEL_{HIDDEN}"]), HIDDEN: model("M", "anywidget")})
    with pytest.raises(SystemExit, match="anywidget"):
        prune_widget_state(nb)


def test_pruning_leaves_a_notebook_without_widget_state_alone():
    nb = new_notebook(cells=[new_markdown_cell("text")])
    prune_widget_state(nb)
    assert "widgets" not in nb.metadata


# --- links ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "on_the_site"),
    [
        ('<a href="05_rope.ipynb">next</a>', '<a href="05_rope.html">next</a>'),
        ('<a href="05_rope.ipynb#Why-rotate?">', '<a href="05_rope.html#Why-rotate?">'),
        ('<a href="./01_order_blind_attention.ipynb">', '<a href="./01_order_blind_attention.html">'),
        ('<a href="notes.ipynb">', '<a href="notes.ipynb">'),  # not a lesson
        ('<a href="https://example.org/05_rope.ipynb">', '<a href="https://example.org/05_rope.ipynb">'),
        ('<a href="../docs/glossary.md">glossary</a>', '<a href="glossary.html">glossary</a>'),
        ('<a href="../docs/glossary.md#head">', '<a href="glossary.html#head">'),
        ('<a href="../notebooks/04_learned_tables.ipynb">', '<a href="04_learned_tables.html">'),  # from the glossary
    ],
)
def test_links_between_lessons_go_to_their_pages(written, on_the_site):
    assert link_pages(written) == on_the_site


def test_the_files_a_page_names_are_its_relative_links_without_anchors():
    page = (
        '<a href="01_a.html#top">a</a> <img src="static/two%20words.png"> <a href="#here">here</a> '
        '<a href="https://mybinder.org/v2/gh/x">run</a> <a href="mailto:x@example.org">mail</a> '
        '<link href="//cdn.example.org/k.css"> <a href="licences/course.txt?v=1">licence</a>'
    )
    assert site_targets(page) == ["01_a.html", "static/two words.png", "licences/course.txt"]


def test_broken_links_names_the_page_and_the_missing_file(tmp_path):
    (tmp_path / "index.html").write_text('<a href="00_a.html">a</a> <a href="/root.html">root</a>', encoding="utf-8")
    (tmp_path / "00_a.html").write_text('<a href="index.html#top">back</a> <a href="01_b.html">b</a>', encoding="utf-8")
    assert broken_links(tmp_path) == [
        "00_a.html links to 01_b.html, which the site does not have",
        "index.html links to /root.html, which the site does not have",
    ]


# --- lessons' titles --------------------------------------------------------------------------------


def test_a_lesson_title_and_minutes_come_from_its_first_cell():
    nb = new_notebook(
        cells=[new_markdown_cell("# 03 · The odometer\n\n*Core 17–25 min, all 21–31 min (estimates). Needs: 02.*")]
    )
    assert title_and_minutes(nb, "03_odometer_intuition") == ("The odometer", "21–31 min")


@pytest.mark.parametrize("cells", [[], [new_markdown_cell("Some words first")]], ids=["no cells", "no heading"])
def test_a_lesson_without_a_title_is_named_from_its_file(cells):
    assert title_and_minutes(new_notebook(cells=cells), "04_learned_tables") == ("learned tables", "")


# --- the page template ----------------------------------------------------------------------------


def test_a_page_loads_katex_before_requirejs_and_no_mathjax():
    page = export(new_notebook(cells=[new_markdown_cell("The square $x^2$.")]))
    katex, auto_render, require = (
        page.index(f'<script src="static/{name}"></script>')
        for name in ("katex/katex.min.js", "katex/auto-render.min.js", "require.js")
    )
    assert katex < auto_render < require  # after require.js, KaTeX would register as an AMD module
    assert 'href="static/katex/katex.min.css"' in page
    assert "renderMathInElement(document.body" in page and "$x^2$" in page
    assert "mathjax" not in page.lower()
    assert "cdnjs" not in page and "https://cdn" not in page  # nor mermaid's loader


def test_the_site_and_the_slides_find_the_maths_with_the_same_katex_options():
    from tools import build_slides

    nb = new_notebook(cells=[new_markdown_cell("# A title\n\nThe square $x^2$, and $$y = x^2.$$")])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    found = []
    for page in (export(nb), build_slides.export(nb, "A title")):
        call = re.search(r"renderMathInElement\(document\.body, (\{.*?\})\);", page)
        assert call, "each page typesets its maths with KaTeX's auto-render"
        found.append(json.loads(call.group(1)))
    site, slides = found
    assert site == slides
    assert {"left": "$", "right": "$", "display": False} in site["delimiters"]
    assert {"left": "$$", "right": "$$", "display": True} in site["delimiters"]
    assert "jp-OutputArea" in site["ignoredClasses"]  # a printed dollar sign in an output stays as it is


def test_a_page_gives_the_widgets_the_font_of_its_text():
    page = export(new_notebook(cells=[new_markdown_cell("Text.")]))
    assert ".jupyter-widgets { font-family: var(--jp-content-font-family); }" in page


# --- the build, all or nothing --------------------------------------------------------------------


def lesson(folder: Path, name: str, title: str, text: str = "") -> None:
    first = new_markdown_cell(
        f"# {name[:2]} · {title}\n\n*Core 4–6 min, all 4–6 min (estimates). Needs: nothing.*\n\n{text}"
    )
    folder.mkdir(exist_ok=True)
    nbformat.write(new_notebook(cells=[first, new_markdown_cell("The square $x^2$.")]), folder / f"{name}.ipynb")


@pytest.fixture
def lessons(tmp_path) -> Path:
    """Three lessons, each linking to the next; the last one links to an anchor of the first."""
    folder = tmp_path / "notebooks"
    lesson(folder, "00_start", "Start", "Next: [lesson 01](01_middle.ipynb).")
    lesson(folder, "01_middle", "Middle", "Next: [lesson 02](02_end.ipynb).")
    lesson(folder, "02_end", "End", "Back to [the start](00_start.ipynb#00-·-Start).")
    return folder


def read_lesson(path: Path, binder: str) -> nbformat.NotebookNode:
    """Stands in for running a lesson in a kernel."""
    return nbformat.read(path, as_version=4)


def fake_bundles(folder: Path, cache: Path) -> list[dict]:
    """Stands in for the npm bundles: the files a page's tags name (the renderer is named in a script)."""
    for name in ("require.js", "katex/katex.min.js", "katex/auto-render.min.js", "katex/katex.min.css"):
        (folder / assets.STATIC / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / assets.STATIC / name).write_text("/* stand-in */\n", encoding="utf-8")
    return []


def tiny_build(out: Path, lessons: Path, run_lesson=read_lesson) -> dict:
    return build(out, "", Path("unused"), notebooks=lessons, run_lesson=run_lesson, fetch_assets=fake_bundles)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_build_writes_every_page_the_index_and_its_marker(tmp_path, lessons):
    out = tmp_path / "build" / "site"
    built = tiny_build(out, lessons)
    assert [name for name, *_ in built["lessons"]] == ["00_start", "01_middle", "02_end"]
    assert {"index.html", "00_start.html", "01_middle.html", "02_end.html", MARKER} <= set(snapshot(out))
    assert 'href="00_start.html#00-' in (out / "02_end.html").read_text(encoding="utf-8")
    assert "<title>01 · Middle</title>" in (out / "01_middle.html").read_text(encoding="utf-8")
    assert "<a href='01_middle.html'>Middle</a>" in (out / "index.html").read_text(encoding="utf-8")
    assert [p.name for p in out.parent.iterdir()] == ["site"], "the staging folder is left behind"


def test_one_run_of_each_lesson_makes_the_learner_site_and_the_student_site(tmp_path, lessons):
    fold = "\n\n<details><summary><b>Solution</b></summary>\n\n```python\nanswer = 42\n```\n</details>"
    lesson(lessons, "01_middle", "Middle", "Next: [lesson 02](02_end.ipynb)." + fold)
    ran = []

    def counted(path, binder):
        ran.append(path.name)
        return read_lesson(path, binder)

    learner, student = tmp_path / "site", tmp_path / "site-student"
    build(
        learner,
        "",
        Path("unused"),
        student_out=student,
        notebooks=lessons,
        run_lesson=counted,
        fetch_assets=fake_bundles,
    )
    assert ran == ["00_start.ipynb", "01_middle.ipynb", "02_end.ipynb"], "each lesson runs once for both sites"
    assert "answer = 42" in readable((learner / "01_middle.html").read_text(encoding="utf-8"))
    assert "answer = 42" not in readable((student / "01_middle.html").read_text(encoding="utf-8"))
    assert 'href="02_end.html"' in (student / "01_middle.html").read_text(encoding="utf-8")
    for site in (learner, student):
        assert {"index.html", "glossary.html", "02_end.html", MARKER} - {"glossary.html"} <= set(snapshot(site))
        assert "instructor-guide" not in " ".join(snapshot(site)) + (site / "index.html").read_text(encoding="utf-8")


def test_a_failing_lesson_leaves_the_previous_site_as_it_was(tmp_path, lessons):
    out = tmp_path / "site"
    tiny_build(out, lessons)
    before = snapshot(out)
    lesson(lessons, "01_middle", "Middle, rewritten")  # what the failing build would have changed
    seen = []

    def fails_at_lesson_02(path, binder):
        staging = [p for p in tmp_path.iterdir() if p.name.startswith("site.building-")]
        seen.append((path.name, len(staging), snapshot(out) == before))
        if path.name.startswith("02"):
            raise RuntimeError("lesson 02 failed")
        return read_lesson(path, binder)

    with pytest.raises(RuntimeError, match="lesson 02 failed"):
        tiny_build(out, lessons, fails_at_lesson_02)
    # every lesson ran in one staging folder beside the site, the site untouched meanwhile
    assert seen == [("00_start.ipynb", 1, True), ("01_middle.ipynb", 1, True), ("02_end.ipynb", 1, True)]
    assert snapshot(out) == before
    assert [p.name for p in tmp_path.iterdir() if p.name != "notebooks"] == ["site"]


def test_a_site_with_a_broken_link_is_not_put_in_place(tmp_path, lessons):
    out = tmp_path / "site"
    tiny_build(out, lessons)
    before = snapshot(out)
    lesson(lessons, "02_end", "End", "Next: [lesson 03](03_missing.ipynb).")
    with pytest.raises(SystemExit, match="02_end.html links to 03_missing.html"):
        tiny_build(out, lessons)
    assert snapshot(out) == before


def test_the_build_refuses_to_replace_a_folder_it_did_not_build(tmp_path, lessons):
    out = tmp_path / "site"
    out.mkdir()
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(SystemExit, match="not built by this script"):
        tiny_build(out, lessons, run_lesson=None)  # refused before any lesson runs
    assert snapshot(out) == {"notes.txt": b"mine"}


def test_no_lesson_no_site(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(SystemExit, match="no lesson"):
        tiny_build(tmp_path / "site", tmp_path / "empty")
    assert [p.name for p in tmp_path.iterdir()] == ["empty"]


BUNDLES = json.loads(assets.ASSETS.read_text(encoding="utf-8"))["packages"]
CACHED = all(assets.cached_tarball(p["name"], p["version"], CACHE).exists() for p in BUNDLES)


@pytest.mark.site  # fetches the browser bundles with npm where build/npm-cache does not hold them yet
@pytest.mark.skipif(
    not CACHED and shutil.which("npm") is None,
    reason="npm is needed to fetch the site's browser bundles: apt-get install npm",
)
def test_every_relative_link_of_a_site_with_the_real_bundles_resolves(tmp_path, lessons):
    out = tmp_path / "site"
    build(out, "", CACHE, notebooks=lessons, run_lesson=read_lesson)  # the bundles from the cache, else from npm
    assert broken_links(out) == []
    targets = set(site_targets((out / "00_start.html").read_text(encoding="utf-8")))
    assert {"static/require.js", "static/katex/katex.min.js", "static/katex/katex.min.css", "01_middle.html"} <= targets
    assert (out / "static" / "html-manager" / "embed-amd.js").exists()


# --- the frames of a static explorer (posenc.live.static) -----------------------------------------


class Choice:
    """A selection control with only the attributes ipywidgets documents: its options and index."""

    def __init__(self, options, index: int):
        self.options, self.index = options, index


@pytest.mark.parametrize(
    ("options", "index", "labels", "values"),
    [
        ([8, 12, 16], 1, ["8", "12", "16"], [8, 12, 16]),
        ([("short", 4), ("long", 64)], 1, ["short", "long"], [4, 64]),
        ({"sin": "sin", "cos": "cos"}, 0, ["sin", "cos"], ["sin", "cos"]),
        ([("same", 1), ("same", 2)], 1, ["same", "same"], [1, 2]),  # a repeated label: the index tells
    ],
)
def test_a_selection_gives_its_options_through_public_attributes(options, index, labels, values):
    assert static.frame_values(Choice(options, index)) == (values, labels, index)


def test_a_long_selection_is_spread_with_its_current_option_kept():
    control = ipywidgets.SelectionSlider(options=[(f"p{i}", i * 10) for i in range(50)], index=37)
    values, labels, current = static.frame_values(control, most=12)
    assert len(values) == 12 and values[current] == 370 and labels[current] == "p37"
    assert values == sorted(values) and values[0] == 0 and values[-1] == 490


def test_an_off_grid_value_starts_at_the_nearest_frame():
    control = ipywidgets.FloatSlider(value=0.26, min=0, max=1, step=0.1)
    values, _, current = static.frame_values(control)
    assert values[current] == pytest.approx(0.3)


class FakeExplorer:
    """What static_view reads of an explorer: its main control, the others, the readout and the canvas."""

    def __init__(self):
        self.main = ipywidgets.IntSlider(value=7, min=0, max=40, description="position")
        self.controls = [self.main, ipywidgets.Checkbox(value=True, description="grid")]
        self.readout = ipywidgets.HTML()
        self.scales = []  # the density of each frame drawn for the page
        self.live = SimpleNamespace(
            pixels=lambda: self.canvas, draw=lambda key=None, scale=1: self.scales.append(scale), css_size=(3, 2)
        )
        self.main.observe(lambda change: self.draw(), names="value")
        self.draw()
        self.elsewhere = []  # whether each change came while the static view drew the frames itself

    def _slow_key(self):
        return None

    @contextmanager
    def drawing_elsewhere(self):
        self.elsewhere.append(True)
        yield
        self.elsewhere.append(False)

    def draw(self):
        self.readout.value = f"position <b>{self.main.value}</b>"
        self.canvas = np.full((4, 6, 3), self.main.value * 6, dtype=np.uint8)


def test_a_static_view_encodes_each_frame_once(monkeypatch):
    encoded, asked = [], []

    def counting(rgb, formats=static.FORMATS):
        encoded.append(int(rgb[0, 0, 0]) // 6)  # the value drawn
        asked.append(formats)
        return bytes([int(rgb[0, 0, 0])]), formats[-1]  # "webp" wins where both are asked for

    monkeypatch.setattr(static, "encode_frame", counting)
    explorer = FakeExplorer()
    box = static.static_view(explorer)
    slider, note, words, pictures = box.children
    assert len(pictures.children) == len(encoded) == static.MAX_FRAMES
    frames = [int(image.value[0]) // 6 for image in pictures.children]
    assert sorted(encoded) == frames, "each frame drawn and encoded once, the starting one first"
    assert encoded[0] == 7 and frames[slider.index] == 7
    # the starting frame is encoded in every format; the others only in the format that won there
    assert asked == [static.FORMATS] + [("webp",)] * (len(frames) - 1)
    assert {image.format for image in pictures.children} == {"webp"}
    assert [label for label, _ in slider.options] == [str(v) for v in frames]
    assert [w.value for w in words.children] == [f"position <b>{v}</b>" for v in frames]
    assert explorer.main.value == 7 and "grid" in note.value
    assert explorer.scales == [static.SITE_SCALE] * len(frames), "every frame drawn at the site's density"
    assert explorer.elsewhere == [True, False], "the explorer drew no picture of its own meanwhile"
    assert {image.width for image in pictures.children} == {"3"}, "shown at the live picture's size"


class FakeExplorerWithAlso(FakeExplorer):
    """A fake explorer whose checkbox carries its point and moves another control when ticked (as RoPE's "keep
    the offset" moves j with i): the static view must draw both settings and put everything back."""

    def __init__(self):
        super().__init__()
        self.other = ipywidgets.IntSlider(value=3, min=0, max=40, description="other")
        self.also = ipywidgets.Checkbox(value=False, description="add positions")
        self.controls = [self.main, self.other, self.also]
        self.main.observe(lambda change: self.follow(), names="value")
        self.also.observe(lambda change: self.draw(), names="value")

    def follow(self):
        if self.also.value:
            self.other.value = self.main.value

    def draw(self):
        self.readout.value = f"position <b>{self.main.value}</b>"
        ticked = getattr(getattr(self, "also", None), "value", False)
        self.canvas = np.full((4, 6, 3), self.main.value * 6 + ticked, dtype=np.uint8)


def test_a_static_view_draws_every_combination_with_the_also_control_and_restores_every_control(monkeypatch):
    monkeypatch.setattr(static, "encode_frame", lambda rgb, formats=static.FORMATS: (bytes([int(rgb[0, 0, 0])]), "png"))
    explorer = FakeExplorerWithAlso()
    box = static.static_view(explorer)
    slider, buttons, note, words, pictures = box.children
    assert [label for label, _ in buttons.options] == ["off", "on"] and buttons.index == 0
    assert "posenc-static-also" in buttons._dom_classes and "add positions" in buttons.description
    off, on = pictures.children  # a stack of the main slider's frames per setting of the checkbox
    assert len(off.children) == len(on.children) == len(slider.options) >= 12
    assert [int(i.value[0]) % 6 for i in off.children] == [0] * len(off.children)  # drawn unticked
    assert [int(i.value[0]) % 6 for i in on.children] == [1] * len(on.children)  # drawn ticked
    assert [int(i.value[0]) // 6 for i in on.children] == [int(label) for label, _ in slider.options]
    assert pictures.selected_index == words.selected_index == 0 and off.selected_index == slider.index
    assert "other" in note.value and "add positions" not in note.value  # the checkbox is live, not a note
    assert (explorer.main.value, explorer.other.value, explorer.also.value) == (7, 3, False)  # all put back


def test_the_course_name_the_pages_and_the_handout_show_is_the_readme_title():
    from tools.build_site import COURSE

    title = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8").splitlines()[0]
    assert title == f"# {COURSE}"


@pytest.mark.notebooks
def test_a_builds_kernel_talks_over_unix_sockets_and_prints_no_warning(capfd, tmp_path):
    from tools.execute_notebooks import run

    nb = new_notebook(cells=[new_code_cell("print(6 * 7)")])
    run(nb, tmp_path)
    said = capfd.readouterr().err
    assert nb.cells[0].outputs[0]["text"] == "42\n"
    # over TCP ipykernel warns once per kernel that it is unencrypted; a kernel left running warns as it dies
    assert "without encryption" not in said and "Parent appears to have exited" not in said, said


def test_a_predictions_answer_is_folded_on_the_page_and_other_outputs_are_not():
    printed = [new_output("stream", name="stdout", text="outputs only reordered:  True\n")]
    nb = new_notebook(
        cells=[
            new_code_cell("print(1)", outputs=[new_output("stream", name="stdout", text="one\n")]),
            new_code_cell("check()", metadata={"tags": [PREDICT]}, outputs=printed),
        ]
    )
    page = export(nb)
    folded = re.findall(r'<details class="posenc-prediction">(.*?)</details>', page, re.S)
    assert len(folded) == 1 and "outputs only reordered" in folded[0]
    assert "one" not in folded[0] and "one" in page.replace(folded[0], "")
