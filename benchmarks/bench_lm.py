"""One training step of lesson 07's tiny language model: its time beside a naive step, and its arithmetic rate.

    python -m benchmarks.bench_lm [--reps N] [--json [PATH]]

The step is the experiment's (``posenc.lm.experiment.FULL``): 2 layers, d_model = 64, 4 heads, d_ff = 128,
a batch of 32 windows of 33 tokens, float32, one BLAS thread (``OPENBLAS_NUM_THREADS=1``, as the experiment's
workers run), the forward pass, the backward pass and one Adam update. In the same run:

- **the naive step**: the same step with attention's forward and backward passes written as a Python loop
  over heads and query positions (what a first implementation looks like), checked to give the same loss
  and gradients before it is timed;
- **the arithmetic rate**: the step's floating-point operations (multiply-adds of its matrix products,
  counted from the shapes; the backward pass counted as twice the forward) divided by its median time,
  beside NumPy's own rate on the step's largest matrix product, measured here.

Run it on an idle machine: its numbers go into docs/benchmarks.md (``make docs``).
"""

from __future__ import annotations

import os

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_name] = "1"  # before numpy loads: one thread, as the experiment's workers

import argparse  # noqa: E402
import math  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

from benchmarks.record import add_json_option, finish_run, new_run, p50, p95, save_run  # noqa: E402
from posenc.lm import experiment  # noqa: E402
from posenc.lm import model as lm_model  # noqa: E402
from posenc.lm.language import make_language  # noqa: E402
from posenc.lm.model import TinyLM  # noqa: E402
from posenc.lm.train import Adam  # noqa: E402
from tools.gen_benchmarks import report  # noqa: E402


def naive_attention_forward(q: np.ndarray, k: np.ndarray, v: np.ndarray, bias: np.ndarray | None):
    """Causal attention with a Python loop over heads and query positions (the batch stays an array axis)."""
    batch, heads, seq_len, d_head = q.shape
    scale = 1.0 / math.sqrt(d_head)
    out = np.zeros_like(v)
    weights = np.zeros((batch, heads, seq_len, seq_len), dtype=q.dtype)
    for h in range(heads):
        for i in range(seq_len):
            scores = np.einsum("bd,bjd->bj", q[:, h, i], k[:, h, : i + 1]) * scale  # keys 0..i
            if bias is not None:
                scores = scores + bias[h, i, : i + 1]
            w = np.exp(scores - scores.max(axis=-1, keepdims=True))
            w /= w.sum(axis=-1, keepdims=True)
            weights[:, h, i, : i + 1] = w
            out[:, h, i] = np.einsum("bj,bjd->bd", w, v[:, h, : i + 1])
    return out, (q, k, v, scale, weights)


def naive_attention_backward(g: np.ndarray, cache):
    """The gradients of :func:`naive_attention_forward`, with the same loops."""
    q, k, v, scale, weights = cache
    batch, heads, seq_len, _ = q.shape
    dq, dk, dv = np.zeros_like(q), np.zeros_like(k), np.zeros_like(v)
    dbias = np.zeros((heads, seq_len, seq_len), dtype=q.dtype)
    for h in range(heads):
        for i in range(seq_len):
            w = weights[:, h, i, : i + 1]  # (batch, i + 1)
            dw = np.einsum("bd,bjd->bj", g[:, h, i], v[:, h, : i + 1])
            dv[:, h, : i + 1] += w[:, :, None] * g[:, h, i][:, None, :]
            ds = w * (dw - (dw * w).sum(axis=-1, keepdims=True))
            dq[:, h, i] = np.einsum("bj,bjd->bd", ds, k[:, h, : i + 1]) * scale
            dk[:, h, : i + 1] += ds[:, :, None] * q[:, h, i][:, None, :] * scale
            dbias[h, i, : i + 1] = ds.sum(axis=0)
    return dq, dk, dv, dbias


