"""Minimax, as the textbooks write it: MAX takes the largest child, MIN the smallest."""
from __future__ import annotations

from qsearch.reference._common import INF, MAX_PLY, SearchContext, check_arguments


def minimax(state, depth=None, evaluate=None, *, order=None, max_nodes=None, time_limit=None,
            trace=False, win_value=None, win_decay=0.0):
    """Value and best action of ``state`` for the player to move (MAX), searching ``depth`` plies.

    ``evaluate(state, player)`` scores positions at the depth limit (None: 0).
    """
    check_arguments("minimax", state, depth, max_nodes, time_limit, order)
    ctx = SearchContext(state, evaluate, order, max_nodes, time_limit, trace,
                        win_value, win_decay, depth=depth)
    max_player = ctx.root_player

    def value(state, depth, parent=None, action=None):
        """(value for MAX, principal variation below this node)."""
        if ctx.out_of_budget():
            return 0.0, []
        node = ctx.enter(state, parent, action)
        if state.is_terminal():
            return ctx.terminal(node, state), []
        if depth == 0 or node.ply >= MAX_PLY - 1:
            return ctx.leaf(node, state), []
        is_max = node.player == max_player
        best, best_pv = None, []
        for a in ctx.ordered_actions(state):
            v, pv = value(ctx.child(state, a), depth - 1, node, a)
            if ctx.aborted:
                break
            if best is None or (v > best if is_max else v < best):
                best, best_pv = v, [a] + pv
        if best is None:
            best = -INF if is_max else INF
        ctx.exit(node, best, best_pv)
        return best, best_pv

    v, pv = value(state.clone(), INF if depth is None else depth)
    return ctx.result("minimax", depth, v, pv)
