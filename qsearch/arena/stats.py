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

    The probabilities must sum to 1; the expected counts are ``n * p``. The p-value is the
    chi-square distribution's upper tail (:func:`chi_square_tail`), with no scipy needed, so
    the lessons' tests also run in the browser (tests compare it with scipy's).
    """
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
    statistic = sum((c - n * p) ** 2 / (n * p) for c, p in zip(counts, probabilities, strict=True))
    dof = len(counts) - 1
    return ChiSquare(statistic, dof, chi_square_tail(statistic, dof))


def chi_square_tail(x: float, dof: int) -> float:
    """P(X >= x) for X chi-square with ``dof`` degrees of freedom: the regularized upper
    incomplete gamma function Q(dof/2, x/2), by its power series below a + 1 and by its
    continued fraction (Lentz's method) above, each to double precision."""
    if isinstance(dof, bool) or not isinstance(dof, int) or dof < 1:
        raise ValueError(f"dof must be an int >= 1, not {dof!r}")
    if x < 0 or math.isnan(x):
        raise ValueError(f"x must be >= 0, not {x}")
    a, z = dof / 2, x / 2
    if z == 0:
        return 1.0
    log_front = a * math.log(z) - z - math.lgamma(a)      # log(z^a e^-z / Gamma(a))
    if z < a + 1:                 # P(a, z) = front * sum z^n / (a (a+1) ... (a+n))
        term = total = 1 / a
        k = a
        while abs(term) > abs(total) * 1e-17:
            k += 1
            term *= z / k
            total += term
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300                 # Q(a, z) = front / (z + 1 - a - 1(1-a)/(z + 3 - a - ...))
    b = z + 1 - a
    c, d = 1 / tiny, 1 / b
    fraction = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        fraction *= step
        if abs(step - 1) < 1e-16:
            break
    return math.exp(log_front) * fraction


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
