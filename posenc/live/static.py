"""The course as a static page: an explorer's main slider, prerendered, switched in the browser.

``tools/build_site.py`` runs each lesson in a kernel whose environment has
``POSENC_STATIC_SITE`` set. There, displaying an :class:`~posenc.live.Explorer`
shows :func:`static_view` instead of the live widget: the explorer is drawn once per
value of its main control (at most :data:`MAX_FRAMES` values, evenly spread; where it names an
`also` control, once per combination of the two), each frame an ``ipywidgets.Image`` in an ``ipywidgets.Stack``, with the readouts in a second
``Stack``; a slider over those values is linked to both stacks in the browser
(``jslink`` on its ``index``), so the page needs no kernel. The other controls show
their value and that they need a running notebook. Frames are made at build time and
never stored in the committed notebooks.
"""

from __future__ import annotations

import html
import io
import os
from collections.abc import Mapping
from typing import TYPE_CHECKING

import ipywidgets
import numpy as np

if TYPE_CHECKING:  # the explorer imports this module: a name for the annotation only
    from posenc.live.explorer import Explorer

SITE_ENV = "POSENC_STATIC_SITE"
#: Most frames per slider: enough to sweep, few enough for a light page.
MAX_FRAMES = 24
#: Most values of an explorer's `also` control to prerender (each with a sweep of the main slider).
MAX_ALSO = 4
#: Bytes of frames per explorer, before base64: a big picture gets fewer frames (never fewer than 12).
FRAME_BUDGET = 700_000
#: Pixels per CSS pixel of the prerendered frames (the live pictures at rest have 2).
SITE_SCALE = 2


def static_mode() -> bool:
    """True in the kernels that build the static site (``POSENC_STATIC_SITE`` set and not "0")."""
    return os.environ.get(SITE_ENV, "0") not in ("", "0")


def binder_link() -> str:
    """Where a learner can run the notebook, as the site's build passed it (``POSENC_BINDER_URL``)."""
    return os.environ.get("POSENC_BINDER_URL", "")


def frame_values(control: ipywidgets.Widget, most: int = MAX_FRAMES) -> tuple[list[object], list[str], int]:
    """The values of `control` to prerender, their labels, and which of them is nearest its current value.

    Every value, or `most` spread evenly with the current one among them. A control with no
    list of values gets one frame, its current value.

    Examples
    --------
    >>> values, labels, start = frame_values(ipywidgets.IntSlider(value=5, min=0, max=100))
    >>> len(values), values[:3], values[start]
    (24, [0, 5, 9], 5)
    """
    if isinstance(getattr(control, "index", None), int) and hasattr(control, "options"):  # one choice of a list
        pairs = option_pairs(control.options)  # SelectionSlider, Dropdown, ToggleButtons, RadioButtons
        return spread_evenly([v for _, v in pairs], [label for label, _ in pairs], control.index, most)
    if isinstance(control, ipywidgets.FloatLogSlider):
        exponents = np.arange(control.min, control.max + control.step / 2, control.step)
        values: list[object] = [float(control.base**e) for e in exponents]
        labels = [format(v, control.readout_format) for v in values]
    elif isinstance(control, ipywidgets.IntSlider):
        values = list(range(control.min, control.max + 1, control.step))
        labels = [str(v) for v in values]
    elif isinstance(control, ipywidgets.FloatSlider):
        values = np.arange(control.min, control.max + control.step / 2, control.step).tolist()
        labels = [format(v, control.readout_format) for v in values]
    elif isinstance(control, ipywidgets.Checkbox):
        values, labels = [False, True], ["off", "on"]
    else:
        values, labels = [control.value], [str(control.value)]
    distance = [abs(v - control.value) if isinstance(v, (int, float)) else float(v != control.value) for v in values]
    return spread_evenly(values, labels, int(np.argmin(distance)), most)


