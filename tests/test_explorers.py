"""Every registered explorer, every control: the rules each live figure keeps.

A new explorer gets these tests by being added to ``posenc.widgets.examples.EXPLORERS``;
``test_every_builder_is_registered`` fails until it is. Its wrong arguments go in ``ARGUMENT_CASES``
below, which tests/test_arguments.py runs with every other public function's.
"""

import asyncio
import base64
import io
import math

import ipywidgets
import numpy as np
import pytest
from IPython.core.interactiveshell import InteractiveShell
from IPython.display import display
from IPython.utils.capture import capture_output
from PIL import Image

from posenc import widgets
from posenc.live import Explorer
from posenc.widgets import examples
from tests.wrong_arguments import ARRAY_TYPES, BOOL_TYPES, INT_TYPES, NUMBER_TYPES, STR_TYPES

NAMES = sorted(examples.EXPLORERS)  # names only: nothing is built at collection

#: Each builder's wrong arguments (tests/test_arguments.py's form): a builder refuses what its sliders
#: could not show, instead of showing something else (``clock_explorer(20)`` once showed 16).
ARGUMENT_CASES = {
    "order_explorer": (
        widgets.order_explorer,
        dict(words=["dog", "bites"], embeddings=np.ones((2, 4)), projections=None, value_range=2.0),
        {
            "words": ([None, 3], [[], ["dog"]]),
            "embeddings": (ARRAY_TYPES, [np.ones((3, 4)), np.ones(2)]),
            "projections": (["x"], [np.ones((2, 4, 4))]),
            "value_range": (NUMBER_TYPES, [0.0, -1.0, math.nan]),
        },
    ),
    "naive_explorer": (
        widgets.naive_explorer,
        dict(scheme="binary", seq_len=16, position=7),
        {
            "scheme": (STR_TYPES, ["no-such-encoding"]),
            "seq_len": (INT_TYPES, [3, 65]),
            "position": (INT_TYPES, [16, -1]),
        },
    ),
    "table_explorer": (
        widgets.table_explorer,
        dict(seq_len=24, d_model=48, base=10_000.0, position=5, column=0),
        {
            "seq_len": (INT_TYPES, [0]),
            "d_model": (INT_TYPES, [0, 5]),
            "base": (NUMBER_TYPES, [1.0, math.inf]),
            "position": (INT_TYPES, [24, -1]),
            "column": (INT_TYPES, [48, -1]),
        },
    ),
    "clock_explorer": (
        widgets.clock_explorer,
        dict(d_model=16, base=10_000.0, max_position=100, position=13),
        {
            "d_model": (INT_TYPES, [20, 7, 0]),
            "base": (NUMBER_TYPES, [1.0, 5.0, 1e6]),
            "max_position": (INT_TYPES, [0]),
            "position": (INT_TYPES, [500, -1]),
        },
    ),
    "offset_explorer": (
        widgets.offset_explorer,
        dict(d_model=8, seq_len=48, base=10_000.0, max_offset=16, delta=3),
        {
            "d_model": (INT_TYPES, [7, 0]),
            "seq_len": (INT_TYPES, [16, 0]),
            "base": (NUMBER_TYPES, [1.0]),
            "max_offset": (INT_TYPES, [0]),
            "delta": (INT_TYPES, [17, -17]),
        },
    ),
    "training_explorer": (
        widgets.training_explorer,
        dict(run=None, step=100),
        {"run": (["x", 3], []), "step": (INT_TYPES, [7, -10, 10**9])},
    ),
    "minilm_explorer": (widgets.minilm_explorer, dict(position=100), {"position": (INT_TYPES, [512, -1])}),
    "rope_explorer": (
        widgets.rope_explorer,
        dict(q=None, k=None, base=10_000.0, max_position=40, i=5, j=2),
        {
            "q": (["x"], [np.ones(3), np.ones((2, 2))]),
            "k": (["x"], [np.ones(4)]),
            "base": (NUMBER_TYPES, [1.0]),
            "max_position": (INT_TYPES, [0]),
            "i": (INT_TYPES, [41, -1]),
            "j": (INT_TYPES, [41, -1]),
        },
    ),
    "rope_distance_explorer": (
        widgets.rope_distance_explorer,
        dict(base="10,000", d_head=128, max_distance=100_000),
        {"base": ([None, 10_000], ["7"]), "d_head": (INT_TYPES, [7, 256]), "max_distance": (INT_TYPES, [0, 1])},
    ),
    "alibi_explorer": (
        widgets.alibi_explorer,
        dict(seq_len=16, num_heads=8, head=3),
        {"seq_len": (INT_TYPES, [0]), "num_heads": (INT_TYPES, [0, 7]), "head": (INT_TYPES, [0, 9])},
    ),
    "extrapolation_explorer": (
        widgets.extrapolation_explorer,
        dict(fits=None, test_len=256, query=40),
        {"fits": (["x", 3], [{}]), "test_len": (INT_TYPES, [0]), "query": (INT_TYPES, [256, -1])},
    ),
    "rope_range_explorer": (
        widgets.rope_range_explorer,
        dict(train_len=4096, d_head=128, base=10_000.0, multiple=4),
        {
            "train_len": (INT_TYPES, [0]),
            "d_head": (INT_TYPES, [7, 0]),
            "base": (NUMBER_TYPES, [1.0]),
            "multiple": ([None, "4"], [0, 5, 999]),
        },
    ),
    "scheme_explorer": (
        widgets.scheme_explorer,
        dict(scheme="rope", causal=False),
        {"scheme": (STR_TYPES, ["no-such-scheme"]), "causal": (BOOL_TYPES, [])},
    ),
    "bucket_explorer": (
        widgets.bucket_explorer,
        dict(train_len=32, num_buckets=32, max_distance=128),
        {
            "train_len": (INT_TYPES, [0, 3, 257]),
            "num_buckets": (INT_TYPES, [0, 7, 64]),
            "max_distance": (INT_TYPES, [0, 16, 257]),
        },
    ),
    "quiz": (widgets.quiz, dict(question_id="01-causal-mask"), {"question_id": (STR_TYPES, ["no-such-question"])}),
    "recall": (widgets.recall, dict(question_id="01-equivariance"), {"question_id": (STR_TYPES, ["no-such-question"])}),
    "environment_check": (widgets.environment_check, {}, {}),
}


