"""Negamax: minimax written once, each player maximising its own view of the value.

A node's value is returned from the point of view of ``player`` (given by the parent).
Where the player to move differs, the node is searched from the mover's view and the
value negated: this also handles turns that do not alternate (a player moving twice).
"""
from __future__ import annotations

from qsearch.reference._common import INF, MAX_PLY, TERMINAL, SearchContext, check_arguments


def negamax(state, depth=None, evaluate=None, *, order=None, max_nodes=None, time_limit=None,
            trace=False, win_value=1.0, win_decay=0.0):
    """Same value, action and counts as :func:`minimax`, in negamax form."""
    check_arguments("negamax", state, depth, max_nodes, time_limit, order)
    ctx = SearchContext(state, evaluate, order, max_nodes, time_limit, trace,
                        win_value, win_decay)
    root = ctx.root_player

    def value(node_state, depth, player, ply, parent, action):
        """(value for ``player``, principal variation)."""
        if ctx.out_of_budget():
            return 0.0, []
        node = ctx.enter(node_state, ply, parent, action, -INF, INF)
        if node_state.is_terminal():
            v = ctx.terminal_value(node_state, player, ply)
            ctx.record("terminal", node, parent, ply, value=ctx.to_root(v, player), player=TERMINAL)
            return v, []
        mover = node_state.current_player()
        if depth == 0 or ply >= MAX_PLY - 1:
            v = ctx.to_root(ctx.leaf_value(node_state), player)  # heuristic is from root's view
            ctx.record("leaf", node, parent, ply, value=ctx.to_root(v, player), player=mover)
            return v, []
        sign = 1.0 if mover == player else -1.0
        best, best_pv = -INF, []
        for i, a in enumerate(ctx.ordered_actions(node_state)):
            child = node_state.child(a)
            ctx.generated += 1
            v, pv = value(child, depth - 1, mover, ply + 1, node, a)
            if ctx.aborted:
                break
            if i == 0 or v > best:
                best, best_pv = v, [a] + pv
        ctx.record("exit", node, parent, ply, best_pv[0] if best_pv else None,
                   value=ctx.to_root(sign * best, player), player=mover)
        return sign * best, best_pv

    v, pv = value(state.clone(), INF if depth is None else depth, root, 0, None, None)
    return ctx.result("negamax", depth, v, pv)
