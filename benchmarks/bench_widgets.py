"""How live the lessons feel: slider updates in the kernel and in the browser, and run times.

Every figure is a median and p95 over repeated measurements, each beside a baseline
measured in the same run:

1. kernel  - each slider callback of each widget builder (the quick picture), against
             re-creating the figure from scratch and sending it through the inline backend (what
             ``interact`` does); and the sharp picture drawn once the controls rest;
2. browser - key press on each lesson's main slider to the new image painted, in a real
             JupyterLab in headless Chromium, against the naive ``interact`` pattern and the
             transport floor (a slider whose callback only changes a text label); then, for
             each slider, presses after a rest: to the first (quick) picture and to the sharp one;
             and the same sliders again with every picture at one density (POSENC_SHARP=0);
3. lessons - each lesson executed in a fresh kernel, against the floor: a fresh kernel that
             imports numpy, matplotlib and ipywidgets and draws one figure;
4. encoder - posenc's PNG encoder against Pillow's on the course's real frames (every
             explorer's, and 512 x 384 heatmaps of the MiniLM and sinusoidal tables);
5. site    - the static site (tools/build_site.py): its build time and sizes, and key press to
             new picture on its pages (prerendered frames, no kernel), against the live kernel
             path in JupyterLab for the same sliders, in the same run.

    python -m benchmarks.bench_widgets [--only kernel|browser|lessons|encoder|site] [--reps N] [--json [PATH]]
                                       [--lessons NN ...] [--explorers NAME ...]

Not a test: it prints the tables as docs/benchmarks.md shows them. With --json it also writes
the run to benchmarks/results/YYYY-MM-DDTHHMM-widgets.json (or to PATH): the data that
docs/benchmarks.md and the README are drawn from (python -m tools.gen_benchmarks).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

from benchmarks.record import (
    add_explorers_option,
    add_json_option,
    chosen_explorers,
    finish_run,
    new_run,
    p50,
    p50_p95,
    p95,
    save_run,
)
from tools.assets import STATIC
from tools.gen_benchmarks import report
from tools.labdriver import (
    chromium_path,
    clear_outputs,
    code_notebook,
    lab_server,
    main_controls_state,
    missing_browser_reason,
    open_browser,
    open_in_app,
    open_notebook,
    run_all_cells,
    wait_for,
)
from tools.preflight import add_lessons_option, chosen_lessons

ROOT = Path(__file__).resolve().parents[1]
#: The lessons the lessons, browser and site parts measure (--lessons; empty: every lesson), the explorers the
#: kernel and encoder parts measure (--explorers; empty: every registered one), and a built site the site part
#: times instead of building one (--site): set by main() from the command line.
LESSONS: tuple[str, ...] = ()
EXPLORERS: tuple[str, ...] = ()
SITE: Path | None = None


# --- 1. kernel ---------------------------------------------------------------------------------

KERNEL_CODE = r"""
%matplotlib inline
import copy, json, time
import numpy as np
from IPython.display import display
from posenc import widgets
from posenc.widgets import examples
from posenc.live import explorer as live_explorer

REPS = __REPS__
NAMES = __NAMES__

def values_of(control):
    # every value a learner can reach with the control, in order
    kind = type(control).__name__
    if kind == "IntSlider":
        return list(range(control.min, control.max + 1, control.step))
    if kind == "FloatLogSlider":
        n = int(round((control.max - control.min) / control.step))
        return [control.base ** (control.min + i * control.step) for i in range(n + 1)]
    if kind in ("SelectionSlider", "ToggleButtons", "Dropdown"):
        return list(control.options)
    if kind == "Checkbox":
        return [True, False]
    raise TypeError(f"no values for a {kind}")

def naive_frame(explorer):
    # What interact does on every move: build a brand-new figure, draw everything, and let the
    # inline backend render it (savefig, bbox_inches="tight") and send it.
    clone = copy.copy(explorer)
    fig = clone._build_figure()[0]
    clone._redraw()
    display(fig)

