"""The instructor guide's hub section (tools/hub_recipe.py): the sizing model against sums done by hand,
and the recipe's commands against what the hub test runs (tools/hubdriver.py)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from tools import hub_recipe, hubdriver

ROOT = Path(__file__).resolve().parents[1]
GUIDE = (ROOT / "docs" / "instructor-guide.md").read_text(encoding="utf-8")


def made_up_run(cpu_s: float = 3.0, move_ms: float = 20.0) -> dict:
    lessons = [
        {"lesson": "00", "rss_mib": 100.0, "peak_mib": 90.0, "cpu_s": 1.0},
        {"lesson": "01", "rss_mib": 200.0, "peak_mib": 260.0, "cpu_s": cpu_s},
    ]
    rss = {"hub": [100.0], "proxy": [60.0], "server": [140.0, 150.0]}
    explorers = [{"explorer": "a", "cpu_ms": 5.0, "wall_ms": 5.0}, {"explorer": "b", "cpu_ms": move_ms, "wall_ms": 9.0}]
    return {"tables": {"hub": {"lessons": lessons, "explorers": explorers, "rss_mib": rss, "first_open_s": [8.0]}}}


def test_memory_counts_the_hub_once_and_each_student_their_server_and_kernels():
    run = made_up_run()
    # a kernel counts with the larger of its memory after the run and its peak; the largest server counts
    assert hub_recipe.student_mib(run, ["00", "01"]) == (150 + 260, 150 + 100 + 260)
    need = hub_recipe.class_need(run, ["00", "01"], 10)
    assert need["one_gib"] == pytest.approx((160 + 10 * 410) / 1024)
    assert need["kept_gib"] == pytest.approx((160 + 10 * 510) / 1024)


def test_cores_are_the_busier_moment_plus_one():
    # Run All: 40 students × 3 s of CPU within 30 s needs 4 cores; sliders: 40 × 20 ms a second needs 1
    need = hub_recipe.class_need(made_up_run(cpu_s=3.0, move_ms=20.0), ["00", "01"], 40)
    assert (need["run_all_cores"], need["slider_cores"], need["cores"]) == (4, 1, 5)
    # a costly slider: 40 × 200 ms a second is 8 cores, more than Run All needs
    need = hub_recipe.class_need(made_up_run(cpu_s=3.0, move_ms=200.0), ["00", "01"], 40)
    assert (need["slider_cores"], need["cores"]) == (8, 9)
    # only the sheet's lessons count: lesson 00 alone is 1 s of CPU
    assert hub_recipe.class_need(made_up_run(), ["00"], 40)["run_all_cores"] == math.ceil(40 * 1.0 / 30)


def test_no_hub_run_says_which_benchmark_to_run():
    with pytest.raises(SystemExit, match="benchmarks.bench_hub --json"):
        hub_recipe.newest_hub_run([{"tables": {"maths": {}}}])


def test_the_recipe_commands_are_the_ones_the_hub_test_runs():
    # the kernel's registration, as tools/hubdriver.register_kernel runs it: its own name, the false warning quieted
    name, display = hubdriver.COURSE_KERNEL["name"], hubdriver.COURSE_KERNEL["display_name"]
    registration = f'-m ipykernel install --prefix "$SERVER" --name {name} --display-name "{display}"'
    assert f'JUPYTER_PATH="$SERVER/share/jupyter" "$KERNEL/bin/python" {registration}' in GUIDE
    assert f"--prefix /opt/tljh/user --name {name}" in GUIDE, "The Littlest JupyterHub's layout"
    assert "--name python3" not in GUIDE, "the course's kernel never takes the place of a hub's python3"
    assert 'c.Spawner.cmd = ["SERVER/bin/jupyterhub-singleuser"]' in GUIDE
    assert "node_modules/.bin/configurable-http-proxy" in GUIDE and "npm ci --omit=dev" in GUIDE
    for line in (
        'c.Spawner.default_url = "/lab"',
        "c.Spawner.cmd = [{singleuser!r}]",
        "c.ConfigurableHTTPProxy.command",
    ):
        assert line in hubdriver.CONFIG, line


def test_the_server_environment_holds_the_front_ends_and_nbgitpuller_and_not_the_course():
    names = [
        line.split("==")[0].strip().lower()
        for line in hubdriver.REQUIREMENTS.read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert {"jupyterhub", "jupyterlab", "nbgitpuller", "ipywidgets", "anywidget"} <= set(names)
    assert "posenc" not in names and not any(n.startswith(("-e", ".")) for n in names)
    assert all("==" in line for line in hubdriver.REQUIREMENTS.read_text().splitlines() if line and line[0] != "#")


def test_the_proxy_is_pinned_with_a_hash_for_every_package():
    lock = json.loads((hubdriver.PROXY / "package-lock.json").read_text())
    wanted = json.loads((hubdriver.PROXY / "package.json").read_text())["dependencies"]
    assert wanted == {"configurable-http-proxy": lock["packages"]["node_modules/configurable-http-proxy"]["version"]}
    packages = {k: v for k, v in lock["packages"].items() if k}
    assert packages and all(v["integrity"].startswith("sha512-") for v in packages.values())
    # no registry address in the lock: npm ci fetches from whatever registry the machine is set up for
    assert not any("resolved" in v for v in packages.values())
