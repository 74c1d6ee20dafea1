"""Quiescence search, document 002 §2.4: Alg. 4 (quiescenceSearch) and Alg. 5 (normalSearch).

A search cut at a fixed depth scores its leaves with the heuristic even when the position is
in the middle of an exchange: the *horizon effect* of Ex. 2.12 (the queen takes a defended
knight because the recapture lies one ply beyond the horizon). Quiescence search keeps
searching "volatile" positions (in chess: a capture or a promotion is available) and stops
in "quiet" ones.

* Alg. 4, :func:`quiescence_search`: ``if depth = 0 or final or quiet: heuristic; else
  search the children``. A quiet position stops the search at once, before the depth is
  reached (Obs. 2.11), the root included.
* Alg. 5, :func:`normal_search`: the ordinary search to ``depth``; at the horizon a quiet
  leaf is scored, a volatile one is handed to Alg. 4 with a second depth ``depth2``.

The document leaves "search the children" open ("it can be used with any of the algorithms
already described"): ``algorithm="minimax"`` or ``"alphabeta"`` selects the recursion, in
the MAX/MIN form of :mod:`qsearch.reference.minimax` and :mod:`qsearch.reference.alphabeta`,
with the same counters and the same trace events; with ``depth2 = 0``, or when no leaf is
volatile, Alg. 5 *is* that search, node for node (tested). Two choices the document
mentions without fixing them are options:

* ``moves``: which children a quiescence node searches. None (the default, Alg. 4 as
  written): all of them. The usual restriction (the document: "moves that deal directly with
  the threat, such as captures in chess") is a function ``moves(state) -> actions``, e.g.
  :func:`qsearch.games.chess_adapter.captures`.
* ``stand_pat``: with a restricted move list the player to move must not be *forced* to
  capture; ``stand_pat=True`` lets them keep the static score instead ("standing pat"), so a
  quiescence node is worth at least its heuristic for its mover.

Neither applies at the root of a search, which must choose among all its moves.

Nodes that Alg. 5 extends beyond its horizon are marked in the trace by a ``quiesce`` event
right after their ``enter`` (see :mod:`qsearch.core.trace`); :func:`qsearch.viz.draw_search`
draws them shaded.

To add the extension to *any* search (negamax, PVS, iterative deepening, ...) without a
trace, wrap the heuristic: ``alphabeta(state, 2, QuiescentEvaluation(material, volatile,
depth2=4))`` scores each leaf with Alg. 4 below it (the same values as :func:`normal_search`).
"""
from __future__ import annotations

from collections.abc import Callable

from qsearch.core.algorithm_names import MAX_MIN_FORM
from qsearch.core.checks import check_integer
from qsearch.reference._common import INF, MAX_PLY, SearchContext, check_arguments


def quiescence_search(state, depth, evaluate=None, *, volatile, moves=None, stand_pat=False,
                      algorithm="minimax", order=None, max_nodes=None, time_limit=None,
                      trace=False, win_value=None, win_decay=0.0):
    """Document 002's Alg. 4 from ``state`` (MAX: the player to move), at most ``depth`` plies.

    ``volatile(state) -> bool`` tells volatile positions from quiet ones; a quiet one (the
    root included) is scored by ``evaluate(state, player)`` at once. See the module docs for
    ``moves``, ``stand_pat`` and ``algorithm``; the other options are the reference
    searches' ones. Returns a :class:`~qsearch.search.result.SearchResult` (its ``action``
    is None when the root itself is quiet: nothing was searched).
    """
    return _run("quiescence_search", state, depth, 0, evaluate, volatile, moves, stand_pat,
                algorithm, order, max_nodes, time_limit, trace, win_value, win_decay,
                quiescent_root=True)


