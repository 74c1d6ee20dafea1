# cython: language_level=3, boundscheck=False, wraparound=False
"""Exact Connect-4 solver (compiled), in the spirit of Pascal Pons' "Solving Connect 4".

Negamax with alpha-beta on the bitboards of :class:`qsearch.games.connect4.Connect4`,
driven by null-window searches that narrow ``[min, max]`` around the true score; a
transposition table with an explicit EXACT / LOWER / UPPER flag per entry; moves restricted
to the non-losing ones, ordered by the threats they create (ties: centre first); the bounds
implied by the number of stones left tighten the window before any move is searched.

:mod:`qsearch.reference.connect4_solver` is the readable pure-Python twin: same algorithm, same
move order, same table (and the same growth of it), same scores and the same node counts.

Score convention (the published benchmark files): for the side to move, ``(44 - n) // 2``
if it wins with the ``n``-th stone on the board, 0 for a draw, negative for a loss.
"""
from libc.stdlib cimport free
from libc.string cimport memset
from posix.mman cimport MADV_HUGEPAGE, madvise
from posix.stdlib cimport posix_memalign

from qsearch.core.bits cimport murmur_finalise, popcount64, prefetch, u64
from qsearch.games.connect4 cimport Connect4
from qsearch.search.clock cimport now

from qsearch.core.checks import check_bits
from qsearch.core.results import SolveResult

# --- bitboard constants (bit 7*col + row, one guard bit on top of each column) ---------------
cdef enum:
    WIDTH = 7
    HEIGHT = 6
    CELLS = 42

cdef u64 BOTTOM = 0x0040810204081         # bit 0 of every column
cdef u64 BOARD = 0x0FDFBF7EFDFBF          # the 42 playable cells (guard bits excluded)
cdef u64 COLUMN = 0x3F                    # the 6 cells of column 0; shift by 7*col
cdef int[7] ORDER = [3, 2, 4, 1, 5, 0, 6]  # centre first

# --- transposition table -------------------------------------------------------------------
# One entry is a single 64-bit word (one memory access per probe):
#   bits  0 .. 48   the position key itself (mover's stones + mask, < 2**49), compared whole
#   bits 49 .. 54   value + 32
#   bits 55 .. 56   flag: EXACT, LOWER (value <= true score) or UPPER (true score <= value);
#                   0 for an empty slot
# A key goes to slot murmur_finalise(key) & (2**used_bits - 1). The table grows with the search:
# a solve from a reset table uses the first 2**START_BITS slots, and one more bit of index every
# time the nodes searched since the reset reach the slots in use, up to 2**table_bits. Small
# searches thus stay in the caches instead of touching a new line of a 128 MiB table at every
# node (the cost that dominated them). A growth moves every entry to its slot in the larger
# table (same low bits: it stays or moves up by the old size), about one memory pass per node
# searched so far. reset() clears only the slots used since the last one.
cdef enum:
    EMPTY = 0
    LOWER = 1
    UPPER = 2
    EXACT = 3
    MIN_BITS = 10
    MAX_BITS = 30
    START_BITS = 12
    # Positions with this many stones or more neither read nor write the table: their
    # subtrees are so small that searching them again costs less than the memory traffic
    # (measured on the published sets: about 10% faster on searches of tens of millions of
    # nodes for 5-15% more nodes, unchanged on small ones).
    TABLE_MOVES = 36
    VALUE_SHIFT = 49
    FLAG_SHIFT = 55
    HUGE_PAGE = 1 << 21

cdef u64 KEY_MASK = ((<u64>1) << VALUE_SHIFT) - 1


cdef struct Search:
    u64* table
    int bits             # table size = 2**bits
    int used_bits        # slots in use since the last reset: 2**used_bits
    u64 index_mask       # 2**used_bits - 1
    u64 grow_at          # grow the slots in use when `since_reset` reaches this
    u64 since_reset      # negamax calls since the last reset
    u64 nodes            # negamax calls of the current solve
    int lo, hi           # the score's bounds so far (for progress reports while it runs)


