"""The plain-Python tests of qsearch.arena.stats that lessons use instead of scipy's (the site has
no scipy): the exact two-sided binomial test and the chi-square test of independence, held
against scipy (installed for the tests only) on many random inputs."""
import math
import random

import pytest

from qsearch.arena.stats import binomial_pmf, binomial_test, chi_square_independence

stats = pytest.importorskip("scipy.stats")


def random_binomial_cases(count, seed):
    """(k, n, p): small and large n, fair and skewed p, k near and far from the mean."""
    rng = random.Random(seed)
    for _i in range(count):
        n = rng.choice([rng.randint(1, 30), rng.randint(31, 2000), rng.randint(2001, 2 * 10**6)])
        p = rng.choice([0.5, rng.random(), rng.uniform(0.001, 0.05), rng.uniform(0.95, 0.999)])
        spread = math.sqrt(n * p * (1 - p)) * rng.choice([0.5, 2, 6, 12]) + 1
        yield min(n, max(0, round(rng.gauss(n * p, spread)))), n, p


def test_the_binomial_test_is_scipys_on_random_inputs():
    for k, n, p in random_binomial_cases(250, seed=46):
        ours, theirs = binomial_test(k, n, p), stats.binomtest(k, n, p).pvalue
        assert ours == pytest.approx(theirs, rel=1e-10, abs=1e-300), (k, n, p)


def test_the_binomial_test_on_the_lessons_counts_and_at_its_edges():
    # lesson 09's million random games: the second player's wins among the decided games
    assert binomial_test(494_131, 980_174) == pytest.approx(3.1244373557e-16, rel=1e-9)
    assert binomial_test(5, 10) == 1.0 == stats.binomtest(5, 10).pvalue
    for k, n, p in ((0, 1, 0.5), (1, 1, 0.3), (0, 40, 0.2), (40, 40, 0.2), (3, 7, 0.5),
                    (10, 1000, 0.01), (7, 12, 0.25)):
        assert binomial_test(k, n, p) == pytest.approx(stats.binomtest(k, n, p).pvalue,
                                                       rel=1e-10), (k, n, p)
    # symmetric outcomes tie exactly at p = 1/2: both tails count
    assert binomial_test(2, 10) == pytest.approx(2 * sum(math.comb(10, i) for i in range(3))
                                                 / 1024, rel=1e-13)


def test_the_binomial_pmf_is_exact_for_millions_of_trials():
    for k, n, p in random_binomial_cases(200, seed=9):
        assert binomial_pmf(k, n, p) == pytest.approx(stats.binom.pmf(k, n, p), rel=1e-11,
                                                      abs=1e-300), (k, n, p)
    assert binomial_pmf(-1, 5, 0.5) == 0.0 == binomial_pmf(6, 5, 0.5)


def test_the_binomial_test_refuses_nonsense():
    for bad in ((3, 2, 0.5), (-1, 5, 0.5), (1, 0, 0.5), (1, 4, 0.0), (1, 4, 1.0), (1, 4, -0.2),
                (1, 4, math.nan)):
        with pytest.raises(ValueError):
            binomial_test(*bad)
    for bad in ((1.0, 4), (1, 4.0), (True, 4)):
        with pytest.raises(TypeError):
            binomial_test(*bad)


def test_the_independence_test_is_scipys_on_random_tables():
    rng = random.Random(2026)
    for _i in range(500):
        rows, columns = rng.randint(1, 4), rng.randint(1, 5)
        top = rng.choice([5, 100, 10**5])
        table = [[rng.randint(1, top) for _c in range(columns)] for _r in range(rows)]
        correction = rng.random() < 0.8
        ours = chi_square_independence(table, correction=correction)
        theirs = stats.chi2_contingency(table, correction=correction)
        assert ours.dof == theirs.dof, table
        assert ours.statistic == pytest.approx(theirs.statistic, rel=1e-10, abs=1e-12), table
        assert ours.p_value == pytest.approx(theirs.pvalue, rel=1e-10, abs=1e-300), table


def test_the_independence_test_on_lesson_09s_seat_table_and_yates():
    seat = [[9909, 64, 27], [9946, 50, 4]]     # minimax's wins, draws, losses by seat
    test = chi_square_independence(seat)
    assert test.dof == 2 and f"{test.p_value:.1e}" == "8.1e-05"
    # a 2x2 table: Yates' correction by default, as scipy and R; without it, plain Pearson
    corrected, plain = chi_square_independence([[12, 5], [3, 9]]), chi_square_independence(
        [[12, 5], [3, 9]], correction=False)
    assert corrected.statistic < plain.statistic
    assert plain.statistic == pytest.approx(29 * (12 * 9 - 5 * 3) ** 2 / (17 * 12 * 15 * 14))


def test_the_independence_test_refuses_nonsense():
    for bad in ([], [[]], [[1, 2], [3]], [[1, -2], [3, 4]], [[0, 0], [3, 4]], [[1, 0], [3, 0]],
                [[1, math.nan], [3, 4]]):
        with pytest.raises(ValueError):
            chi_square_independence(bad)
