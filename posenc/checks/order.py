"""Lesson 01's checkers: attention written by hand, and a test for permutation equivariance."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from posenc.attention import attention, softmax
from posenc.checks.cases import Case, first_miss
from posenc.checks.engine import (
    CheckResult,
    Explained,
    array_from,
    as_real_array,
    call,
    correct,
    first_mismatch,
    int_dtype,
    likely_mistake,
    not_yet,
    register,
    room_after,
)
from posenc.checks.phrasing import Finding, amount, name_of, number, sentences, short, sig
from posenc.sinusoidal import sinusoidal

__all__ = ["check_attention", "check_equivariance_test"]

ATTENTION_MISTAKES = {
    "unscaled": "Scale the scores: divide q @ k.T by sqrt(d_head) before the softmax.",
    "softmax-over-queries": "The softmax runs over the keys (the last axis), so that each row of weights sums to 1.",
    "divided-by-d": "Divide by sqrt(d_head), not by d_head.",
    "returned-weights": "That is the shape of the weights: multiply them by v.",
    "no-softmax": "Put the scores through a softmax over the keys (the last axis) before multiplying by v.",
    "scores-transposed": "The scores are q @ k.T, one row per query; k @ q.T gives one row per key.",
    "weights-transposed": "The output is weights @ v; weights.T @ v mixes the values by the keys' rows instead.",
    "max-over-queries": "Subtract each row's own max for stability (scores.max(axis=-1, keepdims=True)): a max taken "
    "down the columns (axis 0) shifts each column by a different amount, which changes the weights.",
    "no-keepdims": "Divide by the row sums with keepdims=True (e.sum(axis=-1, keepdims=True)): without it the sums "
    "line up with the keys, not the queries.",
    "int-dtype": "An int array (np.zeros(..., dtype=int), say) truncates the outputs to whole numbers: use floats.",
}


#: The chosen inputs' sizes: all different, so that a scale can be told by the size it uses.
D_HEAD, QUERIES, KEYS, D_V = 16, 3, 5, 7


#: Sizes a learner might scale the scores by, for the chosen inputs (all different).
SIZES = {
    "no scaling": 1.0,
    "d_head": D_HEAD,
    "sqrt(d_head)": np.sqrt(D_HEAD),
    "the number of keys": KEYS,
    "sqrt(the number of keys)": np.sqrt(KEYS),
    "the number of queries": QUERIES,
    "sqrt(the number of queries)": np.sqrt(QUERIES),
    "d_v": D_V,
    "sqrt(d_v)": np.sqrt(D_V),
}


def _attention_suspects(q: np.ndarray, k: np.ndarray, v: np.ndarray) -> dict[str, np.ndarray]:
    """What each known mistake returns for these inputs: for when the chosen inputs cannot be measured."""
    d_head = q.shape[-1]
    return {
        "unscaled": softmax(q @ k.T) @ v,
        "softmax-over-queries": softmax(q @ k.T / np.sqrt(d_head), axis=0) @ v,
        "divided-by-d": softmax(q @ k.T / d_head) @ v,
        "scores-transposed": softmax(k @ q.T / np.sqrt(d_head)) @ v,
        "weights-transposed": softmax(q @ k.T / np.sqrt(d_head)).T @ v,
        "max-over-queries": _column_max_softmax(q @ k.T / np.sqrt(d_head)) @ v,
        "no-keepdims": (e := np.exp(q @ k.T / np.sqrt(d_head))) / e.sum(axis=-1) @ v,
    }


def _column_max_softmax(scores: np.ndarray) -> np.ndarray:
    """A softmax over each row whose stabilising max was taken down each column (axis 0): not a softmax."""
    e = np.exp(scores - scores.max(axis=0, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def _output(
    fn: Callable, name: str, q: np.ndarray, k: np.ndarray, v: np.ndarray
) -> tuple[object, np.ndarray, None] | tuple[object, None, CheckResult]:
    """What the learner returns for q, k, v (the first of a pair), that as a float array, or a verdict on why not."""
    result = array_from(
        fn,
        name,
        q.copy(),
        k.copy(),
        v.copy(),
        params=("q", "k", "v"),
        returns="the output, weights @ v, of shape (seq_len_q, d_v)",
    )
    value = result[0]
    if not (isinstance(value, tuple) and len(value) == 2):
        return result
    # (output, weights), as posenc.attention returns: the pair is no array, its first item is the output.
    weights = np.asarray(value[1]) if isinstance(value[1], (np.ndarray, list)) else None
    if weights is None or weights.shape != (q.shape[0], k.shape[0]):
        return (
            None,
            None,
            not_yet(
                f"{name} returned a pair whose second item is not the ({q.shape[0]}, {k.shape[0]}) weights: "
                "return the output alone, or (output, weights)."
            ),
        )
    return value[0], *as_real_array(value[0], name)


def _right_scale(s: float) -> bool:
    return s > 0 and abs(np.log(s * np.sqrt(D_HEAD))) <= 1e-6


def _divisor(s: float) -> tuple[str, str | None]:
    """The scale s of the scores (weights = softmax(s * q @ k.T)) in words, and the listed mistake it is, if any."""
    belongs = "where a division by sqrt(d_head) = 4 belongs"
    if s <= 0:
        return f"the scores are multiplied by {sig(s)}: the weights favour the keys least like the query", None
    by, size = ("multiplied", s) if s > 1.001 else ("divided", 1 / s)
    if by == "divided" and np.isclose(size, 2 * D_HEAD, rtol=1e-6):
        return (
            f"the scores are divided by {sig(size, 4)} = 2 × d_head, {belongs}: s / d_head ** 1/2 is read "
            "(s / d_head) / 2, since ** binds first; write d_head ** 0.5 or np.sqrt(d_head)",
            "power-half",
        )
    if by == "divided" and np.isclose(size, D_HEAD / 2, rtol=1e-6):  # at d_head = 16 also 2 × sqrt(d_head)
        return (
            f"the scores are divided by {sig(size, 4)} = 2 × sqrt(d_head), {belongs}; it is also d_head / 2, what "
            "d_head ** 1/2 gives ((d_head ** 1) / 2: ** binds first; write d_head ** 0.5)",
            None,
        )
    name = next((name for name, value in SIZES.items() if np.isclose(size, value, rtol=1e-6)), None)
    if name is None:
        said = f" = {sig(size / np.sqrt(D_HEAD))} × sqrt(d_head)" if by == "divided" else ""
    else:
        said = " (no scaling)" if name == "no scaling" else f" = {name}"
    cause = (
        {"no scaling": "unscaled", "d_head": "divided-by-d"}.get(name) if by == "divided" and name is not None else None
    )
    return f"the scores are {by} by {sig(size, 4)}{said}, {belongs}", cause


def _half_shifted(rows: np.ndarray, scores: np.ndarray) -> str | None:
    """Whether row sums of e^-max (or e^+max) show the max taken off one side of the softmax's fraction only.

    Subtracting the largest score m from the exponents above the fraction and not below leaves every
    weight e^-m times too small; subtracting it below only leaves them e^m times too big. m is the
    largest scaled score of the whole array or of each row, at the right scale or at none.
    """
    for scale in (1 / np.sqrt(D_HEAD), 1.0):
        scaled = scale * scores
        for top in (scaled.max(), scaled.max(axis=1)):
            for sign, side in ((-1, "above the fraction, not below"), (1, "below the fraction, not above")):
                if np.allclose(rows, np.exp(sign * top), rtol=1e-6):
                    return (
                        f"the largest score is likely subtracted in the exponents {side} (subtract it on "
                        "both sides, or call posenc.softmax(scores, axis=-1))"
                    )
    return None


def _measure_attention(fn: Callable, name: str) -> tuple[list[str], str | None] | None:
    """What the learner's attention does with inputs chosen to show it, and the listed mistake it points to.

    With v an identity matrix (padded with zero columns) the output is the weights
    themselves; another v shows whether the output is those weights @ v. Then: do the
    weights sum to 1 over the keys (rows), over the queries, or not at all; and are
    they ``softmax(s * q @ k.T)`` for one s: then s is read by least squares on the
    logarithms, and set against 1 / sqrt(d_head). None if the function fails on them.
    """
    rng = np.random.default_rng(5)
    q, k = rng.normal(scale=0.5, size=(QUERIES, D_HEAD)), rng.normal(scale=0.5, size=(KEYS, D_HEAD))
    v = rng.normal(size=(KEYS, D_V))
    given = [_output(fn, name, q, k, values)[1] for values in (np.eye(KEYS, D_V), v)]
    outputs = [out for out in given if out is not None and out.shape == (QUERIES, D_V) and np.isfinite(out).all()]
    if len(outputs) < len(given):
        return None
    weights = outputs[0][:, :KEYS]  # (QUERIES, KEYS)
    if not (np.allclose(outputs[0][:, KEYS:], 0) and np.allclose(outputs[1], weights @ v)):
        return ["the output is not weights @ v: it is not the same weighted sum of the rows of v whatever v is"], None
    scores = q @ k.T  # (QUERIES, KEYS)
    if (weights <= 0).any():
        s = np.sum(weights * scores) / np.sum(scores**2)
        if not np.allclose(weights, s * scores):
            return ["some weights are negative or 0, which no softmax gives"], None
        found = ["the weights are the scores themselves, with no softmax"]
        return found + ([] if _right_scale(s) else [_divisor(s)[0]]), "no-softmax"
    rows, cols = weights.sum(axis=1), weights.sum(axis=0)  # (QUERIES,), (KEYS,)
    found, axis, cause = [], -1, None
    if np.allclose(cols, 1) and not np.allclose(rows, 1):
        axis, cause = 0, "softmax-over-queries"
        found = ["each key's weights sum to 1 over the queries, not each query's over the keys"]
    elif np.isclose(rows.sum(), 1):
        found = ["all the weights together sum to 1, where each row of them should"]
    elif not np.allclose(rows, 1):
        same = np.ptp(rows) <= 1e-6
        sums = amount(rows.min()) + ("" if same else f" to {amount(rows.max())}")
        why = "weights scaled after the softmax?" if same else "divide each row by its own sum"
        size = next((n for n, value in SIZES.items() if same and np.isclose(rows[0] * value, 1, rtol=1e-6)), None)
        half = _half_shifted(rows, scores)
        if half is not None:
            return [f"the rows of weights sum to {sums}, not 1: {half}"], "max-half-shifted"
        if size in ("sqrt(d_head)", "d_head"):
            why = f"1 / {size}: the division by {size} came after the softmax; it belongs on the scores"
        elif size not in (None, "no scaling"):
            why = f"1 / {size}: a division by {size}, as if weights @ v were a sum to average; it is already a weighted average"
            cause = "divided-by-size"
        found = [f"the rows of weights sum to {sums}, not 1 ({why})"]
    logs = np.log(weights) - np.log(weights).mean(axis=axis, keepdims=True)  # a softmax's logs, less a constant per row
    centred = scores - scores.mean(axis=axis, keepdims=True)
    s = np.sum(logs * centred) / np.sum(centred**2)
    if not np.allclose(logs, s * centred, atol=1e-6):
        if np.allclose(weights, _column_max_softmax(scores / np.sqrt(D_HEAD)), atol=1e-9):
            return [
                "the weights are shifted column by column: the max for stability runs down axis 0"
            ], "max-over-queries"
        if np.allclose(weights, softmax(np.floor(scores / np.sqrt(D_HEAD))), atol=1e-9):
            return [
                "the weights are a softmax of the scaled scores rounded down to whole numbers: // where / belongs"
            ], "rounded-scores"
        return found + ["the weights are no softmax of q @ k.T times one number"], cause
    if not _right_scale(s):
        said, scaled = _divisor(s)
        found, cause = found + [said], cause or scaled
    return found, cause


#: The diagnoses measured from a wrong attention (the sentence names the scale read from the weights).
ATTENTION_MEASURED = {
    "power-half": "the scores divided by 2 × d_head: s / d_head ** 1/2 read as (s / d_head) / 2",
    "rounded-scores": "a softmax of the scaled scores rounded down to whole numbers: // where / belongs",
    "own-value": "each output row is its own query's row of v: the values indexed by the query, not the key",
    "divided-by-size": "an output that is 1 / (a size of the inputs) times the right one: weights @ v divided again",
    "max-half-shifted": "weights e^max times off: the max for stability subtracted on one side of the fraction only",
    "averaged-keys": "an output that averages the keys (weights @ k) where it averages the values",
    "self-scores": "scores of the queries against the queries (q @ q.T) or the keys against the keys",
    "row-scores": "a 1-D output: one score per query, each query scored against the key in its own row",
}


@register("function", ATTENTION_MISTAKES, ATTENTION_MEASURED)
def check_attention(fn: Callable) -> CheckResult:
    """Check ``fn(q, k, v)``, scaled dot-product attention returning the output (or (output, weights)).

    A wrong output gets its first differing entry, then what the function does with
    inputs chosen to show it (how the scores are scaled, which way the weights sum to
    1, whether there is a softmax at all) and the listed mistake that points to.

    Examples
    --------
    >>> import posenc
    >>> check_attention(lambda q, k, v: posenc.attention(q, k, v)[0])
    Correct: matches posenc.attention on 3 cases (square, a single query, more keys than queries).
    >>> check_attention(lambda q, k, v: posenc.softmax(q @ k.T) @ v)
    Not yet: case 'square' (q (4, 8), k (4, 8), v (4, 8)): output row 0, column 0 is -0.3815, expected -0.2223. On a probe of its own (d_head = 16): the scores are divided by 1 (no scaling), where a division by sqrt(d_head) = 4 belongs. Scale the scores: divide q @ k.T by sqrt(d_head) before the softmax.
    """
    name = name_of(fn)
    rng = np.random.default_rng(7)
    inputs = {
        "square": (rng.normal(size=(4, 8)), rng.normal(size=(4, 8)), rng.normal(size=(4, 8))),
        "a single query": (rng.normal(size=(1, 2)), rng.normal(size=(3, 2)), rng.normal(size=(3, 5))),
        "more keys than queries": (rng.normal(size=(3, 6)), rng.normal(size=(7, 6)), rng.normal(size=(7, 2))),
    }
    cases = [
        Case((q, k, v), attention(q, k, v)[0], f"case {label!r} (q {q.shape}, k {k.shape}, v {v.shape})")
        for label, (q, k, v) in inputs.items()
    ]
    miss = first_miss(fn, name, cases, params=("q", "k", "v"), returns="", read=_output)
    if miss is None:
        said = "matches posenc.attention on 3 cases (square, a single query, more keys than queries)."
        value, _ = call(fn, name, *cases[0].args)
        if isinstance(value, tuple):  # (output, weights): right, but not what the exercise asks
            said += (
                " You returned (output, weights), as posenc.attention does; this exercise asks for the output alone."
            )
        return correct(said)
    if miss.verdict is not None:
        return miss.verdict
    assert miss.got is not None  # no verdict: an array
    got, expected, where = miss.got, miss.case.expected, miss.case.where
    q, k, v = miss.case.args
    if got.ndim == 1 and got.shape == (v.shape[1],):  # one row for all the queries: 1-D weights
        return not_yet(
            f"{where}: shape is {got.shape}, expected {expected.shape} (one row per query). Yours is one row: the "
            "scores were 1-D, one number per query. Likely (q * k).sum(axis=-1), which scores each query against the "
            "key in its own row only; every query meets every key in q @ k.T, shape (queries, keys).",
            mistake="row-scores",
        )
    if got.shape != expected.shape:
        weights_back = got.shape == (q.shape[0], k.shape[0])  # the shape of the weights
        hint = " " + ATTENTION_MISTAKES["returned-weights"] if weights_back else ""
        return not_yet(
            f"{where}: shape is {got.shape}, expected {expected.shape} (one row per query).{hint}",
            mistake="returned-weights" if weights_back else None,
        )
    cell = first_mismatch(got, expected)
    assert cell is not None  # a miss of the right shape differs somewhere
    i, j = cell
    said = f"{where}: output row {i}, column {j} is {number(got[i, j])}, expected {number(expected[i, j])}."
    return not_yet(said, _explain(fn, name, miss.value, got, (q, k, v), room_after(said)))


def _explain(fn: Callable, name: str, value: object, got: np.ndarray, qkv: tuple, room: int) -> Explained:
    """What the learner's attention does wrong, measured, in at most `room` characters."""
    dtype = int_dtype(value)
    if dtype is not None:
        return Explained(f" Your output has dtype {dtype}. {ATTENTION_MISTAKES['int-dtype']}", "int-dtype")
    q, k, v = qkv
    if got.shape == k.shape and np.allclose(got, softmax(q @ k.T / np.sqrt(q.shape[-1])) @ k, atol=1e-9):
        return Explained(
            " Measured: the output is weights @ k, an average of the keys. The keys only meet the queries in the "
            "scores; what the weights average is the values: weights @ v.",
            "averaged-keys",
        )
    for pair, made in (("q @ q.T", q @ q.T), ("k @ k.T", k @ k.T)):
        right_shape = made.shape == (q.shape[0], k.shape[0])
        if right_shape and np.allclose(got, softmax(made / np.sqrt(q.shape[-1])) @ v, atol=1e-9):
            return Explained(
                f" Measured: the scores are {pair}: {'the queries' if pair[0] == 'q' else 'the keys'} are scored "
                "against themselves. Each query is scored against the keys: q @ k.T.",
                "self-scores",
            )
    if got.shape == v.shape and np.allclose(got, v, atol=1e-9):
        return Explained(
            " Measured: output row i is v's row i itself: each query keeps its own value (v indexed by the query, "
            "as einsum's 'qk,qd->qd' does, or the weights summed away). Row i is weights[i] @ v, a mix of every "
            "row of v: weights @ v.",
            "own-value",
        )
    with np.errstate(all="ignore"):
        measured = _measure_attention(fn, name)
    if measured is None:  # nothing to measure: compare with the listed mistakes' outputs
        mistake = likely_mistake(got, _attention_suspects(*qkv))
        return Explained(f" {ATTENTION_MISTAKES[mistake]}" if mistake else "", mistake)
    found, mistake = measured
    hint = f" {ATTENTION_MISTAKES[mistake]}" if mistake in ATTENTION_MISTAKES else ""  # a measured one: its sentence
    lead = f" On a probe of its own (d_head = {D_HEAD}): "
    said = sentences([Finding.note(text) for text in found], 1, room - len(hint) - len(lead) - 1)
    return Explained((f"{lead}{said}." if said else "") + hint, mistake)


