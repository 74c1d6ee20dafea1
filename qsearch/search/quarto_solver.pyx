# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Exact Quarto solver (compiled), for document 000's variant and for standard Quarto.

Negamax with alpha-beta on three integers (occupied squares, used pieces, the four attribute
planes of :mod:`qsearch.games.quarto`), made exact by four things:

* **win in one**: a node whose mover can complete a line at once is a win without a search
  (the quickest win there is); its parent therefore never searches a move that hands the
  opponent such a win. In document 000's variant a move (square ``s``, piece ``p``) hands
  one exactly when it makes a line of three sharing a value ``v`` whose fourth square is
  empty while another free piece has ``v``: the *safe pieces* of each square come out of
  a few masks (:func:`safe_moves`), no child is made to find out;
* **a transposition table keyed by the position**: the board (occupied mask and planes,
  which determine every piece) and the piece in hand; the order of the placements that led
  there does not matter. Entries are 16 bytes, two per bucket, the shallower kept;
* **bounds from the number of pieces**: a mover with no immediate win wins at the earliest
  with the piece after next, and one who has a safe move loses at the earliest two
  placements after that; the window is narrowed to these before any move is searched;
* **move ordering**: the table's best move first, then the moves that leave the opponent
  the fewest safe replies.

Symmetry is used above the solver (:mod:`qsearch.proofs.quarto_own` solves one position of
each symmetry class of the first placements) and, with ``symmetry_until=k``, inside the table:
a position with at most ``k`` pieces is stored and looked up under its class of the 12,288
symmetries (the smallest image, :func:`class_key`), its best move mapped to and from the
class's coordinates (the code is ``quarto_classes.pxd``). Off by default:
``benchmarks/README.md`` measures where it pays.

Scores (for the side to move): ``17 - n`` when it wins with the ``n``-th piece placed on the
board, 0 for a draw, ``-(17 - n)`` when it loses to the ``n``-th piece. The distance in
plies is ``n`` minus the pieces on the board now. ``weak=True`` only finds the sign.

:mod:`qsearch.reference.quarto_solver` is the readable pure-Python twin: same algorithm,
same order, same scores and node counts (with a table large enough to keep everything).
"""
import warnings

from libc.stdlib cimport free
from libc.string cimport memset
from posix.stdlib cimport posix_memalign

from qsearch.core.bits cimport ctz32, popcount32, splitmix_finalise, u32, u64
from qsearch.games.quarto cimport OwnPieceQuarto, Quarto, QuartoBoard
from qsearch.games.quarto_lines cimport QuartoLines, fill_quarto_lines, plane_bits
from qsearch.search.quarto_classes cimport (QuartoSymmetries, class_key_of,
                                            fill_quarto_symmetries, move_from_class,
                                            move_to_class)
from qsearch.search.clock cimport now

from qsearch.core.checks import check_limits
from qsearch.core.results import SolveResult

cdef QuartoLines Q
fill_quarto_lines(&Q)

cdef enum:
    EMPTY_FLAG = 0
    LOWER = 1
    UPPER = 2
    EXACT = 3
    NO_HAND = 16
    MIN_BITS = 8
    MAX_BITS = 30
    OWN = 0
    STANDARD = 1
    CHECK_EVERY = 4095      # the clock and node limit are read once every 4096 nodes


cdef struct Entry:
    u64 planes
    unsigned short occ
    signed char value
    unsigned char flag
    unsigned char move      # best move, 16 * square + piece (own) or gift (standard)
    unsigned char hand      # piece in hand (standard), NO_HAND otherwise
    unsigned short gen


cdef struct Search:
    Entry* table
    int bits
    u64 index_mask          # even indices: a bucket is two entries
    unsigned short gen
    int variant
    bint use_table
    bint use_order
    int symmetry_until      # positions with at most this many pieces: keyed by class (-1: none)
    long long nodes
    long long max_nodes     # 0: none
    double deadline         # 0: none
    bint stopped


# the symmetries, filled on first use (the square permutations come from quarto_symmetry)
cdef QuartoSymmetries SYM
cdef bint symmetry_ready = False


def _fill_symmetry():
    """Copy the twin's symmetry tables into the C arrays (once)."""
    global symmetry_ready
    from qsearch.reference.quarto_solver import symmetry_tables

    fill_quarto_symmetries(&SYM, symmetry_tables())
    symmetry_ready = True


