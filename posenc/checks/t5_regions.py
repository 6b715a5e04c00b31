"""The regions of lesson 07's checker (``posenc.checks.t5_bucket``): what a wrong answer's buckets do, measured
region by region of the keys at or before the query (the exact, logarithmic and clamped regions) and of the keys
after it. Each reader returns what it measured, in words, and the listed or measured mistake it points to: an id
with "?" is hedged ("Likely: "), one with "=" is a measured diagnosis whose sentence is all.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from posenc.checks.phrasing import number, signed, times
from posenc.t5 import t5_bucket

__all__ = ["PARAMS", "Reading", "bucket_text", "keywords", "lower", "sizes", "upper"]

PARAMS = ("offsets", "bidirectional", "num_buckets", "max_distance")
Reading = tuple[str, "str | None"]


def bucket_text(x: object) -> str:
    """A bucket for a message: a whole number as an int, anything else as :func:`number` says it."""
    x = float(x)  # type: ignore[arg-type]  # a numpy number or a Python one
    return str(int(x)) if math.isfinite(x) and x == round(x) and abs(x) < 1e15 else number(x)


def keywords(case: tuple[bool, int, int]) -> dict[str, Any]:
    return dict(zip(PARAMS[1:], case, strict=True))


def sizes(bidirectional: bool, num_buckets: int) -> tuple[int, int]:
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
    n, exact = sizes(bidirectional, num_buckets)
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
        said = f"from distance {exact} on yours falls as the distance grows ({bucket_text(beyond[0])} at {exact}, "
        said += f"{bucket_text(beyond[-1])} at {far_end}): the log ratio is upside down: np.log(np.maximum(distance, exact) / "
        return said + "exact) / np.log(max_distance / exact)", "=ratio-inverted"
    if (beyond >= n - 1).all() and g[exact] == n - 1 and (steps_past >= 0).all() and beyond.max() > n - 1:
        said = f"from distance {exact} on every bucket is {n - 1} or more: np.maximum makes n - 1 a floor, where "
        return said + "np.minimum caps at it: far = np.minimum(exact + ..., n - 1)", "=cap-as-floor"
    jumps = np.diff(beyond)
    if exact > 1 and (jumps >= 0).all() and jumps.max() >= min(n - exact, n - 1 - exact) > 1:
        at_jump = int(np.argmax(jumps)) + exact
        said = f"your log buckets jump from {bucket_text(g[at_jump])} to {bucket_text(g[at_jump + 1])} at distance {at_jump + 1}, "
        said += "skipping the buckets between: the log part was cut to a whole number before it was scaled: "
        return said + "(np.log(...) / np.log(...) * (n - exact)).astype(int)", "=cut-before-scaling"
    if (beyond == exact).all() and ref[last - 1] > exact:
        said = f"every distance from {exact} on gets bucket {exact}: the log part never reaches 1, so it "
        said += "is scaled down, not up: log(distance / exact) / log(max_distance / exact) * (n - exact), the "
        return said + "(n - exact) multiplying", "=log-part-flat"
    if g[exact] != exact:
        said = f"the first logarithmic distance, {exact}, gets bucket {bucket_text(g[exact])}, where log({exact} / {exact}) = 0"
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
            said += f", and reach bucket {bucket_text(g.max())}, past the lower half's last, {n - 1}"
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
        said += f" (bucket {bucket_text(top)} starts at distance {int(np.argmax(g >= top))}, T5's at {int(np.argmax(ref >= top))})"
        slips = [
            ("?times-n", n / (n - exact)),
            ("?log-of-max-distance", math.log(max_distance / exact) / math.log(max_distance)),
        ]
        for slip, expected in slips:
            if abs(ratio / expected - 1) < 0.1:
                return said, sure(slip)
        implied = exact * math.exp(math.log(max_distance / exact) / ratio)  # the max_distance such buckets imply
        return (
            said + f", as if max_distance were about {bucket_text(round(implied))}",
            None,
        )  # a measurement, naming no line
    fall = np.flatnonzero(np.diff(g) < 0)
    if fall.size:
        f = int(fall[0])
        return (
            f"yours falls from {bucket_text(g[f])} at distance {f} to {bucket_text(g[f + 1])} at {f + 1}: buckets never fall",
            None,
        )
    return f"distance {at} gets bucket {bucket_text(g[at])}, where T5's logarithmic region gives {ref[at]}", None


def lower(g: np.ndarray, ref: np.ndarray, case: tuple[bool, int, int], far: np.ndarray | None) -> Reading:
    """What the keys at or before the query (distance d = i - j >= 0, the lower half) do wrong, region by region."""
    bidirectional, num_buckets, _ = case
    n, exact = sizes(bidirectional, num_buckets)
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
            return (
                f"every exact bucket is {bucket_text(abs(shift[0]))} off: distance d gets d {signed(shift[0])}, not d",
                None,
            )
        said = f"distances 0–{exact - 1} get a bucket each (exact = n // 2 = {exact}); yours stop at distance {run}"
        return said + f", which gets {bucket_text(g[run])}", None
    if at < last:
        return _logarithmic(g, ref, at, case, last)
    tail = g[last:]
    said = f"every distance from {last} on shares T5's last bucket, {n - 1}; distance {at} gets {bucket_text(g[at])} in yours"
    rising = bool((np.diff(g) >= 0).all())
    if far is not None and far[-1] > far[-2] and tail.max() > n - 1:
        return said + f", {bucket_text(far[-1])} at distance 10^6", "no-clamp"
    if far is not None and far[-1] == far[-2] == n and np.isin(tail, (n - 1, n)).all():
        return said + f", and {n} from there on", "clamped-at-n"
    if bidirectional and far is not None and far[-1] == far[-2] == num_buckets - 1 and rising:
        return said + f", and {num_buckets - 1}, the upper half's last, at distance 10^6", "clamped-at-num-buckets"
    return said, "?no-clamp" if rising and tail.max() > n - 1 else None


def upper(u: np.ndarray, ref: np.ndarray, g: np.ndarray, case: tuple[bool, int, int]) -> Reading:
    """What the keys after the query (distance i - j = -1, -2, ...: `u` and T5's `ref`) do wrong; `g`, those before."""
    bidirectional, num_buckets, _ = case
    n, _ = sizes(bidirectional, num_buckets)
    i = int(np.flatnonzero(u != ref)[0])
    at = f"offset -{i + 1} gets {bucket_text(u[i])}"
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
        return (
            f"keys after the query sit {bucket_text(above[0])} above those before, where the upper half starts at {n}",
            None,
        )
    return f"{at}, where T5's upper half gives {ref[i]}", None


def ref_before(case: tuple[bool, int, int], size: int) -> np.ndarray:
    """T5's buckets of the keys at distances 0 .. size - 1 before the query."""
    return t5_bucket(np.arange(size), **keywords(case))
