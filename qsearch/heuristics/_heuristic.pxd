# cython: language_level=3
from qsearch.games._game cimport Game

cdef class Heuristic:
    cpdef double evaluate(self, Game state, int player) except? -1.5e308

cdef class FunctionHeuristic(Heuristic):
    cdef object function        # the wrapped Python callable (state, player) -> float
