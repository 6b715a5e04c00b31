"""Lesson 07's checker: the learner's T5 buckets, ``my_t5_bucket(offsets, bidirectional, num_buckets, max_distance)``.

A wrong answer is measured region by region of the offsets ``i - j`` (300 to -300): for keys at or before
the query, the exact region (distances below ``exact = n // 2``), the logarithmic one (its first bucket, its
steps, its growth against T5's) and the clamped one (from T5's last bucket on; the largest bucket is read
again at distances up to 10^6); then the keys after the query (bucket 0 causal, the upper half bidirectional).
Shape, type and whole values come first. A listed mistake is named for certain only where the answer is that
slip's buckets exactly, else hedged ("Likely: "). On the cases (T5's 32 buckets up to 128, both ways; 8 up to
16 causal; 16 up to 64 and 14 up to 50, an odd n, bidirectional) float64 logs give the reference's float32
buckets (``tests/test_diagnosis.py``).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from posenc.checks.cases import Case, first_miss
from posenc.checks.engine import CheckResult, Explained, call, correct, not_yet, register, room_after
from posenc.checks.phrasing import name_of
from posenc.checks.t5_regions import PARAMS, bucket_text, keywords, lower, sizes, upper
from posenc.t5 import t5_bucket

__all__ = ["check_t5_bucket"]

T5_MISTAKES = {
    "sign-reversed": "Offsets are i - j, positive for a key before the query: use them as given in the first and "
    "distance lines (T5's code takes key - query, the other sign).",
    "after-keys-not-moved": "When bidirectional, keys after the query take the upper half: first = np.where(offsets "
    "< 0, n, 0).",
    "moved-by-num-buckets": "The upper half starts at n, not num_buckets: first = np.where(offsets < 0, n, 0).",
    "n-not-halved": "When bidirectional, each direction has half the buckets: n = num_buckets // 2.",
    "causal-not-clipped": "When causal, a key after the query counts as distance 0: distance = np.maximum(offsets, "
    "0), not np.abs(offsets) or offsets.",
    "exact-is-n": "Only half of a direction's buckets are exact: exact = n // 2, not n.",
    "log-from-zero": "The log buckets start where the exact ones stop: far = exact + (...).astype(int), exact + first.",
    "log-of-distance": "Take the log of distance / exact, 0 at the first log distance: np.log(np.maximum(distance, "
    "exact) / exact).",
    "log-of-max-distance": "Divide by np.log(max_distance / exact), the log range's own log, not np.log(max_distance).",
    "times-n": "The log part spreads over the n - exact buckets left: multiply by (n - exact), not n.",
    "no-clamp": "From the last bucket's start on, every distance shares bucket n - 1: far = np.minimum(..., n - 1).",
    "clamped-at-n": "Buckets count from 0, so the last of n is n - 1: np.minimum(..., n - 1), not n.",
    "clamped-at-num-buckets": "Clamp within one direction's n buckets: np.minimum(..., n - 1), not num_buckets - 1.",
    "rounded": "T5 cuts the log part down (.astype(int) truncates): not np.round, which rounds half of it up.",
    "rounded-up": "T5 cuts the log part down (.astype(int) truncates): not np.ceil, which takes the next bucket up.",
    "float-buckets": "A bucket indexes a table, so it is an integer: exact + (...).astype(int) in the far line, and "
    "exact = n // 2 (n / 2 is a float).",
    "int-division": "Divide with /, not //, in the log: np.log(np.maximum(distance, exact) / exact); // cuts the "
    "ratio to a whole number first.",
    "two-d": "Return one bucket per offset, in the shape of offsets: first + np.where(...) adds no axis.",
    "wrong-length": "Return a bucket for every offset, in its place: np.where(distance < exact, distance, far).",
}

#: The diagnoses measured from a wrong answer (the sentence names the offsets and buckets).
T5_MEASURED = {
    "regions-joined": "T5's buckets, not each in its offset's place: regions joined where np.where keeps the order",
    "after-keys-dropped": "the buckets of the offsets >= 0 alone: the keys after the query left out",
    "changed-offsets": "the offsets given came back changed: written into in place (offsets[offsets < 0] = 0)",
    "mixed-logs": "buckets growing 1/ln 2 or ln 2 times as fast as T5's: np.log2 in one place, np.log in the other",
    "after-one-bucket": "every key after the query in bucket n: its distance 0, where bidirectional takes |i - j|",
    "shuffled-order": "right for offsets in falling order, wrong for the same offsets shuffled: each bucket not kept in "
    "its offset's place",
    "where-threshold": "offsets past exact keep their own distance, then T5's log buckets: np.where's threshold is "
    "not exact",
    "branches-swapped": "the near distances get the log branch and the far ones their distance: np.where's branches "
    "swapped",
    "ratio-inverted": "log buckets that fall as the distance grows: the log ratio upside down",
    "cap-as-floor": "every log bucket at least n - 1: np.maximum where np.minimum caps",
    "max-over-n": "log buckets that grow as if the log range ended at max_distance / 2: log(max_distance / n) in "
    "the denominator",
    "log-part-flat": "every log distance in bucket exact: the log part never reaches 1 (divided where the scale "
    "multiplies)",
    "cut-before-scaling": "log buckets that jump by n - exact at a time: the log cut to a whole number before it is "
    "scaled",
    "zero-moved-up": "offset 0 in the upper half: offsets <= 0 moved up, where only offsets < 0 are after the query",
    "first-in-one-branch": "near keys after the query in the lower half, far ones in the upper: first added to one "
    "branch of np.where",
    "after-far-wrong": "keys after the query right up to exact but not in the log part: the far line given the signed "
    "offsets, not the distance",
    "far-never-used": "every bucket the distance itself: the far buckets computed but never put in the answer",
    "precedence": "log buckets from 0, growing n / (n - exact) times too fast: * n - exact without brackets",
    "condition-on-offsets": "keys after the query at their own distance past exact: np.where tests the offsets, not "
    "the distance",
}

#: (bidirectional, num_buckets, max_distance) of each case, in the order they are tried.
CASES = ((False, 32, 128), (True, 32, 128), (False, 8, 16), (True, 16, 64), (True, 14, 50))
#: The offsets i - j of every case: a query at position 300 and keys 0 to 600, so both signs, well past every
#: max_distance, in falling order (an answer that joins regions instead of keeping each offset's place shows).
REACH = 300
OFFSETS = REACH - np.arange(2 * REACH + 1)
#: Far distances of the checker's own, where the largest bucket is read.
FAR = np.array([10**3, 10**4, 10**5, 10**6])
RETURNS = "the buckets, one per offset: first + np.where(distance < exact, distance, far)"


def _nearest(mask: np.ndarray) -> int:
    """The index of the offset in `mask` nearest the query (of two as near, the key before it)."""
    where = np.flatnonzero(mask)
    return int(where[np.lexsort((OFFSETS[where] < 0, np.abs(OFFSETS[where])))[0]])


def _where(case: tuple[bool, int, int]) -> str:
    return "for bidirectional={}, num_buckets={}, max_distance={}".format(*case)


def _far(fn: object, name: str, case: tuple[bool, int, int]) -> np.ndarray | None:
    """The learner's buckets at the far distances :data:`FAR` (keys before the query), or None if unreadable."""
    value, verdict = call(fn, name, FAR.copy(), params=PARAMS, keywords=keywords(case))
    numbers = verdict is None and isinstance(value, np.ndarray) and value.dtype.kind in "biuf"
    far = np.asarray(value, dtype=float) if numbers else np.zeros(0)
    return far if far.shape == FAR.shape and np.isfinite(far).all() else None


