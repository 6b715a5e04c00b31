"""Check-yourself tools, one module per topic: ``checks.check_sinusoidal(my_sinusoidal)``.

Every checker runs on the shared engine (``posenc.checks.engine``): it calls the
learner's code safely, compares it with posenc's reference on several cases, and
returns a :class:`CheckResult` that displays as one line ("Correct: ...", "Not yet:
..." with what differs and, for a known mistake, a hint naming it, or "Not attempted
yet: ...", or, for a stub filled in but for its last line, what to put there). A checker never raises on a wrong answer, so a notebook always runs top
to bottom. :func:`answer` checks a quiz's answer as text (``posenc.checks.questions``);
the quiz and recall widgets are ``posenc.widgets.quiz`` and ``posenc.widgets.recall``.
:func:`expect_error` shows a lesson's deliberate mistake without stopping the lesson.

Nothing here imports display code (matplotlib, ipywidgets, IPython, anywidget), not
even lazily: the checkers run in a headless grader (``tests/test_layering.py``).

Adding a lesson's checker: write it in a topic module here, decorate it with
``@register(kind, MISTAKES)`` and export it below; the generic tests in
``tests/test_checkers.py`` then hold it to the rules every checker keeps, and ask for
a wrong implementation of each mistake it names.
"""

from posenc.checks.alibi import check_alibi_slopes
from posenc.checks.alibi_bias import check_alibi_bias
from posenc.checks.clocks import check_offset_rotation
from posenc.checks.engine import CHECKERS, CheckResult
from posenc.checks.errors import expect_error
from posenc.checks.layer import check_scheme_layer
from posenc.checks.learned import check_cosine_similarity
from posenc.checks.order import check_attention, check_equivariance_test
from posenc.checks.questions import answer, questions
from posenc.checks.recap import check_comparison_table, comparison_table_answer
from posenc.checks.rope import check_apply_rope
from posenc.checks.setup import check_positions_column
from posenc.checks.t5_bucket import check_t5_bucket
from posenc.checks.table import check_sinusoidal
from posenc.checks.wavelength import check_wavelength

__all__ = [
    "CheckResult",
    "CHECKERS",
    "check_positions_column",
    "check_attention",
    "check_equivariance_test",
    "check_sinusoidal",
    "check_wavelength",
    "check_offset_rotation",
    "check_cosine_similarity",
    "check_apply_rope",
    "check_alibi_slopes",
    "check_alibi_bias",
    "check_t5_bucket",
    "check_scheme_layer",
    "check_comparison_table",
    "comparison_table_answer",
    "questions",
    "answer",
    "expect_error",
]
