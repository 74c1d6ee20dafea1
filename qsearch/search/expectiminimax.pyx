# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Compiled expectiminimax (document 002, Alg. 6) with Ballard's Star1 and Star2 pruning.

The same generalised negamax as :mod:`qsearch.search._engine` at decision nodes (values
from a ``perspective`` player; the sign flips only where the mover changes, so the
same player moving twice, as in a double, needs nothing special), plus chance nodes whose
value is the weighted mean of their outcomes (weights: :mod:`qsearch.core.chance`).
The twin is :mod:`qsearch.reference.expectiminimax` (MAX/MIN/chance form); tests prove
both give the same value, action and counts. A node's prologue (the node and time budget, the
score of a finished game, the depth limit) is the engine's own, inlined from
``search/node_prologue.pxd``; the loop over the children is not shared: the engine's carries
the transposition table, move ordering and PVS, this one Star2's probes and resumes, and
switches for either would slow both hot loops.

A heuristic written in Python gets the search's own state: its key is compared before and
after each call (a change is a ValueError, which keeps later ``unmake`` calls from corrupting
the game), and the clock is read at every node, as in the engine. Chance probabilities must
sum to 1 (:func:`qsearch.core.chance.check_probabilities`): a chance node whose outcomes do
not stops the search with a ValueError instead of being renormalised.

