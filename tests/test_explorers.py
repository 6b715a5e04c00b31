"""Every registered explorer, every control: the rules each live figure keeps.

A new explorer gets these tests by being added to ``posenc.widgets.EXPLORERS``;
``test_every_builder_is_registered`` fails until it is.
"""

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
from posenc._live import Explorer

NAMES = sorted(widgets.EXPLORERS)
CONTROLS = [(name, i) for name in NAMES for i in range(len(widgets.EXPLORERS[name]().controls))]


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


def test_every_builder_is_registered():
    builders = {name for name in widgets.__all__ if name.endswith("_explorer") or name == "environment_check"}
    assert builders == set(widgets.EXPLORERS)


@pytest.mark.parametrize("name", NAMES)
def test_builds_an_explorer_with_a_marked_main_control(name):
    explorer = widgets.EXPLORERS[name]()
    assert isinstance(explorer, Explorer)
    assert explorer.main in explorer.controls
    assert "posenc-main" in explorer.main._dom_classes
    assert "posenc-readout" in explorer.readout._dom_classes
    assert explorer.png[:8] == b"\x89PNG\r\n\x1a\n"
    assert "<" not in explorer.state, "state is the readout as plain text"


@pytest.mark.parametrize("name, index", CONTROLS, ids=[f"{n}-{i}" for n, i in CONTROLS])
class TestEveryControl:
    def test_moving_it_changes_the_picture_and_the_readout(self, name, index):
        explorer = widgets.EXPLORERS[name]()
        control = explorer.controls[index]
        png, state = explorer.png, explorer.state
        control.value = other_value(control)
        assert explorer.png != png, f"{control.description} did not change the picture"
        assert explorer.state != state, f"{control.description} did not change the readout"

    def test_the_fast_redraw_equals_a_full_redraw(self, name, index):
        explorer = widgets.EXPLORERS[name]()
        control = explorer.controls[index]
        control.value = other_value(control)
        fast = pixels(explorer.png)
        full = explorer.live.full_redraw()
        assert fast.shape == full.shape
        differing = np.mean(np.any(fast != full, axis=-1))
        assert differing < 0.002, f"{differing:.2%} of the pixels differ"  # anti-aliasing of a few edges at most

    def test_the_displayed_figure_is_updated_in_place(self, name, index):
        InteractiveShell.instance()
        explorer = widgets.EXPLORERS[name]()
        control = explorer.controls[index]
        with capture_output() as captured:
            display(explorer)
            first = explorer.png
            control.value = other_value(control)
        images = [o for o in captured.outputs if "image/png" in o.data]
        assert len(images) == 2, "one image shown, then one update"
        shown, updated = images
        assert not shown.update and updated.update
        assert shown.transient["display_id"] == updated.transient["display_id"]
        assert base64.b64decode(shown.data["image/png"]) == first
        assert base64.b64decode(updated.data["image/png"]) == explorer.png != first
        assert any("application/vnd.jupyter.widget-view+json" in o.data for o in captured.outputs)


@pytest.mark.parametrize("name", NAMES)
def test_a_static_view_gets_the_readout_as_html_and_text(name):
    explorer = widgets.EXPLORERS[name]()
    bundle = explorer.widget._repr_mimebundle_()
    assert explorer.readout.value in bundle["text/html"]
    assert bundle["text/plain"].startswith(explorer.state)
