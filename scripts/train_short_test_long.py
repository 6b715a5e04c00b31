"""Lesson 07's experiment in one command: train every scheme at L, evaluate at 1-16 L, run the RoPE toolkit.

Usage::

    python scripts/train_short_test_long.py              # the full configuration (posenc.lm.experiment.FULL)
    python scripts/train_short_test_long.py --reduced    # the reduced one (REDUCED), about a minute here

What runs is ``posenc.lm.experiment.run_all``: its module docstring and the comment above ``FULL`` give the
configuration and the time arithmetic. The full configuration: 7 configurations (none, sinusoidal, learned,
T5's bias, RoPE, ALiBi, and RoPE in layer 1 with none in layer 2) x 3 seeds, 2 layers, d = 64, 4 heads,
d_ff = 128, 1,500 steps of 32 windows of 33 tokens at L = 32, and RoPE trained at 4L (1,500 steps of 8 windows
of 129 tokens) x 3 seeds as the toolkit's reference; evaluation at W = 32 ... 512 on 16 held-out streams of
2,049 tokens, non-overlapping and sliding with stride W/2; the toolkit (PI, NTK-aware, YaRN, Llama 3.1's rule,
dynamic NTK, PI + 100 fine-tuning steps at 4L) on each RoPE seed. Its run of 2026-12-06 (one thread's
training step 17.9 ms that day) took 487 s to train the 21 models at L, 122 s for the three 4L references,
263 s to evaluate everything (the toolkit included): 872 s of worker time, 448 s of wall time on two worker
processes. The shipped run (2026-12-07, 21:16, after two imports moved in files the code hash covers) gave
the run before it's losses bit for bit, as that one gave the 2026-12-06 run's 396 held-out losses to within
2.4e-7 nats, in 2,051 s of worker time and 1,072 s of wall time: this machine ran about 2.3 times slower that
day, over the 15 minutes a rerun should take. It writes ``posenc/data/lm_results.json`` and ``lm_weights.npz`` (``lm_results_reduced.json`` alone
with ``--reduced``): the results with their provenance, and the first seed's float32 weights of each
configuration trained at L.

What the shipped run shows (each number printed from ``lm_results.json``; excess = held-out loss minus the
floor on the same predictions, non-overlapping unless said; [min, max] over the 3 seeds):

- At L, every seed of every configuration is 0.042 to 0.097 nats above the floor (T5 lowest, sinusoidal
  highest), NoPE 0.143. The models have not converged: every run's training loss still fell by 0.005-0.015
  nats from the mean of steps 1,000-1,250 to that of steps 1,250-1,500 (a few thousandths of which is the
  training windows' own floor moving, not learning).
- At 4L: ALiBi [0.102, 0.109] and T5 [0.099, 0.103] overlap; NoPE [0.225, 0.231] and RoPE [0.233, 0.256]
  are barely apart; the hybrid [0.267, 0.284] and sinusoidal [0.329, 0.360] are worse. Pairs whose seed
  ranges overlap are ties at three seeds; three seeds that do not overlap are weak evidence of a difference.
- Appendix B's question, how much of what a longer window offers a model takes: from W = 32 to 512 the floor
  falls 0.117 nats non-overlapping and 0.078 sliding. ALiBi's loss falls 0.058-0.068 non-overlapping (the
  Figure-1 shape, much of it the early-token curse) and 0.010-0.022 sliding: the only scheme that gains at all
  in sliding mode, an eighth to a quarter of what the floor offers. Every other scheme's sliding loss rises, by
  0.19 (NoPE) to 0.52 (sinusoidal).
- Retrieval (seed 0, W = 512, sliding): ALiBi's loss rises with the answer's distance, 0.33 nats at 1-32 tokens
  back to 0.99 at 257-512 (51 predictions in that bin, the same 51 for every seed); NoPE stays between 0.46 and
  0.78 and T5 between 0.55 and 0.70, lower far back than near (T5's 8 buckets here give every distance of 12 or
  more one shared number). Near answers more often have an older value of the same slot in view too (a confound
  the bins do not separate). The split by the QUERY's place in
  the window (``retrieval_within_L``, ``retrieval_past_L``) mixes in a confound: a QUERY past L more often
  has older values of its slot in view too, so every scheme, NoPE included, looks worse there; it is not
  evidence about RoPE's untrained positions.
- The 4L reference is 0.065-0.075 above the floor at 4L; every rule applied to the RoPE models trained at L
  stays at 0.146 or more there (zero-shot: YaRN 0.146-0.167, PI alone 0.265-0.296; after 100 steps of
  fine-tuning at 4L: PI + fine-tune 0.146-0.166). The rules are built for scale 4; their entries at 8L and
  16L are recorded but are beyond what they were made for.

"""

