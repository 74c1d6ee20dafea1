"""Iterative deepening, written for reading: the twin of :func:`qsearch.search.iterative_deepening`.

Search to depth 1, then 2, then 3, ... with one transposition table kept from one depth to
the next: the best moves stored at depth d are tried first at depth d + 1, which makes the
deeper search prune more. A node or time budget covers the whole run; when it runs out in
the middle of a depth, the answer is the last depth that finished.
"""
from __future__ import annotations

import time

from qsearch.core.algorithm_names import DEEPENED, by_name
from qsearch.core.results import SearchResult
from qsearch.core.win_value import resolve_win_value
from qsearch.reference._common import ReferenceTable, check_arguments, make_table
from qsearch.reference.alphabeta import alphabeta
from qsearch.reference.pvs import pvs

SEARCHES = by_name(alphabeta, pvs, names=DEEPENED)
MAX_DEPTH = 255
COUNTS = ("nodes", "generated", "leaves", "cutoffs", "researches", "tt_hits")


def searched_to_the_end(result: SearchResult, table_given: bool) -> bool:
    """Whether an iteration proves that deeper iterations would change nothing."""
    return result.leaves == 0 and (not table_given or result.tt_hits == 0)


def iterative_deepening(state, max_depth=None, evaluate=None, *, algorithm="alphabeta",
                        time_limit=None, max_nodes=None, tt=True, order=None, **options):
    """The deepest complete search of ``state`` within ``max_depth``, nodes and time.

    Returns that depth's result with every iteration in ``.iterations`` and the counts summed
    over all of them. It stops early once an iteration evaluated no leaf (and, with a table
    filled before this call, answered no node from it): the whole game was searched, deeper
    adds nothing.
    """
    if algorithm not in SEARCHES:
        raise ValueError(f"algorithm must be 'alphabeta' or 'pvs', not {algorithm!r}")
    if max_depth is None and time_limit is None and max_nodes is None:
        raise ValueError("give max_depth, time_limit or max_nodes: nothing would stop it")
    check_arguments("iterative_deepening", state, max_depth, max_nodes, time_limit, order)
    search = SEARCHES[algorithm]
    table = make_table(tt)
    table_given = isinstance(tt, ReferenceTable)     # filled before: its entries hide depth
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
        if not result.complete or searched_to_the_end(result, table_given):
            break
    finished = [r for r in iterations if r.complete]
    best = finished[-1] if finished else iterations[-1]
    return SearchResult(
        value=best.value, action=best.action, pv=best.pv, elapsed=time.perf_counter() - start,
        algorithm=f"iterative_deepening({algorithm})", depth=best.depth,
        complete=all(r.complete for r in iterations), trace=None, iterations=iterations,
        **{k: sum(getattr(r, k) for r in iterations) for k in COUNTS},
    )
