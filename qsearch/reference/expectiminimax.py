"""Expectiminimax (document 002, Alg. 6) with Ballard's Star1 and Star2, in plain Python.

The twin of :func:`qsearch.search.expectiminimax` (same value, action, counts and trace;
tested). Decision nodes are written in the document's MAX/MIN form, values from MAX's (the
root player's) point of view::

    expectiminimax(node, depth):
        if depth = 0 or node is final: return heuristic(node)
        if node is a chance node: return sum over outcomes of p * expectiminimax(child)
        if MAX moves: return max over children;  if MIN moves: return min over children

Chance levels count in ``depth`` (the document's depth 3 is MAX, chance, MIN, leaf);
``count_chance=False`` counts player moves only, as OpenSpiel does. A chance node's value
is ``sum(w * v) / sum(w)`` with integer weights where possible (1 and 2 for the 1/36 and
2/36 rolls; :mod:`qsearch.core.chance`), which is the document's ``sum(p * v)``.

The search is in named parts, methods of :class:`Expectiminimax`: :meth:`~Expectiminimax.value`
(the dispatch above), :meth:`~Expectiminimax.leaf`, :meth:`~Expectiminimax.decision_node`,
:meth:`~Expectiminimax.chance_node` with :meth:`~Expectiminimax.expected_value` (Alg. 6),
:meth:`~Expectiminimax.star1` and :meth:`~Expectiminimax.star2_probes`, and
:meth:`~Expectiminimax.likeliest_outcomes` (limited). What only reproduces the compiled
search's counters and trace is behind the methods of the context (``self.ctx``, a
:class:`ChanceContext`).

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

**Bounds** (:mod:`qsearch.core.chance`): Star1 and Star2 are exact only if every value a node
can return without searching children lies in (L, U), finished games included; the
evaluation's bounds are widened to the scores ``+-(win_value - win_decay * ply)`` of every ply
the search reaches, and a leaf or a finished game outside them is a ValueError. As the
compiled search, the twin scores a leaf at ply ``MAX_PLY - 1`` whatever depth is left; a
chance node's probabilities must sum to 1.
"""
from __future__ import annotations

from qsearch.core.chance import (
    MAX_PLY,
    check_expectiminimax_depth,
    check_limit,
    check_prune,
    deepest_ply,
    outcome_weights,
    resolve_bounds,
)
from qsearch.core.checks import check_limits
from qsearch.core.win_value import resolve_win_value
from qsearch.reference._common import INF, Node, SearchContext

STAR1, STAR2 = 1, 2            # check_prune's numbers for prune="star1", "star2"


def expectiminimax(state, depth, evaluate=None, *, prune=None, limit=None, count_chance=True,
                   bounds=None, player=None, max_nodes=None, time_limit=None, trace=False,
                   win_value=None, win_decay=0.0):
    """Value (for MAX, the root player) and best action of ``state``; see the module docs."""
    depth = check_expectiminimax_depth(depth)
    prune_mode = check_prune(prune)
    k = check_limit(limit)
    if evaluate is not None and not callable(evaluate):
        raise TypeError(f"evaluate must be None or a function (state, player) -> float, "
                        f"not {type(evaluate).__name__}")
    check_limits(max_nodes, time_limit)
    win_value = resolve_win_value(evaluate, win_value, win_decay, bounds=bounds,
                                  depth=deepest_ply(depth, bool(count_chance)),
                                  averages="expectiminimax")
    leaf_bounds = resolve_bounds(prune_mode, evaluate, bounds, float(win_value),
                                 float(win_decay), deepest_ply(depth, bool(count_chance)))
    if state.is_terminal():
        raise ValueError("the game is over in this state: expectiminimax has nothing to search")
    ctx = ChanceContext(state, evaluate, None, max_nodes, time_limit, trace,
                        win_value, win_decay, bounds=bounds,
                        depth=deepest_ply(depth, bool(count_chance)))
    if state.is_chance_node():
        if player not in (0, 1) or isinstance(player, bool):
            raise ValueError("the root is a chance node: say whose value it is with player=0 "
                             f"or player=1 (got {player!r})")
        ctx.root_player = player
    elif player is not None and player != ctx.root_player:
        raise ValueError(f"player={player!r} but player {ctx.root_player} is to move here")
    search = Expectiminimax(ctx, prune_mode, k, count_chance,
                            leaf_bounds if leaf_bounds else (-INF, INF))
    v, pv = search.value(state, depth, -INF, INF, view=search.MAX)
    name = "expectiminimax" + ("" if prune is None else f"-{prune}")
    return ctx.result(name, depth, v, pv)


