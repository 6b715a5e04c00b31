"""One process at a time for the folders the tests share.

``make test`` runs on two worker processes (pytest-xdist). Two test files may ask at the same moment
for the same folder built on first use (``.venv-hub``, the npm cache of the site's bundles): the first
holds the lock while it builds, the second waits, then finds the folder built and uses it.
"""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def held(lock: Path) -> Iterator[None]:
    """Hold an exclusive lock on the file `lock` (created, with its folder, when missing) until the block ends.

    The operating system lets go of the lock when its process ends, so a worker that dies leaves no stale
    lock behind.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     with held(Path(folder) / "env.lock"):
    ...         print("building, alone")
    building, alone
    """
    lock.parent.mkdir(parents=True, exist_ok=True)
    with open(lock, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
