"""Deliberate mistakes in a lesson, shown without stopping it: ``with checks.expect_error(): ...``.

A lesson shows what a wrong call does (``posenc.sinusoidal(10, -4)``) so that the learner
reads a real error message. Raised in a cell, that error would stop "Run all" in the
front ends that ignore nbval's ``raises-exception`` tag (Colab, VS Code). Inside
:func:`expect_error` the error is caught and printed as its last line, the line to read
first, so the lesson runs on and nbval still compares the message.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["expect_error"]


@contextmanager
def expect_error() -> Iterator[None]:
    """Run a block that should fail; print its error's type and message instead of stopping.

    If the block raises no error, says so: the mistake it was meant to show did not happen.
    Errors that stop Python itself (Ctrl+C, ``exit()``) are not caught.

    Examples
    --------
    >>> import posenc
    >>> with expect_error():
    ...     posenc.sinusoidal(10, -4)
    ValueError: d_model must be a positive integer; got d_model=-4.
    >>> with expect_error():
    ...     table = posenc.sinusoidal(10, 4)
    No error: this block ran without one (the mistake it shows did not happen).
    """
    try:
        yield
    except Exception as error:  # any mistake a lesson shows, whatever its type
        print(f"{type(error).__name__}: {error}")
    else:
        print("No error: this block ran without one (the mistake it shows did not happen).")
