"""The synthetic language against independent computations: its floor against a sum over every hidden path,
its sampler against the probabilities, its retrieval floor against the rule, and the claims of its docstring.

The oracle here is written from the language's definition (posenc/lm/language.py's docstring), not from its
code: the whole language as one hidden Markov chain whose state (phase, hidden state, memory) emits one token,
its stationary distribution found by linear algebra, and the probability of a window summed over every path of
hidden states that could have emitted it.
"""

import itertools
import math
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from posenc.lm.language import Language, make_language
from tests.wrong_arguments import ARRAY_TYPES, INT_TYPES, NUMBER_TYPES

LANGUAGE = make_language(seed=0)
TWO_SLOTS = make_language(seed=0, num_slots=2)

#: Wrong arguments for tests/test_arguments.py, which gathers this table.
ARGUMENT_CASES = {
    "make_language": (
        make_language,
        dict(
            seed=0,
            num_topics=2,
            cycle=2,
            num_content=3,
            num_slots=2,
            num_values=2,
            advance=0.5,
            switch_rate=0.1,
            concentration=1.0,
            store_rate=0.1,
            query_rate=0.1,
        ),
        {
            "seed": (INT_TYPES, [-1]),
            "num_topics": (INT_TYPES, [0]),
            "cycle": (INT_TYPES, [0]),
            "num_content": (INT_TYPES, [0]),
            "num_slots": (INT_TYPES, [0]),
            "num_values": (INT_TYPES, [-1]),
            "advance": (NUMBER_TYPES, [1.5, -0.1, math.nan]),
            "switch_rate": (NUMBER_TYPES, [2.0]),
            "concentration": (NUMBER_TYPES, [0.0, math.inf]),
            "store_rate": (NUMBER_TYPES, [-0.5, 0.95]),
            "query_rate": (NUMBER_TYPES, [0.95]),
        },
    ),
    "Language.sample": (
        LANGUAGE.sample,
        dict(num_streams=2, seq_len=3, seed=0),
        {"num_streams": (INT_TYPES, [0]), "seq_len": (INT_TYPES, [-3]), "seed": (INT_TYPES, [-1])},
    ),
    "Language.floor": (
        LANGUAGE.floor,
        dict(tokens=np.zeros((2, 3), dtype=int)),
        {"tokens": (ARRAY_TYPES + [np.zeros((2, 3))], [np.zeros(3, int), np.zeros((2, 1), int), np.full((1, 2), 51)])},
    ),
    "Language.predictive": (
        LANGUAGE.predictive,
        dict(tokens=np.zeros((1, 2), dtype=int)),
        {"tokens": (ARRAY_TYPES, [np.full((1, 2), -1)])},
    ),
    "Language.retrieval": (
        LANGUAGE.retrieval,
        dict(tokens=np.zeros((1, 2), dtype=int)),
        {"tokens": (ARRAY_TYPES, [np.zeros((1, 2, 2), int)])},
    ),
}

CONTENT, STORE, VALUE, QUERY, ANSWER = range(5)  # what the token a state emits is


_CHAINS: dict[int, tuple] = {}


def whole_chain(language: Language):
    """The chain of :func:`build_whole_chain`, built once per language object (each build takes about a second)."""
    if id(language) not in _CHAINS:
        _CHAINS[id(language)] = (language, build_whole_chain(language))
    return _CHAINS[id(language)][1]