def option_pairs(options) -> list[tuple[str, object]]:
    """A selection widget's ``options`` as (label, value) pairs, read as ipywidgets documents them: a
    mapping from labels to values, a sequence of (label, value) pairs, or a sequence of values.

    Examples
    --------
    >>> option_pairs([("one", 1), ("two", 2)]), option_pairs([8, 12]), option_pairs({"a": 0.5})
    ([('one', 1), ('two', 2)], [('8', 8), ('12', 12)], [('a', 0.5)])
    """
    items = list(options.items() if isinstance(options, Mapping) else options)
    if all(isinstance(item, (list, tuple)) and len(item) == 2 for item in items):
        return [(str(label), value) for label, value in items]
    return [(str(value), value) for value in items]


def spread_evenly(
    values: list[object], labels: list[str], current: int, most: int
) -> tuple[list[object], list[str], int]:
    """At most `most` of `values` (and their `labels`), evenly spread with the one at `current` among
    them; returns them and where `current` went."""
    if len(values) > most:
        keep = set(np.linspace(0, len(values) - 1, most).round().astype(int).tolist())
        keep.add(current)
        while len(keep) > most:  # the current value pushed one too many: drop the nearest other
            keep.discard(min((i for i in keep if i != current), key=lambda i: abs(i - current)))
        order = sorted(keep)
        values, labels, current = [values[i] for i in order], [labels[i] for i in order], order.index(current)
    return values, labels, current


#: The formats a frame may be encoded in: a 128-colour PNG (crisp lines and text) and a WebP of quality 75
#: (smaller for noisy heatmaps).
FORMATS = ("png", "webp")


def encode_frame(rgb: np.ndarray, formats: tuple[str, ...] = FORMATS) -> tuple[bytes, str]:
    """A frame encoded in each of `formats` (see :data:`FORMATS`); returns the smallest bytes and their format.

    Examples
    --------
    >>> rgb = np.zeros((4, 6, 3), dtype=np.uint8)
    >>> [encode_frame(rgb, (kind,))[0][:4] for kind in FORMATS]
    [b'\\x89PNG', b'RIFF']
    >>> encode_frame(rgb)[1]  # the smaller of the two, for this tiny black picture
    'webp'
    >>> encode_frame(rgb, ("gif",))
    Traceback (most recent call last):
    ValueError: formats must be some of ('png', 'webp'); got ('gif',).
    """
    from PIL import Image

    unknown = [kind for kind in formats if kind not in FORMATS]
    if unknown or not formats:
        raise ValueError(f"formats must be some of {FORMATS}; got {formats!r}.")
    picture = Image.fromarray(np.ascontiguousarray(rgb[..., :3]))
    encoded = []
    for kind in formats:
        out = io.BytesIO()
        if kind == "png":
            picture.quantize(colors=128, method=Image.Quantize.FASTOCTREE).save(out, format="png")
        else:
            picture.save(out, format="webp", quality=75, method=2)
        encoded.append((out.getvalue(), kind))
    return min(encoded, key=lambda pair: len(pair[0]))


def _frame(explorer: Explorer, formats: tuple[str, ...] = FORMATS) -> tuple[bytes, str]:
    """The explorer's current state drawn at :data:`SITE_SCALE` and encoded in the smaller of `formats` (the live
    picture is not drawn meanwhile: see :func:`static_view`)."""
    explorer.live.draw(explorer._slow_key(), scale=SITE_SCALE)
    return encode_frame(explorer.live.pixels(), formats)


def _sweep(
    explorer: Explorer,
    values: list[object],
    current: int,
    drawn: tuple[tuple[bytes, str], str] | None,
    formats: tuple[str, ...] = FORMATS,
) -> tuple[ipywidgets.Stack, ipywidgets.Stack]:
    """The explorer drawn at each of its main control's `values`, as a stack of pictures and one of readouts,
    each encoded in the smaller of `formats`; `drawn` is the frame of the current value when it is already
    made."""
    main = explorer.main
    start = main.value
    width = str(explorer.live.css_size[0])  # every frame shown at the live picture's size
    images, readouts = [], []
    for i, value in enumerate(values):
        if drawn is not None and i == current and value == start:  # the frame drawn and encoded already
            (data, kind), readout = drawn
        else:
            main.value = value  # the explorer's own observers bring its artists and readout up to date
            (data, kind), readout = _frame(explorer, formats), explorer.readout.value
        images.append(ipywidgets.Image(value=data, format=kind, width=width))
        images[-1].add_class(f"posenc-frame-{i}")  # which frame a page shows, for the tests
        readouts.append(ipywidgets.HTML(readout))
    return ipywidgets.Stack(images, selected_index=current), ipywidgets.Stack(readouts, selected_index=current)