EQUIVARIANCE_MISTAKES = {
    "says-attention-is-not": "your test says self-attention is not equivariant. Compare f(x[perm]) with "
    "f(x)[perm]: the outputs move with the inputs.",
    "says-positions-are": "your test says self-attention with positions added is equivariant, but adding "
    "positions makes the output depend on order. Are you comparing the values of f(x[perm]) and f(x)[perm] (not only "
    "their shapes) with np.allclose?",
    "says-running-sum-is": "your test says a running sum (np.cumsum over the rows) is equivariant, but "
    "reordering the rows changes every partial sum.",
    "says-invariant-is": "your test says a function that ignores order altogether (it sorts the rows) is "
    "equivariant, but its outputs do not move with the inputs. Compare f(x[perm]) with f(x)[perm] row by row, "
    "not a summary such as the mean.",
    "inverse-permutation": "your test says yes when perm undoes itself (a swap) and no otherwise: one side is "
    "reordered twice (f(x[perm])[perm]) or by the inverse permutation (np.argsort(perm)). Reorder each side once: "
    "compare f(x[perm]) with f(x)[perm].",
    "exact-equality": "your test compares floating-point outputs exactly (==). Reordering changes the order "
    "of additions, so equal maths can differ in the last digits: compare with np.allclose.",
    "loose-tolerance": "your test says yes to a function that is not equivariant: self-attention with a small "
    "term that grows with the row number, so f(x[perm]) and f(x)[perm] differ by 0.01 or more. Its tolerance is too "
    "loose: np.allclose's defaults (rtol=1e-05, atol=1e-08) allow for rounding, not for such differences.",
    "ignores-perm": "your test says yes to x + x[::-1] (each row plus its mirror row), which a reversal leaves in "
    "step but the perm it was given does not: reorder with perm itself, x[perm] and f(x)[perm].",
    "one-row-compared": "your test says yes to a function that changes only its last row (a copy of row 0 there), "
    "whose row 0 still moves with the inputs: compare every row of f(x[perm]) and f(x)[perm], not one (and .all(), "
    "not .any(), which says yes when one entry matches).",
    "always-false": "your test answers False for every function, even f(x) = x, which any reordering leaves in "
    "step: it can never say True. Is there a not in front, or a comparison with `is` (same object) where "
    "np.allclose (same values) belongs?",
    "inverted": "your test answers the opposite every time: False where the outputs move with the inputs and True "
    "where they do not. Is there a not too many?",
    "always-true": "your test answers True for every function, even ones that are not equivariant: its two sides "
    "are the same thing whatever f does, or it compares what every answer shares (a shape). One side reorders the "
    "inputs, f(x[perm]); the other the outputs, f(x)[perm]; compare their values with np.allclose.",
}