def class_key(occ, planes, hand):
    """``(occ, planes, hand, (g, a, c))``: a position's class key as the table uses it (the
    twin's :func:`qsearch.reference.quarto_solver.class_key`, which tests compare it with);
    ``hand`` 16 when there is none."""
    cdef u32 kocc
    cdef u64 kplanes
    cdef int khand
    cdef int sym[3]
    if not symmetry_ready:
        _fill_symmetry()
    if not (0 <= occ <= 0xFFFF and 0 <= planes < 2 ** 64 and 0 <= hand <= NO_HAND):
        raise ValueError("occ is 16 bits, planes 64 bits, hand 0..16")
    class_key_of(&SYM, &Q, occ, planes, hand, &kocc, &kplanes, &khand, sym)
    return kocc, kplanes, khand, (sym[0], sym[1], sym[2])


cdef inline u64 bucket_of(Search* S, u32 occ, u64 planes, int hand) noexcept nogil:
    """The first of the two slots of the position's bucket (the twin hashes it alike)."""
    return splitmix_finalise(planes ^ (<u64>occ << 7) ^ (<u64>hand << 40) ^ occ) & S.index_mask


cdef inline u32 winning_pieces(u32 occ, u64 planes) noexcept nogil:
    """Pieces that would complete a line sharing a value on some empty square."""
    cdef u32 out = 0, here, x, line
    cdef int i, k
    for i in range(10):
        line = Q.lines[i]
        here = occ & line
        if popcount32(here) != 3:
            continue
        for k in range(4):
            x = plane_bits(planes, k, here)
            if x == 0:
                out |= Q.value_pieces[k][0]
            elif x == here:
                out |= Q.value_pieces[k][1]
    return out


cdef inline u32 unsafe_pieces(u32 occ, u64 planes, u32 free_pc, int s) noexcept nogil:
    """Own variant: the free pieces that, placed on empty ``s``, let the opponent win at once.

    Precondition: the mover has no winning move. Then a placement hands over a win exactly
    when it makes a new line of three sharing a value ``v`` (two pieces already there, the
    fourth square empty) and another free piece has ``v`` (a lone such piece is used up).
    """
    cdef u32 bad = 0, here, x, cand, others
    cdef int i, k, v
    for i in range(Q.n_square_lines[s]):
        others = Q.square_lines[s][i] & ~(1u << s)
        here = occ & others
        if popcount32(here) != 2:
            continue
        for k in range(4):
            x = plane_bits(planes, k, here)
            if x == 0:
                v = 0
            elif x == here:
                v = 1
            else:
                continue
            cand = free_pc & Q.value_pieces[k][v]
            if cand & (cand - 1):
                bad |= cand
    return bad


cdef inline int safe_moves(Search* S, u32 occ, u32 used, u64 planes, int hand,
                           int* moves) noexcept nogil:
    """The moves that do not hand the opponent a win at once, squares then pieces ascending.

    Own variant: ``16 * square + piece``. Standard: ``16 * square + gift`` (the piece in
    hand goes on ``square``, the gift is the piece the opponent must place).
    """
    cdef u32 free_sq = ~occ & 0xFFFF, free_pc = ~used & 0xFFFF, safe, nocc
    cdef u64 nplanes
    cdef int s, n = 0
    while free_sq:
        s = ctz32(free_sq)
        free_sq &= free_sq - 1
        if S.variant == OWN:
            safe = free_pc & ~unsafe_pieces(occ, planes, free_pc, s)
        else:
            nocc = occ | (1u << s)
            nplanes = planes | (Q.piece_planes[hand] << s)
            safe = free_pc & ~winning_pieces(nocc, nplanes)
        while safe:
            moves[n] = 16 * s + ctz32(safe)
            safe &= safe - 1
            n += 1
    return n


