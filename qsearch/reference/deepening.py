"""Iterative deepening, written for reading: the twin of :func:`qsearch.search.iterative_deepening`.

Search to depth 1, then 2, then 3, ... with one transposition table kept from one depth to
the next: the best moves stored at depth d are tried first at depth d + 1, which makes the
deeper search prune more. A node or time budget covers the whole run; when it runs out in
the middle of a depth, the answer is the last depth that finished.
"""
from __future__ import annotations

import math
import time

from qsearch.core.algorithm_names import DEEPENED, by_name
from qsearch.core.results import SearchResult
from qsearch.core.win_value import resolve_win_value
from qsearch.reference._common import check_arguments, make_table
from qsearch.reference.alphabeta import alphabeta
from qsearch.reference.pvs import pvs

SEARCHES = by_name(alphabeta, pvs, names=DEEPENED)
MAX_DEPTH = 255
COUNTS = ("nodes", "generated", "leaves", "cutoffs", "researches", "tt_hits")


def searched_to_the_end(result: SearchResult, table, state) -> bool:
    """Whether an iteration proves that deeper iterations would change nothing: it evaluated
    no leaf, and its value used no table entry found with a depth limit (the root's entry is
    then *settled*, see :meth:`~qsearch.reference._common.ReferenceTable.settled`), whether
    that entry came from an earlier iteration or from before the call."""
    if result.leaves:
        return False
    return table is None or table.settled(state.position_key())


def nothing_searched(algorithm: str, start: float) -> SearchResult:
    """The result when the limits ran out before depth 1 began: incomplete, no move, and the
    value of a search stopped before any root move (``-inf``, see
    :meth:`~qsearch.reference._common.SearchContext.result`)."""
    return SearchResult(
        value=-math.inf, action=None, pv=[], nodes=0, generated=0, leaves=0, cutoffs=0,
        elapsed=time.perf_counter() - start, algorithm=f"iterative_deepening({algorithm})",
        depth=0, complete=False, trace=None, iterations=[])


def iterative_deepening(state, max_depth=None, evaluate=None, *, algorithm="alphabeta",
                        time_limit=None, max_nodes=None, tt=True, order=None, **options):
    """The deepest complete search of ``state`` within ``max_depth``, nodes and time.

    Returns that depth's result with every iteration in ``.iterations`` and the counts summed
    over all of them. It stops early once an iteration's value cannot change with depth
    (:func:`searched_to_the_end`). When the limits run out before depth 1 begins, the result
    is incomplete, without a move (:func:`nothing_searched`).
    """
    if algorithm not in SEARCHES:
        raise ValueError(f"algorithm must be 'alphabeta' or 'pvs', not {algorithm!r}")
    if max_depth is None and time_limit is None and max_nodes is None:
        raise ValueError("give max_depth, time_limit or max_nodes: nothing would stop it")
    check_arguments("iterative_deepening", state, max_depth, max_nodes, time_limit, order)
    search = SEARCHES[algorithm]
    table = make_table(tt)
    last = MAX_DEPTH if max_depth is None else min(max_depth, MAX_DEPTH)
    # One win value for every depth: they share the table (and the deepest one is checked).
    options["win_value"] = resolve_win_value(evaluate, options.get("win_value"),
                                             options.get("win_decay", 0.0), depth=last)
    start = time.perf_counter()
    iterations = []
    nodes_used = 0
    for depth in range(1, last + 1):
        nodes_left = None if max_nodes is None else max_nodes - nodes_used
        time_left = None if time_limit is None else time_limit - (time.perf_counter() - start)
        if (nodes_left is not None and nodes_left < 1) or (time_left is not None
                                                           and time_left <= 0):
            break
        result = search(state, depth, evaluate, tt=table, order=order, max_nodes=nodes_left,
                        time_limit=time_left, **options)
        iterations.append(result)
        nodes_used += result.nodes
        if not result.complete or searched_to_the_end(result, table, state):
            break
    if not iterations:
        return nothing_searched(algorithm, start)
    finished = [r for r in iterations if r.complete]
    best = finished[-1] if finished else iterations[-1]
    return SearchResult(
        value=best.value, action=best.action, pv=best.pv, elapsed=time.perf_counter() - start,
        algorithm=f"iterative_deepening({algorithm})", depth=best.depth,
        complete=all(r.complete for r in iterations), trace=None, iterations=iterations,
        **{k: sum(getattr(r, k) for r in iterations) for k in COUNTS},
    )
