"""A real class JupyterHub on 127.0.0.1, laid out as the instructor guide's recipe says (marker ``hub``).

The hub runs from its own server environment (``.venv-hub``, from ``requirements-hub.txt``, with the
proxy from the npm registry by its lock file), which holds no course; the students' servers run from a
copy of it laid out as The Littlest JupyterHub's user environment (``<tmp>/opt/tljh/user``). The lessons'
kernels run in the course's environment, registered into that copy by the recipe's command under the
course's own kernel name, beside the server's own ``python3`` kernel; one student also has a ``python3``
kernelspec of their own in their home, as a student who once installed a kernel would. The course is a
repository whose ``student`` branch holds the student edition, published by ``tools/publish_edition.py``.
Two students follow the guide's nbgitpuller link in headless Chromium: each logs in, gets the course in
their own home, runs lesson 00 and moves its slider. Then the course publishes an update and the first
student, who has edited one lesson, deleted another and changed a line the update also changes,
follows the link again. Between the two, the class does an assignment with nbgrader, set up as the guide's
"Grading on the hub" says: the instructor, a third user, releases lesson 02's graded assignment from the
formgrader in their own server; each student fetches it from their Assignments list's server end and
submits it (alice finished, bob as released); the instructor collects and autogrades from the formgrader,
which runs the submissions in the course's kernel. Everything the hub started is stopped at the end. The
whole visit runs once (a module fixture); each test reads one part. The preflight is run on the same two
environments.
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

from posenc_course.editions import COURSE_KERNEL
from posenc_course.graded import COURSE_ID
from tools.gen_links import nbgitpuller_link, repository
from tools.hubdriver import (
    Hub,
    build_server_env,
    call,
    follow_link,
    log_in,
    missing_hub_reason,
    nbgrader_for_the_class,
    nbgrader_for_the_instructor,
    publish_course,
    register_kernel,
    student_id_stand_in,
    tljh_layout,
)
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
TEACHER = "teacher"
#: the graded edition's assignment the class does on the hub: the sinusoidal table, the core exercise of every sheet
ASSIGNMENT = "lesson-02"
MY_TITLE = "# My copy of the course"
COURSE_TITLE = "# The student edition, updated"

pytestmark = [
    pytest.mark.hub,
    pytest.mark.skipif(missing_hub_reason() is not None, reason=str(missing_hub_reason())),
    pytest.mark.skipif(missing_browser_reason() is not None, reason=str(missing_browser_reason())),
]


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True, text=True).stdout.strip()


#: A kernelspec a student installed in their own home once, for another Python, under the name python3.
OWN_PYTHON = "/usr/bin/python3"


@pytest.fixture(scope="module")
def server_env() -> Path:
    return build_server_env()


@pytest.fixture(scope="module")
def registered(server_env, tmp_path_factory) -> tuple[Path, Path, str]:
    """The students' server environment in The Littlest JupyterHub's layout, the course's kernelspec
    installed into it by the recipe's command, and what that command printed."""
    user_env = tljh_layout(server_env, tmp_path_factory.mktemp("tljh"))
    spec, said = register_kernel(sys.executable, user_env)
    return user_env, spec, said


@pytest.fixture(scope="module")
def user_env(registered) -> Path:
    return registered[0]


@pytest.fixture(scope="module")
def visit(server_env, user_env, tmp_path_factory):
    """The class, from the first link to the hub's stop; what was seen, for the tests below."""
    from tools.build_kit import build_graded
    from tools.publish_edition import publish

    origin, kit = publish_course(tmp_path_factory.mktemp("course"), FOLDER)
    seen: dict = {"published": git(origin, "rev-parse", "student")}
    nbgrader_for_the_class(user_env, tmp_path_factory.mktemp("srv") / "exchange")
    hub = Hub(server_env, user_env, instructors=(TEACHER,))
    graded = build_graded(hub.homes / TEACHER)[0].parents[2]
    nbgrader_for_the_instructor(hub.homes / TEACHER, graded)
    for student in STUDENTS:
        student_id_stand_in(hub.homes / student, student)
    own = hub.homes / "alice" / ".local" / "share" / "jupyter" / "kernels" / "python3"
    own.mkdir(parents=True)
    argv = [OWN_PYTHON, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    (own / "kernel.json").write_text(json.dumps({"argv": argv, "display_name": "Mine", "language": "python"}))
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
                    "kernelspecs": call(page, f"/user/{student}/api/kernelspecs")["json"],
                    "sessions": call(page, f"/user/{student}/api/sessions")["json"],
                }
                pages[student] = page
            seen["users"] = {user["name"]: user for user in hub.api("GET", "/users")}
            seen["processes"] = hub.processes()
            seen["grading"] = grading_round(browser, hub, pages, graded)

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