cdef inline bint can_win(Search* S, u32 occ, u32 used, u64 planes, int hand) noexcept nogil:
    """True if the mover completes a line sharing a value with the next placement."""
    if S.variant == OWN:
        return (winning_pieces(occ, planes) & ~used & 0xFFFF) != 0
    return (winning_pieces(occ, planes) >> hand) & 1


cdef inline Entry* tt_probe(Search* S, u32 occ, u64 planes, int hand) noexcept nogil:
    cdef u64 i = bucket_of(S, occ, planes, hand)
    cdef Entry* e = &S.table[i]
    if e.gen == S.gen and e.planes == planes and e.occ == occ and e.hand == hand:
        return e
    e = &S.table[i + 1]
    if e.gen == S.gen and e.planes == planes and e.occ == occ and e.hand == hand:
        return e
    return NULL


cdef inline void tt_store(Search* S, u32 occ, u64 planes, int hand, int value, int flag,
                          int move) noexcept nogil:
    """Store in the bucket: over the same position, else an old or empty slot, else over the
    deeper of the two (more pieces: cheaper to recompute)."""
    cdef u64 i = bucket_of(S, occ, planes, hand)
    cdef Entry* a = &S.table[i]
    cdef Entry* b = &S.table[i + 1]
    cdef Entry* e
    if a.gen == S.gen and a.planes == planes and a.occ == occ and a.hand == hand:
        e = a
    elif b.gen == S.gen and b.planes == planes and b.occ == occ and b.hand == hand:
        e = b
    elif a.gen != S.gen:
        e = a
    elif b.gen != S.gen:
        e = b
    elif popcount32(a.occ) >= popcount32(b.occ):
        e = a
    else:
        e = b
    e.planes = planes
    e.occ = <unsigned short>occ
    e.hand = <unsigned char>hand
    e.value = <signed char>value
    e.flag = <unsigned char>flag
    e.move = <unsigned char>move
    e.gen = S.gen


cdef inline void child_of(Search* S, u32 occ, u32 used, u64 planes, int hand, int move,
                          u32* cocc, u32* cused, u64* cplanes, int* chand) noexcept nogil:
    cdef int s = move >> 4, p = move & 15
    if S.variant == OWN:
        cocc[0] = occ | (1u << s)
        cused[0] = used | (1u << p)
        cplanes[0] = planes | (Q.piece_planes[p] << s)
        chand[0] = NO_HAND
    else:
        cocc[0] = occ | (1u << s)
        cused[0] = used | (1u << p)
        cplanes[0] = planes | (Q.piece_planes[hand] << s)
        chand[0] = p


cdef inline int count_replies(Search* S, u32 occ, u32 used, u64 planes, int hand) noexcept nogil:
    """How many safe moves the mover of this position has (for move ordering)."""
    cdef u32 free_sq = ~occ & 0xFFFF, free_pc = ~used & 0xFFFF, nocc
    cdef int s, n = 0
    while free_sq:
        s = ctz32(free_sq)
        free_sq &= free_sq - 1
        if S.variant == OWN:
            n += popcount32(free_pc & ~unsafe_pieces(occ, planes, free_pc, s))
        else:
            nocc = occ | (1u << s)
            n += popcount32(free_pc & ~winning_pieces(nocc,
                                                      planes | (Q.piece_planes[hand] << s)))
    return n


