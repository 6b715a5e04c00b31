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

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from posenc.checks.cases import Case, first_miss
from posenc.checks.engine import CheckResult, Explained, call, correct, not_yet, register, room_after
from posenc.checks.phrasing import name_of, number, signed, times
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
PARAMS = ("offsets", "bidirectional", "num_buckets", "max_distance")
RETURNS = "the buckets, one per offset: first + np.where(distance < exact, distance, far)"
Reading = tuple[str, "str | None"]


def _b(x: object) -> str:
    """A bucket for a message: a whole number as an int, anything else as :func:`number` says it."""
    x = float(x)  # type: ignore[arg-type]  # a numpy number or a Python one
    return str(int(x)) if math.isfinite(x) and x == round(x) and abs(x) < 1e15 else number(x)


def _nearest(mask: np.ndarray) -> int:
    """The index of the offset in `mask` nearest the query (of two as near, the key before it)."""
    where = np.flatnonzero(mask)
    return int(where[np.lexsort((OFFSETS[where] < 0, np.abs(OFFSETS[where])))[0]])


def _keywords(case: tuple[bool, int, int]) -> dict[str, Any]:
    return dict(zip(PARAMS[1:], case, strict=True))


def _where(case: tuple[bool, int, int]) -> str:
    return "for bidirectional={}, num_buckets={}, max_distance={}".format(*case)


def _sizes(bidirectional: bool, num_buckets: int) -> tuple[int, int]:
    """n, the buckets of one direction, and exact, those of them that hold one distance each."""
    n = num_buckets // 2 if bidirectional else num_buckets
    return n, n // 2


