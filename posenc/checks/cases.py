"""The one loop of every checker that compares arrays: try each case, stop at the first the answer gets wrong.

A checker lists its :class:`Case` s (arguments, right answer, how a verdict names the case) and calls
:func:`first_miss`; what to say about the :class:`Miss` it gets back (the first differing entry, then
what the checker measures) stays the checker's. numpy only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from posenc.checks.compare import first_mismatch
from posenc.checks.engine import CheckResult, array_from

__all__ = ["Case", "Miss", "first_miss"]


@dataclass(frozen=True)
class Case:
    """One input a checker tries: the arguments, the right answer, and how a verdict names the case."""

    args: tuple[Any, ...]  # what the learner's function is called with: numbers, arrays, functions
    expected: np.ndarray
    where: str  # "for seq_len=8, d_model=6"
    keywords: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Miss:
    """The first case an answer gets wrong, and how.

    Attributes
    ----------
    case : Case
    verdict : CheckResult or None
        The verdict the call itself gave (a crash, a stub, no array), if any; then there is nothing more.
    value : object
        What the learner's function returned.
    got : ndarray or None
        That as a float array (None with a verdict).
    given : tuple
        The arguments after the call: equal to ``case.args`` unless the function changed them in place.
    """

    case: Case
    verdict: CheckResult | None
    value: object = None
    got: np.ndarray | None = None
    given: tuple[Any, ...] = ()

    @property
    def changed_input(self) -> int | None:
        """The index of the first array argument the call changed in place, or None."""
        for index, (before, after) in enumerate(zip(self.case.args, self.given, strict=True)):
            if isinstance(before, np.ndarray) and not (isinstance(after, np.ndarray) and np.array_equal(before, after)):
                return index
        return None


Reader = Callable[..., "tuple[object, np.ndarray, None] | tuple[object, None, CheckResult]"]


def first_miss(
    fn: object, name: str, cases: Iterable[Case], *, params: tuple[str, ...], returns: str, read: Reader | None = None
) -> Miss | None:
    """Call the learner's function on each case in turn; the first it gets wrong, or None if it gets all right.

    One loop for every checker that compares arrays: each call goes through :func:`array_from` (or
    `read`, which takes ``(fn, name, *args)`` and returns what :func:`array_from` does) with
    copies of the case's arrays, so a function that changes its input in place is seen doing so. A case
    is wrong when the call gives a verdict, changes an input, returns another shape, or differs in any
    entry (:func:`first_mismatch`). What to say about it is the checker's: the head
    (:func:`first_difference`), then what it measures.

    Examples
    --------
    >>> cases = [Case((n,), np.arange(n, dtype=float), f"for n={n}") for n in (3, 5)]
    >>> first_miss(lambda n: np.arange(n), "f", cases, params=("n",), returns="0..n-1") is None
    True
    >>> from posenc.checks.compare import first_difference
    >>> miss = first_miss(lambda n: np.arange(1, n + 1), "f", cases, params=("n",), returns="0..n-1")
    >>> miss.case.where, first_difference(miss.got, miss.case.expected, miss.case.where, "out")
    ('for n=3', 'for n=3, out[0] is 1.0000, expected 0.0000.')
    """
    for case in cases:
        given = tuple(a.copy() if isinstance(a, np.ndarray) else a for a in case.args)
        keywords = dict(case.keywords)
        if read is None:
            value, got, verdict = array_from(fn, name, *given, params=params, keywords=keywords, returns=returns)
        else:
            assert not keywords, "a reader takes positional arguments only"
            value, got, verdict = read(fn, name, *given)
        if verdict is not None:
            return Miss(case, verdict, value)
        assert got is not None  # no verdict: an array
        miss = Miss(case, None, value, got, given)
        if miss.changed_input is not None or got.shape != case.expected.shape:
            return miss
        if first_mismatch(got, case.expected) is not None:
            return miss
    return None
