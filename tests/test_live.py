"""The live-figure core: the PNG encoder, the cached redraw and the static fallback."""

import io

import ipywidgets
import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from posenc._live import LiveFigure, Panel, html_to_text, png_bytes
from posenc.plotting import new_figure


@given(st.integers(1, 40), st.integers(1, 40), st.integers(0, 2**32 - 1), st.integers(0, 9))
def test_png_round_trips_through_a_real_decoder(height, width, seed, level):
    rgb = np.random.default_rng(seed).integers(0, 256, size=(height, width, 3), dtype=np.uint8)
    decoded = Image.open(io.BytesIO(png_bytes(rgb, level)))
    assert decoded.mode == "RGB" and np.array_equal(np.asarray(decoded), rgb)


def test_png_accepts_a_strided_view_of_a_canvas():
    rgba = np.random.default_rng(1).integers(0, 256, size=(7, 9, 4), dtype=np.uint8)
    assert np.array_equal(np.asarray(Image.open(io.BytesIO(png_bytes(rgba[..., :3])))), rgba[..., :3])


def test_slow_layer_is_redrawn_only_when_its_key_changes():
    fig, ax = new_figure(3, 2, rects=[[0.1, 0.1, 0.8, 0.8]])
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    (fast,) = ax.plot([0, 1], [0, 0.5])
    (slow,) = ax.plot([0, 1], [1, 0], lw=4)
    live = LiveFigure(fig, [fast], [slow])
    first = live.render("a")
    slow.set_ydata([0, 1])  # changed, but the key is the same: the cached slow layer stays
    assert live.render("a") == first
    new_key = live.render("b")
    assert new_key != first
    differing = np.any(np.asarray(Image.open(io.BytesIO(new_key))) != live.full_redraw(), axis=-1)
    assert differing.mean() < 0.002


def test_sprites_come_back_from_the_cache_unchanged():
    fig, ax = new_figure(3, 2, rects=[[0.1, 0.1, 0.8, 0.8]])
    label = ax.text(0.5, 0.5, "one")
    live = LiveFigure(fig, [], sprites=[label])
    first = live.render()
    label.set_text("two")
    live.render()
    label.set_text("one")
    assert live.render() == first


def test_panel_falls_back_to_html_and_text():
    panel = Panel([ipywidgets.Button(description="go")], lambda: "<p>value <b>5</b><br>next</p>")
    bundle = panel._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/html"] == "<p>value <b>5</b><br>next</p>"
    assert bundle["text/plain"] == "value 5\nnext"


def test_html_to_text_decodes_entities_and_breaks_lines():
    assert html_to_text("<details><summary>Answer</summary>a &lt; b</details>") == "Answer\na < b"


def test_slow_layers_are_kept_for_the_keys_used_last_and_no_more():
    fig, ax = new_figure(3, 2, rects=[[0.1, 0.1, 0.8, 0.8]])
    ax.set_xlim(0, 30)
    (slow,) = ax.plot([0, 1], [0, 1])
    live = LiveFigure(fig, [], [slow])
    frames = {}
    for key in range(LiveFigure.max_slow_layers + 4):
        slow.set_xdata([key, key + 1])  # the slow artist follows its key, as the contract says
        frames[key] = live.render(key)
    assert len(live._slow_layers) == LiveFigure.max_slow_layers
    slow.set_xdata([0, 1])
    assert live.render(0) == frames[0]  # evicted, drawn again: the same picture
    slow.set_xdata([25, 26])
    assert live.render(25) == live.render(25)  # a cached key gives the same frame twice
