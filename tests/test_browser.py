"""Every lesson in a real JupyterLab, in headless Chromium, operated with the keyboard.

Selected with ``-m browser``; skipped, with the reason and the install hint, where the
machine has no Chromium. Screenshots go to ``artifacts/browser/`` (not committed).
"""

from pathlib import Path

import pytest

from tools.labdriver import (
    check_lesson,
    check_lesson_in_app,
    click_on_figure,
    code_notebook,
    lab_server,
    main_controls_state,
    missing_browser_reason,
    open_browser,
    open_notebook,
    press_on_main_slider,
    record_console_errors,
    wait_for,
)

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
SHOTS = ROOT / "artifacts" / "browser"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(missing_browser_reason() is not None, reason=str(missing_browser_reason())),
]


# Lessons broken on purpose, to show that the checks below can fail.
BROKEN = {
    "zz_broken_error.ipynb": code_notebook("from posenc import widgets\nwidgets.environment_check()", "1 / 0"),
    "zz_broken_frozen_figure.ipynb": code_notebook(
        "from posenc import widgets\n"
        "explorer = widgets.table_explorer()\n"
        "explorer.update = lambda: None  # the slider no longer redraws anything\n"
        "explorer"
    ),
    "zz_broken_second_figure.ipynb": code_notebook(
        "from posenc import widgets\nwidgets.environment_check()",
        "explorer = widgets.table_explorer()\nexplorer.update = lambda: None\nexplorer",
    ),
    # ipywidgets' own checkbox, at its default width, beside a lesson widget: its long label is cut
    "zz_broken_cut_label.ipynb": code_notebook(
        "from posenc import widgets\nwidgets.environment_check()",
        "import ipywidgets\nipywidgets.Checkbox(description='keep the offset i − j (moving i moves j) and more "
        "words still', indent=False)",
    ),
}


# A lesson with one explorer and nothing wrong, for the checks of the driver itself.
SOUND = {
    "zz_one_explorer.ipynb": code_notebook("from posenc import widgets\nwidgets.table_explorer()"),
    # the explorer, then a long way down to the last cell
    "zz_one_explorer_then_more.ipynb": code_notebook(
        "from posenc import widgets\nwidgets.table_explorer()", *[f"print({i})\n" + "#\n" * 30 for i in range(30)]
    ),
    # lesson 02's table explorer, as its cell makes it, alone (the lesson itself is run by the test above)
    "zz_lesson_02_table.ipynb": code_notebook(
        "from posenc import widgets\nwidgets.table_explorer(seq_len=24, d_model=48, position=5, column=0)"
    ),
}


@pytest.fixture(scope="module")
def lab():
    with lab_server(ROOT / "notebooks", extra_files=BROKEN | SOUND) as server, open_browser() as browser:
        yield server, browser


@pytest.fixture
def page(lab):
    """A page of its own, for a test that changes the page's scripts."""
    _, browser = lab
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture(scope="module")
def app(lab):
    """One page with JupyterLab loaded, and the list of its console errors: the tests below open their notebooks
    in it, one after another, as a learner opens lessons from the file browser (loading JupyterLab again
    for each would cost 4 to 6 s: tools.labdriver.open_in_app)."""
    server, browser = lab
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    console = record_console_errors(page)
    open_notebook(page, server, "zz_one_explorer.ipynb")
    yield page, console
    context.close()


def check(app, name: str, screenshot: Path | None = None, patience: float = 15.0) -> list[str]:
    page, console = app
    return check_lesson_in_app(page, console, name, screenshot, patience)


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_runs_and_its_main_slider_answers_the_keyboard(app, name):
    assert check(app, name, screenshot=SHOTS / name.replace(".ipynb", ".png")) == []


def test_an_error_in_a_cell_is_caught(app):
    problems = check(app, "zz_broken_error.ipynb")
    assert any("shows an error: ZeroDivisionError" in p for p in problems), problems


def test_a_slider_that_does_not_redraw_is_caught(app):
    # a figure that never changes is reported once the patience runs out, however long it is: 5 s here, not 15
    problems = check(app, "zz_broken_frozen_figure.ipynb", patience=5)
    assert any("did not change" in p for p in problems), problems


def test_a_widget_label_cut_short_is_caught(app):
    # every lesson's test above asserts that none of its labels is cut, at 1280 px
    problems = check(app, "zz_broken_cut_label.ipynb")
    assert any("label is cut" in p and "keep the offset" in p for p in problems), problems


def test_every_widget_of_a_lesson_is_moved_not_only_the_first(app):
    problems = check(app, "zz_broken_second_figure.ipynb", patience=5)
    assert problems and all(p.startswith("widget 2:") for p in problems), problems


