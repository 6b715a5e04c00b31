"""Drive a real JupyterLab in headless Chromium: used by the browser tests and the benchmark.

A :class:`LabServer` serves a temporary copy of the lessons on 127.0.0.1 with a random
free port, a random token and fresh settings and workspace folders, so neither the
committed notebooks nor the user's JupyterLab settings are touched. :func:`open_browser`
starts Debian's Chromium through Playwright (never a downloaded browser).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
]
INSTALL_HINT = (
    "install Debian's chromium package (apt-get install chromium) and pip's playwright "
    "(requirements-test.txt); never run `playwright install`"
)


def chromium_path() -> str | None:
    """The system Chromium, or None."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


def missing_browser_reason() -> str | None:
    """Why browser tests cannot run here, or None when they can."""
    if chromium_path() is None:
        return f"no Chromium on this machine: {INSTALL_HINT}"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return f"playwright is not installed: {INSTALL_HINT}"
    return None


def code_notebook(*cells: str) -> str:
    """A minimal notebook (JSON text) whose code cells are `cells`, for a python3 kernel."""
    return json.dumps(
        {
            "cells": [
                {
                    "id": f"cell-{i}",
                    "cell_type": "code",
                    "execution_count": None,
                    "metadata": {},
                    "outputs": [],
                    "source": source,
                }
                for i, source in enumerate(cells)
            ],
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
            "nbformat": 4,
            "nbformat_minor": 5,
        }
    )


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def quiet_lab_settings(folder: Path) -> Path:
    """A JupyterLab settings folder (for JUPYTERLAB_SETTINGS_DIR) that asks about no news and no updates,
    whose pop-up would cover the notebook; returns `folder`."""
    settings = folder / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    return folder


class LabServer:
    """A JupyterLab server on loopback serving a copy of `notebooks`, run by `python` (this one, unless said)."""

    def __init__(self, notebooks: Path, extra_files: dict[str, str] | None = None, python: str | None = None) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="posenc-lab-"))
        self.root = self.tmp / "notebooks"
        shutil.copytree(notebooks, self.root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        for name, text in (extra_files or {}).items():
            (self.root / name).write_text(text, encoding="utf-8")
        quiet_lab_settings(self.tmp / "settings")
        self.port = _free_port()
        self.token = secrets.token_hex(16)
        env = dict(
            os.environ,
            JUPYTERLAB_SETTINGS_DIR=str(self.tmp / "settings"),
            JUPYTERLAB_WORKSPACES_DIR=str(self.tmp / "workspaces"),
            JUPYTER_RUNTIME_DIR=str(self.tmp / "runtime"),
        )
        env.pop("MPLBACKEND", None)
        self.log = open(self.tmp / "lab.log", "w")
        self.proc = subprocess.Popen(
            [
                python or sys.executable,
                "-m",
                "jupyterlab",
                "--no-browser",
                "--allow-root",
                "--ip=127.0.0.1",
                f"--port={self.port}",
                f"--IdentityProvider.token={self.token}",
                "--LabApp.news_url=None",
                "--LabApp.expose_app_in_browser=True",
                f"--ServerApp.root_dir={self.root}",
                "--ServerApp.open_browser=False",
                "--MappingKernelManager.cull_idle_timeout=0",
            ],
            cwd=self.root,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        self._wait_ready()

    def _wait_ready(self, timeout: float = 90.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"JupyterLab exited early:\n{self.log_text()}")
            try:
                with urllib.request.urlopen(f"{self.base}/api/status?token={self.token}", timeout=2) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.3)
        self.close()
        raise RuntimeError(f"JupyterLab did not start within {timeout:.0f} s:\n{self.log_text()}")

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, notebook: str) -> str:
        return f"{self.base}/lab/tree/{notebook}?token={self.token}&reset"

    def log_text(self) -> str:
        self.log.flush()
        return (self.tmp / "lab.log").read_text(errors="replace")[-4000:]

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()
        shutil.rmtree(self.tmp, ignore_errors=True)


@contextmanager
def lab_server(notebooks: Path, extra_files: dict[str, str] | None = None, python: str | None = None):
    server = LabServer(notebooks, extra_files, python)
    try:
        yield server
    finally:
        server.close()


