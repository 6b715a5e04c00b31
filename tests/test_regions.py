"""Generated regions (tools/regions.py): one rule for every generator, and every committed region follows it."""

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tools import regions

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ("tools/gen_lessons.py", "tools/gen_links.py", "tools/gen_benchmarks.py")
#: a body line: any text without a newline that is not itself a marker
LINE = st.text(st.characters(blacklist_characters="\n\r", blacklist_categories=("Cs",)), max_size=20).filter(
    lambda s: "<!--" not in s
)
BODY = st.lists(LINE, max_size=4).map("\n".join)


def page(first: str, second: str) -> str:
    return (
        "head\n"
        + regions.begin("tools/t.py", "one")
        + f"\n{first}\n"
        + regions.END
        + "\nmiddle\n"
        + regions.begin("tools/t.py", "two")
        + f"\n{second}\n"
        + regions.END
        + "\ntail\n"
    )


@given(BODY, BODY, BODY)
def test_replacing_a_region_changes_it_alone_and_twice_is_once(first, second, new):
    text = page(first, second)
    once = regions.replace_region(text, "tools/t.py", "one", new, "page")
    assert regions.replace_region(once, "tools/t.py", "one", new, "page") == once
    assert once.startswith("head\n") and once.endswith("\ntail\n") and "\nmiddle\n" in once
    # the other region is untouched, byte for byte
    two = text[text.index(regions.begin("tools/t.py", "two")) :]
    assert once.endswith(two)
    # what is written reads back: the body between the markers, framed by one blank line each side
    inside = once.split(regions.begin("tools/t.py", "one"))[1].split(regions.END)[0]
    assert inside == "\n\n" + new.strip("\n") + "\n\n"


@given(BODY, BODY)
def test_replacing_every_region_reports_just_those_that_changed(first, second):
    text, _ = regions.replace_regions(page(first, second), "tools/t.py", lambda name: "x", "page")
    again, changed = regions.replace_regions(text, "tools/t.py", lambda name: "y" if name == "two" else "x", "page")
    assert changed == ["two"] and regions.region_names(again, "tools/t.py") == ["one", "two"]


def test_a_missing_region_or_end_line_is_a_clear_error():
    with pytest.raises(ValueError, match="README.md: expected one region"):
        regions.replace_region("no markers\n", "tools/t.py", "one", "body", "README.md")
    with pytest.raises(ValueError, match="region 'one' has no"):
        regions.replace_region(regions.begin("tools/t.py", "one") + "\nbody\n", "tools/t.py", "one", "b", "here")


def committed_texts():
    """Every committed text that holds generated regions: the README, the benchmarks page, each lesson's cells."""
    for path in ("README.md", "docs/benchmarks.md"):
        yield path, (ROOT / path).read_text(encoding="utf-8")
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for index, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
            yield f"{path.name} cell {index}", "".join(cell["source"])


def test_every_committed_region_is_framed_by_the_one_rule():
    for where, text in committed_texts():
        lines = text.splitlines()
        for tool in TOOLS:
            for name in regions.region_names(text, tool):
                at = lines.index(regions.begin(tool, name))
                assert lines[at + 1] == "", f"{where}: {name!r} needs a blank line after its begin line"
                end = lines.index(regions.END, at)
                assert lines[end - 1] == "", f"{where}: {name!r} needs a blank line before its end line"


def test_the_committed_texts_hold_every_tools_regions():
    found = {tool for _, text in committed_texts() for tool in TOOLS if regions.region_names(text, tool)}
    assert found == set(TOOLS)
