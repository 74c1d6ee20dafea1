"""Expectiminimax (document 002, Alg. 6) with Ballard's Star1 and Star2, in plain Python.

The twin of :func:`qsearch.search.expectiminimax` (same value, action and counts; tested).
Decision nodes are written in the document's MAX/MIN form, values from MAX's (the root
player's) point of view::

    expectiminimax(node, depth):
        if depth = 0 or node is final: return heuristic(node)
        if node is a chance node: return sum over outcomes of p * expectiminimax(child)
        if MAX moves: return max over children;  if MIN moves: return min over children

Chance levels count in ``depth`` (the document's depth 3 is MAX, chance, MIN, leaf);
``count_chance=False`` counts player moves only, as OpenSpiel does. A chance node's value
is ``sum(w * v) / sum(w)`` with integer weights where possible (1 and 2 for the 1/36 and
2/36 rolls; :mod:`qsearch.core.chance`), which is the document's ``sum(p * v)``.

**Star1** (``prune="star1"``). With bounds ``L <= v <= U`` on every leaf, after some
outcomes the chance node's value is known to lie between "the rest all score L" and "the
rest all score U": once that interval is outside (alpha, beta) the remaining outcomes
cannot matter. Each outcome is searched with the window that would make it decide so, and
MAX/MIN nodes run alpha-beta.

**Star2** (``prune="star2"``). Before the full searches, *probe* every outcome by searching
only the first action of the player who moves after the roll: that is a bound on the
outcome for that player (a lower bound for it), often enough to cut the chance node at
once; if not, the bounds tighten Star1's windows, and each probed node is *resumed* from its
second action (not searched, nor counted, again). The chance node's arithmetic is therefore
written from one player's view ``q`` (values ``v_q = s * v`` with ``s = +1`` for MAX,
``-1`` for MIN): the player who moved into it, or under Star2 the one the probes are for.

**Limited** (``limit=k``, document 002 §4.3): only the ``k`` most probable outcomes of
each chance node, renormalised.
"""
from __future__ import annotations

from qsearch.core.chance import check_limit, check_prune, outcome_weights, resolve_bounds
from qsearch.reference._common import INF, TERMINAL, SearchContext

CHANCE = -1


