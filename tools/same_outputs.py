"""Do re-executed lessons show what a git revision's lessons showed? For a refactor that must change no output.

    python -m tools.same_outputs [--rev HEAD] notebooks/*.ipynb

Compares each notebook's outputs (code cell by code cell; sources may differ) and saved widget state with the same file at
`--rev`, after removing what differs between two runs of the same code: widget model ids (random
per run: each is renamed by the order in which the cells, then the models, first mention it) and the
split of a printed stream into pieces (a flush's timing; consecutive pieces of one stream are joined).
Prints each notebook's verdict and its first differing line; exits 1 when any notebook differs.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODEL_ID = re.compile(r"[0-9a-f]{32}")
STATE = "application/vnd.jupyter.widget-state+json"


def _joined_streams(outputs: list[dict]) -> list[dict]:
    joined: list[dict] = []
    for out in outputs:
        if joined and out.get("output_type") == "stream" and joined[-1].get("output_type") == "stream":
            if joined[-1]["name"] == out["name"]:
                joined[-1] = {**joined[-1], "text": _text(joined[-1]["text"]) + _text(out["text"])}
                continue
        joined.append({**out, "text": _text(out["text"])} if out.get("output_type") == "stream" else out)
    return joined


def _text(text: str | list[str]) -> str:
    return "".join(text) if isinstance(text, list) else text


def canonical(notebook: dict) -> list[str]:
    """The notebook's outputs and widget state as lines of JSON, with model ids and stream splits made canonical."""
    cells = [_joined_streams(cell["outputs"]) for cell in notebook["cells"] if cell.get("cell_type") == "code"]
    models = notebook.get("metadata", {}).get("widgets", {}).get(STATE, {}).get("state", {})
    names: dict[str, str] = {}

    def name(found: re.Match[str]) -> str:
        return names.setdefault(found.group(0), f"model-{len(names)}")

    cells_text = MODEL_ID.sub(name, json.dumps(cells, indent=1, sort_keys=True))
    order = list(names)  # the models the cells show, then those they hold, breadth first
    for model in order:
        for found in MODEL_ID.finditer(json.dumps(models.get(model, {}), sort_keys=True)):
            if found.group(0) not in names:
                name(found)
                order.append(found.group(0))
    # models nothing shown holds (a link between two controls): named in the order of what they say
    unnamed = [m for m in models if m not in names]
    for model in sorted(
        unnamed, key=lambda m: MODEL_ID.sub(lambda f: names.get(f.group(0), "?"), json.dumps(models[m], sort_keys=True))
    ):
        name(MODEL_ID.match(model))  # type: ignore[arg-type]
    state = {names.get(m, m): MODEL_ID.sub(name, json.dumps(v, sort_keys=True)) for m, v in models.items()}
    return cells_text.splitlines() + [f"{m}: {state[m]}" for m in sorted(state)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default="HEAD", help="the git revision to compare with (default HEAD)")
    parser.add_argument("notebooks", nargs="+", type=Path)
    args = parser.parse_args(argv)
    differ = 0
    for path in args.notebooks:
        relative = path.resolve().relative_to(ROOT).as_posix()
        before = subprocess.run(
            ["git", "show", f"{args.rev}:{relative}"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout
        old, new = canonical(json.loads(before)), canonical(json.loads(path.read_text(encoding="utf-8")))
        first = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), None)
        if first is None and len(old) != len(new):
            first = min(len(old), len(new))
        if first is None:
            print(f"{relative}: the same outputs as {args.rev}")
            continue
        differ += 1
        print(f"{relative}: differs from {args.rev} at line {first} of its canonical form:")
        print(f"  {args.rev}: {old[first] if first < len(old) else '(ends)'}"[:300])
        print(f"  now: {new[first] if first < len(new) else '(ends)'}"[:300])
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
