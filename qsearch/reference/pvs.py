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

import math

from qsearch.core.checks import check_null_window
from qsearch.reference._common import INF, MAX_PLY, SearchContext, check_arguments


def pvs(state, depth=None, evaluate=None, *, null_window=1.0, order=None, tt=None,
        max_nodes=None, time_limit=None, trace=False, win_value=None, win_decay=0.0):
    """Value and best action of ``state`` for the player to move, by PVS."""
    check_arguments("pvs", state, depth, max_nodes, time_limit, order)
    null_window = check_null_window(null_window)
    ctx = SearchContext(state, evaluate, order, max_nodes, time_limit, trace,
                        win_value, win_decay, tt, depth=depth)

    def value(state, depth, alpha, beta, player, parent=None, action=None):
        """(value for ``player``, principal variation); window in ``player``'s view."""
        if ctx.out_of_budget():
            return 0.0, []
        node = ctx.enter(state, parent, action, alpha, beta, view=player)
        if state.is_terminal():
            return ctx.terminal(node, state, view=player), []
        if depth == 0 or node.ply >= MAX_PLY - 1:
            return ctx.leaf(node, state, view=player), []
        mover = node.player
        sign = 1.0
        if mover != player:           # search as the mover: mirror the window
            sign = -1.0
            alpha, beta = -beta, -alpha

        tt_move = None
        mark = ctx.depth_mark()
        if ctx.tt is not None:
            key = state.position_key()
            alpha, beta, tt_move, hit, stored = ctx.probe(key, depth, node.ply, alpha, beta)
            if hit:
                return ctx.tt_hit(node, sign * stored, view=player), []

        alpha0 = alpha
        actions = ctx.ordered_actions(state, tt_move)
        best, best_pv = -INF, []
        cut = False
        unit = 0.0
        for i, a in enumerate(actions):
            child = ctx.child(state, a)
            if i == 0:
                v, pv = value(child, depth - 1, alpha, beta, mover, node, a)
            else:
                null_beta = alpha + null_window
                if not null_beta > alpha:   # alpha = -inf (or huge): the window would be empty
                    null_beta = math.nextafter(alpha, INF)
                v, pv = value(child, depth - 1, alpha, null_beta, mover, node, a)
                if alpha < v < beta and not ctx.aborted:
                    ctx.research(node, a, alpha, beta, v, view=mover)
                    v, pv = value(child, depth - 1, v, beta, mover, node, a)
            if ctx.aborted:
                break
            if i == 0 or v > best:
                best, best_pv, unit = v, [a] + pv, ctx.unit
            if best > alpha:
                alpha = best
                ctx.update(node, a, alpha, beta, best, view=mover)
            if alpha >= beta:
                cut = True
                ctx.cutoff(node, a, alpha, beta, best, pruned=actions[i + 1:], view=mover)
                break

        if ctx.tt is not None and not ctx.aborted:
            ctx.store(key, best, depth, best_pv[0] if best_pv else None, node.ply, alpha0, beta,
                      cut=cut, unit=unit, mark=mark)
        ctx.exit(node, sign * best, best_pv, view=player, unit=unit)
        return sign * best, best_pv

    v, pv = value(state.clone(), INF if depth is None else depth, -INF, INF, ctx.root_player)
    return ctx.result("pvs", depth, v, pv)
