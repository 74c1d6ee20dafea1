# cython: language_level=3
from qsearch.games._game cimport Game

cdef enum:
    RV_PASS = 64          # OpenSpiel's othello pass action
    RV_MAX_PLIES = 160    # placements (<= 60) and passes (never two in a row while playing)

cdef class Reversi(Game):
    cdef unsigned long long boards[2]              # discs of player 0 (black), 1 (white)
    cdef int player                                # the player to move (0 or 1)
    cdef int ply                                   # moves made, passes included (index of flips)
    cdef unsigned long long flips[RV_MAX_PLIES]    # discs turned over by each move (0 for a pass)
    cdef bint from_start                           # False for a from_board position (repr)

    cdef unsigned long long _moves_of(self, int p) noexcept
