# cython: language_level=3
from qsearch.games._game cimport Game

cdef enum:
    Q_SQUARES = 16
    Q_PIECES = 16


cdef class QuartoBoard(Game):
    cdef signed char board[Q_SQUARES]  # piece on each square (column-major), -1 if empty
    cdef unsigned int occupied         # bit s: square s holds a piece
    cdef unsigned int used             # bit p: piece p is no longer available
    cdef unsigned long long planes     # bit 16*k + s: the piece on s has attribute k's 2nd value
    cdef int placed                    # pieces on the board
    cdef int actions                   # actions made (placements, and gifts in Quarto)
    cdef int in_hand                   # Quarto: the piece the mover must place, else -1
    cdef int winner                    # 0 or 1 once a line is completed, else -1
    cdef unsigned long long zkey       # Zobrist key of the pieces on their squares

    cdef void _reset(self) noexcept
    cdef bint place(self, int square, int piece) noexcept
    cdef int unplace(self, int square) noexcept
    cdef void _copy_into(self, QuartoBoard c) noexcept


cdef class OwnPieceQuarto(QuartoBoard):
    pass


cdef class Quarto(QuartoBoard):
    pass
