"""Write the brief a blind writer of held-out mistakes reads: each checked exercise as the learner sees it.

``python -m tests.mistakes.heldout.brief OUT.md`` reads the committed lessons and writes, for every
cell that calls a checker, its section from the heading to that cell (markdown as text, code in
fences, with what the code printed), then the hint and solution folds that follow. It leaves out
what the checker cell itself printed: the writer must never see a checker's message.
"""

import re
import sys
from pathlib import Path

import nbformat

LESSONS = Path(__file__).resolve().parents[3] / "notebooks"
CALL = re.compile(r"checks\.(check_\w+)\(")

HEAD = """# Exercises of the course 'Where am I?' (positional encodings), as the learner sees them

Each exercise below: the cells of its section, in order, from its heading to the cell that calls the
checker, then the hint folds and the solution fold that follow it. Markdown cells are shown as
text; code cells in ```python fences, followed by what they printed when the lesson ran (```text
fences). `<details>` blocks are folds (hints, solutions) the learner opens with a click. The
`posenc` package is the course's helper package (numpy only); `posenc.softmax(z, axis=-1)` is a
stable softmax.
"""


def printed(cell: nbformat.NotebookNode) -> str:
    """What a code cell printed: its streams and plain-text results, without figures or widgets."""
    parts = []
    for out in cell.get("outputs", []):
        if out.output_type == "stream":
            parts.append(out.text)
        elif out.output_type in ("execute_result", "display_data") and "text/plain" in out.data:
            if not ({"image/png", "application/vnd.jupyter.widget-view+json"} & set(out.data)):
                parts.append(out.data["text/plain"] + "\n")
    return "".join(parts).rstrip("\n")


def show(cell: nbformat.NotebookNode, with_output: bool = True) -> str:
    if cell.cell_type == "markdown":
        return cell.source.strip()
    text = f"```python\n{cell.source.rstrip()}\n```"
    out = printed(cell) if with_output else ""
    return text + (f"\n\n```text\n{out}\n```" if out else "")


def exercises(path: Path) -> list[tuple[str, str]]:
    """(checker, section text) for every checker call in one lesson."""
    cells = nbformat.read(path, as_version=4).cells
    found = []
    for at, cell in enumerate(cells):
        match = CALL.search(cell.source) if cell.cell_type == "code" else None
        if not match:
            continue
        start = max(
            i for i in range(at + 1) if cells[i].cell_type == "markdown" and re.match(r"#{2} ", cells[i].source)
        )
        shown = [show(c) for c in cells[start:at]] + [show(cell, with_output=False)]
        after = at + 1
        while (
            after < len(cells)
            and cells[after].cell_type == "markdown"
            and cells[after].source.lstrip().startswith("<details")
        ):
            shown.append(show(cells[after]))
            after += 1
        found.append((match.group(1), "\n\n".join(shown)))
    return found


def main(argv: list[str]) -> None:
    parts = [HEAD]
    for path in sorted(LESSONS.glob("[0-9][0-9]_*.ipynb")):
        for checker, text in exercises(path):
            parts.append(f"\n\n---\n\n## Exercise checked by `{checker}` (lesson {path.name[:2]})\n\n{text}\n")
    Path(argv[0]).write_text("".join(parts), encoding="utf-8")
    print(f"{len(parts) - 1} exercises -> {argv[0]}")


if __name__ == "__main__":
    main(sys.argv[1:])
