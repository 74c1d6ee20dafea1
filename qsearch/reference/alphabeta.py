"""Alpha-beta pruning in MAX/MIN form, as documents 001, 002 and 003 write it.

``alpha`` is the value MAX is already sure of, ``beta`` the value MIN is already sure of,
both from MAX's point of view. Once ``alpha >= beta`` the remaining children of a node
cannot change the decision above it: they are cut off.

Fail-soft (default) returns the best value found even outside the window; fail-hard
(``fail_hard=True``, documents 001 and 003) returns ``alpha`` or ``beta`` instead.
"""
from __future__ import annotations

from qsearch.reference._common import INF, MAX_PLY, SearchContext, check_arguments, clamped


def alphabeta(state, depth=None, evaluate=None, *, fail_hard=False, strict=False, order=None,
              tt=None,
              max_nodes=None, time_limit=None, trace=False, win_value=None, win_decay=0.0):
    """Value and best action of ``state`` for the player to move (MAX), pruning with alpha-beta.

    ``strict``: cut only when alpha > beta (document 002's Alg. 2), not already when equal.
    ``tt``: None, True (a new table) or a :class:`~qsearch.reference._common.ReferenceTable`
    (needs ``state.position_key()``).
    """
    check_arguments("alphabeta", state, depth, max_nodes, time_limit, order)
    ctx = SearchContext(state, evaluate, order, max_nodes, time_limit, trace,
                        win_value, win_decay, tt, depth=depth)
    max_player = ctx.root_player

    def value(state, depth, alpha, beta, parent=None, action=None):
        """(value for MAX, principal variation) with the window (alpha, beta)."""
        if ctx.out_of_budget():
            return 0.0, []
        node = ctx.enter(state, parent, action, alpha, beta)
        if state.is_terminal():
            return ctx.terminal(node, state), []
        if depth == 0 or node.ply >= MAX_PLY - 1:
            return ctx.leaf(node, state), []
        is_max = node.player == max_player

        # The table holds values from the mover's point of view: MIN's are negated.
        tt_move = None
        mark = ctx.depth_mark()
        if ctx.tt is not None:
            key = state.position_key()
            lo, hi = (alpha, beta) if is_max else (-beta, -alpha)
            lo, hi, tt_move, hit, stored = ctx.probe(key, depth, node.ply, lo, hi)
            if hit:
                return ctx.tt_hit(node, stored if is_max else -stored), []
            alpha, beta = (lo, hi) if is_max else (-hi, -lo)

        window = (alpha, beta)          # as given to the children: decides the table's flag
        actions = ctx.ordered_actions(state, tt_move)
        best, best_pv = (-INF if is_max else INF), []
        cut = False
        unit = 0.0
        for i, a in enumerate(actions):
            v, pv = value(ctx.child(state, a), depth - 1, alpha, beta, node, a)
            if ctx.aborted:
                break
            if i == 0 or (v > best if is_max else v < best):
                best, best_pv, unit = v, [a] + pv, ctx.unit
            if is_max and best > alpha:
                alpha = best
                ctx.update(node, a, alpha, beta, best)
            elif not is_max and best < beta:
                beta = best
                ctx.update(node, a, alpha, beta, best)
            if alpha > beta or (alpha == beta and not strict):
                cut = True
                ctx.cutoff(node, a, alpha, beta, best, pruned=actions[i + 1:])
                if fail_hard:      # return the bound that was crossed
                    best, unit = clamped(best, beta if is_max else alpha, unit)
                break
        if fail_hard and not cut and not ctx.aborted:
            best, unit = clamped(best, alpha if is_max else beta, unit)

        if ctx.tt is not None and not ctx.aborted:
            lo, hi = window if is_max else (-window[1], -window[0])
            ctx.store(key, best if is_max else -best, depth,
                      best_pv[0] if best_pv else None, node.ply, lo, hi, cut=cut,
                      fail_hard=fail_hard, unit=unit, mark=mark)
        ctx.exit(node, best, best_pv, unit=unit)
        return best, best_pv

    v, pv = value(state.clone(), INF if depth is None else depth, -INF, INF)
    return ctx.result("alphabeta", depth, v, pv)