# Each move as if made in the browser: the quick picture now, the sharp one when the controls rest
# (timed here by calling sharpen() at once, which also cancels the rest's timer).
live_explorer._moved_in_browser = lambda: True

out = []
for name in NAMES:  # every registered explorer (or those asked for), every control
    explorer = examples.EXPLORERS[name]()
    display(explorer)
    for control in explorer.controls:
        attr = control.description
        values = values_of(control)
        fast, sharp, naive = [], [], []
        for i in range(REPS + 3):  # the live figure: the slider's own callback
            value = values[(i + 1) % len(values)]
            if value == control.value:
                value = values[(i + 2) % len(values)]
            t0 = time.perf_counter(); control.value = value; t1 = time.perf_counter()
            explorer.sharpen(); t2 = time.perf_counter()
            if i >= 3:  # the first moves warm caches
                fast.append((t1 - t0) * 1e3)
                sharp.append((t2 - t1) * 1e3)
        for i in range(REPS + 1):  # the baseline, in the state the slider left
            t0 = time.perf_counter(); naive_frame(explorer); t1 = time.perf_counter()
            if i >= 1:
                naive.append((t1 - t0) * 1e3)
        out.append({"builder": name, "control": attr, "fast": fast, "sharp": sharp, "naive": naive})
print("RESULT " + json.dumps(out))
"""


def run_in_fresh_kernel(code: str, timeout: float = 900) -> str:
    from jupyter_client.manager import start_new_kernel

    km, kc = start_new_kernel(kernel_name="python3")
    chunks: list[str] = []
    try:

        def keep(msg):
            if msg["msg_type"] == "stream" and msg["content"]["name"] == "stdout":
                chunks.append(msg["content"]["text"])
            elif msg["msg_type"] == "error":
                raise RuntimeError("\n".join(msg["content"]["traceback"]))

        kc.execute_interactive(code, timeout=timeout, output_hook=keep)
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    return "".join(chunks)


def bench_kernel(reps: int) -> list[dict]:
    code = KERNEL_CODE.replace("__REPS__", str(reps)).replace("__NAMES__", repr(chosen_explorers(EXPLORERS)))
    text = run_in_fresh_kernel(code)
    line = next(line for line in text.splitlines() if line.startswith("RESULT "))
    return [
        {
            "builder": r["builder"],
            "control": r["control"],
            **p50_p95(fast=r["fast"], sharp=r["sharp"], naive=r["naive"]),
            "speedup": p50(r["naive"]) / p50(r["fast"]),
        }
        for r in json.loads(line[len("RESULT ") :])
    ]


# --- 2. browser ------------------------------------------------------------------------------------


NAIVE_INTERACT = code_notebook(r"""
%matplotlib inline
import matplotlib.pyplot as plt
import numpy as np
from ipywidgets import IntSlider, interact

import posenc
from posenc.plotting import plot_table

table = posenc.sinusoidal(24, 48)
slider = IntSlider(value=0, min=0, max=23, description="position")
slider.add_class("posenc-main")

@interact(position=slider)
def show(position):
    # the naive pattern: a new figure for every move of the slider
    fig, (ax_t, ax_w) = plt.subplots(2, 1, figsize=(7.2, 5.2), dpi=90, layout="constrained",
                                     height_ratios=[1.35, 1])
    plot_table(ax_t, table, title="Sinusoidal table: 24 positions x 48 dimensions")
    ax_t.add_patch(plt.Rectangle((-0.5, position - 0.5), 48, 1, fill=False, ec="black", lw=2.2))
    xs = np.linspace(0, 23, 300)
    ax_w.plot(xs, np.sin(xs), "--", color="0.55")
    ax_w.plot(np.arange(24), table[:, 0], "o", color="#2166ac", ms=4)
    ax_w.plot([position], [table[position, 0]], "o", ms=10, mfc="none", mec="#b2182b", mew=2)
    ax_w.set_title(f"value at position {position}: {table[position, 0]:.3f}")
    ax_w.set_xlabel("position"); ax_w.set_ylabel("value")
    plt.show()
