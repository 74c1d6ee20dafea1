"""Pure-Python stand-in of the compiled :mod:`qsearch.search.expectiminimax` (``.pyx``).

Imported instead of the extension in pure-Python mode (see :mod:`qsearch._mode`).
:func:`expectiminimax` checks its arguments as the compiled function does and runs the
readable twin, :func:`qsearch.reference.expectiminimax.expectiminimax` (document 002, Alg. 6:
chance nodes, Star1/Star2, the limited variant), which gives the same value, action and
counts. :class:`ExpectiSearcher`, the compiled search's C state, has no pure counterpart.
"""
from __future__ import annotations

from qsearch.core.chance import MAX_PLY as PY_MAX_PLY  # noqa: F401 (as the compiled module)
from qsearch.core.chance import (
    PROBABILITY_TOLERANCE,  # noqa: F401 (as the compiled module)
    check_expectiminimax_depth,
)
from qsearch.core.checks import check_limits
from qsearch.core.trace import TraceEvent  # noqa: F401 (re-exported, as the compiled module)
from qsearch.heuristics._heuristic import as_heuristic
from qsearch.reference.expectiminimax import expectiminimax as _twin_expectiminimax


def expectiminimax(state, depth, evaluate=None, *, prune=None, limit=None,
                   count_chance=True, bounds=None, player=None, max_nodes=None,
                   time_limit=None, trace=False, win_value=None, win_decay=0.0):
    """Expectiminimax (document 002, Alg. 6); returns a ``SearchResult``.

    ``depth`` counts every level, chance levels included (the document's convention);
    ``count_chance=False`` counts player moves only (OpenSpiel's). ``prune``: None,
    ``"star1"`` or ``"star2"`` (Ballard), exact: the same value and action as without,
    with fewer or equal nodes; it needs ``bounds=(L, U)`` on the evaluation or an
    evaluation with a ``.bounds`` attribute. ``limit=k``: the "limited" expectiminimax of
    §4.3, only the k most probable outcomes of every chance node, renormalised. ``player``:
    whose value it is, needed when ``state`` is a chance node (its value is the
    expectation; no action). The state is never modified. Here the readable twin runs
    (:func:`qsearch.reference.expectiminimax.expectiminimax`).
    """
    check_expectiminimax_depth(depth)
    as_heuristic(evaluate)              # the compiled function's TypeError for a non-callable
    check_limits(max_nodes, time_limit)
    return _twin_expectiminimax(
        state, depth, evaluate, prune=prune, limit=limit, count_chance=count_chance,
        bounds=bounds, player=player, max_nodes=max_nodes, time_limit=time_limit, trace=trace,
        win_value=win_value, win_decay=win_decay)


class ExpectiSearcher:
    """The compiled expectiminimax's search state, which pure-Python mode does not have."""

    def __init__(self, *args, **kwargs):
        raise RuntimeError(
            "qsearch.search.expectiminimax.ExpectiSearcher is part of the compiled search, "
            "which is not built (pure-Python mode): call expectiminimax(), which runs the "
            "readable twin here")
