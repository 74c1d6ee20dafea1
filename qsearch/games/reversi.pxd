# cython: language_level=3
# The Reversi class and its C-level rules. The rules are inline functions here, not only
# methods, so that code specialised for Reversi (the search core's fast path) compiles them
# into its own loop; the class's C-level methods call the same functions.
from qsearch.core.bits cimport ctz64, popcount64, splitmix_finalise
from qsearch.games._game cimport TERMINAL, Game

cdef enum:
    RV_PASS = 64          # OpenSpiel's othello pass action
    RV_MAX_PLIES = 160    # placements (<= 60) and passes (never two in a row while playing)

cdef extern from *:
    """
    #define QS_RV_INNER 0x7e7e7e7e7e7e7e7eULL
    """
    const unsigned long long INNER "QS_RV_INNER"   # columns b to g: no sideways wrap-around

cdef class Reversi(Game):
    cdef unsigned long long boards[2]              # discs of player 0 (black), 1 (white)
    cdef int player                                # the player to move (0 or 1)
    cdef int ply                                   # moves made, passes included (index of flips)
    cdef unsigned long long flips[RV_MAX_PLIES]    # discs turned over by each move (0 for a pass)
    cdef bint from_start                           # False for a from_board position (repr)
    # The mover's placements, computed once per position (a node asks for them twice: is the
    # game over, then which moves): valid while ``own_moves_known``, which make/unmake clear.
    cdef unsigned long long own_moves
    cdef bint own_moves_known

    cdef unsigned long long _moves_of(self, int p) noexcept


cdef inline unsigned long long run_up(unsigned long long seeds, unsigned long long opp,
                                      int s) noexcept nogil:
    """The ``opp`` discs in an unbroken run that starts next to a disc of ``seeds``, going the
    way of a left shift by ``s``.

    The run grows by doubling: one disc, two, then twice by the ``pairs`` (two ``opp`` discs
    in a row), up to the six a line can hold. When ``s`` moves sideways (1, 7, 9), ``opp``
    must exclude the edge columns, so that no run wraps from one row to the next."""
    cdef unsigned long long run = opp & (seeds << s)
    cdef unsigned long long pairs = opp & (opp << s)
    run |= opp & (run << s)
    run |= pairs & (run << (2 * s))
    run |= pairs & (run << (2 * s))
    return run


cdef inline unsigned long long run_down(unsigned long long seeds, unsigned long long opp,
                                        int s) noexcept nogil:
    """:func:`run_up` the way of a right shift by ``s``."""
    cdef unsigned long long run = opp & (seeds >> s)
    cdef unsigned long long pairs = opp & (opp >> s)
    run |= opp & (run >> s)
    run |= pairs & (run >> (2 * s))
    run |= pairs & (run >> (2 * s))
    return run


cdef inline unsigned long long moves_mask(unsigned long long own,
                                          unsigned long long opp) noexcept nogil:
    """The empty cells where the owner of ``own`` may place a disc: the cell just past a run
    of opponent discs next to one of his, in each of the eight directions (east/west 1,
    south/north 8, the diagonals 7 and 9), unrolled."""
    cdef unsigned long long inner = opp & INNER
    cdef unsigned long long moves = (
        (run_up(own, inner, 1) << 1) | (run_down(own, inner, 1) >> 1)
        | (run_up(own, opp, 8) << 8) | (run_down(own, opp, 8) >> 8)
        | (run_up(own, inner, 7) << 7) | (run_down(own, inner, 7) >> 7)
        | (run_up(own, inner, 9) << 9) | (run_down(own, inner, 9) >> 9))
    return moves & ~(own | opp)


