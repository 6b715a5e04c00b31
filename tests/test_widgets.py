"""What each explorer shows, driven from code as a learner's slider would drive it.

The rules every explorer keeps (every control redraws, fast = full redraw, display in
place) are in test_explorers.py; here, what the figures and readouts must say.
"""

import numpy as np
import pytest

import posenc
from posenc import widgets
from posenc.analysis import principal_components


@pytest.fixture
def sentence():
    rng = np.random.default_rng(0)
    embeddings = rng.normal(size=(3, 8))
    projections = tuple(rng.normal(size=(3, 8, 8)) / np.sqrt(8))
    return ["dog", "bites", "man"], embeddings, projections


class TestEnvironmentCheck:
    def test_wave_has_the_chosen_number_of_cycles(self):
        check = widgets.environment_check()
        check.cycles.value = 3
        assert np.allclose(check.line.get_ydata(), np.sin(2 * np.pi * 3 * check.t))
        assert check.state == "cycles = 3: the wave shows 3 full cycles."


class TestTableExplorer:
    def test_position_5_outlines_row_5_and_reads_sin_5(self):
        explorer = widgets.table_explorer(24, 48)
        explorer.position.value = 5
        heatmap = explorer.figure.axes[0].get_images()[0].get_array()
        row = int(round(explorer.row_box.get_y() + 0.5))
        assert row == 5
        assert np.allclose(heatmap[row], posenc.sinusoidal(24, 48)[5])
        assert np.allclose(explorer.point.get_xydata(), [[5, np.sin(5)]])
        assert "value -0.959" in explorer.state and "wavelength 6.28" in explorer.state

    def test_column_slider_draws_that_column(self):
        explorer = widgets.table_explorer(24, 48, column=7)
        assert np.allclose(explorer.dots.get_ydata(), posenc.sinusoidal(24, 48)[:, 7])
        assert int(round(explorer.col_box.get_x() + 0.5)) == 7
        assert "(cos of pair 3)" in explorer.state

    def test_uses_a_colour_blind_safe_map_with_a_fixed_range(self):
        image = widgets.table_explorer().figure.axes[0].get_images()[0]
        assert image.get_cmap().name == "RdBu_r" and image.get_clim() == (-1.0, 1.0)


class TestOrderExplorer:
    def test_without_positions_every_order_pools_identically(self, sentence):
        words, emb, proj = sentence
        explorer = widgets.order_explorer(words, emb, projections=proj)
        reference, *others = explorer.order.options
        for label in others:
            explorer.order.value = label
            assert "identical" in explorer.state, label
        explorer.order.value = reference  # compared with itself, it says so instead of "identical"
        assert "this is the reference order" in explorer.state and "identical" not in explorer.state

    def test_weights_shown_are_those_of_the_reordered_sentence(self, sentence):
        words, emb, proj = sentence
        explorer = widgets.order_explorer(words, emb, projections=proj)
        explorer.order.value = "man bites dog"
        x = emb[[2, 1, 0]]
        _, weights = posenc.attention(x @ proj[0], x @ proj[1], x @ proj[2])
        assert np.allclose(explorer.weights_im.get_array(), weights)
        assert [t.get_text() for t in explorer.row_labels] == ["man", "bites", "dog"]

    def test_positions_make_the_order_matter(self, sentence):
        words, emb, proj = sentence
        explorer = widgets.order_explorer(words, emb, projections=proj)
        explorer.positions.value = True
        explorer.order.value = "man bites dog"
        assert "different: now the order matters" in explorer.state

    def test_rejects_embeddings_that_do_not_match_the_words(self):
        with pytest.raises(ValueError, match="one row per word; got 2 rows for 3 words"):
            widgets.order_explorer(["a", "b", "c"], np.zeros((2, 4)))


