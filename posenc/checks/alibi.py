"""Lesson 06's checker: the learner's ALiBi slopes, ``my_alibi_slopes(num_heads)``.

The slopes are read as powers of two: each slope's exponent ``-log2(slope)`` against
the right one says what was computed (the heads counted from 0, the order reversed, a
power of two's rule used for another head count, the wrong slopes of ``2c`` heads
taken). Head counts 8 and 16 test the paper's geometric sequence; 12 and 6 the rule of
the authors' code for a head count that is not a power of two; 1 the edge.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from posenc.alibi import alibi_slopes
from posenc.checks.cases import Case, first_miss
from posenc.checks.engine import (
    CheckResult,
    Explained,
    array_from,
    correct,
    first_difference,
    first_mismatch,
    likely_mistake,
    not_yet,
    register,
    room_after,
)
from posenc.checks.phrasing import name_of

__all__ = ["check_alibi_slopes"]

SLOPE_MISTAKES = {
    "from-zero": "Heads count from 1: head h of n has slope 2 ** (-8 * h / n), so the first is 2 ** (-8 / n), not 1.",
    "reversed": "The slopes fall from head to head: the first head has the largest slope, 2 ** (-8 / n).",
    "sorted": "Keep the code's order: the c slopes of the power of two first, then the extra ones; do not sort them.",
    "paper-formula": "For a head count that is not a power of two, this exercise follows the authors' code: "
    "the slopes of the largest power of two c below n, then every other slope of 2c heads "
    "(indices 0, 2, 4, ...: [0::2]), as many as needed. 2 ** (-8h/n) is the paper's text, but not what "
    "its code, BLOOM or MosaicBERT compute.",
    "next-power": "Do not take the first n slopes of the next power of two: start from the largest power "
    "of two c below n, then add every other slope of 2c heads.",
    "even-extras": "The extra slopes are those of 2c heads at indices 0, 2, 4, ... (slopes_2c[0::2]), which fall "
    "between those of c heads; you took indices 1, 3, 5, ... ([1::2]), which c heads already have.",
    "positive-exponent": "A slope is a power of two below 1: 2 ** (-8 * h / n), with a minus sign.",
    "no-step": "Take every other slope of 2c heads (slopes_2c[0::2]), not the first n - c of them: the first "
    "ones repeat slopes that c heads already have.",
    "slice-order": "Take every other slope first, then the first n - c of those: slopes_2c[0::2][: n - c]. "
    "slopes_2c[: n - c : 2] takes every other one of the first n - c, about half as many as needed.",
    "precedence": "2.0 ** -8 * h / n is (2 ** -8) * h / n, since ** binds before * and /: bracket the exponent, "
    "2.0 ** (-8 * h / n).",
    "rounded-power": "c is the largest power of two below n, 2 ** floor(log2(n)): rounding log2(n) goes up for "
    "12 or 6 heads.",
}

#: The diagnoses measured from a wrong answer (the sentence names the numbers).
SLOPE_MEASURED = {
    "wrong-count": "how many slopes too many or too few, and how many of the first ones are right",
    "wrong-step": "the exponents fall by the same step from head to head, but not by 8 / n (a step fixed "
    "whatever the head count)",
    "whole-exponents": "every exponent is a whole number, the right one rounded: // in place of / in -8 * h / n",
    "other-power": "the slopes are powers of e or of 10 with the right exponents: np.exp (or 10 **) where 2 ** belongs",
    "reordered": "the right slopes in another order",
    "extras-repeat": "the extra slopes repeat slopes the first c already have, where they fall between them",
    "wrong-c": "the first slopes are those of another power of two: c read back from them",
    "power-grouping": "slopes 2 ** ((-8 / n) ** h): 2.0 ** a ** b read as 2.0 ** (a ** b)",
    "h-divides": "slopes 2 ** (-8 / h): the head number dividing where it multiplies, n missing",
    "even-as-power": "the rule's slopes for odd head counts, the paper's formula for even ones that are no power of "
    "two: the test for a power of two lets even counts through",
    "extras-from-the-end": "the extra slopes are the last n - c of every other slope of 2c heads, not the first",
    "extras-other-heads": "the extra slopes are every other slope of another number of heads than 2c",
}

HEAD_COUNTS = (8, 16, 12, 6, 1)


def _suspects(n: int) -> list[tuple[str, np.ndarray]]:
    """What each listed mistake returns for `n` heads."""
    heads = np.arange(1, n + 1)
    c = 1 << (n.bit_length() - 1)
    paper = 2.0 ** (-8.0 * heads / n)
    twice = alibi_slopes(2 * c)
    suspects = [
        ("precedence", 2.0**-8 * heads / n),
        ("from-zero", 2.0 ** (-8.0 * (heads - 1) / n)),
        ("reversed", alibi_slopes(n)[::-1]),
        ("positive-exponent", 2.0 ** (8.0 * heads / n)),
    ]
    if c != n:  # these differ from the right slopes only when n is not a power of two
        suspects += [
            ("paper-formula", paper),
            ("sorted", np.sort(alibi_slopes(n))[::-1]),
            ("next-power", twice[:n]),
            ("even-extras", np.concatenate([alibi_slopes(c), twice[1::2][: n - c]])),
            ("no-step", np.concatenate([alibi_slopes(c), twice[: n - c]])),
            ("slice-order", np.concatenate([alibi_slopes(c), twice[: n - c : 2]])),  # too few: a shape mismatch
        ]
    return suspects


def _exponents(slopes: np.ndarray, start: int) -> str:
    """Up to 4 slopes from index `start`, as powers of two, the way the paper writes them: '2^-1, 2^-2, ...'."""
    part = slopes[start : start + 4]
    with np.errstate(all="ignore"):
        shown = [f"2^{np.log2(s):.3g}" if s > 0 else f"{s:.3g}" for s in part]
    return ", ".join(shown) + (", ..." if start + 4 < len(slopes) else "")


def heads(n: int) -> str:
    return "1 head" if n == 1 else f"{n} heads"


@register("function", SLOPE_MISTAKES, SLOPE_MEASURED)
def check_alibi_slopes(fn: Callable[[int], np.ndarray]) -> CheckResult:
    """Check ``fn(num_heads)``: ALiBi's slopes, one per head, for 8, 16, 12, 6 and 1 heads.

    A wrong answer gets the first differing slope, the slopes it gave and the right ones
    as powers of two, and the mistake when one of the listed ones matches.

    Examples
    --------
    >>> check_alibi_slopes(alibi_slopes)
    Correct: the slopes match for 8, 16, 12, 6 and 1 heads.
    >>> check_alibi_slopes(lambda n: alibi_slopes(n)[::-1])
    Not yet: for 8 heads, slope[0] is 0.0039, expected 0.5000. From slope[0] on, yours: 2^-8, 2^-7, 2^-6, 2^-5, ...; expected 2^-1, 2^-2, 2^-3, 2^-4, .... The slopes fall from head to head: the first head has the largest slope, 2 ** (-8 / n).
    """
    name = name_of(fn)
    cases = [Case((n,), alibi_slopes(n), f"for {heads(n)}") for n in HEAD_COUNTS]
    miss = first_miss(fn, name, cases, params=("num_heads",), returns="the (num_heads,) slopes, one per head")
    if miss is None:
        return correct("the slopes match for 8, 16, 12, 6 and 1 heads.")
    if miss.verdict is not None:
        return miss.verdict
    assert miss.got is not None  # no verdict: an array
    got, expected, where = miss.got, miss.case.expected, miss.case.where
    (n,) = miss.case.args
    if got.shape != expected.shape:
        up = 1 << round(np.log2(n))  # what round(log2 n) makes of c
        rounded = up != 1 << (n.bit_length() - 1) and got.shape[0] > n and np.allclose(got[:up], alibi_slopes(up))
        mistake = "rounded-power" if rounded else likely_mistake(got, _suspects(n))  # only a suspect of its shape
        head = f"{where}, the shape is {got.shape}; expected ({n},): one slope per head."
        if mistake:
            return not_yet(f"{head} Likely: {SLOPE_MISTAKES[mistake]}", mistake=mistake)
        other_c = _wrong_c(got, n)
        if other_c:
            return not_yet(head, Explained(other_c, "wrong-c"))
        counted = _count(got, expected)
        return not_yet(head, Explained(counted, "wrong-count" if counted else None))
    said = first_difference(got, expected, where, "slope")
    assert said is not None  # a miss of the right shape differs somewhere
    if not np.isfinite(got).all():
        return not_yet(said + " Some slopes are NaN or infinite.")
    mistake = likely_mistake(got, _suspects(n))
    hint = f" {SLOPE_MISTAKES[mistake]}" if mistake else ""
    if mistake == "paper-formula" and n % 2 == 0 and _right_for(fn, name, (5, 7)):
        mistake, hint = (
            "even-as-power",
            (
                f" Measured: yours follows the rule for 5 and 7 heads, but for {n} heads gives 2 ** (-8h/n), the "
                f"power-of-two formula: the test that picks powers of two lets {n}, an even number, through "
                "(n % 2 == 0?). Test c == n, with c = 1 << (n.bit_length() - 1)."
            ),
        )
    other_c = _wrong_c(got, n) if mistake is None else ""
    measured = ("wrong-c", other_c) if other_c else None
    if mistake is None and measured is None:
        measured = _exponent_rule(got, n) or _order_rule(got, expected, n)
    if measured is not None:
        mistake, hint = measured
    cell = first_mismatch(got, expected)
    assert cell is not None  # said names the first difference
    start = cell[0]
    shown = f" From slope[{start}] on, yours: {_exponents(got, start)}; expected {_exponents(expected, start)}."
    if len(shown) + len(hint) > room_after(said):  # the hint matters more than the slopes written out
        shown = ""
    return not_yet(said, Explained(shown + hint, mistake))


def _paper_sequence(k: int) -> np.ndarray:
    """The paper's geometric sequence for k heads, 2 ** (-8h / k) for h = 1..k, whatever k is (the rule's parts)."""
    return 2.0 ** (-8.0 * np.arange(1, k + 1) / k)


def _right_for(fn: Callable, name: str, counts: tuple[int, ...]) -> bool:
    """Whether `fn` gives the right slopes for every head count in `counts` (quietly False if it fails)."""
    for n in counts:
        _, got, _ = array_from(fn, name, n, params=("num_heads",))
        if got is None or got.shape != (n,) or not np.allclose(got, alibi_slopes(n)):
            return False
    return True


def _exponent_rule(got: np.ndarray, n: int) -> tuple[str, str] | None:
    """A measured diagnosis from the exponents -log2(slope) of `n` wrong slopes, and its sentence; else None.

    The right exponents are 8h / n for heads h = 1..n (a power of two n); exponents that step evenly by another
    amount, or that are the right ones rounded down or up to whole numbers, point to their line.

    >>> _exponent_rule(2.0 ** -np.arange(1.0, 17.0), 16)[0]
    'wrong-step'
    >>> _exponent_rule(2.0 ** -np.floor(8 * np.arange(1, 17) / 16), 16)[0]
    'whole-exponents'
    """
    if n & (n - 1) or n < 2 or not (got > 0).all():  # the even steps hold for a power of two only
        return None
    exps = -np.log2(got)
    right = 8.0 * np.arange(1, n + 1) / n
    if np.allclose(exps, -((-8.0 / n) ** np.arange(1, n + 1)), atol=1e-9):
        return "power-grouping", (
            " Measured: your slopes are 2 ** ((-8 / n) ** h): 2.0 ** a ** b is 2.0 ** (a ** b), since ** groups "
            "from the right; bracket it, (2.0 ** a) ** b, or write 2.0 ** (-8 * h / n)."
        )
    if np.allclose(exps, 8.0 / np.arange(1, n + 1), atol=1e-9):
        return "h-divides", (
            " Measured: your slopes are 2 ** (-8 / h): the head number divides where it multiplies, and n is "
            "missing. The exponent is -8 * h / n."
        )
    whole = np.allclose(exps, np.round(exps), atol=1e-9) and (np.abs(exps - right) < 1).all()
    if whole and not np.allclose(right, np.round(right)):
        return "whole-exponents", (
            " Measured: your exponents (-log2 of each slope) are whole numbers, the right ones rounded: "
            "-8 * h // n rounds down; divide with /: 2 ** (-8 * h / n)."
        )
    steps = np.diff(np.concatenate([[0.0], exps]))
    for name, base in (("e", np.e), ("10", 10.0)):  # -8h/n as the exponent of another base: np.exp, 10 **
        if np.allclose(steps, 8.0 / n * np.log2(base), rtol=1e-6):
            return "other-power", (
                f" Measured: your slopes are powers of {name} with the right exponents, {name} ** (-8 * h / n): "
                f"{'np.exp(x) is e ** x' if name == 'e' else 'the base is 10'}, but the slopes are powers of two, "
                "2 ** (-8 * h / n)."
            )
    if np.allclose(steps, steps[0], atol=1e-9) and not np.isclose(steps[0], 8.0 / n) and steps[0] > 0:
        return "wrong-step", (
            f" Measured: each head's slope is 2^-{steps[0]:.3g} times the one before, where 2^-{8 / n:.3g} belongs "
            f"for {n} heads: the exponent is -8 * h / n, so its step depends on the number of heads."
        )
    return None


def _order_rule(got: np.ndarray, expected: np.ndarray, n: int) -> tuple[str, str] | None:
    """A measured diagnosis of slopes that are right in value but not in place, and its sentence; else None.

    >>> _order_rule(np.concatenate([alibi_slopes(12)[8:], alibi_slopes(12)[:8]]), alibi_slopes(12), 12)[0]
    'reordered'
    """
    c = 1 << (n.bit_length() - 1)
    if got.ndim != 1 or got.size != n:
        return None
    if np.allclose(np.sort(got), np.sort(expected)):
        rule = (
            "they fall from head to head" if c == n else f"the {c} slopes of {c} heads come first, then the extra ones"
        )
        return "reordered", f" Measured: yours holds the right slopes in another order: {rule}."
    first = alibi_slopes(c)
    if c < n and np.allclose(got[:c], first) and all(np.isclose(first, s).any() for s in got[c:]):
        return "extras-repeat", (
            f" Measured: slopes {c} on repeat slopes the first {c} already have; the extra ones fall between them: "
            f"every other slope of {2 * c} heads, power_of_two(2 * c)[0::2]."
        )
    if c < n and np.allclose(got[:c], first):
        power = _paper_sequence
        every_other = power(2 * c)[0::2]
        if len(every_other) > n - c and np.allclose(every_other[-(n - c) :], got[c:]):
            return "extras-from-the-end", (
                f" Measured: slopes {c} on are the last {n - c} of every other slope of {2 * c} heads; the rule takes "
                f"the first {n - c}: power_of_two(2 * c)[0::2][: n - c]."
            )
        for m in (k for k in range(1, 4 * n + 1) if k not in (c, 2 * c)):
            for start in (0, 1):
                if power(m)[start::2][: n - c].shape == got[c:].shape and np.allclose(
                    power(m)[start::2][: n - c], got[c:]
                ):
                    said = " (2n)" if m == 2 * n else ""
                    return "extras-other-heads", (
                        f" Measured: slopes {c} on are every other slope of {m} heads{said}, where the rule takes "
                        f"them from 2c = {2 * c} heads (c = {c}, the power of two it started from): "
                        "power_of_two(2 * c)[0::2]."
                    )
    return None


def _wrong_c(got: np.ndarray, n: int) -> str:
    """When the slopes are the code's rule run with another c (the power of two it starts from): what c came out as.

    The rule: the slopes of c heads, then every other slope of 2c heads, as many as n - c asks; with a wrong c
    the count may come out wrong too (c = 3 for 8 heads gives 6 slopes).

    >>> power_of_two = lambda c: 2.0 ** (-8.0 * np.arange(1, c + 1) / c)  # c = int(np.log2(8)) = 3, say
    >>> print(_wrong_c(np.concatenate([power_of_two(3), power_of_two(6)[0::2]]), 8))
     Measured: these are the rule's slopes with c = 3 (the slopes of 3 heads first: 2^-2.67, 2^-5.33, ...), where c, the largest power of two at or below 8, is 8 (1 << (n.bit_length() - 1)).
    """
    c = 1 << (n.bit_length() - 1)
    if got.ndim != 1 or got.size == 0 or not 0 < got[0] < 1:
        return ""
    other = 8.0 / -np.log2(got[0])  # slope 0 of c' heads is 2 ** (-8 / c')
    if abs(other - round(other)) > 1e-6 or round(other) in (0, c):
        return ""
    other = round(other)
    power = _paper_sequence
    rule = np.concatenate([power(other), power(2 * other)[0::2][: n - other]])
    if rule.shape != got.shape or not np.allclose(got, rule):
        return ""
    return (
        f" Measured: these are the rule's slopes with c = {other} (the slopes of {other} heads first: "
        f"2^-{8 / other:.3g}, 2^-{16 / other:.3g}, ...), where c, the largest power of two at or below {n}, is {c} "
        "(1 << (n.bit_length() - 1))."
    )


def _count(got: np.ndarray, expected: np.ndarray) -> str:
    """What a 1-D answer of the wrong length holds: how many slopes too many or too few, and how many lead right.

    >>> _count(alibi_slopes(8), alibi_slopes(12))
    ' Yours has 8, 4 too few; its first 8 are right, so the slopes after them are the ones missing.'
    """
    if got.ndim != 1:
        return ""
    right = 0
    while right < min(got.size, expected.size) and np.isclose(got[right], expected[right]):
        right += 1
    size = f"{got.size - expected.size} too many" if got.size > expected.size else f"{expected.size - got.size} too few"
    if right == min(got.size, expected.size) and got.size == expected.size - 1:
        return (
            f" Yours has {got.size}, 1 too few; its first {right} are right, so the last one is missing: does a "
            "range stop at n - 1 (np.arange(1, n), where the heads run 1 to n: np.arange(1, n + 1))?"
        )
    if right == min(got.size, expected.size) and got.size < expected.size:
        return f" Yours has {got.size}, {size}; its first {right} are right, so the slopes after them are the ones missing."
    if right == min(got.size, expected.size):
        return f" Yours has {got.size}, {size}; its first {right} are right, so the extra ones come after them."
    lead = f"its first {right}" if right else "none"
    return f" Yours has {got.size}, {size}; {lead} of them match the first slopes."
