"""Speed of posenc's maths against the obvious alternatives, measured in the same run.

Prints medians (and p95) and the ratio to the baseline. Not a test: numbers depend on
the machine and its load; compare ratios, not absolute times.

    python -m benchmarks.bench_maths [--reps N] [--json [PATH]]

--json writes the run to benchmarks/results/YYYY-MM-DDTHHMM-maths.json (or to PATH), the data that
docs/benchmarks.md and the README are drawn from (python -m tools.gen_benchmarks). --reps N
times every case N times instead of the usual counts (a quick check of the script).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

import numpy as np

import posenc
from benchmarks.record import add_json_option, finish_run, new_run, p50, p95, save_run
from tools.gen_benchmarks import report


def timed(fn, repeat: int) -> list[float]:
    fn()  # warm up
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def row(key: str, group: str, name: str, xs: list[float], baseline: list[float] | None) -> dict:
    """Print one case, and return it as a row of the results file (times in ms)."""
    out = {
        "key": key,
        "group": group,
        "name": name,
        "median_ms": p50(xs) * 1e3,
        "p95_ms": p95(xs) * 1e3,
        "speedup": None if baseline is None else p50(baseline) / p50(xs),
    }
    ratio = "" if baseline is None else f"{out['speedup']:8.2f}x"
    print(f"  {name:<48} {out['median_ms']:9.2f} ms  p95 {out['p95_ms']:9.2f} ms {ratio}")
    return out


def naive_where(seq_len: int, d_model: int) -> np.ndarray:
    pos = np.arange(seq_len)[:, None]
    dim = np.arange(d_model)[None, :]
    return np.where(
        dim % 2 == 0,
        np.sin(pos / 10000 ** (2 * (dim // 2) / d_model)),
        np.cos(pos / 10000 ** (2 * (dim // 2) / d_model)),
    )


def per_column_loop(seq_len: int, d_model: int) -> np.ndarray:
    table = np.empty((seq_len, d_model))
    pos = np.arange(seq_len)
    for col in range(d_model):
        w = 10000 ** (-(2 * (col // 2)) / d_model)
        table[:, col] = np.sin(pos * w) if col % 2 == 0 else np.cos(pos * w)
    return table


def rope_by_matrices(x: np.ndarray) -> np.ndarray:
    """Build every position's (d x d) rotation matrix, then multiply."""
    seq_len, d = x.shape
    angles = posenc.rope_angles(np.arange(seq_len), d)  # (seq_len, d // 2)
    c, s = np.cos(angles), np.sin(angles)
    R = np.zeros((seq_len, d, d))  # (seq_len, d, d)
    i = np.arange(d // 2)
    R[:, 2 * i, 2 * i], R[:, 2 * i, 2 * i + 1] = c, -s
    R[:, 2 * i + 1, 2 * i], R[:, 2 * i + 1, 2 * i + 1] = s, c
    return np.einsum("nij,nj->ni", R, x)


def import_seconds(stmt: str, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", stmt], check=True)
        out.append(time.perf_counter() - t0)
    return out


def measure(reps: int | None) -> dict:
    """Every case, printed as it is timed; the maths table of a results file."""

    def n(usual: int) -> int:
        return usual if reps is None else reps

    rows = []
    group = "sinusoidal(8192, 1024)"
    print(f"\n{group}  (ratio = baseline time / this time; >1 means faster than naive)")
    assert np.allclose(posenc.sinusoidal(8192, 1024), naive_where(8192, 1024))
    assert np.allclose(posenc.sinusoidal(64, 16), per_column_loop(64, 16))
    base = timed(lambda: naive_where(8192, 1024), n(15))
    rows.append(row("sinusoidal.naive", group, "naive np.where one-liner (baseline)", base, None))
    loop = timed(lambda: per_column_loop(8192, 1024), n(15))
    rows.append(row("sinusoidal.loop", group, "per-column Python loop", loop, base))
    ours = timed(lambda: posenc.sinusoidal(8192, 1024), n(15))
    rows.append(row("sinusoidal.posenc", group, "posenc.sinusoidal", ours, base))

    group = "apply_rope on (4096, 128)"
    print(f"\n{group}")
    x = np.random.default_rng(0).normal(size=(4096, 128))
    assert np.allclose(posenc.apply_rope(x), rope_by_matrices(x))
    base = timed(lambda: rope_by_matrices(x), n(7))
    rows.append(row("rope.matrices", group, "explicit (d x d) rotation matrices (baseline)", base, None))
    ours = timed(lambda: posenc.apply_rope(x), n(21))
    rows.append(row("rope.interleaved", group, "posenc.apply_rope, interleaved", ours, base))
    half = timed(lambda: posenc.apply_rope(x, layout="half"), n(21))
    rows.append(row("rope.half", group, "posenc.apply_rope, half", half, base))

    group = "a checker's verdict (target: well under a second; baseline: the same checker on the right answer)"
    print(f"\n{group}")
    from posenc import checks

    def wrong_table(seq_len, d_model):  # a common slip: the wrong base, measured column by column
        return posenc.sinusoidal(seq_len, d_model, base=1000.0)

    right = timed(lambda: checks.check_sinusoidal(posenc.sinusoidal), n(7))
    rows.append(row("checker.sinusoidal.right", group, "check_sinusoidal, right answer (baseline)", right, None))
    wrong = timed(lambda: checks.check_sinusoidal(wrong_table), n(7))
    rows.append(row("checker.sinusoidal.wrong", group, "check_sinusoidal, base 1000 measured", wrong, right))

    group = f"import time in a fresh interpreter ({n(21)} runs each)"
    print(f"\n{group}")
    numpy_only = import_seconds("import numpy", n(21))
    both = import_seconds("import numpy, posenc", n(21))
    rows.append(row("import.numpy", group, "python -c 'import numpy'", numpy_only, None))
    rows.append(row("import.posenc", group, "python -c 'import numpy, posenc'", both, None))
    added = 1e3 * (p50(both) - p50(numpy_only))
    print(f"  posenc adds {added:.1f} ms of wall time to numpy's import (target < 50 ms)")
    trace = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import numpy, posenc"], capture_output=True, text=True
    ).stderr
    own = [int(line.split("|")[1]) for line in trace.splitlines() if line.rstrip().endswith("| posenc")]
    print(f"  python -X importtime: posenc's own cumulative import time {own[-1] / 1e3:.1f} ms")
    return {"rows": rows, "added_wall_ms": added, "own_cumulative_ms": own[-1] / 1e3}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, help="time every case this many times (default: 7 to 21 by case)")
    add_json_option(parser)
    args = parser.parse_args()
    command = "benchmarks/bench_maths.py" + (f" --reps {args.reps}" if args.reps else "")
    run = new_run(command, args.reps, packages=("numpy",))
    print(f"numpy {np.__version__}, Python {sys.version.split()[0]}")
    run["tables"]["maths"] = measure(args.reps)
    finish_run(run)
    if args.json is not None:
        path = save_run(run, args.json, "maths")
        print(f"\nwrote {path}; the page's tables as they will read:\n\n{report(run)}")


if __name__ == "__main__":
    main()