""")

TRANSPORT_FLOOR = code_notebook(r"""
from ipywidgets import HTML, IntSlider, VBox

slider = IntSlider(value=0, min=0, max=23, description="position")
slider.add_class("posenc-main")
label = HTML("position 0")
label.add_class("posenc-readout")
slider.observe(lambda change: setattr(label, "value", f"position {change['new']}"), names="value")
VBox([slider, label])
""")


def latency_probe(find: str, watch: str) -> str:
    """JavaScript for ``page.evaluate(probe, arg)``: from each key press to the frame after what ``read()``
    returns has changed, in ms, pushed to ``window.__lat``. `find` is the code that, from ``arg``,
    defines ``box`` (the element to watch) and ``read``; `watch` is the MutationObserver's options."""
    return f"""
(arg) => {{
{find}
  window.__lat = []; window.__key = null;
  let last = read();
  document.addEventListener('keydown', () => {{ window.__key = performance.now(); }}, true);
  new MutationObserver(() => {{
    const now = read();
    if (now === null || now === last) return;
    last = now;  // every change moves `last`, so a picture that came with no key (a sharp one) never counts later
    if (window.__key !== null) {{
      const t0 = window.__key; window.__key = null;
      requestAnimationFrame(() => window.__lat.push(performance.now() - t0));
    }}
  }}).observe(box, {watch});
}}
"""


JS_PROBE = latency_probe(
    r"""
  const [mode, index] = arg;
  const box = document.querySelectorAll('.jp-Notebook .posenc-main')[index].closest('.jp-Cell');
  const read = () => {
    if (mode === 'text') { const r = box.querySelector('.posenc-readout'); return r ? r.innerText : null; }
    const img = box.querySelector('.jp-OutputArea-output img'); return img ? img.src : null;
  };""",
    "{subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['src']}",
)


def key_latencies(page, reps: int, mode: str, index: int = 0) -> list[float]:
    """Key press to new picture (or text) for the main slider of the `index`-th widget, in ms."""
    page.evaluate(JS_PROBE, [mode, index])
    handle = page.locator(".jp-Notebook .posenc-main .noUi-handle").nth(index)
    # a learner's pace: the kernel goes idle between presses; a press may come while the last move's sharp
    # picture is drawn (it follows a rest of posenc's SETTLE_S), and then waits for it, as a learner would
    return press_and_time(page, handle, reps, pause=0.15)


def press_and_time(page, handle, reps: int, pause: float) -> list[float]:
    """Press arrow keys on a slider's handle (turning at its ends); the latencies a probe recorded, in ms."""
    press_keys(page, handle, reps + 2, "window.__lat.length", "the picture to change", pause)
    return page.evaluate("window.__lat")[2:]  # the first presses warm the caches


def press_keys(page, handle, presses: int, counter: str, what: str, pause: float) -> None:
    """Press arrow keys on a slider's handle, turning at its ends; after each, wait until the JavaScript
    expression `counter` grows (the probe saw `what`), then pause."""
    handle.scroll_into_view_if_needed()
    handle.focus()
    key = "ArrowRight"
    for _ in range(presses):
        now = float(handle.get_attribute("aria-valuenow"))
        if now >= float(handle.get_attribute("aria-valuemax")):
            key = "ArrowLeft"
        elif now <= float(handle.get_attribute("aria-valuemin")):
            key = "ArrowRight"
        count = page.evaluate(counter)
        page.keyboard.press(key)
        wait_for(lambda count=count: page.evaluate(counter) > count, 20, what)
        time.sleep(pause)


