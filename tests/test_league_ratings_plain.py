"""The league's ratings without numpy (the browser site's path): the plain-Python
Bradley-Terry fit gives choix's ratings on the lesson's saved leagues, the Elo is the same, the
bootstrap is seeded with random.Random, and bad input is refused as on the numpy path."""
from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest
from helpers import load_without

from qsearch.league import bradley_terry
from qsearch.league import ratings as with_numpy

SAVED = Path(__file__).resolve().parents[1] / "notebooks" / "data" / "11_class_league"
HIDDEN = ("numpy", "scipy", "choix")


@pytest.fixture(scope="module")
def plain():
    """qsearch.league.ratings loaded a second time with numpy, scipy and choix unimportable."""
    return load_without(with_numpy, HIDDEN)


def saved_league(name: str):
    """(ids, counted games) of the lesson's saved league ``name``."""
    with (SAVED / name / "games.jsonl").open() as f:
        records = [json.loads(line) for line in f][1:]
    games = [with_numpy.GameResult(r["a"], r["b"], r["score_a"]) for r in records
             if r["score_a"] is not None]
    return sorted({g.a for g in games} | {g.b for g in games}), games


def test_the_module_says_which_path_runs(plain):
    assert plain.BACKEND == "plain Python" and plain.np is None
    assert with_numpy.BACKEND == "choix"    # the test environment has numpy, scipy and choix


@pytest.mark.parametrize("league", ["class", "gauntlet"])
@pytest.mark.parametrize("prior", [0.1, 1.0, 0.01])
def test_the_plain_fit_gives_choix_ratings_on_the_lessons_leagues(plain, league, prior):
    ids, games = saved_league(league)
    w = plain.points_matrix(ids, games)
    assert isinstance(w, list) and w == with_numpy.points_matrix(ids, games).tolist()
    theta = plain.fit_bradley_terry(w, prior)
    assert isinstance(theta, list) and abs(sum(theta)) < 1e-12
    reference = with_numpy.fit_bradley_terry(with_numpy.points_matrix(ids, games), prior)
    assert max(abs(x - y) for x, y in zip(theta, reference, strict=True)) < 1e-6


@pytest.mark.parametrize("league", ["class", "gauntlet"])
def test_rate_without_numpy_gives_the_same_ratings_and_elo_in_lists(plain, league):
    ids, games = saved_league(league)
    ids += ["idle"]                                   # no counted game: NaN everywhere
    ours = plain.rate(ids, games, samples=100, seed=4)
    theirs = with_numpy.rate(ids, games, samples=100, seed=4)
    for field in ("rating", "low", "high", "elo"):
        assert isinstance(getattr(ours, field), list)
        assert math.isnan(getattr(ours, field)[-1])
    assert max(abs(x - y) for x, y in zip(ours.rating[:-1], theirs.rating[:-1],
                                         strict=True)) < 1e-6
    assert ours.elo[:-1] == theirs.elo[:-1].tolist()
    for k in range(len(ids) - 1):
        assert ours.low[k] <= ours.rating[k] + 1e-9 and ours.rating[k] <= ours.high[k] + 1e-9
    # other draws than numpy's, the same spread within the bootstrap's noise
    width = [h - lo for lo, h in zip(ours.low[:-1], ours.high[:-1], strict=True)]
    their_width = (theirs.high - theirs.low)[:-1]
    assert all(0.5 * t - 5 <= o <= 2 * t + 5 for o, t in zip(width, their_width, strict=True))
    assert ours.of(ids[0]) == (ours.rating[0], ours.low[0], ours.high[0])


def test_the_plain_bootstrap_is_seeded_by_random_and_keeps_each_pairs_games(plain):
    games = ([plain.GameResult("a", "b", s) for s in (1, 1, 0, 0.5)]
             + [plain.GameResult("b", "c", s) for s in (1, 0)])
    first = plain.bootstrap(["a", "b", "c"], games, 0.1, 50, seed=3)
    assert first == plain.bootstrap(["a", "b", "c"], games, 0.1, 50, seed=3)
    assert first != plain.bootstrap(["a", "b", "c"], games, 0.1, 50, seed=4)
    assert len(first) == 50 and all(abs(sum(row)) < 1e-9 for row in first)
    assert max(row[0] for row in first) > min(row[0] for row in first)
    flat = plain.rate(["a", "b"], [plain.GameResult("a", "b", 1.0)] * 4, samples=30)
    assert flat.low[0] == pytest.approx(flat.high[0]) == pytest.approx(flat.rating[0])


