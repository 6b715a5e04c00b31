"""Measure a held-out set: each entry's answer handed to its checker, its verdict and message recorded.

``python -m tests.mistakes.heldout.measure tests/mistakes/heldout/set2.py set2_messages.json`` writes
one record per entry (checker, name, cause, and either the checker's message, id and verdict, or why
the entry's code could not be run). A second reader then labels each message from the cause alone
(the README's named, symptom, misleading, passed); this script judges nothing.
"""

import json
import runpy
import sys
import warnings
from pathlib import Path

import numpy as np

import posenc
from posenc import capstone, checks
from posenc.checks.engine import CHECKERS

#: The name each value exercise binds its answer to, and its checker's keyword arguments.
ANSWER = {"check_wavelength": "my_wavelength", "check_comparison_table": "my_table"}
KEYWORDS = {"check_wavelength": dict(pair=12, d_model=48)}


def answer(entry: dict) -> object:
    """The learner's answer: the entry's code run as the lesson's cell would run it."""
    blank = {scheme: dict.fromkeys(checks.recap.COLUMNS, ...) for scheme in checks.recap.ROWS}
    space = dict(np=np, posenc=posenc, checks=checks, capstone=capstone, blank=blank)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exec(entry["code"], space)
    name = ANSWER.get(entry["checker"]) or next(
        k for k in space if k.startswith("my_") or k == "is_permutation_equivariant"
    )
    return space[name]


def measure(entry: dict) -> dict:
    """One entry's record: what its checker says of it, or why its code could not be run."""
    record = {key: entry[key] for key in ("checker", "name", "cause")}
    try:
        given = answer(entry)
    except Exception as exc:  # the entry's own code fails before any checker sees it: screened out
        return record | {"screen": f"its code does not run: {type(exc).__name__}: {exc}"}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = CHECKERS[entry["checker"]].check(given, **KEYWORDS.get(entry["checker"], {}))
    return record | {"passed": result.passed, "mistake": result.mistake, "message": result.message}


def main(argv: list[str]) -> None:
    source, out = Path(argv[0]), Path(argv[1])
    records = [measure(entry) for entry in runpy.run_path(str(source))["MISTAKES"]]
    out.write_text(json.dumps(records, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    passed = sum(r.get("passed", False) for r in records)
    print(f"{source.name}: {len(records)} entries, {passed} passed as correct (screen those by hand) -> {out}")


if __name__ == "__main__":
    main(sys.argv[1:])
