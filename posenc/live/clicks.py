"""Clicks on a live figure, turned into the cell of a heatmap a learner pointed at.

A live figure is an ordinary PNG output (see ``posenc.live.explorer``), so the notebook
front end owns it and tells the kernel nothing about clicks. :class:`ClickTarget` is an
invisible widget, shown beside the controls, whose few lines of JavaScript listen for
clicks on the figure of its own notebook cell and report which cell of a heatmap was hit.
Where its JavaScript does not run (a static view), the figure simply does not answer
clicks; the sliders still do everything.
"""

from __future__ import annotations

import anywidget
import traitlets

__all__ = ["ClickTarget"]

_ESM = """
function render({ model, el }) {
  el.style.display = "none";  // nothing to see: it listens to the figure of its own cell
  // The view is put into the page after render() returns, so its cell is looked up at each event.
  // Relies on the front ends' class names for a cell and an output area (JupyterLab's jp-, Notebook 6's
  // plain ones): tests/test_browser.py clicks a heatmap in a real JupyterLab.
  const hit = (event) => {
    const cell = el.closest(".jp-Cell, .cell");
    const img = event.target;
    if (!cell || !(img instanceof HTMLImageElement) || !cell.contains(img)) return null;
    if (!img.closest(".jp-OutputArea-output, .output_area")) return null;
    const [left, right, top, bottom] = model.get("box");
    const fx = event.offsetX / img.clientWidth, fy = event.offsetY / img.clientHeight;
    if (fx < left || fx >= right || fy < top || fy >= bottom) return null;
    const column = Math.floor((fx - left) / (right - left) * model.get("columns"));
    const row = Math.floor((fy - top) / (bottom - top) * model.get("rows"));
    return { column, row };
  };
  const onMove = (event) => {
    if (event.target instanceof HTMLImageElement && el.isConnected) {
      const inside = hit(event);
      if (inside || event.target.style.cursor === "pointer") event.target.style.cursor = inside ? "pointer" : "";
    }
  };
  const onClick = (event) => {
    const cellHit = hit(event);
    if (!cellHit) return;
    model.set("clicked", { ...cellHit, count: (model.get("clicked").count || 0) + 1 });
    model.save_changes();
  };
  document.addEventListener("mousemove", onMove);
  document.addEventListener("click", onClick);
  return () => {
    document.removeEventListener("mousemove", onMove);
    document.removeEventListener("click", onClick);
  };
}
export default { render };
"""


class ClickTarget(anywidget.AnyWidget):
    """An invisible widget that reports clicks on a heatmap drawn in its cell's figure.

    Parameters (traits)
    -------------------
    box : list of 4 floats
        The heatmap's edges as fractions of the figure's width and height, measured
        from its top left corner: ``[left, right, top, bottom]``.
    columns, rows : int
        How many cells the heatmap has across and down.
    clicked : dict
        Set by the browser on each click inside the box: ``{"column", "row", "count"}``
        (``count`` grows by one per click, so a second click on the same cell is seen).

    Examples
    --------
    >>> target = ClickTarget(box=[0.1, 0.9, 0.2, 0.6], columns=48, rows=24)
    >>> seen = []
    >>> target.observe(lambda change: seen.append(change["new"]["column"]), names="clicked")
    >>> target.clicked = {"column": 9, "row": 5, "count": 1}  # what the browser sends
    >>> seen
    [9]
    """

    _esm = _ESM
    # Any installed anywidget runs this code: a notebook saved with one version of anywidget must
    # not fail to open with another, as its stored widget state would otherwise ask for the first.
    # Relies on anywidget letting a widget override these traits (tests/test_live.py checks the state it
    # sends, in every environment the course is tested in).
    _model_module_version = traitlets.Unicode("*").tag(sync=True)
    _view_module_version = traitlets.Unicode("*").tag(sync=True)
    box = traitlets.List(traitlets.Float(), default_value=[0.0, 1.0, 0.0, 1.0]).tag(sync=True)
    columns = traitlets.Int(1).tag(sync=True)
    rows = traitlets.Int(1).tag(sync=True)
    clicked = traitlets.Dict(default_value={}).tag(sync=True)
