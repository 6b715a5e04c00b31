"""The live-figure core: what every explorer of every lesson is built from.

Nothing here knows about positional encodings. A lesson's explorer (in
``posenc.widgets``) subclasses :class:`Explorer`, creates its controls with the
factories below, and draws with ``posenc.plotting``; this package makes each change
cheap (:class:`LiveFigure`), encodes the frames (:func:`png_bytes`) and keeps the
lesson readable where widgets cannot run (:class:`Panel`).

A clickable figure's ``ClickTarget`` is imported from ``posenc.live.clicks`` by the
explorer that makes one, so anywidget is loaded only when a clickable figure is made.
"""

from posenc.live.explorer import Drawing, Explorer, checkbox, int_slider, log_slider, selection_slider
from posenc.live.figure import LiveFigure
from posenc.live.panel import Panel, html_to_text
from posenc.live.png import png_bytes

__all__ = [
    "Panel",
    "html_to_text",
    "LiveFigure",
    "png_bytes",
    "Explorer",
    "Drawing",
    "int_slider",
    "log_slider",
    "selection_slider",
    "checkbox",
]
