"""The instructor guide's "A class hub" section: the recipe (written here by hand, and run by
tests/test_hub.py as far as one machine can run it) and the sizing (computed from the newest run of
``benchmarks/bench_hub.py`` by a stated model). ``tools/gen_guide.py`` writes it into the guide.

The sizing model (a planning rule built on measured numbers, not a measurement of a class):

- **memory** of one student = their server + their kernels. A kernel holds at least what it held at
  the end of its lesson's run (the larger of its resident memory then and its peak). Two cases: the
  student shuts down each lesson's kernel on leaving it (*one kernel at a time*: the largest of the
  run sheet's lessons), or leaves every kernel running (*every kernel kept*: their sum). The class
  needs the hub and the proxy once, plus one student's memory per student;
- **CPU**, two moments: everyone presses Run All at once (each kernel's CPU time from its start to the
  end of the lesson, the largest over the sheet's lessons; shared fairly by the cores, the last
  student waits students × CPU time / cores), and everyone moving a slider once a second during a demo
  (students × the costliest explorer's CPU per move). The cores quoted keep the first under
  :data:`RUN_ALL_S` seconds and the second under the cores' capacity, plus one core for the hub, the
  proxy and the servers, whose CPU was not measured (a rule of thumb).
"""

from __future__ import annotations

import math
from pathlib import Path

from posenc_course.editions import COURSE_KERNEL
from posenc_course.graded import COURSE_ID
from tools.hubdriver import INSTRUCTORS_HOOK

REQUIREMENTS = Path(__file__).resolve().parents[1] / "requirements-hub.txt"
#: Run All by the whole room at once should finish within this many seconds for the last student.
RUN_ALL_S = 30
#: The Zero to JupyterHub excerpt's memory limit: every kernel kept, times this (a rule of thumb).
LIMIT_MARGIN = 1.25
#: Class sizes the table shows.
CLASS_SIZES = (20, 40, 80, 120)


def newest_hub_run(runs: list[dict]) -> dict:
    """The newest run that has a ``hub`` table; a clear error if none does."""
    hub_runs = [r for r in runs if "hub" in r["tables"]]
    if not hub_runs:
        raise SystemExit("no benchmarks/results/*-hub.json: run python -m benchmarks.bench_hub --json")
    return hub_runs[-1]


def per_lesson(run: dict) -> dict[str, dict]:
    """Each lesson's kernel: memory (MiB, the larger of after-run and peak) and CPU seconds of its run."""
    return {
        r["lesson"]: {"mib": max(r["rss_mib"], r["peak_mib"]), "cpu_s": r["cpu_s"]}
        for r in run["tables"]["hub"]["lessons"]
    }


def student_mib(run: dict, lessons: list[str]) -> tuple[float, float]:
    """(one kernel at a time, every kernel kept): one student's memory in MiB over `lessons`."""
    server = max(run["tables"]["hub"]["rss_mib"]["server"])
    kernels = [per_lesson(run)[n]["mib"] for n in lessons]
    return server + max(kernels), server + sum(kernels)


def class_need(run: dict, lessons: list[str], students: int) -> dict:
    """What `students` need for a sheet over `lessons`: GiB in both memory cases, and cores.

    >>> run = {"tables": {"hub": {"rss_mib": {"hub": [100], "proxy": [50], "server": [150]},
    ...        "lessons": [{"lesson": "01", "rss_mib": 200, "peak_mib": 210, "cpu_s": 3.0}],
    ...        "explorers": [{"explorer": "e", "cpu_ms": 20.0}]}}}
    >>> need = class_need(run, ["01"], 40)
    >>> round(need["one_gib"], 2), need["run_all_cores"], need["slider_cores"], need["cores"]
    (14.21, 4, 1, 5)
    """
    table = run["tables"]["hub"]
    fixed = max(table["rss_mib"]["hub"]) + max(table["rss_mib"]["proxy"])
    one, kept = student_mib(run, lessons)
    cpu_s = max(per_lesson(run)[n]["cpu_s"] for n in lessons)
    move_ms = max(r["cpu_ms"] for r in table["explorers"])
    run_all = math.ceil(students * cpu_s / RUN_ALL_S)
    slider = math.ceil(students * move_ms / 1000)
    return {
        "one_gib": (fixed + students * one) / 1024,
        "kept_gib": (fixed + students * kept) / 1024,
        "run_all_cores": run_all,
        "slider_cores": slider,
        "cores": max(run_all, slider) + 1,
    }


