# cython: language_level=3, boundscheck=False, wraparound=False
"""Connect-4 heuristics, compiled (their readable twins are in qsearch.reference.heuristics).

``evaluation_table``: document 001's first heuristic. Each cell is worth the number of
four-in-a-row lines through it; a player's score is 138 plus the worth of his stones minus
the worth of his opponent's (276 = 2 x 138 is the worth of the whole board).
"""
from qsearch.games._game cimport Game
from qsearch.games.connect4 cimport Connect4
from qsearch.heuristics._heuristic cimport Heuristic

# Rows from the bottom; the table is symmetric, so the orientation does not matter.
EVALUATION_TABLE = (
    (3, 4, 5, 7, 5, 4, 3),
    (4, 6, 8, 10, 8, 6, 4),
    (5, 8, 11, 13, 11, 8, 5),
    (5, 8, 11, 13, 11, 8, 5),
    (4, 6, 8, 10, 8, 6, 4),
    (3, 4, 5, 7, 5, 4, 3),
)

cdef int WEIGHT[49]          # worth of each bit of the bitboard layout (0 on guard bits)
for _r in range(6):
    for _c in range(7):
        WEIGHT[7 * _c + _r] = EVALUATION_TABLE[_r][_c]


cdef inline int table_sum(unsigned long long b) noexcept nogil:
    cdef int total = 0
    while b:
        total += WEIGHT[__builtin_ctzll(b)]
        b &= b - 1
    return total


cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil


cdef class EvaluationTable(Heuristic):
    """Document 001's evaluation table: ``138 + own cells' worth - opponent's``."""

    cpdef double evaluate(self, Game state, int player) except? -1.5e308:
        if not isinstance(state, Connect4):
            raise TypeError(f"evaluation_table scores Connect4 states, not {type(state).__name__}")
        cdef Connect4 s = <Connect4>state
        return 138 + table_sum(s.boards[player]) - table_sum(s.boards[1 - player])


evaluation_table = EvaluationTable()
