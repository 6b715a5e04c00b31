"""Speed of posenc's maths against the obvious alternatives, measured in the same run.

Prints medians (and p95) and the ratio to the baseline. Not a test: numbers depend on
the machine and its load; compare ratios, not absolute times.

    python benchmarks/bench_maths.py
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

import numpy as np

import posenc


def timed(fn, repeat: int) -> list[float]:
    fn()  # warm up
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def p95(xs: list[float]) -> float:
    return sorted(xs)[max(0, int(round(0.95 * len(xs))) - 1)]


def row(name: str, xs: list[float], baseline: list[float] | None) -> None:
    med = statistics.median(xs) * 1e3
    ratio = "" if baseline is None else f"{statistics.median(baseline) / statistics.median(xs):8.2f}x"
    print(f"  {name:<48} {med:9.2f} ms  p95 {p95(xs) * 1e3:9.2f} ms {ratio}")


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


def main() -> None:
    print(f"numpy {np.__version__}, Python {sys.version.split()[0]}")

    print("\nsinusoidal(8192, 1024)  (ratio = baseline time / this time; >1 means faster than naive)")
    assert np.allclose(posenc.sinusoidal(8192, 1024), naive_where(8192, 1024))
    assert np.allclose(posenc.sinusoidal(64, 16), per_column_loop(64, 16))
    base = timed(lambda: naive_where(8192, 1024), 15)
    row("naive np.where one-liner (baseline)", base, None)
    row("per-column Python loop", timed(lambda: per_column_loop(8192, 1024), 15), base)
    row("posenc.sinusoidal", timed(lambda: posenc.sinusoidal(8192, 1024), 15), base)

    print("\napply_rope on (4096, 128)")
    x = np.random.default_rng(0).normal(size=(4096, 128))
    assert np.allclose(posenc.apply_rope(x), rope_by_matrices(x))
    base = timed(lambda: rope_by_matrices(x), 7)
    row("explicit (d x d) rotation matrices (baseline)", base, None)
    row("posenc.apply_rope, interleaved", timed(lambda: posenc.apply_rope(x), 21), base)
    row("posenc.apply_rope, half", timed(lambda: posenc.apply_rope(x, layout="half"), 21), base)

    print("\nimport time in a fresh interpreter (21 runs each)")
    numpy_only = import_seconds("import numpy", 21)
    both = import_seconds("import numpy, posenc", 21)
    row("python -c 'import numpy'", numpy_only, None)
    row("python -c 'import numpy, posenc'", both, None)
    added = 1e3 * (statistics.median(both) - statistics.median(numpy_only))
    print(f"  posenc adds {added:.1f} ms of wall time to numpy's import (target < 50 ms)")
    trace = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import numpy, posenc"], capture_output=True, text=True
    ).stderr
    own = [int(line.split("|")[1]) for line in trace.splitlines() if line.rstrip().endswith("| posenc")]
    print(f"  python -X importtime: posenc's own cumulative import time {own[-1] / 1e3:.1f} ms")


if __name__ == "__main__":
    main()