def _self_attention(x: np.ndarray) -> np.ndarray:
    return attention(x, x, x)[0]


def _with_positions(x: np.ndarray) -> np.ndarray:
    y = x + sinusoidal(*x.shape)
    return attention(y, y, y)[0]


def _running_sum(x: np.ndarray) -> np.ndarray:
    return np.cumsum(x, axis=0)


def _sorted_rows(x: np.ndarray) -> np.ndarray:
    """Order-invariant, not equivariant: the same output, rows sorted, whatever the input order."""
    return x[np.lexsort(x.T[::-1])]


def _nudged(x: np.ndarray) -> np.ndarray:
    """Not equivariant, by a little: self-attention plus 0.01 times each row's number, so reordered outputs differ
    by at least 0.01, far above rounding (about 1e-16) and far below a loose tolerance (atol=0.1, say)."""
    return _self_attention(x) + 0.01 * np.arange(len(x))[:, None]


def _mirror_sum(x: np.ndarray) -> np.ndarray:
    """Equivariant under a reversal of the rows, not under other orders: each row plus its mirror row."""
    return x + x[::-1]


def _last_is_first(x: np.ndarray) -> np.ndarray:
    """Not equivariant, in its last row only: that row replaced by a copy of row 0 (row 0 itself untouched)."""
    out = x.copy()
    out[-1] = x[0]
    return out