def render(run: dict, sheets: list[tuple[str, list[str]]]) -> str:
    """The guide's sizing section's tables: the measured numbers, then each sheet's need per class size.
    `sheets` is (name, the lessons it opens) for each run sheet."""
    table = run["tables"]["hub"]
    rss = table["rss_mib"]
    lessons = per_lesson(run)
    moves = sorted(table["explorers"], key=lambda r: -r["cpu_ms"])
    lines = [
        f"Measured by `python -m benchmarks.bench_hub` on {run['date']} ({run['machine']['cpus']} cores, "
        f"Python {run['machine']['python']}, JupyterLab {run['machine'].get('jupyterlab', '?')}): each lesson "
        f"run {run['reps']} times in a fresh kernel (the largest value kept); a real hub with two students on "
        "lesson 00.",
        "",
        "| lesson | peak kernel memory during its run (MiB) | kernel CPU for the whole run, start-up included (s) |",
        "|---|---|---|",
    ]
    lines += [f"| {n} | {v['mib']:.0f} | {v['cpu_s']:.1f} |" for n, v in lessons.items()]
    lines += [
        "",
        f"- a student's server (JupyterLab through the hub, lesson 00 open): {max(rss['server']):.0f} MiB; "
        f"the hub {max(rss['hub']):.0f} MiB and the proxy {max(rss['proxy']):.0f} MiB, once per hub;",
        f"- a slider move costs the kernel {moves[-1]['cpu_ms']:.0f} to {moves[0]['cpu_ms']:.0f} ms of CPU (median of "
        "5 moves, measured in a plain Python process, without the widget messages' trip through the kernel and the "
        f"server; the costliest, {moves[0]['explorer']}, takes {moves[0]['wall_ms']:.0f} ms of wall time"
        + (
            ", less than its CPU time, as numpy can use more than one core"
            if moves[0]["wall_ms"] < 0.9 * moves[0]["cpu_ms"]
            else ""
        )
        + "); the browser's drawing is on the student's own computer;",
        f"- following the link the first time (log in, start the server, clone, open lesson 00): "
        f"{', '.join(f'{s:.1f} s' for s in table['first_open_s'])} for the two students, one after the other, "
        "on an idle machine.",
        "",
        f"What a class needs, by the model above (memory in GiB: one kernel at a time / every kernel kept; "
        f"cores for Run All by everyone within {RUN_ALL_S} s, or for everyone moving a slider once a second, "
        "whichever is more, plus one):",
        "",
        "| run sheet | lessons | " + " | ".join(f"{n} students" for n in CLASS_SIZES) + " |",
        "|---|---|" + "---|" * len(CLASS_SIZES),
    ]
    for name, opened in sheets:
        cells = []
        for n in CLASS_SIZES:
            need = class_need(run, opened, n)
            one, kept = math.ceil(need["one_gib"]), math.ceil(need["kept_gib"])
            cells.append(f"{one} / {kept} GiB, {need['cores']} cores")
        lines.append(f"| {name} | {', '.join(opened)} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


RECIPE = """\
## A class hub

A hub runs two Python environments, and the course needs each to hold the right things: get the
split wrong and the sliders do not show (lesson 00, "If widgets do not show"), or every set-up cell
says the course is not installed. The layout below is the one `tests/test_hub.py` runs on every build: a real
JupyterHub on 127.0.0.1 with two students who follow the link below in headless Chromium, get the
course in their own home, run lesson 00 and move its slider; then an update is published and one of
them follows the link again. What it does not test is said where it matters.

### The two environments

- The **server environment**, where JupyterHub and each student's JupyterLab run: `requirements-hub.txt`
  (JupyterHub, JupyterLab, nbgitpuller, and the widget front ends: ipywidgets brings
  jupyterlab_widgets, anywidget ships its own). It does not need the course. The hub's proxy,
  configurable-http-proxy, comes from npm (pinned, with a hash for every package, by
  `tools/hub/package-lock.json`).
- The **kernel environment**, where the lessons' code runs: the course with its widget extra, at
  the tag the class uses, and ipykernel, with ipywidgets and anywidget at the versions of the
  server's front ends ({widget_versions}).

**The course's kernel shares the hub.** The kernel environment is registered in the server environment
under a name of its own, `{kernel}` (shown as "{kernel_display}"), beside the hub's other kernels: the
server's own `python3`, and other courses' kernels, stay as they are. The student edition (the branch the
class's link pulls) asks for the kernel named `{kernel}`, so JupyterLab starts it when a student opens a
lesson, with no kernel to pick; a `python3` kernelspec that a student once installed in their own home
does not get in its way. Where no kernel has that name (Binder, a laptop, Colab), JupyterLab starts the one
Python kernel there is, as it does for any notebook whose kernel it lacks (it asks only where several
Python kernels and none of that name are installed). The learner edition on `main` still asks for
`python3`: on a hub with other courses, give the class the student edition.

**On a single machine.** You need Python 3.10 or newer with its `venv` module (Debian and Ubuntu:
the `python3-venv` package), git, and Node 18 or newer with npm 7 or newer (the lock file's
packages ask for them). `SERVER` and `KERNEL` are absolute paths of two new folders that every
student's server can read (not inside a private home). In a clone of the course at the class's tag:

```bash
python3 -m venv "$SERVER" && "$SERVER/bin/pip" install -r requirements-hub.txt
mkdir -p "$SERVER/proxy" && cp tools/hub/package*.json "$SERVER/proxy/" && (cd "$SERVER/proxy" && npm ci --omit=dev)
python3 -m venv "$KERNEL" && "$KERNEL/bin/pip" install ".[notebooks]" ipykernel {widget_pins}
JUPYTER_PATH="$SERVER/share/jupyter" "$KERNEL/bin/python" -m ipykernel install --prefix "$SERVER" --name {kernel} --display-name "{kernel_display}"
python3 tools/preflight.py --kernel-python "$KERNEL/bin/python" --server-python "$SERVER/bin/python"
```

The `JUPYTER_PATH=…` before the fourth command only quiets a false warning: without it ipykernel says
"Installing to …/share/jupyter/kernels, which is not in [...]. The kernelspec may not be found", because
it compares where it writes with the search path of the Python running it, the kernel environment's,
which never includes the server's. The server does find it: `"$SERVER/bin/jupyter" kernelspec list` lists
`{kernel}`.

The preflight's last line should read READY: among its checks, that the `{kernel}` kernel runs the kernel
environment's Python, that nbgitpuller is in the server environment, and that the server's widget front
ends render the kernel's ipywidgets and anywidget (the pins above keep the two environments' versions
the same). Then, in `jupyterhub_config.py`, with `SERVER` written out as its absolute path:

```python
c.Spawner.cmd = ["SERVER/bin/jupyterhub-singleuser"]  # each student's JupyterLab, from the server environment
c.Spawner.default_url = "/lab"
c.Spawner.start_timeout = 120  # as the test; the defaults (60 s, 30 s) are tight when a room logs in at once
c.Spawner.http_timeout = 120
c.ConfigurableHTTPProxy.command = ["SERVER/proxy/node_modules/.bin/configurable-http-proxy"]
```

and your site's authenticator and spawner. Since JupyterHub 5 some allow setting is needed before
anyone can log in: `c.Authenticator.allowed_users`, `c.Authenticator.allow_all = True`, or your authenticator's
own allow settings. Start the hub with
`"$SERVER/bin/jupyterhub" -f jupyterhub_config.py` (as root when the spawner starts servers as
system users), behind HTTPS: the link below starts with `https://`.

**Adding the course to a hub someone else built.** Writing into the server environment, or into a folder
every student reads, needs its administrator: if that is not you, give them this part. You need the two
Pythons the hub already has. In a terminal of your own JupyterLab on that hub (*File → New → Terminal*;
the hub test runs both commands below and reads them as this says):

- the **server's Python** is the first word of its JupyterLab's command line:
  `ps -eo args | grep [j]upyterhub-singleuser` prints `/some/env/bin/python /some/env/bin/jupyterhub-singleuser …`;
  `/some/env/bin/python -c "import sys; print(sys.prefix)"` then prints the prefix (`SERVER` below);
- the **kernels** it offers, and the Python each runs: `/some/env/bin/jupyter kernelspec list --json`
  (each kernel's `argv`, first word). A bare `python` there (as in ipykernel's own `python3`) means the
  Python the server starts kernels with: on most hubs the server's own, so that kernel runs in the
  server environment, and what you install there changes it too.

Build the kernel environment where every student's server can read it (third command above), register
it into `SERVER` (fourth), and check with the preflight, giving it the two Pythons. If you cannot write
into the server environment, `--prefix /usr/local` puts the kernelspec where every Jupyter on the
machine looks (`/usr/local/share/jupyter/kernels`; not run here). The server environment also needs the
widget front ends and nbgitpuller; run the preflight first, and install only what it says is missing or
does not match. Where the server's `python3` kernel runs in the server environment (see above), that
install changes other courses' default kernel too: ipywidgets and anywidget are kernel libraries as
well as front ends (ipywidgets brings `jupyterlab_widgets`, its front end), so pinning them there pins
them for every notebook of that kernel; nbgitpuller is a server extension only. Agree it with the hub's
administrator and the other courses; the versions the preflight needs are the kernel's (above). Not run
here on a hub someone else built: `"$SERVER/bin/pip" install {widget_pins} "nbgitpuller==1.3.0"`.

**The Littlest JupyterHub** keeps the students' server environment in `/opt/tljh/user` (the hub's own
in `/opt/tljh/hub`). There, as an administrator, with a clone of the course at the class's tag:

```bash
sudo python3 -m venv /opt/posenc && sudo /opt/posenc/bin/pip install ".[notebooks]" ipykernel {widget_pins}
sudo JUPYTER_PATH=/opt/tljh/user/share/jupyter /opt/posenc/bin/python -m ipykernel install --prefix /opt/tljh/user --name {kernel} --display-name "{kernel_display}"
python3 tools/preflight.py --kernel-python /opt/posenc/bin/python --server-python /opt/tljh/user/bin/python
sudo -E /opt/tljh/user/bin/pip install {widget_pins} "nbgitpuller==1.3.0"   # only what the preflight says is missing
python3 tools/preflight.py --kernel-python /opt/posenc/bin/python --server-python /opt/tljh/user/bin/python
```

The fourth command changes `/opt/tljh/user`, where TLJH's own `python3` kernel runs: every other course's
default kernel (see "Adding the course to a hub someone else built"). Run here: the second, third and
fifth commands' effect, on a copy of the server environment laid out at
`…/opt/tljh/user` (the hub test starts every student's server from it and opens the lessons in the
`{kernel}` kernel installed into it). Not run here: TLJH's installer, `sudo`, `tljh-config`, and the
first and fourth commands on a real TLJH.

**What the test runs, and how it differs.** The test runs the layout above, with these differences:
- it logs students in with JupyterHub's dummy authenticator (any name, any password);
- it starts their servers with `SimpleLocalProcessSpawner`: no system users, homes in a temporary
  folder, every server run by the user running the test;
- its kernel environment is the course's development environment (the course and its test tools);
- its server environment is built by the course's installer (`tools/venv_install.sh`: uv, and without
  `rfc3987-syntax`, which slows every Jupyter start);
- nbgitpuller clones from a local `file://` repository, not from GitHub over the network;
- it runs the preflight without the lessons (`--skip-lessons`): the preflight's own tests run them;
- for nbgrader ("Grading on the hub"), each student's home names its student
  (`c.CourseDirectory.student_id`), since nbgrader names a submission after the system user that
  submits it and every server here runs as one user.

What it adds: the students' servers run from a copy of the server environment at `…/opt/tljh/user`,
The Littlest JupyterHub's layout, into which the recipe's command installed the `{kernel}` kernel; the
hub's own `python3` kernel stays beside it, and one student has a `python3` kernelspec of their own in
their home. Both students' lessons open in the `{kernel}` kernel.

Not tested here: real authenticators, spawners with system users, HTTPS, cloning over the network,
more than two students at once.

### The link, and what nbgitpuller does with students' copies

Send the link of "Before the day", step 3. What happens, as tested:

- **The first click** logs the student in, starts their server, clones the published branch
  into a folder named after the repository in their home, and opens lesson 00 there.
- **A later click**, after you publish an update to the same branch, brings the update into the
  student's copy and keeps their work:
  - their edits stay;
  - where the student and the update changed the same line of a file, the student's version wins
    (git merges line by line; the test's conflict is in a text file);
  - a file they deleted comes back as the course has it. A student who wants a fresh copy of a
    lesson deletes it and clicks the link again.
- Read in nbgitpuller 1.3.0's source, not tested here: a file the student created under the same
  name as one the update adds is renamed (`name__YYYYMMDDHHMMSS.ext`) and the course's file takes
  the name; a link with `backup=true` moves the student's whole folder aside and clones afresh.
- A notebook is a text file of JSON whose outputs change when a student runs it, so an update to a
  lesson students have already run is merged with their outputs line by line; whether the result is
  always a valid notebook was not tested. Prefer updates that add files, or change lessons the class
  has not opened yet.
- Publish updates with `tools/publish_edition.py`: it adds a commit on top of the branch. Never
  rewrite the branch (a force push): git refuses to merge a history unrelated to the one the
  students cloned (not tested here).

### Grading on the hub

The graded edition (`make kit`, `build/kit/graded/`) is an nbgrader course folder. On a hub, nbgrader runs
in the server environment: the instructor's formgrader releases and collects there, the students' Assignment
List fetches and submits there, and they meet in one **exchange** folder. `requirements-hub.txt` holds
nbgrader; on a hub built otherwise, add it to the server environment (`"$SERVER/bin/pip" install
"nbgrader==0.9.6"`: Python 3.11 or newer, with JupyterLab 4 and Notebook 7; it switches its server
extensions on for every user of that environment). Then, as the hub's administrator (`SERVER` as above; any
folder every user can write, with the sticky bit as `/tmp` has, will do for the exchange; if
`$SERVER/etc/jupyter/nbgrader_config.py` exists, add the two lines to it instead of replacing it):

```bash
sudo mkdir -p /srv/nbgrader/exchange "$SERVER/etc/jupyter" && sudo chmod 1777 /srv/nbgrader/exchange
printf 'c = get_config()\\nc.Exchange.root = "/srv/nbgrader/exchange"\\nc.CourseDirectory.course_id = "{course_id}"\\n' | sudo tee "$SERVER/etc/jupyter/nbgrader_config.py"
sudo "$SERVER/bin/jupyter" server extension disable --sys-prefix nbgrader.server_extensions.formgrader
sudo "$SERVER/bin/jupyter" labextension disable --level=sys_prefix @jupyter/nbgrader:formgrader
sudo "$SERVER/bin/jupyter" labextension disable --level=sys_prefix @jupyter/nbgrader:create-assignment
```

The last three take the formgrader and the assignment creator out of the students' JupyterLab, as nbgrader
advises. That keeps their menus clear; it is not a lock: a student who switches the formgrader back on in
their own settings only sees a course folder they can read, so keep yours closed (`chmod 700 ~/graded`
below). The formgrader comes back for the hub's instructors from `jupyterhub_config.py`, with your
instructors' user names (then restart the hub, and have anyone whose server runs restart it):

```python
{instructors_hook}```

`load_groups` only adds: taking a name out of the list does not take it out of the group (do that in the
hub's admin page). JupyterHub refuses `load_groups` where the authenticator manages groups: use the
authenticator's own group then. The hook replaces any `pre_spawn_hook` your hub already has: call both
from one function.

As the instructor, put `build/kit/graded/` in your home on the hub as `~/graded` (the formgrader works on a
course folder inside your home only) and, in a terminal of your JupyterLab there:

```bash
chmod 700 ~/graded && mkdir -p ~/.jupyter && printf 'c = get_config()\\nc.CourseDirectory.root = "%s/graded"\\n' "$HOME" > ~/.jupyter/nbgrader_config.py
```

then restart your server (File → Hub Control Panel → Stop My Server, then Start): the formgrader reads the
course folder's own `nbgrader_config.py` (the scaffolding kept in the release, the kernel below) when the
server starts. Open the formgrader in a browser tab of its own, `https://<hub>/user/<your name>/formgrader`
(JupyterHub 4.1 and newer show it blank inside JupyterLab, nbgrader's documentation says why, so its
JupyterLab panel stays off). There, *Generate* then *Release* a lesson's assignment (`lesson-02`);
students fetch it, and later submit it, from the *Assignment List* of their JupyterLab's Nbgrader menu; you
*Collect*, then *Autograde* each submission. Autograde runs the notebooks in the course's kernel,
`{kernel}`: the graded edition's `nbgrader_config.py` picks it wherever the Jupyter running nbgrader has
it, as the formgrader on this hub does (its own environment does not hold the course).

What nbgrader's exchange does not protect (nbgrader's design, read in its source, not tested here): it
trusts each student's server, so a student who sets another name in their own nbgrader settings can submit
under it, and the collect keeps each name's latest submission; autograde runs students' code as you, in
your server, which can read your course folder. On a hub with system users a course's inbound folder is
writable and not listable, so students do not see each other's submissions; where every server runs as one
user (Zero to JupyterHub's `jovyan`, where nbgrader names a submission by `JUPYTERHUB_USER`), it does not
keep students apart, and the exchange needs a volume every server mounts. So, as for the rest of the
course: grades for formative use, and hidden tests of your own for marks.

As tested: the hub test sets the same settings (written by `tools/hubdriver.py`, not by the shell lines
above, and before the instructor's server first starts; the exchange in a temporary folder; every server
run by one user, each student's home naming its student). The instructor's server serves the formgrader
and the students' servers do not (404); a release from the formgrader reaches both students' assignment
lists; each fetch puts the notebook in the student's home (`~/lesson-02/`); both submissions are collected;
autograde gives the finished one every point and the one submitted as released none (the instructor's
server has two kernels, its own `python3`, which lacks the course, and `{kernel}`: a full score means the
checkers ran in `{kernel}`). The test makes the calls that the formgrader's and the Assignment List's
buttons make, from each user's logged-in page; the buttons themselves were not clicked, and the
formgrader's grading pages (manual grades, feedback) were not opened.

### Beyond one machine: Zero to JupyterHub

For a class larger than one machine can hold (see the sizing below), Zero to JupyterHub runs the
same hub on Kubernetes. The same two environments go into the students' image. On a Zero to JupyterHub
someone else runs, anything you build from your own terminal stays in your own server's pod: the course
goes into the image. `singleuser.image` below is the whole hub's image, which would replace other
courses'; on a shared hub, offer the course's image as one choice of the chart's
`singleuser.profileList` instead (not run here). This excerpt was
not built or run here (no container runtime here). In the image's Dockerfile, on the Jupyter Docker Stacks `minimal-notebook`
image (it has git, which nbgitpuller needs) at a pinned tag:

```dockerfile
COPY requirements-hub.txt /tmp/
# the server environment is the image's own Python; its JupyterHub must be your chart's JupyterHub version
RUN grep -v '^jupyterhub==' /tmp/requirements-hub.txt > /tmp/server.txt \\
 && pip install --no-cache-dir -r /tmp/server.txt "jupyterhub==<your chart's JupyterHub version>"
# the kernel environment: the course at the class's tag, registered under its own name beside the image's python3
RUN python -m venv "$CONDA_DIR/envs/course" \\
 && "$CONDA_DIR/envs/course/bin/pip" install --no-cache-dir "posenc[notebooks] @ git+{repository}@<tag>" ipykernel {widget_pins} \\
 && JUPYTER_PATH="$CONDA_DIR/share/jupyter" "$CONDA_DIR/envs/course/bin/python" -m ipykernel install --prefix "$CONDA_DIR" --name {kernel} --display-name "{kernel_display}"
```

and in the chart's `config.yaml` (for the 180-minute sheet, from the sizing below: the memory
guarantee holds one kernel at a time, the limit every kernel kept plus a quarter; the CPU guarantee
is the 40-student row's cores for the busier moment, shared by 40, without the core for the hub,
which runs in its own pod here):

```yaml
singleuser:
  image:
    name: <your registry>/<the image above>
    tag: "<the class's tag>"
  defaultUrl: /lab
  memory:
    guarantee: {guarantee}
    limit: {limit}
  cpu:
    guarantee: {cpu_guarantee}
    limit: 1
cull:
  enabled: true
  timeout: 3600  # stop a server after an hour of inactivity, not during a class
```

### Sizing a hub

The model: a student needs their server plus their kernels. A kernel holds at least its peak
memory during its lesson's run. Either the student shuts down each lesson's kernel on leaving it
(*Kernel → Shut Down Kernel*; one kernel at a time), or they keep every kernel (JupyterLab's
default). The hub and its proxy are counted once; memory is rounded up to whole GiB. For CPU, the
model takes two busy moments: everyone pressing Run All at once (the cores shown let the last
student finish within {run_all} s), and everyone moving a slider once a second. It adds one core for
the hub, the proxy and the servers, whose CPU was not measured (a rule of thumb). Not measured, and
not in the model: the start of class, when everyone logs in, starts a server and clones at once; a
kernel's memory after students move its sliders for a while; the operating system's own memory
(leave it room).

"""


def _mebibytes(mib: float, step: int) -> str:
    return f"{math.ceil(mib / step) * step}M"


def widget_pins(requirements: Path = REQUIREMENTS) -> str:
    """The server environment's ipywidgets and anywidget pins, for the kernel environment to match."""
    lines = requirements.read_text(encoding="utf-8").splitlines()
    return " ".join(f'"{line.strip()}"' for line in lines if line.startswith(("ipywidgets==", "anywidget==")))


def hub_part(runs: list[dict], sheets, repository: str) -> str:
    """The guide's "A class hub" section: the recipe, with the Zero to JupyterHub excerpt's numbers and
    the sizing tables computed from the newest hub run. `sheets` are posenc_course.run_sheets.SHEETS."""
    run = newest_hub_run(runs)
    opened: list[tuple[str, list[str]]] = []  # each slot once: its rooms open the same lessons, or say so
    for sheet in sheets:
        lessons = sorted({step.lesson for step in sheet.steps if step.lesson and step.activity != "bridge"})
        if not any(lessons == seen for _, seen in opened):
            opened.append((f"{sheet.slot} min", lessons))
    longest = max(opened, key=lambda pair: len(pair[1]))[1]
    one, kept = student_mib(run, longest)
    need = class_need(run, longest, 40)
    text = RECIPE.format(
        repository=repository,
        widget_pins=widget_pins(),
        widget_versions=", ".join(f"`{pin.strip(chr(34))}`" for pin in widget_pins().split()),
        guarantee=_mebibytes(one, 128),
        limit=_mebibytes(kept * LIMIT_MARGIN, 256),
        cpu_guarantee=f"{math.ceil(max(need['run_all_cores'], need['slider_cores']) / 40 * 20) / 20:g}",
        run_all=RUN_ALL_S,
        kernel=COURSE_KERNEL["name"],
        kernel_display=COURSE_KERNEL["display_name"],
        course_id=COURSE_ID,
        instructors_hook=INSTRUCTORS_HOOK.format(instructors='["your-user-name"]'),
    )
    return text + render(run, opened) + "\n"
