"""What a crash of the learner's code means, said in a learner's words: numpy's shape errors explained.

A checker reports a crash with numpy's own message ("operands could not be broadcast together
with shapes (8,) (6,6)"), which names the shapes but not the rule. :func:`explain` adds the
rule and the usual repair, for the two shape errors learners meet most: broadcasting and a
matrix product whose inner lengths differ. numpy only.
"""

from __future__ import annotations

import linecache
import re

__all__ = ["CRASHES", "explain"]

#: The shape errors :func:`explain` tells apart, by id: what its sentence says (a verdict's ``mistake``).
CRASHES = {
    "missing-axis": "shapes that do not broadcast, where one array lacks an axis (fewer axes, or one of length 1): "
    "numpy's rule, and the repair, an axis added with None",
    "wrong-length": "two arrays with as many axes, no length 1, and different lengths along one axis: that axis "
    "named, and a slice that cuts the longer one",
    "star-for-matmul": "the same, on a line that multiplies with * where a matrix product of the two fits: use @",
    "index-for-axis": "an IndexError for too many indices: index with None to add an axis, not with a number",
    "inner-lengths": "a matrix product whose inner lengths differ: a .T missing, or one too many",
    "out-of-bounds": "an index past an axis's end: the axis and its valid indices named; rows meant where columns "
    "were indexed, or counting from 1, asked",
    "assign-shape": "an assignment into a slice of another shape: both shapes named, the value's transpose or a "
    "slice indexed twice (M[a:b][c:d]) said when the shapes or the line show it",
}

_BROADCAST = re.compile(r"operands could not be broadcast together with shapes ((?:\([\d, ]*\)\s*)+)")
_INDICES = re.compile(r"too many indices for array: array is (\d+)-dimensional, but (\d+) were indexed")
_ASSIGN = re.compile(r"could not broadcast input array from shape \(([\d, ]*)\) into shape \(([\d, ]*)\)")
_BOUNDS = re.compile(r"index (-?\d+) is out of bounds for axis (\d+) with size (\d+)")
_MATMUL = re.compile(r"matmul: .*core dimension 0.*\(size (\d+) is different from (\d+)\)")


def explain(exc: BaseException) -> tuple[str, str | None]:
    """A sentence on what the error means and how it is usually repaired, and its id in :data:`CRASHES`.

    ``("", None)`` for other errors.

    Examples
    --------
    >>> import numpy as np
    >>> try:
    ...     np.ones(8) * np.ones((6, 6))
    ... except ValueError as exc:
    ...     print(*explain(exc))
     NumPy lines shapes up from their last axis, and each pair of lengths must be equal or 1. Give the smaller array the axes it lacks, with None (x[:, None], say). missing-axis
    >>> try:
    ...     np.arange(3)[:, 1]
    ... except IndexError as exc:
    ...     print(*explain(exc))
     A 1-D array takes at most 1 index; to give it one more axis, index with None (x[:, None]), not a number. index-for-axis
    >>> try:
    ...     np.ones((4, 3)) @ np.ones((4, 3))
    ... except ValueError as exc:
    ...     print(*explain(exc))
     In a @ b, a's last axis (3 long) must match b's first (4): a .T missing or one too many? inner-lengths
    """
    text = str(exc)
    found = _BROADCAST.search(text)
    if found:
        listed = re.findall(r"\([\d, ]*\)", found.group(1))
        rule = " NumPy lines shapes up from their last axis, and each pair of lengths must be equal or 1."
        repair, crash = _repair([tuple(int(n) for n in re.findall(r"\d+", s)) for s in listed], _failing_line(exc))
        return rule + repair, crash
    found = _INDICES.search(text)
    if found:
        return (
            f" A {found[1]}-D array takes at most {found[1]} {'index' if found[1] == '1' else 'indices'}; to give it "
            "one more axis, index with None (x[:, None]), not a number.",
            "index-for-axis",
        )
    found = _BOUNDS.search(text)
    if found:
        index, axis, size = found.groups()
        other = {
            "0": "with a count of something else (a column, where the array has one entry per pair: i // 2)",
            "1": "the columns (x[:, i]) where the rows (x[i]) were meant",
        }
        asked = f"are you indexing {other[axis]}, or" if axis in other else "are you"
        return (
            f" Axis {axis} has {size} entries (indices 0 to {int(size) - 1}) and index {index} was asked of it: "
            f"{asked} counting from 1?",
            "out-of-bounds",
        )
    found = _ASSIGN.search(text)
    if found:
        value, target = (tuple(int(n) for n in re.findall(r"\d+", g)) for g in found.groups())
        return _assigned(value, target, _failing_line(exc)), "assign-shape"
    found = _MATMUL.search(text)
    if found:
        joined = ", or two arrays joined side by side where + adds them" if int(found[2]) == 2 * int(found[1]) else ""
        return (
            f" In a @ b, a's last axis ({found[2]} long) must match b's first ({found[1]}): a .T missing or one too "
            f"many{joined}?",
            "inner-lengths",
        )
    return "", None


