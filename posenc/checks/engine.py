"""The engine every checker runs on: call the learner's code safely, compare, name the mistake.

A checker compares the learner's function (or value) with posenc's reference on
several cases and returns a :class:`CheckResult` that displays as one line, shorter
than :data:`MESSAGE_LIMIT` characters: "Correct: ...", "Not yet: ..." with what
differs and, for a known mistake, a hint naming it, or "Not attempted yet: ..." while
the exercise is still its stub. A stub that was filled in but still ends with its
``return ...`` line (or ``raise NotImplementedError()``, which nbgrader writes into the graded
edition's release in place of each solution) is told to replace that line
(``posenc.checks.stubs`` reads the source to tell the two). Whatever the learner's code returns
or raises, a checker answers with a verdict and never raises, so a notebook always
runs top to bottom; no warning from the learner's code leaks out of it either.

Each checker registers itself in :data:`CHECKERS` with the mistakes it can name, so
that the generic tests (``tests/test_checkers.py``) can produce every one of them.
Beyond the first difference, a checker measures the wrong answer on inputs it chooses
(``posenc.checks.measure``) and says what it found in the learner's terms
(``posenc.checks.phrasing``), so that a mistake nobody listed still gets a useful hint.
"""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple, TypeAlias, TypeVar

import numpy as np
import numpy.typing as npt

from posenc.checks.compare import first_difference, first_mismatch, int_dtype, likely_mistake
from posenc.checks.crashes import CRASHES, explain
from posenc.checks.phrasing import number, short
from posenc.checks.stubs import read_stub

__all__ = [
    "CheckResult",
    "Explained",
    "Checker",
    "CHECKERS",
    "MESSAGE_LIMIT",
    "register",
    "correct",
    "not_yet",
    "room_after",
    "not_attempted",
    "unfinished",
    "call",
    "as_real_array",
    "array_from",
    "first_mismatch",
    "first_difference",
    "likely_mistake",
    "int_dtype",
]

#: A verdict's message is shorter than this many characters: a line read at a glance, not a report.
MESSAGE_LIMIT = 400

_NOT_YET = "Not yet: "

#: What a checker passes to the learner's function: numbers, arrays, and functions (to a test of a function).
Argument: TypeAlias = "npt.ArrayLike | Callable[..., object]"


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
    #: The id of the mistake the message names (see :meth:`Checker.knows`), or None:
    #: what tests, the guide and the notes match on, so that rewording a hint changes none of them.
    mistake: str | None = None

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
    measured : dict of str to str
        Each diagnosis whose sentence is computed from the answer (how many slopes are missing, the
        lengths a cosine divided by): its id and what the sentence says.
    """

    check: Callable[..., CheckResult]
    kind: str
    mistakes: dict[str, str] = field(default_factory=dict)
    measured: dict[str, str] = field(default_factory=dict)

    def knows(self, mistake: str) -> bool:
        """Whether `mistake` is an id this checker's verdicts may carry: a listed mistake, a measured
        diagnosis, or a shape error explained (:data:`posenc.checks.crashes.CRASHES`).

        >>> CHECKERS["check_alibi_slopes"].knows("reversed"), CHECKERS["check_alibi_slopes"].knows("typo")
        (True, False)
        """
        return mistake in self.mistakes or mistake in self.measured or mistake in CRASHES


#: Every checker of the course by name, filled in by :func:`register`.
CHECKERS: dict[str, Checker] = {}


_Check = TypeVar("_Check", bound=Callable[..., CheckResult])


def register(kind: str, mistakes: dict[str, str], measured: dict[str, str] | None = None) -> Callable[[_Check], _Check]:
    """Record a checker in :data:`CHECKERS` under its name (used as a decorator); returns it unchanged.

    `mistakes` maps each listed mistake's id to its hint; `measured`, each measured diagnosis's id to
    what its sentence says (:class:`Checker`).

    Raises
    ------
    ValueError
        If `kind` is neither ``"function"`` nor ``"value"``, or if another module already registered
        a checker of that name (a module run again by ``importlib.reload`` may register its own anew).

    Examples
    --------
    >>> def check_sinusoidal(fn):  # a second checker of that name, outside posenc.checks.table
    ...     return correct("always.")
    >>> register("function", {})(check_sinusoidal)
    Traceback (most recent call last):
    ValueError: a checker named 'check_sinusoidal' is already registered from posenc.checks.table; the one in posenc.checks.engine would replace it: give one of them another name.
    """
    if kind not in ("function", "value"):
        raise ValueError(f"kind must be 'function' or 'value'; got {kind!r}.")

    def decorate(check: _Check) -> _Check:
        name = check.__name__
        known = CHECKERS.get(name)
        if known is not None and known.check.__module__ != check.__module__:
            raise ValueError(
                f"a checker named {name!r} is already registered from {known.check.__module__}; "
                f"the one in {check.__module__} would replace it: give one of them another name."
            )
        CHECKERS[name] = Checker(check, kind, dict(mistakes), dict(measured or {}))
        return check

    return decorate


def correct(detail: str) -> CheckResult:
    """A passing verdict: "Correct: " and what was checked.

    Examples
    --------
    >>> correct("matches the reference on 3 cases.")
    Correct: matches the reference on 3 cases.
    """
    return CheckResult(True, f"Correct: {detail}")


def room_after(head: str) -> int:
    """How many characters a "Not yet: " message that opens with `head` has left under :data:`MESSAGE_LIMIT`.

    What a checker measured goes in this room, clause by clause (:func:`posenc.checks.phrasing.sentences`).

    Examples
    --------
    >>> room_after(""), room_after("for k=1, M[0, 1] is 0.0000, expected 1.0000.")
    (390, 346)
    """
    return MESSAGE_LIMIT - 1 - len(_NOT_YET) - len(head)


class Explained(NamedTuple):
    """A verdict's detail: what a checker measured, and the id of the listed mistake it names (None if none)."""

    text: str
    mistake: str | None = None


