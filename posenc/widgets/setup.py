"""Setting a lesson up: sharp figures (:func:`sharp_figures`), lesson 00's proof that a slider
really moves a figure here (:func:`environment_check`), and the versions it shows
(:func:`course_versions`)."""

from __future__ import annotations

import html
import importlib.metadata
import platform

import ipywidgets
import numpy as np

import posenc
from posenc.live import Drawing, Explorer, int_slider
from posenc.plotting import new_figure

__all__ = ["environment_check", "sharp_figures", "course_versions"]

#: What the version line names, as (shown name, distribution name).
RUNS_ON = (("NumPy", "numpy"), ("matplotlib", "matplotlib"), ("ipywidgets", "ipywidgets"), ("anywidget", "anywidget"))


def course_versions() -> str:
    """The course's version, then Python's and those of the packages the lessons run on.

    A class pins one course version for a term (``CHANGELOG.md``); a learner quotes this line
    when asking for help.

    Examples
    --------
    >>> import posenc
    >>> course_versions().startswith(f"Course version {posenc.__version__} · Python ")
    True
    """
    parts = [f"Python {platform.python_version()}"]
    for shown, distribution in RUNS_ON:
        try:
            parts.append(f"{shown} {importlib.metadata.version(distribution)}")
        except importlib.metadata.PackageNotFoundError:
            parts.append(f"{shown} not installed")
    return f"Course version {posenc.__version__} · " + " · ".join(parts)


def sharp_figures() -> None:
    """Show the lesson's matplotlib figures with twice the pixels each way, at the same size.

    Call it after ``%matplotlib inline``. Makes the inline backend send "retina" PNGs: drawn at twice the figure's dpi, shown at
    its size, so text and lines stay sharp on a HiDPI screen or a projector. The live
    figures of the explorers do the same by themselves (``posenc.live.Explorer``).
    Outside IPython (a script, a grader) it does nothing.

    Examples
    --------
    >>> sharp_figures()  # outside IPython: nothing to configure
    """
    from IPython import get_ipython

    shell = get_ipython()
    if shell is not None:  # the same as the line `%config InlineBackend.figure_formats = ["retina"]`
        shell.run_line_magic("config", 'InlineBackend.figure_formats = ["retina"]')


class _EnvironmentCheck(Explorer):
    def __init__(self) -> None:
        self.cycles = int_slider("cycles", 1, 1, 5)
        self.versions = ipywidgets.HTML(f"<small>{html.escape(course_versions())}</small>")
        super().__init__([self.cycles], self.cycles, header=[self.versions])

    def _build_figure(self) -> Drawing:
        fig, ax = new_figure(5.0, 2.2, rects=[(0.15, 0.22, 0.82, 0.64)])
        self.t = np.linspace(0, 1, 400)  # (400,)
        (self.line,) = ax.plot(self.t, np.sin(2 * np.pi * self.t), color="#2166ac", lw=2)
        ax.set_xlim(0, 1)
        ax.set_ylim(-1.15, 1.15)
        ax.set_xlabel("time t")
        ax.set_ylabel("value")
        self.title = ax.set_title(" ")
        return fig, [self.line], [], [self.title]

    def _redraw(self) -> str:
        n = self.cycles.value
        self.line.set_ydata(np.sin(2 * np.pi * n * self.t))
        self.title.set_text(f"sin(2π · {n} · t): {n} full cycle{'s' * (n > 1)}")
        return f"cycles = {n}: the wave shows {n} full cycle{'s' * (n > 1)}."

    def _static_html(self) -> str:
        # Every other explorer sends the reader to lesson 00; this one is in lesson 00, whose next
        # section is the help.
        return (
            f"<p>{self.readout.value}<br>Course version {posenc.__version__}.<br><i>Interactive controls appear "
            "here when the notebook runs with widgets (if they do not, see “If widgets do not show” below).</i></p>"
        )


def environment_check() -> Explorer:
    """A one-slider figure that proves widgets work: move ``cycles``, the wave follows.

    Notes
    -----
    Used in ``notebooks/00_start_here.ipynb``.

    Examples
    --------
    >>> check = environment_check()
    >>> check.cycles.value = 3
    >>> check.state
    'cycles = 3: the wave shows 3 full cycles.'

    Above the slider, the course's version and what it runs on:

    >>> check.versions.value == f"<small>{course_versions()}</small>"
    True

    Where widgets do not render, the text points to lesson 00's own help section:

    >>> check.widget._repr_mimebundle_()["text/plain"].splitlines()[-1]
    'Interactive controls appear here when the notebook runs with widgets (if they do not, see “If widgets do not show” below).'
    """
    return _EnvironmentCheck()