def grading_round(browser, hub: Hub, pages: dict, graded: Path) -> dict:
    """The instructor generates and releases the assignment from the formgrader; each student lists, fetches
    and submits it through their own server (alice with every exercise done, bob as released); the
    instructor collects and autogrades each submission. Every call goes from a logged-in page to its user's
    server, as JupyterLab's panels make them; what each answered is returned."""
    teacher = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    log_in(teacher, hub.base, TEACHER)
    api = f"/user/{TEACHER}/formgrader/api"
    said: dict = {
        "formgrader": call(teacher, f"/user/{TEACHER}/formgrader"),
        "students_formgrader": {s: call(pages[s], f"/user/{s}/formgrader/api/status")["status"] for s in STUDENTS},
        "generate": call(teacher, f"{api}/assignment/{ASSIGNMENT}/assign", "POST"),
        "release": call(teacher, f"{api}/assignment/{ASSIGNMENT}/release", "POST"),
    }
    source = next((graded / "source" / ASSIGNMENT).glob("*.ipynb"))
    which = {"assignment_id": ASSIGNMENT, "course_id": COURSE_ID}
    for student in STUDENTS:
        mine: dict = {"listed": call(pages[student], f"/user/{student}/assignments?course_id={COURSE_ID}")}
        mine["fetched"] = call(pages[student], f"/user/{student}/assignments/fetch", "POST", which)
        fetched = hub.homes / student / ASSIGNMENT / source.name
        mine["fetched_file"] = fetched.is_file()
        if student == "alice" and fetched.is_file():
            nb = nbformat.read(fetched, as_version=4)
            answers = {
                c.metadata["nbgrader"]["grade_id"]: c.source
                for c in nbformat.read(source, as_version=4).cells
                if c.metadata.get("nbgrader", {}).get("solution")
            }
            for cell in nb.cells:
                if cell.metadata.get("nbgrader", {}).get("solution"):
                    cell.source = answers[cell.metadata["nbgrader"]["grade_id"]]
            nbformat.write(nb, fetched)
        mine["submitted"] = call(pages[student], f"/user/{student}/assignments/submit", "POST", which)
        said[student] = mine
    said["collect"] = call(teacher, f"{api}/assignment/{ASSIGNMENT}/collect", "POST")
    said["autograde"] = {s: call(teacher, f"{api}/submission/{ASSIGNMENT}/{s}/autograde", "POST") for s in STUDENTS}
    said["submissions"] = call(teacher, f"{api}/submissions/{ASSIGNMENT}")
    said["exercises"] = sum(
        bool(c.metadata.get("nbgrader", {}).get("grade")) for c in nbformat.read(source, as_version=4).cells
    )
    teacher.context.close()
    return said


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


def test_the_lessons_start_the_course_kernel_beside_the_servers_python3_and_a_students_own(visit, user_env):
    _, seen = visit
    name = COURSE_KERNEL["name"]
    for student in STUDENTS:
        specs = seen[student]["kernelspecs"]["kernelspecs"]
        assert specs[name]["spec"]["argv"][0] == sys.executable, "the course's kernel runs the course's Python"
        assert specs[name]["spec"]["display_name"] == COURSE_KERNEL["display_name"]
        assert "python3" in specs, "the hub's own python3 kernel is still there for other courses"
        (session,) = seen[student]["sessions"]
        assert session["kernel"]["name"] == name, f"{student}'s lesson 00 opened in {session['kernel']['name']}"
        # python3 is another Python: the server's own (ipykernel's wheel ships its kernelspec, which Jupyter reads
        # before alice's own in her home, since the server runs in an environment), never the course's
        assert specs["python3"]["spec"]["argv"][0] in ("python", OWN_PYTHON)


def test_the_kernels_run_in_the_course_environment_and_the_servers_in_the_tljh_layout(visit, user_env):
    _, seen = visit
    # the server environment has no course: a lesson that runs ran in the kernel environment
    bare = subprocess.run(
        [str(user_env / "bin" / "python"), "-c", "import posenc"], capture_output=True, cwd=tempfile.gettempdir()
    )
    assert bare.returncode != 0
    commands = list(seen["processes"].values())
    servers = [c for c in commands if "jupyterhub-singleuser" in c]
    kernels = [c for c in commands if "ipykernel_launcher" in c]
    # the guide's way to find a hub's server Python: the first word of its jupyterhub-singleuser processes
    assert len(servers) == len(STUDENTS) and all(c.split()[0] == str(user_env / "bin" / "python") for c in servers)
    assert str(user_env).endswith("opt/tljh/user")
    assert len(kernels) == len(STUDENTS) and all(c.startswith(sys.executable) for c in kernels), kernels
    assert any("configurable-http-proxy" in c for c in commands)