class Expectiminimax:
    """One search: its options, and the algorithm's parts as methods.

    ``MAX`` is the root player; ``prune`` 0 (none), :data:`STAR1` or :data:`STAR2`;
    ``limit`` the number of likeliest outcomes kept (0: all); ``L``, ``U`` the leaf bounds
    (root player's view) that Star1/Star2 rely on.
    """

    def __init__(self, ctx: ChanceContext, prune: int, limit: int, count_chance: bool,
                 bounds: tuple[float, float]):
        self.ctx = ctx
        self.MAX = ctx.root_player
        self.prune = prune
        self.limit = limit
        self.count_chance = count_chance
        self.L, self.U = bounds

    # --- every node ---------------------------------------------------------------
    def value(self, state, depth, alpha, beta, parent=None, action=None, view=None,
              first_only=False):
        """(value for MAX, principal line) of ``state``, searched with the window
        (alpha, beta). ``view``: the player who moved into it (a chance node reasons in
        that view); ``first_only``: a Star2 probe, which searches the first action only."""
        ctx = self.ctx
        if ctx.out_of_budget():
            return 0.0, []
        node = ctx.enter(state, parent, action, alpha, beta)
        if state.is_terminal():
            return self.terminal(node, state), []
        if depth == 0 or node.ply >= MAX_PLY - 1:
            return self.leaf(node, state), []
        if state.is_chance_node():
            return self.chance_node(node, state, depth, alpha, beta, view), []
        return self.decision_node(node, state, depth, alpha, beta, first_only)

    def terminal(self, node: Node, state) -> float:
        """A finished game's score: Star1/Star2 need it within (L, U) too (they are widened to
        cover every score with returns of +-1; a game whose returns exceed them is refused)."""
        v = self.ctx.terminal(node, state)
        if self.prune and not self.L <= v <= self.U:
            raise ValueError(
                f"a finished game scored {v}, outside the bounds ({self.L}, {self.U}) "
                "Star1/Star2 cut with (the evaluation's, widened to +-(win_value - win_decay "
                "* ply)): its returns exceed +-1")
        return v

    def leaf(self, node: Node, state) -> float:
        """The heuristic's score at the depth limit: Star1/Star2 need it within (L, U)."""
        v = self.ctx.leaf(node, state)
        if self.prune and not self.L <= v <= self.U:
            raise ValueError(f"the evaluation returned {v}, outside its declared bounds "
                             f"({self.L}, {self.U}): Star1/Star2 would be wrong")
        return v

    # --- MAX and MIN ------------------------------------------------------------------
    def decision_node(self, node: Node, state, depth, alpha, beta, first_only=False):
        """MAX takes the largest child, MIN the smallest (alpha-beta when pruning)."""
        actions = state.legal_actions()
        if first_only:                  # a Star2 probe: the first action only
            actions = actions[:1]
        best, best_pv = self.max_or_min(node, state, depth, alpha, beta, actions)
        self.ctx.exit(node, best, best_pv)
        return best, best_pv

    def max_or_min(self, node: Node, state, depth, alpha, beta, actions, start=0, best=None,
                   best_pv=None):
        """The best of the children ``actions[start:]`` for the mover; ``best``, ``best_pv``:
        what the children before ``start`` gave (None: nothing yet)."""
        ctx = self.ctx
        is_max = node.player == self.MAX
        if best is None:
            best, best_pv = (-INF if is_max else INF), []
        for i in range(start, len(actions)):
            a = actions[i]
            v, pv = self.value(ctx.child(state, a), depth - 1, alpha, beta, node, a,
                               node.player)
            if ctx.aborted:
                break
            if i == 0 or (v > best if is_max else v < best):
                best, best_pv = v, [a] + pv
            if self.prune:
                alpha, beta = self.narrow(node, a, alpha, beta, best)
                if alpha >= beta:
                    ctx.cutoff(node, a, alpha, beta, best, pruned=actions[i + 1:])
                    break
        return best, best_pv

    def narrow(self, node: Node, action, alpha, beta, best):
        """Alpha-beta's window after ``action``: MAX raises alpha, MIN lowers beta."""
        if node.player == self.MAX and best > alpha:
            alpha = best
            self.ctx.update(node, action, alpha, beta, best)
        elif node.player != self.MAX and best < beta:
            beta = best
            self.ctx.update(node, action, alpha, beta, best)
        return alpha, beta

    def resume(self, node: Node, state, depth, alpha, beta, first):
        """Star2: finish the node a probe left open, whose first action gave ``first``
        (for MAX), from its second action: neither it nor its first action is searched or
        counted again."""
        ctx = self.ctx
        if ctx.out_of_budget():
            return 0.0
        actions = state.legal_actions()
        ctx.resume(node, alpha, beta)
        best, best_pv = first, [actions[0]]
        alpha, beta = self.narrow(node, actions[0], alpha, beta, best)
        if alpha >= beta:
            ctx.cutoff(node, actions[0], alpha, beta, best, pruned=actions[1:])
        else:
            best, best_pv = self.max_or_min(node, state, depth, alpha, beta, actions, 1,
                                            best, best_pv)
        ctx.exit(node, best, best_pv)
        return best

    # --- chance -----------------------------------------------------------------------
    def likeliest_outcomes(self, state):
        """The outcomes and their weights, and the total weight: all of them, or with
        ``limit=k`` the ``k`` most probable (document 002 §4.3's limited expectiminimax)."""
        return outcome_weights(state.chance_outcomes(), self.limit)

    def chance_node(self, node: Node, state, depth, alpha, beta, view) -> float:
        """The weighted mean of the outcomes' values (Star1/Star2 may stop early with a
        bound). ``view``: the player who moved into the node."""
        outcomes, total = self.likeliest_outcomes(state)
        child_depth = depth - 1 if self.count_chance else depth
        q = self.reasoning_player(state, outcomes, child_depth, view)
        c = ChanceNode(node, state, outcomes, total, child_depth, q,
                       1.0 if q == self.MAX else -1.0, alpha, beta, self.L, self.U)
        if not self.prune:
            return self.expected_value(c)
        if self.prune == STAR2 and child_depth > 0 and c.beta < INF:  # probes only cut beta
            settled = self.star2_probes(c)
            if settled is not None:
                return settled
        return self.star1(c)

    def reasoning_player(self, state, outcomes, child_depth, view):
        """Whose view a chance node reasons in: the player who moved into it, or under Star2
        the player who moves after the roll (the probes bound the value for that player)."""
        if self.prune == STAR2 and child_depth > 0:
            after_roll = state.child(outcomes[0][0]).current_player()   # a look, not counted
            if after_roll in (0, 1) and after_roll != view:
                return after_roll
        return view

    def outcome_value(self, c: ChanceNode, child, outcome, lo, hi, first_only=False):
        """An outcome's value in q's view, searched with the window (lo, hi) in q's view."""
        alpha, beta = c.window_for_max(lo, hi)
        v, _ = self.value(child, c.depth, alpha, beta, c.node, outcome, c.q, first_only)
        return c.s * v

    def expected_value(self, c: ChanceNode) -> float:
        """Document 002's Alg. 6 as written: ``sum(p * value)`` over every outcome."""
        ctx = self.ctx
        acc = 0.0
        for o, w in c.outcomes:
            ctx.chance(c.node, o, w / c.total)
            v = self.outcome_value(c, ctx.child(c.state, o), o, -INF, INF)
            if ctx.aborted:
                return 0.0
            acc = acc + w * v
        return self.chance_value(c, acc / c.total)

    def star2_probes(self, c: ChanceNode):
        """Star2's probing phase: search only the first action of every outcome where q
        moves next, giving a lower bound (q's view) for each; stop as soon as the bounds
        prove the node fails high. Returns the node's value if the probes settle it (a
        cutoff, or the budget ran out), else None (the bounds are left in ``c.low``)."""
        ctx = self.ctx
        acc = 0.0
        for i, (o, w) in enumerate(c.outcomes):
            # above b, outcome i alone makes the node fail high (the rest at L)
            b = (c.beta * c.total - c.plus_rest(acc, i, c.all_L)) / w
            child = ctx.child(c.state, o)
            if child.current_player() == c.q:
                ctx.probing(c.node, o, w / c.total)
                c.probed[i] = ctx.next_node(c.node, o, c.q)
                c.probe_beta[i] = min(b, c.U)
                c.low[i] = self.outcome_value(c, child, o, c.L, c.probe_beta[i],
                                              first_only=True)
            if ctx.aborted:
                return 0.0
            acc = acc + w * c.low[i]
            bound = c.plus_rest(acc, i, c.all_L)
            if bound / c.total >= c.beta:
                return self.chance_cut(c, "probe_cutoff", i, bound / c.total)
        return None

    def star1(self, c: ChanceNode) -> float:
        """Star1 (with the probes' lower bounds under Star2): each outcome is searched with
        the window outside which it alone decides the node; a value outside it is only a
        bound, which cuts the node if it can, or else is searched again with (L, U)."""
        ctx = self.ctx
        acc = 0.0
        for i, (o, w) in enumerate(c.outcomes):
            # below a the node fails low even if the rest score U; above b it fails high
            # even if the rest score their lower bounds (L, or the probes')
            a = (c.alpha * c.total - c.plus_rest(acc, i, c.all_U)) / w
            b = (c.beta * c.total - c.plus_rest(acc, i, c.low)) / w
            lo, hi = (a if a > c.L else c.L), (b if b < c.U else c.U)
            ctx.chance(c.node, o, w / c.total)
            child = ctx.child(c.state, o)
            if c.probed[i] is not None:
                v = self.finish_probe(c, i, child, lo, hi)
            else:
                v = self.outcome_value(c, child, o, lo, hi)
            if not ctx.aborted and ((v <= lo and lo > c.L) or (v >= hi and hi < c.U)):
                if v <= lo:
                    bound = c.plus_rest(acc + w * v, i, c.all_U)
                    if bound / c.total <= c.alpha:
                        return self.chance_cut(c, "cutoff", i, bound / c.total)
                else:
                    bound = c.plus_rest(acc + w * v, i, c.low)
                    if bound / c.total >= c.beta:
                        return self.chance_cut(c, "cutoff", i, bound / c.total)
                ctx.searched_again()
                v = self.outcome_value(c, child, o, c.L, c.U)
            if ctx.aborted:
                return 0.0
            acc = acc + w * v
        return self.chance_value(c, acc / c.total)

    def finish_probe(self, c: ChanceNode, i, child, lo, hi):
        """Outcome i's value in q's view after its Star2 probe: the probed node resumed, or
        searched afresh when the probe only proved a bound (it failed high)."""
        if c.low[i] >= c.probe_beta[i]:
            self.ctx.searched_again()
            return self.outcome_value(c, child, c.outcomes[i][0], lo, hi)
        alpha, beta = c.window_for_max(lo, hi)
        return c.s * self.resume(c.probed[i], child, c.depth, alpha, beta, c.s * c.low[i])

    def chance_value(self, c: ChanceNode, v_q: float) -> float:
        """The chance node returns ``v_q`` (q's view): its value for MAX."""
        self.ctx.exit(c.node, c.s * v_q, [])
        return c.s * v_q

    def chance_cut(self, c: ChanceNode, kind, i, v_q: float) -> float:
        """The bounds settled the node after outcome i: the rest are not searched."""
        self.ctx.chance_cutoff(c.node, kind, c.outcomes[i][0], c.window, c.s * v_q,
                               pruned=[o for o, _ in c.outcomes[i + 1:]])
        return self.chance_value(c, v_q)


