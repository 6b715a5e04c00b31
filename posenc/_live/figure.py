"""A matplotlib figure redrawn in part: cached layers, only the moving artists drawn again."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence

import numpy as np
from matplotlib.artist import Artist
from matplotlib.backend_bases import RendererBase
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.text import Text
from matplotlib.transforms import Bbox

from posenc._live.png import png_bytes

__all__ = ["LiveFigure"]


class LiveFigure:
    """A figure drawn once in full, then only its moving artists redrawn on each change.

    Cached layers keep each change cheap: the background (everything that never
    changes) and, on top of it, the `slow` artists, which change only with some controls
    (a wavelength label changes with ``d_model`` but not with ``position``). The slow
    layer is drawn once per value of the key passed to :meth:`render` and kept for the
    `max_slow_layers` keys used last, so a learner going back to a setting pays nothing;
    the slow artists must therefore depend on the key alone. The `dynamic` artists are
    redrawn every time.

    Parameters
    ----------
    figure : matplotlib Figure
    dynamic : list of Artist
        The artists that change on every update. Whatever overlaps a moving artist
        and must stay on top of it (an axes' spines over an image) belongs here too.
    slow : list of Artist, optional
        The artists that change only when the slow key changes.
    sprites : list of Text, optional
        Texts that are redrawn on every update but often show a string they showed
        before (a slow clock's turn count, a label the learner returns to). Each string
        is drawn once and then copied back from a pixel cache. A sprite must sit on the
        static background: no other dynamic or slow artist may overlap it.

    Examples
    --------
    >>> from posenc.plotting import new_figure
    >>> fig, ax = new_figure(3, 2)
    >>> (line,) = ax.plot([0, 1], [0, 1])
    >>> live = LiveFigure(fig, [line])
    >>> live.render()[:4]
    b'\\x89PNG'
    """

    max_slow_layers = 16  # about 1 MB each for the course's figures

    def __init__(
        self,
        figure: Figure,
        dynamic: Sequence[Artist],
        slow: Sequence[Artist] = (),
        sprites: Sequence[Text] = (),
    ) -> None:
        self.figure = figure
        self.canvas = FigureCanvasAgg(figure)
        # drawn in z-order, as a full draw would: an image first, then the lines on top of it
        self.dynamic = sorted(dynamic, key=lambda artist: artist.get_zorder())
        self.slow = sorted(slow, key=lambda artist: artist.get_zorder())
        self.sprites = list(sprites)
        self._sprite_cache: dict[tuple[int, str], object] = {}
        for artist in self.moving_artists():
            artist.set_animated(True)
        self.canvas.draw()  # lays out and draws everything that does not move
        if figure.get_layout_engine() is not None:
            figure.set_layout_engine("none")  # freeze the layout: the background must stay valid
        self._background = self.canvas.copy_from_bbox(figure.bbox)
        self._slow_layers: OrderedDict[object, object] = OrderedDict()  # slow key -> pixels, most recent last

    def moving_artists(self) -> list[Artist]:
        """Every artist that is not part of the cached background."""
        return self.dynamic + self.slow + self.sprites

    def render(self, slow_key: object = None) -> bytes:
        """Draw the current state over the cached layers; return the picture as PNG bytes."""
        renderer = self.canvas.get_renderer()
        layer = self._slow_layers.get(slow_key)
        if layer is None:
            self.canvas.restore_region(self._background)
            for artist in self.slow:
                artist.draw(renderer)
            layer = self.canvas.copy_from_bbox(self.figure.bbox)
            self._slow_layers[slow_key] = layer
            if len(self._slow_layers) > self.max_slow_layers:
                self._slow_layers.popitem(last=False)  # forget the least recently used
        else:
            self.canvas.restore_region(layer)
            self._slow_layers.move_to_end(slow_key)
        for artist in self.dynamic:
            artist.draw(renderer)
        for text in self.sprites:
            self._draw_sprite(text, renderer)
        return png_bytes(self.pixels())

    def pixels(self) -> np.ndarray:
        """The canvas as it stands, (height, width, 3) uint8 (a view, not a copy)."""
        return np.asarray(self.canvas.buffer_rgba())[..., :3]

    def full_redraw(self) -> np.ndarray:
        """Draw the whole figure from scratch, as if nothing were cached; return a copy of its pixels.

        The reference that tests compare the cached :meth:`render` against. It leaves
        the cached layers in place, so :meth:`render` keeps working afterwards.
        """
        moving = self.moving_artists()
        for artist in moving:
            artist.set_animated(False)
        try:
            self.canvas.draw()
            return self.pixels().copy()
        finally:
            for artist in moving:
                artist.set_animated(True)

    def _draw_sprite(self, text: Text, renderer: RendererBase) -> None:
        if not (text.get_visible() and text.get_text()):
            return
        key = (id(text), text.get_text())
        cached = self._sprite_cache.get(key)
        if cached is not None:
            self.canvas.restore_region(cached)
            return
        text.draw(renderer)
        box = Bbox.intersection(text.get_window_extent(renderer).padded(2), self.figure.bbox)
        # at most 4096 sprites of about 7 kB each (the RGBA pixels of a label's box; 3.5 to 24 kB
        # measured on the course's figures): some 30 MB
        if box is not None and len(self._sprite_cache) < 4096:
            self._sprite_cache[key] = self.canvas.copy_from_bbox(box)
