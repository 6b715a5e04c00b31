"""The base of every explorer: controls, a text readout and a live figure that follows them."""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import ipywidgets
from IPython import get_ipython
from IPython.display import Image, display, update_display
from matplotlib.artist import Artist
from matplotlib.figure import Figure
from matplotlib.text import Text

from posenc.live.figure import LiveFigure
from posenc.live.panel import Panel, html_to_text
from posenc.live.static import static_mode, static_view

__all__ = ["Explorer", "int_slider", "log_slider", "selection_slider", "checkbox"]

WIDTH = "420px"  # every slider of the course: wide enough for a label and 100 steps

#: Pixels per CSS pixel of a picture at rest (shown, settled): sharp on a HiDPI screen or a projector.
SHARP = 2
#: Seconds without a move in the browser before the quick picture is replaced by a sharp one.
SETTLE_S = 0.25
#: Set to "0" in a kernel's environment to keep every live picture at the figure's own density (a slow
#: hub saves the sharp pictures' drawing; the benchmark compares the two in one run).
SHARP_ENV = "POSENC_SHARP"


def rest_scale() -> int:
    """The density of a picture at rest: :data:`SHARP`, or 1 where ``POSENC_SHARP=0``."""
    return 1 if os.environ.get(SHARP_ENV, "1") == "0" else SHARP


#: What an explorer's ``_build_figure`` returns: the figure and its dynamic, slow and sprite artists.
Drawing = tuple[Figure, Sequence[Artist], Sequence[Artist], Sequence[Text]]


class Explorer:
    """Controls, a text readout and a live figure that follows them.

    Displaying an explorer in a notebook shows its controls, the readout (the state in
    words) and its figure as an ordinary PNG output, which a static viewer still shows
    and nbval does not have to ignore. Moving a control redraws only what moves
    (:class:`LiveFigure`) and replaces that PNG in place, through its display id.

    Two pixel densities, one displayed size. A shown picture at rest is drawn at
    :data:`SHARP` times the figure's density (sharp on a HiDPI screen or a projector; the
    committed notebooks keep these). While a learner moves a control in the browser, each
    move answers at once with a picture of the figure's own density, and once the controls
    have rested for :data:`SETTLE_S` seconds a sharp one replaces it. A change made by code
    in a cell draws the sharp picture directly; an explorer never shown draws at the
    figure's density (what headless code and tests use). ``POSENC_SHARP=0`` in the kernel's
    environment keeps every picture at the figure's density.

    Subclasses set their parameters, create their controls, then call
    ``super().__init__(controls, main)`` (with ``also=`` the control that carries the demo's point, if it is
    not `main`); they implement ``_build_figure`` (create the
    figure; return it with its dynamic, slow and sprite artists, see :class:`LiveFigure`),
    ``_redraw`` (update those artists from the controls; return the readout as HTML) and,
    if they have slow artists, ``_slow_key`` (the state the slow artists depend on).

    Widgets in `header` (a play button linked to a slider in the browser, say) are shown
    above the controls but not observed: they act through the controls they drive.

    Attributes
    ----------
    controls : list of ipywidgets widgets
    main : the control a learner moves first (keyboard-operable; CSS class ``posenc-main``)
    also : the control that carries the demo's point beside `main` (a checkbox, say), or None; a page with no
        kernel prerenders every combination of the two (:func:`posenc.live.static.static_view`)
    readout : ipywidgets.HTML
        The state in words, so the figure can be followed without seeing it.
    widget : Panel
        Controls and readout together.
    figure : matplotlib Figure
    png : bytes
        The latest picture.
    """

    def __init__(
        self,
        controls: list[ipywidgets.Widget],
        main: ipywidgets.Widget,
        header: Sequence[ipywidgets.Widget] = (),
        also: ipywidgets.Widget | None = None,
    ) -> None:
        self.controls = controls
        self.main = main
        self.also = also
        main.add_class("posenc-main")
        self.readout = ipywidgets.HTML(layout=ipywidgets.Layout(margin="2px 0 0 8px"))
        self.readout.add_class("posenc-readout")
        self.widget = Panel([*header, *controls, self.readout], self._static_html)
        self.figure, dynamic, slow, sprites = self._build_figure()
        self.live = LiveFigure(self.figure, dynamic, slow, sprites)
        self._display_id: str | None = None
        self._held = False
        self._elsewhere = False
        self._sharpen_later: asyncio.TimerHandle | None = None
        self.png = b""
        for control in controls:
            control.observe(self._on_change, names="value")
        self.update()

    def _build_figure(self) -> Drawing:
        raise NotImplementedError(f"{type(self).__name__} must build its figure")

    def _redraw(self) -> str:
        raise NotImplementedError(f"{type(self).__name__} must redraw its artists")

    def _slow_key(self) -> object:
        return None

    def _on_change(self, change: dict) -> None:
        if not self._held:
            self.update()

    @contextmanager
    def holding(self) -> Iterator[None]:
        """Change controls inside this block without a redraw per change; redraw once after it.

        The one way an explorer moves a control from another's change (the position slider
        ending with the sentence, n following m): ``with self.holding(): self.n.value = ...``.
        """
        if self._held:  # already inside a hold: the outer one redraws
            yield
            return
        self._held = True
        try:
            yield
        finally:
            self._held = False
        self.update()

    @contextmanager
    def drawing_elsewhere(self) -> Iterator[None]:
        """Inside this block a change brings the artists and the readout up to date and draws no picture:
        the caller draws the figure itself (the static site, each frame at its own density). The picture
        is drawn once after it."""
        self._elsewhere = True
        try:
            yield
        finally:
            self._elsewhere = False
        self.update()

    def update(self) -> None:
        """Redraw from the controls' current values and refresh every display of the figure."""
        self.readout.value = self._redraw()
        if self._elsewhere:
            return
        self._cancel_sharpening()  # a newer move: the pending sharp picture would be stale
        at_rest = rest_scale()
        if self._display_id is None:
            self.png = self.live.render(self._slow_key())
        elif at_rest > 1 and _moved_in_browser() and (loop := _running_loop()) is not None:
            self._show(scale=1)  # answer the move at once
            self._sharpen_later = loop.call_later(SETTLE_S, self.sharpen)
        else:
            self._show(scale=at_rest)

    def sharpen(self) -> None:
        """Replace the shown picture by a sharp one now (what a rest after a move in the browser does)."""
        self._cancel_sharpening()
        if self._display_id is not None:
            self._show(scale=rest_scale())

    def _cancel_sharpening(self) -> None:
        if self._sharpen_later is not None:
            self._sharpen_later.cancel()
            self._sharpen_later = None

    def _show(self, scale: int) -> None:
        """Draw at `scale` and replace the shown picture, at the same displayed size."""
        self.png = self.live.render(self._slow_key(), scale=scale)
        update_display(self._image(), display_id=self._display_id)

    def _image(self) -> Image:
        width, height = self.live.css_size
        return Image(data=self.png, format="png", width=width, height=height)

    def _static_html(self) -> str:
        return (
            f"<p>{self.readout.value}<br><i>Interactive controls appear here when the notebook runs "
            "with widgets (see lesson 00 if they do not).</i></p>"
        )

    @property
    def state(self) -> str:
        """The readout as plain text (what a screen reader or a test reads)."""
        return html_to_text(self.readout.value)

    def _ipython_display_(self) -> None:
        if static_mode():  # building the static site: prerendered frames instead of a live widget
            display(static_view(self))
            return
        if self._display_id is None:
            self._display_id = f"posenc-{uuid.uuid4().hex}"
        if self.live.scale != rest_scale():
            self.png = self.live.render(self._slow_key(), scale=rest_scale())
        display(self.widget)
        display(self._image(), display_id=self._display_id)