REST_PROBE = r"""
(index) => {
  // From each key press: to the first new picture decoded, and to the sharp one (two pixels per CSS pixel).
  // Its own key variable: the moving pass's probe, still listening, clears window.__key at the first picture.
  const box = document.querySelectorAll('.jp-Notebook .posenc-main')[index].closest('.jp-Cell');
  window.__first = []; window.__sharp = []; window.__restKey = null;
  let first = false;
  document.addEventListener('keydown', () => { window.__restKey = performance.now(); first = false; }, true);
  let last = (box.querySelector('.jp-OutputArea-output img') || {}).src;
  new MutationObserver(() => {
    const img = box.querySelector('.jp-OutputArea-output img');
    if (!img || img.src === last || window.__restKey === null) return;  // a new picture, not a readout's change
    last = img.src;
    img.decode().then(() => {
      const t0 = window.__restKey;
      if (t0 === null) return;
      if (!first) { first = true; window.__first.push(performance.now() - t0); }
      if (img.naturalWidth >= 2 * img.clientWidth) { window.__sharp.push(performance.now() - t0); window.__restKey = null; }
    }).catch(() => {});
  }).observe(box, {subtree: true, childList: true, attributes: true, attributeFilter: ['src']});
}
"""


def rest_latencies(page, reps: int, index: int) -> tuple[list[float], list[float]]:
    """After a rest: key press to the first new picture and to the sharp one, for one main slider, in ms."""
    page.evaluate(REST_PROBE, index)
    handle = page.locator(".jp-Notebook .posenc-main .noUi-handle").nth(index)
    time.sleep(1.0)  # a rest first: the last move's sharp picture lands before the first press
    # after each press, a rest: the kernel idle, the sharp picture shown
    press_keys(page, handle, reps + 1, "window.__sharp.length", "the sharp picture", pause=0.3)
    return page.evaluate("window.__first")[1:], page.evaluate("window.__sharp")[1:]