def build_whole_chain(language: Language):
    """The language as one chain whose states (phase, hidden, memory of every slot, slot) each emit one token;
    its start is stationary. ``slot`` is the slot a VALUE, QUERY or ANSWER state is about (0 otherwise).

    Returns (emit (states, vocab), step (states, states), start (states,))."""
    hidden, slots, values = len(language.stationary), language.num_slots, language.num_values
    content = language.num_content
    store = content + slots * values  # the tokens, from the module's docstring: content, values slot by slot,
    memories = list(itertools.product(range(values), repeat=slots))  # STORE, then one QUERY per slot
    states = [(phase, h, m, j) for phase in range(5) for h in range(hidden) for m in memories for j in range(slots)]
    states = [state for state in states if state[0] in (VALUE, QUERY, ANSWER) or state[3] == 0]
    index = {state: i for i, state in enumerate(states)}
    emit, step = np.zeros((len(states), language.vocab_size)), np.zeros((len(states), len(states)))
    new_event = 1 - language.store_rate - language.query_rate
    for (phase, h, m, j), i in index.items():
        if phase == CONTENT:
            emit[i, :content] = language.emissions[h]
        elif phase in (VALUE, ANSWER):
            emit[i, content + j * values + m[j]] = 1.0
        else:
            emit[i, store if phase == STORE else store + 1 + j] = 1.0
        if phase == STORE:  # a slot and a fresh value, uniformly: the slot now holds it
            for j2, v in itertools.product(range(slots), range(values)):
                stored = m[:j2] + (v,) + m[j2 + 1 :]
                step[i, index[(VALUE, h, stored, j2)]] += 1.0 / (slots * values)
        elif phase == QUERY:  # the slot's value
            step[i, index[(ANSWER, h, m, j)]] = 1.0
        else:  # a new event; the hidden state moves on after a content token only
            moves = language.transitions[h] if phase == CONTENT else np.eye(hidden)[h]
            for h2 in range(hidden):
                step[i, index[(CONTENT, h2, m, 0)]] += new_event * moves[h2]
                step[i, index[(STORE, h2, m, 0)]] += language.store_rate * moves[h2]
                for j2 in range(slots):
                    step[i, index[(QUERY, h2, m, j2)]] += language.query_rate / slots * moves[h2]
    # stationary: start @ step = start, summing to 1
    system = np.vstack([step.T - np.eye(len(states)), np.ones(len(states))])
    start = np.linalg.lstsq(system, np.r_[np.zeros(len(states)), 1.0], rcond=None)[0]
    return emit, step, start


def path_sum(chain, tokens) -> float:
    """P(tokens), summed over every path of states that could emit them (brute force)."""
    emit, step, start = chain
    paths = np.array(list(itertools.product(*[np.flatnonzero(emit[:, x]) for x in tokens])))  # (paths, len)
    p = start[paths[:, 0]] * emit[paths[:, 0], tokens[0]]
    for t in range(1, len(tokens)):
        p = p * step[paths[:, t - 1], paths[:, t]] * emit[paths[:, t], tokens[t]]
    return float(p.sum())


@st.composite
def small_languages(draw):
    """Languages of at most 4 hidden states, 2 slots and 2 values, so that every path can be listed."""
    topics = draw(st.integers(1, 2))
    return make_language(
        seed=draw(st.integers(0, 1000)),
        num_topics=topics,
        cycle=draw(st.integers(1, 2)),
        num_content=draw(st.integers(2, 3)),
        num_slots=draw(st.integers(1, 2)),
        num_values=draw(st.integers(1, 2)),
        switch_rate=0.0 if topics == 1 else draw(st.sampled_from([0.05, 0.3])),
        store_rate=draw(st.sampled_from([0.1, 0.3])),
        query_rate=draw(st.sampled_from([0.1, 0.3])),
    )


class TestFloor:
    @settings(max_examples=20)
    @given(language=small_languages(), seed=st.integers(0, 10_000))
    def test_equals_the_sum_over_every_hidden_path(self, language, seed):
        chain = whole_chain(language)
        tokens = language.sample(1, 5, seed=seed)[0]
        joint = [path_sum(chain, tokens[: t + 1]) for t in range(len(tokens))]
        expected = [-math.log(joint[t + 1] / joint[t]) for t in range(len(tokens) - 1)]
        assert np.allclose(language.floor(tokens[None, :])[0], expected, rtol=1e-9, atol=1e-12)

    @pytest.mark.slow  # about 2 s here alone (2026-12-07)
    def test_the_default_language_with_two_slots_matches_the_whole_chain_too(self):
        # the default hidden process, values and rates with 2 slots of the 8 (the whole chain of 8 slots would have
        # 4**8 memories): the forward algorithm over its 1,536 states (the path sum is too long here)
        emit, step, start = whole_chain(TWO_SLOTS)
        tokens = TWO_SLOTS.sample(20, 40, seed=3)
        for row, losses in zip(tokens, TWO_SLOTS.floor(tokens), strict=True):
            alpha, expected = start * emit[:, row[0]], []
            for x in row[1:]:
                nxt = (alpha @ step) * emit[:, x]
                expected.append(-math.log(nxt.sum() / alpha.sum()))
                alpha = nxt / nxt.sum()
            assert np.allclose(losses, expected, rtol=1e-9)

    def test_the_expected_floor_never_rises_along_a_window(self):
        # exact, by enumerating every window of 6 tokens of a small language: E[floor at p] is non-increasing
        language = make_language(
            seed=4, num_topics=2, cycle=1, num_content=2, num_slots=1, num_values=2, switch_rate=0.1
        )
        chain = whole_chain(language)
        emit, step, start = chain
        windows = np.array(list(itertools.product(range(language.vocab_size), repeat=6)))  # (6**6, 6)
        alpha = start * emit[:, windows[:, 0]].T  # (windows, states): the forward algorithm, for the weights
        for x in windows[:, 1:].T:
            alpha = (alpha @ step) * emit[:, x].T
        weight = alpha.sum(axis=1)  # P(window)
        possible = weight > 0
        assert math.isclose(weight.sum(), 1.0, rel_tol=1e-9)
        expected = weight[possible] @ language.floor(windows[possible])  # (5,)
        assert np.all(np.diff(expected) <= 1e-12), expected
        assert expected[0] - expected[-1] > 0.01

    @settings(max_examples=10)
    @given(language=small_languages())
    def test_the_expected_floor_never_rises_in_any_small_language(self, language):
        # the same, exact, over every window of 5 tokens of languages hypothesis draws
        emit, step, start = whole_chain(language)
        windows = np.array(list(itertools.product(range(language.vocab_size), repeat=5)))
        alpha = start * emit[:, windows[:, 0]].T
        for x in windows[:, 1:].T:
            alpha = (alpha @ step) * emit[:, x].T
        weight = alpha.sum(axis=1)
        expected = weight[weight > 0] @ language.floor(windows[weight > 0])
        assert np.all(np.diff(expected) <= 1e-12), expected

    def test_an_impossible_token_costs_infinity(self):
        tokens = np.array([[LANGUAGE.store_token, 0]])  # a content token right after STORE
        assert LANGUAGE.floor(tokens)[0, 0] == math.inf


