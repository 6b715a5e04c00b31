"""What a crash of the learner's code means, said in a learner's words: numpy's shape errors explained.

A checker reports a crash with numpy's own message ("operands could not be broadcast together
with shapes (8,) (6,6)"), which names the shapes but not the rule. :func:`explain` adds the
rule and the usual repair, for the two shape errors learners meet most: broadcasting and a
matrix product whose inner lengths differ. numpy only.
"""

from __future__ import annotations

import re

__all__ = ["explain"]

_BROADCAST = re.compile(r"operands could not be broadcast together with shapes ((?:\([\d, ]*\)\s*)+)")
_MATMUL = re.compile(r"matmul: .*core dimension 0.*\(size (\d+) is different from (\d+)\)")


def explain(exc: BaseException) -> str:
    """A sentence on what the error means and how it is usually repaired; "" for other errors.

    Examples
    --------
    >>> import numpy as np
    >>> try:
    ...     np.ones(8) * np.ones((6, 6))
    ... except ValueError as exc:
    ...     print(explain(exc))
     NumPy lines shapes up from their last axis, and each pair of lengths must be equal or 1: (8,) against (6,6) do not fit. Give the smaller array the axes it lacks, with None (x[:, None], say).
    >>> try:
    ...     np.ones((4, 3)) @ np.ones((4, 3))
    ... except ValueError as exc:
    ...     print(explain(exc))
     In a @ b the last axis of a (3 long here) must be as long as the first axis of b (4): a .T missing, or one too many?
    """
    text = str(exc)
    found = _BROADCAST.search(text)
    if found:
        shapes = " against ".join(re.findall(r"\([\d, ]*\)", found.group(1)))
        return (
            " NumPy lines shapes up from their last axis, and each pair of lengths must be equal or 1: "
            f"{shapes} do not fit. Give the smaller array the axes it lacks, with None (x[:, None], say)."
        )
    found = _MATMUL.search(text)
    if found:
        return (
            f" In a @ b the last axis of a ({found[2]} long here) must be as long as the first axis of b "
            f"({found[1]}): a .T missing, or one too many?"
        )
    return ""
