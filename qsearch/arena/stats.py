"""The statistics the lessons need, in plain Python: Pearson's chi-square (goodness of fit and
independence), the exact binomial test and Wilson's interval."""
from __future__ import annotations

import math
import numbers
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


def chi_square_independence(table: Sequence[Sequence[float]], *,
                            correction: bool = True) -> ChiSquare:
    """Pearson's X² test of independence of a contingency table's rows and columns (scipy's
    ``chi2_contingency(table).statistic, .dof, .pvalue``; R's ``chisq.test(table)``).

    The expected count of a cell is its row's total times its column's, over the table's. With
    one degree of freedom (a 2x2 table) and ``correction`` (the default, as scipy and R), Yates'
    continuity correction moves each count half a unit towards its expectation. A table with
    one row or column has no freedom: X² = 0, p = 1.
    """
    rows = [[float(c) for c in row] for row in table]
    if len(rows) < 1 or len({len(row) for row in rows}) != 1 or not rows[0]:
        raise ValueError(f"a contingency table needs rows of equal, non-zero length: {table!r}")
    if any(c < 0 or math.isnan(c) for row in rows for c in row):
        raise ValueError(f"counts must be >= 0: {table!r}")
    row_totals = [sum(row) for row in rows]
    column_totals = [sum(column) for column in zip(*rows, strict=True)]
    total = sum(row_totals)
    if 0 in row_totals or 0 in column_totals:
        raise ValueError(f"every row and column needs a count > 0 (an expectation of 0 has no "
                         f"test): {table!r}")
    dof = (len(rows) - 1) * (len(rows[0]) - 1)
    if dof == 0:
        return ChiSquare(0.0, 0, 1.0)
    statistic = 0.0
    for row, row_total in zip(rows, row_totals, strict=True):
        for count, column_total in zip(row, column_totals, strict=True):
            expected = row_total * column_total / total
            if dof == 1 and correction:
                count += math.copysign(min(0.5, abs(expected - count)), expected - count)
            statistic += (count - expected) ** 2 / expected
    return ChiSquare(statistic, dof, chi_square_tail(statistic, dof))


def _stirling_error(n: int) -> float:
    """log(n!) - log(sqrt(2 pi n) (n/e)^n), by the series of Loader's algorithm above 15."""
    if n <= 15:
        return math.lgamma(n + 1) - (n + 0.5) * math.log(n) + n - 0.5 * math.log(2 * math.pi)
    nn = n * n
    s0, s1, s2, s3, s4 = 1 / 12, 1 / 360, 1 / 1260, 1 / 1680, 1 / 1188
    if n > 500:
        return (s0 - s1 / nn) / n
    if n > 80:
        return (s0 - (s1 - s2 / nn) / nn) / n
    if n > 35:
        return (s0 - (s1 - (s2 - s3 / nn) / nn) / nn) / n
    return (s0 - (s1 - (s2 - (s3 - s4 / nn) / nn) / nn) / nn) / n


def _deviance(x: float, mean: float) -> float:
    """x log(x / mean) + mean - x, without cancellation when x is near mean (Loader's bd0)."""
    if abs(x - mean) < 0.1 * (x + mean):
        v = (x - mean) / (x + mean)
        s, term, v2 = (x - mean) * v, 2 * x * v, v * v
        for j in range(1, 1000):
            term *= v2
            following = s + term / (2 * j + 1)
            if following == s:
                break
            s = following
        return s
    return x * math.log(x / mean) + mean - x


def binomial_pmf(k: int, n: int, p: float) -> float:
    """P(X = k) for X binomial(n, p), to about double precision even for millions of trials
    (Loader's saddle-point algorithm, as R's ``dbinom``: no ``lgamma`` of large numbers)."""
    if k < 0 or k > n:
        return 0.0
    q = 1.0 - p
    if k == 0:
        return math.exp(n * math.log1p(-p))
    if k == n:
        return math.exp(n * math.log(p))
    log_core = (_stirling_error(n) - _stirling_error(k) - _stirling_error(n - k)
                - _deviance(k, n * p) - _deviance(n - k, n * q))
    return math.exp(log_core) / math.sqrt(2 * math.pi * k * (1 - k / n))


def _tail(start: int, step: int, n: int, p: float) -> float:
    """P(X = start) + P(X = start + step) + ... to 0 or n, stopping once the terms, falling,
    no longer change the sum."""
    total, previous, i = 0.0, math.inf, start
    while 0 <= i <= n:
        term = binomial_pmf(i, n, p)
        total += term
        if term < previous and term <= total * 1e-17:
            break
        previous, i = term, i + step
    return total


def binomial_test(k: int, n: int, p: float = 0.5) -> float:
    """The exact two-sided binomial test's p-value for ``k`` successes in ``n`` trials of
    success probability ``p`` (scipy's ``binomtest(k, n, p).pvalue``; R's ``binom.test``).

    The p-value is the probability of every outcome no more likely than ``k`` (with scipy's
    relative tolerance of 1e-7 for ties): the tail beyond ``k`` and the tail on the other side
    of the mean whose outcomes are at most as likely.
    """
    for name, value in (("k", k), ("n", n)):
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    k, n = int(k), int(n)
    if n < 1 or not 0 <= k <= n:
        raise ValueError(f"need n >= 1 and 0 <= k <= n, not k = {k}, n = {n}")
    if not 0 < p < 1:
        raise ValueError(f"p must lie in (0, 1), not {p!r}")
    bound = binomial_pmf(k, n, p) * (1 + 1e-7)
    mean = n * p
    if k == mean:
        return 1.0
    if k < mean:         # the outcomes from ceil(mean) up, as likely as k or less: [lo, n]
        lo, hi = math.ceil(mean), n + 1
        while lo < hi:
            mid = (lo + hi) // 2
            if binomial_pmf(mid, n, p) <= bound:
                hi = mid
            else:
                lo = mid + 1
        other = _tail(lo, 1, n, p) if lo <= n else 0.0
        return min(1.0, _tail(k, -1, n, p) + other)
    lo, hi = -1, math.floor(mean)  # the outcomes up to floor(mean) as likely as k: [0, lo]
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if binomial_pmf(mid, n, p) <= bound:
            lo = mid
        else:
            hi = mid - 1
    other = _tail(lo, -1, n, p) if lo >= 0 else 0.0
    return min(1.0, _tail(k, 1, n, p) + other)
