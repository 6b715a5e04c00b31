"""The anatomy every lesson promises, read from the saved notebooks' JSON."""

import json
import re
from pathlib import Path

import pytest

from posenc import checks
from posenc_course.lessons import read_lesson

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def load(path):
    return json.loads(path.read_text(encoding="utf-8"))


def markdown(nb):
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


def code(nb):
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")


def test_lessons_are_numbered_in_teaching_order():
    assert [p.name[:3] for p in NOTEBOOKS] == [f"{i:02d}_" for i in range(len(NOTEBOOKS))]
    assert len(NOTEBOOKS) >= 4


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
class TestAnatomy:
    def test_has_a_live_widget_that_leaves_a_static_figure(self, path):
        nb = load(path)
        widget_cells = [
            c
            for c in nb["cells"]
            if c["cell_type"] == "code"
            and re.search(r"widgets\.(\w+_explorer|environment_check)\(", "".join(c["source"]))
        ]
        assert widget_cells
        for cell in widget_cells:
            kinds = [set(o.get("data", {})) for o in cell["outputs"]]
            assert any("application/vnd.jupyter.widget-view+json" in k for k in kinds)
            assert any("image/png" in k for k in kinds), "the figure must be an ordinary saved output"
        assert "application/vnd.jupyter.widget-state+json" in nb["metadata"].get("widgets", {})

    def test_check_yourself_has_code_check_quiz_and_recall(self, path):
        nb = load(path)
        assert "## Check yourself" in markdown(nb)
        src = code(nb)
        assert re.search(r"checks\.check_\w+\(", src)
        assert "widgets.quiz(" in src and "widgets.recall(" in src
        bank = checks.questions()
        for qid in re.findall(r'(?:checks\.answer|widgets\.quiz|widgets\.recall)\("([^"]+)"', src):
            assert qid in bank, qid

    def test_exercises_have_difficulty_time_hint_and_hidden_solution(self, path):
        md = markdown(load(path))
        assert re.search(r"★+ · about \d+ minutes", md)
        assert md.index("<summary><b>Hint") < md.index("<summary><b>Solution")

    def test_learner_edition_stubs_say_not_attempted(self, path):
        nb = load(path)
        for cell in nb["cells"]:
            if cell["cell_type"] == "code" and re.search(r"checks\.check_\w+\(", "".join(cell["source"])):
                text = json.dumps(cell["outputs"])
                assert "Not attempted yet" in text, "".join(cell["source"])

    def test_lock_it_in_and_misconceptions(self, path):
        md = markdown(load(path))
        assert "## Lock it in" in md
        # lesson 00 meets none yet, and the recap revisits the course's misconceptions in its quizzes
        if path.name[:2] != "00" and not read_lesson(path).recap:
            assert "**Common misconceptions**" in md

    def test_executed_in_order_from_a_fresh_kernel(self, path):
        nb = load(path)
        counts = [c["execution_count"] for c in nb["cells"] if c["cell_type"] == "code"]
        assert counts == list(range(1, len(counts) + 1))
        assert nb["metadata"]["kernelspec"]["name"] == "python3"

    def test_no_cell_raises_and_outputs_show_no_machine_paths(self, path):
        # a deliberate error runs inside checks.expect_error(), so "Run all" never stops, in any front end
        for cell in load(path)["cells"]:
            assert "raises-exception" not in cell["metadata"].get("tags", []), "use checks.expect_error()"
            for out in cell.get("outputs", []):
                assert out["output_type"] != "error", "".join(cell["source"])[:80]
                assert not re.search(r"/(tmp|work|root|home)/", json.dumps(out))

    def test_no_wall_of_text(self, path):
        for cell in load(path)["cells"]:
            if cell["cell_type"] == "markdown":  # prose: table rows (the lesson map) are not a wall of text
                prose = [ln for ln in "".join(cell["source"]).splitlines() if not ln.startswith("|")]
                assert len("\n".join(prose)) < 2000


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
class TestWrapUp:
    def test_every_quiz_says_how_to_answer_it_in_code_where_no_widget_renders(self, path):
        from posenc import widgets

        for qid in re.findall(r'widgets\.quiz\("([^"]+)"\)', code(load(path))):
            fallback = widgets.quiz(qid)._repr_mimebundle_()["text/html"]  # what a front end without widgets shows
            assert f"checks.answer(&quot;{qid}&quot;, &quot;?&quot;)" in fallback, qid  # no answer given away
            assert checks.answer(qid, "a").attempted and not checks.answer(qid, "?").attempted

    def test_every_think_prompt_has_a_folded_model_answer(self, path):
        for cell in load(path)["cells"]:
            text = "".join(cell["source"])
            if cell["cell_type"] == "markdown" and "**Think!**" in text:
                after = text[text.index("**Think!**") :]
                assert "<summary><b>Model answer" in after, text[:80]

    def test_further_reading_and_a_next_step(self, path):
        md = markdown(load(path))
        assert "**Further reading**" in md and "**Next:**" in md
        for link in re.findall(r"\]\((\d\d_[\w.]+\.ipynb)\)", md):
            assert (ROOT / "notebooks" / link).is_file(), link