class ChanceNode:
    """What a chance node's search works with, from the view ``q`` it reasons in.

    ``s`` is +1 when q is MAX, -1 when q is MIN: ``alpha``, ``beta``, ``L``, ``U`` and the
    values are q's (``v_q = s * v``), so the bounds arithmetic is written once for both.
    """

    def __init__(self, node: Node, state, outcomes, total, depth, q, s, alpha, beta, L, U):
        self.node, self.state = node, state
        self.outcomes, self.total = outcomes, total
        self.depth = depth                       # the outcomes' depth
        self.q, self.s = q, s
        self.window = (alpha, beta)              # MAX's view, for the trace
        self.alpha, self.beta = (alpha, beta) if s > 0 else (-beta, -alpha)
        self.L, self.U = (L, U) if s > 0 else (-U, -L)
        n = len(outcomes)
        self.all_L, self.all_U = [self.L] * n, [self.U] * n
        self.low = [self.L] * n                  # Star2: lower bounds from the probes
        self.probed: list[Node | None] = [None] * n   # Star2: the node each probe left open
        self.probe_beta = [self.U] * n           # Star2: the beta each probe was given

    def window_for_max(self, lo, hi):
        """A window (lo, hi) in q's view, seen by MAX."""
        return (lo, hi) if self.s > 0 else (-hi, -lo)

    def plus_rest(self, acc, i, values):
        """``acc`` plus ``w_j * values[j]`` for every outcome j after i, added in order (the
        order the full mean adds them, so that a bound compares exactly with the value)."""
        for j in range(i + 1, len(self.outcomes)):
            acc = acc + self.outcomes[j][1] * values[j]
        return acc