def _doubled(x: np.ndarray) -> np.ndarray:
    """Equivariant with no rounding at all: each entry doubled, exactly."""
    return 2.0 * x


def _always(fn: Callable, name: str, x: np.ndarray, perm: np.ndarray) -> str | None:
    """ "always-true" or "always-false" when the learner's test gives one answer to equivariant and non-equivariant
    functions alike, "inverted" when it gives the wrong one to each, else None. The probes: f(x) = x with no
    reordering and with `perm` (equivariant), a reversal of the rows and a running sum (not equivariant)."""
    identity = np.arange(len(x))  # no reordering at all: any test must say True for f(x) = x
    probes = ((lambda a: a, identity, True), (lambda a: a, perm, True), (lambda a: a[::-1], perm, False))
    answers = []
    for f, order, truth in (*probes, (_running_sum, perm, False)):
        value, verdict = call(fn, name, f, x.copy(), order.copy())
        if verdict is not None or not isinstance(value, (bool, np.bool_)):
            return None
        answers.append((bool(value), truth))
    if all(said == (not truth) for said, truth in answers):
        return "inverted"
    said = {s for s, _ in answers}
    return None if len(said) > 1 else ("always-true" if said == {True} else "always-false")


def _draws_its_own_order(fn: Callable, name: str) -> bool:
    """Whether the test answers differently when asked the same question twelve times: f(x) = x, two rows, a swap.

    Any right test says True each time. A test that shuffles with an order of its own (np.random.permutation)
    in place of perm matches the swap about one time in two. NumPy's global random state is seeded for the
    probe and put back after it, so the learner's own seeded randomness is left as it was.
    """
    x, swap = np.array([[1.0, 2.0], [3.0, 4.0]]), np.array([1, 0])
    state = np.random.get_state()
    np.random.seed(0)
    try:
        said = {repr(call(fn, name, lambda a: a, x.copy(), swap.copy())[0]) for _ in range(12)}
    finally:
        np.random.set_state(state)
    return len(said) > 1


