"""Lesson 07's experiment: its shipped results are those of the current code, reload into the models they describe,
and (slow) are reproduced by the script's reduced configuration.

The tolerance of the reproduction is measured, not chosen, for the reduced configuration. Over its shipped
results (3 seeds, 8 configurations and the RoPE toolkit: 132 held-out losses, each at one W and mode), the range
across the three seeds is at most 0.137 nats (median 0.016). Reruns on this machine (2026-12-06), one BLAS
thread per worker, seeded: the reduced configuration in the oldest environment CI builds (Python 3.10, NumPy
1.26.0) and in the newest (Python 3.13, NumPy 2.5.5) gives the shipped numbers exactly (all 396 losses, gap 0).
The full configuration once did not: on 2026-12-04 and 2026-12-06 the same code in the same environment gave
two runs of 21 that parted at the fourth decimal of their training curves (by up to 0.0063 nats held out), on
days when one thread's training step took 19.5 and 25.7 ms, so the hardware under the machine may have changed
(a hypothesis). On a machine whose BLAS rounds differently, training may move about as far as a change of seed
does. So a rerun of the reduced configuration may differ from the shipped numbers by up to about 0.14 nats (the
largest seed range, rounded up; three seeds give a lower estimate of how far a seed moves a result, not a bound)
and be the same experiment; further is not.
"""

import json
import subprocess
import sys
from importlib import resources
from pathlib import Path

import numpy as np
import pytest

from posenc import lm
from posenc.lm import experiment, results
from posenc.schemes import SCHEMES

ROOT = Path(__file__).resolve().parents[1]
TOLERANCE = results.TOLERANCE  # nats: the largest range across 3 seeds in the shipped reduced results, rounded up


class TestShippedResults:
    @pytest.mark.parametrize("configuration", results.shipped())
    def test_they_were_made_by_the_current_model_and_training_code(self, configuration):
        shipped = results.load_results(configuration)["provenance"]
        assert shipped["configuration"] == configuration
        assert shipped["code_sha256"] == results.code_hash(), (
            f"posenc/lm/results.CODE_FILES changed since the {configuration} results were made: rerun "
            f"`python scripts/train_short_test_long.py{' --reduced' if configuration == 'reduced' else ''}`."
        )

    def test_the_hash_follows_the_code_and_not_the_prose(self, tmp_path):
        for name in results.CODE_FILES:
            (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / name).write_text((ROOT / "posenc" / name).read_text(encoding="utf-8"), encoding="utf-8")
        current = results.code_hash()
        assert results.code_hash(tmp_path) == current
        train = tmp_path / "lm/train.py"
        source = train.read_text(encoding="utf-8")
        train.write_text(source.replace('"""Adam on a dict', '"""Adam, reworded, on a dict') + "# a comment\n")
        assert results.code_hash(tmp_path) == current
        train.write_text(source.replace("1 - b1**self.steps", "1 - b1 ** (self.steps + 1)"))
        assert results.code_hash(tmp_path) != current

    def test_every_configuration_and_seed_is_there_with_its_provenance(self):
        shipped = results.load_results()
        config = shipped["config"]
        labels = set(experiment.runs(experiment.FULL))
        assert {(r["label"], r["seed"]) for r in shipped["runs"]} == {(x, s) for x in labels for s in config["seeds"]}
        assert len(config["seeds"]) >= 3
        for key in ("command", "seeds", "versions", "git_commit", "code_sha256", "machine", "wall_seconds"):
            assert shipped["provenance"][key] not in (None, "", [])
        windows = [str(m * config["train_len"]) for m in config["multiples"]]
        assert list(shipped["floor"]) == windows
        rope = [r for r in shipped["runs"] if r["label"] == "rope"]
        assert all(
            set(r["extensions"]) >= {"PI", "NTK-aware", "YaRN", "dynamic NTK", "Llama 3.1", "PI + fine-tune"}
            for r in rope
        )

    def test_a_shipped_model_gives_its_shipped_loss(self):
        shipped = results.load_results()
        config = shipped_config(shipped)
        language = lm.make_language()
        streams = experiment.held_out(config, language)
        model = results.trained_model("rope")
        run = next(r for r in shipped["runs"] if r["label"] == "rope" and r["seed"] == config.seeds[0])
        window = config.train_len
        for mode in experiment.MODES:
            again = lm.evaluate(model, language, streams, window, experiment._stride(mode, window))
            assert abs(again.model_loss - run["eval"][str(window)][mode]["loss"]) < 1e-4

    def test_unknown_labels_and_configurations_are_refused(self):
        with pytest.raises(ValueError, match="label must be one of"):
            results.trained_model("nope")
        with pytest.raises(ValueError, match="whose weights are shipped"):  # trained, but its weights are not kept
            results.trained_model("rope@4L")
        with pytest.raises(ValueError, match="configuration must be one of"):
            results.load_results("tiny")
        with pytest.raises(ValueError, match="labels must be among"):
            experiment.run_all(experiment.REDUCED, ("nope",), workers=1)


def shipped_config(shipped: dict) -> experiment.Config:
    """The configuration the shipped results record (JSON lists back to tuples)."""
    return experiment.Config(**{k: tuple(v) if isinstance(v, list) else v for k, v in shipped["config"].items()})


def test_the_runs_are_every_scheme_the_model_runs_the_hybrid_and_the_reference():
    found = experiment.runs(experiment.FULL)
    assert set(found) == {n for n, s in SCHEMES.items() if s.model is not None} | {"rope+none", "rope@4L"}
    assert found["rope+none"] == ("none", ("rope", "none")) and found["learned"] == ("learned", ("none", "none"))


