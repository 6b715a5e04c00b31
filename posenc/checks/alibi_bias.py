"""Lesson 06's second checker: the learner's ALiBi bias, ``my_alibi_bias(seq_len, num_heads, causal=True)``.

A wrong bias is described by measuring it, region by region of each head's
(seq_len, seq_len) matrix: on and below the diagonal (keys at or before the query) each
head's entries are fitted as a straight line in the distance ``i - j``, whose slope is
set against the head's ALiBi slope (the wrong sign, the heads reversed, one slope for
all, the heads counted from 0) and whose value at distance 0 against 0; above the
diagonal (keys after the query) the entries are set against what ``posenc.alibi_bias``
puts there (0 when causal, ``-slope * |i - j|`` when not), and against the forms a
learner writes instead (the other causal form, a signed distance, -inf). The shape is
read first: the head axis last, or missing. Eight heads for 6 positions tell the axes
apart; 12 heads test the slopes of a head count that is not a power of two.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from posenc.alibi import alibi_bias, alibi_slopes
from posenc.attention import offsets
from posenc.checks.cases import Case, first_miss
from posenc.checks.engine import (
    CheckResult,
    Explained,
    correct,
    first_difference,
    int_dtype,
    not_yet,
    register,
    room_after,
)
from posenc.checks.phrasing import amount, name_of, number, sig

__all__ = ["check_alibi_bias"]

BIAS_MISTAKES = {
    "wrong-sign": "ALiBi lowers the score of a far key: bias = -slope * (i - j), with the minus sign.",
    "j-minus-i": "The distance is i - j, the query's position minus the key's: key j sits i - j positions "
    "before query i.",
    "causal-ignored": "With causal=True, alibi_bias puts 0 above the diagonal (keys after the query, which the "
    "causal mask hides): use np.maximum(i - j, 0), not |i - j|.",
    "not-clipped": "With causal=True, clip the distance at 0 (np.maximum(i - j, 0)) as alibi_bias does: above "
    "the diagonal i - j is negative, so -slope * (i - j) would be a bonus there.",
    "masked-with-inf": "alibi_bias leaves 0 above the diagonal: the causal mask hides those keys "
    "(attention(q, k, v, mask=causal_mask(seq_len), bias=bias)), so the bias holds no -inf.",
    "causal-always": "With causal=False every key is penalised by its distance, before or after the query: "
    "-slope * |i - j|, nothing masked.",
    "signed-distance": "With causal=False the distance is |i - j| (np.abs): a key 2 after the query is as far "
    "as one 2 before it.",
    "heads-reversed": "Head h gets slopes[h]: the first head has the largest slope, 2 ** (-8 / num_heads).",
    "one-slope": "Each head has its own slope: slopes[:, None, None] * distance gives one matrix per head.",
    "slopes-from-zero": "heads count from 1: the first head's slope is 2 ** (-8 / num_heads), not 2 ** 0 = 1; "
    "posenc.alibi_slopes(num_heads) gives them all.",
    "paper-formula": "For a head count that is not a power of two, take posenc.alibi_slopes(num_heads) (the "
    "authors' code), not 2 ** (-8 * h / num_heads).",
    "distance-from-one": "A token is 0 positions from itself: the distance is i - j (0 on the diagonal), "
    "not i - j + 1.",
    "heads-last": "Put the head axis first: (num_heads, seq_len, seq_len), as slopes[:, None, None] * distance gives.",
    "no-head-axis": "Return one (seq_len, seq_len) matrix per head: shape (num_heads, seq_len, seq_len).",
    "int-dtype": "An int array (np.zeros(..., dtype=int), say) truncates the bias to whole numbers: use floats.",
}

#: (seq_len, num_heads, causal) of each case; None: causal left to its default, which is True.
CASES: tuple[tuple[int, int, bool | None], ...] = (
    (6, 8, True),
    (6, 8, False),
    (5, 12, True),
    (5, 12, False),
    (1, 1, True),
    (3, 1, False),
    (4, 2, None),
)

TOL = 1e-6
RETURNS = "the (num_heads, seq_len, seq_len) bias"


def _where(seq_len: int, num_heads: int, causal: bool | None) -> str:
    said = "no causal given (its default is True)" if causal is None else f"causal={causal}"
    return f"for seq_len={seq_len}, num_heads={num_heads}, {said}"


def _slope(x: float) -> str:
    """A slope as the lesson writes it: '2^-3' when it is a power of two, else its value."""
    if x > 0 and abs(np.log2(x) - round(np.log2(x))) < 1e-9:
        return f"2^{round(np.log2(x))}"
    return sig(x, 5)


def _fit(values: np.ndarray, distance: np.ndarray) -> tuple[float, float, float]:
    """``values ≈ -a * distance + c`` by least squares: (a, c, the largest misfit)."""
    design = np.column_stack([-distance, np.ones(distance.size)])  # (points, 2)
    (a, c), *_ = np.linalg.lstsq(design, values, rcond=None)
    return float(a), float(c), float(np.max(np.abs(design @ [a, c] - values)))


def _slopes(a: np.ndarray, slopes: np.ndarray, seq_len: int = 0) -> tuple[str, str | None]:
    """The heads' measured slopes `a` against the right ones: what differs, and the listed mistake it is.

    A mistake's id starts with "?" when the measurement only suggests it: the hint is then hedged.
    """
    h_count = len(slopes)
    heads = np.arange(h_count)
    if np.allclose(a, -slopes, atol=TOL):
        said = (
            f"each head's bias rises with the distance (head 0 by {sig(slopes[0])} per position) where it should fall"
        )
        return said, "wrong-sign"
    if (a < -TOL).any():
        return f"head {int(np.argmax(a < -TOL))}'s bias rises with the distance, where it should fall", "?wrong-sign"
    known = [
        ("heads-reversed", slopes[::-1], f"the heads' slopes are in reverse order: head 0 has {_slope(a[0])}"),
        ("?slopes-from-zero", 2.0 ** (-8.0 * heads / h_count), "head 0 has slope 1 (2^0), as if heads counted from 0"),
        (
            "paper-formula",
            2.0 ** (-8.0 * (heads + 1) / h_count),
            f"the slopes are 2^(-8h/{h_count}), h = 1 to {h_count}",
        ),
    ]
    for mistake, wrong, said in known:
        if h_count > 1 and np.allclose(a, wrong, atol=TOL, rtol=0.0):
            return said, mistake
    if h_count > 1 and np.ptp(a) < TOL:
        return (
            f"every head has slope {_slope(a[0])}; they should fall from {_slope(slopes[0])} to {_slope(slopes[-1])}",
            "one-slope",
        )
    ratio = a / slopes
    by = next(
        (
            f"1 / {name}"
            for n, name in ((seq_len, "seq_len"), (seq_len - 1, "(seq_len - 1)"))
            if n > 1 and np.ptp(ratio) < 1e-6 and np.isclose(ratio[0] * n, 1.0, rtol=1e-6)
        ),
        None,
    )
    if by is not None:
        return (
            f"every slope is {by} times the right one (head 0: {_slope(a[0])}, not {_slope(slopes[0])}): the distance "
            "was divided by the length, so one offset's penalty shrinks as inputs grow; ALiBi uses i - j itself",
            "=distance-scaled",
        )
    if np.ptp(ratio) < 1e-6 and ratio[0] > 0:
        return (
            f"every slope is {amount(ratio[0])} times the right one (head 0: {_slope(a[0])}, not {_slope(slopes[0])})",
            None,
        )
    h = int(np.flatnonzero(np.abs(a - slopes) > TOL)[0])
    return (
        f"head {h}'s bias falls by {sig(a[h])} per position of distance, where its slope is {_slope(slopes[h])}",
        None,
    )


def _below(got: np.ndarray, slopes: np.ndarray, distance: np.ndarray) -> tuple[str, str | None]:
    """What the entries on and below the diagonal (keys at or before the query) do, head by head."""
    seen = distance >= 0  # (seq_len, seq_len)
    fits = [_fit(head[seen], distance[seen]) for head in got]  # (a, c, misfit) per head
    bent = [
        h
        for h, (head, (_, _, misfit)) in enumerate(zip(got, fits, strict=True))
        if misfit > TOL * max(1.0, np.abs(head).max())
    ]
    flat = [np.allclose(head[seen], -slopes[h] * (distance[seen] > 0), atol=TOL) for h, head in enumerate(got)]
    if bent and all(flat):
        return (
            f"every key before the query gets the same penalty, -m_h ({number(got[0, 1, 0])} in head 0), however "
            "far back it is: the distance is 0 or 1 (i != j, say) where it is i - j itself",
            "=flat-penalty",
        )
    if bent:
        h, far = bent[0], min(4, len(distance))
        shown = ", ".join(sig(got[h, d, 0] + 0.0) for d in range(far))
        right = ", ".join(sig(-slopes[h] * d + 0.0) for d in range(far))
        return f"head {h}'s bias is {shown} at distances 0–{far - 1}, not a straight line like {right}", None
    a = np.array([f[0] for f in fits])  # (num_heads,)
    c = np.array([f[1] for f in fits])
    if (np.abs(c) > TOL * np.maximum(1.0, np.abs(got).max(axis=(1, 2)))).any():
        if np.allclose(c, -slopes, atol=TOL) and np.allclose(a, 1.0, atol=TOL) and not np.allclose(a, slopes):
            return (
                f"the diagonal holds -m_h in head h ({number(c[0])} in head 0) and every head falls by 1 per step: "
                "the slope was added to the distance, -(m_h + distance), where -m_h · distance belongs",
                "=added-slope",
            )
        if np.allclose(c, -a, atol=TOL):
            return f"the diagonal (each token with itself) holds {number(c[0])} in head 0, not 0", "distance-from-one"
        return f"the diagonal (each token with itself) holds {number(c[0])} in head 0, not 0", None
    return _slopes(a, slopes, len(distance))


def _above(got: np.ndarray, slopes: np.ndarray, distance: np.ndarray, causal: bool) -> tuple[str, str | None]:
    """What the entries above the diagonal (keys after the query) hold, against what alibi_bias puts there."""
    after = distance < 0  # (seq_len, seq_len)
    held = got[:, after]  # (num_heads, entries)
    per_head = slopes[:, None]
    forms = {
        "0": np.zeros_like(held),
        "|i - j|": -per_head * np.abs(distance[after]),
        "i - j": -per_head * distance[after],
    }
    form = next((f for f, values in forms.items() if np.allclose(held, values, atol=TOL)), None)
    infinite = bool((held <= -1e4).all())
    if causal:
        if infinite:
            return (
                f"above the diagonal (keys after the query) yours holds {number(held.max())}, where alibi_bias has 0",
                "masked-with-inf",
            )
        if form == "|i - j|":
            return (
                "above the diagonal yours holds -slope·|i − j|, the causal=False form, where alibi_bias has 0",
                "causal-ignored",
            )
        if form == "i - j":
            return (
                "above the diagonal yours holds -slope·(i − j), which is positive there, where alibi_bias has 0",
                "not-clipped",
            )
        h, e = np.unravel_index(int(np.argmax(np.abs(held))), held.shape)
        return f"above the diagonal yours holds {number(held[h, e])} in head {h}, where alibi_bias has 0", None
    if infinite or form == "0":
        return (
            f"above the diagonal (keys after the query) yours holds {number(held[0, 0])}, the causal form, where -slope·|i − j| belongs",
            "causal-always",
        )
    if form == "i - j":
        return (
            "above the diagonal yours holds -slope·(i − j), which is positive there, where -slope·|i − j| belongs",
            "signed-distance",
        )
    return "above the diagonal (keys after the query) the entries differ from -slope·|i − j|", None


def _shape(got: np.ndarray, expected: np.ndarray, where: str) -> CheckResult:
    """The verdict on a bias of the wrong shape: the head axis last, missing, or something else."""
    num_heads, seq_len, _ = expected.shape
    said = f"{where}, the shape is {got.shape}, expected {expected.shape}"
    if got.shape == (seq_len, seq_len, num_heads):
        last = np.allclose(np.moveaxis(got, -1, 0), expected, atol=TOL)
        likely = "" if last else "Likely: "
        return not_yet(
            f"{said}: the head axis is last.", Explained(f" {likely}{BIAS_MISTAKES['heads-last']}", "heads-last")
        )
    if got.shape == (seq_len, seq_len):
        one = next((h for h in range(num_heads) if np.allclose(got, expected[h], atol=TOL)), None)
        which = f": it is head {one}'s matrix alone" if one is not None else ": there is no head axis"
        return not_yet(f"{said}{which}.", Explained(f" {BIAS_MISTAKES['no-head-axis']}", "no-head-axis"))
    if got.ndim == 3 and got.shape[0] == num_heads and sorted(got.shape[1:]) == [1, seq_len] and seq_len > 1:
        return not_yet(
            f"{said}: one (seq_len, seq_len) matrix per head.",
            Explained(
                " Measured: an axis of length 1 where seq_len belongs. i - j needs i a column and j a row (a .T "
                "too many?), or a reduction collapsed it (np.max(a, 0) where np.maximum(a, 0) belongs)?",
                "collapsed-axis",
            ),
        )
    if got.size == expected.size:
        flat = np.allclose(got.reshape(expected.shape), expected, atol=TOL)
        held = "the right numbers" if flat else "as many numbers as the bias has"
        return not_yet(
            f"{said}: one (seq_len, seq_len) matrix per head.",
            Explained(
                f" Measured: yours holds {held}, in another shape. np.outer and np.ravel flatten; "
                "broadcast instead: slopes[:, None, None] * distance[None, :, :] is (num_heads, seq_len, seq_len).",
                "flattened" if flat else None,
            ),
        )
    return not_yet(f"{said}: one (seq_len, seq_len) matrix per head.")


def _explain(got: np.ndarray, value: object, num_heads: int, causal: bool, room: int) -> Explained:
    """What the learner's bias does wrong, measured region by region, in at most `room` characters."""
    dtype = int_dtype(value)
    if dtype is not None:
        return Explained(f" Your bias has dtype {dtype}. {BIAS_MISTAKES['int-dtype']}", "int-dtype")
    slopes = alibi_slopes(num_heads)  # (num_heads,)
    seq_len = got.shape[1]
    distance = offsets(seq_len)  # (seq_len, seq_len): i - j
    expected = alibi_bias(seq_len, num_heads, causal=causal)
    seen = distance >= 0  # keys at or before the query
    odd = np.isnan(got) | (np.isinf(got) & seen)
    if odd.any():
        h, i, j = np.argwhere(odd)[0]
        return Explained(f" Measured: bias[{h}, {i}, {j}] is {got[h, i, j]}, where a number belongs.")
    mistake: str | None
    if causal and np.allclose(got, expected.transpose(0, 2, 1), atol=TOL):
        said, mistake = "yours is 0 for the keys before the query and penalises the keys after it", "j-minus-i"
    elif causal and np.allclose(got, -expected.transpose(0, 2, 1), atol=TOL):
        said, mistake = (
            "yours is 0 for the keys before the query (below the diagonal) and gives the keys after it a bonus, "
            "slope·(j − i): the distance was kept on the wrong side of the diagonal (np.triu keeps the upper one; "
            "the keys before the query are below it: np.maximum(i - j, 0))",
            "=wrong-side",
        )
    elif np.allclose(got, np.exp(expected), atol=TOL):
        said, mistake = (
            "yours is exp(−slope·distance), 1 on the diagonal: ALiBi adds −slope·distance to the scores as it is, "
            "and the softmax does the exponentiating",
            "=exp-of-bias",
        )
    elif np.allclose(got, expected * (expected / -slopes[:, None, None]), atol=TOL):
        said, mistake = (
            "yours is −slope·distance², growing with the square of the distance: ALiBi's penalty is linear, "
            "−slope·distance (no ** 2)",
            "=squared",
        )
    elif np.allclose(got, expected / slopes[:, None, None] ** 2, atol=TOL):
        said, mistake = (
            "yours is −distance / slope: each head falls by 1/m_h per step where m_h belongs; multiply by the "
            "slope, −slopes[:, None, None] * distance",
            "=divided-by-slope",
        )
    elif np.allclose(got, slopes[:, None, None] * distance, atol=TOL):
        said, mistake = "yours is -slope·(j − i), a bonus for the keys before the query", "j-minus-i"
    elif not np.allclose(got[:, seen], expected[:, seen], atol=TOL):
        said, mistake = _below(got, slopes, distance)
    else:
        said, mistake = _above(got, slopes, distance, causal)
    hint = ""  # a listed mistake's hint; "?" hedges it, and "=" marks a measured diagnosis, whose sentence is all
    if mistake and not mistake.startswith("="):
        hint = f" {'Likely: ' if mistake.startswith('?') else ''}{BIAS_MISTAKES[mistake.lstrip('?')]}"
    measured = f" Measured: {said}."
    kept = len(measured) + len(hint) <= room
    named = mistake.lstrip("?=") if mistake and (kept or not mistake.startswith("=")) else None
    return Explained((measured if kept else "") + hint, named)


