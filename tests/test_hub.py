"""A real class JupyterHub on 127.0.0.1, laid out as the instructor guide's recipe says (marker ``hub``).

The hub runs from its own server environment (``.venv-hub``, from ``requirements-hub.txt``, with the
proxy from the npm registry by its lock file), which holds no course; the lessons' kernels run in the
course's environment, registered in the server environment by the recipe's command. The course is a
repository whose ``student`` branch holds the student edition, published by ``tools/publish_edition.py``.
Two students follow the guide's nbgitpuller link in headless Chromium: each logs in, gets the course in
their own home, runs lesson 00 and moves its slider. Then the course publishes an update and the first
student, who has edited one lesson, deleted another and changed a line the update also changes,
follows the link again. Everything the hub started is stopped at the end. The whole visit runs once (a
module fixture); each test reads one part. The preflight is run on the same two environments.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import nbformat
import pytest

from tools.gen_links import nbgitpuller_link, repository
from tools.hubdriver import Hub, build_server_env, follow_link, missing_hub_reason, publish_course, register_kernel
from tools.labdriver import check_open_lesson, missing_browser_reason, open_browser, record_console_errors, wait_for

ROOT = Path(__file__).resolve().parents[1]
STUDENTS = ("alice", "bob")
#: nbgitpuller clones into a folder named after the repository, as the guide's link does
FOLDER = repository().rstrip("/").rsplit("/", 1)[-1]
LESSON = Path("notebooks") / "00_start_here.ipynb"
EDITED = Path("notebooks") / "00_start_here.ipynb"
DELETED = Path("notebooks") / "01_order_blind_attention.ipynb"
NOTE = "My own note, written after the first class."
UPDATE = "An update the instructor published after the first class."
MY_TITLE = "# My copy of the course"
COURSE_TITLE = "# The student edition, updated"

#: The single-user server's kernelspecs, asked for as JupyterLab asks (its session cookie and XSRF token).
KERNELSPECS = """(url) => {
  const xsrf = (document.cookie.match(/(?:^|; )_xsrf=([^;]*)/) || [])[1] || '';
  return fetch(url, {headers: {'X-XSRFToken': decodeURIComponent(xsrf)}}).then(r => r.json());
}"""

pytestmark = [
    pytest.mark.hub,
    pytest.mark.skipif(missing_hub_reason() is not None, reason=str(missing_hub_reason())),
    pytest.mark.skipif(missing_browser_reason() is not None, reason=str(missing_browser_reason())),
]


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True, text=True).stdout.strip()


@pytest.fixture(scope="module")
def server_env() -> Path:
    env = build_server_env()
    register_kernel(sys.executable, env)
    return env


@pytest.fixture(scope="module")
def visit(server_env, tmp_path_factory):
    """The class, from the first link to the hub's stop; what was seen, for the tests below."""
    from tools.publish_edition import publish

    origin, kit = publish_course(tmp_path_factory.mktemp("course"), FOLDER)
    seen: dict = {"published": git(origin, "rev-parse", "student")}
    hub = Hub(server_env)
    link = nbgitpuller_link("student", hub=hub.base, url=f"file://{origin}")
    try:
        with open_browser() as browser:
            pages = {}
            for student in STUDENTS:
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                page = context.new_page()
                console = record_console_errors(page)
                follow_link(page, link, student)
                seen[student] = {
                    "url": page.url,
                    "problems": check_open_lesson(page, console),
                    "home_has_lesson": (hub.homes / student / FOLDER / LESSON).is_file(),
                    "branch": git(hub.homes / student / FOLDER, "rev-parse", "--abbrev-ref", "HEAD"),
                    "commit": git(hub.homes / student / FOLDER, "rev-parse", "HEAD"),
                    "kernelspecs": page.evaluate(KERNELSPECS, f"/user/{student}/api/kernelspecs"),
                }
                pages[student] = page
            seen["users"] = {user["name"]: user for user in hub.api("GET", "/users")}
            seen["processes"] = hub.processes()

            # after the class: alice writes a note in lesson 00 and deletes lesson 01; the course is updated
            pages["alice"].context.close()
            mine = hub.homes / "alice" / FOLDER
            nb = nbformat.read(mine / EDITED, as_version=4)
            nb.cells.append(nbformat.v4.new_markdown_cell(NOTE))
            nbformat.write(nb, mine / EDITED)
            (mine / DELETED).unlink()
            theirs = (mine / "README.md").read_text().split("\n", 1)
            (mine / "README.md").write_text(f"{MY_TITLE}\n{theirs[1]}")
            # the update changes the README's first line too (a conflict with alice's) and adds a line at its end
            readme = kit / "student" / "README.md"
            first, rest = readme.read_text().split("\n", 1)
            readme.write_text(f"{COURSE_TITLE}\n{rest}\n{UPDATE}\n")
            seen["update"] = publish(kit / "student", "student", origin)[0]
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            follow_link(page, link, "alice")
            wait_for(lambda: git(mine, "rev-parse", "HEAD") != seen["published"], 30, "the update merged")
            seen["after"] = {
                "lesson": nbformat.read(mine / EDITED, as_version=4),
                "deleted_is_back": (mine / DELETED).exists(),
                "readme": (mine / "README.md").read_text(),
                "merged": subprocess.run(
                    ["git", "merge-base", "--is-ancestor", seen["update"], "HEAD"], cwd=mine
                ).returncode
                == 0,
            }
    finally:
        seen["left_running"] = hub.close()
    return hub, seen