#: The diagnoses measured from a wrong test (the sentence names what it did).
EQUIVARIANCE_MEASURED = {
    "changed-x": "the test wrote into the x it was given, so x was reordered before f(x)",
    "own-random-order": "the test gives different answers to the same question: it shuffles by a random order of its own",
}


@register("function", EQUIVARIANCE_MISTAKES, EQUIVARIANCE_MEASURED)
def check_equivariance_test(fn: Callable) -> CheckResult:
    """Check the learner's test ``fn(f, x, perm) -> bool`` for permutation equivariance.

    It must answer True for self-attention, which is equivariant, and False for
    functions that are not (self-attention with positions added, a running sum,
    sorting the rows, which ignores order altogether: a test that compares means
    would let it through; and self-attention nudged by 0.01 per row, which a test
    with a loose tolerance lets through; each row plus its mirror row, which a test that reverses the rows in
    place of ``perm`` lets through; and a copy of row 0 in the last row, which a test that compares row 0 alone
    lets through).
    Self-attention's reordered outputs match only up to rounding (the sums run in
    another order), so an exact comparison is a mistake too; it is told apart from
    comparing the wrong things by asking the test about ``2 * x``, which is exact.

    Examples
    --------
    >>> check_equivariance_test(lambda f, x, perm: np.allclose(f(x[perm]), f(x)[perm]))
    Correct: your test says yes to self-attention and no to six functions that are not equivariant.
    >>> check_equivariance_test(lambda f, x, perm: np.allclose(f(x[perm]), f(x)))
    Not yet: your test says self-attention is not equivariant. Compare f(x[perm]) with f(x)[perm]: the outputs move with the inputs.
    """
    name = name_of(fn)
    rng = np.random.default_rng(11)
    x = rng.normal(size=(5, 4))  # (seq_len, d_model)
    perm = np.array([3, 0, 4, 1, 2])
    given = x.copy()
    call(fn, name, _self_attention, given, perm.copy())
    if not np.array_equal(given, x):  # the test wrote into the x it was given (a view, or an assignment into x)
        moved = " (x now holds x[perm])" if np.array_equal(given, x[perm]) else ""
        return not_yet(
            f"your test changed the x it was given{moved}: a name such as shuffled = x is x itself, not a copy, so "
            "writing into it reorders x, and f(x)[perm] then reorders it twice. Leave x as it is: use x[perm], or "
            "x.copy().",
            mistake="changed-x",
        )
    # asked first, not only after a wrong answer: a test that draws its own order matches perm by chance now and
    # then (one time in 120 for five rows), and with it every answer below, which once gave it "Correct"
    if _draws_its_own_order(fn, name):
        return not_yet(
            "your test answered True and False, at random, when asked twelve times about the same f(x) = x, "
            "x and perm: it reorders by an order of its own (np.random.permutation draws a new one each "
            "call), not by the perm it is given. Use perm on both sides: f(x[perm]) and f(x)[perm].",
            mistake="own-random-order",
        )
    for f, expected, mistake in (
        (_self_attention, True, "says-attention-is-not"),
        (_with_positions, False, "says-positions-are"),
        (_running_sum, False, "says-running-sum-is"),
        (_sorted_rows, False, "says-invariant-is"),
        (_nudged, False, "loose-tolerance"),
        (_mirror_sum, False, "ignores-perm"),
        (_last_is_first, False, "one-row-compared"),
    ):
        value, verdict = call(
            fn, name, f, x.copy(), perm.copy(), params=("f", "x", "perm"), returns="True or False (a bool)"
        )
        if verdict is not None:
            return verdict
        if not isinstance(value, (bool, np.bool_)):
            return not_yet(f"{name} should return True or False; got {short(value)}.")
        if bool(value) != expected:
            always = _always(fn, name, x, perm)
            if always is not None:
                return not_yet(EQUIVARIANCE_MISTAKES[always], mistake=always)
            if mistake == "says-attention-is-not":
                on_exact, _ = call(fn, name, _doubled, x.copy(), perm.copy())
                swap = np.array([1, 0, 3, 2, 4])  # its own inverse
                on_swap, _ = call(fn, name, _self_attention, x.copy(), swap)
                if on_exact is True or on_exact is np.True_:
                    mistake = "exact-equality"
                elif on_swap is True or on_swap is np.True_:
                    mistake = "inverse-permutation"
            return not_yet(EQUIVARIANCE_MISTAKES[mistake], mistake=mistake)
    return correct("your test says yes to self-attention and no to six functions that are not equivariant.")