class TestClockExplorer:
    def test_hands_point_at_sin_cos_of_the_angle(self):
        explorer = widgets.clock_explorer(16)
        explorer.position.value = 13
        angles = 13 * posenc.frequencies(16)
        centres = np.array(explorer.centres)
        assert np.allclose(explorer.tips.get_xydata() - centres, np.column_stack([np.sin(angles), np.cos(angles)]))
        segments = explorer.hands.get_xydata().reshape(-1, 3, 2)  # (centre, tip, NaN) per face
        assert np.allclose(segments[:, 0], centres) and np.allclose(segments[:, 1], explorer.tips.get_xydata())

    def test_d_model_sets_how_many_clocks_show(self):
        explorer = widgets.clock_explorer(16)
        explorer.d_model.value = 6
        assert [c.get_visible() for c in explorer.circles] == [True] * 3 + [False] * 5
        assert len(explorer.tips.get_xydata()) == 3

    def test_base_changes_the_speeds(self):
        explorer = widgets.clock_explorer(16, position=10)
        explorer.base.value = 10.0
        tip = explorer.tips.get_xydata()[1] - explorer.centres[1]
        assert np.allclose(tip, [np.sin(10 * 10 ** (-2 / 16)), np.cos(10 * 10 ** (-2 / 16))])
        assert explorer.labels[1].get_text() == f"pair 1 · λ = {2 * np.pi * 10 ** (2 / 16):.3g}"


class TestOffsetExplorer:
    @pytest.mark.parametrize("delta", [-5, 0, 3])
    def test_shows_M_delta_and_a_flat_dot_product(self, delta):
        explorer = widgets.offset_explorer(8)
        explorer.delta.value = delta
        assert np.allclose(explorer.matrix_im.get_array(), posenc.offset_rotation(delta, 8))
        dots = explorer.dots.get_ydata()
        assert np.allclose(dots, np.cos(delta * posenc.frequencies(8)).sum())
        assert explorer.state.startswith(f"δ = {delta} · ")


class TestOrderExplorerArguments:
    def test_projections_may_be_one_stacked_array(self, sentence):
        words, emb, proj = sentence
        stacked = widgets.order_explorer(words, emb, projections=np.stack(proj))
        separate = widgets.order_explorer(words, emb, projections=proj)
        assert stacked.state == separate.state

    def test_projections_of_the_wrong_shape_are_named(self, sentence):
        words, emb, _ = sentence
        with pytest.raises(
            ValueError, match=r"W_k must be a \(d_model, d\) matrix with d_model = 8; got shape \(4, 8\)"
        ):
            widgets.order_explorer(words, emb, projections=(np.eye(8), np.zeros((4, 8)), np.eye(8)))

    def test_projections_that_are_not_three_matrices_are_named(self, sentence):
        words, emb, _ = sentence
        with pytest.raises(ValueError, match="projections must be three matrices .W_q, W_k, W_v.; got 8"):
            widgets.order_explorer(words, emb, projections=np.eye(8))
        with pytest.raises(TypeError, match="projections must be three matrices"):
            widgets.order_explorer(words, emb, projections=3)


class TestNaiveExplorer:
    def test_the_position_slider_ends_with_the_sentence(self):
        explorer = widgets.naive_explorer("integer", seq_len=20, position=15)
        explorer.seq_len.value = 8
        assert explorer.position.max == 7 and explorer.position.value == 7
        assert explorer.state.startswith("position 7 of 8 · integer: row 7 holds 7")

    def test_fraction_names_the_position_the_same_value_means_in_a_longer_sentence(self):
        explorer = widgets.naive_explorer("fraction", seq_len=10, position=5)
        assert "row 5 holds 0.500; in a sentence of 20 words the same value means position 10" in explorer.state

    def test_steps_plotted_are_the_distances_between_neighbouring_rows(self):
        explorer = widgets.naive_explorer("binary", seq_len=16)
        flips = [bin(p ^ (p + 1)).count("1") for p in range(15)]
        assert np.allclose(explorer.steps.get_ydata() ** 2, flips)

    def test_sinusoidal_for_comparison_has_equal_steps(self):
        explorer = widgets.naive_explorer("sinusoidal", seq_len=30)
        steps = explorer.steps.get_ydata()
        assert np.allclose(steps, steps[0]) and "every step has the same length" in explorer.state