class TestSample:
    @settings(max_examples=4)
    @given(seed=st.integers(0, 100))
    def test_frequencies_agree_with_the_probabilities(self, seed):
        # each stream's first token is stationary, and its next token follows the predictive distribution
        emit, step, start = whole_chain(TWO_SLOTS)
        tokens = TWO_SLOTS.sample(20_000, 8, seed=seed)
        n = len(tokens)
        for position in (0, 7):  # stationary: the same marginal at every position
            seen = np.bincount(tokens[:, position], minlength=TWO_SLOTS.vocab_size) / n
            expected = start @ emit
            assert np.all(np.abs(seen - expected) <= 5 * np.sqrt(expected * (1 - expected) / n) + 1e-9)
        probs = TWO_SLOTS.predictive(tokens[:, :2])[:, 0]  # (n, vocab): P(token 1 | token 0)
        for first in np.unique(tokens[:, 0]):
            rows = tokens[:, 0] == first
            seen = np.bincount(tokens[rows, 1], minlength=TWO_SLOTS.vocab_size) / rows.sum()
            expected = probs[rows][0]
            assert np.allclose(probs[rows], expected)
            assert np.all(np.abs(seen - expected) <= 5 * np.sqrt(expected * (1 - expected) / rows.sum()) + 1e-9)

    def test_the_default_languages_token_frequencies_are_its_rates(self):
        # from the definition: a token is a new event with probability 1 / (1 + s + q), else the value after an
        # event; a value token is equally likely in every slot and value, a QUERY equally likely for every slot
        s_rate, q_rate = LANGUAGE.store_rate, LANGUAGE.query_rate
        tokens = LANGUAGE.sample(4000, 50, seed=8).ravel()
        seen = np.bincount(tokens, minlength=LANGUAGE.vocab_size) / len(tokens)
        expected = np.empty(LANGUAGE.vocab_size)
        expected[: LANGUAGE.num_content] = (1 - s_rate - q_rate) * LANGUAGE.stationary @ LANGUAGE.emissions
        expected[LANGUAGE.num_content : LANGUAGE.store_token] = (s_rate + q_rate) / (
            LANGUAGE.num_slots * LANGUAGE.num_values
        )
        expected[LANGUAGE.store_token] = s_rate
        expected[LANGUAGE.query_tokens] = q_rate / LANGUAGE.num_slots
        expected /= 1 + s_rate + q_rate
        assert np.isclose(expected.sum(), 1.0)
        assert np.all(np.abs(seen - expected) <= 5 * np.sqrt(expected * (1 - expected) / len(tokens)) + 1e-9)

    def test_a_seed_gives_the_same_streams(self):
        assert np.array_equal(LANGUAGE.sample(3, 10, seed=5), LANGUAGE.sample(3, 10, seed=5))
        assert not np.array_equal(LANGUAGE.sample(3, 10, seed=5), LANGUAGE.sample(3, 10, seed=6))

    def test_the_predictive_distributions_sum_to_one(self):
        probs = LANGUAGE.predictive(LANGUAGE.sample(50, 20, seed=1))
        assert np.allclose(probs.sum(axis=-1), 1.0) and probs.min() >= 0


