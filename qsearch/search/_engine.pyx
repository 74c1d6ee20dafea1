# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The compiled search core: one generalised negamax that every algorithm runs on.

Minimax, negamax, alpha-beta (fail-soft or fail-hard) and principal variation search are
the same recursion with different switches, written once (no mirrored MAX and MIN
branches). It is a *generalised* negamax: a node's value is returned from the point of view
of a ``perspective`` player given by its parent, and the sign flips only where the player
to move changes, so games whose turns do not alternate are searched correctly.

Contracts (the pure-Python twins in :mod:`qsearch.reference` follow them step for step, and
the tests check that both give the same value, action, principal variation and counts):

* a node is counted in ``nodes`` when it is entered, the root included; a node limit stops
  the search before the node that would exceed it;
* a terminal state scores ``u * (win_value - win_decay * ply)`` for its return ``u`` (0 for
  a draw); a non-terminal node at depth 0 calls the heuristic once (``leaves``) with the
  *root* player's id and the sign is adjusted, so every algorithm sees the same leaf values;
  a Python heuristic (or an order function) that changes the state it is given, or any
  heuristic that returns NaN, stops the search with a ValueError (compiled heuristics are
  package code and are not watched: that costs two key computations a leaf);
* children are searched in the game's order, reordered by ``order`` (priorities or a
  function), then with the transposition table's move first;
* the best action is the first child whose value is strictly greater than all before it
  (the first child if none is);