class TestTableExplorerClicks:
    def test_a_click_on_a_cell_chooses_its_row_and_column(self):
        explorer = widgets.table_explorer(24, 48)
        explorer.clicks.clicked = {"column": 9, "row": 7, "count": 1}  # what the browser sends
        assert (explorer.column.value, explorer.position.value) == (9, 7)
        assert explorer.state.startswith("position 7 · column 9 (cos of pair 4)")

    def test_the_click_box_is_the_heatmap(self):
        explorer = widgets.table_explorer(24, 48)
        heatmap = explorer.figure.axes[0]
        width, height = explorer.figure.canvas.get_width_height()
        left, right, top, bottom = explorer.clicks.box
        # the centre of cell (row 0, column 0), found through the box, is that cell in data coordinates
        x = (left + (right - left) * 0.5 / 48) * width
        y = (1 - (top + (bottom - top) * 0.5 / 24)) * height  # display coordinates count from the bottom
        column, row = heatmap.transData.inverted().transform((x, y))
        assert abs(column) < 0.01 and abs(row) < 0.01
        assert (explorer.clicks.columns, explorer.clicks.rows) == (48, 24)


class TestTrainingExplorer:
    def test_every_snapshot_shows_its_table_and_untouched_unseen_rows(self):
        run = posenc.train_parity_table(n_steps=40)
        explorer = widgets.training_explorer(run)
        for i, step in enumerate(run.steps):
            explorer.step.value = int(step)
            np.testing.assert_array_equal(explorer.image.get_array(), run.tables[i])
            assert explorer.state.endswith("rows 16–31 0.000")
            np.testing.assert_array_equal(explorer.acc_unseen.get_ydata(), run.accuracy[i, 16:])

    def test_the_loss_cursor_follows_the_step(self):
        explorer = widgets.training_explorer(posenc.train_parity_table(n_steps=40), step=30)
        assert list(explorer.cursor.get_xdata()) == [30, 30]


class TestMinilmExplorer:
    def test_readout_matches_the_similarity_of_the_real_table(self):
        explorer = widgets.minilm_explorer(position=200)
        table = posenc.minilm_positions().astype(np.float64)
        a, b, c = table[199], table[200], table[201]
        before = a @ b / np.linalg.norm(a) / np.linalg.norm(b)
        after = b @ c / np.linalg.norm(b) / np.linalg.norm(c)
        assert f"MiniLM (learned): similarity to its neighbours {before:.2f} and {after:.2f}" in explorer.state

    def test_the_marked_point_is_the_rows_principal_coordinates(self):
        explorer = widgets.minilm_explorer(position=7)
        explorer.pair.value = "PC 3 & PC 4"
        coords, _ = principal_components(posenc.sinusoidal(512, 384), n_components=4)
        scaled = coords[:, 2:4] / np.abs(coords[:, 2:4]).max(axis=0)
        np.testing.assert_allclose(explorer.marks[1].get_xydata()[0], scaled[7])

    def test_the_window_shows_the_rows_near_p_and_no_row_past_the_start(self):
        explorer = widgets.minilm_explorer(position=3)
        window = np.ma.filled(explorer.windows[0].get_array(), np.nan)  # (49, 49): rows p - 24 .. p + 24
        table = posenc.minilm_positions().astype(np.float64)
        assert window.shape == (49, 49) and np.isnan(window[:21]).all()  # rows -21 .. -1 do not exist
        np.testing.assert_allclose(window[21:, 21:], posenc.analysis.cosine_similarity(table[:28]))

    def test_the_line_joins_row_p_to_the_next_six_rows(self):
        explorer = widgets.minilm_explorer(position=100)
        coords, _ = principal_components(posenc.minilm_positions().astype(np.float64), n_components=2)
        scaled = coords / np.abs(coords).max(axis=0)
        np.testing.assert_allclose(explorer.trails[0].get_xydata(), scaled[100:107])