@contextmanager
def open_browser():
    """Playwright's Chromium driver on the system's Chromium binary."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


# JavaScript run in the page: read the open notebook's model through window.jupyterapp.
JS_NOTEBOOK_STATE = """
() => {
  const app = window.jupyterapp;
  const panel = app && app.shell.currentWidget;
  if (!panel || panel.isDisposed || !panel.content || !panel.content.model || !panel.content.widgets) return null;
  const cells = [];
  for (const cell of panel.content.widgets) {
    const m = cell.model;
    if (m.type !== 'code') continue;
    cells.push({
      count: m.executionCount,
      tags: m.getMetadata('tags') || [],
      outputs: m.outputs.toJSON().map(o => ({type: o.output_type, ename: o.ename || null,
                                             mimes: Object.keys(o.data || {})})),
    });
  }
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  return {cells, kernel: kernel ? kernel.status : 'none', path: panel.context ? panel.context.path : null};
}
"""


def open_notebook(page, server: LabServer, name: str, timeout: float = 120.0) -> None:
    """Open a notebook and wait until its kernel is idle."""
    page.goto(server.url(name))
    wait_for_notebook(page, timeout)


def wait_for_notebook(page, timeout: float = 120.0) -> None:
    """Wait until the page shows a notebook whose kernel is idle (after a goto, or a redirect that opens one)."""
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=timeout * 1000)
    wait_for(lambda: (page.evaluate(JS_NOTEBOOK_STATE) or {}).get("kernel") == "idle", timeout, "kernel idle")


# JavaScript run in the page: close every document open in JupyterLab's main area without asking to save
# (a run notebook is modified), and shut down every kernel; resolves once the kernels are gone.
JS_CLOSE_EVERYTHING = """
async () => {
  const app = window.jupyterapp;
  for (const widget of Array.from(app.shell.widgets('main'))) {
    widget.dispose();
  }
  await app.serviceManager.sessions.shutdownAll();
}
"""


def open_in_app(page, name: str, console: list[str] | None = None, timeout: float = 120.0) -> None:
    """Open a notebook in the JupyterLab already loaded in `page`, as a learner opens one from the file browser,
    and wait until its kernel is idle. What was open there is closed first, and its kernel shut down; then
    `console` (the list :func:`record_console_errors` fills for the page), if given, is emptied.

    Loading JupyterLab in a new page took 4 to 6 s on the course's 2-core test machine (measured, 2026-12-07),
    opening a notebook in it a fraction of a second: tests that check notebook after notebook load it once
    (:func:`open_notebook`) and open the others this way.
    """
    page.evaluate(JS_CLOSE_EVERYTHING)
    if console is not None:
        console.clear()
    page.evaluate(
        "(path) => { window.jupyterapp.commands.execute('docmanager:open', {path, factory: 'Notebook'}); }", name
    )
    wait_for(
        lambda: (state := page.evaluate(JS_NOTEBOOK_STATE)) and state["path"] == name and state["kernel"] == "idle",
        timeout,
        f"{name} open in JupyterLab with its kernel idle",
    )


def run_all_cells(page, timeout: float = 180.0) -> dict:
    """Run every cell through the menu (Run → Run All Cells) and wait for the last to finish."""
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()

    def finished():
        state = page.evaluate(JS_NOTEBOOK_STATE)
        if not state or state["kernel"] != "idle":
            return None
        if all(c["count"] is not None for c in state["cells"]):
            return state
        return None

    return wait_for(finished, timeout, "all cells executed")


def wait_for(predicate, timeout: float, what: str, interval: float = 0.25):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise TimeoutError(f"timed out after {timeout:.0f} s waiting for {what}")


def clear_outputs(page) -> None:
    """Edit → Clear Outputs of All Cells, so that a later run is seen to be fresh."""
    page.locator(".lm-MenuBar-itemLabel", has_text="Edit").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Clear Outputs of All Cells").first.click()
    wait_for(lambda: all(c["count"] is None for c in page.evaluate(JS_NOTEBOOK_STATE)["cells"]), 30, "outputs cleared")


JS_MAIN_CONTROLS = """
() => Array.from(document.querySelectorAll('.jp-Notebook .posenc-main')).map(main => {
  const cell = main.closest('.jp-Cell');
  const img = cell.querySelector('.jp-OutputArea-output img');
  const readout = cell.querySelector('.posenc-readout');
  const value = main.querySelector('.widget-readout');
  return {img: img ? img.src : null, readout: readout ? readout.innerText : null,
          value: value ? value.innerText.trim() : null};
})
"""


def main_controls_state(page) -> list[dict]:
    """For each lesson widget in the notebook: its picture (data URL), readout text and slider value text."""
    return page.evaluate(JS_MAIN_CONTROLS)


def focus_main_slider(page, index: int = 0) -> None:
    """Scroll to a lesson widget's main slider and give its handle the keyboard focus, as a keyboard user would.

    Returns once the widget shows its value and readout and the handle has kept the focus for a moment.
    Each look scrolls to the handle again: just after a run, JupyterLab gives the focus back to its active
    cell and may scroll to it, and a cell scrolled out of view is not drawn (its text reads as empty), so a
    key pressed then would go to that cell.
    """
    handle = page.locator(".jp-Notebook .posenc-main .noUi-handle").nth(index)
    seen = {"drawn": False, "focus": "nothing yet"}

    def drawn_and_focused() -> bool:
        handle.scroll_into_view_if_needed()
        state = main_controls_state(page)[index]
        seen["drawn"] = bool(state["value"] and state["readout"])
        if not seen["drawn"]:
            return False
        if handle.evaluate("el => document.activeElement === el"):
            return True
        seen["focus"] = page.evaluate(JS_ACTIVE_ELEMENT)
        handle.focus()
        return False  # asked again after a moment: the focus must still be there

    try:
        wait_for(drawn_and_focused, 15, "the widget to be drawn and its slider's handle to keep the focus")
    except TimeoutError as error:
        why = f"the focus was last on {seen['focus']}" if seen["drawn"] else "its value and readout were never drawn"
        raise TimeoutError(f"{error} ({why})") from None


# the element that has the keyboard focus, described for a failure message
JS_ACTIVE_ELEMENT = """
() => {
  const el = document.activeElement;
  return el ? `${el.tagName.toLowerCase()}.${Array.from(el.classList).slice(0, 3).join('.')}` : 'nothing';
}
"""


def press_on_main_slider(page, index: int = 0, key: str = "ArrowRight") -> None:
    """Focus the handle of a lesson widget's main slider and press a key, as a keyboard user would."""
    focus_main_slider(page, index)
    page.keyboard.press(key)


