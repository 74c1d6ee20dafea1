"""Ratings of a league: Bradley-Terry (fitted with ``choix``, or in plain Python where it is
missing) with bootstrap intervals, the sequential Elo beside it, and the head-to-head scores.

Bradley-Terry gives agent ``i`` a strength ``theta_i`` with P(i beats j) =
1 / (1 + exp(theta_j - theta_i)); a draw counts as half a win each way. The fit is the
maximum likelihood of ``choix.ilsr_pairwise_dense`` on the matrix of points, with a small
prior: ``prior`` drawn games between every two agents (0.1 by default), so that an agent
that won or lost every game still gets a finite rating (with ``prior=0`` it has none, and
the fit is refused). Ratings are shown on the Elo scale, ``1500 + 400 log10(e) theta`` (100
points apart: the stronger scores 64%), with the mean at 1500.

The 95% interval of each rating is a bootstrap over games: each pair's games drawn again
with replacement (as many as it played), the fit repeated, the 2.5% and 97.5% percentiles
kept. A pair that always ends the same way (a forfeit, two deterministic agents) adds no
spread: the intervals say how much the results vary, not how much they could.

The sequential Elo (K = 16, everyone starting at 1500) reads the games in round-robin order
(:func:`qsearch.league.schedule.round_order`); unlike Bradley-Terry it depends on that order.

:data:`BACKEND` says which path runs. ``"choix"`` when numpy, scipy and choix can be imported:
matrices and ratings are numpy arrays. ``"plain Python"`` otherwise (the browser site):
lists (of lists), the fit by :mod:`qsearch.league.bradley_terry` (the same ratings as
choix's, to 1e-9 on the lesson's leagues) and the bootstrap drawn with ``random.Random(seed)``:
its intervals are as valid but not the same numbers as numpy's, whose generator draws other
resamples for the same seed.
"""
from __future__ import annotations

import collections
import importlib.util
import math
import random
from dataclasses import dataclass

from qsearch.league import bradley_terry