cdef inline unsigned long long flips_of(unsigned long long own, unsigned long long opp,
                                        int sq) noexcept nogil:
    """The opponent discs turned over by placing at ``sq``: in each direction, the run of
    ``opp`` discs next to ``sq``, kept when a disc of ``own`` closes it."""
    cdef unsigned long long bit = 1ULL << sq, run, total = 0
    cdef unsigned long long inner = opp & INNER
    run = run_up(bit, inner, 1)
    total |= run if (run << 1) & own else 0
    run = run_down(bit, inner, 1)
    total |= run if (run >> 1) & own else 0
    run = run_up(bit, opp, 8)
    total |= run if (run << 8) & own else 0
    run = run_down(bit, opp, 8)
    total |= run if (run >> 8) & own else 0
    run = run_up(bit, inner, 7)
    total |= run if (run << 7) & own else 0
    run = run_down(bit, inner, 7)
    total |= run if (run >> 7) & own else 0
    run = run_up(bit, inner, 9)
    total |= run if (run << 9) & own else 0
    run = run_down(bit, inner, 9)
    total |= run if (run >> 9) & own else 0
    return total


cdef inline unsigned long long rv_own_moves(Reversi g) noexcept:
    """The placements of the player to move (a mask), computed once per position."""
    if not g.own_moves_known:
        g.own_moves = moves_mask(g.boards[g.player], g.boards[1 - g.player])
        g.own_moves_known = True
    return g.own_moves


cdef inline bint rv_terminal(Reversi g) noexcept:
    """Neither player can place a disc."""
    return rv_own_moves(g) == 0 and moves_mask(g.boards[1 - g.player], g.boards[g.player]) == 0


cdef inline int rv_legal_moves(Reversi g, int* out) noexcept:
    """The placements in ascending cell order, or the pass alone, or none once it is over."""
    cdef unsigned long long m = rv_own_moves(g)
    cdef int n = 0
    if m == 0:
        if moves_mask(g.boards[1 - g.player], g.boards[g.player]) == 0:
            return 0                        # neither can place: the game is over
        out[0] = RV_PASS
        return 1
    while m:
        out[n] = ctz64(m)         # ascending cell numbers, as OpenSpiel
        m &= m - 1
        n += 1
    return n


cdef inline void rv_make(Reversi g, int move) noexcept:
    """Place a disc of the player to move at ``move`` (or pass), storing the discs turned."""
    cdef int p = g.player
    cdef unsigned long long f = 0
    if move != RV_PASS:
        f = flips_of(g.boards[p], g.boards[1 - p], move)
        g.boards[p] |= f | (1ULL << move)
        g.boards[1 - p] &= ~f
    g.flips[g.ply] = f
    g.ply += 1
    g.player = 1 - p
    g.own_moves_known = False


cdef inline void rv_unmake(Reversi g, int move) noexcept:
    """Take back the last move, ``move``, turning its discs back."""
    g.ply -= 1
    g.player = 1 - g.player
    cdef int p = g.player
    cdef unsigned long long f = g.flips[g.ply]
    if move != RV_PASS:
        g.boards[p] &= ~(f | (1ULL << move))
        g.boards[1 - p] |= f
    g.own_moves_known = False


cdef inline double rv_utility(Reversi g, int player) noexcept:
    """+1 / -1 / 0 for ``player`` once the game is over (more discs wins), else 0."""
    cdef int mine = popcount64(g.boards[player])
    cdef int theirs = popcount64(g.boards[1 - player])
    if not rv_terminal(g) or mine == theirs:
        return 0.0
    return 1.0 if mine > theirs else -1.0


cdef inline int rv_to_move(Reversi g) noexcept:
    """0 or 1 (a player without a placement still moves: he passes), or TERMINAL."""
    if rv_terminal(g):
        return TERMINAL
    return g.player


cdef inline unsigned long long rv_key(Reversi g) noexcept:
    # 128 bits of discs do not fit in 64: mix them (SplitMix64's finaliser), so distinct
    # positions collide with probability about 2**-64 (the table stores keys, not proofs).
    cdef unsigned long long z = g.boards[0] * 0x9E3779B97F4A7C15ULL
    z ^= g.boards[1] + 0xD1B54A32D192ED03ULL + (z << 6) + (z >> 2)
    z ^= <unsigned long long>g.player
    return splitmix_finalise(z)
