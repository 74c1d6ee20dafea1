"""Negamax: minimax written once, each player maximising its own view of the value.

A node's value is returned from the point of view of ``player`` (given by the parent).
Where the player to move differs, the node is searched from the mover's view and the
value negated: this also handles turns that do not alternate (a player moving twice).
"""
from __future__ import annotations

from qsearch.reference._common import INF, MAX_PLY, SearchContext, check_arguments


def negamax(state, depth=None, evaluate=None, *, order=None, max_nodes=None, time_limit=None,
            trace=False, win_value=None, win_decay=0.0):
    """Same value, action and counts as :func:`minimax`, in negamax form."""
    check_arguments("negamax", state, depth, max_nodes, time_limit, order)
    ctx = SearchContext(state, evaluate, order, max_nodes, time_limit, trace,
                        win_value, win_decay, depth=depth)

    def value(state, depth, player, parent=None, action=None):
        """(value for ``player``, principal variation)."""
        if ctx.out_of_budget():
            return 0.0, []
        node = ctx.enter(state, parent, action)
        if state.is_terminal():
            return ctx.terminal(node, state, view=player), []
        if depth == 0 or node.ply >= MAX_PLY - 1:
            return ctx.leaf(node, state, view=player), []
        mover = node.player
        sign = 1.0 if mover == player else -1.0
        best, best_pv = -INF, []
        for i, a in enumerate(ctx.ordered_actions(state)):
            v, pv = value(ctx.child(state, a), depth - 1, mover, node, a)
            if ctx.aborted:
                break
            if i == 0 or v > best:
                best, best_pv = v, [a] + pv
        ctx.exit(node, sign * best, best_pv, view=player)
        return sign * best, best_pv

    v, pv = value(state.clone(), INF if depth is None else depth, ctx.root_player)
    return ctx.result("negamax", depth, v, pv)
