"""The live-figure core: the PNG encoder, the cached redraw and the static fallback."""

import io

import ipywidgets
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from posenc.live import LiveFigure, Panel, html_to_text, png_bytes
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
    for key in range(LiveFigure.max_slow_layers[1] + 4):
        slow.set_xdata([key, key + 1])  # the slow artist follows its key, as the contract says
        frames[key] = live.render(key)
    assert len(live._layers[1].slow) == LiveFigure.max_slow_layers[1]
    slow.set_xdata([0, 1])
    assert live.render(0) == frames[0]  # evicted, drawn again: the same picture
    slow.set_xdata([25, 26])
    drawn = live.render(25)
    slow.set_xdata([3, 4])  # breaks the contract on purpose: a redraw would now show another picture
    assert live.render(25) == drawn, "a cached key's slow layer is reused, not drawn again"
    assert live.render(3) != drawn


def _two_lines():
    fig, ax = new_figure(3, 2)  # constrained layout: laid out once, at density 1, then frozen
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_title("a title in points")
    (fast,) = ax.plot([0, 1], [0, 0.5])
    (slow,) = ax.plot([0, 1], [1, 0], lw=3)
    return LiveFigure(fig, [fast], [slow]), fast


def test_a_sharp_picture_has_twice_the_pixels_each_way_and_the_same_layout():
    live, fast = _two_lines()
    ax = live.figure.axes[0]
    quick = np.asarray(Image.open(io.BytesIO(live.render("k"))))
    at_1 = ax.get_window_extent().extents, fast.get_transform().transform(fast.get_xydata())
    sharp = np.asarray(Image.open(io.BytesIO(live.render("k", scale=2))))
    at_2 = ax.get_window_extent().extents, fast.get_transform().transform(fast.get_xydata())
    assert live.css_size == (270, 180)  # 3 x 2 inches at the figure's 90 dpi, whatever the density
    assert quick.shape == (180, 270, 3) and sharp.shape == (360, 540, 3)
    # the same layout, scaled: the axes and the line's points sit at twice the pixel coordinates
    assert np.allclose(at_2[0], 2 * at_1[0]) and np.allclose(at_2[1], 2 * at_1[1])


def test_each_density_keeps_its_own_cached_layers():
    live, fast = _two_lines()
    first_quick, first_sharp = live.render("k"), live.render("k", scale=2)
    fast.set_ydata([0.2, 0.9])
    moved_sharp = live.render("k", scale=2)
    sharp_full = live.full_redraw()  # the whole figure at the current density, from scratch
    assert np.mean(np.any(np.asarray(Image.open(io.BytesIO(moved_sharp))) != sharp_full, axis=-1)) < 0.002
    fast.set_ydata([0, 0.5])
    assert live.render("k") == first_quick  # back at density 1: its cache still valid
    assert live.render("k", scale=2) == first_sharp


def test_an_unknown_density_is_refused_with_what_is_allowed():
    live, _ = _two_lines()
    with pytest.raises(ValueError, match=r"scale must be one of \[1, 2\]; got 3"):
        live.render(scale=3)


@pytest.mark.slow  # 40 figures drawn and encoded twice: about 4 s here alone (2026-12-07)
@settings(max_examples=40, deadline=None)
@given(st.floats(1.0, 12.0), st.floats(1.0, 8.0))
def test_every_figure_size_gets_exactly_twice_the_pixels_at_density_2(width, height):
    # the canvas truncates its size: 504 / 90 * 180 pixels is 1007.99... in floating point
    fig, ax = new_figure(width, height, rects=[(0.1, 0.1, 0.8, 0.8)])
    live = LiveFigure(fig, [ax.plot([0, 1])[0]])
    quick = Image.open(io.BytesIO(live.render())).size
    sharp = Image.open(io.BytesIO(live.render(scale=2))).size
    assert quick == live.css_size and sharp == (2 * quick[0], 2 * quick[1])


@pytest.mark.notebooks  # starts a real kernel: ipykernel's message handling is what is relied on
def test_a_real_kernel_tells_a_move_in_the_browser_from_a_cell_setting_the_value():
    # posenc.live.explorer._moved_in_browser reads ipykernel's parent message; this holds it to a real
    # ipykernel (the oldest and newest environments run it too): a cell is no move, a comm_msg is one
    from jupyter_client import KernelManager

    manager = KernelManager(kernel_name="python3")  # ipykernel's own spec: this Python (sys.executable)
    manager.start_kernel()
    client = manager.client()
    try:
        client.start_channels()
        client.wait_for_ready(timeout=60)

        def printed(code: str) -> str:
            out: list[str] = []
            keep = lambda m: out.append(m["content"]["text"]) if m["msg_type"] == "stream" else None  # noqa: E731
            client.execute_interactive(code, timeout=60, output_hook=keep)
            return "".join(out).strip()

        comm_id = printed(
            "import ipywidgets\nfrom posenc.live import explorer\nseen = []\n"
            "slider = ipywidgets.IntSlider(0)\n"
            "slider.observe(lambda change: seen.append((explorer._moved_in_browser(), explorer._running_loop() is not None)), names='value')\n"
            "slider.value = 1\nprint(slider.comm.comm_id)"
        )
        state = {"method": "update", "state": {"value": 5}, "buffer_paths": []}  # what the browser sends
        client.shell_channel.send(client.session.msg("comm_msg", {"comm_id": comm_id, "data": state}))
        # in the cell: no move; in the comm message: a move, handled inside the kernel's event loop
        assert printed("print(seen[0][0], seen[1], slider.value)") == "False (True, True) 5"
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def test_the_click_target_asks_for_any_anywidget_version():
    from posenc.live.clicks import ClickTarget

    state = ClickTarget().get_state()
    assert state["_model_module_version"] == "*" and state["_view_module_version"] == "*"
