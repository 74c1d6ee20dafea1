"""Minimax, as the textbooks write it: MAX takes the largest child, MIN the smallest."""
from __future__ import annotations

from qsearch.reference._common import INF, MAX_PLY, TERMINAL, SearchContext, check_arguments


def minimax(state, depth=None, evaluate=None, *, order=None, max_nodes=None, time_limit=None,
            trace=False, win_value=1.0, win_decay=0.0):
    """Value and best action of ``state`` for the player to move (MAX), searching ``depth`` plies.

    ``evaluate(state, player)`` scores positions at the depth limit (None: 0).
    """
    check_arguments("minimax", state, depth, max_nodes, time_limit, order)
    ctx = SearchContext(state, evaluate, order, max_nodes, time_limit, trace,
                        win_value, win_decay)
    max_player = ctx.root_player

    def value(node_state, depth, ply, parent, action):
        """(value for MAX, principal variation below this node)."""
        if ctx.out_of_budget():
            return 0.0, []
        node = ctx.enter(node_state, ply, parent, action, -INF, INF)
        if node_state.is_terminal():
            v = ctx.terminal_value(node_state, max_player, ply)
            ctx.record("terminal", node, parent, ply, value=v, player=TERMINAL)
            return v, []
        if depth == 0 or ply >= MAX_PLY - 1:
            v = ctx.leaf_value(node_state)
            ctx.record("leaf", node, parent, ply, value=v, player=node_state.current_player())
            return v, []
        is_max = node_state.current_player() == max_player
        best, best_pv = None, []
        for a in ctx.ordered_actions(node_state):
            child = node_state.child(a)
            ctx.generated += 1
            v, pv = value(child, depth - 1, ply + 1, node, a)
            if ctx.aborted:
                break
            if best is None or (v > best if is_max else v < best):
                best, best_pv = v, [a] + pv
        if best is None:
            best = -INF if is_max else INF
        ctx.record("exit", node, parent, ply, best_pv[0] if best_pv else None,
                   value=best, player=node_state.current_player())
        return best, best_pv

    v, pv = value(state.clone(), INF if depth is None else depth, 0, None, None)
    return ctx.result("minimax", depth, v, pv)
