"""Read an exercise's source to tell an untouched stub from a filled-in one whose last line is the stub's.

A stub keeps the exercise's structure, marks each gap with ``...`` and ends with a line
the learner completes: ``return ...`` in the lessons, ``raise NotImplementedError()`` in
the graded edition's release (nbgrader puts it in place of each solution). When the learner's function returns ``...`` or raises
``NotImplementedError``, the engine (``posenc.checks.engine.call``) asks
:func:`read_stub` which of two things happened:

- **untouched**: a ``...`` gap is still there, or nothing but the docstring, comments and
  gaps comes before the last line, or the stub's instruction comment still sits
  directly above that line (nothing was written under it): "Not attempted yet";
- **filled in**: every gap is gone and code was written, but the last line is still the
  stub's: "replace the last line with ...".

``...`` inside an index (``x[..., 0::2]``) is numpy's, not a gap. Where no source can be
read (a lambda, a builtin, a ``functools.partial``, code typed into ``python -c``), or
the source read does not match the code that ran, :func:`read_stub` returns None and the
engine decides by behaviour alone, as before. numpy is not even needed here.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
import types
from typing import NamedTuple

__all__ = ["Stub", "read_stub", "RETURN", "RAISE"]

#: The stub's last line, as a message names it.
RETURN = "return ..."
RAISE = "raise NotImplementedError(...)"


class Stub(NamedTuple):
    """What the source of a function that returned ``...`` or raised ``NotImplementedError`` shows.

    Attributes
    ----------
    name : str
        The function read: the learner's, or one defined inside it whose stub line ran.
    nested : bool
        Whether `name` is a function defined inside the learner's.
    untouched : bool
        True: nothing filled in yet. False: filled in, but it ends with the stub's `last` line.
    last : str
        The stub's last line still in place (:data:`RETURN` or :data:`RAISE`); "" if another line ends it.
    """

    name: str
    nested: bool
    untouched: bool
    last: str


def read_stub(fn: object, raised: BaseException | None = None) -> Stub | None:
    """What the source of `fn` says about it: an untouched stub, a filled-in one, or None (no source to go by).

    Parameters
    ----------
    fn : object
        The learner's function, which returned ``...`` or raised.
    raised : exception, optional
        What it raised: a ``NotImplementedError`` raised inside a function defined in
        `fn` is read there, so that the message names that function. Where `fn` itself
        is no stub, a function defined in it that ends with ``return ...`` is read instead
        (its ``...`` is what was returned, or what the error was about).

    Examples
    --------
    >>> import linecache
    >>> source = '''def my_table(n):
    ...     rows = ...          # (n,)
    ...     return ...          # (n, 2)
    ... def my_filled(n):
    ...     rows = [0] * n      # (n,)
    ...     return ...          # (n, 2)
    ... '''
    >>> linecache.cache["<lesson>"] = (len(source), None, source.splitlines(True), "<lesson>")  # as IPython does
    >>> namespace = {}
    >>> exec(compile(source, "<lesson>", "exec"), namespace)
    >>> read_stub(namespace["my_table"])
    Stub(name='my_table', nested=False, untouched=True, last='return ...')
    >>> read_stub(namespace["my_filled"]).untouched
    False
    >>> read_stub(lambda n: ...) is None  # no source of its own: decide by behaviour
    True
    """
    if inspect.ismethod(fn):
        fn = fn.__func__
    if not inspect.isfunction(fn) or fn.__code__.co_name == "<lambda>":
        return None  # a partial, a builtin, a class, a callable object: no source of its own
    code = _raising_code(fn.__code__, raised)
    stub = _read(code, nested=code is not fn.__code__)
    if stub is None and code is fn.__code__:  # a function defined inside may have returned the ...
        inner = (_read(c, nested=True) for c in _nested_codes(code))
        stub = next((s for s in inner if s is not None and s.last == RETURN), None)
    return stub


def _nested_codes(code: types.CodeType) -> list[types.CodeType]:
    """Every code object defined inside `code`, at any depth."""
    found = []
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            found += [const, *_nested_codes(const)]
    return found


def _raising_code(code: types.CodeType, raised: BaseException | None) -> types.CodeType:
    """The innermost of `code` and the functions defined in it that was running when `raised` was raised."""
    mine = {id(c) for c in (code, *_nested_codes(code))}
    found, tb = code, raised.__traceback__ if raised is not None else None
    while tb is not None:
        if id(tb.tb_frame.f_code) in mine:
            found = tb.tb_frame.f_code
        tb = tb.tb_next
    return found


def _read(code: types.CodeType, nested: bool) -> Stub | None:
    """Parse the source of `code` and read it as a stub, if it is one; None if it cannot be read."""
    try:
        lines, _ = inspect.getsourcelines(code)
        source = textwrap.dedent("".join(lines))
        tree = ast.parse(source)
    except (OSError, TypeError, SyntaxError, IndentationError):
        return None
    node = tree.body[0] if tree.body else None
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or node.name != code.co_name:
        return None
    state = _state(node, source.splitlines())
    if state is None or not _agrees(code, state):
        return None  # not a stub, or a source that no longer matches the code that ran (a file edited since)
    untouched, last = state
    return Stub(code.co_name, nested, untouched, last)


def _agrees(code: types.CodeType, state: tuple[bool, str]) -> bool:
    """Whether the code that ran holds what its source shows: the ``...`` and the NotImplementedError."""
    consts = [c for part in (code, *_nested_codes(code)) for c in part.co_consts]
    names = [n for part in (code, *_nested_codes(code)) for n in part.co_names]
    has_ellipsis = any(c is Ellipsis for c in consts)
    _, last = state
    if last == RETURN:
        return has_ellipsis
    if last == RAISE:
        return "NotImplementedError" in names
    return has_ellipsis  # a gap, with some other last line


def _is_ellipsis(node: ast.AST | None) -> bool:
    return isinstance(node, ast.Constant) and node.value is Ellipsis


def _is_docstring(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)


def _ending(stmt: ast.stmt) -> str:
    """The stub line `stmt` is (:data:`RETURN`, :data:`RAISE`), or ""."""
    if isinstance(stmt, ast.Return) and _is_ellipsis(stmt.value):
        return RETURN
    if isinstance(stmt, ast.Raise) and stmt.exc is not None:
        exc = stmt.exc.func if isinstance(stmt.exc, ast.Call) else stmt.exc
        if isinstance(exc, ast.Name) and exc.id == "NotImplementedError":
            return RAISE
    return ""


def _has_gap(stmt: ast.stmt) -> bool:
    """Whether `stmt` still holds a ``...`` to fill in (one in an index is numpy's), or is an untouched stub itself.

    A function defined inside is read as a stub of its own: a gap only if it is untouched.
    """
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
        inner = _state(stmt, [])
        return inner is not None and inner[0]
    todo: list[ast.AST] = [stmt]
    in_index: set[int] = set()
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Subscript):
            in_index |= {id(n) for n in ast.walk(node.slice)}
        if _is_ellipsis(node) and id(node) not in in_index:
            return True
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if _has_gap(child):
                    return True
            else:
                todo.append(child)
    return False


def _state(node: ast.FunctionDef | ast.AsyncFunctionDef, lines: list[str]) -> tuple[bool, str] | None:
    """(untouched, the stub line that ends it) for a function's definition; None if it is no stub.

    `lines` is the source the definition was parsed from (for the comments, which the
    syntax tree leaves out); with no lines, only gaps and the statements are read.
    """
    body = node.body[1:] if node.body and _is_docstring(node.body[0]) else node.body
    if not body:
        return None
    last, before = _ending(body[-1]), body[:-1]
    gaps = any(_has_gap(s) for s in before) or (not last and _has_gap(body[-1]))
    written = [s for s in before if not (isinstance(s, ast.Pass) or _is_docstring(s))]
    if gaps or (last and not written):
        return True, last
    if not last:
        return None
    end = written[-1].end_lineno or written[-1].lineno
    between = lines[end : body[-1].lineno - 1]  # the lines after the last written statement, above the stub line
    return any(line.strip().startswith("#") for line in between), last
