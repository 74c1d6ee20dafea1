# cython: language_level=3, boundscheck=False, wraparound=False
"""Counting game trees: perft, full-tree statistics, distinct positions.

Generic over every game through the C-level interface of :class:`qsearch.games.Game`
(``legal_moves`` / ``make`` / ``unmake`` / ``terminal`` / ``utility`` / ``key``). Every
function works on ``state.clone()``: the caller's state is never changed.

Two ways of counting, and why both matter (document 002, Ch. 1):

* the *game tree* keeps every path: the same position reached by two move orders is two
  nodes (``perft``, ``tree_stats``);
* *positions* merge those transpositions: a position is counted once, by its ``key()``
  (``positions_per_ply``, ``count_positions``). The gap between the two counts is what a
  transposition table saves.

A chance node (dice) counts as a node like any other; its outcomes are its children.
The readable pure-Python twin is :mod:`qsearch.reference.tree_stats`.
"""
import operator

from libc.stdlib cimport free, realloc

from qsearch.games._game cimport MAX_ACTIONS, Game

from qsearch.core.tree_stats_types import TreeStats

__all__ = ["TreeStats", "count_positions", "perft", "positions_per_ply", "tree_stats"]


# ---------------------------------------------------------------------- validation
cdef Game _checked_state(object state):
    """The caller's state as a Game, or TypeError."""
    if not isinstance(state, Game):
        raise TypeError(
            f"state must be a qsearch Game (e.g. TicTacToe()), not {type(state).__name__}"
        )
    return <Game>state


cdef int _checked_depth(object depth, str name) except -1:
    """``depth`` as a non-negative int, or TypeError / ValueError."""
    if isinstance(depth, bool) or not hasattr(depth, "__index__"):
        raise TypeError(f"{name} must be an int, not {type(depth).__name__} ({depth!r})")
    d = operator.index(depth)
    if d < 0:
        raise ValueError(f"{name} must be >= 0, not {d}")
    if d > 100_000:
        raise ValueError(f"{name} = {d} is beyond any game tree we can walk")
    return d


# ---------------------------------------------------------------------------- perft
cdef unsigned long long _perft(Game g, int depth) noexcept:
    """Leaves at exactly ``depth`` plies below ``g``; games that end earlier count 0."""
    cdef int moves[MAX_ACTIONS]
    cdef int i, n
    cdef unsigned long long total = 0
    if depth == 0:
        return 1
    n = g.legal_moves(moves)     # 0 at a terminal state
    if depth == 1:
        return n                 # bulk counting: each legal move is one leaf
    for i in range(n):
        g.make(moves[i])
        total += _perft(g, depth - 1)
        g.unmake(moves[i])
    return total


def perft(state, depth) -> int:
    """Number of move sequences of exactly ``depth`` plies from ``state`` (standard perft).

    Paths that reach a terminal state before ``depth`` plies are not counted, so
    ``perft(s, d)`` is the number of nodes at depth ``d`` of the game tree. Connect-4 from
    the empty board: 7, 49, 343, 2401, 16807, 117649, 823536, 5673234 for depths 1..8.
    ``perft(s, 0) == 1``. Raises TypeError for a non-Game, ValueError for ``depth < 0``.
    """
    cdef Game g = _checked_state(state).clone()
    cdef int d = _checked_depth(depth, "depth")
    return _perft(g, d)


# ------------------------------------------------------------------- full-tree stats
cdef struct Acc:
    unsigned long long nodes
    unsigned long long internal
    unsigned long long terminals
    unsigned long long wins0
    unsigned long long wins1
    unsigned long long draws
    unsigned long long* per_depth     # nodes at each depth, grown on demand
    int capacity                      # length of per_depth
    int max_depth                     # deepest depth seen
    bint out_of_memory


cdef void _grow(Acc* acc, int depth) noexcept:
    """Make room for ``per_depth[depth]`` (doubling), zeroing the new cells."""
    cdef int new_cap = acc.capacity if acc.capacity > 0 else 64
    cdef int i
    while new_cap <= depth:
        new_cap *= 2
    cdef unsigned long long* p = <unsigned long long*>realloc(
        acc.per_depth, new_cap * sizeof(unsigned long long))
    if p == NULL:
        acc.out_of_memory = True
        return
    for i in range(acc.capacity, new_cap):
        p[i] = 0
    acc.per_depth = p
    acc.capacity = new_cap


