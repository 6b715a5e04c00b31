"""The ways into the course that the README promises, followed for real (marker ``slow``: each builds
a fresh environment with pip).

- **Own laptop, Linux**: the README's three commands without ``make``, run as they are written in
  a fresh clone; JupyterLab, started with ``--no-browser`` on a free port, must answer.
- **Colab**: the lessons' set-up cell in a fresh environment without the course, with a stand-in
  ``google.colab`` loaded as Colab loads it, and the course's URL pointed at a local clone. Where
  the session had loaded an ipywidgets that the install upgrades (Colab ships ipywidgets 7), the
  cell installs the course and asks for a restart; after the restart it loads the course, turns on
  Colab's widget manager, and lesson 00's explorer builds. Where nothing loaded changes, it says
  that no restart is needed and goes on in the same session. What this cannot show is Colab's own
  front end and widget manager: the guide says so.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import nbformat
import pytest

from posenc_course import lessons
from tests.helpers import new_venv
from tools.preflight import kernel_env

ROOT = Path(__file__).resolve().parents[1]
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("git") is None, reason="git is needed to clone the course: apt-get install git"),
]


@pytest.fixture(scope="module")
def clone(tmp_path_factory):
    """A fresh clone of the committed course (what a learner or Colab would get)."""
    folder = tmp_path_factory.mktemp("ways-in") / "course"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(folder)], check=True)
    return folder


def linux_commands() -> list[str]:
    """The README's commands for Linux and macOS without make, as written."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- linux commands -->\n```bash\n(.*?)```", readme, re.S)
    assert block, "README.md: no ```bash block after <!-- linux commands -->"
    return [line for line in block.group(1).splitlines() if line.strip()]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_readme_linux_commands_install_the_course_and_start_jupyterlab(clone):
    *install, start = linux_commands()
    assert start.startswith(".venv/bin/jupyter lab ")
    for line in install:
        subprocess.run(["bash", "-c", line], cwd=clone, check=True, timeout=900)
    port = free_port()
    extra = f" --no-browser --port={port} --ServerApp.port_retries=0" + (" --allow-root" if os.geteuid() == 0 else "")
    server = subprocess.Popen(
        ["bash", "-c", "exec " + start + extra],
        cwd=clone,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        answer, deadline = None, time.monotonic() + 180
        while time.monotonic() < deadline and server.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api", timeout=5) as reply:
                    answer = json.load(reply)
                break
            except (urllib.error.URLError, ConnectionError):
                time.sleep(1)
        assert server.poll() is None, server.stderr.read().decode()[-2000:] if server.stderr else "server exited"
        assert answer and "version" in answer, "JupyterLab's server did not answer /api"
        try:  # the lab page itself: it answers, with the login page for a browser without the token
            urllib.request.urlopen(f"http://127.0.0.1:{port}/lab", timeout=10)
        except urllib.error.HTTPError as refused:
            assert refused.code in (302, 403), refused
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    import_check = "import posenc, ipywidgets, anywidget, matplotlib; print(posenc.__version__)"
    said = subprocess.run([str(clone / ".venv/bin/python"), "-c", import_check], capture_output=True, text=True)
    assert said.stdout.strip() == __import__("posenc").__version__, said.stderr


STANDIN = {
    "google/__init__.py": "",
    "google/colab/__init__.py": '"""A stand-in for Colab\'s google.colab, for the tests."""\n',
    "google/colab/output.py": "calls = []\n\n\ndef enable_custom_widget_manager():\n    calls.append('enabled')\n",
}


@pytest.fixture(scope="module")
def colab_like(tmp_path_factory, clone):
    """A fresh environment without the course, ipykernel and Colab's ipywidgets 7 in it; a kernel spec
    that runs it; a stand-in google.colab on disk."""
    home = tmp_path_factory.mktemp("colab")
    python = new_venv(home / "venv", "ipykernel", "ipywidgets==7.8.5")  # the set-up cell then installs with pip
    for name, text in STANDIN.items():
        (home / "standin" / name).parent.mkdir(parents=True, exist_ok=True)
        (home / "standin" / name).write_text(text)
    kernel_env(str(python), home / "jupyter", name="colab-like")  # the spec; JUPYTER_PATH is set per test
    return {"home": home, "python": python, "clone": clone}


def run_in_colab_like(env: dict, monkeypatch, *codes: str) -> list:
    """Run `codes` as the cells of one notebook in a new kernel of the Colab-like environment, after a
    first cell that loads the stand-in google.colab (as Colab's kernel has it loaded)."""
    from nbclient import NotebookClient

    monkeypatch.setenv("JUPYTER_PATH", str(env["home"] / "jupyter"))
    first = f"import sys\nsys.path.insert(0, {str(env['home'] / 'standin')!r})\nimport google.colab\n"
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in (first, *codes)])
    where = {"metadata": {"path": str(env["home"])}}  # not the repository, whose posenc/ folder would be found
    NotebookClient(nb, kernel_name="colab-like", timeout=900, allow_errors=True, resources=where).execute()
    return nb.cells[1:]


def setup_from(clone: Path) -> str:
    """The lessons' set-up cell, its course URL pointed at the local clone (as a folder: pip's requirement
    syntax takes no git+file URL without a host)."""
    cell = re.sub(r'course = "git\+[^"]*"', f'course = "{clone.as_uri()}"', lessons.SETUP_CODE)
    assert cell != lessons.SETUP_CODE
    return cell


def shown(cell) -> str:
    return "".join(o.get("text", "") + o.get("evalue", "") for o in cell.outputs)


def test_in_colab_the_set_up_cell_installs_the_course_and_asks_for_a_restart_when_it_must(colab_like, monkeypatch):
    # a session that has loaded Colab's ipywidgets 7: the install upgrades it, so a restart is needed
    (setup,) = run_in_colab_like(colab_like, monkeypatch, "import ipywidgets\n" + setup_from(colab_like["clone"]))
    assert [o.get("ename") for o in setup.outputs if o.output_type == "error"] == ["RuntimeError"], shown(setup)
    assert re.search(r"changed ipywidgets 7\.8\.5 -> 8\.\d", shown(setup)) and "restart the session" in shown(setup)
    # after the restart: the course loads, Colab's widget manager is asked for, lesson 00's explorer builds
    setup, explorer, asked = run_in_colab_like(
        colab_like,
        monkeypatch,
        setup_from(colab_like["clone"]),
        "widgets.environment_check()",
        "import google.colab.output as out; print(out.calls, posenc.__file__)",
    )
    assert not [o for o in setup.outputs if o.output_type == "error"] and "installed" not in shown(setup), shown(setup)
    views = [o for o in explorer.outputs if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert views and "cycles = 1" in explorer.outputs[0]["data"]["text/plain"], explorer.outputs
    assert shown(asked).startswith("['enabled']") and "site-packages" in shown(asked)


def test_in_colab_a_fresh_install_that_changes_nothing_loaded_goes_on_without_a_restart(colab_like, monkeypatch):
    python = str(colab_like["python"])
    subprocess.run([python, "-m", "pip", "uninstall", "-q", "-y", "posenc"], check=False)  # as before any install
    setup, explorer = run_in_colab_like(
        colab_like, monkeypatch, setup_from(colab_like["clone"]), "widgets.environment_check()"
    )
    assert "The course is installed; no restart is needed." in shown(setup), shown(setup)
    assert not [o for o in setup.outputs + explorer.outputs if o.output_type == "error"]
    assert "cycles = 1" in explorer.outputs[0]["data"]["text/plain"]