cdef int negamax(Search* S, u32 occ, u32 used, u64 planes, int hand, int alpha,
                 int beta) noexcept nogil:
    """Score for the mover within ``alpha < beta`` (fail-soft outside).

    Precondition: the mover cannot win with this placement (the caller checked it).
    """
    cdef int n = popcount32(occ)
    cdef int moves[256]
    cdef int keys[256]
    cdef int count, i, j, score, best, best_move, alpha0, lo, hi, tt_move = -1, m, key
    cdef u32 cocc, cused
    cdef u64 cplanes
    cdef int chand
    cdef Entry* e
    cdef u32 kocc = occ
    cdef u64 kplanes = planes
    cdef int khand = hand
    cdef int sym[3]
    cdef bint by_class = False
    S.nodes += 1
    if (S.nodes & CHECK_EVERY) == 0 and (
            (S.max_nodes and S.nodes >= S.max_nodes)
            or (S.deadline > 0 and now() >= S.deadline)):
        S.stopped = True
    if S.stopped:
        return 0
    if n >= 15:
        return 0            # the last placement, which does not win: a draw
    count = safe_moves(S, occ, used, planes, hand, moves)
    if count == 0:
        return -(17 - (n + 2))      # every placement lets the opponent win with the next
    # a safe move exists: the opponent cannot win with the next piece
    lo = -(17 - (n + 4)) if n + 4 <= 16 else 0
    hi = 17 - (n + 3) if n + 3 <= 16 else 0
    if alpha < lo:
        alpha = lo
    if beta > hi:
        beta = hi
    if alpha >= beta:
        return alpha
    if S.use_table:
        if n <= S.symmetry_until:
            by_class = True
            class_key_of(&SYM, &Q, occ, planes, hand, &kocc, &kplanes, &khand, sym)
        e = tt_probe(S, kocc, kplanes, khand)
        if e != NULL:
            tt_move = move_from_class(&SYM, e.move, sym) if by_class else e.move
            if e.flag == EXACT:
                return e.value
            if e.flag == LOWER:
                if e.value > alpha:
                    alpha = e.value
            elif e.value < beta:
                beta = e.value
            if alpha >= beta:
                return e.value
    if S.use_order and count > 1:
        # fewest safe replies for the opponent first (stable), the table's move before all
        for i in range(count):
            m = moves[i]
            if m == tt_move:
                key = -1
            else:
                child_of(S, occ, used, planes, hand, m, &cocc, &cused, &cplanes, &chand)
                key = count_replies(S, cocc, cused, cplanes, chand)
            j = i
            while j > 0 and keys[j - 1] > key:
                keys[j] = keys[j - 1]
                moves[j] = moves[j - 1]
                j -= 1
            keys[j] = key
            moves[j] = m
    elif tt_move >= 0:
        for i in range(count):
            if moves[i] == tt_move:
                for j in range(i, 0, -1):
                    moves[j] = moves[j - 1]
                moves[0] = tt_move
                break
    alpha0 = alpha
    best = -100
    best_move = moves[0]
    for i in range(count):
        child_of(S, occ, used, planes, hand, moves[i], &cocc, &cused, &cplanes, &chand)
        score = -negamax(S, cocc, cused, cplanes, chand, -beta, -alpha)
        if S.stopped:
            return 0
        if score > best:
            best = score
            best_move = moves[i]
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    break
    if S.use_table:
        if by_class:
            best_move = move_to_class(&SYM, best_move, sym)
        if best >= beta:
            tt_store(S, kocc, kplanes, khand, best, LOWER, best_move)
        elif best > alpha0:
            tt_store(S, kocc, kplanes, khand, best, EXACT, best_move)
        else:
            tt_store(S, kocc, kplanes, khand, best, UPPER, best_move)
    return best


cdef int solve_c(Search* S, u32 occ, u32 used, u64 planes, int hand, bint weak) noexcept nogil:
    """Exact (or sign-only) score of a position whose mover has no immediate win.

    ``weak``: one search with the window (-1, 1), whose fail-soft result has the right sign.
    Exact: null-window probes narrow ``[lo, hi]`` (biased towards 0, the common case).
    """
    cdef int n = popcount32(occ), lo, hi, med, r
    if weak:
        r = negamax(S, occ, used, planes, hand, -1, 1)
        return (r > 0) - (r < 0)
    lo = -(17 - (n + 2))
    hi = 17 - (n + 3) if n + 3 <= 16 else 0
    while lo < hi and not S.stopped:
        med = lo + (hi - lo) // 2
        if med <= 0 and lo // 2 < med:
            med = lo // 2               # cdivision: rounds towards zero
        elif med >= 0 and hi // 2 > med:
            med = hi // 2
        r = negamax(S, occ, used, planes, hand, med, med + 1)
        if r <= med:
            hi = r
        else:
            lo = r
    return lo