def _moved_in_browser() -> bool:
    """True while the kernel handles a message from a widget in the browser (a control moved
    there), False while it runs a cell's code or runs outside a kernel.

    Relies on an ipykernel internal: ``kernel.get_parent()`` returns the message being handled, whose
    header's ``msg_type`` is ``"comm_msg"`` for a widget's message. tests/test_live.py holds it to a
    real kernel, in every environment the course is tested in (the oldest and newest too)."""
    kernel = getattr(get_ipython(), "kernel", None)
    if kernel is None or not hasattr(kernel, "get_parent"):
        return False
    header = (kernel.get_parent() or {}).get("header", {})
    return header.get("msg_type") == "comm_msg"


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop the kernel handles messages in, or None outside one.

    Relies on ipykernel (6 and later) handling messages inside a running asyncio loop, so that a
    sharp picture can be scheduled after a move (tests/test_live.py, with a real kernel)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def int_slider(description: str, value: int, low: int, high: int, step: int = 1) -> ipywidgets.IntSlider:
    """An integer slider of the course's width, its label in full.

    Examples
    --------
    >>> int_slider("position", 5, 0, 23).max
    23
    """
    return ipywidgets.IntSlider(
        value=value,
        min=low,
        max=high,
        step=step,
        description=description,
        style={"description_width": "initial"},
        layout=ipywidgets.Layout(width=WIDTH),
    )


def log_slider(
    description: str, value: float, low_exponent: float, high_exponent: float, step: float
) -> ipywidgets.FloatLogSlider:
    """A slider over powers of ten, from ``10**low_exponent`` to ``10**high_exponent``.

    Examples
    --------
    >>> log_slider("base", 10_000.0, 1, 5, 0.25).value
    10000.0
    """
    return ipywidgets.FloatLogSlider(
        value=value,
        base=10,
        min=low_exponent,
        max=high_exponent,
        step=step,
        description=description,
        readout_format=".3g",
        style={"description_width": "initial"},
        layout=ipywidgets.Layout(width=WIDTH),
    )


def selection_slider(description: str, options: list[str]) -> ipywidgets.SelectionSlider:
    """A slider through a list of labels, starting at the first.

    Examples
    --------
    >>> selection_slider("order", ["a b", "b a"]).value
    'a b'
    """
    return ipywidgets.SelectionSlider(
        options=options,
        value=options[0],
        description=description,
        layout=ipywidgets.Layout(width=WIDTH),
        style={"description_width": "initial"},  # the whole label, as the other sliders show theirs
    )


def checkbox(description: str, value: bool = False) -> ipywidgets.Checkbox:
    """A checkbox whose label sits right beside it, as wide as its label (ipywidgets' default width cuts a
    long one short).

    Examples
    --------
    >>> checkbox("add positions").value
    False
    """
    return ipywidgets.Checkbox(
        value=value, description=description, indent=False, layout=ipywidgets.Layout(width="auto")
    )
