# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Monte Carlo tree search with UCT, compiled (document 002, chapter 3, Alg. 7).

The readable twin is :mod:`qsearch.reference.mcts`; it documents the algorithm, and this
module does exactly the same steps with the same random numbers (SplitMix64, see
:mod:`qsearch.core.rng`), so that both give identical statistics for a seed (tested).

The tree lives in one C array of ``Node`` records (a pool that grows by half when full), not
in Python objects: 32 bytes a node, so 10**7 nodes take 320 MB: the default cap
(``DEFAULT_MCTS_MAX_NODES``; ``max_nodes=`` another, None none) holds the pool at exactly
that, ``result.capped`` says it stopped the search, ``result.pool_bytes`` what was allocated.
The children of a node are a contiguous block of slots created the first time the search
passes through the node (one per legal action or chance outcome, in the game's order); the
visited children are always the first ``expanded`` slots of the block, because an
expansion swaps the randomly chosen unvisited slot into place. Nothing else is needed: the
selection path is kept on a stack, so nodes hold no parent pointer. The game is played
forward with ``make`` along the path and the rollout, and taken back with ``unmake`` after
the update.

A heuristic written in Python (a function, or a Heuristic subclass defined in Python) gets
the search's own state: its key is compared before and after each call, and a change stops
the search with a ValueError (a changed state would corrupt every later ``unmake``); the
clock is then read before every iteration, not every 16th. Chance probabilities must sum
to 1 (:func:`qsearch.core.chance.check_probabilities`; checked where an outcome is drawn).
"""
cimport cython
from cpython.exc cimport PyErr_CheckSignals
from libc.math cimport log, sqrt
from libc.stdlib cimport free, realloc

from qsearch.core.bits cimport splitmix_next, splitmix_uniform, u64
from qsearch.games._game cimport CHANCE, MAX_ACTIONS, TERMINAL, Game
from qsearch.heuristics._heuristic cimport Heuristic
from qsearch.search.callbacks cimport check_distribution, checked_score, runs_python
from qsearch.search.clock cimport now

import math
import operator

from qsearch.heuristics import as_heuristic
from qsearch.core.chance import PROBABILITY_TOLERANCE
from qsearch.core.checks import (DEFAULT_MCTS_MAX_NODES, MAX_MCTS_ITERATIONS,
                                 check_mcts_max_nodes, check_mcts_search)
from qsearch.core.win_value import resolve_win_value
from qsearch.core.mcts_results import (
    ChildStats,
    MCTSEvent,
    MCTSResult,
    MCTSTree,
    check_options,
)

cdef struct Node:
    double q            # total reward, from the point of view of ``mover``
    int n               # visits
    int first           # index of the first child slot; -1 until the node is opened
    int action          # the move into this node (-1 at the root)
    int nchildren       # child slots (legal actions or chance outcomes)
    short expanded      # visited children: the first ``expanded`` slots
    signed char mover   # the player whose reward ``q`` holds
    signed char pad


NODE_BYTES = sizeof(Node)

cdef double TOLERANCE = PROBABILITY_TOLERANCE


@cython.final
cdef class _Tree:
    """The node pool, the stacks of one iteration and the counters."""

    cdef Node* pool
    cdef long long size, capacity, max_nodes
    cdef int* path
    cdef int* moves                     # actions made this iteration (path, then rollout)
    cdef int stack_cap
    cdef u64 rng
    cdef double c
    cdef double win_value               # a heuristic's score is divided by it (|v| < 1 = a win)
    cdef Game g
    cdef Heuristic heuristic
    cdef bint python_heuristic          # check the state's key around each call
    cdef int rollout_depth              # -1: play to the end
    cdef long long rollout_moves

    def __cinit__(self):
        self.pool = NULL
        self.path = NULL
        self.moves = NULL

    def __dealloc__(self):
        free(self.pool)
        free(self.path)
        free(self.moves)

    cdef int reserve(self, long long extra) except -1:
        """Make room for ``extra`` more nodes (MemoryError if the pool cannot grow)."""
        cdef long long cap = self.capacity
        cdef Node* p
        if self.size + extra <= cap:
            return 0
        if self.max_nodes and self.size + extra > self.max_nodes:
            return 1                            # the caller stops the search
        while cap < self.size + extra:       # grow by half: at most 50 % slack
            cap = cap + cap // 2 if cap else 1024
        if self.max_nodes and cap > self.max_nodes:
            cap = self.max_nodes
        p = <Node*>realloc(self.pool, cap * sizeof(Node))
        if p == NULL:
            raise MemoryError(f"MCTS could not grow its node pool to {cap} nodes")
        self.pool = p
        self.capacity = cap
        return 0

    cdef int grow_stacks(self, int need) except -1:
        cdef int cap = self.stack_cap
        cdef int* a
        cdef int* b
        if need <= cap:
            return 0
        while cap < need:
            cap = cap * 2 if cap else 256
        a = <int*>realloc(self.path, cap * sizeof(int))
        if a == NULL:
            raise MemoryError("MCTS could not grow its path stack")
        self.path = a
        b = <int*>realloc(self.moves, cap * sizeof(int))
        if b == NULL:
            raise MemoryError("MCTS could not grow its move stack")
        self.moves = b
        self.stack_cap = cap
        return 0

    cdef void init_node(self, long long i, int action, int mover) noexcept:
        cdef Node* nd = &self.pool[i]
        nd.q = 0.0
        nd.n = 0
        nd.first = -1
        nd.action = action
        nd.nchildren = 0
        nd.expanded = 0
        nd.mover = mover
        nd.pad = 0

    cdef int open(self, int node, int player) except -1:
        """Create the child slots of ``node``; returns 1 if the node limit forbids it."""
        cdef int acts[MAX_ACTIONS]
        cdef double prob[MAX_ACTIONS]
        cdef int k, i, mover
        if player == CHANCE:
            k = self.g.chance_outcomes_c(acts, prob)
            mover = self.pool[node].mover
        else:
            k = self.g.legal_moves(acts)
            mover = player
        if self.reserve(k):
            return 1
        self.pool[node].first = <int>self.size
        self.pool[node].nchildren = k
        for i in range(k):
            self.init_node(self.size + i, acts[i], mover)
        self.size += k
        return 0

    cdef int sample_outcome(self) except -1:
        """The index of a chance outcome drawn with its probability."""
        cdef int acts[MAX_ACTIONS]
        cdef double prob[MAX_ACTIONS]
        cdef int k = self.g.chance_outcomes_c(acts, prob), i
        check_distribution(acts, prob, k, TOLERANCE)
        cdef double u = splitmix_uniform(&self.rng), total = 0.0
        for i in range(k):
            total += prob[i]
            if u < total:
                return i
        return k - 1

    cdef int best_uct(self, int node) noexcept:
        """``mejorUCT``: the child maximising Q/N + c sqrt(ln N_parent / N); first on ties."""
        cdef Node* nd = &self.pool[node]
        cdef double log_parent = log(<double>nd.n), value, best_value = -1.0e300
        cdef int i, best = nd.first
        cdef Node* ch
        for i in range(nd.first, nd.first + nd.nchildren):
            ch = &self.pool[i]
            value = ch.q / ch.n + self.c * sqrt(log_parent / ch.n)
            if value > best_value:
                best_value = value
                best = i
        return best

    cdef int iterate(self, int* depth_out, int* nmoves_out, bint* expanded_out,
                     double* result) except -1:
        """One iteration. Returns 1 (state untouched) if the node limit stopped it."""
        cdef int node = 0, depth = 0, nmoves = 0, player, k, j, child, a, n
        cdef int acts[MAX_ACTIONS]
        cdef double prob[MAX_ACTIONS]
        cdef Node* nd
        cdef bint expanded = False
        cdef int tmp
        self.path[0] = 0
        # --- selection and expansion
        while True:
            player = self.g.to_move()
            if player == TERMINAL:
                break
            nd = &self.pool[node]
            if nd.first < 0:
                if self.open(node, player):
                    while nmoves > 0:
                        nmoves -= 1
                        self.g.unmake(self.moves[nmoves])
                    return 1
                nd = &self.pool[node]           # the pool may have moved
            self.grow_stacks(depth + 2)
            if player == CHANCE:
                child = nd.first + self.sample_outcome()
                a = self.pool[child].action
                self.g.make(a)
                self.moves[nmoves] = a
                nmoves += 1
                depth += 1
                self.path[depth] = child
                if self.pool[child].n == 0:
                    expanded = True
                    break
                node = child
                continue
            if nd.expanded < nd.nchildren:
                k = nd.expanded
                j = k + <int>(splitmix_next(&self.rng) % <u64>(nd.nchildren - k))
                tmp = self.pool[nd.first + k].action          # unvisited slots hold only
                self.pool[nd.first + k].action = self.pool[nd.first + j].action   # an action
                self.pool[nd.first + j].action = tmp
                nd.expanded += 1
                child = nd.first + k
                a = self.pool[child].action
                self.g.make(a)
                self.moves[nmoves] = a
                nmoves += 1
                depth += 1
                self.path[depth] = child
                expanded = True
                break
            child = self.best_uct(node)
            a = self.pool[child].action
            self.g.make(a)
            self.moves[nmoves] = a
            nmoves += 1
            depth += 1
            self.path[depth] = child
            node = child
        # --- simulation
        cdef int start = nmoves
        while True:
            player = self.g.to_move()
            if player == TERMINAL:
                result[0] = self.g.utility(0)
                result[1] = self.g.utility(1)
                break
            if self.rollout_depth >= 0 and nmoves - start >= self.rollout_depth:
                result[0] = self.evaluate(0)
                result[1] = self.evaluate(1)
                break
            if player == CHANCE:
                n = self.g.chance_outcomes_c(acts, prob)
                a = acts[self.sample_outcome()]
            else:
                n = self.g.legal_moves(acts)
                a = acts[<int>(splitmix_next(&self.rng) % <u64>n)]
            self.grow_stacks(nmoves + 1)
            self.g.make(a)
            self.moves[nmoves] = a
            nmoves += 1
        # --- backpropagation
        for j in range(depth + 1):
            nd = &self.pool[self.path[j]]
            nd.n += 1
            nd.q += result[nd.mover]
        self.rollout_moves += nmoves - start
        depth_out[0] = depth
        nmoves_out[0] = nmoves
        expanded_out[0] = expanded
        return 0

    cdef double evaluate(self, int player) except? -1.5e308:
        """The heuristic's score of the rollout's last position for ``player``, checked."""
        return checked_score(self.heuristic, self.g, player, self.python_heuristic) \
            / self.win_value

    cdef void take_back(self, int nmoves) noexcept:
        while nmoves > 0:
            nmoves -= 1
            self.g.unmake(self.moves[nmoves])

    cdef int most_visited(self, int node) noexcept:
        """``mejorHijo``: the child with most visits (lower action on ties), -1 if none."""
        cdef Node* nd = &self.pool[node]
        cdef int i, best = -1
        if nd.first < 0:
            return -1
        for i in range(nd.first, nd.first + nd.nchildren):
            if self.pool[i].n > 0 and (
                    best < 0 or self.pool[i].n > self.pool[best].n
                    or (self.pool[i].n == self.pool[best].n
                        and self.pool[i].action < self.pool[best].action)):
                best = i
        return best


def mcts(state, iterations=1000, *, c=math.sqrt(2.0), seed=0, time_limit=None,
         evaluate=None, rollout_depth=None, trace=False, keep_tree=False,
         max_nodes=DEFAULT_MCTS_MAX_NODES, win_value=None) -> MCTSResult:
    """Monte Carlo tree search with UCT from ``state`` (document 002, Alg. 7).

    ``iterations`` simulations (or as many as ``time_limit`` seconds allow; with both, the
    first reached stops). ``c`` weighs exploration in UCT ``Q/N + c sqrt(ln N_parent/N)``
    (rewards are returns in [-1, 1]). Rollouts play uniformly random moves to the end; with
    ``evaluate`` (a heuristic ``(state, player) -> float``) and ``rollout_depth`` they stop
    after that many moves and score both players with the heuristic divided by ``win_value``
    (default: derived from the heuristic's bounds, :mod:`qsearch.core.win_value`), so that
    every heuristic score lies strictly between a loss (-1) and a win (+1). ``seed`` fixes the
    random numbers (the twin :func:`qsearch.reference.mcts.mcts` gives the same statistics).
    ``trace=True`` records one :class:`MCTSEvent` per iteration; ``keep_tree=True`` returns
    the statistics tree (:class:`MCTSTree`); ``max_nodes`` caps the node pool (default
    ``DEFAULT_MCTS_MAX_NODES``, 10**7 nodes or 320 MB; None: no cap), and ``result.capped``
    says whether the cap stopped the search.
    ``complete`` is False when ``max_nodes`` or ``time_limit`` stopped the search before its
    ``iterations`` (with ``iterations=None``, before its first iteration). The root must be
    a player's decision: MCTS chooses a player's move, so a chance node is a ValueError, as
    are more than ``MAX_MCTS_ITERATIONS`` (2**31 - 1) iterations. The state is never
    changed: the search runs on a clone.
    """
    from qsearch.games._game import Game as _PyGame
    if not isinstance(state, _PyGame):
        raise TypeError(f"the compiled MCTS needs a qsearch game, not {type(state).__name__}; "
                        "qsearch.reference.mcts runs on any OpenSpiel-like state")
    check_options(state, iterations, time_limit, c, seed, evaluate, rollout_depth)
    check_mcts_search(state, iterations)
    max_nodes = check_mcts_max_nodes(max_nodes)
    heuristic = as_heuristic(evaluate)
    cdef _Tree t = _Tree()
    t.g = (<Game>state).clone()
    t.c = float(c)
    t.rng = <u64>(operator.index(seed) & 0xFFFFFFFFFFFFFFFF)
    t.heuristic = heuristic
    t.win_value = resolve_win_value(evaluate, win_value, averages="mcts")
    t.python_heuristic = runs_python(heuristic)
    # a cut beyond any game's length (2**31 - 1 moves and more) plays rollouts to the end
    t.rollout_depth = -1 if (heuristic is None or rollout_depth is None) else \
        min(operator.index(rollout_depth), MAX_MCTS_ITERATIONS)
    t.max_nodes = max_nodes or 0
    t.grow_stacks(256)
    t.reserve(1)
    cdef int player = t.g.to_move()
    t.init_node(0, -1, player)
    t.size = 1
    if t.open(0, player):
        raise ValueError(f"max_nodes={max_nodes} cannot hold the root's children")
    if t.pool[0].nchildren == 0:
        raise ValueError("no legal moves at the root: MCTS has no move to choose")
    cdef long long budget = iterations if iterations is not None else -1
    cdef double deadline = 0.0
    cdef long long done = 0
    cdef int depth = 0, nmoves = 0, i
    cdef bint expanded = False, capped = False
    cdef int clock_mask = 0 if t.python_heuristic else 15     # read the clock every 16th
    cdef double result[2]
    events = [] if trace else None
    cdef double start = now()
    if time_limit is not None:
        deadline = now() + time_limit
    while budget < 0 or done < budget:
        if (done & 1023) == 1023:
            PyErr_CheckSignals()               # let Ctrl-C stop a long search
        if deadline and (done & clock_mask) == 0 and now() >= deadline:
            break
        if t.iterate(&depth, &nmoves, &expanded, result):
            capped = True
            break
        done += 1
        if trace:
            events.append(MCTSEvent(
                done, tuple([t.moves[i] for i in range(depth)]), bool(expanded),
                tuple([t.moves[i] for i in range(depth, nmoves)]),
                (result[0], result[1]),
                tuple([t.pool[t.path[i]].n for i in range(depth + 1)]),
                tuple([t.pool[t.path[i]].q for i in range(depth + 1)]),
                tuple([<int>t.pool[t.path[i]].mover for i in range(depth + 1)])))
        t.take_back(nmoves)
    elapsed = now() - start
    complete = not capped and done > 0 and (budget < 0 or done == budget)
    found = _package(t, done, elapsed, float(c), seed, events, keep_tree, complete)
    found.max_nodes, found.capped = max_nodes, bool(capped)
    return found


cdef object _package(_Tree t, long long done, double elapsed, double c, object seed,
                     object events, bint keep_tree, bint complete):
    cdef Node* root = &t.pool[0]
    cdef int i, node, best
    children = sorted(ChildStats(t.pool[i].action, t.pool[i].n, t.pool[i].q)
                      for i in range(root.first, root.first + root.nchildren)
                      if t.pool[i].n > 0)
    best = t.most_visited(0)
    pv = []
    node = best
    while node >= 0:
        pv.append(t.pool[node].action)
        node = t.most_visited(node)
    # breadth first over visited nodes, children in slot order (as the twin)
    cdef long long nodes = 0, generated = 0
    tree = MCTSTree([], [], [], [], []) if keep_tree else None
    order = [(0, -1)]
    while order:
        nxt = []
        for node, parent in order:
            nodes += 1
            index = len(tree.parent) if keep_tree else 0
            if keep_tree:
                tree.parent.append(parent)
                tree.action.append(t.pool[node].action)
                tree.N.append(t.pool[node].n)
                tree.Q.append(t.pool[node].q)
                tree.mover.append(<int>t.pool[node].mover)
            if t.pool[node].first >= 0:
                generated += t.pool[node].nchildren
                for i in range(t.pool[node].first,
                               t.pool[node].first + t.pool[node].nchildren):
                    if t.pool[i].n > 0:
                        nxt.append((i, index))
        order = nxt
    value = t.pool[best].q / t.pool[best].n if best >= 0 else 0.0
    return MCTSResult(
        value=value, action=t.pool[best].action if best >= 0 else None, pv=pv, nodes=nodes,
        generated=generated, leaves=done, cutoffs=0, elapsed=elapsed, algorithm="mcts",
        complete=complete, children=children, simulations=done,
        rollout_moves=t.rollout_moves, c=c, seed=seed, tree=tree, trace=events,
        pool_bytes=t.capacity * sizeof(Node),
    )
