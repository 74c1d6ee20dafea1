"""The two statistics the lessons need: Pearson's chi-square and Wilson's interval."""
from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist
from typing import NamedTuple


class ChiSquare(NamedTuple):
    """Pearson's goodness-of-fit test: statistic X², degrees of freedom, p-value."""

    statistic: float
    dof: int
    p_value: float


def chi_square(counts: Sequence[float], probabilities: Sequence[float]) -> ChiSquare:
    """Pearson's X² of ``counts`` against ``probabilities`` (R's ``chisq.test(x, p=...)``).

    The probabilities must sum to 1; the expected counts are ``n * p``. Uses scipy.
    """
    from scipy.stats import chisquare

    counts = [float(c) for c in counts]
    probabilities = [float(p) for p in probabilities]
    if len(counts) != len(probabilities) or len(counts) < 2:
        raise ValueError(
            f"need as many probabilities as counts (at least 2): {len(counts)} counts, "
            f"{len(probabilities)} probabilities"
        )
    if any(p <= 0 for p in probabilities) or not math.isclose(sum(probabilities), 1.0,
                                                                abs_tol=1e-9):
        raise ValueError(f"probabilities must be > 0 and sum to 1, not {probabilities}")
    if any(c < 0 for c in counts) or sum(counts) == 0:
        raise ValueError(f"counts must be >= 0 and not all zero: {counts}")
    n = sum(counts)
    result = chisquare(counts, [n * p for p in probabilities])
    return ChiSquare(float(result.statistic), len(counts) - 1, float(result.pvalue))


def wilson_interval(wins: float, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson's score interval for a proportion ``wins / n`` (``wins`` may count draws as 0.5).

    Unlike ``p ± z·sqrt(p(1-p)/n)`` it stays inside [0, 1] and is sensible at 0 and n wins,
    which is exactly where a strong engine against a random player lands.
    """
    if n <= 0:
        raise ValueError(f"n must be > 0, not {n}")
    if not 0 <= wins <= n:
        raise ValueError(f"wins must lie in [0, n] = [0, {n}], not {wins}")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must lie in (0, 1), not {confidence}")
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == n else min(1.0, centre + half)
    return low, high
