# cython: language_level=3
from qsearch.games._game cimport Game

cdef class TicTacToe(Game):
    cdef int boards[2]      # 9-bit masks of the cells of x (player 0) and o (player 1)
    cdef int moves          # marks on the board
    cdef int winner         # 0 or 1 once someone has three in a row, else -1
