"""Each benchmark script runs: one repetition at its smallest size (one lesson where a part runs lessons, one
explorer where it builds explorers, one student where it starts a hub).

A smoke run measures nothing worth keeping (it writes no results file); it shows that ``make bench`` and
``python -m benchmarks.bench_hub`` still work end to end, and that each part prints its table. Each test
carries the marker of what its part starts: a kernel (notebooks), Chromium (browser), a hub (hub), or a
few seconds of work (slow). The site part's smoke run is in tests/test_site.py, on the site built there.
"""

import subprocess
import sys
from pathlib import Path

import pytest

from tools.hubdriver import missing_hub_reason
from tools.labdriver import missing_browser_reason

ROOT = Path(__file__).resolve().parents[1]


def smoke(script: str, *args: str, timeout: float = 600) -> str:
    """Run ``python -m benchmarks.SCRIPT --reps 1 ARGS`` from the repository; its output, after checking it ran."""
    run = subprocess.run(
        [sys.executable, "-m", f"benchmarks.{script}", "--reps", "1", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-3000:]
    assert "these parts failed" not in run.stdout + run.stderr
    assert not list((ROOT / "benchmarks" / "results").glob("*T*-smoke*.json"))
    return run.stdout


@pytest.mark.slow
def test_the_maths_benchmark_runs_and_prints_each_ratio_against_its_baseline():
    out = smoke("bench_maths")
    assert "posenc adds" in out and "ms of wall time to numpy's import" in out
    assert "ratio = baseline time / this time" in out  # each case beside its naive baseline, in the same run


@pytest.mark.notebooks
def test_the_kernel_benchmark_times_each_control_of_an_explorer_against_re_creating_it():
    out = smoke("bench_widgets", "--only", "kernel", "--explorers", "table_explorer")
    rows = [line for line in out.splitlines() if line.startswith("| table_explorer |")]
    assert len(rows) == 2, out  # its two controls, each in a row
    assert "Target: at least 8×" in out and "| clock_explorer |" not in out


def test_the_benchmarks_measure_every_registered_explorer_unless_told_which():
    from benchmarks.record import chosen_explorers
    from posenc.widgets.examples import EXPLORERS

    assert chosen_explorers() == list(EXPLORERS)
    with pytest.raises(SystemExit, match="no explorer named clock; the registered ones are environment_check, "):
        chosen_explorers(("clock", "table_explorer"))


@pytest.mark.slow
def test_the_encoder_benchmark_compares_the_course_encoder_with_pillow():
    out = smoke("bench_widgets", "--only", "encoder", "--explorers", "table_explorer")
    assert "of Pillow level 1's time" in out
    assert "table_explorer sharp frame" in out and "MiniLM table 512 x 384 heatmap" in out


@pytest.mark.notebooks
def test_the_lessons_benchmark_runs_one_lesson_beside_the_floor():
    out = smoke("bench_widgets", "--only", "lessons", "--lessons", "00")
    assert "00_start_here" in out and "floor" in out.lower()


@pytest.mark.browser
@pytest.mark.skipif(missing_browser_reason() is not None, reason=str(missing_browser_reason()))
def test_the_browser_benchmark_times_one_lessons_slider_beside_the_naive_pattern():
    out = smoke("bench_widgets", "--only", "browser", "--lessons", "00")
    assert "lesson 00" in out and "naive interact (baseline)" in out


@pytest.mark.hub
@pytest.mark.skipif(missing_hub_reason() is not None, reason=str(missing_hub_reason()))
@pytest.mark.skipif(missing_browser_reason() is not None, reason=str(missing_browser_reason()))
def test_the_hub_benchmark_sizes_one_lesson_one_explorer_and_one_student_on_a_real_hub():
    out = smoke("bench_hub", "--lessons", "00", "--explorers", "table_explorer", "--students", "1", timeout=900)
    assert "lessons, each in a fresh kernel:" in out and "  lesson 00: after the run" in out
    assert "  table_explorer: CPU" in out and "  clock_explorer:" not in out
    assert "a real hub, 1 student on lesson 00:" in out and "link to lesson 00 open, cold start" in out


def test_a_cut_down_hub_run_is_not_recorded_for_the_guide():
    run = subprocess.run(
        [sys.executable, "-m", "benchmarks.bench_hub", "--students", "1", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert (
        run.returncode == 2 and "a run cut down by --lessons, --explorers or --students is not recorded" in run.stderr
    )


def test_an_unknown_lesson_number_is_refused_with_the_known_range():
    run = subprocess.run(
        [sys.executable, "-m", "benchmarks.bench_widgets", "--only", "lessons", "--lessons", "42"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode != 0 and "no lesson numbered 42; the lessons are 00 to" in run.stderr + run.stdout


@pytest.mark.slow
def test_the_language_model_benchmark_checks_its_naive_step_and_reports_the_rates():
    out = smoke("bench_lm")
    assert "naive step: attention looped over heads and positions" in out
    assert "computes the same loss and gradients (checked in the run)" in out and "GFLOP/s" in out