def test_the_recipes_kernel_install_writes_into_the_server_prefix_and_warns_of_nothing(registered):
    user_env, spec, said = registered
    assert spec == user_env / "share" / "jupyter" / "kernels" / COURSE_KERNEL["name"]
    assert json.loads((spec / "kernel.json").read_text())["argv"][0] == sys.executable
    assert "may not be found" not in said, said
    # the guide's way to find a hub's kernels and the Python each runs: the server's jupyter kernelspec list
    listed = subprocess.run(
        [str(user_env / "bin" / "python"), "-m", "jupyter", "kernelspec", "list", "--json"],
        capture_output=True,
        text=True,
        check=True,
        env={k: v for k, v in os.environ.items() if k != "JUPYTER_PATH"},
    )
    kernels = json.loads(listed.stdout)["kernelspecs"]
    assert kernels[COURSE_KERNEL["name"]]["spec"]["argv"][0] == sys.executable


def test_an_update_arrives_keeps_a_students_edits_and_brings_back_a_deleted_lesson(visit):
    _, seen = visit
    after = seen["after"]
    assert after["merged"], "the course's new commit is in the student's copy"
    assert UPDATE in after["readme"], "the update arrived"
    assert after["readme"].splitlines()[0] == MY_TITLE, "where both changed the same line, the student's version wins"
    assert after["lesson"].cells[-1].source == NOTE, "the student's edit is kept"
    assert after["deleted_is_back"], "a deleted lesson comes back fresh"


def test_the_preflight_passes_on_the_two_environments_of_the_recipe(user_env):
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "preflight.py"), "--skip-lessons"]
        + ["--kernel-python", sys.executable, "--server-python", str(user_env / "bin" / "python")],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0 and "✗" not in done.stdout, done.stdout
    for line in (
        "✓ server: anywidget front end",
        "✓ server: jupyterlab 4.6.6",
        "✓ server: nbgitpuller 1.3.0",
        "✓ server: the class's editions (asking for posenc) start the posenc kernel: the kernel environment's Python",
        "ℹ server: the learner edition (asking for python3) would start",
    ):
        assert line in done.stdout, line


def test_the_preflight_names_a_course_kernel_that_runs_another_python(user_env, tmp_path):
    # a kernelspec of the course's name earlier on the server's path, as a stray user-level one would be
    spec = tmp_path / "kernels" / COURSE_KERNEL["name"]
    spec.mkdir(parents=True)
    argv = ["/usr/bin/python3", "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    (spec / "kernel.json").write_text(json.dumps({"argv": argv, "display_name": "other", "language": "python"}))
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "preflight.py"), "--skip-lessons"]
        + ["--kernel-python", sys.executable, "--server-python", str(user_env / "bin" / "python")],
        capture_output=True,
        text=True,
        env={**os.environ, "JUPYTER_PATH": str(tmp_path)},
    )
    assert done.returncode == 1, done.stdout
    said = "✗ server: the class's editions (asking for posenc) would start /usr/bin/python3, not "
    assert said + sys.executable in done.stdout, done.stdout
    assert f"-m ipykernel install --prefix {user_env} --name posenc" in done.stdout


def test_everything_the_hub_started_is_stopped(visit):
    _, seen = visit
    assert seen["left_running"] == {}, json.dumps(seen["left_running"], indent=1)


def test_the_instructor_releases_from_the_formgrader_which_students_do_not_have(visit):
    grading = visit[1]["grading"]
    assert grading["formgrader"]["status"] == 200 and "formgrader" in grading["formgrader"]["text"].lower()
    assert grading["students_formgrader"] == {s: 404 for s in STUDENTS}, "the formgrader is the instructor's only"
    for step in ("generate", "release"):
        assert grading[step]["status"] == 200 and grading[step]["json"]["success"], (step, grading[step])


def test_each_student_fetches_and_submits_the_assignment_through_their_own_server(visit):
    grading = visit[1]["grading"]
    for student in STUDENTS:
        mine = grading[student]
        listed = {a["assignment_id"]: a["status"] for a in mine["listed"]["json"]["value"]}
        assert listed == {ASSIGNMENT: "released"}, (student, mine["listed"])
        assert mine["fetched_file"], f"{student}: the fetch put no notebook in their home"
        assert mine["submitted"]["json"]["success"], (student, mine["submitted"])
        statuses = {a["status"] for a in mine["submitted"]["json"]["value"] if a["assignment_id"] == ASSIGNMENT}
        assert "submitted" in statuses, (student, statuses)


def test_the_instructor_collects_and_autogrades_in_the_course_kernel(visit):
    grading = visit[1]["grading"]
    assert grading["collect"]["json"]["success"], grading["collect"]
    for student in STUDENTS:
        assert grading["autograde"][student]["json"]["success"], (student, grading["autograde"][student])
    scores = {s["student"]: (s["score"], s["max_score"]) for s in grading["submissions"]["json"]}
    n = grading["exercises"]
    assert n >= 1
    # alice's answers get every point (the checkers ran, so the course's kernel did); bob's release gets none
    assert scores == {"alice": (n, n), "bob": (0, n)}, scores
