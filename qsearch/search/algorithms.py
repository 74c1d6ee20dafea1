"""The public search functions: validate the inputs, run the compiled core, package the result.

Every function takes the same keyword options and returns a :class:`SearchResult`::

    alphabeta(state, depth, evaluate=None, *, order=None, tt=None, max_nodes=None,
              time_limit=None, trace=False, win_value=None, win_decay=0.0, fail_hard=False)

``evaluate(state, player) -> float`` scores non-terminal leaves from ``player``'s point of
view (``None``: every leaf scores 0); it may be a compiled :class:`~qsearch.heuristics.Heuristic`
or any Python function. ``depth=None`` searches to the end of the game. ``tt``: None (no
table), True (a new table of 2**20 entries), an int ``b`` (a new table of 2**b entries), or a
:class:`~qsearch.search.TranspositionTable` to share between searches (a game's moves, the
depths of iterative deepening): the root always searches its moves, win scores are kept
relative to the node and a heuristic's values serve only searches from the same root player,
so a shared table always yields a move and changes a value only where an entry was searched
deeper than this search needs. The state
is never modified: the search runs on a clone, and a heuristic or order function that changes
the state it is given stops the search with a ValueError.

``time_limit`` (seconds) is checked at every node when Python code runs inside the search (a
Python heuristic or order function), so it is overrun by at most one call of that code; with
compiled heuristics the clock is read every 1024 nodes (about 40-100 microseconds). The search
then returns the best move among the root moves searched to the end (``complete=False``); if
none was, no move and the value ``-inf`` (the same whether time or nodes ran out).
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from qsearch import reference as twins
from qsearch.core.algorithm_names import by_name
from qsearch.core.checks import (
    check_depth,
    check_limits,
    check_null_window,
    check_order,
    check_searchable,
    check_tt,
)
from qsearch.core.results import SearchResult
from qsearch.core.win_value import resolve_win_value
from qsearch.games._game import Game
from qsearch.heuristics import as_heuristic
from qsearch.search._engine import Searcher, monotonic
from qsearch.search.deepening import deepen
from qsearch.search.dispatch import on_any_game
from qsearch.search.tt import TranspositionTable

Order = Sequence[int] | Callable[[Any, list], list] | None


def _check_state(state) -> None:
    if not isinstance(state, Game):
        raise TypeError(
            f"the compiled search needs a qsearch game (qsearch.games), not "
            f"{type(state).__name__}; qsearch.reference runs on any OpenSpiel-like state"
        )


def _make_tt(tt) -> TranspositionTable | None:
    tt = check_tt(tt)
    if tt is None or tt is False:
        return None
    if tt is True:
        return TranspositionTable()
    if isinstance(tt, int):           # a new table of 2**tt entries (small ones start faster)
        return TranspositionTable(bits=tt)
    if isinstance(tt, TranspositionTable):
        return tt
    raise TypeError(
        f"tt must be None, True, a size in bits or a TranspositionTable, not {type(tt).__name__}"
    )


def _run(algorithm: str, state, depth, evaluate, *, prune: bool, fail_hard: bool = False,
         use_pvs: bool = False, strict: bool = False, order: Order = None, tt=None, max_nodes=None,
         time_limit=None, trace: bool = False, win_value: float | None = None,
         win_decay: float = 0.0, null_window: float = 1.0) -> SearchResult:
    _check_state(state)
    depth_c = check_depth(depth)
    heuristic = as_heuristic(evaluate)
    check_order(order, state)
    nodes_c, time_c = check_limits(max_nodes, time_limit)
    table = _make_tt(tt)
    win_value = resolve_win_value(evaluate, win_value, win_decay, depth=depth)
    null_window = check_null_window(null_window)
    check_searchable(algorithm, state)
    searcher = Searcher()
    searcher.configure(
        state.clone(), heuristic, table, order, prune=prune, fail_hard=fail_hard,
        use_pvs=use_pvs, strict=bool(strict), tracing=bool(trace), win_value=float(win_value),
        win_decay=float(win_decay), null_window=float(null_window), max_nodes=nodes_c,
        time_limit=time_c,
    )
    start = monotonic()
    value, action, pv, complete = searcher.run(depth_c)
    elapsed = monotonic() - start
    if searcher.hit_chance:
        raise ValueError(f"{algorithm} reached a chance node; use expectiminimax for dice games")
    if not complete and action is None:     # stopped before any root move: as the twins
        value = -math.inf
    return SearchResult(
        value=value, action=action, pv=pv, nodes=searcher.nodes, generated=searcher.generated,
        leaves=searcher.leaves, cutoffs=searcher.cutoffs, elapsed=elapsed,
        algorithm=algorithm, depth=depth, complete=complete, researches=searcher.researches,
        tt_hits=searcher.tt_hits, trace=searcher.trace,
    )


def minimax(state, depth=None, evaluate=None, *, order: Order = None, max_nodes=None,
            time_limit=None, trace: bool = False, win_value: float | None = None,
            win_decay: float = 0.0) -> SearchResult:
    """Plain minimax to ``depth`` plies: every node below the root is searched."""
    return _run("minimax", state, depth, evaluate, prune=False, order=order,
                max_nodes=max_nodes, time_limit=time_limit, trace=trace,
                win_value=win_value, win_decay=win_decay)


def negamax(state, depth=None, evaluate=None, *, order: Order = None, max_nodes=None,
            time_limit=None, trace: bool = False, win_value: float | None = None,
            win_decay: float = 0.0) -> SearchResult:
    """Minimax in negamax form (one branch, values negated between players); same numbers."""
    return _run("negamax", state, depth, evaluate, prune=False, order=order,
                max_nodes=max_nodes, time_limit=time_limit, trace=trace,
                win_value=win_value, win_decay=win_decay)


def alphabeta(state, depth=None, evaluate=None, *, fail_hard: bool = False,
              strict: bool = False, order: Order = None, tt=None, max_nodes=None, time_limit=None,
              trace: bool = False, win_value: float | None = None,
              win_decay: float = 0.0) -> SearchResult:
    """Alpha-beta pruning; fail-soft by default, ``fail_hard=True`` for documents 001/003.

    A node stops as soon as alpha >= beta. Fail-soft returns the best value found even when
    it lies outside the window; fail-hard returns alpha or beta instead (as the documents'
    pseudocode does). Both choose the same root value and action. ``strict=True`` cuts only
    when alpha > beta, as document 002's Alg. 2 (``if valor > beta``): ties are searched.
    """
    return _run("alphabeta", state, depth, evaluate, prune=True, fail_hard=fail_hard,
                strict=strict,
                order=order, tt=tt, max_nodes=max_nodes, time_limit=time_limit, trace=trace,
                win_value=win_value, win_decay=win_decay)


def pvs(state, depth=None, evaluate=None, *, null_window: float = 1.0, order: Order = None,
        tt=None, max_nodes=None, time_limit=None, trace: bool = False,
        win_value: float | None = None, win_decay: float = 0.0) -> SearchResult:
    """Principal variation search (document 002, Alg. 3).

    The first child gets the full window; the others a null window (alpha, alpha +
    ``null_window``) that only asks "is it better than alpha?"; a child that answers yes
    with a value inside (alpha, beta) is searched again with (value, beta) (``researches``).
    """
    return _run("pvs", state, depth, evaluate, prune=True, use_pvs=True,
                null_window=null_window, order=order, tt=tt, max_nodes=max_nodes,
                time_limit=time_limit, trace=trace, win_value=win_value, win_decay=win_decay)


# Any game: the compiled core for qsearch's engines, the twin for any other state.
minimax = on_any_game("minimax", minimax, twins.minimax)
negamax = on_any_game("negamax", negamax, twins.negamax)
alphabeta = on_any_game("alphabeta", alphabeta, twins.alphabeta)
pvs = on_any_game("pvs", pvs, twins.pvs)

# The names come from qsearch.core.algorithm_names, as do the twins' (qsearch.reference).
ALGORITHMS = by_name(minimax, negamax, alphabeta, pvs)


def iterative_deepening(state, max_depth=None, evaluate=None, *, algorithm="alphabeta",
                        time_limit=None, max_nodes=None, tt=True, order: Order = None,
                        **options) -> SearchResult:
    """Search depth 1, 2, ... up to ``max_depth`` (or until a limit), reusing one table.

    See :func:`qsearch.search.deepening.deepen` for the contract.
    """
    _check_state(state)
    return deepen(ALGORITHMS, state, max_depth, evaluate, algorithm=algorithm,
                  time_limit=time_limit, max_nodes=max_nodes, tt=_make_tt(tt), order=order,
                  check_depth=check_depth, check_limits=check_limits, **options)


iterative_deepening = on_any_game("iterative_deepening", iterative_deepening,
                                  twins.iterative_deepening)
