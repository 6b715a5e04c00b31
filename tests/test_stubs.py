"""The stub trap: an untouched stub is "Not attempted yet", a filled-in one that kept the stub's last line is told so.

posenc.checks.stubs reads the learner's source; the engine falls back on behaviour where there
is none. The lessons' own stubs, as committed, must read as untouched, and each lesson's solution
with its last line put back to the stub's must get the "replace that last line" message.
"""

import ast
import functools
import linecache
import re
from itertools import count

import nbformat
import numpy as np
import pytest

import posenc
from posenc import capstone, checks
from posenc.checks.engine import CHECKERS, MESSAGE_LIMIT, call
from posenc.checks.stubs import RAISE, RETURN, Stub, read_stub
from tests.test_solutions import NOTEBOOKS, stubs_and_solutions

_cells = count()


def define(source: str, **names) -> dict:
    """Run `source` as a notebook cell does: its text is kept in linecache, so that inspect can read it back."""
    filename = f"<cell {next(_cells)}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    # what a lesson's cells see: the setup cell's names, and lesson 08's `from posenc import capstone`
    namespace = {"np": np, "posenc": posenc, "checks": checks, "capstone": capstone, **names}
    exec(compile(source, filename, "exec"), namespace)
    return namespace


def function(source: str, name: str | None = None):
    namespace = define(source)
    name = name or re.search(r"^def (\w+)", source, re.M).group(1)
    return namespace[name]


UNTOUCHED = {
    "gaps and a return": '''
def my_table(seq_len, d_model):
    """Build the table."""
    positions = np.arange(seq_len)[:, None]  # (seq_len, 1)
    freqs = ...                              # (d_model // 2,)
    return ...                               # (seq_len, d_model)
''',
    "only a comment and the return": """
def my_positions(seq_len):
    # Return positions 0, 1, ..., seq_len - 1 as a column.
    return ...  # (seq_len, 1)
""",
    "given lines and the instruction above the last line": """
def my_offset_rotation(k, d_model):
    M = np.zeros((d_model, d_model))  # (d_model, d_model)
    # fill the 2 x 2 block of each pair on the diagonal
    return ...  # (d_model, d_model)
""",
    "a gap inside a loop": """
def my_rotation(k, d_model):
    M = np.zeros((d_model, d_model))
    for i in range(d_model // 2):
        M[2 * i, 2 * i] = ...
    return M
""",
    "a gap inside an expression": """
def my_angles(seq_len):
    angles = np.arange(seq_len) * ...
    return np.sin(angles)
""",
    "raise with given lines and a gap": """
def my_sinusoidal(seq_len, d_model):
    positions = np.arange(seq_len)[:, None]
    freqs = ...
    raise NotImplementedError("Fill in my_sinusoidal, then run the check below.")
""",
    "an untouched stub inside an untouched stub": """
def my_alibi_slopes(num_heads):
    def power_of_two(n):  # the paper's sequence
        raise NotImplementedError("Fill in power_of_two, then the rest of my_alibi_slopes.")
    raise NotImplementedError("Fill in my_alibi_slopes, then run the check below.")
""",
}

FILLED_IN = {
    "return": (
        """
def my_table(seq_len, d_model):
    table = np.zeros((seq_len, d_model))  # (seq_len, d_model)
    table[:, 0::2] = 1.0
    return ...  # (seq_len, d_model)
""",
        RETURN,
    ),
    "raise": (
        """
def my_table(seq_len, d_model):
    table = np.zeros((seq_len, d_model))
    # the instruction, kept, with code under it
    table[..., 1::2] = 2.0  # numpy's ... in an index is no gap
    raise NotImplementedError("Fill in my_table, then run the check below.")
""",
        RAISE,
    ),
    "a filled-in function inside": (
        """
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        return 2.0 ** (-8 * np.arange(1, n + 1) / n)
    raise NotImplementedError("Fill in my_alibi_slopes, then run the check below.")
""",
        RAISE,
    ),
}


