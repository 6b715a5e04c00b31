"""Lesson 01's checkers: attention written by hand, and a test for permutation equivariance."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from posenc.attention import attention, softmax
from posenc.checks.engine import (
    CheckResult,
    as_real_array,
    call,
    correct,
    first_mismatch,
    likely_mistake,
    name_of,
    not_yet,
    number,
    register,
    short,
)
from posenc.sinusoidal import sinusoidal

__all__ = ["check_attention", "check_equivariance_test"]

ATTENTION_MISTAKES = {
    "unscaled": "Scale the scores: divide q @ k.T by sqrt(d_head) before the softmax.",
    "softmax-over-queries": "The softmax runs over the keys (the last axis), so that each row of weights sums to 1.",
    "divided-by-d": "Divide by sqrt(d_head), not by d_head.",
    "returned-weights": "That is the shape of the weights: multiply them by v.",
}


def _attention_suspects(q: np.ndarray, k: np.ndarray, v: np.ndarray) -> dict[str, np.ndarray]:
    """What each known mistake returns for these inputs."""
    d_head = q.shape[-1]
    return {
        "unscaled": softmax(q @ k.T) @ v,
        "softmax-over-queries": softmax(q @ k.T / np.sqrt(d_head), axis=0) @ v,
        "divided-by-d": softmax(q @ k.T / d_head) @ v,
    }


@register("function", ATTENTION_MISTAKES)
def check_attention(fn: Callable) -> CheckResult:
    """Check ``fn(q, k, v)``, scaled dot-product attention returning the output (or (output, weights)).

    Examples
    --------
    >>> import posenc
    >>> check_attention(lambda q, k, v: posenc.attention(q, k, v)[0])
    Correct: matches posenc.attention on 3 cases (square, a single query, more keys than queries).
    >>> check_attention(lambda q, k, v: posenc.softmax(q @ k.T) @ v)
    Not yet: case 'square' (q (4, 8), k (4, 8), v (4, 8)): output row 0, column 0 is -0.3815, expected -0.2223. Scale the scores: divide q @ k.T by sqrt(d_head) before the softmax.
    """
    name = name_of(fn)
    rng = np.random.default_rng(7)
    cases = {
        "square": (rng.normal(size=(4, 8)), rng.normal(size=(4, 8)), rng.normal(size=(4, 8))),
        "a single query": (rng.normal(size=(1, 2)), rng.normal(size=(3, 2)), rng.normal(size=(3, 5))),
        "more keys than queries": (rng.normal(size=(3, 6)), rng.normal(size=(7, 6)), rng.normal(size=(7, 2))),
    }
    for label, (q, k, v) in cases.items():
        value, verdict = call(fn, name, q.copy(), k.copy(), v.copy(), params=("q", "k", "v"))
        if verdict is not None:
            return verdict
        if isinstance(value, tuple) and len(value) == 2:  # (output, weights), as posenc.attention returns
            value = value[0]
        got, verdict = as_real_array(value, name)
        if verdict is not None:
            return verdict
        expected, weights = attention(q, k, v)  # (n_queries, d_v), (n_queries, n_keys)
        where = f"case {label!r} (q {q.shape}, k {k.shape}, v {v.shape})"
        if got.shape != expected.shape:
            hint = " " + ATTENTION_MISTAKES["returned-weights"] if got.shape == weights.shape else ""
            return not_yet(f"{where}: shape is {got.shape}, expected {expected.shape} (one row per query).{hint}")
        cell = first_mismatch(got, expected)
        if cell is None:
            continue
        mistake = likely_mistake(got, _attention_suspects(q, k, v))
        i, j = cell
        return not_yet(
            f"{where}: output row {i}, column {j} is {number(got[i, j])}, expected {number(expected[i, j])}."
            + (f" {ATTENTION_MISTAKES[mistake]}" if mistake else "")
        )
    return correct("matches posenc.attention on 3 cases (square, a single query, more keys than queries).")


EQUIVARIANCE_MISTAKES = {
    "says-attention-is-not": "your test says self-attention is not equivariant. Compare f(x[perm]) with "
    "f(x)[perm]: the outputs move with the inputs.",
    "says-positions-are": "your test says self-attention with positions added is equivariant, but adding "
    "positions makes the output depend on order. Are you comparing f(x[perm]) with f(x)[perm] using np.allclose?",
    "says-running-sum-is": "your test says a running sum (np.cumsum over the rows) is equivariant, but "
    "reordering the rows changes every partial sum.",
    "exact-equality": "your test compares floating-point outputs exactly (==). Reordering changes the order "
    "of additions, so equal maths can differ in the last digits: compare with np.allclose.",
}


def _self_attention(x: np.ndarray) -> np.ndarray:
    return attention(x, x, x)[0]


def _with_positions(x: np.ndarray) -> np.ndarray:
    y = x + sinusoidal(*x.shape)
    return attention(y, y, y)[0]


def _running_sum(x: np.ndarray) -> np.ndarray:
    return np.cumsum(x, axis=0)


def _doubled(x: np.ndarray) -> np.ndarray:
    """Equivariant with no rounding at all: each entry doubled, exactly."""
    return 2.0 * x


@register("function", EQUIVARIANCE_MISTAKES)
def check_equivariance_test(fn: Callable) -> CheckResult:
    """Check the learner's test ``fn(f, x, perm) -> bool`` for permutation equivariance.

    It must answer True for self-attention, which is equivariant, and False for
    functions that are not (self-attention with positions added, a running sum).
    Self-attention's reordered outputs match only up to rounding (the sums run in
    another order), so an exact comparison is a mistake too; it is told apart from
    comparing the wrong things by asking the test about ``2 * x``, which is exact.

    Examples
    --------
    >>> check_equivariance_test(lambda f, x, perm: np.allclose(f(x[perm]), f(x)[perm]))
    Correct: your test says yes to self-attention and no to both order-dependent functions.
    >>> check_equivariance_test(lambda f, x, perm: np.allclose(f(x[perm]), f(x)))
    Not yet: your test says self-attention is not equivariant. Compare f(x[perm]) with f(x)[perm]: the outputs move with the inputs.
    """
    name = name_of(fn)
    rng = np.random.default_rng(11)
    x = rng.normal(size=(5, 4))  # (seq_len, d_model)
    perm = np.array([3, 0, 4, 1, 2])
    for f, expected, mistake in (
        (_self_attention, True, "says-attention-is-not"),
        (_with_positions, False, "says-positions-are"),
        (_running_sum, False, "says-running-sum-is"),
    ):
        value, verdict = call(fn, name, f, x.copy(), perm.copy(), params=("f", "x", "perm"))
        if verdict is not None:
            return verdict
        if not isinstance(value, (bool, np.bool_)):
            return not_yet(f"{name} should return True or False; got {short(value)}.")
        if bool(value) != expected:
            if mistake == "says-attention-is-not":
                on_exact, _ = call(fn, name, _doubled, x.copy(), perm.copy())
                if on_exact is True or on_exact is np.True_:
                    mistake = "exact-equality"
            return not_yet(EQUIVARIANCE_MISTAKES[mistake])
    return correct("your test says yes to self-attention and no to both order-dependent functions.")
