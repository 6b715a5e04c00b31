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

NAMES = sorted(widgets.EXPLORERS)  # names only: nothing is built at collection


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
NOT_BUILDERS = {"Explorer", "EXPLORERS", "quiz", "recall"}


def test_every_builder_is_registered():
    # every other export, whatever its name, is a builder and must be in the registry
    assert set(widgets.__all__) - NOT_BUILDERS == set(widgets.EXPLORERS)


@pytest.mark.parametrize("name", NAMES)
def test_builds_an_explorer_with_a_marked_main_control_and_a_static_view(name):
    explorer = widgets.EXPLORERS[name]()
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
    explorer = widgets.EXPLORERS[name]()
    with capture_output() as captured:
        display(explorer)
    shown = [o for o in captured.outputs if "image/png" in o.data]
    assert len(shown) == 1 and not shown[0].update, "one image shown"
    assert base64.b64decode(shown[0].data["image/png"]) == explorer.png
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
        fast = pixels(explorer.png)
        full = explorer.live.full_redraw()
        assert fast.shape == full.shape
        differing = np.mean(np.any(fast != full, axis=-1))
        assert differing < 0.002, f"{where}: {differing:.2%} of the pixels differ"  # anti-aliasing at most