def click_on_figure(page, index: int, fx: float, fy: float) -> None:
    """Click the figure of the `index`-th lesson widget at (fx, fy), fractions of its width and height."""
    image = page.locator(".jp-Notebook .jp-Cell:has(.posenc-main)").nth(index).locator(".jp-OutputArea-output img")
    image.scroll_into_view_if_needed()
    # the notebook may still be laying the cell out after the scroll (it renders cells as they come into
    # view): until then the image has no box
    box = wait_for(image.bounding_box, 15, "the figure to be laid out after scrolling to it")
    page.mouse.click(box["x"] + fx * box["width"], box["y"] + fy * box["height"])


def check_main_slider(page, index: int, patience: float = 15.0) -> list[str]:
    """Move one widget's main slider by a key press; the problems seen (figure, readout, value). A figure
    and readout that have not changed `patience` seconds after the key are reported."""
    where = f"widget {index + 1}"
    first = main_controls_state(page)[index]
    if first["img"] is None or first["readout"] is None:
        return [f"{where} has no figure image or no readout"]
    try:
        focus_main_slider(page, index)
    except TimeoutError as error:
        return [f"{where}: {error}"]
    before = main_controls_state(page)[index]
    page.keyboard.press("ArrowRight")
    try:
        after = wait_for(
            lambda: (
                (s := main_controls_state(page)[index])
                and s["img"] != before["img"]
                and s["readout"] != before["readout"]
                and s
            ),
            patience,
            "figure and readout to change",
        )
    except TimeoutError:
        now = main_controls_state(page)[index]
        what = "figure" if now["img"] == before["img"] else "readout"
        return [
            f"{where}: after a key press on the main slider the {what} did not change"
            f" (the slider's value {before['value']!r}, then {now['value']!r})"
        ]
    problems = []
    if after["value"] and after["value"] not in after["readout"]:
        problems.append(
            f"{where}: the readout {after['readout']!r} does not show the slider's value {after['value']!r}"
        )
    if after["value"] == before["value"]:
        problems.append(f"{where}: the keyboard did not move the slider")
    return problems