# ------------------------------------------------------------------------- bitboard helpers
cdef inline u64 winning_cells(u64 pos, u64 mask) noexcept nogil:
    """Empty cells that would complete four in a row for the stones ``pos``."""
    cdef u64 r, p
    r = (pos << 1) & (pos << 2) & (pos << 3)                 # vertical: three below
    p = (pos << 7) & (pos << 14)                             # horizontal
    r |= p & (pos << 21)
    r |= p & (pos >> 7)
    p = (pos >> 7) & (pos >> 14)
    r |= p & (pos << 7)
    r |= p & (pos >> 21)
    p = (pos << 6) & (pos << 12)                             # diagonal, step 6
    r |= p & (pos << 18)
    r |= p & (pos >> 6)
    p = (pos >> 6) & (pos >> 12)
    r |= p & (pos << 6)
    r |= p & (pos >> 18)
    p = (pos << 8) & (pos << 16)                             # diagonal, step 8
    r |= p & (pos << 24)
    r |= p & (pos >> 8)
    p = (pos >> 8) & (pos >> 16)
    r |= p & (pos << 8)
    r |= p & (pos >> 24)
    return r & (BOARD ^ mask)


cdef inline u64 playable(u64 mask) noexcept nogil:
    """The lowest empty cell of every non-full column."""
    return (mask + BOTTOM) & BOARD


cdef inline u64 non_losing_moves(u64 cur, u64 mask) noexcept nogil:
    """Playable cells after which the opponent cannot win at once (0: every move loses)."""
    cdef u64 possible = playable(mask)
    cdef u64 threats = winning_cells(cur ^ mask, mask)
    cdef u64 forced = possible & threats
    if forced:
        if forced & (forced - 1):          # two immediate threats: cannot block both
            return 0
        possible = forced                  # must block the only one
    return possible & ~(threats >> 1)      # never play just below an opponent's threat


cdef inline void tt_store(u64* slot, u64 key, int value, u64 flag) noexcept nogil:
    """Store in ``slot``; always replace (the newest is the likeliest reused)."""
    slot[0] = key | ((<u64>(value + 32)) << VALUE_SHIFT) | (flag << FLAG_SHIFT)


cdef inline void use_bits(Search* s, int bits) noexcept nogil:
    """Use the first ``2**bits`` slots of the table from now on."""
    s.used_bits = bits
    s.index_mask = ((<u64>1) << bits) - 1
    s.grow_at = (<u64>1) << bits if bits < s.bits else <u64>-1


cdef void grow(Search* s) noexcept nogil:
    """Double the slots in use, moving every stored entry to its slot in the larger table
    (same low bits: it stays, or moves up by the old size)."""
    cdef u64 old = s.index_mask + 1, i, e
    use_bits(s, s.used_bits + 1)
    for i in range(old):
        e = s.table[i]
        if e and murmur_finalise(e & KEY_MASK) & old:
            s.table[i + old] = e
            s.table[i] = 0


