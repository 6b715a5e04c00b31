"""The day before class: check that a machine or a hub runs the course, and say what to fix.

    python3 tools/preflight.py [--kernel-python PATH] [--server-python PATH] [--lessons NN ...] [--skip-lessons]
    make preflight                     (the course's own .venv for both)

Standard library only, so that it runs where the course is not installed. Two environments are
checked, which on a hub are often two different Pythons:

- the **kernel** environment (`--kernel-python`, where the lessons' code runs): its Python and
  every package the course needs, against the floors in ``pyproject.toml`` and
  ``requirements.txt``; then every lesson executed headless in a kernel of it (or those ``--lessons``
  names: the day's class), with the kernel's peak memory; then each explorer's update time, as
  information (⚠ past a generous limit, never ✗: a timing depends on the machine);
- the **server** environment (`--server-python`, where JupyterLab runs): JupyterLab, and the front
  ends of ipywidgets and anywidget as ``jupyter labextension list`` reports them, enabled;
- the two together: the server's front ends render the versions of the widgets the kernel makes
  (on a hub each side can pass alone and the widgets still fail to display).

It prints a checklist, ✓ or ✗ with what to do for each ✗, and exits 1 on any ✗.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
#: Past this median update (ms), an explorer's time is flagged ⚠ (a projector still feels 100 ms).
SLOW_UPDATE_MS = 150
#: The kernel packages the checklist names (import name -> distribution), besides what the floors list.
KERNEL = ("posenc", "numpy", "matplotlib", "ipywidgets", "pillow", "anywidget", "ipykernel")
SERVER = ("jupyterlab",)
#: The front ends the server needs: the labextension's name, and the package that ships it.
FRONT_ENDS = {"@jupyter-widgets/jupyterlab-manager": "ipywidgets", "anywidget": "anywidget"}


#: Releases the course allows but which run its explorers more slowly: a warning with the reason, not a refusal
#: (a learner on a hosted service cannot always choose). Measured in docs/benchmarks.md.
SLOWER = {
    "matplotlib": ("3.11", "draws text about 3× slower than 3.10 (docs/benchmarks.md), so the sliders answer later"),
}


class Requirement(NamedTuple):
    """What the course asks of one package: its floor, the series it excludes, the version it stays below."""

    low: str
    excluded: list[str]
    below: str | None


def floors() -> tuple[tuple[int, ...], dict[str, Requirement]]:
    """The oldest Python, and every package's requirement, read from pyproject.toml (the package and its
    notebooks extra) and requirements.txt (the front end)."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    python = re.search(r'^requires-python\s*=\s*">=\s*(\d+)\.(\d+)"', text, re.M)
    if python is None:
        raise SystemExit('pyproject.toml: no requires-python = ">=X.Y" line')
    specs = re.findall(r'"([A-Za-z][\w.-]*)((?:[<>=!]=?[^",\s]+,?)+)"', text)
    specs += re.findall(r"^([A-Za-z][\w.-]*)((?:[<>=!]=?[^,\s#]+,?)+)", (ROOT / "requirements.txt").read_text(), re.M)
    out = {}
    for name, spec in specs:
        low, below = re.search(r">=\s*([\d.]+)", spec), re.search(r"<\s*([\d.]+)", spec)
        out[name.lower()] = Requirement(
            low.group(1) if low else "0", re.findall(r"!=\s*([\d.]+)\.\*", spec), below.group(1) if below else None
        )
    return (int(python.group(1)), int(python.group(2))), out


def as_tuple(version: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.findall(r"\d+", version.split("+")[0])[:3])