# The first time a slider's handle takes the focus, give it back to the notebook's first
# cell, as JupyterLab once did to its active cell just after Run All (seen in CI): a key pressed then is lost.
STEAL_THE_FIRST_FOCUS = """
document.addEventListener('focusin', (event) => {
  if (!window.__stolen && event.target.classList && event.target.classList.contains('noUi-handle')) {
    window.__stolen = true;
    setTimeout(() => document.querySelector('.jp-Notebook .jp-Cell').focus(), 0);
  }
}, true);
"""


def test_a_slider_whose_focus_the_notebook_takes_back_is_focused_again_before_the_key(lab, page):
    page.add_init_script(STEAL_THE_FIRST_FOCUS)
    assert check_lesson(page, lab[0], "zz_one_explorer.ipynb") == []
    assert page.evaluate("window.__stolen") is True, "the focus was taken back once"


# The first time a slider's handle takes the focus, give it to the notebook's last cell and scroll that
# cell into view: the explorer's cell is then out of view, and JupyterLab stops drawing it.
SCROLL_AWAY_ON_THE_FIRST_FOCUS = """
document.addEventListener('focusin', (event) => {
  if (!window.__scrolled && event.target.classList && event.target.classList.contains('noUi-handle')) {
    window.__scrolled = true;
    setTimeout(() => {
      const cells = document.querySelectorAll('.jp-Notebook .jp-Cell');
      const last = cells[cells.length - 1];
      last.scrollIntoView();
      last.focus();
    }, 0);
  }
}, true);
"""


def test_a_slider_scrolled_out_of_view_after_its_focus_is_scrolled_back_before_the_key(lab, page):
    page.add_init_script(SCROLL_AWAY_ON_THE_FIRST_FOCUS)
    assert check_lesson(page, lab[0], "zz_one_explorer_then_more.ipynb") == []
    assert page.evaluate("window.__scrolled") is True, "the notebook was scrolled away once"


def test_a_click_on_the_table_heatmap_chooses_that_cell(app):
    page, _ = app
    lesson = (ROOT / "notebooks" / "02_sinusoidal_formula.ipynb").read_text(encoding="utf-8")
    assert "widgets.table_explorer(seq_len=24, d_model=48, position=5, column=0)" in lesson, "as lesson 02 makes it"
    assert check(app, "zz_lesson_02_table.ipynb") == []
    index = next(i for i, s in enumerate(main_controls_state(page)) if " · column " in s["readout"])
    from posenc import widgets

    # the heatmap's box in the figure, as the explorer tells its click target (fractions from the top left)
    left, right, top, bottom = widgets.table_explorer(24, 48).clicks.box
    click_on_figure(page, index, left + (right - left) * 9.5 / 48, top + (bottom - top) * 7.5 / 24)
    readout = wait_for(
        lambda: (r := main_controls_state(page)[index]["readout"]).startswith("position 7 · column 9") and r,
        15,
        "the readout to follow the click",
    )
    assert "(cos of pair 4)" in readout


PICTURE_PROBE = """
() => {
  const img = document.querySelector('.jp-Notebook .jp-Cell:has(.posenc-main) .jp-OutputArea-output img');
  return img && img.complete ? {natural: img.naturalWidth, shown: img.clientWidth} : null;
}
"""

WATCH_PICTURES = """
() => {
  const cell = document.querySelector('.jp-Notebook .jp-Cell:has(.posenc-main)');
  window.__pictures = [];
  const seen = (img) => img.decode().then(
    () => window.__pictures.push({natural: img.naturalWidth, shown: img.clientWidth})).catch(() => {});
  new MutationObserver((changes) => {
    for (const change of changes) {
      const img = change.target instanceof HTMLImageElement ? change.target
        : change.target.querySelector && change.target.querySelector('.jp-OutputArea-output img');
      if (img) seen(img);
    }
  }).observe(cell, {subtree: true, childList: true, attributes: true, attributeFilter: ['src']});
}
"""


def test_a_key_press_answers_with_a_quick_picture_then_a_sharp_one_at_the_same_size(app):
    page, _ = app
    assert check(app, "00_start_here.ipynb") == []
    # check_lesson ends on a slider move, so the picture may still be the quick one: it must turn sharp at rest
    at_rest = wait_for(
        lambda: (s := page.evaluate(PICTURE_PROBE)) and s["shown"] > 0 and s["natural"] == 2 * s["shown"] and s,
        15,
        "a picture at rest with two pixels per CSS pixel",
    )
    page.evaluate(WATCH_PICTURES)
    press_on_main_slider(page, 0)
    pictures = wait_for(
        lambda: (p := page.evaluate("window.__pictures")) and p[-1]["natural"] == 2 * at_rest["shown"] and p,
        15,
        "the sharp picture after the slider rests",
    )
    assert pictures[0]["natural"] == at_rest["shown"], f"the first answer is the quick picture: {pictures}"
    assert all(p["shown"] == at_rest["shown"] for p in pictures), f"shown at one size throughout: {pictures}"
