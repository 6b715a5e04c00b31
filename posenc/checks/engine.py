"""The engine every checker runs on: call the learner's code safely, compare, name the mistake.

A checker takes the learner's function (or value), compares it with posenc's
reference on several cases, and returns a :class:`CheckResult` that displays as one
line: "Correct: ...", "Not yet: ..." with what differs and, when the mistake is a
known one, a hint naming it, or "Not attempted yet: ..." while the exercise still
raises ``NotImplementedError``. Whatever the learner's code returns or raises, a
checker answers with a verdict and never raises, so a notebook always runs top to
bottom; no warning from the learner's code leaks out of it either.

Each checker registers itself in :data:`CHECKERS` with the mistakes it can name, so
that the generic tests (``tests/test_checkers.py``) can produce every one of them.
Beyond the first difference, the topic modules describe a wrong answer by measuring
it on inputs they choose (``posenc.checks.measure``), so that a mistake nobody listed
still gets a useful hint.
"""

from __future__ import annotations

import inspect
import math
import reprlib
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

__all__ = [
    "CheckResult",
    "Checker",
    "CHECKERS",
    "register",
    "correct",
    "not_yet",
    "not_attempted",
    "call",
    "as_real_array",
    "array_from",
    "first_mismatch",
    "first_difference",
    "likely_mistake",
    "int_dtype",
    "number",
    "short",
    "name_of",
]


@dataclass(frozen=True)
class CheckResult:
    """The verdict of a check: truthy when correct; displays as its one-line message.

    Examples
    --------
    >>> result = CheckResult(False, "Not yet: try again.")
    >>> bool(result), result
    (False, Not yet: try again.)
    """

    passed: bool
    message: str
    attempted: bool = True

    def __bool__(self) -> bool:
        return self.passed

    def __repr__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Checker:
    """A registered checker: the function, what it takes, and the mistakes it can name.

    Attributes
    ----------
    check : callable
    kind : str
        ``"function"`` (it takes the learner's function) or ``"value"`` (a number).
    mistakes : dict of str to str
        Each known mistake's id and the hint the learner reads when it is seen.
    """

    check: Callable[..., CheckResult]
    kind: str
    mistakes: dict[str, str] = field(default_factory=dict)


#: Every checker of the course by name, filled in by :func:`register`.
CHECKERS: dict[str, Checker] = {}


def register(kind: str, mistakes: dict[str, str]) -> Callable:
    """Record a checker in :data:`CHECKERS` (used as a decorator); returns it unchanged."""
    if kind not in ("function", "value"):
        raise ValueError(f"kind must be 'function' or 'value'; got {kind!r}.")

    def decorate(check: Callable[..., CheckResult]) -> Callable[..., CheckResult]:
        CHECKERS[check.__name__] = Checker(check, kind, dict(mistakes))
        return check

    return decorate


def correct(detail: str) -> CheckResult:
    return CheckResult(True, f"Correct: {detail}")


def not_yet(detail: str) -> CheckResult:
    return CheckResult(False, f"Not yet: {detail}")


def not_attempted(name: str) -> CheckResult:
    return CheckResult(False, f"Not attempted yet: fill in {name}, then run this cell again.", attempted=False)


def name_of(fn: object) -> str:
    """The learner's function's name, for messages."""
    name = getattr(fn, "__name__", None)
    return name if isinstance(name, str) and name != "<lambda>" else "your function"


_repr = reprlib.Repr()
_repr.maxstring = 40
_repr.maxother = 40
_repr.maxlist = _repr.maxtuple = 4


def number(x: float) -> str:
    """A number for a message: 4 decimals when small, 4 significant digits otherwise.

    Examples
    --------
    >>> number(-0.38151), number(1e300), number(float("nan"))
    ('-0.3815', '1e+300', 'nan')
    """
    x = float(x)
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
    return f"{_repr.repr(value)} (a {type(value).__name__})"


def call(fn: object, name: str, *args: object, params: tuple[str, ...] = ()) -> tuple[object, CheckResult | None]:
    """Call the learner's function; turn a stub, a crash or a non-function into a verdict.

    Warnings raised inside the learner's code (numpy's "divide by zero", say) are
    silenced: the verdict reports what matters. `params` names the arguments, for
    the verdict on a function that takes the wrong number of them.

    Examples
    --------
    >>> call(lambda n: 1 / n, "f", 0)
    (None, Not yet: f(0) raised ZeroDivisionError: division by zero)
    >>> def my_table(seq_len):
    ...     return seq_len
    >>> call(my_table, "my_table", 8, 6, params=("seq_len", "d_model"))[1]
    Not yet: my_table should take 2 parameters (seq_len, d_model); yours takes (seq_len).
    """
    if not callable(fn):
        return None, not_yet(f"pass your function itself (without calling it); got {short(fn)}.")
    if params:
        try:
            signature = inspect.signature(fn)
            signature.bind(*args)
        except TypeError:
            takes = ", ".join(signature.parameters)
            return None, not_yet(
                f"{name} should take {len(params)} parameters ({', '.join(params)}); yours takes ({takes})."
            )
        except ValueError:  # no signature to read (a builtin): let the call itself tell
            pass
    try:
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            return fn(*args), None
    except NotImplementedError:
        return None, not_attempted(name)
    except Exception as exc:  # the learner's code may fail in any way; report it, do not raise
        shown = ", ".join(repr(a) if np.ndim(a) == 0 and not callable(a) else _arg(a) for a in args)
        text = str(exc)
        text = text if len(text) <= 200 else text[:200] + "..."
        return None, not_yet(f"{name}({shown}) raised {type(exc).__name__}: {text}")