def expectiminimax(state, depth, evaluate=None, *, prune=None, limit=None, count_chance=True,
                   bounds=None, player=None, max_nodes=None, time_limit=None, trace=False,
                   win_value=1.0, win_decay=0.0):
    """Value (for MAX, the root player) and best action of ``state``; see the module docs."""
    if depth is None:
        raise ValueError("expectiminimax needs a depth: dice games rarely end in reach")
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise TypeError(f"depth must be an int >= 0, not {type(depth).__name__}")
    if depth < 0:
        raise ValueError(f"depth must be >= 0, not {depth}")
    prune_mode = check_prune(prune)
    k = check_limit(limit)
    if evaluate is not None and not callable(evaluate):
        raise TypeError(f"evaluate must be None or a function (state, player) -> float, "
                        f"not {type(evaluate).__name__}")
    lo_hi = resolve_bounds(prune_mode, evaluate, bounds, float(win_value))
    if state.is_terminal():
        raise ValueError("the game is over in this state: expectiminimax has nothing to search")
    ctx = SearchContext(state, evaluate, None, max_nodes, time_limit, trace,
                        win_value, win_decay)
    if state.is_chance_node():
        if player not in (0, 1) or isinstance(player, bool):
            raise ValueError("the root is a chance node: say whose value it is with player=0 "
                             f"or player=1 (got {player!r})")
        ctx.root_player = player
    elif player is not None and player != ctx.root_player:
        raise ValueError(f"player={player!r} but player {ctx.root_player} is to move here")
    MAX = ctx.root_player
    LO, HI = lo_hi if lo_hi else (-INF, INF)

    def value(node_state, depth, alpha, beta, ply, parent, action, persp, first_only=False):
        """(value for MAX, principal line) of a node, with the window (alpha, beta)."""
        if ctx.out_of_budget():
            return 0.0, []
        node = ctx.enter(node_state, ply, parent, action, alpha, beta)
        if node_state.is_terminal():
            v = ctx.terminal_value(node_state, MAX, ply)
            ctx.record("terminal", node, parent, ply, value=v, player=TERMINAL)
            return v, []
        mover = node_state.current_player()
        if depth == 0:
            v = ctx.leaf_value(node_state)
            if prune_mode and not LO <= v <= HI:
                raise ValueError(f"the evaluation returned {v}, outside its declared bounds "
                                 f"({LO}, {HI}): Star1/Star2 would be wrong")
            ctx.record("leaf", node, parent, ply, value=v, player=mover)
            return v, []
        if node_state.is_chance_node():
            return chance_node(node_state, depth, alpha, beta, ply, node, parent, persp), []

        actions = node_state.legal_actions()
        if first_only:                  # a Star2 probe: the first action only
            actions = actions[:1]
        best, best_pv = decide(node_state, depth, alpha, beta, ply, node, mover, actions, 0,
                               None, [])
        ctx.record("exit", node, parent, ply, best_pv[0] if best_pv else None,
                   value=best, player=mover)
        return best, best_pv

    def decide(node_state, depth, alpha, beta, ply, node, mover, actions, start, best, best_pv):
        """MAX or MIN over the children ``actions[start:]``, alpha-beta when pruning;
        ``best``: what the children before ``start`` gave (None: nothing yet)."""
        is_max = mover == MAX
        if best is None:
            best = -INF if is_max else INF
        for i in range(start, len(actions)):
            a = actions[i]
            child = node_state.child(a)
            ctx.generated += 1
            v, pv = value(child, depth - 1, alpha, beta, ply + 1, node, a, mover)
            if ctx.aborted:
                break
            if i == 0 or (v > best if is_max else v < best):
                best, best_pv = v, [a] + pv
            if prune_mode:
                if is_max and best > alpha:
                    alpha = best
                    ctx.record("update", node, None, ply, a, alpha, beta, best, mover)
                elif not is_max and best < beta:
                    beta = best
                    ctx.record("update", node, None, ply, a, alpha, beta, best, mover)
                if alpha >= beta:
                    if i < len(actions) - 1:
                        ctx.cutoffs += 1
                        ctx.record("cutoff", node, None, ply, a, alpha, beta, best, mover,
                                   pruned=actions[i + 1:])
                    break
        return best, best_pv

    def resume(node_state, depth, alpha, beta, ply, parent, action, node, first, probe_limit):
        """Finish the node a Star2 probe started (its first action gave ``first``) without
        counting it or its first action again; a probe that only proved a bound (``first``
        beyond ``probe_limit``) is searched again from scratch."""
        mover = node_state.current_player()
        is_max = mover == MAX
        if (first >= probe_limit) if is_max else (first <= probe_limit):
            ctx.researches += 1
            return value(node_state, depth, alpha, beta, ply, parent, action, mover)[0]
        if ctx.out_of_budget():
            return 0.0
        actions = node_state.legal_actions()
        ctx.record("resume", node, None, ply, action, alpha, beta, None, mover)
        best = first
        if is_max and best > alpha:
            alpha = best
            ctx.record("update", node, None, ply, actions[0], alpha, beta, best, mover)
        elif not is_max and best < beta:
            beta = best
            ctx.record("update", node, None, ply, actions[0], alpha, beta, best, mover)
        best_pv = [actions[0]]
        if alpha >= beta:
            if len(actions) > 1:
                ctx.cutoffs += 1
                ctx.record("cutoff", node, None, ply, actions[0], alpha, beta, best, mover,
                           pruned=actions[1:])
        else:
            best, best_pv = decide(node_state, depth, alpha, beta, ply, node, mover, actions,
                                   1, best, best_pv)
        ctx.record("exit", node, parent, ply, best_pv[0], value=best, player=mover)
        return best

    def chance_node(node_state, depth, alpha, beta, ply, node, parent, persp):
        """The weighted mean of the outcomes (Star1/Star2 may stop early with a bound)."""
        outcomes, total = outcome_weights(node_state.chance_outcomes(), k)
        n = len(outcomes)
        child_depth = depth - 1 if count_chance else depth
        q = persp
        if prune_mode == 2 and child_depth > 0:
            m = node_state.child(outcomes[0][0]).current_player()
            if m in (0, 1) and m != persp:
                q = m                    # the probes bound the value for the roller
        s = 1.0 if q == MAX else -1.0    # this node reasons in q's view: v_q = s * v
        a_q, b_q = (alpha, beta) if s > 0 else (-beta, -alpha)
        L, U = (LO, HI) if s > 0 else (-HI, -LO)

        def search(i, lo, hi, first_only=False):
            """Outcome i's value in q's view, searched with the window (lo, hi) in q's view."""
            o = outcomes[i][0]
            child = node_state.child(o)
            ctx.generated += 1
            window = (lo, hi) if s > 0 else (-hi, -lo)
            v, _ = value(child, child_depth, window[0], window[1], ply + 1, node, o, q,
                         first_only)
            return s * v

        def finish(v_q, kind=None, i=None):
            if kind is not None:
                if i < n - 1:
                    ctx.cutoffs += 1
                ctx.record(kind, node, None, ply, outcomes[i][0], alpha, beta, s * v_q, CHANCE,
                           pruned=[o for o, _ in outcomes[i + 1:]])
            ctx.record("exit", node, parent, ply, None, value=s * v_q, player=CHANCE)
            return s * v_q

        def plus(start, i, values):
            """start + w_j * values[j] for the outcomes j after i, in order (as unpruned)."""
            for j in range(i + 1, n):
                start = start + outcomes[j][1] * values[j]
            return start

        if not prune_mode:               # Alg. 6 as written
            acc = 0.0
            for i, (o, w) in enumerate(outcomes):
                ctx.record("chance", node, None, ply, o, value=w / total, player=CHANCE)
                v = search(i, -INF, INF)
                if ctx.aborted:
                    return 0.0
                acc = acc + w * v
            return finish(acc / total)

        all_L, all_U = [L] * n, [U] * n
        low = [L] * n                    # Star2: lower bounds (q's view) from the probes
        probe_node = [None] * n          # Star2: the node each probe left open
        probe_beta = [U] * n             # Star2: the beta (q's view) each probe was given
        if prune_mode == 2 and child_depth > 0 and b_q < INF:   # probes can only cut beta
            acc = 0.0
            for i, (o, w) in enumerate(outcomes):
                b = (b_q * total - plus(acc, i, all_L)) / w
                if node_state.child(o).current_player() == q:
                    ctx.record("probe", node, None, ply, o, value=w / total, player=CHANCE)
                    probe_node[i], probe_beta[i] = ctx.nodes, min(b, U)
                    low[i] = search(i, L, probe_beta[i], first_only=True)
                else:
                    ctx.generated += 1   # the compiled search makes it to look at the mover
                if ctx.aborted:
                    return 0.0
                acc = acc + w * low[i]
                bound = plus(acc, i, all_L)
                if bound / total >= b_q:
                    return finish(bound / total, "probe_cutoff", i)

        acc = 0.0                        # Star1 (with the probes' bounds under Star2)
        for i, (o, w) in enumerate(outcomes):
            a = (a_q * total - plus(acc, i, all_U)) / w
            b = (b_q * total - plus(acc, i, low)) / w
            ca, cb = (a if a > L else L), (b if b < U else U)
            ctx.record("chance", node, None, ply, o, value=w / total, player=CHANCE)
            if probe_node[i] is not None:        # Star2 probed it: finish that node
                child = node_state.child(o)
                ctx.generated += 1
                window = (ca, cb) if s > 0 else (-cb, -ca)
                v = s * resume(child, child_depth, window[0], window[1], ply + 1, node, o,
                               probe_node[i], s * low[i], s * probe_beta[i])
            else:
                v = search(i, ca, cb)
            if not ctx.aborted and ((v <= ca and ca > L) or (v >= cb and cb < U)):
                # v may be only a bound: cut if the bound allows it, else search again
                if v <= ca:
                    bound = plus(acc + w * v, i, all_U)
                    if bound / total <= a_q:
                        return finish(bound / total, "cutoff", i)
                else:
                    bound = plus(acc + w * v, i, low)
                    if bound / total >= b_q:
                        return finish(bound / total, "cutoff", i)
                ctx.researches += 1
                ctx.generated -= 1       # the compiled search re-searches without remaking
                v = search(i, L, U)
            if ctx.aborted:
                return 0.0
            acc = acc + w * v
        return finish(acc / total)

    v, pv = value(state, depth, -INF, INF, 0, None, None, MAX)
    name = "expectiminimax" + ("" if prune is None else f"-{prune}")
    return ctx.result(name, depth, v, pv)