class TestRetrieval:
    def test_the_floor_is_zero_with_the_key_in_view_and_log_values_without(self):
        tokens = LANGUAGE.sample(300, 33, seed=2)
        is_retrieval, distance = LANGUAGE.retrieval(tokens)
        floor = LANGUAGE.floor(tokens)
        assert is_retrieval.sum() > 100 and (is_retrieval & (distance < 0)).sum() > 20
        assert np.allclose(floor[is_retrieval & (distance >= 0)], 0.0, atol=1e-12)
        assert np.allclose(floor[is_retrieval & (distance < 0)], math.log(LANGUAGE.num_values))

    def test_retrieval_positions_and_distances_by_hand(self):
        # tokens from the module's docstring: content 0-9, slot j's values 10 + 4j .. 13 + 4j, STORE, QUERY 0..7
        c, s, q0, q1 = 0, 42, 43, 44
        a, b = 10 + 2, 14 + 3  # slot 0 holds 2; slot 1 holds 3
        tokens = np.array([[q1, b, c, s, a, c, c, q1, b, q0, a]])
        is_retrieval, distance = LANGUAGE.retrieval(tokens)
        assert np.flatnonzero(is_retrieval[0]).tolist() == [0, 7, 9]
        # the first QUERY has no key in view; slot 1's key is b at token 1; slot 0's is a at 4, not b at 8
        assert distance[0].tolist() == [-1] * 7 + [6, -1, 5]
        floor = LANGUAGE.floor(tokens)[0]
        assert math.isclose(floor[0], math.log(4)) and floor[7] == 0.0 and floor[9] == 0.0
        assert math.isclose(floor[3], math.log(32))  # after STORE, any slot and value: uniform over 32
        assert math.isclose(floor[6], -math.log(LANGUAGE.query_rate / 8))  # QUERY 1 of 8 after a content token


class TestTheDocstringsClaims:
    def test_context_pays_at_the_first_prediction_and_over_longer_windows(self):
        # the module's docstring: >= 0.2 nats from a window's first prediction to its 32nd, and a non-overlapping
        # floor that falls from W = 32 to 512, paired on the same tokens (a smaller sample than the docstring's)
        streams = LANGUAGE.sample(300, 513, seed=1)
        short = LANGUAGE.floor(streams[:, np.arange(16)[:, None] * 32 + np.arange(33)].reshape(-1, 33))  # (300*16, 32)
        assert short[:, 0].mean() - short[:, 31].mean() > 0.3
        fall = short.reshape(300, -1).mean(axis=1) - LANGUAGE.floor(streams).mean(axis=1)  # per stream
        assert fall.mean() > 0.04 and fall.mean() > 10 * fall.std() / np.sqrt(len(fall))

    def test_context_beyond_32_tokens_pays_at_retrieval_positions_only(self):
        # the same target tokens (the last of windows of 33 and of 513 tokens), paired: the longer context lowers
        # the floor, and only where a QUERY is answered (the content process forgets within 32 tokens)
        streams = LANGUAGE.sample(3000, 513, seed=5)
        near, far = LANGUAGE.floor(streams[:, -33:])[:, -1], LANGUAGE.floor(streams)[:, -1]
        asks = LANGUAGE.retrieval(streams[:, -2:])[0][:, 0]
        gain = near - far
        assert gain.mean() > 0.05 and gain.mean() > 10 * gain.std() / np.sqrt(len(gain))
        assert abs(gain[~asks].mean()) < 0.01 and gain[asks].mean() > 0.5

    def test_the_vocabulary_is_51_tokens(self):
        assert LANGUAGE.vocab_size == 51 and LANGUAGE.store_token == 42 and LANGUAGE.emissions.shape == (12, 10)
        assert np.allclose(LANGUAGE.transitions.sum(axis=1), 1) and np.allclose(LANGUAGE.emissions.sum(axis=1), 1)


@pytest.mark.parametrize("bad", [dict(store_rate=0.6, query_rate=0.5), dict(num_topics=1, switch_rate=0.1)])
def test_a_language_that_cannot_be_is_refused(bad):
    with pytest.raises(ValueError, match="store_rate|switch_rate"):
        make_language(**bad)


@pytest.mark.slow  # about 4 s here alone (2026-12-07): in `make test`, not `make test-fast`
def test_the_docstrings_numbers_are_the_ones_computed():
    # python -m posenc.lm prints them; each printed number stands in the module's docstring
    from posenc.lm import language
    from posenc.lm.__main__ import summary

    printed = re.findall(r"\d+\.\d+", summary())
    text = " ".join(language.__doc__.split())
    assert len(printed) == 23 and all(number in text for number in printed), (printed, text)