def test_every_builder_has_its_wrong_arguments():
    assert set(ARGUMENT_CASES) == set(widgets.__all__) - {"Explorer", "sharp_figures"}


def pixels(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))


def other_value(control: ipywidgets.Widget):
    """A different valid value for a control, as a learner's one step would give."""
    if isinstance(control, ipywidgets.IntSlider):
        up = control.value + control.step
        return up if up <= control.max else control.value - control.step
    if isinstance(control, ipywidgets.FloatLogSlider):
        exponent = math.log(control.value, control.base)
        up = exponent - control.step if exponent + control.step > control.max + 1e-9 else exponent + control.step
        return control.base**up
    if isinstance(control, ipywidgets.SelectionSlider):
        return control.options[(control.index + 1) % len(control.options)]
    if isinstance(control, ipywidgets.Checkbox):
        return not control.value
    if isinstance(control, (ipywidgets.ToggleButtons, ipywidgets.Dropdown)):
        return control.options[(control.index + 1) % len(control.options)]
    raise AssertionError(f"no rule to move a {type(control).__name__}: teach other_value() about it")


#: What posenc.widgets exports besides explorer builders.
NOT_BUILDERS = {"Explorer", "quiz", "recall", "sharp_figures"}


def test_every_builder_is_registered():
    # every other export, whatever its name, is a builder and must be in the registry
    assert set(widgets.__all__) - NOT_BUILDERS == set(examples.EXPLORERS)


@pytest.mark.parametrize("name", NAMES)
def test_builds_an_explorer_with_a_marked_main_control_and_a_static_view(name):
    explorer = examples.EXPLORERS[name]()
    assert isinstance(explorer, Explorer)
    assert explorer.main in explorer.controls
    assert "posenc-main" in explorer.main._dom_classes
    assert "posenc-readout" in explorer.readout._dom_classes
    assert explorer.png[:8] == b"\x89PNG\r\n\x1a\n"
    assert "<" not in explorer.state, "state is the readout as plain text"
    bundle = explorer.widget._repr_mimebundle_()  # what a front end without widgets shows
    assert explorer.readout.value in bundle["text/html"]
    assert bundle["text/plain"].startswith(explorer.state)