cdef class QuartoSolver:
    """Exact solver for :class:`~qsearch.games.OwnPieceQuarto` and
    :class:`~qsearch.games.Quarto`, whose transposition table persists across calls.

    ``QuartoSolver(table_bits=22, table=True, order=True, symmetry_until=-1)``:
    ``2**table_bits`` entries of 16 bytes (64 MiB for 22). ``table=False`` / ``order=False``
    switch the table or the move ordering off (a second, table-free engine for checking; the
    plain move order). ``symmetry_until=k`` stores and looks up the positions with at most
    ``k`` pieces under their symmetry class (-1, the default: none).
    """

    cdef Search S
    cdef readonly int table_bits

    def __cinit__(self, int table_bits=22, bint table=True, bint order=True,
                  int symmetry_until=-1):
        cdef void* p = NULL
        cdef size_t size
        self.S.table = NULL
        if not MIN_BITS <= table_bits <= MAX_BITS:
            raise ValueError(f"table_bits must be in {MIN_BITS}..{MAX_BITS}, not {table_bits}")
        if not -1 <= symmetry_until <= 16:
            raise ValueError(f"symmetry_until must be in -1..16, not {symmetry_until}")
        if symmetry_until >= 0 and not symmetry_ready:
            _fill_symmetry()
        self.S.symmetry_until = symmetry_until
        size = ((<size_t>1) << table_bits) * sizeof(Entry)
        if posix_memalign(&p, 64, size) != 0 or p == NULL:
            raise MemoryError(f"cannot allocate a table of 2**{table_bits} entries")
        memset(p, 0, size)
        self.S.table = <Entry*>p
        self.table_bits = table_bits
        self.S.bits = table_bits
        self.S.index_mask = (((<u64>1) << table_bits) - 1) & ~(<u64>1)
        self.S.gen = 1
        self.S.use_table = table
        self.S.use_order = order
        self.S.nodes = 0

    def __dealloc__(self):
        free(self.S.table)

    def reset(self):
        """Forget every stored position (a new generation; a full clear when it wraps)."""
        self.S.gen += 1
        if self.S.gen == 0xFFFF:
            memset(self.S.table, 0, ((<size_t>1) << self.S.bits) * sizeof(Entry))
            self.S.gen = 1

    def solve(self, state, weak=False, max_nodes=None, time_limit=None, *, node_limit=None):
        """Solve ``state`` (a non-terminal Quarto of either variant): a :class:`SolveResult`.

        ``score`` is for the player to move (see the module's docstring); ``weak=True`` finds
        only its sign (-1, 0, 1), much faster. ``max_nodes`` / ``time_limit`` (seconds)
        stop the search, both looked at every 4096 nodes: ``score`` is then None. The state
        is not modified. A standard Quarto state waiting for a gift is solved as the best
        gift. ``node_limit`` is the deprecated old name of ``max_nodes``.
        """
        max_nodes = _renamed_node_limit(max_nodes, node_limit)
        cdef QuartoBoard b = _checked(state)
        limit_nodes, limit_time = check_limits(max_nodes, time_limit)
        self.S.variant = OWN if isinstance(state, OwnPieceQuarto) else STANDARD
        self.S.max_nodes = limit_nodes
        self.S.deadline = now() + limit_time if limit_time > 0 else 0.0
        self.S.stopped = False
        self.S.nodes = 0
        cdef double t0 = now()
        cdef int score
        score = self._score(b.occupied, b.used, b.planes, b.in_hand, bool(weak))
        elapsed = now() - t0
        if self.S.stopped:
            return SolveResult(None, self.S.nodes, elapsed)
        return SolveResult(score, self.S.nodes, elapsed)

    cdef int _score(self, u32 occ, u32 used, u64 planes, int hand, bint weak):
        """Score of a non-terminal position for its mover (a gift position: the best gift)."""
        cdef int n = popcount32(occ), best, r, q
        cdef u32 free_pc
        if self.S.variant == STANDARD and hand < 0:
            # the mover gives a piece: the best of the opponent's positions, negated
            best = -100
            free_pc = ~used & 0xFFFF
            while free_pc:
                q = ctz32(free_pc)
                free_pc &= free_pc - 1
                if can_win(&self.S, occ, used | (1u << q), planes, q):
                    r = -(1 if weak else 17 - (n + 1))
                else:
                    with nogil:
                        r = -solve_c(&self.S, occ, used | (1u << q), planes, q, weak)
                if r > best:
                    best = r
                if self.S.stopped:
                    break
            return best
        if hand < 0:
            hand = NO_HAND
        if can_win(&self.S, occ, used, planes, hand):
            return 1 if weak else 17 - (n + 1)
        with nogil:
            r = solve_c(&self.S, occ, used, planes, hand, weak)
        return r

    def analyze(self, state, weak=False):
        """``{action: score}`` of every legal action of ``state`` for the player to move
        (the score the mover gets by playing it; see :meth:`solve`)."""
        _checked(state)
        out = {}
        for a in state.legal_actions():
            child = state.child(a)
            if child.is_terminal():
                r = child.returns()[state.current_player()]
                n = child.num_placed()
                out[a] = 0 if r == 0 else (int(r) if weak else int(r) * (17 - n))
                continue
            res = self.solve(child, weak=weak)
            if child.current_player() == state.current_player():
                out[a] = res.score       # standard Quarto: a placement, then my own gift
            else:
                out[a] = -res.score
        return out

    def table_move(self, state):
        """The best move the table holds for ``state`` (after a :meth:`solve` of it), or None.

        Document 000's variant: an action ``16 * square + piece``. Standard Quarto (a
        position with a piece in hand): ``(square, gift)``. After a weak solve that found a
        win this is a winning move; callers that need certainty re-solve its child.
        """
        cdef QuartoBoard b = _checked(state)
        cdef int hand = NO_HAND if b.in_hand < 0 else b.in_hand
        cdef u32 kocc = b.occupied
        cdef u64 kplanes = b.planes
        cdef int khand = hand, move
        cdef int sym[3]
        cdef bint by_class = popcount32(b.occupied) <= self.S.symmetry_until
        if by_class:
            class_key_of(&SYM, &Q, b.occupied, b.planes, hand, &kocc, &kplanes, &khand, sym)
        cdef Entry* e = tt_probe(&self.S, kocc, kplanes, khand)
        if e == NULL or e.flag == EMPTY_FLAG:
            return None
        move = move_from_class(&SYM, e.move, sym) if by_class else e.move
        if isinstance(state, OwnPieceQuarto):
            return move
        return (move >> 4, move & 15)

    @property
    def nodes(self):
        """Nodes of the last solve."""
        return self.S.nodes


