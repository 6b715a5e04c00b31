"""What backs each universal word in the lessons' core prose (read by tests/test_universal_words.py).

Key: (lesson number, a fragment of the core sentence that holds the word). Value: ``cell:<id>``, a code cell of
that lesson whose output shows it; ``test:<path>::<function>``, a test that asserts it; or ``meaning:<why>``, when
the word is true by what the sentence defines or describes (a definition, the course's own convention).
"""

SIN = "test:tests/test_sinusoidal.py::"

BACKED: dict[tuple[str, str], str] = {
    # 00 · Start here
    ("00", "trained under every scheme on 32 tokens"): (
        "test:tests/test_lm_experiment.py::test_the_runs_are_every_scheme_the_model_runs_the_hybrid_and_the_reference"
    ),
    ("00", "one rotation for every position"): SIN + "test_moves_every_position_k_on",
    ("00", "hours with every optional section"): (
        "test:tests/test_lessons.py::test_its_times_are_ranges_around_the_sums_of_its_sections"
    ),
    ("00", "a quiz where every option explains itself"): (
        "test:tests/test_checks.py::test_each_mcq_has_one_correct_option_and_every_option_explains_itself"
    ),
    ("00", "Every lesson starts with this same cell"): (
        "test:tests/test_lessons.py::test_every_lesson_starts_with_the_one_setup_cell"
    ),
    ("00", "what it must be, and what it got"): "cell:e322c1e5",
    ("00", "Check cells never stop the lesson"): (
        "test:tests/test_checkers.py::test_never_raises_and_stays_readable_on_any_wrong_answer"
    ),
    ("00", "Whatever is imported from `posenc`"): (
        "meaning:the course's own convention, stated in full in lesson 00's Set up section"
    ),
    # 01 · Order-blind attention
    ("01", "the numbers the same on every run"): (
        "meaning:a pseudo-random generator is by definition a fixed function of its seed"
    ),
    ("01", "Every weight is at least 0"): (
        "test:tests/test_attention.py::test_every_weight_is_at_least_0_and_a_larger_score_gets_a_larger_weight"
    ),
    ("01", "Dividing every score by the same"): (
        "meaning:the formula divides the whole matrix QKᵀ by the one number √d_h"
    ),
    ("01", "lets every word attend to every word"): (
        "meaning:the definition of an encoder: no mask hides any word from any other"
    ),
    ("01", "the word it must predict"): ("meaning:by definition a decoder is trained to predict each next word"),
    ("01", "scores every pair of words by their contents alone"): (
        "meaning:the formula softmax(QKᵀ/√d_head)V, with q = xW_q, k = xW_k, v = xW_v for every row, holds no position"
    ),
    ("01", "it sets every hidden word's score"): "cell:7f7da6e1",
    ("01", "the same for every order of the words"): (
        "test:tests/test_attention.py::test_permuting_rows_permutes_outputs"
    ),
    # 02 · The sinusoidal formula
    ("02", "mean the same in every sentence"): SIN + "test_a_position_gets_the_same_row_in_every_sentence",
    ("02", "At position 0 every angle is 0"): SIN + "test_position_zero_is_zero_one_repeated",
    ("02", "one fixed matrix moves every row $\\delta$ (delta) places on"): SIN + "test_moves_every_position_k_on",
    ("02", "every row has squared length $d_{model}/2$"): SIN + "test_every_row_has_squared_norm_half_d",
    ("02", "as $d_{model}$ grows but never reaches"): SIN + "test_geometric_from_2pi_towards_2pi_base",
    ("02", "position $p$ of *every* sentence gets row $p$"): (
        "meaning:NumPy's broadcasting rule (lesson 00) stretches the table along the missing batch axis"
    ),
    ("02", "Position 0 is always"): SIN + "test_position_zero_is_zero_one_repeated",
    # 03 · The odometer
    ("03", "every hand turns all the time"): SIN + "test_every_pair_turns_at_every_step",
    ("03", "pair 0 turns once every 2π ≈ 6.28 positions"): SIN + "test_first_is_two_pi",
    ("03", "never comes back exactly to an earlier angle"): (
        SIN + "test_pair_0_alone_gives_each_of_the_first_100_000_positions_its_own_angle"
    ),
    ("03", "Every row is different"): SIN + "test_pair_0_alone_gives_each_of_the_first_100_000_positions_its_own_angle",
    ("03", "*cosine similarity* of every two rows"): "cell:102e76cb",
    ("03", "turns every hand by $\\delta\\,\\omega_i$, whatever $p$ is"): SIN + "test_moves_every_position_k_on",
    ("03", "matrix $M_\\delta$, the same for every $p$"): "cell:e48ea2fe",
    ("03", "PE[p + \\delta]$ on every row"): "cell:e48ea2fe",
    ("03", "have dot product $\\sum_i \\cos(\\delta\\,\\omega_i)$, whatever $p$ is"): (
        SIN + "test_dot_product_depends_on_offset_only"
    ),
    ("03", "comes round every $\\lambda_i"): SIN + "test_column_is_a_sine_of_that_wavelength",
    ("03", "the rotation $M_\\delta$, the same for every position"): SIN + "test_moves_every_position_k_on",
    # 04 · Learned tables
    ("04", "every token is a random word"): "meaning:defines the course's own toy task, as the section states it",
    ("04", "moves every parameter by minus"): "meaning:the definition of a step of gradient descent",
    ("04", "rows 16–31 stay pale at every step"): (
        "test:tests/test_widgets.py::test_every_snapshot_shows_its_table_and_untouched_unseen_rows"
    ),
    ("04", "every sinusoidal row is equally long"): SIN + "test_every_row_has_squared_norm_half_d",
    ("04", "every row placed by two"): "cell:2b3824e5",
    # 05 · RoPE
    ("05", "of every query and key by its position"): (
        "meaning:the definition of RoPE, word for word as in docs/glossary.md"
    ),
    ("05", "the same for every `i`"): "test:tests/test_rope.py::test_score_depends_only_on_offset",
    # 06 · ALiBi and extrapolation
    ("06", "One experiment, the same for every scheme"): "cell:957968fd",
    ("06", "training never checked its scores on those rows"): (
        "meaning:the experiment trains on 64 tokens, so on rows 0–63 only"
    ),
    ("06", "Did RoPE hold because it always extrapolates"): "cell:d5409354",
    ("06", "offsets, positions or angles that training never set"): (
        "meaning:by definition no training input reaches past the training length"
    ),
    ("06", "was the same at every length by construction"): (
        "meaning:ALiBi's head is a fixed slope times the offset, with no length in it"
    ),
    ("06", "the same at every length in the experiment"): (
        "meaning:ALiBi's head is a fixed slope times the offset, with no length in it"
    ),
    # 07 · Train short, test long
    ("07", "every offset from 113 on shares bucket 31"): "cell:a07bkt01",
    ("07", "every scheme in the figure is within 0.1 nats"): (
        "test:tests/test_lm_experiment.py::"
        "test_at_the_training_length_every_scheme_is_within_a_tenth_of_a_nat_of_the_floor_and_nope_within_015"
    ),
    ("07", "past $L$ every scheme shown moves further above it"): "cell:a07fig01",
    ("07", "the first tokens of every window are predicted"): (
        "meaning:in a window cut without overlap, the prediction at position p sees only the p + 1 tokens "
        "before it in that window, so its first predictions have one, two, three tokens of context"
    ),
    ("07", "so that every prediction has a long context"): (
        "meaning:the definition of Press et al.'s sliding evaluation (appendix B): the window moves one token at "
        "a time and each prediction is read with the window's full context"
    ),
    ("07", "every counted prediction sees at least"): (
        "meaning:the definition of this lesson's sliding evaluation (posenc.lm.evaluate): with stride W/2 only "
        "each window's last W/2 predictions count, and the first of them sees W/2 + 1 tokens"
    ),
    ("07", "ALiBi gained little of it"): "cell:a07cut03",
    # 08 · Recap and capstone
    ("08", "If every gap is 0"): (
        "meaning:a gap of 0 means the same output, so nothing downstream that ignores position differs"
    ),
    ("08", "give 0.000 for every word"): "cell:91430378",
    ("08", "every setting tells the sentences apart"): "cell:91430378",
    ("08", "holds at every place with the same offsets"): (
        "meaning:a relative scheme's score is by definition a function of the offset"
    ),
    ("08", "positions or angles never trained"): (
        "meaning:by definition no training input reaches past the training length"
    ),
    ("08", "encoder that must read documents longer"): (
        "meaning:the requirement the question sets for its hypothetical encoder"
    ),
}