class TestReadStub:
    @pytest.mark.parametrize("label", UNTOUCHED)
    def test_an_untouched_stub_reads_as_untouched(self, label):
        stub = read_stub(function(UNTOUCHED[label]))
        assert stub is not None and stub.untouched and not stub.nested, stub

    @pytest.mark.parametrize("label", FILLED_IN)
    def test_a_filled_in_stub_reads_as_filled_in_with_its_last_line(self, label):
        source, last = FILLED_IN[label]
        assert read_stub(function(source)) == Stub(re.search(r"^def (\w+)", source, re.M)[1], False, False, last)

    def test_a_stub_raised_inside_a_function_defined_in_it_is_read_there(self):
        fn = function("""
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        slopes = 2.0 ** (-8 * np.arange(1, n + 1) / n)
        raise NotImplementedError("Fill in power_of_two.")
    return power_of_two(num_heads)
""")
        with pytest.raises(NotImplementedError) as raised:
            fn(8)
        assert read_stub(fn, raised.value) == Stub("power_of_two", True, False, RAISE)

    def test_a_function_that_is_no_stub_reads_as_none(self):
        assert read_stub(function("def f(n):\n    return n + 1\n")) is None

    def test_a_method_is_read_from_its_source(self):
        Table = define("""
class Table:
    def build(self, n):
        return ...
""")["Table"]
        assert read_stub(Table().build).untouched

    @pytest.mark.parametrize(
        "fn",
        [
            lambda n: ...,
            functools.partial(lambda n, m: ..., 1),
            len,
            type("Callable", (), {"__call__": lambda self, n: ...})(),
        ],
        ids=["lambda", "partial", "builtin", "callable object"],
    )
    def test_no_source_of_its_own_reads_as_none(self, fn):
        assert read_stub(fn) is None

    def test_code_with_no_source_to_read_reads_as_none(self):
        namespace = {}
        exec(compile("def my_table(n):\n    return ...\n", "<typed at a prompt>", "exec"), namespace)
        assert read_stub(namespace["my_table"]) is None

    def test_a_source_edited_since_the_code_ran_is_not_trusted(self):
        fn = function("def my_table(n):\n    rows = [n]\n    return ...\n")
        filename = fn.__code__.co_filename
        edited = "def my_table(n):\n    rows = [n]\n    raise NotImplementedError\n"
        linecache.cache[filename] = (len(edited), None, edited.splitlines(True), filename)
        assert read_stub(fn) is None  # the code that ran has no NotImplementedError


def message(fn, *args, returns="the table"):
    return call(fn, "my_table", *(args or (3,)), returns=returns)[1]


class TestVerdicts:
    def test_the_graded_editions_stub_as_nbgrader_releases_it_is_not_attempted(self):
        # nbgrader replaces each solution region with these two lines in what students receive
        fn = function("def my_sinusoidal(seq_len, d_model):\n    # YOUR CODE HERE\n    raise NotImplementedError()\n")
        verdict = checks.check_sinusoidal(fn)
        assert verdict.message == "Not attempted yet: fill in my_sinusoidal, then run this cell again."

    def test_an_untouched_stub_is_not_attempted(self):
        verdict = message(function(UNTOUCHED["gaps and a return"]), 3, 4)
        assert verdict.message == "Not attempted yet: fill in my_table, then run this cell again."
        assert not verdict.attempted

    @pytest.mark.parametrize("label", FILLED_IN)
    def test_a_filled_in_stub_is_told_to_replace_its_last_line(self, label):
        source, last = FILLED_IN[label]
        fn = function(source)
        args = (3, 4)[: fn.__code__.co_argcount]
        verdict = call(fn, fn.__name__, *args, returns="the (seq_len, d_model) table you built")[1]
        assert verdict.message == (
            f"Not yet: {fn.__name__} is filled in, but still ends with the stub's `{last}`: "
            "replace that last line with one that returns the (seq_len, d_model) table you built."
        )
        assert verdict.attempted and not verdict.passed

    def test_a_stub_inside_is_named(self):
        fn = function("""
def my_alibi_slopes(num_heads):
    def power_of_two(n):
        slopes = 2.0 ** (-8 * np.arange(1, n + 1) / n)
        return ...
    return np.concatenate([power_of_two(num_heads), power_of_two(num_heads)[::2]])
""")
        verdict = checks.check_alibi_slopes(fn)  # slicing the ... power_of_two returned fails: the source says why
        assert verdict.message == (
            "Not yet: power_of_two (inside my_alibi_slopes) is filled in, but still ends with the stub's `return ...`: "
            "replace that last line with one that returns what power_of_two computes."
        )

    def test_without_source_a_returned_ellipsis_is_not_attempted_and_says_what_to_return(self):
        verdict = message(lambda n: ...)
        assert verdict.message == (
            "Not attempted yet: fill in my_table, then run this cell again. It returned ..., the stub's placeholder: "
            "once it is filled in, its last line should return the table."
        )
        assert not verdict.attempted and len(verdict.message) < MESSAGE_LIMIT

    def test_without_source_a_not_implemented_error_is_not_attempted_as_before(self):
        def raising(n):
            raise NotImplementedError

        verdict = message(functools.partial(raising))
        assert verdict.message == "Not attempted yet: fill in my_table, then run this cell again."

    def test_a_crash_on_a_gap_is_not_attempted(self):
        verdict = message(function(UNTOUCHED["a gap inside an expression"]))
        assert verdict.message == "Not attempted yet: fill in my_table, then run this cell again."

    def test_a_crash_in_written_code_is_reported_as_a_crash(self):
        verdict = message(function("def my_table(n):\n    return np.zeros(n)[n + 5]\n"))
        assert verdict.message.startswith("Not yet: my_table(3) raised IndexError")

    def test_a_correct_function_that_uses_numpys_ellipsis_is_judged_on_its_answer(self):
        fn = function("def my_positions(seq_len):\n    return np.arange(seq_len)[..., None]\n")
        assert checks.check_positions_column(fn)