cdef void _walk(Game g, int depth, Acc* acc) noexcept:
    """Visit every node of the tree below ``g`` (``g`` at ``depth``), counting into ``acc``."""
    cdef int moves[MAX_ACTIONS]
    cdef int i, n
    if depth >= acc.capacity:
        _grow(acc, depth)
        if acc.out_of_memory:
            return
    acc.nodes += 1
    acc.per_depth[depth] += 1
    if depth > acc.max_depth:
        acc.max_depth = depth
    if g.terminal():
        acc.terminals += 1
        if g.utility(0) > 0:
            acc.wins0 += 1
        elif g.utility(1) > 0:
            acc.wins1 += 1
        else:
            acc.draws += 1
        return
    n = g.legal_moves(moves)
    acc.internal += 1
    for i in range(n):
        g.make(moves[i])
        _walk(g, depth + 1, acc)
        g.unmake(moves[i])


def tree_stats(state) -> TreeStats:
    """Statistics of the full game tree below ``state`` (every path; no merging).

    Returns a :class:`TreeStats`: ``nodes`` (root included), ``internal`` (nodes with
    children), ``terminals`` (= finished games), ``wins`` per player, ``draws``,
    ``nodes_per_depth`` and the property ``branching_factor`` = (nodes - 1) / internal.
    Tic-tac-toe from the empty board: 549,946 nodes, 294,778 internal, 255,168 games.
    Only feasible for small trees. Raises TypeError for a non-Game.
    """
    cdef Game g = _checked_state(state).clone()
    cdef Acc acc
    acc.nodes = acc.internal = acc.terminals = 0
    acc.wins0 = acc.wins1 = acc.draws = 0
    acc.per_depth = NULL
    acc.capacity = 0
    acc.max_depth = 0
    acc.out_of_memory = False
    try:
        _walk(g, 0, &acc)
        if acc.out_of_memory:
            raise MemoryError("tree_stats: no memory for the per-depth counts")
        per_depth = tuple(acc.per_depth[i] for i in range(acc.max_depth + 1))
    finally:
        free(acc.per_depth)
    return TreeStats(
        nodes=acc.nodes,
        internal=acc.internal,
        terminals=acc.terminals,
        wins=(acc.wins0, acc.wins1),
        draws=acc.draws,
        nodes_per_depth=per_depth,
    )


# ---------------------------------------------------------------- distinct positions
cdef int _positions(Game g, int ply, int max_ply, list seen) except -1:
    """Record ``g``'s key at ``ply``; expand it only the first time it is seen there.

    The same key at the same ply means the same position, hence the same subtree: a
    transposition is expanded once (this is what keeps the walk small).
    """
    cdef int moves[MAX_ACTIONS]
    cdef int i, n
    cdef set level = <set>seen[ply]
    k = g.key()
    if k in level:
        return 0
    level.add(k)
    if ply == max_ply:
        return 0
    n = g.legal_moves(moves)     # a terminal position counts, but has no children
    for i in range(n):
        g.make(moves[i])
        _positions(g, ply + 1, max_ply, seen)
        g.unmake(moves[i])
    return 0


def positions_per_ply(state, max_ply) -> list:
    """Distinct positions (by ``position_key()``) at each ply 0..``max_ply`` below ``state``.

    Ply 0 is ``state`` itself (count 1). A terminal position counts at its ply but has no
    children. Connect-4 from the empty board, plies 0..8: 1, 7, 49, 238, 1120, 4263,
    16422, 54859, 184275 (OEIS A212693). Raises TypeError for a non-Game, ValueError for
    ``max_ply < 0``.
    """
    cdef Game g = _checked_state(state).clone()
    cdef int m = _checked_depth(max_ply, "max_ply")
    seen = [set() for _ in range(m + 1)]
    _positions(g, 0, m, seen)
    return [len(level) for level in seen]


cdef int _reachable(Game g, set seen, object canonical, set classes) except -1:
    """Add every position reachable from ``g`` (``g`` included) to ``seen``, by key."""
    cdef int moves[MAX_ACTIONS]
    cdef int i, n
    k = g.key()
    if k in seen:
        return 0
    seen.add(k)
    if canonical is not None:
        classes.add(canonical(g.clone()))   # a clone: the function may keep what it gets
    n = g.legal_moves(moves)
    for i in range(n):
        g.make(moves[i])
        _reachable(g, seen, canonical, classes)
        g.unmake(moves[i])
    return 0


def count_positions(state, canonical=None) -> int:
    """Distinct positions reachable from ``state`` (itself included), over all plies.

    With ``canonical`` (a function state -> hashable, e.g. ``TicTacToe.canonical_key``),
    count the distinct classes instead: positions with equal ``canonical(position)`` count
    once. Tic-tac-toe: 5,478 positions, 765 up to the 8 symmetries of the board.
    Raises TypeError for a non-Game or a ``canonical`` that is not callable.
    """
    cdef Game g = _checked_state(state).clone()
    if canonical is not None and not callable(canonical):
        raise TypeError(f"canonical must be callable or None, not {type(canonical).__name__}")
    cdef set seen = set()
    cdef set classes = set()
    _reachable(g, seen, canonical, classes)
    return len(seen) if canonical is None else len(classes)