def static_view(explorer: Explorer) -> ipywidgets.VBox:
    """The prerendered version of `explorer` for the static site (see the module's docstring).

    Where the explorer names an `also` control (the one that carries its point, beside the main slider), every
    combination of the two is drawn, the main control's values fewer to keep the frame budget: a stack of the
    main slider's frames for each of `also`'s values, picked by buttons, all of it linked in the browser.
    """
    main, also = explorer.main, getattr(explorer, "also", None)
    # every control's value, `also` first: put back in this order, as `also` may move the others when set
    settings = sorted(((c, c.value) for c in explorer.controls), key=lambda pair: pair[0] is not also)
    with explorer.drawing_elsewhere():  # each frame drawn once, at the site's density, by _frame
        # the start's frame sizes the budget and picks the format of every frame: one explorer's frames are
        # alike (PNG was the smaller for 217 of the 221 frames of the example explorers, WebP by at most 4% for
        # the others), and the frames encoded in one format took 12.0 s against 20.7 s in both (measured)
        drawn = _frame(explorer), explorer.readout.value
        choices, chosen, at = frame_values(also, most=MAX_ALSO) if also is not None else ([None], [""], 0)
        most = min(MAX_FRAMES, max(12, FRAME_BUDGET // (len(drawn[0][0]) * len(choices))))
        values, labels, current = frame_values(main, most=most)
        sweeps = []
        for k, choice in enumerate(choices):
            if also is not None:
                also.value = choice
            sweeps.append(_sweep(explorer, values, current, drawn if k == at else None, (drawn[0][1],)))
            for control, value in settings:  # back to the start
                control.value = value
    slider = ipywidgets.SelectionSlider(
        options=[(label, i) for i, label in enumerate(labels)],  # labels may repeat; indices do not
        index=current,
        description=main.description or "value",
        continuous_update=True,
        style={"description_width": "initial"},
        layout=main.layout,
    )
    slider.add_class("posenc-main")
    slider.add_class("posenc-static-slider")
    for pictures, words in sweeps:
        ipywidgets.jslink((slider, "index"), (pictures, "selected_index"))
        ipywidgets.jslink((slider, "index"), (words, "selected_index"))
    if also is None:
        (pictures, words), switch = sweeps[0], []
    else:
        pictures = ipywidgets.Stack([p for p, _ in sweeps], selected_index=at)
        words = ipywidgets.Stack([w for _, w in sweeps], selected_index=at)
        buttons = ipywidgets.ToggleButtons(
            options=[(label, k) for k, label in enumerate(chosen)],
            index=at,
            description=also.description or "setting",
            style={"description_width": "initial", "button_width": "auto"},
        )
        buttons.add_class("posenc-static-also")
        ipywidgets.jslink((buttons, "index"), (pictures, "selected_index"))
        ipywidgets.jslink((buttons, "index"), (words, "selected_index"))
        switch = [buttons]
    pictures.add_class("posenc-frames")
    words.add_class("posenc-readout")
    notes = []
    for control in explorer.controls:
        if control is main or control is also:
            continue
        link = binder_link()
        run = f'<a href="{link}">a running notebook</a>' if link else "a running notebook"
        name = html.escape(control.description or "setting")
        shown = html.escape(str(getattr(control, "label", None) or control.value))
        notes.append(
            ipywidgets.HTML(
                f"<span style='color:#555'>{name}: <b>{shown}</b> (to change it, open this lesson in {run})</span>"
            )
        )
    box = ipywidgets.VBox([slider, *switch, *notes, words, pictures])
    box.add_class("posenc-static")
    return box
