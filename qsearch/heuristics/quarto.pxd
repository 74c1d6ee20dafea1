# cython: language_level=3
from qsearch.heuristics._heuristic cimport Heuristic

cdef void live_lines(unsigned int occupied, unsigned int used, unsigned long long planes,
                     int* twos, int* threes) noexcept nogil


cdef class LineCredit(Heuristic):
    cdef readonly double two      # credit of a live line of two pieces
    cdef readonly double three    # credit of a live line of three pieces
