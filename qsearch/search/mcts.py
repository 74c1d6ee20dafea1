"""Pure-Python stand-in of the compiled :mod:`qsearch.search.mcts` (``mcts.pyx``).

Imported instead of the extension in pure-Python mode (see :mod:`qsearch._mode`). Monte Carlo
tree search with UCT (document 002, Alg. 7): :func:`mcts` runs the readable twin,
:func:`qsearch.reference.mcts.mcts`, which draws the same random numbers (SplitMix64) and so
gives the same statistics for a seed. Its tree is made of Python objects, not the compiled
search's pool of ``NODE_BYTES``-byte records, so ``result.pool_bytes`` is 0 here.
"""
from __future__ import annotations

import math

from qsearch.core.chance import PROBABILITY_TOLERANCE  # noqa: F401 (as the compiled module)
from qsearch.core.checks import (  # noqa: F401 (MAX_MCTS_ITERATIONS: as the compiled module)
    DEFAULT_MCTS_MAX_NODES,
    MAX_MCTS_ITERATIONS,
    check_mcts_max_nodes,
    check_mcts_search,
)
from qsearch.core.mcts_results import (  # noqa: F401 (the compiled module's names)
    ChildStats,
    MCTSEvent,
    MCTSResult,
    MCTSTree,
    check_options,
)
from qsearch.core.win_value import resolve_win_value  # noqa: F401 (as the compiled module)
from qsearch.heuristics._heuristic import as_heuristic
from qsearch.reference.mcts import mcts as _twin_mcts

# The size of a node of the compiled search's pool (its docs and lessons quote it): the record
# (mcts.pyx's struct Node: a double q, four ints, a short and two chars) padded to a multiple
# of the double's 8-byte alignment.
_NODE_FIELDS = (8, 4, 4, 4, 4, 2, 1, 1)
NODE_BYTES = -(-sum(_NODE_FIELDS) // 8) * 8


def mcts(state, iterations=1000, *, c: float = math.sqrt(2.0), seed=0, time_limit=None,
         evaluate=None, rollout_depth=None, trace=False, keep_tree=False,
         max_nodes=DEFAULT_MCTS_MAX_NODES, win_value=None) -> MCTSResult:
    """Monte Carlo tree search with UCT from ``state`` (document 002, Alg. 7).

    ``iterations`` simulations (or as many as ``time_limit`` seconds allow; with both, the
    first reached stops). ``c`` weighs exploration in UCT ``Q/N + c sqrt(ln N_parent/N)``.
    Rollouts play uniformly random moves to the end; with ``evaluate`` and
    ``rollout_depth`` they stop after that many moves and score both players with the
    heuristic divided by ``win_value``. ``seed`` fixes the random numbers; ``trace=True``
    records one :class:`MCTSEvent` per iteration; ``keep_tree=True`` returns the statistics
    tree (:class:`MCTSTree`); ``max_nodes`` caps the tree (the root and every child made;
    default ``DEFAULT_MCTS_MAX_NODES``, None: no cap; ``result.capped`` when it stopped it).
    The state is never changed. Here the readable twin runs.
    """
    check_options(state, iterations, time_limit, c, seed, evaluate, rollout_depth)
    check_mcts_search(state, iterations)
    check_mcts_max_nodes(max_nodes)
    as_heuristic(evaluate)              # the compiled function's TypeError for a non-callable
    return _twin_mcts(state, iterations, c=c, seed=seed, time_limit=time_limit,
                     evaluate=evaluate, rollout_depth=rollout_depth, trace=trace,
                     keep_tree=keep_tree, max_nodes=max_nodes, win_value=win_value)
