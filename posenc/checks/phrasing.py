"""Phrase what a checker found in the learner's terms: numbers, values, column lists, clauses.

:mod:`posenc.checks.measure` finds what a wrong answer does (a speed, a shift, a
base); this module says it: "columns 2–15", "3.2× too slow", "as if the base were
1000, not 10000". A checker collects what it found as :class:`Finding` s, and
:func:`sentences` merges those about the same columns into as many clauses as fit in
the room its message has left.
"""

from __future__ import annotations

import math
import reprlib
from typing import NamedTuple, SupportsFloat

import numpy as np

__all__ = [
    "Finding",
    "name_of",
    "number",
    "short",
    "sig",
    "signed",
    "amount",
    "factor",
    "times",
    "as_if_base",
    "runs",
    "columns",
    "sentences",
]


def name_of(fn: object) -> str:
    """The learner's function's name, for messages; "your function" for a lambda or a non-function.

    Examples
    --------
    >>> def my_table(seq_len, d_model): ...
    >>> name_of(my_table), name_of(lambda n: n), name_of(3)
    ('my_table', 'your function', 'your function')
    """
    name = getattr(fn, "__name__", None)
    return name if isinstance(name, str) and name != "<lambda>" else "your function"


# Long texts and containers are cut in the middle, so that one value cannot fill a message.
_repr = reprlib.Repr()
_repr.maxstring = 40
_repr.maxother = 40
_repr.maxlist = _repr.maxtuple = 4


def number(x: SupportsFloat) -> str:
    """A number for a message: 4 decimals when small, 4 significant digits otherwise; -0.0 is 0.

    Examples
    --------
    >>> number(-0.38151), number(1e300), number(float("nan")), number(-0.0)
    ('-0.3815', '1e+300', 'nan', '0.0000')
    """
    x = float(x) + 0.0  # -0.0 + 0.0 is 0.0: a sign nobody wrote
    return f"{x:.4f}" if math.isfinite(x) and abs(x) < 1e4 else f"{x:.4g}"


def short(value: object) -> str:
    """A short description of any value the learner's code returned, for a message.

    Examples
    --------
    >>> short(np.zeros((3, 4)))
    'an array of shape (3, 4) and dtype float64'
    >>> short("a" * 100)
    "the text 'aaaaaaaaaaaaaaaaa...aaaaaaaaaaaaaaaaaa'"
    >>> short(10**400)
    'the int 1e+400'
    >>> len(short([["a long answer, repeated"] * 5] * 5)) < 140
    True
    """
    if isinstance(value, np.ndarray):
        return f"an array of shape {value.shape} and dtype {value.dtype}"
    if isinstance(value, str):
        return f"the text {_repr.repr(value)}"
    if isinstance(value, (bool, np.bool_)) or value is None:
        return repr(value)
    if isinstance(value, (int, np.integer)):
        digits = str(abs(int(value)))
        text = str(int(value)) if len(digits) <= 12 else f"{'-' * (int(value) < 0)}{digits[0]}e+{len(digits) - 1}"
        return f"the int {text}"
    if isinstance(value, (float, np.floating)):
        return f"the number {number(value)}"
    shown = _repr.repr(value)
    if len(shown) > 120:  # nested containers: reprlib bounds each level, not the whole
        shown = shown[:117] + "..."
    return f"{shown} (a {type(value).__name__})"


def sig(x: float, digits: int = 3) -> str:
    """A number with `digits` significant digits, without an exponent for ordinary sizes.

    Examples
    --------
    >>> sig(1000.0), sig(31622.8), sig(0.50004), sig(-1.0), sig(2.0e-7), sig(1e300)
    ('1000', '31600', '0.5', '-1', '2e-07', '1e+300')
    """
    if x == 0 or not math.isfinite(x) or not 1e-4 <= abs(x) < 1e9:
        return f"{x:.{digits}g}"
    return f"{round(x, digits - 1 - math.floor(math.log10(abs(x)))):.10f}".rstrip("0").rstrip(".")


def signed(x: float) -> str:
    """A number to add, with its sign apart: "+ 0.3", "− 1".

    Examples
    --------
    >>> signed(0.3), signed(-1.0)
    ('+ 0.3', '− 1')
    """
    return f"{'+' if x >= 0 else '−'} {sig(abs(x))}"


def amount(x: float) -> str:
    """A factor or offset for a message: 3 significant digits, more when it is within 1% of a whole number.

    Examples
    --------
    >>> amount(0.14218), amount(1.0001), amount(0.499998), amount(2.0), amount(-3e-5)
    ('0.142', '1.0001', '0.5', '2', '-3e-05')
    """
    return sig(x, 3 if abs(x - round(x)) >= 0.01 else 6)


def factor(ratio: float) -> str:
    """How many times larger (or smaller) a positive ratio is: "3.2×", or "0.3%" when it is within 1% of 1.

    Examples
    --------
    >>> factor(1 / 3.2), factor(7.4989), factor(56.23), factor(1.0365), factor(0.99997)
    ('3.2×', '7.5×', '56.2×', '1.04×', '0.003%')
    """
    times_larger = max(ratio, 1 / ratio)
    if times_larger < 1.01:
        return f"{sig(100 * (times_larger - 1), 2)}%"
    return f"{sig(times_larger, 2 if 2 <= times_larger < 10 else 3)}×"


