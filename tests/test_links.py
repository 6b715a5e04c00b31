"""Every link that depends on the course's repository comes from its one setting
(``[project.urls] Repository`` in pyproject.toml), by ``tools/gen_links.py``."""

from __future__ import annotations

import shutil
import subprocess
import urllib.parse
from pathlib import Path

import nbformat
import pytest

from posenc_course import lessons
from tools import gen_links

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def test_the_committed_links_are_what_the_setting_makes():
    stale = [str(p.relative_to(ROOT)) for p in gen_links.rewrite()]
    assert stale == [], f"stale links in {stale}: run python -m tools.gen_links"


def test_while_the_setting_is_the_placeholder_every_link_says_it_is_not_live_yet():
    assert gen_links.repository() == "https://github.com/OWNER/REPO" and not gen_links.live()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme.count(gen_links.NOTE) == 2  # beside the badge and under the table
    for path in NOTEBOOKS:
        title = nbformat.read(path, as_version=4).cells[0].source
        assert "go live once the course names its public repository" in title, path.name


@pytest.fixture
def copy_with_a_real_repository(tmp_path):
    """The files the setting writes into, copied, with the setting naming a real repository."""
    for name in ("README.md", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    (tmp_path / "course" / "posenc_course").mkdir(parents=True)
    shutil.copy(ROOT / "course" / "posenc_course" / "lessons.py", tmp_path / "course" / "posenc_course" / "lessons.py")
    shutil.copytree(ROOT / "notebooks", tmp_path / "notebooks")
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(
        pyproject.read_text(encoding="utf-8").replace("OWNER/REPO", "some-school/where-am-i"), encoding="utf-8"
    )
    for path, text in gen_links.rewrite(tmp_path).items():
        path.write_text(text, encoding="utf-8")
    return tmp_path


def test_a_real_repository_reaches_every_link_and_the_notes_go(copy_with_a_real_repository):
    root = copy_with_a_real_repository
    readme = (root / "README.md").read_text(encoding="utf-8")
    assert "OWNER/REPO" not in readme and gen_links.NOTE not in readme
    assert (
        "https://mybinder.org/v2/gh/some-school/where-am-i/HEAD?urlpath=lab/tree/notebooks/00_start_here.ipynb"
        in readme
    )
    for path in NOTEBOOKS:
        nb = nbformat.read(root / "notebooks" / path.name, as_version=4)
        title, setup = nb.cells[0].source, next(c for c in nb.cells if c.cell_type == "code").source
        colab = f"https://colab.research.google.com/github/some-school/where-am-i/blob/main/notebooks/{path.name}"
        assert f"[Colab]({colab})" in title and "go live" not in title
        assert readme.count(colab) == 1  # the README's table has a row for every lesson
        assert 'course = "git+https://github.com/some-school/where-am-i"' in setup
    module = (root / "course" / "posenc_course" / "lessons.py").read_text(encoding="utf-8")
    assert 'course = "git+https://github.com/some-school/where-am-i"' in module
    assert gen_links.rewrite(root) == {}  # written once, nothing left to change


def test_the_set_up_cell_names_the_repository_once_and_every_lesson_has_that_cell():
    assert lessons.SETUP_CODE.count('course = "git+https://github.com/OWNER/REPO"') == 1
    for path in NOTEBOOKS:
        first = next(c for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code")
        assert first.source == lessons.SETUP_CODE, path.name


def test_the_nbgitpuller_link_pulls_the_branch_into_a_folder_named_after_the_repository():
    link = gen_links.nbgitpuller_link(
        "student-v0.2.0", hub="https://hub.example.edu", url="https://github.com/a/course"
    )
    parts = urllib.parse.urlsplit(link)
    assert (parts.netloc, parts.path) == ("hub.example.edu", "/hub/user-redirect/git-pull")
    query = dict(urllib.parse.parse_qsl(parts.query))
    assert query == {
        "repo": "https://github.com/a/course",
        "branch": "student-v0.2.0",
        "urlpath": "lab/tree/course/notebooks/00_start_here.ipynb",
    }


def test_a_setting_that_is_not_an_https_repository_address_is_refused_with_what_is_allowed(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project.urls]\nRepository = "git@github.com:a/b.git"\n')
    with pytest.raises(SystemExit, match=r"'git@github.com:a/b'; the links need a repository's https address"):
        gen_links.repository(tmp_path / "pyproject.toml")
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    with pytest.raises(SystemExit, match=r"no \[project.urls\] Repository"):
        gen_links.repository(tmp_path / "pyproject.toml")


@pytest.mark.parametrize(
    "url, binder, colab",
    [
        ("https://github.com/a/course", "https://mybinder.org/v2/gh/a/course/HEAD", True),
        ("https://gitlab.com/dept/ml/course", "https://mybinder.org/v2/gl/dept%2Fml%2Fcourse/HEAD", False),
        (
            "https://codeberg.org/a/course",
            "https://mybinder.org/v2/git/https%3A%2F%2Fcodeberg.org%2Fa%2Fcourse/HEAD",
            False,
        ),
    ],
)
def test_every_forge_gets_binder_and_nbgitpuller_links_and_github_alone_gets_colab(tmp_path, url, binder, colab):
    (tmp_path / "pyproject.toml").write_text(f'[project.urls]\nRepository = "{url}.git"\n')
    assert gen_links.repository(tmp_path / "pyproject.toml") == url
    assert gen_links.binder_url(url=url) == binder  # Binder's providers: gh, gl (path escaped), git (address escaped)
    assert (gen_links.colab_url("00_start_here.ipynb", url) is not None) is colab
    link = gen_links.nbgitpuller_link(hub="https://hub.example.edu", url=url)
    assert dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(link).query))["repo"] == url
    said = gen_links.lesson_region("00_start_here.ipynb", url)
    assert ("Colab" in said) is colab and binder in said


def test_an_editions_binder_link_builds_its_branch_and_its_colab_link_opens_it():
    url = "https://gitlab.com/dept/course"
    links = gen_links.edition_links(["05_rope.ipynb"], "student", url)
    binder = urllib.parse.urlsplit(links[gen_links.binder_url("05_rope.ipynb", url)])
    assert binder.path == "/v2/gl/dept%2Fcourse/student", "Binder builds the branch, not the default branch"
    assert dict(urllib.parse.parse_qsl(binder.query)) == {"urlpath": "lab/tree/notebooks/05_rope.ipynb"}
    url = "https://github.com/a/course"
    links = gen_links.edition_links(["05_rope.ipynb"], "student", url)
    colab = "https://colab.research.google.com/github/a/course/blob/student/notebooks/05_rope.ipynb"
    assert links[gen_links.colab_url("05_rope.ipynb", url)] == colab
    assert len(links) == 2


def test_the_student_editions_binder_folder_installs_the_locked_environment_and_the_course_at_its_commit(tmp_path):
    from tools.build_kit import write_edition

    url = "https://codeberg.org/a/course"
    write_edition("student", tmp_path, url=url)
    binder = tmp_path / "student" / "binder"
    lock = (ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8")
    wanted = binder.joinpath("requirements.txt").read_text(encoding="utf-8")
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True)
    assert wanted.startswith(lock) and wanted.endswith(f"\nposenc @ git+{url}@{head.stdout.strip()}\n")
    assert binder.joinpath("runtime.txt").read_bytes() == (ROOT / "binder" / "runtime.txt").read_bytes()
    assert "pip install" not in binder.joinpath("postBuild").read_text(encoding="utf-8"), "nothing from a source tree"
    assert {p.name for p in (tmp_path / "student").iterdir()} == {"README.md", "binder", "docs", "notebooks"}
