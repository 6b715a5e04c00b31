"""The capstone checker's reading of a wrong bias by offset (T5's): what the bias a layer hands
``posenc.attention`` does, set against the right one.

:func:`read_bias` compares the handed bias with the scheme's, entry by entry, and says the first
of these that holds: one number everywhere; the same row for every query (a bias on the key's
position, not on ``i - j``); the right bias times one factor, or times the distance ``|i - j|`` or the
offset; the right numbers cut to whole ones (an integer array);
the bucket numbers themselves, or the numbers indexed by the raw offset, by the buckets shifted by
one or two, or by the buckets of other ``t5_bucket`` settings; a softmax of the right bias; the
right bias with the keys after the query, or those and the query's own, or whole rows or columns, set to 0. Each is a measurement of the answer, not a match with one learner's code, and comes with
the line it points to. numpy only.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from posenc.attention import offsets
from posenc.capstone import D_MODEL
from posenc.checks.phrasing import sig
from posenc.t5 import t5_bucket

__all__ = ["BIAS_MEASURED", "numbers", "read_bias"]

#: The diagnoses read from a wrong bias by offset, by id (check_scheme_layer registers them).
BIAS_MEASURED = {
    "bias-not-handed": "no bias reaches posenc.attention for the scheme: its test never matches, its numbers go to "
    "another name, or a later line resets the bias",
    "bias-by-key": "a bias that is the same in every row: it depends on the key's position, not on i - j",
    "bias-scaled": "the right bias times one factor (divided by sqrt(d), say)",
    "bias-times-distance": "each bucket's number multiplied by the distance |i - j| or the offset i - j, as if it "
    "were a slope",
    "bias-whole-numbers": "the right numbers cut to whole ones: the bias's array has an integer dtype",
    "bias-bucket-numbers": "the bucket numbers themselves added to the scores, not each bucket's learned number",
    "bias-raw-offsets": "the numbers indexed by the raw offset i - j (negative offsets wrap round) where the "
    "bucket of the offset belongs",
    "bias-other-buckets": "the buckets of another num_buckets than the 32 numbers the capstone has",
    "bias-buckets-shifted": "the right numbers read a few buckets off (bucket_values[buckets - 1], say)",
    "bias-softmaxed": "a softmax of the right bias handed as the bias: the numbers are added raw",
    "bias-cut-short": "whole rows or columns of the bias left at 0: what fills it stops short",
    "bias-cut-after": "the keys after the query given no bias (0), where without the mask they have buckets of "
    "their own",
    "bias-cut-from-diagonal": "the query's own key and the keys after it given no bias (0)",
}

_ATOL = 1e-6


def _same(a: np.ndarray, b: np.ndarray) -> bool:
    return a.shape == b.shape and np.allclose(a, b, atol=_ATOL)


def numbers(values: np.ndarray, most: int | None = None) -> str:
    """A row of numbers for a message, each to 3 significant figures (no -0), the first `most` of them if given.

    >>> numbers(np.array([0.0, -0.07521, 1.0, 2.5, 3.0]), most=4)
    '[0, -0.0752, 1, 2.5, ...]'
    """
    shown = values if most is None else values[:most]
    more = ", ..." if len(shown) < len(values) else ""
    return "[" + ", ".join(sig(round(float(v), 4) + 0.0) for v in shown) + more + "]"


def _other_buckets(values: np.ndarray, d: np.ndarray, given: np.ndarray) -> int | None:
    """The num_buckets (other than all of `values`) whose encoder buckets index `values` into `given`, if any."""
    for num_buckets in range(4, len(values), 2):
        try:
            picked = values[t5_bucket(d, bidirectional=True, num_buckets=num_buckets)]
        except ValueError:  # too few buckets for the exact ones
            continue
        if _same(picked, given):
            return num_buckets
    return None


def read_bias(handed: np.ndarray, right: np.ndarray, params: Mapping[str, object]) -> tuple[str, str] | None:
    """What a wrong bias handed to attention does, unmasked: (clause, diagnosis id), or None if none of the
    measurements fits. `right` is the scheme's bias for the same (n, n) offsets; `params` its parameters.

    Examples
    --------
    >>> values = np.arange(32.0) / 10
    >>> right = values[t5_bucket(offsets(3), bidirectional=True)]
    >>> read_bias(right / np.sqrt(8), right, {"bucket_values": values})[1]
    'bias-scaled'
    >>> read_bias(np.tril(right), right, {"bucket_values": values})[1]
    'bias-cut-after'
    """
    n = right.shape[-1]
    given = np.broadcast_to(handed, right.shape) if handed.ndim < 2 else handed
    if given.shape != right.shape:
        return None
    d = offsets(n).astype(np.int64)  # (n, n): i - j
    if np.ptp(given) < _ATOL:
        return (
            f"the bias it hands posenc.attention is {sig(float(given.flat[0]) + 0.0)} in every entry, which the softmax "
            "ignores: the offsets i - j need a column minus a row, i[:, None] - i[None, :] (on a 1-D i, i - i is 0)",
            "flat-bias",
        )
    if n > 1 and np.allclose(given - given[0], 0, atol=_ATOL):
        return (
            f"the bias it hands posenc.attention is {numbers(given[0], most=4)} in every row: it depends on the key's position "
            "alone, where the bias depends on i - j; give the (n, n) offsets i[:, None] - i[None, :]",
            "bias-by-key",
        )
    scale = float(np.sum(given * right) / max(float(np.sum(right**2)), 1e-300))
    if _same(given, scale * right) and abs(scale - 1) > 1e-6:
        said = f"{sig(scale)} times the right one"
        if min(abs(abs(scale) - root) for root in (np.sqrt(D_MODEL), 1 / np.sqrt(D_MODEL))) < 1e-3:
            said += f" (sqrt({D_MODEL}) is the scale of q·k: posenc.attention applies it, never to the bias)"
        return f"the bias it hands posenc.attention is {said}: add the numbers as they are", "bias-scaled"
    for times, said in ((np.abs(d), "the distance |i - j|"), (d, "the offset i - j")):
        if _same(given, right * times):
            return (
                f"the bias it hands posenc.attention is the right one times {said}: each bucket's number is the "
                "bias itself, not a slope",
                "bias-times-distance",
            )
    if any(_same(given, cut(right)) for cut in (np.trunc, np.round, np.floor)):
        return (
            f"the bias it hands posenc.attention is the right numbers cut to whole ones (row 1: {numbers(given[1], most=4)}, "
            f"where {numbers(right[1], most=4)}): its array holds integers (np.zeros_like of the int buckets, say); "
            "make it a float array, or assign the numbers directly",
            "bias-whole-numbers",
        )
    values = np.asarray(params.get("bucket_values", np.empty(0)), dtype=float)
    if values.ndim == 1 and len(values) > 2 * n:
        buckets = t5_bucket(d, bidirectional=True, num_buckets=len(values)).astype(float)
        if _same(given, buckets):
            return (
                f"the bias it hands posenc.attention is the bucket numbers themselves (row 0: {numbers(buckets[0], most=4)}): "
                "index the learned numbers with them, bucket_values[buckets]",
                "bias-bucket-numbers",
            )
        if _same(given, values[d]):
            return (
                "the bias it hands posenc.attention is bucket_values[i - j]: a key after the query reads the array from "
                "its end (index -1, -2, ...); index by the bucket, posenc.t5_bucket(i - j, ...), not the raw offset",
                "bias-raw-offsets",
            )
        for shift in (-2, -1, 1, 2):
            index = buckets.astype(np.int64) + shift
            if index.max() < len(values) and _same(given, values[index]):
                return (
                    f"the bias it hands posenc.attention is bucket_values[buckets {'+-'[shift < 0]} {abs(shift)}]: each "
                    "offset reads its bucket's neighbour (bucket 0 is the first number): index with the buckets as "
                    "they are",
                    "bias-buckets-shifted",
                )
        other = _other_buckets(values, d, given)
        if other is not None:
            return (
                f"the bias it hands posenc.attention uses the buckets of num_buckets={other}: the capstone has "
                f"{len(values)} numbers, the default num_buckets (t5_bucket splits them between the two directions)",
                "bias-other-buckets",
            )
    for axis in (-1, 0):
        soft = np.exp(right - right.max(axis=axis, keepdims=True))
        if _same(given, soft / soft.sum(axis=axis, keepdims=True)):
            return (
                "the bias it hands posenc.attention is a softmax of the right one: add the numbers raw; attention "
                "takes the one softmax, of the scores with the bias added",
                "bias-softmaxed",
            )
    above, on = np.triu(np.ones((n, n), dtype=bool), 1), np.eye(n, dtype=bool)
    if _same(given, np.where(above, 0.0, right)):
        return (
            "the bias it hands posenc.attention is 0 for every key after the query (above the diagonal): without the "
            "mask those keys have buckets of their own; the mask, when causal, hides them, not the bias",
            "bias-cut-after",
        )
    if _same(given, np.where(above | on, 0.0, right)):
        return (
            "the bias it hands posenc.attention is 0 for the query's own key and every key after it: whatever fills "
            "the bias stops before the diagonal (a loop over range(i), say); every key j in range(n) gets its number",
            "bias-cut-from-diagonal",
        )
    rows = [r for r in range(n) if np.allclose(given[r], 0, atol=_ATOL) and not np.allclose(right[r], 0, atol=_ATOL)]
    cols = [c for c in range(n) if np.allclose(given[:, c], 0, atol=_ATOL) and not np.allclose(right[:, c], 0)]
    if rows or cols:
        cut = np.zeros((n, n), dtype=bool)
        cut[rows, :], cut[:, cols] = True, True
        if _same(given, np.where(cut, 0.0, right)):
            where = " and ".join(
                f"{name} {', '.join(map(str, found))}" for name, found in (("row", rows), ("column", cols)) if found
            )
            return (
                f"the bias it hands posenc.attention is 0 in {where} and right elsewhere: whatever fills it stops "
                "short (a loop over range(n - 1), say); every query and key in range(n) gets its number",
                "bias-cut-short",
            )
    return None
