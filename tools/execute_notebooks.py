"""Re-execute lessons from a fresh kernel, in place, keeping outputs and widget state.

    python tools/execute_notebooks.py notebooks/*.ipynb      (or: make notebooks)

Each notebook runs in a new ``python3`` kernel with ``notebooks/`` as its working
directory, exactly as nbval will run it; widget state is stored in the notebook's
metadata so that saved sliders render without a kernel. The kernelspec is normalised
to ``python3`` so that nbval and JupyterLab find it on any machine. Prints each
notebook's run time.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}


def run(nb: nbformat.NotebookNode, directory: Path) -> float:
    """Execute `nb` in place in a fresh python3 kernel working in `directory`, storing widget state;
    returns the seconds it took."""
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    client = NotebookClient(
        nb,
        kernel_name="python3",
        timeout=300,
        resources={"metadata": {"path": str(directory)}},
        store_widget_state=True,
        record_timing=False,
    )
    start = time.perf_counter()
    client.execute()
    return time.perf_counter() - start


def execute(path: Path) -> float:
    nb = nbformat.read(path, as_version=4)
    seconds = run(nb, path.parent)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
    nb.metadata.get("language_info", {}).pop("version", None)  # the patch version is noise in diffs
    nbformat.validate(nb)
    nbformat.write(nb, path)
    return seconds


def main(paths: list[str]) -> None:
    if not paths:
        raise SystemExit("usage: python tools/execute_notebooks.py NOTEBOOK.ipynb [...]")
    for name in paths:
        seconds = execute(Path(name))
        print(f"{name}: executed in {seconds:.1f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