Counting contract (as DESIGN.md's): ``nodes`` = calls, root and chance nodes included
(Star2's probes too); ``generated`` = children made (outcomes included); ``leaves`` =
evaluation calls; ``cutoffs`` = nodes (decision or chance) that stopped with actions or
outcomes left unsearched (a Star2 probe searches one action by design: not a cutoff).

Depth: by default every level counts, chance levels included (the document's convention:
its depth 3 is MAX, chance, MIN, leaf); ``count_chance=False`` counts player moves only
(OpenSpiel's ``expectiminimax``). At depth 0 any node, chance or not, is a leaf.

Pruning (``prune=1`` Star1, ``2`` Star2) needs bounds L <= leaf <= U, and every finished
game's score must lie within them too: the evaluation's declared bounds are widened to the
scores ``+-(win_value - win_decay * ply)`` of every ply the search can reach
(:mod:`qsearch.core.chance`), so a negative ``win_decay``, or one that takes late wins below
``-win_value``, prunes exactly; a leaf or a finished game still outside is a ValueError.
Decision nodes then
run fail-soft alpha-beta; a chance node stops once the outcomes searched so far, with the
rest at U (or at L), already put its value outside the window. Star2 first *probes* each
outcome, searching only the first action of the child: a lower bound on it for its mover,
which can cut the node before any full search; the outcomes not cut are then *resumed*
where the probe left them (the node and its first action are not searched or counted
again), so Star2 visits no more nodes than the unpruned search but for the rare re-searches
below. Every cut is decided by comparing the bound itself, computed with the same additions
in the same order as the unpruned sum, with the window: so pruning returns exactly the
unpruned value. A child whose window made it return
only a bound, where that bound cannot cut after rounding, is searched again with (L, U).
"""
cimport cython
from libc.math cimport INFINITY, NAN, fabs, floor

from qsearch.games._game cimport CHANCE, MAX_ACTIONS, TERMINAL, Game
from qsearch.heuristics._heuristic cimport Heuristic
from qsearch.search.callbacks cimport check_distribution, checked_score, runs_python
from qsearch.search.clock cimport now
from qsearch.search.node_prologue cimport (
    TIME_CHECK_MASK,
    Budget,
    depth_reached,
    out_of_budget,
    start_budget,
    terminal_score,
)

from qsearch.core.chance import MAX_PLY as PY_MAX_PLY
from qsearch.core.chance import PROBABILITY_TOLERANCE
from qsearch.core.trace import TraceEvent

cdef enum:
    MAX_PLY = 128               # the same as qsearch.core.chance.MAX_PLY (checked below)

assert MAX_PLY == PY_MAX_PLY
cdef double TOLERANCE = PROBABILITY_TOLERANCE


@cython.final
cdef class ExpectiSearcher:
    """One expectiminimax search: configuration, counters, principal line and trace."""

    cdef Game state
    cdef Heuristic heuristic
    cdef int prune                  # 0 none, 1 Star1, 2 Star2
    cdef int limit                  # 0: every outcome; k: the k most probable, renormalised
    cdef bint count_chance, tracing, aborted
    cdef bint python_heuristic      # check the state's key around each call
    cdef double lo, hi              # leaf bounds, root player's view
    cdef double win_value, win_decay
    cdef int root_player
    cdef Budget budget              # node and time limits
    cdef int pv[MAX_PLY][MAX_PLY]
    cdef int pv_len[MAX_PLY]
    cdef public long long nodes, generated, leaves, cutoffs, probes, researches
    cdef int best_move                  # the best action of the last decision node finished
    cdef public list trace

    def configure(self, Game state, heuristic, *, int prune, int limit, bint count_chance,
                  double lo, double hi, bint tracing, double win_value, double win_decay,
                  int root_player, long long max_nodes, double time_limit):
        """Set up one search of ``state`` (the caller passes a clone it owns)."""
        self.state = state
        self.heuristic = heuristic
        self.prune, self.limit, self.count_chance = prune, limit, count_chance
        self.lo, self.hi = lo, hi
        self.tracing = tracing
        self.trace = [] if tracing else None
        self.win_value, self.win_decay = win_value, win_decay
        self.root_player = root_player
        # Python code in the search makes nodes slow: then look at the clock at every node.
        self.python_heuristic = runs_python(heuristic)
        start_budget(&self.budget, max_nodes, time_limit,
                     0 if self.python_heuristic else TIME_CHECK_MASK)
        self.nodes = self.generated = self.leaves = self.cutoffs = 0
        self.probes = self.researches = 0
        self.aborted = False

    def run(self, int depth):
        """Search the root; returns ``(value, best action or None, pv, complete)``."""
        self.pv_len[0] = 0
        cdef double v = self.search(depth, -INFINITY, INFINITY, self.root_player, 0, -1, -1,
                                    False)
        pv = [self.pv[0][i] for i in range(self.pv_len[0])]
        return v, (pv[0] if pv else None), pv, not self.aborted

    # ------------------------------------------------------------------ helpers
    cdef inline double to_root(self, double v, int persp) noexcept:
        return v if persp == self.root_player else -v

    cdef void record(self, str kind, long long node, long long parent, int ply, int action,
                     double alpha, double beta, double value, int player, tuple pruned=()):
        """Append one event; window and value already in the root player's view."""
        self.trace.append(TraceEvent(
            kind, node, None if parent < 0 else parent, ply, None if action < 0 else action,
            None if alpha != alpha else alpha, None if beta != beta else beta,
            None if value != value else value, player, pruned,
        ))

    cdef void record_view(self, str kind, long long node, int ply, int action, double alpha,
                          double beta, double value, int persp, int player, tuple pruned=()):
        """Record an event whose window and value are in ``persp``'s view."""
        if persp == self.root_player:
            self.record(kind, node, -1, ply, action, alpha, beta, value, player, pruned)
        else:
            self.record(kind, node, -1, ply, action, -beta, -alpha, -value, player, pruned)

    cdef int outcomes(self, int* out, double* w, double* total) except -1:
        """The chance node's outcomes kept (``limit``) in the game's order, with weights."""
        cdef int all_out[MAX_ACTIONS]
        cdef double prob[MAX_ACTIONS]
        cdef int idx[MAX_ACTIONS]
        cdef int n = self.state.chance_outcomes_c(all_out, prob)
        cdef int i, j, t, k = n
        cdef double smallest, r
        cdef bint integral = True
        check_distribution(all_out, prob, n, TOLERANCE)
        for i in range(n):
            idx[i] = i
        if self.limit > 0 and self.limit < n:
            for i in range(1, n):           # stable: most probable first, ties in game order
                t = idx[i]
                j = i - 1
                while j >= 0 and prob[idx[j]] < prob[t]:
                    idx[j + 1] = idx[j]
                    j -= 1
                idx[j + 1] = t
            k = self.limit
            for i in range(1, k):           # the kept ones back in the game's order
                t = idx[i]
                j = i - 1
                while j >= 0 and idx[j] > t:
                    idx[j + 1] = idx[j]
                    j -= 1
                idx[j + 1] = t
        smallest = INFINITY
        for i in range(k):
            out[i] = all_out[idx[i]]
            if prob[idx[i]] < smallest:
                smallest = prob[idx[i]]
        for i in range(k):
            r = prob[idx[i]] / smallest
            w[i] = floor(r + 0.5)
            if fabs(r - w[i]) >= 1e-9 or w[i] > (1 << 20):
                integral = False
        if not integral:
            for i in range(k):
                w[i] = prob[idx[i]]
        total[0] = 0.0
        for i in range(k):
            total[0] += w[i]
        return k

    cdef double evaluate(self) except? -1.5e308:
        """The heuristic's value of the current state (root player's view; 0 without one),
        checked."""
        cdef Game g = self.state
        cdef double v = 0.0
        if self.heuristic is not None:
            v = checked_score(self.heuristic, g, self.root_player, self.python_heuristic)
        if self.prune and not (self.lo <= v <= self.hi):
            raise ValueError(f"the evaluation returned {v}, outside its declared bounds "
                             f"({self.lo}, {self.hi}): Star1/Star2 would be wrong")
        return v

    # ------------------------------------------------------------------ the search
    cdef double search(self, int depth, double alpha, double beta, int persp, int ply,
                       long long parent, int action, bint first_only) except? -1.5e308:
        """Value of the current state from ``persp``'s view, window (alpha, beta) in that view.

        ``first_only``: a Star2 probe, search only the first action.
        """
        cdef Game g = self.state
        cdef int moves[MAX_ACTIONS]
        cdef int n, mover
        cdef double v, best, sign = 1.0
        cdef long long node

        if self.aborted or out_of_budget(&self.budget, self.nodes):
            self.aborted = True
            return 0.0
        node = self.nodes
        self.nodes += 1
        self.pv_len[ply] = 0
        mover = g.to_move()
        if self.tracing:
            if persp == self.root_player:
                self.record("enter", node, parent, ply, action, alpha, beta, NAN, mover)
            else:
                self.record("enter", node, parent, ply, action, -beta, -alpha, NAN, mover)

        if mover == TERMINAL:
            v = terminal_score(g.utility(persp), self.win_value, self.win_decay, ply)
            if self.prune and not (self.lo <= self.to_root(v, persp) <= self.hi):
                raise ValueError(
                    f"a finished game scored {self.to_root(v, persp)}, outside the bounds "
                    f"({self.lo}, {self.hi}) Star1/Star2 cut with (the evaluation's, widened "
                    "to +-(win_value - win_decay * ply)): its returns exceed +-1")
            if self.tracing:
                self.record("terminal", node, parent, ply, -1, NAN, NAN, self.to_root(v, persp),
                            TERMINAL)
            return v
        if depth_reached(depth, ply, MAX_PLY):
            self.leaves += 1
            v = self.evaluate()
            if persp != self.root_player:
                v = -v
            if self.tracing:
                self.record("leaf", node, parent, ply, -1, NAN, NAN, self.to_root(v, persp), mover)
            return v
        if mover == CHANCE:
            return self.chance(depth, alpha, beta, persp, ply, node, parent)

        if mover != persp:                  # a MIN node for persp: search it as its mover
            sign = -1.0
            alpha, beta = -beta, -alpha
        n = g.legal_moves(moves)
        best = self.decide(depth, alpha, beta, mover, ply, node, moves, 1 if first_only else n,
                           0, -INFINITY, -1)
        if self.tracing:
            self.record("exit", node, parent, ply, self.best_move, NAN, NAN,
                        self.to_root(sign * best, persp), mover)
        return sign * best

    cdef double decide(self, int depth, double alpha, double beta, int mover, int ply,
                       long long node, int* moves, int n, int start, double best,
                       int best_move) except? -1.5e308:
        """The children ``start..n-1`` of a decision node, in its mover's view (alpha-beta
        when pruning); ``best``/``best_move``: what the children before ``start`` gave."""
        cdef Game g = self.state
        cdef int i, j
        cdef double v
        for i in range(start, n):
            g.make(moves[i])
            self.generated += 1
            v = self.search(depth - 1, alpha, beta, mover, ply + 1, node, moves[i], False)
            g.unmake(moves[i])
            if self.aborted:
                break
            if i == 0 or v > best:
                best = v
                best_move = moves[i]
                self.pv[ply][0] = best_move
                self.pv_len[ply] = 1 + self.pv_len[ply + 1]
                for j in range(self.pv_len[ply + 1]):
                    self.pv[ply][1 + j] = self.pv[ply + 1][j]
            if self.prune:
                if best > alpha:
                    alpha = best
                    if self.tracing:
                        self.record_view("update", node, ply, moves[i], alpha, beta, best,
                                         mover, mover)
                if alpha >= beta:
                    if i < n - 1:
                        self.cutoffs += 1
                        if self.tracing:
                            self.record_view("cutoff", node, ply, moves[i], alpha, beta, best,
                                             mover, mover,
                                             tuple([moves[k] for k in range(i + 1, n)]))
                    break
        self.best_move = best_move
        return best

    cdef double resume(self, int depth, double alpha, double beta, int mover, int ply,
                       long long parent, int action, long long node, double first,
                       double probe_beta) except? -1.5e308:
        """Finish a node a Star2 probe started (its first action gave ``first``), in its
        mover's view: the probe's work is not repeated and the node is not counted again.

        A probe that failed high (``first >= probe_beta``) only bounds the first action:
        that node is searched again from scratch (``researches``), which is rare, since such
        a probe normally cuts its chance node at once.
        """
        cdef Game g = self.state
        cdef int moves[MAX_ACTIONS]
        cdef int n
        cdef double best = first
        if first >= probe_beta:
            self.researches += 1
            return self.search(depth, alpha, beta, mover, ply, parent, action, False)
        if self.aborted or out_of_budget(&self.budget, self.nodes):
            self.aborted = True
            return 0.0
        n = g.legal_moves(moves)
        if self.tracing:
            self.record_view("resume", node, ply, action, alpha, beta, NAN, mover, mover)
        self.pv_len[ply] = 0
        self.best_move = moves[0]
        if best > alpha:
            alpha = best
            if self.tracing:
                self.record_view("update", node, ply, moves[0], alpha, beta, best, mover, mover)
        if alpha >= beta:
            if n > 1:
                self.cutoffs += 1
                if self.tracing:
                    self.record_view("cutoff", node, ply, moves[0], alpha, beta, best, mover,
                                     mover, tuple([moves[k] for k in range(1, n)]))
        else:
            best = self.decide(depth, alpha, beta, mover, ply, node, moves, n, 1, best,
                               moves[0])
        if self.tracing:
            self.record("exit", node, parent, ply, self.best_move, NAN, NAN,
                        self.to_root(best, mover), mover)
        return best

    cdef double chance(self, int depth, double alpha, double beta, int persp, int ply,
                       long long node, long long parent) except? -1.5e308:
        """A chance node (already counted and entered): the weighted mean of its outcomes."""
        cdef Game g = self.state
        cdef int out[MAX_ACTIONS]
        cdef double w[MAX_ACTIONS]
        cdef double low[MAX_ACTIONS]        # Star2: lower bounds from the probes
        cdef double probe_beta[MAX_ACTIONS]  # Star2: the beta each probe was given
        cdef long long probe_node[MAX_ACTIONS]   # Star2: the node a probe left open, or -1
        cdef double total, s, v, bound, a, b, ca, cb, L, U
        cdef int n = self.outcomes(out, w, &total)
        cdef int i, j, m, q = persp, child_depth = depth - 1 if self.count_chance else depth
        cdef double flip = 1.0
        cdef bint probing

        if self.prune == 2 and child_depth > 0:
            # Probes give bounds for the mover after the roll: search in its view.
            g.make(out[0])
            m = g.to_move()
            g.unmake(out[0])
            if (m == 0 or m == 1) and m != persp:
                q = m
                flip = -1.0
                alpha, beta = -beta, -alpha
        L, U = (self.lo, self.hi) if q == self.root_player else (-self.hi, -self.lo)

        if self.prune == 0:
            s = 0.0
            for i in range(n):
                if self.tracing:
                    self.record("chance", node, -1, ply, out[i], NAN, NAN, w[i] / total, CHANCE)
                g.make(out[i])
                self.generated += 1
                v = self.search(child_depth, -INFINITY, INFINITY, q, ply + 1, node, out[i],
                                False)
                g.unmake(out[i])
                if self.aborted:
                    return 0.0
                s = s + w[i] * v
            return self.chance_exit(s / total, node, parent, ply, q, flip)

        for i in range(n):
            low[i] = L
            probe_node[i] = -1
        # Star2: probe every outcome (first action only); useless when beta is infinite
        probing = self.prune == 2 and child_depth > 0 and beta < INFINITY
        if probing:
            s = 0.0
            for i in range(n):
                bound = s
                for j in range(i + 1, n):
                    bound = bound + w[j] * L
                b = (beta * total - bound) / w[i]
                g.make(out[i])
                self.generated += 1
                if g.to_move() == q:
                    if self.tracing:
                        self.record("probe", node, -1, ply, out[i], NAN, NAN, w[i] / total,
                                    CHANCE)
                    self.probes += 1
                    probe_node[i] = self.nodes
                    probe_beta[i] = min(b, U)
                    v = self.search(child_depth, L, probe_beta[i], q, ply + 1, node, out[i],
                                    True)
                    low[i] = v
                g.unmake(out[i])
                if self.aborted:
                    return 0.0
                s = s + w[i] * low[i]
                bound = s
                for j in range(i + 1, n):
                    bound = bound + w[j] * L
                if bound / total >= beta:
                    if i < n - 1:
                        self.cutoffs += 1
                    if self.tracing:
                        self.record_view("probe_cutoff", node, ply, out[i], alpha, beta,
                                         bound / total, q, CHANCE,
                                         tuple([out[k] for k in range(i + 1, n)]))
                    return self.chance_exit(bound / total, node, parent, ply, q, flip)

        s = 0.0                             # Star1 (with the probes' bounds under Star2)
        for i in range(n):
            bound = s
            for j in range(i + 1, n):
                bound = bound + w[j] * U
            a = (alpha * total - bound) / w[i]
            bound = s
            for j in range(i + 1, n):
                bound = bound + w[j] * low[j]
            b = (beta * total - bound) / w[i]
            ca = a if a > L else L
            cb = b if b < U else U
            if self.tracing:
                self.record("chance", node, -1, ply, out[i], NAN, NAN, w[i] / total, CHANCE)
            g.make(out[i])
            self.generated += 1
            if probe_node[i] >= 0:          # Star2 probed it: finish that node
                v = self.resume(child_depth, ca, cb, q, ply + 1, node, out[i], probe_node[i],
                                low[i], probe_beta[i])
            else:
                v = self.search(child_depth, ca, cb, q, ply + 1, node, out[i], False)
            if not self.aborted and ((v <= ca and ca > L) or (v >= cb and cb < U)):
                # v may be only a bound: cut if the bound allows, else search it again
                if v <= ca:
                    bound = s + w[i] * v
                    for j in range(i + 1, n):
                        bound = bound + w[j] * U
                    if bound / total <= alpha:
                        g.unmake(out[i])
                        return self.chance_cut(bound / total, i, n, out, node, parent, ply, q,
                                               flip, alpha, beta)
                else:
                    bound = s + w[i] * v
                    for j in range(i + 1, n):
                        bound = bound + w[j] * low[j]
                    if bound / total >= beta:
                        g.unmake(out[i])
                        return self.chance_cut(bound / total, i, n, out, node, parent, ply, q,
                                               flip, alpha, beta)
                self.researches += 1
                v = self.search(child_depth, L, U, q, ply + 1, node, out[i], False)
            g.unmake(out[i])
            if self.aborted:
                return 0.0
            s = s + w[i] * v
        return self.chance_exit(s / total, node, parent, ply, q, flip)

    cdef double chance_cut(self, double value, int i, int n, int* out, long long node,
                           long long parent, int ply, int q, double flip, double alpha,
                           double beta) except? -1.5e308:
        if i < n - 1:
            self.cutoffs += 1
        if self.tracing:
            self.record_view("cutoff", node, ply, out[i], alpha, beta, value, q, CHANCE,
                             tuple([out[k] for k in range(i + 1, n)]))
        return self.chance_exit(value, node, parent, ply, q, flip)

    cdef double chance_exit(self, double value, long long node, long long parent, int ply,
                            int q, double flip) except? -1.5e308:
        if self.tracing:
            self.record("exit", node, parent, ply, -1, NAN, NAN, self.to_root(value, q),
                        CHANCE)
        return flip * value


def expectiminimax(state, depth, evaluate=None, *, prune=None, limit=None,
                   count_chance=True, bounds=None, player=None, max_nodes=None,
                   time_limit=None, trace=False, win_value=None, win_decay=0.0):
    """Expectiminimax (document 002, Alg. 6), compiled; returns a ``SearchResult``.

    ``depth`` counts every level, chance levels included (the document's convention);
    ``count_chance=False`` counts player moves only (OpenSpiel's). ``prune``: None,
    ``"star1"`` or ``"star2"`` (Ballard), exact: the same value and action as without,
    with fewer or equal nodes; it needs ``bounds=(L, U)`` on the evaluation or an
    evaluation with a ``.bounds`` attribute. ``limit=k``: the "limited" expectiminimax of
    §4.3, only the k most probable outcomes of every chance node, renormalised. ``player``:
    whose value it is, needed when ``state`` is a chance node (its value is the
    expectation; no action). The state is never modified.

    Star1/Star2 cut with the evaluation's bounds widened to every finished game's score
    ``+-(win_value - win_decay * ply)`` up to the deepest ply the search reaches (``depth``,
    or the 127-ply cap with ``count_chance=False``): so any ``win_value`` and ``win_decay``
    (a negative decay too) prune exactly, at the price of fewer cuts when those scores lie
    far outside the evaluation's range. Wider bounds rather than a refusal, because the
    values are right either way and a decay that makes late wins worth less than
    ``-win_value`` is a legitimate choice. A heuristic written in Python must leave the
    state as it got it (else ValueError); ``time_limit`` is then honoured to within one call
    of it. Chance probabilities that do not sum to 1 are a ValueError.
    """
    from qsearch.heuristics import as_heuristic
    from qsearch.core.checks import check_limits
    from qsearch.core.chance import (check_expectiminimax_depth, check_limit, check_prune,
                                     deepest_ply, resolve_bounds)
    from qsearch.core.results import SearchResult
    from qsearch.core.win_value import resolve_win_value
    from qsearch.search.algorithms import _check_state

    _check_state(state)
    depth_c = check_expectiminimax_depth(depth)
    heuristic = as_heuristic(evaluate)
    prune_c = check_prune(prune)
    limit_c = check_limit(limit)
    nodes_c, time_c = check_limits(max_nodes, time_limit)
    win_value = resolve_win_value(evaluate, win_value, win_decay, bounds=bounds,
                                  depth=deepest_ply(depth_c, bool(count_chance)),
                                  averages="expectiminimax")
    lo_hi = resolve_bounds(prune_c, evaluate, bounds, float(win_value), float(win_decay),
                           deepest_ply(depth_c, bool(count_chance)))
    if state.is_terminal():
        raise ValueError("the game is over in this state: expectiminimax has nothing to search")
    if state.is_chance_node():
        if player not in (0, 1) or isinstance(player, bool):
            raise ValueError("the root is a chance node: say whose value it is with player=0 "
                             f"or player=1 (got {player!r})")
        root_player = player
    else:
        root_player = state.current_player()
        if player is not None and player != root_player:
            raise ValueError(f"player={player!r} but player {root_player} is to move here")
    searcher = ExpectiSearcher()
    searcher.configure(
        state.clone(), heuristic, prune=prune_c, limit=limit_c, count_chance=bool(count_chance),
        lo=lo_hi[0] if lo_hi else -INFINITY, hi=lo_hi[1] if lo_hi else INFINITY,
        tracing=bool(trace), win_value=float(win_value), win_decay=float(win_decay),
        root_player=root_player, max_nodes=nodes_c, time_limit=time_c,
    )
    cdef double start = now()
    value, action, pv, complete = searcher.run(depth_c)
    elapsed = now() - start
    name = "expectiminimax" + ("" if prune is None else f"-{prune}")
    if not complete and action is None:     # stopped before any root move: as the twin
        value = -INFINITY
    return SearchResult(
        value=value, action=action, pv=pv, nodes=searcher.nodes, generated=searcher.generated,
        leaves=searcher.leaves, cutoffs=searcher.cutoffs, elapsed=elapsed, algorithm=name,
        depth=depth, complete=complete, researches=searcher.researches, trace=searcher.trace,
    )