def normal_search(state, depth, depth2, evaluate=None, *, volatile, moves=None,
                  stand_pat=False, algorithm="minimax", order=None, max_nodes=None,
                  time_limit=None, trace=False, win_value=None, win_decay=0.0):
    """Document 002's Alg. 5: search ``depth`` plies, then extend volatile leaves by Alg. 4.

    At the horizon (``depth`` plies down) a quiet position is scored by the heuristic; a
    volatile one is searched on by :func:`quiescence_search` to at most ``depth2`` more
    plies (``depth2 = 0``: the plain search). Options as in :func:`quiescence_search`.
    """
    depth2 = check_integer(depth2, "depth2", "an int >= 0")
    if depth2 < 0:
        raise ValueError(f"depth2 must be >= 0, not {depth2}")
    return _run("normal_search", state, depth, depth2, evaluate, volatile, moves, stand_pat,
                algorithm, order, max_nodes, time_limit, trace, win_value, win_decay,
                quiescent_root=False)


def _check_options(name, depth, volatile, moves, algorithm):
    if depth is None:
        raise ValueError(f"{name} needs a depth (an int >= 0), not None")
    if not callable(volatile):
        raise TypeError(f"volatile must be a function state -> bool, not {volatile!r}")
    if moves is not None and not callable(moves):
        raise TypeError(f"moves must be None or a function state -> actions, not {moves!r}")
    if algorithm not in MAX_MIN_FORM:
        raise ValueError(f"algorithm must be one of {MAX_MIN_FORM}, not {algorithm!r}")


def _run(name, state, depth, depth2, evaluate, volatile, moves, stand_pat, algorithm, order,
         max_nodes, time_limit, trace, win_value, win_decay, quiescent_root, player=None):
    """The recursion shared by Alg. 4 and Alg. 5 (``quiescent_root`` picks which one starts).

    ``player`` is set by :class:`QuiescentEvaluation`, whose root is a leaf of another search:
    MAX is that search's player, and the root may stand pat like any quiescence node.
    """
    check_arguments(name, state, depth, max_nodes, time_limit)
    _check_options(name, depth, volatile, moves, algorithm)
    ctx = SearchContext(state, evaluate, order, max_nodes, time_limit, trace,
                        win_value, win_decay, depth=depth + depth2)
    if player is not None:          # QuiescentEvaluation: MAX is the caller's player
        ctx.root_player = player
    max_player = ctx.root_player
    prune = algorithm == "alphabeta"

    def children(state, quiescent, ply):
        """All legal actions in the search's order, or only ``moves`` in quiescence nodes
        (not at the root of a search, which must choose among all its moves)."""
        actions = ctx.ordered_actions(state)
        if quiescent and moves is not None and (ply > 0 or player is not None):
            allowed = set(moves(state))
            actions = [a for a in actions if a in allowed]
        return actions

    def value(state, depth, alpha, beta, quiescent, extension, parent=None, action=None):
        """(value for MAX, principal variation). ``quiescent``: searched by Alg. 4;
        ``extension``: below Alg. 5's horizon (marked in the trace)."""
        if ctx.out_of_budget():
            return 0.0, []
        node = ctx.enter(state, parent, action, alpha, beta)
        if state.is_terminal():                             # "if nodo es final"
            if extension:
                ctx.quiesce(node)
            return ctx.terminal(node, state), []
        calm = None
        if not quiescent and depth == 0:                    # Alg. 5 at its horizon
            calm = not volatile(state)
            if not calm and depth2 > 0:                     # hand over to Alg. 4
                quiescent, depth, extension = True, depth2, True
        if extension:
            ctx.quiesce(node)
        if quiescent and depth > 0 and calm is None:
            calm = not volatile(state)
        if depth == 0 or node.ply >= MAX_PLY - 1 or (quiescent and calm):
            return ctx.leaf(node, state), []                # "return heuristica(nodo)"

        is_max = node.player == max_player
        actions = children(state, quiescent, node.ply)
        if not actions:              # ``moves`` kept none of them: nothing to search here
            return ctx.leaf(node, state), []
        best, best_pv = (-INF if is_max else INF), []
        searched_any = False
        if quiescent and stand_pat and (node.ply > 0 or player is not None):  # may not capture
            best, searched_any = ctx.leaf_value(state), True
            if prune:
                alpha, beta = narrow(node, None, alpha, beta, best)
                if alpha >= beta:
                    ctx.cutoff(node, None, alpha, beta, best, pruned=actions)
                    actions = []
        for i, a in enumerate(actions):
            v, pv = value(ctx.child(state, a), depth - 1, alpha, beta, quiescent, extension,
                          node, a)
            if ctx.aborted:
                break
            if not searched_any or (v > best if is_max else v < best):
                best, best_pv, searched_any = v, [a] + pv, True
            if not prune:
                continue
            alpha, beta = narrow(node, a, alpha, beta, best)
            if alpha >= beta:
                ctx.cutoff(node, a, alpha, beta, best, pruned=actions[i + 1:])
                break
        ctx.exit(node, best, best_pv)
        return best, best_pv

    def narrow(node, action, alpha, beta, best):
        """Alpha-beta's window after ``action``: MAX raises alpha, MIN lowers beta."""
        if node.player == max_player and best > alpha:
            alpha = best
            ctx.update(node, action, alpha, beta, best)
        elif node.player != max_player and best < beta:
            beta = best
            ctx.update(node, action, alpha, beta, best)
        return alpha, beta

    v, pv = value(state, depth, -INF, INF, quiescent_root, False)
    result = ctx.result(name, depth, v, pv)
    result.algorithm = f"{name}/{algorithm}"
    return result


