"""tools/same_outputs.py: two runs of the same lesson compare equal; a changed output does not."""

import copy
import json
import re
from pathlib import Path

from tools.same_outputs import MODEL_ID, canonical

LESSON = json.loads((Path(__file__).resolve().parents[1] / "notebooks" / "02_sinusoidal_formula.ipynb").read_text())


def rerun_look_alike(notebook):
    """The notebook as another run would save it: new model ids, and its first stream printed in two pieces."""
    text = json.dumps(notebook)
    fresh = {old: f"{i:032x}" for i, old in enumerate(dict.fromkeys(MODEL_ID.findall(text)), start=7)}
    again = json.loads(MODEL_ID.sub(lambda m: fresh[m.group(0)], text))
    for cell in again["cells"]:
        streams = [o for o in cell.get("outputs", []) if o["output_type"] == "stream"]
        if streams and len("".join(streams[0]["text"])) > 4:
            whole = "".join(streams[0]["text"])
            at = cell["outputs"].index(streams[0])
            cell["outputs"][at : at + 1] = [{**streams[0], "text": whole[:3]}, {**streams[0], "text": whole[3:]}]
            return again
    raise AssertionError("the lesson prints nothing to split")


def test_another_run_of_the_same_lesson_compares_equal():
    assert MODEL_ID.search(json.dumps(LESSON)), "the lesson saves widgets, whose ids differ between runs"
    assert canonical(rerun_look_alike(LESSON)) == canonical(LESSON)


def test_a_changed_output_or_widget_value_compares_different():
    changed = copy.deepcopy(LESSON)
    cell = next(c for c in changed["cells"] if any(o["output_type"] == "stream" for o in c.get("outputs", [])))
    stream = next(o for o in cell["outputs"] if o["output_type"] == "stream")
    stream["text"] = re.sub(r"\d", "7", "".join(stream["text"]), count=1)
    assert canonical(changed) != canonical(LESSON)
    state = copy.deepcopy(LESSON)
    models = state["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    slider = next(m for m in models.values() if m["model_name"] == "IntSliderModel")
    slider["state"]["value"] += 1
    assert canonical(state) != canonical(LESSON)