def not_yet(head: str, detail: str | Explained = "", mistake: str | None = None) -> CheckResult:
    """A failing verdict: "Not yet: ", `head` (what differs), then `detail` if it fits under :data:`MESSAGE_LIMIT`.

    The verdict's ``mistake`` is `mistake` (a listed mistake that `head` names), else the one `detail`
    names if `detail` is kept: a mistake is recorded only where the message names it.

    Examples
    --------
    >>> not_yet("f(2) is 4.0000, expected 2.0000.", Explained(" Every entry is doubled.", "doubled")).mistake
    'doubled'
    >>> not_yet("f(2) is 4.0000, expected 2.0000.", Explained(" Every entry is doubled." * 20, "doubled"))
    Not yet: f(2) is 4.0000, expected 2.0000.
    """
    text, named = detail if isinstance(detail, Explained) else (detail, None)
    kept = len(text) <= room_after(head)
    return CheckResult(False, _NOT_YET + head + (text if kept else ""), mistake=mistake or (named if kept else None))


def not_attempted(name: str) -> CheckResult:
    """The verdict on an exercise that is still its stub: nothing to judge yet.

    Examples
    --------
    >>> not_attempted("my_table")
    Not attempted yet: fill in my_table, then run this cell again.
    """
    return CheckResult(False, f"Not attempted yet: fill in {name}, then run this cell again.", attempted=False)


def unfinished(fn: object, name: str, returns: str, raised: BaseException | None = None) -> CheckResult | None:
    """The verdict on a function that returned ``...`` or raised `raised`: still a stub, or filled in but for its last line.

    Decided by the source (:func:`posenc.checks.stubs.read_stub`): untouched is "Not
    attempted yet", filled in is told to replace its last line with one that returns
    `returns`. Where there is no source to read, by behaviour: a ``NotImplementedError``
    is not attempted (as it always was), and so is a ``...`` returned, with a word on what
    the last line should return once the rest is filled in. For another exception
    (`raised`), a verdict only if the source shows a ``...`` it comes from; otherwise None.

    Examples
    --------
    >>> unfinished(lambda n: ..., "f", "the (n, 2) table")
    Not attempted yet: fill in f, then run this cell again. It returned ..., the stub's placeholder: once it is filled in, its last line should return the (n, 2) table.
    """
    stub = read_stub(fn, raised)
    if stub is None:
        if raised is None:
            return CheckResult(
                False,
                f"{not_attempted(name).message} It returned ..., the stub's placeholder: "
                f"once it is filled in, its last line should return {returns}.",
                attempted=False,
            )
        return not_attempted(name) if isinstance(raised, NotImplementedError) else None
    if stub.untouched:
        return not_attempted(stub.name if stub.nested else name)
    if raised is not None and not isinstance(raised, NotImplementedError) and not stub.nested:
        return None  # a crash in code written, not on a stub's ...
    which = f"{stub.name} (inside {name})" if stub.nested else name
    what = f"what {stub.name} computes" if stub.nested else returns
    return not_yet(
        f"{which} is filled in, but still ends with the stub's `{stub.last}`: "
        f"replace that last line with one that returns {what}."
    )