def _explain(fn: object, name: str, got: np.ndarray, case: tuple[bool, int, int], room: int) -> Explained:
    """What the learner's buckets do wrong, measured region by region, in at most `room` characters."""
    bidirectional, num_buckets, _ = case
    n, _ = sizes(bidirectional, num_buckets)
    ref = t5_bucket(OFFSETS, **keywords(case))
    g, u = got[REACH::-1], got[REACH + 1 :]  # by distance: 0, 1, ... before the query; 1, 2, ... after it
    mistake: str | None
    if not np.isfinite(got).all():
        i = _nearest(~np.isfinite(got))
        said, mistake = f"offset {OFFSETS[i]} gets {got[i]}, where a bucket belongs (a log of 0 on the way?)", None
    elif (got != np.round(got)).any():
        cut = np.array_equal(np.trunc(got), ref)
        said = f"{int((got != np.round(got)).sum())} of your {got.size} buckets are not whole numbers"
        said += ", and cut down to whole ones they are T5's" if cut else ""
        mistake = "float-buckets" if cut else "?float-buckets"
    elif np.array_equal(got, t5_bucket(-OFFSETS, **keywords(case))):
        said = "keys before the query (offset > 0) all get bucket 0, and keys after it get the buckets"
        if bidirectional:
            said = f"the halves are swapped: keys before the query get the upper half ({n}–{num_buckets - 1})"
        mistake = "sign-reversed"
    elif np.array_equal(np.sort(got), np.sort(ref)):
        said = "yours holds T5's buckets, but not each in its offset's place: regions joined (np.concatenate?)"
        mistake = "=regions-joined"
    elif (g[1:] >= n).all() and (u < n).all() if bidirectional else not g[1:].any() and u.any():
        said, mistake = "keys before the query get the buckets that belong to keys after it", "?sign-reversed"
    elif not np.array_equal(g, ref[REACH::-1]):
        said, mistake = lower(g, ref[REACH::-1], case, _far(fn, name, case))
    else:
        said, mistake = upper(u, ref[REACH + 1 :], g, case)
    hint = ""  # a listed mistake's hint; "?" hedges it, and "=" marks a measured diagnosis, whose sentence is all
    if mistake and not mistake.startswith("="):
        hint = f" {'Likely: ' if mistake.startswith('?') else ''}{T5_MISTAKES[mistake.lstrip('?')]}"
    measured = f" Measured: {said}." if said else ""
    kept = len(measured) + len(hint) <= room
    named = mistake.lstrip("?=") if mistake and (kept or not mistake.startswith("=")) else None
    return Explained((measured if kept else "") + hint, named)


