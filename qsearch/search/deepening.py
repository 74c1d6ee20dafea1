"""Iterative deepening, shared by the compiled and the reference algorithms."""
from __future__ import annotations

import time

from qsearch.core.results import SearchResult
from qsearch.core.win_value import resolve_win_value
from qsearch.reference.deepening import nothing_searched, searched_to_the_end

COUNTS = ("nodes", "generated", "leaves", "cutoffs", "researches", "tt_hits")


def deepen(algorithms: dict, state, max_depth, evaluate, *, algorithm: str, time_limit,
           max_nodes, tt, order, check_depth, check_limits, **options) -> SearchResult:
    """Run ``algorithms[algorithm]`` at depth 1, 2, ... ``max_depth``, sharing the table ``tt``.

    The table's best moves from depth d order the search at depth d + 1 (searched first).
    Node and time limits apply to the whole run. Returns the result of the deepest
    *complete* iteration, every iteration in ``.iterations``, and the counts summed over all
    of them (the one cut short included). It stops early once an iteration's value cannot
    change with depth: it evaluated no leaf, and no table entry it used was found with a
    depth limit, whether an earlier iteration or the caller filled the table (an entry can
    hide a subtree that reaches the depth limit; in a game where a position recurs at
    different plies, all of an iteration's frontier can be answered from the entries of the
    iteration before). When the limits run out before depth 1 begins, the result is
    incomplete, without a move (value ``-inf``).
    """
    if algorithm not in ("alphabeta", "pvs"):
        raise ValueError(f"algorithm must be 'alphabeta' or 'pvs', not {algorithm!r}")
    if max_depth is None and time_limit is None and max_nodes is None:
        raise ValueError("give max_depth, time_limit or max_nodes: nothing would stop it")
    limit = min(check_depth(max_depth), 255)
    check_limits(max_nodes, time_limit)
    # One win value for every depth: they share the table (and the deepest one is checked).
    options["win_value"] = resolve_win_value(evaluate, options.get("win_value"),
                                             options.get("win_decay", 0.0), depth=limit)
    search = algorithms[algorithm]
    start = time.perf_counter()
    iterations: list[SearchResult] = []
    best: SearchResult | None = None
    for depth in range(1, limit + 1):
        left_nodes = None if max_nodes is None else max_nodes - sum(r.nodes for r in iterations)
        left_time = None if time_limit is None else time_limit - (time.perf_counter() - start)
        if left_nodes is not None and left_nodes < 1:
            break
        if left_time is not None and left_time <= 0:
            break
        res = search(state, depth, evaluate, tt=tt, order=order, max_nodes=left_nodes,
                     time_limit=left_time, **options)
        iterations.append(res)
        if not res.complete:
            break
        best = res
        if searched_to_the_end(res, tt, state):
            break
    if not iterations:
        return nothing_searched(algorithm, start)
    if best is None:  # not even depth 1 finished: report what the cut search found
        best = iterations[-1]
    total = {k: sum(getattr(r, k) for r in iterations) for k in COUNTS}
    return SearchResult(
        value=best.value, action=best.action, pv=best.pv, elapsed=time.perf_counter() - start,
        algorithm=f"iterative_deepening({algorithm})", depth=best.depth,
        complete=all(r.complete for r in iterations), trace=None, iterations=iterations,
        **total,
    )