def test_hand_checked_values_and_the_prior_on_the_plain_path(plain):
    games = [plain.GameResult("a", "b", 1.0)] * 3 + [plain.GameResult("a", "b", 0.0)]
    theta = plain.fit_bradley_terry(plain.points_matrix(["a", "b"], games), prior=0)
    assert theta[0] - theta[1] == pytest.approx(math.log(3), abs=1e-10)
    perfect = plain.points_matrix(["a", "b"], [plain.GameResult("a", "b", 1.0)] * 4)
    with pytest.raises(ValueError, match="prior > 0"):
        plain.fit_bradley_terry(perfect, prior=0)
    theta = plain.fit_bradley_terry(perfect, prior=0.1)
    assert theta[0] - theta[1] == pytest.approx(math.log(4.05 / 0.05), abs=1e-10)
    cycle = [plain.GameResult("a", "b", 1.0), plain.GameResult("b", "c", 1.0),
             plain.GameResult("c", "a", 1.0)]
    assert plain.rate("abc", cycle, samples=0).rating == pytest.approx([1500] * 3)


def test_the_maximum_exists_exactly_when_everyone_reaches_everyone():
    chain = [[0, 1, 0], [0, 0, 1], [1, 0, 0]]          # a beat b, b beat c, c beat a
    assert bradley_terry.has_maximum(chain)
    assert not bradley_terry.has_maximum([[0, 1, 1], [0, 0, 1], [1, 0, 0]][:1]
                                         + [[1, 0, 1], [0, 0, 0]])     # c never scored
    apart = [[0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0]]  # two groups never met
    assert not bradley_terry.has_maximum(apart)
    with pytest.raises(ValueError, match="groups never met"):
        bradley_terry.fit(apart, prior=0)
    assert abs(sum(bradley_terry.fit(apart, prior=0.1))) < 1e-12


def test_the_plain_fit_is_a_maximum_of_the_likelihood():
    rng = random.Random(5)
    w = [[0.0 if i == j else float(rng.randint(0, 6)) for j in range(5)] for i in range(5)]
    theta = bradley_terry.fit(w, prior=0.1)
    a = [[w[i][j] + (0.05 if i != j else 0.0) for j in range(5)] for i in range(5)]
    best = bradley_terry.log_likelihood(a, theta)
    for k in range(5):
        for nudge in (-1e-4, 1e-4):
            moved = [t + (nudge if i == k else 0.0) for i, t in enumerate(theta)]
            assert bradley_terry.log_likelihood(a, moved) < best


def test_percentile_is_numpys_default():
    np = pytest.importorskip("numpy")
    rng = random.Random(2)
    for size in (1, 2, 7, 200):
        values = [rng.gauss(0, 1) for _ in range(size)]
        for q in (0, 2.5, 50, 97.5, 100):
            assert bradley_terry.percentile(values, q) == pytest.approx(
                float(np.percentile(values, q)), abs=1e-12)
    with pytest.raises(ValueError, match="no values"):
        bradley_terry.percentile([], 50)


def test_score_share_without_numpy(plain):
    games = [plain.GameResult("a", "b", 1.0), plain.GameResult("a", "b", 0.5)]
    share = plain.score_share(plain.points_matrix(["a", "b", "c"], games))
    theirs = with_numpy.score_share(with_numpy.points_matrix(["a", "b", "c"], games))
    assert share[0][1] == pytest.approx(0.75) and share[1][0] == pytest.approx(0.25)
    assert [[math.isnan(x) for x in row] for row in share] == \
        [[math.isnan(x) for x in row] for row in theirs.tolist()]


def test_bad_input_on_the_plain_path(plain):
    with pytest.raises(ValueError, match="square"):
        plain.fit_bradley_terry([[0, 1, 2], [1, 0]], 0.1)
    with pytest.raises(ValueError, match="two agents"):
        plain.fit_bradley_terry([[0]], 0.1)
    with pytest.raises(TypeError, match="rows of numbers"):
        plain.fit_bradley_terry(3, 0.1)
    with pytest.raises(ValueError, match="prior must be >= 0"):
        plain.fit_bradley_terry([[0, 1], [1, 0]], -1)
    with pytest.raises(ValueError, match="samples"):
        plain.rate("ab", [], samples=-1)


@pytest.mark.parametrize("league", ["class", "gauntlet"])
def test_the_lessons_leaderboard_is_the_same_without_numpy(plain, league):
    """Lesson 11 resumes its leagues from these records on the site: the table it shows."""
    from types import SimpleNamespace

    from qsearch.league.leaderboard import standings, to_markdown

    with (SAVED / league / "games.jsonl").open() as f:
        records = [json.loads(line) for line in f][1:]
    ids = sorted({r["a"] for r in records} | {r["b"] for r in records})
    specs = [SimpleNamespace(id=i, name=i.replace("_", " "), author="", fixed=i.endswith("3"))
             for i in ids]
    games = [plain.GameResult(r["a"], r["b"], r["score_a"]) for r in records
             if r["score_a"] is not None]
    tables = [to_markdown(standings(specs, records, module.rate(ids, games, samples=0)))
              for module in (plain, with_numpy)]
    assert tables[0] == tables[1] and tables[0].count("\n") == len(ids) + 2
