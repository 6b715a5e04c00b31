"""Training and evaluation: windows cut as the modes say, losses beside the floor on the same tokens, a short
training run that moves towards the floor and never below it beyond sampling noise."""

import math

import numpy as np
import pytest

from posenc import lm
from posenc.lm.evaluate import cut_windows, evaluate
from posenc.lm.train import Adam, learning_rate, train
from tests.wrong_arguments import INT_TYPES, NUMBER_TYPES

LANGUAGE = lm.make_language(seed=0)
MODEL = lm.TinyLM(LANGUAGE.vocab_size, 8, d_model=8, num_heads=2, d_ff=16)
STREAMS = LANGUAGE.sample(2, 17, seed=1)
PARAMS = {"w": np.ones(2)}

#: Wrong arguments for tests/test_arguments.py, which gathers this table.
ARGUMENT_CASES = {
    "cut_windows": (
        cut_windows,
        dict(streams=STREAMS, window=4, stride=2),
        {
            "streams": ([None, "x", STREAMS * 1.0], [STREAMS[0], STREAMS[:, :4]]),
            "window": (INT_TYPES, [0, 17]),
            "stride": (["x", 2.5, True], [0, 5]),
        },
    ),
    "evaluate": (
        evaluate,
        dict(model=MODEL, language=LANGUAGE, streams=STREAMS, window=8, stride=4, batch_size=2),
        {
            "model": ([None, "x"], []),
            "language": ([None, "x"], [lm.make_language(num_content=3)]),
            "streams": ([None], [STREAMS[:, :8]]),
            "window": (INT_TYPES, [0]),
            "stride": (["x"], [9]),
            "batch_size": (INT_TYPES, [0]),
        },
    ),
    "train": (
        train,
        dict(model=MODEL, language=LANGUAGE, steps=1, batch_size=2, seq_len=4, peak_lr=1e-3, warmup=1, seed=0),
        {
            "model": ([None], []),
            "language": ([None], [lm.make_language(num_values=2)]),
            "steps": (INT_TYPES, [0]),
            "batch_size": (INT_TYPES, [-1]),
            "seq_len": (["x", 2.5], [0]),
            "peak_lr": (NUMBER_TYPES, [0.0, math.nan]),
            "warmup": (INT_TYPES, [0]),
            "seed": (INT_TYPES, [-2]),
        },
    ),
    "learning_rate": (
        learning_rate,
        dict(step=0, steps=10, peak=1.0, warmup=2),
        {
            "step": (INT_TYPES, [-1, 10]),
            "steps": (INT_TYPES, [0]),
            "peak": (NUMBER_TYPES, [0.0]),
            "warmup": (INT_TYPES, [0]),
        },
    ),
    "Adam": (
        Adam,
        dict(params=PARAMS, betas=(0.9, 0.99), eps=1e-8),
        {
            "params": ([None, [1.0]], []),
            "betas": ([None, 0.9], [(0.9, 1.5), (-0.1, 0.9)]),
            "eps": (NUMBER_TYPES, [0.0]),
        },
    ),
    "Adam.step": (
        Adam(PARAMS).step,
        dict(grads={"w": np.zeros(2)}, lr=0.0),
        {"grads": ([], [None, {}, {"v": np.zeros(2)}]), "lr": (NUMBER_TYPES, [-1.0])},
    ),
}


class TestCutWindows:
    def test_non_overlapping_windows_predict_every_token_once(self):
        streams = np.arange(2 * 33).reshape(2, 33)
        windows = cut_windows(streams, window=8)  # (2 * 4, 9)
        targets = windows[:, 1:].ravel()
        assert sorted(targets.tolist()) == sorted(streams[:, 1:].ravel().tolist())
        assert np.array_equal(windows[1], streams[0, 8:17])  # the next window starts at the last one's last token

    def test_sliding_windows_count_their_last_stride_predictions_each_once(self):
        streams = np.arange(41)[None, :]
        windows = cut_windows(streams, window=16, stride=4)
        counted = windows[:, 1:][:, -4:].ravel()  # targets of positions W - s .. W - 1
        assert counted.tolist() == list(range(13, 41))  # tokens 1 .. W - s = 12 are never predicted
        context = np.arange(1, 17)[-4:]  # tokens read at the counted positions
        assert context.min() == 16 - 4 + 1