class ChanceContext(SearchContext):
    """:class:`~qsearch.reference._common.SearchContext` with the chance nodes' events."""

    searches_chance = True

    def chance(self, node: Node, outcome, probability) -> None:
        """Record that ``outcome`` (of this probability) is about to be searched."""
        self.record("chance", node.id, None, node.ply, outcome, value=probability,
                    player=node.player)

    def probing(self, node: Node, outcome, probability) -> None:
        """Record that Star2 probes ``outcome`` (of this probability)."""
        self.record("probe", node.id, None, node.ply, outcome, value=probability,
                    player=node.player)

    def next_node(self, parent: Node, action, player) -> Node:
        """The :class:`Node` the next :meth:`enter` will return (below ``parent``)."""
        return Node(self.nodes, parent.id, parent.ply + 1, player, action)

    def resume(self, node: Node, alpha, beta) -> None:
        """Record that a probed node's search goes on from its second action."""
        self.record("resume", node.id, None, node.ply, node.action, alpha, beta, None,
                    node.player)

    def searched_again(self) -> None:
        """Count an outcome searched again because its first search gave only a bound."""
        self.researches += 1

    def chance_cutoff(self, node: Node, kind, outcome, window, value, pruned) -> None:
        """Count (when outcomes are left) and record a chance node's cut after ``outcome``."""
        if pruned:
            self.cutoffs += 1
        self.record(kind, node.id, None, node.ply, outcome, window[0], window[1], value,
                    node.player, pruned=pruned)
