"""Write a built edition to a git branch of the repository, where a class can reach it.

    python -m tools.build_kit
    python -m tools.publish_edition student                 (the branch is named after the edition)
    python -m tools.publish_edition instructor --branch instructor-2027
    git push origin student                                   (then point nbgitpuller or Colab at it)

The branch holds the edition folder's files at its top level, nothing else. The work tree, the
index and the checked-out branch are not touched (a throwaway index file is used). Publishing
the same files again adds no commit, so the command can run on every build; changed files add
one commit on top of the branch's last, so students' nbgitpuller copies update as usual.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _git(repo: Path, *args: str, env: dict[str, str] | None = None, stdin: str | None = None) -> str:
    done = subprocess.run(["git", *args], cwd=repo, env=env, input=stdin, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"git {' '.join(args)} failed: {done.stderr.strip()}")
    return done.stdout.strip()


def publish(folder: Path, branch: str, repo: Path = ROOT, message: str | None = None) -> tuple[str, bool]:
    """Commit the files of `folder` as the whole tree of `branch` in `repo`; return (commit, whether it is new)."""
    folder = folder.resolve()
    if not folder.is_dir() or not any(folder.iterdir()):
        raise SystemExit(f"{folder} holds no edition: build it first (make kit).")
    git_dir = _git(repo, "rev-parse", "--absolute-git-dir")
    with tempfile.TemporaryDirectory() as scratch:
        env = {**os.environ, "GIT_INDEX_FILE": str(Path(scratch) / "index")}
        _git(folder, "--git-dir", git_dir, "--work-tree", str(folder), "add", "--all", "--force", ".", env=env)
        tree = _git(folder, "--git-dir", git_dir, "write-tree", env=env)
    ref = f"refs/heads/{branch}"
    parent = subprocess.run(["git", "rev-parse", "--verify", "--quiet", ref], cwd=repo, capture_output=True, text=True)
    head = parent.stdout.strip()
    if head and _git(repo, "rev-parse", f"{head}^{{tree}}") == tree:
        return head, False
    text = message or f"The {folder.name} edition, built by make kit"
    who = {}  # a fresh clone on a build machine may have no identity configured: the kit signs its own commits
    if not subprocess.run(["git", "config", "user.email"], cwd=repo, capture_output=True, text=True).stdout.strip():
        who = {
            f"GIT_{role}_{part}": value
            for role in ("AUTHOR", "COMMITTER")
            for part, value in (("NAME", "posenc kit"), ("EMAIL", "kit@posenc.invalid"))
        }
    env = {**os.environ, **who}
    commit = _git(repo, "commit-tree", tree, *(["-p", head] if head else []), "-m", text, env=env)
    _git(repo, "update-ref", ref, commit, *([head] if head else []))
    return commit, True


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("edition", help="a folder under build/kit: learner, student or instructor")
    parser.add_argument("--branch", help="the branch to write (default: the edition's name)")
    parser.add_argument("--kit", type=Path, default=ROOT / "build" / "kit", help="where make kit wrote the editions")
    parser.add_argument("--repo", type=Path, default=ROOT, help="the repository (default: this one)")
    args = parser.parse_args(argv)
    branch = args.branch or args.edition
    commit, new = publish(args.kit / args.edition, branch, args.repo)
    print(f"{branch}: {'new commit' if new else 'unchanged at'} {commit[:12]}")


if __name__ == "__main__":
    main()