def _variants(d: np.ndarray, n: int, exact: int, max_distance: int) -> dict[str, list[np.ndarray]]:
    """Each slip of the log part, on distances `d` (float64): consulted once a measurement points to one, to name
    it for certain where the answer is its buckets exactly."""
    ratio, span, rest = np.maximum(d, exact) / exact, np.log(max_distance / exact), n - exact
    part = np.log(ratio) / span * rest

    def bucket(far: np.ndarray) -> np.ndarray:
        return np.where(d < exact, d, np.minimum(far, n - 1))

    return {
        "log-from-zero": [bucket(np.trunc(part))],
        "log-of-distance": [bucket(exact + np.trunc(np.log(np.maximum(d, exact)) / span * rest))],
        "log-of-max-distance": [bucket(exact + np.trunc(np.log(ratio) / np.log(max_distance) * rest))],
        "times-n": [bucket(exact + np.trunc(np.log(ratio) / span * n))],
        "int-division": [bucket(exact + np.trunc(np.log(np.maximum(d, exact) // exact) / span * rest))],
        "rounded": [bucket(exact + np.round(part))],
        "rounded-up": [bucket(exact + np.ceil(part))],
        "=max-over-n": [bucket(exact + np.trunc(np.log(ratio) / np.log(max_distance / n) * rest))],
        "=precedence": [bucket(exact + np.trunc(np.log(ratio) / span * n - exact))],
        "=mixed-logs": [
            bucket(exact + np.trunc(np.log2(ratio) / span * rest)),
            bucket(exact + np.trunc(np.log(ratio) / np.log2(max_distance / exact) * rest)),
        ],
    }


def _growth(h: np.ndarray, n: int, exact: int) -> float | None:
    """How many buckets per unit of log(distance / exact) `h` climbs, fitted where each bucket first appears."""
    starts = [(b - exact, int(np.argmax(h >= b))) for b in range(exact + 1, n - 1) if (h >= b).any()]
    y = np.array([b for b, _ in starts], dtype=float)
    x = np.log(np.maximum([d for _, d in starts], 1) / exact)
    return float(y @ x / (x @ x)) if starts and x @ x > 0 else None


def _logarithmic(g: np.ndarray, ref: np.ndarray, at: int, case: tuple[bool, int, int], last: int) -> Reading:
    """What the keys at or before the query do wrong from distance exact on, before T5's last bucket starts."""
    bidirectional, num_buckets, max_distance = case
    n, exact = _sizes(bidirectional, num_buckets)
    d = np.arange(g.size)
    variants = _variants(d.astype(float), n, exact, max_distance)

    def sure(mistake: str) -> str:
        return mistake.lstrip("?") if any(np.array_equal(g, v) for v in variants[mistake.lstrip("?")]) else mistake

    if np.array_equal(g, d):
        said = f"every distance keeps its own number as its bucket, past {exact - 1} too (distance {at} gets {at}): "
        said += "the far buckets never reach the answer: return first + np.where(distance < exact, distance, far) "
        return said + "(a masked copy, bucket[mask], written into changes nothing)", "=far-never-used"
    if any(np.array_equal(g, v) for v in variants["=precedence"]):
        said = f"your log buckets start at 0 and grow {times(n / (n - exact))}: exact + x * n - exact "
        return said + "is x * n: bracket the factor, * (n - exact)", "=precedence"
    beyond = g[exact:]  # every distance past the exact ones
    steps_past = np.diff(beyond)
    if (steps_past <= 0).all() and beyond[0] > beyond[-1]:
        far_end = g.size - 1
        said = f"from distance {exact} on yours falls as the distance grows ({_b(beyond[0])} at {exact}, "
        said += f"{_b(beyond[-1])} at {far_end}): the log ratio is upside down: np.log(np.maximum(distance, exact) / "
        return said + "exact) / np.log(max_distance / exact)", "=ratio-inverted"
    if (beyond >= n - 1).all() and g[exact] == n - 1 and (steps_past >= 0).all() and beyond.max() > n - 1:
        said = f"from distance {exact} on every bucket is {n - 1} or more: np.maximum makes n - 1 a floor, where "
        return said + "np.minimum caps at it: far = np.minimum(exact + ..., n - 1)", "=cap-as-floor"
    jumps = np.diff(beyond)
    if exact > 1 and (jumps >= 0).all() and jumps.max() >= min(n - exact, n - 1 - exact) > 1:
        at_jump = int(np.argmax(jumps)) + exact
        said = f"your log buckets jump from {_b(g[at_jump])} to {_b(g[at_jump + 1])} at distance {at_jump + 1}, "
        said += "skipping the buckets between: the log part was cut to a whole number before it was scaled: "
        return said + "(np.log(...) / np.log(...) * (n - exact)).astype(int)", "=cut-before-scaling"
    if (beyond == exact).all() and ref[last - 1] > exact:
        said = f"every distance from {exact} on gets bucket {exact}: the log part never reaches 1, so it "
        said += "is scaled down, not up: log(distance / exact) / log(max_distance / exact) * (n - exact), the "
        return said + "(n - exact) multiplying", "=log-part-flat"
    if g[exact] != exact:
        said = f"the first logarithmic distance, {exact}, gets bucket {_b(g[exact])}, where log({exact} / {exact}) = 0"
        said += f" puts it in bucket exact, {exact}"
        slip = "?log-of-distance" if g[exact] > exact else "?log-from-zero" if g[exact] == 0 else None
        return said, slip and sure(slip)
    above = g[exact:last] - ref[exact:last]
    if np.isin(above, (0, 1)).all() and above.any():
        said = f"yours is one above T5's at {int(above.sum())} of the distances {exact}–{last - 1}, never below"
        share = above.mean()  # rounding lifts about half of them, np.ceil nearly all
        return said, sure("?rounded-up") if share > 0.8 else sure("?rounded") if 0.3 <= share <= 0.7 else None
    run, ref_run = int(np.argmax(g != d)), int(np.argmax(ref != d))
    if run > ref_run and np.array_equal(g[run:], ref[run:]):
        said = f"distances 0–{run - 1} keep their own distance, where T5's exact ones stop at {exact - 1}, and from "
        said += f"{run} on yours are T5's: np.where's threshold is the exact count, np.where(distance < exact, "
        return said + "distance, far)", "=where-threshold"
    if run > ref_run:
        said = f"distances 0–{run - 1} get a bucket each, where T5's exact ones stop at {exact - 1}"
        said += f" (exact = n // 2 = {exact})"
        if np.array_equal(g, np.minimum(d, n - 1)):
            return said + f", then all share {n - 1}", "exact-is-n"
        if bidirectional and g.max() > n - 1:
            causal = t5_bucket(d, bidirectional=False, num_buckets=num_buckets, max_distance=max_distance)
            said += f", and reach bucket {_b(g.max())}, past the lower half's last, {n - 1}"
            return said, "n-not-halved" if np.array_equal(g, causal) else "?n-not-halved"
        return said, "?exact-is-n" if run >= n else None
    steps = np.flatnonzero(np.diff(g[exact:]) != 0) + exact + 1  # where each bucket past exact starts
    if exact > 1 and steps.size >= 2 and not (steps % exact).any():
        shown = ", ".join(map(str, steps[:3]))
        said = f"your buckets change only at multiples of {exact} ({shown}, …): a whole distance // exact"
        return said, sure("?int-division")
    if any(np.array_equal(g, v) for v in variants["=max-over-n"]):
        said = f"your log buckets grow as if the log range ended at max_distance / 2 = {max_distance // 2}: the "
        return said + "denominator is np.log(max_distance / exact), not np.log(max_distance / n)", "=max-over-n"
    if any(np.array_equal(g, v) for v in variants["=mixed-logs"]):
        said = "your log buckets grow 1/ln 2 or ln 2 times as fast as T5's, as np.log2 in one place and np.log in "
        return said + "the other would: one log for both", "=mixed-logs"
    k, k_ref = _growth(g, n, exact), _growth(ref, n, exact)
    if k is not None and k_ref is not None and k > 0:
        ratio = k / k_ref
        said = f"from distance {exact} on your buckets grow {times(ratio)}"
        top = n - 1 if (g >= n - 1).any() else g.max()
        said += (
            f" (bucket {_b(top)} starts at distance {int(np.argmax(g >= top))}, T5's at {int(np.argmax(ref >= top))})"
        )
        slips = [
            ("?times-n", n / (n - exact)),
            ("?log-of-max-distance", math.log(max_distance / exact) / math.log(max_distance)),
        ]
        for slip, expected in slips:
            if abs(ratio / expected - 1) < 0.1:
                return said, sure(slip)
        implied = exact * math.exp(math.log(max_distance / exact) / ratio)  # the max_distance such buckets imply
        return said + f", as if max_distance were about {_b(round(implied))}", None  # a measurement, naming no line
    fall = np.flatnonzero(np.diff(g) < 0)
    if fall.size:
        f = int(fall[0])
        return f"yours falls from {_b(g[f])} at distance {f} to {_b(g[f + 1])} at {f + 1}: buckets never fall", None
    return f"distance {at} gets bucket {_b(g[at])}, where T5's logarithmic region gives {ref[at]}", None


def _lower(g: np.ndarray, ref: np.ndarray, case: tuple[bool, int, int], far: np.ndarray | None) -> Reading:
    """What the keys at or before the query (distance d = i - j >= 0, the lower half) do wrong, region by region."""
    bidirectional, num_buckets, _ = case
    n, exact = _sizes(bidirectional, num_buckets)
    d = np.arange(g.size)
    at, last = int(np.flatnonzero(g != ref)[0]), int(np.argmax(ref == n - 1))  # last: where T5's last bucket starts
    if at < exact and bidirectional and at == 0 and g[0] == n and np.array_equal(g[1:], ref[1:]):
        said = f"offset 0, the query itself, gets {n}, the upper half's first: only keys after the query (offsets "
        return said + "< 0) move up: first = np.where(offsets < 0, n, 0), not offsets <= 0", "=zero-moved-up"
    if at < exact and (g[:exact] == exact).all() and np.array_equal(g[exact : 2 * exact], d[exact : 2 * exact]):
        said = f"distances 0–{exact - 1} all get bucket {exact} and the far ones their own distance: np.where's "
        return said + "branches are swapped: np.where(distance < exact, distance, far)", "=branches-swapped"
    if at < exact:
        shift, run = g[:exact] - d[:exact], int(np.argmax(g != d))
        if np.ptp(shift) == 0:
            return f"every exact bucket is {_b(abs(shift[0]))} off: distance d gets d {signed(shift[0])}, not d", None
        said = f"distances 0–{exact - 1} get a bucket each (exact = n // 2 = {exact}); yours stop at distance {run}"
        return said + f", which gets {_b(g[run])}", None
    if at < last:
        return _logarithmic(g, ref, at, case, last)
    tail = g[last:]
    said = f"every distance from {last} on shares T5's last bucket, {n - 1}; distance {at} gets {_b(g[at])} in yours"
    rising = bool((np.diff(g) >= 0).all())
    if far is not None and far[-1] > far[-2] and tail.max() > n - 1:
        return said + f", {_b(far[-1])} at distance 10^6", "no-clamp"
    if far is not None and far[-1] == far[-2] == n and np.isin(tail, (n - 1, n)).all():
        return said + f", and {n} from there on", "clamped-at-n"
    if bidirectional and far is not None and far[-1] == far[-2] == num_buckets - 1 and rising:
        return said + f", and {num_buckets - 1}, the upper half's last, at distance 10^6", "clamped-at-num-buckets"
    return said, "?no-clamp" if rising and tail.max() > n - 1 else None


def _upper(u: np.ndarray, ref: np.ndarray, g: np.ndarray, case: tuple[bool, int, int]) -> Reading:
    """What the keys after the query (distance i - j = -1, -2, ...: `u` and T5's `ref`) do wrong; `g`, those before."""
    bidirectional, num_buckets, _ = case
    n, _ = _sizes(bidirectional, num_buckets)
    i = int(np.flatnonzero(u != ref)[0])
    at = f"offset -{i + 1} gets {_b(u[i])}"
    if not bidirectional:
        if np.array_equal(u, g[1:]):
            return f"keys after the query get the bucket of their distance ({at})", "causal-not-clipped"
        if (u < 0).any():
            return f"keys after the query get negative buckets ({at}): a distance not clipped", "?causal-not-clipped"
        return f"{at}, where causal T5 puts every key after the query in bucket 0", "?causal-not-clipped"
    above = u - g[1:]
    if not above.any():
        return f"keys after the query share the lower half ({at}, as {i + 1} does)", "after-keys-not-moved"
    if (above == num_buckets).all():
        said = f"keys after the query sit {num_buckets} buckets up ({at}), past the last, {num_buckets - 1}"
        return said, "moved-by-num-buckets"
    if (u == n).all():
        said = f"every key after the query gets bucket {n}, whatever its distance: its distance was taken as 0 "
        return said + "(np.maximum(offsets, 0)) where bidirectional takes |i - j|", "=after-one-bucket"
    if not u.any():
        return "every key after the query gets bucket 0, the causal form", "?after-keys-not-moved"
    exact = n // 2
    steps = np.arange(1, u.size + 1)  # the distances of the keys after the query: 1, 2, ...
    if np.array_equal(u, n + steps) and not np.array_equal(u, ref):
        said = f"keys after the query keep their own distance past {exact - 1} ({at}): the condition of np.where "
        return (
            said + "must test the distance, np.where(distance < exact, ...), not the offsets",
            "=condition-on-offsets",
        )
    if (u[: exact - 1] == g[1:exact]).all() and np.array_equal(u[exact - 1 :], ref[exact - 1 :]):
        said = f"keys after the query up to distance {exact - 1} get the lower half's buckets, the far ones the upper "
        return said + "half's: first goes on the whole answer: first + np.where(...)", "=first-in-one-branch"
    if np.array_equal(u[: exact - 1], ref[: exact - 1]) and np.array_equal(g, ref_before(case, g.size)):
        said = f"keys after the query are right up to distance {exact - 1} but not in the log part ({at}): the far "
        return said + "line needs the distance |i - j|, not the signed offsets", "=after-far-wrong"
    if np.ptp(above) == 0:
        return f"keys after the query sit {_b(above[0])} above those before, where the upper half starts at {n}", None
    return f"{at}, where T5's upper half gives {ref[i]}", None


def ref_before(case: tuple[bool, int, int], size: int) -> np.ndarray:
    """T5's buckets of the keys at distances 0 .. size - 1 before the query."""
    return t5_bucket(np.arange(size), **_keywords(case))


def _far(fn: object, name: str, case: tuple[bool, int, int]) -> np.ndarray | None:
    """The learner's buckets at the far distances :data:`FAR` (keys before the query), or None if unreadable."""
    value, verdict = call(fn, name, FAR.copy(), params=PARAMS, keywords=_keywords(case))
    numbers = verdict is None and isinstance(value, np.ndarray) and value.dtype.kind in "biuf"
    far = np.asarray(value, dtype=float) if numbers else np.zeros(0)
    return far if far.shape == FAR.shape and np.isfinite(far).all() else None


def _explain(fn: object, name: str, got: np.ndarray, case: tuple[bool, int, int], room: int) -> Explained:
    """What the learner's buckets do wrong, measured region by region, in at most `room` characters."""
    bidirectional, num_buckets, _ = case
    n, _ = _sizes(bidirectional, num_buckets)
    ref = t5_bucket(OFFSETS, **_keywords(case))
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
    elif np.array_equal(got, t5_bucket(-OFFSETS, **_keywords(case))):
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
        said, mistake = _lower(g, ref[REACH::-1], case, _far(fn, name, case))
    else:
        said, mistake = _upper(u, ref[REACH + 1 :], g, case)
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
        value, verdict = call(fn, name, SHUFFLED.copy(), params=PARAMS, keywords=_keywords(case), returns=RETURNS)
        expected = t5_bucket(SHUFFLED, **_keywords(case))
        if verdict is None and not np.array_equal(np.asarray(value).reshape(-1)[: expected.size], expected):
            said = (
                f"{_where(case)}, with the same offsets shuffled, yours is not T5's bucket of each offset in its place."
            )
            text = " Measured: right for offsets in falling order only: keep each offset's bucket where the offset is,"
            text += " as np.where(distance < exact, distance, far) does (np.concatenate of masked parts reorders)."
            return not_yet(said, Explained(text, "shuffled-order"))
    for case in CASES:
        value, verdict = call(fn, name, OFFSETS.copy(), params=PARAMS, keywords=_keywords(case), returns=RETURNS)
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
    cases = [Case((OFFSETS,), t5_bucket(OFFSETS, **_keywords(c)), _where(c), _keywords(c)) for c in CASES]
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
    head = f"{where}, offset {OFFSETS[i]} gets bucket {_b(got[i])}, expected {ref[i]}."
    case = tuple(miss.case.keywords.values())
    with np.errstate(all="ignore"):  # huge numbers may overflow the measuring: no warning
        return not_yet(head, _explain(fn, name, got, case, room_after(head)))
