"""The held-out learner mistakes (tests/mistakes/heldout/): every entry still goes through its checker.

The sets are a record of how well the checkers named mistakes nobody listed, measured once
(their README); this test does not hold the checkers to those rates. It holds what any checker
owes any answer: a verdict, never an exception, under the length limit, and a listed mistake's id
only where it names one.
"""

import json
import runpy
from pathlib import Path

import pytest

from posenc.checks.engine import CHECKERS, MESSAGE_LIMIT
from tests.mistakes.heldout.measure import KEYWORDS, answer

HERE = Path(__file__).parent / "mistakes" / "heldout"
SETS = sorted(HERE.glob("set*.py"))


def entries():
    for path in SETS:
        measured = json.loads(path.with_name(f"{path.stem}_measured.json").read_text(encoding="utf-8"))["entries"]
        written = runpy.run_path(str(path))["MISTAKES"]
        assert [(e["checker"], e["name"]) for e in written] == [(e["checker"], e["name"]) for e in measured]
        for entry, record in zip(written, measured, strict=True):
            if "screen" not in record:  # excluded when screened
                yield pytest.param(entry, id=f"{path.stem}-{entry['checker']}-{entry['name']}")


@pytest.mark.parametrize("entry", list(entries()))
def test_a_held_out_mistake_gets_a_verdict_under_the_limit(entry):
    checker = CHECKERS[entry["checker"]]
    result = checker.check(answer(entry), **KEYWORDS.get(entry["checker"], {}))
    assert len(result.message) < MESSAGE_LIMIT
    assert result.mistake is None or checker.knows(result.mistake)


def test_each_set_is_recorded_with_its_brief_and_rates():
    assert SETS, "no held-out set"
    readme = (HERE / "README.md").read_text(encoding="utf-8")
    for path in SETS:
        assert f"## Set {path.stem.removeprefix('set')} " in readme
        assert path.with_name(f"brief_{path.stem}.md").exists()