class TestEvaluate:
    def test_the_floor_is_the_languages_on_the_same_windows(self):
        result = evaluate(MODEL, LANGUAGE, STREAMS, window=8, stride=4)
        windows = cut_windows(STREAMS, 8, 4)
        assert np.array_equal(result.floor, LANGUAGE.floor(windows)[:, 4:])
        logits, _ = MODEL.forward(windows[:, :-1])  # each window's losses, by hand: -log softmax at the target
        logits = logits - logits.max(axis=-1, keepdims=True)
        log_probs = logits - np.log(np.exp(logits).sum(axis=-1, keepdims=True))
        by_hand = -np.take_along_axis(log_probs, windows[:, 1:, None], axis=-1)[..., 0]
        assert np.allclose(result.model, by_hand[:, 4:], atol=1e-5)
        assert result.model.shape == (len(windows), 4) == result.retrieval.shape
        model_pos, floor_pos = result.per_position()
        assert np.isclose(model_pos.mean(), result.model_loss) and floor_pos.shape == (4,)

    def test_a_learned_table_stops_at_the_training_length(self):
        model = lm.TinyLM(LANGUAGE.vocab_size, 8, inputs="learned", d_model=8, num_heads=2)
        assert evaluate(model, LANGUAGE, STREAMS, window=8).model.shape == (4, 8)  # 2 windows a stream
        with pytest.raises(IndexError, match="position 15 is past the end of this learned table"):
            evaluate(model, LANGUAGE, STREAMS, window=16)

    def test_retrieval_by_distance_counts_each_retrieval_prediction_once_in_its_bin(self):
        # by hand, from the language's definition (content 0-9, slot j's values 10 + 4j .. 13 + 4j, STORE 42,
        # QUERY j = 43 + j): walk every counted prediction, find the latest value of its slot before it, bin it
        tokens = LANGUAGE.sample(6, 65, seed=4)
        result = evaluate(MODEL, LANGUAGE, tokens, window=32, stride=16)
        windows = cut_windows(tokens, 32, 16)
        for low, high in [(0, 32), (16, 24), (24, 32)]:
            found = result.retrieval_by_distance((4, 8, 16, 32), positions=(low, high))
            bins: dict[int, list[float]] = {0: [], 1: [], 2: [], 3: []}
            unseen = []
            for w, window in enumerate(windows):
                for column, p in enumerate(range(16, 32)):
                    if window[p] < 43 or not low <= p < high:
                        continue
                    slot = window[p] - 43
                    before = [q for q in range(p) if 10 + 4 * slot <= window[q] < 14 + 4 * slot]
                    loss = result.model[w, column]
                    if not before:
                        unseen.append(loss)
                        continue
                    distance = p - before[-1]
                    bins[next(k for k, edge in enumerate((4, 8, 16, 32)) if distance <= edge)].append(loss)
            assert found["count"] == [len(bins[k]) for k in range(4)]
            assert found["unseen_count"] == len(unseen)
            for k in range(4):
                assert (found["loss"][k] is None) == (not bins[k])
                if bins[k]:
                    assert np.isclose(found["loss"][k], np.mean(bins[k]))
                if len(bins[k]) > 1:
                    assert np.isclose(found["error"][k], np.std(bins[k], ddof=1) / np.sqrt(len(bins[k])))
            if (low, high) == (0, 32):
                assert sum(found["count"]) + found["unseen_count"] == int(result.retrieval.sum()) > 0

    def test_the_binned_excess_is_the_mean_of_each_run_of_positions(self):
        result = evaluate(MODEL, LANGUAGE, STREAMS, window=8, stride=4)
        found = result.binned_excess(2)
        excess = result.model - result.floor  # (windows, 4): positions 4 .. 7
        assert found["start"] == [4, 6]
        assert np.allclose(found["excess"], [excess[:, :2].mean(), excess[:, 2:].mean()], atol=1e-4)
        per_window = excess[:, 2:].mean(axis=1)
        assert np.isclose(found["error"][1], per_window.std(ddof=1) / np.sqrt(len(per_window)), atol=1e-4)
        with pytest.raises(ValueError, match="num_bins must divide the 4 counted positions; got num_bins=3"):
            result.binned_excess(3)

    def test_a_wrong_predictor_is_above_the_floor(self):
        # the floor is the best any predictor does: another language's Bayes predictor loses on these tokens
        tokens = LANGUAGE.sample(400, 33, seed=3)
        other = lm.make_language(seed=1)
        wrong = -np.log(np.take_along_axis(other.predictive(tokens), tokens[:, 1:, None], -1)[..., 0])
        excess = (wrong - LANGUAGE.floor(tokens)).mean(axis=1)  # per window
        assert excess.mean() > 10 * excess.std() / np.sqrt(len(excess))


@pytest.mark.slow  # trains a model of each scheme: about 3 s here alone (2026-12-07)
def test_training_moves_towards_the_floor_and_no_model_beats_it():
    # d = 16, L = 16, 150 steps
    held_out = LANGUAGE.sample(40, 65, seed=99)
    for inputs, layers in [("none", ("alibi",)), ("learned", ("none",)), ("sinusoidal", ("rope", "t5"))]:
        model = lm.TinyLM(LANGUAGE.vocab_size, 16, layers=layers, inputs=inputs, d_model=16, num_heads=2, seed=0)
        before = evaluate(model, LANGUAGE, held_out, window=16)
        losses = train(model, LANGUAGE, steps=150, batch_size=16, peak_lr=1e-2, warmup=20)
        after = evaluate(model, LANGUAGE, held_out, window=16)
        assert losses[-20:].mean() < losses[:5].mean() - 0.8, (inputs, layers)
        assert after.excess < 0.5 * before.excess and after.excess < 0.6, (inputs, layers, after.excess)
        windows = [16] if inputs == "learned" else [16, 64]
        for result in [before, after] + [evaluate(model, LANGUAGE, held_out, window=w, stride=8) for w in windows]:
            assert result.excess > -3 * result.excess_error, (inputs, layers, result.window, result.excess)
