"""The preflight's rules that need no environment: whether a server's widget front ends render the
widgets a kernel makes. (The preflight against real environments is ``tests/test_preflight.py``.)"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from posenc_course import editions
from tools import preflight
from tools.preflight import (
    COURSE_KERNEL,
    COURSE_KERNEL_DISPLAY,
    check_widget_versions,
    kernel_to_start,
    report_of,
    version_in_range,
)

SERVER_NOW = {
    "@jupyter-widgets/jupyterlab-manager": ("5.0.16", "enabled", "OK"),
    "anywidget": ("0.11.0", "enabled", "OK"),
}
KERNEL_NOW = {"@jupyter-widgets/controls": "2.0.0", "anywidget": "~0.11.*"}

versions = st.tuples(st.integers(0, 20), st.integers(0, 20), st.integers(0, 20))


def dotted(v: tuple[int, int, int]) -> str:
    return ".".join(map(str, v))


@given(versions, versions)
def test_a_tilde_range_takes_the_same_minor_version_from_its_patch_on(have, low):
    # npm's ~X.Y.Z: at least X.Y.Z and below X.(Y+1).0, written here as two comparisons of tuples
    expected = low <= have < (low[0], low[1] + 1, 0)
    assert version_in_range(dotted(have), f"~{dotted(low)}") is expected


@given(versions, versions)
def test_a_caret_range_takes_everything_below_the_next_left_most_non_zero_part(have, low):
    if low[0] > 0:
        below = (low[0] + 1, 0, 0)
    elif low[1] > 0:
        below = (0, low[1] + 1, 0)
    else:
        below = (0, 0, low[2] + 1)
    assert version_in_range(dotted(have), f"^{dotted(low)}") is (low <= have < below)


def test_the_ranges_widget_models_name_are_matched_as_the_widget_manager_does():
    assert version_in_range("0.11.0", "~0.11.*") and version_in_range("0.11.7", "~0.11.*")
    assert not version_in_range("0.9.13", "~0.11.*") and not version_in_range("0.12.0", "~0.11.*")
    assert version_in_range("2.0.0", "2.0.0") and not version_in_range("2.0.1", "2.0.0")
    assert version_in_range("1.2.3", ">=1.0") is None  # a form it does not read is said, not guessed


def test_todays_kernel_and_server_match():
    lines = check_widget_versions(KERNEL_NOW, SERVER_NOW)
    assert [mark for mark, _, _ in lines] == ["✓", "✓"], lines


def test_a_server_with_ipywidgets_7s_front_end_cannot_show_ipywidgets_8s_widgets():
    server = {**SERVER_NOW, "@jupyter-widgets/jupyterlab-manager": ("3.1.1", "enabled", "OK")}
    (mark, what, fix), _ = check_widget_versions(KERNEL_NOW, server)
    assert mark == "✗" and "controls 2.0.0" in what and "v3.1.1 do not match" in what
    assert "jupyterlab_widgets>=3" in fix


def test_a_kernel_whose_anywidget_is_older_than_the_servers_front_end_fails_on_its_line():
    _, (mark, what, fix) = check_widget_versions({**KERNEL_NOW, "anywidget": "~0.9.*"}, SERVER_NOW)
    assert mark == "✗" and "asks for ~0.9.*" in what and "front end v0.11.0" in what
    assert "the same anywidget in both environments" in fix


def test_a_pair_with_one_side_missing_is_left_to_the_lines_that_name_it():
    assert check_widget_versions({}, SERVER_NOW) == []
    assert check_widget_versions(KERNEL_NOW, {}) == []


# --- the kernel's memory report, however its output arrives ------------------------------------------------


def stream(text: str, name: str = "stdout") -> dict:
    return {"output_type": "stream", "name": name, "text": text}


REPORT = '{"peak_kib": 204800, "rss_kib": 150000, "cpu_s": 2.5}'


@given(st.lists(st.integers(1, len("REPORT " + REPORT) - 1), max_size=4, unique=True))
def test_the_report_is_read_whole_wherever_the_kernel_cuts_its_stream(cuts):
    text = "REPORT " + REPORT + "\n"
    pieces = [text[a:b] for a, b in zip([0, *sorted(cuts)], [*sorted(cuts), len(text)], strict=True)]
    outputs = [stream(p) for p in pieces]
    outputs.insert(1, stream("a warning\n", "stderr"))  # another stream between the parts
    assert report_of(outputs) == {"peak_kib": 204800, "rss_kib": 150000, "cpu_s": 2.5}


def test_the_split_that_once_read_as_an_empty_report_is_read():
    # print("REPORT", json) writes its parts one by one; a flush between them gave "REPORT" alone
    assert report_of([stream("REPORT"), stream(" " + REPORT + "\n")])["peak_kib"] == 204800


def test_a_missing_or_cut_off_report_says_what_was_seen():
    with pytest.raises(ValueError, match=r"no report in the kernel's output 'hello\\n'"):
        report_of([stream("hello\n")])
    with pytest.raises(ValueError, match=r"an unreadable report '\{\"peak_kib\": 20'"):
        report_of([stream('REPORT {"peak_kib": 20')])


# --- which kernel a lesson starts ---------------------------------------------------------------------------


def python_kernel(python: str = "/k/bin/python") -> dict:
    return {"python": python, "language": "python"}


def test_a_notebook_starts_the_kernel_of_its_name_else_the_one_python_kernel_else_none():
    assert kernel_to_start({"posenc": python_kernel(), "python3": python_kernel()}, "posenc") == "posenc"
    assert kernel_to_start({"python3": python_kernel(), "ir": {"language": "R"}}, "posenc") == "python3"
    assert kernel_to_start({"python3": python_kernel(), "other": python_kernel()}, "posenc") is None


def test_the_preflight_names_the_kernel_the_class_editions_ask_for():
    assert (COURSE_KERNEL, COURSE_KERNEL_DISPLAY) == (
        editions.COURSE_KERNEL["name"],
        editions.COURSE_KERNEL["display_name"],
    )


NEED = preflight.Requirement("3.8", [], None)


@pytest.mark.parametrize(
    ("name", "version", "need", "mark", "says"),
    [
        ("numpy", "2.4.6", preflight.Requirement("1.26", [], None), "✓", "kernel: numpy 2.4.6"),
        ("numpy", "1.25.2", preflight.Requirement("1.26", [], None), "✗", "older than 1.26"),
        ("ipywidgets", "9.0.0", preflight.Requirement("8.1.2", [], "9"), "✗", "newer than the course has been tested"),
        ("ipywidgets", "8.1.9", preflight.Requirement("8.1.2", [], "9"), "✓", "kernel: ipywidgets 8.1.9"),
        ("matplotlib", "3.11.2", NEED, "⚠", "draws text about 3× slower"),
        ("matplotlib", "3.10.9", NEED, "✓", "kernel: matplotlib 3.10.9"),
        ("matplotlib", "3.12.0", NEED, "✓", "kernel: matplotlib 3.12.0"),
        ("pillow", "10.0.0", preflight.Requirement("10.1", ["10.0"], None), "✗", "older than 10.1"),
        ("pillow", "11.0.1", preflight.Requirement("10.1", ["11.0"], None), "✗", "a series the course excludes"),
        ("anywidget", None, preflight.Requirement("0.9.13", [], None), "✗", "anywidget is not installed"),
    ],
)
def test_each_package_is_marked_by_its_floor_cap_excluded_series_and_known_slow_series(name, version, need, mark, says):
    got = preflight.package_line("kernel", name, version, need)
    assert got[0] == mark and says in got[1], got


def test_the_course_ranges_are_read_with_their_floor_and_cap():
    _, needs = preflight.floors()
    assert needs["ipywidgets"].below == "9" and needs["matplotlib"] == preflight.Requirement("3.8", [], None)