def _arg(a: object) -> str:
    return getattr(a, "__name__", None) or f"array{np.shape(a)}"


def as_real_array(value: object, name: str) -> tuple[np.ndarray | None, CheckResult | None]:
    """The learner's result as a float array (at least 1-D), or a verdict saying why it cannot be one.

    Examples
    --------
    >>> as_real_array([[1, 2]], "f")[0]
    array([[1., 2.]])
    >>> as_real_array(None, "f")[1]
    Not yet: f returned None. Did you forget the return statement?
    >>> as_real_array(np.array([1j]), "f")[1]
    Not yet: f returned complex numbers (dtype complex128); the answer is real: take .real or use np.sin/np.cos.
    """
    if value is None:
        return None, not_yet(f"{name} returned None. Did you forget the return statement?")
    if isinstance(value, (str, bytes)):
        return None, not_yet(f"{name} should return a numpy array of numbers; got {short(value)}.")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # a ragged list warns in old numpy and raises in new
            arr = np.asarray(value)
    except Exception:
        return None, not_yet(
            f"{name} should return a numpy array of numbers; got {short(value)} "
            "whose rows have different lengths or hold other things than numbers."
        )
    if np.iscomplexobj(arr):
        return None, not_yet(
            f"{name} returned complex numbers (dtype {arr.dtype}); the answer is real: take .real or use np.sin/np.cos."
        )
    if arr.dtype.kind not in "biuf":
        kind = f"an array of dtype {arr.dtype}" if isinstance(value, np.ndarray) else short(value)
        return None, not_yet(f"{name} should return a numpy array of numbers; got {kind}.")
    if arr.ndim == 0:
        return None, not_yet(f"{name} returned a single number ({number(arr)}); it should return an array.")
    return arr.astype(float), None


def array_from(
    fn: object, name: str, *args: object, params: tuple[str, ...] = ()
) -> tuple[np.ndarray | None, CheckResult | None]:
    """Call the learner's function and read its result as a float array: :func:`call`, then :func:`as_real_array`.

    Examples
    --------
    >>> array_from(lambda n: np.arange(n), "f", 3)
    (array([0., 1., 2.]), None)
    """
    value, verdict = call(fn, name, *args, params=params)
    if verdict is not None:
        return None, verdict
    return as_real_array(value, name)


def first_mismatch(got: np.ndarray, expected: np.ndarray, atol: float = 1e-6) -> tuple[int, ...] | None:
    """The index of the first entry (in row-major order) that differs by more than `atol`, or None.

    Works for arrays of any rank; a NaN in `got` counts as different.

    Examples
    --------
    >>> first_mismatch(np.zeros((2, 2, 3)), np.eye(3)[None].repeat(2, axis=0)[:, :2])
    (0, 0, 0)
    >>> first_mismatch(np.ones(3), np.ones(3)) is None
    True
    """
    bad = np.argwhere(~np.isclose(got, expected, atol=atol, rtol=0.0))
    return None if bad.size == 0 else tuple(int(i) for i in bad[0])


def first_difference(got: np.ndarray, expected: np.ndarray, where: str, label: str) -> str | None:
    """A sentence naming the first entry of `got` that differs from `expected`, or None if none does.

    Examples
    --------
    >>> first_difference(np.eye(2), np.ones((2, 2)), "for k=1", "M")
    'for k=1, M[0, 1] is 0.0000, expected 1.0000.'
    >>> first_difference(np.ones(2), np.ones(2), "here", "x") is None
    True
    """
    cell = first_mismatch(got, expected)
    if cell is None:
        return None
    index = ", ".join(map(str, cell))
    return f"{where}, {label}[{index}] is {number(got[cell])}, expected {number(expected[cell])}."


def likely_mistake(
    got: np.ndarray, suspects: dict[str, np.ndarray] | list[tuple[str, np.ndarray]], atol: float = 1e-6
) -> str | None:
    """The id of the first suspect output that `got` matches, if any.

    Parameters
    ----------
    got : ndarray
        What the learner's code returned.
    suspects : dict of str to ndarray, or list of (str, ndarray) pairs
        For each known mistake's id, what that mistake returns on the same input (a list
        when one mistake has several forms).

    Examples
    --------
    >>> likely_mistake(np.ones(2), {"zeros": np.zeros(2), "ones": np.ones(2)})
    'ones'
    """
    for mistake, wrong in suspects.items() if isinstance(suspects, dict) else suspects:
        if wrong.shape == got.shape and np.allclose(got, wrong, atol=atol, rtol=0.0):
            return mistake
    return None


def int_dtype(value: object) -> str | None:
    """The dtype of a numpy array of integers, which holds no fractions (they were cut off); else None.

    Examples
    --------
    >>> int_dtype(np.zeros(3, dtype=np.int32)), int_dtype(np.zeros(3)), int_dtype([1, 2])
    ('int32', None, None)
    """
    if isinstance(value, np.ndarray) and value.dtype.kind in "iu":
        return str(value.dtype)
    return None