def wait_for_widget_views(page, timeout_ms: int = 10_000) -> None:
    """Wait until no output says "Loading widget..." any more (or `timeout_ms`: the check that follows reports it)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(
            "() => !Array.from(document.querySelectorAll('.jp-Notebook .jp-OutputArea'))"
            ".some(o => o.innerText.includes('Loading widget...'))",
            timeout=timeout_ms,
        )
    except PlaywrightTimeout:
        pass


def check_lesson(page, server: LabServer, name: str, screenshot: Path | None = None) -> list[str]:
    """Open a lesson, run it through the UI, move the main slider of every widget; return the problems seen."""
    console = record_console_errors(page)
    open_notebook(page, server, name)
    return check_open_lesson(page, console, screenshot)


def check_lesson_in_app(
    page, console: list[str], name: str, screenshot: Path | None = None, patience: float = 15.0
) -> list[str]:
    """:func:`check_lesson` in the JupyterLab already loaded in `page` (:func:`open_in_app`, which empties
    `console` once the last notebook is closed); `patience` as :func:`check_main_slider` takes it."""
    open_in_app(page, name, console)
    return check_open_lesson(page, console, screenshot, patience)


#: The text of every widget element that the page shows cut short with an ellipsis (its text wider than its box).
CUT_LABELS = """
() => [...document.querySelectorAll('.jp-OutputArea .jupyter-widgets *')]
  .filter((el) => getComputedStyle(el).textOverflow === 'ellipsis' && el.textContent.trim()
                  && el.scrollWidth > el.clientWidth + 1)
  .map((el) => el.textContent.trim())
"""


def cut_labels(page) -> list[str]:
    """The widget labels of the open notebook that are cut short at the page's width (ipywidgets gives a
    checkbox a fixed width and ends a longer description with an ellipsis)."""
    return page.evaluate(CUT_LABELS)


def record_console_errors(page) -> list[str]:
    """A list that fills with the page's console errors and uncaught exceptions from now on."""
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: console.append(f"page error: {e}"))
    return console


def check_open_lesson(page, console: list[str], screenshot: Path | None = None, patience: float = 15.0) -> list[str]:
    """The lesson open in `page`: clear it, run it through the UI, move the main slider of every widget;
    return the problems seen (`console` from :func:`record_console_errors`, installed before it opened)."""
    problems: list[str] = []
    clear_outputs(page)
    state = run_all_cells(page)
    for i, cell in enumerate(state["cells"]):
        for out in cell["outputs"]:
            if out["type"] == "error" and "raises-exception" not in cell["tags"]:
                problems.append(f"code cell {i} shows an error: {out['ename']}")
    wait_for_widget_views(page)
    text = "\n".join(page.locator(".jp-Notebook .jp-OutputArea").all_inner_texts())  # outputs, not the prose
    for bad in ("Error displaying widget", "Loading widget...", "model not found"):
        if bad in text:
            problems.append(f"a widget did not render: the page shows {bad!r}")
    widget_errors = [m for m in console if "widget" in m.lower() or "manager" in m.lower() or "page error" in m]
    problems += [f"console error: {m[:200]}" for m in widget_errors]
    problems += [f"a widget's label is cut at this width: {text!r}" for text in cut_labels(page)]

    count = len(main_controls_state(page))
    if count == 0:
        problems.append("no lesson widget (.posenc-main) found")
    for index in range(count):
        problems += check_main_slider(page, index, patience)
    if screenshot is not None:
        screenshot.parent.mkdir(parents=True, exist_ok=True)
        if count:
            page.locator(".jp-Notebook .posenc-main").first.scroll_into_view_if_needed()
            time.sleep(0.5)  # the notebook draws the cells it scrolled to after a moment
        page.screenshot(path=str(screenshot))
    return problems