def lesson_stubs():
    """(lesson, stub source, checker name, the name it defines, its solution) for each function stub of a lesson."""
    found = []
    for path in NOTEBOOKS:
        nb = nbformat.read(path, as_version=4)
        for index, solution in stubs_and_solutions(nb):
            source = nb.cells[index].source
            defined = re.search(r"^def (\w+)\(", source, re.M)
            if defined is None:
                continue  # a value to fill in (my_wavelength = ...): the value checkers take ...
            later = "\n".join(c.source for c in nb.cells[index:] if c.cell_type == "code")
            checker = re.search(rf"checks\.(check_\w+)\({defined[1]}\b", later)
            found.append(
                pytest.param(source, checker and checker[1], defined[1], solution, id=f"{path.stem}-{defined[1]}")
            )
    return found


LESSON_STUBS = lesson_stubs()


def only_the_def(source: str) -> str:
    """The cell's first function definition, at its own lines (the rest of the cell blanked), as a cell would run it."""
    node = next(n for n in ast.parse(source).body if isinstance(n, ast.FunctionDef))
    lines = source.splitlines()
    return "\n".join(line if node.lineno <= i + 1 <= node.end_lineno else "" for i, line in enumerate(lines)) + "\n"


@pytest.mark.parametrize("source, checker, name, solution", LESSON_STUBS)
def test_each_lessons_stub_as_committed_is_not_attempted(source, checker, name, solution):
    assert checker in CHECKERS, f"no checker call for {name} in its lesson"
    verdict = CHECKERS[checker].check(function(only_the_def(source), name))
    assert verdict.message == f"Not attempted yet: fill in {name}, then run this cell again."


def statements(solution: str) -> int:
    return len(next(n for n in ast.parse(solution).body if isinstance(n, ast.FunctionDef)).body)


# a solution that is its last line alone (return np.arange(seq_len)[:, None]) has nothing to fill in above it
LESSON_TRAPS = [case for case in LESSON_STUBS if statements(case.values[3]) > 1]


@pytest.mark.parametrize("last", ["return ...  # as in the stub", 'raise NotImplementedError("Fill in the function.")'])
@pytest.mark.parametrize("source, checker, name, solution", LESSON_TRAPS)
def test_each_lessons_solution_with_the_stubs_last_line_is_told_to_replace_it(source, checker, name, solution, last):
    node = next(n for n in ast.parse(solution).body if isinstance(n, ast.FunctionDef))
    lines = solution.splitlines()
    final = node.body[-1]
    indent = lines[final.lineno - 1][: final.col_offset]
    trapped = "\n".join([*lines[: final.lineno - 1], indent + last, *lines[final.end_lineno :]]) + "\n"
    verdict = CHECKERS[checker].check(function(trapped, name))
    assert f"Not yet: {name} is filled in, but still ends with the stub's `" in verdict.message, verdict.message
    assert "replace that last line with one that returns" in verdict.message


@pytest.mark.parametrize("source, checker, name, solution", LESSON_STUBS)
def test_each_lessons_solution_as_written_is_correct(source, checker, name, solution):
    # the stub reader never stands between a finished answer and its "Correct"
    verdict = CHECKERS[checker].check(function(solution, name))
    assert verdict.passed, verdict.message
