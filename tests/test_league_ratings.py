"""League ratings: Bradley-Terry by choix against hand-checked values and an independent
maximum-likelihood fit with scipy; draws as half wins; bootstrap intervals; sequential Elo."""
import math

import numpy as np
import pytest

pytest.importorskip("choix")        # imported here, at collection: it takes seconds
from scipy.optimize import minimize  # noqa: E402

from qsearch.league.ratings import (  # noqa: E402
    ELO_SCALE,
    GameResult,
    bootstrap,
    fit_bradley_terry,
    points_matrix,
    rate,
    score_share,
    sequential_elo,
)


def direct_fit(w):
    """Maximum likelihood of Bradley-Terry written out (theta_0 = 0), by scipy's BFGS."""
    n = w.shape[0]

    def nll(free):
        theta = np.concatenate([[0.0], free])
        diff = theta[:, None] - theta[None, :]
        return float(np.sum(w * np.logaddexp(0.0, -diff)))

    theta = np.concatenate([[0.0], minimize(nll, np.zeros(n - 1), method="BFGS",
                                            options={"gtol": 1e-10}).x])
    return theta - theta.mean()


def test_three_wins_in_four_is_log_three_apart():
    games = [GameResult("a", "b", 1.0)] * 3 + [GameResult("a", "b", 0.0)]
    theta = fit_bradley_terry(points_matrix(["a", "b"], games), prior=0)
    assert theta[0] - theta[1] == pytest.approx(math.log(3), abs=1e-8)
    assert theta.sum() == pytest.approx(0, abs=1e-12)
    ratings = rate(["a", "b"], games, prior=0, samples=0)
    assert ratings.rating[0] - ratings.rating[1] == pytest.approx(400 * math.log10(3), abs=1e-6)
    assert ratings.rating.mean() == pytest.approx(1500)


def test_a_draw_counts_half_a_win_each_way():
    wins = [GameResult("a", "b", 1.0)] * 3 + [GameResult("a", "b", 0.0)]
    draws = [GameResult("a", "b", 1.0)] * 2 + [GameResult("a", "b", 0.5)] * 2
    assert np.allclose(points_matrix(["a", "b"], draws), [[0, 3], [1, 0]])
    assert np.allclose(fit_bradley_terry(points_matrix(["a", "b"], wins), 0),
                       fit_bradley_terry(points_matrix(["a", "b"], draws), 0), atol=1e-9)


@pytest.mark.parametrize("prior", [0.0, 0.1, 1.0])
def test_choix_agrees_with_a_direct_maximum_likelihood(prior):
    rng = np.random.default_rng(7)
    ids = list("abcde")
    strength = dict(zip(ids, [1.0, 0.5, 0.0, -0.3, -1.2], strict=True))
    games = []
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            for _ in range(6):
                p = 1 / (1 + math.exp(strength[b] - strength[a]))
                u = rng.random()
                score = 1.0 if u < p - 0.05 else 0.5 if u < p + 0.05 else 0.0
                games.append(GameResult(a, b, score))
    w = points_matrix(ids, games)
    augmented = w + prior / 2 * (1 - np.eye(len(ids)))
    assert np.allclose(fit_bradley_terry(w, prior), direct_fit(augmented), atol=1e-5)


def test_a_perfect_record_needs_the_prior():
    games = [GameResult("a", "b", 1.0)] * 4
    with pytest.raises(ValueError, match="prior > 0"):
        fit_bradley_terry(points_matrix(["a", "b"], games), prior=0)
    theta = fit_bradley_terry(points_matrix(["a", "b"], games), prior=0.1)
    assert theta[0] - theta[1] == pytest.approx(math.log(4.05 / 0.05), abs=1e-8)


def test_sequential_elo_by_hand_and_order_matters():
    one = sequential_elo(["a", "b"], [GameResult("a", "b", 1.0)])
    assert one == {"a": 1508.0, "b": 1492.0}            # K = 16, expected 0.5
    games = [GameResult("a", "b", 1.0), GameResult("b", "c", 1.0), GameResult("c", "a", 1.0)]
    forward = sequential_elo("abc", games)
    backward = sequential_elo("abc", games[::-1])
    assert sum(forward.values()) == pytest.approx(4500)  # Elo moves points, never makes them
    assert forward != backward
    ratings = rate("abc", games, samples=0)             # Bradley-Terry: a cycle is a tie
    assert np.allclose(ratings.rating, 1500)


def test_bootstrap_resamples_within_pairs_and_is_seeded():
    games = ([GameResult("a", "b", s) for s in (1, 1, 0, 0.5)]
             + [GameResult("b", "c", s) for s in (1, 0)])
    first = bootstrap(["a", "b", "c"], games, 0.1, 50, seed=3)
    assert np.array_equal(first, bootstrap(["a", "b", "c"], games, 0.1, 50, seed=3))
    assert np.allclose(first.sum(axis=1), 0)
    ratings = rate(["a", "b", "c"], games, samples=200, seed=1)
    assert np.all(ratings.low <= ratings.high)
    # the a-b pair always has 4 games, b-c 2: a never loses its games against b entirely
    assert first[:, 0].max() > first[:, 0].min()
    one_result = [GameResult("a", "b", 1.0)] * 4          # nothing to resample: no spread
    flat = rate(["a", "b"], one_result, samples=50)
    assert flat.low[0] == pytest.approx(flat.high[0]) == pytest.approx(flat.rating[0])


def test_agents_without_a_counted_game_get_no_rating():
    counted = [GameResult("a", "b", 1.0), GameResult("a", "b", 0.5)]
    ratings = rate(["a", "b", "idle"], counted, samples=20)
    assert math.isnan(ratings.rating[2]) and math.isnan(ratings.low[2])
    assert ratings.rating[0] > ratings.rating[1]
    assert ratings.rating[0] - ratings.rating[1] == pytest.approx(
        ELO_SCALE * math.log(1.55 / 0.55), abs=1e-6)


def test_score_share_and_bad_input():
    w = points_matrix(["a", "b", "c"], [GameResult("a", "b", 1.0), GameResult("a", "b", 0.5)])
    share = score_share(w)
    assert share[0, 1] == pytest.approx(0.75) and share[1, 0] == pytest.approx(0.25)
    assert math.isnan(share[0, 2]) and math.isnan(share[0, 0])
    with pytest.raises(ValueError, match="samples"):
        rate("ab", [], samples=-1)
    with pytest.raises(ValueError, match="confidence"):
        rate("ab", [], confidence=1.5)
    with pytest.raises(ValueError, match="prior"):
        fit_bradley_terry(np.zeros((2, 2)), prior=-1)
    with pytest.raises(ValueError, match="square"):
        fit_bradley_terry(np.zeros((2, 3)))


def test_the_old_name_of_a_result_still_imports():
    # ``Game`` was a rated result's name; notebook 11 imports it until it is re-executed.
    from qsearch.league.ratings import Game
    assert Game is GameResult and Game("a", "b", 0.5) == GameResult("a", "b", 0.5)