def complex_score(q, k, m, n, base=10_000.0):
    """The RoPE score from the paper's complex form: pair i as a complex number turned by e^{i m theta_i}."""
    theta = base ** (-np.arange(0, q.size, 2) / q.size)
    zq = (q[0::2] + 1j * q[1::2]) * np.exp(1j * m * theta)
    zk = (k[0::2] + 1j * k[1::2]) * np.exp(1j * n * theta)
    return float(np.real(np.sum(zq * np.conj(zk))))


class TestRopeExplorer:
    def test_score_readout_is_the_complex_form_score(self):
        rng = np.random.default_rng(3)
        q, k = rng.normal(size=8), rng.normal(size=8)
        explorer = widgets.rope_explorer(q, k, i=7, j=2)
        assert f"score q·k after rotation = {complex_score(q, k, 7, 2):+.4f}" in explorer.state

    def test_keeping_the_offset_moves_j_with_i_and_keeps_the_score(self):
        explorer = widgets.rope_explorer(i=10, j=4)
        explorer.keep.value = True
        score = explorer.state.split(" · ")[3]
        explorer.i.value = 25
        assert explorer.j.value == 19 and explorer.state.split(" · ")[3] == score

    def test_without_keeping_the_offset_j_stays(self):
        explorer = widgets.rope_explorer(i=10, j=4)
        explorer.i.value = 25
        assert explorer.j.value == 4

    def test_arrows_are_the_turned_pairs(self):
        explorer = widgets.rope_explorer(i=3, j=0)
        q_line, k_line = explorer.arrows[0]
        np.testing.assert_allclose(q_line.get_xydata()[1], [np.cos(3), np.sin(3)], atol=1e-12)  # [1, 0] turned by 3 rad
        np.testing.assert_allclose(k_line.get_xydata()[1], [0.6, 0.8], atol=1e-12)

    def test_rejects_vectors_of_odd_or_different_lengths(self):
        with pytest.raises(ValueError, match="same even length"):
            widgets.rope_explorer(np.ones(3), np.ones(3))


class TestRopeDistanceExplorer:
    def test_readout_is_the_distance_term_at_exact_distances(self):
        explorer = widgets.rope_distance_explorer(base="500,000", d_head=64)
        term = posenc.rope_decay_bound([100, 1000, 10_000], 64, base=500_000.0) / ((64 / 2 + 1) / 2)
        assert f"at distance 100: {term[0]:.2f}, 1,000: {term[1]:.2f}, 10,000: {term[2]:.2f}" in explorer.state

    def test_reference_curves_show_only_when_the_base_differs(self):
        explorer = widgets.rope_distance_explorer()
        assert not explorer.reference_bound.get_visible()
        assert "solid" not in explorer.legend_text.get_text()  # no other style to tell it from
        explorer.base.value = "100"
        assert explorer.reference_bound.get_visible()
        assert explorer.legend_text.get_text().startswith("solid: base 100, dashed: base 10,000")

    def test_right_panel_shows_the_best_case_and_a_random_pair(self):
        explorer = widgets.rope_distance_explorer(base="100", d_head=32)
        distances = explorer.distances
        q, k = np.random.default_rng(0).normal(size=(2, 32))
        for at in (0, 50, len(distances) - 1):
            m = int(distances[at])
            exact = (posenc.apply_rope(q[None], [m], base=100.0) @ posenc.apply_rope(k[None], [0], base=100.0).T)[0, 0]
            best = (posenc.apply_rope(np.ones((1, 32)), [m], base=100.0) @ np.ones(32))[0]
            assert explorer.random_score.get_ydata()[at] == pytest.approx(
                exact / (np.linalg.norm(q) * np.linalg.norm(k))
            )
            assert explorer.score.get_ydata()[at] == pytest.approx(best / 32)
        assert "best case" in explorer.score.get_label() and "random" in explorer.random_score.get_label()

    def test_rejects_an_unlisted_base(self):
        with pytest.raises(ValueError, match="base must be one of"):
            widgets.rope_distance_explorer(base="12")