# ---------------------------------------------------------------------------- the search
cdef int negamax(Search* s, u64 cur, u64 mask, int moves, int alpha, int beta) noexcept nogil:
    """Score of the position for the mover, within ``alpha < beta`` (fail-soft bounds outside).

    ``cur``: the mover's stones; ``mask``: all stones; ``moves``: stones on the board.
    Precondition: the mover cannot win with its next stone (callers check it).
    """
    cdef u64 nxt, key, e, m, flag, t
    cdef u64* slot
    cdef u64 mv[7]
    cdef int sc[7]
    cdef int n = 0, i, j, k, bound, value, score, alpha0
    s.nodes += 1
    s.since_reset += 1
    if s.since_reset >= s.grow_at:
        grow(s)

    nxt = non_losing_moves(cur, mask)
    if nxt == 0:                                # the opponent wins with its next stone
        return -((CELLS - moves) // 2)
    if moves >= CELLS - 2:                      # nobody can win any more
        return 0

    bound = -((CELLS - 2 - moves) // 2)         # the opponent cannot win with its next stone
    if alpha < bound:
        alpha = bound
        if alpha >= beta:
            return alpha
    bound = (CELLS - 1 - moves) // 2            # we cannot win with our next stone
    if beta > bound:
        beta = bound
        if alpha >= beta:
            return beta

    # Warm the cache: each child starts by reading its table slot, a likely cache miss on a
    # large table; fetching them all now, before this node's own probe and move
    # ordering, overlaps those memory latencies with that work.
    t = nxt if moves + 1 < TABLE_MOVES else 0
    while t:
        prefetch(&s.table[murmur_finalise((cur ^ mask) + (mask | (t & (~t + 1))))
                          & s.index_mask])
        t &= t - 1

    key = cur + mask
    slot = &s.table[murmur_finalise(key) & s.index_mask]
    e = slot[0] if moves < TABLE_MOVES else 0
    flag = (e >> FLAG_SHIFT) & 3
    if flag != EMPTY and (e & KEY_MASK) == key:
        value = <int>((e >> VALUE_SHIFT) & 63) - 32
        if flag == EXACT:
            return value
        if flag == LOWER:
            if alpha < value:
                alpha = value
                if alpha >= beta:
                    return alpha
        elif beta > value:
            beta = value
            if alpha >= beta:
                return beta

    # order: most threats created first, ties kept centre first (stable insertion sort)
    for i in range(WIDTH):
        m = nxt & (COLUMN << (7 * ORDER[i]))
        if m:
            k = popcount64(winning_cells(cur | m, mask | m))
            j = n
            while j > 0 and sc[j - 1] < k:
                mv[j] = mv[j - 1]
                sc[j] = sc[j - 1]
                j -= 1
            mv[j] = m
            sc[j] = k
            n += 1

    alpha0 = alpha
    for i in range(n):
        score = -negamax(s, cur ^ mask, mask | mv[i], moves + 1, -beta, -alpha)
        if score >= beta:                       # cut: the score is at least this
            if moves < TABLE_MOVES:
                tt_store(slot, key, score, LOWER)
            return score
        if score > alpha:
            alpha = score
    if moves < TABLE_MOVES:
        tt_store(slot, key, alpha, EXACT if alpha > alpha0 else UPPER)
    return alpha


cdef inline int half(int x) noexcept nogil:
    """x / 2 rounded towards zero."""
    return -((-x) // 2) if x < 0 else x // 2


cdef int solve_c(Search* s, u64 cur, u64 mask, int moves, bint weak) noexcept nogil:
    """Exact (or, if ``weak``, sign-only) score of a non-terminal position for the mover."""
    cdef int lo, hi, med, r
    s.nodes = 0
    if winning_cells(cur, mask) & playable(mask):       # win with the next stone
        return 1 if weak else (CELLS + 1 - moves) // 2
    lo = -((CELLS - moves) // 2)
    hi = (CELLS + 1 - moves) // 2
    if weak:
        lo = -1
        hi = 1
    s.lo = lo
    s.hi = hi
    while lo < hi:
        # null-window probe; biased towards 0 (small |scores| are the common case)
        med = lo + (hi - lo) // 2
        if med <= 0 and half(lo) < med:
            med = half(lo)
        elif med >= 0 and half(hi) > med:
            med = half(hi)
        r = negamax(s, cur, mask, moves, med, med + 1)
        if r <= med:
            hi = r
        else:
            lo = r
        s.lo = lo
        s.hi = hi
    if weak:
        return (lo > 0) - (lo < 0)
    return lo


cdef Connect4 _checked(state):
    if not isinstance(state, Connect4):
        raise TypeError(f"expected a Connect4 state, not {type(state).__name__}")
    cdef Connect4 c = <Connect4>state
    if c.winner >= 0:
        raise ValueError(
            f"the game is already over (player {c.winner} has four in a row): nothing to solve"
        )
    if c.moves == CELLS:
        raise ValueError("the game is already over (the board is full, a draw): nothing to solve")
    return c


cdef class Solver:
    """Exact Connect-4 solver whose transposition table persists across calls.

    ``Solver(table_bits=24)`` allocates ``2**table_bits`` entries of 8 bytes (128 MiB for 24),
    of which a search uses only as many as its size calls for (see ``used_bits``).
    """

    cdef Search s
    cdef readonly int table_bits

    def __cinit__(self, table_bits=24):
        cdef void* p = NULL
        cdef size_t size
        self.s.table = NULL
        cdef int bits = check_bits(table_bits, "table_bits", MIN_BITS, MAX_BITS)
        size = ((<size_t>1) << bits) * sizeof(u64)
        # 2 MiB-aligned and advised as huge pages: the probes are random, so 4 KiB pages would
        # add a TLB miss to almost every one of them
        if posix_memalign(&p, HUGE_PAGE, size) != 0:
            raise MemoryError(f"cannot allocate a table of 2**{bits} entries")
        madvise(p, size, MADV_HUGEPAGE)
        memset(p, 0, size)
        self.s.table = <u64*>p
        self.table_bits = bits
        self.s.bits = bits
        use_bits(&self.s, min(START_BITS, bits))
        self.s.since_reset = 0
        self.s.nodes = 0
        self.s.lo = 0
        self.s.hi = 0

    def __dealloc__(self):
        free(self.s.table)

    cdef void _reset(self) noexcept:
        memset(self.s.table, 0, ((<size_t>1) << self.s.used_bits) * sizeof(u64))
        use_bits(&self.s, min(START_BITS, self.s.bits))
        self.s.since_reset = 0

    @property
    def used_bits(self):
        """The slots of the table in use now: ``2**used_bits`` (12 after a reset, one more
        each time the nodes searched since the reset reach that number, up to table_bits)."""
        return self.s.used_bits

    @property
    def progress(self):
        """``(nodes, low, high)`` of the solve running now (read from another thread: the
        search releases the GIL): negamax calls so far and the bounds proven on the score."""
        return self.s.nodes, self.s.lo, self.s.hi

    def reset(self):
        """Forget every stored position (clears the slots used since the last reset)."""
        self._reset()

    def solve(self, state, weak=False):
        """Solve ``state`` (a non-terminal :class:`Connect4`): a :class:`SolveResult`.

        The score is for the player to move; ``weak=True`` only finds its sign. The state is
        not modified. Raises TypeError for a non-Connect4, ValueError if the game is over.
        """
        return self._solve(_checked(state), weak)

    cdef _solve(self, Connect4 c, weak):
        cdef u64 cur = c.boards[c.moves & 1]
        cdef u64 mask = c.mask
        cdef int moves = c.moves, score
        cdef bint w = bool(weak)
        cdef double t0 = now()
        with nogil:
            score = solve_c(&self.s, cur, mask, moves, w)
        return SolveResult(score, self.s.nodes, now() - t0)

    def analyze(self, state):
        """Score of each of the 7 columns for the player to move (None for a full column).

        A column that wins at once scores ``(44 - n) // 2``, with ``n`` the stones after it;
        any other scores minus the solved value of the position it leads to.
        """
        cdef Connect4 c = _checked(state)
        cdef u64 cur = c.boards[c.moves & 1]
        cdef u64 mask = c.mask
        cdef u64 wins = winning_cells(cur, mask)
        cdef u64 possible = playable(mask)
        cdef u64 m
        cdef int col, score, moves = c.moves
        scores = []
        for col in range(WIDTH):
            m = possible & (COLUMN << (7 * col))
            if not m:
                scores.append(None)
            elif m & wins:
                scores.append((CELLS + 1 - moves) // 2)
            elif moves + 1 == CELLS:
                scores.append(0)        # the last stone fills the board: a draw
            else:
                with nogil:
                    score = -solve_c(&self.s, cur ^ mask, mask | m, moves + 1, False)
                scores.append(score)
        return scores


cdef Solver _default = None


cdef Solver _default_solver():
    global _default
    if _default is None:
        _default = Solver()
    return _default


def solve(state, weak=False):
    """Solve ``state`` from scratch with the module's shared solver: a :class:`SolveResult`.

    The table is reset first, so the result (and node count) does not depend on earlier calls.
    """
    cdef Connect4 c = _checked(state)
    cdef Solver solver = _default_solver()
    solver._reset()
    return solver._solve(c, weak)


def analyze(state):
    """Score of each column for the player to move (None if full), with a fresh table."""
    _checked(state)
    cdef Solver solver = _default_solver()
    solver._reset()
    return solver.analyze(state)