def bench_browser(reps: int) -> list[dict]:
    reason = missing_browser_reason()
    if reason:
        print(f"browser benchmark skipped: {reason}")
        return []
    extra = {"zz_naive_interact.ipynb": NAIVE_INTERACT, "zz_transport_floor.ipynb": TRANSPORT_FLOOR}
    lessons = [p.name for p in chosen_lessons(LESSONS)]
    runs = [
        ("naive interact (baseline)", "zz_naive_interact.ipynb", "img"),
        ("transport floor: text label only", "zz_transport_floor.ipynb", "text"),
    ]
    runs += [(f"lesson {name[:2]}", name, "img") for name in lessons]
    roles = {"zz_naive_interact.ipynb": "naive", "zz_transport_floor.ipynb": "floor"}
    rows: list[dict] = []
    with lab_server(ROOT / "notebooks", extra_files=extra) as server, open_browser() as browser:
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        for k, (label, name, mode) in enumerate(runs):
            # JupyterLab loaded once; each notebook then opened in it, with the last one closed and its kernel shut down
            if k == 0:
                open_notebook(page, server, name)
            else:
                open_in_app(page, name)
            clear_outputs(page)
            run_all_cells(page)
            count = len(main_controls_state(page))
            for index in range(count):  # the main slider of every explorer of the lesson
                lat = key_latencies(page, reps, mode, index)
                what = label if count == 1 or name.startswith("zz_") else f"{label}, explorer {index + 1} of {count}"
                row = {
                    "what": what,
                    "role": roles.get(name),
                    "lesson": None if name in roles else name[:2],
                    "p50_ms": p50(lat),
                    "p95_ms": p95(lat),
                }
                if name not in roles:  # the lessons' sliders: one press after a rest, then the sharp picture
                    first, sharp = rest_latencies(page, max(5, reps // 2), index)
                    row |= p50_p95(rested_first=first, rested_sharp=sharp)
                rows.append(row)
        page.context.close()
    # The same sliders with every picture kept at the figure's density (POSENC_SHARP=0 in the kernels),
    # in the same run: what the sharp pictures cost the first picture, if anything.
    os.environ["POSENC_SHARP"] = "0"
    try:
        with lab_server(ROOT / "notebooks") as server, open_browser() as browser:
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            for k, name in enumerate(lessons):
                if k == 0:
                    open_notebook(page, server, name)
                else:
                    open_in_app(page, name)
                clear_outputs(page)
                run_all_cells(page)
                mine = [r for r in rows if r["lesson"] == name[:2]]
                for index, row in enumerate(mine):
                    row |= p50_p95(one_density=key_latencies(page, reps, "img", index))
            page.context.close()
    finally:
        del os.environ["POSENC_SHARP"]
    naive: float = next(r["p50_ms"] for r in rows if r["role"] == "naive")
    return [r | {"ratio": r["p50_ms"] / naive} for r in rows]


STATIC_PROBE = latency_probe(
    r"""
  const box = document.querySelectorAll('.posenc-static')[arg];
  const read = () => {
    const img = Array.from(box.querySelectorAll('.posenc-frames img')).find(e => e.offsetParent !== null);
    return img ? img.src : null;
  };""",
    "{subtree: true, childList: true, attributes: true}",
)


def static_latencies(page, reps: int, index: int) -> list[float]:
    """Key press to the new frame on a static page, for the `index`-th explorer, in ms."""
    page.evaluate(STATIC_PROBE, index)
    handle = page.locator(".posenc-static .posenc-static-slider .noUi-handle").nth(index)
    return press_and_time(page, handle, reps, pause=0.05)


def bench_site(reps: int) -> dict:
    """Build the site, then time each explorer's main slider on it and, in the same run, live."""
    import functools
    import http.server
    import threading

    from tools.build_site import build, course_binder_url

    reason = missing_browser_reason()
    if reason:
        print(f"site benchmark skipped: {reason}")
        return {}
    with tempfile.TemporaryDirectory() as tmp:
        out = SITE or Path(tmp) / "site"
        built = None if SITE else build(out, course_binder_url(), ROOT / "build" / "npm-cache")

        class Quiet(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):  # keep the benchmark's output readable
                pass

        handler = functools.partial(Quiet, directory=str(out))
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        origin = f"http://127.0.0.1:{httpd.server_address[1]}"
        lessons = [p.name for p in chosen_lessons(LESSONS)]
        rows = []
        with lab_server(ROOT / "notebooks") as server, open_browser() as browser:
            live = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            for k, name in enumerate(lessons):
                static = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
                static.goto(f"{origin}/{Path(name).stem}.html", wait_until="load")
                wait_for(lambda static=static: static.locator(".posenc-static img").count() > 0, 60, "the frames")
                if k == 0:  # JupyterLab loaded once, each lesson then opened in it
                    open_notebook(live, server, name)
                else:
                    open_in_app(live, name)
                clear_outputs(live)
                run_all_cells(live)
                count = static.locator(".posenc-static").count()
                for index in range(count):
                    on_page = static_latencies(static, reps, index)
                    in_lab = key_latencies(live, reps, "img", index)
                    what = f"lesson {name[:2]}" + (f", explorer {index + 1} of {count}" if count > 1 else "")
                    rows.append({"what": what, "lesson": name[:2], "static": on_page, "live": in_lab})
                static.context.close()
            live.context.close()
        httpd.shutdown()
    every = [x for r in rows for x in r["static"]]
    return {
        "rows": [
            {
                "what": r["what"],
                "lesson": r["lesson"],
                **p50_p95(static=r["static"], live=r["live"]),
                "ratio": p50(r["static"]) / p50(r["live"]),
            }
            for r in rows
        ],
        "all_static_p50_ms": p50(every),
        "all_static_p95_ms": p95(every),
    } | (
        _sizes(out)  # a site given with --site: sizes read from its folder, its build not timed here
        if built is None
        else {  # the site built above: the sizes and time its build reports
            "pages": [{"page": f"{name}.html", "size_mb": size / 1e6} for name, _, _, size in built["lessons"]],
            "total_mb": built["total"] / 1e6,
            "shared_mb": built["shared"] / 1e6,
            "build_s": built["seconds"],
        }
    )


def _sizes(site: Path) -> dict:
    """The sizes of a site built elsewhere (--site): its lesson pages, the whole site, its shared bundles."""
    pages = [site / f"{p.stem}.html" for p in chosen_lessons(LESSONS)]
    static = [f for f in (site / STATIC).rglob("*") if f.is_file()]  # the shared browser bundles
    return {
        "pages": [{"page": p.name, "size_mb": p.stat().st_size / 1e6} for p in pages],
        "total_mb": sum(f.stat().st_size for f in site.rglob("*") if f.is_file()) / 1e6,
        "shared_mb": sum(f.stat().st_size for f in static) / 1e6,
        "build_s": None,  # built elsewhere: not timed here
    }


# --- 3. lessons ------------------------------------------------------------------------------------

FLOOR = code_notebook(
    "%matplotlib inline\nimport numpy as np\nimport matplotlib.pyplot as plt\nimport ipywidgets\n"
    "fig, ax = plt.subplots()\nax.plot(np.arange(10))\nplt.show()"
)


def execute_seconds(nb_text: str, cwd: Path) -> float:
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.reads(nb_text, as_version=4)
    t0 = time.perf_counter()
    NotebookClient(
        nb, kernel_name="python3", timeout=300, resources={"metadata": {"path": str(cwd)}}, store_widget_state=True
    ).execute()
    return time.perf_counter() - t0


def bench_lessons(reps: int) -> dict:
    paths = chosen_lessons(LESSONS)
    samples: dict[str, list[float]] = {name: [] for name in ["floor", *(p.name for p in paths)]}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(reps):  # interleaved, so that load on the machine hits all alike
            samples["floor"].append(execute_seconds(FLOOR, Path(tmp)))
            for p in paths:
                samples[p.name].append(execute_seconds(p.read_text(encoding="utf-8"), p.parent))
    floor = p50(samples["floor"])
    rows = [
        {"notebook": k, "p50_s": p50(v), "p95_s": p95(v), "ratio": p50(v) / floor, "mean_s": sum(v) / len(v)}
        for k, v in samples.items()
    ]
    return {"rows": rows, "series_total_s": sum(r["mean_s"] for r in rows if r["notebook"] != "floor")}


# --- 4. encoder -------------------------------------------------------------------------------------


def course_frames() -> dict:
    """The pixels the course encodes: each explorer's frames (quick and sharp), and large smooth heatmaps at
    one pixel a cell."""
    import numpy as np
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    import posenc
    from posenc.plotting import DIVERGING
    from posenc.widgets import examples

    frames = {}
    for name in chosen_explorers(EXPLORERS):  # the quick picture and the sharp one at rest
        explorer = examples.EXPLORERS[name]()
        frames[f"{name} frame"] = np.ascontiguousarray(explorer.live.pixels())
        explorer.live.render(explorer._slow_key(), scale=2)
        frames[f"{name} sharp frame"] = np.ascontiguousarray(explorer.live.pixels())
    for label, table in (
        ("MiniLM table 512 x 384", posenc.minilm_positions()),
        ("sinusoidal table 512 x 384", posenc.sinusoidal(512, 384)),
    ):
        fig = Figure(figsize=(384 / 100, 512 / 100), dpi=100)
        ax = fig.add_axes((0, 0, 1, 1))
        limit = float(np.max(np.abs(table)))
        ax.imshow(table, cmap=DIVERGING, vmin=-limit, vmax=limit, aspect="auto", interpolation="nearest")
        ax.set_axis_off()
        canvas = FigureCanvasAgg(fig)
        canvas.draw()
        frames[f"{label} heatmap"] = np.ascontiguousarray(np.asarray(canvas.buffer_rgba())[..., :3])
    return frames


def bench_encoder(reps: int) -> list[dict]:
    import io

    from PIL import Image

    from posenc.live import png_bytes

    def pillow(rgb, level):
        out = io.BytesIO()
        Image.fromarray(rgb).save(out, format="PNG", compress_level=level)
        return out.getvalue()

    encoders = {
        "posenc (level 2)": lambda rgb: png_bytes(rgb, 2),
        "Pillow level 1": lambda rgb: pillow(rgb, 1),
        "Pillow level 6 (default)": lambda rgb: pillow(rgb, 6),
    }
    rows = []
    for label, rgb in course_frames().items():
        row = {"frame": label, "width": rgb.shape[1], "height": rgb.shape[0], "encoders": {}}
        for name, encode in encoders.items():
            times = []
            for _ in range(reps + 1):
                t0 = time.perf_counter()
                data = encode(rgb)
                times.append((time.perf_counter() - t0) * 1e3)
            row["encoders"][name] = {"ms": p50(times[1:]), "kB": len(data) / 1024}
        ours, fastest = (row["encoders"][name]["ms"] for name in list(encoders)[:2])
        rows.append(row | {"ratio": ours / fastest})
    return rows


# --- the run --------------------------------------------------------------------------------------


def chromium_version() -> str | None:
    """The system Chromium's version number, or None."""
    path = chromium_path()
    if path is None:
        return None
    try:
        out = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    found = [word for word in out.split() if word[:1].isdigit()]
    return found[0] if found else None


BENCHES = {
    "kernel": lambda reps: {"rows": bench_kernel(reps)},
    "browser": lambda reps: {"rows": bench_browser(reps)},
    "lessons": bench_lessons,
    "encoder": lambda reps: {"rows": bench_encoder(reps)},
    "site": bench_site,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=list(BENCHES))
    parser.add_argument("--reps", type=int, default=20)
    parser.add_argument("--site", type=Path, help="the site part times this built site instead of building one")
    add_json_option(parser)
    add_lessons_option(parser)
    add_explorers_option(parser, "the kernel and encoder parts")
    args = parser.parse_args()
    if args.site is not None and args.json is not None:
        parser.error("a run timing a site given with --site is not recorded (its build is not timed): drop --json")
    global LESSONS, EXPLORERS, SITE
    LESSONS, EXPLORERS, SITE = tuple(args.lessons), tuple(args.explorers), args.site
    chosen_explorers(EXPLORERS)  # an unknown name stops the run before anything is measured
    command = "benchmarks/bench_widgets.py" + (f" --only {args.only}" if args.only else "") + f" --reps {args.reps}"
    for option, names in (("--lessons", LESSONS), ("--explorers", EXPLORERS)):  # a part of the course, said so
        command += f" {option} {' '.join(names)}" if names else ""
    packages = ("numpy", "matplotlib", "ipywidgets", "jupyterlab", "Pillow")
    run = new_run(command, args.reps, packages)
    failed = []
    for name, bench in BENCHES.items():
        if args.only in (None, name):
            try:
                table = bench(args.reps)
            except Exception:  # one part failing must not lose the parts measured before it
                traceback.print_exc()
                failed.append(name)
                continue
            if table.get("rows"):  # the browser parts return nothing where there is no Chromium
                run["tables"][name] = table
    version = chromium_version() if {"browser", "site"} & set(run["tables"]) else None
    if version:
        run["machine"]["chromium"] = version
    print(report(finish_run(run)))
    if args.json is not None:
        print(f"wrote {save_run(run, args.json, 'widgets')}")
    if failed:
        sys.exit(f"these parts failed (tracebacks above): {', '.join(failed)}")


if __name__ == "__main__":
    main()