@pytest.mark.slow
def test_the_reduced_script_reproduces_the_shipped_reduced_results(tmp_path):
    # the RoPE configuration, seed 0, with its toolkit: about 3 s here
    command = [sys.executable, "scripts/train_short_test_long.py", "--reduced", "--labels", "rope", "--seeds", "0"]
    subprocess.run([*command, "--workers", "1", "--out", str(tmp_path)], cwd=ROOT, check=True, capture_output=True)
    again = json.loads((tmp_path / "lm_results_reduced.json").read_text(encoding="utf-8"))
    shipped = results.load_results("reduced")
    old = next(r for r in shipped["runs"] if r["label"] == "rope" and r["seed"] == 0)
    new = again["runs"][0]
    pairs = [(old["eval"], new["eval"])] + [(old["extensions"][k], new["extensions"][k]) for k in old["extensions"]]
    gaps = [abs(a[w][m]["loss"] - b[w][m]["loss"]) for a, b in pairs for w in a for m in experiment.MODES]
    assert len(gaps) == 70 and max(gaps) < TOLERANCE, max(gaps)
    assert np.allclose(
        again["floor"]["16"]["sliding"]["per_position"], shipped["floor"]["16"]["sliding"]["per_position"]
    )


class TestTheShippedFullExperiment:
    """The quality floor the experiment promises, and what the script's docstring says of the shipped full results."""

    @pytest.fixture(scope="class")
    @classmethod
    def full(cls):
        if "full" not in results.shipped():
            pytest.skip("the full results are not shipped: python scripts/train_short_test_long.py")
        return results.load_results("full")

    @staticmethod
    def excess(full, label: str, window: int, mode: str = "non-overlapping") -> list[float]:
        """Each seed's held-out loss minus the exact floor on the same tokens, at `window`."""
        return [
            r["eval"][str(window)][mode]["loss"] - full["floor"][str(window)][mode]["loss"]
            for r in full["runs"]
            if r["label"] == label and str(window) in r["eval"]
        ]

    def test_at_the_training_length_every_scheme_is_within_a_tenth_of_a_nat_of_the_floor_and_nope_within_015(
        self, full
    ):
        # the bar is 0.25 nats; the shipped run meets a tighter one (the script's docstring: 0.042-0.097,
        # NoPE 0.143), so a rerun that lost half of that margin would fail here
        train_len = full["config"]["train_len"]
        labels = {r["label"] for r in full["runs"]}
        for label in labels:
            gaps = self.excess(full, label, train_len)
            assert gaps and max(gaps) < (0.15 if label == "none" else 0.1), (label, gaps)
        assert all(g > -0.01 for label in labels for g in self.excess(full, label, train_len))  # none beats the floor

    def test_at_four_times_the_training_length_the_ties_are_the_pairs_the_script_names(self, full):
        # the bar: the best and the worst scheme at 4L are further apart than any seed range; and which
        # pairs the seeds cannot separate (their ranges overlap) is what the script's docstring says
        window = 4 * full["config"]["train_len"]
        by_label = {label: self.excess(full, label, window) for label in {r["label"] for r in full["runs"]}}
        by_label = {k: v for k, v in by_label.items() if v and k != "rope@4L"}  # the learned table stops at L
        means = [float(np.mean(gaps)) for gaps in by_label.values()]
        assert max(max(g) - min(g) for g in by_label.values()) < max(means) - min(means)
        ties = {
            tuple(sorted((a, b)))
            for a, ga in by_label.items()
            for b, gb in by_label.items()
            if a != b and min(ga) <= max(gb) and min(gb) <= max(ga)
        }
        assert ties == {("alibi", "t5")}, ties

    def test_retrieval_is_recorded_by_key_distance_with_far_keys_in_every_bin(self, full):
        train_len = full["config"]["train_len"]
        edges = [m * train_len for m in experiment.DISTANCE_MULTIPLES]
        longest = str(edges[-1])
        for run in full["runs"]:
            for window, modes in run["eval"].items():
                for found in modes.values():
                    everywhere, within, past = (
                        found[k] for k in ("retrieval", "retrieval_within_L", "retrieval_past_L")
                    )
                    assert everywhere["edges"] == edges
                    # the QUERY stands either at a position training reached or past it: the two splits add up
                    for key in ("count", "unseen_count"):
                        assert np.array_equal(np.add(within[key], past[key]), everywhere[key])
                    if int(window) == train_len:
                        assert sum(past["count"]) + past["unseen_count"] == 0
            # at 16L, every distance bin holds at least 30 retrieval predictions in both modes: far keys exist
            if longest in run["eval"]:
                for mode in experiment.MODES:
                    counts = run["eval"][longest][mode]["retrieval"]["count"]
                    assert min(counts) >= 30, (run["label"], mode, counts)

    def test_the_toolkits_reference_trained_at_4L_beats_every_rule_and_plain_rope_at_4L(self, full):
        window = str(4 * full["config"]["train_len"])
        reference = {
            r["seed"]: r["eval"][window]["non-overlapping"]["loss"] for r in full["runs"] if r["label"] == "rope@4L"
        }
        assert set(reference) == set(full["config"]["seeds"])
        for run in (r for r in full["runs"] if r["label"] == "rope"):
            others = {"RoPE": run["eval"]} | run["extensions"]
            for name, found in others.items():
                assert reference[run["seed"]] < found[window]["non-overlapping"]["loss"], (name, run["seed"])

    def test_the_shipped_weights_fit_in_two_megabytes(self, full):
        # the run's wall time is recorded, not asserted: it depends on the machine's speed that day
        # (scripts/train_short_test_long.py gives both runs' times)
        shipped = [name for _, name in results.FILES.values() if name is not None]
        data = Path(str(resources.files("posenc.data")))
        size = sum((data / name).stat().st_size for name in shipped)
        assert size <= 2_000_000, size