def test_each_student_gets_the_course_in_their_own_home_and_lands_on_lesson_00(visit):
    _, seen = visit
    for student in STUDENTS:
        assert seen[student]["home_has_lesson"], f"{student}: nbgitpuller did not put the course in their home"
        assert seen[student]["url"].split("?")[0].endswith(f"/user/{student}/lab/tree/{FOLDER}/{LESSON.as_posix()}")
        # a clone of the student branch, at the commit the course published
        assert (seen[student]["branch"], seen[student]["commit"]) == ("student", seen["published"])
    assert {name for name, user in seen["users"].items() if user["servers"]} == set(STUDENTS), (
        "both students' servers run at the same time"
    )


def test_lesson_00_runs_and_its_slider_moves_the_picture_for_each_student(visit):
    _, seen = visit
    for student in STUDENTS:
        assert seen[student]["problems"] == [], (student, seen[student]["problems"])


def test_the_kernels_run_in_the_course_environment_and_the_servers_in_the_server_environment(visit, server_env):
    _, seen = visit
    for student in STUDENTS:
        specs = seen[student]["kernelspecs"]
        assert specs["default"] == "python3"
        python3 = specs["kernelspecs"]["python3"]["spec"]
        assert python3["argv"][0] == sys.executable, "the lessons' kernel is the course's Python"
    # the server environment has no course: a lesson that runs ran in the kernel environment
    bare = subprocess.run(
        [str(server_env / "bin" / "python"), "-c", "import posenc"], capture_output=True, cwd=tempfile.gettempdir()
    )
    assert bare.returncode != 0
    commands = list(seen["processes"].values())
    servers = [c for c in commands if "jupyterhub-singleuser" in c]
    kernels = [c for c in commands if "ipykernel_launcher" in c]
    assert len(servers) == len(STUDENTS) and all(str(server_env / "bin") in c for c in servers), servers
    assert len(kernels) == len(STUDENTS) and all(c.startswith(sys.executable) for c in kernels), kernels
    assert any("configurable-http-proxy" in c for c in commands)


def test_an_update_arrives_keeps_a_students_edits_and_brings_back_a_deleted_lesson(visit):
    _, seen = visit
    after = seen["after"]
    assert after["merged"], "the course's new commit is in the student's copy"
    assert UPDATE in after["readme"], "the update arrived"
    assert after["readme"].splitlines()[0] == MY_TITLE, "where both changed the same line, the student's version wins"
    assert after["lesson"].cells[-1].source == NOTE, "the student's edit is kept"
    assert after["deleted_is_back"], "a deleted lesson comes back fresh"


def test_the_preflight_passes_on_the_two_environments_of_the_recipe(server_env):
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "preflight.py"), "--skip-lessons"]
        + ["--kernel-python", sys.executable, "--server-python", str(server_env / "bin" / "python")],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0 and "✗" not in done.stdout, done.stdout
    for line in (
        "✓ server: anywidget front end",
        "✓ server: jupyterlab 4.6.6",
        "✓ server: nbgitpuller 1.3.0",
        "✓ server: the python3 kernel the lessons ask for runs the kernel environment's Python",
    ):
        assert line in done.stdout, line


def test_the_preflight_names_a_python3_kernel_that_runs_another_python(server_env, tmp_path):
    # a python3 kernelspec earlier on the server's path, as a stray user-level one would be
    spec = tmp_path / "kernels" / "python3"
    spec.mkdir(parents=True)
    argv = ["/usr/bin/python3", "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    (spec / "kernel.json").write_text(json.dumps({"argv": argv, "display_name": "other", "language": "python"}))
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "preflight.py"), "--skip-lessons"]
        + ["--kernel-python", sys.executable, "--server-python", str(server_env / "bin" / "python")],
        capture_output=True,
        text=True,
        env={**os.environ, "JUPYTER_PATH": str(tmp_path)},
    )
    assert done.returncode == 1, done.stdout
    assert (
        f"✗ server: the python3 kernel the lessons ask for runs /usr/bin/python3, not {sys.executable}" in done.stdout
    )
    assert f"-m ipykernel install --prefix {server_env} --name python3" in done.stdout


def test_everything_the_hub_started_is_stopped(visit):
    _, seen = visit
    assert seen["left_running"] == {}, json.dumps(seen["left_running"], indent=1)
