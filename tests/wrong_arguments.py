"""Wrong arguments of each kind, for the tables of argument cases (tests/test_arguments.py).

A maths module's table of cases lives in tests/test_arguments.py, or, for a module that has a test
module of its own, in that module as ``ARGUMENT_CASES`` (the same form as ``CALLS``), which
tests/test_arguments.py gathers: a new module's cases then sit beside its other tests.
"""

NUMBER_TYPES = [None, "x", [1.0], True]  # not a number: None, a str, a list, a bool
INT_TYPES = [None, "x", 2.5, True]  # not an integer
ARRAY_TYPES = [None, "x", [[1, 2], [3]]]  # not an array of numbers: None, a str, a ragged list
STR_TYPES = [None, 3]
BOOL_TYPES = [None, "yes", 1]