#: The diagnoses measured from a wrong bias (the sentence names the numbers).
BIAS_MEASURED = {
    "wrong-side": "0 for the keys before the query and a bonus slope·(j − i) for the keys after it: the distance "
    "kept on the wrong side of the diagonal (np.triu in place of np.maximum(i - j, 0))",
    "added-slope": "the diagonal holds -m_h and every head falls by 1 per step: -(m_h + distance) in place of "
    "-m_h · distance",
    "flattened": "the right numbers in another shape (np.outer flattens): broadcast with slopes[:, None, None]",
    "exp-of-bias": "exp(−slope·distance) where −slope·distance belongs: the softmax does the exponentiating",
    "squared": "−slope·distance², where the penalty is linear in the distance",
    "divided-by-slope": "−distance / slope, where the slope multiplies",
    "flat-penalty": "one penalty -m_h for every earlier key: a distance of 0 or 1 (i != j) where it is i - j",
    "distance-scaled": "the distance divided by the input's length, so every slope is 1 / seq_len times the right one",
    "collapsed-axis": "an axis of length 1 where seq_len belongs: i or j the wrong way round, or a reduction "
    "(np.max(a, 0)) where np.maximum compares",
}


@register("function", BIAS_MISTAKES, BIAS_MEASURED)
def check_alibi_bias(fn: Callable[..., np.ndarray]) -> CheckResult:
    """Check ``fn(seq_len, num_heads, causal=...)`` against :func:`posenc.alibi_bias`, causal and not.

    A wrong bias gets its first differing entry, then what was measured: the shape (the
    head axis), each head's slope and sign below the diagonal, the diagonal, and what
    sits above it (0 when causal, ``-slope * |i - j|`` when not), and the listed
    mistake that explains it.

    Examples
    --------
    >>> from posenc import alibi_bias
    >>> check_alibi_bias(alibi_bias)
    Correct: matches posenc.alibi_bias for 6, 5, 1, 3 and 4 positions with 8, 12, 1 and 2 heads, causal and not.
    >>> check_alibi_bias(lambda n, h, causal=True: -alibi_bias(n, h, causal=causal))
    Not yet: for seq_len=6, num_heads=8, causal=True, bias[0, 1, 0] is 0.5000, expected -0.5000. Measured: each head's bias rises with the distance (head 0 by 0.5 per position) where it should fall. ALiBi lowers the score of a far key: bias = -slope * (i - j), with the minus sign.
    """
    name = name_of(fn)
    cases = [
        Case(
            (n, h),
            alibi_bias(n, h, causal=causal is not False),  # (num_heads, seq_len, seq_len)
            _where(n, h, causal),
            {} if causal is None else {"causal": causal},
        )
        for n, h, causal in CASES
    ]
    miss = first_miss(fn, name, cases, params=("seq_len", "num_heads", "causal"), returns=RETURNS)
    if miss is None:
        return correct(
            "matches posenc.alibi_bias for 6, 5, 1, 3 and 4 positions with 8, 12, 1 and 2 heads, causal and not."
        )
    if miss.verdict is not None:
        return miss.verdict
    assert miss.got is not None  # no verdict: an array
    got, expected, where = miss.got, miss.case.expected, miss.case.where
    seq_len, num_heads = miss.case.args
    causal = miss.case.keywords.get("causal")
    if got.shape != expected.shape:
        return _shape(got, expected, where)
    said = first_difference(got, expected, where, "bias")
    assert said is not None  # a miss of the right shape differs somewhere
    if causal is None and np.allclose(got, alibi_bias(seq_len, num_heads, causal=False), atol=TOL):
        return not_yet(said, " Called without causal, yours gives the causal=False form: make causal=True the default.")
    with np.errstate(all="ignore"):  # huge numbers may overflow the measuring: no warning
        return not_yet(said, _explain(got, miss.value, num_heads, causal is not False, room_after(said)))
