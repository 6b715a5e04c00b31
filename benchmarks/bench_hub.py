"""What a class hub needs per student, measured: kernel memory and CPU per lesson, kernel CPU per slider
move, and the memory of a student's server, the hub and the proxy on a real hub.

    python -m benchmarks.bench_hub [--json [PATH]] [--reps N] [--lessons NN ...] [--explorers NAME ...]
                                   [--students N]

Three parts, run one after another on an otherwise idle machine:

- **lessons**: every lesson run top to bottom in a fresh kernel of this Python (the kernel environment),
  `--reps` times; after the last cell the kernel reports its resident memory (VmRSS), its peak
  (ru_maxrss) and the CPU time it used since it started (user + system: start-up, imports, every cell);
- **explorers**: each explorer's main slider moved 5 times after a first move, in one process: the CPU
  time (process_time) and the wall time of each move, medians;
- **hub**: a real hub (tools/hubdriver.py, the recipe's layout) with two students (``--students``) who
  follow the nbgitpuller link in headless Chromium and run lesson 00; then the resident memory of each
  process: the hub, the proxy, each student's server, each kernel.

The instructor guide's sizing table (tools/hub_recipe.py, written by tools/gen_guide.py) is computed
from the newest run's numbers by the model stated there. Writes benchmarks/results/...-hub.json with
--json, for a whole run only: a run cut down by ``--lessons``, ``--explorers`` or ``--students`` is a smoke run
(tests/test_benchmarks.py), and the guide must not size a class from it.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.record import (
    add_explorers_option,
    add_json_option,
    chosen_explorers,
    finish_run,
    new_run,
    save_run,
)
from tools.gen_links import nbgitpuller_link
from tools.hubdriver import (
    Hub,
    build_server_env,
    follow_link,
    publish_course,
    register_kernel,
    rss_mib,
)
from tools.labdriver import check_open_lesson, open_browser, record_console_errors
from tools.preflight import add_lessons_option, chosen_lessons, explorer_times, kernel_env, run_lessons

ROOT = Path(__file__).resolve().parents[1]
#: The lessons measure_lessons runs (--lessons; empty: every lesson) and the explorers measure_moves times
#: (--explorers; empty: every registered one), set by main() from the command line.
LESSONS: tuple[str, ...] = ()
EXPLORERS: tuple[str, ...] = ()


def measure_lessons(reps: int) -> list[dict]:
    with tempfile.TemporaryDirectory() as home:
        env = kernel_env(sys.executable, Path(home))  # a kernel named "preflight": this Python
        lessons = [str(p) for p in chosen_lessons(LESSONS)]
        runs = [run_lessons(sys.executable, env, lessons)[0] for _ in range(reps)]
    rows = []
    for path, *again in zip(*runs, strict=True):
        tries = [path, *again]
        if any("error" in t for t in tries):
            raise SystemExit(f"{path['path']} did not run: {next(t['error'] for t in tries if 'error' in t)}")
        row = {
            "lesson": Path(path["path"]).name[:2],
            "rss_mib": max(t["rss_kib"] for t in tries) / 1024,
            "peak_mib": max(t["peak_kib"] for t in tries) / 1024,
            "cpu_s": max(t["cpu_s"] for t in tries),
            "wall_s": max(t["seconds"] for t in tries),
        }
        print(
            f"  lesson {row['lesson']}: after the run {row['rss_mib']:.0f} MiB (peak {row['peak_mib']:.0f}), "
            f"CPU {row['cpu_s']:.1f} s, wall {row['wall_s']:.1f} s (the largest of {reps})"
        )
        rows.append(row)
    return rows


def measure_moves() -> list[dict]:
    times = explorer_times(sys.executable, EXPLORERS)
    if times is None:
        raise SystemExit("the explorers could not be timed in this Python")
    rows = [{"explorer": name, "cpu_ms": t["cpu_ms"], "wall_ms": t["wall_ms"]} for name, t in times.items()]
    for r in rows:
        print(f"  {r['explorer']}: CPU {r['cpu_ms']:.1f} ms a move, wall {r['wall_ms']:.1f} ms (medians of 5)")
    return rows


def measure_hub(students: int) -> dict:
    env = build_server_env()
    register_kernel(sys.executable, env)
    with tempfile.TemporaryDirectory() as where:
        origin, _ = publish_course(Path(where), "course")
        hub = Hub(env)
        try:
            link = nbgitpuller_link("student", hub=hub.base, url=f"file://{origin}")
            first_open, problems = [], []
            with open_browser() as browser:
                for student in (f"student{n}" for n in range(1, students + 1)):
                    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
                    console = record_console_errors(page)
                    start = time.perf_counter()
                    follow_link(page, link, student)
                    first_open.append(time.perf_counter() - start)
                    problems += check_open_lesson(page, console)
                processes = hub.processes()
                kinds = {"hub": [hub.proc.pid], "proxy": [], "server": [], "kernel": []}
                for pid, command in processes.items():
                    kind = (
                        "proxy"
                        if "configurable-http-proxy" in command
                        else "server"
                        if "jupyterhub-singleuser" in command
                        else "kernel"
                        if "ipykernel_launcher" in command
                        else None
                    )
                    if kind:
                        kinds[kind].append(pid)
                memory = {kind: [rss_mib(pid) for pid in pids] for kind, pids in kinds.items()}
        finally:
            left = hub.close()
    if problems or left:
        raise SystemExit(f"the hub did not run the lesson cleanly: {problems} {left}")
    print(f"  link to lesson 00 open, cold start: {', '.join(f'{s:.1f} s' for s in first_open)}")
    for kind, values in memory.items():
        print(f"  {kind}: {', '.join(f'{v:.0f} MiB' for v in values)}")
    return {"first_open_s": first_open, "rss_mib": memory}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=2, help="runs of each lesson (default 2; the largest is kept)")
    add_lessons_option(parser)
    add_explorers_option(parser, "the explorers part")
    parser.add_argument("--students", type=int, default=2, help="students on the hub (default 2)")
    add_json_option(parser)
    args = parser.parse_args()
    if args.students < 1:
        parser.error(f"--students: at least one student is needed; got {args.students}")
    if args.json is not None and (args.lessons or args.explorers or args.students != 2):
        parser.error(
            "a run cut down by --lessons, --explorers or --students is not recorded (the instructor guide sizes a "
            "class from the newest recorded run): drop --json, or those options"
        )
    global LESSONS, EXPLORERS
    LESSONS, EXPLORERS = tuple(args.lessons), tuple(args.explorers)
    chosen_lessons(LESSONS)  # an unknown lesson or explorer stops the run before anything is measured
    chosen_explorers(EXPLORERS)
    run = new_run(f"benchmarks/bench_hub.py --reps {args.reps}", args.reps, packages=("jupyterlab", "ipykernel"))
    print("lessons, each in a fresh kernel:")
    lessons = measure_lessons(args.reps)
    print("explorers, one slider move:")
    moves = measure_moves()
    print(f"a real hub, {args.students} student{'s' if args.students > 1 else ''} on lesson 00:")
    hub = measure_hub(args.students)
    run["tables"]["hub"] = {"lessons": lessons, "explorers": moves, **hub}
    finish_run(run)
    if args.json is not None:
        print(f"wrote {save_run(run, args.json, 'hub')}")


if __name__ == "__main__":
    main()