def call(
    fn: object,
    name: str,
    *args: Argument,
    params: tuple[str, ...] = (),
    keywords: Mapping[str, Argument] | None = None,
    returns: str = "the value it computes",
) -> tuple[object, CheckResult | None]:
    """Call the learner's function; turn a stub, a crash or a non-function into a verdict.

    Warnings raised inside the learner's code (numpy's "divide by zero", say) are
    silenced: the verdict reports what matters. `params` names the arguments, for
    the verdict on a function that takes the wrong number of them; `keywords` are
    passed by name. A function that returns ``...`` or raises ``NotImplementedError``
    gets :func:`unfinished`'s verdict, which `returns` (what it should return) completes.

    Examples
    --------
    >>> call(lambda n: 1 / n, "f", 0)
    (None, Not yet: f(0) raised ZeroDivisionError: division by zero.)
    >>> def my_table(seq_len):
    ...     return seq_len
    >>> call(my_table, "my_table", 8, 6, params=("seq_len", "d_model"))[1]
    Not yet: my_table should take 2 parameters (seq_len, d_model); yours takes (seq_len).
    """
    keywords = keywords or {}
    if not callable(fn):
        return None, not_yet(f"pass your function itself (without calling it); got {short(fn)}.")
    if params:
        try:
            signature = inspect.signature(fn)
            signature.bind(*args, **keywords)
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
            value = fn(*args, **keywords)
    except Exception as exc:  # the learner's code may fail in any way; report it, do not raise
        stub = unfinished(fn, name, returns, exc) if isinstance(exc, NotImplementedError) or _gap_error(exc) else None
        if stub is not None:
            return None, stub
        shown = ", ".join([*map(_shown, args), *(f"{k}={_shown(v)}" for k, v in keywords.items())])
        text = str(exc).strip()
        text = text if len(text) <= 200 else text[:200] + "..."
        text = text if text.endswith((".", "?", "!")) else text + "."  # NumPy's messages end bare
        return None, not_yet(f"{name}({shown}) raised {type(exc).__name__}: {text}", Explained(*explain(exc)))
    if value is Ellipsis:
        return None, unfinished(fn, name, returns)
    return value, None


def _gap_error(exc: Exception) -> bool:
    """Whether `exc` looks like arithmetic on a ``...`` gap: "unsupported operand type(s) for *: 'ellipsis' ..."."""
    return "ellipsis" in str(exc).lower()


def _shown(a: Argument) -> str:
    """An argument as a verdict names it: a function by its name, a number by its repr, an array by its shape."""
    if callable(a):
        return getattr(a, "__name__", repr(a))
    if isinstance(a, (list, tuple)) and all(isinstance(x, str) for x in a):  # words: a sentence
        return short(list(a)) if len(a) > 8 else repr(list(a))
    return repr(a) if np.ndim(a) == 0 else f"array{np.shape(a)}"


def as_real_array(value: object, name: str) -> tuple[np.ndarray, None] | tuple[None, CheckResult]:
    """The learner's result as a float array (at least 1-D), or a verdict saying why it cannot be one.

    Returns ``(array, None)`` or ``(None, verdict)``.

    Examples
    --------
    >>> as_real_array([[1, 2]], "f")[0]
    array([[1., 2.]])
    >>> as_real_array(None, "f")[1]
    Not yet: f returned None. Did you forget the return statement? (Or return what a method gives back that works in place, such as a.resize(...) or a.sort(): None.)
    >>> as_real_array(np.array([1j]), "f")[1]
    Not yet: f returned complex numbers (dtype complex128); the answer is real: take .real or use np.sin/np.cos.
    """
    if value is None:
        return None, not_yet(
            f"{name} returned None. Did you forget the return statement? (Or return what a method gives back that "
            "works in place, such as a.resize(...) or a.sort(): None.)"
        )
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
    fn: object,
    name: str,
    *args: Argument,
    params: tuple[str, ...] = (),
    keywords: Mapping[str, Argument] | None = None,
    returns: str = "the value it computes",
) -> tuple[object, np.ndarray, None] | tuple[object, None, CheckResult]:
    """Call the learner's function and read its result as a float array: :func:`call`, then :func:`as_real_array`.

    Returns what the function returned, that as a float array (None when it cannot be
    one) and the verdict on why not (None when it can). The value is kept for what the
    array no longer shows: an int dtype (:func:`int_dtype`), a pair where one array belongs.
    `params`, `keywords` and `returns` are :func:`call`'s.

    Examples
    --------
    >>> array_from(lambda n: np.arange(n), "f", 3)
    (array([0, 1, 2]), array([0., 1., 2.]), None)
    >>> array_from(lambda n: "three", "f", 3)[1:]
    (None, Not yet: f should return a numpy array of numbers; got the text 'three'.)
    """
    value, verdict = call(fn, name, *args, params=params, keywords=keywords, returns=returns)
    if verdict is not None:
        return value, None, verdict
    return value, *as_real_array(value, name)