def _shape(got: np.ndarray, ref: np.ndarray, where: str) -> CheckResult:
    """The verdict on buckets of the wrong shape: an axis too many, some offsets left out, another length."""
    said = f"{where}, yours has shape {got.shape}, expected {ref.shape}: one bucket per offset."
    if got.ndim != 1:
        same = got.size == ref.size and np.array_equal(got.reshape(-1), ref)
        text = " Measured: the right buckets, with an axis too many." if same else ""
        return not_yet(said, Explained(f"{text} {T5_MISTAKES['two-d']}", "two-d"))
    before = OFFSETS >= 0
    if got.size == before.sum() and np.array_equal(got, ref[before]):
        text = f" Measured: yours holds the buckets of the {got.size} offsets >= 0 alone; keys after the query get"
        text += " theirs too (0 when causal)."
        return not_yet(said, Explained(text, "after-keys-dropped"))
    return not_yet(said, Explained(f" {T5_MISTAKES['wrong-length']}", "wrong-length"))


#: The offsets of the order probe: the same offsets, shuffled (seeded), for an answer right only in falling order.
SHUFFLED = np.random.default_rng(7).permutation(OFFSETS)


def _kind(fn: object, name: str) -> CheckResult:
    """The verdict on right buckets: Correct if an integer array holds them, else what they came back as."""
    for case in CASES[:2]:  # the order probe: T5's buckets, both ways, on the offsets shuffled
        value, verdict = call(fn, name, SHUFFLED.copy(), params=PARAMS, keywords=keywords(case), returns=RETURNS)
        expected = t5_bucket(SHUFFLED, **keywords(case))
        if verdict is None and not np.array_equal(np.asarray(value).reshape(-1)[: expected.size], expected):
            said = (
                f"{_where(case)}, with the same offsets shuffled, yours is not T5's bucket of each offset in its place."
            )
            text = " Measured: right for offsets in falling order only: keep each offset's bucket where the offset is,"
            text += " as np.where(distance < exact, distance, far) does (np.concatenate of masked parts reorders)."
            return not_yet(said, Explained(text, "shuffled-order"))
    for case in CASES:
        value, verdict = call(fn, name, OFFSETS.copy(), params=PARAMS, keywords=keywords(case), returns=RETURNS)
        if verdict is not None:  # right once, then not: a function that answers differently each time
            return verdict
        where = _where(case)
        value = np.asarray(value)  # a list of whole numbers holds the same buckets: accepted, as NumPy converts it
        if value.dtype.kind not in "iu":
            said = f"{where}, yours returns the right buckets, as dtype {value.dtype}."
            return not_yet(said, Explained(f" {T5_MISTAKES['float-buckets']}", "float-buckets"))
    said = "32 buckets up to 128, causal and bidirectional, 8 up to 16 causal, and 16 up to 64 and 14 up to 50"
    return correct(f"matches posenc.t5_bucket on offsets 300 to -300 for {said} bidirectional.")