cdef QuartoBoard _checked(state):
    if not isinstance(state, (OwnPieceQuarto, Quarto)):
        raise TypeError(f"expected an OwnPieceQuarto or Quarto state, not "
                        f"{type(state).__name__}")
    if state.is_terminal():
        raise ValueError("the game is already over: nothing to solve")
    return <QuartoBoard>state


def _renamed_node_limit(max_nodes, node_limit):
    """``max_nodes``, or the value given under its old name ``node_limit`` (with a warning)."""
    if node_limit is None:
        return max_nodes
    if max_nodes is not None:
        raise TypeError("give max_nodes only: node_limit is its old, deprecated name")
    # stacklevel=1: compiled functions push no Python frame, so this names the caller's line
    warnings.warn("node_limit is deprecated and will be removed in the next release; use "
                  "max_nodes, as every other search does", DeprecationWarning, stacklevel=1)
    return node_limit


def solve(state, weak=False, max_nodes=None, time_limit=None, table_bits=20, *,
          node_limit=None):
    """Solve ``state`` with a fresh :class:`QuartoSolver` (see :meth:`QuartoSolver.solve`)."""
    max_nodes = _renamed_node_limit(max_nodes, node_limit)
    return QuartoSolver(table_bits).solve(state, weak=weak, max_nodes=max_nodes,
                                          time_limit=time_limit)


def describe(score, placed):
    """Words for a score: ``"win with piece 9 (2 plies)"``, ``"draw"``, ``"loss ..."``."""
    if score is None:
        return "unknown (stopped)"
    if score == 0:
        return "draw"
    n = 17 - abs(score)
    kind = "win" if score > 0 else "loss"
    return f"{kind}: the winning piece is number {n} ({n - placed} plies)"
