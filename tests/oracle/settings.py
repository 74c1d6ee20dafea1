"""Hypothesis settings shared by the suite: deterministic for CI (derandomize, no database),
no deadline (the oracle is plain Python), example counts scaled down in pure-Python mode."""
from hypothesis import HealthCheck, settings

import qsearch

PURE_SCALE = 1 if qsearch.compiled else 4      # pure mode runs every search as Python


def deterministic(examples: int, *, slow: bool = False):
    """``@settings`` for ``examples`` derandomized examples (fewer in pure mode)."""
    n = examples if (qsearch.compiled or slow) else max(3, examples // PURE_SCALE)
    return settings(max_examples=n, derandomize=True, database=None, deadline=None,
                    print_blob=False,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])
