"""The shipped results of lesson 07's experiment (``posenc/data/lm_results*.json``, ``lm_weights*.npz``) and their check.

``scripts/train_short_test_long.py`` writes them, for the full configuration (``lm_results.json``) or the
reduced one (``lm_results_reduced.json``), with their provenance: the command, seeds, versions, git commit,
machine, wall time, the configuration's name, and :func:`code_hash` of :data:`CODE_FILES` when they were
made. A test compares that hash with the current one, so results made by other code are caught.
"""

from __future__ import annotations

import ast
import hashlib
import io
import json
import tokenize
from importlib import resources
from pathlib import Path

import numpy as np

from posenc.lm.model import TinyLM

__all__ = ["CODE_FILES", "FILES", "code_hash", "load_results", "shipped", "trained_model"]

#: The source files (in ``posenc/``) whose code makes the numbers: the model, its training and evaluation, the
#: schemes' maths and records, the toolkit and the experiment.
CODE_FILES = (
    "lm/language.py",
    "lm/layers.py",
    "lm/model.py",
    "lm/train.py",
    "lm/evaluate.py",
    "lm/extension.py",
    "lm/experiment.py",
    "schemes/__init__.py",
    "schemes/layer.py",
    "schemes/lm.py",
    "rope.py",
    "sinusoidal.py",
    "learned.py",
    "t5.py",
    "alibi.py",
)
#: Each configuration's files in ``posenc/data``: results, then weights (the full configuration's alone:
#: the reduced one's results are what a test reproduces, and its models are retrained in seconds).
FILES: dict[str, tuple[str, str | None]] = {
    "full": ("lm_results.json", "lm_weights.npz"),
    "reduced": ("lm_results_reduced.json", None),
}


def shipped() -> tuple[str, ...]:
    """The configurations whose results are shipped, the full one first.

    Examples
    --------
    >>> "reduced" in shipped()
    True
    """
    data = resources.files("posenc.data")
    return tuple(name for name, (results, _) in FILES.items() if data.joinpath(results).is_file())


def _configuration(configuration: str | None) -> str:
    found = shipped()
    if configuration is None and found:
        return found[0]
    if configuration not in found:
        raise ValueError(
            f"configuration must be one of the shipped results {found}; got configuration={configuration!r}."
        )
    return configuration


def _code_lines(source: str) -> list[str]:
    """The lines of `source` that run: docstrings, comments, blank lines and trailing spaces left out."""
    lines = source.splitlines()
    drop: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                drop.update(range(first.lineno - 1, first.end_lineno or first.lineno))
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            row, col = token.start
            lines[row - 1] = lines[row - 1][:col]
    return [line.rstrip() for i, line in enumerate(lines) if i not in drop and line.strip()]


def code_hash(root: Path | None = None) -> str:
    """SHA-256 of the code of :data:`CODE_FILES` (under `root`, the installed ``posenc/`` by default), docstrings and
    comments aside: a change to what runs changes it; a change to the prose does not.

    Examples
    --------
    >>> len(code_hash())
    64
    """
    root = Path(__file__).resolve().parents[1] if root is None else Path(root)
    digest = hashlib.sha256()
    for name in CODE_FILES:
        digest.update(
            name.encode() + b"\0" + "\n".join(_code_lines((root / name).read_text(encoding="utf-8"))).encode()
        )
    return digest.hexdigest()


def load_results(configuration: str | None = None) -> dict:
    """The shipped results of `configuration` (``"full"`` or ``"reduced"``; the full ones when shipped, by default):
    ``provenance`` (its ``"configuration"`` says which), ``config``, ``floor`` (by W and mode) and ``runs`` (one per
    configuration and seed, with its evaluations and, for RoPE, its ``extensions``).

    Examples
    --------
    >>> results = load_results()
    >>> results["provenance"]["configuration"] in ("full", "reduced")
    True
    """
    name = FILES[_configuration(configuration)][0]
    return json.loads(resources.files("posenc.data").joinpath(name).read_text(encoding="utf-8"))


def trained_model(label: str, configuration: str | None = None) -> TinyLM:
    """The shipped model `label` (``"rope"``, ``"alibi"``, ``"rope+none"``, ...) of `configuration`, its first seed.

    Raises
    ------
    ValueError
        If the shipped results have no configuration called `label`, or `configuration` is not shipped.

    Examples
    --------
    >>> model = trained_model("rope")
    >>> model.layer_schemes[0].name, model.params["embed"].dtype
    ('rope', dtype('float32'))
    """
    configuration = _configuration(configuration)
    results = load_results(configuration)
    weights_file = FILES[configuration][1]
    if weights_file is None:
        raise ValueError(f"the {configuration} configuration ships no weights: train its model (posenc.lm.train).")
    with resources.files("posenc.data").joinpath(weights_file).open("rb") as file, np.load(file) as weights:
        stored = {name: weights[name] for name in weights.files}
    config = results["config"]
    found = {run["label"]: run for run in results["runs"] if f"{run['label']}/embed" in stored}
    if label not in found:
        raise ValueError(
            f"label must be one of {sorted(found)} (the models whose weights are shipped); got label={label!r}."
        )
    run = found[label]
    model = TinyLM(
        len(stored[f"{label}/embed"]),  # the vocabulary: the embedding's rows
        config["train_len"],
        layers=tuple(run["layers"]),
        inputs=run["inputs"],
        d_model=config["d_model"],
        num_heads=config["num_heads"],
        d_ff=config["d_ff"],
    )
    for name in model.params:
        model.params[name] = stored[f"{label}/{name}"].astype(np.float32)
    return model
