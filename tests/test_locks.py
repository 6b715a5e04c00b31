"""tools.locks.held: a second process waits while the first holds the lock, and gets it once the first lets go."""

import fcntl
import subprocess
import sys
from pathlib import Path

import pytest

from tools.locks import held

ROOT = Path(__file__).resolve().parents[1]

HOLDER = """
import sys
from pathlib import Path
from tools.locks import held
with held(Path(sys.argv[1])):
    print("held", flush=True)
    sys.stdin.read()  # until the test closes our input
"""


def try_lock(path: Path) -> bool:
    """Whether this process can take the lock on `path` right now (taken and let go at once)."""
    with open(path, "w") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        fcntl.flock(handle, fcntl.LOCK_UN)
        return True


def test_a_second_process_waits_while_the_first_holds_the_lock(tmp_path):
    lock = tmp_path / "deep" / "env.lock"  # its folder is made
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(lock)], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        assert not try_lock(lock)
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=30)
    assert try_lock(lock)


def test_the_lock_is_let_go_when_the_block_raises(tmp_path):
    lock = tmp_path / "env.lock"
    with pytest.raises(RuntimeError), held(lock):
        assert not try_lock(lock)  # another open file description of the same file: refused
        raise RuntimeError("the build failed")
    assert try_lock(lock)
