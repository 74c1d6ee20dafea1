"""Principal variation search (document 002, Alg. 3), in negamax form.

The first child is assumed to be the best (the principal variation) and searched with the
full window. Each other child is only asked "is it better than alpha?" with a null window
(alpha, alpha + null_window), which prunes much more. If the answer is yes and the value
lies inside (alpha, beta), the guess was wrong: the child is searched again with
(value, beta) -- a *re-search*.

Values are returned from the point of view of ``player`` (the parent's mover); where the
mover changes the window is mirrored and the value negated.
"""
from __future__ import annotations

from qsearch.reference._common import INF, MAX_PLY, TERMINAL, SearchContext, check_arguments


def pvs(state, depth=None, evaluate=None, *, null_window=1.0, order=None, tt=None,
        max_nodes=None, time_limit=None, trace=False, win_value=1.0, win_decay=0.0):
    """Value and best action of ``state`` for the player to move, by PVS."""
    check_arguments("pvs", state, depth, max_nodes, time_limit, order)
    if not null_window > 0:
        raise ValueError(f"null_window must be > 0, not {null_window}")
    ctx = SearchContext(state, evaluate, order, max_nodes, time_limit, trace,
                        win_value, win_decay, tt)
    root = ctx.root_player

    def value(node_state, depth, alpha, beta, player, ply, parent, action):
        """(value for ``player``, principal variation); window in ``player``'s view."""
        if ctx.out_of_budget():
            return 0.0, []
        node = ctx.enter(node_state, ply, parent, action, *ctx.window_to_root(alpha, beta, player))
        if node_state.is_terminal():
            v = ctx.terminal_value(node_state, player, ply)
            ctx.record("terminal", node, parent, ply, value=ctx.to_root(v, player), player=TERMINAL)
            return v, []
        mover = node_state.current_player()
        if depth == 0 or ply >= MAX_PLY - 1:
            v = ctx.to_root(ctx.leaf_value(node_state), player)
            ctx.record("leaf", node, parent, ply, value=ctx.to_root(v, player), player=mover)
            return v, []
        sign = 1.0
        if mover != player:           # search as the mover: mirror the window
            sign = -1.0
            alpha, beta = -beta, -alpha

        tt_move = None
        if ctx.tt is not None:
            key = node_state.position_key()
            alpha, beta, tt_move, hit, stored = ctx.probe(key, depth, ply, alpha, beta)
            if hit:
                ctx.tt_hits += 1
                ctx.record("tt_hit", node, parent, ply,
                           value=ctx.to_root(sign * stored, player), player=mover)
                return sign * stored, []

        alpha0 = alpha
        actions = ctx.ordered_actions(node_state, tt_move)
        best, best_pv = -INF, []
        for i, a in enumerate(actions):
            child = node_state.child(a)
            ctx.generated += 1
            if i == 0:
                v, pv = value(child, depth - 1, alpha, beta, mover, ply + 1, node, a)
            else:
                v, pv = value(child, depth - 1, alpha, alpha + null_window, mover, ply + 1,
                              node, a)
                if alpha < v < beta and not ctx.aborted:
                    ctx.researches += 1
                    ctx.record("research", node, None, ply, a,
                               *ctx.window_to_root(alpha, beta, mover), ctx.to_root(v, mover),
                               mover)
                    v, pv = value(child, depth - 1, v, beta, mover, ply + 1, node, a)
            if ctx.aborted:
                break
            if i == 0 or v > best:
                best, best_pv = v, [a] + pv
            if best > alpha:
                alpha = best
                ctx.record("update", node, None, ply, a, *ctx.window_to_root(alpha, beta, mover),
                           ctx.to_root(best, mover), mover)
            if alpha >= beta:
                if i < len(actions) - 1:
                    ctx.cutoffs += 1
                    ctx.record("cutoff", node, None, ply, a,
                               *ctx.window_to_root(alpha, beta, mover),
                               ctx.to_root(best, mover), mover, pruned=actions[i + 1:])
                break

        if ctx.tt is not None and not ctx.aborted:
            ctx.store(key, best, depth, best_pv[0] if best_pv else None, ply, alpha0, beta)
        ctx.record("exit", node, parent, ply, best_pv[0] if best_pv else None,
                   value=ctx.to_root(sign * best, player), player=mover)
        return sign * best, best_pv

    v, pv = value(state.clone(), INF if depth is None else depth, -INF, INF, root, 0, None, None)
    return ctx.result("pvs", depth, v, pv)
