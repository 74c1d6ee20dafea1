# cython: language_level=3
# The Connect-4 class and its C-level rules. The rules are inline functions here, not only
# methods, so that code specialised for Connect-4 (the search core's fast path) compiles them
# into its own loop; the class's C-level methods call the same functions.
from qsearch.games._game cimport TERMINAL, Game

cdef enum:
    C4_WIDTH = 7
    C4_HEIGHT = 6
    C4_CELLS = 42

cdef class Connect4(Game):
    cdef unsigned long long boards[2]   # stones of player 0 (x) and player 1 (o)
    cdef unsigned long long mask        # occupied cells (boards[0] | boards[1])
    cdef int heights[C4_WIDTH]          # stones in each column
    cdef int moves                      # stones on the board
    cdef int winner                     # 0 or 1 once someone has four in a row, else -1

    cdef void _reset(self) noexcept


cdef inline bint has_four(unsigned long long b) noexcept nogil:
    """True if bitboard ``b`` holds four aligned stones."""
    cdef unsigned long long m
    m = b & (b >> 7)                       # horizontal
    if m & (m >> 14):
        return True
    m = b & (b >> 6)                       # diagonal \
    if m & (m >> 12):
        return True
    m = b & (b >> 8)                       # diagonal /
    if m & (m >> 16):
        return True
    m = b & (b >> 1)                       # vertical
    if m & (m >> 2):
        return True
    return False


cdef inline int c4_legal_moves(Connect4 g, int* out) noexcept:
    """The columns that are not full, left to right (none once the game is over)."""
    cdef int c, n = 0
    if g.winner >= 0 or g.moves == C4_CELLS:
        return 0
    for c in range(C4_WIDTH):
        if g.heights[c] < C4_HEIGHT:
            out[n] = c
            n += 1
    return n


cdef inline void c4_make(Connect4 g, int move) noexcept:
    """Drop a stone of the player to move in column ``move`` (legal, game not over)."""
    cdef int p = g.moves & 1
    cdef unsigned long long bit = (<unsigned long long>1) << (7 * move + g.heights[move])
    g.boards[p] |= bit
    g.mask |= bit
    g.heights[move] += 1
    g.moves += 1
    if has_four(g.boards[p]):
        g.winner = p


cdef inline void c4_unmake(Connect4 g, int move) noexcept:
    """Take back the last stone, which was dropped in column ``move``."""
    g.moves -= 1
    g.heights[move] -= 1
    cdef unsigned long long bit = (<unsigned long long>1) << (7 * move + g.heights[move])
    g.boards[g.moves & 1] &= ~bit
    g.mask &= ~bit
    g.winner = -1    # moves are only made in non-terminal states


cdef inline double c4_utility(Connect4 g, int player) noexcept:
    """+1 if ``player`` has four in a row, -1 if the other one has, else 0."""
    if g.winner < 0:
        return 0.0
    return 1.0 if g.winner == player else -1.0


cdef inline int c4_to_move(Connect4 g) noexcept:
    """0 or 1, or TERMINAL once someone has four in a row or the board is full."""
    if g.winner >= 0 or g.moves == C4_CELLS:
        return TERMINAL
    return g.moves & 1


cdef inline unsigned long long c4_key(Connect4 g) noexcept:
    # Unique per position: the mover's stones plus the occupancy mask (the mask's lowest
    # empty bit per column marks the column heights, so no two positions collide).
    return g.boards[g.moves & 1] + g.mask