def _assigned(value: tuple[int, ...], target: tuple[int, ...], line: str = "") -> str:
    """What an assignment ``M[...] = value`` of the wrong shape means, read from the two shapes and the line.

    >>> _assigned((2, 2), (2, 8), "M[0:2][0:2] = block")
    ' The slice assigned to is (2, 8) and the value (2, 2): M[a:b][c:d] slices the rows twice; rows and columns go in one index, M[a:b, c:d].'
    >>> _assigned((2, 2), (2, 8))  # the line unread (code run by exec): the shapes alone
    ' The slice assigned to is (2, 8) and the value (2, 2): the slice took rows but kept all 8 columns. M[a:b][c:d] slices the rows twice; rows and columns go in one index, M[a:b, c:d].'
    >>> print(_assigned((3, 8), (8, 3)))
     The slice assigned to is (8, 3) and the value (3, 8), its transpose: swap the value's axes (.T), or build it the other way round.
    """
    head = f" The slice assigned to is {target} and the value {value}"
    if re.search(r"\]\s*\[", line.split("=")[0]):
        return head + ": M[a:b][c:d] slices the rows twice; rows and columns go in one index, M[a:b, c:d]."
    if value == target[::-1]:
        return head + ", its transpose: swap the value's axes (.T), or build it the other way round."
    if len(value) == len(target) == 2 and value[0] == target[0] and value[1] < target[1]:
        return head + (
            f": the slice took rows but kept all {target[1]} columns. M[a:b][c:d] slices the rows twice; rows and "
            "columns go in one index, M[a:b, c:d]."
        )
    return head + ": check which rows and columns the slice takes (M[:, 0::2] takes every other column)."


def _failing_line(exc: BaseException) -> str:
    """The source line, in the learner's own code, where `exc` was raised ("" where none can be read).

    numpy raises from inside its own code; the line wanted is that of the deepest frame outside numpy (a
    notebook cell's, which IPython keeps readable, or a file's). When that line cannot be read (code run by
    exec), it is "": never a line of an outer frame, which is the checker's own code."""
    line = ""
    tb = exc.__traceback__
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if "numpy" not in filename.replace("\\", "/").split("/"):
            line = linecache.getline(filename, tb.tb_lineno).strip()
        tb = tb.tb_next
    return line


def _repair(shapes: list[tuple[int, ...]], line: str = "") -> tuple[str, str]:
    """The usual repair for shapes that do not broadcast, read from the shapes and from the failing line; its id.

    An array with fewer axes, or with an axis of length 1 (made for broadcasting), lacks an axis: add it
    with None. Two arrays with as many axes and no length 1 lack none: either one has the wrong length
    where they clash (a table with more rows than the sentence has words), or, when the line multiplies
    and a matrix product of the two fits, ``*`` stands where ``@`` belongs.

    Examples
    --------
    >>> _repair([(5, 8), (8, 8)], "x = x + table")
    (' Both have 2 axes, which differ in length along axis 0 (5 against 8): one of them is the wrong length there (t[:5] keeps the first 5).', 'wrong-length')
    >>> _repair([(4, 4), (4, 8)], "return weights * v")
    (' Both have 2 axes, which differ in length along axis 1 (4 against 8): a matrix product, @, is what fits them, not *.', 'star-for-matmul')
    >>> _repair([(8,), (6, 6)])
    (' Give the smaller array the axes it lacks, with None (x[:, None], say).', 'missing-axis')
    """
    if len(shapes) == 2 and len(shapes[0]) == len(shapes[1]) and 1 not in shapes[0] + shapes[1]:
        a, b = shapes
        clash = next(i for i in range(len(a)) if a[i] != b[i])  # no length 1 anywhere: the first difference
        head = f" Both have {len(a)} axes, which differ in length along axis {clash} ({a[clash]} against {b[clash]}): "
        multiplies = re.search(r"[^*]\*[^*=]", f" {line} ") is not None
        if multiplies and "@" not in line and len(a) >= 2 and a[-1] == b[-2]:
            return head + "a matrix product, @, is what fits them, not *.", "star-for-matmul"
        short = min(a[clash], b[clash])
        cut = f"t[:{short}]" if clash == 0 else f"t[{', '.join([':'] * clash)}, :{short}]"
        return head + f"one of them is the wrong length there ({cut} keeps the first {short}).", "wrong-length"
    return " Give the smaller array the axes it lacks, with None (x[:, None], say).", "missing-axis"