@pytest.mark.parametrize("name", NAMES)
def test_every_control_changes_the_picture_in_place_and_fast_equals_full(name):
    """One explorer, shown once; each control in turn moved one step, as a learner would."""
    InteractiveShell.instance()
    explorer = examples.EXPLORERS[name]()
    with capture_output() as captured:
        display(explorer)
    shown = [o for o in captured.outputs if "image/png" in o.data]
    assert len(shown) == 1 and not shown[0].update, "one image shown"
    assert base64.b64decode(shown[0].data["image/png"]) == explorer.png
    width, height = explorer.live.css_size
    assert shown[0].metadata["image/png"] == {"width": width, "height": height}, "shown at its own size"
    assert pixels(explorer.png).shape[:2] == (2 * height, 2 * width), "sharp at rest: twice the pixels"
    assert any("application/vnd.jupyter.widget-view+json" in o.data for o in captured.outputs)
    display_id = shown[0].transient["display_id"]
    for control in explorer.controls:
        png, state = explorer.png, explorer.state
        with capture_output() as captured:
            control.value = other_value(control)
        where = f"{name}, {control.description}"
        assert explorer.png != png, f"{where}: the picture did not change"
        assert explorer.state != state, f"{where}: the readout did not change"
        updates = [o for o in captured.outputs if "image/png" in o.data]
        assert len(updates) == 1 and updates[0].update, f"{where}: one update of the shown image"
        assert updates[0].transient["display_id"] == display_id, f"{where}: updated in place"
        assert base64.b64decode(updates[0].data["image/png"]) == explorer.png
        assert updates[0].metadata["image/png"] == {"width": width, "height": height}, f"{where}: same size"
        fast = pixels(explorer.png)
        full = explorer.live.full_redraw()
        assert fast.shape == full.shape
        differing = np.mean(np.any(fast != full, axis=-1))
        assert differing < 0.002, f"{where}: {differing:.2%} of the pixels differ"  # anti-aliasing at most


def test_a_move_in_the_browser_answers_at_once_then_sharpens_once_the_controls_rest(monkeypatch):
    from posenc.live import explorer as live_explorer

    InteractiveShell.instance()
    monkeypatch.setattr(live_explorer, "_moved_in_browser", lambda: True)  # as while a comm message is handled
    monkeypatch.setattr(live_explorer, "SETTLE_S", 0.05)
    explorer = widgets.environment_check()
    with capture_output():
        display(explorer)
    width, height = explorer.live.css_size

    async def two_quick_moves_then_a_rest():
        with capture_output() as moved:
            explorer.cycles.value = 2
            explorer.cycles.value = 3  # before the first has settled: its sharp picture is not drawn
            await asyncio.sleep(0.3)
        return [o for o in moved.outputs if "image/png" in o.data]

    updates = asyncio.run(two_quick_moves_then_a_rest())
    shapes = [pixels(base64.b64decode(o.data["image/png"])).shape[:2] for o in updates]
    assert shapes == [(height, width), (height, width), (2 * height, 2 * width)]
    assert all(o.metadata["image/png"] == {"width": width, "height": height} for o in updates)
    assert explorer.state.startswith("cycles = 3")
    sharp = pixels(explorer.png)
    assert np.mean(np.any(sharp != explorer.live.full_redraw(), axis=-1)) < 0.002, "the sharp picture is the state"


def test_posenc_sharp_0_keeps_every_picture_at_the_figures_density(monkeypatch):
    from posenc.live import explorer as live_explorer

    InteractiveShell.instance()
    monkeypatch.setenv(live_explorer.SHARP_ENV, "0")
    monkeypatch.setattr(live_explorer, "_moved_in_browser", lambda: True)
    explorer = widgets.environment_check()
    with capture_output() as shown:
        display(explorer)
        explorer.cycles.value = 2
    width, height = explorer.live.css_size
    pictures = [pixels(base64.b64decode(o.data["image/png"])).shape[:2] for o in shown.outputs if "image/png" in o.data]
    assert pictures == [(height, width), (height, width)] and explorer._sharpen_later is None


def test_inside_drawing_elsewhere_a_move_updates_the_readout_and_draws_no_picture(monkeypatch):
    # the static site draws each frame itself at its own density: the live picture would be drawn for nothing
    explorer = widgets.table_explorer(24, 48, position=5)
    drawn = []
    draw = explorer.live.draw
    monkeypatch.setattr(explorer.live, "draw", lambda *args, **kwargs: drawn.append(args) or draw(*args, **kwargs))
    with explorer.drawing_elsewhere():
        explorer.main.value = 9
        assert explorer.state.startswith("position 9") and drawn == []
    assert len(drawn) == 1 and explorer.state.startswith("position 9"), "the picture drawn once, after the block"
