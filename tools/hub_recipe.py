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

#: Run All by the whole room at once should finish within this many seconds for the last student.
RUN_ALL_S = 30
#: Class sizes the table shows.
CLASS_SIZES = (20, 40, 80, 120)


def newest_hub_run(runs: list[dict]) -> dict:
    """The newest run that has a ``hub`` table; a clear error if none does."""
    hub_runs = [r for r in runs if "hub" in r["tables"]]
    if not hub_runs:
        raise SystemExit("no benchmarks/results/*-hub.json: run python benchmarks/bench_hub.py --json")
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
        f"Measured by `python benchmarks/bench_hub.py` on {run['date']} ({run['machine']['cpus']} cores, "
        f"Python {run['machine']['python']}, JupyterLab {run['machine'].get('jupyterlab', '?')}): each lesson "
        f"run {run['reps']} times in a fresh kernel (the largest value kept); a real hub with two students on "
        "lesson 00.",
        "",
        "| lesson | kernel memory after its run (MiB) | kernel CPU for the whole run (s) |",
        "|---|---|---|",
    ]
    lines += [f"| {n} | {v['mib']:.0f} | {v['cpu_s']:.1f} |" for n, v in lessons.items()]
    lines += [
        "",
        f"- a student's server (JupyterLab through the hub, lesson 00 open): {max(rss['server']):.0f} MiB; "
        f"the hub {max(rss['hub']):.0f} MiB and the proxy {max(rss['proxy']):.0f} MiB, once per hub;",
        f"- a slider move costs the kernel {moves[-1]['cpu_ms']:.0f} to {moves[0]['cpu_ms']:.0f} ms of CPU "
        f"(median of 5 moves; the costliest: {moves[0]['explorer']}, {moves[0]['wall_ms']:.0f} ms of wall time, as "
        "numpy can use more than one core); the browser's drawing is on the student's own computer;",
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
            cells.append(f"{need['one_gib']:.0f} / {need['kept_gib']:.0f} GiB, {need['cores']} cores")
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
  configurable-http-proxy, comes from npm (the test pins it with `tools/hub/package-lock.json`).
- The **kernel environment**, where the lessons' code runs: the course with its widget extra, at
  the tag the class uses, and ipykernel. Registered in the server environment under the name
  `python3`, which every lesson asks for, it takes the place of the server's own Python, so nobody
  has to pick a kernel.

On a single machine, with `SERVER` and `KERNEL` the two environments' folders, in a clone of the
course at the class's tag:

```bash
python3 -m venv "$SERVER" && "$SERVER/bin/pip" install -r requirements-hub.txt
mkdir -p "$SERVER/proxy" && cp tools/hub/package*.json "$SERVER/proxy/" && (cd "$SERVER/proxy" && npm ci --omit=dev)
python3 -m venv "$KERNEL" && "$KERNEL/bin/pip" install ".[notebooks]" ipykernel
"$KERNEL/bin/python" -m ipykernel install --prefix "$SERVER" --name python3 --display-name "Python 3 (course)"
python3 tools/preflight.py --kernel-python "$KERNEL/bin/python" --server-python "$SERVER/bin/python"
```

and in `jupyterhub_config.py`, besides your site's authenticator and spawner:

```python
c.Spawner.cmd = ["SERVER/bin/jupyterhub-singleuser"]  # each student's JupyterLab, from the server environment
c.Spawner.default_url = "/lab"
c.ConfigurableHTTPProxy.command = ["SERVER/proxy/node_modules/.bin/configurable-http-proxy"]
```

The test runs exactly this, except that it logs students in with JupyterHub's dummy authenticator
and starts their servers with `SimpleLocalProcessSpawner` (no system users: homes in a temporary
folder). Both are for testing only. A class needs a real authenticator and a spawner with real
users, or The Littlest JupyterHub; none of those is tested here. The preflight's last line
should read READY.

### The link, and what nbgitpuller does with students' copies

Send the link of "Before the day", step 3. What happens, as tested:

- **The first click** logs the student in, starts their server, clones the published branch
  into a folder named after the repository in their home, and opens lesson 00 there.
- **A later click**, after you publish an update to the same branch, brings the update into the
  student's copy and keeps their work:
  - their edits stay;
  - where the student and the update changed the same line, the student's version wins;
  - a file they deleted comes back as the course has it. A student who wants a fresh copy of a
    lesson deletes it and clicks the link again.
- Read in nbgitpuller 1.3.0's source, not tested here: a file the student created under the same
  name as one the update adds is renamed with a timestamp, to keep it.
- Publish updates with `tools/publish_edition.py`: it adds a commit on top of the branch. Never
  rewrite the branch (a force push): git refuses to merge a history unrelated to the one the
  students cloned (not tested here).

### Beyond one machine: Zero to JupyterHub

For a class larger than one machine can hold (see the sizing below), Zero to JupyterHub runs the
same hub on Kubernetes. The same two environments go into the students' image. This excerpt was
not built or run here. In the image's Dockerfile, on a Jupyter Docker Stacks image at a pinned tag:

```dockerfile
COPY requirements-hub.txt /tmp/
# the server environment is the image's own; pin jupyterhub to your chart's JupyterHub version
RUN pip install --no-cache-dir -r /tmp/requirements-hub.txt
# the kernel environment: the course at the class's tag, registered as python3 in the server environment
RUN python -m venv /opt/course \\
 && /opt/course/bin/pip install --no-cache-dir "posenc[notebooks] @ git+{repository}@<tag>" ipykernel \\
 && /opt/course/bin/python -m ipykernel install --prefix "$CONDA_DIR" --name python3 --display-name "Python 3 (course)"
```

and in the chart's `config.yaml` (memory from the sizing below, for the 180-minute sheet: the
guarantee holds one kernel at a time, the limit every kernel kept):

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

The model: a student needs their server plus their kernels. A kernel holds at least what it held
at the end of its lesson's run. Either the student shuts down each lesson's kernel on leaving it
(*Kernel → Shut Down Kernel*; one kernel at a time), or they keep every kernel (JupyterLab's
default). The hub and its proxy are counted once. For CPU, the model takes the two busiest moments:
everyone pressing Run All at once (the cores shown let the last student finish within {run_all} s),
and everyone moving a slider once a second. It adds one core for the hub, the proxy and the
servers, whose CPU was not measured (a rule of thumb). Leave the operating system its own memory
on top. A kernel's memory after students move its sliders for a while was not measured.

"""


def _mebibytes(mib: float, step: int) -> str:
    return f"{math.ceil(mib / step) * step}M"


def hub_part(runs: list[dict], sheets, repository: str) -> str:
    """The guide's "A class hub" section: the recipe, with the Zero to JupyterHub excerpt's numbers and
    the sizing tables computed from the newest hub run. `sheets` are posenc.run_sheets.SHEETS."""
    run = newest_hub_run(runs)
    opened = [(f"{s.slot} min", sorted({step.lesson for step in s.steps if step.lesson})) for s in sheets]
    longest = max(opened, key=lambda pair: len(pair[1]))[1]
    one, kept = student_mib(run, longest)
    cores = class_need(run, longest, 40)["cores"]
    text = RECIPE.format(
        repository=repository,
        guarantee=_mebibytes(one, 128),
        limit=_mebibytes(kept, 256),
        cpu_guarantee=f"{math.ceil(cores / 40 * 20) / 20:g}",
        run_all=RUN_ALL_S,
    )
    return text + render(run, opened) + "\n"