def _importable(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


# choix is imported on the first fit (it takes seconds: it imports scipy)
BACKEND = "choix" if all(map(_importable, ("numpy", "scipy", "choix"))) else "plain Python"
"""``"choix"`` (numpy arrays) or ``"plain Python"`` (lists): the path the ratings take."""
if BACKEND == "choix":
    import numpy as np
else:
    np = None

PRIOR = 0.1                 # drawn games added between every two agents
ELO_SCALE = 400 / math.log(10)
BASE = 1500.0


@dataclass(frozen=True)
class GameResult:
    """One counted result: ``a`` scored ``score`` (1, 0.5 or 0) against ``b``."""

    a: str
    b: str
    score: float


Game = GameResult   # deprecated: the name this result had


def points_matrix(ids, games) -> np.ndarray:
    """``W[i, j]``: agent i's points against j (a win 1, a draw 0.5 to each); a list of
    rows without numpy (:data:`BACKEND`)."""
    index = {name: k for k, name in enumerate(ids)}
    w = [[0.0] * len(ids) for _ in ids]
    for g in games:
        i, j = index[g.a], index[g.b]
        w[i][j] += g.score
        w[j][i] += 1.0 - g.score
    return w if np is None else np.array(w, dtype=float).reshape(len(ids), len(ids))


def fit_bradley_terry(w: np.ndarray, prior: float = PRIOR) -> np.ndarray:
    """The strengths (mean 0) maximising the Bradley-Terry likelihood of the points matrix
    ``w`` plus ``prior`` drawn games between every two agents (``choix``'s I-LSR; without it
    :func:`qsearch.league.bradley_terry.fit`, and a list).

    A ValueError when the maximum does not exist (``prior=0`` and an agent that never lost,
    never won, or a league in parts that never met).
    """
    if np is None:
        return bradley_terry.fit(w, prior)
    import choix

    w = np.asarray(w, dtype=float)
    n = w.shape[0]
    if w.shape != (n, n) or n < 2:
        raise ValueError(f"need a square points matrix of two agents or more, not {w.shape}")
    if not prior >= 0:
        raise ValueError(f"prior must be >= 0, not {prior!r}")
    augmented = w + (prior / 2) * (1 - np.eye(n))
    try:
        theta = choix.ilsr_pairwise_dense(augmented, max_iter=10_000, tol=1e-10)
    except (ValueError, RuntimeError) as err:
        raise ValueError(f"{bradley_terry.NO_MAXIMUM} ({err})") from None
    return theta - theta.mean()


def elo_scale(theta) -> np.ndarray:
    """Strengths on the Elo scale (mean 1500)."""
    if np is None:
        return [BASE + ELO_SCALE * float(t) for t in theta]
    return BASE + ELO_SCALE * np.asarray(theta, dtype=float)


@dataclass
class Ratings:
    """Bradley-Terry ratings on the Elo scale with their bootstrap intervals, and the
    sequential Elo, for ``ids`` (agents without a counted game get NaN); numpy arrays, or
    lists without numpy (:data:`BACKEND`)."""

    ids: list
    rating: np.ndarray
    low: np.ndarray
    high: np.ndarray
    elo: np.ndarray
    prior: float
    samples: int
    confidence: float

    def of(self, agent: str) -> tuple[float, float, float]:
        """(rating, low, high) of ``agent``."""
        k = self.ids.index(agent)
        return float(self.rating[k]), float(self.low[k]), float(self.high[k])

    def separated(self, a: str, b: str) -> bool:
        """Whether the intervals of ``a`` and ``b`` do not overlap."""
        _, low_a, high_a = self.of(a)
        _, low_b, high_b = self.of(b)
        return low_a > high_b or low_b > high_a


def rate(ids, games, *, prior: float = PRIOR, samples: int = 1000, confidence: float = 0.95,
         seed: int = 0, order=None) -> Ratings:
    """Bradley-Terry ratings of ``ids`` from ``games`` (:class:`GameResult`), with intervals from
    ``samples`` bootstrap resamples of the games (0: no intervals), and the sequential Elo
    of the games in ``order`` (a key function; default: as given)."""
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 0:
        raise ValueError(f"samples must be an int >= 0, not {samples!r}")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must lie in (0, 1), not {confidence!r}")
    ids = list(ids)
    games = list(games)
    playing = sorted({g.a for g in games} | {g.b for g in games}, key=ids.index)
    rating, low, high, elo = ([math.nan] * len(ids) for _ in range(4))
    if len(playing) >= 2:
        where = [ids.index(p) for p in playing]
        _put(rating, where, elo_scale(fit_bradley_terry(points_matrix(playing, games), prior)))
        if samples:
            draws = bootstrap(playing, games, prior, samples, seed)
            tail = (1 - confidence) / 2 * 100
            _put(low, where, elo_scale(_percentiles(draws, tail)))
            _put(high, where, elo_scale(_percentiles(draws, 100 - tail)))
        ordered = sorted(games, key=order) if order is not None else games
        sequential = sequential_elo(playing, ordered)
        _put(elo, where, [sequential[p] for p in playing])
    vector = list if np is None else np.array
    return Ratings(ids, *map(vector, (rating, low, high, elo)), prior, samples, confidence)


def _put(target: list, where: list, values) -> None:
    for k, value in zip(where, values, strict=True):
        target[k] = float(value)


def _percentiles(draws, q: float) -> list:
    """The ``q``-th percentile of each column of ``draws`` (numpy's default method)."""
    if np is not None:
        return np.percentile(draws, q, axis=0)
    return [bradley_terry.percentile(column, q) for column in zip(*draws, strict=True)]


def bootstrap(ids, games, prior: float, samples: int, seed: int = 0) -> np.ndarray:
    """``samples`` x len(ids) strengths, each fitted on the games drawn again with
    replacement within each pair (every pair keeps its number of games, as the schedule
    fixed it; drawing from all games at once would leave some pairs out of a resample and
    move the mean the ratings are anchored to).

    Drawn with numpy's ``default_rng(seed)``, or without numpy with ``random.Random(seed)``
    (a list of rows): the same seed draws other resamples on the two paths, so their
    intervals differ by the bootstrap's own noise."""
    index = {name: k for k, name in enumerate(ids)}
    games = sorted(games, key=lambda g: tuple(sorted((g.a, g.b))))
    a = [index[g.a] for g in games]
    b = [index[g.b] for g in games]
    s = [float(g.score) for g in games]
    pairs = [tuple(sorted((g.a, g.b))) for g in games]
    first_of, size_of = {}, collections.Counter(pairs)
    for k, p in enumerate(pairs):
        first_of.setdefault(p, k)
    first = [first_of[p] for p in pairs]          # the pair's first game
    size = [size_of[p] for p in pairs]            # the pair's number of games
    n = len(ids)
    if np is None:
        rng = random.Random(seed)
        out = []
        for _ in range(samples):
            w = [[0.0] * n for _ in range(n)]
            for f, m in zip(first, size, strict=True):
                d = f + int(rng.random() * m)
                w[a[d]][b[d]] += s[d]
                w[b[d]][a[d]] += 1 - s[d]
            out.append(bradley_terry.fit(w, prior))
        return out
    a, b, s, first, size = (np.array(x) for x in (a, b, s, first, size))
    rng = np.random.default_rng(seed)
    out = np.empty((samples, n))
    for k in range(samples):
        drawn = first + (rng.random(len(games)) * size).astype(int)
        w = np.zeros((n, n))
        np.add.at(w, (a[drawn], b[drawn]), s[drawn])
        np.add.at(w, (b[drawn], a[drawn]), 1 - s[drawn])
        out[k] = fit_bradley_terry(w, prior)
    return out


def sequential_elo(ids, games, k: float = 16.0, start: float = BASE) -> dict:
    """Classical Elo: everyone starts at ``start``; after each game (in the order given)
    both ratings move by ``k`` times (result - expected result)."""
    elo = {name: float(start) for name in ids}
    for g in games:
        expected = 1 / (1 + 10 ** ((elo[g.b] - elo[g.a]) / 400))
        change = k * (g.score - expected)
        elo[g.a] += change
        elo[g.b] -= change
    return elo


def score_share(w: np.ndarray) -> np.ndarray:
    """``M[i, j]``: i's share of the points against j (NaN where they did not play); a list
    of rows without numpy."""
    if np is None:
        n = len(w)
        return [[w[i][j] / (w[i][j] + w[j][i]) if i != j and w[i][j] + w[j][i] > 0
                 else math.nan for j in range(n)] for i in range(n)]
    total = w + w.T
    with np.errstate(invalid="ignore", divide="ignore"):
        share = np.where(total > 0, w / np.where(total > 0, total, 1), np.nan)
    np.fill_diagonal(share, np.nan)
    return share
