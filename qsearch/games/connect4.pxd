# cython: language_level=3
from qsearch.games._game cimport Game

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
