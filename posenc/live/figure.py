"""A matplotlib figure redrawn in part: cached layers, only the moving artists drawn again."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from matplotlib.artist import Artist
from matplotlib.backend_bases import RendererBase
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.text import Text
from matplotlib.transforms import Bbox

from posenc.live.png import png_bytes

__all__ = ["LiveFigure"]


@dataclass
class _Layers:
    """The cached pixels of one density: the background, the slow layers by key, the sprites."""

    background: object
    slow: OrderedDict[object, object] = field(default_factory=OrderedDict)  # most recent last
    sprites: dict[tuple[int, str], object] = field(default_factory=dict)


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

    Notes
    -----
    A picture can be drawn at a higher pixel density: ``render(scale=2)`` draws the same
    figure, laid out the same way, with twice as many pixels across and down (for a
    HiDPI screen or a projector), shown at the same size (:attr:`css_size`). Each density
    keeps its own cached layers, so moving between them costs one full draw the first
    time only.

    Examples
    --------
    >>> from posenc.plotting import new_figure
    >>> fig, ax = new_figure(3, 2)
    >>> (line,) = ax.plot([0, 1], [0, 1])
    >>> live = LiveFigure(fig, [line])
    >>> live.render()[:4]
    b'\\x89PNG'
    """

    #: Slow layers kept per density: about 1 MB each at scale 1 for the course's figures, 4 MB at 2.
    max_slow_layers = {1: 16, 2: 4}

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
        self.dpi = float(figure.dpi)  # the density of scale 1
        # a whole number of pixels at scale 1, so that each density has exactly `scale` times as many
        # (a hair more than whole: the canvas truncates, and 504 / 90 * 180 is 1007.99... in floating point)
        figure.set_size_inches(*((np.round(figure.get_size_inches() * self.dpi) + 1e-3) / self.dpi))
        self.scale = 1
        self._layers: dict[int, _Layers] = {}
        for artist in self.moving_artists():
            artist.set_animated(True)
        self._layers[1] = self._draw_background()  # lays out and draws everything that does not move
        if figure.get_layout_engine() is not None:
            figure.set_layout_engine("none")  # freeze the layout: the background must stay valid

    @property
    def css_size(self) -> tuple[int, int]:
        """(width, height) the picture is shown at, in CSS pixels: its pixels at scale 1."""
        width, height = np.round(self.figure.get_size_inches() * self.dpi)
        return int(width), int(height)

    def _draw_background(self) -> _Layers:
        self.canvas.draw()
        return _Layers(self.canvas.copy_from_bbox(self.figure.bbox))

    def _at(self, scale: int) -> _Layers:
        """Switch the figure to `scale` times its density; its cached layers (drawn the first time)."""
        if scale not in self.max_slow_layers:
            raise ValueError(f"scale must be one of {sorted(self.max_slow_layers)}; got {scale!r}.")
        if scale != self.scale:
            self.figure.set_dpi(self.dpi * scale)
            self.scale = scale
        if scale not in self._layers:
            self._layers[scale] = self._draw_background()
        return self._layers[scale]

    def moving_artists(self) -> list[Artist]:
        """Every artist that is not part of the cached background."""
        return self.dynamic + self.slow + self.sprites

    def render(self, slow_key: object = None, scale: int = 1) -> bytes:
        """Draw the current state over the cached layers, at `scale` times the figure's
        density (1 or 2); return the picture as PNG bytes."""
        self.draw(slow_key, scale)
        return png_bytes(self.pixels())

    def draw(self, slow_key: object = None, scale: int = 1) -> None:
        """Draw the current state over the cached layers, at `scale` times the figure's density (1 or 2),
        and encode nothing: :meth:`pixels` reads the result (the static site encodes its frames its own way)."""
        layers = self._at(scale)
        renderer = self.canvas.get_renderer()
        layer = layers.slow.get(slow_key)
        if layer is None:
            self.canvas.restore_region(layers.background)
            for artist in self.slow:
                artist.draw(renderer)
            layer = self.canvas.copy_from_bbox(self.figure.bbox)
            layers.slow[slow_key] = layer
            if len(layers.slow) > self.max_slow_layers[scale]:
                layers.slow.popitem(last=False)  # forget the least recently used
        else:
            self.canvas.restore_region(layer)
            layers.slow.move_to_end(slow_key)
        for artist in self.dynamic:
            artist.draw(renderer)
        for text in self.sprites:
            self._draw_sprite(text, renderer, layers.sprites)

    def pixels(self) -> np.ndarray:
        """The canvas as it stands, (height, width, 3) uint8 (a view, not a copy)."""
        return np.asarray(self.canvas.buffer_rgba())[..., :3]

    def full_redraw(self) -> np.ndarray:
        """Draw the whole figure from scratch at the current density, as if nothing were cached;
        return a copy of its pixels.

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

    def _draw_sprite(self, text: Text, renderer: RendererBase, cache: dict[tuple[int, str], object]) -> None:
        if not (text.get_visible() and text.get_text()):
            return
        key = (id(text), text.get_text())
        cached = cache.get(key)
        if cached is not None:
            self.canvas.restore_region(cached)
            return
        text.draw(renderer)
        box = Bbox.intersection(text.get_window_extent(renderer).padded(2), self.figure.bbox)
        # at most 4096 sprites of about 7 kB each at scale 1 (the RGBA pixels of a label's box; 3.5 to
        # 24 kB measured on the course's figures): some 30 MB, four times that at scale 2
        if box is not None and len(cache) < 4096:
            cache[key] = self.canvas.copy_from_bbox(box)
