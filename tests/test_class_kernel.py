"""The student branch's lessons start a kernel with no dialog where a class meets them off the hub: in the
environment Binder builds from the student branch (its own ``binder/``, which installs the course's package
from the repository at the edition's commit; the session's files are the branch's alone) and in a plain
laptop venv (the course's ``.venv``).

The class's editions ask for the course's own kernel name (``posenc_course.editions.COURSE_KERNEL``), which only a
hub that registered it has; elsewhere JupyterLab starts the one Python kernel there is. These tests open
the first and the last lesson of a published ``student`` branch in real JupyterLab servers in headless
Chromium and watch for the kernel dialog while the kernel starts; lesson 00 is then run through and its
slider moved. JupyterLab picks a kernel from a notebook's kernelspec alone, and every lesson's is the same
(the first test below reads them all), so two lessons stand for all of them at a seventh of the time. The
hub side is ``tests/test_hub.py``'s.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from posenc_course.editions import COURSE_KERNEL
from tests.helpers import new_venv
from tools.labdriver import (
    check_open_lesson,
    lab_server,
    missing_browser_reason,
    open_browser,
    record_console_errors,
)

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
#: the lessons opened in the browser (the kernelspec JupyterLab reads is every lesson's: see the module's docstring)
OPENED = (LESSONS[0], LESSONS[-1])
BINDER_ENV = ROOT / ".venv-binder"
#: The repository's folder name
NAME = "course"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(missing_browser_reason() is not None, reason=str(missing_browser_reason())),
]


def binder_env(branch: Path) -> Path:
    """``.venv-binder``: what Binder installs from the student branch checked out at `branch` (its lock
    ``binder/requirements.txt``, the course's package included, then its ``binder/postBuild``) on this machine's
    Python; rebuilt when either file changes."""
    parts = [
        branch / "binder" / "requirements.txt",
        branch / "binder" / "postBuild",
        ROOT / "tools" / "venv_install.sh",
    ]
    stamp = hashlib.sha256(b"".join(p.read_bytes() for p in parts)).hexdigest()
    done = BINDER_ENV / ".requirements-sha256"
    if done.exists() and done.read_text() == stamp:
        return BINDER_ENV
    shutil.rmtree(BINDER_ENV, ignore_errors=True)
    new_venv(BINDER_ENV, "-r", str(parts[0]))
    path = f"{BINDER_ENV / 'bin'}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    subprocess.run(
        ["bash", str(parts[1])], check=True, cwd=branch, env={**os.environ, "PATH": path}, capture_output=True
    )
    done.write_text(stamp)
    return BINDER_ENV


@pytest.fixture(scope="module")
def branch(tmp_path_factory) -> tuple[Path, Path]:
    """A course repository whose ``student`` branch holds the student edition, and a clone of that branch."""
    from tools.hubdriver import publish_course

    origin, _ = publish_course(tmp_path_factory.mktemp("course"), NAME)
    clone = tmp_path_factory.mktemp("laptop") / NAME
    subprocess.run(["git", "clone", "--quiet", "--branch", "student", str(origin), str(clone)], check=True)
    return origin, clone


@pytest.fixture(scope="module")
def browser():
    with open_browser() as chromium:
        yield chromium


#: The notebook in front: its path, and its kernel's name and status.
JS_CURRENT = """() => { const p = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const kernel = p && p.sessionContext && p.sessionContext.session && p.sessionContext.session.kernel;
  return p && p.context ? {path: p.context.path, kernel: kernel ? kernel.name : null,
                           status: kernel ? kernel.status : null} : null; }"""


def open_without_a_dialog(page, url: str, lesson: str, timeout: float = 120.0) -> dict:
    """Open `url` (a lesson, or a link that leads to one) and wait until `lesson` is in front with its kernel
    idle; fail at once if a dialog asks which kernel to start. Returns the kernel's name and the lesson's path."""
    page.goto(url)
    page.wait_for_selector(".jp-Notebook .jp-Cell", state="attached", timeout=timeout * 1000)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.locator(".jp-Dialog").count():
            pytest.fail(f"{page.url}: a dialog asked: {page.locator('.jp-Dialog').first.inner_text()[:300]!r}")
        current = page.evaluate(JS_CURRENT) or {}
        # a restored workspace may show an earlier lesson first; the one asked for then opens in front
        if str(current.get("path", "")).endswith(lesson) and current.get("status") == "idle":
            return {"kernel": current["kernel"], "path": current["path"]}
        time.sleep(0.2)
    pytest.fail(f"{page.url}: the kernel was not idle within {timeout:.0f} s")


def lessons_start_with_no_dialog(browser, server, url_of) -> list[dict]:
    """Each opened lesson in its own tab; lesson 00 run through and its slider moved."""
    seen = []
    for lesson in OPENED:
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        try:
            console = record_console_errors(page)
            seen.append(open_without_a_dialog(page, url_of(lesson), lesson))
            if lesson.startswith("00"):
                seen[-1]["problems"] = check_open_lesson(page, console)
        finally:
            page.context.close()
    return seen


def test_the_student_editions_lessons_ask_for_the_course_kernel(branch):
    _, clone = branch
    import nbformat

    for lesson in LESSONS:
        metadata = nbformat.read(clone / "notebooks" / lesson, as_version=4).metadata
        assert metadata.kernelspec == COURSE_KERNEL
        assert metadata.language_info.name == "python"


def test_on_a_laptop_venv_every_student_lesson_starts_pythons_kernel_with_no_dialog(browser, branch):
    _, clone = branch
    with lab_server(clone / "notebooks") as server:
        seen = lessons_start_with_no_dialog(browser, server, server.url)
    assert [s["kernel"] for s in seen] == ["python3"] * len(OPENED), "the one Python kernel, by language"
    assert seen[0]["problems"] == []


def test_binder_builds_the_student_branch_whose_lessons_start_a_kernel_with_no_dialog(browser, branch, tmp_path):
    _, clone = branch
    python = str(binder_env(clone) / "bin" / "python")
    found = subprocess.run(
        [python, "-c", "import posenc; print(posenc.__file__)"], cwd=tmp_path, capture_output=True, text=True
    )
    assert str(BINDER_ENV) in found.stdout, "the course's package is installed, not read from a source tree"
    home = tmp_path / "home"
    shutil.copytree(clone, home, ignore=shutil.ignore_patterns(".git"))  # repo2docker copies the branch's files
    assert {p.name for p in home.iterdir()} == {"README.md", "binder", "docs", "notebooks"}, "the branch's alone"
    with lab_server(home, python=python) as server:
        # the student edition's Binder link ends in this path (tools/gen_links.edition_binder_url)
        def opened(lesson: str) -> str:
            return f"{server.base}/lab/tree/notebooks/{lesson}?token={server.token}"

        seen = lessons_start_with_no_dialog(browser, server, opened)
    assert [s["path"] for s in seen] == [f"notebooks/{lesson}" for lesson in OPENED]
    assert [s["kernel"] for s in seen] == ["python3"] * len(OPENED)
    assert seen[0]["problems"] == []


def test_where_two_python_kernels_and_no_course_kernel_are_installed_jupyterlab_asks(
    browser, branch, tmp_path, monkeypatch
):
    # what the guide says of a machine with several Python kernels: the one case with a dialog
    _, clone = branch
    other = tmp_path / "kernels" / "other"
    other.mkdir(parents=True)
    argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    (other / "kernel.json").write_text(
        __import__("json").dumps({"argv": argv, "display_name": "Other", "language": "python"})
    )
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path))
    with lab_server(clone / "notebooks") as server:
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        try:
            with pytest.raises(pytest.fail.Exception, match="a dialog asked: 'Select Kernel"):
                open_without_a_dialog(page, server.url(LESSONS[0]), LESSONS[0], timeout=60)
        finally:
            page.context.close()
