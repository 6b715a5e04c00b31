"""Re-execute lessons from a fresh kernel, in place, keeping outputs and widget state.

    python -m tools.execute_notebooks notebooks/*.ipynb      (or: make notebooks)

Each notebook runs in a new ``python3`` kernel with ``notebooks/`` as its working
directory, exactly as nbval will run it; widget state is stored in the notebook's
metadata so that saved sliders render without a kernel. The kernelspec is normalised
to ``python3`` so that nbval and JupyterLab find it on any machine. Prints each
notebook's run time.

Where the system has Unix sockets, the kernel talks to this script over them (ZeroMQ's ``ipc``
transport, in a private temporary folder) instead of TCP on 127.0.0.1: nothing listens on a port, and
the kernel has no reason to print its warning that TCP is unencrypted once per lesson of every build.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import nbformat
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}


def run(nb: nbformat.NotebookNode, directory: Path) -> float:
    """Execute `nb` in place in a fresh python3 kernel working in `directory`, storing widget state;
    returns the seconds it took."""
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    with kernel_manager("python3") as km:
        client = NotebookClient(
            nb,
            km=km,
            kernel_name="python3",
            timeout=300,
            resources={"metadata": {"path": str(directory)}},
            store_widget_state=True,
            record_timing=False,
        )
        start = time.perf_counter()
        client.execute()
        return time.perf_counter() - start


@contextlib.contextmanager
def kernel_manager(name: str) -> Iterator[KernelManager | None]:
    """A kernel manager on Unix sockets in a private folder where the system has them; None elsewhere (nbclient
    then makes its own, on TCP)."""
    if os.name != "posix":
        yield None
        return
    with tempfile.TemporaryDirectory(prefix="posenc-k") as folder:  # short: a socket's path has ~100 bytes
        km = KernelManager(kernel_name=name, transport="ipc", ip=str(Path(folder) / "kernel"))
        try:
            yield km
        finally:
            if km.has_kernel:  # nbclient leaves a kernel it was given running
                km.shutdown_kernel()


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
        raise SystemExit("usage: python -m tools.execute_notebooks NOTEBOOK.ipynb [...]")
    for name in paths:
        seconds = execute(Path(name))
        print(f"{name}: executed in {seconds:.1f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