def times(ratio: float, more: str = "too fast", less: str = "too slow") -> str:
    """A ratio of speeds in words: "3.2× too slow", "0.2% too fast".

    Examples
    --------
    >>> times(1 / 3.2), times(1.002)
    ('3.2× too slow', '0.2% too fast')
    """
    return f"{factor(ratio)} {more if ratio >= 1 else less}"


def as_if_base(base: float) -> str:
    """Speeds that fall with another base than 10000, in words, with digits enough to tell it from 10000.

    Examples
    --------
    >>> as_if_base(1000.0), as_if_base(10000.3)
    ('as if the base were 1000, not 10000', 'as if the base were 10000.3, not 10000')
    """
    digits = next((n for n in range(3, 12) if sig(base, n) != "10000"), 12)
    return f"as if the base were {sig(base, digits)}, not 10000"


def runs(indices: list[int], most: int = 3) -> str:
    """Indices as runs, "0, 4 and 7–9"; after `most` runs, an ellipsis.

    Examples
    --------
    >>> runs([2, 3, 4, 5]), runs([0, 4, 7, 8, 9]), runs([1, 3, 5, 7, 9])
    ('2–5', '0, 4 and 7–9', '1, 3, 5, …')
    """
    pieces, start = [], 0
    for j in range(1, len(indices) + 1):
        if j == len(indices) or indices[j] != indices[j - 1] + 1:
            first, last = indices[start], indices[j - 1]
            pieces.append(str(first) if first == last else f"{first}–{last}")
            start = j
    if len(pieces) > most:
        return ", ".join(pieces[:most]) + ", …"
    return pieces[0] if len(pieces) == 1 else ", ".join(pieces[:-1]) + " and " + pieces[-1]


def columns(cols: list[int], width: int, noun: str = "column") -> str:
    """The columns (or blocks, ...) `cols` of `width` in all, in words.

    Examples
    --------
    >>> columns([0, 1, 2, 3], 4), columns([3], 6), columns([2, 3, 4, 5], 6)
    ('every column', 'column 3', 'columns 2–5')
    >>> columns([1, 3, 5, 7, 9, 11, 13, 15], 16), columns([0, 2], 6), columns([1, 3], 4, "block")
    ('the cosine columns (1, 3, …, 15)', 'columns 0 and 2', 'blocks 1 and 3')
    """
    cols = sorted(cols)
    if len(cols) == width > 1:
        return f"every {noun}"
    if len(cols) == 1:
        return f"{noun} {cols[0]}"
    for parity, kind in ((0, "sine"), (1, "cosine")):
        if noun == "column" and width > 4 and cols == list(range(parity, width, 2)):
            shown = ", ".join(map(str, cols)) if len(cols) <= 3 else f"{cols[0]}, {cols[1]}, …, {cols[-1]}"
            return f"the {kind} columns ({shown})"
    return f"{noun}s {runs(cols)}"


class Finding(NamedTuple):
    """What was found about some columns (or blocks, or pairs), to be said in one clause.

    Attributes
    ----------
    cols : tuple of int
        The columns it is about; none for a clause of its own (:meth:`note`).
    verb_one, verb_many : str
        The verb when it is about one column ("turns"), and when about several ("turn").
    rest : str
        What follows the verb: "2× too fast".

    Examples
    --------
    >>> Finding((2, 3), "turns", "turn", "2× too fast")
    Finding(cols=(2, 3), verb_one='turns', verb_many='turn', rest='2× too fast')
    """

    cols: tuple[int, ...]
    verb_one: str
    verb_many: str
    rest: str

    @classmethod
    def note(cls, text: str) -> Finding:
        """A finding about no columns in particular: `text` is said as it is, a clause of its own.

        Examples
        --------
        >>> Finding.note("the columns are in reverse order")
        Finding(cols=(), verb_one='', verb_many='', rest='the columns are in reverse order')
        """
        return cls((), "", "", text)


def sentences(findings: list[Finding], width: int, room: int, noun: str = "column") -> str:
    """Findings as clauses, those about the same columns merged, as many as fit in `room` characters.

    Examples
    --------
    >>> found = [Finding((0, 1), "is", "are", "scaled by 0.5"), Finding((0, 1), "is", "are", "offset by 1")]
    >>> sentences(found + [Finding((1,), "turns", "turn", "2× too fast"), Finding.note("all is well")], 2, 200)
    'every column is scaled by 0.5 and offset by 1; column 1 turns 2× too fast; all is well'
    >>> sentences([Finding.note("one"), Finding.note("two")], 2, 200)
    'one; two'
    >>> sentences(found, 2, 20)
    ''
    """
    merged: dict[object, list[tuple[str, str, str]]] = {}
    for n, found in enumerate(findings):
        # A note (no columns) is keyed by its place in the list: merged with no other finding.
        merged.setdefault(found.cols or n, []).append((found.verb_one, found.verb_many, found.rest))
    said = ""
    for key, phrases in merged.items():
        cols = key if isinstance(key, tuple) else ()
        single = len(cols) == 1 or len(cols) == width
        parts, last = [], None
        for one, several, rest in phrases:
            verb = one if single else several
            parts.append(rest if verb in (last, "") else f"{verb} {rest}")
            last = verb
        clause = f"{columns(list(cols), width, noun)} {' and '.join(parts)}" if cols else " and ".join(parts)
        if len(said) + len(clause) + 2 > room:
            break
        said = f"{said}; {clause}" if said else clause
    return said