from __future__ import annotations

import os

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_name] = "1"  # before numpy loads, here and in the workers, which inherit it

import argparse  # noqa: E402
import dataclasses  # noqa: E402
import datetime  # noqa: E402
import json  # noqa: E402
import platform  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]

import posenc  # noqa: E402
from posenc.lm import experiment  # noqa: E402
from posenc.lm.language import make_language  # noqa: E402
from posenc.lm.results import CODE_FILES, FILES, code_hash  # noqa: E402


def git(*args: str) -> str:
    """The output of a git command in this checkout, or "" where git is not available."""
    try:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def provenance(config: experiment.Config, seeds: tuple[int, ...], workers: int, seconds: float, runs: list) -> dict:
    """Where the results came from: command, configuration, seeds, versions, commit, code hash, machine, times."""
    changed = git("status", "--porcelain", "--", *(f"posenc/{name}" for name in CODE_FILES))
    return {
        "configuration": config.name,
        "command": " ".join(["python", *sys.argv]),
        "seeds": list(seeds),
        "versions": {"python": platform.python_version(), "numpy": np.__version__, "posenc": posenc.__version__},
        "git_commit": git("rev-parse", "HEAD"),
        "code_changed_since_commit": bool(changed),
        "code_sha256": code_hash(),
        "code_files": [f"posenc/{name}" for name in CODE_FILES],
        "machine": {"platform": platform.platform(), "processor": platform.machine(), "cpus": os.cpu_count()},
        "threads_per_worker": 1,
        "workers": workers,
        "wall_seconds": round(seconds, 1),
        "worker_seconds": {
            f"{r['label']}/{r['seed']}": {k: round(v, 2) for k, v in r["seconds"].items()} for r in runs
        },
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reduced", action="store_true", help="the reduced configuration (REDUCED)")
    parser.add_argument("--labels", nargs="+", help="only these configurations (default: all)")
    parser.add_argument("--seeds", nargs="+", type=int, help="only these seeds (default: the configuration's)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument(
        "--out", type=Path, default=ROOT / "posenc" / "data", help="where to write (default posenc/data)"
    )
    args = parser.parse_args()
    config = experiment.REDUCED if args.reduced else experiment.FULL
    seeds = tuple(args.seeds) if args.seeds else config.seeds
    labels = tuple(args.labels) if args.labels else None
    started = time.perf_counter()
    runs = experiment.run_all(config, labels, seeds, workers=args.workers)
    seconds = time.perf_counter() - started
    language = make_language()
    weights = {f"{r['label']}/{name}": value for r in runs if r["weights"] for name, value in r["weights"].items()}
    results = {
        "provenance": provenance(config, seeds, args.workers, seconds, runs),
        "config": dataclasses.asdict(dataclasses.replace(config, seeds=seeds)),
        "floor": experiment.floors(config, language, experiment.held_out(config, language)),
        "runs": [{k: v for k, v in r.items() if k not in ("weights", "seconds")} for r in runs],
    }
    results_name, weights_name = FILES[config.name]
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / results_name).write_text(json.dumps(results, separators=(",", ":")) + "\n", encoding="utf-8")
    if weights_name is not None:  # the reduced configuration ships its results only
        np.savez_compressed(args.out / weights_name, **weights)
    for r in runs:
        at = {w: e["non-overlapping"]["loss"] for w, e in r["eval"].items()}
        print(f"{r['label']:>12} seed {r['seed']}: " + ", ".join(f"W={w} {loss:.3f}" for w, loss in at.items()))
    print(f"wrote {results_name}{f' and {weights_name}' if weights_name else ''} to {args.out} in {seconds:.1f} s")


if __name__ == "__main__":
    main()
