"""How a benchmark run is recorded: its statistics, its machine, and the results file it writes.

Each file in ``benchmarks/results/`` is one run, as JSON (:func:`dumps`): its date, start and end time,
the command, the machine (cores, memory, versions), the load before it started, and ``tables``, one
entry per table the run measured, each with its ``rows`` as numbers. The benchmark scripts make a run
with :func:`new_run`, fill its tables, and write it with :func:`save_run` (``--json``);
``tools/gen_benchmarks.py`` reads the files back and draws the pages that quote them.
"""

from __future__ import annotations

import datetime
import importlib.metadata
import json
import os
import platform
from pathlib import Path

__all__ = [
    "RESULTS",
    "SCHEMA",
    "add_json_option",
    "dumps",
    "finish_run",
    "new_run",
    "p50",
    "p50_p95",
    "p95",
    "save_run",
]

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
#: The results files' format; tools/gen_benchmarks.py refuses a file of another.
SCHEMA = 1


def p50(xs) -> float:
    """The median."""
    xs = sorted(xs)
    mid = len(xs) // 2
    return xs[mid] if len(xs) % 2 else (xs[mid - 1] + xs[mid]) / 2


def p95(xs) -> float:
    """The 95th percentile by nearest rank: the smallest sample that 95 % of the samples do not exceed.

    >>> p95(range(1, 21)), p95(range(1, 22)), p95([3.0])
    (19, 20, 3.0)
    """
    xs = sorted(xs)
    return xs[max(0, -(-95 * len(xs) // 100) - 1)]


def p50_p95(**samples) -> dict:
    """``NAME_p50_ms`` and ``NAME_p95_ms`` of each named list of samples (in ms), in that order.

    >>> p50_p95(fast=[1.0, 2.0, 9.0])
    {'fast_p50_ms': 2.0, 'fast_p95_ms': 9.0}
    """
    return {f"{name}_{stat.__name__}_ms": stat(xs) for name, xs in samples.items() for stat in (p50, p95)}


def machine_summary(packages=()) -> dict:
    """Cores, memory, system, Python and the installed versions of `packages` (distribution names)."""
    out: dict[str, int | str | None] = {"cpus": os.cpu_count()}
    try:
        out["memory_gib"] = round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30)
    except (ValueError, OSError, AttributeError):  # not every system reports it
        pass
    out |= {"system": platform.system(), "python": platform.python_version()}
    for name in packages:
        try:
            out[name.lower()] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            pass
    return out


def new_run(command: str, reps: int | None, packages=()) -> dict:
    """A run that starts now: date, time, command, load and machine; its ``tables`` are filled in by the caller."""
    now = datetime.datetime.now()
    try:
        load = [round(os.getloadavg()[0], 1)]
    except (OSError, AttributeError):
        load = None
    return {
        "schema": SCHEMA,
        "date": now.strftime("%Y-%m-%d"),
        "started": now.strftime("%H:%M"),
        "ended": None,
        "command": command,
        "reps": reps,
        "load_average": load,
        "note": None,
        "machine": machine_summary(packages),
        "tables": {},
    }


def dumps(run: dict) -> str:
    """A run as JSON text: one line a row, so that a diff between runs reads row by row."""

    def rounded(value):  # four decimals are more than any measurement here holds
        if isinstance(value, float):
            return round(value, 4)
        if isinstance(value, dict):
            return {k: rounded(v) for k, v in value.items()}
        if isinstance(value, list):
            return [rounded(v) for v in value]
        return value

    def block(value, indent: str) -> str:
        if isinstance(value, dict) and value and any(isinstance(v, dict | list) for v in value.values()):
            inner = indent + "  "
            items = [f"{inner}{json.dumps(k)}: {block(v, inner)}" for k, v in value.items()]
            return "{\n" + ",\n".join(items) + "\n" + indent + "}"
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            inner = indent + "  "
            return "[\n" + ",\n".join(inner + json.dumps(v, ensure_ascii=False) for v in value) + "\n" + indent + "]"
        return json.dumps(value, ensure_ascii=False)

    return block(rounded(run), "") + "\n"


def finish_run(run: dict) -> dict:
    """Note the time `run` ended (now), once."""
    if run["ended"] is None:
        run["ended"] = datetime.datetime.now().strftime("%H:%M")
    return run


def add_json_option(parser) -> None:
    """The benchmark scripts' ``--json [PATH]``."""
    parser.add_argument(
        "--json",
        nargs="?",
        const="",
        metavar="PATH",
        help="also write the run as a results file (default: benchmarks/results/YYYY-MM-DDTHHMM-NAME.json)",
    )


def save_run(run: dict, path: str | Path | None, name: str) -> Path:
    """Write `run` (finished) to `path`, or, for None or "", to benchmarks/results/YYYY-MM-DDTHHMM-name.json."""
    finish_run(run)
    if path:
        path = Path(path)
    else:
        path = RESULTS / f"{run['date']}T{run['started'].replace(':', '')}-{name}.json"
        if path.exists():
            raise SystemExit(f"{path} exists already: pass --json PATH")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dumps(run), encoding="utf-8")
    return path


def add_explorers_option(parser, parts: str) -> None:
    """The benchmark scripts' ``--explorers NAME ...``: time these explorers only, in `parts` (a smoke run's
    smallest size)."""
    parser.add_argument(
        "--explorers",
        nargs="+",
        metavar="NAME",
        default=(),
        help=f"only these explorers in {parts} (default: every registered one)",
    )


def chosen_explorers(names: tuple[str, ...] = ()) -> list[str]:
    """The registered explorers' names (``posenc.widgets.examples.EXPLORERS``), in order: those in `names`, or
    every one when it is empty.

    >>> chosen_explorers(("table_explorer", "environment_check"))
    ['environment_check', 'table_explorer']
    >>> chosen_explorers(("tabel_explorer",))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    SystemExit: --explorers: no explorer named tabel_explorer; the registered ones are environment_check, ...
    """
    from posenc.widgets.examples import EXPLORERS as REGISTERED

    unknown = [name for name in names if name not in REGISTERED]
    if unknown:
        raise SystemExit(
            f"--explorers: no explorer named {', '.join(unknown)}; the registered ones are {', '.join(REGISTERED)}"
        )
    return [name for name in REGISTERED if not names or name in names]
