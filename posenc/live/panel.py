"""A box of widgets that still reads as HTML and text where widgets cannot run."""

from __future__ import annotations

import html
import re
from collections.abc import Callable

import ipywidgets

from posenc.live.static import static_mode

__all__ = ["Panel", "html_to_text"]


def html_to_text(page: str) -> str:
    """The text a reader sees in a small piece of HTML: tags dropped, entities decoded.

    Line breaks, paragraph ends, list items and summaries become new lines.

    Examples
    --------
    >>> print(html_to_text("position <b>5</b> &amp; value 0.96<br>next"))
    position 5 & value 0.96
    next
    """
    text = re.sub(r"<br>|</p>|</li>|</summary>", "\n", page)
    return html.unescape(re.sub(r"<[^>]+>", "", text)).strip()


class Panel(ipywidgets.VBox):
    """A VBox that also offers HTML and plain text, shown where widgets cannot run.

    JupyterLab renders the widgets; a static view (GitHub, an HTML export without
    widget state) falls back to the HTML, and nbval compares the plain text.

    Parameters
    ----------
    children : list of widgets
    static_html : callable returning str
        Called each time the panel is displayed.

    Examples
    --------
    >>> panel = Panel([ipywidgets.Button(description="go")], lambda: "<p>A <b>button</b></p>")
    >>> panel._repr_mimebundle_()["text/plain"]
    'A button'
    """

    def __init__(self, children: list[ipywidgets.Widget], static_html: Callable[[], str]) -> None:
        super().__init__(children)
        self._static_html = static_html

    def _repr_mimebundle_(self, **kwargs) -> dict:
        page = self._static_html()
        if static_mode():  # the static site: no kernel behind buttons, so the HTML alone
            return {"text/html": page, "text/plain": html_to_text(page)}
        bundle = super()._repr_mimebundle_(**kwargs)
        bundle["text/html"] = page
        bundle["text/plain"] = html_to_text(page)
        return bundle