@register("function", T5_MISTAKES, T5_MEASURED)
def check_t5_bucket(fn: Callable[..., np.ndarray]) -> CheckResult:
    """Check ``fn(offsets, bidirectional=..., num_buckets=..., max_distance=...)`` against :func:`posenc.t5_bucket`.

    A wrong answer gets the first offset (nearest the query) whose bucket differs, then what was
    measured, region by region (keys after the query, the exact, logarithmic and clamped regions),
    and the listed mistake that explains it.

    Examples
    --------
    >>> from posenc import t5_bucket
    >>> def my_t5_bucket(offsets, bidirectional=False, num_buckets=32, max_distance=128):
    ...     return t5_bucket(offsets, bidirectional=bidirectional, num_buckets=num_buckets, max_distance=max_distance)
    >>> check_t5_bucket(my_t5_bucket)
    Correct: matches posenc.t5_bucket on offsets 300 to -300 for 32 buckets up to 128, causal and bidirectional, 8 up to 16 causal, and 16 up to 64 and 14 up to 50 bidirectional.
    >>> check_t5_bucket(lambda o, bidirectional=False, num_buckets=32, max_distance=128: my_t5_bucket(
    ...     -np.asarray(o), bidirectional, num_buckets, max_distance))
    Not yet: for bidirectional=False, num_buckets=32, max_distance=128, offset 1 gets bucket 0, expected 1. Measured: keys before the query (offset > 0) all get bucket 0, and keys after it get the buckets. Offsets are i - j, positive for a key before the query: use them as given in the first and distance lines (T5's code takes key - query, the other sign).
    """
    name = name_of(fn)
    cases = [Case((OFFSETS,), t5_bucket(OFFSETS, **keywords(c)), _where(c), keywords(c)) for c in CASES]
    miss = first_miss(fn, name, cases, params=PARAMS, returns=RETURNS)
    if miss is None:
        return _kind(fn, name)
    if miss.verdict is not None:
        return miss.verdict
    assert miss.got is not None  # no verdict: an array
    got, ref, where = miss.got, miss.case.expected, miss.case.where
    if miss.changed_input is not None:
        i = int(np.argmax(miss.given[0] != OFFSETS))
        said = " Measured: your function wrote into the offsets it was given; compute into new arrays (np.maximum"
        said += "(offsets, 0)), so that the caller's offsets stay as they were."
        head = f"{where}, the offsets came back changed: offset {OFFSETS[i]} is now {miss.given[0][i]}."
        return not_yet(head, Explained(said, "changed-offsets"))
    if got.shape != ref.shape:
        return _shape(got, ref, where)
    i = _nearest(~np.isclose(got, ref, atol=1e-6, rtol=0.0))
    head = f"{where}, offset {OFFSETS[i]} gets bucket {bucket_text(got[i])}, expected {ref[i]}."
    case = tuple(miss.case.keywords.values())
    with np.errstate(all="ignore"):  # huge numbers may overflow the measuring: no warning
        return not_yet(head, _explain(fn, name, got, case, room_after(head)))