* a node is cut off once alpha >= beta (``strict``: only once alpha > beta, as document
  002's Alg. 2 writes it);
* fail-soft alpha-beta returns the best value even outside the window; fail-hard clamps to
  [alpha, beta]; a cut-off is counted only when actions were left unsearched;
* the root always searches its moves: the transposition table may put its move first there,
  but never ends the root search (so a table shared between searches always yields a move).

Win scores in the transposition table. A win found ``k`` plies below a node is worth
``win_value - win_decay * (ply + k)`` from the root, so the same position is worth something
else from another root. With ``win_decay > 0`` the table stores such scores relative to the
node (``win_value - win_decay * k``) and converts them back on probe. That is exact when the
win scores are told apart from heuristic values by size: every win score is at least
``win_value - win_decay * MAX_PLY`` (the *win band*) and the heuristic stays below it (checked:
a leaf value inside the band stops the search with a ValueError). When the band is empty
(``win_value <= win_decay * MAX_PLY``, document 000's 10 - ply for instance) no value can be
converted, and a stored value is used only at the ply it was stored at (the move always).

Heuristic values in a table shared between searches from different root players. A leaf is
scored ``evaluate(state, root_player)``, and a heuristic need not be zero-sum (document 001's
``evaluation_table`` is not), so a value stored by a search rooted at one player is not the
value for a search rooted at the other. Each entry records its root player; an entry of
another root player gives its move, and its value only when it is a win score (in the band
above, where a value does not depend on the heuristic).
"""
cimport cython
from libc.math cimport INFINITY, NAN, copysign, fabs, floor, isfinite, nextafter
from libc.stdlib cimport free, malloc

from qsearch.games._game cimport CHANCE, MAX_ACTIONS, TERMINAL, Game
from qsearch.games.connect4 cimport (
    Connect4,
    c4_key,
    c4_legal_moves,
    c4_make,
    c4_to_move,
    c4_unmake,
    c4_utility,
)
from qsearch.games.reversi cimport (
    Reversi,
    rv_key,
    rv_legal_moves,
    rv_make,
    rv_to_move,
    rv_unmake,
    rv_utility,
)
from qsearch.heuristics._heuristic cimport Heuristic
from qsearch.search.callbacks cimport checked_score, runs_python
from qsearch.search.clock cimport now
from qsearch.search.node_prologue cimport (
    TIME_CHECK_MASK,
    Budget,
    depth_reached,
    out_of_budget,
    start_budget,
    terminal_score,
)
from qsearch.search.tt cimport TT_EXACT, TT_LOWER, TT_UPPER, TranspositionTable, TTEntry

from qsearch.core.trace import TraceEvent

cdef enum:
    MAX_PLY = 256               # deepest ply searched; deeper nodes are scored as leaves
    UNRANKED = 1 << 30          # rank of actions not listed in ``order``: they keep their order

cdef enum TableValues:
    PLY_FREE = 0                # win_decay == 0: values do not depend on the ply
    WIN_BAND = 1                # win scores are stored relative to the node
    SAME_PLY = 2                # no band: values are reused only at the ply they were stored

# The win unit of a value: |return| of the finished game it comes from (0: a heuristic's value
# or a draw); a fail-hard bound that is no node's value has an unknown unit.
cdef double UNKNOWN_UNIT = -1.0


# The search below is compiled three times: for Connect-4 and Reversi, whose rules are inline
# functions the C compiler folds into the loop (no call through the class's method table), and
# for any other game through its C-level methods. The three copies run the same code: only
# the calls in the six functions below differ (tests compare node counts across them).
ctypedef fused AnyGame:
    Game
    Connect4
    Reversi


cdef inline int to_move_of(AnyGame g) noexcept:
    if AnyGame is Connect4:
        return c4_to_move(g)
    elif AnyGame is Reversi:
        return rv_to_move(g)
    else:
        return g.to_move()


cdef inline int legal_moves_of(AnyGame g, int* out) noexcept:
    if AnyGame is Connect4:
        return c4_legal_moves(g, out)
    elif AnyGame is Reversi:
        return rv_legal_moves(g, out)
    else:
        return g.legal_moves(out)


cdef inline void make_of(AnyGame g, int move) noexcept:
    if AnyGame is Connect4:
        c4_make(g, move)
    elif AnyGame is Reversi:
        rv_make(g, move)
    else:
        g.make(move)


cdef inline void unmake_of(AnyGame g, int move) noexcept:
    if AnyGame is Connect4:
        c4_unmake(g, move)
    elif AnyGame is Reversi:
        rv_unmake(g, move)
    else:
        g.unmake(move)


cdef inline double utility_of(AnyGame g, int player) noexcept:
    if AnyGame is Connect4:
        return c4_utility(g, player)
    elif AnyGame is Reversi:
        return rv_utility(g, player)
    else:
        return g.utility(player)


cdef inline unsigned long long key_of(AnyGame g) noexcept:
    if AnyGame is Connect4:
        return c4_key(g)
    elif AnyGame is Reversi:
        return rv_key(g)
    else:
        return g.key()


cdef bint specialise = True


def use_specialised(bint on) -> bool:
    """Search Connect-4 and Reversi with their specialised copies (the default) or, with
    ``False``, through the generic one like any other game; returns the previous setting.
    For tests and benchmarks: both give the same values, moves and counts."""
    global specialise
    cdef bint before = specialise
    specialise = on
    return before


def monotonic() -> float:
    """The compiled searches' clock, for Python code that must agree with it."""
    return now()


@cython.final
cdef class Searcher:
    """One search's configuration, counters, principal-variation table and trace."""

    cdef Game state
    cdef Heuristic heuristic
    cdef TranspositionTable tt
    cdef object order_function          # Python callable (state, actions) -> actions, or None
    cdef int* ranks                     # priority of each action (lower first), or NULL
    cdef int n_ranks
    cdef bint prune, fail_hard, use_pvs, strict, tracing, aborted
    cdef double win_value, win_decay, null_window, win_band
    cdef int table_values               # a TableValues
    cdef bint python_heuristic          # a Python function or subclass: guard the state
    cdef int root_player
    cdef Budget budget                  # node and time limits
    cdef int* pv                        # triangular table: row ``ply`` holds that node's line
    cdef int pv_len[MAX_PLY]
    cdef public long long nodes, generated, leaves, cutoffs, researches, tt_hits
    cdef double unit                    # the win unit of the value a node just returned
    cdef long long unsettled_uses       # table values used that were found with a depth limit
    cdef public list trace
    cdef public bint hit_chance

    def __cinit__(self):
        self.pv = NULL
        self.ranks = NULL

    def __dealloc__(self):
        free(self.pv)
        free(self.ranks)

    def configure(self, Game state, heuristic, tt, order, *, bint prune, bint fail_hard,
                  bint use_pvs, bint strict, bint tracing, double win_value, double win_decay,
                  double null_window, long long max_nodes, double time_limit):
        """Set up one search of ``state`` (the caller passes a clone it owns)."""
        self.state = state
        self.heuristic = heuristic
        self.tt = tt
        self.prune, self.fail_hard, self.use_pvs = prune, fail_hard, use_pvs
        self.strict = strict
        self.tracing = tracing
        self.trace = [] if tracing else None
        self.win_value, self.win_decay, self.null_window = win_value, win_decay, null_window
        self.win_band = win_value - win_decay * MAX_PLY
        if win_decay == 0.0:
            self.table_values = PLY_FREE
        elif self.win_band > 0.0:
            self.table_values = WIN_BAND
        else:
            self.table_values = SAME_PLY
        self.root_player = state.to_move()
        self.order_function = None
        free(self.ranks)
        self.ranks = NULL
        self.n_ranks = 0
        if order is not None:
            if callable(order):
                self.order_function = order
            else:                       # checked by the caller: distinct actions in range
                priorities = list(order)
                self.n_ranks = max(priorities) + 1 if priorities else 0
                self.ranks = <int*>malloc(max(self.n_ranks, 1) * sizeof(int))
                if self.ranks == NULL:
                    raise MemoryError(f"cannot allocate the ranks of {self.n_ranks} actions")
                for i in range(self.n_ranks):
                    self.ranks[i] = UNRANKED
                for i, a in enumerate(priorities):
                    self.ranks[a] = i
        # Python code in the search makes nodes slow: then look at the clock at every node.
        self.python_heuristic = python_heuristic = runs_python(heuristic)
        start_budget(&self.budget, max_nodes, time_limit,
                     0 if (self.order_function is not None or python_heuristic)
                     else TIME_CHECK_MASK)
        self.nodes = self.generated = self.leaves = 0
        self.cutoffs = self.researches = self.tt_hits = 0
        self.unit = 0.0
        self.unsettled_uses = 0
        self.aborted = False
        self.hit_chance = False

    def run(self, int depth):
        """Search the root; returns ``(value, best action or None, pv list, complete)``."""
        cdef int rows = min(depth, MAX_PLY - 1) + 2   # one row per ply that can be reached
        free(self.pv)
        self.pv = <int*>malloc(rows * MAX_PLY * sizeof(int))
        if self.pv == NULL:
            raise MemoryError(f"cannot allocate the principal-variation table ({rows} rows)")
        self.pv_len[0] = 0
        cdef double value
        if specialise and type(self.state) is Connect4:   # exactly: a subclass may differ
            value = negamax(self, <Connect4>self.state, depth, -INFINITY, INFINITY,
                            self.root_player, 0, -1, -1)
        elif specialise and type(self.state) is Reversi:
            value = negamax(self, <Reversi>self.state, depth, -INFINITY, INFINITY,
                            self.root_player, 0, -1, -1)
        else:
            value = negamax(self, self.state, depth, -INFINITY, INFINITY, self.root_player, 0,
                            -1, -1)
        pv = [self.pv[i] for i in range(self.pv_len[0])]
        return value, (pv[0] if pv else None), pv, not self.aborted

    # ------------------------------------------------------------------ helpers
    cdef inline double to_root(self, double v, int persp) noexcept:
        return v if persp == self.root_player else -v

    cdef void record(self, str kind, long long node, long long parent, int ply, int action,
                     double alpha, double beta, double value, int player, tuple pruned=()):
        """Append one event, window and value already in the root player's view (NaN: none)."""
        self.trace.append(TraceEvent(
            kind, node, None if parent < 0 else parent, ply, None if action < 0 else action,
            None if alpha != alpha else alpha, None if beta != beta else beta,
            None if value != value else value, player, pruned,
        ))

    cdef void record_window(self, str kind, long long node, int ply, int action, double alpha,
                            double beta, double value, int persp, tuple pruned=()):
        """Record an event whose window and value are in ``persp``'s view."""
        if persp == self.root_player:
            self.record(kind, node, -1, ply, action, alpha, beta, value, persp, pruned)
        else:
            self.record(kind, node, -1, ply, action, -beta, -alpha, -value, persp, pruned)

    cdef int order_moves(self, int* moves, int n, int tt_move) except -1:
        """Put the ``n`` legal ``moves`` in search order."""
        cdef int i, j, m, r
        cdef unsigned long long key
        if self.ranks != NULL:
            for i in range(1, n):           # stable insertion sort by rank
                m = moves[i]
                r = self.rank(m)
                j = i - 1
                while j >= 0 and self.rank(moves[j]) > r:
                    moves[j + 1] = moves[j]
                    j -= 1
                moves[j + 1] = m
        elif self.order_function is not None:
            given = [moves[i] for i in range(n)]
            key = self.state.key()
            ordered = list(self.order_function(self.state, list(given)))
            if self.state.key() != key:
                raise ValueError(
                    f"order function {self.order_function!r} changed the state it was given; "
                    "it must only read it (work on state.clone() to try moves)"
                )
            if sorted(ordered) != sorted(given):
                raise ValueError(
                    f"order function returned {ordered!r}, not a permutation of {given!r}"
                )
            for i in range(n):
                moves[i] = ordered[i]
        if tt_move >= 0:
            for i in range(n):
                if moves[i] == tt_move:
                    for j in range(i, 0, -1):
                        moves[j] = moves[j - 1]
                    moves[0] = tt_move
                    break
        return 0

    cdef inline int rank(self, int move) noexcept:
        return self.ranks[move] if move < self.n_ranks else UNRANKED

    cdef double evaluate(self) except? -1.5e308:
        """The heuristic's value of the current state, from the root player's view, checked."""
        cdef double v = checked_score(self.heuristic, self.state, self.root_player,
                                      self.python_heuristic)
        if self.tt is not None and self.table_values == WIN_BAND and fabs(v) >= self.win_band:
            raise ValueError(
                f"heuristic {self.heuristic!r} returned {v}, inside the win band (|value| >= "
                f"{self.win_band:g} = win_value - win_decay * {MAX_PLY}) where a transposition "
                "table takes it for a win: raise win_value or scale the heuristic down"
            )
        return v

    # A stored value that is a game's result (not a heuristic's), the same for any root player.
    cdef inline bint is_win_score(self, double v, double unit) noexcept:
        return self.table_values == WIN_BAND and (
            unit > 0 or (unit == UNKNOWN_UNIT and fabs(v) >= self.win_band))

    # A win w plies below a node from the root; relative to the node in the table. Returns
    # the stored value and sets ``stored_unit`` (unknown when it cannot be moved exactly).
    cdef inline double to_table(self, double v, int ply, double unit,
                                float* stored_unit) noexcept:
        cdef double win_ply, k, stored
        stored_unit[0] = <float>unit
        if self.table_values != WIN_BAND or unit <= 0 or not isfinite(v):
            return v
        win_ply = self.win_plies(v, unit)
        if <float>unit != unit or win_ply != win_ply:
            stored_unit[0] = <float>UNKNOWN_UNIT
            return v
        k = win_ply - ply
        stored = copysign(unit * (self.win_value - self.win_decay * k), v)
        if self.win_plies(stored, unit) != k:
            stored_unit[0] = <float>UNKNOWN_UNIT
            return v
        return stored

    cdef inline double from_table(self, double v, int ply, double unit) noexcept:
        if self.table_values != WIN_BAND or unit <= 0 or not isfinite(v):
            return v
        return copysign(unit * (self.win_value - self.win_decay * (self.win_plies(v, unit) + ply)),
                        v)

    cdef inline double win_plies(self, double v, double unit) noexcept:
        """The ply of the win ``v`` of size ``unit``, computed as a finished game's score is
        (``unit * (win_value - win_decay * ply)``, the ply a whole number) so that a score
        through the table is the same float as one found by the search; NaN if none is."""
        cdef double k = (self.win_value - fabs(v) / unit) / self.win_decay
        cdef double whole
        if not isfinite(k):
            return NAN
        whole = floor(k + 0.5)
        if unit * (self.win_value - self.win_decay * whole) == fabs(v):
            return whole
        return NAN


# ---------------------------------------------------------------------- the search
cdef inline double leaf_value(Searcher self, AnyGame g, int persp, int ply) except? -1.5e308:
    """``negamax`` at depth 0 without a trace, inlined into its caller (most nodes are these
    leaves, and a call costs as much as the rest of such a node): the same steps and counts."""
    cdef int mover
    cdef double v
    if self.aborted or out_of_budget(&self.budget, self.nodes):
        self.aborted = True
        return 0.0
    self.nodes += 1
    self.pv_len[ply] = 0
    mover = to_move_of(g)
    if mover == TERMINAL:
        v = utility_of(g, persp)
        self.unit = fabs(v)
        return terminal_score(v, self.win_value, self.win_decay, ply)
    if mover == CHANCE:
        self.hit_chance = True
        self.aborted = True
        return 0.0
    self.leaves += 1
    self.unit = 0.0
    v = 0.0
    if self.heuristic is not None:
        v = self.evaluate()
    return v if persp == self.root_player else -v


cdef inline double child_value(Searcher self, AnyGame g, int depth, double alpha, double beta,
                               int persp, int ply, long long parent,
                               int action) except? -1.5e308:
    """The value of a child: ``negamax``, or ``leaf_value`` where that is the same."""
    if depth == 0 and not self.tracing:
        return leaf_value(self, g, persp, ply)
    return negamax(self, g, depth, alpha, beta, persp, ply, parent, action)


cdef double negamax(Searcher self, AnyGame g, int depth, double alpha, double beta, int persp,
                    int ply, long long parent, int action) except? -1.5e308:
    """Value of ``g`` (``self.state``) from ``persp``'s view, window (alpha, beta) in that view."""
    cdef int moves[MAX_ACTIONS]
    cdef int n, i, j, mover, best_move = -1, tt_move = -1, flag
    cdef bint cut = False, answered, narrowed
    cdef double v, best, alpha0, null_beta, sign = 1.0, best_unit = 0.0
    cdef float stored_unit
    cdef long long node, mark
    cdef TTEntry* entry

    if self.aborted or out_of_budget(&self.budget, self.nodes):
        self.aborted = True
        return 0.0
    node = self.nodes
    self.nodes += 1
    self.pv_len[ply] = 0
    mover = to_move_of(g)
    if self.tracing:
        if persp == self.root_player:
            self.record("enter", node, parent, ply, action, alpha, beta, NAN, mover)
        else:
            self.record("enter", node, parent, ply, action, -beta, -alpha, NAN, mover)

    if mover == TERMINAL:
        v = utility_of(g, persp)
        self.unit = fabs(v)
        v = terminal_score(v, self.win_value, self.win_decay, ply)
        if self.tracing:
            self.record("terminal", node, parent, ply, -1, NAN, NAN, self.to_root(v, persp),
                        TERMINAL)
        return v
    if mover == CHANCE:
        self.hit_chance = True
        self.aborted = True
        return 0.0
    if depth_reached(depth, ply, MAX_PLY):
        self.leaves += 1
        self.unit = 0.0
        v = 0.0
        if self.heuristic is not None:
            v = self.evaluate()
        if persp != self.root_player:
            v = -v
        if self.tracing:
            self.record("leaf", node, parent, ply, -1, NAN, NAN, self.to_root(v, persp), mover)
        return v

    if mover != persp:                  # a MIN node for persp: search it as its mover
        sign = -1.0
        alpha, beta = -beta, -alpha

    # The node's value is settled (the same at any depth) when no leaf and no unsettled table
    # value is met below it: these counts do not move between here and the store.
    mark = self.leaves + self.unsettled_uses
    if self.tt is not None:
        entry = self.tt.lookup(key_of(g))
        if entry != NULL:
            tt_move = entry.move
            # The root always searches (it must return a move); deeper, a stored value
            # narrows the window, when it is worth the same here (see the module's notes).
            if (ply > 0 and entry.depth >= depth
                    and (entry.ply == ply or (self.table_values != SAME_PLY and not (
                        entry.unit == UNKNOWN_UNIT and self.table_values == WIN_BAND)))
                    and (entry.root == self.root_player
                         or self.is_win_score(entry.value, entry.unit))):
                # The entry answers when its bound lies beyond the window; else it narrows
                # the window. (Not "alpha >= beta after narrowing": strict searches hand
                # children the empty window (beta, beta), which any entry would "close".)
                v = self.from_table(entry.value, ply, entry.unit)
                answered = entry.flag == TT_EXACT
                narrowed = False
                if entry.flag == TT_LOWER:
                    if v >= beta:
                        answered = True
                    elif v > alpha:
                        alpha = v
                        narrowed = True
                elif entry.flag == TT_UPPER:
                    if v <= alpha:
                        answered = True
                    elif v < beta:
                        beta = v
                        narrowed = True
                if not entry.settled and (answered or narrowed):
                    self.unsettled_uses += 1
                if answered:
                    self.unit = entry.unit
                    self.tt_hits += 1
                    if self.tracing:
                        self.record("tt_hit", node, parent, ply, -1, NAN, NAN,
                                    self.to_root(sign * v, persp), mover)
                    return sign * v

    alpha0 = alpha                      # the window the children get decides the flag
    n = legal_moves_of(g, moves)
    if tt_move >= 0 or self.ranks != NULL or self.order_function is not None:
        self.order_moves(moves, n, tt_move)
    best = -INFINITY
    for i in range(n):
        make_of(g, moves[i])
        self.generated += 1
        if not self.use_pvs or i == 0:
            v = child_value(self, g, depth - 1, alpha, beta, mover, ply + 1, node, moves[i])
        else:
            null_beta = alpha + self.null_window
            if not null_beta > alpha:   # alpha = -inf (or huge): the window would be empty
                null_beta = nextafter(alpha, INFINITY)
            v = child_value(self, g, depth - 1, alpha, null_beta, mover, ply + 1, node,
                            moves[i])
            if alpha < v < beta and not self.aborted:
                self.researches += 1
                if self.tracing:
                    self.record_window("research", node, ply, moves[i], alpha, beta, v,
                                       mover)
                v = child_value(self, g, depth - 1, v, beta, mover, ply + 1, node, moves[i])
        unmake_of(g, moves[i])
        if self.aborted:
            break
        if i == 0 or v > best:
            best = v
            best_unit = self.unit
            best_move = moves[i]
            self.pv[ply * MAX_PLY] = best_move
            self.pv_len[ply] = 1 + self.pv_len[ply + 1]
            for j in range(self.pv_len[ply + 1]):
                self.pv[ply * MAX_PLY + 1 + j] = self.pv[(ply + 1) * MAX_PLY + j]
        if self.prune:
            if best > alpha:
                alpha = best
                if self.tracing:
                    self.record_window("update", node, ply, moves[i], alpha, beta, best,
                                       mover)
            if alpha > beta or (alpha == beta and not self.strict):
                cut = True
                if i < n - 1:
                    self.cutoffs += 1
                    if self.tracing:
                        self.record_window("cutoff", node, ply, moves[i], alpha, beta,
                                           best, mover,
                                           tuple([moves[k] for k in range(i + 1, n)]))
                if self.fail_hard:      # a bound is no node's value: its unit is unknown
                    if best != beta:
                        best_unit = UNKNOWN_UNIT
                    best = beta
                break
    else:
        if self.fail_hard and self.prune:
            if best != alpha:
                best_unit = UNKNOWN_UNIT
            best = alpha

    # A node that cut failed high (its value is a lower bound), even in an empty window. An
    # empty window (strict: alpha == beta) searched fail-hard returns beta whatever the true
    # value: nothing is known, nothing is stored.
    if (self.tt is not None and not self.aborted
            and (cut or not self.fail_hard or alpha0 < beta)):
        if cut:
            flag = TT_LOWER
        elif best <= alpha0:
            flag = TT_UPPER
        elif best >= beta:
            flag = TT_LOWER
        else:
            flag = TT_EXACT
        v = self.to_table(best, ply, best_unit, &stored_unit)
        self.tt.store(key_of(g), v, depth, best_move, flag, ply, self.root_player,
                      stored_unit, mark == self.leaves + self.unsettled_uses)
    if self.tracing:
        self.record("exit", node, parent, ply, best_move, NAN, NAN,
                    self.to_root(sign * best, persp), mover)
    self.unit = best_unit
    return sign * best