def run(python: str, code: str, env: dict | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    """`code` run by `python` from a neutral folder (from the course's folder, `python -c` would find its
    posenc/ and posenc.egg-info/ there, installed or not)."""
    neutral = tempfile.gettempdir()
    return subprocess.run([python, "-c", code], capture_output=True, text=True, timeout=timeout, env=env, cwd=neutral)


VERSIONS = """import importlib.metadata as m, json, platform
found = {}
for name in NAMES:
    try:
        found[name] = m.version(name)
    except m.PackageNotFoundError:
        found[name] = None
print(json.dumps({"python": platform.python_version(), "packages": found}))"""


def installed(python: str, names: tuple[str, ...]) -> dict | None:
    done = run(python, f"NAMES = {list(names)!r}\n" + VERSIONS)
    return json.loads(done.stdout) if done.returncode == 0 else None


def check_environment(role: str, python: str, names: tuple[str, ...]) -> list[tuple[str, str, str]]:
    """(mark, what, what to do) for the Python and each package of one environment."""
    oldest, needs = floors()
    found = installed(python, names)
    if found is None:
        return [("✗", f"{role}: {python} does not run", f"give --{role}-python the path of a working Python")]
    lines = []
    have = as_tuple(found["python"])
    ok = have[:2] >= oldest
    floor = ".".join(map(str, oldest))
    lines.append(
        (
            "✓" if ok else "✗",
            f"{role}: Python {found['python']} (needs {floor} or newer)",
            "" if ok else "use a newer Python",
        )
    )
    for name in names:
        lines.append(package_line(role, name, found["packages"][name], needs.get(name, Requirement("0", [], None))))
    return lines


def package_line(role: str, name: str, version: str | None, need: Requirement) -> tuple[str, str, str]:
    """(mark, what, what to do) for one installed package against what the course asks of it.

    >>> package_line("kernel", "ipywidgets", "9.0.1", Requirement("8.1.2", [], "9"))[:2]
    ('✗', 'kernel: ipywidgets 9.0.1 is newer than the course has been tested with (below 9)')
    """
    if version is None:
        fix = (
            'pip install -e ".[notebooks]" in the course folder'
            if name == "posenc"
            else f'pip install "{name}>={need.low}"'
        )
        return ("✗", f"{role}: {name} is not installed", f"in the {role} environment: {fix}")
    if as_tuple(version) < as_tuple(need.low):
        return ("✗", f"{role}: {name} {version} is older than {need.low}", f'pip install "{name}>={need.low}"')
    if need.below is not None and as_tuple(version) >= as_tuple(need.below):
        return (
            "✗",
            f"{role}: {name} {version} is newer than the course has been tested with (below {need.below})",
            f'pip install "{name}>={need.low},<{need.below}"',
        )
    if any(version.startswith(series + ".") for series in need.excluded):
        return (
            "✗",
            f"{role}: {name} {version} is a series the course excludes",
            f'pip install "{name}>={need.low},!={need.excluded[0]}.*"',
        )
    slower = SLOWER.get(name)
    if slower is not None and version.startswith(slower[0] + "."):
        return ("⚠", f"{role}: {name} {version} {slower[1]}", f'where you can choose: pip install "{name}<{slower[0]}"')
    return ("✓", f"{role}: {name} {version}", "")


def front_end_rows(python: str, env: dict) -> dict[str, tuple[str, str, str]]:
    """Each widget front end that ``jupyter labextension list`` in the server environment reports:
    its version, "enabled" or "disabled", and "OK" or "X"."""
    done = subprocess.run([python, "-m", "jupyter", "labextension", "list"], capture_output=True, text=True, env=env)
    listing = re.sub(r"\x1b\[[0-9;]*m", "", done.stdout + done.stderr)
    rows = {}
    for extension in FRONT_ENDS:
        row = re.search(rf"^\s*{re.escape(extension)} v([\d.]+) (enabled|disabled) (OK|X)", listing, re.M)
        if row is not None:
            rows[extension] = (row.group(1), row.group(2), row.group(3))
    return rows


def check_front_ends(rows: dict[str, tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """Each widget front end (`rows` from :func:`front_end_rows`): there, enabled and not broken."""
    lines = []
    for extension, package in FRONT_ENDS.items():
        row = rows.get(extension)
        if row is None:
            lines.append(
                (
                    "✗",
                    f"server: no {extension} front end",
                    f'install {package} in the server environment (pip install "{package}")',
                )
            )
        elif row[1] != "enabled":
            lines.append(
                (
                    "✗",
                    f"server: the {extension} front end is disabled",
                    f"jupyter labextension enable {extension} (and unlock it)",
                )
            )
        elif row[2] != "OK":
            lines.append(
                ("✗", f"server: the {extension} front end is broken", f"reinstall {package} in the server environment")
            )
        else:
            lines.append(("✓", f"server: {extension} front end v{row[0]} enabled", ""))
    return lines


#: What the kernel's widgets ask the browser for: each module and the version range its models name.
WIDGET_MODULES = """import json
found = {}
try:
    import ipywidgets
    found["@jupyter-widgets/controls"] = ipywidgets.IntSlider._model_module_version.default_value
except ImportError:
    pass
try:
    import anywidget
    found["anywidget"] = anywidget.AnyWidget._model_module_version.default_value
except ImportError:
    pass
print(json.dumps(found))"""

#: The jupyterlab-manager front end's first major version that renders each major version of
#: ipywidgets' controls: 2.x (ipywidgets 8) from version 5 (jupyterlab_widgets 3); ipywidgets 7's
#: controls 1.x are rendered by version 3 (jupyterlab_widgets 1, see ipywidgets issue #3558).
MANAGER_FOR_CONTROLS = {2: 5, 1: 3}


def version_in_range(version: str, wanted: str) -> bool | None:
    """Whether a front end's `version` satisfies the range a widget's model names (npm's semver, as the
    widget manager matches it): an exact ``X.Y.Z``, ``~X.Y.Z``, ``~X.Y.*`` or ``^X.Y.Z``; None for any
    other form.

    >>> version_in_range("0.11.0", "~0.11.*"), version_in_range("0.9.13", "~0.11.*")
    (True, False)
    """
    form = re.fullmatch(r"([~^]?)(\d+)\.(\d+)\.(\d+|\*)", wanted.strip())
    if form is None:
        return None
    have = as_tuple(version)
    low = tuple(int(p) for p in form.groups()[1:] if p != "*")
    low = low + (0,) * (3 - len(low))
    if form.group(1) == "":
        return have == low if form.group(4) != "*" else have[:2] == low[:2]
    if have < low:
        return False
    if form.group(1) == "^" and low[:2] == (0, 0):  # ^0.0.Z allows 0.0.Z alone
        return have == low
    if form.group(1) == "~" or low[0] == 0:  # ^0.Y.Z allows only 0.Y.*, like ~
        return have[:2] == low[:2]
    return have[0] == low[0]


def check_widget_versions(wanted: dict[str, str], rows: dict[str, tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """Whether the server's front ends render the widgets of the kernel: `wanted` maps each module to
    the version its models ask for (the kernel's, from :data:`WIDGET_MODULES`); `rows` are the
    server's front ends (:func:`front_end_rows`). A pair not both there is the other lines' ✗.

    A mismatch shows in the browser as "Error displaying widget" with "Module ..., version ... is
    not registered", though each side alone passes its own checks.
    """
    lines = []
    controls, manager = wanted.get("@jupyter-widgets/controls"), rows.get("@jupyter-widgets/jupyterlab-manager")
    if controls and manager:
        need = MANAGER_FOR_CONTROLS.get(as_tuple(controls)[0])
        fits = need is not None and as_tuple(manager[0])[0] >= need
        what = (
            f"widgets: the kernel's ipywidgets (controls {controls}) and the server's jupyterlab-manager v{manager[0]}"
        )
        fix = (
            'in the server environment: pip install "jupyterlab_widgets>=3" (the front end of ipywidgets 8), '
            "or in the kernel the ipywidgets that matches it"
        )
        lines.append(("✓", f"{what} match", "") if fits else ("✗", f"{what} do not match", fix))
    model, front = wanted.get("anywidget"), rows.get("anywidget")
    if model and front:
        in_range = version_in_range(front[0], model)  # None: a range this script cannot read
        what = f"widgets: the kernel's anywidget (asks for {model}) and the server's anywidget front end v{front[0]}"
        fix = f"install the same anywidget in both environments (the server has {front[0]})"
        if in_range is None:
            lines.append(("⚠", f"{what}: the range is of a form the preflight does not compare", ""))
        else:
            lines.append(("✓", f"{what} match", "") if in_range else ("✗", f"{what} do not match", fix))
    return lines


#: The kernel the class's editions ask for (``posenc_course.editions.COURSE_KERNEL``, which a test holds equal: this
#: script imports no course code). The learner edition asks for ``python3``.
COURSE_KERNEL = "posenc"
COURSE_KERNEL_DISPLAY = "Python 3 (posenc course)"

KERNELSPECS = """import json, sys
from jupyter_client.kernelspec import KernelSpecManager
specs = KernelSpecManager().get_all_specs()
def python_of(name):
    argv0 = specs[name].get("spec", {}).get("argv", [None])[0]
    # a bare "python" is replaced by the server's own Python when the kernel starts (jupyter_client does so)
    if argv0 in ("python", f"python{sys.version_info[0]}", "python%d.%d" % sys.version_info[:2]):
        argv0 = sys.executable
    return argv0
found = {name: {"python": python_of(name), "language": spec.get("spec", {}).get("language"), "dir": spec.get("resource_dir")}
         for name, spec in specs.items()}
print(json.dumps({"prefix": sys.prefix, "kernels": found}))"""


def kernel_to_start(kernels: dict[str, dict], name: str) -> str | None:
    """The kernel JupyterLab starts for a notebook that asks for `name` with language Python: that name if a
    kernel has it, else the one kernel whose language is Python, else none (JupyterLab then asks the student)."""
    if name in kernels:
        return name
    pythons = [k for k, spec in kernels.items() if (spec.get("language") or "").lower() == "python"]
    return pythons[0] if len(pythons) == 1 else None


def check_kernel_registration(kernel_python: str, server_python: str, env: dict) -> list[tuple[str, str, str]]:
    """The kernel the server starts for the lessons: the class's editions ask for the course's own kernel and
    the learner edition for ``python3``; each must start the kernel environment's Python with no dialog, or
    every set-up cell will say the course is not installed."""
    done = run(server_python, KERNELSPECS, env=env)
    if done.returncode != 0:
        return [("✗", "server: its kernels could not be listed", (done.stderr.strip().splitlines() or ["?"])[-1])]
    found = json.loads(done.stdout.splitlines()[-1])
    kernels = found["kernels"]
    fix = (
        f"{kernel_python} -m ipykernel install --prefix {found['prefix']} --name {COURSE_KERNEL} "
        f'--display-name "{COURSE_KERNEL_DISPLAY}"'
    )
    lines = []
    for edition, name in (("the class's editions", COURSE_KERNEL), ("the learner edition", "python3")):
        chosen = kernel_to_start(kernels, name)
        runs = kernels[chosen]["python"] if chosen else None
        said = f"server: {edition} (asking for {name})"
        if runs is not None and os.path.abspath(runs) == kernel_python:
            how = f"the {name} kernel" if chosen == name else f"the one Python kernel, {chosen}"
            verb = "start" if edition.endswith("editions") else "starts"
            lines.append(("✓", f"{said} {verb} {how}: the kernel environment's Python", ""))
        elif edition == "the learner edition" and COURSE_KERNEL in kernels:
            # a hub with the course's kernel beside others: the class gets the student edition, which asks for it
            lines.append(("ℹ", f"{said} would start {runs}: give a class the student edition", ""))
        elif chosen is None:
            lines.append(("✗", f"{said}: no kernel has that name, and no single Python kernel stands in", fix))
        else:
            lines.append(("✗", f"{said} would start {runs}, not {kernel_python}", fix))
    return lines


#: The kernel's own account, run after a lesson's last cell: its peak and current memory, and its CPU since it
#: started, written in one piece (the reader below does not rely on that: a stream can arrive in parts).
REPORT = (
    "import json, resource, sys\n"
    "usage = resource.getrusage(resource.RUSAGE_SELF)\n"
    "rss = next(int(line.split()[1]) for line in open('/proc/self/status') if line.startswith('VmRSS:'))\n"
    "sys.stdout.write('REPORT ' + json.dumps({'peak_kib': usage.ru_maxrss, 'rss_kib': rss, "
    "'cpu_s': usage.ru_utime + usage.ru_stime}) + '\\n')\n"
    "sys.stdout.flush()"
)


def report_of(outputs: list[dict]) -> dict:
    """The kernel's report from the report cell's outputs, its standard output joined first: under load the
    kernel may send one line in several stream messages (read alone, the first part once gave an empty
    report). A ``ValueError`` says what was seen when no whole report is there."""
    text = "".join(o.get("text", "") for o in outputs if o.get("output_type") == "stream" and o.get("name") == "stdout")
    if "REPORT" not in text:
        raise ValueError(f"no report in the kernel's output {text[-200:]!r}")
    rest = text.rsplit("REPORT", 1)[1].strip()
    line = rest.splitlines()[0] if rest else ""
    try:
        return json.loads(line)
    except json.JSONDecodeError:
        raise ValueError(f"an unreadable report {line[:200]!r}") from None


#: Run by the server's Python: each lesson in a fresh kernel, then the report cell; a line of JSON per lesson.
DRIVER = (
    "import json, os, sys, tempfile, time, nbformat\nfrom jupyter_client.manager import KernelManager\n"
    + "from nbclient import NotebookClient\n"
    + f"REPORT = {REPORT!r}\n"
    + inspect.getsource(report_of)
    + """
for path in sys.argv[1:]:
    nb = nbformat.read(path, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(REPORT))
    start = time.perf_counter()
    folder = str(__import__("pathlib").Path(path).parent)
    # Unix sockets where there are some: no port, and no warning per lesson that TCP is unencrypted
    sockets = tempfile.mkdtemp(prefix="posenc-k")
    km = KernelManager(kernel_name="preflight", transport="ipc", ip=sockets + "/kernel") if os.name == "posix" else None
    try:
        NotebookClient(nb, km=km, kernel_name="preflight", timeout=600, resources={"metadata": {"path": folder}}).execute()
    except Exception as error:
        print(json.dumps({"path": path, "error": str(error).strip().splitlines()[-1][:300]}), flush=True)
        continue
    finally:
        if km is not None and km.has_kernel:  # nbclient leaves a kernel it was given running
            km.shutdown_kernel()
        __import__("shutil").rmtree(sockets, ignore_errors=True)
    seconds = time.perf_counter() - start
    try:
        print(json.dumps({"path": path, "seconds": seconds, **report_of(nb.cells[-1].outputs)}), flush=True)
    except ValueError as error:
        print(json.dumps({"path": path, "seconds": seconds, "unread": str(error)}), flush=True)
"""
)

TIMES = """import json, statistics, time
from posenc.widgets import examples
out = {}
for name, make in examples.EXPLORERS.items():
    if NAMES and name not in NAMES:
        continue
    main = make().main
    values = list(getattr(main, "options", None) or range(main.min, main.max + 1, getattr(main, "step", 1) or 1))
    wall, cpu = [], []
    for i in range(6):
        value = values[(values.index(main.value) + 1) % len(values)] if main.value in values else values[0]
        w, c = time.perf_counter(), time.process_time()
        main.value = value
        wall.append((time.perf_counter() - w) * 1e3); cpu.append((time.process_time() - c) * 1e3)
    out[name] = {"wall_ms": statistics.median(wall[1:]), "cpu_ms": statistics.median(cpu[1:])}
print(json.dumps(out))"""


def run_lessons(server_python: str, env: dict, lessons: list[str]) -> tuple[list[dict], str]:
    """Each lesson run top to bottom in a fresh kernel named "preflight" (`env` from :func:`kernel_env`),
    driven by `server_python`: a row per lesson (its path, seconds, and the kernel's peak_kib, rss_kib and
    cpu_s, or an error), and the driver's last line of error output."""
    done = subprocess.run(
        [server_python, "-c", DRIVER, *lessons], capture_output=True, text=True, env=env, timeout=3600
    )
    rows = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    return rows, (done.stderr.strip().splitlines() or ["nbclient missing?"])[-1]


def explorer_times(kernel_python: str, names: tuple[str, ...] = ()) -> dict[str, dict] | None:
    """Each explorer's main slider (of those registered whose name is in `names`; every one when it is empty)
    moved 5 times after a first move, in `kernel_python`: the median wall and CPU (process) milliseconds of a
    move, by explorer; None if that could not run."""
    done = run(kernel_python, f"NAMES = {list(names)!r}\n{TIMES}", timeout=600)
    return json.loads(done.stdout.splitlines()[-1]) if done.returncode == 0 else None


def kernel_env(kernel_python: str, home: Path, name: str = "preflight") -> dict:
    """An environment whose Jupyter finds a kernel called `name` that runs `kernel_python` (its spec is
    written under `home`, which the environment's JUPYTER_PATH names)."""
    spec = home / "kernels" / name
    spec.mkdir(parents=True)
    argv = [kernel_python, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    (spec / "kernel.json").write_text(json.dumps({"argv": argv, "display_name": name, "language": "python"}))
    return {**os.environ, "JUPYTER_PATH": str(home)}


def add_lessons_option(parser: argparse.ArgumentParser) -> None:
    """``--lessons NN ...``: these lessons only (the preflight's, for the day's class; the benchmarks', for a smoke
    run's smallest size)."""
    parser.add_argument(
        "--lessons", nargs="+", metavar="NN", default=(), help="only these lessons, by number (default: every lesson)"
    )


def chosen_lessons(numbers: Sequence[str] = ()) -> list[Path]:
    """The lessons' notebooks, in order: those whose number is in `numbers`, or every one when it is empty.

    >>> [p.name[:2] for p in chosen_lessons(["05", "00"])]
    ['00', '05']
    >>> chosen_lessons(["7"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    SystemExit: --lessons: no lesson numbered 7; the lessons are 00 to ...
    """
    paths = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    chosen = [p for p in paths if not numbers or p.name[:2] in numbers]
    unknown = set(numbers) - {p.name[:2] for p in paths}
    if unknown:
        raise SystemExit(
            f"--lessons: no lesson numbered {', '.join(sorted(unknown))}; the lessons are 00 to {paths[-1].name[:2]}"
        )
    return chosen


def check_lessons(
    kernel_python: str, server_python: str, env: dict, lessons: Sequence[Path]
) -> list[tuple[str, str, str]]:
    """Run `lessons` in a kernel of `kernel_python`, then time every explorer: a checklist line for each."""
    rows, last_error = run_lessons(server_python, env, [str(p) for p in lessons])
    lines, peaks = [], []
    for row in rows:
        name = Path(row["path"]).name
        if "unread" in row:  # the lesson ran; only the kernel's account of its memory is missing
            lines.append(
                ("⚠", f"kernel: {name} runs in {row['seconds']:.1f} s; its memory was not read: {row['unread']}", "")
            )
        elif "error" in row:
            lines.append(
                (
                    "✗",
                    f"kernel: {name} stops: {row['error']}",
                    "run it in JupyterLab to see the cell; fix the kernel environment",
                )
            )
        else:
            peaks.append(row["peak_kib"] / 1024)
            lines.append(
                (
                    "✓",
                    f"kernel: {name} runs in {row['seconds']:.1f} s, peak kernel memory {row['peak_kib'] / 1024:.0f} MiB",
                    "",
                )
            )
    if not lines:
        lines.append(
            (
                "✗",
                "kernel: the lessons could not be run",
                last_error,
            )
        )
    for name, times in (explorer_times(kernel_python) or {}).items():
        ms = times["wall_ms"]
        mark = "⚠" if ms > SLOW_UPDATE_MS else "ℹ"
        lines.append((mark, f"kernel: {name} updates in {ms:.0f} ms (median of 5 moves of its main slider)", ""))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    course = ROOT / ".venv" / "bin" / "python"
    default = str(course) if course.exists() else sys.executable
    parser.add_argument(
        "--kernel-python", default=default, help="the Python the lessons' kernels run (default: .venv's)"
    )
    parser.add_argument("--server-python", default=default, help="the Python JupyterLab runs from (default: .venv's)")
    add_lessons_option(parser)
    parser.add_argument("--skip-lessons", action="store_true", help="check versions and front ends only")
    args = parser.parse_args(argv)
    lessons = chosen_lessons(args.lessons)  # an unknown number stops here, before any check
    # absolute paths: the checks run each Python from a neutral folder
    for role in ("kernel_python", "server_python"):
        given = getattr(args, role)
        setattr(args, role, os.path.abspath(given) if os.sep in given else (shutil.which(given) or given))
    lines = check_environment("kernel", args.kernel_python, KERNEL)
    # two environments are a hub's layout: its server also needs nbgitpuller, for the class's link
    hub = os.path.abspath(args.kernel_python) != os.path.abspath(args.server_python)
    lines += check_environment("server", args.server_python, SERVER + (("nbgitpuller",) if hub else ()))
    rows = front_end_rows(args.server_python, dict(os.environ))
    lines += check_front_ends(rows)
    done = run(args.kernel_python, WIDGET_MODULES)
    wanted = json.loads(done.stdout) if done.returncode == 0 else {}
    lines += check_widget_versions(wanted, rows)
    lines += check_kernel_registration(args.kernel_python, args.server_python, dict(os.environ))
    if args.skip_lessons:
        pass
    elif any(mark == "✗" for mark, what, _ in lines if what.startswith("kernel")):
        lines.append(("✗", "kernel: lessons not run", "fix the kernel lines above first"))
    else:
        with tempfile.TemporaryDirectory() as home:
            env = kernel_env(args.kernel_python, Path(home))
            lines += check_lessons(args.kernel_python, args.server_python, env, lessons)
        if args.lessons:  # the checklist says which lessons it vouches for
            ran = ", ".join(p.name[:2] for p in lessons)
            lines.append(("ℹ", f"kernel: lesson{'s' * (len(lessons) > 1)} {ran} alone run (--lessons)", ""))
    for mark, what, fix in lines:
        print(f"{mark} {what}" + (f"\n    what to do: {fix}" if fix else ""))
    failed = sum(mark == "✗" for mark, _, _ in lines)
    print(
        f"\n{'READY' if not failed else f'NOT READY: {failed} to fix'} (kernel {args.kernel_python}, server {args.server_python})"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