class QuiescentEvaluation:
    """A heuristic that looks past the horizon: Alg. 5's leaf rule as an ``evaluate`` function.

    ``QuiescentEvaluation(evaluate, volatile, depth2)(state, player)`` is
    ``evaluate(state, player)`` in a quiet position and the value of Alg. 4 (MAX = ``player``,
    at most ``depth2`` plies, ``moves``/``stand_pat``/``algorithm`` as in
    :func:`quiescence_search`) in a volatile one. Give it to any search as its heuristic:
    its leaves then get the values :func:`normal_search` gives them (mates inside the
    extension are dated from the leaf, so use ``win_decay=0`` to compare the two).
    ``nodes`` counts the nodes the extensions searched (the leaf itself not included).
    """

    def __init__(self, evaluate: Callable, volatile: Callable, depth2: int, *, moves=None,
                 stand_pat: bool = False, algorithm: str = "minimax",
                 win_value: float | None = None):
        if not callable(evaluate):
            raise TypeError(f"evaluate must be a function (state, player) -> number, "
                            f"not {evaluate!r}")
        if isinstance(depth2, bool) or not isinstance(depth2, int):
            raise TypeError(f"depth2 must be an int >= 0, not {type(depth2).__name__}")
        if depth2 < 0:
            raise ValueError(f"depth2 must be >= 0, not {depth2}")
        _check_options("QuiescentEvaluation", depth2, volatile, moves, algorithm)
        self.evaluate, self.volatile, self.depth2 = evaluate, volatile, depth2
        self.moves, self.stand_pat, self.algorithm = moves, stand_pat, algorithm
        self.win_value = win_value
        self.nodes = 0

    def __call__(self, state, player) -> float:
        if self.depth2 == 0 or not self.volatile(state):
            return self.evaluate(state, player)
        r = _run("QuiescentEvaluation", state, self.depth2, 0, self.evaluate, self.volatile,
                 self.moves, self.stand_pat, self.algorithm, None, None, None, False,
                 self.win_value, 0.0, quiescent_root=True, player=player)
        self.nodes += r.nodes - 1
        return r.value

    def __repr__(self) -> str:
        name = getattr(self.evaluate, "__name__", repr(self.evaluate))
        return f"QuiescentEvaluation({name}, depth2={self.depth2})"