def step_flops(config: experiment.Config, vocab: int) -> int:
    """Floating-point operations of one training step's matrix products (2 per multiply-add), forward x 3."""
    tokens = config.batch_size * config.train_len
    d, n, f = config.d_model, config.train_len, config.d_ff
    per_layer = 2 * tokens * d * (3 * d)  # q, k and v
    per_layer += 2 * 2 * config.batch_size * n * n * d  # scores and weights @ v, over all heads
    per_layer += 2 * tokens * d * d  # the output projection
    per_layer += 2 * 2 * tokens * d * f  # the MLP's two matrices
    forward = config.num_layers * per_layer + 2 * tokens * d * vocab  # the unembedding
    return 3 * forward  # the backward pass costs about twice the forward one


def matmul_gflops(rows: int, inner: int, cols: int, reps: int) -> float:
    """NumPy's rate, in GFLOP/s, on an (rows, inner) @ (inner, cols) float32 product: the median of `reps`."""
    rng = np.random.default_rng(0)
    a = rng.normal(size=(rows, inner)).astype(np.float32)
    b = rng.normal(size=(inner, cols)).astype(np.float32)
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        for _ in range(20):
            a @ b
        times.append((time.perf_counter() - start) / 20)
    return 2 * rows * inner * cols / p50(times) / 1e9


def measure(reps: int) -> dict:
    config = experiment.FULL
    language = make_language()
    model = TinyLM(
        language.vocab_size,
        config.train_len,
        layers=("rope", "rope"),
        d_model=config.d_model,
        num_heads=config.num_heads,
        d_ff=config.d_ff,
    )
    windows = language.sample(config.batch_size, config.train_len + 1, seed=1)
    loss, grads = model.loss_and_gradients(windows)
    fast = (lm_model.attention_forward, lm_model.attention_backward)
    lm_model.attention_forward, lm_model.attention_backward = naive_attention_forward, naive_attention_backward
    try:
        naive_loss, naive_grads = model.loss_and_gradients(windows)
    finally:
        lm_model.attention_forward, lm_model.attention_backward = fast
    assert abs(loss - naive_loss) < 1e-4, (loss, naive_loss)
    for name, g in grads.items():  # the baseline computes the same step, or its time means nothing
        assert np.allclose(g, naive_grads[name], rtol=1e-3, atol=1e-5), name

    def timed(naive: bool) -> list[float]:
        adam, out = Adam(model.params), []
        if naive:
            lm_model.attention_forward, lm_model.attention_backward = naive_attention_forward, naive_attention_backward
        try:
            for _ in range(reps):
                start = time.perf_counter()
                _, g = model.loss_and_gradients(windows)
                adam.step(g, 1e-4)
                out.append(time.perf_counter() - start)
        finally:
            lm_model.attention_forward, lm_model.attention_backward = fast
        return out

    step, naive = [], []
    for _ in range(2):  # interleaved, so that load on the machine hits both alike
        step += timed(naive=False)
        naive += timed(naive=True)
    flops = step_flops(config, language.vocab_size)
    tokens = config.batch_size * config.train_len
    rate = matmul_gflops(tokens, config.d_model, config.d_ff, reps=max(5, reps // 2))
    return {
        "rows": [
            {"what": "vectorised step (posenc.lm)", "median_ms": p50(step) * 1e3, "p95_ms": p95(step) * 1e3},
            {
                "what": "naive step: attention looped over heads and positions",
                "median_ms": p50(naive) * 1e3,
                "p95_ms": p95(naive) * 1e3,
            },
        ],
        "speedup": p50(naive) / p50(step),
        "flops": flops,
        "step_gflops": flops / p50(step) / 1e9,
        "matmul_gflops": rate,
        "matmul_shape": [tokens, config.d_model, config.d_ff],
        "config": {
            "layers": config.num_layers,
            "d_model": config.d_model,
            "heads": config.num_heads,
            "d_ff": config.d_ff,
            "batch": config.batch_size,
            "window": config.train_len + 1,
            "scheme": "RoPE in both layers",
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=20, help="timed steps of each kind, twice (default 20)")
    add_json_option(parser)
    args = parser.parse_args()
    run = new_run(f"benchmarks/bench_lm.py --reps {args.reps}", args.reps, packages=("numpy",))
    run["tables"]["lm"] = measure(args.reps)
    print(report(finish_run(run)))
    if args.json is not None:
        print(f"wrote {save_run(run, args.json, 'lm')}")


if __name__ == "__main__":
    main()
